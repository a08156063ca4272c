"""Constant values. A literal is a numpy array of the shape's dtype, a tuple of literals for tuple
constants, or an ElidedLiteral for `constant({...})` (whose values XLA fills pseudo-randomly)."""

from __future__ import annotations

import ml_dtypes
import numpy as np

from .types import ELEMENT_TYPES, Shape

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
    return a.dtype == b.dtype and a.shape == b.shape and a.tobytes() == b.tobytes()


def float_from_bits_with_payload(etype: str, negative: int, payload: int):
    """A NaN of `etype` with the given mantissa payload (XLA's `nan(0x...)` syntax)."""
    et = ELEMENT_TYPES[etype]
    if etype not in _PAYLOAD_TYPES:
        raise ValueError(f"{etype} does not support NaN payloads")
    info = ml_dtypes.finfo(et.np_dtype) if etype not in ("f16", "f32", "f64") else np.finfo(et.np_dtype)
    mant = int(info.nmant)
    if payload == 0 or payload >= (1 << mant):
        raise ValueError(f"NaN payload 0x{payload:x} is out of range for {etype} (0x1..0x{(1 << mant) - 1:x})")
    bits = et.bits
    exp_ones = ((1 << (bits - 1 - mant)) - 1) << mant
    raw = (negative << (bits - 1)) | exp_ones | payload
    return np.array([raw], dtype=_UINT_OF_BITS[bits]).view(et.np_dtype)[0]


def nan_payload(value, etype: str) -> int | None:
    """The mantissa payload of a NaN, or None when it is the default quiet NaN (printed plain `nan`)."""
    et = ELEMENT_TYPES[etype]
    if etype not in _PAYLOAD_TYPES:
        return None
    info = ml_dtypes.finfo(et.np_dtype) if etype not in ("f16", "f32", "f64") else np.finfo(et.np_dtype)
    mant = int(info.nmant)
    raw = int(np.array([value], dtype=et.np_dtype).view(_UINT_OF_BITS[et.bits])[0])
    payload = raw & ((1 << mant) - 1)
    return None if payload == 1 << (mant - 1) else payload
