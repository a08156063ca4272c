"""Bitwise and logical ops: and, or, xor, not, shifts (pred and integers)."""

from __future__ import annotations

from .arith import canonicalize_constant_operand
from .core import etype_kind, is_all, rule


def _all_ones(c) -> bool:
    """Every bit set: true for pred, -1 for signed, the maximum for unsigned integers."""
    kind = etype_kind(c)
    if kind == "pred":
        return is_all(c, True)
    if kind == "sint":
        return is_all(c, -1)
    if kind == "uint":
        return is_all(c, (1 << c.shape.element_type.bits) - 1)
    return False


@rule("and", "or")
def and_or_same(x, s):
    # A & A => A, A | A => A
    a, b = x.operands
    if a is b and a.shape == x.shape:
        return a


rule("and", "or", "xor")(canonicalize_constant_operand)


@rule("and")
def and_constants(x, s):
    # A & true => A (all ones for integers); A & false => false (0)
    a, b = x.operands
    if _all_ones(b) and a.shape == x.shape:
        return a
    if is_all(b, 0) and b.shape == x.shape:
        return b


@rule("or")
def or_constants(x, s):
    # A | false => A (0 for integers); A | true => true (all ones)
    a, b = x.operands
    if is_all(b, 0) and a.shape == x.shape:
        return a
    if _all_ones(b) and b.shape == x.shape:
        return b


@rule("xor")
def xor_rules(x, s):
    # A ^ A => 0; A ^ 0 => A
    a, b = x.operands
    if a is b:
        return s.scalar_like(x.shape, 0)
    if is_all(b, 0) and a.shape == x.shape:
        return a


@rule("not")
def not_not(x, s):
    # not(not(A)) => A
    a = x.operands[0]
    if a.opcode == "not" and a.operands[0].shape == x.shape:
        return a.operands[0]


@rule("shift-left", "shift-right-logical", "shift-right-arithmetic")
def shift_by_zero(x, s):
    # A << 0 => A, A >> 0 => A
    a, b = x.operands
    if is_all(b, 0) and a.shape == x.shape:
        return a
