"""Multi-device modules natively, N devices as threads of one process over one compiled object
(runtime/collectives.py), against XLA:CPU with N host devices (testdata/devices, the corpus)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import TESTDATA, XLA_CORPUS

from hloc.backend.llvm.runner_backend import LlvmBackend
from hloc.errors import RunError
from hloc.parse import parse_module
from hloc.runtime import collectives
from hloc.runtime.backends import BackendOptions
from hloc.runtime.values import flatten_result

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import devices_oracle  # noqa: E402

CASES = sorted((TESTDATA / "devices").glob("*.hlo"))


def native_devices(module, per_device: list[list]) -> list[list[np.ndarray]]:
    collectives.install()
    r, p = devices_oracle.module_replicas_partitions(module)
    exe = LlvmBackend().prepare(module, BackendOptions(threads=1))
    results = collectives.run_threads(exe, per_device, r, p)
    return [flatten_result(module.entry.root.shape, v, "llvm") for v in results]


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_native_threads_equal_xla(path):
    args, want = devices_oracle.load(path.with_suffix(".npz"))
    module = parse_module(path.read_text(), str(path))
    got = native_devices(module, [[a[d] for a in args] for d in range(args[0].shape[0])])
    for d, outs in enumerate(got):
        for k, o in enumerate(outs):
            assert o.dtype == want[k].dtype and o.shape == want[k].shape[1:]
            if o.dtype.kind in "biu":
                assert np.array_equal(o, want[k][d]), f"device {d} out{k}"
            else:
                np.testing.assert_allclose(o.astype(np.complex128), want[k][d].astype(np.complex128), rtol=1e-6,
                                           atol=1e-6, err_msg=f"device {d} out{k}")


def test_a_collective_outside_a_device_run_is_an_error():
    module = parse_module((TESTDATA / "devices" / "loop_psum.hlo").read_text(), "loop_psum.hlo")
    collectives.install()
    exe = LlvmBackend().prepare(module, BackendOptions(threads=1))
    with pytest.raises(RunError, match="outside a multi-device run"):
        collectives.call_as(None, lambda: exe([np.zeros(6, np.float32)]))


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(devices_oracle.corpus_expected()))
def test_corpus_modules_natively(name):
    EXPECTED = devices_oracle.corpus_expected()  # noqa: N806
    path = XLA_CORPUS / name
    if not path.exists() or name not in EXPECTED:
        pytest.skip("no corpus or no oracle data")
    module = parse_module(path.read_text(), str(path))
    r, p = devices_oracle.module_replicas_partitions(module)
    args = devices_oracle.per_device_inputs(module, path.stem, r * p, 0)
    got = native_devices(module, [[a[d] for a in args] for d in range(r * p)])
    for k, want in enumerate(EXPECTED[name]):
        for d in range(r * p):
            flat = got[d][k].reshape(-1)
            sample = devices_oracle.to_bits(flat[devices_oracle.sample_positions(flat.size, f"{name}/out{k}")])
            np.testing.assert_allclose(sample.astype(np.float64), want[d].astype(np.float64), rtol=1e-5, atol=1e-5)
