"""batch-norm-training's variance E[X^2] - E^2[X] is clamped at 0, as XLA's BatchNormExpander does:
for a feature whose values are all equal it rounds to a few ulps of x^2 either side of 0, and below
-eps rsqrt(var + eps) was NaN, so the whole feature's output was NaN (found by the differential
fuzzer: a gather repeating one row, then batch-norm-training). Every path computes it: the native
kernel (no HLO pipeline), the batchnorm-expander (O2) and the interpreter."""

from __future__ import annotations

import numpy as np
import pytest

from hloc.parse import parse_module
from hloc.runtime.backends import BackendOptions
from hloc.runtime.runner import Runner

MODULE = """HloModule constant_feature
ENTRY main {
  x = f32[6,4] parameter(0)
  s = f32[4] parameter(1)
  o = f32[4] parameter(2)
  ROOT t = (f32[6,4], f32[4], f32[4]) batch-norm-training(x, s, o), epsilon=0.001, feature_index=1
}
"""

ROW = np.float32([-7.941947, 12345.678, 3.2816615, 98765.43])


def _run(backend: str, pipeline: str | None) -> list[np.ndarray]:
    options = BackendOptions(cache=False, hlo_pipeline=pipeline) if pipeline else BackendOptions(cache=False)
    r = Runner(parse_module(MODULE, "constant_feature.hlo"), backend, options=options)
    return r.run([np.tile(ROW, (6, 1)), np.float32([1, 2, 3, 4]), np.float32([0.5, -1, 2, 0.25])])


@pytest.mark.parametrize("backend,pipeline", [("llvm", "O0"), ("llvm", "O2"), ("interp", None)])
def test_a_constant_feature_has_zero_variance_and_a_finite_output(backend, pipeline):
    y, mean, var = _run(backend, pipeline)
    assert (var >= 0).all(), var
    # within the rounding of E[X^2] (a few ulps of x^2), never the NaN of rsqrt(negative)
    assert (var <= 8 * np.spacing(ROW * ROW)).all(), var
    np.testing.assert_allclose(mean, ROW, rtol=1e-6)
    assert np.isfinite(y).all(), y
