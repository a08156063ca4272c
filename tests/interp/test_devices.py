"""N devices on the interpreter (interp/participants.py) against XLA:CPU with N host devices.

testdata/devices/NAME.hlo with NAME.npz: per-device inputs and XLA:CPU's per-device outputs
(tests/devices_oracle.py --regenerate). What XLA:CPU cannot run (collective-broadcast,
ragged-all-to-all) is checked from first principles below.
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import TESTDATA

from hloc.errors import RunError
from hloc.interp import evaluate_devices
from hloc.parse import parse_module
from hloc.runtime.values import flatten_result

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import devices_oracle  # noqa: E402

CASES = sorted((TESTDATA / "devices").glob("*.hlo"))


def run_devices(text: str, per_device: list[list], **kw) -> list[list[np.ndarray]]:
    """Every device's output leaves."""
    module = parse_module(text, "test.hlo")
    results = evaluate_devices(module, per_device, **kw)
    return [flatten_result(module.entry.root.shape, r, "interp") for r in results]


def unstack(stacks: list[np.ndarray]) -> list[list[np.ndarray]]:
    return [[s[d] for s in stacks] for d in range(stacks[0].shape[0])] if stacks else []


def assert_close(got: np.ndarray, want: np.ndarray, what: str) -> None:
    assert got.dtype == want.dtype and got.shape == want.shape, what
    if want.dtype.kind in "biu":
        assert np.array_equal(got, want), what
    else:
        np.testing.assert_allclose(got.astype(np.complex128), want.astype(np.complex128), rtol=1e-6, atol=1e-6,
                                   err_msg=what)


@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_equals_xla_on_n_devices(path):
    args, want = devices_oracle.load(path.with_suffix(".npz"))
    got = run_devices(path.read_text(), unstack(args))
    for d, outs in enumerate(got):
        assert len(outs) == len(want)
        for k, o in enumerate(outs):
            assert_close(o, want[k][d], f"device {d} out{k}")


def test_collective_broadcast_sends_the_first_participants_operand():
    text = ("HloModule m, replica_count=4\n\nENTRY e {\n  x = s32[2] parameter(0)\n"
            "  ROOT b = s32[2] collective-broadcast(x), replica_groups={{1,0},{2,3}}\n}\n")
    xs = [[np.array([d, 10 * d], np.int32)] for d in range(4)]
    got = [o[0].tolist() for o in run_devices(text, xs)]
    assert got == [[1, 10], [1, 10], [2, 20], [2, 20]]


def test_ragged_all_to_all_places_each_senders_rows():
    text = ("HloModule m, replica_count=2\n\nENTRY e {\n  i = s32[6] parameter(0)\n  o = s32[6] parameter(1)\n"
            "  a = s32[2] parameter(2)\n  b = s32[2] parameter(3)\n  c = s32[2] parameter(4)\n"
            "  d = s32[2] parameter(5)\n  ROOT r = s32[6] ragged-all-to-all(i, o, a, b, c, d), "
            "replica_groups={{0,1}}\n}\n")
    i32 = lambda *v: np.array(v, np.int32)  # noqa: E731
    dev0 = [i32(0, 1, 2, 3, 4, 5), i32(-1, -1, -1, -1, -1, -1), i32(0, 2), i32(2, 3), i32(0, 0), i32(2, 1)]
    dev1 = [i32(10, 11, 12, 13, 14, 15), i32(-2, -2, -2, -2, -2, -2), i32(0, 1), i32(1, 2), i32(2, 3), i32(3, 2)]
    got = [o[0].tolist() for o in run_devices(text, [dev0, dev1])]
    # device 0: its own rows 0-1 at 0, device 1's row 0 at 2; device 1: device 0's rows 2-4 at 0,
    # its own rows 1-2 at 3.
    assert got == [[0, 1, 10, -1, -1, -1], [2, 3, 4, 11, 12, -2]]


def test_results_do_not_depend_on_thread_timing():
    path = TESTDATA / "devices" / "all_reduce_groups.hlo"
    args, _ = devices_oracle.load(path.with_suffix(".npz"))
    runs = [run_devices(path.read_text(), unstack(args)) for _ in range(3)]
    for other in runs[1:]:
        for a, b in zip(runs[0], other):
            assert all(np.array_equal(x, y) for x, y in zip(a, b))


def test_a_device_that_fails_fails_the_run_with_its_error():
    text = ("HloModule m, replica_count=2\n\nadd {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n"
            "  ROOT s = f32[] add(a, b)\n}\n\nENTRY e {\n  x = f32[2] parameter(0)\n"
            "  ROOT r = f32[2] all-reduce(x), replica_groups={}, to_apply=add\n}\n")
    with pytest.raises(RunError, match="2 sets of arguments|expected f32"):
        run_devices(text, [[np.zeros(2, np.float32)], [np.zeros(3, np.float32)]])


def test_groups_naming_missing_devices_are_an_error():
    text = ("HloModule m, replica_count=2\n\nENTRY e {\n  x = f32[2] parameter(0)\n"
            "  ROOT r = f32[4] all-gather(x), replica_groups={{0,2}}, dimensions={0}\n}\n")
    with pytest.raises(RunError, match="replica 2"):
        run_devices(text, [[np.zeros(2, np.float32)]] * 2)


def test_the_device_count_comes_from_the_header_or_the_caller():
    text = ("HloModule m, replica_count=4\n\nENTRY e {\n  ROOT r = u32[] replica-id()\n}\n")
    module = parse_module(text, "t.hlo")
    assert [int(v) for v in evaluate_devices(module, [[]] * 4)] == [0, 1, 2, 3]
    assert [int(v) for v in evaluate_devices(module, [[]] * 2, replicas=2)] == [0, 1]
