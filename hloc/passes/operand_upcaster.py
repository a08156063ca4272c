"""operand-upcaster: a dot/convolution whose result type is more precise than its operands' gets
operands converted to the result type (XLA's OperandUpcaster, XLA:CPU's first type legalization):

    f32 dot(bf16 a, bf16 b)  =>  f32 dot(f32 convert(a), f32 convert(b))

The widening is exact, so the products and sums are what the mixed-precision dot computes; the
backend then sees one element type. Not for an f32 dot of two bf16 (or two f16) operands, which
XLA:CPU keeps as they are too: the native GEMM widens them as it packs them, reading half the
bytes of f32 copies and writing none.
"""

from __future__ import annotations

from ..ir.module import Module
from ..ir.shape_inference import ShapeError, higher_precision, infer_shape
from ..ir.types import Shape
from .base import Pass, register_pass
from .hlo_builder import Builder

UPCAST = ("dot", "convolution")


def inferred_etype(instr) -> str | None:
    """The element type XLA infers for the dot/convolution without a preferred type."""
    try:
        return infer_shape(instr.opcode, [o.shape for o in instr.operands[:2]], instr.attrs).etype
    except (ShapeError, KeyError, ValueError, TypeError, IndexError):
        return None


def narrow_float_dot(instr) -> bool:
    """An f32 dot of two operands of one narrow float type (kept as it is)."""
    a, b = (o.shape.etype for o in instr.operands[:2])
    return instr.opcode == "dot" and instr.shape.etype == "f32" and a == b and a in ("bf16", "f16")


@register_pass
class OperandUpcaster(Pass):
    name = "operand-upcaster"
    summary = "convert dot/convolution operands to a more precise result type"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            for instr in [i for i in comp.instructions if i.opcode in UPCAST and len(i.operands) == 2]:
                to = instr.shape.etype
                inferred = inferred_etype(instr)
                if inferred is None or instr.shape.is_tuple:
                    continue
                if all(t == to for t in (inferred, instr.operands[0].shape.etype, instr.operands[1].shape.etype)):
                    continue
                if higher_precision(inferred, to) != to:
                    continue  # the result is narrower: result-caster's case
                if narrow_float_dot(instr):
                    continue
                b = Builder(comp)
                for k, op in enumerate(instr.operands):
                    if op.shape.etype != to:
                        # operand k => convert(operand k) to the result type (exact)
                        instr.replace_operand(k, b.add("convert", Shape(to, op.shape.dims), [op]))
                        changed = True
        return changed
