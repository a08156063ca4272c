"""transpose-folding: fold transposed operands of dots and convolutions into their dimension
numbers (XLA's TransposeFolding).

    dot(transpose(A, {1,0}), B), lhs_contracting_dims={1}  =>  dot(A, B), lhs_contracting_dims={0}
    convolution(transpose(X), W), dim_labels=b01f_...       =>  convolution(X, W) with relabelled input dims

A dot operand can fold when the transpose keeps the operand's free (non-batch, non-contracting)
dimensions in their order, which is exactly when the dot's result does not change. By default only
XLA:CPU's case folds (`row-column-only`): a [batch..., rows, cols] operand with one contracting
dimension whose transpose swaps rows and columns, so that a canonical dot (dot-decomposer) stays
canonical. As in XLA, dots with a rank-1 operand are left alone.
A dot operand `reshape(transpose(x))` whose reshape only merges transposed dimensions that are
consecutive dimensions of a row-major x, in order (what dot-decomposer makes of a weight contracted
on its last dimension: [2,6912,1152] -> [1152,2,6912] -> [1152,13824]), is the transpose of a
reshape of x, which costs no copy; it folds as that transpose would (`merged_transpose`).
A convolution folds a transposed input or kernel, except where conv-canonicalization would put
the transpose back: an input whose folding takes the features out of the minor place, a kernel
of a convolution already in that pass's form. The transpose itself goes once nothing else reads it.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass

from ..ir.attrs import ConvDimLabels, DotDims
from ..ir.module import Computation, Instruction, Module
from ..ir.types import Shape
from .algsimp.core import is_permutation_identity
from .base import Pass, option, register_pass
from .conv_canonicalization import in_canonical_form, wants_canonical_form
from .rewrite import has_control_deps, replace_instruction


@dataclass(frozen=True)
class TransposeFoldingOptions:
    dots: bool = option(True, "fold transposed dot operands")
    row_column_only: bool = option(True, "fold only transposes that swap the two minor dimensions of a "
                                         "[batch..., rows, cols] operand with one contracting dimension, so "
                                         "canonical dots stay canonical (XLA:CPU); false: any fold that keeps "
                                         "the result")
    convolutions: bool = option(True, "fold transposed convolution inputs and kernels")


def _foldable_dot_operand(t: Instruction, batch, contracting, row_column_only: bool) -> bool:
    if t.opcode != "transpose" or is_permutation_identity(t.attrs["dimensions"]):
        return False
    perm = t.attrs["dimensions"]
    if row_column_only and not (len(batch) == t.shape.rank - 2 and len(contracting) == 1
                                and all(perm[d] == d for d in batch)):
        return False
    free = [perm[i] for i in range(len(perm)) if i not in batch and i not in contracting]
    return free == sorted(free)


def fold_dot(dot: Instruction, row_column_only: bool = False) -> Instruction | None:
    """The dot with its foldable transposed operands folded, or None."""
    a, b = dot.operands
    if a.shape.rank < 2 or b.shape.rank < 2:
        return None
    dd = DotDims.of(dot)
    lhs_batch, lhs_contracting = dd.lhs_batch, dd.lhs_contracting
    rhs_batch, rhs_contracting = dd.rhs_batch, dd.rhs_contracting
    changed = False
    if _foldable_dot_operand(a, lhs_batch, lhs_contracting, row_column_only):
        perm = a.attrs["dimensions"]
        lhs_batch = tuple(perm[d] for d in lhs_batch)
        lhs_contracting = tuple(perm[d] for d in lhs_contracting)
        a = a.operands[0]
        changed = True
    if _foldable_dot_operand(b, rhs_batch, rhs_contracting, row_column_only):
        perm = b.attrs["dimensions"]
        rhs_batch = tuple(perm[d] for d in rhs_batch)
        rhs_contracting = tuple(perm[d] for d in rhs_contracting)
        b = b.operands[0]
        changed = True
    if not changed:
        return None
    attrs = DotDims(lhs_batch, rhs_batch, lhs_contracting, rhs_contracting).as_attrs()
    attrs.update({k: v for k, v in dot.attrs.items() if k not in (
        "lhs_batch_dims", "rhs_batch_dims", "lhs_contracting_dims", "rhs_contracting_dims")})
    return Instruction("dot", dot.shape, [a, b], attrs)


def merged_transpose(r: Instruction) -> tuple[Shape, tuple[int, ...]] | None:
    """For r = reshape(transpose(x, perm)) whose reshape merges runs of the transposed dimensions that
    are consecutive dimensions of x in order (x row-major, no size-1 dimensions): (the shape of
    x' = reshape(x), which is a bitcast, and perm' with r == transpose(x', perm')); else None."""
    if r.opcode != "reshape" or r.operands[0].opcode != "transpose":
        return None
    t = r.operands[0]
    x = t.operands[0]
    perm = t.attrs["dimensions"]
    layout = x.shape.layout
    if not x.shape.is_array or layout is None or not layout.is_default() or 1 in x.shape.dims or 1 in r.shape.dims:
        return None
    groups, k = [], 0  # the transposed dimensions each dimension of r merges
    for size in r.shape.dims:
        group, n = [], 1
        while n < size and k < t.shape.rank:
            group.append(k)
            n *= t.shape.dims[k]
            k += 1
        if n != size:
            return None
        groups.append([perm[i] for i in group])
    if any(g != list(range(g[0], g[0] + len(g))) for g in groups):
        return None
    order = sorted(range(len(groups)), key=lambda j: groups[j][0])  # the groups in x's order
    dims = [r.shape.dims[j] for j in order]
    new_perm = tuple(order.index(j) for j in range(len(groups)))
    return Shape.array(x.shape.etype, dims), new_perm


def fold_reshaped_dot(dot: Instruction, row_column_only: bool) -> tuple[Instruction, list[Instruction]] | None:
    """fold_dot with its reshape(transpose(x)) operands (merged_transpose) seen as transposes of
    reshapes of x: the folded dot and the new reshapes it reads, or None when no such operand folds."""
    operands, made = list(dot.operands), []
    for i, op in enumerate(operands):
        merged = merged_transpose(op)
        if merged is not None:
            shape, perm = merged
            x = Instruction("reshape", shape, [op.operands[0].operands[0]], {})
            operands[i] = Instruction("transpose", op.shape, [x], {"dimensions": perm})
            made += [x, operands[i]]
    if not made:
        return None
    probe = Instruction("dot", dot.shape, operands, dict(dot.attrs))
    new = fold_dot(probe, row_column_only)
    kept = [x for x in made if new is not None and x in new.operands]
    # (a merged transpose that does not fold is no better than the reshape)
    ok = new is not None and not any(o in made and o.opcode == "transpose" for o in new.operands)
    for x in [probe] + made + ([new] if new is not None and not ok else []):
        if not ok or x not in kept:
            for o in x.operands:  # the probes are not part of the module: not users of anything
                o.users.pop(x, None)
    return (new, kept) if ok and new is not None else None


def fold_convolution(conv: Instruction) -> Instruction | None:
    x, w = conv.operands[:2]
    labels: ConvDimLabels = conv.attrs["dim_labels"]
    new = labels
    if x.opcode == "transpose":
        p = x.attrs["dimensions"]
        folded = dataclasses.replace(new, input_batch=p[labels.input_batch], input_feature=p[labels.input_feature],
                                     input_spatial=tuple(p[d] for d in labels.input_spatial))
        # not where conv-canonicalization would put the transpose back (features minor for the GEMM)
        if wants_canonical_form(conv) or not wants_canonical_form(conv, folded, x.operands[0].shape):
            new = folded
            x = x.operands[0]
    if w.opcode == "transpose" and not in_canonical_form(conv):
        p = w.attrs["dimensions"]
        new = dataclasses.replace(new, kernel_input_feature=p[labels.kernel_input_feature],
                                  kernel_output_feature=p[labels.kernel_output_feature],
                                  kernel_spatial=tuple(p[d] for d in labels.kernel_spatial))
        w = w.operands[0]
    if new is labels:
        return None
    attrs = dict(conv.attrs)
    attrs["dim_labels"] = new
    return Instruction("convolution", conv.shape, [x, w, *conv.operands[2:]], attrs)


@register_pass
class TransposeFolding(Pass):
    name = "transpose-folding"
    summary = "fold transposed dot/convolution operands into their dimension numbers (XLA's TransposeFolding)"
    Options = TransposeFoldingOptions

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            if not comp.is_fusion:
                changed |= self._run_on(comp)
        return changed

    def _run_on(self, comp: Computation) -> bool:
        changed = False
        for instr in comp.post_order():
            if instr.parent is not comp or has_control_deps(instr):
                continue
            new = None
            if instr.opcode == "dot" and self.options.dots:
                reshaped = fold_reshaped_dot(instr, self.options.row_column_only)
                if reshaped is not None:
                    new, reshapes = reshaped
                    for x in reshapes:
                        comp.add(x, "reshape")
                else:
                    new = fold_dot(instr, self.options.row_column_only)
            elif instr.opcode == "convolution" and self.options.convolutions and len(instr.operands) == 2:
                new = fold_convolution(instr)
            if new is None:
                continue
            name = instr.name
            comp.add(new, instr.opcode)
            replace_instruction(instr, new)
            comp.rename(new, name)
            changed = True
        return changed
