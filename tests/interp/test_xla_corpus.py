"""The interpreter against XLA:CPU on XLA's own corpus modules (../shared/corpus/xla), run on seeded
inputs; XLA's outputs are in testdata/interp/xla_corpus_outputs.npz (make_oracle_data.py xla_corpus)."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import XLA_CORPUS
from xla_corpus_runs import NEEDS_DEVICES, TOO_SLOW, leaves, seeded_inputs, xla_outputs

from hloc.errors import RunError
from hloc.interp import evaluate
from hloc.interp.util import NARROW_FLOATS, etype_of
from hloc.parse import parse_module

# Outputs XLA:CPU draws afresh on every run.
NONDETERMINISTIC = {("backends__cpu__tests__thunk_coverage__cpu.hlo", 15): "GetRngSeed: a random seed"}
# Known differences in ops from interp-heavy (reduce_window.py), with the reason.
KNOWN_DIFFERENCES = {
    "hlo__parser__hlo_parser_test__roundtrip_long__ReduceWindowScalar.hlo":
        "reduce-window applies the init value to one-element windows; XLA:CPU returns the element",
    "hlo__parser__hlo_parser_test__roundtrip_long__ReduceWindowVariadic.hlo":
        "reduce-window applies the init value to one-element windows; XLA:CPU returns the element",
}


MODULES = sorted(xla_outputs())


def test_outputs_present():
    assert len(MODULES) > 200


@pytest.mark.slow
@pytest.mark.parametrize("name", MODULES)
def test_matches_xla_cpu(name):
    if name in TOO_SLOW:
        pytest.skip("a loop too long to interpret in a test")
    if name in KNOWN_DIFFERENCES:
        pytest.xfail(KNOWN_DIFFERENCES[name])
    module = parse_module((XLA_CORPUS / name).read_text(), name)
    if name in NEEDS_DEVICES:
        with pytest.raises(RunError, match="device"):
            evaluate(module, seeded_inputs(module))
        return
    got = leaves(evaluate(module, seeded_inputs(module)))
    want = xla_outputs()[name]
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        if (name, i) in NONDETERMINISTIC:
            continue
        g = np.asarray(g)
        if w.dtype != g.dtype:
            w = w.view(g.dtype) if w.dtype.itemsize == g.dtype.itemsize else w.astype(g.dtype)
        assert g.shape == w.shape, f"out{i}: {g.shape} vs {w.shape}"
        if g.dtype.kind in "biu" and etype_of(g) not in NARROW_FLOATS:
            assert np.array_equal(g, w), f"out{i}: {int((g != w).sum())} of {g.size} differ"
            continue
        big = np.complex128 if g.dtype.kind == "c" else np.float64
        tol = 2e-2 if etype_of(g) in NARROW_FLOATS else 1e-4
        ok = np.isclose(g.astype(big), w.astype(big), rtol=tol, atol=tol, equal_nan=True)
        assert ok.all(), f"out{i}: {int((~ok).sum())} of {ok.size} differ"
