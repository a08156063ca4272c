"""Independent numpy references for the data-dependent kernels, written from XLA's documented
semantics (operation_semantics.md) with plain Python loops over small shapes: gather clamps the
start so the slice fits, scatter skips a window that does not fit and applies updates in row-major
order of the scatter indices, dynamic slices clamp.

Start indices are taken as Python ints with their own type's value (a u64 of 2**64-1 is huge).
"""

from __future__ import annotations

import itertools

import numpy as np

INT_TYPES = {"s8": np.int8, "s16": np.int16, "s32": np.int32, "s64": np.int64,
             "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64}


def adversarial_indices(dtype, dim: int) -> list[int]:
    """Index values that break naive code: extremes of the type, -1, values around dim, huge."""
    info = np.iinfo(dtype)
    vals = [0, 1, -1, -2, dim - 1, dim, dim + 1, 2 * dim, info.min, info.max, info.min + 1, info.max - 1,
            info.max // 2, info.max // 2 + 1, 127, 128, 255, 256, 65535, 65536, 2**31 - 1, 2**31, 2**32 - 1,
            2**32, 2**63 - 1]
    return sorted({v for v in vals if info.min <= v <= info.max})


def index_vector(indices: np.ndarray, ivd: int, batch: tuple) -> list[int]:
    idx = indices[..., None] if ivd == indices.ndim else np.moveaxis(indices, ivd, -1)
    return [int(v) for v in idx[batch]]


def gather(operand, indices, offset_dims, collapsed, start_index_map, ivd, slice_sizes,
           operand_batching_dims=(), indices_batching_dims=()):
    rank = operand.ndim
    idx_dims = list(indices.shape) + ([1] if ivd == indices.ndim else [])
    batch_dims = [d for k, d in enumerate(idx_dims) if k != ivd]
    elided = set(collapsed) | set(operand_batching_dims)
    kept = [d for d in range(rank) if d not in elided]
    out_rank = len(batch_dims) + len(kept)
    out_shape, bi, wi = [], 0, 0
    for k in range(out_rank):
        if k in offset_dims:
            out_shape.append(slice_sizes[kept[wi]])
            wi += 1
        else:
            out_shape.append(batch_dims[bi])
            bi += 1
    out = np.zeros(out_shape, operand.dtype)
    for oi in itertools.product(*[range(n) for n in out_shape]):
        batch = tuple(oi[k] for k in range(out_rank) if k not in offset_dims)
        vec = index_vector(indices, ivd, batch)
        start = [0] * rank
        for k, d in enumerate(start_index_map):
            start[d] = min(max(vec[k], 0), operand.shape[d] - slice_sizes[d])
        for od, idim in zip(operand_batching_dims, indices_batching_dims):
            start[od] = batch[idim if idim < ivd else idim - 1]
        src = list(start)
        for k, d in enumerate(kept):
            src[d] += oi[offset_dims[k]]
        out[oi] = operand[tuple(src)]
    return out


def scatter(operands, indices, updates, update_window_dims, inserted, sd_to_od, ivd, combine,
            input_batching_dims=(), indices_batching_dims=()):
    """combine(current_values: tuple, update_values: tuple) -> tuple."""
    outs = [np.array(o, copy=True) for o in operands]
    rank = outs[0].ndim
    u0 = updates[0]
    scatter_dims = [k for k in range(u0.ndim) if k not in update_window_dims]
    elided = set(inserted) | set(input_batching_dims)
    kept = [d for d in range(rank) if d not in elided]
    window = [1] * rank
    for k, d in enumerate(kept):
        window[d] = u0.shape[update_window_dims[k]]
    for si in itertools.product(*[range(u0.shape[k]) for k in scatter_dims]):
        vec = index_vector(indices, ivd, si)
        start = [0] * rank
        for k, d in enumerate(sd_to_od):
            start[d] = vec[k]
        for od, idim in zip(input_batching_dims, indices_batching_dims):
            start[od] = si[idim if idim < ivd else idim - 1]
        if any(not 0 <= start[d] <= outs[0].shape[d] - window[d] for d in range(rank)):
            continue
        for wi in itertools.product(*[range(u0.shape[k]) for k in update_window_dims]):
            ui = [0] * u0.ndim
            for k, sd in enumerate(scatter_dims):
                ui[sd] = si[k]
            for k, wd in enumerate(update_window_dims):
                ui[wd] = wi[k]
            t = list(start)
            for k, d in enumerate(kept):
                t[d] += wi[k]
            t = tuple(t)
            new = combine(tuple(o[t] for o in outs), tuple(u[tuple(ui)] for u in updates))
            for o, v in zip(outs, new):
                o[t] = v
    return outs


def clamp_start(v: int, dim: int, size: int) -> int:
    return min(max(v, 0), dim - size)
