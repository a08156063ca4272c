"""The inline transformer: Lark calls these methods as it reduces grammar rules, and they build the
IR directly (no parse tree). Instructions are created in text order, so operand names resolve
against what the computation has defined so far, exactly as in XLA's parser."""

from __future__ import annotations

from lark import Token, Transformer

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


class HloBuilder(Transformer):
    def __init__(self, source: Source, parse_inline=None):
        super().__init__(visit_tokens=False)
        self.src = source
        self.ctx = Ctx(source.filename, source.text)
        self.hlo_module = Module("")
        self.hlo_module.src = source
        self.comps: dict[str, Computation] = {}
        self.comp: Computation | None = None
        self.scope: dict[str, Instruction] = {}
        self.roots: list[Instruction] = []
        self.entries: list[tuple[Computation, int]] = []
        self.names = NameUniquer()  # XLA's parser-wide uniquer: names seen so far, `<opcode>.anon`
        self.parse_inline = parse_inline  # callback: (text, offset, builder) -> Computation

    def error(self, offset: int, message: str):
        return self.ctx.error(offset, message)

    # ---------------------------------------------------------------------------------- module level
    def start(self, children):
        return children[0]

    def inline_body(self, children):
        return children

    def module(self, children):
        m = self.hlo_module
        if not self.comps:
            raise self.error(len(self.src.text), "expected at least one computation")
        for c in children:
            if isinstance(c, Token) and c.type == "STACK_FRAMES":
                m.stack_frames = str(c)
        if len(self.entries) > 1:
            raise self.error(self.entries[1][1], "expected only one ENTRY computation")
        m.entry = self.entries[0][0] if self.entries else m.computations[-1]
        m.entry.is_entry = True
        uniquify_module_names(m)
        if not m.name:
            m.name = "module_" + m.entry.name if not self.has_header else m.name
        return m

    has_header = False

    def header(self, children):
        self.has_header = True
        self.hlo_module.name = str(children[1])
        self.hlo_module.attrs = self.decode_attrs(children[2:], MODULE_ATTRS, "module")
        return None

    def comp_head(self, children):
        is_entry = False
        sig = None
        name_tok = None
        for c in children:
            if isinstance(c, Token):
                if c.type == "ENTRY":
                    is_entry = True
                elif c.type == "NAME":
                    name_tok = c
            else:
                sig = c
        name = str(name_tok)
        if name in self.comps:
            raise self.error(name_tok.start_pos, f"computation '{name}' is already defined")
        comp = Computation(name)
        comp.src, comp.offset = self.src, name_tok.start_pos
        if is_entry:
            self.entries.append((comp, name_tok.start_pos))
        self.comp = comp
        self.scope = {}
        self.roots = []
        return (comp, sig, name_tok.start_pos)

    def signature(self, children):
        params = [c for c in children if isinstance(c, tuple)]
        result = children[-1]
        assert isinstance(result, Shape)
        return (params, result)

    def param(self, children):
        return (str(children[0]), children[1], children[0].start_pos)

    def computation(self, children):
        comp, sig, offset = children[0]
        attr_toks = [c for c in children[1:] if isinstance(c, Token) and c.type == "ATTR"]
        self.finish_computation(comp, sig, offset)
        for k, v in self.decode_attrs(attr_toks, COMPUTATION_ATTRS, "computation").items():
            if k == "execution_thread":
                comp.execution_thread = v
        self.comps[comp.name] = comp
        comp.parent = self.hlo_module
        self.hlo_module.computations.append(comp)
        self.comp = None
        return comp

    def finish_computation(self, comp: Computation, sig, offset: int) -> None:
        if len(self.roots) > 1:
            raise self.error(self.roots[1].offset, "a computation can have only one ROOT instruction")
        if not comp.instructions:
            raise self.error(offset, f"computation '{comp.name}' has no instructions")
        comp.root = self.roots[0] if self.roots else comp.instructions[-1]
        params = comp.parameters
        for i, p in enumerate(params):
            if p.parameter_number != i:
                raise self.error(p.offset, f"computation '{comp.name}' has parameters "
                                           f"{[q.parameter_number for q in params]}; expected 0..{len(params) - 1}")
        if sig is not None:
            # Like XLA, only the result is checked: signature parameters are documentation.
            sig_params, result = sig
            if not result.compatible(comp.root.shape):
                raise self.error(offset, f"computation '{comp.name}' returns {result.to_str(False)} in its "
                                         f"signature, but its root has shape {comp.root.shape.to_str(False)}")

    # ------------------------------------------------------------------------------------- shapes
    def shape(self, children):
        tok = children[0]
        return values.parse_array_shape(str(tok), tok.start_pos, self.ctx)

    def tuple_shape(self, children):
        return Shape.tuple(c for c in children if isinstance(c, Shape))

    # ----------------------------------------------------------------------------------- operands
    def named_operand(self, children):
        shape = None
        gte = None
        for c in children:
            if isinstance(c, Shape):
                shape = c
            elif c.type == "NAME":
                name_tok = c
            elif c.type == "GTE":
                gte = c
        instr = self.scope.get(str(name_tok))
        if instr is None:
            raise self.error(name_tok.start_pos, f"use of undefined instruction '{name_tok}'"
                                                 f"{did_you_mean(str(name_tok), self.scope)}")
        if gte is not None:
            instr = self.compact_gte(instr, str(gte), gte.start_pos)
        if shape is not None and not shape.compatible(instr.shape):
            raise self.error(name_tok.start_pos, f"operand '{name_tok}' is declared as {shape.to_str(False)}, "
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
                existing.parent = self.comp
                self.comp.instructions.append(existing)
            instr = existing
        return instr

    def nested_operand(self, children):
        return self.build(children, nested=True)

    def nested_constant(self, children):
        return self.build_constant(children, nested=True)

    def int_operand(self, children):
        tok = children[0]
        return _IntOperand(int(tok), tok.start_pos)

    # ------------------------------------------------------------------------------- instructions
    def instruction(self, children):
        return self.build(children, nested=False)

    def constant_instruction(self, children):
        return self.build_constant(children, nested=False)

    def add_instruction(self, instr: Instruction, name: str, offset: int) -> None:
        if name in self.scope:
            raise self.error(offset, f"duplicate instruction name '{name}' in computation '{self.comp.name}'")
        self.scope[name] = instr
        self.comp._names.add(name)
        instr.name = name
        instr.parent = self.comp
        self.comp.instructions.append(instr)

    def split(self, children):
        """(is_root, name_tok, shape, opcode_tok, operands, attr_toks) from an instruction's children."""
        is_root = False
        name_tok = None
        shape = None
        opcode_tok = None
        operands = []
        attrs = []
        for c in children:
            if isinstance(c, Token):
                t = c.type
                if t == "ATTR":
                    attrs.append(c)
                elif t in ("OPCODE", "CONSTANT"):
                    opcode_tok = c
                elif t == "NAME":
                    name_tok = c
                elif t == "ROOT":
                    is_root = True
                elif t == "LITERAL":
                    operands.append(c)
            elif c is None:
                continue
            elif isinstance(c, Shape):
                if opcode_tok is None:
                    shape = c
            else:
                operands.append(c)
        return is_root, name_tok, shape, opcode_tok, operands, attrs

    def build_constant(self, children, nested: bool) -> Instruction:
        is_root, name_tok, shape, op_tok, operands, attr_toks = self.split(children)
        lit_tok = operands[0]
        if shape is None:
            raise self.error(op_tok.start_pos, "a constant needs an explicit shape, e.g. f32[] constant(1)")
        instr = Instruction("constant", shape)
        instr.literal = values.parse_literal(str(lit_tok), shape, lit_tok.start_pos, self.ctx)
        return self.finish_instruction(instr, is_root, name_tok, op_tok, attr_toks, nested)

    def build(self, children, nested: bool) -> Instruction:
        is_root, name_tok, shape, op_tok, operands, attr_toks = self.split(children)
        opcode = str(op_tok)
        offset = op_tok.start_pos
        wrapped = None
        if opcode not in OPCODES:
            base, dash, suffix = opcode.rpartition("-")
            if dash and suffix in ("start", "update", "done") and base in OPCODES and base not in NATIVE_ASYNC_PAIRS:
                wrapped, opcode = base, f"async-{suffix}"
            else:
                raise self.error(offset, f"unknown opcode '{opcode}'{did_you_mean(opcode, OPCODES)}")
        param_no = None
        if opcode == "parameter":
            if len(operands) != 1 or not isinstance(operands[0], _IntOperand):
                raise self.error(offset, "expected parameter(N) with a parameter number N")
            param_no = operands[0].value
            if param_no < 0:
                raise self.error(operands[0].offset, f"parameter number must be >= 0, found {param_no}")
            operands = []
        else:
            for o in operands:
                if isinstance(o, _IntOperand):
                    raise self.error(o.offset, f"expected an operand name, found the integer {o.value}")
        arity = ARITY.get(opcode)
        if arity is not None and len(operands) != arity and wrapped is None:
            raise self.error(offset, f"'{opcode}' takes {arity} operand{'s' if arity != 1 else ''}, "
                                     f"found {len(operands)}")
        if wrapped is not None:
            instr = self.build_async_sugar(wrapped, opcode, shape, operands, attr_toks, offset)
            return self.finish_instruction(instr, is_root, name_tok, op_tok, [], nested)
        attrs = self.decode_attrs(attr_toks, attrs_for(opcode), opcode, offset)
        if shape is None:
            try:
                shape = shape_inference.infer_shape(opcode, [o.shape for o in operands], attrs)
            except shape_inference.ShapeError as e:
                raise self.error(offset, f"cannot infer the shape of '{opcode}': {e}; write the result shape "
                                         "before the opcode") from None
        instr = Instruction(opcode, shape, operands, attrs)
        instr.parameter_number = param_no
        return self.finish_instruction(instr, is_root, name_tok, op_tok, [], nested)

    def finish_instruction(self, instr, is_root, name_tok, op_tok, attr_toks, nested) -> Instruction:
        if attr_toks:
            instr.attrs.update(self.decode_attrs(attr_toks, attrs_for(instr.opcode), instr.opcode, op_tok.start_pos))
        preds = instr.attrs.pop("control-predecessors", None)
        if nested:
            offset = op_tok.start_pos
            name = self.names.unique(f"{instr.opcode}.anon")
        else:
            offset = name_tok.start_pos
            name = str(name_tok)
            self.names.unique(name)
        instr.src, instr.offset = self.src, offset
        self.add_instruction(instr, name, offset)
        if preds:
            for p in preds:
                instr.add_control_predecessor(p)
        if is_root:
            self.roots.append(instr)
        if instr.opcode == "async-start" and isinstance(instr.attrs.get("calls"), Computation):
            set_execution_thread(instr.attrs["calls"], instr.attrs.get("async_execution_thread") or "main")
        return instr

    def build_async_sugar(self, wrapped: str, opcode: str, shape, operands, attr_toks, offset) -> Instruction:
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
            both = self.decode_attrs(attr_toks, spec, wrapped, None)
            for name, a in attrs_for(wrapped).items():
                if a.required and name not in both:
                    raise self.error(offset, f"'{wrapped}' requires the attribute '{name}='")
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
            attrs = {"calls": comp, **{k: v for k, v in both.items() if k in start_keys or k in shared}}
            return Instruction(opcode, shape, operands, attrs)
        attrs = self.decode_attrs(attr_toks, attrs_for(opcode), opcode, offset)
        if operands:
            start = operands[0]
            while start.opcode != "async-start" and start.operands:
                start = start.operands[0]
            if "calls" in start.attrs:
                attrs.setdefault("calls", start.attrs["calls"])
        return Instruction(opcode, shape, operands, attrs)

    # ---------------------------------------------------------------------------------- attributes
    def decode_attrs(self, toks, spec: dict[str, Attr], what: str, offset: int | None = None) -> dict:
        out: dict = {}
        is_instr = spec is not MODULE_ATTRS and spec is not COMPUTATION_ATTRS
        for tok in toks:
            text = str(tok)
            name, _, value = text.partition("=")
            voff = tok.start_pos + len(name) + 1
            a = spec.get(name)
            if a is None and is_instr:
                a = COMMON_ATTRS.get(name)
            if a is None:
                allowed = list(spec) + (list(COMMON_ATTRS) if is_instr else [])
                raise self.error(tok.start_pos, f"unknown attribute '{name}' for {what}{did_you_mean(name, allowed)}")
            if name in out:
                raise self.error(tok.start_pos, f"attribute '{name}' is given more than once")
            out[name] = self.decode_value(a.kind, name, value, voff)
        if is_instr and offset is not None:
            for name, a in spec.items():
                if a.required and name not in out:
                    raise self.error(offset, f"'{what}' requires the attribute '{name}='")
        return out

    def decode_value(self, kind: str, name: str, value: str, offset: int):
        dec = values.SIMPLE_DECODERS.get(kind)
        if dec is not None:
            return dec(value, offset, self.ctx)
        if kind in ENUMS:
            return values.decode_enum(kind, value, offset, self.ctx)
        if kind == "computation":
            return self.lookup_computation(value, offset)
        if kind == "computations":
            body = value.strip()
            if not (body.startswith("{") and body.endswith("}")):
                raise self.error(offset, "expected a list of computations in braces, e.g. {%a, %b}")
            inner = body[1:-1]
            out = []
            pos = 0
            for part in inner.split(","):
                if part.strip():
                    out.append(self.lookup_computation(part, offset + 1 + pos + (len(part) - len(part.lstrip()))))
                pos += len(part) + 1
            return out
        if kind == "instructions":
            body = value.strip()
            if not (body.startswith("{") and body.endswith("}")):
                raise self.error(offset, "expected a list of instruction names in braces")
            out = []
            for part in body[1:-1].split(","):
                n = part.strip().lstrip("%")
                if not n:
                    continue
                if n not in self.scope:
                    raise self.error(offset, f"control predecessor '{n}' is not defined before this instruction")
                out.append(self.scope[n])
            return out
        raise AssertionError(f"no decoder for attribute kind {kind}")

    def lookup_computation(self, text: str, offset: int) -> Computation:
        t = text.strip()
        if t.startswith("{"):
            if self.parse_inline is None:
                raise self.error(offset, "inline computations are not allowed here")
            return self.parse_inline(text, offset + (len(text) - len(text.lstrip())), self)
        name = t.lstrip("%")
        comp = self.comps.get(name)
        if comp is None:
            raise self.error(offset, f"computation '{name}' is not defined before its use"
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
