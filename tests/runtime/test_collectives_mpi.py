"""Multi-device modules across processes, `mpiexec -n N hloc run M.hlo ...`: one device per MPI rank
(runtime/mpi.py), against XLA:CPU with N host devices (testdata/devices). Needs mpi4py and the
mpiexec of the MPI it loads (`pip install 'hloc[mpi]'`: mpi4py and MPICH's wheel); skipped without."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import numpy as np
import pytest
from conftest import TESTDATA, XLA_CORPUS

from hloc.parse import parse_module
from hloc.runtime.values import to_storable

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
import devices_oracle  # noqa: E402

DEVICES = TESTDATA / "devices"
HLOC = [sys.executable, "-c", "from hloc.cli import main; main()"]
# A lean slice for `make test` (2 and 4 ranks; MPI's own reductions, all-gather and reduce-scatter, the
# gathered path); the rest slow.
FAST = {"all_reduce_types", "jax_pmap_mlp_step_2", "jax_pmap_ring_4", "jax_shard_map_tp_matmul_2"}
CASES = sorted(p.stem for p in DEVICES.glob("*.hlo"))


def _mpiexec() -> str | None:
    """The launcher of the MPI mpi4py loads: the one beside this Python (MPICH's wheel), else PATH's."""
    beside = Path(sys.executable).parent / "mpiexec"
    return str(beside) if beside.exists() else shutil.which("mpiexec")


@pytest.fixture(scope="module")
def mpiexec():
    pytest.importorskip("mpi4py", reason="MPI runs need mpi4py (pip install 'hloc[mpi]')")
    exe = _mpiexec()
    if exe is None:
        pytest.skip("no mpiexec (pip install 'hloc[mpi]' brings MPICH's)")
    probe = subprocess.run([exe, "-n", "2", sys.executable, "-c",
                            "from mpi4py import MPI; w = MPI.COMM_WORLD; w.Get_rank() or print(w.Get_size())"],
                           capture_output=True, text=True, timeout=120)
    if probe.returncode != 0 or probe.stdout.split() != ["2"]:
        pytest.skip(f"{exe} does not launch ranks of the MPI mpi4py loads: {probe.stdout!r} {probe.stderr[-200:]!r}")
    return exe


def split(name: str, tmp_path: Path) -> tuple[Path, Path, int]:
    """The oracle file's inputs and XLA's outputs as two .npz files; the number of devices."""
    with np.load(DEVICES / f"{name}.npz") as z:
        data = {k: z[k] for k in z.files if not k.endswith(".dtype")}  # (narrow floats stay bit patterns)
    np.savez(tmp_path / "in.npz", **{k: v for k, v in data.items() if k.startswith("arg")})
    np.savez(tmp_path / "want.npz", **{k: v for k, v in data.items() if k.startswith("out")})
    return tmp_path / "in.npz", tmp_path / "want.npz", data["out0"].shape[0]


def mpi_run(mpiexec, n: int, *args, env=None):
    return subprocess.run([mpiexec, "-n", str(n), *HLOC, "run", *map(str, args)], capture_output=True, text=True,
                          timeout=600, env={**os.environ, **(env or {})})


@pytest.mark.parametrize("name", [pytest.param(n, marks=() if n in FAST else pytest.mark.slow) for n in CASES])
def test_mpi_ranks_equal_xla(mpiexec, name, tmp_path):
    inputs, want, n = split(name, tmp_path)
    r = mpi_run(mpiexec, n, DEVICES / f"{name}.hlo", inputs, "--per-device-inputs", "--check", want,
                "-o", tmp_path / "got.npz")
    assert r.returncode == 0, r.stdout + r.stderr
    assert f"on {n} devices" in r.stdout and "MPI ranks" in r.stdout
    assert "check: ok" in r.stdout and "FAIL" not in r.stdout
    assert r.stdout.count("check: ok") == 1  # rank 0 reports for all
    with np.load(tmp_path / "got.npz") as got, np.load(want) as w:
        assert sorted(got.files) == sorted(w.files)
        assert all(got[k].shape == w[k].shape for k in w.files)


def test_a_shard_map_dump_folder_runs_across_ranks(mpiexec, tmp_path):
    # The folder's per-device module (after spmd-partitioning) is jax_shard_map_all_to_all_2's.
    inputs, want, n = split("jax_shard_map_all_to_all_2", tmp_path)
    r = mpi_run(mpiexec, n, TESTDATA / "dumps" / "shard_map_all_to_all_2", inputs, "--per-device-inputs",
                "--check", want)
    assert r.returncode == 0, r.stdout + r.stderr
    assert "after_spmd-partitioning" in r.stderr and "MPI ranks" in r.stdout and "check: ok" in r.stdout


def test_bench_profile_and_json_across_ranks(mpiexec, tmp_path):
    import json

    inputs, want, n = split("jax_shard_map_dp_mlp_step_2", tmp_path)
    r = mpi_run(mpiexec, n, DEVICES / "jax_shard_map_dp_mlp_step_2.hlo", inputs, "--per-device-inputs", "--check",
                want, "--bench", 4, "--profile", "--json")
    assert r.returncode == 0, r.stdout + r.stderr
    (line,) = r.stdout.splitlines()  # rank 0's one JSON object
    doc = json.loads(line)
    assert doc["run_on"] == "mpi" and doc["ok"] and len(doc["check"]) == n * 3
    assert doc["bench_runs"] == 4 and len(doc["device_run_ms_median"]) == n
    assert max(doc["device_run_ms_min"]) <= doc["run_ms_min"]
    # A profile per rank, over the 4 timed runs (not the warm-up): each of the step's all-reduces once a run.
    reduces_in_module = (DEVICES / "jax_shard_map_dp_mlp_step_2.hlo").read_text().count(" all-reduce(")
    assert len(doc["profile_per_device"]) == n and doc["profile"] == doc["profile_per_device"][doc["profile_device"]]
    for rows in doc["profile_per_device"]:
        reduces = [row for row in rows if row["kind"] == "all-reduce"]
        assert len(reduces) == reduces_in_module and all(row["calls"] == 4 for row in reduces)
    trace = tmp_path / "trace.json"
    r = mpi_run(mpiexec, n, DEVICES / "jax_shard_map_dp_mlp_step_2.hlo", inputs, "--per-device-inputs", "--bench", 2,
                "--profile", "--trace", trace)
    assert r.returncode == 0, r.stdout + r.stderr
    assert r.stdout.count("bench: compile") == 1 and "a run: all 2 devices from a barrier" in r.stdout
    assert "profile of device " in r.stdout and "profile: 2 runs" in r.stdout
    events = json.loads(trace.read_text())["traceEvents"]
    names = {e["pid"]: e["args"]["name"] for e in events if e["name"] == "process_name"}
    assert sorted(names) == [1, 2] and names[2].endswith("device 1")
    assert [sum(e.get("cat") == "run" and e["pid"] == pid for e in events) for pid in (1, 2)] == [2, 2]
    assert all(sum(e.get("cat") == "all-reduce" and e["pid"] == pid for e in events) == reduces_in_module
               for pid in (1, 2))


def test_the_world_must_have_the_modules_device_count(mpiexec, tmp_path):
    inputs, _, _ = split("jax_pmap_ring_4", tmp_path)
    r = mpi_run(mpiexec, 2, DEVICES / "jax_pmap_ring_4.hlo", inputs, "--per-device-inputs")
    assert r.returncode != 0
    assert "2 MPI ranks for a module of 4 devices" in r.stderr and "Traceback" not in r.stderr


def test_the_interpreter_is_refused_under_mpi(mpiexec, tmp_path):
    inputs, _, _ = split("loop_psum", tmp_path)
    r = mpi_run(mpiexec, 2, DEVICES / "loop_psum.hlo", inputs, "--per-device-inputs", "--backend", "interp")
    assert r.returncode == 2 and "run it without mpirun" in r.stderr


CORPUS_RANKS = 32  # one Python process a rank (~150 MB each): the corpus goes up to 32


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(devices_oracle.corpus_expected()))
def test_corpus_modules_across_mpi_ranks(mpiexec, name, tmp_path):
    expected = devices_oracle.corpus_expected()[name]
    path = XLA_CORPUS / name
    if not path.exists():
        pytest.skip(f"no corpus at {XLA_CORPUS}")
    module = parse_module(path.read_text(), str(path))
    r, p = devices_oracle.module_replicas_partitions(module)
    if r * p > CORPUS_RANKS:
        pytest.skip(f"{r * p} ranks: over {CORPUS_RANKS} on one machine (the threaded run covers it)")
    args = devices_oracle.per_device_inputs(module, path.stem, r * p, 0)
    np.savez(tmp_path / "in.npz", **{f"arg{k}": to_storable(a) for k, a in enumerate(args)})
    res = mpi_run(mpiexec, r * p, path, tmp_path / "in.npz", "--per-device-inputs", "-o", tmp_path / "got.npz")
    assert res.returncode == 0, res.stdout + res.stderr
    with np.load(tmp_path / "got.npz") as got:
        for k, want in enumerate(expected):
            flat = got[f"out{k}"].reshape(r * p, -1)
            sample = flat[:, devices_oracle.sample_positions(flat.shape[1], f"{name}/out{k}")]
            np.testing.assert_allclose(sample.astype(np.float64), want.astype(np.float64), rtol=1e-5, atol=1e-5)


_WHICH_PATH = r"""
import json, sys
import ml_dtypes, numpy as np
from mpi4py import MPI
from hloc.runtime.collectives import Op
from hloc.runtime.mpi import MpiCommunicator

calls = []

class Recording:  # the world, noting which MPI calls a collective makes
    def __init__(self, comm):
        self.comm = comm
    def __getattr__(self, name):
        f = getattr(self.comm, name)
        def call(*a, **k):
            calls.append(name)
            out = f(*a, **k)
            return Recording(out) if name == "Split" else out
        return call

comm = MpiCommunicator(Recording(MPI.COMM_WORLD), 1, 1)
for etype, dtype in json.loads(sys.argv[1]):
    op = Op({"op": "all-reduce", "devices": [1, 1], "groups": [[0]], "reducer": "add",
             "operands": [[etype, [5], [0]]], "results": [[etype, [5], [0]]]})
    x = np.arange(5).astype(getattr(ml_dtypes, dtype, None) or np.dtype(dtype))
    out = np.zeros_like(x)
    calls.clear()
    comm.run(op, [x], [out])
    assert np.array_equal(out.astype(np.float64), x.astype(np.float64))
    print(etype, "Allreduce" in calls, "allgather" in calls)

# A column-major f32[2,3] (layout {0,1}): the logical views are not contiguous, the buffers are.
op = Op({"op": "all-reduce", "devices": [1, 1], "groups": [[0]], "reducer": "add",
         "operands": [["f32", [2, 3], [0, 1]]], "results": [["f32", [2, 3], [0, 1]]]})
phys_in, phys_out = np.arange(6, dtype=np.float32).reshape(3, 2), np.zeros((3, 2), np.float32)
calls.clear()
comm.run(op, [phys_in.T], [phys_out.T])
assert np.array_equal(phys_out, phys_in)
print("f32{0,1}", "Allreduce" in calls, "allgather" in calls)

# all-gather (any type: bytes) and an f32 reduce-scatter go to MPI's own collectives too.
for name, etype, dtype, call in (("all-gather", "bf16", ml_dtypes.bfloat16, "Allgather"),
                                 ("reduce-scatter", "f32", np.float32, "Reduce_scatter_block")):
    op = Op({"op": name, "devices": [1, 1], "groups": [[0]], "reducer": "add", "dimension": 1,
             "operands": [[etype, [2, 3], [1, 0]]], "results": [[etype, [2, 3], [1, 0]]]})
    x = np.arange(6).reshape(2, 3).astype(dtype)
    out = np.zeros_like(x)
    calls.clear()
    comm.run(op, [x], [out])
    assert np.array_equal(out.astype(np.float64), x.astype(np.float64))
    print(name, call in calls, "allgather" in calls)
"""


def test_mpi_reduces_the_types_it_has_itself(mpiexec):
    types = [["f32", "float32"], ["f64", "float64"], ["s32", "int32"], ["u64", "uint64"], ["bf16", "bfloat16"],
             ["f16", "float16"], ["s8", "int8"]]
    r = subprocess.run([mpiexec, "-n", "1", sys.executable, "-c", _WHICH_PATH, json.dumps(types)],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    native = {"f32", "f64", "s32", "u64"}
    assert r.stdout.split("\n")[:-1] == [f"{t} {t in native} {t not in native}" for t, _ in types] + [
        "f32{0,1} True False", "all-gather True False", "reduce-scatter True False"]


def test_a_launcher_of_another_mpi_is_named(mpiexec, tmp_path):
    # What Open MPI's mpirun starting ranks of an MPICH-built mpi4py looks like to each rank: the
    # launcher's variables say 2 ranks, MPI's world has 1.
    inputs, _, _ = split("loop_psum", tmp_path)
    r = mpi_run(mpiexec, 1, DEVICES / "loop_psum.hlo", inputs, "--per-device-inputs",
                env={"OMPI_COMM_WORLD_SIZE": "2"})
    assert r.returncode == 2 and "Traceback" not in r.stderr
    assert "an Open MPI launcher started this rank, but mpi4py runs on MPICH" in r.stderr


_FAILING_RANK = r"""
import sys
import numpy as np
from hloc.backend.llvm.runner_backend import LlvmBackend
from hloc.errors import RunError
from hloc.parse import parse_module
from hloc.runtime import collectives, mpi
from hloc.runtime.backends import BackendOptions

world = mpi.world()
collectives.install()
exe = LlvmBackend().prepare(parse_module(open(sys.argv[1]).read(), "loop_psum"), BackendOptions(threads=1))
comm = mpi.MpiCommunicator(world, 2, 1)


def device():
    if world.Get_rank() == 1:
        raise RunError("rank 1 gave up")
    return exe([np.ones(6, np.float32)])  # (rank 0 waits in the all-reduce rank 1 never reaches)


comm.call(device)
"""


def test_a_failing_rank_aborts_the_others(mpiexec):
    r = subprocess.run([mpiexec, "-n", "2", sys.executable, "-c", _FAILING_RANK, str(DEVICES / "loop_psum.hlo")],
                       capture_output=True, text=True, timeout=120)
    assert r.returncode != 0
    assert "hloc: rank 1 of 2: error: rank 1 gave up" in r.stderr and "aborting the other ranks" in r.stderr


_FALLBACKS = r"""
import sys
import numpy as np
sys.path.insert(0, sys.argv[1])
import devices_oracle
from hloc.parse import parse_module
from hloc.runtime import collectives, mpi
from hloc.runtime.backends import BackendOptions
from hloc.runtime.devices import DeviceRunner

world = mpi.world()
for path in sys.argv[2:]:
    collectives._OPS.clear()
    args, want = devices_oracle.load(path[:-4] + ".npz")
    module = parse_module(open(path).read(), path)
    r, p = devices_oracle.module_replicas_partitions(module)
    dr = DeviceRunner(module, "llvm", BackendOptions(threads=1), r, p, mpi_comm=world)
    outs = dr.run([[a[d] for a in args] for d in range(2)])
    if outs is not None:
        ok = all(np.allclose(np.asarray(o[k], np.float64), want[k][d].astype(np.float64), rtol=1e-6, atol=1e-6)
                 for d, o in enumerate(outs) for k in range(len(want)))
        print(path.rsplit("/", 1)[-1], ok, sorted({op.op for op in collectives._OPS.values()}))
"""


def test_common_collectives_over_mpi_do_not_enter_python(mpiexec):
    # all-reduce over the world, collective-permute (also asynchronous), replica-id: native MPI calls
    names = ["loop_psum", "jax_pmap_ring_2", "jax_pmap_mlp_step_2", "async_forms"]
    r = subprocess.run([mpiexec, "-n", "2", sys.executable, "-c", _FALLBACKS, str(Path(__file__).parents[1]),
                        *(str(DEVICES / f"{n}.hlo") for n in names)], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr
    assert r.stdout.splitlines() == [f"{n}.hlo True []" for n in names]
