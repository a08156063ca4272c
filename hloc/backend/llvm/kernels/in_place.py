"""dynamic-update-slice in place: when the buffer assignment lets it overwrite its operand's buffer
(buffers.IN_PLACE_OPS), only the update window is written; otherwise the whole output is computed
elementally like any other data-movement op (loop.py)."""

from __future__ import annotations

from ....ir.module import Instruction
from ..elemental import _start_indices
from ..loops import Index, loop_nest
from . import kernel
from .loop import emit_elemental_instr


@kernel("dynamic-update-slice")
def emit_dynamic_update_slice(ctx, instr: Instruction) -> None:
    if not ctx.in_place:
        emit_elemental_instr(ctx, instr)
        return
    b = ctx.b
    op, upd = instr.operands[0], instr.operands[1]
    em = ctx.elemental({o: ctx.operand_source(k, o.shape) for k, o in enumerate(instr.operands) if k > 0})
    out = ctx.outputs[0]
    if upd.shape.num_elements == 0:
        return
    starts = _start_indices(em, instr, 2, upd.shape.dims, op.shape.dims)
    with em.scope(), loop_nest(b, upd.shape, "u") as multi:
        v = em.value(upd, Index(upd.shape, multi, None))
        out.store(b, Index(out.shape, [b.add(m, s) for m, s in zip(multi, starts)], None), v)
