"""reduce (single and variadic), in the order XLA:CPU combines elements where that order shows.

XLA:CPU rewrites every single-output reduce whose reduced dimensions include one longer than 32
(TreeReductionRewriter): each reduced dimension is cut into windows of 32 (SAME padding, padded
positions skipped), every window is folded sequentially starting from the init value, and the
window results are reduced the same way until the dimensions are short; short reductions fold
sequentially over the reduced elements in row-major order, again starting from the init value.
bf16, f16 and the f8 types round after every step, so that order decides their results: it is
reproduced exactly (checked against XLA for bf16 and f16 sums). f32/f64 add and multiply use numpy's
reductions instead, sums pairwise over the reduced elements gathered contiguously (XLA's exact f32
order also depends on its vectorized emitters; pairwise is at least as accurate and far faster);
integer, pred, maximum and minimum reductions do not depend on the order. Reducers other than a
plain binary op are folded with the same window structure, calling the reducer computation on whole
arrays (util.apply_computation). Variadic reduces are not rewritten
by XLA and fold sequentially; past _SEQUENTIAL_LIMIT elements they are combined pairwise here (exact
for associative reducers such as argmax/argmin).

When nothing is combined (every reduced dimension has size 1, or none is reduced) XLA:CPU returns the
input reshaped and never applies the init value; so does the interpreter.
"""

from __future__ import annotations

import math

import numpy as np

from ..registry import handler
from ..util import ETYPE_OF, F32, NARROW_FLOATS, SUB_BYTE_INTS, apply_computation, downcast, simple_reducer, upcast
from .elementwise import _max, _min

_WINDOW = 32  # TreeReductionRewriter's default window on XLA:CPU
_SEQUENTIAL_LIMIT = 256

_NP_REDUCE = {
    "add": np.add, "multiply": np.multiply, "maximum": np.maximum, "minimum": np.minimum,
    "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor,
}
_PRED_REDUCE = {
    "add": np.logical_or, "multiply": np.logical_and, "maximum": np.logical_or, "minimum": np.logical_and,
    "and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor,
}
_FLOAT_STEP = {"add": np.add, "multiply": np.multiply, "maximum": _max, "minimum": _min}


@handler("reduce")
def _reduce(instr, args, ev):
    n = len(args) // 2
    inputs, inits = list(args[:n]), list(args[n:])
    axes = tuple(sorted(instr.attrs["dimensions"]))
    comp = instr.attrs["to_apply"]
    single = n == 1 and not instr.shape.is_tuple
    if all(inputs[0].shape[d] == 1 for d in axes):
        out = [np.reshape(x, [s for d, s in enumerate(x.shape) if d not in axes]) for x in inputs]
        return out[0] if single else tuple(out)
    if any(inputs[0].shape[d] == 0 for d in axes):
        out_dims = [s for d, s in enumerate(inputs[0].shape) if d not in axes]
        out = [np.broadcast_to(i, out_dims).copy() for i in inits]
        return out[0] if single else tuple(out)
    if single:
        x, init = inputs[0], inits[0]
        key = ("simple-reducer", comp)
        op = ev.memo[key] if key in ev.memo else ev.memo.setdefault(key, simple_reducer(comp))
        etype = ETYPE_OF[x.dtype]
        if op is not None and etype in NARROW_FLOATS and op in _FLOAT_STEP:
            step_op = _FLOAT_STEP[op]

            def rounded(acc, xs):
                return [downcast(step_op(acc[0], xs[0]), etype).astype(F32)]

            r = _tree_fold(rounded, [x.astype(F32)], [init.astype(F32)], axes)
            return downcast(r[0], etype)
        if op is not None:
            return _numpy_reduce(op, x, init, axes, etype)
        return _tree_fold(_computation_step(ev, comp), [x], [init], axes)[0]
    k = int(np.prod([inputs[0].shape[d] for d in axes]))
    if k <= _SEQUENTIAL_LIMIT:
        return tuple(_fold(_computation_step(ev, comp), inputs, inits, axes))
    return tuple(_pairwise(ev, comp, inputs, inits, axes))


def _computation_step(ev, comp):
    def step(acc, xs):
        r = apply_computation(ev, comp, list(acc) + list(xs))
        return list(r) if isinstance(r, tuple) else [r]

    return step


def _numpy_reduce(op: str, x: np.ndarray, init: np.ndarray, axes: tuple[int, ...], etype: str) -> np.ndarray:
    if x.dtype == np.bool_:
        ufunc = _PRED_REDUCE[op]
        return ufunc(ufunc.reduce(x, axis=axes), init)
    sub = etype in SUB_BYTE_INTS
    xs, init_s = (upcast(x), upcast(init)) if sub else (x, init)
    if xs.dtype.kind in "fc" and op in ("and", "or", "xor"):
        raise TypeError(f"reduce with '{op}' over {etype}")
    ufunc = _NP_REDUCE[op]
    if op == "add" and xs.dtype.kind in "fc":
        r = _pairwise_sum(xs, axes)
    else:
        r = ufunc.reduce(xs, axis=axes, dtype=xs.dtype)
    if op in ("maximum", "minimum") and xs.dtype.kind == "f":
        if (r == 0).any():
            # llvm.maximum/minimum order -0.0 < +0.0; numpy keeps whichever zero came first.
            signed = (xs == 0) & (np.signbit(xs) == (op == "minimum"))
            r = np.where((r == 0) & np.any(signed, axis=axes), -np.zeros((), xs.dtype) if op == "minimum"
                         else np.zeros((), xs.dtype), r)
        r = _FLOAT_STEP[op](r, init_s)
    else:
        r = ufunc(r, init_s, dtype=xs.dtype)
    return downcast(r, etype) if sub else np.asarray(r)


def _pairwise_sum(x: np.ndarray, axes: tuple[int, ...]) -> np.ndarray:
    """numpy sums pairwise only along a contiguous reduced axis; over other axes (a BatchNorm mean
    over N, H, W of NHWC) it adds one slice at a time, an error growing with the count (4096: 24x
    XLA:CPU's). So the reduced elements are gathered into one contiguous last axis first."""
    keep = [d for d in range(x.ndim) if d not in axes]
    if keep and keep == list(range(len(keep))) and x.flags.c_contiguous:
        moved = x
    else:
        moved = np.ascontiguousarray(np.transpose(x, keep + list(axes)))
    count = math.prod(x.shape[d] for d in axes)  # (not -1: a kept dimension may be 0)
    return np.add.reduce(moved.reshape([x.shape[d] for d in keep] + [count]), axis=-1)


# --------------------------------------------------------------------------------------------------
# Folds


def _fold(step, inputs: list, inits: list, axes: tuple[int, ...], mask=None) -> list:
    """Sequential fold over the reduced dimensions (row-major), starting from the init values.
    `mask` (same shape as the inputs) marks the elements that take part."""
    x0 = inputs[0]
    keep = [d for d in range(x0.ndim) if d not in axes]
    out_dims = [x0.shape[d] for d in keep]
    order = list(axes) + keep
    # The reduced elements along a new leading axis, each step reading contiguous memory.
    slabs = [np.ascontiguousarray(np.transpose(x, order)).reshape([-1] + out_dims) for x in inputs]
    m = None if mask is None else np.ascontiguousarray(np.transpose(mask, order)).reshape([-1] + out_dims)
    acc = [np.broadcast_to(i, out_dims) for i in inits]
    for k in range(slabs[0].shape[0]):
        new = step(acc, [s[k] for s in slabs])
        acc = new if m is None else [np.where(m[k], b, a) for a, b in zip(acc, new)]
    return [np.asarray(a) for a in acc]


def _tree_fold(step, inputs: list, inits: list, axes: tuple[int, ...]) -> list:
    """XLA:CPU's TreeReductionRewriter order: windows of 32 along each long reduced dimension,
    folded from the init value, until the reduced dimensions are short enough for one fold."""
    while any(inputs[0].shape[d] > _WINDOW for d in axes):
        shape = inputs[0].shape
        pads, split, win_axes = [], [], []
        for d, size in enumerate(shape):
            if d in axes:
                w = min(size, _WINDOW)
                count = -(-size // w)
                total = count * w - size
                pads.append((total // 2, total - total // 2))
                split += [count, w]
                win_axes.append(len(split) - 1)
            else:
                pads.append((0, 0))
                split.append(size)
        padded = any(lo or hi for lo, hi in pads)
        windowed = [np.pad(x, pads).reshape(split) if padded else x.reshape(split) for x in inputs]
        mask = np.pad(np.ones(shape, bool), pads).reshape(split) if padded else None
        inputs = _fold(step, windowed, inits, tuple(win_axes), mask)
    return _fold(step, inputs, inits, axes)


def _pairwise(ev, comp, inputs: list, inits: list, axes: tuple[int, ...]) -> list:
    """Combine adjacent pairs level by level (only associativity assumed), then fold into the inits."""
    x0 = inputs[0]
    keep = [d for d in range(x0.ndim) if d not in axes]
    out_dims = [x0.shape[d] for d in keep]
    flat = [np.transpose(x, keep + list(axes)).reshape(out_dims + [-1]) for x in inputs]
    step = _computation_step(ev, comp)
    while flat[0].shape[-1] > 1:
        k = flat[0].shape[-1]
        half = k // 2
        combined = step([f[..., 0:2 * half:2] for f in flat], [f[..., 1:2 * half:2] for f in flat])
        if k % 2:
            combined = [np.concatenate([c, f[..., -1:]], axis=-1) for c, f in zip(combined, flat)]
        flat = combined
    total = [f[..., 0] for f in flat]
    return [np.asarray(r) for r in step([np.broadcast_to(i, out_dims) for i in inits], total)]
