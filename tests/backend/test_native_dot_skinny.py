"""Dots with one tiny output dimension (<= 16) and a big operand (kernels/skinny.py): both forms
(the big operand's contraction contiguous: `dot`; its free dimension contiguous: `axpy`), either
operand big, transposed layouts, strided outputs, K and R not multiples of the vector width, f32 and
f64, bf16 and f16 operands (summed in f32, a narrow result rounded once: a decode step against bf16
weights), against float64 numpy; results do not depend on the thread count."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from mathref import compile_text

from hloc.backend.llvm.kernels.dot import plan_dot
from hloc.parse import parse_module

# name: (params, result, lhs / rhs contracting dim, numpy reference, expected form)
CASES = {
    "fwd_10": (["f32[256,1024]", "f32[1024,10]"], "f32[256,10]", 1, 0, lambda a, b: a @ b, "dot"),
    "fwd_odd_k": (["f32[100,203]", "f32[203,7]"], "f32[100,7]", 1, 0, lambda a, b: a @ b, "dot"),
    "small_left": (["f32[3,500]", "f32[130,500]"], "f32[3,130]", 1, 1, lambda a, b: a @ b.T, "dot"),
    "out_colmajor": (["f32[96,300]", "f32[300,16]"], "f32[96,16]{0,1}", 1, 0, lambda a, b: a @ b, "dot"),
    "dw": (["f32[256,10]", "f32[256,1024]"], "f32[10,1024]", 0, 0, lambda a, b: a.T @ b, "axpy"),
    "dw_odd": (["f32[77,13]", "f32[77,1000]"], "f32[13,1000]", 0, 0, lambda a, b: a.T @ b, "axpy"),
    "dw_t_out": (["f32[256,1024]", "f32[256,10]"], "f32[1024,10]", 0, 0, lambda a, b: a.T @ b, "axpy"),
    "axpy_s16": (["f32[64,16]", "f32[64,530]"], "f32[16,530]{0,1}", 0, 0, lambda a, b: a.T @ b, "axpy"),
    "f64_dot": (["f64[200,129]", "f64[129,5]"], "f64[200,5]", 1, 0, lambda a, b: a @ b, "dot"),
    "f64_axpy": (["f64[90,2]", "f64[90,333]"], "f64[2,333]", 0, 0, lambda a, b: a.T @ b, "axpy"),
    "bf16_decode_dot": (["bf16[11,300]", "bf16[700,300]"], "bf16[11,700]", 1, 1, lambda a, b: a @ b.T, "dot"),
    "bf16_decode_axpy": (["bf16[11,300]", "bf16[300,530]"], "bf16[11,530]", 1, 0, lambda a, b: a @ b, "axpy"),
    # X of 1.1M elements, S^T of 44 KB: two rows of X at a time, an odd one last
    "bf16_two_rows": (["bf16[11,1000]", "bf16[1101,1000]"], "bf16[11,1101]", 1, 1, lambda a, b: a @ b.T, "dot"),
    # matrix-vector products of at least VECTOR_MIN_WORK elements: the vector's side is the narrow one
    # (s = 1), both forms
    "logits_bf16": (["bf16[300]", "bf16[7000,300]"], "bf16[7000]", 0, 1, lambda a, b: b @ a, "dot"),
    "vecmat_f32": (["f32[256]", "f32[256,8192]"], "f32[8192]", 0, 0, lambda a, b: a @ b, "axpy"),
    "matvec_f64": (["f64[2048,1024]", "f64[1024]"], "f64[2048]", 1, 0, lambda a, b: a @ b, "dot"),
    "f16_f32_out": (["f16[130,9]", "f16[130,200]"], "f32[9,200]", 0, 0, lambda a, b: a.T @ b, "axpy"),
}
DTYPES = {"f64": np.float64, "f32": np.float32, "bf16": ml_dtypes.bfloat16, "f16": np.float16}


def _text(name: str) -> str:
    params, out, lc, rc, _, _ = CASES[name]
    lines = ["HloModule t", "ENTRY e {"] + [f"  p{i} = {s} parameter({i})" for i, s in enumerate(params)]
    lines.append(f"  ROOT out = {out} dot(p0, p1), lhs_contracting_dims={{{lc}}}, rhs_contracting_dims={{{rc}}}")
    return "\n".join(lines + ["}"]) + "\n"


def _inputs(name: str):
    rng = np.random.default_rng(3)
    out = []
    for s in CASES[name][0]:
        dt = DTYPES[s[:s.index("[")]]
        dims = [int(d) for d in s[s.index("[") + 1:s.index("]")].split(",")]
        out.append(rng.standard_normal(dims).astype(dt))
    return out


@pytest.mark.parametrize("name", sorted(CASES))
def test_plan_takes_the_skinny_path(name):
    instr = parse_module(_text(name), "t.hlo").entry.root
    plan = plan_dot(instr)
    assert plan.path == "skinny" and plan.skinny.form == CASES[name][5]


def test_small_matrix_vector_products_keep_the_dot_loop():
    """Below VECTOR_MIN_WORK the one-thread dot loop is faster (a 512 x 512 product in a loop body)."""
    text = ("HloModule t\nENTRY e {\n  p0 = f32[512,512] parameter(0)\n  p1 = f32[512] parameter(1)\n"
            "  ROOT out = f32[512] dot(p0, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n")
    assert plan_dot(parse_module(text, "t.hlo").entry.root).path != "skinny"


def _features_without_avx512() -> str:
    import llvmlite.binding as llvm

    from hloc.backend.llvm.codegen.target import init_llvm

    init_llvm()
    feats = llvm.get_host_cpu_features().flatten().split(",")
    return ",".join("-" + f[1:] if "avx512" in f else f for f in feats)


@pytest.mark.parametrize("avx512", [True, False], ids=["host", "no_avx512"])
@pytest.mark.parametrize("name", sorted(CASES))
def test_matches_numpy_and_does_not_depend_on_threads(name, avx512):
    """Without AVX-512 (16 vector registers) the tiles are smaller."""
    from hloc.backend.llvm.codegen.target import TargetSpec
    from hloc.backend.llvm.compile import CompileOptions

    opts = None if avx512 else CompileOptions(target=TargetSpec(features=_features_without_avx512()))
    exe = compile_text(_text(name), opts)
    xs = _inputs(name)
    want = CASES[name][4](*[x.astype(np.float64) for x in xs])
    got = {}
    for threads in (1, 2, 3):
        exe.threads = threads
        r = exe(xs)
        got[threads] = np.asarray(r[0] if isinstance(r, (list, tuple)) else r)
        tol = {np.float64: 1e-12, np.float32: 1e-4}.get(got[threads].dtype.type, 8e-3)  # 8e-3: one bf16 rounding
        np.testing.assert_allclose(got[threads].astype(np.float64), want, rtol=tol, atol=tol * 10)
    assert np.array_equal(got[1], got[2]) and np.array_equal(got[1], got[3])
