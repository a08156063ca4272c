"""The passes of a stable LSD radix sort of u32 keys with their indices, as one function for every module.

    fn = radix_function(mod)                              # declared from the precompiled library or emitted
    order = b.call(fn, [keys, idx, keys2, idx2, counts, n])   # the array holding the sorted indices

A sort kernel (kernels/sort.py `emit_radix_rows`) makes each row's keys, indices and digit histograms;
what follows is the same for every sort: per byte of the key, the histogram's prefix sum and a stable
scatter of keys and indices from one pair of arrays into the other (a byte whose keys all fall in one
bucket is skipped). Emitted per module with the row length as a constant, LLVM optimised and
code-generated its four passes for every sort; compiled once per target with the library instead.
"""

from __future__ import annotations

import llvmlite.ir as ir

from ..llvmir.irutil import Var
from ..llvmir.irvalues import I32, I64, PTR, const
from ..llvmir.loops import for_range

NAME = "hloc.radix.u32"
# (keys, idx, keys2, idx2, counts: 4 x 256 u32 histograms, one per byte, n) -> the sorted indices
ARGS = (PTR,) * 5 + (I64,)
DIGITS = 4
BUCKETS = 256


def emit_radix(mod: ir.Module) -> ir.Function:
    fn = ir.Function(mod, ir.FunctionType(PTR, list(ARGS)), NAME)
    fn.linkage = "internal"
    fn.attributes.add("nounwind")
    for a in fn.args[:5]:
        a.add_attribute("noalias")
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    keys, idx, keys2, idx2, counts, n = fn.args

    def elem(ptr, i):
        return b.gep(ptr, [i], inbounds=True, source_etype=I32)

    def digit(k, shift):
        return b.zext(b.trunc(b.lshr(k, shift), ir.IntType(8)), I64)

    src_k, src_i = Var(b, PTR, keys), Var(b, PTR, idx)
    dst_k, dst_i = Var(b, PTR, keys2), Var(b, PTR, idx2)
    for d in range(DIGITS):  # (unrolled: a constant shift per pass measured faster than a loop's)
        cnt = b.gep(counts, [const(I64, BUCKETS * d)], inbounds=True, source_etype=I32)
        shift = const(I32, 8 * d)
        first = digit(b.load(src_k.get(), typ=I32), shift)
        one_bucket = b.icmp_unsigned("==", b.zext(b.load(elem(cnt, first), typ=I32), I64), n)
        with b.if_then(b.not_(one_bucket)):
            run = Var(b, I32, const(I32, 0))
            with for_range(b, BUCKETS, "rscan") as i:  # counts -> first positions
                c = b.load(elem(cnt, i), typ=I32)
                b.store(run.get(), elem(cnt, i))
                run.set(b.add(run.get(), c))
            sk, si, dk, di = src_k.get(), src_i.get(), dst_k.get(), dst_i.get()
            with for_range(b, n, "rscatter") as j:
                k = b.load(elem(sk, j), typ=I32)
                slot = elem(cnt, digit(k, shift))
                pos = b.load(slot, typ=I32)
                b.store(b.add(pos, const(I32, 1)), slot)
                b.store(k, elem(dk, b.zext(pos, I64)))
                b.store(b.load(elem(si, j), typ=I32), elem(di, b.zext(pos, I64)))
            src_k.set(dk), src_i.set(di), dst_k.set(sk), dst_i.set(si)
    b.ret(src_i.get())
    return fn
