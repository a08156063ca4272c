"""testdata/stablehlo/shape_poly: JAX's shape-polymorphic export called with concrete arguments.

    /work/venvs/jax/bin/python tests/parse/make_shape_poly_testdata.py   (any Python with jax 0.12)

For each function: NAME.mlir, `jax.jit(exported.call).lower(x).as_text()` of a `jax.export` with a
symbolic batch dimension (private functions with `tensor<?x...>`, `dynamic_broadcast_in_dim`,
`dynamic_reshape`, `dynamic_iota`, `get_dimension_size`, a `shape_assertion` custom call, a while
loop, `stablehlo.dynamic_reduce_window`), its input NAME.in0.npy and JAX's outputs NAME.expected.npz;
and poly.mlir, the exported module itself (its entry takes `tensor<?xf32>`: hloc refuses it with a
clear error)."""

from pathlib import Path

import jax
import jax.numpy as jnp
import numpy as np
from jax import export

OUT = Path(__file__).resolve().parents[2] / "testdata" / "stablehlo" / "shape_poly"


def broadcast_reshape_iota(x):
    return jnp.broadcast_to(x[:, None], (x.shape[0], 3)).reshape(-1) + jnp.arange(x.shape[0] * 3, dtype=x.dtype)


def softmax_rows(x):
    y = jax.nn.softmax(x, axis=-1) * jnp.arange(x.shape[1], dtype=x.dtype)
    return jnp.concatenate([y, jnp.zeros((x.shape[0], 1), x.dtype)], axis=1).reshape(-1)


def loop_cumsum_sort(x):
    return jax.lax.fori_loop(0, 3, lambda i, c: c * 2 + x, x), jnp.cumsum(x), jnp.sort(x)[::-1]


CASES = {
    "loop_cumsum_sort": (loop_cumsum_sort, "b", np.array([3, 1, 2, 5], np.float32)),
    "broadcast_reshape_iota": (broadcast_reshape_iota, "b", np.arange(5, dtype=np.float32)),
    "softmax_rows": (softmax_rows, "b, 4", np.random.default_rng(0).standard_normal((3, 4)).astype(np.float32)),
}


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for name, (fn, spec, x) in CASES.items():
        exp = export.export(jax.jit(fn))(jax.ShapeDtypeStruct(export.symbolic_shape(spec), x.dtype))
        if name == "broadcast_reshape_iota":
            (OUT / "poly.mlir").write_text(exp.mlir_module())
        (OUT / f"{name}.mlir").write_text(jax.jit(exp.call).lower(x).as_text())
        np.save(OUT / f"{name}.in0.npy", x)
        outs = jax.jit(exp.call)(x)
        outs = outs if isinstance(outs, tuple) else (outs,)
        np.savez(OUT / f"{name}.expected.npz", **{f"out{k}": np.asarray(o) for k, o in enumerate(outs)})


if __name__ == "__main__":
    main()
