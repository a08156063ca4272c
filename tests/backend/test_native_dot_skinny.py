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
    # MATVEC_ROWS rows at a time, then the last 3 one by one; K not a multiple of the vector width
    "matvec_odd_rows": (["f32[1027,301]", "f32[301]"], "f32[1027]", 1, 0, lambda a, b: a @ b, "dot"),
    # 16 narrow columns: in groups on AVX2's 16 vector registers, at once on AVX-512's 32
    "gru_step_axpy": (["f32[16,256]", "f32[256,256]"], "f32[16,256]", 1, 0, lambda a, b: a @ b, "axpy"),
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
    """Below VECTOR_MIN_WORK the one-thread dot loop is as fast (a 64 x 1024 product)."""
    text = ("HloModule t\nENTRY e {\n  p0 = f32[64,1024] parameter(0)\n  p1 = f32[1024] parameter(1)\n"
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


@pytest.mark.parametrize("name", ["matvec_odd_rows", "matvec_f64", "logits_bf16"])
def test_matrix_vector_products_walk_either_way_to_the_same_bits(name):
    """A matrix-vector product walks its row groups backwards on every other call (the rows read
    last are still in cache): consecutive calls, on one thread and on two, give the same bits."""
    exe = compile_text(_text(name))
    xs = _inputs(name)
    runs = []
    for threads in (1, 1, 2, 2):
        exe.threads = threads
        r = exe(xs)
        runs.append(np.asarray(r[0] if isinstance(r, (list, tuple)) else r))
    want = CASES[name][4](*[x.astype(np.float64) for x in xs])
    tol = {np.float64: 1e-12, np.float32: 1e-4}.get(runs[0].dtype.type, 8e-3)
    np.testing.assert_allclose(runs[0].astype(np.float64), want, rtol=tol, atol=tol * 10)
    assert all(np.array_equal(runs[0], r) for r in runs[1:])


# Each form's accumulators must fit the vector registers of every x86-64 level (a GRU step's
# [16, 256] x [256, 256] spilled 16 AVX-512-sized accumulator rows on AVX2 and ran at a third of
# the speed). The assembly is generated for the named CPU, whatever this machine is.
SPILL_SHAPES = {
    "dot_s16": (["f32[96,300]", "f32[300,16]"], "f32[96,16]", 1, 0),
    "dot_s13": (["f32[96,300]", "f32[300,13]"], "f32[96,13]", 1, 0),
    "axpy_s16": (["f32[16,256]", "f32[256,256]"], "f32[16,256]", 1, 0),
    "axpy_s7": (["f32[7,256]", "f32[256,512]"], "f32[7,512]", 1, 0),
    "matvec": (["f32[1024,512]", "f32[512]"], "f32[1024]", 1, 0),
}


@pytest.mark.parametrize("cpu", ["x86-64-v3", "x86-64-v4"])
@pytest.mark.parametrize("name", sorted(SPILL_SHAPES))
def test_accumulators_fit_the_registers(name, cpu):
    import re

    from hloc.backend.llvm.codegen.target import TargetSpec
    from hloc.backend.llvm.compile import CompileOptions, emit_asm

    params, out, lc, rc = SPILL_SHAPES[name]
    lines = ["HloModule t", "ENTRY e {"] + [f"  p{i} = {s} parameter({i})" for i, s in enumerate(params)]
    lines.append(f"  ROOT out = {out} dot(p0, p1), lhs_contracting_dims={{{lc}}}, rhs_contracting_dims={{{rc}}}")
    module = parse_module("\n".join(lines + ["}"]) + "\n", "t.hlo")
    assert plan_dot(module.entry.root).path == "skinny"
    asm = emit_asm(module, CompileOptions(target=TargetSpec(triple="x86_64-unknown-linux-gnu", cpu=cpu)))
    assert "vfmadd" in asm
    spills = re.findall(r"^\s*vmov\w*\s+%[yz]mm\d+, -?\d*\(%r[sb]p\)", asm, re.M)
    assert not spills, spills[:4]


def test_axpy_rows_a_page_apart_take_the_gemm_when_columns_are_grouped():
    """[16, 256] x [256, 1024]: X's rows are 4 KiB apart (one L1 set). With 16 vector registers the
    16 columns go in groups, each reading X again: the packed GEMM; with 32, one pass: skinny."""
    text = ("HloModule t\nENTRY e {\n  p0 = f32[16,256] parameter(0)\n  p1 = f32[256,1024] parameter(1)\n"
            "  ROOT out = f32[16,1024] dot(p0, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n")
    root = parse_module(text, "t.hlo").entry.root
    assert plan_dot(root, "+avx,+avx2,+fma").path == "gemm"
    assert plan_dot(root, "+avx,+avx2,+fma,+avx512f").path == "skinny"
    assert plan_dot(root, "+avx,+avx2,+fma,+avx512f").skinny.form == "axpy"
