"""`bitcast` that changes the element type at the same width (XLA:CPU's optimized sort comparators
write `s32[] bitcast(f32[] x)`, found in a real dump's cpu_after_optimizations module): the same bits,
on both backends, scalars and arrays with layouts."""

from __future__ import annotations

import numpy as np
from mathref import compile_text

from hloc.interp import evaluate
from hloc.parse import parse_module

TEXT = """HloModule m
ENTRY e {
  x = f32[] parameter(0)
  y = f32[2,3]{1,0} parameter(1)
  a = s32[] bitcast(x)
  b = u32[3,2]{0,1} bitcast(y)
  ROOT t = (s32[], u32[3,2]{0,1}) tuple(a, b)
}
"""


def test_bitcast_changes_element_type_keeping_bits():
    x = np.float32(-1.5)
    y = np.array([[1.0, -2.0, np.inf], [0.5, np.nan, -0.0]], np.float32)
    want_a = np.array(x).view(np.int32)
    want_b = y.view(np.uint32).T  # {0,1} layout over the same bytes: the transpose
    for out in (evaluate(parse_module(TEXT, "t.hlo"), [x, y]), compile_text(TEXT)([x, y])):
        a, b = out
        assert a.dtype == np.int32 and a == want_a
        assert b.dtype == np.uint32
        np.testing.assert_array_equal(b, want_b)
