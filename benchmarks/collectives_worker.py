"""One process of bench_collectives.py: timings printed as one JSON line (by rank 0 under MPI).

    mpiexec -n 2 python -m benchmarks.collectives_worker mpi4py N...       osu-style Allreduce, f32[N] sums
    mpiexec -n 2 python -m benchmarks.collectives_worker hloc M.hlo ...    a module, one device a rank
    python -m benchmarks.collectives_worker threads M.hlo ...               the same, devices as threads
    python -m benchmarks.collectives_worker single M.hlo ...                a one-device module

Module modes time whole runs of each module (median of REPEAT after a warm-up), inputs zeros.
"""

from __future__ import annotations

import json
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
    else:
        raise SystemExit(f"unknown mode {mode}")
    if mode in ("mpi4py", "hloc"):
        from mpi4py import MPI

        if MPI.COMM_WORLD.Get_rank():
            return 0
    print(json.dumps(result))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
