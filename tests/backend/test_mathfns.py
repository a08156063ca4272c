"""Accuracy of the native backend's inline transcendental approximations (hloc/backend/llvm/elemental/mathfns.py)
against numpy / Python's math in x87 extended precision (mathref.REF), on wide ranges: log-uniform
magnitudes of both signs, +-0, +-inf, NaN, denormals, the largest finite values and large arguments;
with code generated for the host and for each x86-64 level (`CPUS`), so every CPU meets the budgets.

Measured max error in ULPs of the result type (compiled with IEEE denormals; the erf reference is
math.erf in float64, correctly rounded only to ~0.5 ULP, so its f64 figure carries +-1):

| function | f32 | f64 | input range (magnitudes) |
| --- | --- | --- | --- |
| exponential | 0.81 (0.89) | 0.75 | 2^-110 .. 2^7.5 (f32), .. 2^10 (f64) |
| log | 1.05 | 0.75 | all positive finite values incl. denormals |
| log-plus-one | 2.42 | 2.46 | 2^-40 .. 2^40 |
| exponential-minus-one | 2.40 | 2.38 | 2^-40 .. 2^7 |
| tanh | 1.21 (1.37) | 3.73 | 2^-40 .. 2^5 |
| logistic | 2.20 (2.40) | 1.75 | 2^-30 .. 2^7 |
| erf | 2.26 (2.76) | 3.00 | 2^-40 .. 2^3 |
| sine | 0.50 | 2.45 | 2^-40 .. 2^60 (f32); .. the largest double (f64) |
| cosine | 0.50 | 2.27 | same |
| tan | 0.50 | 3.44 | same |
| cbrt | 0.50 | 0.95 | all finite values incl. denormals |
| sqrt | 0.50 | 0.50 | all finite values |
| rsqrt | 1.45 | 1.44 | all finite values |
| atan2 | 0.50 | 2.50 | 2^-20 .. 2^20 over 2^-6 .. 2^6 |
| power | 0.50 | 801 | |x| 2^-20 .. 2^20, |y| 2^-6 .. 2^6 |

f64 power is exp(y*log x): relative error ~|y ln x| * 2^-53 (integer |y| <= 64: squaring, ~1 ulp).
Measured on 160,000 points per function (8 seeds); the test itself uses 4,000. The budgets
asserted below are these figures rounded up. In parentheses: the largest error over every f32 in
the critical ranges as well (testdata/backend/sweep_mathfns.py), which sampling understates.
The f64 figures were measured against a float64 reference before (numpy's float64 functions, whose
results differ by CPU: glibc's cbrt is 2.8 ulp off at 1.06e-303, where AVX-512 numpy is not).
"""

from __future__ import annotations

import zlib

import numpy as np
import pytest
from mathref import CPUS, IEEE, REF, compile_text, erf64, logistic64, options_for, runs_here, ulp_error, wide_inputs

from hloc.backend.llvm import CompileOptions

N = 4000

UNARY = {
    # op: (reference, log2 lo, log2 hi (f32), log2 hi (f64), budget f32, budget f64)
    "exponential": (np.exp, -110, 7.5, 10, 1, 1.5),
    "log": (np.log, -149, 127, 1023, 1.5, 1.5),
    "log-plus-one": (np.log1p, -40, 40, 40, 3, 3),
    "exponential-minus-one": (np.expm1, -40, 7, 10, 3, 4),
    "tanh": (np.tanh, -40, 5, 5, 1.5, 5),
    "logistic": (logistic64, -30, 7, 10, 3, 3),
    "erf": (erf64, -40, 3, 3, 3, 5),
    "sine": (np.sin, -40, 60, 1023, 1, 4),
    "cosine": (np.cos, -40, 60, 1023, 1, 4),
    "tan": (np.tan, -40, 60, 1023, 1, 4),
    "cbrt": (np.cbrt, -149, 127, 1023, 1, 1.5),
    "sqrt": (np.sqrt, -149, 127, 1023, 0.5, 0.5),
    "rsqrt": (lambda x: 1 / np.sqrt(x), -149, 127, 1023, 2, 1.5),
}
BINARY = {
    "atan2": (np.arctan2, 1, 4),
    "power": (np.power, 1, 1024),
}
TYPES = {"f32": np.float32, "f64": np.float64}


def _inputs(op: str, etype: str):
    dt = TYPES[etype]
    _, lo, hi32, hi64, _, _ = UNARY[op]
    lo = max(lo, -1074) if etype == "f64" and lo == -149 else lo
    if etype == "f64" and op in ("log", "cbrt", "sqrt", "rsqrt"):
        lo = -1074
    return wide_inputs(dt, lo, hi32 if etype == "f32" else hi64, N, seed=zlib.crc32(op.encode()))


def _module(etype: str) -> str:
    lines = ["HloModule mathfns", "ENTRY e {"]
    outs = []
    k = 0
    for op in UNARY:
        lines.append(f"  p{k} = {etype}[{N + 16}] parameter({k})")
        lines.append(f"  r{k} = {etype}[{N + 16}] {op}(p{k})")
        outs.append(f"r{k}")
        k += 1
    for op in BINARY:
        lines.append(f"  p{k} = {etype}[{N + 16}] parameter({k})")
        lines.append(f"  p{k + 1} = {etype}[{N + 16}] parameter({k + 1})")
        lines.append(f"  r{k} = {etype}[{N + 16}] {op}(p{k}, p{k + 1})")
        outs.append(f"r{k}")
        k += 2
    shape = f"{etype}[{N + 16}]"
    lines.append(f"  ROOT t = ({', '.join([shape] * len(outs))}) tuple({', '.join(outs)})")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _binary_inputs(op: str, etype: str):
    dt = TYPES[etype]
    x = wide_inputs(dt, -20, 20, N, seed=11)
    y = wide_inputs(dt, -6, 6, N, seed=12)
    if op == "power":
        x = np.abs(x)
    return x, y


@pytest.fixture(scope="module", params=[(c, t) for c in CPUS for t in ("f32", "f64")], ids=lambda p: "-".join(p))
def results(request):
    cpu, etype = request.param
    why = runs_here(cpu)
    if why:
        pytest.skip(why)
    args = [_inputs(op, etype) for op in UNARY]
    for op in BINARY:
        args.extend(_binary_inputs(op, etype))
    exe = compile_text(_module(etype), options_for(cpu, flush_denormals=False))
    outs = exe(args)
    return etype, args, list(outs)


@pytest.mark.parametrize("op", list(UNARY))
def test_unary_accuracy(results, op):
    etype, args, outs = results
    k = list(UNARY).index(op)
    ref, *_, b32, b64 = UNARY[op]
    x = args[k]
    with np.errstate(all="ignore"):
        want = ref(x.astype(REF))
    err = ulp_error(outs[k], want, TYPES[etype])
    worst = int(np.argmax(err))
    assert err.max() <= (b32 if etype == "f32" else b64), (
        f"{op} {etype}: {err.max():.2f} ulp at x={x[worst]!r}: got {outs[k][worst]!r}, want {want[worst]!r}")


@pytest.mark.parametrize("op", list(BINARY))
def test_binary_accuracy(results, op):
    etype, args, outs = results
    k = len(UNARY) + list(BINARY).index(op)
    j = len(UNARY) + 2 * list(BINARY).index(op)
    ref, b32, b64 = BINARY[op]
    x, y = args[j], args[j + 1]
    with np.errstate(all="ignore"):
        want = ref(x.astype(REF), y.astype(REF))
    err = ulp_error(outs[k], want, TYPES[etype])
    worst = int(np.argmax(err))
    assert err.max() <= (b32 if etype == "f32" else b64), (
        f"{op} {etype}: {err.max():.2f} ulp at ({x[worst]!r}, {y[worst]!r}): got {outs[k][worst]!r}")


def _features_without_avx512() -> str:
    import llvmlite.binding as llvm

    from hloc.backend.llvm.codegen.target import init_llvm

    init_llvm()
    feats = llvm.get_host_cpu_features().flatten().split(",")
    return ",".join("-" + f[1:] if "avx512" in f else f for f in feats)


@pytest.mark.parametrize("etype", ["f32", "f64"])
def test_exp_scaling_without_avx512(etype):
    """Without AVX-512 exp scales by integer-built powers of two instead of ldexp (vscalef): the same
    budgets hold on that path (denormal results, overflow, NaN) for exp and the functions built on it."""
    from hloc.backend.llvm.codegen.target import TargetSpec

    opts = CompileOptions(flush_denormals=False, target=TargetSpec(features=_features_without_avx512()))
    ops = ["exponential", "tanh", "logistic"]
    lines = ["HloModule m", "ENTRY e {"]
    for k, op in enumerate(ops):
        lines += [f"  p{k} = {etype}[{N + 16}] parameter({k})", f"  r{k} = {etype}[{N + 16}] {op}(p{k})"]
    shape = f"{etype}[{N + 16}]"
    lines += [f"  ROOT t = ({', '.join([shape] * len(ops))}) tuple({', '.join(f'r{k}' for k in range(len(ops)))})",
              "}"]
    args = [_inputs(op, etype) for op in ops]
    outs = compile_text("\n".join(lines) + "\n", opts)(args)
    for op, x, got in zip(ops, args, outs):
        ref, *_, b32, b64 = UNARY[op]
        with np.errstate(all="ignore"):
            err = ulp_error(got, ref(x.astype(REF)), TYPES[etype])
        assert err.max() <= (b32 if etype == "f32" else b64), (op, etype, float(err.max()))


ODD = ["log-plus-one", "exponential-minus-one", "tanh", "erf", "sine", "tan", "cbrt", "sqrt"]


@pytest.mark.parametrize("op", ODD)
def test_signed_zero_kept(results, op):
    etype, args, outs = results
    k = list(UNARY).index(op)
    x, got = args[k], outs[k]
    zeros = x == 0
    assert zeros.any()
    assert (got[zeros] == 0).all()
    assert (np.signbit(got[zeros]) == np.signbit(x[zeros])).all(), op


def test_special_values():
    """C99 special cases of atan2 and pow, checked against numpy exactly."""
    special = np.array([0.0, -0.0, 1.0, -1.0, 2.0, -2.0, 0.5, 3.0, -3.0, np.inf, -np.inf, np.nan], dtype=np.float64)
    x, y = np.meshgrid(special, special)
    x, y = x.ravel(), y.ravel()
    n = x.size
    text = (f"HloModule m\nENTRY e {{\n  x = f64[{n}] parameter(0)\n  y = f64[{n}] parameter(1)\n"
            f"  a = f64[{n}] atan2(x, y)\n  p = f64[{n}] power(x, y)\n"
            f"  ROOT t = (f64[{n}], f64[{n}]) tuple(a, p)\n}}\n")
    a, p = compile_text(text, IEEE)([x, y])
    special = ~(np.isfinite(x) & np.isfinite(y) & (x != 0) & (y != 0))  # exact there; else 2 ulp
    with np.errstate(all="ignore"):
        ra, rp = np.arctan2(x, y), np.power(x, y)
    for got, ref in ((a, ra), (p, rp)):
        np.testing.assert_array_equal(got[special], ref[special])
        np.testing.assert_array_equal(np.signbit(got[special]), np.signbit(ref[special]))
        np.testing.assert_allclose(got[~special], ref[~special], rtol=5e-16)


@pytest.mark.parametrize("etype", ["f16", "bf16"])
def test_narrow_floats_round_the_f32_result(etype):
    """f16/bf16 transcendentals are the f32 approximation rounded once: within 1 ulp of the type."""
    import ml_dtypes

    dt = np.float16 if etype == "f16" else ml_dtypes.bfloat16
    x = np.linspace(-6, 6, 1001).astype(dt)
    text = (f"HloModule m\nENTRY e {{\n  x = {etype}[1001] parameter(0)\n  a = {etype}[1001] exponential(x)\n"
            f"  b = {etype}[1001] tanh(x)\n  c = {etype}[1001] sine(x)\n"
            f"  ROOT t = ({etype}[1001], {etype}[1001], {etype}[1001]) tuple(a, b, c)\n}}\n")
    outs = compile_text(text)([x])
    xf = x.astype(np.float64)
    for got, ref in zip(outs, (np.exp(xf), np.tanh(xf), np.sin(xf))):
        assert got.dtype == dt
        spacing = np.abs(ref.astype(dt).astype(np.float64) - ref)
        ulp = np.abs(np.nextafter(ref.astype(dt), np.array(np.inf, dt)).astype(np.float64)
                     - ref.astype(dt).astype(np.float64))
        assert (np.abs(got.astype(np.float64) - ref) <= ulp + spacing).all()


def test_flush_denormals_like_xla():
    """By default denormal inputs and results flush to zero (MXCSR FTZ/DAZ), as on XLA:CPU."""
    tiny = np.array([1e-40, -1e-40, 1e-30], dtype=np.float32)
    text = "HloModule m\nENTRY e {\n  x = f32[3] parameter(0)\n  ROOT y = f32[3] multiply(x, x)\n}\n"
    np.testing.assert_array_equal(compile_text(text)([tiny]), np.float32([0, 0, 0]))
    text2 = "HloModule m\nENTRY e {\n  x = f32[3] parameter(0)\n  c = f32[] constant(1)\n" \
            "  b = f32[3] broadcast(c), dimensions={}\n  ROOT y = f32[3] multiply(x, b)\n}\n"
    np.testing.assert_array_equal(compile_text(text2)([tiny]), np.float32([0, 0, 1e-30]))
    ieee = compile_text(text2, CompileOptions(flush_denormals=False))([tiny])
    np.testing.assert_array_equal(ieee, tiny)


def test_fitted_coefficients_reproduce():
    """testdata/backend/fit_mathfns.py (the fits of the f32 exp/tanh/erf polynomials) still gives
    mathfns.py's coefficients and their documented relative errors."""
    import importlib.util

    from conftest import TESTDATA

    from hloc.backend.llvm.elemental import mathfns

    spec = importlib.util.spec_from_file_location("fit_mathfns", TESTDATA / "backend" / "fit_mathfns.py")
    fit = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fit)
    # (_ERFC_LOG_F32: f32 ulps of erf, not a relative error: fit_mathfns.py's `scale`)
    documented = {"_EXP_TAIL_F32": 3.7e-9, "_TANH_SMALL_F32": 4.7e-9, "_ERF_SMALL_F32": 1.4e-9,
                  "_ERFC_LOG_F32": 0.018}
    assert set(fit.FITS) == set(documented)
    for name, f in fit.FITS.items():
        stored = np.array(getattr(mathfns, name))
        refit = fit.fit(f, 1000)
        # f32 fits: the same float32 values, or a neighbour where the solve's last digits tip a rounding
        tol = 1.2e-7 if f.f32 else 1e-8
        assert np.max(np.abs(refit - stored) / np.abs(stored)) < tol, name
        if f.f32:
            assert (np.float32(stored) == stored).all(), name
        assert fit.max_relative_error(stored, f) < documented[name] * 1.05, name
