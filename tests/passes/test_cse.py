"""cse: testdata/passes/cse/ cases (before/after, negatives, idempotence, equivalence)."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence

from hloc.parse import parse_module
from hloc.passes import run_pipeline


@pytest.mark.parametrize("case", cases("cse"), ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", cases("cse"), ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


def test_elided_constants_are_not_merged():
    # `constant({...})` values are unknown: two of them are not known to be equal.
    m = parse_module("""HloModule m
ENTRY e {
  a = f32[4] constant({...})
  b = f32[4] constant({...})
  ROOT t = (f32[4], f32[4]) tuple(a, b)
}""")
    assert not run_pipeline(m, "cse", check_changed=True)


def test_no_constants_option():
    m = parse_module("""HloModule m
ENTRY e {
  a = f32[] constant(1)
  b = f32[] constant(1)
  ROOT t = (f32[], f32[]) tuple(a, b)
}""")
    assert not run_pipeline(m, "cse<constants=false>", check_changed=True)
    assert run_pipeline(m, "cse", check_changed=True)
    assert len(m.entry.instructions) == 2
