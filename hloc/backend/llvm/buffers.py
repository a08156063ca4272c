"""Where values live: one slice per array leaf of every instruction.

A `Slice` is a parameter leaf (passed by the caller), a result leaf (passed by the caller), a
constant (an LLVM global) or a piece of the one temp arena. Instructions that only rename bytes
(tuple, get-tuple-element, bitcast, reshapes that are bitcasts, opt-barrier, add-dependency)
share their operands' slices and emit no code.

`assign_buffers` is the single allocation decision, kept replaceable: today every instruction that
computes gets its own temp slice (no reuse). A liveness-based assignment from the pass pipeline
(XLA's BufferAssigner) can replace it as long as it keeps two promises kernels rely on: a kernel's
output slices never overlap its operand slices (kernel pointers are `noalias`), and result leaves
end up in the result slices (directly, or through the `copies` list).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from ...ir.module import Computation, Instruction
from ...ir.types import Shape

ALIGN = 64

# Ops that compute nothing: their leaves are their operands' leaves.
NO_CODE = frozenset({"parameter", "constant", "tuple", "get-tuple-element", "bitcast", "opt-barrier",
                     "after-all", "add-dependency"})


class Slice:
    """A buffer for one array leaf. Mutable kind/index so that a temp can be turned into a result
    slice after the fact (every alias sees the change)."""

    __slots__ = ("kind", "index", "size", "instr")

    def __init__(self, kind: str, index: int, size: int, instr: Instruction | None = None):
        self.kind = kind  # "param" | "result" | "temp" | "const" | "none"
        self.index = index  # leaf number for param/result, byte offset for temp
        self.size = size
        self.instr = instr

    def __repr__(self) -> str:
        return f"Slice({self.kind}, {self.index}, {self.size})"


@dataclass
class BufferAssignment:
    leaves: dict[Instruction, list[Slice]] = field(default_factory=dict)
    temp_bytes: int = 0
    param_leaves: list[Shape] = field(default_factory=list)
    result_leaves: list[Shape] = field(default_factory=list)
    copies: list[tuple[Slice, Slice, Shape]] = field(default_factory=list)  # (src, dst result, shape)


def is_bitcast_reshape(src: Shape, dst: Shape) -> bool:
    """A reshape that keeps the physical element order (both layouts row-major once size-1
    dimensions are ignored)."""
    if src.is_tuple or dst.is_tuple or src.etype != dst.etype:
        return False

    def row_major(s: Shape) -> bool:
        order = [d for d in (s.minor_to_major or ()) if s.dims[d] != 1]
        return order == sorted(order, reverse=True)

    return row_major(src) and row_major(dst)


def aliases_operand(instr: Instruction) -> bool:
    if instr.opcode in ("bitcast", "opt-barrier", "get-tuple-element", "tuple", "add-dependency"):
        return True
    return instr.opcode == "reshape" and is_bitcast_reshape(instr.operands[0].shape, instr.shape)


def assign_buffers(comp: Computation, schedule: list[Instruction]) -> BufferAssignment:
    ba = BufferAssignment()
    temps: list[Slice] = []

    def temp(shape: Shape) -> Slice:
        s = Slice("temp", -1, shape.byte_size)  # offset assigned once results are claimed
        temps.append(s)
        return s

    param_no = 0
    for p in comp.parameters:
        leaves = []
        for leaf in p.shape.leaves():
            leaves.append(Slice("param", param_no, leaf.byte_size) if leaf.is_array else Slice("none", 0, 0))
            if leaf.is_array:
                ba.param_leaves.append(leaf)
                param_no += 1
        ba.leaves[p] = leaves

    for instr in schedule:
        op = instr.opcode
        if op == "parameter":
            continue
        if op == "constant":
            ba.leaves[instr] = [Slice("const", 0, leaf.byte_size, instr) for leaf in instr.shape.leaves()]
        elif op == "tuple":
            ba.leaves[instr] = [s for o in instr.operands for s in ba.leaves[o]]
        elif op == "get-tuple-element":
            src = instr.operands[0]
            k = instr.attrs["index"]
            start = sum(len(t.leaves()) for t in src.shape.tuple_shapes[:k])
            ba.leaves[instr] = ba.leaves[src][start:start + len(instr.shape.leaves())]
        elif op in ("after-all",):
            ba.leaves[instr] = [Slice("none", 0, 0)]
        elif aliases_operand(instr):
            ba.leaves[instr] = list(ba.leaves[instr.operands[0]])
        else:
            ba.leaves[instr] = [temp(leaf) if leaf.is_array else Slice("none", 0, 0) for leaf in instr.shape.leaves()]

    # Results: write straight into the caller's result buffers where a kernel produces the leaf
    # and nothing else claims that slice; otherwise copy at the end.
    root_slices = ba.leaves[comp.root]
    claimed: set[int] = set()
    for s, leaf in zip(root_slices, comp.root.shape.leaves()):
        if not leaf.is_array:
            continue
        ba.result_leaves.append(leaf)
        rj = len(ba.result_leaves) - 1
        if s.kind == "temp" and id(s) not in claimed:
            claimed.add(id(s))
            s.kind, s.index = "result", rj
        else:
            ba.copies.append((s, Slice("result", rj, leaf.byte_size), leaf))
    offset = 0
    for s in temps:
        if s.kind == "temp":
            s.index = offset
            offset += (s.size + ALIGN - 1) // ALIGN * ALIGN
    ba.temp_bytes = offset
    return ba
