#!/usr/bin/env python3
# ruff: noqa: E501  (HLO instructions are kept on one line each, as XLA prints them)
"""Regenerate the XLA-computed expectations for the expander oracle tests (tests/passes/test_expander_oracle.py).

    /work/.venv-xla/bin/python testdata/passes/oracle/generate.py [NAME_PREFIX ...]

Each case is a module with ops an expander rewrites (batch-norm, rng-bit-generator, cholesky, ...).
XLA:CPU runs the module as written; the test runs hloc's interpreter on the module *after* the
expander pipeline and compares. For every case this writes NAME.hlo, NAME.npz (inputs in0, ...,
XLA:CPU's outputs out0, ..., flattened depth-first; bf16/f8 as unsigned bit patterns) and updates
cases.json (pipeline, the opcodes that must be gone, tolerances). Inputs come from seeded generators.
Runs on the XLA venv (../shared/tools/xla_run.py) and does not import hloc.
"""

from __future__ import annotations

import json
import sys
import zlib
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
TOOLS = Path("/work/shared/tools")

CASES: dict[str, dict] = {}


def case(name: str, pipeline: str, expands: list[str], hlo: str, inputs, rtol: float = 0.0, atol: float = 0.0,
         note: str = "") -> None:
    CASES[name] = {"pipeline": pipeline, "expands": expands, "hlo": hlo.strip() + "\n", "inputs": inputs,
                   "rtol": rtol, "atol": atol, "note": note}


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


def normal(shape, dtype=np.float32, scale=1.0, shift=0.0):
    return lambda r: (r.standard_normal(shape) * scale + shift).astype(dtype)


def uniform(shape, lo, hi, dtype=np.float32):
    return lambda r: r.uniform(lo, hi, shape).astype(dtype)


def ints(shape, lo, hi, dtype=np.int32):
    return lambda r: r.integers(lo, hi, size=shape, endpoint=False).astype(dtype)


def fixed(a):
    return lambda r: np.asarray(a)


# ---------------------------------------------------------------------------------------- batch norm

BN = ["batch-norm-training", "batch-norm-inference", "batch-norm-grad"]

for t, dt, tol in (("f32", np.float32, 1e-5), ("f64", np.float64, 1e-12), ("f16", np.float16, 1e-2)):
    case(f"batch_norm_{t}", "batchnorm-expander", BN, f"""
HloModule batch_norm_{t}
ENTRY e {{
  x = {t}[4,3,5,6] parameter(0)
  scale = {t}[3] parameter(1)
  offset = {t}[3] parameter(2)
  mean = {t}[6] parameter(3)
  var = {t}[6] parameter(4)
  dy = {t}[4,3,5,6] parameter(5)
  tr = ({t}[4,3,5,6], {t}[3], {t}[3]) batch-norm-training(x, scale, offset), epsilon=0.001, feature_index=1
  y = {t}[4,3,5,6] get-tuple-element(tr), index=0
  m = {t}[3] get-tuple-element(tr), index=1
  v = {t}[3] get-tuple-element(tr), index=2
  bni = {t}[4,3,5,6] batch-norm-inference(x, mean, var, mean, var), epsilon=0.01, feature_index=3
  gr = ({t}[4,3,5,6], {t}[3], {t}[3]) batch-norm-grad(x, scale, m, v, dy), epsilon=0.001, feature_index=1
  g0 = {t}[4,3,5,6] get-tuple-element(gr), index=0
  g1 = {t}[3] get-tuple-element(gr), index=1
  g2 = {t}[3] get-tuple-element(gr), index=2
  ROOT t = ({t}[4,3,5,6], {t}[3], {t}[3], {t}[4,3,5,6], {t}[4,3,5,6], {t}[3], {t}[3]) tuple(y, m, v, bni, g0, g1, g2)
}}""", [normal((4, 3, 5, 6), dt, 2.0, 0.5), normal((3,), dt), normal((3,), dt), normal((6,), dt),
        uniform((6,), 0.5, 2.0, dt), normal((4, 3, 5, 6), dt)], rtol=tol, atol=tol,
         note="training, inference (feature_index=3, mean/var as scale/offset too) and grad of the training statistics")


# ---------------------------------------------------------------------------------------- rng bits

RBG_SHAPES = ["u32[4,8]", "u32[3,5]", "u32[7]", "u32[]", "u32[2,3,1,4]", "u64[3,2]", "u64[5]", "u16[3,3]",
              "u8[9]", "s32[2,5]", "s64[3]", "u64[]"]


def rbg_case(name, algorithm, state_len, shapes, state):
    lines, outs = [], []
    for k, shp in enumerate(shapes):
        lines.append(f"  g{k} = (u64[{state_len}], {shp}) rng-bit-generator(state), algorithm={algorithm}")
        lines.append(f"  st{k} = u64[{state_len}] get-tuple-element(g{k}), index=0")
        lines.append(f"  val{k} = {shp} get-tuple-element(g{k}), index=1")
        outs += [(f"u64[{state_len}]", f"st{k}"), (shp, f"val{k}")]
    body = "\n".join(lines)
    shapes_txt = ", ".join(t for t, _ in outs)
    names = ", ".join(n for _, n in outs)
    hlo = (f"HloModule {name}\nENTRY e {{\n  state = u64[{state_len}] parameter(0)\n{body}\n"
           f"  ROOT t = ({shapes_txt}) tuple({names})\n}}")
    case(name, "rng-bit-generator-expander", ["rng-bit-generator"], hlo, [fixed(np.array(state, np.uint64))],
         note="state and bits, every output shape/type; bit-exact")


rbg_case("rbg_three_fry", "rng_three_fry", 2, RBG_SHAPES, [0x0123456789ABCDEF, 0xFFFFFFFFFFFFFFFE])
rbg_case("rbg_philox_2", "rng_philox", 2, RBG_SHAPES, [0x0123456789ABCDEF, 0xFFFFFFFFFFFFFFFD])
rbg_case("rbg_philox_3", "rng_philox", 3, RBG_SHAPES, [42, 0xFFFFFFFFFFFFFFFD, 7])
rbg_case("rbg_default", "rng_default", 3, ["u32[10]", "u64[2,2]"], [5, 6, 0])


# ---------------------------------------------------------------------------------- total-order compares


def specials(dtype, n=48):
    import ml_dtypes  # noqa: F401  (the f8 dtypes)

    def make(r):
        base = np.array([0.0, -0.0, 1.0, -1.0, np.inf, -np.inf, np.nan, -np.nan, 1e-3, -1e-3, 2.5, -2.5])
        vals = np.concatenate([base, r.standard_normal(n - len(base)) * 4]).astype(np.float64)
        r.shuffle(vals)
        with np.errstate(all="ignore"):
            return vals.astype(dtype)
    return make


def compare_case(t, dtype):
    lines, names = [], []
    for d in ("EQ", "NE", "LT", "LE", "GT", "GE"):
        lines.append(f"  c{d} = pred[48] compare(a, b), direction={d}, type=TOTALORDER")
        names.append(f"c{d}")
    hlo = (f"HloModule compare_{t}\nENTRY e {{\n  a = {t}[48] parameter(0)\n  b = {t}[48] parameter(1)\n"
           + "\n".join(lines) + f"\n  ROOT r = ({', '.join(['pred[48]'] * 6)}) tuple({', '.join(names)})\n}}")
    case(f"compare_total_{t}", "comparison-expander", ["compare-totalorder"], hlo, [specials(dtype), specials(dtype)],
         note="every direction on +-0, +-inf, +-NaN, +-small and random values")


def _dtypes():
    import ml_dtypes

    return [("f32", np.float32), ("f64", np.float64), ("f16", np.float16), ("bf16", ml_dtypes.bfloat16),
            ("f8e4m3fn", ml_dtypes.float8_e4m3fn), ("f8e5m2", ml_dtypes.float8_e5m2),
            ("f8e4m3fnuz", ml_dtypes.float8_e4m3fnuz), ("f8e5m2fnuz", ml_dtypes.float8_e5m2fnuz)]


for _t, _dt in _dtypes():
    compare_case(_t, _dt)


# ------------------------------------------------------------------------------- stochastic convert

case("stochastic_convert", "stochastic-convert-decomposer", ["stochastic-convert"], """
HloModule stochastic_convert
ENTRY e {
  x = f32[64] parameter(0)
  r = u32[64] parameter(1)
  h = f16[64] parameter(2)
  r16 = u16[64] parameter(3)
  a = s32[64] stochastic-convert(x, r)
  b = s8[64] stochastic-convert(x, r)
  c = s16[64] stochastic-convert(h, r16)
  ROOT t = (s32[64], s8[64], s16[64]) tuple(a, b, c)
}""", [lambda r: np.concatenate([r.standard_normal(56) * 100, [200.5, -200.5, 127.2, -128.7, 0.5, -0.5, 3.0, -3.0]]).astype(np.float32),
       ints((64,), 0, 2 ** 32, np.uint32),
       lambda r: np.concatenate([r.standard_normal(60) * 10, [40000.0, -40000.0, 1.5, -1.5]]).astype(np.float16),
       ints((64,), 0, 2 ** 16, np.uint16)],
     note="to s32 / s8 (saturating at -128 and 127) from f32, to s16 from f16 with u16 random bits")

# ---------------------------------------------------------------------------- map, dynamic indices

case("map_inline", "map-inliner", ["map"], """
HloModule map_inline
mul {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] multiply(a, b)
}
second {
  a = f32[] parameter(0)
  ROOT b = f32[] parameter(1)
}
seven {
  a = f32[] parameter(0)
  ROOT c = f32[] constant(7)
}
lt {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT l = pred[] compare(a, b), direction=LT
}
ENTRY e {
  x = f32[3,4] parameter(0)
  y = f32[3,4] parameter(1)
  m = f32[3,4] map(x, y), dimensions={0,1}, to_apply=mul
  s = f32[3,4] map(x, y), dimensions={0,1}, to_apply=second
  c = f32[3,4] map(x), dimensions={0,1}, to_apply=seven
  l = pred[3,4] map(x, y), dimensions={0,1}, to_apply=lt
  ROOT t = (f32[3,4], f32[3,4], f32[3,4], pred[3,4]) tuple(m, s, c, l)
}""", [normal((3, 4)), normal((3, 4))], note="one op, a parameter, a constant, a compare")


# ------------------------------------------------------------------------------ select and scatter

GE_F32 = "ge {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = pred[] compare(a, b), direction=GE\n}\n"
LE_F32 = "le {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = pred[] compare(a, b), direction=LE\n}\n"
ADD_F32 = "add {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = f32[] add(a, b)\n}\n"

case("select_and_scatter", "select-and-scatter-expander", ["select-and-scatter"], f"""
HloModule select_and_scatter
{GE_F32}
{LE_F32}
{ADD_F32}
ENTRY e {{
  x = f32[2,6,7,3] parameter(0)
  s = f32[2,3,4,3] parameter(1)
  z = f32[] constant(0)
  a = f32[2,6,7,3] select-and-scatter(x, s, z), window={{size=1x3x3x1 stride=1x2x2x1 pad=0_0x1_1x1_1x0_0}}, select=ge, scatter=add
  y = f32[9] parameter(2)
  t = f32[4] parameter(3)
  one = f32[] constant(1)
  b = f32[9] select-and-scatter(y, t, one), window={{size=4 stride=2 pad=1_1}}, select=le, scatter=add
  ROOT r = (f32[2,6,7,3], f32[9]) tuple(a, b)
}}""", [lambda r: np.round(r.standard_normal((2, 6, 7, 3)) * 2).astype(np.float32), normal((2, 3, 4, 3)),
        lambda r: np.round(r.standard_normal(9)).astype(np.float32), normal((4,))], rtol=1e-6, atol=1e-6,
     note="max-pool gradient (padding, stride, ties from rounding), 1-D min with overlapping windows")


# ------------------------------------------------------------------------------- triangular solve


def tri(shape, dtype=np.float32, complex_=False):
    def make(r):
        a = r.standard_normal(shape) * 0.3
        if complex_:
            a = a + 1j * r.standard_normal(shape) * 0.3
        n = shape[-1]
        a[..., np.arange(n), np.arange(n)] += 2 + r.random(shape[:-2] + (n,))
        return a.astype(dtype)
    return make


def ts_case(name, a_shape, left, t="f32", dtype=np.float32, m=3, combos=None):
    batch, n = a_shape[:-2], a_shape[-1]
    b_shape = batch + ((n, m) if left else (m, n))
    fmt = lambda s: f"{t}[{','.join(map(str, s))}]"  # noqa: E731
    lines, names = [], []
    combos = combos or [(lo, u, tr) for lo in (True, False) for u in (False, True)
                        for tr in ("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT")]
    for k, (lo, u, tr) in enumerate(combos):
        lines.append(f"  r{k} = {fmt(b_shape)} triangular-solve(a, b), left_side={str(left).lower()}, "
                     f"lower={str(lo).lower()}, unit_diagonal={str(u).lower()}, transpose_a={tr}")
        names.append(f"r{k}")
    hlo = (f"HloModule {name}\nENTRY e {{\n  a = {fmt(a_shape)} parameter(0)\n  b = {fmt(b_shape)} parameter(1)\n"
           + "\n".join(lines) + f"\n  ROOT t = ({', '.join([fmt(b_shape)] * len(names))}) tuple({', '.join(names)})\n}}")
    cplx = t.startswith("c")
    rhs = (lambda r: (r.standard_normal(b_shape) + 1j * r.standard_normal(b_shape)).astype(dtype)) if cplx \
        else normal(b_shape, dtype)
    case(name, "triangular-solve-expander", ["triangular-solve"], hlo, [tri(a_shape, dtype, cplx), rhs],
         rtol=2e-4, atol=2e-4, note="every lower/unit/transpose combination; the other triangle is garbage")


ts_case("ts_block_left", (2, 5, 5), True)
ts_case("ts_block_right", (5, 5), False)
ts_case("ts_direct_left", (10, 6, 6), True, m=2)
ts_case("ts_direct_right", (9, 4, 4), False, m=2)
ts_case("ts_one", (3, 1, 1), True, m=4, combos=[(True, False, "NO_TRANSPOSE"), (False, True, "ADJOINT")])
ts_case("ts_c64", (4, 4), True, t="c64", dtype=np.complex64, m=2,
        combos=[(True, False, "ADJOINT"), (False, False, "TRANSPOSE"), (True, True, "NO_TRANSPOSE")])
ts_case("ts_large", (150, 150), True, m=2, combos=[(True, False, "NO_TRANSPOSE"), (False, False, "ADJOINT")])


# ------------------------------------------------------------------------------------------ cholesky


def spd(shape, dtype=np.float32, complex_=False, bad_batch=None):
    def make(r):
        n = shape[-1]
        x = r.standard_normal(shape[:-1] + (n,))
        if complex_:
            x = x + 1j * r.standard_normal(shape[:-1] + (n,))
        a = x @ np.conj(np.swapaxes(x, -1, -2)) / n + np.eye(n) * 0.5
        if bad_batch is not None:
            a[bad_batch] = -a[bad_batch]  # not positive definite: XLA returns NaNs
        # the unread triangle is garbage
        mask = np.triu(np.ones((n, n), bool), 1)
        a = np.where(mask, a + 7.0, a) if not complex_ else a
        return a.astype(dtype)
    return make


CH = "cholesky-expander,triangular-solve-expander"
case("cholesky_f32", CH, ["cholesky", "triangular-solve"], """
HloModule cholesky_f32
ENTRY e {
  a = f32[3,5,5] parameter(0)
  l = f32[3,5,5] cholesky(a), lower=true
  at = f32[3,5,5] transpose(a), dimensions={0,2,1}
  u = f32[3,5,5] cholesky(at), lower=false
  ROOT t = (f32[3,5,5], f32[3,5,5]) tuple(l, u)
}""", [spd((3, 5, 5), bad_batch=1)], rtol=1e-4, atol=1e-5, note="lower and upper; batch element 1 is not PD (NaN)")
case("cholesky_f64_c64", CH, ["cholesky", "triangular-solve"], """
HloModule cholesky_f64_c64
ENTRY e {
  a = f64[4,4] parameter(0)
  c = c64[2,3,3] parameter(1)
  l = f64[4,4] cholesky(a), lower=true
  u = c64[2,3,3] cholesky(c)
  ROOT t = (f64[4,4], c64[2,3,3]) tuple(l, u)
}""", [spd((4, 4), np.float64), spd((2, 3, 3), np.complex64, True)], rtol=1e-5, atol=1e-5,
     note="f64 lower; c64 upper (the default)")
case("cholesky_blocked", CH, ["cholesky", "triangular-solve"], """
HloModule cholesky_blocked
ENTRY e {
  a = f32[150,150] parameter(0)
  ROOT l = f32[150,150] cholesky(a), lower=true
}""", [spd((150, 150))], rtol=2e-4, atol=2e-4, note="two blocks (128 + 22): the panel below goes through a triangular solve")


# ------------------------------------------------------------------------------------ type casting


def bf16s(shape):
    import ml_dtypes

    return lambda r: r.standard_normal(shape).astype(ml_dtypes.bfloat16)


case("mixed_precision_dots", "operand-upcaster,result-caster", [], """
HloModule mixed_precision_dots
ENTRY e {
  a = bf16[8,16] parameter(0)
  b = bf16[16,4] parameter(1)
  x = f32[8,16] parameter(2)
  y = f32[16,4] parameter(3)
  up = f32[8,4] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  down = bf16[8,4] dot(x, y), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  i = s8[8,16] parameter(4)
  j = s8[16,4] parameter(5)
  wide = s32[8,4] dot(i, j), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  ROOT t = (f32[8,4], bf16[8,4], s32[8,4]) tuple(up, down, wide)
}""", [bf16s((8, 16)), bf16s((16, 4)), normal((8, 16)), normal((16, 4)), ints((8, 16), -128, 128, np.int8),
       ints((16, 4), -128, 128, np.int8)], rtol=1e-5, atol=1e-5,
     note="bf16 x bf16 -> f32 (upcast operands), f32 x f32 -> bf16 (cast the result), s8 x s8 -> s32")


def main(prefixes: list[str]) -> int:
    sys.path.insert(0, str(TOOLS))
    import xla_run  # noqa: E402

    meta_path = HERE / "cases.json"
    meta = json.loads(meta_path.read_text()) if meta_path.exists() else {}
    failures = []
    for name, c in CASES.items():
        if prefixes and not any(name.startswith(p) for p in prefixes):
            continue
        r = rng_for(name)
        ins = [np.asarray(f(r)) for f in c["inputs"]]
        try:
            mod = xla_run.XlaModule(c["hlo"], name)
            outs = mod(*ins)
        except Exception as e:  # XLA:CPU refusing an op is recorded, not fatal
            failures.append(f"{name}: {type(e).__name__}: {str(e).splitlines()[0][:200]}")
            continue
        (HERE / f"{name}.hlo").write_text(c["hlo"])
        arrays = {f"in{i}": xla_run.to_storable(a) for i, a in enumerate(ins)}
        arrays.update({f"out{i}": xla_run.to_storable(o) for i, o in enumerate(outs)})
        np.savez_compressed(HERE / f"{name}.npz", **arrays)
        meta[name] = {"pipeline": c["pipeline"], "expands": c["expands"], "rtol": c["rtol"], "atol": c["atol"],
                      "note": c["note"]}
        print(f"{name}: {len(ins)} inputs, {len(outs)} outputs")
    meta_path.write_text(json.dumps(dict(sorted(meta.items())), indent=1) + "\n")
    for f in failures:
        print("XLA refused:", f)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
