"""Corpus sweeps (slow) for algsimp and its companions, pass by pass, on every jax corpus module
(the whole -O2 pipeline is swept by test_corpus_pipelines.py):

  * each pass keeps the module well formed, reports changes truthfully and is idempotent;
  * the interpreter computes the same outputs before and after on the corpus inputs, within the
    MANIFEST tolerances;
  * algsimp without reassociation changes no bit of any output (NaN payloads aside).
"""

from __future__ import annotations

import pytest
from conftest import corpus_files
from equivalence import _compare, missing_handlers
from exactness import _same_bits
from irchecks import assert_well_formed, shape_problems
from test_corpus_pipelines import _inputs, _manifest

from hloc.interp import Evaluator
from hloc.parse import parse_module
from hloc.passes import run_pipeline

JAX_FILES = [p for p in corpus_files("jax") if not p.name.endswith(".opt.hlo")]
PIPELINES = ["algsimp", "reshape-mover", "transpose-folding<no-row-column-only>", "dot-decomposer",
             "algsimp<no-reassociate>"]


def _run(path, pipeline: str):
    original = parse_module(path.read_text(), str(path))
    module = parse_module(path.read_text(), str(path))
    baseline = shape_problems(original)
    run_pipeline(module, pipeline, check_changed=True)
    text = assert_well_formed(module, baseline)
    again = parse_module(text, "<after>")
    assert not run_pipeline(again, pipeline, check_changed=True), f"{pipeline} is not idempotent"
    return original, module


def _outputs(original, module, name):
    missing = sorted(set(missing_handlers(original)) | set(missing_handlers(module)))
    if missing:
        pytest.skip(f"the interpreter does not support yet: {', '.join(missing)}")
    args = _inputs(name, original)
    before = Evaluator(original).call(original.entry, [a.copy() for a in args])
    after = Evaluator(module).call(module.entry, [a.copy() for a in args])
    return before, after


@pytest.mark.slow
@pytest.mark.parametrize("pipeline", PIPELINES[:-1])
@pytest.mark.parametrize("path", JAX_FILES, ids=lambda p: p.stem)
def test_pass_keeps_corpus_semantics(path, pipeline):
    original, module = _run(path, pipeline)
    row = _manifest()[path.stem]
    before, after = _outputs(original, module, path.stem)
    _compare(after, before, f"{path.stem}: {pipeline}", max(float(row["rtol"]), 1e-6),
             max(float(row["atol"]), 1e-6))


@pytest.mark.slow
@pytest.mark.parametrize("path", JAX_FILES, ids=lambda p: p.stem)
def test_algsimp_without_reassociation_is_bit_exact(path):
    original, module = _run(path, PIPELINES[-1])
    before, after = _outputs(original, module, path.stem)
    _same_bits(after, before, f"{path.stem}: result")
