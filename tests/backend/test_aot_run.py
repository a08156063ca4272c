"""`hloc run` on the native backend: the default backend, the compile cache seen from the CLI,
--check-against, --fallback, and that a run executes exactly the object `hloc compile` writes."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "runtime"))
from runtime_testing import ADD, TUPLES, interp_standins  # noqa: E402,F401

from hloc.cli import main  # noqa: E402
from hloc.runtime import backends, register_backend  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent.parent
X = np.arange(6, dtype=np.float32).reshape(2, 3)
Y = np.full((2, 3), 0.5, np.float32)

# A custom-call target nobody implements: the native backend refuses it (and always will).
UNSUPPORTED = """HloModule unsupported
ENTRY main {
  p = f32[2] parameter(0)
  ROOT c = f32[2] custom-call(p), custom_call_target="hloc_no_such_target"
}
"""

LAYOUTS = """HloModule layouts
ENTRY main {
  a = f32[2,3]{0,1} parameter(0)
  b = f32[2,3]{1,0} parameter(1)
  ROOT s = f32[2,3]{0,1} add(a, b)
}
"""


def run(*args, env=None):
    return CliRunner(env=env).invoke(main, ["run", *map(str, args)])


@pytest.fixture
def add_case(tmp_path):
    (tmp_path / "add.hlo").write_text(ADD)
    np.save(tmp_path / "x.npy", X)
    np.save(tmp_path / "y.npy", Y)
    np.savez(tmp_path / "expected.npz", out0=X + Y)
    return tmp_path


@pytest.fixture
def cache_home(tmp_path):
    d = tmp_path / "xdg"
    return {"XDG_CACHE_HOME": str(d)}, d / "hloc"


def _args(d):
    return [d / "add.hlo", d / "x.npy", d / "y.npy"]


def test_default_backend_is_llvm_and_caches(add_case, cache_home):
    env, cache = cache_home
    res = run(*_args(add_case), "--check", add_case / "expected.npz", "--json", env=env)
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["backend"] == "llvm" and doc["cache"] == "miss" and doc["ok"] and doc["compile_ms"] > 0
    assert len(list(cache.glob("v1/*/*/entry.json"))) == 1
    res = run(*_args(add_case), "--check", add_case / "expected.npz", "--json", env=env)
    doc = json.loads(res.stdout)
    assert doc["cache"] == "hit" and doc["ok"] and doc["compile_ms"] == 0 and doc["parse_ms"] == 0


def test_no_cache(add_case, cache_home):
    env, cache = cache_home
    res = run(*_args(add_case), "--no-cache", "--json", env=env)
    assert res.exit_code == 0 and json.loads(res.stdout)["cache"] == "off"
    assert not cache.exists()


def test_options_select_separate_entries(add_case, cache_home):
    env, cache = cache_home
    for args in ([], ["-O1"], ["--hlo-opt", "O0"]):
        res = run(*_args(add_case), *args, "--json", env=env)
        assert res.exit_code == 0, res.stderr
        assert json.loads(res.stdout)["cache"] == "miss", args
    assert len(list(cache.glob("v1/*/*/entry.json"))) == 3


def test_corrupted_cache_is_rebuilt_from_the_cli(add_case, cache_home):
    env, cache = cache_home
    assert run(*_args(add_case), env=env).exit_code == 0
    for f in cache.glob("v1/*/*/module.*"):
        f.write_bytes(f.read_bytes()[: len(f.read_bytes()) // 2])  # truncate the object and the library
    res = run(*_args(add_case), "--check", add_case / "expected.npz", "--json", env=env)
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["cache"].startswith("miss (discarded a damaged entry") and doc["ok"]
    assert json.loads(run(*_args(add_case), "--json", env=env).stdout)["cache"] == "hit"


def test_tuples_and_layouts(tmp_path, cache_home):
    env, _ = cache_home
    (tmp_path / "t.hlo").write_text(TUPLES)
    ins = [np.array([1.5, -2], np.float32), np.array([7, -8, 9], np.int32), np.array(0.25, np.float32),
           np.array([10, 20], np.float32)]
    paths = []
    for k, a in enumerate(ins):
        np.save(tmp_path / f"in{k}.npy", a)
        paths.append(tmp_path / f"in{k}.npy")
    for _ in range(2):  # miss, then hit
        res = run(tmp_path / "t.hlo", *paths, "-o", tmp_path / "o.npz", env=env)
        assert res.exit_code == 0, res.stderr
        with np.load(tmp_path / "o.npz") as z:
            assert np.array_equal(z["out0"], ins[0] + ins[3]) and z["out1"] == np.float32(0.25)
            assert np.array_equal(z["out2"], ins[1]) and np.array_equal(z["out3"], ins[3])
    (tmp_path / "l.hlo").write_text(LAYOUTS)
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.save(tmp_path / "a.npy", a)
    for _ in range(2):
        res = run(tmp_path / "l.hlo", tmp_path / "a.npy", tmp_path / "a.npy", "-o", tmp_path / "l.npz", env=env)
        assert res.exit_code == 0, res.stderr
        assert np.array_equal(np.load(tmp_path / "l.npz")["out0"], a + a)


@pytest.mark.usefixtures("interp_standins")
def test_check_against_interp(add_case, cache_home):
    env, _ = cache_home
    res = run(*_args(add_case), "--check-against", "interp", env=env)
    assert res.exit_code == 0, res.stderr
    assert res.stdout == ("vs interp: out0: ok (max abs err 0, max rel err 0)\n"
                          "check-against interp: ok (1 output)\n")
    res = run(*_args(add_case), "--check-against", "interp", "--json", env=env)
    doc = json.loads(res.stdout)
    assert doc["ok"] and doc["check_against"]["backend"] == "interp"
    assert doc["check_against"]["outputs"][0]["pass"] is True


def test_check_against_reports_mismatches(add_case, cache_home):
    env, _ = cache_home

    class Off:
        """A reference that is off by 1e-3 everywhere."""

        name = "off"
        token = None

        def prepare(self, module, options):
            return lambda args: np.asarray(args[0]) + np.asarray(args[1]) + np.float32(1e-3)

    register_backend("off", Off)
    try:
        res = run(*_args(add_case), "--check-against", "off", "--rtol", "1e-5", "--atol", "1e-6", env=env)
        assert res.exit_code == 1
        assert "vs off: out0: FAIL: 6 of 6 elements differ (max abs err 0.001" in res.stdout
        assert res.stdout.strip().endswith("check-against off: FAILED (1 of 1 outputs differ)")
        loose = run(*_args(add_case), "--check-against", "off", "--atol", "2e-3", env=env)
        assert loose.exit_code == 0 and "check-against off: ok" in loose.stdout
    finally:
        backends.unregister_backend("off")
    res = run(*_args(add_case), "--check-against", "nope", env=env)
    assert res.exit_code == 2 and "unknown backend 'nope'" in res.stderr


def test_unsupported_op_is_a_clear_error(tmp_path, cache_home):
    env, _ = cache_home
    (tmp_path / "u.hlo").write_text(UNSUPPORTED)
    res = run(tmp_path / "u.hlo", "--random-inputs", "1", "-o", tmp_path / "o.npz", env=env)
    assert res.exit_code == 1 and "Traceback" not in res.stderr and res.stdout == ""
    lines = res.stderr.splitlines()
    assert lines[0].startswith(f"{tmp_path / 'u.hlo'}:4:8: error: custom-call target 'hloc_no_such_target' is not "
                               "supported by the native backend")
    assert lines[1].startswith("  ROOT c = f32[2] custom-call(p)") and lines[2] == "       ^"
    # (no --fallback hint: the interpreter cannot run that target either)
    assert lines[3] == "hloc: note: the interpreter does not know this custom-call target either"
    assert len(lines) == 4 and not (tmp_path / "o.npz").exists()


@pytest.mark.usefixtures("interp_standins")
def test_fallback_runs_the_interpreter(add_case, cache_home, monkeypatch):
    """--fallback is the CLI's decision: make the native build refuse `add` and see the interpreter run."""
    from hloc.backend.llvm import runner_backend as runtime
    from hloc.errors import CodegenError

    env, _ = cache_home

    def refuse(module, options, instruments=()):
        raise CodegenError("the native backend does not support 'add' yet", module.entry.root.loc)

    monkeypatch.setattr(runtime, "build", refuse)
    res = run(*_args(add_case), "--json", "--no-cache", env=env)
    assert res.exit_code == 1 and "does not support 'add' yet" in res.stderr and "--fallback" in res.stderr
    res = run(*_args(add_case), "--json", "--no-cache", "--fallback", "--check", add_case / "expected.npz", env=env)
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["backend"] == "interp" and doc["ok"]
    assert res.stderr == ("hloc: note: llvm cannot compile this module (the native backend does not support 'add' "
                          "yet); running it on the interpreter (--fallback)\n")


def test_run_executes_the_object_compile_writes(add_case, cache_home):
    """Same options, same object bytes: `hloc run`'s cached object is the file `hloc compile` writes
    (the entry symbol is the module's name for both here)."""
    env, cache = cache_home
    assert run(*_args(add_case), env=env).exit_code == 0
    [cached] = list(cache.glob("v1/*/*/module.o"))
    res = CliRunner().invoke(main, ["compile", str(add_case / "add.hlo"), "-o", str(add_case / "add.o"),
                                    "--entry-name", "add"])
    assert res.exit_code == 0, res.stderr
    assert (add_case / "add.o").read_bytes() == cached.read_bytes()


def test_cache_hit_imports_neither_parser_nor_llvm(add_case, cache_home):
    env, _ = cache_home
    assert run(*_args(add_case), env=env).exit_code == 0
    # Also none of the standard modules whose import the run path was trimmed of (difflib and locale
    # through click's option parser and help texts, dataclasses, zipfile for .npz): counted only when
    # numpy and click themselves do not import them.
    code = (
        "import sys\n"
        "import numpy, click\n"
        "base = set(sys.modules)\n"
        "from hloc.cli import main\n"
        f"try:\n    main(['run', {str(add_case / 'add.hlo')!r}, {str(add_case / 'x.npy')!r}, "
        f"{str(add_case / 'y.npy')!r}, '-o', {str(add_case / 'o.npz')!r}])\n"
        "except SystemExit as e:\n    assert not e.code, e.code\n"
        "heavy = sorted(m for m in ('lark', 'llvmlite.binding', 'hloc.parse', 'hloc.backend.llvm.compile', "
        "'hloc.interp', 'ml_dtypes', 'difflib', 'locale', 'dataclasses', 'zipfile') "
        "if m in sys.modules and m not in base)\n"
        "print(heavy)\n"
    )
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env={**os.environ, **env},
                       cwd=ROOT)
    assert r.returncode == 0, r.stderr
    assert r.stdout.strip() == "[]"
    assert np.array_equal(np.load(add_case / "o.npz")["out0"], X + Y)


# (The JAX corpus through the default backend, cache miss then hit: tests/backend/test_corpus_native.py.)


# -- the loaded module (hloc.backend.llvm.runner_backend.NativeModule)

def _native(text, tmp_path):
    from hloc.backend.llvm.runner_backend import LlvmBackend
    from hloc.parse import parse_module
    from hloc.runtime.backends import BackendOptions

    return LlvmBackend(str(tmp_path / "cache")).prepare(parse_module(text), BackendOptions(), source=text.encode())


def test_concurrent_calls_get_their_own_temp_arena(tmp_path):
    import threading

    # e is read by two kernels (its row sum's and the product's): -O2 keeps it in the temp arena.
    text = """HloModule conc
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}

ENTRY main {
  x = f32[4096] parameter(0)
  e = f32[4096] exponential(x)
  z = f32[] constant(0)
  r = f32[] reduce(e, z), dimensions={0}, to_apply=add
  rb = f32[4096] broadcast(r), dimensions={}
  ROOT s = f32[4096] multiply(e, rb)
}
"""
    exe = _native(text, tmp_path)
    assert exe.abi.temp_bytes > 0  # the intermediate lives in the temp arena
    xs = [np.linspace(-1, 1, 4096, dtype=np.float32) * (k + 1) for k in range(4)]
    want = [exe([x]) for x in xs]
    errors = []

    def work(k):
        for _ in range(200):
            if not np.array_equal(exe([xs[k]]), want[k]):
                errors.append(k)

    threads = [threading.Thread(target=work, args=(k,)) for k in range(4)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert not errors
    e = np.exp(xs[1].astype(np.float64))
    np.testing.assert_allclose(want[1], e * e.sum(), rtol=1e-5)


def test_no_parameters_tokens_and_empty_arrays(tmp_path):
    text = """HloModule edge
ENTRY main {
  t = token[] parameter(0)
  e = f32[0] parameter(1)
  c = s32[3] constant({1, 2, 3})
  ROOT r = (s32[3], f32[0], token[]) tuple(c, e, t)
}
"""
    exe = _native(text, tmp_path)
    assert [leaf.shape.to_str() for leaf in exe.abi.params] == ["f32[0]{0}"]
    c, e, t = exe([None, np.zeros(0, np.float32)])
    assert np.array_equal(c, [1, 2, 3]) and e.shape == (0,) and t is None


def test_wrong_argument_is_a_run_error(tmp_path):
    from hloc.errors import RunError

    exe = _native(ADD, tmp_path)
    with pytest.raises(RunError, match=r"parameter 1 'y': expected f32\[2,3\], got float64\[2,3\]"):
        exe([X, Y.astype(np.float64)])
    with pytest.raises(RunError, match="takes 2 arguments, got 1"):
        exe([X])


def test_column_major_result_is_not_copied(tmp_path):
    """A {0,1} result leaves the native module as a Fortran-ordered view of its buffer (a copy to C
    order would double the result's memory) and is written as such: same values, fortran_order .npy."""
    from hloc.parse import parse_module
    from hloc.runtime.runner import Runner

    x = np.arange(12, dtype=np.float32).reshape(3, 4)
    text = """HloModule t, entry_computation_layout={(f32[3,4]{1,0})->f32[4,3]{0,1}}
ENTRY e {
  x = f32[3,4]{1,0} parameter(0)
  ROOT t = f32[4,3]{0,1} transpose(x), dimensions={1,0}
}
"""
    out = Runner(parse_module(text, "t.hlo"), "llvm", options=backends.BackendOptions(cache=False)).run([x])[0]
    assert out.flags.f_contiguous and not out.flags.c_contiguous and np.array_equal(out, x.T)
    (tmp_path / "t.hlo").write_text(text)
    np.save(tmp_path / "x.npy", x)
    res = run(tmp_path / "t.hlo", tmp_path / "x.npy", "-o", f"{tmp_path}/o/", "--no-cache")
    assert res.exit_code == 0, res.stderr
    got = np.load(tmp_path / "o" / "out0.npy")
    assert got.flags.f_contiguous and np.array_equal(got, x.T)
