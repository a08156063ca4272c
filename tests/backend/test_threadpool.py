"""The worker pool in generated code (threadpool.py) on its own: every task of a job runs exactly once
on the threads a call may use, nested and concurrent callers run serially, workers take the caller's
MXCSR, and stop() joins them. No timing here: speed is `make bench`'s business."""

from __future__ import annotations

import ctypes
import os
import subprocess
import sys
import threading

import llvmlite.binding as llvm
import llvmlite.ir as ir
import numpy as np
import pytest

from hloc.backend.llvm import library
from hloc.backend.llvm.codegen.target import TargetSpec, optimize, target_machine
from hloc.backend.llvm.library import threadpool
from hloc.backend.llvm.llvmir.irvalues import I32, I64, PTR, VOID, const

N_SLOTS = 64
MXCSR, SELF, ARRIVED, BARRIER, WORDS = N_SLOTS, 2 * N_SLOTS, 3 * N_SLOTS, 3 * N_SLOTS + 1, 3 * N_SLOTS + 2
FTZ_DAZ = 0x8040  # MXCSR flush-to-zero | denormals-are-zero


@pytest.fixture(scope="module")
def pool_lib():
    """Exported test functions around the pool:
        run(i64 threads, i64 ntasks, ptr out)   enter(threads); parallel_for(ntasks, task, out); exit
    where task(out, t) does out[t] += 1 + 1000 * (threads a nested call may use - 1), records its
    thread's MXCSR in out[MXCSR + t] and pthread_self() in out[SELF + t], then waits (bounded) at a
    barrier until out[BARRIER] tasks have arrived: with ntasks = threads = the barrier count, the
    tasks must run at the same time, on different threads. `run` sets FTZ|DAZ on the caller's
    thread around the job, as the entry function does. Also threads() and stop()."""
    spec = TargetSpec().resolved()
    mod = ir.Module("pool_test")
    mod.triple = spec.triple
    p = library.pool(mod)
    task = ir.Function(mod, threadpool.TASK_TY, "task")
    out, t = task.args
    b = ir.IRBuilder(task.append_basic_block("entry"))

    def at(k):
        return b.gep(out, [k if isinstance(k, ir.Value) else const(I64, k)], source_etype=I64)

    nested = b.call(p.threads, [])
    b.store(b.add(b.load(at(t), typ=I64), b.add(const(I64, 1), b.mul(b.sub(nested, const(I64, 1)),
                                                                      const(I64, 1000)))), at(t))
    mx = b.alloca(I32)
    b.call(mod.globals["llvm.x86.sse.stmxcsr"], [mx])
    b.store(b.zext(b.load(mx, typ=I32), I64), at(b.add(t, const(I64, MXCSR))))
    b.store(b.call(mod.globals["pthread_self"], []), at(b.add(t, const(I64, SELF))))
    b.atomic_rmw("add", at(ARRIVED), const(I64, 1), "seq_cst")
    head, body, done = (task.append_basic_block(n) for n in ("head", "body", "done"))
    entry = b.block
    b.branch(head)
    b.position_at_end(head)
    spins = b.phi(I64)
    spins.add_incoming(const(I64, 0), entry)
    waiting = b.icmp_signed("<", b.load_atomic(at(ARRIVED), "seq_cst", 8, typ=I64), b.load(at(BARRIER), typ=I64))
    b.cbranch(b.and_(waiting, b.icmp_signed("<", spins, const(I64, 1 << 30))), body, done)
    b.position_at_end(body)
    spins.add_incoming(b.add(spins, const(I64, 1)), body)
    b.branch(head)
    b.position_at_end(done)
    b.ret_void()

    run = ir.Function(mod, ir.FunctionType(VOID, [I64, I64, PTR]), "run")
    threads, ntasks, buf = run.args
    b = ir.IRBuilder(run.append_basic_block("entry"))
    saved, ftz = b.alloca(I32), b.alloca(I32)
    b.call(mod.globals["llvm.x86.sse.stmxcsr"], [saved])
    b.store(b.or_(b.load(saved, typ=I32), const(I32, FTZ_DAZ)), ftz)
    b.call(mod.globals["llvm.x86.sse.ldmxcsr"], [ftz])  # as the entry does
    owned = b.call(p.enter, [threads])
    b.call(p.parallel_for, [ntasks, task, buf])
    b.call(p.exit, [owned])
    b.call(mod.globals["llvm.x86.sse.ldmxcsr"], [saved])
    b.ret_void()

    for name, fn, ret in (("threads_outside", p.threads, I64), ("stop", p.stop, VOID)):
        w = ir.Function(mod, ir.FunctionType(ret, []), name)
        b = ir.IRBuilder(w.append_basic_block("entry"))
        r = b.call(fn, [])
        b.ret(r) if ret is I64 else b.ret_void()

    tm = target_machine.__wrapped__(spec, 3)  # not the cached one: the engine takes ownership of it
    llmod = llvm.parse_assembly(str(mod))
    llmod.verify()
    optimize(llmod, tm, 3)
    ee = llvm.create_mcjit_compiler(llmod, tm)
    ee.finalize_object()
    fns = {
        "run": ctypes.CFUNCTYPE(None, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p)(ee.get_function_address("run")),
        "threads": ctypes.CFUNCTYPE(ctypes.c_int64)(ee.get_function_address("threads_outside")),
        "stop": ctypes.CFUNCTYPE(None)(ee.get_function_address("stop")),
    }
    yield fns
    fns["stop"]()  # join the workers before the engine frees their code
    del ee


def _threads_of_this_process() -> int:
    return len(os.listdir("/proc/self/task"))


pytestmark = pytest.mark.skipif(not os.path.isdir("/proc/self/task") or os.uname().machine != "x86_64",
                                reason="counts threads through /proc and reads MXCSR (x86-64 Linux)")


@pytest.mark.parametrize("threads,ntasks", [(1, 5), (2, 1), (2, 2), (3, 17), (4, N_SLOTS)])
def test_every_task_runs_once(pool_lib, threads, ntasks):
    out = np.zeros(WORDS, dtype=np.int64)
    pool_lib["run"](threads, ntasks, out.ctypes.data)
    # once each; a task of a real region (ntasks > 1) gets one thread for nested calls, a lone task
    # runs on the caller as if there were no region
    nested = threads if ntasks == 1 else 1
    assert list(out[:ntasks]) == [1 + 1000 * (nested - 1)] * ntasks
    assert not out[ntasks:N_SLOTS].any()


def test_workers_start_on_demand_and_stop_joins_them(pool_lib):
    pool_lib["stop"]()
    before = _threads_of_this_process()
    out = np.zeros(WORDS, dtype=np.int64)
    pool_lib["run"](1, 8, out.ctypes.data)
    assert _threads_of_this_process() == before  # one thread: no workers
    pool_lib["run"](3, 8, out.ctypes.data)
    assert _threads_of_this_process() == before + 2  # the caller is the third thread
    pool_lib["run"](2, 8, out.ctypes.data)
    assert _threads_of_this_process() == before + 2  # started workers stay (one sits this job out)
    pool_lib["stop"]()
    assert _threads_of_this_process() == before
    pool_lib["run"](2, 8, out.ctypes.data)  # and a later job starts them again
    assert _threads_of_this_process() == before + 1
    assert list(out[:8]) == [4] * 8


def test_threads_is_one_outside_a_call(pool_lib):
    assert pool_lib["threads"]() == 1


@pytest.mark.parametrize("threads", [2, 3])
def test_tasks_run_at_once_on_distinct_threads_with_the_callers_mxcsr(pool_lib, threads):
    """A barrier in the tasks forces `threads` of them to run at the same time, so workers take part.
    The caller runs with flush-to-zero / denormals-are-zero (a new thread starts without them):
    every task sees the caller's MXCSR."""
    out = np.zeros(WORDS, dtype=np.int64)
    out[BARRIER] = threads
    pool_lib["run"](threads, threads, out.ctypes.data)
    assert out[ARRIVED] == threads
    assert len(set(out[SELF:SELF + threads])) == threads
    assert all(int(m) & FTZ_DAZ == FTZ_DAZ for m in out[MXCSR:MXCSR + threads])


def test_concurrent_callers_each_get_all_their_tasks(pool_lib):
    """Two Python threads calling at once (ctypes drops the GIL): one holds the pool, the other runs
    its tasks serially; neither loses or repeats a task."""
    outs = [np.zeros(WORDS, dtype=np.int64) for _ in range(4)]

    def call(k):
        for _ in range(50):
            pool_lib["run"](2, 16, outs[k].ctypes.data)

    ths = [threading.Thread(target=call, args=(k,)) for k in range(4)]
    for th in ths:
        th.start()
    for th in ths:
        th.join()
    for out in outs:
        assert list(out[:16]) == [50] * 16


def test_a_forked_child_starts_its_own_workers(pool_lib):
    """After fork() only the forking thread exists in the child: its jobs start new workers (with a
    barrier that needs them) and its stop() joins nothing of the parent's."""
    out = np.zeros(WORDS, dtype=np.int64)
    pool_lib["run"](2, 2, out.ctypes.data)  # the parent's worker is running
    pid = os.fork()
    if pid == 0:  # the child: exit code 0 only if the job ran on two threads and stop() returned
        code = 1
        try:
            child = np.zeros(WORDS, dtype=np.int64)
            child[BARRIER] = 2
            pool_lib["run"](2, 2, child.ctypes.data)
            pool_lib["stop"]()
            code = 0 if child[ARRIVED] == 2 and len(set(child[SELF:SELF + 2])) == 2 else 3
        finally:
            os._exit(code)
    _, status = os.waitpid(pid, 0)
    assert os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0


@pytest.fixture(scope="module")
def jobs_lib():
    """jobs(i64 threads, i64 njobs, ptr counts) -> i64: one entry call running `njobs` parallel-fors
    of 2 and 9 tasks in turn, on two arrays of 16 counters (`counts`, `counts + 16`) in turn. A task
    adds 1 to its counter, between adding 1 to and taking 1 from a global count of running tasks.
    After each job returns the caller checks that no task still runs and that each counter is 1 for
    the job's tasks and 0 beyond, and clears them. The result: the number of wrong counters, plus
    RUNNING_LATE for each job that returned while a task ran."""
    spec = TargetSpec().resolved()
    mod = ir.Module("pool_jobs")
    mod.triple = spec.triple
    p = library.pool(mod)
    running = ir.GlobalVariable(mod, I64, "running")
    running.initializer = const(I64, 0)
    running.align = 64
    task = ir.Function(mod, threadpool.TASK_TY, "task")
    counts, t = task.args
    b = ir.IRBuilder(task.append_basic_block("entry"))
    b.atomic_rmw("add", running, const(I64, 1), "seq_cst")
    b.atomic_rmw("add", b.gep(counts, [t], source_etype=I64), const(I64, 1), "seq_cst")
    b.atomic_rmw("sub", running, const(I64, 1), "seq_cst")
    b.ret_void()

    fn = ir.Function(mod, ir.FunctionType(I64, [I64, I64, PTR]), "jobs")
    threads, njobs, base = fn.args
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    owned = b.call(p.enter, [threads])
    job_head, job_body, check_head, check_body, check_end, done = (
        fn.append_basic_block(n) for n in ("job.head", "job.body", "check.head", "check.body", "check.end", "done"))
    entry = b.block
    b.branch(job_head)
    b.position_at_end(job_head)
    k = b.phi(I64)
    bad = b.phi(I64)
    k.add_incoming(const(I64, 0), entry)
    bad.add_incoming(const(I64, 0), entry)
    b.cbranch(b.icmp_signed("<", k, njobs), job_body, done)
    b.position_at_end(job_body)
    odd = b.and_(k, const(I64, 1))
    n = b.select(b.icmp_unsigned("==", odd, const(I64, 0)), const(I64, 2), const(I64, 9))
    counts = b.gep(base, [b.mul(odd, const(I64, 16))], source_etype=I64)
    b.call(p.parallel_for, [n, task, counts])
    late = b.icmp_signed("!=", b.load_atomic(running, "seq_cst", 8, typ=I64), const(I64, 0))
    bad_late = b.add(bad, b.select(late, const(I64, RUNNING_LATE), const(I64, 0)))
    b.branch(check_head)
    b.position_at_end(check_head)
    i = b.phi(I64)
    bad_i = b.phi(I64)
    i.add_incoming(const(I64, 0), job_body)
    bad_i.add_incoming(bad_late, job_body)
    b.cbranch(b.icmp_signed("<", i, const(I64, 16)), check_body, check_end)
    b.position_at_end(check_body)
    got = b.atomic_rmw("xchg", b.gep(counts, [i], source_etype=I64), const(I64, 0), "seq_cst")
    want = b.zext(b.icmp_signed("<", i, n), I64)
    i.add_incoming(b.add(i, const(I64, 1)), check_body)
    bad_i.add_incoming(b.add(bad_i, b.zext(b.icmp_signed("!=", got, want), I64)), check_body)
    b.branch(check_head)
    b.position_at_end(check_end)
    k.add_incoming(b.add(k, const(I64, 1)), check_end)
    bad.add_incoming(bad_i, check_end)
    b.branch(job_head)
    b.position_at_end(done)
    b.call(p.exit, [owned])
    b.ret(bad)
    stop = ir.Function(mod, ir.FunctionType(VOID, []), "stop")
    b = ir.IRBuilder(stop.append_basic_block("entry"))
    b.call(p.stop, [])
    b.ret_void()

    tm = target_machine.__wrapped__(spec, 3)
    llmod = llvm.parse_assembly(str(mod))
    llmod.verify()
    optimize(llmod, tm, 3)
    ee = llvm.create_mcjit_compiler(llmod, tm)
    ee.finalize_object()
    jobs = ctypes.CFUNCTYPE(ctypes.c_int64, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p)(
        ee.get_function_address("jobs"))
    counts = np.zeros(32, np.int64)
    yield lambda threads, njobs: jobs(threads, njobs, counts.ctypes.data)
    ctypes.CFUNCTYPE(None)(ee.get_function_address("stop"))()
    del ee


RUNNING_LATE = 1 << 32


def _failures(bad: int) -> str:
    return f"{bad // RUNNING_LATE} jobs returned with a task running, {bad % RUNNING_LATE} counters wrong"


@pytest.mark.parametrize("threads", [2, 4])
def test_no_task_outlives_or_repeats_in_its_job(jobs_lib, threads):
    """A worker that missed a job (descheduled, or spinning late) must not claim a task of the next
    one under the old generation: it would run that task twice, count it twice, and the call could
    return while the task still ran, writing into memory its caller has reused. Jobs of 2 and 9
    tasks in turn leave such a worker a task index to claim; a million jobs found it in a second."""
    bad = jobs_lib(threads, 1_000_000)
    assert bad == 0, _failures(bad)


def _busy(seconds: float) -> subprocess.Popen:
    spin = f"import time\nt = time.time() + {seconds}\nwhile time.time() < t: pass"
    return subprocess.Popen([sys.executable, "-c", spin])


@pytest.mark.slow
@pytest.mark.parametrize("threads", [2, 3, 8])
def test_no_task_outlives_its_job_under_load(jobs_lib, threads):
    """As above with more threads than cores and two busy processes beside: workers are descheduled
    at any point and resume late."""
    busy = [_busy(30) for _ in range(2)]
    try:
        bad = sum(jobs_lib(threads, 500_000) for _ in range(4))
    finally:
        for proc in busy:
            proc.kill()
            proc.wait()
    assert bad == 0, _failures(bad)
