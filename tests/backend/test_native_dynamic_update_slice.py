"""dynamic-slice and dynamic-update-slice: clamped starts for every index type and adversarial
values (guard pages around every buffer), in-place updates of dead operand buffers."""

from __future__ import annotations

import numpy as np
import pytest
import sparse_ref as ref
from guarded import run_guarded
from mathref import compile_text

from hloc.backend.llvm.compile import compile_to_object
from hloc.parse import parse_module


@pytest.fixture(scope="module", params=list(ref.INT_TYPES))
def module(request):
    it = request.param
    text = f"""HloModule m
ENTRY e {{
  op = f32[9,6] parameter(0)
  u = f32[4,2] parameter(1)
  i = {it}[] parameter(2)
  j = {it}[] parameter(3)
  ds = f32[4,2] dynamic-slice(op, i, j), dynamic_slice_sizes={{4,2}}
  dus = f32[9,6] dynamic-update-slice(op, u, i, j)
  x = f32[9,6] negate(op)
  dx = f32[9,6] dynamic-update-slice(x, u, j, i)
  ROOT t = (f32[4,2], f32[9,6], f32[9,6]) tuple(ds, dus, dx)
}}
"""
    return it, text, compile_text(text)


def test_starts_are_clamped(module):
    it, text, exe = module
    dt = ref.INT_TYPES[it]
    assert [i.name for i in compile_to_object(parse_module(text, "t.hlo")).buffers.in_place] == ["dx"]
    rng = np.random.default_rng(4)
    op = rng.standard_normal((9, 6)).astype(np.float32)
    u = rng.standard_normal((4, 2)).astype(np.float32)
    vals = ref.adversarial_indices(dt, 9)
    for k, (i, j) in enumerate(zip(vals, vals[::-1])):
        a, c = ref.clamp_start(i, 9, 4), ref.clamp_start(j, 6, 2)
        want_dus = op.copy()
        want_dus[a:a + 4, c:c + 2] = u
        want_dx = -op
        a2, c2 = ref.clamp_start(j, 9, 4), ref.clamp_start(i, 6, 2)
        want_dx[a2:a2 + 4, c2:c2 + 2] = u
        args = [op, u, np.array(i, dt), np.array(j, dt)]
        runs = run_guarded(exe, args) if k % 4 == 0 else [list(exe(args))]
        for got in runs:
            np.testing.assert_array_equal(got[0], op[a:a + 4, c:c + 2])
            np.testing.assert_array_equal(got[1], want_dus)
            np.testing.assert_array_equal(got[2], want_dx)


def test_scan_style_updates_happen_in_place():
    text = """HloModule m
ENTRY e {
  p = f32[16,32] parameter(0)
  r = f32[1,32] parameter(1)
  i = s32[] parameter(2)
  z = s32[] constant(0)
  one = s32[] constant(1)
  x = f32[16,32] exponential(p)
  d1 = f32[16,32] dynamic-update-slice(x, r, i, z)
  i1 = s32[] add(i, one)
  d2 = f32[16,32] dynamic-update-slice(d1, r, i1, z)
  ROOT d3 = f32[16,32] dynamic-update-slice(d2, r, i1, i)
}
"""
    cm = compile_to_object(parse_module(text, "t.hlo"))
    assert len(cm.buffers.in_place) == 3
    assert cm.buffers.temp_bytes <= 64  # only the scalar i+1; the array lives in the result
    p = np.linspace(-1, 1, 512, dtype=np.float32).reshape(16, 32)
    r = np.full((1, 32), 7, np.float32)
    got = compile_text(text)([p, r, np.int32(15)])
    want = np.exp(p)
    want[15] = 7
    np.testing.assert_allclose(got, want, rtol=2e-6)


def test_non_default_layouts_are_copied_elementwise():
    text = """HloModule m
ENTRY e {
  p = f32[5,3]{0,1} parameter(0)
  u = f32[2,2]{1,0} parameter(1)
  i = s32[] parameter(2)
  ROOT d = f32[5,3]{1,0} dynamic-update-slice(p, u, i, i)
}
"""
    p = np.arange(15, dtype=np.float32).reshape(5, 3)
    u = np.array([[-1, -2], [-3, -4]], np.float32)
    got = compile_text(text)([p, u, np.int32(1)])
    want = p.copy()
    want[1:3, 1:3] = u
    np.testing.assert_array_equal(got, want)
