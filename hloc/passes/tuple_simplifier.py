"""tuple-simplifier: remove tuples that are taken apart right away (XLA's TupleSimplifier).

    get-tuple-element(tuple(a0, ..., an), i)                    => ai
    tuple(get-tuple-element(t, 0), ..., get-tuple-element(t, n)) => t   (same shape, all elements in order)
"""

from __future__ import annotations

from ..ir.module import Computation, Instruction, Module
from .base import Pass, register_pass
from .rewrite import has_control_deps, post_order_of, replace_instruction


def _rebuilt_tuple_source(tup: Instruction) -> Instruction | None:
    """`t` if `tup` is tuple(gte(t,0), ..., gte(t,n-1)) with tup.shape == t.shape."""
    ops = tup.operands
    if not ops or any(o.opcode != "get-tuple-element" for o in ops):
        return None
    source = ops[0].operands[0]
    if source.shape != tup.shape:
        return None
    for i, o in enumerate(ops):
        if o.operands[0] is not source or o.attrs.get("index") != i:
            return None
    return source


@register_pass
class TupleSimplifier(Pass):
    name = "tuple-simplifier"
    summary = "fold get-tuple-element(tuple(...)) and tuple(get-tuple-element(t, i)...) => t"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            changed |= self._run_on(comp)
        return changed

    def _run_on(self, comp: Computation) -> bool:
        changed = False
        for instr in post_order_of(comp, ("get-tuple-element", "tuple")):
            if instr.parent is not comp or has_control_deps(instr):
                continue
            if instr.opcode == "get-tuple-element":
                src = instr.operands[0]
                if src.opcode == "tuple":
                    # gte(tuple(a0, ..., an), i) => ai
                    replace_instruction(instr, src.operands[instr.attrs["index"]])
                    changed = True
            elif instr.opcode == "tuple":
                whole = _rebuilt_tuple_source(instr)
                if whole is not None:
                    # tuple(gte(t, 0), ..., gte(t, n)) => t
                    replace_instruction(instr, whole)
                    changed = True
        return changed
