"""batchnorm-expander: batch-norm-training/-inference/-grad as plain HLO (XLA's BatchNormExpander,
the same formulas and operation order, so results match XLA:CPU's):

    training:  mean = sum(x) / N ; var = max(sum(x*x) / N - mean*mean, 0)  (per feature, N = elements per feature)
               y = (x - mean) * rsqrt(var + eps) * scale + offset  =>  (y, mean, var)
    inference: k = scale * rsqrt(var + eps) ; y = x * k + (offset - mean * k)
    grad:      grad_offset = sum(dy) ; grad_scale = sum(dy * (x - mean)) * rsqrt(var + eps)
               dx = scale * rsqrt(var + eps) / N * (N * dy - sum(dy) - (x - mean) * sum(dy * (x - mean)) / (var + eps))

epsilon is the f32 attribute converted to the operand's type, as XLA does. Only static shapes.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..ir.module import Computation, Instruction, Module
from .base import Pass, option, register_pass
from .hlo_builder import Builder, scalar_computation
from .rewrite import post_order_of, replace_instruction

BATCH_NORM = ("batch-norm-training", "batch-norm-inference", "batch-norm-grad")


@dataclass(frozen=True)
class BatchnormExpanderOptions:
    rewrite_training: bool = option(True, "expand batch-norm-training")
    rewrite_inference: bool = option(True, "expand batch-norm-inference")
    rewrite_grad: bool = option(True, "expand batch-norm-grad")


class _Expansion:
    """The helpers one batch-norm expansion shares."""

    def __init__(self, bn: Instruction, module: Module, adders: dict):
        self.b = Builder(bn.computation)
        self.bn = bn
        self.x = bn.operands[0]
        self.shape = self.x.shape
        self.etype = self.shape.etype
        self.f = bn.attrs["feature_index"]
        self.reduce_dims = [d for d in range(self.shape.rank) if d != self.f]
        self.module = module
        self.adders = adders
        self.metadata = bn.attrs.get("metadata")

    def add(self, opcode, shape, operands, **attrs) -> Instruction:
        instr = self.b.add(opcode, shape, operands, **attrs)
        if self.metadata is not None:
            instr.attrs["metadata"] = self.metadata
        return instr

    def binary(self, opcode, a, c) -> Instruction:
        return self.add(opcode, a.shape, [a, c])

    def scalar(self, value) -> Instruction:
        c = self.add("constant", self.shape.with_dims(()), [])
        c.literal = np.array(value).astype(self.shape.dtype).reshape(())
        return c

    def epsilon(self) -> Instruction:
        return self.scalar(np.float32(self.bn.attrs["epsilon"]))  # XLA: the f32 epsilon, converted

    def full(self, scalar: Instruction, shape) -> Instruction:
        return self.add("broadcast", shape.with_dims(shape.dims), [scalar], dimensions=())

    def per_feature(self, v: Instruction) -> Instruction:
        """A feature vector broadcast along the operand's other dimensions."""
        return self.add("broadcast", self.shape.with_dims(self.shape.dims), [v], dimensions=(self.f,))

    def sum(self, v: Instruction, feature_shape) -> Instruction:
        adder = self.adders.get(self.etype)
        if adder is None:
            adder = self.adders[self.etype] = scalar_computation(self.module, "add", self.etype,
                                                                 before=self.bn.parent, name="scalar_add_computation")
        return self.add("reduce", feature_shape, [v, self.scalar(0.0)], dimensions=tuple(self.reduce_dims),
                        to_apply=adder)

    def count(self) -> Instruction:
        n = 1
        for d in self.reduce_dims:
            n *= self.shape.dims[d]
        return self.scalar(n)

    def rsqrt(self, v: Instruction) -> Instruction:
        return self.add("rsqrt", v.shape, [v])


@register_pass
class BatchnormExpander(Pass):
    name = "batchnorm-expander"
    summary = "expand batch-norm-training/-inference/-grad into reduces and elementwise HLO"
    Options = BatchnormExpanderOptions

    def run(self, module: Module) -> bool:
        wanted = {"batch-norm-training": self.options.rewrite_training,
                  "batch-norm-inference": self.options.rewrite_inference,
                  "batch-norm-grad": self.options.rewrite_grad}
        adders: dict[str, Computation] = {}
        changed = False
        for comp in list(module.computations):
            if comp.is_fusion:
                continue
            for bn in [i for i in post_order_of(comp, BATCH_NORM) if wanted[i.opcode]]:
                if not all(s.is_static for s in [bn.shape] + [o.shape for o in bn.operands]):
                    continue
                e = _Expansion(bn, module, adders)
                result = {"batch-norm-training": _training, "batch-norm-inference": _inference,
                          "batch-norm-grad": _grad}[bn.opcode](e)
                name = bn.name
                replace_instruction(bn, result)
                comp.rename(result, name)
                changed = True
        return changed


def _training(e: _Expansion) -> Instruction:
    x, scale, offset = e.bn.operands
    feature_shape = scale.shape
    n = e.count()
    eps = e.full(e.epsilon(), e.shape)
    scale_b = e.per_feature(scale)
    offset_b = e.per_feature(offset)
    x2 = e.binary("multiply", x, x)
    total = e.sum(x, feature_shape)                                    # Sum[X]
    total2 = e.sum(x2, feature_shape)                                  # Sum[X^2]
    mean = e.binary("divide", total, e.full(n, feature_shape))         # E[X]
    mean_b = e.per_feature(mean)
    mean_of_squares = e.binary("divide", total2, e.full(n, feature_shape))  # E[X^2]
    square_of_mean = e.binary("multiply", mean, mean)                  # E^2[X]
    # Var[X], clamped at 0 as XLA's expander does: E[X^2] - E^2[X] rounds below 0 when the values of a
    # feature are (nearly) equal, and rsqrt(var + eps) would be NaN once that is below -eps
    raw_var = e.binary("subtract", mean_of_squares, square_of_mean)
    var = e.binary("maximum", raw_var, e.full(e.scalar(0), feature_shape))
    var_b = e.per_feature(var)
    inv = e.rsqrt(e.binary("add", var_b, eps))                         # 1 / Sqrt[Var[X] + eps]
    centered = e.binary("subtract", x, mean_b)                         # X - E[X]
    normalized = e.binary("multiply", centered, inv)
    scaled = e.binary("multiply", normalized, scale_b)
    y = e.binary("add", scaled, offset_b)
    return e.add("tuple", None, [y, mean, var])


def _inference(e: _Expansion) -> Instruction:
    x, scale, offset, mean, var = e.bn.operands
    feature_shape = scale.shape
    eps = e.full(e.epsilon(), feature_shape)
    true_scale = e.binary("multiply", scale, e.rsqrt(e.binary("add", var, eps)))
    true_shift = e.binary("subtract", offset, e.binary("multiply", mean, true_scale))
    return e.binary("add", e.binary("multiply", x, e.per_feature(true_scale)), e.per_feature(true_shift))


def _grad(e: _Expansion) -> Instruction:
    x, scale, mean, var, dy = e.bn.operands
    feature_shape = scale.shape
    n = e.count()
    eps_scalar = e.epsilon()
    eps_x = e.full(eps_scalar, e.shape)
    eps_f = e.full(eps_scalar, feature_shape)
    scale_b = e.per_feature(scale)
    var_b = e.per_feature(var)
    mean_b = e.per_feature(mean)
    inv_b = e.rsqrt(e.binary("add", var_b, eps_x))                     # rsqrt[Var[X] + eps], broadcast
    inv = e.rsqrt(e.binary("add", var, eps_f))                         # rsqrt[Var[X] + eps]
    centered = e.binary("subtract", x, mean_b)                         # X - E[X]
    dy_centered = e.binary("multiply", dy, centered)                   # Grad[Y] * (X - E[X])
    sum_dy_centered = e.sum(dy_centered, feature_shape)
    grad_offset = e.sum(dy, feature_shape)                             # Sum(Grad[Y])
    grad_scale = e.binary("multiply", sum_dy_centered, inv)
    i2 = e.per_feature(grad_offset)
    i3 = e.per_feature(sum_dy_centered)
    i4 = e.binary("multiply", i3, centered)
    i5 = e.binary("divide", i4, e.binary("add", var_b, eps_x))
    k = e.binary("multiply", scale_b, inv_b)
    k = e.binary("divide", k, e.full(n, e.shape))                      # scale * rsqrt[Var + eps] / N
    i1 = e.binary("multiply", dy, e.full(n, e.shape))
    i6 = e.binary("subtract", e.binary("subtract", i1, i2), i5)
    dx = e.binary("multiply", k, i6)
    return e.add("tuple", None, [dx, grad_scale, grad_offset])
