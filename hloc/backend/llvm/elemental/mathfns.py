"""Vectorisable inline approximations of the transcendental functions.

Each function takes an IRBuilder and one scalar `float` or `double` SSA value and emits branch-free
code: polynomials, FMAs, selects, integer exponent manipulation and only those LLVM intrinsics that
vectorise on x86 (fma, fabs, sqrt, floor, roundeven, copysign, minnum/maxnum). No libm call is ever
emitted, so a loop that uses them stays vectorisable (DESIGN.md: libm intrinsics do not vectorise
and cost 4-25x).

f32 versions of the hot functions (exp, log, tanh, logistic, erf) are computed in f32; the rest
(sin, cos, tan, atan2, pow, cbrt, log1p, expm1) compute an f32 argument in f64 with the f64
algorithm and round once, which makes them nearly correctly rounded.

Measured max error in ULPs (tests/backend/test_mathfns.py re-measures it against numpy/math in
float64 on wide ranges, denormals, +-0, +-inf, NaN and large arguments; the table there is the
authority; f32 exp, tanh and logistic also over every f32 in their critical ranges,
testdata/backend/sweep_mathfns.py):

| function | f32 | f64 | method |
| --- | --- | --- | --- |
| exp | 0.89 | 1 | Cody-Waite reduction, polynomial (f32: fitted, degree 6), ldexp (AVX-512) or two-step scaling |
| log | 1.05 | 1 | fdlibm-style reduction to [sqrt(1/2), sqrt(2)), atanh series |
| log1p | 2.42 | 2 | log(1+x) * x / ((1+x)-1) (Goldberg) |
| expm1 | 2.40 | 3 | (u-1) * x / log(u) with u = exp(x) (Kahan) |
| tanh | 1.37 | 4 | f32: x + x^3*P(x^2) below 0.625, else 1 - 2/(exp(2|x|)+1); f64: -t/(2+t), t = expm1(-2|x|) |
| logistic | 2.40 | 2 | e = exp(-|x|): 1/(1+e), x < 0: e/(1+e) |
| erf | 2.26 | 4 | f32: x*P(x^2) below 1, 1 - exp(-x^2)*Q(1/x) below 4; f64: Taylor below 2, continued fraction |
| sin, cos, tan | 0.50 | 3 | mod pi/2 by exact 2/pi chunk products (f32; f64 > 2^30), else Cody-Waite |
| atan2 | 0.50 | 3 | reduction to |t| <= tan(pi/8), Taylor series; IEEE signed zeros and infinities |
| pow | 0.50 | ~|y ln x|*2^-53 rel. | exp(y*log|x|) in f64, squaring for integer |y| <= 64; C99 special cases |
| cbrt | 0.50 | 1 | exp(log|x|/3) refined by one Newton step, extreme magnitudes rescaled |
| rsqrt | 1.45 | 1 | 1/sqrt(x) |

"""

from __future__ import annotations

import math

import llvmlite.ir as ir

from ..llvmir.irvalues import F32, F64, I32, I64, const, intrinsic


class _M:
    """Terse float arithmetic on one builder and one float type."""

    def __init__(self, b: ir.IRBuilder, t: ir.Type):
        self.b = b
        self.t = t
        self.is64 = isinstance(t, ir.DoubleType)
        self.it = I64 if self.is64 else I32
        self.mant = 52 if self.is64 else 23
        self.bias = 1023 if self.is64 else 127

    def c(self, v: float) -> ir.Constant:
        return ir.Constant(self.t, float(v))

    def add(self, a, c):
        return self.b.fadd(a, c)

    def sub(self, a, c):
        return self.b.fsub(a, c)

    def mul(self, a, c):
        return self.b.fmul(a, c)

    def div(self, a, c):
        return self.b.fdiv(a, c)

    def fma(self, a, c, d):
        return intrinsic(self.b, "fma", [a, c, d])

    def abs(self, a):
        return intrinsic(self.b, "fabs", [a])

    def floor(self, a):
        return intrinsic(self.b, "floor", [a])

    def rint(self, a):
        return intrinsic(self.b, "roundeven", [a])

    def copysign(self, a, s):
        return intrinsic(self.b, "copysign", [a, s])

    def sqrt(self, a):
        return intrinsic(self.b, "sqrt", [a])

    def neg(self, a):
        return self.b.fneg(a)

    def sel(self, cond, a, c):
        return self.b.select(cond, a, c)

    def lt(self, a, c):
        return self.b.fcmp_ordered("<", a, c)

    def le(self, a, c):
        return self.b.fcmp_ordered("<=", a, c)

    def gt(self, a, c):
        return self.b.fcmp_ordered(">", a, c)

    def ge(self, a, c):
        return self.b.fcmp_ordered(">=", a, c)

    def eq(self, a, c):
        return self.b.fcmp_ordered("==", a, c)

    def isnan(self, a):
        return self.b.fcmp_unordered("uno", a, a)

    def clamp(self, a, lo, hi):
        # NaN stays NaN: ordered compares are false for NaN.
        a = self.sel(self.lt(a, self.c(lo)), self.c(lo), a)
        return self.sel(self.gt(a, self.c(hi)), self.c(hi), a)

    def horner(self, x, coeffs):
        """coeffs[0] + x*(coeffs[1] + x*(...)) with FMAs."""
        acc = self.c(coeffs[-1])
        for cf in reversed(coeffs[:-1]):
            acc = self.fma(acc, x, self.c(cf))
        return acc

    def pow2i(self, n_int):
        """2**n for an integer n in the normal exponent range (an integer SSA value of width it)."""
        e = self.b.add(n_int, const(self.it, self.bias))
        return self.b.bitcast(self.b.shl(e, const(self.it, self.mant)), self.t)

    def to_int(self, a):
        return self.b.fptosi(a, self.it)


def _ext(b, x):
    return b.fpext(x, F64) if isinstance(x.type, ir.FloatType) else x


def _via_f64(fn):
    """Run the f64 algorithm for an f32 argument and round the result once."""

    def wrapper(b, *args):
        if isinstance(args[0].type, ir.DoubleType):
            return fn(b, *args)
        return b.fptrunc(fn(b, *[b.fpext(a, F64) for a in args]), F32)

    wrapper.__name__ = fn.__name__
    wrapper.__doc__ = fn.__doc__
    return wrapper


# ------------------------------------------------------------------------------------------------
# exp


def set_target(llmod: ir.Module, features: str) -> None:
    """Record on the LLVM module what the target offers the approximations: with AVX-512F,
    `llvm.ldexp` becomes one `vscalefps/pd` per vector (exact scaling by 2**n with a single rounding,
    overflow to inf, denormal or zero results), cheaper than building 2**n from integer bits. Without
    it ldexp would be a libm call per lane, so the integer form stays the default."""
    llmod.hloc_scalef = "+avx512f" in features.split(",")


def _has_scalef(b: ir.IRBuilder) -> bool:
    return bool(getattr(b.module, "hloc_scalef", False))


# e**r ~ 1 + r + r^2 P(r) on |r| <= ln2/2 with f32 coefficients: relative error 3.7e-9 (the
# degree-7 Taylor polynomial's is 7.4e-9, with one FMA more); testdata/backend/fit_mathfns.py.
_EXP_TAIL_F32 = [0.49999988079071045, 0.166665181517601, 0.04166964814066887, 0.008368944749236107,
                 0.0013745303731411695]
_EXP_F64 = [1.0 / math.factorial(k) for k in range(14)]  # Taylor, degree 13


def _exp_poly(m: _M) -> list[float]:
    """Coefficients of e**r on |r| <= ln2/2, constant term exactly 1 (so exp(0) == 1)."""
    return _EXP_F64 if m.is64 else [1.0, 1.0] + _EXP_TAIL_F32


def _exp_reduced(m: _M, xc: ir.Value, scale: float = 1.0, split_ln2: bool = True) -> tuple[ir.Value, ir.Value]:
    """(k, e**r) for e**(scale*xc) = 2**n * e**r: n = round(scale*xc/ln2), r = scale*xc - n*ln2
    (two-part ln2, FMA), polynomial on |r| <= ln2/2; xc is already in range (|n| < 2**22) and `scale`
    a power of two, folded exactly into the constants (no multiply by it).

    n comes from k = scale*x/ln2 + 1.5*2**mant (one FMA: its low bits are the rounded integer,
    bits(k) - bits(1.5*2**mant) == n), never from fptosi, whose NaN result is poison: a NaN x gives
    a NaN polynomial and some defined n, so callers need no NaN select when the scaling keeps NaN.
    Callers build 2**n from k's bits (_exp_int).

    split_ln2=False reduces with ln2 rounded to one constant (one FMA less): r is then off by
    n*(ln2 - ln2 rounded), up to |n| * 1.9e-9 relative in e**r for f32, which only callers with small
    n whose result depends weakly on e**r's error can afford."""
    magic = m.c(1.5 * 2.0 ** m.mant)
    k = m.fma(xc, m.c(scale / math.log(2.0)), magic)
    return k, _exp_poly_at(m, xc, m.sub(k, magic), scale, split_ln2)


def _exp_poly_at(m: _M, xc: ir.Value, n: ir.Value, scale: float = 1.0, split_ln2: bool = True) -> ir.Value:
    """e**r for r = scale*xc - n*ln2, n (a float) an integer near scale*xc/ln2; see _exp_reduced."""
    if m.is64:
        ln2_hi, ln2_lo = 6.93147180369123816490e-01, 1.90821492927058770002e-10
    else:
        ln2_hi, ln2_lo = 0.693145751953125, 1.428606765330187045e-06
    # r/scale = xc - n*ln2/scale: exact rescalings of the two-part ln2, and e**r = sum c_j (scale*r')**j
    # = sum (c_j scale**j) r'**j with exactly scaled coefficients
    if not split_ln2:
        r = m.fma(m.neg(n), m.c(math.log(2.0) / scale), xc)
    else:
        r = m.fma(m.neg(n), m.c(ln2_hi / scale), xc)
        r = m.fma(m.neg(n), m.c(ln2_lo / scale), r)
    coeffs = [c * scale ** j for j, c in enumerate(_exp_poly(m))]
    return m.horner(r, coeffs)


def _exp_int(m: _M, k: ir.Value) -> ir.Value:
    """n as an integer from _exp_reduced's k."""
    return m.b.sub(m.b.bitcast(k, m.it), m.b.bitcast(m.c(1.5 * 2.0 ** m.mant), m.it))


def exp(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """e**x: n = round(x/ln2), r = x - n*ln2 (two-part ln2, FMA), polynomial for e**r on
    |r| <= ln2/2, then scaling by 2**n: one `ldexp` (vscalef) on AVX-512, else in two steps of
    integer-built powers of two so that denormal results round once."""
    m = _M(b, x.type)
    lo, hi = (-746.0, 710.0) if m.is64 else (-104.0, 89.0)
    xc = m.clamp(x, lo, hi)  # NaN stays NaN
    if _has_scalef(b) and not m.is64:
        # n = lrint(x/ln2) is one vcvtps2dq (round to nearest; NaN gives some integer, not poison), its
        # one conversion back serves both the reduction and the vscalef (ldexp's float exponent): two
        # vector ops less than n from the magic-number FMA and 2**n from its bits
        ni = intrinsic(b, "lrint", [m.mul(xc, m.c(1.0 / math.log(2.0)))], ret=I32, overload=[I32, m.t])
        p = _exp_poly_at(m, xc, b.sitofp(ni, m.t))
        return intrinsic(b, "ldexp", [p, ni], overload=[m.t, I32])  # a NaN p stays NaN
    k, p = _exp_reduced(m, xc)
    ni = _exp_int(m, k)
    if _has_scalef(b):
        # a NaN p stays NaN whatever n is
        return intrinsic(b, "ldexp", [p, b.trunc(ni, I32)], overload=[m.t, I32])
    n1 = b.ashr(ni, const(m.it, 1))
    n2 = b.sub(ni, n1)
    return m.mul(m.mul(p, m.pow2i(n1)), m.pow2i(n2))


# ------------------------------------------------------------------------------------------------
# log


def log(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """Natural log: x = 2**e * m with m in [sqrt(1/2), sqrt(2)), f = m-1, s = f/(2+f),
    log(1+f) = f - hfsq + s*(hfsq + R(s^2)) with R the atanh series (fdlibm's arrangement)."""
    m = _M(b, x.type)
    it = m.it
    tiny_scale_exp = 54 if m.is64 else 25
    min_normal = 2.0 ** (-1022 if m.is64 else -126)
    is_sub = m.lt(x, m.c(min_normal))
    xs = m.sel(is_sub, m.mul(x, m.c(2.0 ** tiny_scale_exp)), x)
    e_adj = b.select(is_sub, const(it, -tiny_scale_exp), const(it, 0))
    bits = b.bitcast(xs, it)
    e = b.sub(b.lshr(bits, const(it, m.mant)), const(it, m.bias))
    mant_mask = (1 << m.mant) - 1
    mbits = b.or_(b.and_(bits, const(it, mant_mask)), const(it, m.bias << m.mant))
    mv = b.bitcast(mbits, m.t)  # in [1, 2)
    big = m.gt(mv, m.c(math.sqrt(2.0)))
    mv = m.sel(big, m.mul(mv, m.c(0.5)), mv)
    e = b.add(b.add(e, b.select(big, const(it, 1), const(it, 0))), e_adj)
    ef = b.sitofp(e, m.t)
    f = m.sub(mv, m.c(1.0))
    s = m.div(f, m.add(f, m.c(2.0)))
    z = m.mul(s, s)
    nterms = 11 if m.is64 else 5
    # log(1+f) = f - hfsq + s*(hfsq + R), R = 2/3 z + 2/5 z^2 + ... (atanh series, no f-term)
    coeffs = [2.0 / (2 * k + 1) for k in range(1, nterms + 1)]
    r = m.mul(z, m.horner(z, coeffs))
    hfsq = m.mul(m.mul(f, f), m.c(0.5))
    ln2_hi = 6.93147180369123816490e-01 if m.is64 else 0.693145751953125
    ln2_lo = 1.90821492927058770002e-10 if m.is64 else 1.428606765330187045e-06
    res = m.add(m.mul(ef, m.c(ln2_hi)),
                m.add(m.sub(f, hfsq), m.add(m.mul(s, m.add(hfsq, r)), m.mul(ef, m.c(ln2_lo)))))
    inf = m.c(math.inf)
    res = m.sel(m.eq(x, inf), inf, res)
    res = m.sel(m.eq(x, m.c(0.0)), m.c(-math.inf), res)
    res = m.sel(b.fcmp_unordered("<", x, m.c(0.0)), m.c(math.nan), res)  # x < 0 or NaN
    return m.sel(m.isnan(x), x, res)


def log1p(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """log(1+x) = log(u) * x / (u-1) with u = 1+x rounded (exact when u == 1)."""
    m = _M(b, x.type)
    u = m.add(x, m.c(1.0))
    um1 = m.sub(u, m.c(1.0))
    lu = log(b, u)
    res = m.mul(lu, m.div(x, um1))
    res = m.sel(m.eq(um1, m.c(0.0)), x, res)
    res = m.sel(m.eq(x, m.c(math.inf)), x, res)
    res = m.sel(m.eq(x, m.c(-1.0)), m.c(-math.inf), res)
    return m.sel(m.isnan(x), x, res)


def expm1(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """e**x - 1 = (u-1) * x / log(u) with u = exp(x) rounded (Kahan's trick)."""
    m = _M(b, x.type)
    u = exp(b, x)
    um1 = m.sub(u, m.c(1.0))
    res = m.mul(um1, m.div(x, log(b, u)))
    res = m.sel(m.eq(um1, m.c(0.0)), x, res)
    res = m.sel(m.eq(um1, m.c(-1.0)), m.c(-1.0), res)
    res = m.sel(m.eq(u, m.c(math.inf)), u, res)
    return m.sel(m.isnan(x), x, res)


# ------------------------------------------------------------------------------------------------
# tanh, logistic, erf

# tanh(x) ~ x + x^3 P(x^2) on [0, 0.625] with f32 coefficients: relative error 4.7e-9
# (testdata/backend/fit_mathfns.py refits and checks it). The final FMA adds the correction to the
# exact x, so the small branch rounds about once.
_TANH_SMALL_F32 = [-0.3333328664302826, 0.13331542909145355, -0.053746771067380905, 0.02065912075340748,
                   -0.0057249353267252445]


def tanh(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    m = _M(b, x.type)
    ax = m.abs(x)
    if m.is64:
        t = expm1(b, m.mul(ax, m.c(-2.0)))
        big = m.neg(m.div(t, m.add(t, m.c(2.0))))
        res = m.copysign(big, x)
        # tiny |x|: tanh(x) = x (also keeps -0 and denormals exact)
        res = m.sel(m.lt(ax, m.c(1e-9)), x, res)
        res = m.sel(m.gt(ax, m.c(22.0)), m.copysign(m.c(1.0), x), res)
        return m.sel(m.isnan(x), x, res)
    x2 = m.mul(x, x)
    small = m.fma(m.mul(x, x2), m.horner(x2, _TANH_SMALL_F32), x)
    # e**(2|x|) on [1, e**20]: no range checks and one integer-built 2**n (n <= 29) suffice; the
    # doubling is folded into the reduction's constants, and e**(2|x|) + 1 is one FMA (one rounding).
    # A relative error d of e**(2|x|) moves 1 - 2/(e+1) by at most 0.62 d (at |x| = 0.625, falling
    # like 4 e**(-2|x|)) while n grows like 2.9 |x|, so one ln2 constant suffices (n*1.9e-9*0.62 <= 2.4e-9).
    # NaN: n and p are NaN, so is e, and the result.
    k, p = _exp_reduced(m, m.sel(m.gt(ax, m.c(10.0)), m.c(10.0), ax), 2.0, split_ln2=False)
    e1 = m.fma(p, m.pow2i(_exp_int(m, k)), m.c(1.0))
    large = m.sub(m.c(1.0), m.div(m.c(2.0), e1))
    # tanh is odd: one copysign for both branches (and -0 for -0, which the FMA would make +0)
    return m.copysign(m.sel(m.lt(ax, m.c(0.625)), small, large), x)


def logistic(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """1/(1+e**-x), computed from e = e**-|x| so neither side overflows or cancels: 1/(1+e) for
    x >= 0, e/(1+e) for x < 0 (one division either way, so one rounding after e's)."""
    m = _M(b, x.type)
    e = exp(b, m.neg(m.abs(x)))
    res = m.div(m.sel(m.ge(x, m.c(0.0)), m.c(1.0), e), m.add(m.c(1.0), e))
    return m.sel(m.isnan(x), x, res)


# erf(x)/x as a polynomial in x^2 on [0, 1] (relative error 1.4e-9), and -log(erfc(x)) as a polynomial
# in x on [1, 3.84] (0.018 f32 ulps of erf = 1 - e**-P; the form of ARM's optimized-routines erff):
# testdata/backend/fit_mathfns.py. The erfc form this replaced, erfc(x) e**(x^2) as an 11-term
# polynomial in 1/x, needed a division, an exactly split x^2 and 4 more terms: 30 constants the
# register allocator kept moving (torch_mlp's GELU fusion 0.9-1.2 ms; XLA's 0.57 with its 9/12-degree
# rational, which is 6.7 ulp off near 3.8 against 2.8 here, over every f32 in [2^-7, 4.5]).
_ERF_SMALL_F32 = [1.1283791665100518, -0.37612628843325213, 0.11283612428244932, -0.02685480853721793,
                  0.005190053577817941, -0.0008024354128485373, 7.898210206314131e-05]
_ERFC_LOG_F32 = [0.0003460592997726053, 1.127071738243103, 0.6381719708442688, 0.1030850037932396,
                 -0.021828632801771164, 0.002945574466139078, -0.0001861977216321975]
_ERF_ONE = 3.832506856900711  # erfinv(1 - 2**-25): from here on erf rounds to +-1 in f32


def _exp_neg_square(b, m, ax):
    """e**(-x^2) with x^2 split exactly into hi + lo (FMA), so large x loses no accuracy."""
    hi = m.mul(ax, ax)
    lo = m.fma(ax, ax, m.neg(hi))
    return m.mul(exp(b, m.neg(hi)), m.sub(m.c(1.0), lo))


def erf(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    m = _M(b, x.type)
    ax = m.abs(x)
    if m.is64:
        # Taylor series below 2 (40 terms); erfc continued fraction (50 levels) up to 6; 1 beyond.
        x2 = m.mul(x, x)
        coeffs = [2.0 / math.sqrt(math.pi) * (-1) ** k / (math.factorial(k) * (2 * k + 1)) for k in range(40)]
        small = m.mul(x, m.horner(x2, coeffs))
        axc = m.clamp(ax, 2.0, 6.0)
        t = axc
        for k in range(50, 0, -1):
            t = m.add(axc, m.div(m.c(k / 2.0), t))
        erfc = m.div(m.mul(_exp_neg_square(b, m, axc), m.c(1.0 / math.sqrt(math.pi))), t)
        large = m.copysign(m.sub(m.c(1.0), erfc), x)
        res = m.sel(m.lt(ax, m.c(2.0)), small, large)
        return m.sel(m.isnan(x), x, res)
    x2 = m.mul(x, x)
    small = m.mul(x, m.horner(x2, _ERF_SMALL_F32))
    axc = m.clamp(ax, 1.0, _ERF_ONE)
    # 1 - e**-r with e**-r = 2**n p (n in [-24, -2], so one ln2 constant and no range checks):
    # one FMA, one rounding
    k, p = _exp_reduced(m, m.neg(m.horner(axc, _ERFC_LOG_F32)), split_ln2=False)
    large = m.copysign(m.fma(m.neg(p), m.pow2i(_exp_int(m, k)), m.c(1.0)), x)
    res = m.sel(m.lt(ax, m.c(1.0)), small, large)
    res = m.sel(m.ge(ax, m.c(_ERF_ONE)), m.copysign(m.c(1.0), x), res)
    return m.sel(m.isnan(x), x, res)


# ------------------------------------------------------------------------------------------------
# sin, cos, tan


def _two_over_pi_chunks(nchunks: int, bits: int, scale_exp: int = 0) -> list[float]:
    """2/pi split into `nchunks` doubles of `bits` significant bits each (exact binary digits),
    times 2**scale_exp (so that deep chunks stay normal doubles)."""
    # pi with Machin's formula in integers, then 2/pi = 2**(2k+1) / (pi * 2**k).
    prec = 64 + nchunks * bits + 64

    def arctan_inv(n: int) -> int:  # arctan(1/n) * 2**prec
        total, term, k, sign = 0, (1 << prec) // n, 1, 1
        while term:
            total += sign * (term // k)
            term //= n * n
            k += 2
            sign = -sign
        return total

    pi_fixed = 4 * (4 * arctan_inv(5) - arctan_inv(239))  # pi * 2**prec
    two_over_pi = (1 << (2 * prec + 1)) // pi_fixed  # 2/pi * 2**prec
    chunks = []
    for i in range(nchunks):
        shift = prec - (i + 1) * bits
        digits = (two_over_pi >> shift) & ((1 << bits) - 1)
        chunks.append(math.ldexp(digits, scale_exp - (i + 1) * bits))
    return chunks


_CHUNKS_26 = _two_over_pi_chunks(10, 26)
_LONG_SCALE = 600
# enough for every double (exponent <= 1023); scaled by 2**600, the argument by 2**-600
_CHUNKS_26_LONG = _two_over_pi_chunks(48, 26, _LONG_SCALE)
_PIO2 = (1.5707963267948966, 6.123233995736766e-17, -1.4973849048591698e-33)


def _sincos_poly(m, r):
    """sin(r), cos(r) for |r| <= pi/4 (Taylor, degree 17/18)."""
    r2 = m.mul(r, r)
    s = m.mul(r, m.horner(r2, [(-1) ** k / math.factorial(2 * k + 1) for k in range(9)]))
    c = m.horner(r2, [(-1) ** k / math.factorial(2 * k) for k in range(10)])
    return s, c


def _reduce_f32_exact(b, m, x):
    """For x an f32 value held in a double: (quadrant as i64, r) with x = r + q*pi/2.

    x * 2/pi mod 4 is summed from products x * c_i, each exact (24 + 26 significant bits), reduced
    mod 4 exactly (to [-2, 2] by round-to-nearest, which leaves small terms untouched); terms above
    2**55 are multiples of 4 and vanish. Works for every f32 value."""
    total_hi = m.c(0.0)
    total_lo = m.c(0.0)
    for ci in _CHUNKS_26:
        t = m.mul(x, m.c(ci))
        t = m.sub(t, m.mul(m.rint(m.mul(t, m.c(0.25))), m.c(4.0)))  # exact: t mod 4 in [-2, 2]
        # two-sum of total_hi + t
        s = m.add(total_hi, t)
        bb = m.sub(s, total_hi)
        err = m.add(m.sub(total_hi, m.sub(s, bb)), m.sub(t, bb))
        total_hi = s
        total_lo = m.add(total_lo, err)
    q = m.rint(total_hi)
    f = m.add(m.sub(total_hi, q), total_lo)
    # f may have drifted just past +-1/2 through total_lo; renormalise once.
    adj = m.rint(f)
    q = m.add(q, adj)
    f = m.sub(f, adj)
    r = m.mul(f, m.c(math.pi / 2))
    qi = b.fptosi(q, I64)
    return qi, r


def _reduce_f64(b, m, x):
    """x = r + q*pi/2 for |x| < 2**50: three-part pi/2 (Cody-Waite) with FMAs."""
    q = m.rint(m.mul(x, m.c(2.0 / math.pi)))
    r = m.fma(m.neg(q), m.c(_PIO2[0]), x)
    r = m.fma(m.neg(q), m.c(_PIO2[1]), r)
    r = m.fma(m.neg(q), m.c(_PIO2[2]), r)
    # q may be huge: keep its low bits only (fptosi of a value beyond i64 is poison)
    qm = m.sub(q, m.mul(m.floor(m.mul(q, m.c(0.25))), m.c(4.0)))
    return b.fptosi(qm, I64), r


def _chunk_table(b):
    mod = b.module
    g = mod.globals.get("hloc.two_over_pi_26")
    if g is None:
        t = ir.ArrayType(F64, len(_CHUNKS_26_LONG))
        g = ir.GlobalVariable(mod, t, "hloc.two_over_pi_26")
        g.initializer = ir.Constant(t, _CHUNKS_26_LONG)
        g.global_constant = True
        g.linkage = "private"
    return g


def _reduce_f64_large(b, m, x):
    """Payne-Hanek for any double: x = xh + xl (27-bit halves), products with 26-bit chunks of 2/pi
    are exact; only the 6 chunks whose products are neither multiples of 4 nor negligible are
    used, picked by x's exponent from a table (a gather when vectorised)."""
    bits = b.bitcast(x, I64)
    xh = b.bitcast(b.and_(bits, const(I64, ~((1 << 26) - 1))), F64)
    xl = m.sub(x, xh)
    # exact rescaling (|x| > 2**30): the table holds 2/pi * 2**600
    xh = m.mul(xh, m.c(2.0 ** -_LONG_SCALE))
    xl = m.mul(xl, m.c(2.0 ** -_LONG_SCALE))
    e = b.sub(b.and_(b.lshr(bits, const(I64, 52)), const(I64, 0x7FF)), const(I64, 1023))
    base = b.sdiv(b.sub(e, const(I64, 54)), const(I64, 26))
    base = b.select(b.icmp_signed("<", base, const(I64, 0)), const(I64, 0), base)
    base = b.select(b.icmp_signed(">", base, const(I64, len(_CHUNKS_26_LONG) - 6)),
                    const(I64, len(_CHUNKS_26_LONG) - 6), base)
    table = _chunk_table(b)
    hi, lo = m.c(0.0), m.c(0.0)
    for k in range(6):
        c = b.load(b.gep(table, [const(I64, 0), b.add(base, const(I64, k))], inbounds=True), typ=F64)
        for part in (xh, xl):
            t = m.mul(part, c)
            t = m.sub(t, m.mul(m.rint(m.mul(t, m.c(0.25))), m.c(4.0)))  # exact, in [-2, 2]
            s = m.add(hi, t)
            bb = m.sub(s, hi)
            lo = m.add(lo, m.add(m.sub(hi, m.sub(s, bb)), m.sub(t, bb)))
            hi = s
    q = m.rint(hi)
    f = m.add(m.sub(hi, q), lo)
    adj = m.rint(f)
    q = m.add(q, adj)
    f = m.sub(f, adj)
    return b.fptosi(q, I64), m.mul(f, m.c(math.pi / 2))


def _sincos_reduced(b, x, f32_arg: bool):
    m = _M(b, F64)
    if f32_arg:
        q, r = _reduce_f32_exact(b, m, x)
    else:
        q, r = _reduce_f64(b, m, x)
        ql, rl = _reduce_f64_large(b, m, x)
        large = m.gt(m.abs(x), m.c(2.0 ** 30))
        q = b.select(large, ql, q)
        r = m.sel(large, rl, r)
    s, c = _sincos_poly(m, r)
    return m, q, r, s, c


def _quadrant_select(b, m, q, s, c, want_sin: bool):
    q = b.and_(q, const(I64, 3))
    swap = b.icmp_unsigned("==", b.and_(q, const(I64, 1)), const(I64, 1))
    base = m.sel(swap, c, s) if want_sin else m.sel(swap, s, c)
    if want_sin:
        negate = b.icmp_unsigned(">=", q, const(I64, 2))
    else:
        negate = b.icmp_unsigned("==", b.and_(b.add(q, const(I64, 1)), const(I64, 2)), const(I64, 2))
    return m.sel(negate, m.neg(base), base)


def _trig(b, x, kind):
    is32 = isinstance(x.type, ir.FloatType)
    xd = _ext(b, x)
    m, q, r, s, c = _sincos_reduced(b, xd, is32)
    if kind == "sin":
        res = _quadrant_select(b, m, q, s, c, True)
    elif kind == "cos":
        res = _quadrant_select(b, m, q, s, c, False)
    else:
        odd = b.icmp_unsigned("==", b.and_(q, const(I64, 1)), const(I64, 1))
        res = m.sel(odd, m.neg(m.div(c, s)), m.div(s, c))
    if kind != "cos":
        # keep -0 and tiny arguments exact (sin x = tan x = x below 2**-27)
        res = m.sel(m.lt(m.abs(xd), m.c(2.0 ** -27)), xd, res)
    res = m.sel(m.eq(m.abs(xd), m.c(math.inf)), m.c(math.nan), res)
    res = m.sel(m.isnan(xd), xd, res)
    return b.fptrunc(res, F32) if is32 else res


def sin(b, x):
    """sin x: reduction mod pi/2 (Payne-Hanek style for large arguments), Taylor polynomials."""
    return _trig(b, x, "sin")


def cos(b, x):
    return _trig(b, x, "cos")


def tan(b, x):
    return _trig(b, x, "tan")


# ------------------------------------------------------------------------------------------------
# atan2, pow, cbrt, rsqrt


def _atan_01(m, t):
    """atan(t) for t in [0, 1]: t > tan(pi/8) maps to pi/4 + atan((t-1)/(t+1)); Taylor to 2k+1=47."""
    red = m.gt(t, m.c(math.tan(math.pi / 8)))
    u = m.sel(red, m.div(m.sub(t, m.c(1.0)), m.add(t, m.c(1.0))), t)
    u2 = m.mul(u, u)
    a = m.mul(u, m.horner(u2, [(-1) ** k / (2 * k + 1) for k in range(24)]))
    return m.sel(red, m.add(m.c(math.pi / 4), a), a)


@_via_f64
def atan2(b, y, x):
    """atan2(y, x) with the IEEE special cases (signed zeros, infinities)."""
    m = _M(b, F64)
    ay, ax = m.abs(y), m.abs(x)
    swap = m.gt(ay, ax)
    num = m.sel(swap, ax, ay)
    den = m.sel(swap, ay, ax)
    t = m.div(num, den)
    both_inf = b.and_(m.eq(ax, m.c(math.inf)), m.eq(ay, m.c(math.inf)))
    t = m.sel(both_inf, m.c(1.0), t)
    t = m.sel(m.eq(den, m.c(0.0)), m.c(0.0), t)
    a = _atan_01(m, t)
    a = m.sel(swap, m.sub(m.c(math.pi / 2), a), a)
    x_neg = b.icmp_signed("<", b.bitcast(x, I64), const(I64, 0))  # includes -0
    a = m.sel(x_neg, m.sub(m.c(math.pi), a), a)
    res = m.copysign(a, y)
    return m.sel(b.or_(m.isnan(x), m.isnan(y)), m.add(x, y), res)


def _is_odd_integer(b, m, y):
    ay = m.abs(y)
    is_int = m.eq(m.floor(ay), ay)
    half = m.mul(ay, m.c(0.5))
    return b.and_(b.and_(is_int, b.not_(m.eq(m.floor(half), half))), m.lt(ay, m.c(2.0 ** 53)))


@_via_f64
def pow(b, x, y):  # noqa: A001 - the HLO op's name
    """x**y = exp(y*log|x|), or repeated squaring for integer |y| <= 64, with C99's special cases
    (pow(x, 0) = 1, pow(1, y) = 1, negative x with integer y, zeros and infinities)."""
    m = _M(b, F64)
    ax = m.abs(x)
    r = exp(b, m.mul(y, log(b, ax)))
    # integer |y| <= 64: exponentiation by squaring (exact for small results: pow(3, 2) == 9)
    ay = m.abs(y)
    small_int = b.and_(m.eq(m.floor(ay), ay), m.le(ay, m.c(64.0)))
    n = b.fptosi(m.sel(small_int, ay, m.c(0.0)), I64)
    acc, base = m.c(1.0), ax
    for k in range(7):
        bit = b.icmp_unsigned("!=", b.and_(n, const(I64, 1 << k)), const(I64, 0))
        acc = m.sel(bit, m.mul(acc, base), acc)
        base = m.mul(base, base)
    acc = m.sel(m.lt(y, m.c(0.0)), m.div(m.c(1.0), acc), acc)
    r = m.sel(small_int, acc, r)
    y_int = m.eq(m.floor(y), y)
    y_odd = _is_odd_integer(b, m, y)
    x_neg = b.icmp_signed("<", b.bitcast(x, I64), const(I64, 0))
    # negative base: integer y gives sign by parity, other y give NaN
    r = m.sel(b.and_(x_neg, y_odd), m.neg(r), r)
    finite_neg = b.and_(m.lt(x, m.c(0.0)), m.gt(x, m.c(-math.inf)))
    r = m.sel(b.and_(finite_neg, b.not_(y_int)), m.c(math.nan), r)
    r = m.sel(b.and_(m.eq(ax, m.c(math.inf)), m.isnan(y)), m.add(x, y), r)
    # |x| == 1 and y = +-inf -> 1
    r = m.sel(b.and_(m.eq(ax, m.c(1.0)), m.eq(m.abs(y), m.c(math.inf))), m.c(1.0), r)
    r = m.sel(m.eq(x, m.c(1.0)), m.c(1.0), r)
    r = m.sel(m.eq(y, m.c(0.0)), m.c(1.0), r)
    return r


@_via_f64
def cbrt(b, x):
    """Cube root: y = exp(log|x|/3), one Newton step y -= (y^3 - |x|) / (3 y^2), sign of x."""
    m = _M(b, F64)
    ax = m.abs(x)
    # scale extreme magnitudes by 2**+-600 (cube root: 2**-+200) so y**3 neither under- nor overflows
    tiny, huge = m.lt(ax, m.c(2.0 ** -600)), m.gt(ax, m.c(2.0 ** 600))
    ax_s = m.sel(tiny, m.mul(ax, m.c(2.0 ** 600)), m.sel(huge, m.mul(ax, m.c(2.0 ** -600)), ax))
    y = exp(b, m.mul(log(b, ax_s), m.c(1.0 / 3.0)))
    y = m.sub(y, m.div(m.sub(m.mul(m.mul(y, y), y), ax_s), m.mul(m.mul(y, y), m.c(3.0))))
    y = m.mul(y, m.sel(tiny, m.c(2.0 ** -200), m.sel(huge, m.c(2.0 ** 200), m.c(1.0))))
    res = m.copysign(y, x)
    special = b.or_(m.eq(ax, m.c(0.0)), b.or_(m.eq(ax, m.c(math.inf)), m.isnan(x)))
    return m.sel(special, x, res)


def rsqrt(b, x):
    m = _M(b, x.type)
    return m.div(m.c(1.0), m.sqrt(x))


def sqrt(b, x):
    return intrinsic(b, "sqrt", [x])
