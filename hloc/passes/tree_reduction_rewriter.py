"""tree-reduction-rewriter: long f32/f64 column sums in windows, after XLA:CPU's TreeReductionRewriter.

    reduce(x : f32[4096,16], 0), dimensions={0}
        => reduce(reduce(reshape(x) : f32[256,16,16], 0), dimensions={1}) : f32[256,16], 0), dimensions={0}
           (and again while a reduced dimension is longer than 16 or several remain)

A reduction that keeps the input's minor (contiguous) dimension is folded by the native backend in
input order, one element at a time into each output element: its error grows like the count (a
BatchNorm mean over N, H, W of 4096 positions: 24x XLA:CPU's error; XLA:CPU rewrites every reduce
into windows of 32). Summed in windows of 16 whose sums are summed the same way, it grows like 16
per level: within 1.2x of XLA's on benchmarks/bench_accuracy.py's cases. Row sums (the minor
dimension reduced) are left alone: their vectorised partial sums are accurate already, and many
short rows would be slower.

A reduced dimension of length n > 16 is split into (n / w, w), w the divisor of n nearest 16 from
8 to 32 (n padded with the init value to a multiple of 16 when there is none), in a layout keeping
the physical order, so the reshape is free; of several short reduced dimensions the longest is
summed first, alone. Only single-input reduces of a plain add with a zero init are rewritten: with
another init value, the result would change.
"""

from __future__ import annotations

import math

import numpy as np

from ..ir.attrs import PadDim
from ..ir.module import Computation, Instruction, Module
from ..ir.types import Layout, Shape
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import replace_instruction

WINDOW = 16
ROW_WINDOW = 4096  # a long row sum's rows
LONG_ROW = 65536  # elements per output beyond which a row sum is split


def _plain_add(comp: Computation) -> bool:
    root = comp.root_instruction
    params = comp.parameters
    return (root.opcode == "add" and len(comp.instructions) == 3 and len(params) == 2
            and {id(o) for o in root.operands} == {id(p) for p in params})


def _zero(instr: Instruction) -> bool:
    return (instr.opcode == "constant" and isinstance(instr.literal, np.ndarray) and instr.literal.size == 1
            and float(instr.literal.reshape(())) == 0.0)


def _window(n: int, lo: int, hi: int, target: int) -> int:
    """The divisor of n nearest `target` in [lo, hi] (n itself excluded; of two as near, the
    smaller), else 0. Searched outwards from `target`: a row sum's range is thousands long, and
    scanning all of it cost ~1.5 ms per compile."""
    hi = min(hi, n - 1)
    for delta in range(max(target - lo, hi - target) + 1):
        for w in (target - delta, target + delta):
            if lo <= w <= hi and n % w == 0:
                return w
    return 0


def candidate(instr: Instruction) -> tuple[int, int] | None:
    """(reduced dimension, window) to rewrite: window w > 0 splits the dimension into (n / w, w)
    (padded to a multiple of w when it does not divide n), 0 sums the dimension alone first; None
    leaves the reduce alone."""
    if instr.opcode != "reduce" or len(instr.operands) != 2 or instr.shape.is_tuple:
        return None
    x, init = instr.operands
    return tree_split(x.shape, instr.attrs["dimensions"], instr.attrs["to_apply"], init)


def tree_split(x: Shape, dims, reducer: Computation, init: Instruction) -> tuple[int, int] | None:
    """`candidate` for a reduce of an operand of shape `x` over `dims` (algsimp asks it before
    merging two reduces into one that would be split again)."""
    if x.etype not in ("f32", "f64") or not _plain_add(reducer) or not _zero(init):
        return None
    if not dims or x.rank == 0 or any(x.dims[d] == 0 for d in dims):
        return None
    per_output = math.prod(x.dims[d] for d in dims)
    minor = x.minor_to_major[0]
    if minor in dims:
        # a row sum: vectorised partial sums, sequential per lane; long ones in rows of ~4096
        if per_output <= LONG_ROW:
            return None
        n = x.dims[minor]
        if n > 2 * ROW_WINDOW:
            return minor, _window(n, ROW_WINDOW // 4, ROW_WINDOW * 4, ROW_WINDOW) or ROW_WINDOW
        return (minor, 0) if len(dims) > 1 else None
    d = max(dims, key=lambda k: x.dims[k])
    n = x.dims[d]
    if n > WINDOW:
        return d, _window(n, WINDOW // 2, 2 * WINDOW, WINDOW) or WINDOW
    return (d, 0) if len(dims) > 1 and per_output > WINDOW else None


def _split_shape(s: Shape, d: int, w: int) -> Shape:
    """`s` with dimension d of length n*w split into (n, w), the w part more minor (same bytes)."""
    dims = list(s.dims)
    dims[d:d + 1] = [dims[d] // w, w]
    m2m = []
    for k in s.minor_to_major:
        if k == d:
            m2m += [d + 1, d]
        else:
            m2m.append(k + 1 if k > d else k)
    return Shape(s.etype, tuple(dims), Layout(tuple(m2m)))


def rewrite(instr: Instruction, d: int, w: int) -> Instruction:
    comp = instr.computation
    b = Builder(comp)
    x, init = instr.operands
    n = x.shape.dims[d]
    reducer = instr.attrs["to_apply"]
    if w == 0:  # one dimension of several summed first, alone
        dims = tuple(instr.attrs["dimensions"])
        kept = [k for k in range(x.shape.rank) if k != d]
        first = b.add("reduce", Shape(x.shape.etype, tuple(x.shape.dims[k] for k in kept),
                                      Layout(tuple(k - (k > d) for k in x.shape.minor_to_major if k != d))),
                      [x, init], dimensions=(d,), to_apply=reducer)
        rest = b.add("reduce", instr.shape, [first, init], dimensions=tuple(k - (k > d) for k in dims if k != d),
                     to_apply=reducer)
        replace_instruction(instr, rest)
        return rest
    if n % w:
        padded = list(x.shape.dims)
        padded[d] = -(-n // w) * w
        config = tuple(PadDim(0, padded[d] - n) if k == d else PadDim(0, 0) for k in range(x.shape.rank))
        x = b.add("pad", Shape(x.shape.etype, tuple(padded), x.shape.layout), [x, init], padding=config)
    split = b.add("reshape", _split_shape(x.shape, d, w), [x])
    windows_dims = [s for k, s in enumerate(split.shape.dims) if k != d + 1]
    window_m2m = [k - 1 if k > d + 1 else k for k in split.shape.minor_to_major if k != d + 1]
    windows = b.add("reduce", Shape(x.shape.etype, tuple(windows_dims), Layout(tuple(window_m2m))),
                    [split, init], dimensions=(d + 1,), to_apply=reducer)
    rest = b.add("reduce", instr.shape, [windows, init], dimensions=tuple(instr.attrs["dimensions"]),
                 to_apply=reducer)
    replace_instruction(instr, rest)
    return rest


def run_on(module: Module) -> bool:
    changed = False
    for comp in module.computations:
        if comp.is_fusion:
            continue  # (run before fusion: the fused reduces were rewritten already)
        work = [i for i in comp.instructions if candidate(i) is not None]
        while work:
            instr = work.pop()
            how = candidate(instr)
            if how is None:
                continue
            rest = rewrite(instr, *how)
            work.append(rest)
            changed = True
    return changed


@register_pass
class TreeReductionRewriter(Pass):
    name = "tree-reduction-rewriter"
    summary = "sum long f32/f64 reductions in windows of 32 (XLA:CPU's TreeReductionRewriter)"

    def run(self, module: Module) -> bool:
        return run_on(module)
