"""batch-norm-training/-inference/-grad: an XLA-computed case (testdata/interp/batch_norm_all) and
the textbook definitions in float64 (mean, biased variance, normalization; the gradient checked
against finite differences of the training output)."""

from __future__ import annotations

import numpy as np
import pytest
from heavy_support import case_names, check_outputs, load_case, run


@pytest.mark.parametrize("name", case_names("batch_norm_"))
def test_batch_norm_matches_xla(name):
    text, ins, outs, meta = load_case(name)
    check_outputs(run(text, *ins), outs, meta["rtol"], meta["atol"], name)


TRAIN = """
HloModule m
ENTRY e {
  x = f64[3,4,5] parameter(0)
  s = f64[4] parameter(1)
  o = f64[4] parameter(2)
  ROOT t = (f64[3,4,5], f64[4], f64[4]) batch-norm-training(x, s, o), epsilon=0.01, feature_index=1
}
"""

GRAD = """
HloModule m
ENTRY e {
  x = f64[3,4,5] parameter(0)
  s = f64[4] parameter(1)
  m = f64[4] parameter(2)
  v = f64[4] parameter(3)
  dy = f64[3,4,5] parameter(4)
  ROOT t = (f64[3,4,5], f64[4], f64[4]) batch-norm-grad(x, s, m, v, dy), epsilon=0.01, feature_index=1
}
"""


def _inputs():
    rng = np.random.default_rng(4)
    return rng.standard_normal((3, 4, 5)) * 3 + 1, rng.standard_normal(4), rng.standard_normal(4)


def test_training_normalizes_with_the_biased_batch_variance():
    x, s, o = _inputs()
    y, mean, var = run(TRAIN, x, s, o)
    m = x.mean(axis=(0, 2))
    v = x.var(axis=(0, 2))
    np.testing.assert_allclose(mean, m, rtol=1e-12)
    np.testing.assert_allclose(var, v, rtol=1e-10)
    eps = float(np.float32(0.01))  # XLA holds epsilon as f32 (testdata/regress/fuzz_172)
    want = (x - m[:, None]) / np.sqrt(v[:, None] + eps) * s[:, None] + o[:, None]
    np.testing.assert_allclose(y, want, rtol=1e-10, atol=1e-10)


def test_inference_uses_the_given_statistics():
    x, s, o = _inputs()
    m, v = np.array([0.5, -1, 2, 0]), np.array([1, 2, 0.5, 3.0])
    text = ("HloModule m\nENTRY e {\n  x = f64[3,4,5] parameter(0)\n  s = f64[4] parameter(1)\n"
            "  o = f64[4] parameter(2)\n  m = f64[4] parameter(3)\n  v = f64[4] parameter(4)\n"
            "  ROOT y = f64[3,4,5] batch-norm-inference(x, s, o, m, v), epsilon=0.01, feature_index=1\n}\n")
    eps = float(np.float32(0.01))  # XLA holds epsilon as f32 (testdata/regress/fuzz_172)
    want = (x - m[:, None]) / np.sqrt(v[:, None] + eps) * s[:, None] + o[:, None]
    np.testing.assert_allclose(run(text, x, s, o, m, v), want, rtol=1e-12)


def test_grad_is_the_derivative_of_training():
    x, s, o = _inputs()
    dy = np.random.default_rng(5).standard_normal(x.shape)
    _, mean, var = run(TRAIN, x, s, o)
    dx, ds, do = run(GRAD, x, s, mean, var, dy)

    def loss(x_, s_, o_):
        return float(np.sum(run(TRAIN, x_, s_, o_)[0] * dy))

    h = 1e-6
    for idx in [(0, 0, 0), (1, 2, 3), (2, 3, 4)]:
        e = np.zeros_like(x)
        e[idx] = h
        np.testing.assert_allclose(dx[idx], (loss(x + e, s, o) - loss(x - e, s, o)) / (2 * h), rtol=1e-5)
    for f in range(4):
        e = np.zeros(4)
        e[f] = h
        np.testing.assert_allclose(ds[f], (loss(x, s + e, o) - loss(x, s - e, o)) / (2 * h), rtol=1e-5)
        np.testing.assert_allclose(do[f], (loss(x, s, o + e) - loss(x, s, o - e)) / (2 * h), rtol=1e-5)
