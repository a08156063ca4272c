"""conv-canonicalization: a convolution whose output features are not its most minor dimension (NCHW
and friends: PyTorch, flax's `bf01` layouts, every gradient of them) computes a [batch, spatial...,
feature] result instead and transposes it back, as XLA:CPU's ConvCanonicalization does.

    c = f32[64,32,28,28] convolution(x, w), dim_labels=bf01_oi01->bf01
        =>  xt = f32[64,28,28,16] transpose(x), dimensions={0,2,3,1}
            t = f32[64,28,28,32] convolution(xt, w), dim_labels=b01f_oi01->b01f
            c = f32[64,32,28,28] transpose(t), dimensions={0,3,1,2}

Why: the native convolution multiplies im2col rows (batch x output positions) by the kernel, and
writes each row's features in one contiguous run; with the features strided it has to take the
product the other way round per image, several times slower on the same arithmetic (an NCHW
transposed convolution: ~4x). The transposes cost one pass over the input, the kernel and the output.
transpose-folding does not fold them back (`wants_canonical_form`, `in_canonical_form`), so that
the pipeline is idempotent. Only float
convolutions in default layouts that are big enough for the GEMM (at least MIN_MACS multiply-adds)
change: below, the direct loop does not care.
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
    """[batch, spatial..., feature] input and output, [spatial..., in, out] kernel."""
    n = labels.num_spatial
    return ConvDimLabels(0, n + 1, tuple(range(1, n + 1)), n, n + 1, tuple(range(n)), 0, n + 1,
                         tuple(range(1, n + 1)))


def _physically_canonical(shape: Shape, batch: int, spatial, feature: int) -> bool:
    """Whether `shape`'s layout steps through (batch, spatial..., feature), feature fastest."""
    major_to_minor = [d for d in reversed(shape.layout.minor_to_major) if shape.dims[d] != 1]
    want = [d for d in (batch, *spatial, feature) if shape.dims[d] != 1]
    return major_to_minor == want


def _eligible(conv: Instruction, labels, x: Shape) -> bool:
    shape = conv.shape
    if not isinstance(labels, ConvDimLabels) or shape.is_tuple or shape.rank < 3 or has_control_deps(conv):
        return False
    w = conv.operands[1].shape
    if ELEMENT_TYPES[shape.etype].kind != "float" or any(s.layout is None or not s.layout.is_default()
                                                         for s in (shape, x, w)):
        return False  # (other layouts: left to layout assignment)
    if conv.attrs.get("feature_group_count", 1) != 1 or conv.attrs.get("batch_group_count", 1) != 1:
        return False
    return _macs(conv, labels) >= MIN_MACS


def _features_minor(conv: Instruction, labels: ConvDimLabels, x: Shape) -> bool:
    return (_physically_canonical(conv.shape, labels.output_batch, labels.output_spatial, labels.output_feature)
            and _physically_canonical(x, labels.input_batch, labels.input_spatial, labels.input_feature))


def wants_canonical_form(conv: Instruction, labels: ConvDimLabels | None = None, x: Shape | None = None) -> bool:
    """Whether the pass rewrites `conv` (or `conv` with dim_labels `labels` reading an input of shape
    `x`: what transpose-folding asks before folding a transpose into it, so as not to undo the pass)."""
    labels = labels or conv.attrs.get("dim_labels")
    x = x or conv.operands[0].shape
    return _eligible(conv, labels, x) and not _features_minor(conv, labels, x)


def in_canonical_form(conv: Instruction) -> bool:
    """Whether `conv` is in the form the pass gives (features minor, kernel [spatial..., in, out]): a
    transposed kernel is then not folded into it (transpose-folding), as the pass would not undo that."""
    labels = conv.attrs.get("dim_labels")
    x = conv.operands[0].shape
    if not _eligible(conv, labels, x) or not _features_minor(conv, labels, x):
        return False
    order = [*labels.kernel_spatial, labels.kernel_input_feature, labels.kernel_output_feature]
    return order == list(range(conv.operands[1].shape.rank))


def _moved(operand: Instruction, order: list[int]) -> Instruction:
    """operand's dims in `order`, row-major: a reshape where only dims of size 1 move (as algsimp
    would make of the transpose)."""
    shape = operand.shape
    result = Shape.array(shape.etype, [shape.dims[d] for d in order])
    if [d for d in order if shape.dims[d] != 1] == [d for d in range(shape.rank) if shape.dims[d] != 1] \
            and shape.layout.is_default():
        return Instruction("reshape", result, [operand], {})
    return Instruction("transpose", result, [operand], {"dimensions": tuple(order)})


def _transposed(comp, operand: Instruction, order: list[int], name: str) -> Instruction:
    if order == list(range(len(order))) and operand.shape.layout.is_default():
        return operand
    return comp.add(_moved(operand, order), name)


def canonicalize(conv: Instruction) -> Instruction:
    """Compute `conv` on a [batch, spatial..., feature] input and output and a [spatial..., in, out]
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
    back = _moved(clone, [out_order.index(d) for d in range(len(out_order))])
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
                if not wants_canonical_form(conv):
                    continue
                name = conv.name
                back = canonicalize(conv)
                conv.replace_all_uses_with(back)
                comp.remove(conv)
                comp.rename(back, name)
                changed = True
        return changed
