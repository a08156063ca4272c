"""slice, concatenate, pad, reverse, dynamic-slice, dynamic-update-slice."""

from __future__ import annotations

import numpy as np

from ...ir.attrs import PadDim, SliceRange
from ...ir.types import Shape
from .core import is_scalar_broadcast, literal_of, rule

# ------------------------------------------------------------------------------------------ slice


def _ranges(x):
    return x.attrs["slice"]


@rule("slice")
def slice_noop(x, s):
    # slice(A) covering all of A with stride 1 => A
    a = x.operands[0]
    if a.shape == x.shape and all(r.start == 0 and r.stride == 1 for r in _ranges(x)):
        return a


@rule("slice")
def slice_slice(x, s):
    # slice(slice(A)) => slice(A)
    inner = x.operands[0]
    if inner.opcode != "slice" or 0 in x.shape.dims:
        return None
    ranges = []
    for r_in, r_out, n in zip(_ranges(inner), _ranges(x), x.shape.dims):
        start = r_in.start + r_out.start * r_in.stride
        stride = r_in.stride * r_out.stride
        limit = start + (n - 1) * stride + 1 if n else start
        ranges.append(SliceRange(start, limit, stride if n > 1 else 1))
    return s.add("slice", x.shape, [inner.operands[0]], slice=tuple(ranges))


@rule("slice")
def slice_of_scalar_broadcast(x, s):
    # slice(broadcast(scalar)) => broadcast(scalar)
    a = x.operands[0]
    if is_scalar_broadcast(a):
        return s.add("broadcast", x.shape, [a.operands[0]], dimensions=())


@rule("slice")
def slice_of_broadcast(x, s):
    # slice(broadcast(A)) => broadcast(slice(A))    (slice the small operand instead)
    b = x.operands[0]
    if b.opcode != "broadcast":
        return None
    a = b.operands[0]
    dims = b.dimensions
    ranges = [_ranges(x)[d] for d in dims]
    if all(r.start == 0 and r.stride == 1 and r.limit == a.shape.dims[i] for i, r in enumerate(ranges)):
        inner = a
    else:
        inner = s.slice(a, [r.start for r in ranges], [r.limit for r in ranges], [r.stride for r in ranges])
    return s.add("broadcast", x.shape, [inner], dimensions=tuple(dims))


@rule("slice")
def slice_of_iota(x, s):
    # slice(iota) => iota when the iota dimension is not sliced
    a = x.operands[0]
    if a.opcode != "iota":
        return None
    r = _ranges(x)[a.attrs["iota_dimension"]]
    if r.start == 0 and r.stride == 1:
        return s.add("iota", x.shape, iota_dimension=a.attrs["iota_dimension"])


@rule("slice")
def slice_of_concat(x, s):
    # slice(concatenate(A, B, ...)) => slice(A) when the slice reads from one operand only
    c = x.operands[0]
    if c.opcode != "concatenate":
        return None
    d = c.dimensions[0]
    r = _ranges(x)[d]
    n = x.shape.dims[d]
    if n == 0:
        return None
    first, last = r.start, r.start + (n - 1) * r.stride
    offset = 0
    for op in c.operands:
        size = op.shape.dims[d]
        if offset <= first and last < offset + size:
            ranges = list(_ranges(x))
            ranges[d] = SliceRange(first - offset, last - offset + 1, r.stride if n > 1 else 1)
            if op.shape == x.shape and all(q.start == 0 and q.stride == 1 for q in ranges):
                return op
            return s.add("slice", x.shape, [op], slice=tuple(ranges))
        offset += size
    return None


@rule("slice")
def slice_of_pad(x, s):
    # slice(pad(A, v)) => slice(A) inside A's part, broadcast(v) inside the padding only
    p = x.operands[0]
    if p.opcode != "pad":
        return None
    a, v = p.operands
    cfg = p.attrs["padding"]
    if any(q.interior for q in cfg):
        return None
    inside, outside = [], False
    for q, r, n, size in zip(cfg, _ranges(x), x.shape.dims, a.shape.dims):
        first, last = r.start, r.start + max(n - 1, 0) * r.stride
        lo = first - q.lo
        hi = last - q.lo
        if n and (hi < 0 or lo >= size):
            outside = True
        inside.append((lo, hi, r.stride, n))
    if outside:
        return s.add("broadcast", x.shape, [v], dimensions=())
    if any(n == 0 or lo < 0 or hi >= size for (lo, hi, _, n), size in zip(inside, a.shape.dims)):
        return None
    ranges = tuple(SliceRange(lo, hi + 1, st if n > 1 else 1) for lo, hi, st, n in inside)
    if a.shape == x.shape and all(r.start == 0 and r.stride == 1 for r in ranges):
        return a
    return s.add("slice", x.shape, [a], slice=ranges)


# ------------------------------------------------------------------------------------------ concatenate


@rule("concatenate")
def concat_single(x, s):
    # concatenate(A) => A
    if len(x.operands) == 1 and x.operands[0].shape == x.shape:
        return x.operands[0]


@rule("concatenate")
def concat_drop_empty(x, s):
    # concatenate(A, empty, B) => concatenate(A, B)
    ops = [o for o in x.operands if o.shape.num_elements]
    if len(ops) == len(x.operands) or not ops:
        return None
    if len(ops) == 1 and ops[0].shape == x.shape:
        return ops[0]
    return s.add("concatenate", x.shape, ops, dimensions=x.dimensions)


@rule("concatenate")
def concat_flatten(x, s):
    # concatenate(A, concatenate(B, C)) => concatenate(A, B, C)   (same dimension)
    d = x.dimensions
    if not any(o.opcode == "concatenate" and o.dimensions == d for o in x.operands):
        return None
    ops = []
    for o in x.operands:
        ops.extend(o.operands if o.opcode == "concatenate" and o.dimensions == d else [o])
    return s.add("concatenate", x.shape, ops, dimensions=d)


@rule("concatenate")
def concat_adjacent_slices(x, s):
    # concatenate(slice(A, [a:b]), slice(A, [b:c])) => slice(A, [a:c])   (stride 1)
    d = x.dimensions[0]
    ops = list(x.operands)
    out, changed, i = [], False, 0
    while i < len(ops):
        o = ops[i]
        if o.opcode != "slice" or any(r.stride != 1 for r in _ranges(o)):
            out.append(o)
            i += 1
            continue
        end = _ranges(o)[d].limit
        j = i + 1
        while j < len(ops):
            q = ops[j]
            if q.opcode != "slice" or q.operands[0] is not o.operands[0] or any(r.stride != 1 for r in _ranges(q)):
                break
            if _ranges(q)[d].start != end or any(_ranges(q)[k].start != _ranges(o)[k].start
                                                 for k in range(o.shape.rank) if k != d):
                break
            end = _ranges(q)[d].limit
            j += 1
        if j - i > 1:
            ranges = list(_ranges(o))
            ranges[d] = SliceRange(ranges[d].start, end, 1)
            dims = list(o.shape.dims)
            dims[d] = end - _ranges(o)[d].start
            out.append(s.add("slice", Shape.array(o.shape.etype, dims), [o.operands[0]], slice=tuple(ranges)))
            changed = True
        else:
            out.append(o)
        i = j
    if not changed:
        return None
    if len(out) == 1 and out[0].shape == x.shape:
        return out[0]
    return s.add("concatenate", x.shape, out, dimensions=x.dimensions)


@rule("concatenate")
def concat_to_pad(x, s):
    # concatenate(broadcast(v), A) => pad(A, v) (low padding); concatenate(A, broadcast(v)) => pad (high)
    if len(x.operands) != 2:
        return None
    a, b = x.operands
    d = x.dimensions[0]
    if is_scalar_broadcast(a):
        src, value, lo, hi = b, a.operands[0], a.shape.dims[d], 0
    elif is_scalar_broadcast(b):
        src, value, lo, hi = a, b.operands[0], 0, b.shape.dims[d]
    else:
        return None
    cfg = tuple(PadDim(lo, hi) if k == d else PadDim(0, 0) for k in range(x.shape.rank))
    return s.add("pad", x.shape, [src, value], padding=cfg)


@rule("concatenate")
def concat_repeated(x, s):
    # concatenate(A, A, ..., A) with size 1 along the dimension => broadcast(reshape(A))
    a = x.operands[0]
    d = x.dimensions[0]
    if len(x.operands) < 2 or any(o is not a for o in x.operands) or a.shape.dims[d] != 1:
        return None
    dims = [n for k, n in enumerate(a.shape.dims) if k != d]
    r = s.reshape(a, dims)
    return s.add("broadcast", x.shape, [r], dimensions=tuple(k for k in range(x.shape.rank) if k != d))


# ------------------------------------------------------------------------------------------ pad


@rule("pad")
def pad_empty_operand(x, s):
    # pad(A with no elements, v) => broadcast(v)
    a, v = x.operands
    if a.shape.num_elements == 0:
        return s.add("broadcast", x.shape, [v], dimensions=())


@rule("pad")
def pad_interior_on_size_one(x, s):
    # interior padding of a size-1 dimension does nothing => drop it
    a, v = x.operands
    cfg = x.attrs["padding"]
    if not any(q.interior and n == 1 for q, n in zip(cfg, a.shape.dims)):
        return None
    new = tuple(PadDim(q.lo, q.hi, 0 if n == 1 else q.interior) for q, n in zip(cfg, a.shape.dims))
    return s.add("pad", x.shape, [a, v], padding=new)


@rule("pad")
def pad_noop(x, s):
    # pad(A, v) with no padding => A
    a, _ = x.operands
    if all(q.lo == 0 and q.hi == 0 and q.interior == 0 for q in x.attrs["padding"]) and a.shape == x.shape:
        return a


@rule("pad")
def pad_negative(x, s):
    # pad with negative edges => slice(pad with the non-negative edges)
    a, v = x.operands
    cfg = x.attrs["padding"]
    if not any(q.lo < 0 or q.hi < 0 for q in cfg):
        return None
    pos = tuple(PadDim(max(q.lo, 0), max(q.hi, 0), q.interior) for q in cfg)
    dims = [n + q.lo + q.hi + max(n - 1, 0) * q.interior for n, q in zip(a.shape.dims, pos)]
    if all(q.lo == 0 and q.hi == 0 and q.interior == 0 for q in pos):
        padded = a
    else:
        padded = s.add("pad", Shape.array(x.shape.etype, dims), [a, v], padding=pos)
    starts = [max(-q.lo, 0) for q in cfg]
    limits = [n - max(-q.hi, 0) for n, q in zip(dims, cfg)]
    return s.add("slice", x.shape, [padded], slice=tuple(SliceRange(b, e) for b, e in zip(starts, limits)))


# ------------------------------------------------------------------------------------------ reverse


@rule("reverse")
def reverse_trivial(x, s):
    # reverse(A) along size-1 dimensions only => A
    a = x.operands[0]
    if all(x.shape.dims[d] <= 1 for d in x.dimensions) and a.shape == x.shape:
        return a


@rule("reverse")
def reverse_reverse(x, s):
    # reverse(reverse(A, D1), D2) => reverse(A, D1 xor D2) (A when they cancel)
    a = x.operands[0]
    if a.opcode != "reverse":
        return None
    dims = tuple(sorted(set(a.dimensions) ^ set(x.dimensions)))
    inner = a.operands[0]
    if not dims:
        return inner if inner.shape == x.shape else None
    return s.add("reverse", x.shape, [inner], dimensions=dims)


@rule("reverse")
def reverse_broadcast(x, s):
    # reverse(broadcast(A)) => broadcast(reverse(A)) (just broadcast(A) when only broadcast dims flip)
    b = x.operands[0]
    if b.opcode != "broadcast":
        return None
    bdims = list(b.dimensions)
    mine = [bdims.index(d) for d in x.dimensions if d in bdims]
    a = b.operands[0]
    inner = a if not mine else s.add("reverse", a.shape.with_dims(a.shape.dims), [a], dimensions=tuple(sorted(mine)))
    return s.add("broadcast", x.shape, [inner], dimensions=tuple(bdims))


# ------------------------------------------------------------------------------------------ dynamic slices


def _constant_index(i) -> int | None:
    lit = literal_of(i)
    if lit is None or lit.size != 1:
        return None
    return int(lit.reshape(()))


@rule("dynamic-slice")
def dynamic_slice_full(x, s):
    # dynamic-slice(A, ...) of A's whole shape => A     (start indices are clamped to 0)
    a = x.operands[0]
    if a.shape == x.shape:
        return a


@rule("dynamic-slice")
def dynamic_slice_of_scalar_broadcast(x, s):
    # dynamic-slice(broadcast(scalar)) => broadcast(scalar)
    a = x.operands[0]
    if is_scalar_broadcast(a):
        return s.add("broadcast", x.shape, [a.operands[0]], dimensions=())


@rule("dynamic-slice")
def dynamic_slice_constant_indices(x, s):
    # dynamic-slice(A, constants) => slice(A)     (with the start indices clamped as XLA does)
    a = x.operands[0]
    idx = [_constant_index(i) for i in x.operands[1:]]
    if any(i is None for i in idx) or len(idx) != a.shape.rank:
        return None
    starts = [int(np.clip(i, 0, n - k)) for i, n, k in zip(idx, a.shape.dims, x.shape.dims)]
    ranges = tuple(SliceRange(b, b + k) for b, k in zip(starts, x.shape.dims))
    return s.add("slice", x.shape, [a], slice=ranges)


@rule("dynamic-update-slice")
def dynamic_update_slice_full(x, s):
    # dynamic-update-slice(A, U, ...) with U as big as A => U; with an empty U => A
    a, u = x.operands[0], x.operands[1]
    if u.shape.dims == a.shape.dims and u.shape == x.shape:
        return u
    if u.shape.num_elements == 0 and a.shape == x.shape:
        return a
