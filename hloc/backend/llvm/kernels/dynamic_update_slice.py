"""dynamic-update-slice as a kernel: copy the operand (unless its buffer is reused in place, see
buffers.py), then one loop over the update writing it at the clamped start.

Starts are clamped to [0, dim - update_dim] with the start type's signedness (XLA's rule), so the
update always lands inside the result. In place, the cost is the update's size, not the operand's:
the loop-carried buffer of a scan (`x = dus(x, row, i)`) is not copied on every step.
dynamic-slice stays elemental (elemental.py), with the same clamping.
"""

from __future__ import annotations

from ....errors import CodegenError
from ....ir.module import Instruction
from ..elemental import Index
from ..llvmir.loops import index_loop
from . import kernel
from .indexing import check_index_type, clamp_start, copy_array, widen


def clamped_starts(ctx, instr: Instruction, first: int, sizes) -> list:
    """i64 starts read from scalar operands first.., clamped so a block of `sizes` fits."""
    b = ctx.b
    dims = instr.operands[0].shape.dims
    out = []
    for d in range(len(dims)):
        s_op = instr.operands[first + d]
        v = ctx.operands[first + d][0].load(b, Index(s_op.shape, [], None))
        out.append(clamp_start(b, widen(b, v, s_op.shape.etype), s_op.shape.etype, dims[d] - sizes[d]))
    return out


@kernel.check("dynamic-update-slice")
def check_dus(instr: Instruction) -> None:
    op, upd = instr.operands[0], instr.operands[1]
    starts = instr.operands[2:]
    if len(starts) != op.shape.rank or any(s.shape.rank != 0 for s in starts):
        raise CodegenError("dynamic-update-slice needs one scalar start index per operand dimension", instr.loc)
    for s in starts:
        check_index_type(instr, s.shape.etype, "start indices")
    if upd.shape.rank != op.shape.rank or any(u > n for u, n in zip(upd.shape.dims, op.shape.dims)):
        raise CodegenError(f"dynamic-update-slice: update {upd.shape} does not fit operand {op.shape}", instr.loc)
    if upd.shape.etype != op.shape.etype or instr.shape.dims != op.shape.dims:
        raise CodegenError("dynamic-update-slice: operand, update and result shapes disagree", instr.loc)


@kernel("dynamic-update-slice")
def emit_dus(ctx, instr: Instruction) -> None:
    b = ctx.b
    out = ctx.outputs[0]
    upd = ctx.operands[1][0]
    if 0 not in ctx.in_place:
        copy_array(b, out, ctx.operands[0][0])
    if upd.shape.num_elements == 0:
        return
    starts = clamped_starts(ctx, instr, 2, upd.shape.dims)
    with index_loop(b, upd.shape, False, "u") as index:
        multi = index.get_multi(b)
        dst = [b.add(m, s, flags=["nuw", "nsw"]) for m, s in zip(multi, starts)]
        out.store(b, Index(out.shape, dst, None), upd.load(b, index))
