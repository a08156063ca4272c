"""bf16 x bf16 -> f32 GEMMs give the same bits on every target: the host's VDPBF16PS kernel (AVX512_BF16,
gemm_bf16.py) and x86-64-v3's widened-f32 kernel, which sums each k pair in VDPBF16PS's order
(gemm.swaps_pairs). Operands in every packing layout (row-major, column-major, strided B rows),
an odd K over several panels, partial micro-tiles, a bf16 result, several column chunks with few
rows, exact cancellation, denormal inputs and partial sums; on 1 and 2 threads (the row split).
Native code runs with MXCSR's FTZ/DAZ by default, as XLA:CPU does, which makes the FMAs flush as
VDPBF16PS always does; with IEEE denormals (flush_denormals=False) the two differ there."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from mathref import compile_text, options_for, runs_here

from hloc.backend.llvm.codegen.target import TargetSpec
from hloc.backend.llvm.library.gemm import SPLIT_MIN_WORK, config_for, native_bf16

BF16 = ml_dtypes.bfloat16
M, K, N = 200, 1031, 90  # K: panels of 344, 344, 343 (gemm.BF16_KC); N: 2 slivers of 32 + 26 (AVX-512)
TEXT = f"""HloModule bf16gemm
ENTRY e {{
  a = bf16[{M},{K}] parameter(0)
  b = bf16[{K},{N}] parameter(1)
  at = bf16[{K},{M}] parameter(2)
  bt = bf16[{N},{K}] parameter(3)
  a2 = bf16[2,40,66] parameter(4)
  bs = bf16[66,2,40] parameter(5)
  a64 = bf16[64,331] parameter(6)
  bw = bf16[331,200] parameter(7)
  ca = bf16[48,129] parameter(8)
  cb = bf16[129,40] parameter(9)
  ta = bf16[40,64] parameter(10)
  tb = bf16[64,40] parameter(11)
  rr = f32[{M},{N}] dot(a, b), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  cc = f32[{M},{N}] dot(at, bt), lhs_contracting_dims={{0}}, rhs_contracting_dims={{1}}
  rh = bf16[{M},{N}] dot(a, b), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  strided = f32[2,40,40] dot(a2, bs), lhs_batch_dims={{0}}, lhs_contracting_dims={{2}}, rhs_batch_dims={{1}},
    rhs_contracting_dims={{0}}
  few = f32[64,200] dot(a64, bw), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  cancel = f32[48,40] dot(ca, cb), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  tiny = f32[40,40] dot(ta, tb), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  ROOT t = (f32[{M},{N}], f32[{M},{N}], bf16[{M},{N}], f32[2,40,40], f32[64,200], f32[48,40], f32[40,40]) tuple(rr,
    cc, rh, strided, few, cancel, tiny)
}}
"""


def _normal(rng, *dims, lo=-20, hi=20):
    mags = np.exp2(rng.integers(lo, hi + 1, dims)) * rng.uniform(1, 2, dims)
    return (mags * rng.choice([-1.0, 1.0], dims)).astype(BF16)


@pytest.fixture(scope="module")
def inputs():
    rng = np.random.default_rng(23)
    a, b = _normal(rng, M, K), _normal(rng, K, N)
    x, y, z = _normal(rng, 48, 64), _normal(rng, 64, 40), _normal(rng, 48, 1)
    # each product of the first 64 k has its negation among the next 64: partial sums cancel exactly
    ca = np.concatenate([x, -x[:, ::-1], z], axis=1)
    cb = np.concatenate([y, y[::-1], _normal(rng, 1, 40)], axis=0)
    return [a, b, np.ascontiguousarray(a.T), np.ascontiguousarray(b.T), _normal(rng, 2, 40, 66),
            _normal(rng, 66, 2, 40), _normal(rng, 64, 331), _normal(rng, 331, 200), ca, cb,
            _normal(rng, 40, 64, lo=-134, hi=-120), _normal(rng, 64, 40, lo=-10, hi=4)]  # (denormals below 2^-126)


def _reference(a, b, at, bt, a2, bs, a64, bw, ca, cb, ta, tb):
    f = np.float64
    ab = a.astype(f) @ b.astype(f)
    return [ab, ab, ab, np.einsum("bmk,kbn->bmn", a2.astype(f), bs.astype(f)), a64.astype(f) @ bw.astype(f),
            ca.astype(f) @ cb.astype(f)]  # (tiny: flushed, no f64 reference)


def test_native_and_portable_bf16_gemms_give_the_same_bits(inputs):
    host = TargetSpec().resolved().features
    if not native_bf16(host):
        pytest.skip("the default target (this CPU, or $HLOC_CPU) has no AVX512_BF16: only the portable bf16 GEMM runs")
    if reason := runs_here("x86-64-v3"):
        pytest.skip(reason)
    assert config_for(host, 32, "bf16").pairs and not config_for(TargetSpec(cpu="x86-64-v3").resolved().features,
                                                                 32, "bf16").pairs
    assert min(M * N * K, 64 * 200 * 331) >= SPLIT_MIN_WORK
    want = _reference(*inputs)
    got = {}
    for cpu in ("default", "x86-64-v3"):
        exe = compile_text(TEXT, options_for(cpu))
        for threads in (1, 2):
            exe.threads = threads
            got[cpu, threads] = exe(inputs)
    for k, w in enumerate(want):
        rtol = 1e-2 if k == 2 else 1e-5  # the bf16 result: rounded once
        scale = np.abs(w).max()
        np.testing.assert_allclose(got["default", 1][k].astype(np.float64), w, rtol=rtol, atol=1e-5 * scale,
                                   err_msg=str(k))
    for k in range(len(want) + 1):
        for key, g in got.items():
            assert np.array_equal(_bits(g[k]), _bits(got["default", 1][k])), (key, k)
    ta = inputs[10].astype(np.float64)
    assert np.any((ta != 0) & (np.abs(ta) < 2.0 ** -126)) and np.any(got["default", 1][-1] != 0)


def _bits(x):
    return x.view(np.uint16 if x.dtype == BF16 else np.uint32)


def test_ieee_denormals_are_kept_by_the_portable_kernel_only():
    """flush_denormals=False: the widened-f32 kernel keeps a denormal bf16 input (16 * 2^-127 sums to
    2^-123 exactly), VDPBF16PS treats it as zero (README: tested CPUs)."""
    host = TargetSpec().resolved().features
    if not native_bf16(host):
        pytest.skip("the default target (this CPU, or $HLOC_CPU) has no AVX512_BF16: only the portable bf16 GEMM runs")
    if reason := runs_here("x86-64-v3"):
        pytest.skip(reason)
    text = ("HloModule d\nENTRY e {\n  a = bf16[16,16] parameter(0)\n  b = bf16[16,16] parameter(1)\n"
            "  d = f32[16,16] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n"
            "  ROOT t = (f32[16,16]) tuple(d)\n}\n")
    a, b = np.full((16, 16), 2.0 ** -127, BF16), np.ones((16, 16), BF16)
    (native,) = compile_text(text, options_for("default", flush_denormals=False))([a, b])
    (portable,) = compile_text(text, options_for("x86-64-v3", flush_denormals=False))([a, b])
    assert np.all(portable == np.float32(2.0 ** -123)) and np.all(native == 0)
