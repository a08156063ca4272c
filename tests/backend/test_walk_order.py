"""Kernels over transposed fused operands walk them in their own order (kernels/walk_order.py): which
walk is chosen for reduces and loop fusions, and that every walk gives numpy's results (sums against a
float64 reference, loops exactly), on 1 and 2 threads, for the host and for an AVX2-only x86-64-v3
target, with dims that take full tiles, a short tile (half of TILE), a whole dim as the tile, and no
tile (the layout order stays)."""

from __future__ import annotations

import numpy as np
import pytest
from mathref import compile_text, options_for, runs_here

from hloc.backend.llvm.kernels.walk_order import TILE_ELEMENTS as TILE
from hloc.backend.llvm.kernels.walk_order import Walk, loop_walk, reduce_walk
from hloc.parse import parse_module

ADD = """add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

addi {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  ROOT s = s32[] add(a, b)
}

max {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] maximum(a, b)
}
"""


def module(n: int, h: int, w: int, c: int) -> str:
    """Batch-norm statistics as PyTorch/XLA's NCHW graph over an NHWC convolution leaves them: sums
    (and a max, `maxes`) over N, H, W of an NHWC buffer seen through a transpose, alone (`only`) and mixed with
    an NCHW buffer (`mixed`), an s32 sum, and a reduce of an NCHW buffer that needs no walk (`plain`)."""
    nchw, nhwc = f"[{n},{c},{h},{w}]", f"[{n},{h},{w},{c}]"
    return f"""HloModule walks

{ADD}
only {{
  p = f32{nhwc}{{3,2,1,0}} parameter(0)
  t = f32{nchw}{{3,2,1,0}} transpose(p), dimensions={{0,3,1,2}}
  sq = f32{nchw} multiply(t, t)
  z = f32[] constant(0)
  r1 = f32[{c}] reduce(sq, z), dimensions={{0,2,3}}, to_apply=add
  r2 = f32[{c}] reduce(t, z), dimensions={{0,2,3}}, to_apply=add
  ROOT out = (f32[{c}], f32[{c}]) tuple(r1, r2)
}}

maxes {{
  p = f32{nhwc}{{3,2,1,0}} parameter(0)
  t = f32{nchw}{{3,2,1,0}} transpose(p), dimensions={{0,3,1,2}}
  ninf = f32[] constant(-inf)
  ROOT r = f32[{c}] reduce(t, ninf), dimensions={{0,2,3}}, to_apply=max
}}

mixed {{
  p = f32{nhwc}{{3,2,1,0}} parameter(0)
  q = f32{nchw}{{3,2,1,0}} parameter(1)
  t = f32{nchw} transpose(p), dimensions={{0,3,1,2}}
  m = f32{nchw} multiply(t, q)
  z = f32[] constant(0)
  r1 = f32[{c}] reduce(m, z), dimensions={{0,2,3}}, to_apply=add
  r2 = f32[{c}] reduce(q, z), dimensions={{0,2,3}}, to_apply=add
  ROOT out = (f32[{c}], f32[{c}]) tuple(r1, r2)
}}

ints {{
  p = s32{nhwc}{{3,2,1,0}} parameter(0)
  t = s32{nchw} transpose(p), dimensions={{0,3,1,2}}
  z = s32[] constant(0)
  ROOT r = s32[{c}] reduce(t, z), dimensions={{0,2,3}}, to_apply=addi
}}

plain {{
  q = f32{nchw}{{3,2,1,0}} parameter(0)
  z = f32[] constant(0)
  ROOT r = f32[{c}] reduce(q, z), dimensions={{0,2,3}}, to_apply=add
}}

ENTRY e {{
  xp = f32{nhwc} parameter(0)
  xq = f32{nchw} parameter(1)
  xi = s32{nhwc} parameter(2)
  fa = (f32[{c}], f32[{c}]) fusion(xp), kind=kInput, calls=only
  fm = f32[{c}] fusion(xp), kind=kInput, calls=maxes
  fb = (f32[{c}], f32[{c}]) fusion(xp, xq), kind=kInput, calls=mixed
  fs = s32[{c}] fusion(xi), kind=kInput, calls=ints
  fd = f32[{c}] fusion(xq), kind=kInput, calls=plain
  ROOT res = ((f32[{c}], f32[{c}]), f32[{c}], (f32[{c}], f32[{c}]), s32[{c}], f32[{c}]) tuple(fa, fm, fb, fs, fd)
}}
"""


def _walk(text: str, fusion: str, root: int = 0) -> Walk | None:
    mod = parse_module(text, "walks.hlo")
    comp = next(i for i in mod.entry.instructions if i.name == fusion).attrs["calls"]
    params = {i for i in comp.instructions if i.opcode == "parameter"}
    reduce = comp.root.operands[root] if comp.root.opcode == "tuple" else comp.root
    return reduce_walk(reduce, params)


def test_which_walk():
    text = module(4, 6, 8, 32)
    # NHWC alone: its own order, N H W C; the channel (kept) innermost, no tiles
    assert _walk(text, "fa") == Walk((0, 2, 3, 1))
    # NHWC mixed with NCHW: the NCHW order with the channel cut into tiles, the in-tile loop innermost
    assert _walk(text, "fb") == Walk((0, 1, 2, 3), 1, TILE)
    assert _walk(text, "fs") == Walk((0, 2, 3, 1))
    assert _walk(text, "fm") == Walk((0, 2, 3, 1))
    # an NCHW buffer is already read in its order
    assert _walk(text, "fd") is None
    # channel counts that do not take TILE-wide tiles: half tiles, the whole dim, or the layout order
    assert _walk(module(2, 3, 5, 24), "fb") == Walk((0, 1, 2, 3), 1, TILE // 2)
    assert _walk(module(2, 3, 5, 12), "fb") == Walk((0, 1, 2, 3), 1, 12)
    assert _walk(module(2, 3, 5, 20), "fb") is None


@pytest.mark.parametrize("cpu", ["default", "x86-64-v3"])
@pytest.mark.parametrize("dims", [(4, 6, 8, 32), (3, 5, 7, 24), (2, 3, 5, 12), (2, 3, 5, 20), (32, 8, 16, 48)])
def test_sums_like_numpy(cpu, dims):
    if (why := runs_here(cpu)) is not None:
        pytest.skip(why)
    n, h, w, c = dims
    exe = compile_text(module(n, h, w, c), options_for(cpu))
    rng = np.random.default_rng(sum(dims))
    p = rng.standard_normal((n, h, w, c)).astype(np.float32)
    q = rng.standard_normal((n, c, h, w)).astype(np.float32)
    i = rng.integers(-1000, 1000, (n, h, w, c), dtype=np.int32)
    t = np.transpose(p, (0, 3, 1, 2)).astype(np.float64)
    q64 = q.astype(np.float64)
    want = [(t * t).sum((0, 2, 3)), t.sum((0, 2, 3)), t.max((0, 2, 3)), (t * q64).sum((0, 2, 3)),
            q64.sum((0, 2, 3))]
    scale = [np.abs(x).sum((0, 2, 3)) for x in (t * t, t, t, t * q64, q64)]
    for threads in (1, 2):
        exe.threads = threads
        (r1, r2), r3, (m1, m2), s, d = exe([p, q, i])
        for k, (got, ref, sc) in enumerate(zip([r1, r2, r3, m1, m2], want, scale)):
            assert np.all(np.abs(np.asarray(got, np.float64) - ref) <= 1e-5 * sc + 1e-6), (threads, k)
        assert np.array_equal(np.asarray(s), np.transpose(i, (0, 3, 1, 2)).sum((0, 2, 3), dtype=np.int32))
        assert np.allclose(np.asarray(d, np.float64), q64.sum((0, 2, 3)), rtol=1e-5, atol=1e-4)


def test_walked_sums_keep_partials():
    # 32768 values of 0.1 per channel: one running f32 sum per output in walk order drifts by 1.6e-5 of
    # the sum (each add rounds the same way at magnitudes up to 3277; 2.6e-4 strictly in order, LLVM
    # interleaves a few under `reassoc`); with partial sums per N slice 8e-7
    n, h, w, c = 32, 32, 32, 16
    exe = compile_text(module(n, h, w, c))
    p = np.full((n, h, w, c), 0.1, np.float32)
    q = np.ones((n, c, h, w), np.float32)
    (_, r2), _, _, _, _ = exe([p, q, np.zeros((n, h, w, c), np.int32)])
    ref = p.astype(np.float64).sum((0, 1, 2))
    assert np.max(np.abs(np.asarray(r2, np.float64) - ref) / ref) < 4e-6


def loop_module(n: int, h: int, w: int, c: int, et: str = "f32") -> str:
    """Loop fusions that read an NHWC buffer through a transpose and write NCHW (`back`), or write a
    transpose of an NCHW computation (`hwcn`, as the weight-gradient convolution's operands), and one
    mixing NHWC and NCHW reads into an NHWC result (`mixed`)."""
    nchw, nhwc, cnhw = f"{et}[{n},{c},{h},{w}]", f"{et}[{n},{h},{w},{c}]", f"{et}[{c},{h},{w},{n}]"
    return f"""HloModule loops

back {{
  p = {nhwc}{{3,2,1,0}} parameter(0)
  s = {et}[{c}]{{0}} parameter(1)
  t = {nchw}{{3,2,1,0}} transpose(p), dimensions={{0,3,1,2}}
  sb = {nchw} broadcast(s), dimensions={{1}}
  m = {nchw} multiply(t, sb)
  ROOT r = {nchw} maximum(m, t)
}}

hwcn {{
  p = {nhwc}{{3,2,1,0}} parameter(0)
  s = {et}[{c}]{{0}} parameter(1)
  t = {nchw}{{3,2,1,0}} transpose(p), dimensions={{0,3,1,2}}
  sb = {nchw} broadcast(s), dimensions={{1}}
  m = {nchw} subtract(t, sb)
  ROOT r = {cnhw} transpose(m), dimensions={{1,2,3,0}}
}}

mixed {{
  p = {nhwc}{{3,2,1,0}} parameter(0)
  q = {nchw}{{3,2,1,0}} parameter(1)
  t = {nchw}{{3,2,1,0}} transpose(p), dimensions={{0,3,1,2}}
  m = {nchw} multiply(t, q)
  ROOT r = {nhwc} transpose(m), dimensions={{0,2,3,1}}
}}

ENTRY e {{
  xp = {nhwc} parameter(0)
  xq = {nchw} parameter(1)
  xs = {et}[{c}] parameter(2)
  fb = {nchw} fusion(xp, xs), kind=kLoop, calls=back
  fh = {cnhw} fusion(xp, xs), kind=kLoop, calls=hwcn
  fm = {nhwc} fusion(xp, xq), kind=kLoop, calls=mixed
  ROOT res = ({nchw}, {cnhw}, {nhwc}) tuple(fb, fh, fm)
}}
"""


def _loop_walk(text: str, fusion: str) -> Walk | None:
    mod = parse_module(text, "loops.hlo")
    instr = next(i for i in mod.entry.instructions if i.name == fusion)
    comp = instr.attrs["calls"]
    return loop_walk([comp.root], instr.shape, {i for i in comp.instructions if i.opcode == "parameter"})


def test_which_loop_walk():
    text = loop_module(8, 8, 16, 32)
    # NCHW written from NHWC: the output's order, W (the output's contiguous dim) in tiles innermost,
    # C (the source's contiguous dim) in tiles, its in-tile loop just outside W's
    assert _loop_walk(text, "fb") == Walk((0, 1, 2, 3), 3, TILE, 1, TILE)
    # [C,H,W,N] from NHWC: N (8, a whole tile) innermost, C in tiles
    assert _loop_walk(text, "fh") == Walk((0, 1, 2, 3), 3, 8, 0, TILE)
    # NHWC from NHWC and NCHW: C innermost, W (NCHW's contiguous dim) in tiles
    assert _loop_walk(text, "fm") == Walk((0, 1, 2, 3), 3, TILE, 2, TILE)
    # a source's contiguous dim that takes no tiles (20 channels): the source's order, only W tiled
    assert _loop_walk(loop_module(8, 8, 16, 20), "fb") == Walk((0, 2, 3, 1), 3, TILE)
    # too small to be worth a walk
    assert _loop_walk(loop_module(2, 3, 5, 16), "fb") is None


@pytest.mark.parametrize("cpu", ["default", "x86-64-v3"])
@pytest.mark.parametrize("dims,et", [((8, 8, 16, 32), "f32"), ((3, 9, 40, 24), "f32"), ((16, 7, 11, 48), "f64"),
                                     ((5, 8, 32, 36), "s32"), ((32, 8, 8, 64), "f32")])
def test_loops_like_numpy(cpu, dims, et):
    if (why := runs_here(cpu)) is not None:
        pytest.skip(why)
    n, h, w, c = dims
    exe = compile_text(loop_module(n, h, w, c, et), options_for(cpu))
    rng = np.random.default_rng(sum(dims))
    dt = {"f32": np.float32, "f64": np.float64, "s32": np.int32}[et]
    if et == "s32":
        p, q, s = (rng.integers(-1000, 1000, shape).astype(dt) for shape in ((n, h, w, c), (n, c, h, w), (c,)))
    else:
        p, q, s = (rng.standard_normal(shape).astype(dt) for shape in ((n, h, w, c), (n, c, h, w), (c,)))
    t = np.transpose(p, (0, 3, 1, 2))
    sb = s[None, :, None, None]
    want = [np.maximum(t * sb, t), np.transpose(t - sb, (1, 2, 3, 0)), np.transpose(t * q, (0, 2, 3, 1))]
    for threads in (1, 2):
        exe.threads = threads
        got = exe([p, q, s])
        for k, (g, ref) in enumerate(zip(got, want)):
            g = np.asarray(g)
            assert g.dtype == ref.dtype and np.array_equal(g, ref), (threads, k)
