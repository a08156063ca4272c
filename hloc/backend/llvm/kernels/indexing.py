"""Index arithmetic shared by the data-dependent kernels (gather, scatter, dynamic slices, sorts).

Start indices read from a buffer can be any integer type (s8..u64) and any value. They are widened
to i64 with their own signedness and then compared with their own signedness (XLA's rule: a u64
start of 2^64-1 is huge, not -1), so that no index reaching a load or store is ever outside its
buffer: gather and dynamic-slice clamp, scatter tests and skips.
"""

from __future__ import annotations

import contextlib

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.module import Instruction
from ....ir.types import ELEMENT_TYPES
from ..elemental import check_instruction
from ..llvmir.irvalues import I1, I64, PTR, VOID, const
from ..llvmir.loops import Index, for_range, index_loop


def is_index_type(etype: str) -> bool:
    return ELEMENT_TYPES[etype].kind in ("sint", "uint")


def check_index_type(instr: Instruction, etype: str, what: str) -> None:
    if not is_index_type(etype):
        raise CodegenError(f"'{instr.opcode}': {what} must have an integer type, not {etype}", instr.loc)


def signed(etype: str) -> bool:
    return ELEMENT_TYPES[etype].kind == "sint"


def widen(b: ir.IRBuilder, v: ir.Value, etype: str) -> ir.Value:
    """An integer compute value of type `etype` as i64 (sign- or zero-extended)."""
    if v.type.width == 64:
        return v
    return b.sext(v, I64) if signed(etype) else b.zext(v, I64)


def clamp_start(b: ir.IRBuilder, v: ir.Value, etype: str, hi: int) -> ir.Value:
    """clamp(v, 0, hi) for a widened index of type `etype` (hi >= 0): always in [0, hi]."""
    hi = max(0, hi)
    hi_c = const(I64, hi)
    if signed(etype):
        v = b.select(b.icmp_signed("<", v, const(I64, 0)), const(I64, 0), v)
        return b.select(b.icmp_signed(">", v, hi_c), hi_c, v)
    return b.select(b.icmp_unsigned(">", v, hi_c), hi_c, v)


def start_in_range(b: ir.IRBuilder, v: ir.Value, etype: str, hi: int) -> ir.Value:
    """0 <= v <= hi for a widened index of type `etype` (false when hi < 0)."""
    if hi < 0:
        return ir.Constant(I1, 0)
    hi_c = const(I64, hi)
    if signed(etype):
        return b.and_(b.icmp_signed(">=", v, const(I64, 0)), b.icmp_signed("<=", v, hi_c))
    return b.icmp_unsigned("<=", v, hi_c)


def check_scalar_computation(instr: Instruction, comp, n_params: int, what: str) -> None:
    """A computation the kernel inlines as scalar code (comparator, combiner, reducer): it takes
    `n_params` scalars and every instruction in it has an elemental rule."""
    if comp is None or len(comp.parameters) != n_params:
        raise CodegenError(f"'{instr.opcode}': the {what} must take {n_params} scalar parameters", instr.loc)
    for p in comp.parameters:
        if p.shape.is_tuple or p.shape.rank != 0:
            raise CodegenError(f"'{instr.opcode}': the {what}'s parameters must be scalars", instr.loc)
    for sub in comp.instructions:
        check_instruction(sub)


def i64(v: int) -> ir.Constant:
    return const(I64, v)


# ------------------------------------------------------------------------------------------------
# loops and copies


@contextlib.contextmanager
def row_major_nest(b: ir.IRBuilder, sizes, name: str = "r"):
    """Loops over `sizes` in row-major (logical) order, the first dimension outermost; size-1
    dimensions get no loop. Yields the per-dimension i64 indices. Used where the visiting order is
    part of the semantics (scatter applies duplicate updates in this order)."""
    multi = [i64(0)] * len(sizes)
    with contextlib.ExitStack() as stack:
        for d, n in enumerate(sizes):
            if n != 1:
                multi[d] = stack.enter_context(for_range(b, n, f"{name}{d}"))
        yield multi


def same_storage(a, b_) -> bool:
    """Whether two array shapes have the same bytes for the same logical array."""
    return a.etype == b_.etype and a.dims == b_.dims and (a.rank <= 1 or a.minor_to_major == b_.minor_to_major)


def copy_array(b: ir.IRBuilder, dst, src) -> None:
    """dst[...] = src[...] for two IrArrays of the same dims (memcpy when the bytes agree)."""
    if dst.shape.num_elements == 0:
        return
    if same_storage(dst.shape, src.shape):
        memcpy(b, dst.ptr, src.ptr, dst.shape.byte_size)
        return
    with index_loop(b, dst.shape, False, "cp") as index:
        dst.store(b, index, src.load(b, Index(src.shape, index.get_multi(b), None)))


def memcpy(b: ir.IRBuilder, dst, src, n) -> None:
    name = "llvm.memcpy.p0.p0.i64"
    fn = b.module.globals.get(name)
    if fn is None:
        fn = ir.Function(b.module, ir.FunctionType(VOID, [PTR, PTR, I64, I1]), name)
    b.call(fn, [dst, src, n if isinstance(n, ir.Value) else i64(n), ir.Constant(I1, 0)])
