"""Deterministic inputs made from the parameter shapes (`hloc run --random-inputs SEED`).

One numpy `default_rng(SEED)` stream is drawn from leaf by leaf, in flattened parameter order:

    pred                              fair coin flips
    s8..s64, u8..u64                  uniform integers in [0, 8)
    c64, c128                         real and imaginary parts each N(0, 1)
    every other type (f16, bf16, f32, f64, f8, and the sub-byte ints s4/u4/...)
                                      N(0, 1) drawn as f32, then converted to the type
                                      (sub-byte ints: truncated toward zero and wrapped into the
                                      type's range, two's complement: 2.3 -> s2 -2, -1.2 -> u2 3)

This is what ../shared/tools/xla_run.py --gen-inputs SEED makes, so hloc and the XLA oracle see the
same inputs for the same seed, except for the sub-byte ints beyond their range: those are converted
here, not by ml_dtypes' cast, whose results for them vary (0.7 gives 0 with an 'invalid value'
warning, earlier versions wrapped), so the inputs are the same on every machine and version (the
oracle data, tests/interp/make_oracle_data.py, makes them the same way).

Small non-negative integers keep index operands (gather, dynamic-slice) in range; they also include
0, so integer division by zero does occur.
"""

from __future__ import annotations

import numpy as np

from ..ir.types import ELEMENT_TYPES
from ..signature import Leaf
from .values import is_native


def wrap_to_sub_byte_int(x: np.ndarray, etype: str) -> np.ndarray:
    """Floats truncated toward zero and wrapped into the `bits`-wide integer type `etype` (s4, u2, ...)."""
    t = ELEMENT_TYPES[etype]
    n = np.trunc(x).astype(np.int64) & ((1 << t.bits) - 1)
    if t.kind == "sint":
        n = np.where(n >= 1 << (t.bits - 1), n - (1 << t.bits), n)
    return n.astype(np.int8).astype(t.np_dtype)


_SUB_BYTE_INTS = frozenset(n for n, t in ELEMENT_TYPES.items() if t.is_integer and t.bits < 8)


def random_inputs(leaves: list[Leaf], seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    out = []
    for leaf in leaves:
        dt = leaf.shape.dtype
        dims = leaf.shape.dims
        if dt.kind == "b":
            a = rng.random(dims) < 0.5
        elif dt.kind in "iu" and is_native(dt):
            a = rng.integers(0, 8, size=dims).astype(dt)
        elif dt.kind == "c":
            a = (rng.standard_normal(dims) + 1j * rng.standard_normal(dims)).astype(dt)
        elif leaf.shape.etype in _SUB_BYTE_INTS:
            a = wrap_to_sub_byte_int(rng.standard_normal(dims, dtype=np.float32), leaf.shape.etype)
        else:
            a = rng.standard_normal(dims, dtype=np.float32).astype(dt)
        out.append(np.asarray(a, dtype=dt).reshape(dims).copy(order="C"))
    return out
