"""dot, ragged-dot, scaled-dot.

Semantics (XLA's HloEvaluator and XLA:CPU agree on these):
- Result dimensions: batch dims, then lhs free dims, then rhs free dims, each in operand order.
- Operands are first converted to the result element type (the evaluator's `Convert`), then
  multiplied and summed in an accumulation type and rounded once at the end (XLA:CPU upcasts
  bf16/f16/f8 dots to f32 and rounds once): f64 for f32 and narrower float results, c128 for c64,
  the type itself for f64 and c128, and 64-bit integers for integer results; integer results wrap
  around (two's complement), as XLA:CPU's integer dot does.
- Why f64 for f32: HLO leaves the order of a dot's sums open, and numpy's BLAS picks it by CPU
  (OpenBLAS's Haswell/Zen and SkylakeX kernels), operand layout and orientation. Summed in f32 the
  result's low bits followed that choice (a transposed dot rewritten as the swapped dot differed on
  a Zen 3 only); the f32 products are exact in f64 and its rounding errors are 2^-29 of an f32 ulp,
  so the rounded result is the same whatever the order, but for rare near-ties. XLA:CPU's own f32
  sums (Eigen's order) are within the tolerances every dot comparison with it allows.
- operand_precision and algorithm= are ignored: XLA:CPU returns the plain f32 product for every
  algorithm (dot_bf16_bf16_f32, dot_tf32_tf32_f32, ..._x3/_x6 checked), it does not round operands.
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
        return np.dtype(np.complex128)
    if et.is_float:
        return np.dtype(np.float64)
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


def _remap(d: int, at: int) -> int:
    """Dimension d of an operand after a new dimension is inserted at `at`."""
    return d if d < at else d + 1


def _dense_groups(x: np.ndarray, group_sizes: np.ndarray, ragged: int) -> np.ndarray:
    """x with a group dimension inserted after group_sizes' batch dims: group g keeps the entries of
    x's `ragged` dimension in [start_g, start_g + size_g) and zeros the others (XLA's RaggedToDense)."""
    nb = group_sizes.ndim - 1
    sizes = group_sizes.astype(np.int64)
    ends = np.cumsum(sizes, axis=-1)
    starts = ends - sizes
    pos = np.arange(x.shape[ragged])
    mask = (starts[..., None] <= pos) & (pos < ends[..., None])  # [b..., G, L]
    dense = np.expand_dims(x, nb)
    shape = [1] * dense.ndim
    for d in range(nb):
        shape[d] = group_sizes.shape[d]
    shape[nb] = group_sizes.shape[-1]
    shape[_remap(ragged, nb)] = x.shape[ragged]
    return np.where(mask.reshape(shape), dense, np.zeros((), x.dtype))


@handler("ragged-dot")
def ragged_dot(instr, args, ev):
    """ragged-dot(lhs, rhs, group_sizes), as XLA's RaggedDotRewriter defines it:
    - lhs ragged dim not contracting/batch: its rows are split into consecutive groups of
      group_sizes; each row is multiplied with rhs's slice along rhs_group_dims (rows past the last
      group give zeros);
    - ragged contracting dim: the contraction is split into groups, one result per group (a new
      leading output dimension);
    - ragged batch dim: an ordinary dot.
    XLA:CPU refuses ragged-dot ("not supported by XLA:CPU ThunkEmitter"), so there is no oracle."""
    lhs, rhs, group_sizes = (np.asarray(a) for a in args)
    dims = DotDims.of(instr)
    ragged_dims = instr.attrs.get("lhs_ragged_dims", ())
    if len(ragged_dims) != 1:
        raise RunError("ragged-dot needs exactly one lhs_ragged_dims entry", instr.loc)
    ragged = ragged_dims[0]
    etype = instr.shape.etype
    lhs, rhs = to_accumulation(lhs, etype), to_accumulation(rhs, etype)
    nb = group_sizes.ndim - 1
    if ragged in dims.lhs_batch:
        _check_dims(instr, lhs, rhs, dims)
        out = dot_general(lhs, rhs, dims)
    elif ragged in dims.lhs_contracting:
        rhs_ragged = dims.rhs_contracting[dims.lhs_contracting.index(ragged)]
        dl = np.moveaxis(_dense_groups(lhs, group_sizes, ragged), nb, 0)
        dr = np.moveaxis(_dense_groups(rhs, group_sizes, rhs_ragged), nb, 0)

        def shift(ds, at):  # after inserting at `at` and moving that dim to the front
            return tuple(_remap(d, at) + (1 if _remap(d, at) < at else 0) for d in ds)

        new = DotDims((0,) + shift(dims.lhs_batch, nb), (0,) + shift(dims.rhs_batch, nb),
                      shift(dims.lhs_contracting, nb), shift(dims.rhs_contracting, nb))
        out = dot_general(dl, dr, new)
    else:
        groups = instr.attrs.get("rhs_group_dims", ())
        if len(groups) != 1:
            raise RunError("ragged-dot with a ragged non-contracting dim needs one rhs_group_dims entry", instr.loc)
        dl = _dense_groups(lhs, group_sizes, ragged)
        new = DotDims(tuple(_remap(d, nb) for d in dims.lhs_batch), dims.rhs_batch,
                      (nb,) + tuple(_remap(d, nb) for d in dims.lhs_contracting),
                      (groups[0],) + tuple(dims.rhs_contracting))
        out = dot_general(dl, rhs, new)
    if tuple(out.shape) != tuple(instr.shape.dims):
        raise RunError(f"ragged-dot computes {list(out.shape)}, the shape says {list(instr.shape.dims)}", instr.loc)
    return from_accumulation(out, etype)


def _dequantize(x: np.ndarray, scale: np.ndarray) -> np.ndarray:
    """x * scale, each scale element covering a block of x (x.shape[i] / scale.shape[i] along dim i)."""
    if scale.ndim == 0:
        return x  # XLA's ScaledDotRewriter leaves an operand with a scalar scale unscaled
    if scale.ndim != x.ndim or any(a % b for a, b in zip(x.shape, scale.shape)):
        raise RunError(f"scaled-dot: scale {list(scale.shape)} does not tile operand {list(x.shape)}")
    for axis, (a, b) in enumerate(zip(x.shape, scale.shape)):
        if a != b:
            scale = np.repeat(scale, a // b, axis=axis)
    return x * scale


@handler("scaled-dot")
def scaled_dot(instr, args, ev):
    """scaled-dot(lhs, rhs, lhs_scale, rhs_scale): block-dequantize each operand (operand * scale
    repeated over blocks), then dot; as XLA's ScaledDotRewriter (GPU) lowers it, with f32/f64
    arithmetic. XLA:CPU cannot run scaled-dot (it does not survive the StableHLO import)."""
    lhs, rhs, ls, rs = (np.asarray(a) for a in args)
    etype = instr.shape.etype
    acc = accumulation_dtype(etype)
    work = np.float64 if ELEMENT_TYPES[etype].bits == 64 else np.float32
    lhs = _dequantize(lhs.astype(work), ls.astype(work))
    rhs = _dequantize(rhs.astype(work), rs.astype(work))
    dims = DotDims.of(instr)
    _check_dims(instr, lhs, rhs, dims)
    out = dot_general(lhs.astype(acc), rhs.astype(acc), dims)
    return from_accumulation(out, etype).reshape(instr.shape.dims)
