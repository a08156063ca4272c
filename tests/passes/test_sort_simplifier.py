"""sort-simplifier: testdata cases (before/after, negatives, idempotence, equivalence)."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence

from hloc.parse import parse_module
from hloc.passes import run_pipeline


@pytest.mark.parametrize("case", cases("sort-simplifier"), ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", cases("sort-simplifier"), ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


def test_shared_comparator_is_cloned_not_edited():
    # Two sorts share a comparator; only one of them can drop an operand: the other keeps the
    # original comparator with all four parameters.
    m = parse_module("""HloModule m
cmp {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  c = f32[] parameter(2)
  d = f32[] parameter(3)
  ROOT lt = pred[] compare(a, b), direction=LT
}
ENTRY e {
  k = f32[4] parameter(0)
  v = f32[4] parameter(1)
  s1 = (f32[4], f32[4]) sort(k, v), dimensions={0}, to_apply=cmp
  k1 = f32[4] get-tuple-element(s1), index=0
  s2 = (f32[4], f32[4]) sort(k, v), dimensions={0}, to_apply=cmp
  ROOT t = (f32[4], (f32[4], f32[4])) tuple(k1, s2)
}""")
    assert run_pipeline(m, "sort-simplifier", check_changed=True)
    by_name = {c.name: c for c in m.computations}
    assert len(by_name["cmp"].parameters) == 4
    assert len(by_name["cmp.clone"].parameters) == 2
    assert m.entry.root.operands[0].attrs["to_apply"] is by_name["cmp.clone"]
