"""The order XLA:CPU combines a long f16/bf16/f8 reduction in, reproduced inside the reduce loop.

XLA:CPU's TreeReductionRewriter turns every single-output reduce with a reduced dimension longer
than 32 into a reduce-window (each reduced dimension cut into windows of min(size, 32), stride =
window, SAME padding, padded positions skipped; each window folded from the init value in row-major
order) followed by a reduce of the window results, rewritten again until every reduced dimension is
at most 32; the last reduce folds its elements from the init value in row-major order. f16 and bf16
round after every step, so that order decides the result: folded one by one, a sum of 1M f16 values
stalls where the running sum's ulp outgrows the addends (1085 for 1258.9); in windows of 32 it stays
close (1261, XLA's value). The interpreter (interp/ops/reduce.py) reproduces the same order on arrays.

Here the tree is walked depth first, with no intermediate buffers: a window fold at level L calls
the level L-1 fold for each position of its window, down to the input elements (level 0), so each
level keeps one accumulator per reducer output and the input is read once, in windows of 32
contiguous elements along a minor reduced dimension. f32/f64 reductions keep their own order (see
kernels/reduce.py): reassociated and vectorised where the reducer allows it, as XLA:CPU does.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import llvmlite.ir as ir

from ....ir.module import Instruction
from ..llvmir.irvalues import F32_COMPUTED, I64, const
from ..llvmir.loops import for_range

WINDOW = 32  # TreeReductionRewriter's default window on XLA:CPU


def needs_tree(instr: Instruction) -> bool:
    """A single-output reduce of a type rounded after every step (f16, bf16, the f8 types) with a
    reduced dimension longer than WINDOW (none empty)."""
    if len(instr.operands) != 2 or instr.shape.is_tuple or instr.shape.etype not in F32_COMPUTED:
        return False
    sizes = [instr.operands[0].shape.dims[d] for d in instr.dimensions]
    return any(s > WINDOW for s in sizes) and all(s > 0 for s in sizes)


def tree_levels(sizes: list[int]) -> list[list[tuple[int, int, int]]]:
    """Per level, bottom up, per reduced dimension: (child size, window, low padding). The last
    level is the final fold (window = the whole remaining size, no padding)."""
    levels = []
    while any(s > WINDOW for s in sizes):
        level = []
        for s in sizes:
            w = min(s, WINDOW)
            count = -(-s // w)
            level.append((s, w, (count * w - s) // 2))
        levels.append(level)
        sizes = [-(-s // min(s, WINDOW)) for s in sizes]
    levels.append([(s, s, 0) for s in sizes])
    return levels


def emit_tree_fold(b: ir.IRBuilder, scope: Callable, sizes: list[int], leaf: Callable, new_accs: Callable,
                   step: Callable) -> list:
    """Fold the elements of a reduced space of `sizes` (the reduced dimensions, in row-major order)
    in TreeReductionRewriter's order. `leaf(pos)` gives the values at reduced position `pos` (i64
    values, one per reduced dimension); `new_accs()` makes accumulators holding the init values
    (with `get()`, which gives values shaped as `leaf`'s); `step(accs, values)` folds values into
    them. Returns the final `get()`. `scope()` is the Elemental's cache scope (values made in a
    loop stay there)."""
    levels = tree_levels(list(sizes))

    def fold(k: int, pos: list) -> list:
        # the value of the level-k array at `pos`: its window over level k-1, folded from the init
        if k == 0:
            return leaf(pos)
        accs = new_accs()
        with scope(), contextlib.ExitStack() as stack:
            child, inside = [], []
            for d, ((size, w, lo), p) in enumerate(zip(levels[k - 1], pos)):
                if w == 1:
                    child.append(p)
                    continue
                t = stack.enter_context(for_range(b, w, f"w{k}.{d}"))
                start = p if isinstance(p, ir.Constant) and p.constant == 0 else b.mul(p, const(I64, w))
                c = b.add(start, const(I64, -lo)) if lo else start
                c = b.add(c, t)
                child.append(c)
                if -(-size // w) * w != size:  # padded: skip the positions outside the child array
                    inside.append(b.and_(b.icmp_signed(">=", c, const(I64, 0)),
                                         b.icmp_signed("<", c, const(I64, size))))
            if inside:
                ok = inside[0]
                for v in inside[1:]:
                    ok = b.and_(ok, v)
                stack.enter_context(b.if_then(ok))
                stack.enter_context(scope())
            step(accs, fold(k - 1, child))
        return accs.get()

    return fold(len(levels), [const(I64, 0)] * len(sizes))

