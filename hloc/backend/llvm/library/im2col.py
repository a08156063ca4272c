"""The im2col of 2-D f32 convolutions over channel runs, as one function for every module.

    fn = im2col_function(mod)      # declared from the precompiled library (codegen/linking.py) or emitted
    b.call(fn, im2col_args(...))   # what convolution.py's chunk function calls

A convolution's im2col (convolution.py: P[r, (ky, kx, c)] = x[b, y*sy + ky*dy - py, x*sx + kx*dx - px,
c], zero outside) emitted per module, with its geometry as constants, cost ~10 ms of LLVM time
(conv_resnet_56x56x64: ~11 of ~14 ms), though its loops are the same for every convolution. Here
the geometry is arguments, so the function is compiled once per target with the library (part of its
f32 GEMM component: a convolution calls both).

Shape: rows r of the chunk are output positions r0 + r = (b, y, x) in row-major order (b over
OH x OW); per row and tap (ky, kx) one run of `cg` contiguous channels (cg a multiple of 16) is
copied, or zeroed where the tap falls outside the input. Rows advance by counters (one division
per call, not per row); the taps are a table of input offsets (the module's constant), so the
nest has few values to keep in registers. Run time against the per-module code: within ~1%
(conv_resnet_56x56x64, 1 thread: 1.418 vs 1.406 ms).
"""

from __future__ import annotations

import llvmlite.ir as ir

from ..llvmir.irutil import entry_slot
from ..llvmir.irvalues import F32, I64, PTR, VOID, const
from ..llvmir.loops import COLD, for_range
from ..llvmir.symbols import fresh_name

NAME = "hloc.im2col.f32"
# (x, p, r0, nrows, K, cg, OH, OW, base, in_b, then y: stride, in_size, in_stride, x: the same, then
# taps (pointer to (y, x) offset pairs: ky * dilation - pad_lo, kx * ...), ntaps)
ARGS = (PTR, PTR) + (I64,) * 14 + (PTR, I64)
VEC = 16  # floats per copy (cg is a multiple)
# Run lengths (channels) with a loop nest of their own: a constant run is copied by straight-line
# vector moves (others by a loop of vector moves).
RUNS = (64, 32, 128, 16)


def emit_im2col(mod: ir.Module) -> ir.Function:
    fn = ir.Function(mod, ir.FunctionType(VOID, list(ARGS)), NAME)
    fn.linkage = "internal"
    fn.attributes.add("noinline")
    fn.attributes.add("nounwind")
    for a in fn.args[:2]:
        a.add_attribute("noalias")
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    cg = fn.args[5]
    done = fn.append_basic_block("done")
    for n in RUNS:
        this, other = fn.append_basic_block(f"cg{n}"), fn.append_basic_block(f"not{n}")
        b.cbranch(b.icmp_signed("==", cg, const(I64, n)), this, other)
        b.position_at_end(this)
        _nest(b, fn.args, n)
        b.branch(done)
        b.position_at_end(other)
    _nest(b, fn.args, cg)
    b.branch(done)
    b.position_at_end(done)
    b.ret_void()
    return fn


def _nest(b: ir.IRBuilder, args, run) -> None:
    """The rows of the chunk, each tap's run copied or zeroed; `run`: channels (an int: constant)."""
    x, p, r0, nrows, k, _, oh, ow, base, in_b, sy, hy, sty, sx, wx, stx, taps, ntaps = args
    run_v = const(I64, run) if isinstance(run, int) else run
    vec = ir.VectorType(F32, VEC)
    zero = ir.Constant(vec, None)
    ohw = b.mul(oh, ow)
    pos = []  # b, y, x of row r0, then advanced by one per row
    for v in (b.udiv(r0, ohw), b.udiv(b.urem(r0, ohw), ow), b.urem(r0, ow)):
        slot = entry_slot(b, I64)
        b.store(v, slot)
        pos.append(slot)
    with for_range(b, nrows, "r") as r:
        bi, yi, xi = (b.load(s_, typ=I64) for s_ in pos)
        src_row = b.gep(x, [b.add(base, b.mul(bi, in_b))], source_etype=F32)
        y0, x0 = b.mul(yi, sy), b.mul(xi, sx)
        dst_row = b.gep(p, [b.mul(r, k)], inbounds=True, source_etype=F32)
        with for_range(b, ntaps, "t", hint=COLD) as t:
            pair = b.gep(taps, [b.mul(t, const(I64, 2))], inbounds=True, source_etype=I64)
            uy = b.add(y0, b.load(pair, typ=I64))
            ux = b.add(x0, b.load(b.gep(pair, [const(I64, 1)], inbounds=True, source_etype=I64), typ=I64))
            inside = b.and_(b.icmp_unsigned("<", uy, hy), b.icmp_unsigned("<", ux, wx))
            dst = b.gep(dst_row, [b.mul(t, run_v)], inbounds=True, source_etype=F32)
            with b.if_else(inside) as (copy, fill):
                with copy:
                    src = b.gep(src_row, [b.add(b.mul(uy, sty), b.mul(ux, stx))], source_etype=F32)
                    _runs(b, run, lambda j: b.store(b.load(b.gep(src, [j], source_etype=F32), typ=vec, align=4),
                                                    b.gep(dst, [j], source_etype=F32), align=4))
                with fill:
                    _runs(b, run, lambda j: b.store(zero, b.gep(dst, [j], source_etype=F32), align=4))
        # next output position: x, then y, then b
        xn = b.add(xi, const(I64, 1))
        x_wrap = b.icmp_signed("==", xn, ow)
        yn = b.add(yi, b.zext(x_wrap, I64))
        y_wrap = b.icmp_signed("==", yn, oh)
        b.store(b.select(x_wrap, const(I64, 0), xn), pos[2])
        b.store(b.select(y_wrap, const(I64, 0), yn), pos[1])
        b.store(b.add(bi, b.zext(y_wrap, I64)), pos[0])


def _runs(b: ir.IRBuilder, n, body) -> None:
    """body(j) for j = 0, VEC, ... < n: straight-line for a constant n, else a loop."""
    if isinstance(n, int):
        for j in range(0, n, VEC):
            body(const(I64, j))
        return
    with for_range(b, n, "c", step=VEC, hint=COLD) as j:
        body(j)


def im2col_args(b: ir.IRBuilder, x, p, r0, nrows, k: int, cg: int, oh: int, ow: int, base, in_b: int,
                y: tuple, xdim: tuple, taps: list) -> list:
    """The call's arguments. `y`, `xdim`: (stride, in_size, in_stride); `taps`: (y, x) input offsets
    of each tap (ky * dilation - pad_lo, ...), in K order (a constant table of the module's)."""
    m = b.module
    data = [v for pair in taps for v in pair]
    ty = ir.ArrayType(I64, len(data))
    table = ir.GlobalVariable(m, ty, fresh_name(m, "c.im2col.taps"))
    table.initializer = ir.Constant(ty, data)
    table.global_constant = True
    table.linkage = "private"
    return [x, p, r0, nrows] + [const(I64, v) for v in (k, cg, oh, ow)] + [base, const(I64, in_b)] + [
        const(I64, v) for v in (*y, *xdim)] + [b.bitcast(table, PTR), const(I64, len(taps))]
