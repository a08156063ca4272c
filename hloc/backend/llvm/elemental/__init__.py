"""What is the value of instruction X at index i: composable per-element generators.

`Elemental.value(instr, index)` emits the scalar computation of one element of `instr`, asking for
its operands' elements at the indices it needs. Instructions bound in `sources` (the parameters of
a fused computation, or the operands of an unfused kernel) are read from buffers; everything else
is computed here, so a whole fused computation becomes one expression per element and one loop,
with no intermediate buffers (XLA's ElementalIrEmitter + FusedIrEmitter).

Values are cached per (instruction, index) so a DAG is emitted once per element; inner loops (an
elemental reduce) open a cache scope whose values die with the loop, since they do not dominate the
code after it. Everything here is branch-free except the loops of elemental reduces: out-of-bounds
reads (pad, concatenate, dynamic-update-slice) load at a clamped index and select.

Semantics follow XLA's elemental emitter: integer x/0 = -1, x%0 = x, INT_MIN/-1 = INT_MIN,
shifts by >= bit width saturate, float->int conversion saturates and maps NaN to 0, maximum and
minimum propagate NaN (`llvm.maximum`), compares other than NE are ordered.
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.module import Computation, Instruction
from ....ir.opcodes import ELEMENTWISE
from ....ir.types import ELEMENT_TYPES, Shape, finfo
from ....passes.algsimp.core import common_factors
from ..llvmir.irvalues import (
    F32,
    F32_COMPUTED,
    F64,
    I1,
    I64,
    Cplx,
    compute_type,
    const,
    intrinsic,
    load_convert,
    narrow_to_storage,
    round_result,
    storage_type,
    store_convert,
)
from ..llvmir.loops import ROWS, Index, delinearize, linearize, loop_nest
from ..lowerings import LOWERINGS
from ..lowerings import elemental as rule
from . import complexfns, mathfns
from .reduce_order import emit_tree_fold, needs_tree

Generator = Callable[[Index], object]


class TupleSource:
    """A tuple-shaped source: one generator per element (for get-tuple-element)."""

    def __init__(self, elements: list):
        self.elements = elements


# ------------------------------------------------------------------------------------------------
# reading and writing buffers


class IrArray:
    """A buffer of one array shape at `ptr`: element addresses, loads and stores in compute form."""

    def __init__(self, ptr: ir.Value, shape: Shape):
        self.ptr = ptr
        self.shape = shape
        self.etype = shape.etype
        self.stype = storage_type(shape.etype)
        self.is_complex = ELEMENT_TYPES[shape.etype].is_complex

    def _gep(self, b: ir.IRBuilder, offset: ir.Value) -> ir.Value:
        return b.gep(self.ptr, [offset], inbounds=True, source_etype=self.stype)

    def offset(self, b: ir.IRBuilder, index: Index) -> ir.Value:
        if self.shape.rank == 0:
            return const(I64, 0)
        return index.linear_in(b, self.shape)

    def load(self, b: ir.IRBuilder, index: Index):
        off = self.offset(b, index)
        if self.is_complex:
            off2 = b.shl(off, const(I64, 1))
            re = b.load(self._gep(b, off2), typ=self.stype)
            im = b.load(self._gep(b, b.or_(off2, const(I64, 1))), typ=self.stype)
            return Cplx(re, im)
        return load_convert(b, b.load(self._gep(b, off), typ=self.stype), self.etype)

    def store(self, b: ir.IRBuilder, index: Index, value) -> None:
        off = self.offset(b, index)
        if self.is_complex:
            off2 = b.shl(off, const(I64, 1))
            b.store(value.re, self._gep(b, off2))
            b.store(value.im, self._gep(b, b.or_(off2, const(I64, 1))))
            return
        b.store(store_convert(b, value, self.etype), self._gep(b, off))

    def generator(self, b: ir.IRBuilder) -> Generator:
        return lambda index: self.load(b, index)


# ------------------------------------------------------------------------------------------------
# constants


def scalar_constant(etype: str, value):
    """A compute-form LLVM constant for one element."""
    t = ELEMENT_TYPES[etype]
    if t.kind == "pred":
        return ir.Constant(I1, int(bool(value)))
    if t.kind in ("sint", "uint"):
        return const(ir.IntType(t.bits), int(value))
    if t.kind == "complex":
        ct = compute_type(etype)
        return Cplx(ir.Constant(ct, float(value.real)), ir.Constant(ct, float(value.imag)))
    return ir.Constant(compute_type(etype), float(value))


# ------------------------------------------------------------------------------------------------
# the generator


class Elemental:
    def __init__(self, b: ir.IRBuilder, sources: dict | None = None, constant_array=None,
                 reassoc_reducers: bool = True):
        self.b = b
        self.sources: dict[Instruction, object] = dict(sources or {})
        self._scopes: list[dict] = [{}]
        # Array constants are global buffers; the module emitter owns them.
        self.constant_array = constant_array
        self.reassoc_reducers = reassoc_reducers
        self.fast_flags: tuple[str, ...] = ()

    # -- caching
    def _lookup(self, key):
        for scope in reversed(self._scopes):
            if key in scope:
                return scope[key]
        return None

    def push_scope(self) -> None:
        self._scopes.append({})

    def pop_scope(self) -> None:
        self._scopes.pop()

    @contextlib.contextmanager
    def scope(self):
        """Values cached inside (e.g. in a loop body) are forgotten on exit: they do not dominate
        the code that follows."""
        self.push_scope()
        try:
            yield
        finally:
            self.pop_scope()

    # -- the entry point
    def value(self, instr: Instruction, index: Index):
        src = self.sources.get(instr)
        key = (instr, index.key())
        hit = self._lookup(key)
        if hit is not None:
            return hit
        if src is not None:
            if isinstance(src, TupleSource):
                raise CodegenError(f"tuple-shaped '{instr.name}' used as an array", instr.loc)
            v = src(index)
        else:
            entry = LOWERINGS.get(instr.opcode)
            rule = entry.rule if entry is not None else None
            if rule is None:
                raise CodegenError(f"the native backend cannot compute '{instr.opcode}' elementwise", instr.loc)
            v = rule(self, instr, index)
        self._scopes[-1][key] = v
        return v

    def operand(self, instr: Instruction, k: int, index: Index):
        op = instr.operands[k]
        if op.shape.rank == 0 and index.shape.rank != 0:
            return self.value(op, Index(op.shape, [], None))
        return self.value(op, index.for_shape(self.b, op.shape))

    def tuple_element(self, instr: Instruction, k: int, index: Index):
        """Element k of a tuple-shaped instruction at `index`."""
        src = self.sources.get(instr)
        if isinstance(src, TupleSource):
            return src.elements[k](index)
        if instr.opcode == "tuple":
            return self.value(instr.operands[k], index)
        v = self.value(instr, index)
        return v[k]

    # -- scalar computations (reducers, map, call bodies)
    def call_computation(self, comp: Computation, args: list, index: Index | None = None):
        """Evaluate `comp` with its parameters bound to scalar values (or generators)."""
        sub = Elemental(self.b, {}, self.constant_array, self.reassoc_reducers)
        sub.fast_flags = self.fast_flags
        for p, a in zip(comp.parameters, args):
            sub.sources[p] = a if callable(a) or isinstance(a, TupleSource) else (lambda _i, _a=a: _a)
        idx = index if index is not None else Index(Shape.scalar("s32"), [], None)
        root = comp.root
        if root.opcode == "tuple":
            return tuple(sub.value(o, idx.for_shape(self.b, o.shape) if o.shape.rank else
                                   Index(o.shape, [], None)) for o in root.operands)
        return sub.value(root, idx if root.shape.rank else Index(root.shape, [], None))


def _etype(instr: Instruction) -> str:
    return instr.shape.etype


def _round(em: Elemental, etype: str, v):
    """Round an f32 compute value of a narrow float type after an arithmetic op."""
    if etype in F32_COMPUTED and not isinstance(v, Cplx):
        return round_result(em.b, v, etype)
    return v


def _kind(etype: str) -> str:
    return ELEMENT_TYPES[etype].kind


# ------------------------------------------------------------------------------------------------
# unary


def _float_unary(em: Elemental, op: str, x):
    b = em.b
    if op == "abs":
        return intrinsic(b, "fabs", [x])
    if op == "negate":
        return b.fneg(x)
    if op == "floor":
        return intrinsic(b, "floor", [x])
    if op == "ceil":
        return intrinsic(b, "ceil", [x])
    if op == "round-nearest-afz":
        return intrinsic(b, "round", [x])
    if op == "round-nearest-even":
        return intrinsic(b, "roundeven", [x])
    if op == "sign":
        # copysign(x != 0 ? 1 : 0, x): +-0 for zeros (and for denormals under flush-to-zero)
        nonzero = b.uitofp(b.fcmp_ordered("!=", x, ir.Constant(x.type, 0.0)), x.type)
        s = intrinsic(b, "copysign", [nonzero, x])
        return b.select(b.fcmp_unordered("uno", x, x), x, s)
    if op == "sqrt":
        return mathfns.sqrt(b, x)
    if op == "rsqrt":
        return mathfns.rsqrt(b, x)
    if op == "cbrt":
        return mathfns.cbrt(b, x)
    if op == "exponential":
        return mathfns.exp(b, x)
    if op == "exponential-minus-one":
        return mathfns.expm1(b, x)
    if op == "log":
        return mathfns.log(b, x)
    if op == "log-plus-one":
        return mathfns.log1p(b, x)
    if op == "logistic":
        return mathfns.logistic(b, x)
    if op == "tanh":
        return mathfns.tanh(b, x)
    if op == "erf":
        return mathfns.erf(b, x)
    if op == "sine":
        return mathfns.sin(b, x)
    if op == "cosine":
        return mathfns.cos(b, x)
    if op == "tan":
        return mathfns.tan(b, x)
    raise AssertionError(op)


FLOAT_UNARY = frozenset({
    "abs", "negate", "floor", "ceil", "round-nearest-afz", "round-nearest-even", "sign", "sqrt", "rsqrt",
    "cbrt", "exponential", "exponential-minus-one", "log", "log-plus-one", "logistic", "tanh", "erf",
    "sine", "cosine", "tan",
})
INT_UNARY = frozenset({"abs", "negate", "sign", "not", "popcnt", "count-leading-zeros"})
COMPLEX_UNARY = frozenset({"abs", "negate", "real", "imag", *complexfns.UNARY})


@rule(*(FLOAT_UNARY | INT_UNARY | {"is-finite", "real", "imag"}))
def _unary(em: Elemental, instr: Instruction, index: Index):
    b = em.b
    op = instr.opcode
    in_et = instr.operands[0].shape.etype
    x = em.operand(instr, 0, index)
    kind = _kind(in_et)
    if kind == "complex":
        return _complex_unary(em, op, x, instr)
    if op == "is-finite":
        return b.fcmp_ordered("!=", intrinsic(b, "fabs", [x]), ir.Constant(x.type, float("inf")))
    if op == "real":
        return x
    if op == "imag":
        return ir.Constant(x.type, 0.0) if kind == "float" else const(x.type, 0)
    if kind == "float":
        return _round(em, in_et, _float_unary(em, op, x))
    if kind == "pred":
        if op == "not":
            return b.not_(x)
        raise CodegenError(f"'{op}' is not defined for pred", instr.loc)
    t = x.type
    signed = kind == "sint"
    if op == "abs":
        return b.select(b.icmp_signed(">=", x, const(t, 0)), x, b.neg(x)) if signed else x
    if op == "negate":
        return b.neg(x)
    if op == "sign":
        if not signed:
            return b.zext(b.icmp_unsigned("!=", x, const(t, 0)), t)
        return b.select(b.icmp_signed("==", x, const(t, 0)), const(t, 0),
                        b.or_(b.ashr(x, const(t, t.width - 1)), const(t, 1)))
    if op == "not":
        return b.not_(x)
    if op == "popcnt":
        return intrinsic(b, "ctpop", [x])
    if op == "count-leading-zeros":
        return intrinsic(b, "ctlz", [x, ir.Constant(I1, 0)])
    raise CodegenError(f"'{op}' is not defined for {in_et}", instr.loc)


def _complex_unary(em: Elemental, op: str, x: Cplx, instr: Instruction):
    b = em.b
    if op == "real":
        return x.re
    if op == "imag":
        return x.im
    if op == "negate":
        return Cplx(b.fneg(x.re), b.fneg(x.im))
    if op == "abs":
        return complexfns.abs_(b, x)
    if op in complexfns.UNARY:
        return complexfns.UNARY[op](b, x)
    raise CodegenError(f"'{op}' is not supported for complex numbers in the native backend", instr.loc)


# ------------------------------------------------------------------------------------------------
# binary


@rule("add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "power", "atan2",
      "and", "or", "xor", "shift-left", "shift-right-arithmetic", "shift-right-logical", "mulhi")
def _binary(em: Elemental, instr: Instruction, index: Index):
    op = instr.opcode
    et = instr.operands[0].shape.etype
    x = em.operand(instr, 0, index)
    y = em.operand(instr, 1, index)
    return binary_op(em, op, et, x, y, instr)


def _is_fneg(v) -> bool:
    return isinstance(v, ir.Instruction) and v.opname == "fneg"


def _fmul_hoisting_fneg(b: ir.IRBuilder, x, y, flags):
    """x*y with a negated factor's negation moved out: (-a)*y = -(a*y) exactly (rounding to nearest
    is symmetric), and a*y may then be a product the element computes anyway, which LLVM's CSE
    does not find through the fneg itself (ew_transc_4m's tanh(x) * exp(-x*x): x*x for tanh's
    polynomial and for exp, one vmulps less per vector)."""
    if _is_fneg(x) and _is_fneg(y):
        return b.fmul(x.operands[0], y.operands[0], flags=flags)
    if _is_fneg(x):
        return b.fneg(b.fmul(x.operands[0], y, flags=flags))
    if _is_fneg(y):
        return b.fneg(b.fmul(x, y.operands[0], flags=flags))
    return b.fmul(x, y, flags=flags)


def binary_op(em: Elemental, op: str, et: str, x, y, instr: Instruction | None = None):
    b = em.b
    kind = _kind(et)
    loc = instr.loc if instr is not None else None
    flags = em.fast_flags
    if kind == "complex":
        return _complex_binary(b, op, x, y, loc)
    if kind == "float":
        if op == "add":
            r = b.fadd(x, y, flags=flags)
        elif op == "subtract":
            r = b.fsub(x, y, flags=flags)
        elif op == "multiply":
            r = _fmul_hoisting_fneg(b, x, y, flags)
        elif op == "divide":
            r = b.fdiv(x, y)
        elif op == "remainder":
            r = b.frem(x, y)
        elif op == "maximum":
            r = intrinsic(b, "maximum", [x, y])
        elif op == "minimum":
            r = intrinsic(b, "minimum", [x, y])
        elif op == "power":
            r = mathfns.pow(b, x, y)
        elif op == "atan2":
            r = mathfns.atan2(b, x, y)
        else:
            raise CodegenError(f"'{op}' is not defined for {et}", loc)
        return _round(em, et, r)
    if kind == "pred":
        if op in ("add", "maximum", "or"):
            return b.or_(x, y)
        if op in ("multiply", "minimum", "and"):
            return b.and_(x, y)
        if op == "xor":
            return b.xor(x, y)
        raise CodegenError(f"'{op}' is not defined for pred", loc)
    signed = kind == "sint"
    t = x.type
    zero, one, minus1 = const(t, 0), const(t, 1), const(t, -1)
    if op == "add":
        return b.add(x, y)
    if op == "subtract":
        return b.sub(x, y)
    if op == "multiply":
        return b.mul(x, y)
    if op in ("divide", "remainder"):
        y_zero = b.icmp_unsigned("==", y, zero)
        if signed:
            int_min = const(t, 1 << (t.width - 1))
            overflow = b.and_(b.icmp_unsigned("==", x, int_min), b.icmp_unsigned("==", y, minus1))
            unsafe = b.or_(y_zero, overflow)
            safe_y = b.select(unsafe, one, y)
            if op == "divide":
                return b.select(y_zero, minus1, b.select(overflow, int_min, b.sdiv(x, safe_y)))
            return b.select(y_zero, x, b.select(overflow, zero, b.srem(x, safe_y)))
        safe_y = b.select(y_zero, one, y)
        if op == "divide":
            return b.select(y_zero, minus1, b.udiv(x, safe_y))
        return b.select(y_zero, x, b.urem(x, safe_y))
    if op == "maximum":
        return b.select(b.icmp_signed(">=", x, y) if signed else b.icmp_unsigned(">=", x, y), x, y)
    if op == "minimum":
        return b.select(b.icmp_signed("<=", x, y) if signed else b.icmp_unsigned("<=", x, y), x, y)
    if op == "and":
        return b.and_(x, y)
    if op == "or":
        return b.or_(x, y)
    if op == "xor":
        return b.xor(x, y)
    if op in ("shift-left", "shift-right-arithmetic", "shift-right-logical"):
        in_range = b.icmp_unsigned("<", y, const(t, t.width))
        if op == "shift-left":
            return b.select(in_range, b.shl(x, y), zero)
        if op == "shift-right-logical":
            return b.select(in_range, b.lshr(x, y), zero)
        sat = b.select(b.icmp_signed("<", x, zero), minus1, zero)
        return b.select(in_range, b.ashr(x, y), sat)
    if op == "power":
        # XLA:CPU's (the mhlo lowering's): squaring over the exponent's low 6 bits; an exponent of
        # 64 or more (unsigned) gives 0 for an even base, whose 64th power is 0 mod 2^64; a
        # negative one gives 1 for base 1, +-1 by parity for base -1, 0 otherwise.
        acc, base, e = one, x, y
        for _ in range(6):
            bit = b.icmp_unsigned("==", b.and_(e, one), one)
            acc = b.select(bit, b.mul(acc, base), acc)
            base = b.mul(base, base)
            e = b.lshr(e, one)
        even_base = b.icmp_unsigned("==", b.and_(x, one), zero)
        big = b.icmp_unsigned(">=", y, const(t, 64))
        acc = b.select(b.and_(big, even_base), zero, acc)
        if not signed:
            return acc
        odd_exp = b.icmp_unsigned("==", b.and_(y, one), one)
        minus_one_pow = b.select(odd_exp, minus1, one)
        neg = b.select(b.icmp_signed("==", x, one), one,
                       b.select(b.icmp_signed("==", x, minus1), minus_one_pow, zero))
        return b.select(b.icmp_signed("<", y, zero), neg, acc)
    if op == "mulhi":
        wide = ir.IntType(t.width * 2)
        ext = b.sext if signed else b.zext
        p = b.mul(ext(x, wide), ext(y, wide))
        return b.trunc(b.lshr(p, const(wide, t.width)), t)
    raise CodegenError(f"'{op}' is not defined for {et}", loc)


def _complex_binary(b: ir.IRBuilder, op: str, x: Cplx, y: Cplx, loc):
    if op == "add":
        return Cplx(b.fadd(x.re, y.re), b.fadd(x.im, y.im))
    if op == "subtract":
        return Cplx(b.fsub(x.re, y.re), b.fsub(x.im, y.im))
    if op == "multiply":
        return Cplx(b.fsub(b.fmul(x.re, y.re), b.fmul(x.im, y.im)),
                    b.fadd(b.fmul(x.re, y.im), b.fmul(x.im, y.re)))
    if op == "divide":
        return complexfns.divide(b, x, y)
    if op == "power":
        return complexfns.power(b, x, y)
    raise CodegenError(f"'{op}' is not supported for complex numbers in the native backend", loc)


@rule("complex")
def _complex(em: Elemental, instr: Instruction, index: Index):
    return Cplx(em.operand(instr, 0, index), em.operand(instr, 1, index))


# ------------------------------------------------------------------------------------------------
# compare, select, clamp


def _total_order_key(b: ir.IRBuilder, x: ir.Value) -> ir.Value:
    """An integer whose signed order is the IEEE total order of the float x."""
    it = ir.IntType(64 if isinstance(x.type, ir.DoubleType) else 32)
    bits = b.bitcast(x, it)
    mask = b.lshr(b.ashr(bits, const(it, it.width - 1)), const(it, 1))
    return b.xor(bits, mask)


@rule("compare")
def _compare(em: Elemental, instr: Instruction, index: Index):
    b = em.b
    x = em.operand(instr, 0, index)
    y = em.operand(instr, 1, index)
    et = instr.operands[0].shape.etype
    d = instr.attrs["direction"]
    ctype = instr.attrs.get("type")
    if instr.attrs.get("order") == "TOTAL":
        ctype = "TOTALORDER"
    kind = _kind(et)
    sym = {"EQ": "==", "NE": "!=", "LT": "<", "LE": "<=", "GT": ">", "GE": ">="}[d]
    if kind == "complex":
        eq = b.and_(b.fcmp_ordered("==", x.re, y.re), b.fcmp_ordered("==", x.im, y.im))
        if d == "EQ":
            return eq
        if d == "NE":
            return b.or_(b.fcmp_unordered("!=", x.re, y.re), b.fcmp_unordered("!=", x.im, y.im))
        raise CodegenError(f"compare {d} is not defined for complex numbers", instr.loc)
    if kind == "float":
        if ctype == "TOTALORDER":
            return b.icmp_signed(sym, _total_order_key(b, x), _total_order_key(b, y))
        if d == "NE":
            return b.fcmp_unordered("!=", x, y)
        return b.fcmp_ordered(sym, x, y)
    if kind == "sint" or ctype == "SIGNED":
        return b.icmp_signed(sym, x, y)
    return b.icmp_unsigned(sym, x, y)


@rule("select")
def _select(em: Elemental, instr: Instruction, index: Index):
    p = em.operand(instr, 0, index)
    t = em.operand(instr, 1, index)
    f = em.operand(instr, 2, index)
    if isinstance(t, Cplx):
        return Cplx(em.b.select(p, t.re, f.re), em.b.select(p, t.im, f.im))
    return em.b.select(p, t, f)


@rule("clamp")
def _clamp(em: Elemental, instr: Instruction, index: Index):
    lo = em.operand(instr, 0, index)
    x = em.operand(instr, 1, index)
    hi = em.operand(instr, 2, index)
    et = _etype(instr)
    return binary_op(em, "minimum", et, hi, binary_op(em, "maximum", et, lo, x))


# ------------------------------------------------------------------------------------------------
# conversions


def convert_value(em: Elemental, x, src: str, dst: str, loc=None):
    b = em.b
    if src == dst:
        return x
    sk, dk = _kind(src), _kind(dst)
    if dk == "complex":
        ct = compute_type(dst)
        if sk == "complex":
            conv = (lambda v: b.fpext(v, ct)) if dst == "c128" else (lambda v: b.fptrunc(v, ct))
            return Cplx(conv(x.re), conv(x.im))
        re = convert_value(em, x, src, "f64" if dst == "c128" else "f32", loc)
        return Cplx(re, ir.Constant(ct, 0.0))
    if sk == "complex":
        raise CodegenError(f"convert from {src} to {dst} is not supported (take real() first)", loc)
    if sk == "pred":
        if dk == "pred":
            return x
        if dk in ("sint", "uint"):
            return b.zext(x, compute_type(dst))
        return convert_value(em, b.uitofp(x, F32), "f32", dst, loc)
    if sk in ("sint", "uint"):
        signed = sk == "sint"
        if dk == "pred":
            return b.icmp_unsigned("!=", x, const(x.type, 0))
        if dk in ("sint", "uint"):
            t = compute_type(dst)
            if t.width == x.type.width:
                return x
            if t.width < x.type.width:
                return b.trunc(x, t)
            return b.sext(x, t) if signed else b.zext(x, t)
        to_fp = b.sitofp if signed else b.uitofp
        if dst in ("f32", "f64"):
            return to_fp(x, compute_type(dst))
        # narrow floats: through f64 (exact for <= 53-bit ints), then one rounding (round-to-odd)
        return load_convert(b, narrow_to_storage(b, to_fp(x, F64), dst), dst)
    # float source (compute f32 or f64)
    if dk == "pred":
        return b.fcmp_unordered("!=", x, ir.Constant(x.type, 0.0))
    if dk == "float":
        if dst == "f64":
            return b.fpext(x, F64) if isinstance(x.type, ir.FloatType) else x
        if dst == "f32":
            return b.fptrunc(x, F32) if isinstance(x.type, ir.DoubleType) else x
        if src in F32_COMPUTED and dst in F32_COMPUTED and _wider_float(dst, src):
            return x  # exact widening between narrow types (e.g. f8 -> f16)
        if dst == "f8e8m0fnu":
            raise CodegenError("convert to f8e8m0fnu is not supported by the native backend", loc)
        return load_convert(b, narrow_to_storage(b, x, dst), dst)
    # float -> int, saturating, NaN -> 0 (XLA)
    t = compute_type(dst)
    ft = x.type
    if dk == "sint":
        lo, hi = -(1 << (t.width - 1)), (1 << (t.width - 1)) - 1
        r = b.fptosi(x, t)
        r = b.select(b.fcmp_ordered("<=", x, ir.Constant(ft, float(lo))), const(t, lo), r)
        r = b.select(b.fcmp_ordered(">=", x, ir.Constant(ft, float(hi))), const(t, hi), r)
        return b.select(b.fcmp_unordered("uno", x, x), const(t, 0), r)
    hi = (1 << t.width) - 1
    r = b.fptoui(x, t)
    r = b.select(b.fcmp_unordered("<=", x, ir.Constant(ft, 0.0)), const(t, 0), r)
    return b.select(b.fcmp_ordered(">=", x, ir.Constant(ft, float(hi))), const(t, hi), r)


def _wider_float(a: str, b_: str) -> bool:
    """Whether every value of float type b_ is a value of float type a."""
    fa, fb = finfo(a), finfo(b_)
    return (fa.nmant >= fb.nmant and float(fa.max) >= float(fb.max)
            and float(fa.smallest_subnormal) <= float(fb.smallest_subnormal) and a != "f8e8m0fnu")


@rule("convert")
def _convert(em: Elemental, instr: Instruction, index: Index):
    x = em.operand(instr, 0, index)
    return convert_value(em, x, instr.operands[0].shape.etype, _etype(instr), instr.loc)


def _to_bits(b: ir.IRBuilder, x, etype: str) -> ir.Value:
    """The bit pattern of a compute value as an integer of the type's width."""
    t = ELEMENT_TYPES[etype]
    if t.kind in ("sint", "uint"):
        return x
    if t.kind == "pred":
        return b.zext(x, ir.IntType(8))
    v = store_convert(b, x, etype)
    return v if isinstance(v.type, ir.IntType) else b.bitcast(v, ir.IntType(t.bits))


def _from_bits(b: ir.IRBuilder, bits: ir.Value, etype: str):
    t = ELEMENT_TYPES[etype]
    if t.kind in ("sint", "uint"):
        return bits
    if t.kind == "pred":
        return b.icmp_unsigned("!=", bits, const(bits.type, 0))
    st = storage_type(etype)
    return load_convert(b, bits if isinstance(st, ir.IntType) else b.bitcast(bits, st), etype)


@rule("bitcast-convert")
def _bitcast_convert(em: Elemental, instr: Instruction, index: Index):
    """Same width: the same bits. Different widths (XLA's rule, little-endian): a wide element is k
    narrow ones along a new minor-most dimension, least significant first, and the other way round."""
    b = em.b
    src, dst = instr.operands[0].shape.etype, _etype(instr)
    sbits, dbits = ELEMENT_TYPES[src].bits, ELEMENT_TYPES[dst].bits
    if _kind(src) == "complex" or _kind(dst) == "complex":
        raise CodegenError(f"bitcast-convert from {src} to {dst} is not supported", instr.loc)
    op = instr.operands[0]
    if sbits == dbits:
        return _from_bits(b, _to_bits(b, em.operand(instr, 0, index), src), dst)
    multi = index.get_multi(b) if instr.shape.rank else []
    if sbits > dbits:  # one wide element -> k narrow ones
        x = _to_bits(b, em.value(op, Index(op.shape, multi[:-1], None) if op.shape.rank else
                                 _scalar_index(op.shape)), src)
        shift = b.mul(b.zext(multi[-1], x.type) if x.type.width > 64 else b.trunc(multi[-1], x.type)
                      if x.type.width < 64 else multi[-1], const(x.type, dbits))
        return _from_bits(b, b.trunc(b.lshr(x, shift), ir.IntType(dbits)), dst)
    k = dbits // sbits
    wide = ir.IntType(dbits)
    acc = const(wide, 0)
    for j in range(k):
        part = _to_bits(b, em.value(op, Index(op.shape, list(multi) + [const(I64, j)], None)), src)
        acc = b.or_(acc, b.shl(b.zext(part, wide), const(wide, j * sbits)))
    return _from_bits(b, acc, dst)


@rule("reduce-precision")
def _reduce_precision(em: Elemental, instr: Instruction, index: Index):
    b = em.b
    x = em.operand(instr, 0, index)
    ebits, mbits = instr.attrs["exponent_bits"], instr.attrs["mantissa_bits"]
    is64 = isinstance(x.type, ir.DoubleType)
    it = ir.IntType(64 if is64 else 32)
    nbits = it.width
    src_m = 52 if is64 else 23
    src_e = nbits - 1 - src_m
    xi = b.bitcast(x, it)
    sign_mask = 1 << (nbits - 1)
    exp_mask = ((1 << src_e) - 1) << src_m
    x_abs = b.and_(xi, const(it, ~sign_mask))
    is_nan = b.icmp_unsigned(">", x_abs, const(it, exp_mask))
    if mbits < src_m:
        last = 1 << (src_m - mbits)
        base_bias = (last >> 1) - 1
        last_bit = b.lshr(b.and_(xi, const(it, last)), const(it, src_m - mbits))
        xi = b.and_(b.add(xi, b.add(last_bit, const(it, base_bias))), const(it, ~(last - 1)))
    if ebits < src_e:
        bias = (1 << (src_e - 1)) - 1
        rbias = (1 << (ebits - 1)) - 1
        xe = b.and_(xi, const(it, exp_mask))
        over = b.icmp_unsigned(">", xe, const(it, (bias + rbias) << src_m))
        under = b.icmp_unsigned("<=", xe, const(it, (bias - rbias) << src_m))
        szero = b.and_(xi, const(it, sign_mask))
        sinf = b.or_(szero, const(it, exp_mask))
        xi = b.select(over, sinf, xi)
        xi = b.select(under, szero, xi)
    r = b.select(is_nan, x, b.bitcast(xi, x.type))  # NaN stays NaN, as XLA:CPU keeps it (0 mantissa bits too)
    return _round(em, _etype(instr), r)


# ------------------------------------------------------------------------------------------------
# constants, iota, parameters


@rule("constant")
def _constant(em: Elemental, instr: Instruction, index: Index):
    from ....ir.literal import literal_value

    lit = literal_value(instr.literal)
    if instr.shape.rank == 0 or lit.size == 1:
        return scalar_constant(_etype(instr), lit.reshape(-1)[0])
    if em.constant_array is None:
        raise CodegenError("array constant without a buffer", instr.loc)
    return em.constant_array(instr).load(em.b, index)


@rule("iota")
def _iota(em: Elemental, instr: Instruction, index: Index):
    b = em.b
    i = index.get_multi(b)[instr.attrs["iota_dimension"]]
    et = _etype(instr)
    kind = _kind(et)
    if kind in ("sint", "uint"):
        t = compute_type(et)
        return b.trunc(i, t) if t.width < 64 else i
    if kind == "pred":
        return b.icmp_unsigned("!=", i, const(I64, 0))
    if kind == "complex":
        ct = compute_type(et)
        return Cplx(b.uitofp(i, ct), ir.Constant(ct, 0.0))
    return convert_value(em, i, "s64", et, instr.loc)


# ------------------------------------------------------------------------------------------------
# data movement: index remapping


def _scalar_index(shape: Shape) -> Index:
    return Index(shape, [], None)


@rule("copy", "opt-barrier")
def _copy(em: Elemental, instr: Instruction, index: Index):
    return em.operand(instr, 0, index)


@rule("broadcast")
def _broadcast(em: Elemental, instr: Instruction, index: Index):
    op = instr.operands[0]
    if op.shape.rank == 0:
        return em.value(op, _scalar_index(op.shape))
    multi = index.get_multi(em.b)
    dims = instr.dimensions
    return em.value(op, Index(op.shape, [multi[d] for d in dims], None))


def _reshape_index(b: ir.IRBuilder, index: Index, out: Shape, src: Shape) -> Index:
    """The operand index holding the same row-major (logical) position.

    The dims are cut into common-factor groups (a reshape only mixes positions within a group) and
    each group is re-indexed on its own: a dimension the reshape keeps passes through unchanged, so
    an innermost loop over it carries no division and vectorises."""
    if src.rank == 0:
        return _scalar_index(src)
    src_rm = Shape(src.etype, src.dims)  # default layout: physical order = row-major order
    src_is_rm = src.minor_to_major == src_rm.minor_to_major
    if index.multi is None and index.linear is not None and src_is_rm and \
            out.minor_to_major == Shape(out.etype, out.dims).minor_to_major:
        return Index(src, None, index.linear)  # both row-major: the same physical offset
    groups = common_factors(out.dims, src.dims)
    if len(groups) <= 2:  # one group: no dimension survives the reshape
        lin = linearize(b, index.get_multi(b), Shape(out.etype, out.dims))
        return Index(src, None, lin) if src_is_rm else Index(src, delinearize(b, lin, src_rm), None)
    multi = index.get_multi(b)
    src_multi: list[ir.Value] = []
    for (i0, j0), (i1, j1) in zip(groups, groups[1:]):
        if j1 == j0:  # size-1 dims of out only
            continue
        if i1 - i0 == 1 and j1 - j0 == 1:
            src_multi.append(multi[i0])
            continue
        lin = linearize(b, multi[i0:i1], Shape(out.etype, out.dims[i0:i1]))
        src_multi.extend(delinearize(b, lin, Shape(src.etype, src.dims[j0:j1])))
    return Index(src, src_multi, None)


@rule("reshape")
def _reshape(em: Elemental, instr: Instruction, index: Index):
    op = instr.operands[0]
    if op.shape.dims == instr.shape.dims:
        return em.value(op, index.for_shape(em.b, op.shape))
    return em.value(op, _reshape_index(em.b, index, instr.shape, op.shape))


@rule("bitcast")
def _bitcast(em: Elemental, instr: Instruction, index: Index):
    """Same bytes, another shape/layout: the operand element at the same physical offset (its bits
    reinterpreted when the element type changes at the same width, as XLA's sort comparators do)."""
    b = em.b
    op = instr.operands[0]
    src, dst = op.shape.etype, instr.shape.etype
    if src != dst and (ELEMENT_TYPES[src].bits != ELEMENT_TYPES[dst].bits
                       or "complex" in (_kind(src), _kind(dst))):
        raise CodegenError(f"bitcast from {src} to {dst} changes the element size (use bitcast-convert)",
                           instr.loc)
    lin = index.linear_in(b, instr.shape) if instr.shape.rank else const(I64, 0)
    v = em.value(op, Index(op.shape, None, lin) if op.shape.rank else _scalar_index(op.shape))
    return v if src == dst else _from_bits(b, _to_bits(b, v, src), dst)


@rule("transpose")
def _transpose(em: Elemental, instr: Instruction, index: Index):
    op = instr.operands[0]
    multi = index.get_multi(em.b)
    src = [None] * op.shape.rank
    for out_d, in_d in enumerate(instr.dimensions):
        src[in_d] = multi[out_d]
    return em.value(op, Index(op.shape, src, None))


@rule("slice")
def _slice(em: Elemental, instr: Instruction, index: Index):
    b = em.b
    op = instr.operands[0]
    multi = index.get_multi(b)
    src = []
    for d, sr in enumerate(instr.attrs["slice"]):
        i = multi[d]
        if sr.stride != 1:
            i = b.mul(i, const(I64, sr.stride), flags=["nuw", "nsw"])
        if sr.start:
            i = b.add(i, const(I64, sr.start), flags=["nuw", "nsw"])
        src.append(i)
    return em.value(op, Index(op.shape, src, None))


@rule("reverse")
def _reverse(em: Elemental, instr: Instruction, index: Index):
    b = em.b
    op = instr.operands[0]
    multi = list(index.get_multi(b))
    for d in instr.dimensions:
        multi[d] = b.sub(const(I64, op.shape.dims[d] - 1), multi[d])
    return em.value(op, Index(op.shape, multi, None))


def _clamp_i64(b, v, lo: int, hi: int):
    v = b.select(b.icmp_signed("<", v, const(I64, lo)), const(I64, lo), v)
    return b.select(b.icmp_signed(">", v, const(I64, hi)), const(I64, hi), v)


@rule("pad")
def _pad(em: Elemental, instr: Instruction, index: Index):
    """In range of the operand (after low/interior padding): the operand element, else the pad value.
    The operand is read at a clamped index and the result selected (branch-free)."""
    b = em.b
    op = instr.operands[0]
    multi = index.get_multi(b)
    inside = ir.Constant(I1, 1)
    src = []
    for d, pd in enumerate(instr.attrs["padding"]):
        n = op.shape.dims[d]
        t = b.sub(multi[d], const(I64, pd.lo)) if pd.lo else multi[d]
        step = pd.interior + 1
        if step != 1:
            # t must be >= 0, a multiple of step, and t/step < n
            nonneg = b.icmp_signed(">=", t, const(I64, 0))
            q = b.sdiv(t, const(I64, step))
            on_grid = b.icmp_signed("==", b.srem(t, const(I64, step)), const(I64, 0))
            ok = b.and_(b.and_(nonneg, on_grid), b.icmp_signed("<", q, const(I64, n)))
        else:
            q = t
            ok = b.and_(b.icmp_signed(">=", t, const(I64, 0)), b.icmp_signed("<", t, const(I64, n)))
        inside = b.and_(inside, ok)
        src.append(_clamp_i64(b, q, 0, max(0, n - 1)))
    pad_value = em.value(instr.operands[1], _scalar_index(instr.operands[1].shape))
    if op.shape.num_elements == 0:
        return pad_value
    v = em.value(op, Index(op.shape, src, None))
    return _select_value(b, inside, v, pad_value)


def _select_value(b, cond, t, f):
    if isinstance(t, Cplx):
        return Cplx(b.select(cond, t.re, f.re), b.select(cond, t.im, f.im))
    return b.select(cond, t, f)


@rule("concatenate")
def _concatenate(em: Elemental, instr: Instruction, index: Index):
    b = em.b
    dim = instr.dimensions[0]
    multi = index.get_multi(b)
    i = multi[dim]
    result = None
    start = 0
    for op in instr.operands:
        n = op.shape.dims[dim]
        if n == 0:
            continue
        local = _clamp_i64(b, b.sub(i, const(I64, start)), 0, n - 1)
        src = list(multi)
        src[dim] = local
        v = em.value(op, Index(op.shape, src, None))
        if result is None:
            result = v
        else:
            result = _select_value(b, b.icmp_signed(">=", i, const(I64, start)), v, result)
        start += n
    return result


def _start_indices(em: Elemental, instr: Instruction, first: int, sizes, dims):
    """Clamped start indices of dynamic-(update-)slice: clamp(start, 0, dim - size)."""
    b = em.b
    out = []
    for k in range(len(dims)):
        s_instr = instr.operands[first + k]
        s = em.value(s_instr, _scalar_index(s_instr.shape))
        hi = const(I64, max(0, dims[k] - sizes[k]))
        if _kind(s_instr.shape.etype) == "sint":
            out.append(_clamp_i64(b, b.sext(s, I64) if s.type.width < 64 else s, 0, max(0, dims[k] - sizes[k])))
        else:  # unsigned: a u64 start of 2**64-1 is huge, not -1 (XLA clamps it to the top)
            s = b.zext(s, I64) if s.type.width < 64 else s
            out.append(b.select(b.icmp_unsigned(">", s, hi), hi, s))
    return out


@rule("dynamic-slice")
def _dynamic_slice(em: Elemental, instr: Instruction, index: Index):
    b = em.b
    op = instr.operands[0]
    if len(instr.operands) == 2 and instr.operands[1].shape.rank == 1:
        raise CodegenError("dynamic-slice with a start-index vector is not supported", instr.loc)
    starts = _start_indices(em, instr, 1, instr.attrs["dynamic_slice_sizes"], op.shape.dims)
    multi = index.get_multi(b)
    return em.value(op, Index(op.shape, [b.add(m, s) for m, s in zip(multi, starts)], None))


@rule("dynamic-update-slice")
def _dynamic_update_slice(em: Elemental, instr: Instruction, index: Index):
    b = em.b
    op, upd = instr.operands[0], instr.operands[1]
    starts = _start_indices(em, instr, 2, upd.shape.dims, op.shape.dims)
    multi = index.get_multi(b)
    inside = ir.Constant(I1, 1)
    src = []
    for d, (m, s) in enumerate(zip(multi, starts)):
        t = b.sub(m, s)
        n = upd.shape.dims[d]
        inside = b.and_(inside, b.and_(b.icmp_signed(">=", t, const(I64, 0)), b.icmp_signed("<", t, const(I64, n))))
        src.append(_clamp_i64(b, t, 0, max(0, n - 1)))
    base = em.value(op, index.for_shape(b, op.shape))
    if upd.shape.num_elements == 0:
        return base
    return _select_value(b, inside, em.value(upd, Index(upd.shape, src, None)), base)


@rule("get-tuple-element")
def _gte(em: Elemental, instr: Instruction, index: Index):
    return em.tuple_element(instr.operands[0], instr.attrs["index"], index)


@rule("tuple")
def _tuple(em: Elemental, instr: Instruction, index: Index):
    return tuple(em.value(o, index.for_shape(em.b, o.shape) if o.shape.rank else _scalar_index(o.shape))
                 for o in instr.operands)


# ------------------------------------------------------------------------------------------------
# calls, map, reduce inside a fused computation


@rule("call")
def _call(em: Elemental, instr: Instruction, index: Index):
    comp = instr.attrs["to_apply"]
    args = [_operand_generator(em, o) for o in instr.operands]
    return em.call_computation(comp, args, index)


def _operand_generator(em: Elemental, op: Instruction):
    if op.shape.is_tuple:
        return TupleSource([(lambda i, k=k: em.tuple_element(op, k, i)) for k in range(len(op.shape.tuple_shapes))])
    if op.shape.rank == 0:
        return lambda _i: em.value(op, _scalar_index(op.shape))
    return lambda i: em.value(op, i.for_shape(em.b, op.shape))


@rule("map")
def _map(em: Elemental, instr: Instruction, index: Index):
    args = [em.operand(instr, k, index) for k in range(len(instr.operands))]
    return em.call_computation(instr.attrs["to_apply"], args)


def reducer_fast_flags(comp: Computation) -> tuple[str, ...]:
    """`reassoc` for a reducer that is one associative float op (XLA:CPU's rule: reductions whose
    reducer has a single fast-math op get reassoc), which lets LLVM vectorise the reduction."""
    ops = [i for i in comp.instructions if i.opcode != "parameter"]
    if len(ops) == 1 and ops[0] is comp.root and ops[0].opcode in ("add", "multiply", "maximum", "minimum") \
            and ELEMENT_TYPES[ops[0].shape.etype].kind == "float" and ops[0].shape.etype in ("f32", "f64"):
        return ("reassoc",)
    return ()


def emit_reduce_step(em: Elemental, comp: Computation, accs: list, xs: list) -> list:
    """One application of a reducer computation to accumulators and new elements (inlined)."""
    sub_flags = em.fast_flags
    em.fast_flags = reducer_fast_flags(comp) if em.reassoc_reducers else ()
    try:
        out = em.call_computation(comp, list(accs) + list(xs))
    finally:
        em.fast_flags = sub_flags
    return list(out) if comp.root.shape.is_tuple else [out]  # (a complex Cplx is a tuple too)


class Accumulators:
    """Loop-carried scalar values kept in allocas (SROA turns them into phis)."""

    def __init__(self, b: ir.IRBuilder, values: list):
        self.b = b
        self.slots = []
        fn = b.function
        entry = fn.entry_basic_block
        with b.goto_block(entry):
            if entry.instructions:
                b.position_before(entry.instructions[0])
            for v in values:
                if isinstance(v, Cplx):
                    self.slots.append(Cplx(b.alloca(v.re.type), b.alloca(v.im.type)))
                else:
                    self.slots.append(b.alloca(v.type))
        self.set(values)

    def get(self) -> list:
        b = self.b
        out = []
        for s in self.slots:
            if isinstance(s, Cplx):
                out.append(Cplx(b.load(s.re), b.load(s.im)))
            else:
                out.append(b.load(s))
        return out

    def set(self, values) -> None:
        for s, v in zip(self.slots, values):
            if isinstance(s, Cplx):
                self.b.store(v.re, s.re)
                self.b.store(v.im, s.im)
            else:
                self.b.store(v, s)


@rule("reduce")
def _reduce(em: Elemental, instr: Instruction, index: Index):
    """One output element of a reduce: a loop nest over the reduced dimensions."""
    b = em.b
    n = len(instr.operands) // 2
    inputs, inits = instr.operands[:n], instr.operands[n:]
    in_shape = inputs[0].shape
    dims = set(instr.dimensions)
    kept = [d for d in range(in_shape.rank) if d not in dims]
    out_multi = index.get_multi(b) if kept else []
    init_values = [em.value(i, _scalar_index(i.shape)) for i in inits]
    if needs_tree(instr):  # f16/bf16: XLA:CPU's order (reduce_order.py)
        rdims = sorted(dims)

        def leaf(pos):
            src = [None] * in_shape.rank
            for d, p in zip(rdims, pos):
                src[d] = p
            for k, d in enumerate(kept):
                src[d] = out_multi[k]
            return [em.value(inp, Index(inp.shape, src, None)) for inp in inputs]

        def step(accs, xs):
            accs.set(emit_reduce_step(em, instr.attrs["to_apply"], accs.get(), xs))

        return emit_tree_fold(b, em.scope, [in_shape.dims[d] for d in rdims], leaf,
                              lambda: Accumulators(b, init_values), step)[0]
    accs = Accumulators(b, init_values)
    with em.scope(), loop_nest(b, in_shape, "r", dims, hint=ROWS) as rmulti:
        src = list(rmulti)
        for k, d in enumerate(kept):
            src[d] = out_multi[k]
        xs = [em.value(inp, Index(inp.shape, src, None)) for inp in inputs]
        accs.set(emit_reduce_step(em, instr.attrs["to_apply"], accs.get(), xs))
    vals = accs.get()
    return tuple(vals) if instr.shape.is_tuple else vals[0]


# ------------------------------------------------------------------------------------------------
# support checks (before any IR is generated: LLVM aborts on invalid IR)

def check_instruction(instr: Instruction) -> None:
    """Raise CodegenError if `instr` cannot be computed elementwise by this backend."""
    op = instr.opcode
    if op == "parameter":
        return
    entry = LOWERINGS.get(op)
    if entry is None or entry.rule is None:
        raise CodegenError(f"the native backend does not support '{op}' here", instr.loc)
    if entry.rule_check is not None:
        entry.rule_check(instr)
    for s in [instr.shape] + [o.shape for o in instr.operands]:
        for leaf in s.leaves():
            if not leaf.is_array:
                raise CodegenError(f"'{op}' on {leaf} is not supported by the native backend", instr.loc)
            if not leaf.is_static:
                raise CodegenError(f"dynamic shapes ({leaf}) are not supported by the native backend", instr.loc)
    et = instr.operands[0].shape.etype if instr.operands and not instr.operands[0].shape.is_tuple else None
    if op in ELEMENTWISE and et is not None:
        kind = _kind(et)
        if kind == "complex" and op not in COMPLEX_UNARY | {"add", "subtract", "multiply", "divide", "power",
                                                            "compare", "select", "convert", "real", "imag"}:
            raise CodegenError(f"'{op}' on {et} is not supported by the native backend", instr.loc)
        if et == "f8e8m0fnu" and op not in ("convert", "bitcast-convert", "compare", "select"):
            raise CodegenError(f"'{op}' on {et}: only conversions are supported for {et}", instr.loc)
        if kind in ("sint", "uint", "pred") and op in FLOAT_UNARY - INT_UNARY:
            raise CodegenError(f"'{op}' is not defined for {et}", instr.loc)
    if op == "convert" and _etype(instr) == "f8e8m0fnu":
        raise CodegenError("convert to f8e8m0fnu is not supported by the native backend", instr.loc)
    for comp in instr.called_computations:
        for sub in comp.instructions:
            check_instruction(sub)


