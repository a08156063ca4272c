"""Surgery on while loops shared by the loop passes (XLA's WhileUtil and the tuple-index helpers of
WhileLoopSimplifier).

    own_computations(w)          give `w` its own condition and body (cloned when shared)
    invariant_gtes(body)         gte(param, i) that the body's root passes through at index i
    narrow_while(w, keep, ...)   drop loop-state elements (the body and condition are edited in place)
    widen_while(w, values)       append loop-invariant elements; returns their gtes in the body

Both rewrites replace `w` by a new while instruction and point `w`'s users at it: a gte of a kept
element reads the new loop, a gte of a dropped one the value given for it (by default the loop's
init, which is right for elements the body passes through unchanged).
"""

from __future__ import annotations

from collections.abc import Callable

from ..ir.module import Computation, Instruction, Module
from ..ir.types import Shape
from .hlo_builder import Builder
from .rewrite import add_instruction, callers, clone_computation, remove_dead_instructions, remove_if_dead


def body_of(w: Instruction) -> Computation:
    return w.attrs["body"]


def cond_of(w: Instruction) -> Computation:
    return w.attrs["condition"]


def own_computations(w: Instruction, module: Module, who: dict | None = None) -> bool:
    """Make `w`'s condition and body used by `w` alone (clone a shared one); True if it cloned."""
    who = who if who is not None else callers(module)
    cloned = False
    for key in ("condition", "body"):
        comp = w.attrs[key]
        if len(who.get(comp, ())) > 1 or comp is w.parent:
            new = clone_computation(comp, module, name=comp.name, before=comp)
            w.attrs[key] = new
            who[comp] = [c for c in who[comp] if c is not w]
            who[new] = [w]
            cloned = True
    return cloned


def invariant_gtes(body: Computation) -> list[Instruction]:
    """The gte(param, i) that the body's root tuple returns at index i (GetInvariantGTEsForWhileBody)."""
    root = body.root_instruction
    if root.opcode != "tuple" or len(body.parameters) != 1:
        return []
    param = body.parameters[0]
    return [op for i, op in enumerate(root.operands)
            if op.opcode == "get-tuple-element" and op.attrs["index"] == i and op.operands[0] is param]


def is_passthrough(body: Computation, index: int) -> bool:
    root = body.root_instruction
    op = root.operands[index]
    return (root.opcode == "tuple" and op.opcode == "get-tuple-element" and op.attrs["index"] == index
            and op.operands[0] is body.parameters[0])


def param_users_all_gte(comp: Computation) -> bool:
    if len(comp.parameters) != 1:
        return False
    param = comp.parameters[0]
    return all(u.opcode == "get-tuple-element" for u in param.users) and comp.root is not param


def state_element(b: Builder, t: Instruction, index: int) -> Instruction:
    """Element `index` of the tuple value `t` (its operand if `t` is a tuple instruction)."""
    if t.opcode == "tuple":
        return t.operands[index]
    return b.gte(t, index)


def _new_while(w: Instruction, init: Instruction, shape: Shape, renumbered: bool) -> Instruction:
    new = w.clone(operands=[init], shape=shape)
    config = new.attrs.get("backend_config")
    if renumbered and config is not None and "known_induction_variable" in str(config):
        del new.attrs["backend_config"]  # its tuple indices are stale (the annotator recomputes it)
    return add_instruction(w.computation, new, w.name)


def _replace_while(w: Instruction, new: Instruction, element: Callable[[int], Instruction | int]) -> None:
    """Point the users of `w` at its elements: `element(i)` is an instruction, or the index of the
    element of `new` (the replacement loop) that holds element i. Then delete `w`."""
    comp = w.computation
    b = Builder(comp)
    n = len(w.shape.tuple_shapes)

    def value(i: int) -> Instruction:
        e = element(i)
        return b.gte(new, e) if isinstance(e, int) else e

    whole = None
    for user in list(w.users):
        if user.opcode == "get-tuple-element":
            e = element(user.attrs["index"])
            if isinstance(e, int):
                user.replace_operand(0, new)  # keeps the gte's name
                user.attrs["index"] = e
            else:
                user.replace_all_uses_with(e)
                comp.remove(user)
        else:
            if whole is None:
                whole = b.tuple([value(i) for i in range(n)])
            user.replace_operand_with(w, whole)
    if comp.root is w:
        comp.root = whole if whole is not None else b.tuple([value(i) for i in range(n)])
    init = w.operands[0]
    name = w.name
    comp.remove(w)
    comp.rename(new, name)
    remove_if_dead(init)
    if init.parent is None:
        comp.rename(new.operands[0], init.name)


def narrow_while(w: Instruction, keep: list[int],
                 dropped: Callable[[Instruction, int], Instruction | int] | None = None) -> Instruction:
    """Keep only the loop-state elements `keep` (sorted). The condition and body must be `w`'s own
    and read the state through gtes only, and nothing kept may depend on a dropped element.
    After the loop, a dropped element i reads `dropped(new_while, i)`: an instruction, or the index
    of a kept element whose final value it shares; default: the init's element i."""
    comp = w.computation
    body, cond = body_of(w), cond_of(w)
    old = w.shape.tuple_shapes
    new_index = {o: k for k, o in enumerate(keep)}
    new_shape = Shape.tuple([old[i] for i in keep])
    for c in (body, cond):
        param = c.parameters[0]
        gone = []
        for g in list(param.users):
            i = g.attrs["index"]
            if i in new_index:
                g.attrs["index"] = new_index[i]
            else:
                gone.append(g)
        param.shape = new_shape
        if c is body:
            old_root = body.root_instruction
            body.root = Builder(body).tuple([old_root.operands[i] for i in keep])
        remove_dead_instructions(c)
        if c is body and old_root.parent is None:
            body.rename(body.root_instruction, old_root.name)
        assert all(g.parent is None for g in gone), "a kept element depends on a dropped one"
    b = Builder(comp)
    init = w.operands[0]
    new_init = b.tuple([state_element(b, init, i) for i in keep])
    new = _new_while(w, new_init, new_shape, True)

    def element(i: int) -> Instruction | int:
        if i in new_index:
            return new_index[i]
        v = dropped(new, i) if dropped is not None else None
        if v is None:
            return state_element(b, init, i)
        return new_index[v] if isinstance(v, int) else v

    _replace_while(w, new, element)
    return new


def _prefix_tuple(b: Builder, t: Instruction, n: int) -> Instruction:
    return b.tuple([b.gte(t, i) for i in range(n)])


def widen_while(w: Instruction, values: list[Instruction]) -> tuple[Instruction, list[Instruction]]:
    """Append `values` (defined outside the loop) to the loop state, passed through unchanged.
    The condition and body must be `w`'s own. Returns the new while and, in the body, the gte
    reading each appended value."""
    comp = w.computation
    body, cond = body_of(w), cond_of(w)
    n = len(w.shape.tuple_shapes)
    new_shape = Shape.tuple(list(w.shape.tuple_shapes) + [v.shape for v in values])
    live_in = []
    for c in (cond, body):
        param = c.parameters[0]
        cb = Builder(c)
        others = [u for u in param.users if u.opcode != "get-tuple-element"]
        old_root = c.root_instruction
        param.shape = new_shape
        if others or old_root is param:
            narrow = _prefix_tuple(cb, param, n)
            for u in others:
                u.replace_operand_with(param, narrow)
            if old_root is param:
                old_root = narrow
        if c is body:
            live_in = [cb.gte(param, n + k) for k in range(len(values))]
            elems = list(old_root.operands) if old_root.opcode == "tuple" else \
                [cb.gte(old_root, i) for i in range(n)]
            body.root = cb.tuple(elems + live_in)
            if old_root.opcode == "tuple" and not old_root.users:
                body.remove(old_root)
    b = Builder(comp)
    init = w.operands[0]
    new_init = b.tuple([state_element(b, init, i) for i in range(n)] + list(values))
    new = _new_while(w, new_init, new_shape, False)
    _replace_while(w, new, lambda i: i)
    return new, live_in
