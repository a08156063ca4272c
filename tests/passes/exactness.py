"""Bit-exactness on special values: a rewrite that claims to hold bit for bit must give identical
bits before and after on inputs full of NaN, infinities, -0.0, huge values and integer extremes.

Cases opt in with a `// bit-exact: ...` line (rules that only change float rounding, the
`reassociate` ones, cannot). NaNs compare equal to any NaN (payloads are not specified).
"""

from __future__ import annotations

import re
from pathlib import Path

import numpy as np
from equivalence import _copy, missing_handlers

from hloc.interp import Evaluator
from hloc.ir.module import Module
from hloc.ir.types import Shape

# No subnormals: XLA:CPU (and the interpreter) flush them in arithmetic, so x * 1 turns 1e-40 into 0
# while x does not; whether it happens depends on the op surviving optimization, in XLA too.
FLOATS = [np.nan, np.inf, -np.inf, 0.0, -0.0, 1.0, -1.0, 0.5, -2.5, 3.0, 6.0, 1e30, -1e-30, 3e38, -3e38, 7.25]


def is_bit_exact_case(case: Path) -> bool:
    return re.search(r"^//\s*bit-exact:", case.read_text(), re.M) is not None


def special_value(shape: Shape, offset: int):
    if shape.is_tuple:
        return tuple(special_value(s, offset + k) for k, s in enumerate(shape.tuple_shapes))
    et = shape.element_type
    n = shape.num_elements
    k = np.arange(n) + offset
    if et.kind == "pred":
        values = (k % 3 == 0)
    elif et.kind in ("sint", "uint"):
        info = np.iinfo(et.np_dtype)
        pool = np.array([0, 1, info.max, info.min, 7, 8, info.max - 1, 2], dtype=object)
        if et.kind == "sint":
            pool = np.concatenate([pool, np.array([-1, -8, info.min + 1], dtype=object)])
        values = np.array([int(pool[i % len(pool)]) for i in k], dtype=et.np_dtype)
    elif et.kind == "float":
        with np.errstate(all="ignore"):
            values = np.array([FLOATS[i % len(FLOATS)] for i in k], dtype=np.float64).astype(et.np_dtype)
    elif et.kind == "complex":
        values = np.array([complex(FLOATS[i % len(FLOATS)], FLOATS[(i + 5) % len(FLOATS)]) for i in k],
                          dtype=et.np_dtype)
    else:
        raise NotImplementedError(f"no special values for {shape}")
    return values.reshape(shape.dims)


def _same_bits(a, b, path: str) -> None:
    if isinstance(a, tuple) or isinstance(b, tuple):
        assert isinstance(a, tuple) and isinstance(b, tuple) and len(a) == len(b), f"{path}: structure differs"
        for k, (x, y) in enumerate(zip(a, b)):
            _same_bits(x, y, f"{path}[{k}]")
        return
    a, b = np.asarray(a), np.asarray(b)
    assert a.shape == b.shape and a.dtype == b.dtype, f"{path}: {a.dtype}{a.shape} vs {b.dtype}{b.shape}"
    if a.dtype.kind in "fc" or a.dtype.name == "bfloat16":
        fa = a.astype(np.complex128 if a.dtype.kind == "c" else np.float64)
        fb = b.astype(np.complex128 if b.dtype.kind == "c" else np.float64)
        nan_a, nan_b = np.isnan(fa), np.isnan(fb)
        assert np.array_equal(nan_a, nan_b), f"{path}: NaNs differ: {a} vs {b}"
        ra = np.ascontiguousarray(a).reshape(-1).view(np.uint8).reshape(a.size, -1)[~nan_a.reshape(-1)]
        rb = np.ascontiguousarray(b).reshape(-1).view(np.uint8).reshape(b.size, -1)[~nan_b.reshape(-1)]
        assert np.array_equal(ra, rb), f"{path}: bits differ:\n{a}\nvs\n{b}"
    else:
        assert np.array_equal(a, b), f"{path}: {a} vs {b}"


def assert_bit_exact(before: Module, after: Module) -> None:
    import pytest

    missing = sorted(set(missing_handlers(before)) | set(missing_handlers(after)))
    if missing:
        pytest.skip(f"the interpreter does not support yet: {', '.join(missing)}")
    for offset in (0, 5, 11):
        args = [special_value(p.shape, offset + 3 * i) for i, p in enumerate(before.entry.parameters)]
        with np.errstate(all="ignore"):
            want = Evaluator(before).call(before.entry, _copy(args))
            got = Evaluator(after).call(after.entry, _copy(args))
        _same_bits(got, want, f"offset {offset}: result")
