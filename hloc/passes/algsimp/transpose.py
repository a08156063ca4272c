"""transpose."""

from __future__ import annotations

from ...ir.attrs import DotDims
from .core import compose_permutations, inverse_permutation, is_permutation_identity, rule


@rule("transpose")
def transpose_identity(x, s):
    # transpose(A, {0, 1, ..., n-1}) => A
    a = x.operands[0]
    if is_permutation_identity(x.dimensions) and a.shape == x.shape:
        return a


@rule("transpose")
def transpose_transpose(x, s):
    # transpose(transpose(A, p), q) => transpose(A, p o q)
    a = x.operands[0]
    if a.opcode == "transpose":
        perm = compose_permutations(a.dimensions, x.dimensions)
        return s.add("transpose", x.shape, [a.operands[0]], dimensions=perm)


@rule("transpose")
def transpose_degenerate(x, s):
    # transpose that only moves size-1 dimensions => reshape
    a = x.operands[0]
    perm = x.dimensions
    moved = [p for p in perm if a.shape.dims[p] != 1]
    if moved == sorted(moved):
        return s.add("reshape", x.shape, [a])


@rule("transpose")
def transpose_broadcast(x, s):
    # transpose(broadcast(A)) => broadcast(A) with permuted dimensions (when they stay in order)
    b = x.operands[0]
    if b.opcode != "broadcast":
        return None
    inv = inverse_permutation(x.dimensions)
    dims = tuple(inv[d] for d in b.dimensions)
    if list(dims) != sorted(dims):
        return None
    return s.add("broadcast", x.shape, [b.operands[0]], dimensions=dims)


@rule("transpose")
def transpose_iota(x, s):
    # transpose(iota) => iota along the permuted dimension
    a = x.operands[0]
    if a.opcode != "iota":
        return None
    inv = inverse_permutation(x.dimensions)
    return s.add("iota", x.shape, iota_dimension=inv[a.attrs["iota_dimension"]])


@rule("transpose")
def transpose_dot(x, s):
    # transpose(dot(A, B)) => dot(B, A) when the transpose swaps the two operands' output dimensions
    dot = x.operands[0]
    if dot.opcode != "dot" or len(dot.users) != 1 or dot.parent.root is dot:
        return None
    a, b = dot.operands
    dd = DotDims.of(dot)
    nb = len(dd.lhs_batch)
    lhs_outer = a.shape.rank - nb - len(dd.lhs_contracting)
    rhs_outer = b.shape.rank - nb - len(dd.rhs_contracting)
    perm = list(x.dimensions)
    if perm[:nb] != list(range(nb)):
        return None  # batch dimensions stay in place (a canonical dot stays canonical)
    if perm[nb:nb + rhs_outer] != list(range(nb + lhs_outer, nb + lhs_outer + rhs_outer)):
        return None
    if perm[nb + rhs_outer:] != list(range(nb, nb + lhs_outer)):
        return None
    new = DotDims(
        lhs_batch=dd.rhs_batch,
        rhs_batch=dd.lhs_batch,
        lhs_contracting=dd.rhs_contracting,
        rhs_contracting=dd.lhs_contracting,
    )
    attrs = new.as_attrs()
    for k, v in dot.attrs.items():
        if k in ("operand_precision",) and isinstance(v, (tuple, list)) and len(v) == 2:
            attrs[k] = type(v)((v[1], v[0]))
        elif k not in ("lhs_batch_dims", "rhs_batch_dims", "lhs_contracting_dims", "rhs_contracting_dims"):
            attrs[k] = v
    return s.add("dot", x.shape, [b, a], **attrs)
