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

Kernel scratch: a kernel may need working memory for the duration of its call only (GEMM packing
buffers, a while loop's second state buffer and its body's own arena, a conditional's branch
arena). `scratch_bytes(instr)` says how much; all such kernels share one `scratch` slice of the
largest size, since kernels run one at a time and nothing in the scratch outlives the call.
Computations called by control flow (while bodies, branches) get their own BufferAssignment; their
arena lives in the caller's scratch.

In-place updates: a dynamic-update-slice whose operand's buffer is dead afterwards (every other
reader runs before it, the value is not returned) and may be written (a temp, or a while body's
parameter: the loop state) takes over that buffer and writes only the update window (`in_place`;
its kernel gets no pointer for operand 0). This is what keeps a scan's [T, ...] output O(update)
per iteration instead of O(T).
"""

from __future__ import annotations

from collections.abc import Callable
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
    scratch: Slice | None = None  # shared kernel scratch (a temp slice), None if no kernel needs any
    scratch_bytes: dict[Instruction, int] = field(default_factory=dict)  # per kernel needing scratch
    in_place: set[Instruction] = field(default_factory=set)  # updates that overwrite operand 0's buffer


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


def assign_buffers(comp: Computation, schedule: list[Instruction],
                   scratch_bytes: Callable[[Instruction], int] | None = None,
                   writable_params: bool = False) -> BufferAssignment:
    """`writable_params`: the parameter buffers belong to this computation (a while body's loop
    state) and may be updated in place."""
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
            need = scratch_bytes(instr) if scratch_bytes is not None else 0
            if need > 0:
                ba.scratch_bytes[instr] = need
    if ba.scratch_bytes:
        ba.scratch = Slice("temp", -1, max(ba.scratch_bytes.values()))
        temps.append(ba.scratch)
    _update_in_place(ba, comp, schedule, writable_params)

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


IN_PLACE_OPS = frozenset({"dynamic-update-slice"})


def _update_in_place(ba: BufferAssignment, comp: Computation, schedule: list[Instruction],
                     writable_params: bool) -> None:
    """Let dynamic-update-slices overwrite their operand's buffer where nothing reads it later."""
    kernels = [i for i in schedule if not (i.opcode in NO_CODE or aliases_operand(i))]
    for n, instr in enumerate(kernels):
        if instr.opcode not in IN_PLACE_OPS or instr.shape.is_tuple:
            continue
        src = ba.leaves[instr.operands[0]][0]
        if not (src.kind == "temp" or (src.kind == "param" and writable_params)):
            continue
        if any(s is src for o in instr.operands[1:] for s in ba.leaves[o]):
            continue
        if any(s is src for s in ba.leaves[comp.root]):
            continue  # the old value is returned
        later = kernels[n + 1:]
        if any(s is src for k in later for o in k.operands for s in ba.leaves[o]):
            continue
        mine = ba.leaves[instr][0]
        for key, leaves in ba.leaves.items():
            ba.leaves[key] = [src if s is mine else s for s in leaves]
        mine.kind = "none"  # its temp is never used
        ba.in_place.add(instr)
