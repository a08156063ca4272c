"""Our own real-model corpora (testdata/producers/<producer>/, made by tests/producers/make_*.py from jax +
flax/optax/equinox/haiku, TensorFlow and PyTorch/XLA): every committed small program runs through
`hloc run`'s code path (the runner, native backend: -O2 pipeline + LLVM; and the interpreter) on its saved
inputs, and each output must match the producer's own output within the program's tolerance, which
MANIFEST.json derives from XLA's own error against f64 (corpus_writer.py): |got - expected| <= atol,
NaNs equal, integers exact.

Programs that fail today are strict xfails below with the defect: fixing one flips its test. The native
tests are marked slow (each compiles a model); the interpreter's run in `make test-fast` too.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from hloc.parse import parse_module
from hloc.runtime.runner import run_module
from hloc.signature import Signature

ROOT = Path(__file__).resolve().parents[2]
CORPORA = ROOT / "testdata" / "producers"


def manifests() -> dict[str, dict]:
    return {p.parent.name: json.loads(p.read_text()) for p in sorted(CORPORA.glob("*/MANIFEST.json"))}


MANIFESTS = manifests()
SMALL = [f"{prod}/{name}" for prod, m in MANIFESTS.items() for name, p in m["programs"].items() if "outputs" in p]
BENCH = [f"{prod}/{name}" for prod, m in MANIFESTS.items() for name, p in m["programs"].items() if "bench_inputs" in p]

# (program, backend) -> the defect that makes it fail today.
LAYOUTS = ("native: wrong numbers: buffers passed between a while loop's state, condition and body without "
           "converting between their layouts (swapaxes before lax.scan; issue 13, repro native_A_*)")
IM2COL = "native: DuplicatedNameError c.im2col.taps.N on repeated identical convolutions (issue 13, repro native_B_*)"
REDUCE = ("f32 reductions (BatchNorm batch statistics) 5-7x further from f64 than XLA's: a train step's parameter "
          "updates miss a tolerance of 2x (XLA's + the producer's error) (issue 13)")


def lapack(target: str) -> str:
    return f"custom-call target '{target}' (jaxlib LAPACK FFI) not supported (issue 15)"


XFAIL: dict[tuple[str, str], str] = {
    ("jax/lstm_scan", "llvm"): LAYOUTS,
    ("jax/gru_scan", "llvm"): LAYOUTS,
    ("jax/lstm_grad", "llvm"): LAYOUTS,
    ("jax/unet", "llvm"): IM2COL,
    ("jax/resnet_train_step", "llvm"): REDUCE,
    ("jax/resnet_train_step", "interp"): REDUCE,
    ("tf/keras_cnn_train_step", "llvm"): REDUCE,
    ("tf/keras_cnn_train_step", "interp"): REDUCE,
    ("tf/tf_linalg", "llvm"): "custom-call target 'Qr' (TensorFlow's tf.linalg.qr) not supported (issue 15)",
    ("tf/tf_linalg", "interp"): "custom-call target 'Qr' (TensorFlow's tf.linalg.qr) not supported (issue 15)",
    ("tf/tf_top_k", "llvm"): "native: 'set-dimension-size' around tf.math.top_k / tf.argsort results "
                             "not supported (issue 15)",
}
for _backend in ("llvm", "interp"):
    XFAIL.update({("jax/linalg_lu", _backend): lapack("lapack_sgetrf_ffi"),
                  ("jax/linalg_cholesky", _backend): lapack("lapack_spotrf_ffi"),
                  ("jax/linalg_qr", _backend): lapack("lapack_sgeqrf_ffi"),
                  ("jax/linalg_eigh_svd", _backend): lapack("lapack_ssyevd_ffi"),
                  ("jax/linalg_f64_c64", _backend): lapack("lapack_dgetrf_ffi"),
                  ("jax/scipy_linalg", _backend): lapack("lapack_sgetrf_ffi")})


def cases(backend: str) -> list:
    out = []
    for case in SMALL:
        reason = XFAIL.get((case, backend))
        marks = [pytest.mark.xfail(strict=True, reason=reason)] if reason else []
        out.append(pytest.param(case, marks=marks, id=case))
    return out


def load(case: str):
    prod, name = case.split("/")
    folder = CORPORA / prod
    entry = MANIFESTS[prod]["programs"][name]
    module = parse_module((folder / f"{name}.hlo").read_text(), f"{name}.hlo")
    with np.load(folder / f"{name}.inputs.npz") as z:
        inputs = [z[f"arg{i}"] for i in range(len(z.files))]
    with np.load(folder / f"{name}.expected.npz") as z:
        expected = [z[f"out{i}"] for i in range(len(z.files))]
    return module, inputs, expected, entry["tolerances"]


def assert_matches_producer(case: str, got: list, expected: list, tolerances: list) -> None:
    assert len(got) == len(expected), f"{case}: {len(got)} outputs, the producer gave {len(expected)}"
    for k, (g, e, tol) in enumerate(zip(got, expected, tolerances)):
        g = np.asarray(g)
        if e.dtype != g.dtype and e.dtype.itemsize == g.dtype.itemsize and e.dtype.kind == "u":
            e = e.view(g.dtype)  # bf16 stored as bits
        assert g.shape == e.shape and g.dtype == e.dtype, f"{case} out{k}: {g.dtype}{g.shape} vs {e.dtype}{e.shape}"
        if tol.get("exact"):
            np.testing.assert_array_equal(g, e, err_msg=f"{case} out{k}")
            continue
        wide = np.complex128 if e.dtype.kind == "c" else np.float64
        g, e = g.astype(wide), e.astype(wide)
        np.testing.assert_array_equal(np.isnan(g), np.isnan(e), err_msg=f"{case} out{k}: NaN positions")
        finite = np.isfinite(e)
        np.testing.assert_array_equal(g[~finite & ~np.isnan(e)], e[~finite & ~np.isnan(e)],
                                      err_msg=f"{case} out{k}: infinities")
        err = np.abs(g[finite] - e[finite])
        worst = float(err.max()) if err.size else 0.0
        assert worst <= tol["atol"], (f"{case} out{k}: max |hloc - producer| = {worst:.3g} > atol {tol['atol']:.3g} "
                                      f"(XLA's own error vs f64: {tol['xla_err']})")


@pytest.mark.slow  # a compile per program: about a minute for the corpus on 2 idle cores
@pytest.mark.parametrize("case", cases("llvm"))
def test_native_matches_producer(case):
    module, inputs, expected, tolerances = load(case)
    assert_matches_producer(case, run_module(module, inputs, backend="llvm"), expected, tolerances)


@pytest.mark.parametrize("case", cases("interp"))
def test_interpreter_matches_producer(case):
    module, inputs, expected, tolerances = load(case)
    assert_matches_producer(case, run_module(module, inputs, backend="interp"), expected, tolerances)


@pytest.mark.parametrize("case", BENCH)
def test_bench_text_parses(case):
    """The bench-size texts (benchmarks/bench_real_models.py) stay readable."""
    prod, name = case.split("/")
    module = parse_module((CORPORA / prod / "bench" / f"{name}.hlo").read_text(), f"{name}.hlo")
    dims = [list(leaf.shape.dims) for leaf in Signature.of_module(module).params]
    assert dims == [json.loads(t[t.index("["):]) for t in MANIFESTS[prod]["programs"][name]["bench_inputs"]]


def test_every_program_has_its_files():
    for case in SMALL:
        prod, name = case.split("/")
        entry = MANIFESTS[prod]["programs"][name]
        for suffix in (".hlo", ".inputs.npz", ".expected.npz") + ((".mlir",) if entry["stablehlo"] else ()):
            assert (CORPORA / prod / f"{name}{suffix}").exists(), f"{case}: no {name}{suffix}"
        assert len(entry["tolerances"]) == len(entry["outputs"]), case
        assert all(t.get("exact") or t["atol"] > 0 for t in entry["tolerances"]), case
    stale = {key for key in XFAIL if key[0] not in SMALL}
    assert not stale, f"xfails for programs the corpus does not have: {stale}"
