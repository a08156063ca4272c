"""Runtime values: the flat list of leaf arrays the runner reads and writes (one per Leaf of the
entry's hloc.signature.Signature, tuples flattened depth-first as XLA does), and the nested values
backends take and return.

File conventions (the JAX corpus's): numpy has no bf16 or f8, so those are stored as unsigned
integers holding the bit pattern (uint16 for bf16, uint8 for f8/f6/f4), and sub-byte integers
(s4/u4/s2/u2/s1/u1) as int8/uint8 values. Inputs may also be the ml_dtypes array itself, or the
`|V2`/`|V1` void array that `np.save` writes for an ml_dtypes array.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

import numpy as np

from ..errors import RunError
from ..ir.types import ELEMENT_TYPES, UNBOUNDED, Shape
from ..signature import Leaf, Signature

if TYPE_CHECKING:
    from ..ir.module import Module

_NATIVE_TYPES = {np.dtype(t) for t in (np.bool_, np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16,
                                       np.uint32, np.uint64, np.float16, np.float32, np.float64, np.complex64,
                                       np.complex128)}


def is_native(dtype: np.dtype) -> bool:
    """True for dtypes plain numpy reads and writes (not ml_dtypes)."""
    return np.dtype(dtype) in _NATIVE_TYPES


def is_subbyte_int(etype: str) -> bool:
    t = ELEMENT_TYPES[etype]
    return t.is_integer and t.bits < 8


def is_bit_pattern_float(etype: str) -> bool:
    """bf16, f8*, f6*, f4*: floats numpy cannot store natively."""
    t = ELEMENT_TYPES[etype]
    return t.is_float and t.np_dtype is not None and not is_native(t.np_dtype)


def describe_array(a: np.ndarray) -> str:
    """`float64[4,8]`: how a user's array is described in error messages."""
    return f"{a.dtype.name}[{','.join(map(str, a.shape))}]"


def parameter_leaves(module: Module) -> list[Leaf]:
    """The entry computation's array leaves, depth-first: one input file each."""
    return Signature.of_module(module).params


def result_leaves(module: Module) -> list[Shape]:
    """The entry result's array leaves, depth-first: out0, out1, ..."""
    return [leaf.shape for leaf in Signature.of_module(module).results]


def unflatten(shapes: list[Shape], leaves: list[np.ndarray], token: object) -> list[object]:
    """Nested argument values (tuples for tuple parameters) from the flat leaf list."""
    it = iter(leaves)

    def build(shape: Shape) -> object:
        if shape.is_tuple:
            return tuple(build(s) for s in shape.tuple_shapes)
        if shape.is_token:
            return token
        return next(it)

    return [build(s) for s in shapes]


def flatten_result(shape: Shape, value: object, backend: str) -> list[np.ndarray]:
    """The leaf arrays of a backend's nested result, checked against the result shape."""
    out: list[np.ndarray] = []

    def walk(s: Shape, v: object) -> None:
        if s.is_tuple:
            if not isinstance(v, tuple) or len(v) != len(s.tuple_shapes):
                raise RunError(f"backend '{backend}' returned {type(v).__name__} where the module's result has "
                               f"shape {s.to_str(layout=False)}")
            for ss, vv in zip(s.tuple_shapes, v):
                walk(ss, vv)
            return
        if s.is_token:
            return
        a = np.asarray(v)
        if a.dtype != s.dtype or not _dims_fit(a.shape, s):
            raise RunError(f"backend '{backend}' returned {describe_array(a)} for out{len(out)}, "
                           f"expected {s.to_str(layout=False)}")
        # (a Fortran-ordered result, e.g. a {0,1} matrix, stays as it is: .npy files and the checks take
        # it, and a copy would double the result's memory)
        out.append(a if a.flags.c_contiguous or a.flags.f_contiguous else a.copy(order="C"))

    walk(shape, value)
    return out


def _dims_fit(dims: tuple[int, ...], shape: Shape) -> bool:
    """Static dims must match; a bounded dynamic dim (`<=N`) takes any size up to N."""
    if len(dims) != shape.rank:
        return False
    dynamic = shape.dynamic or (False,) * shape.rank
    for got, want, dyn in zip(dims, shape.dims, dynamic):
        if dyn:
            if want != UNBOUNDED and got > want:
                return False
        elif got != want:
            return False
    return True


def coerce_input(a: np.ndarray, leaf: Leaf, source: str) -> np.ndarray:
    """Bring a loaded array to the leaf's element type, or raise a RunError naming the parameter.

    No value conversion happens except for sub-byte integers given as int8/uint8 (range-checked):
    an ml_dtypes float may arrive as its bit pattern (same-width unsigned/signed int or void).
    """
    return coerce_array(a, leaf.shape, lambda: f"{leaf.path} expects {leaf.shape.to_str(layout=False)}, "
                        f"got {describe_array(a)} from {source}")


def coerce_array(a: np.ndarray, shape: Shape, mismatch) -> np.ndarray:
    """`coerce_input` for any array shape; `mismatch()` gives the message for a wrong shape or type."""
    if a.dtype.fields is not None or a.dtype.hasobject:
        raise RunError(mismatch() + " (a structured or object array)")
    if not _dims_fit(a.shape, shape):
        raise RunError(mismatch())
    want = shape.dtype
    if not a.flags.c_contiguous:  # (np.ascontiguousarray would make scalars 1-d)
        a = a.copy(order="C")
    if a.dtype == want:
        return a
    if is_bit_pattern_float(shape.etype) and a.dtype.itemsize == want.itemsize and _is_bits(a.dtype):
        return a.view(want)
    if is_subbyte_int(shape.etype) and a.dtype.itemsize == 1:
        if a.dtype.kind in "iu":
            info = ELEMENT_TYPES[shape.etype]
            lo, hi = (-(1 << (info.bits - 1)), (1 << (info.bits - 1)) - 1) if info.kind == "sint" else (0,
                                                                                                  (1 << info.bits) - 1)
            if a.size and (int(a.min()) < lo or int(a.max()) > hi):
                raise RunError(mismatch() + f" (values outside [{lo}, {hi}])")
            return a.astype(want)
        if a.dtype.type is np.void:
            return a.view(want)
    raise RunError(mismatch())


def _is_bits(dtype: np.dtype) -> bool:
    """An integer or raw void dtype: something that can hold a bit pattern."""
    return dtype.kind in "iu" or dtype.type is np.void


def to_storable(a: np.ndarray) -> np.ndarray:
    """An array plain numpy can save and load: ml_dtypes floats as unsigned bit patterns of the same
    width, sub-byte integers as int8/uint8 values; native dtypes unchanged."""
    if is_native(a.dtype):
        return a
    etype = next((n for n, t in ELEMENT_TYPES.items() if t.np_dtype == a.dtype), None)
    if etype is not None and is_subbyte_int(etype):
        return a.astype(np.int8 if ELEMENT_TYPES[etype].kind == "sint" else np.uint8)
    return a.view({1: np.uint8, 2: np.uint16, 4: np.uint32}[a.dtype.itemsize])
