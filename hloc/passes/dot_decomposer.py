"""dot-decomposer: bring every dot into the canonical form the backend's matrix kernels take
(XLA's DotDecomposer).

Canonical: batch dimensions first (0, 1, ..., in order), exactly one contracting dimension, and at
most one other dimension per operand. Anything else becomes

    lhs' = reshape(transpose(lhs, batch + free + contracting))   [B..., M, K]  (M omitted if 1)
    rhs' = reshape(transpose(rhs, batch + contracting + free))   [B..., K, N]  (N omitted if 1)
    dot  = reshape(dot(lhs', rhs'), original shape)

Reshapes and transposes that would do nothing are not emitted. The values are the same: the
products summed for each result element do not change (their order may, as for any dot).
"""

from __future__ import annotations

import math

from ..ir.attrs import DotDims
from ..ir.module import Computation, Instruction, Module
from ..ir.types import Shape
from .base import Pass, register_pass
from .naming import ModuleNames
from .rewrite import has_control_deps, replace_instruction


def is_canonical(rank: int, batch, contracting) -> bool:
    return (len(contracting) == 1 and rank <= len(batch) + 2
            and tuple(batch) == tuple(range(len(batch))))


def _canonical_operand(names: ModuleNames, comp: Computation, op: Instruction, batch, contracting,
                       contracting_last: bool):
    """The operand as [batch..., free, contracting] (lhs) or [batch..., contracting, free] (rhs), the
    free and contracting dimensions each collapsed into one; returns (operand, contracting dim)."""
    dims = op.shape.dims
    free = [d for d in range(op.shape.rank) if d not in batch and d not in contracting]
    perm = list(batch) + (free + list(contracting) if contracting_last else list(contracting) + free)
    x = op
    if perm != list(range(op.shape.rank)):
        x = names.create(comp, "transpose", Shape.array(op.shape.etype, [dims[p] for p in perm]), [op],
                        dimensions=tuple(perm))
    k = math.prod(dims[d] for d in contracting)
    m = math.prod(dims[d] for d in free)
    middle = ([m] if m != 1 else [])
    new_dims = [dims[d] for d in batch] + (middle + [k] if contracting_last else [k] + middle)
    if tuple(new_dims) != x.shape.dims:
        x = names.create(comp, "reshape", Shape.array(op.shape.etype, new_dims), [x])
    contracting_dim = len(batch) + (len(middle) if contracting_last else 0)
    return x, contracting_dim


def canonicalize_dot(dot: Instruction, names: ModuleNames) -> Instruction:
    comp = dot.computation
    a, b = dot.operands
    dd = DotDims.of(dot)
    nb = len(dd.lhs_batch)
    la, lc = _canonical_operand(names, comp, a, dd.lhs_batch, dd.lhs_contracting, contracting_last=True)
    rb, rc = _canonical_operand(names, comp, b, dd.rhs_batch, dd.rhs_contracting, contracting_last=False)
    batch = tuple(range(nb))
    out = [a.shape.dims[d] for d in dd.lhs_batch]
    out += [n for d, n in enumerate(la.shape.dims) if d >= nb and d != lc]
    out += [n for d, n in enumerate(rb.shape.dims) if d >= nb and d != rc]
    attrs = DotDims(batch, batch, (lc,), (rc,)).as_attrs()
    attrs.update({k: v for k, v in dot.attrs.items() if k not in (
        "lhs_batch_dims", "rhs_batch_dims", "lhs_contracting_dims", "rhs_contracting_dims")})
    new = names.create(comp, "dot", Shape.array(dot.shape.etype, out), [la, rb], **attrs)
    if new.shape == dot.shape:
        return new
    return names.create(comp, "reshape", dot.shape, [new])


@register_pass
class DotDecomposer(Pass):
    name = "dot-decomposer"
    summary = "canonical dots: batch dims major, one contracting and one free dim per side (XLA's DotDecomposer)"

    def run(self, module: Module) -> bool:
        changed = False
        names = ModuleNames(module)
        for comp in module.computations:
            if comp.is_fusion:
                continue
            for dot in [i for i in comp.instructions if i.opcode == "dot"]:
                a, b = dot.operands
                if has_control_deps(dot) or not all(x.shape.is_array and x.shape.is_static for x in (dot, a, b)):
                    continue
                dd = DotDims.of(dot)
                if (is_canonical(a.shape.rank, dd.lhs_batch, dd.lhs_contracting)
                        and is_canonical(b.shape.rank, dd.rhs_batch, dd.rhs_contracting)):
                    continue
                name = dot.name
                new = canonicalize_dot(dot, names)
                replace_instruction(dot, new)
                comp.rename(new, name)
                changed = True
        return changed
