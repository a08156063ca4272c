"""convert, bitcast-convert, reduce-precision, stochastic-convert."""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ...ir.types import ELEMENT_TYPES
from ..registry import handler
from ..util import ETYPE_OF, F16, F32, F64, NARROW_FLOATS, convert, downcast, uint_dtype, upcast


@handler("convert")
def _convert(instr, args, ev):
    return convert(args[0], instr.shape.etype)


# --------------------------------------------------------------------------------------------------
# bitcast-convert


def _bits(x: np.ndarray, bits: int) -> np.ndarray:
    """The bit patterns of `x` as uint64 (sub-byte types: their low `bits` bits)."""
    if x.dtype.itemsize * 8 == bits:
        return x.view(uint_dtype(x.dtype.itemsize)).astype(np.uint64)
    return x.view(np.uint8).astype(np.uint64) & np.uint64((1 << bits) - 1)


def _from_bits(u: np.ndarray, etype: str) -> np.ndarray:
    et = ELEMENT_TYPES[etype]
    if et.np_dtype.itemsize * 8 == et.bits:
        return u.astype(uint_dtype(et.np_dtype.itemsize)).view(et.np_dtype)
    v = u.astype(np.int64)
    if et.kind == "sint":
        sign = 1 << (et.bits - 1)
        v = (v ^ sign) - sign
    elif et.kind == "float":  # f4 / f6: ml_dtypes stores the encoding in the low bits of a byte
        return v.astype(np.uint8).view(et.np_dtype)
    return v.astype(et.np_dtype)


@handler("bitcast-convert")
def _bitcast_convert(instr, args, ev):
    x = args[0]
    src = ELEMENT_TYPES[ETYPE_OF[x.dtype]]
    dst = ELEMENT_TYPES[instr.shape.etype]
    out_dims = instr.shape.dims
    if src.bits == dst.bits:  # elementwise: keeps the operand's shape (also inside a vectorized reducer)
        if x.dtype.itemsize * 8 == src.bits and dst.np_dtype.itemsize * 8 == dst.bits:
            return np.ascontiguousarray(x).view(dst.np_dtype).reshape(x.shape)
        return _from_bits(_bits(x, src.bits), instr.shape.etype).reshape(x.shape)
    if x.dtype.itemsize * 8 == src.bits and dst.np_dtype.itemsize * 8 == dst.bits:
        # Byte-sized types: a little-endian reinterpretation of the (row-major) bytes, which adds or
        # removes the minor-most dimension.
        return np.ascontiguousarray(x).view(dst.np_dtype).reshape(out_dims)
    if src.bits > dst.bits:  # one wide element -> k narrow ones, least significant first
        k = src.bits // dst.bits
        u = _bits(x, src.bits)[..., None]
        shifts = (np.arange(k, dtype=np.uint64) * np.uint64(dst.bits))
        parts = (u >> shifts) & np.uint64((1 << dst.bits) - 1)
        return _from_bits(parts, instr.shape.etype).reshape(out_dims)
    k = dst.bits // src.bits
    u = _bits(x, src.bits)
    shifts = (np.arange(k, dtype=np.uint64) * np.uint64(src.bits))
    whole = np.bitwise_or.reduce(u << shifts, axis=-1)
    return _from_bits(whole, instr.shape.etype).reshape(out_dims)


# --------------------------------------------------------------------------------------------------
# reduce-precision


def reduce_precision(x: np.ndarray, exponent_bits: int, mantissa_bits: int) -> np.ndarray:
    """XLA's reduce-precision (mhlo reducePrecision, what XLA:CPU's emitters use) on f16/f32/f64:
    round the mantissa to nearest even, flush values below the reduced normal range to signed zero
    and send values above it to signed infinity; NaNs are kept as they are."""
    nbits = x.dtype.itemsize * 8
    src_m = {2: 10, 4: 23, 8: 52}[x.dtype.itemsize]
    src_e = nbits - 1 - src_m
    if exponent_bits == src_e and mantissa_bits == src_m:
        return x
    ut = uint_dtype(x.dtype.itemsize)
    u = x.view(ut)
    one = ut.type(1)
    sign_mask = ut.type(1 << (nbits - 1))
    exp_mask = ut.type(((1 << src_e) - 1) << src_m)
    is_nan = (u & ~sign_mask) > exp_mask
    if mantissa_bits < src_m:
        shift = src_m - mantissa_bits
        last = ut.type(1 << shift)
        bias = (u & last) >> ut.type(shift)
        bias = bias + ut.type((1 << (shift - 1)) - 1)
        u = (u + bias) & ~(last - one)
    if exponent_bits < src_e:
        ebias = (1 << (src_e - 1)) - 1
        rbias = (1 << (exponent_bits - 1)) - 1
        x_exp = u & exp_mask
        overflow = x_exp > ut.type((ebias + rbias) << src_m)
        underflow = x_exp <= ut.type((ebias - rbias) << src_m)
        signed_zero = u & sign_mask
        u = np.where(overflow, signed_zero | exp_mask, u)
        u = np.where(underflow, signed_zero, u)
    return np.where(is_nan, x, np.asarray(u, ut).view(x.dtype))


@handler("reduce-precision")
def _reduce_precision(instr, args, ev):
    x = args[0]
    e, m = instr.attrs["exponent_bits"], instr.attrs["mantissa_bits"]
    if x.dtype in (F16, F32, F64):
        return reduce_precision(x, e, m)
    et = ETYPE_OF[x.dtype]
    if et in NARROW_FLOATS:
        return downcast(reduce_precision(x.astype(F32), e, m), et)
    raise RunError(f"reduce-precision is not defined for element type {et}", instr.loc)


# --------------------------------------------------------------------------------------------------
# stochastic-convert


@handler("stochastic-convert")
def _stochastic_convert(instr, args, ev):
    """XLA's StochasticConvertDecomposer: round |x| up when random < frac(|x|) * 2**bits(random),
    negate for negative x, saturate at the integer range (NaN -> 0)."""
    x, random = args
    to = instr.shape.etype
    dst = ELEMENT_TYPES[to]
    if dst.kind != "sint":
        raise RunError(f"stochastic-convert to {to} is not supported (XLA converts floats to signed ints only)",
                       instr.loc)
    xf = x.astype(F32) if x.dtype not in (F32, F64) else x
    rbits = random.dtype.itemsize * 8
    absx = np.abs(xf)
    trunc = np.floor(absx)
    frac = absx - trunc
    fixed = convert(np.asarray(frac * xf.dtype.type(2.0**rbits), xf.dtype), ETYPE_OF[random.dtype])
    up = random < fixed
    t = convert(np.asarray(trunc), to)
    t = np.where(up, downcast(upcast(t).astype(np.int64) + 1, to), t)
    result = np.where(xf < 0, downcast(-upcast(t).astype(np.int64), to), t)
    lo, hi = -(1 << (dst.bits - 1)), (1 << (dst.bits - 1)) - 1
    result = np.where(xf <= xf.dtype.type(lo), np.array(lo).astype(dst.np_dtype), result)
    return np.where(xf >= xf.dtype.type(hi), np.array(hi).astype(dst.np_dtype), result)
