"""while-loop-invariant-code-motion: compute loop-invariant values once, before the loop (XLA's
WhileLoopInvariantCodeMotion).

    while(init) { x = gte(state, k)  (passed through)  ;  y = f(x, constant) ; ... use(y) }
    =>  y' = f(init[k], constant) ; while(init + y') { y = gte(state, n) ; ... use(y) }

An instruction is invariant when its operands are elements the body passes through unchanged,
constants, or other invariant instructions. It is hoisted unless it has a side effect or control
dependencies. Cheap rearrangements (broadcast, iota, reshape, transpose, slice, reverse, bitcast,
tuple) and constants are hoisted only as operands of something worth hoisting: alone they would
just make the loop state bigger. Loops that run at most once are skipped. The hoisted values are
appended to the loop state, so the body reads them from its parameter.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir.module import Computation, Instruction, Module
from .base import Pass, option, register_pass
from .dce import Dce
from .hlo_builder import Builder
from .rewrite import (
    SideEffects,
    add_instruction,
    callers,
    clone_computation,
    has_control_deps,
    replace_instruction,
    restore_names,
)
from .tuple_simplifier import TupleSimplifier
from .while_loop_analysis import ScalarEvaluator, trip_count_upper_bound
from .while_util import body_of, invariant_gtes, state_element, widen_while

NOT_WORTH_ALONE = frozenset({"bitcast", "broadcast", "iota", "reverse", "slice", "transpose", "tuple"})
BAIL_OUT_CUSTOM_CALLS = frozenset({"SPMDFullToShardShape", "SPMDShardShapeToFull", "MoveToDevice", "MoveToHost"})


@dataclass(frozen=True)
class WhileLoopInvariantCodeMotionOptions:
    hoist_constants: bool = option(False, "hoist constants on their own too (else only as operands of "
                                          "something hoisted)")
    hoist_reshapes: bool = option(False, "hoist reshapes on their own too")
    hoist_other: bool = option(True, "hoist instructions other than constants and reshapes")
    size_inflation_ratio: float = option(0.0, "do not hoist an instruction whose result is more than this "
                                              "many times the size of its operands (0: no limit)", min=0.0)


def _array_bytes(shape) -> int:
    return sum(s.byte_size for s in shape.leaves() if s.is_array)


@register_pass
class WhileLoopInvariantCodeMotion(Pass):
    name = "while-loop-invariant-code-motion"
    summary = "hoist loop-invariant instructions out of while bodies into the loop's init"
    Options = WhileLoopInvariantCodeMotionOptions

    def run(self, module: Module) -> bool:
        if not any(i.opcode == "while" for c in module.computations for i in c.instructions):
            return False  # (most modules: no call graph walk)
        self.effects = SideEffects()
        self.ev = ScalarEvaluator(module)
        loops = [i for c in module.computation_post_order() for i in c.instructions if i.opcode == "while"]
        changed = False
        for w in loops:
            fa = w.attrs.get("frontend_attributes")
            if fa is not None and "_xla_disable_loop_instr_hoisting" in str(fa):
                continue
            changed |= self._hoist(module, w)
        if changed:
            Dce().run(module)
            TupleSimplifier().run(module)
        return changed

    def _not_worth_alone(self, instr: Instruction) -> bool:
        if instr.opcode == "custom-call" and instr.attrs.get("custom_call_target") == "Sharding":
            return True
        if instr.opcode == "constant":
            return not self.options.hoist_constants
        if instr.opcode == "reshape":
            return not self.options.hoist_reshapes
        return instr.opcode in NOT_WORTH_ALONE

    def _hoist(self, module: Module, w: Instruction) -> bool:
        if not w.shape.is_tuple or has_control_deps(w):
            return False
        body = body_of(w)
        if len(body.parameters) != 1:
            return False
        bound = trip_count_upper_bound(w, self.ev)
        if bound is not None and bound <= 1:
            return False  # hoisting would not save anything
        invariant: set[Instruction] = {g for g in invariant_gtes(body) if g.shape.is_array}
        if not invariant and not self.options.hoist_constants:
            return False
        order = body.post_order()
        for instr in order:
            if instr.opcode == "domain" or (instr.opcode == "custom-call" and
                                            instr.attrs.get("custom_call_target") in BAIL_OUT_CUSTOM_CALLS):
                return False
        hoisted: set[Instruction] = set()
        to_hoist: list[Instruction] = []
        for instr in order:
            if (instr.opcode in ("parameter", "after-all") or has_control_deps(instr)
                    or self.effects.instruction(instr)):
                continue
            if not self.options.hoist_other and instr.opcode not in ("constant", "reshape"):
                continue
            ratio = self.options.size_inflation_ratio
            if (ratio and instr.opcode != "constant"
                    and _array_bytes(instr.shape) > ratio * sum(_array_bytes(o.shape) for o in instr.operands)):
                continue
            if not all(o in hoisted or o in invariant or o.opcode == "constant" for o in instr.operands):
                continue
            if self._not_worth_alone(instr):
                if instr.opcode != "constant":
                    invariant.add(instr)
                continue
            hoisted.add(instr)
            to_hoist.append(instr)
        if not to_hoist:
            return False
        # The loop's computations get rewritten: give it its own copies if they are shared.
        who = callers(module)
        for key in ("condition", "body"):
            comp = w.attrs[key]
            if len(who.get(comp, ())) > 1:
                mapping: dict[Instruction, Instruction] = {}
                w.attrs[key] = clone_computation(comp, module, name=comp.name, before=comp, mapping=mapping)
                if key == "body":
                    to_hoist = [mapping[i] for i in to_hoist]
        body = body_of(w)
        copies = self._copy_out(w, body, to_hoist)
        _, live_in = widen_while(w, [copies[i] for i in to_hoist])
        names = [(c, i.name) for i, c in copies.items() if i.opcode != "get-tuple-element" and c.name != i.name]
        for instr, gte in zip(to_hoist, live_in):
            replace_instruction(instr, gte)  # the body reads the hoisted value from its state
        restore_names(module, names)  # the copies take the names of what they replace
        return True

    def _copy_out(self, w: Instruction, body: Computation, to_hoist: list[Instruction]) -> dict:
        """Clone the hoisted instructions (and the invariant values they use) before the loop."""
        comp = w.computation
        b = Builder(comp)
        param = body.parameters[0]
        init = w.operands[0]
        copies: dict[Instruction, Instruction] = {}

        def copy(instr: Instruction) -> Instruction:
            stack = [instr]
            while stack:
                i = stack[-1]
                if i in copies:
                    stack.pop()
                    continue
                if i.opcode == "get-tuple-element" and i.operands[0] is param:
                    copies[i] = state_element(b, init, i.attrs["index"])
                    stack.pop()
                    continue
                pending = [o for o in i.operands if o not in copies]
                if pending:
                    stack.extend(pending)
                    continue
                stack.pop()
                copies[i] = add_instruction(comp, i.clone(operands=[copies[o] for o in i.operands]), i.name)
            return copies[instr]

        for instr in to_hoist:
            copy(instr)
        return copies
