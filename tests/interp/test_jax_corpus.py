"""The interpreter on the JAX corpus: every NAME.hlo run on its NAME.in*.npy inputs matches XLA:CPU's
NAME.expected.npz within the MANIFEST.tsv tolerances (NaNs equal; exact cases bit for bit)."""

from __future__ import annotations

import csv
import re

import numpy as np
import pytest
from conftest import JAX_CORPUS, corpus_files, require_corpus

from hloc.interp import evaluate
from hloc.parse import parse_module

CASES = [p.name[: -len(".hlo")] for p in corpus_files("jax", "*.hlo") if not p.name.endswith(".opt.hlo")]


def _manifest() -> dict[str, dict]:
    with open(JAX_CORPUS / "MANIFEST.tsv", newline="") as f:
        return {row["name"]: row for row in csv.DictReader(f, delimiter="\t")}


def _inputs(name: str, module) -> list[np.ndarray]:
    files = sorted(JAX_CORPUS.glob(f"{name}.in*.npy"), key=lambda p: int(re.search(r"\.in(\d+)\.npy$", p.name)[1]))
    args = []
    for path, shape in zip(files, module.entry.parameter_shapes, strict=True):
        a = np.load(path)
        args.append(a if a.dtype == shape.dtype else a.view(shape.dtype))  # bf16 is stored as uint16 bits
    return args


def _leaves(v) -> list:
    return [x for item in v for x in _leaves(item)] if isinstance(v, tuple) else [v]


def check_case(name: str) -> None:
    row = _manifest()[name]
    rtol, atol = float(row["rtol"]), float(row["atol"])
    module = parse_module((JAX_CORPUS / f"{name}.hlo").read_text(), f"{name}.hlo")
    got = _leaves(evaluate(module, _inputs(name, module)))
    with np.load(JAX_CORPUS / f"{name}.expected.npz") as z:
        want = [z[f"out{i}"] for i in range(len(z.files))]
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        if w.dtype != g.dtype:
            w = w.view(g.dtype)  # bf16 outputs are stored as uint16 bits
        assert g.shape == w.shape, f"out{i}: shape {g.shape}, want {w.shape}"
        if g.dtype.kind in "biu":
            assert np.array_equal(g, w), f"out{i} differs at {np.flatnonzero(g != w)[:10]}"
            continue
        g64, w64 = g.astype(np.float64), w.astype(np.float64)
        if rtol == 0 and atol == 0:
            same = (g64 == w64) | (np.isnan(g64) & np.isnan(w64))
        else:
            same = np.isclose(g64, w64, rtol=rtol, atol=atol, equal_nan=True)
        assert same.all(), (f"out{i}: {int((~same).sum())} of {same.size} differ; max |diff| "
                            f"{np.nanmax(np.abs(g64 - w64)[~same])}")


def test_corpus_present():
    require_corpus()
    assert len(CASES) == 52


@pytest.mark.slow
@pytest.mark.parametrize("name", CASES)
def test_jax_case(name):
    check_case(name)


# A few fast cases that need only core ops, so `make test-fast` runs the interpreter end to end.
@pytest.mark.parametrize("name", ["int_div_edge", "nan_inf_semantics", "argmax_argmin", "rng_bit_generator",
                                  "ew_chain_bf16", "shape_ops", "cond_switch"])
def test_jax_case_fast(name):
    require_corpus()
    check_case(name)
