"""convolution: any dim_labels, strides, padding (negative = cropping), lhs (base) dilation,
rhs (window) dilation, window reversal, feature_group_count, batch_group_count, 0..n spatial dims.

Computed as im2col + one batched matrix product per group (numpy/BLAS), never per output element:
  1. the input goes to [batch, feature, spatial...], is base-dilated (holes are zeros), padded or
     cropped; the kernel goes to [out_feature, in_feature, spatial...] and is reversed where asked;
  2. a strided view gives every window position: [batch, feature, out_spatial..., kernel_spatial...]
     (window dilation = stepping through the window, stride = stepping through positions);
  3. groups: feature group g reads input features [g*Fg, (g+1)*Fg) and writes output features
     [g*Og, (g+1)*Og); batch group g reads input batches [g*Bg, (g+1)*Bg) and writes output
     features [g*Og, (g+1)*Og) (XLA's evaluator: batch_group_index = out_feature / (O / count)).
Accumulation and mixed precision follow dot (see dot.py): operands converted to the result type,
summed in f32/f64/complex/64-bit int, rounded or wrapped once.
"""

from __future__ import annotations

import math

import numpy as np

from ...errors import RunError
from ...ir.attrs import WindowDim
from ..registry import handler
from .dot import from_accumulation, to_accumulation


def _prepare_input(x: np.ndarray, window_dims) -> np.ndarray:
    """Base-dilate and pad/crop the spatial dims of x ([B, F, spatial...])."""
    n = x.ndim - 2
    for i, wd in enumerate(window_dims):
        ax = 2 + i
        if wd.base_dilation > 1 and x.shape[ax] > 0:
            size = (x.shape[ax] - 1) * wd.base_dilation + 1
            shape = list(x.shape)
            shape[ax] = size
            y = np.zeros(shape, x.dtype)
            idx = [slice(None)] * x.ndim
            idx[ax] = slice(None, None, wd.base_dilation)
            y[tuple(idx)] = x
            x = y
    pads = [(0, 0), (0, 0)] + [(max(wd.pad_lo, 0), max(wd.pad_hi, 0)) for wd in window_dims]
    if any(p != (0, 0) for p in pads):
        x = np.pad(x, pads)
    crop = [slice(None), slice(None)]
    for i, wd in enumerate(window_dims):
        lo = -min(wd.pad_lo, 0)
        hi = -min(wd.pad_hi, 0)
        crop.append(slice(lo, x.shape[2 + i] - hi if x.shape[2 + i] - hi > lo else lo))
    assert len(crop) == n + 2
    return x[tuple(crop)]


def _patches(x: np.ndarray, kernel_sizes, window_dims, out_sizes) -> np.ndarray:
    """[B, F, S...] -> [B, F, O..., K...]: the input element under kernel tap K at output position O."""
    n = len(kernel_sizes)
    if n == 0:
        return x
    extents = [(k - 1) * wd.window_dilation + 1 for k, wd in zip(kernel_sizes, window_dims)]
    need = [(o - 1) * wd.stride + e if o > 0 else 0 for o, e, wd in zip(out_sizes, extents, window_dims)]
    if any(o == 0 for o in out_sizes) or any(k == 0 for k in kernel_sizes) or x.shape[0] * x.shape[1] == 0:
        return np.zeros(x.shape[:2] + tuple(out_sizes) + tuple(kernel_sizes), x.dtype)
    if any(x.shape[2 + i] < need[i] for i in range(n)):
        raise RunError("convolution: window does not fit the padded input")
    view = np.lib.stride_tricks.sliding_window_view(x, extents, axis=tuple(range(2, 2 + n)))
    idx = [slice(None), slice(None)]
    idx += [slice(0, (o - 1) * wd.stride + 1, wd.stride) for o, wd in zip(out_sizes, window_dims)]
    idx += [slice(None, None, wd.window_dilation) for wd in window_dims]
    return view[tuple(idx)]


def convolve(lhs: np.ndarray, rhs: np.ndarray, window_dims, out_sizes, feature_groups: int = 1,
             batch_groups: int = 1) -> np.ndarray:
    """Canonical convolution: lhs [B, F, S...], rhs [O, I, K...] -> [B / batch_groups, O, out...]."""
    n = lhs.ndim - 2
    kernel_sizes = rhs.shape[2:]
    flips = tuple(2 + i for i, wd in enumerate(window_dims) if wd.window_reversal)
    if flips:
        rhs = np.flip(rhs, axis=flips)
    x = _prepare_input(lhs, window_dims)
    p = _patches(x, kernel_sizes, window_dims, out_sizes)  # [B, F, O..., K...]
    b, f = lhs.shape[:2]
    o_feat, i_feat = rhs.shape[:2]
    o_prod, k_prod = math.prod(out_sizes), math.prod(kernel_sizes)
    g = feature_groups if feature_groups > 1 else batch_groups
    og = o_feat // g
    # patches -> [G, rows, Fg*K] and kernel -> [G, Fg*K, Og]
    spatial_o = tuple(range(2, 2 + n))
    spatial_k = tuple(range(2 + n, 2 + 2 * n))
    p = p.transpose((0,) + spatial_o + (1,) + spatial_k)  # [B, O..., F, K...]
    if batch_groups > 1:
        bg = b // g
        rows = p.reshape(g, bg * o_prod, i_feat * k_prod)
        out_b = bg
    else:
        fg = f // g
        rows = p.reshape(b * o_prod, g, fg * k_prod).transpose(1, 0, 2)
        out_b = b
    w = rhs.reshape(g, og, i_feat * k_prod).transpose(0, 2, 1)
    if rows.dtype.kind in "iu":
        res = np.einsum("gri,gio->gro", rows, w)
    else:
        # Contiguous operands: numpy's stacked matmul takes a slow non-BLAS loop on strided ones.
        res = np.matmul(np.ascontiguousarray(rows), np.ascontiguousarray(w))  # [G, out_b * o_prod, Og]
    res = res.reshape((g, out_b) + tuple(out_sizes) + (og,))
    # -> [out_b, G, Og, O...] -> [out_b, O, O...]
    res = res.transpose((1, 0, n + 2) + tuple(range(2, 2 + n)))
    return res.reshape((out_b, o_feat) + tuple(out_sizes))


@handler("convolution")
def convolution(instr, args, ev):
    lhs, rhs = args[0], args[1]
    dl = instr.attrs["dim_labels"]
    n = dl.num_spatial
    window = instr.attrs.get("window")
    window_dims = window.dims if window is not None else ()
    if len(window_dims) != n:
        if window_dims:
            raise RunError(f"convolution: window has {len(window_dims)} dimensions, dim_labels {n}", instr.loc)
        # no window attribute: unit strides, no padding or dilation
        window_dims = tuple(WindowDim(size=rhs.shape[d]) for d in dl.kernel_spatial)
    feature_groups = int(instr.attrs.get("feature_group_count", 1))
    batch_groups = int(instr.attrs.get("batch_group_count", 1))
    if feature_groups > 1 and batch_groups > 1:
        raise RunError("convolution: feature_group_count and batch_group_count cannot both exceed 1", instr.loc)
    etype = instr.shape.etype
    x = np.asarray(lhs).transpose((dl.input_batch, dl.input_feature) + tuple(dl.input_spatial))
    k = np.asarray(rhs).transpose((dl.kernel_output_feature, dl.kernel_input_feature) + tuple(dl.kernel_spatial))
    b, f = x.shape[:2]
    o_feat, i_feat = k.shape[:2]
    if f != i_feat * feature_groups:
        raise RunError(f"convolution: input features ({f}) != kernel input features ({i_feat}) x "
                       f"feature_group_count ({feature_groups})", instr.loc)
    g = max(feature_groups, batch_groups)
    if o_feat % g or b % batch_groups:
        raise RunError("convolution: group counts do not divide the feature/batch dimensions", instr.loc)
    out_sizes = tuple(instr.shape.dims[d] for d in dl.output_spatial)
    res = convolve(to_accumulation(x, etype), to_accumulation(k, etype), window_dims, out_sizes,
                   feature_groups, batch_groups)
    # canonical [B, O, spatial...] -> the output's dim_labels
    perm = [0] * (n + 2)
    perm[dl.output_batch] = 0
    perm[dl.output_feature] = 1
    for i, d in enumerate(dl.output_spatial):
        perm[d] = 2 + i
    res = res.transpose(perm)
    return np.ascontiguousarray(from_accumulation(res, etype))
