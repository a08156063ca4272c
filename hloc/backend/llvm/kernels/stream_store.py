"""Streaming (non-temporal) stores of a flat elementwise loop into a large entry result buffer.

A plain store to memory that is not cached first reads each line (write-allocate), then writes it
back: ~1.5x the bytes of a non-temporal store, which writes whole lines past the caches. That pays
only where nothing reads the buffer soon and it is far larger than the caches (an entry result of
>= STREAM_MIN_BYTES, as glibc's memcpy switches to them); on caller-sized outputs, temporaries or
buffers re-read by the next kernel it is slower (layernorm, softmax: 0.96 -> 1.13 and 0.23 ->
0.45 ms with them everywhere).

LLVM vectorises no loop whose scalar stores are `!nontemporal` (x86 has no unaligned vector NT
store), so the loop computes chunks of CHUNK_BYTES into a stack buffer (L1-resident, the loop
vectoriser's as any other) and copies each chunk out with aligned 64-byte `!nontemporal` stores
(the unaligned head and the tail with memcpy). NT stores are weakly ordered: the range function
ends with an sfence, before the pool counts its task done (or the entry returns). Only loops of
cheap arithmetic (`memory_bound`) get them: elsewhere memory is not what they wait for.
"""

from __future__ import annotations

import llvmlite.ir as ir

from ....ir.module import Instruction, operand_tree
from ....ir.opcodes import TRANSCENDENTAL
from ..elemental import IrArray
from ..llvmir.irutil import entry_slot, smin
from ..llvmir.irvalues import I8, I64, PTR, VOID, const
from ..llvmir.loops import COLD, STREAM, for_range

STREAM_MIN_BYTES = 8 << 20
CHUNK_BYTES = 1024  # all outputs' chunks together: L1-resident (1-4 KiB measured alike, 16 KiB slower)
_LINE = 64
_VEC = ir.VectorType(ir.IntType(32), _LINE // 4)


def wants_stream(slice_kind: str, size: int) -> bool:
    """Whether a kernel output in a slice of this kind and size gets streaming stores."""
    return slice_kind == "result" and size >= STREAM_MIN_BYTES


# Ops computed by a polynomial or a loop: a loop with one is bound by its arithmetic, not by memory,
# and inside the chunk loop LLVM reloads its constants every iteration instead of keeping them in
# registers (ew_transc_4m: 1.31 -> 1.52 ms with streaming stores).
_COSTLY = (TRANSCENDENTAL - {"sqrt", "rsqrt"}) | {"remainder"}


def memory_bound(roots: list[Instruction], params: list[Instruction]) -> bool:
    """Whether the roots' element trees, down to the kernel's `params`, are cheap arithmetic."""
    return not any(i.opcode in _COSTLY for i in operand_tree(roots, params))


class _Window(IrArray):
    """Elements [c, c + chunk) of an output, held in a chunk buffer."""

    def __init__(self, ptr: ir.Value, shape, start: ir.Value):
        super().__init__(ptr, shape)
        self.start = start

    def offset(self, b: ir.IRBuilder, index) -> ir.Value:
        return b.sub(super().offset(b, index), self.start, flags=["nuw", "nsw"])


def chunk_elements(outs: list[IrArray]) -> int:
    per = sum(o.shape.byte_size // max(1, o.shape.num_elements) for o in outs)
    n = 1 << max(6, (CHUNK_BYTES // max(1, per)).bit_length() - 1)
    return n


def emit_stream_loop(b: ir.IRBuilder, outs: list[IrArray], stream: list[bool], lo, hi, inner, grain: int) -> None:
    """`inner(arrays, c, end)` emits the loop over elements [c, end) storing into `arrays` (outs, the
    streamed ones replaced by chunk windows); then each streamed chunk is copied out. `grain`: lo
    and hi are multiples of it, or hi is the end."""
    n = chunk_elements(outs)
    # every chunk whole: a constant trip count, no remainder loop (ew_chain_4m: 2/3 of the extra
    # LLVM time)
    whole = grain % n == 0 and outs[0].shape.num_elements % n == 0
    sizes = [o.shape.byte_size // max(1, o.shape.num_elements) for o in outs]
    if whole:
        _emit_carried(b, outs, stream, sizes, lo, hi, inner, n)
        return
    bufs = []
    for s, es in zip(stream, sizes):
        if s:
            slot = entry_slot(b, ir.ArrayType(I8, n * es), "nt.chunk")
            slot.align = _LINE
            bufs.append(slot)
        else:
            bufs.append(None)
    # (hints: the chunk loop, holding a loop, is not unrolled; see _copy_out)
    with for_range(b, hi, "nt.c", start=lo, step=n, hint=STREAM) as c:
        end = smin(b, b.add(c, const(I64, n), flags=["nsw"]), hi)
        arrays = [o if buf is None else _Window(buf, o.shape, c) for o, buf in zip(outs, bufs)]
        inner(arrays, c, end)
        m = b.sub(end, c, flags=["nsw"])
        for o, buf, es in zip(outs, bufs, sizes):
            if buf is not None:
                dst = b.gep(o.ptr, [b.mul(c, const(I64, es), flags=["nsw"])], inbounds=True, source_etype=I8)
                _copy_out(b, dst, buf, b.mul(m, const(I64, es), flags=["nsw"]))
    sfence(b)


def _emit_carried(b: ir.IRBuilder, outs, stream, sizes, lo, hi, inner, n: int) -> None:
    """Every chunk whole (B bytes, a multiple of 64): no per-chunk head or tail. The range's dst is
    h bytes short of a line boundary, the same h for every chunk; chunk k's buffer follows 64 bytes
    holding chunk k-1's last 64, so its B/64 lines at buffer offset h (dst offset h - 64: the line
    straddling the two chunks first) are all whole, aligned dst lines. The first chunk's first line
    (partly before the range) goes to a stack line instead; after the loop two memcpys write the
    range's first h and last 64 - h bytes. (Per-chunk head/tail memcpys and their guards were ~1/3
    of ew_chain_4m's compile time.)"""
    lo = lo if isinstance(lo, ir.Value) else const(I64, lo)
    hi = hi if isinstance(hi, ir.Value) else const(I64, hi)
    nbytes = [n * es for es in sizes]
    bufs, heads = [], []
    for o, s, es, nb in zip(outs, stream, sizes, nbytes):
        if not s:
            bufs.append(None)
            heads.append(None)
            continue
        buf = entry_slot(b, ir.ArrayType(I8, _LINE + nb), "nt.chunk")
        first = entry_slot(b, ir.ArrayType(I8, _LINE), "nt.first")
        buf.align = first.align = _LINE
        start = b.gep(o.ptr, [b.mul(lo, const(I64, es), flags=["nsw"])], source_etype=I8)
        h = b.and_(b.sub(const(I64, 0), b.ptrtoint(start, I64)), const(I64, _LINE - 1))
        bufs.append((buf, first))
        heads.append(h)
    md = b.module.add_metadata([ir.Constant(ir.IntType(32), 1)])
    with for_range(b, hi, "nt.c", start=lo, step=n, hint=STREAM) as c:
        end = b.add(c, const(I64, n), flags=["nsw"])
        arrays = [o if bf is None else _Window(b.gep(bf[0], [const(I64, _LINE)], inbounds=True, source_etype=I8),
                                               o.shape, c) for o, bf in zip(outs, bufs)]
        inner(arrays, c, end)
        for o, bf, h, es, nb in zip(outs, bufs, heads, sizes, nbytes):
            if bf is None:
                continue
            buf, first = bf
            dst = b.gep(o.ptr, [b.mul(c, const(I64, es), flags=["nsw"])], source_etype=I8)
            line0 = b.gep(dst, [b.sub(h, const(I64, _LINE))], source_etype=I8)
            line0 = b.select(b.icmp_signed("==", c, lo), first, line0)
            _stream_line(b, line0, b.gep(buf, [h], inbounds=True, source_etype=I8), md)
            with for_range(b, nb // _LINE, "nt.line", start=1, hint=COLD) as j:
                off = b.add(h, b.shl(j, const(I64, 6)), flags=["nuw", "nsw"])
                _stream_line(b, b.gep(dst, [b.sub(off, const(I64, _LINE))], source_etype=I8),
                             b.gep(buf, [off], inbounds=True, source_etype=I8), md)
            # carry the chunk's last line to the front for the next chunk's straddling line
            last = b.load(b.gep(buf, [const(I64, nb)], inbounds=True, source_etype=I8), typ=_VEC, align=_LINE)
            b.store(last, buf, align=_LINE)
    sfence(b)
    with b.if_then(b.icmp_signed("<", lo, hi)):
        for o, bf, h, es in zip(outs, bufs, heads, sizes):
            if bf is None:
                continue
            buf, first = bf
            start = b.gep(o.ptr, [b.mul(lo, const(I64, es), flags=["nsw"])], source_etype=I8)
            _call_memcpy(b, start, b.gep(first, [b.sub(const(I64, _LINE), h)], source_etype=I8), h)
            tail = b.sub(const(I64, _LINE), h)
            stop = b.gep(o.ptr, [b.sub(b.mul(hi, const(I64, es), flags=["nsw"]), tail)], source_etype=I8)
            _call_memcpy(b, stop, b.gep(buf, [h], source_etype=I8), tail)


def _stream_line(b: ir.IRBuilder, dst, src, md) -> None:
    """64 bytes from src to the 64-aligned dst, by a non-temporal store."""
    st = b.store(b.load(src, typ=_VEC, align=1), dst, align=_LINE)
    st.set_metadata("nontemporal", md)


def _copy_out(b: ir.IRBuilder, dst, src, nbytes) -> None:
    """memcpy(dst, src, nbytes) with the whole lines of dst written by non-temporal stores."""
    head = b.and_(b.sub(const(I64, 0), b.ptrtoint(dst, I64)), const(I64, _LINE - 1))
    head = smin(b, head, nbytes)
    _memcpy(b, dst, src, head)
    lines = b.lshr(b.sub(nbytes, head), const(I64, 6))
    md = b.module.add_metadata([ir.Constant(ir.IntType(32), 1)])
    # rolled (COLD): LLVM unrolled it 8x with an epilogue, ew_chain_4m's warm compile ~30.6 -> ~26 ms
    # with this and the chunk loop's hint, for no run time (it waits for memory)
    with for_range(b, lines, "nt.line", hint=COLD) as j:
        off = b.add(head, b.shl(j, const(I64, 6)))
        v = b.load(b.gep(src, [off], inbounds=True, source_etype=I8), typ=_VEC, align=1)
        st = b.store(v, b.gep(dst, [off], inbounds=True, source_etype=I8), align=_LINE)
        st.set_metadata("nontemporal", md)
    done = b.add(head, b.shl(lines, const(I64, 6)))
    _memcpy(b, b.gep(dst, [done], inbounds=True, source_etype=I8), b.gep(src, [done], inbounds=True, source_etype=I8),
            b.sub(nbytes, done))


def _memcpy(b: ir.IRBuilder, dst, src, n) -> None:
    """A memcpy of n (< 64 bytes here) called only when n > 0: most chunks have no head or tail."""
    with b.if_then(b.icmp_signed(">", n, const(I64, 0)), likely=False):
        _call_memcpy(b, dst, src, n)


def _call_memcpy(b: ir.IRBuilder, dst, src, n) -> None:
    name = "llvm.memcpy.p0.p0.i64"
    fn = b.module.globals.get(name)
    if fn is None:
        fn = ir.Function(b.module, ir.FunctionType(VOID, [PTR, PTR, I64, ir.IntType(1)]), name)
    b.call(fn, [dst, src, n, ir.Constant(ir.IntType(1), 0)])


def sfence(b: ir.IRBuilder) -> None:
    name = "llvm.x86.sse.sfence"
    fn = b.module.globals.get(name)
    if fn is None:
        fn = ir.Function(b.module, ir.FunctionType(VOID, []), name)
    b.call(fn, [])
