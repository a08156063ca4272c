"""algsimp: testdata/passes/algsimp/ cases (before/after, near misses left alone, idempotence,
interpreter equivalence on random inputs, bit-exactness on special values where claimed), the
options, and the helpers the rules rely on."""

from __future__ import annotations

import numpy as np
import pytest
from cases import cases, check_case, check_equivalence, directives
from exactness import assert_bit_exact, is_bit_exact_case

from hloc.ir.printer import print_module
from hloc.parse import parse_module
from hloc.passes import run_pipeline
from hloc.passes.algsimp.convert import preserves_values
from hloc.passes.algsimp.core import RULES, common_factors, degenerate_reshape, unmodified_dims

CASES = cases("algsimp")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


@pytest.mark.parametrize("case", [c for c in CASES if is_bit_exact_case(c)], ids=lambda p: p.stem)
def test_bit_exact_on_special_values(case):
    text = case.read_text()
    before = parse_module(text, str(case))
    after = parse_module(text, str(case))
    run_pipeline(after, directives(text).get("pipeline", "algsimp"))
    assert_bit_exact(before, after)


def test_every_family_has_cases():
    assert len(CASES) >= 30
    assert sum(1 for c in CASES if not c.with_name(c.stem + ".after.hlo").exists()) >= 10  # near misses


def _run(text: str, pipeline: str = "algsimp") -> str:
    m = parse_module(text)
    run_pipeline(m, pipeline, check_changed=True)
    return print_module(m)


def _entry_ops(text: str) -> list[str]:
    m = parse_module(text)
    return [i.opcode for i in m.entry.post_order() if i.opcode not in ("parameter", "constant", "tuple")]


ADD_ZERO = """HloModule m
ENTRY e {
  x = f32[4] parameter(0)
  z = f32[] constant(0)
  zs = f32[4] broadcast(z), dimensions={}
  ROOT a = f32[4] add(x, zs)
}"""


def test_signed_zeros_option():
    # x + 0.0 stays by default (it maps -0.0 to 0.0); XLA's behaviour with no-signed-zeros.
    assert "add" in _entry_ops(_run(ADD_ZERO))
    out = _run(ADD_ZERO, "algsimp<no-signed-zeros>")
    assert _entry_ops(out) == [] and "ROOT %x" in out


SUB_SELF = """HloModule m
ENTRY e {
  x = f32[4] parameter(0)
  ROOT s = f32[4] subtract(x, x)
}"""


def test_fast_math_option():
    assert _entry_ops(_run(SUB_SELF)) == ["subtract"]
    assert _entry_ops(_run(SUB_SELF, "algsimp<fast-math>")) == ["broadcast"]


LOG_EXP = """HloModule m
ENTRY e {
  x = f32[4] parameter(0)
  e = f32[4] exponential(x)
  ROOT l = f32[4] log(e)
}"""


def test_log_exp_only_with_fast_math():
    assert _entry_ops(_run(LOG_EXP)) == ["exponential", "log"]
    assert _entry_ops(_run(LOG_EXP, "algsimp<fast-math>")) == []


OUTER = """HloModule m
ENTRY e {
  u = f32[3] parameter(0)
  v = f32[4] parameter(1)
  ROOT d = f32[3,4] dot(u, v)
}"""


def test_dot_strength_reduction_option():
    assert _entry_ops(_run(OUTER)) == ["broadcast", "broadcast", "multiply"]
    assert _entry_ops(_run(OUTER, "algsimp<no-dot-strength-reduction>")) == ["dot"]


def test_rules_have_one_line_summaries():
    import inspect

    seen = set()
    for fns in RULES.values():
        for fn in fns:
            if fn in seen:
                continue
            seen.add(fn)
            body = inspect.getsource(fn)
            assert "# " in body and "=>" in body, f"rule {fn.__name__} has no '# A => B' summary"


def test_idempotent_and_exact_layouts_kept():
    # A non-default layout on the replaced instruction blocks the rewrite rather than changing it.
    text = """HloModule m
ENTRY e {
  x = f32[2,3]{0,1} parameter(0)
  ROOT r = f32[2,3]{1,0} reshape(x)
}"""
    assert _entry_ops(_run(text)) == ["reshape"]


@pytest.mark.parametrize("a, b, want", [
    ([2, 3, 4], [6, 4], [(0, 0), (2, 1), (3, 2)]),
    ([64], [64, 1], [(0, 0), (1, 1), (1, 2)]),
    ([2, 16, 32], [2, 16, 4, 8], [(0, 0), (1, 1), (2, 2), (3, 4)]),
    ([4, 6], [4, 6], [(0, 0), (1, 1), (2, 2)]),
    ([6], [2, 3], [(0, 0), (1, 2)]),
])
def test_common_factors(a, b, want):
    got = common_factors(a, b)
    assert got == want
    for (i0, j0), (i1, j1) in zip(got, got[1:]):
        assert np.prod(a[i0:i1]) == np.prod(b[j0:j1])


def test_unmodified_and_degenerate_reshapes():
    assert unmodified_dims([4, 6], [4, 2, 3]) == [(0, 0)]
    assert unmodified_dims([1, 64, 1], [64]) == [(1, 0)]
    assert degenerate_reshape([64], [64, 1]) == ([], [1])
    assert degenerate_reshape([1, 4, 1], [4]) == ([0, 2], [])
    assert degenerate_reshape([2, 3], [6]) is None


@pytest.mark.parametrize("src, dst, want", [
    ("f16", "f32", True), ("bf16", "f32", True), ("f32", "f64", True), ("f32", "f16", False),
    ("f16", "bf16", False), ("bf16", "f16", False), ("s8", "s32", True), ("s32", "s8", False),
    ("u8", "s16", True), ("u8", "s8", False), ("s8", "u32", False), ("s16", "f32", True),
    ("s32", "f32", False), ("s32", "f64", True), ("pred", "f32", True), ("f32", "s32", False),
    ("f8e4m3fn", "f16", True), ("f8e5m2", "f16", True), ("f32", "c64", True), ("f64", "c64", False),
])
def test_preserves_values(src, dst, want):
    assert preserves_values(src, dst) is want


@pytest.mark.parametrize("src, dst", [("f16", "f32"), ("bf16", "f32"), ("s8", "f32"), ("u8", "s16"),
                                      ("f8e4m3fn", "f16"), ("s16", "f32")])
def test_preserves_values_checked_exhaustively(src, dst):
    # Every value of the 8/16-bit source type converts to the destination and back unchanged.
    from hloc.ir.types import ELEMENT_TYPES

    a, b = ELEMENT_TYPES[src].np_dtype, ELEMENT_TYPES[dst].np_dtype
    bits = {1: np.uint8, 2: np.uint16}[a.itemsize]
    values = np.arange(1 << (8 * a.itemsize), dtype=np.uint64).astype(bits).view(a)
    with np.errstate(all="ignore"):
        back = values.astype(b).astype(a)
        f = values.astype(np.float64)
    if a.kind in "iu":
        assert np.array_equal(back, values)
    else:
        nan = np.isnan(f)
        assert np.array_equal(np.isnan(back.astype(np.float64)), nan)
        assert np.array_equal(back[~nan].view(bits), values[~nan].view(bits))
