"""End-to-end sweeps of `hloc run --backend interp`:

* the JAX corpus (../shared/corpus/jax): every module matches its XLA-computed expected.npz within the
  MANIFEST tolerances (slow);
* (the XLA corpus through the interpreter is tests/interp/test_xla_corpus.py: values against XLA:CPU);
* testdata/oracle: the XLA-computed cases for opcodes the JAX corpus misses (slow);
* testdata/runner: three small JAX corpus cases copied into the repository (fast; they report as
  xfail while the interpreter lacks a handler they need, and must pass once it has them all).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import JAX_CORPUS
from jax_corpus import check_case, input_files, manifest, run_cli

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "runtime"))
from runtime_testing import ORACLE, RUNNER_DATA, missing_handlers  # noqa: E402

from hloc.parse import parse_module  # noqa: E402


def _check_case(folder: Path, name: str, rtol: str, atol: str) -> None:
    check_case(folder, name, rtol, atol, "--backend", "interp")


# -- JAX corpus

JAX = manifest(JAX_CORPUS / "MANIFEST.tsv")


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(JAX) or [pytest.param("none", marks=pytest.mark.skip("no JAX corpus"))])
def test_jax_corpus_matches_xla(name):
    row = JAX[name]
    _check_case(JAX_CORPUS, name, row["rtol"], row["atol"])


# -- oracle cases (testdata/oracle)

ORACLE_CASES = manifest(ORACLE / "MANIFEST.tsv")


def _uniform_ok(x: np.ndarray, a: float, b: float) -> None:
    assert x.min() >= a and x.max() < b, (x.min(), x.max())
    assert abs(x.astype(np.float64).mean() - (a + b) / 2) < 0.05 * (b - a)


PROPERTIES = {
    # name: check of the outputs
    "rng_uniform_f32": lambda outs: (outs[0].dtype == np.float32 and outs[0].shape == (64, 64)
                                     and _uniform_ok(outs[0], 2.0, 5.0) is None
                                     and outs[0].std() > 0.8),  # uniform on [2,5): std 0.866
    "rng_uniform_s32": lambda outs: (outs[0].dtype == np.int32 and outs[0].shape == (4096,)
                                     and _uniform_ok(outs[0], -3, 7) is None
                                     and set(np.unique(outs[0]).tolist()) == set(range(-3, 7))),
    "rng_normal_f32": lambda outs: (outs[0].dtype == np.float32 and outs[0].shape == (64, 64)
                                    and abs(outs[0].mean() - 1.0) < 0.1 and abs(outs[0].std() - 2.0) < 0.1),
}


# Cases where XLA:CPU's answer is not HLO's semantics; hloc follows operation_semantics.md.
XLA_CPU_QUIRKS = {
    "clz_popcnt_s4": "XLA:CPU counts the bits of s4 values sign-extended to s8 (popcnt(-1) = 8, wrapped to -8); "
                     "hloc counts the 4 bits (tests/interp/test_oracle.py lists the same difference)",
}


@pytest.mark.slow
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(reason=XLA_CPU_QUIRKS[n], strict=True))
                                  if n in XLA_CPU_QUIRKS else n for n in sorted(ORACLE_CASES)])
def test_oracle_case(name, tmp_path):
    row = ORACLE_CASES[name]
    check = row["check"]
    hlo = ORACLE / f"{name}.hlo"
    inputs = input_files(ORACLE, name)
    if check in ("values", "xla_cpu_ftz"):
        code, out, err = run_cli(["--backend", "interp", hlo, *inputs, "--check", ORACLE / f"{name}.expected.npz",
                               "--rtol", row["rtol"], "--atol", row["atol"]])
        if code != 0 and check == "xla_cpu_ftz":
            pytest.xfail("XLA:CPU flushes f32 denormals; HLO does not require it")
        assert code == 0, f"{name}: exit {code}\n{out}{err}"
    elif check == "properties":
        code, out, err = run_cli(["--backend", "interp", hlo, *inputs, "-o", tmp_path / "out.npz"])
        assert code == 0, f"{name}: exit {code}\n{err}"
        with np.load(tmp_path / "out.npz") as z:
            outs = [z[k] for k in sorted(z.files, key=lambda k: int(k[3:]))]
        assert PROPERTIES[name](outs), name
    else:  # XLA refuses the module: hloc runs it or fails cleanly (exit 1, one error, no crash)
        code, out, err = run_cli(["--backend", "interp", hlo, *inputs])
        assert code in (0, 1), err
        if code == 1:
            assert "error:" in err and "Traceback" not in err
        if name == "custom_call_unknown":
            assert code == 1, "a custom-call nobody implements must be an error"


def test_oracle_manifest_is_complete():
    if not ORACLE_CASES:
        pytest.fail("testdata/oracle/MANIFEST.tsv is missing")
    for name, row in ORACLE_CASES.items():
        assert (ORACLE / f"{name}.hlo").exists()
        assert row["check"] in ("values", "properties", "xla_cpu_ftz", "none"), name
        if row["check"] in ("values", "xla_cpu_ftz"):
            assert (ORACLE / f"{name}.expected.npz").exists(), name
        if row["check"] == "properties":
            assert name in PROPERTIES
        parse_module((ORACLE / f"{name}.hlo").read_text(), name)  # hloc parses every case


# -- small JAX cases copied into testdata/runner (fast)

RUNNER_CASES = manifest(RUNNER_DATA / "MANIFEST.tsv")


@pytest.mark.parametrize("name", sorted(RUNNER_CASES))
def test_copied_jax_case(name):
    row = RUNNER_CASES[name]
    missing = missing_handlers(parse_module((RUNNER_DATA / f"{name}.hlo").read_text()))
    if missing:
        pytest.xfail(f"the interpreter has no handler for {', '.join(missing)} yet")
    _check_case(RUNNER_DATA, name, row["rtol"], row["atol"])
