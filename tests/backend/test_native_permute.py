"""Transposing data movement tiled in registers (kernels/permute.py): which instructions take it (a
transpose, a layout-changing copy, a loop fusion that only reshapes and transposes one operand), and
that they move every element where numpy's transposes put it, on 1, 2 and 3 threads, with partial
tiles at the edges of both transposed dims."""

from __future__ import annotations

import ml_dtypes
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


def _shape(et: str, dims, m2m) -> str:
    return f"{et}[{','.join(map(str, dims))}]{{{','.join(map(str, m2m))}}}"


def _random_case(rng, k: int, etypes=("f32", "s32", "f64")):
    """A fusion of a random transpose / reshape chain over an operand in a random layout, its result in
    a random layout (and the same moves in numpy, on the logical arrays)."""
    rank = int(rng.integers(2, 5))
    dims = [int(rng.choice([8, 9, 12, 16, 17, 24, 33])) for _ in range(rank)]
    while int(np.prod(dims)) > 40000:
        dims[int(np.argmax(dims))] //= 2
    et = str(rng.choice(list(etypes)))
    in_m2m = [int(d) for d in rng.permutation(rank)]
    lines, cur, name, steps = [f"  p = {_shape(et, dims, in_m2m)} parameter(0)"], list(dims), "p", []
    for j in range(int(rng.integers(1, 4))):
        if rng.random() < 0.6 or len(cur) < 2:
            perm = [int(d) for d in rng.permutation(len(cur))]
            cur = [cur[d] for d in perm]
            steps.append(("t", perm))
            op = f"transpose({name}), dimensions={{{','.join(map(str, perm))}}}"
        else:  # merge two neighbouring dims
            at = int(rng.integers(0, len(cur) - 1))
            cur = cur[:at] + [cur[at] * cur[at + 1]] + cur[at + 2:]
            steps.append(("r", list(cur)))
            op = f"reshape({name})"
        default = list(range(len(cur)))[::-1]
        lines.append(f"  s{j} = {_shape(et, cur, default)} {op}")
        name = f"s{j}"
    out_m2m = [int(d) for d in rng.permutation(len(cur))]
    lines[-1] = lines[-1].replace(_shape(et, cur, list(range(len(cur)))[::-1]), _shape(et, cur, out_m2m), 1)
    lines[-1] = "  ROOT " + lines[-1].lstrip()
    text = (f"HloModule r{k}\n\nf {{\n" + "\n".join(lines) + "\n}\n\nENTRY e {\n"
            f"  x = {_shape(et, dims, in_m2m)} parameter(0)\n"
            f"  ROOT y = {_shape(et, cur, out_m2m)} fusion(x), kind=kLoop, calls=f\n}}\n")
    return text, et, dims, steps


def _check_moves(text: str, x: np.ndarray, steps, k: int) -> bool:
    """Run the move chain `text` on x with 1 and 2 threads against numpy's `steps`; True when the
    chain is planned as a tiled permute."""
    tiled = plan_permute(parse_module(text, f"r{k}.hlo").entry.root) is not None
    want = x
    for kind, arg in steps:
        want = want.transpose(arg) if kind == "t" else want.reshape(arg)
    exe = compile_text(text)
    for threads in (1, 2):
        exe.threads = threads
        got = np.asarray(exe([x]))
        assert got.dtype == want.dtype and np.array_equal(got, want), (k, threads, text)
    return tiled


def test_random_move_chains_match_numpy():
    rng = np.random.default_rng(2026)
    tiled = 0
    for k in range(40):
        text, et, dims, steps = _random_case(rng, k)
        dt = {"f32": np.float32, "s32": np.int32, "f64": np.float64}[et]
        tiled += _check_moves(text, rng.integers(-1000, 1000, dims).astype(dt), steps, k)
    assert tiled >= 10  # (the chains that transpose in memory, of the 40)


def test_random_moves_of_narrow_elements_match_numpy():
    """8- and 16-bit elements (bf16 weights, int8): tiled the same way, 8 x 8 tiles for 16 bits."""
    rng = np.random.default_rng(2027)
    types = {"bf16": ml_dtypes.bfloat16, "f16": np.float16, "s8": np.int8, "u16": np.uint16}
    tiled = 0
    for k in range(24):
        text, et, dims, steps = _random_case(rng, k, tuple(types))
        module = parse_module(text, f"n{k}.hlo")
        tiled += plan_permute(module.entry.root) is not None
        x = rng.integers(-100, 100, dims).astype(types[et])
        want = x
        for kind, arg in steps:
            want = want.transpose(arg) if kind == "t" else want.reshape(arg)
        exe = compile_text(text)
        for threads in (1, 2):
            exe.threads = threads
            got = np.asarray(exe([x]))
            same = np.array_equal(got.view(np.uint8), np.ascontiguousarray(want).view(np.uint8))
            assert got.dtype == want.dtype and same, (k, threads, text)
    assert tiled >= 6


def test_empty_moves_are_left_to_the_loop_kernel():
    module = parse_module("""HloModule e
f {
  p = f32[4,0,16] parameter(0)
  r = f32[4,0,2,8] reshape(p)
  ROOT t = f32[8,2,0,4] transpose(r), dimensions={3,2,1,0}
}
ENTRY e {
  x = f32[4,0,16] parameter(0)
  ROOT y = f32[8,2,0,4] fusion(x), kind=kLoop, calls=f
}
""", "e.hlo")
    assert plan_permute(module.entry.root) is None


BITCAST_TEXT = """HloModule bitcast_transpose

ENTRY e {
  w = f32[40,24]{1,0} parameter(0)
  v = f32[24]{0} parameter(1)
  u = f32[3,1,5]{2,1,0} parameter(2)
  t = f32[24,40]{0,1} transpose(w), dimensions={1,0}
  d = f32[40]{0} dot(v, t), lhs_contracting_dims={0}, rhs_contracting_dims={0}
  moved = f32[24,40]{1,0} transpose(w), dimensions={1,0}
  tu = f32[1,5,3]{1,0,2} transpose(u), dimensions={1,2,0}
  q = f32[6,6]{1,0} parameter(3)
  tq = f32[6,6]{0,1} transpose(q), dimensions={1,0}
  ROOT out = (f32[40], f32[24,40]{0,1}, f32[24,40], f32[1,5,3]{1,0,2}, f32[6,6]{0,1}) tuple(d, t, moved, tu, tq)
}
"""


def test_transposes_that_keep_the_physical_order_are_bitcasts():
    """XLA's layout assignment writes [N,K]{1,0} -> [K,N]{0,1} transposes (gemma3's 600 MB embedding
    before its dot): the same bytes, so no kernel (the users read the operand's buffer in the
    result's layout); a result among the outputs is still the transpose's."""
    from hloc.passes.analysis.buffer_assignment import aliases_operand

    module = parse_module(BITCAST_TEXT, "b.hlo")
    by_name = {i.name: i for i in module.entry.instructions}
    assert aliases_operand(by_name["t"]) and aliases_operand(by_name["tu"])
    # (a square one keeps its dims: the buffer in another layout would read as a layout change)
    assert not aliases_operand(by_name["moved"]) and not aliases_operand(by_name["tq"])
    rng = np.random.default_rng(7)
    w = rng.standard_normal((40, 24)).astype(np.float32)
    v = rng.standard_normal(24).astype(np.float32)
    u = rng.standard_normal((3, 1, 5)).astype(np.float32)
    q = rng.standard_normal((6, 6)).astype(np.float32)
    exe = compile_text(BITCAST_TEXT)
    for threads in (1, 2):
        exe.threads = threads
        d, t, moved, tu, tq = (np.asarray(g) for g in exe([w, v, u, q]))
        np.testing.assert_allclose(d, w.astype(np.float64) @ v, rtol=1e-5, atol=1e-5)
        assert np.array_equal(t, w.T) and np.array_equal(moved, w.T)
        assert np.array_equal(tu, u.transpose(1, 2, 0)) and np.array_equal(tq, q.T)


def test_complex64_layout_copies_are_tiled_and_move_whole_elements():
    """A c64 element moves as one 8-byte unit (both components together): the LU solves' layout
    copies of [256, 256] c64 matrices (jax's linalg) are transposes in memory like an f64 one's."""
    module = parse_module("""HloModule c
ENTRY e {
  x = c64[40,24]{1,0} parameter(0)
  ROOT y = c64[40,24]{0,1} copy(x)
}
""", "c.hlo")
    plan = plan_permute(module.entry.root)
    assert plan is not None and plan.dims == ((40, 24), (24, 1)) and plan.es == 8


def test_random_moves_of_complex_elements_match_numpy():
    rng = np.random.default_rng(2028)
    types = {"c64": np.complex64, "c128": np.complex128}
    tiled = 0
    for k in range(16):
        text, et, dims, steps = _random_case(rng, k, tuple(types))
        shape = tuple(dims)
        x = (rng.integers(-1000, 1000, shape) + 1j * rng.integers(-1000, 1000, shape)).astype(types[et])
        tiled += _check_moves(text, x, steps, k)
    assert tiled >= 3
