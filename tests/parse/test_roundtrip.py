"""The canonical printer round-trips: for every corpus module m, parse(print(m)) is structurally
equal to m (hloc.ir.compare), and printing is deterministic (printing the re-parsed module gives
the same text again)."""

from __future__ import annotations

import pytest
from conftest import corpus_files

from hloc.ir.compare import modules_equal
from hloc.ir.printer import print_module
from hloc.parse import parse_module

FILES = corpus_files("xla") + corpus_files("jax", "*.hlo")  # jax/*.hlo includes *.opt.hlo


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_canonical_round_trip(path):
    module = parse_module(path.read_text(), str(path))
    text = print_module(module, "canonical")
    again = parse_module(text, f"{path}.canonical")
    assert modules_equal(module, again) is None, modules_equal(module, again)
    assert print_module(again, "canonical") == text


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda p: f"{p.parent.name}/{p.name}")
def test_xla_styles_ignore_attribute_insertion_order(path):
    """Passes set attributes in any order; the XLA styles print XLA's order regardless."""
    module = parse_module(path.read_text(), str(path))
    printed = {style: print_module(module, style) for style in ("long", "short")}
    for instr in module.instructions():
        instr.attrs = dict(reversed(list(instr.attrs.items())))
    for style, text in printed.items():
        assert print_module(module, style) == text, style


def test_fused_computations_are_marked():
    # Passes that leave fused computations alone (as XLA's run on non-fusion computations) must
    # see the same module whether the fusion pass made it or the parser read it back.
    m = parse_module("""HloModule m
fc {
  a = f32[4] parameter(0)
  ROOT n = f32[4] negate(a)
}
ENTRY e {
  p = f32[4] parameter(0)
  ROOT f = f32[4] fusion(p), kind=kLoop, calls=fc
}
""")
    assert [(c.name, c.is_fusion) for c in m.computations] == [("fc", True), ("e", False)]
