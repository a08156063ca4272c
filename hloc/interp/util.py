"""Helpers shared by the interpreter's handlers: element types, XLA's convert, computing narrow floats
the way XLA:CPU does, total-order keys, and running scalar computations (reducers, comparators,
map/scatter combiners) over whole arrays at once.

Narrow floats: XLA:CPU computes bf16 and the f8/f6/f4 types in a wider type and rounds each
result back (FloatNormalization: bf16 in f32, f8/f4 in f16, f8e8m0fnu in f32); f16 arithmetic is
done by LLVM in f32 and rounded back per operation. `upcast` / `downcast` reproduce that: compute
on `upcast(x)`, then `downcast(result, etype)`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..errors import RunError
from ..ir.module import Computation, Instruction
from ..ir.opcodes import ELEMENTWISE
from ..ir.types import ELEMENT_TYPES, Shape

F16 = np.dtype(np.float16)
F32 = np.dtype(np.float32)
F64 = np.dtype(np.float64)



class _EtypeOf(dict):
    """numpy dtype -> HLO element type name. The ml_dtypes types join on the first miss: an array of one
    exists only once ml_dtypes is imported, and importing it here would cost 0.6-1 s to every constant
    folding of a bf16 model (see ir/raw_literal.py)."""

    def __missing__(self, dtype) -> str:
        for name, t in ELEMENT_TYPES.items():
            if t.np_dtype is not None:
                self.setdefault(t.np_dtype, name)
        name = self.get(dtype)
        if name is None:
            raise KeyError(dtype)
        return name


ETYPE_OF: dict[np.dtype, str] = _EtypeOf({t.dtype_spec: name for name, t in ELEMENT_TYPES.items()
                                          if isinstance(t.dtype_spec, np.dtype)})

# Floating types XLA:CPU does not compute in natively, and the type their arithmetic rounds through.
_VIA_F16 = frozenset({
    "f8e5m2", "f8e4m3", "f8e4m3fn", "f8e4m3b11fnuz", "f8e3m4", "f8e5m2fnuz", "f8e4m3fnuz", "f6e3m2fn",
    "f6e2m3fn", "f4e2m1fn",
})
NARROW_FLOATS = _VIA_F16 | {"bf16", "f16", "f8e8m0fnu"}
SUB_BYTE_INTS = frozenset({"s1", "s2", "s4", "u1", "u2", "u4"})

_UINT_OF_BYTES = {1: np.dtype(np.uint8), 2: np.dtype(np.uint16), 4: np.dtype(np.uint32), 8: np.dtype(np.uint64)}


def etype_of(x: np.ndarray) -> str:
    """The HLO element type of an array value."""
    return ETYPE_OF[x.dtype]


# --------------------------------------------------------------------------------------------------
# Narrow types


def upcast(x: np.ndarray) -> np.ndarray:
    """The array in the type XLA:CPU computes it in (f32 for 16-bit and smaller floats, int8/uint8 for
    sub-byte integers); other arrays are returned as they are."""
    et = ETYPE_OF[x.dtype]
    if et in NARROW_FLOATS:
        return x.astype(F32)
    if et in SUB_BYTE_INTS:
        return x.astype(np.int8 if et[0] == "s" else np.uint8)
    return x


def downcast(r, etype: str) -> np.ndarray:
    """Round a result computed in the wider type back to `etype` (through f16 for f8/f6/f4, as
    XLA:CPU's FloatNormalization does; wrapping for sub-byte integers)."""
    dt = ELEMENT_TYPES[etype].np_dtype
    r = np.asarray(r)
    if r.dtype == dt:
        return r
    if etype in _VIA_F16:
        return r.astype(F16).astype(dt)
    if etype in SUB_BYTE_INTS:
        return wrap_int(r, etype).astype(dt)
    return r.astype(dt)


def wrap_int(x: np.ndarray, etype: str) -> np.ndarray:
    """Integer values reduced modulo 2**bits into the range of `etype` (two's complement), as int64."""
    bits = ELEMENT_TYPES[etype].bits
    x = x.astype(np.int64) & ((1 << bits) - 1)
    if etype[0] == "s":
        sign = 1 << (bits - 1)
        x = (x ^ sign) - sign
    return x


def uint_dtype(itemsize: int) -> np.dtype:
    return _UINT_OF_BYTES[itemsize]


# --------------------------------------------------------------------------------------------------
# Denormals, decided on the bits: a float compare would itself depend on the thread's DAZ state.

# dtype -> (mask of the magnitude bits, largest denormal's bit pattern)
_DENORMAL_BITS = {F32: (np.uint32(0x7FFFFFFF), np.uint32(0x007FFFFF)),
                  F64: (np.uint64(0x7FFFFFFFFFFFFFFF), np.uint64(0x000FFFFFFFFFFFFF))}


def denormal_mask(x: np.ndarray) -> np.ndarray | None:
    """Where the f32/f64 array `x` holds a denormal (never a zero), or None when it holds none or has
    another type."""
    bits = _DENORMAL_BITS.get(x.dtype)
    if bits is None or x.size == 0:
        return None
    magnitude, largest = bits
    # |x|'s bits minus 1, unsigned: zero wraps to the maximum, so only 1..largest land at or below.
    m = (x.view(magnitude.dtype) & magnitude) - magnitude.dtype.type(1) < largest
    return m if m.any() else None


def flush_denormals(x: np.ndarray) -> np.ndarray:
    """`x` with its f32/f64 denormals replaced by zeros of the same sign (`x` itself when it has none):
    what FTZ does to a result and DAZ to an operand, independent of the thread's MXCSR."""
    m = denormal_mask(x)
    if m is None:
        return x
    return np.where(m, np.copysign(x.dtype.type(0), x), x)


# --------------------------------------------------------------------------------------------------
# convert


def _float_to_int(x: np.ndarray, etype: str) -> np.ndarray:
    """XLA's float -> integer convert: truncate toward zero, saturate, NaN -> 0."""
    et = ELEMENT_TYPES[etype]
    if et.kind == "sint":
        lo, hi = -(1 << (et.bits - 1)), (1 << (et.bits - 1)) - 1
    else:
        lo, hi = 0, (1 << et.bits) - 1
    xd = x.astype(F64)  # exact for every float type we have
    nan = np.isnan(xd)
    too_big = xd >= float(hi)
    too_small = xd <= float(lo)
    work = np.int64 if et.kind == "sint" or et.bits < 64 else np.uint64
    mid = np.where(nan | too_big | too_small, 0.0, xd).astype(work)
    out = np.where(too_big, np.array(hi, work), np.where(too_small, np.array(lo, work), mid))
    if et.np_dtype.itemsize < np.dtype(work).itemsize or etype in SUB_BYTE_INTS:
        return out.astype(et.np_dtype)
    return out.astype(et.np_dtype, copy=False)


def _int_to_float(x: np.ndarray, to: str) -> np.ndarray:
    dt = ELEMENT_TYPES[to].np_dtype
    if to in _VIA_F16 or to in ("f8e8m0fnu",):
        # XLA converts integers to f8/f4 through f16 (f8e8m0fnu through f32).
        mid = F32 if to == "f8e8m0fnu" else F16
        return _int_to_float(x, "f32" if mid == F32 else "f16").astype(dt)
    if to in ("bf16",):
        # Round once: integers up to 2**53 are exact in f64; ml_dtypes rounds f64 -> bf16 directly.
        return x.astype(F64).astype(dt)
    return x.astype(dt)


def _to_f4(x: np.ndarray, frm: str) -> np.ndarray:
    """XLA:CPU converts to f4e2m1fn from f16 (other types are converted to f16 first); f4e2m1fn has no
    NaN, and every NaN becomes -0.0."""
    dt = ELEMENT_TYPES["f4e2m1fn"].np_dtype
    src = x if frm in ("f16", "f32", "f64") else x.astype(F32)
    out = src.astype(F16).astype(dt)
    nan = np.isnan(x.astype(F32))
    return np.where(nan, np.array(-0.0, F32).astype(dt), out) if nan.any() else out


def convert(x: np.ndarray, to: str) -> np.ndarray:
    """XLA's `convert` (elemental_ir_emitter semantics, as XLA:CPU computes it)."""
    frm = ETYPE_OF[x.dtype]
    if frm == to:
        return x
    src = ELEMENT_TYPES[frm]
    dst = ELEMENT_TYPES[to]
    dt = dst.np_dtype
    if dst.kind == "pred":
        # Narrow floats compare in f32 (where DAZ makes denormals zero, as on XLA:CPU).
        return (x.astype(F32) if frm in NARROW_FLOATS else x) != 0
    if src.kind == "complex":
        if dst.kind == "complex":
            return x.astype(dt)
        # complex -> real keeps the real part.
        return convert(x.real.copy(), to)  # (ascontiguousarray would make a 0-d value 1-d)
    if dst.kind == "complex":
        if src.kind in ("sint", "uint", "pred"):
            return upcast(x).astype(dt) if frm in SUB_BYTE_INTS else x.astype(dt)
        return x.astype(F32 if frm in NARROW_FLOATS else x.dtype).astype(dt)
    if src.kind == "pred":
        return x.astype(np.uint8).astype(dt) if dst.kind != "float" else _int_to_float(x.astype(np.uint8), to)
    if src.kind in ("sint", "uint"):
        if dst.kind in ("sint", "uint"):
            if to in SUB_BYTE_INTS:
                return wrap_int(upcast(x), to).astype(dt)
            return upcast(x).astype(dt)  # two's complement truncation / extension
        return _int_to_float(upcast(x), to)
    # float source
    if dst.kind in ("sint", "uint"):
        return _float_to_int(x, to)
    if to == "f4e2m1fn":
        return _to_f4(x, frm)
    if frm in _VIA_F16 and to not in ("f16", "f32", "f64", "bf16"):
        # f8 -> f8: XLA goes through f16 (exact) and then rounds once.
        return x.astype(F32).astype(dt)
    if frm == "f8e8m0fnu" and to == "f64":
        # Exactly 2**(e - 127): through f32, 2**-127 would be a denormal that DAZ flushes.
        e = x.view(np.uint8).astype(np.int64)
        return np.where(e == 255, np.nan, np.ldexp(1.0, e - 127))
    if to == "f8e8m0fnu" or frm == "f8e8m0fnu":
        return x.astype(F32).astype(dt)
    if to in _VIA_F16 and frm not in ("f16", "f32", "f64"):
        x = x.astype(F16) if frm != "bf16" else x.astype(F32).astype(F16)
    return x.astype(dt)


# --------------------------------------------------------------------------------------------------
# Orders


def total_order_key(x: np.ndarray) -> np.ndarray:
    """Signed integers ordered like XLA's total order on `x` (floats: -NaN < -Inf < ... < -0 < +0 <
    ... < +Inf < +NaN; integers and pred: their value)."""
    et = ELEMENT_TYPES[ETYPE_OF[x.dtype]]
    if et.kind != "float":
        return upcast(x) if ETYPE_OF[x.dtype] in SUB_BYTE_INTS else x
    if et.bits < 8:
        x = x.astype(F16)  # f4/f6: the f16 encoding orders the same values the same way
    i = x.view(f"i{x.dtype.itemsize}")
    return i ^ ((i >> (8 * x.dtype.itemsize - 1)) & np.iinfo(i.dtype).max)


# --------------------------------------------------------------------------------------------------
# Scalar computations over arrays

# Ops that may appear in a computation evaluated on whole arrays instead of scalars: everything that is
# elementwise in its operands (numpy broadcasting does the rest).
_VECTORIZABLE = ELEMENTWISE | {"parameter", "constant", "tuple", "get-tuple-element", "copy", "opt-barrier"}


def is_vectorizable(comp: Computation) -> bool:
    """True when every instruction of `comp` (and of the computations it calls) works elementwise on
    scalars, so the computation can be run once on arrays of any shape instead of once per element."""
    for instr in comp.instructions:
        if any(s.dims for s in instr.shape.leaves()):
            return False
        if instr.opcode in ("call", "fusion"):
            if not all(is_vectorizable(c) for c in instr.called_computations):
                return False
        elif instr.opcode not in _VECTORIZABLE:
            return False
    return True


def apply_computation(ev, comp: Computation, args: Sequence) -> object:
    """Run a scalar computation (a reducer, comparator or combiner) on arrays of equal shape,
    elementwise: one evaluation when the computation is vectorizable, one per element otherwise.
    Returns an array (or a tuple of arrays for tuple-shaped roots) of the arguments' shape."""
    vec = ev.memo.get(("vectorizable", comp))
    if vec is None:
        vec = ev.memo[("vectorizable", comp)] = is_vectorizable(comp)
    if vec:
        out = ev.call(comp, list(args))
        shape = np.broadcast_shapes(*(np.shape(a) for a in _flat_arrays(args)))
        return _fill(out, comp.root.shape, shape)
    arrays = [np.asarray(a) for a in args]
    shape = np.broadcast_shapes(*(a.shape for a in arrays))
    arrays = [np.broadcast_to(a, shape) for a in arrays]
    results = [ev.call(comp, [a[idx] for a in arrays]) for idx in np.ndindex(*shape)]
    return _stack(results, comp.root.shape, shape)


def _flat_arrays(args):
    for a in args:
        if isinstance(a, tuple):
            yield from _flat_arrays(a)
        else:
            yield a


def _fill(v, shape: Shape, dims) -> object:
    if shape.is_tuple:
        return tuple(_fill(x, s, dims) for x, s in zip(v, shape.tuple_shapes))
    v = np.asarray(v, dtype=shape.dtype)
    return v if v.shape == tuple(dims) else np.broadcast_to(v, dims)


def _stack(results: list, shape: Shape, dims) -> object:
    if shape.is_tuple:
        return tuple(_stack([r[i] for r in results], s, dims) for i, s in enumerate(shape.tuple_shapes))
    out = np.empty(len(results), dtype=shape.dtype)
    for i, r in enumerate(results):
        out[i] = r
    return out.reshape(dims)


# A binary reducer `ROOT r = op(p0, p1)` over scalars of one type: the ops numpy can reduce directly.
SIMPLE_REDUCERS = frozenset({"add", "multiply", "maximum", "minimum", "and", "or", "xor"})


def simple_reducer(comp: Computation) -> str | None:
    """The opcode of a reducer that is just `op(p0, p1)` (either order) over same-typed scalars with
    op in SIMPLE_REDUCERS, else None."""
    root = comp.root
    if root.opcode not in SIMPLE_REDUCERS or len(comp.instructions) != 3:
        return None
    params = comp.parameters
    if len(params) != 2 or {id(o) for o in root.operands} != {id(p) for p in params}:
        return None
    if not all(p.shape == root.shape and p.shape.is_scalar for p in params):
        return None
    return root.opcode


def out_buffer(ev, args, dims, dt) -> np.ndarray | None:
    """An operand array the handler may overwrite with an elementwise result of `dims` and dtype `dt`
    (its last use, owned by nobody else: see Evaluator.donatable), or None. Read `ev.donatable` before
    calling other computations."""
    for k in ev.donatable:
        a = args[k]
        if a.dtype == dt and a.shape == dims and a.flags.c_contiguous and a.flags.writeable:
            return a
    return None


def called(instr: Instruction, attr: str) -> Computation:
    comp = instr.attrs.get(attr)
    if comp is None:
        raise RunError(f"'{instr.opcode}' has no {attr}= computation", instr.loc)
    return comp


__all__ = [
    "F16", "F32", "F64", "ETYPE_OF", "NARROW_FLOATS", "SUB_BYTE_INTS", "SIMPLE_REDUCERS", "etype_of", "upcast",
    "downcast", "wrap_int", "uint_dtype", "convert",
    "total_order_key", "is_vectorizable", "apply_computation", "simple_reducer", "out_buffer", "called",
]
