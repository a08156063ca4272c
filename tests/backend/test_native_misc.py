"""stochastic-convert, get-dimension-size and the inverse hyperbolic / trigonometric opcodes vs numpy
references (XLA-computed cases for the same ops: testdata/oracle unary_* and stochastic_convert_*)."""

from __future__ import annotations

import json

import ml_dtypes
import numpy as np
from mathref import compile_text


def test_stochastic_convert_and_dimension_size():
    text = """HloModule m
ENTRY e {
  x = f32[12] parameter(0)
  r = u32[12] parameter(1)
  h = f16[6] parameter(2)
  q = u16[6] parameter(3)
  a = s8[12] stochastic-convert(x, r)
  b = s32[6] stochastic-convert(h, q)
  d = s32[] get-dimension-size(x), dimensions={0}
  ROOT t = (s8[12], s32[6], s32[]) tuple(a, b, d)
}
"""
    x = np.array([0.25, -0.25, 1.5, -1.5, 126.7, 127.5, 300, -300, np.nan, np.inf, -np.inf, 2.0], np.float32)
    r = np.array([0, 2**31, 2**31 - 1, 2**31, 0, 2**32 - 1, 5, 5, 0, 0, 0, 2**32 - 1], np.uint32)
    h = np.array([0.5, -0.5, 3.25, 65504, np.nan, -7.75], np.float16)
    q = np.array([32767, 32768, 16383, 0, 1, 65535], np.uint16)

    def ref(x, r, bits, lo, hi):
        out = []
        for v, u in zip(x.astype(np.float64), r.astype(np.int64)):
            if np.isnan(v):
                out.append(0)
                continue
            if v <= lo or v >= hi:  # saturates
                out.append(lo if v <= lo else hi)
                continue
            a = abs(v)
            t = np.floor(a)
            t = t + (1 if u < int((a - t) * 2.0**bits) else 0)
            out.append(int(min(max(-t if v < 0 else t, lo), hi)))
        return np.array(out)

    got = compile_text(text)([x, r, h, q])
    np.testing.assert_array_equal(got[0], ref(x, r, 32, -128, 127).astype(np.int8))
    np.testing.assert_array_equal(got[1], ref(h, q, 16, -(2**31), 2**31 - 1).astype(np.int32))
    assert int(got[2]) == 12


def test_inverse_and_hyperbolic_functions():
    ops = {"acos": np.arccos, "asin": np.arcsin, "acosh": np.arccosh, "asinh": np.arcsinh, "atanh": np.arctanh,
           "cosh": np.cosh, "sinh": np.sinh}
    lines = ["HloModule m", "ENTRY e {", "  x = f32[64] parameter(0)", "  y = f64[64] parameter(1)",
             "  z = bf16[64] parameter(2)"]
    names = []
    for op in ops:
        lines += [f"  {op}32 = f32[64] {op}(x)", f"  {op}64 = f64[64] {op}(y)", f"  {op}bf = bf16[64] {op}(z)"]
        names += [(f"{op}32", "f32"), (f"{op}64", "f64"), (f"{op}bf", "bf16")]
    lines.append(f"  ROOT t = ({', '.join(f'{t}[64]' for _, t in names)}) tuple({', '.join(n for n, _ in names)})")
    lines.append("}")
    rng = np.random.default_rng(10)
    base = np.concatenate([[0, -0.0, 1, -1, 0.5, -0.5, 1e-5, -1e-5, 2, 30, -30, 100, 1e20, -1e20, np.inf, -np.inf,
                            np.nan], rng.uniform(-3, 3, 47)])
    x, y, z = base.astype(np.float32), base.astype(np.float64), base.astype(ml_dtypes.bfloat16)
    got = compile_text("\n".join(lines) + "\n")([x, y, z])
    with np.errstate(all="ignore"):
        for k, op in enumerate(ops):
            for g, v, tol in ((got[3 * k], x, 4e-6), (got[3 * k + 1], y, 1e-13), (got[3 * k + 2], z, 1e-2)):
                want = ops[op](v.astype(np.float64)).astype(g.dtype).astype(np.float64)
                np.testing.assert_allclose(g.astype(np.float64), want, rtol=tol, atol=tol * 1e-3, equal_nan=True,
                                           err_msg=f"{op} {g.dtype}")


def test_fusions_the_fusion_kernel_cannot_compute_are_inlined():
    """A fusion is a call: one holding a dot, or of a kind the fusion kernel does not take, is
    inlined and each of its instructions gets its own kernel."""
    text = """HloModule m
with_dot {
  a = f32[4,3] parameter(0)
  b = f32[3,5] parameter(1)
  d = f32[4,5] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  ROOT n = f32[4,5] negate(d)
}
custom {
  x = f32[4,5] parameter(0)
  ROOT e = f32[4,5] exponential(x)
}
ENTRY e {
  a = f32[4,3] parameter(0)
  b = f32[3,5] parameter(1)
  f = f32[4,5] fusion(a, b), kind=kLoop, calls=with_dot
  ROOT g = f32[4,5] fusion(f), kind=kCustom, calls=custom
}
"""
    rng = np.random.default_rng(3)
    a = rng.standard_normal((4, 3)).astype(np.float32)
    b = rng.standard_normal((3, 5)).astype(np.float32)
    want = np.exp(-(a.astype(np.float64) @ b))
    np.testing.assert_allclose(compile_text(text)([a, b]), want, rtol=1e-5)


def test_onednn_layernorm_and_rng_seed_custom_calls():
    """XLA:CPU's __onednn$layernorm over the minor-most dimension (eps from the config's f32 bits;
    XLA-computed: the corpus module backends/cpu/tests/thunk_coverage) and GetRngSeed (0 here)."""
    eps_bits = int(np.array([1e-3], np.float32).view(np.uint32)[0])
    config = json.dumps({"onednn_layer_norm_config": {"rescale": "SCALE_AND_SHIFT", "epsilon_typecast": str(eps_bits)}})
    text = f"""HloModule m
ENTRY e {{
  x = f32[3,2,5] parameter(0)
  s = f32[5] parameter(1)
  t = f32[5] parameter(2)
  n = f32[3,2,5] custom-call(x, s, t), custom_call_target="__onednn$layernorm", backend_config={config}
  r = u64[] custom-call(), custom_call_target="GetRngSeed"
  ROOT o = (f32[3,2,5], u64[]) tuple(n, r)
}}
"""
    rng = np.random.default_rng(5)
    x, s, t = (rng.standard_normal(d).astype(np.float32) for d in ((3, 2, 5), (5,), (5,)))
    got, seed = compile_text(text)([x, s, t])
    x64 = x.astype(np.float64)
    mean = x64.mean(-1, keepdims=True)
    want = (x64 - mean) / np.sqrt(((x64 - mean) ** 2).mean(-1, keepdims=True) + 1e-3) * s + t
    np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-6)
    assert seed == 0 and seed.dtype == np.uint64


def test_set_dimension_size_with_a_static_result_is_the_value_itself():
    """TensorFlow wraps top_k / argsort results in set-dimension-size with a static result shape;
    a dynamic result shape stays a CodegenError naming dynamic shapes."""
    import pytest

    from hloc.errors import CodegenError
    from hloc.parse import parse_module
    from hloc.runtime.runner import run_module

    text = ("HloModule m\n\nENTRY main {\n  p = f32[2,5] parameter(0)\n  n = s32[] constant(3)\n"
            "  s = f32[2,5] set-dimension-size(p, n), dimensions={1}\n  ROOT r = f32[2,5] add(s, s)\n}\n")
    x = np.arange(10, dtype=np.float32).reshape(2, 5)
    np.testing.assert_array_equal(run_module(parse_module(text, "m"), [x], "llvm")[0], 2 * x)
    dynamic = text.replace("s = f32[2,5] set", "s = f32[2,<=5] set").replace("add(s, s)", "copy(p)").replace(
        "ROOT r = f32[2,5] copy(p)", "ROOT r = f32[2,<=5] copy(s)")
    with pytest.raises(CodegenError, match="dynamic shapes"):
        run_module(parse_module(dynamic, "m"), [x], "llvm")
