"""conv-phase-split: testdata cases (before/after, negatives, idempotence, equivalence)."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence


@pytest.mark.parametrize("case", cases("conv-phase-split"), ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", cases("conv-phase-split"), ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)
