"""float-normalization: testdata cases (before/after, negatives, idempotence, equivalence)."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence


@pytest.mark.parametrize("case", cases("float-normalization"), ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", cases("float-normalization"), ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)
