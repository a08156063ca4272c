"""Multi-output fusion kernels: sibling reduces over one input walk, elementwise side outputs
stored during that walk, same-shape loop roots in one loop. References are numpy."""

from __future__ import annotations

import numpy as np
import pytest
from mathref import compile_text

REDUCERS = """
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

max {
  c = f32[] parameter(0)
  d = f32[] parameter(1)
  ROOT m = f32[] maximum(c, d)
}
"""


@pytest.mark.parametrize("dim", [0, 1], ids=["column", "row"])
def test_sibling_reduces_and_side_output(dim):
    # sum(x), sum(x*x), max(x) and e = exp(x) (x's shape) from one walk over x.
    out = 48 if dim == 0 else 32
    text = f"""HloModule t
{REDUCERS}
fc {{
  x = f32[32,48] parameter(0)
  zero = f32[] constant(0)
  ninf = f32[] constant(-inf)
  s1 = f32[{out}] reduce(x, zero), dimensions={{{dim}}}, to_apply=add
  sq = f32[32,48] multiply(x, x)
  s2 = f32[{out}] reduce(sq, zero), dimensions={{{dim}}}, to_apply=add
  mx = f32[{out}] reduce(x, ninf), dimensions={{{dim}}}, to_apply=max
  e = f32[32,48] exponential(x)
  ROOT t = (f32[{out}], f32[{out}], f32[{out}], f32[32,48]) tuple(s1, s2, mx, e)
}}

ENTRY main {{
  p = f32[32,48] parameter(0)
  ROOT f = (f32[{out}], f32[{out}], f32[{out}], f32[32,48]) fusion(p), kind=kInput, calls=fc
}}
"""
    exe = compile_text(text)
    x = np.random.default_rng(0).standard_normal((32, 48)).astype(np.float32)
    s1, s2, mx, e = exe([x])
    np.testing.assert_allclose(s1, x.sum(dim), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(s2, (x * x).sum(dim), rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(mx, x.max(dim))
    np.testing.assert_allclose(e, np.exp(x), rtol=2e-6)
    # one kernel, no temp buffers
    assert exe.temp_bytes == 0


def test_side_output_that_depends_on_the_reduce_is_a_loop_of_its_own():
    # c = x - max(x) needs the finished max: computed after the walk, not during it.
    text = f"""HloModule t
{REDUCERS}
fc {{
  x = f32[8,16] parameter(0)
  ninf = f32[] constant(-inf)
  mx = f32[8] reduce(x, ninf), dimensions={{1}}, to_apply=max
  b = f32[8,16] broadcast(mx), dimensions={{0}}
  c = f32[8,16] subtract(x, b)
  ROOT t = (f32[8], f32[8,16]) tuple(mx, c)
}}

ENTRY main {{
  p = f32[8,16] parameter(0)
  ROOT f = (f32[8], f32[8,16]) fusion(p), kind=kInput, calls=fc
}}
"""
    x = np.random.default_rng(1).standard_normal((8, 16)).astype(np.float32)
    mx, c = compile_text(text)([x])
    np.testing.assert_array_equal(mx, x.max(1))
    np.testing.assert_array_equal(c, x - x.max(1, keepdims=True))


def test_loop_fusion_and_elementwise_write_over_a_dying_operand():
    # a (a temporary) dies at the fusion, which reads it at the output index: the fusion writes
    # over it; tanh then writes over the fusion's output. One 1 KiB temporary in all; the kernels
    # read the shared operand through their output pointer.
    from hloc.backend.llvm import buffer_assignment
    from hloc.parse import parse_module

    text = """HloModule t
fc {
  x = f32[16,16] parameter(0)
  y = f32[16,16] parameter(1)
  e = f32[16,16] exponential(x)
  yt = f32[16,16] transpose(y), dimensions={1,0}
  ROOT s = f32[16,16] add(e, yt)
}

ENTRY main {
  p = f32[16,16] parameter(0)
  q = f32[16,16] parameter(1)
  a = f32[16,16] transpose(p), dimensions={1,0}
  f = f32[16,16] fusion(a, q), kind=kLoop, calls=fc
  g = f32[16,16] tanh(f)
  ROOT r = f32[16,16] reverse(g), dimensions={0}
}
"""
    ba = buffer_assignment(parse_module(text)).entry
    assert {i.name: pairs for i, pairs in ba.in_place.items()} == {"f": {0: 0}, "g": {0: 0}}
    exe = compile_text(text)
    assert exe.temp_bytes == 1024
    rng = np.random.default_rng(2)
    p, q = rng.standard_normal((2, 16, 16)).astype(np.float32)
    np.testing.assert_allclose(exe([p, q]), np.tanh(np.exp(p.T) + q.T)[::-1], rtol=2e-6, atol=1e-7)
