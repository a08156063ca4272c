# ruff: noqa: E501  (HLO instructions are kept on one line each)
"""reduce-window and select-and-scatter vs numpy references written from the spec with Python loops
(padding, strides, base and window dilation, variadic reducers, reduce-window inside a fusion)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from guarded import run_guarded
from mathref import compile_text


def window_positions(in_dims, out_idx, window):
    """(input index or None, ...) for each window offset, row-major: None in padding / holes."""
    for offs in itertools.product(*[range(w[0]) for w in window]):
        src = []
        for o, k, n, (_size, stride, lo, _hi, bd, wd) in zip(out_idx, offs, in_dims, window):
            p = o * stride + k * wd - lo
            if p < 0 or p % bd or p // bd >= n:
                src = None
                break
            src.append(p // bd)
        yield None if src is None else tuple(src)


def out_dims(in_dims, window):
    out = []
    for n, (size, stride, lo, hi, bd, wd) in zip(in_dims, window):
        padded = ((n - 1) * bd + 1 if n else 0) + lo + hi
        span = (size - 1) * wd + 1
        out.append(0 if padded < span else (padded - span) // stride + 1)
    return out


def ref_reduce_window(xs, inits, window, fn):
    dims = out_dims(xs[0].shape, window)
    outs = [np.zeros(dims, x.dtype) for x in xs]
    for oi in itertools.product(*[range(d) for d in dims]):
        acc = tuple(inits)
        for src in window_positions(xs[0].shape, oi, window):
            if src is not None:
                acc = fn(acc, tuple(x[src] for x in xs))
        for o, a in zip(outs, acc):
            o[oi] = a
    return outs


def ref_select_and_scatter(operand, source, init, window, select, scatter):
    out = np.full(operand.shape, init, operand.dtype)
    for si in itertools.product(*[range(d) for d in source.shape]):
        sel = None
        for src in window_positions(operand.shape, si, window):
            if src is not None and (sel is None or not select(operand[sel], operand[src])):
                sel = src
        if sel is not None:
            out[sel] = scatter(out[sel], source[si])
    return out


def wtext(window):
    f = [("size", 0), ("stride", 1), ("pad", None), ("lhs_dilate", 4), ("rhs_dilate", 5)]
    parts = []
    for name, k in f:
        if name == "pad":
            parts.append("pad=" + "x".join(f"{w[2]}_{w[3]}" for w in window))
        else:
            parts.append(f"{name}=" + "x".join(str(w[k]) for w in window))
    return "{" + " ".join(parts) + "}"


W1 = [(3, 2, 1, 2, 2, 1), (2, 1, 0, 1, 1, 2)]  # (size, stride, pad_lo, pad_hi, base_dilation, window_dilation)
W2 = [(2, 3, 1, 0, 1, 1), (3, 1, 2, 2, 1, 1)]


def test_reduce_window_variants():
    d1, d2 = out_dims((5, 6), W1), out_dims((5, 6), W2)
    text = f"""HloModule m
mx {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] maximum(a, b)
}}
ad {{
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  ROOT r = s32[] add(a, b)
}}
aff {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  h = f32[] constant(0.5)
  t = f32[] multiply(a, h)
  ROOT r = f32[] add(t, b)
}}
argmax {{
  v0 = f32[] parameter(0)
  i0 = s32[] parameter(1)
  v1 = f32[] parameter(2)
  i1 = s32[] parameter(3)
  gt = pred[] compare(v1, v0), direction=GT
  v = f32[] select(gt, v1, v0)
  i = s32[] select(gt, i1, i0)
  ROOT r = (f32[], s32[]) tuple(v, i)
}}
ENTRY e {{
  x = f32[5,6] parameter(0)
  n = s32[5,6] parameter(1)
  ninf = f32[] constant(-inf)
  z = s32[] constant(0)
  one = f32[] constant(1)
  m1 = s32[] constant(-1)
  a = f32[{d1[0]},{d1[1]}] reduce-window(x, ninf), window={wtext(W1)}, to_apply=mx
  b = s32[{d2[0]},{d2[1]}] reduce-window(n, z), window={wtext(W2)}, to_apply=ad
  c = f32[{d1[0]},{d1[1]}] reduce-window(x, one), window={wtext(W1)}, to_apply=aff
  v = (f32[{d2[0]},{d2[1]}], s32[{d2[0]},{d2[1]}]) reduce-window(x, n, ninf, m1), window={wtext(W2)}, to_apply=argmax
  v0 = f32[{d2[0]},{d2[1]}] get-tuple-element(v), index=0
  v1 = s32[{d2[0]},{d2[1]}] get-tuple-element(v), index=1
  ROOT t = (f32[{d1[0]},{d1[1]}], s32[{d2[0]},{d2[1]}], f32[{d1[0]},{d1[1]}], f32[{d2[0]},{d2[1]}], s32[{d2[0]},{d2[1]}]) tuple(a, b, c, v0, v1)
}}
"""
    rng = np.random.default_rng(8)
    x = rng.standard_normal((5, 6)).astype(np.float32)
    n = rng.integers(-100, 100, (5, 6)).astype(np.int32)
    f32 = np.float32

    def argmax(acc, new):
        return (new[0], new[1]) if new[0] > acc[0] else acc

    want = [ref_reduce_window([x], [f32(-np.inf)], W1, lambda a, v: (max(a[0], v[0]),))[0],
            ref_reduce_window([n], [np.int32(0)], W2, lambda a, v: (np.int32(a[0] + v[0]),))[0],
            ref_reduce_window([x], [f32(1)], W1, lambda a, v: (f32(f32(a[0] * f32(0.5)) + v[0]),))[0],
            *ref_reduce_window([x, n], [f32(-np.inf), np.int32(-1)], W2, argmax)]
    exe = compile_text(text)
    for got in [list(exe([x, n]))] + run_guarded(exe, [x, n]):
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)


def test_reduce_window_in_a_fusion():
    text = """HloModule m
ad {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] add(a, b)
}
fused {
  p = f32[8] parameter(0)
  z = f32[] constant(0)
  rw = f32[8] reduce-window(p, z), window={size=8 pad=7_0}, to_apply=ad
  ROOT n = f32[8] negate(rw)
}
ENTRY e {
  x = f32[8] parameter(0)
  ROOT f = f32[8] fusion(x), kind=kLoop, calls=fused
}
"""
    x = np.arange(1, 9, dtype=np.float32)
    np.testing.assert_array_equal(compile_text(text)([x]), -np.cumsum(x))


def test_select_and_scatter_variants():
    w1 = [(2, 2, 0, 1, 1, 1), (3, 1, 1, 1, 1, 1)]  # overlapping windows along dim 1, padding
    w2 = [(2, 3, 0, 0, 1, 1)]  # stride > size: elements no window sees
    s1 = out_dims((5, 4), w1)
    s2 = out_dims((8,), w2)
    text = f"""HloModule m
ge {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=GE
}}
le {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=LE
}}
ad {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] add(a, b)
}}
sub {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] subtract(a, b)
}}
ENTRY e {{
  x = f32[5,4] parameter(0)
  s = f32[{s1[0]},{s1[1]}] parameter(1)
  y = f32[8] parameter(2)
  t = f32[{s2[0]}] parameter(3)
  z = f32[] constant(0)
  i = f32[] constant(10)
  a = f32[5,4] select-and-scatter(x, s, z), window={{size=2x3 stride=2x1 pad=0_1x1_1}}, select=ge, scatter=ad
  b = f32[8] select-and-scatter(y, t, i), window={{size=2 stride=3}}, select=le, scatter=sub
  ROOT r = (f32[5,4], f32[8]) tuple(a, b)
}}
"""
    rng = np.random.default_rng(9)
    x = rng.choice(np.array([1, 2, 3], np.float32), (5, 4))  # ties: GE keeps the first maximum
    s = rng.standard_normal(s1).astype(np.float32)
    y = rng.standard_normal(8).astype(np.float32)
    t = rng.standard_normal(s2).astype(np.float32)
    want = [ref_select_and_scatter(x, s, np.float32(0), w1, lambda a, b: a >= b, lambda a, b: np.float32(a + b)),
            ref_select_and_scatter(y, t, np.float32(10), w2, lambda a, b: a <= b, lambda a, b: np.float32(a - b))]
    exe = compile_text(text)
    for got in [list(exe([x, s, y, t]))] + run_guarded(exe, [x, s, y, t]):
        for g, w in zip(got, want):
            np.testing.assert_array_equal(g, w)


# Windows that stay inside the input in some dimensions (pooling without padding, a cropping pad_lo,
# the last window ending on the last element) and leave it in others (pad_hi, a window one past).
INSIDE = [[(2, 2, 0, 0, 1, 1), (3, 1, 0, 0, 1, 2)],
          [(2, 2, -1, 0, 1, 1), (2, 3, 0, -1, 1, 1)],
          [(2, 2, 0, 1, 1, 1), (3, 2, 0, 0, 1, 1)],
          [(3, 3, 0, 0, 1, 1), (1, 1, 0, 0, 1, 1)]]


@pytest.mark.parametrize("window", INSIDE)
def test_reduce_window_inside_the_input(window):
    """Dimensions whose every window lies inside the input are read without checks or clamps (max
    pooling: no selects at all); the others keep theirs, and the results are the reference's."""
    dims = out_dims((7, 9), window)
    text = f"""HloModule m
mx {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] maximum(a, b)
}}
ENTRY e {{
  x = f32[7,9] parameter(0)
  ninf = f32[] constant(-inf)
  ROOT a = f32[{dims[0]},{dims[1]}] reduce-window(x, ninf), window={wtext(window)}, to_apply=mx
}}
"""
    x = np.random.default_rng(3).standard_normal((7, 9)).astype(np.float32)
    want = ref_reduce_window([x], [np.float32(-np.inf)], window, lambda a, v: (max(a[0], v[0]),))[0]
    exe = compile_text(text)
    np.testing.assert_array_equal(exe([x]), want)
    if window == INSIDE[0]:
        assert "select" not in exe.compiled.llvm_ir
