#!/usr/bin/env python3
# ruff: noqa: E501  (HLO instructions are kept on one line each, as XLA prints them)
"""Regenerate the XLA-computed expectations for the structured-op interpreter tests.

    /work/.venv-xla/bin/python testdata/interp/generate.py [NAME_PREFIX ...]

For every case below this writes NAME.hlo (the module), NAME.npz (inputs in0, in1, ... and XLA:CPU's
outputs out0, out1, ..., flattened depth-first; bf16 as uint16 bit patterns) and updates cases.json
(tolerances and notes). Inputs come from seeded generators, so a rerun gives the same arrays.
The oracle is ../shared/tools/xla_run.py (HLO text -> XLA's parser -> StableHLO -> XLA:CPU); it needs
jax/jaxlib, which is why this runs on the XLA venv and does not import hloc.
"""

from __future__ import annotations

import json
import sys
import zlib
from pathlib import Path

import ml_dtypes
import numpy as np

HERE = Path(__file__).resolve().parent
TOOLS = Path("/work/shared/tools")
BF16 = ml_dtypes.bfloat16

CASES: dict[str, dict] = {}


def case(name: str, hlo: str, inputs, rtol: float = 0.0, atol: float = 0.0, note: str = "") -> None:
    CASES[name] = {"hlo": hlo.strip() + "\n", "inputs": inputs, "rtol": rtol, "atol": atol, "note": note}


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


def normal(shape, dtype=np.float32):
    return lambda r: r.standard_normal(shape).astype(dtype)


def ints(shape, lo, hi, dtype=np.int32):
    return lambda r: r.integers(lo, hi, size=shape, endpoint=False).astype(dtype)


def fixed(a):
    return lambda r: np.asarray(a)


def cplx(shape, dtype=np.complex64):
    return lambda r: (r.standard_normal(shape) + 1j * r.standard_normal(shape)).astype(dtype)


F32_MODEL = {"rtol": 2e-5, "atol": 2e-5}

ADD_F32 = "add_f32 {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = f32[] add(a, b)\n}\n"
ADD_S32 = "add_s32 {\n  a = s32[] parameter(0)\n  b = s32[] parameter(1)\n  ROOT r = s32[] add(a, b)\n}\n"
MAX_F32 = "max_f32 {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = f32[] maximum(a, b)\n}\n"
MIN_F32 = "min_f32 {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = f32[] minimum(a, b)\n}\n"
MUL_F32 = "mul_f32 {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = f32[] multiply(a, b)\n}\n"
# Order-dependent combiner: out = 2*out + update.
AFFINE_F32 = ("affine_f32 {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  two = f32[] constant(2)\n"
              "  t = f32[] multiply(a, two)\n  ROOT r = f32[] add(t, b)\n}\n")
REPLACE_F32 = "replace_f32 {\n  a = f32[] parameter(0)\n  ROOT b = f32[] parameter(1)\n}\n"
SUB_F32 = "sub_f32 {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = f32[] subtract(a, b)\n}\n"
GE_F32 = "ge_f32 {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = pred[] compare(a, b), direction=GE\n}\n"
GT_F32 = "gt_f32 {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = pred[] compare(a, b), direction=GT\n}\n"
LE_F32 = "le_f32 {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = pred[] compare(a, b), direction=LE\n}\n"

# ------------------------------------------------------------------------------------------------ dot

case("dot_s8_s32", """
HloModule dot_s8_s32
ENTRY e {
  a = s8[5,7] parameter(0)
  b = s8[7,3] parameter(1)
  ROOT d = s32[5,3] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}""", [ints((5, 7), -128, 128, np.int8), ints((7, 3), -128, 128, np.int8)])

case("dot_s32_wrap", """
HloModule dot_s32_wrap
ENTRY e {
  a = s32[4,6] parameter(0)
  b = s32[6,2] parameter(1)
  ROOT d = s32[4,2] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}""", [ints((4, 6), -2**31, 2**31), ints((6, 2), -2**31, 2**31)], note="integer overflow wraps")

case("dot_u8_u32", """
HloModule dot_u8_u32
ENTRY e {
  a = u8[3,9] parameter(0)
  b = u8[9,4] parameter(1)
  ROOT d = u32[3,4] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}""", [ints((3, 9), 0, 256, np.uint8), ints((9, 4), 0, 256, np.uint8)])

case("dot_bf16_bf16", """
HloModule dot_bf16_bf16
ENTRY e {
  a = bf16[6,64] parameter(0)
  b = bf16[64,5] parameter(1)
  ROOT d = bf16[6,5] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}""", [normal((6, 64), BF16), normal((64, 5), BF16)], rtol=1e-2, atol=1e-2,
     note="bf16 result: f32 accumulation, one rounding")

case("dot_bf16_f32", """
HloModule dot_bf16_f32
ENTRY e {
  a = bf16[6,64] parameter(0)
  b = bf16[64,5] parameter(1)
  ROOT d = f32[6,5] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}""", [normal((6, 64), BF16), normal((64, 5), BF16)], rtol=1e-5, atol=1e-5)

case("dot_f16_f16", """
HloModule dot_f16_f16
ENTRY e {
  a = f16[4,200] parameter(0)
  b = f16[200,3] parameter(1)
  ROOT d = f16[4,3] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}""", [normal((4, 200), np.float16), normal((200, 3), np.float16)], rtol=1e-3, atol=1e-3,
     note="f16: XLA:CPU accumulates in f32")

case("dot_general_dims", """
HloModule dot_general_dims
ENTRY e {
  a = f32[3,4,2,5,6] parameter(0)
  b = f32[6,2,7,3,4] parameter(1)
  ROOT d = f32[2,3,5,7] dot(a, b), lhs_batch_dims={2,0}, rhs_batch_dims={1,3}, lhs_contracting_dims={4,1}, rhs_contracting_dims={0,4}
}""", [normal((3, 4, 2, 5, 6)), normal((6, 2, 7, 3, 4))], **F32_MODEL)

case("dot_f64_c64", """
HloModule dot_f64_c64
ENTRY e {
  a = f64[3,5] parameter(0)
  b = f64[5] parameter(1)
  c = c64[2,3] parameter(2)
  d = c64[3,2,4] parameter(3)
  x = f64[3] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  y = c64[4] dot(c, d), lhs_contracting_dims={1,0}, rhs_contracting_dims={0,1}
  ROOT t = (f64[3], c64[4]) tuple(x, y)
}""", [normal((3, 5), np.float64), normal((5,), np.float64), cplx((2, 3)), cplx((3, 2, 4))], rtol=1e-5, atol=1e-5)

# ---------------------------------------------------------------------------------------- convolution

case("conv_batch_group", """
HloModule conv_batch_group
ENTRY e {
  x = f32[4,7,7,3] parameter(0)
  k = f32[3,3,3,6] parameter(1)
  ROOT c = f32[2,5,5,6] convolution(x, k), window={size=3x3}, dim_labels=b01f_01io->b01f, batch_group_count=2
}""", [normal((4, 7, 7, 3)), normal((3, 3, 3, 6))], **F32_MODEL)

case("conv_batch_group_wgrad", """
HloModule conv_batch_group_wgrad
ENTRY e {
  x = f32[2,6,9] parameter(0)
  k = f32[2,6,4] parameter(1)
  ROOT c = f32[2,6,5] convolution(x, k), window={size=4 stride=2 pad=2_1}, dim_labels=fb0_io0->bf0, batch_group_count=3
}""", [normal((2, 6, 9)), normal((2, 6, 4))], **F32_MODEL)

case("conv1d_negpad_reversal", """
HloModule conv1d_negpad_reversal
ENTRY e {
  x = f32[2,3,20] parameter(0)
  k = f32[4,3,5] parameter(1)
  ROOT c = f32[2,4,7] convolution(x, k), window={size=5 stride=2 pad=-3_1 rhs_reversal=1}, dim_labels=bf0_oi0->bf0
}""", [normal((2, 3, 20)), normal((4, 3, 5))], **F32_MODEL)

case("conv3d_dilations", """
HloModule conv3d_dilations
ENTRY e {
  x = f32[1,5,6,4,2] parameter(0)
  k = f32[2,2,2,2,3] parameter(1)
  ROOT c = f32[1,9,6,1,3] convolution(x, k), window={size=2x2x2 stride=1x2x1 pad=1_0x0_1x-1_0 lhs_dilate=2x2x1 rhs_dilate=1x1x2}, dim_labels=b012f_012io->b012f
}""", [normal((1, 5, 6, 4, 2)), normal((2, 2, 2, 2, 3))], **F32_MODEL)

case("conv0d", """
HloModule conv0d
ENTRY e {
  x = f32[4,6] parameter(0)
  k = f32[6,3] parameter(1)
  ROOT c = f32[4,3] convolution(x, k), dim_labels=bf_io->bf
}""", [normal((4, 6)), normal((6, 3))], **F32_MODEL)

case("conv_odd_labels_grouped", """
HloModule conv_odd_labels_grouped
ENTRY e {
  x = f32[6,5,2,8] parameter(0)
  k = f32[3,3,4,2] parameter(1)
  ROOT c = f32[3,1,4,8] convolution(x, k), window={size=3x2 stride=2x1 pad=1_1x0_0 rhs_reversal=0x1}, dim_labels=f01b_0io1->01fb, feature_group_count=2
}""", [normal((6, 5, 2, 8)), normal((3, 3, 4, 2))], **F32_MODEL)

case("conv_depthwise_lhs_dilate", """
HloModule conv_depthwise_lhs_dilate
ENTRY e {
  x = f32[2,4,4,6] parameter(0)
  k = f32[3,3,1,12] parameter(1)
  ROOT c = f32[2,8,8,12] convolution(x, k), window={size=3x3 pad=2_1x2_1 lhs_dilate=2x2}, dim_labels=b01f_01io->b01f, feature_group_count=6
}""", [normal((2, 4, 4, 6)), normal((3, 3, 1, 12))], **F32_MODEL)

case("conv_s8_s32", """
HloModule conv_s8_s32
ENTRY e {
  x = s8[1,6,6,4] parameter(0)
  k = s8[3,3,4,2] parameter(1)
  ROOT c = s32[1,4,4,2] convolution(x, k), window={size=3x3}, dim_labels=b01f_01io->b01f
}""", [ints((1, 6, 6, 4), -128, 128, np.int8), ints((3, 3, 4, 2), -128, 128, np.int8)])

case("conv_int_wrap", """
HloModule conv_int_wrap
ENTRY e {
  x = s32[1,3,2] parameter(0)
  k = s32[1,2,1] parameter(1)
  a = s8[1,3,2] parameter(2)
  b = s8[1,2,1] parameter(3)
  c = s32[1,3,1] convolution(x, k), window={size=1}, dim_labels=b0f_0io->b0f
  d = s8[1,3,1] convolution(a, b), window={size=1}, dim_labels=b0f_0io->b0f
  ROOT t = (s32[1,3,1], s8[1,3,1]) tuple(c, d)
}""", [fixed(np.array([[[2**30, 2**30], [2**31 - 1, 1], [-2**31, -1]]], np.int32)),
       fixed(np.array([[[3], [2]]], np.int32)), fixed(np.array([[[100, 100], [127, 1], [-128, -1]]], np.int8)),
       fixed(np.array([[[3], [2]]], np.int8))], note="integer convolutions wrap around (no saturation)")

case("conv_f16_bf16", """
HloModule conv_f16_bf16
ENTRY e {
  x = f16[1,8,8,16] parameter(0)
  k = f16[3,3,16,4] parameter(1)
  y = bf16[1,8,8,16] parameter(2)
  w = bf16[3,3,16,4] parameter(3)
  c = f16[1,8,8,4] convolution(x, k), window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_01io->b01f
  d = bf16[1,8,8,4] convolution(y, w), window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_01io->b01f
  ROOT t = (f16[1,8,8,4], bf16[1,8,8,4]) tuple(c, d)
}""", [normal((1, 8, 8, 16), np.float16), normal((3, 3, 16, 4), np.float16), normal((1, 8, 8, 16), BF16),
       normal((3, 3, 16, 4), BF16)], rtol=1e-2, atol=2e-2)

# --------------------------------------------------------------------------------------------- gather

case("gather_clamp", """
HloModule gather_clamp
ENTRY e {
  x = f32[7,9] parameter(0)
  i = s32[10,2] parameter(1)
  ROOT g = f32[10,3,4] gather(x, i), offset_dims={1,2}, collapsed_slice_dims={}, start_index_map={0,1}, index_vector_dim=1, slice_sizes={3,4}
}""", [normal((7, 9)), ints((10, 2), -5, 14)], note="out-of-bounds starts clamp so the slice fits")

case("gather_batching", """
HloModule gather_batching
ENTRY e {
  x = f32[3,10,4,5] parameter(0)
  i = s32[4,6,3,2] parameter(1)
  ROOT g = f32[4,6,3,2] gather(x, i), offset_dims={3}, collapsed_slice_dims={1}, start_index_map={1,3}, operand_batching_dims={0,2}, start_indices_batching_dims={2,0}, index_vector_dim=3, slice_sizes={1,1,1,2}
}""", [normal((3, 10, 4, 5)), ints((4, 6, 3, 2), -2, 11)], note="operand_batching_dims with clamped starts")

case("gather_ivd_rank", """
HloModule gather_ivd_rank
ENTRY e {
  x = s32[6,5] parameter(0)
  i = s64[3,4] parameter(1)
  ROOT g = s32[3,5,4] gather(x, i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={0}, index_vector_dim=2, slice_sizes={1,5}
}""", [ints((6, 5), -100, 100), ints((3, 4), -3, 9, np.int64)])

case("gather_ivd_middle", """
HloModule gather_ivd_middle
ENTRY e {
  x = f32[5,6,7] parameter(0)
  i = u32[4,2,3] parameter(1)
  ROOT g = f32[4,4,3,2] gather(x, i), offset_dims={1,3}, collapsed_slice_dims={1}, start_index_map={2,1}, index_vector_dim=1, slice_sizes={4,1,2}
}""", [normal((5, 6, 7)), ints((4, 2, 3), 0, 9, np.uint32)])

# -------------------------------------------------------------------------------------------- scatter

SCATTER_1D = """
HloModule {name}
{comp}
ENTRY e {{
  x = f32[8] parameter(0)
  i = s32[12,1] parameter(1)
  u = f32[12] parameter(2)
  ROOT s = f32[8] scatter(x, i, u), update_window_dims={{}}, inserted_window_dims={{0}}, scatter_dims_to_operand_dims={{0}}, index_vector_dim=1, to_apply={fn}
}}"""
DUP_IDX = np.array([[3], [1], [3], [-1], [7], [3], [8], [0], [1], [5], [3], [7]], np.int32)
for nm, comp, fn in [("add", ADD_F32, "add_f32"), ("max", MAX_F32, "max_f32"), ("mul", MUL_F32, "mul_f32"),
                     ("replace", REPLACE_F32, "replace_f32"), ("affine", AFFINE_F32, "affine_f32"),
                     ("sub", SUB_F32, "sub_f32")]:
    case(f"scatter_dup_{nm}", SCATTER_1D.format(name=f"scatter_dup_{nm}", comp=comp, fn=fn),
         [normal((8,)), fixed(DUP_IDX), normal((12,))], rtol=1e-6, atol=1e-6,
         note="duplicate indices applied in update order; out-of-range indices (-1, 8) skipped")

case("scatter_window_oob", """
HloModule scatter_window_oob
""" + ADD_F32 + """
ENTRY e {
  x = f32[6,7] parameter(0)
  i = s32[5,2] parameter(1)
  u = f32[5,3,2] parameter(2)
  ROOT s = f32[6,7] scatter(x, i, u), update_window_dims={1,2}, inserted_window_dims={}, scatter_dims_to_operand_dims={0,1}, index_vector_dim=1, to_apply=add_f32
}""", [normal((6, 7)), fixed(np.array([[0, 0], [3, 5], [4, 5], [-1, 2], [2, 6]], np.int32)), normal((5, 3, 2))],
     rtol=1e-6, atol=1e-6, note="windows partly outside the operand are skipped whole")

case("scatter_batching", """
HloModule scatter_batching
""" + ADD_F32 + """
ENTRY e {
  x = f32[3,10,4] parameter(0)
  i = s32[4,5,3] parameter(1)
  u = f32[4,5,3] parameter(2)
  ROOT s = f32[3,10,4] scatter(x, i, u), update_window_dims={}, inserted_window_dims={1}, scatter_dims_to_operand_dims={1}, input_batching_dims={0,2}, scatter_indices_batching_dims={2,0}, index_vector_dim=3, to_apply=add_f32
}""", [normal((3, 10, 4)), ints((4, 5, 3), -1, 11), normal((4, 5, 3))], rtol=1e-6, atol=1e-6,
     note="input_batching_dims; index_vector_dim == rank; out-of-range indices skipped")

case("scatter_variadic", """
HloModule scatter_variadic
argmax {
  v0 = f32[] parameter(0)
  i0 = s32[] parameter(1)
  v1 = f32[] parameter(2)
  i1 = s32[] parameter(3)
  gt = pred[] compare(v1, v0), direction=GT
  v = f32[] select(gt, v1, v0)
  i = s32[] select(gt, i1, i0)
  ROOT t = (f32[], s32[]) tuple(v, i)
}
ENTRY e {
  x = f32[5,3] parameter(0)
  xi = s32[5,3] parameter(1)
  i = s32[9] parameter(2)
  u = f32[9,3] parameter(3)
  ui = s32[9,3] parameter(4)
  ROOT s = (f32[5,3], s32[5,3]) scatter(x, xi, i, u, ui), update_window_dims={1}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=argmax
}""", [normal((5, 3)), ints((5, 3), 0, 100), ints((9,), 0, 6), normal((9, 3)), ints((9, 3), 100, 200)])

case("scatter_s32_ivd_rank", """
HloModule scatter_s32_ivd_rank
""" + ADD_S32 + """
ENTRY e {
  x = s32[4,6] parameter(0)
  i = s32[2,3] parameter(1)
  u = s32[2,3,6] parameter(2)
  ROOT s = s32[4,6] scatter(x, i, u), update_window_dims={2}, inserted_window_dims={0}, scatter_dims_to_operand_dims={0}, index_vector_dim=2, to_apply=add_s32
}""", [ints((4, 6), -2**31, 2**31), ints((2, 3), -1, 5), ints((2, 3, 6), -2**31, 2**31)],
     note="int32 add wraps; index_vector_dim == rank")

# ----------------------------------------------------------------------------------------------- sort

LT_TOTAL_F32 = ("lt_total {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n"
                "  ROOT r = pred[] compare(a, b), direction=LT, type=TOTALORDER\n}\n")
case("sort_total_nan_zero", """
HloModule sort_total_nan_zero
""" + LT_TOTAL_F32 + """
ENTRY e {
  x = f32[3,10] parameter(0)
  ROOT s = f32[3,10] sort(x), dimensions={1}, is_stable=true, to_apply=lt_total
}""", [fixed(np.array([[np.nan, -0.0, 0.0, 1, -1, -np.inf, np.inf, -np.nan, 2, -0.0],
                       [5, 4, 3, 2, 1, 0, -1, -2, -3, -4], [0, -0.0, 0, -0.0, 0, 0, -0.0, 1, 1, -1]], np.float32))],
     note="TOTALORDER: -NaN < -inf < -0 < +0 < inf < NaN")

case("sort_unstable_ties", """
HloModule sort_unstable_ties
cmp {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  c = s32[] parameter(2)
  d = s32[] parameter(3)
  ROOT r = pred[] compare(a, b), direction=LT
}
ENTRY e {
  k = s32[4,40] parameter(0)
  v = s32[4,40] parameter(1)
  ROOT s = (s32[4,40], s32[4,40]) sort(k, v), dimensions={1}, is_stable=false, to_apply=cmp
}""", [ints((4, 40), 0, 3), fixed(np.tile(np.arange(40, dtype=np.int32), (4, 1)))],
     note="is_stable=false with ties: XLA:CPU's std::sort order of equal keys")

case("sort_unstable_small", """
HloModule sort_unstable_small
cmp {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  c = s32[] parameter(2)
  d = s32[] parameter(3)
  ROOT r = pred[] compare(a, b), direction=GT
}
ENTRY e {
  k = s32[6,16] parameter(0)
  v = s32[6,16] parameter(1)
  ROOT s = (s32[6,16], s32[6,16]) sort(k, v), dimensions={1}, is_stable=false, to_apply=cmp
}""", [ints((6, 16), 0, 3), fixed(np.tile(np.arange(16, dtype=np.int32), (6, 1)))],
     note="is_stable=false, at most 16 elements: insertion sort, ties stay in order")

case("sort_unstable_generic", """
HloModule sort_unstable_generic
cmp {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  c = f32[] parameter(2)
  d = f32[] parameter(3)
  p4 = s32[] parameter(4)
  p5 = s32[] parameter(5)
  eq = pred[] compare(a, b), direction=EQ
  lt = pred[] compare(a, b), direction=LT
  gt = pred[] compare(c, d), direction=GT
  ROOT r = pred[] select(eq, gt, lt)
}
canon_lt {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  zero = f32[] constant(0)
  ea = pred[] compare(a, zero), direction=EQ
  eb = pred[] compare(b, zero), direction=EQ
  ca = f32[] select(ea, zero, a)
  cb = f32[] select(eb, zero, b)
  ROOT r = pred[] compare(ca, cb), direction=LT, type=TOTALORDER
}
ENTRY e {
  k = s32[3,50] parameter(0)
  v = f32[3,50] parameter(1)
  w = s32[3,50] parameter(2)
  z = f32[70] parameter(3)
  s = (s32[3,50], f32[3,50], s32[3,50]) sort(k, v, w), dimensions={1}, is_stable=false, to_apply=cmp
  o0 = s32[3,50] get-tuple-element(s), index=0
  o1 = f32[3,50] get-tuple-element(s), index=1
  o2 = s32[3,50] get-tuple-element(s), index=2
  t = f32[70] sort(z), dimensions={0}, is_stable=false, to_apply=canon_lt
  ROOT r = (s32[3,50], f32[3,50], s32[3,50], f32[70]) tuple(o0, o1, o2, t)
}""", [ints((3, 50), 0, 3), ints((3, 50), 0, 2, np.float32), fixed(np.tile(np.arange(50, dtype=np.int32), (3, 1))),
       lambda r: np.where(r.random(70) < 0.5, np.float32(0.0), np.float32(-0.0)) * (r.random(70) < 0.8)
       + (r.random(70) >= 0.8) * r.integers(-2, 3, 70).astype(np.float32)],
     note="is_stable=false, generic two-key comparator and a -0/+0 canonicalizing one: std::sort's tie order")

case("topk_unstable_ties", """
HloModule topk_unstable_ties
ENTRY e {
  x = f32[3,40] parameter(0)
  y = s32[3,40] parameter(1)
  w = f16[2,30] parameter(2)
  a = (f32[3,30], s32[3,30]) topk(x), k=30, largest=true, is_stable=false
  b = (f32[3,30], s32[3,30]) topk(x), k=30, largest=false, is_stable=false
  c = (s32[3,25], s32[3,25]) topk(y), k=25, largest=true, is_stable=false
  d = (f16[2,20], s32[2,20]) topk(w), k=20, largest=false, is_stable=false
  a0 = f32[3,30] get-tuple-element(a), index=0
  a1 = s32[3,30] get-tuple-element(a), index=1
  b0 = f32[3,30] get-tuple-element(b), index=0
  b1 = s32[3,30] get-tuple-element(b), index=1
  c0 = s32[3,25] get-tuple-element(c), index=0
  c1 = s32[3,25] get-tuple-element(c), index=1
  d0 = f16[2,20] get-tuple-element(d), index=0
  d1 = s32[2,20] get-tuple-element(d), index=1
  ROOT t = (f32[3,30], s32[3,30], f32[3,30], s32[3,30], s32[3,25], s32[3,25], f16[2,20], s32[2,20]) tuple(a0, a1, b0, b1, c0, c1, d0, d1)
}""", [ints((3, 40), 0, 4, np.float32), ints((3, 40), 0, 4), ints((2, 30), 0, 3, np.float16)],
     note="topk is_stable=false with ties: f32 becomes XLA:CPU's TopK runtime call (stable), other types an "
          "unstable sort of (values, iota)")

# Keys that drive libstdc++'s introsort into its heapsort fallback (built with McIlroy's "killer
# adversary" against sort.introsort_order, then halved so that pairs of equal keys show the order).
KILLER_100 = [
    46, 0, 35, 1, 42, 2, 34, 3, 49, 4, 33, 5, 41, 6, 32, 7, 45, 8, 31, 9, 40, 10, 12, 11, 49, 48, 47,
    46, 45, 44, 43, 42, 41, 40, 39, 38, 37, 36, 35, 34, 33, 32, 47, 39, 44, 38, 48, 37, 43, 36, 0, 1, 2,
    3, 4, 5, 6, 7, 8, 9, 10, 11, 31, 29, 30, 28, 29, 27, 28, 26, 27, 25, 26, 24, 25, 23, 24, 22, 23, 21,
    22, 20, 21, 19, 20, 18, 19, 17, 18, 16, 17, 15, 16, 14, 15, 13, 14, 12, 13, 30
]
KILLER_200 = [
    81, 0, 62, 1, 90, 2, 61, 3, 80, 4, 60, 5, 97, 6, 59, 7, 79, 8, 58, 9, 89, 10, 57, 11, 78, 12, 14,
    13, 99, 98, 97, 96, 95, 94, 93, 92, 91, 90, 89, 88, 87, 86, 85, 84, 83, 82, 81, 80, 79, 78, 77, 76,
    75, 74, 73, 72, 71, 70, 69, 68, 67, 66, 65, 64, 63, 62, 61, 60, 59, 58, 94, 77, 88, 76, 98, 75, 87,
    74, 93, 73, 86, 72, 96, 71, 85, 70, 92, 69, 84, 68, 99, 67, 83, 66, 91, 65, 82, 64, 95, 63, 0, 1, 2,
    3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 57, 55, 56, 54, 55, 53, 54, 52, 53, 51, 52, 50, 51, 49, 50, 48,
    49, 47, 48, 46, 47, 45, 46, 44, 45, 43, 44, 42, 43, 41, 42, 40, 41, 39, 40, 38, 39, 37, 38, 36, 37,
    35, 36, 34, 35, 33, 34, 32, 33, 31, 32, 30, 31, 29, 30, 28, 29, 27, 28, 26, 27, 25, 26, 24, 25, 23,
    24, 22, 23, 21, 22, 20, 21, 19, 20, 18, 19, 17, 18, 16, 17, 15, 16, 14, 15, 56
]

case("sort_unstable_heapsort", """
HloModule sort_unstable_heapsort
cmp {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  c = s32[] parameter(2)
  d = s32[] parameter(3)
  ROOT r = pred[] compare(a, b), direction=LT
}
ENTRY e {
  k = s32[100] parameter(0)
  v = s32[100] parameter(1)
  l = s32[200] parameter(2)
  w = s32[200] parameter(3)
  s = (s32[100], s32[100]) sort(k, v), dimensions={0}, is_stable=false, to_apply=cmp
  t = (s32[200], s32[200]) sort(l, w), dimensions={0}, is_stable=false, to_apply=cmp
  s0 = s32[100] get-tuple-element(s), index=1
  t0 = s32[200] get-tuple-element(t), index=1
  ROOT r = (s32[100], s32[200]) tuple(s0, t0)
}""", [fixed(np.array(KILLER_100, np.int32)), fixed(np.arange(100, dtype=np.int32)),
       fixed(np.array(KILLER_200, np.int32)), fixed(np.arange(200, dtype=np.int32))],
     note="is_stable=false on keys that exhaust introsort's depth limit: the heapsort fallback's tie order")

case("sort_lexicographic", """
HloModule sort_lexicographic
cmp {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  c = f32[] parameter(2)
  d = f32[] parameter(3)
  eq = pred[] compare(a, b), direction=EQ
  lt = pred[] compare(a, b), direction=LT
  gt = pred[] compare(c, d), direction=GT
  ROOT r = pred[] select(eq, gt, lt)
}
ENTRY e {
  k = s32[30,5] parameter(0)
  v = f32[30,5] parameter(1)
  ROOT s = (s32[30,5], f32[30,5]) sort(k, v), dimensions={0}, is_stable=true, to_apply=cmp
}""", [ints((30, 5), 0, 4), ints((30, 5), 0, 5, np.float32)])

case("sort_types", """
HloModule sort_types
lt_bf16 {
  a = bf16[] parameter(0)
  b = bf16[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=LT, type=TOTALORDER
}
gt_u8 {
  a = u8[] parameter(0)
  b = u8[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=GT
}
lt_s64 {
  a = s64[] parameter(0)
  b = s64[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=LT
}
gt_f16 {
  a = f16[] parameter(0)
  b = f16[] parameter(1)
  ROOT r = pred[] compare(a, b), direction=GT
}
ENTRY e {
  a = bf16[2,3,25] parameter(0)
  b = u8[25,4] parameter(1)
  c = s64[33] parameter(2)
  d = f16[17,3] parameter(3)
  sa = bf16[2,3,25] sort(a), dimensions={2}, is_stable=true, to_apply=lt_bf16
  sb = u8[25,4] sort(b), dimensions={0}, is_stable=true, to_apply=gt_u8
  sc = s64[33] sort(c), dimensions={0}, is_stable=true, to_apply=lt_s64
  sd = f16[17,3] sort(d), dimensions={0}, is_stable=true, to_apply=gt_f16
  ROOT t = (bf16[2,3,25], u8[25,4], s64[33], f16[17,3]) tuple(sa, sb, sc, sd)
}""", [normal((2, 3, 25), BF16), ints((25, 4), 0, 256, np.uint8), ints((33,), -2**62, 2**62, np.int64),
       normal((17, 3), np.float16)])

case("topk_variants", """
HloModule topk_variants
ENTRY e {
  x = f32[4,12] parameter(0)
  y = bf16[3,20] parameter(1)
  a = (f32[4,5], s32[4,5]) topk(x), k=5, largest=true
  b = (f32[4,3], s32[4,3]) topk(x), k=3, largest=false
  c = (bf16[3,4], s32[3,4]) topk(y), k=4, largest=true
  a0 = f32[4,5] get-tuple-element(a), index=0
  a1 = s32[4,5] get-tuple-element(a), index=1
  b0 = f32[4,3] get-tuple-element(b), index=0
  b1 = s32[4,3] get-tuple-element(b), index=1
  c0 = bf16[3,4] get-tuple-element(c), index=0
  c1 = s32[3,4] get-tuple-element(c), index=1
  ROOT t = (f32[4,5], s32[4,5], f32[4,3], s32[4,3], bf16[3,4], s32[3,4]) tuple(a0, a1, b0, b1, c0, c1)
}""", [fixed(np.array([[1, 3, 3, 2, 3, 0, -1, 5, 5, 4, np.nan, -0.0],
                       [0, -0.0, 0, 0, -0.0, 1, 1, 1, 1, 1, 1, 1],
                       [-np.inf, np.inf, np.nan, -np.nan, 7, 7, 7, 7, 2, 2, 2, 2],
                       [9, 8, 7, 6, 5, 4, 3, 2, 1, 0, -1, -2]], np.float32)),
       ints((3, 20), -3, 3, BF16)], note="ties keep the lower index first; NaN largest in total order")

# --------------------------------------------------------------------------------------- reduce-window

case("reduce_window_dilations", """
HloModule reduce_window_dilations
""" + ADD_F32 + MAX_F32 + """
ENTRY e {
  x = f32[2,9,8] parameter(0)
  z = f32[] constant(0)
  m = f32[] constant(-inf)
  a = f32[2,9,5] reduce-window(x, z), window={size=1x3x2 stride=1x2x2 pad=0_0x3_2x1_1 lhs_dilate=1x2x1 rhs_dilate=1x2x1}, to_apply=add_f32
  b = f32[2,4,6] reduce-window(x, m), window={size=2x3x3 stride=1x2x1 pad=0_1x0_0x1_1 rhs_dilate=1x1x2}, to_apply=max_f32
  ROOT t = (f32[2,9,5], f32[2,4,6]) tuple(a, b)
}""", [normal((2, 9, 8))], rtol=1e-6, atol=1e-6)

case("reduce_window_init_padding", """
HloModule reduce_window_init_padding
""" + AFFINE_F32 + """
ENTRY e {
  x = f32[10] parameter(0)
  i = f32[] constant(1.5)
  ROOT a = f32[6] reduce-window(x, i), window={size=4 stride=2 pad=3_1}, to_apply=affine_f32
}""", [normal((10,))], rtol=1e-6, atol=1e-6,
     note="non-identity init and order-dependent reducer: padding is skipped, not folded in as init")

case("reduce_window_variadic", """
HloModule reduce_window_variadic
argmax {
  v0 = f32[] parameter(0)
  i0 = s32[] parameter(1)
  v1 = f32[] parameter(2)
  i1 = s32[] parameter(3)
  gt = pred[] compare(v1, v0), direction=GT
  v = f32[] select(gt, v1, v0)
  i = s32[] select(gt, i1, i0)
  ROOT t = (f32[], s32[]) tuple(v, i)
}
ENTRY e {
  x = f32[5,7] parameter(0)
  xi = s32[5,7] parameter(1)
  m = f32[] constant(-inf)
  n = s32[] constant(-1)
  ROOT r = (f32[3,4], s32[3,4]) reduce-window(x, xi, m, n), window={size=2x3 stride=2x2 pad=1_0x1_1}, to_apply=argmax
}""", [ints((5, 7), 0, 4, np.float32), fixed(np.arange(35, dtype=np.int32).reshape(5, 7))])

def _bf16_small_steps(_r):
    x = np.full(256, 2.0**-8, BF16)
    x[::64] = 1.0
    return x


case("reduce_window_bf16_steps", """
HloModule reduce_window_bf16_steps
add_bf16 {
  a = bf16[] parameter(0)
  b = bf16[] parameter(1)
  ROOT r = bf16[] add(a, b)
}
ENTRY e {
  x = bf16[256] parameter(0)
  i = s32[256,1] parameter(1)
  z = bf16[] constant(0)
  zz = bf16[2] constant({0, 0})
  rw = bf16[4] reduce-window(x, z), window={size=64 stride=64}, to_apply=add_bf16
  sc = bf16[2] scatter(zz, i, x), update_window_dims={}, inserted_window_dims={0},
      scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add_bf16
  ROOT t = (bf16[4], bf16[2]) tuple(rw, sc)
}""", [_bf16_small_steps, lambda r: r.integers(0, 2, (256, 1)).astype(np.int32)],
     note="bf16 reducers round after every step on XLA:CPU too (1 + 2^-8 stays 1), no f32 accumulator")


# ---------------------------------------------------------------------------------- select-and-scatter

case("select_and_scatter_overlap_pad", """
HloModule select_and_scatter_overlap_pad
""" + GE_F32 + ADD_F32 + """
ENTRY e {
  x = f32[2,7,6] parameter(0)
  s = f32[2,4,3] parameter(1)
  z = f32[] constant(0)
  ROOT r = f32[2,7,6] select-and-scatter(x, s, z), window={size=1x3x3 stride=1x2x2 pad=0_0x1_1x1_0}, select=ge_f32, scatter=add_f32
}""", [ints((2, 7, 6), 0, 3, np.float32), normal((2, 4, 3))], rtol=1e-6, atol=1e-6,
     note="overlapping windows, padding, ties (GE keeps the first maximum)")

case("select_and_scatter_gt_sub", """
HloModule select_and_scatter_gt_sub
""" + GT_F32 + SUB_F32 + """
ENTRY e {
  x = f32[9] parameter(0)
  s = f32[4] parameter(1)
  z = f32[] constant(1)
  ROOT r = f32[9] select-and-scatter(x, s, z), window={size=3 stride=2}, select=gt_f32, scatter=sub_f32
}""", [fixed(np.array([1, 1, 1, 2, 2, 0, 0, 0, 5], np.float32)), fixed(np.array([10, 20, 30, 40], np.float32))],
     note="GT select keeps the last maximum; scatter(current, source) order shows in subtract")

case("select_and_scatter_le_allpad", """
HloModule select_and_scatter_le_allpad
""" + LE_F32 + ADD_F32 + """
ENTRY e {
  x = f32[4,4] parameter(0)
  s = f32[3,3] parameter(1)
  z = f32[] constant(-2)
  ROOT r = f32[4,4] select-and-scatter(x, s, z), window={size=2x3 stride=1x2 pad=0_0x3_1}, select=le_f32, scatter=add_f32
}""", [normal((4, 4)), normal((3, 3))], rtol=1e-6, atol=1e-6,
     note="windows entirely in padding scatter nothing; LE select picks minima")

# ----------------------------------------------------------------------------------------------- fft

case("fft_c64", """
HloModule fft_c64
ENTRY e {
  x = c64[3,8] parameter(0)
  y = c64[2,4,6] parameter(1)
  z = c64[2,3,4,5] parameter(2)
  a = c64[3,8] fft(x), fft_type=FFT, fft_length={8}
  b = c64[2,4,6] fft(y), fft_type=IFFT, fft_length={4,6}
  c = c64[2,3,4,5] fft(z), fft_type=FFT, fft_length={3,4,5}
  ROOT t = (c64[3,8], c64[2,4,6], c64[2,3,4,5]) tuple(a, b, c)
}""", [cplx((3, 8)), cplx((2, 4, 6)), cplx((2, 3, 4, 5))], rtol=1e-5, atol=1e-5)

case("fft_real", """
HloModule fft_real
ENTRY e {
  x = f32[4,10] parameter(0)
  y = c64[3,5,4] parameter(1)
  w = f32[2,6,7] parameter(2)
  a = c64[4,6] fft(x), fft_type=RFFT, fft_length={10}
  b = f32[3,5,6] fft(y), fft_type=IRFFT, fft_length={5,6}
  c = c64[2,6,4] fft(w), fft_type=RFFT, fft_length={6,7}
  ROOT t = (c64[4,6], f32[3,5,6], c64[2,6,4]) tuple(a, b, c)
}""", [normal((4, 10)), cplx((3, 5, 4)), normal((2, 6, 7))], rtol=1e-5, atol=1e-5,
     note="IRFFT input is not Hermitian: imaginary DC/Nyquist parts are ignored")

case("fft_c128", """
HloModule fft_c128
ENTRY e {
  x = c128[5,9] parameter(0)
  y = f64[16] parameter(1)
  a = c128[5,9] fft(x), fft_type=IFFT, fft_length={9}
  b = c128[9] fft(y), fft_type=RFFT, fft_length={16}
  c = f64[16] fft(b), fft_type=IRFFT, fft_length={16}
  ROOT t = (c128[5,9], c128[9], f64[16]) tuple(a, b, c)
}""", [cplx((5, 9), np.complex128), normal((16,), np.float64)], rtol=1e-12, atol=1e-12)

# -------------------------------------------------------------------------------------------- linalg


def spd(n, batch=(), dtype=np.float32, bad=(), seed=7):
    """Symmetric positive definite matrices with garbage in the strict upper triangle (which a lower
    cholesky must not read); the batch elements in `bad` are negated (not PD)."""
    def make(_r):
        r = np.random.default_rng(seed)
        m = r.standard_normal(batch + (n, n))
        a = m @ np.swapaxes(m, -1, -2) + n * np.eye(n)
        a = np.tril(a) + np.triu(r.standard_normal(batch + (n, n)) * 100, 1)
        for b in bad:
            a[b] = -np.abs(a[b])
        return a.astype(dtype)
    return make


_CHOL = spd(6, (3,), bad=((1,),))
case("cholesky_lower_upper", """
HloModule cholesky_lower_upper
ENTRY e {
  a = f32[3,6,6] parameter(0)
  b = f32[3,6,6] parameter(1)
  l = f32[3,6,6] cholesky(a), lower=true
  u = f32[3,6,6] cholesky(b), lower=false
  ROOT t = (f32[3,6,6], f32[3,6,6]) tuple(l, u)
}""", [_CHOL, lambda r: np.swapaxes(_CHOL(r), -1, -2).copy()], rtol=1e-4, atol=1e-4,
     note="the other triangle of a is garbage and ignored; batch element 1 is not PD (all NaN)")


case("cholesky_f64_complex", """
HloModule cholesky_f64_complex
ENTRY e {
  a = f64[5,5] parameter(0)
  c = c64[4,4] parameter(1)
  l = f64[5,5] cholesky(a), lower=true
  m = c64[4,4] cholesky(c), lower=true
  ROOT t = (f64[5,5], c64[4,4]) tuple(l, m)
}""", [spd(5, dtype=np.float64), None], rtol=1e-4, atol=1e-4)


def hpd(n):
    def make(r):
        m = r.standard_normal((n, n)) + 1j * r.standard_normal((n, n))
        return (m @ m.conj().T + n * np.eye(n)).astype(np.complex64)
    return make


CASES["cholesky_f64_complex"]["inputs"][1] = hpd(4)

_TS_LINES = []
_TS_SHAPES = []
for left in (True, False):
    for lower in (True, False):
        for unit in (False, True):
            for tr in ("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"):
                nm = f"r{len(_TS_LINES)}"
                b = "bl" if left else "br"
                shp = "f32[2,5,3]" if left else "f32[2,3,5]"
                _TS_LINES.append(f"  {nm} = {shp} triangular-solve(a, {b}), left_side={str(left).lower()}, "
                                 f"lower={str(lower).lower()}, unit_diagonal={str(unit).lower()}, transpose_a={tr}")
                _TS_SHAPES.append(shp)


def tri_matrix(r):
    a = r.standard_normal((2, 5, 5)) * 0.3
    a[:, np.arange(5), np.arange(5)] = 2 + r.random((2, 5))
    return a.astype(np.float32)


case("triangular_solve_all", "HloModule triangular_solve_all\nENTRY e {\n  a = f32[2,5,5] parameter(0)\n"
     "  bl = f32[2,5,3] parameter(1)\n  br = f32[2,3,5] parameter(2)\n" + "\n".join(_TS_LINES)
     + f"\n  ROOT t = ({', '.join(_TS_SHAPES)}) tuple({', '.join(f'r{i}' for i in range(len(_TS_LINES)))})\n}}",
     [tri_matrix, normal((2, 5, 3)), normal((2, 3, 5))], rtol=1e-4, atol=1e-4,
     note="left/right x lower/upper x unit x NO_TRANSPOSE/TRANSPOSE/ADJOINT; the other triangle is garbage")

case("triangular_solve_c64", """
HloModule triangular_solve_c64
ENTRY e {
  a = c64[4,4] parameter(0)
  b = c64[4,2] parameter(1)
  x = c64[4,2] triangular-solve(a, b), left_side=true, lower=true, transpose_a=ADJOINT
  y = c64[4,2] triangular-solve(a, b), left_side=true, lower=false, transpose_a=TRANSPOSE
  ROOT t = (c64[4,2], c64[4,2]) tuple(x, y)
}""", [lambda r: (np.eye(4) * 3 + r.standard_normal((4, 4)) * 0.3 + 1j * r.standard_normal((4, 4)) * 0.3
                  ).astype(np.complex64), cplx((4, 2))], rtol=1e-4, atol=1e-4)

# ---------------------------------------------------------------------------------------- batch norm

case("batch_norm_all", """
HloModule batch_norm_all
ENTRY e {
  x = f32[4,3,5,6] parameter(0)
  scale = f32[3] parameter(1)
  offset = f32[3] parameter(2)
  mean = f32[6] parameter(3)
  var = f32[6] parameter(4)
  dy = f32[4,3,5,6] parameter(5)
  tr = (f32[4,3,5,6], f32[3], f32[3]) batch-norm-training(x, scale, offset), epsilon=0.001, feature_index=1
  y = f32[4,3,5,6] get-tuple-element(tr), index=0
  m = f32[3] get-tuple-element(tr), index=1
  v = f32[3] get-tuple-element(tr), index=2
  bni = f32[4,3,5,6] batch-norm-inference(x, mean, var, mean, var), epsilon=0.01, feature_index=3
  gr = (f32[4,3,5,6], f32[3], f32[3]) batch-norm-grad(x, scale, m, v, dy), epsilon=0.001, feature_index=1
  g0 = f32[4,3,5,6] get-tuple-element(gr), index=0
  g1 = f32[3] get-tuple-element(gr), index=1
  g2 = f32[3] get-tuple-element(gr), index=2
  ROOT t = (f32[4,3,5,6], f32[3], f32[3], f32[4,3,5,6], f32[4,3,5,6], f32[3], f32[3]) tuple(y, m, v, bni, g0, g1, g2)
}""", [lambda r: (r.standard_normal((4, 3, 5, 6)) * 2 + 1).astype(np.float32), normal((3,)), normal((3,)),
       normal((6,)), lambda r: (r.random(6) + 0.5).astype(np.float32), normal((4, 3, 5, 6))],
     rtol=1e-4, atol=1e-4)


# ------------------------------------------------------------------------------------------- driver


def main(prefixes: list[str]) -> int:
    sys.path.insert(0, str(TOOLS))
    import xla_run  # noqa: E402

    meta_path = HERE / "cases.json"
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    failures = []
    for name, c in CASES.items():
        if prefixes and not any(name.startswith(p) for p in prefixes):
            continue
        r = rng_for(name)
        ins = [np.asarray(f(r)) for f in c["inputs"]]
        try:
            mod = xla_run.XlaModule(c["hlo"], name)
            outs = mod(*ins)
        except Exception as e:  # XLA:CPU refusing an op is recorded, not fatal
            failures.append(f"{name}: {type(e).__name__}: {str(e).splitlines()[0][:200]}")
            continue
        (HERE / f"{name}.hlo").write_text(c["hlo"])
        arrays = {f"in{i}": xla_run.to_storable(a) for i, a in enumerate(ins)}
        arrays.update({f"out{i}": xla_run.to_storable(o) for i, o in enumerate(outs)})
        np.savez_compressed(HERE / f"{name}.npz", **arrays)
        meta[name] = {"rtol": c["rtol"], "atol": c["atol"], "note": c["note"]}
        print(f"{name}: {len(ins)} inputs, {len(outs)} outputs")
    meta_path.write_text(json.dumps(dict(sorted(meta.items())), indent=1) + "\n")
    for f in failures:
        print("XLA refused:", f)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
