"""`hloc run DUMP_DIR` on a program XLA partitions across devices (testdata/dumps/shard_map_all_to_all_2:
the module files of a jitted 2-device shard_map all_to_all, tests/devices_jax_shard_map.py): the run
takes the per-device module after spmd-partitioning (or after optimizations), equal to XLA:CPU's
outputs (testdata/devices/jax_shard_map_all_to_all_2.npz, the same program on the same inputs); the
before_optimizations module itself is an error naming the file to run instead."""

from __future__ import annotations

import shutil

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import TESTDATA

from hloc.ir.sharding import text_needs_partitioning
from hloc.parse.dumps import choose_module, per_device_module

DUMP = TESTDATA / "dumps" / "shard_map_all_to_all_2"
ORACLE = TESTDATA / "devices" / "jax_shard_map_all_to_all_2.npz"
BEFORE = "module_0006.jit_all_to_all.before_optimizations.txt"
PARTITIONED = "module_0006.jit_all_to_all.0001.spmd-partitioner.after_spmd-partitioning.before_control-dep-rewriter.txt"
OPTIMIZED = "module_0006.jit_all_to_all.cpu_after_optimizations.txt"


def hloc_run(*args):
    from hloc.cli import main

    return CliRunner().invoke(main, ["run", *map(str, args)])


@pytest.fixture
def oracle(tmp_path):
    with np.load(ORACLE) as z:
        np.savez(tmp_path / "in.npz", **{k: z[k] for k in z.files if k.startswith("arg")})
        np.savez(tmp_path / "want.npz", **{k: z[k] for k in z.files if k.startswith("out")})
    return tmp_path / "in.npz", tmp_path / "want.npz"


def test_the_dumps_stages_as_the_partitioner_sees_them():
    assert text_needs_partitioning((DUMP / BEFORE).read_text())
    assert not text_needs_partitioning((DUMP / PARTITIONED).read_text())
    assert not text_needs_partitioning((DUMP / OPTIMIZED).read_text())
    assert not any(text_needs_partitioning(p.read_text()) for p in (TESTDATA / "devices").glob("*.hlo"))


@pytest.mark.parametrize("backend", ["interp", "llvm"])
def test_a_dump_folder_runs_its_per_device_module(backend, oracle):
    inputs, want = oracle
    res = hloc_run(DUMP, inputs, "--per-device-inputs", "--backend", backend, "--check", want)
    assert res.exit_code == 0, (res.stdout, res.stderr)
    assert f"hloc: reading {DUMP / PARTITIONED} (the per-device module: {BEFORE} is for XLA's SPMD" in res.stderr
    assert "check: ok (1 output on 2 devices)" in res.stdout


def test_without_pass_dumps_the_optimized_module_runs(oracle, tmp_path):
    folder = tmp_path / "dump"
    folder.mkdir()
    for name in (BEFORE, OPTIMIZED):
        shutil.copy(DUMP / name, folder / name)
    assert choose_module(str(folder)).name == OPTIMIZED
    inputs, want = oracle
    res = hloc_run(folder, inputs, "--per-device-inputs", "--check", want)
    assert res.exit_code == 0, (res.stdout, res.stderr)
    assert "check: ok (1 output on 2 devices)" in res.stdout


def test_a_proto_only_dump_is_an_error_naming_the_text_dump(oracle, tmp_path):
    folder = tmp_path / "dump"
    folder.mkdir()
    for p in DUMP.glob("*.hlo.pb"):
        shutil.copy(p, folder / p.name)
    inputs, _ = oracle
    res = hloc_run(folder, inputs, "--per-device-inputs")
    assert res.exit_code == 1 and "Traceback" not in res.stderr
    assert "is for 2 devices (1 replicas x 2 partitions): hloc reads multi-device modules from HLO text" in res.stderr
    assert "--xla_dump_hlo_as_text" in res.stderr


def test_the_before_optimizations_module_names_the_file_to_run(oracle):
    inputs, _ = oracle
    for how in ([DUMP / BEFORE], [DUMP, "--module", "before_optimizations.txt"]):
        res = hloc_run(*how, inputs, "--per-device-inputs")
        assert res.exit_code == 1, (res.stdout, res.stderr)
        assert "Traceback" not in res.stderr
        assert f"{DUMP / BEFORE}:32:3: error: " in res.stderr
        assert f"run the per-device module XLA made of it, {DUMP / PARTITIONED}\n" in res.stderr


def test_per_device_module_is_only_for_modules_that_need_the_partitioner():
    assert per_device_module(str(DUMP / BEFORE)) == str(DUMP / PARTITIONED)
    assert per_device_module(str(DUMP / PARTITIONED)) is None
    assert per_device_module(str(TESTDATA / "devices" / "jax_shard_map_ring_2.hlo")) is None
    assert per_device_module(str(TESTDATA / "dumps" / "two_programs" / "module_0000.jit_f.before_optimizations.txt")) \
        is None


@pytest.mark.parametrize("devices", [2, 4])
def test_the_saved_shard_map_modules_are_the_jax_programs(devices):
    """The generator's --check: each jitted shard_map program, run by JAX on the oracle's inputs,
    gives the oracle's per-device outputs (so the saved per-device module is the program)."""
    import subprocess
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
    import devices_oracle

    python = devices_oracle.xla_python()
    if not Path(python).exists():
        pytest.skip(f"no Python with jax at {python} (set HLOC_XLA_PYTHON)")
    script = Path(__file__).resolve().parents[1] / "devices_jax_shard_map.py"
    r = subprocess.run([python, str(script), str(devices), "--check"], capture_output=True, text=True, timeout=900)
    assert r.returncode == 0, r.stdout + r.stderr[-2000:]
    programs = 5 if devices == 4 else 4
    assert r.stdout.count("same as the JAX program:") == programs


def test_a_one_device_program_keeps_its_before_optimizations_module(tmp_path):
    # Trivial shardings on one device partition nothing: the default stays before_optimizations.
    text = "HloModule jit_f\n\nENTRY e {\n  ROOT x = f32[4] parameter(0), sharding={devices=[1]0}\n}\n"
    (tmp_path / "module_0000.jit_f.before_optimizations.txt").write_text(text)
    (tmp_path / "module_0000.jit_f.cpu_after_optimizations.txt").write_text(text)
    assert choose_module(str(tmp_path)).name == "module_0000.jit_f.before_optimizations.txt"
    assert text_needs_partitioning(text.replace("jit_f", "jit_f, num_partitions=2"))
