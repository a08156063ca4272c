"""The layout-sensitive verifier: a value flowing into a place that declares another layout is
rejected (ir/layout_flows.py), and the layout-copies pass leaves no such place."""

from __future__ import annotations

import pytest
from conftest import TESTDATA

from hloc.errors import VerifyError
from hloc.ir.layout_flows import layout_mismatches
from hloc.ir.verifier import verify_layouts, verify_module
from hloc.parse import parse_module
from hloc.passes.layout_copies import insert_layout_copies

REPROS = sorted((TESTDATA / "regress").glob("native_A_*.hlo"))


def test_a_tuple_of_another_layout_is_rejected():
    m = parse_module("""HloModule m
ENTRY e {
  x = f32[2,3]{0,1} parameter(0)
  ROOT t = (f32[2,3]{1,0}) tuple(x)
}
""")
    verify_module(m)  # layout-insensitive: fine
    with pytest.raises(VerifyError, match=r"'t': operand 0 has layout f32\[2,3\]\{0,1\}.*declares f32\[2,3\]\{1,0\}"):
        verify_module(m, layout_sensitive=True)


def test_rank_one_and_scalars_have_one_layout():
    m = parse_module("""HloModule m
ENTRY e {
  x = f32[3]{0} parameter(0)
  y = f32[] parameter(1)
  ROOT t = (f32[3], f32[]) tuple(x, y)
}
""")
    verify_layouts(m)


@pytest.mark.parametrize("path", REPROS, ids=lambda p: p.stem)
def test_the_pass_leaves_no_mismatch(path):
    m = parse_module(path.read_text(), path.name)
    assert layout_mismatches(m), "the repro has a boundary to fix"
    insert_layout_copies(m)
    verify_module(m, layout_sensitive=True)
    assert not insert_layout_copies(m)  # idempotent


def test_custom_call_constraints_are_boundaries_only_for_matching_arrays():
    from hloc.ir.layout_flows import constrained_operand_shapes

    m = parse_module("""HloModule m
ENTRY e {
  a = f32[4,4]{1,0} parameter(0)
  b = f32[4,2]{1,0} parameter(1)
  x = f32[4,2]{0,1} custom-call(a, b), custom_call_target="f",
    operand_layout_constraints={f32[4,4]{0,1}, f32[2,4]{0,1}}
  ROOT y = f32[4,2]{0,1} custom-call(a, b), custom_call_target="foo", operand_layout_constraints={f32[4,4]{0,1}}
}
""")
    x, y = m.entry_computation.instructions[-2:]
    first, second = constrained_operand_shapes(x)
    assert first is not None and first.minor_to_major == (0, 1) and first.dims == (4, 4)
    assert second is None  # another shape than the operand's: not this operand's constraint
    assert constrained_operand_shapes(y) == [None, None]  # the list does not cover every operand
    assert [f.what for f in layout_mismatches(m)] == ["operand 0 (its layout constraint)"]
