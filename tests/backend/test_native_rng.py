# ruff: noqa: E501  (HLO instructions are kept on one line each)
"""rng (uniform/normal) vs numpy's Generator(PCG64(0)) drawn in schedule order: the documented
generator of hloc's interpreter (hloc/interp/ops/rng.py), which the native backend reproduces bit
for bit. (rng-bit-generator is pinned by XLA-computed cases: testdata/native/rbg_*.)"""

from __future__ import annotations

import subprocess
import sys

import numpy as np
from mathref import compile_text

TEXT = """HloModule m

ENTRY e {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  lo = s32[] parameter(2)
  hi = s32[] parameter(3)
  l64 = s64[] parameter(4)
  h64 = s64[] parameter(5)
  d0 = f64[] parameter(6)
  d1 = f64[] parameter(7)
  u = f32[1000] rng(a, b), distribution=rng_uniform
  i = s32[7] rng(lo, hi), distribution=rng_uniform
  n = f32[40,50] rng(a, b), distribution=rng_normal
  i2 = s32[3] rng(lo, hi), distribution=rng_uniform
  one = s32[4] rng(lo, lo), distribution=rng_uniform
  big = s64[9] rng(l64, h64), distribution=rng_uniform
  nd = f64[3001] rng(d0, d1), distribution=rng_normal
  t = pred[] constant(false)
  tt = pred[] constant(true)
  p = pred[13] rng(t, tt), distribution=rng_uniform
  ROOT r = (f32[1000], s32[7], f32[40,50], s32[3], s32[4], s64[9], f64[3001], pred[13]) tuple(u, i, n, i2, one, big, nd, p)
}
"""


def test_rng_follows_numpy_pcg64_in_schedule_order():
    args = [np.float32(-2), np.float32(3), np.int32(-5), np.int32(7), np.int64(-2**62), np.int64(2**62 + 99),
            np.float64(1.5), np.float64(0.25)]
    exe = compile_text(TEXT)
    for _ in range(2):  # every call starts from PCG64(0)
        got = exe(args)
        g = np.random.Generator(np.random.PCG64(0))
        u = g.uniform(-2.0, 3.0, 1000).astype(np.float32)
        u = np.where(u.astype(np.float64) >= 3.0, np.float32(-2), u)
        want = [u, g.integers(-5, 7, 7).astype(np.int32), g.normal(-2.0, 3.0, (40, 50)).astype(np.float32),
                g.integers(-5, 7, 3).astype(np.int32), np.full(4, -5, np.int32),  # an empty range draws nothing
                g.integers(-2**62, 2**62 + 99, 9), g.normal(1.5, 0.25, 3001), g.integers(0, 2, 13).astype(bool)]
        for k, (x, w) in enumerate(zip(got, want)):
            np.testing.assert_array_equal(x, w, err_msg=f"out{k}")
    assert ((got[0] >= -2) & (got[0] < 3)).all()
    assert abs(got[6].mean() - 1.5) < 0.05 and abs(got[6].std() - 0.25) < 0.02


def test_rng_get_and_update_state_is_xla_cpus_per_instruction_counter():
    """XLA:CPU (rng_state_lib.cc): each instruction's u128 state starts at 0x7012395 and advances by
    its delta every time it runs, across calls of the executable (the XLA corpus cases pin the start)."""
    text = """HloModule m
ENTRY e {
  s0 = u64[2] rng-get-and-update-state(), delta=5
  s1 = u64[2] rng-get-and-update-state(), delta=18446744073709551615
  s2 = u64[2] rng-get-and-update-state(), delta=1
  ROOT t = (u64[2], u64[2], u64[2]) tuple(s0, s1, s2)
}
"""
    exe = compile_text(text)
    start = 0x7012395
    np.testing.assert_array_equal(np.stack(exe([])), np.array([[start, 0]] * 3, np.uint64))
    np.testing.assert_array_equal(np.stack(exe([])), np.array([[start + 5, 0], [start - 1, 1], [start + 1, 0]],
                                                              np.uint64))  # s1: the low word carried
    np.testing.assert_array_equal(np.stack(exe([]))[1], np.array([start - 2, 2], np.uint64))


def test_rng_compiles_as_the_first_module_of_a_process():
    """The lowerings that run while the entry is flattened (rng's state threading) are registered when
    the kernel modules are imported: a fresh process (`hloc run`) must not flatten before that."""
    code = ("from hloc.parse import parse_module\n"
            "from hloc.runtime.runner import Runner\n"
            "text = 'HloModule m\\nENTRY e {\\n  a = f32[] constant(0)\\n  b = f32[] constant(1)\\n'"
            " '  ROOT r = f32[4] rng(a, b), distribution=rng_uniform\\n}\\n'\n"
            "out = Runner(parse_module(text, 'm.hlo'), 'llvm').run([])[0]\n"
            "assert ((out >= 0) & (out < 1)).all(), out\n")
    r = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=300)
    assert r.returncode == 0, r.stderr[-2000:]
