"""The StableHLO text of the producer corpora (testdata/producers/<producer>/NAME.mlir: JAX's as_text(),
torch_xla's get_stablehlo) runs equal to the producer's own outputs, within the same tolerances as the
HLO text of the same program (tests/producers/test_producer_corpus.py, whose loaders this reuses).
Of the HLO text's xfails, those of defects a StableHLO module meets too apply (f32 reduction accuracy,
the im2col name clash). The native layout defect does not: StableHLO has no layouts (every tensor lowers
with the default one), so the scans that break on their HLO text's layouts run here; nor do the LAPACK
custom calls, which run on both backends."""

from __future__ import annotations

import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "producers"))
import test_producer_corpus as corpus  # noqa: E402

from hloc.parse import parse_module  # noqa: E402
from hloc.runtime.runner import run_module  # noqa: E402

_APPLY = {getattr(corpus, n) for n in ("REDUCE", "IM2COL") if hasattr(corpus, n)}
WITH_MLIR = [c for c in corpus.SMALL if (corpus.CORPORA / c.split("/")[0] / f"{c.split('/')[1]}.mlir").exists()]


def _cases(backend: str) -> list:
    out = []
    for case in WITH_MLIR:
        reason = corpus.XFAIL.get((case, backend))
        if reason not in _APPLY:
            reason = None
        marks = [pytest.mark.xfail(strict=True, reason=f"as its HLO text: {reason}")] if reason else []
        out.append(pytest.param(case, marks=marks, id=case))
    return out


def _run(case: str, backend: str) -> None:
    prod, name = case.split("/")
    _, inputs, expected, tolerances = corpus.load(case)
    path = corpus.CORPORA / prod / f"{name}.mlir"
    module = parse_module(path.read_text(), str(path))
    corpus.assert_matches_producer(case, run_module(module, inputs, backend=backend), expected, tolerances)


def test_the_corpora_have_stablehlo():
    assert len(WITH_MLIR) >= 30


@pytest.mark.parametrize("case", _cases("interp"))
def test_interpreter_matches_producer(case):
    _run(case, "interp")


@pytest.mark.slow  # a compile per program
@pytest.mark.parametrize("case", _cases("llvm"))
def test_native_matches_producer(case):
    _run(case, "llvm")
