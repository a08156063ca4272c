"""modules_equal finds every kind of difference the round-trip promise covers, and only those."""

from __future__ import annotations

import pytest

from hloc.ir.compare import modules_equal
from hloc.parse import parse_module

BASE = """HloModule m, replica_count=2

add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

mul {
  x.1 = f32[] parameter(0)
  y.1 = f32[] parameter(1)
  ROOT s.1 = f32[] multiply(x.1, y.1)
}

ENTRY e {
  p = f32[4,8] parameter(0)
  q = f32[4] parameter(1)
  z = f32[] constant(0)
  r = f32[4] reduce(p, z), dimensions={1}, to_apply=add
  n = f32[4] negate(q), control-predecessors={r}
  ROOT t = (f32[4], f32[4]) tuple(r, n)
}
"""


def test_equal_modules():
    assert modules_equal(parse_module(BASE), parse_module(BASE)) is None


def test_instruction_order_is_presentation():
    reordered = BASE.replace("  p = f32[4,8] parameter(0)\n  q = f32[4] parameter(1)\n",
                             "  q = f32[4] parameter(1)\n  p = f32[4,8] parameter(0)\n")
    assert modules_equal(parse_module(BASE), parse_module(reordered)) is None


def test_instruction_order_matters_when_scheduled():
    sched = BASE.replace("replica_count=2", "replica_count=2, is_scheduled=true")
    reordered = sched.replace("  p = f32[4,8] parameter(0)\n  q = f32[4] parameter(1)\n",
                              "  q = f32[4] parameter(1)\n  p = f32[4,8] parameter(0)\n")
    assert "scheduled order" in modules_equal(parse_module(sched), parse_module(reordered))


@pytest.mark.parametrize("old,new,expect", [
    ("HloModule m,", "HloModule m2,", "module name"),
    ("replica_count=2", "replica_count=4", "module attribute replica_count"),
    ("ROOT t = (f32[4], f32[4]) tuple(r, n)", "ROOT t2 = (f32[4], f32[4]) tuple(r, n)", "'t' is only in the first"),
    ("n = f32[4] negate(q)", "n = f32[4] abs(q)", "opcode negate vs abs"),
    ("p = f32[4,8] parameter(0)", "p = f32[4,8]{0,1} parameter(0)", "shape f32[4,8]{1,0} vs f32[4,8]{0,1}"),
    ("tuple(r, n)", "tuple(n, r)", "operands ['r', 'n'] vs ['n', 'r']"),
    ("dimensions={1}, to_apply=add", "dimensions={1}, to_apply=mul", "attribute to_apply: %add vs %mul"),
    ("z = f32[] constant(0)", "z = f32[] constant(-0.0)", "literal values differ"),
    ("control-predecessors={r}", "control-predecessors={z}", "control predecessors ['r'] vs ['z']"),
    ("  ROOT s = f32[] add(x, y)", "  s = f32[] add(x, y)\n  ROOT c = f32[] copy(s)", "'c' is only in the second"),
    ("ENTRY e {", "ENTRY e2 {", "entry computation: 'e' vs 'e2'"),
])
def test_differences(old, new, expect):
    assert old in BASE
    diff = modules_equal(parse_module(BASE), parse_module(BASE.replace(old, new)))
    assert diff is not None and expect in diff, diff
    assert "\n" not in diff


def test_parameter_numbers_and_nan_payloads():
    a = ("HloModule m\nENTRY e {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n"
         "  ROOT t = (f32[], f32[]) tuple(a, b)\n}\n")
    b = a.replace("parameter(0)", "parameter(2)").replace("parameter(1)", "parameter(0)").replace(
        "parameter(2)", "parameter(1)")
    assert "parameter number" in modules_equal(parse_module(a), parse_module(b))
    c = "HloModule m\nENTRY e {\n  ROOT c = f32[2] constant({nan, 1})\n}\n"
    assert modules_equal(parse_module(c), parse_module(c)) is None
    assert "literal" in modules_equal(parse_module(c), parse_module(c.replace("nan,", "nan(0x1),")))
