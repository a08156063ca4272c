#!/usr/bin/env python3
"""Regenerate testdata/devices/jax_shard_map_*.hlo: JAX shard_map programs as the per-device modules
XLA runs (the `after_spmd-partitioning` dump of the jitted program: num_partitions=N, partition-id,
mesh-axes replica groups), on a 1-D mesh of 2 and 4 devices and a 2x2 (data x model) mesh. Needs jax
(the XLA venv):

    ../.venv-xla/bin/python tests/devices_jax_shard_map.py N     # N = 2, then 4
    .venv/bin/python tests/devices_oracle.py --regenerate       # their XLA:CPU outputs

Each program also runs as JAX runs it (the jitted program on N host devices) on the inputs the
oracle draws, and its per-device outputs must equal the oracle's: the saved module is the program.

Programs: a data-parallel MLP train step (gradients and loss averaged with pmean / psum), a
tensor-parallel Megatron-style matmul pair (all_gather of the batch, a column- then a row-parallel
matmul, psum_scatter back to batch shards), a ring all-reduce of ppermute steps in a fori_loop, an
all_to_all that turns batch shards into feature shards, and on 2x2 the MLP step data-parallel over
one axis and tensor-parallel over the other.
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
import tempfile
from pathlib import Path

N = int(sys.argv[1]) if len(sys.argv) > 1 else 2
DUMP = tempfile.mkdtemp(prefix="hloc-shard-map-")
os.environ["XLA_FLAGS"] = (f"--xla_force_host_platform_device_count={N} --xla_dump_to={DUMP} "
                           "--xla_dump_hlo_pass_re=spmd-partitioning --xla_dump_hlo_as_text --xla_dump_hlo_as_proto")

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax import lax  # noqa: E402
from jax.sharding import Mesh, NamedSharding  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

# The dumps name this script by its path in the repository, not where the checkout is.
jax.config.update("jax_hlo_source_file_canonicalization_regex", r"^.*/(?=tests/)")
OUT = Path(__file__).resolve().parent.parent / "testdata" / "devices"
# One program's whole dump (module files only) for `hloc run DUMP_DIR` (tests/cli/test_dump_devices.py).
DUMP_OUT = OUT.parent / "dumps" / "shard_map_all_to_all_2"
DUMP_PROGRAM = "all_to_all"
LR = 0.1


def mlp_loss(w1, w2, x, y):
    return jnp.mean((jnp.tanh(x @ w1) @ w2 - y) ** 2)


def dp_mlp_step(w1, w2, x, y):
    """Batch-sharded x, y; replicated weights; the gradients averaged over the data axis."""
    loss, (g1, g2) = jax.value_and_grad(mlp_loss, argnums=(0, 1))(w1, w2, x, y)
    g1, g2 = lax.pmean(g1, "d"), lax.pmean(g2, "d")
    return w1 - LR * g1, w2 - LR * g2, lax.psum(loss, "d") / lax.axis_size("d")


def tp_matmul_pair(x, w1, w2):
    """Megatron MLP: x batch-sharded, w1 column-sharded, w2 row-sharded; each device's partial
    product reduce-scattered back to its batch shard."""
    xs = lax.all_gather(x, "d", axis=0, tiled=True)
    h = jnp.tanh(xs @ w1)
    return lax.psum_scatter(h @ w2, "d", scatter_dimension=0, tiled=True)


def ring_all_reduce(x):
    """N-1 ppermute steps around the ring, each adding the neighbour's running value."""
    perm = [(j, (j + 1) % N) for j in range(N)]

    def step(_, carry):
        acc, cur = carry
        cur = lax.ppermute(cur, "d", perm)
        return acc + cur, cur

    acc, _ = lax.fori_loop(0, N - 1, step, (x, x))
    return acc, lax.axis_index("d") + jnp.zeros((1,), jnp.int32)


def all_to_all(x):
    """Batch shards [B/N, F] -> feature shards [B, F/N]."""
    return lax.all_to_all(x, "d", split_axis=1, concat_axis=0, tiled=True)


def mesh2d_mlp_step(w1, w2, x, y):
    """2x2: data-parallel over 'data' (x, y batch-sharded), tensor-parallel over 'model' (w1 column-,
    w2 row-sharded, the hidden activations' product summed over 'model')."""

    def loss(w1, w2):
        pred = lax.psum(jnp.tanh(x @ w1) @ w2, "model")
        return jnp.mean((pred - y) ** 2)

    value, (g1, g2) = jax.value_and_grad(loss, argnums=(0, 1))(w1, w2)
    g1, g2 = lax.pmean(g1, "data"), lax.pmean(g2, "data")
    return w1 - LR * g1, w2 - LR * g2, lax.pmean(value, "data")


F32 = jnp.float32
# name -> (function, mesh shape, axis names, [(global shape, spec)], out specs)
PROGRAMS = {
    "dp_mlp_step": (dp_mlp_step, (N,), ("d",),
                    [((8, 16), P()), ((16, 4), P()), ((5 * N, 8), P("d")), ((5 * N, 4), P("d"))],
                    (P(), P(), P())),
    "tp_matmul": (tp_matmul_pair, (N,), ("d",),
                  [((3 * N, 8), P("d")), ((8, 4 * N), P(None, "d")), ((4 * N, 8), P("d"))], P("d")),
    "ring": (ring_all_reduce, (N,), ("d",), [((3 * N, 5), P("d"))], (P("d"), P("d"))),
    "all_to_all": (all_to_all, (N,), ("d",), [((2 * N, 3 * N), P("d"))], P(None, "d")),
}
if N == 4:
    PROGRAMS["mesh2x2_mlp_step"] = (mesh2d_mlp_step, (2, 2), ("data", "model"),
                                    [((8, 16), P(None, "model")), ((16, 4), P("model")), ((10, 8), P("data")),
                                     ((10, 4), P("data"))], (P(None, "model"), P("model"), P()))


def mesh_of(shape, axes) -> Mesh:
    # Devices in id order: partition p of the per-device module is device p (XLA's assignment).
    return Mesh(np.array(jax.devices()[:N]).reshape(shape), axes)


def lowered(name):
    f, shape, axes, args, out_specs = PROGRAMS[name]
    mesh = mesh_of(shape, axes)
    in_specs = tuple(spec for _, spec in args)
    program = jax.jit(jax.shard_map(f, mesh=mesh, in_specs=in_specs, out_specs=out_specs))
    structs = [jax.ShapeDtypeStruct(s, F32, sharding=NamedSharding(mesh, spec)) for s, spec in args]
    return program, structs, mesh


def write(name) -> Path:
    program, structs, _ = lowered(name)
    before = set(glob.glob(f"{DUMP}/*"))
    program.lower(*structs).compile()
    new = set(glob.glob(f"{DUMP}/*")) - before
    (partitioned,) = [f for f in new if "after_spmd-partitioning" in f and f.endswith(".txt")]
    path = OUT / f"jax_shard_map_{name}_{N}.hlo"
    shutil.copy(partitioned, path)
    if name == DUMP_PROGRAM and N == 2:
        shutil.rmtree(DUMP_OUT, ignore_errors=True)
        DUMP_OUT.mkdir(parents=True)
        for f in new:  # the module files (text, proto): before and after partitioning, after optimizations
            if (f.endswith(".txt") and "optimizations-" not in f) or f.endswith(".hlo.pb"):
                shutil.copy(f, DUMP_OUT / Path(f).name)
    return path


def check(name, npz: Path) -> None:
    """The jitted program on the oracle's per-device inputs: its shards equal the oracle's outputs."""
    program, structs, _ = lowered(name)
    with np.load(npz) as z:
        args = [z[f"arg{k}"] for k in range(len(structs))]
        want = [z[k] for k in sorted((k for k in z.files if k.startswith("out")), key=lambda k: int(k[3:]))]
    devices = jax.devices()[:N]
    glob_args = [jax.make_array_from_single_device_arrays(
        s.shape, s.sharding, [jax.device_put(a[d], devices[d]) for d in range(N)]) for s, a in zip(structs, args)]
    outs = program(*glob_args)
    outs = outs if isinstance(outs, tuple) else (outs,)
    for k, (o, w) in enumerate(zip(outs, want, strict=True)):
        got = np.stack([np.asarray(sh.data) for sh in sorted(o.addressable_shards, key=lambda sh: sh.device.id)])
        np.testing.assert_allclose(got, w, rtol=1e-5, atol=1e-6, err_msg=f"{name} out{k}")


if __name__ == "__main__":
    if len(sys.argv) > 2 and sys.argv[2] == "--check":
        for name in PROGRAMS:
            check(name, OUT / f"jax_shard_map_{name}_{N}.npz")
            print("same as the JAX program:", name, N)
    else:
        for name in PROGRAMS:
            print("wrote", write(name))
    shutil.rmtree(DUMP, ignore_errors=True)
