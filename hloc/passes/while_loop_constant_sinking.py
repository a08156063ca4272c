"""while-loop-constant-sinking: use a loop-invariant constant directly inside the loop (XLA's
WhileLoopConstantSinking).

    while(tuple(..., constant(c), ...)) { v = gte(state, k) (passed through) ; use(v) }
    =>  while(...)                       { v = gte(state, k) ; use(constant(c)) }

In the condition the gte itself is replaced. The body keeps `v` in its result so the element stays
trivially invariant (simplify-while-loops removes it later). Not a win by itself, but constant
folding and the algebraic simplifier can now see the value. Loops are visited outermost first, so
a constant sinks through nested loops in one run. Shared conditions/bodies are cloned first.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir.module import Computation, Instruction, Module
from .base import Pass, option, register_pass
from .hlo_builder import Builder
from .rewrite import callers, clone_computation, remove_unreachable_computations
from .while_loop_analysis import is_constant
from .while_util import invariant_gtes


@dataclass(frozen=True)
class WhileLoopConstantSinkingOptions:
    sink_broadcast_of_constants: bool = option(False, "also sink broadcasts of constants")
    sink_only_scalar_constants: bool = option(False, "sink scalar constants only")


@register_pass
class WhileLoopConstantSinking(Pass):
    name = "while-loop-constant-sinking"
    summary = "replace uses of loop-invariant constant elements inside while loops by the constants"
    Options = WhileLoopConstantSinkingOptions

    def run(self, module: Module) -> bool:
        if not any(i.opcode == "while" for c in module.computations for i in c.instructions):
            return False  # (most modules: no callers map, no walk)
        self.module = module
        self.who = callers(module)
        changed = False
        stack = [module.entry_computation]
        seen: set[Computation] = set()
        while stack:
            comp = stack.pop()
            if comp in seen:
                continue
            seen.add(comp)
            for instr in list(comp.instructions):
                if instr.opcode == "while":
                    changed |= self._sink(instr)  # first: it may give the loop new computations
                stack.extend(instr.called_computations)
        if changed:
            remove_unreachable_computations(module)
        return changed

    def _sinkable(self, value: Instruction) -> bool:
        if self.options.sink_only_scalar_constants and not value.shape.is_scalar:
            return False
        if is_constant(value):
            return True
        return (self.options.sink_broadcast_of_constants and value.opcode == "broadcast"
                and is_constant(value.operands[0]))

    def _own(self, w: Instruction, key: str) -> Computation:
        comp = w.attrs[key]
        if len(self.who.get(comp, ())) > 1:
            new = clone_computation(comp, self.module, name=comp.name, before=comp)
            w.attrs[key] = new
            self.who[comp].remove(w)
            self.who[new] = [w]
            return new
        return comp

    def _sink(self, w: Instruction) -> bool:
        init = w.operands[0]
        if init.opcode != "tuple":
            return False
        changed = False
        body = w.attrs["body"]
        for g in invariant_gtes(body):
            k = g.attrs["index"]
            value = init.operands[k]
            if not self._sinkable(value):
                continue
            if any(u is not body.root for u in g.users) or len(g.users) > 1:
                body = self._own(w, "body")
                g = body.root_instruction.operands[k]  # the same gte in the loop's own copy of the body
                b = Builder(body)
                copy = _copy_constant(b, value)
                root = body.root
                for u in list(g.users):
                    if u is root:
                        # keep root[k] = gte(state, k): the element stays trivially invariant
                        root.set_operands([copy if (o is g and i != k) else o for i, o in enumerate(root.operands)])
                    else:
                        u.replace_operand_with(g, copy)
                changed = True
            cond = w.attrs["condition"]
            if any(u.opcode == "get-tuple-element" and u.attrs["index"] == k and (u.users or cond.root is u)
                   for u in cond.parameters[0].users):
                cond = self._own(w, "condition")
                b = Builder(cond)
                for u in list(cond.parameters[0].users):
                    if u.opcode == "get-tuple-element" and u.attrs["index"] == k and (u.users or cond.root is u):
                        # gte(state, k) => the constant element k always holds
                        u.replace_all_uses_with(_copy_constant(b, value))
                        cond.remove(u)
                        changed = True
        return changed


def _copy_constant(b: Builder, value: Instruction) -> Instruction:
    if value.opcode == "broadcast":
        inner = _copy_constant(b, value.operands[0])
        return b.add("broadcast", value.shape, [inner], value.name + ".sunk", dimensions=value.attrs["dimensions"])
    c = b.add("constant", value.shape, (), value.name + ".sunk")
    c.literal = value.literal
    return c
