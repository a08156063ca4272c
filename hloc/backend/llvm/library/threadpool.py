"""A persistent worker pool in the generated code itself (LLVM IR on pthreads), so that an AOT object
is as parallel as `hloc run`: the parallel-for that large kernels call.

Emitted into a module on first use (`pool(module)`), as internal functions and globals (two objects
linked into one program each have their own pool), or, where the precompiled library is used
(codegen/linking.py), declared and taken from it as local symbols of the same object:

    i1   hloc.pool.enter(i64 threads)      the entry's prologue: the call may use `threads` threads.
                                           Claims the pool for the calling thread (false when another
                                           call holds it, or threads <= 1: that call then runs serially)
    void hloc.pool.exit(i1 owned)          the entry's epilogue
    i64  hloc.pool.threads()               threads the calling thread may use now (1 unless it holds
                                           the pool outside a parallel_for: workers, tasks and concurrent
                                           calls run their kernels serially; regions never nest)
    void hloc.pool.parallel_for(i64 n, ptr fn, ptr ctx)   fn(ctx, t) for t in [0, n) on the pool's
                                           threads (the caller is one of them); returns when all are done
    void hloc.pool.stop()                  join the workers (the exported `<entry>_shutdown`)

Workers are started lazily by the first parallel_for that needs them and live until stop(). Tasks
are claimed from one 64-bit word `generation << 32 | next_task` with compare-and-swap, so a worker
that wakes late can never run a task of a newer job with an older job's function; and a finished job
is closed (its task half set to CLOSED) before the next job's function, context and task count are
written, so a worker that read those cannot claim under the old generation either (it would run a
task twice, and the call could return while one still runs). Idle workers spin
(with `pause`, yielding the core every YIELD_EVERY polls) for about a millisecond, then sleep on a
condition variable. On x86 the
job carries the caller's MXCSR (flush-to-zero / denormals-are-zero), which workers load before
running its tasks: results do not depend on the thread count. A child made by fork() starts
workers of its own (the parent's are not inherited; stop() there joins nothing); if another thread
of the parent was inside a call at the fork, the child's calls stay on their own thread.
"""

from __future__ import annotations

from types import SimpleNamespace

import llvmlite.ir as ir

from ..llvmir.irvalues import I1, I8, I32, I64, PTR, VOID, const

MAX_WORKERS = 63  # threads beyond the caller
SPIN = 50000  # polls of the job word (each with `pause`, ~20 ns here) before an idle worker sleeps: ~1 ms
YIELD_EVERY = 64  # polls between sched_yield() calls of a spinning worker; a waiting caller yields after as many

# pthread object sizes differ per platform; these slots are larger than any of them (glibc: 40 / 48).
MUTEX_BYTES = 64
COND_BYTES = 64

# The task half of the job word of a finished job whose successor is being published: no task index
# is below it (a job has fewer tasks), so nothing more is claimed under that generation.
CLOSED = 0xFFFFFFFF

TASKS_PER_THREAD = 4  # tasks a parallel-for makes per thread it may use (load balance vs overhead)

TASK_TY = ir.FunctionType(VOID, [PTR, I64])
# A pointer typed with the function's type still prints as `ptr`, but lets llvmlite emit the call.
TASK_PTR = ir.PointerType(TASK_TY)


def c64(v: int) -> ir.Constant:
    return const(I64, v)


def functions(mod: ir.Module) -> SimpleNamespace:
    """The pool functions (enter, exit, threads, parallel_for, stop) `mod` declares or defines."""
    g = mod.globals
    return SimpleNamespace(enter=g["hloc.pool.enter"], exit=g["hloc.pool.exit"], threads=g["hloc.pool.threads"],
                           parallel_for=g["hloc.pool.parallel_for"], stop=g["hloc.pool.stop"])


def defined(mod: ir.Module) -> SimpleNamespace:
    """The pool functions of a module that defines its own (the library's own module, or one that does
    not take the library): emitted on first use."""
    if not has_pool(mod):
        emit_pool(mod)
    return functions(mod)


def has_pool(mod: ir.Module) -> bool:
    return "hloc.pool.parallel_for" in mod.globals


def is_x86(mod: ir.Module) -> bool:
    triple = mod.triple or ""
    return not triple or triple.startswith(("x86_64", "i686", "i386"))


def emit_pool(mod: ir.Module) -> None:
    """Define the pool's functions and globals in `mod` (one function each, in this order)."""
    p = _pool_parts(mod)
    p.run_tasks = _emit_run_tasks(p)
    p.worker = _emit_worker(p)
    p.start = _emit_start_workers(p)
    p.enter = _emit_enter(p)
    p.exit_ = _emit_exit(p)
    p.nthreads = _emit_threads(p)
    p.pf = _emit_parallel_for(p)
    p.stop = _emit_stop(p)


def _pool_parts(mod: ir.Module) -> SimpleNamespace:
    """What the pool's functions share: libc / pthread declarations, the pool's globals, helpers."""
    x86 = is_x86(mod)

    def declare(name, ret, args):
        f = mod.globals.get(name)
        return f or ir.Function(mod, ir.FunctionType(ret, args), name)

    pthread_create = declare("pthread_create", I32, [PTR, PTR, PTR, PTR])
    pthread_join = declare("pthread_join", I32, [I64, PTR])
    pthread_self = declare("pthread_self", I64, [])
    mutex_init = declare("pthread_mutex_init", I32, [PTR, PTR])
    mutex_lock = declare("pthread_mutex_lock", I32, [PTR])
    mutex_unlock = declare("pthread_mutex_unlock", I32, [PTR])
    cond_init = declare("pthread_cond_init", I32, [PTR, PTR])
    cond_wait = declare("pthread_cond_wait", I32, [PTR, PTR])
    cond_broadcast = declare("pthread_cond_broadcast", I32, [PTR])
    sched_yield = declare("sched_yield", I32, [])
    getpid = declare("getpid", I32, [])
    if x86:
        stmxcsr = declare("llvm.x86.sse.stmxcsr", VOID, [PTR])
        ldmxcsr = declare("llvm.x86.sse.ldmxcsr", VOID, [PTR])
        pause_asm = ir.InlineAsm(ir.FunctionType(VOID, []), "pause", "", side_effect=True)

    def pause(b):
        if x86:
            b.call(pause_asm, [])

    def glob(name, ty, init=None, align=64):
        g = ir.GlobalVariable(mod, ty, name)
        g.linkage = "internal"
        g.initializer = init if init is not None else ir.Constant(ty, None)
        g.align = align
        return g

    # Each hot word on its own cache line (align 64).
    word = glob("hloc.pool.word", I64, c64(0))  # generation << 32 | next task
    remaining = glob("hloc.pool.remaining", I64, c64(0))  # tasks of the current job not finished
    # (addresses as i64: llvmlite stores atomically only through typed pointers)
    job_fn = glob("hloc.pool.fn", I64, c64(0))
    job_ctx = glob("hloc.pool.ctx", I64, c64(0))
    job_n = glob("hloc.pool.n", I64, c64(0))
    job_mxcsr = glob("hloc.pool.mxcsr", I32, const(I32, 0x1F80))
    n_workers = glob("hloc.pool.workers", I64, c64(0))  # started
    active = glob("hloc.pool.active", I64, c64(1))  # threads the current holder may use
    busy = glob("hloc.pool.busy", I64, c64(0))  # 1 while an entry call holds the pool
    owner = glob("hloc.pool.owner", I64, c64(0))  # pthread_self() of the holder, 0 when free
    sleepers = glob("hloc.pool.sleepers", I64, c64(0))
    stopping = glob("hloc.pool.stopping", I64, c64(0))
    in_region = glob("hloc.pool.in_region", I64, c64(0))  # the holder is inside parallel_for: no nesting
    initialized = glob("hloc.pool.initialized", I64, c64(0))
    pid = glob("hloc.pool.pid", I32, const(I32, 0))  # the process whose workers these are
    mutex = glob("hloc.pool.mutex", ir.ArrayType(I8, MUTEX_BYTES))
    cond = glob("hloc.pool.cond", ir.ArrayType(I8, COND_BYTES))
    threads = glob("hloc.pool.handles", ir.ArrayType(I64, MAX_WORKERS))

    def internal(name, ret, args, noinline=True):
        f = ir.Function(mod, ir.FunctionType(ret, args), name)
        f.linkage = "internal"
        f.attributes.add("nounwind")
        if noinline:
            f.attributes.add("noinline")
        return f

    def forget_if_forked(b):
        """In a child made by fork() the workers are gone (only the forking thread survives): start
        afresh rather than wait for or join threads of the parent."""
        now = b.call(getpid, [])
        with b.if_then(b.icmp_signed("!=", now, b.load(pid, typ=I32))):
            for g in (n_workers, initialized, sleepers, stopping):
                b.store(c64(0), g)
            b.store(now, pid)

    # (every name above but the module and the two makers: the declarations, globals and helpers)
    return SimpleNamespace(**{k: v for k, v in locals().items() if k not in ("mod", "declare", "glob")})


def _emit_run_tasks(p: SimpleNamespace) -> ir.Function:
    """Run_tasks(gen): claim and run tasks of generation `gen` until none are left."""
    run_tasks = p.internal("hloc.pool.run_tasks", VOID, [I64])
    gen = run_tasks.args[0]
    b = ir.IRBuilder(run_tasks.append_basic_block("entry"))
    # (acquire: the fields of a later job come with its closing of this one, so a claim below fails)
    fn_p = b.inttoptr(b.load_atomic(p.job_fn, "acquire", 8, typ=I64), TASK_PTR)
    ctx_p = b.inttoptr(b.load_atomic(p.job_ctx, "acquire", 8, typ=I64), PTR)
    n = b.load_atomic(p.job_n, "acquire", 8, typ=I64)
    claim_bb = run_tasks.append_basic_block("claim")
    cas_bb = run_tasks.append_basic_block("cas")
    run_bb = run_tasks.append_basic_block("run")
    out_bb = run_tasks.append_basic_block("out")
    b.branch(claim_bb)
    b.position_at_end(claim_bb)
    cur = b.load_atomic(p.word, "acquire", 8, typ=I64)
    same_gen = b.icmp_unsigned("==", b.lshr(cur, c64(32)), gen)
    task = b.and_(cur, c64(0xFFFFFFFF))
    b.cbranch(b.and_(same_gen, b.icmp_unsigned("<", task, n)), cas_bb, out_bb)
    b.position_at_end(cas_bb)
    pair = b.cmpxchg(p.word, cur, b.add(cur, c64(1)), "acq_rel", "acquire")
    b.cbranch(b.extract_value(pair, 1), run_bb, claim_bb)
    b.position_at_end(run_bb)
    b.call(fn_p, [ctx_p, task])
    b.atomic_rmw("sub", p.remaining, c64(1), "acq_rel")
    b.branch(claim_bb)
    b.position_at_end(out_bb)
    b.ret_void()
    return run_tasks


def _emit_worker(p: SimpleNamespace) -> ir.Function:
    """Worker(index): wait for a new generation, run its tasks if it takes part, repeat."""
    worker = p.internal("hloc.pool.worker", PTR, [PTR])
    entry = worker.append_basic_block("entry")
    wait = worker.append_basic_block("wait")
    spin = worker.append_basic_block("spin")
    sleep = worker.append_basic_block("sleep")
    fresh_bb = worker.append_basic_block("fresh")
    work = worker.append_basic_block("work")
    quit_bb = worker.append_basic_block("quit")
    b = ir.IRBuilder(entry)
    index = b.ptrtoint(worker.args[0], I64)
    seen = b.alloca(I64)
    # Generation 0 is "no job yet": a worker created for a job that is already published (threads
    # start asynchronously) still joins it; joining a finished job is harmless (no task is left to
    # claim under its generation).
    b.store(c64(0), seen)
    mx = None
    if p.x86:
        mx = b.alloca(I32)
    b.branch(wait)
    b.position_at_end(wait)
    count = b.phi(I64)
    count.add_incoming(c64(0), entry)
    with b.if_then(b.icmp_signed("!=", b.load_atomic(p.stopping, "acquire", 8, typ=I64), c64(0))):
        b.branch(quit_bb)
    g = b.lshr(b.load_atomic(p.word, "acquire", 8, typ=I64), c64(32))
    b.cbranch(b.icmp_unsigned("!=", g, b.load(seen, typ=I64)), fresh_bb, spin)
    b.position_at_end(spin)
    # Poll with `pause`, and every YIELD_EVERY polls give the core away if anything else wants it
    # (the caller itself, on a machine with more threads than cores).
    p.pause(b)
    with b.if_then(b.icmp_unsigned("==", b.and_(count, c64(YIELD_EVERY - 1)), c64(YIELD_EVERY - 1))):
        b.call(p.sched_yield, [])
    count.add_incoming(b.add(count, c64(1)), b.block)
    b.cbranch(b.icmp_signed("<", count, c64(SPIN)), wait, sleep)
    b.position_at_end(sleep)
    # Sleep until the generation moves or stop() is called: re-check under the mutex so that a
    # broadcast between the check and the wait is not missed.
    b.call(p.mutex_lock, [p.mutex])
    b.atomic_rmw("add", p.sleepers, c64(1), "acq_rel")
    chk = worker.append_basic_block("check")
    waitc = worker.append_basic_block("condwait")
    woke = worker.append_basic_block("woke")
    b.branch(chk)
    b.position_at_end(chk)
    g2 = b.lshr(b.load_atomic(p.word, "acquire", 8, typ=I64), c64(32))
    moved = b.icmp_unsigned("!=", g2, b.load(seen, typ=I64))
    stop_now = b.icmp_signed("!=", b.load_atomic(p.stopping, "acquire", 8, typ=I64), c64(0))
    b.cbranch(b.or_(moved, stop_now), woke, waitc)
    b.position_at_end(waitc)
    b.call(p.cond_wait, [p.cond, p.mutex])
    b.branch(chk)
    b.position_at_end(woke)
    b.atomic_rmw("sub", p.sleepers, c64(1), "acq_rel")
    b.call(p.mutex_unlock, [p.mutex])
    count.add_incoming(c64(0), woke)
    b.branch(wait)
    b.position_at_end(fresh_bb)
    b.store(g, seen)
    # Workers 0 .. active-2 take part (the caller is the last thread).
    takes_part = b.icmp_signed("<", index, b.sub(b.load_atomic(p.active, "acquire", 8, typ=I64), c64(1)))
    count.add_incoming(c64(0), fresh_bb)
    b.cbranch(takes_part, work, wait)
    b.position_at_end(work)
    if p.x86:
        b.store(b.load_atomic(p.job_mxcsr, "acquire", 4, typ=I32), mx)
        b.call(p.ldmxcsr, [mx])
    b.call(p.run_tasks, [g])
    count.add_incoming(c64(0), work)
    b.branch(wait)
    b.position_at_end(quit_bb)
    b.ret(ir.Constant(PTR, None))
    return worker


def _emit_start_workers(p: SimpleNamespace) -> ir.Function:
    """Start_workers(want): make sure `want` workers run."""
    start = p.internal("hloc.pool.start_workers", VOID, [I64])
    b = ir.IRBuilder(start.append_basic_block("entry"))
    p.forget_if_forked(b)
    want = start.args[0]
    want = b.select(b.icmp_signed(">", want, c64(MAX_WORKERS)), c64(MAX_WORKERS), want)
    with b.if_then(b.icmp_signed("==", b.load(p.initialized, typ=I64), c64(0))):
        b.call(p.mutex_init, [p.mutex, ir.Constant(PTR, None)])
        b.call(p.cond_init, [p.cond, ir.Constant(PTR, None)])
        b.store(c64(1), p.initialized)
    more = start.append_basic_block("more")
    spawn = start.append_basic_block("spawn")
    done = start.append_basic_block("done")
    b.branch(more)
    b.position_at_end(more)
    i = b.load(p.n_workers, typ=I64)
    b.cbranch(b.icmp_signed("<", i, want), spawn, done)
    b.position_at_end(spawn)
    slot = b.gep(p.threads, [const(I32, 0), i])
    rc = b.call(p.pthread_create, [slot, ir.Constant(PTR, None), p.worker, b.inttoptr(i, PTR)])
    failed = start.append_basic_block("failed")
    ok = start.append_basic_block("ok")
    b.cbranch(b.icmp_signed("!=", rc, const(I32, 0)), failed, ok)
    b.position_at_end(failed)  # no more threads: run with the ones there are
    b.ret_void()
    b.position_at_end(ok)
    b.store(b.add(i, c64(1)), p.n_workers)
    b.branch(more)
    b.position_at_end(done)
    b.ret_void()
    return start


def _emit_enter(p: SimpleNamespace) -> ir.Function:
    """Enter(threads) -> owned."""
    enter = p.internal("hloc.pool.enter", I1, [I64])
    b = ir.IRBuilder(enter.append_basic_block("entry"))
    want = enter.args[0]
    with b.if_then(b.icmp_signed("<=", want, c64(1))):
        b.ret(ir.Constant(I1, 0))
    pair = b.cmpxchg(p.busy, c64(0), c64(1), "acquire", "monotonic")
    with b.if_then(b.not_(b.extract_value(pair, 1))):
        b.ret(ir.Constant(I1, 0))
    b.store_atomic(b.call(p.pthread_self, []), p.owner, "monotonic", 8)
    capped = b.select(b.icmp_signed(">", want, c64(MAX_WORKERS + 1)), c64(MAX_WORKERS + 1), want)
    b.store_atomic(capped, p.active, "release", 8)
    b.ret(ir.Constant(I1, 1))
    return enter


def _emit_exit(p: SimpleNamespace) -> ir.Function:
    """Exit(owned)."""
    exit_ = p.internal("hloc.pool.exit", VOID, [I1])
    b = ir.IRBuilder(exit_.append_basic_block("entry"))
    with b.if_then(exit_.args[0]):
        b.store_atomic(c64(0), p.owner, "monotonic", 8)
        b.store_atomic(c64(0), p.busy, "release", 8)
    b.ret_void()
    return exit_


def _emit_threads(p: SimpleNamespace) -> ir.Function:
    """Threads() -> the calling thread's share."""
    nthreads = p.internal("hloc.pool.threads", I64, [], noinline=False)
    b = ir.IRBuilder(nthreads.append_basic_block("entry"))
    mine = b.icmp_unsigned("==", b.load_atomic(p.owner, "monotonic", 8, typ=I64), b.call(p.pthread_self, []))
    mine = b.and_(mine, b.icmp_signed("==", b.load_atomic(p.in_region, "monotonic", 8, typ=I64), c64(0)))
    b.ret(b.select(mine, b.load_atomic(p.active, "monotonic", 8, typ=I64), c64(1)))
    return nthreads


def _emit_parallel_for(p: SimpleNamespace) -> ir.Function:
    """Parallel_for(n, fn, ctx)."""
    pf = p.internal("hloc.pool.parallel_for", VOID, [I64, TASK_PTR, PTR])
    n, fnp, ctx = pf.args
    entry = pf.append_basic_block("entry")
    serial = pf.append_basic_block("serial")
    parallel = pf.append_basic_block("parallel")
    b = ir.IRBuilder(entry)
    mx = b.alloca(I32) if p.x86 else None
    few = b.or_(b.icmp_signed("<=", n, c64(1)), b.icmp_signed("<=", b.call(p.nthreads, []), c64(1)))
    b.cbranch(few, serial, parallel)
    b.position_at_end(serial)
    s_cond = pf.append_basic_block("s.cond")
    s_body = pf.append_basic_block("s.body")
    s_end = pf.append_basic_block("s.end")
    b.branch(s_cond)
    b.position_at_end(s_cond)
    si = b.phi(I64)
    si.add_incoming(c64(0), serial)
    b.cbranch(b.icmp_signed("<", si, n), s_body, s_end)
    b.position_at_end(s_body)
    b.call(fnp, [ctx, si])
    si.add_incoming(b.add(si, c64(1)), s_body)
    b.branch(s_cond)
    b.position_at_end(s_end)
    b.ret_void()
    b.position_at_end(parallel)
    b.store_atomic(c64(1), p.in_region, "monotonic", 8)
    b.call(p.start, [b.sub(b.load(p.active, typ=I64), c64(1))])
    # Close the finished job before its fields change: a worker that read them (the new ones) and
    # then claims under the old generation must fail, or it would run a task of this job twice and
    # count it once too often, and this call could return while a task still runs.
    old_gen = b.lshr(b.load_atomic(p.word, "acquire", 8, typ=I64), c64(32))
    b.store_atomic(b.or_(b.shl(old_gen, c64(32)), c64(CLOSED)), p.word, "seq_cst", 8)
    b.store_atomic(b.ptrtoint(fnp, I64), p.job_fn, "release", 8)
    b.store_atomic(b.ptrtoint(ctx, I64), p.job_ctx, "release", 8)
    b.store_atomic(n, p.job_n, "release", 8)
    if p.x86:
        b.call(p.stmxcsr, [mx])
        b.store_atomic(b.load(mx, typ=I32), p.job_mxcsr, "release", 4)
    b.store_atomic(n, p.remaining, "release", 8)
    new_gen = b.and_(b.add(old_gen, c64(1)), c64(0xFFFFFFFF))
    b.store_atomic(b.shl(new_gen, c64(32)), p.word, "seq_cst", 8)
    with b.if_then(b.icmp_signed(">", b.load_atomic(p.sleepers, "seq_cst", 8, typ=I64), c64(0))):
        b.call(p.mutex_lock, [p.mutex])
        b.call(p.cond_broadcast, [p.cond])
        b.call(p.mutex_unlock, [p.mutex])
    b.call(p.run_tasks, [new_gen])
    before_wait = b.block
    wait = pf.append_basic_block("wait")
    spin_more = pf.append_basic_block("spin")
    fin = pf.append_basic_block("fin")
    b.branch(wait)
    b.position_at_end(wait)
    polls = b.phi(I64)
    polls.add_incoming(c64(0), before_wait)
    b.cbranch(b.icmp_signed(">", b.load_atomic(p.remaining, "acquire", 8, typ=I64), c64(0)), spin_more, fin)
    b.position_at_end(spin_more)
    p.pause(b)
    # A task still running on a worker that may share this core: soon give the core away while waiting.
    with b.if_then(b.icmp_signed(">", polls, c64(YIELD_EVERY))):
        b.call(p.sched_yield, [])
    polls.add_incoming(b.add(polls, c64(1)), b.block)
    b.branch(wait)
    b.position_at_end(fin)
    b.store_atomic(c64(0), p.in_region, "monotonic", 8)
    b.ret_void()
    return pf


def _emit_stop(p: SimpleNamespace) -> ir.Function:
    """Stop(): join the workers (safe to call with none started; the next job restarts them)."""
    stop = p.internal("hloc.pool.stop", VOID, [])
    b = ir.IRBuilder(stop.append_basic_block("entry"))
    p.forget_if_forked(b)
    have = b.load(p.n_workers, typ=I64)
    with b.if_then(b.icmp_signed("==", have, c64(0))):
        b.ret_void()
    b.call(p.mutex_lock, [p.mutex])
    b.store_atomic(c64(1), p.stopping, "seq_cst", 8)
    b.call(p.cond_broadcast, [p.cond])
    b.call(p.mutex_unlock, [p.mutex])
    with _counted(b, have) as k:
        handle = b.load(b.gep(p.threads, [const(I32, 0), k]), typ=I64)
        b.call(p.pthread_join, [handle, ir.Constant(PTR, None)])
    b.store(c64(0), p.n_workers)
    b.store_atomic(c64(0), p.stopping, "seq_cst", 8)
    b.ret_void()
    return stop




class _counted:
    """`for (k = 0; k < n; k++)` as a context manager yielding k (keeps this module free of loops.py)."""

    def __init__(self, b: ir.IRBuilder, n: ir.Value):
        self.b, self.n = b, n

    def __enter__(self):
        b = self.b
        fn = b.function
        self.pre = b.block
        self.head = fn.append_basic_block("k.head")
        self.body = fn.append_basic_block("k.body")
        self.exit = fn.append_basic_block("k.exit")
        b.branch(self.head)
        b.position_at_end(self.head)
        self.k = b.phi(I64)
        self.k.add_incoming(c64(0), self.pre)
        b.cbranch(b.icmp_signed("<", self.k, self.n), self.body, self.exit)
        b.position_at_end(self.body)
        return self.k

    def __exit__(self, *exc):
        b = self.b
        self.k.add_incoming(b.add(self.k, c64(1)), b.block)
        b.branch(self.head)
        b.position_at_end(self.exit)
        return False
