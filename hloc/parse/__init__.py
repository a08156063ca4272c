"""HLO text -> ir.Module: the LALR tables Lark makes from grammars/hlo.lark, driven by engine.py over
the tokens of our contextual lexer (lexer.py); builder.py makes the IR as rules reduce (no parse tree).
StableHLO / MHLO text (recognized by its content) goes through mlir/ instead.

    parse_module(text, filename)          one module
    parse_modules(text, filename)         a `// -----` separated file (XLA's --split-input-file)
    parse_file(path)                      read a file (or '-' for stdin) and parse one module
"""

from __future__ import annotations

import re
import sys

from ..errors import HlocError, ParseError, SourceLoc
from ..ir.module import Module
from .hlo_text import parse_hlo_text
from .mlir import looks_like_mlir, parse_mlir

__all__ = ["decode_source", "parse_module", "parse_modules", "parse_file", "read_source", "split_modules"]


def parse_module(text: str, filename: str = "<input>") -> Module:
    """Parse one HLO module, or StableHLO / MHLO text (recognized by its content: mlir/);
    raise ParseError (with file:line:col) on malformed text."""
    if looks_like_mlir(text):
        return parse_mlir(text, filename)
    return parse_hlo_text(text, filename)


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
    return decode_source(data, name, path)


def decode_source(data: bytes, name: str, path: str = "") -> str:
    """Module text from the bytes of a file (`path` for its extension, `name` for errors): as read_source."""
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
