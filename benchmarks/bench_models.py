"""Model suite: the twelve performance anchor modules (../shared/bench/*.hlo) on hloc, XLA:CPU and numpy,
1 and 2 threads, side by side in one run, with the machine's limits (bandwidth, sgemm) as anchors.

    python -m benchmarks.run models             this section only
    python -m benchmarks.bench_models --numpy-worker T    (internal: numpy refs and limits on T threads)

How each number is taken (the XLA side follows ../shared/bench/README.md):
  * hloc compile: parse + HLO pipeline + LLVM + load, cold (build() directly, code_cache=False: no
    compile cache, LLVM runs every time), the
    median of COMPILES compiles (wall and process CPU), after one warm-up compile (imports, LLVM
    initialisation, the precompiled library: hloc_warmup).
  * hloc run: the compiled entry called in-process on inputs already in memory (physical buffers,
    outputs preallocated: no conversions), median over N back-to-back runs after warm-up. 1 thread:
    the process pinned to one CPU (os.sched_setaffinity) and num_threads=1, reported as CPU time per
    run (robust when other jobs share the core) and wall; 2 threads: num_threads=2, wall, and the
    calling thread's own CPU time.
  * XLA:CPU: ../shared/tools/xla_run.py --bench N in the jax venv (Python 3.12), the same seeded inputs;
    1 thread pinned to one CPU (CPU time per execution), 2 threads with XLA's own pool (wall).
    Without that venv the XLA columns are skipped with a note.
  * numpy: benchmarks/numpy_refs.py in a child process with OPENBLAS_NUM_THREADS=T (pinned for T=1).
  * limits: STREAM-style add (a = b + c, 3 x 4 bytes per element, arrays far beyond the caches) on
    1 and 2 threads, numpy's OpenBLAS sgemm (1024^3) on 1 and 2 threads, at the start of the run and
    again right before and after each module's own measurement (its ratios use those); and for each dot/conv module
    OpenBLAS on that module's own products (gemm_shapes: each dot as a batched [M,K] x [K,N] matmul,
    each convolution as its im2col product), to tell a shape's cost from hloc's.
"""

from __future__ import annotations

import contextlib
import json
import math
import os
import re
import statistics
import subprocess
import sys
import threading
import time
from pathlib import Path

import numpy as np

from .common import ROOT, load_average, measure, oracle_python, table

BENCH_DIR = Path(os.environ.get("HLOC_BENCH_DIR", ROOT.parent / "shared" / "bench"))
XLA_RUN = Path(os.environ.get("HLOC_XLA_RUN", ROOT.parent / "shared" / "tools" / "xla_run.py"))
MODULES = ["ew_chain_4m", "ew_transc_4m", "softmax_1024x1024", "layernorm_4096x1024", "reduce_sum_16m",
           "transpose_2048", "matmul_512", "matmul_1024", "conv_resnet_56x56x64", "mlp_b256_fwd", "mlp_b256_grad",
           "transformer_layer_T256_D512"]
SEED = 0


def _first_cpu() -> set[int]:
    return {min(os.sched_getaffinity(0))}


def _pin_first_cpu() -> None:
    os.sched_setaffinity(0, _first_cpu())


def geomean(xs: list[float]) -> float:
    xs = [x for x in xs if x and x > 0 and math.isfinite(x)]
    return math.exp(sum(math.log(x) for x in xs) / len(xs)) if xs else float("nan")


# ------------------------------------------------------------------------------------------------
# numpy (child process: OpenBLAS's thread count is fixed when numpy loads)


def _stream_add_gbs(threads: int, repeat: int) -> float:
    size = 1 << 24  # 64 MB per array
    a, b, c = (np.ones(size, np.float32) for _ in range(3))
    parts = np.array_split(np.arange(size), threads)
    bounds = [(int(p[0]), int(p[-1]) + 1) for p in parts]

    def part(lo, hi):
        np.add(b[lo:hi], c[lo:hi], out=a[lo:hi])

    def once():
        if threads == 1:
            part(0, size)
            return
        ths = [threading.Thread(target=part, args=bd) for bd in bounds]
        for t in ths:
            t.start()
        for t in ths:
            t.join()

    t = measure(once, repeat=repeat, warmup=2)
    # one thread: CPU time (what the process got of its core); two: wall
    return 3 * 4 * size / (t.cpu_median if threads == 1 else t.wall_median) / 1e9


def gemm_shapes(module) -> list[tuple[int, int, int, int]]:
    """(batch, M, K, N) of every dot and convolution in `module`, as a BLAS would compute them
    (hloc.backend.llvm.codegen.profile.gemm_shape)."""
    from hloc.backend.llvm.codegen.profile import gemm_shape

    shapes = (gemm_shape(ins) for comp in module.computations for ins in comp.instructions)
    return [s for s in shapes if s is not None]


def _same_shape_gflops(path: Path, threads: int, repeat: int) -> float:
    """OpenBLAS (numpy's matmul) on the module's own products, back to back: GFLOP/s."""
    from hloc.parse import parse_module, read_source

    rng = np.random.default_rng(0)
    ops = [(rng.standard_normal((b, m, k), dtype=np.float32), rng.standard_normal((b, k, n), dtype=np.float32))
           for b, m, k, n in gemm_shapes(parse_module(read_source(str(path)), str(path)))]
    flops = sum(2 * a.size * b.shape[-1] for a, b in ops)
    t = measure(lambda: [np.matmul(a, b) for a, b in ops], repeat=repeat, warmup=2)
    return flops / (t.cpu_median if threads == 1 else t.wall_median) / 1e9


def _sgemm_gflops(threads: int, repeat: int) -> float:
    """numpy's OpenBLAS sgemm 1024^3 (the caller set its thread count): GFLOP/s of the median run, CPU
    time on 1 thread (pinned by the caller), wall on more."""
    x = np.random.default_rng(0).standard_normal((1024, 1024), dtype=np.float32)
    t = measure(lambda: x @ x, repeat=repeat, warmup=2)
    return 2 * 1024 ** 3 / (t.cpu_median if threads == 1 else t.wall_median) / 1e9


def _limit_child(what: str, threads: int, repeat: int) -> float:
    """A machine limit (`--sgemm`: _sgemm_gflops, `--stream`: _stream_add_gbs) in a child process on
    `threads` threads (pinned for 1): a reference taken right beside a measurement of hloc's, which ends
    with the child (no OpenBLAS threads left spinning)."""
    env = {**os.environ, "OPENBLAS_NUM_THREADS": str(threads), "OMP_NUM_THREADS": str(threads)}
    r = subprocess.run([sys.executable, "-m", "benchmarks.bench_models", what, str(threads),
                        "--repeat", str(repeat)], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return float(r.stdout)


def _beside(what: str, threads: int, repeat: int, fn):
    """fn() with the limit `what` (_limit_child) measured right before and right after it on the same
    thread count: (fn's result, the two measurements' mean)."""
    before = _limit_child(what, threads, repeat)
    got = fn()
    return got, (before + _limit_child(what, threads, repeat)) / 2


@contextlib.contextmanager
def _pinned(threads: int):
    """On one thread, the process pinned to the first CPU for the block (as the other 1-thread numbers)."""
    everywhere = os.sched_getaffinity(0)
    try:
        if threads == 1:
            _pin_first_cpu()
        yield
    finally:
        os.sched_setaffinity(0, everywhere)


def numpy_worker(threads: int, repeat: int) -> dict:
    from hloc.parse import parse_module, read_source
    from hloc.runtime.random_inputs import random_inputs
    from hloc.signature import Signature

    from .numpy_refs import REFS

    if threads == 1:
        _pin_first_cpu()
    out = {"threads": threads, "stream_add_gbs": _stream_add_gbs(threads, repeat)}
    out["sgemm_gflops"] = _sgemm_gflops(threads, repeat)
    refs = {}
    for name in MODULES:
        path = BENCH_DIR / f"{name}.hlo"
        sig = Signature.of_module(parse_module(read_source(str(path)), str(path)))
        args = random_inputs(sig.params, SEED)
        t = measure(lambda fn=REFS[name], args=args: fn(*args), repeat=repeat, warmup=1)
        refs[name] = {"wall_ms": t.wall_median * 1e3, "cpu_ms": t.cpu_median * 1e3}
    out["refs"] = refs
    from .numpy_refs import WORK

    out["same_shape_gflops"] = {name: _same_shape_gflops(BENCH_DIR / f"{name}.hlo", threads, repeat)
                                for name in MODULES if WORK[name][0] == "flops"}
    return out


def _numpy_child(threads: int, repeat: int) -> dict:
    env = {**os.environ, "OPENBLAS_NUM_THREADS": str(threads), "OMP_NUM_THREADS": str(threads),
           "MKL_NUM_THREADS": str(threads)}
    r = subprocess.run([sys.executable, "-m", "benchmarks.bench_models", "--numpy-worker", str(threads),
                        "--repeat", str(repeat)], cwd=ROOT, env=env, capture_output=True, text=True, check=True)
    return json.loads(r.stdout)


# ------------------------------------------------------------------------------------------------
# hloc (in this process)


COMPILES = 3  # cold compiles per module (the median is reported)
KERNEL_SECONDS = 0.5  # the dot/conv kernel rate: runs for at least this long per thread count


def hloc_module(name: str, repeat: int) -> dict:
    from hloc.backend.llvm.build import BuildOptions, build
    from hloc.backend.llvm.runner_backend import _alloc_out, load_object
    from hloc.parse import parse_module, read_source
    from hloc.runtime.random_inputs import random_inputs
    from hloc.runtime.runner import aligned
    from hloc.signature import Signature

    from .numpy_refs import REFS

    path = str(BENCH_DIR / f"{name}.hlo")
    text = read_source(path)
    walls, cpus = [], []
    for _ in range(COMPILES):
        t0, c0 = time.perf_counter(), time.process_time()
        # (code_cache off: every compile runs LLVM, as XLA's does; the code cache would serve the
        # second and third from the first)
        built = build(parse_module(text, path), BuildOptions(code_cache=False))
        exe = load_object(built.compiled.obj, built.abi)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    compile_s, compile_cpu_s = statistics.median(walls), statistics.median(cpus)

    sig = Signature.of_module(parse_module(text, path))
    inputs = random_inputs(sig.params, SEED)
    assert all(leaf.shape.rank <= 1 or leaf.shape.layout.is_default() for leaf in exe.abi.params)
    # At a cache line, as hloc's runner hands inputs over and the real-models section passes them
    # (bench_real_models._physical): XLA's side runs on jax's 64-byte aligned device buffers. numpy's
    # big arrays start 16 bytes into a line (layernorm_4096x1024: 1.41 ms there, 0.98 aligned).
    params = [aligned(np.ascontiguousarray(a)) for a in inputs]
    outs = [_alloc_out(leaf, exe.abi.temp_align) for leaf in exe.abi.results]

    def call():
        exe.run_leaves(params, outs)

    from .numpy_refs import WORK

    def timed(threads: int) -> dict:
        exe.threads = threads
        with _pinned(threads):
            return _timed(call, repeat)

    stream = []  # a memory-bound module's STREAM add, measured right before and after its timed runs
    if WORK[name][0] == "bytes":
        (one, s1), (two, s2) = (_beside("--stream", t, repeat, lambda t=t: timed(t)) for t in (1, 2))
        stream = [s1, s2]
    else:
        one, two = timed(1), timed(2)
    # 1 thread: the calling thread's CPU time, which is all the work with num_threads=1. Process CPU time
    # would also count pool workers left by earlier modules' 2-thread runs, which were started before the
    # pinning and spin briefly on the other core.
    out = {"compile_s": compile_s, "compile_cpu_s": compile_cpu_s, "stream_beside": stream,
           "t1_cpu_ms": one["thread"], "t1_wall_ms": one["wall"],
           "t2_wall_ms": two["wall"],
           "t2_cpu_ms": two["cpu"], "t2_caller_cpu_ms": two["thread"]}
    if WORK[name][0] == "flops":
        out["gemm_gflops"], out["sgemm_beside"] = _gemm_kernels_gflops(text, path, params, outs, repeat)

    # Sanity: the outputs agree with the numpy reference. Last: numpy's OpenBLAS leaves its worker
    # thread spinning for a while after a product (~0.1 s), which took the second core from hloc's
    # 2-thread runs right after it (matmul_512 ran serially: 1.57 instead of 0.93 ms).
    got = exe(inputs)
    want = REFS[name](*inputs)
    got, want = (got, want) if isinstance(want, tuple) else ((got,), (want,))
    out["rel_err"] = max(float(np.max(np.abs(np.asarray(g, np.float64) - np.asarray(w, np.float64))) /
                               max(1e-30, float(np.max(np.abs(np.asarray(w, np.float64))))))
                         for g, w in zip(got, want))
    time.sleep(0.2)  # (let OpenBLAS's thread go to sleep before the next module is timed)
    return out


def _gemm_kernels_gflops(text: str, path: str, params: list, outs: list,
                         repeat: int) -> tuple[tuple[float, float], tuple[float, float]]:
    """GFLOP/s of the module's dot and convolution kernels alone, on 1 and 2 threads: a profiling build
    (hloc/backend/llvm/profile.py) run `repeat` times; per run the time of the kernel calls that
    multiply (their flops over their time; the median run). 1 thread pinned, as above, timed by the
    calling thread's CPU time (as the 1-thread module times and the 1-thread sgemm reference: wall time
    there counts the time the thread was descheduled); 2 threads by wall time. Also numpy's sgemm
    1024 on the same thread count, measured right before and right after (their mean): the machine's
    speed drifts over a run by more than the margins read off these ratios."""
    from hloc.backend.llvm.build import BuildOptions, build
    from hloc.backend.llvm.runner_backend import load_object
    from hloc.parse import parse_module

    built = build(parse_module(text, path), BuildOptions(profile=True))
    exe = load_object(built.compiled.obj, built.abi, profile=True)

    def rate(threads: int) -> float:
        exe.threads = threads
        exe.profile.clock = "thread" if threads == 1 else "wall"
        per_run = []
        with _pinned(threads):
            k, start = 0, time.perf_counter()
            # `repeat` runs after three warm-up runs (as _timed), and more until KERNEL_SECONDS have passed: a
            # short module's runs took ~20 ms in all, which one stall of the other core could cover (conv's
            # 2-thread kernels once came out at 47% of sgemm, 91-97% in runs before and after)
            while k < repeat + 3 or time.perf_counter() - start < KERNEL_SECONDS:
                exe.profile.reset()
                exe.run_leaves(params, outs)
                prof = exe.profile.read()
                gemm = [i for i, s in enumerate(prof.sites) if s.flops and prof.calls[i]]
                flops = sum(prof.sites[i].flops * prof.calls[i] for i in gemm)
                ns = sum(prof.ns[i] for i in gemm)
                if k >= 3 and ns:
                    per_run.append(flops / (ns * 1e-9) / 1e9)
                k += 1
        return statistics.median(per_run) if per_run else math.nan  # (nan: no dot/conv kernel ran)

    (r1, ref1), (r2, ref2) = (_beside("--sgemm", t, repeat, lambda t=t: rate(t)) for t in (1, 2))
    return (r1, r2), (ref1, ref2)


def hloc_warmup() -> float:
    """One compile before the first timed one, as XLA's side is timed after its imports and client
    set-up: hloc's imports, LLVM's initialisation, and the precompiled library (the pool and the f32
    GEMM, hloc/backend/llvm/codegen/linking.py: read from the cache directory, or compiled once per hloc
    build and target). Returns its wall time in seconds."""
    from hloc.backend.llvm.build import BuildOptions, build
    from hloc.parse import parse_module

    text = """HloModule warmup
ENTRY main {
  a = f32[256,256] parameter(0)
  b = f32[256,256] parameter(1)
  d = f32[256,256] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  v = f32[4194304] parameter(2)
  e = f32[4194304] exponential(v)
  ROOT t = (f32[256,256], f32[4194304]) tuple(d, e)
}
"""
    t0 = time.perf_counter()
    build(parse_module(text, "warmup.hlo"), BuildOptions())
    return time.perf_counter() - t0


def _timed(fn, repeat: int, warmup: int = 3) -> dict:
    """Medians (ms) of wall, process CPU and calling-thread CPU time per call, calls back to back as
    xla_run.py times XLA (one garbage collection before, none between: the calls allocate nothing,
    and the pool's workers stay awake between calls as XLA's do). The calling thread's CPU time is,
    with a pool, its share of the work plus its waits for the workers, without the time it was
    descheduled: on a loaded machine a steadier picture of the critical path than wall time."""
    import gc

    for _ in range(warmup):
        fn()
    gc.collect()
    wall, cpu, thread = [], [], []
    for _ in range(repeat):
        c0, t0, w0 = time.process_time(), time.thread_time(), time.perf_counter()
        fn()
        wall.append(time.perf_counter() - w0)
        thread.append(time.thread_time() - t0)
        cpu.append(time.process_time() - c0)
    med = statistics.median
    return {"wall": med(wall) * 1e3, "cpu": med(cpu) * 1e3, "thread": med(thread) * 1e3}


# ------------------------------------------------------------------------------------------------
# XLA:CPU (the jax venv)

_BENCH_LINE = re.compile(r"compile ([\d.]+) ms, exec median ([\d.]+) ms .*process cpu median ([\d.]+) ms")


def xla_module(py: str, name: str, repeat: int, pinned: bool) -> dict | None:
    cmd = [py, str(XLA_RUN), str(BENCH_DIR / f"{name}.hlo"), "--gen-inputs", str(SEED), "--bench", str(repeat),
           "--quiet"]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=600,
                           preexec_fn=_pin_first_cpu if pinned else None)
    except (OSError, subprocess.SubprocessError):
        return None
    m = _BENCH_LINE.search(r.stdout)
    if r.returncode != 0 or not m:
        return None
    return {"compile_ms": float(m.group(1)), "wall_ms": float(m.group(2)), "cpu_ms": float(m.group(3))}


# ------------------------------------------------------------------------------------------------
# the section


def _f(x, digits=2):
    return "-" if x is None or (isinstance(x, float) and not math.isfinite(x)) else f"{x:.{digits}f}"


def run(quick: bool) -> str:
    repeat = 5 if quick else 20
    load_start = load_average()
    missing = [n for n in MODULES if not (BENCH_DIR / f"{n}.hlo").exists()]
    if missing:
        return f"## Model suite\n\nSkipped: {BENCH_DIR} lacks {', '.join(missing)}.\n"
    numpy1 = _numpy_child(1, repeat)
    numpy2 = _numpy_child(2, repeat)
    py = oracle_python()
    if py is not None and not XLA_RUN.exists():
        py = None
    warm_s = hloc_warmup()
    rows = {}
    for name in MODULES:
        print(f"benchmarks: models: {name}", file=sys.stderr, flush=True)
        h = hloc_module(name, repeat)
        x1 = xla_module(py, name, repeat, pinned=True) if py else None
        x2 = xla_module(py, name, repeat, pinned=False) if py else None
        rows[name] = (h, x1, x2)
    load_end = load_average()

    from .numpy_refs import WORK

    main_rows, ratio1, ratio2, ratio_c, ratio_cc = [], [], [], [], []
    for name in MODULES:
        h, x1, x2 = rows[name]
        r1 = h["t1_cpu_ms"] / x1["cpu_ms"] if x1 else None
        r2 = h["t2_wall_ms"] / x2["wall_ms"] if x2 else None
        if r1:
            ratio1.append(r1)
        if r2:
            ratio2.append(r2)
        if x1:
            ratio_c.append(h["compile_s"] * 1e3 / x1["compile_ms"])
            ratio_cc.append(h["compile_cpu_s"] * 1e3 / x1["compile_ms"])
        main_rows.append([name, _f(h["compile_s"] * 1e3, 0), _f(h["compile_cpu_s"] * 1e3, 0),
                          _f(x1["compile_ms"], 0) if x1 else "-",
                          _f(h["t1_cpu_ms"]), _f(h["t1_wall_ms"]), _f(x1["cpu_ms"]) if x1 else "-", _f(r1),
                          _f(h["t2_wall_ms"]), _f(x2["wall_ms"]) if x2 else "-", _f(r2),
                          _f(h["t1_wall_ms"] / h["t2_wall_ms"]), _f(h["t2_caller_cpu_ms"]),
                          _f(numpy1["refs"][name]["cpu_ms"]),
                          _f(numpy2["refs"][name]["wall_ms"]), f"{h['rel_err']:.1e}"])
    g1, g2 = geomean(ratio1), geomean(ratio2)
    gc, gcc = geomean(ratio_c), geomean(ratio_cc)
    main_rows.append(["**geomean**", "", "", "", "", "", "", _f(g1), "", "", _f(g2), "", "", "", "", ""])

    limit_rows = []
    shares: dict[str, list[float]] = {"bytes1": [], "bytes2": [], "kern1": [], "kern2": []}
    for name in MODULES:
        h = rows[name][0]
        kind, amount = WORK[name]
        if kind == "bytes":
            rate = [amount / (h[k] * 1e-3) / 1e9 for k in ("t1_cpu_ms", "t2_wall_ms")]
            lim = list(h["stream_beside"])
            unit = "GB/s"
            shares["bytes1"].append(rate[0] / lim[0])
            shares["bytes2"].append(rate[1] / lim[1])
        else:
            rate = [amount / (h[k] * 1e-3) / 1e9 for k in ("t1_cpu_ms", "t2_wall_ms")]
            lim = list(h["sgemm_beside"])
            unit = "GFLOP/s"
        same = [n["same_shape_gflops"].get(name) for n in (numpy1, numpy2)]
        extra = ["-"] * 8 + [f"{lim[0]:.1f} / {lim[1]:.1f}"]
        if kind != "bytes":
            kern = h["gemm_gflops"]
            extra = [x for t in (0, 1) for x in (_f(kern[t], 1), f"{100 * kern[t] / lim[t]:.0f}%")]
            shares["kern1"].append(kern[0] / lim[0])
            shares["kern2"].append(kern[1] / lim[1])
            extra += [x for t in (0, 1) for x in (_f(same[t], 1), f"{100 * rate[t] / same[t]:.0f}%")]
            extra.append(f"{lim[0]:.0f} / {lim[1]:.0f}")
        limit_rows.append([name, unit, _f(rate[0], 1), f"{100 * rate[0] / lim[0]:.0f}%", _f(rate[1], 1),
                           f"{100 * rate[1] / lim[1]:.0f}%", *extra])

    worst1 = max(ratio1) if ratio1 else float("nan")
    worst2 = max(ratio2) if ratio2 else float("nan")
    xla_note = "" if py else ("\n**XLA columns skipped**: no jax venv found (set HLOC_XLA_PYTHON to a Python with "
                              "jax/jaxlib, e.g. ../.venv-xla/bin/python).\n")
    parts = [
        "## Model suite: hloc vs XLA:CPU vs numpy",
        "",
        "The twelve anchor modules of `../shared/bench` (seeded inputs, already in memory), medians of "
        f"{repeat} runs, hloc and XLA measured module by module in the same run. **1 thread** = CPU time per run "
        "pinned to one CPU (hloc: the calling thread's, which does all the work with num_threads=1; XLA: its "
        "process CPU time); **2 threads** = wall time (hloc "
        "`num_threads=2`, XLA's own pool). Ratios are hloc / XLA (below 1: hloc is faster). hloc compile is "
        "cold (no compile cache: parse, HLO pipeline, LLVM, load; the median of "
        f"{COMPILES} compiles, wall and process CPU) and XLA's is its compile step only (wall). Before the first "
        "module hloc compiles one warm-up module, as XLA is timed after its imports and client set-up: imports, "
        "LLVM's initialisation and the precompiled library (the worker pool and the f32 GEMM, compiled once "
        f"per hloc build and target and cached: hloc/backend/llvm/codegen/linking.py); it took {warm_s * 1e3:.0f} ms "
        "in this run. `hloc 2t speedup` is "
        "hloc's 1-thread wall over its 2-thread wall; `hloc 2t caller CPU` is the CPU time of the calling "
        "thread alone with 2 threads (its share of the work plus its waits for the worker, not the time it "
        "was descheduled: on a loaded machine the steadier view of the parallel critical path). `err` is "
        "hloc's max abs difference from the numpy reference relative to the reference's max abs value.",
        f"Load average at the start {load_start}, at the end {load_end} (2 cores shared with other jobs: "
        "wall times are noisy, CPU times and ratios less so).",
        xla_note,
        table(["module", "hloc compile ms", "hloc compile CPU ms", "XLA compile ms", "hloc 1t CPU ms",
               "hloc 1t wall ms", "XLA 1t CPU ms",
               "hloc/XLA 1t", "hloc 2t ms", "XLA 2t ms", "hloc/XLA 2t", "hloc 2t speedup", "hloc 2t caller CPU ms",
               "numpy 1t ms", "numpy 2t ms", "err"], main_rows),
        "",
        f"Targets: geomean hloc/XLA <= 0.8 (1 thread: {_f(g1)}, 2 threads: {_f(g2)}); no module above 1.25 "
        f"(worst: 1 thread {_f(worst1)}, 2 threads {_f(worst2)}). Compile: geomean hloc/XLA <= 1.0 (wall: "
        f"{_f(gc)}, hloc's CPU time: {_f(gcc)}).",
        "",
        "### Against the machine's limits",
        "",
        f"STREAM-style add (numpy): {_f(numpy1['stream_add_gbs'], 1)} GB/s on 1 thread, "
        f"{_f(numpy2['stream_add_gbs'], 1)} GB/s on 2; OpenBLAS sgemm 1024 (numpy): "
        f"{_f(numpy1['sgemm_gflops'], 1)} GFLOP/s on 1 thread, {_f(numpy2['sgemm_gflops'], 1)} on 2 at the start of "
        "the run; each module is held against the same limit measured right beside it, in a child process (the "
        "mean of one measurement before and one after the module's own: the STREAM add around a memory-bound "
        "module's timed runs, sgemm around a dot/conv module's kernel measurement; `limit beside`, 1t / 2t), "
        "as the machine's speed drifts during a run. A module's "
        "rate counts what it must at least move (inputs read and outputs written once) or compute (2 flops "
        "per multiply-add), so above 100% means it beats that reference. `dot/conv kernels` is the rate of the "
        "module's dot and convolution kernels alone (a profiling build, `hloc run --profile`: their flops over "
        "the time of their calls, median run; 1 thread: the calling thread's CPU time, as the other 1-thread "
        "numbers; 2 threads: wall), against the same sgemm limit. `OpenBLAS same shapes` runs the "
        "module's own products through numpy's OpenBLAS (each dot as a batched matmul, each convolution as "
        "its im2col product; nothing else of the module), so `of it` compares hloc's whole module with "
        "OpenBLAS on the GEMMs alone: what a shape costs any BLAS, apart from what hloc leaves on the table.",
        "",
        table(["module", "unit", "hloc 1t", "of limit", "hloc 2t", "of limit", "dot/conv kernels 1t", "of limit",
               "dot/conv kernels 2t", "of limit", "OpenBLAS same shapes 1t", "of it", "OpenBLAS same shapes 2t",
               "of it", "limit beside"], limit_rows),
        "",
        f"Targets: memory-bound modules >= 85% of the STREAM add (worst: 1 thread "
        f"{100 * min(shares['bytes1']):.0f}%, 2 threads {100 * min(shares['bytes2']):.0f}%); f32 dot and "
        f"convolution kernels >= 90% of OpenBLAS sgemm at the same thread count (worst: 1 thread "
        f"{100 * min(shares['kern1']):.0f}%, 2 threads {100 * min(shares['kern2']):.0f}%).",
    ]
    return "\n".join(parts) + "\n"


def _main(argv: list[str]) -> int:
    import argparse

    p = argparse.ArgumentParser(prog="python -m benchmarks.bench_models")
    p.add_argument("--numpy-worker", type=int, metavar="T", help="print numpy refs and limits on T threads as JSON")
    p.add_argument("--sgemm", type=int, metavar="T", help="print numpy's sgemm 1024 GFLOP/s on T threads")
    p.add_argument("--stream", type=int, metavar="T", help="print the STREAM-style add's GB/s on T threads")
    p.add_argument("--repeat", type=int, default=20)
    args = p.parse_args(argv)
    for flag, limit in ((args.sgemm, _sgemm_gflops), (args.stream, _stream_add_gbs)):
        if flag:
            if flag == 1:
                _pin_first_cpu()
            print(limit(flag, args.repeat))
            return 0
    if args.numpy_worker:
        print(json.dumps(numpy_worker(args.numpy_worker, args.repeat)))
        return 0
    print(run(quick=False))
    return 0


if __name__ == "__main__":
    sys.exit(_main(sys.argv[1:]))

