"""reduce-window: XLA-computed cases (testdata/interp/reduce_window_*: dilations, padding that is
skipped rather than folded in as init, variadic), a naive reference on random windows, and the jax
corpus."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from heavy_support import case_names, check_outputs, corpus_case, load_case, run


@pytest.mark.parametrize("name", case_names("reduce_window_"))
def test_reduce_window_matches_xla(name):
    text, ins, outs, meta = load_case(name)
    check_outputs(run(text, *ins), outs, meta["rtol"], meta["atol"], name)


def naive_reduce_window(x, init, win, fn):
    """Per output element: fold the in-bounds window elements (row-major) into init."""
    out_shape = []
    for n, (size, stride, lo, hi, bd, wd) in zip(x.shape, win):
        padded = (n - 1) * bd + 1 + lo + hi
        extent = (size - 1) * wd + 1
        out_shape.append((padded - extent) // stride + 1 if padded >= extent else 0)
    out = np.empty(out_shape, dtype=object)
    for o in itertools.product(*[range(s) for s in out_shape]):
        acc = init
        for k in itertools.product(*[range(w[0]) for w in win]):
            idx = []
            for od, kd, n, (_size, stride, lo, _hi, bd, wd) in zip(o, k, x.shape, win):
                p = od * stride + kd * wd - lo
                if p % bd or not 0 <= p // bd < n:
                    break
                idx.append(p // bd)
            else:
                acc = fn(acc, x[tuple(idx)])
        out[o] = acc
    return out


def random_window(rng, dims):
    win = []
    for n in dims:
        while True:
            w = (int(rng.integers(1, 4)), int(rng.integers(1, 3)), int(rng.integers(0, 3)), int(rng.integers(0, 3)),
                 int(rng.integers(1, 3)), int(rng.integers(1, 3)))
            if (n - 1) * w[4] + 1 + w[2] + w[3] >= (w[0] - 1) * w[5] + 1:
                win.append(w)
                break
    return win


def window_text(win):
    return ("{size=" + "x".join(str(w[0]) for w in win) + " stride=" + "x".join(str(w[1]) for w in win)
            + " pad=" + "x".join(f"{w[2]}_{w[3]}" for w in win) + " lhs_dilate=" + "x".join(str(w[4]) for w in win)
            + " rhs_dilate=" + "x".join(str(w[5]) for w in win) + "}")


REDUCERS = {
    "add": ("ROOT r = s32[] add(a, b)", lambda a, b: a + b, 0),
    "max": ("ROOT r = s32[] maximum(a, b)", max, -(2**31)),
    # order dependent and init is not an identity: acc*2 - x
    "affine": ("c = s32[] constant(2)\n  t = s32[] multiply(a, c)\n  ROOT r = s32[] subtract(t, b)",
               lambda a, b: 2 * a - b, 3),
}


@pytest.mark.parametrize("reducer", list(REDUCERS))
@pytest.mark.parametrize("seed", range(8))
def test_random_reduce_windows_against_naive_reference(seed, reducer):
    rng = np.random.default_rng(seed)
    dims = tuple(int(d) for d in rng.integers(1, 6, int(rng.integers(1, 4))))
    win = random_window(rng, dims)
    x = rng.integers(-20, 20, dims).astype(np.int32)
    body, fn, init = REDUCERS[reducer]
    want = naive_reduce_window(x.astype(object), init, win, fn)
    want = np.array(want.astype(np.int64) % 2**32, np.uint32).view(np.int32).reshape(want.shape)
    shape = ",".join(map(str, want.shape))
    text = (f"HloModule m\nred {{\n  a = s32[] parameter(0)\n  b = s32[] parameter(1)\n  {body}\n}}\n"
            f"ENTRY e {{\n  x = s32[{','.join(map(str, dims))}] parameter(0)\n  i = s32[] parameter(1)\n"
            f"  ROOT r = s32[{shape}] reduce-window(x, i), window={window_text(win)}, to_apply=red\n}}\n")
    np.testing.assert_array_equal(run(text, x, np.int32(init)), want)


@pytest.mark.parametrize("name", ["pooling", "cumulative_ops"])
def test_jax_corpus(name):
    text, ins, outs, rtol, atol = corpus_case(name)
    check_outputs(run(text, *ins), outs, rtol, atol, name)


SUM_PATHS = """
HloModule m
plain {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] add(a, b)
}
wrapped {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] call(a, b), to_apply=plain
}
ENTRY e {
  x = f32[5,6] parameter(0)
  i = f32[] parameter(1)
  ROOT r = f32[6,6] reduce-window(x, i), window={size=3x3 stride=2x1 pad=2_2x1_1 lhs_dilate=2x1}, to_apply=%RED%
}
"""


@pytest.mark.parametrize("init", [0.0, -0.0, 1.5])
def test_ufunc_and_generic_reducers_agree_bitwise(init):
    """`add` goes through numpy with padding filled by -0.0; the called reducer is applied per element
    and skips padding: the bits must agree (also for -0.0 inputs and inits)."""
    rng = np.random.default_rng(0)
    x = rng.standard_normal((5, 6)).astype(np.float32)
    x[::2, ::3] = -0.0
    fast = run(SUM_PATHS.replace("%RED%", "plain"), x, np.float32(init))
    slow = run(SUM_PATHS.replace("%RED%", "wrapped"), x, np.float32(init))
    np.testing.assert_array_equal(fast.view(np.uint32), slow.view(np.uint32))


def test_rank0_reduce_window_folds_the_init_value():
    # HloEvaluator and StableHLO: reducer(init, x) = 43. (XLA:CPU answers 42: its AlgebraicSimplifier
    # replaces a scalar reduce-window by the operand.)
    text = ("HloModule m\nadd {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = f32[] add(a, b)\n}\n"
            "ENTRY e {\n  x = f32[] parameter(0)\n  i = f32[] parameter(1)\n"
            "  ROOT r = f32[] reduce-window(x, i), to_apply=add\n}\n")
    assert run(text, np.float32(42), np.float32(1)) == 43
