"""map-inliner: a map whose computation is one elementwise operation on its parameters becomes
that operation on the map's operands (XLA's MapInliner).

    map(x, y), to_apply={ ROOT r = add(p0, p1) }   =>  add(x, y)
    map(x, y), to_apply={ ROOT p1 }                 =>  y
    map(x), to_apply={ ROOT c = constant(k) }       =>  broadcast(constant(k))
"""

from __future__ import annotations

from ..ir.module import Module
from ..ir.opcodes import ELEMENTWISE
from ..ir.types import Shape
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import post_order_of, remove_unreachable_computations, replace_instruction


@register_pass
class MapInliner(Pass):
    name = "map-inliner"
    summary = "replace a map of a single elementwise operation by that operation on the map's operands"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            for m in post_order_of(comp, ("map",)):
                root = m.attrs["to_apply"].root
                if not all(o.opcode == "parameter" for o in root.operands):
                    continue
                b = Builder(comp)
                if root.opcode == "parameter":
                    # map of a parameter => that operand
                    new = m.operands[root.parameter_number]
                elif root.opcode == "constant" and root.shape.is_scalar:
                    # map of a constant => the constant broadcast to the map's shape
                    c = b.constant(root.literal, root.shape.etype, root.name)
                    new = b.broadcast(c, m.shape.dims, ()) if m.shape.dims else c
                elif root.opcode in ELEMENTWISE and root.opcode != "stochastic-convert":
                    # map(x...), to_apply={op(p...)} => op(x...)
                    args = [m.operands[o.parameter_number] for o in root.operands]
                    new = b.add(root.opcode, Shape(root.shape.etype, m.shape.dims), args, root.name,
                                **dict(root.attrs))
                else:
                    continue
                replace_instruction(m, new)
                changed = True
        if changed:
            remove_unreachable_computations(module)
        return changed
