"""`hloc run --backend xla` and `--check-against xla`: XLA:CPU itself as the reference.

In-process when jax imports (the hloc[jax] extra, which `make test` installs); through
$HLOC_XLA_PYTHON (or the ../.venv-xla the bench uses) as a subprocess otherwise. Expected values
are the JAX corpus's (XLA:CPU 0.12's outputs, saved in testdata/models).
"""

from __future__ import annotations

import importlib.util
import json
import os
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from hloc.cli import main

ROOT = Path(__file__).resolve().parents[2]
MODELS = ROOT / "testdata" / "models"
HAVE_JAX = importlib.util.find_spec("jax") is not None
OTHER_PYTHON = os.environ.get("HLOC_XLA_PYTHON") or str(ROOT.parent / ".venv-xla" / "bin" / "python")
needs_xla = pytest.mark.skipif(not HAVE_JAX and not os.path.exists(OTHER_PYTHON),
                               reason="no jax here (pip install hloc[jax]) and no HLOC_XLA_PYTHON")


def run(*args, env=None):
    return CliRunner().invoke(main, ["run", *map(str, args)], env=env)


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


@needs_xla
def test_readme_example_passes_with_the_default_tolerances():
    res = run(MODELS / "transformer_layer.hlo", "--random-inputs", "0", "--check-against", "xla")
    assert res.exit_code == 0, res.output + res.stderr
    assert res.stdout.splitlines()[-1] == "check-against xla: ok (1 output)"
    assert res.stdout.startswith("vs xla: out0: ok (max abs err ")


@needs_xla
def test_xla_backend_reproduces_the_corpus_outputs():
    """The layernorm module's expected outputs are XLA's: --backend xla gives them back."""
    res = run(MODELS / "layernorm.hlo", MODELS / "layernorm.inputs.npz", "--backend", "xla",
              "--check", MODELS / "layernorm.expected.npz", "--rtol", "1e-6", "--atol", "1e-6", "--json")
    assert res.exit_code == 0, res.output + res.stderr
    doc = json.loads(res.stdout)
    assert doc["backend"] == "xla" and all(c["pass"] for c in doc["check"])


@pytest.mark.skipif(not os.path.exists(OTHER_PYTHON), reason="no other Python with jax (HLOC_XLA_PYTHON)")
def test_through_another_python(tmp_path):
    """HLOC_XLA_PYTHON runs XLA in a subprocess (e.g. jax 0.12 on Python 3.12), bf16 included."""
    text = """HloModule mix
ENTRY e {
  a = bf16[4] parameter(0)
  b = f32[4] parameter(1)
  c = f32[4] convert(a)
  s = f32[4] multiply(c, b)
  ROOT t = (bf16[4], f32[4]) tuple(bf16[4] convert(s), s)
}
"""
    (tmp_path / "m.hlo").write_text(text)
    res = run(tmp_path / "m.hlo", "--random-inputs", "3", "--check-against", "xla", "--json",
              env={"HLOC_XLA_PYTHON": OTHER_PYTHON})
    assert res.exit_code == 0, res.output + res.stderr
    outs = json.loads(res.stdout)["check_against"]["outputs"]
    assert [o["pass"] for o in outs] == [True, True]
    assert outs[1]["max_abs_err"] == 0  # one multiply: exactly XLA's


def test_without_jax_it_says_how_to_get_it(tmp_path, monkeypatch):
    import hloc.runtime.xla as xla

    monkeypatch.setattr(xla, "_in_process", lambda: False)
    monkeypatch.delenv("HLOC_XLA_PYTHON", raising=False)
    res = run(MODELS / "layernorm.hlo", "--random-inputs", "0", "--check-against", "xla")
    assert res.exit_code == 2 and "hloc[jax]" in res.stderr and "HLOC_XLA_PYTHON" in res.stderr


@needs_xla
def test_a_wrong_result_fails(tmp_path, monkeypatch):
    """A reference that disagrees (XLA's outputs perturbed by 1%) is reported output by output."""
    import hloc.runtime.xla as xla

    real = xla.run_on_xla
    monkeypatch.setattr(xla, "run_on_xla", lambda text, leaves: [o * np.float32(1.01) for o in real(text, leaves)])
    res = run(MODELS / "layernorm.hlo", "--random-inputs", "0", "--check-against", "xla")
    assert res.exit_code == 1
    lines = res.stdout.splitlines()
    assert lines[0].startswith("vs xla: out0: FAIL: ") and lines[1].startswith("vs xla: out1: FAIL: ")
    assert lines[-1] == "check-against xla: FAILED (2 of 2 outputs differ)"


def test_default_tolerances_per_element_type():
    from hloc.runtime.compare import default_tolerance

    assert default_tolerance("f32") == (1e-3, 1e-4)
    assert default_tolerance("f64")[0] < 1e-8
    assert default_tolerance("s32") == default_tolerance("pred") == (0.0, 0.0)
    assert default_tolerance("bf16") == (2e-2, 2e-2)
    # f8: two ulps of the type's own precision (e4m3fn: 3 fraction bits)
    assert default_tolerance("f8e4m3fn") == (0.25, 0.25)
