"""XLA:CPU checks of saved producer programs (run in a venv with jax 0.12; corpus_writer.py calls it).

Reads a JSON list of jobs on stdin, {"name", "hlo", "inputs", "expected"} (or {"name", "hlo",
"parse_only": true}), and prints one JSON result per job: per output, the largest difference between
XLA on the saved text and the producer's own output (`vs_producer`), and XLA's own error against the
same text with every floating type promoted to f64 (`xla_err`; `producer_err`, the producer's own;
`scale`, the f64 result's largest magnitude). See corpus_writer.py for how these become tolerances.
"""

from __future__ import annotations

import json
import math
import os
import re
import sys
from pathlib import Path

import numpy as np

TOOLS = Path(os.environ.get("HLOC_XLA_RUN", Path(__file__).resolve().parents[3] / "shared" / "tools" / "xla_run.py"))
sys.path.insert(0, str(TOOLS.parent))
import xla_run  # noqa: E402

_FLOAT = re.compile(r"\b(?:bf16|f16|f32)\[")
_COMPLEX = re.compile(r"\bc64\[")
_LAPACK = re.compile(r'custom_call_target="lapack_([sc])')


def promote_to_f64(text: str) -> str:
    """The same module with floats in f64 (c64 in c128), LAPACK calls switched to their d/z kernels."""
    text = _COMPLEX.sub("c128[", _FLOAT.sub("f64[", text))
    return _LAPACK.sub(lambda m: f'custom_call_target="lapack_{"d" if m.group(1) == "s" else "z"}', text)


def promote_input(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind == "c":
        return a.astype(np.complex128)
    if a.dtype.kind == "f" or xla_run.is_ml_dtype(a.dtype) and a.dtype.itemsize == 2:
        return a.astype(np.float64)
    return a


def max_diff(a: np.ndarray, b: np.ndarray) -> float:
    """Largest |a - b| over the elements finite in both; inf where NaN or inf positions (or signs) differ."""
    a = np.asarray(a)
    a = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
    b = np.asarray(b).astype(a.dtype)
    if a.shape != b.shape:
        return math.inf
    fa, fb = np.isfinite(a), np.isfinite(b)
    if not np.array_equal(fa, fb) or not np.array_equal(np.isnan(a), np.isnan(b)):
        return math.inf
    infs = ~fa & ~np.isnan(a)
    if not np.array_equal(a[infs], b[infs]):
        return math.inf
    d = np.abs(a[fa] - b[fa])
    return float(d.max()) if d.size else 0.0


def check(job: dict) -> dict:
    text = Path(job["hlo"]).read_text()
    if job.get("parse_only"):
        xla_run._jax()[3].hlo_module_from_text(text)
        return {"name": job["name"]}
    mod = xla_run.XlaModule(text, job["name"])
    with np.load(job["inputs"]) as z:
        ins = mod.coerce([z[f"arg{i}"] for i in range(len(z.files))])
    with np.load(job["expected"]) as z:
        expected = [z[f"out{i}"] for i in range(len(z.files))]
    outs = mod(*ins)
    if len(outs) != len(expected):
        return {"name": job["name"], "error": f"{len(outs)} outputs, the producer gave {len(expected)}"}
    results, producer = [], []
    for o, e in zip(outs, expected):
        e = xla_run.coerce_input(e, o.dtype, o.shape, "expected")
        f = o.astype(np.float64) if xla_run.is_ml_dtype(o.dtype) else o
        producer.append(e.astype(np.float64) if xla_run.is_ml_dtype(e.dtype) else e)
        finite = np.abs(f[np.isfinite(f)])
        results.append({"vs_producer": max_diff(f, producer[-1]),
                        "scale32": float(finite.max()) if finite.size else 0.0})
    try:
        wide = xla_run.XlaModule(promote_to_f64(text), job["name"] + ".f64")
        wide_outs = wide(*[promote_input(a) for a in ins])
    except Exception as e:  # XLA refuses the promoted text (e.g. a bitcast-convert between widths)
        why = f"{type(e).__name__}: {str(e).splitlines()[0][:200]}"
        if not Path(job.get("reference64", "")).is_file():
            for r in results:
                r["f64_error"] = why
            return {"name": job["name"], "outputs": results}
        with np.load(job["reference64"]) as z:
            wide_outs = [z[f"out{i}"] for i in range(len(z.files))]
        for r in results:
            r["f64_error"] = f"the promoted text failed ({why}); f64 reference: the producer's x64 evaluation"
    for r, o, e, w in zip(results, outs, producer, wide_outs):
        if o.dtype.kind in "biu" and not xla_run.is_ml_dtype(o.dtype):
            continue
        f = o.astype(np.float64) if xla_run.is_ml_dtype(o.dtype) else o
        r["xla_err"] = max_diff(f, w)
        r["producer_err"] = max_diff(e, w)
        finite = np.abs(w[np.isfinite(w)])
        r["scale"] = float(finite.max()) if finite.size else 0.0
        if not (math.isfinite(r["xla_err"]) and math.isfinite(r["producer_err"])):
            # NaN/inf where f64 has none (an overflow in f32): no f64 bound
            r["f64_error"] = "non-finite values differ between the f32 and the f64 run"
            r["xla_err"] = r["producer_err"] = None
    return {"name": job["name"], "outputs": results}


def initialize_lapack() -> None:
    """jaxlib's LAPACK custom-call kernels find their LAPACK routines only once jax's own linalg has set
    them up (jax._src.lax.linalg does it when jnp.linalg is first used): without this, XLA crashes the
    process (SIGSEGV) on the first lapack_*_ffi call of a module run from text."""
    xla_run._jax()
    from jax._src.lax import linalg

    linalg.initialize_lapack()


def main() -> int:
    initialize_lapack()
    jobs = json.load(sys.stdin)
    out = []
    for job in jobs:
        try:
            out.append(check(job))
        except Exception as e:
            out.append({"name": job["name"], "error": f"{type(e).__name__}: {str(e)[:2000]}"})
        print(f"xla_check: {job['name']}: {'error' if 'error' in out[-1] else 'ok'}", file=sys.stderr, flush=True)
    json.dump(out, sys.stdout)
    return 0


if __name__ == "__main__":
    sys.exit(main())
