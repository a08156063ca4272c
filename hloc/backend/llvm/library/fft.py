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
