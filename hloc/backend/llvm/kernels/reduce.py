"""The reduce kernel (also the reduce roots of fusions, with inputs computed elementally).

Two loop orders, chosen by where the input's most minor (contiguous) dimension goes:
  * row: it is reduced. For each output element, a loop nest over the reduced dimensions with the
    accumulators in registers; the innermost loop is contiguous, and a single-op float reducer
    carries `reassoc` (XLA:CPU's rule) so LLVM vectorises it with partial sums.
  * column: it is kept. The outputs are initialised, then the input is walked in layout order and
    each element folded into its output element; the innermost loop runs along contiguous output
    elements with no loop-carried dependency, so it vectorises without reassociation, and each
    output element still accumulates in input order.
"""

from __future__ import annotations

from ....ir.module import Instruction
from ..elemental import Accumulators, Elemental, IrArray, emit_reduce_step
from ..loops import Index, loop_nest


def _scalar(shape) -> Index:
    return Index(shape, [], None)


def emit_reduce(em: Elemental, instr: Instruction, outs: list[IrArray]) -> None:
    b = em.b
    n = len(instr.operands) // 2
    inputs, inits = instr.operands[:n], instr.operands[n:]
    comp = instr.attrs["to_apply"]
    in_shape = inputs[0].shape
    dims = set(instr.dimensions)
    kept = [d for d in range(in_shape.rank) if d not in dims]
    out_shape = outs[0].shape
    row = in_shape.rank == 0 or in_shape.minor_to_major[0] in dims or not kept

    def gather_input(src):
        return [em.value(inp, Index(inp.shape, src, None)) for inp in inputs]

    if row:
        with em.scope(), loop_nest(b, out_shape, "o") as omulti:
            accs = Accumulators(b, [em.value(i, _scalar(i.shape)) for i in inits])
            with em.scope(), loop_nest(b, in_shape, "r", dims) as rmulti:
                src = list(rmulti)
                for k, d in enumerate(kept):
                    src[d] = omulti[k]
                accs.set(emit_reduce_step(em, comp, accs.get(), gather_input(src)))
            oidx = Index(out_shape, omulti, None)
            for out, v in zip(outs, accs.get()):
                out.store(b, Index(out.shape, oidx.multi, None), v)
        return

    with em.scope(), loop_nest(b, out_shape, "o") as omulti:
        for out, init in zip(outs, inits):
            out.store(b, Index(out.shape, omulti, None), em.value(init, _scalar(init.shape)))
    with em.scope(), loop_nest(b, in_shape, "r") as multi:
        omulti = [multi[d] for d in kept]
        oidx = [Index(out.shape, omulti, None) for out in outs]
        accs = [out.load(b, i) for out, i in zip(outs, oidx)]
        new = emit_reduce_step(em, comp, accs, gather_input(multi))
        for out, i, v in zip(outs, oidx, new):
            out.store(b, i, v)
