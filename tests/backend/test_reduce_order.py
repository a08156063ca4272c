"""Long f16/bf16 reductions natively, in XLA:CPU's order (backend/llvm/reduce_order.py): each step
rounds, so the order decides the result. The references: the interpreter, which reproduces XLA:CPU's
TreeReductionRewriter order (checked against XLA for f16 and bf16 sums), bit for bit; and the exact
sum (numpy in f64) within a first-principles bound for that order."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from mathref import compile_text

from hloc.backend.llvm.elemental.reduce_order import tree_levels
from hloc.interp import evaluate
from hloc.parse import parse_module

NP = {"f16": np.float16, "bf16": ml_dtypes.bfloat16}
UNIT_ROUNDOFF = {"f16": 2.0 ** -11, "bf16": 2.0 ** -8}


def _module(et: str, shape: tuple, dims: tuple, fused: bool) -> str:
    out = [s for d, s in enumerate(shape) if d not in dims]
    ins, outs = f"{et}[{','.join(map(str, shape))}]", f"{et}[{','.join(map(str, out))}]"
    dims_s = "{" + ",".join(map(str, dims)) + "}"
    add = f"add {{\n  a = {et}[] parameter(0)\n  b = {et}[] parameter(1)\n  ROOT s = {et}[] add(a, b)\n}}\n"
    if not fused:
        return f"""HloModule t
{add}
ENTRY e {{
  p = {ins} parameter(0)
  z = {et}[] constant(0)
  ROOT r = {outs} reduce(p, z), dimensions={dims_s}, to_apply=add
}}
"""
    # sum(x) and sum(x*x) of one walk (kInput siblings) with x*x stored on the way, and a kLoop fusion
    # holding a reduce that its root consumes (the elemental reduce)
    f32 = f"f32[{','.join(map(str, shape))}]"
    return f"""HloModule t
{add}
fi {{
  x = {f32} parameter(0)
  h = {ins} convert(x)
  z = {et}[] constant(0)
  s = {outs} reduce(h, z), dimensions={dims_s}, to_apply=add
  q = {ins} multiply(h, h)
  sq = {outs} reduce(q, z), dimensions={dims_s}, to_apply=add
  ROOT t = ({outs}, {outs}, {ins}) tuple(s, sq, q)
}}

fl {{
  x = {f32} parameter(0)
  h = {ins} convert(x)
  z = {et}[] constant(0)
  s = {outs} reduce(h, z), dimensions={dims_s}, to_apply=add
  ROOT n = {outs} negate(s)
}}

ENTRY e {{
  p = {f32} parameter(0)
  k = ({outs}, {outs}, {ins}) fusion(p), kind=kInput, calls=fi
  s = {outs} get-tuple-element(k), index=0
  sq = {outs} get-tuple-element(k), index=1
  q = {ins} get-tuple-element(k), index=2
  n = {outs} fusion(p), kind=kLoop, calls=fl
  ROOT t = ({outs}, {outs}, {ins}, {outs}) tuple(s, sq, q, n)
}}
"""


def _bound(et: str, x: np.ndarray, dims: tuple) -> np.ndarray:
    """|tree sum - exact| <= (sum over levels of (window - 1)) * u * sum|x| (each element goes
    through at most window - 1 rounded additions per level, each off by at most u relative)."""
    steps = sum(max(w for _, w, _ in level) - 1 for level in tree_levels([x.shape[d] for d in dims])) + 1
    return steps * UNIT_ROUNDOFF[et] * np.abs(x.astype(np.float64)).sum(axis=dims)


CASES = [
    ("f16", (1 << 20,), (0,)),        # gpu_hlo_buffers: one by one in f16 gave 1085 for 1258.9
    ("bf16", (100003,), (0,)),        # padded windows at every level
    ("f16", (37, 1000), (1,)),        # rows
    ("bf16", (1000, 37), (0,)),       # columns
    ("f16", (70, 33, 5), (0, 1)),     # two reduced dimensions, both windowed
]


@pytest.mark.parametrize("et,shape,dims", CASES, ids=[f"{e}{list(s)}{list(d)}" for e, s, d in CASES])
def test_long_narrow_sum_in_xla_order(et, shape, dims):
    text = _module(et, shape, dims, fused=False)
    x = np.random.default_rng(0).standard_normal(shape, dtype=np.float32).astype(NP[et])
    got = np.asarray(compile_text(text)([x]))
    want = np.asarray(evaluate(parse_module(text, "t.hlo"), [x]))
    assert got.dtype == want.dtype and np.array_equal(got.view(np.uint16), want.view(np.uint16))
    exact = x.astype(np.float64).sum(axis=dims)
    assert (np.abs(got.astype(np.float64) - exact) <= _bound(et, x, dims)).all()
    if shape == (1 << 20,):
        # the corpus sweep's tolerance for 16-bit floats (tests/xla_corpus.py); XLA:CPU gives 1261
        assert np.isclose(float(got), exact, rtol=2e-2, atol=2e-2) and float(got) == 1261.0


@pytest.mark.parametrize("et,shape,dims", [("bf16", (6, 300), (1,)), ("f16", (300, 6), (0,))],
                         ids=["bf16-rows", "f16-columns"])
def test_fused_narrow_sums_in_xla_order(et, shape, dims):
    text = _module(et, shape, dims, fused=True)
    x = np.random.default_rng(1).standard_normal(shape, dtype=np.float32)
    got = compile_text(text)([x])
    want = evaluate(parse_module(text, "t.hlo"), [x])
    assert len(got) == len(want) == 4
    for g, w in zip(got, want):
        assert np.array_equal(np.asarray(g).view(np.uint16), np.asarray(w).view(np.uint16))
