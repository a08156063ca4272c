"""Native scatter vs an independent numpy reference (sparse_ref.scatter): every index type with
adversarial indices (guard pages around every buffer), duplicates applied in order with
non-commutative combiners, variadic scatter, batching dims, index_vector_dim == rank, in-place
reuse of the operand buffer."""

from __future__ import annotations

import numpy as np
import pytest
import sparse_ref as ref
from guarded import run_guarded
from mathref import compile_text

from hloc.backend.llvm.compile import compile_to_object
from hloc.parse import parse_module

COMBINERS = """
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] add(a, b)
}
affine {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  two = f32[] constant(2)
  t = f32[] multiply(a, two)
  ROOT r = f32[] subtract(t, b)
}
replace {
  a = s32[] parameter(0)
  ROOT b = s32[] parameter(1)
}
argmax {
  v0 = f32[] parameter(0)
  i0 = s32[] parameter(1)
  v1 = f32[] parameter(2)
  i1 = s32[] parameter(3)
  gt = pred[] compare(v1, v0), direction=GT
  v = f32[] select(gt, v1, v0)
  i = s32[] select(gt, i1, i0)
  ROOT r = (f32[], s32[]) tuple(v, i)
}
"""


def _dn(uwd, iwd, sdod, ivd, ibd=(), sibd=()):
    s = (f"update_window_dims={{{','.join(map(str, uwd))}}}, inserted_window_dims={{{','.join(map(str, iwd))}}}, "
         f"scatter_dims_to_operand_dims={{{','.join(map(str, sdod))}}}, index_vector_dim={ivd}")
    if ibd:
        s += (f", input_batching_dims={{{','.join(map(str, ibd))}}}, "
              f"scatter_indices_batching_dims={{{','.join(map(str, sibd))}}}")
    return s


def _add(cur, upd):
    return (np.float32(cur[0] + upd[0]),)


def _affine(cur, upd):
    return (np.float32(np.float32(cur[0] * np.float32(2)) - upd[0]),)


@pytest.fixture(scope="module", params=list(ref.INT_TYPES))
def adversarial(request):
    it = request.param
    text = f"""HloModule m
{COMBINERS}
ENTRY e {{
  op = f32[9,6] parameter(0)
  i2 = {it}[30,2] parameter(1)
  u2 = f32[30,2,3] parameter(2)
  i1 = {it}[30] parameter(3)
  u1 = f32[30,6] parameter(4)
  s1 = f32[9,6] scatter(op, i2, u2), {_dn((1, 2), (), (0, 1), 1)}, to_apply=add
  s2 = f32[9,6] scatter(op, i1, u1), {_dn((1,), (0,), (0,), 1)}, to_apply=affine
  ROOT t = (f32[9,6], f32[9,6]) tuple(s1, s2)
}}
"""
    return it, compile_text(text)


def test_adversarial_indices_never_write_outside(adversarial):
    it, exe = adversarial
    dt = ref.INT_TYPES[it]
    rng = np.random.default_rng(2)
    vals = np.array(ref.adversarial_indices(dt, 9), dtype=object)
    i2 = rng.choice(vals, (30, 2)).astype(dt)
    i2[:6] = np.array([[0, 0], [0, 0], [7, 3], [7, 3], [1, 2], [7, 3]])  # in-range duplicates
    i1 = rng.choice(vals, 30).astype(dt)
    i1[:4] = [3, 3, 8, 3]
    op = rng.standard_normal((9, 6)).astype(np.float32)
    u2 = rng.standard_normal((30, 2, 3)).astype(np.float32)
    u1 = rng.standard_normal((30, 6)).astype(np.float32)
    want = [ref.scatter([op], i2, [u2], (1, 2), (), (0, 1), 1, _add)[0],
            ref.scatter([op], i1, [u1], (1,), (0,), (0,), 1, _affine)[0]]
    for got in run_guarded(exe, [op, i2, u2, i1, u1]):
        np.testing.assert_allclose(got[0], want[0], rtol=1e-6, atol=1e-6)  # sums of duplicates in order
        np.testing.assert_array_equal(got[1], want[1])


def test_variadic_replace_batching_and_index_vector_dim_rank():
    text = f"""HloModule m
{COMBINERS}
ENTRY e {{
  v = f32[8] parameter(0)
  ix = s32[8] parameter(1)
  idx = s64[12] parameter(2)
  uv = f32[12] parameter(3)
  ui = s32[12] parameter(4)
  am = (f32[8], s32[8]) scatter(v, ix, idx, uv, ui), {_dn((), (0,), (0,), 1)}, to_apply=argmax
  r = s32[8] parameter(5)
  rep = s32[8] scatter(r, idx, ui), {_dn((), (0,), (0,), 1)}, to_apply=replace
  b = f32[3,5,4] parameter(6)
  bi = u16[3,2] parameter(7)
  bu = f32[3,2,4] parameter(8)
  bs = f32[3,5,4] scatter(b, bi, bu), {_dn((2,), (1,), (1,), 2, (0,), (0,))}, to_apply=add
  a0 = f32[8] get-tuple-element(am), index=0
  a1 = s32[8] get-tuple-element(am), index=1
  ROOT t = (f32[8], s32[8], s32[8], f32[3,5,4]) tuple(a0, a1, rep, bs)
}}
"""
    exe = compile_text(text)
    rng = np.random.default_rng(3)
    v = np.full(8, -np.inf, np.float32)
    ix = np.full(8, -1, np.int32)
    idx = np.array([1, 1, 7, 8, -1, 3, 3, 3, 1, 0, 2**40, 7], np.int64)
    uv = np.array([1, 5, 2, 9, 9, 4, 4, 0, 5, 1, 9, 3], np.float32)  # ties keep the first (GT)
    ui = np.arange(12, dtype=np.int32) + 100
    r = np.zeros(8, np.int32)
    b = rng.standard_normal((3, 5, 4)).astype(np.float32)
    bi = np.array([[0, 4], [65535, 2], [1, 1]], np.uint16)
    bu = rng.standard_normal((3, 2, 4)).astype(np.float32)

    def argmax(cur, upd):
        return (upd[0], upd[1]) if upd[0] > cur[0] else cur

    want_am = ref.scatter([v, ix], idx, [uv, ui], (), (0,), (0,), 1, argmax)
    want_rep = ref.scatter([r], idx, [ui], (), (0,), (0,), 1, lambda c, u: u)[0]
    want_bs = ref.scatter([b], bi[..., None], [bu], (2,), (1,), (1,), 2, _add, (0,), (0,))[0]
    for got in run_guarded(exe, [v, ix, idx, uv, ui, r, b, bi, bu]):
        np.testing.assert_array_equal(got[0], want_am[0])
        np.testing.assert_array_equal(got[1], want_am[1])
        np.testing.assert_array_equal(got[2], want_rep)
        np.testing.assert_array_equal(got[3], want_bs)


def test_scatter_reuses_a_dead_operand_buffer_in_place():
    text = f"""HloModule m
{COMBINERS}
ENTRY e {{
  p = f32[64,4] parameter(0)
  i = s32[5,1] parameter(1)
  u = f32[5,4] parameter(2)
  x = f32[64,4] negate(p)
  s = f32[64,4] scatter(x, i, u), {_dn((1,), (0,), (0,), 1)}, to_apply=add
  ROOT s2 = f32[64,4] scatter(s, i, u), {_dn((1,), (0,), (0,), 1)}, to_apply=affine
}}
"""
    m = parse_module(text, "t.hlo")
    cm = compile_to_object(m)
    assert [i.opcode for i in cm.buffers.shared] == ["scatter", "scatter"]
    assert cm.buffers.temp_bytes == 0  # x, s and s2 all live in the result buffer
    exe = compile_text(text)
    p = np.arange(256, dtype=np.float32).reshape(64, 4)
    i = np.array([[0], [63], [64], [-1], [0]], np.int32)
    u = np.ones((5, 4), np.float32)
    s = ref.scatter([-p], i, [u], (1,), (0,), (0,), 1, _add)[0]
    want = ref.scatter([s], i, [u], (1,), (0,), (0,), 1, _affine)[0]
    np.testing.assert_array_equal(exe([p, i, u]), want)


def test_operand_read_elsewhere_is_not_reused():
    text = f"""HloModule m
{COMBINERS}
ENTRY e {{
  p = f32[8] parameter(0)
  i = s32[2,1] parameter(1)
  u = f32[2] parameter(2)
  x = f32[8] negate(p)
  s = f32[8] scatter(x, i, u), {_dn((), (0,), (0,), 1)}, to_apply=add
  ROOT t = (f32[8], f32[8]) tuple(s, x)
}}
"""
    assert not compile_to_object(parse_module(text, "t.hlo")).buffers.shared
    p = np.arange(8, dtype=np.float32)
    got = compile_text(text)([p, np.array([[2], [2]], np.int32), np.array([1, 2], np.float32)])
    np.testing.assert_array_equal(got[1], -p)
    want = -p
    want[2] += 3
    np.testing.assert_array_equal(got[0], want)


def test_complex_scatter_reduce_window_and_reduce_combine_complex_values():
    """A complex combiner's result is one value (llvm's Cplx pair), not a tuple of two outputs."""
    from hloc.parse import parse_module
    from hloc.runtime.runner import run_module

    text = """HloModule m

add {
  a = c64[] parameter(0)
  b = c64[] parameter(1)
  ROOT s = c64[] add(a, b)
}

ENTRY main {
  x = c64[6] parameter(0)
  i = s32[3,1] parameter(1)
  u = c64[3] parameter(2)
  s = c64[6] scatter(x, i, u), update_window_dims={}, inserted_window_dims={0},
      scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add
  z = c64[] constant((0, 0))
  w = c64[5] reduce-window(x, z), window={size=2}, to_apply=add
  r = c64[] reduce(x, z), dimensions={0}, to_apply=add
  ROOT t = (c64[6], c64[5], c64[]) tuple(s, w, r)
}
"""
    rng = np.random.default_rng(0)
    x = (rng.standard_normal(6) + 1j * rng.standard_normal(6)).astype(np.complex64)
    u = (rng.standard_normal(3) + 1j * rng.standard_normal(3)).astype(np.complex64)
    idx = np.array([[1], [4], [1]], np.int32)
    want = x.copy()
    np.add.at(want, idx[:, 0], u)
    got_s, got_w, got_r = run_module(parse_module(text, "m"), [x, idx, u], "llvm")
    np.testing.assert_allclose(got_s, want, rtol=1e-6)
    np.testing.assert_allclose(got_w, x[:-1] + x[1:], rtol=1e-6)
    np.testing.assert_allclose(got_r, x.sum(), rtol=1e-5)
