"""transpose-folding: testdata/passes/transpose-folding/ cases (before/after, near misses,
idempotence, equivalence) and the options."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence

from hloc.parse import parse_module
from hloc.passes import run_pipeline

CASES = cases("transpose-folding")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


CONV = """HloModule m
ENTRY e {
  x = f32[1,5,5,2] parameter(0)
  k = f32[3,3,2,4] parameter(1)
  tx = f32[1,2,5,5] transpose(x), dimensions={0,3,1,2}
  ROOT c = f32[1,3,3,4] convolution(tx, k), window={size=3x3}, dim_labels=bf01_01io->b01f
}"""


def test_options_turn_kinds_off():
    m = parse_module(CONV)
    assert not run_pipeline(m, "transpose-folding<no-convolutions>", check_changed=True)
    assert run_pipeline(m, "transpose-folding", check_changed=True)
    assert str(m.entry.root.attrs["dim_labels"]) == "b01f_01io->b01f"


def test_transpose_with_other_users_stays():
    m = parse_module("""HloModule m
ENTRY e {
  a = f32[5,3] parameter(0)
  b = f32[5,4] parameter(1)
  ta = f32[3,5] transpose(a), dimensions={1,0}
  d = f32[3,4] dot(ta, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  ROOT t = (f32[3,4], f32[3,5]) tuple(d, ta)
}""")
    assert run_pipeline(m, "transpose-folding", check_changed=True)
    d = m.entry.root.operands[0]
    assert d.operands[0].opcode == "parameter" and d.attrs["lhs_contracting_dims"] == (0,)
    assert m.entry.root.operands[1].opcode == "transpose"
