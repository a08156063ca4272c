"""Element types in LLVM IR: how each HLO type is stored in memory and held in registers.

Storage (in buffers) vs compute (in SSA values):

| HLO type | storage | compute |
| --- | --- | --- |
| pred | i8 (0/1) | i1 |
| s1..s64, u1..u64 | iN, sub-byte types one per byte (low bits) | iN (signedness from the HLO type) |
| f16, bf16 | i16 | float holding a value exactly representable in the type (each op rounds) |
| f8*, f6*, f4* | i8 | float (conversions only) |
| f32, f64 | float, double | float, double |
| c64, c128 | two floats / doubles | `Cplx(re, im)`, a Python pair of SSA values |

Keeping f16/bf16 in f32 registers and rounding after every arithmetic op gives the results XLA:CPU
gets (it normalises bf16 ops to f32 with a convert after each one; f32 has enough precision that an
f16/bf16 op computed in f32 and rounded once is correctly rounded). Conversions are done with
integer arithmetic where LLVM would otherwise call a runtime library (`__truncdfhf2`, bf16 casts).
"""

from __future__ import annotations

from typing import NamedTuple

import llvmlite.ir as ir
import numpy as np

from ....ir.types import ELEMENT_TYPES, finfo

I1 = ir.IntType(1)
I8 = ir.IntType(8)
I16 = ir.IntType(16)
I32 = ir.IntType(32)
I64 = ir.IntType(64)
F32 = ir.FloatType()
F64 = ir.DoubleType()
HALF = ir.HalfType()
PTR = ir.PointerType()
VOID = ir.VoidType()

NARROW_FLOATS = frozenset({"f16", "bf16"})
SMALL_FLOATS = frozenset(n for n, t in ELEMENT_TYPES.items() if t.kind == "float" and t.bits <= 8)
# Types whose compute values live in f32 registers.
F32_COMPUTED = NARROW_FLOATS | SMALL_FLOATS


class Cplx(NamedTuple):
    """A complex compute value: real and imaginary parts as SSA values."""

    re: ir.Value
    im: ir.Value


def storage_type(etype: str) -> ir.Type:
    """The LLVM type of one stored element (for complex: of one component)."""
    t = ELEMENT_TYPES[etype]
    if t.kind == "pred":
        return I8
    if t.kind in ("sint", "uint"):
        return ir.IntType(max(8, t.bits)) if t.bits < 8 else ir.IntType(t.bits)
    if t.kind == "complex":
        return F32 if etype == "c64" else F64
    if etype == "f32":
        return F32
    if etype == "f64":
        return F64
    return ir.IntType(8 if t.bits <= 8 else 16)


def compute_type(etype: str) -> ir.Type:
    """The LLVM type of a compute value (for complex: of one component)."""
    t = ELEMENT_TYPES[etype]
    if t.kind == "pred":
        return I1
    if t.kind in ("sint", "uint"):
        return ir.IntType(t.bits)
    if t.kind == "complex":
        return F32 if etype == "c64" else F64
    if etype == "f64":
        return F64
    return F32


# ------------------------------------------------------------------------------------------------
# intrinsics


def _mangle(t: ir.Type) -> str:
    if isinstance(t, ir.VectorType):
        return f"v{t.count}{_mangle(t.element)}"
    if isinstance(t, ir.FloatType):
        return "f32"
    if isinstance(t, ir.DoubleType):
        return "f64"
    if isinstance(t, ir.HalfType):
        return "f16"
    if isinstance(t, ir.IntType):
        return f"i{t.width}"
    if isinstance(t, ir.PointerType):
        return f"p{t.addrspace}"
    raise TypeError(t)


def intrinsic(b: ir.IRBuilder, name: str, args, ret: ir.Type | None = None, overload=None) -> ir.Value:
    """Call `llvm.<name>.<type>` (declared by hand: llvmlite's declare_intrinsic misses many)."""
    args = list(args)
    ret = ret or args[0].type
    over = overload if overload is not None else [args[0].type]
    full = "llvm." + name + "".join("." + _mangle(t) for t in over)
    mod = b.module
    fn = mod.globals.get(full)
    if fn is None:
        fn = ir.Function(mod, ir.FunctionType(ret, [a.type for a in args]), full)
    return b.call(fn, args)


def const(t: ir.Type, v) -> ir.Constant:
    if isinstance(t, ir.IntType):
        return ir.Constant(t, int(v) & ((1 << t.width) - 1))
    return ir.Constant(t, float(v))


# ------------------------------------------------------------------------------------------------
# storage <-> compute


def _f32_to_bf16_bits(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """Round-to-nearest-even f32 -> bf16 bits (NaNs stay quiet NaNs)."""
    bits = b.bitcast(x, I32)
    lsb = b.and_(b.lshr(bits, const(I32, 16)), const(I32, 1))
    rounded = b.lshr(b.add(bits, b.add(lsb, const(I32, 0x7FFF))), const(I32, 16))
    quiet = b.or_(b.lshr(bits, const(I32, 16)), const(I32, 0x40))
    is_nan = b.fcmp_unordered("uno", x, x)
    return b.trunc(b.select(is_nan, quiet, rounded), I16)


def _bf16_bits_to_f32(b: ir.IRBuilder, bits: ir.Value) -> ir.Value:
    return b.bitcast(b.shl(b.zext(bits, I32), const(I32, 16)), F32)


def f64_to_f32_round_odd(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """f64 -> f32 rounding to odd: a later round-to-nearest to a type of <= 22 significand bits is
    then correctly rounded (no double-rounding error)."""
    t = b.fptrunc(x, F32)
    back = b.fpext(t, F64)
    bits = b.bitcast(t, I32)
    # Too large in magnitude: step one ulp toward zero (bits - 1 on the magnitude).
    too_big = b.fcmp_ordered(">", intrinsic(b, "fabs", [back]), intrinsic(b, "fabs", [x]))
    bits = b.select(too_big, b.sub(bits, const(I32, 1)), bits)
    inexact = b.fcmp_ordered("!=", back, x)
    bits = b.select(inexact, b.or_(bits, const(I32, 1)), bits)
    return b.bitcast(bits, F32)


def float_to_f32(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """Any float compute value -> f32 for a later narrowing rounding (round-to-odd from f64)."""
    if isinstance(x.type, ir.DoubleType):
        return f64_to_f32_round_odd(b, x)
    return x


def round_f32_to(b: ir.IRBuilder, x: ir.Value, etype: str) -> ir.Value:
    """Round an f32 compute value to the value set of `etype` (f16/bf16/f8...), staying in f32."""
    return load_convert(b, narrow_to_storage(b, x, etype), etype)


# The f8 / f6 / f4 types XLA:CPU computes arithmetic in f16 (FloatNormalization: each op's result is
# rounded to f16, then converted to the type). f8e8m0fnu goes through f32, which is one rounding.
VIA_F16 = frozenset(SMALL_FLOATS - {"f8e8m0fnu"})


def round_result(b: ir.IRBuilder, x: ir.Value, etype: str) -> ir.Value:
    """Round the f32 result of an arithmetic op on a narrow float type to that type's value set as
    XLA:CPU does: once for f16 / bf16, through f16 for the f8 / f6 / f4 types (VIA_F16)."""
    if etype in VIA_F16:
        x = round_f32_to(b, x, "f16")
    return round_f32_to(b, x, etype)


def narrow_to_storage(b: ir.IRBuilder, x: ir.Value, etype: str) -> ir.Value:
    """f32 (or f64) compute value -> storage bits of a narrow float type, correctly rounded."""
    x = float_to_f32(b, x)
    if etype == "bf16":
        return _f32_to_bf16_bits(b, x)
    if etype == "f16":
        return b.bitcast(b.fptrunc(x, HALF), I16)
    return _f32_to_small_float_bits(b, x, etype)


def store_convert(b: ir.IRBuilder, v: ir.Value, etype: str) -> ir.Value:
    """Compute value -> storage value (not for complex)."""
    t = ELEMENT_TYPES[etype]
    if t.kind == "pred":
        return b.zext(v, I8)
    if t.kind in ("sint", "uint"):
        return b.zext(v, I8) if t.bits < 8 else v
    if etype in F32_COMPUTED:
        return narrow_to_storage(b, v, etype)
    return v


def load_convert(b: ir.IRBuilder, v: ir.Value, etype: str) -> ir.Value:
    """Storage value -> compute value (not for complex)."""
    t = ELEMENT_TYPES[etype]
    if t.kind == "pred":
        return b.icmp_unsigned("!=", v, const(I8, 0))
    if t.kind in ("sint", "uint"):
        return b.trunc(v, ir.IntType(t.bits)) if t.bits < 8 else v
    if etype == "bf16":
        return _bf16_bits_to_f32(b, v)
    if etype == "f16":
        return b.fpext(b.bitcast(v, HALF), F32)
    if etype in SMALL_FLOATS:
        return _small_float_bits_to_f32(b, v, etype)
    return v


# ------------------------------------------------------------------------------------------------
# f8 / f6 / f4: widening through a 256-entry table, narrowing by integer rounding


def _small_float_table(etype: str) -> np.ndarray:
    dt = ELEMENT_TYPES[etype].np_dtype
    codes = np.arange(256, dtype=np.uint8)
    bits = ELEMENT_TYPES[etype].bits
    codes = codes & np.uint8((1 << bits) - 1)
    return codes.view(dt).astype(np.float32) if dt.itemsize == 1 else codes.astype(dt).astype(np.float32)


def _table_global(mod: ir.Module, etype: str) -> ir.GlobalVariable:
    name = f"hloc.{etype}.to_f32"
    g = mod.globals.get(name)
    if g is None:
        table = _small_float_table(etype)
        arr_t = ir.ArrayType(F32, 256)
        g = ir.GlobalVariable(mod, arr_t, name)
        g.initializer = ir.Constant(arr_t, [float(v) for v in table])
        g.global_constant = True
        g.linkage = "private"
    return g


def _small_float_bits_to_f32(b: ir.IRBuilder, v: ir.Value, etype: str) -> ir.Value:
    g = _table_global(b.module, etype)
    idx = b.zext(v, I64)
    return b.load(b.gep(g, [const(I64, 0), idx], inbounds=True), typ=F32)


def _f32_to_small_float_bits(b: ir.IRBuilder, x: ir.Value, etype: str) -> ir.Value:
    """f32 -> narrow float code by rounding to nearest even on the value grid of `etype`.

    The grid is described by ml_dtypes' finfo; values beyond the largest finite value become inf
    when the type has one, else NaN (ml_dtypes' and XLA's non-saturating conversion); a type with
    neither (f4e2m1fn, the f6 types) saturates to its largest value and takes NaN to -0, as
    ml_dtypes and XLA:CPU do.
    """
    fi = finfo(etype)
    nmant = int(fi.nmant)
    min_normal_exp = int(np.log2(float(fi.smallest_normal)))
    max_finite = float(fi.max)
    table = _small_float_table(etype)
    # code of +max, of +inf (if any), of NaN, of -0 (if any)
    codes = {float(v): i for i, v in enumerate(table) if np.isfinite(v) and i < (1 << ELEMENT_TYPES[etype].bits)}
    has_inf, has_nan = bool(np.isinf(table).any()), bool(np.isnan(table).any())
    neg = [i for i, v in enumerate(table) if v == -1.0]
    sign_bit = (codes[1.0] ^ neg[0]) if neg else 0
    nan_code = int(np.flatnonzero(np.isnan(table))[0]) if has_nan else sign_bit
    if has_inf:
        over_code = int(np.flatnonzero(table == np.inf)[0])
    else:
        over_code = nan_code if has_nan else codes[max_finite]

    # Quantise |x| on the grid: scale so the grid spacing at |x| is 1, round-to-even, scale back.
    ax = intrinsic(b, "fabs", [x])
    axi = b.bitcast(ax, I32)
    e = b.sub(b.lshr(axi, const(I32, 23)), const(I32, 127))  # unbiased exponent of |x|
    e = b.select(b.icmp_signed("<", e, const(I32, min_normal_exp)), const(I32, min_normal_exp), e)
    # spacing = 2^(e - nmant); exponent field of the scale 2^(nmant - e)
    scale_e = b.add(b.sub(const(I32, nmant + 127), e), const(I32, 0))
    scale_e = b.select(b.icmp_signed(">", scale_e, const(I32, 254)), const(I32, 254), scale_e)
    scale_e = b.select(b.icmp_signed("<", scale_e, const(I32, 1)), const(I32, 1), scale_e)
    scale = b.bitcast(b.shl(scale_e, const(I32, 23)), F32)
    inv_scale = b.bitcast(b.shl(b.sub(const(I32, 254), scale_e), const(I32, 23)), F32)
    q = b.fmul(intrinsic(b, "roundeven", [b.fmul(ax, scale)]), inv_scale)  # exact: powers of two
    # q is now a representable magnitude (or above max). Encode it: code = bits of the value.
    # Encoding by arithmetic: exponent/mantissa fields from q's f32 bits.
    qi = b.bitcast(q, I32)
    qe = b.sub(b.lshr(qi, const(I32, 23)), const(I32, 127))
    bias = 1 - min_normal_exp
    is_sub = b.icmp_signed("<", qe, const(I32, min_normal_exp))
    mant_norm = b.lshr(b.and_(qi, const(I32, 0x7FFFFF)), const(I32, 23 - nmant))
    code_norm = b.or_(b.shl(b.add(qe, const(I32, bias)), const(I32, nmant)), mant_norm)
    # subnormal: q / 2^(min_normal_exp - nmant) is the integer mantissa
    sub_scale = float(2.0 ** (nmant - min_normal_exp))
    code_sub = b.fptoui(b.fmul(q, ir.Constant(F32, sub_scale)), I32)
    code = b.select(is_sub, code_sub, code_norm)
    over = b.fcmp_ordered(">", q, ir.Constant(F32, max_finite))
    code = b.select(over, const(I32, over_code), code)
    if sign_bit:
        negative = b.icmp_signed("<", b.bitcast(x, I32), const(I32, 0))
        signed = b.or_(code, const(I32, sign_bit))
        if np.isnan(table[sign_bit]):  # fnuz types have no -0: negative zero becomes +0
            signed = b.select(b.icmp_unsigned("==", code, const(I32, 0)), code, signed)
        code = b.select(negative, signed, code)
    is_nan = b.fcmp_unordered("uno", x, x)
    code = b.select(is_nan, const(I32, nan_code), code)
    return b.trunc(code, I8)
