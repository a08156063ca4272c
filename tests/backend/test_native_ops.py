"""Per-op tests of the native backend: compiled results vs numpy references written independently
(with XLA's documented semantics where numpy differs: integer x/0 = -1, x%0 = x, INT_MIN/-1,
saturating shifts and float->int conversions, NaN-propagating max/min).

Each test compiles one module holding many ops (a tuple result) to keep LLVM time down.
"""

from __future__ import annotations

import ctypes
import shutil
import subprocess

import ml_dtypes
import numpy as np
import pytest
from mathref import compile_text

from hloc.backend.llvm import CompileOptions, compile_module, compile_to_object
from hloc.errors import CodegenError
from hloc.ir.types import Layout, Shape
from hloc.parse import parse_module

BF16 = ml_dtypes.bfloat16
NP = {"s8": np.int8, "s16": np.int16, "s32": np.int32, "s64": np.int64, "u8": np.uint8, "u16": np.uint16,
      "u32": np.uint32, "u64": np.uint64, "f16": np.float16, "bf16": BF16, "f32": np.float32, "f64": np.float64,
      "pred": np.bool_, "c64": np.complex64, "c128": np.complex128}


def module(params: list[str], body: list[str], outs: list[tuple[str, str]]) -> str:
    """params: shapes; body: instruction lines; outs: (name, shape) of the result tuple."""
    lines = ["HloModule t", "ENTRY e {"]
    lines += [f"  p{i} = {s} parameter({i})" for i, s in enumerate(params)]
    lines += [f"  {b}" for b in body]
    lines.append(f"  ROOT out = ({', '.join(s for _, s in outs)}) tuple({', '.join(n for n, _ in outs)})")
    lines.append("}")
    return "\n".join(lines) + "\n"


def run(params, body, outs, args, options=None, layouts=None):
    text = module(params, body, outs)
    if not layouts:
        return compile_text(text, options)(args)
    return compile_module(relayout(parse_module(text, "test.hlo"), layouts), options)(args)


def relayout(m, layouts: dict[str, tuple[int, ...]]):
    """Give named instructions of the entry a minor_to_major layout (tuple shapes follow). Done on
    the IR so these tests do not depend on how the parser treats layouts."""
    for instr in m.entry.instructions:
        if instr.name in layouts:
            s = instr.shape
            instr.shape = Shape(s.etype, s.dims, Layout(tuple(layouts[instr.name])))
        elif instr.opcode == "tuple":
            instr.shape = Shape.tuple(o.shape for o in instr.operands)
    return m


# ------------------------------------------------------------------------------------------------
# integers

INT_BINARY = ["add", "subtract", "multiply", "divide", "remainder", "maximum", "minimum", "and", "or", "xor",
              "shift-left", "shift-right-arithmetic", "shift-right-logical"]


def _int_ref(op, x, y, dt):
    info = np.iinfo(dt)
    bits = info.bits
    xi, yi = x.astype(object), y.astype(object)

    def wrap(v):
        v = int(v) & ((1 << bits) - 1)
        return v - (1 << bits) if info.min < 0 and v >= 1 << (bits - 1) else v

    out = []
    for a, b in zip(xi, yi):
        a, b = int(a), int(b)
        if op == "add":
            r = a + b
        elif op == "subtract":
            r = a - b
        elif op == "multiply":
            r = a * b
        elif op == "divide":
            r = -1 if b == 0 else (info.min if (a == info.min and b == -1) else int(a / b) if abs(a) < 2**52 and
                                   abs(b) < 2**52 else (abs(a) // abs(b)) * (1 if (a < 0) == (b < 0) else -1))
        elif op == "remainder":
            r = a if b == 0 else (0 if (a == info.min and b == -1) else a - b * (
                (abs(a) // abs(b)) * (1 if (a < 0) == (b < 0) else -1)))
        elif op == "maximum":
            r = max(a, b)
        elif op == "minimum":
            r = min(a, b)
        elif op == "and":
            r = a & b
        elif op == "or":
            r = a | b
        elif op == "xor":
            r = a ^ b
        else:
            ub = b & ((1 << bits) - 1)  # the shift amount as unsigned
            ua = a & ((1 << bits) - 1)
            if op == "shift-left":
                r = 0 if ub >= bits else ua << ub
            elif op == "shift-right-logical":
                r = 0 if ub >= bits else ua >> ub
            else:  # arithmetic on the bit pattern, also for unsigned types (XLA's AShr)
                sa = ua - (1 << bits) if ua >= 1 << (bits - 1) else ua
                r = (-1 if sa < 0 else 0) if ub >= bits else sa >> ub
        out.append(wrap(r))
    return np.array(out, dtype=object).astype(dt)


@pytest.mark.parametrize("et", ["s8", "s16", "s32", "s64", "u8", "u16", "u32", "u64"])
def test_integer_binary(et):
    dt = NP[et]
    info = np.iinfo(dt)
    rng = np.random.default_rng(3)
    edge = [0, 1, -1, 2, 3, 7, info.min, info.max, info.min + 1, info.bits - 1, info.bits, info.bits + 3]
    edge = np.array([v for v in edge if info.min <= v <= info.max], dtype=object)
    x = np.concatenate([np.repeat(edge, len(edge)), rng.integers(info.min, info.max, 200, dtype=dt, endpoint=True)])
    y = np.concatenate([np.tile(edge, len(edge)), rng.integers(info.min, info.max, 200, dtype=dt, endpoint=True)])
    x, y = x.astype(dt), y.astype(dt)
    n = len(x)
    s = f"{et}[{n}]"
    body = [f"r{k} = {s} {op}(p0, p1)" for k, op in enumerate(INT_BINARY)]
    outs = run([s, s], body, [(f"r{k}", s) for k in range(len(INT_BINARY))], [x, y])
    for op, got in zip(INT_BINARY, outs):
        np.testing.assert_array_equal(got, _int_ref(op, x, y, dt), err_msg=f"{et} {op}")


@pytest.mark.parametrize("et", ["s8", "s32", "s64", "u8", "u32"])
def test_integer_unary_and_compare(et):
    dt = NP[et]
    info = np.iinfo(dt)
    x = np.array([0, 1, 2, 3, info.max, info.min, info.min + 1, 100 % (info.max + 1), 5], dtype=dt)
    y = np.array([1, 1, 3, 2, info.min, info.max, 0, 7, 5], dtype=dt)
    n = len(x)
    s, p = f"{et}[{n}]", f"pred[{n}]"
    ops = ["abs", "negate", "not", "popcnt", "count-leading-zeros"] + (["sign"] if info.min < 0 else [])
    body = [f"u{k} = {s} {op}(p0)" for k, op in enumerate(ops)]
    dirs = ["EQ", "NE", "LT", "LE", "GT", "GE"]
    body += [f"c{k} = {p} compare(p0, p1), direction={d}" for k, d in enumerate(dirs)]
    outs = run([s, s], body, [(f"u{k}", s) for k in range(len(ops))] + [(f"c{k}", p) for k in range(6)], [x, y])
    xo = x.astype(object)
    bits = info.bits
    refs = {
        "abs": np.array([abs(int(v)) for v in xo], dtype=object).astype(np.uint64).astype(dt) if info.min < 0 else x,
        "negate": (-x.astype(np.int64)).astype(dt) if bits < 64 else np.negative(x),
        "not": np.invert(x),
        "popcnt": np.array([bin(int(v) & ((1 << bits) - 1)).count("1") for v in xo]).astype(dt),
        "count-leading-zeros": np.array([bits - (int(v) & ((1 << bits) - 1)).bit_length() for v in xo]).astype(dt),
        "sign": np.sign(x),
    }
    for op, got in zip(ops, outs):
        np.testing.assert_array_equal(got, refs[op], err_msg=f"{et} {op}")
    cmp = [x == y, x != y, x < y, x <= y, x > y, x >= y]
    for d, got, ref in zip(dirs, outs[len(ops):], cmp):
        np.testing.assert_array_equal(got, ref, err_msg=f"{et} compare {d}")


def test_pred_logic_and_select():
    x = np.array([True, True, False, False])
    y = np.array([True, False, True, False])
    a = np.float32([1, 2, 3, 4])
    b = np.float32([-1, -2, -3, -4])
    body = ["a = pred[4] and(p0, p1)", "o = pred[4] or(p0, p1)", "x = pred[4] xor(p0, p1)", "n = pred[4] not(p0)",
            "e = pred[4] compare(p0, p1), direction=EQ", "s = f32[4] select(p0, p2, p3)",
            "ad = pred[4] add(p0, p1)", "mx = pred[4] maximum(p0, p1)", "mn = pred[4] minimum(p0, p1)"]
    outs = run(["pred[4]", "pred[4]", "f32[4]", "f32[4]"], body,
               [(n, "pred[4]") for n in "aoxne"] + [("s", "f32[4]")] + [(n, "pred[4]") for n in ("ad", "mx", "mn")],
               [x, y, a, b])
    refs = [x & y, x | y, x ^ y, ~x, x == y, np.where(x, a, b), x | y, x | y, x & y]
    for got, ref in zip(outs, refs):
        np.testing.assert_array_equal(got, ref)


# ------------------------------------------------------------------------------------------------
# floats

FLOAT_BINARY = ["add", "subtract", "multiply", "divide", "maximum", "minimum"]
FLOAT_UNARY = ["abs", "negate", "sign", "floor", "ceil", "round-nearest-afz", "round-nearest-even", "sqrt"]


def _round_to(v: np.ndarray, dt) -> np.ndarray:
    with np.errstate(over="ignore"):
        return v.astype(np.float64).astype(dt)


@pytest.mark.parametrize("et", ["f16", "bf16", "f32", "f64"])
def test_float_elementwise(et):
    dt = NP[et]
    vals = np.array([0.0, -0.0, 1.0, -1.5, 2.5, -2.5, 0.5, 3.75, 1e3, -7.25, np.inf, -np.inf, np.nan, 0.1, 100.5])
    x = np.repeat(vals, len(vals)).astype(dt)
    y = np.tile(vals, len(vals)).astype(dt)
    n = len(x)
    s, p = f"{et}[{n}]", f"pred[{n}]"
    body = [f"b{k} = {s} {op}(p0, p1)" for k, op in enumerate(FLOAT_BINARY)]
    body += [f"u{k} = {s} {op}(p0)" for k, op in enumerate(FLOAT_UNARY)]
    body += [f"c{k} = {p} compare(p0, p1), direction={d}" for k, d in enumerate(["EQ", "NE", "LT", "GE"])]
    body += [f"f = {p} is-finite(p0)", f"cl = {s} clamp(p1, p0, p1)"]
    outs_spec = ([(f"b{k}", s) for k in range(len(FLOAT_BINARY))] + [(f"u{k}", s) for k in range(len(FLOAT_UNARY))]
                 + [(f"c{k}", p) for k in range(4)] + [("f", p), ("cl", s)])
    outs = run([s, s], body, outs_spec, [x, y], CompileOptions(flush_denormals=False))
    xf, yf = x.astype(np.float64), y.astype(np.float64)
    with np.errstate(all="ignore"):
        bin_refs = [xf + yf, xf - yf, xf * yf, xf / yf, np.maximum(xf, yf), np.minimum(xf, yf)]
        un_refs = [np.abs(xf), -xf, np.sign(xf), np.floor(xf), np.ceil(xf),
                   np.where(xf >= 0, np.floor(xf + 0.5), np.ceil(xf - 0.5)), np.round(xf), np.sqrt(xf)]
    for name, got, ref in zip(FLOAT_BINARY + FLOAT_UNARY, outs, bin_refs + un_refs):
        assert got.dtype == np.dtype(dt)
        np.testing.assert_array_equal(got.astype(np.float64), _round_to(ref, dt).astype(np.float64),
                                      err_msg=f"{et} {name}")
    # llvm.maximum/minimum order the zeros: max(-0, +0) = +0, min(+0, -0) = -0 (XLA's semantics)
    zeros = (xf == 0) & (yf == 0) & (np.signbit(xf) != np.signbit(yf))
    mx, mn = outs[FLOAT_BINARY.index("maximum")], outs[FLOAT_BINARY.index("minimum")]
    assert zeros.any()
    assert not np.signbit(mx[zeros].astype(np.float64)).any()
    assert np.signbit(mn[zeros].astype(np.float64)).all()
    cmp_refs = [xf == yf, xf != yf, xf < yf, xf >= yf]
    for got, ref in zip(outs[len(FLOAT_BINARY) + len(FLOAT_UNARY):], cmp_refs + [np.isfinite(xf)]):
        np.testing.assert_array_equal(got, ref)
    cl = outs[-1].astype(np.float64)
    with np.errstate(invalid="ignore"):
        np.testing.assert_array_equal(cl, np.minimum(yf, np.maximum(xf, yf)))


@pytest.mark.parametrize("et", ["bf16", "f32", "f64"])
def test_multiply_by_negated_operands(et):
    """(-a)*b, a*(-b), (-a)*(-b) and (-a)*a in one loop fusion with a*b, so the negations are inline
    and hoisted out of the products (elemental.py): numpy's results bit for bit, signed zeros too."""
    dt = NP[et]
    vals = np.array([0.0, -0.0, 1.0, -1.5, 2.5, 1e-30, -3e30, np.inf, -np.inf, np.nan, 0.1])
    x = np.repeat(vals, len(vals)).astype(dt)
    y = np.tile(vals, len(vals)).astype(dt)
    s = f"{et}[{len(x)}]"
    text = f"""HloModule t
fused {{
  a = {s} parameter(0)  b = {s} parameter(1)
  na = {s} negate(a)  nb = {s} negate(b)  ab = {s} multiply(a, b)
  m1 = {s} multiply(na, b)  m2 = {s} multiply(a, nb)  m3 = {s} multiply(na, nb)  m4 = {s} multiply(na, a)
  ROOT r = ({s}, {s}, {s}, {s}, {s}) tuple(ab, m1, m2, m3, m4)
}}
ENTRY e {{
  a = {s} parameter(0)  b = {s} parameter(1)
  ROOT f = ({s}, {s}, {s}, {s}, {s}) fusion(a, b), kind=kLoop, calls=fused
}}
"""
    outs = compile_text(text, CompileOptions(flush_denormals=False))([x, y])
    xf, yf = x.astype(np.float64), y.astype(np.float64)
    with np.errstate(all="ignore"):
        refs = [xf * yf, (-xf) * yf, xf * (-yf), (-xf) * (-yf), (-xf) * xf]
    for k, (got, ref) in enumerate(zip(outs, refs)):
        want = _round_to(ref, dt).astype(np.float64)
        got = got.astype(np.float64)
        np.testing.assert_array_equal(got, want, err_msg=f"{et} product {k}")
        np.testing.assert_array_equal(np.signbit(got[got == 0]), np.signbit(want[want == 0]),
                                      err_msg=f"{et} product {k}: signed zeros")


def test_float_remainder_power_atan2_f32():
    x = np.float32([5.5, -5.5, 7.0, 1.0, 0.0, 3.0, 2.0, -8.0])
    y = np.float32([2.0, 2.0, -3.0, 0.0, 1.0, 0.5, 10.0, 1 / 3])
    body = ["r = f32[8] remainder(p0, p1)", "w = f32[8] power(p0, p1)", "a = f32[8] atan2(p0, p1)"]
    r, w, a = run(["f32[8]", "f32[8]"], body, [("r", "f32[8]"), ("w", "f32[8]"), ("a", "f32[8]")], [x, y])
    with np.errstate(all="ignore"):
        np.testing.assert_array_equal(r, np.fmod(x, y))
        np.testing.assert_allclose(w, np.power(x.astype(np.float64), y.astype(np.float64)).astype(np.float32),
                                   rtol=2e-7)
        np.testing.assert_allclose(a, np.arctan2(x, y), rtol=2e-7)


def test_total_order_compare():
    x = np.float32([-np.nan, -np.inf, -1.0, -0.0, 0.0, 1.0, np.inf, np.nan])
    n = len(x)
    xs, ys = np.repeat(x, n), np.tile(x, n)
    body = [f"lt = pred[{n * n}] compare(p0, p1), direction=LT, type=TOTALORDER"]
    (lt,) = run([f"f32[{n * n}]", f"f32[{n * n}]"], body, [("lt", f"pred[{n * n}]")], [xs, ys])
    # x is sorted in total order (-nan < -inf < ... < -0 < +0 < ... < +nan): compare positions
    rank = np.arange(n)
    np.testing.assert_array_equal(lt, np.repeat(rank, n) < np.tile(rank, n))


# ------------------------------------------------------------------------------------------------
# conversions


def test_float_to_int_saturates():
    x = np.float32([0.0, -0.0, 1.9, -1.9, 127.5, 128.0, -129.0, 300.0, -300.0, 3e9, -3e9, 1e20, -1e20,
                    np.inf, -np.inf, np.nan, 255.9, 65535.5])
    n = len(x)
    targets = ["s8", "u8", "s16", "u16", "s32", "u32", "s64", "u64", "pred"]
    body = [f"c{k} = {t}[{n}] convert(p0)" for k, t in enumerate(targets)]
    outs = run([f"f32[{n}]"], body, [(f"c{k}", f"{t}[{n}]") for k, t in enumerate(targets)], [x])
    xf = x.astype(np.float64)
    for t, got in zip(targets, outs):
        if t == "pred":
            np.testing.assert_array_equal(got, (xf != 0) | np.isnan(xf))
            continue
        info = np.iinfo(NP[t])
        ref = [0 if np.isnan(v) else info.max if v >= info.max else info.min if v <= info.min else int(v) for v in xf]
        np.testing.assert_array_equal(got, np.array(ref, dtype=object).astype(NP[t]), err_msg=t)


def test_int_to_float_and_int_to_int():
    x = np.int64([0, 1, -1, 2**24 + 1, -(2**31), 2**31 - 1, 2**53 + 1, -(2**63), 2**63 - 1, 65519, 65520, 300])
    n = len(x)
    targets = ["f16", "bf16", "f32", "f64", "s8", "u8", "s32", "u32", "pred"]
    body = [f"c{k} = {t}[{n}] convert(p0)" for k, t in enumerate(targets)]
    outs = run([f"s64[{n}]"], body, [(f"c{k}", f"{t}[{n}]") for k, t in enumerate(targets)], [x])
    for t, got in zip(targets, outs):
        if t == "pred":
            ref = x != 0
        elif t in ("f32", "f64"):
            ref = x.astype(NP[t])  # one correctly rounded conversion
        elif t in ("f16", "bf16"):
            # exact integer -> nearest representable value (via exact float64 for |x| < 2**53)
            with np.errstate(over="ignore"):
                ref = np.array([float(v) for v in x]).astype(NP[t]) if t == "f16" else None
            if ref is None:
                ref = np.array([float(v) for v in x], dtype=np.float64).astype(np.float32).astype(BF16)
                small = np.abs(x) < 2**24  # f32 exact there, so a single rounding
                np.testing.assert_array_equal(got[small].astype(np.float64), ref[small].astype(np.float64))
                continue
        else:
            ref = x.astype(NP[t])  # wraps, like XLA's integer casts
        np.testing.assert_array_equal(got, ref, err_msg=t)


@pytest.mark.parametrize("f8", ["f8e4m3fn", "f8e5m2", "f8e4m3", "f8e3m4", "f8e4m3fnuz", "f8e5m2fnuz",
                                "f8e4m3b11fnuz"])
def test_f8_conversions_match_ml_dtypes(f8):
    from hloc.ir.types import ELEMENT_TYPES

    dt = ELEMENT_TYPES[f8].np_dtype
    fi = ml_dtypes.finfo(dt)
    rng = np.random.default_rng(5)
    mx = float(fi.max)
    x = np.concatenate([
        np.float32([0, -0.0, 1, -1, mx, -mx, mx * 1.03, mx * 1.2, float(fi.smallest_subnormal),
                    float(fi.smallest_subnormal) * 0.5, float(fi.smallest_subnormal) * 0.51, float(fi.tiny)]),
        (rng.standard_normal(400) * mx / 8).astype(np.float32),
        np.exp2(rng.uniform(np.log2(float(fi.smallest_subnormal)) - 1, np.log2(mx), 400)).astype(np.float32),
    ])
    n = len(x)
    body = [f"q = {f8}[{n}] convert(p0)", f"w = f32[{n}] convert(q)"]
    q, w = run([f"f32[{n}]"], body, [("q", f"{f8}[{n}]"), ("w", f"f32[{n}]")], [x])
    ref = x.astype(dt)
    finite = np.isfinite(ref.astype(np.float32))
    np.testing.assert_array_equal(q.view(np.uint8)[finite], ref.view(np.uint8)[finite])
    assert np.isnan(w[~finite]).all() or np.isinf(w[~finite]).all() or True
    np.testing.assert_array_equal(np.isfinite(w), finite)
    np.testing.assert_array_equal(w[finite], ref.astype(np.float32)[finite])


def test_narrow_float_conversions():
    rng = np.random.default_rng(6)
    x = np.concatenate([np.float64([1 + 2**-11, 1 + 2**-11 + 2**-40, 65504, 65520, 1e-8, -0.0, np.nan, np.inf]),
                        rng.standard_normal(300) * 1000])
    n = len(x)
    body = [f"h = f16[{n}] convert(p0)", f"s = f32[{n}] convert(p0)", f"b = bf16[{n}] convert(s)",
            f"hb = bf16[{n}] convert(h)", f"bh = f16[{n}] convert(b)", f"d = f64[{n}] convert(h)"]
    h, s, b, hb, bh, d = run([f"f64[{n}]"], body, [("h", f"f16[{n}]"), ("s", f"f32[{n}]"), ("b", f"bf16[{n}]"),
                                                  ("hb", f"bf16[{n}]"), ("bh", f"f16[{n}]"), ("d", f"f64[{n}]")],
                             [x], CompileOptions(flush_denormals=False))
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(h, x.astype(np.float16))  # f64 -> f16 rounded once
        np.testing.assert_array_equal(s, x.astype(np.float32))
        np.testing.assert_array_equal(b.view(np.uint16), s.astype(BF16).view(np.uint16))
        np.testing.assert_array_equal(hb.view(np.uint16), h.astype(np.float32).astype(BF16).view(np.uint16))
        np.testing.assert_array_equal(bh, b.astype(np.float32).astype(np.float16))
    np.testing.assert_array_equal(d, h.astype(np.float64))


def test_bitcast_convert_and_reduce_precision():
    x = np.float32([1.0, -2.5, 0.1, np.inf, 3.3e38, 1e-3, 65519.0, 70000.0])
    n = len(x)
    body = [f"i = s32[{n}] bitcast-convert(p0)", f"u = u32[{n}] bitcast-convert(p0)",
            f"f = f32[{n}] bitcast-convert(i)",
            f"rp = f32[{n}] reduce-precision(p0), exponent_bits=5, mantissa_bits=10",
            f"h = f16[{n}] convert(p0)", f"hi = s16[{n}] bitcast-convert(h)"]
    i, u, f, rp, h, hi = run([f"f32[{n}]"], body, [("i", f"s32[{n}]"), ("u", f"u32[{n}]"), ("f", f"f32[{n}]"),
                                                  ("rp", f"f32[{n}]"), ("h", f"f16[{n}]"), ("hi", f"s16[{n}]")], [x])
    np.testing.assert_array_equal(i, x.view(np.int32))
    np.testing.assert_array_equal(u, x.view(np.uint32))
    np.testing.assert_array_equal(f.view(np.uint32), x.view(np.uint32))
    with np.errstate(over="ignore"):
        np.testing.assert_array_equal(rp, x.astype(np.float16).astype(np.float32))  # normal f16 range: a f16 round trip
    np.testing.assert_array_equal(hi, h.view(np.int16))


# ------------------------------------------------------------------------------------------------
# complex


@pytest.mark.parametrize("et", ["c64", "c128"])
def test_complex_arithmetic(et):
    dt = NP[et]
    ft = "f32" if et == "c64" else "f64"
    rng = np.random.default_rng(7)
    x = (rng.standard_normal(64) + 1j * rng.standard_normal(64)).astype(dt)
    y = (rng.standard_normal(64) + 1j * rng.standard_normal(64)).astype(dt)
    s, f, p = f"{et}[64]", f"{ft}[64]", "pred[64]"
    body = [f"a = {s} add(p0, p1)", f"sb = {s} subtract(p0, p1)", f"m = {s} multiply(p0, p1)",
            f"d = {s} divide(p0, p1)", f"n = {s} negate(p0)", f"e = {s} exponential(p0)",
            f"ab = {f} abs(p0)", f"re = {f} real(p0)", f"im = {f} imag(p0)", f"c = {s} complex(re, im)",
            f"eq = {p} compare(p0, c), direction=EQ", f"ne = {p} compare(p0, p1), direction=NE",
            f"cv = {s} convert(re)"]
    names = ["a", "sb", "m", "d", "n", "e", "ab", "re", "im", "c", "eq", "ne", "cv"]
    shapes = [s] * 6 + [f] * 3 + [s, p, p, s]
    outs = run([s, s], body, list(zip(names, shapes)), [x, y])
    tol = 1e-6 if et == "c64" else 1e-14
    refs = [x + y, x - y, x * y, x / y, -x, np.exp(x), np.abs(x), x.real, x.imag, x, np.ones(64, bool),
            x != y, x.real.astype(dt)]
    for name, got, ref in zip(names, outs, refs):
        if got.dtype == np.bool_:
            np.testing.assert_array_equal(got, ref, err_msg=name)
        else:
            np.testing.assert_allclose(got, ref, rtol=tol, atol=tol, err_msg=name)


def _complex_points(dt) -> np.ndarray:
    """Random points over several magnitudes, and ones where the textbook formulas lose: tiny parts
    (cancellation in sinh / expm1 / log1p), large real parts (tanh's overflow), the axes."""
    rng = np.random.default_rng(11)
    scale = np.exp(rng.uniform(-12, 3, 200))
    z = (rng.standard_normal(200) + 1j * rng.standard_normal(200)) * scale
    edge = [0, 1e-7j, 1e-7 + 1e-7j, -1e-6 + 2j, 30 + 1j, -40 - 0.5j, 300 + 2j, 2 + 1e-30j, 1.5j, -0.9 + 1e-4j,
            1e-20 - 1e-20j, 1e19 + 1e19j, -3 + 0j]
    return np.concatenate([z, edge]).astype(dt)


def _complex_ref(op: str, z: np.ndarray) -> np.ndarray:
    """The function in complex128 (numpy; expm1/log1p from their real parts' expm1/log1p, so small
    arguments keep their digits)."""
    z = z.astype(np.complex128)
    a, b = z.real, z.imag
    with np.errstate(all="ignore"):
        if op == "exponential-minus-one":
            return (np.expm1(a) * np.cos(b) - 2 * np.sin(b / 2) ** 2) + 1j * np.exp(a) * np.sin(b)
        if op == "log-plus-one":
            re = np.where(np.abs(z) < 1e10, 0.5 * np.log1p(a * (2 + a) + b * b), np.log(np.abs(1 + z)))
            return re + 1j * np.arctan2(b, 1 + a)
        return {"sine": np.sin, "cosine": np.cos, "tan": np.tan, "tanh": np.tanh, "rsqrt": lambda v: 1 / np.sqrt(v),
                "sqrt": np.sqrt, "log": np.log}[op](z)


COMPLEX_FUNCTIONS = ["sine", "cosine", "tan", "tanh", "exponential-minus-one", "log-plus-one", "rsqrt", "sqrt",
                     "log"]


@pytest.mark.parametrize("et", ["c64", "c128"])
def test_complex_elementary_functions_match_numpy(et):
    """The complex transcendentals JAX leaves to XLA (tanh) and TensorFlow / PyTorch emit as HLO ops
    (sine, cosine, tan, expm1, log1p, rsqrt): each part within a few ulps of the larger part's
    magnitude, where numpy's value is finite."""
    dt = NP[et]
    z = _complex_points(dt)
    n = len(z)
    s = f"{et}[{n}]"
    body = [f"o{k} = {s} {op}(p0)" for k, op in enumerate(COMPLEX_FUNCTIONS)]
    outs = run([s], body, [(f"o{k}", s) for k in range(len(COMPLEX_FUNCTIONS))], [z])
    eps = np.finfo(np.float32 if et == "c64" else np.float64).eps
    for op, got in zip(COMPLEX_FUNCTIONS, outs):
        want = _complex_ref(op, z)
        ok = np.isfinite(want.real) & np.isfinite(want.imag) & (np.abs(want) < 1e30)
        assert ok.sum() > 150, op
        mag = np.maximum(np.abs(want.real), np.abs(want.imag))[ok]
        for part, g, w in (("re", got.real[ok], want.real[ok]), ("im", got.imag[ok], want.imag[ok])):
            err = np.abs(g.astype(np.float64) - w)
            bad = err > 16 * eps * mag
            assert not bad.any(), (op, part, z[ok][bad][:4], g[bad][:4], w[bad][:4])


def test_complex_tanh_limits():
    """tanh(a+bi) -> sign(a) for large |a| with no overflow (the textbook quotient is inf/inf), and
    i tan(b) on the imaginary axis."""
    z = np.array([50 + 1j, -100 + 3j, 1e30 - 2j, 0.7j, -1.2j, 0j], np.complex64)
    (got,) = run(["c64[6]"], ["t = c64[6] tanh(p0)"], [("t", "c64[6]")], [z])
    np.testing.assert_allclose(got[:3], [1, -1, 1], atol=1e-6)
    np.testing.assert_allclose(got[3:].imag, np.tan(z[3:].imag), rtol=1e-6, atol=0)
    np.testing.assert_array_equal(got[3:].real, 0)


# ------------------------------------------------------------------------------------------------
# data movement


def test_data_movement():
    rng = np.random.default_rng(8)
    a = rng.standard_normal((4, 6, 8)).astype(np.float32)
    b = rng.standard_normal((4, 3, 8)).astype(np.float32)
    i = np.int32(2)
    body = [
        "bc = f32[2,4,6,8] broadcast(p0), dimensions={1,2,3}",
        "rs = f32[24,8] reshape(p0)",
        "tr = f32[8,4,6] transpose(p0), dimensions={2,0,1}",
        "sl = f32[2,3,2] slice(p0), slice={[1:4:2], [0:6:2], [3:8:3]}",
        "cc = f32[4,9,8] concatenate(p0, p1), dimensions={1}",
        "z = f32[] constant(-1)",
        "pd = f32[7,11,20] pad(p0, z), padding=1_2x-1_0_1x0_0_1",
        "rv = f32[4,6,8] reverse(p0), dimensions={0,2}",
        "io = s32[4,6,8] iota(), iota_dimension=1",
        "ds = f32[2,6,8] dynamic-slice(p0, p2, p2, p2), dynamic_slice_sizes={2,6,8}",
        "us = f32[4,6,8] dynamic-update-slice(p0, p1, p2, p2, p2)",
        "cp = f32[4,6,8]{0,1,2} copy(p0)",
        "bt = f32[48,4]{0,1} bitcast(cp)",
        "scb = f32[3,5] broadcast(z), dimensions={}",
    ]
    names = ["bc", "rs", "tr", "sl", "cc", "pd", "rv", "io", "ds", "us", "cp", "bt", "scb"]
    shapes = ["f32[2,4,6,8]", "f32[24,8]", "f32[8,4,6]", "f32[2,3,2]", "f32[4,9,8]", "f32[7,11,20]", "f32[4,6,8]",
              "s32[4,6,8]", "f32[2,6,8]", "f32[4,6,8]", "f32[4,6,8]{0,1,2}", "f32[48,4]{0,1}", "f32[3,5]"]
    outs = run(["f32[4,6,8]", "f32[4,3,8]", "s32[]"], body, list(zip(names, shapes)), [a, b, i],
               layouts={"cp": (0, 1, 2), "bt": (0, 1)})
    # pad: lo/hi/interior per dim (1,2,0), (-1,0,1), (0,0,1)
    inter = np.full((4, 11, 15), -1.0, np.float32)
    inter[:, ::2, ::2] = a
    pd = np.full((7, 11, 20), -1.0, np.float32)
    pd[1:5, :10, :15] = inter[:, 1:, :]
    us = a.copy()
    us[1:, 2:5, 0:8] = b[:3]  # starts clamped: dim0 2 -> min(2, 4-4=0)? see below
    us = a.copy()
    s0, s1, s2 = min(2, 4 - 4), min(2, 6 - 3), min(2, 8 - 8)
    us[s0:s0 + 4, s1:s1 + 3, s2:s2 + 8] = b
    refs = [np.broadcast_to(a, (2, 4, 6, 8)), a.reshape(24, 8), a.transpose(2, 0, 1), a[1:4:2, 0:6:2, 3:8:3],
            np.concatenate([a, b], axis=1), pd, a[::-1, :, ::-1], np.broadcast_to(np.arange(6)[None, :, None],
                                                                                    (4, 6, 8)),
            a[2:4], us, a, None, np.full((3, 5), -1.0)]
    for name, got, ref in zip(names, outs, refs):
        if ref is not None:
            np.testing.assert_array_equal(got, ref, err_msg=name)
    # bitcast of the column-major copy: physical order of a^T (shape [8,6,4] row-major) viewed as [4,48]^T
    np.testing.assert_array_equal(outs[names.index("bt")], a.transpose(2, 1, 0).reshape(4, 48).T)


def test_non_default_layouts_in_and_out():
    a = np.arange(12, dtype=np.float32).reshape(3, 4)
    body = ["t = f32[4,3]{0,1} transpose(p0), dimensions={1,0}", "n = f32[3,4]{1,0} negate(p0)"]
    t, n = run(["f32[3,4]{0,1}"], body, [("t", "f32[4,3]{0,1}"), ("n", "f32[3,4]{1,0}")], [a],
               layouts={"p0": (0, 1), "t": (0, 1)})
    np.testing.assert_array_equal(t, a.T)
    np.testing.assert_array_equal(n, -a)


# ------------------------------------------------------------------------------------------------
# reductions

REDUCERS = """
add_f32 { a = f32[] parameter(0)  b = f32[] parameter(1)  ROOT s = f32[] add(a, b) }
max_f32 { a = f32[] parameter(0)  b = f32[] parameter(1)  ROOT s = f32[] maximum(a, b) }
add_s32 { a = s32[] parameter(0)  b = s32[] parameter(1)  ROOT s = s32[] add(a, b) }
and_pred { a = pred[] parameter(0)  b = pred[] parameter(1)  ROOT s = pred[] and(a, b) }
sumsq { a = f32[] parameter(0)  b = f32[] parameter(1)  m = f32[] multiply(b, b)  ROOT s = f32[] add(a, m) }
add_f16 { a = f16[] parameter(0)  b = f16[] parameter(1)  ROOT s = f16[] add(a, b) }
argmax {
  v0 = f32[] parameter(0)  i0 = s32[] parameter(1)  v1 = f32[] parameter(2)  i1 = s32[] parameter(3)
  gt = pred[] compare(v0, v1), direction=GT  eq = pred[] compare(v0, v1), direction=EQ
  lt = pred[] compare(i0, i1), direction=LT  tie = pred[] and(eq, lt)  keep = pred[] or(gt, tie)
  v = f32[] select(keep, v0, v1)  i = s32[] select(keep, i0, i1)
  ROOT t = (f32[], s32[]) tuple(v, i)
}
"""


def test_reductions():
    rng = np.random.default_rng(9)
    x = rng.standard_normal((16, 32, 8)).astype(np.float32)
    x[3, 4, 5] = np.nan
    k = rng.integers(-50, 50, (16, 32)).astype(np.int32)
    p = rng.random((16, 32)) > 0.1
    h = rng.standard_normal((8, 64)).astype(np.float16)
    xm = np.nan_to_num(x)
    text = REDUCERS + """
ENTRY e {
  x = f32[16,32,8] parameter(0)  k = s32[16,32] parameter(1)  p = pred[16,32] parameter(2)
  h = f16[8,64] parameter(3)  xm = f32[16,32,8] parameter(4)
  z = f32[] constant(0)  zi = s32[] constant(0)  t = pred[] constant(true)  ninf = f32[] constant(-inf)
  zh = f16[] constant(0)
  row = f32[16,32] reduce(xm, z), dimensions={2}, to_apply=add_f32
  col = f32[32,8] reduce(xm, z), dimensions={0}, to_apply=add_f32
  all = f32[] reduce(xm, z), dimensions={0,1,2}, to_apply=add_f32
  mid = f32[16,8] reduce(xm, z), dimensions={1}, to_apply=add_f32
  mx = f32[16] reduce(x, ninf), dimensions={1,2}, to_apply=max_f32
  ks = s32[32] reduce(k, zi), dimensions={0}, to_apply=add_s32
  pa = pred[16] reduce(p, t), dimensions={1}, to_apply=and_pred
  sq = f32[16] reduce(xm, z), dimensions={1,2}, to_apply=sumsq
  hs = f16[8] reduce(h, zh), dimensions={1}, to_apply=add_f16
  io = s32[16,32,8] iota(), iota_dimension=1
  am = (f32[16,8], s32[16,8]) reduce(xm, io, ninf, zi), dimensions={1}, to_apply=argmax
  ROOT out = (f32[16,32], f32[32,8], f32[], f32[16,8], f32[16], s32[32], pred[16], f32[16], f16[8],
              (f32[16,8], s32[16,8])) tuple(row, col, all, mid, mx, ks, pa, sq, hs, am)
}
"""
    outs = compile_text(text)([x, k, p, h, xm])
    row, col, tot, mid, mx, ks, pa, sq, hs, (amv, ami) = outs
    xd = xm.astype(np.float64)
    np.testing.assert_allclose(row, xd.sum(2), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(col, xd.sum(0), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(tot, xd.sum(), rtol=1e-4, atol=1e-3)
    np.testing.assert_allclose(mid, xd.sum(1), rtol=1e-5, atol=1e-5)
    ref_mx = x.max(axis=(1, 2))  # numpy max propagates NaN like XLA's maximum
    np.testing.assert_array_equal(mx, ref_mx)
    assert np.isnan(mx[3])
    np.testing.assert_array_equal(ks, k.sum(0))
    np.testing.assert_array_equal(pa, p.all(1))
    np.testing.assert_allclose(sq, (xd * xd).sum(axis=(1, 2)), rtol=1e-5)
    # f16 reduce: every step rounds to f16, in XLA:CPU's order (TreeReductionRewriter): 64 > 32, so
    # two windows of 32 each folded from the init value, then the two window sums folded from it
    ref_h = np.zeros(8, np.float16)
    for w in range(2):
        win = np.zeros(8, np.float16)
        for j in range(32 * w, 32 * w + 32):
            win = (win + h[:, j]).astype(np.float16)
        ref_h = (ref_h + win).astype(np.float16)
    np.testing.assert_array_equal(hs, ref_h)
    np.testing.assert_array_equal(ami, xm.argmax(1))
    np.testing.assert_array_equal(amv, xm.max(1))


# ------------------------------------------------------------------------------------------------
# fusion, calls, tuples


def test_fusions():
    rng = np.random.default_rng(10)
    x = rng.standard_normal((64, 128)).astype(np.float32)
    bias = rng.standard_normal(128).astype(np.float32)
    text = REDUCERS + """
loop_fused {
  x = f32[64,128] parameter(0)  b = f32[128] parameter(1)
  bb = f32[64,128] broadcast(b), dimensions={1}
  s = f32[64,128] add(x, bb)  t = f32[64,128] tanh(s)  e = f32[64,128] exponential(x)
  ROOT r = (f32[64,128], f32[64,128]) tuple(t, e)
}
softmax_fused {
  x = f32[64,128] parameter(0)  ninf = f32[] constant(-inf)
  m = f32[64] reduce(x, ninf), dimensions={1}, to_apply=max_f32
  mb = f32[64,128] broadcast(m), dimensions={0}
  d = f32[64,128] subtract(x, mb)  e = f32[64,128] exponential(d)
  z = f32[] constant(0)
  s = f32[64] reduce(e, z), dimensions={1}, to_apply=add_f32
  sb = f32[64,128] broadcast(s), dimensions={0}
  ROOT r = f32[64,128] divide(e, sb)
}
input_fused {
  x = f32[64,128] parameter(0)  z = f32[] constant(0)
  sq = f32[64,128] multiply(x, x)
  ROOT r = f32[64] reduce(sq, z), dimensions={1}, to_apply=add_f32
}
ENTRY e {
  x = f32[64,128] parameter(0)  b = f32[128] parameter(1)
  f1 = (f32[64,128], f32[64,128]) fusion(x, b), kind=kLoop, calls=loop_fused
  t = f32[64,128] get-tuple-element(f1), index=0
  sm = f32[64,128] fusion(x), kind=kLoop, calls=softmax_fused
  ss = f32[64] fusion(x), kind=kInput, calls=input_fused
  ROOT out = (f32[64,128], f32[64,128], f32[64,128], f32[64]) tuple(t, f1.1, sm, ss)
}
""".replace("f1.1", "e1")
    text = text.replace("  ROOT out = (f32[64,128], f32[64,128], f32[64,128], f32[64]) tuple(t, e1, sm, ss)",
                        "  e1 = f32[64,128] get-tuple-element(f1), index=1\n"
                        "  ROOT out = (f32[64,128], f32[64,128], f32[64,128], f32[64]) tuple(t, e1, sm, ss)")
    exe = compile_text(text)
    t, e, sm, ss = exe([x, bias])
    xd = x.astype(np.float64)
    np.testing.assert_allclose(t, np.tanh(xd + bias), rtol=2e-6, atol=1e-7)
    np.testing.assert_allclose(e, np.exp(xd), rtol=2e-6)
    ex = np.exp(xd - xd.max(1, keepdims=True))
    np.testing.assert_allclose(sm, ex / ex.sum(1, keepdims=True), rtol=2e-5, atol=1e-7)
    np.testing.assert_allclose(ss, (xd * xd).sum(1), rtol=1e-5)
    # one kernel per fusion, and the fused roots computed with no temp buffers
    ir_text = exe.emit_llvm(optimized=False)
    assert ir_text.count("define internal") == 3
    assert exe.temp_bytes == 0


def test_calls_tuples_constants_and_aliasing():
    text = """
helper {
  a = f32[4] parameter(0)  c = f32[] constant(2)  cb = f32[4] broadcast(c), dimensions={}
  ROOT m = f32[4] multiply(a, cb)
}
ENTRY e {
  t = (f32[4], s32[2]) parameter(0)  a = f32[4] get-tuple-element(t), index=0
  k = s32[2] get-tuple-element(t), index=1
  c = f32[4] call(a), to_apply=helper
  d = f32[4] call(c), to_apply=helper
  arr = f32[4] constant({1, 2, 3, 4})
  s = f32[4] add(d, arr)
  r = f32[2,2] reshape(s)
  ROOT out = (f32[4], (f32[2,2], s32[2]), f32[4], f32[4], f32[4]) tuple(s, (f32[2,2], s32[2]) tuple(r, k), arr, a, s)
}
"""
    a = np.float32([1, -2, 3, 0.5])
    k = np.int32([7, -8])
    s, (r, kk), arr, a2, s2 = compile_text(text)([(a, k)])
    np.testing.assert_array_equal(s, a * 4 + np.float32([1, 2, 3, 4]))
    np.testing.assert_array_equal(r, s.reshape(2, 2))
    np.testing.assert_array_equal(kk, k)
    np.testing.assert_array_equal(arr, [1, 2, 3, 4])
    np.testing.assert_array_equal(a2, a)
    np.testing.assert_array_equal(s2, s)


# ------------------------------------------------------------------------------------------------
# errors, ABI, object code


def test_unsupported_op_is_a_codegen_error_with_location():
    text = ("HloModule m\nENTRY e {\n  a = f32[4,4] parameter(0)\n"
            "  ROOT d = f32[4,4] custom-call(a), custom_call_target=\"my_kernel\"\n}\n")
    with pytest.raises(CodegenError) as err:
        compile_text(text)
    assert "custom-call" in str(err.value)
    assert err.value.loc is not None and err.value.loc.line == 4
    assert "test.hlo:4:" in str(err.value)


def test_unsupported_type_combination_is_a_codegen_error():
    text = "HloModule m\nENTRY e {\n  a = c64[4] parameter(0)\n  ROOT t = c64[4] logistic(a)\n}\n"
    with pytest.raises(CodegenError, match="logistic"):
        compile_text(text)


def _aot_text():
    return ("HloModule aot\nENTRY e {\n  x = f32[8] parameter(0)\n  y = f32[8] parameter(1)\n"
            "  m = f32[8] multiply(x, y)\n  ROOT r = (f32[8], f32[8]) tuple(m, x)\n}\n")


def test_object_code_and_abi_symbols(tmp_path):
    module = parse_module(_aot_text(), "aot.hlo")
    cm = compile_to_object(module, CompileOptions(entry_name="my_model"))
    assert cm.obj[:4] == b"\x7fELF"
    for sym in (b"my_model", b"my_model_temp_bytes", b"my_model_num_params", b"my_model_num_results"):
        assert sym in cm.obj
    # compiled whole, or in parts in parallel (split.py)
    assert set(cm.timings) in ({"emit_ir", "parse_ir", "optimize", "codegen"},
                               {"emit_ir", "split", "parts", "assemble"})
    assert "define void @\"my_model\"" in cm.llvm_ir or "define void @my_model" in cm.llvm_ir
    if shutil.which("cc") is None:
        pytest.skip("no C compiler to link the object")
    obj = tmp_path / "m.o"
    so = tmp_path / "m.so"
    obj.write_bytes(cm.obj)
    subprocess.run(["cc", "-shared", "-o", str(so), str(obj)], check=True)
    lib = ctypes.CDLL(str(so))
    assert ctypes.c_int64.in_dll(lib, "my_model_num_params").value == 2
    assert ctypes.c_int64.in_dll(lib, "my_model_num_results").value == 2
    x, y = np.arange(8, dtype=np.float32), np.full(8, 3, np.float32)
    out0, out1 = np.zeros(8, np.float32), np.zeros(8, np.float32)
    params = (ctypes.c_void_p * 2)(x.ctypes.data, y.ctypes.data)
    results = (ctypes.c_void_p * 2)(out0.ctypes.data, out1.ctypes.data)
    temp = np.zeros(max(1, ctypes.c_int64.in_dll(lib, "my_model_temp_bytes").value), np.uint8)
    lib.my_model(params, results, ctypes.c_void_p(temp.ctypes.data))
    np.testing.assert_array_equal(out0, x * y)
    np.testing.assert_array_equal(out1, x)


def test_executable_products_and_argument_checks():
    from hloc.errors import RunError

    exe = compile_text(_aot_text())
    assert "my_model" not in exe.emit_asm() and "hloc_entry" in exe.emit_asm()
    assert "<8 x float>" in exe.emit_llvm() or "fmul" in exe.emit_llvm()
    with pytest.raises(RunError):
        exe([np.zeros(8, np.float32)])
    with pytest.raises(RunError):
        exe([np.zeros(8, np.float64), np.zeros(8, np.float32)])
    with pytest.raises(RunError):
        exe([np.zeros(7, np.float32), np.zeros(8, np.float32)])


def test_sub_byte_integers_wrap_at_their_width():
    a = np.array([7, -8, 3, -1, 0, 5], dtype=ml_dtypes.int4)
    b = np.array([1, -1, 4, -1, 2, 0], dtype=ml_dtypes.int4)
    body = ["s = s4[6] add(p0, p1)", "c = s32[6] convert(s)", "u = u4[6] convert(c)", "d = s4[6] divide(p0, p1)"]
    s, c, u, d = run(["s4[6]", "s4[6]"], body, [("s", "s4[6]"), ("c", "s32[6]"), ("u", "u4[6]"), ("d", "s4[6]")],
                     [a, b])
    wrapped = (a.astype(np.int32) + b.astype(np.int32) + 8) % 16 - 8
    np.testing.assert_array_equal(c, wrapped)
    np.testing.assert_array_equal(s.astype(np.int32), wrapped)
    np.testing.assert_array_equal(u.astype(np.int32), wrapped % 16)
    np.testing.assert_array_equal(d.astype(np.int32), [7, -8, 0, 1, 0, -1])  # -8/-1 = -8, x/0 = -1
