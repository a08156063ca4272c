"""sort (any dimension, multi-operand, comparator inlined, is_stable) and topk (the HLO op and
XLA:CPU's `TopK` custom-call target, see custom_call.py; by selection, see emit_topk).

Each 1-D slice along the sort dimension is sorted as a permutation: positions 0..n-1 in the scratch
memory are sorted with `less(i, j)` = the comparator applied to the operands' elements at i and j,
then every output is gathered through the permutation. The algorithms are libstdc++'s, which
XLA:CPU runs (std::stable_sort for is_stable=true, std::sort otherwise), replayed step for step:
  * stable: the two halves [0, (n+1)/2) and the rest are each sorted by insertion sort on chunks
    of 7 followed by merge passes through a buffer, then merged (forward when the halves have equal
    length, backward otherwise);
  * not stable: introsort (median-of-three quicksort on ranges longer than 16, heapsort past a
    depth of 2*floor(log2 n)), then insertion sort.
Because the sequence of comparisons and moves is the same, equivalent elements end up in XLA's
order also for is_stable=false, and comparators that are no strict weak order (LT on floats with
NaNs) give XLA's result too. Where libstdc++ relies on sentinels (unguarded insertion and
partition loops), bounds checks are added: they never fire for a strict weak order, and keep an
inconsistent comparator inside the slice.

XLA:CPU does not run the comparator computation for 1- and 2-operand sorts whose comparator is a
plain `compare(p0, p1)` (or jax's NaN/zero-canonicalizing pattern) with LT/LE/GT/GE and no total
order on floats: it sorts the first operand with std::less/greater, where floats order NaNs after
(LT) or before (GT) every number. That comparator is used here in the same cases.
"""

from __future__ import annotations

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.module import Computation, Instruction
from ....ir.types import ELEMENT_TYPES
from .. import library
from ..elemental import Elemental, IrArray
from ..library.topk import insert_sorted
from ..llvmir.irutil import Var, entry_alloca, while_
from ..llvmir.irvalues import I1, I32, I64, PTR, compute_type, const
from ..llvmir.loops import COLD, RARE, Index, for_range, linearize, loop_nest, strides
from ..llvmir.symbols import fresh_name
from . import kernel
from .indexing import check_scalar_computation, copy_array, i64

INSERTION_THRESHOLD = 16  # libstdc++ _S_threshold
CHUNK = 7  # libstdc++ _S_chunk_size


# ------------------------------------------------------------------------------------------------
# which comparison


def _param_number(comp: Computation, instr: Instruction) -> int:
    return instr.parameter_number if instr.opcode == "parameter" and instr in comp.parameters else -1


def _numpy_canonical_param(comp: Computation, x: Instruction) -> int:
    """jax's `select(x != x, nan, select(x == 0, 0, x))` around a parameter: its number, else -1."""
    if x.opcode != "select":
        return -1
    c, nan, inner = x.operands
    if c.opcode != "compare" or c.attrs.get("direction") != "NE" or c.operands[0] is not c.operands[1]:
        return -1
    p = _param_number(comp, c.operands[0])
    if p < 0 or nan.opcode != "constant" or not _is_nan_constant(nan):
        return -1
    if inner.opcode != "select":
        return -1
    c2, zero, fallback = inner.operands
    if c2.opcode != "compare" or c2.attrs.get("direction") != "EQ" or c2.operands[0] is not c.operands[0]:
        return -1
    if not (_is_zero_constant(c2.operands[1]) and _is_zero_constant(zero)) or fallback is not c.operands[0]:
        return -1
    return p


def _is_nan_constant(x: Instruction) -> bool:
    import numpy as np

    from ....ir.literal import literal_value

    try:
        v = np.asarray(literal_value(x.literal))
    except Exception:  # noqa: BLE001 - elided or unusual literals simply do not match
        return False
    return v.size == 1 and v.dtype.kind == "f" and bool(np.isnan(v.astype(np.float64)).all())


def _is_zero_constant(x: Instruction) -> bool:
    import numpy as np

    from ....ir.literal import literal_value

    if x.opcode == "broadcast":
        x = x.operands[0]
    if x.opcode != "constant":
        return False
    try:
        v = np.asarray(literal_value(x.literal))
    except Exception:  # noqa: BLE001
        return False
    return v.size >= 1 and bool((v.astype(np.float64) == 0).all())


def sort_direction(instr: Instruction) -> str | None:
    """"asc"/"desc" when XLA:CPU sorts by the first operand with std::less/greater instead of running
    the comparator (thunk_emitter.cc MatchSortDirection + sort_thunk.cc), else None."""
    comp = instr.attrs["to_apply"]
    ops = instr.operands
    root = comp.root
    if len(comp.parameters) < 2 or root.opcode != "compare" or root.attrs.get("direction") in ("EQ", "NE"):
        return None
    a, c = root.operands
    pa, pc = _param_number(comp, a), _param_number(comp, c)
    key_et = ELEMENT_TYPES[ops[0].shape.etype]
    if pa >= 0 and pc >= 0:
        total = root.attrs.get("order") == "TOTAL" or root.attrs.get("type") == "TOTALORDER"
        if total and ELEMENT_TYPES[a.shape.etype].kind == "float":
            return None
    else:
        pa, pc = _numpy_canonical_param(comp, a), _numpy_canonical_param(comp, c)
        if pa < 0 or pc < 0:
            return None
    if (pa, pc) not in ((0, 1), (1, 0)):
        return None
    if not (key_et.kind == "float" and key_et.bits >= 16 and ops[0].shape.etype in ("f16", "bf16", "f32", "f64")
            or key_et.kind in ("sint", "uint") and key_et.bits >= 8):
        return None
    if len(ops) > 2:
        return None
    if len(ops) == 2:
        vbits = ELEMENT_TYPES[ops[1].shape.etype].bits
        dim = instr.attrs["dimensions"][0]
        inner = 1
        for d in ops[0].shape.dims[dim + 1:]:
            inner *= d
        if vbits not in (8, 16, 32, 64) or not (inner == 1 or ops[0].shape.dims[dim] <= 65536):
            return None
    ascending = root.attrs["direction"] in ("LT", "LE")
    return "asc" if ascending == (pa == 0) else "desc"


def direction_less(b: ir.IRBuilder, etype: str, x, y, ascending: bool):
    """std::less / std::greater with XLA's NaN handling (SortComparatorLess/Greater)."""
    kind = ELEMENT_TYPES[etype].kind
    if kind in ("sint", "uint"):
        sym = "<" if ascending else ">"
        return b.icmp_signed(sym, x, y) if kind == "sint" else b.icmp_unsigned(sym, x, y)
    xn = b.fcmp_unordered("uno", x, x)
    yn = b.fcmp_unordered("uno", y, y)
    if ascending:
        nan_case = b.and_(b.not_(xn), yn)
        plain = b.fcmp_ordered("<", x, y)
    else:
        nan_case = b.and_(xn, b.not_(yn))
        plain = b.fcmp_ordered(">", x, y)
    return b.select(b.or_(xn, yn), nan_case, plain)


def total_order_key(b: ir.IRBuilder, etype: str, x):
    """An integer whose signed order is XLA's total order of x (-NaN < -inf < -0 < +0 < inf < NaN)."""
    kind = ELEMENT_TYPES[etype].kind
    if kind == "pred":
        return b.zext(x, I32)
    if kind in ("sint", "uint"):
        if kind == "uint":  # unsigned order as signed: flip the top bit
            return b.xor(x, const(x.type, 1 << (x.type.width - 1)))
        return x
    it = ir.IntType(64 if isinstance(x.type, ir.DoubleType) else 32)
    bits = b.bitcast(x, it)
    return b.xor(bits, b.lshr(b.ashr(bits, const(it, it.width - 1)), const(it, 1)))


# ------------------------------------------------------------------------------------------------
# the algorithms on a permutation in memory


class PermSort:
    """libstdc++'s sorts replayed on an i64 array `perm` with `less(a, b)` on its entries. Every
    loop is COLD (scalar, rolled): they are data-dependent and branchy, and LLVM's unrolling only
    copied them with the comparator inlined into each copy (a 2-operand custom-comparator sort of
    1000-element rows: 121 -> 78 ms of LLVM CPU time, run time unchanged)."""

    def __init__(self, b: ir.IRBuilder, perm: ir.Value, buf: ir.Value | None, less):
        self.b = b
        self.perm = perm
        self.buf = buf
        self.less = less

    # memory
    def ld(self, ptr, i):
        return self.b.load(self.b.gep(ptr, [i], inbounds=True, source_etype=I64), typ=I64)

    def st(self, ptr, i, v):
        self.b.store(v, self.b.gep(ptr, [i], inbounds=True, source_etype=I64))

    def add(self, x, y):
        return self.b.add(x, y if isinstance(y, ir.Value) else i64(y))

    def sub(self, x, y):
        return self.b.sub(x, y if isinstance(y, ir.Value) else i64(y))

    def lt(self, x, y):
        return self.b.icmp_signed("<", x, y if isinstance(y, ir.Value) else i64(y))

    def move(self, dst, src, count) -> None:
        """memmove of `count` i64 entries."""
        b = self.b
        name = "llvm.memmove.p0.p0.i64"
        fn = b.module.globals.get(name)
        if fn is None:
            fn = ir.Function(b.module, ir.FunctionType(ir.VoidType(), [PTR, PTR, I64, I1]), name)
        b.call(fn, [dst, src, b.mul(count, i64(8)), ir.Constant(I1, 0)])

    def at(self, ptr, i):
        return self.b.gep(ptr, [i], inbounds=True, source_etype=I64)

    # insertion sorts
    def linear_insert(self, ptr, last, val, lo) -> None:
        """__unguarded_linear_insert (with a lower bound `lo` it never needs for a valid order)."""
        b = self.b
        pos = Var(b, I64, last)
        with while_(b, lambda: self.lt(lo, pos.get()), "lin", hint=COLD) as loop:
            prev = self.sub(pos.get(), 1)
            pv = self.ld(ptr, prev)
            with b.if_then(b.not_(self.less(val, pv))):
                loop.break_()
            self.st(ptr, pos.get(), pv)
            pos.set(prev)
        self.st(ptr, pos.get(), val)

    def insertion_sort(self, ptr, first, last) -> None:
        b = self.b
        with for_range(b, last, "ins", start=self.add(first, 1), hint=COLD) as i:
            val = self.ld(ptr, i)
            with b.if_else(self.less(val, self.ld(ptr, first))) as (front, other):
                with front:
                    self.move(self.at(ptr, self.add(first, 1)), self.at(ptr, first), self.sub(i, first))
                    self.st(ptr, first, val)
                with other:
                    self.linear_insert(ptr, i, val, first)

    # std::stable_sort
    def move_merge(self, src1, f1, l1, src2, f2, l2, dst, out) -> None:
        """__move_merge: take from the second run only when it is strictly less."""
        b = self.b
        i, j, o = Var(b, I64, f1), Var(b, I64, f2), Var(b, I64, out)
        with while_(b, lambda: b.and_(self.lt(i.get(), l1), self.lt(j.get(), l2)), "merge", hint=COLD):
            x, y = self.ld(src1, i.get()), self.ld(src2, j.get())
            take2 = self.less(y, x)
            self.st(dst, o.get(), b.select(take2, y, x))
            i.set(b.select(take2, i.get(), self.add(i.get(), 1)))
            j.set(b.select(take2, self.add(j.get(), 1), j.get()))
            o.set(self.add(o.get(), 1))
        rest1 = self.sub(l1, i.get())
        self.move(self.at(dst, o.get()), self.at(src1, i.get()), rest1)
        o2 = self.add(o.get(), rest1)
        self.move(self.at(dst, o2), self.at(src2, j.get()), self.sub(l2, j.get()))

    def merge_sort_loop(self, src, dst, length, step) -> None:
        """__merge_sort_loop over src[0, length) into dst[0, length) with runs of `step`."""
        b = self.b
        two = b.mul(step, i64(2))
        pos = Var(b, I64, 0)
        with while_(b, lambda: b.icmp_signed(">=", self.sub(length, pos.get()), two), "msl", hint=COLD):
            p = pos.get()
            mid, end = self.add(p, step), self.add(p, two)
            self.move_merge(src, p, mid, src, mid, end, dst, p)
            pos.set(end)
        p = pos.get()
        rest = self.sub(length, p)
        s = b.select(self.lt(rest, step), rest, step)
        mid = self.add(p, s)
        self.move_merge(src, p, mid, src, mid, length, dst, p)

    def merge_sort_with_buffer(self, seq: ir.Value, length: ir.Value) -> None:
        """__merge_sort_with_buffer on seq[0, length) with the buffer (insertion sort of chunks of
        7, then merge passes seq -> buffer -> seq with doubling run lengths)."""
        b = self.b
        pos = Var(b, I64, 0)
        with while_(b, lambda: b.icmp_signed(">=", self.sub(length, pos.get()), i64(CHUNK)), "chunks", hint=COLD):
            self.insertion_sort(seq, pos.get(), self.add(pos.get(), CHUNK))
            pos.set(self.add(pos.get(), CHUNK))
        self.insertion_sort(seq, pos.get(), length)
        step = Var(b, I64, CHUNK)
        with while_(b, lambda: self.lt(step.get(), length), "passes", hint=COLD):
            self.merge_sort_loop(seq, self.buf, length, step.get())
            step.set(b.mul(step.get(), i64(2)))
            self.merge_sort_loop(self.buf, seq, length, step.get())
            step.set(b.mul(step.get(), i64(2)))

    def stable_sort(self, n: int) -> None:
        """std::stable_sort: both halves (one loop, two trips), then their adaptive merge."""
        if n <= 1:
            return
        b = self.b
        half = (n + 1) // 2
        with for_range(b, 2, "half", hint=COLD) as h:
            first = b.select(b.icmp_signed("==", h, i64(0)), i64(0), i64(half))
            length = b.select(b.icmp_signed("==", h, i64(0)), i64(half), i64(n - half))
            self.merge_sort_with_buffer(self.at(self.perm, first), length)
        len1, len2 = half, n - half
        perm, buf = self.perm, self.buf
        if len1 <= len2:  # __move_merge_adaptive: forward, the first half from the buffer
            self.move(buf, perm, i64(len1))
            self.move_merge(buf, i64(0), i64(len1), perm, i64(half), i64(n), perm, i64(0))
        else:
            self.move(buf, self.at(perm, i64(half)), i64(len2))
            self.merge_backward(i64(len1), i64(len2), n)

    def merge_backward(self, len1, len2, n: int) -> None:
        """__move_merge_adaptive_backward: perm[0, len1) and buf[0, len2) into perm[0, n) from the
        back, taking from the first run when the second is strictly less."""
        b = self.b
        perm, buf = self.perm, self.buf
        i, j, o = Var(b, I64, len1), Var(b, I64, len2), Var(b, I64, n)
        with while_(b, lambda: b.and_(self.lt(i64(0), i.get()), self.lt(i64(0), j.get())), "mergeb", hint=COLD):
            x = self.ld(perm, self.sub(i.get(), 1))
            y = self.ld(buf, self.sub(j.get(), 1))
            take1 = self.less(y, x)
            o.set(self.sub(o.get(), 1))
            self.st(perm, o.get(), b.select(take1, x, y))
            i.set(b.select(take1, self.sub(i.get(), 1), i.get()))
            j.set(b.select(take1, j.get(), self.sub(j.get(), 1)))
        # what is left of the buffer goes to the front (the first run is already in place)
        self.move(self.at(perm, self.sub(o.get(), j.get())), buf, j.get())

    # std::sort
    def swap(self, i, k) -> None:
        a, c = self.ld(self.perm, i), self.ld(self.perm, k)
        self.st(self.perm, i, c)
        self.st(self.perm, k, a)

    def median_to_first(self, result, x, y, z) -> None:
        b = self.b
        p = self.perm
        vx, vy, vz = self.ld(p, x), self.ld(p, y), self.ld(p, z)
        # the comparator is pure: evaluating all three comparisons picks what the branches would
        ab, bc, ac = self.less(vx, vy), self.less(vy, vz), self.less(vx, vz)
        if_ab = b.select(bc, y, b.select(ac, z, x))
        if_not = b.select(ac, x, b.select(bc, z, y))
        pick = b.select(ab, if_ab, if_not)
        self.swap(result, pick)

    def partition(self, first, last, pivot) -> ir.Value:
        """__unguarded_partition (bounded by [pivot, last) in case the order is inconsistent)."""
        b = self.b
        p = self.perm
        f, lv = Var(b, I64, first), Var(b, I64, last)
        pv = self.ld(p, pivot)
        with while_(b, None, "part") as outer:
            with while_(b, lambda: self.lt(f.get(), last), "pf", hint=COLD) as loop:
                with b.if_then(b.not_(self.less(self.ld(p, f.get()), pv))):
                    loop.break_()
                f.set(self.add(f.get(), 1))
            lv.set(self.sub(lv.get(), 1))
            with while_(b, lambda: self.lt(pivot, lv.get()), "pl", hint=COLD) as loop:
                with b.if_then(b.not_(self.less(pv, self.ld(p, lv.get())))):
                    loop.break_()
                lv.set(self.sub(lv.get(), 1))
            with b.if_then(b.not_(self.lt(f.get(), lv.get()))):
                outer.break_()
            self.swap(f.get(), lv.get())
            f.set(self.add(f.get(), 1))
        return f.get()

    def adjust_heap(self, first, hole, length, value) -> None:
        b = self.b
        p = self.perm
        top = hole
        h, second = Var(b, I64, hole), Var(b, I64, hole)
        lim = b.sdiv(self.sub(length, 1), i64(2))
        with while_(b, lambda: self.lt(second.get(), lim), "heap", hint=COLD):
            s = b.mul(self.add(second.get(), 1), i64(2))
            s = b.select(self.less(self.ld(p, self.add(first, s)), self.ld(p, self.add(first, self.sub(s, 1)))),
                         self.sub(s, 1), s)
            self.st(p, self.add(first, h.get()), self.ld(p, self.add(first, s)))
            h.set(s)
            second.set(s)
        even = b.icmp_signed("==", b.and_(length, i64(1)), i64(0))
        at_end = b.icmp_signed("==", second.get(), b.sdiv(self.sub(length, 2), i64(2)))
        with b.if_then(b.and_(even, at_end)):
            s = b.mul(self.add(second.get(), 1), i64(2))
            self.st(p, self.add(first, h.get()), self.ld(p, self.add(first, self.sub(s, 1))))
            h.set(self.sub(s, 1))
        # __push_heap
        with while_(b, lambda: self.lt(top, h.get()), "push", hint=COLD) as loop:
            parent = b.sdiv(self.sub(h.get(), 1), i64(2))
            pv = self.ld(p, self.add(first, parent))
            with b.if_then(b.not_(self.less(pv, value))):
                loop.break_()
            self.st(p, self.add(first, h.get()), pv)
            h.set(parent)
        self.st(p, self.add(first, h.get()), value)

    def heap_sort(self, first, last) -> None:
        b = self.b
        p = self.perm
        length = self.sub(last, first)
        with b.if_then(b.icmp_signed(">=", length, i64(2))):
            parent = Var(b, I64, b.sdiv(self.sub(length, 2), i64(2)))
            with while_(b, None, "mkheap") as loop:
                self.adjust_heap(first, parent.get(), length, self.ld(p, self.add(first, parent.get())))
                with b.if_then(b.icmp_signed("==", parent.get(), i64(0))):
                    loop.break_()
                parent.set(self.sub(parent.get(), 1))
            end = Var(b, I64, last)
            with while_(b, lambda: b.icmp_signed(">", self.sub(end.get(), first), i64(1)), "popheap", hint=COLD):
                e = self.sub(end.get(), 1)
                end.set(e)
                value = self.ld(p, e)
                self.st(p, e, self.ld(p, first))
                self.adjust_heap(first, i64(0), self.sub(e, first), value)

    def introsort(self, n: int) -> None:
        if n <= 1:
            return
        b = self.b
        depth_limit = 2 * (n.bit_length() - 1)
        cap = depth_limit + 2
        stack = entry_alloca(b, I64, 3 * cap, "sortstack")
        top = Var(b, I64, 0)

        def push(f, la, d):
            base = b.mul(top.get(), i64(3))
            self.st(stack, base, f)
            self.st(stack, self.add(base, 1), la)
            self.st(stack, self.add(base, 2), d)
            top.set(self.add(top.get(), 1))

        push(i64(0), i64(n), i64(depth_limit))
        with while_(b, lambda: self.lt(i64(0), top.get()), "intro", hint=COLD):
            t = self.sub(top.get(), 1)
            top.set(t)
            base = b.mul(t, i64(3))
            first = self.ld(stack, base)
            last = Var(b, I64, self.ld(stack, self.add(base, 1)))
            depth = Var(b, I64, self.ld(stack, self.add(base, 2)))
            with while_(b, lambda: b.icmp_signed(">", self.sub(last.get(), first), i64(INSERTION_THRESHOLD)),
                        "introloop") as loop:
                with b.if_then(b.icmp_signed("==", depth.get(), i64(0))):
                    self.heap_sort(first, last.get())
                    loop.break_()
                depth.set(self.sub(depth.get(), 1))
                la = last.get()
                mid = self.add(first, b.sdiv(self.sub(la, first), i64(2)))
                self.median_to_first(first, self.add(first, 1), mid, self.sub(la, 1))
                cut = self.partition(self.add(first, 1), la, first)
                push(cut, la, depth.get())
                last.set(cut)
        # __final_insertion_sort
        if n > INSERTION_THRESHOLD:
            self.insertion_sort(self.perm, i64(0), i64(INSERTION_THRESHOLD))
            with for_range(b, n, "fin", start=INSERTION_THRESHOLD) as i:
                self.linear_insert(self.perm, i, self.ld(self.perm, i), i64(0))
        else:
            self.insertion_sort(self.perm, i64(0), i64(n))


# ------------------------------------------------------------------------------------------------
# the kernel


@kernel.check("sort")
def check_sort(instr: Instruction) -> None:
    ops = instr.operands
    dims = instr.attrs.get("dimensions", ())
    if not ops or len(dims) != 1 or not 0 <= dims[0] < max(1, ops[0].shape.rank):
        raise CodegenError("sort needs operands and one sort dimension in range", instr.loc)
    outs = instr.shape.tuple_shapes if instr.shape.is_tuple else (instr.shape,)
    if len(outs) != len(ops):
        raise CodegenError(f"sort: {len(ops)} operands but {len(outs)} results", instr.loc)
    for o, s in zip(ops, outs):
        if o.shape.is_tuple or o.shape.dims != ops[0].shape.dims or s.dims != o.shape.dims or s.etype != o.shape.etype:
            raise CodegenError("sort operands and results must be arrays of the same dimensions", instr.loc)
    check_scalar_computation(instr, instr.attrs.get("to_apply"), 2 * len(ops), "comparator")
    if ELEMENT_TYPES[instr.attrs["to_apply"].root.shape.etype].kind != "pred":
        raise CodegenError("sort: the comparator must return pred", instr.loc)


@kernel.scratch("sort")
def sort_scratch(instr: Instruction, emitter=None) -> int:
    shape = instr.operands[0].shape
    n = shape.dims[instr.attrs["dimensions"][0]] if shape.rank else 1
    # the permutation and the merge buffer, i64 each (a radix sort's keys and indices, twice, u32 each)
    return 16 * n + (RADIX_COUNTS_BYTES if _radix_sorts(instr) else 0)


# ------------------------------------------------------------------------------------------------
# stable sorts by a key: LSD radix sort
#
# A stable sort by a strict weak order has one result, whatever the algorithm: where XLA:CPU sorts
# with std::less/greater (sort_direction) and the sort is stable, rows of at least RADIX_MIN
# elements are sorted by radix on a 32-bit key whose unsigned order is that order (equivalent
# elements, e.g. all NaNs or -0 and 0, get one key): one pass makes the four byte histograms, then
# one stable scatter of (key, index) pairs per byte (skipped where every key has the same byte),
# and the outputs are gathered through the indices: O(n) against O(n log n) comparator calls.

RADIX_MIN = 256
RADIX_COUNTS_BYTES = 4 * 256 * 4  # a histogram of u32 counts per key byte
_RADIX_KEYS = ("f16", "bf16", "f32", "s8", "s16", "s32", "u8", "u16", "u32")


def _radix_sorts(instr: Instruction) -> bool:
    return _radix_plan(instr) is not None


def _radix_plan(instr: Instruction):
    """(operand number, key(ctx, value) -> u32) when the sort may run as a radix sort, else None."""
    shape = instr.operands[0].shape
    if not instr.attrs.get("is_stable", False) or not shape.rank:
        return None
    n = shape.dims[instr.attrs["dimensions"][0]]
    if not RADIX_MIN <= n < 1 << 31:
        return None
    direction = sort_direction(instr)
    if direction is not None:
        etype = shape.etype
        if etype not in _RADIX_KEYS:
            return None
        return 0, lambda ctx, v: _radix_key(ctx.b, etype, v, direction == "asc")
    return _expression_key(instr)


# Iotas a radix sort computes from the position instead of reading (argsort's indices): integers
# wide enough for any row (< 2^31 elements, _radix_plan).
_POSITION_TYPES = frozenset({"s32", "u32", "s64", "u64"})


def computed_operands(instr: Instruction) -> frozenset[int]:
    """The operands of sort `instr` its radix sort computes from the element's position: iotas along
    the sorted dimension that are not the key (an argsort's indices). They need no buffer; the kernel
    differs from one reading them (kernel_key). Empty for any other instruction."""
    plan = _radix_plan(instr) if instr.opcode == "sort" else None
    if plan is None:
        return frozenset()
    dim = instr.attrs["dimensions"][0]
    return frozenset(k for k, x in enumerate(instr.operands)
                     if k != plan[0] and x.opcode == "iota" and x.attrs.get("iota_dimension") == dim
                     and x.shape.etype in _POSITION_TYPES)


def computed_by_its_sorts(x: Instruction) -> bool:
    """Whether iota `x` is only read by sorts that compute it themselves (computed_operands): it then
    needs no kernel of its own (argsort_1m: a 4 MB iota kernel, ~10 ms of LLVM time, gone)."""
    if x.opcode != "iota" or not x.users:
        return False
    for user in x.users:
        if user.opcode != "sort":
            return False
        computed = computed_operands(user)
        if any(op is x and k not in computed for k, op in enumerate(user.operands)):
            return False
    return True


def _expression_key(instr: Instruction):
    """A comparator `compare(f(a), f(b)) LT|GT` with f one expression of one operand's element (the
    same on both sides) and an integer result of at most 32 bits, or f32 in the total order (what
    comparison-expander makes of jax's total-order comparator): a strict weak order, by the key f."""
    comp = instr.attrs["to_apply"]
    root = comp.root
    if root.opcode != "compare" or root.attrs.get("direction") not in ("LT", "GT"):
        return None
    lhs, rhs = root.operands
    pl, pr = _only_parameter(comp, lhs), _only_parameter(comp, rhs)
    if pl is None or pr is None or {pl.parameter_number, pr.parameter_number} != \
            {pl.parameter_number & ~1, pl.parameter_number | 1} or not _mirrored(lhs, rhs, pl, pr, {}):
        return None
    etype = lhs.shape.etype
    total = root.attrs.get("order") == "TOTAL" or root.attrs.get("type") == "TOTALORDER"
    kind = ELEMENT_TYPES[etype].kind
    if not (kind in ("sint", "uint") and ELEMENT_TYPES[etype].bits <= 32 or etype == "f32" and total):
        return None
    ascending = (root.attrs["direction"] == "LT") == (pl.parameter_number % 2 == 0)

    def key(ctx, v):
        b = ctx.b
        em = Elemental(b, {}, ctx.constant_array)
        em.sources[pl] = lambda _i, _v=v: _v
        k = em.value(lhs, Index(lhs.shape, [], None))
        if kind == "float":
            k = b.xor(total_order_key(b, etype, k), const(I32, 1 << 31))
        elif kind == "sint":
            k = b.xor(b.sext(k, I32) if k.type.width < 32 else k, const(I32, 1 << 31))
        elif k.type.width < 32:
            k = b.zext(k, I32)
        return k if ascending else b.not_(k)

    return pl.parameter_number // 2, key


def _only_parameter(comp: Computation, expr: Instruction):
    """The one parameter `expr` reads (no called computations, nothing with side effects), else None."""
    found, stack, seen = set(), [expr], set()
    while stack:
        x = stack.pop()
        if x in seen:
            continue
        seen.add(x)
        if x.opcode == "parameter":
            found.add(x)
            continue
        if x.opcode in ("rng", "custom-call", "infeed", "recv") or any(
                isinstance(v, Computation) for v in x.attrs.values()):
            return None
        stack.extend(x.operands)
    return found.pop() if len(found) == 1 else None


def _mirrored(x: Instruction, y: Instruction, px: Instruction, py: Instruction, memo: dict) -> bool:
    """Whether `y` is `x`'s expression with parameter px read as py."""
    if x is px or y is py:
        return x is px and y is py
    if (x, y) in memo:
        return memo[(x, y)]
    memo[(x, y)] = False
    ok = x.opcode == y.opcode and x.opcode != "parameter" and x.shape == y.shape and \
        len(x.operands) == len(y.operands) and \
        {k: v for k, v in x.attrs.items() if k != "metadata"} == {k: v for k, v in y.attrs.items() if k != "metadata"}
    if ok and (x.literal is not None or y.literal is not None):
        ok = x.literal is not None and y.literal is not None and _literal_bytes(x) == _literal_bytes(y)
    ok = ok and all(_mirrored(a, c, px, py, memo) for a, c in zip(x.operands, y.operands))
    memo[(x, y)] = ok
    return ok


def _literal_bytes(x: Instruction):
    import numpy as np

    from ....ir.literal import literal_value

    try:
        v = np.asarray(literal_value(x.literal))
    except Exception:  # noqa: BLE001 (an elided or unreadable literal: not known to be equal)
        return None
    return str(v.dtype), v.shape, v.tobytes()


def _radix_key(b: ir.IRBuilder, etype: str, v, ascending: bool):
    """A u32 whose unsigned order is std::less's (std::greater's when not ascending) on v, NaNs after
    (before) every number and equivalent to each other, -0 equivalent to 0."""
    kind = ELEMENT_TYPES[etype].kind
    top = const(I32, 1 << 31)
    if kind == "float":
        if etype != "f32":
            v = b.fpext(v, ir.FloatType())
        nan = b.fcmp_unordered("uno", v, v)
        v = b.select(b.fcmp_ordered("==", v, ir.Constant(v.type, 0.0)), ir.Constant(v.type, 0.0), v)
        u = b.bitcast(v, I32)
        flip = b.select(b.icmp_signed("<", u, const(I32, 0)), const(I32, -1), top)
        k = b.select(nan, const(I32, -1), b.xor(u, flip))
    elif kind == "sint":
        k = b.xor(b.sext(v, I32) if v.type.width < 32 else v, top)
    else:
        k = b.zext(v, I32) if v.type.width < 32 else v
    return k if ascending else b.not_(k)


def emit_radix_rows(ctx, inputs: list[IrArray], outs: list[IrArray], dim: int, keyed: int, key,
                    computed: frozenset[int] = frozenset()) -> None:
    """`computed`: the inputs that are iotas along `dim` (computed_operands): their element is its
    position, not read."""
    b = ctx.b
    shape = inputs[0].shape
    n = shape.dims[dim]
    i8 = ir.IntType(8)

    def at(off):
        return b.gep(ctx.scratch, [i64(off)], inbounds=True, source_etype=i8)

    keys, idx, keys2, idx2, counts = at(0), at(4 * n), at(8 * n), at(12 * n), at(16 * n)

    def elem(ptr, i):
        return b.gep(ptr, [i], inbounds=True, source_etype=I32)

    others = [d for d in range(shape.rank) if d != dim]
    with loop_nest(b, shape, "rrow", others) as multi:
        bases = [linearize(b, list(multi), a.shape) for a in inputs]
        with for_range(b, 4 * 256, "rzero") as i:
            b.store(const(I32, 0), elem(counts, i))
        with for_range(b, n, "rkey") as j:
            k = key(ctx, _element(b, inputs[keyed], bases[keyed], j, dim))
            b.store(k, elem(keys, j))
            b.store(b.trunc(j, I32), elem(idx, j))
            for d in range(4):
                slot = elem(counts, b.add(i64(256 * d), b.zext(_digit(b, k, d), I64)))
                b.store(b.add(b.load(slot, typ=I32), const(I32, 1)), slot)
        # (the byte passes: the library's, the same for every sort)
        order = b.call(library.radix_function(b.module), [keys, idx, keys2, idx2, counts, i64(n)])
        obases = [linearize(b, list(multi), o.shape) for o in outs]
        with for_range(b, n, "rgather") as j:
            src = b.zext(b.load(elem(order, j), typ=I32), I64)
            for k, (a, o, base, obase) in enumerate(zip(inputs, outs, bases, obases)):
                if k in computed:
                    v = src if o.etype in ("s64", "u64") else b.trunc(src, I32)
                else:
                    v = _element(b, a, base, src, dim)
                st = strides(o.shape)[dim]
                o.store(b, Index(o.shape, None, b.add(obase, b.mul(j, i64(st)))), v)


def _digit(b: ir.IRBuilder, k, d: int):
    return b.trunc(b.lshr(k, const(I32, 8 * d)), ir.IntType(8))


def emit_row_sorts(ctx, arrays: list[IrArray], dim: int, make_less, stable: bool, finish) -> None:
    """For every 1-D slice along `dim` of `arrays[0].shape`: perm = 0..n-1 sorted with
    make_less(bases)(a, b), then finish(bases, perm, row multi-index)."""
    b = ctx.b
    shape = arrays[0].shape
    n = shape.dims[dim]
    perm = ctx.scratch
    buf = b.gep(perm, [i64(n)], inbounds=True, source_etype=I64)
    others = [d for d in range(shape.rank) if d != dim]
    with loop_nest(b, shape, "row", others) as multi:
        bases = [linearize(b, list(multi), a.shape) for a in arrays]
        less = make_less(bases)
        with for_range(b, n, "iota") as i:
            b.store(i, b.gep(perm, [i], inbounds=True, source_etype=I64))
        ps = PermSort(b, perm, buf, less)
        if stable:
            ps.stable_sort(n)
        else:
            ps.introsort(n)
        finish(bases, perm, list(multi))


def _element(b, arr: IrArray, base, pos, dim: int):
    """arr's element at `base` (a row's start) plus `pos` along dim."""
    st = strides(arr.shape)[dim]
    off = b.add(base, b.mul(pos, i64(st)) if st != 1 else pos)
    return arr.load(b, Index(arr.shape, None, off))


def _less_function(ctx, instr: Instruction, inputs: list[IrArray], dim: int, direction: str | None):
    """An internal LLVM function less(i, j, bases...) -> i1 over the inputs, and a Python wrapper."""
    m = ctx.module
    n_in = len(inputs)
    fn = ir.Function(m, ir.FunctionType(I1, [I64, I64] + [PTR] * n_in + [I64] * n_in),
                     name=fresh_name(m, f"{ctx.fn.name}.less"))
    fn.linkage = "internal"
    fb = ir.IRBuilder(fn.append_basic_block("entry"))
    i, j = fn.args[0], fn.args[1]
    arrs = [IrArray(fn.args[2 + k], a.shape) for k, a in enumerate(inputs)]
    bases = fn.args[2 + n_in:]
    if direction is not None:
        x = _element(fb, arrs[0], bases[0], i, dim)
        y = _element(fb, arrs[0], bases[0], j, dim)
        fb.ret(direction_less(fb, inputs[0].etype, x, y, direction == "asc"))
    else:
        args = []
        for a, base in zip(arrs, bases):
            args += [_element(fb, a, base, i, dim), _element(fb, a, base, j, dim)]
        em = Elemental(fb, {}, ctx.constant_array)
        fb.ret(em.call_computation(instr.attrs["to_apply"], args))

    def make_less(row_bases):
        return lambda a, c: ctx.b.call(fn, [a, c] + [x.ptr for x in inputs] + list(row_bases))

    return make_less


@kernel("sort")
def emit_sort(ctx, instr: Instruction) -> None:
    b = ctx.b
    inputs = [ops[0] for ops in ctx.operands]
    outs = ctx.outputs
    shape = inputs[0].shape
    if shape.num_elements == 0:
        return
    dim = instr.attrs["dimensions"][0]
    if shape.dims[dim] <= 1:
        for o, a in zip(outs, inputs):
            copy_array(b, o, a)
        return
    plan = _radix_plan(instr)
    if plan is not None:
        emit_radix_rows(ctx, inputs, outs, dim, *plan, computed_operands(instr))
        return
    make_less = _less_function(ctx, instr, inputs, dim, sort_direction(instr))

    def finish(bases, perm, multi):
        obases = [linearize(b, multi, o.shape) for o in outs]
        with for_range(b, shape.dims[dim], "gather") as j:
            src = b.load(b.gep(perm, [j], inbounds=True, source_etype=I64), typ=I64)
            for a, o, base, obase in zip(inputs, outs, bases, obases):
                v = _element(b, a, base, src, dim)
                st = strides(o.shape)[dim]
                o.store(b, Index(o.shape, None, b.add(obase, b.mul(j, i64(st)))), v)

    emit_row_sorts(ctx, inputs, dim, make_less, bool(instr.attrs.get("is_stable", False)), finish)


# ------------------------------------------------------------------------------------------------
# topk


TOPK_SLOTS = 4  # threads that may split a topk's rows (each keeps its k best in a slot of its own)


def topk_scratch_bytes(n: int, k: int) -> int:
    """Per thread: the k best keys so far and their indices (i64 each), on cache lines of their own."""
    del n
    return TOPK_SLOTS * _topk_slot_bytes(k)


def _topk_slot_bytes(k: int) -> int:
    return -(-16 * max(k, 1) // 64) * 64


def emit_topk(ctx, x: IrArray, values: IrArray, indices: IrArray, k: int, largest: bool) -> None:
    """The k largest (smallest) elements of each row of the last dimension in XLA's total order,
    ties broken by the lower index, and their indices: the result of a stable sort of the row by
    total-order key, computed by selection (one pass over the row keeping the k best so far, sorted;
    an element enters only when strictly better than the k-th, so equal keys keep index order; f32
    rows of stride 1 by the library's function, library/topk.py, with n and k as arguments).
    Rows are split over up to TOPK_SLOTS threads."""
    dim = x.shape.rank - 1
    n = x.shape.dims[dim]
    if k == 0 or x.shape.num_elements == 0:
        return
    rows = x.shape.num_elements // n
    others = [d for d in range(x.shape.rank) if d != dim]
    slot_bytes = _topk_slot_bytes(k)
    slots = max(1, min(TOPK_SLOTS, rows))

    def body(c, lo, hi, task, _extras):
        b = c.b
        keys = b.gep(c.scratch, [b.mul(task, i64(slot_bytes))], inbounds=True, source_etype=ir.IntType(8))
        idx = b.gep(keys, [i64(8 * k)], inbounds=True, source_etype=ir.IntType(8))
        xs, vs, ids = c.operands[0][0], c.outputs[0], c.outputs[1]
        with for_range(b, hi, "topk.row", start=lo) as r:
            multi = _row_index(b, r, x.shape, others, dim)
            _select_row(b, xs, vs, ids, multi, dim, n, k, largest, keys, idx)

    from .parallel import parallel_range

    parallel_range(ctx, rows, x.shape.num_elements, body, slots=slots)


def _row_index(b, r, shape, others, dim):
    """The multi-index (0 along `dim`) of row r, rows numbered row-major over the other dimensions."""
    multi = [i64(0)] * shape.rank
    rest = r
    for d in reversed(others):
        size = shape.dims[d]
        if size == 1:
            continue
        multi[d] = b.urem(rest, i64(size))
        rest = b.udiv(rest, i64(size))
    return multi


def _select_row(b, x, values, indices, multi, dim, n, k, largest, keys, idx):
    base = linearize(b, multi, x.shape)
    etype = x.etype
    key_ty = ir.IntType(64) if etype in ("f64", "s64", "u64") else ir.IntType(32)
    if ELEMENT_TYPES[etype].bits <= 16 and ELEMENT_TYPES[etype].kind in ("sint", "uint", "pred"):
        key_ty = ir.IntType(32)
    sym = ">" if largest else "<"

    def key_at(pos):
        v = _element(b, x, base, pos, dim)
        kv = total_order_key(b, etype, v)
        if kv.type != key_ty:
            kv = b.sext(kv, key_ty) if kv.type.width < key_ty.width else kv
        return kv

    def kld(i):
        return b.trunc(b.load(b.gep(keys, [i], inbounds=True, source_etype=I64), typ=I64), key_ty) \
            if key_ty.width < 64 else b.load(b.gep(keys, [i], inbounds=True, source_etype=I64), typ=I64)

    def kst(i, v):
        b.store(b.sext(v, I64) if v.type.width < 64 else v, b.gep(keys, [i], inbounds=True, source_etype=I64))

    def ild(i):
        return b.load(b.gep(idx, [i], inbounds=True, source_etype=I64), typ=I64)

    def ist(i, v):
        b.store(v, b.gep(idx, [i], inbounds=True, source_etype=I64))

    in_library = etype == "f32" and strides(x.shape)[dim] == 1
    if in_library:
        # (the same selection, with n and k as arguments: the library's, compiled once)
        row = b.gep(x.ptr, [base], inbounds=True, source_etype=ir.FloatType())
        b.call(library.topk_f32_function(b.module, largest), [row, i64(n), i64(k), keys, idx])
    else:
        _select_inline(b, n, k, sym, key_ty, key_at, kld, kst, ild, ist)
    vb = linearize(b, multi, values.shape)
    ib = linearize(b, multi, indices.shape)
    vst, ist_ = strides(values.shape)[dim], strides(indices.shape)[dim]
    it = compute_type(indices.etype)
    # k per row: rolled, LLVM has little to do. Beside the library's pass over the row, RARE: the
    # kernel is then glue and left unoptimised (hints.py; top_k's 11 of its 13 ms of LLVM time).
    with for_range(b, k, "topk.out", hint=RARE if in_library else COLD) as j:
        src = ild(j)
        values.store(b, Index(values.shape, None, b.add(vb, b.mul(j, i64(vst)))), _element(b, x, base, src, dim))
        indices.store(b, Index(indices.shape, None, b.add(ib, b.mul(j, i64(ist_)))),
                      b.trunc(src, it) if it.width < 64 else src)


def _select_inline(b, n, k, sym, key_ty, key_at, kld, kst, ild, ist):
    """The k best of a row (key_at) into the slots (kld/kst, ild/ist), one element at a time (the
    library's f32 selection, library/topk.py, keeps up to 16 of them in vector registers)."""

    def insert(key, pos, last):
        insert_sorted(b, sym, kld, kst, ild, ist, key, pos, last)

    # the first k elements all enter
    with for_range(b, k, "topk.fill") as i:
        insert(key_at(i), i, i)
    if n > k:
        kth = i64(k - 1)
        threshold = Var(b, key_ty, kld(kth))
        with for_range(b, n, "topk.scan", start=i64(k)) as i:
            key = key_at(i)
            with b.if_then(b.icmp_signed(sym, key, threshold.get()), likely=False):
                insert(key, i, kth)
                threshold.set(kld(kth))

def check_topk_shapes(instr: Instruction, k: int) -> None:
    x = instr.operands[0].shape
    shape = instr.shape
    if x.is_tuple or x.rank == 0 or not shape.is_tuple or len(shape.tuple_shapes) != 2:
        raise CodegenError("topk needs an array operand and a (values, indices) result", instr.loc)
    vals, idx = shape.tuple_shapes
    want = tuple(x.dims[:-1]) + (k,)
    if not 0 <= k <= x.dims[-1] or vals.dims != want or idx.dims != want or vals.etype != x.etype:
        raise CodegenError(f"topk: k={k} and the result shapes do not fit operand {x}", instr.loc)
    if ELEMENT_TYPES[idx.etype].kind not in ("sint", "uint") or ELEMENT_TYPES[x.etype].kind == "complex":
        raise CodegenError("topk: integer indices and a real operand are required", instr.loc)


@kernel.check("topk")
def check_topk(instr: Instruction) -> None:
    check_topk_shapes(instr, int(instr.attrs.get("k", 0)))


def topk_scratch(instr: Instruction, emitter=None) -> int:
    return topk_scratch_bytes(instr.operands[0].shape.dims[-1], int(instr.attrs.get("k", 0)))


kernel.scratch("topk")(topk_scratch)


@kernel("topk")
def emit_topk_op(ctx, instr: Instruction) -> None:
    emit_topk(ctx, ctx.operands[0][0], ctx.outputs[0], ctx.outputs[1], int(instr.attrs["k"]),
              bool(instr.attrs.get("largest", True)))


