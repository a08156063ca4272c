"""The GEMM's row split (its tasks pack the B panel together, then split M) for every way of packing B:
row-major, column-major (a dot contracting the rhs's last dim: in-register transposes) and strided
(neither), with a last partial NR sliver, a K beyond one panel and not a multiple of the rows a task
packs at a time. Each result is checked against numpy (f64) and is the same, bit for bit, on 1, 2
and 3 threads. The C / K sizes keep each GEMM call above gemm.SPLIT_MIN_WORK (2^22 multiply-adds)."""

from __future__ import annotations

import numpy as np
import pytest
from mathref import compile_text

from hloc.backend.llvm.kernels.gemm import SPLIT_MIN_WORK

M, N, K = 200, 70, 300  # K: one full panel of 256 + 44; N: two slivers of 32 + 6
TEXT = f"""HloModule split
ENTRY e {{
  a = f32[{M},{K}] parameter(0)
  b = f32[{K},{N}] parameter(1)
  bt = f32[{N},{K}] parameter(2)
  a2 = f32[2,{M},{K}] parameter(3)
  bs = f32[{K},{N},2] parameter(4)
  row = f32[{M},{N}] dot(a, b), lhs_contracting_dims={{1}}, rhs_contracting_dims={{0}}
  col = f32[{M},{N}] dot(a, bt), lhs_contracting_dims={{1}}, rhs_contracting_dims={{1}}
  strided = f32[2,{M},{N}] dot(a2, bs), lhs_batch_dims={{0}}, lhs_contracting_dims={{2}},
    rhs_batch_dims={{2}}, rhs_contracting_dims={{0}}
  ROOT t = (f32[{M},{N}], f32[{M},{N}], f32[2,{M},{N}]) tuple(row, col, strided)
}}
"""


@pytest.fixture(scope="module")
def exe():
    return compile_text(TEXT)


@pytest.fixture(scope="module")
def inputs():
    rng = np.random.default_rng(7)
    shapes = [(M, K), (K, N), (N, K), (2, M, K), (K, N, 2)]
    return [rng.standard_normal(s).astype(np.float32) for s in shapes]


def _reference(a, b, bt, a2, bs):
    f = np.float64
    return [a.astype(f) @ b.astype(f), a.astype(f) @ bt.astype(f).T,
            np.einsum("bmk,knb->bmn", a2.astype(f), bs.astype(f))]


def test_sizes_take_the_row_split():
    assert M * N * K >= SPLIT_MIN_WORK


def test_results_match_numpy_and_do_not_depend_on_threads(exe, inputs):
    want = _reference(*inputs)
    got = {}
    for threads in (1, 2, 3):
        exe.threads = threads
        got[threads] = exe(inputs)
        for name, g, w in zip(("row-major", "column-major", "strided"), got[threads], want):
            np.testing.assert_allclose(np.asarray(g, np.float64), w, rtol=1e-4, atol=1e-3, err_msg=name)
    for threads in (2, 3):
        for k, (x, y) in enumerate(zip(got[1], got[threads])):
            assert np.array_equal(x, y), (threads, k)
