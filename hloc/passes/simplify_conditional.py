"""simplify-conditional: a conditional whose branch is known runs that branch inline
(the core of XLA's ConditionalSimplifier).

    conditional(constant(true|false), a, b)         => true/false branch inlined on a/b
    conditional(constant(s32 k), a0, ..., an)       => branch k inlined (k out of range: the last)
    conditional(p, a) with a single branch          => that branch inlined

Conditionals with side effects or control dependencies are left alone. Branch computations left
without callers are deleted.
"""

from __future__ import annotations

import numpy as np

from ..ir.literal import ElidedLiteral
from ..ir.module import Computation, Instruction, Module
from .base import Pass, register_pass
from .rewrite import SideEffects, callers, has_control_deps, inline_call_site, restore_names


def branches(cond: Instruction) -> list[Computation]:
    if "branch_computations" in cond.attrs:
        return list(cond.attrs["branch_computations"])
    return [cond.attrs["true_computation"], cond.attrs["false_computation"]]


def known_branch(cond: Instruction) -> int | None:
    """The index of the branch that runs, if the conditional's first operand tells at compile time."""
    n = len(branches(cond))
    if n == 1:
        return 0
    selector = cond.operands[0]
    if selector.opcode != "constant" or isinstance(selector.literal, ElidedLiteral | tuple):
        return None
    value = np.asarray(selector.literal).reshape(())[()]
    if selector.shape.etype == "pred":
        return 0 if bool(value) else 1
    k = int(value)
    return k if 0 <= k < n else n - 1  # out-of-range indices run the last branch


@register_pass
class SimplifyConditional(Pass):
    name = "simplify-conditional"
    summary = "inline the branch of a conditional whose predicate/index is a constant or that has one branch"

    def run(self, module: Module) -> bool:
        effects = SideEffects()
        touched: list[Computation] = []
        names: list = []
        for comp in module.computation_post_order():
            for instr in list(comp.instructions):
                if instr.opcode != "conditional" or instr.parent is not comp:
                    continue
                if has_control_deps(instr) or effects.instruction(instr):
                    continue
                k = known_branch(instr)
                if k is None:
                    continue
                all_branches = branches(instr)
                inline_call_site(instr, all_branches[k], [instr.operands[k + 1]], names)
                touched.extend(all_branches)
        if touched:
            remaining = callers(module)
            for c in dict.fromkeys(touched):
                if c.parent is module and c is not module.entry and not remaining.get(c):
                    module.remove_computation(c)
            restore_names(module, names)
        return bool(touched)
