"""XLA dump folders as inputs (testdata/dumps/two_programs: `XLA_FLAGS=--xla_dump_to=...
--xla_dump_hlo_as_proto --xla_dump_hlo_as_text` of two jitted JAX programs, made by
tests/parse/make_stablehlo_testdata.py): listing, --module, each kind of module file run equal to
jax.jit's outputs."""

from __future__ import annotations

import pytest
from click.testing import CliRunner
from conftest import TESTDATA

from hloc.cli import main
from hloc.parse.dumps import list_dump

DUMPS = TESTDATA / "dumps"
FOLDER = DUMPS / "two_programs"
INPUTS = {"jit_f": ["jit_f.in0.npy", "jit_f.in1.npy"], "jit_g": ["jit_g.in0.npy"]}


def _hloc(*args):
    res = CliRunner().invoke(main, [str(a) for a in args])
    assert res.exception is None or isinstance(res.exception, SystemExit), res.exception
    return res


def _run(target, program, *options):
    inputs = [DUMPS / f for f in INPUTS[program]]
    return _hloc("run", target, *options, *inputs, "--check", DUMPS / f"{program}.expected.npz",
                 "--rtol", "1e-5", "--atol", "1e-6")


def test_listing_has_the_module_files_only():
    names = [m.name for m in list_dump(str(FOLDER))]
    assert names == [
        "module_0000.jit_f.before_optimizations.txt", "module_0000.jit_f.before_optimizations.hlo.pb",
        "module_0000.jit_f/module.mlir", "module_0000.jit_f.cpu_after_optimizations.txt",
        "module_0000.jit_f.cpu_after_optimizations.hlo.pb",
        "module_0002.jit_g.before_optimizations.txt", "module_0002.jit_g.before_optimizations.hlo.pb",
        "module_0002.jit_g/module.mlir", "module_0002.jit_g.cpu_after_optimizations.txt",
        "module_0002.jit_g.cpu_after_optimizations.hlo.pb",
    ]


@pytest.mark.parametrize("command", ["opt", "run", "compile"])
def test_two_programs_without_module_lists_them(command):
    res = _hloc(command, FOLDER)
    assert res.exit_code == 2
    assert "holds 2 programs" in res.stderr and "--module NAME" in res.stderr
    assert "module_0002.jit_g.before_optimizations.txt" in res.stderr
    assert "buffer-assignment" not in res.stderr


@pytest.mark.parametrize("program, pattern, chosen", [
    ("jit_f", "jit_f", "module_0000.jit_f.before_optimizations.txt"),
    ("jit_g", "jit_g.cpu_after", "module_0002.jit_g.cpu_after_optimizations.txt"),
    ("jit_g", r"0002.*after.*\.txt$", "module_0002.jit_g.cpu_after_optimizations.txt"),
    ("jit_f", "jit_f/", "module_0000.jit_f/module.mlir"),
    ("jit_f", "jit_f.before_optimizations.hlo.pb", "module_0000.jit_f.before_optimizations.hlo.pb"),
    ("jit_g", "jit_g.cpu_after_optimizations.hlo.pb", "module_0002.jit_g.cpu_after_optimizations.hlo.pb"),
])
@pytest.mark.parametrize("backend", ["interp", "llvm"])
def test_module_picks_one_and_it_runs(program, pattern, chosen, backend):
    res = _run(FOLDER, program, "--module", pattern, "--backend", backend)
    assert res.exit_code == 0, res.stderr + res.stdout
    assert f"reading {FOLDER / chosen}" in res.stderr


def test_a_program_folder_alone_defaults_to_its_module():
    res = _run(FOLDER / "module_0002.jit_g", "jit_g", "--backend", "interp")
    assert res.exit_code == 0, res.stderr


def test_module_option_errors():
    res = _hloc("opt", FOLDER, "--module", "nothing-like-this")
    assert res.exit_code == 2 and "no module in" in res.stderr and "jit_f" in res.stderr
    res = _hloc("opt", DUMPS / "jit_f.in0.npy", "--module", "x")
    assert res.exit_code == 2 and "is not a folder" in res.stderr
    res = _hloc("opt", TESTDATA / "stablehlo")
    assert res.exit_code == 2 and "holds no HLO modules" in res.stderr


def test_opt_prints_the_chosen_module(tmp_path):
    res = _hloc("opt", FOLDER, "--module", "jit_g.before_optimizations.txt", "-o", tmp_path / "g.hlo")
    assert res.exit_code == 0, res.stderr
    assert "sort(" in (tmp_path / "g.hlo").read_text()
