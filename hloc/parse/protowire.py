"""Protocol buffers without the protobuf package: the binary wire format and the text format, decoded
against a small schema into dicts keyed by field name (repeated fields as lists, enums by name).

A schema maps a message name to {field number: Field}. Fields not in the schema are skipped, as
protobuf itself does with unknown fields, so the schema lists only what the reader needs.
"""

from __future__ import annotations

import re
import struct
from typing import NamedTuple

from ..errors import ParseError, SourceLoc

SCALARS = {"int64", "int32", "uint64", "uint32", "bool", "enum", "float", "double", "string", "bytes"}


class Field(NamedTuple):
    name: str
    type: str  # a scalar type above or a message name
    repeated: bool = False
    enum: dict[int, str] | None = None  # enum values -> names


class ProtoError(ParseError):
    """A malformed protocol buffer."""


def _error(where: str, message: str, text: str | None = None, offset: int = 0) -> ProtoError:
    if text is None:
        return ProtoError(f"{message} (at byte {offset})", SourceLoc(where, 1, 1))
    return ProtoError(message, SourceLoc.from_offset(where, text, offset))


# ------------------------------------------------------------------------------------------ binary
def _varint(data: bytes, pos: int, where: str) -> tuple[int, int]:
    result = shift = 0
    while True:
        if pos >= len(data):
            raise _error(where, "truncated varint", offset=pos)
        b = data[pos]
        pos += 1
        result |= (b & 0x7F) << shift
        if not b & 0x80:
            return result, pos
        shift += 7
        if shift >= 70:
            raise _error(where, "varint longer than 10 bytes", offset=pos)


def _signed(v: int, bits: int = 64) -> int:
    return v - (1 << bits) if v >= 1 << (bits - 1) else v


def _scalar_from_varint(v: int, f: Field):
    t = f.type
    if t == "int64":
        return _signed(v)
    if t == "int32":
        return _signed(v & 0xFFFFFFFFFFFFFFFF)
    if t == "bool":
        return v != 0
    if t == "enum":
        return f.enum.get(v, v) if f.enum else v
    return v


# The wire types each schema type may arrive in (2, length-delimited, also carries packed numbers):
# a field in another one is a malformed message, never a value of the wrong Python type.
_WIRE_TYPES = {"int64": {0, 1, 2}, "uint64": {0, 1, 2}, "int32": {0, 5, 2}, "uint32": {0, 5, 2},
               "bool": {0, 2}, "enum": {0, 2}, "float": {5, 2}, "double": {1, 2}, "string": {2}, "bytes": {2}}


def decode(data: bytes, schema: dict, message: str, where: str, start: int = 0, end: int | None = None) -> dict:
    fields = schema[message]
    out: dict = {}
    pos = start
    end = len(data) if end is None else end
    while pos < end:
        key, pos = _varint(data, pos, where)
        number, wire = key >> 3, key & 7
        f = fields.get(number)
        if f is not None and wire in (0, 1, 2, 5) and wire not in _WIRE_TYPES.get(f.type, {2}):
            raise _error(where, f"field {number} ({message}.{f.name}, {f.type}) has wire type {wire}: "
                                "a damaged protocol buffer?", offset=pos)
        if wire == 0:
            v, pos = _varint(data, pos, where)
            if f is not None:
                _put(out, f, _scalar_from_varint(v, f))
        elif wire == 1:
            if pos + 8 > end:
                raise _error(where, "truncated 64-bit field", offset=pos)
            if f is not None:
                raw = data[pos:pos + 8]
                _put(out, f, struct.unpack("<d", raw)[0] if f.type == "double" else
                     struct.unpack("<q" if f.type == "int64" else "<Q", raw)[0])
            pos += 8
        elif wire == 5:
            if pos + 4 > end:
                raise _error(where, "truncated 32-bit field", offset=pos)
            if f is not None:
                raw = data[pos:pos + 4]
                _put(out, f, struct.unpack("<f", raw)[0] if f.type == "float" else
                     struct.unpack("<i" if f.type == "int32" else "<I", raw)[0])
            pos += 4
        elif wire == 2:
            n, pos = _varint(data, pos, where)
            if pos + n > end:
                raise _error(where, "length-delimited field runs past the end of its message", offset=pos)
            if f is not None:
                if f.type in ("string", "bytes"):
                    raw = data[pos:pos + n]
                    _put(out, f, raw.decode("utf-8", "replace") if f.type == "string" else raw)
                elif f.type in SCALARS:  # packed repeated numbers
                    _unpack(data, pos, pos + n, f, out, where)
                else:
                    _put(out, f, decode(data, schema, f.type, where, pos, pos + n))
            pos += n
        else:
            raise _error(where, f"unsupported wire type {wire} (field {number}): not a protocol buffer?",
                         offset=pos)
    return out


def _unpack(data: bytes, pos: int, end: int, f: Field, out: dict, where: str) -> None:
    if f.type in ("float", "double"):
        width = 4 if f.type == "float" else 8
        if (end - pos) % width:
            raise _error(where, f"packed {f.type} field {f.name} holds {end - pos} bytes, not a multiple of "
                                f"{width}", offset=pos)
        vals = list(struct.unpack(f"<{(end - pos) // width}{'f' if width == 4 else 'd'}", data[pos:end]))
    else:
        vals = []
        while pos < end:
            v, pos = _varint(data, pos, where)
            vals.append(_scalar_from_varint(v, f))
    out.setdefault(f.name, []).extend(vals)


def _put(out: dict, f: Field, v) -> None:
    if f.repeated:
        out.setdefault(f.name, []).append(v)
    else:
        out[f.name] = v


# ------------------------------------------------------------------------------------------- text
_TOKEN = re.compile(r'\s+|#[^\n]*|(?P<str>"(?:[^"\\\n]|\\.)*"|\'(?:[^\'\\\n]|\\.)*\')|'
                    r"(?P<num>[-+]?(?:0[xX][0-9A-Fa-f]+|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][-+]?[0-9]+)?)[fF]?)|"
                    r"(?P<id>[-]?[A-Za-z_][A-Za-z0-9_.]*)|(?P<punct>[{}<>\[\]:;,])")
_ESCAPES = {"n": "\n", "t": "\t", "r": "\r", "\\": "\\", "'": "'", '"': '"', "a": "\a", "b": "\b", "f": "\f",
            "v": "\v", "?": "?"}


def _unescape_bytes(s: str) -> bytes:
    out = bytearray()
    i = 0
    raw = s.encode("utf-8")
    while i < len(raw):
        c = raw[i]
        if c != 0x5C:
            out.append(c)
            i += 1
            continue
        n = chr(raw[i + 1]) if i + 1 < len(raw) else ""
        m = re.match(rb"[0-7]{1,3}", raw[i + 1:i + 4]) if n else None
        h = re.match(rb"[0-9A-Fa-f]{1,2}", raw[i + 2:i + 4]) if n == "x" else None
        if m is not None:
            out.append(int(m.group(0), 8) & 0xFF)
            i += 1 + len(m.group(0))
        elif h is not None:
            out.append(int(h.group(0), 16))
            i += 2 + len(h.group(0))
        else:
            out.extend(_ESCAPES.get(n, n).encode())
            i += 2
    return bytes(out)


def decode_text(text: str, schema: dict, message: str, where: str) -> dict:
    toks = []
    pos = 0
    while pos < len(text):
        m = _TOKEN.match(text, pos)
        if m is None:
            raise _error(where, f"unexpected character {text[pos]!r} in text protocol buffer", text, pos)
        if m.lastgroup is not None:
            toks.append((m.lastgroup, m.group(m.lastgroup), pos))
        pos = m.end()
    toks.append(("end", "", len(text)))
    out, i = _text_message(toks, 0, schema, message, where, text, "end")
    return out


def _text_message(toks, i, schema, message, where, text, closer):
    fields = {f.name: f for f in schema[message].values()}
    out: dict = {}
    while True:
        kind, val, off = toks[i]
        if kind == "end" or (kind == "punct" and val in "}>"):
            if (closer == "end") != (kind == "end"):
                raise _error(where, f"unexpected {val or 'end of input'!r}", text, off)
            return out, i + 1
        if kind != "id" and not (kind == "num" and val.isdigit()):  # `16: 1`: protoc's unknown fields
            raise _error(where, f"expected a field name, found {val!r}", text, off)
        f = fields.get(val)
        i += 1
        if toks[i][1] == ":":
            i += 1
        kind2, val2, off2 = toks[i]
        if f is None:  # unknown field: skip its value
            i = _skip_value(toks, i, where, text)
        elif val2 == "[":
            i += 1
            while toks[i][1] != "]":
                v, i = _text_value(toks, i, schema, f, where, text)
                out.setdefault(f.name, []).append(v)
                if toks[i][1] == ",":
                    i += 1
            i += 1
        else:
            v, i = _text_value(toks, i, schema, f, where, text)
            _put(out, f, v)
        if toks[i][1] in (",", ";"):
            i += 1


def _text_value(toks, i, schema, f: Field, where, text):
    kind, val, off = toks[i]
    if f.type not in SCALARS:
        if val not in ("{", "<"):
            raise _error(where, f"expected '{{' to open {f.name}", text, off)
        return _text_message(toks, i + 1, schema, f.type, where, text, "}" if val == "{" else ">")
    if f.type in ("string", "bytes"):
        parts = []
        while toks[i][0] == "str":
            parts.append(_unescape_bytes(toks[i][1][1:-1]))
            i += 1
        if not parts:
            raise _error(where, f"expected a string for {f.name}", text, off)
        raw = b"".join(parts)
        return (raw.decode("utf-8", "replace") if f.type == "string" else raw), i
    if f.type == "bool":
        if val in ("true", "True", "1", "t"):
            return True, i + 1
        if val in ("false", "False", "0", "f"):
            return False, i + 1
        raise _error(where, f"expected true or false for {f.name}", text, off)
    if f.type == "enum":
        if kind == "id":
            return val, i + 1
        n = int(val, 0)
        return (f.enum.get(n, n) if f.enum else n), i + 1
    if kind == "id" and val.lstrip("-").lower() in ("inf", "infinity", "nan"):
        return float(val), i + 1
    if kind != "num":
        raise _error(where, f"expected a number for {f.name}", text, off)
    v = val.rstrip("fF") if not val.lower().startswith(("0x", "-0x")) else val
    if f.type in ("float", "double"):
        return float(v), i + 1
    return int(v, 0), i + 1


def _skip_value(toks, i, where, text):
    kind, val, off = toks[i]
    if val in ("{", "<"):
        depth = 0
        while True:
            v = toks[i][1]
            if toks[i][0] == "end":
                raise _error(where, "unbalanced braces", text, off)
            if v in ("{", "<"):
                depth += 1
            elif v in ("}", ">"):
                depth -= 1
                if depth == 0:
                    return i + 1
            i += 1
    if val == "[":
        while toks[i][1] != "]":
            i += 1
        return i + 1
    i += 1
    while toks[i][0] == "str":
        i += 1
    return i
