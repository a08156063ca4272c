"""IR surgery for fusion: fusion instructions and their fused computations.

    create_fusion(instr, kind)                  wrap one instruction in a fusion that replaces it
    fuse_producer(fusion, producer)             clone a producer into the fusion (XLA's FuseInstruction);
                                                with `multi_output`, a producer that others still use
                                                becomes an extra output instead of being duplicated
    merge_siblings(a, b)                        one multi-output fusion computing both fusions
    fusion_outputs(fusion)                      the fused instructions the fusion returns

Fused computations are named `fused_computation[.N]` and their parameters `param_N[.M]` (XLA's
names); fused instructions keep the names of the instructions they replace. A fusion whose fused
root is a `tuple` is a multi-output fusion: its users are get-tuple-elements.
"""

from __future__ import annotations

from ...ir.module import Computation, Instruction, Module
from ...ir.types import Shape
from ..rewrite import SideEffects


class Namer:
    """What one fusion pass run keeps across its surgery: module-wide unique instruction names
    (XLA's rule) in O(1) per name (the IR's own check scans every computation, which is quadratic
    for passes that create thousands of instructions), and the fused computations whose
    instruction lists are put in post order when the run ends (`finish`): sorting after every
    fused producer was quadratic in the size of a fusion."""

    def __init__(self, module: Module):
        self.module = module
        self.taken: set[str] = {n for c in module.computations for n in c._names}
        self.next: dict[str, int] = {}
        self.unsorted: dict[Computation, None] = {}
        # Computation -> whether it may hold a dot: scanned once, then kept by `add` (a True that a
        # removal made stale only costs choose_kind the walk that finds no dot).
        self.dots: dict[Computation, bool] = {}

    def may_have_dot(self, comp: Computation) -> bool:
        known = self.dots.get(comp)
        if known is None:
            known = self.dots[comp] = any(i.opcode == "dot" for i in comp.instructions)
        return known

    def finish(self) -> None:
        """Put every fused computation changed in this run in post order."""
        for comp in self.unsorted:
            _sort_post_order(comp)
        self.unsorted.clear()

    def fresh(self, base: str) -> str:
        if base not in self.taken:
            self.taken.add(base)
            return base
        stem = base
        head, _, tail = base.rpartition(".")
        if head and tail.isdigit():
            stem = head
        k = self.next.get(stem, 1)
        while f"{stem}.{k}" in self.taken:
            k += 1
        self.next[stem] = k + 1
        name = f"{stem}.{k}"
        self.taken.add(name)
        return name

    def add(self, comp: Computation, instr: Instruction, base: str) -> Instruction:
        """Append `instr` to `comp` under a fresh name derived from `base`."""
        if instr.opcode == "dot":
            self.dots[comp] = True
        return comp.append(instr, self.fresh(base))

    def remove(self, instr: Instruction) -> None:
        """Delete an unused instruction; its name becomes free again."""
        instr.computation.remove(instr)
        self.taken.discard(instr.name)


def fused_computation(fusion: Instruction) -> Computation:
    return fusion.attrs["calls"]


def is_multi_output(fusion: Instruction) -> bool:
    return fusion.opcode == "fusion" and fused_computation(fusion).root_instruction.opcode == "tuple"


def fusion_outputs(fusion: Instruction) -> list[Instruction]:
    root = fused_computation(fusion).root_instruction
    return list(root.operands) if root.opcode == "tuple" else [root]


def fused_parameter(fusion: Instruction, k: int) -> Instruction:
    return fused_computation(fusion).parameter(k)


def choose_kind(fusion: Instruction, namer: Namer | None = None) -> str:
    """kInput: a reduce root reads its fused inputs (the reduce kernel); kOutput: a dot's result is
    consumed in the same kernel (an epilogue); kLoop: one loop over the output. `namer`: the one
    that built the fusion, which knows whether it may hold a dot without a scan."""
    outputs = fusion_outputs(fusion)
    if any(o.opcode == "reduce" for o in outputs):
        return "kInput"
    # (asked after every fused producer: most fused computations have no dot to walk to)
    fcomp = fused_computation(fusion)
    has_dot = namer.may_have_dot(fcomp) if namer is not None else any(i.opcode == "dot" for i in fcomp.instructions)
    if has_dot and any(_dot_epilogue_root(o) for o in outputs):
        return "kOutput"
    return "kLoop"


def _dot_epilogue_root(instr: Instruction) -> bool:
    seen = set()
    stack = [instr]
    while stack:
        i = stack.pop()
        if i in seen:
            continue
        seen.add(i)
        if i.opcode == "dot":
            return True
        if i.opcode != "parameter":
            stack.extend(i.operands)
    return False


def dedupe(comp: Computation) -> None:
    """Merge identical instructions of a fused computation (clones of the same constants and
    broadcasts from two merged fusions), as CSE would on the next run."""
    from ..cse import Cse

    if Cse()._run_on(comp, SideEffects()):
        _sort_post_order(comp)


def _sort_post_order(comp: Computation) -> None:
    order = comp.post_order()
    if len(order) == len(comp.instructions):
        comp.instructions = order


def _new_parameter(namer: Namer, fcomp: Computation, number: int, shape: Shape) -> Instruction:
    p = Instruction("parameter", shape)
    p.parameter_number = number
    return namer.add(fcomp, p, f"param_{number}")


def create_fusion(namer: Namer, instr: Instruction, kind: str = "kLoop", name: str | None = None) -> Instruction:
    """Replace `instr` by a fusion instruction whose fused computation computes it from parameters
    (one per distinct operand). Control edges move to the fusion."""
    comp = instr.computation
    module = comp.module
    fcomp = Computation("fused_computation")
    fcomp.is_fusion = True
    module.add_computation(fcomp, before=comp)
    operands = list(dict.fromkeys(instr.operands))
    params = {o: _new_parameter(namer, fcomp, k, o.shape) for k, o in enumerate(operands)}
    fusion = Instruction("fusion", instr.shape, operands, {"kind": kind, "calls": fcomp})
    namer.add(comp, fusion, name or f"{instr.opcode}_fusion")
    for pred in list(instr.control_predecessors):
        fusion.add_control_predecessor(pred)
    for succ in list(instr.control_successors):
        succ.add_control_predecessor(fusion)
    instr.replace_all_uses_with(fusion)
    clone = instr.clone(operands=[params[o] for o in instr.operands])
    instr.drop_operands()
    namer.remove(instr)
    namer.add(fcomp, clone, clone.name)
    fcomp.root = clone
    namer.unsorted[fcomp] = None
    return fusion


def _parameters_by_number(fcomp: Computation) -> dict[int, Instruction]:
    return {i.parameter_index: i for i in fcomp.instructions if i.opcode == "parameter"}


def _parameter_for(namer: Namer, fusion: Instruction, operand: Instruction,
                   params: dict[int, Instruction] | None = None) -> Instruction:
    """The fused parameter bound to `operand`, adding an operand and a parameter if needed.
    `params`: the fused computation's parameters by number (kept up to date), saving a scan of
    the fused computation per lookup."""
    for k, o in enumerate(fusion.operands):
        if o is operand:
            return params[k] if params is not None else fused_parameter(fusion, k)
    k = len(fusion.operands)
    fusion.set_operands(fusion.operands + [operand])
    param = _new_parameter(namer, fused_computation(fusion), k, operand.shape)
    if params is not None:
        params[k] = param
    return param


def _remove_operand(namer: Namer, fusion: Instruction, k: int,
                    params: dict[int, Instruction] | None = None) -> None:
    """Drop fusion operand k, whose parameter has no users any more, and renumber the rest.
    `params`: the fused parameters by number, as _parameter_for keeps them (saves a scan)."""
    if params is None:
        params = _parameters_by_number(fused_computation(fusion))
    param = params.get(k)
    later = [p for n, p in params.items() if n > k]
    if param is None:
        raise IndexError(f"{fused_computation(fusion).name} has no parameter {k}")
    namer.remove(param)
    for p in later:
        p.parameter_number = p.parameter_index - 1
    ops = list(fusion.operands)
    del ops[k]
    fusion.set_operands(ops)


def _gte(namer: Namer, comp: Computation, tuple_instr: Instruction, index: int) -> Instruction:
    g = Instruction("get-tuple-element", tuple_instr.shape.tuple_shapes[index], [tuple_instr], {"index": index})
    return namer.add(comp, g, "get-tuple-element")


def make_multi_output(namer: Namer, fusion: Instruction) -> None:
    """Give `fusion` a tuple root (if it has not one yet); its users read output 0 through a
    get-tuple-element."""
    if is_multi_output(fusion):
        return
    fcomp = fused_computation(fusion)
    comp = fusion.computation
    old_root = fcomp.root_instruction
    t = namer.add(fcomp, Instruction("tuple", Shape.tuple([old_root.shape]), [old_root]), "tuple")
    fcomp.root = t
    users = list(fusion.users)
    was_root = comp.root is fusion
    fusion.shape = t.shape
    g = _gte(namer, comp, fusion, 0)
    for u in users:
        u.replace_operand_with(fusion, g)
    if was_root:
        comp.root = g


def _add_output(fusion: Instruction, value: Instruction) -> int:
    """Append fused `value` to the outputs of a multi-output fusion; returns its tuple index."""
    fcomp = fused_computation(fusion)
    root = fcomp.root_instruction
    root.set_operands(root.operands + [value])
    root.shape = Shape.tuple([o.shape for o in root.operands])
    fusion.shape = root.shape
    return len(root.operands) - 1


def _redirect_users(old: Instruction, new: Instruction, keep: Instruction | None = None) -> None:
    """Point every user of `old` except `keep` (and the computation root) at `new`."""
    for u in list(old.users):
        if u is not keep:
            u.replace_operand_with(old, new)
    comp = old.parent
    if comp is not None and comp.root is old:
        comp.root = new


def _move_control_edges(old: Instruction, new: Instruction) -> None:
    for pred in list(old.control_predecessors):
        new.add_control_predecessor(pred)
    for succ in list(old.control_successors):
        succ.add_control_predecessor(new)


def fuse_producer(namer: Namer, fusion: Instruction, producer: Instruction, multi_output: bool = False) -> Instruction:
    """Clone `producer` (an operand of `fusion`, not itself a fusion) into the fused computation
    and return the clone. The producer is deleted when nothing else uses it; otherwise it stays
    (and is computed twice) or, with `multi_output`, becomes an extra output of the fusion whose
    other users read it through a get-tuple-element."""
    assert producer.opcode != "fusion"
    comp = fusion.computation
    fcomp = fused_computation(fusion)
    params = _parameters_by_number(fcomp)
    new_ops = [_parameter_for(namer, fusion, o, params) for o in producer.operands]
    clone = producer.clone(operands=new_ops)
    if producer in fusion.operands:
        k = fusion.operands.index(producer)
        params[k].replace_all_uses_with(clone)
        _remove_operand(namer, fusion, k, params)
    if multi_output and (producer.users or comp.root is producer):
        make_multi_output(namer, fusion)
        index = _add_output(fusion, clone)
        g = _gte(namer, comp, fusion, index)
        _redirect_users(producer, g, keep=g)
        _move_control_edges(producer, fusion)
        producer.drop_operands()
        namer.remove(producer)
    elif not producer.users and comp.root is not producer and not producer.control_successors \
            and not producer.control_predecessors:
        namer.remove(producer)
    namer.add(fcomp, clone, clone.name)
    namer.unsorted[fcomp] = None
    fusion.attrs["kind"] = choose_kind(fusion, namer)
    return clone


def merge_siblings(namer: Namer, a: Instruction, b: Instruction) -> Instruction:
    """Merge fusion `b` into fusion `a` (neither reaches the other): `a` becomes a multi-output
    fusion computing both; `b`'s users read their values from `a`. Returns `a`."""
    comp = a.computation
    module = comp.module
    make_multi_output(namer, a)
    bcomp = fused_computation(b)
    acomp = fused_computation(a)
    mapping: dict[Instruction, Instruction] = {}
    body = [i for i in bcomp.post_order() if not (i is bcomp.root and i.opcode == "tuple")]
    for instr in body:
        if instr.opcode == "parameter":
            mapping[instr] = _parameter_for(namer, a, b.operands[instr.parameter_index])
            continue
        mapping[instr] = instr.clone(operands=[mapping[o] for o in instr.operands])
    b_outputs = [mapping[o] for o in fusion_outputs(b)]
    indices = [_add_output(a, v) for v in b_outputs]
    first = indices[0] if indices else 0  # (b computes nothing: no users to point at a)
    # b's users: get-tuple-elements of b (multi-output) or b's value itself.
    if is_multi_output(b):
        for u in list(b.users):
            if u.opcode == "get-tuple-element":
                g = _gte(namer, comp, a, first + u.attrs["index"])
                u.replace_all_uses_with(g)
                u.drop_operands()
                namer.remove(u)
        if comp.root is b:  # a tuple-shaped root: rebuild it from a's elements
            parts = [_gte(namer, comp, a, first + j) for j in range(len(b_outputs))]
            comp.root = namer.add(comp, Instruction("tuple", b.shape, parts), "tuple")
    else:
        g = _gte(namer, comp, a, first)
        _redirect_users(b, g, keep=g)
    _move_control_edges(b, a)
    b.drop_operands()
    namer.remove(b)
    for instr in bcomp.instructions:  # their names are free now; the clones take them back
        namer.taken.discard(instr.name)
    module.remove_computation(bcomp)
    for instr in body:
        if instr.opcode != "parameter":
            namer.add(acomp, mapping[instr], instr.name)
    _sort_post_order(acomp)
    dedupe(acomp)
    a.attrs["kind"] = choose_kind(a)
    return a


def merge_producer(namer: Namer, consumer: Instruction, producer: Instruction) -> Instruction:
    """Merge single-output fusion `producer` into fusion `consumer` (one of its users): the
    consumer computes the producer's value inside and, if others still read it, returns it as an
    extra output (they read it through a get-tuple-element). Returns `consumer`."""
    assert producer.opcode == "fusion" and not is_multi_output(producer)
    comp = consumer.computation
    module = comp.module
    pcomp = fused_computation(producer)
    ccomp = fused_computation(consumer)
    mapping: dict[Instruction, Instruction] = {}
    for instr in pcomp.post_order():
        if instr.opcode == "parameter":
            mapping[instr] = _parameter_for(namer, consumer, producer.operands[instr.parameter_index])
            continue
        mapping[instr] = instr.clone(operands=[mapping[o] for o in instr.operands])
    value = mapping[pcomp.root_instruction]
    k = consumer.operands.index(producer)
    fused_parameter(consumer, k).replace_all_uses_with(value)
    _remove_operand(namer, consumer, k)
    if producer.users or comp.root is producer:
        make_multi_output(namer, consumer)
        g = _gte(namer, comp, consumer, _add_output(consumer, value))
        _redirect_users(producer, g, keep=g)
    _move_control_edges(producer, consumer)
    producer.drop_operands()
    namer.remove(producer)
    for instr in pcomp.instructions:
        namer.taken.discard(instr.name)
    module.remove_computation(pcomp)
    for instr in pcomp.post_order():
        if instr.opcode != "parameter":
            namer.add(ccomp, mapping[instr], instr.name)
    _sort_post_order(ccomp)
    dedupe(ccomp)
    consumer.attrs["kind"] = choose_kind(consumer)
    return consumer
