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

from hloc.backend.llvm.build import BuildOptions, build
from hloc.backend.llvm.runner_backend import LlvmBackend, load_object
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

# (program, backend) -> the defect that makes it fail today (none at the moment).
XFAIL: dict[tuple[str, str], str] = {}


# A slice compiled for x86-64-v3 too (AVX2, no AVX-512: what many users have), so that no result depends
# on this machine's CPU: dots, convolutions, reductions, transcendentals, sorts, FFTs, loops.
PORTABLE = ["jax/gpt_forward", "jax/vit", "jax/kv_cache_decode", "jax/special_functions", "jax/mixed_precision",
            "jax/bf16_matmul", "jax/fft", "jax/sort_ops", "jax/optimizer_update", "jax/lstm_scan",
            "jax/haiku_convnet_grad", "tf/keras_lstm", "tf/keras_transformer_block", "tf/tf_while_loop",
            "torch/torch_train_step", "torch/torch_transformer_encoder"]


def cases(backend: str, only: list[str] | None = None) -> list:
    out = []
    for case in SMALL if only is None else [c for c in only if c in SMALL]:
        reason = XFAIL.get((case, "llvm" if backend == "x86-64-v3" else backend))
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


class X86V3Backend(LlvmBackend):
    """The runner's native backend, compiled for --cpu x86-64-v3 (no compile cache)."""

    def prepare(self, module, options, source=None):
        built = build(module, BuildOptions(cpu="x86-64-v3"))
        return load_object(built.compiled.obj, built.abi)


@pytest.mark.slow
@pytest.mark.parametrize("case", cases("x86-64-v3", PORTABLE))
def test_native_x86_64_v3_matches_producer(case):
    module, inputs, expected, tolerances = load(case)
    assert_matches_producer(case, run_module(module, inputs, backend=X86V3Backend()), expected, tolerances)


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


DUMPS = sorted(CORPORA.glob("*/dumps/*"))


@pytest.mark.parametrize("folder", DUMPS, ids=[f"{d.parent.parent.name}/{d.name}" for d in DUMPS])
def test_dump_folder_modules_parse(folder):
    """The XLA dump folders (the module text before and after XLA:CPU's passes) read, and the module before
    optimizations takes the parameters of the program's own NAME.hlo."""
    before = [parse_module(p.read_text(), p.name) for p in sorted(folder.glob("*.before_optimizations.txt"))]
    after = [parse_module(p.read_text(), p.name) for p in sorted(folder.glob("*.cpu_after_optimizations.txt"))]
    assert len(before) == 1 and len(after) == 1
    own = parse_module((folder.parent.parent / f"{folder.name}.hlo").read_text(), f"{folder.name}.hlo")
    shapes = [[leaf.shape.to_str(layout=False) for leaf in Signature.of_module(m).params] for m in (before[0], own)]
    assert shapes[0] == shapes[1]


def test_every_program_has_its_files():
    for case in SMALL:
        prod, name = case.split("/")
        entry = MANIFESTS[prod]["programs"][name]
        for suffix in (".hlo", ".inputs.npz", ".expected.npz") + ((".mlir",) if entry["stablehlo"] else ()):
            assert (CORPORA / prod / f"{name}{suffix}").exists(), f"{case}: no {name}{suffix}"
        assert len(entry["tolerances"]) == len(entry["outputs"]), case
        assert all(t.get("exact") or t["atol"] > 0 for t in entry["tolerances"]), case
    stale = {key for key in XFAIL if key[0] not in SMALL} | {c for c in PORTABLE if c not in SMALL}
    assert not stale, f"xfails or slices naming programs the corpus does not have: {stale}"
