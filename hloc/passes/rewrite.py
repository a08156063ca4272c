"""IR surgery shared by passes: side effects, callers, dead code, inlining, cloning computations.

Kept here (not in hloc/ir) because these are pass policies: what counts as removable, how an
inlined body is named, which calls are sequential.
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ..ir.module import Computation, Instruction, Module
from ..ir.opcodes import CALLED_COMPUTATION_ATTRS, SIDE_EFFECTING

_CALLED_KEYS = frozenset(CALLED_COMPUTATION_ATTRS)


class SideEffects:
    """XLA's HasSideEffect: the op itself, or anything in a computation it calls (memoized)."""

    def __init__(self):
        self._comp: dict[Computation, bool] = {}

    def instruction(self, instr: Instruction) -> bool:
        attrs = instr.attrs
        if instr.opcode == "custom-call":
            if attrs.get("custom_call_has_side_effect", False):
                return True
        elif instr.opcode in SIDE_EFFECTING:
            return True
        if _CALLED_KEYS.isdisjoint(attrs):  # calls nothing: asked for every instruction, keep it cheap
            return False
        return any(self.computation(c) for c in instr.called_computations)

    def computation(self, comp: Computation) -> bool:
        known = self._comp.get(comp)
        if known is None:
            self._comp[comp] = False  # a call cycle is invalid IR; do not recurse forever
            known = any(self.instruction(i) for i in comp.instructions)
            self._comp[comp] = known
        return known


# ------------------------------------------------------------------------------------------ names
# Instruction names are unique in the whole module (XLA's rule; the parser renames duplicates), while
# Computation.add only makes them unique in their computation. Passes name what they create here.


def _name_taken(name: str, module: Module | None, comps: tuple[Computation, ...]) -> bool:
    if any(name in c._names for c in comps):  # the IR's live name index of each computation
        return True
    return module is not None and module.name_in_use(name)


def fresh_name(module: Module | None, base: str, *comps: Computation) -> str:
    """`base`, or the first free `stem.k`: used in no computation of `module` nor in `comps`
    (computations not added to the module yet)."""
    if not _name_taken(base, module, comps):
        return base
    stem = base
    head, _, tail = base.rpartition(".")
    if head and tail.isdigit():
        stem = head
    k = module.first_free_instruction_name(stem) if module is not None else 1
    while _name_taken(f"{stem}.{k}", module, comps):
        k += 1
    return f"{stem}.{k}"


def add_instruction(comp: Computation, instr: Instruction, name: str | None = None) -> Instruction:
    """Add `instr` to `comp` under a module-wide unique name derived from `name`."""
    return comp.add(instr, fresh_name(comp.parent, name or instr.name, comp))


def post_order_of(comp: Computation, opcodes: Collection[str]) -> list[Instruction]:
    """The instructions of `comp` with one of `opcodes`, in post order; without the walk when
    there is none (most computations, for an expander's opcode)."""
    for i in comp.instructions:
        if i.opcode in opcodes:
            return [i for i in comp.post_order() if i.opcode in opcodes]
    return []


def has_side_effect(instr: Instruction) -> bool:
    return SideEffects().instruction(instr)


def is_root(instr: Instruction) -> bool:
    return instr.parent is not None and instr.parent.root is instr


def has_control_deps(instr: Instruction) -> bool:
    return bool(instr.control_predecessors or instr.control_successors)


def callers(module: Module) -> dict[Computation, list[Instruction]]:
    """Every computation -> the instructions that call it (in module order; entry has none)."""
    out: dict[Computation, list[Instruction]] = {c: [] for c in module.computations}
    calls_nothing = _CALLED_KEYS.isdisjoint
    for comp in module.computations:
        for instr in comp.instructions:
            if calls_nothing(instr.attrs):
                continue
            for callee in instr.called_computations:
                out.setdefault(callee, []).append(instr)
    return out


def remove_unreachable_computations(module: Module) -> bool:
    """Delete computations that the entry computation does not (transitively) call."""
    live = set(module.computation_post_order())
    dead = [c for c in module.computations if c not in live]
    for c in dead:
        module.remove_computation(c)
    return bool(dead)


def remove_dead_instructions(comp: Computation, effects: SideEffects | None = None) -> bool:
    """Mark-and-sweep: keep the root, parameters, side effects, control dependencies and what they
    use (operands and control predecessors); delete the rest. Returns True if anything went."""
    effects = effects or SideEffects()
    if not _may_have_dead(comp, effects):
        return False
    live: set[Instruction] = set()
    stack = [i for i in comp.instructions
             if i is comp.root or i.opcode == "parameter" or has_control_deps(i) or effects.instruction(i)]
    while stack:
        i = stack.pop()
        if i in live:
            continue
        live.add(i)
        stack.extend(i.operands)
        stack.extend(i.control_predecessors)
    dead = [i for i in comp.instructions if i not in live]
    comp.remove_many(dead)
    return bool(dead)


def _may_have_dead(comp: Computation, effects: SideEffects) -> bool:
    """False if nothing in `comp` is dead: dead instructions form a DAG, and its sinks are used by
    no instruction of `comp` (a detached instruction may still list itself as a user); so when
    every such unused instruction is kept for itself (the usual case after a pass that cleaned
    up), the mark-and-sweep would find nothing."""
    root = comp.root
    for i in comp.instructions:
        for u in i.users:
            if u.parent is comp:
                break
        else:
            if not (i is root or i.opcode == "parameter" or i.control_predecessors or i.control_successors
                    or effects.instruction(i)):
                return True
    return False


def remove_if_dead(instr: Instruction, effects: SideEffects | None = None) -> None:
    """Delete `instr` and then its operands, as long as they are unused and removable."""
    effects = effects or SideEffects()
    stack = [instr]
    while stack:
        i = stack.pop()
        comp = i.parent
        if (comp is None or i.users or i is comp.root or i.opcode == "parameter" or has_control_deps(i)
                or effects.instruction(i)):
            continue
        operands = list(dict.fromkeys(i.operands))
        comp.remove(i)
        stack.extend(operands)


def replace_instruction(old: Instruction, new: Instruction) -> None:
    """Point every use of `old` (and the root) at `new`, then delete `old` and its dead operands.

    Control edges of `old` move to `new`, as XLA's ReplaceInstruction(relay_control_dependency).
    """
    for pred in list(old.control_predecessors):
        new.add_control_predecessor(pred)
    for succ in list(old.control_successors):
        succ.add_control_predecessor(new)
    old.replace_all_uses_with(new)
    comp = old.computation
    operands = list(dict.fromkeys(old.operands))
    comp.remove(old)
    for op in operands:
        remove_if_dead(op)


def inline_computation(callee: Computation, args: list[Instruction], into: Computation,
                       control_predecessors: Sequence[Instruction] = (),
                       names: list[tuple[Instruction, str]] | None = None) -> Instruction:
    """Clone `callee`'s instructions into `into`, its parameters bound to `args`; returns the clone
    of its root. Names come from the callee, made unique in the module (`names`, if given, receives
    (clone, callee name) pairs for `restore_names`); control edges are copied, and
    `control_predecessors` (the call site's) are added to every clone."""
    mapping: dict[Instruction, Instruction] = {}
    for instr in callee.post_order():
        if instr.opcode == "parameter":
            mapping[instr] = args[instr.parameter_index]
            continue
        clone = add_instruction(into, instr.clone(operands=[mapping[o] for o in instr.operands]), instr.name)
        if names is not None:
            names.append((clone, instr.name))
        for pred in instr.control_predecessors:
            clone.add_control_predecessor(mapping[pred])
        for pred in control_predecessors:
            clone.add_control_predecessor(pred)
        mapping[instr] = clone
    return mapping[callee.root_instruction]


def inline_call_site(site: Instruction, callee: Computation, args: list[Instruction],
                     names: list[tuple[Instruction, str]] | None = None) -> Instruction:
    """Replace `site` (a call, or a conditional reduced to one branch) by an inlined copy of
    `callee` applied to `args`; returns the instruction that now stands for the site's value."""
    comp = site.computation
    root = inline_computation(callee, args, comp, site.control_predecessors, names)
    for succ in list(site.control_successors):
        succ.add_control_predecessor(root)
    site.replace_all_uses_with(root)
    operands = list(dict.fromkeys(site.operands))
    comp.remove(site)
    for op in operands:
        remove_if_dead(op)
    return root


def restore_names(module: Module, names: list[tuple[Instruction, str]]) -> None:
    """Give inlined clones back their callee's names where those became free (the callee was
    deleted), in inlining order: dumps then show the names the source had."""
    for clone, original in names:
        comp = clone.parent
        if comp is not None and clone.name != original and not _name_taken(original, module, ()):
            comp.rename(clone, original)


def clone_computation(comp: Computation, module: Module, name: str | None = None,
                      before: Computation | None = None,
                      mapping: dict[Instruction, Instruction] | None = None) -> Computation:
    """A copy of `comp` added to `module` (called computations shared). Instruction names are the
    originals made unique in the module (`x` -> `x.1`). `mapping` (if given) receives
    original -> clone."""
    new = Computation(name or comp.name)
    new.is_fusion = comp.is_fusion
    new.execution_thread = comp.execution_thread
    new.src, new.offset = comp.src, comp.offset
    mapping = {} if mapping is None else mapping
    for instr in comp.instructions:
        _clone_into(instr, new, mapping, module)
    new.root = mapping[comp.root_instruction]
    module.add_computation(new, before=before)
    return new


def _clone_into(instr: Instruction, new: Computation, mapping: dict[Instruction, Instruction],
                module: Module) -> None:
    # Operands may follow their users in the instruction list: clone them first.
    stack = [instr]
    while stack:
        i = stack[-1]
        if i in mapping:
            stack.pop()
            continue
        pending = [o for o in i.operands + i.control_predecessors if o not in mapping]
        if pending:
            stack.extend(pending)
            continue
        stack.pop()
        c = i.clone(operands=[mapping[o] for o in i.operands])
        new.add(c, fresh_name(module, i.name, new))
        for pred in i.control_predecessors:
            c.add_control_predecessor(mapping[pred])
        mapping[i] = c
