"""Multi-device modules natively, N devices as threads of one process over one compiled object
(runtime/collectives.py), against XLA:CPU with N host devices (testdata/devices, the corpus)."""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import TESTDATA, XLA_CORPUS

from benchmarks import bench_collectives
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
    with pytest.raises(RunError, match="several devices"):
        collectives.call_as(None, lambda: exe([np.zeros(6, np.float32)]))
    with pytest.raises(RunError, match="several devices"):  # (it returned uninitialised memory)
        exe([np.zeros(6, np.float32)])


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


# The common collectives run in the native runtime (library/rendezvous.py), without the Python
# callback: the callback's parsed ops (collectives._OPS) stay empty.
NATIVE_CASES = ["jax_pmap_mlp_step_2", "jax_pmap_tp_matmul_4", "jax_pmap_ring_4", "gather_scatter", "all_to_all",
                "ids_2x2", "permute", "mesh_axes", "loop_psum"]


@pytest.mark.parametrize("name", NATIVE_CASES)
def test_common_collectives_do_not_enter_python(name):
    path = TESTDATA / "devices" / f"{name}.hlo"
    args, want = devices_oracle.load(path.with_suffix(".npz"))
    module = parse_module(path.read_text(), str(path))
    collectives._OPS.clear()
    got = native_devices(module, [[a[d] for a in args] for d in range(args[0].shape[0])])
    assert sorted({op.op for op in collectives._OPS.values()}) == []
    for d, outs in enumerate(got):
        for k, o in enumerate(outs):
            np.testing.assert_allclose(o.astype(np.float64), want[k][d].astype(np.float64), rtol=1e-6, atol=1e-6)


def test_bf16_all_reduce_goes_through_the_callback():
    path = TESTDATA / "devices" / "all_reduce_types.hlo"
    args, want = devices_oracle.load(path.with_suffix(".npz"))
    module = parse_module(path.read_text(), str(path))
    collectives._OPS.clear()
    native_devices(module, [[a[d] for a in args] for d in range(args[0].shape[0])])
    etypes = {op.operands[0].etype for op in collectives._OPS.values()}
    assert {"bf16", "f16", "c64"} <= etypes and "f64" not in etypes


def _threads_within(seconds: float, fn):
    """fn()'s exception (or None), failing the test if it does not return in time (a hang)."""
    import threading

    box: list = [None]

    def body():
        try:
            fn()
        except BaseException as e:  # handed to the test
            box[0] = e

    t = threading.Thread(target=body, daemon=True)
    t.start()
    t.join(seconds)
    assert not t.is_alive(), "the devices still wait"
    return box[0]


def _loop_psum():
    module = parse_module((TESTDATA / "devices" / "loop_psum.hlo").read_text(), "loop_psum.hlo")
    collectives.install()
    return LlvmBackend().prepare(module, BackendOptions(threads=1))


def test_a_device_failing_before_a_native_collective_releases_the_others():
    exe = _loop_psum()

    def per_device(args):
        if args[1] == 1:
            raise RunError("device 1 gave up")
        return exe(args[:1])

    x = np.ones(6, np.float32)
    err = _threads_within(60, lambda: collectives.run_threads(per_device, [[x, 0], [x, 1]], 2, 1))
    assert isinstance(err, RunError) and "device 1 gave up" in str(err)


def test_a_device_finishing_without_the_collective_releases_the_others():
    exe = _loop_psum()
    x = np.ones(6, np.float32)
    got: dict = {}

    def per_device(args):
        got[args[1]] = None if args[1] == 1 else exe(args[:1])

    err = _threads_within(60, lambda: collectives.run_threads(per_device, [[x, 0], [x, 1]], 2, 1))
    assert isinstance(err, RunError) and "device 1 finished without reaching it" in str(err)


def test_devices_at_different_collectives_are_an_error():
    exe = _loop_psum()
    other = parse_module("HloModule other, replica_count=2\n\nadd {\n  a = f32[] parameter(0)\n"
                         "  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\n\nENTRY e {\n"
                         "  x = f32[6] parameter(0)\n"
                         "  ROOT r = f32[6] all-reduce(x), replica_groups={}, to_apply=add\n}\n", "other")
    exe_other = LlvmBackend().prepare(other, BackendOptions(threads=1))
    x = np.ones(6, np.float32)

    def per_device(args):
        return (exe if args[1] == 0 else exe_other)(args[:1])

    err = _threads_within(60, lambda: collectives.run_threads(per_device, [[x, 0], [x, 1]], 2, 1))
    assert isinstance(err, RunError) and "reached another collective" in str(err)


def overlap_module(asynchronous: bool, k: int, n: int = 65536) -> str:
    """Device 1 computes k steps (sine of f32[n]) before an all-reduce, device 0 as many after it,
    independently: with the asynchronous form, device 0's steps run while the all-reduce waits for
    device 1 (about k steps in all); with the blocking one, after it (about 2k). The bench's module."""
    return bench_collectives.overlap_module("asynchronous" if asynchronous else "blocking", k, n)


def test_an_asynchronous_end_is_scheduled_after_the_independent_compute():
    from hloc.backend.llvm.codegen.emitter import flatten_entry

    _, order = flatten_entry(parse_module(overlap_module(True, 3, 16), "overlap"))
    ops = [i.opcode for i in order]
    loops = [k for k, op in enumerate(ops) if op == "while"]
    assert ops.index("all-reduce-start") < loops[1] < ops.index("all-reduce-done")


def _overlap_run(asynchronous: bool, k: int, n: int):
    """(each device's outputs on 2 threads, the input). How much the forms overlap is measured by
    `make bench` (benchmarks/bench_collectives.py, overlap), not here."""
    collectives.install()
    module = parse_module(overlap_module(asynchronous, k, n), "overlap")
    exe = LlvmBackend().prepare(module, BackendOptions(threads=1))
    x = np.linspace(0, 1, n, dtype=np.float32)
    out = collectives.run_threads(exe, [[x], [x]], 2, 1)
    return [flatten_result(module.entry.root.shape, v, "llvm") for v in out], x


@pytest.mark.parametrize("asynchronous", [True, False])
def test_asynchronous_and_blocking_all_reduce_results(asynchronous):
    k = 3
    outs, x = _overlap_run(asynchronous, k, 64)
    y1 = x
    for _ in range(k):
        y1 = np.sin(y1)
    for d, (total, own) in enumerate(outs):
        np.testing.assert_allclose(np.asarray(total), x + y1, rtol=1e-6, atol=1e-6)  # x on device 0, sin^k x on 1
        np.testing.assert_allclose(np.asarray(own), x if d == 1 else y1, rtol=1e-6, atol=1e-6)

