"""Shared helpers for the native backend tests: compile a one-op module, inputs, ULP errors."""

from __future__ import annotations

import math

import numpy as np

from hloc.backend.llvm import CompileOptions, compile_module
from hloc.parse import parse_module

IEEE = CompileOptions(flush_denormals=False)


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
    """|got - ref| in units of the last place of `dtype` at ref (ref in float64 or better).
    Matching infinities/NaNs count 0; a mismatch of specials counts inf."""
    got = got.astype(np.float64)
    ref = np.asarray(ref, dtype=np.float64)
    with np.errstate(over="ignore"):
        ref_t = ref.astype(dtype).astype(np.float64)  # beyond the type's range: its infinity
    both_nan = np.isnan(got) & np.isnan(ref)
    same_inf = np.isinf(ref_t) & (got == ref_t)
    fi = np.finfo(dtype)
    ulp = np.maximum(np.spacing(np.abs(ref_t).astype(dtype)).astype(np.float64), float(fi.smallest_subnormal))
    with np.errstate(invalid="ignore", over="ignore"):
        err = np.abs(got - ref) / ulp
    err = np.where(both_nan | same_inf, 0.0, err)
    err = np.where(np.isnan(err), np.inf, err)
    return err


def erf64(x: np.ndarray) -> np.ndarray:
    return np.array([math.erf(v) if not math.isnan(v) else math.nan for v in x.astype(np.float64)])


def logistic64(x: np.ndarray) -> np.ndarray:
    x = x.astype(np.float64)
    with np.errstate(over="ignore"):
        e = np.exp(-np.abs(x))
        r = 1.0 / (1.0 + e)
        return np.where(x >= 0, r, e * r)
