"""conditional-to-select: inside computations applied per element (reducers, map, sort comparators,
scatter combiners, ...), a conditional becomes a select of both branches (XLA's ConditionalToSelect).

    conditional(p, a, b), true_computation=T, false_computation=F   =>  select(p, T(a), F(b))
    conditional(i, a, b), branch_computations={B0, B1}              =>  select(convert(i), B1(b), B0(a))

Such computations run on scalars, where computing both branches costs less than branching (and
the emitters of reduce, sort, ... want straight-line code). Only array results, and branches
without side effects. (An s32 index other than 0 or 1 runs the last branch, which is what
converting it to pred selects.)
"""

from __future__ import annotations

from ..ir.module import Computation, Instruction, Module
from ..ir.types import Shape
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import (
    SideEffects,
    inline_computation,
    remove_unreachable_computations,
    replace_instruction,
    restore_names,
)
from .simplify_conditional import branches

# Call sites whose callee runs as control flow; every other called computation is applied per
# element ("embedded" in XLA's call graph).
CONTROL_FLOW = frozenset({"call", "while", "conditional", "async-start", "async-update", "async-done"})


def embedded_computations(module: Module) -> set[Computation]:
    """Computations reached only through embedded call sites (XLA's CallContext::kEmbedded)."""
    control: set[Computation] = set()
    embedded: set[Computation] = set()
    stack = [(module.entry_computation, False)]
    seen: set[tuple[Computation, bool]] = set()
    while stack:
        comp, inside = stack.pop()
        if (comp, inside) in seen:
            continue
        seen.add((comp, inside))
        (embedded if inside else control).add(comp)
        for instr in comp.instructions:
            for callee in instr.called_computations:
                stack.append((callee, inside or instr.opcode not in CONTROL_FLOW))
    return embedded - control


@register_pass
class ConditionalToSelect(Pass):
    name = "conditional-to-select"
    summary = "turn conditionals inside per-element computations (reducers, comparators) into selects"

    def run(self, module: Module) -> bool:
        effects = SideEffects()
        changed = False
        names: list = []
        embedded = embedded_computations(module)
        for comp in module.computation_post_order():
            if comp not in embedded:
                continue
            for cond in [i for i in comp.post_order() if i.opcode == "conditional"]:
                changed |= self._to_select(cond, effects, names)
        if changed:
            remove_unreachable_computations(module)
            restore_names(module, names)
        return changed

    def _to_select(self, cond: Instruction, effects: SideEffects, names: list) -> bool:
        if not cond.shape.is_array or not cond.operands[0].shape.is_scalar:
            return False
        comps = branches(cond)
        selector = cond.operands[0]
        if selector.shape.etype == "pred":
            (t_comp, f_comp), (t_arg, f_arg) = comps, cond.operands[1:3]
        elif selector.shape.etype == "s32" and len(comps) == 2:
            (f_comp, t_comp), (f_arg, t_arg) = comps, cond.operands[1:3]
        else:
            return False
        if effects.computation(t_comp) or effects.computation(f_comp) or cond.control_predecessors \
                or cond.control_successors:
            return False
        comp = cond.computation
        b = Builder(comp)
        t = inline_computation(t_comp, [t_arg], comp, names=names)
        f = inline_computation(f_comp, [f_arg], comp, names=names)
        p = selector if selector.shape.etype == "pred" else b.add("convert", Shape.scalar("pred"), [selector])
        if cond.shape.dims:
            p = b.broadcast(p, cond.shape.dims, ())
        result = b.add("select", cond.shape, [p, t, f])
        name = cond.name
        replace_instruction(cond, result)
        comp.rename(result, name)
        return True
