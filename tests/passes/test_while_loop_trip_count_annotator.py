"""while-loop-trip-count-annotator: testdata cases (before/after, negatives, idempotence, equivalence)."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence

from hloc.interp import registry

# Counting iterations by stepping the condition evaluates scalars with the interpreter's handlers.
STEPPED = {"annotate"}


def _needs_interpreter(case) -> None:
    registry.load_all()
    if case.stem in STEPPED and not {"compare", "multiply", "constant"} <= set(registry.HANDLERS):
        pytest.skip("the interpreter cannot evaluate compare/multiply yet")


@pytest.mark.parametrize("case", cases("while-loop-trip-count-annotator"), ids=lambda p: p.stem)
def test_case(case):
    _needs_interpreter(case)
    check_case(case)


@pytest.mark.parametrize("case", cases("while-loop-trip-count-annotator"), ids=lambda p: p.stem)
def test_equivalent(case):
    _needs_interpreter(case)
    check_equivalence(case)
