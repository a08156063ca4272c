"""The differential harness itself (fuzz/differential.py)."""

from __future__ import annotations

import numpy as np

from fuzz.differential import check

STATEFUL = """HloModule m
ENTRY main {
  p = u64[2]{0} parameter(0)
  s = u64[2]{0} rng-get-and-update-state(), delta=256
  ROOT r = u64[2]{0} add(p, s)
}
"""


def test_a_stateful_module_runs_from_its_first_state_in_every_configuration():
    """rng-get-and-update-state advances a state kept across calls (as in an XLA executable): each
    configuration must run a fresh executable, or the second sees the first's update."""
    assert check(STATEFUL, [np.zeros(2, np.uint64)], [True]) == []
    assert not check.skipped
