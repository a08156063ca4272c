"""simplify-while-loops: shrink and remove while loops (XLA's WhileLoopSimplifier).

Per loop, the first rule that applies (as XLA, a changed loop waits for the next run):

    repeated elements      elements with the same init that the body passes through (or updates with
                           the same dynamic-update-slice) are kept once
    nested state           a nested tuple state is flattened
    dead elements          elements nothing after the loop, no side effect and the condition need
                           (alone, or as a group that only feeds itself) are removed
    constant elements      an element that is the same constant in the init and the body's result
                           becomes that constant inside the loop and leaves the state
then, unless the loop talks to send/recv:
    constant propagation   a scalar element passed through unchanged with a constant init is that
                           constant inside the condition and body
    trip count 0           the loop is its init value
    trip count 1           the body is inlined on the init value (no side effects)
    induction variables    `x += C` elements become `x0 + C * i` of one trip counter `i`

Loops whose condition or body are shared with another instruction are left alone. Runs dce when
something changed.
"""

from __future__ import annotations

from typing import Any

from ..ir.literal import literals_equal
from ..ir.module import Computation, Instruction, Module
from ..ir.types import Shape
from .base import Pass, register_pass
from .cse import _same as same_instruction
from .dce import Dce
from .hlo_builder import Builder
from .rewrite import (
    SideEffects,
    callers,
    has_control_deps,
    inline_call_site,
    remove_if_dead,
    replace_instruction,
    restore_names,
)
from .while_loop_analysis import ScalarEvaluator, is_constant, trip_count
from .while_util import body_of, cond_of, is_passthrough, narrow_while, param_users_all_gte

SEND_RECV = frozenset({"send", "send-done", "recv", "recv-done"})
INDUCTION_TYPES = ("s8", "u8", "s32", "u32", "s64", "u64")  # XLA's list (no 16-bit literals there)


def _contains(comp: Computation, opcodes) -> bool:
    return any(i.opcode in opcodes for i in comp.instructions)


def _dce_disabled(w: Instruction) -> bool:
    fa = w.attrs.get("frontend_attributes")
    return fa is not None and "disable_while_loop_dce" in str(fa)


@register_pass
class SimplifyWhileLoops(Pass):
    name = "simplify-while-loops"
    summary = "remove dead/constant/repeated loop state, loops that run 0 or 1 times; merge induction vars"

    def run(self, module: Module) -> bool:
        self.module = module
        self.effects = SideEffects()
        self.ev = ScalarEvaluator(module)
        self.names: list = []
        loops = [i for c in module.computations for i in c.instructions if i.opcode == "while"]
        if not loops:
            return False
        who = callers(module)
        changed = False
        for w in loops:
            if w.parent is None or len(who.get(body_of(w), ())) != 1 or len(who.get(cond_of(w), ())) != 1:
                continue
            if _dce_disabled(w) or not w.shape.is_tuple:
                continue
            if (self._remove_repeated(w) or self._flatten(w) or self._remove_dead(w)
                    or self._remove_constant(w)):
                changed = True
                continue
            if _contains(body_of(w), SEND_RECV) or _contains(cond_of(w), SEND_RECV):
                continue
            changed |= self._propagate_constants(w)
            if self._remove_loop(w):
                changed = True
                continue
            if _contains(body_of(w), {"domain"}) or _contains(cond_of(w), {"domain"}):
                continue
            for etype in INDUCTION_TYPES:
                new = self._merge_induction_vars(w, etype)
                if new is not None:
                    w = new
                    changed = True
        if changed:
            Dce().run(module)
            restore_names(module, self.names)
        return changed

    # --------------------------------------------------------------------------------- helpers
    def _removable(self, w: Instruction) -> bool:
        """The loop can be replaced by a new one (XLA's IsSafelyRemovable) and its state is a
        tuple read through gtes only."""
        return (not has_control_deps(w) and body_of(w).root_instruction.opcode == "tuple"
                and param_users_all_gte(body_of(w)) and param_users_all_gte(cond_of(w))
                and len(w.shape.tuple_shapes) > 0
                and not any(has_control_deps(i) for c in (body_of(w), cond_of(w)) for i in c.instructions))

    # ------------------------------------------------------------------------ repeated elements
    def _remove_repeated(self, w: Instruction) -> bool:
        if not self._removable(w) or w.operands[0].opcode != "tuple":
            return False
        init, body = w.operands[0], body_of(w)
        root = body.root_instruction
        # Passed-through elements that start from the same value always hold the same value.
        same = _SameValue(self.effects)
        groups: dict[Any, list[int]] = {}  # (an instruction, then tuples of them)
        for i in range(len(root.operands)):
            if is_passthrough(body, i):
                key = next((k for k in groups if same(k, init.operands[i])), init.operands[i])
                groups.setdefault(key, []).append(i)
        new = self._merge_repeated(w, groups, to_init=True)
        if new is not None:
            w = new
        init, body = w.operands[0], body_of(w)
        root = body.root_instruction
        # Elements updated by the same dynamic-update-slice of the same init hold the same value.
        groups = {}
        for i, op in enumerate(root.operands):
            if op.opcode == "dynamic-update-slice":
                src = op.operands[0]
                if (src.opcode == "get-tuple-element" and src.attrs["index"] == i
                        and src.operands[0] is body.parameters[0]):
                    key = (init.operands[i], op.operands[1], *op.operands[2:])
                    key = next((k for k in groups if len(k) == len(key) and all(map(same, k, key))), key)
                    groups.setdefault(key, []).append(i)
        newer = self._merge_repeated(w, groups, to_init=False)
        return new is not None or newer is not None

    def _merge_repeated(self, w: Instruction, groups: dict, to_init: bool) -> Instruction | None:
        survivor: dict[int, int] = {}
        for indices in groups.values():
            for i in indices[1:]:
                survivor[i] = indices[0]
        if not survivor:
            return None
        for comp in (body_of(w), cond_of(w)):
            param = comp.parameters[0]
            b = Builder(comp)
            made: dict[int, Instruction] = {}
            for g in param.users:
                made.setdefault(g.attrs["index"], g)  # reuse a gte of the surviving element
            for g in list(param.users):
                s = survivor.get(g.attrs["index"])
                if s is None:
                    continue
                if s not in made:
                    made[s] = b.gte(param, s)
                # (element i) => (element s): they are equal on every iteration
                replace_instruction(g, made[s])
        keep = [i for i in range(len(w.shape.tuple_shapes)) if i not in survivor]
        if to_init:
            return narrow_while(w, keep)
        return narrow_while(w, keep, lambda new, i: survivor[i])

    # ----------------------------------------------------------------------------- nested state
    def _flatten(self, w: Instruction) -> bool:
        init, body, cond = w.operands[0], body_of(w), cond_of(w)
        shape = w.shape
        if (init.opcode != "tuple" or body.root_instruction.opcode != "tuple" or has_control_deps(w)
                or not any(s.is_tuple for s in shape.tuple_shapes)):
            return False
        flat_shape = Shape.tuple(_leaf_shapes(shape))
        for comp in (cond, body):
            param = comp.parameters[0]
            b = Builder(comp)
            old_root = comp.root_instruction
            users = list(param.users)
            param.shape = flat_shape
            leaves = [b.gte(param, k) for k in range(len(flat_shape.tuple_shapes))]
            nested = _unflatten(b, leaves, shape)
            for u in users:
                u.replace_operand_with(param, nested)
            if old_root is param:
                comp.root = nested
            if comp is body:
                body.root = b.add("tuple", None, _flatten_value(b, body.root_instruction), old_root.name)
        b = Builder(w.computation)
        new_init = b.add("tuple", None, _flatten_value(b, init), init.name)
        new = w.computation.add(w.clone(operands=[new_init], shape=flat_shape), w.name)
        new.attrs.pop("backend_config", None)
        leaves = [b.gte(new, k) for k in range(len(flat_shape.tuple_shapes))]
        name = w.name
        replace_instruction(w, _unflatten(b, leaves, shape))
        new.computation.rename(new, name)
        return True

    # ---------------------------------------------------------------------------- dead elements
    def _remove_dead(self, w: Instruction) -> bool:
        if not self._removable(w):
            return False
        body, cond = body_of(w), cond_of(w)
        root = body.root_instruction
        n = len(w.shape.tuple_shapes)
        comp = w.computation
        if comp.root is w or any(u.opcode != "get-tuple-element" for u in w.users):
            used_after = set(range(n))
        else:
            used_after = {u.attrs["index"] for u in w.users}
        parent: dict[Instruction, Instruction] = {}

        def find(x: Instruction) -> Instruction:
            while parent.get(x, x) is not x:
                parent[x] = parent.get(parent[x], parent[x])
                x = parent[x]
            return x

        def union(a: Instruction, b: Instruction) -> None:
            ra, rb = find(a), find(b)
            if ra is not rb:
                parent[ra] = rb

        deps: dict[Instruction, frozenset[int]] = {}
        side_effecting: set[int] = set()
        for c in (body, cond):
            param = c.parameters[0]
            for instr in c.post_order():
                if instr is param or instr is root:
                    continue
                if instr.opcode == "get-tuple-element" and instr.operands[0] is param:
                    i = instr.attrs["index"]
                    d = frozenset((i,))
                    out = root.operands[i]
                    if out is not instr:
                        union(out, instr)
                else:
                    d = frozenset()
                    for op in instr.operands:
                        union(op, instr)
                        d = d | deps.get(op, frozenset())
                deps[instr] = d
                if self.effects.instruction(instr) or instr is cond.root:
                    side_effecting |= d
        affecting_others: set[int] = set()
        for i in range(n):
            affecting_others |= deps.get(root.operands[i], frozenset()) - {i}
        dead = {i for i in range(n) if i not in affecting_others and i not in used_after and i not in side_effecting}
        # Groups of elements that only feed each other go together.
        groups: dict[Instruction, set[int]] = {}
        for i in range(n):
            groups.setdefault(find(root.operands[i]), set()).add(i)
        for c in (body, cond):
            for g in c.parameters[0].users:
                groups.setdefault(find(g), set()).add(g.attrs["index"])
        for members in groups.values():
            if any(i in side_effecting or (i in used_after and not is_passthrough(body, i)) for i in members):
                continue
            dead |= members
        if not dead:
            return False
        narrow_while(w, [i for i in range(n) if i not in dead])
        return True

    # ------------------------------------------------------------------------ constant elements
    def _remove_constant(self, w: Instruction) -> bool:
        init, body, cond = w.operands[0], body_of(w), cond_of(w)
        if init.opcode != "tuple" or body.root_instruction.opcode != "tuple" or not self._removable(w):
            return False
        root = body.root_instruction
        constant = [i for i in range(len(root.operands))
                    if is_constant(init.operands[i]) and is_constant(root.operands[i])
                    and init.operands[i].shape.compatible(root.operands[i].shape)
                    and literals_equal(init.operands[i].literal, root.operands[i].literal)]
        if not constant:
            return False
        if len(constant) == len(root.operands):
            # Nothing changes from one iteration to the next: the loop's value is its init.
            if self.effects.computation(body) or self.effects.computation(cond):
                return False
            replace_instruction(w, init)
            return True
        for comp in (body, cond):
            b = Builder(comp)
            for g in list(comp.parameters[0].users):
                i = g.attrs["index"]
                if i in constant and (g.users or comp.root is g):
                    # gte(state, i) => the constant element i always holds
                    replace_instruction(g, b.constant(init.operands[i].literal, init.operands[i].shape.etype,
                                                      init.operands[i].name))
        narrow_while(w, [i for i in range(len(root.operands)) if i not in constant])
        return True

    # --------------------------------------------------------------------- constant propagation
    def _propagate_constants(self, w: Instruction) -> bool:
        init, body = w.operands[0], body_of(w)
        if init.opcode != "tuple" or body.root_instruction.opcode != "tuple":
            return False
        known = {i: init.operands[i] for i in range(len(body.root_instruction.operands))
                 if is_passthrough(body, i) and body.root_instruction.operands[i].shape.is_scalar
                 and is_constant(init.operands[i])}
        if not known:
            return False
        changed = False
        for comp in (cond_of(w), body):
            b = Builder(comp)
            for g in list(comp.parameters[0].users):
                c = known.get(g.attrs["index"]) if g.opcode == "get-tuple-element" else None
                if c is None or not (g.users or comp.root is g):
                    continue
                # gte(state, i) => its constant init (the body passes element i through)
                g.replace_all_uses_with(b.constant(c.literal, c.shape.etype, c.name))
                changed = True
        return changed

    # ---------------------------------------------------------------------- trip count 0 and 1
    def _remove_loop(self, w: Instruction) -> bool:
        body, cond = body_of(w), cond_of(w)
        if has_control_deps(w) or self.effects.computation(cond):
            return False
        n = trip_count(w, max_brute_force_iters=1, ev=self.ev)
        if n == 0:
            # The body never runs: the loop is its init value.
            replace_instruction(w, w.operands[0])
            return True
        if n == 1 and not self.effects.computation(body):
            fa = w.attrs.get("frontend_attributes")
            if fa is not None and "skip-simplify-while-loops_trip-count-one" in str(fa):
                return False
            # The body runs once: inline it on the init value.
            inline_call_site(w, body, [w.operands[0]], self.names)
            return True
        return False

    # --------------------------------------------------------------------- induction variables
    def _merge_induction_vars(self, w: Instruction, etype: str) -> Instruction | None:
        init, body, cond = w.operands[0], body_of(w), cond_of(w)
        if (init.opcode != "tuple" or body.root_instruction.opcode != "tuple" or has_control_deps(w)
                or len(body.parameters) != 1 or len(cond.parameters) != 1):
            return None
        root = body.root_instruction
        param = body.parameters[0]
        counter = None
        steps: dict[int, Instruction] = {}
        for i, op in enumerate(root.operands):
            if op.opcode != "add" or op.shape.etype != etype or op.shape.dims:
                continue
            a, c = op.operands
            if not (a.opcode == "get-tuple-element" and a.operands[0] is param and a.attrs["index"] == i):
                a, c = c, a
            if not (a.opcode == "get-tuple-element" and a.operands[0] is param and a.attrs["index"] == i):
                continue
            if not is_constant(c) or c.shape.dims:
                continue
            if (counter is None and int(c.literal) == 1 and is_constant(init.operands[i])
                    and init.operands[i].shape.num_elements == 1 and int(init.operands[i].literal) == 0):
                counter = i
            else:
                steps[i] = c
        if len(steps) + (counter is not None) < 2:
            return None
        n = len(w.shape.tuple_shapes)
        scalar = Shape.scalar(etype)
        added = counter is None
        new_shape = Shape.tuple(list(w.shape.tuple_shapes) + ([scalar] if added else []))
        tc = counter if counter is not None else n
        old_update = {i: root.operands[i] for i in steps}
        for comp in (cond, body):
            p = comp.parameters[0]
            b = Builder(comp)
            users = list(p.users)
            p.shape = new_shape
            count = next((g for g in users if g.opcode == "get-tuple-element" and g.attrs["index"] == tc), None)
            for g in users:
                e = g.attrs["index"] if g.opcode == "get-tuple-element" else None
                if e not in steps:
                    continue
                if count is None:
                    count = b.gte(p, tc)
                # x => x0 + C * i: the element's value on this iteration
                value = b.add_(g, b.mul(count, b.constant(steps[e].literal, etype, steps[e].name)))
                for u in list(g.users):
                    if u is not value:
                        u.replace_operand_with(g, value)
                if comp.root is g:
                    comp.root = value
        b = Builder(body)
        gtes: dict[int, Instruction] = {}
        for g in param.users:
            if g.opcode == "get-tuple-element":
                gtes.setdefault(g.attrs["index"], g)
        elems = [(gtes.get(i) or b.gte(param, i)) if i in steps else op for i, op in enumerate(root.operands)]
        if added:
            elems.append(b.add_(b.gte(param, tc), b.scalar(1, etype)))
        body.root = b.tuple(elems)
        for upd in old_update.values():
            if not upd.users:
                remove_if_dead(upd)
        if not root.users and root is not body.root:
            body.remove(root)
            body.rename(body.root_instruction, root.name)
        comp = w.computation
        b = Builder(comp)
        new_init = init
        if added:
            new_init = b.tuple(list(init.operands) + [b.scalar(0, etype)])
        new = comp.add(w.clone(operands=[new_init], shape=new_shape), w.name)
        new.attrs.pop("backend_config", None)
        count = None
        users = list(w.users)
        whole = None
        for u in users:
            if u.opcode == "get-tuple-element":
                i = u.attrs["index"]
                u.replace_operand(0, new)
                if i in steps:
                    if count is None:
                        count = b.gte(new, tc)
                    value = b.add_(u, b.mul(count, b.constant(steps[i].literal, etype, steps[i].name)))
                    for uu in list(u.users):
                        if uu is not value:
                            uu.replace_operand_with(u, value)
                    if comp.root is u:
                        comp.root = value
            else:
                if whole is None:
                    whole = b.tuple([self._after(b, new, i, steps, tc, etype) for i in range(n)])
                u.replace_operand_with(w, whole)
        if comp.root is w:
            comp.root = whole if whole is not None else b.tuple(
                [self._after(b, new, i, steps, tc, etype) for i in range(n)])
        name = w.name
        comp.remove(w)
        comp.rename(new, name)
        if added and not init.users:
            remove_if_dead(init)
        return new

    @staticmethod
    def _after(b: Builder, new: Instruction, i: int, steps, tc: int, etype: str) -> Instruction:
        g = b.gte(new, i)
        if i not in steps:
            return g
        return b.add_(g, b.mul(b.gte(new, tc), b.constant(steps[i].literal, etype, steps[i].name)))


class _SameValue:
    """Whether two instructions compute the same value: the same instruction, or the same
    deterministic operation on operands that are the same values (CSE's notion, applied before
    CSE has run)."""

    NONDETERMINISTIC = frozenset({"rng", "rng-get-and-update-state", "parameter"})

    def __init__(self, effects: SideEffects):
        self.effects = effects
        self.memo: dict[tuple[int, int], bool] = {}
        self.seen: dict = {}  # structurally equal called computations (cse's memo)

    def __call__(self, a: Instruction, b: Instruction) -> bool:
        if a is b:
            return True
        key = (a.uid, b.uid)
        known = self.memo.get(key)
        if known is None:
            self.memo[key] = False
            known = (a.opcode not in self.NONDETERMINISTIC and not has_control_deps(a) and not has_control_deps(b)
                     and not self.effects.instruction(a) and same_instruction(a, b, self, self.seen))
            self.memo[key] = known
        return known


def _leaf_shapes(shape: Shape) -> list[Shape]:
    if not shape.is_tuple:
        return [shape]
    return [leaf for s in shape.tuple_shapes for leaf in _leaf_shapes(s)]


def _unflatten(b: Builder, leaves: list[Instruction], shape: Shape) -> Instruction:
    """The nested tuple of `shape` built from its leaves, in order (UnflattenTupleInstr)."""
    it = iter(leaves)

    def build(s: Shape) -> Instruction:
        if not s.is_tuple:
            return next(it)
        return b.tuple([build(t) for t in s.tuple_shapes])

    return build(shape)


def _flatten_value(b: Builder, t: Instruction) -> list[Instruction]:
    """The leaves of the (nested) tuple value `t` (GetFlatTupleElems), taken from tuple
    instructions directly where possible."""
    if not t.shape.is_tuple:
        return [t]
    out: list[Instruction] = []
    for k in range(len(t.shape.tuple_shapes)):
        e = t.operands[k] if t.opcode == "tuple" else b.gte(t, k)
        out.extend(_flatten_value(b, e))
    return out
