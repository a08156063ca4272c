"""Measure the native dot / convolution kernels on the bench modules, next to numpy, in one run (not
a test; `OPENBLAS_NUM_THREADS=1 python testdata/backend/measure_dense.py [module.hlo ...]`).

Per module: compile time (CPU seconds of this process, and the wall-clock phases), then the median
per-call CPU time of hloc and of the numpy equivalent (`a @ b`; im2col + `@` for the NHWC conv), run
interleaved, with GFLOP/s counted from the module's dots and convolutions (2 * output elements *
contraction size). CPU time is robust on a shared machine; both run on one thread. XLA:CPU's own
number for the same module: `taskset -c 0 ../shared/tools/xla_run.py M.hlo --gen-inputs 0 --bench 20`
("process cpu median").
"""

from __future__ import annotations

import math
import statistics
import sys
import time
from pathlib import Path

import numpy as np

from hloc.backend.llvm import compile_module
from hloc.ir.attrs import DotDims
from hloc.parse import parse_module

BENCH = Path(__file__).resolve().parent.parent.parent.parent / "shared" / "bench"
DEFAULT = ["matmul_512.hlo", "matmul_1024.hlo", "conv_resnet_56x56x64.hlo"]


def flops(module) -> int:
    total = 0
    for comp in module.computations:
        for i in comp.instructions:
            if i.opcode == "dot":
                k = math.prod(i.operands[0].shape.dims[d] for d in DotDims.of(i).lhs_contracting)
                total += 2 * i.shape.num_elements * k
            elif i.opcode == "convolution":
                dl = i.attrs["dim_labels"]
                rhs = i.operands[1].shape
                k = rhs.dims[dl.kernel_input_feature] * math.prod(rhs.dims[d] for d in dl.kernel_spatial)
                total += 2 * i.shape.num_elements * k
    return total


def numpy_equivalent(name: str, args):
    if name.startswith("matmul"):
        a, b = args
        return lambda: a @ b
    if name.startswith("conv_resnet"):
        x, k = args  # NHWC input, HWIO kernel, SAME padding, stride 1
        kh, kw, c, o = k.shape
        h, w = x.shape[1:3]
        xp = np.pad(x, ((0, 0), (kh // 2, kh // 2), (kw // 2, kw // 2), (0, 0)))
        km = k.reshape(kh * kw * c, o)

        def conv():
            cols = np.stack([xp[:, i:i + h, j:j + w, :] for i in range(kh) for j in range(kw)], axis=3)
            return cols.reshape(-1, kh * kw * c) @ km

        return conv
    return None


def cpu_median(fn, runs: int) -> float:
    out = []
    for _ in range(runs):
        c = time.process_time()
        fn()
        out.append(time.process_time() - c)
    return statistics.median(out)


def measure(path: Path, runs: int = 30) -> None:
    module = parse_module(path.read_text(), path.name)
    c0, t0 = time.process_time(), time.perf_counter()
    exe = compile_module(module)
    compile_cpu, compile_wall = time.process_time() - c0, time.perf_counter() - t0
    rng = np.random.default_rng(0)
    args = [rng.standard_normal(s.dims).astype(s.dtype) for s in module.entry.parameter_shapes]
    outs = [np.empty(s.dims, s.dtype) for s in module.entry.root.shape.leaves()]
    exe(args, out=outs)
    ref = numpy_equivalent(path.stem, args)
    hloc_t, np_t = [], []
    for _ in range(3):  # interleaved rounds
        hloc_t.append(cpu_median(lambda: exe(args, out=outs), runs))
        if ref is not None:
            np_t.append(cpu_median(ref, runs))
    n = flops(module)
    phases = ", ".join(f"{k} {v * 1e3:.0f}" for k, v in exe.timings.items())
    line = (f"{path.name:28s} compile {compile_cpu * 1e3:5.0f} ms cpu ({compile_wall * 1e3:.0f} wall: {phases}) | "
            f"hloc {min(hloc_t) * 1e3:6.2f} ms {n / min(hloc_t) / 1e9:6.1f} GFLOP/s")
    if np_t:
        line += f" | numpy {min(np_t) * 1e3:6.2f} ms {n / min(np_t) / 1e9:6.1f} GFLOP/s"
    print(line)


if __name__ == "__main__":
    for name in sys.argv[1:] or [str(BENCH / d) for d in DEFAULT]:
        measure(Path(name))
