"""Runner: binding files to parameters (.npy in order, .npz by argK or by name), running, results."""

import ml_dtypes
import numpy as np
import pytest
from runtime_testing import ADD, IDENTITY, MIXED, TUPLES, interp_standins  # noqa: F401

from hloc.errors import RunError
from hloc.parse import parse_module
from hloc.runtime import Runner, run_module

pytestmark = pytest.mark.usefixtures("interp_standins")


def _save(tmp_path, name, a):
    p = tmp_path / name
    np.save(p, a)
    return str(p)


def test_npy_inputs_in_parameter_order(tmp_path):
    r = Runner(parse_module(ADD), "interp", name="add.hlo")
    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    y = np.full((2, 3), 0.5, np.float32)
    leaves = r.load_inputs([_save(tmp_path, "x.npy", x), _save(tmp_path, "y.npy", y)])
    out = r.run(leaves)
    assert len(out) == 1 and np.array_equal(out[0], x + y)


def test_npz_by_position_and_by_name(tmp_path):
    r = Runner(parse_module(TUPLES), "interp")
    a = np.array([1.5, -2], np.float32)
    i = np.array([7, -8, 9], np.int32)
    s = np.array(0.25, np.float32)
    b = np.array([10, 20], np.float32)
    np.savez(tmp_path / "pos.npz", arg0=a, arg1=i, arg2=s, arg3=b)
    np.savez(tmp_path / "named.npz", **{"p1": b, "p0#1#1": s, "p0#0": a, "p0#1#0": i})
    for f in ("pos.npz", "named.npz"):
        out = r.run(r.load_inputs([str(tmp_path / f)]))
        assert [o.tolist() for o in out] == [(a + b).tolist(), 0.25, [7, -8, 9], [10, 20]]


def test_npz_errors(tmp_path):
    r = Runner(parse_module(ADD), "interp", name="add.hlo")
    x = np.zeros((2, 3), np.float32)
    np.savez(tmp_path / "extra.npz", arg0=x, arg1=x, arg2=x)
    msg = r"has an array 'arg2' that matches no parameter \(keys are arg0..argN: arg0, arg1\)"
    with pytest.raises(RunError, match=msg):
        r.load_inputs([str(tmp_path / "extra.npz")])
    np.savez(tmp_path / "missing.npz", x=x)
    with pytest.raises(RunError, match=r"has no array for parameter 1 'y' f32\[2,3\] \(key 'y'\)"):
        r.load_inputs([str(tmp_path / "missing.npz")])
    np.savez(tmp_path / "wrong.npz", x=x, y=x.astype(np.float64))
    with pytest.raises(RunError, match=r"parameter 1 'y' expects f32\[2,3\], got float64\[2,3\] from .*wrong.npz:y"):
        r.load_inputs([str(tmp_path / "wrong.npz")])


def test_wrong_number_of_inputs_lists_the_parameters(tmp_path):
    r = Runner(parse_module(ADD), "interp", name="add.hlo")
    p = _save(tmp_path, "x.npy", np.zeros((2, 3), np.float32))
    with pytest.raises(RunError) as e:
        r.load_inputs([p, p, p])
    assert e.value.message == "add.hlo takes 2 inputs (parameter 0 'x' f32[2,3], parameter 1 'y' f32[2,3]), got 3"
    with pytest.raises(RunError, match="got 0; give .npy files in parameter order, one .npz, or --random-inputs"):
        r.load_inputs([])


def test_npz_where_npy_files_are_expected(tmp_path):
    r = Runner(parse_module(ADD), "interp")
    np.savez(tmp_path / "a.npz", arg0=np.zeros((2, 3), np.float32))
    p = _save(tmp_path, "x.npy", np.zeros((2, 3), np.float32))
    with pytest.raises(RunError, match="is an .npz archive"):
        r.load_inputs([str(tmp_path / "a.npz"), p])


def test_module_without_parameters(tmp_path):
    m = parse_module("HloModule c\nENTRY e {\n  ROOT c = s32[2] constant({1, 2})\n}\n")
    r = Runner(m, "interp")
    assert r.inputs == [] and r.load_inputs([]) == []
    with pytest.raises(RunError, match="takes 0 inputs, got 1"):
        r.load_inputs([_save(tmp_path, "x.npy", np.zeros(1))])


def test_every_dtype_round_trips_through_an_identity_tuple(tmp_path):
    r = Runner(parse_module(MIXED), "interp")
    arrays = [np.array([1.5, -2, np.nan], ml_dtypes.bfloat16), np.array([1, 0.5, -448], ml_dtypes.float8_e4m3fn),
              np.array([-8, 7, 1], ml_dtypes.int4), np.array([2**64 - 1, 2**63], np.uint64), np.array([True, False])]
    out = r.run(arrays)
    for a, o in zip(arrays, out):
        assert o.dtype == a.dtype and o.tobytes() == a.tobytes()


def test_random_inputs_match_shapes():
    r = Runner(parse_module(TUPLES), "interp")
    leaves = r.random_inputs(0)
    assert [l.shape for l in leaves] == [(2,), (3,), (), (2,)]
    assert len(r.run(leaves)) == 4


def test_run_module_api():
    x = np.ones((2, 3), np.float32)
    assert np.array_equal(run_module(parse_module(IDENTITY), [x])[0], x)
    with pytest.raises(RunError, match=r"expects f32\[2,3\], got float64"):
        run_module(parse_module(IDENTITY), [np.ones((2, 3))])
    with pytest.raises(RunError, match="takes 1 input"):
        run_module(parse_module(IDENTITY), [])


def test_inputs_are_handed_over_at_a_cache_line():
    """numpy's arrays start 16 bytes into a cache line: the runner gives the backend a copy that
    starts at one (once per run or bench), and leaves aligned, small and strided arrays alone."""
    from hloc.runtime.runner import INPUT_ALIGN, aligned

    raw = np.zeros(4096 + INPUT_ALIGN, np.uint8)
    off = (-raw.ctypes.data) % INPUT_ALIGN + 16
    a = raw[off:off + 4000].view(np.float32)
    a[...] = np.arange(1000, dtype=np.float32)
    got = aligned(a)
    assert got.ctypes.data % INPUT_ALIGN == 0 and got.dtype == a.dtype and np.array_equal(got, a)
    assert aligned(got) is got
    bf = a.view(ml_dtypes.bfloat16).reshape(40, 50)
    assert aligned(bf).ctypes.data % INPUT_ALIGN == 0 and np.array_equal(aligned(bf).view(np.uint16),
                                                                         bf.view(np.uint16))
    assert aligned(a[::2]).ctypes.data == a.ctypes.data  # strided: left to the backend
    assert aligned(a[:8]).ctypes.data == a.ctypes.data  # under a cache line

    r = Runner(parse_module("HloModule v\nENTRY main {\n  ROOT p = f32[1000] parameter(0)\n}\n"), "interp")
    seen = []
    exe = r._ready()
    r._exe = lambda args: seen.append(args[0]) or exe(args)
    (out,) = r.run([a])
    assert np.array_equal(out, a) and seen[0].ctypes.data % INPUT_ALIGN == 0


BENCHED = """HloModule benched
ENTRY main {
  x = f32[64,48] parameter(0)
  y = f32[64,48] parameter(1)
  s = f32[64,48]{0,1} add(x, y)
  m = f32[64,48] multiply(x, y)
  ROOT t = (f32[64,48]{0,1}, f32[64,48]) tuple(s, m)
}
"""


def test_bench_on_llvm_converts_and_allocates_once(monkeypatch):
    """--bench times only the call: the native executable's bind converts the inputs and allocates
    the output buffers once, and every timed run writes those same buffers (before, each run
    allocated new ones: fresh pages for a large output). run()'s outputs stay its own."""
    from hloc.runtime.backends import BackendOptions, available_backends

    if "llvm" not in available_backends():
        pytest.skip("no llvm backend")
    from hloc.backend.llvm import runner_backend

    r = Runner(parse_module(BENCHED), "llvm", options=BackendOptions(cache=False))
    rng = np.random.default_rng(0)
    x, y = (rng.standard_normal((64, 48)).astype(np.float32) for _ in range(2))
    exe = r._ready()
    allocs, inputs, calls = [], [], []
    alloc, physical_in = runner_backend._alloc_out, runner_backend._physical_in
    monkeypatch.setattr(runner_backend, "_alloc_out", lambda *a: allocs.append(alloc(*a)) or allocs[-1])
    monkeypatch.setattr(runner_backend, "_physical_in", lambda *a: inputs.append(1) or physical_in(*a))
    run_leaves = exe.run_leaves
    monkeypatch.setattr(exe, "run_leaves", lambda p, o: calls.append(list(o)) or run_leaves(p, o))

    s, m = r.run([x, y])
    assert len(allocs) == 2 and len(inputs) == 2 and len(calls) == 1
    assert len(r.bench([x, y], 5)) == 5
    assert len(allocs) == 4 and len(inputs) == 4  # bench: one conversion and one allocation per leaf
    assert len(calls) == 6 and all(c[i] is calls[1][i] for c in calls[1:] for i in range(2))
    assert not any(b is a for b in calls[1] for a in calls[0])  # run()'s buffers are not bench's
    # the timed runs wrote the right values (physical order: the {0,1} output is transposed)
    assert np.array_equal(calls[1][0], (x + y).T) and np.array_equal(calls[1][1], x * y)
    assert np.array_equal(s, x + y) and np.array_equal(m, x * y)  # and run()'s outputs are intact


def test_bench_without_bind_calls_the_executable():
    """An executable without bind (the interpreter's) is called with the arguments each run."""
    r = Runner(parse_module(ADD), "interp")
    exe = r._ready()
    assert not hasattr(exe, "bind")
    seen = []
    r._exe = lambda args: seen.append(args) or exe(args)
    x = np.ones((2, 3), np.float32)
    assert len(r.bench([x, x], 3)) == 3 and len(seen) == 3
