"""Result shapes from operand shapes and attributes: XLA's ShapeInference (xla/service/shape_inference.cc)
and the shape rules of its HloVerifier (xla/service/hlo_verifier.cc), for every opcode.

    infer_shape(opcode, operand_shapes, attrs, result=None) -> Shape

`INFERABLE` are the opcodes XLA's parser can infer when the result shape is not written
(hlo_parser.cc, CanInferShape); for them `result` is only consulted where XLA reads the written
shape too (the preferred element type of dot and convolution). Every other opcode needs `result`,
the written shape: the rule then returns the shape XLA's verifier expects for it (for `convert`,
the operand's dimensions with the written element type; for `reshape`, the written shape once the
element counts agree; for `parameter`, `result` itself). Called computations are read from `attrs`
(`to_apply`, `condition`, ...), so reducers, comparators and branches are checked here too.

Results carry default layouts. `ShapeError` says what is inconsistent. Shapes compare with
`compatible` (XLA's ShapeUtil::Compatible: equal ignoring layouts and dynamic-dimension flags).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence

from .attrs import ConvDimLabels, Window
from .opcodes import BINARY_ARITH, BINARY_LOGIC, OPCODES
from .types import ELEMENT_TYPES, UNBOUNDED, Shape, finfo


class ShapeError(Exception):
    """Operand shapes or attributes that no valid result shape fits."""


# Opcodes whose result shape XLA's parser infers when it is not written (hlo_parser.cc, CanInferShape).
INFERABLE = frozenset({
    "abs", "acos", "acosh", "asin", "asinh", "add", "add-dependency", "after-all", "atan2", "atanh",
    "batch-norm-grad", "batch-norm-inference", "batch-norm-training", "broadcast", "call", "ceil",
    "cholesky", "clamp", "count-leading-zeros", "compare", "complex", "concatenate", "conditional",
    "convolution", "copy", "cosine", "cosh", "opt-barrier", "divide", "domain", "dot", "erf", "exponential",
    "exponential-minus-one", "fft", "floor", "gather", "get-dimension-size", "set-dimension-size",
    "get-tuple-element", "imag", "is-finite", "log", "log-plus-one", "logistic", "and", "not", "or", "xor",
    "map", "maximum", "minimum", "multiply", "mulhi", "negate", "pad", "partition-id", "popcnt", "power",
    "ragged-dot", "real", "reduce", "remainder", "replica-id", "reverse", "round-nearest-afz",
    "round-nearest-even", "rsqrt", "scan", "scaled-dot", "scatter", "select", "shift-left",
    "shift-right-arithmetic", "shift-right-logical", "sign", "sine", "sinh", "sqrt", "cbrt", "reduce-window",
    "select-and-scatter", "sort", "subtract", "tan", "tanh", "transpose", "triangular-solve", "tuple",
    "while", "topk",
})
# XLA's parser requires these to be written with their result shape.
SHAPE_REQUIRED = OPCODES - INFERABLE

_Rule = Callable[[Sequence[Shape], dict, "Shape | None"], Shape]
_RULES: dict[str, _Rule] = {}


def infer_shape(opcode: str, operands: Sequence[Shape], attrs: dict, result: Shape | None = None) -> Shape:
    """The shape of `opcode` applied to `operands` (see the module docstring for `result`)."""
    rule = _RULES.get(opcode)
    if rule is None:  # pragma: no cover - every opcode has a rule (tests/ir/test_shape_inference.py)
        raise ShapeError(f"no shape rule for '{opcode}'")
    if result is None and opcode in SHAPE_REQUIRED:
        raise ShapeError(f"the result shape of '{opcode}' cannot be inferred; it must be written")
    return rule(operands, attrs, result)


def rule(*opcodes: str):
    def register(fn: _Rule) -> _Rule:
        for op in opcodes:
            _RULES[op] = fn
        return fn

    return register


def has_rule(opcode: str) -> bool:
    return opcode in _RULES


def shape_rule(opcode: str) -> _Rule:
    """The rule behind infer_shape for `opcode`: `rule(operand_shapes, attrs, result)` (result required
    for SHAPE_REQUIRED opcodes). The verifier calls rules directly."""
    return _RULES[opcode]


# ------------------------------------------------------------------------------------ shape predicates


def compatible(a: Shape, b: Shape) -> bool:
    """XLA's ShapeUtil::Compatible: equal, ignoring layouts and which dimensions are dynamic."""
    if a is b:
        return True
    if a.etype == "tuple" or b.etype == "tuple":
        return (a.etype == b.etype and len(a.tuple_shapes) == len(b.tuple_shapes)
                and all(compatible(x, y) for x, y in zip(a.tuple_shapes, b.tuple_shapes)))
    return a.etype == b.etype and a.dims == b.dims


def compatible_ignoring_fp(a: Shape, b: Shape) -> bool:
    """ShapeUtil::CompatibleIgnoringFpPrecision: floating-point types of any width match each other."""
    if a is b:
        return True
    if a.etype == "tuple" or b.etype == "tuple":
        return (a.etype == b.etype and len(a.tuple_shapes) == len(b.tuple_shapes)
                and all(compatible_ignoring_fp(x, y) for x, y in zip(a.tuple_shapes, b.tuple_shapes)))
    return a.dims == b.dims and same_type_ignoring_fp(a.etype, b.etype)


def compatible_ignoring_etype(a: Shape, b: Shape) -> bool:
    if a.etype == "tuple" or b.etype == "tuple":
        return (a.etype == b.etype and len(a.tuple_shapes) == len(b.tuple_shapes)
                and all(compatible_ignoring_etype(x, y) for x, y in zip(a.tuple_shapes, b.tuple_shapes)))
    return a.dims == b.dims and (a.etype in _NON_ARRAY) == (b.etype in _NON_ARRAY)


_NON_ARRAY = frozenset({"tuple", "token", "opaque"})
_KIND = {name: t.kind for name, t in ELEMENT_TYPES.items()}


def is_float(etype: str) -> bool:
    return _KIND.get(etype) == "float"


def is_complex(etype: str) -> bool:
    return _KIND.get(etype) == "complex"


def is_integral(etype: str) -> bool:
    return _KIND.get(etype) in ("sint", "uint")


def is_signed(etype: str) -> bool:
    return _KIND.get(etype) in ("sint", "float", "complex")


def is_array(s: Shape) -> bool:
    return s.etype not in _NON_ARRAY


def same_type_ignoring_fp(a: str, b: str) -> bool:
    return a == b or (_KIND.get(a) == "float" and _KIND.get(b) == "float")


def _precision_key(etype: str) -> tuple:
    """primitive_util::HigherPrecisionType's ordering (complex, exponent range, significand, width, signed)."""
    comp = {"c64": "f32", "c128": "f64"}.get(etype, etype)
    t = ELEMENT_TYPES[comp]
    if t.kind == "float":
        info = finfo(comp)
        return (etype != comp, int(info.maxexp), int(info.nmant) + 1, t.bits, False)
    return (etype != comp, -1, -1, t.bits, t.kind == "sint")


def higher_precision(a: str, b: str) -> str:
    if a == b:
        return a
    return a if _precision_key(a) >= _precision_key(b) else b


def _array(s: Shape, what: str) -> Shape:
    if s.etype in _NON_ARRAY:
        raise ShapeError(f"expected an array for {what}, got {s.to_str(False)}")
    return s


def _shape(etype: str, dims, dynamic=None) -> Shape:
    dims = tuple(dims)
    return Shape(etype, dims, None, tuple(dynamic) if dynamic is not None else None)


def _with_etype(s: Shape, etype: str) -> Shape:
    return s if s.etype == etype else Shape(etype, s.dims, None, s.dynamic)


def _is_dynamic(s: Shape, i: int) -> bool:
    return s.dynamic is not None and s.dynamic[i]


def _count(ops: Sequence[Shape], n: int, what: str) -> None:
    if len(ops) != n:
        raise ShapeError(f"{what} takes {n} operand{'s' if n != 1 else ''}, got {len(ops)}")


def _dims_in_range(dims: Sequence[int], rank: int, what: str, unique: bool = True) -> None:
    for d in dims:
        if not 0 <= d < rank:
            raise ShapeError(f"{what}: dimension {d} is out of range for rank {rank}")
    if unique and len(set(dims)) != len(dims):
        raise ShapeError(f"{what}: dimensions {list(dims)} repeat")


def _s(shape: Shape) -> str:
    return shape.to_str(False)


def _program_shape(comp, what: str) -> tuple[list[Shape], Shape]:
    """(parameter shapes, result shape) of a called computation."""
    if comp is None or getattr(comp, "root", None) is None:
        raise ShapeError(f"{what} computation is missing")
    return comp.parameter_shapes, comp.root.shape


def _elements(s: Shape) -> int:
    return math.prod(s.dims)


# ------------------------------------------------------------------------------------ elementwise

_FLOAT_ONLY = frozenset({"floor", "cbrt", "ceil", "erf", "round-nearest-afz", "round-nearest-even"})
_FLOAT_OR_COMPLEX = frozenset({
    "asin", "asinh", "acos", "acosh", "atanh", "cosh", "cosine", "sinh", "sine", "exponential",
    "exponential-minus-one", "log", "log-plus-one", "logistic", "rsqrt", "sqrt", "tan", "tanh",
})


def _unary_rule(opcode: str):
    def infer(ops, attrs, result):
        _count(ops, 1, opcode)
        x = _array(ops[0], f"the operand of {opcode}")
        et = x.etype
        if opcode in _FLOAT_ONLY:
            ok = is_float(et)
            need = "floating-point"
        elif opcode in _FLOAT_OR_COMPLEX:
            ok = is_float(et) or is_complex(et)
            need = "floating-point or complex"
        elif opcode in ("real", "imag"):
            if is_complex(et):
                return _with_etype(x, "f32" if et == "c64" else "f64")
            ok, need = is_float(et), "floating-point or complex"
        elif opcode == "abs":
            if is_complex(et):
                return _with_etype(x, "f32" if et == "c64" else "f64")
            ok, need = is_signed(et), "signed or complex"
        elif opcode in ("count-leading-zeros", "popcnt"):
            ok, need = is_integral(et), "integral"
        elif opcode == "negate":
            ok, need = is_integral(et) or is_float(et) or is_complex(et), "integral, floating-point or complex"
        elif opcode == "sign":
            ok, need = is_signed(et) or is_complex(et), "signed or complex"
        elif opcode == "not":
            ok, need = et == "pred" or is_integral(et), "pred or integral"
        elif opcode == "is-finite":
            if not is_float(et):
                raise ShapeError(f"is-finite expects a floating-point operand, got {et}")
            return _with_etype(x, "pred")
        else:  # pragma: no cover
            raise ShapeError(f"no unary rule for {opcode}")
        if not ok:
            raise ShapeError(f"{opcode} expects a {need} operand, got {et}")
        return x

    return infer


for _op in sorted(_FLOAT_ONLY | _FLOAT_OR_COMPLEX | {"real", "imag", "abs", "count-leading-zeros", "popcnt",
                                                     "negate", "sign", "not", "is-finite"}):
    _RULES[_op] = _unary_rule(_op)


@rule("copy", "domain")
def _copy(ops, attrs, result):
    _count(ops, 1, "this op")
    return ops[0]


@rule("opt-barrier")
def _opt_barrier(ops, attrs, result):
    _count(ops, 1, "opt-barrier")
    return ops[0]


def _elementwise(opcode: str, a: Shape, b: Shape) -> Shape:
    """Two operands of one elementwise op: same dimensions (HLO never broadcasts implicitly)."""
    _array(a, f"the lhs of {opcode}")
    _array(b, f"the rhs of {opcode}")
    if not same_type_ignoring_fp(a.etype, b.etype):
        raise ShapeError(f"{opcode} operands have different element types: {_s(a)} and {_s(b)}")
    if a.dims != b.dims:
        raise ShapeError(f"{opcode} operands have different shapes: {_s(a)} and {_s(b)} (HLO does not "
                         "broadcast implicitly)")
    if a.etype == b.etype and a.dynamic == b.dynamic:
        return a
    dyn = None
    if a.dynamic or b.dynamic:
        dyn = tuple(_is_dynamic(a, i) or _is_dynamic(b, i) for i in range(a.rank))
    return _shape(higher_precision(a.etype, b.etype), a.dims, dyn)


_NO_PRED = frozenset({"subtract", "atan2", "power", "divide", "remainder", "shift-left", "shift-right-arithmetic",
                      "shift-right-logical"})


def _binary_rule(opcode: str):
    def infer(ops, attrs, result):
        _count(ops, 2, opcode)
        a, b = ops
        if opcode in _NO_PRED and (a.etype == "pred" or b.etype == "pred"):
            raise ShapeError(f"{opcode} expects arithmetic operands, got pred")
        if opcode == "atan2" and not (is_float(a.etype) or is_complex(a.etype)):
            raise ShapeError(f"atan2 expects floating-point or complex operands, got {a.etype}")
        if opcode in ("and", "or", "xor") and not (a.etype == "pred" or is_integral(a.etype)):
            raise ShapeError(f"{opcode} expects pred or integral operands, got {a.etype}")
        if opcode == "complex":
            if not is_float(a.etype):
                raise ShapeError(f"complex expects floating-point operands, got {a.etype}")
            out = _elementwise(opcode, a, b)
            if a.etype == b.etype == "f32":
                return _with_etype(out, "c64")
            if a.etype == b.etype == "f64":
                return _with_etype(out, "c128")
            raise ShapeError(f"complex expects two f32 or two f64 operands, got {a.etype} and {b.etype}")
        return _elementwise(opcode, a, b)

    return infer


for _op in sorted(BINARY_ARITH | BINARY_LOGIC):
    _RULES[_op] = _binary_rule(_op)


@rule("compare")
def _compare(ops, attrs, result):
    _count(ops, 2, "compare")
    return _with_etype(_elementwise("compare", ops[0], ops[1]), "pred")


@rule("select")
def _select(ops, attrs, result):
    _count(ops, 3, "select")
    p, t, f = (_array(s, "select") for s in ops)
    if not compatible_ignoring_fp(t, f):
        raise ShapeError(f"select branches must have the same shape, got {_s(t)} and {_s(f)}")
    if p.etype != "pred":
        raise ShapeError(f"select's predicate must be pred, got {_s(p)}")
    if p.dims and p.dims != t.dims:
        raise ShapeError(f"select's predicate {_s(p)} does not match its branches {_s(t)}")
    return t if t.etype == f.etype else _with_etype(t, higher_precision(t.etype, f.etype))


@rule("clamp")
def _clamp(ops, attrs, result):
    _count(ops, 3, "clamp")
    lo, x, hi = (_array(s, "clamp") for s in ops)
    if not (same_type_ignoring_fp(lo.etype, x.etype) and same_type_ignoring_fp(hi.etype, x.etype)):
        raise ShapeError(f"clamp with incompatible element types: {_s(lo)}, {_s(x)}, {_s(hi)}")
    for b in (lo, hi):
        if b.dims and b.dims != x.dims:
            raise ShapeError(f"clamp bound {_s(b)} must be a scalar or match the operand {_s(x)}")
    return x


@rule("convert")
def _convert(ops, attrs, result):
    _count(ops, 1, "convert")
    x = _array(ops[0], "the operand of convert")
    if not is_array(result):
        raise ShapeError(f"convert cannot produce {_s(result)}")
    return _with_etype(x, result.etype)


@rule("bitcast-convert")
def _bitcast_convert(ops, attrs, result):
    _count(ops, 1, "bitcast-convert")
    x = _array(ops[0], "the operand of bitcast-convert")
    if not is_array(result):
        raise ShapeError(f"bitcast-convert cannot produce {_s(result)}")
    old, new = x.etype, result.etype
    if is_complex(old) != is_complex(new):
        raise ShapeError(f"bitcast-convert between complex and real types: {old} => {new}")
    ib, ob = _storage_bits(old), _storage_bits(new)
    if max(ib, ob) % min(ib, ob):
        raise ShapeError(f"bitcast-convert between types of indivisible bit widths: {old} => {new}")
    ratio = max(ib, ob) // min(ib, ob)
    if ib > ob:
        return _shape(new, x.dims + (ratio,))
    if ib < ob:
        if not x.dims or x.dims[-1] != ratio:
            raise ShapeError(f"bitcast-convert from {old} to {new} needs a last dimension of size {ratio}, "
                             f"got {_s(x)}")
        return _shape(new, x.dims[:-1])
    return _with_etype(x, new)


def _storage_bits(etype: str) -> int:
    t = ELEMENT_TYPES[etype]
    return 8 if t.kind == "pred" else t.bits


@rule("stochastic-convert")
def _stochastic_convert(ops, attrs, result):
    _count(ops, 2, "stochastic-convert")
    x, r = _array(ops[0], "stochastic-convert"), _array(ops[1], "stochastic-convert")
    if _KIND[r.etype] != "uint":
        raise ShapeError(f"stochastic-convert's random bits must be unsigned integers, got {r.etype}")
    if not is_float(x.etype):
        raise ShapeError(f"stochastic-convert converts floating-point operands, got {x.etype}")
    if ELEMENT_TYPES[x.etype].bits != ELEMENT_TYPES[r.etype].bits:
        raise ShapeError(f"stochastic-convert's random bits ({r.etype}) must be as wide as the operand ({x.etype})")
    if x.dims != r.dims:
        raise ShapeError(f"stochastic-convert operand {_s(x)} and random bits {_s(r)} differ in shape")
    return _with_etype(x, result.etype)


@rule("reduce-precision")
def _reduce_precision(ops, attrs, result):
    _count(ops, 1, "reduce-precision")
    x = _array(ops[0], "reduce-precision")
    if not is_float(x.etype):
        raise ShapeError(f"reduce-precision expects a floating-point operand, got {x.etype}")
    if attrs.get("exponent_bits", 1) < 1:
        raise ShapeError(f"reduce-precision needs exponent_bits >= 1, got {attrs['exponent_bits']}")
    if attrs.get("mantissa_bits", 0) < 0:
        raise ShapeError(f"reduce-precision needs mantissa_bits >= 0, got {attrs['mantissa_bits']}")
    return x


# ------------------------------------------------------------------------------- data movement


@rule("broadcast")
def _broadcast(ops, attrs, result):
    _count(ops, 1, "broadcast")
    x = _array(ops[0], "the operand of broadcast")
    dims = tuple(attrs.get("dimensions", ()))
    if result is None:
        # XLA's parser, without a written shape, reads `dimensions` as sizes put before the operand's.
        if any(d < 0 for d in dims):
            raise ShapeError(f"broadcast sizes must be >= 0, got {list(dims)}")
        return _shape(x.etype, dims + x.dims, (False,) * len(dims) + x.dynamic if x.dynamic else None)
    out = _array(result, "the result of broadcast")
    if out.etype != x.etype:
        raise ShapeError(f"broadcast cannot change the element type ({x.etype} to {out.etype})")
    if len(dims) != x.rank:
        raise ShapeError(f"broadcast needs one entry in dimensions={{...}} per operand dimension: the operand "
                         f"{_s(x)} has rank {x.rank}, dimensions has {len(dims)}")
    for i, d in enumerate(dims):
        if not 0 <= d < out.rank:
            raise ShapeError(f"broadcast dimension {d} is out of range for the result {_s(out)}")
        if out.dims[d] != x.dims[i]:
            raise ShapeError(f"broadcast maps operand dimension {i} (size {x.dims[i]}) to result dimension {d} "
                             f"(size {out.dims[d]})")
    return out


@rule("reshape")
def _reshape(ops, attrs, result):
    _count(ops, 1, "reshape")
    x = _array(ops[0], "the operand of reshape")
    out = _array(result, "the result of reshape")
    if out.etype != x.etype:
        raise ShapeError(f"reshape cannot change the element type ({x.etype} to {out.etype})")
    if UNBOUNDED not in x.dims and UNBOUNDED not in out.dims and _elements(x) != _elements(out):
        raise ShapeError(f"reshape from {_s(x)} ({_elements(x)} elements) to {_s(out)} ({_elements(out)} "
                         "elements) changes the element count")
    return out


@rule("dynamic-reshape")
def _dynamic_reshape(ops, attrs, result):
    if not ops:
        raise ShapeError("dynamic-reshape needs an operand")
    x = _array(ops[0], "the operand of dynamic-reshape")
    out = _array(result, "the result of dynamic-reshape")
    if out.etype != x.etype:
        raise ShapeError(f"dynamic-reshape cannot change the element type ({x.etype} to {out.etype})")
    if len(ops) != out.rank + 1:
        raise ShapeError(f"dynamic-reshape to rank {out.rank} takes {out.rank + 1} operands, got {len(ops)}")
    for s in ops[1:]:
        if s.etype != "s32" or s.dims:
            raise ShapeError(f"dynamic-reshape sizes must be s32 scalars, got {_s(s)}")
    if _elements(x) != _elements(out):
        raise ShapeError(f"dynamic-reshape from {_s(x)} to {_s(out)} changes the element count")
    return out


@rule("bitcast")
def _bitcast(ops, attrs, result):
    # Layout-insensitive verification places no constraint on a bitcast's shape (as XLA's verifier).
    _count(ops, 1, "bitcast")
    return result


@rule("transpose")
def _transpose(ops, attrs, result):
    _count(ops, 1, "transpose")
    x = _array(ops[0], "the operand of transpose")
    perm = tuple(attrs.get("dimensions", ()))
    if sorted(perm) != list(range(x.rank)):
        raise ShapeError(f"transpose dimensions {list(perm)} are not a permutation of the dimensions of {_s(x)}")
    return _shape(x.etype, (x.dims[p] for p in perm), (x.dynamic[p] for p in perm) if x.dynamic else None)


@rule("reverse")
def _reverse(ops, attrs, result):
    _count(ops, 1, "reverse")
    x = _array(ops[0], "the operand of reverse")
    _dims_in_range(attrs.get("dimensions", ()), x.rank, "reverse")
    return x


@rule("concatenate")
def _concatenate(ops, attrs, result):
    if not ops:
        raise ShapeError("concatenate needs at least one operand")
    dims = attrs.get("dimensions", ())
    if len(dims) != 1:
        raise ShapeError(f"concatenate needs exactly one dimension, got {list(dims)}")
    d = dims[0]
    first = _array(ops[0], "concatenate")
    if not 0 <= d < first.rank:
        raise ShapeError(f"concatenate dimension {d} is out of range for rank {first.rank}")
    etype = first.etype
    total = 0
    for s in ops:
        _array(s, "concatenate")
        if s.rank != first.rank:
            raise ShapeError(f"concatenate operands have different ranks: {_s(first)} and {_s(s)}")
        if not same_type_ignoring_fp(s.etype, first.etype):
            raise ShapeError(f"concatenate operands have different element types: {_s(first)} and {_s(s)}")
        for i in range(s.rank):
            if i != d and s.dims[i] != first.dims[i]:
                raise ShapeError(f"concatenate operands {_s(first)} and {_s(s)} differ in dimension {i}, which "
                                 "is not the concatenated one")
        total += s.dims[d]
        etype = higher_precision(etype, s.etype)
    out = list(first.dims)
    out[d] = total
    return _shape(etype, out)


@rule("pad")
def _pad(ops, attrs, result):
    _count(ops, 2, "pad")
    x = _array(ops[0], "the operand of pad")
    v = ops[1]
    if not (is_array(v) and v.rank == 0):
        raise ShapeError(f"pad's padding value must be a scalar, got {_s(v)}")
    if not same_type_ignoring_fp(x.etype, v.etype):
        raise ShapeError(f"pad's padding value {_s(v)} does not match the operand type {x.etype}")
    cfg = attrs.get("padding", ())
    if len(cfg) != x.rank:
        raise ShapeError(f"padding has {len(cfg)} dimensions, but the operand {_s(x)} has rank {x.rank}")
    out = []
    for i, (d, p) in enumerate(zip(x.dims, cfg)):
        if p.interior < 0:
            raise ShapeError(f"interior padding must be >= 0, got {p.interior}")
        n = d + p.lo + p.hi + max(d - 1, 0) * p.interior
        if n < 0:
            raise ShapeError(f"padding {p.lo}_{p.hi}_{p.interior} gives dimension {i} a negative size")
        out.append(n)
    return _shape(higher_precision(x.etype, v.etype), out, x.dynamic)


@rule("slice")
def _slice(ops, attrs, result):
    _count(ops, 1, "slice")
    x = _array(ops[0], "the operand of slice")
    ranges = attrs.get("slice", ())
    if len(ranges) != x.rank:
        raise ShapeError(f"slice has {len(ranges)} ranges, but the operand {_s(x)} has rank {x.rank}")
    out = []
    for i, (d, r) in enumerate(zip(x.dims, ranges)):
        if r.start < 0:
            raise ShapeError(f"slice start {r.start} in dimension {i} is negative")
        if d != UNBOUNDED and r.limit > d:
            raise ShapeError(f"slice limit {r.limit} in dimension {i} exceeds the dimension size {d}")
        if r.start > r.limit:
            raise ShapeError(f"slice start {r.start} is past its limit {r.limit} in dimension {i}")
        if r.stride <= 0:
            raise ShapeError(f"slice stride {r.stride} in dimension {i} must be positive")
        out.append((r.limit - r.start + r.stride - 1) // r.stride)
    return _shape(x.etype, out)


def _check_start_indices(x: Shape, indices: Sequence[Shape], what: str) -> None:
    if len(indices) == 1 and indices[0].rank == 1:
        idx = _array(indices[0], what)
        if not is_integral(idx.etype):
            raise ShapeError(f"{what} start indices must be integers, got {_s(idx)}")
        if idx.dims[0] != x.rank:
            raise ShapeError(f"{what} has {idx.dims[0]} start indices, the operand {_s(x)} has rank {x.rank}")
        return
    if len(indices) != x.rank:
        raise ShapeError(f"{what} has {len(indices)} start indices, the operand {_s(x)} has rank {x.rank}")
    for s in indices:
        if not (is_array(s) and s.rank == 0 and is_integral(s.etype)):
            raise ShapeError(f"{what} start indices must be integer scalars, got {_s(s)}")
        if not compatible(s, indices[0]):
            raise ShapeError(f"{what} start indices must all have the same type, got {_s(indices[0])} and {_s(s)}")


@rule("dynamic-slice")
def _dynamic_slice(ops, attrs, result):
    if not ops:
        raise ShapeError("dynamic-slice needs an operand")
    x = _array(ops[0], "the operand of dynamic-slice")
    _check_start_indices(x, ops[1:], "dynamic-slice")
    sizes = attrs.get("dynamic_slice_sizes", ())
    if len(sizes) != x.rank:
        raise ShapeError(f"dynamic_slice_sizes has {len(sizes)} entries, the operand {_s(x)} has rank {x.rank}")
    for i, (s, d) in enumerate(zip(sizes, x.dims)):
        if s < 0:
            raise ShapeError(f"dynamic slice size {s} in dimension {i} is negative")
        if d != UNBOUNDED and s > d:
            raise ShapeError(f"dynamic slice size {s} exceeds the size {d} of dimension {i}")
    return _shape(x.etype, sizes)


@rule("dynamic-update-slice")
def _dynamic_update_slice(ops, attrs, result):
    if len(ops) < 2:
        raise ShapeError(f"dynamic-update-slice takes an operand, an update and start indices, got {len(ops)} "
                         "operands")
    x = _array(ops[0], "the operand of dynamic-update-slice")
    u = _array(ops[1], "the update of dynamic-update-slice")
    _check_start_indices(x, ops[2:], "dynamic-update-slice")
    if u.rank != x.rank:
        raise ShapeError(f"dynamic-update-slice update {_s(u)} and operand {_s(x)} have different ranks")
    if not same_type_ignoring_fp(x.etype, u.etype):
        raise ShapeError(f"dynamic-update-slice update type {u.etype} does not match the operand type {x.etype}")
    for i, (a, b) in enumerate(zip(x.dims, u.dims)):
        if a != UNBOUNDED and b > a:
            raise ShapeError(f"dynamic-update-slice update {_s(u)} is larger than the operand {_s(x)} in "
                             f"dimension {i}")
    return x


@rule("tuple")
def _tuple(ops, attrs, result):
    return Shape.tuple(ops)


@rule("get-tuple-element")
def _gte(ops, attrs, result):
    _count(ops, 1, "get-tuple-element")
    t = ops[0]
    i = attrs.get("index", 0)
    if not t.is_tuple:
        raise ShapeError(f"get-tuple-element needs a tuple operand, got {_s(t)}")
    if not 0 <= i < len(t.tuple_shapes):
        raise ShapeError(f"get-tuple-element index {i} is out of range for {_s(t)}")
    return t.tuple_shapes[i]


_TOKEN = Shape("token")
_U32 = Shape("u32")
_S32 = Shape("s32")
_PRED = Shape("pred")


@rule("after-all")
def _after_all(ops, attrs, result):
    # XLA accepts any operands here (they only order side effects), e.g. `after-all(f32[] x)`.
    return _TOKEN


@rule("add-dependency")
def _add_dependency(ops, attrs, result):
    _count(ops, 2, "add-dependency")
    if not ops[1].is_token:
        raise ShapeError(f"add-dependency's second operand must be a token, got {_s(ops[1])}")
    return ops[0]


@rule("replica-id", "partition-id")
def _ids(ops, attrs, result):
    _count(ops, 0, "this op")
    return _U32


@rule("get-dimension-size")
def _get_dimension_size(ops, attrs, result):
    _count(ops, 1, "get-dimension-size")
    d = (attrs.get("dimensions") or (0,))[0]
    _dims_in_range((d,), ops[0].rank, "get-dimension-size")
    return _S32


@rule("set-dimension-size")
def _set_dimension_size(ops, attrs, result):
    _count(ops, 2, "set-dimension-size")
    x, v = ops
    d = (attrs.get("dimensions") or (0,))[0]
    _dims_in_range((d,), x.rank, "set-dimension-size")
    if v.etype != "s32" or v.dims:
        raise ShapeError(f"set-dimension-size's size must be an s32 scalar, got {_s(v)}")
    dyn = list(x.dynamic) if x.dynamic else [False] * x.rank
    dyn[d] = True
    return _shape(x.etype, x.dims, dyn)


@rule("iota")
def _iota(ops, attrs, result):
    _count(ops, 0, "iota")
    out = _array(result, "iota")
    if out.rank == 0:
        raise ShapeError("iota cannot produce a scalar")
    d = attrs.get("iota_dimension", 0)
    if not 0 <= d < out.rank:
        raise ShapeError(f"iota_dimension {d} is out of range for {_s(out)}")
    if not (is_integral(out.etype) or is_float(out.etype) or is_complex(out.etype)):
        raise ShapeError(f"iota produces integers, floating-point or complex values, not {out.etype}")
    return out


@rule("parameter", "custom-call", "infeed", "rng-bit-generator", "async-start", "async-update")
def _as_written(ops, attrs, result):
    # Checked by the verifier's own rules where XLA has any (called computations, operand counts).
    return result


@rule("constant")
def _constant(ops, attrs, result):
    _count(ops, 0, "constant")
    return result


@rule("rng")
def _rng(ops, attrs, result):
    _count(ops, 2, "rng")
    a, b = ops
    if a.rank or b.rank or not is_array(a) or not is_array(b):
        raise ShapeError(f"rng's parameters must be scalars, got {_s(a)} and {_s(b)}")
    if a.etype != b.etype or not same_type_ignoring_fp(a.etype, result.etype):
        raise ShapeError(f"rng's parameters ({a.etype}, {b.etype}) and result ({result.etype}) must have the same "
                         "element type")
    dist = attrs.get("distribution")
    if dist == "rng_normal" and not is_float(a.etype):
        raise ShapeError(f"rng_normal produces floating-point values, not {a.etype}")
    if not (is_float(a.etype) or is_integral(a.etype) or a.etype == "pred"):
        raise ShapeError(f"rng_uniform cannot produce {a.etype}")
    return _with_etype(result, a.etype) if not result.is_tuple else result


@rule("rng-get-and-update-state")
def _rng_state(ops, attrs, result):
    _count(ops, 0, "rng-get-and-update-state")
    return Shape("u64", (2,))


@rule("outfeed")
def _outfeed(ops, attrs, result):
    _count(ops, 2, "outfeed")
    if not ops[1].is_token:
        raise ShapeError(f"outfeed's second operand must be a token, got {_s(ops[1])}")
    declared = attrs.get("outfeed_shape")
    if declared is not None and not compatible(declared, ops[0]):
        raise ShapeError(f"outfeed_shape {_s(declared)} differs from the operand's shape {_s(ops[0])}")
    return _TOKEN


# ----------------------------------------------------------------------------------- reductions


def _check_reducer(comp, init_values: Sequence[Shape], input_types: Sequence[str], what: str) -> Shape:
    """XLA's VerifyReducerShape: N inputs reduce with a computation of 2N scalars -> N scalars."""
    n = len(input_types)
    params, res = _program_shape(comp, what)
    if len(params) != 2 * n:
        raise ShapeError(f"{what} computation '{comp.name}' must take {2 * n} parameters, takes {len(params)}")
    if res.is_tuple:
        accs = res.tuple_shapes
        if len(accs) != n:
            raise ShapeError(f"{what} computation '{comp.name}' must return a tuple of {n} scalars, returns "
                             f"{_s(res)}")
    elif is_array(res):
        if n != 1:
            raise ShapeError(f"{what} computation '{comp.name}' must return a tuple of {n} scalars, returns "
                             f"{_s(res)}")
        accs = (res,)
    else:
        raise ShapeError(f"{what} computation '{comp.name}' must return scalars, returns {_s(res)}")
    for a in accs:
        if a.is_tuple or a.dims:
            raise ShapeError(f"{what} computation '{comp.name}' must return scalars, returns {_s(res)}")
    for i in range(n):
        if not compatible(accs[i], params[i]):
            raise ShapeError(f"{what} computation '{comp.name}': parameter {i} is {_s(params[i])}, but its result "
                             f"{i} is {_s(accs[i])}")
        if not compatible_ignoring_fp(accs[i], init_values[i]):
            raise ShapeError(f"{what} computation '{comp.name}' returns {_s(accs[i])}, but the init value is "
                             f"{_s(init_values[i])}")
        elem = Shape(input_types[i])
        if not compatible_ignoring_fp(elem, params[n + i]):
            raise ShapeError(f"{what} computation '{comp.name}': parameter {n + i} is {_s(params[n + i])}, but the "
                             f"input elements are {input_types[i]}")
        if not compatible_ignoring_fp(accs[i], params[n + i]):
            raise ShapeError(f"{what} computation '{comp.name}': parameter {n + i} is {_s(params[n + i])}, but the "
                             f"result is {_s(accs[i])}")
    return res


@rule("reduce")
def _reduce(ops, attrs, result):
    if not ops or len(ops) % 2:
        raise ShapeError(f"reduce takes N inputs and N init values, got {len(ops)} operands")
    n = len(ops) // 2
    inputs, inits = ops[:n], ops[n:]
    x = _array(inputs[0], "reduce")
    for s in inputs[1:]:
        if _array(s, "reduce").dims != x.dims:
            raise ShapeError(f"reduce inputs must have the same dimensions, got {_s(x)} and {_s(s)}")
    dims = attrs.get("dimensions", ())
    _dims_in_range(dims, x.rank, "reduce")
    res = _check_reducer(attrs.get("to_apply"), inits, [s.etype for s in inputs], "reduce")
    keep = [i for i in range(x.rank) if i not in dims]
    out_dims = tuple(x.dims[i] for i in keep)
    dyn = tuple(x.dynamic[i] for i in keep) if x.dynamic else None
    if not res.is_tuple:
        return _shape(res.etype, out_dims, dyn)
    return Shape.tuple(_shape(s.etype, out_dims, dyn) for s in res.tuple_shapes)


def _window_output(dims: Sequence[int], window: Window, what: str) -> tuple[int, ...]:
    """XLA's InferWindowOutputShape."""
    if window.rank != len(dims):
        raise ShapeError(f"{what}: the window has {window.rank} dimensions, the operand has {len(dims)}")
    out = []
    for d, w in zip(dims, window.dims):
        if w.size <= 0:
            raise ShapeError(f"{what}: window sizes must be positive, got {w.size}")
        if w.stride <= 0:
            raise ShapeError(f"{what}: window strides must be positive, got {w.stride}")
        if w.base_dilation < 1 or w.window_dilation < 1:
            raise ShapeError(f"{what}: window dilations must be >= 1")
        if d == UNBOUNDED:
            out.append(UNBOUNDED)
            continue
        base = (d - 1) * w.base_dilation + 1 if d else 0
        padded = w.pad_lo + base + w.pad_hi
        span = (w.size - 1) * w.window_dilation + 1
        out.append(0 if padded < span else (padded - span) // w.stride + 1)
    return tuple(out)


@rule("reduce-window")
def _reduce_window(ops, attrs, result):
    if not ops or len(ops) % 2:
        raise ShapeError(f"reduce-window takes N inputs and N init values, got {len(ops)} operands")
    n = len(ops) // 2
    inputs, inits = ops[:n], ops[n:]
    for s in inputs[1:]:
        if s.dims != inputs[0].dims:
            raise ShapeError(f"reduce-window inputs must have the same dimensions, got {_s(inputs[0])} and {_s(s)}")
    res = _check_reducer(attrs.get("to_apply"), inits, [s.etype for s in inputs], "reduce-window")
    window = attrs.get("window") or Window(())
    outs = [_shape(init.etype, _window_output(_array(x, "reduce-window").dims, window, "reduce-window"))
            for x, init in zip(inputs, inits)]
    return outs[0] if not res.is_tuple else Shape.tuple(outs)


@rule("select-and-scatter")
def _select_and_scatter(ops, attrs, result):
    _count(ops, 3, "select-and-scatter")
    x, source, init = ops
    _array(x, "select-and-scatter")
    params, res = _program_shape(attrs.get("select"), "select")
    sel = attrs["select"]
    if len(params) != 2:
        raise ShapeError(f"select computation '{sel.name}' must take 2 parameters, takes {len(params)}")
    if not compatible(res, _PRED):
        raise ShapeError(f"select computation '{sel.name}' must return pred[], returns {_s(res)}")
    elem = Shape(x.etype)
    for i, p in enumerate(params):
        if not compatible_ignoring_fp(elem, p):
            raise ShapeError(f"select computation '{sel.name}': parameter {i} is {_s(p)}, but the operand "
                             f"elements are {x.etype}")
    _check_reducer(attrs.get("scatter"), [init], [source.etype], "scatter")
    window = attrs.get("window") or Window(())
    expected = _shape(x.etype, _window_output(x.dims, window, "select-and-scatter"))
    if not compatible_ignoring_fp(source, expected):
        raise ShapeError(f"select-and-scatter source {_s(source)} does not match the windowed operand "
                         f"{_s(expected)}")
    return x


@rule("map")
def _map(ops, attrs, result):
    if not ops:
        raise ShapeError("map needs at least one operand")
    arg = ops[0]
    for s in ops[1:]:
        _array(s, "map")
        if compatible_ignoring_etype(s, arg):
            continue
        if same_type_ignoring_fp(s.etype, arg.etype):
            if s.rank == 0:
                continue
            if arg.rank == 0:
                arg = s
                continue
        raise ShapeError(f"map operands must have the same shape, got {', '.join(_s(o) for o in ops)}")
    dims = attrs.get("dimensions")
    if dims is not None and tuple(dims) != tuple(range(arg.rank)):
        raise ShapeError(f"map applies to all dimensions in order: dimensions must be {list(range(arg.rank))}, "
                         f"got {list(dims)}")
    comp = attrs.get("to_apply")
    params, res = _program_shape(comp, "map")
    if len(params) != len(ops):
        raise ShapeError(f"map computation '{comp.name}' takes {len(params)} parameters for {len(ops)} operands")
    if res.is_tuple or res.dims:
        raise ShapeError(f"map computation '{comp.name}' must return a scalar, returns {_s(res)}")
    for i, (p, o) in enumerate(zip(params, ops)):
        if p.is_tuple or p.dims:
            raise ShapeError(f"map computation '{comp.name}': parameter {i} must be a scalar, is {_s(p)}")
        if not same_type_ignoring_fp(p.etype, o.etype):
            raise ShapeError(f"map computation '{comp.name}': parameter {i} is {_s(p)}, but operand {i} is {_s(o)}")
    return _shape(res.etype, arg.dims, arg.dynamic)


@rule("sort")
def _sort(ops, attrs, result):
    if not ops:
        raise ShapeError("sort needs at least one operand")
    for i, s in enumerate(ops[1:], 1):
        if s.dims != ops[0].dims:
            raise ShapeError(f"sort operands must have the same dimensions: operand 0 is {_s(ops[0])}, operand {i} "
                             f"is {_s(s)}")
    dims = attrs.get("dimensions", (0,))
    if len(dims) != 1:
        raise ShapeError(f"sort needs exactly one dimension, got {list(dims)}")
    _dims_in_range(dims, ops[0].rank, "sort")
    comp = attrs.get("to_apply")
    params, res = _program_shape(comp, "sort comparator")
    if not compatible(res, _PRED):
        raise ShapeError(f"sort comparator '{comp.name}' must return pred[], returns {_s(res)}")
    if len(params) != 2 * len(ops):
        raise ShapeError(f"sort comparator '{comp.name}' must take {2 * len(ops)} parameters (two per operand), "
                         f"takes {len(params)}")
    for i, p in enumerate(params):
        want = Shape(ops[i // 2].etype)
        if not compatible_ignoring_fp(want, p):
            raise ShapeError(f"sort comparator '{comp.name}': parameter {i} is {_s(p)}, expected {_s(want)}")
    return ops[0] if len(ops) == 1 else Shape.tuple(ops)


@rule("topk")
def _topk(ops, attrs, result):
    _count(ops, 1, "topk")
    x = _array(ops[0], "topk")
    k = attrs.get("k", 1)
    if x.rank == 0:
        raise ShapeError("topk needs an operand of rank >= 1")
    if x.dims[-1] != UNBOUNDED and x.dims[-1] < k:
        raise ShapeError(f"topk k={k} is larger than the last dimension of {_s(x)}")
    dims = x.dims[:-1] + (k,)
    return Shape.tuple([_shape(x.etype, dims), _shape("s32", dims)])


def _insert_dim(s: Shape, at: int, size: int) -> Shape:
    return _shape(s.etype, s.dims[:at] + (size,) + s.dims[at:])


@rule("scan")
def _scan(ops, attrs, result):
    comp = attrs.get("to_apply")
    params, root = _program_shape(comp, "scan")
    carries = attrs.get("num_carries", 0)
    dims = attrs.get("dimensions", ())
    if len(dims) != 1:
        raise ShapeError(f"scan needs exactly one dimension, got {list(dims)}")
    if len(ops) != len(params):
        raise ShapeError(f"scan has {len(ops)} operands, but '{comp.name}' takes {len(params)} parameters")
    if len(ops) < carries:
        raise ShapeError(f"scan has {carries} carries but only {len(ops)} operands")
    num_inputs = len(ops) - carries
    if num_inputs == 0:
        raise ShapeError("scan has no inputs")
    d = dims[0]
    if not 0 <= d < ops[0].rank:
        raise ShapeError(f"scan dimension {d} is out of range for {_s(ops[0])}")
    size = ops[0].dims[d]
    for i in range(len(ops)):
        expect = ops[i]
        if i < num_inputs:
            if d >= expect.rank or expect.dims[d] != size:
                raise ShapeError(f"scan operand {i} {_s(expect)} does not have size {size} in dimension {d}")
            expect = _shape(expect.etype, expect.dims[:d] + expect.dims[d + 1:])
        if not compatible(params[i], expect):
            raise ShapeError(f"scan computation '{comp.name}': parameter {i} is {_s(params[i])}, expected "
                             f"{_s(expect)}")
    roots = root.tuple_shapes if root.is_tuple else (root,)
    if len(roots) < carries:
        raise ShapeError(f"scan computation '{comp.name}' returns fewer values than its {carries} carries")
    for i in range(carries):
        if not compatible(params[num_inputs + i], roots[len(roots) - carries + i]):
            raise ShapeError(f"scan computation '{comp.name}': carry {i} changes shape")
    if not root.is_tuple:
        return root if carries > 0 else _insert_dim(root, d, size)
    return Shape.tuple(_insert_dim(s, d, size) if i + carries < len(roots) else s for i, s in enumerate(roots))


# ---------------------------------------------------------------------------------- linear algebra


def _dot_dims(a: Shape, b: Shape, attrs: dict, what: str):
    lb, rb = tuple(attrs.get("lhs_batch_dims", ())), tuple(attrs.get("rhs_batch_dims", ()))
    lc, rc = tuple(attrs.get("lhs_contracting_dims", ())), tuple(attrs.get("rhs_contracting_dims", ()))
    for dims, rank, side in ((lb + lc, a.rank, "lhs"), (rb + rc, b.rank, "rhs")):
        for d in dims:
            if not 0 <= d < rank:
                raise ShapeError(f"{what} {side} dimension {d} is out of range for rank {rank}")
        if len(set(dims)) != len(dims):
            raise ShapeError(f"{what} {side} batch and contracting dimensions repeat: {list(dims)}")
    if len(lc) != len(rc):
        raise ShapeError(f"{what} needs as many lhs as rhs contracting dimensions, got {list(lc)} and {list(rc)}")
    for x, y in zip(lc, rc):
        if a.dims[x] != b.dims[y] and UNBOUNDED not in (a.dims[x], b.dims[y]):
            raise ShapeError(f"{what} contracting dimensions differ in size: lhs dimension {x} is {a.dims[x]}, rhs "
                             f"dimension {y} is {b.dims[y]} ({_s(a)} . {_s(b)})")
    if len(lb) != len(rb):
        raise ShapeError(f"{what} needs as many lhs as rhs batch dimensions, got {list(lb)} and {list(rb)}")
    for x, y in zip(lb, rb):
        if a.dims[x] != b.dims[y] and UNBOUNDED not in (a.dims[x], b.dims[y]):
            raise ShapeError(f"{what} batch dimensions differ in size: lhs dimension {x} is {a.dims[x]}, rhs "
                             f"dimension {y} is {b.dims[y]}")
    return lb, rb, lc, rc


def _dot_result_dims(a: Shape, b: Shape, lb, rb, lc, rc, rhs_group=()) -> list[int]:
    out = [a.dims[d] for d in lb]
    out += [d for i, d in enumerate(a.dims) if i not in lb and i not in lc]
    out += [d for i, d in enumerate(b.dims) if i not in rb and i not in rc and i not in rhs_group]
    return out


def _preferred(a: Shape, b: Shape, result: Shape | None) -> str:
    return result.etype if result is not None and is_array(result) else higher_precision(a.etype, b.etype)


@rule("dot")
def _dot(ops, attrs, result):
    _count(ops, 2, "dot")
    a, b = _array(ops[0], "the lhs of dot"), _array(ops[1], "the rhs of dot")
    dims = _dot_dims(a, b, attrs, "dot")
    return _shape(_preferred(a, b, result), _dot_result_dims(a, b, *dims))


@rule("scaled-dot")
def _scaled_dot(ops, attrs, result):
    _count(ops, 4, "scaled-dot")
    a, b = _array(ops[0], "the lhs of scaled-dot"), _array(ops[1], "the rhs of scaled-dot")
    dims = _dot_dims(a, b, attrs, "scaled-dot")
    return _shape(_preferred(a, b, result), _dot_result_dims(a, b, *dims))


@rule("ragged-dot")
def _ragged_dot(ops, attrs, result):
    _count(ops, 3, "ragged-dot")
    a, b = _array(ops[0], "the lhs of ragged-dot"), _array(ops[1], "the rhs of ragged-dot")
    g = _array(ops[2], "the group sizes of ragged-dot")
    lb, rb, lc, rc = _dot_dims(a, b, attrs, "ragged-dot")
    ragged = tuple(attrs.get("lhs_ragged_dims", ()))
    if len(ragged) != 1:
        raise ShapeError(f"ragged-dot needs exactly one lhs ragged dimension, got {list(ragged)}")
    r = ragged[0]
    if not 0 <= r < a.rank:
        raise ShapeError(f"ragged-dot lhs ragged dimension {r} is out of range for {_s(a)}")
    mode = "batch" if r in lb else "contracting" if r in lc else "noncontracting"
    if g.rank == 0:
        raise ShapeError("ragged-dot group sizes must have rank >= 1")
    groups = g.dims[-1]
    rhs_group = tuple(attrs.get("rhs_group_dims", ()))
    for d in rhs_group:
        if not 0 <= d < b.rank or d in rb or d in rc:
            raise ShapeError(f"ragged-dot rhs group dimension {d} is out of range or a batch/contracting dimension")
    if mode == "noncontracting":
        if len(rhs_group) != 1:
            raise ShapeError("ragged-dot needs exactly one rhs group dimension when the ragged dimension is "
                             "non-contracting")
        if b.dims[rhs_group[0]] != groups:
            raise ShapeError(f"ragged-dot rhs group dimension has size {b.dims[rhs_group[0]]}, expected {groups}")
    elif rhs_group:
        raise ShapeError("ragged-dot takes no rhs group dimension when the ragged dimension is batch or contracting")
    out = [groups] if mode == "contracting" else []
    out += _dot_result_dims(a, b, lb, rb, lc, rc, rhs_group)
    return _shape(_preferred(a, b, result), out)


@rule("convolution")
def _convolution(ops, attrs, result):
    _count(ops, 2, "convolution")
    lhs, rhs = _array(ops[0], "the lhs of convolution"), _array(ops[1], "the rhs of convolution")
    dn: ConvDimLabels | None = attrs.get("dim_labels")
    if dn is None:
        raise ShapeError("convolution needs dim_labels")
    fgc = attrs.get("feature_group_count", 1)
    bgc = attrs.get("batch_group_count", 1)
    if fgc <= 0 or bgc <= 0:
        raise ShapeError(f"feature_group_count ({fgc}) and batch_group_count ({bgc}) must be positive")
    if fgc > 1 and bgc > 1:
        raise ShapeError("feature_group_count and batch_group_count cannot both be greater than 1")
    n = dn.num_spatial
    window = attrs.get("window") or Window(())
    if window.rank != n:
        raise ShapeError(f"convolution window has {window.rank} dimensions, dim_labels have {n} spatial dimensions")
    if lhs.rank != n + 2 or rhs.rank != n + 2:
        raise ShapeError(f"convolution operands must have rank {n + 2} for dim_labels with {n} spatial dimensions, "
                         f"got {_s(lhs)} and {_s(rhs)}")
    in_f = lhs.dims[dn.input_feature]
    batch = lhs.dims[dn.input_batch]
    k_in = rhs.dims[dn.kernel_input_feature]
    k_out = rhs.dims[dn.kernel_output_feature]
    if k_out % bgc:
        raise ShapeError(f"convolution output features {k_out} are not a multiple of batch_group_count {bgc}")
    if k_out % fgc:
        raise ShapeError(f"convolution output features {k_out} are not divisible by feature_group_count {fgc}")
    if batch % bgc:
        raise ShapeError(f"convolution batch {batch} is not divisible by batch_group_count {bgc}")
    if in_f % fgc or in_f // fgc != k_in:
        raise ShapeError(f"convolution input features {in_f} must equal the kernel's input features {k_in} times "
                         f"feature_group_count {fgc}")
    for i in range(n):
        if window.dims[i].size != rhs.dims[dn.kernel_spatial[i]]:
            raise ShapeError(f"convolution window size {window.dims[i].size} does not match the kernel's spatial "
                             f"size {rhs.dims[dn.kernel_spatial[i]]} in spatial dimension {i}")
    spatial = _window_output([lhs.dims[d] for d in dn.input_spatial], window, "convolution")
    out = [0] * (n + 2)
    out[dn.output_batch] = batch // bgc
    out[dn.output_feature] = k_out
    for i, d in enumerate(dn.output_spatial):
        out[d] = spatial[i]
    return _shape(_preferred(lhs, rhs, result), out)


@rule("fft")
def _fft(ops, attrs, result):
    _count(ops, 1, "fft")
    x = _array(ops[0], "fft")
    t = attrs.get("fft_type", "FFT")
    length = tuple(attrs.get("fft_length", ()))
    k = len(length)
    if not 1 <= k <= 3:
        raise ShapeError(f"fft_length must have 1 to 3 entries, got {list(length)}")
    if x.rank < k:
        raise ShapeError(f"an FFT of rank {k} needs an operand of rank >= {k}, got {_s(x)}")
    if t in ("FFT", "IFFT"):
        if not is_complex(x.etype):
            raise ShapeError(f"{t} needs a complex operand, got {x.etype}")
        return x
    if t == "RFFT":
        if x.etype not in ("f32", "f64"):
            raise ShapeError(f"RFFT needs an f32 or f64 operand, got {x.etype}")
        for i in range(k):
            d = x.dims[x.rank - k + i]
            if d != UNBOUNDED and d != length[i]:
                raise ShapeError(f"RFFT operand dimension {x.rank - k + i} is {d}, fft_length says {length[i]}")
        dims = x.dims[:-1] + ((length[-1] // 2 + 1) if length[-1] else x.dims[-1],)
        return _shape("c64" if x.etype == "f32" else "c128", dims)
    if not is_complex(x.etype):
        raise ShapeError(f"IRFFT needs a complex operand, got {x.etype}")
    for i in range(k - 1):
        if x.dims[x.rank - k + i] != length[i]:
            raise ShapeError(f"IRFFT operand dimension {x.rank - k + i} is {x.dims[x.rank - k + i]}, fft_length says "
                             f"{length[i]}")
    last = x.dims[-1]
    if (last != 0 or length[-1] != 0) and last != UNBOUNDED and last != length[-1] // 2 + 1:
        raise ShapeError(f"IRFFT's last operand dimension must be fft_length/2+1 = {length[-1] // 2 + 1}, got {last}")
    return _shape("f32" if x.etype == "c64" else "f64", x.dims[:-1] + (length[-1],))


@rule("triangular-solve")
def _triangular_solve(ops, attrs, result):
    _count(ops, 2, "triangular-solve")
    a, b = _array(ops[0], "triangular-solve"), _array(ops[1], "triangular-solve")
    if not (is_float(a.etype) or is_complex(a.etype)) or a.etype != b.etype:
        raise ShapeError(f"triangular-solve needs floating-point or complex operands of one type, got {a.etype} "
                         f"and {b.etype}")
    if a.rank < 2:
        raise ShapeError(f"triangular-solve's a must have rank >= 2, got {_s(a)}")
    if b.rank != a.rank:
        raise ShapeError(f"triangular-solve operands must have the same rank, got {_s(a)} and {_s(b)}")
    if a.dims[-2] != a.dims[-1]:
        raise ShapeError(f"triangular-solve's a must be square in its two minor dimensions, got {_s(a)}")
    if a.dims[:-2] != b.dims[:-2]:
        raise ShapeError(f"triangular-solve batch dimensions differ: {_s(a)} and {_s(b)}")
    side = b.dims[-1] if attrs.get("left_side", False) is False else b.dims[-2]
    if side != a.dims[-1]:
        raise ShapeError(f"triangular-solve: the shared dimension of a {_s(a)} and b {_s(b)} must match")
    return b


@rule("cholesky")
def _cholesky(ops, attrs, result):
    _count(ops, 1, "cholesky")
    a = _array(ops[0], "cholesky")
    if not (is_float(a.etype) or is_complex(a.etype)):
        raise ShapeError(f"cholesky needs a floating-point or complex operand, got {a.etype}")
    if a.rank < 2 or a.dims[-1] != a.dims[-2]:
        raise ShapeError(f"cholesky needs square matrices in the two minor dimensions, got {_s(a)}")
    return a


def _batch_norm_checks(x: Shape, vectors: Sequence[Shape], f: int, what: str) -> Shape:
    _array(x, what)
    if not 0 <= f < x.rank:
        raise ShapeError(f"{what} feature_index {f} is out of range for {_s(x)}")
    if not is_float(x.etype):
        raise ShapeError(f"{what} needs a floating-point operand, got {x.etype}")
    for v in vectors:
        if _array(v, what).rank != 1:
            raise ShapeError(f"{what} scale, offset, mean and variance must have rank 1, got {_s(v)}")
        if not same_type_ignoring_fp(v.etype, x.etype):
            raise ShapeError(f"{what} inputs must share the operand's element type {x.etype}, got {_s(v)}")
        if v.dims[0] != x.dims[f]:
            raise ShapeError(f"{what}: {_s(v)} does not match the {x.dims[f]} features of {_s(x)}")
    return _shape(x.etype, (x.dims[f],))


@rule("batch-norm-training")
def _bn_training(ops, attrs, result):
    _count(ops, 3, "batch-norm-training")
    feat = _batch_norm_checks(ops[0], ops[1:], attrs.get("feature_index", 0), "batch-norm-training")
    return Shape.tuple([ops[0], feat, feat])


@rule("batch-norm-inference")
def _bn_inference(ops, attrs, result):
    _count(ops, 5, "batch-norm-inference")
    _batch_norm_checks(ops[0], ops[1:], attrs.get("feature_index", 0), "batch-norm-inference")
    return ops[0]


@rule("batch-norm-grad")
def _bn_grad(ops, attrs, result):
    _count(ops, 5, "batch-norm-grad")
    x, grad = ops[0], ops[4]
    feat = _batch_norm_checks(x, ops[1:4], attrs.get("feature_index", 0), "batch-norm-grad")
    if _array(grad, "batch-norm-grad").dims != x.dims:
        raise ShapeError(f"batch-norm-grad's output gradient {_s(grad)} must match the operand {_s(x)}")
    return Shape.tuple([x, feat, feat])


def _sorted_unique(dims: Sequence[int], what: str) -> None:
    if list(dims) != sorted(dims) or len(set(dims)) != len(dims):
        raise ShapeError(f"{what} must be sorted and must not repeat, got {list(dims)}")


@rule("gather")
def _gather(ops, attrs, result):
    _count(ops, 2, "gather")
    x, idx = _array(ops[0], "the operand of gather"), _array(ops[1], "the indices of gather")
    if not is_integral(idx.etype):
        raise ShapeError(f"gather indices must be integers, got {_s(idx)}")
    ivd = attrs.get("index_vector_dim", idx.rank)
    if not 0 <= ivd <= idx.rank:
        raise ShapeError(f"gather index_vector_dim {ivd} is out of range for indices {_s(idx)}")
    idims = list(idx.dims) + ([1] if ivd == idx.rank else [])
    offset = tuple(attrs.get("offset_dims", ()))
    collapsed = tuple(attrs.get("collapsed_slice_dims", ()))
    start_map = tuple(attrs.get("start_index_map", ()))
    obatch = tuple(attrs.get("operand_batching_dims", ()))
    ibatch = tuple(attrs.get("start_indices_batching_dims", ()))
    sizes = tuple(attrs.get("slice_sizes", ()))
    _sorted_unique(offset, "gather offset_dims")
    out_rank = len(offset) + len(idims) - 1
    for d in offset:
        if not 0 <= d < out_rank:
            raise ShapeError(f"gather offset dimension {d} is out of range for a result of rank {out_rank}")
    if idims[ivd] != UNBOUNDED and len(start_map) != idims[ivd]:
        raise ShapeError(f"gather start_index_map has {len(start_map)} entries, but the index vector has "
                         f"{idims[ivd]}")
    _dims_in_range(start_map, x.rank, "gather start_index_map")
    _dims_in_range(collapsed, x.rank, "gather collapsed_slice_dims")
    _sorted_unique(collapsed, "gather collapsed_slice_dims")
    if len(obatch) != len(ibatch):
        raise ShapeError("gather operand_batching_dims and start_indices_batching_dims must have the same length")
    _dims_in_range(obatch, x.rank, "gather operand_batching_dims")
    _sorted_unique(obatch, "gather operand_batching_dims")
    _dims_in_range(ibatch, len(idims), "gather start_indices_batching_dims")
    if len(sizes) != x.rank:
        raise ShapeError(f"gather slice_sizes has {len(sizes)} entries, the operand {_s(x)} has rank {x.rank}")
    if len(sizes) != len(offset) + len(collapsed) + len(obatch):
        raise ShapeError("gather: every operand dimension must be an offset, collapsed or batching dimension")
    for i, s in enumerate(sizes):
        if x.dims[i] != UNBOUNDED and not 0 <= s <= x.dims[i]:
            raise ShapeError(f"gather slice size {s} is out of range for dimension {i} of {_s(x)}")
    for d in collapsed + obatch:
        if sizes[d] > 1:
            raise ShapeError(f"gather can only collapse dimensions of slice size 0 or 1; dimension {d} has size "
                             f"{sizes[d]}")
    out = []
    seen_offset = 0
    seen_batch = 0
    skip = set(collapsed) | set(obatch)
    for i in range(out_rank):
        if i in offset:
            while seen_offset in skip:
                seen_offset += 1
            out.append(sizes[seen_offset])
            seen_offset += 1
        else:
            if seen_batch == ivd:
                seen_batch += 1
            out.append(idims[seen_batch])
            seen_batch += 1
    return _shape(x.etype, out)


@rule("scatter")
def _scatter(ops, attrs, result):
    n = len(ops) // 2
    if len(ops) != 2 * n + 1 or n < 1:
        raise ShapeError(f"scatter takes N operands, indices and N updates, got {len(ops)} operands")
    idx = _array(ops[n], "scatter indices")
    if not is_integral(idx.etype):
        raise ShapeError(f"scatter indices must be integers, got {_s(idx)}")
    ivd = attrs.get("index_vector_dim", idx.rank)
    if not 0 <= ivd <= idx.rank:
        raise ShapeError(f"scatter index_vector_dim {ivd} is out of range for indices {_s(idx)}")
    idims = list(idx.dims) + ([1] if ivd == idx.rank else [])
    uwd = tuple(attrs.get("update_window_dims", ()))
    iwd = tuple(attrs.get("inserted_window_dims", ()))
    sdod = tuple(attrs.get("scatter_dims_to_operand_dims", ()))
    ibd = tuple(attrs.get("input_batching_dims", ()))
    sibd = tuple(attrs.get("scatter_indices_batching_dims", ()))
    for x, u in zip(ops[:n], ops[n + 1:]):
        _array(x, "scatter operand")
        _array(u, "scatter update")
        window_bounds = [d for i, d in enumerate(x.dims) if i not in iwd and i not in ibd]
        expect_rank = len(idims) - 1 + len(uwd)
        if u.rank != expect_rank:
            raise ShapeError(f"scatter updates must have rank {expect_rank}, got {_s(u)}")
        _sorted_unique(uwd, "scatter update_window_dims")
        _dims_in_range(uwd, u.rank, "scatter update_window_dims")
        _sorted_unique(iwd, "scatter inserted_window_dims")
        _dims_in_range(iwd, x.rank, "scatter inserted_window_dims")
        if len(uwd) + len(iwd) + len(ibd) != x.rank:
            raise ShapeError(f"scatter window has {len(uwd) + len(iwd) + len(ibd)} dimensions, the operand {_s(x)} "
                             f"has rank {x.rank}")
        if idims[ivd] != UNBOUNDED and len(sdod) != idims[ivd]:
            raise ShapeError(f"scatter_dims_to_operand_dims has {len(sdod)} entries, but the index vector has "
                             f"{idims[ivd]}")
        _dims_in_range(sdod, x.rank, "scatter_dims_to_operand_dims")
        if len(ibd) != len(sibd):
            raise ShapeError("scatter input_batching_dims and scatter_indices_batching_dims must have the same "
                             "length")
        _sorted_unique(ibd, "scatter input_batching_dims")
        _dims_in_range(ibd, x.rank, "scatter input_batching_dims")
        _dims_in_range(sibd, len(idims), "scatter_indices_batching_dims")
        for i, d in enumerate(uwd):
            if u.dims[d] > window_bounds[i]:
                raise ShapeError(f"scatter update window dimension {d} ({u.dims[d]}) exceeds the operand bound "
                                 f"{window_bounds[i]}")
        seen = 0
        for i in range(u.rank):
            if i in uwd:
                continue
            if seen == ivd:
                seen += 1
            if u.dims[i] != idims[seen] and UNBOUNDED not in (u.dims[i], idims[seen]):
                raise ShapeError(f"scatter update dimension {i} is {u.dims[i]}, but the matching indices dimension "
                                 f"is {idims[seen]}")
            seen += 1
    _check_reducer(attrs.get("to_apply"), [Shape(x.etype) for x in ops[:n]], [u.etype for u in ops[n + 1:]],
                   "scatter")
    return ops[0] if n == 1 else Shape.tuple(ops[:n])


# ---------------------------------------------------------------------------------- control flow


@rule("while")
def _while(ops, attrs, result):
    _count(ops, 1, "while")
    init = ops[0]
    cond, body = attrs.get("condition"), attrs.get("body")
    cparams, cres = _program_shape(cond, "while condition")
    bparams, bres = _program_shape(body, "while body")
    if len(cparams) != 1:
        raise ShapeError(f"while condition '{cond.name}' must take 1 parameter, takes {len(cparams)}")
    if len(bparams) != 1:
        raise ShapeError(f"while body '{body.name}' must take 1 parameter, takes {len(bparams)}")
    if not compatible(cres, _PRED):
        raise ShapeError(f"while condition '{cond.name}' must return pred[], returns {_s(cres)}")
    for what, s in ((f"the parameter of condition '{cond.name}'", cparams[0]),
                    (f"the parameter of body '{body.name}'", bparams[0]), ("the while operand", init)):
        if not compatible(bres, s):
            raise ShapeError(f"while body '{body.name}' returns {_s(bres)}, but {what} is {_s(s)}")
    return init


@rule("conditional")
def _conditional(ops, attrs, result):
    if not ops:
        raise ShapeError("conditional needs a branch index operand")
    index = ops[0]
    branches = attrs.get("branch_computations")
    if branches is None:
        t, f = attrs.get("true_computation"), attrs.get("false_computation")
        if t is None or f is None:
            raise ShapeError("conditional needs true_computation= and false_computation=, or branch_computations=")
        branches = [t, f]
    if not (compatible(index, _PRED) or compatible(index, _S32)):
        raise ShapeError(f"conditional's branch index must be pred[] or s32[], got {_s(index)}")
    if index.etype == "pred" and len(branches) != 2:
        raise ShapeError(f"a conditional on pred has 2 branches, got {len(branches)}")
    if not branches:
        raise ShapeError("conditional needs at least one branch")
    if len(ops) != len(branches) + 1:
        raise ShapeError(f"conditional with {len(branches)} branches takes {len(branches) + 1} operands, got "
                         f"{len(ops)}")
    first = None
    for j, comp in enumerate(branches):
        params, res = _program_shape(comp, f"branch {j}")
        if len(params) != 1:
            raise ShapeError(f"branch computation '{comp.name}' must take 1 parameter, takes {len(params)}")
        if not compatible(params[0], ops[j + 1]):
            raise ShapeError(f"branch computation '{comp.name}' takes {_s(params[0])}, but operand {j + 1} is "
                             f"{_s(ops[j + 1])}")
        if first is None:
            first = res
        elif not compatible(first, res):
            raise ShapeError(f"conditional branches return different shapes: {_s(first)} and {_s(res)} "
                             f"('{comp.name}')")
    return first


@rule("call")
def _call(ops, attrs, result):
    comp = attrs.get("to_apply")
    params, res = _program_shape(comp, "call")
    if len(params) != len(ops):
        raise ShapeError(f"call of '{comp.name}' passes {len(ops)} operands to {len(params)} parameters")
    for i, (p, o) in enumerate(zip(params, ops)):
        if not compatible(p, o):
            raise ShapeError(f"call of '{comp.name}': parameter {i} is {_s(p)}, but operand {i} is {_s(o)}")
    return res


@rule("fusion")
def _fusion(ops, attrs, result):
    comp = attrs.get("calls")
    params, res = _program_shape(comp, "fusion")
    if len(params) > len(ops):
        raise ShapeError(f"fused computation '{comp.name}' has {len(params)} parameters for {len(ops)} operands")
    for i, p in enumerate(params):
        if not compatible(p, ops[i]):
            raise ShapeError(f"fused computation '{comp.name}': parameter {i} is {_s(p)}, but operand {i} is "
                             f"{_s(ops[i])}")
    return res


@rule("async-done")
def _async_done(ops, attrs, result):
    _count(ops, 1, "async-done")
    s = ops[0]
    if not (s.is_tuple and len(s.tuple_shapes) >= 2):
        raise ShapeError(f"async-done's operand must be an async-start/-update ((operands), result, ...), got {_s(s)}")
    return s.tuple_shapes[1]


# -------------------------------------------------------------------------------------- collectives


def _one_or_tuple(shapes: Sequence[Shape]) -> Shape:
    return shapes[0] if len(shapes) == 1 else Shape.tuple(shapes)


def _results(result: Shape, n: int, what: str) -> Sequence[Shape]:
    if n == 1:
        return (result,)
    if not (result.is_tuple and len(result.tuple_shapes) == n):
        raise ShapeError(f"{what} of {n} operands returns a tuple of {n} arrays, got {_s(result)}")
    return result.tuple_shapes


def _gathered(ops, result: Shape, d: int, what: str, scatter: bool) -> Shape:
    """all-gather multiplies dimension `d` by the shard count, reduce-scatter divides it."""
    if not ops:
        raise ShapeError(f"{what} needs at least one operand")
    outs = _results(result, len(ops), what)
    shards = None
    expected = []
    for x, o in zip(ops, outs):
        _array(x, f"the operand of {what}")
        if not 0 <= d < x.rank or not 0 <= d < o.rank:
            raise ShapeError(f"{what} dimension {d} is out of range for {_s(x)}")
        if shards is None:
            a, b = (x.dims[d], o.dims[d]) if scatter else (o.dims[d], x.dims[d])
            shards = max(1, -(-a // b)) if b > 0 else 1
        dims = list(x.dims)
        if scatter:
            if dims[d] % shards:
                raise ShapeError(f"{what} dimension {d} of {_s(x)} is not divisible by the shard count {shards}")
            dims[d] //= shards
        else:
            dims[d] *= shards
        expected.append(_shape(x.etype, dims))
    return _one_or_tuple(expected)


@rule("all-gather")
def _all_gather(ops, attrs, result):
    return _gathered(ops, result, (attrs.get("dimensions") or (0,))[0], "all-gather", scatter=False)


@rule("all-gather-start")
def _all_gather_start(ops, attrs, result):
    if not (result.is_tuple and len(result.tuple_shapes) == 2):
        raise ShapeError(f"all-gather-start returns (operands, gathered results), got {_s(result)}")
    gathered = _gathered(ops, result.tuple_shapes[1], (attrs.get("dimensions") or (0,))[0], "all-gather-start",
                         scatter=False)
    return Shape.tuple([_one_or_tuple(ops), gathered])


@rule("reduce-scatter")
def _reduce_scatter(ops, attrs, result):
    _check_reducer(attrs.get("to_apply"), [Shape(x.etype) for x in ops], [x.etype for x in ops], "reduce-scatter")
    return _gathered(ops, result, (attrs.get("dimensions") or (0,))[0], "reduce-scatter", scatter=True)


@rule("all-reduce", "all-reduce-start")
def _all_reduce(ops, attrs, result):
    if not ops:
        raise ShapeError("all-reduce needs at least one operand")
    for x in ops:
        _array(x, "the operand of all-reduce")
    comp = attrs.get("to_apply")
    if comp is not None:
        _check_reducer(comp, [Shape(x.etype) for x in ops[:1]], [ops[0].etype], "all-reduce")
    return _one_or_tuple(ops)


@rule("all-gather-done", "collective-permute-done")
def _done_of_pair(ops, attrs, result):
    _count(ops, 1, "this op")
    s = ops[0]
    if not (s.is_tuple and len(s.tuple_shapes) >= 2):
        raise ShapeError(f"the operand must be the tuple made by the matching -start, got {_s(s)}")
    return s.tuple_shapes[1]


@rule("all-reduce-done")
def _all_reduce_done(ops, attrs, result):
    _count(ops, 1, "all-reduce-done")
    return ops[0]


@rule("all-to-all")
def _all_to_all(ops, attrs, result):
    if not ops:
        raise ShapeError("all-to-all needs at least one operand")
    dims = attrs.get("dimensions")
    if dims:
        # Array all-to-all: split and concatenate the same dimension, which keeps the shape.
        _count(ops, 1, "an array all-to-all")
        _dims_in_range(dims[:1], ops[0].rank, "all-to-all")
        return ops[0]
    for x in ops[1:]:
        if not compatible(x, ops[0]):
            raise ShapeError(f"all-to-all operands must have the same shape, got {_s(ops[0])} and {_s(x)}")
    return Shape.tuple(ops)


@rule("ragged-all-to-all")
def _ragged_all_to_all(ops, attrs, result):
    _count(ops, 6, "ragged-all-to-all")
    return _array(ops[1], "the output operand of ragged-all-to-all")


@rule("collective-broadcast")
def _collective_broadcast(ops, attrs, result):
    if not ops:
        raise ShapeError("collective-broadcast needs an operand")
    data = ops[:-1] if attrs.get("has_dynamic_root") else ops
    for x in data:
        _array(x, "the operand of collective-broadcast")
    return _one_or_tuple(data) if attrs.get("has_dynamic_root") else ops[0]


@rule("collective-permute")
def _collective_permute(ops, attrs, result):
    if len(ops) == 4:  # in-place form: (input, output, input offsets, output offsets)
        return ops[1]
    for x in ops:
        _array(x, "the operand of collective-permute")
    return _one_or_tuple(ops)


@rule("collective-permute-start")
def _collective_permute_start(ops, attrs, result):
    if not ops:
        raise ShapeError("collective-permute-start needs an operand")
    first = [ops[0], ops[1]] if len(ops) == 4 else [_one_or_tuple(ops)] * 2
    extra = list(result.tuple_shapes[2:]) if result.is_tuple else []
    return Shape.tuple(first + extra)


@rule("copy-start")
def _copy_start(ops, attrs, result):
    _count(ops, 1, "copy-start")
    return Shape.tuple([ops[0], ops[0], _U32])


@rule("copy-done")
def _copy_done(ops, attrs, result):
    _count(ops, 1, "copy-done")
    s = ops[0]
    if not (s.is_tuple and len(s.tuple_shapes) >= 2):
        raise ShapeError(f"copy-done's operand must be the tuple made by copy-start, got {_s(s)}")
    if not compatible(s.tuple_shapes[0], s.tuple_shapes[1]):
        raise ShapeError(f"copy-done's source and destination differ: {_s(s)}")
    return s.tuple_shapes[0]


@rule("send")
def _send(ops, attrs, result):
    _count(ops, 2, "send")
    return Shape.tuple([ops[0], _U32, _TOKEN])


@rule("send-done")
def _send_done(ops, attrs, result):
    _count(ops, 1, "send-done")
    return _TOKEN


@rule("recv")
def _recv(ops, attrs, result):
    _count(ops, 1, "recv")
    if not (result.is_tuple and result.tuple_shapes):
        raise ShapeError(f"recv returns (data, u32[], token[]), got {_s(result)}")
    return Shape.tuple([result.tuple_shapes[0], _U32, _TOKEN])


@rule("recv-done")
def _recv_done(ops, attrs, result):
    _count(ops, 1, "recv-done")
    s = ops[0]
    if not (s.is_tuple and s.tuple_shapes):
        raise ShapeError(f"recv-done's operand must be a recv, got {_s(s)}")
    return Shape.tuple([s.tuple_shapes[0], _TOKEN])
