"""The evaluator loop: argument checks, errors with locations, results the caller owns, buffer reuse that
never touches live values, the XLA:CPU float environment."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import entry, run

from hloc.errors import RunError
from hloc.interp import Evaluator, evaluate
from hloc.interp.fpenv import FLUSH_SUPPORTED
from hloc.parse import parse_module


def test_argument_count_and_types_are_checked():
    text = entry(["f32[2]"], "f32[2] negate(p0)")
    with pytest.raises(RunError, match="expected 1 arguments, got 0"):
        run(text)
    with pytest.raises(RunError, match=r"argument 0: expected f32\[2\]"):
        run(text, np.zeros(2, np.float64))
    with pytest.raises(RunError, match=r"argument 0: expected f32\[2\]"):
        run(text, np.zeros(3, np.float32))


def test_errors_point_at_the_instruction():
    text = entry([], "(f32[2], token[]) infeed(t)", body="  t = token[] after-all()")
    with pytest.raises(RunError, match="'infeed' needs a host") as e:
        evaluate(parse_module(text, "t.hlo"), [])
    assert "infeed(t)" in e.value.loc.source_line()
    module = parse_module(entry(["s32[2]"], "s32[2] negate(p0)"), "t.hlo")
    module.entry.root.opcode = "no-such-op"
    with pytest.raises(RunError, match="does not support 'no-such-op'") as e:
        evaluate(module, [np.zeros(2, np.int32)])
    assert "negate(p0)" in e.value.loc.source_line()


def test_scalar_results_are_arrays_and_results_are_writeable():
    out = run(entry(["f32[]", "f32[]"], "f32[] add(p0, p1)"), np.float32(1), np.float32(2))
    assert isinstance(out, np.ndarray) and out.shape == () and out == 3
    b = run(entry(["f32[]"], "f32[3] broadcast(p0), dimensions={}"), np.float32(7))
    b[0] = 1  # a broadcast view inside the interpreter, an array of its own outside
    assert b.tolist() == [1, 7, 7]


def test_buffer_reuse_never_overwrites_inputs_or_live_values():
    # p0 is the caller's: never reused. `a` is used twice (by b and by the root): reused at its last use only.
    text = entry(["f32[4]"], "(f32[4], f32[4], f32[4]) tuple(a, c, d)",
                 body="  a = f32[4] exponential(p0)\n  b = f32[4] negate(a)\n  c = f32[4] add(b, b)\n"
                      "  d = f32[4] multiply(c, p0)")
    x = np.array([0.0, 1.0, 2.0, -1.0], np.float32)
    keep = x.copy()
    a, c, d = run(text, x)
    assert np.array_equal(x, keep)
    np.testing.assert_allclose(a, np.exp(keep), rtol=1e-6)
    np.testing.assert_allclose(c, -2 * np.exp(keep), rtol=1e-6)
    np.testing.assert_allclose(d, -2 * np.exp(keep) * keep, rtol=1e-6)


def test_buffer_reuse_keeps_tuple_elements_intact():
    text = entry(["f32[3]"], "(f32[3], (f32[3], f32[3])) tuple(n, t)",
                 body="  e = f32[3] exponential(p0)\n  t = (f32[3], f32[3]) tuple(e, e)\n"
                      "  g = f32[3] get-tuple-element(t), index=0\n  n = f32[3] negate(g)")
    x = np.array([0.0, 1.0, 2.0], np.float32)
    n, (e0, e1) = run(text, x)
    np.testing.assert_allclose(e0, np.exp(x), rtol=1e-6)
    np.testing.assert_allclose(e1, np.exp(x), rtol=1e-6)
    np.testing.assert_allclose(n, -np.exp(x), rtol=1e-6)


def test_constants_survive_repeated_evaluation():
    text = entry(["f32[2]"], "f32[2] add(p0, n)", body="  c = f32[2] constant({1, 2})\n  n = f32[2] negate(c)")
    module = parse_module(text, "t.hlo")
    ev = Evaluator(module)
    for _ in range(3):
        assert ev.call(module.entry, [np.zeros(2, np.float32)]).tolist() == [-1, -2]


@pytest.mark.skipif(not FLUSH_SUPPORTED, reason="no way to set FTZ/DAZ on this platform")
def test_denormals_flush_like_xla_cpu_unless_disabled():
    text = entry(["f32[2]", "f32[2]"], "f32[2] multiply(p0, p1)")
    x = np.array([1e-40, 1e-30], np.float32)
    one = np.ones(2, np.float32)
    assert run(text, x, one).tolist() == [0.0, np.float32(1e-30)]
    assert run(text, x, one, flush_denormals=False).tolist() == [np.float32(1e-40), np.float32(1e-30)]
    assert (np.array([1e-40], np.float32) * 1)[0] != 0  # the environment is restored afterwards


@pytest.mark.skipif(not FLUSH_SUPPORTED, reason="no way to set FTZ/DAZ on this platform")
def test_an_inherited_flush_state_changes_no_result():
    # A library built with -ffast-math may leave FTZ/DAZ on for the process: IEEE evaluation clears it.
    from hloc.interp.fpenv import flush_denormals

    text = entry(["f32[2]", "f32[2]"], "f32[2] multiply(p0, p1)")
    x = np.array([1e-40, 1e-30], np.float32)
    with flush_denormals(True):
        got = run(text, x, np.ones(2, np.float32), flush_denormals=False)
    assert got.view(np.uint32).tolist() == x.view(np.uint32).tolist()  # (a compare under DAZ would see 0)


@pytest.mark.parametrize("dtype", [np.float32, np.float64])
def test_unary_functions_flush_denormals_themselves(dtype):
    # log1p(x) = x for tiny x in libm (numpy's AVX2 path) whatever the MXCSR says; XLA:CPU gives 0 for a
    # denormal x (it computes on x flushed) and keeps sine's denormal operands (libm's bit test).
    tiny = np.finfo(dtype).smallest_normal / 4
    x = np.array([tiny, -tiny, 1e-3], dtype)
    t = {np.float32: "f32", np.float64: "f64"}[dtype]
    assert run(entry([f"{t}[3]"], f"{t}[3] log-plus-one(p0)"), x).tolist()[:2] == [0.0, 0.0]
    assert np.signbit(run(entry([f"{t}[3]"], f"{t}[3] log-plus-one(p0)"), x)[1])
    assert run(entry([f"{t}[3]"], f"{t}[3] sine(p0)"), x).tolist()[:2] == [tiny, -tiny]
    # a denormal result: exp(-700) in f64 is 9.9e-305 (normal); exp(-740) is denormal
    big = -100.0 if dtype == np.float32 else -740.0
    assert run(entry([f"{t}[1]"], f"{t}[1] exponential(p0)"), np.array([big], dtype)).tolist() == [0.0]


def test_numpy_warnings_are_silenced_inside_evaluation():
    text = entry(["s32[2]", "s32[2]"], "s32[2] divide(p0, p1)")
    with np.errstate(all="raise"):
        out = run(text, np.array([1, -2**31], np.int32), np.array([0, -1], np.int32))
    assert out.tolist() == [-1, -2**31]


def test_handlers_called_directly_never_reuse_operands():
    # Constant folding calls handlers outside Evaluator.call: after any evaluation, no operand is
    # offered for reuse, so literals stay intact.
    from hloc.interp.registry import HANDLERS

    module = parse_module(entry(["f32[3]"], "f32[3] negate(e)", body="  e = f32[3] exponential(p0)"), "t.hlo")
    ev = Evaluator(module)
    ev.call(module.entry, [np.zeros(3, np.float32)])  # the last step, negate, reused e's buffer
    a, b = np.ones(3, np.float32), np.full(3, 2, np.float32)
    out = HANDLERS["add"](module.entry.root, [a, b], ev)
    assert out.tolist() == [3, 3, 3] and a.tolist() == [1, 1, 1]


def test_results_do_not_alias_inputs():
    x = np.arange(6, dtype=np.float32)
    out = run(entry(["f32[6]"], "f32[2,3] reshape(p0)"), x)
    out[0, 0] = 100
    assert x[0] == 0 and out.flags.c_contiguous
    t = run(entry(["f32[2,3]"], "f32[3,2] transpose(p0), dimensions={1,0}"), x.reshape(2, 3))
    assert t.flags.c_contiguous and t.tolist() == [[0, 3], [1, 4], [2, 5]]
