"""stochastic-convert-decomposer: stochastic-convert(x, random) to a signed integer as plain HLO
(XLA's StochasticConvertDecomposer):

    t = floor(|x|); f = |x| - t (in f32 for f16)
    r = convert(t) + (random < convert(f * 2^bits(random)) ? 1 : 0)      round up with probability f
    r = x < 0 ? -r : r ; x <= min => min ; x >= max => max

Conversions to floating-point types are left alone (XLA does not decompose them either).
"""

from __future__ import annotations

from ..ir.module import Module
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import post_order_of, replace_instruction


@register_pass
class StochasticConvertDecomposer(Pass):
    name = "stochastic-convert-decomposer"
    summary = "expand stochastic-convert to a signed integer into floor/compare/select HLO"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            if comp.is_fusion:
                continue
            for sc in post_order_of(comp, ("stochastic-convert",)):
                x, random = sc.operands
                to = sc.shape.element_type
                if to.kind != "sint" or x.shape.element_type.kind != "float":
                    continue
                b = Builder(comp)
                sign = b.unary("sign", x)
                negative = b.compare(sign, b.full(0, sign.shape), "LT")
                magnitude = b.unary("abs", x)
                whole = b.unary("floor", magnitude)
                frac = b.sub(magnitude, whole)
                if x.shape.etype == "f16":
                    frac = b.convert(frac, "f32")  # 2^16 does not fit f16
                bits = random.shape.element_type.bits
                fixed = b.mul(frac, b.full(float(2 ** bits), frac.shape))
                up = b.compare(random, b.convert(fixed, random.shape.etype), "LT")
                r = b.convert(whole, to.name)
                r = b.select(up, b.add_(r, b.full(1, r.shape)), r)
                r = b.select(negative, b.neg(r), r)
                lo, hi = -(1 << (to.bits - 1)), (1 << (to.bits - 1)) - 1
                r = b.select(b.compare(x, b.full(float(lo), x.shape), "LE"), b.full(lo, r.shape), r)
                r = b.select(b.compare(x, b.full(float(hi), x.shape), "GE"), b.full(hi, r.shape), r)
                name = sc.name
                replace_instruction(sc, r)
                comp.rename(r, name)
                changed = True
        return changed


