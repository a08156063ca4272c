"""Modules that once gave wrong numbers or crashed natively (testdata/regress: issue 13's repros and
what the differential fuzzer found, shrunk), against XLA:CPU's outputs: natively at `--hlo-opt O0`
and `O2`, on 1 and 2 threads, and on the interpreter."""

from __future__ import annotations

import csv
import functools

import numpy as np
import pytest
from conftest import TESTDATA

from hloc.parse import parse_module
from hloc.runtime.backends import BackendOptions
from hloc.runtime.runner import Runner

REGRESS = TESTDATA / "regress"


@functools.cache
def _cases() -> dict[str, tuple[float, float]]:
    with (REGRESS / "cases.tsv").open() as f:
        return {r["name"]: (float(r["rtol"]), float(r["atol"])) for r in csv.DictReader(f, delimiter="\t")}


def _as(a: np.ndarray, dtype) -> np.ndarray:
    return a.view(dtype) if a.dtype != dtype and a.dtype.itemsize == np.dtype(dtype).itemsize else a


def check(name: str, backend: str, pipeline: str | None = None, threads: int | None = None) -> None:
    rtol, atol = _cases()[name]
    text = (REGRESS / f"{name}.hlo").read_text()
    runner = Runner(parse_module(text, f"{name}.hlo"), backend,
                    options=BackendOptions(threads=threads, cache=False, hlo_pipeline=pipeline))
    data = np.load(REGRESS / f"{name}.npz")
    ins = [_as(data[f"in{k}"], leaf.shape.dtype) for k, leaf in enumerate(runner.inputs)]
    got = runner.run(ins)
    assert len(got) == len(runner.outputs)
    for k, (g, shape) in enumerate(zip(got, runner.outputs)):
        w = _as(data[f"out{k}"], shape.dtype)
        assert g.shape == w.shape, f"{name} out{k}"
        if rtol == 0 and atol == 0:
            np.testing.assert_array_equal(g, w, err_msg=f"{name} out{k}")
        else:
            parts = [("re", np.real), ("im", np.imag)] if w.dtype.kind == "c" else [("", lambda a: a)]
            for part, of in parts:
                np.testing.assert_allclose(of(g).astype(np.float64), of(w).astype(np.float64), rtol=rtol, atol=atol,
                                           err_msg=f"{name} out{k} {part}")


def test_every_case_is_listed():
    assert sorted(p.stem for p in REGRESS.glob("*.hlo")) == sorted(_cases())
    assert all((REGRESS / f"{n}.npz").exists() for n in _cases())


# Cases whose XLA:CPU numbers come from an optimisation XLA always runs (no O0 there): natively at O2 only.
O2_ONLY = {"complex_power_edges": "pow(z, 2) => z * z (algsimp, as XLA): the polar form at O0 gives NaN "
                                  "for an infinite part"}


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("pipeline", ["O0", "O2"])
@pytest.mark.parametrize("name", sorted(_cases()))
def test_native(name, pipeline, threads):
    if pipeline == "O0" and name in O2_ONLY:
        pytest.skip(f"O2 only: {O2_ONLY[name]}")
    check(name, "llvm", pipeline, threads)


@pytest.mark.parametrize("name", sorted(_cases()))
def test_interpreter(name):
    check(name, "interp")
