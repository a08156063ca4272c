"""HLO text -> ir.Module: Lark's LALR parser over grammars/hlo.lark, fed by our contextual lexer,
with an inline transformer that builds the IR as rules reduce (no parse tree).

    parse_module(text, filename)          one module
    parse_modules(text, filename)         a `// -----` separated file (XLA's --split-input-file)
    parse_file(path)                      read a file (or '-' for stdin) and parse one module
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from importlib import resources

from lark import Lark, Token
from lark.exceptions import UnexpectedInput, UnexpectedToken, VisitError
from lark.parsers.lalr_parser_state import ParseConf, ParserState

from ..errors import HlocError, ParseError, SourceLoc
from ..ir.module import Module, Source
from .builder import HloBuilder
from .lexer import TOKEN_DESCRIPTIONS, HloLexer, tokenize

__all__ = ["parse_module", "parse_modules", "parse_file", "read_source", "split_modules"]


def _grammar_text() -> str:
    return resources.files("hloc.grammars").joinpath("hlo.lark").read_text()


@lru_cache(maxsize=1)
def _parser() -> Lark:
    return Lark(_grammar_text(), parser="lalr", lexer=HloLexer, start=["start", "inline_body"],
                maybe_placeholders=False)


def _parse_with(text: str, filename: str, builder: HloBuilder, start: str = "start"):
    """Drive Lark's LALR state machine with our tokens; `builder` is the inline transformer.

    Lark builds its rule callbacks once per transformer; the transformer here is per parse (it holds
    the module being built), so the callbacks are made for it and fed to a fresh parser state.
    """
    parser = _parser()
    callbacks = parser._parse_tree_builder.create_callback(builder)
    conf = ParseConf(parser.parser.parser.parser.parse_table, callbacks, start)
    state = ParserState(conf, None)
    try:
        for tok in tokenize(text, filename):
            state.feed_token(tok)
        return state.feed_token(Token("$END", "", len(text)), True)
    except UnexpectedToken as e:
        raise _syntax_error(e, text, filename) from None
    except VisitError as e:
        if isinstance(e.orig_exc, HlocError):
            raise e.orig_exc from None
        raise


def _syntax_error(e: UnexpectedToken, text: str, filename: str) -> ParseError:
    tok = e.token
    pos = tok.start_pos if tok.start_pos is not None else len(text)
    expected = sorted({TOKEN_DESCRIPTIONS.get(t, t) for t in e.expected if not t.startswith("__")})
    if tok.type == "$END":
        found = "end of input"
    else:
        shown = str(tok) if len(str(tok)) <= 40 else str(tok)[:37] + "..."
        found = f"{TOKEN_DESCRIPTIONS.get(tok.type, tok.type)} '{shown}'"
    if len(expected) > 6:
        msg = f"unexpected {found}"
    else:
        msg = f"expected {' or '.join(expected)}, found {found}"
    return ParseError(msg, SourceLoc.from_offset(filename, text, pos))


def _parse_inline(text: str, offset: int, outer: HloBuilder):
    """Parse an inline `to_apply={ ... }` body as a new computation of the outer module."""
    from ..ir.module import Computation

    src_text = outer.src.text
    inner = HloBuilder(outer.src, parse_inline=_parse_inline)
    inner.hlo_module = outer.hlo_module
    inner.comps = outer.comps
    inner.names = outer.names  # XLA's parser names nested instructions module-wide
    comp = Computation(outer.hlo_module.unique_computation_name("_"))
    comp.src, comp.offset = outer.src, offset
    inner.comp = comp
    # Parse the braces as an instruction list; positions stay those of the whole file.
    padded = " " * offset + text
    sub_src = Source(outer.src.filename, padded)
    inner.src = sub_src
    inner.ctx.text = padded
    _parse_with(padded, outer.src.filename, inner, start="inline_body")
    inner.finish_computation(comp, None, offset)
    comp.parent = outer.hlo_module
    outer.hlo_module.computations.append(comp)
    outer.comps[comp.name] = comp
    for instr in comp.instructions:
        instr.src = outer.src
    del src_text
    return comp


def parse_module(text: str, filename: str = "<input>") -> Module:
    """Parse one HLO module; raise ParseError (with file:line:col) on malformed text."""
    if not text.strip():
        raise ParseError("empty input: expected an HLO module", SourceLoc(filename, 1, 1, text))
    src = Source(filename, text)
    builder = HloBuilder(src, parse_inline=_parse_inline)
    try:
        return _parse_with(text, filename, builder)
    except RecursionError:
        raise ParseError("input is nested too deeply", SourceLoc(filename, 1, 1, text)) from None
    except UnexpectedInput as e:  # pragma: no cover - every Lark error is converted above
        raise ParseError(str(e), SourceLoc(filename, 1, 1, text)) from None


_SPLIT = re.compile(r"^// -----.*$", re.M)


def split_modules(text: str) -> list[str]:
    """Split a `// -----` file into module texts, each padded with blank lines so that line
    numbers in errors stay those of the whole file."""
    out = []
    start = 0
    for m in list(_SPLIT.finditer(text)) + [None]:
        end = m.start() if m else len(text)
        chunk = text[start:end]
        if chunk.strip():
            out.append("\n" * text.count("\n", 0, start) + chunk)
        start = m.end() if m else len(text)
    return out


def parse_modules(text: str, filename: str = "<input>") -> list[Module]:
    return [parse_module(chunk, filename) for chunk in split_modules(text)]


def read_source(path: str) -> str:
    """Read HLO text from a path or '-' (stdin); unreadable, binary or non-UTF-8 input is a ParseError."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise HlocError(f"cannot read '{name}': {e.strerror}") from None
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as e:
        prefix = data[: e.start].decode("utf-8", "replace")
        raise ParseError(f"the file is not UTF-8 text (byte 0x{data[e.start]:02x})",
                         SourceLoc.from_offset(name, prefix, len(prefix))) from None
    nul = text.find("\x00")
    if nul >= 0:
        raise ParseError("the file contains NUL bytes: it is binary, not HLO text",
                         SourceLoc.from_offset(name, text[:nul], nul))
    return text


def parse_file(path: str) -> Module:
    return parse_module(read_source(path), "<stdin>" if path == "-" else path)
