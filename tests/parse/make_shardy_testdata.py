"""testdata/stablehlo/shardy: JAX's StableHLO of sharded programs, with Shardy (jax 0.12's default
partitioner) annotations, on a mesh of 2 CPU devices.

    ../.venv-xla/bin/python tests/parse/make_shardy_testdata.py

- sharded.mlir: `jax.jit` with in/out shardings and a `with_sharding_constraint` (sdy.mesh,
  sdy.sharding argument and result attributes, sdy.sharding_constraint); its inputs sharded.in0.npy,
  sharded.in1.npy and JAX's output sharded.expected.npy (the two devices' shards put together).
- shard_map.mlir: a `shard_map` with a psum (sdy.manual_computation), which hloc refuses by name."""

import os

os.environ["XLA_FLAGS"] = "--xla_force_host_platform_device_count=2"  # (read once, at jax's import)

from pathlib import Path  # noqa: E402

import jax  # noqa: E402
import jax.numpy as jnp  # noqa: E402
import numpy as np  # noqa: E402
from jax.sharding import Mesh, NamedSharding  # noqa: E402
from jax.sharding import PartitionSpec as P  # noqa: E402

OUT = Path(__file__).resolve().parents[2] / "testdata" / "stablehlo" / "shardy"


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    mesh = Mesh(np.array(jax.devices()[:2]), ("x",))

    def f(x, w):
        h = jnp.tanh(x @ w)
        h = jax.lax.with_sharding_constraint(h, NamedSharding(mesh, P("x", None)))
        return h.sum(axis=1)

    x = np.arange(32, dtype=np.float32).reshape(8, 4) / 10
    w = np.linspace(-1, 1, 16, dtype=np.float32).reshape(4, 4)
    jitted = jax.jit(f, in_shardings=(NamedSharding(mesh, P("x", None)), NamedSharding(mesh, P())),
                     out_shardings=NamedSharding(mesh, P("x")))
    (OUT / "sharded.mlir").write_text(jitted.lower(x, w).as_text())
    np.save(OUT / "sharded.in0.npy", x)
    np.save(OUT / "sharded.in1.npy", w)
    np.save(OUT / "sharded.expected.npy", np.asarray(jitted(x, w)))

    def g(x):
        return jax.shard_map(lambda b: b * 2 + jax.lax.psum(b, "x"), mesh=mesh, in_specs=P("x"), out_specs=P("x"))(x)

    (OUT / "shard_map.mlir").write_text(jax.jit(g).lower(x).as_text())


if __name__ == "__main__":
    main()
