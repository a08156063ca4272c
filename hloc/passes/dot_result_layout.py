"""dot-result-layout: a dot whose users all read it elementwise takes the layout they have.

    t = f32[256,256]{0,1} dot(a, b)          t = f32[256,256]{1,0} dot(a, b)
    s = f32[256,256]{1,0} add(acc, t)   =>   s = f32[256,256]{1,0} add(acc, t)

The GEMM writes any output strides at the same cost, while an elementwise op whose operand has
another layout reads it transposed, element by element. Such layouts come from a transpose that
was a bitcast (a producer's `transpose(dot){0,1}`) folded into the dot by algsimp's
transpose(dot) => dot(B, A): the gradient accumulations of a scanned LSTM's weights are this add.
XLA's layout assignment gives such internal instructions the layout of their users as well.

Left alone: a computation's root (its layout is the caller's), a dot with any user that is not
elementwise (a bitcast, tuple, custom call, ... sees the physical order), users that disagree.
"""

from __future__ import annotations

from ..ir.module import Instruction, Module
from ..ir.opcodes import ELEMENTWISE
from ..ir.types import Shape
from .base import Pass, register_pass
from .rewrite import has_control_deps

_LOGICAL_READERS = ELEMENTWISE | {"copy"}


def users_layout(dot: Instruction):
    """The layout every user of `dot` has, when all read it elementwise at its dims; else None."""
    layouts = set()
    for user in dot.users:
        if user.opcode not in _LOGICAL_READERS or user.shape.is_tuple or user.shape.dims != dot.shape.dims:
            return None
        layouts.add(user.shape.layout)
    return layouts.pop() if len(layouts) == 1 else None


@register_pass
class DotResultLayout(Pass):
    name = "dot-result-layout"
    summary = "give a dot read only elementwise the layout of its users (the GEMM writes any strides)"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            if comp.is_fusion:
                continue
            for instr in comp.instructions:
                if (instr.opcode != "dot" or instr.shape.rank < 2 or comp.root is instr or not instr.users
                        or has_control_deps(instr)):
                    continue
                layout = users_layout(instr)
                if layout is None or layout == instr.shape.layout:
                    continue
                instr.shape = Shape(instr.shape.etype, instr.shape.dims, layout, instr.shape.dynamic)
                changed = True
        return changed
