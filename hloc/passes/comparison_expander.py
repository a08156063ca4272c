"""comparison-expander: total-order float compares as integer compares (XLA's ComparisonExpander).

    compare(a, b), direction=D, type=TOTALORDER (or order=TOTAL)  =>  compare(key(a), key(b)), direction=D
    key(x) = let i = bitcast-convert(x) to the signed integer of its width in
             i < 0 ? (max_int ^ i) : i            (types with -0: -NaN < -inf < ... < -0 < +0 < ... < NaN)
             i < 0 ? (min_int - i, NaN -> min_int) : i   (fnuz types: no -0, the NaN pattern is min_int)

so -0 orders before +0 and NaNs sort to the ends, as the backend's and XLA's sorts expect.
f8e8m0fnu (no sign bit) compares its bits as u8.
"""

from __future__ import annotations

from ..ir.module import Instruction, Module
from ..ir.types import ELEMENT_TYPES, Shape
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import replace_instruction

NO_NEGATIVE_ZERO = frozenset({"f8e4m3fnuz", "f8e5m2fnuz", "f8e4m3b11fnuz", "f8e8m0fnu"})
SIGNED_OF_BITS = {4: "s4", 8: "s8", 16: "s16", 32: "s32", 64: "s64"}


def is_total_order(instr: Instruction) -> bool:
    return instr.attrs.get("type") == "TOTALORDER" or instr.attrs.get("order") == "TOTAL"


def _key(b: Builder, x: Instruction) -> Instruction:
    et = x.shape.element_type
    signed = SIGNED_OF_BITS[et.bits]
    shape = Shape(signed, x.shape.dims)
    bits = ELEMENT_TYPES[signed].bits
    i = b.bitcast_convert(x, signed)
    negative = b.compare(i, b.full(0, shape), "LT")
    if et.name in NO_NEGATIVE_ZERO:
        lo = b.full(-(1 << (bits - 1)), shape)
        flipped = b.sub(lo, i)
        flipped = b.select(b.compare(i, lo, "EQ"), lo, flipped)  # the NaN pattern stays the smallest
    else:
        flipped = b.xor(b.full((1 << (bits - 1)) - 1, shape), i)
    return b.select(negative, flipped, i)


@register_pass
class ComparisonExpander(Pass):
    name = "comparison-expander"
    summary = "rewrite total-order float compares (type=TOTALORDER) as compares of integer keys"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            for cmp in [i for i in comp.instructions if i.opcode == "compare" and is_total_order(i)]:
                a, c = cmp.operands
                et = a.shape.element_type
                if et.kind != "float" or (et.bits not in SIGNED_OF_BITS and et.name != "f8e8m0fnu"):
                    continue
                b = Builder(comp)
                if et.name == "f8e8m0fnu":
                    ka, kc = b.bitcast_convert(a, "u8"), b.bitcast_convert(c, "u8")
                else:
                    ka, kc = _key(b, a), _key(b, c)
                # compare(a, b), TOTALORDER => compare(key(a), key(b))
                new = b.compare(ka, kc, cmp.attrs["direction"])
                name = cmp.name
                replace_instruction(cmp, new)
                comp.rename(new, name)
                changed = True
        return changed
