"""Differential tests: the native backend vs the reference interpreter (hloc.interp) on seeded random
inputs, for the corpus modules whose ops the backend covers.

The interpreter is being written in parallel: a case whose module uses an op the interpreter does
not handle yet is skipped (not failed), so these tests switch themselves on as handlers land.
Inputs avoid denormals (the backend flushes them like XLA:CPU; the interpreter does not).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import JAX_CORPUS, require_corpus
from test_corpus_native import CASES, flatten

from hloc.backend.llvm import compile_module
from hloc.errors import RunError
from hloc.parse import parse_module

# Per-case tolerances for float outputs: transcendental approximations differ from numpy's by a few
# ulps, and reductions may sum in another order.
RTOL = {"reductions": 1e-4, "softmax": 1e-5, "logsumexp": 1e-5, "layernorm": 1e-4, "iota_tri": 1e-5}
# dots and convolutions sum in another order than numpy/BLAS (blocked GEMM, reassociated loops): the
# MANIFEST's "f32 model" tolerance
RTOL.update({name: 2e-4 for name in ("mlp_forward", "batched_matmul", "dot_general_variants", "einsum", "linalg_plain",
                                     "attention", "transformer_layer", "scan_rnn", "conv2d_nhwc_same",
                                     "conv2d_nchw_strided", "conv_dilated_transposed", "conv2d_grouped",
                                     "conv_backward")})


def random_inputs(module, seed: int) -> list:
    """Floats ~N(0,1), ints in [0, 8), random bools: the oracle tool's --gen-inputs convention."""
    rng = np.random.default_rng(seed)
    out = []
    for s in module.entry.parameter_shapes:
        et = s.element_type
        if et.kind == "pred":
            out.append(rng.random(s.dims) < 0.5)
        elif et.is_integer:
            out.append(rng.integers(0, 8, s.dims).astype(s.dtype))
        else:
            out.append(rng.standard_normal(s.dims).astype(s.dtype))
    return out


@pytest.mark.parametrize("name", CASES)
def test_native_matches_interpreter(name):
    require_corpus()
    from hloc.interp import evaluate

    module = parse_module((JAX_CORPUS / f"{name}.hlo").read_text(), f"{name}.hlo")
    args = random_inputs(module, 1)
    try:
        want = flatten(evaluate(module, args))
    except RunError as e:
        if "does not support" in str(e):
            pytest.skip(f"interpreter: {e.message}")
        raise
    got = flatten(compile_module(module)(args))
    assert len(got) == len(want)
    rtol = RTOL.get(name, 2e-6)
    for i, (g, w) in enumerate(zip(got, want)):
        w = np.asarray(w)
        assert g.shape == w.shape and g.dtype == w.dtype, f"out{i}"
        if w.dtype.kind in "biu":
            np.testing.assert_array_equal(g, w, err_msg=f"{name} out{i}")
        else:
            tol = max(rtol, 1e-2) if w.dtype.itemsize <= 2 else rtol
            np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=tol, atol=tol,
                                       equal_nan=True, err_msg=f"{name} out{i}")
