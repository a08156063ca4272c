"""logistic-expander: logistic(x) => 1 / (1 + exp(-x)) (XLA's LogisticExpander, which XLA:CPU runs,
so the expansion computes what XLA:CPU computes; fusion then keeps it one loop).
"""

from __future__ import annotations

from ..ir.module import Module
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import replace_instruction


@register_pass
class LogisticExpander(Pass):
    name = "logistic-expander"
    summary = "rewrite logistic(x) as 1 / (1 + exp(-x))"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            for instr in [i for i in comp.instructions if i.opcode == "logistic"]:
                if instr.shape.element_type.kind not in ("float", "complex"):
                    continue
                b = Builder(comp)
                x = instr.operands[0]
                one = b.full(1.0, x.shape)
                # logistic(x) => 1 / (1 + exp(-x))
                e = b.unary("exponential", b.neg(x))
                result = b.div(one, b.add_(one, e))
                name = instr.name
                replace_instruction(instr, result)
                comp.rename(result, name)
                changed = True
        return changed
