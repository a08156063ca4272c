"""The IR verifier: the invariants every module keeps between passes (XLA's HloVerifier, layout-insensitive).

    verify_module(module, allow_mixed_precision=False, layout_sensitive=False)
                                  raise VerifyError at the first broken invariant
    verify_layouts(module)        the layout-sensitive part alone

Layout-sensitive (what the native backend compiles, after the layout-copies pass): wherever bytes
pass unchanged into a place that declares a shape (tuple, get-tuple-element, while state, body and
condition, conditional branches, calls, in-place dynamic-update-slice: ir/layout_flows.py), both
sides have the same layout.

Module: an entry computation, unique computation names, callees defined before their callers, the
`entry_computation_layout` header (when present) equal to the entry's signature, ignoring layouts.
Computation: unique instruction names, parameters numbered 0..n-1, a root that belongs to it,
operands and control predecessors from the same computation, no cycles.
Instruction: a known opcode, its operand count, the attributes it needs, called computations only on
callers, and its shape: compatible (equal ignoring layouts) with what shape_inference gives for its
operands and attributes, which also checks attribute values (dimension numbers in range,
permutations, slice bounds, ...), element types and called computations' signatures (reducers,
comparators, while/conditional/call/fusion bodies). As XLA's verifier, floating-point operands of
different widths in one instruction are rejected unless `allow_mixed_precision`.

The check is linear in the module's size; the error points at the instruction's source position.
"""

from __future__ import annotations

import gc
import re

import numpy as np

from ..errors import VerifyError
from .attrs import OPCODE_ATTRS, Raw
from .layout_flows import layout_mismatches
from .module import Computation, Instruction, Module
from .opcodes import ARITY, CALLED_COMPUTATION_ATTRS, OPCODES
from .raw_literal import RawLiteral
from .shape_inference import (
    ShapeError,
    compatible,
    compatible_ignoring_fp,
    is_float,
    is_integral,
    shape_rule,
)
from .types import Shape

# Opcodes that may call computations (XLA's HloInstruction::MightHaveCalledComputations).
CALLERS = frozenset({
    "all-reduce", "all-reduce-start", "reduce-scatter", "async-start", "async-update", "async-done", "call",
    "conditional", "custom-call", "fusion", "map", "reduce", "reduce-window", "scatter", "select-and-scatter",
    "sort", "topk", "while", "scan",
})

# XLA compares these shapes exactly (ShapeUtil::Compatible) even when mixed precision is allowed.
_EXACT = frozenset({
    "bitcast", "call", "conditional", "constant", "copy-done", "copy-start", "custom-call", "get-tuple-element",
    "infeed", "outfeed", "opt-barrier", "parameter", "recv", "recv-done", "send", "send-done", "tuple", "while",
    "dynamic-update-slice",
})

# Opcodes whose operands may mix floating-point widths (XLA's CheckMixedPrecisionOperands allow-list).
_MIXED_OK = frozenset({
    "call", "conditional", "constant", "convolution", "dot", "ragged-dot", "scaled-dot", "all-reduce",
    "all-reduce-start", "all-reduce-done", "all-gather", "all-gather-start", "all-gather-done", "async-done",
    "async-update", "async-start", "collective-permute", "collective-permute-start", "collective-permute-done",
    "copy-done", "copy-start", "custom-call", "domain", "fusion", "get-tuple-element", "opt-barrier", "infeed",
    "outfeed", "parameter", "recv", "recv-done", "reduce-precision", "reduce-window", "send", "send-done", "sort",
    "tuple", "while",
    # Elementwise conversions take one operand (and stochastic-convert's second is an integer).
    "convert", "bitcast-convert", "stochastic-convert",
    # hloc is more lenient than XLA here: these take several independent arrays (a variadic reduce
    # or scatter of an f32 and a bf16 array, as in XLA's own parser tests), each checked against
    # its own parameter of the called computation.
    "reduce", "scatter", "map", "scan",
})

_REQUIRED = {op: tuple(name for name, a in spec.items() if a.required) for op, spec in OPCODE_ATTRS.items()}
# Alternatives XLA accepts in place of a required attribute.
_REQUIRED["conditional"] = ()


def verify_module(module: Module, allow_mixed_precision: bool = False, layout_sensitive: bool = False) -> None:
    """Raise VerifyError at the first broken invariant of `module`."""
    if layout_sensitive:
        verify_module(module, allow_mixed_precision)
        verify_layouts(module)
        return
    # The check makes only short-lived, acyclic garbage; the cyclic collector's full passes over a
    # large module would cost more than the check itself.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        _Verifier(module, allow_mixed_precision).run()
    finally:
        if gc_was_enabled:
            gc.enable()


def verify_layouts(module: Module) -> None:
    """Raise VerifyError where a value flows into a place declaring another layout."""
    for f in layout_mismatches(module):
        raise VerifyError(f"'{f.at.name}': {f.what} has layout {f.have.to_str()}, but {f.at.opcode} declares "
                          f"{f.want.to_str()} there (a layout-changing copy is missing)", f.at.loc)


class _Verifier:
    def __init__(self, module: Module, allow_mixed_precision: bool):
        self.module = module
        self.mixed = allow_mixed_precision
        self.order: dict[Computation, int] = {}

    def fail(self, where, message: str) -> VerifyError:
        loc = where.loc if where is not None else None
        return VerifyError(message, loc)

    # ------------------------------------------------------------------------------------ module
    def run(self) -> None:
        m = self.module
        if m.entry is None:
            raise VerifyError(f"module '{m.name}' has no entry computation")
        order = self.order
        for i, comp in enumerate(m.computations):
            if comp in order:
                raise self.fail(comp, f"computation '{comp.name}' is listed twice in module '{m.name}'")
            order[comp] = i
        names: dict[str, Computation] = {}
        for comp in m.computations:
            if comp.name in names:
                raise self.fail(comp, f"duplicate computation name '{comp.name}'")
            names[comp.name] = comp
            if comp.parent is not None and comp.parent is not m:
                raise self.fail(comp, f"computation '{comp.name}' belongs to another module")
        if m.entry not in order:
            raise self.fail(m.entry, f"the entry computation '{m.entry.name}' is not in module '{m.name}'")
        for comp in m.computations:
            self.computation(comp)
        self.entry_layout()

    def entry_layout(self) -> None:
        layout = self.module.attrs.get("entry_computation_layout")
        if layout is None:
            return
        text = layout.text if isinstance(layout, Raw) else str(layout)
        entry = self.module.entry_computation
        try:
            params, result = _parse_program_shape(text)
        except ValueError as e:
            raise self.fail(entry, f"malformed entry_computation_layout '{text[:80]}': {e}") from None
        actual = [p.shape for p in entry.parameters]
        if len(params) != len(actual):
            raise self.fail(entry, f"entry_computation_layout has {len(params)} parameters, but the entry "
                                   f"computation '{entry.name}' has {len(actual)}")
        for i, (want, got) in enumerate(zip(params, actual)):
            if want != _shape_key(got):
                raise self.fail(entry.parameter(i), f"entry_computation_layout gives parameter {i} the shape "
                                                    f"{_key_str(want)}, but it is {got.to_str(False)}")
        if result != _shape_key(entry.root_instruction.shape):
            raise self.fail(entry.root, f"entry_computation_layout gives the result shape {_key_str(result)}, but "
                                        f"the entry root '{entry.root_instruction.name}' has shape "
                                        f"{entry.root_instruction.shape.to_str(False)}")

    # ------------------------------------------------------------------------------- computation
    def computation(self, comp: Computation) -> None:
        instrs = comp.instructions
        if not instrs:
            raise self.fail(comp, f"computation '{comp.name}' has no instructions")
        root = comp.root
        if root is None or root.parent is not comp:
            raise self.fail(comp, f"the root of computation '{comp.name}' is not one of its instructions")
        pos: dict[Instruction, int] = {}
        names: set[str] = set()
        params: dict[int, Instruction] = {}
        in_order = True  # every operand listed before its user: then there is no cycle to look for
        instruction = self.instruction
        for i, instr in enumerate(instrs):
            if instr.parent is not comp:
                raise self.fail(instr, f"instruction '{instr.name}' is listed in computation '{comp.name}' but "
                                       "belongs to another")
            if instr in pos:
                raise self.fail(instr, f"instruction '{instr.name}' is listed twice in computation '{comp.name}'")
            pos[instr] = i
            name = instr.name
            if name in names:
                raise self.fail(instr, f"duplicate instruction name '{name}' in computation '{comp.name}'")
            names.add(name)
            if in_order:
                for op in instr.operands:
                    if op not in pos:
                        in_order = False
                for op in instr.control_predecessors:
                    if op not in pos:
                        in_order = False
            if instr.opcode == "parameter":
                n = instr.parameter_number
                if n is None:
                    raise self.fail(instr, f"parameter '{instr.name}' has no parameter number")
                if n in params:
                    raise self.fail(instr, f"parameter number {n} of computation '{comp.name}' is used twice")
                params[n] = instr
            instruction(instr, comp)
        if params and (min(params) != 0 or max(params) != len(params) - 1):
            numbers = sorted(params)
            missing = next(k for k in range(len(numbers) + 1) if k not in params)
            raise self.fail(params[numbers[-1]], f"computation '{comp.name}' has parameters {numbers}: parameter "
                                                 f"{missing} is missing (expected 0..{len(numbers) - 1})")
        if not in_order:
            for instr in instrs:
                for op in instr.operands:
                    if op not in pos:
                        raise self.fail(instr, f"operand '{op.name}' of '{instr.name}' is not an instruction of "
                                               f"computation '{comp.name}'")
                for op in instr.control_predecessors:
                    if op not in pos:
                        raise self.fail(instr, f"control predecessor '{op.name}' of '{instr.name}' is not in "
                                               f"computation '{comp.name}'")
            self.acyclic(comp)

    def acyclic(self, comp: Computation) -> None:
        """Depth-first search over operands and control predecessors; a back edge is a cycle."""
        state: dict[Instruction, int] = {}  # 1 = on the stack, 2 = done
        for start in comp.instructions:
            if start in state:
                continue
            stack = [(start, iter(start.operands + start.control_predecessors))]
            state[start] = 1
            while stack:
                node, preds = stack[-1]
                for p in preds:
                    s = state.get(p)
                    if s == 1:
                        raise self.fail(p, f"instruction '{p.name}' depends on itself (a cycle through "
                                           f"'{node.name}') in computation '{comp.name}'")
                    if s is None:
                        state[p] = 1
                        stack.append((p, iter(p.operands + p.control_predecessors)))
                        break
                else:
                    state[node] = 2
                    stack.pop()

    # ------------------------------------------------------------------------------- instruction
    def instruction(self, instr: Instruction, comp: Computation) -> None:
        op = instr.opcode
        spec = _SPECS.get(op)
        if spec is None:
            raise self.fail(instr, f"'{instr.name}' has an unknown opcode '{op}'")
        arity, required, exact, mixed_ok, extra, infer = spec
        operands = instr.operands
        if arity is not None and len(operands) != arity:
            raise self.fail(instr, f"'{instr.name}': {op} takes {arity} operand{'s' if arity != 1 else ''}, "
                                   f"found {len(operands)}")
        attrs = instr.attrs
        for name in required:
            if name not in attrs:
                raise self.fail(instr, f"'{instr.name}': {op} requires the attribute '{name}='")
        if op == "parameter":
            if instr.parameter_number is None or instr.parameter_number < 0:
                raise self.fail(instr, f"parameter '{instr.name}' has no parameter number")
            return
        if attrs and not _CALLED_KEYS.isdisjoint(attrs):
            self.called(instr, comp)
        shapes = [o.shape for o in operands]
        shape = instr.shape
        try:
            expected = infer(shapes, attrs, shape)
        except ShapeError as e:
            raise self.fail(instr, f"'{instr.name}': {e}") from None
        if expected is not shape:
            if self.mixed and not exact:
                ok = compatible_ignoring_fp(shape, expected)
            else:
                ok = compatible(shape, expected)
            if not ok:
                raise self.fail(instr, f"'{instr.name}' has shape {shape.to_str(False)}, but {op} of "
                                       f"{_operand_list(shapes)} gives {expected.to_str(False)}")
        if not mixed_ok and not self.mixed and len(shapes) > 1:
            first = shapes[0].etype
            for s in shapes:
                if s.etype != first:
                    self.same_precision(instr, shapes)
                    break
        if extra is not None:
            message = extra(instr)
            if message:
                raise self.fail(instr, f"'{instr.name}': {message}")

    def same_precision(self, instr: Instruction, shapes) -> None:
        seen = None
        for s in shapes:
            for leaf in (s.leaves() if s.is_tuple else (s,)):
                if is_float(leaf.etype):
                    if seen is None:
                        seen = leaf.etype
                    elif leaf.etype != seen:
                        raise self.fail(instr, f"'{instr.name}' mixes floating-point types {seen} and {leaf.etype} "
                                               f"in its operands ({instr.opcode} needs one precision)")

    def called(self, instr: Instruction, comp: Computation) -> None:
        attrs = instr.attrs
        order = self.order
        for key in CALLED_COMPUTATION_ATTRS:
            v = attrs.get(key)
            if v is None:
                continue
            callees = v if isinstance(v, (list, tuple)) else (v,)
            if instr.opcode not in CALLERS:
                raise self.fail(instr, f"'{instr.name}': {instr.opcode} cannot call computations ({key}=)")
            for callee in callees:
                if not isinstance(callee, Computation):
                    raise self.fail(instr, f"'{instr.name}': {key}= does not name a computation")
                i = order.get(callee)
                if i is None:
                    raise self.fail(instr, f"'{instr.name}' calls computation '{callee.name}', which is not in the "
                                           "module")
                if i >= order[comp]:
                    raise self.fail(instr, f"'{instr.name}' calls computation '{callee.name}', which is defined "
                                           f"after its caller '{comp.name}' (callees come first)")
                if callee is self.module.entry:
                    raise self.fail(instr, f"'{instr.name}' calls the entry computation '{callee.name}'")


# ------------------------------------------------------------------------------ opcode-specific rules


def _check_constant(instr: Instruction) -> str | None:
    lit = instr.stored_literal
    shape = instr.shape
    if lit is None:
        return "a constant needs a literal"
    if isinstance(lit, np.ndarray | RawLiteral):
        if shape.is_tuple or lit.shape != tuple(shape.dims):
            return f"the literal has shape {lit.shape}, but the constant is {shape.to_str(False)}"
    elif isinstance(lit, tuple) and (not shape.is_tuple or len(lit) != len(shape.tuple_shapes)):
        return f"the tuple literal has {len(lit)} elements, but the constant is {shape.to_str(False)}"
    return None


def _check_compare(instr: Instruction) -> str | None:
    # XLA's CheckElementwiseInstruction: a written comparison type must suit the operand type.
    kind = instr.attrs.get("type")
    if kind is None:
        return None
    etype = instr.operands[1].shape.etype
    if is_float(etype):
        ok, want = kind in ("FLOAT", "TOTALORDER"), "FLOAT or TOTALORDER"
    elif etype in ("c64", "c128"):
        ok, want = kind in ("FLOAT", "TOTALORDER", "PARTIALORDER"), "FLOAT"
    elif is_integral(etype) and etype[0] == "s":
        ok, want = kind == "SIGNED", "SIGNED"
    else:
        ok, want = kind == "UNSIGNED", "UNSIGNED"
    return None if ok else f"comparison type {kind} does not suit {etype} operands (expected {want})"


def _check_async_start(instr: Instruction) -> str | None:
    shape = instr.shape
    if not (shape.is_tuple and len(shape.tuple_shapes) >= 2 and shape.tuple_shapes[0].is_tuple):
        return f"an async-start's shape is ((operand shapes), result shape, ...), not {shape.to_str(False)}"
    operand_shapes = shape.tuple_shapes[0].tuple_shapes
    if len(operand_shapes) != len(instr.operands):
        return f"its shape lists {len(operand_shapes)} operands, it has {len(instr.operands)}"
    for i, (s, o) in enumerate(zip(operand_shapes, instr.operands)):
        if not compatible(s, o.shape):
            return f"operand {i} is {o.shape.to_str(False)}, its shape says {s.to_str(False)}"
    comp = instr.attrs.get("calls")
    if comp is not None:
        params = comp.parameter_shapes
        if len(params) != len(operand_shapes) or not all(compatible(a, b) for a, b in zip(params, operand_shapes)):
            return f"the async computation '{comp.name}' takes ({_operand_list(params)}), not the operands"
        if not compatible(comp.root.shape, shape.tuple_shapes[1]):
            return (f"the async computation '{comp.name}' returns {comp.root.shape.to_str(False)}, the shape says "
                    f"{shape.tuple_shapes[1].to_str(False)}")
    return None


def _check_async_update(instr: Instruction) -> str | None:
    if not instr.operands:
        return "an async-update needs the async-start (or -update) it continues"
    shape = instr.shape
    if not (shape.is_tuple and len(shape.tuple_shapes) >= 2 and shape.tuple_shapes[0].is_tuple):
        return f"an async-update's shape is ((operand shapes), result shape, ...), not {shape.to_str(False)}"
    return None


def _check_rng_bit_generator(instr: Instruction) -> str | None:
    shape = instr.shape
    if shape.is_tuple:
        if len(shape.tuple_shapes) != 2:
            return f"rng-bit-generator returns (state, bits), not {shape.to_str(False)}"
        if not compatible(instr.operands[0].shape, shape.tuple_shapes[0]):
            return (f"the state {instr.operands[0].shape.to_str(False)} and the returned state "
                    f"{shape.tuple_shapes[0].to_str(False)} differ")
    return None


def _check_infeed(instr: Instruction) -> str | None:
    shape = instr.shape
    if not instr.operands[0].shape.is_token:
        return f"infeed's operand must be a token, got {instr.operands[0].shape.to_str(False)}"
    if not (shape.is_tuple and len(shape.tuple_shapes) == 2 and shape.tuple_shapes[1].is_token):
        return f"infeed returns (data, token[]), not {shape.to_str(False)}"
    return None


_EXTRA = {
    "constant": _check_constant,
    "compare": _check_compare,
    "async-start": _check_async_start,
    "async-update": _check_async_update,
    "rng-bit-generator": _check_rng_bit_generator,
    "infeed": _check_infeed,
}


# Per opcode: (arity, required attributes, exact shape comparison, mixed precision allowed,
# extra check, shape rule), looked up once per instruction.
_SPECS = {
    op: (ARITY.get(op), _REQUIRED.get(op, ()), op in _EXACT, op in _MIXED_OK, _EXTRA.get(op), shape_rule(op))
    for op in OPCODES
}
_CALLED_KEYS = frozenset(CALLED_COMPUTATION_ATTRS)


def _operand_list(shapes) -> str:
    if not shapes:
        return "no operands"
    return ", ".join(s.to_str(False) for s in shapes)


# ---------------------------------------------------------------------- entry_computation_layout text

_LAYOUT_TOKEN = re.compile(r"\s*(?:/\*.*?\*/\s*)*(?:([a-z][a-z0-9_]*)\[([^\]]*)\](?:\{[^{}]*\})?|(->|[(),{}]))",
                           re.S)


def _parse_program_shape(text: str):
    """`{(f32[2]{0}, (s32[], pred[]))->f32[2]{0}}` -> (parameter keys, result key), ignoring layouts.

    A key is (etype, dims text) for arrays and a tuple of keys for tuples; this compares shapes as
    ShapeUtil::Compatible does without decoding them (decoding shape text is the parser's job).
    """
    toks = []
    pos = 0
    while pos < len(text):
        m = _LAYOUT_TOKEN.match(text, pos)
        if m is None:
            if not text[pos:].strip():
                break
            raise ValueError(f"unexpected text '{text[pos:pos + 20]}'")
        toks.append(m.group(3) or (m.group(1), m.group(2).replace(" ", "")))
        pos = m.end()
    i = 0

    def expect(t):
        nonlocal i
        if i >= len(toks) or toks[i] != t:
            raise ValueError(f"expected '{t}'")
        i += 1

    def shape():
        nonlocal i
        if i >= len(toks):
            raise ValueError("expected a shape")
        t = toks[i]
        if isinstance(t, tuple):
            i += 1
            return t
        expect("(")
        elems = []
        while toks[i:i + 1] != [")"]:
            if elems:
                expect(",")
            elems.append(shape())
        expect(")")
        return tuple(elems)

    expect("{")
    expect("(")
    params: list[Shape] = []
    while toks[i:i + 1] != [")"]:
        if params:
            expect(",")
        params.append(shape())
    expect(")")
    expect("->")
    result = shape()
    expect("}")
    if i != len(toks):
        raise ValueError("unexpected text after the result shape")
    return params, result


def _shape_key(s: Shape):
    if s.is_tuple:
        return tuple(_shape_key(t) for t in s.tuple_shapes)
    text = s.to_str(False)
    etype, _, dims = text.partition("[")
    return (etype, dims[:-1])


def _key_str(key) -> str:
    if isinstance(key, tuple) and len(key) == 2 and isinstance(key[0], str):
        return f"{key[0]}[{key[1]}]"
    return "(" + ", ".join(_key_str(k) for k in key) + ")"
