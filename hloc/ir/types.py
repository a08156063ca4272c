"""Element types, layouts and shapes.

Shapes are immutable values (hashable, compared by value), so passes can share them freely and CSE
can use them as keys. Element types are named by their HLO spelling (`"f32"`); `ELEMENT_TYPES`
maps a name to its facts, including the numpy dtype (ml_dtypes for bf16, f8, f6, f4 and sub-byte ints).
"""

from __future__ import annotations

import builtins
import functools
import math

import numpy as np

from ..record import Record


class ElementType(Record):
    """kind: "pred" | "sint" | "uint" | "float" | "complex" | "token" | "opaque". dtype_spec: a numpy
    dtype, or the name of an ml_dtypes type: ml_dtypes costs ~9 ms to import, which a cached
    `hloc run` of an f32 model need not pay (np_dtype resolves it on first use)."""

    __slots__ = ("name", "bits", "kind", "dtype_spec")

    def __init__(self, name: str, bits: int, kind: str, dtype_spec: np.dtype | str | None):
        self.name = name
        self.bits = bits
        self.kind = kind
        self.dtype_spec = dtype_spec

    @property
    def np_dtype(self) -> np.dtype | None:
        spec = self.dtype_spec
        if isinstance(spec, str):
            return _ml_dtype(spec)
        return spec

    @property
    def is_float(self) -> bool:
        return self.kind == "float"

    @property
    def is_complex(self) -> bool:
        return self.kind == "complex"

    @property
    def is_integer(self) -> bool:
        return self.kind in ("sint", "uint")

    @property
    def is_signed(self) -> bool:
        return self.kind in ("sint", "float", "complex")

    @property
    def is_array_type(self) -> bool:
        return self.kind not in ("token", "opaque")


def _et(name: str, bits: int, kind: str, dtype) -> ElementType:
    return ElementType(name, bits, kind, dtype if dtype is None or isinstance(dtype, str) else np.dtype(dtype))


_ML_DTYPES: dict[str, np.dtype] = {}


def _ml_dtype(name: str) -> np.dtype:
    d = _ML_DTYPES.get(name)
    if d is None:
        import ml_dtypes

        d = _ML_DTYPES[name] = np.dtype(getattr(ml_dtypes, name))
    return d


ELEMENT_TYPES: dict[str, ElementType] = {
    t.name: t
    for t in [
        _et("pred", 8, "pred", np.bool_),
        _et("s1", 1, "sint", "int1"),
        _et("s2", 2, "sint", "int2"),
        _et("s4", 4, "sint", "int4"),
        _et("s8", 8, "sint", np.int8),
        _et("s16", 16, "sint", np.int16),
        _et("s32", 32, "sint", np.int32),
        _et("s64", 64, "sint", np.int64),
        _et("u1", 1, "uint", "uint1"),
        _et("u2", 2, "uint", "uint2"),
        _et("u4", 4, "uint", "uint4"),
        _et("u8", 8, "uint", np.uint8),
        _et("u16", 16, "uint", np.uint16),
        _et("u32", 32, "uint", np.uint32),
        _et("u64", 64, "uint", np.uint64),
        _et("f16", 16, "float", np.float16),
        _et("bf16", 16, "float", "bfloat16"),
        _et("f32", 32, "float", np.float32),
        _et("f64", 64, "float", np.float64),
        _et("f8e5m2", 8, "float", "float8_e5m2"),
        _et("f8e4m3", 8, "float", "float8_e4m3"),
        _et("f8e4m3fn", 8, "float", "float8_e4m3fn"),
        _et("f8e4m3b11fnuz", 8, "float", "float8_e4m3b11fnuz"),
        _et("f8e3m4", 8, "float", "float8_e3m4"),
        _et("f8e5m2fnuz", 8, "float", "float8_e5m2fnuz"),
        _et("f8e4m3fnuz", 8, "float", "float8_e4m3fnuz"),
        _et("f8e8m0fnu", 8, "float", "float8_e8m0fnu"),
        _et("f6e3m2fn", 6, "float", "float6_e3m2fn"),
        _et("f6e2m3fn", 6, "float", "float6_e2m3fn"),
        _et("f4e2m1fn", 4, "float", "float4_e2m1fn"),
        _et("c64", 64, "complex", np.complex64),
        _et("c128", 128, "complex", np.complex128),
        _et("token", 0, "token", None),
        _et("opaque", 0, "opaque", None),
    ]
}
# `opaque_type` is an accepted spelling of `opaque`.
ELEMENT_TYPE_ALIASES = {"opaque_type": "opaque"}

_DTYPE_TO_ETYPE = {t.dtype_spec: name for name, t in ELEMENT_TYPES.items() if isinstance(t.dtype_spec, np.dtype)}


def etype_of_dtype(dtype) -> str:
    """The HLO element type of a numpy dtype (`np.float32` -> `"f32"`)."""
    dtype = np.dtype(dtype)
    name = _DTYPE_TO_ETYPE.get(dtype)
    if name is None:
        if len(_DTYPE_TO_ETYPE) < len(ELEMENT_TYPES) - 2:  # add the ml_dtypes types once (not token/opaque)
            _DTYPE_TO_ETYPE.update({t.np_dtype: n for n, t in ELEMENT_TYPES.items() if t.np_dtype is not None})
            name = _DTYPE_TO_ETYPE.get(dtype)
        if name is None:
            raise KeyError(dtype)
    return name


_IEEE_BINARY = frozenset({"f16", "f32", "f64"})


@functools.cache
def finfo(etype: str):
    """Machine limits of a float type (np.finfo for f16/f32/f64, ml_dtypes.finfo for the others: only
    those import ml_dtypes)."""
    dt = ELEMENT_TYPES[etype].np_dtype
    if etype in _IEEE_BINARY:
        return np.finfo(dt)
    import ml_dtypes

    return ml_dtypes.finfo(dt)


@functools.cache
def iinfo(etype: str):
    """Limits of an integer type (ml_dtypes.iinfo knows the sub-byte s1..s4 / u1..u4 that np.iinfo
    rejects)."""
    dt = ELEMENT_TYPES[etype].np_dtype
    if ELEMENT_TYPES[etype].bits >= 8:
        return np.iinfo(dt)
    import ml_dtypes

    return ml_dtypes.iinfo(dt)


def byte_width(etype: str) -> int:
    """Bytes per element as stored in memory (sub-byte types take one byte each, unpacked)."""
    t = ELEMENT_TYPES[etype]
    return 1 if t.kind == "pred" else max(1, (t.bits + 7) // 8)


# --------------------------------------------------------------------------------------------------
# Layout


class Layout(Record):
    """`{minor_to_major:tail}`: the dimension order the compiler uses, plus the rest verbatim.

    `tail` keeps tiling, memory space and the other suffix items (`T(8,128)(2,1)S(1)`) as written
    after the colon; the compiler only needs `minor_to_major`.
    """

    __slots__ = ("minor_to_major", "tail")

    def __init__(self, minor_to_major: tuple[int, ...], tail: str = ""):
        self.minor_to_major = minor_to_major
        self.tail = tail

    # Shapes compare and hash their layouts often (CSE, fusion): written out rather than by Record.
    def __eq__(self, other: object) -> bool:
        if other.__class__ is not Layout:
            return NotImplemented
        return self.minor_to_major == other.minor_to_major and self.tail == other.tail

    def __hash__(self) -> int:
        return hash((self.minor_to_major, self.tail))

    def __str__(self) -> str:
        body = ",".join(map(str, self.minor_to_major))
        return "{" + body + (":" + self.tail if self.tail else "") + "}"

    @staticmethod
    def default(rank: int) -> Layout:
        return _DEFAULT_LAYOUTS[rank] if rank < len(_DEFAULT_LAYOUTS) else Layout(tuple(range(rank - 1, -1, -1)))

    def is_default(self) -> bool:
        return not self.tail and self.minor_to_major == tuple(range(len(self.minor_to_major) - 1, -1, -1))


_DEFAULT_LAYOUTS = [Layout(tuple(range(r - 1, -1, -1))) for r in range(12)]


# --------------------------------------------------------------------------------------------------
# Shape

UNBOUNDED = -1  # the size of a `?` dimension


class Shape:
    """An array shape `f32[2,<=3]{1,0}`, a tuple `(s32[], f32[2])`, or `token[]` / `opaque[]`.

    Arrays: `etype`, `dims` (ints; `?` is UNBOUNDED), `dynamic` (per-dim bool for `<=N` / `?`, or
    None when all dims are static) and `layout` (None only for scalars and non-arrays).
    Tuples: `etype == "tuple"` and `tuple_shapes`.
    """

    __slots__ = ("etype", "dims", "dynamic", "layout", "tuple_shapes", "_hash")

    def __init__(
        self,
        etype: str,
        dims: tuple[int, ...] = (),
        layout: Layout | None = None,
        dynamic: tuple[bool, ...] | None = None,
        tuple_shapes: tuple[Shape, ...] = (),
    ):
        self.etype = etype
        self.dims = dims
        self.dynamic = dynamic if dynamic and any(dynamic) else None
        self.tuple_shapes = tuple_shapes
        if layout is None and dims and etype != "tuple":
            layout = Layout.default(len(dims))
        self.layout = layout
        self._hash: int | None = None

    # -- constructors
    @staticmethod
    def array(etype: str, dims, layout: Layout | None = None) -> Shape:
        return Shape(etype, tuple(int(d) for d in dims), layout)

    @staticmethod
    def scalar(etype: str) -> Shape:
        return Shape(etype, ())

    @staticmethod
    def tuple(shapes) -> Shape:
        return Shape("tuple", tuple_shapes=tuple(shapes))

    # -- queries
    @property
    def is_tuple(self) -> bool:
        return self.etype == "tuple"

    @property
    def is_array(self) -> bool:
        return self.etype != "tuple" and self.etype not in ("token", "opaque")

    @property
    def is_token(self) -> bool:
        return self.etype == "token"

    @property
    def rank(self) -> int:
        return len(self.dims)

    @property
    def is_scalar(self) -> bool:
        return self.is_array and not self.dims

    @property
    def is_static(self) -> bool:
        if self.is_tuple:
            return all(s.is_static for s in self.tuple_shapes)
        return self.dynamic is None

    @property
    def element_type(self) -> ElementType:
        return ELEMENT_TYPES[self.etype]

    @property
    def dtype(self) -> np.dtype:
        """The numpy dtype of an array shape's elements."""
        dtype = ELEMENT_TYPES[self.etype].np_dtype
        if dtype is None:
            raise ValueError(f"{self.etype} values have no numpy dtype")
        return dtype

    @property
    def num_elements(self) -> int:
        return math.prod(self.dims)

    @property
    def byte_size(self) -> int:
        if self.is_tuple:
            return sum(s.byte_size for s in self.tuple_shapes)
        if not self.is_array:
            return 0
        return self.num_elements * byte_width(self.etype)

    @property
    def minor_to_major(self) -> builtins.tuple[int, ...]:  # (`tuple` is Shape.tuple in here)
        return self.layout.minor_to_major if self.layout is not None else ()

    def leaves(self) -> list[Shape]:
        """Array/token leaves, depth-first (the order XLA flattens tuple parameters and results)."""
        if not self.is_tuple:
            return [self]
        out: list[Shape] = []
        for s in self.tuple_shapes:
            out.extend(s.leaves())
        return out

    def subshape(self, index) -> Shape:
        s = self
        for i in index:
            s = s.tuple_shapes[i]
        return s

    # -- derived shapes
    def with_etype(self, etype: str) -> Shape:
        if self.is_tuple:
            return Shape.tuple(s.with_etype(etype) for s in self.tuple_shapes)
        return Shape(etype, self.dims, self.layout, self.dynamic)

    def with_dims(self, dims, etype: str | None = None) -> Shape:
        """A default-layout array of the same (or the given) element type."""
        return Shape(etype or self.etype, tuple(dims))

    def without_layout(self) -> Shape:
        if self.is_tuple:
            return Shape.tuple(s.without_layout() for s in self.tuple_shapes)
        return Shape(self.etype, self.dims, Layout.default(len(self.dims)) if self.dims else None, self.dynamic)

    def compatible(self, other: Shape) -> bool:
        """Equal ignoring layouts (XLA's ShapeUtil::Compatible)."""
        if self.is_tuple or other.is_tuple:
            return (
                self.is_tuple
                and other.is_tuple
                and len(self.tuple_shapes) == len(other.tuple_shapes)
                and all(a.compatible(b) for a, b in zip(self.tuple_shapes, other.tuple_shapes))
            )
        return self.etype == other.etype and self.dims == other.dims and self.dynamic == other.dynamic

    def same_dims(self, other: Shape) -> bool:
        return self.dims == other.dims

    # -- value semantics
    def _key(self):
        return (self.etype, self.dims, self.dynamic, self.layout, self.tuple_shapes)

    def __eq__(self, other) -> bool:
        # _key() == other._key(), field by field without building the tuples (passes compare
        # shapes ~10^5 times on a big module); dims first, the field that differs most often.
        if self is other:
            return True
        if not isinstance(other, Shape):
            return False
        return (self.dims == other.dims and self.etype == other.etype and self.dynamic == other.dynamic
                and (self.layout is other.layout or self.layout == other.layout)
                and self.tuple_shapes == other.tuple_shapes)

    def __hash__(self) -> int:
        if self._hash is None:
            self._hash = hash(self._key())
        return self._hash

    def __repr__(self) -> str:
        return f"Shape({self.to_str()})"

    def __str__(self) -> str:
        return self.to_str()

    def to_str(self, layout: bool = True) -> str:
        """HLO spelling: `f32[2,3]{1,0}`, `(f32[], s32[4]{0})`; `layout=False` drops layouts."""
        if self.is_tuple:
            parts = []
            for i, s in enumerate(self.tuple_shapes):
                p = s.to_str(layout)
                parts.append(f"/*index={i}*/{p}" if i and i % 5 == 0 else p)
            return "(" + ", ".join(parts) + ")"
        if self.dynamic is None:
            dims = ",".join(map(str, self.dims))
        else:
            dims = ",".join(
                ("?" if d == UNBOUNDED else f"<={d}") if dyn else str(d) for d, dyn in zip(self.dims, self.dynamic)
            )
        text = f"{self.etype}[{dims}]"
        if layout and self.layout is not None and (self.dims or self.layout.tail):
            text += str(self.layout)
        return text
