"""dot, ragged-dot, scaled-dot.

Semantics (XLA's HloEvaluator and XLA:CPU agree on these):
- Result dimensions: batch dims, then lhs free dims, then rhs free dims, each in operand order.
- Operands are first converted to the result element type (the evaluator's `Convert`), then
  multiplied and summed in an accumulation type: f32 for f32 and narrower float results (XLA:CPU
  upcasts bf16/f16/f8 dots to f32 and rounds once at the end), f64 for f64, the complex type for
  complex results, and 64-bit integers for integer results; integer results wrap around (two's
  complement), as XLA:CPU's integer dot does.
- operand_precision does not change results on CPU; it is ignored.
"""

from __future__ import annotations

import math

import numpy as np

from ...errors import RunError
from ...ir.attrs import DotDims
from ...ir.types import ELEMENT_TYPES
from ..registry import handler


def accumulation_dtype(etype: str) -> np.dtype:
    """The numpy type products are summed in for a dot/convolution producing `etype`."""
    et = ELEMENT_TYPES[etype]
    if et.kind in ("pred", "sint"):
        return np.dtype(np.int64)
    if et.kind == "uint":
        return np.dtype(np.uint64)
    if et.is_complex:
        return np.dtype(np.complex128 if et.bits == 128 else np.complex64)
    if et.is_float:
        return np.dtype(np.float64 if et.bits == 64 else np.float32)
    raise RunError(f"dot/convolution does not support element type {etype}")


def to_accumulation(x: np.ndarray, etype: str) -> np.ndarray:
    """Convert an operand to the result type (as XLA does first), then to the accumulation type."""
    res = ELEMENT_TYPES[etype].np_dtype
    acc = accumulation_dtype(etype)
    x = np.asarray(x)
    if x.dtype != res:
        with np.errstate(all="ignore"):
            x = x.astype(res)
    return x.astype(acc, copy=False)


def from_accumulation(x: np.ndarray, etype: str) -> np.ndarray:
    """Round/wrap an accumulated result to the result element type."""
    et = ELEMENT_TYPES[etype]
    if et.kind == "pred":
        return x != 0
    with np.errstate(all="ignore"):
        return x.astype(et.np_dtype)


def dot_general(lhs: np.ndarray, rhs: np.ndarray, dims: DotDims) -> np.ndarray:
    """Batched matrix product in the operands' (common) dtype; result dims: batch, lhs free, rhs free."""
    lb, rb, lc, rc = dims.lhs_batch, dims.rhs_batch, dims.lhs_contracting, dims.rhs_contracting
    lf = [d for d in range(lhs.ndim) if d not in lb and d not in lc]
    rf = [d for d in range(rhs.ndim) if d not in rb and d not in rc]
    batch = [lhs.shape[d] for d in lb]
    m = [lhs.shape[d] for d in lf]
    n = [rhs.shape[d] for d in rf]
    k = math.prod(lhs.shape[d] for d in lc)
    a = lhs.transpose(list(lb) + lf + list(lc)).reshape(math.prod(batch), math.prod(m), k)
    b = rhs.transpose(list(rb) + list(rc) + rf).reshape(math.prod(batch), k, math.prod(n))
    if a.dtype.kind in "iu":
        # numpy's integer matmul is a naive loop; wrap-around is what XLA does anyway.
        out = np.einsum("bmk,bkn->bmn", a, b)
    else:
        out = np.matmul(a, b)
    return out.reshape(batch + m + n)


def _check_dims(instr, lhs, rhs, dims: DotDims) -> None:
    if len(dims.lhs_batch) != len(dims.rhs_batch) or len(dims.lhs_contracting) != len(dims.rhs_contracting):
        raise RunError("dot: lhs and rhs have different numbers of batch or contracting dimensions", instr.loc)
    for a, b in zip(dims.lhs_batch + dims.lhs_contracting, dims.rhs_batch + dims.rhs_contracting):
        if lhs.shape[a] != rhs.shape[b]:
            raise RunError(f"dot: lhs dimension {a} ({lhs.shape[a]}) does not match rhs dimension {b} "
                           f"({rhs.shape[b]})", instr.loc)


@handler("dot")
def dot(instr, args, ev):
    lhs, rhs = args[0], args[1]
    dims = DotDims.of(instr)
    _check_dims(instr, lhs, rhs, dims)
    etype = instr.shape.etype
    out = dot_general(to_accumulation(lhs, etype), to_accumulation(rhs, etype), dims)
    return from_accumulation(out, etype).reshape(instr.shape.dims)
