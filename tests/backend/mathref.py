"""Shared helpers for the native backend tests: compile a one-op module, inputs, ULP errors."""

from __future__ import annotations

import math

import numpy as np

from hloc.backend.llvm import CompileOptions, compile_module
from hloc.parse import parse_module

IEEE = CompileOptions(flush_denormals=False)

# The type references are computed in: x87 extended precision where numpy has it (x86-64 Linux), whose
# functions are the same code on every CPU. numpy's float64 functions are not: SVML loops on AVX-512,
# glibc (with FMA and non-FMA variants) elsewhere, ~3 ulp apart at worst (cbrt at 1.06e-303).
REF = np.longdouble if np.finfo(np.longdouble).nmant >= 63 else np.float64


# The x86-64 micro-architecture levels (psABI), by the host features each needs beyond the previous one.
_LEVEL_FEATURES = {
    "x86-64": (),
    "x86-64-v2": ("cx16", "popcnt", "sse3", "sse4.1", "sse4.2", "ssse3"),
    "x86-64-v3": ("avx", "avx2", "bmi", "bmi2", "f16c", "fma", "lzcnt", "movbe"),
    "x86-64-v4": ("avx512f", "avx512bw", "avx512cd", "avx512dq", "avx512vl"),
}
# The targets the accuracy tests compile for: the host's CPU (default: this machine, or $HLOC_CPU) and
# every x86-64 level, so code for a machine without AVX-512 (or without AVX) is held to the same budgets.
CPUS = ("default", *_LEVEL_FEATURES)


def runs_here(cpu: str) -> str | None:
    """None when code for `cpu` runs on this machine, else why not (a skip reason)."""
    import platform

    if cpu == "default":
        return None
    if platform.machine() not in ("x86_64", "AMD64"):
        return f"{cpu} is an x86-64 CPU; this machine is {platform.machine()}"
    import llvmlite.binding as llvm

    from hloc.backend.llvm.codegen.target import init_llvm

    init_llvm()
    host = {f[1:] for f in llvm.get_host_cpu_features().flatten().split(",") if f.startswith("+")}
    levels = list(_LEVEL_FEATURES)
    needed = {f for level in levels[:levels.index(cpu) + 1] for f in _LEVEL_FEATURES[level]}
    missing = sorted(needed - host)
    return f"this CPU lacks {', '.join(missing)} for {cpu}" if missing else None


def options_for(cpu: str, **kw) -> CompileOptions:
    """CompileOptions generating code for `cpu` (one of CPUS)."""
    from hloc.backend.llvm.codegen.target import TargetSpec

    return CompileOptions(target=TargetSpec(cpu="" if cpu == "default" else cpu), **kw)


def unary_module(op: str, etype: str, n: int, out_etype: str | None = None) -> str:
    out = out_etype or etype
    return (f"HloModule m\nENTRY e {{\n  p = {etype}[{n}] parameter(0)\n"
            f"  ROOT r = {out}[{n}] {op}(p)\n}}\n")


def binary_module(op: str, etype: str, n: int) -> str:
    return (f"HloModule m\nENTRY e {{\n  p = {etype}[{n}] parameter(0)\n  q = {etype}[{n}] parameter(1)\n"
            f"  ROOT r = {etype}[{n}] {op}(p, q)\n}}\n")


def compile_text(text: str, options: CompileOptions | None = None):
    return compile_module(parse_module(text, "test.hlo"), options)


def wide_inputs(dtype, lo_exp: int, hi_exp: int, n: int = 6000, seed: int = 0) -> np.ndarray:
    """Magnitudes spread log-uniformly over 2**lo_exp..2**hi_exp, both signs, plus specials and
    denormals."""
    rng = np.random.default_rng(seed)
    mags = np.exp2(rng.uniform(lo_exp, hi_exp, n))
    vals = mags * rng.choice([-1.0, 1.0], n)
    fi = np.finfo(dtype)
    specials = [0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5, 2.0, float(fi.tiny), -float(fi.tiny),
                float(fi.smallest_subnormal), -float(fi.smallest_subnormal), float(fi.tiny) / 3,
                float(fi.max), -float(fi.max)]
    return np.concatenate([np.array(specials), vals]).astype(dtype)


def ulp_error(got: np.ndarray, ref: np.ndarray, dtype) -> np.ndarray:
    """|got - ref| in units of the last place of `dtype` at ref (ref in float64 or better, kept at its
    precision). Matching infinities/NaNs count 0; a mismatch of specials counts inf."""
    ref = np.asarray(ref)
    ref = ref if ref.dtype == REF else ref.astype(np.float64)
    got = got.astype(ref.dtype)
    with np.errstate(over="ignore"):
        ref_t = ref.astype(dtype).astype(np.float64)  # beyond the type's range: its infinity
    both_nan = np.isnan(got) & np.isnan(ref)
    same_inf = np.isinf(ref_t) & (got == ref_t)
    fi = np.finfo(dtype)
    ulp = np.maximum(np.spacing(np.abs(ref_t).astype(dtype)).astype(ref.dtype), fi.smallest_subnormal.astype(ref.dtype))
    with np.errstate(invalid="ignore", over="ignore"):
        err = (np.abs(got - ref) / ulp).astype(np.float64)
    err = np.where(both_nan | same_inf, 0.0, err)
    err = np.where(np.isnan(err), np.inf, err)
    return err


def erf64(x: np.ndarray) -> np.ndarray:
    return np.array([math.erf(v) if not math.isnan(v) else math.nan for v in x.astype(np.float64)])


def logistic64(x: np.ndarray) -> np.ndarray:
    x = x.astype(REF)
    with np.errstate(over="ignore"):
        e = np.exp(-np.abs(x))
        r = 1 / (1 + e)
        return np.where(x >= 0, r, e * r)
