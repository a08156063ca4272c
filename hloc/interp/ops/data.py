"""Data movement: constant, iota, broadcast, reshape, transpose, slice, concatenate, pad, reverse, copy,
bitcast, dynamic-slice, dynamic-update-slice, tuple, get-tuple-element, and dynamic dimension sizes.

Values are logical arrays: layouts only matter to `bitcast`, which reinterprets the operand's
physical element order (its layout's minor_to_major) in the result's layout. Many results are numpy
views of their operand (handlers never write into operand values).
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ...ir.literal import literal_value
from ...ir.types import Shape
from ..registry import handler
from ..util import convert


@handler("constant")
def _constant(instr, args, ev):
    key = ("constant", instr)
    v = ev.memo.get(key)
    if v is None:
        v = ev.memo[key] = _literal(literal_value(instr.literal), instr.shape)
    return v


def _literal(v, shape: Shape):
    if shape.is_tuple:
        return tuple(_literal(x, s) for x, s in zip(v, shape.tuple_shapes))
    v = np.asarray(v)
    if v.dtype != shape.dtype:
        v = v.astype(shape.dtype)
    v = v.reshape(shape.dims)
    v.flags.writeable = False  # shared by every evaluation of the constant
    return v


@handler("iota")
def _iota(instr, args, ev):
    shape = instr.shape
    d = instr.attrs["iota_dimension"]
    n = shape.dims[d]
    line = convert(np.arange(n, dtype=np.int64), shape.etype) if shape.etype != "pred" else np.arange(n) != 0
    view = [1] * shape.rank
    view[d] = n
    return np.broadcast_to(line.reshape(view), shape.dims)


def _strided(x: np.ndarray, shape, strides) -> np.ndarray | None:
    """A view with `shape` and `strides` over x's memory (x may itself be a strided view: the view is
    taken on the array owning the memory, at x's offset), or None if that memory is not reachable."""
    try:
        return np.ndarray(shape, x.dtype, x, 0, strides)  # x exports its memory (contiguous)
    except (TypeError, ValueError, BufferError):
        pass
    root = x
    while isinstance(root.base, np.ndarray):
        root = root.base
    try:
        offset = x.__array_interface__["data"][0] - root.__array_interface__["data"][0]
        return np.ndarray(shape, x.dtype, root, offset, strides)
    except (TypeError, ValueError, BufferError):
        return None


@handler("broadcast")
def _broadcast(instr, args, ev):
    x = args[0]
    out = instr.shape.dims
    dims = instr.attrs.get("dimensions", ())
    # A strided view of x: stride 0 along the new dimensions (np.broadcast_to costs ~10 us a call).
    strides = [0] * len(out)
    for i, d in enumerate(dims):
        if x.shape[i] != 1:
            strides[d] = x.strides[i]
    view = _strided(x, out, strides)
    if view is None:
        order = np.argsort(dims)
        x = np.transpose(x, order)
        shape = [1] * len(out)
        for i, d in enumerate(sorted(dims)):
            shape[d] = x.shape[i]
        return np.broadcast_to(x.reshape(shape), out)
    view.flags.writeable = False
    return view


@handler("reshape")
def _reshape(instr, args, ev):
    return args[0].reshape(instr.shape.dims)


@handler("transpose")
def _transpose(instr, args, ev):
    return np.transpose(args[0], instr.attrs["dimensions"])


@handler("copy")
def _copy(instr, args, ev):
    return args[0]  # a layout change: the logical value is the same


@handler("reverse")
def _reverse(instr, args, ev):
    return np.flip(args[0], axis=tuple(instr.attrs["dimensions"]))


@handler("slice")
def _slice(instr, args, ev):
    return args[0][tuple(slice(r.start, r.limit, r.stride) for r in instr.attrs["slice"])]


@handler("concatenate")
def _concatenate(instr, args, ev):
    return np.concatenate(args, axis=instr.attrs["dimensions"][0])


@handler("pad")
def _pad(instr, args, ev):
    x, value = args
    padding = instr.attrs["padding"]
    if all(p.interior == 0 and p.lo >= 0 and p.hi >= 0 for p in padding):
        if not any(p.lo or p.hi for p in padding):
            return x
        out = np.empty(instr.shape.dims, x.dtype)
        out[...] = value
        out[tuple(slice(p.lo, p.lo + n) for p, n in zip(padding, x.shape))] = x
        return out
    # Interior padding, then edges; negative edges cut into the padded array.
    full, place, crop = [], [], []
    for p, n in zip(padding, x.shape):
        inner = n + max(n - 1, 0) * p.interior
        lo, hi = max(p.lo, 0), max(p.hi, 0)
        size = lo + inner + hi
        full.append(size)
        place.append(slice(lo, lo + inner, p.interior + 1))
        crop.append(slice(lo - p.lo, size - (hi - p.hi)))
    buf = np.empty(full, x.dtype)
    buf[...] = value
    buf[tuple(place)] = x
    return buf[tuple(crop)]


def _physical_axes(shape: Shape) -> list[int]:
    """Logical dimensions from major to minor in the shape's layout."""
    m2m = shape.minor_to_major if shape.layout is not None else ()
    if len(m2m) != shape.rank:
        return list(range(shape.rank))
    return list(reversed(m2m))


@handler("bitcast")
def _bitcast(instr, args, ev):
    x = args[0]
    src, dst = instr.operands[0].shape, instr.shape
    if x.dtype != dst.dtype:
        if x.dtype.itemsize != dst.dtype.itemsize:
            raise RunError(f"bitcast from {src} to {dst} changes the element size", instr.loc)
        x = np.ascontiguousarray(x).view(dst.dtype).reshape(x.shape)  # (ascontiguousarray makes 0-d 1-d)
    phys = np.transpose(x, _physical_axes(src)).reshape(-1)
    major_to_minor = _physical_axes(dst)
    z = phys.reshape([dst.dims[d] for d in major_to_minor])
    return np.transpose(z, np.argsort(major_to_minor))


def _starts(idx_values, dims, sizes) -> list[int]:
    """Start indices clamped so the window [start, start + size) stays inside the operand."""
    if len(idx_values) == 1 and np.ndim(idx_values[0]) == 1 and len(dims) != 1:
        idx_values = list(idx_values[0])  # the old form: one rank-1 index operand
    elif len(idx_values) == 1 and np.ndim(idx_values[0]) == 1:
        idx_values = [idx_values[0][0]]
    return [min(max(int(s), 0), d - z) for s, d, z in zip(idx_values, dims, sizes)]


@handler("dynamic-slice")
def _dynamic_slice(instr, args, ev):
    x = args[0]
    sizes = instr.attrs["dynamic_slice_sizes"]
    starts = _starts(args[1:], x.shape, sizes)
    return x[tuple(slice(s, s + z) for s, z in zip(starts, sizes))]


@handler("dynamic-update-slice")
def _dynamic_update_slice(instr, args, ev):
    x, update = args[0], args[1]
    starts = _starts(args[2:], x.shape, update.shape)
    out = x.copy()
    out[tuple(slice(s, s + z) for s, z in zip(starts, update.shape))] = update
    return out


@handler("tuple")
def _tuple(instr, args, ev):
    return tuple(args)


@handler("get-tuple-element")
def _get_tuple_element(instr, args, ev):
    return args[0][instr.attrs["index"]]


# --------------------------------------------------------------------------------------------------
# Dynamic dimension sizes. Arrays always have their static (bound) size; the dynamic size of a dimension
# is remembered per instruction by set-dimension-size and dynamic-reshape, and found by get-dimension-size
# through the shape-preserving ops in between (a small version of XLA's DynamicDimensionInference).

_SIZE_PRESERVING = frozenset({
    "copy", "convert", "negate", "abs", "exponential", "log", "tanh", "sqrt", "rsqrt", "add", "subtract",
    "multiply", "divide", "maximum", "minimum", "select", "clamp", "compare", "and", "or", "not", "xor",
    "bitcast-convert", "reduce-precision", "sign", "floor", "ceil", "opt-barrier",
})


def dynamic_size(ev, instr, dim: int) -> int:
    """The dynamic size of `instr`'s dimension `dim` as far as it can be traced, else the static size."""
    seen = 0
    while seen < 1000:
        size = ev.dynamic_sizes.get((instr, dim))
        if size is not None:
            return size
        if instr.opcode not in _SIZE_PRESERVING or not instr.operands:
            break
        nxt = next((o for o in instr.operands if o.shape.is_array and o.shape.dims == instr.shape.dims), None)
        if nxt is None:
            break
        instr = nxt
        seen += 1
    return instr.shape.dims[dim]


@handler("get-dimension-size")
def _get_dimension_size(instr, args, ev):
    dim = instr.attrs["dimensions"][0]
    return np.asarray(dynamic_size(ev, instr.operands[0], dim), instr.shape.dtype)


@handler("set-dimension-size")
def _set_dimension_size(instr, args, ev):
    x, size = args
    dim = instr.attrs["dimensions"][0]
    n = int(size)
    if not 0 <= n <= x.shape[dim]:
        raise RunError(f"set-dimension-size: size {n} is outside [0, {x.shape[dim]}]", instr.loc)
    ev.dynamic_sizes[(instr, dim)] = n
    # Elements past the dynamic size are unspecified in XLA; they keep the operand's values here.
    return x


@handler("dynamic-reshape")
def _dynamic_reshape(instr, args, ev):
    x, sizes = args[0], [int(s) for s in args[1:]]
    src = instr.operands[0]
    valid = [dynamic_size(ev, src, d) for d in range(x.ndim)]
    data = x[tuple(slice(0, n) for n in valid)]
    if data.size != int(np.prod(sizes)):
        raise RunError(f"dynamic-reshape: {list(data.shape)} has {data.size} elements, sizes {sizes} need "
                       f"{int(np.prod(sizes))}", instr.loc)
    dims = instr.shape.dims
    if any(s > d for s, d in zip(sizes, dims)):
        raise RunError(f"dynamic-reshape: sizes {sizes} exceed the bounds {list(dims)}", instr.loc)
    out = np.zeros(dims, x.dtype)
    out[tuple(slice(0, s) for s in sizes)] = data.reshape(sizes)
    for d, (s, bound) in enumerate(zip(sizes, dims)):
        if s != bound:
            ev.dynamic_sizes[(instr, d)] = s
    return out
