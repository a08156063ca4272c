"""Rewrites applied while the entry computation is flattened (emitter.flatten_entry): forms that
stand for plain instructions (asynchronous pairs, copy-start/-done, domain: collectives.py),
`rng`, whose generator state is threaded through the schedule as data (rng.py), and fusions the
fusion kernel cannot compute elementally (a dot inside, another kind): a fusion is a call, so its
computation is inlined and every instruction gets its own kernel."""

from __future__ import annotations

from ....errors import CodegenError
from ....ir.module import Instruction
from .collectives import LOWERED as ASYNC_LOWERED
from .collectives import lower_async
from .rng import lower_rng

LOWERED = ASYNC_LOWERED | {"rng"}


class Lowering:
    """One per flattened computation. emit(opcode, shape, operands, **attrs) adds an instruction to
    the flat schedule; inline(comp, args, depth) inlines a computation and returns its root's value."""

    @staticmethod
    def handles(instr: Instruction) -> bool:
        """What hloc.passes.analysis.flatten hands to `lower`."""
        return instr.opcode in LOWERED or (instr.opcode == "fusion" and not _fusable(instr))

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
        if instr.opcode == "fusion":
            return self.inline(instr.attrs["calls"], ops, depth + 1)
        return lower_async(instr, ops, emit, lambda comp, args: self.inline(comp, args, depth + 1))


def _fusable(instr: Instruction) -> bool:
    """Whether the fusion kernel (loop.py) computes this fusion."""
    from .loop import check_fusion

    try:
        check_fusion(instr)
    except CodegenError:
        return False
    return True
