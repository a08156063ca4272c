"""call-inliner: testdata/passes/call-inliner/ cases (before/after, negatives, idempotence, equivalence)."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence


@pytest.mark.parametrize("case", cases("call-inliner"), ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", cases("call-inliner"), ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


def test_inlined_names_take_the_lowest_free_suffix():
    """Clones are named `stem.N` with the lowest free N (XLA's rule), also after names were freed:
    the module remembers where each stem's search ended and a removal lowers it."""
    from hloc.ir.module import Computation, Instruction, Module
    from hloc.ir.types import Shape
    from hloc.passes.rewrite import add_instruction

    module = Module("m")
    comp = Computation("main")
    module.add_computation(comp)
    module.entry = comp
    s = Shape("f32", ())
    p = comp.add(Instruction("parameter", s), "p")
    p.parameter_number = 0
    made = [add_instruction(comp, Instruction("negate", s, [p]), "negate") for _ in range(5)]
    assert [i.name for i in made] == ["negate", "negate.1", "negate.2", "negate.3", "negate.4"]
    comp.remove(made[2])
    assert add_instruction(comp, Instruction("negate", s, [p]), "negate.3").name == "negate.2"
    assert add_instruction(comp, Instruction("negate", s, [p]), "negate").name == "negate.5"
    other = Computation("other")
    module.add_computation(other)
    q = other.add(Instruction("parameter", s), "q")
    q.parameter_number = 0
    other.add(Instruction("negate", s, [q]), "negate.6")
    module.remove_computation(other)  # its names are free again
    assert add_instruction(comp, Instruction("negate", s, [p]), "negate").name == "negate.6"
