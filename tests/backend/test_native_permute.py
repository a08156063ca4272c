"""Transposing data movement tiled in registers (kernels/permute.py): which instructions take it (a
transpose, a layout-changing copy, a loop fusion that only reshapes and transposes one operand), and
that they move every element where numpy's transposes put it, on 1, 2 and 3 threads, with partial
tiles at the edges of both transposed dims."""

from __future__ import annotations

import numpy as np
import pytest
from mathref import compile_text

from hloc.backend.llvm.kernels.permute import plan_permute
from hloc.parse import parse_module

# The transformer layer's head split and merge (as XLA's fusion pass leaves them), a batched 2-D
# transpose with odd sides, an f64 and an s32 one, a copy into a column-major layout, a transpose
# of two inner dims under two batch dims, and two that are not transposes in memory.
TEXT = """HloModule permute

split {
  p = f32[256,512]{1,0} parameter(0)
  r = f32[256,8,64]{2,1,0} reshape(p)
  ROOT t = f32[8,64,256]{2,1,0} transpose(r), dimensions={1,2,0}
}

merge {
  p = f32[8,64,256]{2,1,0} parameter(0)
  t = f32[256,8,64]{0,2,1} transpose(p), dimensions={2,0,1}
  ROOT r = f32[256,512]{1,0} reshape(t)
}

rows {
  p = f32[256,512]{1,0} parameter(0)
  r = f32[256,8,64]{2,1,0} reshape(p)
  ROOT t = f32[8,256,64]{2,1,0} transpose(r), dimensions={1,0,2}
}

ENTRY e {
  x = f32[256,512]{1,0} parameter(0)
  h = f32[8,64,256]{2,1,0} parameter(1)
  odd = f32[3,37,45]{2,1,0} parameter(2)
  d = f64[20,33]{1,0} parameter(3)
  i = s32[40,24]{1,0} parameter(4)
  c = f32[50,70]{1,0} parameter(5)
  q = f32[4,5,24,33]{3,2,1,0} parameter(6)
  s = f32[8,64,256]{2,1,0} fusion(x), kind=kLoop, calls=split
  m = f32[256,512]{1,0} fusion(h), kind=kLoop, calls=merge
  w = f32[8,256,64]{2,1,0} fusion(x), kind=kLoop, calls=rows
  o = f32[3,45,37]{2,1,0} transpose(odd), dimensions={0,2,1}
  dt = f64[33,20]{1,0} transpose(d), dimensions={1,0}
  it = s32[24,40]{1,0} transpose(i), dimensions={1,0}
  cc = f32[50,70]{0,1} copy(c)
  qt = f32[5,4,33,24]{3,2,1,0} transpose(q), dimensions={1,0,3,2}
  ROOT out = (f32[8,64,256], f32[256,512], f32[8,256,64], f32[3,45,37], f64[33,20], s32[24,40], f32[50,70]{0,1},
              f32[5,4,33,24]) tuple(s, m, w, o, dt, it, cc, qt)
}
"""


def _entry(name: str):
    module = parse_module(TEXT, "permute.hlo")
    return next(i for i in module.entry.instructions if i.name == name)


def test_which_instructions_are_tiled_transposes():
    # the head split is a [256, 512] -> [512, 256] transpose in memory (h and d merge)
    assert plan_permute(_entry("s")).dims == ((256, 512), (512, 1))
    assert plan_permute(_entry("m")).dims == ((512, 256), (256, 1))
    assert plan_permute(_entry("o")).dims == ((37, 45), (45, 1), (3, 37 * 45))
    assert plan_permute(_entry("dt")).dims == ((20, 33), (33, 1)) and plan_permute(_entry("dt")).es == 8
    assert plan_permute(_entry("it")).dims == ((40, 24), (24, 1))
    assert plan_permute(_entry("cc")).dims == ((50, 70), (70, 1))
    # two batch dims, in the output's order (mixed radix over them)
    assert plan_permute(_entry("qt")).dims == ((24, 33), (33, 1), (4, 5 * 24 * 33), (5, 24 * 33))
    # rows of 64 moved whole: the loop kernel's vector copies already read and write contiguously
    assert plan_permute(_entry("w")) is None
    assert plan_permute(_entry("x")) is None


@pytest.fixture(scope="module")
def exe():
    return compile_text(TEXT)


def test_moves_every_element_like_numpy(exe):
    rng = np.random.default_rng(5)
    x = rng.standard_normal((256, 512)).astype(np.float32)
    h = rng.standard_normal((8, 64, 256)).astype(np.float32)
    odd = rng.standard_normal((3, 37, 45)).astype(np.float32)
    d = rng.standard_normal((20, 33))
    i = rng.integers(-2**31, 2**31 - 1, (40, 24), dtype=np.int32)
    c = rng.standard_normal((50, 70)).astype(np.float32)
    q = rng.standard_normal((4, 5, 24, 33)).astype(np.float32)
    want = [x.reshape(256, 8, 64).transpose(1, 2, 0), h.transpose(2, 0, 1).reshape(256, 512),
            x.reshape(256, 8, 64).transpose(1, 0, 2), odd.transpose(0, 2, 1), d.T, i.T, c,
            q.transpose(1, 0, 3, 2)]
    for threads in (1, 2, 3):
        exe.threads = threads
        got = exe([x, h, odd, d, i, c, q])
        for k, (g, w) in enumerate(zip(got, want)):
            g = np.asarray(g)
            assert g.dtype == w.dtype and np.array_equal(g, w), (threads, k)
