"""CHLO ops that are not HLO opcodes, expanded into HLO as XLA's CHLO legalization does."""

from __future__ import annotations

import numpy as np

from ...ir.types import Shape
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


@lowering("chlo.erf_inv")
def _erf_inv(a: Args):
    x = a.operands[0]
    et = x.shape.etype
    if et == "f64":
        raise a.error("chlo.erf_inv on f64 is not supported yet (f32, f16 and bf16 are)")
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
