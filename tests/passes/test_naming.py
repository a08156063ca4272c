"""ModuleNames: names for what passes create, unique in the module the way XLA's parser reads them
(a name another computation uses is taken; `x` and `x.0` are one name)."""

from __future__ import annotations

from hloc.parse import parse_module
from hloc.passes.naming import ModuleNames

TWO = """HloModule m
other {
  q = f32[] parameter(0)
  mul.1 = f32[] multiply(q, q)
  ROOT y.0 = f32[] negate(mul.1)
}
ENTRY e {
  p = f32[] parameter(0)
  add = f32[] add(p, p)
  mul = f32[] multiply(add, add)
  x.0 = f32[] negate(mul)
  ROOT c = f32[] call(x.0), to_apply=other
}"""


def _entry():
    m = parse_module(TWO)
    return m, m.entry_computation


def test_a_free_name_is_kept_and_a_taken_one_gets_the_first_free_suffix():
    m, e = _entry()
    names = ModuleNames(m)
    assert names.pick("sub", e) == "sub"
    assert names.pick("add", e) == "add.1"


def test_x_and_x0_are_the_same_name():
    m, e = _entry()
    names = ModuleNames(m)
    assert names.pick("x", e) == "x.1"  # x.0 is here
    assert names.pick("y", e) == "y.1"  # y.0 is in the other computation


def test_names_of_other_computations_are_taken():
    m, e = _entry()
    assert ModuleNames(m).pick("mul", e) == "mul.2"  # mul here, mul.1 in `other`


def test_picked_names_are_taken_for_the_other_computations():
    m, e = _entry()
    other = m.computation("other")
    names = ModuleNames(m)
    assert names.pick("neg", e) == "neg"
    assert names.pick("neg", other) == "neg.1"


def test_a_name_freed_in_the_same_computation_is_used_again():
    m, e = _entry()
    names = ModuleNames(m)
    add1 = names.create(e, "add", e.root_instruction.operands[0].shape, [e.parameter(0), e.parameter(0)])
    assert add1.name == "add.1"
    e.remove(add1)
    assert names.pick("add", e) == "add.1"


def test_after_eight_taken_suffixes_the_search_resumes_where_it_ended():
    m, e = _entry()
    p = e.parameter(0)
    for k in range(1, 9):
        e.create("negate", p.shape, [p], name=f"add.{k}")
    names = ModuleNames(m)
    assert names.pick("add", e) == "add.9"
    assert names.pick("add", e) == "add.10"  # (add.9 is not live yet, but was picked)
