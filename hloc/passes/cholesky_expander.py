"""cholesky-expander: cholesky as plain HLO, XLA's CholeskyExpander algorithm (which XLA:CPU runs):

    blocked left-looking Cholesky (blocks of 128): per diagonal block
        panel = a[i:, i:i+k] - l[i:, :i] @ l[i:i+k, :i]^H
        l[i:i+k, i:i+k] = unblocked(panel[:k])     a while loop over the columns:
                                                    l += select(column j, below the diagonal,
                                                                (a - l l^H) / sqrt((a - l l^H)[j, j]), 0)
        l[i+k:, i:i+k] = panel[k:] solved against that block's adjoint (a triangular-solve, which
                         triangular-solve-expander expands)
    a matrix whose factorization meets a NaN square root is all NaN

lower=false factors the transpose and transposes back (U with a = U^H U from the upper triangle).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..ir.module import Instruction, Module
from ..ir.types import Shape
from .base import Pass, option, register_pass
from .hlo_builder import Builder, new_computation
from .linalg_util import Linalg
from .rewrite import post_order_of, replace_instruction


@dataclass(frozen=True)
class CholeskyExpanderOptions:
    block_size: int = option(128, "columns factored per block (XLA: 128)", min=1)


def _sqrt_diag(la: Linalg, x: Instruction) -> tuple[Instruction, Instruction]:
    """sqrt of a [..., 1, 1] pivot (of its real part for complex) and whether it is NaN."""
    b = la.b
    if x.shape.element_type.kind == "complex":
        real_t = "f32" if x.shape.etype == "c64" else "f64"
        s = b.unary("sqrt", b.add("real", Shape(real_t, x.shape.dims), [x]))
        return b.add("complex", x.shape.with_dims(x.shape.dims), [s, la.zeros_like(s)]), la.is_nan(s)
    s = b.unary("sqrt", x)
    return s, la.is_nan(s)


def _unblocked(la: Linalg, module: Module, before, a: Instruction) -> tuple[Instruction, Instruction]:
    """CholeskyUnblocked: (l, error[..., 1, 1]) by a while loop over the n columns."""
    b = la.b
    n = a.shape.dims[-1]
    r = a.shape.rank
    err_shape = Shape("pred", la.batch(a) + (1, 1))
    state = Shape.tuple([Shape.scalar("s32"), a.shape.with_dims(a.shape.dims), a.shape.with_dims(a.shape.dims),
                         err_shape])
    cond, cb, (cp,) = new_computation(module, "unblocked_cond", [state], before=before)
    cond.root = cb.compare(cb.gte(cp, 0), cb.scalar(n, "s32"), "LT")
    body, bb, (bp,) = new_computation(module, "unblocked_body", [state], before=before)
    bl = Linalg(bb)
    i, ba, l, err = (bb.gte(bp, k) for k in range(4))
    ishape = Shape("s32", a.shape.dims)
    column = bb.iota(ishape, r - 1)
    row = bb.iota(ishape, r - 2)
    mask = bb.and_(bb.compare(row, column, "GE"), bb.compare(column, bb.broadcast(i, a.shape.dims, ()), "EQ"))
    resid = bb.sub(ba, bl.batch_dot(l, False, bl.conj(l), True))  # A - L L^H
    pivot, nan = _sqrt_diag(bl, bl.dynamic_slice_minor(resid, [i, i], [1, 1]))
    err = bb.or_(err, nan)
    # L += (A - L L^H) / sqrt(pivot) on column i below the diagonal
    l = bb.add_(bb.select(mask, bb.div(resid, bl.per_matrix(pivot, resid)), bl.zeros_like(resid)), l)
    body.root = bb.tuple([bb.add_(i, bb.scalar(1, "s32")), ba, l, err])
    init = b.tuple([b.scalar(0, "s32"), a, la.zeros_like(a), b.full(False, err_shape)])
    w = b.while_(init, cond, body)
    return b.gte(w, 2), b.gte(w, 3)


def build_cholesky(b: Builder, module: Module, before, a: Instruction, lower: bool, block_size: int) -> Instruction:
    la = Linalg(b)
    if not lower:
        a = la.transpose_minor(a)
    n = a.shape.dims[-1]
    r = a.shape.rank
    l = la.zeros_like(a)
    err = b.full(False, Shape("pred", la.batch(a) + (1, 1)))
    for i in range(0, n, block_size):
        k = min(block_size, n - i)
        panel = la.slice_minor(a, (i, i), (n, i + k))
        if i > 0:
            lhs = la.slice_minor(l, (i, 0), (n, i))
            rhs = la.slice_minor(l, (i, 0), (i + k, i))
            panel = b.sub(panel, la.batch_dot(lhs, False, la.conj(rhs), True))
        x = la.slice_minor(panel, (0, 0), (k, k))
        if k == 1:
            factor, bad = _sqrt_diag(la, x)
        else:
            factor, bad = _unblocked(la, module, before, x)
        err = b.or_(err, bad)
        l = la.update_slice_minor(l, factor, (i, i))
        if i + k < n:
            below = la.slice_minor(panel, (k, 0), (n - i, k))
            update = b.add("triangular-solve", below.shape.with_dims(below.shape.dims), [factor, below],
                           left_side=False, lower=True, unit_diagonal=False, transpose_a="ADJOINT")
            l = la.update_slice_minor(l, update, (i + k, i))
    nan = b.full(np.nan, l.shape) if l.shape.element_type.kind != "complex" else \
        b.full(complex(np.nan, 0), l.shape)
    l = b.select(b.broadcast(b.reshape(err, la.batch(a)), l.shape.dims, tuple(range(r - 2))), nan, l)
    return l if lower else la.transpose_minor(l)


@register_pass
class CholeskyExpander(Pass):
    name = "cholesky-expander"
    summary = "expand cholesky into XLA's blocked left-looking factorization (while loops, dots)"
    Options = CholeskyExpanderOptions

    def run(self, module: Module) -> bool:
        changed = False
        for comp in list(module.computations):
            for ch in post_order_of(comp, ("cholesky",)):
                a = ch.operands[0]
                if a.shape.rank < 2 or not a.shape.is_static or a.shape.dims[-1] != a.shape.dims[-2]:
                    continue
                b = Builder(comp)
                result = build_cholesky(b, module, comp, a, bool(ch.attrs.get("lower", False)),
                                        self.options.block_size)
                name = ch.name
                replace_instruction(ch, result)
                comp.rename(result, name)
                changed = True
        return changed
