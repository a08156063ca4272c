"""Corpus sweep (slow) for algsimp and its companions, pass by pass, one case per jax corpus module
(the whole -O2 pipeline is swept by test_corpus_pipelines.py):

  * each pass keeps the module well formed, reports changes truthfully and is idempotent;
  * the interpreter computes the same outputs before and after on the corpus inputs, within the
    MANIFEST tolerances;
  * algsimp without reassociation changes no bit of any output (NaN payloads aside).

The module is parsed and its unoptimized outputs computed once per case, not once per pass.
"""

from __future__ import annotations

import pytest
from conftest import corpus_files
from equivalence import _compare, _copy, missing_handlers
from exactness import _same_bits
from irchecks import assert_well_formed, shape_problems
from test_corpus_pipelines import _inputs, _manifest

from hloc.interp import Evaluator
from hloc.ir.printer import print_module
from hloc.parse import parse_module
from hloc.passes import run_pipeline

JAX_FILES = [p for p in corpus_files("jax") if not p.name.endswith(".opt.hlo")]
# Pipelines whose outputs must match within the MANIFEST tolerances ...
PIPELINES = ["algsimp", "reshape-mover", "transpose-folding<no-row-column-only>", "dot-decomposer"]
# ... and bit for bit.
BIT_EXACT = ["algsimp<no-reassociate>"]


def _run_pass(text: str, name: str, pipeline: str, baseline: set[str]):
    module = parse_module(text, name)
    run_pipeline(module, pipeline, check_changed=True)
    out = assert_well_formed(module, baseline)
    again = parse_module(out, "<after>")
    assert not run_pipeline(again, pipeline) and print_module(again) == out, f"{pipeline} is not idempotent"
    return module


@pytest.mark.slow
@pytest.mark.parametrize("path", JAX_FILES, ids=lambda p: p.stem)
def test_passes_keep_corpus_semantics(path):
    text, name = path.read_text(), path.stem
    original = parse_module(text, str(path))
    baseline = shape_problems(original)
    runs = not missing_handlers(original)
    if runs:
        args = _inputs(name, original)
        before = Evaluator(original).call(original.entry, _copy(args))
        row = _manifest()[name]
        rtol, atol = max(float(row["rtol"]), 1e-6), max(float(row["atol"]), 1e-6)
    for pipeline in PIPELINES + BIT_EXACT:
        module = _run_pass(text, str(path), pipeline, baseline)
        if not runs:
            continue
        missing = missing_handlers(module)
        assert not missing, f"{pipeline} introduced opcodes the interpreter lacks: {missing}"
        after = Evaluator(module).call(module.entry, _copy(args))
        if pipeline in BIT_EXACT:
            _same_bits(after, before, f"{name}: {pipeline}")
        else:
            _compare(after, before, f"{name}: {pipeline}", rtol, atol)
    if not runs:
        pytest.skip(f"the interpreter does not support yet: {', '.join(missing_handlers(original))}")
