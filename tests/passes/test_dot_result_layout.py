"""dot-result-layout: testdata/passes/dot-result-layout/ cases (before/after, near misses,
idempotence, equivalence), and the native result of the accumulation it re-lays out (numpy)."""

from __future__ import annotations

import numpy as np
import pytest
from cases import cases, check_case, check_equivalence

from hloc.backend.llvm import compile_module
from hloc.parse import parse_module
from hloc.passes import run_pipeline

CASES = cases("dot-result-layout")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


@pytest.mark.parametrize("relayout", [False, True], ids=["as-written", "dot-result-layout"])
def test_native_accumulation_of_a_transposed_product(relayout):
    module = parse_module((CASES[0].parent / "accumulate_transposed.hlo").read_text(), "t.hlo")
    if relayout:
        assert run_pipeline(module, "dot-result-layout")
    dot = next(i for i in module.entry.instructions if i.opcode == "dot")
    assert dot.shape.minor_to_major == ((1, 0) if relayout else (0, 1))
    rng = np.random.default_rng(5)
    acc, a, b = (rng.standard_normal(s).astype(np.float32) for s in ((4, 3), (5, 3), (5, 4)))
    got = compile_module(module)([acc, a, b])
    want = acc.astype(np.float64) + b.astype(np.float64).T @ a.astype(np.float64)
    np.testing.assert_allclose(np.asarray(got), want, rtol=1e-5, atol=1e-5)
