"""batch-norm-training, batch-norm-inference, batch-norm-grad, computed with the formulas of XLA's
BatchNormExpander (which XLA:CPU runs; the evaluator has no handlers for these ops):

training:  mean = sum(x) / N;  var = max(sum(x*x) / N - mean*mean, 0)
           y = (x - mean) * rsqrt(var + eps) * scale + offset          -> (y, mean, var)
inference: s = scale * rsqrt(var + eps);  y = x * s + (offset - mean * s)
grad:      r = rsqrt(var + eps);  d = x - mean;  g_offset = sum(dy);  g_scale = sum(dy * d) * r
           dx = (scale * r / N) * (dy * N - g_offset - d * sum(dy * d) / (var + eps))
           -> (dx, g_scale, g_offset)
N is the number of elements per feature; sums run over every dimension but feature_index.
f16/bf16 are computed in f32 and rounded once per result.
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ..registry import handler


def _work(x) -> np.ndarray:
    x = np.asarray(x)
    if x.dtype == np.float64:
        return x
    return x.astype(np.float32)


def _setup(instr, x):
    f = int(instr.attrs["feature_index"])
    if not 0 <= f < x.ndim:
        raise RunError(f"batch norm: feature_index {f} out of range for rank {x.ndim}", instr.loc)
    axes = tuple(d for d in range(x.ndim) if d != f)
    shape = [1] * x.ndim
    shape[f] = x.shape[f]
    n = 1
    for d in axes:
        n *= x.shape[d]
    return axes, tuple(shape), n


def _eps(instr, dtype):
    return np.asarray(np.float32(instr.attrs["epsilon"]), dtype=dtype)  # XLA holds the attribute as f32


def _rsqrt(v):
    return 1 / np.sqrt(v)


def _out(instr, index, value):
    shapes = instr.shape.tuple_shapes if instr.shape.is_tuple else (instr.shape,)
    return np.asarray(value).astype(shapes[index].dtype)


@handler("batch-norm-training")
def batch_norm_training(instr, args, ev):
    x, scale, offset = (_work(a) for a in args)
    axes, fshape, n = _setup(instr, x)
    dt = x.dtype
    with np.errstate(all="ignore"):
        count = np.asarray(n, dt)
        mean = np.sum(x, axis=axes, dtype=dt) / count
        square_mean = np.sum(x * x, axis=axes, dtype=dt) / count
        var = np.maximum(square_mean - mean * mean, np.asarray(0, dt))  # rounding can take it below 0
        y = (x - mean.reshape(fshape)) * _rsqrt(var + _eps(instr, dt)).reshape(fshape)
        y = y * scale.reshape(fshape) + offset.reshape(fshape)
    return _out(instr, 0, y), _out(instr, 1, mean), _out(instr, 2, var)


@handler("batch-norm-inference")
def batch_norm_inference(instr, args, ev):
    x, scale, offset, mean, var = (_work(a) for a in args)
    _, fshape, _ = _setup(instr, x)
    with np.errstate(all="ignore"):
        true_scale = scale * _rsqrt(var + _eps(instr, x.dtype))
        true_shift = offset - mean * true_scale
        y = x * true_scale.reshape(fshape) + true_shift.reshape(fshape)
    return _out(instr, 0, y)


@handler("batch-norm-grad")
def batch_norm_grad(instr, args, ev):
    x, scale, mean, var, dy = (_work(a) for a in args)
    axes, fshape, n = _setup(instr, x)
    dt = x.dtype
    with np.errstate(all="ignore"):
        count = np.asarray(n, dt)
        var_eps = var + _eps(instr, dt)
        r = _rsqrt(var_eps)
        d = x - mean.reshape(fshape)
        sum_dy_d = np.sum(dy * d, axis=axes, dtype=dt)
        g_offset = np.sum(dy, axis=axes, dtype=dt)
        g_scale = sum_dy_d * r
        i5 = sum_dy_d.reshape(fshape) * d / var_eps.reshape(fshape)
        i6 = dy * count - g_offset.reshape(fshape) - i5
        dx = ((scale * r) / count).reshape(fshape) * i6
    return _out(instr, 0, dx), _out(instr, 1, g_scale), _out(instr, 2, g_offset)
