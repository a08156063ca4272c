"""How to iterate: counted loops and loop nests over shapes, in layout order.

A nest visits a shape's dimensions from the most major to the most minor one of its layout, so the
innermost loop walks contiguous memory and LLVM's loop vectoriser can widen it. Loops are plain
counted loops (`for i in [0, n)`) with the induction variable as a phi; loop-carried values go
through allocas, which SROA turns into phis before the vectoriser runs.

    with for_range(b, n, "i") as i: ...                 # one loop
    with loop_nest(b, shape) as index: ...              # an Index over `shape`, in layout order
    with flat_loop(b, shape) as index: ...              # one loop over the physical elements

Loop hints (`hint=`: LLVM loop metadata on the latch) bound the work LLVM spends on a loop. LLVM's
time grows with the code its loop transforms make (llvmlite's LLVM is an assertions build: a few ms
per vectorised loop), and part of it bought nothing here:
  * STREAM: a loop of a large loop/reduce kernel. Once vectorised it stays rolled (a 1024-trip loop
    was vectorised 16 x 4 and then fully unrolled: 64 copies of its body), and a loop that does not
    vectorise is not runtime-unrolled; vectorisation and interleaving stay LLVM's choice. A loop
    holding another loop (which stays one) is not unrolled at all: it has nothing to vectorise. A
    loop of a small constant trip count (<= SMALL_TRIP) gets nothing: fully unrolled, it lets the
    enclosing loop vectorise.
  * ROWS: the reduced loop of a row reduction (of at most ROWS_MAX_TRIP elements). A long one is
    interleaved ROWS_INTERLEAVE times on AVX-512 (partial results in as many vectors; the module's
    `hloc_vector_bits`, set by the emitter, says which). Once vectorised it is unrolled ROWS_UNROLL
    times, not fully (rolled, the softmax and layer-norm rows measured 3-10% slower; fully
    unrolled, a 1024-wide row was 16 copies of its interleaved body, which LLVM's strength
    reduction, instruction selection and register allocation then walked again: ~30% of such a
    kernel's LLVM time); one interleaved ROWS_INTERLEAVE times is not unrolled (ROWS_WIDE_UNROLL).
    The reduced loops around it (a group norm's) are not
    unrolled, nor those around small ones holding it. An innermost reduced loop inside another, of
    ROWS_KEPT_TRIP iterations, stays a loop (not unrolled at all): LLVM unrolls such a loop fully
    before vectorising, and then vectorised the loop around it with a gather per element. So does an
    innermost reduced loop of (SMALL_TRIP, ROWS_KEPT_TRIP[1]] iterations right inside a loop over
    rows (not a small one: one around a small loop was vectorised with gathers a little faster).
  * A nest of small loops is fully unrolled into at most UNROLL_COPIES copies of its body: a hinted
    small loop that would make more stays a loop. A hinted loop whose body holds VECTOR_COPIES or
    more such copies is scalar and rolled (as COLD): the SLP vectoriser widens the copies, where
    LLVM vectorised the loop around them with a strided load and insert per element (unet's walk
    reductions over (8, 16, 4) elements: 1260 lines of assembly).
  * TILE: the in-tile loop of a tiled walk (kernels/walk_order.py), innermost, of a small constant trip
    count: kept a loop, so that it is the one vectorised (fully unrolled, the loop around it was
    vectorised instead, with scatters: a [32,32,32,64] -> [32,64,32,32] loop fusion 8.6 ms, 4.8 as a
    loop).
  * SMALL: a loop of a kernel touching fewer than SMALL_WORK elements (a microsecond of work):
    neither interleaved nor unrolled.
  * COLD: a loop that runs a handful of times per call (combining per-task partials): scalar, rolled.
  * RARE: as COLD, for a loop that does a few elements' work beside library calls (the last elements
    of an FFT's rows, a last partial group): a function whose other code is glue is then left
    unoptimised (hints.py), these loops with it.
"""

from __future__ import annotations

import contextlib
import math
import weakref

import llvmlite.ir as ir

from ....ir.types import Shape
from .irvalues import I64, const


class Index:
    """A position in an array shape: per-dimension indices (`multi`, logical order) and/or the
    physical element offset (`linear`) in `shape`'s layout. Whichever is missing is derived."""

    __slots__ = ("multi", "linear", "shape")

    def __init__(self, shape: Shape, multi=None, linear=None):
        self.shape = shape
        self.multi = list(multi) if multi is not None else None
        self.linear = linear

    def key(self):
        """A cache key: the SSA values themselves (kept alive by the key, so no id is ever reused;
        llvmlite constants compare by value, instructions by identity)."""
        if self.multi is not None:
            return tuple(self.multi)
        return ("lin", self.linear, self.shape.dims, self.shape.minor_to_major)

    def get_multi(self, b: ir.IRBuilder) -> list[ir.Value]:
        # Derived values are not cached on the Index: the first use may sit in an inner loop whose
        # blocks do not dominate later uses. LLVM's CSE merges the repeats.
        if self.multi is not None:
            return self.multi
        return delinearize(b, self.linear, self.shape)

    def linear_in(self, b: ir.IRBuilder, shape: Shape) -> ir.Value:
        """Physical offset of this position in `shape` (same dims; maybe another layout)."""
        if self.linear is not None and _same_layout(self.shape, shape):
            return self.linear
        return linearize(b, self.get_multi(b), shape)

    def for_shape(self, b: ir.IRBuilder, shape: Shape) -> Index:
        """This position seen from an operand of the same dims (keeps `linear` if layouts agree)."""
        if shape is self.shape:
            return self
        if _same_layout(self.shape, shape):
            return Index(shape, self.multi, self.linear)
        return Index(shape, self.get_multi(b), None)


def _same_layout(a: Shape, b: Shape) -> bool:
    return a.dims == b.dims and (a.rank <= 1 or a.minor_to_major == b.minor_to_major)


def strides(shape: Shape) -> list[int]:
    """Elements between consecutive indices of each logical dimension, in the shape's layout."""
    out = [0] * shape.rank
    s = 1
    for d in shape.minor_to_major or range(shape.rank - 1, -1, -1):
        out[d] = s
        s *= shape.dims[d]
    return out


def linearize(b: ir.IRBuilder, multi: list[ir.Value], shape: Shape) -> ir.Value:
    if not multi:
        return const(I64, 0)
    st = strides(shape)
    total = None
    for d in reversed(shape.minor_to_major or range(shape.rank - 1, -1, -1)):
        if shape.dims[d] == 1:
            continue
        term = multi[d] if st[d] == 1 else b.mul(multi[d], const(I64, st[d]), flags=["nuw", "nsw"])
        total = term if total is None else b.add(total, term, flags=["nuw", "nsw"])
    return total if total is not None else const(I64, 0)


def delinearize(b: ir.IRBuilder, linear: ir.Value, shape: Shape) -> list[ir.Value]:
    multi: list[ir.Value] = [const(I64, 0)] * shape.rank
    rest = linear
    order = list(shape.minor_to_major or range(shape.rank - 1, -1, -1))
    for k, d in enumerate(order):
        n = shape.dims[d]
        if n == 1:
            continue
        if k == len(order) - 1 or math.prod(shape.dims[e] for e in order[k + 1:]) == 1:
            multi[d] = rest
            break
        multi[d] = b.urem(rest, const(I64, n))
        rest = b.udiv(rest, const(I64, n))
    return multi


STREAM = "stream"
SMALL = "small"
COLD = "cold"
RARE = "rare"
ROWS = "rows"
TILE = "tile"
# Partial results of a long row reduction (ROWS) with AVX-512's 32 vector registers, vectors of
# them: LLVM picks 4, whose chains of adds (or of max's compares and selects) bound a row already in
# L1 (a 1024-wide row: 16 dependent adds of 512-bit vectors each). 8 measured, 1 thread, Zen 5, ms:
# layernorm_4096x1024 0.965 -> 0.933, softmax_1024x1024 0.237 -> 0.228 (then unrolled 2 times: as
# many copies of the body as 4 x 4). More partial sums, each of fewer elements: no less accurate. With
# AVX2's 16 registers LLVM's choice stays (8: layernorm 1.01 -> 1.04-1.10, softmax 0.43 -> 0.415).
ROWS_INTERLEAVE = 8
# Trip counts from which a ROWS loop is interleaved ROWS_INTERLEAVE times: shorter rows (measured
# only at 1024) keep LLVM's choice, their chains short anyway (a 256-wide row: 4 dependent adds).
ROWS_INTERLEAVE_TRIP = 1024
# Copies of a vectorised row reduction's body per iteration (ROWS), interleaved by LLVM's choice (4
# here): the unrolling only saves the loop's branches.
ROWS_UNROLL = 4
# The same for a row interleaved ROWS_INTERLEAVE times: its 8 copies per iteration are enough. Unrolled
# 2 times, 1 thread, Zen 5, ms: layernorm_4096x1024 0.97-1.05 either way, softmax_1024x1024 0.235;
# LLVM time per row phase ~1 ms more (16 copies of the body through instruction selection, LSR).
ROWS_WIDE_UNROLL = 1
# Trip counts above which a row's loop is left to LLVM (ROWS: None): its vectorised loop has too many
# iterations to be unrolled fully (a 16M sum's rows of 4096: LLVM's own partial unrolling, less code).
ROWS_MAX_TRIP = 2048
# Trip counts of an innermost reduced loop inside another that keep it a loop (rows_kept): from a
# vector of f32 up to where LLVM stops unrolling such a loop fully before vectorising (its body of a
# few instructions under the full-unroll threshold).
ROWS_KEPT_TRIP = (8, 64)
# Constant trip counts up to which a STREAM loop may still be fully unrolled (the enclosing loop then
# becomes the innermost one and vectorises).
SMALL_TRIP = 16
# Copies of a loop body that fully unrolling a nest of small loops (<= SMALL_TRIP each) may make: a
# hinted small loop that would make more stays a loop, scalar (unroll_capped).
UNROLL_COPIES = 64
# Unrolled copies in a loop's body from which the loop itself is not vectorised (a vector of f32).
VECTOR_COPIES = 8
# Elements a kernel touches below which its loops are SMALL: it runs for a microsecond or so.
SMALL_WORK = 4096


def kernel_hint(work: int) -> str:
    """The hint of a loop/reduce kernel's loops, by the elements the kernel touches."""
    return SMALL if work < SMALL_WORK else STREAM


class _LoopID(ir.MDValue):
    """A loop's `llvm.loop` node: distinct, its first operand itself (what LLVM requires)."""

    def descr(self, buf):
        ops = ", ".join([self.get_reference()] + [op.get_reference() for op in self.operands])
        buf += (f"distinct !{{{ops}}}", "\n")


def _property(m: ir.Module, name: str, value: ir.Value | None = None) -> ir.MDValue:
    return m.add_metadata([ir.MetaDataString(m, name)] + ([value] if value is not None else []))


def loop_id(m: ir.Module, hint: str | None, trip: int | None, outer: bool = False,
            inner_kept: bool = False) -> ir.MDValue | None:
    """The `llvm.loop` node of a loop with `hint` and constant trip count `trip` (None: unknown);
    `outer`: it holds a loop that stays one; `inner_kept`: a ROWS loop kept rolled inside another
    (rows_kept)."""
    if hint == SMALL or (hint == STREAM and outer):
        # (an outer loop: nothing to vectorise or interleave; unrolling it copies the inner loops)
        return _loop_node(m, [_property(m, "llvm.loop.unroll.disable")])
    if hint == TILE:
        return _loop_node(m, [_property(m, "llvm.loop.unroll.disable")])
    if hint in (COLD, RARE):
        return _loop_node(m, [_property(m, "llvm.loop.vectorize.enable", ir.Constant(ir.IntType(1), 0)),
                              _property(m, "llvm.loop.unroll.disable")])
    if hint == ROWS:
        if outer:
            # A loop around the reduced one (a reduction over several dimensions). Once the inner loop
            # was vectorised and unrolled away (unet's group norms: 32 elements, two vectors) LLVM
            # unrolled these too: 1200-line functions, 40-55 ms of code generation each.
            return _loop_node(m, [_property(m, "llvm.loop.unroll.disable")])
        if inner_kept:
            # The innermost reduced loop inside another (a group norm's channels of a group): kept a
            # loop, the one vectorised, as TILE. Fully unrolled (LLVM does that to short loops before
            # vectorising), the loop around it was vectorised instead, a strided gather per element:
            # unet's group norms 3500-line functions, ~150 ms of LLVM each, and 3 GB/s.
            return _loop_node(m, [_property(m, "llvm.loop.unroll.disable")])
        if trip is None or trip <= SMALL_TRIP or trip > ROWS_MAX_TRIP:
            return None  # (as unhinted: one fully unrolled, or a long one)
        wide = trip >= ROWS_INTERLEAVE_TRIP and getattr(m, "hloc_vector_bits", 0) >= 512
        unroll = ROWS_WIDE_UNROLL if wide else ROWS_UNROLL
        unrolled = m.add_metadata(["llvm.loop.vectorize.followup_vectorized",
                                   _property(m, "llvm.loop.isvectorized", ir.Constant(ir.IntType(32), 1)),
                                   _property(m, "llvm.loop.unroll.count", ir.Constant(ir.IntType(32), unroll))
                                   if unroll > 1 else _property(m, "llvm.loop.unroll.disable")])
        if not wide:
            return _loop_node(m, [unrolled])
        interleave = _property(m, "llvm.loop.interleave.count", ir.Constant(ir.IntType(32), ROWS_INTERLEAVE))
        return _loop_node(m, [interleave, unrolled])
    if hint == STREAM and (trip is None or trip > SMALL_TRIP):
        # Not `llvm.loop.unroll.disable` on the loop itself: LLVM then also stops interleaving it (and
        # a reduction's partial sums are what make it fast). Only the vectorised loop is kept rolled,
        # and a loop that does not vectorise is not runtime-unrolled.
        rolled = m.add_metadata(["llvm.loop.vectorize.followup_vectorized",
                                 _property(m, "llvm.loop.isvectorized", ir.Constant(ir.IntType(32), 1)),
                                 _property(m, "llvm.loop.unroll.disable")])
        return _loop_node(m, [_property(m, "llvm.loop.unroll.runtime.disable"), rolled])
    return None


def _loop_node(m: ir.Module, properties: list) -> _LoopID:
    return _LoopID(m, properties, name=str(len(m.metadata)))


_OPEN_LOOPS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()
_OPEN_HINTS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # per open loop: its hint
_OPEN_COPIES: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # per open loop: unrolled copies inside
_OPEN_TRIPS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # per open loop: its constant trip count
HOLDS_LOOP, HOLDS_DEEP = 1, 2


def rows_kept(trip: int | None) -> bool:
    """Whether an innermost ROWS loop of `trip` iterations inside another ROWS loop stays a loop."""
    return trip is not None and ROWS_KEPT_TRIP[0] <= trip <= ROWS_KEPT_TRIP[1]


def _short_row(trip: int | None) -> bool:
    """Whether an innermost ROWS loop of `trip` iterations right inside a long loop that is not reduced
    (the rows of a row reduction) stays a loop: too long to be unrolled as a small loop, short enough that
    LLVM would unroll it fully before vectorising and then vectorise the rows' loop around it with a
    gather per element (special_functions' max over rows of 64: 64 gathers of 16 rows, 28 ms of LLVM
    for a 40-line kernel)."""
    return trip is not None and SMALL_TRIP < trip <= ROWS_KEPT_TRIP[1]


# Instructions of a short reduced loop (header and body) up to which it is kept a loop (_short_row): a
# sum or max of loads is ~12; a sum of exponentials ~40, whose rows' loop vectorised with gathers is
# as fast (AVX2: 2.4 ms against 2.85 kept, the row's log after it then scalar).
LIGHT_ROW_BODY = 24


def _light(fn: ir.Function, header: ir.Block) -> bool:
    blocks = fn.blocks[fn.blocks.index(header):]
    return sum(len(x.instructions) for x in blocks) <= LIGHT_ROW_BODY


def _trip(start, n, step) -> int | None:
    if all(isinstance(v, (int, ir.Constant)) for v in (start, n, step)):
        lo, hi, st = (v if isinstance(v, int) else v.constant for v in (start, n, step))
        return max(0, -(-(hi - lo) // st)) if st > 0 else None
    return None


@contextlib.contextmanager
def for_range(b: ir.IRBuilder, n, name: str = "i", start=0, step=1, hint: str | None = None):
    """`for (i = start; i < n; i += step)`, i64. Yields the induction variable; the builder is left
    after the loop. `hint`: STREAM, SMALL, COLD, RARE or ROWS (see the module's docstring)."""
    n_val = n if isinstance(n, ir.Value) else const(I64, n)
    start_val = start if isinstance(start, ir.Value) else const(I64, start)
    step_val = step if isinstance(step, ir.Value) else const(I64, step)
    fn = b.function
    pre = b.block
    header = fn.append_basic_block(f"{name}.header")
    body = fn.append_basic_block(f"{name}.body")
    exit_ = fn.append_basic_block(f"{name}.exit")
    b.branch(header)
    b.position_at_end(header)
    iv = b.phi(I64, name=name)
    iv.add_incoming(start_val, pre)
    b.cbranch(b.icmp_signed("<", iv, n_val), body, exit_)
    b.position_at_end(body)
    # Per open loop of the function: whether a loop that stays a loop (not small enough to be fully
    # unrolled) was made inside it. Such an outer loop cannot become innermost and vectorise.
    open_loops = _OPEN_LOOPS.setdefault(fn, [])
    hints = _OPEN_HINTS.setdefault(fn, [])
    # per open loop: the copies of the innermost body that fully unrolling the small loops inside
    # it makes (their trips' product; the most over the loops inside)
    copies_of = _OPEN_COPIES.setdefault(fn, [])
    trips = _OPEN_TRIPS.setdefault(fn, [])
    trip = _trip(start, n, step)
    # (inside a loop over rows, not one LLVM unrolls fully or vectorises itself)
    in_long = bool(trips) and (trips[-1] is None or trips[-1] > SMALL_TRIP)
    in_rows = bool(hints) and hints[-1] == ROWS
    open_loops.append(0)
    hints.append(hint)
    copies_of.append(1)
    trips.append(trip)
    try:
        yield iv
    finally:
        held = open_loops.pop()
        hints.pop()
        copies = copies_of.pop()
        trips.pop()
    # held: 1 (HOLDS_LOOP) when a loop made right inside stays one; 2 (HOLDS_DEEP) when one deeper
    # does, inside small loops LLVM unrolls fully
    outer = held == HOLDS_LOOP or (held == HOLDS_DEEP and hint == ROWS)
    kept = hint == ROWS and not held and (rows_kept(trip) if in_rows else
                                          in_long and _short_row(trip) and _light(fn, header))
    unrolled = not held and not kept and hint in (None, STREAM, ROWS) and trip is not None and trip <= SMALL_TRIP
    capped = unrolled and hint is not None and trip * copies > UNROLL_COPIES
    if capped:
        unrolled = False
    elif unrolled and copies_of:
        copies_of[-1] = max(copies_of[-1], trip * copies)
    # (in a reduction's walk, rolled_walk, an outer loop stays one too: unrolled, the loop around it
    # copies the whole nest for nothing to fold)
    stays = outer and hint == STREAM and _ROLLED_WALKS.get(fn, 0) > 0
    if open_loops and (kept or capped or stays or trip is None or trip > SMALL_TRIP):
        open_loops[-1] = HOLDS_LOOP
    elif open_loops and held and not open_loops[-1]:
        open_loops[-1] = HOLDS_DEEP
    nxt = b.add(iv, step_val, name=f"{name}.next", flags=["nuw", "nsw"])
    iv.add_incoming(nxt, b.block)
    latch = b.branch(header)
    # A loop whose body is already a vector's worth of unrolled copies (of contiguous inner
    # elements): scalar and rolled, as COLD; the SLP vectoriser widens the copies. Vectorised,
    # each of its vector lanes read the copies' elements at a stride, a load and insert each.
    scalar = capped or (hint in (STREAM, ROWS) and not outer and not kept and not unrolled
                        and copies >= VECTOR_COPIES)
    md = loop_id(b.module, COLD if scalar else hint, trip, outer, kept) if hint else None
    if md is not None:
        latch.set_metadata("llvm.loop", md)
    if hint == RARE:  # its blocks: the header, the body and every block made inside it (after the exit)
        blocks = fn.blocks[fn.blocks.index(header):]
        rare_blocks(fn).update(id(x) for x in blocks if x is not exit_)
    b.position_at_end(exit_)


_ROLLED_WALKS: weakref.WeakKeyDictionary = weakref.WeakKeyDictionary()  # per function: open rolled_walk blocks


@contextlib.contextmanager
def rolled_walk(b: ir.IRBuilder):
    """The loops made inside are a reduction's walk over its input, accumulating into the output: a
    small loop around loops that stay loops stays one too (not fully unrolled by LLVM). Its copies
    would hold nothing to fold (affine addresses, one add each), only more nest for LLVM: a bias
    gradient's [16,16,1024] -> [16,1024] walk, unrolled 16 times, was ~20% of mlp_b256_grad's LLVM
    time. (Loop kernels keep LLVM's unrolling: a concatenate's copies fold their operand choice.)"""
    fn = b.function
    _ROLLED_WALKS[fn] = _ROLLED_WALKS.get(fn, 0) + 1
    try:
        yield
    finally:
        _ROLLED_WALKS[fn] -= 1


def rare_blocks(fn: ir.Function) -> set[int]:
    """The ids of `fn`'s blocks inside RARE loops (kept on the function)."""
    if not hasattr(fn, "hloc_rare_blocks"):
        fn.hloc_rare_blocks = set()
    return fn.hloc_rare_blocks


def layout_order(shape: Shape) -> list[int]:
    """Dimensions from most major to most minor."""
    return list(reversed(shape.minor_to_major or range(shape.rank - 1, -1, -1)))


def nest_dims(shape: Shape, dims=None) -> list[int]:
    """The dimensions a loop nest over `dims` (default: all) of `shape` iterates, outermost first."""
    return [d for d in layout_order(shape) if (dims is None or d in dims) and shape.dims[d] != 1]


@contextlib.contextmanager
def loop_nest(b: ir.IRBuilder, shape: Shape, name: str = "d", dims=None, outer=None, hint: str | None = None):
    """Loops over `dims` (default: all) of `shape` in layout order; size-1 dimensions get no loop.
    Yields the list of per-dimension indices (constant 0 for dimensions not iterated). `outer`:
    (lo, hi) bounds for the outermost loop instead of the whole dimension (a parallel slice).
    `hint`: every loop's (for_range)."""
    multi: list[ir.Value] = [const(I64, 0)] * shape.rank
    todo = nest_dims(shape, dims)
    with contextlib.ExitStack() as stack:
        for k, d in enumerate(todo):
            lo, hi = outer if outer is not None and k == 0 else (0, shape.dims[d])
            multi[d] = stack.enter_context(for_range(b, hi, f"{name}{d}", start=lo, hint=hint))
        yield multi


def outer_extent(shape: Shape, flat: bool, dims=None, min_grain: int = 1024) -> tuple[int, int]:
    """(n, grain) of the loop `index_loop` (or `loop_nest` over `dims`) puts outermost: its trip count
    and a slice granularity of at least `min_grain` elements (whole vectors for a parallel split)."""
    if flat:
        return shape.num_elements, min_grain
    todo = nest_dims(shape, dims)
    if not todo:
        return 1, 1
    inner = math.prod(shape.dims[d] for d in todo[1:])
    return shape.dims[todo[0]], max(1, -(-min_grain // max(1, inner)))


@contextlib.contextmanager
def index_loop(b: ir.IRBuilder, shape: Shape, flat: bool, name: str = "d", outer=None, hint: str | None = None):
    """Iterate over every element of `shape`: one flat loop over physical offsets (`flat`), or a
    nest in layout order. Yields an Index. `outer`: (lo, hi) bounds of the outermost loop (see
    `outer_extent`). `hint`: the loops' (for_range)."""
    if flat:
        lo, hi = outer if outer is not None else (0, shape.num_elements)
        with for_range(b, hi, f"{name}.lin", start=lo, hint=hint) as i:
            yield Index(shape, None, i)
    else:
        with loop_nest(b, shape, name, outer=outer, hint=hint) as multi:
            yield Index(shape, multi, None)
