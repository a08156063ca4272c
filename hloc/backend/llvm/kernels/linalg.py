"""cholesky and triangular-solve, batched over the leading dimensions, in the operand's precision
(f16/bf16 in f32, rounded once on store).

cholesky (XLA's CholeskyExpander): lower=true gives L with a = L L^H, reading only the lower
triangle of a; lower=false gives U with a = U^H U from the upper triangle (the lower problem of
a^H, conjugate-transposed back). The other triangle of the result is zero. Column by column:
L[j,j] = sqrt(a[j,j] - sum_k |L[j,k]|^2) (the real part for complex), L[i,j] = (a[i,j] -
sum_k L[i,k] conj(L[j,k])) / L[j,j]. A matrix whose pivot is NaN (not positive definite) comes out
entirely NaN, as XLA's `seen_error` select does; other matrices of the batch are unaffected.

triangular-solve: op(a) x = b (left_side) or x op(a) = b, op = a, a^T or a^H (transpose_a),
reading only the lower/upper triangle of a (and not its diagonal when unit_diagonal), by forward or
backward substitution in the output buffer; a zero pivot gives inf/NaN, as on XLA.
"""

from __future__ import annotations

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.module import Instruction
from ..elemental import IrArray, binary_op
from ..llvmir.irutil import Var
from ..llvmir.irvalues import I1, Cplx, compute_type, intrinsic
from ..llvmir.loops import Index, for_range, loop_nest
from . import kernel
from .indexing import i64

REAL = ("f16", "bf16", "f32", "f64")
COMPLEX = ("c64", "c128")


def _arith_etype(etype: str) -> str:
    return "f32" if etype in ("f16", "bf16") else etype


class _Scalar:
    """Arithmetic on compute values of one element type (complex or real)."""

    def __init__(self, ctx, etype: str):
        self.ctx = ctx
        self.b = ctx.b
        self.et = _arith_etype(etype)
        self.cplx = etype in COMPLEX
        self.em = ctx.elemental({})
        self.ft = compute_type(etype)

    def op(self, name, x, y):
        return binary_op(self.em, name, self.et, x, y)

    def conj(self, x):
        return Cplx(x.re, self.b.fneg(x.im)) if self.cplx else x

    def zero(self):
        z = ir.Constant(self.ft, 0.0)
        return Cplx(z, z) if self.cplx else z

    def nan(self):
        n = ir.Constant(self.ft, float("nan"))
        return Cplx(n, n) if self.cplx else n

    def new_var(self, init):
        if self.cplx:
            return _CplxVar(self.b, init)
        return Var(self.b, self.ft, init)


class _CplxVar:
    def __init__(self, b, init: Cplx):
        self.re = Var(b, init.re.type, init.re)
        self.im = Var(b, init.im.type, init.im)

    def get(self):
        return Cplx(self.re.get(), self.im.get())

    def set(self, v):
        self.re.set(v.re)
        self.im.set(v.im)


def _matrix_check(instr: Instruction, shape, what: str) -> None:
    if shape.is_tuple or shape.rank < 2 or shape.dims[-1] != shape.dims[-2]:
        raise CodegenError(f"{instr.opcode}: {what} must be (batched) square matrices, got {shape}", instr.loc)
    if shape.etype not in REAL + COMPLEX:
        raise CodegenError(f"{instr.opcode} on {shape.etype} is not supported", instr.loc)


@kernel.check("cholesky")
def check_cholesky(instr: Instruction) -> None:
    a = instr.operands[0].shape
    _matrix_check(instr, a, "the operand")
    if instr.shape.dims != a.dims or instr.shape.etype != a.etype:
        raise CodegenError("cholesky: the result must have the operand's shape", instr.loc)


@kernel("cholesky")
def emit_cholesky(ctx, instr: Instruction) -> None:
    b = ctx.b
    a: IrArray = ctx.operands[0][0]
    out: IrArray = ctx.outputs[0]
    shape = a.shape
    n = shape.dims[-1]
    if shape.num_elements == 0:
        return
    lower = bool(instr.attrs.get("lower", False))
    s = _Scalar(ctx, shape.etype)
    rank = shape.rank
    batch = list(range(rank - 2))

    def idx(arr, bm, r, c):
        m = list(bm)
        m[rank - 2], m[rank - 1] = r, c
        return Index(arr.shape, m, None)

    # the lower problem: A'[r, c] = a[r, c] (lower) or conj(a[c, r]); L' goes to out[r, c] or conj to out[c, r]
    def a_at(bm, r, c):
        return a.load(b, idx(a, bm, r, c)) if lower else s.conj(a.load(b, idx(a, bm, c, r)))

    def l_at(bm, r, c):
        return out.load(b, idx(out, bm, r, c)) if lower else s.conj(out.load(b, idx(out, bm, c, r)))

    def l_set(bm, r, c, v):
        if lower:
            out.store(b, idx(out, bm, r, c), v)
        else:
            out.store(b, idx(out, bm, c, r), s.conj(v))

    with loop_nest(b, shape, "bat", batch) as bm:
        with for_range(b, n, "zr") as r, for_range(b, n, "zc") as c:
            out.store(b, idx(out, bm, r, c), s.zero())
        err = Var(b, I1, ir.Constant(I1, 0))
        with for_range(b, n, "col") as j:
            acc = s.new_var(a_at(bm, j, j))
            with for_range(b, j, "k") as k:
                ljk = l_at(bm, j, k)
                acc.set(s.op("subtract", acc.get(), s.op("multiply", ljk, s.conj(ljk))))
            piv = acc.get()
            if s.cplx:
                root = intrinsic(b, "sqrt", [piv.re])
                d = Cplx(root, ir.Constant(root.type, 0.0))
            else:
                root = d = intrinsic(b, "sqrt", [piv])
            err.set(b.or_(err.get(), b.fcmp_unordered("uno", root, root)))
            l_set(bm, j, j, d)
            with for_range(b, n, "row", start=b.add(j, i64(1))) as i:
                v = s.new_var(a_at(bm, i, j))
                with for_range(b, j, "k2") as k:
                    v.set(s.op("subtract", v.get(), s.op("multiply", l_at(bm, i, k), s.conj(l_at(bm, j, k)))))
                l_set(bm, i, j, s.op("divide", v.get(), d))
        with b.if_then(err.get()), for_range(b, n, "nr") as r, for_range(b, n, "nc") as c:
            out.store(b, idx(out, bm, r, c), s.nan())


@kernel.check("triangular-solve")
def check_triangular_solve(instr: Instruction) -> None:
    a, bb = (o.shape for o in instr.operands)
    _matrix_check(instr, a, "a")
    left = bool(instr.attrs.get("left_side", False))
    m = a.dims[-1]
    if bb.is_tuple or bb.rank != a.rank or bb.dims[:-2] != a.dims[:-2] or \
            (bb.dims[-2] if left else bb.dims[-1]) != m or bb.etype != a.etype:
        raise CodegenError(f"triangular-solve: b {bb} does not match a {a}", instr.loc)
    if instr.shape.dims != bb.dims or instr.shape.etype != bb.etype:
        raise CodegenError("triangular-solve: the result must have b's shape", instr.loc)
    if instr.attrs.get("transpose_a", "NO_TRANSPOSE") not in ("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"):
        raise CodegenError(f"triangular-solve: transpose_a={instr.attrs.get('transpose_a')}", instr.loc)


@kernel("triangular-solve")
def emit_triangular_solve(ctx, instr: Instruction) -> None:
    b = ctx.b
    a: IrArray = ctx.operands[0][0]
    rhs: IrArray = ctx.operands[1][0]
    out: IrArray = ctx.outputs[0]
    if out.shape.num_elements == 0:
        return
    left = bool(instr.attrs.get("left_side", False))
    lower = bool(instr.attrs.get("lower", False))
    unit = bool(instr.attrs.get("unit_diagonal", False))
    trans = instr.attrs.get("transpose_a", "NO_TRANSPOSE")
    s = _Scalar(ctx, a.shape.etype)
    rank = a.shape.rank
    m = a.shape.dims[-1]
    ncols = out.shape.dims[-1] if left else out.shape.dims[-2]

    def idx(arr, bm, r, c):
        mi = list(bm)
        mi[rank - 2], mi[rank - 1] = r, c
        return Index(arr.shape, mi, None)

    def op_a(bm, r, c):  # op(a)[r, c], only ever asked inside op(a)'s triangle
        if trans == "NO_TRANSPOSE":
            return a.load(b, idx(a, bm, r, c))
        v = a.load(b, idx(a, bm, c, r))
        return s.conj(v) if trans == "ADJOINT" else v

    # op(a) is lower when a's triangle is lower and not transposed, or upper and transposed
    op_lower = lower == (trans == "NO_TRANSPOSE")
    # left: rows of x in substitution order; right: columns (x op(a) = b walks op(a)'s columns)
    forward = op_lower if left else not op_lower

    def x_at(bm, i, col):
        return out.load(b, idx(out, bm, i, col) if left else idx(out, bm, col, i))

    def b_at(bm, i, col):
        return rhs.load(b, idx(rhs, bm, i, col) if left else idx(rhs, bm, col, i))

    def x_set(bm, i, col, v):
        out.store(b, idx(out, bm, i, col) if left else idx(out, bm, col, i), v)

    with loop_nest(b, out.shape, "bat", list(range(rank - 2))) as bm, for_range(b, m, "step") as t:
        i = t if forward else b.sub(i64(m - 1), t)
        # the already solved unknowns: k < i (forward) or k > i (backward)
        k_lo, k_hi = (i64(0), i) if forward else (b.add(i, i64(1)), i64(m))
        with for_range(b, ncols, "col") as col:
            acc = s.new_var(b_at(bm, i, col))
            with for_range(b, k_hi, "k", start=k_lo) as k:
                coef = op_a(bm, i, k) if left else op_a(bm, k, i)
                acc.set(s.op("subtract", acc.get(), s.op("multiply", coef, x_at(bm, k, col))))
            v = acc.get() if unit else s.op("divide", acc.get(), op_a(bm, i, i))
            x_set(bm, i, col, v)

