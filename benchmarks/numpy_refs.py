"""numpy equivalents of the performance anchor modules (../shared/bench/*.hlo), written from the HLO.

`REFS[name](*inputs)` takes the module's inputs (in parameter order, as `random_inputs` makes them)
and returns its outputs (logical shapes; a tuple for tuple results). They are what a numpy user
would write, timed by bench_models as the "numpy" column and used there as a sanity check of
hloc's outputs. `WORK[name]` is what a module must at least move or compute: ("bytes", n) for the
memory-bound ones (inputs read once and outputs written once), ("flops", n) for the dot / conv
ones (2 per multiply-add).
"""

from __future__ import annotations

import numpy as np

F32 = np.float32


EPS = F32(1e-5)


def _layernorm(x, g, b, eps=EPS):
    mean = x.mean(axis=1, keepdims=True, dtype=F32)
    d = x - mean
    var = np.mean(d * d, axis=1, keepdims=True, dtype=F32)
    return d * (1 / np.sqrt(var + eps)) * g + b


def ew_chain(x, y):
    return (x * y + F32(1)) * F32(0.5) - np.maximum(x, F32(0))


def ew_transc(x):
    return np.tanh(x) * np.exp(-x * x)


def softmax(x):
    e = np.exp(x - x.max(axis=1, keepdims=True))
    return e / e.sum(axis=1, keepdims=True)


def layernorm(x, g, b):
    return _layernorm(x, g, b)


def reduce_sum(x):
    return x.sum(dtype=F32)


def transpose(x):
    return np.ascontiguousarray(x.T)


def matmul(x, y):
    return x @ y


def conv_resnet(x, k):
    """3x3 'SAME' convolution, NHWC x HWIO, as im2col + one sgemm (what a numpy user would do)."""
    n, h, w, c = x.shape
    kh, kw, _, o = k.shape
    p = np.zeros((n, h + kh - 1, w + kw - 1, c), F32)
    p[:, kh // 2:kh // 2 + h, kw // 2:kw // 2 + w] = x
    cols = np.lib.stride_tricks.sliding_window_view(p, (kh, kw), axis=(1, 2))  # n, h, w, c, kh, kw
    cols = cols.transpose(0, 1, 2, 4, 5, 3).reshape(n * h * w, kh * kw * c)
    return (cols @ k.reshape(kh * kw * c, o)).reshape(n, h, w, o)


def mlp_fwd(x, w1, b1, w2, b2, w3, b3):
    h1 = np.maximum(x @ w1 + b1, F32(0))
    h2 = np.maximum(h1 @ w2 + b2, F32(0))
    return h2 @ w3 + b3


def mlp_grad(x, t, w1, b1, w2, b2, w3, b3):
    """Gradients of sum((mlp(x) - t)^2) / 5120 with respect to (w1, b1, w2, b2, w3, b3) (the module's
    scale: 2 * 0.000195312503)."""
    a1 = x @ w1 + b1
    h1 = np.maximum(a1, F32(0))
    a2 = h1 @ w2 + b2
    h2 = np.maximum(a2, F32(0))
    y = h2 @ w3 + b3
    dy = (y - t) * F32(2) * F32(0.000195312503)
    d2 = np.where(a2 > 0, dy @ w3.T, F32(0))
    d1 = np.where(a1 > 0, d2 @ w2.T, F32(0))
    return ((d1.T @ x).T, d1.sum(axis=0), (d2.T @ h1).T, d2.sum(axis=0), (dy.T @ h2).T, dy.sum(axis=0))


def transformer_layer(x, wq, wk, wv, wo, g1, b1, w1, c1, w2, c2, g2, b2, heads=8):
    t, d = x.shape
    hd = d // heads
    h = _layernorm(x, g1, b1)
    q = (h @ wq).reshape(t, heads, hd).transpose(1, 0, 2)
    k = (h @ wk).reshape(t, heads, hd).transpose(1, 0, 2)
    v = (h @ wv).reshape(t, heads, hd).transpose(1, 0, 2)
    s = (q @ k.transpose(0, 2, 1)) * F32(1 / np.sqrt(hd))
    s = np.where(np.tril(np.ones((t, t), bool)), s, F32(-1e9))
    p = softmax(s.reshape(heads * t, t)).reshape(heads, t, t)
    a = (p @ v).transpose(1, 0, 2).reshape(t, d)
    x2 = x + a @ wo
    h2 = _layernorm(x2, g2, b2)
    f = h2 @ w1 + c1
    f = f * (F32(0.5) * (F32(1) + np.tanh((f + F32(0.044715) * f * f * f) * F32(0.797884583))))
    return x2 + (f @ w2 + c2)


REFS = {
    "ew_chain_4m": ew_chain,
    "ew_transc_4m": ew_transc,
    "softmax_1024x1024": softmax,
    "layernorm_4096x1024": layernorm,
    "reduce_sum_16m": reduce_sum,
    "transpose_2048": transpose,
    "matmul_512": matmul,
    "matmul_1024": matmul,
    "conv_resnet_56x56x64": conv_resnet,
    "mlp_b256_fwd": mlp_fwd,
    "mlp_b256_grad": mlp_grad,
    "transformer_layer_T256_D512": transformer_layer,
}

_M = 1 << 20
WORK = {
    "ew_chain_4m": ("bytes", 3 * 4 * 4 * _M),
    "ew_transc_4m": ("bytes", 2 * 4 * 4 * _M),
    "softmax_1024x1024": ("bytes", 2 * 4 * _M),
    "layernorm_4096x1024": ("bytes", 2 * 4 * 4 * _M),
    "reduce_sum_16m": ("bytes", 4 * 16 * _M),
    "transpose_2048": ("bytes", 2 * 4 * 4 * _M),
    "matmul_512": ("flops", 2 * 512 ** 3),
    "matmul_1024": ("flops", 2 * 1024 ** 3),
    "conv_resnet_56x56x64": ("flops", 2 * 56 * 56 * 64 * 64 * 9),
    "mlp_b256_fwd": ("flops", 2 * 256 * (784 * 1024 + 1024 * 1024 + 1024 * 10)),
    # the forward products, the weight gradients (as many flops again) and the two back-propagated
    # activations (the input's gradient is not computed): 2.45 GFLOP, not 3x the forward's
    "mlp_b256_grad": ("flops", 2 * 2 * 256 * (784 * 1024 + 1024 * 1024 + 1024 * 10)
                      + 2 * 256 * (10 * 1024 + 1024 * 1024)),
    "transformer_layer_T256_D512": ("flops", 2 * 256 * 512 * 512 * 4 + 2 * 2 * 8 * 256 * 256 * 64
                                    + 2 * 2 * 256 * 512 * 2048),
}
