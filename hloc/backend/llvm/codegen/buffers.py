"""Where values live: one slice per array leaf of every instruction.

A `Slice` is a parameter leaf (passed by the caller), a result leaf (passed by the caller), a
constant (an LLVM global) or a piece of the one temp arena. Instructions that only rename bytes
(tuple, get-tuple-element, bitcast, reshapes that are bitcasts, opt-barrier, add-dependency)
share their operands' slices and emit no code.

`assign_buffers` is the single allocation decision: an adapter over the pass pipeline's buffer
assignment (hloc/passes/analysis/buffer_assignment.py, XLA's BufferAssigner), which schedules the
computation (post order or a memory-minimizing list schedule, whichever needs less), gives every
temporary an offset in one arena reused by liveness, and decides what is updated in place. The
promises kernels rely on: a kernel's output slices never overlap its operand slices (kernel
pointers are `noalias`) except where the assignment shares them, and result leaves end up in the
result slices (directly, or through the `copies` list). The emitter runs kernels in `schedule`
order (the liveness was computed over it).

Kernel scratch: a kernel may need working memory for the duration of its call only (GEMM packing
buffers, a while loop's second state buffer and its body's own arena, a conditional's branch
arena). `scratch_bytes(instr)` says how much; each such kernel gets its own `scratch_slices`
entry, a temporary live during its call only (so it reuses bytes of dead values).
Computations called by control flow (while bodies, branches) get their own BufferAssignment; their
arena lives in the caller's scratch.

In-place updates, where the operand's buffer dies at the kernel (every other reader runs before
it, the value is not returned) and may be written (a temp, or a while body's parameter: the loop
state):
  * `in_place`: a dynamic-update-slice takes over operand 0's buffer and writes only the update
    window (its kernel gets no pointer for operand 0). This is what keeps a scan's [T, ...] output
    O(update) per iteration instead of O(T);
  * `shared`: an elementwise op or loop fusion that reads operand k exactly at the output index
    writes its output over it: the kernel gets no pointer for operand k and reads it through its
    output array (one pointer, read before written at each element); a scatter writes output k
    over operand k (0..N-1) and then only the updated elements: O(updates) instead of O(operand).
    Both kinds are listed in the kernel's ctx.in_place.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ....ir.module import Computation, Instruction
from ....ir.types import Shape
from ....passes.analysis import buffer_assignment as bufa
from ....passes.analysis.buffer_assignment import ALIGN, NO_CODE, aliases_operand, is_bitcast_reshape

__all__ = ["ALIGN", "NO_CODE", "BufferAssignment", "IN_PLACE_OPS", "Slice", "aliases_operand", "assign_buffers",
           "is_bitcast_reshape"]

# Kernels that update operand 0's buffer in place when the assignment lets them (writing a window).
IN_PLACE_OPS = frozenset({"dynamic-update-slice"})


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

    @property
    def key(self) -> tuple:
        """Which bytes the slice is: equal keys, the same buffer (a constant: its instruction's)."""
        return (self.kind, self.index, self.size) if self.kind != "const" else ("const", id(self.instr))


@dataclass
class BufferAssignment:
    leaves: dict[Instruction, list[Slice]] = field(default_factory=dict)
    temp_bytes: int = 0
    param_leaves: list[Shape] = field(default_factory=list)
    result_leaves: list[Shape] = field(default_factory=list)
    copies: list[tuple[Slice, Slice, Shape]] = field(default_factory=list)  # (src, dst result, shape)
    scratch_slices: dict[Instruction, Slice] = field(default_factory=dict)  # per kernel needing scratch
    scratch_bytes: dict[Instruction, int] = field(default_factory=dict)  # per kernel needing scratch
    in_place: set[Instruction] = field(default_factory=set)  # updates that overwrite operand 0's buffer
    shared: dict[Instruction, dict[int, int]] = field(default_factory=dict)  # kernel -> {operand: output leaf}
    schedule: list[Instruction] = field(default_factory=list)  # the order kernels run in
    analysis: bufa.Assignment | None = None  # the pass pipeline's view: live ranges, report, checks


def _no_scratch(_instr: Instruction) -> int:
    return 0


def assign_buffers(comp: Computation, schedule: list[Instruction],
                   scratch_bytes: Callable[[Instruction], int] | None = None,
                   writable_params: bool = False,
                   in_place: Callable[[Instruction], dict[int, int]] | None = None,
                   keep_order: bool = False, concurrent: tuple[int, int, int] | None = None) -> BufferAssignment:
    """Slices for every leaf of `comp`'s instructions. `schedule` is the default order (a post
    order); the returned `schedule` is the one the kernels must run in. `writable_params`: the
    parameter buffers belong to this computation (a while body's loop state) and may be updated
    in place. `in_place(instr)` -> {operand: output leaf} the instruction's kernel can share
    (default: buffer_assignment.default_in_place). `keep_order`: run the kernels in `schedule`'s order
    (asynchronous collectives: what lies between a start and its end is meant to overlap it).
    `concurrent` = (s, m, e): schedule[s:m] and schedule[m:e] run at the same time (concurrent.py;
    the schedule is kept): no temporary live in one shares bytes with one live in the other."""
    model = bufa.BufferModel(in_place=in_place or bufa.default_in_place,
                             scratch_bytes=scratch_bytes or _no_scratch, writable_params=writable_params)
    a = bufa.assign(comp, schedule, model, scheduler="post-order" if keep_order else "auto", concurrent=concurrent)
    ba = BufferAssignment(temp_bytes=a.temp_bytes, param_leaves=a.param_leaves, result_leaves=a.result_leaves,
                          schedule=a.schedule, analysis=a)
    slices: dict[int, Slice] = {}

    def slice_of(b: bufa.Buffer) -> Slice:
        s = slices.get(id(b))
        if s is None:
            if b.kind == "temp":
                s = Slice("temp", b.offset, b.size)
            elif b.kind in ("param", "result"):
                s = Slice(b.kind, b.index, b.size)
            elif b.kind == "const":
                s = Slice("const", 0, b.size, b.defined_by)
            else:
                s = Slice("none", 0, 0)
            slices[id(b)] = s
        return s

    for instr, bufs in a.leaves.items():
        ba.leaves[instr] = [slice_of(b) for b in bufs]
    for src, j, leaf in a.copies:
        ba.copies.append((slice_of(src), Slice("result", j, leaf.byte_size), leaf))
    for instr, b in a.scratch.items():
        ba.scratch_slices[instr] = slice_of(b)
        ba.scratch_bytes[instr] = b.size
    for instr, pairs in a.in_place.items():
        if instr.opcode in IN_PLACE_OPS and pairs == {0: 0}:
            ba.in_place.add(instr)
        else:
            ba.shared[instr] = dict(pairs)
    return ba
