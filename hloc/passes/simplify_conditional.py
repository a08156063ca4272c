"""simplify-conditional: XLA's ConditionalSimplifier.

    conditional(constant(true|false), a, b)         => true/false branch inlined on a/b
    conditional(constant(s32 k), a0, ..., an)       => branch k inlined (k out of range: the last)
    conditional(p, a) with a single branch          => that branch inlined
    conditional(p, a, b), cheap elementwise branches => select(p, true branch(a), false branch(b))
    results i and j that every branch computes with the same instruction => the users of j read i
    results nobody reads                            => dropped from the branches' results
    a conditional nobody uses (kept for its side effects) => its branches return ()
    operand elements a branch never reads           => dropped from that branch's operand

Conditionals with side effects or control dependencies are not removed; the select form needs a
pred selector, two branches without side effects, only elementwise or cheap data-movement
instructions (no dot, reduce-window, ...) and no branch that merely forwards its operand.
Branch computations shared with other instructions are cloned before they are changed; those left
without callers are deleted.
"""

from __future__ import annotations

import numpy as np

from ..ir.literal import ElidedLiteral
from ..ir.module import Computation, Instruction, Module
from ..ir.opcodes import ELEMENTWISE
from ..ir.types import Shape
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import (
    SideEffects,
    callers,
    clone_computation,
    has_control_deps,
    inline_call_site,
    inline_computation,
    remove_dead_instructions,
    remove_if_dead,
    replace_instruction,
    restore_names,
)

# Cheap enough to compute for both branches (XLA's instruction_is_expensive, negated).
CHEAP = ELEMENTWISE | {"broadcast", "concatenate", "dynamic-slice", "get-tuple-element", "reduce", "reshape",
                       "pad", "parameter", "slice", "tuple", "constant"}
CHANNEL_OPS = frozenset({"send", "send-done", "recv", "recv-done", "all-reduce", "all-gather", "all-to-all",
                         "collective-permute", "reduce-scatter", "all-reduce-start", "all-gather-start",
                         "collective-permute-start"})


def branches(cond: Instruction) -> list[Computation]:
    if "branch_computations" in cond.attrs:
        return list(cond.attrs["branch_computations"])
    return [cond.attrs["true_computation"], cond.attrs["false_computation"]]


def set_branch(cond: Instruction, k: int, comp: Computation) -> None:
    if "branch_computations" in cond.attrs:
        comps = list(cond.attrs["branch_computations"])
        comps[k] = comp
        cond.attrs["branch_computations"] = type(cond.attrs["branch_computations"])(comps)
    else:
        cond.attrs["true_computation" if k == 0 else "false_computation"] = comp


def known_branch(cond: Instruction) -> int | None:
    """The index of the branch that runs, if the conditional's first operand tells at compile time."""
    n = len(branches(cond))
    if n == 1:
        return 0
    selector = cond.operands[0]
    if selector.opcode != "constant" or isinstance(selector.literal, ElidedLiteral | tuple):
        return None
    value = np.asarray(selector.literal).reshape(())[()]
    if selector.shape.etype == "pred":
        return 0 if bool(value) else 1
    k = int(value)
    return k if 0 <= k < n else n - 1  # out-of-range indices run the last branch


def _calls_channel_ops(comp: Computation, seen: set | None = None) -> bool:
    seen = seen if seen is not None else set()
    if comp in seen:
        return False
    seen.add(comp)
    return any(i.opcode in CHANNEL_OPS or any(_calls_channel_ops(c, seen) for c in i.called_computations)
               for i in comp.instructions)


def _only_forwards(comp: Computation) -> bool:
    """Only parameters, tuples and gtes, with an array somewhere in the result
    (ComputationIsEmptyWithArrayRoot): running the branch costs nothing."""
    return (all(i.opcode in ("tuple", "get-tuple-element", "parameter") for i in comp.instructions)
            and any(s.is_array for s in comp.root_instruction.shape.leaves()))


@register_pass
class SimplifyConditional(Pass):
    name = "simplify-conditional"
    summary = "inline known/single branches, select cheap ones; drop unused/duplicate results and operands"

    def run(self, module: Module) -> bool:
        self.module = module
        self.effects = SideEffects()
        self.names: list = []
        self.touched: list[Computation] = []
        with_conds = {c for c in module.computations if any(i.opcode == "conditional" for i in c.instructions)}
        if not with_conds:
            return False  # (most modules: skip the post orders)
        # (post orders of just the computations with conditionals: one of gemma3's 403)
        conds = [i for c in module.computation_post_order() if c in with_conds for i in c.post_order()
                 if i.opcode == "conditional" and not i.attrs.get("sharding")
                 and not any(_calls_channel_ops(b) for b in branches(i))]
        changed = False
        removed = set()
        for cond in conds:
            changed |= self._merge_duplicate_results(cond)
            changed |= self._remove_unused_results(cond)
            changed |= self._empty_results_if_unused(cond)
            if self._remove(cond):
                removed.add(cond)
                changed = True
        changed |= self._remove_unused_operands([c for c in conds if c not in removed and c.parent is not None])
        if self.touched:
            remaining = callers(module)
            for c in dict.fromkeys(self.touched):
                if c.parent is module and c is not module.entry and not remaining.get(c):
                    module.remove_computation(c)
            restore_names(module, self.names)
        return changed

    # ------------------------------------------------------------------------------------ helpers
    def _own_branches(self, cond: Instruction) -> list[Computation]:
        """Make every branch of `cond` a computation only `cond` calls (clone the shared ones)."""
        who = callers(self.module)
        out = []
        copies: dict[Computation, Computation] = {}
        for k, comp in enumerate(branches(cond)):
            if any(c is not cond for c in who.get(comp, ())):
                if comp not in copies:
                    copies[comp] = clone_computation(comp, self.module, name=comp.name, before=comp)
                set_branch(cond, k, copies[comp])
                comp = copies[comp]
            out.append(comp)
        return out

    # ----------------------------------------------------------------------------- results
    def _result_users_are_gtes(self, cond: Instruction) -> bool:
        return (bool(cond.users) and cond.computation.root is not cond and cond.shape.is_tuple
                and all(u.opcode == "get-tuple-element" for u in cond.users))

    def _merge_duplicate_results(self, cond: Instruction) -> bool:
        if not self._result_users_are_gtes(cond) or any(b.root_instruction.opcode != "tuple" for b in branches(cond)):
            return False
        first: dict[tuple, int] = {}
        changed = False
        for i in range(len(cond.shape.tuple_shapes)):
            key = tuple(b.root_instruction.operands[i] for b in branches(cond))
            j = first.setdefault(key, i)
            if j != i:
                for u in cond.users:
                    if u.attrs["index"] == i:
                        # every branch returns the same instruction at i and j: read j
                        u.attrs["index"] = j
                        changed = True
        return changed

    def _remove_unused_results(self, cond: Instruction) -> bool:
        if not self._result_users_are_gtes(cond):
            return False
        n = len(cond.shape.tuple_shapes)
        used = sorted({u.attrs["index"] for u in cond.users})
        if len(used) == n or any(not b.root_instruction.shape.compatible(cond.shape) for b in branches(cond)):
            return False
        new_shape = Shape.tuple([cond.shape.tuple_shapes[i] for i in used])
        for comp in dict.fromkeys(self._own_branches(cond)):
            b = Builder(comp)
            old = comp.root_instruction
            elems = [old.operands[i] if old.opcode == "tuple" else b.gte(old, i) for i in used]
            comp.root = b.add("tuple", None, elems, old.name)
            remove_dead_instructions(comp, self.effects)
            if old.parent is None:
                comp.rename(comp.root, old.name)
        cond.shape = new_shape
        new_index = {old: k for k, old in enumerate(used)}
        for u in cond.users:
            u.attrs["index"] = new_index[u.attrs["index"]]
        return True

    def _empty_results_if_unused(self, cond: Instruction) -> bool:
        empty = Shape.tuple([])
        if cond.users or cond.computation.root is cond or cond.shape.compatible(empty):
            return False
        for comp in dict.fromkeys(self._own_branches(cond)):
            comp.root = Builder(comp).tuple([])
            remove_dead_instructions(comp, self.effects)
        cond.shape = empty
        return True

    # -------------------------------------------------------------------------- whole conditional
    def _remove(self, cond: Instruction) -> bool:
        if has_control_deps(cond) or self.effects.instruction(cond):
            return False
        all_branches = branches(cond)
        k = known_branch(cond)
        if k is not None:
            # The branch that runs is known: inline it.
            inline_call_site(cond, all_branches[k], [cond.operands[k + 1]], self.names)
            self.touched.extend(all_branches)
            return True
        if (len(all_branches) != 2 or cond.operands[0].shape.etype != "pred"
                or any(i.opcode not in CHEAP for b in all_branches for i in b.instructions)
                or any(_only_forwards(b) for b in all_branches)):
            return False
        # Both branches are cheap: compute both and select.
        comp = cond.computation
        t = inline_computation(all_branches[0], [cond.operands[1]], comp, names=self.names)
        f = inline_computation(all_branches[1], [cond.operands[2]], comp, names=self.names)
        b = Builder(comp)
        pred = cond.operands[0]

        def select(x: Instruction, y: Instruction) -> Instruction:
            if y.shape.is_token:
                return b.add("after-all", y.shape, [x, y])
            if y.shape.is_array:
                p = pred if not y.shape.dims else b.broadcast(pred, y.shape.dims, ())
                return b.add("select", y.shape, [p, x, y])
            return b.tuple([select(x.operands[i] if x.opcode == "tuple" else b.gte(x, i),
                                   y.operands[i] if y.opcode == "tuple" else b.gte(y, i))
                            for i in range(len(y.shape.tuple_shapes))])

        result = select(t, f)
        name = cond.name
        replace_instruction(cond, result)
        comp.rename(result, name)
        remove_if_dead(t)
        remove_if_dead(f)
        self.touched.extend(all_branches)
        return True

    # ------------------------------------------------------------------------------ operands
    def _remove_unused_operands(self, conds: list[Instruction]) -> bool:
        calling: dict[Computation, list[Instruction]] = {}
        for cond in conds:
            for comp in branches(cond):
                calling.setdefault(comp, [])
                if cond not in calling[comp]:
                    calling[comp].append(cond)
        who = callers(self.module)
        changed = False
        for comp, sites in calling.items():
            if len(comp.parameters) != 1:
                continue
            param = comp.parameters[0]
            if param is comp.root or not param.shape.is_tuple:
                continue
            if any(u.opcode != "get-tuple-element" for u in param.users):
                continue
            n = len(param.shape.tuple_shapes)
            keep = sorted({u.attrs["index"] for u in param.users})
            if len(keep) == n:
                continue
            if any(c not in sites for c in who.get(comp, ())):
                new = clone_computation(comp, self.module, name=comp.name, before=comp)
                self.touched.append(comp)
            else:
                new = comp
            param = new.parameters[0]
            param.shape = Shape.tuple([param.shape.tuple_shapes[i] for i in keep])
            new_index = {old: k for k, old in enumerate(keep)}
            for u in param.users:
                u.attrs["index"] = new_index[u.attrs["index"]]
            for cond in sites:
                b = Builder(cond.computation)
                for k, branch in enumerate(branches(cond)):
                    if branch is not comp:
                        continue
                    set_branch(cond, k, new)
                    old = cond.operands[k + 1]
                    # the branch reads only these elements of its operand
                    elems = [old.operands[i] if old.opcode == "tuple" else b.gte(old, i) for i in keep]
                    cond.replace_operand(k + 1, b.tuple(elems))
            changed = True
        return changed
