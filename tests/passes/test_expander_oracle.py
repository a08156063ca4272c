"""Expanders against XLA: XLA:CPU ran each testdata/passes/oracle module as written (generate.py);
here the interpreter runs the module after the expander pipeline, which must have removed the
expanded opcodes, and must compute what XLA computed."""

from __future__ import annotations

import json

import numpy as np
import pytest
from cases import CASES
from equivalence import _compare, missing_handlers
from irchecks import assert_well_formed

from hloc.interp import Evaluator
from hloc.parse import parse_module
from hloc.passes import run_pipeline

ORACLE = CASES / "oracle"
META = json.loads((ORACLE / "cases.json").read_text())


def _flatten(v) -> list:
    if isinstance(v, tuple):
        return [x for item in v for x in _flatten(item)]
    return [v]


def _kind(instr) -> str:
    """The opcode, with total-order float compares told apart (what comparison-expander removes)."""
    if instr.opcode == "compare" and instr.operands[0].shape.element_type.kind == "float" and (
            instr.attrs.get("type") == "TOTALORDER" or instr.attrs.get("order") == "TOTAL"):
        return "compare-totalorder"
    return instr.opcode


def _as(a: np.ndarray, dtype: np.dtype) -> np.ndarray:
    """Stored bit patterns (bf16, f8 as unsigned ints) back to their type."""
    if a.dtype != dtype and a.dtype.itemsize == dtype.itemsize:
        return a.view(dtype)
    return a


@pytest.mark.parametrize("name", sorted(META), ids=str)
def test_expanded_module_matches_xla(name):
    meta = META[name]
    path = ORACLE / f"{name}.hlo"
    module = parse_module(path.read_text(), str(path))
    run_pipeline(module, meta["pipeline"], check_changed=True)
    assert_well_formed(module)
    left = sorted({_kind(i) for c in module.computations for i in c.instructions} & set(meta["expands"]))
    assert not left, f"{meta['pipeline']} left {left}"
    missing = missing_handlers(module)
    if missing:
        pytest.skip(f"the interpreter does not support yet: {', '.join(missing)}")
    data = np.load(ORACLE / f"{name}.npz")
    params = module.entry.parameters
    args = [_as(data[f"in{k}"], p.shape.dtype) for k, p in enumerate(params)]
    got = _flatten(Evaluator(module).call(module.entry, args))
    leaves = module.entry.root.shape.leaves()
    assert len(got) == len(leaves)
    for k, (g, leaf) in enumerate(zip(got, leaves)):
        want = _as(data[f"out{k}"], leaf.dtype)
        _compare(np.asarray(g), want, f"{name}: out{k}", meta["rtol"], meta["atol"])
