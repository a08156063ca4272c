"""convolution: XLA-computed cases (testdata/interp/conv*), a naive per-output-element reference on
random configurations (dim_labels, strides, padding incl. negative, dilations, reversal, groups), and
the jax corpus."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from heavy_support import case_names, check_outputs, corpus_case, load_case, run

from hloc.errors import RunError


@pytest.mark.parametrize("name", case_names("conv"))
def test_convolution_matches_xla(name):
    text, ins, outs, meta = load_case(name)
    check_outputs(run(text, *ins), outs, meta["rtol"], meta["atol"], name)


def naive_conv(x, k, lhs_labels, rhs_labels, out_labels, win, fgc, bgc, out_shape):
    """operation_semantics.md's pseudo-code, one output element at a time.

    x, k: arrays in their own layouts; *_labels: strings such as "b01f"; win: per spatial dim
    (size, stride, pad_lo, pad_hi, lhs_dilation, rhs_dilation, reversal).
    """
    n = len(win)
    ib, if_ = lhs_labels.index("b"), lhs_labels.index("f")
    isp = [lhs_labels.index(str(i)) for i in range(n)]
    ki, ko = rhs_labels.index("i"), rhs_labels.index("o")
    ksp = [rhs_labels.index(str(i)) for i in range(n)]
    ob, of = out_labels.index("b"), out_labels.index("f")
    osp = [out_labels.index(str(i)) for i in range(n)]
    n_out_feat = k.shape[ko]
    fg_in = k.shape[ki]
    out = np.zeros(out_shape)
    for oidx in itertools.product(*[range(s) for s in out_shape]):
        b, o = oidx[ob], oidx[of]
        fgroup = o // (n_out_feat // fgc)
        bgroup = o // (n_out_feat // bgc)
        batch = b + bgroup * (x.shape[ib] // bgc)
        total = 0.0
        for kpos in itertools.product(*[range(w[0]) for w in win]):
            in_pos = []
            ok = True
            for d, (_size, stride, lo, _hi, ld, rd, _rev) in enumerate(win):
                dilated = oidx[osp[d]] * stride + kpos[d] * rd - lo
                if dilated % ld:
                    ok = False
                    break
                p = dilated // ld
                if not 0 <= p < x.shape[isp[d]]:
                    ok = False
                    break
                in_pos.append(p)
            if not ok:
                continue
            for f in range(fg_in):
                xi = [0] * x.ndim
                xi[ib], xi[if_] = batch, fgroup * fg_in + f
                ki_ = [0] * k.ndim
                ki_[ki], ki_[ko] = f, o
                for d, (size, *_rest) in enumerate(win):
                    xi[isp[d]] = in_pos[d]
                    ki_[ksp[d]] = size - 1 - kpos[d] if win[d][6] else kpos[d]
                total += x[tuple(xi)] * k[tuple(ki_)]
        out[oidx] = total
    return out


def _labels(rng, n, chars):
    order = list(chars) + [str(i) for i in range(n)]
    rng.shuffle(order)
    return "".join(order)


def random_conv(seed):
    rng = np.random.default_rng(seed)
    n = int(rng.integers(0, 3))
    lhs_l, rhs_l, out_l = _labels(rng, n, "bf"), _labels(rng, n, "io"), _labels(rng, n, "bf")
    fgc = bgc = 1
    if rng.random() < 0.3:
        fgc = int(rng.integers(2, 4))
    elif rng.random() < 0.3:
        bgc = int(rng.integers(2, 4))
    fg_in = int(rng.integers(1, 3))
    out_feat = int(rng.integers(1, 3)) * fgc * bgc
    batch = int(rng.integers(1, 3)) * bgc
    win, in_sp, out_sp = [], [], []
    for _ in range(n):
        while True:
            size, stride = int(rng.integers(1, 4)), int(rng.integers(1, 3))
            ld, rd = int(rng.integers(1, 3)), int(rng.integers(1, 3))
            lo, hi = int(rng.integers(-2, 3)), int(rng.integers(-2, 3))
            rev = bool(rng.random() < 0.3)
            length = int(rng.integers(1, 6))
            padded = (length - 1) * ld + 1 + lo + hi
            extent = (size - 1) * rd + 1
            if padded >= extent:
                break
        win.append((size, stride, lo, hi, ld, rd, rev))
        in_sp.append(length)
        out_sp.append((padded - extent) // stride + 1)
    lhs_dims = {"b": batch, "f": fg_in * fgc}
    rhs_dims = {"i": fg_in, "o": out_feat}
    out_dims = {"b": batch // bgc, "f": out_feat}
    for i in range(n):
        lhs_dims[str(i)], rhs_dims[str(i)], out_dims[str(i)] = in_sp[i], win[i][0], out_sp[i]
    shapes = [tuple(d[c] for c in lab) for d, lab in ((lhs_dims, lhs_l), (rhs_dims, rhs_l), (out_dims, out_l))]
    return lhs_l, rhs_l, out_l, win, fgc, bgc, shapes


def conv_text(lhs_l, rhs_l, out_l, win, fgc, bgc, shapes, etype="f64"):
    def s(dims):
        return f"{etype}[{','.join(map(str, dims))}]"

    attrs = [f"dim_labels={lhs_l}_{rhs_l}->{out_l}"]
    if win:
        w = ["size=" + "x".join(str(v[0]) for v in win), "stride=" + "x".join(str(v[1]) for v in win),
             "pad=" + "x".join(f"{v[2]}_{v[3]}" for v in win), "lhs_dilate=" + "x".join(str(v[4]) for v in win),
             "rhs_dilate=" + "x".join(str(v[5]) for v in win),
             "rhs_reversal=" + "x".join(str(int(v[6])) for v in win)]
        attrs.insert(0, "window={" + " ".join(w) + "}")
    if fgc > 1:
        attrs.append(f"feature_group_count={fgc}")
    if bgc > 1:
        attrs.append(f"batch_group_count={bgc}")
    return (f"HloModule m\nENTRY e {{\n  x = {s(shapes[0])} parameter(0)\n  k = {s(shapes[1])} parameter(1)\n"
            f"  ROOT c = {s(shapes[2])} convolution(x, k), {', '.join(attrs)}\n}}\n")


@pytest.mark.parametrize("seed", range(40))
def test_random_convolutions_against_naive_loops(seed):
    lhs_l, rhs_l, out_l, win, fgc, bgc, shapes = random_conv(seed)
    rng = np.random.default_rng(1000 + seed)
    x = rng.standard_normal(shapes[0])
    k = rng.standard_normal(shapes[1])
    want = naive_conv(x, k, lhs_l, rhs_l, out_l, win, fgc, bgc, shapes[2])
    got = run(conv_text(lhs_l, rhs_l, out_l, win, fgc, bgc, shapes), x, k)
    np.testing.assert_allclose(got, want, rtol=1e-12, atol=1e-12)


def test_integer_convolution_is_exact():
    lhs_l, rhs_l, out_l, win, fgc, bgc, shapes = random_conv(7)
    rng = np.random.default_rng(5)
    x = rng.integers(-100, 100, shapes[0]).astype(np.int32)
    k = rng.integers(-100, 100, shapes[1]).astype(np.int32)
    want = naive_conv(x.astype(np.float64), k.astype(np.float64), lhs_l, rhs_l, out_l, win, fgc, bgc, shapes[2])
    got = run(conv_text(lhs_l, rhs_l, out_l, win, fgc, bgc, shapes, "s32"), x, k)
    assert got.dtype == np.int32
    np.testing.assert_array_equal(got, want.astype(np.int32))


def test_feature_count_mismatch_is_a_run_error():
    text = ("HloModule m\nENTRY e {\n  x = f32[1,4,5] parameter(0)\n  k = f32[3,2,2] parameter(1)\n"
            "  ROOT c = f32[1,2,4] convolution(x, k), window={size=2}, dim_labels=bf0_io0->bf0\n}\n")
    with pytest.raises(RunError, match="input features"):
        run(text, np.zeros((1, 4, 5), np.float32), np.zeros((3, 2, 2), np.float32))


@pytest.mark.parametrize("name", ["conv2d_nhwc_same", "conv2d_nchw_strided", "conv_dilated_transposed",
                                  "conv2d_grouped", "conv_backward"])
def test_jax_corpus(name):
    text, ins, outs, rtol, atol = corpus_case(name)
    check_outputs(run(text, *ins), outs, rtol, atol, name)
