"""result-caster: a dot/convolution with a result type less precise than its operands' is computed
in the operands' type and converted (XLA's ResultCaster):

    bf16 dot(f32 a, f32 b)  =>  bf16 convert(f32 dot(a, b))

so the sums are accumulated in the operands' precision and rounded once, as XLA:CPU does.
"""

from __future__ import annotations

from ..ir.module import Module
from ..ir.shape_inference import higher_precision
from ..ir.types import Shape
from .base import Pass, register_pass
from .hlo_builder import Builder
from .operand_upcaster import UPCAST, inferred_etype
from .rewrite import replace_instruction


@register_pass
class ResultCaster(Pass):
    name = "result-caster"
    summary = "compute dot/convolution in the operands' type when the result type is less precise"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            for instr in [i for i in comp.instructions if i.opcode in UPCAST and len(i.operands) == 2]:
                inferred = inferred_etype(instr)
                to = instr.shape.etype
                if inferred is None or instr.shape.is_tuple or inferred == to:
                    continue
                if higher_precision(inferred, to) != inferred:
                    continue
                b = Builder(comp)
                wide = comp.add(instr.clone(shape=Shape(inferred, instr.shape.dims, instr.shape.layout)), instr.name)
                # op => convert(op computed in the operands' type)
                result = b.add("convert", instr.shape, [wide])
                name = instr.name
                replace_instruction(instr, result)
                comp.rename(result, name)
                changed = True
        return changed
