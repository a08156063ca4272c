"""The inline builder: engine.py calls these methods as it reduces grammar rules (one method per rule
or alias of grammars/hlo.lark, with the rule's children as arguments, None for an absent `[x]`), and
they build the IR directly (no parse tree). Instructions are created in text order, so operand
names resolve against what the computation has defined so far, exactly as in XLA's parser.

Token values (see lexer.py): names, opcodes and integers arrive as (text, offset); `constant(...)` as
(literal text, its offset, the keyword's offset); shapes as Shape; attributes as a list of (name,
value text, name offset, value offset).
"""

from __future__ import annotations

import re

from ..errors import did_you_mean
from ..ir import shape_inference
from ..ir.attrs import COMMON_ATTRS, COMPUTATION_ATTRS, ENUMS, MODULE_ATTRS, Attr, attrs_for
from ..ir.module import Computation, Instruction, Module, Source
from ..ir.opcodes import ARITY, NATIVE_ASYNC_PAIRS, OPCODES
from ..ir.types import Shape
from . import values
from .naming import NameUniquer, sanitize, uniquify_module_names
from .values import Ctx


class _IntOperand:
    """`parameter(3)`: an integer where operands go."""

    __slots__ = ("value", "offset")

    def __init__(self, value: int, offset: int):
        self.value = value
        self.offset = offset


class _ParserNames:
    """XLA's parser-wide name uniquer, fed lazily: every instruction name is noted (a list append), and
    the NameUniquer sees them, in order, only when a nested instruction needs an `<opcode>.anon` name
    (rare outside hand-written HLO). The names it gives are those of feeding it every name at once."""

    __slots__ = ("uniquer", "pending")

    def __init__(self) -> None:
        self.uniquer = NameUniquer()
        self.pending: list[str] = []

    def unique(self, prefix: str) -> str:
        for name in self.pending:
            self.uniquer.unique(name)
        self.pending.clear()
        return self.uniquer.unique(prefix)


_REQUIRED: dict[str, tuple[str, ...]] = {}


def _required_attrs(opcode: str, spec: dict[str, Attr]) -> tuple[str, ...]:
    req = _REQUIRED.get(opcode)
    if req is None:
        req = _REQUIRED[opcode] = tuple(name for name, a in spec.items() if a.required)
    return req


class HloBuilder:
    def __init__(self, source: Source, parse_inline=None):
        self.src = source
        self.ctx = Ctx(source.filename, source.text)
        self.hlo_module = Module("")
        self.hlo_module.src = source
        self.comps: dict[str, Computation] = {}
        self.comp: Computation | None = None
        self.scope: dict[str, Instruction] = {}
        self.roots: list[Instruction] = []
        self.entries: list[tuple[Computation, int]] = []
        self.has_header = False
        self.int_operands = 0  # integers seen as operands since the last instruction
        self.names = _ParserNames()  # names seen so far, for `<opcode>.anon` names
        # callback: (builder, start, end) -> Computation, parses an inline `{ ... }` body
        self.parse_inline = parse_inline

    def error(self, offset: int, message: str):
        return self.ctx.error(offset, message)

    # ---------------------------------------------------------------------------------- module level
    def module(self, header, stack_frames, computations) -> Module:
        m = self.hlo_module
        if stack_frames is not None:
            m.stack_frames = stack_frames
        if len(self.entries) > 1:
            raise self.error(self.entries[1][1], "expected only one ENTRY computation, found a second one")
        m.entry = self.entries[0][0] if self.entries else m.computations[-1]
        m.entry.is_entry = True
        uniquify_module_names(m)
        if not self.has_header:
            m.name = "module_" + m.entry.name
        return m

    def header(self, keyword, name, attrs) -> None:
        self.has_header = True
        self.hlo_module.name = name[0]
        if attrs:
            self.hlo_module.attrs = self.decode_attrs(attrs, MODULE_ATTRS, "module")

    def comp_head(self, entry, name, signature):
        cname, pos = name
        if cname in self.comps:
            raise self.error(pos, f"computation '{cname}' is already defined (at line "
                                  f"{self.src.loc(self.comps[cname].offset).line})")
        comp = Computation(cname)
        comp.src, comp.offset = self.src, pos
        if entry is not None:
            self.entries.append((comp, entry))
        self.comp = comp
        self.scope = {}
        self.roots = []
        return comp, signature, pos

    def signature(self, params, result: Shape):
        return params or [], result

    def param(self, name, shape: Shape):
        return name[0], shape, name[1]

    def computation(self, head, instructions, attrs) -> Computation:
        comp, sig, offset = head
        self.finish_computation(comp, sig, offset)
        if attrs:
            decoded = self.decode_attrs(attrs, COMPUTATION_ATTRS, "computation")
            comp.execution_thread = decoded.get("execution_thread")
        self.comps[comp.name] = comp
        comp.parent = self.hlo_module
        self.hlo_module.computations.append(comp)
        self.comp = None
        return comp

    def inline_body(self, instructions):
        return instructions

    def finish_computation(self, comp: Computation, sig, offset: int) -> None:
        if len(self.roots) > 1:
            raise self.error(self.roots[1].offset, f"computation '{comp.name}' has a second ROOT instruction "
                                                   f"(the first is '{self.roots[0].name}')")
        comp.root = self.roots[0] if self.roots else comp.instructions[-1]
        params = comp.parameters
        for i, p in enumerate(params):
            if p.parameter_number != i:
                numbers = [q.parameter_number for q in params]
                what = "a duplicate" if numbers.count(p.parameter_number) > 1 else "a gap"
                raise self.error(p.offset, f"computation '{comp.name}' has parameters {numbers}: {what} at "
                                           f"parameter({p.parameter_number}); expected parameter numbers "
                                           f"0..{len(params) - 1}")
        if sig is not None:
            # Like XLA, only the result is checked: signature parameters are documentation.
            _, result = sig
            if not result.compatible(comp.root.shape):
                raise self.error(offset, f"computation '{comp.name}' returns {result.to_str(False)} in its "
                                         f"signature, but its root '{comp.root.name}' has shape "
                                         f"{comp.root.shape.to_str(False)}")

    # ------------------------------------------------------------------------------------- shapes
    def array_shape(self, shape: Shape) -> Shape:
        return shape

    def tuple_shape(self, shapes) -> Shape:
        return Shape.tuple(shapes or ())

    # ----------------------------------------------------------------------------------- operands
    def named_operand(self, shape, name, gte) -> Instruction:
        text, pos = name
        instr = self.scope.get(text)
        if instr is None:
            raise self.error(pos, f"use of undefined instruction '{text}'{did_you_mean(text, self.scope)}")
        if gte is not None:
            instr = self.compact_gte(instr, gte[0], gte[1])
        if shape is not None and shape is not instr.shape and not shape.compatible(instr.shape):
            raise self.error(pos, f"operand '{text}' is declared as {shape.to_str(False)}, "
                                  f"but it has shape {instr.shape.to_str(False)}")
        return instr

    def compact_gte(self, instr: Instruction, text: str, offset: int) -> Instruction:
        """`%t#1#0`: get-tuple-element chains, created once per spelling and reused (as XLA does,
        keyed `t#1`, `t#1#0` in the scope; named `t_1`, `t_1_0`, made unique with the module)."""
        key = instr.name
        for idx in text[1:].split("#"):
            i = int(idx)
            if not instr.shape.is_tuple or i >= len(instr.shape.tuple_shapes):
                raise self.error(offset, f"'{instr.name}' has shape {instr.shape.to_str(False)}; "
                                         f"it has no tuple element {i}")
            key = f"{key}#{i}"
            existing = self.scope.get(key)
            if existing is None:
                existing = Instruction("get-tuple-element", instr.shape.tuple_shapes[i], [instr], {"index": i})
                existing.src, existing.offset = self.src, offset
                self.scope[key] = existing
                existing.name = sanitize(key)
                assert self.comp is not None
                existing.parent = self.comp
                self.comp.instructions.append(existing)
            instr = existing
        return instr

    def nested_operand(self, shape, opcode, operands) -> Instruction:
        return self.build(None, None, shape, opcode, operands, None)

    def nested_constant(self, shape, constant) -> Instruction:
        return self.build_constant(None, None, shape, constant, None)

    def int_operand(self, tok) -> _IntOperand:
        self.int_operands += 1
        return _IntOperand(int(tok[0]), tok[1])

    # ------------------------------------------------------------------------------- instructions
    def instruction(self, root, name, shape, opcode, operands, attrs) -> Instruction:
        return self.build(root, name, shape, opcode, operands, attrs)

    def constant_instruction(self, root, name, shape, constant, attrs) -> Instruction:
        return self.build_constant(root, name, shape, constant, attrs)

    def add_instruction(self, instr: Instruction, name: str, offset: int) -> None:
        comp = self.comp
        assert comp is not None  # (instructions are only built inside a computation)
        if name in self.scope:
            first = self.scope[name]
            raise self.error(offset, f"duplicate instruction name '{name}' in computation '{comp.name}' "
                                     f"(first defined at line {self.src.loc(first.offset).line})")
        self.scope[name] = instr
        comp._names.add(name)
        instr.name = name
        instr.parent = comp
        comp.instructions.append(instr)

    def build_constant(self, root, name, shape, constant, attrs) -> Instruction:
        literal, literal_offset, offset = constant
        if shape is None:
            raise self.error(offset, "a constant needs an explicit shape, e.g. f32[] constant(1)")
        instr = Instruction("constant", shape)
        instr.literal = values.parse_literal(literal, shape, literal_offset, self.ctx, raw_bf16=True)
        if attrs:
            instr.attrs = self.decode_attrs(attrs, attrs_for("constant"), "constant", offset)
        return self.finish_instruction(instr, root, name, offset)

    def build(self, root, name, shape, opcode, operands, attrs) -> Instruction:
        op, offset = opcode
        if operands is None:
            operands = []
        if op not in OPCODES:
            base, dash, suffix = op.rpartition("-")
            if dash and suffix in ("start", "update", "done") and base in OPCODES and base not in NATIVE_ASYNC_PAIRS:
                self.check_int_operands(operands)
                instr = self.build_async_sugar(base, f"async-{suffix}", shape, operands, attrs or [], offset)
                return self.finish_instruction(instr, root, name, offset)
            raise self.error(offset, f"unknown opcode '{op}'{did_you_mean(op, OPCODES)}")
        param_no = None
        if op == "parameter":
            if len(operands) != 1 or not isinstance(operands[0], _IntOperand):
                raise self.error(offset, "expected parameter(N) with a parameter number N")
            param_no = operands[0].value
            if param_no < 0:
                raise self.error(operands[0].offset, f"parameter number must be >= 0, found {param_no}")
            self.int_operands = 0
            operands = []
        else:
            self.check_int_operands(operands)
        arity = ARITY.get(op)
        if arity is not None and len(operands) != arity:
            raise self.error(offset, f"'{op}' takes {arity} operand{'s' if arity != 1 else ''}, "
                                     f"found {len(operands)}")
        spec = attrs_for(op)
        decoded = self.decode_attrs(attrs, spec, op, offset) if attrs else {}
        required = _required_attrs(op, spec)
        if required:
            for a in required:
                if a not in decoded:
                    raise self.error(offset, f"'{op}' requires the attribute '{a}='")
        if shape is None:
            try:
                shape = shape_inference.infer_shape(op, [o.shape for o in operands], decoded)
            except shape_inference.ShapeError as e:
                raise self.error(offset, f"cannot infer the shape of '{op}': {e}; write the result shape "
                                         "before the opcode") from None
        instr = Instruction(op, shape, operands, decoded)
        instr.parameter_number = param_no
        return self.finish_instruction(instr, root, name, offset)

    def check_int_operands(self, operands) -> None:
        if self.int_operands:
            self.int_operands = 0
            for o in operands:
                if isinstance(o, _IntOperand):
                    raise self.error(o.offset, f"expected an operand name, found the integer {o.value}")

    def finish_instruction(self, instr: Instruction, root, name, op_offset: int) -> Instruction:
        preds = instr.attrs.pop("control-predecessors", None) if instr.attrs else None
        if name is None:  # a nested operand
            offset = op_offset
            iname = self.names.unique(f"{instr.opcode}.anon")
        else:
            iname, offset = name
            self.names.pending.append(iname)
        instr.src = self.src
        instr.offset = offset
        self.add_instruction(instr, iname, offset)
        if preds:
            for p in preds:
                instr.add_control_predecessor(p)
        if root is not None:
            self.roots.append(instr)
        if instr.opcode == "async-start" and isinstance(instr.attrs.get("calls"), Computation):
            set_execution_thread(instr.attrs["calls"], instr.attrs.get("async_execution_thread") or "main")
        if instr.opcode == "fusion" and isinstance(instr.attrs.get("calls"), Computation):
            instr.attrs["calls"].is_fusion = True  # passes that skip fused computations see it after a reparse
        return instr

    def build_async_sugar(self, wrapped: str, opcode: str, shape, operands, attrs, offset) -> Instruction:
        """`foo-start(...)` is async-start calling a generated computation that holds one `foo`."""
        if shape is None:
            raise self.error(offset, f"async op '{wrapped}-{opcode[6:]}' needs an explicit shape")
        if opcode == "async-start":
            if not (shape.is_tuple and len(shape.tuple_shapes) >= 2 and shape.tuple_shapes[0].is_tuple):
                raise self.error(offset, "async start shape must be ((operand shapes...), output shape, ...)")
            # As in XLA's parser, the attributes are read once for both instructions: the wrapped
            # op's own go to it, async_execution_thread, sharding and control-predecessors to the
            # start, metadata-like ones to both; output_to_operand_aliasing belongs to the wrapped op
            # when it takes one (custom-call, fusion), else to the start.
            spec = {**attrs_for(opcode), **attrs_for(wrapped)}
            spec.pop("calls", None)
            both = self.decode_attrs(attrs, spec, wrapped)
            for a in _required_attrs(wrapped, attrs_for(wrapped)):
                if a not in both:
                    raise self.error(offset, f"'{wrapped}' requires the attribute '{a}='")
            start_keys = {"async_execution_thread", "sharding", "control-predecessors", "parameter_replication"}
            if "output_to_operand_aliasing" not in attrs_for(wrapped):
                start_keys.add("output_to_operand_aliasing")
            shared = {"metadata", "backend_config", "frontend_attributes", "statistics", "origin"}
            inner_attrs = {k: v for k, v in both.items() if k not in start_keys}
            comp = Computation("async_wrapped")  # XLA's name; made unique with the module
            comp.src, comp.offset = self.src, offset
            params = []
            for i, s in enumerate(shape.tuple_shapes[0].tuple_shapes):
                p = Instruction("parameter", s, name="async_param")
                p.parameter_number = i
                params.append(p)
            root = Instruction(wrapped, shape.tuple_shapes[1], params, inner_attrs)
            for instr in [*params, root]:
                instr.parent = comp
                instr.src, instr.offset = self.src, offset
                comp.instructions.append(instr)
            comp.root = root
            comp.parent = self.hlo_module
            self.hlo_module.computations.append(comp)
            decoded = {"calls": comp, **{k: v for k, v in both.items() if k in start_keys or k in shared}}
            return Instruction(opcode, shape, operands, decoded)
        decoded = self.decode_attrs(attrs, attrs_for(opcode), opcode)
        if operands:
            start = operands[0]
            while start.opcode != "async-start" and start.operands:
                start = start.operands[0]
            if "calls" in start.attrs:
                decoded.setdefault("calls", start.attrs["calls"])
        return Instruction(opcode, shape, operands, decoded)

    # ---------------------------------------------------------------------------------- attributes
    def decode_attrs(self, attrs, spec: dict[str, Attr], what: str, offset: int | None = None) -> dict:
        """Decode (name, value text, name offset, value offset) items against `spec`."""
        out: dict = {}
        is_instr = spec is not MODULE_ATTRS and spec is not COMPUTATION_ATTRS
        decoders = values.SIMPLE_DECODERS
        ctx = self.ctx
        for name, text, npos, vpos in attrs:
            a = spec.get(name)
            if a is None and is_instr:
                a = COMMON_ATTRS.get(name)
            if a is None:
                allowed = list(spec) + (list(COMMON_ATTRS) if is_instr else [])
                raise self.error(npos, f"unknown attribute '{name}' for {what}{did_you_mean(name, allowed)}")
            if name in out:
                raise self.error(npos, f"attribute '{name}' is given more than once")
            dec = decoders.get(a.kind)
            out[name] = dec(text, vpos, ctx) if dec is not None else self.decode_value(a.kind, name, text, vpos)
        return out

    def decode_value(self, kind: str, name: str, value: str, offset: int):
        if kind in ENUMS:
            return values.decode_enum(kind, value, offset, self.ctx)
        if kind == "computation":
            return self.lookup_computation(value, offset)
        lead = len(value) - len(value.lstrip())
        body = value.strip()
        if not (body.startswith("{") and body.endswith("}")):
            what = "computations" if kind == "computations" else "instruction names"
            raise self.error(offset + lead, f"expected a list of {what} in braces, e.g. {{%a, %b}}, "
                                            f"found '{body[:40]}'")
        out: list[Instruction | Computation] = []
        for m in re.finditer(r"[^\s,{}]+", body[1:-1]):
            pos = offset + lead + 1 + m.start()
            if kind == "computations":
                out.append(self.lookup_computation(m.group(), pos))
                continue
            n = m.group().lstrip("%")
            instr = self.scope.get(n)
            if instr is None:
                raise self.error(pos, f"control predecessor '{n}' is not defined before this instruction"
                                      f"{did_you_mean(n, self.scope)}")
            out.append(instr)
        return out

    def lookup_computation(self, text: str, offset: int) -> Computation:
        lead = len(text) - len(text.lstrip())
        t = text.strip()
        if t.startswith("{"):
            if self.parse_inline is None:
                raise self.error(offset + lead, "inline computations are not allowed here")
            return self.parse_inline(self, offset + lead, offset + lead + len(t))
        name = t.lstrip("%")
        comp = self.comps.get(name)
        if comp is None:
            later = re.search(r"(?m)^[ \t]*(?:ENTRY[ \t]+)?%?" + re.escape(name) + r"[ \t]*[({]", self.src.text)
            if later is not None and later.start() > offset:
                line = self.src.loc(later.start()).line
                raise self.error(offset + lead, f"computation '{name}' is used before its definition (line "
                                                f"{line}); called computations must be defined first")
            raise self.error(offset + lead, f"computation '{name}' is not defined before its use"
                                            f"{did_you_mean(name, self.comps)}")
        return comp


def set_execution_thread(comp: Computation, thread: str) -> None:
    """What XLA's async-start does to the computation it wraps (SetThreadName): the computation,
    the computations it calls and the async ops in them run on the start's execution thread."""
    comp.execution_thread = None if thread == "main" else thread
    for instr in comp.instructions:
        if instr.opcode == "async-start":
            if thread == "main":
                instr.attrs.pop("async_execution_thread", None)
            else:
                instr.attrs["async_execution_thread"] = thread
        for callee in instr.called_computations:
            set_execution_thread(callee, thread)
