"""GFLOP/s of hloc's f32 dots at the shapes of the bench models, next to numpy's OpenBLAS sgemm (not a test).

    python testdata/backend/measure_gemm_shapes.py [--runs N] [--rounds R] [NAME ...]

Each shape is a one-dot HLO module (the dot as the bench module has it after -O2: same dimension
numbers and operand layouts), compiled by hloc and called on inputs already in memory. numpy runs
the same product (`a @ b`, `np.matmul` for batched, with the operands' transposes as views) in
child processes with OPENBLAS_NUM_THREADS=1 and 2. 1 thread: pinned to one CPU, the calling
thread's CPU time per call (steady on a shared machine). 2 threads: the calling thread's CPU time
(its share of the work plus its waits) and wall time. Medians over `runs` calls, the best of
`rounds` rounds (hloc and numpy interleaved by round).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

import numpy as np

# name: (batch, M, N, K, lhs layout, rhs layout), f32; lhs [b,] M x K, rhs [b,] K x N unless marked
# "kt" (rhs stored N x K: contracting dim last) or "mt" (lhs stored K x M).
SHAPES = {
    "mlp_256x784x1024": (0, 256, 1024, 784, "", ""),
    "mlp_256x1024x1024": (0, 256, 1024, 1024, "", ""),
    "mlp_256x1024x10": (0, 256, 10, 1024, "", ""),
    "mlpg_256x1024x1024_bt": (0, 256, 1024, 1024, "", "kt"),
    "torch_mlp_256x4096x1024_bt": (0, 256, 4096, 1024, "", "kt"),
    "torch_mlp_256x4096x1024": (0, 256, 4096, 1024, "", ""),
    "torch_mlp_256x4096x1024_at": (0, 256, 4096, 1024, "mt", ""),
    "torch_mlp_256x4096x1024_at_bt": (0, 256, 4096, 1024, "mt", "kt"),
    "mlpg_784x1024x256_at": (0, 784, 1024, 256, "mt", ""),
    "mlpg_1024x1024x256_at": (0, 1024, 1024, 256, "mt", ""),
    "tf_256x512x512": (0, 256, 512, 512, "", ""),
    "tf_256x2048x512": (0, 256, 2048, 512, "", ""),
    "tf_256x512x2048": (0, 256, 512, 2048, "", ""),
    "tf_qk_8x256x256x64": (8, 256, 256, 64, "", ""),
    "tf_pv_8x64x256x256_bt": (8, 64, 256, 256, "", "kt"),
    "conv_3136x64x576": (0, 3136, 64, 576, "", ""),
    "sq_512": (0, 512, 512, 512, "", ""),
    "sq_1024": (0, 1024, 1024, 1024, "", ""),
}


def hlo_text(batch, m, n, k, lt, rt) -> str:
    bd = [batch] if batch else []
    lhs = bd + ([k, m] if lt == "mt" else [m, k])
    rhs = bd + ([n, k] if rt == "kt" else [k, n])
    nb = len(bd)
    lc = nb + (0 if lt == "mt" else 1)
    rc = nb + (1 if rt == "kt" else 0)
    batch_dims = "lhs_batch_dims={0}, rhs_batch_dims={0}, " if batch else ""
    out = bd + [m, n]

    def s(d):
        return "f32[" + ",".join(map(str, d)) + "]"

    return (f"HloModule g\nENTRY main {{\n  a = {s(lhs)} parameter(0)\n  b = {s(rhs)} parameter(1)\n"
            f"  ROOT d = {s(out)} dot(a, b), {batch_dims}lhs_contracting_dims={{{lc}}}, "
            f"rhs_contracting_dims={{{rc}}}\n}}\n")


def inputs(batch, m, n, k, lt, rt):
    rng = np.random.default_rng(0)
    bd = (batch,) if batch else ()
    a = rng.standard_normal(bd + ((k, m) if lt == "mt" else (m, k))).astype(np.float32)
    b = rng.standard_normal(bd + ((n, k) if rt == "kt" else (k, n))).astype(np.float32)
    return a, b


def _views(a, b, lt, rt):
    return (np.swapaxes(a, -1, -2) if lt == "mt" else a), (np.swapaxes(b, -1, -2) if rt == "kt" else b)


def timed(fn, runs: int) -> dict:
    for _ in range(3):
        fn()
    th, wall = [], []
    for _ in range(runs):
        t0, w0 = time.thread_time(), time.perf_counter()
        fn()
        th.append(time.thread_time() - t0)
        wall.append(time.perf_counter() - w0)
    return {"cpu": statistics.median(th), "wall": statistics.median(wall)}


def numpy_child(names, threads: int, runs: int) -> None:
    if threads == 1:
        os.sched_setaffinity(0, {min(os.sched_getaffinity(0))})
    res = {}
    for name in names:
        batch, m, n, k, lt, rt = SHAPES[name]
        a, b = _views(*inputs(*SHAPES[name]), lt, rt)
        out = np.empty(((batch,) if batch else ()) + (m, n), np.float32)
        res[name] = timed(lambda a=a, b=b, out=out: np.matmul(a, b, out=out), runs)
    print(json.dumps(res))


def numpy_times(names, threads: int, runs: int) -> dict:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": str(threads), "OMP_NUM_THREADS": str(threads)}
    cmd = [sys.executable, __file__, "--numpy-child", str(threads), "--runs", str(runs), *names]
    return json.loads(subprocess.run(cmd, env=env, capture_output=True, text=True, check=True).stdout)


def main() -> None:
    p = argparse.ArgumentParser()
    p.add_argument("names", nargs="*")
    p.add_argument("--runs", type=int, default=20)
    p.add_argument("--rounds", type=int, default=3)
    p.add_argument("--numpy-child", type=int)
    args = p.parse_args()
    names = args.names or list(SHAPES)
    if args.numpy_child:
        numpy_child(names, args.numpy_child, args.runs)
        return
    from hloc.backend.llvm import compile_module
    from hloc.parse import parse_module

    exes = {}
    for name in names:
        exes[name] = compile_module(parse_module(hlo_text(*SHAPES[name]), name + ".hlo"))
    best: dict = {}

    def keep(key, name, r):
        old = best.setdefault(key, {}).get(name)
        best[key][name] = r if old is None else {k: min(old[k], r[k]) for k in r}

    everywhere = os.sched_getaffinity(0)
    for _ in range(args.rounds):
        for name in names:
            exe = exes[name]
            a, b = inputs(*SHAPES[name])
            batch, m, n, _k, _, _ = SHAPES[name]
            out = [np.empty(((batch,) if batch else ()) + (m, n), np.float32)]
            exe.run_leaves([a, b], out)
            ref = np.matmul(*_views(a, b, *SHAPES[name][4:]))
            assert np.allclose(out[0], ref, rtol=1e-3, atol=1e-3 * np.abs(ref).max()), name
            try:
                os.sched_setaffinity(0, {min(everywhere)})
                exe.threads = 1
                keep("h1", name, timed(lambda exe=exe, a=a, b=b, out=out: exe.run_leaves([a, b], out), args.runs))
            finally:
                os.sched_setaffinity(0, everywhere)
            exe.threads = 2
            keep("h2", name, timed(lambda exe=exe, a=a, b=b, out=out: exe.run_leaves([a, b], out), args.runs))
        for t in (1, 2):
            for name, r in numpy_times(names, t, args.runs).items():
                keep(f"n{t}", name, r)
    print(f"load {os.getloadavg()[0]:.1f}; GFLOP/s (1t: calling thread CPU; 2t: caller CPU / wall)")
    print(f"{'shape':26s} {'hloc1':>6s} {'np1':>6s} {'%':>4s} | {'hloc2c':>6s} {'np2c':>6s} {'%':>4s} "
          f"| {'hloc2w':>6s} {'np2w':>6s} {'%':>4s}")
    for name in names:
        batch, m, n, k, _, _ = SHAPES[name]
        fl = 2.0 * max(batch, 1) * m * n * k / 1e9
        h1, n1 = fl / best["h1"][name]["cpu"], fl / best["n1"][name]["cpu"]
        h2c, n2c = fl / best["h2"][name]["cpu"], fl / best["n2"][name]["cpu"]
        h2w, n2w = fl / best["h2"][name]["wall"], fl / best["n2"][name]["wall"]
        print(f"{name:26s} {h1:6.1f} {n1:6.1f} {100 * h1 / n1:4.0f} | {h2c:6.1f} {n2c:6.1f} {100 * h2c / n2c:4.0f} "
              f"| {h2w:6.1f} {n2w:6.1f} {100 * h2w / n2w:4.0f}")


if __name__ == "__main__":
    main()
