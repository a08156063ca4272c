"""The dot kernel: dimension numbers, layouts, element types and the three code paths (packed GEMM,
axpy loop, reduction loop), against numpy references computed in f64 / exact integers.

A few modules hold many dots each (a tuple result) and are compiled once per module: LLVM time
adds up.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from mathref import compile_text, options_for, runs_here

from hloc.backend.llvm.kernels.dot import outer_slots, plan_dot
from hloc.parse import parse_module

BF16 = ml_dtypes.bfloat16


def build(params: list[str], body: list[str], outs: list[tuple[str, str]]) -> str:
    lines = ["HloModule t", "ENTRY e {"]
    lines += [f"  p{i} = {s} parameter({i})" for i, s in enumerate(params)]
    lines += [f"  {b}" for b in body]
    lines.append(f"  ROOT out = ({', '.join(s for _, s in outs)}) tuple({', '.join(n for n, _ in outs)})")
    lines.append("}")
    return "\n".join(lines) + "\n"


def ein(spec: str, *xs):
    return np.einsum(spec, *[x.astype(np.float64) if x.dtype.kind == "f" or x.dtype == BF16 else x for x in xs])


# ------------------------------------------------------------------------------------------------
# f32 / f64: dimension numbers and layouts

RNG = np.random.default_rng(0)


def _r(*dims, dt=np.float32):
    return RNG.standard_normal(dims).astype(dt)


# (instruction text, result shape, input indices, numpy reference on the inputs)
F_PARAMS = ["f32[64,48]", "f32[48,40]", "f32[48,64]{0,1}", "f32[40,48]", "f32[5,6,3,7]", "f32[3,7,5,9]",
            "f32[8,3,16,20]", "f32[16,3,24]", "f32[40,24,18]{1,2,0}", "f32[40,12]", "f32[16,8]", "f32[8]",
            "f64[50,70]", "f64[70,30]", "f32[3,33,17]", "f32[3,17,29]", "f32[0,5]", "f32[5,4]", "f32[4,0]",
            "f32[0,6]", "f32[300]", "f32[7,300]", "f32[8,16]", "f32[80,24]", "f32[24,10]"]
F_INPUTS = [_r(64, 48), _r(48, 40), _r(48, 64), _r(40, 48), _r(5, 6, 3, 7), _r(3, 7, 5, 9), _r(8, 3, 16, 20),
            _r(16, 3, 24), _r(40, 24, 18), _r(40, 12), _r(16, 8), _r(8), _r(50, 70, dt=np.float64),
            _r(70, 30, dt=np.float64), _r(3, 33, 17), _r(3, 17, 29), _r(0, 5), _r(5, 4), _r(4, 0), _r(0, 6),
            _r(300), _r(7, 300), _r(8, 16), _r(80, 24), _r(24, 10)]
F_CASES = {
    "plain": ("f32[64,40] dot(p0, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
              lambda x: ein("mk,kn->mn", x[0], x[1])),
    # lhs transposed by its layout and by its dimension numbers: both are strides
    "lhs_t_layout": ("f32[64,40] dot(p2, p1), lhs_contracting_dims={0}, rhs_contracting_dims={0}",
                     lambda x: ein("km,kn->mn", x[2], x[1])),
    "rhs_t": ("f32[64,40] dot(p0, p3), lhs_contracting_dims={1}, rhs_contracting_dims={1}",
              lambda x: ein("mk,nk->mn", x[0], x[3])),
    "both_t": ("f32[40,64] dot(p3, p2), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
               lambda x: ein("nk,km->nm", x[3], x[2])),
    # the output's contiguous dim is M: operands swap
    "out_col_major": ("f32[64,40]{0,1} dot(p0, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
                      lambda x: ein("mk,kn->mn", x[0], x[1])),
    # batch dims in the middle of both operands
    "batch_middle": ("f32[3,5,6,5,9] dot(p4, p5), lhs_batch_dims={2}, rhs_batch_dims={0}, "
                     "lhs_contracting_dims={3}, rhs_contracting_dims={1}",
                     lambda x: ein("abcd,cdef->cabef", x[4], x[5])),
    # two contracting dims in orders that do not merge (the GEMM accumulates over one of them)
    "two_contracting": ("f32[8,20,24] dot(p6, p7), lhs_contracting_dims={1,2}, rhs_contracting_dims={1,0}",
                        lambda x: ein("aijb,jic->abc", x[6], x[7])),
    # free dims of the lhs whose strides do not merge with the output's (GEMM per outer index)
    "m_unmerged": ("f32[24,18,12] dot(p8, p9), lhs_contracting_dims={0}, rhs_contracting_dims={0}",
                   lambda x: ein("kab,kn->abn", x[8], x[9])),
    "matvec": ("f32[16] dot(p10, p11), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
               lambda x: ein("mk,k->m", x[10], x[11])),
    "vecmat_t": ("f32[16] dot(p11, p10), lhs_contracting_dims={0}, rhs_contracting_dims={1}",
                 lambda x: ein("k,mk->m", x[11], x[10])),
    "vecmat": ("f32[16] dot(p11, p22), lhs_contracting_dims={0}, rhs_contracting_dims={0}",
               lambda x: ein("k,kn->n", x[11], x[22])),
    "vecvec": ("f32[] dot(p11, p11), lhs_contracting_dims={0}, rhs_contracting_dims={0}",
               lambda x: ein("k,k->", x[11], x[11])),
    "outer": ("f32[8,8] dot(p11, p11)", lambda x: ein("a,b->ab", x[11], x[11])),
    "f64_gemm": ("f64[50,30] dot(p12, p13), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
            lambda x: ein("mk,kn->mn", x[12], x[13])),
    "batched_edges": ("f32[3,33,29] dot(p14, p15), lhs_batch_dims={0}, rhs_batch_dims={0}, "
                      "lhs_contracting_dims={2}, rhs_contracting_dims={1}",
                      lambda x: ein("bmk,bkn->bmn", x[14], x[15])),
    "empty_m": ("f32[0,4] dot(p16, p17), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
                lambda x: np.zeros((0, 4))),
    "empty_k": ("f32[4,6] dot(p18, p19), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
                lambda x: np.zeros((4, 6))),
    # a narrow N (10) of a tall product: swapped, C written through the GEMM's edge tiles
    "narrow_n": ("f32[80,10] dot(p23, p24), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
                 lambda x: ein("mk,kn->mn", x[23], x[24])),
    "long_k_matvec": ("f32[7] dot(p21, p20), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
                      lambda x: ein("mk,k->m", x[21], x[20])),
}


@pytest.fixture(scope="module")
def float_results():
    names = list(F_CASES)
    body = [f"{n} = {F_CASES[n][0]}" for n in names]
    shapes = [F_CASES[n][0].split(" dot(")[0] for n in names]
    text = build(F_PARAMS, body, list(zip(names, shapes)))
    outs = compile_text(text)(F_INPUTS)
    return dict(zip(names, outs)), parse_module(text, "t.hlo")


@pytest.mark.parametrize("case", list(F_CASES))
def test_float_dot(float_results, case):
    got = float_results[0][case]
    want = F_CASES[case][1](F_INPUTS)
    assert got.shape == want.shape
    tol = 1e-12 if got.dtype == np.float64 else 2e-5
    np.testing.assert_allclose(got, want, rtol=tol, atol=tol * 10)


def test_paths_chosen(float_results):
    """The cases above exercise all three code paths and the operand swap."""
    m = float_results[1]
    plans = {i.name: plan_dot(i) for i in m.entry.instructions if i.opcode == "dot"}
    assert plans["plain"].path == "gemm" and not plans["plain"].swapped
    assert plans["out_col_major"].path == "gemm" and plans["out_col_major"].swapped
    assert plans["narrow_n"].path == "gemm" and plans["narrow_n"].swapped and plans["narrow_n"].sizes[0] == 10
    assert plans["two_contracting"].path == "gemm" and len(plans["two_contracting"].k) == 2
    assert plans["m_unmerged"].path == "gemm" and len(plans["m_unmerged"].m) == 2
    assert plans["batch_middle"].path == "gemm" or plans["batch_middle"].path == "loop"
    assert plans["vecmat"].path == "axpy"
    assert plans["matvec"].path == "loop"
    # batch dims merge with each other, contiguous free dims merge into one axis
    assert len(plans["batched_edges"].batch) == 1


# ------------------------------------------------------------------------------------------------
# f16 / bf16 / mixed: products summed in f32, rounded once


def test_narrow_float_dots():
    a16 = _r(40, 48).astype(np.float16)
    b16 = _r(48, 36).astype(np.float16)
    abf = _r(40, 48).astype(BF16)
    bbf = _r(48, 36).astype(BF16)
    sbf = _r(6, 5).astype(BF16)
    tbf = _r(5, 3).astype(BF16)
    body = ["h = f16[40,36] dot(p0, p1), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
            "g = bf16[40,36] dot(p2, p3), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
            "gf = f32[40,36] dot(p2, p3), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
            "sm = bf16[6,3] dot(p4, p5), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
            "smf = f32[6,3] dot(p4, p5), lhs_contracting_dims={1}, rhs_contracting_dims={0}",
            # f32 operands, bf16 result: operands are rounded to bf16 first (converted to the result type)
            "down = bf16[40,36] dot(p6, p7), lhs_contracting_dims={1}, rhs_contracting_dims={0}"]
    a32, b32 = _r(40, 48), _r(48, 36)
    text = build(["f16[40,48]", "f16[48,36]", "bf16[40,48]", "bf16[48,36]", "bf16[6,5]", "bf16[5,3]",
                  "f32[40,48]", "f32[48,36]"], body,
                 [("h", "f16[40,36]"), ("g", "bf16[40,36]"), ("gf", "f32[40,36]"), ("sm", "bf16[6,3]"),
                  ("smf", "f32[6,3]"), ("down", "bf16[40,36]")])
    h, g, gf, sm, smf, down = compile_text(text)([a16, b16, abf, bbf, sbf, tbf, a32, b32])

    def f32_dot(x, y):  # products and sums in f32 (exactly what XLA:CPU computes, up to order)
        return ein("mk,kn->mn", x.astype(np.float32), y.astype(np.float32))

    np.testing.assert_allclose(h.astype(np.float64), f32_dot(a16, b16).astype(np.float16), rtol=2e-3, atol=2e-3)
    assert h.dtype == np.float16 and g.dtype == BF16
    np.testing.assert_allclose(g.astype(np.float64), f32_dot(abf, bbf).astype(BF16).astype(np.float64),
                               rtol=1e-2, atol=1e-2)
    np.testing.assert_allclose(gf, f32_dot(abf, bbf), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(smf, f32_dot(sbf, tbf), rtol=1e-6, atol=1e-6)
    np.testing.assert_array_equal(sm, smf.astype(BF16))  # the f32 sum rounded once
    ref_down = f32_dot(a32.astype(BF16), b32.astype(BF16))
    np.testing.assert_allclose(down.astype(np.float64), ref_down, rtol=1e-2, atol=2e-2)


# ------------------------------------------------------------------------------------------------
# integers (wrap-around), pred, complex


def test_int_pred_complex_dots():
    rng = np.random.default_rng(5)
    s8a = rng.integers(-128, 128, (6, 9)).astype(np.int8)
    s8b = rng.integers(-128, 128, (9, 4)).astype(np.int8)
    s32a = rng.integers(-2**31, 2**31, (5, 7), dtype=np.int64).astype(np.int32)
    s32b = rng.integers(-2**31, 2**31, (7, 3), dtype=np.int64).astype(np.int32)
    u8a = rng.integers(0, 256, (4, 10)).astype(np.uint8)
    u8b = rng.integers(0, 256, (10, 3)).astype(np.uint8)
    s64a = rng.integers(-2**62, 2**62, (3, 4))
    s64b = rng.integers(-2**62, 2**62, (4, 2))
    pa = rng.random((5, 6)) < 0.3
    pb = rng.random((6, 4)) < 0.3
    ca = (rng.standard_normal((4, 5)) + 1j * rng.standard_normal((4, 5))).astype(np.complex64)
    cb = (rng.standard_normal((5, 3)) + 1j * rng.standard_normal((5, 3))).astype(np.complex64)
    za = rng.standard_normal((3, 4)) + 1j * rng.standard_normal((3, 4))
    zb = rng.standard_normal((2, 4, 5)) + 1j * rng.standard_normal((2, 4, 5))
    params = ["s8[6,9]", "s8[9,4]", "s32[5,7]", "s32[7,3]", "u8[4,10]", "u8[10,3]", "s64[3,4]", "s64[4,2]",
              "pred[5,6]", "pred[6,4]", "c64[4,5]", "c64[5,3]", "c128[3,4]", "c128[2,4,5]"]
    dn = "lhs_contracting_dims={1}, rhs_contracting_dims={0}"
    body = [f"i8 = s32[6,4] dot(p0, p1), {dn}",
            f"i8w = s8[6,4] dot(p0, p1), {dn}",
            f"i32 = s32[5,3] dot(p2, p3), {dn}",
            f"u8 = u8[4,3] dot(p4, p5), {dn}",
            f"u8s = s32[4,3] dot(p4, p5), {dn}",
            f"i64 = s64[3,2] dot(p6, p7), {dn}",
            f"pr = pred[5,4] dot(p8, p9), {dn}",
            f"pi = s32[5,4] dot(p8, p9), {dn}",
            f"c = c64[4,3] dot(p10, p11), {dn}",
            "z = c128[3,2,5] dot(p12, p13), lhs_contracting_dims={1}, rhs_contracting_dims={1}",
            f"fi = f32[6,4] dot(p0, p1), {dn}"]
    outs = [("i8", "s32[6,4]"), ("i8w", "s8[6,4]"), ("i32", "s32[5,3]"), ("u8", "u8[4,3]"), ("u8s", "s32[4,3]"),
            ("i64", "s64[3,2]"), ("pr", "pred[5,4]"), ("pi", "s32[5,4]"), ("c", "c64[4,3]"), ("z", "c128[3,2,5]"),
            ("fi", "f32[6,4]")]
    got = dict(zip([n for n, _ in outs], compile_text(build(params, body, outs))(
        [s8a, s8b, s32a, s32b, u8a, u8b, s64a, s64b, pa, pb, ca, cb, za, zb])))

    def exact(x, y, bits, signed):
        r = x.astype(object) @ y.astype(object)
        m = 1 << bits

        def wrap(v):
            v = int(v) % m
            return v - m if signed and v >= m // 2 else v

        return np.vectorize(wrap, otypes=[object])(r)

    np.testing.assert_array_equal(got["i8"], exact(s8a, s8b, 32, True).astype(np.int32))
    np.testing.assert_array_equal(got["i8w"], exact(s8a, s8b, 8, True).astype(np.int8))
    np.testing.assert_array_equal(got["i32"], exact(s32a, s32b, 32, True).astype(np.int32))
    np.testing.assert_array_equal(got["u8"], exact(u8a, u8b, 8, False).astype(np.uint8))
    np.testing.assert_array_equal(got["u8s"], exact(u8a, u8b, 32, True).astype(np.int32))
    np.testing.assert_array_equal(got["i64"], exact(s64a, s64b, 64, True).astype(np.int64))
    np.testing.assert_array_equal(got["pr"], (pa.astype(int) @ pb.astype(int)) > 0)
    np.testing.assert_array_equal(got["pi"], pa.astype(np.int32) @ pb.astype(np.int32))
    np.testing.assert_allclose(got["c"], ca.astype(np.complex128) @ cb, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got["z"], np.einsum("ak,bkn->abn", za, zb), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(got["fi"], s8a.astype(np.float64) @ s8b, rtol=1e-6)


@pytest.mark.parametrize("cpu", ["default", "x86-64-v3"])
def test_narrow_float_gemm_reads_operands_in_every_layout(cpu):
    """bf16 x bf16 and f16 x f16 GEMMs widen their operands as they pack them (no f32 copies): row-major,
    transposed (column-major) and batch-strided A and B, sizes that leave partial micro-tiles, a
    result in f32 and in the operands' type. Small integers and halves make every product and sum
    exact in f32, so any summation order gives numpy's result exactly: a wrong widening would not."""
    if reason := runs_here(cpu):
        pytest.skip(reason)
    rng = np.random.default_rng(16)

    def ints(*dims, dt):
        return (rng.integers(-8, 9, dims) / 2).astype(dt)

    params, body, outs, inputs, want = [], [], [], [], []
    for t, dt in (("bf16", BF16), ("f16", np.float16)):
        a, b = ints(37, 70, dt=dt), ints(70, 45, dt=dt)  # 37 x 45 leaves partial tiles (MR 12 / 6, NR 32 / 16)
        at, bt = np.ascontiguousarray(a.T), np.ascontiguousarray(b.T)
        xa, xb = ints(3, 29, 66, dt=dt), ints(66, 3, 40, dt=dt)  # batch dim 1 of B: strided rows
        sa, sb = ints(40, 40, dt=dt), ints(40, 40, dt=dt)  # operands and result of one shape
        k = len(params)
        params += [f"{t}[37,70]", f"{t}[70,45]", f"{t}[70,37]", f"{t}[45,70]", f"{t}[3,29,66]", f"{t}[66,3,40]",
                   f"{t}[40,40]", f"{t}[40,40]"]
        inputs += [a, b, at, bt, xa, xb, sa, sb]
        p = [f"p{k + i}" for i in range(8)]
        rows = [("rr", p[0], p[1], "lhs_contracting_dims={1}, rhs_contracting_dims={0}", "37,45"),
                ("cc", p[2], p[3], "lhs_contracting_dims={0}, rhs_contracting_dims={1}", "37,45"),
                ("bs", p[4], p[5], "lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={1}, "
                 "rhs_contracting_dims={0}", "3,29,40"),
                ("sq", p[6], p[7], "lhs_contracting_dims={1}, rhs_contracting_dims={0}", "40,40")]
        exact = {"rr": ein("mk,kn->mn", a, b), "cc": ein("mk,kn->mn", a, b), "bs": ein("bmk,kbn->bmn", xa, xb),
                 "sq": ein("mk,kn->mn", sa, sb)}
        for name, x, y, dims, shape in rows:
            for out_t in ("f32", t):
                n = f"{name}_{t}_{out_t}"
                body.append(f"{n} = {out_t}[{shape}] dot({x}, {y}), {dims}")
                outs.append((n, f"{out_t}[{shape}]"))
                want.append(exact[name].astype(np.float32 if out_t == "f32" else dt))
    got = compile_text(build(params, body, outs), options_for(cpu))(inputs)
    for (n, _), g, w in zip(outs, got, want):
        assert g.dtype == w.dtype, n
        np.testing.assert_array_equal(g.astype(np.float64), w.astype(np.float64), err_msg=n)
    plan = plan_dot(parse_module(build(params, body, outs)).entry.root_instruction.operands[0])
    assert plan.path == "gemm"


@pytest.mark.parametrize("cpu", ["default", "x86-64-v3"])
def test_two_sliver_gemm_reads_row_major_a_in_place_or_packed(cpu):
    """A GEMM with at most two column slivers reads a row-major A in place where the micro-tile is at
    most DIRECT_A_MAX_MR rows (x86-64-v3) and packs it otherwise (AVX-512): both against numpy, with
    a partial row sliver (100 rows) and a partial column sliver (30 columns)."""
    if reason := runs_here(cpu):
        pytest.skip(reason)
    a, b = _r(100, 70), _r(70, 30)
    text = build(["f32[100,70]", "f32[70,30]"], ["c = f32[100,30] dot(p0, p1), lhs_contracting_dims={1}, "
                                                 "rhs_contracting_dims={0}"], [("c", "f32[100,30]")])
    (c,) = compile_text(text, options_for(cpu))([a, b])
    np.testing.assert_allclose(c, ein("mk,kn->mn", a, b), rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("cpu", ["default", "x86-64-v3"])
def test_narrow_float_gemm_operand_shaped_like_its_result(cpu):
    """bf16 / f16 GEMMs where an operand's shape (text, hence one parsed object) equals the result's, as
    in attention's softmax(QK^T) V (mha_block bf16 of the XLA corpus: its V and output are both
    bf16[12,128,64]{2,1,0}): such an operand is read in place, never as a converted f32 copy. Batched
    (at least OUTER_SLOTS calls: threads claim whole calls) with A or B like C, the QK^T product
    reading K transposed by its layout, and a column-major result (the GEMM's operands swapped). Exact
    small values, as above."""
    if reason := runs_here(cpu):
        pytest.skip(reason)
    rng = np.random.default_rng(161)

    def ints(*dims, dt):
        return (rng.integers(-8, 9, dims) / 2).astype(dt)

    params, body, outs, inputs, want = [], [], [], [], []
    for t, dt in (("bf16", BF16), ("f16", np.float16)):
        pv, v = ints(8, 96, 96, dt=dt), ints(8, 96, 64, dt=dt)  # B like C (softmax(QK^T) V)
        x, w = ints(8, 128, 64, dt=dt), ints(8, 64, 64, dt=dt)  # A like C
        q, kt = ints(8, 96, 64, dt=dt), ints(8, 64, 96, dt=dt)  # QK^T, K^T by its layout ({1,2,0})
        y, z = ints(64, 48, dt=dt), ints(48, 48, dt=dt)  # column-major A like column-major C
        k = len(params)
        params += [f"{t}[8,96,96]", f"{t}[8,96,64]", f"{t}[8,128,64]", f"{t}[8,64,64]", f"{t}[8,96,64]",
                   f"{t}[8,64,96]{{1,2,0}}", f"{t}[64,48]{{0,1}}", f"{t}[48,48]"]
        inputs += [pv, v, x, w, q, kt, y, z]
        p = [f"p{k + i}" for i in range(8)]
        batched = "lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={0}, rhs_contracting_dims={1}"
        rows = [("b_like_c", p[0], p[1], batched, "8,96,64", "", ein("bmk,bkn->bmn", pv, v)),
                ("a_like_c", p[2], p[3], batched, "8,128,64", "", ein("bmk,bkn->bmn", x, w)),
                ("qkt", p[4], p[5], batched, "8,96,96", "", ein("bmk,bkn->bmn", q, kt)),
                ("col_major", p[6], p[7], "lhs_contracting_dims={1}, rhs_contracting_dims={0}", "64,48", "{0,1}",
                 ein("mk,kn->mn", y, z))]
        for name, a, b, dims, shape, layout, exact in rows:
            for out_t in (t, "f32"):
                n = f"{name}_{t}_{out_t}"
                body.append(f"{n} = {out_t}[{shape}]{layout} dot({a}, {b}), {dims}")
                outs.append((n, f"{out_t}[{shape}]{layout}"))
                want.append(exact.astype(np.float32 if out_t == "f32" else dt))
    text = build(params, body, outs)
    got = compile_text(text, options_for(cpu))(inputs)
    for (n, _), g, w in zip(outs, got, want):
        assert g.dtype == w.dtype, n
        np.testing.assert_array_equal(g.astype(np.float64), w.astype(np.float64), err_msg=n)
    entry = parse_module(text).entry
    dots = {i.name: i for i in entry.instructions if i.opcode == "dot"}
    assert dots["b_like_c_bf16_bf16"].operands[1].shape is dots["b_like_c_bf16_bf16"].shape
    assert dots["a_like_c_bf16_bf16"].operands[0].shape is dots["a_like_c_bf16_bf16"].shape
    assert dots["col_major_bf16_bf16"].operands[0].shape is dots["col_major_bf16_bf16"].shape
    plans = {n: plan_dot(d) for n, d in dots.items()}
    assert all(pl.path == "gemm" for pl in plans.values())
    assert outer_slots(plans["b_like_c_bf16_bf16"]) and outer_slots(plans["a_like_c_bf16_bf16"])
    assert plans["col_major_bf16_bf16"].swapped
