"""The reduce kernel (also the reduce roots of fusions, with inputs computed elementally).

Two loop orders, chosen by where the input's most minor (contiguous) dimension goes (or, for an
input computed from transposed buffers, the dim walk_order.reduce_walk walks innermost; the column
order then walks in the buffers' order, tiled when they disagree, and float sums keep partials per
outermost slice):
  * row: it is reduced. For each output element, a loop nest over the reduced dimensions with the
    accumulators in registers; the innermost loop is contiguous, and a single-op float reducer
    carries `reassoc` (XLA:CPU's rule) so LLVM vectorises it with partial sums.
  * column: it is kept. The outputs are initialised, then the input is walked in layout order and
    each element folded into its output element; the innermost loop runs along contiguous output
    elements with no loop-carried dependency, so it vectorises without reassociation, and each
    output element still accumulates in input order.
  * tree: a single-output f16/bf16 reduce with a reduced dimension longer than 32 folds each
    output element's inputs in XLA:CPU's TreeReductionRewriter order (windows of 32, depth first:
    ../reduce_order.py), per output element as in the row order, whatever the layout. Each step
    rounds, so folding a long sum one element at a time would stall (1M f16 values: 1085 for 1258.9).

Threads (parallel.py; the split is chosen by the callers in loop.py): a large row reduction splits
its outer output loop (`outer`: each output element is still reduced by one thread, in the serial
order). A large reduction to a single element with a reassociable reducer (one associative float
op: the `reassoc` rule above) splits its outermost reduced loop instead (`emit_reduce_split`): each
task reduces its slice from the init value into a partial result on the kernel's stack, and the
partials are combined in task order, as XLA's tree-reduction rewrite reassociates (the init value
is applied once per partial, which an identity init makes harmless).
"""

from __future__ import annotations

import llvmlite.ir as ir

from ....ir.module import Instruction, operand_tree
from ..elemental import Accumulators, Elemental, IrArray, emit_reduce_step, reducer_fast_flags, scalar_constant
from ..elemental.reduce_order import emit_tree_fold, needs_tree
from ..llvmir.irutil import entry_slot
from ..llvmir.irvalues import I64, const, storage_type
from ..llvmir.loops import COLD, ROWS, STREAM, Index, for_range, loop_nest, outer_extent, rolled_walk
from .parallel import MAX_TASKS, parallel_range
from .walk_order import Walk, innermost, walk_nest


def _scalar(shape) -> Index:
    return Index(shape, [], None)


def emit_reduce(em: Elemental, instr: Instruction, outs: list[IrArray], outer=None) -> None:
    emit_reduces(em, [instr], [outs], outer=outer)


def is_row_reduce(instr: Instruction, walk: Walk | None = None) -> bool:
    """Whether the row loop order applies (the input's most minor dimension, or the innermost one
    of `walk`, the order its sources stream in (walk_order.reduce_walk), is reduced; or the reduction
    is folded in XLA's tree order, which is computed per output element)."""
    in_shape = instr.operands[0].shape
    dims = set(instr.dimensions)
    if in_shape.rank == 0 or len(dims) == in_shape.rank or needs_tree(instr):
        return True
    if walk is not None:
        return walk.split is None and innermost(walk) in dims
    return in_shape.minor_to_major[0] in dims


def reduce_loop_key(instr: Instruction, walk: Walk | None = None) -> tuple:
    """Reduces with equal keys walk the same input space in the same order (one loop nest)."""
    s = instr.operands[0].shape
    return (s.dims, s.minor_to_major, tuple(sorted(instr.dimensions)), needs_tree(instr), walk)


def emit_reduces(em: Elemental, reduces: list[Instruction], outs: list[list[IrArray]],
                 side: list[tuple[Instruction, IrArray]] = (), outer=None, hint: str = STREAM,
                 walk: Walk | None = None) -> None:
    """Reduces sharing `reduce_loop_key` (a multi-output fusion's sibling reductions), computed in
    one walk over their input space, each with its own accumulators. `side` are (instruction,
    output) pairs of elementwise values of the input's shape stored as the walk reaches each
    element (a producer fused into its reduce consumer as an extra output). `outer`: (lo, hi)
    bounds of the outermost output loop (row order only: a parallel slice). `hint`: the loops'
    (loops.for_range). `walk`: the order of the input walk (walk_order.reduce_walk; None: layout order)."""
    b = em.b
    first = reduces[0]
    in_shape = first.operands[0].shape
    dims = set(first.dimensions)
    kept = [d for d in range(in_shape.rank) if d not in dims]
    out_shape = outs[0][0].shape
    tree = needs_tree(first)  # (the same for every reduce of the group: reduce_loop_key)
    row = is_row_reduce(first, walk)
    if tree:
        walk = None

    def input_nest(name, only=None, hint=hint):
        if walk is None:
            return loop_nest(b, in_shape, name, only, hint=hint)
        return walk_nest(b, in_shape, walk, name, only, hint=hint)
    parts = []
    for r in reduces:
        n = len(r.operands) // 2
        parts.append((r.operands[:n], r.operands[n:], r.attrs["to_apply"]))

    def store_side(src):
        for instr, out in side:
            out.store(b, Index(out.shape, src, None), em.value(instr, Index(instr.shape, src, None)))

    def step(src, accs_of):
        for (inputs, _, comp), accs in zip(parts, accs_of):
            xs = [em.value(inp, Index(inp.shape, src, None)) for inp in inputs]
            accs.set(emit_reduce_step(em, comp, accs.get(), xs))
        store_side(src)

    if row:
        with em.scope(), loop_nest(b, out_shape, "o", outer=outer, hint=hint) as omulti:
            init_values = [[em.value(i, _scalar(i.shape)) for i in inits] for _, inits, _ in parts]
            if tree:
                rdims = sorted(dims)

                def leaf(pos):
                    # each part's input values at reduced position `pos`; the side outputs stored there
                    src = [None] * in_shape.rank
                    for d, p in zip(rdims, pos):
                        src[d] = p
                    for k, d in enumerate(kept):
                        src[d] = omulti[k]
                    xs_of = [[em.value(inp, Index(inp.shape, src, None)) for inp in inputs] for inputs, _, _ in parts]
                    store_side(src)
                    return xs_of

                def fold(group, xs_of):
                    for (_, _, comp), accs, xs in zip(parts, group.accs, xs_of):
                        accs.set(emit_reduce_step(em, comp, accs.get(), xs))

                results = emit_tree_fold(b, em.scope, [in_shape.dims[d] for d in rdims], leaf,
                                         lambda: _Group([Accumulators(b, v) for v in init_values]), fold)
            else:
                accs = [Accumulators(b, v) for v in init_values]
                with em.scope(), input_nest("r", dims, hint=ROWS) as rmulti:
                    src = list(rmulti)
                    for k, d in enumerate(kept):
                        src[d] = omulti[k]
                    step(src, accs)
                results = [acc.get() for acc in accs]
            for values, mine in zip(results, outs):
                for out, v in zip(mine, values):
                    out.store(b, Index(out.shape, omulti, None), v)
        return

    with em.scope(), loop_nest(b, out_shape, "o", hint=hint) as omulti:
        for (_, inits, _), mine in zip(parts, outs):
            for out, init in zip(mine, inits):
                out.store(b, Index(out.shape, omulti, None), em.value(init, _scalar(init.shape)))
    if walk is not None and walk.order and walk.order[0] in dims and walk.order[0] != walk.split \
            and _partial_sums(reduces, out_shape):
        # Sums over a walk (one running sum per output element, which LLVM reassociates only a few
        # elements at a time) fold each outermost reduced slice into zeroed partials first: each
        # output element is then a sum of dims[d0] partial sums instead of one running sum over the
        # whole input (32768 f32 values in torch_train_step's batch-norm gradients: 1-4% off XLA's,
        # 1e-4 with partials).
        partials = [[IrArray(entry_slot(b, ir.ArrayType(storage_type(out.etype), out_shape.num_elements), "partial"),
                             out.shape) for out in mine] for mine in outs]
        d0 = walk.order[0]
        with for_range(b, in_shape.dims[d0], f"r{d0}.slice", hint=hint) as i0:
            with loop_nest(b, out_shape, "z", hint=hint) as omulti:
                for mine in partials:
                    for part in mine:
                        part.store(b, Index(part.shape, omulti, None), scalar_constant(part.etype, -0.0))
            with em.scope(), rolled_walk(b), walk_nest(b, in_shape, Walk(walk.order[1:], walk.split, walk.tile),
                                                       "r") as multi:
                multi[d0] = i0
                omulti = [multi[d] for d in kept]
                accs = [_Slots(b, mine, [Index(p.shape, omulti, None) for p in mine]) for mine in partials]
                step(multi, accs)
                for a in accs:
                    a.store()
            with loop_nest(b, out_shape, "f", hint=hint) as omulti:
                for (_, _, comp), mine, pmine in zip(parts, outs, partials):
                    idx = [Index(o.shape, omulti, None) for o in mine]
                    totals = emit_reduce_step(em, comp, [o.load(b, i) for o, i in zip(mine, idx)],
                                              [p.load(b, i) for p, i in zip(pmine, idx)])
                    for o, i, v in zip(mine, idx, totals):
                        o.store(b, i, v)
        return
    with em.scope(), rolled_walk(b), input_nest("r") as multi:
        omulti = [multi[d] for d in kept]
        accs = [_Slots(b, mine, [Index(out.shape, omulti, None) for out in mine]) for mine in outs]
        step(multi, accs)
        for a in accs:
            a.store()


PARTIALS_MAX = 4096  # output elements up to which a walked sum keeps partials on the stack


def _partial_sums(reduces: list[Instruction], out_shape) -> bool:
    """Whether every reduce is a float sum (one reassociable add) small enough for stack partials."""
    def is_sum(r):
        root = r.attrs["to_apply"].root
        return len(r.operands) == 2 and root.opcode == "add" and bool(reducer_fast_flags(r.attrs["to_apply"]))

    return out_shape.num_elements <= PARTIALS_MAX and all(is_sum(r) for r in reduces)


class _Group:
    """The accumulators of sibling reduces, as one (emit_tree_fold's protocol)."""

    def __init__(self, accs: list[Accumulators]):
        self.accs = accs

    def get(self) -> list:
        return [a.get() for a in self.accs]


class _Slots:
    """Accumulators that live in the output buffers (column order: each output element is
    loaded, updated and stored back as the input is walked)."""

    def __init__(self, b, outs, indices):
        self.b, self.outs, self.indices = b, outs, indices
        self.values = [out.load(b, i) for out, i in zip(outs, indices)]

    def get(self) -> list:
        return self.values

    def set(self, values) -> None:
        self.values = list(values)

    def store(self) -> None:
        for out, i, v in zip(self.outs, self.indices, self.values):
            out.store(self.b, i, v)


def can_split(instr: Instruction, out_shape) -> bool:
    """A reduction to one element whose reducer may be reassociated (one input)."""
    return (len(instr.operands) == 2 and out_shape.num_elements == 1 and instr.operands[0].shape.rank > 0
            and bool(reducer_fast_flags(instr.attrs["to_apply"])))


def reduce_work(instr: Instruction, params) -> int:
    """The elements a kernel rooted at reduce `instr` reads per output, as the pool weighs it: the
    largest operand of a reduce in its element tree (`params`: where the kernel reads buffers), so a
    reduce of a fused reduce (the tree-reduction rewriter's reduce(reduce(reshape))) counts the
    elements the inner one sums, not its small result."""
    return max(r.operands[0].shape.num_elements for r in operand_tree([instr], params) if r.opcode == "reduce")


def emit_reduce_split(ctx, elemental, instr: Instruction, out: IrArray, alone: bool = False,
                      work: int | None = None) -> None:
    """A single-output reduction split over its outermost reduced loop, partials combined in task
    order. `elemental(c)` gives an Elemental reading the kernel's operands in context `c`. `work`:
    the elements the kernel reads in all (reduce_work; default the operand's), which sets the split's
    grain: the slices cut the work, not only the operand, into pieces of about 1024 elements. `alone`:
    the kernel's function holds nothing else, so it is left unoptimised (`optnone`, like glue: see
    hints.py): a hand-off to the pool and a loop over at most MAX_TASKS partials, which at -O0 costs
    about a microsecond per call and saves LLVM's full pipeline for one function."""
    comp = instr.attrs["to_apply"]
    inp, init = instr.operands
    in_shape = inp.shape
    dims = set(instr.dimensions)
    ety = storage_type(instr.shape.etype)  # f32 / f64: reducer_fast_flags admits only those
    partials_ty = ir.ArrayType(ety, MAX_TASKS)
    partials = entry_slot(ctx.b, partials_ty, "partials")
    work = work or in_shape.num_elements
    n_outer, grain = outer_extent(in_shape, False, dims, min_grain=max(1, 1024 * in_shape.num_elements // work))

    def slot(b, base, t):
        return b.gep(base, [const(I64, 0), t], source_etype=partials_ty)

    def body(c, lo, hi, task, extras):
        em = elemental(c)
        b = c.b
        with em.scope():
            accs = Accumulators(b, [em.value(init, _scalar(init.shape))])
            with em.scope(), loop_nest(b, in_shape, "r", dims, outer=(lo, hi), hint=STREAM) as rmulti:
                x = em.value(inp, Index(inp.shape, list(rmulti), None))
                accs.set(emit_reduce_step(em, comp, accs.get(), [x]))
            b.store(accs.get()[0], slot(b, extras[0], task))

    ntasks = parallel_range(ctx, n_outer, work, body, grain, extras=(partials,))
    b = ctx.b
    em = elemental(ctx)
    accs = Accumulators(b, [b.load(slot(b, partials, const(I64, 0)), typ=ety)])
    with for_range(b, ntasks, "p", start=1, hint=COLD) as t:
        accs.set(emit_reduce_step(em, comp, accs.get(), [b.load(slot(b, partials, t), typ=ety)]))
    out.store(b, _scalar(out.shape), accs.get()[0])
    if alone and "noinline" in ctx.fn.attributes:
        ctx.fn.attributes.add("optnone")
