"""Control flow, calls, custom-calls and scan from first principles."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import entry, run

from hloc.errors import RunError

BRANCHES = """
neg {
  x = f32[2] parameter(0)
  ROOT r = f32[2] negate(x)
}

dbl {
  x = f32[2] parameter(0)
  ROOT r = f32[2] add(x, x)
}

sq {
  x = f32[2] parameter(0)
  ROOT r = f32[2] multiply(x, x)
}
"""


@pytest.mark.parametrize("index,want", [(0, [-3, -4]), (1, [6, 8]), (2, [9, 16]), (3, [9, 16]), (-1, [9, 16]),
                                        (2**31 - 1, [9, 16])])
def test_indexed_conditional_runs_the_last_branch_when_out_of_range(index, want):
    text = entry(["s32[]", "f32[2]"], "f32[2] conditional(p0, p1, p1, p1), branch_computations={neg, dbl, sq}",
                 BRANCHES)
    assert run(text, np.int32(index), np.array([3, 4], np.float32)).tolist() == want


def test_pred_conditional():
    text = entry(["pred[]", "f32[2]", "f32[2]"], "f32[2] conditional(p0, p1, p2), true_computation=neg, "
                                                 "false_computation=sq", BRANCHES)
    x = np.array([3, 4], np.float32)
    assert run(text, np.bool_(True), x, x).tolist() == [-3, -4]
    assert run(text, np.bool_(False), x, x).tolist() == [9, 16]


LOOP = """
cond {
  s = (s32[], s32[]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(10)
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  s = (s32[], s32[]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  a = s32[] get-tuple-element(s), index=1
  one = s32[] constant(1)
  j = s32[] add(i, one)
  b = s32[] add(a, i)
  ROOT t = (s32[], s32[]) tuple(j, b)
}
"""


def test_while_loop_counts_to_ten():
    text = entry(["(s32[], s32[])"], "(s32[], s32[]) while(p0), condition=cond, body=body", LOOP)
    i, total = run(text, (np.int32(0), np.int32(0)))
    assert i == 10 and total == sum(range(10))
    i, total = run(text, (np.int32(12), np.int32(5)))  # the condition fails at once
    assert i == 12 and total == 5


MAPPED = """
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

clampsq {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  m = f32[] multiply(a, b)
  lo = f32[] constant(0)
  hi = f32[] constant(10)
  ROOT c = f32[] clamp(lo, m, hi)
}

with_broadcast {
  a = f32[] parameter(0)
  v = f32[3] broadcast(a), dimensions={}
  ROOT s = f32[] reduce(v, a), dimensions={0}, to_apply=add
}
"""


def test_map_vectorized_and_per_element():
    a = np.array([1, -2, 3, 4], np.float32)
    b = np.array([2, 2, 5, 0.5], np.float32)
    text = entry(["f32[4]", "f32[4]"], "f32[4] map(p0, p1), dimensions={0}, to_apply=clampsq", MAPPED)
    assert run(text, a, b).tolist() == [2, 0, 10, 2]
    # A computation with a non-scalar instruction runs once per element: a + 3a = 4a.
    text = entry(["f32[4]"], "f32[4] map(p0), dimensions={0}, to_apply=with_broadcast", MAPPED)
    assert run(text, a).tolist() == (4 * a).tolist()


def test_call_and_fusion_run_their_computations():
    comp = "\nf {\n  x = f32[2] parameter(0)\n  y = f32[2] parameter(1)\n  ROOT s = f32[2] subtract(x, y)\n}\n"
    x, y = np.array([5, 7], np.float32), np.array([1, 2], np.float32)
    assert run(entry(["f32[2]", "f32[2]"], "f32[2] call(p0, p1), to_apply=f", comp), x, y).tolist() == [4, 5]
    text = entry(["f32[2]", "f32[2]"], "f32[2] fusion(p0, p1), kind=kLoop, calls=f", comp)
    assert run(text, x, y).tolist() == [4, 5]


def test_scan_forward_and_reverse():
    comp = ("\nstep {\n  x = f32[] parameter(0)\n  c = f32[] parameter(1)\n  s = f32[] add(x, c)\n"
            "  d = f32[] multiply(s, s)\n  ROOT t = (f32[], f32[]) tuple(d, s)\n}\n")
    x = np.array([1, 2, 3], np.float32)
    text = entry(["f32[3]", "f32[]"], "(f32[3], f32[]) scan(p0, p1), dimensions={0}, num_carries=1, to_apply=step",
                 comp)
    ys, c = run(text, x, np.float32(0))
    assert ys.tolist() == [1, 9, 36] and c == 6  # running sums 1, 3, 6, squared
    ys, c = run(text.replace("num_carries=1", "num_carries=1, is_reverse=true"), x, np.float32(0))
    assert ys.tolist() == [36, 25, 9] and c == 6  # running sums from the end: 3, 5, 6


def test_custom_call_topk_orders_like_xla_cpu():
    x = np.array([[3, -1, np.nan, 3, -0.0, 0.0, np.inf, -np.inf, 2, -np.nan]], np.float32)
    text = entry(["f32[1,10]"], '(f32[1,6], s32[1,6]) custom-call(p0), custom_call_target="TopK"')
    values, idx = run(text, x)
    # Total order, largest first: +NaN, +inf, 3 (index 0 before 3), 3, 2, +0; -0 and -NaN are smaller.
    assert idx.tolist() == [[2, 6, 0, 3, 8, 5]]
    assert np.array_equal(values, x[:, [2, 6, 0, 3, 8, 5]], equal_nan=True)


def test_pad_to_static_and_slice_to_dynamic():
    body = ("  n = s32[] constant(2)\n  d = f32[<=4] custom-call(p0, n), custom_call_target=\"SliceToDynamic\"\n"
            "  s = (f32[4], s32[]) custom-call(d), custom_call_target=\"PadToStatic\"")
    x = np.arange(4, dtype=np.float32)
    data, size = run(entry(["f32[4]"], "(f32[4], s32[]) tuple(a, b)",
                           body=body + "\n  a = f32[4] get-tuple-element(s), index=0\n"
                                       "  b = s32[] get-tuple-element(s), index=1"), x)
    assert data[:2].tolist() == [0, 1] and size == 2


def test_unknown_custom_call_is_a_clear_error():
    text = entry(["f32[2]"], 'f32[2] custom-call(p0), custom_call_target="my_kernel"')
    with pytest.raises(RunError, match="custom-call target 'my_kernel'"):
        run(text, np.zeros(2, np.float32))


def test_annotations_pass_values_through():
    x = np.array([1, 2], np.float32)
    assert run(entry(["f32[2]"], 'f32[2] custom-call(p0), custom_call_target="Sharding", '
                                 'sharding={replicated}'), x).tolist() == [1, 2]
    assert run(entry(["f32[2]"], "(f32[2]) opt-barrier(t)", body="  t = (f32[2]) tuple(p0)"), x)[0].tolist() == [1, 2]
    body = "  t = token[] after-all()\n  d = f32[2] add-dependency(p0, t)"
    assert run(entry(["f32[2]"], "f32[2] negate(d)", body=body), x).tolist() == [-1, -2]


def test_onednn_layernorm_normalizes_the_minor_dimension():
    x = np.array([[1, 2, 3, 6], [0, 0, 4, 4]], np.float32)
    scale, shift = np.array([1, 2, 1, 1], np.float32), np.array([0, 0, 1, 0], np.float32)
    text = entry(["f32[2,4]", "f32[4]", "f32[4]"], "f32[2,4] custom-call(p0, p1, p2), "
                 'custom_call_target="__onednn$layernorm", '
                 'backend_config="{\\"onednn_layer_norm_config\\":{\\"rescale\\":\\"SCALE_AND_SHIFT\\"}}"')
    mean = x.mean(1, keepdims=True)
    want = (x - mean) / np.sqrt(((x - mean) ** 2).mean(1, keepdims=True)) * scale + shift  # epsilon 0
    np.testing.assert_allclose(run(text, x, scale, shift), want, rtol=1e-6)


def test_get_rng_seed_is_the_evaluators_seed():
    text = entry([], 'u64[] custom-call(), custom_call_target="GetRngSeed"')
    assert run(text, rng_seed=42) == 42
