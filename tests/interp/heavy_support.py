"""Helpers for the structured-op interpreter tests (dot, convolution, gather, scatter, sort, ...).

`run(text, *args)` parses an HLO module and evaluates its entry computation with the interpreter.
`load_case(name)` reads a testdata/interp case (module text, inputs, XLA-computed outputs).

The structured ops call small scalar computations (comparators, reducers, combiners). Their
elementwise handlers belong to the interp-core family; until those are registered, `run` provides
minimal stand-ins for the few opcodes these tests use, only for opcodes nobody registered and only
while it runs (the registry other tests see is left as it was).
"""

from __future__ import annotations

import contextlib
import json
from pathlib import Path

import ml_dtypes
import numpy as np

from hloc.interp import HANDLERS, Evaluator
from hloc.interp.registry import load_all
from hloc.parse import parse_module

TESTDATA = Path(__file__).resolve().parents[2] / "testdata" / "interp"


def _bits_to_float(x: np.ndarray) -> np.ndarray:
    """Total-order keys for compare type=TOTALORDER on floats."""
    width = x.dtype.itemsize * 8
    ints = x.view({2: np.int16, 4: np.int32, 8: np.int64}[x.dtype.itemsize]).astype(np.int64)
    return np.where(ints < 0, ints ^ ((1 << (width - 1)) - 1), ints)


def _compare(instr, args, ev):
    a, b = args
    direction = instr.attrs["direction"]
    total = instr.attrs.get("type") == "TOTALORDER" or instr.attrs.get("order") == "TOTAL"
    if total and instr.operands[0].shape.element_type.is_float:
        a, b = _bits_to_float(np.asarray(a)), _bits_to_float(np.asarray(b))
    fn = {"EQ": np.equal, "NE": np.not_equal, "LT": np.less, "LE": np.less_equal, "GT": np.greater,
          "GE": np.greater_equal}[direction]
    with np.errstate(invalid="ignore"):
        return np.asarray(fn(a, b))


def _typed(fn):
    def h(instr, args, ev):
        with np.errstate(all="ignore"):
            return np.asarray(fn(*args)).astype(instr.shape.dtype)

    return h


def _broadcast_scalar(instr, x):
    if np.ndim(x) != 0:
        raise NotImplementedError("the test fallback broadcasts scalars only")
    return np.broadcast_to(x, instr.shape.dims).copy()


def _convert(instr, args, ev):
    return np.asarray(args[0]).astype(instr.shape.dtype)


_FALLBACKS = {
    "constant": lambda instr, args, ev: instr.literal,
    "broadcast": lambda instr, args, ev: _broadcast_scalar(instr, args[0]),
    "tuple": lambda instr, args, ev: tuple(args),
    "get-tuple-element": lambda instr, args, ev: args[0][instr.attrs["index"]],
    "add": _typed(np.add),
    "subtract": _typed(np.subtract),
    "multiply": _typed(np.multiply),
    "divide": _typed(np.divide),
    "maximum": _typed(np.maximum),
    "minimum": _typed(np.minimum),
    "and": _typed(np.logical_and),
    "or": _typed(np.logical_or),
    "not": _typed(np.logical_not),
    "negate": _typed(np.negative),
    "select": _typed(np.where),
    "compare": _compare,
    "convert": _convert,
    "call": lambda instr, args, ev: ev.call(instr.to_apply, args),
}


# Register every handler module now: importing one ops module directly (as test_sort does) would
# otherwise leave the registry non-empty but incomplete, and the evaluator only loads an empty one.
load_all()


@contextlib.contextmanager
def _fallbacks():
    added = [op for op in _FALLBACKS if op not in HANDLERS]
    for op in added:
        HANDLERS[op] = _FALLBACKS[op]
    try:
        yield
    finally:
        for op in added:
            HANDLERS.pop(op, None)


def missing_handlers(module) -> list[str]:
    """Opcodes of `module` without a registered handler (the stand-ins above do not count)."""
    ops = {i.opcode for c in module.computations for i in c.instructions} - {"parameter"}
    return sorted(op for op in ops if op not in HANDLERS or HANDLERS[op] is _FALLBACKS.get(op))


def parse(text: str):
    return parse_module(text, "test.hlo")


def run(text: str, *args):
    """Evaluate the entry computation of `text` on `args`."""
    m = parse(text)
    with _fallbacks():
        return Evaluator(m).call(m.entry, list(args))


# --------------------------------------------------------------------------------------------------
# testdata/interp cases: NAME.hlo, NAME.npz (in0, in1, ... as stored by generate.py; out0, ... from XLA)


def case_names(prefix: str) -> list[str]:
    return sorted(p.stem for p in TESTDATA.glob(f"{prefix}*.hlo"))


def _from_storable(a: np.ndarray, dtype) -> np.ndarray:
    dtype = np.dtype(dtype)
    if a.dtype == dtype:
        return a
    if a.dtype.itemsize == dtype.itemsize and a.dtype.kind in "uiV":
        return a.view(dtype)
    return a.astype(dtype)


def load_case(name: str):
    """(module text, inputs with the parameters' dtypes, expected outputs with the results' dtypes, meta)."""
    text = (TESTDATA / f"{name}.hlo").read_text()
    data = np.load(TESTDATA / f"{name}.npz")
    m = parse(text)
    leaves = [p.shape for p in m.entry.parameters]
    ins = [_from_storable(data[f"in{i}"], s.dtype) for i, s in enumerate(leaves)]
    out_shape = m.entry.root.shape
    out_leaves = out_shape.leaves()
    outs = [_from_storable(data[f"out{i}"], s.dtype) for i, s in enumerate(out_leaves)]
    meta_path = TESTDATA / "cases.json"
    meta = json.loads(meta_path.read_text()).get(name, {}) if meta_path.exists() else {}
    return text, ins, outs, meta


# --------------------------------------------------------------------------------------------------
# The jax corpus (../shared/corpus/jax): NAME.hlo, NAME.in<k>.npy, NAME.expected.npz, MANIFEST.tsv

JAX_CORPUS = Path(__file__).resolve().parents[2].parent / "shared" / "corpus" / "jax"


def corpus_case(name: str):
    """(module text, inputs, expected outputs, rtol, atol) of a jax corpus case, or pytest.skip."""
    import os

    import pytest

    root = Path(os.environ["HLOC_CORPUS"]) / "jax" if "HLOC_CORPUS" in os.environ else JAX_CORPUS
    if not (root / f"{name}.hlo").exists():
        pytest.skip(f"jax corpus not found at {root}")
    text = (root / f"{name}.hlo").read_text()
    m = parse(text)
    missing = missing_handlers(m)
    if missing:
        pytest.skip(f"needs interpreter handlers for {', '.join(missing)}")
    ins = []
    for i, p in enumerate(m.entry.parameters):
        ins.append(_from_storable(np.load(root / f"{name}.in{i}.npy"), p.shape.dtype))
    exp = np.load(root / f"{name}.expected.npz")
    outs = [_from_storable(exp[f"out{i}"], s.dtype) for i, s in enumerate(m.entry.root.shape.leaves())]
    rtol = atol = 0.0
    for line in (root / "MANIFEST.tsv").read_text().splitlines():
        cols = line.split("\t")
        if cols[0] == name:
            rtol, atol = float(cols[4]), float(cols[5])
    return text, ins, outs, rtol, atol


def check_outputs(got, want, rtol, atol, what=""):
    got = flatten(got)
    assert len(got) == len(want), f"{what}: {len(got)} outputs, expected {len(want)}"
    for i, (g, w) in enumerate(zip(got, want)):
        assert_close(g, w, rtol, atol, f"{what} out{i}")


def flatten(value) -> list[np.ndarray]:
    if isinstance(value, tuple):
        out = []
        for v in value:
            out.extend(flatten(v))
        return out
    return [value]


def as_f64(a: np.ndarray) -> np.ndarray:
    a = np.asarray(a)
    if a.dtype in (np.dtype(ml_dtypes.bfloat16), np.dtype(np.float16)) or a.dtype.kind == "V":
        return a.astype(np.float32).astype(np.float64)
    if a.dtype.kind == "c":
        return a.astype(np.complex128)
    return a.astype(np.float64)


def assert_close(got, want, rtol=0.0, atol=0.0, what=""):
    got, want = np.asarray(got), np.asarray(want)
    assert got.shape == want.shape, f"{what}: shape {got.shape} != {want.shape}"
    assert got.dtype == want.dtype, f"{what}: dtype {got.dtype} != {want.dtype}"
    if rtol == 0 and atol == 0 and got.dtype.kind in "biu":
        np.testing.assert_array_equal(got, want, err_msg=what)
        return
    np.testing.assert_allclose(as_f64(got), as_f64(want), rtol=rtol, atol=atol, equal_nan=True, err_msg=what)
