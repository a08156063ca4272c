"""The order a loop kernel walks its index space, so that the buffers it reads stream.

A loop nest in the space's own layout order (a reduce's input, a loop's output) reads a buffer that
reaches the space through a transpose with a stride when that buffer's contiguous dim is an outer
loop: each load then touches a new cache line, and a line is evicted before its neighbours are read.
torch_train_step's batch-norm statistics over an NHWC convolution seen as NCHW ([32,64,32,32] f32,
8 MiB, the channel reduced) took 15 ms each where one pass over the buffer takes about 0.6, and the
loops that write its gradients back as NHWC from NCHW-read buffers 15-20 ms each.

    walk = reduce_walk(instr, buffers)   # None: the space's own order is as good
    walk = loop_walk(roots, out_shape, buffers)   # a loop's: only with tiles
    with walk_nest(b, shape, walk, "r") as multi: ...

  * sources: the kernel's buffers (fused parameters, or a kernel's operands) of the space's rank
    that reach it through elementwise ops, copies and transposes, each with its layout in the space's
    dims and its element count;
  * `inner`, the dim walked innermost: a loop's output's contiguous dim (whole-vector stores); a
    reduce's kept dim that is some source's contiguous dim (the accumulation then runs along
    contiguous output elements and vectorises), else the biggest source's contiguous dim;
  * the order: the layout order of the biggest source whose contiguous dim is not `inner`, with
    `inner` cut into tiles of TILE_ELEMENTS: the tile loop stands where `inner` stood, the in-tile loop
    is innermost, so within a tile every source reads whole cache lines. When every source's contiguous
    dim is `inner`: the biggest source's order, no tiles (reduces only; a loop keeps its order).
    The in-tile loop carries the TILE loop hint (loops.py): it stays a loop, and it is the one LLVM
    vectorises.
  * a loop's order: both contiguous dims in tiles (`cross`: the biggest transposed source's), the
    tile loops in the output's order, the in-tile loops innermost (cross's, then inner's): a 2D
    blocked transpose, where every buffer streams in its own order and each tile reads and writes
    whole cache lines. When `cross` takes no tiles, the source's order with `inner` tiled, as above.
"""

from __future__ import annotations

import contextlib
from dataclasses import dataclass

from ....ir.module import Instruction
from ....ir.opcodes import ELEMENTWISE
from ....ir.types import Shape
from ..llvmir.irvalues import I64, const
from ..llvmir.loops import STREAM, TILE, for_range, nest_dims

TILE_ELEMENTS = 16  # in-tile elements of the split dim: a 64-byte cache line of f32
_THROUGH = ELEMENTWISE | {"copy"}


@dataclass(frozen=True)
class Walk:
    order: tuple[int, ...]  # the space's dims (size > 1), outermost first
    split: int | None = None  # the dim cut into tiles (its tile loop where it stands in `order`)
    tile: int = 1  # its in-tile trip count; the in-tile loop is innermost
    cross: int | None = None  # a second dim cut into tiles (loops), its in-tile loop just outside split's
    cross_tile: int = 1


def _tile(size: int) -> int | None:
    """The in-tile trip count for a dim of `size`: TILE_ELEMENTS (or half) dividing it, or the whole
    dim when it is no longer; None when neither divides it."""
    halves = (TILE_ELEMENTS, TILE_ELEMENTS // 2)
    return size if size <= TILE_ELEMENTS else next((t for t in halves if size % t == 0), None)


def sources(value: Instruction, buffers) -> list[tuple[int, tuple[int, ...]]]:
    """(elements, minor_to_major in `value`'s dims) of each buffer in `buffers` of `value`'s rank
    that `value` is computed from through elementwise ops, copies and transposes."""
    found: dict = {}
    seen = set()
    rank = value.shape.rank
    todo = [(value, tuple(range(rank)))]  # (node, perm): space dim i is node dim perm[i]
    while todo:
        node, perm = todo.pop()
        if (node, perm) in seen or node.shape.is_tuple or node.shape.rank != rank:
            continue
        seen.add((node, perm))
        if node in buffers:
            where = {nd: i for i, nd in enumerate(perm)}
            found[(node, perm)] = (node.shape.num_elements, tuple(where[d] for d in node.shape.minor_to_major))
        elif node.opcode == "transpose":
            todo.append((node.operands[0], tuple(node.dimensions[p] for p in perm)))
        elif node.opcode in _THROUGH:
            todo.extend((o, perm) for o in node.operands)
    return list(found.values())


def _contiguous(space: Shape, m2m: tuple[int, ...]) -> int | None:
    return next((d for d in m2m if space.dims[d] != 1), None)


def _order(space: Shape, m2m: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(d for d in reversed(m2m) if space.dims[d] != 1)


def plan_walk(space: Shape, srcs: list[tuple[int, tuple[int, ...]]], prefer=(), inner: int | None = None) \
        -> Walk | None:
    """The walk over `space` for these sources (see the module docstring), or None when it is the
    space's own layout order. `prefer`: dims to walk innermost when some source is contiguous in one;
    `inner`: the dim to walk innermost whatever the sources."""
    found = [(s, m) for s in srcs if (m := _contiguous(space, s[1])) is not None]
    if not found:
        return None
    srcs, minors = [s for s, _ in found], [m for _, m in found]
    if inner is None:
        inner = next((d for d in prefer if d in minors), None)
    if inner is None:
        inner = minors[max(range(len(srcs)), key=lambda k: srcs[k][0])]
    others = [s for s, m in zip(srcs, minors) if m != inner]
    if not others:
        best = max(srcs, key=lambda s: s[0])
        order = _order(space, best[1])
        return None if list(order) == nest_dims(space) else Walk(order)
    base = _order(space, max(others, key=lambda s: s[0])[1])
    tile = _tile(space.dims[inner])
    if tile is None:
        return None
    return Walk(base, inner, tile)


def reduce_walk(instr: Instruction, buffers) -> Walk | None:
    """The walk over a reduce's input space (None: its layout order). Variadic reduces, scalar
    results and rank-1 inputs keep their order."""
    in_shape = instr.operands[0].shape
    if len(instr.operands) != 2 or in_shape.rank < 2 or len(instr.dimensions) == in_shape.rank:
        return None
    kept = [d for d in range(in_shape.rank) if d not in set(instr.dimensions)]
    return plan_walk(in_shape, sources(instr.operands[0], buffers), prefer=kept[::-1])


LOOP_MIN_ELEMENTS = 1 << 14  # smaller loops keep their order (their buffers fit in L1/L2 anyway)


def loop_walk(roots: list[Instruction], shape: Shape, buffers) -> Walk | None:
    """The walk over a loop's output space (None: its layout order). Only a walk with tiles: the
    output's contiguous dim innermost (whole-vector stores), the other buffers read tile by tile."""
    if shape.rank < 2 or shape.num_elements < LOOP_MIN_ELEMENTS:
        return None
    srcs = [s for r in roots for s in sources(r, buffers)]
    inner = _contiguous(shape, shape.minor_to_major)
    walk = plan_walk(shape, srcs, inner=inner)
    if walk is None or walk.split is None:
        return None
    # Both contiguous dims in tiles, the tiles in the output's order: in the biggest transposed
    # source's order with only `inner` tiled, its contiguous dim is walked whole between the in-tile
    # loop and the tile loop, so each tile touches that many output (and output-order source) lines,
    # each a page apart in an NCHW plane: 64 channels, 128 streams that defeat the prefetcher
    # (torch_train_step's subtract_multiply_fusion: 4.7 ms, 3.4 in the plain layout order, 1.65
    # with both dims tiled; 4K aliasing was not it: 31-row planes were as slow).
    others = [(s[0], m) for s in srcs if (m := _contiguous(shape, s[1])) not in (None, inner)]
    cross = max(others)[1]
    cross_tile = _tile(shape.dims[cross])
    if cross_tile is None:
        return walk
    return Walk(_order(shape, shape.minor_to_major), inner, walk.tile, cross, cross_tile)


def walk_extent(space: Shape, walk: Walk, min_grain: int = 1024) -> tuple[int, int]:
    """loops.outer_extent for a walk: the trip count of its outermost loop (tiles, for the split
    dim) and a slice granularity of at least `min_grain` elements."""
    n = _trips(space, walk, walk.order[0])
    inner = space.num_elements // max(1, n)
    return n, max(1, -(-min_grain // max(1, inner)))


def _trips(space: Shape, walk: Walk, d: int) -> int:
    """The trip count of dim d's loop in `walk`: its tiles for a split dim."""
    if d == walk.split:
        return space.dims[d] // walk.tile
    if d == walk.cross:
        return space.dims[d] // walk.cross_tile
    return space.dims[d]


def innermost(walk: Walk) -> int:
    return walk.split if walk.split is not None else walk.order[-1]


@contextlib.contextmanager
def walk_nest(b, space: Shape, walk: Walk, name: str, dims=None, outer=None, hint: str | None = None):
    """loops.loop_nest's multi-index over `dims` (default: all) of `space`, in `walk`'s order.
    `outer`: (lo, hi) bounds of the outermost loop (in tiles for the split dim: walk_extent)."""
    multi = [const(I64, 0)] * space.rank
    loops = [d for d in walk.order if dims is None or d in dims]
    with contextlib.ExitStack() as stack:
        bases = {}
        for k, d in enumerate(loops):
            lo, hi = outer if outer is not None and k == 0 else (0, _trips(space, walk, d))
            if d in (walk.split, walk.cross):
                t = stack.enter_context(for_range(b, hi, f"{name}{d}.t", start=lo, hint=hint))
                bases[d] = b.mul(t, const(I64, walk.tile if d == walk.split else walk.cross_tile), flags=["nuw", "nsw"])
            else:
                multi[d] = stack.enter_context(for_range(b, hi, f"{name}{d}", start=lo, hint=hint))
        in_hint = TILE if hint == STREAM else hint
        for d, tile in ((walk.cross, walk.cross_tile), (walk.split, walk.tile)):
            if d in bases:
                j = stack.enter_context(for_range(b, tile, f"{name}{d}.in", hint=in_hint))
                multi[d] = b.add(bases[d], j, flags=["nuw", "nsw"])
        yield multi
