"""sort and topk: XLA-computed cases (testdata/interp/sort_*, topk_*: total order with NaN/-0, tie
orders of stable and unstable sorts, generic comparators, several element types), all three sort
paths against Python's sorted, and the jax corpus."""

from __future__ import annotations

import numpy as np
import pytest
from heavy_support import case_names, check_outputs, corpus_case, load_case, run

from hloc.interp.ops.sort import introsort_order


@pytest.mark.parametrize("name", case_names("sort_") + case_names("topk_"))
def test_sort_matches_xla(name):
    text, ins, outs, meta = load_case(name)
    check_outputs(run(text, *ins), outs, meta["rtol"], meta["atol"], name)


LEX = """
HloModule m
inner {
  p = pred[] parameter(0)
  q = pred[] parameter(1)
  s = pred[] parameter(2)
  ROOT r = pred[] select(p, q, s)
}
cmp {
  a0 = s32[] parameter(0)
  b0 = s32[] parameter(1)
  a1 = f32[] parameter(2)
  b1 = f32[] parameter(3)
  eq = pred[] compare(a0, b0), direction=EQ
  lt0 = pred[] compare(a0, b0), direction=LT
  gt1 = pred[] compare(a1, b1), direction=GT
  ROOT r = pred[] %ROOT%
}
ENTRY e {
  k = s32[%R%,%N%] parameter(0)
  v = f32[%R%,%N%] parameter(1)
  ROOT s = (s32[%R%,%N%], f32[%R%,%N%]) sort(k, v), dimensions={1}, is_stable=true, to_apply=cmp
}
"""


@pytest.mark.parametrize("lifted", [True, False], ids=["merge-sort", "per-comparison"])
@pytest.mark.parametrize("rows,n", [(1, 1), (3, 2), (4, 7), (5, 33), (2, 100)])
def test_generic_comparator_is_a_stable_lexicographic_sort(rows, n, lifted):
    root = "select(eq, gt1, lt0)" if lifted else "call(eq, gt1, lt0), to_apply=inner"
    text = LEX.replace("%ROOT%", root).replace("%R%", str(rows)).replace("%N%", str(n))
    rng = np.random.default_rng(rows * 100 + n)
    k = rng.integers(0, 5, (rows, n)).astype(np.int32)
    v = rng.integers(0, 4, (rows, n)).astype(np.float32)
    got_k, got_v = run(text, k, v)
    for r in range(rows):
        order = sorted(range(n), key=lambda i, r=r: (k[r, i], -v[r, i]))
        np.testing.assert_array_equal(got_k[r], k[r, order])
        np.testing.assert_array_equal(got_v[r], v[r, order])


def test_single_key_fast_path_orders_like_total_order():
    text = """
HloModule m
cmp {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  c = s32[] parameter(2)
  d = s32[] parameter(3)
  ROOT r = pred[] compare(b, a), direction=LT, type=TOTALORDER
}
ENTRY e {
  x = f32[9] parameter(0)
  i = s32[9] parameter(1)
  ROOT s = (f32[9], s32[9]) sort(x, i), dimensions={0}, is_stable=true, to_apply=cmp
}
"""
    x = np.array([0.0, np.nan, -0.0, 1.0, -np.inf, 1.0, -np.nan, np.inf, 0.0], np.float32)
    vals, idx = run(text, x, np.arange(9, dtype=np.int32))
    # compare(b, a, LT) sorts descending: +NaN > inf > 1 > +0 > -0 > -inf > -NaN; ties by index
    np.testing.assert_array_equal(idx, [1, 7, 3, 5, 0, 8, 2, 4, 6])
    assert np.signbit(vals[6]) and not np.signbit(vals[4])


def test_introsort_order_is_a_sort():
    rng = np.random.default_rng(0)
    for n in (0, 1, 5, 17, 40, 300):
        keys = rng.integers(0, 6, n).tolist()
        order = introsort_order(keys)
        assert sorted(order) == list(range(n))
        assert [keys[i] for i in order] == sorted(keys)


def test_unstable_sort_without_visible_ties_equals_stable():
    text = """
HloModule m
cmp {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=LT
}
ENTRY e {
  x = s32[3,50] parameter(0)
  ROOT s = s32[3,50] sort(x), dimensions={1}, is_stable=false, to_apply=cmp
}
"""
    x = np.random.default_rng(1).integers(0, 4, (3, 50)).astype(np.int32)
    np.testing.assert_array_equal(run(text, x), np.sort(x, axis=1))


@pytest.mark.parametrize("name", ["sort_ops"])
def test_jax_corpus(name):
    text, ins, outs, rtol, atol = corpus_case(name)
    check_outputs(run(text, *ins), outs, rtol, atol, name)
