"""maximum, minimum, clamp.

XLA's maximum/minimum propagate NaN and order -0.0 below +0.0, which makes them idempotent,
associative and commutative bit for bit: the rules below are exact.
"""

from __future__ import annotations

import numpy as np

from .arith import canonicalize_constant_operand
from .core import etype_kind, identity_of, is_all, is_all_exact, is_scalar_broadcast, rule, scalar_number, scalar_value


def _is_bound(c, opcode: str) -> bool:
    """`c` is the identity of maximum (the lowest value) or minimum (the highest)."""
    kind = etype_kind(c)
    if kind == "complex":
        return False
    ident = identity_of(opcode, c.shape.etype)
    if ident is None:
        return False
    if kind == "float":
        v = scalar_number(c)
        if v is None or not np.isinf(v):
            return False  # types without infinities have no identity
        return is_all_exact(c, ident)
    return is_all(c, ident)


@rule("maximum", "minimum")
def minmax_same(x, s):
    # max(A, A) => A, min(A, A) => A
    a, b = x.operands
    if a is b and a.shape == x.shape:
        return a


@rule("maximum", "minimum")
def minmax_identity(x, s):
    # max(A, -inf) => A, min(A, +inf) => A   (integers: the type's lowest / highest value)
    a, b = x.operands
    if _is_bound(b, x.opcode) and a.shape == x.shape:
        return a
    if _is_bound(a, x.opcode) and b.shape == x.shape:
        return b


rule("maximum", "minimum")(canonicalize_constant_operand)


@rule("maximum", "minimum")
def minmax_absorb(x, s):
    # max(max(A, B), B) => max(A, B); max(max(A, B), A) => max(A, B); max(A, max(A, B)) => max(A, B);
    # max(B, max(A, B)) => max(B, A)         (likewise min)
    a, b = x.operands
    op = x.opcode
    if a.opcode == op and b in a.operands and a.shape == x.shape:
        return a
    if b.opcode == op and b.operands[0] is a and b.shape == x.shape:
        return b
    if b.opcode == op and b.operands[1] is a:
        return s.binary(op, a, b.operands[0])
    return None


@rule("minimum")
def min_max_to_clamp(x, s):
    # min(max(A, lo), hi) => clamp(lo, A, hi)  (lo <= hi splat constants; clamp is defined as that)
    inner, hi = x.operands
    if inner.opcode != "maximum" or len(inner.users) != 1:
        return None
    a, lo = inner.operands
    return _clamp(x, s, lo, a, hi)


@rule("maximum")
def max_min_to_clamp(x, s):
    # max(min(A, hi), lo) => clamp(lo, A, hi)  (lo <= hi: then max(min(A, hi), lo) == min(max(A, lo), hi))
    inner, lo = x.operands
    if inner.opcode != "minimum" or len(inner.users) != 1:
        return None
    a, hi = inner.operands
    return _clamp(x, s, lo, a, hi)


def _clamp(x, s, lo, a, hi):
    if etype_kind(x) not in ("sint", "uint", "float"):
        return None
    if not (is_scalar_broadcast(lo) and is_scalar_broadcast(hi)):
        return None
    vlo, vhi = scalar_value(lo), scalar_value(hi)
    if vlo is None or vhi is None or np.isnan(float(vlo)) or np.isnan(float(vhi)) or not vlo <= vhi:
        return None
    if float(vlo) == 0 and float(vhi) == 0 and etype_kind(x) == "float":
        return None  # +-0 bounds: the two orders can differ in the sign of zero
    return s.add("clamp", x.shape, [lo.operands[0], a, hi.operands[0]])


@rule("clamp")
def clamp_of_clamp(x, s):
    # clamp(lo, clamp(lo, A, hi), hi) => clamp(lo, A, hi)
    lo, a, hi = x.operands
    if a.opcode == "clamp" and a.operands[0] is lo and a.operands[2] is hi and a.shape == x.shape:
        return a
