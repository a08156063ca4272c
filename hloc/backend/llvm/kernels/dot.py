"""The dot kernel: any dimension numbers, every element type.

Semantics (XLA's): result dims are batch, lhs free, rhs free. Operands are converted to the result
type, multiplied and summed in f32 for f16/bf16/f8 results (rounded once at the end, as XLA:CPU
upcasts them), in f64 / complex / the integer type (wrapping) otherwise; a pred result is the OR of
ANDs. `operand_precision` and `algorithm` change nothing on CPU.

Planning (pure Python, shared by the scratch sizing and the emission): every logical dimension
becomes an axis with an element stride in each array (batch: a, b, c; free dims of the GEMM's A: a,
c; free dims of B: b, c; contracting: a, b). Size-1 axes are dropped, and neighbouring axes of a
group merge when every array steps through them as one (a row-major [M1, M2] block is one M axis),
so transposed operands and batch dims anywhere cost nothing: they are strides. Operands are swapped
(C^T = B^T A^T) when that puts the output's contiguous dimension on the GEMM's N side, or a narrow N
(below NARROW_N) of a tall product on its M side.

Four ways to compute:
  * skinny (skinny.py): f32/f64 2-D dots with one output dim <= 16 and a big operand (read once in
    place, not packed).
  * gemm: f32/f64 arithmetic with M, N >= GEMM_MIN_MN and M*N*K >= GEMM_MIN_WORK. One call of the
    module's packed GEMM (gemm.py) per remaining outer index (batch, unmerged free or contracting
    axes; later contracting chunks accumulate). Packing buffers come from the kernel scratch; so do
    an f32 result that is rounded afterwards and f32/f64 copies of operands of another type, but for
    two bf16 (or two f16) operands, which the GEMM's packing widens as it reads them (gemm_source). Threads: a big
    call splits its rows (gemm.py); with at least OUTER_SLOTS calls (batch / free outer indices,
    e.g. attention's heads) the threads instead claim whole calls, with packing buffers of their
    own (`outer_slots`).
  * axpy: a small float dot whose output rows are contiguous in the output and in B:
    `c[n] += a[k] * b[k, n]` with n innermost, which vectorises without reassociation.
  * loop: everything else. For each output element, a loop over the contraction with the sum in a
    register (`reassoc` for f32/f64 so the reduction vectorises, like XLA:CPU's dot emitter).
"""

from __future__ import annotations

import contextlib
import math
from dataclasses import dataclass, replace

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.attrs import DotDims
from ....ir.module import Instruction
from ....ir.types import ELEMENT_TYPES, Shape
from ..elemental import Accumulators, Elemental, IrArray, binary_op, convert_value, scalar_constant
from ..library import gemm_function
from ..library.gemm import SPLIT_MIN_WORK, config_for, pack_elems, split_slots
from ..llvmir.irvalues import F32_COMPUTED, I64, const, storage_type
from ..llvmir.loops import Index, for_range, strides
from . import kernel
from .parallel import COUNTER_BYTES, parallel_chunks
from .skinny import Skinny, emit_skinny, plan_skinny, skinny_scratch

GEMM_MIN_MN = 4
GEMM_MIN_WORK = 16 * 16 * 16
OUTER_SLOTS = 4  # threads that may split a dot's GEMM calls (outer_slots)
OUTER_MAX_CALL_WORK = 1 << 24  # multiply-adds of a call from which fewer than 4 * OUTER_SLOTS calls are not
NARROW_N = 16  # a GEMM N below this (with an M of at least 4x this) is swapped to the M side
ALIGN = 64


@dataclass(frozen=True)
class Axis:
    size: int
    a: int = 0  # element strides in the GEMM's A (lhs unless swapped), B, and the output C
    b: int = 0
    c: int = 0


@dataclass
class DotPlan:
    batch: list[Axis]
    m: list[Axis]  # free dims of A, outermost first after merging (the last is the GEMM's M)
    n: list[Axis]
    k: list[Axis]
    swapped: bool  # A is the rhs
    acc_etype: str  # what products are summed in
    path: str  # "skinny" | "gemm" | "axpy" | "loop"
    skinny: Skinny | None = None

    @property
    def sizes(self) -> tuple[int, int, int]:
        def inner(axes):
            return axes[-1].size if axes else 1

        return inner(self.m), inner(self.n), inner(self.k)


def accumulation_etype(etype: str) -> str:
    return "f32" if etype in F32_COMPUTED else etype


def _merge(axes: list[Axis], keys: tuple[str, ...]) -> list[Axis]:
    """Drop size-1 axes, order outermost-first by the first key's stride, merge neighbours that
    every array in `keys` steps through as one."""
    axes = sorted((a for a in axes if a.size != 1), key=lambda a: tuple(-getattr(a, k) for k in keys))
    out: list[Axis] = []
    for ax in axes:
        if out and all(getattr(out[-1], k) == getattr(ax, k) * ax.size for k in keys):
            out[-1] = replace(ax, size=out[-1].size * ax.size)
        else:
            out.append(ax)
    return out


def plan_dot(instr: Instruction, features: str = "") -> DotPlan:
    lhs, rhs = instr.operands[0].shape, instr.operands[1].shape
    out = instr.shape
    d = DotDims.of(instr)
    ls, rs, os_ = strides(lhs), strides(rhs), strides(out)
    lfree = [i for i in range(lhs.rank) if i not in d.lhs_batch and i not in d.lhs_contracting]
    rfree = [i for i in range(rhs.rank) if i not in d.rhs_batch and i not in d.rhs_contracting]
    nb = len(d.lhs_batch)
    batch = [Axis(lhs.dims[lb], ls[lb], rs[rb], os_[j]) for j, (lb, rb) in enumerate(zip(d.lhs_batch, d.rhs_batch))]
    m = [Axis(lhs.dims[f], a=ls[f], c=os_[nb + j]) for j, f in enumerate(lfree)]
    n = [Axis(rhs.dims[f], b=rs[f], c=os_[nb + len(lfree) + j]) for j, f in enumerate(rfree)]
    k = [Axis(lhs.dims[lc], a=ls[lc], b=rs[rc]) for lc, rc in zip(d.lhs_contracting, d.rhs_contracting)]
    batch = _merge(batch, ("c", "a", "b"))
    m = _merge(m, ("c", "a"))
    n = _merge(n, ("c", "b"))
    k = _merge(k, ("a", "b"))
    swapped = False
    n_unit = bool(n) and n[-1].c == 1
    m_unit = bool(m) and m[-1].c == 1
    def inner(axes):
        return axes[-1].size if axes else 1

    # C^T = B^T A^T: the output's contiguous dimension becomes the GEMM's N, or a narrow N becomes the
    # GEMM's M (a micro-tile is MR x NR = 12 x 32 with AVX-512: N = 10 would use 10 of its 32 columns,
    # M = 10 uses 10 of 12 rows; C's columns then are not contiguous, and tiles are written through
    # the GEMM's small stack tile, which costs little next to a K-long tile).
    narrow_n = inner(n) < NARROW_N and inner(m) >= 4 * NARROW_N
    if (m_unit and not n_unit) or narrow_n:
        def flip(ax: Axis) -> Axis:
            return Axis(ax.size, ax.b, ax.a, ax.c)

        batch, m, n, k = [flip(x) for x in batch], [flip(x) for x in n], [flip(x) for x in m], [flip(x) for x in k]
        swapped = True
    acc = accumulation_etype(out.etype)
    plan = DotPlan(batch, m, n, k, swapped, acc, "loop")
    mm, nn, kk = plan.sizes
    if acc in ("f32", "f64") and out.num_elements:
        plan.skinny = plan_skinny(plan, out.etype, (lhs.etype, rhs.etype), features)
        if plan.skinny is not None:
            plan.path = "skinny"
        elif mm >= GEMM_MIN_MN and nn >= GEMM_MIN_MN and mm * nn * kk >= GEMM_MIN_WORK:
            plan.path = "gemm"
        elif n and n[-1].c == 1 and n[-1].b == 1 and out.etype == acc and not (k and k[-1].a == 1 and k[-1].b == 1):
            plan.path = "axpy"
    return plan


# ------------------------------------------------------------------------------------------------
# checks and scratch


@kernel.check("dot")
def check_dot(instr: Instruction) -> None:
    if len(instr.operands) != 2:
        raise CodegenError("dot takes two operands", instr.loc)
    lhs, rhs = instr.operands[0].shape, instr.operands[1].shape
    d = DotDims.of(instr)
    if len(d.lhs_batch) != len(d.rhs_batch) or len(d.lhs_contracting) != len(d.rhs_contracting):
        raise CodegenError("dot: lhs and rhs have different numbers of batch or contracting dimensions", instr.loc)
    for a, b in zip(d.lhs_batch + d.lhs_contracting, d.rhs_batch + d.rhs_contracting):
        if not (0 <= a < lhs.rank and 0 <= b < rhs.rank) or lhs.dims[a] != rhs.dims[b]:
            raise CodegenError(f"dot: lhs dimension {a} does not match rhs dimension {b}", instr.loc)
    lfree = [lhs.dims[i] for i in range(lhs.rank) if i not in d.lhs_batch and i not in d.lhs_contracting]
    rfree = [rhs.dims[i] for i in range(rhs.rank) if i not in d.rhs_batch and i not in d.rhs_contracting]
    want = tuple([lhs.dims[i] for i in d.lhs_batch] + lfree + rfree)
    if instr.shape.is_tuple or tuple(instr.shape.dims) != want:
        raise CodegenError(f"dot: result shape {instr.shape} does not match the operands (dims {list(want)})",
                           instr.loc)
    check_product_types(instr, [lhs, rhs], instr.shape)


def check_product_types(instr: Instruction, operands: list[Shape], out: Shape) -> None:
    """Element types a dot or convolution can multiply: operands convert to the result type."""
    et = out.etype
    kind = ELEMENT_TYPES[et].kind
    if kind not in ("pred", "sint", "uint", "float", "complex") or et == "f8e8m0fnu":
        raise CodegenError(f"'{instr.opcode}' producing {et} is not supported by the native backend", instr.loc)
    for s in operands:
        k = ELEMENT_TYPES[s.etype].kind
        if k not in ("pred", "sint", "uint", "float", "complex"):
            raise CodegenError(f"'{instr.opcode}' on {s.etype} is not supported by the native backend", instr.loc)
        if k == "complex" and kind != "complex":
            raise CodegenError(f"'{instr.opcode}' from {s.etype} to {et} is not supported", instr.loc)


def _align(n: int) -> int:
    return (n + ALIGN - 1) // ALIGN * ALIGN


@dataclass
class GemmScratch:
    """Byte offsets in the kernel scratch for a GEMM-path dot."""

    a_pack: int
    b_pack: int
    a_conv: int | None  # f32/f64 copies of operands that are of another type
    b_conv: int | None
    c_conv: int | None
    total: int
    slots: int = 0  # > 0: the GEMM calls are split over up to this many threads (`outer_slots`)
    slot: int = 0  # bytes of one thread's packing buffers (a_pack, b_pack are in slot 0)
    counter: int = 0


def _outer_calls(plan: DotPlan) -> int:
    return math.prod(ax.size for ax in plan.batch + plan.m[:-1] + plan.n[:-1])


def outer_slots(plan: DotPlan) -> int:
    """Threads (at most OUTER_SLOTS, each with packing buffers of its own) that split a dot's GEMM calls
    between them (one call per batch / unmerged free index, e.g. attention's per-head products), or 0.

    Whole calls on each thread when there are at least OUTER_SLOTS of them and enough work in all: no
    synchronisation inside a call (the row split of one call waits for its B panel to be packed and
    for its last row block, once per call), and small calls are split too. Not a few big calls, which
    balance better split inside each (5 calls on 2 threads: 3 + 2)."""
    mm, nn, _ = plan.sizes
    calls = _outer_calls(plan)
    per_call = mm * nn * math.prod(ax.size for ax in plan.k)
    if calls < OUTER_SLOTS or calls * per_call < SPLIT_MIN_WORK:
        return 0
    return OUTER_SLOTS if per_call < OUTER_MAX_CALL_WORK or calls >= 4 * OUTER_SLOTS else 0


def gemm_source(a: Shape, b: Shape, c: Shape, acc: str) -> str:
    """The element type the GEMM reads A and B as (gemm.SOURCES): both operands' when they are the same
    narrow float and need no rounding to the result type first (the GEMM's packing widens them, exactly),
    else the accumulation type (operands of other types get converted copies)."""
    if acc == "f32" and a.etype == b.etype and a.etype in ("bf16", "f16") and c.etype in (a.etype, "f32"):
        return a.etype
    return acc


def gemm_scratch(plan: DotPlan, a: Shape, b: Shape, c: Shape, features: str) -> GemmScratch:
    acc = plan.acc_etype
    src = gemm_source(a, b, c, acc)
    es = 4 if acc == "f32" else 8
    cfg = config_for(features, es * 8, src)
    mm, nn, kk = plan.sizes
    slots = outer_slots(plan)
    na, nb = pack_elems(cfg, mm, nn, kk, 1 if slots else split_slots(mm, nn, kk))
    pos = 0
    offsets = []
    for nbytes in (na * es, nb * es):
        offsets.append(pos)
        pos += _align(nbytes)
    slot = pos
    pos *= max(1, slots)
    counter = pos
    if slots:
        pos += _align(COUNTER_BYTES)
    conv = []
    for k, s in enumerate((a, b, c)):
        # operands convert to the result type first: a narrow result rounds f32 operands too
        # (by position: equal shapes may be one object)
        if k < 2 and src != acc:
            conv.append(None)
        elif s.etype != acc or c.etype != acc:
            conv.append(pos)
            pos += _align(s.num_elements * es)
        else:
            conv.append(None)
    return GemmScratch(offsets[0], offsets[1], conv[0], conv[1], conv[2], pos, slots, slot, counter)


@kernel.scratch("dot")
def dot_scratch(instr: Instruction, emitter) -> int:
    plan = plan_dot(instr, emitter.features)
    if plan.path == "skinny":
        return skinny_scratch(plan.skinny, 4 if plan.acc_etype == "f32" else 8)
    if plan.path != "gemm":
        return 0
    a, b = instr.operands[0].shape, instr.operands[1].shape
    if plan.swapped:
        a, b = b, a
    return gemm_scratch(plan, a, b, instr.shape, emitter.features).total


# ------------------------------------------------------------------------------------------------
# emission


@kernel("dot")
def emit_dot(ctx, instr: Instruction) -> None:
    plan = plan_dot(instr, ctx.features)
    a, b = ctx.operands[0][0], ctx.operands[1][0]
    if plan.swapped:
        a, b = b, a
    c = ctx.outputs[0]
    if c.shape.num_elements == 0:
        return
    if plan.path == "skinny":
        emit_skinny(ctx, plan.skinny, plan.acc_etype, int(plan.skinny.x_is_a == plan.swapped))
    elif plan.path == "gemm":
        emit_gemm_dot(ctx, plan, a, b, c)
    elif plan.path == "axpy":
        emit_axpy_dot(ctx, plan, a, b, c)
    else:
        emit_loop_dot(ctx, plan, a, b, c)


@contextlib.contextmanager
def axis_loops(b: ir.IRBuilder, axes: list[Axis], name: str):
    """Nested loops over `axes` (outermost first). Yields a function giving, for an array key
    ('a', 'b', 'c'), the element offset sum(i * stride), and the induction variables."""
    with contextlib.ExitStack() as stack:
        ivs = [stack.enter_context(for_range(b, ax.size, f"{name}{k}")) for k, ax in enumerate(axes)]

        def offset(key: str, base=None):
            total = base
            for iv, ax in zip(ivs, axes):
                st = getattr(ax, key)
                if st == 0:
                    continue
                term = iv if st == 1 else b.mul(iv, const(I64, st), flags=["nsw"])
                total = term if total is None else b.add(total, term, flags=["nsw"])
            return total if total is not None else const(I64, 0)

        yield offset, ivs


def _flags(acc: str) -> tuple[str, ...]:
    return ("reassoc", "contract") if acc in ("f32", "f64") else ()


def _load_as(em: Elemental, arr: IrArray, off: ir.Value, etype: str):
    """Element at a physical offset, converted to the result type's compute value."""
    v = arr.load(em.b, Index(arr.shape, None, off))
    return convert_value(em, v, arr.etype, etype)


def emit_loop_dot(ctx, plan: DotPlan, a: IrArray, b: IrArray, c: IrArray) -> None:
    bld = ctx.b
    em = Elemental(bld)
    em.fast_flags = _flags(plan.acc_etype)
    acc_et, out_et = plan.acc_etype, c.etype
    outer = sorted(plan.batch + plan.m + plan.n, key=lambda ax: -ax.c)
    with axis_loops(bld, outer, "o") as (ooff, _):
        a0, b0, c0 = ooff("a"), ooff("b"), ooff("c")
        acc = Accumulators(bld, [scalar_constant(acc_et, 0)])
        with axis_loops(bld, plan.k, "k") as (koff, _):
            x = _load_as(em, a, koff("a", a0), out_et)
            y = _load_as(em, b, koff("b", b0), out_et)
            acc.set([binary_op(em, "add", acc_et, acc.get()[0], binary_op(em, "multiply", acc_et, x, y))])
        c.store(bld, Index(c.shape, None, c0), acc.get()[0])


def emit_axpy_dot(ctx, plan: DotPlan, a: IrArray, b: IrArray, c: IrArray) -> None:
    """c[.., n] = sum_k a[.., k] * b[k, n] with n (contiguous in b and c) innermost."""
    bld = ctx.b
    em = Elemental(bld)
    em.fast_flags = ("contract",)
    acc_et = plan.acc_etype
    n_ax = plan.n[-1]
    outer = sorted(plan.batch + plan.m + plan.n[:-1], key=lambda ax: -ax.c)
    zero = scalar_constant(acc_et, 0)
    with axis_loops(bld, outer, "o") as (ooff, _):
        a0, b0, c0 = ooff("a"), ooff("b"), ooff("c")
        with for_range(bld, n_ax.size, "z") as j:
            c.store(bld, Index(c.shape, None, bld.add(c0, j)), zero)
        with axis_loops(bld, plan.k, "k") as (koff, _):
            x = _load_as(em, a, koff("a", a0), acc_et)
            brow = koff("b", b0)
            with for_range(bld, n_ax.size, "n") as j:
                ci = Index(c.shape, None, bld.add(c0, j))
                y = _load_as(em, b, bld.add(brow, j), acc_et)
                old = c.load(bld, ci)
                c.store(bld, ci, binary_op(em, "add", acc_et, old, binary_op(em, "multiply", acc_et, x, y)))


def _convert_copy(ctx, src: IrArray, dst_ptr: ir.Value, acc_et: str, via_et: str) -> None:
    """dst[i] = src[i] converted to `via_et` (the result type), held as `acc_et`; same layout."""
    bld = ctx.b
    em = Elemental(bld)
    dst = IrArray(dst_ptr, Shape(acc_et, src.shape.dims, src.shape.layout))
    with for_range(bld, src.shape.num_elements, "cv") as i:
        v = _load_as(em, src, i, via_et)
        dst.store(bld, Index(dst.shape, None, i), convert_value(em, v, via_et, acc_et))


def emit_gemm_dot(ctx, plan: DotPlan, a: IrArray, b: IrArray, c: IrArray) -> None:
    bld = ctx.b
    acc_et = plan.acc_etype
    ety = storage_type(acc_et)
    sc = gemm_scratch(plan, a.shape, b.shape, c.shape, ctx.features)
    src = gemm_source(a.shape, b.shape, c.shape, acc_et)
    fn, _ = gemm_function(ctx.module, src, ctx.features)
    ab_ety = storage_type(src)  # A's and B's elements (the GEMM widens narrow ones as it packs them)

    def at(off: int) -> ir.Value:
        return bld.gep(ctx.scratch, [const(I64, off)], inbounds=True, source_etype=ir.IntType(8))

    a_ptr, b_ptr, c_ptr = a.ptr, b.ptr, c.ptr
    if sc.a_conv is not None:
        a_ptr = at(sc.a_conv)
        _convert_copy(ctx, a, a_ptr, acc_et, c.etype)
    if sc.b_conv is not None:
        b_ptr = at(sc.b_conv)
        _convert_copy(ctx, b, b_ptr, acc_et, c.etype)
    if sc.c_conv is not None:
        c_ptr = at(sc.c_conv)
    mm, nn, kk = plan.sizes
    m_ax = plan.m[-1] if plan.m else Axis(1)
    n_ax = plan.n[-1] if plan.n else Axis(1)
    k_ax = plan.k[-1] if plan.k else Axis(1)
    k_outer = plan.k[:-1]
    outer = plan.batch + plan.m[:-1] + plan.n[:-1]

    def calls(cb, base: dict, a_pack, b_pack, a_slots: int) -> None:
        """The GEMM calls of the contraction's outer chunks at outer offsets `base` (per array key)."""
        with axis_loops(cb, k_outer, "g") as (off, ivs):
            accumulate = const(I64, 0)
            for iv in ivs:
                # later chunks of a split contraction add to C (gemm.ACCUMULATE)
                accumulate = cb.or_(accumulate, cb.zext(cb.icmp_signed("!=", iv, const(I64, 0)), I64))
            args = [const(I64, mm), const(I64, nn), const(I64, kk),
                    cb.gep(base["a"], [off("a")], inbounds=True, source_etype=ab_ety), const(I64, m_ax.a),
                    const(I64, k_ax.a),
                    cb.gep(base["b"], [off("b")], inbounds=True, source_etype=ab_ety), const(I64, k_ax.b),
                    const(I64, n_ax.b),
                    cb.gep(base["c"], [off("c")], inbounds=True, source_etype=ety), const(I64, m_ax.c),
                    const(I64, n_ax.c), accumulate, a_pack, b_pack, const(I64, a_slots)]
            cb.call(fn, args)

    if sc.slots:
        # whole calls on each thread: chunk i = outer index i (row-major over `outer`)
        def one_call(c, lo, _hi, task, _extras):
            cb = c.b
            slot = cb.gep(c.scratch, [cb.mul(task, const(I64, sc.slot))], inbounds=True, source_etype=ir.IntType(8))
            ptrs = {"a": c.operands[1 if plan.swapped else 0][0].ptr, "b": c.operands[0 if plan.swapped else 1][0].ptr,
                    "c": c.outputs[0].ptr}
            for key, conv_off in (("a", sc.a_conv), ("b", sc.b_conv), ("c", sc.c_conv)):
                if conv_off is not None:
                    ptrs[key] = cb.gep(c.scratch, [const(I64, conv_off)], inbounds=True, source_etype=ir.IntType(8))
            offs = {"a": const(I64, 0), "b": const(I64, 0), "c": const(I64, 0)}
            rest = lo
            for j in range(len(outer) - 1, -1, -1):
                ax = outer[j]
                iv = cb.urem(rest, const(I64, ax.size)) if j else rest
                rest = cb.udiv(rest, const(I64, ax.size)) if j else rest
                for key in offs:
                    st = getattr(ax, key)
                    if st:
                        offs[key] = cb.add(offs[key], cb.mul(iv, const(I64, st)))
            base = {key: cb.gep(ptrs[key], [offs[key]], inbounds=True, source_etype=ety if key == "c" else ab_ety)
                    for key in ptrs}
            pack = (cb.gep(slot, [const(I64, sc.a_pack)], inbounds=True, source_etype=ir.IntType(8)),
                    cb.gep(slot, [const(I64, sc.b_pack)], inbounds=True, source_etype=ir.IntType(8)))
            calls(cb, base, *pack, 1)

        n_calls = _outer_calls(plan)
        macs = n_calls * mm * nn * math.prod(ax.size for ax in plan.k)
        parallel_chunks(ctx, n_calls, 1, macs // 64, sc.counter, sc.slots, one_call)
    else:
        with axis_loops(bld, outer, "o") as (off, _):
            base = {"a": bld.gep(a_ptr, [off("a")], inbounds=True, source_etype=ab_ety),
                    "b": bld.gep(b_ptr, [off("b")], inbounds=True, source_etype=ab_ety),
                    "c": bld.gep(c_ptr, [off("c")], inbounds=True, source_etype=ety)}
            calls(bld, base, at(sc.a_pack), at(sc.b_pack), split_slots(mm, nn, kk))
    if sc.c_conv is not None:
        tmp = IrArray(c_ptr, Shape(acc_et, c.shape.dims, c.shape.layout))
        with for_range(bld, c.shape.num_elements, "cr") as i:
            idx = Index(c.shape, None, i)
            c.store(bld, idx, tmp.load(bld, Index(tmp.shape, None, i)))
