"""conv-phase-split: a convolution over a base-dilated input (lhs_dilate: the input gradient of a strided
convolution, a transposed convolution) computes each output phase apart, from the taps that meet input
points, instead of multiplying the dilation's zeros.

With base dilation s (stride 1, no window dilation), output o of a spatial dim reads dilated position
o + k - pad_lo, an input point only when that is a multiple of s. The outputs o = p + s*q of phase p
meet the taps k = k0 + s*j, k0 = (pad_lo - p) mod s, at input q + j - pad_lo' for one pad_lo' per
phase: an ordinary convolution of the undilated input with the kernel's taps k0::s. Every phase of
every dilated dim is one such convolution; each result is spread to its outputs by an interior pad
(zeros between) and the phases are added:

    c = f32[32,32,32,32] convolution(x, w), window={size=3x3 pad=2_1x2_1 lhs_dilate=2x2}
        =>  c00 = f32[32,16,16,32] convolution(x, w00), window={size=2x2 pad=1_1x1_1}    (w00 = w[0::2, 0::2])
            ...                                            (c01, c10, c11: 2x1, 1x2 and 1x1 taps)
            c = add(add(add(pad(c00, 0_1_1x0_1_1), pad(c01, ...)), pad(c10, ...)), pad(c11, ...))

For s = 2 in two dims that is a quarter of the multiply-adds (haiku_convnet_grad's input gradient:
9 taps of which 2.25 on average meet the input). Each output sums the same nonzero products as before
(the zeros added to it are exact), in the kernel's order. Only float convolutions with a default
result layout, big enough for the GEMM (conv_canonicalization.MIN_MACS); not with feature or batch
groups, window dilation, reversal or a stride in a dilated dim.
"""

from __future__ import annotations

import itertools
from dataclasses import replace

from ..ir.attrs import ConvDimLabels, PadDim, Window
from ..ir.module import Instruction, Module
from ..ir.types import ELEMENT_TYPES, Shape
from .base import Pass, register_pass
from .conv_canonicalization import MIN_MACS
from .hlo_builder import Builder
from .rewrite import has_control_deps, replace_instruction


def _eligible(conv: Instruction) -> bool:
    labels, window = conv.attrs.get("dim_labels"), conv.attrs.get("window")
    if not isinstance(labels, ConvDimLabels) or not isinstance(window, Window) or conv.shape.is_tuple:
        return False
    x, w = (o.shape for o in conv.operands[:2])
    if ELEMENT_TYPES[conv.shape.etype].kind != "float" or has_control_deps(conv) or len(conv.operands) != 2:
        return False
    if conv.shape.layout is None or not conv.shape.layout.is_default():
        return False  # (the phases are added in default layouts; the operands' layouts do not matter)
    if conv.attrs.get("feature_group_count", 1) != 1 or conv.attrs.get("batch_group_count", 1) != 1:
        return False
    dilated = [wd for wd in window.dims if wd.base_dilation > 1]
    if not dilated or any(wd.stride != 1 or wd.window_dilation != 1 or wd.window_reversal for wd in dilated):
        return False
    per_output = w.num_elements // max(1, w.dims[labels.kernel_output_feature])
    return conv.shape.num_elements * per_output >= MIN_MACS


def _phases(wd, in_size: int, out_size: int) -> list[tuple]:
    """(phase p, first tap k0, taps J, pad_lo', pad_hi', outputs Q) of each phase of one spatial dim
    whose outputs meet at least one tap."""
    s, k = wd.base_dilation, wd.size
    out = []
    for p in range(min(s, out_size)):
        k0 = (wd.pad_lo - p) % s
        taps = (k - k0 + s - 1) // s if k0 < k else 0
        if taps == 0:
            continue  # these outputs meet only the dilation's zeros
        lo = -((p + k0 - wd.pad_lo) // s)
        q = (out_size - p + s - 1) // s
        out.append((p, k0, taps, lo, q - 1 + taps - in_size - lo, q))
    return out


def split(conv: Instruction) -> Instruction:
    """The phase convolutions of `conv`, spread and added (returned; the caller replaces `conv`)."""
    labels, window = conv.attrs["dim_labels"], conv.attrs["window"]
    x, w = conv.operands
    b = Builder(conv.computation)
    et = conv.shape.etype
    per_dim: list[list] = []
    for i, wd in enumerate(window.dims):
        if wd.base_dilation == 1:
            per_dim.append([None])
        else:
            in_size, out_size = x.shape.dims[labels.input_spatial[i]], conv.shape.dims[labels.output_spatial[i]]
            per_dim.append(_phases(wd, in_size, out_size))
    zero = b.scalar(0, et)
    total = None
    for combo in itertools.product(*per_dim):
        starts, limits, steps = [0] * w.shape.rank, list(w.shape.dims), [1] * w.shape.rank
        dims, out_dims, pads = [], list(conv.shape.dims), [PadDim(0, 0)] * conv.shape.rank
        for i, (wd, ph) in enumerate(zip(window.dims, combo)):
            if ph is None:
                dims.append(wd)
                continue
            p, k0, taps, lo, hi, q = ph
            kd, od = labels.kernel_spatial[i], labels.output_spatial[i]
            starts[kd], steps[kd] = k0, wd.base_dilation
            dims.append(replace(wd, size=taps, pad_lo=lo, pad_hi=hi, base_dilation=1))
            out_dims[od] = q
            s = wd.base_dilation
            pads[od] = PadDim(p, conv.shape.dims[od] - (p + s * (q - 1) + 1), s - 1)
        taps_w = b.slice(w, starts, limits, steps)
        attrs = dict(conv.attrs)
        attrs["window"] = Window(tuple(dims))
        phase = b.add("convolution", Shape(et, tuple(out_dims)), [x, taps_w], f"{conv.name}.phase", **attrs)
        spread = b.add("pad", Shape(et, conv.shape.dims), [phase, zero], padding=tuple(pads))
        total = spread if total is None else b.add_(total, spread)
    if total is None:  # no output meets an input point
        total = b.full(0, Shape(et, conv.shape.dims))
    if "metadata" in conv.attrs:
        total.attrs["metadata"] = conv.attrs["metadata"]
    return total


@register_pass
class ConvPhaseSplit(Pass):
    name = "conv-phase-split"
    summary = "base-dilated convolutions as one convolution per output phase (no multiplying the dilation's zeros)"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            if comp.is_fusion:
                continue
            for conv in [i for i in comp.instructions if i.opcode == "convolution" and _eligible(i)]:
                replace_instruction(conv, split(conv))
                changed = True
        return changed
