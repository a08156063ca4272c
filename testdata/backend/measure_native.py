"""Measure the native backend on the bench modules (not a test; `python testdata/backend/measure_native.py`).

Prints compile time and the median execution time of N runs (inputs resident, outputs preallocated
and reused, as XLA's benchmark does) plus the effective bandwidth (bytes of parameters + results per run / time), for
the unfused bench modules and their hand-fused versions in this folder. Pin to one core with
`taskset -c 0` for a 1-core number.
"""

from __future__ import annotations

import statistics
import sys
import time
from pathlib import Path

import numpy as np

from hloc.backend.llvm import compile_module
from hloc.parse import parse_module

HERE = Path(__file__).resolve().parent
BENCH = HERE.parent.parent.parent / "shared" / "bench"


def measure(path: Path, runs: int = 30) -> None:
    module = parse_module(path.read_text(), path.name)
    t0 = time.perf_counter()
    exe = compile_module(module)
    compile_s = time.perf_counter() - t0
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(s.dims).astype(s.dtype) for s in module.entry.parameter_shapes]
    outs = [np.empty(s.dims, s.dtype) for s in module.entry.root.shape.leaves()]
    exe(args, out=outs)
    times, cpu = [], []
    for _ in range(runs):
        t, c = time.perf_counter(), time.thread_time()
        exe(args, out=outs)
        times.append(time.perf_counter() - t)
        cpu.append(time.thread_time() - c)
    med = statistics.median(cpu)  # CPU time of this thread: robust on a shared machine
    nbytes = sum(a.nbytes for a in args) + module.entry.root.shape.byte_size
    phases = ", ".join(f"{k} {v * 1e3:.0f}" for k, v in exe.timings.items())
    print(f"{path.name:28s} compile {compile_s * 1e3:6.0f} ms ({phases}) | exec cpu median {med * 1e3:6.2f} ms "
          f"(wall median {statistics.median(times) * 1e3:6.2f}) | {nbytes / med / 1e9:5.1f} GB/s")


if __name__ == "__main__":
    names = sys.argv[1:] or [str(BENCH / "ew_chain_4m.hlo"), str(HERE / "ew_chain_4m_fused.hlo"),
                             str(BENCH / "ew_transc_4m.hlo"), str(HERE / "ew_transc_4m_fused.hlo")]
    for n in names:
        measure(Path(n))
