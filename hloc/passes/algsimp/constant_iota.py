"""Canonical forms of constants and iotas (what the other rules and constant folding expect)."""

from __future__ import annotations

import numpy as np

from ...ir.module import Instruction
from ...ir.raw_literal import RawLiteral
from .core import etype_kind, literal_of, rule, splat_value


@rule("constant")
def constant_splat(x, s):
    # constant({c, c, ..., c}) => broadcast(constant(c))     (bit-identical elements only)
    if x.shape.rank == 0 or x.shape.num_elements <= 1 or etype_kind(x) == "complex":
        return None  # (checked first: a scalar's literal need not be read, see raw_literal.py)
    raw = x.stored_literal
    if raw.__class__ is RawLiteral:  # bf16 bits: compared and reused as bits (no ml_dtypes)
        flat = raw.bits.reshape(-1)
        if not np.all(flat == flat[0]):
            return None
        c = s.constant(RawLiteral(raw.etype, flat[:1].reshape(()).copy()), x.shape.etype)
        return s.broadcast(c, x.shape, ())
    lit = literal_of(x)
    if lit is None:
        return None
    v = splat_value(x)
    if v is None:
        return None
    c = s.constant(v, x.shape.etype)
    return s.broadcast(c, x.shape, ())


@rule("constant")
def constant_iota(x, s):
    # constant({0, 1, ..., n-1}) => iota()   (rank 1; integers, and floats while they count exactly)
    if x.shape.rank != 1 or x.shape.num_elements <= 1 or etype_kind(x) not in ("sint", "uint", "float"):
        return None
    want = np.arange(x.shape.num_elements)
    raw = x.stored_literal
    if raw.__class__ is RawLiteral:
        # (its values are bf16 ones: equal to `want`, every count is a bf16 value)
        values = raw.as_f32().astype(np.float64)
        if np.signbit(values[0]) or not np.array_equal(values, want.astype(np.float64)):
            return None
        return s.add("iota", x.shape, iota_dimension=0)
    lit = literal_of(x)
    if lit is None:
        return None
    if etype_kind(x) == "float":
        values = lit.astype(np.float64)
        if np.signbit(values[0]) or not np.array_equal(values, want.astype(np.float64)):
            return None
        if not np.array_equal(want.astype(lit.dtype).astype(np.float64), want):
            return None
    elif not np.array_equal(lit.astype(np.int64) if etype_kind(x) == "sint" else lit.astype(np.uint64),
                            want.astype(np.int64 if etype_kind(x) == "sint" else np.uint64)):
        return None
    return s.add("iota", x.shape, iota_dimension=0)


@rule("iota")
def iota_trivial(x, s):
    # iota() along a dimension of size <= 1 => broadcast(0)
    d = x.attrs["iota_dimension"]
    if x.shape.dims[d] <= 1 and etype_kind(x) != "complex":
        return s.scalar_like(x.shape, 0)


def iota_dimension(x: Instruction) -> int:
    return x.attrs["iota_dimension"]
