"""cholesky and triangular-solve, batched over leading dimensions.

cholesky (XLA's CholeskyExpander, which XLA:CPU uses): lower=true gives L with a = L L^H reading only
the lower triangle of a; lower=false gives U with a = U^H U reading only the upper triangle. The
other triangle of the result is zero. When a matrix is not positive definite (a pivot's square root
is NaN) the whole matrix of the result is NaN; other matrices of the batch are unaffected.

triangular-solve: solves op(a) x = b (left_side) or x op(a) = b, op = a, a^T or a^H (transpose_a),
reading only the lower/upper triangle of a (and not its diagonal when unit_diagonal); by forward or
back substitution, so a zero pivot gives inf/NaN as XLA does, not an exception.

Both compute in the operand's type (f32 stays f32), vectorized over the batch, one Python step per
row/column.
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ..registry import handler


def _compute_dtype(dtype: np.dtype) -> np.dtype:
    dtype = np.dtype(dtype)
    if dtype.kind in "fc" and dtype.itemsize >= 4:
        return dtype
    return np.dtype(np.float32)  # f16/bf16 inputs: work in f32, round once


def cholesky_lower(a: np.ndarray) -> np.ndarray:
    """Lower Cholesky factor from the lower triangle of a [..., n, n]; NaN matrices where a is not PD."""
    n = a.shape[-1]
    lo = np.zeros_like(a)
    err = np.zeros(a.shape[:-2], bool)
    with np.errstate(all="ignore"):
        for j in range(n):
            row = lo[..., j, :j]
            pivot = a[..., j, j] - np.sum(row * np.conj(row), axis=-1)
            if np.iscomplexobj(a):
                root = np.sqrt(pivot.real)
                err |= np.isnan(root)
                ljj = root.astype(a.dtype)
            else:
                ljj = np.sqrt(pivot)
                err |= np.isnan(ljj)
            lo[..., j, j] = ljj
            if j + 1 < n:
                col = a[..., j + 1:, j] - np.einsum("...ik,...k->...i", lo[..., j + 1:, :j], np.conj(row))
                lo[..., j + 1:, j] = col / ljj[..., None]
    return np.where(err[..., None, None], np.array(np.nan, a.dtype), lo)


@handler("cholesky")
def cholesky(instr, args, ev):
    a = np.asarray(args[0])
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise RunError(f"cholesky needs batched square matrices, got {list(a.shape)}", instr.loc)
    lower = bool(instr.attrs.get("lower", False))
    work = a.astype(_compute_dtype(a.dtype))
    if not lower:
        work = np.swapaxes(work, -1, -2)  # the upper triangle, read as the lower one
    res = cholesky_lower(work)
    if not lower:
        res = np.swapaxes(res, -1, -2)
    return np.ascontiguousarray(res.astype(instr.shape.dtype))


def _solve_lower_left(t: np.ndarray, b: np.ndarray, unit: bool) -> np.ndarray:
    """x with t x = b, t [..., m, m] lower triangular, b [..., m, n] (forward substitution)."""
    m = t.shape[-1]
    x = np.zeros(np.broadcast_shapes(t.shape[:-2], b.shape[:-2]) + b.shape[-2:], b.dtype)
    for i in range(m):
        acc = b[..., i, :] - np.einsum("...k,...kn->...n", t[..., i, :i], x[..., :i, :])
        x[..., i, :] = acc if unit else acc / t[..., i, i][..., None]
    return x


@handler("triangular-solve")
def triangular_solve(instr, args, ev):
    a, b = np.asarray(args[0]), np.asarray(args[1])
    left = bool(instr.attrs.get("left_side", False))
    lower = bool(instr.attrs.get("lower", False))
    unit = bool(instr.attrs.get("unit_diagonal", False))
    trans = instr.attrs.get("transpose_a", "NO_TRANSPOSE")
    if a.ndim < 2 or a.shape[-1] != a.shape[-2]:
        raise RunError(f"triangular-solve needs batched square matrices a, got {list(a.shape)}", instr.loc)
    m = a.shape[-1]
    if (b.shape[-2] if left else b.shape[-1]) != m:
        raise RunError(f"triangular-solve: b {list(b.shape)} does not match a {list(a.shape)}", instr.loc)
    dtype = _compute_dtype(a.dtype)
    t = np.tril(a) if lower else np.triu(a)
    t = t.astype(dtype)
    if trans == "TRANSPOSE":
        t, lower = np.swapaxes(t, -1, -2), not lower
    elif trans == "ADJOINT":
        t, lower = np.conj(np.swapaxes(t, -1, -2)), not lower
    b = b.astype(dtype)
    # Right side: x t = b  <=>  t^T x^T = b^T.
    if not left:
        t, lower, b = np.swapaxes(t, -1, -2), not lower, np.swapaxes(b, -1, -2)
    # Upper: reverse rows and columns to make it lower.
    if not lower:
        t = t[..., ::-1, ::-1]
        b = b[..., ::-1, :]
    with np.errstate(all="ignore"):
        x = _solve_lower_left(t, b, unit)
    if not lower:
        x = x[..., ::-1, :]
    if not left:
        x = np.swapaxes(x, -1, -2)
    return np.ascontiguousarray(x.astype(instr.shape.dtype))
