"""dynamic-index-splitter: dynamic-slice/-update-slice with a start-index vector => one scalar index
per dimension (XLA's DynamicIndexSplitter); on rank 0 they are their operand / update.

    dynamic-slice(x, s32[2] idx)            =>  dynamic-slice(x, reshape(slice(idx, [0:1])), reshape(slice(idx, [1:2])))
    dynamic-update-slice(x, u, s32[2] idx)  =>  the same, scalar indices
    dynamic-slice(s[] x, ...)               =>  x ;  dynamic-update-slice(s[] x, u, ...) => u
"""

from __future__ import annotations

from ..ir.module import Module
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import post_order_of, replace_instruction


@register_pass
class DynamicIndexSplitter(Pass):
    name = "dynamic-index-splitter"
    summary = "give dynamic-slice/dynamic-update-slice one scalar start index per dimension"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            if comp.is_fusion:
                continue
            for op in post_order_of(comp, ("dynamic-slice", "dynamic-update-slice")):
                update = op.opcode == "dynamic-update-slice"
                rank = op.operands[0].shape.rank
                if rank == 0:
                    # a rank-0 slice is the operand itself (an update: the update)
                    replace_instruction(op, op.operands[1] if update else op.operands[0])
                    changed = True
                    continue
                first = 2 if update else 1
                index = op.operands[first]
                if index.shape.is_scalar or len(op.operands) != first + 1 or index.shape.rank != 1:
                    continue
                b = Builder(comp)
                scalars = [b.reshape(b.slice(index, [d], [d + 1]), ()) for d in range(rank)]
                new = b.add(op.opcode, op.shape, list(op.operands[:first]) + scalars, **{
                    k: v for k, v in op.attrs.items()})
                name = op.name
                replace_instruction(op, new)
                comp.rename(new, name)
                changed = True
        return changed
