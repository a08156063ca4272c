"""fft: FFT, IFFT, RFFT, IRFFT over the last 1-3 dimensions, c64/c128 (f32/f64 for the real sides).

One 1-D transform per line along each transformed dimension (the transform is separable), pass
after pass, each pass's lines in groups of one SIMD vector's lanes (16 f32 or 8 f64 lines side by
side: element j of every line of the group is one vector, so every butterfly works on the whole
group; explicit vector types and no FMA contraction, so the bits do not depend on the CPU), the
groups split between threads. A group is gathered into a buffer of the thread's own (contiguous
lines as one vector per element, rows as tiles transposed in registers, anything else element by
element), transformed there and scattered; the first pass reads the operand, the last writes the
result, a working array in the scratch holds the passes between.
  * compute type: f32 for c64 transforms whose lengths have prime factors <= MAX_RADIX (O(n log n):
    error like XLA:CPU's DUCC, which computes them in f32 too), f64 otherwise;
  * power-of-two lengths: radix-2 decimation in time on lines gathered in bit-reversed order, one
    function per module, direction and vector type for every length, the short stages blocked for
    L1, twiddles from one table of roots of unity per instruction;
  * other lengths with small prime factors: mixed-radix stages (4, 2, 3, 5, 7, 11, 13), gathered in
    digit-reversed order; a larger prime factor: a direct DFT in f64, O(n^2), its twiddles read from
    a table at (j*k mod n) so that long transforms do not lose accuracy to recurrences;
  * IFFT and IRFFT scale by 1/N (N the product of fft_length), as XLA and numpy do;
  * RFFT / IRFFT of an even last length n: that dimension as a complex transform of n/2 on the pairs
    x[2j] + i x[2j+1] (`_real_pass`), the RFFT's first and the IRFFT's last, the other dimensions over
    the n/2+1 columns of the half spectrum; the IRFFT ignores the imaginary parts of the DC and
    Nyquist terms, as XLA:CPU's DUCC and numpy do;
  * RFFT / IRFFT otherwise: the complex FFT of the real input keeping the first n/2+1 entries of the
    last dimension; inverse FFTs along the outer dimensions, then the last extended to a Hermitian
    spectrum as it is gathered (X[n-k] = conj(X[k])) and inverted, its real part the result.
"""

from __future__ import annotations

import math
from types import SimpleNamespace

import llvmlite.ir as ir
import numpy as np

from ....errors import CodegenError
from ....ir.module import Instruction
from ....ir.types import Shape
from ..elemental import IrArray
from ..library import fft_fold_function as fold_function
from ..library import fft_mover_function as mover_function
from ..library import fft_pow2_function as pow2_function
from ..library.fft import Lanes, Run, cadd, cmul, line_kind, twiddle
from ..llvmir.irutil import Var
from ..llvmir.irvalues import F32, F64, I1, I32, I64, PTR, Cplx
from ..llvmir.loops import RARE, Index, delinearize, for_range
from . import kernel
from .indexing import i64
from .parallel import COUNTER_BYTES, parallel_chunks


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
GROUP_BYTES = 64  # one SIMD vector of a group's lanes: 16 f32 or 8 f64 lines transformed side by side
SLOT_BUDGET = 256 << 10  # a thread's group buffer stays within L2: fewer lanes for long lines


def _compute_type(instr: Instruction) -> ir.Type:
    """f32 for c64 transforms whose lengths all factor into primes <= MAX_RADIX (O(n log n) stages:
    rounding error grows as log n; XLA's DUCC computes them in f32 too), f64 otherwise (c128, and the
    direct DFT's n-term sums)."""
    _, lengths, _ = _plan(instr)
    single = instr.shape.etype in ("c64", "f32") and all(max(_radices(n) or [1]) <= MAX_RADIX for n in lengths)
    return F32 if single else F64


def _lanes(n: int, esize: int) -> int:
    """Lines per group: a vector's worth, halved while the group's buffer (n vectors of re and of im) would
    leave L2 (measured at 4096: 8 f32 lanes in 256 KiB beat 16 in 512 KiB and 4 in 128 KiB)."""
    v = GROUP_BYTES // esize
    while v > 1 and 2 * n * v * esize > SLOT_BUDGET:
        v //= 2
    return v


def _slot_bytes(n: int, esize: int) -> int:
    """One thread's group buffer and the direct DFT's temporary (split re/im vectors), on cache lines."""
    return -(-4 * esize * _lanes(n, esize) * max(n, 1) // 64) * 64


def _work_bytes(kind: str, lengths, work, esize: int) -> int:
    """A complex working array between passes (interleaved, compute type): only with several transformed
    dimensions."""
    return -(-2 * esize * math.prod(work) // 64) * 64 if len(lengths) > 1 else 0


def _esize(t: ir.Type) -> int:
    return 4 if t == F32 else 8


@kernel.scratch("fft")
def fft_scratch(instr: Instruction, emitter=None) -> int:
    """The lines' chunk counter, the working array, the threads' group buffers."""
    kind, lengths, work = _plan(instr)
    es = _esize(_compute_type(instr))
    return COUNTER_BYTES + _work_bytes(kind, lengths, work, es) + FFT_SLOTS * max(
        _slot_bytes(n, es) for n in lengths + (1,))


class _Work:
    """A complex array of element type `t` in memory at `ptr` (re, im interleaved)."""

    def __init__(self, b: ir.IRBuilder, ptr: ir.Value, t: ir.Type = F64):
        self.b, self.ptr, self.t = b, ptr, t

    def _at(self, i, part: int):
        b = self.b
        return b.gep(self.ptr, [b.add(b.shl(i, i64(1)), i64(part))], inbounds=True, source_etype=self.t)

    def load(self, i) -> Cplx:
        return Cplx(self.b.load(self._at(i, 0), typ=self.t), self.b.load(self._at(i, 1), typ=self.t))

    def store(self, i, v: Cplx) -> None:
        self.b.store(v.re, self._at(i, 0))
        self.b.store(v.im, self._at(i, 1))


def _table(ctx, name: str, values: np.ndarray) -> ir.Value:
    """A private constant array of `values` (f32, f64 or i32; 64-byte aligned) and a pointer to its first
    element. Held as its bytes in the target's byte order: LLVM IR's text of a byte string is a
    quarter of a float list's and much faster for llvmlite to write."""
    m = ctx.module
    g = m.globals.get(name)
    if g is None:
        order = ">" if "E" in str(getattr(m, "data_layout", "") or "").split("-") else "<"
        data = bytearray(np.ascontiguousarray(values, values.dtype.newbyteorder(order)).tobytes() or bytes(4))
        arr_t = ir.ArrayType(ir.IntType(8), len(data))
        g = ir.GlobalVariable(m, arr_t, name)
        g.initializer = ir.Constant(arr_t, data)
        g.global_constant = True
        g.linkage = "private"
        g.align = 64
    return ctx.b.gep(g, [i64(0), i64(0)], inbounds=True)


def _angle_tables(ctx, name: str, t: ir.Type, steps: np.ndarray, n: int):
    """(re, im) tables of exp(-2 pi i s / n) for the integer steps s, computed in f64 and rounded to t
    (inverse transforms conjugate them as they load them: exact)."""
    ang = -2.0 * np.pi * steps.astype(np.float64) / n
    cast = np.float32 if t == F32 else np.float64
    tag = f"{name}{n}.{'f32' if t == F32 else 'f64'}"
    return (_table(ctx, f"hloc.fft.{tag}.re", np.cos(ang).astype(cast)),
            _table(ctx, f"hloc.fft.{tag}.im", np.sin(ang).astype(cast)))


def _roots(ctx, n: int, t: ir.Type):
    """exp(-2 pi i m / n), m < n/2, n a power of two: the twiddles of every radix-2 stage of every
    power-of-two length up to n (the stage of half-length h takes every n/(2h)-th), one table per
    instruction, not one per length and stage (the tables dominate the module's size)."""
    return _angle_tables(ctx, "roots", t, np.arange(max(1, n // 2)), n)


def _largest_pow2(lengths) -> int:
    return max([n for n in lengths if _is_pow2(n)] + [1])


def _bit_reversal(ctx, n: int) -> ir.Value:
    """The bit reversals of log2 n bits (a shorter power of two m: shifted right by log2(n/m))."""
    bits = n.bit_length() - 1
    j, rev = np.arange(n, dtype=np.int64), np.zeros(n, np.int64)
    for k in range(bits):  # (bit k of j to bit bits-1-k: a Python loop over 4096 j cost ~5 ms a table)
        rev |= ((j >> k) & 1) << (bits - 1 - k)
    return _table(ctx, f"hloc.fft.rev{n}", rev.astype(np.int32))


def _line_function(ctx, name: str, vt: ir.VectorType, nargs: int, nints: int = 2
                   ) -> tuple[ir.Function, ir.IRBuilder | None]:
    """The module's function `name` (void, pointer and i64 arguments) and a builder at its entry when it is
    new (None when it exists)."""
    m = ctx.module
    fn = m.globals.get(name)
    if fn is not None:
        return fn, None
    fn = ir.Function(m, ir.FunctionType(ir.VoidType(), [PTR] * nargs + [I64] * nints), name)
    fn.linkage = "internal"
    fn.attributes.add("nounwind")
    for a in fn.args[:nargs]:
        a.add_attribute("noalias")
    return fn, ir.IRBuilder(fn.append_basic_block("entry"))


MAX_RADIX = 16  # a larger prime factor: the direct DFT (a radix-p butterfly is p^2 multiplications, unrolled)


def _radices(n: int) -> list[int]:
    """n's factors in the order the mixed-radix stages apply them: 4s, 2, 3, 5, 7, then larger primes."""
    out = []
    for p in (4, 2, 3, 5, 7):
        while n % p == 0:
            out.append(p)
            n //= p
    q = 11
    while n > 1:
        while n % q == 0:
            out.append(q)
            n //= q
        q += 2
    return out


def _input_order(idx: list[int], radices: list[int]) -> list[int]:
    """Which input element each buffer position holds before decimation-in-time stages of these radices
    (the last stage's sub-transforms take every p-th element; recursively: the digit reversal)."""
    if not radices:
        return idx
    p = radices[-1]
    return [i for q in range(p) for i in _input_order(idx[q::p], radices[:-1])]


def _digit_reversal(ctx, n: int) -> ir.Value:
    """The buffer position of each input element of a mixed-radix line."""
    order = _input_order(list(range(n)), _radices(n))
    where = [0] * n
    for pos, i in enumerate(order):
        where[i] = pos
    return _table(ctx, f"hloc.fft.perm{n}", np.array(where, np.int32))


def _mixed_function(ctx, n: int, vt: ir.VectorType, inverse: bool) -> ir.Function:
    """`void f(re, im, n, _)`: the unscaled (I)DFT of each lane of a group of length-n lines (n's prime
    factors <= MAX_RADIX) held in digit-reversed order (`_digit_reversal`), in place, by decimation in
    time: per stage of radix p over sub-transforms of length m, X[j + r m] = sum_q W_pm^(qj) Y_q[j]
    W_p^(qr), the twiddles W_pm^(qj) from a table (computed in f64), the W_p^(qr) constants. O(n sum p).
    One function per module, length, direction and vector type."""
    t = "f32" if vt.element == F32 else "f64"
    direction = "inv" if inverse else "fwd"
    fn, b = _line_function(ctx, f"hloc.fft.mixed{n}.{t}x{vt.count}.{direction}", vt, 2)
    if b is None:
        return fn
    re, im, _, _ = fn.args
    R = Lanes(b, re, im, vt)
    et, sign = vt.element, 2.0 if inverse else -2.0

    def splat_const(v: float) -> ir.Value:
        return ir.Constant(vt, [float(v)] * vt.count)

    def times(y: Cplx, c: complex) -> Cplx:
        """y * c for a constant c, exactly for c in (1, -1, i, -i)."""
        cr, ci = round(c.real, 15), round(c.imag, 15)
        if (cr, ci) == (1.0, 0.0):
            return y
        if (cr, ci) == (-1.0, 0.0):
            return Cplx(b.fneg(y.re), b.fneg(y.im))
        if (cr, ci) == (0.0, 1.0):
            return Cplx(b.fneg(y.im), y.re)
        if (cr, ci) == (0.0, -1.0):
            return Cplx(y.im, b.fneg(y.re))
        return cmul(b, Cplx(splat_const(c.real), splat_const(c.imag)), y)

    saved = ctx.b
    ctx.b = b  # the tables' pointers are made in this function
    try:
        m = 1
        for p in _radices(n):
            size = m * p
            roots = [complex(np.exp(1j * sign * np.pi * k / p)) for k in range(p)]
            if m > 1:
                steps = np.array([j * q for j in range(m) for q in range(1, p)], dtype=np.int64)
                tables = _angle_tables(ctx, f"mtw{n}.", et, steps, size)
            with for_range(b, n // size, f"fft.m{size}") as blk, for_range(b, m, f"fft.m{size}j") as j:
                p0 = b.add(b.mul(blk, i64(size)), j)
                ys = [R.load(b.add(p0, i64(q * m))) for q in range(p)]
                if m > 1:
                    for q in range(1, p):
                        k = b.add(b.mul(j, i64(p - 1)), i64(q - 1))
                        ys[q] = cmul(b, twiddle(b, tables, k, vt, inverse), ys[q])
                for r in range(p):
                    acc = ys[0]
                    for q in range(1, p):
                        acc = cadd(b, acc, times(ys[q], roots[q * r % p]))
                    R.store(b.add(p0, i64(r * m)), acc)
            m = size
    finally:
        ctx.b = saved
    b.ret_void()
    return fn


def _dft_function(ctx, vt: ir.VectorType, inverse: bool) -> ir.Function:
    """`void f(re, im, tre, tim, twre, twim, n, _)`: the unscaled (I)DFT of each lane of a group of
    length-n lines (any n), in place through the temporary (tre, tim): O(n^2), with the twiddles
    exp(-+2 pi i jk/n) read from the table at (j*k mod n), so that long transforms do not lose accuracy
    to recurrences."""
    t = "f32" if vt.element == F32 else "f64"
    fn, b = _line_function(ctx, f"hloc.fft.dft.{t}x{vt.count}.{'inv' if inverse else 'fwd'}", vt, 6)
    if b is None:
        return fn
    re, im, tre, tim, twre, twim, n, _ = fn.args
    X, T = Lanes(b, re, im, vt), Lanes(b, tre, tim, vt)
    zero = ir.Constant(vt, [0.0] * vt.count)
    with for_range(b, n, "dftk") as k:
        acc_re, acc_im, idx = Var(b, vt, zero), Var(b, vt, zero), Var(b, I64, i64(0))
        with for_range(b, n, "dftj") as j:
            at = idx.get()
            v = cmul(b, twiddle(b, (twre, twim), at, vt, inverse), X.load(j))
            acc_re.set(b.fadd(acc_re.get(), v.re))
            acc_im.set(b.fadd(acc_im.get(), v.im))
            nxt = b.add(at, k)
            idx.set(b.select(b.icmp_unsigned(">=", nxt, n), b.sub(nxt, n), nxt))
        T.store(k, Cplx(acc_re.get(), acc_im.get()))
    with for_range(b, n, "dftcp") as k:
        X.store(k, T.load(k))
    b.ret_void()
    return fn


def _convert(b, v: ir.Value, t: ir.Type) -> ir.Value:
    if v.type == t:
        return v
    return b.fpext(v, t) if t == F64 else b.fptrunc(v, t)


def _to_compute(b, v, is_complex: bool, t: ir.Type) -> Cplx:
    if is_complex:
        return Cplx(_convert(b, v[0], t), _convert(b, v[1], t))
    return Cplx(_convert(b, v, t), ir.Constant(t, 0.0))


def _row_major(shape) -> bool:
    return shape.rank <= 1 or shape.layout is None or shape.layout.is_default()


def _index(b, shape, lin) -> Index:
    """Index of row-major (logical) position `lin` of shape, whatever its layout."""
    if _row_major(shape):
        return Index(shape, None, lin)
    return Index(shape, delinearize(b, lin, Shape(shape.etype, shape.dims)), None)


@kernel("fft")
def emit_fft(ctx, instr: Instruction) -> None:
    """Pass after pass along the transformed dimensions (the last one last), each over its lines in groups
    (`Lanes`) split between threads: a group is gathered into the thread's buffer (bit-reversed for a
    power-of-two length; an IRFFT's last pass extends the half spectrum as it gathers), transformed and
    scattered. The first pass reads the operand, the last writes the result (scaled, an RFFT's half
    kept), the ones between go through the working array in the scratch."""
    b = ctx.b
    kind, lengths, wdims = _plan(instr)
    x: IrArray = ctx.operands[0][0]
    out: IrArray = ctx.outputs[0]
    if x.shape.num_elements == 0 or out.shape.num_elements == 0:
        return
    t = _compute_type(instr)
    es = _esize(t)
    k = len(lengths)
    rank = len(wdims)
    inverse = kind in ("IFFT", "IRFFT")
    work_off = _work_bytes(kind, lengths, wdims, es)
    slot_bytes = max(_slot_bytes(n, es) for n in lengths)
    in_dims = x.shape.dims
    axes = list(range(rank - k, rank))
    scale = 1.0 / math.prod(lengths) if inverse else 1.0
    if _packs(instr, kind, wdims):  # the other dimensions over the half spectrum only
        half = tuple(in_dims) if kind == "IRFFT" else tuple(out.shape.dims)
        if kind == "RFFT":
            _real_pass(ctx, instr, kind, wdims, t, reads_x=True, writes_out=k == 1, scale=1.0, work_off=work_off,
                       slot_bytes=slot_bytes)
        for number, axis in enumerate(axes[:-1]):
            _pass(ctx, instr, "IFFT" if inverse else "FFT", half, axis, inverse, t,
                  reads_x=number == 0 and kind == "IRFFT", writes_out=kind == "RFFT" and axis == rank - 2,
                  hermitian=False, scale=1.0, work_off=work_off, slot_bytes=slot_bytes)
        if kind == "IRFFT":
            _real_pass(ctx, instr, kind, wdims, t, reads_x=k == 1, writes_out=True, scale=scale, work_off=work_off,
                       slot_bytes=slot_bytes)
        return
    from_work_first = kind == "IRFFT" and k > 1
    if from_work_first:  # the half spectrum into the full-width working array (the outer passes' lines)
        work = _Work(b, b.gep(ctx.scratch, [i64(COUNTER_BYTES)], inbounds=True, source_etype=ir.IntType(8)), t)
        half, n_last = in_dims[-1], wdims[-1]
        with for_range(b, math.prod(in_dims), "in") as i:
            row, col = b.udiv(i, i64(half)), b.urem(i, i64(half))
            work.store(b.add(b.mul(row, i64(n_last)), col), _to_compute(b, x.load(b, _index(b, x.shape, i)), True, t))
    for number, axis in enumerate(axes):
        first, last = number == 0, number == len(axes) - 1
        _pass(ctx, instr, kind, wdims, axis, inverse, t, reads_x=first and not from_work_first, writes_out=last,
              hermitian=kind == "IRFFT" and last, scale=scale if last else 1.0, work_off=work_off,
              slot_bytes=slot_bytes)




def _move(b, mod, vt, mover: str, lines: Run, start, stride: int, count: int, group, table=None, shift: int = 0,
          scale: float = 1.0) -> None:
    """A group's lines moved by the library's `mover` (library/fft.py MOVERS): between the lines of `lines`
    from element offset `start` (the first line's element 0) and the group's vectors `group` (re, im);
    loads put element j at position table[j] >> shift (table None: at j), stores scale by `scale`.
    rows: `count` tiles, the lines every `stride` elements; runs: `count` elements every `stride`."""
    if count <= 0:
        return
    fn = mover_function(mod, vt, mover, line_kind(lines.stype, lines.is_complex))
    at = b.gep(lines.ptr, [b.shl(start, i64(1)) if lines.is_complex else start], inbounds=True,
               source_etype=lines.stype)
    if mover.endswith("load"):
        if table is None:  # (an identity table: the library's loads take one, for one loop, not two)
            n = count * (vt.count if mover.startswith("rows") else 1)
            table = _table(SimpleNamespace(module=mod, b=b), f"hloc.fft.iota{n}", np.arange(n, dtype=np.int32))
        b.call(fn, [at, i64(stride), i64(count), group[0], group[1], table, i64(shift)])
    else:
        b.call(fn, [group[0], group[1], i64(count), at, i64(stride), ir.Constant(F64, scale)])


def _pass(ctx, instr, kind, wdims, axis, inverse, t, *, reads_x, writes_out, hermitian, scale, work_off,
          slot_bytes):
    n = wdims[axis]
    roots_n = _largest_pow2(_plan(instr)[1])
    inner = math.prod(wdims[axis + 1:])
    lines = math.prod(wdims) // n
    pow2 = _is_pow2(n) and n >= 2
    mixed = not pow2 and n > 1 and max(_radices(n)) <= MAX_RADIX
    es = _esize(t)
    lanes = _lanes(n, es)
    vt = ir.VectorType(t, lanes)
    # The lines of a group: consecutive ones (rows, or inner dimensions narrower than the lanes), or a
    # chunk of `lanes` contiguous lines of one outer index (their run per j moves as one vector).
    chunked = inner > 1 and (inner % lanes == 0 or inner >= lanes)
    chunks = -(-inner // lanes)
    groups = lines // inner * chunks if chunked else -(-lines // lanes)
    partial = inner % lanes != 0 if chunked else lines % lanes != 0  # some groups with fewer lines
    kept = n // 2 + 1 if writes_out and kind == "RFFT" else n
    x_shape, out_shape = instr.operands[0].shape, instr.shape
    # Whole groups move as vectors when their lines are contiguous (a run of `lanes` elements per j) or
    # rows (tiles of lanes x lanes, transposed in registers); the rest element by element.
    if reads_x and (kind == "IRFFT" or not _row_major(x_shape)) or hermitian:
        gather_by = None
    else:
        gather_by = "runs" if chunked else "tiles" if inner == 1 and n >= lanes else None
    if writes_out and not _row_major(out_shape):
        scatter_by = None
    elif chunked and not (writes_out and kind in ("RFFT", "IRFFT")):
        scatter_by = "runs"
    else:
        scatter_by = "tiles" if inner == 1 and kept >= lanes else None

    def body(c, lo, hi, task, _extras):
        b = c.b
        x, out = c.operands[0][0], c.outputs[0]
        work_ptr = b.gep(c.scratch, [i64(COUNTER_BYTES)], inbounds=True, source_etype=ir.IntType(8))
        work = _Work(b, work_ptr, t)
        source = Run(b, x.ptr, x.stype, x.is_complex, lanes, t) if reads_x else Run(b, work_ptr, t, True, lanes, t)
        dest = Run(b, out.ptr, out.stype, kind != "IRFFT", lanes, t) if writes_out else \
            Run(b, work_ptr, t, True, lanes, t)
        slot = b.gep(c.scratch, [b.add(i64(COUNTER_BYTES + work_off), b.mul(task, i64(slot_bytes)))], inbounds=True,
                     source_etype=ir.IntType(8))
        part = [b.gep(slot, [i64(q * n)], inbounds=True, source_etype=vt) for q in range(4)]
        buf = Lanes(b, part[0], part[1], vt)
        if pow2:
            rev = _bit_reversal(c, roots_n)
            rootsre, rootsim = _roots(c, roots_n, t)
            fn = pow2_function(c.module, vt, inverse)
        elif mixed:
            perm = _digit_reversal(c, n)
            fn = _mixed_function(c, n, vt, inverse)
        elif n > 1:
            twre, twim = _angle_tables(c, "dft", t, np.arange(n), n)
            fn = _dft_function(c, vt, inverse)
        zero = ir.Constant(t, 0.0)

        def lane_at(vec_ptr, j, lane):
            return b.gep(vec_ptr, [b.add(b.mul(j, i64(lanes)), lane)], inbounds=True, source_etype=t)

        # the position table of element j and its shift (None: j itself), for the library's movers
        order = (rev, roots_n.bit_length() - n.bit_length()) if pow2 else (perm, 0) if mixed else (None, 0)

        def position(j):
            if not (pow2 or mixed):
                return j
            r = b.zext(b.load(b.gep(rev if pow2 else perm, [j], inbounds=True, source_etype=I32), typ=I32), I64)
            return b.lshr(r, i64(roots_n.bit_length() - n.bit_length())) if pow2 and roots_n != n else r

        def scaled(v: Cplx) -> Cplx:
            if scale == 1.0:
                return v
            s = ir.Constant(v.re.type, [scale] * lanes if isinstance(v.re.type, ir.VectorType) else scale)
            return Cplx(b.fmul(v.re, s), b.fmul(v.im, s))

        with for_range(b, hi, "fft.group", start=lo) as g:
            if chunked:
                at = b.mul(b.urem(g, i64(chunks)), i64(lanes))
                first = b.add(b.mul(b.udiv(g, i64(chunks)), i64(inner)), at)
                count = b.sub(i64(inner), at)
            else:
                first = b.mul(g, i64(lanes))
                count = b.sub(i64(lines), first)
            count = b.select(b.icmp_signed("<", count, i64(lanes)), count, i64(lanes))
            whole = b.icmp_signed("==", count, i64(lanes))
            if partial:  # a group's missing lines: zeros, not stale data
                with b.if_then(b.not_(whole)):
                    zv = ir.Constant(vt, [0.0] * lanes)
                    with for_range(b, n, "fft.zero", hint=RARE) as j:
                        buf.store(j, Cplx(zv, zv))

            def base_of(lane):
                line = b.add(first, lane)
                o, i = (b.udiv(line, i64(inner)), b.urem(line, i64(inner))) if inner > 1 else (line, i64(0))
                return o, b.add(b.mul(o, i64(n * inner)), i)

            def gather(lane, j) -> Cplx:
                o, base = base_of(lane)
                if reads_x and kind == "IRFFT":  # (one transformed dimension: the row of the half spectrum)
                    return _to_compute(b, x.load(b, _index(b, x.shape, b.add(b.mul(o, i64(x.shape.dims[-1])), j))),
                                       True, t)
                pos = b.add(base, b.mul(j, i64(inner)))
                if reads_x:
                    return _to_compute(b, x.load(b, _index(b, x.shape, pos)), x.is_complex, t)
                return work.load(pos)

            def gather_elements(start=0, hint=None):
                with for_range(b, n, "fft.ld", start=start, hint=hint) as j:
                    if hermitian:  # X[n-j] = conj(X[j]); the imaginary parts of the DC and Nyquist terms dropped
                        upper = b.icmp_signed(">", j, i64(n // 2))
                        src = b.select(upper, b.sub(i64(n), j), j)
                        real_only = b.or_(b.icmp_signed("==", j, i64(0)),
                                          b.icmp_signed("==", j, i64(n // 2)) if n % 2 == 0 else ir.Constant(I1, 0))
                    else:
                        src = j
                    r = position(j)
                    with for_range(b, count, "fft.ldl", hint=hint) as lane:
                        v = gather(lane, src)
                        if hermitian:
                            v = Cplx(v.re, b.select(real_only, zero, b.select(upper, b.fneg(v.im), v.im)))
                        b.store(v.re, lane_at(part[0], r, lane))
                        b.store(v.im, lane_at(part[1], r, lane))

            def gather_vectors():
                if gather_by == "runs":
                    _move(b, c.module, vt, "runs.load", source, base_of(i64(0))[1], inner, n, part, *order)
                    return
                _move(b, c.module, vt, "rows.load", source, b.mul(first, i64(n)), n, n // lanes, part, *order)
                if n % lanes:
                    gather_elements(n - n % lanes, RARE)

            def scatter_elements(start, hint=None):
                with for_range(b, kept, "fft.st", start=start, hint=hint) as j, \
                        for_range(b, count, "fft.stl", hint=hint) as lane:
                    v = scaled(Cplx(b.load(lane_at(part[0], j, lane), typ=t), b.load(lane_at(part[1], j, lane), typ=t)))
                    o, base = base_of(lane)
                    pos = b.add(base, b.mul(j, i64(inner)))
                    if writes_out:
                        _scatter_out(b, out, kind, o, j, pos, kept, v)
                    else:
                        work.store(pos, v)

            def scatter_vectors():
                if scatter_by == "runs":
                    _move(b, c.module, vt, "runs.store", dest, base_of(i64(0))[1], inner, n, part, scale=scale)
                    return
                row = kept if writes_out and kind == "RFFT" else n
                _move(b, c.module, vt, "rows.store", dest, b.mul(first, i64(row)), row, kept // lanes, part,
                      scale=scale)
                if kept % lanes:
                    scatter_elements(kept - kept % lanes, RARE)

            def either(by, vectors, elements):
                # The element loops are the whole move without a vector form; else they only finish
                # a row's last elements or a last partial group: RARE, as _real_pass's
                if by is None:
                    elements(hint=None)
                elif not partial:
                    vectors()
                else:
                    with b.if_else(whole) as (then, otherwise):
                        with then:
                            vectors()
                        with otherwise:
                            elements(hint=RARE)

            either(gather_by, gather_vectors, gather_elements)
            if pow2:
                b.call(fn, [part[0], part[1], rootsre, rootsim, i64(n), i64(n.bit_length() - 1),
                            i64(roots_n.bit_length() - 1)])
            elif mixed:
                b.call(fn, [part[0], part[1], i64(n), i64(0)])
            elif n > 1:
                b.call(fn, [part[0], part[1], part[2], part[3], twre, twim, i64(n), i64(0)])
            either(scatter_by, scatter_vectors, lambda hint: scatter_elements(0, hint))

    # chunks of groups claimed one at a time: a thread that starts late (a busy machine) takes fewer
    parallel_chunks(ctx, groups, max(1, groups // (4 * FFT_SLOTS)), math.prod(wdims) * max(1, n.bit_length()), 0,
                    FFT_SLOTS, body)


def _packs(instr, kind: str, wdims) -> bool:
    """Whether an RFFT or IRFFT runs its last dimension as a complex transform of half the length
    (`_real_pass`; an RFFT first, an IRFFT last, the other dimensions over the half spectrum): an even
    length whose half has small prime factors, row-major arrays."""
    n = wdims[-1]
    if kind not in ("RFFT", "IRFFT") or n % 2 or n < 4:
        return False
    return max(_radices(n // 2)) <= MAX_RADIX and _row_major(instr.operands[0].shape) and _row_major(instr.shape)


def _real_pass(ctx, instr, kind, wdims, t, *, reads_x, writes_out, scale, work_off, slot_bytes):
    """The last dimension of an RFFT or IRFFT of even length n as a complex transform of length h = n/2 on
    the pairs z[j] = x[2j] + i x[2j+1], lines in groups as `_pass` has them. RFFT: Z = DFT_h(z), then
    X[k] = (Z[k] + conj Z[h-k]) / 2 - i W^k (Z[k] - conj Z[h-k]) / 2 (W = exp(-2 pi i/n)) for k <= h.
    IRFFT: the half spectrum (the imaginary parts of X[0] and X[h] dropped) folds into
    Z[k] = (X[k] + conj X[h-k]) + i W^-k (X[k] - conj X[h-k]), k < h, whose unscaled inverse is n z."""
    n = wdims[-1]
    h = n // 2
    roots_n = _largest_pow2(_plan(instr)[1])
    lines = math.prod(wdims) // n
    es = _esize(t)
    lanes = _lanes(n, es)
    vt = ir.VectorType(t, lanes)
    groups = -(-lines // lanes)
    forward = kind == "RFFT"
    # rows in complex elements (a real row of n: h pairs)
    src_row = h if forward else h + 1
    dst_row = h + 1 if forward else h
    glen, slen = (h, h + 1) if forward else (h + 1, h)

    def body(c, lo, hi, task, _extras):
        b = c.b
        x, out = c.operands[0][0], c.outputs[0]
        work_ptr = b.gep(c.scratch, [i64(COUNTER_BYTES)], inbounds=True, source_etype=ir.IntType(8))
        src_ptr, src_t = (x.ptr, x.stype) if reads_x else (work_ptr, t)
        dst_ptr, dst_t = (out.ptr, out.stype) if writes_out else (work_ptr, t)
        src, dst = Run(b, src_ptr, src_t, True, lanes, t), Run(b, dst_ptr, dst_t, True, lanes, t)
        slot = b.gep(c.scratch, [b.add(i64(COUNTER_BYTES + work_off), b.mul(task, i64(slot_bytes)))], inbounds=True,
                     source_etype=ir.IntType(8))
        part = [b.gep(slot, [i64(q * n)], inbounds=True, source_etype=vt) for q in range(4)]
        buf, half = Lanes(b, part[0], part[1], vt), Lanes(b, part[2], part[3], vt)
        if _is_pow2(h):  # (n a power of two too: the instruction's roots of unity serve both)
            order = _bit_reversal(c, roots_n)
            roots = _roots(c, roots_n, t)
            fn = pow2_function(c.module, vt, not forward)
            args = [*roots, i64(h), i64(h.bit_length() - 1), i64(roots_n.bit_length() - 1)]
            w_at = roots_n // n  # W_n^k = W_r^(k r/n)
        else:
            order = _digit_reversal(c, h)
            fn, args = _mixed_function(c, h, vt, not forward), [i64(h), i64(0)]
            roots, w_at = _angle_tables(c, "rw", t, np.arange(h), n), 1
        vzero = ir.Constant(vt, [0.0] * lanes)

        shift = roots_n.bit_length() - h.bit_length() if _is_pow2(h) else 0

        def position(j):  # (where the complex line's element j is held: order[j] >> shift)
            r = b.zext(b.load(b.gep(order, [j], inbounds=True, source_etype=I32), typ=I32), I64)
            return b.lshr(r, i64(shift)) if shift else r

        def pair_at(ptr, stype, off, part_):
            return b.gep(ptr, [b.add(b.shl(off, i64(1)), i64(part_))], inbounds=True, source_etype=stype)

        def lane_at(vec_ptr, j, lane):
            return b.gep(vec_ptr, [b.add(b.mul(j, i64(lanes)), lane)], inbounds=True, source_etype=t)

        # gathered into: the buffer in transform order (RFFT), the half spectrum in order (IRFFT)
        into, into_at = (buf, position) if forward else (half, lambda j: j)

        with for_range(b, hi, "fft.group", start=lo) as g:
            first = b.mul(g, i64(lanes))
            count = b.sub(i64(lines), first)
            count = b.select(b.icmp_signed("<", count, i64(lanes)), count, i64(lanes))
            whole = b.icmp_signed("==", count, i64(lanes))
            if lines % lanes:  # a last group's missing lines: zeros, not stale data
                with b.if_then(b.not_(whole)), for_range(b, n, "fft.zero", hint=RARE) as j:
                    buf.store(j, Cplx(vzero, vzero))
                    half.store(j, Cplx(vzero, vzero))

            def gather_elements(start):
                with for_range(b, glen, "fft.ld", start=start, hint=RARE) as j, \
                        for_range(b, count, "fft.ldl", hint=RARE) as lane:
                    off = b.add(b.mul(b.add(first, lane), i64(src_row)), j)
                    r = into_at(j)
                    for q, vec_ptr in enumerate((into.re, into.im)):
                        v = _convert(b, b.load(pair_at(src_ptr, src_t, off, q), typ=src_t), t)
                        b.store(v, lane_at(vec_ptr, r, lane))

            def gather_tiles():
                _move(b, c.module, vt, "rows.load", src, b.mul(first, i64(src_row)), src_row, glen // lanes,
                      [into.re, into.im], *((order, shift) if forward else (None, 0)))
                if glen % lanes:
                    gather_elements(glen - glen % lanes)

            def scatter_elements(start):
                with for_range(b, slen, "fft.st", start=start, hint=RARE) as j, \
                        for_range(b, count, "fft.stl", hint=RARE) as lane:
                    off = b.add(b.mul(b.add(first, lane), i64(dst_row)), j)
                    for q, vec_ptr in enumerate((buf.re, buf.im)):
                        v = b.load(lane_at(vec_ptr, j, lane), typ=t)
                        if scale != 1.0:
                            v = b.fmul(v, ir.Constant(t, scale))
                        b.store(_convert(b, v, dst_t), pair_at(dst_ptr, dst_t, off, q))

            def scatter_tiles():
                _move(b, c.module, vt, "rows.store", dst, b.mul(first, i64(dst_row)), dst_row, slen // lanes, part,
                      scale=scale)
                if slen % lanes:
                    scatter_elements(slen - slen % lanes)

            def either(vectors, elements):
                if lines % lanes == 0:
                    vectors()
                    return
                with b.if_else(whole) as (then, otherwise):
                    with then:
                        vectors()
                    with otherwise:
                        elements(0)

            either(gather_tiles, gather_elements)
            if not forward:  # fold the half spectrum into Z (in transform order)
                b.call(fold_function(c.module, vt, False), [part[2], part[3], part[0], part[1], i64(h), *roots,
                                                           i64(w_at), order, i64(shift)])
            b.call(fn, [part[0], part[1], *args])
            if forward:  # unfold Z into X[0..h]
                b.call(fold_function(c.module, vt, True), [part[0], part[1], i64(h), *roots, i64(w_at)])
            either(scatter_tiles, scatter_elements)

    parallel_chunks(ctx, groups, max(1, groups // (4 * FFT_SLOTS)), math.prod(wdims) * max(1, n.bit_length()), 0,
                    FFT_SLOTS, body)


def _scatter_out(b, out: IrArray, kind: str, o, j, pos, kept: int, v: Cplx) -> None:
    """Element j of line o (at working position `pos`) into the result, rounded to its type."""
    ct = out.stype
    if kind == "RFFT":  # (the last dimension: its first n/2+1 entries)
        pos = b.add(b.mul(o, i64(kept)), j)
    if kind == "IRFFT":
        out.store(b, _index(b, out.shape, pos), _convert(b, v.re, ct))
    else:
        out.store(b, _index(b, out.shape, pos), Cplx(_convert(b, v.re, ct), _convert(b, v.im, ct)))
