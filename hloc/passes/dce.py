"""dce: delete instructions whose values nobody uses, and computations nobody calls (XLA's HloDCE).

Kept: the root, parameters (removing one renumbers the others and changes the signature),
instructions with side effects (including calls/whiles whose bodies have side effects) and
instructions with control dependencies.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir.module import Module
from .base import Pass, option, register_pass
from .rewrite import SideEffects, remove_dead_instructions, remove_unreachable_computations


@dataclass(frozen=True)
class DceOptions:
    remove_computations: bool = option(True, "also delete computations the entry does not call")


@register_pass
class Dce(Pass):
    name = "dce"
    summary = "delete unused instructions (side effects kept) and computations nothing calls"
    Options = DceOptions

    def run(self, module: Module) -> bool:
        effects = SideEffects()
        changed = False
        for comp in module.computations:
            changed |= remove_dead_instructions(comp, effects)
        if self.options.remove_computations:
            changed |= remove_unreachable_computations(module)
        return changed
