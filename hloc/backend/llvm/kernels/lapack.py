"""The linear-algebra custom calls natively: each Plan (hloc/lapack/plans.py) as compiled calls to
LAPACK, the routines and arguments jaxlib's kernels use, so results are LAPACK's own.

Why LAPACK and not an expansion into HLO: these are the routines XLA:CPU itself runs for jax
(through jaxlib), blocked and multithreaded (OpenBLAS), bit-compatible with it where the library
is, and an expansion of eigh or svd would be both slower and a different algorithm. The price is a
link dependency: the object calls ILP64 LAPACK by the plain Fortran names (`dgetrf_`, 64-bit
integers, trailing hidden lengths of the character arguments), which `hloc run` binds to the
library `hloc.lapack.library` finds, and which `hloc compile` users link (the header says how).

Per batch element, in the kernel's scratch: every Buf of the plan, column-major; the operands are
copied in (a memcpy when the operand's layout already is that order and type, else a loop
converting s32 <-> s64 where the LAPACK integer differs), LAPACK is called, the results copied out.
A Buf whose result block (and operand, if it reads one) already is LAPACK's order and type is the
result's block instead (its operand copied there once), and trsm's triangle in that order is read
in the operand (_direct).
A queried workspace is sized once per call by LAPACK's own query (lwork = -1) and malloc'ed, as
jaxlib does; the others live in the scratch. geev's extras (a finiteness check before the call,
real eigenvector pairs unpacked into complex columns) follow jaxlib too.

Around its calls the kernel sets OpenBLAS's thread count (`openblas_set_num_threads_local`, a weak
reference: a LAPACK without it keeps its own count) to one thread below PARALLEL_MIN_ELEMENTS
(hloc/lapack/library.py), else the threads the entry may use, and restores the previous count after.
A large single trsm (MIN_SPLIT_WORK) whose matrices are LAPACK's order splits its right-hand side over
the pool's threads instead, one OpenBLAS thread per slice: the same bits as one call.
"""

from __future__ import annotations

import llvmlite.ir as ir

from .... import lapack
from ....errors import CodegenError
from ....ir.module import Instruction
from ....ir.types import Layout, Shape
from ....lapack.library import PARALLEL_MIN_ELEMENTS, THREADS_SYMBOL
from .. import library
from ..elemental import IrArray
from ..llvmir.irutil import Var, entry_alloca, while_
from ..llvmir.irvalues import I8, I32, I64, PTR, VOID, const, intrinsic, storage_type
from ..llvmir.loops import Index, delinearize, for_range
from .indexing import memcpy
from .parallel import PARALLEL_MIN_WORK, parallel_range

ALIGN = 64
_BYTES = {"f32": 4, "f64": 8, "c64": 8, "c128": 16, "s64": 8, "s32": 4}


def check(instr: Instruction) -> lapack.Plan:
    try:
        return lapack.plan(instr)
    except lapack.PlanError as e:
        raise CodegenError(str(e), instr.loc) from None


def _layout(p: lapack.Plan) -> tuple[dict[str, int], int]:
    """Byte offsets in the scratch of every buffer and fixed-size workspace."""
    offsets, at = {}, 0
    items = [(b.name, b.etype, b.size) for b in p.bufs]
    items += [(w.name, w.etype, w.size) for w in p.works if w.size != lapack.QUERY]
    for name, etype, size in items:
        offsets[name] = at
        at += -(-max(1, size) * _BYTES[etype] // ALIGN) * ALIGN
    return offsets, at


def scratch_bytes(instr: Instruction) -> int:
    return _layout(check(instr))[1]


def _column_major(batch_rank: int, dims_rank: int) -> tuple[int, ...]:
    """minor_to_major of an array whose per-batch blocks are contiguous and column-major."""
    inner = tuple(batch_rank + d for d in range(dims_rank))
    return inner + tuple(range(batch_rank - 1, -1, -1))


def _declare(module: ir.Module, name: str, fnty: ir.FunctionType) -> ir.Function:
    fn = module.globals.get(name)
    if fn is None:
        fn = ir.Function(module, fnty, name)
    return fn


def emit(ctx, instr: Instruction) -> None:
    p = check(instr)
    if _splits_rhs(instr, p, ctx):
        _emit_split_trsm(ctx, p)
        return
    b = ctx.b
    offsets, _ = _layout(p)
    nchars = sum(1 for a in p.args if a[0] == "char")
    routine = _declare(ctx.module, lapack.symbol(p.routine),
                       ir.FunctionType(VOID, [PTR] * len(p.args) + [I64] * nchars))

    def at(name: str) -> ir.Value:
        return b.gep(ctx.scratch, [const(I64, offsets[name])], inbounds=True, source_etype=I8)

    work_ptrs = {w.name: at(w.name) for w in p.works if w.size != lapack.QUERY}
    lengths = {w.name: entry_alloca(b, I64, name=f"l{w.name}") for w in p.works}
    for w in p.works:
        b.store(const(I64, max(1, w.size) if w.size != lapack.QUERY else -1), lengths[w.name])
    cells = []
    for arg in p.args:
        kind = arg[0]
        if kind == "char":
            cell = entry_alloca(b, I8, name="c")
            b.store(const(I8, ord(arg[1])), cell)
        elif kind == "int":
            cell = entry_alloca(b, I64, name="n")
            b.store(const(I64, arg[1]), cell)
        elif kind == "one":
            t = storage_type(p.etype)
            cell = entry_alloca(b, t, count=2, name="one")
            b.store(ir.Constant(t, 1.0), cell)
            b.store(ir.Constant(t, 0.0), b.gep(cell, [const(I64, 1)], source_etype=t))
        elif kind == "len":
            cell = lengths[arg[1]]
        elif kind == "null":
            cell = ir.Constant(PTR, None)
        else:
            cell = None  # a buffer: its pointer
        cells.append(cell)

    def pointer(arg: tuple, ptrs: dict[str, ir.Value]) -> ir.Value:
        if len(arg) == 2:
            return ptrs[arg[1]]
        etype = next(x.etype for x in (*p.bufs, *p.works) if x.name == arg[1])
        return b.gep(ptrs[arg[1]], [const(I64, arg[2] * _BYTES[etype])], inbounds=True, source_etype=I8)

    def call(ptrs: dict[str, ir.Value]) -> None:
        args = [cell if cell is not None else pointer(arg, ptrs) for arg, cell in zip(p.args, cells)]
        b.call(routine, args + [const(I64, 1)] * nchars)

    buf_ptrs = {buf.name: at(buf.name) for buf in p.bufs}
    queried = [w for w in p.works if w.size == lapack.QUERY]
    malloc = free = None
    if queried:
        malloc = _declare(ctx.module, "malloc", ir.FunctionType(PTR, [I64]))
        free = _declare(ctx.module, "free", ir.FunctionType(VOID, [PTR]))
        answer = entry_alloca(b, I8, count=16 * len(queried), name="query")
        call({**buf_ptrs, **work_ptrs, **{w.name: b.gep(answer, [const(I64, 16 * k)], source_etype=I8)
                                          for k, w in enumerate(queried)}})
        for k, w in enumerate(queried):
            t = storage_type(lapack.plans.REAL_OF[w.etype])
            size = b.fptosi(b.load(b.gep(answer, [const(I64, 16 * k)], source_etype=I8), typ=t), I64)
            size = b.select(b.icmp_signed("<", size, const(I64, 1)), const(I64, 1), size)
            b.store(size, lengths[w.name])
            work_ptrs[w.name] = b.call(malloc, [b.mul(size, const(I64, _BYTES[w.etype]))])

    direct = _direct(p, ctx)
    restore = _set_threads(ctx, _blas_parallel(p))
    with for_range(b, p.batch_count, "batch") as i:
        buf_ptrs = dict(buf_ptrs)
        for buf in p.bufs:
            nbytes = buf.size * _BYTES[buf.etype]
            how = direct.get(buf.name)
            if how is not None:  # LAPACK works on the operand's or the result's own block
                arr = ctx.operands[buf.source][0] if how == "operand" else ctx.outputs[buf.result]
                buf_ptrs[buf.name] = b.gep(arr.ptr, [b.mul(i, const(I64, nbytes))], inbounds=True,
                                           source_etype=I8)
                if how == "result" and buf.source is not None:
                    src = ctx.operands[buf.source][0].ptr
                    memcpy(b, buf_ptrs[buf.name], b.gep(src, [b.mul(i, const(I64, nbytes))], inbounds=True,
                                                        source_etype=I8), nbytes)
                elif how == "result":
                    _memset0(b, buf_ptrs[buf.name], nbytes)
            elif buf.source is not None:
                _stage(b, p, buf, ctx.operands[buf.source][0], buf_ptrs[buf.name], i, into_buf=True)
            else:
                _memset0(b, buf_ptrs[buf.name], nbytes)
        if p.finite_check:
            finite = _all_finite(b, p.buf(p.finite_check), buf_ptrs[p.finite_check])
            with b.if_else(finite) as (then, otherwise):
                with then:
                    call({**buf_ptrs, **work_ptrs})
                    _unpack_all(b, p, buf_ptrs)
                with otherwise:  # (jaxlib's answer; LAPACK is not called)
                    b.store(const(I64, -4), buf_ptrs["info"])
        else:
            call({**buf_ptrs, **work_ptrs})
        for buf in p.bufs:
            if buf.result is not None and direct.get(buf.name) != "result":
                _stage(b, p, buf, ctx.outputs[buf.result], buf_ptrs[buf.name], i, into_buf=False)
    restore()
    for w in queried:
        b.call(free, [work_ptrs[w.name]])


# Routines whose read-only matrix arguments LAPACK never writes, even for a while (dorm2r sets
# A(i, i) = 1 and restores it): those may be read in the operand's buffer.
READS_IN_PLACE = frozenset({"trsm"})


def _direct(p: lapack.Plan, ctx) -> dict[str, str]:
    """Buffers LAPACK may use where they are instead of in a scratch copy, by name: "result" (the
    result's block: an operand it updates is copied there, one copy instead of two), "operand" (a
    read-only argument of READS_IN_PLACE). Only blocks already LAPACK's order and type: the others are
    converted in the scratch. linalg_f64_c64's two 256 x 256 c64 trsm calls and its getrf copied
    three matrices each, in and out."""
    nb = len(p.batch)
    unpacked = {name for pair in p.unpack for name in pair}

    def fits(arr, buf) -> bool:
        return arr.etype == buf.etype and (arr.shape.rank <= 1 or
                                           arr.shape.minor_to_major == _column_major(nb, len(buf.dims)))

    out = {}
    for buf in p.bufs:
        if buf.name in unpacked:
            continue
        src = ctx.operands[buf.source][0] if buf.source is not None else None
        if buf.result is not None:
            if fits(ctx.outputs[buf.result], buf) and (src is None or fits(src, buf)):
                out[buf.name] = "result"
        elif src is not None and p.routine[1:] in READS_IN_PLACE and fits(src, buf):
            out[buf.name] = "operand"
    return out


# A trsm's right-hand side is split over the pool's threads (columns for side L, rows for side R: each
# solved on its own, LAPACK's own arithmetic for it) from this work (multiply-adds), in slices of
# SPLIT_GRAIN (MIN_SLICE when there are fewer than two of those). Measured here (OpenBLAS 0.3.34, 2
# cores): a 256 x 256 c64 solve with a 256 x 256 right-hand side 0.9 ms on one thread, 0.46 ms on
# two (OpenBLAS's own threads, which split it the same way, gave the same bits); one thread over
# slices of 256 / 128 / 64 / 32 columns 0.98 / 0.96 / 1.01 / 1.11 ms. Few slices also lose least
# when the other core is busy (the caller then solves them all).
MIN_SPLIT_WORK = 1 << 23
SPLIT_GRAIN = 128
MIN_SLICE = 64


def _splits_rhs(instr: Instruction, p: lapack.Plan, ctx) -> bool:
    """A single trsm whose matrices LAPACK works on where they are (_direct), big enough to split."""
    if p.routine[1:] != "trsm" or p.batch_count != 1 or not _rhs_splittable(instr, p):
        return False
    return _direct(p, ctx) == {"x": "operand", "y": "result"}


def _rhs_splittable(instr: Instruction, p: lapack.Plan) -> bool:
    m, n = p.buf("y").dims
    side = p.args[0][1]
    return work(instr) >= MIN_SPLIT_WORK and (n if side == "L" else m) >= 2 * MIN_SLICE


def _emit_split_trsm(ctx, p: lapack.Plan) -> None:
    """trsm over slices of the right-hand side, on the pool's threads (parallel.py):
    for side L, columns [lo, hi) (contiguous: each task copies its own in first), for side R rows
    [lo, hi) (strided: copied whole first). One slice, one call, when the call has one thread."""
    b = ctx.b
    nchars = sum(1 for a in p.args if a[0] == "char")
    routine = _declare(ctx.module, lapack.symbol(p.routine),
                       ir.FunctionType(VOID, [PTR] * len(p.args) + [I64] * nchars))
    m, n = p.buf("y").dims
    side = p.args[0][1]
    es = _BYTES[p.etype]
    restore = blas_threads(b, const(I32, 1))
    if side == "R":
        memcpy(b, ctx.outputs[0].ptr, ctx.operands[1][0].ptr, m * n * es)

    def body(c, lo, hi, _task, _extras):
        cb = c.b
        x, src, y = c.operands[0][0].ptr, c.operands[1][0].ptr, c.outputs[0].ptr
        count = cb.sub(hi, lo)
        if side == "L":
            at = cb.mul(lo, const(I64, m * es))
            dst = cb.gep(y, [at], inbounds=True, source_etype=I8)
            memcpy(cb, dst, cb.gep(src, [at], inbounds=True, source_etype=I8), cb.mul(count, const(I64, m * es)))
        else:
            dst = cb.gep(y, [cb.mul(lo, const(I64, es))], inbounds=True, source_etype=I8)
        args = []
        for k, arg in enumerate(p.args):
            if arg[0] == "buf":
                args.append(x if arg[1] == "x" else dst)
                continue
            if arg[0] == "char":
                cell = entry_alloca(cb, I8, name="c")
                cb.store(const(I8, ord(arg[1])), cell)
            elif arg[0] == "one":
                t = storage_type(p.etype)
                cell = entry_alloca(cb, t, count=2, name="one")
                cb.store(ir.Constant(t, 1.0), cell)
                cb.store(ir.Constant(t, 0.0), cb.gep(cell, [const(I64, 1)], source_etype=t))
            else:  # the ints (plans._trsm: args 4, 5 are m, n; then lda, ldb): the slice's count for its side
                cell = entry_alloca(cb, I64, name="n")
                split_dim = (k == 5) if side == "L" else (k == 4)
                cb.store(count if split_dim else const(I64, arg[1]), cell)
            args.append(cell)
        cb.call(routine, args + [const(I64, 1)] * nchars)

    length = n if side == "L" else m
    grain = SPLIT_GRAIN if length >= 2 * SPLIT_GRAIN else MIN_SLICE
    parallel_range(ctx, length, PARALLEL_MIN_WORK, body, grain=grain)
    restore()


def _set_threads(ctx, parallel: bool):
    """Set OpenBLAS's thread count for the call: the entry's threads if `parallel` (`splits`), else
    one (where the LAPACK has the setter); returns what emits the restoring of the previous count."""
    b = ctx.b
    if parallel:
        want = b.trunc(b.call(library.pool(ctx.module).threads, []), I32)
    else:
        want = const(I32, 1)
    return blas_threads(b, want)


def blas_threads(b: ir.IRBuilder, want: ir.Value):
    """Emit setting OpenBLAS's thread count to `want` (an i32), where the LAPACK has the setter;
    returns what emits the restoring of the previous count. (The count is the library's, not the
    thread's: numpy's OpenBLAS keeps one for the process.)"""
    module = b.module
    setter = module.globals.get(THREADS_SYMBOL)
    if setter is None:
        setter = ir.Function(module, ir.FunctionType(I32, [I32]), THREADS_SYMBOL)
        setter.linkage = "extern_weak"
    have = b.icmp_unsigned("!=", b.ptrtoint(setter, I64), const(I64, 0))
    old = entry_alloca(b, I32, name="blas.threads")
    with b.if_then(have):
        b.store(b.call(setter, [want]), old)

    def restore() -> None:
        with b.if_then(have):
            b.call(setter, [b.load(old, typ=I32)])

    return restore


def is_lapack_call(instr: Instruction) -> bool:
    return instr.opcode == "custom-call" and lapack.is_target(str(instr.attrs.get("custom_call_target", "")))


def splits(instr: Instruction) -> bool:
    """Whether the call may use several threads when the entry may: OpenBLAS's (_set_threads), or
    the pool's for a trsm's right-hand side (_splits_rhs, which also needs the matrices' layouts)."""
    p = check(instr)
    return _blas_parallel(p) or (p.routine[1:] == "trsm" and p.batch_count == 1 and _rhs_splittable(instr, p))


def _blas_parallel(p: lapack.Plan) -> bool:
    return max(buf.size for buf in p.bufs) >= PARALLEL_MIN_ELEMENTS


def work(instr: Instruction) -> int:
    """Roughly the multiply-adds of a LAPACK custom call (real ones: a complex one counts 4), to
    weigh calls against each other: m n k for trsm (an m x n right-hand side, a k x k triangle),
    m n min(m, n) for the factorizations of an m x n matrix."""
    p = check(instr)
    if p.routine[1:] == "trsm":
        y, x = p.buf("y"), p.buf("x")
        per = y.size * x.dims[0]
    else:
        mats = [buf.dims for buf in p.bufs if len(buf.dims) == 2] or [(1, 1)]
        per = max(m * n * min(m, n) for m, n in mats)
    return per * p.batch_count * (4 if p.etype in ("c64", "c128") else 1)


def _stage(b: ir.IRBuilder, p: lapack.Plan, buf: lapack.Buf, arr: IrArray, ptr: ir.Value, i: ir.Value,
           into_buf: bool) -> None:
    """Copy batch element i of `arr` into the column-major buffer at `ptr`, or back."""
    nb = len(p.batch)
    if arr.etype == buf.etype and (arr.shape.rank <= 1 or
                                   arr.shape.minor_to_major == _column_major(nb, len(buf.dims))):
        nbytes = buf.size * _BYTES[buf.etype]
        block = b.gep(arr.ptr, [b.mul(i, const(I64, nbytes))], inbounds=True, source_etype=I8)
        memcpy(b, ptr if into_buf else block, block if into_buf else ptr, nbytes)
        return
    view = IrArray(ptr, Shape(buf.etype, buf.dims, Layout(tuple(range(len(buf.dims)))) if buf.dims else None))
    batch_multi = delinearize(b, i, Shape("s64", p.batch)) if nb else []
    loops = [for_range(b, n, f"e{k}") for k, n in enumerate(buf.dims)]
    ivs = [loop.__enter__() for loop in loops]
    src_index = Index(arr.shape, [*batch_multi, *ivs], None)
    buf_index = Index(view.shape, ivs, None)
    if into_buf:
        view.store(b, buf_index, _convert(b, arr.load(b, src_index), arr.etype, buf.etype))
    else:
        arr.store(b, src_index, _convert(b, view.load(b, buf_index), buf.etype, arr.etype))
    for loop in reversed(loops):
        loop.__exit__(None, None, None)


def _convert(b: ir.IRBuilder, v, src: str, dst: str):
    if src == dst:
        return v
    if (src, dst) == ("s32", "s64"):
        return b.sext(v, I64)
    if (src, dst) == ("s64", "s32"):
        return b.trunc(v, ir.IntType(32))
    raise AssertionError(f"no conversion {src} -> {dst}")  # plans.py only pairs these


def _memset0(b: ir.IRBuilder, ptr: ir.Value, n: int) -> None:
    name = "llvm.memset.p0.i64"
    fn = _declare(b.module, name, ir.FunctionType(VOID, [PTR, I8, I64, ir.IntType(1)]))
    b.call(fn, [ptr, const(I8, 0), const(I64, n), ir.Constant(ir.IntType(1), 0)])




def _all_finite(b: ir.IRBuilder, buf: lapack.Buf, ptr: ir.Value) -> ir.Value:
    """Whether every element of the buffer is finite (|x| < inf is false for NaN too)."""
    real = lapack.plans.REAL_OF[buf.etype]
    t = storage_type(real)
    n = buf.size * (2 if buf.etype in ("c64", "c128") else 1)
    ok = Var(b, ir.IntType(1), ir.Constant(ir.IntType(1), 1))
    inf = ir.Constant(t, float("inf"))
    with for_range(b, n, "finite") as k:
        x = b.load(b.gep(ptr, [k], inbounds=True, source_etype=t), typ=t)
        ok.set(b.and_(ok.get(), b.fcmp_ordered("<", intrinsic(b, "fabs", [x]), inf)))
    return ok.get()


def _unpack_all(b: ir.IRBuilder, p: lapack.Plan, ptrs: dict[str, ir.Value]) -> None:
    """geev's packed real eigenvectors -> complex columns (run.unpack_eigenvectors), when info = 0."""
    if not p.unpack:
        return
    info = b.load(ptrs["info"], typ=I64)
    with b.if_then(b.icmp_signed("==", info, const(I64, 0))):
        for packed, out in p.unpack:
            _unpack(b, p.buf("wi"), ptrs["wi"], ptrs[packed], ptrs[out])


def _unpack(b: ir.IRBuilder, wi_buf: lapack.Buf, wi: ir.Value, packed: ir.Value, out: ir.Value) -> None:
    n = wi_buf.dims[0]
    t = storage_type(wi_buf.etype)
    zero = ir.Constant(t, 0.0)

    def at(base, k):
        return b.gep(base, [k], inbounds=True, source_etype=t)

    j = Var(b, I64, const(I64, 0))
    with while_(b, lambda: b.icmp_signed("<", j.get(), const(I64, n)), "unpack"):
        jv = j.get()
        w = b.load(at(wi, jv), typ=t)
        real = b.or_(b.fcmp_unordered("==", w, zero), b.icmp_signed(">=", b.add(jv, const(I64, 1)), const(I64, n)))
        with b.if_else(real) as (then, otherwise):
            with then:  # a real eigenvalue: (v, 0)
                with for_range(b, n, "row") as i:
                    src = b.add(b.mul(jv, const(I64, n)), i)
                    dst = b.shl(src, const(I64, 1))
                    b.store(b.load(at(packed, src), typ=t), at(out, dst))
                    b.store(zero, at(out, b.add(dst, const(I64, 1))))
                j.set(b.add(jv, const(I64, 1)))
            with otherwise:  # a pair: re + i im, re - i im
                with for_range(b, n, "row") as i:
                    src = b.add(b.mul(jv, const(I64, n)), i)
                    re = b.load(at(packed, src), typ=t)
                    im = b.load(at(packed, b.add(src, const(I64, n))), typ=t)
                    dst = b.shl(src, const(I64, 1))
                    dst2 = b.shl(b.add(src, const(I64, n)), const(I64, 1))
                    b.store(re, at(out, dst))
                    b.store(im, at(out, b.add(dst, const(I64, 1))))
                    b.store(re, at(out, dst2))
                    b.store(b.fneg(im), at(out, b.add(dst2, const(I64, 1))))
                j.set(b.add(jv, const(I64, 2)))
