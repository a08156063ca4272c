"""CHLO ops that are not HLO opcodes, expanded into HLO as XLA's CHLO legalization does."""

from __future__ import annotations

import numpy as np

from ...ir.types import ELEMENT_TYPES, Shape
from .lower import Value
from .ops import Args, lowering


class _Expr:
    """Elementwise HLO on values of one shape: `e.op("add", x, e.const(1.0))`."""

    def __init__(self, a: Args, shape: Shape):
        self.a = a
        self.shape = shape

    def const(self, value) -> Value:
        scalar = Shape.scalar(self.shape.etype)
        c = self.a.cb.emit("constant", scalar, [], "", self.a.op.offset)
        self.a.lw.constants[c.name] = np.array(value, dtype=scalar.dtype)
        return self.a.emit("broadcast", [c], "dimensions={}", shape=self.shape)

    def op(self, opcode: str, *xs: Value, attrs: str = "", etype: str | None = None) -> Value:
        shape = self.shape if etype is None else Shape(etype, self.shape.dims, dynamic=self.shape.dynamic)
        return self.a.emit(opcode, list(xs), attrs, shape=shape)

    def lt(self, x: Value, y: Value) -> Value:
        return self.op("compare", x, y, attrs="direction=LT", etype="pred")


def _in_f32(a: Args, fn, *xs: Value) -> Value:
    """fn(a, *xs), for f16 / bf16 operands computed in f32 and rounded once, as XLA does."""
    if xs[0].shape.etype not in ("f16", "bf16"):
        return fn(a, *xs)
    wide = Shape("f32", xs[0].shape.dims, dynamic=xs[0].shape.dynamic)
    return a.emit("convert", [fn(a, *(a.emit("convert", [x], shape=wide) for x in xs))], shape=xs[0].shape)


@lowering("chlo.square")
def _square(a: Args):
    x = a.operands[0]
    return a.emit("multiply", [x, x])


@lowering("chlo.is_inf", "chlo.is_pos_inf", "chlo.is_neg_inf")
def _is_inf(a: Args):
    x = a.operands[0]
    e = _Expr(a, x.shape)
    kind = a.op.name.split(".")[1]
    inf = e.const(np.inf)
    if kind == "is_inf":
        return e.op("compare", e.op("abs", x), inf, attrs="direction=EQ", etype="pred")
    target = inf if kind == "is_pos_inf" else e.const(-np.inf)
    return e.op("compare", x, target, attrs="direction=EQ", etype="pred")


# Giles, "Approximating the erfinv function" (single precision): XLA's ErfInv32.
_ERF_INV_LT5 = (2.81022636e-08, 3.43273939e-07, -3.5233877e-06, -4.39150654e-06, 0.00021858087,
                -0.00125372503, -0.00417768164, 0.246640727, 1.50140941)
_ERF_INV_GE5 = (-0.000200214257, 0.000100950558, 0.00134934322, -0.00367342844, 0.00573950773,
                -0.0076224613, 0.00943887047, 1.00167406, 2.83297682)


# Giles (double precision): XLA's ErfInv64, three ranges of w = -log(1 - x^2).
_ERF_INV64 = (
    (6.25, 3.125, False, (
        -3.6444120640178196996e-21, -1.685059138182016589e-19, 1.2858480715256400167e-18,
        1.115787767802518096e-17, -1.333171662854620906e-16, 2.0972767875968561637e-17,
        6.6376381343583238325e-15, -4.0545662729752068639e-14, -8.1519341976054721522e-14,
        2.6335093153082322977e-12, -1.2975133253453532498e-11, -5.4154120542946279317e-11,
        1.051212273321532285e-09, -4.1126339803469836976e-09, -2.9070369957882005086e-08,
        4.2347877827932403518e-07, -1.3654692000834678645e-06, -1.3882523362786468719e-05,
        0.0001867342080340571352, -0.00074070253416626697512, -0.0060336708714301490533,
        0.24015818242558961693, 1.6536545626831027356)),
    (16.0, 3.25, True, (
        2.2137376921775787049e-09, 9.0756561938885390979e-08, -2.7517406297064545428e-07,
        1.8239629214389227755e-08, 1.5027403968909827627e-06, -4.013867526981545969e-06,
        2.9234449089955446044e-06, 1.2475304481671778723e-05, -4.7318229009055733981e-05,
        6.8284851459573175448e-05, 2.4031110387097893999e-05, -0.0003550375203628474796,
        0.00095328937973738049703, -0.0016882755560235047313, 0.0024914420961078508066,
        -0.0037512085075692412107, 0.005370914553590063617, 1.0052589676941592334,
        3.0838856104922207635)),
    (None, 5.0, True, (
        -2.7109920616438573243e-11, -2.5556418169965252055e-10, 1.5076572693500548083e-09,
        -3.7894654401267369937e-09, 7.6157012080783393804e-09, -1.4960026627149240478e-08,
        2.9147953450901080826e-08, -6.7711997758452339498e-08, 2.2900482228026654717e-07,
        -9.9298272942317002539e-07, 4.5260625972231537039e-06, -1.9681778105531670567e-05,
        7.5995277030017761139e-05, -0.00021503011930044477347, -0.00013871931833623122026,
        1.0103004648645343977, 4.8499064014085844221)),
)


def _erf_inv_f64(a: Args, x: Value) -> Value:
    e = _Expr(a, x.shape)
    w = e.op("negate", e.op("log-plus-one", e.op("multiply", x, e.op("negate", x))))
    sqrt_w = e.op("sqrt", w)
    ranges = []
    for bound, shift, use_sqrt, coeffs in _ERF_INV64:
        t = e.op("subtract", sqrt_w if use_sqrt else w, e.const(shift))
        p = e.const(coeffs[0])
        for c in coeffs[1:]:
            p = e.op("add", e.const(c), e.op("multiply", p, t))
        ranges.append((bound, p))
    p = ranges[-1][1]
    for bound, q in reversed(ranges[:-1]):  # the smallest range that holds w
        p = e.op("select", e.lt(w, e.const(bound)), q, p)
    result = e.op("multiply", p, x)
    at_one = e.op("compare", e.op("abs", x), e.const(1.0), attrs="direction=EQ", etype="pred")
    return e.op("select", at_one, e.op("multiply", x, e.const(np.inf)), result)


@lowering("chlo.erf_inv")
def _erf_inv(a: Args):
    x = a.operands[0]
    et = x.shape.etype
    if et == "f64":
        return _erf_inv_f64(a, x)
    return _in_f32(a, _erf_inv_f32, x)


def _erf_inv_f32(a: Args, x: Value) -> Value:
    e = _Expr(a, x.shape)
    w = e.op("negate", e.op("log-plus-one", e.op("multiply", x, e.op("negate", x))))
    small = e.lt(w, e.const(5.0))
    w = e.op("select", small, e.op("subtract", w, e.const(2.5)),
             e.op("subtract", e.op("sqrt", w), e.const(3.0)))
    p = e.op("select", small, e.const(_ERF_INV_LT5[0]), e.const(_ERF_INV_GE5[0]))
    for lo, hi in zip(_ERF_INV_LT5[1:], _ERF_INV_GE5[1:]):
        p = e.op("add", e.op("select", small, e.const(lo), e.const(hi)), e.op("multiply", p, w))
    result = e.op("multiply", p, x)
    at_one = e.op("compare", e.op("abs", x), e.const(1.0), attrs="direction=EQ", etype="pred")
    return e.op("select", at_one, e.op("multiply", x, e.const(np.inf)), result)


@lowering("chlo.next_after")
def _next_after(a: Args):
    """XLA's NextAfter: step x's bits one unit towards y (zeros and equality signed like y, NaN in, NaN out)."""
    x, y = a.operands
    bits = ELEMENT_TYPES[x.shape.etype].bits
    ut = {16: "u16", 32: "u32", 64: "u64"}.get(bits)
    if ut is None:
        raise a.error(f"chlo.next_after on {x.shape.etype} is not supported")
    f, u = _Expr(a, x.shape), _Expr(a, Shape(ut, x.shape.dims, dynamic=x.shape.dynamic))
    xi = f.op("bitcast-convert", x, etype=ut)
    yi = f.op("bitcast-convert", y, etype=ut)
    sign = u.const(1 << (bits - 1))
    magnitude = u.const((1 << (bits - 1)) - 1)
    x_abs, y_abs = u.op("and", xi, magnitude), u.op("and", yi, magnitude)
    x_sign, y_sign = u.op("and", xi, sign), u.op("and", yi, sign)
    zero, one = u.const(0), u.const(1)

    def cmp(p, q, direction):
        return u.op("compare", p, q, attrs=f"direction={direction}", etype="pred")
    smaller = u.op("or", cmp(x_abs, y_abs, "GT"), cmp(x_sign, y_sign, "NE"), etype="pred")
    result = u.op("select", smaller, u.op("subtract", xi, one), u.op("add", xi, one))
    from_zero = u.op("select", cmp(y_abs, zero, "EQ"), yi, u.op("or", y_sign, one))
    result = u.op("select", cmp(x_abs, zero, "EQ"), from_zero, result)
    result = u.op("select", cmp(xi, yi, "EQ"), yi, result)
    nan = f.op("or", f.op("compare", x, x, attrs="direction=NE", etype="pred"),
               f.op("compare", y, y, attrs="direction=NE", etype="pred"), etype="pred")
    return f.op("select", nan, f.const(np.nan), f.op("bitcast-convert", result))


_LANCZOS_GAMMA = 7.0
_LANCZOS_BASE = 0.99999999999980993227684700473478
_LANCZOS = (676.520368121885098567009190444019, -1259.13921672240287047156078755283,
            771.3234287776530788486528258894, -176.61502916214059906584551354, 12.507343278686904814458936853,
            -0.13857109526572011689554707, 9.984369578019570859563e-6, 1.50563273514931155834e-7)


@lowering("chlo.digamma")
def _digamma(a: Args):
    """XLA's Digamma: the Lanczos approximation, Euler's reflection below 1/2, NaN at the poles."""
    return _in_f32(a, _digamma_of, a.operands[0])


def _digamma_of(a: Args, x: Value) -> Value:
    e = _Expr(a, x.shape)
    one = e.const(1.0)
    reflect = e.lt(x, e.const(0.5))
    z = e.op("select", reflect, e.op("negate", x), e.op("subtract", x, one))
    num, denom = e.const(0.0), e.const(_LANCZOS_BASE)
    for i, c in enumerate(_LANCZOS):
        zi = e.op("add", e.op("add", z, e.const(float(i))), one)
        num = e.op("subtract", num, e.op("divide", e.const(c), e.op("multiply", zi, zi)))
        denom = e.op("add", denom, e.op("divide", e.const(c), zi))
    g_half = _LANCZOS_GAMMA + 0.5
    t = e.op("add", e.const(g_half), z)
    log_t = e.op("add", e.const(float(np.log(g_half))), e.op("log-plus-one", e.op("divide", z, e.const(g_half))))
    y = e.op("subtract", e.op("add", log_t, e.op("divide", num, denom)), e.op("divide", e.const(_LANCZOS_GAMMA), t))
    reduced = e.op("add", x, e.op("abs", e.op("floor", e.op("add", x, e.const(0.5)))))
    pi_r = e.op("multiply", e.const(np.pi), reduced)
    cot = e.op("divide", e.op("multiply", e.const(np.pi), e.op("cosine", pi_r)), e.op("sine", pi_r))
    result = e.op("select", reflect, e.op("subtract", y, cot), y)
    pole = e.op("and", e.op("compare", x, e.const(0.0), attrs="direction=LE", etype="pred"),
                e.op("compare", x, e.op("floor", x), attrs="direction=EQ", etype="pred"), etype="pred")
    return e.op("select", pole, e.const(np.nan), result)


# Cephes' erff / erfcf polynomials (single precision), as XLA's ErfImpl32Cephes / ErfcImpl32 use them.
_ERF_T = (7.853861353153693e-5, -8.010193625184903e-4, 5.188327685732524e-3, -2.685381193529856e-2,
          1.128358514861418e-1, -3.761262582423300e-1, 1.128379165726710e+0)
_ERFC_P = (2.326819970068386e-2, -1.387039388740657e-1, 3.687424674597105e-1, -5.824733027278666e-1,
           6.210004621745983e-1, -4.944515323274145e-1, 3.404879937665872e-1, -2.741127028184656e-1,
           5.638259427386472e-1)
_ERFC_R = (-1.047766399936249e+1, 1.297719955372516e+1, -7.495518717768503e+0, 2.921019019210786e+0,
           -1.015265279202700e+0, 4.218463358204948e-1, -2.820767439740514e-1, 5.641895067754075e-1)


def _poly(e: _Expr, x: Value, coeffs) -> Value:
    p = e.const(coeffs[0])
    for c in coeffs[1:]:
        p = e.op("add", e.op("multiply", p, x), e.const(c))
    return p


@lowering("chlo.erfc")
def _erfc(a: Args):
    """erfc(x) = 1 - erf(x) for |x| <= 1, else exp(-x^2)/|x| * P(1/x^2) (reflected for x < 0)."""
    x = a.operands[0]
    et = x.shape.etype
    if et == "f64":
        return _erfc_f64(a, x)
    if et != "f32":
        wide = Shape("f32", x.shape.dims, dynamic=x.shape.dynamic)
        return a.emit("convert", [_erfc_f32(a, a.emit("convert", [x], shape=wide))], shape=x.shape)
    return _erfc_f32(a, x)


def _erfc_f32(a: Args, x: Value) -> Value:
    e = _Expr(a, x.shape)
    abs_x = e.op("abs", x)
    z = e.op("exponential", e.op("negate", e.op("multiply", x, x)))
    q = e.op("divide", e.const(1.0), abs_x)
    y = e.op("multiply", q, q)
    p = e.op("select", e.lt(abs_x, e.const(2.0)), _poly(e, y, _ERFC_P), _poly(e, y, _ERFC_R))
    tail = e.op("multiply", e.op("multiply", z, q), p)
    tail = e.op("select", e.lt(x, e.const(0.0)), e.op("subtract", e.const(2.0), tail), tail)
    erf = e.op("multiply", x, _poly(e, e.op("multiply", x, x), _ERF_T))
    near = e.op("compare", abs_x, e.const(1.0), attrs="direction=GT", etype="pred")
    return e.op("select", near, tail, e.op("subtract", e.const(1.0), erf))


# Cephes' ndtr.c erfc / erf rational approximations (double precision), as XLA's ErfcImpl64 and
# ErfImpl64 evaluate them (highest degree first).
_ERFC64_P = (2.46196981473530512524e-10, 5.64189564831068821977e-1, 7.46321056442269912687e0,
             4.86371970985681366614e1, 1.96520832956077098242e2, 5.26445194995477358631e2,
             9.34528527171957607540e2, 1.02755188689515710272e3, 5.57535335369399327526e2)
_ERFC64_Q = (1.0, 1.32281951154744992508e1, 8.67072140885989742329e1, 3.54937778887819891062e2,
             9.75708501743205489753e2, 1.82390916687909736289e3, 2.24633760818710981792e3,
             1.65666309194161350182e3, 5.57535340817727675546e2)
_ERFC64_R = (5.64189583547755073984e-1, 1.27536670759978104416e0, 5.01905042251180477414e0,
             6.16021097993053585195e0, 7.40974269950448939160e0, 2.97886665372100240670e0)
_ERFC64_S = (1.0, 2.26052863220117276590e0, 9.39603524938001434673e0, 1.20489539808096656605e1,
             1.70814450747565897222e1, 9.60896809063285878198e0, 3.36907645100081516050e0)
_ERF64_T = (9.60497373987051638749e0, 9.00260197203842689217e1, 2.23200534594684319226e3,
            7.00332514112805075473e3, 5.55923013010394962768e4)
_ERF64_U = (1.0, 3.35617141647503099647e1, 5.21357949780152679795e2, 4.59432382970980127987e3,
            2.26290000613890934246e4, 4.92673942608635921086e4)
_MAXLOG = 7.09782712893383996843e2  # exp(-x^2) underflows to 0 beyond it


def _erfc_f64(a: Args, x: Value) -> Value:
    """erfc(x) = 1 - x T(x^2)/U(x^2) for |x| <= 1, else exp(-x^2) P(|x|)/Q(|x|) (R/S from 8 on),
    reflected for x < 0."""
    e = _Expr(a, x.shape)
    z = e.op("negate", e.op("multiply", x, x))
    abs_x = e.op("abs", x)
    exp_z = e.op("exponential", z)
    near = e.op("multiply", exp_z, e.op("divide", _poly(e, abs_x, _ERFC64_P), _poly(e, abs_x, _ERFC64_Q)))
    far = e.op("multiply", exp_z, e.op("divide", _poly(e, abs_x, _ERFC64_R), _poly(e, abs_x, _ERFC64_S)))
    y = e.op("select", e.lt(abs_x, e.const(8.0)), near, far)
    y = e.op("select", e.lt(z, e.const(-_MAXLOG)), e.const(0.0), y)
    tail = e.op("select", e.lt(x, e.const(0.0)), e.op("subtract", e.const(2.0), y), y)
    x2 = e.op("multiply", x, x)
    erf = e.op("divide", e.op("multiply", x, _poly(e, x2, _ERF64_T)), _poly(e, x2, _ERF64_U))
    big = e.op("compare", abs_x, e.const(1.0), attrs="direction=GT", etype="pred")
    return e.op("select", big, tail, e.op("subtract", e.const(1.0), erf))


# Cephes' i1e Chebyshev series (XLA's BesselI1e): A on [0, 8] in t = x/2 - 2, B beyond in t = 32/x - 2;
# i1e(x) = sign(x) * (|x| chbevl(t, A)  or  chbevl(t, B) / sqrt(|x|)).
_I1E_A32 = (9.38153732e-09, -4.44505908e-08, 2.00329481e-07, -8.56872e-07, 3.47025139e-06, -1.32731639e-05,
            4.78156508e-05, -0.000161760821, 0.000512286, -0.00151357241, 0.0041564228, -0.0105640851,
            0.0247264486, -0.0529459827, 0.102643661, -0.176416516, 0.252587199)
_I1E_B32 = (-3.83538046e-09, -2.63146891e-08, -2.51223611e-07, -3.88256467e-06, -0.000110588939,
            -0.00976109784, 0.778576255)
_I1E_A64 = (2.7779141127610464e-18, -2.111421214358166e-17, 1.5536319577362005e-16, -1.1055969477353862e-15,
            7.6006842947354077e-15, -5.0421855047279118e-14, 3.2237933659455748e-13, -1.9839743977649436e-12,
            1.1736186298890901e-11, -6.6634897235020271e-11, 3.6255902815521172e-10, -1.8872497517228294e-09,
            9.3815373864957726e-09, -4.4450591287963281e-08, 2.0032947535521353e-07, -8.5687202646954547e-07,
            3.4702513081376785e-06, -1.3273163656039436e-05, 4.7815651075500542e-05, -0.00016176081582589674,
            0.00051228595616857576, -0.0015135724506312532, 0.0041564229443128882, -0.010564084894626197,
            0.024726449030626516, -0.052945981208094989, 0.10264365868984709, -0.17641651835783406,
            0.25258718644363365)
_I1E_B64 = (7.5172963108421052e-18, 4.4143483230717077e-18, -4.6503053684893586e-17, -3.2095259219934238e-17,
            2.96262899764595e-16, 3.3082023109209285e-16, -1.8803547755107825e-15, -3.8144030724370075e-15,
            1.0420276984128802e-14, 4.272440016711951e-14, -2.1015418427726643e-14, -4.0835511110921974e-13,
            -7.1985517762459084e-13, 2.0356285441470896e-12, 1.4125807436613782e-11, 3.2526035830154884e-11,
            -1.8974958123505413e-11, -5.5897434621965838e-10, -3.835380385964237e-09, -2.6314688468895196e-08,
            -2.5122362378702088e-07, -3.8825648088776906e-06, -0.00011058893876262371, -0.0097610974913614687,
            0.77857623501828011)


def _chbevl(e: _Expr, t: Value, coeffs) -> Value:
    """Cephes' chbevl: the Chebyshev series sum by Clenshaw's recurrence, 0.5 * (b0 - b2)."""
    b0, b1, b2 = e.const(0.0), e.const(0.0), e.const(0.0)
    for c in coeffs:
        b2, b1 = b1, b0
        b0 = e.op("add", e.op("subtract", e.op("multiply", t, b1), b2), e.const(c))
    return e.op("multiply", e.const(0.5), e.op("subtract", b0, b2))


@lowering("chlo.bessel_i1e")
def _bessel_i1e(a: Args):
    return _in_f32(a, _bessel_i1e_of, a.operands[0])


def _bessel_i1e_of(a: Args, x: Value) -> Value:
    e = _Expr(a, x.shape)
    coeffs_a, coeffs_b = (_I1E_A64, _I1E_B64) if x.shape.etype == "f64" else (_I1E_A32, _I1E_B32)
    z = e.op("abs", x)
    near = e.op("multiply", z, _chbevl(e, e.op("subtract", e.op("multiply", z, e.const(0.5)), e.const(2.0)), coeffs_a))
    far_t = e.op("subtract", e.op("divide", e.const(32.0), z), e.const(2.0))
    far = e.op("divide", _chbevl(e, far_t, coeffs_b), e.op("sqrt", z))
    small = e.op("compare", z, e.const(8.0), attrs="direction=LE", etype="pred")
    return e.op("multiply", e.op("sign", x), e.op("select", small, near, far))


# The Euler-Maclaurin coefficients of XLA's Zeta (Cephes' zeta.c), the last term's first: B_2k / (2k)!
# as 1 / A[k], applied by Horner's rule.
_ZETA_A = (12.0, -720.0, 30240.0, -1209600.0, 47900160.0, -1.8924375803183791606e9, 7.47242496e10,
           -2.950130727918164224e12, 1.1646782814350067249e14, -4.5979787224074726105e15,
           1.8152105401943546773e17, -7.1661652561756670113e18)


@lowering("chlo.zeta")
def _zeta(a: Args):
    """XLA's Zeta: the Hurwitz zeta function zeta(x, q) = sum_k (q + k)^-x, ten terms summed and
    the rest by Euler-Maclaurin (12 terms); inf at x = 1 and at the poles, NaN where undefined."""
    return _in_f32(a, _zeta_of, *a.operands)


def _zeta_of(a: Args, x: Value, q: Value) -> Value:
    e = _Expr(a, x.shape)
    one, zero = e.const(1.0), e.const(0.0)
    minus_x = e.op("negate", x)
    total = e.op("power", q, minus_x)
    k = q
    for _ in range(9):
        k = e.op("add", k, one)
        total = e.op("add", total, e.op("power", k, minus_x))
    k = e.op("add", k, one)
    neg_power = e.op("power", k, minus_x)
    s = e.op("add", total, e.op("divide", e.op("multiply", neg_power, k), e.op("subtract", x, one)))
    inv_sq = e.op("divide", one, e.op("multiply", k, k))
    h = e.op("multiply", inv_sq, e.const(1.0 / _ZETA_A[-1]))
    for i in range(10, -1, -1):  # factors (x + 2i + 2)(x + 2i + 1), i = 10 .. 0
        factor = e.op("multiply", e.op("add", x, e.const(2.0 * i + 2)), e.op("add", x, e.const(2.0 * i + 1)))
        h = e.op("add", e.op("multiply", factor, h), e.const(1.0 / _ZETA_A[i]))
        if i:
            h = e.op("multiply", inv_sq, h)
    horner = e.op("add", e.op("multiply", e.op("divide", x, k), h), e.const(0.5))
    s = e.op("add", s, e.op("multiply", neg_power, horner))
    tiny = float(np.finfo(np.float64 if x.shape.etype == "f64" else np.float32).smallest_subnormal)
    converged = e.lt(e.op("abs", neg_power), e.op("multiply", e.op("abs", total), e.const(tiny)))
    result = e.op("select", converged, total, s)
    nan = e.const(np.nan)
    result = e.op("select", e.lt(x, one), nan, result)
    q_nonpositive = e.op("compare", q, zero, attrs="direction=LE", etype="pred")
    x_integer = e.op("compare", x, e.op("floor", x), attrs="direction=EQ", etype="pred")
    result = e.op("select", e.op("and", q_nonpositive, e.op("not", x_integer, etype="pred"), etype="pred"), nan,
                  result)
    q_pole = e.op("and", q_nonpositive, e.op("compare", q, e.op("floor", q), attrs="direction=EQ", etype="pred"),
                  etype="pred")
    x_even = e.op("and", x_integer, e.op("compare", e.op("remainder", x, e.const(2.0)), zero, attrs="direction=EQ",
                                         etype="pred"), etype="pred")
    result = e.op("select", q_pole, e.op("select", x_even, e.const(np.inf), nan), result)
    at_one = e.op("compare", x, one, attrs="direction=EQ", etype="pred")
    return e.op("select", at_one, e.const(np.inf), result)


def _lgamma_of(e: _Expr, y: Value) -> Value:
    """XLA's Lgamma: the Lanczos approximation (digamma's coefficients), Euler's reflection below 1/2."""
    one, half = e.const(1.0), e.const(0.5)
    reflect = e.lt(y, half)
    z = e.op("select", reflect, e.op("negate", y), e.op("subtract", y, one))
    s = e.const(_LANCZOS_BASE)
    for i, c in enumerate(_LANCZOS):
        s = e.op("add", s, e.op("divide", e.const(c), e.op("add", z, e.const(float(i + 1)))))
    g_half = _LANCZOS_GAMMA + 0.5
    t = e.op("add", z, e.const(g_half))
    log_t = e.op("add", e.op("log-plus-one", e.op("divide", z, e.const(g_half))), e.const(float(np.log(g_half))))
    log_y = e.op("multiply", e.op("subtract", e.op("add", z, half), e.op("divide", t, log_t)), log_t)
    log_y = e.op("add", e.op("add", log_y, e.const(float(0.5 * np.log(2 * np.pi)))), e.op("log", s))
    abs_y = e.op("abs", y)
    frac = e.op("subtract", abs_y, e.op("floor", abs_y))
    reduced = e.op("select", e.lt(half, frac), e.op("subtract", one, frac), frac)
    denom = e.op("log", e.op("sine", e.op("multiply", reduced, e.const(np.pi))))
    reflection = e.op("select", e.op("is-finite", denom, etype="pred"),
                      e.op("subtract", e.op("subtract", e.const(float(np.log(np.pi))), denom), log_y),
                      e.op("negate", denom))
    result = e.op("select", reflect, reflection, log_y)
    return e.op("select", e.op("compare", abs_y, e.const(np.inf), attrs="direction=EQ", etype="pred"),
                e.const(np.inf), result)


@lowering("chlo.polygamma")
def _polygamma(a: Args):
    """XLA's Polygamma: digamma for n = 0, else (-1)^(n+1) n! zeta(n + 1, x) with n! = exp(lgamma(n + 1));
    NaN unless n is a non-negative integer."""
    return _in_f32(a, _polygamma_of, *a.operands)


def _polygamma_of(a: Args, n: Value, x: Value) -> Value:
    e = _Expr(a, x.shape)
    one, zero, two = e.const(1.0), e.const(0.0), e.const(2.0)
    sign = e.op("subtract", e.op("multiply", e.op("remainder", n, two), two), one)
    n1 = e.op("add", n, one)
    higher = e.op("multiply", e.op("multiply", sign, e.op("exponential", _lgamma_of(e, n1))), _zeta_of(a, n1, x))
    dg = _digamma_of(a, x)
    dg = e.op("select", e.op("compare", x, zero, attrs="direction=EQ", etype="pred"), e.const(-np.inf), dg)
    result = e.op("select", e.op("compare", n, zero, attrs="direction=EQ", etype="pred"), dg, higher)
    bad_n = e.op("or", e.op("compare", n, e.op("floor", n), attrs="direction=NE", etype="pred"), e.lt(n, zero),
                 etype="pred")
    return e.op("select", bad_n, e.const(np.nan), result)
