"""reduce (single input; the reducer must be a plain binary op such as add or maximum).

Reordering a float sum or product changes rounding only: those rules are [reassociate]. maximum,
minimum, and, or and integer add/multiply are exact in any order.
"""

from __future__ import annotations

import numpy as np

from ...ir.types import Shape
from ..tree_reduction_rewriter import tree_split
from .arith import exact_arith, never_negative_zero
from .core import is_float, is_identity_init, reducer_opcode, rule, splat_value

_ORDER_FREE = ("maximum", "minimum", "and", "or")


def _single(x):
    """(input, init, reducer opcode) of a one-input reduce, else None."""
    if len(x.operands) != 2:
        return None
    a, init = x.operands
    return a, init, reducer_opcode(x.attrs["to_apply"])


def _reorder_ok(x, op: str | None, s) -> bool:
    """Whether the elements of this reduction may be combined in another order."""
    if op is None:
        return False
    return op in _ORDER_FREE or exact_arith(x, s)


def _same_splat(a, b) -> bool:
    va, vb = splat_value(a), splat_value(b)
    return va is not None and vb is not None and va.dtype == vb.dtype and va.tobytes() == vb.tobytes()


def _kept(rank: int, dims) -> list[int]:
    return [d for d in range(rank) if d not in dims]


@rule("reduce")
def reduce_to_reshape(x, s):
    # reduce(A) over size-1 (or no) dimensions => reshape(A)   (init is the reducer's identity)
    got = _single(x)
    if got is None:
        return None
    a, init, op = got
    if a.shape.num_elements != x.shape.num_elements:
        return None
    # (+0.0 is an identity of a float sum too when no element is -0.0)
    if not is_identity_init(init, op, s.options.signed_zeros and not never_negative_zero(a)):
        return None
    if a.shape.etype != x.shape.etype:
        return None
    if a.shape == x.shape:
        return a
    return s.add("reshape", x.shape, [a])


@rule("reduce")
def reduce_of_reduce(x, s):
    # reduce(reduce(A, D1), D2) => reduce(A, D1 + D2)   (same reducer and init; [reassociate] for float +/*)
    got = _single(x)
    if got is None:
        return None
    inner, init, op = got
    if inner.opcode != "reduce" or len(inner.users) != 1 or len(inner.operands) != 2:
        return None
    a, init2 = inner.operands
    if reducer_opcode(inner.attrs["to_apply"]) != op or not _same_splat(init, init2) or not _reorder_ok(x, op, s):
        return None
    if not (is_identity_init(init, op, signed_zeros=False)):
        return None
    kept = _kept(a.shape.rank, inner.dimensions)
    dims = sorted(set(inner.dimensions) | {kept[d] for d in x.dimensions})
    if tree_split(a.shape, dims, x.attrs["to_apply"], init) is not None:
        return None  # a sum tree-reduction-rewriter splits into windows (for accuracy): not merged back
    return s.add("reduce", x.shape, [a, init], dimensions=tuple(dims), to_apply=x.attrs["to_apply"])


@rule("reduce")
def reduce_of_transpose(x, s):
    # reduce(transpose(A), D) => reduce(A, D permuted) (+ a transpose of the smaller result if needed)
    got = _single(x)
    if got is None:
        return None
    t, init, op = got
    if t.opcode != "transpose" or (len(t.users) != 1 and x.shape.rank >= 2) or not _reorder_ok(x, op, s):
        return None
    perm = t.dimensions
    a = t.operands[0]
    dims = sorted(perm[d] for d in x.dimensions)
    rest = [p for p in perm if p not in dims]  # A's kept dims in the order the result wants them
    kept = _kept(a.shape.rank, dims)
    small = Shape.array(x.shape.etype, [a.shape.dims[d] for d in kept])
    r = s.add("reduce", small, [a, init], dimensions=tuple(dims), to_apply=x.attrs["to_apply"])
    if rest == kept:
        return r if r.shape == x.shape else None
    return s.add("transpose", x.shape, [r], dimensions=tuple(kept.index(p) for p in rest))


@rule("reduce")
def reduce_of_broadcast(x, s):
    # reduce(broadcast(A), D) => broadcast(reduce(A, D)) when D are all A's dimensions;
    # => broadcast(op(A, init)) for max/min/and/or (A*n [+ init] for add) when D are all added ones
    got = _single(x)
    if got is None:
        return None
    b, init, op = got
    if b.opcode != "broadcast" or op is None:
        return None
    a = b.operands[0]
    bdims = list(b.dimensions)
    rdims = list(x.dimensions)
    out_pos = {d: i for i, d in enumerate(_kept(b.shape.rank, rdims))}
    if all(d in bdims for d in rdims):
        inner_dims = sorted(bdims.index(d) for d in rdims)
        small = Shape.array(x.shape.etype, [a.shape.dims[k] for k in _kept(a.shape.rank, inner_dims)])
        r = s.add("reduce", small, [a, init], dimensions=tuple(inner_dims), to_apply=x.attrs["to_apply"])
        new_dims = tuple(out_pos[bdims[k]] for k in _kept(a.shape.rank, inner_dims))
        return s.add("broadcast", x.shape, [r], dimensions=new_dims)
    if any(d in bdims for d in rdims) or a.shape.etype != x.shape.etype:
        return None
    count = int(np.prod([b.shape.dims[d] for d in rdims], dtype=np.int64))
    if count == 0:
        return None
    new_dims = tuple(out_pos[d] for d in bdims)
    if op in _ORDER_FREE:
        v = a if is_identity_init(init, op) else s.binary(op, a, _like(s, init, a))
    elif op == "add" and (not is_float(x) or s.options.reassociate):
        v = a if count == 1 else s.binary("multiply", a, s.scalar_like(a.shape, count))
        if not is_identity_init(init, op, signed_zeros=False):
            v = s.binary("add", v, _like(s, init, a))
    else:
        return None
    if v.shape.dims == x.shape.dims and new_dims == tuple(range(x.shape.rank)):
        return v if v.shape == x.shape else s.add("reshape", x.shape, [v])
    return s.add("broadcast", x.shape, [v], dimensions=new_dims)


def _like(s, scalar, like):
    return scalar if like.shape.rank == 0 else s.broadcast(scalar, like.shape.with_dims(like.shape.dims), ())


@rule("reduce")
def reduce_of_negate(x, s):
    # reduce(-A, +, c) => -reduce(A, +, -c)   (floats: sums of negated values are negated sums)
    got = _single(x)
    if got is None:
        return None
    n, init, op = got
    if op != "add" or not is_float(x) or n.opcode != "negate" or len(n.users) != 1 or init.opcode != "constant":
        return None
    v = splat_value(init)
    if v is None:
        return None
    neg_init = s.constant(np.negative(v), init.shape.etype)
    r = s.add("reduce", x.shape.with_dims(x.shape.dims), [n.operands[0], neg_init],
              dimensions=x.dimensions, to_apply=x.attrs["to_apply"])
    return s.add("negate", x.shape, [r])
