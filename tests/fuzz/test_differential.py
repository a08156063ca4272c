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


def test_an_interpreter_crash_is_a_finding_not_a_skip(monkeypatch):
    """A clean interpreter error (an op it does not define) skips the module; an internal error it
    wrapped (a numpy exception while evaluating) is a failure, or the fuzzer would hide its bugs."""
    import fuzz.differential as differential
    from hloc.errors import RunError

    def crash(text, inputs):
        try:
            raise ValueError("cannot reshape array of size 0")
        except ValueError as e:
            raise RunError("evaluating 'r' (reduce) failed: ValueError: cannot reshape") from e

    monkeypatch.setattr(differential, "interp_outputs", crash)
    found = check(STATEFUL, [np.zeros(2, np.uint64)], [True])
    assert [f.config for f in found] == ["interp"] and "ValueError" in found[0].message

    def clean(text, inputs):
        raise RunError("reduce-precision is not defined for element type s32")

    monkeypatch.setattr(differential, "interp_outputs", clean)
    assert check(STATEFUL, [np.zeros(2, np.uint64)], [True]) == [] and check.skipped


C64_LOGISTIC = """HloModule m
ENTRY main {
  a = c64[4]{0} parameter(0)
  ROOT r = c64[4]{0} logistic(a)
}
"""


def test_a_configuration_that_does_not_compile_the_module_is_left_out_not_the_module():
    """Complex logistic compiles natively only after the pipeline's logistic-expander: O0 rejects it
    cleanly, O2 runs it, and O2's outputs are still compared (the whole module used to be skipped,
    which hid O2's f8 arithmetic from the fuzzer while O0 refused it)."""
    x = np.array([0.5 + 1j, -1.25, 3j, 0.0], np.complex64)
    assert check(C64_LOGISTIC, [x], [False]) == []
    assert not check.skipped
    assert {label.split("/")[0] for label, _ in check.unsupported} == {"O0"}
    assert check(C64_LOGISTIC, [x], [False], configs=(("O0", 1),)) == [] and check.skipped
