"""bf16 constants kept as their bit patterns until something needs their values.

ml_dtypes (numpy's bfloat16) takes 0.6-1.0 s to import with ml_dtypes 0.7 and numpy <= 2.4, a third of
`hloc opt -O2` on a bf16 model. The parser stores a bf16 array constant as a RawLiteral (uint16 bits);
`Instruction.literal` turns it into the ml_dtypes array on first use, while printing, comparing and
hashing constants (`Instruction.stored_literal`) work on the bits and import nothing.
"""

from __future__ import annotations

import struct

import numpy as np

RAW_ETYPES = frozenset({"bf16"})
_RAW_DTYPE_NAMES = frozenset({"bfloat16"})
BF16_MANTISSA_BITS = 7
_BF16_QUIET_NAN = 0x7FC0
_F32 = struct.Struct("<f")
_U32 = struct.Struct("<I")


class RawLiteral:
    """The bits of an array literal of `etype` (uint16 for bf16), shaped like the constant."""

    __slots__ = ("etype", "bits", "_splat")

    def __init__(self, etype: str, bits: np.ndarray):
        self.etype = etype
        self.bits = bits  # (never written to: the splat value is kept)
        self._splat: float | None | bool = False

    def splat(self) -> float | None:
        """The value every element has, widened exactly to a Python float; None if they differ (by bits)
        or there are none."""
        v = self._splat
        if v is False:
            flat = self.bits.reshape(-1)
            v = None if flat.size == 0 or (flat.size > 1 and not np.all(flat == flat[0])) else \
                float(RawLiteral(self.etype, flat[:1]).as_f32()[0])
            self._splat = v
        return v

    @property
    def dtype_name(self) -> str:
        """The name of the numpy dtype the values have (`bfloat16`)."""
        from .types import ELEMENT_TYPES

        return str(ELEMENT_TYPES[self.etype].dtype_spec)

    @property
    def shape(self) -> tuple[int, ...]:
        return self.bits.shape

    @property
    def size(self) -> int:
        return self.bits.size

    def materialize(self) -> np.ndarray:
        """The values as an array of the element type's numpy dtype (imports ml_dtypes)."""
        from .types import ELEMENT_TYPES

        dtype = ELEMENT_TYPES[self.etype].np_dtype
        assert dtype is not None, self.etype  # RAW_ETYPES all have a numpy dtype (ml_dtypes')
        return self.bits.view(dtype)

    def as_f32(self) -> np.ndarray:
        """The values widened to float32, exactly (a bf16 is the upper half of an f32)."""
        return (self.bits.astype(np.uint32) << 16).view(np.float32)


def realize(lit):
    """`lit` with RawLiterals (also inside tuples) turned into arrays."""
    if lit.__class__ is RawLiteral:
        return lit.materialize()
    if lit.__class__ is tuple:
        return tuple(realize(x) for x in lit)
    return lit


def literal_bits(lit) -> tuple[str, bytes] | None:
    """(dtype name, raw bytes) of a RawLiteral or of a bf16 array, so the two compare equal; None for others."""
    if lit.__class__ is RawLiteral:
        return lit.dtype_name, lit.bits.tobytes()
    if isinstance(lit, np.ndarray) and lit.dtype.name in _RAW_DTYPE_NAMES:
        return lit.dtype.name, lit.tobytes()
    return None


def bf16_bits_from_f64(x: np.ndarray) -> np.ndarray:
    """float64 values rounded once, to nearest even, to bf16 bit patterns (uint16), as ml_dtypes' cast
    from float64 does: overflow gives inf, a NaN gives the quiet NaN with the value's sign."""
    with np.errstate(over="ignore", invalid="ignore"):
        f32 = x.astype(np.float32)
        back = f32.astype(np.float64)
    u = f32.view(np.uint32).astype(np.uint32)
    # Round to odd into f32 first (truncate toward zero, then set the last bit when inexact): with 16 more
    # bits than bf16, the second rounding then sees a tie only where the f64 value was one.
    inexact = back != x
    u = np.where(inexact & (np.abs(back) > np.abs(x)), u - np.uint32(1), u)
    u = np.where(inexact, u | np.uint32(1), u)
    rounded = (u + np.uint32(0x7FFF) + ((u >> np.uint32(16)) & np.uint32(1))) >> np.uint32(16)
    sign = (u >> np.uint32(16)) & np.uint32(0x8000)
    return np.where(np.isnan(x), sign | np.uint32(_BF16_QUIET_NAN), rounded).astype(np.uint16)


def bf16_round(value) -> float:
    """`value` rounded to bf16 (as casting it to ml_dtypes' bfloat16 does), as a Python float."""
    v = float(value)
    try:
        (u,) = _U32.unpack(_F32.pack(v))
    except OverflowError:
        u = 1
    if u & 0xFFFF == 0 and _F32.unpack(_F32.pack(v))[0] == v:
        return v  # already a bf16 value (the 0, 1, -inf algsimp asks about): no numpy round trip
    bits = bf16_bits_from_f64(np.array([v]))
    return float(RawLiteral("bf16", bits).as_f32()[0])


def bf16_is_finite(bits: np.ndarray) -> np.ndarray:
    return (bits & np.uint16(0x7F80)) != np.uint16(0x7F80)


def bf16_nan_bits(negative: int, payload: int) -> int:
    """A bf16 NaN with this mantissa payload (the caller checks the payload's range)."""
    return (negative << 15) | 0x7F80 | payload


def bf16_element_strings(raw: RawLiteral) -> list[str]:
    """The elements as XLA prints bf16 (`%.4g`, max_digits10 of bf16; `nan(0x..)` for a NaN whose payload
    is not the default quiet NaN's), in row-major order."""
    flat_bits = raw.bits.reshape(-1)
    out = [f"{v:.4g}" for v in raw.as_f32().reshape(-1).tolist()]
    nans = np.flatnonzero(~bf16_is_finite(flat_bits) & ((flat_bits & np.uint16(0x7F)) != 0))
    for i in nans.tolist():
        b = int(flat_bits[i])
        text = "-nan" if b & 0x8000 else "nan"
        payload = b & 0x7F
        out[i] = text if payload == 1 << (BF16_MANTISSA_BITS - 1) else f"{text}(0x{payload:x})"
    return out
