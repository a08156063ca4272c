"""The convolution kernel: any dim_labels, strides, padding (negative = cropping), lhs (base) and rhs
(window) dilation, window reversal, feature_group_count, batch_group_count, any number of spatial
dimensions, every element type.

Semantics (XLA's evaluator): output element (b, o, y) sums, over the input features c of o's
feature group and the kernel taps k, in[b', g*Cg + c, p(y, k)] * w[c, o, k'] where, per spatial
dim, u = y*stride + k*window_dilation - pad_lo must fall on a base-dilation point inside the input
(p = u / base_dilation), k' = size-1-k for reversed dims, and b' = b + (o / (O / batch_groups)) *
(B_in / batch_groups). Operands are converted to the result type and summed like dot (f32 for f16 /
bf16, wrapping integers).

Two ways to compute:
  * gemm (f32/f64 arithmetic, big enough): im2col in chunks of output rows into the kernel scratch
    (P[row, (c, taps)] = the input under each tap, zero outside), then the module's packed GEMM
    P @ W per chunk and group, writing straight into the output (rows = batch and output spatial
    positions, merged into one strided axis when the output layout allows, e.g. NHWC; operands
    swapped when the output's features are not its contiguous dim, e.g. NCHW). With several threads
    the chunks are the parallel work: one region per convolution (per group and unmerged outer
    index), up to MAX_SLOTS threads claim chunks from a counter and run im2col and the GEMM on them
    with a P chunk and packing buffers of their own (scratch slot per thread). The kernel is used
    in place when its (input feature, taps) dims form one strided axis (HWIO, OIHW), else it is
    repacked once; f16/bf16 data is converted to f32 on the way. The im2col of a chunk is the
    precompiled library's (im2col.py: 2-D f32 runs of a multiple of 16 channels) or a `noinline`
    function of its own (`<kernel>.im2col`, compiled apart by split.py), called with the GEMM from
    the chunk loop, which is `optnone` (nothing there to optimise: ~5 ms of LLVM time). A thread
    packs the kernel for the GEMM once per call and keeps it for its later chunks (gemm.KEEP_B, up
    to KEEP_B_BYTES).
  * direct: a loop nest over output elements with the sum over features and taps in a register
    (`reassoc` for f32/f64), out-of-window taps reading a clamped address and selecting zero.
"""

from __future__ import annotations

import contextlib
import dataclasses
import math
from dataclasses import dataclass, field

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.attrs import Window, WindowDim
from ....ir.module import Instruction
from ....ir.types import Shape
from ..elemental import Accumulators, Elemental, IrArray, binary_op, convert_value, scalar_constant
from ..library import gemm_function, im2col_function
from ..library.gemm import KEEP_B, PACKED_B, b_keep_elems, config_for, pack_elems
from ..library.im2col import VEC, im2col_args
from ..llvmir.hints import compile_apart
from ..llvmir.irvalues import I1, I8, I64, PTR, VOID, const, intrinsic, storage_type
from ..llvmir.loops import SMALL, Index, for_range, loop_nest, strides
from ..llvmir.symbols import fresh_name
from . import kernel
from .dot import GEMM_MIN_MN, GEMM_MIN_WORK, accumulation_etype, check_product_types
from .parallel import COUNTER_BYTES, parallel_chunks

ALIGN = 64
CHUNK_BYTES = 512 * 1024  # im2col rows per GEMM call: about this many bytes of P
# The most bytes of packed kernel a thread keeps across its chunks (GemmPlan.keep_b): a 3x3x512 -> 512
# kernel would take 9.4 MB per thread; a larger one is packed again for each chunk.
KEEP_B_BYTES = 2 * 1024 * 1024
MAX_SLOTS = 4  # threads that split a convolution's rows (each with its own P chunk and packing buffers)
MIN_ROWS_PER_THREAD = 96  # fewer rows per thread do not pay for a parallel region


def _align(n: int) -> int:
    return (n + ALIGN - 1) // ALIGN * ALIGN


@dataclass
class Spatial:
    in_size: int
    out_size: int
    k_size: int
    wd: WindowDim
    in_stride: int
    k_stride: int
    out_stride: int


@dataclass
class Geom:
    """A convolution's sizes and element strides, independent of dim_labels and layouts."""

    b_in: int
    b_out: int
    c_in: int  # input features
    cg: int  # input features per feature group (= the kernel's input feature dim)
    o: int  # output features
    groups: int  # feature_group_count
    bgroups: int  # batch_group_count
    in_b: int  # strides
    in_f: int
    k_i: int
    k_o: int
    out_b: int
    out_f: int
    spatial: list[Spatial]
    labels: object = None

    @property
    def og_feature(self) -> int:
        return self.o // self.groups

    @property
    def og_batch(self) -> int:
        return self.o // self.bgroups

    @property
    def taps(self) -> int:
        return math.prod(s.k_size for s in self.spatial)


def conv_geom(instr: Instruction) -> Geom:
    lhs, rhs, out = instr.operands[0].shape, instr.operands[1].shape, instr.shape
    dl = instr.attrs["dim_labels"]
    window = instr.attrs.get("window") or Window()
    ls, rs, os_ = strides(lhs), strides(rhs), strides(out)
    n = dl.num_spatial
    wdims = list(window.dims) + [WindowDim()] * (n - len(window.dims))
    spatial = [Spatial(lhs.dims[dl.input_spatial[i]], out.dims[dl.output_spatial[i]], rhs.dims[dl.kernel_spatial[i]],
                       wdims[i], ls[dl.input_spatial[i]], rs[dl.kernel_spatial[i]], os_[dl.output_spatial[i]])
               for i in range(n)]
    return Geom(lhs.dims[dl.input_batch], out.dims[dl.output_batch], lhs.dims[dl.input_feature],
                rhs.dims[dl.kernel_input_feature], rhs.dims[dl.kernel_output_feature],
                instr.attrs.get("feature_group_count", 1) or 1, instr.attrs.get("batch_group_count", 1) or 1,
                ls[dl.input_batch], ls[dl.input_feature], rs[dl.kernel_input_feature], rs[dl.kernel_output_feature],
                os_[dl.output_batch], os_[dl.output_feature], spatial, dl)


def _out_size(s: Spatial) -> int:
    """XLA's window output size: StridedBound(padded dilated base, dilated window, stride)."""
    wd = s.wd

    def dilated(bound: int, d: int) -> int:
        return 0 if bound == 0 else (bound - 1) * d + 1

    bound = wd.pad_lo + dilated(s.in_size, wd.base_dilation) + wd.pad_hi
    win = dilated(s.k_size, wd.window_dilation)
    if bound <= 0 or win > bound:
        return 0
    return (bound - win) // wd.stride + 1


@kernel.check("convolution")
def check_convolution(instr: Instruction) -> None:
    if len(instr.operands) != 2 or "dim_labels" not in instr.attrs:
        raise CodegenError("convolution takes two operands and dim_labels", instr.loc)
    lhs, rhs, out = instr.operands[0].shape, instr.operands[1].shape, instr.shape
    dl = instr.attrs["dim_labels"]
    n = dl.num_spatial
    if lhs.rank != n + 2 or rhs.rank != n + 2 or out.is_tuple or out.rank != n + 2:
        raise CodegenError("convolution: operand ranks do not match dim_labels", instr.loc)
    window = instr.attrs.get("window") or Window()
    if len(window.dims) not in (0, n) or (not window.dims and n):
        raise CodegenError(f"convolution: the window has {len(window.dims)} dims, expected {n}", instr.loc)
    for wd in window.dims:
        if wd.stride < 1 or wd.window_dilation < 1 or wd.base_dilation < 1:
            raise CodegenError("convolution: strides and dilations must be positive", instr.loc)
    g = conv_geom(instr)
    for s in g.spatial:
        if s.wd.size != s.k_size:
            raise CodegenError(f"convolution: window size {s.wd.size} does not match the kernel ({s.k_size})",
                               instr.loc)
        if s.out_size != _out_size(s):
            raise CodegenError(f"convolution: output spatial size {s.out_size} does not match the window "
                               f"(expected {_out_size(s)})", instr.loc)
    if g.groups < 1 or g.bgroups < 1 or g.c_in != g.cg * g.groups or g.o % g.groups or g.o % g.bgroups \
            or g.b_in % g.bgroups or g.b_out != g.b_in // g.bgroups:
        raise CodegenError(f"convolution: feature/batch group counts ({g.groups}, {g.bgroups}) do not fit the "
                           f"shapes", instr.loc)
    check_product_types(instr, [lhs, rhs], out)


# ------------------------------------------------------------------------------------------------
# planning the GEMM path


@dataclass
class MAxis:
    comps: list[tuple[str, int, int]]  # (kind 'b' | 's', spatial number, size), outermost first
    out: int  # output stride of the innermost component

    @property
    def size(self) -> int:
        return math.prod(c[2] for c in self.comps)


@dataclass
class GemmPlan:
    outer: list[MAxis]  # output-row axes looped over (not merged with the rows)
    rows: MAxis  # the GEMM's rows: one strided axis of the output
    kcomps: list[tuple[str, int, int, int]]  # (kind 'c' | 's', spatial number, size, kernel stride)
    k_direct: bool  # the kernel is used in place (one strided K axis)
    swapped: bool  # GEMM computes out^T = W^T P^T (rows contiguous in the output)
    chunk: int  # rows per im2col chunk
    acc_etype: str
    slots: int = 1  # per-thread scratch slots (threads that split the rows)
    # B (the kernel) packed once per thread and call, kept for its next chunks (gemm.KEEP_B): its
    # repacking per chunk was 3.7% of conv_resnet_56x56x64's time (14 chunks of 224 rows)
    keep_b: bool = False
    # byte offsets: p, a_pack, b_pack, b_kept (within a slot of `slot` bytes, slots from 0), w, c, total
    scratch: dict = field(default_factory=dict)

    @property
    def k(self) -> int:
        return math.prod(c[2] for c in self.kcomps)


def plan_gemm(instr: Instruction, features: str) -> GemmPlan | None:
    g = conv_geom(instr)
    out = instr.shape
    acc = accumulation_etype(out.etype)
    if acc not in ("f32", "f64") or (g.groups > 1 and g.bgroups > 1):
        return None
    og = g.o // (g.groups * g.bgroups)
    kk = g.cg * g.taps
    mi = g.b_out * math.prod(s.out_size for s in g.spatial)
    if min(og, kk, mi) < 1 or out.num_elements == 0 or instr.operands[0].shape.num_elements == 0:
        return None
    # rows: batch and output spatial dims, merged where the output layout steps through them as one
    axes = [MAxis([("b", 0, g.b_out)], g.out_b)] + [MAxis([("s", i, s.out_size)], s.out_stride)
                                                    for i, s in enumerate(g.spatial)]
    axes = sorted((a for a in axes if a.size != 1), key=lambda a: -a.out)
    merged: list[MAxis] = []
    for a in axes:
        if merged and merged[-1].out == a.out * a.size:
            merged[-1] = MAxis(merged[-1].comps + a.comps, a.out)
        else:
            merged.append(a)
    if not merged:
        merged = [MAxis([], 1)]
    rows = merged[-1]
    if rows.size < GEMM_MIN_MN or og < GEMM_MIN_MN or rows.size * og * kk < GEMM_MIN_WORK:
        return None
    kcomps = [("c", 0, g.cg, g.k_i)] + [("s", i, s.k_size, s.k_stride) for i, s in enumerate(g.spatial)]
    kcomps = sorted((c for c in kcomps if c[2] != 1), key=lambda c: -c[3])
    k_direct = all(kcomps[j][3] == kcomps[j + 1][3] * kcomps[j + 1][2] for j in range(len(kcomps) - 1))
    k_direct = k_direct and instr.operands[1].shape.etype == acc and out.etype == acc
    swapped = rows.out == 1 and g.out_f != 1
    es = 4 if acc == "f32" else 8
    cfg = config_for(features, es * 8)
    # whole GEMM blocks per chunk: a partial block costs edge tiles in every chunk
    step = cfg.mc if swapped else cfg.mr
    block = cfg.nc if swapped else cfg.mc
    target = max(1, CHUNK_BYTES // (kk * es))
    chunk = target // block * block if target >= block else max(step, target // step * step)
    chunk = min(rows.size, chunk)
    # one scratch slot (P chunk and packing buffers) per thread that takes a share of the rows
    slots = max(1, min(MAX_SLOTS, -(-rows.size // max(chunk, MIN_ROWS_PER_THREAD))))
    keep_b = (not swapped and og <= cfg.nc and rows.size > chunk
              and b_keep_elems(cfg, og, kk) * es <= KEEP_B_BYTES)
    plan = GemmPlan(merged[:-1], rows, kcomps, k_direct, swapped, chunk, acc, slots=slots, keep_b=keep_b)
    na, nb = pack_elems(cfg, og, chunk, kk) if swapped else pack_elems(cfg, chunk, og, kk)
    if keep_b:
        nb = b_keep_elems(cfg, og, kk)
    pos = 0
    sc = {}
    for name, nbytes in (("p", chunk * kk * es), ("a_pack", na * es), ("b_pack", nb * es),
                         ("b_kept", 8 if keep_b else 0)):
        sc[name] = pos
        pos += _align(nbytes)
    sc["slot"] = pos
    pos *= slots
    w_bytes = 0 if k_direct else kk * g.o * es
    c_bytes = 0 if out.etype == acc else out.num_elements * es
    for name, nbytes in (("w", w_bytes), ("c", c_bytes), ("counter", COUNTER_BYTES)):
        sc[name] = pos if nbytes else None
        pos += _align(nbytes)
    sc["total"] = pos
    plan.scratch = sc
    return plan


@kernel.scratch("convolution")
def conv_scratch(instr: Instruction, emitter) -> int:
    plan = plan_gemm(instr, emitter.features)
    return plan.scratch["total"] if plan is not None else 0


# ------------------------------------------------------------------------------------------------
# shared pieces


class Reader:
    """Input elements at (input batch, input feature, output position, tap) with the window
    arithmetic, converted to the result type (compute form)."""

    def __init__(self, em: Elemental, arr: IrArray, g: Geom, out_etype: str):
        self.em, self.arr, self.g, self.out_etype = em, arr, g, out_etype

    def value(self, b_in: ir.Value, f_in: ir.Value, ys: list, ks: list):
        bld = self.em.b
        g = self.g
        valid = ir.Constant(I1, 1)
        off = _add(bld, _mul(bld, b_in, g.in_b), _mul(bld, f_in, g.in_f))
        for s, y, k in zip(g.spatial, ys, ks):
            wd = s.wd
            u = bld.sub(_add(bld, _mul(bld, y, wd.stride), _mul(bld, k, wd.window_dilation)), const(I64, wd.pad_lo))
            if wd.base_dilation > 1:
                nonneg = bld.icmp_signed(">=", u, const(I64, 0))
                on_point = bld.icmp_unsigned("==", bld.urem(u, const(I64, wd.base_dilation)), const(I64, 0))
                valid = bld.and_(valid, bld.and_(nonneg, on_point))
                p = bld.sdiv(u, const(I64, wd.base_dilation))
            else:
                p = u
            inside = bld.and_(bld.icmp_signed(">=", p, const(I64, 0)), bld.icmp_signed("<", p, const(I64, s.in_size)))
            valid = bld.and_(valid, inside)
            pc = bld.select(inside, p, const(I64, 0))
            off = _add(bld, off, _mul(bld, pc, s.in_stride))
        x = self.arr.load(bld, Index(self.arr.shape, None, off))
        x = convert_value(self.em, x, self.arr.etype, self.out_etype)
        zero = scalar_constant(self.out_etype, 0)
        if hasattr(x, "re"):
            return type(x)(bld.select(valid, x.re, zero.re), bld.select(valid, x.im, zero.im))
        return bld.select(valid, x, zero)


def _mul(bld, v, k: int):
    if k == 0:
        return const(I64, 0)
    if k == 1:
        return v
    return bld.mul(v, const(I64, k), flags=["nsw"])


def _add(bld, a, c):
    if isinstance(a, ir.Constant) and a.constant == 0:
        return c
    if isinstance(c, ir.Constant) and c.constant == 0:
        return a
    return bld.add(a, c, flags=["nsw"])


def _groups(bld, g: Geom, o: ir.Value):
    """(input batch offset, input feature offset) of output feature o's groups."""
    b_off = const(I64, 0)
    f_off = const(I64, 0)
    if g.bgroups > 1:
        b_off = _mul(bld, bld.udiv(o, const(I64, g.og_batch)), g.b_in // g.bgroups)
    if g.groups > 1:
        f_off = _mul(bld, bld.udiv(o, const(I64, g.og_feature)), g.cg)
    return b_off, f_off


# ------------------------------------------------------------------------------------------------
# emission


@kernel("convolution")
def emit_convolution(ctx, instr: Instruction) -> None:
    if instr.shape.num_elements == 0:
        return
    plan = plan_gemm(instr, ctx.features)
    if plan is None:
        emit_direct(ctx, instr)
    else:
        emit_gemm_conv(ctx, instr, plan)


def emit_direct(ctx, instr: Instruction) -> None:
    bld = ctx.b
    g = conv_geom(instr)
    dl = g.labels
    x_arr, w_arr = ctx.operands[0][0], ctx.operands[1][0]
    out = ctx.outputs[0]
    out_et = out.etype
    acc_et = accumulation_etype(out_et)
    em = Elemental(bld)
    em.fast_flags = ("reassoc", "contract") if acc_et in ("f32", "f64") else ()
    empty_input = x_arr.shape.num_elements == 0
    reader = Reader(em, x_arr, g, out_et)
    # reduction loops ordered by input stride (the contiguous one innermost)
    red = [("c", 0, g.cg, g.in_f)] + [("s", i, s.k_size, s.in_stride) for i, s in enumerate(g.spatial)]
    red = sorted(red, key=lambda r: -r[3])
    with loop_nest(bld, out.shape, "o") as multi:
        b = multi[dl.output_batch]
        o = multi[dl.output_feature]
        ys = [multi[d] for d in dl.output_spatial]
        b_off, f_off = _groups(bld, g, o)
        b_in = _add(bld, b, b_off)
        acc = Accumulators(bld, [scalar_constant(acc_et, 0)])
        if not empty_input:
            with contextlib.ExitStack() as stack:
                ivs = {}
                for kind, i, size, _ in red:
                    ivs[(kind, i)] = stack.enter_context(for_range(bld, size, f"r{kind}{i}"))
                c = ivs[("c", 0)]
                ks = [ivs[("s", i)] for i in range(len(g.spatial))]
                x = reader.value(b_in, _add(bld, c, f_off), ys, ks)
                w_off = _add(bld, _mul(bld, o, g.k_o), _mul(bld, c, g.k_i))
                for s, k in zip(g.spatial, ks):
                    kt = bld.sub(const(I64, s.k_size - 1), k) if s.wd.window_reversal else k
                    w_off = _add(bld, w_off, _mul(bld, kt, s.k_stride))
                w = convert_value(em, w_arr.load(bld, Index(w_arr.shape, None, w_off)), w_arr.etype, out_et)
                acc.set([binary_op(em, "add", acc_et, acc.get()[0], binary_op(em, "multiply", acc_et, x, w))])
        out.store(bld, Index(out.shape, multi, None), acc.get()[0])


def _decompose(bld, flat: ir.Value, comps: list) -> dict:
    """Component values of a flat index over `comps` (outermost first)."""
    vals = {}
    rest = flat
    for j in range(len(comps) - 1, -1, -1):
        kind, i, size = comps[j][:3]
        if j == 0:
            vals[(kind, i)] = rest
        else:
            vals[(kind, i)] = bld.urem(rest, const(I64, size))
            rest = bld.udiv(rest, const(I64, size))
    return vals


def emit_gemm_conv(ctx, instr: Instruction, plan: GemmPlan) -> None:
    bld = ctx.b
    g = conv_geom(instr)
    w_arr = ctx.operands[1][0]
    out = ctx.outputs[0]
    out_et, acc_et = out.etype, plan.acc_etype
    ety = storage_type(acc_et)
    sc = plan.scratch
    fn, _ = gemm_function(ctx.module, acc_et, ctx.features)
    em = Elemental(bld)
    kk = plan.k
    ngroups = g.groups * g.bgroups
    og = g.o // ngroups

    def at(off: int) -> ir.Value:
        return bld.gep(ctx.scratch, [const(I64, off)], inbounds=True, source_etype=I8)

    def elem(ptr, off):
        return bld.gep(ptr, [off], inbounds=True, source_etype=ety)

    # the kernel as a [K, O] matrix: in place, or repacked (and converted) in the im2col K order
    if plan.k_direct:
        w_ptr, w_rs, w_cs = w_arr.ptr, (plan.kcomps[-1][3] if plan.kcomps else 0), g.k_o
    else:
        w_ptr, w_rs, w_cs = at(sc["w"]), g.o, 1
        dst = IrArray(w_ptr, Shape(acc_et, (kk * g.o,)))
        with contextlib.ExitStack() as stack:
            ivs = {}
            for kind, i, size, _ in plan.kcomps:
                ivs[(kind, i)] = stack.enter_context(for_range(bld, size, f"w{kind}{i}"))
            krow = _flat(bld, plan.kcomps, ivs)
            with for_range(bld, g.o, "wo") as o:
                off = _mul(bld, o, g.k_o)
                for kind, i, _, st in plan.kcomps:
                    kidx = ivs[(kind, i)]
                    if kind == "s" and g.spatial[i].wd.window_reversal:
                        kidx = bld.sub(const(I64, g.spatial[i].k_size - 1), kidx)
                    off = _add(bld, off, _mul(bld, kidx, st))
                v = convert_value(em, w_arr.load(bld, Index(w_arr.shape, None, off)), w_arr.etype, out_et)
                v = convert_value(em, v, out_et, acc_et)
                dst.store(bld, Index(dst.shape, None, bld.add(bld.mul(krow, const(I64, g.o)), o)), v)
    rows = plan.rows
    chunk = plan.chunk
    with contextlib.ExitStack() as stack:
        grp = stack.enter_context(for_range(bld, ngroups, "grp")) if ngroups > 1 else const(I64, 0)
        outer_iv = [stack.enter_context(for_range(bld, a.size, f"mo{j}")) for j, a in enumerate(plan.outer)]

        def one_chunk(c, r0, hi, task, extras):
            """Output rows [r0, hi) (one chunk): im2col into this thread's P, then the GEMM with its
            own packing buffers (one parallel region per convolution: no per-chunk or per-block regions)."""
            grp_t, *outer_t = extras
            cb = c.b
            slot = cb.gep(c.scratch, [cb.mul(task, const(I64, sc["slot"]))], inbounds=True, source_etype=I8)

            def sat(off: int, base=slot) -> ir.Value:
                return cb.gep(base, [const(I64, off)], inbounds=True, source_etype=I8)

            o0 = _mul(cb, grp_t, og)  # first output feature of the group
            c_off = _mul(cb, o0, g.out_f)
            for a, iv in zip(plan.outer, outer_t):
                c_off = _add(cb, c_off, _mul(cb, iv, a.out))
            w_t = c.operands[1][0].ptr if plan.k_direct else sat(sc["w"], c.scratch)
            w_t = cb.gep(w_t, [_mul(cb, o0, w_cs)], inbounds=True, source_etype=ety)
            c_t = c.outputs[0].ptr if sc["c"] is None else sat(sc["c"], c.scratch)
            c_t = cb.gep(c_t, [c_off], inbounds=True, source_etype=ety)

            nrows = cb.sub(hi, r0)
            p_ptr = sat(sc["p"])
            if shared_im2col:
                b_off, f_off = _groups(cb, g, o0)
                y, xd = ((s.wd.stride, s.in_size, s.in_stride) for s in g.spatial)
                sizes = {(kind, i): size for kind, i, size in rows.comps}
                taps = [(ky * sy.wd.window_dilation - sy.wd.pad_lo, kx * sx.wd.window_dilation - sx.wd.pad_lo)
                        for sy, sx in [g.spatial] for ky in range(sy.k_size) for kx in range(sx.k_size)]
                cb.call(im2col_function(c.module), im2col_args(
                    cb, c.operands[0][0].ptr, p_ptr, r0, nrows, kk, g.cg, sizes.get(("s", 0), 1),
                    sizes.get(("s", 1), 1), _add(cb, _mul(cb, b_off, g.in_b), f_off), g.in_b, y, xd, taps))
            else:
                cb.call(im2col_fn(c), [c.operands[0][0].ptr, p_ptr, r0, nrows, grp_t, *outer_t])
            if c.fn is not ctx.fn:
                # The range function only claims chunks and calls im2col and the GEMM: not worth
                # optimising (~5 ms of LLVM time; its task becomes glue too, hints.py).
                c.fn.attributes.add("noinline")
                c.fn.attributes.add("optnone")
            c_r = cb.gep(c_t, [_mul(cb, r0, rows.out)], inbounds=True, source_etype=ety)
            if not plan.swapped:
                args = [nrows, const(I64, og), const(I64, kk), p_ptr, const(I64, kk), const(I64, 1),
                        w_t, const(I64, w_rs), const(I64, w_cs), c_r, const(I64, rows.out), const(I64, g.out_f)]
            else:
                args = [const(I64, og), nrows, const(I64, kk), w_t, const(I64, w_cs), const(I64, w_rs),
                        p_ptr, const(I64, chunk), const(I64, 1), c_r, const(I64, g.out_f), const(I64, rows.out)]
            # one A packing slot: the rows are already split (the GEMM splits each block's tiles when
            # this runs on the calling thread with threads to spare, i.e. one im2col slot)
            flags = const(I64, 0)
            if plan.keep_b:  # this thread's first chunk of the call packs B, the others reuse it
                kept = cb.bitcast(sat(sc["b_kept"]), PTR)
                flags = cb.select(cb.icmp_signed("!=", cb.load(kept, typ=I64), const(I64, 0)),
                                  const(I64, PACKED_B), const(I64, KEEP_B))
            cb.call(fn, args + [flags, sat(sc["a_pack"]), sat(sc["b_pack"]), const(I64, 1)])
            if plan.keep_b:
                cb.store(const(I64, 1), kept)

        made: list[ir.Function] = []
        shared_im2col = _shared_im2col(plan, g, ctx.operands[0][0].etype, out_et)

        def im2col_fn(c) -> ir.Function:
            """im2col of a chunk as a function of its own, `(x, p, r0, nrows, grp, outer...)`: compiled
            apart from the rest of the kernel (split.py) when the module is split."""
            if made:
                return made[0]
            types = [PTR, PTR, I64, I64] + [v.type for v in (grp, *outer_iv)]
            f = ir.Function(ctx.module, ir.FunctionType(VOID, types), fresh_name(ctx.module, f"{ctx.fn.name}.im2col"))
            f.linkage = "internal"
            f.attributes.add("noinline")
            f.attributes.add("nounwind")
            for a in f.args[:2]:
                a.add_attribute("noalias")
            compile_apart(f)
            x, p, r0, nrows, grp_f, *outer_f = f.args
            sub = dataclasses.replace(c, fn=f, b=ir.IRBuilder(f.append_basic_block("entry")),
                                      operands=[[IrArray(x, c.operands[0][0].shape)]], outputs=[], scratch=None)
            _im2col(sub, plan, g, og, out_et, p, const(I64, 0), nrows, r0, nrows, grp_f, *outer_f)
            sub.b.ret_void()
            made.append(f)
            return f

        if plan.keep_b:  # (per group and outer index: the kernel's columns differ)
            for s in range(plan.slots):
                bld.store(const(I64, 0), bld.gep(ctx.scratch, [const(I64, s * sc["slot"] + sc["b_kept"])],
                                                 inbounds=True, source_etype=I8))
        parallel_chunks(ctx, rows.size, chunk, rows.size * kk, sc["counter"], plan.slots, one_chunk,
                        extras=(grp, *outer_iv))
    if sc["c"] is not None:
        tmp = IrArray(at(sc["c"]), Shape(acc_et, out.shape.dims, out.shape.layout))
        with for_range(bld, out.shape.num_elements, "cr") as i:
            out.store(bld, Index(out.shape, None, i), tmp.load(bld, Index(tmp.shape, None, i)))


def _im2col(c, plan: GemmPlan, g: Geom, og: int, out_et: str, p_ptr, lo, hi, r0, nrows, grp, *outer_iv) -> None:
    """P[r, kk] (or P[kk, r] when swapped) for chunk rows r in [lo, min(hi, nrows)): the input under
    each tap of output row r0 + r, zero outside, kk in the kernel's K order."""
    bld = c.b
    acc_et = plan.acc_etype
    kk = plan.k
    em = Elemental(bld)
    reader = Reader(em, c.operands[0][0], g, out_et)
    pmat = IrArray(p_ptr, Shape(acc_et, (plan.chunk * kk,)))
    fixed = {}
    for a, iv in zip(plan.outer, outer_iv):
        fixed.update(_decompose(bld, iv, a.comps))
    b_off, f_off = _groups(bld, g, _mul(bld, grp, og))
    hi = bld.select(bld.icmp_signed("<", hi, nrows), hi, nrows)
    if _channel_runs(plan, g, c.operands[0][0].etype, out_et):
        _im2col_runs(c, plan, g, p_ptr, lo, hi, r0, fixed, b_off, f_off)
        return

    def p_value(r, kvals):
        vals = dict(fixed)
        vals.update(_decompose(bld, bld.add(r0, r), plan.rows.comps))
        b = vals.get(("b", 0), const(I64, 0))
        ys = [vals.get(("s", i), const(I64, 0)) for i in range(len(g.spatial))]
        ks = []
        for i, s in enumerate(g.spatial):
            k = kvals.get(("s", i), const(I64, 0))
            ks.append(bld.sub(const(I64, s.k_size - 1), k) if s.wd.window_reversal and plan.k_direct else k)
        ch = kvals.get(("c", 0), const(I64, 0))
        v = reader.value(_add(bld, b, b_off), _add(bld, ch, f_off), ys, ks)
        return convert_value(em, v, out_et, acc_et)

    if not plan.swapped:
        with for_range(bld, hi, "pr", start=lo) as r, _k_loops(bld, plan.kcomps) as kvals:
            kidx = _flat(bld, plan.kcomps, kvals)
            pmat.store(bld, Index(pmat.shape, None, bld.add(bld.mul(r, const(I64, kk)), kidx)), p_value(r, kvals))
    else:
        with _k_loops(bld, plan.kcomps) as kvals, for_range(bld, hi, "pr", start=lo) as r:
            kidx = _flat(bld, plan.kcomps, kvals)
            pmat.store(bld, Index(pmat.shape, None, bld.add(bld.mul(kidx, const(I64, plan.chunk)), r)),
                       p_value(r, kvals))


def _shared_im2col(plan: GemmPlan, g: Geom, in_et: str, out_et: str) -> bool:
    """Whether the im2col is the shared function's (im2col.py): f32 channel runs of a multiple of 16
    channels, two spatial dims without base dilation or reversal, the rows (b, y, x) in that order,
    the taps (ky, kx) too."""
    kinds = [(kind, i) for kind, i, _ in plan.rows.comps]
    order = [("b", 0), ("s", 0), ("s", 1)]
    taps = [(kind, i) for kind, i, _, _ in plan.kcomps[:-1]]
    return (_channel_runs(plan, g, in_et, out_et) and plan.acc_etype == "f32" and g.cg % VEC == 0
            and len(g.spatial) == 2 and not plan.outer and kinds == [c for c in order if c in kinds]
            and taps == [c for c in order[1:] if c in taps]
            and all(s.wd.base_dilation == 1 and not s.wd.window_reversal for s in g.spatial))


def _channel_runs(plan: GemmPlan, g: Geom, in_et: str, out_et: str) -> bool:
    """Whether each (output row, spatial tap) of P is one contiguous run of the input's channels: P is
    row-major with the channels innermost in K (e.g. HWIO kernels), the channels are contiguous in the
    input (e.g. NHWC) and no conversion is needed."""
    return (not plan.swapped and bool(plan.kcomps) and plan.kcomps[-1][0] == "c" and g.in_f == 1
            and in_et == out_et == plan.acc_etype)


def _im2col_runs(c, plan: GemmPlan, g: Geom, p_ptr, lo, hi, r0, fixed: dict, b_off, f_off) -> None:
    """im2col as one copy (llvm.memcpy) of the cg contiguous input channels per output row and tap, or a
    fill with zeros when the tap falls outside the input: one bounds test per run instead of one per
    element, and little IR for LLVM (a per-element loop is unrolled over the taps and vectorised once
    for each)."""
    bld = c.b
    ety = storage_type(plan.acc_etype)
    run_bytes = const(I64, g.cg * (4 if plan.acc_etype == "f32" else 8))
    x_ptr = c.operands[0][0].ptr
    taps = plan.kcomps[:-1]
    with for_range(bld, hi, "pr", start=lo) as r:
        vals = dict(fixed)
        vals.update(_decompose(bld, bld.add(r0, r), plan.rows.comps))
        base = _add(bld, _mul(bld, _add(bld, vals.get(("b", 0), const(I64, 0)), b_off), g.in_b), f_off)
        row = bld.gep(p_ptr, [bld.mul(r, const(I64, plan.k))], inbounds=True, source_etype=ety)
        # taps rolled (SMALL): fully unrolled they only give LLVM more to thread and simplify (compile
        # time), for no run time
        with _k_loops(bld, taps, hint=SMALL) as kvals:
            valid = ir.Constant(I1, 1)
            off = base
            for i, s in enumerate(g.spatial):
                y = vals.get(("s", i), const(I64, 0))
                k = kvals.get(("s", i), const(I64, 0))
                if s.wd.window_reversal and plan.k_direct:
                    k = bld.sub(const(I64, s.k_size - 1), k)
                wd = s.wd
                u = bld.sub(_add(bld, _mul(bld, y, wd.stride), _mul(bld, k, wd.window_dilation)),
                            const(I64, wd.pad_lo))
                if wd.base_dilation > 1:
                    on_point = bld.icmp_unsigned("==", bld.urem(u, const(I64, wd.base_dilation)), const(I64, 0))
                    valid = bld.and_(valid, bld.and_(bld.icmp_signed(">=", u, const(I64, 0)), on_point))
                    u = bld.sdiv(u, const(I64, wd.base_dilation))
                valid = bld.and_(valid, bld.icmp_unsigned("<", u, const(I64, s.in_size)))
                off = _add(bld, off, _mul(bld, u, s.in_stride))
            dst = bld.gep(row, [bld.mul(_flat(bld, taps, kvals), const(I64, g.cg))], inbounds=True, source_etype=ety)
            with bld.if_else(valid) as (inside, outside):
                with inside:
                    intrinsic_memcpy(bld, dst, bld.gep(x_ptr, [off], source_etype=ety), run_bytes)
                with outside:
                    intrinsic_memset(bld, dst, run_bytes)


def intrinsic_memcpy(bld, dst, src, nbytes) -> None:
    intrinsic(bld, "memcpy", [dst, src, nbytes, ir.Constant(I1, 0)], ret=VOID, overload=[PTR, PTR, I64])


def intrinsic_memset(bld, dst, nbytes) -> None:
    intrinsic(bld, "memset", [dst, ir.Constant(I8, 0), nbytes, ir.Constant(I1, 0)], ret=VOID, overload=[PTR, I64])


@contextlib.contextmanager
def _k_loops(bld, kcomps, hint: str | None = None):
    with contextlib.ExitStack() as stack:
        yield {(kind, i): stack.enter_context(for_range(bld, size, f"k{kind}{i}", hint=hint))
               for kind, i, size, _ in kcomps}


def _flat(bld, comps, vals) -> ir.Value:
    """Flat index of component values (outermost first)."""
    total = const(I64, 0)
    for kind, i, size, *_ in comps:
        total = bld.add(bld.mul(total, const(I64, size)), vals[(kind, i)])
    return total
