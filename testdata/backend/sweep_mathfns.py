"""Dense accuracy sweeps of the f32 transcendentals in hloc/backend/llvm/mathfns.py (a few minutes).

    python testdata/backend/sweep_mathfns.py [op ...]      default: exponential tanh logistic

tests/backend/test_mathfns.py samples 4,000 points per function; this measures the largest error in
ULPs (same definition, against numpy in float64, IEEE denormals) over every f32 value in the ranges
below, where the sampled maxima understate the true ones, and over the test's sample (8 seeds of
20,000 points). It compiles one module per function for this machine; set HLOC_SWEEP_NO_AVX512=1 to
compile without AVX-512 (the integer-scaling exp).
"""

from __future__ import annotations

import os
import sys
import zlib
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[2]
sys.path[:0] = [str(ROOT), str(ROOT / "tests" / "backend")]

from mathref import IEEE, compile_text, erf64, logistic64, ulp_error, wide_inputs  # noqa: E402

from hloc.backend.llvm import CompileOptions  # noqa: E402

SWEEPS = {
    # op: (float64 reference, sampled magnitudes log2 lo, hi, every f32 in these ranges)
    "exponential": (np.exp, -110, 7.5, [(-104.0, -64.0), (-8.0, -0.125), (0.125, 8.0), (64.0, 89.0)]),
    "tanh": (np.tanh, -40, 5, [(2.0 ** -7, 0.25), (0.25, 10.0)]),
    "logistic": (logistic64, -30, 7, [(-20.0, -0.25), (0.25, 20.0)]),
    "erf": (erf64, -40, 3, [(2.0 ** -7, 4.5)]),
}
CHUNK = 1 << 22


def every_f32(lo: float, hi: float, start: int, count: int) -> np.ndarray:
    """`count` consecutive f32 values from the `start`-th one above lo (lo <= value <= hi)."""
    def key(v):  # order-preserving integer view
        i = int(np.array(v, np.float32).view(np.int32))
        return i if i >= 0 else -(i & 0x7FFFFFFF)
    k = np.arange(key(lo) + start, min(key(lo) + start + count, key(hi) + 1), dtype=np.int64)
    return np.where(k >= 0, k, (-k) | 0x80000000).astype(np.uint32).view(np.float32)


def n_f32(lo: float, hi: float) -> int:
    a, b = (int(np.array(v, np.float32).view(np.int32)) for v in (lo, hi))
    a, b = (v if v >= 0 else -(v & 0x7FFFFFFF) for v in (a, b))
    return b - a + 1


def options() -> CompileOptions:
    if os.environ.get("HLOC_SWEEP_NO_AVX512") != "1":
        return IEEE
    import llvmlite.binding as llvm

    from hloc.backend.llvm.codegen.target import TargetSpec, init_llvm

    init_llvm()
    feats = llvm.get_host_cpu_features().flatten().split(",")
    return CompileOptions(flush_denormals=False, target=TargetSpec(
        features=",".join("-" + f[1:] if "avx512" in f else f for f in feats)))


def worst(exe, ref, x: np.ndarray, best: tuple) -> tuple:
    n = len(x)
    padded = np.concatenate([x, np.zeros(CHUNK - n, np.float32)])
    got = exe([padded])[:n]
    with np.errstate(all="ignore"):
        err = ulp_error(got, ref(x.astype(np.float64)), np.float32)
    k = int(np.argmax(err))
    return max(best, (float(err[k]), float(x[k])))


def main() -> None:
    ops = sys.argv[1:] or list(SWEEPS)
    opts = options()
    for op in ops:
        ref, lo, hi, ranges = SWEEPS[op]
        text = f"HloModule m\nENTRY e {{\n  p = f32[{CHUNK}] parameter(0)\n  ROOT r = f32[{CHUNK}] {op}(p)\n}}\n"
        exe = compile_text(text, opts)
        seed = zlib.crc32(op.encode())
        sample = np.concatenate([wide_inputs(np.float32, lo, hi, 20000, seed=seed + s) for s in range(8)])
        w = worst(exe, ref, sample, (0.0, 0.0))
        print(f"{op}: sampled 2^{lo}..2^{hi} ({len(sample)} points): {w[0]:.3f} ulp at {w[1]!r}")
        for a, b in ranges:
            w, total = (0.0, 0.0), n_f32(a, b)
            for start in range(0, total, CHUNK):
                w = worst(exe, ref, every_f32(a, b, start, CHUNK), w)
            print(f"{op}: every f32 in [{a}, {b}] ({total / 1e6:.0f}M): {w[0]:.3f} ulp at {w[1]!r}", flush=True)


if __name__ == "__main__":
    main()
