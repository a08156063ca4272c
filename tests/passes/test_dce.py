"""dce: testdata/passes/dce/ cases (before/after, negatives, idempotence, equivalence) and API checks."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence

from hloc.parse import parse_module
from hloc.passes import run_pipeline


@pytest.mark.parametrize("case", cases("dce"), ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", cases("dce"), ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


def test_rng_is_kept():
    # rng has a side effect (its state): an unused rng is not dead.
    m = parse_module("""HloModule m
ENTRY e {
  lo = f32[] constant(0)
  hi = f32[] constant(1)
  r = f32[3] rng(lo, hi), distribution=rng_uniform
  ROOT p = f32[3] parameter(0)
}""")
    assert not run_pipeline(m, "dce", check_changed=True)
    assert [i.opcode for i in m.entry.instructions].count("rng") == 1


def test_side_effect_inside_callee_keeps_the_call():
    m = parse_module("""HloModule m
f {
  a = f32[2] parameter(0)
  ROOT c = f32[2] custom-call(a), custom_call_target="t", custom_call_has_side_effect=true
}
ENTRY e {
  p = f32[2] parameter(0)
  unused = f32[2] call(p), to_apply=f
  ROOT n = f32[2] negate(p)
}""")
    assert not run_pipeline(m, "dce", check_changed=True)
    assert [c.name for c in m.computations] == ["f", "e"]
