"""reduce-window: padding, strides, base (lhs) and window (rhs) dilation, variadic, any reducer.

Semantics (HloEvaluator::HandleReduceWindow, XLA:CPU's loop emitter): each output starts from the
init values and folds in the window's elements in row-major window order,
acc = reducer(acc..., x...); positions in padding or in base-dilation holes are skipped (not read
as init values). Narrow float types round after every step (bf16 stays bf16, as on XLA:CPU).
A rank-0 reduce-window is reducer(init, x), as in the evaluator and StableHLO's definition; XLA:CPU
returns x there (its AlgebraicSimplifier replaces a scalar reduce-window by the operand, dropping
init), which we do not copy.

Vectorized over all outputs: the input is base-dilated and padded once, then every window offset is
a strided view, and the reducer is applied once per offset. add/multiply (and integer max/min, and/or/
xor) reducers use numpy ufuncs, with padding and holes filled with the reducer's identity (e.g. -0.0 for add:
-0.0 + x == x for every x, so a skipped element and an identity element give the same bits); any
other reducer is lifted and masked where the window position is not an input element.
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ...ir.types import ELEMENT_TYPES, iinfo
from ..registry import handler
from ._heavy_util import ScalarFn, ufunc_for


def ufunc_identity(uf, etype: str):
    """A value e with uf(a, e) == a bit for bit, for every a; None if there is none."""
    et = ELEMENT_TYPES[etype]
    if et.kind == "pred":
        return {np.logical_and: True, np.logical_or: False, np.logical_xor: False}.get(uf)
    if et.is_integer:
        info = iinfo(etype)
        return {np.add: 0, np.multiply: 1, np.maximum: info.min, np.minimum: info.max,
                np.bitwise_and: -1 if et.kind == "sint" else info.max, np.bitwise_or: 0, np.bitwise_xor: 0}.get(uf)
    if et.is_float:
        return {np.add: -0.0, np.multiply: 1.0}.get(uf)
    if et.is_complex:
        return {np.add: complex(-0.0, -0.0), np.multiply: 1.0}.get(uf)
    return None


def dilate_and_pad(x: np.ndarray, window_dims, fill) -> np.ndarray:
    """x with base-dilation holes and padding (negative padding crops) filled with `fill`."""
    shape, src = [], []
    for n, wd in zip(x.shape, window_dims):
        dilated = (n - 1) * wd.base_dilation + 1 if n else 0
        shape.append(dilated + max(wd.pad_lo, 0) + max(wd.pad_hi, 0))
        src.append(slice(max(wd.pad_lo, 0), max(wd.pad_lo, 0) + dilated, wd.base_dilation))
    out = np.full(shape, fill, dtype=x.dtype)
    out[tuple(src)] = x
    crop = tuple(slice(-min(wd.pad_lo, 0), s + min(wd.pad_hi, 0)) for s, wd in zip(shape, window_dims))
    return out[crop]


def window_views(padded: np.ndarray, window_dims, out_dims):
    """For each window offset (row-major), the strided view of `padded` under it for all outputs."""
    for offset in np.ndindex(*[wd.size for wd in window_dims]):
        idx = tuple(slice(k * wd.window_dilation, k * wd.window_dilation + (o - 1) * wd.stride + 1, wd.stride)
                    for k, wd, o in zip(offset, window_dims, out_dims))
        yield padded[idx]


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
    window_dims = window.dims if window is not None else ()
    if len(window_dims) != xs[0].ndim:
        raise RunError(f"reduce-window: window has {len(window_dims)} dimensions, operand {xs[0].ndim}", instr.loc)
    expected = []
    for size, wd in zip(xs[0].shape, window_dims):
        padded_size = ((size - 1) * wd.base_dilation + 1 if size else 0) + wd.pad_lo + wd.pad_hi
        extent = (wd.size - 1) * wd.window_dilation + 1
        expected.append((padded_size - extent) // wd.stride + 1 if padded_size >= extent else 0)
    if tuple(expected) != tuple(out_dims):
        raise RunError(f"reduce-window: the window gives {expected} results, the shape says {list(out_dims)}",
                       instr.loc)
    if not accs[0].size or not xs[0].size:
        return tuple(accs) if instr.shape.is_tuple else accs[0]
    fn = ScalarFn(instr.to_apply, ev)
    etype = out_shapes[0].etype
    uf = ufunc_for(fn.binary_opcode(), etype) if n == 1 and xs[0].dtype == accs[0].dtype else None
    identity = ufunc_identity(uf, etype) if uf is not None else None
    if identity is not None:
        padded = dilate_and_pad(xs[0], window_dims, identity)
        acc = accs[0]
        for view in window_views(padded, window_dims, out_dims):
            acc = uf(acc, view)
        return acc.astype(out_shapes[0].dtype, copy=False)
    padded = [dilate_and_pad(x, window_dims, np.zeros((), x.dtype)) for x in xs]
    mask = dilate_and_pad(np.ones(xs[0].shape, bool), window_dims, False)
    for valid, *views in zip(window_views(mask, window_dims, out_dims),
                             *[window_views(p, window_dims, out_dims) for p in padded]):
        if not valid.any():
            continue
        res = fn(*accs, *views)
        res = res if isinstance(res, tuple) else (res,)
        if valid.all():
            accs = [np.asarray(r, dtype=a.dtype) for r, a in zip(res, accs)]
        else:
            accs = [np.where(valid, r, a) for r, a in zip(res, accs)]
    return tuple(accs) if instr.shape.is_tuple else accs[0]
