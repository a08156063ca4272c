"""Pipeline text (LLVM `opt -passes=` style) -> Pipeline objects, and back.

    pipeline := item? (SEP item?)*                SEP is ',' or a newline; empty items are skipped
    item     := NAME ('<' options '>')? ('(' pipeline ')')?
    options  := option? ((',' | ';' | newline) option?)*
    option   := KEY ('=' VALUE)?                  a bare KEY sets a boolean; `no-KEY` clears it

    call-inliner,fixpoint<name=simplification>(dce,cse),constant-folding<max-elements=1024>

NAME is a registered pass, a construct (`fixpoint(...)`, `pipeline<name=...>(...)`) or a named
level (`O1`, `O2`), which expands in place. `#` starts a comment (for `-p @file.txt`). Errors are
PassErrors pointing at the offending column of the text.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from pathlib import Path
from typing import TypeVar

from ..errors import PassError, SourceLoc, did_you_mean
from .base import Pass, get_pass_class, make_options, registered_passes
from .levels import LEVELS
from .pipeline import CompositePass, FixedPoint, Pipeline

CONSTRUCTS: dict[str, type[CompositePass]] = {"fixpoint": FixedPoint, "pipeline": Pipeline}

_TOKEN = re.compile(r"""
    (?P<ws>[ \t\r]+) | (?P<comment>\#[^\n]*) | (?P<nl>\n) |
    (?P<name>[A-Za-z_][A-Za-z0-9_.\-]*) | (?P<punct>[<>(),;=]) | (?P<value>[^\s<>(),;=\#]+)
""", re.X)


class _Tok:
    __slots__ = ("kind", "text", "pos")

    def __init__(self, kind: str, text: str, pos: int):
        self.kind, self.text, self.pos = kind, text, pos


def _tokenize(text: str, filename: str) -> list[_Tok]:
    out = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:  # pragma: no cover - the value alternative matches any other character
            raise PassError(f"unexpected character {text[pos]!r}", SourceLoc.from_offset(filename, text, pos))
        kind = m.lastgroup
        if kind == "nl":
            out.append(_Tok(",", "\n", pos))
        elif kind == "punct":
            out.append(_Tok(m.group(), m.group(), pos))
        elif kind in ("name", "value"):
            out.append(_Tok(kind, m.group(), pos))
        pos = m.end()
    out.append(_Tok("end", "", len(text)))
    return out


class _Parser:
    def __init__(self, text: str, filename: str):
        self.text = text
        self.filename = filename
        self.toks = _tokenize(text, filename)
        self.i = 0

    def error(self, msg: str, tok: _Tok | None = None) -> PassError:
        tok = tok or self.peek()
        return PassError(msg, SourceLoc.from_offset(self.filename, self.text, tok.pos))

    def peek(self) -> _Tok:
        return self.toks[self.i]

    def take(self) -> _Tok:
        tok = self.toks[self.i]
        self.i += 1
        return tok

    def describe(self, tok: _Tok) -> str:
        return "end of pipeline" if tok.kind == "end" else f"'{tok.text}'" if tok.text != "\n" else "end of line"

    def parse(self) -> list[Pass]:
        passes = self.sequence()
        tok = self.peek()
        if tok.kind != "end":
            raise self.error(f"unexpected {self.describe(tok)}" + (" (unbalanced parentheses)" if tok.kind == ")"
                                                                   else ""), tok)
        return passes

    def sequence(self) -> list[Pass]:
        passes: list[Pass] = []
        while True:
            tok = self.peek()
            if tok.kind == ",":
                self.take()
                continue
            if tok.kind in ("end", ")"):
                return passes
            passes.extend(self.item())
            tok = self.peek()
            if tok.kind not in (",", "end", ")"):
                raise self.error(f"expected ',' between passes, found {self.describe(tok)}", tok)

    def item(self) -> list[Pass]:
        tok = self.take()
        if tok.kind != "name":
            raise self.error(f"expected a pass name, found {self.describe(tok)}", tok)
        name = tok.text
        opt_items, opt_tok = [], None
        if self.peek().kind == "<":
            opt_tok = self.peek()
            opt_items = self.options()
        if name in LEVELS:
            if opt_items or self.peek().kind == "(":
                raise self.error(f"the named pipeline '{name}' takes no options or nested passes", tok)
            return parse_pipeline(LEVELS[name], f"<{name}>").passes
        construct = CONSTRUCTS.get(name)
        if construct is not None:
            options = self._options(name, construct.Options, opt_items, opt_tok or tok)
            if self.peek().kind != "(":
                raise self.error(f"'{name}' needs a nested pipeline: {name}(pass,pass,...)", self.peek())
            open_tok = self.take()
            inner = self.sequence()
            if self.peek().kind != ")":
                raise self.error(f"missing ')' to close the '(' of '{name}'", open_tok)
            self.take()
            return [construct(inner, options)]
        try:
            cls = get_pass_class(name)
        except PassError:
            names = list(registered_passes()) + list(CONSTRUCTS) + list(LEVELS)
            raise self.error(f"unknown pass '{name}'{did_you_mean(name, names)}", tok) from None
        options = self._options(name, cls.Options, opt_items, opt_tok or tok)
        if self.peek().kind == "(":
            raise self.error(f"pass '{name}' does not take a nested pipeline", self.peek())
        return [cls(options)]

    def _options(self, name, options_cls, items, tok):
        try:
            return make_options(name, options_cls, [(k.text, v) for k, v in items])
        except PassError as e:
            bad = next((k for k, _ in items if f"'{k.text}'" in e.message), tok)
            raise self.error(e.message, bad) from None

    def options(self) -> list[tuple[_Tok, str | None]]:
        open_tok = self.take()  # '<'
        items: list[tuple[_Tok, str | None]] = []
        while True:
            tok = self.take()
            if tok.kind in (",", ";"):
                continue
            if tok.kind == ">":
                return items
            if tok.kind == "end":
                raise self.error("missing '>' to close the option list", open_tok)
            if tok.kind != "name":
                raise self.error(f"expected an option name, found {self.describe(tok)}", tok)
            value = None
            if self.peek().kind == "=":
                self.take()
                vtok = self.take()
                if vtok.kind not in ("name", "value"):
                    raise self.error(f"expected a value after '{tok.text}=', found {self.describe(vtok)}", vtok)
                value = vtok.text
            items.append((tok, value))
            if self.peek().kind == "end":
                raise self.error("missing '>' to close the option list", open_tok)
            if self.peek().kind not in (",", ";", ">"):
                raise self.error(f"expected ',' or '>' after option '{tok.text}', found "
                                 f"{self.describe(self.peek())}", self.peek())


def parse_pipeline(text: str, filename: str = "<pipeline>", name: str = "custom") -> Pipeline:
    """Parse pipeline text into a top-level Pipeline labelled `name`.

    A text that is a single `pipeline<name=...>(...)` becomes that pipeline itself.
    """
    passes = _Parser(text, filename).parse()
    if len(passes) == 1 and isinstance(passes[0], Pipeline):
        return passes[0]
    return Pipeline(passes, Pipeline.Options(name=name))


def resolve_pipeline(spec: str | Pipeline) -> Pipeline:
    """A level (`O2`, `-O2`), `@file` with pipeline text, or pipeline text -> Pipeline."""
    if isinstance(spec, Pipeline):
        return spec
    level = spec.lstrip("-") if spec.startswith("-O") else spec
    if level in LEVELS:
        # Parsed once (~1 ms, every compile runs a level), then fresh pass objects each time: a
        # pass may keep what it looked at on itself until its next run.
        parsed = _LEVEL_PIPELINES.get(level)
        if parsed is None:
            parsed = _LEVEL_PIPELINES[level] = parse_pipeline(LEVELS[level], f"<{level}>", name=level)
        return _fresh(parsed)
    if spec.startswith("@"):
        path = spec[1:]
        try:
            text = Path(path).read_text()
        except (OSError, UnicodeDecodeError) as e:
            raise PassError(f"cannot read pipeline file '{path}': {getattr(e, 'strerror', None) or e}") from None
        return parse_pipeline(text, path, name=Path(path).stem)
    return parse_pipeline(spec)


_LEVEL_PIPELINES: dict[str, Pipeline] = {}
_P = TypeVar("_P", bound=Pass)


def _fresh(p: _P) -> _P:
    """A copy of the pass tree `p` made of new pass objects (the options, immutable, shared)."""
    if isinstance(p, CompositePass):
        return type(p)([_fresh(q) for q in p.passes], p.options)
    return type(p)(p.options)


def pipeline_text(spec: str | Pipeline) -> str:
    """The pipeline text `spec` expands to (levels and files resolved; defaults omitted)."""
    return resolve_pipeline(spec).to_text(top=True)


def pipeline_without(spec: str, names: Iterable[str]) -> str:
    """The text of pipeline `spec` (text, a level or @file) with every pass called one of `names`
    removed, at any depth (`--disable-passes a,b`, like XLA's --xla_disable_hlo_passes). Unknown
    names are PassErrors."""
    names = {n.strip() for n in names if n.strip()}
    pipeline = resolve_pipeline(spec)
    known = set(registered_passes())
    for n in sorted(names):
        if n not in known:
            raise PassError(f"--disable-passes: unknown pass '{n}'{did_you_mean(n, known)}")

    def strip(composite) -> None:
        composite.passes = [p for p in composite.passes if p.name not in names and p.label not in names]
        for p in composite.passes:
            if isinstance(p, CompositePass):
                strip(p)

    strip(pipeline)
    return pipeline.to_text(top=True)
