"""gather: full GatherDimensionNumbers, including operand_batching_dims and index_vector_dim == rank.

Out-of-bounds starts are clamped so that the whole slice fits in the operand (XLA's semantics, as in
HloEvaluator::HandleGather and the dynamic-slice rule): start[d] = clamp(start[d], 0, dim[d] - slice[d]).
Vectorized: every output element's linear operand index is computed at once and read with one take.
"""

from __future__ import annotations

import math

import numpy as np

from ...errors import RunError
from ...ir.attrs import GatherDims
from ..registry import handler


def index_vectors(indices: np.ndarray, index_vector_dim: int) -> np.ndarray:
    """Start indices as int64 with the index vector last: [*batch, k] (a trailing 1 when idx dim == rank)."""
    idx = np.asarray(indices)
    if idx.dtype.kind == "u":
        idx = np.minimum(idx, np.uint64(1 << 62))  # huge unsigned starts clamp like huge signed ones
    idx = idx.astype(np.int64)
    if index_vector_dim == idx.ndim:
        return idx[..., None]
    return np.moveaxis(idx, index_vector_dim, -1)


def full_starts(idx: np.ndarray, index_vector_dim: int, index_map, operand_batching_dims,
                indices_batching_dims, operand_rank: int) -> np.ndarray:
    """[*batch, operand_rank] starting indices: index vectors scattered by `index_map`, and for each
    operand batching dim the position along the matching indices batching dim."""
    batch_shape = idx.shape[:-1]
    starts = np.zeros(batch_shape + (operand_rank,), np.int64)
    for k, d in enumerate(index_map):
        starts[..., d] = idx[..., k]
    for od, idim in zip(operand_batching_dims, indices_batching_dims):
        pos = idim if idim < index_vector_dim else idim - 1
        shp = [1] * len(batch_shape)
        shp[pos] = batch_shape[pos]
        starts[..., od] = np.arange(batch_shape[pos], dtype=np.int64).reshape(shp)
    return starts


def window_linear_offsets(sizes, strides) -> np.ndarray:
    """Linear offsets of every element of a window of `sizes` (row-major) for an array with `strides`."""
    off = np.zeros((), np.int64)
    for size, stride in zip(sizes, strides):
        off = off[..., None] + np.arange(size, dtype=np.int64) * stride
    return off.reshape(-1)


def element_strides(dims) -> list[int]:
    strides, acc = [], 1
    for d in reversed(dims):
        strides.append(acc)
        acc *= d
    return strides[::-1]


@handler("gather")
def gather(instr, args, ev):
    operand, indices = np.asarray(args[0]), args[1]
    g = GatherDims.of(instr)
    rank = operand.ndim
    sizes = tuple(g.slice_sizes)
    if len(sizes) != rank:
        raise RunError(f"gather: {len(sizes)} slice sizes for an operand of rank {rank}", instr.loc)
    out_shape = instr.shape.dims
    if operand.size == 0 or math.prod(out_shape) == 0:
        return np.zeros(out_shape, instr.shape.dtype)
    idx = index_vectors(indices, g.index_vector_dim)
    if idx.shape[-1] != len(g.start_index_map):
        raise RunError(f"gather: index vectors have {idx.shape[-1]} components, start_index_map "
                       f"{len(g.start_index_map)}", instr.loc)
    starts = full_starts(idx, g.index_vector_dim, g.start_index_map, g.operand_batching_dims,
                         g.start_indices_batching_dims, rank)
    limit = np.asarray(operand.shape, np.int64) - np.asarray(sizes, np.int64)
    starts = np.clip(starts, 0, np.maximum(limit, 0))
    strides = element_strides(operand.shape)
    base = starts @ np.asarray(strides, np.int64)  # [*batch]
    lin = base.reshape(-1, 1) + window_linear_offsets(sizes, strides)[None, :]
    batch_shape = starts.shape[:-1]
    elided = set(g.collapsed_slice_dims) | set(g.operand_batching_dims)
    offset_sizes = [s for d, s in enumerate(sizes) if d not in elided]
    vals = operand.reshape(-1)[lin].reshape(batch_shape + tuple(offset_sizes))
    # [batch..., offsets...] -> output order: offset k at offset_dims[k], batch dims elsewhere in order
    nb = len(batch_shape)
    perm = [0] * (nb + len(offset_sizes))
    offset_dims = list(g.offset_dims)
    if len(offset_dims) != len(offset_sizes):
        raise RunError(f"gather: {len(offset_dims)} offset_dims but {len(offset_sizes)} non-collapsed slice "
                       "dimensions", instr.loc)
    for k, od in enumerate(offset_dims):
        perm[od] = nb + k
    rest = [d for d in range(len(perm)) if d not in offset_dims]
    for k, d in enumerate(rest):
        perm[d] = k
    return np.ascontiguousarray(vals.transpose(perm)).reshape(out_shape)
