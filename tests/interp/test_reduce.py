"""reduce: XLA:CPU's combination order (windows of 32, init value per window), variadic reductions,
the cases that never apply the init value."""

from __future__ import annotations

import ml_dtypes
import numpy as np
from helpers import entry, run

BF16 = ml_dtypes.bfloat16


def reducer(t: str, body: str = "  ROOT r = {t}[] add(a, b)") -> str:
    return "red {\n  a = " + t + "[] parameter(0)\n  b = " + t + "[] parameter(1)\n" + body.format(t=t) + "\n}\n"


def fold(values, init, f):
    acc = init
    for v in values:
        acc = f(acc, v)
    return acc


def xla_order(values, init, f, window=32):
    """TreeReductionRewriter on one dimension: windows of 32 (SAME padding: the padding is skipped),
    each folded from the init value, then the window results the same way."""
    values = list(values)
    while len(values) > window:
        count = -(-len(values) // window)
        lo = (count * window - len(values)) // 2
        padded = [None] * lo + values + [None] * (count * window - len(values) - lo)
        values = [fold([v for v in padded[i * window:(i + 1) * window] if v is not None], init, f)
                  for i in range(count)]
    return fold(values, init, f)


def test_bf16_sum_rounds_every_step_in_xla_order():
    rng = np.random.default_rng(0)
    x = (rng.standard_normal(1000) * 4).astype(BF16)
    init = BF16(0.5)
    text = entry(["bf16[1000]", "bf16[]"], "bf16[] reduce(p0, p1), dimensions={0}, to_apply=red", reducer("bf16"))
    want = xla_order(list(x), init, lambda a, b: BF16(np.float32(a) + np.float32(b)))
    assert run(text, x, init) == want


def test_non_associative_reducer_in_xla_order():
    x = np.linspace(-1, 1, 70, dtype=np.float32).reshape(70)
    body = "  s = {t}[] add(a, b)\n  h = {t}[] constant(0.5)\n  ROOT r = {t}[] multiply(s, h)"
    text = entry(["f32[70]", "f32[]"], "f32[] reduce(p0, p1), dimensions={0}, to_apply=red", reducer("f32", body))
    want = xla_order(list(x), np.float32(0.25), lambda a, b: np.float32((a + b) * np.float32(0.5)))
    assert run(text, x, np.float32(0.25)) == want


def test_size_one_and_empty_reductions():
    text = entry(["f32[3,1]", "f32[]"], "f32[3] reduce(p0, p1), dimensions={1}, to_apply=red", reducer("f32"))
    x = np.array([[1], [2], [3]], np.float32)
    assert run(text, x, np.float32(100)).tolist() == [1, 2, 3]  # XLA reshapes: no init value
    text = entry(["f32[3,0]", "f32[]"], "f32[3] reduce(p0, p1), dimensions={1}, to_apply=red", reducer("f32"))
    assert run(text, np.zeros((3, 0), np.float32), np.float32(7)).tolist() == [7, 7, 7]
    # a kept dimension of size 0, the reduced ones not minor (found by the fuzzer, seed 136)
    text = entry(["f32[3,0,4]", "f32[]"], "f32[0] reduce(p0, p1), dimensions={0,2}, to_apply=red", reducer("f32"))
    assert run(text, np.zeros((3, 0, 4), np.float32), np.float32(7)).shape == (0,)
    text = entry(["f32[3,0,4]", "f32[]"], "f32[3,4] reduce(p0, p1), dimensions={1}, to_apply=red", reducer("f32"))
    assert (run(text, np.zeros((3, 0, 4), np.float32), np.float32(7)) == 7).all()


def test_signed_zeros_and_nan_in_max():
    text = entry(["f32[4,2]", "f32[]"], "f32[4] reduce(p0, p1), dimensions={1}, to_apply=red",
                 reducer("f32", "  ROOT r = {t}[] maximum(a, b)"))
    x = np.array([[-0.0, 0.0], [-0.0, -0.0], [np.nan, 1], [-1, -2]], np.float32)
    out = run(text, x, np.float32(-np.inf))
    assert np.signbit(out[:2]).tolist() == [False, True] and np.isnan(out[2]) and out[3] == -1


ARGMAX = """argmax {
  av = f32[] parameter(0)
  ai = s32[] parameter(1)
  bv = f32[] parameter(2)
  bi = s32[] parameter(3)
  gt = pred[] compare(av, bv), direction=GT
  eq = pred[] compare(av, bv), direction=EQ
  lt = pred[] compare(ai, bi), direction=LT
  tie = pred[] and(eq, lt)
  pick = pred[] or(gt, tie)
  v = f32[] select(pick, av, bv)
  i = s32[] select(pick, ai, bi)
  ROOT t = (f32[], s32[]) tuple(v, i)
}
"""


def test_variadic_argmax_short_and_long_rows():
    rng = np.random.default_rng(1)
    for n in (33, 1000):  # sequential fold, and pairwise past 256 elements
        x = np.round(rng.standard_normal((3, n)) * 2).astype(np.float32)
        idx = np.broadcast_to(np.arange(n, dtype=np.int32), x.shape).copy()
        text = entry([f"f32[3,{n}]", f"s32[3,{n}]"], "(f32[3], s32[3]) reduce(p0, p1, lo, z), dimensions={1}, "
                     "to_apply=argmax", ARGMAX, body="  lo = f32[] constant(-inf)\n  z = s32[] constant(0)")
        v, i = run(text, x, idx)
        assert v.tolist() == x.max(1).tolist() and i.tolist() == x.argmax(1).tolist()  # ties: first index


def test_integer_and_pred_reductions_wrap_and_combine():
    x = np.array([[2**31 - 1, 1], [-5, 3]], np.int32)
    text = entry(["s32[2,2]", "s32[]"], "s32[2] reduce(p0, p1), dimensions={1}, to_apply=red", reducer("s32"))
    assert run(text, x, np.int32(0)).tolist() == [-2**31, -2]
    p = np.array([[True, False, False], [False, False, False]])
    text = entry(["pred[2,3]", "pred[]"], "pred[2] reduce(p0, p1), dimensions={1}, to_apply=red",
                 reducer("pred", "  ROOT r = {t}[] or(a, b)"))
    assert run(text, p, np.bool_(False)).tolist() == [True, False]


def test_reducer_with_bitcast_convert_runs_vectorized():
    # max by the unsigned bit pattern: a reducer with a same-width bitcast-convert inside.
    body = ("  ua = u32[] bitcast-convert(a)\n  ub = u32[] bitcast-convert(b)\n"
            "  gt = pred[] compare(ua, ub), direction=GT\n  ROOT r = f32[] select(gt, a, b)")
    text = entry(["f32[2,40]", "f32[]"], "f32[2] reduce(p0, p1), dimensions={1}, to_apply=red", reducer("f32", body))
    x = np.random.default_rng(2).standard_normal((2, 40)).astype(np.float32)
    out = run(text, x, np.float32(0))
    want = [x[i][np.argmax(x[i].view(np.uint32))] for i in range(2)]
    assert out.tolist() == [float(w) for w in want]
