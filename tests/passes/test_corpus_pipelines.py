"""Corpus sweeps (slow), one case per module: -O2 keeps every corpus module well formed, reports
changes truthfully, is idempotent, gets a buffer assignment in which no two simultaneously live
buffers overlap, and preserves what the module computes: the interpreter's outputs after -O2 equal
the unoptimized module's (within the corpus tolerances) on

  * every JAX corpus module, on its corpus inputs (and they still match XLA's expected outputs);
  * every XLA corpus module XLA:CPU runs (INDEX.tsv's `xla_cpu_runs`, or outputs recorded by the
    oracle), on the seeded inputs tests/interp/test_xla_corpus.py uses, minus the modules it cannot
    run (tests/xla_corpus.py: several devices, endless loops, no defined result) and those with
    arrays of more than MAX_INTERPRETED_ELEMENTS (8 of them: -O2 is still checked structurally).

Each module is parsed once; the unoptimized outputs are computed before -O2 rewrites it in place.
"""

from __future__ import annotations

import csv

import numpy as np
import pytest
from conftest import JAX_CORPUS, corpus_files
from equivalence import _compare, _copy, missing_handlers
from irchecks import assert_well_formed, call_signature_problems, shape_problems
from xla_corpus import MAX_INTERPRETED_ELEMENTS, inputs, interpretable_modules, largest_array, leaves

from hloc.errors import VerifyError
from hloc.interp import Evaluator
from hloc.interp.util import NARROW_FLOATS, etype_of
from hloc.ir.printer import print_module
from hloc.ir.verifier import verify_module
from hloc.parse import parse_module
from hloc.passes import run_pipeline
from hloc.passes.analysis.buffer_assignment import assign_module, check
from hloc.passes.layout_copies import insert_layout_copies

XLA_FILES = corpus_files("xla")
JAX_FILES = [p for p in corpus_files("jax") if not p.name.endswith(".opt.hlo")]
XLA_RUNNABLE = frozenset(interpretable_modules())


def _parse_valid(path):
    module = parse_module(path.read_text(), str(path))
    invalid = call_signature_problems(module)
    if invalid:
        pytest.skip(f"invalid input (the verifier will reject it): {invalid[0]}")
    try:
        verify_module(module)
    except VerifyError as e:  # the modules XLA's verifier rejects too (tests/ir/corpus_invalid.py)
        pytest.skip(f"invalid input: {e.message}")
    return module


def _optimize(module) -> None:
    """-O2 in place, checking that each pass reports changes truthfully, the result is well formed
    and a second -O2 changes nothing."""
    baseline = shape_problems(module)
    run_pipeline(module, "O2", check_changed=True)
    text = assert_well_formed(module, baseline)
    again = parse_module(text, "<optimized>")
    # The first run checked every pass's report against the printed text; here a report of a change
    # or a different text both mean -O2 is not idempotent.
    assert not run_pipeline(again, "O2") and print_module(again) == text, "-O2 is not idempotent"
    # The buffers the native backend assigns: of the module with its layout boundaries made to agree
    # (it runs layout-copies first; check() reports a buffer taken in two layouts).
    insert_layout_copies(module)
    problems = [p for a in assign_module(module).all() for p in check(a)]
    assert not problems, f"buffer assignment: {problems[:5]}"


def _run(module, args):
    return Evaluator(module).call(module.entry, _copy(args))


@pytest.mark.slow
@pytest.mark.parametrize("path", XLA_FILES, ids=lambda p: p.name)
def test_xla_corpus_O2(path):
    module = _parse_valid(path)
    runs = (path.name in XLA_RUNNABLE and not missing_handlers(module)
            and largest_array(module) <= MAX_INTERPRETED_ELEMENTS)
    if runs:
        args = inputs(module)
        before = leaves(_run(module, args))
    _optimize(module)
    if not runs:
        return
    after = leaves(_run(module, args))
    assert len(after) == len(before), "the number of outputs changed"
    for i, (got, want) in enumerate(zip(after, before)):
        got, want = np.asarray(got), np.asarray(want)
        narrow = etype_of(want) in NARROW_FLOATS
        tol = 2e-2 if narrow else 1e-4  # tests/interp/test_xla_corpus.py's tolerances
        if want.dtype.kind in "biu" and not narrow:
            _compare(got, want, f"{path.name}: out{i}, -O2 vs unoptimized", 0, 0)
        else:
            assert got.shape == want.shape and got.dtype == want.dtype, f"out{i}: {got.dtype}{got.shape}"
            big = np.complex128 if want.dtype.kind == "c" else np.float64
            ok = np.isclose(got.astype(big), want.astype(big), rtol=tol, atol=tol, equal_nan=True)
            assert ok.all(), f"out{i}, -O2 vs unoptimized: {int((~ok).sum())} of {ok.size} differ"


def _manifest() -> dict[str, dict]:
    f = JAX_CORPUS / "MANIFEST.tsv"
    if not f.exists():
        return {}
    with open(f) as fh:
        return {row["name"]: row for row in csv.DictReader(fh, delimiter="\t")}


def _inputs(name: str, module) -> list:
    files = sorted(JAX_CORPUS.glob(f"{name}.in*.npy"), key=lambda p: int(p.name.split(".in")[1][:-4]))
    out = []
    for f, param in zip(files, module.entry.parameters):
        a = np.load(f)
        if a.dtype != param.shape.dtype and a.dtype.itemsize == param.shape.dtype.itemsize:
            a = a.view(param.shape.dtype)  # bf16 is stored as its uint16 bits
        out.append(a)
    return out


@pytest.mark.slow
@pytest.mark.parametrize("path", JAX_FILES, ids=lambda p: p.stem)
def test_jax_corpus_O2(path):
    module = _parse_valid(path)
    missing = missing_handlers(module)
    name = path.stem
    if not missing:
        args = _inputs(name, module)
        before = _run(module, args)
    _optimize(module)
    assert print_module(module).count(" call(") == 0, "-O2 leaves no call"
    if missing:
        pytest.skip(f"the interpreter does not support yet: {', '.join(missing)}")
    row = _manifest()[name]
    rtol, atol = float(row["rtol"]), float(row["atol"])
    after = _run(module, args)
    _compare(after, before, f"{name}: -O2 vs unoptimized", max(rtol, 1e-6), max(atol, 1e-6))
    expected = np.load(JAX_CORPUS / f"{name}.expected.npz")
    for k, got in enumerate(leaves(after)):
        want = expected[f"out{k}"]
        got = np.asarray(got)
        if want.dtype != got.dtype and want.dtype.itemsize == got.dtype.itemsize:
            want = want.view(got.dtype)
        _compare(got, want, f"{name}: out{k} vs XLA", rtol, atol)
