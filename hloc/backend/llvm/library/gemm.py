"""A packed, register-blocked GEMM generated as LLVM IR (the BLIS / GotoBLAS structure).

    C[M,N] (=|+=) A[M,K] @ B[K,N]       any element strides for A, B, C (transposes cost nothing)

One function per element type (f32, f64) and module, shared by every dot and convolution (compiled
once per target in the precompiled library where it is used, codegen/linking.py):

    void hloc.gemm.<t>(i64 M, i64 N, i64 K, ptr A, i64 a_rs, i64 a_cs, ptr B, i64 b_rs, i64 b_cs,
                       ptr C, i64 c_rs, i64 c_cs, i64 accumulate, ptr Apack, ptr Bpack, i64 a_slots)

Loop nest: jc over N by NC, pc over K in equal panels of kc <= KC (pack a kc x NC panel of B into
NR-wide slivers), ic over M by MC (pack an MC x kc block of A into MR-tall slivers), then jr / ir over
the packed slivers calling the micro-kernel, which keeps an MR x NR tile of C in MR*NR/VW vector
registers and runs kc rank-1 updates (broadcast A x vector B, FMA). Packing pads with zeros, so the
micro-kernel always runs full tiles; edge tiles of C (and a C whose columns are not contiguous) go
through a small stack tile. `accumulate` is flags: ACCUMULATE adds to C (callers split a contraction
into several calls); KEEP_B packs every K panel of B at Bp + pc * NCR (NCR: N rounded up to NR; N <= NC,
Bp sized K x NCR: b_keep_elems) and PACKED_B takes them from there unpacked again, for a caller that
multiplies many A by one B on one thread (a convolution's chunks of im2col rows).

Apack / Bpack are scratch buffers from the temp arena (`pack_elems`); the caller sizes them for its
own M, N, K (never more than a_slots * MC*KC and KC*NC elements; Bpack K x NCR with KEEP_B /
PACKED_B, which N > NC ignores); Apack holds `a_slots` A buffers.

Threads, when the call may use several:
  * rows: a call of at least SPLIT_MIN_WORK multiply-adds given a_slots > 1 (`split_slots`: big
    dots) splits M. For each B panel one parallel region of min(threads, a_slots) tasks
    (`<name>.blocks.task`): task t claims blocks of rows from a counter (as many as the tasks,
    SPLIT_CLAIMS_PER_THREAD each, more when a block would exceed SPLIT_MC rows; whole MR slivers,
    sizes differing by at most one sliver: block_rows), packs each into A slot t (or only its
    partial last sliver: direct_a) and runs its micro-tiles chunk by chunk (chunk_cols columns of
    the panel), starting at chunk t * chunks / tasks. The B panel is packed on the way: a chunk
    nobody has packed yet is claimed (compare-and-swap on its state), packed and computed at once;
    one another task is packing is waited for. So the tasks pack different parts of B, the packing
    loads overlap the micro-kernels' FMAs and nobody waits for the whole panel. On 2 threads at
    M=256 (measured, GFLOP/s, 256x1024x1024): packing B first, then waiting for it, then 8 blocks
    of 32 rows: ~215-245; chunks packed on the way: +5-7%; one block of 128 rows per thread
    instead of 4 of 32 (each thread streams the B panel through L1 once, not 4 times): ~280-300,
    OpenBLAS ~290-305 in the same runs. A thread that starts late takes fewer blocks (none, when
    the others took them all).
    With fewer than COL_SPLIT_ROWS rows per task (and at least as many chunks as tasks) the columns
    are split too: the work items are (row block, column group) pairs, a block of rows at most
    SPLIT_MC and one of `tasks` groups of consecutive chunks (COL_GROUPS_PER_TASK * tasks, at most
    one per chunk, at fewer than 2 * SPLIT_MIN_ROWS rows), so each task packs and reads only its
    own part of B (the small A block is packed by each). 2 threads, GFLOP/s: 64x1024x1024 176 ->
    229, 128x1024x1024 226 -> 270, 192x1024x1024 274 -> 292 (OpenBLAS 223, 254, 284). A call of
    few rows (below 2 * SPLIT_MIN_ROWS) but COL_SPLIT_MIN_N columns or more takes this split too:
    an LSTM step's [16, 256] x [256, 1024] split its tiles instead, the caller packing all of B
    (1 MB) for little arithmetic while the other thread waited, then reading half of it from the
    caller's cache: slower on 2 threads than on one.
  * tiles: otherwise the jr / ir micro-tiles of one packed block (`<name>.tiles`, independent of
    each other) are split when the block has at least PAR_MIN_WORK multiply-adds; the packing
    stays on the calling thread and needs one A buffer.
The temp arena does not depend on the thread count (at most SPLIT_SLOTS slots of SPLIT_MC rows are
used). Each C element is computed by one thread in the same order (the K panels do not depend on
the row split, nor a tile's sum on its block or chunk): results do not depend on the thread count.
One thread packs the whole B panel first, then runs blocks of MC rows: packing B in chunks on
the way measured 1-3% slower there (a chunk's rows are short, page-strided reads).

The tile follows the vector registers: AVX-512 (32 registers of 16 f32) MR=12, NR=32 (24 accumulators);
AVX2 (16 registers of 8 f32) MR=6, NR=16 (12 accumulators); 128-bit vectors MR=4, NR=8. bf16 operands
are widened to f32 as they are packed, each k pair swapped so that the sum has VDPBF16PS's order
(swaps_pairs); on AVX512_BF16 targets gemm_bf16.py packs them as pairs for that instruction instead
(`cfg.pairs`, a `Packing`). Row-major A slivers are packed by in-register transposes (pack_rows): LLVM
vectorised the plain packing loop with scatters, which cost ~20% at N=64. B is packed by vector copies
when its rows are contiguous (PACK_B_ROWS rows at a time across the slivers: pack_b), by the same
in-register transposes when its columns are (a dot contracting the rhs's last dim, e.g. attention's P
V^T: 85 -> 105-112 GFLOP/s on one thread), element by element otherwise. Measured on one AVX-512 core
(per-call CPU time, testdata/backend/measure_dense.py): f32 150-160 GFLOP/s at n=512/1024, numpy's
OpenBLAS 140-150 in the same runs; f64 ~58 (numpy ~56); M=3136, N=64, K=576 (a 3x3x64 conv's shape) ~118
(numpy 105-125). Emitting it and optimising it at O3 costs ~110 ms of CPU per element type.
"""

from __future__ import annotations

from dataclasses import dataclass

import llvmlite.ir as ir

from ..llvmir.irutil import entry_slot, smin
from ..llvmir.irvalues import F32, F64, HALF, I1, I16, I32, I64, PTR, VOID, const, intrinsic
from ..llvmir.loops import for_range
from . import threadpool
from .threadpool import TASKS_PER_THREAD

# `accumulate` flags
ACCUMULATE = 1
KEEP_B = 2
PACKED_B = 4


@dataclass(frozen=True)
class GemmConfig:
    vw: int  # elements per vector register
    mr: int  # micro-tile rows
    nv: int  # vectors per micro-tile row; NR = nv * vw
    kc: int = 256
    mc: int = 96
    nc: int = 2048
    pairs: bool = False  # A and B packed as k-pairs of bf16 for VDPBF16PS (gemm_bf16.py)

    @property
    def nr(self) -> int:
        return self.nv * self.vw


def vector_bits(features: str) -> int:
    """The widest vector registers the target's LLVM feature string offers (bits)."""
    feats = set(features.split(","))
    if "+avx512f" in feats:
        return 512
    if "+avx2" in feats or "+avx" in feats:
        return 256
    return 128


# K panel depth of bf16 GEMMs (on every target: the panels fix the summation order, swaps_pairs). VDPBF16PS
# packs 256 pair steps in the bytes of 256 f32 steps; measured (1 thread, CPU ms, 1024^3 bf16 dot): native
# 13.4 -> 12.1 ms with 512 rather than 256, the widened-f32 kernel on x86-64-v3 the same either way.
BF16_KC = 512


def native_bf16(features: str) -> bool:
    """Whether the target multiplies bf16 pairs into f32 (AVX512_BF16's VDPBF16PS)."""
    feats = set(features.split(","))
    return "+avx512bf16" in feats and "+avx512f" in feats


def config_for(features: str, elem_bits: int, src: str = "") -> GemmConfig:
    """Tile shape for the target's vector registers (for A and B stored as `src`: bf16 k-pairs where
    the target has VDPBF16PS)."""
    bits = vector_bits(features)
    vw = bits // elem_bits
    kc = BF16_KC if src == "bf16" else GemmConfig.kc
    if bits == 512:
        p = src == "bf16" and elem_bits == 32 and native_bf16(features)
        return GemmConfig(vw=vw, mr=12, nv=2, pairs=p, kc=kc)
    if bits == 256:
        return GemmConfig(vw=vw, mr=6, nv=2, kc=kc)
    return GemmConfig(vw=vw, mr=4, nv=2, kc=kc)  # SSE / NEON: 16 or 32 registers of 128 bits


def _round_up(x: int, m: int) -> int:
    return (x + m - 1) // m * m


def steps(cfg: GemmConfig, k: int) -> int:
    """Packed steps of a k-deep panel (one per k, or per k pair)."""
    return (k + 1) // 2 if cfg.pairs else k


def pack_elems(cfg: GemmConfig, m: int, n: int, k: int, a_slots: int = 1) -> tuple[int, int]:
    """Elements of the A and B packing buffers a GEMM of this size needs (`a_slots` A buffers)."""
    kc = steps(cfg, max(1, min(cfg.kc, k)))
    # A: VW elements of slack for the overlapping vector stores of pack_rows
    mc = split_mc(cfg) if a_slots > 1 else cfg.mc
    return (a_slots * (_round_up(max(1, min(mc, m)), cfg.mr) * kc + cfg.vw),
            kc * _round_up(max(1, min(cfg.nc, n)), cfg.nr))


def b_keep_elems(cfg: GemmConfig, n: int, k: int) -> int:
    """Elements of a B packing buffer that keeps every K panel (KEEP_B / PACKED_B; n <= NC)."""
    return max(1, k) * _round_up(max(1, n), cfg.nr)


def split_slots(m: int, n: int, k: int) -> int:
    """A packing slots worth giving a call of this size: SPLIT_SLOTS when its rows may be split over
    the threads, else 1."""
    # Few rows but wide: the split's column groups give each thread its own part of B to pack and read.
    wide = m >= 2 * SPLIT_MIN_ROWS or n >= COL_SPLIT_MIN_N
    return SPLIT_SLOTS if m * n * k >= SPLIT_MIN_WORK and wide else 1


ETYPES = {"f32": F32, "f64": F64}
# The element types A and B may be stored as, each with the GEMM's type it computes in: a narrow float is
# widened (exactly) as packing reads it, so a bf16/f16 product needs no f32 copies of its operands.
SOURCES = {"f32": "f32", "f64": "f64", "bf16": "f32", "f16": "f32"}


PAIRS = "bf16x2"  # bf16 k-pairs read as 32-bit elements, unwidened (gemm_bf16.py's packing)


def source_type(src: str) -> ir.Type:
    """The LLVM type A and B are stored as."""
    return ETYPES.get(src) or (I32 if src == PAIRS else I16)


def load_source(b: ir.IRBuilder, ptr, src: str, lanes: int = 0):
    """The element (lanes == 0) or `lanes` consecutive elements at `ptr`, stored as `src`, in the GEMM's
    type: bf16 bits shifted into an f32's top half, f16 by fpext (vcvtph2ps with F16C)."""
    st = source_type(src)
    v = b.load(ptr, typ=ir.VectorType(st, lanes) if lanes else st, align=4 if src in ETYPES else 2)
    return widen_source(b, v, src, lanes)


def widen_source(b: ir.IRBuilder, v, src: str, lanes: int = 0):
    """Stored `src` element(s) -> the GEMM's type (exact)."""
    def ty(t):
        return ir.VectorType(t, lanes) if lanes else t

    if src == "bf16":
        sixteen = ir.Constant(ty(I32), [16] * lanes) if lanes else const(I32, 16)
        return b.bitcast(b.shl(b.zext(v, ty(I32)), sixteen), ty(F32))
    if src == "f16":
        return b.fpext(b.bitcast(v, ty(HALF)), ty(F32))
    return v


def swaps_pairs(src: str, cfg: GemmConfig) -> bool:
    """Whether packing swaps each k pair (k ^ 1; an odd last k stays) of a GEMM widening `src` to f32:
    bf16 is summed in VDPBF16PS's order, fma(a[2i], b[2i], fma(a[2i+1], b[2i+1], acc)), on every
    target (K panels of even depth), so results do not depend on whether the CPU has AVX512_BF16."""
    return src == "bf16" and not cfg.pairs


def k_source(b: ir.IRBuilder, k, kc, swap: bool):
    """The source k that packed position k of a kc-deep panel holds (swaps_pairs)."""
    if not swap:
        return k
    other = b.xor(k, const(I64, 1))
    return b.select(b.icmp_signed("<", other, kc), other, k)


def packed_depth(b: ir.IRBuilder, cfg: GemmConfig, kc):
    """Packed steps of a kc-deep panel (one per k, or per k pair)."""
    return b.sdiv(b.add(kc, const(I64, 1)), const(I64, 2)) if cfg.pairs else kc


def _etype_of(ety: ir.Type) -> str:
    return "f32" if ety == F32 else "f64"



def _at(b, base, idx, ety):
    return b.gep(base, [idx], source_etype=ety)


def transpose(b: ir.IRBuilder, vecs: list, vw: int) -> list:
    """Transpose a vw x vw block held as vw vectors (None = an undefined row): log2(vw) butterfly
    stages of two-source shuffles (unpck / shufps / vpermt2ps on x86)."""
    ty = ir.VectorType(vecs[0].type.element if vecs[0] is not None else F32, vw) if vecs[0] is not None else None
    ty = ty or next(v.type for v in vecs if v is not None)
    undef = ir.Constant(ty, ir.Undefined)
    m = [v if v is not None else undef for v in vecs]
    s = 1
    while s < vw:
        new = list(m)
        for i in range(vw):
            if i & s:
                continue
            lo = [j if not j & s else vw + (j ^ s) for j in range(vw)]
            hi = [j ^ s if not j & s else vw + j for j in range(vw)]
            new[i] = b.shuffle_vector(m[i], m[i | s], ir.Constant(ir.VectorType(I32, vw), lo))
            new[i | s] = b.shuffle_vector(m[i], m[i | s], ir.Constant(ir.VectorType(I32, vw), hi))
        m = new
        s *= 2
    return m


def pack_rows(b: ir.IRBuilder, rows_at: list, cs, kc, dst, ety: ir.Type, cfg: GemmConfig, count: int = 0,
              src: str = "", swap: bool = False) -> None:
    """dst[k*R + r] = rows_at[r][k*cs] for k < kc, r < R = count or MR (a full MR-tall sliver of A, or
    an NR-wide sliver of a B whose columns are contiguous).

    With contiguous rows (cs == 1) blocks of VW columns are loaded as vectors, transposed in
    registers and stored as whole vectors in increasing order: each store's tail runs into the
    next one's place and is overwritten by it (the packing buffer has VW elements of slack). A
    plain element loop otherwise and for the last kc % VW columns (LLVM would vectorise it with
    scatters, which are slower than scalar stores). `rows_at` hold `src` elements (default: ety);
    `swap`: k pairs swapped (swaps_pairs)."""
    vw, mr = cfg.vw, count or cfg.mr
    src = src or _etype_of(ety)
    st = source_type(src)
    groups = [list(range(g, min(g + vw, mr))) for g in range(0, mr, vw)]
    kb = b.mul(b.sdiv(kc, const(I64, vw)), const(I64, vw))
    rest_from = b.select(b.icmp_signed("==", cs, const(I64, 1)), kb, const(I64, 0))
    with b.if_then(b.icmp_signed("==", cs, const(I64, 1))), for_range(b, kb, "kv", step=vw) as k0:
        blocks = []
        for g in groups:
            loaded = [load_source(b, _at(b, rows_at[r], k0, st), src, vw) for r in g]
            blocks.append(transpose(b, loaded + [None] * (vw - len(g)), vw))
        for d in range(vw):  # in increasing destination order: each store's tail is overwritten after it
            base = _at(b, dst, b.mul(b.add(k0, const(I64, d)), const(I64, mr)), ety)
            j = d ^ 1 if swap else d
            for g, t in zip(groups, blocks):
                b.store(t[j], _at(b, base, const(I64, g[0]), ety), align=4)
    with for_range(b, kc, "kq", start=rest_from) as kq:
        d = _at(b, dst, b.mul(kq, const(I64, mr)), ety)
        col = b.mul(k_source(b, kq, kc, swap), cs)
        for r in range(mr):
            b.store(load_source(b, _at(b, rows_at[r], col, st), src), _at(b, d, const(I64, r), ety))


@dataclass(frozen=True)
class Packing:
    """How a GEMM packs A and B and multiplies its packed elements: `pack_a` / `pack_b` as pack_a / pack_b
    (with ety, cfg, src), `madd(b, mod, acc, a_splat, b_vec)` the micro-kernel's step on vectors of
    `elem`. The default: elements of the GEMM's type, FMA."""

    pack_a: object
    pack_b: object
    madd: object
    elem: ir.Type


def fma_madd(b: ir.IRBuilder, mod: ir.Module, acc, a, bv):
    vec = acc.type
    suffix = "f32" if vec.element == F32 else "f64"
    name = f"llvm.fma.v{vec.count}{suffix}"
    fma = mod.globals.get(name) or ir.Function(mod, ir.FunctionType(vec, [vec, vec, vec]), name)
    return b.call(fma, [a, bv, acc])


def emit_gemm(mod: ir.Module, name: str, ety: ir.Type, cfg: GemmConfig, src: str = "",
              packing: Packing | None = None) -> ir.Function:
    """Emit the GEMM function (signature in the module docstring; strides in elements), computing in
    `ety` on A and B stored as `src` (SOURCES; default: ety), packed by `packing` (default: widened
    to ety, pack_a / pack_b)."""
    mr = cfg.mr
    src = src or _etype_of(ety)
    packing = packing or Packing(pack_a, pack_b, fma_madd, ety)
    uk = _emit_micro_kernel(mod, name + ".ukernel", ety, cfg, packing)
    uk_direct = _emit_micro_kernel(mod, name + ".ukernel.direct", ety, cfg, packing, direct=True)
    tiles = _emit_tiles(mod, name + ".tiles", ety, uk, uk_direct, cfg)

    fn = ir.Function(mod, ir.FunctionType(VOID, [I64, I64, I64, PTR, I64, I64, PTR, I64, I64,
                                                 PTR, I64, I64, I64, PTR, PTR, I64]), name)
    fn.linkage = "internal"
    fn.attributes.add("noinline")
    fn.attributes.add("nounwind")
    M, N, K, A, a_rs, a_cs, B, b_rs, b_cs, C, c_rs, c_cs, accumulate, Ap, Bp, a_slots = fn.args
    for a in (A, B, C, Ap, Bp):
        a.add_attribute("noalias")
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    zero = ir.Constant(ety, 0.0)
    c0 = const(I64, 0)
    acc_flag = b.icmp_signed("!=", b.and_(accumulate, const(I64, ACCUMULATE)), c0)
    # (only with one column panel, N <= NC: the panels of a wider B would overwrite each other)
    one_panel = b.icmp_signed("<=", N, const(I64, cfg.nc))
    kept_b = b.and_(one_panel, b.icmp_signed("!=", b.and_(accumulate, const(I64, KEEP_B | PACKED_B)), c0))
    packed_b = b.and_(one_panel, b.icmp_signed("!=", b.and_(accumulate, const(I64, PACKED_B)), c0))
    # K == 0: the product is zero; without accumulation C must still be overwritten.
    with b.if_then(b.and_(b.icmp_signed("==", K, c0), b.not_(acc_flag))), for_range(b, M, "zm") as zm, \
            for_range(b, N, "zn") as zn:
        b.store(zero, _at(b, C, b.add(b.mul(zm, c_rs), b.mul(zn, c_cs)), ety))

    # Split the rows over the threads (one region per packed B panel) when the call may use several,
    # the caller gave room for several A packing slots and the call is big enough.
    pool = threadpool.defined(mod)
    threads = b.call(pool.threads, [])
    work = b.mul(b.mul(M, N), K)
    split = b.and_(b.and_(b.icmp_signed(">", threads, const(I64, 1)), b.icmp_signed(">", a_slots, const(I64, 1))),
                   b.and_(b.icmp_signed(">=", work, const(I64, SPLIT_MIN_WORK)), b.not_(kept_b)))
    tasks = smin(b, threads, a_slots)
    split_tasks = smin(b, tasks, b.sdiv(b.add(M, const(I64, mr - 1)), const(I64, mr)))
    # The row blocks the tasks claim: a multiple of the task count (SPLIT_CLAIMS_PER_THREAD each, more
    # when a block would exceed SPLIT_MC), of whole MR slivers, sizes differing by at most one sliver and the
    # larger ones first (block_rows). Blocks of a fixed row count left a short last one: M = 256 on 2
    # threads ran 7 blocks of 36 rows and one of 4, 12 slivers on one thread and 10 on the other.
    slivers = b.sdiv(b.add(M, const(I64, mr - 1)), const(I64, mr))
    per_split = split_mc(cfg) // mr
    fewest = b.sdiv(b.add(slivers, const(I64, per_split - 1)), const(I64, per_split))
    nblocks = _smax(b, b.mul(split_tasks, const(I64, SPLIT_CLAIMS_PER_THREAD)), fewest)
    nblocks = b.mul(b.sdiv(b.add(nblocks, b.sub(split_tasks, const(I64, 1))), split_tasks), split_tasks)
    row_step = smin(b, nblocks, slivers)  # the frame's `step`: the number of row blocks
    # Few rows per thread: split the columns as well (column groups), each item a (row block, column group).
    few_rows = b.icmp_signed("<", b.mul(slivers, const(I64, mr)), b.mul(tasks, const(I64, COL_SPLIT_ROWS)))
    slot_elems = a_slot_elems(b, cfg, M, K)
    pack_a_fn, pack_b_fn = _emit_pack_fns(mod, name, ety, cfg, src, packing)
    blocks = _emit_blocks(mod, name + ".blocks", ety, tiles, pack_a_fn, pack_b_fn, cfg, src)
    frame = entry_slot(b, _BLOCKS_FRAME, "blocks.frame")

    # K panels of equal depth (at most KC): K=784 runs 4 of 196, not 3 of 256 and one of 16 (a whole pass
    # over C, a parallel region and B packing for little work): 1-4% faster at K=300, 576, 784
    panels = _smax(b, b.sdiv(b.add(K, const(I64, cfg.kc - 1)), const(I64, cfg.kc)), const(I64, 1))
    kstep = b.sdiv(b.add(K, b.sub(panels, const(I64, 1))), panels)
    if src == "bf16":  # whole k pairs per panel (swaps_pairs), on every target
        kstep = b.and_(b.add(kstep, const(I64, 1)), const(I64, -2))
    with for_range(b, N, "jc", step=cfg.nc) as jc:
        nc = smin(b, const(I64, cfg.nc), b.sub(N, jc))
        with for_range(b, K, "pc", step=kstep) as pc:
            kc = smin(b, kstep, b.sub(K, pc))
            # Overwrite C on the first K panel unless accumulating.
            add_to_c = b.or_(acc_flag, b.icmp_signed(">", pc, c0))
            nch = b.sdiv(b.add(nc, const(I64, chunk_cols(cfg) - 1)), const(I64, chunk_cols(cfg)))
            cols = b.and_(few_rows, b.icmp_signed(">=", nch, tasks))
            ntasks = b.select(cols, tasks, split_tasks)
            groups = b.select(b.icmp_signed("<", M, const(I64, 2 * SPLIT_MIN_ROWS)),
                              smin(b, nch, b.mul(tasks, const(I64, COL_GROUPS_PER_TASK))), tasks)
            frame_vals = [kc, nc, M, b.select(cols, fewest, row_step), A, a_rs, a_cs, pc, Ap, slot_elems, Bp,
                          _at(b, C, b.mul(jc, c_cs), ety), c_rs, c_cs, b.zext(add_to_c, I64), B, b_rs, b_cs, jc, ntasks,
                          b.select(cols, groups, const(I64, 1)), const(I64, 0)]
            with b.if_else(split) as (parallel, serial):
                with parallel:
                    # the tasks pack B as they go (claiming its column chunks) and split M
                    for k, v in enumerate(frame_vals):
                        b.store(v, _bslot(b, frame, k))
                    b.store(ir.Constant(_BLOCKS_FRAME.elements[-1], None), _bslot(b, frame, len(frame_vals)))
                    b.call(pool.parallel_for, [ntasks, blocks, frame])
                with serial:
                    ncr = b.mul(b.sdiv(b.add(nc, const(I64, cfg.nr - 1)), const(I64, cfg.nr)), const(I64, cfg.nr))
                    panel = b.select(kept_b, _at(b, Bp, b.mul(pc, ncr), ety), Bp)
                    with b.if_then(b.not_(packed_b)):
                        b.call(pack_b_fn, [B, b_rs, b_cs, pc, jc, kc, nc, panel, c0, kc])
                    with for_range(b, M, "ic", step=cfg.mc) as ic:
                        mc = smin(b, const(I64, cfg.mc), b.sub(M, ic))
                        a_direct = direct_a(b, pack_a_fn, A, a_rs, a_cs, ic, pc, mc, kc, nc, Ap, ety, cfg, src)
                        cblk = _at(b, C, b.add(b.mul(ic, c_rs), b.mul(jc, c_cs)), ety)
                        ad = _at(b, A, b.add(b.mul(ic, a_rs), b.mul(pc, a_cs)), source_type(src))
                        _run_tiles(b, mod, tiles, cfg, [packed_depth(b, cfg, kc), mc, nc, Ap, panel, cblk, c_rs, c_cs,
                                                        b.zext(add_to_c, I64), ad, a_direct])
    b.ret_void()
    return fn


def pack_b(b, B, b_rs, b_cs, pc, jc, kc, nc, Bp, k_lo, k_hi, ety, cfg: GemmConfig, src: str = "") -> None:
    """Rows [k_lo, k_hi) of the packed panel B[pc:pc+kc, jc:jc+nc] as NR-wide slivers:
    Bp[jp*kc + k*NR + j], zero beyond nc.

    Row-major B (b_cs == 1): vector copies, PACK_B_ROWS rows at a time across all slivers: B is read
    as PACK_B_ROWS sequential streams (a whole sliver at a time reads kc rows at a stride of B's row,
    mostly cache misses waiting on L3) and each sliver is written PACK_B_ROWS * NR contiguous elements
    at a time (one row at a time across the slivers writes NR elements at a stride of kc * NR, which
    all fall in the same L1 sets). Column-major B (b_rs == 1, e.g. a dot contracting the rhs's
    last dim): in-register transposes (pack_rows). Else, and the last partial sliver: elements.
    B holds `src` elements (default: ety), widened as they are read (rows [k_lo, k_hi) hold the
    panel's rows, k pairs swapped: swaps_pairs; callers pack whole panels)."""
    vw, nv, nr = cfg.vw, cfg.nv, cfg.nr
    src = src or _etype_of(ety)
    st = source_type(src)
    swap = swaps_pairs(src, cfg)
    zero = ir.Constant(ety, 0.0)
    full_end = b.mul(b.sdiv(nc, const(I64, nr)), const(I64, nr))
    rows = b.sub(k_hi, k_lo)
    with b.if_else(b.icmp_signed("==", b_cs, const(I64, 1))) as (row_major, other):
        with row_major, for_range(b, k_hi, "kb", start=k_lo, step=PACK_B_ROWS) as kb, \
                for_range(b, full_end, "jp", step=nr) as jp, \
                for_range(b, smin(b, b.add(kb, const(I64, PACK_B_ROWS)), k_hi), "kp", start=kb) as kp:
            row = _at(b, B, b.add(b.mul(b.add(pc, k_source(b, kp, kc, swap)), b_rs), b.add(jc, jp)), st)
            dst = _at(b, Bp, b.add(b.mul(jp, kc), b.mul(kp, const(I64, nr))), ety)
            for v in range(nv):
                val = load_source(b, _at(b, row, const(I64, v * vw), st), src, vw)
                b.store(val, _at(b, dst, const(I64, v * vw), ety), align=4)
        with other, b.if_else(b.icmp_signed("==", b_rs, const(I64, 1))) as (col_major, strided):
            with col_major, for_range(b, full_end, "jp", step=nr) as jp:
                first = b.add(pc, k_lo)
                cols_at = [_at(b, B, b.add(first, b.mul(b.add(jc, b.add(jp, const(I64, j))), b_cs)), st)
                           for j in range(nr)]
                dst = _at(b, Bp, b.add(b.mul(jp, kc), b.mul(k_lo, const(I64, nr))), ety)
                pack_rows(b, cols_at, const(I64, 1), rows, dst, ety, cfg, count=nr, src=src, swap=swap)
            with strided, for_range(b, full_end, "jp", step=nr) as jp, \
                        for_range(b, k_hi, "kp", start=k_lo) as kp:
                src_row = _at(b, B, b.add(b.mul(b.add(pc, k_source(b, kp, kc, swap)), b_rs),
                                          b.mul(b.add(jc, jp), b_cs)), st)
                dst = _at(b, Bp, b.add(b.mul(jp, kc), b.mul(kp, const(I64, nr))), ety)
                for j in range(nr):
                    val = load_source(b, _at(b, src_row, b.mul(const(I64, j), b_cs), st), src)
                    b.store(val, _at(b, dst, const(I64, j), ety))
    # the last, partial sliver: zero beyond nc
    width = b.sub(nc, full_end)
    with b.if_then(b.icmp_signed(">", width, const(I64, 0))), for_range(b, k_hi, "kq", start=k_lo) as kp:
        src_row = _at(b, B, b.add(b.mul(b.add(pc, k_source(b, kp, kc, swap)), b_rs),
                                  b.mul(b.add(jc, full_end), b_cs)), st)
        dst = _at(b, Bp, b.add(b.mul(full_end, kc), b.mul(kp, const(I64, nr))), ety)
        with for_range(b, nr, "jj") as jj:
            inside = b.icmp_signed("<", jj, width)
            with b.if_else(inside) as (load, pad):
                with load:
                    b.store(load_source(b, _at(b, src_row, b.mul(jj, b_cs), st), src), _at(b, dst, jj, ety))
                with pad:
                    b.store(zero, _at(b, dst, jj, ety))


def _outlined(mod: ir.Module, name: str, argtys: list, emit) -> ir.Function:
    """An internal noinline function `name(args)` whose body is emit(builder, *args): the packing code
    is called from the serial loop and from the row split's task, and emitted once."""
    fn = mod.globals.get(name)
    if fn is None:
        fn = ir.Function(mod, ir.FunctionType(VOID, argtys), name)
        fn.linkage = "internal"
        fn.attributes.add("noinline")
        fn.attributes.add("nounwind")
        for a in fn.args:
            if a.type == PTR:
                a.add_attribute("noalias")  # the source and the packing buffer
        fb = ir.IRBuilder(fn.append_basic_block("entry"))
        emit(fb, *fn.args)
        fb.ret_void()
    return fn


def _emit_pack_fns(mod: ir.Module, name: str, ety, cfg: GemmConfig, src: str,
                   packing: Packing) -> tuple[ir.Function, ir.Function]:
    """`name.pack_a(A, a_rs, a_cs, ic, pc, mc, kc, Ap)` (pack_a) and
    `name.pack_b(B, b_rs, b_cs, pc, jc, kc, nc, Bp, k_lo, k_hi)` (pack_b)."""
    pa = _outlined(mod, name + ".pack_a", [PTR, I64, I64, I64, I64, I64, I64, PTR],
                   lambda fb, *a: packing.pack_a(fb, *a, ety, cfg, src))
    pb = _outlined(mod, name + ".pack_b", [PTR, I64, I64, I64, I64, I64, I64, PTR, I64, I64],
                   lambda fb, *a: packing.pack_b(fb, *a, ety, cfg, src))
    return pa, pb


def direct_a(b, pack_a_fn, A, a_rs, a_cs, ic, pc, mc, kc, nc, Ap, ety, cfg: GemmConfig, src: str = ""):
    """Prepare the rows [ic, ic+mc) x columns [pc, pc+kc) of A for the tiles of an nc-wide block;
    returns their `a_direct`.

    When A's rows are contiguous (a_cs == 1) and the block has at most DIRECT_A_MAX_SLIVERS column
    slivers, the micro-kernel reads full MR-row slivers in place: returns A's row stride, and only a
    last partial sliver is packed. A convolution's im2col rows against 64 output features (2 slivers)
    spent 13% of its time packing A, and the in-place kernel costs only a few % more per tile (its MR
    row addresses do not all fit the registers beside the accumulators, and each k touches MR lines);
    with more slivers per packed block (mlp_b256_fwd: 32) packing is cheaper than that (measured:
    its tiles 7% slower in place, packing 20% faster). Not when rows are a multiple of 4 KiB apart
    (MR rows would share one L1 set with the B sliver's lines), nor with MR above DIRECT_A_MAX_MR:
    AVX-512's 12 row addresses do not fit the general registers beside the loop's, and the in-place
    tiles ran far slower than packing costs (1 thread, CPU ms, packed / in place: 32768x576 @ 576x64
    dot 35 / 49, the 3x3 64 -> 64 convolution of torch_cnn_bn 27 / 42, 8192x288 @ 288x32 3.2 / 4.3;
    AVX2's 6 rows: the same either way). Otherwise packs everything (pack_a) and returns 0; always
    for an A of another type than the GEMM's `src` (packing widens it)."""
    if (src and SOURCES[src] != src) or cfg.mr > DIRECT_A_MAX_MR:
        b.call(pack_a_fn, [A, a_rs, a_cs, ic, pc, mc, kc, Ap])
        return const(I64, 0)
    es = 4 if ety == F32 else 8
    ok = b.and_(b.icmp_signed("==", a_cs, const(I64, 1)),
                b.icmp_signed("!=", b.srem(b.mul(a_rs, const(I64, es)), const(I64, 4096)), const(I64, 0)))
    ok = b.and_(ok, b.icmp_signed("<=", nc, const(I64, DIRECT_A_MAX_SLIVERS * cfg.nr)))
    full = b.mul(b.sdiv(mc, const(I64, cfg.mr)), const(I64, cfg.mr))
    with b.if_else(ok) as (in_place, packed):
        with in_place, b.if_then(b.icmp_signed("<", full, mc)):
            b.call(pack_a_fn, [A, a_rs, a_cs, b.add(ic, full), pc, b.sub(mc, full), kc,
                               _at(b, Ap, b.mul(full, kc), ety)])
        with packed:
            b.call(pack_a_fn, [A, a_rs, a_cs, ic, pc, mc, kc, Ap])
    return b.select(ok, a_rs, const(I64, 0))


def pack_columns(b: ir.IRBuilder, col0, cs, kc, dst, ety: ir.Type, cfg: GemmConfig, src: str = "",
                 swap: bool = False) -> None:
    """dst[k*MR + r] = src[k*cs + r] for k < kc, r < MR: a full MR-tall sliver of a column-major A (its
    MR rows contiguous in each column, e.g. the X^T of a weight gradient X^T dY). Each column is
    loaded as whole vectors (the last of them masked to the sliver's rows: the column may end the
    array) and stored as whole vectors, whose tails run into the next column's place (overwritten
    by it; the buffer has VW elements of slack after the last). The element loop pack_rows runs
    for it took 65% of pack_a's time in mlp_b256_grad (pack_a 5.7% of the module on one thread).
    The columns hold `src` elements (default: ety), widened as they are read; `swap`: k pairs
    swapped (swaps_pairs)."""
    vw, mr = cfg.vw, cfg.mr
    src = src or _etype_of(ety)
    st = source_type(src)
    vec = ir.VectorType(st, vw)
    zeros = ir.Constant(vec, [0.0 if st != I16 else 0] * vw)
    with for_range(b, kc, "kcol") as k:
        col = _at(b, col0, b.mul(k_source(b, k, kc, swap), cs), st)
        out = _at(b, dst, b.mul(k, const(I64, mr)), ety)
        for g in range(0, mr, vw):
            n = min(vw, mr - g)
            at = _at(b, col, const(I64, g), st)
            if n == vw:
                v = load_source(b, at, src, vw)
            else:
                mask = ir.Constant(ir.VectorType(I1, vw), [i < n for i in range(vw)])
                align = const(I32, 2 if st == I16 else 4)
                v = widen_source(b, intrinsic(b, "masked.load", [at, align, mask, zeros], ret=vec,
                                              overload=[vec, PTR]), src, vw)
            b.store(v, _at(b, out, const(I64, g), ety), align=4)


def pack_a(b, A, a_rs, a_cs, ic, pc, mc, kc, Ap, ety, cfg: GemmConfig, src: str = "") -> None:
    """Pack A[ic:ic+mc, pc:pc+kc] (`src` elements, default ety) as MR-tall slivers: Ap[ip*kc + k*MR + r],
    zero beyond mc (k pairs swapped: swaps_pairs)."""
    mr = cfg.mr
    src = src or _etype_of(ety)
    st = source_type(src)
    swap = swaps_pairs(src, cfg)
    zero = ir.Constant(ety, 0.0)
    with for_range(b, mc, "ip", step=mr) as ip:
        sliver = _at(b, Ap, b.mul(ip, kc), ety)
        full_sliver = b.icmp_signed("<=", b.add(ip, const(I64, mr)), mc)
        with b.if_else(full_sliver) as (full_rows, edge_rows):
            with full_rows, b.if_else(b.icmp_signed("==", a_rs, const(I64, 1))) as (col_major, other):
                with col_major:
                    pack_columns(b, _at(b, A, b.add(b.add(ic, ip), b.mul(pc, a_cs)), st), a_cs, kc, sliver, ety, cfg,
                                 src, swap)
                with other:
                    rows_at = [_at(b, A, b.add(b.mul(b.add(b.add(ic, ip), const(I64, r)), a_rs),
                                               b.mul(pc, a_cs)), st) for r in range(mr)]
                    pack_rows(b, rows_at, a_cs, kc, sliver, ety, cfg, src=src, swap=swap)
            with edge_rows, for_range(b, kc, "kq") as kq:
                dst = _at(b, sliver, b.mul(kq, const(I64, mr)), ety)
                col = b.mul(b.add(pc, k_source(b, kq, kc, swap)), a_cs)
                for r in range(mr):
                    row = b.add(b.add(ic, ip), const(I64, r))
                    inside = b.icmp_signed("<", b.add(ip, const(I64, r)), mc)
                    safe_row = b.select(inside, row, ic)
                    val = load_source(b, _at(b, A, b.add(b.mul(safe_row, a_rs), col), st), src)
                    b.store(b.select(inside, val, zero), _at(b, dst, const(I64, r), ety))


def split_mc(cfg: GemmConfig) -> int:
    """The most rows of a row block of the row split (whole MR slivers)."""
    return max(cfg.mc, SPLIT_MC // cfg.mr * cfg.mr)


def a_slot_elems(b, cfg: GemmConfig, M, K):
    """Elements of one A packing slot of the row split (as pack_elems' A part) for runtime M, K."""
    mm = b.mul(b.sdiv(b.add(smin(b, const(I64, split_mc(cfg)), M), const(I64, cfg.mr - 1)), const(I64, cfg.mr)),
               const(I64, cfg.mr))
    return b.add(b.mul(mm, packed_depth(b, cfg, smin(b, const(I64, cfg.kc), K))), const(I64, cfg.vw))


# kc, nc, M, nblocks, A, a_rs, a_cs, pc, Ap, slot_elems, Bp, C (at column jc), c_rs, c_cs, accumulate, B, b_rs,
# b_cs, jc, ntasks, column groups; then the next work item's counter and the state of each column chunk of
# the B panel (B_UNPACKED, B_PACKING, B_PACKED)
_NARGS = 21
B_CHUNKS_MAX = 32
_BLOCKS_FRAME = ir.LiteralStructType([I64, I64, I64, I64, PTR, I64, I64, I64, PTR, I64, PTR, PTR, I64, I64, I64,
                                      PTR, I64, I64, I64, I64, I64, I64, ir.ArrayType(I32, B_CHUNKS_MAX)])
PACK_B_COLS = 64  # columns of the B panel a task packs at a time (a chunk: whole NR slivers)
PACK_B_ROWS = 16  # rows of a chunk pack_b copies at a time
B_UNPACKED, B_PACKING, B_PACKED = 0, 1, 2


def _bslot(b, frame, k):
    return b.gep(frame, [const(I32, 0), const(I32, k)], inbounds=True, source_etype=_BLOCKS_FRAME)


def chunk_cols(cfg: GemmConfig) -> int:
    """Columns of one B chunk: PACK_B_COLS in whole NR slivers, at most B_CHUNKS_MAX chunks per NC panel."""
    cols = max(cfg.nr, PACK_B_COLS // cfg.nr * cfg.nr)
    while cfg.nc > cols * B_CHUNKS_MAX:
        cols *= 2
    return cols


def _emit_blocks(mod, name, ety, tiles, pack_a_fn, pack_b_fn, cfg: GemmConfig, src: str) -> ir.Function:
    """The pool's task of a row-split call (`<name>.task`): task t claims work items from the frame's
    counter, item i = (row block i / groups (block_rows), column group i % groups: groups consecutive
    chunks of chunk_cols columns), packs the block's A into packing slot t and runs its micro-tiles
    against the group's chunks of the B panel, starting at its chunk t * chunks / ntasks and wrapping
    around. The
    tasks pack the B panel as they go: a chunk not yet packed is claimed (compare-and-swap on its
    state), packed, marked packed and computed at once (its loads overlap the FMAs of the
    micro-tiles, and the tasks pack different chunks); one another task is packing is waited for (it
    is being packed by a running task, so the wait ends). Returns the task."""
    task = mod.globals.get(name + ".task")
    if task is not None:
        return task
    task = ir.Function(mod, threadpool.TASK_TY, name + ".task")
    task.linkage = "internal"
    task.attributes.add("nounwind")
    frame, t = task.args
    b = ir.IRBuilder(task.append_basic_block("entry"))
    kc, nc, M, step, A, a_rs, a_cs, pc, Ap, slot_elems, Bp, C, c_rs, c_cs, acc, B, b_rs, b_cs, jc, ntasks, ncg = (
        b.load(_bslot(b, frame, k), typ=ty) for k, ty in enumerate(_BLOCKS_FRAME.elements[:_NARGS]))
    counter = _bslot(b, frame, _NARGS)
    states = _bslot(b, frame, _NARGS + 1)
    cols = chunk_cols(cfg)
    per_chunk = cols // cfg.nr  # slivers
    depth = packed_depth(b, cfg, kc)
    nsl = b.sdiv(b.add(nc, const(I64, cfg.nr - 1)), const(I64, cfg.nr))
    nch = b.sdiv(b.add(nc, const(I64, cols - 1)), const(I64, cols))
    slot = _at(b, Ap, b.mul(t, slot_elems), ety)
    head = task.append_basic_block("claim")
    run = task.append_basic_block("run")
    done = task.append_basic_block("done")
    b.branch(head)
    b.position_at_end(head)
    item = b.atomic_rmw("add", counter, const(I64, 1), "monotonic")
    b.cbranch(b.icmp_signed("<", item, b.mul(step, ncg)), run, done)
    b.position_at_end(run)
    block = b.sdiv(item, ncg)
    group = b.srem(item, ncg)
    c_lo = b.sdiv(b.mul(group, nch), ncg)
    nch_g = b.sub(b.sdiv(b.mul(b.add(group, const(I64, 1)), nch), ncg), c_lo)
    first_chunk = b.sdiv(b.mul(t, nch_g), ntasks)
    ic, mc = block_rows(b, block, step, M, cfg)
    a_direct = direct_a(b, pack_a_fn, A, a_rs, a_cs, ic, pc, mc, kc, nc, slot, ety, cfg, src)
    n_ir = b.sdiv(b.add(mc, const(I64, cfg.mr - 1)), const(I64, cfg.mr))
    ad = _at(b, A, b.add(b.mul(ic, a_rs), b.mul(pc, a_cs)), source_type(src))
    cblk = _at(b, C, b.mul(ic, c_rs), ety)
    with for_range(b, nch_g, "ci") as ci:
        c = b.add(first_chunk, ci)
        c = b.add(c_lo, b.select(b.icmp_signed(">=", c, nch_g), b.sub(c, nch_g), c))
        state = b.gep(states, [const(I32, 0), c], inbounds=True, source_etype=_BLOCKS_FRAME.elements[_NARGS + 1])
        with b.if_then(b.icmp_signed("!=", b.load_atomic(state, "acquire", 4, typ=I32), const(I32, B_PACKED))):
            pair = b.cmpxchg(state, const(I32, B_UNPACKED), const(I32, B_PACKING), "acquire", "monotonic")
            with b.if_else(b.extract_value(pair, 1)) as (mine, others):
                with mine:
                    j0 = b.mul(c, const(I64, cols))
                    b.call(pack_b_fn, [B, b_rs, b_cs, pc, b.add(jc, j0), kc, smin(b, const(I64, cols), b.sub(nc, j0)),
                                       _at(b, Bp, b.mul(j0, depth), ety), const(I64, 0), kc])
                    b.atomic_rmw("xchg", state, const(I32, B_PACKED), "release")
                with others:
                    _spin_until(b, mod, state, B_PACKED)
        lo = b.mul(b.mul(c, const(I64, per_chunk)), n_ir)
        hi = b.mul(smin(b, b.mul(b.add(c, const(I64, 1)), const(I64, per_chunk)), nsl), n_ir)
        b.call(tiles, [depth, mc, nc, slot, Bp, cblk, c_rs, c_cs, acc, ad, a_direct, lo, hi])
    b.branch(head)
    b.position_at_end(done)
    b.ret_void()
    return task


def _spin_until(b, mod, state, value: int) -> None:
    """Wait until the i32 at `state` is `value` (pause; sched_yield every 64 polls)."""
    fn = b.function
    wait_head = fn.append_basic_block("wait")
    wait_body = fn.append_basic_block("poll")
    ready = fn.append_basic_block("ready")
    entry = b.block
    b.branch(wait_head)
    b.position_at_end(wait_head)
    polls = b.phi(I64)
    polls.add_incoming(const(I64, 0), entry)
    b.cbranch(b.icmp_signed("!=", b.load_atomic(state, "acquire", 4, typ=I32), const(I32, value)), wait_body, ready)
    b.position_at_end(wait_body)
    _pause(b, mod)
    with b.if_then(b.icmp_signed("==", b.and_(polls, const(I64, 63)), const(I64, 63))):
        sched_yield = mod.globals.get("sched_yield") or ir.Function(mod, ir.FunctionType(I32, []), "sched_yield")
        b.call(sched_yield, [])
    polls.add_incoming(b.add(polls, const(I64, 1)), b.block)
    b.branch(wait_head)
    b.position_at_end(ready)


def block_rows(b, block, nblocks, M, cfg: GemmConfig):
    """(first row, rows) of row block `block` of `nblocks` <= ceil(M / MR): whole MR slivers (but the
    last), the first ceil(M / MR) % nblocks blocks one sliver longer than the others."""
    mr = const(I64, cfg.mr)
    slivers = b.sdiv(b.add(M, const(I64, cfg.mr - 1)), mr)
    base = b.sdiv(slivers, nblocks)
    extra = b.srem(slivers, nblocks)
    first = b.add(b.mul(block, base), smin(b, block, extra))
    count = b.add(base, b.zext(b.icmp_signed("<", block, extra), I64))
    ic = b.mul(first, mr)
    return ic, b.sub(smin(b, b.mul(b.add(first, count), mr), M), ic)


def _smax(b, x, y):
    return b.select(b.icmp_signed(">", x, y), x, y)


def _pause(b: ir.IRBuilder, mod: ir.Module) -> None:
    """x86's `pause` in a spin-wait (nothing elsewhere)."""
    if threadpool.is_x86(mod):
        b.call(ir.InlineAsm(ir.FunctionType(VOID, []), "pause", "", side_effect=True), [])


# The arguments of the tile function before its range: a packed mc x nc block of C and where it goes.
TILE_ARGS = (I64, I64, I64, PTR, PTR, PTR, I64, I64, I64, PTR, I64)  # kc, mc, nc, Ap, Bp, C, c_rs, c_cs,
# accumulate, Ad, a_direct
# Multiply-adds (mc * nc * kc) of one packed block above which its micro-tiles are split over threads:
# ~10 us of work per region, several times the pool's region overhead.
PAR_MIN_WORK = 1 << 20
# Multiply-adds of a call above which its rows are split over the threads (when the caller gave room
# for several A packing slots): one region per packed B panel, each thread packing its own A blocks.
SPLIT_MIN_WORK = 1 << 22
# Row blocks per thread (claimed dynamically: a late thread takes fewer). 4 blocks of 32 rows per
# thread at M=256 re-read the B panel 4 times per thread (~12% slower on 2 threads than one block of 128).
SPLIT_CLAIMS_PER_THREAD = 1
COL_SPLIT_ROWS = 128  # rows per task below which the split also divides the columns (column groups)
# Column groups per task of a call of fewer than 2 * SPLIT_MIN_ROWS rows (one per task otherwise): a
# task that starts late or is preempted (a loaded machine) leaves most groups to the others instead
# of holding half of the call. Each group packs its own B chunks, so smaller groups cost only packing
# A again: little at few rows, as much as B's share at M=64, N=256 (a transformer's 64x256x256).
COL_GROUPS_PER_TASK = 4
COL_SPLIT_MIN_N = 256  # columns from which a call of fewer than 2 * SPLIT_MIN_ROWS rows is split (column groups)
SPLIT_MC = 192  # rows of a row block of the split at most (whole MR slivers; at least MC): its A slot is L2-resident
SPLIT_SLOTS = 4  # at most this many threads split the rows (each packs A into a slot of its own)
SPLIT_MIN_ROWS = 24
DIRECT_A_MAX_SLIVERS = 2  # column slivers of a block up to which A is read in place (direct_a)
DIRECT_A_MAX_MR = 6  # micro-tile rows up to which A is read in place (direct_a)


def _emit_tiles(mod, name, ety, uk, uk_direct, cfg: GemmConfig) -> ir.Function:
    """`void tiles(kc, mc, nc, Ap, Bp, C, c_rs, c_cs, accumulate, Ad, a_direct, lo, hi)`: the micro-tiles
    u in [lo, hi) of an mc x nc block of C from its packed slivers, u = (column sliver) * ceil(mc / MR)
    + (row sliver): the serial loop order, and a unit of work the pool can split. With a_direct != 0,
    full row slivers read A in place (rows at Ad + i*a_direct, see `direct_a`); only a last partial
    one is packed (at Ap + i*kc, like every sliver otherwise)."""
    mr, nr = cfg.mr, cfg.nr
    fn = ir.Function(mod, ir.FunctionType(VOID, list(TILE_ARGS) + [I64, I64]), name)
    fn.linkage = "internal"
    fn.attributes.add("nounwind")
    kc, mc, nc, Ap, Bp, C, c_rs, c_cs, acc, Ad, a_direct, lo, hi = fn.args
    for a in (Ap, Bp, C):
        a.add_attribute("noalias")
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    tile = b.alloca(ir.ArrayType(ety, mr * nr), name="edge_tile")
    tile.align = 64
    add_to_c = b.icmp_signed("!=", acc, const(I64, 0))
    n_ir = b.sdiv(b.add(mc, const(I64, mr - 1)), const(I64, mr))
    with for_range(b, hi, "u", start=lo) as u:
        jr = b.mul(b.sdiv(u, n_ir), const(I64, nr))
        irr = b.mul(b.srem(u, n_ir), const(I64, mr))
        rows = smin(b, const(I64, mr), b.sub(mc, irr))
        cols = smin(b, const(I64, nr), b.sub(nc, jr))
        cptr = _at(b, C, b.add(b.mul(irr, c_rs), b.mul(jr, c_cs)), ety)
        full = b.and_(b.and_(b.icmp_signed("==", rows, const(I64, mr)), b.icmp_signed("==", cols, const(I64, nr))),
                      b.icmp_signed("==", c_cs, const(I64, 1)))
        b_sliver = _at(b, Bp, b.mul(jr, kc), ety)
        # an edge tile is computed into the stack tile, then its valid part copied
        dst = b.select(full, cptr, tile)
        ldc = b.select(full, c_rs, const(I64, nr))
        add = b.and_(full, add_to_c)
        in_place = b.and_(b.icmp_signed("!=", a_direct, const(I64, 0)), b.icmp_signed("==", rows, const(I64, mr)))
        with b.if_else(in_place) as (rows_in_place, packed):
            with rows_in_place:
                b.call(uk_direct, [kc, _at(b, Ad, b.mul(irr, a_direct), ety), a_direct, b_sliver, dst, ldc, add])
            with packed:
                b.call(uk, [kc, _at(b, Ap, b.mul(irr, kc), ety), const(I64, 0), b_sliver, dst, ldc, add])
        with b.if_then(b.not_(full)), for_range(b, rows, "er") as er, for_range(b, cols, "ec") as ec:
            t = b.load(_at(b, tile, b.add(b.mul(er, const(I64, nr)), ec), ety), typ=ety)
            dst = _at(b, cptr, b.add(b.mul(er, c_rs), b.mul(ec, c_cs)), ety)
            old = b.load(dst, typ=ety)
            b.store(b.select(add_to_c, b.fadd(old, t), t), dst)
    b.ret_void()

    # the pool's task: task t of ntasks runs its share of the tiles; the frame holds TILE_ARGS, ntiles, ntasks
    task = ir.Function(mod, threadpool.TASK_TY, name + ".task")
    task.linkage = "internal"
    task.attributes.add("nounwind")
    frame, t = task.args
    tb = ir.IRBuilder(task.append_basic_block("entry"))
    vals = [tb.load(_slot(tb, frame, k), typ=ty) for k, ty in enumerate(TILE_ARGS)]
    ntiles = tb.load(_slot(tb, frame, len(TILE_ARGS)), typ=I64)
    ntasks = tb.load(_slot(tb, frame, len(TILE_ARGS) + 1), typ=I64)
    per = tb.sdiv(tb.add(ntiles, tb.sub(ntasks, const(I64, 1))), ntasks)
    t_lo = smin(tb, tb.mul(t, per), ntiles)
    tb.call(fn, vals + [t_lo, smin(tb, tb.add(t_lo, per), ntiles)])
    tb.ret_void()
    return fn


_FRAME = ir.LiteralStructType(list(TILE_ARGS) + [I64, I64])


def _slot(b, frame, k):
    return b.gep(frame, [const(I32, 0), const(I32, k)], inbounds=True, source_etype=_FRAME)


def _run_tiles(b: ir.IRBuilder, mod, tiles: ir.Function, cfg: GemmConfig, args: list) -> None:
    """All micro-tiles of a packed block: on the pool's threads when the call may use several and the
    block is big enough, else in one call on this thread."""
    kc, mc, nc = args[:3]
    ntiles = b.mul(b.sdiv(b.add(nc, const(I64, cfg.nr - 1)), const(I64, cfg.nr)),
                   b.sdiv(b.add(mc, const(I64, cfg.mr - 1)), const(I64, cfg.mr)))
    pool = threadpool.defined(mod)
    threads = b.call(pool.threads, [])
    work = b.mul(b.mul(kc, mc), nc)
    par = b.and_(b.icmp_signed(">", threads, const(I64, 1)), b.icmp_signed(">=", work, const(I64, PAR_MIN_WORK)))
    with b.if_else(par) as (parallel, serial):
        with parallel:
            frame = entry_slot(b, _FRAME, "tiles.frame")
            for k, v in enumerate(args):
                b.store(v, _slot(b, frame, k))
            ntasks = smin(b, b.mul(threads, const(I64, TASKS_PER_THREAD)), ntiles)
            b.store(ntiles, _slot(b, frame, len(args)))
            b.store(ntasks, _slot(b, frame, len(args) + 1))
            b.call(pool.parallel_for, [ntasks, mod.globals[tiles.name + ".task"], frame])
        with serial:
            b.call(tiles, list(args) + [const(I64, 0), ntiles])


# packed k steps from which a micro-tile prefetches its C tile (1 thread, CPU ms, without / with at every
# depth: 8192x16 @ 16x256 0.307 / 0.321, 4096x32 @ 32x512 0.572 / 0.599, 3136x64 @ 64x576 0.952 / 0.950)
PREFETCH_C_MIN_K = 64


def _emit_micro_kernel(mod, name, ety, cfg: GemmConfig, packing: Packing, direct: bool = False) -> ir.Function:
    """`void uk(kc, Ap, lda, Bp, C, ldc, add)`: C[MR x NR] (=|+=) sum_k A[k, r] * Bp[k*NR + j], with
    A[k, r] = Ap[k*MR + r] (a packed sliver; lda unused) or, `direct`, Ap[r*lda + k] (MR rows of a
    row-major A read in place); kc packed steps of `packing`'s elements."""
    vw, mr, nv, nr = cfg.vw, cfg.mr, cfg.nv, cfg.nr
    vec = ir.VectorType(ety, vw)
    et = packing.elem
    evec = ir.VectorType(et, vw)
    fn = ir.Function(mod, ir.FunctionType(VOID, [I64, PTR, I64, PTR, PTR, I64, I1]), name)
    fn.linkage = "internal"
    fn.attributes.add("alwaysinline")
    kc, ap, lda, bp, cp, ldc, add = fn.args
    entry = fn.append_basic_block("entry")
    loop = fn.append_basic_block("loop")
    done = fn.append_basic_block("done")
    b = ir.IRBuilder(entry)
    zero = ir.Constant(vec, [0.0] * vw)
    rows_at = [_at(b, ap, b.mul(lda, const(I64, r)), ety) for r in range(mr)] if direct else None
    # Fetch the C tile (MR rows a row stride apart, which the hardware prefetchers miss) while the k loop
    # runs: its loads after the loop waited on L3 or memory for every tile of a C not in L2. Not for a
    # short loop, which cannot hide the fetch and paid for the prefetches (PREFETCH_C_MIN_K).
    line = 8 if isinstance(ety, ir.DoubleType) else 16  # elements a cache line
    with b.if_then(b.icmp_signed(">=", kc, const(I64, PREFETCH_C_MIN_K))):
        for r in range(mr):
            row = b.mul(ldc, const(I64, r))
            for off in sorted(set(range(0, nr, line)) | {nr - 1}):
                p = _at(b, cp, b.add(row, const(I64, off)), ety)
                intrinsic(b, "prefetch", [p, const(I32, 1), const(I32, 3), const(I32, 1)], ret=VOID)
    entry = b.block  # the loop's phis come from here
    b.cbranch(b.icmp_signed(">", kc, const(I64, 0)), loop, done)
    b.position_at_end(loop)
    k = b.phi(I64)
    k.add_incoming(const(I64, 0), entry)
    accs = [[b.phi(vec) for _ in range(nv)] for _ in range(mr)]
    for row in accs:
        for a in row:
            a.add_incoming(zero, entry)
    bvs = [b.load(_at(b, bp, b.add(b.mul(k, const(I64, nr)), const(I64, v * vw)), ety), typ=evec, align=4)
           for v in range(nv)]
    mask = ir.Constant(ir.VectorType(I32, vw), [0] * vw)
    new = []
    for r in range(mr):
        if direct:
            a = b.load(_at(b, rows_at[r], k, ety), typ=et)
        else:
            a = b.load(_at(b, ap, b.add(b.mul(k, const(I64, mr)), const(I64, r)), ety), typ=et)
        splat = b.shuffle_vector(b.insert_element(ir.Constant(evec, ir.Undefined), a, ir.Constant(I32, 0)),
                                 ir.Constant(evec, ir.Undefined), mask)
        new.append([packing.madd(b, mod, accs[r][v], splat, bvs[v]) for v in range(nv)])
    k1 = b.add(k, const(I64, 1))
    k.add_incoming(k1, loop)
    for r in range(mr):
        for v in range(nv):
            accs[r][v].add_incoming(new[r][v], loop)
    b.cbranch(b.icmp_signed("<", k1, kc), loop, done)
    b.position_at_end(done)
    finals = []
    for r in range(mr):
        row = []
        for v in range(nv):
            phi = b.phi(vec)
            phi.add_incoming(zero, entry)
            phi.add_incoming(new[r][v], loop)
            row.append(phi)
        finals.append(row)
    for r in range(mr):
        for v in range(nv):
            p = _at(b, cp, b.add(b.mul(const(I64, r), ldc), const(I64, v * vw)), ety)
            old = b.load(p, typ=vec, align=4)
            b.store(b.select(add, b.fadd(old, finals[r][v]), finals[r][v]), p, align=4)
    b.ret_void()
    return fn
