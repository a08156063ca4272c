"""Trace real JAX programs (flax, optax, equinox, haiku, jax.numpy, jax.scipy) into
testdata/producers/jax/: per program HLO text (`as_text(dialect="hlo")`), StableHLO text (`as_text()`),
inputs and jax.jit's own outputs (small size), and bench/NAME.hlo (bench size); for a few programs also
the XLA dump folder of their jit (dumps/NAME/). Deterministic:
weights from fixed PRNG keys (random initialisation, nothing downloaded), inputs from seeded numpy.

    jax-venv/bin/python tests/producers/make_jax.py     # jax/jaxlib 0.12, flax, optax, equinox, dm-haiku
    HLOC_PRODUCER_ONLY=sort_ops,fft python tests/producers/make_jax.py   # only those programs

Then corpus_writer.finish() checks every saved text on XLA:CPU (../shared/tools/xla_run.py) and writes
MANIFEST.json with tolerances from XLA's own error against f64 (see corpus_writer.py).
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import zlib
from functools import partial
from importlib.metadata import version
from pathlib import Path

import equinox as eqx
import flax.linen as nn
import haiku as hk
import jax
import jax.numpy as jnp
import numpy as np
import optax

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus_writer import Corpus  # noqa: E402

jax.config.update("jax_platforms", "cpu")
VERSIONS = {p: version(p) for p in ("jax", "jaxlib", "flax", "optax", "equinox", "dm-haiku", "numpy")}
PROGRAMS = {}  # name -> (builder(size) -> (fn, args), description)


def program(description: str, x64: bool = False):
    """Register a builder(size) -> (fn, args); x64: traced with jax.enable_x64 (f64 stays f64)."""

    def register(builder):
        builder.x64 = x64
        PROGRAMS[builder.__name__] = (builder, description)
        return builder

    return register


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


def key(i: int = 0):
    return jax.random.PRNGKey(i)


def normal(rng, *shape, scale=1.0, dtype=np.float32):
    return (rng.standard_normal(shape) * scale).astype(dtype)


def small(size: str) -> bool:
    return size == "small"


# ------------------------------------------------------------------------------------------------ flax CNNs


class ResBlock(nn.Module):
    channels: int
    stride: int = 1

    @nn.compact
    def __call__(self, x, train: bool):
        y = nn.Conv(self.channels, (3, 3), self.stride, use_bias=False)(x)
        y = nn.relu(nn.BatchNorm(use_running_average=not train, momentum=0.9)(y))
        y = nn.Conv(self.channels, (3, 3), use_bias=False)(y)
        y = nn.BatchNorm(use_running_average=not train, momentum=0.9)(y)
        if x.shape[-1] != self.channels or self.stride != 1:
            x = nn.Conv(self.channels, (1, 1), self.stride, use_bias=False)(x)
            x = nn.BatchNorm(use_running_average=not train, momentum=0.9)(x)
        return nn.relu(x + y)


class ResNet(nn.Module):
    widths: tuple
    blocks: int
    classes: int

    @nn.compact
    def __call__(self, x, train: bool):
        x = nn.Conv(self.widths[0], (3, 3), use_bias=False)(x)
        x = nn.relu(nn.BatchNorm(use_running_average=not train, momentum=0.9)(x))
        for i, w in enumerate(self.widths):
            for b in range(self.blocks):
                x = ResBlock(w, 2 if (b == 0 and i > 0) else 1)(x, train)
        return nn.Dense(self.classes)(x.mean(axis=(1, 2)))


@program("flax ResNet-style CNN train step: BatchNorm in training mode (batch_stats updated), "
         "softmax cross-entropy, optax SGD with momentum")
def resnet_train_step(size):
    rng = rng_for("resnet_train_step")
    b, hw, widths, blocks = (4, 16, (8, 16), 1) if small(size) else (32, 32, (32, 64, 128), 2)
    model = ResNet(widths, blocks, 10)
    x = normal(rng, b, hw, hw, 3)
    labels = rng.integers(0, 10, b).astype(np.int32)
    variables = model.init(key(0), x, train=False)
    params, stats = variables["params"], variables["batch_stats"]
    opt = optax.sgd(0.05, momentum=0.9)
    opt_state = opt.init(params)

    def step(params, stats, opt_state, x, labels):
        def loss_fn(p):
            logits, new = model.apply({"params": p, "batch_stats": stats}, x, train=True, mutable=["batch_stats"])
            return optax.softmax_cross_entropy_with_integer_labels(logits, labels).mean(), new["batch_stats"]

        (loss, new_stats), grads = jax.value_and_grad(loss_fn, has_aux=True)(params)
        updates, opt_state = opt.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), new_stats, opt_state, loss

    return step, (params, stats, opt_state, x, labels)


class UNet(nn.Module):
    base: int
    depth: int

    @nn.compact
    def __call__(self, x):
        def block(x, ch):
            x = nn.relu(nn.GroupNorm(num_groups=4)(nn.Conv(ch, (3, 3))(x)))
            return nn.relu(nn.GroupNorm(num_groups=4)(nn.Conv(ch, (3, 3))(x)))

        skips = []
        for d in range(self.depth):
            x = block(x, self.base * 2 ** d)
            skips.append(x)
            x = nn.max_pool(x, (2, 2), strides=(2, 2))
        x = block(x, self.base * 2 ** self.depth)
        for d in reversed(range(self.depth)):
            x = nn.ConvTranspose(self.base * 2 ** d, (2, 2), strides=(2, 2))(x)
            x = block(jnp.concatenate([x, skips[d]], axis=-1), self.base * 2 ** d)
        return nn.Conv(1, (1, 1))(x)


@program("flax UNet forward: conv + GroupNorm blocks, max-pool down, ConvTranspose up, skip concatenation")
def unet(size):
    rng = rng_for("unet")
    b, hw, base, depth = (1, 32, 8, 2) if small(size) else (4, 128, 32, 3)
    model = UNet(base, depth)
    x = normal(rng, b, hw, hw, 3)
    params = model.init(key(1), x)
    return model.apply, (params, x)


# ------------------------------------------------------------------------------------------------ transformers


class ViT(nn.Module):
    patch: int
    dim: int
    depth: int
    heads: int
    classes: int

    @nn.compact
    def __call__(self, x):
        x = nn.Conv(self.dim, (self.patch, self.patch), strides=(self.patch, self.patch))(x)
        b, h, w, d = x.shape
        x = x.reshape(b, h * w, d)
        cls = self.param("cls", nn.initializers.normal(0.02), (1, 1, d))
        x = jnp.concatenate([jnp.broadcast_to(cls, (b, 1, d)), x], axis=1)
        x = x + self.param("pos", nn.initializers.normal(0.02), (1, h * w + 1, d))
        for _ in range(self.depth):
            y = nn.LayerNorm()(x)
            x = x + nn.MultiHeadDotProductAttention(num_heads=self.heads)(y, y)
            y = nn.LayerNorm()(x)
            x = x + nn.Dense(d)(nn.gelu(nn.Dense(4 * d)(y)))
        return nn.Dense(self.classes)(nn.LayerNorm()(x[:, 0]))


@program("flax ViT forward: patch-embedding convolution, class token, pre-LN blocks with "
         "nn.MultiHeadDotProductAttention and a GELU MLP")
def vit(size):
    rng = rng_for("vit")
    b, img, patch, dim, depth, heads = (2, 32, 8, 32, 2, 4) if small(size) else (8, 224, 16, 384, 6, 6)
    model = ViT(patch, dim, depth, heads, 10)
    x = normal(rng, b, img, img, 3)
    params = model.init(key(2), x)
    return model.apply, (params, x)


class Block(nn.Module):
    heads: int

    @nn.compact
    def __call__(self, x):
        t, d = x.shape[-2:]
        mask = nn.make_causal_mask(jnp.ones(x.shape[:-1], jnp.int32))
        y = nn.LayerNorm()(x)
        x = x + nn.MultiHeadDotProductAttention(num_heads=self.heads)(y, y, mask=mask)
        y = nn.LayerNorm()(x)
        return x + nn.Dense(d)(nn.gelu(nn.Dense(4 * d)(y)))


class GPT(nn.Module):
    vocab: int
    dim: int
    depth: int
    heads: int

    @nn.compact
    def __call__(self, tokens):
        emb = nn.Embed(self.vocab, self.dim)
        x = emb(tokens) + self.param("pos", nn.initializers.normal(0.02), (tokens.shape[-1], self.dim))
        for _ in range(self.depth):
            x = Block(self.heads)(x)
        return emb.attend(nn.LayerNorm()(x))


def gpt_config(size, train=False):
    if small(size):
        return 2, 16, 128, 32, 2, 4  # batch, T, vocab, dim, depth, heads
    return (4, 128, 4096, 256, 4, 8) if train else (4, 256, 8192, 512, 4, 8)


@program("flax GPT-style decoder forward: token + position embeddings, causal pre-LN blocks, tied LM head")
def gpt_forward(size):
    rng = rng_for("gpt_forward")
    b, t, vocab, dim, depth, heads = gpt_config(size)
    model = GPT(vocab, dim, depth, heads)
    tokens = rng.integers(0, vocab, (b, t)).astype(np.int32)
    params = model.init(key(3), tokens)
    return model.apply, (params, tokens)


@program("flax GPT-style decoder train step: next-token cross-entropy, grads, optax AdamW")
def gpt_train_step(size):
    rng = rng_for("gpt_train_step")
    b, t, vocab, dim, depth, heads = gpt_config(size, train=True)
    model = GPT(vocab, dim, depth, heads)
    tokens = rng.integers(0, vocab, (b, t + 1)).astype(np.int32)
    params = model.init(key(4), tokens[:, :-1])
    opt = optax.adamw(3e-4, weight_decay=0.1)
    opt_state = opt.init(params)

    def step(params, opt_state, tokens):
        def loss_fn(p):
            logits = model.apply(p, tokens[:, :-1])
            return optax.softmax_cross_entropy_with_integer_labels(logits, tokens[:, 1:]).mean()

        loss, grads = jax.value_and_grad(loss_fn)(params)
        updates, opt_state = opt.update(grads, opt_state, params)
        return optax.apply_updates(params, updates), opt_state, loss

    return step, (params, opt_state, tokens)


def rope(x, pos, theta=10000.0):
    """Rotary embeddings on the last axis of x [..., T, Dh] at positions pos [T]."""
    half = x.shape[-1] // 2
    freq = 1.0 / theta ** (jnp.arange(half, dtype=jnp.float32) / half)
    ang = pos.astype(jnp.float32)[:, None] * freq[None, :]
    cos, sin = jnp.cos(ang), jnp.sin(ang)
    x1, x2 = x[..., :half], x[..., half:]
    return jnp.concatenate([x1 * cos - x2 * sin, x1 * sin + x2 * cos], axis=-1)


@program("KV-cache decode step (hand-written JAX): one token per sequence, rotary embeddings at the current "
         "position, cache update with dynamic_update_slice, attention over the masked cache, RMSNorm, logits")
def kv_cache_decode(size):
    rng = rng_for("kv_cache_decode")
    layers, b, heads, tmax, dh, vocab = (2, 1, 4, 16, 8, 64) if small(size) else (4, 4, 8, 512, 64, 4096)
    d = heads * dh
    params = {"embed": normal(rng, vocab, d, scale=0.02),
              "layers": [{"wqkv": normal(rng, d, 3 * d, scale=d ** -0.5), "wo": normal(rng, d, d, scale=d ** -0.5),
                          "w1": normal(rng, d, 4 * d, scale=d ** -0.5),
                          "w2": normal(rng, 4 * d, d, scale=(4 * d) ** -0.5),
                          "g1": np.ones(d, np.float32), "g2": np.ones(d, np.float32)} for _ in range(layers)]}
    k_cache = normal(rng, layers, b, heads, tmax, dh)
    v_cache = normal(rng, layers, b, heads, tmax, dh)
    token = rng.integers(0, vocab, b).astype(np.int32)
    pos = np.int32(tmax // 2 + 1)

    def rms(x, g):
        return x * jax.lax.rsqrt(jnp.mean(x * x, axis=-1, keepdims=True) + 1e-6) * g

    def decode(params, k_cache, v_cache, token, pos):
        x = params["embed"][token]  # [B, D]
        new_k, new_v = [], []
        for i, lp in enumerate(params["layers"]):
            q, k, v = jnp.split(rms(x, lp["g1"]) @ lp["wqkv"], 3, axis=-1)
            q, k, v = (a.reshape(b, heads, 1, dh) for a in (q, k, v))
            q, k = rope(q, pos[None]), rope(k, pos[None])
            kc = jax.lax.dynamic_update_slice(k_cache[i], k, (0, 0, pos, 0))
            vc = jax.lax.dynamic_update_slice(v_cache[i], v, (0, 0, pos, 0))
            s = jnp.einsum("bhqd,bhkd->bhqk", q, kc) / np.sqrt(dh)
            s = jnp.where(jnp.arange(tmax)[None, None, None, :] <= pos, s, -1e30)
            o = jnp.einsum("bhqk,bhkd->bhqd", jax.nn.softmax(s, axis=-1), vc).reshape(b, d)
            x = x + o @ lp["wo"]
            x = x + jax.nn.silu(rms(x, lp["g2"]) @ lp["w1"]) @ lp["w2"]
            new_k.append(kc)
            new_v.append(vc)
        return x @ params["embed"].T, jnp.stack(new_k), jnp.stack(new_v)

    return decode, (params, k_cache, v_cache, token, pos)


# ------------------------------------------------------------------------------------------------ recurrent


def scan_rnn(cell, size, name):
    rng = rng_for(name)
    b, t, f, h = (2, 8, 4, 16) if small(size) else (16, 128, 64, 256)
    x = normal(rng, b, t, f)
    carry = cell.initialize_carry(key(5), (b, f))
    params = cell.init(key(6), carry, x[:, 0])

    def run(params, x):
        c0 = cell.initialize_carry(key(5), (b, f))
        xs = jnp.swapaxes(x, 0, 1)  # [T, B, F]: the layout change JAX carries into the while loop

        def body(c, xt):
            return cell.apply(params, c, xt)

        c, ys = jax.lax.scan(body, c0, xs)
        return jnp.swapaxes(ys, 0, 1), c

    return run, (params, x)


@program("flax LSTMCell over time with lax.scan, swapaxes [B,T,F] -> [T,B,F] before the scan and back after")
def lstm_scan(size):
    return scan_rnn(nn.LSTMCell(16 if small(size) else 256), size, "lstm_scan")


@program("flax GRUCell over time with lax.scan, swapaxes before and after the scan")
def gru_scan(size):
    return scan_rnn(nn.GRUCell(16 if small(size) else 256), size, "gru_scan")


@program("gradient of an LSTM sequence loss through lax.scan (the reverse scan), with swapaxes before the scan")
def lstm_grad(size):
    run, (params, x) = scan_rnn(nn.LSTMCell(16 if small(size) else 256), size, "lstm_grad")

    def loss(params, x):
        ys, _ = run(params, x)
        return jnp.mean(ys ** 2)

    return jax.value_and_grad(loss), (params, x)


# ------------------------------------------------------------------------------------------------ equinox, haiku


@program("equinox CNN + MLP classifier (eqx.nn.Conv2d, eqx.nn.MLP, LayerNorm), filter_value_and_grad, optax Adam step")
def equinox_adam_step(size):
    rng = rng_for("equinox_adam_step")
    b, hw, ch, width = (4, 8, 4, 32) if small(size) else (64, 28, 32, 512)

    class Net(eqx.Module):
        conv1: eqx.nn.Conv2d
        conv2: eqx.nn.Conv2d
        norm: eqx.nn.LayerNorm
        mlp: eqx.nn.MLP

        def __init__(self, k):
            k1, k2, k3 = jax.random.split(k, 3)
            self.conv1 = eqx.nn.Conv2d(1, ch, 3, padding=1, key=k1)
            self.conv2 = eqx.nn.Conv2d(ch, ch, 3, stride=2, padding=1, key=k2)
            self.norm = eqx.nn.LayerNorm(ch * (hw // 2) ** 2)
            self.mlp = eqx.nn.MLP(ch * (hw // 2) ** 2, 10, width, 2, activation=jax.nn.gelu, key=k3)

        def __call__(self, x):
            x = jax.nn.relu(self.conv2(jax.nn.relu(self.conv1(x))))
            return self.mlp(self.norm(x.reshape(-1)))

    model = Net(key(7))
    params, static = eqx.partition(model, eqx.is_array)
    opt = optax.adam(1e-3)
    opt_state = opt.init(params)
    x = normal(rng, b, 1, hw, hw)
    y = rng.integers(0, 10, b).astype(np.int32)

    def step(params, opt_state, x, y):
        @eqx.filter_value_and_grad
        def loss_fn(params):
            m = eqx.combine(params, static)
            logits = jax.vmap(m)(x)
            return optax.softmax_cross_entropy_with_integer_labels(logits, y).mean()

        loss, grads = loss_fn(params)
        updates, opt_state = opt.update(grads, opt_state, params)
        return eqx.apply_updates(params, updates), opt_state, loss

    return step, (params, opt_state, x, y)


@program("haiku ConvNet (hk.Conv2D, hk.LayerNorm, hk.nets.MLP) loss and gradient through hk.transform")
def haiku_convnet_grad(size):
    rng = rng_for("haiku_convnet_grad")
    b, hw, ch = (2, 8, 4) if small(size) else (32, 32, 32)

    def net(x):
        x = jax.nn.relu(hk.Conv2D(ch, 3)(x))
        x = jax.nn.relu(hk.Conv2D(2 * ch, 3, stride=2)(x))
        x = hk.LayerNorm(axis=-1, create_scale=True, create_offset=True)(x)
        return hk.nets.MLP([64, 10])(hk.Flatten()(x))

    model = hk.without_apply_rng(hk.transform(net))
    x = normal(rng, b, hw, hw, 3)
    y = rng.integers(0, 10, b).astype(np.int32)
    params = model.init(key(8), x)

    def loss(params, x, y):
        return optax.softmax_cross_entropy_with_integer_labels(model.apply(params, x), y).mean()

    return jax.value_and_grad(loss), (params, x, y)


# ------------------------------------------------------------------------------------------------ jax.numpy kernels


def spd(rng, *shape):
    a = normal(rng, *shape)
    return (a @ np.swapaxes(a, -1, -2) + shape[-1] * np.eye(shape[-1], dtype=np.float32)).astype(np.float32)


def well_conditioned(rng, *shape):
    return (normal(rng, *shape) + 2 * np.sqrt(shape[-1]) * np.eye(shape[-1], dtype=np.float32)).astype(np.float32)


@program("jnp.linalg.solve, inv, det, slogdet on a batch of well-conditioned f32 matrices (LAPACK getrf custom calls)")
def linalg_lu(size):
    rng = rng_for("linalg_lu")
    n, batch = (8, 2) if small(size) else (512, 1)
    a, rhs = well_conditioned(rng, batch, n, n), normal(rng, batch, n, 3)

    def f(a, rhs):
        sign, logdet = jnp.linalg.slogdet(a)
        return jnp.linalg.solve(a, rhs), jnp.linalg.inv(a), jnp.linalg.det(a / np.float32(n) ** 0.5), sign, logdet

    return f, (a, rhs)


@program("jnp.linalg.cholesky, jax.scipy.linalg.cho_solve and solve_triangular on SPD f32 matrices (potrf, trsm)")
def linalg_cholesky(size):
    rng = rng_for("linalg_cholesky")
    n, batch = (8, 2) if small(size) else (512, 1)
    a, rhs = spd(rng, batch, n, n), normal(rng, batch, n, 4)

    def f(a, rhs):
        chol = jnp.linalg.cholesky(a)
        x = jax.vmap(lambda c, r: jax.scipy.linalg.cho_solve((c, True), r))(chol, rhs)
        y = jax.scipy.linalg.solve_triangular(chol, rhs, lower=True)
        return chol, x, y

    return f, (a, rhs)


@program("jnp.linalg.qr (reduced) on f32 matrices (geqrf + orgqr custom calls), Q, R and Q @ R")
def linalg_qr(size):
    rng = rng_for("linalg_qr")
    shape = (2, 8, 6) if small(size) else (1, 512, 512)
    a = normal(rng, *shape)

    def f(a):
        q, r = jnp.linalg.qr(a)
        return q, r, q @ r

    return f, (a,)


@program("jnp.linalg.eigh and svd (syevd, gesdd): eigen/singular values and sign-free reconstructions "
         "(V diag(w) V^T, U diag(s) V^T, pinv)")
def linalg_eigh_svd(size):
    rng = rng_for("linalg_eigh_svd")
    n = 8 if small(size) else 256
    a = spd(rng, 2 if small(size) else 1, n, n)
    m = normal(rng, 2 if small(size) else 1, n, n // 2)

    def f(a, m):
        w, v = jnp.linalg.eigh(a)
        u, s, vt = jnp.linalg.svd(m, full_matrices=False)
        return (w, (v * w[..., None, :]) @ jnp.swapaxes(v, -1, -2), s, (u * s[..., None, :]) @ vt,
                jnp.linalg.pinv(m))

    return f, (a, m)


@program("linear algebra in f64 and c64: jnp.linalg.solve in f64 (dgetrf), complex solve and inverse (cgetrf)",
         x64=True)
def linalg_f64_c64(size):
    rng = rng_for("linalg_f64_c64")
    n = 6 if small(size) else 256
    a64 = well_conditioned(rng, n, n).astype(np.float64)
    b64 = normal(rng, n, 2).astype(np.float64)
    ac = (well_conditioned(rng, n, n) + 1j * normal(rng, n, n)).astype(np.complex64)
    bc = (normal(rng, n, 2) + 1j * normal(rng, n, 2)).astype(np.complex64)

    def f(a64, b64, ac, bc):
        return jnp.linalg.solve(a64, b64), jnp.linalg.solve(ac, bc), jnp.linalg.inv(ac)

    return f, (a64, b64, ac, bc)


@program("jax.scipy.linalg.expm (Pade approximant with scaling and squaring: solve + while) and lu_factor")
def scipy_linalg(size):
    rng = rng_for("scipy_linalg")
    n = 8 if small(size) else 256
    a = normal(rng, n, n, scale=0.3 / np.sqrt(n) * 4)
    b = well_conditioned(rng, n, n)

    def f(a, b):
        lu, piv = jax.scipy.linalg.lu_factor(b)
        return jax.scipy.linalg.expm(a), lu, piv

    return f, (a, b)


@program("jnp.sort, jnp.argsort (stable) and lax.top_k along rows and columns of f32 data")
def sort_ops(size):
    rng = rng_for("sort_ops")
    x = normal(rng, *((4, 64) if small(size) else (1024, 1024)))

    def f(x):
        vals, idx = jax.lax.top_k(x, 8)
        return jnp.sort(x, axis=-1), jnp.argsort(x, axis=0), vals, idx

    return f, (x,)


@program("jnp.sort of one long f32 vector")
def sort_1m(size):
    return jnp.sort, (normal(rng_for("sort_1m"), 4096 if small(size) else 1 << 20),)


@program("jnp.argsort of one long f32 vector (sort of key-index pairs)")
def argsort_1m(size):
    return jnp.argsort, (normal(rng_for("argsort_1m"), 4096 if small(size) else 1 << 20),)


@program("lax.top_k (k=16) over rows of f32 data")
def top_k(size):
    return partial(jax.lax.top_k, k=16), (normal(rng_for("top_k"), *((8, 256) if small(size) else (256, 4096))),)


@program("mixed precision: bf16 x bf16 -> f32 matmul (preferred_element_type), a bf16 MLP layer with f32 "
         "accumulation and f32 LayerNorm, an f16 matmul")
def mixed_precision(size):
    rng = rng_for("mixed_precision")
    m, k, n = (8, 32, 16) if small(size) else (1024, 1024, 1024)
    x = normal(rng, m, k).astype(jnp.bfloat16)
    w = normal(rng, k, n, scale=k ** -0.5).astype(jnp.bfloat16)
    h = normal(rng, m, k).astype(np.float16)
    wh = normal(rng, k, n, scale=k ** -0.5).astype(np.float16)

    def f(x, w, h, wh):
        acc = jnp.dot(x, w, preferred_element_type=jnp.float32)
        y = jax.nn.gelu(acc).astype(jnp.bfloat16)
        mu = acc.mean(-1, keepdims=True)
        ln = (acc - mu) * jax.lax.rsqrt(((acc - mu) ** 2).mean(-1, keepdims=True) + 1e-5)
        return acc, y, ln, jnp.dot(h, wh)

    return f, (x, w, h, wh)


@program("bf16 x bf16 -> f32 matmul alone (the dot with preferred_element_type=f32)")
def bf16_matmul(size):
    rng = rng_for("bf16_matmul")
    n = 32 if small(size) else 1024
    x, w = normal(rng, n, n).astype(jnp.bfloat16), normal(rng, n, n).astype(jnp.bfloat16)
    return partial(jnp.dot, preferred_element_type=jnp.float32), (x, w)


@program("jnp.fft: complex fft / ifft on c64 rows, rfft / irfft on f32, fft2 over the last two axes")
def fft(size):
    rng = rng_for("fft")
    rows, n = (4, 64) if small(size) else (256, 4096)
    xc = (normal(rng, rows, n) + 1j * normal(rng, rows, n)).astype(np.complex64)
    xr = normal(rng, rows, n)
    img = normal(rng, *((2, 16, 16) if small(size) else (8, 256, 256)))

    def f(xc, xr, img):
        spectrum = jnp.fft.rfft(xr)
        return jnp.fft.fft(xc), jnp.fft.ifft(xc), spectrum, jnp.fft.irfft(spectrum, n=n), jnp.fft.fft2(img)

    return f, (xc, xr, img)


@program("jax.scipy.special erf, erfinv, lgamma, digamma, and expit/logsumexp, elementwise over f32 vectors")
def special_functions(size):
    rng = rng_for("special_functions")
    n = 1024 if small(size) else 1 << 22
    x = normal(rng, n, scale=2.0)
    u = rng.uniform(-0.999, 0.999, n).astype(np.float32)
    pos = rng.uniform(0.05, 20.0, n).astype(np.float32)

    def f(x, u, pos):
        sp = jax.scipy.special
        return (sp.erf(x), sp.erfinv(u), sp.gammaln(pos), sp.digamma(pos), sp.expit(x),
                sp.logsumexp(x.reshape(-1, 64), axis=-1))

    return f, (x, u, pos)


@program("optax AdamW update with global-norm gradient clipping over a pytree of parameters "
         "(a few thousand small / ~8M bench)")
def optimizer_update(size):
    rng = rng_for("optimizer_update")
    shapes = ([(64, 32), (32,), (32, 32), (32, 10), (10,)] if small(size)
              else [(2048, 2048), (2048,), (2048, 1024), (1024, 1024), (1024,), (1024, 512)])
    params = {f"w{i}": normal(rng, *s, scale=0.1) for i, s in enumerate(shapes)}
    grads = {f"w{i}": normal(rng, *s, scale=0.01) for i, s in enumerate(shapes)}
    opt = optax.chain(optax.clip_by_global_norm(1.0), optax.adamw(1e-3, weight_decay=0.01))
    state = opt.init(params)
    # one step already taken, so the moments are not zero
    _, state = jax.jit(opt.update)(grads, state, params)

    def update(params, grads, state):
        updates, state = opt.update(grads, state, params)
        return optax.apply_updates(params, updates), state

    return update, (params, grads, state)


# ------------------------------------------------------------------------------------------------ driver


def as_numpy(tree) -> list[np.ndarray]:
    return [np.asarray(x) for x in jax.tree_util.tree_leaves(tree)]


def reference64(fn, args) -> list[np.ndarray] | None:
    """The program traced again with x64 on f64 (c128) copies of its float (complex) inputs: JAX's own f64
    evaluation, the reference where XLA refuses the text with floats promoted (corpus_writer.py)."""

    def wide(a):
        a = np.asarray(a)
        if jnp.issubdtype(a.dtype, jnp.complexfloating):
            return a.astype(np.complex128)
        return a.astype(np.float64) if jnp.issubdtype(a.dtype, jnp.floating) else a

    with jax.enable_x64(True):
        try:
            return as_numpy(jax.jit(fn)(*jax.tree_util.tree_map(wide, args)))
        except Exception as e:  # a program that insists on its types
            print(f"jax: no x64 reference: {type(e).__name__}: {e}", file=sys.stderr)
            return None


# Programs also kept as XLA dump folders (dumps/NAME/: the module files `--xla_dump_to` writes for the jit,
# text and HloModuleProto, before and after XLA:CPU's passes), for readers of dump folders and protos.
DUMPED = ("gpt_forward", "lstm_scan", "linalg_cholesky")
DUMP_FLAGS = "--xla_dump_hlo_as_text --xla_dump_hlo_as_proto --xla_dump_large_constants"


def dump_folder(corpus: Corpus, name: str) -> None:
    """Runs the small program in a child process (XLA reads XLA_FLAGS once, when its CPU client starts)."""
    with tempfile.TemporaryDirectory(prefix="hloc-jax-dump-") as tmp:
        env = {**os.environ, "XLA_FLAGS": f"--xla_dump_to={tmp} {DUMP_FLAGS}", "HLOC_JAX_DUMP_CHILD": name}
        subprocess.run([sys.executable, __file__], env=env, check=True)
        out = corpus.out / "dumps" / name
        shutil.rmtree(out, ignore_errors=True)
        out.mkdir(parents=True)
        kept = [p for p in Path(tmp).iterdir() if f".jit_{name}." in p.name and p.suffix in (".txt", ".pb")]
        for p in kept:
            shutil.copy(p, out / p.name)
        print(f"jax: dump folder {name}: {len(kept)} files", file=sys.stderr)


def dump_child(name: str) -> int:
    builder, _ = PROGRAMS[name]
    fn, args = builder("small")

    def program(*a):
        return fn(*a)

    program.__name__ = name  # the dumped module is jit_<name>
    jax.block_until_ready(jax.jit(program, keep_unused=True)(*args))
    return 0


def main() -> int:
    if os.environ.get("HLOC_JAX_DUMP_CHILD"):
        return dump_child(os.environ["HLOC_JAX_DUMP_CHILD"])
    corpus = Corpus("jax", VERSIONS)
    for name in DUMPED:
        if corpus.wanted(name):
            dump_folder(corpus, name)
    for name, (builder, description) in PROGRAMS.items():
        if not corpus.wanted(name):
            continue
        for size in ("small", "bench"):
            with jax.enable_x64(builder.x64):
                add(corpus, name, builder, description, size)
    corpus.finish()
    return 0


def add(corpus: Corpus, name: str, builder, description: str, size: str) -> None:
    fn, args = builder(size)
    jitted = jax.jit(fn, keep_unused=True)
    lowered = jitted.lower(*args)
    hlo = lowered.as_text(dialect="hlo")
    if size == "small":
        outs = jitted(*args)
        corpus.add_small(name, hlo, as_numpy(args), as_numpy(outs), description, lowered.as_text(),
                         reference64=reference64(fn, args))
    else:
        corpus.add_bench(name, hlo, as_numpy(args), description)


if __name__ == "__main__":
    sys.exit(main())
