"""Elided constants: JAX's `compiled.as_text()` prints large constants as `constant({...})`
(testdata/elided/compiled.hlo, made by tests/parse/make_stablehlo_testdata.py); `run` and `compile`
refuse such a module, naming each elided constant and how to get the full text; `opt` warns once; the
lowered text of the same function (lowered.hlo) runs equal to jax.jit."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import TESTDATA

from hloc.cli import main

ELIDED = TESTDATA / "elided"

TWO = """HloModule m

ENTRY e {
  x = f32[4] parameter(0)
  c = f32[4] constant({...})
  t = (f32[2], s32[]) constant(({...}, 3))
  a = f32[4] add(x, c)
  ROOT r = (f32[4], (f32[2], s32[])) tuple(a, t)
}
"""


def _hloc(*args):
    res = CliRunner().invoke(main, [str(a) for a in args])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res


@pytest.mark.parametrize("command, extra", [("run", ["--random-inputs", "0"]), ("run", ["--backend", "interp",
                                            "--random-inputs", "0"]), ("compile", ["-o", "{tmp}/m.o"])])
def test_run_and_compile_refuse_elided_constants(tmp_path, command, extra):
    path = tmp_path / "m.hlo"
    path.write_text(TWO)
    res = _hloc(command, path, *[e.format(tmp=tmp_path) for e in extra])
    assert res.exit_code == 1
    err = res.stderr
    assert f"{path}:5:3: error: cannot {command} this module: 2 constants have their values elided" in err
    assert f"{path}:5:3: c = f32[4] constant({{...}})" in err
    assert f"{path}:6:3: t = (f32[2], s32[]) constant({{...}})" in err
    assert 'as_text(dialect="hlo")' in err and "print_large_constants" in err and "--xla_dump_large_constants" in err
    assert "Traceback" not in err
    assert not (tmp_path / "m.o").exists()


def test_opt_warns_once(tmp_path):
    path = tmp_path / "m.hlo"
    path.write_text(TWO + "\n// -----\n" + TWO)
    res = _hloc("opt", path, "--split-input-file")
    assert res.exit_code == 0
    assert res.stderr.count("warning:") == 1 and "2 constants have elided values" in res.stderr
    assert res.stdout.count("constant({...})") == 2


def test_jax_compiled_text_is_refused_and_the_lowered_text_runs():
    res = _hloc("run", ELIDED / "compiled.hlo", ELIDED / "x.npy")
    assert res.exit_code == 1 and "1 constant has its values elided" in res.stderr
    assert "constant.3 = f32[100] constant({...})" in res.stderr
    res = _hloc("run", ELIDED / "lowered.hlo", ELIDED / "x.npy", "--check", ELIDED / "expected.npz")
    assert res.exit_code == 0, res.stderr
