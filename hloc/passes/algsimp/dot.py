"""dot: the cases a matrix kernel is not needed for, and size-1 dimensions."""

from __future__ import annotations

from ...ir.attrs import DotDims
from ...ir.types import Shape
from .core import etype_kind, rule


def _plain(x) -> bool:
    """A dot without a precision algorithm (whose arithmetic the rewrites could not honour)."""
    return "algorithm" not in x.attrs


def normalize_operand(s, op, batch, contracting):
    """`op` transposed to [batch..., other..., contracting...] order (as is when already so)."""
    other = [d for d in range(op.shape.rank) if d not in batch and d not in contracting]
    perm = list(batch) + other + list(contracting)
    if perm == list(range(op.shape.rank)):
        return op
    return s.transpose(op, perm)


def _accumulation_type(etype: str) -> str:
    """The type XLA:CPU sums dot products in: f32 for the narrow floats."""
    kind = etype_kind(Shape.scalar(etype))
    if kind == "float" and etype not in ("f32", "f64"):
        return "f32"
    return etype


@rule("dot")
def dot_empty(x, s):
    # dot with an empty operand => broadcast(0)
    a, b = x.operands
    if a.shape.num_elements == 0 or b.shape.num_elements == 0:
        return s.scalar_like(x.shape, 0)


@rule("dot")
def dot_without_contraction(x, s):
    # dot without contracting dimensions => multiply(broadcast(A), broadcast(B))   (outer products)
    a, b = x.operands
    dd = DotDims.of(x)
    if dd.lhs_contracting or not _plain(x) or not s.options.dot_strength_reduction:
        return None
    et = x.shape.etype
    nb = len(dd.lhs_batch)
    la = s.convert(normalize_operand(s, a, dd.lhs_batch, ()), et)
    rb = s.convert(normalize_operand(s, b, dd.rhs_batch, ()), et)
    lhs_outer = a.shape.rank - nb
    out = Shape.array(et, x.shape.dims)
    if la.shape.rank != x.shape.rank:
        la = s.broadcast(la, out, tuple(range(nb + lhs_outer)))
    if rb.shape.rank != x.shape.rank:
        rb = s.broadcast(rb, out, tuple(range(nb)) + tuple(range(nb + lhs_outer, x.shape.rank)))
    return s.add("multiply", x.shape, [la, rb])


@rule("dot")
def dot_of_vectors(x, s):
    # dot whose operands have only batch and contracting dimensions => reduce(multiply(A, B))  [reassociate]
    a, b = x.operands
    dd = DotDims.of(x)
    nb = len(dd.lhs_batch)
    if not dd.lhs_contracting or not _plain(x) or not s.options.dot_strength_reduction:
        return None
    if a.shape.rank != nb + len(dd.lhs_contracting) or b.shape.rank != nb + len(dd.rhs_contracting):
        return None
    if not s.options.reassociate and etype_kind(x) == "float":
        return None
    if etype_kind(x) not in ("sint", "uint", "float"):
        return None
    acc = _accumulation_type(x.shape.etype)
    la = s.convert(normalize_operand(s, a, dd.lhs_batch, dd.lhs_contracting), acc)
    rb = s.convert(normalize_operand(s, b, dd.rhs_batch, dd.rhs_contracting), acc)
    prod = s.binary("multiply", la, rb)
    zero = s.constant(0, acc)
    dims = tuple(range(nb, prod.shape.rank))
    r = s.reduce(prod, zero, dims, s.scalar_computation("add", acc))
    if acc == x.shape.etype:
        return r if r.shape == x.shape else s.add("reshape", x.shape, [r])
    return s.add("convert", x.shape, [r])


@rule("dot")
def dot_drop_degenerate(x, s):
    # dot with size-1 dimensions => reshape(dot(reshape(A), reshape(B)) without them)
    a, b = x.operands
    if 1 not in a.shape.dims and 1 not in b.shape.dims:
        return None
    dd = DotDims.of(x)

    def remap(op):
        new_index, n = {}, 0
        for d, size in enumerate(op.shape.dims):
            if size != 1:
                new_index[d] = n
                n += 1
        return new_index

    ma, mb = remap(a), remap(b)
    new = DotDims(
        lhs_batch=tuple(ma[d] for d in dd.lhs_batch if d in ma),
        rhs_batch=tuple(mb[d] for d in dd.rhs_batch if d in mb),
        lhs_contracting=tuple(ma[d] for d in dd.lhs_contracting if d in ma),
        rhs_contracting=tuple(mb[d] for d in dd.rhs_contracting if d in mb),
    )
    if len(new.lhs_batch) != len(new.rhs_batch) or len(new.lhs_contracting) != len(new.rhs_contracting):
        return None
    na = s.reshape(a, [n for n in a.shape.dims if n != 1]) if 1 in a.shape.dims else a
    nb_ = s.reshape(b, [n for n in b.shape.dims if n != 1]) if 1 in b.shape.dims else b
    out = [na.shape.dims[d] for d in new.lhs_batch]
    out += [n for d, n in enumerate(na.shape.dims) if d not in new.lhs_batch and d not in new.lhs_contracting]
    out += [n for d, n in enumerate(nb_.shape.dims) if d not in new.rhs_batch and d not in new.rhs_contracting]
    attrs = new.as_attrs()
    attrs.update({k: v for k, v in x.attrs.items() if k not in (
        "lhs_batch_dims", "rhs_batch_dims", "lhs_contracting_dims", "rhs_contracting_dims")})
    d = s.add("dot", Shape.array(x.shape.etype, out), [na, nb_], **attrs)
    if d.shape == x.shape:
        return d
    return s.add("reshape", x.shape, [d])
