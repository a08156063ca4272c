"""real / imag / convert of a 0-d complex value stay 0-d (np.ascontiguousarray makes them 1-d):
jnp.linalg.det of a complex matrix ends in real(c128[]) and was interpreted as f64[1]."""

from __future__ import annotations

import numpy as np

from hloc.interp import evaluate
from hloc.parse import parse_module


def test_scalar_real_imag_convert_keep_their_shape():
    text = """HloModule m

ENTRY main {
  z = c128[] parameter(0)
  r = f64[] real(z)
  i = f64[] imag(z)
  c = f32[] convert(z)
  ROOT t = (f64[], f64[], f32[]) tuple(r, i, c)
}
"""
    r, i, c = evaluate(parse_module(text, "m"), [np.asarray(3 - 4j)])
    assert r.shape == i.shape == c.shape == ()
    assert (float(r), float(i), float(c)) == (3.0, -4.0, 3.0)
