"""reshape and broadcast, and sinking broadcasts below elementwise ops."""

from __future__ import annotations

from ...ir.opcodes import ELEMENTWISE
from ...ir.types import Shape
from .core import (
    degenerate_reshape,
    inverse_permutation,
    rule,
    unmodified_dims,
)


def _map_dims_through_reshape(src, dst, dims) -> tuple[int, ...] | None:
    """Where dimensions `dims` of `src` end up in `dst`, if the reshape src -> dst leaves each of them
    untouched (XLA's ReshapeLeavesDimensionsUnmodified)."""
    where = dict(unmodified_dims(src, dst))
    out = []
    for d in dims:
        if d not in where:
            return None
        out.append(where[d])
    return tuple(out)


# ------------------------------------------------------------------------------------------ reshape


@rule("reshape")
def reshape_noop(x, s):
    # reshape(A) to A's own shape => A
    a = x.operands[0]
    if a.shape == x.shape:
        return a


@rule("reshape")
def reshape_reshape(x, s):
    # reshape(reshape(A)) => reshape(A)
    a = x.operands[0]
    if a.opcode == "reshape":
        return s.add("reshape", x.shape, [a.operands[0]])


@rule("reshape")
def reshape_broadcast(x, s):
    # reshape(broadcast(A)) => broadcast(A) when the reshape leaves A's dimensions untouched
    b = x.operands[0]
    if b.opcode != "broadcast":
        return None
    dims = _map_dims_through_reshape(b.shape.dims, x.shape.dims, b.dimensions)
    if dims is None:
        return None
    return s.add("broadcast", x.shape, [b.operands[0]], dimensions=dims)


@rule("reshape")
def reshape_iota(x, s):
    # reshape(iota) => iota when the reshape leaves the iota dimension untouched
    a = x.operands[0]
    if a.opcode != "iota":
        return None
    dims = _map_dims_through_reshape(a.shape.dims, x.shape.dims, [a.attrs["iota_dimension"]])
    if dims is None:
        return None
    return s.add("iota", x.shape, iota_dimension=dims[0])


# ------------------------------------------------------------------------------------------ broadcast


@rule("broadcast")
def broadcast_as_reshape(x, s):
    # broadcast(A) adding only size-1 dimensions (in order) => reshape(A); to A's own shape => A
    a = x.operands[0]
    dims = tuple(x.dimensions)
    if a.shape.num_elements != x.shape.num_elements or list(dims) != sorted(dims):
        return None
    if a.shape == x.shape:
        return a
    return s.add("reshape", x.shape, [a])


@rule("broadcast")
def broadcast_as_transpose(x, s):
    # broadcast(A) that only permutes A's dimensions => transpose(A)
    a = x.operands[0]
    dims = tuple(x.dimensions)
    if a.shape.rank != x.shape.rank or a.shape.num_elements != x.shape.num_elements:
        return None
    return s.add("transpose", x.shape, [a], dimensions=inverse_permutation(dims))


@rule("broadcast")
def broadcast_of_degenerate_reshape(x, s):
    # broadcast(reshape(A)) => broadcast(A) when the reshape only inserts size-1 dimensions
    r = x.operands[0]
    if r.opcode != "reshape":
        return None
    a = r.operands[0]
    change = degenerate_reshape(a.shape.dims, r.shape.dims)
    if change is None or change[0]:
        return None
    inserted = set(change[1])
    dims = tuple(d for i, d in enumerate(x.dimensions) if i not in inserted)
    return s.add("broadcast", x.shape, [a], dimensions=dims)


@rule("broadcast")
def broadcast_broadcast(x, s):
    # broadcast(broadcast(A)) => broadcast(A)
    inner = x.operands[0]
    if inner.opcode != "broadcast":
        return None
    outer = x.dimensions
    dims = tuple(outer[d] for d in inner.dimensions)
    return s.add("broadcast", x.shape, [inner.operands[0]], dimensions=dims)


@rule("broadcast")
def broadcast_iota(x, s):
    # broadcast(iota) => iota
    a = x.operands[0]
    if a.opcode != "iota":
        return None
    return s.add("iota", x.shape, iota_dimension=x.dimensions[a.attrs["iota_dimension"]])


@rule("broadcast")
def broadcast_drop_degenerate(x, s):
    # broadcast(A) with size-1 dimensions in A => broadcast(reshape(A) without them)
    a = x.operands[0]
    if 1 not in a.shape.dims:
        return None
    keep = [i for i, d in enumerate(a.shape.dims) if d != 1]
    dims = tuple(x.dimensions[i] for i in keep)
    squeezed = s.reshape(a, [a.shape.dims[i] for i in keep])
    return s.add("broadcast", x.shape, [squeezed], dimensions=dims)


# ------------------------------------------------------------------------------------------ sinking


def _sinkable(x) -> tuple | None:
    """The common (operand shape, dimensions) of an elementwise op all of whose operands are
    broadcasts of that shape with those dimensions, or broadcasts of scalars."""
    common = None
    for o in x.operands:
        if o.opcode != "broadcast":
            return None
        if o.operands[0].shape.rank == 0:
            continue
        key = (o.operands[0].shape.dims, tuple(o.dimensions))
        if common is None:
            common = key
        elif key != common:
            return None
    if common is None:  # all scalar broadcasts
        common = ((), ())
    return common


def sink_broadcast(x, s):
    # op(broadcast(A), broadcast(B)) => broadcast(op(A, B))   (elementwise op on fewer elements)
    if not x.operands or x.shape.rank == 0:
        return None
    common = _sinkable(x)
    if common is None:
        return None
    small_dims, dims = common
    if small_dims == x.shape.dims:
        return None  # nothing gets smaller
    new_ops = []
    for o in x.operands:
        inner = o.operands[0]
        if inner.shape.dims == small_dims:
            new_ops.append(inner)
        else:  # a scalar broadcast
            new_ops.append(inner if not small_dims else s.broadcast(inner, Shape.array(inner.shape.etype, small_dims),
                                                                    ()))
    attrs = {k: v for k, v in x.attrs.items() if k != "metadata"}
    small = s.add(x.opcode, Shape.array(x.shape.etype, small_dims), new_ops, **attrs)
    return s.add("broadcast", x.shape, [small], dimensions=dims)


for _op in sorted(ELEMENTWISE - {"stochastic-convert"}):
    rule(_op)(sink_broadcast)

