"""fft: FFT, IFFT, RFFT, IRFFT over the last 1-3 dimensions, c64/c128 (f32/f64 for the real sides).

Computed in double precision, one 1-D transform per line along each transformed dimension (the
transform is separable), pass after pass, each pass's lines split between threads; each line is
gathered into a buffer of the thread's own, transformed there and scattered (the first pass reads
the operand, the last writes the result, a working array in the scratch holds the passes between):
  * power-of-two lengths: radix-2 Cooley-Tukey on the line held split (re[], im[]) and gathered in
    bit-reversed order, one function per module and direction for every length (its butterfly
    loops vectorise; one copy to compile, not one per length and stage), O(n log n); other
    lengths: a direct DFT, O(n^2), with the twiddles exp(-2 pi i jk/n) read from a table at
    (j*k mod n) so that long transforms do not lose accuracy to recurrences;
  * IFFT and IRFFT scale by 1/N (N the product of fft_length), as XLA and numpy do;
  * RFFT: the complex FFT of the real input, keeping the first n/2+1 entries of the last dimension;
  * IRFFT: inverse FFTs along the outer transformed dimensions, then the last dimension is extended
    to a Hermitian spectrum as it is gathered (X[n-k] = conj(X[k]); the imaginary parts of the DC
    and, for even n, Nyquist terms ignored, as XLA:CPU's DUCC and numpy do) and inverted; the real
    part is the result.
"""

from __future__ import annotations

import math

import llvmlite.ir as ir
import numpy as np

from ....errors import CodegenError
from ....ir.module import Instruction
from ....ir.types import Shape
from ..elemental import IrArray
from ..llvmir.irutil import Var
from ..llvmir.irvalues import F64, I1, I32, I64, PTR, Cplx
from ..llvmir.loops import Index, delinearize, for_range
from . import kernel
from .indexing import i64
from .parallel import COUNTER_BYTES, parallel_chunks

C128 = 16  # bytes per complex double


def _is_pow2(n: int) -> bool:
    return n > 0 and n & (n - 1) == 0


def _plan(instr: Instruction):
    """(kind, lengths, working dims): the complex working array has the input's dims, except that
    an IRFFT works on the full last dimension n."""
    kind = instr.attrs.get("fft_type", "FFT")
    lengths = tuple(int(n) for n in instr.attrs.get("fft_length", ()))
    in_dims = tuple(instr.operands[0].shape.dims)
    work = in_dims if kind != "IRFFT" else in_dims[:-1] + (lengths[-1],)
    return kind, lengths, work


@kernel.check("fft")
def check_fft(instr: Instruction) -> None:
    kind, lengths, work = _plan(instr)
    x, out = instr.operands[0].shape, instr.shape
    k = len(lengths)
    if kind not in ("FFT", "IFFT", "RFFT", "IRFFT"):
        raise CodegenError(f"fft: unknown fft_type {kind}", instr.loc)
    if not 1 <= k <= 3 or k > x.rank or out.is_tuple:
        raise CodegenError(f"fft: fft_length {list(lengths)} does not fit an operand of rank {x.rank}", instr.loc)
    lead = tuple(x.dims[:-k])
    if kind in ("FFT", "IFFT"):
        ok = x.etype in ("c64", "c128") and out.etype == x.etype and tuple(x.dims[-k:]) == lengths \
            and out.dims == x.dims
    elif kind == "RFFT":
        ok = (x.etype, out.etype) in (("f32", "c64"), ("f64", "c128")) and tuple(x.dims[-k:]) == lengths \
            and out.dims == lead + lengths[:-1] + (lengths[-1] // 2 + 1,)
    else:
        ok = (x.etype, out.etype) in (("c64", "f32"), ("c128", "f64")) and \
            tuple(x.dims[-k:]) == lengths[:-1] + (lengths[-1] // 2 + 1,) and out.dims == lead + lengths
    if not ok:
        raise CodegenError(f"fft: {kind} with fft_length {list(lengths)} does not map {x} to {out}", instr.loc)


FFT_SLOTS = 4  # threads that may split a pass's lines (each transforms in a line buffer of its own)


def _slot_bytes(n: int) -> int:
    """One thread's line buffer and the direct DFT's temporary (complex doubles), on cache lines."""
    return -(-2 * C128 * max(n, 1) // 64) * 64


def _work_bytes(kind: str, lengths, work) -> int:
    """A complex-double working array between passes: only with several transformed dimensions."""
    return -(-C128 * math.prod(work) // 64) * 64 if len(lengths) > 1 else 0


@kernel.scratch("fft")
def fft_scratch(instr: Instruction, emitter=None) -> int:
    """The lines' chunk counter, the working array, the threads' line buffers."""
    kind, lengths, work = _plan(instr)
    return COUNTER_BYTES + _work_bytes(kind, lengths, work) + FFT_SLOTS * _slot_bytes(max(lengths + (1,)))


def _twiddles(ctx, n: int, count: int, inverse: bool) -> ir.GlobalVariable:
    """A private table of `count` complex doubles exp(-+2 pi i k / n), k < count."""
    m = ctx.module
    name = f"hloc.fft.tw{n}.{count}.{'inv' if inverse else 'fwd'}"
    g = m.globals.get(name)
    if g is not None:
        return g
    k = np.arange(count, dtype=np.float64)
    ang = (2.0 if inverse else -2.0) * np.pi * k / n
    data = np.empty(2 * count, np.float64)
    data[0::2], data[1::2] = np.cos(ang), np.sin(ang)
    arr_t = ir.ArrayType(F64, max(1, 2 * count))
    g = ir.GlobalVariable(m, arr_t, name)
    g.initializer = ir.Constant(arr_t, [float(v) for v in data] or [0.0])
    g.global_constant = True
    g.linkage = "private"
    return g


class _Work:
    """A complex-double array in memory at `ptr` (re, im interleaved)."""

    def __init__(self, b: ir.IRBuilder, ptr: ir.Value):
        self.b = b
        self.ptr = ptr

    def _at(self, i, part: int):
        b = self.b
        return b.gep(self.ptr, [b.add(b.shl(i, i64(1)), i64(part))], inbounds=True, source_etype=F64)

    def load(self, i) -> Cplx:
        return Cplx(self.b.load(self._at(i, 0), typ=F64), self.b.load(self._at(i, 1), typ=F64))

    def store(self, i, v: Cplx) -> None:
        self.b.store(v.re, self._at(i, 0))
        self.b.store(v.im, self._at(i, 1))


def _cmul(b, x: Cplx, y: Cplx) -> Cplx:
    return Cplx(b.fsub(b.fmul(x.re, y.re), b.fmul(x.im, y.im)), b.fadd(b.fmul(x.re, y.im), b.fmul(x.im, y.re)))


def _cadd(b, x: Cplx, y: Cplx) -> Cplx:
    return Cplx(b.fadd(x.re, y.re), b.fadd(x.im, y.im))


def _csub(b, x: Cplx, y: Cplx) -> Cplx:
    return Cplx(b.fsub(x.re, y.re), b.fsub(x.im, y.im))


def _dft_line(ctx, line: _Work, tmp: _Work, n: int, inverse: bool) -> None:
    """line[0:n] = (I)DFT(line[0:n]), unscaled, for a length that is not a power of two: O(n^2)."""
    b = ctx.b
    tw = _Work(b, b.gep(_twiddles(ctx, n, n, inverse), [i64(0), i64(0)], inbounds=True))
    zero = ir.Constant(F64, 0.0)
    with for_range(b, n, "dftk") as k:
        acc_re, acc_im = Var(b, F64, zero), Var(b, F64, zero)
        with for_range(b, n, "dftj") as j:
            w = tw.load(b.urem(b.mul(j, k), i64(n)))
            v = _cmul(b, w, line.load(j))
            acc_re.set(b.fadd(acc_re.get(), v.re))
            acc_im.set(b.fadd(acc_im.get(), v.im))
        tmp.store(k, Cplx(acc_re.get(), acc_im.get()))
    with for_range(b, n, "dftcp") as k:
        line.store(k, tmp.load(k))


def _table(ctx, name: str, typ: ir.Type, values) -> ir.Value:
    """A private constant array (64-byte aligned) and a pointer to its first element."""
    m = ctx.module
    g = m.globals.get(name)
    if g is None:
        arr_t = ir.ArrayType(typ, max(1, len(values)))
        g = ir.GlobalVariable(m, arr_t, name)
        g.initializer = ir.Constant(arr_t, list(values) or [0])
        g.global_constant = True
        g.linkage = "private"
        g.align = 64
    return ctx.b.gep(g, [i64(0), i64(0)], inbounds=True)


def _stage_twiddles(ctx, n: int, inverse: bool):
    """(re, im) tables of the radix-2 stages of a length-n transform, stage after stage: the stage of
    half-length h (h = 1, 2, 4, ... n/2) at [h-1, 2h-1), its j-th entry exp(-+2 pi i j/(2h))."""
    ang = np.concatenate([np.arange(h, dtype=np.float64) * (n // (2 * h)) for h in _halves(n)])
    ang = (2.0 if inverse else -2.0) * np.pi * ang / n
    tag = f"{n}.{'inv' if inverse else 'fwd'}"
    return (_table(ctx, f"hloc.fft.stw{tag}.re", F64, [float(v) for v in np.cos(ang)]),
            _table(ctx, f"hloc.fft.stw{tag}.im", F64, [float(v) for v in np.sin(ang)]))


def _halves(n: int) -> list[int]:
    return [1 << s for s in range(n.bit_length() - 1)]


def _bit_reversal(ctx, n: int) -> ir.Value:
    bits = n.bit_length() - 1
    rev = [int(format(j, f"0{bits}b")[::-1], 2) if bits else 0 for j in range(n)]
    return _table(ctx, f"hloc.fft.rev{n}", I32, rev)


def _pow2_function(ctx, inverse: bool) -> ir.Function:
    """`void f(re, im, n, log2n, twre, twim)`: the unscaled (I)DFT of the length-n (a power of two, n >= 2)
    complex line held split (re[], im[]) in bit-reversed order, in place, by radix-2 decimation in time:
    the first two stages at once (their twiddles are 1 and -+i: exact), then one stage per doubling,
    its butterflies over contiguous runs (vectorised, twiddles from `_stage_twiddles`). One function per
    module and direction, whatever the lengths: LLVM compiles it once."""
    m = ctx.module
    name = f"hloc.fft.pow2.{'inv' if inverse else 'fwd'}"
    fn = m.globals.get(name)
    if fn is not None:
        return fn
    fn = ir.Function(m, ir.FunctionType(ir.VoidType(), [PTR, PTR, I64, I64, PTR, PTR]), name)
    fn.linkage = "internal"
    fn.attributes.add("nounwind")
    re, im, n, log2n, twre, twim = fn.args
    for a in (re, im, twre, twim):
        a.add_attribute("noalias")
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    R, I = _Split(b, re, im), _Split(b, twre, twim)
    with b.if_else(b.icmp_signed("==", n, i64(2))) as (then, otherwise):
        with then:
            x0, x1 = R.load(i64(0)), R.load(i64(1))
            R.store(i64(0), _cadd(b, x0, x1))
            R.store(i64(1), _csub(b, x0, x1))
        with otherwise:
            with for_range(b, b.lshr(n, i64(2)), "fft.r4") as blk:
                p = b.shl(blk, i64(2))
                a = [R.load(b.add(p, i64(t))) for t in range(4)]
                s01, d01 = _cadd(b, a[0], a[1]), _csub(b, a[0], a[1])
                s23, d23 = _cadd(b, a[2], a[3]), _csub(b, a[2], a[3])
                # d23 times -i (forward) or +i (inverse)
                t = Cplx(b.fneg(d23.im), d23.re) if inverse else Cplx(d23.im, b.fneg(d23.re))
                R.store(p, _cadd(b, s01, s23))
                R.store(b.add(p, i64(2)), _csub(b, s01, s23))
                R.store(b.add(p, i64(1)), _cadd(b, d01, t))
                R.store(b.add(p, i64(3)), _csub(b, d01, t))
            with for_range(b, log2n, "fft.stage", start=2) as st:
                h = b.shl(i64(1), st)
                size = b.shl(h, i64(1))
                tw0 = b.sub(h, i64(1))
                with for_range(b, b.lshr(n, b.add(st, i64(1))), "fft.blk") as blk:
                    start = b.mul(blk, size)
                    with for_range(b, h, "fft.bf") as j:
                        w = I.load(b.add(tw0, j))
                        p = b.add(start, j)
                        q = b.add(p, h)
                        u, t = R.load(p), _cmul(b, w, R.load(q))
                        R.store(p, _cadd(b, u, t))
                        R.store(q, _csub(b, u, t))
    b.ret_void()
    return fn


class _Split:
    """A complex-double array held as two arrays of doubles (re[], im[])."""

    def __init__(self, b: ir.IRBuilder, re: ir.Value, im: ir.Value):
        self.b, self.re, self.im = b, re, im

    def load(self, i) -> Cplx:
        b = self.b
        return Cplx(b.load(b.gep(self.re, [i], inbounds=True, source_etype=F64), typ=F64),
                    b.load(b.gep(self.im, [i], inbounds=True, source_etype=F64), typ=F64))

    def store(self, i, v: Cplx) -> None:
        b = self.b
        b.store(v.re, b.gep(self.re, [i], inbounds=True, source_etype=F64))
        b.store(v.im, b.gep(self.im, [i], inbounds=True, source_etype=F64))


def _to_double(b, v, is_complex: bool) -> Cplx:
    if is_complex:
        re, im = v
        if re.type != F64:
            re, im = b.fpext(re, F64), b.fpext(im, F64)
        return Cplx(re, im)
    return Cplx(v if v.type == F64 else b.fpext(v, F64), ir.Constant(F64, 0.0))


def _row_major(shape) -> bool:
    return shape.rank <= 1 or shape.layout is None or shape.layout.is_default()


def _index(b, shape, lin) -> Index:
    """Index of row-major (logical) position `lin` of shape, whatever its layout."""
    if _row_major(shape):
        return Index(shape, None, lin)
    return Index(shape, delinearize(b, lin, Shape(shape.etype, shape.dims)), None)


@kernel("fft")
def emit_fft(ctx, instr: Instruction) -> None:
    """Pass after pass along the transformed dimensions (the last one last), each over its lines split
    between threads: a line is gathered into the thread's buffer (bit-reversed for a power-of-two
    length; an IRFFT's last pass extends the half spectrum as it gathers), transformed and scattered.
    The first pass reads the operand, the last writes the result (scaled, an RFFT's half kept), the ones
    between go through the working array in the scratch."""
    b = ctx.b
    kind, lengths, wdims = _plan(instr)
    x: IrArray = ctx.operands[0][0]
    out: IrArray = ctx.outputs[0]
    if x.shape.num_elements == 0 or out.shape.num_elements == 0:
        return
    k = len(lengths)
    rank = len(wdims)
    inverse = kind in ("IFFT", "IRFFT")
    work_off = _work_bytes(kind, lengths, wdims)
    slot_bytes = _slot_bytes(max(lengths))
    in_dims = x.shape.dims
    axes = list(range(rank - k, rank))
    from_work_first = kind == "IRFFT" and k > 1
    if from_work_first:  # the half spectrum into the full-width working array (the outer passes' lines)
        work = _Work(b, b.gep(ctx.scratch, [i64(COUNTER_BYTES)], inbounds=True, source_etype=ir.IntType(8)))
        half, n_last = in_dims[-1], wdims[-1]
        with for_range(b, math.prod(in_dims), "in") as i:
            row, col = b.udiv(i, i64(half)), b.urem(i, i64(half))
            work.store(b.add(b.mul(row, i64(n_last)), col), _to_double(b, x.load(b, _index(b, x.shape, i)), True))
    scale = 1.0 / math.prod(lengths) if inverse else 1.0
    for number, axis in enumerate(axes):
        first, last = number == 0, number == len(axes) - 1
        _pass(ctx, instr, kind, wdims, axis, inverse, reads_x=first and not from_work_first, writes_out=last,
              hermitian=kind == "IRFFT" and last, scale=scale if last else 1.0, work_off=work_off,
              slot_bytes=slot_bytes)


def _pass(ctx, instr, kind, wdims, axis, inverse, *, reads_x, writes_out, hermitian, scale, work_off, slot_bytes):
    n = wdims[axis]
    inner = math.prod(wdims[axis + 1:])
    lines = math.prod(wdims) // n
    pow2 = _is_pow2(n) and n >= 2

    def body(c, lo, hi, task, _extras):
        b = c.b
        x, out = c.operands[0][0], c.outputs[0]
        work = _Work(b, b.gep(c.scratch, [i64(COUNTER_BYTES)], inbounds=True, source_etype=ir.IntType(8)))
        slot = b.gep(c.scratch, [b.add(i64(COUNTER_BYTES + work_off), b.mul(task, i64(slot_bytes)))], inbounds=True,
                     source_etype=ir.IntType(8))
        if pow2:
            buf = _Split(b, slot, b.gep(slot, [i64(n)], inbounds=True, source_etype=F64))
            rev = _bit_reversal(c, n)
            twre, twim = _stage_twiddles(c, n, inverse)
            fn = _pow2_function(c, inverse)
        else:
            buf = _Work(b, slot)
            tmp = _Work(b, b.gep(slot, [i64(2 * n)], inbounds=True, source_etype=F64))
        with for_range(b, hi, "fft.line", start=lo) as line:
            o, i = (b.udiv(line, i64(inner)), b.urem(line, i64(inner))) if inner > 1 else (line, i64(0))
            base = b.add(b.mul(o, i64(n * inner)), i)

            def gather(j) -> Cplx:
                if reads_x and kind == "IRFFT":  # (one transformed dimension: the row of the half spectrum)
                    return _to_double(b, x.load(b, _index(b, x.shape, b.add(b.mul(o, i64(x.shape.dims[-1])), j))),
                                      True)
                pos = b.add(base, b.mul(j, i64(inner)))
                if reads_x:
                    return _to_double(b, x.load(b, _index(b, x.shape, pos)), x.is_complex)
                return work.load(pos)

            with for_range(b, n, "fft.ld") as j:
                if hermitian:  # X[n-j] = conj(X[j]); the imaginary parts of the DC and Nyquist terms dropped
                    upper = b.icmp_signed(">", j, i64(n // 2))
                    v = gather(b.select(upper, b.sub(i64(n), j), j))
                    real_only = b.or_(b.icmp_signed("==", j, i64(0)),
                                      b.icmp_signed("==", j, i64(n // 2)) if n % 2 == 0 else ir.Constant(I1, 0))
                    zero = ir.Constant(F64, 0.0)
                    v = Cplx(v.re, b.select(real_only, zero, b.select(upper, b.fneg(v.im), v.im)))
                else:
                    v = gather(j)
                if pow2:
                    r = b.zext(b.load(b.gep(rev, [j], inbounds=True, source_etype=I32), typ=I32), I64)
                    buf.store(r, v)
                else:
                    buf.store(j, v)
            if pow2:
                b.call(fn, [buf.re, buf.im, i64(n), i64(n.bit_length() - 1), twre, twim])
            elif n > 1:
                _dft_line(c, buf, tmp, n, inverse)
            kept = n // 2 + 1 if writes_out and kind == "RFFT" else n
            with for_range(b, kept, "fft.st") as j:
                v = buf.load(j)
                if scale != 1.0:
                    s = ir.Constant(F64, scale)
                    v = Cplx(b.fmul(v.re, s), b.fmul(v.im, s))
                pos = b.add(base, b.mul(j, i64(inner)))
                if writes_out:
                    _scatter_out(b, out, kind, o, j, pos, kept, v)
                else:
                    work.store(pos, v)

    # chunks of lines claimed one at a time: a thread that starts late (a busy machine) takes fewer
    parallel_chunks(ctx, lines, max(1, lines // (4 * FFT_SLOTS)), math.prod(wdims) * max(1, n.bit_length()), 0,
                    FFT_SLOTS, body)


def _scatter_out(b, out: IrArray, kind: str, o, j, pos, kept: int, v: Cplx) -> None:
    """Element j of line o (at working position `pos`) into the result, rounded to its type."""
    ct = out.stype
    if kind == "RFFT":  # (the last dimension: its first n/2+1 entries)
        pos = b.add(b.mul(o, i64(kept)), j)
    if kind == "IRFFT":
        out.store(b, _index(b, out.shape, pos), v.re if ct == F64 else b.fptrunc(v.re, ct))
    else:
        out.store(b, _index(b, out.shape, pos), v if ct == F64 else Cplx(b.fptrunc(v.re, ct), b.fptrunc(v.im, ct)))
