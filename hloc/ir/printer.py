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

import re
from dataclasses import dataclass

import numpy as np

from .attrs import ConvDimLabels, PadDim, Raw, SliceRange, Window
from .literal import c_escape, c_unescape, format_literal
from .module import Computation, Instruction, Module
from .types import ELEMENT_TYPES, Layout, Shape

__all__ = ["STYLES", "print_module", "print_computation", "print_instruction", "format_literal", "format_value",
           "entry_computation_layout"]

STYLES = ("canonical", "long", "short")


@dataclass(frozen=True, slots=True)
class PrintOptions:
    """The subset of XLA's HloPrintOptions the three styles differ in."""

    percent: bool  # `%name`
    operand_shapes: bool  # `add(f32[2]{0} %x, ...)`
    program_shape: bool  # `%comp (p: f32[2]) -> f32[2] {`
    metadata: bool  # metadata={...}, stack frame tables, metadata inside shardings
    control_deps: bool  # control-predecessors={...}
    index_interval: int  # `/*index=5*/` every N operands (0: never)
    sugar: bool  # async ops as `<op>-start(...)` when their wrapped computation is one instruction
    xla: bool  # XLA's value forms: defaults omitted, always-printed attributes filled in


_STYLE_OPTIONS = {
    "canonical": PrintOptions(percent=True, operand_shapes=False, program_shape=True, metadata=True,
                              control_deps=True, index_interval=5, sugar=False, xla=False),
    "long": PrintOptions(percent=True, operand_shapes=True, program_shape=True, metadata=True,
                         control_deps=True, index_interval=5, sugar=True, xla=True),
    "short": PrintOptions(percent=False, operand_shapes=False, program_shape=False, metadata=False,
                          control_deps=False, index_interval=0, sugar=True, xla=True),
}


def _options(style) -> PrintOptions:
    if isinstance(style, PrintOptions):
        return style
    opts = _STYLE_OPTIONS.get(style)
    if opts is None:
        raise ValueError(f"unknown print style '{style}'; expected one of {', '.join(STYLES)}")
    return opts


# ------------------------------------------------------------------------------------------ module


def print_module(module: Module, style: str = "canonical") -> str:
    """The whole module as HLO text in `style` ("canonical", "long" or "short")."""
    opts = _options(style)
    ctx = _Context(module, opts)
    out = [_header(module, opts)]
    for comp in computation_print_order(module, by_post_order=not opts.xla):
        if opts.sugar and comp in ctx.async_wrapped and _single_instruction(comp):
            continue  # printed as `<op>-start(...)` sugar at its async-start
        out.append(_computation(comp, ctx, top_level=True))
        out.append("\n\n")
    return "".join(out)


def computation_print_order(module: Module, by_post_order: bool = False) -> list[Computation]:
    """XLA's MakeComputationPostOrder(dfs_postorder=true): for each computation nobody calls, in
    module order, its callees depth first (instruction order, first callee first), then itself.

    `by_post_order` walks each computation's instructions in the order they are printed instead of
    the IR's order, so printing a re-parsed printout gives the same text again (canonical style)."""
    called: set[Computation] = set()
    for comp in module.computations:
        for instr in comp.instructions:
            called.update(_called_xla_order(instr))
    order: list[Computation] = []
    added: set[Computation] = set()
    for comp in module.computations:
        if comp in called:
            continue
        for sub in _embedded_computations(comp, by_post_order):
            if sub not in added:
                added.add(sub)
                order.append(sub)
        if comp not in added:
            added.add(comp)
            order.append(comp)
    # Computations reachable only from a cycle of calls are left out by XLA; keep them printable.
    order.extend(c for c in module.computations if c not in added)
    return order


def _embedded_computations(comp: Computation, by_post_order: bool) -> list[Computation]:
    """XLA's HloComputation::MakeEmbeddedComputationsList (iterative DFS, visited when pushed)."""
    instructions = instruction_print_order if by_post_order else (lambda c: c.instructions)
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
        add("is_scheduled", _value("is_scheduled", sched, opts))
    for key in ("input_output_alias", "buffer_donor"):
        v = take(key)
        if v is not None and (not opts.xla or _raw_body(v)):
            add(key, _value(key, v, opts))
    v = take("alias_passthrough_params")
    if v is not None and (v is True or not opts.xla):
        add("alias_passthrough_params", _value("alias_passthrough_params", v, opts))
    v = take("entry_computation_layout")
    if v is not None:
        add("entry_computation_layout", _program_layout(v.text) if opts.xla else _value("", v, opts))
    elif opts.xla and module.entry is not None and module.entry.root is not None:
        add("entry_computation_layout", "{" + entry_computation_layout(module) + "}")
    for key in ("allow_spmd_sharding_propagation_to_parameters", "allow_spmd_sharding_propagation_to_output"):
        v = take(key)
        if v is not None and (not opts.xla or _raw_body(v).replace(" ", "") not in ("false", "{false}")):
            add(key, _value(key, v, opts))
    for key in ("replica_count", "num_partitions"):
        v = take(key)
        if v is not None and (v != 1 or not opts.xla):
            add(key, str(v))
    v = take("frontend_attributes")
    if v is not None and (not opts.xla or _raw_body(v).strip("{} \n")):
        add("frontend_attributes", _value("frontend_attributes", v, opts))
    v = take("origin_recovery_table")
    if v is not None:
        add("origin_recovery_table", _value("origin_recovery_table", v, opts))
        if opts.xla:
            out.append("\n")
    v = take("debug_attributes")
    if v is not None:
        out.append(",\ndebug_attributes=" if opts.xla else ", debug_attributes=")
        out.append(_value("debug_attributes", v, opts))
    for key, v in attrs.items():  # anything hloc keeps that XLA has no slot for
        add(key, _value(key, v, opts))
    if module.stack_frames and opts.metadata:
        out.append("\n\n" + _stack_frames(module.stack_frames) + "\n")
    out.append("\n\n")
    return "".join(out)


def _raw_body(v) -> str:
    return v.text.strip() if isinstance(v, Raw) else str(v)


_STACK_SECTION = re.compile(r"\b(FileNames|FunctionNames|FileLocations|StackFrames)\b")
_STACK_ENTRY = re.compile(r"""\s*(\d+)\s+("(?:[^"\\]|\\.)*"|\{[^{}]*\})""", re.S)


def _stack_frames(text: str) -> str:
    """The FileNames/FunctionNames/FileLocations/StackFrames tables, one entry a line, sections
    separated by a blank line (HloModule::PrintStackFrameIndex)."""
    parts = _STACK_SECTION.split(text)
    sections = []
    for i in range(1, len(parts) - 1, 2):
        entries = [f"{m.group(1)} {' '.join(m.group(2).split()) if m.group(2)[0] == '{' else m.group(2)}"
                   for m in _STACK_ENTRY.finditer(parts[i + 1])]
        sections.append("\n".join([parts[i]] + entries))
    return "\n\n".join(sections)


_LAYOUT_TOKEN = re.compile(r"\s*(?:/\*.*?\*/\s*)*(?:([a-z][a-z0-9_]*)\[([^\]]*)\](?:\{([^{}]*)\})?|(->|[(),]))", re.S)


def _program_layout(text: str) -> str:
    """An `entry_computation_layout={...}` as XLA prints the ComputationLayout it parsed: shapes
    with their (default if unwritten) layouts, `, ` between parameters, `/*index=N*/` comments.
    Text this reader does not understand is printed as written."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        return text
    body = body[1:-1]
    pos = 0

    def token():
        nonlocal pos
        m = _LAYOUT_TOKEN.match(body, pos)
        if m is None:
            raise ValueError(body[pos:])
        pos = m.end()
        return m

    def shape(m) -> Shape:
        if m.group(4) is None:
            return _array_shape(m.group(1), m.group(2), m.group(3))
        if m.group(4) != "(":
            raise ValueError(m.group(4))
        elems = []
        m = token()
        while m.group(4) != ")":
            elems.append(shape(m))
            m = token()
            if m.group(4) == ",":
                m = token()
        return Shape.tuple(elems)

    try:
        m = token()
        if m.group(4) != "(":
            raise ValueError("(")
        params = []
        m = token()
        while m.group(4) != ")":
            params.append(shape(m))
            m = token()
            if m.group(4) == ",":
                m = token()
        if token().group(4) != "->":
            raise ValueError("->")
        result = shape(token())
        if body[pos:].strip():
            raise ValueError(body[pos:])
    except (ValueError, KeyError):
        return text
    parts = [f"/*index={i}*/{p.to_str()}" if i and i % 5 == 0 else p.to_str() for i, p in enumerate(params)]
    return "{(" + ", ".join(parts) + ")->" + result.to_str() + "}"


def _array_shape(etype: str, dims_text: str, layout_text: str | None) -> Shape:
    if etype not in ELEMENT_TYPES:
        raise KeyError(etype)
    dims, dynamic = [], []
    for d in (x.strip() for x in dims_text.split(",") if x.strip()):
        if d == "?":
            dims.append(-1)
            dynamic.append(True)
        elif d.startswith("<="):
            dims.append(int(d[2:]))
            dynamic.append(True)
        else:
            dims.append(int(d))
            dynamic.append(False)
    layout = None
    if layout_text is not None:
        m2m, colon, tail = layout_text.partition(":")
        layout = Layout(tuple(int(x) for x in m2m.split(",") if x.strip()), tail.strip())
    return Shape(etype, tuple(dims), layout, tuple(dynamic))


def entry_computation_layout(module: Module) -> str:
    """`(f32[2]{0}, s32[])->f32[2]{0}`: the entry's parameter and result shapes with layouts
    (ComputationLayout::Print; every fifth parameter gets an `/*index=N*/` comment)."""
    entry = module.entry
    params = []
    for i, p in enumerate(entry.parameters):
        text = p.shape.to_str()
        params.append(f"/*index={i}*/{text}" if i and i % 5 == 0 else text)
    return "(" + ", ".join(params) + ")->" + entry.root.shape.to_str()


# ------------------------------------------------------------------------------------ computations


class _Context:
    """Per-module facts the printer needs: which computations are async-wrapped or fusion bodies."""

    __slots__ = ("module", "opts", "async_wrapped", "fusion_bodies", "scheduled")

    def __init__(self, module: Module | None, opts: PrintOptions):
        self.module = module
        self.opts = opts
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
    opts = _options(style)
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
    if ctx.scheduled and comp not in ctx.fusion_bodies:
        order = comp.instructions
    else:
        order = instruction_print_order(comp)
    for instr in order:
        lines.append("  " + ("ROOT " if instr is comp.root else "") + _instruction(instr, ctx))
    tail = "}"
    if comp.execution_thread and comp.execution_thread != "main":
        tail += f', execution_thread="{c_escape(comp.execution_thread)}"'
    lines.append(tail)
    return "\n".join(lines)


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
    opts = _options(style)
    comp = instr.parent
    return _instruction(instr, _Context(comp.parent if comp is not None else None, opts))


def _name(name: str, opts: PrintOptions) -> str:
    return "%" + name if opts.percent else name


def _instruction(instr: Instruction, ctx: _Context) -> str:
    opts = ctx.opts
    opcode = instr.opcode
    wrapped = _sugar_wrapped(instr, ctx)
    if wrapped is not None:
        opcode = wrapped.opcode + opcode[5:]  # async-start -> custom-call-start
    parts = [f"{_name(instr.name, opts)} = {instr.shape.to_str()} {opcode}({_operands(instr, opts)})"]
    parts.extend(_attributes(instr, ctx, wrapped))
    return ", ".join(parts)


def _operands(instr: Instruction, opts: PrintOptions) -> str:
    if instr.opcode == "constant":
        if instr.literal is None:
            return "{...}"
        return format_literal(instr.literal, instr.shape, signed_zeros=not opts.xla)
    if instr.opcode == "parameter":
        return str(instr.parameter_number)
    out = []
    interval = opts.index_interval
    for i, o in enumerate(instr.operands):
        text = _name(o.name, opts)
        if opts.operand_shapes:
            text = o.shape.to_str() + " " + text
        if i and interval and i % interval == 0:
            text = f"/*index={i}*/" + text
        out.append(text)
    return ", ".join(out)


def _async_start(instr: Instruction) -> Instruction | None:
    cur = instr
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


def _sugar_wrapped(instr: Instruction, ctx: _Context) -> Instruction | None:
    """The wrapped instruction when this async op prints as `<op>-start/-update/-done` sugar."""
    if not ctx.opts.sugar or instr.opcode not in ("async-start", "async-update", "async-done"):
        return None
    comp = async_wrapped_computation(instr)
    if comp is None or not _single_instruction(comp):
        return None
    return comp.root


# ------------------------------------------------------------------------------------- attributes


class _Attrs:
    """An instruction's attributes being printed: `take` marks one as printed."""

    __slots__ = ("d", "done", "out", "opts")

    def __init__(self, d: dict, opts: PrintOptions):
        self.d = d
        self.done: set[str] = set()
        self.out: list[str] = []
        self.opts = opts

    def take(self, key: str):
        self.done.add(key)
        return self.d.get(key)

    def has(self, key: str) -> bool:
        return key in self.d

    def emit(self, key: str, text: str) -> None:
        self.out.append(f"{key}={text}")

    def value(self, key: str, default=None, omit_default: bool = False, always: bool = False) -> None:
        """Print `key`: canonical prints what the IR holds; XLA styles leave out `default` when
        `omit_default` and fill it in when `always`."""
        v = self.take(key)
        if not self.opts.xla:
            if v is not None:
                self.emit(key, _value(key, v, self.opts))
            return
        if v is None:
            if always and default is not None:
                self.emit(key, _value(key, default, self.opts))
            return
        if omit_default and _same(v, default):
            return
        self.emit(key, _value(key, v, self.opts))

    def flag(self, key: str) -> None:
        """A bool XLA prints only when true."""
        self.value(key, False, omit_default=True)

    def rest(self, skip=()) -> list[tuple[str, object]]:
        return [(k, v) for k, v in self.d.items() if k not in self.done and k not in skip]


def _same(v, default) -> bool:
    if isinstance(v, Raw):
        return v.text.strip() == str(default)
    return v == default


_TRAILING = ("origin", "metadata", "backend_config")


def _attributes(instr: Instruction, ctx: _Context, wrapped: Instruction | None) -> list[str]:
    opts = ctx.opts
    a = _Attrs(instr.attrs, opts)
    _extra_attributes(instr, a, ctx, wrapped)
    # Attributes hloc keeps that the XLA order above has no slot for.
    for k, v in a.rest(skip=_TRAILING):
        a.done.add(k)
        a.emit(k, _value(k, v, opts))
    v = a.take("origin")
    if v is not None:
        a.emit("origin", _value("origin", v, opts))
    v = a.take("metadata")
    if v is not None and opts.metadata:
        text = _metadata(v.text) if opts.xla and isinstance(v, Raw) else _value("metadata", v, opts)
        if text is not None:
            a.emit("metadata", text)
    v = a.take("backend_config")
    if v is not None:
        text = _backend_config(v, opts)
        if text is not None:
            a.emit("backend_config", text)
    return a.out


def _extra_attributes(instr: Instruction, a: _Attrs, ctx: _Context, wrapped: Instruction | None,
                      print_frontend_attributes: bool = True) -> None:
    """HloInstruction::PrintExtraAttributes: the opcode's own attributes, its called computations,
    then sharding, frontend_attributes, control-predecessors, statistics, result_accuracy."""
    opts = ctx.opts
    impl = _IMPLS.get(instr.opcode)
    if impl is not None:
        impl(instr, a)
    if instr.opcode == "async-start":
        a.value("async_execution_thread")
        if wrapped is not None:
            # The wrapped instruction's attributes, printed as if they were the start's own.
            w = _Attrs(wrapped.attrs, opts)
            _extra_attributes(wrapped, w, ctx, None,
                              print_frontend_attributes=not instr.attrs.get("frontend_attributes"))
            for k, v in w.rest(skip=_TRAILING + ("sharding", "frontend_attributes", "statistics")):
                w.emit(k, _value(k, v, opts))
            a.out.extend(w.out)
        a.value("output_to_operand_aliasing")
    elif instr.opcode == "async-update":
        if opts.xla:
            a.take("async_execution_thread")  # inherited from the start; XLA does not print it
        else:
            a.value("async_execution_thread")
        a.value("output_to_operand_aliasing")
    elif instr.opcode == "async-done" and opts.xla:
        a.take("async_execution_thread")
    _called_computations(instr, a, opts, wrapped)
    a.value("sharding")
    if print_frontend_attributes:
        a.value("frontend_attributes")
    else:
        a.take("frontend_attributes")
    if instr.control_predecessors and opts.control_deps:
        a.emit("control-predecessors", "{" + ", ".join(_name(p.name, opts) for p in instr.control_predecessors) + "}")
    a.value("statistics")
    a.value("result_accuracy")


_TO_APPLY_OPS = frozenset({"call", "map", "reduce-window", "reduce", "all-reduce", "reduce-scatter",
                           "all-reduce-start", "scatter", "sort", "scan"})


def _called_computations(instr: Instruction, a: _Attrs, opts: PrintOptions, wrapped) -> None:
    """The called-computation attributes of PrintExtraAttributes (kNameOnly mode)."""
    op = instr.opcode

    def ref(c) -> str:
        return _name(c.name, opts)

    def refs(cs) -> str:
        return "{" + ", ".join(ref(c) for c in cs) + "}"

    if op == "while":
        for key in ("condition", "body"):
            c = a.take(key)
            if c is not None:
                a.emit(key, ref(c))
    elif op == "select-and-scatter":
        for key in ("select", "scatter"):
            c = a.take(key)
            if c is not None:
                a.emit(key, ref(c))
    elif op == "conditional":
        for key in ("true_computation", "false_computation"):
            c = a.take(key)
            if c is not None:
                a.emit(key, ref(c))
        cs = a.take("branch_computations")
        if cs is not None:
            a.emit("branch_computations", refs(cs))
    elif op in _TO_APPLY_OPS:
        c = a.take("to_apply")
        if c is not None:
            a.emit("to_apply", ref(c))
        if op == "call":
            a.flag("is_composite")
    elif op == "custom-call":
        c = a.take("to_apply")
        cs = a.take("called_computations")
        if opts.xla:
            allc = ([c] if c is not None else []) + list(cs or [])
            if allc:
                a.emit("called_computations", refs(allc))
        else:
            if c is not None:
                a.emit("to_apply", ref(c))
            if cs is not None:
                a.emit("called_computations", refs(cs))
    elif op in ("async-start", "async-update", "async-done"):
        c = a.take("calls")
        if c is None:
            return
        if not opts.xla or (op == "async-start" and wrapped is None):
            a.emit("calls", ref(c))
    else:
        c = a.take("calls")
        if c is not None:
            a.emit("calls", refs(c)[1:-1] if isinstance(c, (list, tuple)) else ref(c))
        c = a.take("to_apply")
        if c is not None:
            a.emit("to_apply", ref(c))


# Per-opcode attributes in XLA's order (the ExtraAttributesToStringImpl / PrintExtraAttributesImpl
# overrides in hlo_instructions.cc).


def _dims_attr(a: _Attrs, key: str = "dimensions") -> None:
    a.value(key, (), always=True)


def _impl_parameter(instr, a):
    a.value("parameter_replication")


def _impl_compare(instr, a):
    a.value("direction")
    t = a.take("type")
    order = a.take("order")
    if not a.opts.xla:
        if t is not None:
            a.emit("type", t)
        if order is not None:
            a.emit("order", order)
        return
    etype = instr.operands[0].shape.etype if instr.operands else None
    if t is None and order == "TOTAL" and etype is not None and ELEMENT_TYPES[etype].kind in ("float", "complex"):
        t = "TOTALORDER"  # jax >= 0.12 spells the total order `order=TOTAL`
    if t is not None and (etype is None or t != _default_comparison_type(etype)):
        a.emit("type", t)


def _default_comparison_type(etype: str) -> str:
    kind = ELEMENT_TYPES[etype].kind
    if kind in ("float", "complex"):
        return "FLOAT"
    if kind == "sint":
        return "SIGNED"
    return "UNSIGNED"


def _channel(a: _Attrs) -> None:
    a.value("channel_id")


def _collective(a: _Attrs) -> None:
    _channel(a)
    a.value("replica_groups", Raw("{}"), always=True)
    a.flag("constrain_layout")


def _impl_all_gather(instr, a):
    _collective(a)
    _dims_attr(a)
    a.flag("use_global_device_ids")


def _impl_all_reduce(instr, a):
    _collective(a)
    a.flag("use_global_device_ids")
    if a.opts.xla:
        a.take("mode")  # XLA keeps the group mode implied by channel_id / use_global_device_ids
    else:
        a.value("mode")


def _impl_reduce_scatter(instr, a):
    _impl_all_reduce(instr, a)
    _dims_attr(a)


def _impl_all_to_all(instr, a):
    _collective(a)
    a.value("dimensions")


def _impl_collective_broadcast(instr, a):
    _collective(a)
    a.value("has_dynamic_root", False, always=True)


def _impl_collective_permute(instr, a):
    _channel(a)
    a.value("source_target_pairs", Raw("{}"), always=True)
    a.value("slice_sizes")


def _impl_send_recv(instr, a):
    _channel(a)
    a.flag("is_host_transfer")


def _impl_batch_norm(instr, a):
    a.value("epsilon")
    a.value("feature_index")


def _impl_fft(instr, a):
    a.value("fft_type")
    a.value("fft_length", (), always=True)


def _impl_triangular_solve(instr, a):
    # PrintAttributeProto(TriangularSolveOptions): the fields set to a non-default value.
    for key in ("left_side", "lower", "unit_diagonal"):
        a.flag(key)
    a.value("transpose_a")


def _impl_cholesky(instr, a):
    a.flag("lower")


def _impl_topk(instr, a):
    a.value("k")
    a.value("largest", True, always=True)
    a.value("is_stable", True, always=True)


def _impl_sort(instr, a):
    _dims_attr(a)
    a.flag("is_stable")


def _impl_scan(instr, a):
    _dims_attr(a)
    a.value("num_carries")
    a.flag("is_reverse")
    a.value("is_associative")


def _impl_reshape(instr, a):
    a.value("inferred_dimension", -1, omit_default=True)


def _impl_slice(instr, a):
    a.value("slice", (), always=True)


def _impl_fusion(instr, a):
    a.value("kind")
    a.value("output_to_operand_aliasing")


def _impl_rng(instr, a):
    a.value("distribution")


def _impl_gte(instr, a):
    a.value("index")


def _impl_reduce_precision(instr, a):
    a.value("exponent_bits")
    a.value("mantissa_bits")


def _impl_infeed(instr, a):
    a.value("infeed_config", "", omit_default=True)


def _impl_outfeed(instr, a):
    v = a.take("outfeed_shape")
    if v is None and a.opts.xla and len(instr.operands) > 0:
        v = instr.operands[0].shape
    if v is not None:
        a.emit("outfeed_shape", _value("outfeed_shape", v, a.opts))
    a.value("outfeed_config", "", omit_default=True)


def _window(a: _Attrs) -> None:
    w = a.take("window")
    if w is None:
        return
    if a.opts.xla and isinstance(w, Window) and not w.dims:
        return
    a.emit("window", _value("window", w, a.opts))


def _precision(a: _Attrs) -> None:
    p = a.take("operand_precision")
    if p is not None and (not a.opts.xla or any(x != "default" for x in p)):
        a.emit("operand_precision", _value("operand_precision", p, a.opts))
    a.value("algorithm", "unset", omit_default=True)


def _impl_convolution(instr, a):
    _window(a)
    a.value("dim_labels")
    a.value("feature_group_count", 1, omit_default=True)
    a.value("batch_group_count", 1, omit_default=True)
    a.value("convolution_kind", "unset", omit_default=True)
    _precision(a)
    a.value("sparsity_config")


def _impl_reduce_window(instr, a):
    _window(a)


def _impl_custom_call(instr, a):
    _window(a)
    a.value("dim_labels")
    a.value("feature_group_count", 1, omit_default=True)
    a.value("batch_group_count", 1, omit_default=True)
    _precision(a)
    a.value("padding_type")
    a.value("custom_call_target", "", always=True)
    a.value("operand_layout_constraints")
    a.flag("custom_call_has_side_effect")
    a.value("literal")
    a.value("output_to_operand_aliasing")
    a.value("schedule", "SCHEDULE_NONE", omit_default=True)
    a.value("api_version", "API_VERSION_ORIGINAL", omit_default=True)


def _impl_pad(instr, a):
    a.value("padding")


def _impl_dynamic_slice(instr, a):
    a.value("dynamic_slice_sizes", (), always=True)


def _impl_gather(instr, a):
    for key in ("offset_dims", "collapsed_slice_dims", "start_index_map"):
        a.value(key, (), always=True)
    for key in ("operand_batching_dims", "start_indices_batching_dims"):
        a.value(key, (), omit_default=True)
    a.value("index_vector_dim")
    a.value("slice_sizes", (), always=True)
    a.flag("indices_are_sorted")


def _impl_scatter(instr, a):
    for key in ("update_window_dims", "inserted_window_dims", "scatter_dims_to_operand_dims"):
        a.value(key, (), always=True)
    for key in ("input_batching_dims", "scatter_indices_batching_dims"):
        a.value(key, (), omit_default=True)
    a.value("index_vector_dim")
    a.flag("indices_are_sorted")
    a.flag("unique_indices")


def _impl_iota(instr, a):
    a.value("iota_dimension")


def _dot_dims(a: _Attrs) -> None:
    a.value("lhs_batch_dims", (), omit_default=True)
    a.value("lhs_contracting_dims", (), always=True)
    a.value("rhs_batch_dims", (), omit_default=True)
    a.value("rhs_contracting_dims", (), always=True)


def _impl_dot(instr, a):
    _dot_dims(a)
    _precision(a)


def _impl_ragged_dot(instr, a):
    _dot_dims(a)
    a.value("lhs_ragged_dims", (), omit_default=True)
    a.value("rhs_group_dims", (), omit_default=True)
    _precision(a)


def _impl_domain(instr, a):
    a.value("domain")


def _impl_rng_bit_generator(instr, a):
    a.value("algorithm")


def _impl_rng_state(instr, a):
    a.value("delta")


def _impl_copy_start(instr, a):
    a.value("cross_program_prefetch_index")


def _impl_dims(instr, a):
    _dims_attr(a)


_IMPLS = {
    "parameter": _impl_parameter,
    "compare": _impl_compare,
    "all-gather": _impl_all_gather, "all-gather-start": _impl_all_gather,
    "all-reduce": _impl_all_reduce, "all-reduce-start": _impl_all_reduce,
    "reduce-scatter": _impl_reduce_scatter,
    "all-to-all": _impl_all_to_all, "ragged-all-to-all": lambda i, a: _collective(a),
    "collective-broadcast": _impl_collective_broadcast,
    "collective-permute": _impl_collective_permute, "collective-permute-start": _impl_collective_permute,
    "send": _impl_send_recv, "send-done": _impl_send_recv, "recv": _impl_send_recv, "recv-done": _impl_send_recv,
    "batch-norm-training": _impl_batch_norm, "batch-norm-inference": _impl_batch_norm,
    "batch-norm-grad": _impl_batch_norm,
    "fft": _impl_fft,
    "triangular-solve": _impl_triangular_solve,
    "cholesky": _impl_cholesky,
    "topk": _impl_topk,
    "sort": _impl_sort,
    "scan": _impl_scan,
    "reshape": _impl_reshape,
    "slice": _impl_slice,
    "fusion": _impl_fusion,
    "rng": _impl_rng,
    "get-tuple-element": _impl_gte,
    "reduce-precision": _impl_reduce_precision,
    "infeed": _impl_infeed,
    "outfeed": _impl_outfeed,
    "convolution": _impl_convolution,
    "reduce-window": _impl_reduce_window,
    "select-and-scatter": _impl_reduce_window,
    "custom-call": _impl_custom_call,
    "pad": _impl_pad,
    "dynamic-slice": _impl_dynamic_slice,
    "gather": _impl_gather,
    "scatter": _impl_scatter,
    "iota": _impl_iota,
    "dot": _impl_dot, "scaled-dot": _impl_dot,
    "ragged-dot": _impl_ragged_dot,
    "domain": _impl_domain,
    "rng-bit-generator": _impl_rng_bit_generator,
    "rng-get-and-update-state": _impl_rng_state,
    "copy-start": _impl_copy_start,
    "broadcast": _impl_dims, "concatenate": _impl_dims, "reverse": _impl_dims, "transpose": _impl_dims,
    "reduce": _impl_dims, "map": _impl_dims, "get-dimension-size": _impl_dims, "set-dimension-size": _impl_dims,
}


# ----------------------------------------------------------------------------------------- values

_STRING_ATTRS = frozenset({"custom_call_target", "async_execution_thread", "infeed_config", "outfeed_config",
                           "execution_thread"})


def format_value(name: str, v, opts: PrintOptions | str = "canonical") -> str:
    """The text after `name=` for an attribute value of the IR."""
    return _value(name, v, _options(opts))


def _value(name: str, v, opts: PrintOptions) -> str:
    if isinstance(v, Raw):
        return _raw(name, v.text, opts)
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, float):
        return _float_attr(v, opts)
    if isinstance(v, str):
        if name in _STRING_ATTRS:
            return f'"{c_escape(v)}"'
        return v
    if isinstance(v, Computation):
        return _name(v.name, opts)
    if isinstance(v, Window):
        return str(v)
    if isinstance(v, ConvDimLabels):
        return str(v)
    if isinstance(v, Shape):
        return v.to_str()
    if isinstance(v, (list, tuple)):
        if not v:
            return "" if name == "padding" else "{}"
        first = v[0]
        if isinstance(first, Computation):
            return "{" + ", ".join(_name(c.name, opts) for c in v) + "}"
        if isinstance(first, Instruction):
            return "{" + ", ".join(_name(c.name, opts) for c in v) + "}"
        if isinstance(first, SliceRange):
            stride = any(r.stride != 1 for r in v)
            return "{" + ", ".join(f"[{r.start}:{r.limit}:{r.stride}]" if stride else f"[{r.start}:{r.limit}]"
                                   for r in v) + "}"
        if isinstance(first, PadDim):
            interior = any(p.interior for p in v)
            return "x".join(f"{p.lo}_{p.hi}_{p.interior}" if interior else f"{p.lo}_{p.hi}" for p in v)
        if isinstance(first, (tuple, list)):
            return "{" + ",".join("{" + ",".join(str(int(x)) for x in g) + "}" for g in v) + "}"
        if isinstance(first, str):
            return "{" + ",".join(v) + "}"
        return "{" + ",".join(str(int(x)) for x in v) + "}"
    raise TypeError(f"cannot print attribute {name}={v!r}")


def _float_attr(v: float, opts: PrintOptions) -> str:
    """XLA keeps these (epsilon) as f32 and prints them with absl::StrCat (6 significant digits);
    canonical output keeps every digit of the value hloc holds."""
    if opts.xla:
        return f"{float(np.float32(v)):g}"
    return repr(v)


def _raw(name: str, text: str, opts: PrintOptions) -> str:
    """Attribute values hloc keeps as written; the XLA styles print them in XLA's own form where
    hloc knows it (XLA prints the value it parsed, not the text it read)."""
    if not opts.xla:
        return text
    normalize = _RAW_NORMALIZERS.get(name)
    if normalize is not None:
        try:
            return normalize(text, opts)
        except ValueError:
            return text
    return text


def _no_space_list(text: str, opts) -> str:
    """`{{0, 1}, {2,3}}` -> `{{0,1},{2,3}}` (replica groups, source-target pairs, iota lists)."""
    t = text.strip()
    if t.startswith("mesh"):
        return t
    return re.sub(r"\s+", "", t)


_SHAPE_INDEX = r"\{\s*((?:-?\d+\s*(?:,\s*-?\d+\s*)*)?)\}"
_ALIAS_ENTRY = re.compile(_SHAPE_INDEX + r"\s*:\s*\(\s*(\d+)\s*,\s*" + _SHAPE_INDEX
                          + r"\s*(?:,\s*([\w-]+)\s*)?\)")
_DONOR_ENTRY = re.compile(r"\(\s*(\d+)\s*,\s*" + _SHAPE_INDEX + r"\s*\)")


def _index(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(",") if x.strip())


def _index_str(index: tuple[int, ...]) -> str:
    return "{" + ",".join(map(str, index)) + "}"


def _input_output_alias(text: str, opts) -> str:
    """HloInputOutputAliasConfig::ToShortString in `{ ... }`, entries in output-index order."""
    entries = []
    for m in _ALIAS_ENTRY.finditer(text):
        kind = m.group(4) or "may-alias"
        entries.append((_index(m.group(1)), f"{_index_str(_index(m.group(1)))}: ({int(m.group(2))}, "
                                            f"{_index_str(_index(m.group(3)))}, {kind})"))
    if len(entries) != text.count(":"):
        raise ValueError(text)
    entries.sort(key=lambda e: e[0])
    return "{ " + ", ".join(e for _, e in entries) + " }"


def _buffer_donor(text: str, opts) -> str:
    """HloBufferDonorConfig::ToShortString in `{ ... }`, ordered by parameter and index."""
    donors = sorted({(int(m.group(1)), _index(m.group(2))) for m in _DONOR_ENTRY.finditer(text)})
    return "{ " + ", ".join(f"({p}, {_index_str(i)})" for p, i in donors) + " }"


def _result_accuracy(text: str, opts) -> str:
    """`{mode=HIGHEST}` -> `{mode=highest}` (ResultAccuracyToString lower-cases the mode)."""
    m = re.fullmatch(r"\{\s*mode\s*=\s*(\w+)\s*\}", text.strip())
    return "{mode=" + m.group(1).lower() + "}" if m else text


_METADATA_ITEM = re.compile(r"""\s*([A-Za-z_]\w*)\s*=\s*("(?:[^"\\]|\\.)*"|\{[^{}]*\}|[^\s{}"]+)""", re.S)
_METADATA_STRINGS = ("op_type", "op_name", "source_file")
_METADATA_INTS = ("source_line", "source_end_line", "source_column", "source_end_column")


def _metadata(text: str) -> str | None:
    """OpMetadataToString: fields in XLA's order, empty ones left out; None when XLA prints no
    metadata at all (nothing but a deduplicated name or source position)."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        return text
    items = {}
    pos = 1
    end = len(body) - 1
    while body[pos:end].strip():
        m = _METADATA_ITEM.match(body, pos)
        if m is None or m.end() > end:
            return text
        items[m.group(1)] = m.group(2)
        pos = m.end()

    def string(key: str) -> str:
        v = items.pop(key, None)
        if v is None:
            return ""
        return c_unescape(v[1:-1]) if v.startswith('"') else v

    def integer(key: str) -> int:
        v = items.pop(key, "0")
        return int(v)

    try:
        op_type, op_name, source_file = (string(k) for k in _METADATA_STRINGS)
        ints = [integer(k) for k in _METADATA_INTS]
        profile = items.pop("profile_type", "{}")
        dedup = string("deduplicated_name")
        scheduling = string("scheduling_name")
        frame = integer("stack_frame_id")
        payload = items.pop("metadata_payload", None)
    except ValueError:
        return text
    if items:
        return text  # a field this printer does not know: keep the text as written
    if not (op_type or op_name or source_file or scheduling or frame or payload is not None):
        return None
    out = [f'{k}="{c_escape(v)}"' for k, v in zip(_METADATA_STRINGS, (op_type, op_name, source_file)) if v]
    out += [f"{k}={v}" for k, v in zip(_METADATA_INTS, ints) if v]
    if profile.strip("{} "):
        out.append("profile_type={" + ",".join(x.strip() for x in profile.strip("{}").split(",")) + "}")
    if dedup:
        out.append(f'deduplicated_name="{c_escape(dedup)}"')
    if scheduling:
        out.append(f'scheduling_name="{scheduling}"')
    if frame:
        out.append(f"stack_frame_id={frame}")
    if payload is not None:
        out.append(f"metadata_payload={payload}")
    return "{" + " ".join(out) + "}"


def _sharding(text: str, opts) -> str:
    """HloSharding::Print: tuple shardings as `{a, b}`; no `metadata=` in the short style."""
    if not opts.metadata and "metadata=" in text:
        text = _strip_sharding_metadata(text)
    t = text.strip()
    if t.startswith("{") and t[1:].lstrip().startswith("{"):
        elems = _split_top(t[1:-1])
        if elems is not None:
            return "{" + ", ".join(e.strip() for e in elems) + "}"
    return text


def _split_top(text: str) -> list[str] | None:
    """Split at top-level commas (outside braces, brackets and strings)."""
    parts, depth, start, in_str, i = [], 0, 0, False, 0
    while i < len(text):
        c = text[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "{[(":
            depth += 1
        elif c in "}])":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return parts if depth == 0 else None


_FRONTEND_KEY = re.compile(r"\s*([A-Za-z_][\w.\-]*)\s*=\s*")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


def _frontend_attributes(text: str, opts) -> str:
    """FrontendAttributesToString: keys sorted, JSON-dict values bare, others quoted."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise ValueError(text)
    items: dict[str, str] = {}
    pos, end = 1, len(body) - 1
    while body[pos:end].strip():
        m = _FRONTEND_KEY.match(body, pos)
        if m is None:
            raise ValueError(text)
        pos = m.end()
        if body.startswith('"', pos):
            q = _QUOTED.match(body, pos)
            if q is None:
                raise ValueError(text)
            value = c_unescape(q.group()[1:-1])
            pos = q.end()
        elif body.startswith("{", pos):
            close = _json_dict_end(body, pos)
            value = body[pos:close]
            pos = close
        else:
            raise ValueError(text)
        items[m.group(1)] = value
        rest = body[pos:end].lstrip()
        if rest.startswith(","):
            pos = end - len(rest) + 1
        elif rest:
            raise ValueError(text)
    return "{" + ",".join(f"{k}={v}" if _lexes_as_json_dict(v) else f'{k}="{c_escape(v)}"'
                          for k, v in sorted(items.items())) + "}"


def _json_dict_end(s: str, start: int) -> int:
    """Offset just past the `}` closing the JSON dict at `start` (strings skipped)."""
    depth = 0
    i = start
    while i < len(s):
        c = s[i]
        if c == '"':
            q = _QUOTED.match(s, i)
            if q is None:
                raise ValueError(s)
            i = q.end()
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError(s)


_RAW_NORMALIZERS = {
    "frontend_attributes": _frontend_attributes,
    "replica_groups": _no_space_list,
    "source_target_pairs": _no_space_list,
    "input_output_alias": _input_output_alias,
    "buffer_donor": _buffer_donor,
    "result_accuracy": _result_accuracy,
    "sharding": _sharding,
}


_SHARDING_METADATA = re.compile(r"\s*metadata=\{")


def _strip_sharding_metadata(text: str) -> str:
    """HloSharding::Print(print_metadata=false): the shardings without their `metadata={...}`."""
    out = []
    pos = 0
    while True:
        m = _SHARDING_METADATA.search(text, pos)
        if m is None:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos : m.start()])
        depth = 0
        i = m.end() - 1
        in_str = False
        while i < len(text):
            c = text[i]
            if in_str:
                if c == "\\":
                    i += 1
                elif c == '"':
                    in_str = False
            elif c == '"':
                in_str = True
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        pos = i + 1


def _backend_config(v, opts: PrintOptions) -> str | None:
    """backend_config: JSON-like dicts bare, anything else as a C-escaped string (XLA's rule)."""
    if not isinstance(v, Raw):
        return f'"{c_escape(str(v))}"'
    text = v.text
    if not opts.xla:
        return text
    t = text.strip()
    if t[:1] in "\"'":
        body = c_unescape(t[1:-1])
    else:
        body = t
    if not body:
        return None
    if _lexes_as_json_dict(body):
        return body
    return f'"{c_escape(body)}"'


def _lexes_as_json_dict(s: str) -> bool:
    """XLA's LexesAsJsonDict: `{` ... matching `}` at the end, braces balanced outside strings."""
    s = s.lstrip()
    if not s.startswith("{"):
        return False
    depth = 0
    in_str = False
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return s[i + 1 :].strip() == ""
        i += 1
    return False
