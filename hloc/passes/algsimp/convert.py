"""Conversions: convert, bitcast-convert, reduce-precision, real, imag, complex."""

from __future__ import annotations

from ...ir.types import ELEMENT_TYPES, finfo
from .core import etype_kind, rule

# Float types whose values (zeros of both signs, infinities, NaN) map one to one into wider types.
_IEEE_LIKE = frozenset({"f16", "bf16", "f32", "f64", "f8e5m2", "f8e4m3", "f8e4m3fn", "f8e3m4"})
_MANTISSA_BITS = {"f16": 10, "bf16": 7, "f32": 23, "f64": 52}
_EXPONENT_BITS = {"f16": 5, "bf16": 8, "f32": 8, "f64": 11}


def _finfo(etype: str):
    return finfo(etype)


def _has_inf(etype: str) -> bool:
    return etype not in ("f8e4m3fn",)


def preserves_values(src: str, dst: str) -> bool:
    """Converting `src` to `dst` keeps every value exactly (XLA's CastPreservesValues)."""
    if src == dst:
        return True
    a, b = ELEMENT_TYPES[src], ELEMENT_TYPES[dst]
    if a.kind == "pred":
        return b.kind != "token"
    if a.kind in ("sint", "uint") and b.kind in ("sint", "uint"):
        if a.kind == b.kind:
            return b.bits >= a.bits
        return a.kind == "uint" and b.bits > a.bits
    if a.kind in ("sint", "uint") and b.kind in ("float", "complex"):
        comp = {"c64": "f32", "c128": "f64"}.get(dst, dst)
        if comp not in _IEEE_LIKE:
            return False
        value_bits = a.bits - (1 if a.kind == "sint" else 0)
        fi = _finfo(comp)
        return value_bits <= fi.nmant + 1 and 2.0 ** value_bits <= float(fi.max)
    if a.kind == "float" and b.kind in ("float", "complex"):
        comp = {"c64": "f32", "c128": "f64"}.get(dst, dst)
        if src not in _IEEE_LIKE or comp not in _IEEE_LIKE or (_has_inf(src) and not _has_inf(comp)):
            return False
        fa, fb = _finfo(src), _finfo(comp)
        return (fb.nmant >= fa.nmant and float(fb.max) >= float(fa.max) and fb.minexp <= fa.minexp
                and float(fb.smallest_subnormal) <= float(fa.smallest_subnormal))
    if a.kind == "complex" and b.kind == "complex":
        return b.bits >= a.bits
    return False


@rule("convert")
def convert_same_type(x, s):
    # convert(A) to A's own type => A
    a = x.operands[0]
    if a.shape == x.shape:
        return a


@rule("convert")
def convert_of_lossless_convert(x, s):
    # convert(convert(A, T1), T2) => convert(A, T2) (or A when T2 is A's type) if A -> T1 is lossless
    inner = x.operands[0]
    if inner.opcode != "convert":
        return None
    a = inner.operands[0]
    if not preserves_values(a.shape.etype, inner.shape.etype):
        return None
    if a.shape == x.shape:
        return a
    return s.add("convert", x.shape, [a])


@rule("bitcast-convert")
def bitcast_convert_same_type(x, s):
    # bitcast-convert(A) to A's own type => A; bitcast-convert(bitcast-convert(A)) => bitcast-convert(A)
    a = x.operands[0]
    if a.shape == x.shape:
        return a
    if a.opcode == "bitcast-convert":
        inner = a.operands[0]
        if inner.shape.dims == a.shape.dims == x.shape.dims:  # equal bit widths all the way
            if inner.shape == x.shape:
                return inner
            return s.add("bitcast-convert", x.shape, [inner])
    return None


@rule("reduce-precision")
def reduce_precision_noop(x, s):
    # reduce-precision(A) to at least A's own exponent and mantissa bits => A
    a = x.operands[0]
    et = x.shape.etype
    if et not in _MANTISSA_BITS or a.shape != x.shape:
        return None
    if x.attrs.get("exponent_bits", 0) >= _EXPONENT_BITS[et] and x.attrs.get("mantissa_bits", 0) >= _MANTISSA_BITS[et]:
        return a
    return None


@rule("real")
def real_rules(x, s):
    # real(complex(A, B)) => A; real(A) => A for real A
    a = x.operands[0]
    if a.opcode == "complex" and a.operands[0].shape == x.shape:
        return a.operands[0]
    if etype_kind(a) != "complex" and a.shape == x.shape:
        return a


@rule("imag")
def imag_rules(x, s):
    # imag(complex(A, B)) => B; imag(A) => 0 for real A
    a = x.operands[0]
    if a.opcode == "complex" and a.operands[1].shape == x.shape:
        return a.operands[1]
    if etype_kind(a) != "complex":
        return s.scalar_like(x.shape, 0)


@rule("complex")
def complex_of_parts(x, s):
    # complex(real(C), imag(C)) => C
    a, b = x.operands
    if a.opcode == "real" and b.opcode == "imag" and a.operands[0] is b.operands[0] and a.operands[0].shape == x.shape:
        return a.operands[0]
