"""Under `make test-avx2` (HLOC_TEST_MATRIX=avx2): the AVX2-only configuration really is in effect, so a
green run means what it says. Without it these tests skip."""

from __future__ import annotations

import os

import pytest
from cpu_matrix import AVX2_CPU, OPENBLAS_AVX2_CORE, numpy_avx512_targets, openblas_core

pytestmark = pytest.mark.skipif(os.environ.get("HLOC_TEST_MATRIX") != "avx2",
                                reason="checks the configuration of make test-avx2 (HLOC_TEST_MATRIX=avx2)")


def test_native_code_is_for_an_avx2_cpu():
    from hloc.backend.llvm.codegen.target import TargetSpec

    spec = TargetSpec().resolved()
    features = spec.features.split(",")
    assert spec.cpu == AVX2_CPU and "+avx2" in features  # (the features the backend reads: cpu_features.py)
    assert not any(f.startswith("+avx512") for f in features), spec.features


def test_numpy_dispatches_no_avx512_loop():
    assert numpy_avx512_targets() == []


def test_openblas_uses_its_avx2_kernels():
    core = openblas_core()
    if core is None:
        pytest.skip("numpy's OpenBLAS does not say which kernels it uses")
    assert core == OPENBLAS_AVX2_CORE
