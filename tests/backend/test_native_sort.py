"""Native sort and topk vs numpy references (stable sorts of strict weak orders are unique, so
numpy's stable argsort is a first-principles reference), plus comparators that are no order at all
(always true, always false, `!=`) run with guard pages around every buffer: whatever order comes
out must be a permutation of the input, and nothing may be read or written outside the buffers.
The exact orders XLA gives for ties and inconsistent comparators are pinned by the XLA-computed
cases in testdata/native (test_xla_cases.py)."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from guarded import run_guarded
from mathref import compile_text, options_for, runs_here

JAX_LT = """
{name} {{
  a = {t}[] parameter(0)
  b = {t}[] parameter(1)
{extra}
  ne_a = pred[] compare(a, a), direction=NE
  nan = {t}[] constant(nan)
  zero = {t}[] constant(0)
  eq_a = pred[] compare(a, zero), direction=EQ
  ca0 = {t}[] select(eq_a, zero, a)
  ca = {t}[] select(ne_a, nan, ca0)
  ne_b = pred[] compare(b, b), direction=NE
  eq_b = pred[] compare(b, zero), direction=EQ
  cb0 = {t}[] select(eq_b, zero, b)
  cb = {t}[] select(ne_b, nan, cb0)
  ROOT lt = pred[] compare(ca, cb), direction=LT, type=TOTALORDER
}}
"""


def total_key(x: np.ndarray) -> np.ndarray:
    """XLA's total order as integers (-NaN < -inf < -0 < 0 < inf < NaN)."""
    bits = np.ascontiguousarray(x).view({2: np.int16, 4: np.int32, 8: np.int64}[x.dtype.itemsize]).astype(np.int64)
    width = x.dtype.itemsize * 8
    return np.where(bits < 0, bits ^ ((1 << (width - 1)) - 1), bits)


def jax_key(x: np.ndarray) -> np.ndarray:
    """jax's comparator: NaNs canonical (after everything), -0 == 0, then the total order."""
    c = np.where(np.isnan(x), np.array(np.nan, x.dtype), np.where(x == 0, np.array(0, x.dtype), x))
    return total_key(c.astype(x.dtype))


@pytest.fixture(scope="module")
def stable_module():
    text = f"""HloModule m
{JAX_LT.format(name="jaxlt", t="f32", extra="")}
{JAX_LT.format(name="jaxlt2", t="f32", extra="  c = s32[] parameter(2)" + chr(10) + "  d = s32[] parameter(3)")}
gt_u64 {{
  a = u64[] parameter(0)
  b = u64[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=GT
}}
lex {{
  a = s8[] parameter(0)
  b = s8[] parameter(1)
  c = bf16[] parameter(2)
  d = bf16[] parameter(3)
  lt = pred[] compare(a, b), direction=LT
  eq = pred[] compare(a, b), direction=EQ
  lt2 = pred[] compare(c, d), direction=LT
  tie = pred[] and(eq, lt2)
  ROOT r = pred[] or(lt, tie)
}}
ENTRY e {{
  x = f32[5,37] parameter(0)
  k = u64[40] parameter(1)
  a = s8[6,50] parameter(2)
  c = bf16[6,50] parameter(3)
  s1 = f32[5,37] sort(x), dimensions={{1}}, is_stable=true, to_apply=jaxlt
  s0 = f32[5,37] sort(x), dimensions={{0}}, is_stable=true, to_apply=jaxlt
  io = s32[5,37] iota(), iota_dimension=1
  arg = (f32[5,37], s32[5,37]) sort(x, io), dimensions={{1}}, is_stable=true, to_apply=jaxlt2
  argi = s32[5,37] get-tuple-element(arg), index=1
  kd = u64[40] sort(k), dimensions={{0}}, is_stable=true, to_apply=gt_u64
  lx = (s8[6,50], bf16[6,50]) sort(a, c), dimensions={{1}}, is_stable=true, to_apply=lex
  lx0 = s8[6,50] get-tuple-element(lx), index=0
  lx1 = bf16[6,50] get-tuple-element(lx), index=1
  ROOT t = (f32[5,37], f32[5,37], s32[5,37], u64[40], s8[6,50], bf16[6,50]) tuple(s1, s0, argi, kd, lx0, lx1)
}}
"""
    return compile_text(text)


def test_stable_sorts_match_numpy(stable_module):
    rng = np.random.default_rng(5)
    x = rng.choice(np.array([np.nan, -np.nan, -0.0, 0.0, 1, -1, np.inf, -np.inf, 2.5], np.float32), (5, 37))
    x[0] = rng.standard_normal(37)
    k = rng.choice(np.array([0, 1, 2**63, 2**64 - 1, 7], np.uint64), 40)
    a = rng.integers(-128, 128, (6, 50)).astype(np.int8)
    a[:, ::3] = 5  # many ties on the first key
    c = rng.standard_normal((6, 50)).astype(ml_dtypes.bfloat16)
    got = stable_module([x, k, a, c])
    o1 = np.argsort(jax_key(x), axis=1, kind="stable")
    o0 = np.argsort(jax_key(x), axis=0, kind="stable")
    want = [np.take_along_axis(x, o1, 1), np.take_along_axis(x, o0, 0), o1.astype(np.int32), np.sort(k)[::-1]]
    lo = np.lexsort((c.astype(np.float32), a), axis=1)
    for g, w in zip(got[:3], want[:3]):
        np.testing.assert_array_equal(np.asarray(g).view(np.uint32) if g.dtype == np.float32 else g,
                                      np.asarray(w).view(np.uint32) if w.dtype == np.float32 else w)
    np.testing.assert_array_equal(got[3], want[3])
    np.testing.assert_array_equal(got[4], np.take_along_axis(a, lo, 1))
    np.testing.assert_array_equal(got[5].view(np.uint16), np.take_along_axis(c, lo, 1).view(np.uint16))


@pytest.mark.parametrize("cpu", ["default", "x86-64-v3"])
def test_long_stable_sorts_by_a_key_match_numpy(cpu):
    """Rows long enough for the radix sort (std::less/greater on one key, stable): ascending and
    descending, floats with NaNs, zeros of both signs and many ties, narrow integers and keys whose
    bytes are all alike, along the last dimension and a strided one, with indices carried."""
    if reason := runs_here(cpu):
        pytest.skip(reason)
    text = f"""HloModule m
{JAX_LT.format(name="jaxlt2", t="f32", extra="  c = s32[] parameter(2)" + chr(10) + "  d = s32[] parameter(3)")}
gt_f32 {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=GT
}}
lt_s16 {{
  a = s16[] parameter(0)
  b = s16[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=LT
}}
gt_bf16 {{
  a = bf16[] parameter(0)
  b = bf16[] parameter(1)
  c = u32[] parameter(2)
  d = u32[] parameter(3)
  ROOT r = pred[] compare(a, b), direction=GT
}}
ENTRY e {{
  x = f32[3,700] parameter(0)
  h = s16[300,2] parameter(1)
  y = bf16[2,513] parameter(2)
  u = u32[2,513] parameter(3)
  io = s32[3,700] iota(), iota_dimension=1
  arg = (f32[3,700], s32[3,700]) sort(x, io), dimensions={{1}}, is_stable=true, to_apply=jaxlt2
  v = f32[3,700] get-tuple-element(arg), index=0
  i = s32[3,700] get-tuple-element(arg), index=1
  d = f32[3,700] sort(x), dimensions={{1}}, is_stable=true, to_apply=gt_f32
  hs = s16[300,2] sort(h), dimensions={{0}}, is_stable=true, to_apply=lt_s16
  yu = (bf16[2,513], u32[2,513]) sort(y, u), dimensions={{1}}, is_stable=true, to_apply=gt_bf16
  ys = bf16[2,513] get-tuple-element(yu), index=0
  us = u32[2,513] get-tuple-element(yu), index=1
  ROOT t = (f32[3,700], s32[3,700], f32[3,700], s16[300,2], bf16[2,513], u32[2,513]) tuple(v, i, d, hs, ys, us)
}}
"""
    rng = np.random.default_rng(8)
    x = rng.choice(np.array([np.nan, -np.nan, -0.0, 0.0, 1, -1, np.inf, -np.inf, 2.5, 3], np.float32), (3, 700))
    x[0] = rng.standard_normal(700)
    x[2] = 7.0  # every byte of every key alike
    h = rng.integers(-3, 3, (300, 2)).astype(np.int16)
    h[:, 1] = rng.integers(-(2**15), 2**15, 300)
    y = rng.choice(np.array([np.nan, -0.0, 0.0, 1.5, -2, np.inf], np.float32), (2, 513)).astype(ml_dtypes.bfloat16)
    u = rng.integers(0, 2**32, (2, 513), dtype=np.uint64).astype(np.uint32)
    got = compile_text(text, options_for(cpu))([x, h, y, u])

    def less_key(a):  # std::less as a stable key: NaNs last and alike, -0 == 0
        a = np.asarray(a, np.float64)
        return np.where(np.isnan(a), np.inf, np.where(a == 0, 0.0, a)), np.isnan(a)

    def order(a, descending):
        key, nan = less_key(a)
        if descending:
            return np.lexsort((-key, ~nan), axis=-1)  # NaNs first, then the numbers from the largest
        return np.lexsort((key, nan), axis=-1)

    o = np.argsort(jax_key(x), axis=1, kind="stable")
    np.testing.assert_array_equal(got[0].view(np.uint32), np.take_along_axis(x, o, 1).view(np.uint32))
    np.testing.assert_array_equal(got[1], o.astype(np.int32))
    od = order(x, True)
    np.testing.assert_array_equal(got[2].view(np.uint32), np.take_along_axis(x, od, 1).view(np.uint32))
    np.testing.assert_array_equal(got[3], np.take_along_axis(h, np.argsort(h, axis=0, kind="stable"), 0))
    oy = order(y.astype(np.float32), True)
    np.testing.assert_array_equal(got[4].view(np.uint16), np.take_along_axis(y, oy, 1).view(np.uint16))
    np.testing.assert_array_equal(got[5], np.take_along_axis(u, oy, 1))


@pytest.mark.parametrize("stable", [True, False])
def test_inconsistent_comparators_stay_in_bounds(stable):
    comps = {"always": "ROOT r = pred[] constant(true)", "never": "ROOT r = pred[] constant(false)",
             "ne": "ROOT r = pred[] compare(a, b), direction=NE"}
    lines = ["HloModule m"]
    for name, root in comps.items():
        lines += [f"{name} {{", "  a = f32[] parameter(0)", "  b = f32[] parameter(1)",
                  "  c = s32[] parameter(2)", "  d = s32[] parameter(3)", f"  {root}", "}"]
    lines += ["ENTRY e {", "  x = f32[3,300] parameter(0)", "  y = s32[3,300] parameter(1)"]
    outs = []
    for name in comps:
        lines.append(f"  {name}_s = (f32[3,300], s32[3,300]) sort(x, y), dimensions={{1}}, "
                     f"is_stable={str(stable).lower()}, to_apply={name}")
        outs += [f"{name}_s"]
    lines.append(f"  ROOT t = ({', '.join(['(f32[3,300], s32[3,300])'] * len(outs))}) tuple({', '.join(outs)})")
    lines.append("}")
    exe = compile_text("\n".join(lines) + "\n")
    rng = np.random.default_rng(6)
    x = rng.standard_normal((3, 300)).astype(np.float32)
    y = np.tile(np.arange(300, dtype=np.int32), (3, 1))
    for got in run_guarded(exe, [x, y]):
        for k in range(len(comps)):
            vals, perm = got[2 * k], got[2 * k + 1]
            assert (np.sort(perm, axis=1) == np.arange(300)).all()  # a permutation...
            np.testing.assert_array_equal(vals, np.take_along_axis(x, perm.astype(np.int64), 1))  # ...applied


def test_topk_and_custom_call_topk():
    text = """HloModule m
ENTRY e {
  x = f32[4,30] parameter(0)
  s = s16[50] parameter(1)
  a = (f32[4,7], s32[4,7]) topk(x), k=7, largest=true
  b = (f32[4,30], s32[4,30]) topk(x), k=30, largest=false
  c = (s16[5], s32[5]) topk(s), k=5, largest=true
  d = (f32[4,3], s32[4,3]) custom-call(x), custom_call_target="TopK"
  ROOT t = ((f32[4,7], s32[4,7]), (f32[4,30], s32[4,30]), (s16[5], s32[5]), (f32[4,3], s32[4,3])) tuple(a, b, c, d)
}
"""
    rng = np.random.default_rng(7)
    x = rng.choice(np.array([0.0, -0.0, 1, np.nan, -np.nan, -np.inf, 3], np.float32), (4, 30))
    s = rng.integers(-5, 5, 50).astype(np.int16)
    exe = compile_text(text)
    got = exe([x, s])

    def topk(v, k, key, largest=True):
        order = np.argsort(-key if largest else key, axis=-1, kind="stable")[..., :k]
        return np.take_along_axis(v, order, -1), order.astype(np.int32)

    kx = total_key(x)
    for (gv, gi), (wv, wi) in zip(got, [topk(x, 7, kx), topk(x, 30, kx, False), topk(s, 5, s.astype(np.int64)),
                                        topk(x, 3, kx)]):
        np.testing.assert_array_equal(gi, wi)
        np.testing.assert_array_equal(np.asarray(gv).view(np.uint8), np.asarray(wv).view(np.uint8))
    for run in run_guarded(exe, [x, s]):
        for g, w in zip(run, [a for pair in got for a in pair]):
            np.testing.assert_array_equal(np.asarray(g).view(np.uint8), np.asarray(w).view(np.uint8))


TOPK_ROWS = """HloModule m
ENTRY e {
  x = f32[96,1000] parameter(0)
  d = f64[33,257] parameter(1)
  i = s32[70,1100] parameter(2)
  h = bf16[40,300] parameter(3)
  a = (f32[96,16], s32[96,16]) topk(x), k=16, largest=true
  b = (f32[96,1], s32[96,1]) topk(x), k=1, largest=false
  c = (f64[33,9], s32[33,9]) topk(d), k=9, largest=false
  e = (s32[70,40], s32[70,40]) topk(i), k=40, largest=true
  f = (bf16[40,5], s32[40,5]) topk(h), k=5, largest=true
  ROOT t = ((f32[96,16], s32[96,16]), (f32[96,1], s32[96,1]), (f64[33,9], s32[33,9]), (s32[70,40], s32[70,40]),
            (bf16[40,5], s32[40,5])) tuple(a, b, c, e, f)
}
"""


@pytest.mark.parametrize("threads", [1, 3])
@pytest.mark.parametrize("cpu", ["default", "x86-64-v3"])
def test_topk_by_selection_matches_a_stable_sort(threads, cpu):
    """topk keeps the k best of each row in one pass: rows long enough for its vector test and to be
    split over threads (96 x 1000 > PARALLEL_MIN_WORK), many ties (equal keys keep index order),
    NaNs of both signs and signed zeros, a k of 1, integer and 16/64-bit rows."""
    rng = np.random.default_rng(11)
    pool = np.array([0.0, -0.0, 1, 2, np.nan, -np.nan, -np.inf, np.inf, 3, -1], np.float32)
    x = rng.choice(pool, (96, 1000))
    x[::3] = rng.standard_normal((32, 1000)).astype(np.float32)  # rows where late elements often enter
    x[1, :] = np.arange(1000, dtype=np.float32)  # every element beats the k-th so far
    d = rng.choice(pool.astype(np.float64), (33, 257))
    i = rng.integers(-50, 50, (70, 1100)).astype(np.int32)
    h = rng.choice(pool, (40, 300)).astype(ml_dtypes.bfloat16)
    if runs_here(cpu):
        pytest.skip(runs_here(cpu))
    exe = compile_text(TOPK_ROWS, options_for(cpu))
    exe.threads = threads
    got = exe([x, d, i, h])

    def topk(v, k, key, largest):
        order = np.argsort(-key if largest else key, axis=-1, kind="stable")[..., :k]
        return np.take_along_axis(v, order, -1), order.astype(np.int32)

    want = [topk(x, 16, total_key(x), True), topk(x, 1, total_key(x), False), topk(d, 9, total_key(d), False),
            topk(i, 40, i.astype(np.int64), True), topk(h, 5, total_key(h), True)]
    for (gv, gi), (wv, wi) in zip(got, want):
        np.testing.assert_array_equal(gi, wi)
        np.testing.assert_array_equal(np.asarray(gv).view(np.uint8), np.asarray(wv).view(np.uint8))


TOPK_SHORT = """HloModule m
ENTRY e {
  x = f32[7,21] parameter(0)
  a = (f32[7,21], s32[7,21]) topk(x), k=21, largest=true
  b = (f32[7,15], s32[7,15]) topk(x), k=15, largest=false
  c = (f32[7,13], s32[7,13]) topk(x), k=13, largest=true
  ROOT t = ((f32[7,21], s32[7,21]), (f32[7,15], s32[7,15]), (f32[7,13], s32[7,13])) tuple(a, b, c)
}
"""


def test_topk_of_short_f32_rows():
    """f32 rows where the selection's 8-wide test has no block (k = n, n - k = 6) or exactly one (n - k
    = 8): the sizes are arguments of the library's function, not constants of the module."""
    rng = np.random.default_rng(12)
    pool = np.array([0.0, -0.0, 1, 2, np.nan, -np.nan, -np.inf, np.inf, 3, -1], np.float32)
    x = rng.choice(pool, (7, 21))
    x[::2] = rng.standard_normal((4, 21)).astype(np.float32)
    got = compile_text(TOPK_SHORT)([x])
    for (gv, gi), (k, largest) in zip(got, [(21, True), (15, False), (13, True)]):
        key = total_key(x)
        order = np.argsort(-key if largest else key, axis=-1, kind="stable")[..., :k]
        np.testing.assert_array_equal(gi, order.astype(np.int32))
        np.testing.assert_array_equal(gv.view(np.uint8), np.take_along_axis(x, order, -1).view(np.uint8))


TOPK_LANES = """HloModule m
ENTRY e {
  x = f32[12,777] parameter(0)
  a = (f32[12,16], s32[12,16]) topk(x), k=16, largest=false
  b = (f32[12,17], s32[12,17]) topk(x), k=17, largest=true
  c = (f32[12,8], s32[12,8]) topk(x), k=8, largest=true
  d = (f32[12,3], s32[12,3]) topk(x), k=3, largest=false
  ROOT t = ((f32[12,16], s32[12,16]), (f32[12,17], s32[12,17]), (f32[12,8], s32[12,8]), (f32[12,3], s32[12,3]))
           tuple(a, b, c, d)
}
"""


@pytest.mark.parametrize("cpu", ["default", "x86-64-v3"])
def test_topk_f32_kept_in_vectors_or_slots(cpu):
    """The library's f32 selection keeps up to 16 best in vector lanes and more (k=17) in memory
    slots: rows where every element enters (ascending for the largest, descending for the smallest),
    rows of few distinct values (ties keep index order, also among elements entering from one block),
    NaNs of both signs, signed zeros and a length leaving a tail after the 16-element blocks."""
    rng = np.random.default_rng(13)
    pool = np.array([0.0, -0.0, 1, 2, np.nan, -np.nan, -np.inf, np.inf, 3, -1], np.float32)
    x = rng.choice(pool, (12, 777))
    x[::4] = rng.standard_normal((3, 777)).astype(np.float32)
    x[1] = np.arange(777, dtype=np.float32)
    x[2] = -np.arange(777, dtype=np.float32)
    x[3] = np.repeat(np.float32([5, 4, 7, 7, 9]), [100, 200, 77, 300, 100])
    if runs_here(cpu):
        pytest.skip(runs_here(cpu))
    got = compile_text(TOPK_LANES, options_for(cpu))([x])
    key = total_key(x)
    for (gv, gi), (k, largest) in zip(got, [(16, False), (17, True), (8, True), (3, False)]):
        order = np.argsort(-key if largest else key, axis=-1, kind="stable")[..., :k]
        np.testing.assert_array_equal(gi, order.astype(np.int32))
        np.testing.assert_array_equal(gv.view(np.uint8), np.take_along_axis(x, order, -1).view(np.uint8))


ARGSORT = """HloModule argsort

lt {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  c = s32[] parameter(2)
  d = s32[] parameter(3)
  ROOT l = pred[] compare(a, b), direction=LT
}}

ENTRY e {{
  x = f32[{rows},{cols}] parameter(0)
  i = s32[{rows},{cols}] iota(), iota_dimension={dim}
  s = (f32[{rows},{cols}], s32[{rows},{cols}]) sort(x, i), dimensions={{{dim}}}, is_stable=true, to_apply=lt
  v = f32[{rows},{cols}] get-tuple-element(s), index=0
  p = s32[{rows},{cols}] get-tuple-element(s), index=1
  ROOT r = {root}
}}
"""


@pytest.mark.parametrize("dim, kept", [(1, False), (0, False), (1, True)],
                         ids=["rows", "columns", "iota-also-returned"])
def test_argsort_computes_its_iota(dim, kept):
    """An argsort's iota along the sorted dimension is computed by the radix sort from each element's
    position: no kernel of its own, unless something else reads it too. The results are numpy's
    stable argsort (ties: the lower index first)."""
    import re

    from hloc.backend.llvm.build import BuildOptions, build
    from hloc.backend.llvm.runner_backend import load_object
    from hloc.parse import parse_module

    rows, cols = (5, 300) if dim == 1 else (300, 5)
    shape = f"f32[{rows},{cols}]"
    idx = f"s32[{rows},{cols}]"
    root = f"({shape}, {idx}, {idx}) tuple(v, p, i)" if kept else f"({shape}, {idx}) tuple(v, p)"
    text = ARGSORT.format(rows=rows, cols=cols, dim=dim, root=root)
    built = build(parse_module(text, "argsort.hlo"), BuildOptions(code_cache=False))
    kernels = re.findall(r'^define [^\n]*@"k\.([\w.]+)"', built.compiled.llvm_ir, re.M)
    assert any(k.startswith("i") for k in kernels) == kept, kernels

    rng = np.random.default_rng(7)
    x = rng.integers(-30, 30, (rows, cols)).astype(np.float32)  # (many ties)
    got = load_object(built.compiled.obj, built.abi)([x])
    order = np.argsort(x, axis=dim, kind="stable")
    np.testing.assert_array_equal(got[0], np.take_along_axis(x, order, axis=dim))
    np.testing.assert_array_equal(got[1], order.astype(np.int32))
    if kept:
        np.testing.assert_array_equal(got[2], np.indices((rows, cols))[dim].astype(np.int32))


TWO_SORTS = """HloModule two

lt {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  c = s32[] parameter(2)
  d = s32[] parameter(3)
  ROOT l = pred[] compare(a, b), direction=LT
}

ENTRY e {
  x = f32[4,300] parameter(0)
  y = s32[4,300] parameter(1)
  i = s32[4,300] iota(), iota_dimension=1
  s1 = (f32[4,300], s32[4,300]) sort(x, i), dimensions={1}, is_stable=true, to_apply=lt
  s2 = (f32[4,300], s32[4,300]) sort(x, y), dimensions={1}, is_stable=true, to_apply=lt
  p1 = s32[4,300] get-tuple-element(s1), index=1
  p2 = s32[4,300] get-tuple-element(s2), index=1
  ROOT r = (s32[4,300], s32[4,300]) tuple(p1, p2)
}
"""


def test_a_sort_reading_its_operand_is_not_the_one_computing_its_iota():
    """Two sorts alike but for their second operand, an iota (computed from the positions) and a
    parameter (read): two kernels, each permuting its own operand."""
    from hloc.backend.llvm.build import BuildOptions, build
    from hloc.backend.llvm.runner_backend import load_object
    from hloc.parse import parse_module

    built = build(parse_module(TWO_SORTS, "two.hlo"), BuildOptions(code_cache=False))
    rng = np.random.default_rng(8)
    x = rng.integers(-30, 30, (4, 300)).astype(np.float32)
    y = rng.integers(-1000, 1000, (4, 300)).astype(np.int32)
    p1, p2 = load_object(built.compiled.obj, built.abi)([x, y])
    order = np.argsort(x, axis=1, kind="stable")
    np.testing.assert_array_equal(p1, order.astype(np.int32))
    np.testing.assert_array_equal(p2, np.take_along_axis(y, order, axis=1))
