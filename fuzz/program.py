"""A seeded generator of random, valid HLO modules and inputs for them.

    prog = generate(seed)           # Program: .text (HLO), .inputs (one array per parameter leaf),
                                    # .exact (per output leaf: compare bit for bit, else within bounds)

The same seed gives the same module and inputs. A module is an entry computation of 4-30
instructions drawn from: elementwise unary and binary ops on every element type (transcendentals
included), compare / select / clamp, convert and bitcast-convert, broadcast, reshape, bitcast,
transpose, reverse, slice, concatenate, pad, iota, constants, reduce (add / multiply / max / min),
dot, dynamic-slice and dynamic-update-slice (start indices in and out of range, negative),
gather and scatter (indices in and out of range), sort (one operand or stable key/value), tuples and
get-tuple-element, while loops (fixed or data-dependent trip counts), conditionals (pred and
indexed) and calls whose computations declare random layouts; any array of rank >= 2 may take a
random non-default layout. Shapes run from 0-sized to a few thousand elements. Element types: the
floats (f8 types included), c64 / c128, every integer width (s2..u64) and pred. The numeric ops
(windows, convolution, fft, linalg, batch-norm, rng, collectives...) are in fuzz/ops_numeric.py;
the interpreter opcodes never generated, each with its reason, are fuzz/coverage.py's NOT_GENERATED.

Exactness: a value is exact when every op on the way is (integer ops, float add / multiply /
remainder / sqrt / compare / select / data movement ...). Transcendentals, pow, atan2, float
divide (XLA's pipeline multiplies by a reciprocal), float reductions in a different order and dot
are not, and what they feed is compared within bounds
(fuzz/differential.py). So that a bound stays meaningful, an inexact value never feeds an op
that is not continuous (compare, floor, convert to an integer, an index, a sort key, a divisor...).
"""

from __future__ import annotations

import functools
import math
from dataclasses import dataclass

import ml_dtypes
import numpy as np

FLOATS = ("f32", "f32", "f32", "f64", "f16", "bf16")
F8 = ("f8e5m2", "f8e4m3fn", "f8e4m3", "f8e4m3fnuz", "f8e5m2fnuz", "f8e4m3b11fnuz", "f8e3m4")
COMPLEX = ("c64", "c128")
INTS = ("s32", "s32", "s64", "s8", "s16", "u8", "u16", "u32", "u64")
NARROW_INTS = ("s4", "u4", "s2", "u2")
DTYPES = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": ml_dtypes.bfloat16,
          "s8": np.int8, "s16": np.int16, "s32": np.int32, "s64": np.int64, "u8": np.uint8, "u16": np.uint16,
          "u32": np.uint32, "u64": np.uint64, "pred": np.bool_, "c64": np.complex64, "c128": np.complex128,
          "s4": ml_dtypes.int4, "u4": ml_dtypes.uint4, "s2": ml_dtypes.int2, "u2": ml_dtypes.uint2,
          **{t: getattr(ml_dtypes, "float8_" + t[2:]) for t in F8}}
BITS = {t: (8 if t == "pred" else np.dtype(d).itemsize * 8) for t, d in DTYPES.items()}
BITS.update({"s4": 4, "u4": 4, "s2": 2, "u2": 2})
# the precision an inexact value keeps: it is never converted to a type with more (its bound would be too tight)
MANTISSA_BITS = {"f64": 52, "c128": 52, "f32": 23, "c64": 23, "f16": 10, "bf16": 7, "f8e3m4": 4,
                 **{t: 3 for t in F8 if t != "f8e3m4" and "e4" in t}, **{t: 2 for t in F8 if "e5" in t}}
FLOAT_TYPES = frozenset(FLOATS + F8)  # real floating point (what `in FLOATS` alone would miss: f8)


def is_float(etype: str) -> bool:
    return etype in FLOAT_TYPES


def is_int(etype: str) -> bool:
    return etype[0] in "su"


def is_complex(etype: str) -> bool:
    return etype in COMPLEX


MAX_ELEMENTS = 4096

EXACT_FLOAT_UNARY = ("negate", "abs")
DISCONTINUOUS_FLOAT_UNARY = ("floor", "ceil", "round-nearest-even", "round-nearest-afz", "sign", "sqrt",
                             "is-finite")
INEXACT_FLOAT_UNARY = ("exponential", "log", "tanh", "logistic", "sine", "cosine", "exponential-minus-one",
                       "log-plus-one", "cbrt", "rsqrt", "erf", "tan", "acos", "acosh", "asin", "asinh", "atanh",
                       "cosh", "sinh")
INEXACT_COMPLEX_UNARY = ("exponential", "log", "sqrt", "rsqrt", "tanh", "sine", "cosine", "exponential-minus-one",
                         "log-plus-one", "sign")
INT_UNARY = ("negate", "not", "popcnt", "count-leading-zeros")  # (+ abs, sign: signed types)
FLOAT_BINARY_SMOOTH = ("add", "subtract", "multiply", "maximum", "minimum")
FLOAT_BINARY_EXACT_ONLY = ("divide", "remainder")  # exact operands only: not continuous in the divisor
# XLA:CPU's pipeline (and hloc's O2) turns A / C and A / broadcast(B) into A * (1 / C): within an ulp
INEXACT_AT_O2 = ("divide",)
FLOAT_BINARY_INEXACT = ("power", "atan2")
INT_BINARY = ("add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "and", "or", "xor",
              "shift-left", "shift-right-arithmetic", "shift-right-logical", "power")
DIRECTIONS = ("EQ", "NE", "LT", "LE", "GT", "GE")


@dataclass(frozen=True)
class Val:
    name: str
    etype: str  # "tuple" for tuples
    dims: tuple[int, ...] = ()
    layout: tuple[int, ...] | None = None  # minor to major (None: default)
    exact: bool = True
    elems: tuple[Val, ...] = ()  # a tuple's element shapes (names unused)

    @property
    def rank(self) -> int:
        return len(self.dims)

    @property
    def size(self) -> int:
        return math.prod(self.dims)

    @property
    def is_tuple(self) -> bool:
        return self.etype == "tuple"

    def shape(self) -> str:
        if self.is_tuple:
            return "(" + ", ".join(e.shape() for e in self.elems) + ")"
        if not self.dims:
            return f"{self.etype}[]"
        lay = self.layout if self.layout is not None else tuple(range(self.rank - 1, -1, -1))
        return f"{self.etype}[{','.join(map(str, self.dims))}]{{{','.join(map(str, lay))}}}"


@dataclass
class Program:
    text: str
    inputs: list[np.ndarray]
    exact: list[bool]  # per flattened output leaf
    seed: int = 0


class Comp:
    """One computation under construction."""

    def __init__(self, gen: Generator, name: str, is_entry: bool = False):
        self.gen = gen
        self.name = name
        self.is_entry = is_entry
        self.lines: list[str] = []
        self.params: list[Val] = []
        self.values: list[Val] = []

    def fresh(self, base: str) -> str:
        return self.gen.fresh(base)

    def param(self, v: Val) -> Val:
        p = Val(self.fresh("p"), v.etype, v.dims, v.layout, True, v.elems)
        self.lines.append(f"  {p.name} = {p.shape()} parameter({len(self.params)})")
        self.params.append(p)
        if not p.is_tuple:
            self.values.append(p)
        return p

    def add(self, etype: str, dims, expr: str, exact: bool, layout=None, base: str = "v") -> Val:
        dims = tuple(int(d) for d in dims)
        if layout is None:
            layout = self.gen.layout(len(dims))
        v = Val(self.fresh(base), etype, dims, layout, exact)
        self.lines.append(f"  {v.name} = {v.shape()} {expr}")
        self.values.append(v)
        return v

    def add_tuple(self, elems: list[Val], expr: str, base: str = "t") -> Val:
        v = Val(self.fresh(base), "tuple", (), None, all(e.exact for e in elems), tuple(elems))
        self.lines.append(f"  {v.name} = {v.shape()} {expr}")
        return v

    def text(self, root: Val) -> str:
        head = ("ENTRY " if self.is_entry else "") + self.name + " {"
        body = [ln for ln in self.lines]
        # the root line gets the ROOT marker
        for k in range(len(body) - 1, -1, -1):
            if body[k].startswith(f"  {root.name} = "):
                body[k] = "  ROOT " + body[k][2:]
                break
        else:
            raise AssertionError(f"root {root.name} not defined in {self.name}")
        return "\n".join([head, *body, "}"])


class Generator:
    def __init__(self, seed: int):
        self.seed = seed
        self.rng = np.random.default_rng(seed)
        self.names = 0
        self.computations: list[str] = []  # texts, callees first
        self.reducers: dict[tuple[str, str], str] = {}
        self.inputs: list[np.ndarray] = []
        self.specials = self.rng.random() < 0.3  # inf / nan / -0 among float inputs
        self.layout_p = float(self.rng.choice([0.0, 0.3, 0.6]))
        self.finite: set[str] = set()  # parameters drawn without inf / nan (fuzz/ops_numeric.py)

    # -- small helpers
    def fresh(self, base: str) -> str:
        self.names += 1
        return f"{base}.{self.names}"

    def chance(self, p: float) -> bool:
        return bool(self.rng.random() < p)

    def pick(self, seq):
        return seq[int(self.rng.integers(len(seq)))]

    def layout(self, rank: int):
        if rank >= 2 and self.chance(self.layout_p):
            return tuple(int(x) for x in self.rng.permutation(rank))
        return None

    def dims(self, max_rank: int = 4, max_elems: int = MAX_ELEMENTS) -> tuple[int, ...]:
        rank = int(self.rng.choice([0, 1, 1, 2, 2, 2, 3, 3, 4][: 2 + 2 * max_rank]))
        rank = min(rank, max_rank)
        dims = []
        for _ in range(rank):
            d = int(self.rng.choice([1, 2, 3, 4, 5, 7, 8, 16, 17, 33]))
            dims.append(d)
        if dims and self.chance(0.04):
            dims[int(self.rng.integers(len(dims)))] = 0
        while math.prod(dims) > max_elems:
            k = int(np.argmax(dims))
            dims[k] = max(1, dims[k] // 2)
        if self.chance(0.08) and dims and math.prod(dims) > 0:  # a long one
            k = int(self.rng.integers(len(dims)))
            dims[k] = max(1, dims[k] * max(1, max_elems // max(1, 2 * math.prod(dims))))
        return tuple(dims)

    def etype(self) -> str:
        r = self.rng.random()
        if r < 0.42:
            return self.pick(FLOATS)
        if r < 0.45:
            return self.pick(F8)
        if r < 0.52:
            return self.pick(COMPLEX)
        if r < 0.86:
            return self.pick(INTS)
        if r < 0.9:
            return self.pick(NARROW_INTS)
        return "pred"

    def input_array(self, etype: str, dims, index_bound: int | None = None, finite: bool = False) -> np.ndarray:
        rng = self.rng
        dt = DTYPES[etype]
        if etype == "pred":
            return rng.random(dims) < 0.5
        if is_int(etype):
            info = ml_dtypes.iinfo(dt)
            if index_bound is not None:
                a = rng.integers(-3, index_bound + 4, size=dims)
            elif self.chance(0.2):
                a = rng.integers(int(info.min), int(info.max), size=dims, endpoint=True, dtype=np.int64
                                 if etype != "u64" else np.uint64)
            else:
                a = rng.integers(max(int(info.min), -20), min(int(info.max), 20), size=dims, endpoint=True)
            return np.asarray(a).astype(dt)
        if is_complex(etype):
            part = np.float32 if etype == "c64" else np.float64
            a = np.empty(dims, dt)
            a.real = self.input_array("f64", dims, finite=finite).astype(part)
            a.imag = self.input_array("f64", dims, finite=finite).astype(part)
            return a
        scale = float(2.0 ** rng.integers(-3, 4))
        a = rng.standard_normal(dims) * scale
        if self.specials and a.size and not finite:
            mask = rng.random(dims) < 0.05
            a = np.where(mask, rng.choice([np.inf, -np.inf, np.nan, -0.0, 0.0], size=dims), a)
        return np.asarray(a).astype(dt)

    def reducer(self, op: str, etype: str) -> str:
        key = (op, etype)
        name = self.reducers.get(key)
        if name is None:
            name = self.fresh(f"{op}_{etype}")
            self.computations.append(f"{name} {{\n  a = {etype}[] parameter(0)\n  b = {etype}[] parameter(1)\n"
                                     f"  ROOT r = {etype}[] {op}(a, b)\n}}")
            self.reducers[key] = name
        return name


# ------------------------------------------------------------------------------------------ ops

def _scalar_const(c: Comp, etype: str, value=None) -> Val:
    g = c.gen
    drawn = value is None
    if value is None:
        if etype == "pred":
            value = g.chance(0.5)
        elif etype.startswith(("s", "u")):
            value = int(g.rng.integers(0 if etype.startswith("u") else -5, 6))
        else:
            value = float(g.pick([0.0, 1.0, -1.0, 0.5, 2.0, -3.25]))
    if etype == "pred":
        lit = "true" if value else "false"
    elif is_int(etype):
        info = ml_dtypes.iinfo(DTYPES[etype])
        lit = str(min(max(int(value), int(info.min)), int(info.max)))
    elif is_complex(etype):
        im = float(g.pick([0.0, 1.0, -0.5])) if drawn else 0.0
        lit = f"({float(value)!r}, {im!r})"
    else:
        lit = repr(float(value)) if math.isfinite(value) else ("inf" if value > 0 else "-inf")
    return c.add(etype, (), f"constant({lit})", True, base="c")


def _full(c: Comp, etype: str, dims, value=None) -> Val:
    s = _scalar_const(c, etype, value)
    if not dims:
        return s
    return c.add(etype, dims, f"broadcast({s.name}), dimensions={{}}", True, base="bc")


def _like(c: Comp, v: Val, exact_only: bool = False) -> Val:
    """Another value of v's element type and dims (an existing one, a new parameter, or a constant)."""
    g = c.gen
    cands = [u for u in c.values if u.etype == v.etype and u.dims == v.dims and (u.exact or not exact_only)]
    if cands and g.chance(0.6):
        return g.pick(cands)
    if c.is_entry and g.chance(0.7):
        return new_param(c, v.etype, v.dims)
    return _full(c, v.etype, v.dims)


def new_param(c: Comp, etype: str, dims, index_bound: int | None = None, finite: bool = False) -> Val:
    """A new entry parameter and its input (`finite`: no inf / nan, for ops whose non-finite results
    depend on the algorithm, e.g. a solve's or a convolution's 0 * inf)."""
    g = c.gen
    p = c.param(Val("", etype, tuple(dims), g.layout(len(dims))))
    g.inputs.append(g.input_array(etype, dims, index_bound, finite))
    return p


def _operand(c: Comp, want=None, exact_only: bool = False) -> Val:
    g = c.gen
    cands = [v for v in c.values if (want is None or want(v)) and (v.exact or not exact_only)]
    if not cands:
        return None
    # prefer recent values: long chains (fusion) and few dead ends
    k = len(cands) - 1 - min(len(cands) - 1, int(g.rng.geometric(0.35)) - 1)
    return cands[k]


def op_unary(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple)
    if v is None:
        return None
    if v.etype == "pred":
        return c.add("pred", v.dims, f"not({v.name})", v.exact)
    if is_complex(v.etype):
        return _complex_unary(c, v)
    if is_int(v.etype):
        op = g.pick(INT_UNARY + (("abs", "sign") if v.etype[0] == "s" else ()))
        return c.add(v.etype, v.dims, f"{op}({v.name})", True)
    r = g.rng.random()
    if r < 0.3 or not v.exact:
        op = g.pick(EXACT_FLOAT_UNARY + (INEXACT_FLOAT_UNARY if v.exact else ()))
    elif r < 0.6:
        op = g.pick(DISCONTINUOUS_FLOAT_UNARY)
    else:
        op = g.pick(INEXACT_FLOAT_UNARY)
    if op == "is-finite":
        return c.add("pred", v.dims, f"is-finite({v.name})", True)
    exact = v.exact and op not in INEXACT_FLOAT_UNARY
    return c.add(v.etype, v.dims, f"{op}({v.name})", exact)


def _complex_unary(c: Comp, v: Val) -> Val:
    g = c.gen
    part = "f32" if v.etype == "c64" else "f64"
    r = g.rng.random()
    if r < 0.3:
        op = g.pick(("real", "imag"))
        return c.add(part, v.dims, f"{op}({v.name})", v.exact)
    if r < 0.4:
        return c.add(part, v.dims, f"abs({v.name})", False)
    if r < 0.55:
        return c.add(v.etype, v.dims, f"negate({v.name})", v.exact)
    return c.add(v.etype, v.dims, f"{g.pick(INEXACT_COMPLEX_UNARY)}({v.name})", False)


def op_complex(c: Comp) -> Val | None:
    """complex(re, im) from two real f32 / f64 values."""
    a = _operand(c, lambda v: not v.is_tuple and v.etype in ("f32", "f64"))
    if a is None:
        return None
    b = _like(c, a)
    return c.add("c64" if a.etype == "f32" else "c128", a.dims, f"complex({a.name}, {b.name})", a.exact and b.exact)


def op_binary(c: Comp) -> Val | None:
    g = c.gen
    a = _operand(c, lambda v: not v.is_tuple)
    if a is None:
        return None
    if a.etype == "pred":
        b = _like(c, a)
        return c.add("pred", a.dims, f"{g.pick(('and', 'or', 'xor'))}({a.name}, {b.name})", a.exact and b.exact)
    if is_complex(a.etype):
        if a.exact and g.chance(0.5):
            b = _like(c, a, exact_only=True)
            op = g.pick(("add", "subtract", "divide", "multiply"))
            return c.add(a.etype, a.dims, f"{op}({a.name}, {b.name})", op in ("add", "subtract") and b.exact)
        b = _like(c, a)
        op = g.pick(("add", "subtract", "multiply"))
        return c.add(a.etype, a.dims, f"{op}({a.name}, {b.name})", op != "multiply" and a.exact and b.exact)
    if is_int(a.etype):
        b = _like(c, a)
        op = "mulhi" if g.chance(0.02) else g.pick(INT_BINARY)  # (rare: XLA:CPU cannot check mulhi)
        return c.add(a.etype, a.dims, f"{op}({a.name}, {b.name})", True)
    r = g.rng.random()
    if r < 0.6 or not a.exact:
        b = _like(c, a)
        op = g.pick(FLOAT_BINARY_SMOOTH)
        return c.add(a.etype, a.dims, f"{op}({a.name}, {b.name})", a.exact and b.exact)
    b = _like(c, a, exact_only=True)
    if r < 0.85:
        op = g.pick(FLOAT_BINARY_EXACT_ONLY)
        return c.add(a.etype, a.dims, f"{op}({a.name}, {b.name})", b.exact and op not in INEXACT_AT_O2)
    op = g.pick(FLOAT_BINARY_INEXACT)
    return c.add(a.etype, a.dims, f"{op}({a.name}, {b.name})", False)


def op_compare(c: Comp) -> Val | None:
    g = c.gen
    a = _operand(c, lambda v: not v.is_tuple, exact_only=True)
    if a is None:
        return None
    b = _like(c, a, exact_only=True)
    d = g.pick(DIRECTIONS[:2] if is_complex(a.etype) else DIRECTIONS)
    ctype = ""
    if is_float(a.etype) and g.chance(0.3):
        ctype = ", type=TOTALORDER"
    return c.add("pred", a.dims, f"compare({a.name}, {b.name}), direction={d}{ctype}", True)


def op_select(c: Comp) -> Val | None:
    g = c.gen
    a = _operand(c, lambda v: not v.is_tuple)
    if a is None:
        return None
    preds = [v for v in c.values if v.etype == "pred" and v.exact and v.dims in (a.dims, ())]
    if preds and g.chance(0.7):
        p = g.pick(preds)
    elif c.is_entry:
        p = new_param(c, "pred", a.dims if g.chance(0.8) else ())
    else:
        p = _full(c, "pred", a.dims)
    b = _like(c, a)
    return c.add(a.etype, a.dims, f"select({p.name}, {a.name}, {b.name})", a.exact and b.exact)


def op_clamp(c: Comp) -> Val | None:
    g = c.gen
    x = _operand(c, lambda v: not v.is_tuple and v.etype != "pred" and not is_complex(v.etype))
    if x is None:
        return None
    lo = _scalar_const(c, x.etype) if g.chance(0.5) else _like(c, x)
    hi = _scalar_const(c, x.etype) if g.chance(0.5) else _like(c, x)
    return c.add(x.etype, x.dims, f"clamp({lo.name}, {x.name}, {hi.name})", x.exact and lo.exact and hi.exact)


def op_convert(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple)
    if v is None:
        return None
    to = g.etype()
    if is_complex(v.etype):
        to = g.pick(COMPLEX)  # (complex -> real is not a convert: real / imag)
    elif is_complex(to) and v.etype == "pred":
        to = "f32"
    if is_float(v.etype) and (is_int(to) or to == "pred") and not v.exact:
        to = g.pick(FLOATS)
    if not v.exact and MANTISSA_BITS.get(to, 0) > MANTISSA_BITS.get(v.etype, 0):
        # (widened, an f32 error would be judged by an f64 bound)
        to = "c64" if v.etype == "f32" and is_complex(to) else v.etype
    if g.chance(0.25) and v.etype != "pred" and (is_int(v.etype) or v.exact) and v.etype not in NARROW_INTS \
            and not is_complex(v.etype):
        same = [t for t in DTYPES if BITS[t] == BITS[v.etype] and t not in ("pred", v.etype)
                and not is_complex(t) and t not in NARROW_INTS]
        if is_float(v.etype):
            same = []  # (float -> int bit patterns would pin NaN payloads)
        if same:
            t = g.pick(same)
            return c.add(t, v.dims, f"bitcast-convert({v.name})", v.exact)
    return c.add(to, v.dims, f"convert({v.name})", v.exact)


def op_broadcast(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank < 4)
    if v is None:
        return None
    out_rank = min(4, v.rank + int(g.rng.integers(1, 3)))
    keep = sorted(int(x) for x in g.rng.choice(out_rank, v.rank, replace=False))
    dims = [0] * out_rank
    for k, d in zip(keep, v.dims):
        dims[k] = d
    budget = max(1, MAX_ELEMENTS // max(1, v.size))
    for k in range(out_rank):
        if k not in keep:
            dims[k] = int(g.rng.integers(1, max(2, min(8, budget) + 1)))
            budget = max(1, budget // dims[k])
    if math.prod(dims) > MAX_ELEMENTS:
        return None
    return c.add(v.etype, dims, f"broadcast({v.name}), dimensions={{{','.join(map(str, keep))}}}", v.exact)


def _factor_dims(g: Generator, n: int, rank: int) -> list[int]:
    dims = []
    rest = n
    for _ in range(rank - 1):
        divs = [d for d in range(1, rest + 1) if rest % d == 0] if rest > 0 else [0, 1]
        d = g.pick(divs)
        dims.append(d)
        rest = rest // d if d else rest
    dims.append(rest)
    return dims


def op_reshape(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.size > 0)
    if v is None:
        return None
    dims = _factor_dims(g, v.size, int(g.rng.integers(0 if v.size == 1 else 1, 5)))
    if g.chance(0.3) and v.layout is None:
        # a bitcast: both default layouts, so the physical order is the logical one
        return c.add(v.etype, dims, f"bitcast({v.name})", v.exact, layout=tuple(range(len(dims) - 1, -1, -1)))
    return c.add(v.etype, dims, f"reshape({v.name})", v.exact)


def op_transpose(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 2)
    if v is None:
        return None
    perm = [int(x) for x in g.rng.permutation(v.rank)]
    op = "transpose" if g.chance(0.8) else "copy"
    if op == "copy":
        perm = list(range(v.rank))
    dims = [v.dims[p] for p in perm]
    extra = f", dimensions={{{','.join(map(str, perm))}}}" if op == "transpose" else ""
    return c.add(v.etype, dims, f"{op}({v.name}){extra}", v.exact)


def op_reverse(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 1)
    if v is None:
        return None
    ds = sorted(int(x) for x in g.rng.choice(v.rank, int(g.rng.integers(1, v.rank + 1)), replace=False))
    return c.add(v.etype, v.dims, f"reverse({v.name}), dimensions={{{','.join(map(str, ds))}}}", v.exact)


def op_slice(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 1)
    if v is None:
        return None
    parts, dims = [], []
    for d in v.dims:
        lo = int(g.rng.integers(0, d + 1))
        hi = int(g.rng.integers(lo, d + 1))
        st = int(g.pick([1, 1, 1, 2, 3]))
        parts.append(f"[{lo}:{hi}:{st}]" if st != 1 else f"[{lo}:{hi}]")
        dims.append((hi - lo + st - 1) // st)
    return c.add(v.etype, dims, f"slice({v.name}), slice={{{', '.join(parts)}}}", v.exact)


def op_concatenate(c: Comp) -> Val | None:
    g = c.gen
    a = _operand(c, lambda v: not v.is_tuple and v.rank >= 1)
    if a is None:
        return None
    k = int(g.rng.integers(a.rank))
    others = [v for v in c.values if v.etype == a.etype and v.rank == a.rank and not v.is_tuple
              and all(x == y for i, (x, y) in enumerate(zip(v.dims, a.dims)) if i != k)]
    b = g.pick(others) if others else a
    dims = list(a.dims)
    dims[k] += b.dims[k]
    if math.prod(dims) > MAX_ELEMENTS:
        return None
    return c.add(a.etype, dims, f"concatenate({a.name}, {b.name}), dimensions={{{k}}}", a.exact and b.exact)


def op_pad(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 1)
    if v is None:
        return None
    pv = _scalar_const(c, v.etype)
    parts, dims = [], []
    for d in v.dims:
        lo, hi = int(g.rng.integers(-1, 3)), int(g.rng.integers(-1, 3))
        it = int(g.pick([0, 0, 1, 2])) if d > 1 else 0
        size = lo + hi + d + max(0, d - 1) * it
        if size < 0:
            lo, hi, size = 0, 0, d + max(0, d - 1) * it
        parts.append(f"{lo}_{hi}" + (f"_{it}" if it else ""))
        dims.append(size)
    if math.prod(dims) > MAX_ELEMENTS:
        return None
    return c.add(v.etype, dims, f"pad({v.name}, {pv.name}), padding={'x'.join(parts)}", v.exact)


def op_iota(c: Comp) -> Val | None:
    g = c.gen
    dims = g.dims(max_rank=3)
    if not dims:
        dims = (5,)
    et = g.pick(("s32", "s32", "f32", "u8", "s64", "bf16", "f16", "c64", "s4", "f8e4m3fn"))
    return c.add(et, dims, f"iota(), iota_dimension={int(g.rng.integers(len(dims)))}", True)


def _identity(op: str, etype: str):
    """The reducer's identity: XLA leaves a reduction with another init value implementation-defined
    (XLA:CPU drops it when the reduced dimensions have size 1)."""
    if op in ("add", "multiply"):
        return 0 if op == "add" else 1
    if is_float(etype):
        finfo = ml_dtypes.finfo(DTYPES[etype])
        if np.isinf(np.array(np.inf).astype(DTYPES[etype])):
            return -math.inf if op == "maximum" else math.inf
        return float(-finfo.max) if op == "maximum" else float(finfo.max)  # (no inf in the type)
    info = ml_dtypes.iinfo(DTYPES[etype])
    return int(info.min) if op == "maximum" else int(info.max)


def op_reduce(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 1 and v.etype != "pred")
    if v is None:
        return None
    op = g.pick(("add", "add", "maximum", "minimum", "multiply"))
    if (op == "multiply" and not is_int(v.etype)) or is_complex(v.etype):
        op = "add"
    ds = sorted(int(x) for x in g.rng.choice(v.rank, int(g.rng.integers(1, v.rank + 1)), replace=False))
    dims = [d for k, d in enumerate(v.dims) if k not in ds]
    init = _scalar_const(c, v.etype, _identity(op, v.etype))
    exact = v.exact and not (not is_int(v.etype) and op == "add")
    return c.add(v.etype, dims, f"reduce({v.name}, {init.name}), dimensions={{{','.join(map(str, ds))}}}, "
                 f"to_apply={g.reducer(op, v.etype)}", exact)


def op_dot(c: Comp) -> Val | None:
    g = c.gen
    a = _operand(c, lambda v: v.etype in ("f32", "f64", "f16", "bf16", "c64") and v.rank in (1, 2) and v.size > 0)
    if a is None:
        return None
    finite = is_complex(a.etype)  # (a complex product with inf or nan is each implementation's own)
    if finite:
        if not c.is_entry:
            return None
        a = new_param(c, a.etype, a.dims, finite=True)
    k = a.dims[-1]
    n = int(g.pick([1, 3, 8, 17]))
    bdims = (k, n) if g.chance(0.7) else (k,)
    b = new_param(c, a.etype, bdims, finite=finite) if c.is_entry else _full(c, a.etype, bdims)
    dims = list(a.dims[:-1]) + list(bdims[1:])
    return c.add(a.etype, dims, f"dot({a.name}, {b.name}), lhs_contracting_dims={{{a.rank - 1}}}, "
                 "rhs_contracting_dims={0}", False)


def _index(c: Comp, bound: int, etype: str | None = None) -> Val:
    g = c.gen
    et = etype or g.pick(("s32", "s32", "s64", "u32", "s8", "u8"))
    if c.is_entry and g.chance(0.5):
        return new_param(c, et, (), index_bound=bound)
    lo = -3 if et[0] == "s" else 0
    return _scalar_const(c, et, int(g.rng.integers(lo, bound + 4)))


def op_dynamic_slice(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 1)
    if v is None:
        return None
    sizes = [int(g.rng.integers(0, d + 1)) for d in v.dims]
    et = g.pick(("s32", "s64", "u8"))
    idx = [_index(c, d, et) for d in v.dims]
    return c.add(v.etype, sizes, f"dynamic-slice({v.name}, {', '.join(i.name for i in idx)}), "
                 f"dynamic_slice_sizes={{{','.join(map(str, sizes))}}}", v.exact)


def op_dynamic_update_slice(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 1)
    if v is None:
        return None
    sizes = [int(g.rng.integers(0, d + 1)) for d in v.dims]
    upd = _operand(c, lambda u: u.etype == v.etype and list(u.dims) == sizes and not u.is_tuple)
    if upd is None:
        upd = new_param(c, v.etype, sizes) if c.is_entry else _full(c, v.etype, sizes)
    et = g.pick(("s32", "s64", "u8"))
    idx = [_index(c, d, et) for d in v.dims]
    return c.add(v.etype, v.dims, f"dynamic-update-slice({v.name}, {upd.name}, {', '.join(i.name for i in idx)})",
                 v.exact and upd.exact)


def _index_array(c: Comp, n: int, bound: int, unique: bool = False) -> Val:
    g = c.gen
    if unique:
        vals = g.rng.permutation(np.arange(-2, bound + 3))[:n]
    else:
        vals = g.rng.integers(-2, bound + 3, n)
    lit = "{" + ", ".join("{" + str(int(x)) + "}" for x in vals) + "}"
    return c.add("s32", (len(vals), 1), f"constant({lit})", True, layout=(1, 0), base="ix")


def op_gather(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 1 and v.dims[0] > 0)
    if v is None:
        return None
    n = int(g.rng.integers(1, 9))
    if c.is_entry and g.chance(0.5):
        ix = new_param(c, "s32", (n, 1), index_bound=v.dims[0])
    else:
        ix = _index_array(c, n, v.dims[0])
    rest = list(v.dims[1:])
    sizes = [1] + [int(g.rng.integers(0, d + 1)) for d in rest]
    offset = ",".join(str(k) for k in range(1, v.rank))
    dims = [n] + sizes[1:]
    return c.add(v.etype, dims, f"gather({v.name}, {ix.name}), offset_dims={{{offset}}}, collapsed_slice_dims={{0}}, "
                 f"start_index_map={{0}}, index_vector_dim=1, slice_sizes={{{','.join(map(str, sizes))}}}", v.exact)


def op_scatter(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 1 and v.dims[0] > 0 and v.etype != "pred")
    if v is None:
        return None
    assign = g.chance(0.4)
    n = int(g.rng.integers(1, min(9, v.dims[0] + 5) + 1))
    ix = _index_array(c, n, v.dims[0], unique=assign)
    n = ix.dims[0]
    upd_dims = [n] + list(v.dims[1:])
    if math.prod(upd_dims) > MAX_ELEMENTS:
        return None
    upd = new_param(c, v.etype, upd_dims) if c.is_entry else _full(c, v.etype, upd_dims)
    window = ",".join(str(k) for k in range(1, v.rank))
    if assign:
        comb = c.gen.fresh("assign")
        c.gen.computations.append(f"{comb} {{\n  a = {v.etype}[] parameter(0)\n  ROOT b = {v.etype}[] parameter(1)\n}}")
        exact = v.exact and upd.exact
    else:
        comb = g.reducer("add", v.etype)
        exact = v.exact and upd.exact and is_int(v.etype)
    return c.add(v.etype, v.dims, f"scatter({v.name}, {ix.name}, {upd.name}), update_window_dims={{{window}}}, "
                 "inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, "
                 f"to_apply={comb}", exact)


def op_sort(c: Comp) -> Val | None:
    g = c.gen
    k = _operand(c, lambda v: not v.is_tuple and v.rank >= 1 and v.etype != "pred" and not is_complex(v.etype),
                 exact_only=True)
    if k is None:
        return None
    dim = int(g.rng.integers(k.rank))
    direction = g.pick(("LT", "GT"))
    total = ", type=TOTALORDER" if is_float(k.etype) else ""
    if g.chance(0.5):
        cmp = g.fresh("cmp")
        g.computations.append(f"{cmp} {{\n  a = {k.etype}[] parameter(0)\n  b = {k.etype}[] parameter(1)\n"
                              f"  ROOT r = pred[] compare(a, b), direction={direction}{total}\n}}")
        return c.add(k.etype, k.dims, f"sort({k.name}), dimensions={{{dim}}}, to_apply={cmp}", True)
    val = _operand(c, lambda v: not v.is_tuple and v.dims == k.dims) or k
    cmp = g.fresh("cmp")
    g.computations.append(f"{cmp} {{\n  a = {k.etype}[] parameter(0)\n  b = {k.etype}[] parameter(1)\n"
                          f"  c = {val.etype}[] parameter(2)\n  d = {val.etype}[] parameter(3)\n"
                          f"  ROOT r = pred[] compare(a, b), direction={direction}{total}\n}}")
    kv = Val("", k.etype, k.dims, g.layout(k.rank))
    vv = Val("", val.etype, val.dims, g.layout(val.rank), val.exact)
    t = c.add_tuple([kv, vv], f"sort({k.name}, {val.name}), dimensions={{{dim}}}, is_stable=true, to_apply={cmp}")
    return _gte(c, t, int(g.rng.integers(2)))


def _gte(c: Comp, t: Val, i: int, layout=None) -> Val:
    e = t.elems[i]
    lay = layout if layout is not None else e.layout
    return c.add(e.etype, e.dims, f"get-tuple-element({t.name}), index={i}", e.exact, layout=lay, base="g")


def op_tuple(c: Comp) -> Val | None:
    """A tuple whose elements declare layouts of their own, taken apart again (layouts differing)."""
    g = c.gen
    vs = [v for v in (_operand(c, lambda v: not v.is_tuple) for _ in range(int(g.rng.integers(1, 4)))) if v]
    if not vs:
        return None
    elems = [Val("", v.etype, v.dims, g.layout(v.rank), v.exact) for v in vs]
    t = c.add_tuple(elems, f"tuple({', '.join(v.name for v in vs)})")
    i = int(g.rng.integers(len(elems)))
    return _gte(c, t, i, layout=g.layout(elems[i].rank))


def _sub_body(g: Generator, comp: Comp, n_ops: int) -> None:
    for _ in range(n_ops):
        op = g.pick(body_ops())
        op(comp)


def _state_update(c: Comp, v: Val) -> Val:
    """A value of v's type and dims computed from what `c` has (v included)."""
    g = c.gen
    cands = [u for u in c.values if u.etype == v.etype and u.dims == v.dims]
    return g.pick(cands) if cands else v


def op_while(c: Comp) -> Val | None:
    g = c.gen
    picks = (_operand(c, lambda v: not v.is_tuple and v.size <= 1024) for _ in range(int(g.rng.integers(1, 3))))
    vs = [v for v in picks if v]
    if not vs:
        return None
    trips = int(g.rng.integers(0, 4))
    zero = _scalar_const(c, "s32", 0)
    # a data-dependent trip count: the loop also stops at a bound read from the input (state[1])
    bound = new_param(c, "s32", (), index_bound=4) if c.is_entry and g.chance(0.4) else None
    if bound is not None:
        trips = 6
        vs = [bound] + vs
    state = [Val("", "s32", ())] + [Val("", v.etype, v.dims, g.layout(v.rank), v.exact) for v in vs]
    init = c.add_tuple(state, f"tuple({zero.name}, {', '.join(v.name for v in vs)})", base="init")

    def declared(e: Val) -> Val:  # the callee's own idea of the layouts
        return Val("", e.etype, e.dims, g.layout(e.rank) if g.chance(0.5) else e.layout, e.exact)

    # condition
    cond = Comp(g, g.fresh("cond"))
    cp = cond.param(Val("", "tuple", (), None, True, tuple(declared(e) for e in state)))
    i = cond.add("s32", (), f"get-tuple-element({cp.name}), index=0", True)
    n = cond.add("s32", (), f"constant({trips})", True)
    go = cond.add("pred", (), f"compare({i.name}, {n.name}), direction=LT", True)
    if bound is not None:
        b = cond.add("s32", (), f"get-tuple-element({cp.name}), index=1", True)
        under = cond.add("pred", (), f"compare({i.name}, {b.name}), direction=LT", True)
        go = cond.add("pred", (), f"and({go.name}, {under.name})", True)
    # body
    body = Comp(g, g.fresh("body"))
    bp = body.param(Val("", "tuple", (), None, True, tuple(declared(e) for e in state)))
    elems = [body.add(e.etype, e.dims, f"get-tuple-element({bp.name}), index={k}", e.exact, layout=e.layout, base="s")
             for k, e in enumerate(bp.elems)]
    one = body.add("s32", (), "constant(1)", True)
    nxt = body.add("s32", (), f"add({elems[0].name}, {one.name})", True)
    _sub_body(g, body, int(g.rng.integers(1, 6)))
    outs = [_state_update(body, e) for e in elems[1:]]
    if bound is not None:
        outs[0] = elems[1]  # the bound stays
    root_elems = [Val("", "s32", ())] + [declared(e) for e in state[1:]]
    # the exactness of the state is what the body makes of it
    root_elems = [r if k == 0 else Val("", r.etype, r.dims, r.layout, outs[k - 1].exact and state[k].exact)
                  for k, r in enumerate(root_elems)]
    root = body.add_tuple(root_elems, f"tuple({nxt.name}, {', '.join(o.name for o in outs)})")
    g.computations.append(cond.text(go))
    g.computations.append(body.text(root))
    loop_state = tuple(Val("", e.etype, e.dims, e.layout, e.exact and r.exact) for e, r in zip(state, root_elems))
    loop = c.add_tuple(list(loop_state), f"while({init.name}), condition={cond.name}, body={body.name}", base="loop")
    k = int(g.rng.integers(1, len(state)))
    return _gte(c, loop, k, layout=g.layout(state[k].rank))


def op_conditional(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple)
    if v is None:
        return None
    n_br = int(g.pick([2, 2, 3]))
    out = Val("", v.etype, v.dims, g.layout(v.rank))
    branches, exact = [], v.exact
    for _ in range(n_br):
        br = Comp(g, g.fresh("branch"))
        p = br.param(Val("", v.etype, v.dims, g.layout(v.rank), v.exact))
        _sub_body(g, br, int(g.rng.integers(0, 4)))
        r = _state_update(br, p)
        exact = exact and r.exact
        # the branch's root in its own declared layout
        rr = br.add(r.etype, r.dims, f"copy({r.name})", r.exact, layout=g.layout(r.rank))
        branches.append(br)
        g.computations.append(br.text(rr))
    if n_br == 2 and g.chance(0.5):
        sel = new_param(c, "pred", ()) if c.is_entry else _scalar_const(c, "pred")
        return c.add(out.etype, out.dims, f"conditional({sel.name}, {v.name}, {v.name}), "
                     f"true_computation={branches[0].name}, false_computation={branches[1].name}",
                     exact, layout=out.layout)
    sel = _index(c, n_br, "s32")
    return c.add(out.etype, out.dims, f"conditional({sel.name}, {', '.join([v.name] * n_br)}), "
                 f"branch_computations={{{', '.join(b.name for b in branches)}}}", exact, layout=out.layout)


def op_call(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple)
    if v is None:
        return None
    callee = Comp(g, g.fresh("callee"))
    p = callee.param(Val("", v.etype, v.dims, g.layout(v.rank), v.exact))
    _sub_body(g, callee, int(g.rng.integers(1, 5)))
    r = _state_update(callee, p)
    g.computations.append(callee.text(r))
    return c.add(r.etype, r.dims, f"call({v.name}), to_apply={callee.name}", r.exact and v.exact,
                 layout=g.layout(r.rank))


# Ops any computation may use; the entry also gets the ones needing parameters or nesting.
BODY_OPS = (op_unary, op_binary, op_binary, op_compare, op_select, op_clamp, op_convert, op_reverse,
            op_transpose, op_slice, op_reshape, op_broadcast, op_reduce, op_dynamic_slice,
            op_dynamic_update_slice, op_complex)
ENTRY_OPS = BODY_OPS + (op_unary, op_binary, op_binary, op_concatenate, op_pad, op_iota, op_gather, op_scatter,
                        op_sort, op_dot, op_tuple, op_while, op_conditional, op_call)


@functools.cache
def body_ops() -> tuple:
    from .ops_numeric import ANYWHERE  # (built on the helpers above)

    return BODY_OPS + ANYWHERE


@functools.cache
def entry_ops() -> tuple:
    from .ops_numeric import ANYWHERE, ENTRY_ONLY

    return ENTRY_OPS + ANYWHERE + ENTRY_ONLY


def generate(seed: int, max_ops: int = 24) -> Program:
    g = Generator(seed)
    entry = Comp(g, "main", is_entry=True)
    for _ in range(int(g.rng.integers(1, 4))):
        new_param(entry, g.etype(), g.dims())
    for _ in range(int(g.rng.integers(3, max_ops + 1))):
        g.pick(entry_ops())(entry)
    arrays = [v for v in entry.values if v.etype != "tuple"]
    # the root: the last value (a chain's end) and a few others; a tuple unless one array
    outs = [arrays[-1]] + [g.pick(arrays) for _ in range(int(g.rng.integers(0, 3)))]
    outs = list(dict.fromkeys(outs))
    if len(outs) == 1 and g.chance(0.5):
        root = outs[0]
    else:
        elems = [Val("", v.etype, v.dims, g.layout(v.rank), v.exact) for v in outs]
        root = entry.add_tuple(elems, f"tuple({', '.join(v.name for v in outs)})", base="out")
    text = f"HloModule fuzz_{seed}\n\n" + "\n\n".join(g.computations + [entry.text(root)]) + "\n"
    exact = [e.exact for e in root.elems] if root.is_tuple else [root.exact]
    return Program(text, g.inputs, exact, seed)
