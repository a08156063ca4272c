"""Native gather vs an independent numpy reference (sparse_ref.gather): full dimension numbers,
batching dims, index_vector_dim in the middle and == rank, scalar indices, every index type with
adversarial values (run with every buffer fenced by guard pages), and a gather inside a fusion."""

from __future__ import annotations

import numpy as np
import pytest
import sparse_ref as ref
from guarded import run_guarded
from mathref import compile_text

from hloc.backend.llvm.compile import compile_to_object
from hloc.parse import parse_module


def _dn(offset, collapsed, sim, ivd, sizes, obd=(), ibd=()):
    s = (f"offset_dims={{{','.join(map(str, offset))}}}, collapsed_slice_dims={{{','.join(map(str, collapsed))}}}, "
         f"start_index_map={{{','.join(map(str, sim))}}}, index_vector_dim={ivd}, "
         f"slice_sizes={{{','.join(map(str, sizes))}}}")
    if obd:
        s += (f", operand_batching_dims={{{','.join(map(str, obd))}}}, "
              f"start_indices_batching_dims={{{','.join(map(str, ibd))}}}")
    return s


@pytest.fixture(scope="module", params=list(ref.INT_TYPES))
def adversarial(request):
    it = request.param
    n = 40
    text = f"""HloModule m
ENTRY e {{
  op = f32[7,5] parameter(0)
  i2 = {it}[{n},2] parameter(1)
  i1 = {it}[{n}] parameter(2)
  i0 = {it}[] parameter(3)
  opc = c64[7,5] parameter(4)
  g1 = f32[{n},2,3] gather(op, i2), {_dn((1, 2), (), (0, 1), 1, (2, 3))}
  g2 = f32[{n},5] gather(op, i1), {_dn((1,), (0,), (0,), 1, (1, 5))}
  g3 = f32[3,2] gather(op, i0), {_dn((0, 1), (), (0,), 0, (3, 2))}
  g4 = c64[{n},1,1] gather(opc, i2), {_dn((1, 2), (), (1, 0), 1, (1, 1))}
  ROOT t = (f32[{n},2,3], f32[{n},5], f32[3,2], c64[{n},1,1]) tuple(g1, g2, g3, g4)
}}
"""
    return it, n, compile_text(text)


def test_adversarial_indices_stay_in_bounds(adversarial):
    it, n, exe = adversarial
    dt = ref.INT_TYPES[it]
    rng = np.random.default_rng(0)
    vals = np.array(ref.adversarial_indices(dt, 7), dtype=object)
    i2 = rng.choice(vals, (n, 2)).astype(dt)
    i1 = rng.choice(vals, n).astype(dt)
    op = rng.standard_normal((7, 5)).astype(np.float32)
    opc = (rng.standard_normal((7, 5)) + 1j * rng.standard_normal((7, 5))).astype(np.complex64)
    want = [ref.gather(op, i2, (1, 2), (), (0, 1), 1, (2, 3)), ref.gather(op, i1, (1,), (0,), (0,), 1, (1, 5)),
            None, ref.gather(opc, i2, (1, 2), (), (1, 0), 1, (1, 1))]
    for i0 in ref.adversarial_indices(dt, 7)[::3]:
        i0 = np.array(i0, dt)
        want[2] = ref.gather(op, i0, (0, 1), (), (0,), 0, (3, 2))
        for got in run_guarded(exe, [op, i2, i1, i0, opc]):
            for g, w in zip(got, want):
                np.testing.assert_array_equal(g, w)


def test_batching_dims_and_index_vector_dim_in_the_middle():
    text = f"""HloModule m
ENTRY e {{
  a = f32[3,6,4] parameter(0)
  ia = s32[3,2,1] parameter(1)
  b = f32[5,6,7] parameter(2)
  ib = s64[2,2,3] parameter(3)
  c = f32[4,3,5] parameter(4)
  ic = u8[3,4,2] parameter(5)
  ga = f32[3,2,2,4] gather(a, ia), {_dn((2, 3), (), (1,), 2, (1, 2, 4), (0,), (0,))}
  gb = f32[2,3,3,2] gather(b, ib), {_dn((2, 3), (0,), (2, 0), 1, (1, 3, 2))}
  gc = f32[3,2,4] gather(c, ic), {_dn((1,), (1,), (1, 2), 2, (1, 1, 2), (0,), (1,))}
  ROOT t = (f32[3,2,2,4], f32[2,3,3,2], f32[3,2,4]) tuple(ga, gb, gc)
}}
"""
    exe = compile_text(text)
    rng = np.random.default_rng(1)
    a = rng.standard_normal((3, 6, 4)).astype(np.float32)
    ia = rng.integers(-3, 9, (3, 2, 1)).astype(np.int32)
    b = rng.standard_normal((5, 6, 7)).astype(np.float32)
    ib = rng.integers(-2, 9, (2, 2, 3)).astype(np.int64)
    c = rng.standard_normal((4, 3, 5)).astype(np.float32)
    ic = rng.integers(0, 255, (3, 4, 2)).astype(np.uint8)
    want = [ref.gather(a, ia, (2, 3), (), (1,), 2, (1, 2, 4), (0,), (0,)),
            ref.gather(b, ib, (2, 3), (0,), (2, 0), 1, (1, 3, 2)),
            ref.gather(c, ic, (1,), (1,), (1, 2), 2, (1, 1, 2), (0,), (1,))]
    got = exe([a, ia, b, ib, c, ic])
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)


def test_gather_inside_a_fusion():
    text = f"""HloModule m
fused {{
  p0 = f32[7,5] parameter(0)
  p1 = s32[4,2] parameter(1)
  g = f32[4,2,3] gather(p0, p1), {_dn((1, 2), (), (0, 1), 1, (2, 3))}
  c = f32[] constant(2)
  bc = f32[4,2,3] broadcast(c), dimensions={{}}
  ROOT m = f32[4,2,3] multiply(g, bc)
}}
ENTRY e {{
  a = f32[7,5] parameter(0)
  i = s32[4,2] parameter(1)
  ROOT f = f32[4,2,3] fusion(a, i), kind=kLoop, calls=fused
}}
"""
    exe = compile_text(text)
    a = np.arange(35, dtype=np.float32).reshape(7, 5)
    i = np.array([[0, 0], [-1, 9], [6, 4], [2147483647, -2147483648]], np.int32)
    want = 2 * ref.gather(a, i, (1, 2), (), (0, 1), 1, (2, 3))
    for got in run_guarded(exe, [a, i]):
        np.testing.assert_array_equal(got[0], want)


def test_gather_checks_the_dimension_numbers():
    from hloc.errors import CodegenError

    text = f"""HloModule m
ENTRY e {{
  a = f32[7,5] parameter(0)
  i = s32[4,2] parameter(1)
  ROOT g = f32[4,8,3] gather(a, i), {_dn((1, 2), (), (0, 1), 1, (8, 3))}
}}
"""
    with pytest.raises(CodegenError, match="slice size 8"):
        compile_to_object(parse_module(text, "t.hlo"))
