"""The power-of-two FFT butterflies of a group of lines, as one function per vector type and direction
for every module.

    fn = fft_pow2_function(mod, vt, inverse)      # declared from the precompiled library or emitted
    b.call(fn, [re, im, roots_re, roots_im, n, log2 n, log2 r])

The function takes its length, stage count and twiddle table as arguments, so it is the same for every
FFT of the vector type: emitted, optimised and code-generated per module it cost ~90 ms of LLVM CPU
time each (the jax fft bench module has three). Compiled once per target with the library instead.
The group layout and the complex helpers the kernels (kernels/fft.py) share with it live here too.
"""

from __future__ import annotations

import llvmlite.ir as ir

from ..llvmir.irvalues import F32, I32, I64, PTR, VOID, Cplx, const
from ..llvmir.loops import for_range

L1_BLOCK_BITS = 7  # 128 elements of a group's vectors (16 KiB): the stages within them stay in L1
# (re, im, roots re, roots im, n, log2 n, log2 of the roots' length)
POW2_ARGS = (PTR,) * 4 + (I64,) * 3
# The vector types a group may have (kernels/fft.py `_lanes`: a 64-byte vector, halved for long lines).
POW2_TYPES = tuple(f"{t}x{n}" for t, ns in (("f32", (16, 8, 4, 2, 1)), ("f64", (8, 4, 2, 1))) for n in ns)


def _esize(t: ir.Type) -> int:
    return 4 if t == F32 else 8


def cmul(b, x: Cplx, y: Cplx) -> Cplx:
    return Cplx(b.fsub(b.fmul(x.re, y.re), b.fmul(x.im, y.im)), b.fadd(b.fmul(x.re, y.im), b.fmul(x.im, y.re)))


def cadd(b, x: Cplx, y: Cplx) -> Cplx:
    return Cplx(b.fadd(x.re, y.re), b.fadd(x.im, y.im))


def csub(b, x: Cplx, y: Cplx) -> Cplx:
    return Cplx(b.fsub(x.re, y.re), b.fsub(x.im, y.im))


def splat(b, v: ir.Value, vt: ir.VectorType) -> ir.Value:
    one = b.insert_element(ir.Constant(vt, ir.Undefined), v, ir.Constant(I32, 0))
    mask = ir.Constant(ir.VectorType(I32, vt.count), [0] * vt.count)
    return b.shuffle_vector(one, ir.Constant(vt, ir.Undefined), mask)


def twiddle(b, tables, k, vt: ir.VectorType, inverse: bool) -> Cplx:
    """Entry k of (re, im) tables, conjugated for an inverse transform, splat over the lanes."""
    et = vt.element
    re, im = (b.load(b.gep(p, [k], inbounds=True, source_etype=et), typ=et) for p in tables)
    return Cplx(splat(b, re, vt), splat(b, b.fneg(im) if inverse else im, vt))


class Lanes:
    """A group of complex lines held split (re[n][lanes], im[n][lanes]): element j of every line of the
    group is one vector, so each butterfly works on all the group's lines at once."""

    def __init__(self, b: ir.IRBuilder, re: ir.Value, im: ir.Value, vt: ir.VectorType):
        self.b, self.re, self.im, self.vt = b, re, im, vt
        self.align = _esize(vt.element)

    def _at(self, base, i):
        return self.b.gep(base, [i], inbounds=True, source_etype=self.vt)

    def load(self, i) -> Cplx:
        b = self.b
        return Cplx(b.load(self._at(self.re, i), typ=self.vt, align=self.align),
                    b.load(self._at(self.im, i), typ=self.vt, align=self.align))

    def store(self, i, v: Cplx) -> None:
        self.b.store(v.re, self._at(self.re, i), align=self.align)
        self.b.store(v.im, self._at(self.im, i), align=self.align)


def pow2_component(vt: ir.VectorType, inverse: bool) -> str:
    """The library component (and the function's name after `hloc.`) of a vector type and direction."""
    t = "f32" if vt.element == F32 else "f64"
    return f"fft.pow2.{t}x{vt.count}.{'inv' if inverse else 'fwd'}"


def pow2_vector_type(component: str) -> tuple[ir.VectorType, bool]:
    """The inverse of pow2_component."""
    _, _, ty, direction = component.split(".")
    t, n = ty.split("x")
    return ir.VectorType(F32 if t == "f32" else ir.DoubleType(), int(n)), direction == "inv"


def emit_pow2(mod: ir.Module, vt: ir.VectorType, inverse: bool) -> ir.Function:
    """`void f(re, im, rootsre, rootsim, n, log2n, log2r)`: the unscaled (I)DFT of each lane of a group
    (`Lanes`) of length-n lines (a power of two, n >= 2) held in bit-reversed order, in place, by radix-2
    decimation in time: the first two stages at once (their twiddles are 1 and -+i: exact), then one
    stage per doubling, twiddles from the roots of unity of 2**log2r (m < 2**log2r / 2)."""
    fn = ir.Function(mod, ir.FunctionType(VOID, list(POW2_ARGS)), "hloc." + pow2_component(vt, inverse))
    fn.linkage = "internal"
    fn.attributes.add("nounwind")
    for a in fn.args[:4]:
        a.add_attribute("noalias")
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    re, im, rootsre, rootsim, n, log2n, log2r = fn.args
    R = Lanes(b, re, im, vt)
    with b.if_else(b.icmp_signed("==", n, const(I64, 2))) as (then, otherwise):
        with then:
            x0, x1 = R.load(const(I64, 0)), R.load(const(I64, 1))
            R.store(const(I64, 0), cadd(b, x0, x1))
            R.store(const(I64, 1), csub(b, x0, x1))
        with otherwise:
            def stage(st, lo, count):
                """The radix-2 stage of half-length 2**st over the `count` elements from `lo`."""
                h = b.shl(const(I64, 1), st)
                size = b.shl(h, const(I64, 1))
                stride = b.sub(b.sub(log2r, const(I64, 1)), st)  # W_2h^j = W_r^(j r/2h)
                with for_range(b, b.udiv(count, size), "fft.blk") as blk:
                    start = b.add(lo, b.mul(blk, size))
                    with for_range(b, h, "fft.bf") as j:
                        w = twiddle(b, (rootsre, rootsim), b.shl(j, stride), vt, inverse)
                        p = b.add(start, j)
                        q = b.add(p, h)
                        u, v = R.load(p), cmul(b, w, R.load(q))
                        R.store(p, cadd(b, u, v))
                        R.store(q, csub(b, u, v))

            # the stages within blocks of L1's size block by block, then the longer ones over the line
            small = b.icmp_signed("<", log2n, const(I64, L1_BLOCK_BITS))
            block_bits = b.select(small, log2n, const(I64, L1_BLOCK_BITS))
            block = b.shl(const(I64, 1), block_bits)
            with for_range(b, b.lshr(n, block_bits), "fft.l1") as blk0:
                lo = b.shl(blk0, block_bits)
                with for_range(b, b.lshr(block, const(I64, 2)), "fft.r4") as blk:
                    p = b.add(lo, b.shl(blk, const(I64, 2)))
                    a = [R.load(b.add(p, const(I64, t))) for t in range(4)]
                    s01, d01 = cadd(b, a[0], a[1]), csub(b, a[0], a[1])
                    s23, d23 = cadd(b, a[2], a[3]), csub(b, a[2], a[3])
                    # d23 times -i (forward) or +i (inverse)
                    t = Cplx(b.fneg(d23.im), d23.re) if inverse else Cplx(d23.im, b.fneg(d23.re))
                    R.store(p, cadd(b, s01, s23))
                    R.store(b.add(p, const(I64, 2)), csub(b, s01, s23))
                    R.store(b.add(p, const(I64, 1)), cadd(b, d01, t))
                    R.store(b.add(p, const(I64, 3)), csub(b, d01, t))
                with for_range(b, block_bits, "fft.stage", start=2) as st:
                    stage(st, lo, block)
            with for_range(b, log2n, "fft.stage", start=block_bits) as st:
                stage(st, const(I64, 0), n)
    b.ret_void()
    return fn


# ------------------------------------------------------------------------------------------- movers
# Moving a group's lines between memory and the group's vectors. Lines that are rows (consecutive
# lines of one row-major array) move in tiles of lanes x lanes elements, each row's run read as one
# vector and the tile transposed in registers: the shuffles of a 16 x 16 transpose cost LLVM ~20 ms
# per copy, and each fft kernel had two to four. Lines that are contiguous (an inner dimension) move
# as one vector per element ("runs"). One function per way, vector type, kind of line and
# direction, compiled with the library: part of the vector type's forward butterflies' component.
MOVERS = ("rows.load", "rows.store", "runs.load", "runs.store")
# The kinds of line: its element type, complex (interleaved) or real.
LINE_KINDS = ("f32c", "f32r", "f64c", "f64r")
# loads: (lines, stride, count, group re, group im, position table, its shift)
LOAD_ARGS = (PTR, I64, I64, PTR, PTR, PTR, I64)
# stores: (group re, group im, count, lines, stride, scale)
STORE_ARGS = (PTR, PTR, I64, PTR, I64, ir.DoubleType())


def mover_name(vt: ir.VectorType, mover: str, kind: str) -> str:
    """The function of `mover` (MOVERS) for lines of `kind` (LINE_KINDS) and groups of vector type vt."""
    how, direction = mover.split(".")
    return f"hloc.fft.{how}.{'f32' if vt.element == F32 else 'f64'}x{vt.count}.{kind}.{direction}"


def line_kind(stype: ir.Type, is_complex: bool) -> str:
    return f"{'f32' if stype == F32 else 'f64'}{'c' if is_complex else 'r'}"


def line_kinds(vt: ir.VectorType) -> tuple[str, ...]:
    """The kinds of line groups of vt move: f32 groups only f32 lines (c64 transforms computed in
    f32), f64 groups any (c64 ones computed in f64 too)."""
    return LINE_KINDS[:2] if vt.element == F32 else LINE_KINDS


# The real FFTs' half-length transforms (kernels/fft.py `_real_pass`): the IRFFT's fold of a half
# spectrum into the complex line, (half re, half im, re, im, h, roots re, roots im, root step, position
# table, its shift), and the RFFT's unfold of the complex line's transform, (re, im, h, roots re, roots
# im, root step). (Their loops of twiddled butterflies were ~10 ms of LLVM time per real FFT.)
FOLD_ARGS = (PTR,) * 4 + (I64, PTR, PTR, I64, PTR, I64)
UNFOLD_ARGS = (PTR, PTR, I64, PTR, PTR, I64)


def fold_name(vt: ir.VectorType, unfold: bool) -> str:
    return f"hloc.fft.{'unfold' if unfold else 'fold'}.{'f32' if vt.element == F32 else 'f64'}x{vt.count}"


def mover_exports(vt: ir.VectorType) -> dict[str, ir.FunctionType]:
    """The movers, fold and unfold of vector type vt, by name."""
    out = {mover_name(vt, m, kind): ir.FunctionType(VOID, list(LOAD_ARGS if m.endswith("load") else STORE_ARGS))
           for m in MOVERS for kind in line_kinds(vt)}
    out[fold_name(vt, False)] = ir.FunctionType(VOID, list(FOLD_ARGS))
    out[fold_name(vt, True)] = ir.FunctionType(VOID, list(UNFOLD_ARGS))
    return out


def transpose(b, rows: list) -> list:
    """The columns of a square matrix held as row vectors: one round per bit of the index, each swapping
    that bit of the row and column numbers of every element (two shuffles per pair of rows)."""
    m, v = list(rows), len(rows)
    s = v // 2
    while s:
        lo = ir.Constant(ir.VectorType(I32, v), [j if not j & s else v + j - s for j in range(v)])
        hi = ir.Constant(ir.VectorType(I32, v), [j + s if not j & s else v + j for j in range(v)])
        new = list(m)
        for i in range(v):
            if not i & s:
                new[i] = b.shuffle_vector(m[i], m[i | s], lo)
                new[i | s] = b.shuffle_vector(m[i], m[i | s], hi)
        m = new
        s //= 2
    return m


def convert_vec(b, v: ir.Value, t: ir.Type) -> ir.Value:
    if v.type.element == t:
        return v
    vt = ir.VectorType(t, v.type.count)
    return b.fpext(v, vt) if t != F32 else b.fptrunc(v, vt)


class Run:
    """Runs of `lanes` consecutive elements of a row-major array (complex interleaved, or real) as vectors
    of the compute type `t`."""

    def __init__(self, b, ptr, stype: ir.Type, is_complex: bool, lanes: int, t: ir.Type):
        self.b, self.ptr, self.stype, self.is_complex, self.lanes, self.t = b, ptr, stype, is_complex, lanes, t
        self.align = _esize(stype)

    def load(self, off) -> Cplx:
        b, v = self.b, self.lanes
        if not self.is_complex:
            x = b.load(b.gep(self.ptr, [off], inbounds=True, source_etype=self.stype),
                       typ=ir.VectorType(self.stype, v), align=self.align)
            return Cplx(convert_vec(b, x, self.t), ir.Constant(ir.VectorType(self.t, v), [0.0] * v))
        x = b.load(b.gep(self.ptr, [b.shl(off, const(I64, 1))], inbounds=True, source_etype=self.stype),
                   typ=ir.VectorType(self.stype, 2 * v), align=self.align)
        undef = ir.Constant(x.type, ir.Undefined)
        re = b.shuffle_vector(x, undef, ir.Constant(ir.VectorType(I32, v), list(range(0, 2 * v, 2))))
        im = b.shuffle_vector(x, undef, ir.Constant(ir.VectorType(I32, v), list(range(1, 2 * v, 2))))
        return Cplx(convert_vec(b, re, self.t), convert_vec(b, im, self.t))

    def store(self, off, z: Cplx) -> None:
        b, v = self.b, self.lanes
        re = convert_vec(b, z.re, self.stype)
        if not self.is_complex:
            b.store(re, b.gep(self.ptr, [off], inbounds=True, source_etype=self.stype), align=self.align)
            return
        im = convert_vec(b, z.im, self.stype)
        mix = [q // 2 + (v if q % 2 else 0) for q in range(2 * v)]
        x = b.shuffle_vector(re, im, ir.Constant(ir.VectorType(I32, 2 * v), mix))
        b.store(x, b.gep(self.ptr, [b.shl(off, const(I64, 1))], inbounds=True, source_etype=self.stype),
                align=self.align)


def _kind_types(kind: str) -> tuple[ir.Type, bool]:
    return (F32 if kind.startswith("f32") else ir.DoubleType()), kind.endswith("c")


def _mover(mod: ir.Module, name: str, args) -> tuple[ir.Function, ir.IRBuilder]:
    fn = ir.Function(mod, ir.FunctionType(VOID, list(args)), name)
    fn.linkage = "internal"
    fn.attributes.add("nounwind")
    for a in fn.args:
        if isinstance(a.type, ir.PointerType):
            a.add_attribute("noalias")
    return fn, ir.IRBuilder(fn.append_basic_block("entry"))


def emit_mover(mod: ir.Module, vt: ir.VectorType, mover: str, kind: str) -> ir.Function:
    """The function of `mover` for lines of `kind` (element type; complex interleaved or real) and
    groups of vector type vt (`Lanes`: element j of the group's line q is lane q of vector j):
      rows.load(lines, stride, tiles, re, im, order, shift): elements [0, tiles * lanes) of the rows
        at lines + q * stride (q < lanes) into the group;
      runs.load(lines, stride, n, re, im, order, shift): elements j < n of the group's lines, vector
        lines + j * stride (the lines contiguous), into the group;
    element j at position order[j] >> shift. The stores
    (re, im, count, lines, stride, scale) are their inverses (in order), times `scale` (rounded to
    the compute type) unless it is 1."""
    how, direction = mover.split(".")
    load = direction == "load"
    fn, b = _mover(mod, mover_name(vt, mover, kind), LOAD_ARGS if load else STORE_ARGS)
    stype, is_complex = _kind_types(kind)
    lanes, t = vt.count, vt.element
    if load:
        lines, stride, count, re, im, order, shift = fn.args
    else:
        re, im, count, lines, stride, scale = fn.args
    mem, group = Run(b, lines, stype, is_complex, lanes, t), Lanes(b, re, im, vt)

    def moves(position, scaled):
        if how == "runs":
            with for_range(b, count, "fft.run") as j:
                at = b.mul(j, stride)
                if load:
                    group.store(position(j), mem.load(at))
                else:
                    mem.store(at, scaled(group.load(j)))
            return
        with for_range(b, count, "fft.tile") as tile:
            j0 = b.mul(tile, const(I64, lanes))
            if load:
                got = [mem.load(b.add(b.mul(const(I64, q), stride), j0)) for q in range(lanes)]
            else:
                got = [scaled(group.load(b.add(j0, const(I64, q)))) for q in range(lanes)]
            res, ims = transpose(b, [r.re for r in got]), transpose(b, [r.im for r in got])
            for q in range(lanes):
                if load:
                    group.store(position(b.add(j0, const(I64, q))), Cplx(res[q], ims[q]))
                else:
                    mem.store(b.add(b.mul(const(I64, q), stride), j0), Cplx(res[q], ims[q]))

    if load:
        def ordered(j):
            r = b.load(b.gep(order, [j], inbounds=True, source_etype=I32), typ=I32)
            return b.lshr(b.zext(r, I64), shift)

        moves(ordered, None)
    else:
        sv = splat(b, scale if t != F32 else b.fptrunc(scale, F32), vt)
        with b.if_else(b.fcmp_ordered("==", scale, ir.Constant(ir.DoubleType(), 1.0))) as (one, other):
            with one:
                moves(None, lambda v: v)
            with other:
                moves(None, lambda v: Cplx(b.fmul(v.re, sv), b.fmul(v.im, sv)))
    b.ret_void()
    return fn


def emit_fold(mod: ir.Module, vt: ir.VectorType, unfold: bool) -> ir.Function:
    """fold: the half spectrum X[0..h] of a group of IRFFT lines of length n = 2h (the imaginary parts
    of X[0] and X[h] dropped) into Z[k] = (X[k] + conj X[h-k]) + i W^-k (X[k] - conj X[h-k]), k < h,
    at the positions order[k] >> shift of the complex line (whose unscaled inverse is n z).
    unfold: the transform Z of the complex line z[j] = x[2j] + i x[2j+1] of a group of RFFT lines into
    X[k] = (Z[k] + conj Z[h-k]) / 2 - i W^k (Z[k] - conj Z[h-k]) / 2, k <= h, in place. W = exp(-2 pi
    i / n); W^k is entry k * step of the roots (re, im)."""
    fn, b = _mover(mod, fold_name(vt, unfold), UNFOLD_ARGS if unfold else FOLD_ARGS)
    if unfold:
        re, im, h, rre, rim, step = fn.args
    else:
        hre, him, re, im, h, rre, rim, step, order, shift = fn.args
    buf = Lanes(b, re, im, vt)
    vzero = ir.Constant(vt, [0.0] * vt.count)

    def w(k) -> Cplx:
        return twiddle(b, (rre, rim), b.mul(k, step), vt, not unfold)

    def conj(v: Cplx) -> Cplx:
        return Cplx(v.re, b.fneg(v.im))

    quarter = b.add(b.lshr(h, const(I64, 1)), const(I64, 1))
    if not unfold:
        half = Lanes(b, hre, him, vt)

        def position(j):
            r = b.load(b.gep(order, [j], inbounds=True, source_etype=I32), typ=I32)
            return b.lshr(b.zext(r, I64), shift)

        for end in (const(I64, 0), h):
            v = half.load(end)
            half.store(end, Cplx(v.re, vzero))

        def folded(a: Cplx, bb: Cplx, k) -> Cplx:
            e, d = cadd(b, a, conj(bb)), cmul(b, csub(b, a, conj(bb)), w(k))
            return Cplx(b.fsub(e.re, d.im), b.fadd(e.im, d.re))  # e + i d

        buf.store(position(const(I64, 0)), folded(half.load(const(I64, 0)), half.load(h), const(I64, 0)))
        with for_range(b, quarter, "fft.fold", start=1) as k:
            hk = b.sub(h, k)
            a, bb = half.load(k), half.load(hk)
            zk, zhk = folded(a, bb, k), folded(bb, a, hk)
            buf.store(position(k), zk)
            buf.store(position(hk), zhk)
    else:
        z0 = buf.load(const(I64, 0))
        buf.store(h, Cplx(b.fsub(z0.re, z0.im), vzero))
        buf.store(const(I64, 0), Cplx(b.fadd(z0.re, z0.im), vzero))
        halfc = ir.Constant(vt, [0.5] * vt.count)

        def unfolded(a: Cplx, bb: Cplx, k) -> Cplx:
            e, d = cadd(b, a, conj(bb)), cmul(b, csub(b, a, conj(bb)), w(k))
            return Cplx(b.fmul(b.fadd(e.re, d.im), halfc), b.fmul(b.fsub(e.im, d.re), halfc))  # (e - i d)/2

        with for_range(b, quarter, "fft.unfold", start=1) as k:
            hk = b.sub(h, k)
            a, bb = buf.load(k), buf.load(hk)
            xk, xhk = unfolded(a, bb, k), unfolded(bb, a, hk)
            buf.store(k, xk)
            buf.store(hk, xhk)
    b.ret_void()
    return fn


def emit_movers(mod: ir.Module, vt: ir.VectorType) -> None:
    """Every mover, fold and unfold of vt not yet in `mod` (the library's copy of the component)."""
    for m in MOVERS:
        for kind in line_kinds(vt):
            if mover_name(vt, m, kind) not in mod.globals:
                emit_mover(mod, vt, m, kind)
    for unfold in (False, True):
        if fold_name(vt, unfold) not in mod.globals:
            emit_fold(mod, vt, unfold)
