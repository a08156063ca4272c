"""Dots with one tiny output dimension and a big operand: no packed GEMM.

    C[r, j] = sum_k X[r, k] * S[k, j]       r < R (>= SKINNY_MIN_R), j < s (<= SKINNY_MAX_S)

X (the big operand: an MLP's activations, e.g. 256 x 1024 against a 1024 x 10 weight) is read in
place exactly once; the packed GEMM would pack it (the narrow side is its M or N; a 10-wide N or
M leaves most of a micro-tile idle and the whole of X goes through a packing buffer). Two forms,
by which of X's dimensions is contiguous:
  * dot: X's contraction is contiguous. S is copied transposed (s rows of K, padded: _ld) into the
    kernel scratch; each row of X is multiplied by the s rows with s vector accumulators along k,
    summed across lanes at the end (a reassociated sum, as XLA:CPU's dot
    emitter's vectorised reductions; the K % VW tail is added after, in order). The next rows are
    prefetched, except a matrix-vector product's back-to-back rows (one stream the hardware
    prefetchers follow), which are walked forwards and backwards on alternate calls (_flip).
    Rows are split over the threads.
  * axpy: X's free dimension r is contiguous (e.g. dW = h^T @ d, contracting the batch). Blocks of
    NV vectors of r keep s x NV accumulators in registers: for each k, NV vector loads of X's row
    (prefetched PREFETCH_ROWS ahead), s broadcasts of S[k, j], s x NV FMAs (the sum runs over k in
    order). Blocks are split over the threads; the columns after the last whole block are computed
    after them, in the same order.
(A third form for a tiny contraction with a big output, e.g. the MLP's backward d3 @ W3^T with K = 10,
was 0.058 -> 0.047 ms but cost ~65 ms of LLVM time in mlp_b256_grad: such dots stay GEMMs.)
The forms' loops carry loops.py hints and their range function is not inlined twice (_once): the
kernel's LLVM time (a few ms per form and dot shape) is part of every cold compile.
Each element is computed the same way whatever the thread split: results do not depend on it.
Two bf16 (or two f16) operands are widened as they are loaded and summed in f32 (a decode step's
[11, 1152] x [1152, 13824] against bf16 weights, 32 MB read once: no packing of the weight to f32);
a narrow result is rounded once, when stored.

Measured (2 vCPUs, AVX-512 Xeon, `hloc run --profile`, medians; before: the packed GEMM), ms at 1 / 2
threads: mlp_b256_fwd 256x1024 @ 1024x10 (dot) 0.109 / 0.118 -> 0.060 / 0.037; mlp_b256_grad
the same (X cold) 0.153 / 0.126 -> 0.061-0.072 / 0.04 (two rows at a time then), dW3 = h2^T d3 (axpy)
0.21 / 0.17 -> 0.043 / 0.042. numpy's OpenBLAS on the same shapes: 0.108 / 0.061, 0.110 / 0.077.
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import llvmlite.ir as ir

from ....ir.types import ELEMENT_TYPES
from ..elemental import Accumulators
from ..library.gemm import load_source, vector_bits
from ..llvmir.irvalues import F32, F64, I32, I64, const, intrinsic, storage_type, store_convert
from ..llvmir.loops import COLD, SMALL, STREAM, for_range
from ..llvmir.symbols import fresh_name
from .parallel import parallel_range

SKINNY_MAX_S = 16  # the narrow output dimension (1 for a matrix-vector product)
SKINNY_MIN_R = 64  # the other output dimension
SKINNY_MIN_WORK = 1 << 14  # elements of the big operand
# A matrix-vector product comes here from this size (a 604 MB logits matrix split over the threads;
# tf_while_loop's 512 x 512 in a while body, 1 thread on Zen 4: the dot loop 31 us, MATVEC_ROWS rows
# at a time 16 us): below it the dot loop is as fast (64 x 1024: 5 against 7 us).
VECTOR_MIN_WORK = 1 << 18
L1_HALF = 16 << 10  # bytes of S^T above which the dot form takes two rows of X at a time (with TWO_ROWS_MIN_WORK)
TWO_ROWS_MIN_WORK = 1 << 20  # elements of X
MATVEC_ROWS = 4  # rows of X a matrix-vector product takes at a time
AXPY_SPLIT_NV = 2  # vectors per column block when the columns are split into groups
# The axpy form walks X a column block at a time down its rows: rows 4 KiB apart or more fall in
# one L1 set and come from L2 or L3 again for each column group (axpy_tiles); with more than one
# group the packed GEMM wins ([16, 256] x
# [256, 1024], 1 thread, Zen 4: 0.20-0.23 against 0.19-0.22 ms; [16, 128] x [128, 2048]: 0.20-0.24
# against 0.15-0.18; [8, 256] x [256, 1024]: 0.13-0.18 against 0.12-0.14).
AXPY_ROW_BYTES = 4096
PREFETCH_ROWS = 8  # axpy form: rows of X prefetched ahead (d11: 2 threads 33 -> 27-29 us)


@dataclass(frozen=True)
class Skinny:
    form: str  # "dot" | "axpy"
    x_is_a: bool  # the big operand is the plan's A (else its B)
    r: int
    s: int
    k: int
    x_r: int  # element strides: X[r, k], S[k, j], C[r, j]
    x_k: int
    s_k: int
    s_j: int
    c_r: int
    c_j: int
    src: str = ""  # the operands' element type (default: the accumulation type)
    out: str = ""  # the result's (default: the accumulation type)


def vector_registers(features: str) -> int:
    return 32 if vector_bits(features) == 512 else 16


def plan_skinny(plan, out_etype: str, operand_etypes: tuple[str, ...], features: str = "") -> Skinny | None:
    """The skinny form of a planned dot (dot.DotPlan) for the target's LLVM `features`, or None."""
    acc = plan.acc_etype
    src = operand_etypes[0]
    narrow = acc == "f32" and src in ("bf16", "f16") and operand_etypes[1] == src and out_etype in (src, acc)
    if acc not in ("f32", "f64") or not (narrow or (out_etype == acc and all(e == acc for e in operand_etypes))):
        return None
    if plan.batch or len(plan.k) != 1 or len(plan.m) > 1 or len(plan.n) > 1 or not (plan.m or plan.n):
        return None
    k = plan.k[0]
    # a vector operand's absent free dimension: size 1 (gemma3's logits, [1152] x [262144, 1152]^T)
    unit = replace(k, size=1, a=0, b=0, c=0)
    m, n = (plan.m or [unit])[0], (plan.n or [unit])[0]
    if n.size <= SKINNY_MAX_S and m.size >= SKINNY_MIN_R:
        sk = Skinny("", True, m.size, n.size, k.size, m.a, k.a, k.b, n.b, m.c, n.c)
    elif m.size <= SKINNY_MAX_S and n.size >= SKINNY_MIN_R:
        sk = Skinny("", False, n.size, m.size, k.size, n.b, k.b, k.a, m.a, n.c, m.c)
    else:
        return None
    if sk.r * sk.k < (SKINNY_MIN_WORK if plan.m and plan.n else VECTOR_MIN_WORK):
        return None
    if sk.x_k == 1 and sk.k >= 16:
        form = "dot"
    elif sk.x_r == 1 and (sk.x_k * ELEMENT_TYPES[src].bits // 8 < AXPY_ROW_BYTES
                          or len(axpy_tiles(sk.s, vector_registers(features))[1]) == 1):
        form = "axpy"
    else:
        return None
    return replace(sk, form=form, src=src, out=out_etype)


def column_groups(s: int, most: int) -> list[tuple[int, int]]:
    """The s narrow columns as (first, count) groups of at most `most`, as even as they come: each
    group's accumulators stay in registers (16 columns on AVX2's 16 vector registers spilled: the
    skinny dots of a GRU step, [16, 256] x [256, 256], ran at 25 GFLOP/s)."""
    n = -(-s // max(1, most))
    base, extra = divmod(s, n)
    out, j = [], 0
    for i in range(n):
        out.append((j, base + (i < extra)))
        j += out[-1][1]
    return out


def axpy_tiles(s: int, nregs: int) -> tuple[int, list[tuple[int, int]]]:
    """The axpy form's vectors per column block and its column groups: nv x g accumulators plus nv
    loads of X and a broadcast of S fit `nregs` vector registers, with room to spare."""
    if 2 * s + 4 <= nregs:
        return 2, [(0, s)]
    if s + 4 <= nregs:
        return 1, [(0, s)]
    return AXPY_SPLIT_NV, column_groups(s, (nregs - 4) // AXPY_SPLIT_NV)


def skinny_scratch(sk: Skinny, es: int) -> int:
    return sk.s * _ld(sk.k, 64 // es) * es if sk.form == "dot" else 0


def _once(cx, ctx) -> None:
    """The body's range function (parallel.py) stays one function, called by the kernel and by its
    task, not inlined into both: its code is compiled once (LLVM time grows with it)."""
    if cx.fn is not ctx.fn:
        cx.fn.attributes.add("noinline")


def _ld(k: int, vw: int) -> int:
    """Row stride of S^T: K rounded up to whole vectors, plus one cache line, so that its rows (and
    X's, when K * element size is a multiple of 4 KiB) do not all fall in the same L1 set: with K =
    1024 f32 they did (10 rows of S^T and 2 of X, 4 KiB apart, in a 12-way set): 2 threads 39 -> 33 us."""
    return (k + vw - 1) // vw * vw + vw


def _flip(ctx) -> ir.Value:
    """0 and 1 on alternate calls of the kernel (an i64; a per-kernel global flipped atomically, so
    concurrent calls read one or the other). A matrix-vector product walks its row groups backwards
    on odd calls: the rows it read last are the ones still in L2 (a loop repeating a product whose
    matrix about fills L2: tf_while_loop's 1 MB 512 x 512, 50 products per call, 1 thread on Zen 4:
    0.69 -> 0.64 ms). Each row's sum is the same either way."""
    b = ctx.b
    g = ir.GlobalVariable(ctx.module, I64, fresh_name(ctx.module, f"{ctx.fn.name}.flip"))
    g.linkage = "internal"
    g.initializer = const(I64, 0)
    g.align = 8
    f = b.load_atomic(g, "monotonic", 8, typ=I64)
    b.store_atomic(b.xor(f, const(I64, 1)), g, "monotonic", 8)
    return f


def _prefetch(b: ir.IRBuilder, p) -> None:
    """Prefetch `p` for reading into all cache levels."""
    intrinsic(b, "prefetch", [p, const(I32, 0), const(I32, 3), const(I32, 1)], ret=ir.VoidType())


def _gep(b, base, idx, ety):
    return b.gep(base, [idx], inbounds=True, source_etype=ety)


def _mul(b, x, st: int):
    return x if st == 1 else b.mul(x, const(I64, st), flags=["nsw"])


def _store(b: ir.IRBuilder, v, C, off, out: str) -> None:
    """C[off] = v (an accumulation-type scalar), rounded to the result type `out`."""
    b.store(store_convert(b, v, out), _gep(b, C, off, storage_type(out)))


def _hsum(b: ir.IRBuilder, v, vw: int):
    """The lanes summed in any order (`llvm.vector.reduce.fadd`, reassoc): one intrinsic instead of
    a tree of shuffles, which LLVM took ~3x as long to compile."""
    ety = v.type.element
    name = f"llvm.vector.reduce.fadd.v{v.type.count}{'f32' if ety == F32 else 'f64'}"
    fn = b.module.globals.get(name) or ir.Function(b.module, ir.FunctionType(ety, [ety, v.type]), name)
    return b.call(fn, [ir.Constant(ety, -0.0), v], fastmath=("reassoc",))


def emit_skinny(ctx, sk: Skinny, acc_et: str, xi: int) -> None:
    """The skinny dot; X is the kernel's operand `xi`, S the other."""
    ety = F32 if acc_et == "f32" else F64
    sk = replace(sk, src=sk.src or acc_et, out=sk.out or acc_et)
    bits = vector_bits(ctx.features)
    vw = bits // (32 if acc_et == "f32" else 64)
    vec = ir.VectorType(ety, vw)
    if sk.form == "dot":
        _emit_dot_form(ctx, sk, ety, vec, vw, xi, vector_registers(ctx.features))
    else:
        _emit_axpy_form(ctx, sk, ety, vec, vw, xi, vector_registers(ctx.features))


def _emit_dot_form(ctx, sk: Skinny, ety, vec, vw: int, xi: int, nregs: int) -> None:
    b = ctx.b
    S = ctx.operands[1 - xi][0].ptr
    st = ctx.scratch  # S transposed: st[j * ld + k]
    ld = _ld(sk.k, 64 // (4 if ety == F32 else 8))
    K = sk.k
    xty = storage_type(sk.src)
    with for_range(b, sk.s, "sj", hint=STREAM) as j, for_range(b, K, "sk", hint=SMALL) as k:
        v = load_source(b, _gep(b, S, b.add(_mul(b, k, sk.s_k), _mul(b, j, sk.s_j)), xty), sk.src)
        b.store(v, _gep(b, st, b.add(b.mul(j, const(I64, ld)), k), ety))
    kv = K // vw * vw

    # One row of X at a time, s vector accumulators; two rows (2 s accumulators, each load of S^T
    # serving both) where S^T outgrows half of L1 and X is big: S^T is then read from L2, and two rows
    # halve that traffic (gemma3's [11, 1152] x [1152, 13824] bf16, caller CPU on one thread: 8.1 -> 4.8 ms).
    # Two rows measured 0.045 instead of 0.060 ms on mlp_b256_fwd too, but cost ~6 ms more of LLVM
    # time per kernel: not for small X.
    pair = (2 * sk.s + 4 <= nregs and sk.s * ld * (4 if ety == F32 else 8) > L1_HALF
            and sk.r * sk.k >= TWO_ROWS_MIN_WORK)
    # a matrix-vector product: MATVEC_ROWS rows at a time, each load of the vector serving them all
    # (one row had one accumulator: an FMA latency per vector of X)
    matvec = sk.s == 1
    step = MATVEC_ROWS if matvec else 2 if pair else 1
    # A matrix-vector product's rows back to back are one stream: the prefetches only took load
    # slots (1 thread, Zen 4: 512 x 512 in L2/L3, 50 products 0.72 -> 0.69 ms; 16384 x 4096 from
    # memory 13.2 -> 11.2 ms; 65536 x 1152 18.1 -> 17.3 ms).
    prefetching = not (matvec and sk.x_r == K)
    groups = column_groups(sk.s, nregs - 4)

    def rows(cb, X, C, T, r, n: int):
        xrows = [_gep(cb, X, _mul(cb, cb.add(r, const(I64, i)) if i else r, sk.x_r), xty) for i in range(n)]
        for j0, g in groups:
            group(cb, C, T, r, xrows, j0, g, prefetch=j0 == 0)

    def group(cb, C, T, r, xrows, j0: int, g: int, prefetch: bool):
        """Columns j0 .. j0 + g of rows r .. r + n of C: g * n vector accumulators."""
        n = len(xrows)
        zero = ir.Constant(vec, [0.0] * vw)
        acc = Accumulators(cb, [zero] * (g * n))
        with for_range(cb, kv, "kv", step=vw, hint=SMALL) as k:
            xv = [load_source(cb, _gep(cb, xr, k, xty), sk.src, vw) for xr in xrows]
            # the next row, a row's time ahead (X from memory: each row is a new page for the hardware
            # prefetchers; mlp_b256_grad's cold X: 1 thread 80-87 -> 61-72 us)
            if prefetch and prefetching:
                for xr in xrows:
                    _prefetch(cb, cb.gep(xr, [cb.add(k, const(I64, n * sk.x_r))], source_etype=xty))
            old = acc.get()
            new = [None] * (g * n)
            for jj in range(g):
                t = cb.load(_gep(cb, T, cb.add(const(I64, (j0 + jj) * ld), k), ety), typ=vec, align=4)
                for i in range(n):
                    new[i * g + jj] = intrinsic(cb, "fma", [xv[i], t, old[i * g + jj]])
            acc.set(new)
        sums = [_hsum(cb, v, vw) for v in acc.get()]
        if kv < K:
            tail = Accumulators(cb, sums)
            with for_range(cb, K, "kt", start=kv, hint=COLD) as k:
                xs = [load_source(cb, _gep(cb, xr, k, xty), sk.src) for xr in xrows]
                old = tail.get()
                ts = [cb.load(_gep(cb, T, cb.add(const(I64, (j0 + jj) * ld), k), ety), typ=ety) for jj in range(g)]
                tail.set([intrinsic(cb, "fma", [xs[i], ts[jj], old[i * g + jj]])
                          for i in range(n) for jj in range(g)])
            sums = tail.get()
        for i in range(n):
            crow = _mul(cb, cb.add(r, const(I64, i)) if i else r, sk.c_r)
            for jj in range(g):
                _store(cb, sums[i * g + jj], C, cb.add(crow, const(I64, (j0 + jj) * sk.c_j)), sk.out)

    def body(cx, lo, hi, _task, extras):
        cb = cx.b
        _once(cx, ctx)
        X, C = cx.operands[xi][0].ptr, cx.outputs[0].ptr
        if step == 1:
            with for_range(cb, hi, "r", start=lo, hint=STREAM) as r:
                rows(cb, X, C, cx.scratch, r, 1)
            return
        groups_n = cb.udiv(cb.sub(hi, lo), const(I64, step))
        whole = cb.add(lo, cb.mul(groups_n, const(I64, step)))
        if matvec:  # group q, or on odd calls group groups_n - 1 - q
            back = cb.icmp_unsigned("!=", extras[0], const(I64, 0))
            with for_range(cb, groups_n, "rg", hint=STREAM) as q:
                g = cb.select(back, cb.sub(cb.sub(groups_n, const(I64, 1)), q), q)
                rows(cb, X, C, cx.scratch, cb.add(lo, cb.mul(g, const(I64, step))), step)
        else:
            with for_range(cb, whole, "r", start=lo, step=step, hint=STREAM) as r:
                rows(cb, X, C, cx.scratch, r, step)
        with for_range(cb, hi, "rt", start=whole, hint=COLD) as r:
            rows(cb, X, C, cx.scratch, r, 1)

    parallel_range(ctx, sk.r, sk.r * sk.k, body, grain=max(2, 4096 // K // 2 * 2),
                   extras=(_flip(ctx),) if matvec else ())


def _emit_axpy_form(ctx, sk: Skinny, ety, vec, vw: int, xi: int, nregs: int) -> None:
    nv, groups = axpy_tiles(sk.s, nregs)
    width = nv * vw
    blocks = sk.r // width

    xty = storage_type(sk.src)

    def columns(cb, X, S, C, r0, nvec: int):
        """C[r0 : r0 + nvec * vw, :] (nvec > 0: vectors) or C[r0, :] (nvec == 0: one column)."""
        for j0, g in groups:
            group(cb, X, S, C, r0, nvec, j0, g)

    def group(cb, X, S, C, r0, nvec: int, j0: int, g: int):
        """Rows j0 .. j0 + g of those columns: g x max(1, nvec) accumulators."""
        cnt = max(1, nvec)
        zero = ir.Constant(vec, [0.0] * vw) if nvec else ir.Constant(ety, 0.0)
        acc = Accumulators(cb, [zero] * (g * cnt))
        mask = ir.Constant(ir.VectorType(I32, vw), [0] * vw)
        with for_range(cb, sk.k, "k", hint=SMALL) as k:
            xrow = _gep(cb, X, cb.add(_mul(cb, k, sk.x_k), r0), xty)
            xs = [load_source(cb, _gep(cb, xrow, const(I64, v * vw), xty), sk.src, vw if nvec else 0)
                  for v in range(cnt)]
            if nvec and PREFETCH_ROWS and j0 == 0:
                # the rows of a column block are a page apart or more: the hardware prefetchers stop
                ahead = cb.gep(xrow, [const(I64, PREFETCH_ROWS * sk.x_k)], source_etype=xty)
                for line in range(0, nvec * vw * ELEMENT_TYPES[sk.src].bits // 8, 64):
                    _prefetch(cb, cb.gep(ahead, [const(I64, line)], source_etype=ir.IntType(8)))
            srow = _mul(cb, k, sk.s_k)
            old = acc.get()
            new = []
            for jj in range(g):
                sv = load_source(cb, _gep(cb, S, cb.add(srow, const(I64, (j0 + jj) * sk.s_j)), xty), sk.src)
                if nvec:
                    sv = cb.shuffle_vector(cb.insert_element(ir.Constant(vec, ir.Undefined), sv, const(I32, 0)),
                                           ir.Constant(vec, ir.Undefined), mask)
                new.extend(intrinsic(cb, "fma", [sv, xs[v], old[jj * cnt + v]]) for v in range(cnt))
            acc.set(new)
        res = acc.get()
        ccol = _mul(cb, r0, sk.c_r)
        for jj in range(g):
            for v in range(cnt):
                val = res[jj * cnt + v]
                base = cb.add(ccol, const(I64, (j0 + jj) * sk.c_j + v * vw * sk.c_r))
                if not nvec:
                    _store(cb, val, C, base, sk.out)
                elif sk.c_r == 1 and sk.out in ("f32", "f64"):
                    cb.store(val, _gep(cb, C, base, ety), align=4)
                else:
                    for lane in range(vw):
                        at = cb.add(base, const(I64, lane * sk.c_r))
                        _store(cb, cb.extract_element(val, const(I32, lane)), C, at, sk.out)

    def body(cx, lo, hi, _task, _extras):
        cb = cx.b
        _once(cx, ctx)
        X, S, C = cx.operands[xi][0].ptr, cx.operands[1 - xi][0].ptr, cx.outputs[0].ptr
        with for_range(cb, hi, "blk", start=lo, hint=STREAM) as blk:
            columns(cb, X, S, C, cb.mul(blk, const(I64, width)), nv)

    if blocks:
        parallel_range(ctx, blocks, sk.r * sk.k, body, grain=1)
    b = ctx.b
    X, S, C = ctx.operands[xi][0].ptr, ctx.operands[1 - xi][0].ptr, ctx.outputs[0].ptr
    if blocks * width < sk.r:
        with for_range(b, sk.r, "rt", start=blocks * width, hint=COLD) as r:
            columns(b, X, S, C, r, 0)
