"""dot-decomposer: testdata/passes/dot-decomposer/ cases (before/after, canonical dots left
alone, idempotence, equivalence), and the canonical form on the corpus's dots."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence
from conftest import corpus_files

from hloc.ir.attrs import DotDims
from hloc.parse import parse_module
from hloc.passes import run_pipeline
from hloc.passes.dot_decomposer import is_canonical

CASES = cases("dot-decomposer")


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", CASES, ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


@pytest.mark.parametrize("rank, batch, contracting, want", [
    (2, (), (1,), True), (2, (), (0,), True), (1, (), (0,), True), (3, (0,), (2,), True),
    (3, (0,), (1,), True), (3, (1,), (2,), False), (3, (), (2,), False), (3, (), (1, 2), False),
    (2, (), (), False), (4, (0, 1), (3,), True), (4, (1, 0), (3,), False),
])
def test_is_canonical(rank, batch, contracting, want):
    assert is_canonical(rank, batch, contracting) is want


JAX_WITH_DOTS = [p for p in corpus_files("jax") if not p.name.endswith(".opt.hlo") and " dot(" in p.read_text()]


@pytest.mark.parametrize("path", JAX_WITH_DOTS, ids=lambda p: p.stem)
def test_corpus_dots_become_canonical(path):
    m = parse_module(path.read_text(), str(path))
    run_pipeline(m, "call-inliner,dot-decomposer", check_changed=True)
    for instr in (i for c in m.computations for i in c.instructions if i.opcode == "dot"):
        a, b = instr.operands
        dd = DotDims.of(instr)
        assert is_canonical(a.shape.rank, dd.lhs_batch, dd.lhs_contracting), instr
        assert is_canonical(b.shape.rank, dd.rhs_batch, dd.rhs_contracting), instr
