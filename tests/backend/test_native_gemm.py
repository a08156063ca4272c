"""The packed GEMM helper on its own: every tile configuration (AVX-512, AVX2, 128-bit), f32 and f64,
edge tiles, transposed and strided operands, a C with non-contiguous columns, accumulation, K and N
beyond one cache block, empty sizes. References are numpy products in f64."""

from __future__ import annotations

import ctypes

import llvmlite.binding as llvm
import llvmlite.ir as ir
import numpy as np
import pytest

from hloc.backend.llvm.codegen.target import TargetSpec, optimize, target_machine
from hloc.backend.llvm.library.gemm import GemmConfig, config_for, emit_gemm, pack_elems
from hloc.backend.llvm.llvmir.irvalues import F32, F64

CONFIGS = {
    "avx512": lambda bits: config_for("+avx512f", bits),
    "avx2": lambda bits: config_for("+avx2", bits),
    "sse": lambda bits: config_for("+sse2", bits),
    "small_blocks": lambda bits: GemmConfig(vw=config_for("+avx2", bits).vw, mr=3, nv=1, kc=16, mc=9, nc=40),
}


def test_config_for_targets():
    assert config_for("+avx512f,+avx2", 32) == GemmConfig(vw=16, mr=12, nv=2)
    assert config_for("+avx2,+fma", 64) == GemmConfig(vw=4, mr=6, nv=2)
    assert config_for("+neon", 32).vw == 4
    a, b = pack_elems(GemmConfig(vw=16, mr=12, nv=2), 5, 7, 3)
    assert (a, b) == (12 * 3 + 16, 3 * 32)


@pytest.fixture(scope="module")
def gemms():
    spec = TargetSpec().resolved()
    mod = ir.Module("gemm_test")
    mod.triple = spec.triple
    names = {}
    for cname, make in CONFIGS.items():
        for et, ety, bits in (("f32", F32, 32), ("f64", F64, 64)):
            cfg = make(bits)
            if cfg.vw * bits > 512:
                continue
            name = f"gemm.{cname}.{et}"
            fn = emit_gemm(mod, name, ety, cfg)
            fn.linkage = "external"
            names[(cname, et)] = (name, cfg)
    tm = target_machine.__wrapped__(spec, 3)  # not the cached one: the engine takes ownership of it
    llmod = llvm.parse_assembly(str(mod))
    llmod.verify()
    optimize(llmod, tm, 3)
    ee = llvm.create_mcjit_compiler(llmod, tm)
    ee.finalize_object()
    sig = ctypes.CFUNCTYPE(None, *[ctypes.c_int64] * 3, ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64,
                           ctypes.c_void_p, ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.c_int64,
                           ctypes.c_int64, ctypes.c_int64, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64)
    fns = {key: (sig(ee.get_function_address(name)), cfg) for key, (name, cfg) in names.items()}
    yield fns, ee, llmod


def _run(fns, key, A, B, C, acc):
    fn, cfg = fns[key]
    dt = A.dtype
    M, K = A.shape
    N = B.shape[1]
    na, nb = pack_elems(cfg, M, N, K)
    ap = np.full(na + 16, np.nan, dt)  # NaN-filled: any read of an unpacked slot would show
    bp = np.full(nb + 16, np.nan, dt)
    es = dt.itemsize
    fn(M, N, K, A.ctypes.data, A.strides[0] // es, A.strides[1] // es, B.ctypes.data, B.strides[0] // es,
       B.strides[1] // es, C.ctypes.data, C.strides[0] // es, C.strides[1] // es, int(acc), ap.ctypes.data,
       bp.ctypes.data, 1)


SIZES = [(1, 1, 1), (7, 5, 3), (13, 33, 17), (12, 32, 256), (25, 70, 300), (40, 45, 1), (0, 4, 4), (4, 4, 0),
         (4, 0, 4), (30, 1, 40), (1, 30, 40)]


@pytest.mark.parametrize("cname", list(CONFIGS))
@pytest.mark.parametrize("et", ["f32", "f64"])
def test_gemm_cases(gemms, cname, et):
    fns = gemms[0]
    if (cname, et) not in fns:
        pytest.skip("configuration wider than the target")
    dt = np.float32 if et == "f32" else np.float64
    rng = np.random.default_rng(0)
    for M, N, K in SIZES:
        for ta in (False, True):
            for tb in (False, True):
                for acc in (False, True):
                    A = rng.standard_normal((K, M) if ta else (M, K)).astype(dt)
                    A = A.T if ta else A
                    B = rng.standard_normal((N, K) if tb else (K, N)).astype(dt)
                    B = B.T if tb else B
                    C0 = rng.standard_normal((M, N)).astype(dt)
                    C = C0.copy()
                    _run(fns, (cname, et), A, B, C, acc)
                    ref = A.astype(np.float64) @ B.astype(np.float64) + (C0 if acc else 0)
                    tol = (1e-5 if et == "f32" else 1e-12) * max(1, K) ** 0.5
                    np.testing.assert_allclose(C, ref, rtol=tol, atol=tol,
                                               err_msg=f"{cname} {et} M={M} N={N} K={K} ta={ta} tb={tb} acc={acc}")


@pytest.mark.parametrize("cname", ["avx2", "small_blocks"])
def test_gemm_strided_views_and_transposed_c(gemms, cname):
    """Operands that are strided views (every other row/column) and a column-major C (c_cs != 1)."""
    fns = gemms[0]
    rng = np.random.default_rng(1)
    for M, N, K in [(37, 29, 41), (6, 16, 5)]:
        A = rng.standard_normal((2 * M, 3 * K)).astype(np.float32)[::2, ::3]
        B = rng.standard_normal((3 * K, 2 * N)).astype(np.float32)[::3, ::2]
        C = np.zeros((N, M), np.float32).T  # column-major
        _run(fns, (cname, "f32"), A, B, C, False)
        np.testing.assert_allclose(C, A.astype(np.float64) @ B, rtol=1e-5, atol=1e-4)


def test_gemm_beyond_cache_blocks(gemms):
    """K beyond KC and N beyond NC with the host tiles (several packed panels, accumulation across
    K panels inside one call)."""
    fns = gemms[0]
    rng = np.random.default_rng(2)
    M, N, K = 101, 2050, 300
    A = rng.standard_normal((M, K)).astype(np.float32)
    B = rng.standard_normal((K, N)).astype(np.float32)
    C = np.empty((M, N), np.float32)
    key = ("avx512", "f32") if ("avx512", "f32") in fns else ("avx2", "f32")
    _run(fns, key, A, B, C, False)
    np.testing.assert_allclose(C, A.astype(np.float64) @ B, rtol=1e-4, atol=1e-4)


def test_gemm_keeps_packed_b_across_calls(gemms):
    """KEEP_B packs every K panel of B at its own place in Bp; PACKED_B then multiplies by those
    panels without reading B again (here B is changed in between: the kept one is used), with C
    overwritten or (ACCUMULATE) added to. K spans several panels, N a partial sliver."""
    from hloc.backend.llvm.library.gemm import ACCUMULATE, KEEP_B, PACKED_B, b_keep_elems

    fns = gemms[0]
    key = ("avx512", "f32") if ("avx512", "f32") in fns else ("avx2", "f32")
    fn, cfg = fns[key]
    rng = np.random.default_rng(4)
    M, N, K = 50, 40, 2 * cfg.kc + 37
    B = rng.standard_normal((K, N)).astype(np.float32)
    B0 = B.copy()
    na, _ = pack_elems(cfg, M, N, K)
    ap = np.full(na + 16, np.nan, np.float32)
    bp = np.full(b_keep_elems(cfg, N, K) + 16, np.nan, np.float32)

    def call(A, C, flags):
        fn(M, N, K, A.ctypes.data, K, 1, B.ctypes.data, N, 1, C.ctypes.data, N, 1, flags, ap.ctypes.data,
           bp.ctypes.data, 1)

    for step, flags in enumerate((KEEP_B, PACKED_B, PACKED_B | ACCUMULATE)):
        A = rng.standard_normal((M, K)).astype(np.float32)
        C0 = rng.standard_normal((M, N)).astype(np.float32)
        C = C0.copy()
        call(A, C, flags)
        want = A.astype(np.float64) @ B0 + (C0 if flags & ACCUMULATE else 0)
        np.testing.assert_allclose(C, want, rtol=1e-4, atol=1e-4, err_msg=str(step))
        B[:] = rng.standard_normal((K, N))  # not read again after KEEP_B


def test_gemm_kept_b_flags_are_ignored_beyond_one_column_panel(gemms):
    """With N > NC the panels of B would overwrite each other at Bp + pc * NCR: KEEP_B / PACKED_B are
    ignored there (B packed per call, as without them), so a changed B is read again."""
    from hloc.backend.llvm.library.gemm import KEEP_B, PACKED_B, b_keep_elems

    fn, cfg = gemms[0][("small_blocks", "f32")]
    rng = np.random.default_rng(6)
    M, N, K = 20, 3 * cfg.nc + 5, 2 * cfg.kc + 3
    na, _ = pack_elems(cfg, M, N, K)
    ap = np.full(na + 16, np.nan, np.float32)
    bp = np.full(max(b_keep_elems(cfg, cfg.nc, K), pack_elems(cfg, M, N, K)[1]) + 16, np.nan, np.float32)
    for flags in (KEEP_B, PACKED_B):
        A = rng.standard_normal((M, K)).astype(np.float32)
        B = rng.standard_normal((K, N)).astype(np.float32)
        C = np.empty((M, N), np.float32)
        fn(M, N, K, A.ctypes.data, K, 1, B.ctypes.data, N, 1, C.ctypes.data, N, 1, flags, ap.ctypes.data,
           bp.ctypes.data, 1)
        np.testing.assert_allclose(C, A.astype(np.float64) @ B, rtol=1e-4, atol=1e-4)
