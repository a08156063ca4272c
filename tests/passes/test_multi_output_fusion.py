"""multi-output-fusion: testdata/passes/multi-output-fusion/ cases (before/after, negatives,
idempotence, equivalence) and the iteration-space rule."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence

from hloc.parse import parse_module
from hloc.passes.multi_output_fusion import loop_key, merged_key


@pytest.mark.parametrize("case", cases("multi-output-fusion"), ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", cases("multi-output-fusion"), ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


def test_iteration_spaces():
    m = parse_module("""HloModule m
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  x = f32[8,16] parameter(0)
  z = f32[] constant(0)
  rows = f32[8] reduce(x, z), dimensions={1}, to_apply=add
  cols = f32[16] reduce(x, z), dimensions={0}, to_apply=add
  n = f32[8,16] negate(x)
  v = f32[8] negate(rows)
  ROOT t = (f32[8], f32[16], f32[8,16], f32[8]) tuple(rows, cols, n, v)
}""")
    k = {i.name: loop_key(i) for i in m.entry.instructions}
    assert k["rows"] == ("walk", (8, 16), (1, 0), (1,))
    assert k["n"] == ("loop", (8, 16), (1, 0))
    # an elementwise value of the walked shape is stored during the walk
    assert merged_key(k["rows"], k["n"]) == k["rows"]
    assert merged_key(k["rows"], k["cols"]) is None
    assert merged_key(k["n"], k["v"]) is None
