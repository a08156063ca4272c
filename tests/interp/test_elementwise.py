"""Elementwise ops the oracle cannot run (mulhi, sub-byte corners) or that are worth pinning from first
principles: XLA's definitions of the undefined C cases, rounding, conversions."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest
from helpers import entry, run


def binary(t: str, op: str, a, b):
    n = len(a)
    return run(entry([f"{t}[{n}]", f"{t}[{n}]"], f"{t}[{n}] {op}(p0, p1)"), np.asarray(a), np.asarray(b))


@pytest.mark.parametrize("t,dt", [("s32", np.int32), ("u32", np.uint32), ("s64", np.int64), ("u64", np.uint64),
                                  ("s8", np.int8)])
def test_mulhi_is_the_high_half_of_the_double_width_product(t, dt):
    bits = np.dtype(dt).itemsize * 8
    info = np.iinfo(dt)
    vals = [0, 1, -1, 3, -5, info.max, info.min, info.max // 3, 12345, -987]
    a = np.array([v % (1 << bits) for v in vals], np.uint64).astype(f"u{bits // 8}").view(dt)
    b = np.roll(a, 3)
    got = binary(t, "mulhi", a, b)
    want = [((int(x) * int(y)) >> bits) for x, y in zip(a, b)]
    want = np.array([w % (1 << bits) for w in want], np.uint64).astype(f"u{bits // 8}").view(dt)
    assert got.tolist() == want.tolist()



@pytest.mark.parametrize("t,dt,bits", [("s4", ml_dtypes.int4, 4), ("u4", ml_dtypes.uint4, 4), ("s2", ml_dtypes.int2, 2),
                                       ("u2", ml_dtypes.uint2, 2)])
def test_mulhi_of_sub_byte_ints_is_the_high_half_of_their_own_width(t, dt, bits):
    """(found by the fuzzer, seed 1113: the interpreter took the high half of the int8 it computes in)"""
    info = ml_dtypes.iinfo(dt)
    pairs = [(x, y) for x in range(int(info.min), int(info.max) + 1) for y in range(int(info.min), int(info.max) + 1)]
    a, b = np.array([x for x, _ in pairs]).astype(dt), np.array([y for _, y in pairs]).astype(dt)
    got = binary(t, "mulhi", a, b)
    assert got.astype(int).tolist() == [(x * y) >> bits for x, y in pairs]

def test_integer_division_edge_cases():
    a = np.array([7, -7, 7, -2**31, -2**31, 5], np.int32)
    b = np.array([2, 2, 0, -1, 1, -3], np.int32)
    assert binary("s32", "divide", a, b).tolist() == [3, -3, -1, -2**31, -2**31, -1]
    assert binary("s32", "remainder", a, b).tolist() == [1, -1, 7, 0, 0, 2]
    u = np.array([7, 7], np.uint32)
    assert binary("u32", "divide", u, np.array([0, 2], np.uint32)).tolist() == [2**32 - 1, 3]
    assert binary("u32", "remainder", u, np.array([0, 2], np.uint32)).tolist() == [7, 1]


def test_shifts_past_the_width():
    a = np.array([-8, -8, 5, 5, -1], np.int32)
    b = np.array([1, 40, 32, -1, 31], np.int32)  # -1 is a huge unsigned amount
    assert binary("s32", "shift-left", a, b).tolist() == [-16, 0, 0, 0, -2**31]
    assert binary("s32", "shift-right-arithmetic", a, b).tolist() == [-4, -1, 0, 0, -1]
    assert binary("s32", "shift-right-logical", a, b).tolist() == [2**31 - 4, 0, 0, 0, 1]


def test_sub_byte_integers_wrap():
    s4 = ml_dtypes.int4
    a = np.array([7, -8, 5, -3], s4)
    b = np.array([1, -1, 5, 2], s4)
    assert binary("s4", "add", a, b).astype(int).tolist() == [-8, 7, -6, -1]
    assert binary("s4", "multiply", a, b).astype(int).tolist() == [7, -8, -7, -6]
    assert binary("s4", "divide", a, np.array([0, -1, 2, 2], s4)).astype(int).tolist() == [-1, -8, 2, -1]


def test_rounding_ops():
    x = np.array([0.5, 1.5, 2.5, -0.5, -2.5, 0.49999997, -0.3, -0.0], np.float32)
    text = entry(["f32[8]"], "(f32[8], f32[8]) tuple(a, e)",
                 body="  a = f32[8] round-nearest-afz(p0)\n  e = f32[8] round-nearest-even(p0)")
    afz, even = run(text, x)
    assert afz.tolist() == [1, 2, 3, -1, -3, 0, 0, 0] and np.signbit(afz[6:]).all()
    assert even.tolist() == [0, 2, 2, 0, -2, 0, 0, 0] and np.signbit(even[[3, 6, 7]]).all()


def test_sign_and_float_to_int_saturation():
    x = np.array([-0.0, 0.0, -3, 2, np.nan, 3e9, -3e9, 2147483520.0], np.float32)
    text = entry(["f32[8]"], "(f32[8], s32[8], u8[8]) tuple(s, i, u)",
                 body="  s = f32[8] sign(p0)\n  i = s32[8] convert(p0)\n  u = u8[8] convert(p0)")
    s, i, u = run(text, x)
    assert np.array_equal(s, [-0.0, 0, -1, 1, np.nan, 1, -1, 1], equal_nan=True) and np.signbit(s[0])
    assert i.tolist() == [0, 0, -3, 2, 0, 2**31 - 1, -2**31, 2147483520]
    assert u.tolist() == [0, 0, 0, 2, 0, 255, 0, 255]


def test_bf16_arithmetic_rounds_each_op():
    a = np.array([1.0, 256.0], ml_dtypes.bfloat16)
    b = np.array([2.0**-8, 1.0], ml_dtypes.bfloat16)
    # 1 + 2**-8 and 256 + 1 are ties in bf16 (8 significant bits): both round to even.
    assert binary("bf16", "add", a, b).astype(np.float32).tolist() == [1.0, 256.0]


def test_stochastic_convert_rounds_up_below_the_fraction():
    x = np.array([1.25, 1.25, -1.25, -1.25, 2.0, np.nan, 1e10], np.float32)
    r = np.array([0, 2**30, 2**30 - 1, 2**31, 0, 5, 0], np.uint32)  # 0.25 * 2**32 = 2**30
    text = entry(["f32[7]", "u32[7]"], "s32[7] stochastic-convert(p0, p1)")
    assert run(text, x, r).tolist() == [2, 1, -2, -1, 2, 0, 2**31 - 1]


def test_clz_and_popcnt_of_wide_unsigned():
    x = np.array([0, 1, 2**63, 2**64 - 1, 12345], np.uint64)
    text = entry(["u64[5]"], "(u64[5], u64[5]) tuple(c, p)",
                 body="  c = u64[5] count-leading-zeros(p0)\n  p = u64[5] popcnt(p0)")
    c, p = run(text, x)
    assert c.tolist() == [64 - int(v).bit_length() for v in x.tolist()]
    assert p.tolist() == [bin(int(v)).count("1") for v in x.tolist()]


def test_bitcast_convert_between_widths_is_little_endian():
    x = np.array([0x0102030405060708], np.uint64)
    text = entry(["u64[1]"], "u16[1,4] bitcast-convert(p0)")
    assert run(text, x).tolist() == [[0x0708, 0x0506, 0x0304, 0x0102]]
    text = entry(["u8[2,2]"], "u4[2,2,2] bitcast-convert(p0)")
    out = run(text, np.array([[0x21, 0x43], [0xA9, 0xFE]], np.uint8))
    assert out.astype(int).tolist() == [[[1, 2], [3, 4]], [[9, 10], [14, 15]]]
    text = entry(["s4[3,2]"], "u8[3] bitcast-convert(p0)")
    s4 = np.array([[1, 2], [-1, 0], [-8, 7]], ml_dtypes.int4)
    assert run(text, s4).tolist() == [0x21, 0x0F, 0x78]


@pytest.mark.parametrize("t,dt", [("f16", np.float16), ("f32", np.float32), ("bf16", ml_dtypes.bfloat16)])
@pytest.mark.parametrize("root", ["maximum(p0, p0)", "minimum(p0, p0)", "clamp(c, p0, p0)"])
def test_min_max_clamp_of_zero_sized_arrays(t, dt, root):
    """(The signed-zero fix-up took a zero-sized operand, whose strides may all be 0, for a broadcast
    scalar and read its first value: a crash the differential fuzzer found on f16[1,1,15,0].)"""
    x = np.zeros((1, 1, 15, 0), dt)
    got = run(entry([f"{t}[1,1,15,0]"], f"{t}[1,1,15,0] {root}", body=f"  c = {t}[] constant(1)"), x)
    assert got.shape == (1, 1, 15, 0) and got.dtype == np.dtype(dt)
