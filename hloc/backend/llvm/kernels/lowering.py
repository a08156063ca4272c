"""Rewrites applied while the entry computation is flattened (emitter.flatten_entry): forms that
stand for plain instructions (asynchronous pairs, copy-start/-done, domain: collectives.py) and
`rng`, whose generator state is threaded through the schedule as data (rng.py)."""

from __future__ import annotations

from ....ir.module import Instruction
from .collectives import LOWERED as ASYNC_LOWERED
from .collectives import lower_async
from .rng import lower_rng

LOWERED = ASYNC_LOWERED | {"rng"}


class Lowering:
    """One per flattened computation. emit(opcode, shape, operands, **attrs) adds an instruction to
    the flat schedule; inline(comp, args, depth) inlines a computation and returns its root's value."""

    opcodes = LOWERED  # what hloc.passes.analysis.flatten hands to `lower`

    def __init__(self, emit, inline):
        self.emit = emit
        self.inline = inline
        self.rng_state: Instruction | None = None  # the generator state after the last rng

    def lower(self, instr: Instruction, ops: list[Instruction], depth: int) -> Instruction:
        def emit(opcode: str, shape, operands, **attrs) -> Instruction:
            new = self.emit(opcode, shape, operands, **attrs)
            new.src, new.offset = instr.src, instr.offset  # errors about it point at `instr`'s line
            return new

        if instr.opcode == "rng":
            return lower_rng(instr, ops, emit, self)
        return lower_async(instr, ops, emit, lambda comp, args: self.inline(comp, args, depth + 1))
