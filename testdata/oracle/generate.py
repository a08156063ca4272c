#!/usr/bin/env python3
"""Regenerate the XLA-computed oracle cases in this folder (HLO ops the JAX corpus never produces).

Run with the XLA venv (jax/jaxlib 0.12, Python >= 3.12):

    /work/.venv-xla/bin/python testdata/oracle/generate.py            # all cases
    /work/.venv-xla/bin/python testdata/oracle/generate.py fft_c64 ... # some cases

It needs ../shared/tools/xla_run.py next to the checkout (or HLOC_XLA_RUN=/path/to/xla_run.py).
For each case NAME it writes NAME.hlo, NAME.in<k>.npy (one per flattened parameter leaf) and, when
XLA:CPU runs the module, NAME.expected.npz (out0, out1, ...: the flattened result); then
MANIFEST.tsv. File conventions are the JAX corpus's: bf16/f8/f4 as unsigned bit patterns, s4/u4 as
int8/uint8. Expected values always come from XLA, never from hloc. Inputs are deterministic
(hand-picked edge values plus numpy draws seeded from the case name), so a rerun gives the same
bytes unless XLA itself changes.

A case may give `alt`: an HLO module XLA computes the expected values from when XLA refuses the
case's own text (e.g. `bitcast` in an unoptimized module); the alternative is an equivalent written
with other ops, and MANIFEST says so. Cases whose values XLA leaves open (rng) are `check=properties`:
the generator checks the properties on XLA's own sample, tests check them on hloc's, and no expected
file is kept.

MANIFEST.tsv columns: name, ops, inputs, outputs, rtol, atol, xla_err_vs_f64, check (values |
properties | none), status (ok | alt | xla_refuses), description, xla_error.
Tolerances are for |got - expected| <= atol + rtol*|expected| (NaNs equal). Where a float64
reference of the same function is known (numpy/scipy), atol is raised to 10x the part of XLA's own
error against it that rtol does not cover, as in the JAX corpus.
"""

from __future__ import annotations

import os
import re
import sys
import zlib
from dataclasses import dataclass, field
from pathlib import Path

import ml_dtypes
import numpy as np

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent.parent
XLA_RUN = Path(os.environ.get("HLOC_XLA_RUN", ROOT.parent / "shared" / "tools" / "xla_run.py"))

# (rtol, atol) categories, as in the JAX corpus README.
EXACT = (0.0, 0.0)
F32 = (1e-5, 1e-6)
F32_TRANS = (2e-5, 2e-6)
F32_REDUCE = (1e-4, 1e-5)
F32_MODEL = (2e-4, 2e-5)
F64 = (1e-12, 1e-13)
F16 = (1e-2, 1e-3)
BF16 = (2e-2, 2e-2)

f32, f64, f16 = np.float32, np.float64, np.float16
bf16 = ml_dtypes.bfloat16
inf, nan = np.inf, np.nan


@dataclass
class Case:
    name: str
    hlo: str
    inputs: list[np.ndarray]
    tol: tuple[float, float]
    description: str
    ref: object = None  # f64 reference: callable(*f64 inputs) -> list of outputs (same order as XLA's)
    check: str = "values"
    alt: str | None = None  # equivalent HLO XLA runs when it refuses `hlo`
    alt_note: str = ""
    extra: dict = field(default_factory=dict)


CASES: list[Case] = []


def case(*args, **kw) -> Case:
    c = Case(*args, **kw)
    if any(x.name == c.name for x in CASES):
        raise SystemExit(f"duplicate case {c.name}")
    CASES.append(c)
    return c


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


def module(body: str, comps: str = "", name: str = "m") -> str:
    return f"HloModule {name}\n\n{comps}ENTRY main {{\n{body}\n}}\n"


def edges_f32() -> list[float]:
    """Float edge values; no f32 denormals (XLA:CPU flushes those: see denormal_flush_f32)."""
    return [0.0, -0.0, 1.0, -1.0, 0.5, -0.5, 1.5, -1.5, 2.5, -2.5, 3.5, 1e-30, -1e-30,
            1.1754944e-38, 3.4028235e38, -3.4028235e38, inf, -inf, nan, 100.0, -100.0, 1e10, -1e10,
            8388608.5, 8388609.0, 0.49999997]


# --------------------------------------------------------------------------------------------------
# Unary float opcodes, one module each (so a refusal names one opcode).

SCI = None


def _sci():
    global SCI
    if SCI is None:
        import scipy.special

        SCI = scipy.special
    return SCI


UNARY_REFS = {
    "sinh": np.sinh, "cosh": np.cosh, "tan": np.tan, "acos": np.arccos, "acosh": np.arccosh,
    "asin": np.arcsin, "asinh": np.arcsinh, "atanh": np.arctanh, "cbrt": np.cbrt,
    "erf": lambda x: _sci().erf(x), "logistic": lambda x: _sci().expit(x),
    "exponential-minus-one": np.expm1, "log-plus-one": np.log1p, "rsqrt": lambda x: 1 / np.sqrt(x),
    "round-nearest-afz": lambda x: _round_afz(x),
    "round-nearest-even": np.rint, "floor": np.floor, "ceil": np.ceil, "sign": np.sign,
    "is-finite": np.isfinite, "tanh": np.tanh,
}


def _round_afz(x):
    r = np.sign(x) * np.floor(np.abs(x) + 0.5)
    return np.where(np.abs(x) >= 2.0**52, x, r)


def _domain(op: str, rng) -> np.ndarray:
    if op in ("acos", "asin", "atanh"):
        return rng.uniform(-1, 1, 40)
    if op == "acosh":
        return rng.uniform(1, 50, 40)
    if op in ("sinh", "cosh"):
        return rng.uniform(-90, 90, 40)
    if op == "tan":
        return rng.uniform(-10, 10, 40)
    if op == "log-plus-one":
        return rng.uniform(-1, 5, 40)
    if op == "rsqrt":
        return rng.uniform(0, 100, 40)
    if op in ("round-nearest-afz", "round-nearest-even", "floor", "ceil"):
        return np.concatenate([rng.uniform(-10, 10, 20), np.arange(-4.5, 5, 1.0)])
    return rng.standard_normal(40) * 4


EXTRA_EDGES = {
    "acos": [1.0, -1.0, 1.0000001, 0.99999994], "asin": [1.0, -1.0, 1.0000001, 1e-8],
    "atanh": [1.0, -1.0, 0.99999994, 1e-8], "acosh": [1.0, 0.99999994, 1e20],
    "sinh": [88.0, 89.5, 1e-7, -1e-7], "cosh": [88.0, 89.5, -89.5], "tan": [1.5707964, 1e-8, 1e6],
    "erf": [3.9, 4.0, 1e-7], "logistic": [-88.0, 88.0, -104.0, 17.0, -17.0, 1e-8],
    "exponential-minus-one": [1e-8, -1e-8, 88.0, 89.0, -20.0], "log-plus-one": [1e-8, -0.99999994, -1.0, -2.0],
    "cbrt": [27.0, -27.0, 1e-37], "rsqrt": [0.25, 1e-37, 1e38],
}


def unary_case(op: str, dtype=f32, tol=F32_TRANS):
    ty = {f32: "f32", f64: "f64", f16: "f16", bf16: "bf16"}[dtype]
    name = f"unary_{op.replace('-', '_')}_{ty}"
    rng = rng_for(name)
    x = np.array(edges_f32() + EXTRA_EDGES.get(op, []) + list(_domain(op, rng)), dtype=np.float64)
    x = x.astype(dtype)
    n = x.size
    out_ty = "pred" if op == "is-finite" else ty
    hlo = module(f"  x = {ty}[{n}] parameter(0)\n  ROOT r = {out_ty}[{n}] {op}(x)")
    exact = op in ("round-nearest-afz", "round-nearest-even", "floor", "ceil", "sign", "is-finite")
    ref = UNARY_REFS.get(op)
    case(name, hlo, [x], EXACT if exact else tol,
         f"{op} on {ty}: edge values (+-0, denormals, +-inf, NaN, ties, domain limits) and random values",
         ref=(lambda a, f=ref: [f(a)]) if ref is not None and dtype != f64 and not exact else None)


for _op in ["sinh", "cosh", "tan", "acos", "acosh", "asin", "asinh", "atanh", "cbrt", "erf", "logistic",
            "exponential-minus-one", "log-plus-one", "rsqrt", "round-nearest-afz", "round-nearest-even",
            "floor", "ceil", "sign", "is-finite"]:
    unary_case(_op)
for _op in ["logistic", "erf", "cbrt", "sinh", "round-nearest-afz"]:
    unary_case(_op, f64, F64)
unary_case("logistic", f16, F16)
unary_case("logistic", bf16, BF16)
unary_case("erf", bf16, BF16)


# --------------------------------------------------------------------------------------------------
# Batch norm

def _bn_train_ref(x, scale, offset, eps=0.001, fi=1):
    axes = tuple(i for i in range(x.ndim) if i != fi)
    mean = x.mean(axis=axes)
    var = x.var(axis=axes)
    shp = [1] * x.ndim
    shp[fi] = -1
    y = (x - mean.reshape(shp)) / np.sqrt(var.reshape(shp) + eps) * scale.reshape(shp) + offset.reshape(shp)
    return [y, mean, var]


def _bn_infer_ref(x, scale, offset, mean, var, eps=0.01, fi=3):
    shp = [1] * x.ndim
    shp[fi] = -1
    r = lambda v: v.reshape(shp)  # noqa: E731
    return [(x - r(mean)) / np.sqrt(r(var) + eps) * r(scale) + r(offset)]


def _bn_grad_ref(x, scale, mean, var, dy, eps=0.001, fi=1):
    axes = tuple(i for i in range(x.ndim) if i != fi)
    shp = [1] * x.ndim
    shp[fi] = -1
    r = lambda v: v.reshape(shp)  # noqa: E731
    n = x.size / x.shape[fi]
    inv = 1 / np.sqrt(var + eps)
    xhat = (x - r(mean)) * r(inv)
    dscale = (dy * xhat).sum(axis=axes)
    doffset = dy.sum(axis=axes)
    dx = r(scale * inv) * (dy - r(doffset) / n - xhat * r(dscale) / n)
    return [dx, dscale, doffset]


def batch_norm_cases():
    rng = rng_for("batch_norm_training")
    x = (rng.standard_normal((2, 3, 4, 5)) * 3 + 1).astype(f32)
    scale = rng.uniform(0.5, 2, 3).astype(f32)
    offset = rng.standard_normal(3).astype(f32)
    case("batch_norm_training", module(
        "  x = f32[2,3,4,5] parameter(0)\n  scale = f32[3] parameter(1)\n  offset = f32[3] parameter(2)\n"
        "  ROOT bn = (f32[2,3,4,5], f32[3], f32[3]) batch-norm-training(x, scale, offset), epsilon=0.001, "
        "feature_index=1"), [x, scale, offset], F32_MODEL,
        "batch-norm-training, feature_index=1: normalized output, batch mean, batch variance (biased)",
        ref=_bn_train_ref)

    rng = rng_for("batch_norm_inference")
    x = rng.standard_normal((2, 3, 4, 6)).astype(f32)
    scale, offset = rng.uniform(0.5, 2, 6).astype(f32), rng.standard_normal(6).astype(f32)
    mean, var = rng.standard_normal(6).astype(f32), rng.uniform(0.1, 3, 6).astype(f32)
    case("batch_norm_inference", module(
        "  x = f32[2,3,4,6] parameter(0)\n  scale = f32[6] parameter(1)\n  offset = f32[6] parameter(2)\n"
        "  mean = f32[6] parameter(3)\n  var = f32[6] parameter(4)\n"
        "  ROOT bn = f32[2,3,4,6] batch-norm-inference(x, scale, offset, mean, var), epsilon=0.01, feature_index=3"),
        [x, scale, offset, mean, var], F32_MODEL, "batch-norm-inference, feature_index=3 (the minor dimension)",
        ref=_bn_infer_ref)

    rng = rng_for("batch_norm_grad")
    x = rng.standard_normal((3, 4, 2, 2)).astype(f32)
    scale = rng.uniform(0.5, 2, 4).astype(f32)
    mean = x.mean(axis=(0, 2, 3)).astype(f32)
    var = x.var(axis=(0, 2, 3)).astype(f32)
    dy = rng.standard_normal((3, 4, 2, 2)).astype(f32)
    case("batch_norm_grad", module(
        "  x = f32[3,4,2,2] parameter(0)\n  scale = f32[4] parameter(1)\n  mean = f32[4] parameter(2)\n"
        "  var = f32[4] parameter(3)\n  dy = f32[3,4,2,2] parameter(4)\n"
        "  ROOT bn = (f32[3,4,2,2], f32[4], f32[4]) batch-norm-grad(x, scale, mean, var, dy), epsilon=0.001, "
        "feature_index=1"), [x, scale, mean, var, dy], F32_MODEL,
        "batch-norm-grad, feature_index=1: grad of operand, scale, offset", ref=_bn_grad_ref)


batch_norm_cases()


# --------------------------------------------------------------------------------------------------
# rng (nondeterministic: properties only)

case("rng_uniform_f32", module(
    "  a = f32[] constant(2)\n  b = f32[] constant(5)\n  ROOT r = f32[64,64] rng(a, b), distribution=rng_uniform"),
    [], EXACT, "rng uniform f32 in [2, 5): test range, shape and moments, not values", check="properties",
    extra={"distribution": "uniform", "a": 2.0, "b": 5.0})
case("rng_uniform_s32", module(
    "  a = s32[] constant(-3)\n  b = s32[] constant(7)\n  ROOT r = s32[4096] rng(a, b), distribution=rng_uniform"),
    [], EXACT, "rng uniform s32 in [-3, 7): every value in range, all 10 values occur", check="properties",
    extra={"distribution": "uniform", "a": -3, "b": 7})
case("rng_normal_f32", module(
    "  mu = f32[] parameter(0)\n  sigma = f32[] parameter(1)\n"
    "  ROOT r = f32[64,64] rng(mu, sigma), distribution=rng_normal"),
    [np.array(1.0, f32), np.array(2.0, f32)], EXACT, "rng normal f32, mu=1 sigma=2 as parameters: moments",
    check="properties", extra={"distribution": "normal", "a": 1.0, "b": 2.0})


# --------------------------------------------------------------------------------------------------
# map

MAP_COMP = """mapped {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  m = f32[] multiply(x, y)
  one = f32[] constant(1)
  s = f32[] add(m, one)
  ROOT r = f32[] maximum(s, x)
}

"""


def map_cases():
    rng = rng_for("map_binary")
    a, b = rng.standard_normal((3, 4)).astype(f32), rng.standard_normal((3, 4)).astype(f32)
    case("map_binary", module("  a = f32[3,4] parameter(0)\n  b = f32[3,4] parameter(1)\n"
                              "  ROOT m = f32[3,4] map(a, b), dimensions={0,1}, to_apply=mapped", MAP_COMP),
         [a, b], F32, "map of a scalar computation max(x*y+1, x) over two operands",
         ref=lambda a, b: [np.maximum(a * b + 1, a)])
    comp = "neg_to_s32 {\n  x = f32[] parameter(0)\n  n = f32[] negate(x)\n  ROOT c = s32[] convert(n)\n}\n\n"
    x = (rng.standard_normal(7) * 10).astype(f32)
    case("map_convert", module("  x = f32[7] parameter(0)\n  ROOT m = s32[7] map(x), dimensions={0}, "
                               "to_apply=neg_to_s32", comp), [x], EXACT,
         "map whose computation changes the element type (f32 -> s32)")


map_cases()


# --------------------------------------------------------------------------------------------------
# fft

def _c(rng, shape, dt=np.complex64):
    return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dt)


def fft_cases():
    rng = rng_for("fft")
    x = _c(rng, (3, 8))
    case("fft_c64", module("  x = c64[3,8] parameter(0)\n  ROOT f = c64[3,8] fft(x), fft_type=FFT, fft_length={8}"),
         [x], F32_REDUCE, "FFT over the minor dimension", ref=lambda x: [np.fft.fft(x)])
    case("ifft_c64", module("  x = c64[3,8] parameter(0)\n  ROOT f = c64[3,8] fft(x), fft_type=IFFT, fft_length={8}"),
         [x], F32_REDUCE, "IFFT (scaled by 1/n)", ref=lambda x: [np.fft.ifft(x)])
    r = rng.standard_normal((3, 16)).astype(f32)
    case("rfft_f32", module("  x = f32[3,16] parameter(0)\n  ROOT f = c64[3,9] fft(x), fft_type=RFFT, "
                            "fft_length={16}"), [r], F32_REDUCE, "RFFT: f32[16] -> c64[9]",
         ref=lambda x: [np.fft.rfft(x)])
    h = np.fft.rfft(rng.standard_normal((3, 16))).astype(np.complex64)
    case("irfft_c64", module("  x = c64[3,9] parameter(0)\n  ROOT f = f32[3,16] fft(x), fft_type=IRFFT, "
                             "fft_length={16}"), [h], F32_REDUCE, "IRFFT: c64[9] -> f32[16] (Hermitian input)",
         ref=lambda x: [np.fft.irfft(x, 16)])
    x3 = _c(rng, (2, 4, 8))
    case("fft2d_c64", module("  x = c64[2,4,8] parameter(0)\n  ROOT f = c64[2,4,8] fft(x), fft_type=FFT, "
                             "fft_length={4,8}"), [x3], F32_REDUCE, "2-D FFT over the two minor dimensions",
         ref=lambda x: [np.fft.fftn(x, axes=(1, 2))])
    x3b = _c(rng, (2, 3, 4, 4))
    case("ifft3d_c64", module("  x = c64[2,3,4,4] parameter(0)\n  ROOT f = c64[2,3,4,4] fft(x), fft_type=IFFT, "
                              "fft_length={3,4,4}"), [x3b], F32_REDUCE, "3-D IFFT",
         ref=lambda x: [np.fft.ifftn(x, axes=(1, 2, 3))])
    r2 = rng.standard_normal((4, 6)).astype(f32)
    case("rfft2d_f32", module("  x = f32[4,6] parameter(0)\n  ROOT f = c64[4,4] fft(x), fft_type=RFFT, "
                              "fft_length={4,6}"), [r2], F32_REDUCE, "2-D RFFT: f32[4,6] -> c64[4,4]",
         ref=lambda x: [np.fft.rfftn(x)])
    h2 = _c(rng, (4, 5))
    case("irfft2d_c64", module("  x = c64[4,5] parameter(0)\n  ROOT f = f32[4,8] fft(x), fft_type=IRFFT, "
                               "fft_length={4,8}"), [h2], F32_REDUCE,
         "2-D IRFFT of a non-Hermitian input (the imaginary parts XLA ignores are part of the test)",
         ref=lambda x: [np.fft.irfftn(x, (4, 8))])
    x128 = _c(rng, (5,), np.complex128)
    case("fft_c128", module("  x = c128[5] parameter(0)\n  ROOT f = c128[5] fft(x), fft_type=FFT, fft_length={5}"),
         [x128], (1e-12, 1e-12), "FFT of odd length in c128")


fft_cases()


# --------------------------------------------------------------------------------------------------
# cholesky, triangular-solve. Values in the triangle cholesky does not define are masked in-module.

def _tri_mask(ty: str, shape: str, rank: int, lower: bool, prefix: str = "") -> str:
    d0, d1 = rank - 2, rank - 1
    cmp = "GE" if lower else "LE"
    return (f"  {prefix}r = s32[{shape}] iota(), iota_dimension={d0}\n"
            f"  {prefix}c = s32[{shape}] iota(), iota_dimension={d1}\n"
            f"  {prefix}keep = pred[{shape}] compare({prefix}r, {prefix}c), direction={cmp}\n"
            f"  {prefix}zero = {ty}[] constant(0)\n"
            f"  {prefix}zeros = {ty}[{shape}] broadcast({prefix}zero), dimensions={{}}\n")


def _spd(rng, n, batch=(), dt=f32):
    m = rng.standard_normal(batch + (n, n))
    a = m @ np.swapaxes(m, -1, -2) + n * np.eye(n)
    return a.astype(dt)


def cholesky_cases():
    rng = rng_for("cholesky")
    for lower in (True, False):
        a = _spd(rng, 4)
        name = f"cholesky_{'lower' if lower else 'upper'}_f32"
        body = ("  a = f32[4,4] parameter(0)\n"
                f"  l = f32[4,4] cholesky(a), lower={'true' if lower else 'false'}\n"
                + _tri_mask("f32", "4,4", 2, lower) + "  ROOT out = f32[4,4] select(keep, l, zeros)")
        ref = (lambda a: [np.linalg.cholesky(a)]) if lower else (lambda a: [np.linalg.cholesky(a).T])
        case(name, module(body), [a], F32_MODEL,
             f"cholesky lower={lower}; the other triangle is implementation-defined and masked to 0 in the module",
             ref=ref)
    a = _spd(rng, 3, (2,))
    body = ("  a = f32[2,3,3] parameter(0)\n  l = f32[2,3,3] cholesky(a), lower=true\n"
            + _tri_mask("f32", "2,3,3", 3, True) + "  ROOT out = f32[2,3,3] select(keep, l, zeros)")
    case("cholesky_batched_f32", module(body), [a], F32_MODEL, "batched cholesky f32[2,3,3]",
         ref=lambda a: [np.linalg.cholesky(a)])
    a = _spd(rng, 5, (), f64)
    body = ("  a = f64[5,5] parameter(0)\n  l = f64[5,5] cholesky(a), lower=true\n"
            + _tri_mask("f64", "5,5", 2, True) + "  ROOT out = f64[5,5] select(keep, l, zeros)")
    case("cholesky_f64", module(body), [a], (1e-10, 1e-12), "cholesky f64[5,5]")
    # Only the lower triangle is read: garbage above the diagonal must not matter.
    a = _spd(rng, 4)
    a = a + np.triu(rng.standard_normal((4, 4)) * 100, 1).astype(f32)
    body = ("  a = f32[4,4] parameter(0)\n  l = f32[4,4] cholesky(a), lower=true\n"
            + _tri_mask("f32", "4,4", 2, True) + "  ROOT out = f32[4,4] select(keep, l, zeros)")
    case("cholesky_reads_one_triangle", module(body), [a], F32_MODEL,
         "cholesky lower=true of a matrix whose upper triangle is garbage (only the lower is read)",
         ref=lambda a: [np.linalg.cholesky(np.tril(a) + np.tril(a, -1).T)])


cholesky_cases()


def _tri(rng, n, batch=(), dt=f32):
    a = rng.standard_normal(batch + (n, n)) + 4 * np.eye(n)
    return a.astype(dt)


def _solve_ref(a, b, left, lower, unit, trans):
    t = np.tril(a) if lower else np.triu(a)
    if unit:
        t = t - np.diag(np.diag(t)) + np.eye(t.shape[-1])
    if trans == "TRANSPOSE":
        t = t.T
    elif trans == "ADJOINT":
        t = t.conj().T
    return np.linalg.solve(t, b) if left else np.linalg.solve(t.T, b.T).T


def triangular_solve_cases():
    rng = rng_for("triangular_solve")
    variants = [(lower, unit, trans) for lower in (True, False) for unit in (False, True)
                for trans in ("NO_TRANSPOSE", "TRANSPOSE")]
    for left in (True, False):
        a = _tri(rng, 4)  # a full matrix: the triangle not named by `lower` must be ignored
        b = rng.standard_normal((4, 3) if left else (3, 4)).astype(f32)
        bs = "4,3" if left else "3,4"
        lines = ["  a = f32[4,4] parameter(0)", f"  b = f32[{bs}] parameter(1)"]
        names = []
        for i, (lower, unit, trans) in enumerate(variants):
            lines.append(f"  sol{i} = f32[{bs}] triangular-solve(a, b), left_side={str(left).lower()}, "
                         f"lower={str(lower).lower()}, unit_diagonal={str(unit).lower()}, transpose_a={trans}")
            names.append(f"sol{i}")
        tys = ", ".join([f"f32[{bs}]"] * len(names))
        lines.append(f"  ROOT out = ({tys}) tuple({', '.join(names)})")
        side = "left" if left else "right"
        case(f"triangular_solve_{side}", module("\n".join(lines)), [a, b], F32_MODEL,
             f"triangular-solve left_side={left}: lower x unit_diagonal x transpose_a (8 outputs); a is a full "
             "matrix, the other triangle (and the diagonal when unit) must be ignored",
             ref=lambda a, b, left=left: [_solve_ref(a, b, left, lo, un, tr) for lo, un, tr in variants])
    a = _tri(rng, 3, (), np.complex64) + 1j * rng.standard_normal((3, 3)).astype(np.complex64)
    b = _c(rng, (3, 2))
    case("triangular_solve_c64_adjoint", module(
        "  a = c64[3,3] parameter(0)\n  b = c64[3,2] parameter(1)\n"
        "  ROOT s = c64[3,2] triangular-solve(a, b), left_side=true, lower=true, unit_diagonal=false, "
        "transpose_a=ADJOINT"), [a.astype(np.complex64), b], F32_MODEL, "triangular-solve c64 transpose_a=ADJOINT",
        ref=lambda a, b: [_solve_ref(a, b, True, True, False, "ADJOINT")])
    a = _tri(rng, 3, (2,))
    b = rng.standard_normal((2, 3, 5)).astype(f32)
    case("triangular_solve_batched", module(
        "  a = f32[2,3,3] parameter(0)\n  b = f32[2,3,5] parameter(1)\n"
        "  ROOT s = f32[2,3,5] triangular-solve(a, b), left_side=true, lower=false, unit_diagonal=false, "
        "transpose_a=NO_TRANSPOSE"), [a, b], F32_MODEL, "batched triangular-solve (upper, left)",
        ref=lambda a, b: [np.stack([_solve_ref(a[i], b[i], True, False, False, "NO_TRANSPOSE") for i in range(2)])])


triangular_solve_cases()


# --------------------------------------------------------------------------------------------------
# complex numbers

def complex_cases():
    rng = rng_for("complex")
    re_ = np.array([0, -0.0, 1, -2, 3.5, inf, -inf, nan, 1e-30, 2], f32)
    im_ = np.array([0, 1, -0.0, 2, -3.5, 1, 0, 1, 1e-30, nan], f32)
    re_ = np.concatenate([re_, rng.standard_normal(6).astype(f32)])
    im_ = np.concatenate([im_, rng.standard_normal(6).astype(f32)])
    n = re_.size
    body = f"""  re = f32[{n}] parameter(0)
  im = f32[{n}] parameter(1)
  z = c64[{n}] complex(re, im)
  w = c64[{n}] complex(im, re)
  rr = f32[{n}] real(z)
  ii = f32[{n}] imag(z)
  add = c64[{n}] add(z, w)
  sub = c64[{n}] subtract(z, w)
  mul = c64[{n}] multiply(z, w)
  div = c64[{n}] divide(z, w)
  neg = c64[{n}] negate(z)
  abs = f32[{n}] abs(z)
  eq = pred[{n}] compare(z, w), direction=EQ
  ne = pred[{n}] compare(z, w), direction=NE
  ROOT out = (c64[{n}], f32[{n}], f32[{n}], c64[{n}], c64[{n}], c64[{n}], c64[{n}], c64[{n}], f32[{n}], pred[{n}],
              pred[{n}]) tuple(z, rr, ii, add, sub, mul, div, neg, abs, eq, ne)"""

    case("complex_arith_c64", module(body), [re_, im_], F32,
         "complex/real/imag and c64 add, subtract, multiply, divide, negate, abs, compare EQ/NE, with +-0, inf, NaN")
    a = _c(rng, (6,), np.complex128)
    b = _c(rng, (6,), np.complex128)
    body = """  a = c128[6] parameter(0)
  b = c128[6] parameter(1)
  mul = c128[6] multiply(a, b)
  div = c128[6] divide(a, b)
  re = f64[6] real(div)
  im = f64[6] imag(mul)
  ROOT out = (c128[6], c128[6], f64[6], f64[6]) tuple(mul, div, re, im)"""
    case("complex_arith_c128", module(body), [a, b], F64, "c128 multiply/divide, real/imag to f64",
         ref=None)
    x = np.arange(4, dtype=f32) - 1.5
    case("real_imag_of_real", module("  x = f32[4] parameter(0)\n  r = f32[4] real(x)\n  i = f32[4] imag(x)\n"
                                     "  ROOT out = (f32[4], f32[4]) tuple(r, i)"), [x], EXACT,
         "real and imag of a real operand (identity, zeros)")
    z = np.concatenate([_c(rng, (12,)), np.array([0, 1j, -1, 1e-20 + 0j, 50 + 1j, -50 + 2j], np.complex64)])
    for op, f, tol in [("exponential", np.exp, F32_TRANS), ("log", np.log, F32_TRANS), ("sqrt", np.sqrt, F32_TRANS),
                       ("rsqrt", lambda v: 1 / np.sqrt(v), F32_TRANS), ("tanh", np.tanh, F32_TRANS),
                       ("sine", np.sin, F32_TRANS), ("cosine", np.cos, F32_TRANS), ("tan", np.tan, F32_TRANS),
                       ("log-plus-one", np.log1p, F32_TRANS), ("exponential-minus-one", np.expm1, F32_TRANS),
                       ("sign", lambda v: np.where(v == 0, 0, v / np.abs(v)), F32), ("power", None, F32_TRANS)]:
        zz = z[:-2] if op in ("exponential", "tanh", "sine", "cosine", "tan", "exponential-minus-one") else z
        nn = zz.size
        if op == "power":
            body = (f"  z = c64[{nn}] parameter(0)\n  w = c64[{nn}] parameter(1)\n"
                    f"  ROOT r = c64[{nn}] power(z, w)")
            w = _c(rng, (nn,)) * np.complex64(0.5)
            case("complex_power_c64", module(body), [zz, w], F32_TRANS, "c64 power",
                 ref=lambda a, b: [np.power(a, b)])
            continue
        body = f"  z = c64[{nn}] parameter(0)\n  ROOT r = c64[{nn}] {op}(z)"
        case(f"complex_{op.replace('-', '_')}_c64", module(body), [zz], tol, f"{op} of c64",
             ref=lambda v, f=f: [f(v)])


complex_cases()


# --------------------------------------------------------------------------------------------------
# copy, bitcast, fusion, custom-call, tuples

def misc_cases():
    rng = rng_for("misc")
    x = rng.standard_normal((3, 4)).astype(f32)
    case("copy", module("  x = f32[3,4] parameter(0)\n  c = f32[3,4]{0,1} copy(x)\n  n = f32[3,4] negate(c)\n"
                        "  ROOT out = (f32[3,4], f32[3,4]) tuple(c, n)"), [x], EXACT,
         "copy (into another layout; values unchanged) and a use of it")
    x = rng.standard_normal((2, 6)).astype(f32)
    case("bitcast_reshape", module("  x = f32[2,6]{1,0} parameter(0)\n  ROOT b = f32[3,4]{1,0} bitcast(x)"), [x],
         EXACT, "bitcast between default layouts (a reshape of the row-major data)",
         alt=module("  x = f32[2,6] parameter(0)\n  ROOT b = f32[3,4] reshape(x)"),
         alt_note="XLA refuses bitcast before layout assignment; expected from the equivalent reshape")
    x = rng.standard_normal((3, 4)).astype(f32)
    case("bitcast_transpose", module("  x = f32[3,4]{1,0} parameter(0)\n  ROOT b = f32[4,3]{0,1} bitcast(x)"), [x],
         EXACT, "bitcast to a layout that keeps the bytes in place: out[i,j] = x[j,i]",
         alt=module("  x = f32[3,4] parameter(0)\n  ROOT b = f32[4,3] transpose(x), dimensions={1,0}"),
         alt_note="XLA refuses bitcast before layout assignment; expected from the equivalent transpose")
    fused = ("fused_computation {\n  p0 = f32[4,5] parameter(0)\n  p1 = f32[4,5] parameter(1)\n"
             "  m = f32[4,5] multiply(p0, p1)\n  e = f32[4,5] exponential(p0)\n"
             "  ROOT s = f32[4,5] subtract(m, e)\n}\n\n")
    a, b = rng.standard_normal((4, 5)).astype(f32), rng.standard_normal((4, 5)).astype(f32)
    case("fusion_kloop", module("  a = f32[4,5] parameter(0)\n  b = f32[4,5] parameter(1)\n"
                                "  f = f32[4,5] fusion(a, b), kind=kLoop, calls=fused_computation\n"
                                "  ROOT out = f32[4,5] add(f, a)", fused), [a, b], F32_TRANS,
         "a kLoop fusion instruction with its fused computation", ref=lambda a, b: [a * b - np.exp(a) + a])
    fused2 = ("fused_reduce {\n  p0 = f32[4,5] parameter(0)\n  z = f32[] constant(0)\n"
              "  ROOT r = f32[4] reduce(p0, z), dimensions={1}, to_apply=add_f32\n}\n\n")
    add = "add_f32 {\n  x = f32[] parameter(0)\n  y = f32[] parameter(1)\n  ROOT s = f32[] add(x, y)\n}\n\n"
    case("fusion_kinput_reduce", module("  a = f32[4,5] parameter(0)\n"
                                        "  ROOT f = f32[4] fusion(a), kind=kInput, calls=fused_reduce",
                                        add + fused2), [a], F32_REDUCE, "a kInput fusion whose root is a reduce",
         ref=lambda a: [a.sum(1)],
         alt=module("  a = f32[4,5] parameter(0)\n  z = f32[] constant(0)\n"
                    "  ROOT r = f32[4] reduce(a, z), dimensions={1}, to_apply=add_f32", add),
         alt_note="XLA:CPU refuses kInput fusions in its input; expected from the unfused reduce")
    x = rng.standard_normal((2, 8)).astype(f32)
    case("custom_call_topk", module("  x = f32[2,8] parameter(0)\n"
                                    "  ROOT t = (f32[2,3], s32[2,3]) custom-call(x), custom_call_target=\"TopK\""),
         [x], EXACT, "custom-call TopK (a target XLA:CPU implements): top 3 values and indices per row")
    case("custom_call_unknown", module("  x = f32[2,8] parameter(0)\n"
                                       "  ROOT t = f32[2,8] custom-call(x), "
                                       "custom_call_target=\"hloc_no_such_target\""),
         [x], EXACT, "custom-call to a target nobody implements: a clean error, not a crash", check="none")
    t0, t1, t2, t3 = (np.array([1.5, -2], f32), np.array([7, -8, 9], np.int32), np.array(0.25, f32),
                      np.array([10, 20], f32))
    case("tuple_params", module(
        "  p0 = (f32[2], (s32[3], f32[])) parameter(0)\n  p1 = f32[2] parameter(1)\n"
        "  a = f32[2] get-tuple-element(p0), index=0\n  b = (s32[3], f32[]) get-tuple-element(p0), index=1\n"
        "  s = f32[] get-tuple-element(b), index=1\n  i = s32[3] get-tuple-element(b), index=0\n"
        "  ad = f32[2] add(a, p1)\n  inner = (f32[], s32[3]) tuple(s, i)\n"
        "  ROOT r = (f32[2], (f32[], s32[3]), f32[2]) tuple(ad, inner, p1)"), [t0, t1, t2, t3], EXACT,
        "tuple-shaped parameter and nested tuple result: both flattened depth-first")


misc_cases()


# --------------------------------------------------------------------------------------------------
# select-and-scatter, convolution with batch_group_count, reduce-precision, stochastic-convert

GE = "ge {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT c = pred[] compare(a, b), direction=GE\n}\n\n"
LE = "le {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT c = pred[] compare(a, b), direction=LE\n}\n\n"
ADD = "add {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT c = f32[] add(a, b)\n}\n\n"
MAX = "max {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT c = f32[] maximum(a, b)\n}\n\n"


def sas_cases():
    rng = rng_for("select_and_scatter")
    comps = GE + LE + ADD + MAX

    def sas(name, oshape, sshape, window, select, scatter, init, desc, operand=None):
        x = operand if operand is not None else rng.standard_normal(oshape).astype(f32)
        s = (rng.integers(1, 10, sshape)).astype(f32)
        os_, ss = ",".join(map(str, oshape)), ",".join(map(str, sshape))
        body = (f"  x = f32[{os_}] parameter(0)\n  s = f32[{ss}] parameter(1)\n  i = f32[] constant({init})\n"
                f"  ROOT r = f32[{os_}] select-and-scatter(x, s, i), window={{{window}}}, select={select}, "
                f"scatter={scatter}")
        case(name, module(body, comps), [x, s], EXACT, desc)  # small integer sources: sums are exact

    sas("sas_ge_add_overlap", (6, 6), (4, 4), "size=3x3 stride=1x1", "ge", "add", 0,
        "select-and-scatter GE/add with overlapping windows (stride 1 < size 3)")
    sas("sas_le_add_padded", (5, 5), (3, 3), "size=2x2 stride=2x2 pad=1_0x1_0", "le", "add", 0,
        "select-and-scatter LE/add with padding (padding never selected)")
    sas("sas_stride_gt_size", (7, 7), (2, 2), "size=2x2 stride=3x3", "ge", "add", 0,
        "select-and-scatter with stride 3 > window 2 (some elements in no window)")
    ties = np.array([[1, 1, 2, 2], [1, 1, 2, 2], [3, 3, 3, 3], [3, 3, 3, 3]], f32)
    sas("sas_ties", (4, 4), (3, 3), "size=2x2 stride=1x1", "ge", "add", 0,
        "select-and-scatter GE on equal values: the first element of the window wins", operand=ties)
    sas("sas_max_scatter_init", (4, 6), (2, 3), "size=2x2 stride=2x2", "ge", "max", 5,
        "select-and-scatter with scatter=maximum and init 5")
    sas("sas_3d", (2, 4, 4), (2, 2, 2), "size=1x2x2 stride=1x2x2", "ge", "add", 0,
        "select-and-scatter over a rank-3 operand (max-pool grad shape)")


sas_cases()


def conv_cases():
    rng = rng_for("conv_batch_group")
    lhs = rng.standard_normal((4, 5, 5, 3)).astype(f32)
    rhs = rng.standard_normal((3, 3, 3, 4)).astype(f32)
    case("conv_batch_group_count", module(
        "  l = f32[4,5,5,3] parameter(0)\n  r = f32[3,3,3,4] parameter(1)\n"
        "  ROOT c = f32[2,3,3,4] convolution(l, r), window={size=3x3}, dim_labels=b01f_01io->b01f, "
        "batch_group_count=2"), [lhs, rhs], F32_MODEL,
        "convolution with batch_group_count=2: batch split in 2 groups, output features split to match")
    lhs = rng.standard_normal((3, 8, 6, 6)).astype(f32)
    rhs = rng.standard_normal((3, 8, 6, 6)).astype(f32)
    case("conv_batch_group_wgrad", module(
        "  l = f32[3,8,6,6] parameter(0)\n  r = f32[3,8,6,6] parameter(1)\n"
        "  ROOT c = f32[3,3,1,8] convolution(l, r), window={size=6x6 pad=1_1x1_1}, dim_labels=fb01_io01->01bf, "
        "batch_group_count=8"), [lhs, rhs], F32_MODEL,
        "depthwise weight-gradient style convolution: batch_group_count = features = 8 (as PyTorch/XLA emits)")


conv_cases()


def reduce_precision_cases():
    vals = np.array(edges_f32() + [1.0009765625, 1.00048828125, 1.0 + 2**-8, 1.0 + 3 * 2**-9, 65504.0, 65520.0,
                                   6.1e-5, 5.9e-8, 2.9e-8, 1e-39, 1e-45, -1e-45, 448.0, 464.0, 240.0, 0.0078125,
                                   1.0625, 1.1875]
                    + list(rng_for("reduce_precision").standard_normal(16) * 100), np.float64).astype(f32)
    n = vals.size
    pairs = [(8, 7), (5, 10), (4, 3), (5, 2), (2, 1), (8, 23), (3, 4), (1, 0)]
    lines = [f"  x = f32[{n}] parameter(0)"]
    for i, (e, m) in enumerate(pairs):
        lines.append(f"  r{i} = f32[{n}] reduce-precision(x), exponent_bits={e}, mantissa_bits={m}")
    names = ", ".join(f"r{i}" for i in range(len(pairs)))
    lines.append(f"  ROOT out = ({', '.join([f'f32[{n}]'] * len(pairs))}) tuple({names})")
    case("reduce_precision_f32", module("\n".join(lines)), [vals], EXACT,
         "reduce-precision f32 to (exponent, mantissa) bits " + " ".join(f"{e}/{m}" for e, m in pairs)
         + ": rounding ties to even, overflow to inf, underflow to 0, NaN kept")
    v64 = np.array(edges_f32() + [1 + 2**-30, 1 + 2**-24, 1e300, 1e-310], np.float64)
    case("reduce_precision_f64", module(
        f"  x = f64[{v64.size}] parameter(0)\n"
        f"  a = f64[{v64.size}] reduce-precision(x), exponent_bits=8, mantissa_bits=23\n"
        f"  b = f64[{v64.size}] reduce-precision(x), exponent_bits=11, mantissa_bits=30\n"
        f"  ROOT out = (f64[{v64.size}], f64[{v64.size}]) tuple(a, b)"), [v64], EXACT, "reduce-precision on f64")
    vb = np.array([1.0, 1.5, 3.0, 1e30, -7.25, nan, inf, 0.1], np.float64).astype(bf16)
    case("reduce_precision_bf16", module(
        "  x = bf16[8] parameter(0)\n  ROOT r = bf16[8] reduce-precision(x), exponent_bits=5, mantissa_bits=2"),
        [vb], EXACT, "reduce-precision of bf16 input (bf16 given as uint16 bit patterns)")


reduce_precision_cases()


def stochastic_convert_cases():
    rng = rng_for("stochastic_convert")
    x = np.concatenate([np.array([0.5, -0.5, 1.25, -1.25, 127.9, 128.5, -129.5, 300, -300, nan, inf, -inf], f32),
                        (rng.standard_normal(12) * 50).astype(f32)])
    r = rng.integers(0, 2**32, x.size, dtype=np.uint64).astype(np.uint32)
    r[:4] = [0, 0xFFFFFFFF, 0x80000000, 0x3FFFFFFF]
    n = x.size
    case("stochastic_convert_s8", module(f"  x = f32[{n}] parameter(0)\n  r = u32[{n}] parameter(1)\n"
                                         f"  ROOT c = s8[{n}] stochastic-convert(x, r)"), [x, r], EXACT,
         "stochastic-convert f32 -> s8 with given random bits (deterministic): rounding by the random "
         "fraction, saturation, NaN -> 0")
    x16 = x.astype(f16)
    r16 = (r >> 16).astype(np.uint16)
    case("stochastic_convert_f16_s32", module(f"  x = f16[{n}] parameter(0)\n  r = u16[{n}] parameter(1)\n"
                                              f"  ROOT c = s32[{n}] stochastic-convert(x, r)"), [x16, r16], EXACT,
         "stochastic-convert f16 -> s32 with u16 random bits")


stochastic_convert_cases()


# --------------------------------------------------------------------------------------------------
# Integers: clz/popcnt, division edges, shifts >= width, u64/s64 edges, s4/u4

INT_TYPES = {"s8": np.int8, "s16": np.int16, "s32": np.int32, "s64": np.int64,
             "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64}
SUB_TYPES = {"s4": ml_dtypes.int4, "u4": ml_dtypes.uint4, "s2": ml_dtypes.int2, "u2": ml_dtypes.uint2}


def _int_edges(ty: str) -> list[int]:
    dt = {**INT_TYPES, **SUB_TYPES}[ty]
    info = ml_dtypes.iinfo(dt) if ty in SUB_TYPES else np.iinfo(dt)
    lo, hi = int(info.min), int(info.max)
    bits = int(ty[1:])
    vals = {0, 1, 2, 3, hi, hi - 1, lo, lo + 1, (hi + 1) // 2, (hi + 1) // 2 - 1}
    if lo < 0:
        vals |= {-1, -2, -3, -(hi + 1) // 2}
    if bits >= 8:
        vals |= {0x55 & hi, (0x55 << (bits - 8)) & hi, 1 << (bits - 2)}
    return sorted(v for v in vals if lo <= v <= hi)


def _arr(vals, ty):
    dt = {**INT_TYPES, **SUB_TYPES}[ty]
    if ty in SUB_TYPES:
        return np.array(vals, np.int64).astype(dt)
    return np.array(vals, dtype=object).astype(dt) if ty == "u64" else np.array(vals, dtype=dt)


def int_cases():
    for ty in list(INT_TYPES) + ["s4", "u4"]:
        x = _arr(_int_edges(ty), ty)
        n = x.size
        case(f"clz_popcnt_{ty}", module(f"  x = {ty}[{n}] parameter(0)\n  c = {ty}[{n}] count-leading-zeros(x)\n"
                                        f"  p = {ty}[{n}] popcnt(x)\n  ROOT out = ({ty}[{n}], {ty}[{n}]) tuple(c, p)"),
             [x], EXACT, f"count-leading-zeros and popcnt on {ty} edge values (0, -1, MIN, MAX, bit patterns)")

    for ty in list(INT_TYPES) + ["s4", "u4"]:
        e = _int_edges(ty)
        signed = ty[0] == "s"
        pairs = [(a, b) for a in e for b in e]
        if signed:
            pairs += [(7, 2), (-7, 2), (7, -2), (-7, -2)]
        x = _arr([p[0] for p in pairs], ty)
        y = _arr([p[1] for p in pairs], ty)
        n = x.size
        case(f"int_div_rem_{ty}", module(f"  x = {ty}[{n}] parameter(0)\n  y = {ty}[{n}] parameter(1)\n"
                                         f"  d = {ty}[{n}] divide(x, y)\n  r = {ty}[{n}] remainder(x, y)\n"
                                         f"  ROOT out = ({ty}[{n}], {ty}[{n}]) tuple(d, r)"), [x, y], EXACT,
             f"{ty} divide and remainder over all pairs of edge values: x/0, x%0, MIN/-1, MIN%-1, "
             "truncation toward zero, remainder sign")

    for ty in list(INT_TYPES) + ["s4", "u4"]:
        bits = int(ty[1:])
        e = _int_edges(ty)
        amounts = sorted({0, 1, bits - 1, bits, bits + 1, 2 * bits} & set(range(0, 2 * bits + 1)))
        xs, ss = [], []
        for v in e:
            for s in amounts:
                xs.append(v)
                ss.append(s)
        if ty[0] == "s":  # negative shift amounts are huge when read as unsigned
            for v in (1, -1, e[0]):
                xs.append(v)
                ss.append(-1)
        else:  # the largest shift amount
            for v in (1, e[-1]):
                xs.append(v)
                ss.append(e[-1])
        x, s = _arr(xs, ty), _arr(ss, ty)
        n = x.size
        case(f"shifts_{ty}", module(f"  x = {ty}[{n}] parameter(0)\n  s = {ty}[{n}] parameter(1)\n"
                                    f"  l = {ty}[{n}] shift-left(x, s)\n  a = {ty}[{n}] shift-right-arithmetic(x, s)\n"
                                    f"  g = {ty}[{n}] shift-right-logical(x, s)\n"
                                    f"  ROOT out = ({ty}[{n}], {ty}[{n}], {ty}[{n}]) tuple(l, a, g)"), [x, s], EXACT,
             f"{ty} shifts by 0..2*width (amounts >= width: 0, or the sign for arithmetic) and negative amounts")


int_cases()


def wide_int_cases():
    u = np.array([0, 1, 2**63 - 1, 2**63, 2**64 - 1, 2**64 - 2, 12345678901234567890, 2**53 + 1, 2**32, 2**32 - 1],
                 dtype=np.uint64)
    v = np.array([2**64 - 1, 1, 1, 2**63, 2, 3, 10, 2**53 - 1, 2**32, 0], dtype=np.uint64)
    n = u.size
    body = f"""  a = u64[{n}] parameter(0)
  b = u64[{n}] parameter(1)
  add = u64[{n}] add(a, b)
  sub = u64[{n}] subtract(a, b)
  mul = u64[{n}] multiply(a, b)
  max = u64[{n}] maximum(a, b)
  min = u64[{n}] minimum(a, b)
  lt = pred[{n}] compare(a, b), direction=LT
  to_f32 = f32[{n}] convert(a)
  to_f64 = f64[{n}] convert(a)
  to_s64 = s64[{n}] convert(a)
  ROOT out = (u64[{n}], u64[{n}], u64[{n}], u64[{n}], u64[{n}], pred[{n}], f32[{n}], f64[{n}], s64[{n}])
             tuple(add, sub, mul, max, min, lt, to_f32, to_f64, to_s64)"""
    case("u64_edges", module(body), [u, v], EXACT,
         "u64 wraparound add/sub/mul, unsigned max/min/compare with the top bit set, u64 -> f32/f64 rounding, "
         "u64 -> s64 wrap")
    s = np.array([0, 1, -1, 2**63 - 1, -(2**63), -(2**63) + 1, 2**53 + 1, -(2**53) - 1, 2**31, -(2**31) - 1],
                 dtype=np.int64)
    t = np.array([-1, 2**63 - 1, -(2**63), 1, -1, 2, 1, 3, 2**32, 7], dtype=np.int64)
    n = s.size
    body = f"""  a = s64[{n}] parameter(0)
  b = s64[{n}] parameter(1)
  add = s64[{n}] add(a, b)
  mul = s64[{n}] multiply(a, b)
  neg = s64[{n}] negate(a)
  abs = s64[{n}] abs(a)
  lt = pred[{n}] compare(a, b), direction=LT
  to_f64 = f64[{n}] convert(a)
  to_u64 = u64[{n}] convert(a)
  to_s32 = s32[{n}] convert(a)
  ROOT out = (s64[{n}], s64[{n}], s64[{n}], s64[{n}], pred[{n}], f64[{n}], u64[{n}], s32[{n}])
             tuple(add, mul, neg, abs, lt, to_f64, to_u64, to_s32)"""
    case("s64_edges", module(body), [s, t], EXACT,
         "s64 wraparound add/mul, negate/abs of MIN, s64 -> f64 rounding, s64 -> u64 wrap, s64 -> s32 truncation")
    f = np.array([0.0, -0.0, 1.5, -1.5, 2.0**63, -(2.0**63), 2.0**64, 1e30, -1e30, inf, -inf, nan,
                  9.2233720368547748e18, 1.8446744073709550e19, -1.0, 4294967296.0], np.float64)
    n = f.size
    body = f"""  x = f64[{n}] parameter(0)
  a = s64[{n}] convert(x)
  b = u64[{n}] convert(x)
  c = s32[{n}] convert(x)
  d = u32[{n}] convert(x)
  e = s8[{n}] convert(x)
  f = u8[{n}] convert(x)
  ROOT out = (s64[{n}], u64[{n}], s32[{n}], u32[{n}], s8[{n}], u8[{n}]) tuple(a, b, c, d, e, f)"""
    case("float_to_int_convert", module(body), [f], EXACT,
         "f64 -> s64/u64/s32/u32/s8/u8 converts of out-of-range values, inf and NaN (saturation, NaN -> 0)")
    g = np.array(edges_f32() + [65519.0, 65520.0, 3.3895314e38, 1.0000001, 1.00390625, 1.01171875], np.float64)
    g = g.astype(f32)
    n = g.size
    body = f"""  x = f32[{n}] parameter(0)
  h = f16[{n}] convert(x)
  b = bf16[{n}] convert(x)
  hb = f32[{n}] convert(h)
  bb = f32[{n}] convert(b)
  p = pred[{n}] convert(x)
  ROOT out = (f16[{n}], bf16[{n}], f32[{n}], f32[{n}], pred[{n}]) tuple(h, b, hb, bb, p)"""
    case("float_convert_edges", module(body), [g], EXACT,
         "f32 -> f16/bf16 rounding (ties to even), overflow to inf, denormals, NaN; f32 -> pred (x != 0)")


wide_int_cases()


def subbyte_cases():
    a = np.array([7, -8, 3, -1, 0, 5, -5, 6], np.int64).astype(ml_dtypes.int4)
    b = np.array([1, -1, 3, -8, 0, 5, 2, -3], np.int64).astype(ml_dtypes.int4)
    n = a.size
    body = f"""  a = s4[{n}] parameter(0)
  b = s4[{n}] parameter(1)
  add = s4[{n}] add(a, b)
  mul = s4[{n}] multiply(a, b)
  neg = s4[{n}] negate(a)
  lt = pred[{n}] compare(a, b), direction=LT
  w = s32[{n}] convert(a)
  big = s32[{n}] multiply(w, w)
  back = s4[{n}] convert(big)
  f = f32[{n}] convert(a)
  ROOT out = (s4[{n}], s4[{n}], s4[{n}], pred[{n}], s32[{n}], s4[{n}], f32[{n}]) tuple(add, mul, neg, lt, w, back, f)"""
    case("s4_arith", module(body), [a, b], EXACT,
         "s4 parameters (given as int8) with wrapping add/mul/negate, compare, s4 <-> s32 converts (truncation)")
    a = np.array([15, 0, 7, 8, 1, 9, 14, 3], np.int64).astype(ml_dtypes.uint4)
    b = np.array([1, 15, 9, 8, 0, 9, 3, 5], np.int64).astype(ml_dtypes.uint4)
    body = f"""  a = u4[{n}] parameter(0)
  b = u4[{n}] parameter(1)
  add = u4[{n}] add(a, b)
  sub = u4[{n}] subtract(a, b)
  mul = u4[{n}] multiply(a, b)
  lt = pred[{n}] compare(a, b), direction=LT
  w = u32[{n}] convert(a)
  s = s4[{n}] convert(a)
  ROOT out = (u4[{n}], u4[{n}], u4[{n}], pred[{n}], u32[{n}], s4[{n}]) tuple(add, sub, mul, lt, w, s)"""
    case("u4_arith", module(body), [a, b], EXACT, "u4 wrapping add/sub/mul, unsigned compare, u4 -> u32 and u4 -> s4")
    x = np.array([-9.5, -8, -7.9, -0.5, 0.5, 1.7, 7.4, 8.0, 100, nan, inf, -inf], f32)
    n = x.size
    case("f32_to_s4_u4", module(f"  x = f32[{n}] parameter(0)\n  s = s4[{n}] convert(x)\n  u = u4[{n}] convert(x)\n"
                                f"  ROOT out = (s4[{n}], u4[{n}]) tuple(s, u)"), [x], EXACT,
         "f32 -> s4/u4 converts (saturation, truncation, NaN)")


subbyte_cases()


F8_TYPES = ["f8e5m2", "f8e4m3", "f8e4m3fn", "f8e4m3b11fnuz", "f8e3m4", "f8e5m2fnuz", "f8e4m3fnuz", "f8e8m0fnu"]
ALL_SMALL_FLOATS = F8_TYPES + ["f4e2m1fn", "f6e3m2fn", "f6e2m3fn"]
ML = {"f8e5m2": ml_dtypes.float8_e5m2, "f8e4m3": ml_dtypes.float8_e4m3, "f8e4m3fn": ml_dtypes.float8_e4m3fn,
      "f8e4m3b11fnuz": ml_dtypes.float8_e4m3b11fnuz, "f8e3m4": ml_dtypes.float8_e3m4,
      "f8e5m2fnuz": ml_dtypes.float8_e5m2fnuz, "f8e4m3fnuz": ml_dtypes.float8_e4m3fnuz,
      "f8e8m0fnu": ml_dtypes.float8_e8m0fnu, "f4e2m1fn": ml_dtypes.float4_e2m1fn,
      "f6e3m2fn": ml_dtypes.float6_e3m2fn, "f6e2m3fn": ml_dtypes.float6_e2m3fn}


def f8_cases():
    base = edges_f32() + [0.1, 0.3, 1.0625, 1.125, 1.1875, 1.25, 240.0, 248.0, 256.0, 448.0, 464.0, 480.0, 57344.0,
                          61440.0, 65536.0, 2.0**-6, 2.0**-9, 2.0**-10, 2.0**-16, 2.0**-17, 6.0, 7.0, 2.0**-125]
    rng = rng_for("f8")
    x = np.array(base + list(rng.standard_normal(16) * 8), np.float64).astype(f32)
    n = x.size
    for ty in ALL_SMALL_FLOATS:
        body = (f"  x = f32[{n}] parameter(0)\n  q = {ty}[{n}] convert(x)\n  back = f32[{n}] convert(q)\n"
                f"  h = f16[{n}] convert(q)\n  ROOT out = ({ty}[{n}], f32[{n}], f16[{n}]) tuple(q, back, h)")
        case(f"convert_f32_{ty}", module(body), [x], EXACT,
             f"f32 -> {ty} -> f32/f16: rounding, overflow (inf, NaN or saturation by type), denormals, NaN, -0")
    # f8 inputs (given as uint8 bit patterns) and arithmetic in f8.
    for ty in ("f8e4m3fn", "f8e5m2"):
        bits = np.arange(256, dtype=np.uint8)
        q = bits.view(ML[ty])
        other = np.roll(bits, 37).view(ML[ty])
        body = (f"  a = {ty}[256] parameter(0)\n  b = {ty}[256] parameter(1)\n  s = {ty}[256] add(a, b)\n"
                f"  m = {ty}[256] multiply(a, b)\n  f = f32[256] convert(a)\n  bf = bf16[256] convert(a)\n"
                f"  ROOT out = ({ty}[256], {ty}[256], f32[256], bf16[256]) tuple(s, m, f, bf)")
        case(f"{ty}_all_values", module(body), [q, other], EXACT,
             f"every {ty} bit pattern as input: add and multiply in {ty}, convert to f32 and bf16")
    b = np.array([1.0, 1.0078125, 3.3e38, -0.0, nan, 1e-20, 448.0, 500.0], np.float64).astype(bf16)
    case("convert_bf16_f8e4m3fn", module("  x = bf16[8] parameter(0)\n  q = f8e4m3fn[8] convert(x)\n"
                                         "  b = bf16[8] convert(q)\n  ROOT out = (f8e4m3fn[8], bf16[8]) tuple(q, b)"),
         [b], EXACT, "bf16 -> f8e4m3fn -> bf16 (bf16 input and output as uint16 bit patterns)")


f8_cases()


# --------------------------------------------------------------------------------------------------
# NaN / inf / -0.0 semantics. Each float result r also yields bits(r) with NaN -> 0, so the sign of
# zero and exact values are compared while NaN payloads (implementation-defined) are not.

def _with_bits(lines, outs, tys, v, ty, n):
    """Also output the bit pattern of float result `v`, NaN -> 0."""
    lines += [f"  {v}_b = s32[{n}] bitcast-convert({v})", f"  {v}_n = pred[{n}] compare({v}, {v}), direction=NE",
              f"  {v}_bits = s32[{n}] select({v}_n, zeros, {v}_b)"]
    outs += [v, f"{v}_bits"]
    tys += [f"{ty}[{n}]", f"s32[{n}]"]


def nan_inf_cases():
    xs = [0.0, -0.0, 0.0, -0.0, nan, 1.0, nan, inf, -inf, inf, -1.0, 5.0, 1e-30, -1e-30, 3.0, -3.0, 7.5, -7.5]
    ys = [-0.0, 0.0, 0.0, -0.0, 1.0, nan, nan, inf, inf, -inf, 0.0, -0.0, 2.0, -2.0, -0.0, inf, -2.0, 2.0]
    x, y = np.array(xs, f32), np.array(ys, f32)
    n = x.size
    binops = ["add", "subtract", "multiply", "divide", "maximum", "minimum", "remainder"]
    unops = ["negate", "abs", "sign", "sqrt", "floor", "ceil", "round-nearest-even", "round-nearest-afz"]
    lines = [f"  x = f32[{n}] parameter(0)", f"  y = f32[{n}] parameter(1)", "  zi = s32[] constant(0)",
             f"  zeros = s32[{n}] broadcast(zi), dimensions={{}}"]
    outs, tys = [], []
    for op in binops + unops:
        v = op.replace("-", "_")
        lines.append(f"  {v} = f32[{n}] {op}({'x, y' if op in binops else 'x'})")
        _with_bits(lines, outs, tys, v, "f32", n)
    for d in ("EQ", "NE", "LT", "GE"):
        for t in ("FLOAT", "TOTALORDER"):
            v = f"cmp_{d.lower()}_{t.lower()}"
            lines.append(f"  {v} = pred[{n}] compare(x, y), direction={d}, type={t}")
            outs.append(v)
            tys.append(f"pred[{n}]")
    lines.append(f"  c = f32[{n}] clamp(y, x, y)")
    _with_bits(lines, outs, tys, "c", "f32", n)
    lines.append(f"  ROOT out = ({', '.join(tys)}) tuple({', '.join(outs)})")
    case("nan_inf_negzero", module("\n".join(lines)), [x, y], EXACT,
         "IEEE edge cases on +-0, +-inf, NaN for 7 exact binary and 8 exact unary ops (each also as its bit pattern "
         "with NaN -> 0, so the sign of zero is checked), compare FLOAT vs TOTALORDER, clamp with NaN bounds")

    special = [0.0, -0.0, inf, -inf, nan, 1.0, -1.0, 2.0, 0.5]
    pairs = [(a, b) for a in special for b in special]
    x = np.array([p[0] for p in pairs], f32)
    y = np.array([p[1] for p in pairs], f32)
    n = x.size
    lines = [f"  x = f32[{n}] parameter(0)", f"  y = f32[{n}] parameter(1)", "  zi = s32[] constant(0)",
             f"  zeros = s32[{n}] broadcast(zi), dimensions={{}}"]
    outs, tys = [], []
    for op in ["power", "atan2", "exponential", "log", "tanh", "exponential-minus-one", "log-plus-one", "sine",
               "cosine", "tan", "logistic", "rsqrt", "cbrt", "erf", "sinh", "cosh", "asinh", "atanh", "acos"]:
        v = op.replace("-", "_")
        lines.append(f"  {v} = f32[{n}] {op}({'x, y' if op in ('power', 'atan2') else 'x'})")
        _with_bits(lines, outs, tys, v, "f32", n)
    lines.append(f"  ROOT out = ({', '.join(tys)}) tuple({', '.join(outs)})")
    case("nan_inf_transcendental", module("\n".join(lines)), [x, y], (2e-6, 0.0),
         "transcendental ops on +-0, +-inf, NaN, +-1, 2, 0.5 (power and atan2 on all pairs); atol 0 and the "
         "bit patterns make special results (0, -0, inf, NaN) exact, rtol 2e-6 allows rounding of the others")

    xs16 = [0.0, -0.0, 0.0, -0.0, nan, 1.0, nan, inf, -inf, inf, -1.0, 5.0, 3.0, -3.0, 6e-8, -6e-8]
    ys16 = [-0.0, 0.0, 0.0, -0.0, 1.0, nan, nan, inf, inf, -inf, 0.0, -0.0, -0.0, inf, 2.0, 0.5]
    x16, y16 = np.array(xs16, f16), np.array(ys16, f16)
    n = x16.size
    lines = [f"  x = f16[{n}] parameter(0)", f"  y = f16[{n}] parameter(1)"]
    outs = []
    for op in ("maximum", "minimum", "divide", "remainder", "multiply"):
        lines.append(f"  {op} = f16[{n}] {op}(x, y)")
        outs.append(op)
    lines.append(f"  ROOT out = ({', '.join([f'f16[{n}]'] * len(outs))}) tuple({', '.join(outs)})")
    case("nan_inf_f16", module("\n".join(lines)), [x16, y16], EXACT,
         "max/min/divide/remainder/multiply edge cases on f16, including f16 denormals")

    d = np.array([1e-45, -1e-45, 1e-40, -1e-40, 1.1754942e-38, 2.0**-127, 0.0, 1.0], f32)
    n = d.size
    lines = [f"  x = f32[{n}] parameter(0)", "  one = f32[] constant(1)",
             f"  ones = f32[{n}] broadcast(one), dimensions={{}}",
             "  zf = f32[] constant(0)", f"  zerof = f32[{n}] broadcast(zf), dimensions={{}}",
             "  zi = s32[] constant(0)", f"  zeros = s32[{n}] broadcast(zi), dimensions={{}}",
             f"  mul = f32[{n}] multiply(x, ones)", f"  add = f32[{n}] add(x, x)", f"  sign = f32[{n}] sign(x)",
             f"  ceil = f32[{n}] ceil(x)", f"  sqrt = f32[{n}] sqrt(x)", f"  rsqrt = f32[{n}] rsqrt(x)",
             f"  eq0 = pred[{n}] compare(x, zerof), direction=EQ", f"  wide = f64[{n}] convert(x)"]
    outs, tys = [], []
    for v in ("mul", "add", "sign", "ceil", "sqrt", "rsqrt"):
        _with_bits(lines, outs, tys, v, "f32", n)
    outs += ["eq0", "wide"]
    tys += [f"pred[{n}]", f"f64[{n}]"]
    lines.append(f"  ROOT out = ({', '.join(tys)}) tuple({', '.join(outs)})")
    case("denormal_flush_f32", module("\n".join(lines)), [d], EXACT,
         "f32 denormals: XLA:CPU flushes them (DAZ/FTZ: sign(1e-45) = 0, ceil(1e-45) = 0, rsqrt(1e-45) = inf); "
         "HLO does not require this, so these values are XLA:CPU's behaviour, recorded, not a spec",
         check="xla_cpu_ftz")


nan_inf_cases()


# --------------------------------------------------------------------------------------------------
# Driver

def ops_of(text: str) -> list[str]:
    found = set()
    for line in text.splitlines():
        m = re.match(r"\s*(?:ROOT\s+)?[\w.\-]+\s*=\s*(.*)$", line)
        if not m:
            continue
        rhs = m.group(1)
        for op in re.findall(r"(?:^|[\s\])}])([a-z][a-z0-9\-]*)\(", rhs):
            found.add(op)
    return sorted(found)


def _storable(a: np.ndarray) -> np.ndarray:
    return xla_run.to_storable(a)


def _type_str(a: np.ndarray, hlo_type: str) -> str:
    return f"{hlo_type}[{','.join(map(str, a.shape))}]"


def _fmt_tol(v: float) -> str:
    return "0" if v == 0 else f"{v:.3g}"


def _widen(c: Case, outs: list[np.ndarray]) -> tuple[float, float, str]:
    """Raise atol to 10x the part of XLA's error against the f64 reference that rtol does not cover."""
    rtol, atol = c.tol
    if c.ref is None:
        return rtol, atol, ""
    args = [np.asarray(a).astype(np.complex128 if np.asarray(a).dtype.kind == "c" else np.float64) for a in c.inputs]
    with np.errstate(all="ignore"):
        refs = c.ref(*args)
    worst_abs, worst_excess = 0.0, 0.0
    for got, ref in zip(outs, refs):
        g = np.asarray(got)
        wide = np.complex128 if g.dtype.kind == "c" else np.float64
        g = g.astype(wide)
        r = np.asarray(ref).astype(wide)
        fin = np.isfinite(g) & np.isfinite(r)
        if not fin.any():
            continue
        d = np.abs(g[fin] - r[fin])
        worst_abs = max(worst_abs, float(d.max()))
        worst_excess = max(worst_excess, float((d - rtol * np.abs(r[fin])).max()))
    if worst_excess * 10 > atol:
        atol = float(f"{worst_excess * 10:.1g}")
        if atol < worst_excess * 10:
            atol = float(f"{worst_excess * 20:.1g}")
    return rtol, atol, f"{worst_abs:.3g}"


def run_case(c: Case) -> dict:
    for old in HERE.glob(f"{c.name}.*"):
        if old.suffix in (".npy", ".npz", ".hlo"):
            old.unlink()
    (HERE / f"{c.name}.hlo").write_text(c.hlo)
    for k, a in enumerate(c.inputs):
        np.save(HERE / f"{c.name}.in{k}.npy", _storable(np.asarray(a)))
    row = {"name": c.name, "ops": ",".join(ops_of(c.hlo)), "check": c.check, "description": c.description,
           "xla_error": "", "xla_err_vs_f64": ""}
    status = "ok"
    try:
        mod = xla_run.XlaModule(c.hlo, c.name)
    except Exception as e:  # XLA refuses the module
        err = " ".join(str(e).split())[:300]
        if c.alt is None:
            row.update(status="xla_refuses", xla_error=f"{type(e).__name__}: {err}", rtol="", atol="",
                       inputs=";".join(str(a.dtype) + str(list(a.shape)) for a in map(np.asarray, c.inputs)),
                       outputs="")
            if c.check == "values":
                row["check"] = "none"
            return row
        row["xla_error"] = f"{type(e).__name__}: {err}; {c.alt_note}"
        (HERE / f"{c.name}.alt.hlo").write_text(c.alt)
        mod = xla_run.XlaModule(c.alt, c.name + ".alt")
        status = "alt"
    outs = mod(*c.inputs)
    if c.check != "properties":  # an rng sample changes every run: check its properties, keep no file
        np.savez(HERE / f"{c.name}.expected.npz", **{f"out{i}": _storable(o) for i, o in enumerate(outs)})
    rtol, atol, err = _widen(c, outs)
    if c.check == "properties":
        check_properties(c, outs)
    row.update(status=status, rtol=_fmt_tol(rtol), atol=_fmt_tol(atol), xla_err_vs_f64=err,
               inputs=";".join(_type_str(a, str(s).split("[")[0])
                               for a, s in zip(map(np.asarray, c.inputs), mod.param_leaves)),
               outputs=";".join(_type_str(o, str(s).split("[")[0]) for o, s in zip(outs, mod.result_leaves)))
    return row


def check_properties(c: Case, outs: list[np.ndarray]) -> None:
    """The properties the hloc test checks must hold for XLA's own sample too."""
    x = np.asarray(outs[0]).astype(np.float64)
    a, b = c.extra["a"], c.extra["b"]
    if c.extra["distribution"] == "uniform":
        assert x.min() >= a and x.max() < b, (c.name, x.min(), x.max())
        assert abs(x.mean() - (a + b) / 2) < 0.1 * (b - a), (c.name, x.mean())
    else:
        assert abs(x.mean() - a) < 0.2 and abs(x.std() - b) < 0.2, (c.name, x.mean(), x.std())


COLUMNS = ["name", "ops", "inputs", "outputs", "rtol", "atol", "xla_err_vs_f64", "check", "status", "description",
           "xla_error"]


def main(argv: list[str]) -> int:
    global xla_run
    sys.path.insert(0, str(XLA_RUN.parent))
    import xla_run  # noqa: F401  (the oracle: ../shared/tools/xla_run.py)

    wanted = set(argv)
    unknown = wanted - {c.name for c in CASES}
    if unknown:
        print(f"unknown cases: {sorted(unknown)}", file=sys.stderr)
        return 2
    manifest = HERE / "MANIFEST.tsv"
    rows: dict[str, dict] = {}
    if wanted and manifest.exists():
        lines = manifest.read_text().splitlines()
        for line in lines[1:]:
            vals = line.split("\t")
            rows[vals[0]] = dict(zip(COLUMNS, vals))
    for c in CASES:
        if wanted and c.name not in wanted:
            continue
        rows[c.name] = run_case(c)
        r = rows[c.name]
        print(f"{c.name}: {r['status']} {r['xla_error'][:120]}", file=sys.stderr)
    order = [c.name for c in CASES]
    with open(manifest, "w") as f:
        f.write("\t".join(COLUMNS) + "\n")
        for name in order:
            if name in rows:
                f.write("\t".join(str(rows[name].get(k, "")).replace("\t", " ") for k in COLUMNS) + "\n")
    return 0


xla_run = None

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
