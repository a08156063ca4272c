"""How each opcode compiles natively: LOWERINGS[opcode], the one registry of the native backend.

Filled only by decorators where each piece is defined:

    @elemental("add", "subtract")             elemental/: the value of one output element (rule),
    def _binary(em, instr, index): ...        also usable inside a fusion; optional check=
    @kernel("sort")                           kernels/: the function that computes a whole instruction
    def emit_sort(ctx, instr): ...
    @kernel.check("sort") / @kernel.scratch("sort")   its precondition / its working memory
    @lowered("rng")                           kernels/lowering.py: rewritten while the entry is flattened
    def lower_rng(instr, ops, emit, rewriter, depth): ...

and, for the opcodes that compute nothing (their buffers are their operands'), from the buffer
analysis's NO_CODE. An opcode's kind follows from what it has:

    no code       parameter, constant, tuple, get-tuple-element, bitcast, ... (no function at all)
    kernel        a registered kernel (it may also have a rule, e.g. reduce-window inside a fusion,
                  or be rewritten first, e.g. rng)
    lowered away  rewritten into other instructions while the entry is flattened (async pairs, call)
    elemental     a rule only: the generic loop kernel (kernels/loop.py) computes it element by element

`native_kind(opcode)` is what `hloc compile --print-ops` and tests/backend/test_native_coverage.py
read; the emitter, the buffer model and the row groups ask the same entries. The registry is complete
once every rule and kernel module is imported (kernels.load_all()). Light on purpose: no llvmlite.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from ...passes.analysis.buffer_assignment import NO_CODE as _NO_CODE_OPS

ELEMENTAL = "elemental"
KERNEL = "kernel"
NO_CODE = "no code"
LOWERED = "lowered away"
KINDS = (ELEMENTAL, KERNEL, NO_CODE, LOWERED)


@dataclass
class Lowering:
    """What the native backend has for one opcode."""

    opcode: str
    rule: Callable | None = None  # (Elemental, instr, Index) -> the element's value
    rule_check: Callable | None = None  # instr -> None, raises CodegenError where the rule cannot compute it
    emit: Callable | None = None  # (KernelContext, instr) -> None: the kernel
    check: Callable | None = None  # instr -> None, raises CodegenError before any IR exists
    scratch: Callable | None = None  # (instr, emitter) -> bytes of working memory during the kernel's call
    lower: Callable | None = None  # (instr, operands, emit, rewriter, depth) -> the instruction it stands for
    no_code: bool = False

    @property
    def kind(self) -> str:
        if self.no_code:
            return NO_CODE
        if self.emit is not None:
            return KERNEL
        if self.lower is not None:  # (call has a rule too, for calls inside a fusion)
            return LOWERED
        if self.rule is not None:
            return ELEMENTAL
        return ""


LOWERINGS: dict[str, Lowering] = {}


def _entry(opcode: str) -> Lowering:
    entry = LOWERINGS.get(opcode)
    if entry is None:
        entry = LOWERINGS[opcode] = Lowering(opcode)
    return entry


def _set(opcodes: tuple[str, ...], field: str, fn, what: str) -> None:
    for op in opcodes:
        entry = _entry(op)
        if getattr(entry, field) is not None:
            raise AssertionError(f"two native {what}s for '{op}'")
        setattr(entry, field, fn)


def elemental(*opcodes: str, check: Callable | None = None):
    """Register the decorated `rule(em, instr, index)` as the elemental rule of `opcodes`, with the
    precondition `check(instr)` if given (run wherever the rule computes, fusions included)."""

    def register(fn):
        _set(opcodes, "rule", fn, "elemental rule")
        if check is not None:
            _set(opcodes, "rule_check", check, "elemental rule check")
        return fn

    return register


class _Kernels:
    """`@kernel(*opcodes)` registers a kernel `emit(ctx, instr)`; `@kernel.check(*opcodes)` its
    precondition `check(instr)`; `@kernel.scratch(*opcodes)` its `scratch(instr, emitter) -> bytes`
    (the kernel then gets `ctx.scratch`, 64-byte aligned memory of its own until it returns)."""

    def __call__(self, *opcodes: str):
        def register(fn):
            _set(opcodes, "emit", fn, "kernel")
            return fn

        return register

    def check(self, *opcodes: str):
        def register(fn):
            _set(opcodes, "check", fn, "kernel check")
            return fn

        return register

    def scratch(self, *opcodes: str):
        def register(fn):
            _set(opcodes, "scratch", fn, "kernel scratch")
            return fn

        return register


kernel = _Kernels()


def lowered(*opcodes: str):
    """Register the decorated `lower(instr, operands, emit, rewriter, depth)`: `opcodes` are rewritten
    while the entry computation is flattened (kernels/lowering.py) into the instruction returned."""

    def register(fn):
        _set(opcodes, "lower", fn, "lowering")
        return fn

    return register


for _op in _NO_CODE_OPS:
    _entry(_op).no_code = True


def native_kind(opcode: str) -> str:
    """One of KINDS, or '' where the native backend does not compile `opcode`."""
    entry = LOWERINGS.get(opcode)
    return entry.kind if entry is not None else ""


def is_kernel(opcode: str) -> bool:
    return native_kind(opcode) == KERNEL
