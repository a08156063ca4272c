"""select-and-scatter: select/scatter computations, padding, strides (and dilations, if given).

Semantics (operation_semantics.md, HloEvaluator::HandleSelectAndScatter):
- For each source element (one window placement), walk the window in row-major order, skipping
  padding: the first in-bounds element is selected, then each later element e replaces the selected
  one s when select(s, e) is false (so a GE select keeps the first maximum).
- The output starts as init_value everywhere; for each source element in row-major order,
  out[selected] = scatter(out[selected], source) (current value first, as the documentation and
  XLA:CPU's SelectAndScatterExpander do; HloEvaluator passes them the other way round, which only
  matters for non-commutative scatter computations). A window without any in-bounds element
  scatters nothing.
Vectorized: the selection runs over all windows at once (one select call per window offset), the
scatter goes through scatter.py's in-order combiner machinery.
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ..registry import handler
from ._heavy_util import ScalarFn, rounds, ufunc_for, window_positions
from .gather import element_strides


@handler("select-and-scatter")
def select_and_scatter(instr, args, ev):
    operand, source, init = (np.asarray(a) for a in args)
    dtype = instr.shape.dtype
    out = np.full(operand.shape, init, dtype=dtype).reshape(-1)
    if source.shape != tuple(_window_output_dims(instr, operand.shape)):
        raise RunError(f"select-and-scatter: source shape {source.shape} does not match the window placements",
                       instr.loc)
    if source.size == 0 or operand.size == 0:
        return out.reshape(operand.shape)
    select = ScalarFn(instr.attrs["select"], ev)
    strides = np.asarray(element_strides(operand.shape), np.int64)
    sel_val = None
    sel_lin = np.full(source.shape, -1, np.int64)
    for _, idx, valid in window_positions(instr.attrs.get("window"), operand.shape, source.shape):
        if not valid.any():
            continue
        val = operand[idx]
        lin = sum(i * s for i, s in zip(idx, strides)) if idx else np.zeros((), np.int64)
        lin = np.broadcast_to(lin, source.shape)
        if sel_val is None:
            sel_val = np.where(valid, val, np.zeros((), operand.dtype))
            sel_lin = np.where(valid, lin, -1)
            continue
        first = valid & (sel_lin < 0)
        keep = np.asarray(select(sel_val, val), dtype=bool)
        take = first | (valid & (sel_lin >= 0) & ~keep)
        sel_val = np.where(take, val, sel_val)
        sel_lin = np.where(take, lin, sel_lin)
    has = sel_lin.reshape(-1) >= 0
    targets = sel_lin.reshape(-1)[has]
    vals = source.astype(dtype, copy=False).reshape(-1)[has]
    if targets.size:
        _scatter(instr, ev, out, targets, vals)
    return out.reshape(operand.shape)


def _scatter(instr, ev, out, targets, vals) -> None:
    fn = ScalarFn(instr.attrs["scatter"], ev)
    uf = ufunc_for(fn.binary_opcode(), instr.shape.etype)
    if uf is not None:
        uf.at(out, targets, vals)
        return
    for sel in rounds(targets):
        t = targets[sel]
        out[t] = fn(out[t], vals[sel])


def _window_output_dims(instr, dims):
    window = instr.attrs.get("window")
    wdims = window.dims if window is not None else ()
    if len(wdims) != len(dims):
        raise RunError(f"select-and-scatter: window has {len(wdims)} dimensions, operand {len(dims)}", instr.loc)
    out = []
    for d, wd in zip(dims, wdims):
        base = (d - 1) * wd.base_dilation + 1 if d else 0
        padded = base + wd.pad_lo + wd.pad_hi
        extent = (wd.size - 1) * wd.window_dilation + 1
        out.append(0 if padded < extent else (padded - extent) // wd.stride + 1)
    return out
