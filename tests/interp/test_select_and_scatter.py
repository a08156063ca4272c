"""select-and-scatter: XLA-computed cases (testdata/interp/select_and_scatter_*: overlapping windows,
padding, ties, all-padding windows, scatter(current, source) argument order), a naive reference on
random windows, and the jax corpus."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from heavy_support import case_names, check_outputs, corpus_case, load_case, run


@pytest.mark.parametrize("name", case_names("select_and_scatter_"))
def test_select_and_scatter_matches_xla(name):
    text, ins, outs, meta = load_case(name)
    check_outputs(run(text, *ins), outs, meta["rtol"], meta["atol"], name)


def naive_select_and_scatter(x, source, init, win, select, scatter):
    out = np.full(x.shape, init, dtype=object)
    for s in itertools.product(*[range(n) for n in source.shape]):
        best = None
        for k in itertools.product(*[range(w[0]) for w in win]):
            idx = tuple(sd * stride + kd - lo for sd, kd, (_size, stride, lo, _hi) in zip(s, k, win))
            if any(not 0 <= i < n for i, n in zip(idx, x.shape)):
                continue
            if best is None or not select(x[best], x[idx]):
                best = idx
        if best is not None:
            out[best] = scatter(out[best], source[s])
    return out


SELECTS = {"ge": ("GE", lambda a, b: a >= b), "gt": ("GT", lambda a, b: a > b), "le": ("LE", lambda a, b: a <= b)}


@pytest.mark.parametrize("select", list(SELECTS))
@pytest.mark.parametrize("seed", range(8))
def test_random_select_and_scatter_against_naive_reference(seed, select):
    rng = np.random.default_rng(seed)
    rank = int(rng.integers(1, 4))
    dims = tuple(int(d) for d in rng.integers(1, 7, rank))
    win, src = [], []
    for n in dims:
        size, stride = int(rng.integers(1, 4)), int(rng.integers(1, 3))
        lo, hi = int(rng.integers(0, size)), int(rng.integers(0, size))
        padded = n + lo + hi
        if padded < size:
            hi += size - padded
            padded = size
        win.append((size, stride, lo, hi))
        src.append((padded - size) // stride + 1)
    x = rng.integers(0, 3, dims).astype(np.int32)  # many ties
    source = rng.integers(-9, 9, src).astype(np.int32)
    direction, sel = SELECTS[select]
    # scatter(current, source) = 2*current + source: shows both the order of arguments and of duplicates
    want = naive_select_and_scatter(x, source, 1, win, sel, lambda cur, s: 2 * cur + s).astype(np.int32)
    window = ("{size=" + "x".join(str(w[0]) for w in win) + " stride=" + "x".join(str(w[1]) for w in win)
              + " pad=" + "x".join(f"{w[2]}_{w[3]}" for w in win) + "}")
    text = (f"HloModule m\nsel {{\n  a = s32[] parameter(0)\n  b = s32[] parameter(1)\n"
            f"  ROOT r = pred[] compare(a, b), direction={direction}\n}}\n"
            f"sca {{\n  a = s32[] parameter(0)\n  b = s32[] parameter(1)\n  c = s32[] constant(2)\n"
            f"  t = s32[] multiply(a, c)\n  ROOT r = s32[] add(t, b)\n}}\n"
            f"ENTRY e {{\n  x = s32[{','.join(map(str, dims))}] parameter(0)\n"
            f"  s = s32[{','.join(map(str, src))}] parameter(1)\n  i = s32[] constant(1)\n"
            f"  ROOT r = s32[{','.join(map(str, dims))}] select-and-scatter(x, s, i), window={window}, "
            f"select=sel, scatter=sca\n}}\n")
    np.testing.assert_array_equal(run(text, x, source), want)


@pytest.mark.parametrize("name", ["pooling_grad"])
def test_jax_corpus(name):
    text, ins, outs, rtol, atol = corpus_case(name)
    check_outputs(run(text, *ins), outs, rtol, atol, name)
