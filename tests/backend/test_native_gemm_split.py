"""The GEMM's row split (its tasks split M and pack the B panel's chunks as they go) for every way of packing B:
row-major, column-major (a dot contracting the rhs's last dim: in-register transposes) and strided
(neither), with a last partial NR sliver, a K beyond one panel and not a multiple of the rows a task
packs at a time, and a wider N (several column chunks of the B panel, the tasks packing them as
they go, the last one partial; with few rows, M = 64, the threads split the chunks between them
too, and so they do for an LSTM step's few rows (M = 20, below 2 * SPLIT_MIN_ROWS) of a wide N, in
more column groups than threads). Each result is checked against numpy (f64) and is the same, bit for bit, on 1, 2
and 3 threads. The C / K sizes keep each GEMM call above gemm.SPLIT_MIN_WORK (2^22 multiply-adds)."""

from __future__ import annotations

import numpy as np
import pytest
from mathref import compile_text

from hloc.backend.llvm.library.gemm import SPLIT_MIN_ROWS, SPLIT_MIN_WORK, SPLIT_SLOTS, split_slots

M, N, K = 200, 60, 360  # K: two panels of 180 (not a multiple of 16); N: a sliver of 32 + 28 (A read in place)
NW = 200  # 3 chunks of 64 columns + 8 (gemm.PACK_B_COLS)
MT, NT = 20, 1000  # few rows (not skinny.py's: M > 16), 16 chunks, the last partial
TEXT = f"""HloModule split
ENTRY e {{
  a = f32[{M},{K}] parameter(0)
  b = f32[{K},{N}] parameter(1)
  bt = f32[{N},{K}] parameter(2)
  a2 = f32[2,{M},{K}] parameter(3)
  bs = f32[{K},{N},2] parameter(4)
  bw = f32[{K},{NW}] parameter(5)
  btw = f32[{NW},{K}] parameter(6)
  a64 = f32[64,{K}] parameter(7)
  at = f32[{MT},{K}] parameter(8)
  bwt = f32[{K},{NT}] parameter(9)
  row = f32[{M},{N}] dot(a, b), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  col = f32[{M},{N}] dot(a, bt), lhs_contracting_dims={{1}}, rhs_contracting_dims={{1}}
  strided = f32[2,{M},{N}] dot(a2, bs), lhs_batch_dims={{0}}, lhs_contracting_dims={{2}},
    rhs_batch_dims={{2}}, rhs_contracting_dims={{0}}
  wide = f32[{M},{NW}] dot(a, bw), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  widecol = f32[{M},{NW}] dot(a, btw), lhs_contracting_dims={{1}}, rhs_contracting_dims={{1}}
  few = f32[64,{NW}] dot(a64, bw), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  tiny = f32[{MT},{NT}] dot(at, bwt), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  ROOT t = (f32[{M},{N}], f32[{M},{N}], f32[2,{M},{N}], f32[{M},{NW}], f32[{M},{NW}], f32[64,{NW}],
    f32[{MT},{NT}]) tuple(row, col, strided, wide, widecol, few, tiny)
}}
"""


@pytest.fixture(scope="module")
def exe():
    return compile_text(TEXT)


@pytest.fixture(scope="module")
def inputs():
    rng = np.random.default_rng(7)
    shapes = [(M, K), (K, N), (N, K), (2, M, K), (K, N, 2), (K, NW), (NW, K), (64, K), (MT, K), (K, NT)]
    return [rng.standard_normal(s).astype(np.float32) for s in shapes]


def _reference(a, b, bt, a2, bs, bw, btw, a64, at, bwt):
    f = np.float64
    return [a.astype(f) @ b.astype(f), a.astype(f) @ bt.astype(f).T,
            np.einsum("bmk,knb->bmn", a2.astype(f), bs.astype(f)), a.astype(f) @ bw.astype(f),
            a.astype(f) @ btw.astype(f).T, a64.astype(f) @ bw.astype(f), at.astype(f) @ bwt.astype(f)]


def test_sizes_take_the_row_split():
    assert M * N * K >= SPLIT_MIN_WORK and 64 * NW * K >= SPLIT_MIN_WORK
    assert MT < 2 * SPLIT_MIN_ROWS and split_slots(MT, NT, K) == SPLIT_SLOTS
    # keras_lstm's step, [16, 256] x [256, 1024]: split over the threads, each packing its own part of B
    # (on one thread packing all of B while the other waited, 2 threads ran it slower than one)
    assert split_slots(16, 1024, 256) == SPLIT_SLOTS


def test_results_match_numpy_and_do_not_depend_on_threads(exe, inputs):
    want = _reference(*inputs)
    got = {}
    for threads in (1, 2, 3):
        exe.threads = threads
        got[threads] = exe(inputs)
        names = ("row-major", "column-major", "strided", "wide", "wide column-major", "few rows", "tiny")
        for name, g, w in zip(names, got[threads], want):
            np.testing.assert_allclose(np.asarray(g, np.float64), w, rtol=1e-4, atol=1e-3, err_msg=name)
    for threads in (2, 3):
        for k, (x, y) in enumerate(zip(got[1], got[threads])):
            assert np.array_equal(x, y), (threads, k)


# Batched dots (attention's per-head products): whole GEMM calls claimed by the threads, each with
# packing buffers of its own (dot.outer_slots), including operands converted first (bf16) and a
# contraction split over two GEMM calls per batch index (two contracting dims that do not merge).
BATCHED = """HloModule batched
ENTRY e {
  q = f32[8,64,128] parameter(0)
  k = f32[8,80,128] parameter(1)
  x = bf16[8,64,128] parameter(2)
  y = bf16[8,128,80] parameter(3)
  u = f32[6,64,10,64] parameter(4)
  v = f32[6,64,10,80] parameter(5)
  qk = f32[8,64,80] dot(q, k), lhs_batch_dims={0}, lhs_contracting_dims={2},
    rhs_batch_dims={0}, rhs_contracting_dims={2}
  xy = bf16[8,64,80] dot(x, y), lhs_batch_dims={0}, lhs_contracting_dims={2},
    rhs_batch_dims={0}, rhs_contracting_dims={1}
  uv = f32[6,64,80] dot(u, v), lhs_batch_dims={0}, lhs_contracting_dims={2,3},
    rhs_batch_dims={0}, rhs_contracting_dims={2,1}
  ROOT t = (f32[8,64,80], bf16[8,64,80], f32[6,64,80]) tuple(qk, xy, uv)
}
"""


def test_batched_calls_split_over_threads():
    import ml_dtypes

    from hloc.backend.llvm.kernels.dot import outer_slots, plan_dot
    from hloc.parse import parse_module

    module = parse_module(BATCHED, "batched.hlo")
    dots = [i for i in module.entry.instructions if i.opcode == "dot"]
    assert all(outer_slots(plan_dot(d)) > 0 for d in dots)
    assert len(plan_dot(dots[2]).k) == 2
    rng = np.random.default_rng(3)
    bf16 = ml_dtypes.bfloat16
    args = [rng.standard_normal((8, 64, 128)).astype(np.float32), rng.standard_normal((8, 80, 128)).astype(np.float32),
            rng.standard_normal((8, 64, 128)).astype(bf16), rng.standard_normal((8, 128, 80)).astype(bf16),
            rng.standard_normal((6, 64, 10, 64)).astype(np.float32),
            rng.standard_normal((6, 64, 10, 80)).astype(np.float32)]
    f = np.float64
    want = [np.einsum("bmk,bnk->bmn", args[0].astype(f), args[1].astype(f)),
            np.einsum("bmk,bkn->bmn", args[2].astype(f), args[3].astype(f)),
            np.einsum("bmij,bjin->bmn", args[4].astype(f), args[5].astype(f))]
    exe = compile_text(BATCHED)
    got = {}
    for threads in (1, 2, 3):
        exe.threads = threads
        got[threads] = exe(args)
        for k, (g, w) in enumerate(zip(got[threads], want)):
            tol = 2e-2 if k == 1 else 1e-4
            np.testing.assert_allclose(np.asarray(g, f), w, rtol=tol, atol=tol * 10, err_msg=str(k))
    for threads in (2, 3):
        for k, (x, y) in enumerate(zip(got[1], got[threads])):
            assert np.array_equal(np.asarray(x, f), np.asarray(y, f)), (threads, k)
