"""select-and-scatter: select and scatter computations inlined, padding, strides (and dilations).

XLA's semantics (operation_semantics.md; XLA:CPU's SelectAndScatterExpander):
  * the result starts as init_value everywhere;
  * for each source element, in row-major order, its window (see reduce_window.py for positions,
    padding and dilation holes are skipped) is walked in row-major order: the first in-bounds
    element is selected, and each later element e replaces the selection s when select(s, e) is
    false (so a GE select keeps the first maximum);
  * result[selected] = scatter(result[selected], source): the current value first; a window with
    no in-bounds element scatters nothing.
"""

from __future__ import annotations

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.module import Instruction
from ..elemental import Accumulators
from ..llvmir.irvalues import I1, Cplx
from ..llvmir.loops import Index, index_loop
from . import kernel
from .indexing import check_scalar_computation, i64, row_major_nest
from .reduce_window import window_dims, window_output_dims, window_source


@kernel.check("select-and-scatter")
def check_select_and_scatter(instr: Instruction) -> None:
    if len(instr.operands) != 3:
        raise CodegenError("select-and-scatter takes an operand, a source and an init value", instr.loc)
    operand, source, init = instr.operands
    if operand.shape.is_tuple or source.shape.is_tuple or init.shape.is_tuple or init.shape.rank != 0:
        raise CodegenError("select-and-scatter: array operand and source, scalar init value", instr.loc)
    wdims = window_dims(instr)
    if len(wdims) != operand.shape.rank or any(wd.window_reversal for wd in wdims):
        raise CodegenError("select-and-scatter: the window does not fit the operand", instr.loc)
    try:
        placements = window_output_dims(operand.shape.dims, wdims)
    except CodegenError as e:
        raise CodegenError(f"select-and-scatter: {e.message}", instr.loc) from None
    if tuple(source.shape.dims) != tuple(placements):
        raise CodegenError(f"select-and-scatter: source dims {list(source.shape.dims)} != window placements "
                           f"{list(placements)}", instr.loc)
    if instr.shape.dims != operand.shape.dims or instr.shape.etype != operand.shape.etype or \
            source.shape.etype != operand.shape.etype:
        raise CodegenError("select-and-scatter: result, operand and source types disagree", instr.loc)
    check_scalar_computation(instr, instr.attrs.get("select"), 2, "select computation")
    check_scalar_computation(instr, instr.attrs.get("scatter"), 2, "scatter computation")


def _pick(b, cond, x, y):
    if isinstance(x, Cplx):
        return Cplx(b.select(cond, x.re, y.re), b.select(cond, x.im, y.im))
    return b.select(cond, x, y)


@kernel("select-and-scatter")
def emit_select_and_scatter(ctx, instr: Instruction) -> None:
    b = ctx.b
    out = ctx.outputs[0]
    operand, source, init = (ops[0] for ops in ctx.operands)
    em = ctx.elemental({})
    init_v = init.load(b, Index(init.shape, [], None))
    with index_loop(b, out.shape, False, "init") as index:
        out.store(b, index, init_v)
    if source.shape.num_elements == 0 or operand.shape.num_elements == 0:
        return
    wdims = window_dims(instr)
    select, scatter = instr.attrs["select"], instr.attrs["scatter"]
    rank = operand.shape.rank
    with row_major_nest(b, source.shape.dims, "src") as smulti:
        zero = operand.load(b, Index(operand.shape, [i64(0)] * rank, None))  # a placeholder value
        state = Accumulators(b, [ir.Constant(I1, 0), zero] + [i64(0)] * rank)
        with em.scope(), row_major_nest(b, [wd.size for wd in wdims], "win") as offsets:
            src, valid = window_source(b, smulti, offsets, wdims, operand.shape.dims)
            has, cur, *cur_pos = state.get()
            val = operand.load(b, Index(operand.shape, src, None))
            keep = em.call_computation(select, [cur, val])
            take = b.and_(valid, b.or_(b.not_(has), b.not_(keep)))
            state.set([b.or_(has, valid), _pick(b, take, val, cur)] +
                      [b.select(take, s, c) for s, c in zip(src, cur_pos)])
        has, _, *pos = state.get()
        with b.if_then(has):
            tidx = Index(out.shape, pos, None)
            upd = source.load(b, Index(source.shape, smulti, None))
            out.store(b, tidx, em.call_computation(scatter, [out.load(b, tidx), upd]))
