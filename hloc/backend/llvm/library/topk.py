"""The selection of a topk over one contiguous f32 row, as one function per direction for every module.

    fn = topk_f32_function(mod, largest)     # declared from the precompiled library or emitted
    b.call(fn, [row, n, k, keys, idx])        # idx: the k best's positions, best first; keys: scratch

The row's length and k are arguments, so the function is the same for every topk of f32 rows:
emitted per module with them as constants, LLVM unrolled and re-optimised its nested loops for each
(~70 ms of LLVM CPU time for the jax top_k bench module's one topk). Compiled once per target with
the library instead. kernels/sort.py (`emit_topk`) documents the algorithm and calls this; up to 16
best are kept in vector registers, where an entering element takes its place in a few vector
operations (the per-slot loop it replaces cost about half of a k=16 selection's run time).
"""

from __future__ import annotations

import llvmlite.ir as ir

from ..llvmir.irutil import Var, while_
from ..llvmir.irvalues import F32, I1, I32, I64, PTR, VOID, const
from ..llvmir.loops import for_range

ARGS = (PTR, I64, I64, PTR, PTR)  # (row, n, k, keys, idx)
VECTOR = 8  # elements tested against the current k-th best at once (_scalar_select)
LANES = 16  # the most best elements kept in vector registers (_vector_select)
BLOCK = 16  # elements tested against the current k-th best at once there


def name(largest: bool) -> str:
    return f"hloc.topk.f32.{'max' if largest else 'min'}"


def emit_topk_f32(mod: ir.Module, largest: bool) -> ir.Function:
    """`void f(row, n, k, keys, idx)`, 1 <= k <= n: the positions of the k best of row[0, n) in XLA's
    total order (as a signed i32 key each), ties to the lower index, into idx[0, k) (i64 slots), best
    first; keys[0, k) (i64 slots) is its scratch. One pass over the row keeping the k best so far,
    sorted; an element enters only when strictly better than the k-th, so equal keys keep index
    order. Up to LANES best are kept in vector registers (_vector_select), more in the slots
    (_scalar_select)."""
    fn = ir.Function(mod, ir.FunctionType(VOID, list(ARGS)), name(largest))
    fn.linkage = "internal"
    fn.attributes.add("nounwind")
    for a in (fn.args[0], fn.args[3], fn.args[4]):
        a.add_attribute("noalias")
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    row, n, k, keys, idx = fn.args
    sym = ">" if largest else "<"
    small = b.and_(b.icmp_unsigned("<=", k, const(I64, LANES)), b.icmp_unsigned("<", n, const(I64, 2**31)))
    with b.if_else(small, likely=True) as (vector, scalar):
        with vector:
            _vector_select(b, row, n, k, idx, sym)
        with scalar:
            _scalar_select(b, row, n, k, keys, idx, sym)
    b.ret_void()
    return fn


def _keys_of(b, bits):
    """XLA's total order of f32 (or of a vector of them) as signed i32 keys, from their bits."""
    typ = bits.type
    def splat(v):
        return ir.Constant(typ, [v] * typ.count) if isinstance(typ, ir.VectorType) else const(I32, v)

    return b.xor(bits, b.lshr(b.ashr(bits, splat(31)), splat(1)))


def _splat(b, v, count):
    vty = ir.VectorType(v.type, count)
    one = b.insert_element(ir.Constant(vty, ir.Undefined), v, const(I64, 0))
    return b.shuffle_vector(one, ir.Constant(vty, ir.Undefined), ir.Constant(ir.VectorType(I32, count), [0] * count))


def _vector_select(b, row, n, k, idx, sym):
    """k <= LANES, n < 2**31: the k best keys and their positions in two LANES-wide i32 vectors,
    sorted. An entering key goes after the kept keys it does not beat (a prefix: they are sorted),
    the ones after it move up one lane, all in a few vector operations and without branches. A
    block of BLOCK elements is tested against the k-th best at once; the elements that beat it are
    visited in order, the block's test repeated against the new k-th after each one enters."""
    vty = ir.VectorType(I32, LANES)
    lane_no = ir.Constant(vty, list(range(LANES)))
    up_one = ir.Constant(vty, [0] + list(range(LANES - 1)))  # lane j takes lane j - 1
    best = Var(b, vty, ir.Constant(vty, [0] * LANES))
    where = Var(b, vty, ir.Constant(vty, [0] * LANES))

    def insert(key, pos, kept):
        """Enter (key, pos) among the kept lanes (an i1 vector, a prefix)."""
        keys_now, pos_now = best.get(), where.get()
        before = b.and_(b.not_(b.icmp_signed(sym, _splat(b, key, LANES), keys_now)), kept)
        # (lane 0, or a lane after one that stays: before or at the new key's lane)
        upto = b.shuffle_vector(before, ir.Constant(before.type, [1] * LANES),
                                ir.Constant(vty, [LANES] + list(range(LANES - 1))))
        undef = ir.Constant(vty, ir.Undefined)
        moved_k = b.shuffle_vector(keys_now, undef, up_one)
        moved_p = b.shuffle_vector(pos_now, undef, up_one)
        best.set(b.select(before, keys_now, b.select(upto, _splat(b, key, LANES), moved_k)))
        where.set(b.select(before, pos_now, b.select(upto, _splat(b, pos, LANES), moved_p)))

    def key_at(pos):
        return _keys_of(b, b.bitcast(b.load(b.gep(row, [pos], inbounds=True, source_etype=F32), typ=F32), I32))

    # the first k elements all enter, each among those before it
    with for_range(b, k, "topk.fill") as i:
        i32 = b.trunc(i, I32)
        insert(key_at(i), i32, b.icmp_signed("<", lane_no, _splat(b, i32, LANES)))
    kept = b.icmp_signed("<", lane_no, _splat(b, b.trunc(k, I32), LANES))
    kth = b.trunc(b.sub(k, const(I64, 1)), I32)
    threshold = Var(b, I32, b.extract_element(best.get(), kth))

    def consider(key, pos):
        with b.if_then(b.icmp_signed(sym, key, threshold.get()), likely=False):
            insert(key, pos, kept)
            threshold.set(b.extract_element(best.get(), kth))

    blocks = b.udiv(b.sub(n, k), const(I64, BLOCK))
    bty = ir.VectorType(F32, BLOCK)
    with for_range(b, blocks, "topk.block") as blk:
        first = b.add(k, b.mul(blk, const(I64, BLOCK)))
        vec = b.load(b.gep(row, [first], inbounds=True, source_etype=F32), typ=bty)
        vec.align = 4
        vkeys = _keys_of(b, b.bitcast(vec, ir.VectorType(I32, BLOCK)))
        bits = ir.IntType(BLOCK)

        def beating():
            return b.bitcast(b.icmp_signed(sym, vkeys, _splat(b, threshold.get(), BLOCK)), bits)

        hits = beating()
        with b.if_then(b.icmp_unsigned("!=", hits, ir.Constant(bits, 0)), likely=False):
            left = Var(b, bits, hits)
            with while_(b, lambda: b.icmp_unsigned("!=", left.get(), ir.Constant(bits, 0)), "topk.hit"):
                m = left.get()
                lane = b.call(_cttz(b.module, bits), [m, ir.Constant(I1, 1)])
                lane32 = b.zext(lane, I32) if BLOCK < 32 else lane
                insert(b.extract_element(vkeys, lane32), b.add(b.trunc(first, I32), lane32), kept)
                threshold.set(b.extract_element(best.get(), kth))
                # (the lanes after it that still beat the new k-th)
                left.set(b.and_(b.and_(m, b.sub(m, ir.Constant(bits, 1))), beating()))
    tail = b.add(k, b.mul(blocks, const(I64, BLOCK)))
    with for_range(b, n, "topk.tail", start=tail) as i:
        consider(key_at(i), b.trunc(i, I32))
    pos_now = where.get()
    with for_range(b, k, "topk.out") as j:
        b.store(b.zext(b.extract_element(pos_now, b.trunc(j, I32)), I64),
                b.gep(idx, [j], inbounds=True, source_etype=I64))


def _cttz(mod, typ):
    name = f"llvm.cttz.i{typ.width}"
    fn = mod.globals.get(name)
    return fn if fn is not None else ir.Function(mod, ir.FunctionType(typ, [typ, I1]), name)


def insert_sorted(b: ir.IRBuilder, sym: str, kld, kst, ild, ist, key, pos, last) -> None:
    """Put (key, pos) into the slots 0..last, sorted by `sym` (signed compare) on their keys, whose
    entry `last` is free or dropped: entries that `key` beats move down one slot (kld/kst load and
    store slot i's key, ild/ist its position; i64 slot numbers)."""
    at = Var(b, I64, last)
    with while_(b, lambda: b.icmp_signed(">", at.get(), const(I64, 0)), "topk.ins") as loop:
        prev = b.sub(at.get(), const(I64, 1))
        pk = kld(prev)
        with b.if_then(b.not_(b.icmp_signed(sym, key, pk))):
            loop.break_()
        kst(at.get(), pk)
        ist(at.get(), ild(prev))
        at.set(prev)
    kst(at.get(), key)
    ist(at.get(), pos)


def _scalar_select(b, row, n, k, keys, idx, sym):
    """The k best kept sorted in the slots keys/idx (i64 each), an entering key moved down to its
    place one slot at a time."""

    def key_at(pos):
        bits = b.bitcast(b.load(b.gep(row, [pos], inbounds=True, source_etype=F32), typ=F32), I32)
        return b.xor(bits, b.lshr(b.ashr(bits, const(I32, 31)), const(I32, 1)))

    def kld(i):
        return b.trunc(b.load(b.gep(keys, [i], inbounds=True, source_etype=I64), typ=I64), I32)

    def kst(i, v):
        b.store(b.sext(v, I64), b.gep(keys, [i], inbounds=True, source_etype=I64))

    def ild(i):
        return b.load(b.gep(idx, [i], inbounds=True, source_etype=I64), typ=I64)

    def ist(i, v):
        b.store(v, b.gep(idx, [i], inbounds=True, source_etype=I64))

    def insert(key, pos, last):
        insert_sorted(b, sym, kld, kst, ild, ist, key, pos, last)

    # the first k elements all enter
    with for_range(b, k, "topk.fill") as i:
        insert(key_at(i), i, i)
    kth = b.sub(k, const(I64, 1))
    threshold = Var(b, I32, kld(kth))

    def consider(pos):
        key = key_at(pos)
        with b.if_then(b.icmp_signed(sym, key, threshold.get()), likely=False):
            insert(key, pos, kth)
            threshold.set(kld(kth))

    # Most elements lose to the k-th best: test VECTOR of them at once against it, and look at them
    # one by one only when some may enter; two vectors per test while there are. (The k-th best only
    # gets better as elements enter, so the second vector's test, made before the first's entered,
    # flags a superset of those that may: each is considered against the current k-th.)
    vty = ir.VectorType(F32, VECTOR)
    ity = ir.VectorType(I32, VECTOR)

    def flagged(first):
        """The VECTOR elements from `first` that beat the k-th best, as a bit mask."""
        vec = b.load(b.gep(row, [first], inbounds=True, source_etype=F32), typ=vty)
        vec.align = 4
        bits = b.bitcast(vec, ity)
        sign = b.ashr(bits, ir.Constant(ity, [31] * VECTOR))
        vkeys = b.xor(bits, b.lshr(sign, ir.Constant(ity, [1] * VECTOR)))
        thr = b.insert_element(ir.Constant(ity, ir.Undefined), threshold.get(), const(I64, 0))
        thr = b.shuffle_vector(thr, ir.Constant(ity, ir.Undefined), ir.Constant(ity, [0] * VECTOR))
        return b.bitcast(b.icmp_signed(sym, vkeys, thr), ir.IntType(VECTOR))

    def blocks_of(start, width, count):
        """`count` blocks of `width` elements (a multiple of VECTOR) from `start`."""
        with for_range(b, count, f"topk.block{width}") as blk:
            first = b.add(start, b.mul(blk, const(I64, width)))
            hits = flagged(first)
            for v in range(1, width // VECTOR):
                hits = b.or_(hits, flagged(b.add(first, const(I64, v * VECTOR))))
            some = b.icmp_unsigned("!=", hits, ir.Constant(ir.IntType(VECTOR), 0))
            with b.if_then(some, likely=False), for_range(b, width, "topk.lane") as lane:
                consider(b.add(first, lane))

    rest = b.sub(n, k)
    pairs = b.udiv(rest, const(I64, 2 * VECTOR))
    blocks_of(k, 2 * VECTOR, pairs)
    after_pairs = b.add(k, b.mul(pairs, const(I64, 2 * VECTOR)))
    single = b.udiv(b.sub(n, after_pairs), const(I64, VECTOR))  # (0 or 1)
    blocks_of(after_pairs, VECTOR, single)
    with for_range(b, n, "topk.scan", start=b.add(after_pairs, b.mul(single, const(I64, VECTOR)))) as i:
        consider(i)
