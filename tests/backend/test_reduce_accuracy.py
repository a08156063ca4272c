"""Long f32 sums natively and on the interpreter at most 2x as far from the f64 sum as XLA:CPU's
(issue 13), on benchmarks/bench_accuracy.py's cases. XLA's errors were measured by that script
(`python -m benchmarks.run accuracy`, the BENCHMARKS.md table) on the same seeded inputs."""

from __future__ import annotations

import pytest

from benchmarks.bench_accuracy import CASES, measure_case

XLA_ERROR = {  # XLA:CPU (jaxlib 0.12), relative error against the f64 sum
    "row_16x65536": 1.05e-07,
    "column_65536x16": 8.14e-08,
    "batchnorm_mean_64x8x8x64": 1.01e-07,
    "all_1m": 6.61e-08,
    "middle_256x1024x4": 1.42e-07,
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_within_twice_xla(name):
    errs = measure_case(name, with_xla=False)
    for backend, err in errs.items():
        assert err <= 2 * XLA_ERROR[name], f"{name}: {backend} error {err:.3g} > 2 x XLA's {XLA_ERROR[name]:.3g}"
