"""The native backend on XLA-computed cases: testdata/native (this backend's data-dependent kernels:
sort orders, out-of-bounds indices, windows, rng bits, fft, ...) and testdata/interp (the
interpreter's structured-op cases), for the ops the backend compiles. Expected values come from
XLA:CPU (see each folder's generate.py); tolerances from the folder's metadata."""

from __future__ import annotations

import csv
import functools
import json

import numpy as np
import pytest
from conftest import TESTDATA

from hloc.backend.llvm import compile_module
from hloc.errors import CodegenError
from hloc.parse import parse_module

NATIVE = TESTDATA / "native"
INTERP = TESTDATA / "interp"
ORACLE = TESTDATA / "oracle"
# testdata/interp cases whose ops another kernel family covers (dot, convolution: branch kernels-dense).
NOT_HERE = ("dot", "convolution")
# The oracle cases run here: those using an op of the data-dependent / library kernel families.
MY_OPS = frozenset({
    "gather", "scatter", "dynamic-slice", "dynamic-update-slice", "sort", "topk", "custom-call", "reduce-window",
    "select-and-scatter", "rng", "rng-bit-generator", "rng-get-and-update-state", "fft", "cholesky",
    "triangular-solve", "batch-norm-training", "batch-norm-inference", "batch-norm-grad", "stochastic-convert",
    "acos", "acosh", "asin", "asinh", "atanh", "cosh", "sinh",
})


def _native_cases() -> dict:
    path = NATIVE / "cases.tsv"
    if not path.exists():
        return {}
    with path.open() as f:
        return {r["name"]: (float(r["rtol"]), float(r["atol"])) for r in csv.DictReader(f, delimiter="\t")}


def _interp_cases() -> dict:
    path = INTERP / "cases.json"
    if not path.exists():
        return {}
    meta = json.loads(path.read_text())
    return {n: (float(m.get("rtol", 0)), float(m.get("atol", 0))) for n, m in meta.items()
            if not any(n.startswith(p) for p in NOT_HERE)}


def _oracle_cases() -> dict:
    """testdata/oracle cases with expected values (check=values), keyed by name."""
    path = ORACLE / "MANIFEST.tsv"
    if not path.exists():
        return {}
    with path.open() as f:
        return {r["name"]: (float(r["rtol"] or 0), float(r["atol"] or 0)) for r in csv.DictReader(f, delimiter="\t")
                if r["check"] == "values" and MY_OPS & set(r["ops"].split(","))
                and not any(op in r["ops"].split(",") for op in NOT_HERE)}


def _as(a: np.ndarray, dtype) -> np.ndarray:
    if a.dtype != dtype and a.dtype.itemsize == np.dtype(dtype).itemsize:
        return a.view(dtype)
    return a.astype(dtype) if a.dtype != dtype else a


def _flatten(v) -> list:
    return [x for e in v for x in _flatten(e)] if isinstance(v, tuple) else [v]


@functools.lru_cache(maxsize=8)
def _compiled(text: str, filename: str):
    """Cases that share their module text (one module, several inputs) compile once."""
    return compile_module(parse_module(text, filename))


def check_case(folder, name: str, rtol: float, atol: float, bits: bool = False) -> None:
    """bits: exact float results must agree bit for bit (-0 vs +0, NaN payloads), not only as values."""
    text = (folder / f"{name}.hlo").read_text()
    module = parse_module(text, f"{name}.hlo")
    params = [leaf for p in module.entry.parameters for leaf in p.shape.leaves()]
    outs = module.entry.root.shape.leaves()
    if (folder / f"{name}.npz").exists():
        data = np.load(folder / f"{name}.npz")
        ins = [_as(data[f"in{k}"], s.dtype) for k, s in enumerate(params)]
        want = [_as(data[f"out{k}"], s.dtype) for k, s in enumerate(outs)]
    else:  # the jax corpus layout (testdata/oracle)
        ins = [_as(np.load(folder / f"{name}.in{k}.npy"), s.dtype) for k, s in enumerate(params)]
        data = np.load(folder / f"{name}.expected.npz")
        want = [_as(data[f"out{k}"], s.dtype) for k, s in enumerate(outs)]
    got = _flatten(_compiled(text, f"{name}.hlo")(ins))
    assert len(got) == len(want)
    for k, (g, w) in enumerate(zip(got, want)):
        assert g.shape == w.shape, f"{name} out{k}"
        if bits and w.dtype.kind not in "biu" and rtol == 0 and atol == 0:
            u = {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64, 16: np.uint64}[w.dtype.itemsize]
            np.testing.assert_array_equal(np.ascontiguousarray(g).view(u), np.ascontiguousarray(w).view(u),
                                          err_msg=f"{name} out{k} (bit for bit)")
        elif w.dtype.kind in "biu" or (rtol == 0 and atol == 0):
            np.testing.assert_array_equal(g, w, err_msg=f"{name} out{k}")
        else:
            kind = np.complex128 if w.dtype.kind == "c" else np.float64
            np.testing.assert_allclose(g.astype(kind), w.astype(kind), rtol=rtol, atol=atol, equal_nan=True,
                                       err_msg=f"{name} out{k}")


@pytest.mark.parametrize("name", sorted(_native_cases()))
def test_native_case(name):
    rtol, atol = _native_cases()[name]
    check_case(NATIVE, name, rtol, atol, bits=True)


# Oracle cases whose ops have no native kernel yet (each must fail with a clean CodegenError).
ORACLE_PENDING: dict[str, str] = {}
# Oracle cases with a known difference outside this kernel family.
ORACLE_XFAIL = {
    "nan_inf_transcendental": "it also pins the bit patterns of finite exponential-minus-one/erf results, which "
                              "differ from XLA's by 1-2 ulp (mathfns)",
}


@pytest.mark.parametrize("name", sorted(_oracle_cases()))
def test_oracle_case(name):
    rtol, atol = _oracle_cases()[name]
    if name in ORACLE_XFAIL:
        pytest.xfail(ORACLE_XFAIL[name])
    if name in ORACLE_PENDING:
        with pytest.raises(CodegenError, match=ORACLE_PENDING[name]):
            check_case(ORACLE, name, rtol, atol)
        return
    check_case(ORACLE, name, rtol, atol)


@pytest.mark.parametrize("name", sorted(_interp_cases()))
def test_interp_case(name):
    rtol, atol = _interp_cases()[name]
    try:
        check_case(INTERP, name, rtol, atol)
    except CodegenError as e:  # an op of another kernel family inside the case
        if any(f"'{op}'" in str(e) for op in NOT_HERE):
            pytest.skip(str(e))
        raise
