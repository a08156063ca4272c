"""Module -> HLO text, in XLA's print styles.

Styles:
  "canonical"  hloc's round-trip form: `%` names, computation signatures, operand lists without
               shapes, every attribute the IR holds (metadata, control-predecessors, backend_config,
               attributes equal to their default), every constant in full except elided `{...}` ones,
               async ops written out (no `-start` sugar). parse(print(m)) is structurally equal to m
               (ir/compare.py) and the output is deterministic.
  "long"       XLA's ToString with print_operand_shape(true) and print_large_constants(true), the form
               of hlo_parser_test's long round-trip cases.
  "short"      XLA's HloPrintOptions::ShortParsable(): no `%`, no operand shapes, no program shapes, no
               metadata, no control-predecessors (what `jax ... .as_text(dialect="hlo")` prints).

The two XLA styles follow XLA's printer (hlo_module.cc, hlo_computation.cc, hlo_instruction.cc
PrintWithCanonicalNameMap / PrintExtraAttributes, hlo_instructions.cc ExtraAttributesToStringImpl):
computations in DFS post order of the call graph, instructions in post order (instruction order
when the module is scheduled), attributes in XLA's order with defaults left out and the ones XLA
always prints filled in, and async ops as `<op>-start/-update/-done` when their wrapped
computation is a single instruction. Canonical output uses the same orders, so a module printed
by a pass reads like XLA's output too.
"""

from __future__ import annotations

from .literal import c_escape, format_literal
from .module import Computation, Instruction, Module
from .printer_attrs import instruction_attributes
from .printer_values import (
    STYLES,
    PrintOptions,
    format_value,
    name_ref,
    options,
    program_layout_text,
    raw_body,
    stack_frames_text,
    value_text,
)

__all__ = ["STYLES", "PrintOptions", "print_module", "print_computation", "print_instruction", "format_literal",
           "format_value", "entry_computation_layout", "computation_print_order", "instruction_print_order",
           "async_wrapped_computation"]


# ------------------------------------------------------------------------------------------ module


def print_module(module: Module, style: str = "canonical") -> str:
    """The whole module as HLO text in `style` ("canonical", "long" or "short")."""
    opts = options(style)
    ctx = _Context(module, opts)
    out = [_header(module, opts)]
    ctx.orders = {}  # (the computation order walks each instruction order: printing reuses them)
    for comp in computation_print_order(module, by_post_order=not opts.xla, orders=ctx.orders):
        if opts.sugar and comp in ctx.async_wrapped and _single_instruction(comp):
            continue  # printed as `<op>-start(...)` sugar at its async-start
        out.append(_computation(comp, ctx, top_level=True))
        out.append("\n\n")
    return "".join(out)


def computation_print_order(module: Module, by_post_order: bool = False,
                            orders: dict[Computation, list[Instruction]] | None = None) -> list[Computation]:
    """XLA's MakeComputationPostOrder(dfs_postorder=true): for each computation nobody calls, in
    module order, its callees depth first (instruction order, first callee first), then itself.

    `by_post_order` walks each computation's instructions in the order they are printed instead of
    the IR's order, so printing a re-parsed printout gives the same text again (canonical style);
    `orders` then receives the instruction print order of each computation walked."""
    called: set[Computation] = set()
    for comp in module.computations:
        for instr in comp.instructions:
            called.update(_called_xla_order(instr))
    order: list[Computation] = []
    added: set[Computation] = set()
    for comp in module.computations:
        if comp in called:
            continue
        for sub in _embedded_computations(comp, by_post_order, orders):
            if sub not in added:
                added.add(sub)
                order.append(sub)
        if comp not in added:
            added.add(comp)
            order.append(comp)
    # Computations reachable only from a cycle of calls are left out by XLA; keep them printable.
    order.extend(c for c in module.computations if c not in added)
    return order


def _embedded_computations(comp: Computation, by_post_order: bool,
                           orders: dict[Computation, list[Instruction]] | None = None) -> list[Computation]:
    """XLA's HloComputation::MakeEmbeddedComputationsList (iterative DFS, visited when pushed)."""
    memo = orders if orders is not None else {}

    def print_order(c: Computation) -> list[Instruction]:
        order = memo.get(c)
        if order is None:
            order = memo[c] = instruction_print_order(c)
        return order

    instructions = print_order if by_post_order else (lambda c: c.instructions)
    visited: set[Computation] = set()
    post: list[Computation] = []
    stack: list[list] = []  # [computation, its instructions, next index]

    def push_all(callees: list[Computation]) -> None:
        for c in reversed(callees):
            if c not in visited:
                visited.add(c)
                stack.append([c, instructions(c), 0])

    for instr in instructions(comp):
        push_all(_called_xla_order(instr))
        while stack:
            top = stack[-1]
            c, instrs, i = top
            if i == len(instrs):
                stack.pop()
                post.append(c)
            else:
                top[2] = i + 1
                push_all(_called_xla_order(instrs[i]))
    return post


def _called_xla_order(instr: Instruction) -> list[Computation]:
    """called_computations() in XLA's order (a while calls its body first, then its condition)."""
    a = instr.attrs
    if instr.opcode == "while":
        return [c for c in (a.get("body"), a.get("condition")) if isinstance(c, Computation)]
    return instr.called_computations


def _header(module: Module, opts: PrintOptions) -> str:
    """`HloModule name, ...` in XLA's order (HloModule::Print), then the stack frame tables."""
    attrs = dict(module.attrs)
    out = ["HloModule ", module.name]

    def take(key):
        return attrs.pop(key, None)

    def add(key, text):
        out.append(f", {key}={text}")

    sched = take("is_scheduled")
    if sched is not None and (sched is True or not opts.xla):
        add("is_scheduled", value_text("is_scheduled", sched, opts))
    for key in ("input_output_alias", "buffer_donor"):
        v = take(key)
        if v is not None and (not opts.xla or raw_body(v)):
            add(key, value_text(key, v, opts))
    v = take("alias_passthrough_params")
    if v is not None and (v is True or not opts.xla):
        add("alias_passthrough_params", value_text("alias_passthrough_params", v, opts))
    v = take("entry_computation_layout")
    if v is not None:
        add("entry_computation_layout", program_layout_text(raw_body(v)) if opts.xla else value_text("", v, opts))
    elif opts.xla and module.entry is not None and module.entry.root is not None:
        add("entry_computation_layout", "{" + entry_computation_layout(module) + "}")
    for key in ("allow_spmd_sharding_propagation_to_parameters", "allow_spmd_sharding_propagation_to_output"):
        v = take(key)
        if v is not None and (not opts.xla or raw_body(v).replace(" ", "") not in ("false", "{false}")):
            add(key, value_text(key, v, opts))
    for key in ("replica_count", "num_partitions"):
        v = take(key)
        if v is not None and (v != 1 or not opts.xla):
            add(key, str(v))
    v = take("frontend_attributes")
    if v is not None and (not opts.xla or raw_body(v).strip("{} \n")):
        add("frontend_attributes", value_text("frontend_attributes", v, opts))
    v = take("origin_recovery_table")
    if v is not None:
        add("origin_recovery_table", value_text("origin_recovery_table", v, opts))
        if opts.xla:
            out.append("\n")
    v = take("debug_attributes")
    if v is not None:
        out.append(",\ndebug_attributes=" if opts.xla else ", debug_attributes=")
        out.append(value_text("debug_attributes", v, opts))
    for key, v in attrs.items():  # anything hloc keeps that XLA has no slot for
        add(key, value_text(key, v, opts))
    if module.stack_frames and opts.metadata:
        out.append("\n\n" + stack_frames_text(module.stack_frames) + "\n")
    out.append("\n\n")
    return "".join(out)


def entry_computation_layout(module: Module) -> str:
    """`(f32[2]{0}, s32[])->f32[2]{0}`: the entry's parameter and result shapes with layouts
    (ComputationLayout::Print; every fifth parameter gets an `/*index=N*/` comment)."""
    entry = module.entry_computation
    params = []
    for i, p in enumerate(entry.parameters):
        text = p.shape.to_str()
        params.append(f"/*index={i}*/{text}" if i and i % 5 == 0 else text)
    return "(" + ", ".join(params) + ")->" + entry.root_instruction.shape.to_str()


# ------------------------------------------------------------------------------------ computations


class _Context:
    """Per-module facts the printer needs: which computations are async-wrapped or fusion bodies."""

    __slots__ = ("opts", "async_wrapped", "fusion_bodies", "scheduled", "orders")

    def __init__(self, module: Module | None, opts: PrintOptions):
        self.opts = opts
        self.orders: dict[Computation, list[Instruction]] = {}  # instruction print orders already made
        self.async_wrapped: set[Computation] = set()
        self.fusion_bodies: set[Computation] = set()
        self.scheduled = bool(module is not None and module.attrs.get("is_scheduled") is True)
        for comp in module.computations if module is not None else ():
            for instr in comp.instructions:
                if instr.opcode == "async-start" and isinstance(instr.attrs.get("calls"), Computation):
                    self.async_wrapped.add(instr.attrs["calls"])
                elif instr.opcode == "fusion" and isinstance(instr.attrs.get("calls"), Computation):
                    self.fusion_bodies.add(instr.attrs["calls"])


def print_computation(comp: Computation, style: str = "canonical") -> str:
    """One computation (with `ENTRY` when it is the module's entry)."""
    opts = options(style)
    return _computation(comp, _Context(comp.parent, opts), top_level=True)


def _computation(comp: Computation, ctx: _Context, top_level: bool) -> str:
    opts = ctx.opts
    head = "ENTRY " if top_level and comp.is_entry else ""
    head += ("%" if opts.percent else "") + comp.name + " "
    if opts.program_shape:
        params = ", ".join(f"{p.name}: {p.shape.to_str(False)}" for p in comp.parameters)
        result = comp.root.shape.to_str(False) if comp.root is not None else "()"
        head += f"({params}) -> {result} "
    lines = [head + "{"]
    if ctx.scheduled and comp not in ctx.fusion_bodies and _is_schedule(comp.instructions):
        order = comp.instructions
    else:
        order = ctx.orders.get(comp) or instruction_print_order(comp)
    for instr in order:
        lines.append("  " + ("ROOT " if instr is comp.root else "") + _instruction(instr, opts))
    tail = "}"
    if comp.execution_thread and comp.execution_thread != "main":
        tail += f', execution_thread="{c_escape(comp.execution_thread)}"'
    lines.append(tail)
    return "\n".join(lines)


def _is_schedule(instructions: list[Instruction]) -> bool:
    """Whether every operand and control predecessor comes before its user (a pass that appended
    an instruction without keeping the order a schedule gets post order instead of unparsable text)."""
    seen: set[Instruction] = set()
    for instr in instructions:
        if any(o not in seen for o in instr.operands) or any(p not in seen for p in instr.control_predecessors):
            return False
        seen.add(instr)
    return True


def instruction_print_order(comp: Computation) -> list[Instruction]:
    """XLA's HloComputation::MakeInstructionPostOrder: a DFS from every instruction without users,
    in instruction order, visiting control predecessors (last first) before operands (first first)."""
    state: dict[Instruction, int] = {}  # 1: visiting, 2: visited
    order: list[Instruction] = []
    for start in comp.instructions:
        if any(u.parent is comp for u in start.users):
            continue
        if state.get(start) == 2:
            continue
        stack = [start]
        while stack:
            cur = stack[-1]
            s = state.get(cur, 0)
            if s == 0:
                state[cur] = 1
            else:
                stack.pop()
                if s == 1:
                    state[cur] = 2
                    order.append(cur)
                continue
            for op in reversed(cur.operands):
                if state.get(op) != 2:
                    stack.append(op)
            for p in cur.control_predecessors:
                if state.get(p) != 2:
                    stack.append(p)
    if len(order) != len(comp.instructions):  # a cycle: keep every instruction printable
        seen = set(order)
        order.extend(i for i in comp.instructions if i not in seen)
    return order


def _single_instruction(comp: Computation) -> bool:
    """HloComputation::CanExpandIntoSingleInstruction: only parameters besides the root."""
    return comp.root is not None and all(i is comp.root or i.opcode == "parameter" for i in comp.instructions)


# ------------------------------------------------------------------------------------ instructions


def print_instruction(instr: Instruction, style: str = "canonical") -> str:
    """One instruction line, without indentation or `ROOT`."""
    return _instruction(instr, options(style))


def _instruction(instr: Instruction, opts: PrintOptions) -> str:
    opcode = instr.opcode
    wrapped = _sugar_wrapped(instr, opts)
    if wrapped is not None:
        opcode = wrapped.opcode + opcode[5:]  # async-start -> custom-call-start
    parts = [f"{name_ref(instr.name, opts)} = {instr.shape.to_str()} {opcode}({_operands(instr, opts)})"]
    parts.extend(instruction_attributes(instr, opts, wrapped))
    return ", ".join(parts)


def _operands(instr: Instruction, opts: PrintOptions) -> str:
    if instr.opcode == "constant":
        lit = instr.stored_literal
        if lit is None:
            return "{...}"
        return format_literal(lit, instr.shape, signed_zeros=not opts.xla)
    if instr.opcode == "parameter":
        return str(instr.parameter_number)
    out = []
    interval = opts.index_interval
    for i, o in enumerate(instr.operands):
        text = name_ref(o.name, opts)
        if opts.operand_shapes:
            text = o.shape.to_str() + " " + text
        if i and interval and i % interval == 0:
            text = f"/*index={i}*/" + text
        out.append(text)
    return ", ".join(out)


def _async_start(instr: Instruction) -> Instruction | None:
    cur: Instruction | None = instr
    seen = 0
    while cur is not None and cur.opcode != "async-start" and seen < 10_000:
        cur = cur.operands[0] if cur.operands else None
        seen += 1
    return cur


def async_wrapped_computation(instr: Instruction) -> Computation | None:
    """The computation an async-start/-update/-done runs (update/done inherit it from their start)."""
    c = instr.attrs.get("calls")
    if isinstance(c, Computation):
        return c
    start = _async_start(instr) if instr.opcode in ("async-update", "async-done") else None
    c = start.attrs.get("calls") if start is not None else None
    return c if isinstance(c, Computation) else None


def _sugar_wrapped(instr: Instruction, opts: PrintOptions) -> Instruction | None:
    """The wrapped instruction when this async op prints as `<op>-start/-update/-done` sugar."""
    if not opts.sugar or instr.opcode not in ("async-start", "async-update", "async-done"):
        return None
    comp = async_wrapped_computation(instr)
    if comp is None or not _single_instruction(comp):
        return None
    return comp.root
