"""A conditional's branches split their large kernels over the pool as the entry's do (tf/tf_cond's
branch multiply, 1M elements): each branch computation of the emitted IR hands its loop to
hloc.pool.parallel_for (or its dot to the GEMM, which splits itself), and every branch computes the
same on 1 and 2 threads. References: numpy. No timing here."""

from __future__ import annotations

import re

import numpy as np
import pytest

from hloc.backend.llvm.build import BuildOptions, build
from hloc.backend.llvm.kernels.parallel import PARALLEL_MIN_WORK
from hloc.backend.llvm.runner_backend import load_object
from hloc.parse import parse_module

ROWS, COLS = 512, 256  # 131072 elements > PARALLEL_MIN_WORK

MODULE = f"""HloModule cond_threads

add_f32 {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}}

square {{
  t = (f32[{ROWS},{COLS}]) parameter(0)
  x = f32[{ROWS},{COLS}] get-tuple-element(t), index=0
  m = f32[{ROWS},{COLS}] multiply(x, x)
  ROOT r = (f32[{ROWS},{COLS}]) tuple(m)
}}

normalize {{
  t = (f32[{ROWS},{COLS}]) parameter(0)
  x = f32[{ROWS},{COLS}] get-tuple-element(t), index=0
  e = f32[{ROWS},{COLS}] exponential(x)
  zero = f32[] constant(0)
  s = f32[{ROWS}] reduce(e, zero), dimensions={{1}}, to_apply=add_f32
  sb = f32[{ROWS},{COLS}] broadcast(s), dimensions={{0}}
  d = f32[{ROWS},{COLS}] divide(e, sb)
  ROOT r = (f32[{ROWS},{COLS}]) tuple(d)
}}

gram {{
  t = (f32[{ROWS},{COLS}]) parameter(0)
  x = f32[{ROWS},{COLS}] get-tuple-element(t), index=0
  w = f32[{COLS},{COLS}] dot(x, x), lhs_contracting_dims={{0}}, rhs_contracting_dims={{0}}
  z = f32[{ROWS - COLS},{COLS}] broadcast(f32[] constant(0)), dimensions={{}}
  c = f32[{ROWS},{COLS}] concatenate(w, z), dimensions={{0}}
  ROOT r = (f32[{ROWS},{COLS}]) tuple(c)
}}

ENTRY main {{
  x = f32[{ROWS},{COLS}] parameter(0)
  i = s32[] parameter(1)
  t = (f32[{ROWS},{COLS}]) tuple(x)
  c = (f32[{ROWS},{COLS}]) conditional(i, t, t, t), branch_computations={{square, normalize, gram}}
  ROOT r = f32[{ROWS},{COLS}] get-tuple-element(c), index=0
}}
"""


def _bodies(ir_text: str) -> dict[str, str]:
    """function name -> its body in the IR text."""
    return {m.group(1): m.group(2) for m in
            re.finditer(r'^define [^@]*@"?([\w.$-]+)"?\(.*?\{\n(.*?)^\}', ir_text, re.M | re.S)}


def _reference(x: np.ndarray, i: int) -> np.ndarray:
    x64 = x.astype(np.float64)
    if i == 0:
        return x64 * x64
    if i == 1:
        e = np.exp(x64)
        return e / e.sum(axis=1, keepdims=True)
    out = np.zeros_like(x64)
    out[:COLS] = x64.T @ x64
    return out


@pytest.fixture(scope="module")
def built():
    assert ROWS * COLS > PARALLEL_MIN_WORK
    return build(parse_module(MODULE, "cond_threads.hlo"), BuildOptions(code_cache=False))


def test_every_branch_hands_its_work_to_the_pool(built):
    bodies = _bodies(built.compiled.llvm_ir)
    branches = {name: body for name, body in bodies.items() if name.startswith("comp.")}
    assert sorted(n.split(".", 1)[1] for n in branches) == ["gram", "normalize", "square"]
    for name, body in branches.items():
        if name == "comp.gram":
            assert "@hloc.gemm.f32(" in body or '@"hloc.gemm.f32"(' in body, body
        else:
            assert re.search(r'call void @"?hloc\.pool\.parallel_for"?\(', body), (name, body)


@pytest.mark.parametrize("threads", [1, 2])
def test_branches_compute_the_same_on_any_thread_count(built, threads):
    exe = load_object(built.compiled.obj, built.abi)
    exe.threads = threads
    x = (np.random.default_rng(3).standard_normal((ROWS, COLS)) * 0.5).astype(np.float32)
    for i in (0, 1, 2, 7, -1):  # out of range: the last branch
        got = np.asarray(exe([x, np.array(i, np.int32)]), np.float64)
        want = _reference(x, i if 0 <= i <= 2 else 2)
        assert np.max(np.abs(got - want)) <= 1e-5 * np.max(np.abs(want)), (i, threads)
