"""The remaining elementwise math opcodes (acos, acosh, asin, asinh, atanh, cosh, sinh) as elemental
rules built from mathfns' vectorisable exp/log/sqrt/atan2, with the usual cancellation-free forms:

  sinh x = sign(x) * (t + t/(t+1))/2, t = expm1|x|   (|x| < 20; beyond, exp(|x| - ln 2))
  cosh x = e + 1/(4e), e = exp(|x| - ln 2)
  asinh x = sign(x) * log1p(|x| + x^2/(1 + sqrt(1 + x^2)))   (|x| > 2^28: log|x| + ln 2)
  acosh x = log1p(t + sqrt(2t + t^2)), t = x - 1              (x > 2^28: log x + ln 2; x < 1: NaN)
  atanh x = sign(x) * log1p(2|x|/(1 - |x|)) / 2
  asin x = atan2(x, sqrt((1-x)(1+x))),  acos x = 2 atan2(sqrt(1-x), sqrt(1+x))
Out-of-domain inputs give NaN through sqrt/log1p of negative values, +-1 gives +-inf for atanh.
f16/bf16 compute in f32 and round once.

Also here: stochastic-convert (XLA's StochasticConvertDecomposer), set-dimension-size (the value
itself) and get-dimension-size (static shapes: the constant size).
"""

from __future__ import annotations

import math

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.module import Instruction
from ....ir.types import ELEMENT_TYPES
from ..elemental import Elemental, convert_value, mathfns, rule
from ..llvmir.irvalues import F32_COMPUTED, VIA_F16, compute_type, const, intrinsic, round_result
from ..llvmir.loops import Index
from . import kernel
from .indexing import copy_array

MATH = ("acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh")
LN2 = math.log(2.0)


def _c(x: ir.Value, v: float) -> ir.Constant:
    return ir.Constant(x.type, v)


def _math(b: ir.IRBuilder, op: str, x: ir.Value) -> ir.Value:
    ax = intrinsic(b, "fabs", [x])
    one = _c(x, 1.0)
    if op == "sinh":
        t = mathfns.expm1(b, ax)
        small = b.fmul(_c(x, 0.5), b.fadd(t, b.fdiv(t, b.fadd(t, one))))
        big = mathfns.exp(b, b.fsub(ax, _c(x, LN2)))
        r = b.select(b.fcmp_ordered("<", ax, _c(x, 20.0)), small, big)
        return intrinsic(b, "copysign", [r, x])
    if op == "cosh":
        e = mathfns.exp(b, b.fsub(ax, _c(x, LN2)))
        return b.fadd(e, b.fdiv(_c(x, 0.25), e))
    if op == "asinh":
        x2 = b.fmul(ax, ax)
        small = mathfns.log1p(b, b.fadd(ax, b.fdiv(x2, b.fadd(one, mathfns.sqrt(b, b.fadd(one, x2))))))
        big = b.fadd(mathfns.log(b, ax), _c(x, LN2))
        r = b.select(b.fcmp_ordered(">", ax, _c(x, 2.0**28)), big, small)
        return intrinsic(b, "copysign", [r, x])
    if op == "acosh":
        t = b.fsub(x, one)
        small = mathfns.log1p(b, b.fadd(t, mathfns.sqrt(b, b.fadd(b.fmul(_c(x, 2.0), t), b.fmul(t, t)))))
        big = b.fadd(mathfns.log(b, x), _c(x, LN2))
        r = b.select(b.fcmp_ordered(">", x, _c(x, 2.0**28)), big, small)
        return b.select(b.fcmp_ordered("<", x, one), _c(x, float("nan")), r)  # t(t+2) > 0 for x < -1 too
    if op == "atanh":
        r = b.fmul(_c(x, 0.5), mathfns.log1p(b, b.fdiv(b.fmul(_c(x, 2.0), ax), b.fsub(one, ax))))
        return intrinsic(b, "copysign", [r, x])
    root = mathfns.sqrt(b, b.fmul(b.fsub(one, x), b.fadd(one, x)))
    if op == "asin":
        return mathfns.atan2(b, x, root)
    if op == "acos":
        return b.fmul(_c(x, 2.0), mathfns.atan2(b, mathfns.sqrt(b, b.fsub(one, x)), mathfns.sqrt(b, b.fadd(one, x))))
    raise AssertionError(op)


def check_math(instr: Instruction) -> None:
    et = instr.operands[0].shape.etype
    if et not in ("f16", "bf16", "f32", "f64", *VIA_F16) or instr.shape.etype != et:
        raise CodegenError(f"'{instr.opcode}' on {et} is not supported by the native backend", instr.loc)


@rule(*MATH, check=check_math)
def math_rule(em: Elemental, instr: Instruction, index: Index):
    x = em.operand(instr, 0, index)
    r = _math(em.b, instr.opcode, x)
    et = instr.shape.etype
    return round_result(em.b, r, et) if et in F32_COMPUTED else r


# ------------------------------------------------------------------------------------------------
# stochastic-convert


def check_stochastic_convert(instr: Instruction) -> None:
    x, r = (o.shape for o in instr.operands)
    out = instr.shape
    if x.etype not in ("f16", "bf16", "f32", "f64") or ELEMENT_TYPES[out.etype].kind != "sint" or \
            ELEMENT_TYPES[r.etype].kind != "uint" or ELEMENT_TYPES[r.etype].bits != ELEMENT_TYPES[x.etype].bits \
            or r.dims != x.dims or out.dims != x.dims:
        raise CodegenError("stochastic-convert needs a float operand, unsigned random bits of its width and a "
                           "signed integer result", instr.loc)


@rule("stochastic-convert", check=check_stochastic_convert)
def stochastic_convert_rule(em: Elemental, instr: Instruction, index: Index):
    """XLA's StochasticConvertDecomposer: round |x| up when random < frac(|x|) * 2^bits(random),
    negate for negative x, saturate at the result's range (NaN -> 0)."""
    b = em.b
    xt = instr.operands[0].shape.etype
    rt = instr.operands[1].shape.etype
    to = instr.shape.etype
    x = em.operand(instr, 0, index)
    rnd = em.operand(instr, 1, index)
    ax = intrinsic(b, "fabs", [x])
    trunc = intrinsic(b, "floor", [ax])
    frac = b.fsub(ax, trunc)  # exact, also for f16/bf16 held in f32
    rbits = ELEMENT_TYPES[rt].bits
    scaled = b.fmul(frac, _c(frac, float(2.0**rbits)))  # a power of two: exact
    fixed = convert_value(em, scaled, "f32" if xt in F32_COMPUTED else xt, rt)
    up = b.icmp_unsigned("<", rnd, fixed)
    it = compute_type(to)
    t = convert_value(em, trunc, "f32" if xt in F32_COMPUTED else xt, to)
    t = b.select(up, b.add(t, const(it, 1)), t)
    res = b.select(b.fcmp_ordered("<", x, _c(x, 0.0)), b.neg(t), t)
    bits = ELEMENT_TYPES[to].bits
    lo, hi = -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    res = b.select(b.fcmp_ordered("<=", x, _c(x, float(lo))), const(it, lo), res)
    res = b.select(b.fcmp_ordered(">=", x, _c(x, float(hi))), const(it, hi), res)
    return b.select(b.fcmp_unordered("uno", x, x), const(it, 0), res)


# ------------------------------------------------------------------------------------------------
# set-dimension-size: the value itself (shapes are static here: the elements past the dynamic size,
# which XLA leaves unspecified, keep the operand's values, as in the interpreter). TensorFlow wraps
# top_k and argsort results in it.


@kernel.check("set-dimension-size")
def check_set_dimension_size(instr: Instruction) -> None:
    op = instr.operands[0].shape
    if op.is_tuple or instr.shape.dims != op.dims or instr.shape.etype != op.etype:
        raise CodegenError("set-dimension-size needs an array operand of its own shape", instr.loc)


@kernel("set-dimension-size")
def emit_set_dimension_size(ctx, instr: Instruction) -> None:
    copy_array(ctx.b, ctx.outputs[0], ctx.operands[0][0])


# ------------------------------------------------------------------------------------------------
# get-dimension-size: shapes are static here, so the size is a constant


@kernel.check("get-dimension-size")
def check_get_dimension_size(instr: Instruction) -> None:
    op = instr.operands[0].shape
    d = instr.attrs.get("dimensions", (None,))
    d = d[0] if isinstance(d, tuple) else d
    if op.is_tuple or d is None or not 0 <= d < op.rank or ELEMENT_TYPES[instr.shape.etype].kind != "sint":
        raise CodegenError("get-dimension-size needs an array operand and a dimension in range", instr.loc)


@kernel("get-dimension-size")
def emit_get_dimension_size(ctx, instr: Instruction) -> None:
    d = instr.attrs["dimensions"]
    d = d[0] if isinstance(d, tuple) else d
    out = ctx.outputs[0]
    out.store(ctx.b, Index(out.shape, [], None), const(compute_type(out.etype), instr.operands[0].shape.dims[d]))
