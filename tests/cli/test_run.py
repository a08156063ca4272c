"""`hloc run` through click's CliRunner: every option, every bad-input case, atomic outputs."""

import json
import os
import pickle
import sys
from pathlib import Path

import ml_dtypes
import numpy as np
import pytest
from click.testing import CliRunner

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "runtime"))
from runtime_testing import ADD, BF16_IDENTITY, IDENTITY, MIXED, TUPLES, interp_standins  # noqa: E402,F401

from hloc.cli import main  # noqa: E402
from hloc.runtime import backends, register_backend  # noqa: E402

pytestmark = pytest.mark.usefixtures("interp_standins")

X = np.arange(6, dtype=np.float32).reshape(2, 3)
Y = np.full((2, 3), 0.5, np.float32)


def run(*args, input=None):
    return CliRunner().invoke(main, ["run", *map(str, args)], input=input)


@pytest.fixture
def add_case(tmp_path):
    """add.hlo, x.npy, y.npy and the expected sum in tmp_path; returns the directory."""
    (tmp_path / "add.hlo").write_text(ADD)
    np.save(tmp_path / "x.npy", X)
    np.save(tmp_path / "y.npy", Y)
    np.savez(tmp_path / "expected.npz", out0=X + Y)
    return tmp_path


def _args(d):
    return [d / "add.hlo", d / "x.npy", d / "y.npy"]


def _one_error_line(res, code=1):
    assert res.exit_code == code, (res.exit_code, res.stdout, res.stderr, res.exception)
    assert "Traceback" not in res.stderr and res.stdout == ""
    lines = res.stderr.strip().splitlines()
    assert len(lines) == 1, res.stderr
    return lines[0]


# -- basic runs and outputs

def test_default_prints_summaries(add_case):
    res = run(*_args(add_case))
    assert res.exit_code == 0, res.stderr
    assert res.stdout == "out0: f32[2,3] min=0.5 max=5.5 mean=3 [0.5, 1.5, 2.5, 3.5, 4.5, 5.5]\n"
    assert res.stderr == ""


def test_output_npz(add_case):
    res = run(*_args(add_case), "-o", add_case / "out.npz")
    assert res.exit_code == 0 and res.stdout == ""
    with np.load(add_case / "out.npz") as z:
        assert z.files == ["out0"] and np.array_equal(z["out0"], X + Y) and z["out0"].dtype == np.float32


def test_output_npy_for_one_output(add_case, tmp_path):
    res = run(*_args(add_case), "-o", add_case / "out.npy")
    assert res.exit_code == 0 and res.stdout == ""
    got = np.load(add_case / "out.npy")  # an array, not an archive
    assert isinstance(got, np.ndarray) and np.array_equal(got, X + Y) and got.dtype == np.float32
    res = run(*_args(add_case), "--check", add_case / "out.npy")  # and it reads back as expected outputs
    assert res.exit_code == 0, res.stderr
    # several outputs: refused before the run, nothing written
    (tmp_path / "t.hlo").write_text(TUPLES)
    ins = [np.array([1.5, -2], np.float32), np.array([7, -8, 9], np.int32), np.array(0.25, np.float32),
           np.array([10, 20], np.float32)]
    for k, a in enumerate(ins):
        np.save(tmp_path / f"in{k}.npy", a)
    res = run(tmp_path / "t.hlo", *[tmp_path / f"in{k}.npy" for k in range(4)], "-o", tmp_path / "o.npy")
    assert res.exit_code == 2 and "an .npy file holds one array and the module has 4 outputs" in res.stderr
    assert not (tmp_path / "o.npy").exists()


@pytest.mark.parametrize("spelling", ["-o {}", "-o={}", "-o{}", "--output={}"])
def test_output_option_spellings(add_case, spelling):
    # `-o FILE` is matched as a long option (hloc.cli.common.HlocCommand, a start-up saving); the
    # other spellings take click's usual paths. `-o=FILE` names FILE, not `=FILE`.
    out = add_case / "spelled.npz"
    res = run(*_args(add_case), *spelling.format(out).split(" "))
    assert res.exit_code == 0, res.stderr
    with np.load(out) as z:
        assert np.array_equal(z["out0"], X + Y)


def test_output_directory(tmp_path):
    (tmp_path / "t.hlo").write_text(TUPLES)
    ins = [np.array([1.5, -2], np.float32), np.array([7, -8, 9], np.int32), np.array(0.25, np.float32),
           np.array([10, 20], np.float32)]
    paths = []
    for k, a in enumerate(ins):
        np.save(tmp_path / f"in{k}.npy", a)
        paths.append(tmp_path / f"in{k}.npy")
    res = run(tmp_path / "t.hlo", *paths, "-o", str(tmp_path / "outs") + "/")
    assert res.exit_code == 0, res.stderr
    outs = sorted(os.listdir(tmp_path / "outs"))
    assert outs == ["out0.npy", "out1.npy", "out2.npy", "out3.npy"]
    got = [np.load(tmp_path / "outs" / f"out{i}.npy") for i in range(4)]
    assert [g.tolist() for g in got] == [[11.5, 18], 0.25, [7, -8, 9], [10, 20]]
    assert got[1].shape == () and got[2].dtype == np.int32
    # An existing directory works without the trailing slash.
    res = run(tmp_path / "t.hlo", *paths, "-o", tmp_path / "outs", "--check", tmp_path / "outs")
    assert res.exit_code == 2 and "holds the --check files" in res.stderr


def test_tuple_inputs_flattened_and_named_npz(tmp_path):
    (tmp_path / "t.hlo").write_text(TUPLES)
    np.savez(tmp_path / "in.npz", **{"p0#0": np.array([1, 2], np.float32), "p0#1#0": np.array([3, 4, 5], np.int32),
                                     "p0#1#1": np.array(6, np.float32), "p1": np.array([7, 8], np.float32)})
    res = run(tmp_path / "t.hlo", tmp_path / "in.npz", "--json")
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    assert [o["dtype"] for o in doc["outputs"]] == ["f32", "f32", "s32", "f32"]
    assert [o["shape"] for o in doc["outputs"]] == [[2], [], [3], [2]]
    assert [i["name"] for i in doc["inputs"]] == ["p0#0", "p0#1#0", "p0#1#1", "p1"]


# -- bf16 / f8 / s4 conventions

@pytest.mark.parametrize("form", ["ml_dtypes_npz", "bits", "void"])
def test_bf16_inputs_in_every_form_and_bits_out(tmp_path, form):
    (tmp_path / "b.hlo").write_text(BF16_IDENTITY)
    values = np.array([1.0, -2.5, np.inf, 3.0e38], ml_dtypes.bfloat16)
    if form == "ml_dtypes_npz":
        np.savez(tmp_path / "in.npz", arg0=values)  # stored as |V2 inside the archive
        inp = tmp_path / "in.npz"
    elif form == "bits":
        np.save(tmp_path / "in.npy", values.view(np.uint16))
        inp = tmp_path / "in.npy"
    else:
        np.save(tmp_path / "in.npy", values)  # np.save of bf16 writes |V2
        assert np.load(tmp_path / "in.npy").dtype == np.dtype("V2")
        inp = tmp_path / "in.npy"
    res = run(tmp_path / "b.hlo", inp, "-o", tmp_path / "out.npz")
    assert res.exit_code == 0, res.stderr
    out = np.load(tmp_path / "out.npz")["out0"]
    assert out.dtype == np.uint16 and np.array_equal(out, values.view(np.uint16))


def test_mixed_small_types_written_as_plain_numpy(tmp_path):
    (tmp_path / "m.hlo").write_text(MIXED)
    ins = [np.array([1.5, -2, np.nan], ml_dtypes.bfloat16).view(np.uint16),
           np.array([1, 0.5, -448], ml_dtypes.float8_e4m3fn).view(np.uint8),
           np.array([-8, 7, 1], np.int8), np.array([2**64 - 1, 2**63], np.uint64), np.array([True, False])]
    paths = []
    for k, a in enumerate(ins):
        np.save(tmp_path / f"in{k}.npy", a)
        paths.append(tmp_path / f"in{k}.npy")
    res = run(tmp_path / "m.hlo", *paths, "-o", tmp_path / "out.npz", "--check", tmp_path / "expected.npz")
    assert res.exit_code == 1 and "cannot read" in res.stderr  # no expected file yet: checked before running
    assert not (tmp_path / "out.npz").exists()
    res = run(tmp_path / "m.hlo", *paths, "-o", tmp_path / "out.npz")
    assert res.exit_code == 0, res.stderr
    with np.load(tmp_path / "out.npz") as z:
        got = [z[f"out{i}"] for i in range(5)]
    assert [g.dtype for g in got] == [np.uint16, np.uint8, np.int8, np.uint64, np.bool_]
    for a, g in zip(ins, got):
        assert np.array_equal(a, g)
    # The written file is a valid --check reference for the same run (bit-pattern expected values).
    res = run(tmp_path / "m.hlo", *paths, "--check", tmp_path / "out.npz")
    assert res.exit_code == 0, res.stdout + res.stderr
    assert res.stdout.splitlines()[-1] == "check: ok (5 outputs)"


# -- --check

def test_check_pass(add_case):
    res = run(*_args(add_case), "--check", add_case / "expected.npz")
    assert res.exit_code == 0
    assert res.stdout == "out0: ok (max abs err 0, max rel err 0)\ncheck: ok (1 output)\n"


def test_check_fail_prints_worst_element(add_case):
    exp = X + Y
    exp[1, 2] += 0.25
    exp[0, 1] += 0.125
    np.savez(add_case / "bad.npz", out0=exp)
    res = run(*_args(add_case), "--check", add_case / "bad.npz", "--rtol", "0", "--atol", "0.01")
    assert res.exit_code == 1
    lines = res.stdout.splitlines()
    assert lines[0].startswith("out0: FAIL: 2 of 6 elements differ (max abs err 0.25, max rel err 0.07692308)")
    assert "worst at [1, 2]: got 5.5, expected 5.75 (rtol 0, atol 0.01)" in lines[0]
    assert lines[1] == "check: FAILED (1 of 1 outputs differ)"


def test_check_tolerances(add_case):
    exp = (X + Y) * np.float32(1.01)  # off by 1e-2 relative: beyond f32's default rtol 1e-3, atol 1e-4
    np.savez(add_case / "near.npz", out0=exp)
    res = run(*_args(add_case), "--check", add_case / "near.npz")
    assert res.exit_code == 1 and "(rtol 0.001, atol 0.0001)" in res.stdout
    assert run(*_args(add_case), "--check", add_case / "near.npz", "--rtol", "2e-2").exit_code == 0
    assert run(*_args(add_case), "--check", add_case / "near.npz", "--atol", "0.1").exit_code == 0
    exp = (X + Y) * np.float32(1.0005)  # within the default
    np.savez(add_case / "nearer.npz", out0=exp)
    assert run(*_args(add_case), "--check", add_case / "nearer.npz").exit_code == 0
    assert run(*_args(add_case), "--check", add_case / "nearer.npz", "--rtol", "1e-5", "--atol", "0").exit_code == 1


def test_check_output_count_mismatch(add_case):
    np.savez(add_case / "two.npz", out0=X + Y, out1=X)
    res = run(*_args(add_case), "--check", add_case / "two.npz")
    assert res.exit_code == 1
    assert "out1: FAIL: '" in res.stdout and "has out1 but the module has only 1 output" in res.stdout


def test_check_against_directory(add_case):
    (add_case / "expdir").mkdir()
    np.save(add_case / "expdir" / "out0.npy", X + Y)
    assert run(*_args(add_case), "--check", add_case / "expdir").exit_code == 0


def test_nan_inputs_are_fine(add_case):
    np.save(add_case / "nan.npy", np.full((2, 3), np.nan, np.float32))
    np.savez(add_case / "nanexp.npz", out0=np.full((2, 3), np.nan, np.float32))
    res = run(add_case / "add.hlo", add_case / "nan.npy", add_case / "y.npy", "--check", add_case / "nanexp.npz")
    assert res.exit_code == 0, res.stdout
    res = run(add_case / "add.hlo", add_case / "nan.npy", add_case / "y.npy", "--print")
    assert res.exit_code == 0 and "nan=6" in res.stdout


# -- --print, --bench, --json, --threads, --backend, --random-inputs

def test_print_with_output_file(add_case):
    res = run(*_args(add_case), "-o", add_case / "o.npz", "--print")
    assert res.exit_code == 0 and res.stdout.startswith("out0: f32[2,3] min=0.5 max=5.5")


def test_print_formats():
    from hloc.runtime.summary import summary_line

    assert summary_line("out0", np.array([True, False, True])) == "out0: pred[3] true=2/3 [true, false, true]"
    assert summary_line("out1", np.arange(10, dtype=np.int64)).startswith(
        "out1: s64[10] min=0 max=9 mean=4.5 [0, 1, 2, 3, 4, 5, ...]")
    assert summary_line("out2", np.zeros((0, 2), np.float32)) == "out2: f32[0,2] (empty)"
    assert summary_line("out3", np.array([1 + 2j], np.complex64)).startswith("out3: c64[1] |min|=2.23607")
    assert summary_line("out4", np.array([1.5], ml_dtypes.bfloat16)) == "out4: bf16[1] min=1.5 max=1.5 mean=1.5 [1.5]"


def test_bench_text(add_case):
    res = run(*_args(add_case), "--bench", "3")
    assert res.exit_code == 0
    line = res.stdout.strip()
    assert line.startswith("bench: compile ") and "(3 runs, backend llvm, cache " in line  # the default backend
    assert " run median " in line and ", min " in line


def test_json_document(add_case):
    res = run(*_args(add_case), "--json", "--bench", "2", "--check", add_case / "expected.npz", "--print")
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)  # one object and nothing else
    assert res.stdout.count("\n") == 1
    assert doc["backend"] == "llvm" and doc["ok"] is True  # the default backend
    assert doc["outputs"][0]["dtype"] == "f32" and doc["outputs"][0]["shape"] == [2, 3]
    assert doc["outputs"][0]["min"] == 0.5 and doc["outputs"][0]["first"][:2] == [0.5, 1.5]
    assert doc["check"] == [{"output": 0, "pass": True, "max_abs_err": 0.0, "max_rel_err": 0.0, "mismatches": 0,
                             "size": 6}]
    for key in ("compile_ms", "run_ms", "run_ms_median", "run_ms_min", "parse_ms"):
        assert isinstance(doc[key], float) and doc[key] >= 0
    assert doc["bench_runs"] == 2


def test_json_without_check_or_bench(add_case):
    doc = json.loads(run(*_args(add_case), "--json").stdout)
    assert doc["check"] is None and "run_ms_median" not in doc and doc["outputs"] == [{"dtype": "f32", "shape": [2, 3]}]


def test_json_mismatch(add_case):
    np.savez(add_case / "bad.npz", out0=np.full((2, 3), np.nan, np.float32))
    res = run(*_args(add_case), "--json", "--check", add_case / "bad.npz")
    assert res.exit_code == 1
    doc = json.loads(res.stdout)
    c = doc["check"][0]
    assert doc["ok"] is False and c["pass"] is False and c["max_abs_err"] == "inf" and c["mismatches"] == 6
    assert c["worst"]["index"] == [0, 0] and c["worst"]["expected"] == "nan"
    assert res.stderr.startswith("out0: FAIL: 6 of 6 elements differ")


def test_threads_passed_to_backend(add_case):
    seen = []

    class Probe:
        name = "probe"
        token = None

        def prepare(self, module, options):
            seen.append(options.threads)
            return lambda args: args[0] + args[1]

    register_backend("probe", Probe)
    try:
        res = run(*_args(add_case), "--backend", "probe", "--threads", "2", "--json")
    finally:
        backends.unregister_backend("probe")
    assert res.exit_code == 0 and seen == [2] and json.loads(res.stdout)["backend"] == "probe"


def test_backend_choice(add_case):
    assert run(*_args(add_case), "--backend", "interp").exit_code == 0
    res = run(*_args(add_case), "--backend", "interpp")
    assert res.exit_code == 2 and "unknown backend 'interpp'; did you mean 'interp'?" in res.stderr
    if "llvm" not in backends.available_backends():
        res = run(*_args(add_case), "--backend", "llvm")
        assert res.exit_code == 2 and "the 'llvm' backend is not available" in res.stderr


def test_random_inputs(add_case):
    a = run(add_case / "add.hlo", "--random-inputs", "5", "-o", add_case / "a.npz")
    b = run(add_case / "add.hlo", "--random-inputs", "5", "-o", add_case / "b.npz")
    c = run(add_case / "add.hlo", "--random-inputs", "6", "-o", add_case / "c.npz")
    assert a.exit_code == b.exit_code == c.exit_code == 0
    ra, rb, rc = (np.load(add_case / f"{n}.npz")["out0"] for n in "abc")
    assert np.array_equal(ra, rb) and not np.array_equal(ra, rc)
    rng = np.random.default_rng(5)  # the documented stream: N(0,1) as f32, leaf after leaf
    x = rng.standard_normal((2, 3), dtype=np.float32)
    y = rng.standard_normal((2, 3), dtype=np.float32)
    assert np.array_equal(ra, x + y)


def test_random_inputs_and_files_conflict(add_case):
    res = run(*_args(add_case), "--random-inputs", "0")
    assert _one_error_line(res, 2) == "hloc: error: give input files or --random-inputs, not both"


def test_option_validation(add_case):
    assert run(*_args(add_case), "--bench", "0").exit_code == 2
    assert run(*_args(add_case), "--threads", "0").exit_code == 2
    assert run(*_args(add_case), "--rtol", "-1").exit_code == 2
    assert run(add_case / "add.hlo", "--random-inputs", "-3").exit_code == 2


def test_module_from_stdin(add_case):
    res = run("-", add_case / "x.npy", add_case / "y.npy", input=ADD)
    assert res.exit_code == 0 and res.stdout.startswith("out0: f32[2,3]")


# -- bad input: one clear line, exit 1, no traceback

def test_wrong_number_of_inputs(add_case):
    line = _one_error_line(run(add_case / "add.hlo", add_case / "x.npy"))
    assert line.endswith("add.hlo takes 2 inputs (parameter 0 'x' f32[2,3], parameter 1 'y' f32[2,3]), got 1")


def test_wrong_dtype(add_case):
    np.save(add_case / "b.npy", Y.astype(np.float64))
    line = _one_error_line(run(add_case / "add.hlo", add_case / "x.npy", add_case / "b.npy"))
    assert line == f"error: parameter 1 'y' expects f32[2,3], got float64[2,3] from {add_case / 'b.npy'}"


def test_wrong_shape(add_case):
    np.save(add_case / "b.npy", np.zeros((3, 2), np.float32))
    line = _one_error_line(run(add_case / "add.hlo", add_case / "x.npy", add_case / "b.npy"))
    assert line.endswith("parameter 1 'y' expects f32[2,3], got float32[3,2] from " + str(add_case / "b.npy"))


def test_truncated_npy(add_case):
    data = (add_case / "y.npy").read_bytes()
    (add_case / "t.npy").write_bytes(data[: len(data) - 5])
    line = _one_error_line(run(add_case / "add.hlo", add_case / "x.npy", add_case / "t.npy"))
    assert "t.npy' is not a valid .npy file" in line


def test_pickle_and_object_arrays_refused(add_case):
    (add_case / "p.npy").write_bytes(pickle.dumps(X))
    line = _one_error_line(run(add_case / "add.hlo", add_case / "x.npy", add_case / "p.npy"))
    assert "holds pickled Python objects" in line
    np.save(add_case / "o.npy", np.array([X, "s"], dtype=object), allow_pickle=True)
    line = _one_error_line(run(add_case / "add.hlo", add_case / "x.npy", add_case / "o.npy"))
    assert "holds pickled Python objects" in line


def test_missing_and_unreadable_files(add_case):
    line = _one_error_line(run(add_case / "add.hlo", add_case / "x.npy", add_case / "nope.npy"))
    assert line == f"error: cannot read '{add_case / 'nope.npy'}': No such file or directory"
    line = _one_error_line(run(add_case / "missing.hlo", add_case / "x.npy", add_case / "y.npy"))
    assert "cannot read" in line and "missing.hlo" in line
    (add_case / "text.npy").write_text("not numpy\n")
    line = _one_error_line(run(add_case / "add.hlo", add_case / "x.npy", add_case / "text.npy"))
    assert "is not an .npy or .npz file" in line
    line = _one_error_line(run(*_args(add_case), "--check", add_case / "nope.npz"))
    assert "cannot read" in line and "nope.npz" in line


def test_bad_module_reports_location(add_case):
    (add_case / "bad.hlo").write_text("HloModule m\nENTRY e {\n  ROOT p = f32[2 parameter(0)\n}\n")
    res = run(add_case / "bad.hlo", add_case / "x.npy")
    assert res.exit_code == 1 and "Traceback" not in res.stderr
    assert res.stderr.startswith(f"{add_case / 'bad.hlo'}:3:")


def test_run_error_from_the_interpreter_is_clean(tmp_path):
    (tmp_path / "cc.hlo").write_text(
        "HloModule m\nENTRY e {\n  p = f32[2] parameter(0)\n"
        "  ROOT c = f32[2] custom-call(p), custom_call_target=\"hloc_no_such_target\"\n}\n")
    np.save(tmp_path / "p.npy", np.zeros(2, np.float32))
    res = run(tmp_path / "cc.hlo", tmp_path / "p.npy", "-o", tmp_path / "out.npz")
    assert res.exit_code == 1 and "Traceback" not in res.stderr and "error:" in res.stderr
    assert not (tmp_path / "out.npz").exists()


# -- atomic outputs, never over an input

def _listing(d):
    return sorted(os.listdir(d))


def test_failed_run_leaves_existing_output_untouched(add_case):
    (add_case / "out.npz").write_bytes(b"previous")
    before = _listing(add_case)
    np.save(add_case / "b.npy", np.zeros((2, 3), np.float64))
    res = run(add_case / "add.hlo", add_case / "x.npy", add_case / "b.npy", "-o", add_case / "out.npz")
    assert res.exit_code == 1
    assert (add_case / "out.npz").read_bytes() == b"previous"
    assert _listing(add_case) == sorted(before + ["b.npy"])  # no temporary files left


def test_failed_write_leaves_no_partial_file(add_case):
    res = run(*_args(add_case), "-o", add_case / "no_such_dir" / "out.npz")
    assert res.exit_code == 1 and "cannot write" in res.stderr and "Traceback" not in res.stderr
    assert not (add_case / "no_such_dir").exists()


def test_output_replaces_previous_file_whole(add_case):
    (add_case / "out.npz").write_bytes(b"previous")
    assert run(*_args(add_case), "-o", add_case / "out.npz").exit_code == 0
    assert np.array_equal(np.load(add_case / "out.npz")["out0"], X + Y)
    assert not [f for f in _listing(add_case) if f.startswith(".hloc-")]


def test_refuses_to_overwrite_inputs(add_case):
    for victim in ("x.npy", "add.hlo", "expected.npz"):
        before = (add_case / victim).read_bytes()
        res = run(*_args(add_case), "--check", add_case / "expected.npz", "-o", add_case / victim)
        assert _one_error_line(res, 2) == (f"hloc: error: refusing to overwrite input file "
                                           f"'{add_case / victim}' with the outputs (-o {add_case / victim})")
        assert (add_case / victim).read_bytes() == before
    # Also through another spelling of the same path, and into a directory holding the input as out0.npy.
    other = os.path.join(str(add_case), ".", "x.npy")
    assert run(*_args(add_case), "-o", other).exit_code == 2
    (add_case / "d").mkdir()
    np.save(add_case / "d" / "out0.npy", X)
    res = run(add_case / "add.hlo", add_case / "d" / "out0.npy", add_case / "y.npy", "-o", add_case / "d")
    assert res.exit_code == 2 and "refusing to overwrite input file" in res.stderr
    assert np.array_equal(np.load(add_case / "d" / "out0.npy"), X)


def test_json_refuses_stdout_output(add_case):
    assert run(*_args(add_case), "--json", "-o", "-").exit_code == 2


def test_help_lists_options():
    res = run("--help")
    assert res.exit_code == 0
    for opt in ("--output", "--backend", "--random-inputs", "--check", "--rtol", "--atol", "--print", "--bench",
                "--json", "--threads"):
        assert opt in res.stdout


def test_identity_needs_no_handlers(tmp_path):
    (tmp_path / "i.hlo").write_text(IDENTITY)
    np.save(tmp_path / "x.npy", X)
    res = run(tmp_path / "i.hlo", tmp_path / "x.npy", "--backend", "interp", "--json")
    assert res.exit_code == 0 and json.loads(res.stdout)["outputs"] == [{"dtype": "f32", "shape": [2, 3]}]
