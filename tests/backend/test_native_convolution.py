"""The convolution kernel against an independent numpy reference (XLA's definition, one output
position and tap at a time): dim_labels, strides, padding (negative too), lhs/rhs dilation, window
reversal, feature and batch groups, 1-3 spatial dims, layouts, element types, both code paths
(im2col + GEMM, direct loops). A few modules hold many convolutions each (compiled once)."""

from __future__ import annotations

import itertools
import zlib

import ml_dtypes
import numpy as np
import pytest
from mathref import compile_text

from hloc.backend.llvm.codegen.target import TargetSpec
from hloc.backend.llvm.kernels.convolution import _channel_runs, _shared_im2col, conv_geom, plan_gemm
from hloc.ir.attrs import WindowDim
from hloc.parse import parse_module

BF16 = ml_dtypes.bfloat16


def parse_labels(labels: str):
    """'b01f_01io->b01f' -> positions: (in_b, in_f, in_sp), (k_i, k_o, k_sp), (out_b, out_f, out_sp)."""
    lhs, rest = labels.split("_")
    rhs, out = rest.split("->")

    def pos(s, a, b):
        n = len(s) - 2
        return s.index(a), s.index(b), [s.index(str(i)) for i in range(n)]

    return pos(lhs, "b", "f"), pos(rhs, "i", "o"), pos(out, "b", "f")


def conv_ref(x, w, labels: str, wdims: list[WindowDim], groups=1, bgroups=1, acc=np.float64):
    """out[b, o, y] = sum_{c in o's group, taps k} x[b', c', pos(y, k)] * w[c, o, k'], per XLA."""
    (ib, if_, isp), (ki, ko, ksp), (ob, of, osp) = parse_labels(labels)
    xc = np.moveaxis(x, [ib, if_] + isp, list(range(x.ndim))).astype(acc)
    wc = np.moveaxis(w, [ki, ko] + ksp, list(range(w.ndim))).astype(acc)
    n = len(isp)
    b_in, c_in = xc.shape[:2]
    cg, o = wc.shape[:2]
    b_out = b_in // bgroups
    outs = []
    for d in range(n):
        wd = wdims[d]
        base = 0 if xc.shape[2 + d] == 0 else (xc.shape[2 + d] - 1) * wd.base_dilation + 1
        bound = wd.pad_lo + base + wd.pad_hi
        win = (wc.shape[2 + d] - 1) * wd.window_dilation + 1
        outs.append(0 if bound <= 0 or win > bound else (bound - win) // wd.stride + 1)
    out = np.zeros([b_out, o] + outs, acc)
    og_f, og_b = o // groups, o // bgroups
    for y in itertools.product(*[range(s) for s in outs]):
        for k in itertools.product(*[range(s) for s in wc.shape[2:]]):
            pos = []
            for d in range(n):
                wd = wdims[d]
                u = y[d] * wd.stride + k[d] * wd.window_dilation - wd.pad_lo
                if u < 0 or u % wd.base_dilation:
                    break
                p = u // wd.base_dilation
                if p >= xc.shape[2 + d]:
                    break
                pos.append(p)
            else:
                kk = tuple(wc.shape[2 + d] - 1 - k[d] if wdims[d].window_reversal else k[d] for d in range(n))
                for oo in range(o):
                    gf, gb = oo // og_f, oo // og_b
                    xs = xc[(slice(gb * b_out, (gb + 1) * b_out), slice(gf * cg, (gf + 1) * cg)) + tuple(pos)]
                    out[(slice(None), oo) + y] += xs @ wc[(slice(None), oo) + kk]
    return np.moveaxis(out, list(range(out.ndim)), [ob, of] + osp)


def window_text(wdims: list[WindowDim]) -> str:
    if not wdims:
        return "{}"
    parts = ["size=" + "x".join(str(w.size) for w in wdims)]
    for key, attr, default in (("stride", "stride", 1), ("lhs_dilate", "base_dilation", 1),
                               ("rhs_dilate", "window_dilation", 1)):
        if any(getattr(w, attr) != default for w in wdims):
            parts.append(key + "=" + "x".join(str(getattr(w, attr)) for w in wdims))
    if any(w.pad_lo or w.pad_hi for w in wdims):
        parts.append("pad=" + "x".join(f"{w.pad_lo}_{w.pad_hi}" for w in wdims))
    if any(w.window_reversal for w in wdims):
        parts.append("rhs_reversal=" + "x".join("1" if w.window_reversal else "0" for w in wdims))
    return "{" + " ".join(parts) + "}"


def W(size, stride=1, lo=0, hi=0, ld=1, rd=1, rev=False) -> WindowDim:
    return WindowDim(size, stride, lo, hi, rd, ld, rev)


class Case:
    def __init__(self, name, x_shape, w_shape, labels, wdims, groups=1, bgroups=1, etype="f32", out_etype=None,
                 layouts=("", "", ""), want_path=None):
        self.name, self.labels, self.wdims = name, labels, wdims
        self.groups, self.bgroups, self.etype = groups, bgroups, etype
        self.out_etype = out_etype or etype
        self.x_shape, self.w_shape, self.layouts, self.want_path = x_shape, w_shape, layouts, want_path
        rng = np.random.default_rng(zlib.crc32(name.encode()))  # str hash() differs per process
        dt = {"f32": np.float32, "f64": np.float64, "f16": np.float16, "bf16": BF16, "s8": np.int8, "s32": np.int32,
              "c64": np.complex64}[etype]
        if etype in ("s8", "s32"):
            hi = 100 if etype == "s8" else 2**31 - 1
            self.x = rng.integers(-hi, hi, x_shape).astype(dt)
            self.w = rng.integers(-hi, hi, w_shape).astype(dt)
        elif etype == "c64":
            self.x = (rng.standard_normal(x_shape) + 1j * rng.standard_normal(x_shape)).astype(dt)
            self.w = (rng.standard_normal(w_shape) + 1j * rng.standard_normal(w_shape)).astype(dt)
        else:
            self.x = rng.standard_normal(x_shape).astype(dt)
            self.w = rng.standard_normal(w_shape).astype(dt)
        acc = np.complex128 if etype == "c64" else object if etype in ("s8", "s32") else np.float64
        self.ref = conv_ref(self.x, self.w, labels, wdims, groups, bgroups, acc)

    def param_shapes(self):
        def s(et, dims, lay):
            return f"{et}[{','.join(map(str, dims))}]{lay}"

        return s(self.etype, self.x_shape, self.layouts[0]), s(self.etype, self.w_shape, self.layouts[1])

    def line(self, a, b):
        extra = ""
        if self.groups > 1:
            extra += f", feature_group_count={self.groups}"
        if self.bgroups > 1:
            extra += f", batch_group_count={self.bgroups}"
        dims = ",".join(map(str, self.ref.shape))
        return (f"{self.name} = {self.out_etype}[{dims}]{self.layouts[2]} convolution({a}, {b}), "
                f"window={window_text(self.wdims)}, dim_labels={self.labels}{extra}")


def run_cases(cases: list[Case]):
    lines = ["HloModule convs", "ENTRY e {"]
    args = []
    for k, c in enumerate(cases):
        xs, ws = c.param_shapes()
        lines.append(f"  x{k} = {xs} parameter({2 * k})")
        lines.append(f"  w{k} = {ws} parameter({2 * k + 1})")
        lines.append("  " + c.line(f"x{k}", f"w{k}"))
        args += [c.x, c.w]
    shapes = [ln.split(" = ")[1].split(" convolution")[0] for ln in lines if " convolution(" in ln]
    lines.append(f"  ROOT out = ({', '.join(shapes)}) tuple({', '.join(c.name for c in cases)})")
    lines.append("}")
    text = "\n".join(lines) + "\n"
    module = parse_module(text, "convs.hlo")
    features = TargetSpec().resolved().features
    plans = {i.name: plan_gemm(i, features) for i in module.entry.instructions if i.opcode == "convolution"}
    return compile_text(text)(args), plans


F32_CASES = [
    Case("nhwc_same", (2, 9, 9, 8), (3, 3, 8, 16), "b01f_01io->b01f", [W(3, lo=1, hi=1), W(3, lo=1, hi=1)],
         want_path="gemm"),
    Case("nchw_strided", (2, 8, 15, 15), (16, 8, 3, 3), "bf01_oi01->bf01", [W(3, 2, 1, 0), W(3, 2, 0, 1)],
         want_path="gemm"),
    Case("negative_pad", (1, 12, 12, 6), (3, 3, 6, 8), "b01f_01io->b01f", [W(3, lo=-2, hi=1), W(3, lo=2, hi=-3)],
         want_path="gemm"),
    Case("lhs_dilated", (1, 7, 6, 4), (3, 3, 4, 8), "b01f_01io->b01f", [W(3, lo=2, hi=1, ld=2), W(3, lo=2, hi=2, ld=3)],
         want_path="gemm"),
    Case("rhs_dilated_reversed", (2, 11, 10, 4), (3, 2, 4, 8), "b01f_01io->b01f",
         [W(3, lo=1, hi=2, rd=2, rev=True), W(2, 2, rd=3)], want_path="gemm"),
    # kernel layout whose (i, taps) dims do not form one strided axis: repacked, reversal applied there
    Case("kernel_repacked", (2, 8, 8, 6), (3, 6, 8, 3), "b01f_0io1->b01f", [W(3, lo=1, hi=1, rev=True), W(3)],
         want_path="gemm"),
    Case("feature_groups", (2, 8, 8, 8), (3, 3, 4, 16), "b01f_01io->b01f", [W(3, lo=1, hi=1), W(3, lo=1, hi=1)],
         groups=2, want_path="gemm"),
    Case("depthwise", (2, 10, 10, 8), (3, 3, 1, 8), "b01f_01io->b01f", [W(3, 2), W(3, 2)], groups=8,
         want_path="direct"),
    Case("batch_groups", (4, 9, 9, 3), (3, 3, 3, 8), "b01f_01io->b01f", [W(3, lo=1, hi=1), W(3, lo=1, hi=1)],
         bgroups=2, want_path="gemm"),
    Case("batch_groups_direct", (6, 5, 5, 2), (3, 3, 2, 3), "b01f_01io->b01f", [W(3), W(3, lo=1, hi=1)], bgroups=3,
         want_path="direct"),
    Case("weight_grad", (4, 9, 9, 8), (4, 9, 9, 8), "f01b_i01o->01bf", [W(9, lo=1, hi=1), W(9, lo=1, hi=1)]),
    Case("conv1d", (2, 32, 3), (5, 3, 6), "b0f_0io->b0f", [W(5, lo=6, hi=6, rd=3)], want_path="gemm"),
    Case("conv3d", (1, 5, 6, 7, 3), (2, 3, 2, 3, 8), "b012f_012io->b012f", [W(2), W(3, lo=1, hi=1), W(2, 2, lo=1)]),
    Case("out_layout", (2, 8, 8, 8), (3, 3, 8, 8), "b01f_01io->b01f", [W(3), W(3)], layouts=("", "", "{2,1,3,0}")),
    Case("in_layouts", (2, 8, 8, 8), (3, 3, 8, 8), "b01f_01io->b01f", [W(3, lo=1, hi=1), W(3)],
         layouts=("{1,2,3,0}", "{0,1,2,3}", "")),
    # runs of a multiple of 16 channels: the shared im2col (im2col.py), constant and generic run lengths
    Case("runs16_strided", (2, 11, 10, 16), (3, 3, 16, 16), "b01f_01io->b01f",
         [W(3, 2, lo=1, hi=1), W(3, lo=-1, hi=2, rd=2)], want_path="gemm"),
    Case("runs48_groups", (2, 8, 9, 96), (3, 2, 48, 32), "b01f_01io->b01f", [W(3, lo=1, hi=1), W(2, hi=1)],
         groups=2, want_path="gemm"),
    Case("runs64_bgroups", (4, 7, 7, 64), (3, 3, 64, 16), "b01f_01io->b01f", [W(3, lo=2, hi=0), W(3, lo=1, hi=1)],
         bgroups=2, want_path="gemm"),
    Case("runs32_row_taps", (1, 6, 9, 32), (1, 3, 32, 24), "b01f_01io->b01f", [W(1), W(3, lo=1, hi=1)],
         want_path="gemm"),
    Case("zero_spatial", (1, 2, 2, 3), (3, 3, 3, 4), "b01f_01io->b01f", [W(3), W(3)]),
    Case("no_spatial", (6, 5), (5, 7), "bf_io->bf", []),
]


@pytest.fixture(scope="module")
def f32_results():
    outs, plans = run_cases(F32_CASES)
    return dict(zip([c.name for c in F32_CASES], outs)), plans


@pytest.mark.parametrize("case", F32_CASES, ids=lambda c: c.name)
def test_f32_convolution(f32_results, case):
    got = f32_results[0][case.name]
    assert got.shape == case.ref.shape
    np.testing.assert_allclose(got, case.ref, rtol=2e-5, atol=2e-5)
    if case.want_path is not None:
        plan = f32_results[1][case.name]
        assert (plan is not None) == (case.want_path == "gemm")


def test_gemm_plans(f32_results):
    plans = f32_results[1]
    assert not plans["nhwc_same"].swapped and plans["nhwc_same"].k_direct and not plans["nhwc_same"].outer
    assert plans["nchw_strided"].swapped and len(plans["nchw_strided"].outer) == 1  # batch not merged
    assert not plans["kernel_repacked"].k_direct


def test_im2col_copies_channel_runs(f32_results):
    """NHWC input with the channels innermost in K: im2col copies each (row, tap) run of channels
    whole (padding, cropping, dilation, reversal and groups above are on that path); NCHW is not."""
    plans = f32_results[1]
    for name in ("nhwc_same", "negative_pad", "lhs_dilated", "rhs_dilated_reversed", "feature_groups",
                 "batch_groups", "conv1d"):
        assert _channel_runs(plans[name], *_geom_types(name)), name
    assert not _channel_runs(plans["nchw_strided"], *_geom_types("nchw_strided"))


def test_shared_im2col_for_runs_of_16(f32_results):
    """Runs of a multiple of 16 channels over two spatial dims take the shared im2col function;
    reversal, base dilation, other run lengths and 1-D convolutions emit their own."""
    plans = f32_results[1]
    for name in ("runs16_strided", "runs48_groups", "runs64_bgroups", "runs32_row_taps"):
        assert _shared_im2col(plans[name], *_geom_types(name)), name
    for name in ("nhwc_same", "rhs_dilated_reversed", "lhs_dilated", "conv1d", "nchw_strided"):
        assert not _shared_im2col(plans[name], *_geom_types(name)), name


def _geom_types(name):
    case = next(c for c in F32_CASES if c.name == name)
    x, w = case.param_shapes()
    text = (f"HloModule m\nENTRY e {{\n  x = {x} parameter(0)\n  w = {w} parameter(1)\n"
            f"  ROOT {case.line('x', 'w')}\n}}\n")
    instr = parse_module(text, "m.hlo").entry.root
    return conv_geom(instr), case.etype, case.out_etype


OTHER_CASES = [
    Case("conv_f64", (2, 7, 7, 4), (3, 3, 4, 8), "b01f_01io->b01f", [W(3, lo=1, hi=1), W(3, 2)], etype="f64",
         want_path="gemm"),
    Case("conv_f16", (2, 8, 8, 8), (3, 3, 8, 8), "b01f_01io->b01f", [W(3, lo=1, hi=1), W(3, lo=1, hi=1)], etype="f16",
         want_path="gemm"),
    Case("conv_bf16", (2, 6, 6, 4), (3, 3, 4, 8), "b01f_01io->b01f", [W(3), W(3, lo=1, hi=1)], etype="bf16",
         want_path="gemm"),
    Case("bf16_small", (1, 4, 4, 2), (2, 2, 2, 2), "b01f_01io->b01f", [W(2), W(2)], etype="bf16",
         want_path="direct"),
    Case("bf16_to_f32", (2, 6, 6, 4), (3, 3, 4, 8), "b01f_01io->b01f", [W(3), W(3)], etype="bf16", out_etype="f32"),
    Case("s8_to_s32", (2, 6, 6, 4), (3, 3, 4, 5), "b01f_01io->b01f", [W(3, lo=1, hi=1), W(3)], etype="s8",
         out_etype="s32"),
    Case("s32_wraps", (1, 5, 5, 3), (3, 3, 3, 2), "b01f_01io->b01f", [W(3, lo=1, hi=1), W(3, 2, rev=True)],
         etype="s32"),
    Case("conv_c64", (1, 5, 5, 2), (3, 3, 2, 3), "b01f_01io->b01f", [W(3, lo=1, hi=1), W(3, ld=2)], etype="c64"),
]


def test_other_element_types():
    outs, plans = run_cases(OTHER_CASES)
    for case, got in zip(OTHER_CASES, outs):
        if case.want_path is not None:
            assert (plans[case.name] is not None) == (case.want_path == "gemm"), case.name
        ref = case.ref
        if case.etype in ("s8", "s32"):
            wrapped = np.vectorize(lambda v: ((int(v) + 2**31) % 2**32) - 2**31, otypes=[object])
            np.testing.assert_array_equal(got, wrapped(ref).astype(np.int32), err_msg=case.name)
        elif case.out_etype in ("f16", "bf16"):
            # products summed in f32, rounded once: within a rounding of the result type
            tol = 1e-2 if case.out_etype == "bf16" else 2e-3
            np.testing.assert_allclose(got.astype(np.float64), ref, rtol=tol, atol=tol * 4, err_msg=case.name)
        else:
            tol = 1e-12 if case.etype == "f64" else 2e-5
            np.testing.assert_allclose(got, ref, rtol=tol, atol=tol, err_msg=case.name)


def test_empty_input_gives_zeros():
    text = ("HloModule m\nENTRY e {\n  x = f32[0,4,4,2] parameter(0)\n  w = f32[3,3,2,5] parameter(1)\n"
            "  ROOT c = f32[0,4,4,5] convolution(x, w), window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_01io->b01f\n"
            "}\n")
    out = compile_text(text)([np.zeros((0, 4, 4, 2), np.float32), np.ones((3, 3, 2, 5), np.float32)])
    assert out.shape == (0, 4, 4, 5)
    text2 = ("HloModule m\nENTRY e {\n  x = f32[2,4,4,0] parameter(0)\n  w = f32[3,3,0,5] parameter(1)\n"
             "  ROOT c = f32[2,4,4,5] convolution(x, w), window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_01io->b01f\n"
             "}\n")
    out = compile_text(text2)([np.zeros((2, 4, 4, 0), np.float32), np.zeros((3, 3, 0, 5), np.float32)])
    np.testing.assert_array_equal(out, np.zeros((2, 4, 4, 5), np.float32))


def test_identical_convolutions_share_one_kernel():
    """Two convolutions of the same geometry (a ResNet block's) compile to one kernel function: the
    shared im2col's constant taps table (one per kernel) is compared by content (emitter._dedupe)."""
    import re

    from hloc.backend.llvm.build import BuildOptions, build

    text = """HloModule c2
ENTRY e {
  x = f32[1,28,28,16] parameter(0)
  k = f32[3,3,16,16] parameter(1)
  a = f32[1,28,28,16] convolution(x, k), window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_01io->b01f
  b = f32[1,28,28,16] convolution(a, k), window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_01io->b01f
  ROOT t = (f32[1,28,28,16], f32[1,28,28,16]) tuple(a, b)
}
"""
    module = parse_module(text, "c2.hlo")
    features = TargetSpec().resolved().features
    assert all(_shared_im2col(plan_gemm(i, features), conv_geom(i), "f32", "f32")
               for i in module.entry.instructions if i.opcode == "convolution")
    llvm_ir = build(module, BuildOptions()).compiled.llvm_ir
    kernels = re.findall(r'^define [^@]*@"?(k\.[\w.]+?)"?\(', llvm_ir, re.M)
    assert len([k for k in kernels if not k.endswith((".range", ".task"))]) == 1, kernels
    exe = compile_text(text)
    rng = np.random.default_rng(8)
    x = rng.standard_normal((1, 28, 28, 16)).astype(np.float32)
    w = rng.standard_normal((3, 3, 16, 16)).astype(np.float32)
    a, b = exe([x, w])
    wd = [WindowDim(size=3, stride=1, pad_lo=1, pad_hi=1)] * 2
    want_a = conv_ref(x, w, "b01f_01io->b01f", wd)
    np.testing.assert_allclose(a, want_a, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(b, conv_ref(np.asarray(a), w, "b01f_01io->b01f", wd), rtol=1e-4, atol=1e-3)
