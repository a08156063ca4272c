"""`hloc run` on several devices: --devices, --per-device-inputs, per-device outputs and --check,
against XLA:CPU's outputs with N host devices (testdata/devices, tests/devices_oracle.py)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import TESTDATA

from hloc.cli import main
from hloc.cli.run_devices import header_devices

DEVICES = TESTDATA / "devices"
CASES = ["ids_2x2", "jax_pmap_ring_4", "jax_pmap_tp_matmul_2"]  # 2x2, 1x4, 1x2 devices; f32/s32/u32 only


def run(*args):
    return CliRunner().invoke(main, ["run", *map(str, args)])


def split(name: str, tmp_path: Path) -> tuple[Path, Path, dict]:
    """The oracle file's inputs and XLA's outputs as two .npz files (both with a leading device axis)."""
    with np.load(DEVICES / f"{name}.npz") as z:
        data = {k: z[k] for k in z.files}
    args = {k: v for k, v in data.items() if k.startswith("arg")}
    outs = {k: v for k, v in data.items() if k.startswith("out")}
    np.savez(tmp_path / "in.npz", **args)
    np.savez(tmp_path / "want.npz", **outs)
    return tmp_path / "in.npz", tmp_path / "want.npz", outs


def ok(res):
    assert res.exit_code == 0, (res.stdout, res.stderr, res.exception)
    assert "Traceback" not in res.stderr
    return res.stdout


@pytest.mark.parametrize("backend", ["interp", "llvm"])
@pytest.mark.parametrize("name", CASES)
def test_per_device_npz_checked_against_xla(name, backend, tmp_path):
    inputs, want, outs = split(name, tmp_path)
    out = ok(run(DEVICES / f"{name}.hlo", inputs, "--per-device-inputs", "--backend", backend, "--check", want))
    devices = next(iter(outs.values())).shape[0]
    assert f"on {devices} devices" in out
    assert sum(line.startswith("device ") and ": ok (" in line for line in out.splitlines()) == devices * len(outs)
    assert f"check: ok ({len(outs)} outputs on {devices} devices)" in out


def test_per_device_file_sets_write_outputs_with_a_device_axis(tmp_path):
    inputs, _, outs = split("jax_pmap_tp_matmul_2", tmp_path)
    with np.load(inputs) as z:
        files = []
        for d in range(2):
            for k in ("arg0", "arg1"):
                files.append(tmp_path / f"d{d}_{k}.npy")
                np.save(files[-1], z[k][d])
    ok(run(DEVICES / "jax_pmap_tp_matmul_2.hlo", *files, "--per-device-inputs", "-o", tmp_path / "got.npz"))
    with np.load(tmp_path / "got.npz") as got:
        assert sorted(got.files) == sorted(outs)
        for k, want in outs.items():
            assert got[k].shape == want.shape
            np.testing.assert_allclose(got[k], want, rtol=1e-5, atol=1e-6)


def test_a_multi_device_header_runs_its_devices_without_a_flag(tmp_path):
    # Every device gets the same x: each step all-reduces (2x) and halves, so the output is x.
    x = np.linspace(-1, 1, 6, dtype=np.float32)
    np.save(tmp_path / "x.npy", x)
    ok(run(DEVICES / "loop_psum.hlo", tmp_path / "x.npy", "-o", tmp_path / "got.npz"))
    with np.load(tmp_path / "got.npz") as got:
        np.testing.assert_array_equal(got["out0"], np.stack([x, x]))


def test_a_one_device_module_runs_as_n_replicas(tmp_path):
    (tmp_path / "ids.hlo").write_text("HloModule ids\n\nENTRY e {\n  ROOT r = u32[] replica-id()\n}\n")
    ok(run(tmp_path / "ids.hlo", "--devices", 3, "-o", tmp_path / "got.npz"))
    with np.load(tmp_path / "got.npz") as got:
        np.testing.assert_array_equal(got["out0"], np.array([0, 1, 2], np.uint32))


def test_a_mismatch_on_one_device_fails_the_check(tmp_path):
    inputs, _, outs = split("jax_pmap_ring_4", tmp_path)
    outs["out0"] = outs["out0"].copy()
    outs["out0"][2] += 1
    np.savez(tmp_path / "bad.npz", **outs)
    res = run(DEVICES / "jax_pmap_ring_4.hlo", inputs, "--per-device-inputs", "--check", tmp_path / "bad.npz")
    assert res.exit_code == 1, res.stdout
    assert "device 2 out0: FAIL: 15 of 15 elements differ" in res.stdout and "device 1 out0: ok" in res.stdout
    assert "check: FAILED (1 of 8 device outputs differ)" in res.stdout


def one_error(res, code=1) -> str:
    assert res.exit_code == code, (res.exit_code, res.stdout, res.stderr, res.exception)
    assert "Traceback" not in res.stderr
    return res.stderr


def test_expected_outputs_need_a_device_axis(tmp_path):
    inputs, _, outs = split("jax_pmap_ring_4", tmp_path)
    np.savez(tmp_path / "one.npz", **{k: v[0] for k, v in outs.items()})
    err = one_error(run(DEVICES / "jax_pmap_ring_4.hlo", inputs, "--per-device-inputs", "--check",
                        tmp_path / "one.npz"))
    assert "leading axis of 4 devices" in err


def test_per_device_files_must_come_in_whole_sets(tmp_path):
    np.save(tmp_path / "a.npy", np.zeros((1, 3, 5), np.float32))
    files = [tmp_path / "a.npy"] * 3
    err = one_error(run(DEVICES / "jax_pmap_ring_4.hlo", *files, "--per-device-inputs"))
    assert "3 input files for 4 devices" in err


def test_a_device_axis_of_the_wrong_length_is_refused(tmp_path):
    np.savez(tmp_path / "in.npz", arg0=np.zeros((3, 1, 3, 5), np.float32))
    err = one_error(run(DEVICES / "jax_pmap_ring_4.hlo", tmp_path / "in.npz", "--per-device-inputs"))
    assert "leading axis of 4 devices" in err


def test_devices_must_match_the_header():
    err = one_error(run(DEVICES / "ids_2x2.hlo", "--devices", 2, "--random-inputs", 0), code=2)
    assert "the module is for 4 devices (2 replicas x 2 partitions)" in err


def test_outputs_never_replace_an_input(tmp_path):
    inputs, _, _ = split("jax_pmap_ring_4", tmp_path)
    before = inputs.read_bytes()
    err = one_error(run(DEVICES / "jax_pmap_ring_4.hlo", inputs, "--per-device-inputs", "-o", inputs), code=2)
    assert "refusing to overwrite" in err and inputs.read_bytes() == before


SHARDED = """HloModule sharded, num_partitions=2

ENTRY e {
  x = f32[4,8] parameter(0), sharding={replicated}
  c = f32[4,8] copy(x), sharding={devices=[1,2]0,1}
  ROOT n = f32[4,8] negate(c), sharding={devices=[1,2]0,1}
}
"""


# jax.jit with in_shardings (Shardy's mesh syntax): the parameter's global shape, split by the
# partitioner; no sharding custom call says so.
MESH_SHARDED = """HloModule jit_f, num_partitions=2

ENTRY %main.2 (x.1: f32[4,3]) -> f32[4,3] {
  %x.1 = f32[4,3]{1,0} parameter(0), sharding={mesh['d'=2], [{'d'}, {}]}, metadata={op_name="x"}
  ROOT %sin.1 = f32[4,3]{1,0} sine(%x.1), sharding={mesh['d'=2], [{'d'}, {}]}
}
"""


@pytest.mark.parametrize("backend", ["interp", "llvm"])
@pytest.mark.parametrize("text, line", [(SHARDED, 5), (MESH_SHARDED, 4)], ids=["devices", "mesh"])
def test_a_module_that_needs_spmd_partitioning_is_a_clear_error(backend, text, line, tmp_path):
    (tmp_path / "sharded.hlo").write_text(text)
    err = one_error(run(tmp_path / "sharded.hlo", "--random-inputs", 0, "--backend", backend,
                        "-o", tmp_path / "out.npz"))
    assert f"{tmp_path / 'sharded.hlo'}:{line}:3: error:" in err
    assert "SPMD partitioner" in err and "spmd-partitioning" in err
    assert not (tmp_path / "out.npz").exists()


def test_header_devices_reads_only_the_header(tmp_path):
    cases = {"a.hlo": "// c\nHloModule m, replica_count=2, num_partitions=3\n",
             "b.hlo": "HloModule m, entry_computation_layout={()->f32[]}\n\nENTRY e { num_partitions=4 }\n",
             "c.mlir": "module @m attributes {mhlo.num_partitions = 2 : i32} {}\n"}
    for name, text in cases.items():
        (tmp_path / name).write_text(text)
    assert [header_devices(str(tmp_path / n)) for n in cases] == [6, 1, 1]
    assert header_devices("-") == 1 and header_devices(str(tmp_path)) == 1


def _doc(res) -> dict:
    import json

    out = ok(res)
    assert len(out.splitlines()) == 1, out  # one JSON object and nothing else on stdout
    return json.loads(out)


def test_json_with_bench_and_check_on_devices(tmp_path):
    inputs, want, outs = split("jax_pmap_ring_4", tmp_path)
    doc = _doc(run(DEVICES / "jax_pmap_ring_4.hlo", inputs, "--per-device-inputs", "--check", want, "--bench", 5,
                   "--json"))
    assert (doc["devices"], doc["replicas"], doc["partitions"], doc["run_on"]) == (4, 1, 4, "threads")
    assert [o["shape"] for o in doc["outputs"]] == [list(v.shape) for _, v in sorted(outs.items())]
    assert doc["ok"] and len(doc["check"]) == 4 * len(outs) and all(r["pass"] for r in doc["check"])
    assert sorted({r["device"] for r in doc["check"]}) == [0, 1, 2, 3]
    assert doc["bench_runs"] == 5 and "slowest device" in doc["timing"]
    # A run's time is its slowest device's: no device's median or minimum is above the run's.
    assert len(doc["device_run_ms_median"]) == len(doc["device_run_ms_min"]) == 4
    assert max(doc["device_run_ms_median"]) <= doc["run_ms_median"]
    assert max(doc["device_run_ms_min"]) <= doc["run_ms_min"] <= doc["run_ms_median"]


def test_json_reports_a_failing_device(tmp_path):
    inputs, _, outs = split("jax_pmap_ring_4", tmp_path)
    outs["out0"] = outs["out0"].copy()
    outs["out0"][1] += 1
    np.savez(tmp_path / "bad.npz", **outs)
    res = run(DEVICES / "jax_pmap_ring_4.hlo", inputs, "--per-device-inputs", "--check", tmp_path / "bad.npz",
              "--json")
    assert res.exit_code == 1
    import json

    doc = json.loads(res.stdout)
    assert not doc["ok"]
    assert [(r["device"], r["output"]) for r in doc["check"] if not r["pass"]] == [(1, 0)]
    assert "device 1 out0: FAIL" in res.stderr


def test_bench_text_on_devices_names_what_it_times():
    out = ok(run(DEVICES / "jax_pmap_tp_matmul_2.hlo", "--random-inputs", 0, "--bench", 3))
    line = next(x for x in out.splitlines() if x.startswith("bench: compile"))
    assert "(3 runs, backend llvm" in line and "a run: all 2 devices from a barrier to the slowest's return" in line
    assert any(x.startswith("bench: per device, median / min ms: 0: ") and ", 1: " in x for x in out.splitlines())
    assert "device 0 out0" not in out  # (--bench alone prints no output summaries, as on one device)


def test_bench_on_the_interpreter_times_the_one_call():
    out = ok(run(DEVICES / "jax_pmap_tp_matmul_2.hlo", "--random-inputs", 0, "--bench", 2, "--backend", "interp"))
    assert "(2 runs, backend interp; the interpreter runs all devices in one call: a run is that call)" in out
    assert "per device" not in out


def test_profile_with_device_threads_points_to_mpi():
    err = one_error(run(DEVICES / "jax_pmap_tp_matmul_2.hlo", "--random-inputs", 0, "--profile"), code=2)
    assert "share one object's kernel counters" in err and "mpiexec -n 2" in err


def test_what_stays_single_device_is_a_usage_error():
    err = one_error(run(DEVICES / "jax_pmap_tp_matmul_2.hlo", "--random-inputs", 0, "--check-against", "xla"), code=2)
    assert "--check-against is not available with several devices yet" in err


def test_trace_needs_profile_with_devices_too(tmp_path):
    err = one_error(run(DEVICES / "jax_pmap_tp_matmul_2.hlo", "--random-inputs", 0, "--trace", tmp_path / "t.json"),
                    code=2)
    assert "--trace writes the kernel profile: add --profile" in err and not (tmp_path / "t.json").exists()
