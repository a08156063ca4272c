"""compare and select."""

from __future__ import annotations

from .arith import is_nonnegative
from .core import etype_kind, is_all, rule

TRUE_ON_EQUAL = {"EQ": True, "GE": True, "LE": True, "NE": False, "LT": False, "GT": False}


def _total_order(x) -> bool:
    return x.attrs.get("type") == "TOTALORDER" or x.attrs.get("order") == "TOTAL"


@rule("compare")
def compare_same(x, s):
    # compare(A, A) => EQ/GE/LE: true, NE/LT/GT: false   (integers, or floats under a total order)
    a, b = x.operands
    if a is not b:
        return None
    kind = etype_kind(a)
    if kind in ("sint", "uint", "pred") or (kind == "float" and _total_order(x)):
        return s.scalar_like(x.shape, TRUE_ON_EQUAL[x.attrs["direction"]])
    return None


@rule("compare")
def compare_unsigned_zero(x, s):
    # A <u 0 => false, A >=u 0 => true, 0 >u A => false, 0 <=u A => true
    a, b = x.operands
    if etype_kind(a) != "uint":
        return None
    d = x.attrs["direction"]
    if is_all(b, 0) and d in ("LT", "GE"):
        return s.scalar_like(x.shape, d == "GE")
    if is_all(a, 0) and d in ("GT", "LE"):
        return s.scalar_like(x.shape, d == "LE")
    return None


@rule("compare")
def compare_nonnegative(x, s):
    # A < 0 => false and 0 > A => false when A >= 0 is known (NaN < 0 is false too);
    # A >= 0 => true and 0 <= A => true for integers only (NaN >= 0 is false)
    a, b = x.operands
    kind = etype_kind(a)
    if kind not in ("sint", "float"):
        return None
    d = x.attrs["direction"]
    if _total_order(x):
        return None  # under a total order -NaN < 0
    if d == "LT" and is_all(b, 0) and is_nonnegative(a):
        return s.scalar_like(x.shape, False)
    if d == "GT" and is_all(a, 0) and is_nonnegative(b):
        return s.scalar_like(x.shape, False)
    if kind == "sint" and d == "GE" and is_all(b, 0) and is_nonnegative(a):
        return s.scalar_like(x.shape, True)
    if kind == "sint" and d == "LE" and is_all(a, 0) and is_nonnegative(b):
        return s.scalar_like(x.shape, True)
    return None


@rule("compare")
def compare_pred_constant(x, s):
    # A != false => A; A == true => A (and with the constant on the left)
    a, b = x.operands
    if etype_kind(a) != "pred":
        return None
    d = x.attrs["direction"]
    want = {"NE": False, "EQ": True}.get(d)
    if want is None:
        return None
    if is_all(b, want) and a.shape == x.shape:
        return a
    if is_all(a, want) and b.shape == x.shape:
        return b
    return None


@rule("compare")
def compare_select_of_compare(x, s):
    # select(P, 1, 0) != 0 => P
    a, b = x.operands
    if x.attrs["direction"] != "NE" or not is_all(b, 0) or a.opcode != "select":
        return None
    p, t, f = a.operands
    if etype_kind(p) == "pred" and is_all(t, 1) and is_all(f, 0) and p.shape == x.shape:
        return p
    return None


@rule("compare")
def compare_minmax(x, s):
    # max(A, B) > A => B > A; max(A, B) > B => A > B; A > min(A, B) => A > B; B > min(A, B) => B > A
    a, b = x.operands
    if x.attrs["direction"] != "GT" or _total_order(x):
        return None
    if a.opcode == "maximum":
        p, q = a.operands
        if b is p:
            return s.add("compare", x.shape, [q, b], **x.attrs)
        if b is q:
            return s.add("compare", x.shape, [p, b], **x.attrs)
    if b.opcode == "minimum":
        p, q = b.operands
        if a is p:
            return s.add("compare", x.shape, [a, q], **x.attrs)
        if a is q:
            return s.add("compare", x.shape, [a, p], **x.attrs)
    return None


@rule("select")
def select_same(x, s):
    # select(P, A, A) => A
    _, a, b = x.operands
    if a is b and a.shape == x.shape:
        return a


@rule("select")
def select_constant_predicate(x, s):
    # select(true, A, B) => A; select(false, A, B) => B
    p, a, b = x.operands
    if is_all(p, True) and a.shape == x.shape:
        return a
    if is_all(p, False) and b.shape == x.shape:
        return b


@rule("select")
def select_not(x, s):
    # select(not(P), A, B) => select(P, B, A)
    p, a, b = x.operands
    if p.opcode == "not":
        return s.add("select", x.shape, [p.operands[0], b, a])


@rule("select")
def select_pred_values(x, s):
    # select(P, true, false) => P; select(P, false, true) => not(P)
    p, a, b = x.operands
    if etype_kind(x) != "pred" or p.shape.dims != x.shape.dims:
        return None
    if is_all(a, True) and is_all(b, False) and p.shape == x.shape:
        return p
    if is_all(a, False) and is_all(b, True):
        return s.add("not", x.shape, [p])
    return None
