"""triangular-solve-expander: triangular-solve as plain HLO, XLA's TriangularSolveExpander algorithm
(which XLA:CPU runs), so the expansion rounds as XLA:CPU does:

    1x1 systems        b / a (b when unit_diagonal)
    small and batched  (batch > block/16 and n < block/4): row-by-row substitution, unrolled
    otherwise          the diagonal blocks (block = min(128, n)) are inverted together by a while
                       loop of batched row updates (MAGMA), then the solution is assembled block by
                       block with dots, unrolled

Only the referenced triangle of a is read (and not its diagonal when unit_diagonal). transpose_a=
ADJOINT conjugates a.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir.attrs import PadDim
from ..ir.module import Instruction, Module
from ..ir.types import Shape
from .base import Pass, option, register_pass
from .hlo_builder import Builder, new_computation, scalar_computation
from .linalg_util import Linalg
from .rewrite import post_order_of, replace_instruction


@dataclass(frozen=True)
class TriangularSolveExpanderOptions:
    block_size: int = option(128, "size of the diagonal blocks that are inverted (XLA: 128)", min=1)


def _diagonal_blocks(la: Linalg, a: Instruction, bs: int) -> Instruction:
    """[..., nb, bs, bs]: the diagonal blocks of a, the last padded with the identity (DiagonalBlocks)."""
    b = la.b
    n = a.shape.dims[-1]
    batch = la.batch(a)
    r = a.shape.rank
    if n == bs:
        return b.reshape(a, batch + (1, n, n))
    blocks = []
    for j in range(n // bs):
        blk = la.slice_minor(a, (j * bs, j * bs), ((j + 1) * bs, (j + 1) * bs))
        blocks.append(b.reshape(blk, batch + (1, bs, bs)))
    rest = n % bs
    if rest:
        last = la.slice_minor(a, (n - rest, n - rest), (n, n))
        zero = b.scalar(0, a.shape.etype)
        pad = bs - rest
        last = b.add("pad", Shape(a.shape.etype, batch + (bs, rest)), [last, zero],
                     padding=tuple([PadDim(0, 0, 0)] * (r - 2) + [PadDim(0, pad, 0), PadDim(0, 0, 0)]))
        eye = la.identity(a.shape.etype, pad)
        eye = b.add("pad", Shape(a.shape.etype, (bs, pad)), [eye, zero],
                    padding=(PadDim(rest, 0, 0), PadDim(0, 0, 0)))
        if batch:
            eye = b.broadcast(eye, batch + (bs, pad), (r - 2, r - 1))
        last = b.concatenate([last, eye], r - 1)
        blocks.append(b.reshape(last, batch + (1, bs, bs)))
    return blocks[0] if len(blocks) == 1 else b.concatenate(blocks, r - 2)


def _invert_diagonal_blocks(la: Linalg, module: Module, before, blocks: Instruction, lower: bool) -> Instruction:
    """The inverses of the triangular blocks [..., bs, bs] (InvertDiagonalBlocks)."""
    b = la.b
    et = blocks.shape.etype
    bs = blocks.shape.dims[-1]
    total = blocks.shape.num_elements // (bs * bs)
    x = b.reshape(blocks, (total, bs, bs))
    x = la.triangle(x, lower)
    # diag[k, c] = x[k, c, c]
    mask = b.broadcast(b.compare(b.iota(Shape("s32", (bs, bs)), 0), b.iota(Shape("s32", (bs, bs)), 1), "EQ"),
                       (total, bs, bs), (1, 2))
    adder = _adder(module, et, before)
    diags = b.reduce(b.select(mask, x, la.zeros_like(x)), b.scalar(0, et), [1], adder)
    scaled = b.div(x, b.broadcast(diags, (total, bs, bs), (0, 2)))
    neg_eye = b.neg(la.identity(et, bs))
    k = 0 if lower else bs - 1
    one = b.reshape(b.scalar(1, et), (1, 1))
    out0 = b.dynamic_update_slice(neg_eye, one, [b.scalar(k, "s32"), b.scalar(k, "s32")])
    out0 = b.broadcast(out0, (total, bs, bs), (1, 2))
    state = Shape.tuple([Shape.scalar("s32"), Shape(et, (total, bs, bs)), Shape(et, (total, bs, bs))])
    cond, cb, (cp,) = new_computation(module, "InvertDiagCond", [state], before=before)
    cond.root = cb.compare(cb.gte(cp, 0), cb.scalar(bs, "s32"), "LT")
    body, bb, (bp,) = new_computation(module, "InvertDiagBody", [state], before=before)
    i, out, inp = bb.gte(bp, 0), bb.gte(bp, 1), bb.gte(bp, 2)
    zero = bb.scalar(0, "s32")
    j = i if lower else bb.sub(bb.scalar(bs - 1, "s32"), i)
    row = bb.dynamic_slice(inp, [zero, j, zero], [total, 1, bs])
    # the row of -L21 L11^-1
    upd = bb.neg(bb.add("dot", Shape(et, (total, 1, bs)), [row, out], lhs_batch_dims=(0,), rhs_batch_dims=(0,),
                        lhs_contracting_dims=(2,), rhs_contracting_dims=(1,)))
    out = bb.dynamic_update_slice(out, upd, [zero, j, zero])
    body.root = bb.tuple([bb.add_(i, bb.scalar(1, "s32")), out, inp])
    w = b.while_(b.tuple([b.scalar(1, "s32"), out0, scaled]), cond, body)
    inv = b.div(b.gte(w, 1), b.broadcast(diags, (total, bs, bs), (0, 1)))
    return b.reshape(inv, blocks.shape.dims)


def _adder(module: Module, etype: str, before):
    return scalar_computation(module, "add", etype, before=before)


def _solve_with_inverted_blocks(la: Linalg, a, rhs, inv, left: bool, lower: bool, transpose: bool,
                                conjugate: bool) -> Instruction:
    """SolveWithInvertedDiagonalBlocks: the solution assembled block by block (unrolled)."""
    b = la.b
    bs = inv.shape.dims[-1]
    n = a.shape.dims[-1]
    nb = n // bs + (n % bs != 0)
    m = rhs.shape.dims[-1 if left else -2]
    block_dim = rhs.shape.rank - 2 if left else rhs.shape.rank - 1
    backward = left ^ lower ^ transpose
    x = None
    for i in range(nb):
        j = nb - 1 - i if backward else i
        size = n % bs if (n % bs and j + 1 == nb) else bs
        inv_block = la.slice_minor(inv, (j, 0, 0), (j + 1, size, size))
        inv_block = la.conj(b.reshape(inv_block, la.batch(a) + (size, size)), conjugate)
        k = min((j + 1) * bs, n)
        start, end = [j * bs, 0], [k, m]
        if not left:
            start, end = start[::-1], end[::-1]
        b_row = la.slice_minor(rhs, start, end)
        if i == 0:
            remainder = b_row
        else:
            if backward:
                start, end = [j * bs, max(0, (nb - i) * bs)], [k, n]
            else:
                start, end = [j * bs, 0], [k, min(i * bs, n)]
            if (not left) ^ transpose:
                start, end = start[::-1], end[::-1]
            a_row = la.conj(la.slice_minor(a, start, end), conjugate)
            assert x is not None  # (the blocks solved before this one)
            prod = la.batch_dot(a_row, transpose, x, False) if left else la.batch_dot(x, False, a_row, transpose)
            remainder = b.sub(b_row, prod)
        update = la.batch_dot(inv_block, transpose, remainder, False) if left else \
            la.batch_dot(remainder, False, inv_block, transpose)
        if x is None:
            x = update
        else:
            x = b.concatenate([update, x] if backward else [x, update], block_dim)
    assert x is not None  # (at least one block)
    return x


def _solve_directly(la: Linalg, a, rhs, left: bool, lower: bool, transpose: bool, conjugate: bool,
                    unit: bool) -> Instruction:
    """SolveDirectly: substitution one row (column) at a time, unrolled."""
    b = la.b
    m, n = rhs.shape.dims[-2:]
    size = a.shape.dims[-1]
    a = la.conj(a, conjugate)
    backwards = transpose ^ lower ^ (not left)
    for i in range(size):
        j = i if backwards else size - i - 1
        row_start, row_end = ([j, 0], [j + 1, n]) if left else ([0, j], [m, j + 1])
        row = la.slice_minor(rhs, row_start, row_end)
        a_start, a_end = [j, 0 if backwards else j + 1], [j + 1, j if backwards else size]
        if transpose ^ (not left):
            a_start, a_end = a_start[::-1], a_end[::-1]
        if a_end[0] > a_start[0] and a_end[1] > a_start[1]:
            chunk = la.slice_minor(a, a_start, a_end)
            if left:
                which = transpose ^ lower
                other = la.slice_minor(rhs, [0 if which else j + 1, 0], [j if which else m, n])
                row = b.sub(row, la.batch_dot(chunk, transpose, other, False))
            else:
                which = transpose ^ (not lower)
                other = la.slice_minor(rhs, [0, 0 if which else j + 1], [m, j if which else n])
                row = b.sub(row, la.batch_dot(other, False, chunk, transpose))
        if not unit:
            row = b.div(row, la.per_matrix(la.slice_minor(a, [j, j], [j + 1, j + 1]), row))
        rhs = la.update_slice_minor(rhs, row, row_start)
    return rhs


def build_triangular_solve(b: Builder, module: Module, before, a: Instruction, rhs: Instruction, left: bool,
                           lower: bool, transpose_a: str, unit: bool, block_size: int) -> Instruction:
    la = Linalg(b)
    transpose = transpose_a != "NO_TRANSPOSE"
    conjugate = transpose_a == "ADJOINT"
    size = a.shape.dims[-1]
    if rhs.shape.num_elements == 0:
        return rhs
    if size == 1:
        return rhs if unit else b.div(rhs, la.per_matrix(la.conj(a, conjugate), rhs))
    batch = 1
    for d in la.batch(a):
        batch *= d
    if batch > block_size // 16 and size < block_size // 4:
        return _solve_directly(la, a, rhs, left, lower, transpose, conjugate, unit)
    if unit:
        # only the strict triangle, plus the identity
        if lower:
            a = b.select(la.triangle_mask(a, -1), a, la.zeros_like(a))
        else:
            a = b.select(la.triangle_mask(a, 0), la.zeros_like(a), a)
        a = b.add_(a, la.identity(a.shape.etype, size, la.batch(a)))
    else:
        a = la.triangle(a, lower)
    blocks = _diagonal_blocks(la, a, min(block_size, size))
    inv = _invert_diagonal_blocks(la, module, before, blocks, lower)
    return _solve_with_inverted_blocks(la, a, rhs, inv, left, lower, transpose, conjugate)


@register_pass
class TriangularSolveExpander(Pass):
    name = "triangular-solve-expander"
    summary = "expand triangular-solve into XLA's block-inversion (or direct substitution) HLO"
    Options = TriangularSolveExpanderOptions

    def run(self, module: Module) -> bool:
        changed = False
        for comp in list(module.computations):
            for ts in post_order_of(comp, ("triangular-solve",)):
                a, rhs = ts.operands
                if a.shape.rank < 2 or not a.shape.is_static or not rhs.shape.is_static:
                    continue
                b = Builder(comp)
                result = build_triangular_solve(
                    b, module, comp, a, rhs, bool(ts.attrs.get("left_side", False)),
                    bool(ts.attrs.get("lower", False)), ts.attrs.get("transpose_a", "NO_TRANSPOSE"),
                    bool(ts.attrs.get("unit_diagonal", False)), self.options.block_size)
                name = ts.name
                replace_instruction(ts, result)
                if result.parent is comp and result.name != name and result is not rhs:
                    comp.rename(result, name)
                changed = True
        return changed
