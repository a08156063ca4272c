"""HLO text -> ir.Module: the LALR tables Lark makes from grammars/hlo.lark, driven by engine.py over
the tokens of our contextual lexer (lexer.py); builder.py makes the IR as rules reduce (no parse tree).
StableHLO / MHLO text (recognized by its content) goes through mlir/ instead.

    parse_module(text, filename)          one module
    parse_modules(text, filename)         a `// -----` separated file (XLA's --split-input-file)
    parse_file(path)                      read a file (or '-' for stdin) and parse one module
"""

from __future__ import annotations

import gc
import re
import sys

from ..errors import HlocError, ParseError, SourceLoc
from ..ir.module import Computation, Module, Source
from .builder import HloBuilder
from .engine import tables
from .lexer import is_blank, tokenize
from .mlir import looks_like_mlir, parse_mlir

__all__ = ["parse_module", "parse_modules", "parse_file", "read_source", "split_modules"]


def _parse_inline(outer: HloBuilder, start: int, end: int) -> Computation:
    """Parse an inline `to_apply={ ... }` body (text[start:end]) as a new computation of the module."""
    src = outer.src
    inner = HloBuilder(src, parse_inline=_parse_inline)
    inner.hlo_module = outer.hlo_module
    inner.comps = outer.comps
    inner.names = outer.names  # XLA's parser names nested instructions module-wide
    comp = Computation(outer.hlo_module.unique_computation_name("_"))
    comp.src, comp.offset = src, start
    inner.comp = comp
    tables().parse(tokenize(src.text, src.filename, start, end), inner, "inline_body", src.filename, src.text)
    inner.finish_computation(comp, None, start)
    comp.parent = outer.hlo_module
    outer.hlo_module.computations.append(comp)
    outer.comps[comp.name] = comp
    return comp


def parse_module(text: str, filename: str = "<input>") -> Module:
    """Parse one HLO module, or StableHLO / MHLO text (recognized by its content: mlir/);
    raise ParseError (with file:line:col) on malformed text."""
    if looks_like_mlir(text):
        return parse_mlir(text, filename)
    if is_blank(text):
        raise ParseError("empty input: expected an HLO module ('HloModule name' or 'ENTRY name {')",
                         SourceLoc.from_offset(filename, text, len(text)))
    src = Source(filename, text)
    builder = HloBuilder(src, parse_inline=_parse_inline)
    # A parse allocates ~10 objects per instruction and frees none of them, so the cyclic garbage
    # collector's full passes find nothing to free and cost 15-20% of the time: pause it.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return tables().parse(tokenize(text, filename), builder, "start", filename, text)
    except RecursionError:
        raise ParseError("input is nested too deeply", SourceLoc(filename, 1, 1, text)) from None
    finally:
        if gc_was_enabled:
            gc.enable()


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


_TEXT_PROTO_START = re.compile(rb"\s*(hlo_module|name|entry_computation_name|computations)\s*[:{]")


def _proto_format(path: str, data: bytes) -> str | None:
    """'binary' or 'text' for an HloModuleProto / HloProto (run_hlo_module's --input_format=pb|pbtxt):
    by extension, else binary data that starts like one (a length-delimited field 1)."""
    low = path.lower()
    if low.endswith((".pbtxt", ".textproto", ".txtpb")):
        return "text"
    if low.endswith(".pb"):
        return "binary"
    if data[:1] == b"\x0a" and (b"\x00" in data[:4096] or not _is_utf8(data[:4096])):
        return "binary"
    if not low.endswith((".hlo", ".txt", ".mlir")) and _TEXT_PROTO_START.match(data[:200]):
        return "text"
    return None


def _is_utf8(data: bytes) -> bool:
    try:
        data.decode("utf-8")
    except UnicodeDecodeError as e:
        return e.start > len(data) - 4  # a character cut at the end of the sample
    return True


def read_source(path: str) -> str:
    """Read module text from a path or '-' (stdin): HLO or StableHLO text, or an HloModuleProto (.pb,
    .pbtxt) as HLO text; unreadable, binary or non-UTF-8 input is a ParseError."""
    name = "<stdin>" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read()
        else:
            with open(path, "rb") as f:
                data = f.read()
    except OSError as e:
        raise HlocError(f"cannot read '{name}': {e.strerror}") from None
    proto_format = _proto_format(path, data)
    if proto_format is not None:
        from .hlo_proto import hlo_text_from_proto

        return hlo_text_from_proto(data, name, proto_format == "text")
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
