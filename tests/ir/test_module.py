"""The module container: source positions and instruction removal keep their meaning."""

from __future__ import annotations

from hloc.errors import SourceLoc
from hloc.ir.module import Source
from hloc.parse import parse_module

TEXT = """HloModule m

ENTRY main {
  a = f32[4] parameter(0)
  b = f32[4] negate(a)
  c = f32[4] exponential(b)
  d = f32[4] add(a, a)
  ROOT e = f32[4] add(c, d)
}
"""


def test_loc_counts_lines_and_columns_from_the_text():
    text = "ab\n\ncd\nlast"
    src = Source("f.hlo", text)
    for offset in range(-1, len(text) + 2):
        got, want = src.loc(offset), SourceLoc.from_offset("f.hlo", text, offset)
        assert (got.line, got.col) == (want.line, want.col), offset
    assert (src.loc(len("ab\n\n")).line, src.loc(len("ab\n\n")).col) == (3, 1)


def test_removed_instructions_leave_the_order_of_the_rest():
    module = parse_module(TEXT, "m.hlo")
    comp = module.entry_computation
    a = comp.instructions[0]
    first = comp.create("negate", a.shape, [a], name="first")
    second = comp.create("negate", a.shape, [a], name="second")
    comp.remove(first)
    assert [i.name for i in comp.instructions] == ["a", "b", "c", "d", "e", "second"]
    comp.remove(second)
    assert [i.name for i in comp.instructions] == ["a", "b", "c", "d", "e"]
    assert first.parent is None and first not in a.users


def test_an_instruction_added_back_after_removal_is_listed_once_at_the_end():
    module = parse_module(TEXT, "m.hlo")
    comp = module.entry_computation
    a = comp.instructions[0]
    extra = comp.create("negate", a.shape, [a], name="extra")
    comp.remove(extra)
    comp.add(extra, "extra")
    names = [i.name for i in comp.instructions]
    assert names.count("extra") == 1 and names[-1] == "extra"
