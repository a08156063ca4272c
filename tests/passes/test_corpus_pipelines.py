"""Corpus sweeps (slow): -O2 on every corpus module keeps it well formed, reports changes truthfully,
is idempotent, gets a buffer assignment in which no two simultaneously live buffers overlap, and
(once the interpreter supports the module's ops) computes what XLA computed."""

from __future__ import annotations

import csv

import numpy as np
import pytest
from conftest import JAX_CORPUS, corpus_files
from equivalence import _compare, missing_handlers
from irchecks import assert_well_formed, call_signature_problems, shape_problems

from hloc.errors import VerifyError
from hloc.interp import Evaluator
from hloc.ir.printer import print_module
from hloc.ir.verifier import verify_module
from hloc.parse import parse_module
from hloc.passes import run_pipeline
from hloc.passes.analysis.buffer_assignment import assign_module, check

XLA_FILES = corpus_files("xla")
JAX_FILES = [p for p in corpus_files("jax") if not p.name.endswith(".opt.hlo")]


def _optimized(path):
    module = parse_module(path.read_text(), str(path))
    original = parse_module(path.read_text(), str(path))
    invalid = call_signature_problems(original)
    if invalid:
        pytest.skip(f"invalid input (the verifier will reject it): {invalid[0]}")
    try:
        verify_module(original)
    except VerifyError as e:  # the modules XLA's verifier rejects too (tests/ir/corpus_invalid.py)
        pytest.skip(f"invalid input: {e.message}")
    baseline = shape_problems(original)
    run_pipeline(module, "O2", check_changed=True)
    text = assert_well_formed(module, baseline)
    again = parse_module(text, "<optimized>")
    assert not run_pipeline(again, "O2", check_changed=True), "-O2 is not idempotent"
    problems = [p for a in assign_module(module).all() for p in check(a)]
    assert not problems, f"buffer assignment: {problems[:5]}"
    return original, module


@pytest.mark.slow
@pytest.mark.parametrize("path", XLA_FILES, ids=lambda p: p.name)
def test_xla_corpus_O2(path):
    _optimized(path)


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


def _flatten(v) -> list:
    if isinstance(v, tuple):
        return [x for item in v for x in _flatten(item)]
    return [v]


@pytest.mark.slow
@pytest.mark.parametrize("path", JAX_FILES, ids=lambda p: p.stem)
def test_jax_corpus_O2(path):
    original, module = _optimized(path)
    assert print_module(module).count(" call(") == 0, "-O2 leaves no call"
    missing = missing_handlers(original)
    if missing:
        pytest.skip(f"the interpreter does not support yet: {', '.join(missing)}")
    name = path.stem
    row = _manifest()[name]
    rtol, atol = float(row["rtol"]), float(row["atol"])
    args = _inputs(name, original)
    before = Evaluator(original).call(original.entry, args)
    after = Evaluator(module).call(module.entry, args)
    _compare(after, before, f"{name}: -O2 vs unoptimized", max(rtol, 1e-6), max(atol, 1e-6))
    expected = np.load(JAX_CORPUS / f"{name}.expected.npz")
    for k, got in enumerate(_flatten(after)):
        want = expected[f"out{k}"]
        got = np.asarray(got)
        if want.dtype != got.dtype and want.dtype.itemsize == got.dtype.itemsize:
            want = want.view(got.dtype)
        _compare(got, want, f"{name}: out{k} vs XLA", rtol, atol)
