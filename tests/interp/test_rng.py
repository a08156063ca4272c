"""Random numbers: the bit generators against Random123's known-answer vectors (the oracle tests check
XLA's state handling and layouts), and the documented determinism of `rng`."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import entry, run

from hloc.interp.ops.rng import philox4x32, threefry2x32

U32 = np.uint32


@pytest.mark.parametrize("ctr,key,want", [
    ((0, 0), (0, 0), (0x6B200159, 0x99BA4EFE)),
    ((0xFFFFFFFF, 0xFFFFFFFF), (0xFFFFFFFF, 0xFFFFFFFF), (0x1CB996FC, 0xBB002BE7)),
    ((0x243F6A88, 0x85A308D3), (0x13198A2E, 0x03707344), (0xC4923A9C, 0x483DF7A0)),
])
def test_threefry2x32_20_known_answers(ctr, key, want):
    a, b = threefry2x32(np.array([ctr[0]], U32), np.array([ctr[1]], U32), *key)
    assert (int(a[0]), int(b[0])) == want


@pytest.mark.parametrize("ctr,key,want", [
    ((0, 0, 0, 0), (0, 0), (0x6627E8D5, 0xE169C58D, 0xBC57AC4C, 0x9B00DBD8)),
    ((0xFFFFFFFF,) * 4, (0xFFFFFFFF, 0xFFFFFFFF), (0x408F276D, 0x41C83B0E, 0xA20BC7C6, 0x6D5451FD)),
    ((0x243F6A88, 0x85A308D3, 0x13198A2E, 0x03707344), (0xA4093822, 0x299F31D0),
     (0xD16CFE09, 0x94FDCCEB, 0x5001E420, 0x24126EA1)),
])
def test_philox4x32_10_known_answers(ctr, key, want):
    out = philox4x32([np.array([c], U32) for c in ctr], *key)
    assert tuple(int(x[0]) for x in out) == want


def test_rng_bit_generator_advances_the_state_by_the_draws():
    text = entry(["u64[2]"], "(u64[2], u32[3,4]) rng-bit-generator(p0), algorithm=rng_three_fry")
    state, bits = run(text, np.array([7, 100], np.uint64))
    # ThreeFry draws 6 pairs of words (12 / 2) from counters 100.. and keeps the key.
    assert state.tolist() == [7, 106] and bits.dtype == np.uint32 and bits.shape == (3, 4)


def test_rng_is_seeded_and_reproducible():
    text = entry(["f32[]", "f32[]"], "f32[1000] rng(p0, p1), distribution=rng_uniform")
    lo, hi = np.float32(-2), np.float32(3)
    a = run(text, lo, hi)
    assert np.array_equal(a, run(text, lo, hi))
    assert not np.array_equal(a, run(text, lo, hi, rng_seed=1))
    assert a.min() >= -2 and a.max() < 3 and abs(a.mean() - 0.5) < 0.3
    text = entry(["f32[]", "f32[]"], "f32[4000] rng(p0, p1), distribution=rng_normal")
    n = run(text, np.float32(10), np.float32(2))
    assert abs(n.mean() - 10) < 0.2 and abs(n.std() - 2) < 0.2
    text = entry(["s32[]", "s32[]"], "s32[1000] rng(p0, p1), distribution=rng_uniform")
    k = run(text, np.int32(3), np.int32(6))
    assert set(np.unique(k).tolist()) == {3, 4, 5}


LOOP = """
cond {
  s = (s32[], u64[2]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(3)
  ROOT lt = pred[] compare(i, n), direction=LT
}

body {
  s = (s32[], u64[2]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  one = s32[] constant(1)
  j = s32[] add(i, one)
  st = u64[2] rng-get-and-update-state(), delta=5
  ROOT t = (s32[], u64[2]) tuple(j, st)
}
"""


def test_rng_get_and_update_state_per_instruction_like_xla_cpu():
    # Each instruction has its own state from XLA:CPU's 0x7012395, advanced by delta per execution.
    text = entry([], "(u64[2], (s32[], u64[2])) tuple(a, w)", LOOP,
                 body="  a = u64[2] rng-get-and-update-state(), delta=7\n  z = s32[] constant(0)\n"
                      "  zz = u64[2] constant({0, 0})\n  t = (s32[], u64[2]) tuple(z, zz)\n"
                      "  w = (s32[], u64[2]) while(t), condition=cond, body=body")
    a, (i, last) = run(text)
    assert a.tolist() == [0x7012395, 0] and i == 3 and last.tolist() == [0x7012395 + 10, 0]
    a, _ = run(text, rng_seed=3)
    assert a.tolist() == [0x7012395 + 3, 0]
