"""conv-canonicalization: a convolution whose output features are not its most minor dimension (NCHW
and friends: PyTorch, flax's `bf01` layouts, every gradient of them) computes a [batch, spatial...,
feature] result instead and transposes it back, as XLA:CPU's ConvCanonicalization does.

    c = f32[64,32,28,28] convolution(x, w), dim_labels=bf01_oi01->bf01
        =>  t = f32[64,28,28,32] convolution(x, w), dim_labels=bf01_oi01->b01f
            c = f32[64,32,28,28] transpose(t), dimensions={0,3,1,2}

Why: the native convolution multiplies im2col rows (batch x output positions) by the kernel, and
writes each row's features in one contiguous run; with the features strided it has to take the
product the other way round per image, several times slower on the same arithmetic (an NCHW
transposed convolution: ~4x). The transpose costs one pass over the output. The input and kernel
keep their layouts: the im2col reads any of them. Only convolutions big enough for the GEMM (float
accumulation, at least MIN_MACS multiply-adds) change: below, the direct loop does not care.
"""

from __future__ import annotations

from ..ir.attrs import ConvDimLabels
from ..ir.module import Instruction, Module
from ..ir.types import ELEMENT_TYPES, Shape
from .base import Pass, register_pass
from .rewrite import has_control_deps

MIN_MACS = 1 << 20


def _macs(conv: Instruction, labels: ConvDimLabels) -> int:
    kernel = conv.operands[1].shape
    per_output = kernel.num_elements // max(1, kernel.dims[labels.kernel_output_feature])
    return conv.shape.num_elements * per_output


def _canonical(labels: ConvDimLabels) -> ConvDimLabels:
    n = labels.num_spatial
    return ConvDimLabels(0, n + 1, tuple(range(1, n + 1)), n, n + 1, tuple(range(n)), 0, n + 1,
                         tuple(range(1, n + 1)))


def _physically_canonical(shape: Shape, batch: int, spatial, feature: int) -> bool:
    """Whether `shape`'s layout steps through (batch, spatial..., feature), feature fastest."""
    major_to_minor = [d for d in reversed(shape.layout.minor_to_major) if shape.dims[d] != 1]
    want = [d for d in (batch, *spatial, feature) if shape.dims[d] != 1]
    return major_to_minor == want


def _wants_canonical_form(conv: Instruction) -> bool:
    shape = conv.shape
    labels = conv.attrs.get("dim_labels")
    if not isinstance(labels, ConvDimLabels) or shape.is_tuple or shape.rank < 3 or has_control_deps(conv):
        return False
    x, w = conv.operands
    if ELEMENT_TYPES[shape.etype].kind != "float" or any(s.layout is None for s in (shape, x.shape, w.shape)):
        return False
    if conv.attrs.get("feature_group_count", 1) != 1 or conv.attrs.get("batch_group_count", 1) != 1:
        return False
    if (_physically_canonical(shape, labels.output_batch, labels.output_spatial, labels.output_feature)
            and _physically_canonical(x.shape, labels.input_batch, labels.input_spatial, labels.input_feature)):
        return False
    return _macs(conv, labels) >= MIN_MACS


def _transposed(comp, operand: Instruction, order: list[int], name: str) -> Instruction:
    if order == list(range(len(order))) and operand.shape.layout.is_default():
        return operand
    shape = Shape.array(operand.shape.etype, [operand.shape.dims[d] for d in order])
    return comp.add(Instruction("transpose", shape, [operand], {"dimensions": tuple(order)}), name)


def canonicalize(conv: Instruction) -> Instruction:
    """Compute `conv` on [batch, spatial..., feature] input and output and a [spatial..., in, out]
    kernel (row-major, through transposes); return the transpose that stands for the old result
    (the caller points the users at it)."""
    labels = conv.attrs["dim_labels"]
    comp = conv.parent
    x, w = conv.operands
    old = conv.shape
    x_order = [labels.input_batch, *labels.input_spatial, labels.input_feature]
    w_order = [*labels.kernel_spatial, labels.kernel_input_feature, labels.kernel_output_feature]
    out_order = [labels.output_batch, *labels.output_spatial, labels.output_feature]
    xt = _transposed(comp, x, x_order, f"{x.name}.nhwc")
    wt = _transposed(comp, w, w_order, f"{w.name}.hwio")
    clone = conv.clone(operands=[xt, wt], shape=Shape.array(old.etype, [old.dims[d] for d in out_order]))
    clone.attrs["dim_labels"] = _canonical(labels)
    comp.add(clone, conv.name)
    # transpose back: result dim d is the clone's dim out_order.index(d)
    perm = tuple(out_order.index(d) for d in range(len(out_order)))
    back = Instruction("transpose", old, [clone], {"dimensions": perm})
    comp.add(back, conv.name)
    if "metadata" in conv.attrs:
        back.attrs["metadata"] = conv.attrs["metadata"]
    return back


@register_pass
class ConvCanonicalization(Pass):
    name = "conv-canonicalization"
    summary = "convolutions write their features contiguously, then a transpose (XLA:CPU's ConvCanonicalization)"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            if comp.is_fusion:
                continue
            for conv in [i for i in comp.instructions if i.opcode == "convolution"]:
                if not _wants_canonical_form(conv):
                    continue
                name = conv.name
                back = canonicalize(conv)
                conv.replace_all_uses_with(back)
                comp.remove(conv)
                comp.rename(back, name)
                changed = True
        return changed
