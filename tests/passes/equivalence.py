"""Interpreter equivalence: a module computes the same outputs before and after a pass.

    assert_equivalent(before, after, seeds=(0, 1, 2))

`before`/`after` are modules or HLO text. Inputs are seeded random values per entry parameter
(`random_args`). Integers and booleans must match exactly, floats to within rtol/atol, NaNs in the
same places. Until the reference interpreter supports every opcode of a module, the check is
skipped with the list of missing opcodes (so it switches itself on as the interpreter lands).
"""

from __future__ import annotations

import numpy as np
import pytest

from hloc.interp import Evaluator, registry
from hloc.ir.module import Module
from hloc.ir.types import Shape
from hloc.parse import parse_module


def _as_module(m: Module | str) -> Module:
    return parse_module(m, "<equivalence>") if isinstance(m, str) else m


def missing_handlers(module: Module) -> list[str]:
    if not registry.HANDLERS:
        registry.load_all()
    ops = {i.opcode for c in module.computation_post_order() for i in c.instructions}
    return sorted(op for op in ops if op != "parameter" and op not in registry.HANDLERS)


def random_value(shape: Shape, rng: np.random.Generator):
    if shape.is_tuple:
        return tuple(random_value(s, rng) for s in shape.tuple_shapes)
    et = shape.element_type
    dims = shape.dims
    if et.kind == "pred":
        return rng.integers(0, 2, dims).astype(np.bool_)
    if et.kind == "sint":
        return rng.integers(-8, 8, dims).astype(et.np_dtype)
    if et.kind == "uint":
        return rng.integers(0, 16, dims).astype(et.np_dtype)
    if et.kind == "complex":
        return (rng.standard_normal(dims) + 1j * rng.standard_normal(dims)).astype(et.np_dtype)
    if et.kind == "float":
        return rng.standard_normal(dims).astype(et.np_dtype)
    raise NotImplementedError(f"no random values for {shape}")


def random_args(module: Module, seed: int) -> list:
    rng = np.random.default_rng(seed)
    return [random_value(p.shape, rng) for p in module.entry.parameters]


def _copy(v):
    if isinstance(v, list | tuple):
        return type(v)(_copy(x) for x in v)
    return np.array(v, copy=True)


def _compare(a, b, path: str, rtol: float, atol: float) -> None:
    if isinstance(a, tuple) or isinstance(b, tuple):
        assert isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b), f"{path}: tuple structure differs"
        for k, (x, y) in enumerate(zip(a, b)):
            _compare(x, y, f"{path}[{k}]", rtol, atol)
        return
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype, f"{path}: {a.dtype}{a.shape} vs {b.dtype}{b.shape}"
    if a.dtype.kind in "fc" or a.dtype.name in ("bfloat16",) or a.dtype.name.startswith("float"):
        np.testing.assert_allclose(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64),
                                   b.astype(np.complex128 if b.dtype.kind == "c" else np.float64),
                                   rtol=rtol, atol=atol, equal_nan=True, err_msg=path)
    else:
        np.testing.assert_array_equal(a, b, err_msg=path)


def assert_equivalent(before: Module | str, after: Module | str, seeds=(0, 1, 2), rtol: float = 1e-6,
                      atol: float = 1e-6) -> None:
    before, after = _as_module(before), _as_module(after)
    missing = sorted(set(missing_handlers(before)) | set(missing_handlers(after)))
    if missing:
        pytest.skip(f"the interpreter does not support yet: {', '.join(missing)}")
    assert [p.shape for p in before.entry.parameters] == [p.shape for p in after.entry.parameters], \
        "the entry signature changed"
    for seed in seeds:
        args = random_args(before, seed)
        want = Evaluator(before).call(before.entry, _copy(args))
        got = Evaluator(after).call(after.entry, _copy(args))
        _compare(got, want, f"seed {seed}: result", rtol, atol)
