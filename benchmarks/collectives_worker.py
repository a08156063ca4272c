"""One process of bench_collectives.py: timings printed as one JSON line (by rank 0 under MPI).

    mpiexec -n 2 python -m benchmarks.collectives_worker mpi4py N...       osu-style Allreduce, f32[N] sums
    mpiexec -n 2 python -m benchmarks.collectives_worker hloc M.hlo ...    a module, one device a rank
    python -m benchmarks.collectives_worker threads M.hlo ...               the same, devices as threads
    python -m benchmarks.collectives_worker single M.hlo ...                a one-device module
    [mpiexec -n 2] python -m benchmarks.collectives_worker step M.hlo      a training step, see step()

Module modes time whole runs of each module (median of REPEAT after a warm-up), inputs zeros.
"""

from __future__ import annotations

import json
import resource
import statistics
import sys
import time

import numpy as np

REPEAT = 9


def _median_seconds(fn, repeat: int = REPEAT, barrier=None) -> float:
    fn()
    times = []
    for _ in range(repeat):
        if barrier is not None:
            barrier()
        t0 = time.perf_counter()
        fn()
        times.append(time.perf_counter() - t0)
    return statistics.median(times)


def osu_allreduce(sizes: list[int]) -> dict:
    """OSU's osu_allreduce: per size, a barrier, `iters` MPI_Allreduce calls, the mean latency; the
    largest of the ranks' means (as OSU reports the max); microseconds."""
    from mpi4py import MPI

    comm = MPI.COMM_WORLD
    out = {}
    for n in sizes:
        send, recv = np.ones(n, np.float32), np.empty(n, np.float32)
        iters = max(10, min(1000, (1 << 24) // max(1, 4 * n)))
        for _ in range(max(2, iters // 10)):
            comm.Allreduce(send, recv, op=MPI.SUM)
        comm.Barrier()
        t0 = MPI.Wtime()
        for _ in range(iters):
            comm.Allreduce(send, recv, op=MPI.SUM)
        mean = (MPI.Wtime() - t0) / iters
        out[str(n)] = comm.allreduce(mean, op=MPI.MAX) * 1e6
    return out


def _modules(paths: list[str]):
    from hloc.backend.llvm.runner_backend import LlvmBackend
    from hloc.ir.devices import module_replicas_partitions
    from hloc.parse import parse_module
    from hloc.runtime import collectives
    from hloc.runtime.backends import BackendOptions
    from hloc.signature import Signature

    collectives.install()
    for path in paths:
        with open(path) as f:
            module = parse_module(f.read(), path)
        exe = LlvmBackend().prepare(module, BackendOptions(threads=1))
        args = [np.zeros(leaf.shape.dims, leaf.shape.dtype) for leaf in Signature.of_module(module).params]
        yield path, module_replicas_partitions(module), exe, args


def modules_over_mpi(paths: list[str]) -> dict:
    from mpi4py import MPI

    from hloc.runtime import collectives
    from hloc.runtime.mpi import MpiCommunicator

    world = MPI.COMM_WORLD
    out = {}
    for path, (r, p), exe, args in _modules(paths):
        comm = MpiCommunicator(world, r, p)
        s = _median_seconds(lambda c=comm, e=exe, a=args: collectives.call_as(c, lambda: e(a)), barrier=world.Barrier)
        out[path] = world.allreduce(s, op=MPI.MAX)
    return out


def modules_as_threads(paths: list[str]) -> dict:
    from hloc.runtime import collectives

    out = {}
    for path, (r, p), exe, args in _modules(paths):
        out[path] = _median_seconds(lambda e=exe, a=args, r=r, p=p: collectives.run_threads(e, [a] * (r * p), r, p))
    return out


def single(paths: list[str]) -> dict:
    return {path: _median_seconds(lambda e=exe, a=args: e(a)) for path, _, exe, args in _modules(paths)}


STEP_REPEAT = 21


def step(path: str) -> dict:
    """One module's runs as a scaling measurement: per device, each run's wall time (from a barrier
    to the device's return) and its CPU time (the rank's process time under MPI; the device
    thread's own under threads, one thread pinned to each CPU where the process may run on
    enough); medians in ms. A run's wall time is its slowest device's. Under MPI also the
    all-reduces' time per run from a profiling build (their waits for the other rank included):
    `allreduce_ms`, the slowest device's."""
    import os
    import threading

    from hloc.runtime import collectives

    ((_, (r, p), exe, args),) = list(_modules([path]))
    n = r * p

    def timed(call, barrier, clock, who) -> tuple[list[float], list[float], float, float]:
        """Wall and CPU seconds per run; involuntary and voluntary context switches per run (the
        scheduler preempting the device for another process; the device blocking)."""
        call()
        wall, cpu = [], []
        u0 = resource.getrusage(who)
        for _ in range(STEP_REPEAT):
            barrier()
            c0, t0 = clock(), time.perf_counter()
            call()
            wall.append(time.perf_counter() - t0)
            cpu.append(clock() - c0)
        u1 = resource.getrusage(who)
        return wall, cpu, (u1.ru_nivcsw - u0.ru_nivcsw) / STEP_REPEAT, (u1.ru_nvcsw - u0.ru_nvcsw) / STEP_REPEAT

    if n == 1:
        per = [timed(lambda: exe(args), lambda: None, time.process_time, resource.RUSAGE_SELF)]
        allreduce = None
    elif _under_mpi():
        from mpi4py import MPI

        from hloc.runtime.mpi import MpiCommunicator

        world = MPI.COMM_WORLD
        comm = MpiCommunicator(world, r, p)
        mine = collectives.call_as(comm, lambda: timed(lambda: exe(args), world.Barrier, time.process_time,
                                                       resource.RUSAGE_SELF))
        allreduce = world.gather(_allreduce_ms(path, comm, world), root=0)
        per = world.gather(mine, root=0)
        if world.Get_rank():
            return {}
        allreduce = max(allreduce)
    else:
        cpus = sorted(os.sched_getaffinity(0))
        barrier = threading.Barrier(n)
        per = [None] * n

        def device(d):
            if len(cpus) >= n:
                os.sched_setaffinity(0, {cpus[d]})  # (pid 0: the calling thread)
            per[d] = timed(lambda: exe(args), barrier.wait, time.thread_time, resource.RUSAGE_THREAD)

        collectives.run_threads(lambda d: device(d), list(range(n)), r, p)
        allreduce = None
    runs = list(zip(*(x[0] for x in per)))
    return {"devices": n, "wall_ms": statistics.median(max(run) for run in runs) * 1e3,
            "device_wall_ms": [statistics.median(x[0]) * 1e3 for x in per],
            "device_cpu_ms": [statistics.median(x[1]) * 1e3 for x in per],
            "preempted": [x[2] for x in per], "blocked": [x[3] for x in per],
            "allreduce_ms": allreduce}


def _under_mpi() -> bool:
    from hloc.runtime.launcher import launched_by_mpi

    return launched_by_mpi()


def _allreduce_ms(path: str, comm, world) -> float:
    """Per run, the all-reduce sites' time in this rank's profile (a profiling build of the module)."""
    from hloc.backend.llvm.runner_backend import LlvmBackend
    from hloc.parse import parse_module
    from hloc.runtime import collectives
    from hloc.runtime.backends import BackendOptions
    from hloc.signature import Signature

    with open(path) as f:
        module = parse_module(f.read(), path)
    exe = LlvmBackend().prepare(module, BackendOptions(threads=1, profile=True))
    args = [np.zeros(leaf.shape.dims, leaf.shape.dtype) for leaf in Signature.of_module(module).params]
    collectives.call_as(comm, lambda: exe(args))
    exe.profile.reset()
    for _ in range(STEP_REPEAT):
        world.Barrier()
        collectives.call_as(comm, lambda: exe(args))
    prof = exe.profile.read()
    return sum(ns for site, ns in zip(prof.sites, prof.ns) if site.kind.startswith("all-reduce")) / STEP_REPEAT / 1e6


def main(argv: list[str]) -> int:
    mode, rest = argv[0], argv[1:]
    if mode == "mpi4py":
        result = osu_allreduce([int(n) for n in rest])
    elif mode == "hloc":
        result = modules_over_mpi(rest)
    elif mode == "threads":
        result = modules_as_threads(rest)
    elif mode == "single":
        result = single(rest)
    elif mode == "step":
        result = step(rest[0])
    else:
        raise SystemExit(f"unknown mode {mode}")
    if mode in ("mpi4py", "hloc") or (mode == "step" and not result):
        from mpi4py import MPI

        if MPI.COMM_WORLD.Get_rank():
            return 0
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
