"""Real models: the `bench` sizes of our own producer corpora (testdata/producers/*/bench/*.hlo, traced by
tests/producers/make_*.py from jax + flax/optax/equinox/haiku, TensorFlow and PyTorch/XLA) and the gemma3
module of the XLA corpus, hloc vs XLA:CPU side by side, 1 and 2 threads, run time and compile time.

    python -m benchmarks.run real_models                 this section only (about 20-40 minutes)
    python -m benchmarks.run real_models --quick -o -    a smoke run
    HLOC_REAL_MODELS=jax/vit,gemma3 python -m benchmarks.run real_models   only the names containing these

How each number is taken (as benchmarks/bench_models.py takes them, on other modules):
  * inputs: hloc's seeded random inputs (floats N(0,1), integers in [0, 8)), the same arrays on both sides
    (written to .npy files for xla_run.py) unless they exceed INPUT_FILES_MB, when XLA makes its own with
    the same convention (`--gen-inputs`; noted in the table).
  * hloc compile, warm: parse + HLO pipeline + LLVM + load in this process, after one warm-up compile
    (bench_models.hloc_warmup), the median of COMPILES, LLVM running every time (code_cache=False); XLA's
    is its compile step in xla_run.py (its process was warm from its own imports and client set-up, as
    ours is).
  * hloc compile, cold CLI: `hloc compile M.hlo -o M.o` in a new process (imports, parse, pipeline, LLVM,
    writing the object; the precompiled library from the user's cache, the code cache as the user's has
    it: empty for the module the first time), wall time, once.
  * run: the compiled entry on inputs already in memory, medians over `repeat` runs after warm-up (at least
    MIN_RUN_S of them, the same count for XLA); 1 thread
    pinned to one CPU, the calling thread's CPU time (XLA: xla_run.py pinned, its process CPU time);
    2 threads: wall (XLA's own pool). hloc's LAPACK calls (OpenBLAS) get as many threads.
  * limit: the time the module must take at least, max(its dot/convolution flops / numpy's sgemm rate,
    its parameter + result bytes / a STREAM add's rate), with sgemm and STREAM measured at the start of the
    section on 1 and 2 threads (bench_models' children).
"""

from __future__ import annotations

import os
import re
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from .bench_linalg import _openblas_threads
from .bench_models import (
    _BENCH_LINE,
    XLA_RUN,
    _limit_child,
    _pin_first_cpu,
    _pinned,
    _timed,
    gemm_shapes,
    geomean,
    hloc_warmup,
)
from .common import CORPUS, ROOT, load_average, oracle_python, table

PRODUCERS = ROOT / "testdata" / "producers"
GEMMA3 = CORPUS / "xla" / "backends__cpu__benchmarks__hlo__gemma3_1b_flax_call.hlo"
SEED = 0
COMPILES = 3
INPUT_FILES_MB = 512
# Runs per measurement: at least `repeat` and enough for MIN_RUN_S of calls (at most MAX_REPEAT): ten
# runs of a 0.7 ms module fit in one time slice of another job on the other core, which then decides
# its whole 2-thread column (tf_cond: 0.69 ms at 2 threads in one run, 0.31-0.35 when the core was free).
MIN_RUN_S = 0.3
MAX_REPEAT = 2000
LAPACK_WRAPPER = Path(__file__).resolve().parent / "xla_run_lapack.py"  # xla_run.py, LAPACK kernels set up


def modules() -> list[tuple[str, Path]]:
    found = [(f"{p.parent.parent.name}/{p.stem}", p) for p in sorted(PRODUCERS.glob("*/bench/*.hlo"))]
    if GEMMA3.exists():
        found.append(("xla/gemma3_1b_flax_call", GEMMA3))
    only = [s for s in os.environ.get("HLOC_REAL_MODELS", "").split(",") if s]
    return [(n, p) for n, p in found if not only or any(s in n for s in only)]


def _physical(a: np.ndarray, shape) -> np.ndarray:
    """A parameter in the layout the entry takes it (row-major unless the HLO says otherwise), at a
    cache line as hloc's runner hands it over (XLA's side gets jax's 64-byte aligned buffers)."""
    from hloc.runtime.runner import aligned

    if shape.rank > 1 and not shape.layout.is_default():
        a = np.transpose(a, list(reversed(shape.minor_to_major)))
    return aligned(np.ascontiguousarray(a))


def hloc_side(name: str, path: Path, inputs: list, repeat: int, compiles: int) -> dict:
    from hloc.backend.llvm.build import BuildOptions, build
    from hloc.backend.llvm.runner_backend import _alloc_out, load_object
    from hloc.parse import parse_module, read_source

    text = read_source(str(path))
    walls, cpus = [], []
    for _ in range(compiles):
        t0, c0 = time.perf_counter(), time.process_time()
        built = build(parse_module(text, str(path)), BuildOptions(code_cache=False))  # (LLVM runs every time)
        exe = load_object(built.compiled.obj, built.abi)
        walls.append(time.perf_counter() - t0)
        cpus.append(time.process_time() - c0)
    params = [_physical(a, leaf.shape) for a, leaf in zip(inputs, exe.abi.params)]
    outs = [_alloc_out(leaf, exe.abi.temp_align) for leaf in exe.abi.results]

    def call():
        exe.run_leaves(params, outs)

    repeat = runs_for(call, repeat)
    res = {"compile_ms": statistics.median(walls) * 1e3, "compile_cpu_ms": statistics.median(cpus) * 1e3,
           "repeat": repeat}
    for threads in (1, 2):
        exe.threads = threads
        # LAPACK calls on as many threads too: OpenBLAS's own threads, left at every CPU, spin against
        # the pinned caller (linalg_eigh_svd: 1.56 s of the caller's CPU per run instead of 10 ms)
        _openblas_threads(threads)
        try:
            with _pinned(threads):
                t = _timed(call, repeat)
        finally:
            _openblas_threads(None)
        res[f"t{threads}"] = t["thread"] if threads == 1 else t["wall"]
    return res


def runs_for(call, repeat: int) -> int:
    """Runs of `call` to time: at least `repeat`, and enough for MIN_RUN_S of them by one warm call
    on the default threads, at most MAX_REPEAT."""
    call()
    t0 = time.perf_counter()
    call()
    took = max(time.perf_counter() - t0, 1e-6)
    return max(repeat, min(MAX_REPEAT, int(MIN_RUN_S / took) + 1))


def cli_compile_s(path: Path, tmp: Path) -> float | str:
    """`hloc compile` in a fresh process: wall seconds, or the error's first line."""
    hloc = Path(sys.executable).parent / "hloc"
    t0 = time.perf_counter()
    r = subprocess.run([str(hloc), "compile", str(path), "-o", str(tmp / "m.o")], capture_output=True, text=True,
                       timeout=1800)
    took = time.perf_counter() - t0
    return took if r.returncode == 0 else (r.stderr.strip().splitlines() or ["failed"])[-1][:160]


def xla_side(py: str, path: Path, input_files: list[str] | None, repeat: int, pinned: bool) -> dict | str:
    args = input_files if input_files is not None else ["--gen-inputs", str(SEED)]
    cmd = [py, str(LAPACK_WRAPPER), str(XLA_RUN), str(path), *args, "--bench", str(repeat), "--quiet"]
    try:
        r = subprocess.run(cmd, capture_output=True, text=True, timeout=1800,
                           preexec_fn=_pin_first_cpu if pinned else None)
    except (OSError, subprocess.SubprocessError) as e:
        return f"{type(e).__name__}"
    m = _BENCH_LINE.search(r.stdout)
    if r.returncode != 0 or not m:
        return (r.stderr.strip().splitlines() or ["failed"])[-1][:160]
    return {"compile_ms": float(m.group(1)), "wall_ms": float(m.group(2)), "cpu_ms": float(m.group(3))}


def without_aliasing(path: Path, tmp: Path) -> Path:
    """The module for XLA's side: xla_run.py donates the parameters an `input_output_alias` header names
    (TensorFlow's resource-variable updates), so its second timed run fails on a deleted buffer; without the
    header XLA copies those results instead (hloc's side keeps the text as it is)."""
    text = path.read_text()
    header, _, rest = text.partition("\n")
    if "input_output_alias=" not in header:
        return path
    out = tmp / path.name
    out.write_text(re.sub(r", input_output_alias=\{.*?\}(?=, [a-z_]+=|$)", "", header) + "\n" + rest)
    return out


def work(path: Path) -> tuple[float, float]:
    """(flops of its dots and convolutions, bytes of its parameters and results)."""
    from hloc.parse import parse_module, read_source
    from hloc.signature import Signature

    module = parse_module(read_source(str(path)), str(path))
    flops = sum(2.0 * b * m * k * n for b, m, k, n in gemm_shapes(module))
    sig = Signature.of_module(module)
    return flops, float(sum(leaf.byte_size for leaf in (*sig.params, *sig.results)))


def measure_one(name: str, path: Path, py: str | None, repeat: int, compiles: int, tmp: Path,
                cli: bool = True) -> dict:
    from hloc.parse import parse_module, read_source
    from hloc.runtime.random_inputs import random_inputs
    from hloc.runtime.values import to_storable
    from hloc.signature import Signature

    row: dict = {"name": name}
    sig = Signature.of_module(parse_module(read_source(str(path)), str(path)))
    inputs = random_inputs(sig.params, SEED)
    row["params_mb"] = sum(a.nbytes for a in inputs) / 1e6
    row["flops"], row["bytes"] = work(path)
    files = None
    if row["params_mb"] <= INPUT_FILES_MB:
        files = []
        for i, a in enumerate(inputs):
            np.save(tmp / f"in{i}.npy", to_storable(a))
            files.append(str(tmp / f"in{i}.npy"))
    row["same_inputs"] = files is not None
    try:
        row["hloc"] = hloc_side(name, path, inputs, repeat, compiles)
    except Exception as e:  # an unsupported op, a crash in a pass: the row says which
        row["hloc"] = f"{type(e).__name__}: {str(e).splitlines()[0][:160] if str(e) else ''}"
    del inputs
    row["cli_s"] = cli_compile_s(path, tmp) if cli and isinstance(row["hloc"], dict) else None
    if py:
        path = without_aliasing(path, tmp)
        runs = row["hloc"]["repeat"] if isinstance(row["hloc"], dict) else repeat  # the same count both sides
        row["xla1"] = xla_side(py, path, files, runs, pinned=True)
        row["xla2"] = xla_side(py, path, files, runs, pinned=False)
    for f in files or []:
        Path(f).unlink()
    return row


def progress(row: dict) -> str:
    """One line per module as the section goes (a long run's partial results)."""
    parts = []
    for key, what in (("hloc", "hloc"), ("xla1", "XLA 1t"), ("xla2", "XLA 2t")):
        v = row.get(key)
        parts.append(f"{what} {v}" if isinstance(v, str) or v is None else
                     f"{what} " + " ".join(f"{k}={x:.3f}" for k, x in v.items()))
    return f"{row['name']}: " + "; ".join(parts)


def _f(x, digits=2) -> str:
    return "-" if x is None or isinstance(x, str) else f"{x:.{digits}f}"


def _ratio(a, b) -> float | None:
    return a / b if isinstance(a, float) and isinstance(b, float) and b > 0 else None


def run(quick: bool) -> str:
    repeat, compiles = (3, 1) if quick else (10, COMPILES)
    py = oracle_python()
    if py is not None and not XLA_RUN.exists():
        py = None
    load_start = load_average()
    sgemm = {t: _limit_child("--sgemm", t, 3 if quick else 10) for t in (1, 2)}
    stream = {t: _limit_child("--stream", t, 3 if quick else 10) for t in (1, 2)}
    warm_s = hloc_warmup()
    rows = []
    with tempfile.TemporaryDirectory(prefix="hloc-real-models-") as tmp:
        for name, path in modules():
            print(f"benchmarks: real_models: {name}", file=sys.stderr, flush=True)
            rows.append(measure_one(name, path, py, repeat, compiles, Path(tmp), cli=not quick))
            print(f"benchmarks: real_models: {progress(rows[-1])}", file=sys.stderr, flush=True)
    load_end = load_average()

    lines, r1s, r2s, rcs, errors = [], [], [], [], []
    for r in rows:
        h, x1, x2 = r["hloc"], r.get("xla1"), r.get("xla2")
        hd = h if isinstance(h, dict) else {}
        x1d, x2d = (x if isinstance(x, dict) else {} for x in (x1, x2))
        r1 = _ratio(hd.get("t1"), x1d.get("cpu_ms"))
        r2 = _ratio(hd.get("t2"), x2d.get("wall_ms"))
        rc = _ratio(hd.get("compile_ms"), x1d.get("compile_ms"))
        for lst, v in ((r1s, r1), (r2s, r2), (rcs, rc)):
            if v is not None:
                lst.append(v)
        limit = [max(r["flops"] / (sgemm[t] * 1e9), r["bytes"] / (stream[t] * 1e9)) * 1e3 for t in (1, 2)]
        cli = r["cli_s"]
        lines.append([r["name"] + ("" if r["same_inputs"] else " (own inputs)"), _f(r["params_mb"], 1),
                      _f(r["flops"] / 1e9, 2), _f(hd.get("compile_ms"), 0), _f(x1d.get("compile_ms"), 0), _f(rc),
                      _f(cli if isinstance(cli, float) else None, 1),
                      _f(hd.get("t1"), 3), _f(x1d.get("cpu_ms"), 3), _f(r1),
                      _f(hd.get("t2"), 3), _f(x2d.get("wall_ms"), 3), _f(r2),
                      f"{limit[0]:.3f} / {limit[1]:.3f}"])
        for who, v in (("hloc", h), ("hloc compile (CLI)", cli), ("XLA", x1)):
            if isinstance(v, str):
                errors.append(f"- `{r['name']}` {who}: {v}")
    lines.append(["**geomean**", "", "", "", "", _f(geomean(rcs)), "", "", "", _f(geomean(r1s)), "", "",
                  _f(geomean(r2s)), ""])
    worst1 = max(r1s) if r1s else None
    worst2 = max(r2s) if r2s else None
    xla_note = "" if py else "\n**XLA columns skipped**: no jax venv (set HLOC_XLA_PYTHON).\n"
    parts = [
        "## Real models: our producer corpora at bench size, hloc vs XLA:CPU",
        "",
        f"{len(rows)} modules: the `bench` programs of testdata/producers (jax + flax / optax / equinox / haiku, "
        "TensorFlow 2.21, PyTorch/XLA 2.9; tests/producers/make_*.py) and gemma3 from the XLA corpus. Medians of "
        f"at least {repeat} runs and at least {MIN_RUN_S:.1f} s of runs (the same count on both sides) on inputs "
        "already in memory; **1 thread** = CPU time per run pinned to one CPU (hloc: "
        "the calling thread; XLA: its process), **2 threads** = wall time. Ratios are hloc / XLA (below 1: hloc "
        f"is faster). Compile, warm: the median of {compiles} in-process compiles after a warm-up one "
        f"({warm_s * 1e3:.0f} ms), against XLA's compile step; cold CLI: `hloc compile` in a new process"
        f"{' (not measured in a quick run)' if quick else ''}. "
        "`limit` is the least time the module's dot/conv flops and parameter + result bytes allow at the "
        f"sgemm ({sgemm[1]:.0f} / {sgemm[2]:.0f} GFLOP/s) and STREAM add ({stream[1]:.1f} / {stream[2]:.1f} GB/s) "
        "rates measured at the start of this section, 1 / 2 threads.",
        f"Load average at the start {load_start}, at the end {load_end}.",
        xla_note,
        table(["program", "params MB", "GFLOP", "hloc compile ms", "XLA compile ms", "compile ratio",
               "hloc CLI compile s", "hloc 1t ms", "XLA 1t ms", "hloc/XLA 1t", "hloc 2t ms", "XLA 2t ms",
               "hloc/XLA 2t", "limit ms 1t / 2t"], lines),
        "",
        f"Targets (issue 16): run time geomean <= 0.85 at 1 and 2 threads (here {_f(geomean(r1s))} / "
        f"{_f(geomean(r2s))}), none above 1.25 (worst {_f(worst1)} / {_f(worst2)}); warm compile geomean <= 1.0 "
        f"(here {_f(geomean(rcs))}), none above 2x.",
    ]
    if errors:
        parts += ["", "Failures (a module that failed is left out of the geomeans):", "", *errors]
    return "\n".join(parts) + "\n"


if __name__ == "__main__":
    print(run(quick="--quick" in sys.argv))
    sys.exit(0)
