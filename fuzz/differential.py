"""Run a module natively and on the interpreter, and compare.

    failures = check(text, inputs, exact)     # [] when every configuration agrees with the interpreter

Configurations: `--hlo-opt O0` and `O2` (one compile each), each run on 1 and 2 threads.

Comparison, per output leaf: integers and pred equal; an exact float output (fuzz/program.py) equal
as values (NaN with NaN, whatever the payload; -0 with +0, which max/min may pick either way) up to
denormals, which the native code flushes as XLA:CPU does; an inexact one within bounds: the same
non-finite positions and |got - want| <= rtol * (|want| + scale) with scale the output's largest
finite magnitude (an error relative to the output, not to each element: cancellations make small
elements of inexact sums meaningless), rtol by type (the transcendentals' ULP bounds, mathfns.py,
amplified by the ops after them). A crash (an exception other than a clean "unsupported" error)
is a failure too.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from hloc.errors import CodegenError, HlocError
from hloc.parse import parse_module
from hloc.runtime.backends import BackendOptions
from hloc.runtime.runner import Runner

CONFIGS = (("O0", 1), ("O0", 2), ("O2", 1), ("O2", 2))
RTOL = {"float64": 1e-9, "float32": 2e-4, "float16": 2e-2, "bfloat16": 6e-2}
RTOL_F8 = 0.3  # a few units of f8's 2-4 bit mantissa: an inexact f8 value rounded the other way


@dataclass
class Failure:
    config: str  # "O2/2 threads", "interp", ...
    message: str

    def __str__(self) -> str:
        return f"{self.config}: {self.message}"


def _tiny(dt: np.dtype) -> float:
    import ml_dtypes

    return float(ml_dtypes.finfo(dt).tiny)


def compare_outputs(got: list[np.ndarray], want: list[np.ndarray], exact: list[bool]) -> list[str]:
    problems = []
    if len(got) != len(want):
        return [f"{len(got)} outputs, expected {len(want)}"]
    for k, (g, w, ex) in enumerate(zip(got, want, exact)):
        g, w = np.asarray(g), np.asarray(w)
        if g.shape != w.shape or g.dtype != w.dtype:
            problems.append(f"out{k}: {g.dtype}{list(g.shape)}, expected {w.dtype}{list(w.shape)}")
            continue
        if w.dtype.kind == "c":  # as (re, im) pairs of the part's type
            part = np.float32 if w.dtype == np.complex64 else np.float64
            g = np.ascontiguousarray(g).view(part).reshape(g.shape + (2,))
            w = np.ascontiguousarray(w).view(part).reshape(w.shape + (2,))
        if w.dtype.kind in "biu" or w.dtype.name.startswith(("int", "uint")):
            bad = g != w
            if bad.any():
                problems.append(_worst(k, g, w, bad, "differ"))
            continue
        g64, w64 = g.astype(np.float64), w.astype(np.float64)
        gn, wn = np.isnan(g64), np.isnan(w64)
        if ex:
            tiny = _tiny(w.dtype)
            same = (g64 == w64) | (gn & wn) | ((np.abs(g64) < tiny) & (np.abs(w64) < tiny))
            bad = ~same
            if bad.any():
                problems.append(_worst(k, g, w, bad, "differ (exact)"))
            continue
        fin = np.isfinite(w64)
        bad_nonfinite = (gn != wn) | (~fin & ~wn & (g64 != w64))
        scale = float(np.max(np.abs(w64[fin]))) if fin.any() else 0.0
        rtol = RTOL.get(w.dtype.name, RTOL_F8 if w.dtype.itemsize == 1 else 1e-3)
        with np.errstate(invalid="ignore"):
            far = fin & ~(np.abs(g64 - w64) <= rtol * (np.abs(w64) + scale + _tiny(w.dtype)))
        bad = bad_nonfinite | far
        if bad.any():
            problems.append(_worst(k, g, w, bad, f"differ beyond rtol {rtol:g} of the output's scale {scale:.3g}"))
    return problems


def _worst(k: int, g, w, bad, what: str) -> str:
    idx = tuple(int(i) for i in np.argwhere(bad)[0])
    return f"out{k}: {int(bad.sum())} of {bad.size} elements {what}; first at {list(idx)}: got {g[idx]!r}, " \
           f"expected {w[idx]!r}"


def interp_outputs(text: str, inputs: list[np.ndarray]) -> list[np.ndarray]:
    r = Runner(parse_module(text, "fuzz.hlo"), "interp")
    return r.run(inputs)


STATEFUL_OPS = ("rng-get-and-update-state",)  # state kept across calls of one loaded executable


def native_runs(text: str, inputs: list[np.ndarray], configs=CONFIGS):
    """(config label, outputs or the exception) for each configuration, compiling once per pipeline
    (once per configuration when the module keeps state across calls: each run starts from the first)."""
    stateful = any(f" {op}(" in text for op in STATEFUL_OPS)
    groups: list[tuple[str, list[int]]] = []
    for p, t in configs:
        if groups and groups[-1][0] == p and not stateful:
            groups[-1][1].append(t)
        else:
            groups.append((p, [t]))
    for pipeline, threads in groups:
        try:
            r = Runner(parse_module(text, "fuzz.hlo"), "llvm",
                       options=BackendOptions(threads=threads[0], cache=False, hlo_pipeline=pipeline))
            r.prepare()
        except Exception as e:  # noqa: BLE001 - a crash is a finding
            for t in threads:
                yield f"{pipeline}/{t}", e
            continue
        for t in threads:
            r.executable.threads = t
            try:
                yield f"{pipeline}/{t}", r.run(inputs)
            except Exception as e:  # noqa: BLE001
                yield f"{pipeline}/{t}", e


def check(text: str, inputs: list[np.ndarray], exact: list[bool], configs=CONFIGS) -> list[Failure]:
    """Every disagreement of the native backend with the interpreter (empty: all agree). A module
    the interpreter rejects, or one with an op the native backend does not compile (a clean
    CodegenError naming it), is not a failure: a configuration that does not compile it is left out
    (`check.unsupported` lists them: f8 arithmetic compiles only after the pipeline's float
    normalization, so O0 rejects it while O2 runs it), and when none compiles it check() returns []
    and `skipped` says why. An internal error the interpreter wrapped (an exception of numpy's...)
    is a failure ("interp")."""
    check.skipped = ""
    check.unsupported = []
    try:
        want = interp_outputs(text, inputs)
    except HlocError as e:
        if e.__cause__ is not None and not isinstance(e.__cause__, HlocError):
            return [Failure("interp", e.message)]
        check.skipped = f"interpreter: {e.message}"
        return []
    failures = []
    for label, got in native_runs(text, inputs, configs):
        if isinstance(got, BaseException):
            if isinstance(got, CodegenError) and "supported" in got.message:  # a clean "not supported"
                check.unsupported.append((label, got.message))
                continue
            failures.append(Failure(label, f"{type(got).__name__}: {got}"))
            continue
        failures += [Failure(label, p) for p in compare_outputs(got, want, exact)]
    if len(check.unsupported) == len(configs):
        check.skipped = f"native: {check.unsupported[0][1]}"
    return failures


check.skipped = ""
check.unsupported = []
