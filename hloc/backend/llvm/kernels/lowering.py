"""Rewrites applied while the entry computation is flattened (codegen/emitter.flatten_entry): the
opcodes registered with `@lowered` (lowerings.py): forms that stand for plain instructions
(asynchronous pairs, copy-start/-done, domain: collectives.py), `rng`, whose generator state is
threaded through the schedule as data (rng.py), `call` (inlined); and fusions the fusion kernel
cannot compute elementally (a dot inside, another kind): a fusion is a call, so its computation is
inlined and every instruction gets its own kernel."""

from __future__ import annotations

from ....errors import CodegenError
from ....ir.module import Instruction
from ..lowerings import LOWERINGS, lowered


class Rewriter:
    """One per flattened computation. emit(opcode, shape, operands, **attrs) adds an instruction to
    the flat schedule; inline(comp, args, depth) inlines a computation and returns its root's value."""

    @staticmethod
    def handles(instr: Instruction) -> bool:
        """What hloc.passes.analysis.flatten hands to `lower`."""
        entry = LOWERINGS.get(instr.opcode)
        return (entry is not None and entry.lower is not None) or (instr.opcode == "fusion" and not _fusable(instr))

    def __init__(self, emit, inline):
        self.emit = emit
        self.inline = inline
        self.rng_state: Instruction | None = None  # the generator state after the last rng

    def lower(self, instr: Instruction, ops: list[Instruction], depth: int) -> Instruction:
        def emit(opcode: str, shape, operands, **attrs) -> Instruction:
            new = self.emit(opcode, shape, operands, **attrs)
            new.src, new.offset = instr.src, instr.offset  # errors about it point at `instr`'s line
            return new

        if instr.opcode == "fusion":
            return self.inline(instr.attrs["calls"], ops, depth + 1)
        return LOWERINGS[instr.opcode].lower(instr, ops, emit, self, depth)


@lowered("call")
def lower_call(instr: Instruction, ops: list[Instruction], emit, rewriter: Rewriter, depth: int) -> Instruction:
    """(The flattening inlines calls itself; this says so to the registry, and does the same.)"""
    return rewriter.inline(instr.attrs["to_apply"], ops, depth + 1)


def _fusable(instr: Instruction) -> bool:
    """Whether the fusion kernel (loop.py) computes this fusion."""
    from .loop import check_fusion

    try:
        check_fusion(instr)
    except CodegenError:
        return False
    return True
