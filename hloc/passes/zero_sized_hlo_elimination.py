"""zero-sized-hlo-elimination: an array with no elements is a constant (XLA's ZeroSizedHloElimination).

    f32[0,3] anything(...)  => f32[0,3] constant({ })      (side effects, tuples and dynamic shapes kept)
    f32[0] parameter(0)     => its uses read a constant instead; the parameter stays
"""

from __future__ import annotations

import numpy as np

from ..ir.module import Computation, Instruction, Module
from .base import Pass, register_pass
from .rewrite import SideEffects, add_instruction, has_control_deps, replace_instruction


def empty_constant(comp: Computation, like: Instruction) -> Instruction:
    c = Instruction("constant", like.shape)
    c.literal = np.zeros(like.shape.dims, dtype=like.shape.dtype)
    return add_instruction(comp, c, "constant")


@register_pass
class ZeroSizedHloElimination(Pass):
    name = "zero-sized-hlo-elimination"
    summary = "replace instructions that produce arrays with zero elements by empty constants"

    def run(self, module: Module) -> bool:
        effects = SideEffects()
        changed = False
        for comp in module.computations:
            # Post order only where there is work: nearly every module has no zero-sized array.
            if not any(_zero_sized(i.shape) for i in comp.instructions):
                continue
            for instr in comp.post_order():
                shape = instr.shape
                if (instr.parent is not comp or not _zero_sized(shape)
                        or instr.opcode == "constant" or has_control_deps(instr) or effects.instruction(instr)):
                    continue
                if instr.opcode == "parameter":
                    # The parameter stays (the signature does not change); its uses read a constant.
                    if instr.users or comp.root is instr:
                        instr.replace_all_uses_with(empty_constant(comp, instr))
                        changed = True
                    continue
                replace_instruction(instr, empty_constant(comp, instr))
                changed = True
        return changed


def _zero_sized(shape) -> bool:
    return shape.is_array and shape.is_static and not shape.num_elements
