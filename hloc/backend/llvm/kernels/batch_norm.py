"""batch-norm-training, batch-norm-inference, batch-norm-grad with the formulas of XLA's
BatchNormExpander (which XLA:CPU runs), N = elements per feature, sums over every dimension but
feature_index, in the compute type (f32 for f16/bf16/f32, f64 for f64), each result rounded once:

training:  mean = sum(x)/N;  var = max(sum(x*x)/N - mean^2, 0);  y = (x - mean) * rsqrt(var + eps) * scale + offset
inference: s = scale * rsqrt(var + eps);  y = x * s + (offset - mean * s)
grad:      r = rsqrt(var + eps);  d = x - mean;  g_offset = sum(dy);  g_scale = sum(dy * d) * r;
           dx = (scale * r / N) * (dy * N - g_offset - d * sum(dy * d) / (var + eps))

Per-feature sums live in the scratch memory; x is walked in its layout order.
"""

from __future__ import annotations

import llvmlite.ir as ir
import numpy as np

from ....errors import CodegenError
from ....ir.module import Instruction
from ..elemental import IrArray
from ..llvmir.irvalues import F32, F64, intrinsic
from ..llvmir.loops import Index, for_range, index_loop
from . import kernel
from .indexing import i64

OPS = ("batch-norm-training", "batch-norm-inference", "batch-norm-grad")


def _ct(etype: str):
    return F64 if etype == "f64" else F32


@kernel.check(*OPS)
def check_batch_norm(instr: Instruction) -> None:
    x = instr.operands[0].shape
    f = instr.attrs.get("feature_index", -1)
    if x.is_tuple or x.etype not in ("f16", "bf16", "f32", "f64") or not 0 <= f < x.rank:
        raise CodegenError(f"{instr.opcode}: a float operand and a feature_index in range are required", instr.loc)
    nf = x.dims[f]
    outs = instr.shape.tuple_shapes if instr.shape.is_tuple else (instr.shape,)
    for o in instr.operands[1:]:
        if o.shape.is_tuple or (o.shape.dims != (nf,) and o.shape.dims != x.dims) or o.shape.etype != x.etype:
            raise CodegenError(f"{instr.opcode}: operand {o.shape} does not match x {x} / {nf} features", instr.loc)
    if outs[0].dims != x.dims or any(o.dims != (nf,) for o in outs[1:]):
        raise CodegenError(f"{instr.opcode}: result {instr.shape} does not match x {x}", instr.loc)


@kernel.scratch(*OPS)
def batch_norm_scratch(instr: Instruction, emitter=None) -> int:
    x = instr.operands[0].shape
    return 8 * 4 * x.dims[instr.attrs["feature_index"]]


class _Features:
    """A per-feature array of compute values in the scratch memory."""

    def __init__(self, b, base, slot: int, nf: int, ct):
        self.b = b
        self.ct = ct
        self.ptr = b.gep(base, [i64(slot * nf)], inbounds=True, source_etype=ct)

    def at(self, f):
        return self.b.gep(self.ptr, [f], inbounds=True, source_etype=self.ct)

    def load(self, f):
        return self.b.load(self.at(f), typ=self.ct)

    def store(self, f, v):
        self.b.store(v, self.at(f))


def _wide(b, v, ct):
    return b.fpext(v, ct) if v.type != ct and ct == F64 else v


def _narrow(b, v, arr: IrArray):
    """A compute value (f32/f64) for storing into arr (f16/bf16/f32 stores round through f32)."""
    return b.fptrunc(v, F32) if v.type == F64 and arr.etype != "f64" else v


def _feature_load(b, arr: IrArray, f, ct):
    return _wide(b, arr.load(b, Index(arr.shape, [f], None)), ct)


def _rsqrt(b, v):
    return b.fdiv(ir.Constant(v.type, 1.0), intrinsic(b, "sqrt", [v]))


def _sums(b, x: IrArray, fi: int, accs: list[_Features], terms, nf: int, ct) -> None:
    """accs[k][f] = sum over the elements of feature f of terms(index, f)[k]."""
    zero = ir.Constant(ct, 0.0)
    with for_range(b, nf, "z") as f:
        for a in accs:
            a.store(f, zero)
    with index_loop(b, x.shape, False, "x") as index:
        f = index.get_multi(b)[fi]
        for a, v in zip(accs, terms(index, f)):
            a.store(f, b.fadd(a.load(f), v))


@kernel(*OPS)
def emit_batch_norm(ctx, instr: Instruction) -> None:
    b = ctx.b
    op = instr.opcode
    arrs = [o[0] for o in ctx.operands]
    x = arrs[0]
    fi = instr.attrs["feature_index"]
    nf = x.shape.dims[fi]
    if x.shape.num_elements == 0:
        return
    ct = _ct(x.etype)
    n = x.shape.num_elements // nf
    count = ir.Constant(ct, float(n))
    eps = ir.Constant(ct, float(np.float32(instr.attrs.get("epsilon", 0.0))))  # XLA holds it as f32
    feats = [_Features(b, ctx.scratch, k, nf, ct) for k in range(4)]
    outs = ctx.outputs

    def xv(index):
        return _wide(b, x.load(b, index), ct)

    if op == "batch-norm-training":
        scale, offset = arrs[1], arrs[2]
        total, sq = feats[0], feats[1]
        _sums(b, x, fi, [total, sq], lambda i, f: (xv(i), b.fmul(xv(i), xv(i))), nf, ct)
        mean, rstd = feats[2], feats[3]
        with for_range(b, nf, "f") as f:
            m = b.fdiv(total.load(f), count)
            var = intrinsic(b, "maximum", [b.fsub(b.fdiv(sq.load(f), count), b.fmul(m, m)), ir.Constant(ct, 0.0)])
            mean.store(f, m)
            rstd.store(f, _rsqrt(b, b.fadd(var, eps)))
            outs[1].store(b, Index(outs[1].shape, [f], None), _narrow(b, m, outs[1]))
            outs[2].store(b, Index(outs[2].shape, [f], None), _narrow(b, var, outs[2]))
        with index_loop(b, x.shape, False, "y") as index:
            f = index.get_multi(b)[fi]
            y = b.fmul(b.fmul(b.fsub(xv(index), mean.load(f)), rstd.load(f)), _feature_load(b, scale, f, ct))
            y = b.fadd(y, _feature_load(b, offset, f, ct))
            outs[0].store(b, index.for_shape(b, outs[0].shape), _narrow(b, y, outs[0]))
        return
    if op == "batch-norm-inference":
        scale, offset, mean_a, var_a = arrs[1:5]
        s, shift = feats[0], feats[1]
        with for_range(b, nf, "f") as f:
            sv = b.fmul(_feature_load(b, scale, f, ct), _rsqrt(b, b.fadd(_feature_load(b, var_a, f, ct), eps)))
            s.store(f, sv)
            shift.store(f, b.fsub(_feature_load(b, offset, f, ct), b.fmul(_feature_load(b, mean_a, f, ct), sv)))
        with index_loop(b, x.shape, False, "y") as index:
            f = index.get_multi(b)[fi]
            y = b.fadd(b.fmul(xv(index), s.load(f)), shift.load(f))
            outs[0].store(b, index.for_shape(b, outs[0].shape), _narrow(b, y, outs[0]))
        return
    # batch-norm-grad
    scale, mean_a, var_a, dy_a = arrs[1:5]

    def dyv(index):
        return _wide(b, dy_a.load(b, index.for_shape(b, dy_a.shape)), ct)

    sum_dy, sum_dyd = feats[0], feats[1]
    _sums(b, x, fi, [sum_dy, sum_dyd],
          lambda i, f: (dyv(i), b.fmul(dyv(i), b.fsub(xv(i), _feature_load(b, mean_a, f, ct)))), nf, ct)
    coef, var_eps = feats[2], feats[3]
    with for_range(b, nf, "f") as f:
        ve = b.fadd(_feature_load(b, var_a, f, ct), eps)
        r = _rsqrt(b, ve)
        var_eps.store(f, ve)
        coef.store(f, b.fdiv(b.fmul(_feature_load(b, scale, f, ct), r), count))
        outs[1].store(b, Index(outs[1].shape, [f], None), _narrow(b, b.fmul(sum_dyd.load(f), r), outs[1]))
        outs[2].store(b, Index(outs[2].shape, [f], None), _narrow(b, sum_dy.load(f), outs[2]))
    with index_loop(b, x.shape, False, "dx") as index:
        f = index.get_multi(b)[fi]
        d = b.fsub(xv(index), _feature_load(b, mean_a, f, ct))
        i5 = b.fdiv(b.fmul(sum_dyd.load(f), d), var_eps.load(f))
        i6 = b.fsub(b.fsub(b.fmul(dyv(index), count), sum_dy.load(f)), i5)
        outs[0].store(b, index.for_shape(b, outs[0].shape), _narrow(b, b.fmul(coef.load(f), i6), outs[0]))
