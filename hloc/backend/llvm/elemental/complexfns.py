"""Complex arithmetic and elementary functions on Cplx values (real and imaginary parts in SSA
values of f32 or f64), for the elemental emitter's complex operands.

The formulas keep the relative accuracy of both parts where the textbook ones lose it: sinh(b) from
two expm1's (not e^b - e^-b, which cancels for small b), tanh from u = e^(-2|a|) (no overflow for
large |a|, no cancellation for small), expm1 and log1p through the real expm1 / log1p. Edge values
follow C99 Annex G (and numpy) where it costs no more than a select.
"""

from __future__ import annotations

import llvmlite.ir as ir

from ..llvmir.irvalues import Cplx, intrinsic
from . import mathfns


def _c(x: ir.Value, v: float) -> ir.Constant:
    return ir.Constant(x.type, v)


def abs_(b: ir.IRBuilder, x: Cplx) -> ir.Value:
    """|z| = max * sqrt(1 + (min/max)^2), without overflow; inf if either part is inf."""
    ar, ai = intrinsic(b, "fabs", [x.re]), intrinsic(b, "fabs", [x.im])
    mx = intrinsic(b, "maxnum", [ar, ai])
    mn = intrinsic(b, "minnum", [ar, ai])
    q = b.fdiv(mn, mx)
    r = b.fmul(mx, mathfns.sqrt(b, b.fadd(_c(mx, 1.0), b.fmul(q, q))))
    r = b.select(b.fcmp_ordered("==", mx, _c(mx, 0.0)), _c(mx, 0.0), r)
    inf = _c(mx, float("inf"))
    r = b.select(b.fcmp_ordered("==", mx, inf), inf, r)
    nan = b.or_(b.fcmp_unordered("uno", x.re, x.re), b.fcmp_unordered("uno", x.im, x.im))
    return b.select(b.and_(nan, b.fcmp_ordered("!=", mx, inf)), _c(mx, float("nan")), r)


def exp(b: ir.IRBuilder, x: Cplx) -> Cplx:
    e = mathfns.exp(b, x.re)
    return Cplx(b.fmul(e, mathfns.cos(b, x.im)), b.fmul(e, mathfns.sin(b, x.im)))


def log(b: ir.IRBuilder, x: Cplx) -> Cplx:
    return Cplx(mathfns.log(b, abs_(b, x)), mathfns.atan2(b, x.im, x.re))


def sqrt(b: ir.IRBuilder, x: Cplx) -> Cplx:
    """The principal root: t = sqrt((|z| + |re|)/2), the other part im / 2t."""
    a = abs_(b, x)
    t = mathfns.sqrt(b, b.fmul(b.fadd(a, intrinsic(b, "fabs", [x.re])), _c(a, 0.5)))
    zero = _c(a, 0.0)
    u = b.fdiv(x.im, b.fmul(t, _c(a, 2.0)))
    pos = b.fcmp_ordered(">=", x.re, zero)
    re = b.select(pos, t, intrinsic(b, "fabs", [u]))
    im = b.select(pos, u, intrinsic(b, "copysign", [t, x.im]))
    is0 = b.fcmp_ordered("==", t, zero)
    re, im = b.select(is0, zero, re), b.select(is0, x.im, im)
    # sqrt(x + inf i) = inf + inf i for every x, NaN included (C99 G.6.4.2; XLA): im / 2t is inf/inf
    im_inf = b.fcmp_ordered("==", intrinsic(b, "fabs", [x.im]), _c(a, float("inf")))
    return Cplx(b.select(im_inf, _c(a, float("inf")), re), b.select(im_inf, x.im, im))


def rsqrt(b: ir.IRBuilder, x: Cplx) -> Cplx:
    return divide(b, Cplx(_c(x.re, 1.0), _c(x.re, 0.0)), sqrt(b, x))


def sign(b: ir.IRBuilder, x: Cplx) -> Cplx:
    a = abs_(b, x)
    is0 = b.fcmp_ordered("==", a, _c(a, 0.0))
    return Cplx(b.select(is0, x.re, b.fdiv(x.re, a)), b.select(is0, x.im, b.fdiv(x.im, a)))


def _sinh_cosh(b: ir.IRBuilder, y: ir.Value) -> tuple[ir.Value, ir.Value]:
    """(sinh y, cosh y): sinh as (expm1(y) - expm1(-y))/2, accurate for small y."""
    half = _c(y, 0.5)
    sh = b.fmul(half, b.fsub(mathfns.expm1(b, y), mathfns.expm1(b, b.fneg(y))))
    ch = b.fmul(half, b.fadd(mathfns.exp(b, y), mathfns.exp(b, b.fneg(y))))
    return sh, ch


def sin(b: ir.IRBuilder, x: Cplx) -> Cplx:
    """sin(a+bi) = sin a cosh b + i cos a sinh b."""
    sh, ch = _sinh_cosh(b, x.im)
    return Cplx(b.fmul(mathfns.sin(b, x.re), ch), b.fmul(mathfns.cos(b, x.re), sh))


def cos(b: ir.IRBuilder, x: Cplx) -> Cplx:
    """cos(a+bi) = cos a cosh b - i sin a sinh b."""
    sh, ch = _sinh_cosh(b, x.im)
    return Cplx(b.fmul(mathfns.cos(b, x.re), ch), b.fneg(b.fmul(mathfns.sin(b, x.re), sh)))


def tanh(b: ir.IRBuilder, x: Cplx) -> Cplx:
    """tanh(a+bi) with u = e^(-2|a|) and m = u - 1 = expm1(-2|a|):
    re = sign(a) (1-u)(1+u) / d, im = 4u sin b cos b / d, d = (1-u)^2 + 4u cos^2 b
    (the textbook (sinh 2a + i sin 2b) / (cosh 2a + cos 2b) multiplied through by 2u: it neither
    overflows for large |a| (u -> 0: 1 + 0i) nor cancels for small a and b)."""
    two_a = b.fmul(_c(x.re, -2.0), intrinsic(b, "fabs", [x.re]))
    m = mathfns.expm1(b, two_a)
    u = b.fadd(m, _c(m, 1.0))
    sb, cb = mathfns.sin(b, x.im), mathfns.cos(b, x.im)
    four_u = b.fmul(_c(u, 4.0), u)
    d = b.fadd(b.fmul(m, m), b.fmul(four_u, b.fmul(cb, cb)))
    re = intrinsic(b, "copysign", [b.fdiv(b.fmul(b.fneg(m), b.fadd(m, _c(m, 2.0))), d), x.re])
    im = b.fdiv(b.fmul(four_u, b.fmul(sb, cb)), d)
    return Cplx(re, im)


def tan(b: ir.IRBuilder, x: Cplx) -> Cplx:
    """tan z = -i tanh(iz)."""
    t = tanh(b, Cplx(b.fneg(x.im), x.re))
    return Cplx(t.im, b.fneg(t.re))


def expm1(b: ir.IRBuilder, x: Cplx) -> Cplx:
    """e^z - 1 = (expm1(a) cos b - 2 sin^2(b/2)) + i e^a sin b."""
    s2 = mathfns.sin(b, b.fmul(x.im, _c(x.im, 0.5)))
    re = b.fsub(b.fmul(mathfns.expm1(b, x.re), mathfns.cos(b, x.im)), b.fmul(_c(s2, 2.0), b.fmul(s2, s2)))
    return Cplx(re, b.fmul(mathfns.exp(b, x.re), mathfns.sin(b, x.im)))


def log1p(b: ir.IRBuilder, x: Cplx) -> Cplx:
    """log(1+z) = log|1+z| + i arg(1+z), with log|1+z| = log1p(a(2+a) + b^2) / 2 (accurate for
    small z), or log of the overflow-safe |1+z| where a(2+a) + b^2 overflows."""
    one = _c(x.re, 1.0)
    w = Cplx(b.fadd(one, x.re), x.im)
    s = b.fadd(b.fmul(x.re, b.fadd(x.re, _c(x.re, 2.0))), b.fmul(x.im, x.im))
    small = b.fmul(_c(s, 0.5), mathfns.log1p(b, s))
    big = mathfns.log(b, abs_(b, w))
    re = b.select(b.fcmp_ordered("==", intrinsic(b, "fabs", [s]), _c(s, float("inf"))), big, small)
    return Cplx(re, mathfns.atan2(b, x.im, w.re))


def divide(b: ir.IRBuilder, x: Cplx, y: Cplx) -> Cplx:
    """Smith's algorithm: scale by the larger component of the divisor; x / 0 is (re/0, im/0), as
    C's fallback."""
    use_re = b.fcmp_ordered(">=", intrinsic(b, "fabs", [y.re]), intrinsic(b, "fabs", [y.im]))
    r1 = b.fdiv(y.im, y.re)
    d1 = b.fadd(y.re, b.fmul(y.im, r1))
    re1 = b.fdiv(b.fadd(x.re, b.fmul(x.im, r1)), d1)
    im1 = b.fdiv(b.fsub(x.im, b.fmul(x.re, r1)), d1)
    r2 = b.fdiv(y.re, y.im)
    d2 = b.fadd(y.im, b.fmul(y.re, r2))
    re2 = b.fdiv(b.fadd(b.fmul(x.re, r2), x.im), d2)
    im2 = b.fdiv(b.fsub(b.fmul(x.im, r2), x.re), d2)
    re = b.select(use_re, re1, re2)
    im = b.select(use_re, im1, im2)
    zero, inf = _c(x.re, 0.0), _c(x.re, float("inf"))
    y0 = b.and_(b.fcmp_ordered("==", y.re, zero), b.fcmp_ordered("==", y.im, zero))
    re = b.select(y0, b.fdiv(x.re, zero), re)
    im = b.select(y0, b.fdiv(x.im, zero), im)
    # a finite x over an infinite y is a signed zero (C99 G.5.1; XLA: rsqrt(inf + inf i) = 0 - 0i),
    # where Smith's ratios are inf/inf: with c, d = copysign(isinf(y.re), y.re), ... as C's fallback
    def isinf(v):
        return b.fcmp_ordered("==", intrinsic(b, "fabs", [v]), inf)

    def finite(v):
        return b.fcmp_ordered("<", intrinsic(b, "fabs", [v]), inf)

    y_inf = b.or_(isinf(y.re), isinf(y.im))
    x_finite = b.and_(finite(x.re), finite(x.im))
    one = _c(x.re, 1.0)
    c = intrinsic(b, "copysign", [b.select(isinf(y.re), one, zero), y.re])
    d = intrinsic(b, "copysign", [b.select(isinf(y.im), one, zero), y.im])
    zre = b.fmul(zero, b.fadd(b.fmul(x.re, c), b.fmul(x.im, d)))
    zim = b.fmul(zero, b.fsub(b.fmul(x.im, c), b.fmul(x.re, d)))
    over_inf = b.and_(y_inf, x_finite)
    return Cplx(b.select(over_inf, zre, re), b.select(over_inf, zim, im))


def power(b: ir.IRBuilder, x: Cplx, y: Cplx) -> Cplx:
    """(a+bi)^(c+di) = |z|^c e^(-d arg z) (cos q + i sin q), q = c arg z + d ln|z|, with the exact
    cases of Kahan's "Much Ado About Nothing's Sign Bit" (sec. 10) that XLA:CPU also makes:
    z^0 = 1, 0^c = 0 for real c > 0 (0^0 = 1), 1^w = 1, inf^c = inf / 0 for real c > 0 / c < 0."""
    zero, one, inf = _c(x.re, 0.0), _c(x.re, 1.0), _c(x.re, float("inf"))
    a, bi, c, d = x.re, x.im, y.re, y.im
    r = abs_(b, x)
    arg = mathfns.atan2(b, bi, a)
    coeff = b.fmul(mathfns.pow(b, r, c), mathfns.exp(b, b.fmul(b.fneg(d), arg)))
    q = b.fadd(b.fmul(c, arg), b.fmul(d, mathfns.log(b, r)))
    re, im = b.fmul(coeff, mathfns.cos(b, q)), b.fmul(coeff, mathfns.sin(b, q))

    def eq(u, v):
        return b.fcmp_ordered("==", u, v)

    def case(cond, cre, cim):  # later cases take precedence
        nonlocal re, im
        re, im = b.select(cond, cre, re), b.select(cond, cim, im)

    real_w = eq(d, zero)
    case(b.and_(b.and_(eq(r, zero), real_w), b.fcmp_ordered("<=", zero, c)), b.select(eq(c, zero), one, zero), zero)
    case(b.and_(eq(c, zero), real_w), one, zero)
    case(b.and_(eq(a, one), eq(bi, zero)), one, zero)
    real_inf = b.and_(b.and_(eq(a, inf), eq(bi, zero)), real_w)
    case(b.and_(real_inf, b.fcmp_ordered(">", c, zero)), inf, zero)
    case(b.and_(real_inf, b.fcmp_ordered("<", c, zero)), zero, zero)
    return Cplx(re, im)


# The unary HLO ops on a complex operand with a complex result, by opcode.
UNARY = {
    "exponential": exp, "log": log, "sqrt": sqrt, "rsqrt": rsqrt, "sign": sign, "sine": sin, "cosine": cos,
    "tan": tan, "tanh": tanh, "exponential-minus-one": expm1, "log-plus-one": log1p,
}
