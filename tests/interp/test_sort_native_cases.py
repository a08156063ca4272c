"""The interpreter's sort on the XLA-computed sort cases of testdata/native (orders of equivalent
elements, comparators that are no strict weak order: FLOAT LT with NaNs), bit for bit."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import TESTDATA

from hloc.interp import evaluate
from hloc.parse import parse_module

NATIVE = TESTDATA / "native"
CASES = sorted(p.stem for p in NATIVE.glob("sort_*.hlo"))
# XLA:CPU runs a 3-operand comparator through libstdc++'s std::sort / std::stable_sort; with NaN keys
# (no strict weak order) their exact sequence of comparisons decides the order, which the native
# backend replays (kernels/sort.py) and the interpreter does not yet.
XFAIL = {name: "NaN keys through a 3-operand comparator: libstdc++'s algorithms are not replayed by the "
               "interpreter" for name in CASES if "3op" in name and name.endswith("_nan")}


def _flatten(v) -> list:
    return [x for e in v for x in _flatten(e)] if isinstance(v, tuple) else [v]


def _as(a: np.ndarray, dtype) -> np.ndarray:
    return a.view(dtype) if a.dtype != dtype and a.dtype.itemsize == np.dtype(dtype).itemsize else a


@pytest.mark.parametrize("name", CASES)
def test_matches_xla(name):
    if name in XFAIL:
        pytest.xfail(XFAIL[name])
    module = parse_module((NATIVE / f"{name}.hlo").read_text(), f"{name}.hlo")
    data = np.load(NATIVE / f"{name}.npz")
    params = [leaf for p in module.entry.parameters for leaf in p.shape.leaves()]
    ins = [_as(data[f"in{k}"], s.dtype) for k, s in enumerate(params)]
    got = _flatten(evaluate(module, ins))
    for k, (g, s) in enumerate(zip(got, module.entry.root.shape.leaves())):
        w = _as(data[f"out{k}"], s.dtype)
        np.testing.assert_array_equal(np.asarray(g).view(np.uint8), w.view(np.uint8), err_msg=f"{name} out{k}")
