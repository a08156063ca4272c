#!/usr/bin/env python3
"""Regenerate testdata/lapack/tf_*: TensorFlow 2.21 modules (`jit_compile=True`,
`experimental_get_compiler_ir(...)(stage="hlo")`) with TensorFlow's own outputs: tf.linalg.qr and
tf.linalg.inv emit the custom calls `Qr` and `ProductOfElementaryHouseholderReflectors`,
tf.math.top_k and tf.argsort wrap their results in set-dimension-size.

    /work/venvs/tf/bin/python tests/lapack/make_tf_testdata.py
"""

from __future__ import annotations

import os
from pathlib import Path

os.environ.setdefault("TF_CPP_MIN_LOG_LEVEL", "3")

import numpy as np  # noqa: E402
import tensorflow as tf  # noqa: E402

OUT = Path(__file__).resolve().parents[2] / "testdata" / "lapack"


def topk(x):
    return tf.math.top_k(x, k=3)


def argsort(x):
    return tf.argsort(x, axis=-1)


def qr(m):
    return tf.linalg.qr(m)


def qr_full(m):
    return tf.linalg.qr(m, full_matrices=True)


def inv(m):
    return tf.linalg.inv(m[:4])


def main() -> None:
    x = tf.constant(np.random.default_rng(0).standard_normal((3, 6)).astype(np.float32))
    m = tf.constant(np.random.default_rng(1).standard_normal((5, 4)).astype(np.float64))
    for fn, arg in ((topk, x), (argsort, x), (qr, m), (qr_full, m), (inv, m)):
        f = tf.function(fn, jit_compile=True)
        (OUT / f"tf_{fn.__name__}.hlo").write_text(f.experimental_get_compiler_ir(arg)(stage="hlo"))
        out = f(arg)
        out = out if isinstance(out, (tuple, list)) else [out]
        np.savez(OUT / f"tf_{fn.__name__}.npz", in0=arg.numpy(), **{f"out{i}": o.numpy() for i, o in enumerate(out)})


if __name__ == "__main__":
    main()
