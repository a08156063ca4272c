"""Batched-matrix building blocks for the linear-algebra expanders (the parts of XLA's
xla/hlo/builder/lib/{matrix,slicing}.cc that cholesky/triangular-solve expansion uses).

Matrices are arrays [..., m, n]: the leading dimensions are batch dimensions.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..ir.module import Instruction
from ..ir.types import Shape
from .hlo_builder import Builder


class Linalg:
    def __init__(self, b: Builder):
        self.b = b

    # ------------------------------------------------------------------------------- shapes
    @staticmethod
    def batch(x: Instruction) -> tuple[int, ...]:
        return x.shape.dims[:-2]

    def zeros_like(self, x: Instruction) -> Instruction:
        return self.b.full(0, x.shape)

    def full_like(self, x: Instruction, value) -> Instruction:
        return self.b.full(value, x.shape)

    # ------------------------------------------------------------------------------ slicing
    def slice_minor(self, x: Instruction, start: Sequence[int], end: Sequence[int]) -> Instruction:
        """x[..., start:end] on the trailing len(start) dimensions (SliceInMinorDims)."""
        lead = x.shape.rank - len(start)
        return self.b.slice(x, [0] * lead + list(start), list(x.shape.dims[:lead]) + list(end))

    def update_slice_minor(self, x: Instruction, update: Instruction, start: Sequence[int]) -> Instruction:
        """x with update written at `start` of the trailing dims (UpdateSliceInMinorDims)."""
        lead = x.shape.rank - len(start)
        idx = [self.b.scalar(0, "s32") for _ in range(lead)] + [self.b.scalar(s, "s32") for s in start]
        return self.b.dynamic_update_slice(x, update, idx)

    def dynamic_slice_minor(self, x: Instruction, starts: Sequence[Instruction], sizes: Sequence[int]) -> Instruction:
        lead = x.shape.rank - len(starts)
        zero = self.b.scalar(0, starts[0].shape.etype)
        return self.b.dynamic_slice(x, [zero] * lead + list(starts), list(x.shape.dims[:lead]) + list(sizes))

    def transpose_minor(self, x: Instruction) -> Instruction:
        r = x.shape.rank
        return self.b.transpose(x, list(range(r - 2)) + [r - 1, r - 2])

    # --------------------------------------------------------------------------- arithmetic
    def conj(self, x: Instruction, conjugate: bool = True) -> Instruction:
        """MaybeConjugate: complex(real(x), -imag(x)) for complex x."""
        if not conjugate or x.shape.element_type.kind != "complex":
            return x
        real_t = "f32" if x.shape.etype == "c64" else "f64"
        re = self.b.add("real", Shape(real_t, x.shape.dims), [x])
        im = self.b.add("imag", Shape(real_t, x.shape.dims), [x])
        return self.b.add("complex", x.shape.with_dims(x.shape.dims), [re, self.b.neg(im)])

    def batch_dot(self, x: Instruction, tx: bool, y: Instruction, ty: bool) -> Instruction:
        """Batched x @ y over the leading dims, either side transposed (BatchDot)."""
        r = x.shape.rank
        batch = tuple(range(r - 2))
        xc = r - 2 if tx else r - 1
        yc = r - 1 if ty else r - 2
        m = x.shape.dims[r - 1 if tx else r - 2]
        n = y.shape.dims[r - 2 if ty else r - 1]
        shape = Shape(x.shape.etype, x.shape.dims[:-2] + (m, n))
        return self.b.add("dot", shape, [x, y], lhs_batch_dims=batch, lhs_contracting_dims=(xc,),
                          rhs_batch_dims=batch, rhs_contracting_dims=(yc,))

    def per_matrix(self, v: Instruction, like: Instruction) -> Instruction:
        """A [..., 1, 1] value broadcast over each matrix of `like` (XLA's degenerate broadcasting)."""
        flat = self.b.reshape(v, self.batch(like))
        return self.b.broadcast(flat, like.shape.dims, tuple(range(like.shape.rank - 2)))

    def identity(self, etype: str, n: int, batch: Sequence[int] = ()) -> Instruction:
        eye = self.b.constant(np.eye(n), etype)
        if batch:
            eye = self.b.broadcast(eye, tuple(batch) + (n, n), (len(batch), len(batch) + 1))
        return eye

    def triangle_mask(self, x: Instruction, diagonal: int) -> Instruction:
        """pred[..., m, n]: row + diagonal >= column (TriangleMask)."""
        m, n = x.shape.dims[-2:]
        row = self.b.iota(Shape("s32", (m, n)), 0)
        col = self.b.iota(Shape("s32", (m, n)), 1)
        if diagonal:
            row = self.b.add_(row, self.b.full(diagonal, row.shape))
        mask = self.b.compare(row, col, "GE")
        batch = self.batch(x)
        if batch:
            mask = self.b.broadcast(mask, x.shape.dims, (len(batch), len(batch) + 1))
        return mask

    def triangle(self, x: Instruction, lower: bool) -> Instruction:
        """The lower (diagonal included) or upper triangle of x, zeros elsewhere (Triangle)."""
        if lower:
            return self.b.select(self.triangle_mask(x, 0), x, self.zeros_like(x))
        return self.b.select(self.triangle_mask(x, -1), self.zeros_like(x), x)

    def is_nan(self, x: Instruction) -> Instruction:
        return self.b.compare(x, x, "NE")
