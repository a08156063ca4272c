"""Rewrites applied while the entry computation is flattened (emitter.flatten_entry): forms that
stand for plain instructions (asynchronous pairs, copy-start/-done, domain: collectives.py) and
`rng`, whose generator state is threaded through the schedule as data (rng.py)."""

from __future__ import annotations

from ....ir.module import Instruction
from .collectives import LOWERED as ASYNC_LOWERED
from .collectives import lower_async
from .rng import lower_get_and_update_state, lower_rng

LOWERED = ASYNC_LOWERED | {"rng", "rng-get-and-update-state"}


class Lowering:
    """One per flattened computation. emit(opcode, shape, operands, **attrs) adds an instruction to
    the flat schedule; inline(comp, args, depth) inlines a computation and returns its root's value."""

    opcodes = LOWERED  # what hloc.passes.analysis.flatten hands to `lower`

    def __init__(self, emit, inline):
        self.emit = emit
        self.inline = inline
        self.rng_state: Instruction | None = None  # the generator state after the last rng
        self.counter_state: Instruction | None = None  # rng-get-and-update-state's counter

    def lower(self, instr: Instruction, ops: list[Instruction], depth: int) -> Instruction:
        if instr.opcode == "rng":
            return lower_rng(instr, ops, self.emit, self)
        if instr.opcode == "rng-get-and-update-state":
            return lower_get_and_update_state(instr, ops, self.emit, self)
        return lower_async(instr, ops, self.emit, lambda comp, args: self.inline(comp, args, depth + 1))
