"""Trace real TensorFlow / Keras programs into testdata/producers/tf/: per program the HLO text XLA receives
from `tf.function(jit_compile=True)` (the `before_optimizations` module of an XLA dump made with
`--xla_dump_large_constants`: `experimental_get_compiler_ir(...)(stage='hlo')` elides large constants),
inputs and tf.function's own outputs (small size), and bench/NAME.hlo (bench size). Deterministic:
Keras weights from keras.utils.set_random_seed (random initialisation, nothing downloaded), inputs from
seeded numpy.

    HLOC_XLA_PYTHON=../.venv-xla/bin/python tf-venv/bin/python tests/producers/make_tf.py   # tensorflow 2.21
    HLOC_PRODUCER_ONLY=tf_cond python tests/producers/make_tf.py

Weights go in as arguments through Keras 3's `stateless_call`, so the HLO parameters are the function's
arguments in tf.nest order; `variables_train_step` keeps real tf.Variables instead (captured: parameters
after the arguments, updates as extra results). corpus_writer.finish() checks every text on XLA:CPU (in
../.venv-xla, or $HLOC_XLA_PYTHON) and writes MANIFEST.json.
"""

from __future__ import annotations

import os
import shutil
import sys
import tempfile
import zlib
from importlib.metadata import version
from pathlib import Path

DUMP = Path(tempfile.mkdtemp(prefix="hloc-tf-dump-"))
os.environ["XLA_FLAGS"] = (f"--xla_dump_to={DUMP} --xla_dump_hlo_as_text --xla_dump_large_constants "
                           "--xla_dump_hlo_pass_re=NONE")
os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "2")
os.environ.setdefault("CUDA_VISIBLE_DEVICES", "")

import keras  # noqa: E402
import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

sys.path.insert(0, str(Path(__file__).resolve().parent))
from corpus_writer import Corpus  # noqa: E402

VERSIONS = {p: version(p) for p in ("tensorflow", "keras", "numpy")}
PROGRAMS = {}


def program(description: str):
    def register(builder):
        PROGRAMS[builder.__name__] = (builder, description)
        return builder

    return register


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


def normal(rng, *shape, scale=1.0):
    return (rng.standard_normal(shape) * scale).astype(np.float32)


def small(size: str) -> bool:
    return size == "small"


def weights(model):
    return ([v.value.numpy() for v in model.trainable_variables],
            [v.value.numpy() for v in model.non_trainable_variables])


# ------------------------------------------------------------------------------------------------ Keras models


def cnn(size):
    keras.utils.set_random_seed(0)
    hw, ch = (16, 8) if small(size) else (64, 32)
    return keras.Sequential([
        keras.Input((hw, hw, 3)),
        keras.layers.Conv2D(ch, 3, padding="same", use_bias=False), keras.layers.BatchNormalization(),
        keras.layers.ReLU(), keras.layers.MaxPooling2D(),
        keras.layers.Conv2D(2 * ch, 3, padding="same", use_bias=False), keras.layers.BatchNormalization(),
        keras.layers.ReLU(), keras.layers.GlobalAveragePooling2D(), keras.layers.Dense(10)]), hw


@program("Keras CNN forward, inference mode: Conv2D + BatchNormalization + ReLU + MaxPooling2D, "
         "GlobalAveragePooling2D, Dense")
def keras_cnn(size):
    model, hw = cnn(size)
    x = normal(rng_for("keras_cnn"), 4 if small(size) else 32, hw, hw, 3)

    def f(trainable, non_trainable, x):
        return model.stateless_call(trainable, non_trainable, x, training=False)[0]

    return f, (*weights(model), x)


@program("Keras CNN train step: BatchNormalization in training mode (moving statistics returned), "
         "sparse categorical cross-entropy, tf.GradientTape, SGD update")
def keras_cnn_train_step(size):
    model, hw = cnn(size)
    rng = rng_for("keras_cnn_train_step")
    b = 4 if small(size) else 32
    x, y = normal(rng, b, hw, hw, 3), rng.integers(0, 10, b).astype(np.int32)
    loss_fn = keras.losses.SparseCategoricalCrossentropy(from_logits=True)

    def f(trainable, non_trainable, x, y):
        with tf.GradientTape() as tape:
            tape.watch(trainable)
            logits, new_stats = model.stateless_call(trainable, non_trainable, x, training=True)
            loss = loss_fn(y, logits)
        grads = tape.gradient(loss, trainable)
        return [w - 0.05 * g for w, g in zip(trainable, grads)], new_stats, loss

    return f, (*weights(model), x, y)


def rnn(size, layer):
    keras.utils.set_random_seed(1)
    t, f, h = (8, 4, 16) if small(size) else (128, 64, 256)
    return keras.Sequential([keras.Input((t, f)), layer(h, return_sequences=True), layer(h),
                             keras.layers.Dense(5)]), t, f


@program("Keras LSTM forward: two stacked keras.layers.LSTM (the first returning sequences), Dense")
def keras_lstm(size):
    model, t, f = rnn(size, keras.layers.LSTM)
    x = normal(rng_for("keras_lstm"), 2 if small(size) else 16, t, f)
    return (lambda tr, ntr, x: model.stateless_call(tr, ntr, x)[0]), (*weights(model), x)


@program("Keras GRU forward: two stacked keras.layers.GRU, Dense")
def keras_gru(size):
    model, t, f = rnn(size, keras.layers.GRU)
    x = normal(rng_for("keras_gru"), 2 if small(size) else 16, t, f)
    return (lambda tr, ntr, x: model.stateless_call(tr, ntr, x)[0]), (*weights(model), x)


@program("Keras transformer block: MultiHeadAttention with a causal attention mask (an input: Keras's own "
         "use_causal_mask becomes a constant of T x T per batch row, megabytes of text at T=256), "
         "LayerNormalization, Dense GELU MLP")
def keras_transformer_block(size):
    keras.utils.set_random_seed(2)
    b, t, d, heads = (2, 16, 32, 4) if small(size) else (4, 256, 512, 8)
    inp, mask = keras.Input((t, d)), keras.Input((t, t), dtype="bool")
    y = keras.layers.LayerNormalization()(inp)
    x = inp + keras.layers.MultiHeadAttention(heads, d // heads)(y, y, attention_mask=mask)
    y = keras.layers.LayerNormalization()(x)
    out = x + keras.layers.Dense(d)(keras.layers.Dense(4 * d, activation="gelu")(y))
    model = keras.Model([inp, mask], out)
    x = normal(rng_for("keras_transformer_block"), b, t, d)
    causal = np.broadcast_to(np.tril(np.ones((t, t), bool)), (b, t, t)).copy()
    return (lambda tr, ntr, x, m: model.stateless_call(tr, ntr, [x, m])[0]), (*weights(model), x, causal)


@program("train step on real tf.Variables (captured: parameters after the arguments, assign_sub updates as "
         "extra results): a two-layer MLP, tf.GradientTape, SGD")
def variables_train_step(size):
    rng = rng_for("variables_train_step")
    b, fin, hid = (8, 16, 32) if small(size) else (256, 1024, 2048)
    w1 = tf.Variable(normal(rng, fin, hid, scale=fin ** -0.5))
    w2 = tf.Variable(normal(rng, hid, 10, scale=hid ** -0.5))
    x, y = normal(rng, b, fin), rng.integers(0, 10, b).astype(np.int32)
    start = [w1.numpy(), w2.numpy()]

    def f(x, y):
        with tf.GradientTape() as tape:
            logits = tf.nn.relu(x @ w1) @ w2
            loss = tf.reduce_mean(tf.nn.sparse_softmax_cross_entropy_with_logits(y, logits))
        g1, g2 = tape.gradient(loss, [w1, w2])
        w1.assign_sub(0.1 * g1)
        w2.assign_sub(0.1 * g2)
        return loss

    def reset():
        w1.assign(start[0])
        w2.assign(start[1])

    f.variables = [w1, w2]
    f.reset = reset
    return f, (x, y)


# ------------------------------------------------------------------------------------------------ TF ops


@program("tf.linalg: qr (the Qr custom call), inv, cholesky, triangular_solve on well-conditioned f32")
def tf_linalg(size):
    rng = rng_for("tf_linalg")
    n = 8 if small(size) else 256
    a = normal(rng, n, n) + 2 * np.sqrt(n) * np.eye(n, dtype=np.float32)
    m = normal(rng, n, n)
    spd = (m @ m.T + n * np.eye(n)).astype(np.float32)
    rhs = normal(rng, n, 3)

    def f(a, spd, rhs):
        q, r = tf.linalg.qr(a)
        chol = tf.linalg.cholesky(spd)
        return q, r, tf.linalg.inv(a), chol, tf.linalg.triangular_solve(chol, rhs, lower=True)

    return f, (a, spd, rhs)


@program("tf.math.top_k, tf.argsort and tf.sort (set-dimension-size around the results)")
def tf_top_k(size):
    x = normal(rng_for("tf_top_k"), *((4, 64) if small(size) else (256, 4096)))

    def f(x):
        vals, idx = tf.math.top_k(x, 8)
        return vals, idx, tf.argsort(x, axis=-1, stable=True), tf.sort(x, axis=0, direction="DESCENDING")

    return f, (x,)


@program("tf.while_loop with a data-dependent trip count: power iteration until the eigenvalue estimate "
         "settles, with a TensorArray of the iterates")
def tf_while_loop(size):
    rng = rng_for("tf_while_loop")
    n = 16 if small(size) else 512
    m = normal(rng, n, n)
    a = (m @ m.T / n).astype(np.float32)
    v0 = normal(rng, n)

    def f(a, v0):
        def cond(i, v, lam, prev, ta):
            return tf.logical_and(i < 50, tf.abs(lam - prev) > 1e-4 * tf.abs(lam))

        def body(i, v, lam, prev, ta):
            w = tf.linalg.matvec(a, v)
            return i + 1, w / tf.norm(w), tf.tensordot(v, w, 1), lam, ta.write(i, lam)

        ta = tf.TensorArray(tf.float32, size=50, element_shape=())
        i, v, lam, _, ta = tf.while_loop(cond, body, (0, v0 / tf.norm(v0), tf.constant(1.0), tf.constant(0.0), ta))
        return i, v, lam, ta.stack()

    return f, (a, v0)


@program("tf.cond on a data-dependent predicate and tf.switch_case on an index (conditional with 2 and 3 branches; "
         "square x, so every branch has the result shape: branches of other shapes give bounded dynamic shapes)")
def tf_cond(size):
    rng = rng_for("tf_cond")
    n = 16 if small(size) else 1024
    x = normal(rng, n, n)

    def f(x, k):
        y = tf.cond(tf.reduce_sum(x) > 0, lambda: tf.nn.softmax(x), lambda: tf.math.tanh(x) * 2.0)
        z = tf.switch_case(k, [lambda: x @ tf.transpose(x), lambda: tf.transpose(x) @ x, lambda: x * x])
        return y, z

    return f, (x, np.int32(1))


# ------------------------------------------------------------------------------------------------ driver


def hlo_of_last_compile(tag: str) -> str:
    """The before_optimizations module of the one compile of the tf.function named `tag`."""
    found = sorted(DUMP.glob(f"module_*.a_inference_{tag}_*before_optimizations.txt"))
    if len(found) != 1:
        raise SystemExit(f"tf: {tag}: expected one dumped module, found {[p.name for p in found]}")
    return found[0].read_text()


def main() -> int:
    corpus = Corpus("tf", VERSIONS)
    try:
        for name, (builder, description) in PROGRAMS.items():
            if corpus.wanted(name):
                for size in ("small", "bench"):
                    add(corpus, name, builder, description, size)
        corpus.finish()
    finally:
        shutil.rmtree(DUMP, ignore_errors=True)
    return 0


def add(corpus: Corpus, name: str, builder, description: str, size: str) -> None:
    fn, args = builder(size)
    tag = f"{name}_{size}"
    fn.__name__ = tag  # names the dumped module: a_inference_<tag>_<n>__...
    compiled = tf.function(fn, jit_compile=True)
    outs = compiled(*args)  # the one compile: dumps the module
    hlo = hlo_of_last_compile(tag)
    leaves_in = [np.asarray(a) for a in tf.nest.flatten(args)]
    leaves_out = [np.asarray(o) for o in tf.nest.flatten(outs)]
    variables = getattr(fn, "variables", [])
    if variables:  # captured variables: parameters after the arguments; their new values: results after
        after = [v.numpy() for v in variables]
        fn.reset()
        leaves_in += [v.numpy() for v in variables]
        leaves_out += after
    if size == "small":
        corpus.add_small(name, hlo, leaves_in, leaves_out, description)
    else:
        corpus.add_bench(name, hlo, leaves_in, description)


if __name__ == "__main__":
    sys.exit(main())
