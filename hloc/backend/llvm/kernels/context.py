"""What a kernel gets: its LLVM function and builder, and its buffers as IrArrays."""

from __future__ import annotations

from dataclasses import dataclass

import llvmlite.ir as ir

from ....ir.module import Instruction
from ..elemental import Elemental, IrArray, TupleSource


@dataclass
class KernelContext:
    module: ir.Module
    fn: ir.Function
    b: ir.IRBuilder
    instr: Instruction
    outputs: list[IrArray]  # one per array leaf of instr.shape
    operands: list[list[IrArray]]  # per operand, one per array leaf
    constant_array: object = None  # Instruction -> IrArray for array constants (module globals)
    scratch: ir.Value | None = None  # the kernel's scratch memory, if it asked for some (kernel.scratch)
    emitter: object = None  # the ModuleEmitter: target features, functions for called computations
    # Operand numbers whose buffer is an output's (buffers.IN_PLACE_OPS): the kernel updates that
    # output in place instead of copying the operand first; operands[k] is that output's IrArray.
    in_place: frozenset = frozenset()
    # Output leaves that are large entry results: a streaming loop writes them with non-temporal
    # stores (stream_store.py).
    stream: frozenset = frozenset()

    @property
    def features(self) -> str:
        """The target's LLVM feature string ('' if unknown)."""
        return getattr(self.emitter, "features", "") or ""

    def operand_source(self, k: int, shape) -> object:
        """A generator (or TupleSource) reading operand k from its buffers."""
        arrays = self.operands[k]
        if shape.is_tuple:
            return TupleSource(_tuple_gens(self.b, shape, arrays))
        return arrays[0].generator(self.b)

    def elemental(self, sources: dict) -> Elemental:
        return Elemental(self.b, sources, self.constant_array)


def _tuple_gens(b, shape, arrays):
    out = []
    pos = 0
    for sub in shape.tuple_shapes:
        n = len(sub.leaves())
        part = arrays[pos:pos + n]
        out.append(TupleSource(_tuple_gens(b, sub, part)) if sub.is_tuple else part[0].generator(b))
        pos += n
    return out
