"""Transposing data movement in registers: a transpose, a layout-changing copy, or a loop fusion that
only reshapes and transposes one operand (attention's head split and merge).

    plan = plan_permute(instr)     # None: not such an instruction, or nothing to transpose
    emit_permute(ctx, plan)        # (loop.py calls it for the instructions it would loop over)

Each element moves once. The moves are followed on the input's dims as strided factors (a reshape
regroups or splits them, a transpose reorders them), giving the output's physical dims, innermost
first, each with the input stride it steps by; where the innermost output dim is not the input's
contiguous one but another output dim R is, the copy is a batch of 2-D transposes: T x T tiles
(T = TILE) are read as T vectors along R (contiguous in the input), transposed in registers
(gemm.transpose) and written as T vectors along the innermost dim (contiguous in the output). The loop kernel
reads along the output instead, one element at a time from addresses a row apart: the transformer
layer's head split ([256, 512] -> [8, 64, 256], 512 KiB) ran at ~9 GB/s. Tiles at the edges of R
and of the innermost dim are copied element by element. The r-tiles of every batch index are
split over the threads. A c64 element moves as one 8-byte integer (jax's LU solves copy [256, 256]
c64 matrices between layouts: the loop kernel's gathers took 0.15 ms for each).
"""

from __future__ import annotations

from dataclasses import dataclass

import llvmlite.ir as ir
import numpy as np

from ....ir.module import Instruction
from ....ir.types import ELEMENT_TYPES, Shape
from ..library.gemm import transpose, vector_bits
from ..llvmir.irvalues import I64, const
from ..llvmir.loops import for_range
from .parallel import parallel_range

# Tile side (elements; at most the vector width): LLVM's x86 lowering of a 16 x 16 register transpose
# (64 two-source shuffles) cost ~25 ms of compile per kernel (transformer_layer_T256_D512: 148 -> 220
# ms with its three) for head transposes of 33-52 us; 8 x 8 ~15 ms each; 4 x 4 ~1 ms each, 46-78 us
# (the loop kernel: 119-145 us).
TILE = 4
# 8- and 16-bit elements: 8 x 8 tiles (one 16-byte vector per row; 4 x 4 would move 8 bytes at a time)
NARROW_TILE = 8
MIN_SIDE = 8  # R and the innermost dim at least this long (else the loop kernel's copy is as good)
_MOVES = ("reshape", "transpose", "copy", "bitcast")


@dataclass(frozen=True)
class PermutePlan:
    operand: int  # which operand of the instruction is read
    dims: tuple[tuple[int, int], ...]  # output dims, innermost first: (size, input stride)
    r: int  # the output dim (index into dims, > 0) whose input stride is 1
    es: int  # element bytes


def _moves_of(instr: Instruction) -> tuple[int, list[Instruction]] | None:
    """(operand number, the moves from it to the result, first to last) when `instr` only moves
    the elements of one operand."""
    if instr.opcode in ("transpose", "copy"):
        return 0, [instr]
    if instr.opcode != "fusion" or instr.attrs.get("kind") != "kLoop":
        return None
    chain, node = [], instr.attrs["calls"].root
    while node.opcode in _MOVES:
        chain.append(node)
        node = node.operands[0]
    if node.opcode != "parameter" or not chain:
        return None
    return node.parameter_number, chain[::-1]


Factor = tuple[int, int]  # (size, input stride in elements)


def _input_dims(shape: Shape) -> list[list[Factor]]:
    """Each logical dim of `shape` as its factors (major first): one, with its physical stride."""
    stride, strides = 1, {}
    for d in shape.minor_to_major:
        strides[d] = stride
        stride *= shape.dims[d]
    return [[(size, strides[d])] for d, size in enumerate(shape.dims)]


def _reshape(dims: list[list[Factor]], sizes) -> list[list[Factor]] | None:
    """A row-major reshape of logical dims given as factors: the factors regrouped, one split where
    a new dim ends inside it; None where a new dim would take part of a factor it cannot."""
    flat = [f for d in dims for f in d if f[0] != 1]
    out = []
    for size in sizes:
        need, group = size, []
        while need > 1:
            if not flat:
                return None
            s, st = flat[0]
            if s <= need:
                if need % s:
                    return None
                group.append(flat.pop(0))
                need //= s
            else:
                if s % need:
                    return None
                group.append((need, st * (s // need)))
                flat[0] = (s // need, st)
                need = 1
        out.append(group)
    return out if not flat else None


def _physical_dims(dims: list[list[Factor]], shape: Shape) -> list[Factor]:
    """The output's physical dims, innermost first, with their input strides; size-1 dims dropped,
    neighbours merged where the input steps through them as one."""
    order = [f for d in reversed(shape.minor_to_major) for f in dims[d]]  # major first
    merged: list[Factor] = []
    for size, stride in reversed(order):
        if size == 1:
            continue
        if merged and stride == merged[-1][0] * merged[-1][1]:
            merged[-1] = (merged[-1][0] * size, merged[-1][1])
        else:
            merged.append((size, stride))
    return merged


def plan_permute(instr: Instruction) -> PermutePlan | None:
    found = _moves_of(instr)
    if found is None or instr.shape.is_tuple:
        return None
    operand, chain = found
    src = instr.operands[operand].shape  # (the buffer's layout, not a fused parameter's)
    if src.is_tuple or src.dims != chain[0].operands[0].shape.dims or 0 in src.dims:
        return None
    et = ELEMENT_TYPES.get(src.etype)
    if et is None or et.kind not in ("float", "sint", "uint", "complex") or et.bits not in (8, 16, 32, 64):
        return None
    if src.etype != instr.shape.etype:
        return None
    if any(m.opcode == "bitcast" for m in chain):
        return None  # (a bitcast reinterprets the layout: not modelled here)
    dims = _input_dims(src)
    for m in chain:
        if m.opcode == "reshape":
            dims = _reshape(dims, m.shape.dims)
            if dims is None:
                return None
        elif m.opcode == "transpose":
            dims = [dims[d] for d in m.attrs["dimensions"]]
        # copy: the same logical dims (its layout is the result's)
    dims = _physical_dims(dims, instr.shape)
    if not dims or len(dims) < 2 or dims[0][1] == 1:
        return None
    r = next((k for k, (_, stride) in enumerate(dims) if stride == 1), None)
    if r is None or dims[0][0] < MIN_SIDE or dims[r][0] < MIN_SIDE:
        return None
    return PermutePlan(operand, tuple(dims), r, et.bits // 8)


def emit_permute(ctx, plan: PermutePlan) -> None:
    dims, r = plan.dims, plan.r
    out_strides = [int(np.prod([s for s, _ in dims[:k]], dtype=np.int64)) for k in range(len(dims))]
    batch = [k for k in range(1, len(dims)) if k != r]
    nbatch = int(np.prod([dims[k][0] for k in batch], dtype=np.int64))
    vw = min(TILE if plan.es > 2 else NARROW_TILE, max(1, vector_bits(ctx.features) // (8 * plan.es)))
    rows, cols = dims[r][0], dims[0][0]
    col_stride = dims[0][1]
    r_tiles = (rows + vw - 1) // vw
    ety = ctx.operands[plan.operand][0].stype
    if ctx.operands[plan.operand][0].etype == "c64":
        ety = I64  # the two components move together, as one 8-byte unit
    vec = ir.VectorType(ety, vw)

    def body(sub, lo, hi, task, extras):
        b = sub.b
        src, dst = sub.operands[plan.operand][0].ptr, sub.outputs[0].ptr

        def at(p, off):
            return b.gep(p, [off], inbounds=True, source_etype=ety)

        with for_range(b, hi, "pu", start=lo) as unit:
            bi = b.sdiv(unit, const(I64, r_tiles))
            r0 = b.mul(b.srem(unit, const(I64, r_tiles)), const(I64, vw))
            # the batch index's offsets (mixed radix over the batch dims, innermost first)
            in_off, out_off, rest = const(I64, 0), const(I64, 0), bi
            for k in batch:
                size = dims[k][0]
                digit = b.srem(rest, const(I64, size))
                rest = b.sdiv(rest, const(I64, size))
                in_off = b.add(in_off, b.mul(digit, const(I64, dims[k][1])))
                out_off = b.add(out_off, b.mul(digit, const(I64, out_strides[k])))
            in_off = b.add(in_off, r0)  # the r-tile's first row (input stride 1)
            out_off = b.add(out_off, b.mul(r0, const(I64, out_strides[r])))
            full_r = b.icmp_signed("<=", b.add(r0, const(I64, vw)), const(I64, rows))
            c_full = cols // vw * vw
            with b.if_then(full_r), for_range(b, const(I64, c_full), "pc", step=vw) as c0:
                vecs = [b.load(at(src, b.add(in_off, b.mul(b.add(c0, const(I64, j)), const(I64, col_stride)))),
                               typ=vec, align=plan.es) for j in range(vw)]
                for i, v in enumerate(transpose(b, vecs, vw)):
                    b.store(v, at(dst, b.add(out_off, b.add(b.mul(const(I64, i), const(I64, out_strides[r])), c0))),
                            align=plan.es)
            # the rest: element by element (the columns beyond whole tiles, or a partial r-tile)
            r_n = b.sub(b.select(full_r, b.add(r0, const(I64, vw)), const(I64, rows)), r0)
            c_lo = b.select(full_r, const(I64, c_full), const(I64, 0))
            with for_range(b, r_n, "pr") as ri, for_range(b, const(I64, cols), "pe", start=c_lo) as ci:
                v = b.load(at(src, b.add(in_off, b.add(ri, b.mul(ci, const(I64, col_stride))))), typ=ety)
                b.store(v, at(dst, b.add(out_off, b.add(b.mul(ri, const(I64, out_strides[r])), ci))))

    parallel_range(ctx, nbatch * r_tiles, nbatch * rows * cols, body)
