"""rng-bit-generator, bit-exact with XLA (xla/hlo/builder/lib/prng.cc through XLA:CPU's
RngBitGeneratorExpander; rng_default is Philox there).

State: u64[2] (ThreeFry: key, counter; Philox: key, counter low word, the key doubling as the
counter's high word) or u64[3] (Philox: key, counter low, counter high). The new state keeps the key
and advances the counter by the number of blocks drawn.

  * ThreeFry-2x32 (20 rounds), 32-bit results: the shape is split in two along its first even
    dimension (else its largest): block t (counter = state + t, t the row-major index in the half
    shape) gives the two elements 2a and 2a+1 of that dimension; 64-bit results: one block per
    element (low word first); 8/16-bit results: the 32-bit ones truncated.
  * Philox-4x32 (10 rounds) on a 128-bit counter: element i of a 32-bit result is word i%4 of
    block i//4 (64-bit: words 2(i%2), 2(i%2)+1 of block i//2), counting elements row-major.
"""

from __future__ import annotations

import functools
import math

import llvmlite.ir as ir
import numpy as np

from ....errors import CodegenError
from ....ir.module import Instruction
from ....ir.types import ELEMENT_TYPES, Shape
from ..elemental import IrArray, mathfns
from ..llvmir.irutil import Var, while_
from ..llvmir.irvalues import F32, F64, I1, I32, I64, compute_type, const, intrinsic
from ..llvmir.loops import Index, delinearize, for_range
from ..lowerings import lowered
from . import kernel
from .indexing import i64

ROTATIONS = (13, 15, 26, 6, 17, 29, 16, 24)


def _c32(v: int) -> ir.Constant:
    return const(I32, v)


def _rotl(b, x, d: int):
    return b.or_(b.shl(x, _c32(d)), b.lshr(x, _c32(32 - d)))


def threefry2x32(b: ir.IRBuilder, x0, x1, k0, k1):
    k2 = b.xor(b.xor(k0, k1), _c32(0x1BD11BDA))
    ks = (k0, k1, k2)
    x0 = b.add(x0, k0)
    x1 = b.add(x1, k1)
    for i in range(5):
        for r in ROTATIONS[(i % 2) * 4:(i % 2) * 4 + 4]:
            x0 = b.add(x0, x1)
            x1 = b.xor(_rotl(b, x1, r), x0)
        x0 = b.add(x0, ks[(i + 1) % 3])
        x1 = b.add(b.add(x1, ks[(i + 2) % 3]), _c32(i + 1))
    return x0, x1


def philox4x32(b: ir.IRBuilder, x, k0, k1):
    x = list(x)
    for _ in range(10):
        p0 = b.mul(b.zext(x[0], I64), i64(0xD2511F53))
        p1 = b.mul(b.zext(x[2], I64), i64(0xCD9E8D57))
        hi0, lo0 = b.trunc(b.lshr(p0, i64(32)), I32), b.trunc(p0, I32)
        hi1, lo1 = b.trunc(b.lshr(p1, i64(32)), I32), b.trunc(p1, I32)
        x = [b.xor(b.xor(hi1, x[1]), k0), lo1, b.xor(b.xor(hi0, x[3]), k1), lo0]
        k0 = b.add(k0, _c32(0x9E3779B9))
        k1 = b.add(k1, _c32(0xBB67AE85))
    return x


def split_shape(dims) -> tuple[list[int], int]:
    """prng.cc SplitShapeIntoHalves: (half dims with the split dim halved and a 1 after it, split dim)."""
    if not dims:
        return [1, 1], 0
    even = [i for i, d in enumerate(dims) if d % 2 == 0]
    split = even[0] if even else max(range(len(dims)), key=lambda i: (dims[i], -i))
    half = list(dims[:split]) + [-(-dims[split] // 2), 1] + list(dims[split + 1:])
    return half, split


def _lo_hi(b, v64):
    return b.trunc(v64, I32), b.trunc(b.lshr(v64, i64(32)), I32)


@kernel.check("rng-bit-generator")
def check_rng_bit_generator(instr: Instruction) -> None:
    state = instr.operands[0].shape
    algo = instr.attrs.get("algorithm", "rng_default")
    if not instr.shape.is_tuple or len(instr.shape.tuple_shapes) != 2:
        raise CodegenError("rng-bit-generator returns (state, bits)", instr.loc)
    out_state, bits = instr.shape.tuple_shapes
    sizes = (2,) if algo == "rng_three_fry" else (2, 3)
    if state.etype != "u64" or state.rank != 1 or state.dims[0] not in sizes or out_state.dims != state.dims:
        raise CodegenError(f"rng-bit-generator ({algo}) needs a u64[{' or '.join(map(str, sizes))}] state",
                           instr.loc)
    et = ELEMENT_TYPES[bits.etype]
    if et.bits not in (8, 16, 32, 64) or et.kind in ("pred", "complex"):
        raise CodegenError(f"rng-bit-generator cannot produce {bits.etype}", instr.loc)
    if algo not in ("rng_three_fry", "rng_philox", "rng_default"):
        raise CodegenError(f"rng-bit-generator algorithm {algo} is not supported", instr.loc)


def _bits_view(arr: IrArray) -> IrArray:
    """The output buffer seen as unsigned integers of the same width."""
    width = ELEMENT_TYPES[arr.etype].bits
    return IrArray(arr.ptr, arr.shape.with_etype(f"u{width}"))


def _store_linear(b, out: IrArray, logical: ir.Value, v) -> None:
    """Store v at row-major (logical) position `logical` of out, whatever its layout."""
    width = ELEMENT_TYPES[out.etype].bits
    if v.type.width > width:
        v = b.trunc(v, ir.IntType(width))
    shape = out.shape
    if shape.rank == 0:
        out.store(b, Index(shape, [], None), v)
    elif shape.rank == 1 or shape.layout is None or shape.layout.is_default():
        out.store(b, Index(shape, None, logical), v)
    else:
        out.store(b, Index(shape, delinearize(b, logical, Shape(shape.etype, shape.dims)), None), v)


@kernel("rng-bit-generator")
def emit_rng_bit_generator(ctx, instr: Instruction) -> None:
    b = ctx.b
    state_in = ctx.operands[0][0]
    state_out, bits_out = ctx.outputs
    bits = _bits_view(bits_out)
    ss = state_in.shape
    load = [state_in.load(b, Index(ss, [i64(k)], None)) for k in range(ss.dims[0])]
    key = load[0]
    k0, k1 = _lo_hi(b, key)
    width = ELEMENT_TYPES[bits.etype].bits
    dims = list(bits.shape.dims)
    num = math.prod(dims)
    algo = instr.attrs.get("algorithm", "rng_default")
    if algo == "rng_three_fry":
        counter = load[1]
        if width == 64:
            with for_range(b, num, "tf") as i:
                lo, hi = _lo_hi(b, b.add(counter, i))
                o0, o1 = threefry2x32(b, lo, hi, k0, k1)
                _store_linear(b, bits, i, b.or_(b.zext(o0, I64), b.shl(b.zext(o1, I64), i64(32))))
            advance = num
        else:
            half, split = split_shape(dims)
            d = dims[split] if dims else 1
            h = half[split]
            inner = math.prod(dims[split + 1:]) if dims else 1
            blocks = math.prod(half)
            with for_range(b, blocks, "tf") as t:
                lo, hi = _lo_hi(b, b.add(counter, t))
                o0, o1 = threefry2x32(b, lo, hi, k0, k1)
                r = b.urem(t, i64(inner))
                rest = b.udiv(t, i64(inner))
                a = b.urem(rest, i64(h))
                outer = b.udiv(rest, i64(h))
                j0 = b.mul(a, i64(2))
                base = b.mul(outer, i64(d))
                _store_linear(b, bits, b.add(b.mul(b.add(base, j0), i64(inner)), r), o0)
                j1 = b.add(j0, i64(1))
                with b.if_then(b.icmp_signed("<", j1, i64(d))):
                    _store_linear(b, bits, b.add(b.mul(b.add(base, j1), i64(inner)), r), o1)
            advance = blocks
        state_out.store(b, Index(ss, [i64(0)], None), key)
        state_out.store(b, Index(ss, [i64(1)], None), b.add(counter, i64(advance)))
        return
    # Philox: a 128-bit counter (low, high)
    lo64, hi64 = (load[1], load[2]) if ss.dims[0] >= 3 else (load[1], load[0])
    words = 2 * num if width == 64 else num
    blocks = -(-words // 4)
    per_block = 2 if width == 64 else 4
    with for_range(b, blocks, "ph") as t:
        c_lo = b.add(lo64, t)
        c_hi = b.select(b.icmp_unsigned("<", c_lo, lo64), b.add(hi64, i64(1)), hi64)
        x = [*_lo_hi(b, c_lo), *_lo_hi(b, c_hi)]
        y = philox4x32(b, x, k0, k1)
        vals = y if width != 64 else [b.or_(b.zext(y[2 * q], I64), b.shl(b.zext(y[2 * q + 1], I64), i64(32)))
                                      for q in range(2)]
        full = num % per_block or per_block  # words of the last block that are still in range
        for q, v in enumerate(vals):
            pos = b.add(b.mul(t, i64(per_block)), i64(q))
            if q < full:
                _store_linear(b, bits, pos, v)
            else:
                with b.if_then(b.icmp_signed("<", pos, i64(num))):
                    _store_linear(b, bits, pos, v)
    new_lo = b.add(lo64, i64(blocks))
    new_hi = b.select(b.icmp_unsigned("<", new_lo, lo64), b.add(hi64, i64(1)), hi64)
    state_out.store(b, Index(ss, [i64(0)], None), key)
    state_out.store(b, Index(ss, [i64(1)], None), new_lo)
    if ss.dims[0] >= 3:
        state_out.store(b, Index(ss, [i64(2)], None), new_hi)


# ------------------------------------------------------------------------------------------------
# rng: rng_uniform / rng_normal with the interpreter's documented generator
#
# XLA leaves the numbers of `rng` open (a process-wide seed). hloc's reference interpreter draws them
# from numpy's PCG64 seeded with 0, in evaluation order (hloc/interp/ops/rng.py); the native backend
# produces the same numbers: the generator state (128-bit PCG state, plus the spare half of a 64-bit
# draw that numpy keeps for 32-bit requests) is threaded through the rng instructions of the entry
# computation in schedule order as a u64[4] value (`lower_rng`, while flattening), starting from
# PCG64(0) on every call. Per element, row-major:
#   * floats, rng_uniform: a + (b - a) * U in f64, U = (next64 >> 11) * 2^-53 (numpy's uniform), rounded
#     to the result type; a result that rounds up to b becomes a (the interval stays [a, b));
#   * integers, rng_uniform: a + Lemire's bounded draw of b - a - 1 (numpy's integers: 32-bit draws
#     when the range fits, 64-bit otherwise; no draw for a range of one value); pred: [a, b];
#   * rng_normal: a + b * z, z from numpy's ziggurat (256 layers, exponential tail); its layer tables
#     are read out of the installed numpy when a module needs them, so both sides agree by
#     construction.
# rng instructions inside computations called by control flow restart from PCG64(0) each time:
# the numbers stay valid draws but no longer follow the interpreter's sequence.

PCG_MULT = (2549297995355413924 << 64) | 4865540595714422341
STATE = Shape("u64", (4,))  # [state low, state high, has a spare 32-bit half, the spare half]


def _initial_state() -> np.ndarray:
    st = np.random.PCG64(0).state["state"]
    s = int(st["state"])
    return np.array([s & (2**64 - 1), s >> 64, 0, 0], np.uint64)


def _pcg_inc() -> int:
    return int(np.random.PCG64(0).state["state"]["inc"])


@functools.lru_cache(maxsize=1)
def ziggurat_tables() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """numpy's normal ziggurat tables (wi, ki, fi), read back from numpy's own generator: with the
    PCG64 state set so that the next 64-bit draw is chosen, a draw with layer idx, sign 0 and
    magnitude 1 returns wi[idx] exactly, and the smallest magnitude that leaves the fast path
    (more than one draw consumed) is ki[idx]; fi[i] = exp(-x_i^2 / 2) at x_i = wi[i] * 2^52, fi[0] = 1."""
    mult_inv = pow(PCG_MULT, -1, 1 << 128)
    bg = np.random.PCG64(0)
    gen = np.random.Generator(bg)
    inc = _pcg_inc()

    def force(word: int) -> int:  # next draw == word (state high half 0: no rotation)
        st = bg.state
        st["state"]["state"] = ((word - inc) * mult_inv) & ((1 << 128) - 1)
        st["has_uint32"], st["uinteger"] = 0, 0
        bg.state = st
        return word

    wi = np.zeros(256)
    ki = np.zeros(256, np.uint64)
    for idx in range(256):
        force(idx | (1 << 9))
        wi[idx] = gen.standard_normal()
        lo, hi = 0, 1 << 52
        while lo < hi:
            mid = (lo + hi) // 2
            after = force(idx | (mid << 9))
            gen.standard_normal()
            if bg.state["state"]["state"] == after:
                lo = mid + 1
            else:
                hi = mid
        ki[idx] = lo
    x = wi * 2.0**52
    fi = np.exp(-0.5 * x * x)
    fi[0] = 1.0
    return wi, ki, fi


@lowered("rng")
def lower_rng(instr: Instruction, ops: list, emit, lowering, depth: int) -> Instruction:
    """rng(a, b) -> get-tuple-element(rng(a, b, state), 0), the new state threaded to the next rng."""
    if len(ops) != 2:
        raise CodegenError(f"rng takes two scalar operands, got {len(ops)}", instr.loc)
    state = lowering.rng_state
    if state is None:
        state = emit("constant", STATE, [])
        state.literal = _initial_state()
    both = emit("rng", Shape.tuple([instr.shape, STATE]), list(ops) + [state], **dict(instr.attrs))
    lowering.rng_state = emit("get-tuple-element", STATE, [both], index=1)
    return emit("get-tuple-element", instr.shape, [both], index=0)


@kernel.check("rng")
def check_rng(instr: Instruction) -> None:
    if len(instr.operands) != 3 or not instr.shape.is_tuple:
        raise CodegenError("rng inside a fused computation is not supported (its generator state is threaded "
                           "through the schedule)", instr.loc)
    out = instr.shape.tuple_shapes[0]
    a, b_ = instr.operands[0].shape, instr.operands[1].shape
    kind = ELEMENT_TYPES[out.etype].kind
    dist = instr.attrs.get("distribution")
    if a.rank or b_.rank or a.etype != out.etype or b_.etype != out.etype:
        raise CodegenError("rng takes two scalars of the result's type", instr.loc)
    if dist == "rng_normal" and out.etype not in ("f16", "bf16", "f32", "f64"):
        raise CodegenError(f"rng_normal needs a float type, not {out.etype}", instr.loc)
    if dist not in ("rng_uniform", "rng_normal") or kind == "complex" or (
            kind == "float" and out.etype not in ("f16", "bf16", "f32", "f64")) or \
            kind in ("sint", "uint") and ELEMENT_TYPES[out.etype].bits < 8:
        raise CodegenError(f"rng {dist} of {out.etype} is not supported", instr.loc)


class _Pcg:
    """numpy's PCG64 (XSL-RR 128/64) with its spare 32-bit half, in Vars."""

    def __init__(self, b: ir.IRBuilder, state_in: IrArray):
        i128 = ir.IntType(128)
        self.b = b
        self.i128 = i128
        w = [state_in.load(b, Index(STATE, [i64(k)], None)) for k in range(4)]
        s = b.or_(b.zext(w[0], i128), b.shl(b.zext(w[1], i128), ir.Constant(i128, 64)))
        self.s = Var(b, i128, s)
        self.has32 = Var(b, I64, w[2])
        self.spare = Var(b, I64, w[3])
        self.inc = ir.Constant(i128, _pcg_inc())

    def next64(self) -> ir.Value:
        b, i128 = self.b, self.i128
        s = b.add(b.mul(self.s.get(), ir.Constant(i128, PCG_MULT)), self.inc)
        self.s.set(s)
        x = b.trunc(b.xor(b.lshr(s, ir.Constant(i128, 64)), s), I64)
        rot = b.trunc(b.lshr(s, ir.Constant(i128, 122)), I64)
        return intrinsic(b, "fshr", [x, x, rot])  # rotate right

    def next32(self) -> ir.Value:
        """The spare high half if there is one, else a fresh draw's low half (keeping its high half)."""
        b = self.b
        has = b.icmp_unsigned("!=", self.has32.get(), i64(0))
        out = Var(b, I64)
        with b.if_else(has) as (then, other):
            with then:
                self.has32.set(i64(0))
                out.set(self.spare.get())
            with other:
                n = self.next64()
                self.has32.set(i64(1))
                self.spare.set(b.lshr(n, i64(32)))
                out.set(b.and_(n, i64(0xFFFFFFFF)))
        return out.get()

    def next_double(self) -> ir.Value:
        b = self.b
        return b.fmul(b.uitofp(b.lshr(self.next64(), i64(11)), F64), ir.Constant(F64, 1.0 / 9007199254740992.0))

    def store(self, out: IrArray) -> None:
        b = self.b
        s = self.s.get()
        words = [b.trunc(s, I64), b.trunc(b.lshr(s, ir.Constant(self.i128, 64)), I64), self.has32.get(),
                 self.spare.get()]
        for k, w in enumerate(words):
            out.store(b, Index(STATE, [i64(k)], None), w)


def _bounded(pcg: _Pcg, rng: ir.Value) -> ir.Value:
    """numpy's random_bounded_uint64 (Lemire, use_masked=False): a draw in [0, rng]."""
    b = pcg.b
    out = Var(b, I64)
    i128 = ir.IntType(128)
    m32 = i64(0xFFFFFFFF)
    with b.if_else(b.icmp_unsigned("==", rng, i64(0))) as (zero, nonzero):
        with zero:
            out.set(i64(0))
        with nonzero, b.if_else(b.icmp_unsigned("<=", rng, m32)) as (small, large):
            with small, b.if_else(b.icmp_unsigned("==", rng, m32)) as (full, part):
                with full:
                    out.set(pcg.next32())
                with part:
                    excl = b.add(rng, i64(1))
                    m = Var(b, I64, b.mul(pcg.next32(), excl))
                    thr = b.urem(b.sub(m32, rng), excl)
                    with while_(b, lambda: b.icmp_unsigned("<", b.and_(m.get(), m32), thr), "lem32"):
                        m.set(b.mul(pcg.next32(), excl))
                    out.set(b.lshr(m.get(), i64(32)))
            with large, b.if_else(b.icmp_unsigned("==", rng, i64(-1))) as (full, part):
                with full:
                    out.set(pcg.next64())
                with part:
                    excl = b.zext(b.add(rng, i64(1)), i128)
                    m = Var(b, i128, b.mul(b.zext(pcg.next64(), i128), excl))
                    thr = b.zext(b.urem(b.sub(i64(-1), rng), b.add(rng, i64(1))), i128)
                    mask = ir.Constant(i128, 2**64 - 1)
                    with while_(b, lambda: b.icmp_unsigned("<", b.and_(m.get(), mask), thr), "lem64"):
                        m.set(b.mul(b.zext(pcg.next64(), i128), excl))
                    out.set(b.trunc(b.lshr(m.get(), ir.Constant(i128, 64)), I64))
    return out.get()


def _table(ctx, name: str, values: np.ndarray, typ) -> ir.GlobalVariable:
    m = ctx.module
    g = m.globals.get(name)
    if g is None:
        arr_t = ir.ArrayType(typ, len(values))
        g = ir.GlobalVariable(m, arr_t, name)
        g.initializer = ir.Constant(arr_t, [float(v) if typ == F64 else int(v) for v in values])
        g.global_constant = True
        g.linkage = "private"
    return g


def _standard_normal(ctx, pcg: _Pcg) -> ir.Value:
    """numpy's random_standard_normal (ziggurat)."""
    b = ctx.b
    wi, ki, fi = ziggurat_tables()
    gw, gk, gf = (_table(ctx, "hloc.zig.wi", wi, F64), _table(ctx, "hloc.zig.ki", ki, I64),
                  _table(ctx, "hloc.zig.fi", fi, F64))

    def at(g, idx, typ):
        return b.load(b.gep(g, [i64(0), idx], inbounds=True), typ=typ)

    out = Var(b, F64)
    r_const, inv_r = 3.6541528853610088, 0.27366123732975828
    with while_(b, None, "zig") as loop:
        r = pcg.next64()
        idx = b.and_(r, i64(0xFF))
        r = b.lshr(r, i64(8))
        sign = b.and_(r, i64(1))
        rabs = b.and_(b.lshr(r, i64(1)), i64(0x000FFFFFFFFFFFFF))
        x = b.fmul(b.uitofp(rabs, F64), at(gw, idx, F64))
        x = b.select(b.icmp_unsigned("!=", sign, i64(0)), b.fneg(x), x)
        with b.if_then(b.icmp_unsigned("<", rabs, at(gk, idx, I64))):
            out.set(x)
            loop.break_()
        accept = Var(b, I1, ir.Constant(I1, 1))  # the tail always returns
        with b.if_else(b.icmp_unsigned("==", idx, i64(0))) as (tail, layer):
            with tail:
                xx = Var(b, F64)
                with while_(b, None, "ztail") as tl:
                    a = b.fmul(ir.Constant(F64, -inv_r), mathfns.log1p(b, b.fneg(pcg.next_double())))
                    yy = b.fneg(mathfns.log1p(b, b.fneg(pcg.next_double())))
                    xx.set(a)
                    with b.if_then(b.fcmp_ordered(">", b.fadd(yy, yy), b.fmul(a, a))):
                        tl.break_()
                v = b.fadd(ir.Constant(F64, r_const), xx.get())
                neg = b.icmp_unsigned("!=", b.and_(b.lshr(rabs, i64(8)), i64(1)), i64(0))
                out.set(b.select(neg, b.fneg(v), v))
            with layer:
                f0 = at(gf, b.sub(idx, i64(1)), F64)
                f1 = at(gf, idx, F64)
                lhs = b.fadd(b.fmul(b.fsub(f0, f1), pcg.next_double()), f1)
                rhs = mathfns.exp(b, b.fmul(ir.Constant(F64, -0.5), b.fmul(x, x)))
                out.set(x)
                accept.set(b.fcmp_ordered("<", lhs, rhs))
        # leave with the value when the tail ran or a layer point was accepted, else draw again
        with b.if_then(accept.get()):
            loop.break_()
    return out.get()


@kernel("rng")
def emit_rng(ctx, instr: Instruction) -> None:
    b = ctx.b
    a_arr, b_arr, st_arr = (ops[0] for ops in ctx.operands)
    out, st_out = ctx.outputs
    et = out.etype
    kind = ELEMENT_TYPES[et].kind
    dist = instr.attrs["distribution"]
    a = a_arr.load(b, Index(a_arr.shape, [], None))
    bv = b_arr.load(b, Index(b_arr.shape, [], None))
    pcg = _Pcg(b, st_arr)
    n = out.shape.num_elements
    if kind in ("sint", "uint", "pred"):
        wide = (lambda v: b.zext(v, I64)) if kind != "sint" else (lambda v: b.sext(v, I64))
        lo, hi = wide(a), wide(bv)
        if kind == "pred":
            hi = b.add(hi, i64(1))  # pred draws from [a, b]
        nonempty = b.icmp_signed(">", hi, lo) if kind == "sint" else b.icmp_unsigned(">", hi, lo)
        rng = b.sub(b.sub(hi, lo), i64(1))
        with for_range(b, n, "rng") as i:
            v = b.select(nonempty, b.add(lo, _bounded(pcg, b.select(nonempty, rng, i64(0)))), lo)
            if kind == "pred":
                v = b.icmp_unsigned("!=", v, i64(0))
            elif compute_type(et).width < 64:
                v = b.trunc(v, compute_type(et))
            _store_value(b, out, i, v)
    else:
        lo = a if a.type == F64 else b.fpext(a, F64)
        hi = bv if bv.type == F64 else b.fpext(bv, F64)
        with for_range(b, n, "rng") as i:
            if dist == "rng_uniform":
                d = b.fadd(lo, b.fmul(b.fsub(hi, lo), pcg.next_double()))
            else:
                d = b.fadd(lo, b.fmul(hi, _standard_normal(ctx, pcg)))
            v = d if et == "f64" else (b.fptrunc(d, F32) if et == "f32" else d)
            if et in ("f16", "bf16"):
                from ..llvmir.irvalues import load_convert, narrow_to_storage

                v = load_convert(b, narrow_to_storage(b, d, et), et)
            if dist == "rng_uniform":
                back = v if v.type == F64 else b.fpext(v, F64)
                over = b.and_(b.fcmp_ordered(">", hi, lo), b.fcmp_ordered(">=", back, hi))
                v = b.select(over, a, v)
            _store_value(b, out, i, v)
    pcg.store(st_out)


def _store_value(b, out: IrArray, logical, v) -> None:
    shape = out.shape
    if shape.rank == 0:
        out.store(b, Index(shape, [], None), v)
    elif shape.rank == 1 or shape.layout is None or shape.layout.is_default():
        out.store(b, Index(shape, None, logical), v)
    else:
        out.store(b, Index(shape, delinearize(b, logical, Shape(shape.etype, shape.dims)), None), v)


# ------------------------------------------------------------------------------------------------
# rng-get-and-update-state: XLA:CPU's (and the interpreter's): every instruction keeps its own u128
# state (low word first) in a module global, starting at 0x7012395 and advanced by `delta` each time
# it runs, across calls as in an XLA executable

XLA_CPU_RNG_STATE = 0x7012395  # backends/cpu/runtime/rng_state_lib.cc kRngStateInitialValue


@kernel.check("rng-get-and-update-state")
def check_get_and_update_state(instr: Instruction) -> None:
    if instr.operands or instr.shape != Shape("u64", (2,)):
        raise CodegenError("rng-get-and-update-state takes no operands and returns u64[2]", instr.loc)


@kernel("rng-get-and-update-state")
def emit_get_and_update_state(ctx, instr: Instruction) -> None:
    b = ctx.b
    state_t = ir.ArrayType(I64, 2)
    name = f"hloc.rng_state.{len([g for g in ctx.module.global_values if g.name.startswith('hloc.rng_state.')])}"
    state = ir.GlobalVariable(ctx.module, state_t, name)
    state.linkage = "internal"
    state.initializer = ir.Constant(state_t, [XLA_CPU_RNG_STATE, 0])
    lo_p = b.gep(state, [i64(0), i64(0)], inbounds=True)
    hi_p = b.gep(state, [i64(0), i64(1)], inbounds=True)
    delta = i64(int(instr.attrs.get("delta", 0)) & 0xFFFFFFFFFFFFFFFF)
    # Atomic, so concurrent calls of one loaded module draw distinct states (low word, then the carry).
    lo = b.atomic_rmw("add", lo_p, delta, "monotonic")
    carry = b.icmp_unsigned("<", b.add(lo, delta), lo)
    hi = b.atomic_rmw("add", hi_p, b.zext(carry, I64), "monotonic")
    out = ctx.outputs[0]
    shape = Shape("u64", (2,))
    out.store(b, Index(shape, [i64(0)], None), lo)
    out.store(b, Index(shape, [i64(1)], None), hi)
