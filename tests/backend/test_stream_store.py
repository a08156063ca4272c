"""Streaming (non-temporal) stores (kernels/stream_store.py): a cheap elementwise loop into a large
entry result gets them; a small result, a temporary read again by the next kernel and a loop of
transcendental ops do not. Results are those of plain stores, bit for bit, on any number of threads
and into result buffers at any element alignment (the unaligned head and tail of each chunk)."""

from __future__ import annotations

import re

import numpy as np
import pytest

from hloc.aligned import aligned_bytes
from hloc.backend.llvm.compile import compile_module
from hloc.backend.llvm.kernels import stream_store
from hloc.parse import parse_module

N = stream_store.STREAM_MIN_BYTES // 4 + 37  # f32 elements: just above the threshold, not whole chunks
W = stream_store.STREAM_MIN_BYTES // 4  # whole chunks (the chunk loop with a constant trip count)

MODULE = f"""HloModule streams

add_f32 {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}}

ENTRY main {{
  x = f32[{N}] parameter(0)
  y = f32[{N}] parameter(1)
  s = f32[1000] parameter(2)
  z = f32[{W}] parameter(3)
  zero = f32[] constant(0)
  big = f32[{N}] add(x, y)
  small = f32[1000] multiply(s, s)
  t = f32[{N}] multiply(x, y)
  w = f32[{N - 1}] reduce-window(t, zero), window={{size=2}}, to_apply=add_f32
  ex = f32[{N}] exponential(x)
  whole = f32[{W}] subtract(z, z)
  ROOT out = (f32[{N}], f32[1000], f32[{N - 1}], f32[{N}], f32[{W}]) tuple(big, small, w, ex, whole)
}}
"""


@pytest.fixture(scope="module")
def exe():
    return compile_module(parse_module(MODULE, "streams.hlo"))


@pytest.fixture(scope="module")
def inputs():
    rng = np.random.default_rng(0)
    return [rng.standard_normal(N, dtype=np.float32), rng.standard_normal(N, dtype=np.float32),
            rng.standard_normal(1000, dtype=np.float32), rng.standard_normal(W, dtype=np.float32)]


def _kernels_with(text: str, what: str) -> set[str]:
    """Names of the kernels (k.NAME, with their range/task functions) whose IR contains `what`."""
    out = set()
    for fn in text.split("\ndefine ")[1:]:
        m = re.match(r'[^@]*@"k\.([^".]+)', fn)
        if m and what in fn:
            out.add(m.group(1))
    return out


def test_only_the_big_cheap_result_streams(exe):
    text = exe.emit_llvm(optimized=False)
    assert _kernels_with(text, "!nontemporal") == {"big", "whole"}
    # (weakly ordered: fenced before the pool counts the task done)
    assert _kernels_with(text, "llvm.x86.sse.sfence") == {"big", "whole"}
    opt = exe.emit_llvm()
    assert re.search(r"store <16 x i32> [^\n]*align 64,[^\n]*!nontemporal", opt)  # (whole lines: vmovntps)


def test_copy_out_loop_stays_rolled(exe):
    # (unrolled 8x with an epilogue, it was ~1/3 of ew_chain_4m's compile time, for no run time)
    opt = exe.emit_llvm()
    for name in ("big", "whole"):
        fns = [f for f in opt.split("\ndefine ")[1:] if re.match(rf'[^@]*@"?k\.{name}[".]', f) and "!nontemporal" in f]
        unrolled = [f for f in fns if f.count("!nontemporal !") > 2 or re.search(r"nt\.line[\w.]*\.epil", f)]
        assert fns and not unrolled, name


def test_whole_chunks_copy_out_without_per_chunk_memcpy(exe):
    # (every chunk whole: the straddling line is carried to the next chunk; the range's head and
    # tail are two memcpys after the chunk loop, none guarded in it)
    text = exe.emit_llvm(optimized=False)
    fn = next(f for f in text.split("\ndefine ")[1:] if re.match(r'[^@]*@"?k\.whole[".]', f) and "!nontemporal" in f)
    assert fn.count("call void @\"llvm.memcpy") == 2 and "nt.line.exit.if" not in fn


@pytest.mark.parametrize("misalign", [0, 4, 60])
@pytest.mark.parametrize("threads", [1, 2, 3])
def test_results_bit_identical(exe, inputs, threads, misalign):
    x, y, s, z = inputs
    # result buffers starting `misalign` bytes past a cache line: every chunk has a head and a tail
    outs = [aligned_bytes(n * 4 + misalign, 64)[misalign:].view(np.float32) for n in (N, 1000, N - 1, N, W)]
    exe.threads = threads
    exe([x, y, s, z], out=outs)
    big, small, w, ex, whole = outs
    assert np.array_equal(whole, z - z)
    assert np.array_equal(big, x + y)
    assert np.array_equal(small, s * s)
    t = x * y
    assert np.array_equal(w, t[:-1] + t[1:])
    assert np.allclose(ex, np.exp(x), rtol=1e-6)
