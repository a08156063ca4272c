"""The interpreter against XLA:CPU on XLA's own corpus modules (../shared/corpus/xla), run on seeded
inputs; XLA's outputs are in testdata/interp/xla_corpus_outputs.npz (make_oracle_data.py xla_corpus)."""

from __future__ import annotations

import pytest
from conftest import XLA_CORPUS
from xla_corpus import NEEDS_DEVICES, TOO_SLOW, assert_matches, inputs, leaves, outputs

from hloc.errors import RunError
from hloc.interp import evaluate
from hloc.parse import parse_module

# Known differences in ops from interp-heavy (reduce_window.py), with the reason.
KNOWN_DIFFERENCES = {
    "hlo__parser__hlo_parser_test__roundtrip_long__ReduceWindowScalar.hlo":
        "reduce-window applies the init value to one-element windows; XLA:CPU returns the element",
    "hlo__parser__hlo_parser_test__roundtrip_long__ReduceWindowVariadic.hlo":
        "reduce-window applies the init value to one-element windows; XLA:CPU returns the element",
}

MODULES = sorted(outputs())
# The modules themselves are third-party data read from ../shared/corpus/xla (CI has it).
PARAMS = MODULES if (XLA_CORPUS / "INDEX.tsv").exists() else [
    pytest.param("none", marks=pytest.mark.skip("no XLA corpus at ../shared/corpus/xla"))]


def test_outputs_present():
    assert len(MODULES) > 200


@pytest.mark.slow
@pytest.mark.parametrize("name", PARAMS)
def test_matches_xla_cpu(name):
    if name in TOO_SLOW:
        pytest.skip("a loop too long to interpret in a test")
    if name in KNOWN_DIFFERENCES:
        pytest.xfail(KNOWN_DIFFERENCES[name])
    module = parse_module((XLA_CORPUS / name).read_text(), name)
    if name in NEEDS_DEVICES:
        with pytest.raises(RunError, match="device"):
            evaluate(module, inputs(module))
        return
    assert_matches(name, leaves(evaluate(module, inputs(module))), outputs()[name])
