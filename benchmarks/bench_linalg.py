"""The linear-algebra custom calls: hloc (native, LAPACK through hloc.lapack) vs XLA:CPU (jaxlib's
kernels) on the cores jax 0.12 emits for jnp.linalg: cholesky / LU / QR at n = 512, eigh / svd at
n = 256, f32, one matrix; the modules are the custom calls jax writes (column-major operands).

XLA:CPU: ../shared/tools/xla_run.py --bench N in the jax venv with jaxlib's LAPACK kernels
initialised (jax does that itself only when it lowers a linalg op), on the same inputs (.npy: a
positive-definite matrix for cholesky, a symmetric one for eigh, seeded normals otherwise). hloc:
the native executable on buffers already in the entry's layouts (as XLA's with its inputs on the
device), median wall time per call, measured right before XLA in the same run. Both call OpenBLAS
(numpy's for hloc, scipy's for jaxlib): once on one thread (OPENBLAS_NUM_THREADS=1 for XLA,
openblas_set_num_threads for hloc), once on all.
"""

from __future__ import annotations

import re
import subprocess
import tempfile
from pathlib import Path

import numpy as np

from .common import ROOT, measure, oracle_python, table

XLA_RUN = ROOT.parent / "shared" / "tools" / "xla_run.py"
_EXEC = re.compile(r"exec median ([\d.]+) ms")
_CPU = re.compile(r"process cpu median ([\d.]+) ms")

COL = "{0,1}"
CASES = {
    # name: (n, target, results, backend_config, input kind)
    "cholesky": (512, "lapack_spotrf_ffi", "(f32[N,N]{0,1}, s32[])", "{uplo = 76 : ui8}", "pd"),
    "lu": (512, "lapack_sgetrf_ffi", "(f32[N,N]{0,1}, s32[N]{0}, s32[])", "{}", "normal"),
    "qr": (512, "lapack_sgeqrf_ffi", "(f32[N,N]{0,1}, f32[N]{0})", "{}", "normal"),
    "eigh": (256, "lapack_ssyevd_ffi", "(f32[N,N]{0,1}, f32[N]{0}, s32[])", "{mode = 86 : ui8, uplo = 76 : ui8}",
             "sym"),
    "svd": (256, "lapack_sgesdd_ffi", "(f32[N,N]{0,1}, f32[N]{0}, f32[N,N]{0,1}, f32[N,N]{0,1}, s32[])",
            "{mode = 65 : ui8}", "normal"),
}
XLA_CODE = ("import runpy, sys; from jaxlib import lapack; lapack._lapack.initialize(); "
            "sys.argv = sys.argv[1:]; runpy.run_path(sys.argv[0], run_name='__main__')")


def module_text(name: str) -> str:
    n, target, results, config, _ = CASES[name]
    results = results.replace("N", str(n))
    body = (f"  a = f32[{n},{n}]{COL} parameter(0)\n  f = {results} custom-call(a), custom_call_target=\"{target}\", "
            f"operand_layout_constraints={{f32[{n},{n}]{COL}}}, output_to_operand_aliasing={{{{0}}: (0, {{}})}}, "
            f"api_version=API_VERSION_TYPED_FFI, backend_config={config}\n")
    if name == "qr":  # jnp.linalg.qr: geqrf then orgqr
        body += (f"  r = f32[{n},{n}]{COL} get-tuple-element(f), index=0\n"
                 f"  t = f32[{n}]{{0}} get-tuple-element(f), index=1\n"
                 f"  ROOT q = f32[{n},{n}]{COL} custom-call(r, t), custom_call_target=\"lapack_sorgqr_ffi\", "
                 f"operand_layout_constraints={{f32[{n},{n}]{COL}, f32[{n}]{{0}}}}, output_to_operand_aliasing="
                 f"{{{{}}: (0, {{}})}}, api_version=API_VERSION_TYPED_FFI, backend_config={{}}\n")
    else:
        body = body.replace("  f = ", "  ROOT f = ")
    return f"HloModule linalg_{name}\n\nENTRY main {{\n{body}}}\n"


def make_input(name: str) -> np.ndarray:
    n, kind = CASES[name][0], CASES[name][4]
    a = np.random.default_rng(15).standard_normal((n, n)).astype(np.float32)
    if kind == "pd":
        a = (a @ a.T / n + np.eye(n)).astype(np.float32)
    elif kind == "sym":
        a = ((a + a.T) / 2).astype(np.float32)
    return a


def hloc_ms(text: str, a: np.ndarray, repeat: int) -> tuple[float, float]:
    """Median wall and CPU ms of the native call on buffers already in the entry's layouts (as
    xla_run's exec time, with its inputs on the device)."""
    from hloc.backend.llvm.runner_backend import _alloc_out, _physical_in
    from hloc.parse import parse_module
    from hloc.runtime.runner import Runner

    runner = Runner(parse_module(text, "linalg"), "llvm")
    runner.prepare()
    exe = runner.executable
    params = [_physical_in(a, exe.abi.params[0])]
    outs = [_alloc_out(leaf, exe.abi.temp_align) for leaf in exe.abi.results]
    t = measure(lambda: exe.run_leaves(params, outs), repeat=repeat, warmup=2)
    return sorted(t.wall)[len(t.wall) // 2] * 1e3, sorted(t.cpu)[len(t.cpu) // 2] * 1e3


def _openblas_threads(n: int | None) -> None:
    """Set the thread count of the OpenBLAS hloc calls (numpy's: scipy_openblas_set_num_threads64_);
    None: every CPU again."""
    import ctypes
    import os

    from hloc.lapack import lapack

    lib = ctypes.CDLL(lapack().path)
    for name in ("scipy_openblas_set_num_threads64_", "openblas_set_num_threads"):
        fn = getattr(lib, name, None)
        if fn is not None:
            fn(ctypes.c_int(n or os.cpu_count() or 1))
            return


def xla_ms(py: str, hlo: Path, npy: Path, repeat: int, one_thread: bool) -> tuple[float, float] | None:
    """Median exec and process-CPU ms of XLA:CPU's executions (xla_run.py --bench)."""
    import os

    env = {**os.environ, **({"OPENBLAS_NUM_THREADS": "1"} if one_thread else {})}
    try:
        r = subprocess.run([py, "-c", XLA_CODE, str(XLA_RUN), str(hlo), str(npy), "--bench", str(repeat), "--quiet"],
                           capture_output=True, text=True, timeout=600, env=env)
    except (OSError, subprocess.SubprocessError):
        return None
    m, c = _EXEC.search(r.stdout), _CPU.search(r.stdout)
    return (float(m.group(1)), float(c.group(1))) if r.returncode == 0 and m and c else None


CPU_NOTE = ("On one thread the CPU-time ratio is the one to read on a busy machine: wall times there "
            "include waiting for a core (XLA's process CPU time counts all of its threads).\n")


def run(quick: bool) -> str:
    repeat = 5 if quick else 20
    py = oracle_python() if XLA_RUN.exists() else None
    rows = []
    with tempfile.TemporaryDirectory(prefix="hloc-bench-linalg-") as tmp:
        for name in CASES:
            text, a = module_text(name), make_input(name)
            hlo, npy = Path(tmp) / f"{name}.hlo", Path(tmp) / f"{name}.npy"
            hlo.write_text(text)
            np.save(npy, a)
            row = [f"{name} n={CASES[name][0]}", CASES[name][1] + (" + sorgqr" if name == "qr" else "")]
            for one_thread in (True, False):
                _openblas_threads(1 if one_thread else None)
                try:
                    h, h_cpu = hloc_ms(text, a, repeat)
                finally:
                    _openblas_threads(None)
                x = xla_ms(py, hlo, npy, repeat, one_thread) if py else None
                row += [h, "-" if x is None else x[0], "-" if x is None else h / x[0]]
                if one_thread:  # (CPU time: the work itself, whatever else the machine runs)
                    row += ["-" if x is None else h_cpu / x[1]]
            rows.append(row)
    note = "" if py else "\n**XLA columns skipped**: no jax venv (set HLOC_XLA_PYTHON).\n"
    return ("## Linear algebra (LAPACK custom calls)\n\n" + __doc__.split("\n\n", 1)[0].replace("\n", " ") + "\n\n"
            + table(["module", "targets", "hloc ms, 1 thread", "XLA:CPU ms, 1 thread", "hloc / XLA, 1 thread",
                     "hloc / XLA CPU time, 1 thread", "hloc ms", "XLA:CPU ms", "hloc / XLA"], rows) + "\n\n"
            + CPU_NOTE + note)
