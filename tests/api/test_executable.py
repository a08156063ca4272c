"""The Python API: hloc.load, hloc.compile, Executable calls, signature, timings, save/load."""

from __future__ import annotations

import doctest
import importlib
import shutil

import numpy as np
import pytest

import hloc
from hloc.errors import HlocError, ParseError, RunError

MATMUL = """HloModule mm
ENTRY e {
  x = f32[2,3] parameter(0)
  w = f32[3,4] parameter(1)
  ROOT d = f32[2,4] dot(x, w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}
"""

PAIR = """HloModule pair
ENTRY e {
  p = (f32[3], s32[2]) parameter(0)
  a = f32[3] get-tuple-element(p), index=0
  b = s32[2] get-tuple-element(p), index=1
  n = f32[3] negate(a)
  ROOT t = (s32[2], f32[3]) tuple(b, n)
}
"""


@pytest.mark.parametrize("module", ["hloc.api.source", "hloc.api.executable", "hloc.api.jit"])
def test_doctests(module):
    """The docstrings' examples run and print what they say."""
    result = doctest.testmod(importlib.import_module(module), optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted > 0


@pytest.mark.parametrize("backend", ["llvm", "interp"])
def test_call_with_arrays_and_with_a_list(backend, tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    exe = hloc.compile(MATMUL, backend=backend)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 3), dtype=np.float32)
    w = rng.standard_normal((3, 4), dtype=np.float32)
    np.testing.assert_allclose(exe(x, w), x @ w, rtol=1e-6, atol=1e-6)
    np.testing.assert_allclose(exe.run([x, w]), x @ w, rtol=1e-6, atol=1e-6)
    assert repr(exe.signature) == "Signature(x: f32[2,3], w: f32[3,4]) -> f32[2,4]"
    assert exe.timings["compile"] > 0


def test_tuples_in_and_out():
    exe = hloc.compile(PAIR)
    a, b = np.arange(3, dtype=np.float32), np.array([7, 8], np.int32)
    got_b, got_n = exe((a, b))
    np.testing.assert_array_equal(got_b, b)
    np.testing.assert_array_equal(got_n, -a)


def test_second_compile_is_a_cache_hit(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    first = hloc.compile(MATMUL)
    second = hloc.compile(MATMUL)
    assert (first.cache, second.cache) == ("miss", "hit")
    assert "hlo_passes" in first.timings and "hlo_passes" not in second.timings


def test_load_from_file_and_text_and_errors(tmp_path):
    path = tmp_path / "mm.hlo"
    path.write_text(MATMUL)
    assert hloc.load(path).name == "mm"
    assert hloc.load(str(path)).name == "mm"
    assert hloc.load(MATMUL).entry.root.opcode == "dot"
    with pytest.raises(ParseError) as e:
        hloc.load("HloModule bad\nENTRY e {\n  x = f32[2] parameter(0)\n  ROOT y = f32[2] frobnicate(x)\n}\n")
    assert e.value.loc.line == 4
    with pytest.raises(HlocError):
        hloc.load(tmp_path / "missing.hlo")


def test_wrong_arguments_are_run_errors():
    exe = hloc.compile(MATMUL, backend="interp")
    with pytest.raises(RunError, match="takes 2 arguments"):
        exe(np.zeros((2, 3), np.float32))
    with pytest.raises(RunError, match="f32"):
        exe(np.zeros((2, 3), np.float64), np.zeros((3, 4), np.float32))


def test_compile_leaves_the_module_alone():
    m = hloc.load(MATMUL)
    before = hloc.print_module(m)
    hloc.compile(m, cache=False)
    assert hloc.print_module(m) == before


def test_optimize_returns_the_module():
    m = hloc.load(MATMUL)
    assert hloc.optimize(m, "O2") is m


@pytest.mark.parametrize("suffix", [".o", ".so"])
def test_save_and_load(suffix, tmp_path):
    if suffix == ".so" and not (shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("no C compiler to link a shared library")
    exe = hloc.compile(MATMUL, cache=False)
    path = tmp_path / f"mm{suffix}"
    exe.save(path)
    again = hloc.Executable.load(path)
    assert again.signature == exe.signature
    x = np.ones((2, 3), np.float32)
    w = np.arange(12, dtype=np.float32).reshape(3, 4)
    np.testing.assert_array_equal(again(x, w), x @ w)


def test_save_refuses_the_interpreter_and_odd_suffixes(tmp_path):
    from hloc.errors import UsageError

    with pytest.raises(UsageError):
        hloc.compile(MATMUL, backend="interp").save(tmp_path / "m.so")
    with pytest.raises(UsageError):
        hloc.compile(MATMUL).save(tmp_path / "m.bin")
    assert not list(tmp_path.iterdir())


def test_readme_examples(monkeypatch, tmp_path):
    """The README's Python examples run as written (from the repository root) and print what they say."""
    pytest.importorskip("jax", reason="the README's hloc.jit example needs jax (pip install hloc[jax])")
    from pathlib import Path

    root = Path(__file__).resolve().parents[2]
    monkeypatch.chdir(root)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    result = doctest.testfile(str(root / "README.md"), module_relative=False, optionflags=doctest.ELLIPSIS)
    assert result.failed == 0 and result.attempted >= 10


def test_load_reads_stablehlo_and_dump_folders():
    """hloc.load resolves inputs with the CLI's readers: StableHLO by content, dump folders by name."""
    from pathlib import Path

    data = Path(__file__).resolve().parents[2] / "testdata"
    dumps = data / "dumps" / "two_programs"
    f = hloc.load(dumps, module="jit_f")
    assert f.name.startswith("jit_f")
    with np.load(data / "dumps" / "jit_f.expected.npz") as z:
        want = [z[k] for k in sorted(z.files)]
    args = [np.load(data / "dumps" / f"jit_f.in{i}.npy") for i in range(2)]
    got = hloc.compile(f, backend="interp")(*args)
    got = list(got) if isinstance(got, tuple) else [got]
    for g, w in zip(got, want):
        np.testing.assert_allclose(g, w, rtol=1e-5, atol=1e-6)
    mlir = "module @m {\n  func.func public @main(%a: tensor<3xf32>) -> tensor<3xf32> {\n" \
           "    %0 = stablehlo.add %a, %a : tensor<3xf32>\n    return %0 : tensor<3xf32>\n  }\n}\n"
    exe = hloc.compile(mlir, backend="interp")
    np.testing.assert_array_equal(exe(np.arange(3, dtype=np.float32)), np.arange(3, dtype=np.float32) * 2)
    with pytest.raises(HlocError):
        hloc.load(data / "models" / "layernorm.hlo", module="x")
