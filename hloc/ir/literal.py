"""Constant values. A literal is a numpy array of the shape's dtype, a tuple of literals for tuple
constants, or an ElidedLiteral for `constant({...})` (whose values XLA fills pseudo-randomly)."""

from __future__ import annotations

import functools
import re

import numpy as np

from .raw_literal import RawLiteral, bf16_element_strings, literal_bits
from .types import ELEMENT_TYPES, Shape, finfo

# Types whose NaN encodings carry a payload (IEEE-like: all-ones exponent, any non-zero mantissa).
_PAYLOAD_TYPES = {"f16", "bf16", "f32", "f64", "f8e5m2", "f8e4m3", "f8e3m4"}
_UINT_OF_BITS = {8: np.uint8, 16: np.uint16, 32: np.uint32, 64: np.uint64}


class ElidedLiteral:
    """`constant({...})`: the values were left out of the text. Materialized deterministically."""

    __slots__ = ("shape",)

    def __init__(self, shape: Shape):
        self.shape = shape

    def __eq__(self, other) -> bool:
        return isinstance(other, ElidedLiteral) and other.shape == self.shape

    def __hash__(self) -> int:
        return hash(("elided", self.shape))

    def materialize(self) -> np.ndarray:
        """Deterministic pseudo-random values (XLA also fills elided constants with random data)."""
        rng = np.random.default_rng(0)
        et = self.shape.element_type
        dims = self.shape.dims
        if et.kind == "pred":
            return rng.integers(0, 2, dims).astype(np.bool_)
        if et.is_integer:
            return rng.integers(0, 8 if et.bits >= 4 else 2, dims).astype(et.np_dtype)
        if et.is_complex:
            return (rng.standard_normal(dims) + 1j * rng.standard_normal(dims)).astype(et.np_dtype)
        return rng.standard_normal(dims).astype(et.np_dtype)


def elided_constants(module) -> list:
    """The module's `constant({...})` instructions (tuple constants with an elided part too), in text order."""
    def elided(lit) -> bool:
        return isinstance(lit, ElidedLiteral) or (isinstance(lit, tuple) and any(elided(x) for x in lit))
    found = [i for c in module.computations for i in c.instructions
             if i.opcode == "constant" and elided(i.stored_literal)]
    return sorted(found, key=lambda i: i.offset)


ELIDED_HINT = ("print the module with its constants: from JAX, `jax.jit(f).lower(*args).as_text(dialect=\"hlo\")` "
               "(the lowered, not the compiled, function: `compiled.as_text()` elides them); from XLA, "
               "HloPrintOptions.print_large_constants = True, or dump with --xla_dump_large_constants")


def literal_value(lit) -> np.ndarray | tuple:
    """The literal's values, materializing elided constants."""
    if isinstance(lit, ElidedLiteral):
        return lit.materialize()
    return lit


def literals_equal(a, b) -> bool:
    """Bitwise equality (so NaNs with equal bits are equal and 0.0 != -0.0)."""
    if isinstance(a, tuple) or isinstance(b, tuple):
        return (isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b)
                and all(literals_equal(x, y) for x, y in zip(a, b)))
    if isinstance(a, ElidedLiteral) or isinstance(b, ElidedLiteral):
        return a == b
    if a is None or b is None:
        return a is b
    if a.__class__ is RawLiteral or b.__class__ is RawLiteral:  # (bf16 bits against bits or a bf16 array)
        bits = literal_bits(a)
        return bits is not None and a.shape == b.shape and bits == literal_bits(b)
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def float_from_bits_with_payload(etype: str, negative: int, payload: int):
    """A NaN of `etype` with the given mantissa payload (XLA's `nan(0x...)` syntax)."""
    et = ELEMENT_TYPES[etype]
    if etype not in _PAYLOAD_TYPES:
        raise ValueError(f"{etype} does not support NaN payloads")
    info = finfo(etype)
    mant = int(info.nmant)
    if payload == 0 or payload >= (1 << mant):
        raise ValueError(f"NaN payload 0x{payload:x} is out of range for {etype} (0x1..0x{(1 << mant) - 1:x})")
    bits = et.bits
    exp_ones = ((1 << (bits - 1 - mant)) - 1) << mant
    raw = (negative << (bits - 1)) | exp_ones | payload
    return np.array([raw], dtype=_UINT_OF_BITS[bits]).view(Shape.scalar(etype).dtype)[0]


def nan_payload(value, etype: str) -> int | None:
    """The mantissa payload of a NaN, or None when it is the default quiet NaN (printed plain `nan`)."""
    et = ELEMENT_TYPES[etype]
    if etype not in _PAYLOAD_TYPES:
        return None
    info = finfo(etype)
    mant = int(info.nmant)
    raw = int(np.array([value], dtype=et.np_dtype).view(_UINT_OF_BITS[et.bits])[0])
    payload = raw & ((1 << mant) - 1)
    return None if payload == 1 << (mant - 1) else payload


# ------------------------------------------------------------------------------------------- printing
# XLA's literal printing (xla/literal.cc DenseArrayPrintHelper, xla/util.cc RoundTripFpToString).

# std::numeric_limits<T>::max_digits10 for the non-IEEE-single/double types: 2 + digits * log10(2)
# with digits = mantissa bits + 1 (Eigen / ml_dtypes), e.g. bf16 4, f16 5.
@functools.cache
def _max_digits10(etype: str) -> int:
    return 2 + ((int(finfo(etype).nmant) + 1) * 30103) // 100000


def _g(digits: int, value: float) -> str:
    """C's `%.*g` (absl::StrFormat), including the sign of a NaN."""
    if value != value:
        return "-nan" if np.signbit(value) else "nan"
    return f"{value:.{digits}g}"


def format_float(x, etype: str) -> str:
    """One floating-point element as XLA prints it: the shortest of `%.{digits10}g` that reads back
    to the same value (f32/f64), else `%.{max_digits10}g`, plus a `(0x...)` NaN payload when the
    NaN is not the default quiet NaN (types that have payloads)."""
    if etype == "f32" or etype == "f64":
        v = float(x)
        text = _g(6 if etype == "f32" else 15, v)
        if v != v or (np.float32(text) if etype == "f32" else float(text)) != x:
            text = _g(9 if etype == "f32" else 17, v)
    else:
        text = _g(_max_digits10(etype), float(x))
    if text.endswith("nan"):
        payload = nan_payload(x, etype)
        if payload is not None:
            text += f"(0x{payload:x})"
    return text


def format_scalar(x, etype: str) -> str:
    """One element of a literal: `true`, `-3`, `0.1`, `nan(0x1)`, `(1, -2)`."""
    if etype == "pred":
        return "true" if bool(x) else "false"
    kind = ELEMENT_TYPES[etype].kind
    if kind == "complex":
        part = "f32" if etype == "c64" else "f64"
        return f"({format_float(x.real, part)}, {format_float(x.imag, part)})"
    if kind == "float":
        return format_float(x, etype)
    return str(int(x))


def _element_strings(arr: np.ndarray, etype: str) -> list[str]:
    flat = arr.reshape(-1)
    if etype == "pred":
        return ["1" if v else "0" for v in flat.tolist()]
    kind = ELEMENT_TYPES[etype].kind
    if kind in ("sint", "uint"):
        return [str(v) for v in flat.astype(np.int64 if kind == "sint" else np.uint64).tolist()]
    if etype == "f32":
        out = []
        for v in flat.tolist():  # python floats holding exact f32 values
            t = _g(6, v)
            if v != v or float(np.float32(t)) != v:
                t = _g(9, v)
            out.append(t)
        if np.isnan(flat).any():
            out = [t if not t.endswith("nan") else format_float(x, etype) for t, x in zip(out, flat)]
        return out
    return [format_scalar(x, etype) for x in flat]


def format_array(arr: np.ndarray, shape: Shape, oneline: bool = True, signed_zeros: bool = False) -> str:
    """An array literal without its shape, as XLA's Literal::PrintWithoutShape(Oneline) writes it:
    `{1, 2}`, `{ { 1, 2 }, { 3, 4 } }`, `/*i0=0*/` markers above rank 3, pred arrays as 0/1.

    XLA writes -0.0 as `-0`, which its parser reads back as the integer 0 (+0.0); `signed_zeros`
    writes `-0.0` instead, so the value survives a round trip."""
    dims = shape.dims
    rank = len(dims)
    etype = shape.etype
    if arr.__class__ is RawLiteral:
        elems = bf16_element_strings(arr)
        if rank == 0:
            return _signed_zeros(elems)[0] if signed_zeros else elems[0]
    else:
        arr = np.asarray(arr)
        if rank == 0:
            text = format_scalar(arr.reshape(())[()], etype)
            return _signed_zeros([text])[0] if signed_zeros else text
        elems = _element_strings(arr, etype)
    if signed_zeros:
        elems = _signed_zeros(elems)
    linebreak = " " if oneline else "\n"
    out: list[str] = []
    pos = 0

    def open_brace(level: int, accum: list[int]) -> str:
        remaining = rank - level
        if rank == 1:
            return "{"
        if remaining == 1:
            return ("" if oneline else "  ") + "{" + ("" if dims[level] <= 1 else " ")
        if rank > 3 and accum and len(accum) < rank:
            return f"{{ /*i{len(accum) - 1}={accum[-1]}*/" + (linebreak if dims[level] > 0 else "")
        return "{" + linebreak

    def close_brace(level: int) -> str:
        if rank == 1:
            return "}"
        if rank - level == 1:
            return ("" if dims[level] <= 1 else " ") + "}"
        return linebreak + "}"

    def rec(level: int, accum: list[int]) -> None:
        nonlocal pos
        out.append(open_brace(level, accum))
        n = dims[level]
        if level == rank - 1:
            out.append(", ".join(elems[pos : pos + n]))
            pos += n
        else:
            sep = "," + linebreak
            for i in range(n):
                accum.append(i)
                rec(level + 1, accum)
                accum.pop()
                if i < n - 1:
                    out.append(sep)
        out.append(close_brace(level))

    rec(0, [])
    return "".join(out)


def _signed_zeros(elems: list[str]) -> list[str]:
    if not any("-0" in e for e in elems):
        return elems
    return [_NEG_ZERO.sub("-0.0", e) for e in elems]


_NEG_ZERO = re.compile(r"-0(?=$|,|\))")


def format_literal(lit, shape: Shape, oneline: bool = True, signed_zeros: bool = False) -> str:
    """A constant's literal as `constant(...)` holds it: arrays as format_array, tuples as
    `( a, b )`, elided constants as `{...}`."""
    if isinstance(lit, ElidedLiteral):
        return "{...}"
    if isinstance(lit, tuple):
        sep = ", " if oneline else ",\n"
        parts = [format_literal(x, s, oneline, signed_zeros) for x, s in zip(lit, shape.tuple_shapes)]
        return ("( " if oneline else "(\n") + sep.join(parts) + (" )" if oneline else "\n)")
    if shape.is_token:
        return "token"
    return format_array(lit, shape, oneline, signed_zeros)


# ---------------------------------------------------------------------------------------- strings


def c_escape(s: str) -> str:
    """absl::CEscape of the UTF-8 bytes: `\\n \\r \\t \\" \\' \\\\`, other bytes outside 0x20..0x7e
    as three-digit octal."""
    if s.isascii() and s.isprintable() and '"' not in s and "'" not in s and "\\" not in s:
        return s
    out = []
    for b in s.encode("utf-8", "surrogateescape"):
        c = chr(b)
        if c in _C_ESCAPES:
            out.append(_C_ESCAPES[c])
        elif 0x20 <= b < 0x7F:
            out.append(c)
        else:
            out.append(f"\\{b:03o}")
    return "".join(out)


_UNESCAPE = re.compile(r"\\(x[0-9a-fA-F]{1,2}|[0-7]{1,3}|.)", re.S)
_UNESCAPES = {"n": 10, "t": 9, "r": 13, "a": 7, "b": 8, "f": 12, "v": 11}


def c_unescape(s: str) -> str:
    """absl::CUnescape of a quoted string's body (escapes give bytes; the result is UTF-8 decoded)."""
    if "\\" not in s:
        return s
    out = bytearray()
    pos = 0
    for m in _UNESCAPE.finditer(s):
        out += s[pos : m.start()].encode("utf-8", "surrogateescape")
        e = m.group(1)
        if e[0] == "x":
            out.append(int(e[1:], 16))
        elif e[0] in "01234567":
            out.append(int(e, 8) & 0xFF)
        else:
            code = _UNESCAPES.get(e)
            out += bytes([code]) if code is not None else e.encode("utf-8", "surrogateescape")
        pos = m.end()
    out += s[pos:].encode("utf-8", "surrogateescape")
    return out.decode("utf-8", "surrogateescape")


_C_ESCAPES = {"\n": "\\n", "\r": "\\r", "\t": "\\t", '"': '\\"', "'": "\\'", "\\": "\\\\"}
