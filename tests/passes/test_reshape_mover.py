"""reshape-mover: testdata/passes/reshape-mover/ cases (before/after, near misses, idempotence,
equivalence, bit-exactness on special values), and its cooperation with algsimp."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence
from exactness import assert_bit_exact, is_bit_exact_case

from hloc.parse import parse_module
from hloc.passes import run_pipeline

CASES = cases("reshape-mover")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


@pytest.mark.parametrize("case", [c for c in CASES if is_bit_exact_case(c)], ids=lambda p: p.stem)
def test_bit_exact_on_special_values(case):
    before = parse_module(case.read_text(), str(case))
    after = parse_module(case.read_text(), str(case))
    run_pipeline(after, "reshape-mover")
    assert_bit_exact(before, after)


def test_reshapes_meet_and_cancel_with_algsimp():
    # log(reshape(sum)) then reshape back: moving the inner reshape lets the two cancel.
    m = parse_module("""HloModule m
add {
  p = f32[] parameter(0)
  q = f32[] parameter(1)
  ROOT s = f32[] add(p, q)
}
ENTRY e {
  x = f32[64,128] parameter(0)
  z = f32[] constant(0)
  s = f32[64] reduce(x, z), dimensions={1}, to_apply=add
  r = f32[64,1] reshape(s)
  l = f32[64,1] log(r)
  ROOT back = f32[64] reshape(l)
}""")
    run_pipeline(m, "fixpoint(algsimp,reshape-mover,dce)", check_changed=True)
    assert [i.opcode for i in m.entry.post_order()] == ["parameter", "constant", "reduce", "log"]


def test_moves_only_when_every_user_moves():
    m = parse_module("""HloModule m
ENTRY e {
  a = f32[4,6] parameter(0)
  r = f32[24] reshape(a)
  e = f32[24] exponential(r)
  n = f32[24] negate(r)
  ROOT t = (f32[24], f32[24]) tuple(e, n)
}""")
    assert run_pipeline(m, "reshape-mover", check_changed=True)
    ops = [i.opcode for i in m.entry.post_order()]
    assert ops.count("reshape") == 2 and ops.count("exponential") == 1 and ops.count("negate") == 1
    assert all(i.operands[0].opcode == "parameter" for i in m.entry.instructions
               if i.opcode in ("exponential", "negate"))
