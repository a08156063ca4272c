"""The multi-device modules of ../shared/corpus/xla on the interpreter at their device counts, against
XLA:CPU's outputs with that many host devices (tests/devices_oracle.py --corpus; sampled positions)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import XLA_CORPUS

from hloc.interp import evaluate_devices
from hloc.parse import parse_module
from hloc.runtime.values import flatten_result

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import devices_oracle  # noqa: E402

EXPECTED = devices_oracle.corpus_expected()


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(EXPECTED))
def test_corpus_module_on_its_devices_equals_xla(name):
    path = XLA_CORPUS / name
    if not path.exists():
        pytest.skip(f"no corpus at {XLA_CORPUS}")
    module = parse_module(path.read_text(), str(path))
    r, p = devices_oracle.module_replicas_partitions(module)
    args = devices_oracle.per_device_inputs(module, path.stem, r * p, 0)
    results = evaluate_devices(module, [[a[d] for a in args] for d in range(r * p)])
    got = [flatten_result(module.entry.root.shape, v, "interp") for v in results]
    for k, want in enumerate(EXPECTED[name]):
        key = f"{name}/out{k}"
        for d in range(r * p):
            flat = got[d][k].reshape(-1)
            sample = devices_oracle.to_bits(flat[devices_oracle.sample_positions(flat.size, key)])
            if want.dtype.kind in "biu" and sample.dtype == want.dtype and sample.dtype.kind != "f":
                assert np.array_equal(sample, want[d]), f"device {d} out{k}"
            else:
                np.testing.assert_allclose(sample.astype(np.float64), want[d].astype(np.float64), rtol=1e-5,
                                           atol=1e-5, err_msg=f"device {d} out{k}")


def test_the_oracle_covers_the_corpus_modules_xla_runs():
    assert len(EXPECTED) >= 10
