"""Deterministic inputs made from the parameter shapes (`hloc run --random-inputs SEED`).

One numpy `default_rng(SEED)` stream is drawn from leaf by leaf, in flattened parameter order:

    pred                              fair coin flips
    s8..s64, u8..u64                  uniform integers in [0, 8)
    c64, c128                         real and imaginary parts each N(0, 1)
    every other type (f16, bf16, f32, f64, f8, and the sub-byte ints s4/u4/...)
                                      N(0, 1) drawn as f32, then converted to the type
                                      (sub-byte ints: truncated toward zero, so mostly -1..1)

This is exactly what ../shared/tools/xla_run.py --gen-inputs SEED makes, so hloc and the XLA oracle
see the same inputs for the same seed. Small non-negative integers keep index operands (gather,
dynamic-slice) in range; they also include 0, so integer division by zero does occur.
"""

from __future__ import annotations

import numpy as np

from ..signature import Leaf
from .values import is_native


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
        else:
            a = rng.standard_normal(dims, dtype=np.float32).astype(dt)
        out.append(np.asarray(a, dtype=dt).reshape(dims).copy(order="C"))
    return out
