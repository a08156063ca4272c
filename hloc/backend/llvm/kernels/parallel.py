"""Splitting a kernel's outer loop over the module's worker pool (library/threadpool.py).

    ntasks = parallel_range(ctx, n, work, body, grain=1, extras=())

runs `body(c, lo, hi, task, extras)` for slices [lo, hi) of [0, n) (multiples of `grain` except at
the end) and returns the number of tasks (an i64 value; 1 when the loop stays serial). `c` is a
KernelContext like `ctx` whose buffers (outputs, operands, scratch) and `extras` (values of the
kernel's frame the body needs: pointers that alias none of the buffers, e.g. partial results, or
integers such as the indices of enclosing loops) are valid where `body` emits code.

Below PARALLEL_MIN_WORK (elements touched) the body is emitted inline in the kernel: the serial
code of small kernels is what it would be without the pool. Above it, the body goes into its own
function `<kernel>.range(buffers..., extras..., lo, hi, task)` (noalias buffers, as the kernel's), called
through a task function by `hloc.pool.parallel_for` with TASKS_PER_THREAD tasks per thread the call
may use (tasks are claimed dynamically, which evens out a noisy machine); with one thread, the range
function runs once over everything. With `slots` > 0 there is one task per thread, at most `slots`
(equal slices): the body may then use a scratch slot of its own, number `task` (< slots), e.g. for
per-thread packing buffers. With `inline`, the range function is `alwaysinline`: LLVM inlines it
into the task function before simplifying either, so its loop is simplified once, not once alone and
again inlined (a flat elementwise loop's: the same object code, ~8% less LLVM time on ew_chain_4m
and ew_transc_4m; other kernels' loops came out differently, transposes slower to compile).
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import llvmlite.ir as ir

from .. import library
from ..elemental import IrArray
from ..library.threadpool import TASK_TY, TASKS_PER_THREAD
from ..llvmir.irutil import entry_slot, smin
from ..llvmir.irvalues import I32, I64, PTR, VOID, const
from ..llvmir.symbols import fresh_name

# Elements a loop must touch before it is split. Measured here (2 vCPUs, loaded): a region costs
# ~0.1-5 us while the workers spin (up to ~1 ms after the previous region), 25-65 us when they have
# gone to sleep; 64K f32 elements stream in ~15-30 us on one core.
PARALLEL_MIN_WORK = 1 << 16
MAX_TASKS = 256


def parallel_range(ctx, n: int, work: int, body: Callable, grain: int = 1, extras: tuple = (),
                   slots: int = 0, inline: bool = False) -> ir.Value:
    b = ctx.b
    grain = max(1, grain)
    if n <= grain or work < PARALLEL_MIN_WORK:
        body(ctx, const(I64, 0), const(I64, n), const(I64, 0), list(extras))
        return const(I64, 1)

    m = ctx.module
    # The kernel's distinct buffer pointers (an operand read through an output's buffer shares its
    # pointer: passed once, so that `noalias` stays true).
    buffers: list = []

    def number(ptr) -> int:
        for k, p in enumerate(buffers):
            if p is ptr:
                return k
        buffers.append(ptr)
        return len(buffers) - 1

    out_no = [number(o.ptr) for o in ctx.outputs]
    operand_no = [[number(a.ptr) for a in g] for g in ctx.operands]
    scratch_no = number(ctx.scratch) if ctx.scratch is not None else None
    ptrs = buffers + list(extras)
    types = [PTR] * len(buffers) + [v.type for v in extras]

    # the range function: the body over [lo, hi)
    base = ctx.fn.name
    rng = ir.Function(m, ir.FunctionType(VOID, types + [I64, I64, I64]), fresh_name(m, f"{base}.range"))
    rng.linkage = "internal"
    rng.attributes.add("nounwind")
    for a in rng.args[:len(buffers)]:
        a.add_attribute("noalias")
    args = rng.args
    outputs = [IrArray(args[k], o.shape) for k, o in zip(out_no, ctx.outputs)]
    operands = [[IrArray(args[k], a.shape) for k, a in zip(ks, g)] for ks, g in zip(operand_no, ctx.operands)]
    scratch = args[scratch_no] if scratch_no is not None else None
    sub_extras = list(args[len(buffers):len(ptrs)])
    lo, hi, task = args[len(ptrs):]
    sub = dataclasses.replace(ctx, fn=rng, b=ir.IRBuilder(rng.append_basic_block("entry")), outputs=outputs,
                              operands=operands, scratch=scratch)
    body(sub, lo, hi, task, sub_extras)
    sub.b.ret_void()
    if inline and "noinline" not in rng.attributes:
        rng.attributes.add("alwaysinline")

    # the task function: task t of ntasks -> its slice
    tfn = ir.Function(m, TASK_TY, fresh_name(m, f"{base}.task"))
    tfn.linkage = "internal"
    tfn.attributes.add("nounwind")
    tctx, t = tfn.args
    tb = ir.IRBuilder(tfn.append_basic_block("entry"))

    frame_ty = ir.LiteralStructType(types + [I64])

    def slot(builder, base_ptr, k):
        return builder.gep(base_ptr, [const(I32, 0), const(I32, k)], inbounds=True, source_etype=frame_ty)

    loaded = [tb.load(slot(tb, tctx, k), typ=ty) for k, ty in enumerate(types)]
    ntasks_t = tb.load(slot(tb, tctx, len(ptrs)), typ=I64)
    units = (n + grain - 1) // grain
    per = tb.sdiv(tb.add(const(I64, units - 1), ntasks_t), ntasks_t)
    if n % grain == 0:
        # The slice in whole grains, then scaled: LLVM sees that its trip count is a multiple of the
        # grain (the vector width's), and leaves out the scalar remainder loop after the vectorised
        # one (a second copy of the body; ew_transc_4m: ~2.7 of ~18 ms of LLVM time).
        u_lo = smin(tb, tb.mul(t, per), const(I64, units))
        u_hi = smin(tb, tb.add(u_lo, per), const(I64, units))
        t_lo, t_hi = (tb.mul(u, const(I64, grain), flags=["nuw", "nsw"]) for u in (u_lo, u_hi))
    else:
        per = tb.mul(per, const(I64, grain))
        t_lo = smin(tb, tb.mul(t, per), const(I64, n))
        t_hi = smin(tb, tb.add(t_lo, per), const(I64, n))
    tb.call(rng, loaded + [t_lo, t_hi, t])
    tb.ret_void()

    # the kernel: how many tasks, then the parallel-for
    pool = library.pool(m)
    threads = b.call(pool.threads, [])
    if slots:  # one task per thread, at most `slots`: task t may use per-task scratch slot t
        want, cap = threads, min(units, slots)
    else:
        want, cap = b.mul(threads, const(I64, TASKS_PER_THREAD)), min(units, MAX_TASKS)
    ntasks = b.select(b.icmp_signed("<=", threads, const(I64, 1)), const(I64, 1),
                      smin(b, want, const(I64, cap)))
    frame = entry_slot(b, frame_ty, "par.ctx")
    for k, p in enumerate(ptrs):
        b.store(p, slot(b, frame, k))
    b.store(ntasks, slot(b, frame, len(ptrs)))
    b.call(pool.parallel_for, [ntasks, tfn, frame])
    return ntasks



COUNTER_BYTES = 64  # the chunk counter of parallel_chunks, on a cache line of its own


def parallel_chunks(ctx, n: int, chunk: int, work: int, counter_off: int, slots: int, body: Callable,
                    extras: tuple = ()) -> None:
    """`body(c, lo, hi, task, extras)` for the chunks [lo, hi) of [0, n) (`chunk` long except the
    last), on up to `slots` threads with one task each (`task` < slots numbers a scratch slot of the
    thread's own). The chunks are claimed one at a time from a counter in the kernel's scratch at
    byte offset `counter_off` (COUNTER_BYTES): a thread that starts late (a busy machine) takes fewer
    chunks instead of holding up the call with a fixed share. Each chunk is computed the same way
    whichever thread takes it."""
    b = ctx.b
    counter = b.gep(ctx.scratch, [const(I64, counter_off)], inbounds=True, source_etype=ir.IntType(8))
    b.store(const(I64, 0), counter)

    def task_body(c, _lo, _hi, task, ex):
        cb = c.b
        ctr = cb.gep(c.scratch, [const(I64, counter_off)], inbounds=True, source_etype=ir.IntType(8))
        head = cb.append_basic_block("chunk.claim")
        run = cb.append_basic_block("chunk.run")
        done = cb.append_basic_block("chunk.done")
        cb.branch(head)
        cb.position_at_end(head)
        lo = cb.atomic_rmw("add", ctr, const(I64, chunk), "monotonic")
        cb.cbranch(cb.icmp_signed("<", lo, const(I64, n)), run, done)
        cb.position_at_end(run)
        hi = smin(cb, cb.add(lo, const(I64, chunk)), const(I64, n))
        body(c, lo, hi, task, ex)
        cb.branch(head)
        cb.position_at_end(done)

    units = (n + chunk - 1) // chunk
    parallel_range(ctx, min(slots, units), work if slots > 1 and units > 1 else 0, task_body, extras=extras,
                   slots=slots)
