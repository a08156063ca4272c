"""Kernels split over threads (parallel.py, the GEMM's tiles): one module with every parallel path,
each just above its size threshold, run with 1 and with 3 threads (more threads than this machine
may have cores: the results must not care). References are numpy (float64 where it matters).
No timing here: speed is `make bench`'s business."""

from __future__ import annotations

import ctypes
import json
import platform
import re
import sys
import threading
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from hloc.backend.llvm.compile import compile_module
from hloc.cli import main
from hloc.parse import parse_module

# Sizes: 320*256 = 81920 and 100000 elements (> PARALLEL_MIN_WORK = 65536); the dot mm 192 x 256 x 256
# multiply-adds (> gemm.SPLIT_MIN_WORK = 2^22: its rows are split), the dot ms 40 x 256 x 256 (below:
# the micro-tiles of its packed block, > gemm.PAR_MIN_WORK = 2^20, are split); the convolution's
# 576 rows are two im2col chunks of 384 rows of 3*3*32 (> PARALLEL_MIN_WORK).
MODULE = """HloModule threads

add_f32 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

max_f32 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] maximum(a, b)
}

fused {
  p0 = f32[320,256] parameter(0)
  p1 = f32[320,256] parameter(1)
  m = f32[320,256] multiply(p0, p1)
  t = f32[320,256] tanh(p0)
  ROOT r = (f32[320,256], f32[320,256]) tuple(m, t)
}

ENTRY main {
  x = f32[320,256] parameter(0)
  y = f32[320,256] parameter(1)
  v = f32[100000] parameter(2)
  a = f32[192,256] parameter(3)
  w = f32[256,256] parameter(4)
  r = f32[512,160] parameter(5)
  tiny = f32[320,256] parameter(6)
  img = f32[1,24,24,32] parameter(7)
  k = f32[3,3,32,16] parameter(8)
  zero = f32[] constant(0)
  ninf = f32[] constant(-inf)
  ew = f32[320,256] add(f32[320,256] exponential(x), y)
  tr = f32[256,320] transpose(x), dimensions={1,0}
  rows = f32[512] reduce(r, ninf), dimensions={1}, to_apply=max_f32
  total = f32[] reduce(v, zero), dimensions={0}, to_apply=add_f32
  mm = f32[192,256] dot(a, w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  a40 = f32[40,256] slice(a), slice={[0:40], [0:256]}
  ms = f32[40,256] dot(a40, w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  fu = (f32[320,256], f32[320,256]) fusion(x, y), kind=kLoop, calls=fused
  fu0 = f32[320,256] get-tuple-element(fu), index=0
  fu1 = f32[320,256] get-tuple-element(fu), index=1
  denormal = f32[320,256] multiply(tiny, tiny)
  conv = f32[1,24,24,16] convolution(img, k), window={size=3x3 pad=1_1x1_1}, dim_labels=b01f_01io->b01f
  ROOT out = (f32[320,256], f32[256,320], f32[512], f32[], f32[192,256], f32[320,256], f32[320,256],
              f32[320,256], f32[1,24,24,16], f32[40,256]) tuple(ew, tr, rows, total, mm, fu0, fu1, denormal,
              conv, ms)
}
"""


# Big enough to be split (320 * 256 elements), small to compile: for the CLI.
SMALL = """HloModule small
ENTRY main {
  x = f32[320,256] parameter(0)
  ROOT e = f32[320,256] exponential(x)
}
"""


@pytest.fixture(scope="module")
def exe():
    return compile_module(parse_module(MODULE, "threads.hlo"))


@pytest.fixture(scope="module")
def inputs():
    rng = np.random.default_rng(0)

    def n(*shape):
        return rng.standard_normal(shape, dtype=np.float32)

    return [n(320, 256), n(320, 256), n(100000), n(192, 256), n(256, 256), n(512, 160),
            np.full((320, 256), 1e-20, np.float32), n(1, 24, 24, 32), n(3, 3, 32, 16)]


def _conv_same(img, k):
    """3x3 'same' convolution, NHWC x HWIO, in float64."""
    p = np.pad(img.astype(np.float64), ((0, 0), (1, 1), (1, 1), (0, 0)))
    h, w = img.shape[1:3]
    return sum(np.einsum("nhwc,co->nhwo", p[:, i:i + h, j:j + w], k[i, j].astype(np.float64))
               for i in range(3) for j in range(3))


def _reference(ins):
    x, y, v, a, w, r, tiny, img, k = ins
    return [np.exp(x) + y, x.T, r.max(axis=1), v.astype(np.float64).sum(), a.astype(np.float64) @ w,
            x * y, np.tanh(x), np.zeros_like(tiny), _conv_same(img, k), a[:40].astype(np.float64) @ w]


def test_every_parallel_path_is_emitted(exe):
    """(Fails when a threshold moves above the sizes chosen here.)"""
    text = exe.emit_llvm(optimized=False)
    # the loop kernels (elementwise, transpose, fusion, multiply), the row and the split reduction
    # and the convolution's im2col are outlined into task functions; the GEMM's tiles have their own
    # (in the IR, or in the precompiled library's assembly: codegen/linking.py)
    assert text.count('.range"(') >= 7 and 'k.conv.range"(' in text
    assert 'hloc.gemm.f32.tiles.task"(' in text or "hloc.gemm.f32.tiles.task:" in text
    calls = text.count("call void @\"hloc.pool.parallel_for\"")
    # the library's call: an instruction in its assembly text (large code model: the callee's address
    # loaded by movabsq, then called), or the relocation of its GOT slot in its data form
    assert calls + len(re.findall(r"(call\w*\s+|\.quad\s+|movabsq\s+\$)hloc\.pool\.parallel_for\b", text)) >= 9


@pytest.mark.parametrize("threads", [1, 3])
def test_results_match_numpy(exe, inputs, threads):
    exe.threads = threads
    got = exe(inputs)
    want = _reference(inputs)
    names = ["ew", "transpose", "row max", "sum", "dot", "fused multiply", "fused tanh", "flushed denormals",
             "convolution", "small dot"]
    for name, g, w in zip(names, got, want):
        np.testing.assert_allclose(np.asarray(g, np.float64), w, rtol=2e-5, atol=2e-4, err_msg=name)
    # flush-to-zero wherever the slices ran (that workers get the caller's MXCSR: test_threadpool.py)
    assert not np.asarray(got[7]).any()


def test_thread_count_changes_no_bits_except_the_split_sum(exe, inputs):
    exe.threads = 1
    one = exe(inputs)
    exe.threads = 3
    three = exe(inputs)
    for k, (a, b) in enumerate(zip(one, three)):
        if k == 3:  # partial sums combined in another grouping: equal up to rounding
            assert abs(float(a) - float(b)) <= 1e-5 * float(np.abs(inputs[2]).sum())
        else:
            assert np.array_equal(a, b), k


def test_concurrent_calls_share_the_module(exe, inputs):
    """Calls from several Python threads at once (ctypes releases the GIL): one holds the pool, the
    others run serially with their own temp arenas; all results are right."""
    exe.threads = 2
    want = exe(inputs)
    errors = []

    def call():
        for _ in range(3):
            got = exe(inputs)
            if not all(np.array_equal(a, b) or k == 3 for k, (a, b) in enumerate(zip(got, want))):
                errors.append("mismatch")

    ths = [threading.Thread(target=call) for _ in range(3)]
    for t in ths:
        t.start()
    for t in ths:
        t.join()
    assert not errors


@pytest.mark.skipif(sys.platform != "linux" or platform.machine() != "x86_64",
                    reason="reads the floating-point environment through glibc's fegetenv (x86-64)")
def test_calls_give_the_caller_its_floating_point_environment_back(exe, inputs):
    """The entry runs with flush-to-zero / denormals-are-zero and workers load the caller's MXCSR:
    afterwards the calling thread's environment is exactly what it was, here a non-default rounding
    mode (toward zero) that numpy code after the call would compute in."""
    libm = ctypes.CDLL("libm.so.6")

    def env() -> bytes:
        buf = ctypes.create_string_buffer(32)  # sizeof(fenv_t) on x86-64 glibc
        assert libm.fegetenv(buf) == 0
        return buf.raw

    default = env()
    fe_towardzero = 0xC00
    assert libm.fesetround(fe_towardzero) == 0
    try:
        before = env()
        assert before != default
        for threads in (1, 3):
            exe.threads = threads
            exe(inputs)
            assert env() == before, threads
    finally:
        libm.fesetenv(ctypes.c_char_p(default))
    assert env() == default


@pytest.mark.skipif(sys.platform != "linux", reason="uses the XDG cache location")
def test_threads_is_a_run_time_option(tmp_path):
    """`hloc run --threads N` runs the same cached object for every N."""
    (tmp_path / "m.hlo").write_text(SMALL)
    env = {"XDG_CACHE_HOME": str(tmp_path / "xdg")}
    docs = []
    for n in ("3", "1"):
        res = CliRunner(env=env).invoke(main, ["run", str(tmp_path / "m.hlo"), "--random-inputs", "0",
                                               "--threads", n, "-o", str(tmp_path / f"out{n}.npz"), "--json"])
        assert res.exit_code == 0, res.stderr
        docs.append(json.loads(res.stdout))
    assert [d["cache"] for d in docs] == ["miss", "hit"]
    assert len(list(Path(tmp_path / "xdg").glob("hloc/v1/*/*/entry.json"))) == 1
    with np.load(tmp_path / "out3.npz") as a, np.load(tmp_path / "out1.npz") as b:
        assert np.array_equal(a["out0"], b["out0"])


# The tree-reduction rewriter's form of a full sum (hloc opt -O2 on a 1-D reduce): a fusion reducing
# the rows of a reshape, then the row sums. Its outer reduce reads only 320 elements, but the kernel
# reads 320 * 320 = 102400 (> PARALLEL_MIN_WORK): the pool must weigh the latter, or a 16M-element sum
# runs on one thread whatever --threads says.
REDUCE_OF_REDUCE = """HloModule reduce_of_reduce

add_f32 {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

fused_sum {
  p = f32[102400] parameter(0)
  rs = f32[320,320] reshape(p)
  zero = f32[] constant(0)
  rows = f32[320] reduce(rs, zero), dimensions={1}, to_apply=add_f32
  ROOT total = f32[] reduce(rows, zero), dimensions={0}, to_apply=add_f32
}

ENTRY main {
  x = f32[102400] parameter(0)
  ROOT s = f32[] fusion(x), kind=kInput, calls=fused_sum
}
"""


def test_a_reduce_of_a_fused_reduce_is_split_by_the_work_it_reads():
    exe = compile_module(parse_module(REDUCE_OF_REDUCE, "reduce_of_reduce.hlo"))
    text = exe.emit_llvm(optimized=False)
    assert '.range"(' in text and 'call void @"hloc.pool.parallel_for"' in text
    x = np.random.default_rng(1).standard_normal(102400, dtype=np.float32)
    want = x.astype(np.float64).sum()
    for threads in (1, 3):
        exe.threads = threads
        got = float(np.asarray(exe([x])))
        assert abs(got - want) <= 1e-5 * float(np.abs(x).sum()), threads
