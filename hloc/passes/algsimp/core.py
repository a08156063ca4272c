"""The machinery every algsimp rule file shares: the rule registry, the per-run context (`Simplifier`)
with its instruction builders, and the small matchers the rules are written with.

A rule is a function `(instr, s) -> Instruction | bool | None` registered for one or more opcodes:

    @rule("add")
    def add_zero(x, s):
        # A + 0 => A
        a, b = x.operands
        if s.is_zero_identity(b, "add"):
            return a

Return the instruction that replaces `x` (an existing one or one built with `s.<builder>`), True
after changing `x` in place, or None when the rule does not apply. Rules are tried in file order;
the first one that fires wins, and the driver revisits the computation until nothing fires.
Builders give new instructions default layouts; the driver only replaces `x` by an instruction of
exactly `x`'s shape, and the final replacement takes over `x`'s name.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

import numpy as np

from ...ir.attrs import SliceRange
from ...ir.literal import ElidedLiteral
from ...ir.module import Computation, Instruction, Module
from ...ir.raw_literal import RAW_ETYPES, RawLiteral, bf16_bits_from_f64, bf16_round
from ...ir.types import ELEMENT_TYPES, Shape, iinfo
from ..naming import ModuleNames
from ..rewrite import SideEffects

Rule = Callable[[Instruction, "Simplifier"], "Instruction | bool | None"]
RULES: dict[str, list[Rule]] = {}


def rule(*opcodes: str):
    """Register a rule for these opcodes (tried in registration order)."""

    def register(fn: Rule) -> Rule:
        for op in opcodes:
            RULES.setdefault(op, []).append(fn)
        return fn

    return register


# ------------------------------------------------------------------------------------------ matchers


def literal_of(instr: Instruction) -> np.ndarray | None:
    """The values of a (non-elided, array) constant, else None."""
    if instr.opcode != "constant":
        return None
    lit = instr.literal
    if lit is None or isinstance(lit, (ElidedLiteral, tuple)):
        return None
    return np.asarray(lit)


def splat_value(instr: Instruction) -> np.ndarray | None:
    """The single value every element of `instr` has, as a 0-d array, when `instr` is a constant
    whose elements are all equal, or a broadcast (chain) of one; else None. (XLA's IsAll unwraps
    broadcasts the same way.)"""
    while instr.opcode == "broadcast":
        instr = instr.operands[0]
    lit = literal_of(instr)
    if lit is None or lit.size == 0:
        return None
    flat = lit.reshape(-1)
    first = flat[0]
    if flat.size > 1:
        same = flat.view(_uint_view(flat.dtype)) == flat[:1].view(_uint_view(flat.dtype)) \
            if _uint_view(flat.dtype) is not None else flat == first
        if not np.all(same):
            return None
    return np.asarray(first)


def _uint_view(dtype: np.dtype):
    """Compare bit patterns (so -0.0 != 0.0 and equal NaNs match) where the width allows it."""
    return {1: np.uint8, 2: np.uint16, 4: np.uint32, 8: np.uint64}.get(dtype.itemsize) if dtype.kind == "f" \
        or dtype.name in ("bfloat16",) else None


def _exact_number(value) -> bool:
    """A Python float, or a bool or int that float32 holds exactly: every cast of it to bf16 agrees."""
    t = type(value)
    return t is float or t is bool or (t is int and -(1 << 24) <= value <= 1 << 24)


def _repeated_constant(instr: Instruction) -> Instruction | None:
    """The constant `instr` is, or the one a broadcast chain repeats; None for anything else (most
    operands the matchers below look at, so they ask this first)."""
    while instr.opcode == "broadcast":
        instr = instr.operands[0]
    return instr if instr.opcode == "constant" else None


def _raw_bits(constant: Instruction) -> RawLiteral | None:
    """The bits of a bf16 constant not yet read as an array: questions about its value are answered
    from them, without importing ml_dtypes."""
    lit = constant.stored_literal
    return lit if lit.__class__ is RawLiteral else None


def _raw_constant(instr: Instruction) -> RawLiteral | None:
    """_raw_bits of the constant `instr` is or repeats."""
    constant = _repeated_constant(instr)
    return _raw_bits(constant) if constant is not None else None


def scalar_number(instr: Instruction) -> float | None:
    """scalar_value as a Python float (which holds every float type's values exactly)."""
    raw = _raw_constant(instr)
    if raw is not None:
        return raw.splat() if raw.size == 1 else None
    v = scalar_value(instr)
    return None if v is None else float(v)


def is_all(instr: Instruction, value) -> bool:
    """Every element equals `value` (numerically: 0 matches -0.0 too; NaN never matches)."""
    constant = _repeated_constant(instr)
    if constant is None:
        return False
    raw = _raw_bits(constant)
    if raw is not None:
        bits_value = raw.splat()
        try:
            return bits_value is not None and bits_value == bf16_round(value)
        except (TypeError, ValueError, OverflowError):
            return False
    v = splat_value(instr)
    if v is None:
        return False
    with np.errstate(all="ignore"):
        try:
            return bool(v == np.asarray(value).astype(v.dtype)) if v.dtype != np.bool_ else bool(v) == bool(value)
        except (TypeError, ValueError, OverflowError):
            return False


def is_all_exact(instr: Instruction, value: float) -> bool:
    """Every element is `value` including its sign (so -0.0 and 0.0 differ)."""
    constant = _repeated_constant(instr)
    if constant is None:
        return False
    raw = _raw_bits(constant)
    if raw is not None:
        splat = raw.splat()
        if splat is None or not is_all(instr, value):
            return False
        return bool(np.signbit(splat)) == bool(np.signbit(np.float64(value)))
    v = splat_value(instr)
    if v is None or not is_all(instr, value):
        return False
    if v.dtype.kind in "iub":
        return True
    return bool(np.signbit(np.float64(v))) == bool(np.signbit(np.float64(value)))


def scalar_value(instr: Instruction) -> np.ndarray | None:
    """The value of an effective-scalar constant (all dims 1), or of a broadcast of one."""
    while instr.opcode == "broadcast":
        instr = instr.operands[0]
    lit = literal_of(instr)
    if lit is None or lit.size != 1:
        return None
    return np.asarray(lit.reshape(()))


def is_constant_like(instr: Instruction) -> bool:
    """A constant, or a broadcast of a constant (the operands constant folding can evaluate)."""
    while instr.opcode == "broadcast":
        instr = instr.operands[0]
    return instr.opcode == "constant"


def is_scalar_broadcast(instr: Instruction) -> bool:
    return instr.opcode == "broadcast" and instr.operands[0].shape.rank == 0


def etype_kind(instr_or_shape) -> str:
    shape = instr_or_shape.shape if isinstance(instr_or_shape, Instruction) else instr_or_shape
    return ELEMENT_TYPES[shape.etype].kind


def is_integral(x) -> bool:
    return etype_kind(x) in ("sint", "uint", "pred")


def is_float(x) -> bool:
    return etype_kind(x) == "float"


def reducer_opcode(comp: Computation) -> str | None:
    """`add` if `comp` is (p0, p1) -> add(p0, p1) (either order), likewise for the other binary ops."""
    root = comp.root
    params = comp.parameters
    if root is None or len(params) != 2 or len(comp.instructions) != 3 or len(root.operands) != 2:
        return None
    if set(root.operands) != set(params) or root.operands[0] is root.operands[1]:
        return None
    if root.opcode in ("add", "multiply", "maximum", "minimum", "and", "or", "xor"):
        return root.opcode
    return None


def identity_of(opcode: str, etype: str):
    """The identity element of a reduction op for this element type (None if it has none)."""
    et = ELEMENT_TYPES[etype]
    if opcode in ("add", "or", "xor"):
        return False if et.kind == "pred" else 0
    if opcode in ("multiply", "and"):
        if et.kind == "pred":
            return True
        return 1 if opcode == "multiply" else (-1 if et.kind == "sint" else (None if et.kind == "float" else
                                                                                iinfo(etype).max))
    if opcode in ("maximum", "minimum"):
        lowest = opcode == "maximum"
        if et.kind == "pred":
            return not lowest
        if et.kind == "float":
            return -np.inf if lowest else np.inf
        if et.kind in ("sint", "uint"):
            info = iinfo(etype)
            return info.min if lowest else info.max
    return None


def is_identity_init(init: Instruction, opcode: str | None, signed_zeros: bool = True) -> bool:
    """`init` is the identity of the reducer, so reducing a single element returns that element.
    For float add only -0.0 is (x + 0.0 turns x = -0.0 into 0.0), unless signed zeros are ignored."""
    if opcode is None:
        return False
    ident = identity_of(opcode, init.shape.etype)
    if ident is None:
        return False
    if opcode == "add" and is_float(init):
        return is_all_exact(init, -0.0) or (not signed_zeros and is_all(init, 0))
    if is_float(init) and opcode in ("maximum", "minimum"):
        return is_all_exact(init, ident)
    return is_all(init, ident)


def float_has_inf(etype: str) -> bool:
    """Whether the float type can represent infinity (e4m3fn and friends cannot)."""
    et = ELEMENT_TYPES[etype]
    try:
        return bool(np.isinf(np.array(np.inf, dtype=np.float64).astype(et.np_dtype)))
    except (TypeError, ValueError, OverflowError):
        return False


# ------------------------------------------------------------------------------------------ context


class Simplifier:
    """What one algsimp run knows: its options, the computation being rewritten, and builders.

    Builders add instructions to the current computation immediately; ones a rule built but did
    not use are swept at the end of each round.
    """

    def __init__(self, options, module: Module):
        self.options = options
        self.module = module
        self.comp: Computation | None = None
        self.created: list[Instruction] = []
        self.names = ModuleNames(module)
        self.effects: SideEffects | None = None  # the driver's SideEffects memo
        self._add_comps: dict[str, Computation] = {}

    # -- raw creation
    def add(self, opcode: str, shape: Shape, operands: Iterable[Instruction] = (), name: str | None = None,
            **attrs) -> Instruction:
        comp = self.comp
        assert comp is not None  # (set by the driver before any rule runs)
        instr = self.names.create(comp, opcode, shape, operands, name, **attrs)
        self.created.append(instr)
        return instr

    # -- constants
    def constant(self, value, etype: str, dims: Sequence[int] = ()) -> Instruction:
        """A constant of `etype`: a scalar, or an array literal when `value` is an array (or a RawLiteral)."""
        if value.__class__ is RawLiteral:
            lit: np.ndarray | RawLiteral = value
            shape = Shape.array(etype, value.shape)
        elif etype in RAW_ETYPES and _exact_number(value):
            # (a bf16 1 or 0 need not import ml_dtypes either: its bits, see raw_literal.py)
            bits = bf16_bits_from_f64(np.array(value, dtype=np.float64))
            lit = RawLiteral(etype, np.full(tuple(dims), bits, dtype=np.uint16))
            shape = Shape.array(etype, tuple(dims))
        else:
            dtype = ELEMENT_TYPES[etype].np_dtype
            with np.errstate(all="ignore"):
                lit = np.array(value, dtype=dtype) if not isinstance(value, np.ndarray) else value.astype(dtype)
            shape = Shape.array(etype, lit.shape if lit.ndim else tuple(dims))
            if tuple(dims) and lit.ndim == 0:
                lit = np.full(tuple(dims), lit, dtype=dtype)
                shape = Shape.array(etype, dims)
        instr = Instruction("constant", shape)
        instr.literal = lit
        comp = self.comp
        assert comp is not None
        instr = comp.add(instr, self.names.pick("constant", comp))
        self.created.append(instr)
        return instr

    def scalar_like(self, like: Shape | Instruction, value, etype: str | None = None) -> Instruction:
        """`value` with the shape of `like` (a scalar constant, broadcast when `like` has dims)."""
        shape = like.shape if isinstance(like, Instruction) else like
        c = self.constant(value, etype or shape.etype)
        if shape.rank == 0:
            return c
        return self.broadcast(c, shape.with_dims(shape.dims, etype or shape.etype), ())

    # -- structure
    def broadcast(self, x: Instruction, shape: Shape, dims: Sequence[int]) -> Instruction:
        return self.add("broadcast", shape, [x], dimensions=tuple(dims))

    def reshape(self, x: Instruction, dims: Sequence[int], etype: str | None = None) -> Instruction:
        return self.add("reshape", Shape.array(etype or x.shape.etype, dims), [x])

    def transpose(self, x: Instruction, perm: Sequence[int]) -> Instruction:
        dims = tuple(x.shape.dims[p] for p in perm)
        return self.add("transpose", Shape.array(x.shape.etype, dims), [x], dimensions=tuple(perm))

    def slice(self, x: Instruction, starts, limits, strides=None) -> Instruction:
        strides = strides or [1] * len(starts)
        dims = tuple((hi - lo + st - 1) // st for lo, hi, st in zip(starts, limits, strides))
        ranges = tuple(SliceRange(lo, hi, st) for lo, hi, st in zip(starts, limits, strides))
        return self.add("slice", Shape.array(x.shape.etype, dims), [x], slice=ranges)

    def unary(self, opcode: str, x: Instruction, etype: str | None = None) -> Instruction:
        return self.add(opcode, x.shape.with_dims(x.shape.dims, etype), [x])

    def binary(self, opcode: str, a: Instruction, b: Instruction, etype: str | None = None) -> Instruction:
        return self.add(opcode, Shape.array(etype or a.shape.etype, a.shape.dims), [a, b])

    def compare(self, a: Instruction, b: Instruction, direction: str, ctype: str | None = None) -> Instruction:
        attrs = {"direction": direction}
        if ctype is not None:
            attrs["type"] = ctype
        return self.add("compare", Shape.array("pred", a.shape.dims), [a, b], **attrs)

    def select(self, p: Instruction, a: Instruction, b: Instruction) -> Instruction:
        return self.add("select", Shape.array(a.shape.etype, a.shape.dims), [p, a, b])

    def convert(self, x: Instruction, etype: str) -> Instruction:
        if x.shape.etype == etype:
            return x
        return self.add("convert", Shape.array(etype, x.shape.dims), [x])

    def reduce(self, x: Instruction, init: Instruction, dims: Sequence[int], to_apply: Computation) -> Instruction:
        keep = tuple(d for i, d in enumerate(x.shape.dims) if i not in dims)
        return self.add("reduce", Shape.array(init.shape.etype, keep), [x, init], dimensions=tuple(sorted(dims)),
                        to_apply=to_apply)

    def scalar_computation(self, opcode: str, etype: str) -> Computation:
        """A `(p0, p1) -> opcode(p0, p1)` reducer over `etype` scalars, reusing an existing one."""
        key = f"{opcode}.{etype}"
        comp = self._add_comps.get(key)
        if comp is not None and comp.parent is self.module:
            return comp
        for c in self.module.computations:
            if reducer_opcode(c) == opcode and c.root_instruction.shape == Shape.scalar(etype) and \
                    all(p.shape == Shape.scalar(etype) for p in c.parameters):
                self._add_comps[key] = c
                return c
        comp = Computation(f"{opcode}_{etype}")
        p0 = Instruction("parameter", Shape.scalar(etype))
        p0.parameter_number = 0
        p1 = Instruction("parameter", Shape.scalar(etype))
        p1.parameter_number = 1
        self.module.add_computation(comp, before=self.comp if self.comp in self.module.computations else None)
        comp.add(p0, self.names.pick("x", comp))
        comp.add(p1, self.names.pick("y", comp))
        comp.root = comp.add(Instruction(opcode, Shape.scalar(etype), [p0, p1]), self.names.pick(opcode, comp))
        self._add_comps[key] = comp
        return comp


# ------------------------------------------------------------------------------------------ helpers


def is_permutation_identity(perm: Sequence[int]) -> bool:
    return tuple(perm) == tuple(range(len(perm)))


def inverse_permutation(perm: Sequence[int]) -> tuple[int, ...]:
    inv = [0] * len(perm)
    for i, p in enumerate(perm):
        inv[p] = i
    return tuple(inv)


def compose_permutations(inner: Sequence[int], outer: Sequence[int]) -> tuple[int, ...]:
    """transpose(transpose(x, inner), outer) == transpose(x, result)."""
    return tuple(inner[o] for o in outer)


def degenerate_reshape(src: Sequence[int], dst: Sequence[int]) -> tuple[list[int], list[int]] | None:
    """If the reshape src -> dst only deletes and inserts size-1 dimensions, return
    (deleted dims of src, inserted dims of dst) (XLA's ReshapeMerelyInsertsOrDeletes1SizedDimensions)."""
    a = [d for d in src if d != 1]
    b = [d for d in dst if d != 1]
    if a != b:
        return None
    deleted, inserted = [], []
    i = j = 0
    while i < len(src) or j < len(dst):
        if i < len(src) and j < len(dst) and src[i] == dst[j]:
            i += 1
            j += 1
        elif i < len(src) and src[i] == 1:
            deleted.append(i)
            i += 1
        elif j < len(dst) and dst[j] == 1:
            inserted.append(j)
            j += 1
        else:
            return None
    return deleted, inserted


def common_factors(a: Sequence[int], b: Sequence[int]) -> list[tuple[int, int]]:
    """Boundaries (i, j) that cut `a` and `b` into consecutive groups with equal products, as fine
    as possible: a reshape a -> b only mixes elements within a group. Starts with (0, 0), ends
    with (len(a), len(b)). (The grouping XLA's CommonFactors computes.)"""
    if list(a) == list(b):
        return [(k, k) for k in range(len(a) + 1)]
    bounds: list[tuple[int, int]] = []
    i = j = 0
    while i < len(a) and j < len(b) and a[i] == b[j]:
        bounds.append((i, j))
        i += 1
        j += 1
    rest_a, rest_b = int(np.prod(a[i:], dtype=np.int64)), int(np.prod(b[j:], dtype=np.int64))
    if rest_a != rest_b:
        return [(0, 0), (len(a), len(b))]
    if rest_a == 0:
        return bounds + [(i, j), (len(a), len(b))]
    last = bounds[-1] if bounds else (-1, -1)
    size_a = size_b = 1
    while True:
        if size_a == size_b and (i, j) != last and (i > last[0] or j > last[1]):
            bounds.append((i, j))
            last = (i, j)
            continue
        more_a, more_b = i < len(a), j < len(b)
        if not (more_a or more_b):
            break
        step_a = size_a < size_b or (more_a and (not more_b or (size_a == size_b and a[i] <= b[j])))
        step_b = size_b < size_a or (more_b and (not more_a or (size_a == size_b and b[j] <= a[i])))
        if step_a:
            size_a *= a[i]
            i += 1
        if step_b:
            size_b *= b[j]
            j += 1
    return bounds


def unmodified_dims(src: Sequence[int], dst: Sequence[int]) -> list[tuple[int, int]]:
    """Pairs (i, j): dimension i of src is dimension j of dst, untouched by the reshape src -> dst
    (XLA's DimensionsUnmodifiedByReshape)."""
    out = []
    factors = common_factors(src, dst)
    for (i0, j0), (i1, j1) in zip(factors, factors[1:]):
        if i1 - i0 == 1 and j1 - j0 == 1:
            out.append((i0, j0))
    return out
