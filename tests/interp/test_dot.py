"""dot: XLA-computed cases (testdata/interp/dot_*), a naive-loop reference, and the jax corpus."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from heavy_support import case_names, check_outputs, corpus_case, load_case, run

from hloc.errors import RunError


@pytest.mark.parametrize("name", case_names("dot_"))
def test_dot_matches_xla(name):
    text, ins, outs, meta = load_case(name)
    check_outputs(run(text, *ins), outs, meta["rtol"], meta["atol"], name)


def naive_dot(lhs, rhs, lb, rb, lc, rc):
    """Sum of products, one output element at a time, in exact Python arithmetic."""
    lf = [d for d in range(lhs.ndim) if d not in lb and d not in lc]
    rf = [d for d in range(rhs.ndim) if d not in rb and d not in rc]
    out_shape = [lhs.shape[d] for d in lb] + [lhs.shape[d] for d in lf] + [rhs.shape[d] for d in rf]
    out = np.zeros(out_shape, dtype=object)
    for idx in itertools.product(*[range(n) for n in out_shape]):
        b, rest = idx[:len(lb)], idx[len(lb):]
        m, n = rest[:len(lf)], rest[len(lf):]
        total = 0
        for k in itertools.product(*[range(lhs.shape[d]) for d in lc]):
            li = [0] * lhs.ndim
            ri = [0] * rhs.ndim
            for d, v in zip(lb, b):
                li[d] = v
            for d, v in zip(rb, b):
                ri[d] = v
            for d, v in zip(lf, m):
                li[d] = v
            for d, v in zip(rf, n):
                ri[d] = v
            for d, e, v in zip(lc, rc, k):
                li[d] = v
                ri[e] = v
            total += int(lhs[tuple(li)]) * int(rhs[tuple(ri)])
        out[idx] = total
    return out


CONFIGS = [
    # lhs dims, rhs dims, lhs_batch, rhs_batch, lhs_contracting, rhs_contracting
    ((3, 4), (4, 5), (), (), (1,), (0,)),
    ((4,), (4,), (), (), (0,), (0,)),
    ((2, 3, 4), (3, 2, 4), (0,), (1,), (2,), (2,)),
    ((2, 3, 4), (4, 2, 3), (0, 1), (1, 2), (2,), (0,)),
    ((3, 2, 4, 2), (2, 4, 3), (3,), (0,), (0, 2), (2, 1)),
    ((2, 3), (4, 5), (), (), (), ()),  # outer product
]


def _dims_text(name, dims):
    return f"{name}={{{','.join(map(str, dims))}}}" if dims else None


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c[0]}x{c[1]}")
def test_dot_general_against_naive_loops(cfg):
    ls, rs, lb, rb, lc, rc = cfg
    rng = np.random.default_rng(len(ls) * 10 + len(rs))
    lhs = rng.integers(-50, 50, ls).astype(np.int32)
    rhs = rng.integers(-50, 50, rs).astype(np.int32)
    want = naive_dot(lhs, rhs, lb, rb, lc, rc)
    attrs = [_dims_text("lhs_batch_dims", lb), _dims_text("rhs_batch_dims", rb),
             _dims_text("lhs_contracting_dims", lc), _dims_text("rhs_contracting_dims", rc)]
    attrs = ", ".join(a for a in attrs if a)
    out = ",".join(map(str, want.shape))
    for etype, dtype in (("s32", np.int32), ("f64", np.float64)):
        text = (f"HloModule m\nENTRY e {{\n  a = {etype}[{','.join(map(str, ls))}] parameter(0)\n"
                f"  b = {etype}[{','.join(map(str, rs))}] parameter(1)\n"
                f"  ROOT d = {etype}[{out}] dot(a, b){', ' + attrs if attrs else ''}\n}}\n")
        got = run(text, lhs.astype(dtype), rhs.astype(dtype))
        assert got.dtype == dtype
        np.testing.assert_array_equal(got, want.astype(dtype))


def test_integer_dot_wraps_like_two_complement():
    lhs = np.array([[2**30, 2**30, 3]], np.int32)
    rhs = np.array([[4], [4], [5]], np.int32)
    text = ("HloModule m\nENTRY e {\n  a = s32[1,3] parameter(0)\n  b = s32[3,1] parameter(1)\n"
            "  ROOT d = s32[1,1] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n")
    want = (2**30 * 4 * 2 + 15) % 2**32
    want = want - 2**32 if want >= 2**31 else want
    assert run(text, lhs, rhs)[0, 0] == want


def test_bf16_dot_rounds_once_from_f32():
    import ml_dtypes

    bf16 = ml_dtypes.bfloat16
    # 1 + 2^-8 + 2^-8: rounding to bf16 after each step gives 1 twice (ties to even); an f32
    # accumulator reaches 1 + 2^-7, which bf16 represents.
    lhs = np.array([[1.0, 2.0**-8, 2.0**-8]], bf16)
    rhs = np.ones((3, 1), bf16)
    text = ("HloModule m\nENTRY e {\n  a = bf16[1,3] parameter(0)\n  b = bf16[3,1] parameter(1)\n"
            "  ROOT d = bf16[1,1] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n")
    assert float(run(text, lhs, rhs)[0, 0]) == 1.0 + 2.0**-7


def test_mismatched_contracting_sizes_is_a_run_error():
    text = ("HloModule m\nENTRY e {\n  a = f32[2,3] parameter(0)\n  b = f32[4,2] parameter(1)\n"
            "  ROOT d = f32[2,2] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n")
    with pytest.raises(RunError, match="does not match"):
        run(text, np.zeros((2, 3), np.float32), np.zeros((4, 2), np.float32))


@pytest.mark.parametrize("name", ["dot_general_variants", "batched_matmul", "einsum", "mlp_forward",
                                  "mlp_backward", "attention", "transformer_layer", "linalg_plain",
                                  "mixed_precision"])
def test_jax_corpus(name):
    text, ins, outs, rtol, atol = corpus_case(name)
    check_outputs(run(text, *ins), outs, rtol, atol, name)


RAGGED = """
HloModule m
ENTRY e {
  a = f32[%A%] parameter(0)
  b = f32[%B%] parameter(1)
  g = s32[%G%] parameter(2)
  ROOT d = f32[%O%] ragged-dot(a, b, g), %DIMS%
}
"""


def _ragged(a_shape, b_shape, g_shape, out_shape, dims, *args):
    text = (RAGGED.replace("%A%", ",".join(map(str, a_shape))).replace("%B%", ",".join(map(str, b_shape)))
            .replace("%G%", ",".join(map(str, g_shape))).replace("%O%", ",".join(map(str, out_shape)))
            .replace("%DIMS%", dims))
    return run(text, *args)


def test_ragged_dot_non_contracting_multiplies_each_row_group_with_its_matrix():
    rng = np.random.default_rng(0)
    a, b = rng.standard_normal((11, 5)), rng.standard_normal((3, 5, 4))
    sizes = np.array([4, 0, 5], np.int32)  # rows 9 and 10 belong to no group
    got = _ragged((11, 5), (3, 5, 4), (3,), (11, 4), "lhs_contracting_dims={1}, rhs_contracting_dims={1}, "
                  "lhs_ragged_dims={0}, rhs_group_dims={0}", a.astype(np.float32), b.astype(np.float32), sizes)
    want = np.zeros((11, 4))
    group_of_row = [0] * 4 + [2] * 5
    for m, g in enumerate(group_of_row):
        want[m] = a[m] @ b[g]
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_ragged_dot_contracting_gives_one_product_per_group():
    rng = np.random.default_rng(1)
    a, b = rng.standard_normal((3, 10)), rng.standard_normal((10, 2))
    sizes = np.array([3, 7], np.int32)
    got = _ragged((3, 10), (10, 2), (2,), (2, 3, 2), "lhs_contracting_dims={1}, rhs_contracting_dims={0}, "
                  "lhs_ragged_dims={1}", a.astype(np.float32), b.astype(np.float32), sizes)
    want = np.stack([a[:, :3] @ b[:3], a[:, 3:] @ b[3:]])
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_ragged_dot_batch_is_a_plain_dot():
    rng = np.random.default_rng(2)
    a, b = rng.standard_normal((2, 3, 4)), rng.standard_normal((2, 4, 5))
    got = _ragged((2, 3, 4), (2, 4, 5), (1,), (2, 3, 5), "lhs_batch_dims={0}, rhs_batch_dims={0}, "
                  "lhs_contracting_dims={2}, rhs_contracting_dims={1}, lhs_ragged_dims={0}",
                  a.astype(np.float32), b.astype(np.float32), np.array([2], np.int32))
    np.testing.assert_allclose(got, a @ b, rtol=1e-5, atol=1e-5)


def test_scaled_dot_dequantizes_blocks_before_the_product():
    rng = np.random.default_rng(3)
    a, b = rng.standard_normal((4, 8)), rng.standard_normal((8, 3))
    sa, sb = rng.random((4, 2)) + 0.5, rng.random((2, 3)) + 0.5
    text = ("HloModule m\nENTRY e {\n  a = f32[4,8] parameter(0)\n  b = f32[8,3] parameter(1)\n"
            "  sa = f32[4,2] parameter(2)\n  sb = f32[2,3] parameter(3)\n"
            "  ROOT d = f32[4,3] scaled-dot(a, b, sa, sb), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}\n")
    got = run(text, *(x.astype(np.float32) for x in (a, b, sa, sb)))
    want = (a * np.repeat(sa, 4, axis=1)) @ (b * np.repeat(sb, 4, axis=0))
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)
