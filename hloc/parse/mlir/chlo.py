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
    if et != "f32":  # f16 / bf16: computed in f32, as XLA does
        wide = Shape("f32", x.shape.dims, dynamic=x.shape.dynamic)
        y = _erf_inv_f32(a, a.emit("convert", [x], shape=wide))
        return a.emit("convert", [y], shape=x.shape)
    return _erf_inv_f32(a, x)


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
