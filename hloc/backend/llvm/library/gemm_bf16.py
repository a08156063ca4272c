"""The bf16 x bf16 -> f32 GEMM on AVX512_BF16: gemm.py's loop nest, blocking and threads, with A and B
packed as k-pairs of bf16 and VDPBF16PS as the micro-kernel's step (`native_bf16` targets).

Packed layout, in 32-bit elements (two bf16 each, the even k in the low half):

    Ap[ip*KP + q*MR + r] = (A[r, 2q], A[r, 2q+1])     Bp[jp*KP + q*NR + j] = (B[2q, j], B[2q+1, j])

KP = ceil(kc / 2) packed steps per panel; an odd kc pads its last pair with a zero. The micro-kernel
broadcasts A's pair and runs VDPBF16PS on NR/16 vectors of B's pairs: per lane
acc = fma(a[2q], b[2q], fma(a[2q+1], b[2q+1], acc)), two rounded steps with exact products
(measured on Zen 4 over 28 million random, cancelling, full-exponent-range and denormal lanes:
bitwise equal to those two FMAs run with MXCSR's FTZ and DAZ, and to plain FMAs wherever nothing is
denormal). The widened-f32 bf16 GEMM of other targets swaps each k pair as it packs
(gemm.swaps_pairs) and both cut K into panels of the same even depth (gemm.BF16_KC), so the two
give the same bits. The one difference: VDPBF16PS treats denormal inputs as zero and flushes
denormal partial sums and results to zero whatever MXCSR says, so with IEEE denormals
(flush_denormals=False; native code flushes by default, as XLA:CPU does) the f32 FMAs keep them
and it does not.

Row-major B (rows contiguous): two rows interleaved by a shuffle per vector; A with contiguous rows
and B with contiguous columns: their pairs are 32-bit elements, packed by gemm.pack_rows' in-register
transposes; other layouts and edge slivers element by element.
"""

from __future__ import annotations

import llvmlite.ir as ir

from ..llvmir.irutil import smin
from ..llvmir.irvalues import F32, I16, I32, I64, const
from ..llvmir.loops import for_range
from .gemm import PACK_B_ROWS, PAIRS, GemmConfig, Packing, emit_gemm, pack_rows, packed_depth

DPBF16PS = "llvm.x86.avx512bf16.dpbf16ps.512"


class BFloatType(ir.Type):
    """LLVM's `bfloat` (llvmlite has no such type): VDPBF16PS's operand lanes."""

    def _to_string(self) -> str:
        return "bfloat"

    def __eq__(self, other) -> bool:
        return isinstance(other, BFloatType)

    def __hash__(self) -> int:
        return hash("bfloat")


BFLOAT = BFloatType()


def emit_gemm_pairs(mod: ir.Module, name: str, cfg: GemmConfig) -> ir.Function:
    """Emit `name`, the GEMM (gemm.py's signature) of bf16 A and B into f32 C, for a `cfg.pairs` target."""
    assert cfg.pairs and cfg.vw == 16, cfg
    return emit_gemm(mod, name, F32, cfg, "bf16", Packing(pack_a_pairs, pack_b_pairs, dot_pairs, I32))


def dot_pairs(b: ir.IRBuilder, mod: ir.Module, acc, a, bv):
    """acc + the products of the bf16 pairs in the 32-bit lanes of a and bv (VDPBF16PS)."""
    pairs = ir.VectorType(BFLOAT, 2 * acc.type.count)
    fn = mod.globals.get(DPBF16PS) or ir.Function(mod, ir.FunctionType(acc.type, [acc.type, pairs, pairs]), DPBF16PS)
    return b.call(fn, [acc, b.bitcast(a, pairs), b.bitcast(bv, pairs)])


def _pair(b: ir.IRBuilder, base, off0, off1, ok0, ok1):
    """The 32-bit pair (base[off0] if ok0 else 0, base[off1] if ok1 else 0) of bf16 elements; an offset
    that is not ok is never read."""
    lo = b.load(b.gep(base, [b.select(ok0, off0, const(I64, 0))], source_etype=I16), typ=I16)
    hi = b.load(b.gep(base, [b.select(ok1, off1, const(I64, 0))], source_etype=I16), typ=I16)
    lo = b.zext(b.select(ok0, lo, const(I16, 0)), I32)
    hi = b.zext(b.select(ok1, hi, const(I16, 0)), I32)
    return b.or_(lo, b.shl(hi, const(I32, 16)))


def _pack_contiguous_pairs(b: ir.IRBuilder, rows_at: list, kc, dst, cfg: GemmConfig, count: int) -> None:
    """dst[q*R + r] = (rows_at[r][2q], rows_at[r][2q+1]), R = count: rows of contiguous bf16, their
    pairs transposed as 32-bit elements; an odd kc's last pair is (rows_at[r][kc-1], 0)."""
    two = const(I64, 2)
    full = b.sdiv(kc, two)
    pack_rows(b, rows_at, const(I64, 1), full, dst, I32, cfg, count=count, src=PAIRS)
    with b.if_then(b.icmp_signed("!=", b.and_(kc, const(I64, 1)), const(I64, 0))):
        last = b.sub(kc, const(I64, 1))
        out = b.gep(dst, [b.mul(full, const(I64, count))], source_etype=I32)
        for r, row in enumerate(rows_at):
            v = b.load(b.gep(row, [last], source_etype=I16), typ=I16)
            b.store(b.zext(v, I32), b.gep(out, [const(I64, r)], source_etype=I32))


def pack_a_pairs(b, A, a_rs, a_cs, ic, pc, mc, kc, Ap, ety, cfg: GemmConfig, src: str = "") -> None:
    """Pack A[ic:ic+mc, pc:pc+kc] (bf16) as MR-tall slivers of k pairs: Ap[ip*KP + q*MR + r], zero
    beyond mc and kc (gemm.pack_a's contract)."""
    mr = cfg.mr
    kp = packed_depth(b, cfg, kc)
    with for_range(b, mc, "ip", step=mr) as ip:
        sliver = b.gep(Ap, [b.mul(ip, kp)], source_etype=I32)
        full_rows = b.icmp_signed("<=", b.add(ip, const(I64, mr)), mc)
        with b.if_else(b.and_(full_rows, b.icmp_signed("==", a_cs, const(I64, 1)))) as (contiguous, other):
            with contiguous:
                rows_at = [b.gep(A, [b.add(b.mul(b.add(b.add(ic, ip), const(I64, r)), a_rs), pc)], source_etype=I16)
                           for r in range(mr)]
                _pack_contiguous_pairs(b, rows_at, kc, sliver, cfg, mr)
            with other, for_range(b, kp, "q") as q:
                k0 = b.add(pc, b.mul(q, const(I64, 2)))
                k1_ok = b.icmp_signed("<", b.add(b.mul(q, const(I64, 2)), const(I64, 1)), kc)
                dst = b.gep(sliver, [b.mul(q, const(I64, mr))], source_etype=I32)
                for r in range(mr):
                    row_ok = b.icmp_signed("<", b.add(ip, const(I64, r)), mc)
                    row = b.mul(b.add(b.add(ic, ip), const(I64, r)), a_rs)
                    off0 = b.add(row, b.mul(k0, a_cs))
                    v = _pair(b, A, off0, b.add(off0, a_cs), row_ok, b.and_(row_ok, k1_ok))
                    b.store(v, b.gep(dst, [const(I64, r)], source_etype=I32))


def pack_b_pairs(b, B, b_rs, b_cs, pc, jc, kc, nc, Bp, k_lo, k_hi, ety, cfg: GemmConfig, src: str = "") -> None:
    """Rows [k_lo, k_hi) (k_lo even) of the packed panel B[pc:pc+kc, jc:jc+nc] (bf16) as NR-wide slivers
    of k pairs: Bp[jp*KP + q*NR + j], zero beyond nc and kc (gemm.pack_b's contract)."""
    vw, nv, nr = cfg.vw, cfg.nv, cfg.nr
    two = const(I64, 2)
    kp = packed_depth(b, cfg, kc)
    q_lo, q_hi = b.sdiv(k_lo, two), b.sdiv(b.add(k_hi, const(I64, 1)), two)
    full_end = b.mul(b.sdiv(nc, const(I64, nr)), const(I64, nr))
    half = ir.VectorType(I16, vw)
    interleave = ir.Constant(ir.VectorType(I32, 2 * vw), [i // 2 + (i % 2) * vw for i in range(2 * vw)])
    with b.if_else(b.icmp_signed("==", b_cs, const(I64, 1))) as (row_major, other):
        with row_major, for_range(b, q_hi, "qb", start=q_lo, step=PACK_B_ROWS // 2) as qb, \
                for_range(b, full_end, "jp", step=nr) as jp, \
                for_range(b, smin(b, b.add(qb, const(I64, PACK_B_ROWS // 2)), q_hi), "q", start=qb) as q:
            k0 = b.mul(q, two)
            k1_ok = b.icmp_signed("<", b.add(k0, const(I64, 1)), kc)
            row0 = b.gep(B, [b.add(b.mul(b.add(pc, k0), b_rs), b.add(jc, jp))], source_etype=I16)
            row1 = b.gep(row0, [b.select(k1_ok, b_rs, const(I64, 0))], source_etype=I16)
            dst = b.gep(Bp, [b.add(b.mul(jp, kp), b.mul(q, const(I64, nr)))], source_etype=I32)
            for v in range(nv):
                x0 = b.load(b.gep(row0, [const(I64, v * vw)], source_etype=I16), typ=half, align=2)
                x1 = b.load(b.gep(row1, [const(I64, v * vw)], source_etype=I16), typ=half, align=2)
                x1 = b.select(k1_ok, x1, ir.Constant(half, [0] * vw))
                b.store(b.shuffle_vector(x0, x1, interleave), b.gep(dst, [const(I64, v * vw)], source_etype=I32),
                        align=4)
        with other, b.if_else(b.icmp_signed("==", b_rs, const(I64, 1))) as (col_major, strided):
            with col_major, for_range(b, full_end, "jp", step=nr) as jp:
                cols_at = [b.gep(B, [b.add(b.add(pc, k_lo), b.mul(b.add(jc, b.add(jp, const(I64, j))), b_cs))],
                                 source_etype=I16) for j in range(nr)]
                dst = b.gep(Bp, [b.add(b.mul(jp, kp), b.mul(q_lo, const(I64, nr)))], source_etype=I32)
                _pack_contiguous_pairs(b, cols_at, b.sub(k_hi, k_lo), dst, cfg, nr)
            with strided:
                _pack_b_elements(b, B, b_rs, b_cs, pc, jc, kc, Bp, q_lo, q_hi, kp, const(I64, 0), full_end,
                                 const(I64, nr), cfg)
    width = b.sub(nc, full_end)
    with b.if_then(b.icmp_signed(">", width, const(I64, 0))):
        _pack_b_elements(b, B, b_rs, b_cs, pc, jc, kc, Bp, q_lo, q_hi, kp, full_end, nc, width, cfg)


def _pack_b_elements(b, B, b_rs, b_cs, pc, jc, kc, Bp, q_lo, q_hi, kp, j_lo, j_hi, width, cfg: GemmConfig) -> None:
    """Slivers [j_lo, j_hi) of pack_b_pairs' panel pair by pair, columns beyond `width` of each zero."""
    nr = cfg.nr
    with for_range(b, j_hi, "jp", start=j_lo, step=nr) as jp, for_range(b, q_hi, "q", start=q_lo) as q:
        k0 = b.add(pc, b.mul(q, const(I64, 2)))
        k1_ok = b.icmp_signed("<", b.add(b.mul(q, const(I64, 2)), const(I64, 1)), kc)
        dst = b.gep(Bp, [b.add(b.mul(jp, kp), b.mul(q, const(I64, nr)))], source_etype=I32)
        with for_range(b, const(I64, nr), "jj") as jj:
            ok = b.icmp_signed("<", jj, width)
            off0 = b.add(b.mul(k0, b_rs), b.mul(b.add(jc, b.add(jp, jj)), b_cs))
            b.store(_pair(b, B, off0, b.add(off0, b_rs), ok, b.and_(ok, k1_ok)), b.gep(dst, [jj], source_etype=I32))
