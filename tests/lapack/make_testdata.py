#!/usr/bin/env python3
"""Regenerate testdata/lapack/: jax 0.12's linear algebra on CPU (jaxlib's LAPACK custom calls) as
saved modules, inputs and XLA:CPU's outputs.

Run with the XLA venv, from the repository root:

    /work/.venv-xla/bin/python tests/lapack/make_testdata.py

Per case NAME: `NAME.hlo` (`jax.jit(f).lower(...).as_text(dialect="hlo")`, or a hand-written module
whose result is a custom call's raw tuple, `info` included) and `NAME.npz` (`in<k>`: inputs,
`out<k>`: XLA:CPU's outputs, through ../shared/tools/xla_run.py's XlaModule with jaxlib's LAPACK
kernels initialised, which jax does itself only when it lowers a linalg op).
"""

from __future__ import annotations

import sys
from pathlib import Path

import jax
import jax.numpy as jnp
import jax.scipy.linalg as jsl
import numpy as np
from jaxlib import lapack as jaxlib_lapack

sys.path.insert(0, str(Path(__file__).resolve().parents[3] / "shared" / "tools"))
sys.path.insert(0, "/work/shared/tools")
import xla_run  # noqa: E402

jax.config.update("jax_enable_x64", True)
jaxlib_lapack._lapack.initialize()
OUT = Path(__file__).resolve().parents[2] / "testdata" / "lapack"
DTYPES = {"f32": np.float32, "f64": np.float64, "c64": np.complex64, "c128": np.complex128}
rng = np.random.default_rng(15)


def rand(dt, *shape):
    x = rng.standard_normal(shape)
    if np.dtype(dt).kind == "c":
        x = x + 1j * rng.standard_normal(shape)
    return x.astype(dt)


def herm(x):
    return (x + np.conj(np.swapaxes(x, -1, -2))) / 2


def pd(dt, *shape):
    x = rand(dt, *shape)
    return (x @ np.conj(np.swapaxes(x, -1, -2)) + shape[-1] * np.eye(shape[-1])).astype(dt)


CASES: dict[str, tuple] = {}


def case(name, fn, *args):
    CASES[name] = (fn, args)


for t, dt in DTYPES.items():
    case(f"cholesky_{t}", jnp.linalg.cholesky, pd(dt, 2, 5, 5))
    case(f"cholesky_upper_{t}", lambda a: jsl.cholesky(a, lower=False), pd(dt, 5, 5))
    case(f"lu_factor_{t}", jsl.lu_factor, rand(dt, 2, 5, 5))
    case(f"lu_wide_{t}", lambda a: jax.lax.linalg.lu(a)[:2], rand(dt, 3, 5))
    case(f"solve_{t}", jnp.linalg.solve, rand(dt, 2, 4, 4), rand(dt, 2, 4, 3))
    case(f"qr_{t}", jnp.linalg.qr, rand(dt, 2, 6, 4))
    case(f"qr_complete_{t}", lambda a: jnp.linalg.qr(a, mode="complete"), rand(dt, 6, 4))
    case(f"qr_wide_{t}", jnp.linalg.qr, rand(dt, 3, 5))
    case(f"eigh_{t}", jnp.linalg.eigh, herm(rand(dt, 2, 5, 5)))
    case(f"eigvalsh_{t}", jnp.linalg.eigvalsh, herm(rand(dt, 5, 5)))
    case(f"svd_{t}", jnp.linalg.svd, rand(dt, 2, 5, 4))
    case(f"svd_reduced_{t}", lambda a: jnp.linalg.svd(a, full_matrices=False), rand(dt, 4, 6))
    case(f"svdvals_{t}", jnp.linalg.svdvals, rand(dt, 5, 3))
    case(f"svd_qr_{t}", lambda a: jax.lax.linalg.svd(a, algorithm=jax.lax.linalg.SvdAlgorithm.QR), rand(dt, 5, 4))
    case(f"solve_triangular_{t}", lambda a, b: jsl.solve_triangular(a, b, lower=True, trans=1),
         rand(dt, 2, 4, 4) + 4 * np.eye(4, dtype=dt), rand(dt, 2, 4, 2))
    case(f"solve_triangular_right_{t}", lambda a, b: jax.lax.linalg.triangular_solve(
        a, b, left_side=False, lower=False, unit_diagonal=True), rand(dt, 3, 3), rand(dt, 4, 3))

for name, fn, args in [
    ("det", jnp.linalg.det, (rand(np.float32, 3, 4, 4),)),
    ("slogdet", jnp.linalg.slogdet, (rand(np.float64, 4, 4),)),
    ("det_c128", jnp.linalg.det, (rand(np.complex128, 2, 3, 3),)),
    ("rsf2csf", lambda t, z: jsl.rsf2csf(t, z), jsl.schur(rand(np.float64, 4, 4))),
    ("inv", jnp.linalg.inv, (rand(np.float32, 2, 4, 4),)),
    ("pinv", jnp.linalg.pinv, (rand(np.float32, 5, 3),)),
    ("lstsq", lambda a, b: jnp.linalg.lstsq(a, b)[0], (rand(np.float64, 6, 3), rand(np.float64, 6, 2))),
    ("cho_solve", lambda a, b: jsl.cho_solve(jsl.cho_factor(a), b), (pd(np.float32, 4, 4), rand(np.float32, 4, 2))),
    ("lu_solve", lambda a, b: jsl.lu_solve(jsl.lu_factor(a), b), (rand(np.complex64, 4, 4), rand(np.complex64, 4))),
    ("matrix_rank", jnp.linalg.matrix_rank, (rand(np.float32, 5, 4),)),
    ("qr_pivoting", lambda a: jax.lax.linalg.qr(a, pivoting=True), (rand(np.float32, 2, 5, 4),)),
    ("qr_pivoting_c128", lambda a: jax.lax.linalg.qr(a, pivoting=True), (rand(np.complex128, 4, 4),)),
    ("hessenberg", jsl.hessenberg, (rand(np.float64, 5, 5),)),
    ("hessenberg_c64", jsl.hessenberg, (rand(np.complex64, 4, 4),)),
    ("tridiagonal", jax.lax.linalg.tridiagonal, (herm(rand(np.float32, 2, 5, 5)),)),
    ("tridiagonal_c128", jax.lax.linalg.tridiagonal, (herm(rand(np.complex128, 4, 4)),)),
    ("expm", jsl.expm, (rand(np.float32, 4, 4) / 4,)),
    ("eig", jnp.linalg.eig, (rand(np.float32, 2, 5, 5),)),
    ("eig_c128", jnp.linalg.eig, (rand(np.complex128, 4, 4),)),
    ("eigvals_f64", jnp.linalg.eigvals, (rand(np.float64, 6, 6),)),
    ("eig_left", lambda a: jax.lax.linalg.eig(a, compute_left_eigenvectors=True), (rand(np.float64, 4, 4),)),
    ("eig_not_finite", jnp.linalg.eigvals, (np.array([[[1, 2], [3, np.inf]], [[1, 2], [3, 4]]], np.float32),)),
    ("schur", jsl.schur, (rand(np.float64, 5, 5),)),
    ("schur_c64", jsl.schur, (rand(np.complex64, 4, 4),)),
    ("sqrtm", jsl.sqrtm, (pd(np.float32, 4, 4),)),
    ("qr_multiply", lambda a, c: jsl.qr_multiply(a, c), (rand(np.float32, 5, 4), rand(np.float32, 3, 5))),
    ("qr_multiply_left_c128", lambda a, c: jsl.qr_multiply(a, c, mode="left"),
     (rand(np.complex128, 5, 4), rand(np.complex128, 4, 2))),
    ("tridiagonal_solve", lambda dl, d, du, b: jax.lax.linalg.tridiagonal_solve(dl, d, du, b),
     (np.r_[0, rand(np.float32, 4)].astype(np.float32), rand(np.float32, 5) + 4, np.r_[rand(np.float32, 4), 0].astype(
         np.float32), rand(np.float32, 5, 2))),
    ("tridiagonal_solve_c128", lambda dl, d, du, b: jax.lax.linalg.tridiagonal_solve(dl, d, du, b),
     (rand(np.complex128, 2, 4), rand(np.complex128, 2, 4) + 4, rand(np.complex128, 2, 4),
      rand(np.complex128, 2, 4, 3))),
    ("cholesky_not_pd", jnp.linalg.cholesky, (np.array([[[4, 2, 0], [2, 1, 0], [0, 0, 1]], np.eye(3)], np.float32),)),
    ("det_singular", jnp.linalg.det, (np.array([[1, 2, 3], [2, 4, 6], [1, 0, 1]], np.float64),)),
]:
    case(name, fn, *args)


def raw(name, target, operand, results, config, args):
    """A module whose result is the custom call's own tuple (info included). Its operand and
    results are column-major, as jax writes them (jaxlib's kernels read the buffers so; XLA copies a
    row-major parameter into that layout)."""
    dims = operand[operand.index("[") + 1:operand.index("]")].count(",") + 1
    col = "{" + ",".join(map(str, [dims - 2, dims - 1, *range(dims - 3, -1, -1)])) + "}"
    res = "(" + ", ".join(results) + ")"
    text = (f"HloModule {name}\n\nENTRY main {{\n  p0 = {operand} parameter(0)\n  ROOT r = {res} custom-call(p0), "
            f'custom_call_target="{target}", operand_layout_constraints={{{operand.split("{")[0]}{col}}}, '
            "output_to_operand_aliasing={{0}: (0, {})}, "
            f"api_version=API_VERSION_TYPED_FFI, backend_config={config}\n}}\n")
    CASES[name] = (text, args)


# info codes: the first non-positive-definite leading minor, the first zero pivot, per batch element
raw("raw_potrf_info", "lapack_spotrf_ffi", "f32[3,3,3]{2,1,0}", ["f32[3,3,3]{1,2,0}", "s32[3]{0}"],
    "{uplo = 76 : ui8}", [np.array([np.eye(3), [[1, 2, 0], [2, 1, 0], [0, 0, 1]], [[1, 0, 0], [0, 1, 0], [0, 0, -1]]],
                                   np.float32)])
raw("raw_potrf_upper_nan", "lapack_dpotrf_ffi", "f64[2,3,3]{2,1,0}", ["f64[2,3,3]{1,2,0}", "s32[2]{0}"],
    "{uplo = 85 : ui8}", [np.array([[[4, 1, 0], [1, 3, 0], [0, 0, 2]], [[1, 0, 0], [0, np.nan, 0], [0, 0, 1]]])])
raw("raw_getrf_info", "lapack_dgetrf_ffi", "f64[3,3,3]{2,1,0}", ["f64[3,3,3]{1,2,0}", "s32[3,3]{1,0}", "s32[3]{0}"],
    "{}", [np.array([[[0, 1, 2], [1, 0, 0], [3, 1, 1]], [[1, 2, 3], [2, 4, 6], [0, 0, 1]], np.zeros((3, 3))])])
raw("raw_getrf_tall_c64", "lapack_cgetrf_ffi", "c64[2,4,3]{1,2,0}",
    ["c64[2,4,3]{1,2,0}", "s32[2,3]{1,0}", "s32[2]{0}"], "{}", [rand(np.complex64, 2, 4, 3)])
raw("raw_syevd_f64", "lapack_dsyevd_ffi", "f64[4,4]{1,0}", ["f64[4,4]{0,1}", "f64[4]{0}", "s32[]"],
    "{mode = 86 : ui8, uplo = 85 : ui8}", [herm(rand(np.float64, 4, 4))])
raw("raw_gesdd_c64", "lapack_cgesdd_ffi", "c64[5,3]{0,1}",
    ["c64[5,3]{0,1}", "f32[3]{0}", "c64[5,5]{0,1}", "c64[3,3]{0,1}", "s32[]"], "{mode = 65 : ui8}",
    [rand(np.complex64, 5, 3)])
raw("raw_geqrf_tall", "lapack_sgeqrf_ffi", "f32[2,5,3]{2,1,0}", ["f32[2,5,3]{1,2,0}", "f32[2,3]{1,0}"],
    "{}", [rand(np.float32, 2, 5, 3)])


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    for old in OUT.glob("*"):
        if not old.name.startswith("tf_"):  # (make_tf_testdata.py's)
            old.unlink()
    for name, (fn, args) in CASES.items():
        text = fn if isinstance(fn, str) else jax.jit(fn).lower(*args).as_text(dialect="hlo")
        outs = xla_run.XlaModule(text, name)(*args)
        (OUT / f"{name}.hlo").write_text(text)
        np.savez(OUT / f"{name}.npz", **{f"in{k}": a for k, a in enumerate(args)},
                 **{f"out{k}": o for k, o in enumerate(outs)})
    print(f"{len(CASES)} cases in {OUT}")


if __name__ == "__main__":
    main()
