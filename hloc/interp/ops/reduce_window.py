"""reduce-window: padding, strides, base (lhs) and window (rhs) dilation, variadic, any reducer.

Semantics (HloEvaluator::HandleReduceWindow, XLA:CPU's loop emitter): each output starts from the
init values and folds in the window's elements in row-major window order,
acc = reducer(acc..., x...); positions in padding or in base-dilation holes are skipped (not read
as init values).
Vectorized over all outputs: one reducer application per window offset (add/multiply/max/min/and/or/
xor reducers through numpy ufuncs, any other reducer lifted).
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ..registry import handler
from ._heavy_util import ScalarFn, ufunc_for, window_positions


@handler("reduce-window")
def reduce_window(instr, args, ev):
    n = len(args) // 2
    xs = [np.asarray(a) for a in args[:n]]
    inits = [np.asarray(a) for a in args[n:]]
    out_shapes = instr.shape.tuple_shapes if instr.shape.is_tuple else (instr.shape,)
    if len(out_shapes) != n:
        raise RunError(f"reduce-window: {n} inputs but {len(out_shapes)} results", instr.loc)
    out_dims = out_shapes[0].dims
    accs = [np.full(out_dims, i, dtype=s.dtype) for i, s in zip(inits, out_shapes)]
    window = instr.attrs.get("window")
    fn = ScalarFn(instr.to_apply, ev)
    uf = ufunc_for(fn.binary_opcode(), out_shapes[0].etype) if n == 1 else None
    if accs[0].size and xs[0].size:
        for _, idx, valid in window_positions(window, xs[0].shape, out_dims):
            vals = [x[idx] for x in xs]
            if uf is not None:
                accs[0] = np.where(valid, uf(accs[0], vals[0]), accs[0]).astype(out_shapes[0].dtype, copy=False)
                continue
            if not valid.any():
                continue
            res = fn(*accs, *vals)
            res = res if isinstance(res, tuple) else (res,)
            accs = [np.where(valid, r, a) for r, a in zip(res, accs)]
    return tuple(accs) if instr.shape.is_tuple else accs[0]
