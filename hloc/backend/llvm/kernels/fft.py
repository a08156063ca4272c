"""fft: FFT, IFFT, RFFT, IRFFT over the last 1-3 dimensions, c64/c128 (f32/f64 for the real sides).

Computed in double precision in the scratch memory, one 1-D transform per line along each
transformed dimension (the transform is separable), then rounded to the result type:
  * power-of-two lengths: iterative radix-2 Cooley-Tukey (bit-reversal, log2(n) butterfly stages),
    O(n log n); other lengths: a direct DFT, O(n^2), with the twiddles exp(-2 pi i jk/n) read from
    a table at (j*k mod n) so that long transforms do not lose accuracy to recurrences;
  * IFFT and IRFFT scale by 1/N (N the product of fft_length), as XLA and numpy do;
  * RFFT: the complex FFT of the real input, keeping the first n/2+1 entries of the last dimension;
  * IRFFT: inverse FFTs along the outer transformed dimensions, then the last dimension is extended
    to a Hermitian spectrum (X[n-k] = conj(X[k]); the imaginary parts of the DC and, for even n,
    Nyquist terms ignored, as XLA:CPU's DUCC and numpy do) and inverted; the real part is the result.
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
from ..llvmir.irvalues import F64, Cplx
from ..llvmir.loops import Index, delinearize, for_range
from . import kernel
from .indexing import i64

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


@kernel.scratch("fft")
def fft_scratch(instr: Instruction, emitter=None) -> int:
    _, lengths, work = _plan(instr)
    return C128 * (math.prod(work) + 2 * max(lengths + (1,)))


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


def _transform_line(ctx, line: _Work, tmp: _Work, n: int, inverse: bool) -> None:
    """line[0:n] = (I)DFT(line[0:n]), unscaled."""
    b = ctx.b
    if n <= 1:
        return
    if _is_pow2(n):
        bits = n.bit_length() - 1
        # bit-reversal permutation
        with for_range(b, n, "br") as i:
            r = i64(0)
            for k in range(bits):
                r = b.or_(r, b.shl(b.and_(b.lshr(i, i64(k)), i64(1)), i64(bits - 1 - k)))
            with b.if_then(b.icmp_signed("<", i, r)):
                x, y = line.load(i), line.load(r)
                line.store(i, y)
                line.store(r, x)
        tw = _Work(b, b.gep(_twiddles(ctx, n, n // 2, inverse), [i64(0), i64(0)], inbounds=True))
        size = 2
        while size <= n:
            half = size // 2
            step = n // size
            with for_range(b, n // size, f"blk{size}") as blk, for_range(b, half, f"bf{size}") as j:
                start = b.mul(blk, i64(size))
                w = tw.load(b.mul(j, i64(step)))
                p, q = b.add(start, j), b.add(b.add(start, j), i64(half))
                u, t = line.load(p), _cmul(b, w, line.load(q))
                line.store(p, _cadd(b, u, t))
                line.store(q, _csub(b, u, t))
            size *= 2
        return
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


def _lines(ctx, work: _Work, dims, axis: int, body) -> None:
    """For every line of `dims` along `axis`: body(base, stride) (element offsets in `work`)."""
    b = ctx.b
    inner = math.prod(dims[axis + 1:])
    outer = math.prod(dims[:axis])
    n = dims[axis]
    with for_range(b, outer, f"lo{axis}") as o, for_range(b, inner, f"li{axis}") as i:
        body(b.add(b.mul(o, i64(n * inner)), i), i64(inner))


def _axis_pass(ctx, work: _Work, line: _Work, tmp: _Work, dims, axis: int, inverse: bool, hermitian=False):
    b = ctx.b
    n = dims[axis]

    def body(base, stride):
        with for_range(b, n, "ld") as j:
            line.store(j, work.load(b.add(base, b.mul(j, stride))))
        if hermitian:
            _hermitian_extend(b, line, n)
        _transform_line(ctx, line, tmp, n, inverse)
        with for_range(b, n, "st") as j:
            work.store(b.add(base, b.mul(j, stride)), line.load(j))

    _lines(ctx, work, dims, axis, body)


def _hermitian_extend(b, line: _Work, n: int) -> None:
    """line[0 : n//2+1] holds a half spectrum: make the whole of it Hermitian."""
    zero = ir.Constant(F64, 0.0)
    x0 = line.load(i64(0))
    line.store(i64(0), Cplx(x0.re, zero))
    if n % 2 == 0:
        xn = line.load(i64(n // 2))
        line.store(i64(n // 2), Cplx(xn.re, zero))
    with for_range(b, n, "herm", start=n // 2 + 1) as k:
        x = line.load(b.sub(i64(n), k))
        line.store(k, Cplx(x.re, b.fneg(x.im)))


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
    b = ctx.b
    kind, lengths, wdims = _plan(instr)
    x: IrArray = ctx.operands[0][0]
    out: IrArray = ctx.outputs[0]
    if x.shape.num_elements == 0 or out.shape.num_elements == 0:
        return
    k = len(lengths)
    rank = len(wdims)
    total = math.prod(wdims)
    work = _Work(b, ctx.scratch)
    line = _Work(b, b.gep(ctx.scratch, [i64(2 * total)], inbounds=True, source_etype=F64))
    tmp = _Work(b, b.gep(ctx.scratch, [i64(2 * total + 2 * max(lengths))], inbounds=True, source_etype=F64))
    inverse = kind in ("IFFT", "IRFFT")
    in_dims = x.shape.dims
    # load the input into the working array
    if kind == "IRFFT":
        half = in_dims[-1]
        n_last = wdims[-1]
        with for_range(b, math.prod(in_dims), "in") as i:
            row, col = b.udiv(i, i64(half)), b.urem(i, i64(half))
            work.store(b.add(b.mul(row, i64(n_last)), col), _to_double(b, x.load(b, _index(b, x.shape, i)), True))
    else:
        with for_range(b, total, "in") as i:
            work.store(i, _to_double(b, x.load(b, _index(b, x.shape, i)), x.is_complex))
    outer_axes = list(range(rank - k, rank - 1)) if kind == "IRFFT" else list(range(rank - k, rank))
    for axis in outer_axes:
        _axis_pass(ctx, work, line, tmp, wdims, axis, inverse)
    if kind == "IRFFT":
        _axis_pass(ctx, work, line, tmp, wdims, rank - 1, True, hermitian=True)
    scale = 1.0 / math.prod(lengths) if inverse else 1.0
    out_dims = out.shape.dims
    with for_range(b, math.prod(out_dims), "out") as i:
        if kind == "RFFT":
            m = out_dims[-1]
            src = b.add(b.mul(b.udiv(i, i64(m)), i64(wdims[-1])), b.urem(i, i64(m)))
        else:
            src = i
        v = work.load(src)
        if scale != 1.0:
            s = ir.Constant(F64, scale)
            v = Cplx(b.fmul(v.re, s), b.fmul(v.im, s))
        ct = out.stype
        if kind == "IRFFT":
            r = v.re if ct == F64 else b.fptrunc(v.re, ct)
            out.store(b, _index(b, out.shape, i), r)
        else:
            c = v if ct == F64 else Cplx(b.fptrunc(v.re, ct), b.fptrunc(v.im, ct))
            out.store(b, _index(b, out.shape, i), c)
