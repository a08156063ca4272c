"""Arithmetic: add, subtract, multiply, divide, remainder, negate, abs, power, exp, log.

Float rules are exact unless marked [reassociate] (XLA applies them; they change rounding only) or
[fast-math] (off by default: they can turn finite results into inf/NaN or back).
"""

from __future__ import annotations

import numpy as np

from ...ir.module import Instruction
from ...ir.types import etype_of_dtype, finfo
from .core import (
    etype_kind,
    is_all,
    is_all_exact,
    is_constant_like,
    is_float,
    is_integral,
    literal_of,
    rule,
    scalar_value,
    splat_value,
)

COMMUTATIVE = ("add", "multiply", "maximum", "minimum", "and", "or", "xor")


# ------------------------------------------------------------------------------------------ helpers


def additive_zero(b: Instruction, s, *, subtract: bool = False, other: Instruction | None = None) -> bool:
    """`x + b == x` (or `x - b == x`) for every x, -0.0 included unless signed zeros are ignored.
    `other` is x when known: +0.0 is an identity for it too if it is never -0.0."""
    kind = etype_kind(b)
    if kind in ("sint", "uint"):
        return is_all(b, 0)
    if kind in ("float", "complex"):
        if not s.options.signed_zeros:
            return is_all(b, 0)
        if kind == "complex":
            return False
        # x + (-0.0) == x and x - (+0.0) == x hold for x = -0.0 too; x + 0.0 gives +0.0.
        if is_all_exact(b, 0.0 if subtract else -0.0):
            return True
        return other is not None and is_all(b, 0) and never_negative_zero(other)
    return False


def never_negative_zero(x: Instruction, depth: int = 8) -> bool:
    """No element of float `x` is -0.0 (so x + 0.0 == x bit for bit)."""
    if depth == 0 or etype_kind(x) != "float":
        return False
    op = x.opcode
    if is_nonnegative(x):
        return True
    if op == "constant":
        v = literal_of(x)
        return v is not None and not bool(np.any((v.astype(np.float64) == 0) & np.signbit(v.astype(np.float64))))
    if op in ("broadcast", "reshape", "transpose", "slice", "reverse", "copy", "concatenate", "pad", "select",
              "dynamic-slice", "maximum"):
        ops = x.operands[1:] if op == "select" else x.operands
        if op == "dynamic-slice":
            ops = x.operands[:1]
        return all(never_negative_zero(o, depth - 1) for o in ops)
    if op == "add":
        # a + b is -0.0 only if both are -0.0 (round to nearest)
        return any(never_negative_zero(o, depth - 1) for o in x.operands)
    if op == "subtract":
        # a - b is -0.0 only if a is -0.0 and b is +0.0
        return never_negative_zero(x.operands[0], depth - 1)
    if op == "reduce" and len(x.operands) == 2:
        from .core import reducer_opcode
        red = reducer_opcode(x.attrs["to_apply"])
        if red == "add":
            return any(never_negative_zero(o, depth - 1) for o in x.operands)
        if red == "maximum":
            return all(never_negative_zero(o, depth - 1) for o in x.operands)
    if op == "convert":
        return etype_kind(x.operands[0]) in ("sint", "uint", "pred")
    return False


def is_nonnegative(x: Instruction) -> bool:
    """Every element is >= +0 or NaN (never -0.0 or negative), as XLA's IsNonNegative."""
    kind = etype_kind(x)
    if kind == "complex":
        return False
    op = x.opcode
    if kind == "uint" or kind == "pred":
        return True
    if op == "multiply":
        return x.operands[0] is x.operands[1] and kind != "sint"
    if op == "exponential":
        return True
    if op == "iota":
        if kind != "sint":
            return True
        bits = x.shape.element_type.bits
        return x.shape.dims[x.attrs["iota_dimension"]] <= (1 << (bits - 1))
    if op == "abs":
        return kind != "sint" or is_nonnegative(x.operands[0])
    if op == "broadcast":
        return is_nonnegative(x.operands[0])
    if op == "constant":
        v = literal_of(x)
        if v is None or v.size == 0:
            return False
        if kind == "float":
            f = v.astype(np.float64)
            return bool(np.all(~np.signbit(f) & ~np.isnan(f)))
        return bool(np.all(v >= 0))
    if op == "minimum":
        return is_nonnegative(x.operands[0]) and is_nonnegative(x.operands[1])
    if op == "maximum":
        return is_nonnegative(x.operands[0]) or is_nonnegative(x.operands[1])
    if op == "power":
        return kind != "sint" and is_nonnegative(x.operands[0])
    if op == "select":
        return is_nonnegative(x.operands[1]) and is_nonnegative(x.operands[2])
    return False


def exact_arith(x: Instruction, s) -> bool:
    """Reassociating `x`'s arithmetic keeps results bit for bit (integers wrap), or the user allows
    XLA's float reassociation."""
    return is_integral(x) or s.options.reassociate


def fold_constants(opcode: str, c1: Instruction, c2: Instruction, s) -> Instruction | None:
    """opcode(c1, c2) for two splat constant-likes, as a new scalar constant (computed with numpy in
    the element type, which is exact for these ops: integers wrap, floats round once); None when the
    values are not scalar splats."""
    v1, v2 = splat_value(c1), splat_value(c2)
    if v1 is None or v2 is None or v1.dtype != v2.dtype:
        return None
    etype = c1.shape.etype
    if etype_kind(c1) not in ("sint", "uint", "float") or etype not in _NUMPY_EXACT:
        return None
    with np.errstate(all="ignore"):
        a, b = np.asarray(v1), np.asarray(v2)
        if etype_kind(c1) in ("sint", "uint"):
            wide = np.asarray(a, dtype=np.int64 if etype_kind(c1) == "sint" else np.uint64)
            other = np.asarray(b, dtype=wide.dtype)
            r = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply}[opcode](wide, other)
            value = r.astype(a.dtype)
        else:
            r = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply}[opcode](
                a.astype(np.float64), b.astype(np.float64))
            # f64 arithmetic rounds an f64 result once; for the narrower types rounding the f64
            # result again is still the correctly rounded result (53 >= 2 * 24 + 2 bits).
            value = r.astype(a.dtype)
    return s.scalar_like(c1.shape, value)


_NUMPY_EXACT = frozenset({"s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64", "f16", "bf16", "f32", "f64"})


def is_power_of_two_float(c: Instruction) -> bool:
    """A float splat constant-like of the form +-2^k (so multiplying by it only moves the exponent)."""
    v = scalar_value(c)
    if v is None or not is_float(c):
        return False
    f = float(v)
    if not np.isfinite(f) or f == 0:
        return False
    m, _ = np.frexp(f)
    return abs(m) == 0.5


def canonicalize_constant_operand(x: Instruction, s) -> Instruction | None:
    # op(C, A) => op(A, C) for commutative ops: constants go right, so the other rules look there only
    a, b = x.operands
    if is_constant_like(a) and not is_constant_like(b):
        return s.add(x.opcode, x.shape, [b, a], **x.attrs)
    return None


# ------------------------------------------------------------------------------------------ add


@rule("add")
def add_zero(x, s):
    # A + 0 => A, 0 + A => A  (floats: only -0.0 is an exact identity, see `signed-zeros`)
    a, b = x.operands
    if additive_zero(b, s, other=a) and a.shape == x.shape:
        return a
    if additive_zero(a, s, other=b) and b.shape == x.shape:
        return b


rule("add")(canonicalize_constant_operand)


@rule("add")
def add_constants(x, s):
    # (A + C1) + C2 => A + (C1 + C2)        [reassociate]
    a, c2 = x.operands
    if a.opcode == "add" and is_constant_like(c2) and exact_arith(x, s):
        inner, c1 = a.operands
        if not is_constant_like(inner) and is_constant_like(c1):
            c = fold_constants("add", c1, c2, s)
            if c is not None:
                return s.binary("add", inner, c)
    # (C1 - A) + C2 => (C1 + C2) - A        [reassociate]
    if a.opcode == "subtract" and is_constant_like(c2) and exact_arith(x, s):
        c1, inner = a.operands
        if is_constant_like(c1) and not is_constant_like(inner):
            c = fold_constants("add", c1, c2, s)
            if c is not None:
                return s.binary("subtract", c, inner)


@rule("add")
def add_cancel(x, s):
    # A + (B - A) => B, (B - A) + A => B    (integers; floats only with fast-math)
    if not (is_integral(x) or s.options.fast_math):
        return None
    a, b = x.operands
    if b.opcode == "subtract" and b.operands[1] is a and b.operands[0].shape == x.shape:
        return b.operands[0]
    if a.opcode == "subtract" and a.operands[1] is b and a.operands[0].shape == x.shape:
        return a.operands[0]


@rule("add")
def add_distribute(x, s):
    # A*C + B*C => (A + B)*C                (integers; floats if C = +-2^k, [reassociate])
    lhs, rhs = x.operands
    if lhs.opcode != "multiply" or rhs.opcode != "multiply" or len(lhs.users) != 1 or len(rhs.users) != 1:
        return None
    for a, c in (lhs.operands, lhs.operands[::-1]):
        for b, c2 in (rhs.operands, rhs.operands[::-1]):
            if c is not c2:
                continue
            if is_integral(x) or (s.options.reassociate and is_power_of_two_float(c)):
                return s.binary("multiply", s.binary("add", a, b), c)
    return None


# ------------------------------------------------------------------------------------------ subtract


@rule("subtract")
def subtract_self(x, s):
    # A - A => 0                             (integers; floats only with fast-math: inf - inf is NaN)
    a, b = x.operands
    if a is b and (is_integral(x) or s.options.fast_math) and etype_kind(x) != "complex":
        return s.scalar_like(x.shape, 0)


@rule("subtract")
def subtract_zero(x, s):
    # A - 0 => A                             (floats: A - (+0.0) is exact, A - (-0.0) is A + 0.0)
    a, b = x.operands
    if additive_zero(b, s, subtract=True) and a.shape == x.shape:
        return a


@rule("subtract")
def subtract_constant(x, s):
    # A - C => A + (-C)                      (exact: x - y is x + (-y) in IEEE and in wrapping ints)
    a, c = x.operands
    if is_constant_like(a) or not is_constant_like(c) or etype_kind(x) not in ("sint", "uint", "float"):
        return None
    v = splat_value(c)
    if v is not None:
        with np.errstate(all="ignore"):
            neg = np.negative(v) if etype_kind(x) != "uint" else (np.zeros_like(v) - v)
        return s.binary("add", a, s.scalar_like(x.shape, neg))
    lit = literal_of(c)
    if lit is not None:
        with np.errstate(all="ignore"):
            neg = np.negative(lit) if etype_kind(x) != "uint" else (np.zeros_like(lit) - lit)
        return s.binary("add", a, s.constant(neg, x.shape.etype))
    return None


@rule("subtract")
def subtract_cancel(x, s):
    # A - (A - B) => B; A - (A + B) => -B; (A + B) - A => B   (integers; floats only with fast-math)
    if not (is_integral(x) or s.options.fast_math):
        return None
    a, b = x.operands
    if b.opcode == "subtract" and b.operands[0] is a and b.operands[1].shape == x.shape:
        return b.operands[1]
    if b.opcode == "add" and a in b.operands:
        other = b.operands[1] if b.operands[0] is a else b.operands[0]
        return s.unary("negate", other)
    if a.opcode == "add" and b in a.operands:
        other = a.operands[1] if a.operands[0] is b else a.operands[0]
        if other.shape == x.shape:
            return other
    return None


# ------------------------------------------------------------------------------------------ multiply


@rule("multiply")
def multiply_one(x, s):
    # A * 1 => A, 1 * A => A
    a, b = x.operands
    if is_all(b, 1) and a.shape == x.shape:
        return a
    if is_all(a, 1) and b.shape == x.shape:
        return b


@rule("multiply")
def multiply_zero(x, s):
    # A * 0 => 0                             (integers; floats only with fast-math: NaN * 0 is NaN)
    if not (is_integral(x) or s.options.fast_math):
        return None
    a, b = x.operands
    if is_all(b, 0) and b.shape == x.shape:
        return b
    if is_all(a, 0) and a.shape == x.shape:
        return a


rule("multiply")(canonicalize_constant_operand)


@rule("multiply")
def multiply_negates(x, s):
    # -A * -B => A * B
    a, b = x.operands
    if a.opcode == "negate" and b.opcode == "negate":
        return s.binary("multiply", a.operands[0], b.operands[0])


@rule("multiply")
def multiply_abs_square(x, s):
    # |A| * |A| => A * A                     (real types)
    a, b = x.operands
    if a is b and a.opcode == "abs" and etype_kind(a.operands[0]) != "complex":
        inner = a.operands[0]
        return s.binary("multiply", inner, inner)


@rule("multiply")
def multiply_constants(x, s):
    # (A * C1) * C2 => A * (C1 * C2)         [reassociate]
    a, c2 = x.operands
    if a.opcode == "multiply" and is_constant_like(c2) and exact_arith(x, s):
        inner, c1 = a.operands
        if not is_constant_like(inner) and is_constant_like(c1):
            c = fold_constants("multiply", c1, c2, s)
            if c is not None:
                return s.binary("multiply", inner, c)


@rule("multiply")
def multiply_exps(x, s):
    # exp(A) * exp(B) => exp(A + B)          [fast-math]
    a, b = x.operands
    if s.options.fast_math and a.opcode == "exponential" and b.opcode == "exponential":
        return s.unary("exponential", s.binary("add", a.operands[0], b.operands[0]))


# ------------------------------------------------------------------------------------------ divide


@rule("divide")
def divide_one(x, s):
    # A / 1 => A
    a, b = x.operands
    if is_all(b, 1) and a.shape == x.shape:
        return a


def _unsigned_power_of_two(x, b) -> int | None:
    """The value of `b` when `x` is an unsigned-integer op and `b` a scalar power of two, else None."""
    if etype_kind(x) != "uint":
        return None
    v = scalar_value(b)
    if v is None or int(v) <= 0 or int(v) & (int(v) - 1):
        return None
    return int(v)


@rule("divide")
def divide_unsigned_power_of_two(x, s):
    # A / 2^k => A >> k                      (unsigned integers)
    a, b = x.operands
    v = _unsigned_power_of_two(x, b)
    if v is None:
        return None
    return s.binary("shift-right-logical", a, s.scalar_like(x.shape, v.bit_length() - 1))


@rule("divide")
def divide_by_constant(x, s):
    # A / C => A * (1/C)                     (exact when C = +-2^k; otherwise [reassociate])
    a, c = x.operands
    if not is_float(x) or x.shape.etype == "bf16" or is_constant_like(a) or not is_constant_like(c):
        return None  # (bf16: see divide_by_broadcast)
    v = splat_value(c)
    if v is None:
        return None
    f = float(v)
    with np.errstate(all="ignore"):
        inv_t = np.asarray(np.float64(1.0) / np.float64(f)).astype(v.dtype)
    if not np.isfinite(f) or f == 0 or not np.isfinite(float(inv_t)):
        return None
    if abs(float(inv_t)) < float(finfo(etype_of_dtype(v.dtype)).tiny):
        return None  # a subnormal reciprocal would lose bits
    exact = is_power_of_two_float(c) and float(inv_t) * f == 1.0
    if not (exact or s.options.reassociate):
        return None
    return s.binary("multiply", a, s.scalar_like(x.shape, inv_t))


@rule("divide")
def divide_by_broadcast(x, s):
    # A / broadcast(B) => A * broadcast(1 / B)   (one divide per element of B; [reassociate], XLA:CPU)
    a, b = x.operands
    # Not bf16: XLA:CPU computes it in f32 (FloatNormalization, before its algsimp), so its 1/B is an
    # f32 value; here 1/B would be rounded to bf16, the product a bf16 ulp off (bf16 softmax)
    if not is_float(x) or x.shape.etype == "bf16" or not s.options.reassociate or b.opcode != "broadcast" \
            or len(b.users) != 1:
        return None
    inner = b.operands[0]
    if len(inner.users) != 1 or is_constant_like(inner) or inner.shape.num_elements >= x.shape.num_elements:
        return None
    recip = s.binary("divide", s.scalar_like(inner.shape, 1), inner)
    return s.binary("multiply", a, s.broadcast(recip, b.shape, b.dimensions))


@rule("divide")
def divide_by_sqrt(x, s):
    # A / sqrt(B) => A * rsqrt(B); A / rsqrt(B) => A * sqrt(B)   [reassociate]
    a, b = x.operands
    if not s.options.reassociate or len(b.users) != 1:
        return None
    if b.opcode == "sqrt":
        return s.binary("multiply", a, s.unary("rsqrt", b.operands[0]))
    if b.opcode == "rsqrt":
        return s.binary("multiply", a, s.unary("sqrt", b.operands[0]))


@rule("divide")
def divide_fast_math(x, s):
    # exp(A)/exp(B) => exp(A-B); A/exp(B) => A*exp(-B); (A/B)/C => A/(B*C); A/(B/C) => (A*C)/B  [fast-math]
    if not s.options.fast_math or not is_float(x):
        return None
    a, b = x.operands
    if a.opcode == "exponential" and b.opcode == "exponential":
        return s.unary("exponential", s.binary("subtract", a.operands[0], b.operands[0]))
    if b.opcode == "exponential":
        return s.binary("multiply", a, s.unary("exponential", s.unary("negate", b.operands[0])))
    if a.opcode == "divide":
        return s.binary("divide", a.operands[0], s.binary("multiply", a.operands[1], b))
    if b.opcode == "divide":
        return s.binary("divide", s.binary("multiply", a, b.operands[1]), b.operands[0])
    return None


# ------------------------------------------------------------------------------------------ remainder


@rule("remainder")
def remainder_unsigned_power_of_two(x, s):
    # A % 2^k => A & (2^k - 1)               (unsigned integers)
    a, b = x.operands
    v = _unsigned_power_of_two(x, b)
    if v is None:
        return None
    return s.binary("and", a, s.scalar_like(x.shape, v - 1))


# ------------------------------------------------------------------------------------------ unary


@rule("negate")
def negate_negate(x, s):
    # -(-A) => A
    a = x.operands[0]
    if a.opcode == "negate" and a.operands[0].shape == x.shape:
        return a.operands[0]


@rule("abs")
def abs_nonnegative(x, s):
    # |A| => A when A >= 0 is known (A*A, exp, |B|, iota, non-negative constants, ...)
    a = x.operands[0]
    if a.shape == x.shape and is_nonnegative(a):
        return a


@rule("exponential")
def exp_zero(x, s):
    # exp(0) => 1
    a = x.operands[0]
    if a.opcode == "broadcast" and is_all(a, 0):
        return s.scalar_like(x.shape, 1)


@rule("log")
def log_fast_math(x, s):
    # log(exp(A)) => A                       [fast-math]
    a = x.operands[0]
    if s.options.fast_math and a.opcode == "exponential" and a.operands[0].shape == x.shape:
        return a.operands[0]


@rule("power")
def power_constant_exponent(x, s):
    # pow(A, 0) => 1; pow(A, 1) => A; pow(A, 2) => A*A; pow(A, -1) => 1/A (floats);
    # pow(A, 3) => A*A*A (integers, floats [reassociate]); pow(A, 0.5) => sqrt(A) when A >= 0
    a, e = x.operands
    if not is_constant_like(e):
        return None
    if is_all(e, 0):
        return s.scalar_like(x.shape, 1)  # pow(x, 0) is 1 for every x, NaN included
    if is_all(e, 1) and a.shape == x.shape:
        return a
    if is_all(e, 2):  # complex too, as XLA: (2+inf j)^2 = -inf+inf j, where exp/log form gives NaN
        return s.binary("multiply", a, a)
    if etype_kind(x) == "complex":
        return None
    if is_all(e, 3) and (is_integral(x) or s.options.reassociate):
        return s.binary("multiply", a, s.binary("multiply", a, a))
    if is_float(x) and is_all(e, -1):
        return s.binary("divide", s.scalar_like(x.shape, 1), a)
    if is_float(x) and is_all(e, 0.5) and is_nonnegative(a):
        return s.unary("sqrt", a)
    return None


@rule("power")
def power_of_exp(x, s):
    # pow(exp(A), B) => exp(A*B)             [fast-math]
    a, b = x.operands
    if s.options.fast_math and a.opcode == "exponential":
        return s.unary("exponential", s.binary("multiply", a.operands[0], b))
