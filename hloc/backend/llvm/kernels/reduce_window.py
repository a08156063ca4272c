"""reduce-window: padding, strides, base and window dilation, variadic inputs, any reducer; an
elemental rule (one output element = one window reduction, so it can sit inside a fusion) and the
loop kernel over the output.

XLA's semantics: each output element starts from the init values and folds in the window's
elements in row-major window order, acc = reducer(acc..., x...). Window position k of output o in
dimension d sits at p = o*stride + k*window_dilation - pad_lo of the base-dilated input; it is an
input element when p is a multiple of base_dilation and p/base_dilation is in range, and is skipped
otherwise (padding and dilation holes are not read as init values). Skipped positions are loaded
at a clamped index and discarded with a select, so the window loop has no branches.
"""

from __future__ import annotations

import math

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.attrs import Window
from ....ir.module import Instruction
from ....ir.shape_inference import ShapeError, infer_shape
from ..elemental import Accumulators, Elemental, rule
from ..llvmir.irvalues import I1, Cplx
from ..llvmir.loops import Index, index_loop, kernel_hint
from . import kernel
from .indexing import check_scalar_computation, i64, row_major_nest


def window_dims(instr: Instruction):
    w = instr.attrs.get("window") or Window(())
    return w.dims


def window_output_dims(dims, wdims) -> tuple[int, ...]:
    """How many window placements fit along each dimension (reduce-window's result dims)."""
    out = []
    for n, wd in zip(dims, wdims):
        if wd.stride < 1 or wd.base_dilation < 1 or wd.window_dilation < 1 or wd.size < 0:
            raise CodegenError("window strides, dilations and sizes must be positive")
        padded = ((n - 1) * wd.base_dilation + 1 if n else 0) + wd.pad_lo + wd.pad_hi
        span = (wd.size - 1) * wd.window_dilation + 1
        out.append(0 if padded < span else (padded - span) // wd.stride + 1)
    return tuple(out)


def window_source(b: ir.IRBuilder, out_multi, offsets, wdims, in_dims):
    """(clamped input multi-index, in-bounds flag) of window offsets `offsets` at output `out_multi`
    (one of window_output_dims). The flag is the constant true when no window leaves the input."""
    valid = TRUE
    src = []
    for o, k, wd, n, m in zip(out_multi, offsets, wdims, in_dims, window_output_dims(in_dims, wdims)):
        p = b.mul(o, i64(wd.stride)) if wd.stride != 1 else o
        if wd.window_dilation != 1:
            k = b.mul(k, i64(wd.window_dilation))
        p = b.add(p, k) if wd.size != 1 else p
        if wd.pad_lo:
            p = b.sub(p, i64(wd.pad_lo))
        if wd.base_dilation == 1 and wd.pad_lo <= 0 and (m - 1) * wd.stride + last_offset(wd) - wd.pad_lo < n:
            # Every window of this dimension inside the input (no padding: pooling): no checks or
            # clamps (per element and dimension they were most of the IR of a max pool's loop).
            src.append(p)
            continue
        if wd.base_dilation != 1:
            ok = b.and_(b.icmp_signed(">=", p, i64(0)),
                        b.icmp_signed("==", b.srem(p, i64(wd.base_dilation)), i64(0)))
            p = b.sdiv(p, i64(wd.base_dilation))
        else:
            ok = b.icmp_signed(">=", p, i64(0))
        ok = b.and_(ok, b.icmp_signed("<", p, i64(n)))
        valid = ok if valid is TRUE else b.and_(valid, ok)
        p = b.select(b.icmp_signed("<", p, i64(0)), i64(0), p)
        src.append(b.select(b.icmp_signed(">", p, i64(n - 1)), i64(n - 1), p))
    return src, valid


def last_offset(wd) -> int:
    """The window's last position past its first, in the (base-dilated) input."""
    return (wd.size - 1) * wd.window_dilation


TRUE = ir.Constant(I1, 1)


def _select(b, cond, x, y):
    if cond is TRUE:
        return x
    if isinstance(x, Cplx):
        return Cplx(b.select(cond, x.re, y.re), b.select(cond, x.im, y.im))
    return b.select(cond, x, y)


@kernel.check("reduce-window")
def check_reduce_window(instr: Instruction) -> None:
    n = len(instr.operands) // 2
    if n < 1 or len(instr.operands) != 2 * n:
        raise CodegenError("reduce-window takes N inputs and N init values", instr.loc)
    inputs, inits = instr.operands[:n], instr.operands[n:]
    for x in inputs:
        if x.shape.is_tuple or x.shape.dims != inputs[0].shape.dims:
            raise CodegenError("reduce-window inputs must be arrays of the same dimensions", instr.loc)
    for i in inits:
        if i.shape.is_tuple or i.shape.rank != 0:
            raise CodegenError("reduce-window init values must be scalars", instr.loc)
    wdims = window_dims(instr)
    if len(wdims) != inputs[0].shape.rank:
        raise CodegenError(f"reduce-window: window of rank {len(wdims)} on an operand of rank "
                           f"{inputs[0].shape.rank}", instr.loc)
    if any(wd.window_reversal for wd in wdims):
        raise CodegenError("reduce-window with window reversal is not supported", instr.loc)
    try:
        want = infer_shape("reduce-window", [o.shape for o in instr.operands], instr.attrs)
    except ShapeError as e:
        raise CodegenError(f"reduce-window: {e}", instr.loc) from None
    outs = instr.shape.tuple_shapes if instr.shape.is_tuple else (instr.shape,)
    wants = want.tuple_shapes if want.is_tuple else (want,)
    if len(outs) != len(wants) or any(o.dims != w.dims for o, w in zip(outs, wants)):
        raise CodegenError(f"reduce-window: the window gives {want}, the result is {instr.shape}", instr.loc)
    check_scalar_computation(instr, instr.attrs.get("to_apply"), 2 * n, "reducer")


@rule("reduce-window", check=check_reduce_window)
def reduce_window_rule(em: Elemental, instr: Instruction, index: Index):
    b = em.b
    n = len(instr.operands) // 2
    inputs, inits = instr.operands[:n], instr.operands[n:]
    in_shape = inputs[0].shape
    init_vals = [em.value(i, Index(i.shape, [], None)) for i in inits]
    if in_shape.num_elements == 0:
        return tuple(init_vals) if instr.shape.is_tuple else init_vals[0]
    wdims = window_dims(instr)
    out_multi = index.get_multi(b) if in_shape.rank else []
    accs = Accumulators(b, init_vals)
    comp = instr.attrs["to_apply"]
    with em.scope(), row_major_nest(b, [wd.size for wd in wdims], "win") as offsets:
        src, valid = window_source(b, out_multi, offsets, wdims, in_shape.dims)
        xs = [em.value(x, Index(x.shape, src, None)) for x in inputs]
        cur = accs.get()
        new = em.call_computation(comp, cur + xs)  # no reassociation: XLA's order, element by element
        new = list(new) if comp.root.shape.is_tuple else [new]  # (a complex Cplx is a tuple too)
        accs.set([_select(b, valid, v, c) for v, c in zip(new, cur)])
    vals = accs.get()
    return tuple(vals) if instr.shape.is_tuple else vals[0]


@kernel("reduce-window")
def emit_reduce_window(ctx, instr: Instruction) -> None:
    sources = {op: ctx.operand_source(k, op.shape) for k, op in enumerate(instr.operands)}
    em = ctx.elemental(sources)
    out_shape = ctx.outputs[0].shape
    work = out_shape.num_elements * max(1, math.prod(wd.size for wd in window_dims(instr)))
    with em.scope(), index_loop(ctx.b, out_shape, False, "o", hint=kernel_hint(work)) as index:
        v = em.value(instr, index)
        vals = v if instr.shape.is_tuple else (v,)  # (a complex Cplx is a tuple too)
        for out, x in zip(ctx.outputs, vals):
            out.store(ctx.b, index.for_shape(ctx.b, out.shape), x)
