"""reduce (single and variadic).

Reducers that are just `op(p0, p1)` for add / multiply / maximum / minimum / and / or / xor use numpy's
reductions. Floats are accumulated in at least f32 (XLA:CPU normalizes bf16 and the f8 types to f32;
f16 it sums in f16 with vector partial sums whose order we do not reproduce, f32 here is more
accurate). f32 sums use numpy's pairwise summation, within the corpus tolerances of XLA's vectorized
sums. Any other reducer is evaluated on whole arrays: pairwise (a tree over adjacent elements, which
only assumes the reducer is associative, as XLA does) when it is made of elementwise ops, else once per
element. The init value is combined once, with the reduction of the elements.
"""

from __future__ import annotations

import numpy as np

from ..registry import handler
from ..util import ETYPE_OF, NARROW_FLOATS, SUB_BYTE_INTS, apply_computation, downcast, simple_reducer, upcast
from .elementwise import _max, _min

_NP_REDUCE = {
    "add": np.add, "multiply": np.multiply, "maximum": np.maximum, "minimum": np.minimum,
    "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor,
}
_PRED_REDUCE = {
    "add": np.logical_or, "multiply": np.logical_and, "maximum": np.logical_or, "minimum": np.logical_and,
    "and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor,
}
_COMBINE = {"maximum": _max, "minimum": _min}


def _simple(op: str, x: np.ndarray, init: np.ndarray, axes: tuple[int, ...], etype: str) -> np.ndarray:
    if x.dtype == np.bool_:
        ufunc = _PRED_REDUCE[op]
        return ufunc(ufunc.reduce(x, axis=axes), init)
    narrow = etype in NARROW_FLOATS or etype in SUB_BYTE_INTS
    xs, init_s = (upcast(x), upcast(init)) if narrow else (x, init)
    ufunc = _NP_REDUCE[op]
    if xs.dtype.kind == "f" and ufunc in (np.bitwise_and, np.bitwise_or, np.bitwise_xor):
        raise TypeError(f"reduce with '{op}' over floats")
    r = ufunc.reduce(xs, axis=axes, dtype=xs.dtype)
    if op in _COMBINE:
        if xs.dtype.kind == "f" and (r == 0).any():
            # llvm.maximum/minimum order -0.0 < +0.0; numpy's reduction keeps whichever came first.
            pos = (xs == 0) & ~np.signbit(xs)
            neg = (xs == 0) & np.signbit(xs)
            fix = np.any(pos, axis=axes) if op == "maximum" else np.any(neg, axis=axes)
            zero = np.zeros((), xs.dtype) if op == "maximum" else -np.zeros((), xs.dtype)
            r = np.where((r == 0) & fix, zero, r)
        r = _COMBINE[op](r, init_s)
    else:
        r = ufunc(r, init_s, dtype=xs.dtype)
    return downcast(r, etype) if narrow else np.asarray(r)


@handler("reduce")
def _reduce(instr, args, ev):
    n = len(args) // 2
    inputs, inits = args[:n], args[n:]
    axes = tuple(instr.attrs["dimensions"])
    comp = instr.attrs["to_apply"]
    if n == 1:
        op = simple_reducer(comp)
        if op is not None:
            return _simple(op, inputs[0], inits[0], axes, ETYPE_OF[inputs[0].dtype])
    results = _generic(ev, comp, inputs, inits, axes)
    return results[0] if n == 1 and not instr.shape.is_tuple else tuple(results)


def _generic(ev, comp, inputs, inits, axes) -> list[np.ndarray]:
    """Reduce with any reducer: move the reduced axes last and flatten them, combine adjacent pairs
    level by level, then fold the result into the init values."""
    x0 = inputs[0]
    keep = [d for d in range(x0.ndim) if d not in axes]
    out_dims = [x0.shape[d] for d in keep]
    k = int(np.prod([x0.shape[d] for d in axes], dtype=np.int64))
    flat = [np.transpose(x, keep + list(axes)).reshape(out_dims + [k]) for x in inputs]
    n = len(inputs)
    if k == 0:
        return [np.broadcast_to(i, out_dims).copy() for i in inits]
    while k > 1:
        half = k // 2
        left = [f[..., 0: 2 * half: 2] for f in flat]
        right = [f[..., 1: 2 * half: 2] for f in flat]
        combined = _as_list(apply_computation(ev, comp, left + right), n)
        if k % 2:
            combined = [np.concatenate([c, f[..., -1:]], axis=-1) for c, f in zip(combined, flat)]
        flat = combined
        k = half + k % 2
    total = [f[..., 0] for f in flat]
    init_b = [np.broadcast_to(i, out_dims) for i in inits]
    return [np.asarray(r) for r in _as_list(apply_computation(ev, comp, init_b + total), n)]


def _as_list(v, n: int) -> list:
    return list(v) if isinstance(v, tuple) else [v]
