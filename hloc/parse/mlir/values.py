"""MLIR types and attribute values -> HLO shapes and Python values.

Types: `tensor<2x?xf32>`, bounded `tensor<?xf32, #stablehlo.bounds<8>>`, `tuple<...>`,
`!stablehlo.token`, `complex<f32>`. Attributes: numbers (`1 : i64`), strings, `true`, enums,
`array<i64: 1, 2>`, `dense<...>` (splat, nested lists, hex, complex), `[...]`, `{...}`, `@sym` and
`#stablehlo.*<...>` (gather/scatter/dot/conv dimension numbers, comparison directions, precisions).
"""

from __future__ import annotations

import math
import re

import numpy as np

from ...errors import ParseError, SourceLoc
from ...ir.types import ELEMENT_TYPES, Shape
from ..values import MAX_CONSTANT_ELEMENTS, parse_array_shape
from .syntax import Group, Token, split_top

_SCALARS = {
    "i1": "pred", "i2": "s2", "i4": "s4", "i8": "s8", "i16": "s16", "i32": "s32", "i64": "s64",
    "si2": "s2", "si4": "s4", "si8": "s8", "si16": "s16", "si32": "s32", "si64": "s64",
    "ui2": "u2", "ui4": "u4", "ui8": "u8", "ui16": "u16", "ui32": "u32", "ui64": "u64",
    "f16": "f16", "bf16": "bf16", "f32": "f32", "f64": "f64", "index": "s64",
    "f8E5M2": "f8e5m2", "f8E4M3": "f8e4m3", "f8E4M3FN": "f8e4m3fn", "f8E4M3B11FNUZ": "f8e4m3b11fnuz",
    "f8E3M4": "f8e3m4", "f8E5M2FNUZ": "f8e5m2fnuz", "f8E4M3FNUZ": "f8e4m3fnuz", "f8E8M0FNU": "f8e8m0fnu",
    "f4E2M1FN": "f4e2m1fn", "f6E2M3FN": "f6e2m3fn", "f6E3M2FN": "f6e3m2fn",
    "complex<f32>": "c64", "complex<f64>": "c128",
}


class Ctx:
    """Where errors point: the original (location-bearing) text."""

    def __init__(self, filename: str, text: str):
        self.filename = filename
        self.text = text

    def error(self, offset: int, message: str) -> ParseError:
        return ParseError(message, SourceLoc.from_offset(self.filename, self.text, offset))


def element_type(name: str, offset: int, ctx: Ctx) -> str:
    et = _SCALARS.get(name)
    if et is None or et not in ELEMENT_TYPES:
        raise ctx.error(offset, f"unsupported element type '{name}'")
    return et


def _split_commas(text: str) -> list[str]:
    parts, depth, start = [], 0, 0
    for i, c in enumerate(text):
        if c == "<":
            depth += 1
        elif c == ">" and text[i - 1] != "-":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
    parts.append(text[start:])
    return [p.strip() for p in parts if p.strip()]


_TYPES: dict[str, Shape] = {}  # type text -> its shape (Shapes are immutable values)


def parse_type(text: str, offset: int, ctx: Ctx) -> Shape:
    shape = _TYPES.get(text)
    if shape is None:
        shape = _parse_type(text.strip(), offset, ctx)
        if len(_TYPES) > 8192:
            _TYPES.clear()
        _TYPES[text] = shape
    return shape


def _parse_type(text: str, offset: int, ctx: Ctx) -> Shape:
    if text.startswith("tensor<"):
        body = text[len("tensor<"):-1]
        encoding = None
        parts = _split_commas(body)
        if len(parts) > 1:
            body, encoding = parts[0], parts[1]
        m = re.fullmatch(r"((?:(?:\?|[0-9]+)x)*)(.+)", body)
        if m is None:
            raise ctx.error(offset, f"expected a tensor type, found '{text}'")
        dims_text, etype_text = m.group(1), m.group(2)
        dims = [d for d in dims_text.split("x") if d]
        if etype_text.startswith("!quant."):
            raise ctx.error(offset, f"quantized tensors are not supported ('{etype_text}'): hloc reads float "
                                    "and integer tensors; export the model before quantization or dequantized")
        et = element_type(etype_text, offset, ctx)
        bounds = None
        if encoding is not None:
            b = re.fullmatch(r"#stablehlo\.bounds<(.*)>", encoding)
            if b:
                bounds = [x.strip() for x in b.group(1).split(",")]
                if any(x != "?" and not x.isdigit() for x in bounds):
                    raise ctx.error(offset, f"expected bounds (numbers or '?') in '{encoding}'")
        hlo_dims = []
        for i, d in enumerate(dims):
            if d == "?":
                bound = bounds[i] if bounds is not None and i < len(bounds) else "?"
                hlo_dims.append("?" if bound == "?" else "<=" + bound)
            else:
                hlo_dims.append(d)
        # the HLO reader's shape checks (sizes that fit in 64 bits, ...), errors at this type
        return parse_array_shape(f"{et}[{','.join(hlo_dims)}]", offset, ctx)
    if text.startswith("tuple<"):
        return Shape.tuple([_parse_type(p, offset, ctx) for p in _split_commas(text[len("tuple<"):-1])])
    if text in ("!stablehlo.token", "!mhlo.token"):
        return Shape("token")
    if text in _SCALARS:
        return Shape.scalar(element_type(text, offset, ctx))
    raise ctx.error(offset, f"unsupported type '{text}'")


def shape_text(s: Shape) -> str:
    """HLO text of a shape; a layout only where it is not the default (MLIR tensors have none, custom
    calls' result_layouts set one)."""
    if s.is_tuple:
        return "(" + ", ".join(shape_text(t) for t in s.tuple_shapes) + ")"
    if s.etype == "token":
        return "token[]"
    dims = []
    for i, d in enumerate(s.dims):
        if s.dynamic is not None and s.dynamic[i]:
            dims.append("?" if d < 0 else f"<={d}")
        else:
            dims.append(str(d))
    layout = "" if s.layout is None or s.layout.is_default() else str(s.layout)
    return f"{s.etype}[{','.join(dims)}]{layout}"


def item_text(it) -> str:
    """The text of an item or group, tokens separated by spaces."""
    if isinstance(it, Token):
        return it.value
    close = {"(": ")", "[": "]", "{": "}"}[it.kind]
    return it.kind + " ".join(item_text(x) for x in it.items).replace(" ,", ",") + close


# ------------------------------------------------------------------------------------ attributes
def is_tok(it, type_: str, value: str | None = None) -> bool:
    return isinstance(it, Token) and it.type == type_ and (value is None or it.value == value)


def offset_of(it) -> int:
    return (it.start_pos or 0) if isinstance(it, Token) else it.offset


def decode_dict(group: Group | None, ctx: Ctx) -> dict:
    """`{a = 1 : i64, b = [1, 2], c}` -> {"a": 1, "b": [1, 2], "c": True}, values decoded by decode_value."""
    out: dict = {}
    if group is None:
        return out
    for seg in split_top(group.items):
        key = seg[0]
        name = key.value.strip('"') if isinstance(key, Token) else None
        if name is None:
            raise ctx.error(offset_of(key), "expected an attribute name")
        if len(seg) == 1:
            out[name] = True
        elif is_tok(seg[1], "="):
            out[name] = decode_value(seg[2:], ctx)
        else:
            raise ctx.error(offset_of(seg[1]), f"expected '=' after attribute '{name}'")
    return out


_INT = re.compile(r"[-+]?[0-9]+")
_HEX = re.compile(r"[-+]?0x[0-9A-Fa-f]+")
_FLOAT = re.compile(r"[-+]?(?:[0-9]+\.?[0-9]*(?:[eE][-+]?[0-9]+)?|inf|nan)", re.I)


def _number(text: str, offset: int = 0, ctx: Ctx | None = None):
    """An integer or float literal; anything else is a ParseError at `offset` (with a ctx) or ValueError,
    which the reader's decoding guard turns into one (mlir/__init__.py)."""
    text = text.strip()
    if _HEX.fullmatch(text):
        return int(text, 16)
    if _INT.fullmatch(text):
        return int(text)
    if _FLOAT.fullmatch(text):
        return float(text)
    message = f"malformed number '{text}'"
    if ctx is not None:
        raise ctx.error(offset, message)
    raise ValueError(message)


def decode_value(items: list, ctx: Ctx):
    """An attribute value: its items up to the next top-level comma (a trailing `: type` is dropped,
    except after dense<...>, whose type gives the element type and shape)."""
    if not items:
        raise ctx.error(0, "expected an attribute value")
    it = items[0]
    typ = items[2] if len(items) >= 3 and is_tok(items[1], ":") else None
    if isinstance(it, Group):
        if it.kind == "[":
            return [decode_value(seg, ctx) for seg in split_top(it.items)]
        if it.kind == "{":
            out = decode_dict(it, ctx)
            out["_text"] = item_text(it)
            return out
        return it
    t = it.type
    v = it.value
    if t == "NUMBER":
        return _number(v, it.start_pos or 0, ctx)
    if t == "STRING":
        return unescape(v[1:-1])
    if t == "ID":
        if v in ("true", "false"):
            return v == "true"
        return v
    if t == "SYMBOL":
        return v[1:].strip('"')
    if t == "ARRAY":
        body = v[v.index("<") + 1:-1]
        _, _, values = body.partition(":")
        return [_number(x, it.start_pos or 0, ctx) if x.strip() not in ("true", "false") else x.strip() == "true"
                for x in values.split(",") if x.strip()]
    if t == "DENSE":
        if typ is None:
            raise ctx.error(it.start_pos, "expected ': tensor<...>' after the dense literal")
        return dense_array(v, parse_type(typ.value, typ.start_pos, ctx), it.start_pos, ctx)
    if t == "HASH":
        return decode_hash(v, it.start_pos, ctx)
    return v


def unescape(s: str) -> str:
    if "\\" not in s:
        return s
    out = re.sub(r"\\([0-9A-Fa-f]{2})", lambda m: chr(int(m.group(1), 16)), s)
    return out.replace('\\"', '"').replace("\\n", "\n").replace("\\t", "\t").replace("\\\\", "\\")


_ENUM_HASH = re.compile(r"#(?:stablehlo|mhlo|chlo)<\s*([A-Za-z_]+)\s+([A-Za-z0-9_]+)\s*>")


def decode_hash(text: str, offset: int, ctx: Ctx):
    """`#stablehlo<comparison_direction LT>` -> "LT"; `#stablehlo.gather<a = [1], b = 2>` -> a dict
    (with "_kind": "gather"); `#stablehlo.conv<raw>` -> {"_kind": "conv", "raw": raw}."""
    m = _ENUM_HASH.fullmatch(text)
    if m:
        return m.group(2)
    m = re.fullmatch(r"#(?:stablehlo|mhlo|chlo)\.([A-Za-z_]+)<(.*)>", text, re.S)
    if not m:
        return {"_kind": text}
    kind, body = m.group(1), m.group(2)
    out: dict = {"_kind": kind, "raw": body}
    if kind in ("conv", "bounds", "result_accuracy", "type_extensions"):
        return out
    if kind in ("precision", "comparison_direction", "comparison_type", "fft_type", "rng_algorithm",
                "rng_distribution", "transpose"):
        return body.strip()
    for key, val in re.findall(r"([A-Za-z_]+)\s*=\s*(\[[^\]]*\]|[^,\s]+)", body):
        if val.startswith("["):
            out[key] = [int(x) for x in val[1:-1].split(",") if x.strip()]
        elif re.fullmatch(r"-?[0-9]+", val):
            out[key] = int(val)
        else:
            out[key] = val
    return out


# ---------------------------------------------------------------------------------- dense literals
_DENSE_TOKEN = re.compile(r"\s*(\[|\]|\(|\)|,|\"(?:[^\"\\]|\\.)*\"|[^\s\[\](),]+)")


def _element_from_text(tok: str, et: str):
    if tok in ("true", "false"):
        return tok == "true"
    return _number(tok)


def dense_array(text: str, shape: Shape, offset: int, ctx: Ctx, resources: dict | None = None) -> np.ndarray:
    """dense<...> with its tensor type -> a numpy array of that type."""
    if shape.is_tuple or not shape.is_static:
        raise ctx.error(offset, "a dense literal needs a static tensor type")
    et = shape.etype
    info = ELEMENT_TYPES[et]
    dtype = info.np_dtype
    count = math.prod(shape.dims)
    if count > MAX_CONSTANT_ELEMENTS:  # (the HLO reader's limit: refused before anything is allocated)
        raise ctx.error(offset, f"a dense literal of {count} elements is too large (the limit is "
                                f"{MAX_CONSTANT_ELEMENTS})")
    body = text[text.index("<") + 1:-1].strip()
    if text.startswith("dense_resource"):
        blob = (resources or {}).get(body)
        if blob is None:
            raise ctx.error(offset, f"dense_resource<{body}>: the module has no such resource blob "
                                    "(constants elided from the text cannot be run)")
        raw = _hex_bytes(blob[2:], offset, ctx)[4:]  # the first 4 bytes are the blob's alignment
        return _from_bytes(raw, shape, dtype, count, offset, ctx)
    if body.startswith('"0x'):
        return _from_bytes(_hex_bytes(body[3:-1], offset, ctx), shape, dtype, count, offset, ctx)
    try:
        with np.errstate(over="ignore"):  # a float beyond its type's range is +-inf, as MLIR rounds it
            values = _dense_elements(body, et, info, dtype)
    except (ValueError, OverflowError, IndexError) as e:
        raise ctx.error(offset, f"malformed dense literal for {shape_text(shape)}: {e}") from None
    if values.size == 1 and count != 1:
        return np.full(shape.dims, values[0], dtype)
    if values.size != count:
        raise ctx.error(offset, f"the dense literal has {values.size} elements; its type "
                                f"{shape_text(shape)} needs {count}")
    return values.reshape(shape.dims)


def _dense_elements(body: str, et: str, info, dtype) -> np.ndarray:
    """The elements of a `dense<[...]>` body, flat; ValueError / OverflowError on any malformed or
    out-of-range element."""
    toks = [m.group(1) for m in _DENSE_TOKEN.finditer(body)]
    flat: list = []
    i = 0
    while i < len(toks):
        tk = toks[i]
        if tk == "(":  # complex (re,im)
            if i + 4 >= len(toks) or toks[i + 2] != "," or toks[i + 4] != ")":
                raise ValueError("expected a complex element (re, im)")
            flat.append(complex(_scalar(toks[i + 1], "f64"), _scalar(toks[i + 3], "f64")))
            i += 5
            continue
        if tk not in ("[", "]", ","):
            flat.append(tk)
        i += 1
    if info.is_complex:
        return np.array([v if isinstance(v, complex) else complex(_scalar(v, "f64")) for v in flat], dtype)
    if any(isinstance(v, complex) for v in flat):
        raise ValueError(f"a complex element in a literal of {et}")
    if info.kind == "float" or et in ("f16", "bf16", "f32", "f64"):
        values = np.empty(len(flat), dtype)
        ubits = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}.get(info.bits)
        for k, tk in enumerate(flat):
            if tk.lower().startswith("0x") and ubits is not None:
                bits = int(tk, 16)
                if bits >= 1 << info.bits:
                    raise ValueError(f"'{tk}' has more than {info.bits} bits")
                values[k:k + 1] = np.array([bits], ubits).view(values.dtype)
            else:
                values[k] = _scalar(tk, et)
        return values
    if et == "pred":
        for tk in flat:
            if tk not in ("true", "false", "0", "1"):
                raise ValueError(f"'{tk}' is not a boolean")
        return np.array([tk in ("true", "1") for tk in flat], np.bool_)
    ints = [_number(tk) for tk in flat]
    bad = [v for v in ints if not isinstance(v, int)]
    if bad:
        raise ValueError(f"'{bad[0]}' is not an integer")
    lo, hi = (-(1 << (info.bits - 1)), (1 << (info.bits - 1)) - 1) if info.kind == "sint" else (0, (1 << info.bits) - 1)
    for v in ints:
        if not lo <= v <= hi:
            if info.kind != "sint" and -(1 << (info.bits - 1)) <= v < 0:  # MLIR prints unsigned as signed bits
                continue
            raise ValueError(f"{v} is out of range for {et}")
    return np.array([v % (1 << info.bits) if v < 0 and info.kind != "sint" else v for v in ints],
                    dtype=np.int64 if info.kind == "sint" else np.uint64).astype(dtype)


def _scalar(tok: str, et: str) -> float:
    low = tok.lower()
    if low in ("inf", "+inf"):
        return float("inf")
    if low == "-inf":
        return float("-inf")
    if low == "nan":
        return float("nan")
    if low.startswith("0x"):
        return float(int(low, 16))
    if not _FLOAT.fullmatch(tok):
        raise ValueError(f"'{tok}' is not a number")
    return float(tok)


def _hex_bytes(text: str, offset: int, ctx: Ctx) -> bytes:
    try:
        return bytes.fromhex(text)
    except ValueError:
        raise ctx.error(offset, "malformed hex literal: expected pairs of hex digits") from None


def _from_bytes(raw: bytes, shape: Shape, dtype, count: int, offset: int, ctx: Ctx) -> np.ndarray:
    itemsize = np.dtype(dtype).itemsize
    if len(raw) % itemsize:
        raise ctx.error(offset, f"the hex literal holds {len(raw)} bytes, not a whole number of "
                                f"{itemsize}-byte elements of {shape_text(shape)}")
    if shape.etype == "pred":
        arr = np.frombuffer(raw, np.uint8).astype(np.bool_)
    else:
        arr = np.frombuffer(raw, dtype=np.dtype(dtype).newbyteorder("<")).astype(dtype)
    if arr.size == 1 and count != 1:
        return np.full(shape.dims, arr[0], dtype)
    if arr.size != count:
        raise ctx.error(offset, f"the hex literal holds {len(raw)} bytes; {shape_text(shape)} needs "
                                f"{count * itemsize}")
    return arr.reshape(shape.dims).copy()
