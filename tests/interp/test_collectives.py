"""Single-device collectives, async wrappers, host transfers."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import run

from hloc.errors import RunError

SUM = "sum {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[] add(a, b)\n}\n"
X = np.array([[1, 2], [3, 4]], np.float32)


def module(body: str, header: str = "HloModule m", extra: str = "") -> str:
    return f"{header}\n\n{extra}\nENTRY e {{\n  x = f32[2,2] parameter(0)\n{body}\n}}\n"


@pytest.mark.parametrize("op", [
    "all-reduce(x), replica_groups={}, to_apply=sum",
    "all-reduce(x), replica_groups={{0}}, to_apply=sum",
    "all-gather(x), replica_groups={{0}}, dimensions={0}",
    "reduce-scatter(x), replica_groups={}, dimensions={1}, to_apply=sum",
    "all-to-all(x), replica_groups={{0}}, dimensions={0}",
    "collective-broadcast(x), replica_groups={{0}}",
    "collective-permute(x), source_target_pairs={{0,0}}",
])
def test_one_participant_returns_the_operand(op):
    out = run(module(f"  ROOT r = f32[2,2] {op}", extra=SUM), X)
    assert np.array_equal(out, X)


def test_collective_permute_without_a_sender_gives_zeros():
    out = run(module("  ROOT r = f32[2,2] collective-permute(x), source_target_pairs={}"), X)
    assert np.array_equal(out, np.zeros_like(X))


def test_ids_are_zero():
    text = ("HloModule m\n\nENTRY e {\n  a = u32[] replica-id()\n  b = u32[] partition-id()\n"
            "  ROOT t = (u32[], u32[]) tuple(a, b)\n}\n")
    assert [int(v) for v in run(text)] == [0, 0]


@pytest.mark.parametrize("header,op", [
    ("HloModule m, replica_count=4", "all-reduce(x), replica_groups={}, to_apply=sum"),
    ("HloModule m", "all-reduce(x), replica_groups={{0,1}}, to_apply=sum"),
    ("HloModule m", "all-gather(x), replica_groups=[1,2]<=[2], dimensions={0}"),
    ("HloModule m", "collective-permute(x), source_target_pairs={{1,0}}"),
])
def test_several_devices_are_an_error(header, op):
    with pytest.raises(RunError, match="device"):
        run(module(f"  ROOT r = f32[2,2] {op}", header, SUM), X)


def test_start_done_pairs():
    body = ("  s = f32[2,2] all-reduce-start(x), replica_groups={}, to_apply=sum\n"
            "  d = f32[2,2] all-reduce-done(s)\n"
            "  g = (f32[2,2], f32[2,2]) all-gather-start(x), replica_groups={}, dimensions={0}\n"
            "  h = f32[2,2] all-gather-done(g)\n"
            "  p = (f32[2,2], f32[2,2], u32[], u32[]) collective-permute-start(x), source_target_pairs={{0,0}}\n"
            "  q = f32[2,2] collective-permute-done(p)\n"
            "  c = (f32[2,2], f32[2,2], u32[]) copy-start(x)\n"
            "  k = f32[2,2] copy-done(c)\n"
            "  ROOT t = (f32[2,2], f32[2,2], f32[2,2], f32[2,2]) tuple(d, h, q, k)")
    for v in run(module(body, extra=SUM), X):
        assert np.array_equal(v, X)


def test_gathers_that_change_the_shape_need_more_devices():
    with pytest.raises(RunError, match="participants"):
        run(module("  ROOT r = f32[4,2] all-gather(x), replica_groups={}, dimensions={0}"), X)
    with pytest.raises(RunError, match="participants"):
        run(module("  ROOT r = f32[1,2] reduce-scatter(x), replica_groups={}, dimensions={0}, to_apply=sum",
                   extra=SUM), X)


def test_async_start_runs_the_wrapped_computation():
    wrapped = "wrapped {\n  a = f32[2,2] parameter(0)\n  ROOT n = f32[2,2] negate(a)\n}\n"
    body = ("  s = ((f32[2,2]), f32[2,2], s32[]) async-start(x), calls=wrapped\n"
            "  u = ((f32[2,2]), f32[2,2], s32[]) async-update(s), calls=wrapped\n"
            "  ROOT d = f32[2,2] async-done(u), calls=wrapped")
    assert np.array_equal(run(module(body, extra=wrapped), X), -X)


@pytest.mark.parametrize("body", [
    "  t = token[] after-all()\n  ROOT r = (f32[2,2], u32[], token[]) recv(t), channel_id=1",
    "  t = token[] after-all()\n  ROOT r = token[] outfeed(x, t), outfeed_shape=f32[2,2]",
])
def test_host_transfers_are_errors(body):
    with pytest.raises(RunError, match="needs a host"):
        run(module(body), X)
