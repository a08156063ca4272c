"""scatter: full ScatterDimensionNumbers (input_batching_dims, index_vector_dim == rank), any
combiner, variadic operands.

Semantics (HloEvaluator::HandleScatter; XLA:CPU's ScatterExpander loop agrees):
- An update window whose full extent does not fit in the operand is skipped entirely (no clamping):
  skipped when start[d] < 0 or start[d] > dim[d] - window[d] for any operand dim d.
- Updates are applied one element at a time in row-major order of the updates array (scatter
  index outer, window index inner); duplicates therefore combine in that order:
  out[i] = combiner(out[i], update), the current value first.
Vectorized: all target indices are computed at once; add/multiply/max/min/and/or/xor combiners use
`ufunc.at` (sequential, in order), `replace` keeps the last write; any other combiner is applied in
rounds (round r applies the r-th update of every target, in one lifted call of the combiner).
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ...ir.attrs import ScatterDims
from ..registry import handler
from ._heavy_util import ScalarFn, rounds, ufunc_for
from .gather import element_strides, full_starts, index_vectors, window_linear_offsets


def scatter_targets(instr, operand_dims, indices, update_dims, d: ScatterDims):
    """(linear operand index [N, W], valid scatter rows [N], update transpose order) in XLA's order."""
    rank = len(operand_dims)
    window_dims = list(d.update_window_dims)
    scatter_dims = [i for i in range(len(update_dims)) if i not in window_dims]
    idx = index_vectors(indices, d.index_vector_dim)
    if idx.shape[-1] != len(d.scatter_dims_to_operand_dims):
        raise RunError(f"scatter: index vectors have {idx.shape[-1]} components, scatter_dims_to_operand_dims "
                       f"{len(d.scatter_dims_to_operand_dims)}", instr.loc)
    if tuple(idx.shape[:-1]) != tuple(update_dims[i] for i in scatter_dims):
        raise RunError(f"scatter: update scatter dims {[update_dims[i] for i in scatter_dims]} do not match the "
                       f"index batch shape {list(idx.shape[:-1])}", instr.loc)
    starts = full_starts(idx, d.index_vector_dim, d.scatter_dims_to_operand_dims, d.input_batching_dims,
                         d.scatter_indices_batching_dims, rank)
    starts = starts.reshape(-1, rank)
    elided = set(d.inserted_window_dims) | set(d.input_batching_dims)
    full_window = [1] * rank
    k = 0
    for od in range(rank):
        if od not in elided:
            if k >= len(window_dims):
                raise RunError("scatter: too few update window dims for the operand rank", instr.loc)
            full_window[od] = update_dims[window_dims[k]]
            k += 1
    if k != len(window_dims):
        raise RunError("scatter: too many update window dims for the operand rank", instr.loc)
    limit = np.asarray(operand_dims, np.int64) - np.asarray(full_window, np.int64)
    valid = np.all((starts >= 0) & (starts <= limit), axis=1)
    strides = element_strides(operand_dims)
    lin = (starts @ np.asarray(strides, np.int64))[:, None] + window_linear_offsets(full_window, strides)[None, :]
    return lin, valid, scatter_dims + window_dims


@handler("scatter")
def scatter(instr, args, ev):
    n = (len(args) - 1) // 2
    operands = [np.asarray(a) for a in args[:n]]
    indices = args[n]
    updates = [np.asarray(a) for a in args[n + 1:]]
    d = ScatterDims.of(instr)
    out_shapes = instr.shape.tuple_shapes if instr.shape.is_tuple else (instr.shape,)
    outs = [np.array(o, dtype=s.dtype, copy=True).reshape(-1) for o, s in zip(operands, out_shapes)]
    dims = operands[0].shape
    if updates[0].size and outs[0].size:
        lin, valid, order = scatter_targets(instr, dims, indices, updates[0].shape, d)
        targets = lin[valid].reshape(-1)
        n_scatter = lin.shape[0]
        vals = [u.astype(s.dtype, copy=False).transpose(order).reshape(n_scatter, -1)[valid].reshape(-1)
                for u, s in zip(updates, out_shapes)]
        if targets.size:
            _apply(instr, ev, outs, targets, vals)
    res = [o.reshape(s.dims) for o, s in zip(outs, out_shapes)]
    return tuple(res) if instr.shape.is_tuple else res[0]


def _apply(instr, ev, outs, targets, vals) -> None:
    """outs[*][t] = combiner(outs[*][t], vals[*]) for each target t in sequence order."""
    fn = ScalarFn(instr.to_apply, ev)
    n = len(outs)
    if n == 1:
        fwd = fn.forwarded_parameter()
        if fwd == 0:
            return
        if fwd == 1:
            # Last write wins: keep each target's last update only.
            rev = targets[::-1]
            uniq, first = np.unique(rev, return_index=True)
            outs[0][uniq] = vals[0][::-1][first]
            return
        uf = ufunc_for(fn.binary_opcode(), instr.shape.etype)
        if uf is not None:
            uf.at(outs[0], targets, vals[0])
            return
    for sel in rounds(targets):
        t = targets[sel]
        res = fn(*[o[t] for o in outs], *[v[sel] for v in vals])
        res = res if isinstance(res, tuple) else (res,)
        if len(res) != n:
            raise RunError(f"scatter: combiner returns {len(res)} values for {n} operands", instr.loc)
        for o, r_ in zip(outs, res):
            o[t] = r_
