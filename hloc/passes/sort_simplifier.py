"""sort-simplifier: drop the operands of a multi-operand sort whose results are never read
(XLA's SortSimplifier).

    (k', v', w') = sort(k, v, w); use gte(0), gte(2) only; comparator reads k only
        => (k', w') = sort(k, w) with the comparator's parameters for v removed

An operand stays if its sorted result is used or the comparator reads it (parameters 2i, 2i+1).
A sort whose users are not all get-tuple-elements, or that is a root, is left alone.
"""

from __future__ import annotations

from ..ir.module import Computation, Instruction, Module
from ..ir.types import Shape
from .base import Pass, register_pass
from .rewrite import callers, clone_computation, has_control_deps


def _used_operands(sort: Instruction) -> set[int] | None:
    used: set[int] = set()
    for user in sort.users:
        if user.opcode != "get-tuple-element":
            return None
        used.add(user.attrs["index"])
    comparator: Computation = sort.attrs["to_apply"]
    for p in comparator.parameters:
        if p.users or comparator.root is p:
            used.add(p.parameter_index // 2)
    return used


def _drop_parameters(comp: Computation, keep: list[int]) -> None:
    """Delete the comparator parameters of the dropped operands (unused) and renumber the rest."""
    new_number = 0
    for p in comp.parameters:
        if p.parameter_index // 2 in keep:
            p.parameter_number = new_number
            new_number += 1
        else:
            comp.remove(p)


@register_pass
class SortSimplifier(Pass):
    name = "sort-simplifier"
    summary = "remove the operands of a multi-operand sort whose sorted values are never used"

    def run(self, module: Module) -> bool:
        old_comparators: list[tuple[Computation, Computation, dict]] = []
        for comp in list(module.computations):
            for sort in list(comp.instructions):
                if sort.opcode != "sort" or not sort.shape.is_tuple or comp.root is sort or has_control_deps(sort):
                    continue
                used = _used_operands(sort)
                if used is None or not used or len(used) == len(sort.operands):
                    continue
                keep = sorted(used)
                comparator = sort.attrs["to_apply"]
                cloned: dict = {}
                new_cmp = clone_computation(comparator, module, comparator.name + ".clone", before=comp,
                                            mapping=cloned)
                _drop_parameters(new_cmp, keep)
                operands = [sort.operands[i] for i in keep]
                results = [sort.shape.tuple_shapes[i] for i in keep]
                shape = results[0] if len(keep) == 1 else Shape.tuple(results)
                new_sort = comp.add(sort.clone(operands=operands, shape=shape), sort.name)
                new_sort.attrs["to_apply"] = new_cmp
                renames = [(new_sort, sort.name)]
                for gte in list(sort.users):
                    old_index = gte.attrs["index"]
                    if len(keep) == 1:
                        replacement = new_sort
                    else:
                        replacement = comp.create("get-tuple-element", gte.shape, [new_sort], name=gte.name,
                                                  index=keep.index(old_index))
                        renames.append((replacement, gte.name))
                    gte.replace_all_uses_with(replacement)
                    comp.remove(gte)
                comp.remove(sort)
                for instr, name in renames:  # the new instructions take over the old names
                    comp.rename(instr, name)
                old_comparators.append((comparator, new_cmp, cloned))
        if old_comparators:
            remaining = callers(module)
            for old, new, cloned in old_comparators:
                if old.parent is module and not remaining.get(old):
                    # The copy replaces the original: it takes over its names.
                    module.remove_computation(old)
                    if new.name == old.name + ".clone" and old.name not in {c.name for c in module.computations}:
                        new.name = old.name
                    for original, copy in cloned.items():
                        if copy.parent is new:
                            new.rename(copy, original.name)
        return bool(old_comparators)
