"""The loop kernel: one loop (nest) over the output, each element computed elementally.

Used for every elementwise and data-movement instruction, and for fusions: the fused computation's
roots are computed from the fusion operands' buffers with no intermediate buffers. Roots of the
same shape share one loop (multi-output fusion); reduce roots go to the reduce kernel with their
inputs still computed elementally (kInput fusion); sibling reduces over the same input space
share one walk, which also stores the elementwise roots of that input's shape.

Large loops and reductions are split over threads (parallel.py): the outermost loop's range is cut
into slices, each emitted in a function of its own with the operands read afresh.

A loop or reduce whose fused buffers reach it through transposes walks in their order instead of the
output's (walk_order.py): tiled, when two of them (or a buffer and the output) are contiguous in
different dims.
"""

from __future__ import annotations

import contextlib
import dataclasses

from ....errors import CodegenError
from ....ir.module import Instruction, operand_tree
from ....ir.opcodes import ELEMENTWISE
from ....ir.types import Shape
from ..elemental import Elemental, IrArray, check_instruction
from ..llvmir.irvalues import I64, const
from ..llvmir.loops import STREAM, Index, index_loop, kernel_hint, nest_dims, outer_extent
from . import kernel
from .parallel import PARALLEL_MIN_WORK, parallel_range
from .permute import emit_permute, plan_permute
from .reduce import can_split, emit_reduce_split, emit_reduces, is_row_reduce, reduce_loop_key, reduce_work
from .stream_store import emit_stream_loop, memory_bound
from .walk_order import Walk, loop_walk, reduce_walk, walk_extent, walk_nest

# Ops whose element i depends only on element i of same-shaped operands (or on scalars).
_LINEAR_SAFE = ELEMENTWISE | {"parameter", "copy", "opt-barrier"}


def can_loop_flat(instr: Instruction, shape: Shape, seen=None) -> bool:
    """Whether computing `instr` at a flat physical offset of `shape` needs no multi-index: an
    elementwise tree over operands of the same dims and layout, scalars and scalar broadcasts."""
    seen = set() if seen is None else seen
    if instr in seen:
        return True
    seen.add(instr)
    op = instr.opcode
    if instr.shape.rank == 0 and op in ("constant", "parameter"):
        return True
    if op == "broadcast" and instr.operands[0].shape.rank == 0:
        return can_loop_flat(instr.operands[0], instr.operands[0].shape, seen)
    if op == "constant":
        return False
    if op not in _LINEAR_SAFE:
        return False
    s = instr.shape
    if s.dims != shape.dims or (s.rank > 1 and s.minor_to_major != shape.minor_to_major):
        return False
    return all(o.shape.rank == 0 and o.opcode in ("constant", "parameter", "broadcast") or
               can_loop_flat(o, shape, seen) for o in instr.operands)


def emit_loop(em: Elemental, roots: list[Instruction], outs: list[IrArray], flat_ok: bool, outer=None,
              hint: str = STREAM, walk: Walk | None = None) -> None:
    """One loop over the (common) shape of `roots`, storing each root's element into its output.
    `outer`: (lo, hi) bounds of the outermost loop (a parallel slice; see loops.outer_extent).
    `hint`: the loops' (loops.for_range). `walk`: a tiled order (walk_order.loop_walk)."""
    shape = outs[0].shape
    flat = flat_ok and shape.rank > 1
    with contextlib.ExitStack() as stack:
        stack.enter_context(em.scope())
        if walk is not None:
            index = Index(shape, stack.enter_context(walk_nest(em.b, shape, walk, "d", outer=outer, hint=hint)), None)
        else:
            index = stack.enter_context(index_loop(em.b, shape, flat, outer=outer, hint=hint))
        for root, out in zip(roots, outs):
            out.store(em.b, index, em.value(root, index.for_shape(em.b, root.shape)))


def _sources(c, params: list[Instruction]) -> dict:
    """Generators reading the kernel's operand k for params[k] (an operand or a fused parameter)."""
    return {p: c.operand_source(k, p.shape) for k, p in enumerate(params)}


def emit_parallel_loop(ctx, params: list[Instruction], roots: list[Instruction], out_idx: list[int],
                       flat_ok: bool, walk: Walk | None = None) -> None:
    """emit_loop over ctx.outputs[out_idx], its outer loop split over threads when it is large."""
    shape = ctx.outputs[out_idx[0]].shape
    n, grain = walk_extent(shape, walk) if walk is not None else outer_extent(shape, flat_ok and shape.rank > 1)
    hint = kernel_hint(shape.num_elements)
    stream = [i in ctx.stream for i in out_idx]
    if any(stream) and walk is None and (flat_ok or shape.rank <= 1) and memory_bound(roots, params):
        def stream_body(c, lo, hi, _task, _extras):
            em = c.elemental(_sources(c, params))
            emit_stream_loop(c.b, [c.outputs[i] for i in out_idx], stream, lo, hi,
                             lambda arrays, s, e: emit_loop(em, roots, arrays, flat_ok, (s, e), hint), grain)

        parallel_range(ctx, n, shape.num_elements, stream_body, grain, inline=True)
        return

    def body(c, lo, hi, _task, _extras):
        emit_loop(c.elemental(_sources(c, params)), roots, [c.outputs[i] for i in out_idx], flat_ok, (lo, hi),
                  hint, walk)

    # (a flat loop's range function inlined first: the same code for less LLVM time, parallel.py)
    parallel_range(ctx, n, shape.num_elements, body, grain, inline=walk is None and (flat_ok or shape.rank <= 1))


def emit_parallel_reduces(ctx, params: list[Instruction], reduces: list[Instruction], out_idx: list[list[int]],
                          side: list[tuple[Instruction, int]] = (), alone: bool = False,
                          walk: Walk | None = None) -> None:
    """emit_reduces into ctx.outputs (by index), split over threads when large (see reduce.py).
    `alone`: nothing else goes into the kernel's function. `walk`: the input walk's order."""
    first = reduces[0]
    out_shape = ctx.outputs[out_idx[0][0]].shape
    work = reduce_work(first, params)
    hint = kernel_hint(work)

    def em_of(c):
        return c.elemental(_sources(c, params))

    def outs_of(c):
        return [[c.outputs[i] for i in idx] for idx in out_idx]

    def side_of(c):
        return [(r, c.outputs[i]) for r, i in side]

    if not is_row_reduce(first, walk):
        emit_reduces(em_of(ctx), reduces, outs_of(ctx), side_of(ctx), hint=hint, walk=walk)
    elif walk is None and len(reduces) == 1 and not side and can_split(first, out_shape) \
            and work >= PARALLEL_MIN_WORK:
        emit_reduce_split(ctx, em_of, first, ctx.outputs[out_idx[0][0]], alone, work)
    else:
        n, grain = outer_extent(out_shape, False, min_grain=16)

        def body(c, lo, hi, _task, _extras):
            emit_reduces(em_of(c), reduces, outs_of(c), side_of(c), (lo, hi), hint, walk)

        parallel_range(ctx, n, work, body, grain)


@dataclasses.dataclass
class Part:
    """One loop of a kernel: `loop` (roots of one shape, each stored into output leaf outs[k]) or
    `reduce` (reduces sharing one walk, outs[k] their output leaves; `side`: (root, output leaf)
    elementwise roots of the input's shape stored during that walk; `walk`: its order, walk_order)."""

    kind: str
    roots: list
    outs: list
    flat_ok: bool = False
    side: list = dataclasses.field(default_factory=list)
    walk: Walk | None = None


def kernel_parts(instr: Instruction) -> tuple[list[Instruction], list[Part]]:
    """The loops the loop kernel emits for `instr` (a fusion or an elemental instruction), and the
    instructions its generators read operand k through (fused parameters, or the operands)."""
    if instr.opcode != "fusion":
        params = list(instr.operands)
        if instr.opcode == "reduce":
            walk = reduce_walk(instr, set(params))
            return params, [Part("reduce", [instr], [list(range(len(instr.shape.leaves())))], walk=walk)]
        if instr.shape.is_tuple:
            raise CodegenError(f"'{instr.opcode}' with a tuple result needs a kernel", instr.loc)
        flat_ok = all(o.shape.rank == 0 or (o.shape.dims == instr.shape.dims and o.shape.minor_to_major ==
                                            instr.shape.minor_to_major) for o in instr.operands) \
            and instr.opcode in ELEMENTWISE
        walk = None if flat_ok else loop_walk([instr], instr.shape, set(params))
        return params, [Part("loop", [instr], [0], flat_ok, walk=walk)]
    comp = instr.attrs["calls"]
    params = [comp.parameter(k) for k in range(len(instr.operands))]
    buffers = set(params)
    root = comp.root
    roots = list(root.operands) if root.opcode == "tuple" else [root]
    leaves = instr.shape.leaves()
    # Split the output leaves among the roots (a variadic reduce root owns several). Reduces that
    # walk the same input space share one loop nest, and elementwise roots of that input's shape
    # that do not depend on a reduce are stored during the walk; the other roots share one loop
    # per output shape.
    reduce_groups: dict = {}
    loop_groups: dict = {}
    pos = 0
    for r in roots:
        n = len(r.shape.leaves())
        mine = list(range(pos, pos + n))  # output leaf numbers
        pos += n
        if r.opcode == "reduce":
            group = reduce_groups.setdefault(reduce_loop_key(r, reduce_walk(r, buffers)), ([], []))
            group[0].append(r)
            group[1].append(mine)
            continue
        if r.shape.is_tuple:
            raise CodegenError("a tuple-shaped fusion root other than a reduce is not supported", instr.loc)
        group = loop_groups.setdefault((r.shape.dims, r.shape.minor_to_major), ([], []))
        group[0].append(r)
        group[1].append(mine[0])
    parts = []
    for (dims, layout, _, _, walk), (reduces, routs) in reduce_groups.items():
        side = []
        group = loop_groups.get((dims, layout))
        if group is not None and not any(_reaches_reduce(r) for r in group[0]):
            side = list(zip(*loop_groups.pop((dims, layout))))
        parts.append(Part("reduce", reduces, routs, side=side, walk=walk))
    for group_roots, group_outs in loop_groups.values():
        flat_ok = all(can_loop_flat(r, leaves[i]) for r, i in zip(group_roots, group_outs))
        walk = None if flat_ok else loop_walk(group_roots, leaves[group_outs[0]], buffers)
        parts.append(Part("loop", group_roots, group_outs, flat_ok, walk=walk))
    return params, parts


def emit_parts(ctx, params: list[Instruction], parts: list[Part]) -> None:
    """Each part, its outer loop split over threads when it is large."""
    for part in parts:
        if part.kind == "reduce":
            emit_parallel_reduces(ctx, params, part.roots, part.outs, part.side, alone=len(parts) == 1,
                                  walk=part.walk)
        else:
            emit_parallel_loop(ctx, params, part.roots, part.outs, part.flat_ok, part.walk)


def emit_part_rows(ctx, params: list[Instruction], part: Part, lo, hi) -> None:
    """One part over rows [lo, hi) of its outer loop (see `part_rows`), serially."""
    em = ctx.elemental(_sources(ctx, params))
    if part.kind == "reduce":
        emit_reduces(em, part.roots, [[ctx.outputs[i] for i in idx] for idx in part.outs],
                     [(r, ctx.outputs[i]) for r, i in part.side], (lo, hi), walk=part.walk)
        return
    shape = ctx.outputs[part.outs[0]].shape
    if part.flat_ok and shape.rank > 1:  # one flat loop: rows are runs of `inner` physical elements
        inner = shape.num_elements // shape.dims[nest_dims(shape)[0]]
        lo, hi = (em.b.mul(v, const(I64, inner), flags=["nuw", "nsw"]) for v in (lo, hi))
    emit_loop(em, part.roots, [ctx.outputs[i] for i in part.outs], part.flat_ok, (lo, hi))


def part_rows(part: Part, leaves: list[Shape]) -> tuple[int, int] | None:
    """(rows, dim): the trip count of the part's outer loop and the output dimension it walks
    (`leaves`: the kernel's output leaf shapes), or None when that loop cannot be cut into row
    ranges (a reduction to one element split over threads, a column reduction, a tiled loop walk)."""
    if part.kind == "loop" and part.walk is not None:
        return None
    if part.kind == "reduce":
        first = part.roots[0]
        if not is_row_reduce(first, part.walk):
            return None
        shape = leaves[part.outs[0][0]]
    else:
        shape = leaves[part.outs[0]]
    order = nest_dims(shape)
    if not order:
        return None
    return shape.dims[order[0]], order[0]


def emit_elemental_instr(ctx, instr: Instruction) -> None:
    plan = plan_permute(instr)
    if plan is not None:
        emit_permute(ctx, plan)
        return
    emit_parts(ctx, *kernel_parts(instr))


@kernel.check("fusion")
def check_fusion(instr: Instruction) -> None:
    if instr.attrs.get("kind") not in ("kLoop", "kInput"):
        raise CodegenError(f"fusion kind {instr.attrs.get('kind')} is not supported by the native backend", instr.loc)
    check_instruction(instr.attrs["calls"].root)
    for sub in instr.attrs["calls"].instructions:
        check_instruction(sub)


@kernel("fusion")
def emit_fusion(ctx, instr: Instruction) -> None:
    emit_elemental_instr(ctx, instr)


def _reaches_reduce(instr: Instruction) -> bool:
    """Whether `instr` is computed from a reduce inside its fused computation."""
    return any(i.opcode == "reduce" for i in operand_tree([instr]))
