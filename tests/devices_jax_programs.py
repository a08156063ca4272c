#!/usr/bin/env python3
"""Regenerate testdata/devices/jax_pmap_*.hlo: JAX pmap programs as the per-device modules XLA's
SPMD partitioner makes of them (the `after_spmd-partitioning` dump: num_partitions=N, partition-id,
channel ids, mesh-axes replica groups), for 2 and 4 devices. Needs jax (the XLA venv):

    ../.venv-xla/bin/python tests/devices_jax_programs.py N     # N = 2, then 4
    .venv/bin/python tests/devices_oracle.py --regenerate      # their XLA:CPU outputs

Programs: a data-parallel MLP step (gradients averaged with pmean = psum), a tensor-parallel
matmul (partial products reduce-scattered with psum_scatter, then all_gather), a ppermute ring
with axis_index.
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
import tempfile
from pathlib import Path

N = int(sys.argv[1]) if len(sys.argv) > 1 else 2
DUMP = tempfile.mkdtemp(prefix="hloc-pmap-")
os.environ["XLA_FLAGS"] = (f"--xla_force_host_platform_device_count={N} --xla_dump_to={DUMP} "
                           "--xla_dump_hlo_pass_re=spmd-partitioning")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
from jax import lax  # noqa: E402

OUT = Path(__file__).resolve().parent.parent / "testdata" / "devices"


def mlp_step(w1, w2, x, y):
    def loss(w1, w2):
        return jnp.mean((jnp.tanh(x @ w1) @ w2 - y) ** 2)

    g1, g2 = jax.grad(loss, argnums=(0, 1))(w1, w2)
    return w1 - 0.1 * lax.pmean(g1, "i"), w2 - 0.1 * lax.pmean(g2, "i")


def tp_matmul(x, w):
    s = lax.psum_scatter(x @ w, "i", scatter_dimension=0, tiled=True)
    return lax.all_gather(s, "i", axis=0, tiled=True), s


def ring(x):
    return lax.ppermute(x, "i", [(j, (j + 1) % N) for j in range(N)]), lax.axis_index("i") + jnp.zeros((), jnp.int32)


S, F32 = jax.ShapeDtypeStruct, jnp.float32
PROGRAMS = {
    "mlp_step": (mlp_step, [S((N, 8, 16), F32), S((N, 16, 4), F32), S((N, 5, 8), F32), S((N, 5, 4), F32)]),
    "tp_matmul": (tp_matmul, [S((N, 4 * N, 6), F32), S((N, 6, 8), F32)]),
    "ring": (ring, [S((N, 3, 5), F32)]),
}

if __name__ == "__main__":
    for name, (f, args) in PROGRAMS.items():
        before = set(glob.glob(f"{DUMP}/*after_spmd-partitioning*.txt"))
        jax.pmap(f, axis_name="i").lower(*args).compile()
        (new,) = set(glob.glob(f"{DUMP}/*after_spmd-partitioning*.txt")) - before
        shutil.copy(new, OUT / f"jax_pmap_{name}_{N}.hlo")
        print("wrote", OUT / f"jax_pmap_{name}_{N}.hlo")
    shutil.rmtree(DUMP, ignore_errors=True)
