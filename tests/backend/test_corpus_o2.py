"""The jax corpus cases the native backend covers, compiled after -O2 (fusion, multi-output
fusion, buffer reuse): results vs XLA's outputs, with the corpus MANIFEST's tolerances, and the
backend's buffer assignments (kernel scratch included) pass the checker."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import JAX_CORPUS, require_corpus
from test_corpus_native import CASES, flatten, load_case, manifest

from hloc.backend.llvm import buffer_assignment, compile_module
from hloc.parse import parse_module
from hloc.passes import optimize
from hloc.passes.analysis.buffer_assignment import check

pytestmark = pytest.mark.slow  # a corpus sweep


def assert_matches_xla(name: str, got: list, expected: list) -> None:
    row = manifest()[name]
    rtol, atol = float(row["rtol"]), float(row["atol"])
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        g = np.asarray(g)
        if g.dtype != e.dtype and g.dtype.itemsize == e.dtype.itemsize and e.dtype.kind == "u":
            if rtol or atol:  # bf16 stored as bits: compare the values with the case's tolerance
                e = e.view(g.dtype)
            else:
                g = g.view(e.dtype)  # exact cases compare bits
        assert g.shape == e.shape, f"{name} out{i}"
        if e.dtype.kind in "biu" or (rtol == 0 and atol == 0):
            np.testing.assert_array_equal(g, e, err_msg=f"{name} out{i}")
        else:
            np.testing.assert_allclose(g.astype(np.float64), e.astype(np.float64), rtol=rtol, atol=atol,
                                       equal_nan=True, err_msg=f"{name} out{i}")


@pytest.mark.parametrize("name", CASES)
def test_corpus_case_after_O2(name):
    require_corpus()
    module = parse_module((JAX_CORPUS / f"{name}.hlo").read_text(), f"{name}.hlo")
    ins, expected = load_case(name, module)
    optimize(module, "O2")
    assert_matches_xla(name, flatten(compile_module(module)(ins)), expected)
    problems = [p for a in buffer_assignment(module).all() for p in check(a)]
    assert not problems, problems[:5]
