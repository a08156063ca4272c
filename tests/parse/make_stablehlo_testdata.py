"""Make testdata/stablehlo/, dumps/ and protos/ again: StableHLO text as JAX emits it, XLA dump folders
and HloModuleProtos, with inputs and XLA's outputs.

    ../.venv-xla/bin/python tests/parse/make_stablehlo_testdata.py [--corpus ../shared/corpus/jax] [--only NAME]

- `jax/NAME.mlir`: `jax.jit(f, keep_unused=True).lower(*args).as_text()` (JAX's default text) of the
  functions below, `NAME.in<k>.npy` their inputs, `NAME.expected.npz` what `jax.jit(f)(*args)`
  returns on XLA:CPU (keys out0, out1, ... depth-first), MANIFEST.tsv the tolerances.
- `generic/NAME.mlir`: the same modules in MLIR's generic op form with `#loc` tables (the jax/ inputs
  and outputs apply).
- `linalg/NAME.mlir` + `NAME.hlo`: jnp.linalg (LAPACK custom calls) as StableHLO and as JAX's HLO text.
- `corpus/NAME.mlir`: the 52 public JAX corpus modules (HLO text) converted by XLA itself
  (`xla_computation_to_mlir_module`, MLIR's printer); their inputs and outputs are the corpus's own.
- `../dumps/two_programs/`: an XLA dump folder of two jitted programs (write_dump), inputs and outputs.
- `../protos/NAME.pb` / `.pbtxt`: the corpus modules as HloModuleProto, binary and text (write_protos).
- `../elided/`: JAX's compiled text with an elided constant and the lowered full text (write_elided).

bf16 inputs and outputs are stored as uint16 bit patterns, as in the corpus. Needs jax (the test
that reads these files does not).
"""

from __future__ import annotations

import argparse
import sys
import zlib
from pathlib import Path


def _proto_source(schema: dict) -> str:
    """A proto3 file with the schema's messages and enums (enough for protoc --decode)."""
    enums: dict[str, dict] = {}
    lines = ['syntax = "proto3";', "package xla;"]
    for msg, fields in schema.items():
        lines.append(f"message {msg} {{")
        for number, f in sorted(fields.items()):
            t = f.type
            if t == "enum":
                t = f"E_{f.name}"
                enums[t] = f.enum
            lines.append(f"  {'repeated ' if f.repeated else ''}{t} {f.name} = {number};")
        lines.append("}")
    for name, values in enums.items():
        lines.append(f"enum {name} {{")
        seen = set()
        if 0 not in values:  # proto3 enums start at zero
            lines.append(f"  {name.upper()}_UNSET = 0;")
        for v, n in sorted(values.items()):
            label = n.upper() if isinstance(n, str) else f"V{v}"
            if label in seen:
                continue
            seen.add(label)
            lines.append(f"  {label} = {v};")
        lines.append("}")
    return "\n".join(lines) + "\n"



if __name__ == "__main__" and sys.argv[1:] == ["--proto-source"]:  # run by hloc's venv (lark, no jax)
    from hloc.parse.hlo_proto import SCHEMA

    print(_proto_source(SCHEMA), end="")
    sys.exit(0)

try:
    import jax
    import jax.numpy as jnp
    import ml_dtypes
    import numpy as np
    from jax import lax
except ImportError:  # pragma: no cover - run by hand with jax
    if __name__ == "__main__":
        sys.exit("make_stablehlo_testdata.py needs jax (use ../.venv-xla/bin/python)")
    raise

OUT = Path(__file__).resolve().parents[2] / "testdata" / "stablehlo"
CASES: dict[str, tuple] = {}  # name -> (fn, arg specs, rtol, atol, x64)


def case(name: str, *specs, rtol=1e-5, atol=1e-6, x64=False):
    def register(fn):
        CASES[name] = (fn, specs, rtol, atol, x64)
        return fn
    return register


def make_input(rng: np.random.Generator, spec):
    shape, dtype = spec
    dt = np.dtype(dtype) if dtype != "bfloat16" else ml_dtypes.bfloat16
    if dtype == "bool":
        return rng.random(shape) < 0.5
    if np.issubdtype(dt, np.integer):
        return rng.integers(-5 if np.issubdtype(dt, np.signedinteger) else 0, 6, shape).astype(dt)
    if np.issubdtype(dt, np.complexfloating):
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(dt)
    return rng.standard_normal(shape).astype(dt)


F = "float32"


@case("cond_scan_while", ((8,), F), ((8,), F), rtol=1e-5, atol=1e-5)
def _cond_scan_while(x, y):
    def step(c, xi):
        c = c * 0.9 + jnp.tanh(xi)
        return c, c * 2
    c, ys = lax.scan(step, jnp.float32(0), x)
    z = lax.cond(c > 0, lambda: x + y, lambda: x - y)
    w = lax.while_loop(lambda s: s[0] < 5, lambda s: (s[0] + 1, s[1] * 1.1 + y), (0, x))[1]
    k = lax.switch(jnp.int32(jnp.sum(x > 0)) % 3, [lambda v: v, lambda v: v * 2, lambda v: -v], y)
    return c, ys, z, w, k


@case("fori_capture", ((4, 4), F), rtol=1e-5, atol=1e-5)
def _fori_capture(m):
    bias = jnp.arange(4.0)
    return lax.fori_loop(0, 3, lambda i, a: a @ m + bias * i, jnp.eye(4))


@case("sort_topk_argsort", ((6, 10), F), ((10,), "int32"), rtol=0, atol=0)
def _sort(x, k):
    v, i = lax.top_k(x, 3)
    return jnp.sort(x, axis=1), jnp.argsort(x, axis=0), v, i, lax.sort((k, x[0]), num_keys=1)[1]


@case("gather_scatter", ((10, 4), F), ((6,), "int32"), ((6, 4), F), rtol=1e-6, atol=1e-6)
def _gather_scatter(x, i, u):
    i = jnp.abs(i) % 10
    return x[i], x.at[i].add(u), x.at[i].set(u), x.at[i].max(u), x[i, jnp.array([0, 1, 2, 3, 0, 1])], \
        jnp.take_along_axis(x[:6], (i[:, None] + jnp.arange(4)) % 4, axis=1)


@case("conv_pool", ((2, 9, 9, 3), F), ((3, 3, 3, 4), F), rtol=1e-4, atol=1e-4)
def _conv_pool(x, k):
    y = lax.conv_general_dilated(x, k, (2, 1), ((1, 1), (0, 2)), rhs_dilation=(1, 2),
                                 dimension_numbers=("NHWC", "HWIO", "NHWC"))
    mx = lax.reduce_window(y, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")
    avg = lax.reduce_window(y, 0.0, lax.add, (1, 3, 3, 1), (1, 1, 1, 1), "SAME") / 9
    g = jax.grad(lambda k: jnp.sum(lax.conv_general_dilated(x, k, (1, 1), "SAME",
                                                            dimension_numbers=("NHWC", "HWIO", "NHWC")) ** 2))(k)
    return mx, avg, g


@case("conv_grouped_nchw", ((2, 4, 8, 8), F), ((6, 2, 3, 3), F), rtol=1e-4, atol=1e-4)
def _conv_grouped(x, k):
    return lax.conv_general_dilated(x, k, (1, 1), ((1, 1), (2, 0)), feature_group_count=2, lhs_dilation=(2, 1))


@case("maxpool_grad", ((2, 8, 8, 3), F), rtol=1e-5, atol=1e-5)
def _maxpool_grad(x):
    return jax.grad(lambda x: jnp.sum(lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1),
                                                        "VALID") ** 2))(x)


@jax.custom_vjp
def _clip_gradient(x):
    return x


_clip_gradient.defvjp(lambda x: (x, None), lambda _, g: (jnp.clip(g, -0.1, 0.1),))


@case("custom_vjp_mlp", ((4, 8), F), ((8, 16), F), ((16,), F), rtol=2e-4, atol=2e-5)
def _custom_vjp_mlp(x, w, b):
    def loss(w, b):
        h = jax.nn.gelu(_clip_gradient(x @ w + b))
        return jnp.mean(jax.nn.log_softmax(h) ** 2)
    return jax.value_and_grad(loss, argnums=(0, 1))(w, b)


@case("x64_ops", ((16,), "float64"), ((16,), "int64"), rtol=1e-12, atol=1e-13, x64=True)
def _x64(x, i):
    return jnp.exp(x) * jnp.sin(x), i * 3 >> 1, jnp.cumsum(x), (i.astype(jnp.float64) + x).astype(jnp.int32), \
        jnp.float64(2.0) ** x


@case("erfc_f64", ((64,), "float64"), rtol=1e-13, atol=1e-300, x64=True)
def _erfc_f64(x):
    """chlo.erfc on f64, each branch of XLA's expansion: |x| <= 1, 1 < |x| < 8, |x| >= 8, underflow."""
    return lax.erfc(x * 4), lax.erfc(jnp.array([0.0, -0.5, 1.0, -1.0, 7.9, 8.0, -8.5, 26.0, 27.5, 40.0]))


@case("bf16_f16_f8", ((8, 8), "bfloat16"), ((8, 8), "float16"), ((8, 8), F), rtol=2e-2, atol=2e-2)
def _low_precision(a, h, x):
    f8 = x.astype(jnp.float8_e4m3fn).astype(jnp.float32)
    f8b = (x * 2).astype(jnp.float8_e5m2).astype(jnp.float16)
    return (a @ a).astype(jnp.float32), jnp.tanh(h) * h, f8, f8b, jnp.bfloat16(1.5) * a, \
        jnp.array([0.1, -2.0, 3.5], jnp.bfloat16)


@case("complex_fft", ((8,), "complex64"), ((4, 8), F), rtol=1e-4, atol=1e-4)
def _complex_fft(c, r):
    return jnp.fft.fft(c), jnp.fft.ifft(c), jnp.fft.rfft(r), jnp.fft.irfft(jnp.fft.rfft(r), n=8), \
        c * jnp.conj(c) + jnp.complex64(1 + 2j), jnp.abs(c), jnp.angle(c), jnp.real(c) + jnp.imag(c), \
        jnp.exp(c), jnp.array([1 + 2j, -3j], jnp.complex64)


@case("random_ops", ((2,), "uint32"), rtol=1e-5, atol=1e-6)
def _random(seed):
    key = jax.random.wrap_key_data(seed)
    k1, k2 = jax.random.split(key)
    return jax.random.normal(k1, (5,)), jax.random.uniform(k2, (3, 2)), jax.random.bits(k1, (4,)), \
        jax.random.randint(k2, (6,), 0, 10), jax.random.permutation(k1, 8)


@case("random_x64", ((2,), "uint32"), rtol=1e-12, atol=1e-13, x64=True)
def _random_x64(seed):
    key = jax.random.wrap_key_data(seed)
    tails = jnp.array([1 - 1e-4, 1 - 1e-7, 1 - 1e-9, 1 - 1e-13, 1 - 1e-15, 1.0])  # w up to ~34, and 1
    u = jnp.concatenate([jnp.linspace(-0.999, 0.999, 41), tails, -tails])
    return jax.random.normal(key, (64,)), lax.erf_inv(u), jax.random.truncated_normal(key, -2.0, 2.0, (8,))


@case("rng_bit_generator", ((4,), "uint32"), rtol=0, atol=0)
def _rbg(key):
    k, bits = lax.rng_bit_generator(key.astype(jnp.uint64) if False else key, (3, 4),
                                    algorithm=lax.RandomAlgorithm.RNG_THREE_FRY)
    k2, bits2 = lax.rng_bit_generator(key, (5,), dtype=jnp.uint32, algorithm=lax.RandomAlgorithm.RNG_PHILOX)
    return k, bits, k2, bits2


@case("special_functions", ((32,), F), rtol=2e-5, atol=2e-5)
def _special(x):
    u = jnp.clip(x * 0.3, -0.95, 0.95)
    return lax.erf_inv(u), jax.scipy.special.erf(x), lax.lgamma(jnp.abs(x) + 0.5), jnp.sinh(x), jnp.cosh(x), \
        jnp.arcsin(u), jnp.arccos(u), jnp.arctan(x), jnp.arcsinh(x), jnp.arccosh(jnp.abs(x) + 1), \
        jnp.arctanh(u), jnp.tan(u), jax.nn.sigmoid(x), jnp.log1p(jnp.abs(x)), jnp.expm1(u), jnp.cbrt(x), \
        lax.rsqrt(jnp.abs(x) + 1), jnp.isinf(x / 0.0), jnp.square(x)


@case("special_digamma_nextafter", ((32,), F), rtol=2e-5, atol=2e-5)
def _special_more(x):
    return jax.scipy.special.digamma(jnp.abs(x) + 0.5), jnp.nextafter(x, jnp.float32(0)), \
        jax.scipy.special.digamma(jnp.array([-2.5, -1.0, 0.0, 0.25, 1.0, 7.5, 40.0], jnp.float32))


_I1E_WIDE = [-40.0, -8.5, -8.0, -7.9, -1.0, -1e-3, 0.0, 1e-3, 0.5, 2.0, 7.99, 8.0, 8.01, 15.0, 100.0, 1e4]


@case("special_bessel_i1e", ((32,), F), rtol=2e-6, atol=1e-7)
def _special_i1e(x):
    """chlo.bessel_i1e on both of its Chebyshev series (|x| <= 8, beyond), and on bf16 (via f32)."""
    return lax.bessel_i1e(x * 6), lax.bessel_i1e(jnp.array(_I1E_WIDE, jnp.float32)), \
        lax.bessel_i1e((x * 6).astype(jnp.bfloat16))


@case("special_bessel_i1e_f64", ((32,), "float64"), rtol=1e-13, atol=1e-15, x64=True)
def _special_i1e_f64(x):
    return lax.bessel_i1e(x * 6), lax.bessel_i1e(jnp.array(_I1E_WIDE, jnp.float64))


_ZETA_X = [1.0, 1.5, 2.0, 3.0, 4.5, 10.0, 30.0, 2.0, 3.0, 2.0, 0.5, 2.5, 4.0, 3.0]
_ZETA_Q = [1.0, 2.0, 0.5, 10.0, 1e-3, 3.0, 1.0, -2.0, -3.0, -2.5, 1.0, -1.0, 100.0, 1e6]


@case("special_zeta", ((32,), F), ((32,), F), rtol=2e-6, atol=1e-7)
def _special_zeta(x, q):
    """chlo.zeta: random points (x > 1, q > 0) and its edges (x = 1, x < 1, poles at q <= 0 integers
    with even / odd x, q <= 0 non-integer, large q), and on bf16 (via f32)."""
    xs, qs = jnp.abs(x) * 3 + 1.1, jnp.abs(q) * 2 + 0.1
    wx, wq = jnp.array(_ZETA_X, jnp.float32), jnp.array(_ZETA_Q, jnp.float32)
    return jax.scipy.special.zeta(xs, qs), jax.scipy.special.zeta(wx, wq), \
        jax.scipy.special.zeta(xs.astype(jnp.bfloat16), qs.astype(jnp.bfloat16))


@case("special_zeta_f64", ((32,), "float64"), ((32,), "float64"), rtol=1e-13, atol=1e-15, x64=True)
def _special_zeta_f64(x, q):
    xs, qs = jnp.abs(x) * 3 + 1.1, jnp.abs(q) * 2 + 0.1
    return jax.scipy.special.zeta(xs, qs), jax.scipy.special.zeta(jnp.array(_ZETA_X), jnp.array(_ZETA_Q))


_PG_N = [0.0, 0.0, 0.0, 1.0, 1.0, 2.0, 3.0, 4.0, 0.5, -1.0, 1.0, 2.0, 0.0, 5.0]
_PG_X = [0.0, -2.0, 0.3, 0.5, 10.0, 1.5, 2.0, 0.7, 1.0, 1.0, -1.5, -2.0, -0.5, 30.0]


@case("special_polygamma", ((32,), F), rtol=2e-5, atol=2e-6)
def _special_polygamma(x):
    """chlo.polygamma: n = 0 (digamma, -inf at 0, NaN at the negative integers), n = 1..3 on random
    x > 0, the edges (n not a non-negative integer: NaN; poles), and on bf16 (via f32)."""
    xs = jnp.abs(x) * 2 + 0.2
    ns = jnp.floor(jnp.abs(x) * 2) % 4
    wn, wx = jnp.array(_PG_N, jnp.float32), jnp.array(_PG_X, jnp.float32)
    return lax.polygamma(ns, xs), lax.polygamma(wn, wx), lax.polygamma(ns.astype(jnp.bfloat16), xs.astype(jnp.bfloat16))


@case("special_polygamma_f64", ((32,), "float64"), rtol=1e-12, atol=1e-14, x64=True)
def _special_polygamma_f64(x):
    xs, ns = jnp.abs(x) * 2 + 0.2, jnp.floor(jnp.abs(x) * 2) % 4
    return lax.polygamma(ns, xs), lax.polygamma(jnp.array(_PG_N), jnp.array(_PG_X))


@case("special_erfc", ((32,), F), rtol=2e-5, atol=2e-5)
def _special_erfc(x):
    wide = jnp.array([-9.5, -5.0, -3.0, -2.0, -1.5, -1.0, 0.0, 0.5, 1.0, 1.5, 2.0, 2.5, 3.0, 5.0, 9.0, 11.0])
    return jax.scipy.special.erfc(x), jax.scipy.special.erfc(wide), jax.scipy.special.erfc(x.astype(jnp.bfloat16))


@case("int_bits", ((16,), "int32"), ((16,), "uint8"), rtol=0, atol=0)
def _int_bits(i, u):
    return lax.population_count(i), lax.clz(i), i << 3, lax.shift_right_logical(i, 2), ~u, u // 3, i % 4, \
        jnp.sign(i), jnp.maximum(i, 0), (i > 0) & (u > 2), lax.bitcast_convert_type(i, jnp.float32)


@case("shapes_dynamic_slice", ((6, 8), F), ((), "int32"), ((2, 3), F), rtol=0, atol=0)
def _shapes(x, i, u):
    return lax.dynamic_slice(x, (i, i + 1), (2, 3)), lax.dynamic_update_slice(x, u, (i, 2)), \
        jnp.pad(x, ((1, 2), (0, 1)), constant_values=1.0), jnp.concatenate([x, x[:, :2]], 1), \
        jnp.flip(x, 0), x.T.reshape(4, 12), x[::2, 1::3], jnp.tile(x[:1], (2, 1)), \
        jnp.where(x > 0, x, jnp.zeros_like(x)), jax.nn.one_hot(jnp.abs(i) % 4, 4), jnp.tril(x), \
        jnp.roll(x, 2, axis=1), lax.reduce_precision(x, exponent_bits=4, mantissa_bits=3)


@case("reductions_attention", ((2, 4, 8), F), ((8, 8), F), rtol=2e-4, atol=2e-5)
def _attention(x, w):
    q = x @ w
    s = jnp.einsum("bqd,bkd->bqk", q, x) / jnp.sqrt(8.0)
    p = jax.nn.softmax(s, axis=-1)
    o = jnp.einsum("bqk,bkd->bqd", p, x)
    mu = o.mean(-1, keepdims=True)
    ln = (o - mu) * lax.rsqrt(o.var(-1, keepdims=True) + 1e-5)
    return ln, jnp.argmax(s, -1), jnp.argmin(s, 0), jnp.max(s), jnp.prod(p[0, 0]), jnp.any(s > 1), \
        jax.nn.logsumexp(s, axis=1), jnp.cumprod(p[0], 0), lax.cummax(x, 1)


@case("optimization_barrier_tuple", ((4,), F), ((3,), "int32"), rtol=0, atol=0)
def _barrier(x, i):
    a, b = lax.optimization_barrier((x * 2, i + 1))
    return a, b


@case("composite_call", ((3, 4), F), rtol=1e-6, atol=1e-6)
def _composite(x):
    affine = lax.composite(lambda v, scale: v * scale + 1, name="hloc.affine")
    return affine(x, scale=2.0), jax.jit(lambda v: jnp.sin(v) * 2)(x)


@case("vmap_while_cond", ((3, 5), F), rtol=1e-5, atol=1e-5)
def _vmap_while(x):
    def f(v):
        n = lax.while_loop(lambda s: s[1] < 20.0, lambda s: (s[0] + 1, s[1] * 2 + 1), (0, jnp.abs(v[0])))[0]
        return lax.cond(n > 3, lambda: v * n, lambda: v - n)
    return jax.vmap(f)(x)


def expected_outputs(fn, args, x64: bool) -> list[np.ndarray]:
    with jax.enable_x64(x64):
        out = jax.jit(fn, keep_unused=True)(*args)
    return [np.asarray(leaf) for leaf in jax.tree_util.tree_leaves(out)]


def store(a: np.ndarray) -> np.ndarray:
    """bf16 as uint16 bits (the corpus convention); fp8 as float32 values (np.save cannot write it)."""
    if a.dtype == ml_dtypes.bfloat16:
        return a.view(np.uint16)
    if a.dtype.itemsize == 1 and a.dtype.kind == "V" or "float8" in str(a.dtype):
        return a.astype(np.float32)
    return a


def write_jax_cases(out: Path, only: str | None = None) -> None:
    """Every case, or only the case `only` (the manifest's other rows kept)."""
    out.mkdir(parents=True, exist_ok=True)
    rows = ["name\trtol\tatol\tx64"]
    if only is not None:
        rows += [r for r in (out / "MANIFEST.tsv").read_text().splitlines()[1:] if r.split("\t")[0] != only]
    for name, (fn, specs, rtol, atol, x64) in sorted(CASES.items()):
        if only is not None and name != only:
            continue
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        args = [make_input(rng, s) for s in specs]
        with jax.enable_x64(x64):
            lowered = jax.jit(fn, keep_unused=True).lower(*args)
            text = lowered.as_text()
            # MLIR's generic form of the same module, with its location tables
            generic = lowered.compiler_ir("stablehlo").operation.get_asm(print_generic_op_form=True,
                                                                        enable_debug_info=True)
        (out / f"{name}.mlir").write_text(text)
        (out.parent / "generic").mkdir(exist_ok=True)
        (out.parent / "generic" / f"{name}.mlir").write_text(generic)
        for k, a in enumerate(args):
            np.save(out / f"{name}.in{k}.npy", store(a))
        outs = expected_outputs(fn, args, x64)
        np.savez(out / f"{name}.expected.npz", **{f"out{k}": store(o) for k, o in enumerate(outs)})
        rows.append(f"{name}\t{rtol}\t{atol}\t{int(x64)}")
        print(f"{name}: {len(text)} chars, {len(outs)} outputs")
    (out / "MANIFEST.tsv").write_text("\n".join([rows[0]] + sorted(rows[1:])) + "\n")


def write_corpus(corpus: Path, out: Path) -> None:
    from jax._src.lib import _jax, hlo
    from jax._src.lib import xla_client as xc

    out.mkdir(parents=True, exist_ok=True)
    for f in sorted(corpus.glob("*.hlo")):
        if f.name.endswith(".opt.hlo"):
            continue
        m = hlo.hlo_module_from_text(f.read_text())
        mlir = _jax.mlir.xla_computation_to_mlir_module(xc.XlaComputation(m.as_serialized_hlo_module_proto()))
        (out / (f.name[:-4] + ".mlir")).write_text(mlir)


def _dump_programs():
    import numpy as np
    x = np.arange(12, dtype=np.float32).reshape(3, 4) / 10
    y = np.ones((4, 4), np.float32) / 3
    a = np.array([3.0, 1.0, 2.0, -1.0], np.float32)

    def f(x, y):
        return jnp.tanh(x @ y) + jnp.arange(4.0)

    def g(a):
        return jnp.cumsum(jnp.sort(a)) * 2

    return {"jit_f": (f, (x, y)), "jit_g": (g, (a,))}


def write_dump(out: Path) -> None:
    """dumps/two_programs/: an XLA dump folder (--xla_dump_to, text and .hlo.pb) of two jitted programs,
    made by a child process (XLA reads XLA_FLAGS once); dumps/NAME.in<k>.npy and NAME.expected.npz beside."""
    import os
    import shutil
    import subprocess

    folder = out / "two_programs"
    shutil.rmtree(folder, ignore_errors=True)
    env = dict(os.environ, XLA_FLAGS=f"--xla_dump_to={folder} --xla_dump_hlo_as_proto --xla_dump_hlo_as_text")
    subprocess.run([sys.executable, __file__, "--dump-child"], env=env, check=True)
    for name, (fn, args) in _dump_programs().items():
        for k, a in enumerate(args):
            np.save(out / f"{name}.in{k}.npy", a)
        np.savez(out / f"{name}.expected.npz", out0=np.asarray(jax.jit(fn)(*args)))
    for f in folder.iterdir():  # object files and options are not modules; they stay out of testdata
        if f.suffix in (".o", ".debug_options") or f.name.endswith("-memory-usage-report.pb"):
            f.unlink()


def write_protos(corpus: Path, out: Path) -> None:
    """protos/NAME.pb: the corpus modules as XLA serializes them (HloModuleProto); protos/NAME.pbtxt: the
    same decoded to protobuf text format by protoc, with a .proto written from hloc's schema (the field
    numbers of XLA's hlo.proto; needs protoc, e.g. Debian's protobuf-compiler)."""
    import shutil
    import subprocess
    import tempfile

    from jax._src.lib import hlo

    out.mkdir(parents=True, exist_ok=True)
    for f in sorted(corpus.glob("*.hlo")):
        if f.name.endswith(".opt.hlo"):
            continue
        m = hlo.hlo_module_from_text(f.read_text())
        (out / (f.name[:-4] + ".pb")).write_bytes(m.as_serialized_hlo_module_proto())
    if shutil.which("protoc") is None:
        print("protoc not found: no .pbtxt files")
        return
    root = Path(__file__).resolve().parents[2]  # hloc needs lark, which the jax venv may lack: ask hloc's venv
    source = subprocess.run([str(root / ".venv" / "bin" / "python"), __file__, "--proto-source"], cwd=root,
                            capture_output=True, text=True, check=True).stdout
    with tempfile.TemporaryDirectory() as tmp:
        (Path(tmp) / "hlo_subset.proto").write_text(source)
        for name in TEXT_PROTO_CASES:
            res = subprocess.run(["protoc", f"--proto_path={tmp}", "--decode=xla.HloModuleProto", "hlo_subset.proto"],
                                 input=(out / f"{name}.pb").read_bytes(), capture_output=True, check=True)
            (out / f"{name}.pbtxt").write_bytes(res.stdout)


TEXT_PROTO_CASES = ["scan_rnn", "cond_switch", "conv2d_nhwc_same", "gather_ops", "ew_chain_bf16", "pooling_grad"]


def write_elided(out: Path) -> None:
    """elided/compiled.hlo: `compiled.as_text()` of a function with a 100-element constant, which XLA
    prints as constant({...}); elided/lowered.hlo: `lowered.as_text(dialect="hlo")`, the full text."""
    out.mkdir(parents=True, exist_ok=True)
    table = np.random.default_rng(7).standard_normal(100).astype(np.float32)

    def f(x):
        return x * table + 1.0

    x = np.linspace(-1, 1, 100, dtype=np.float32)
    lowered = jax.jit(f).lower(x)
    (out / "compiled.hlo").write_text(lowered.compile().as_text())
    (out / "lowered.hlo").write_text(lowered.as_text(dialect="hlo"))
    np.save(out / "x.npy", x)
    np.savez(out / "expected.npz", out0=np.asarray(jax.jit(f)(x)))


LINALG = {
    "cholesky": (lambda a: jnp.linalg.cholesky(a @ a.T + 4 * jnp.eye(4)), ((4, 4), F)),
    "qr": (lambda a: jnp.linalg.qr(a), ((5, 3), F)),
    "solve": (lambda a, b: jnp.linalg.solve(a + 4 * jnp.eye(4), b), ((4, 4), F), ((4, 2), F)),
    "eigh": (lambda a: jnp.linalg.eigh(a + a.T), ((4, 4), "float64")),
    "svd": (lambda a: jnp.linalg.svd(a, full_matrices=False), ((3, 4, 3), F)),
    "det_inv": (lambda a: (jnp.linalg.det(a), jnp.linalg.inv(a + 3 * jnp.eye(3))), ((3, 3), "complex64")),
}


def write_linalg(out: Path) -> None:
    """linalg/NAME.mlir: jnp.linalg functions (LAPACK custom calls) as JAX's StableHLO; NAME.hlo the same
    function as JAX's HLO text (what the custom calls must lower to); inputs and jax.jit's outputs."""
    out.mkdir(parents=True, exist_ok=True)
    rows = ["name\trtol\tatol\tx64"]
    for name, (fn, *specs) in LINALG.items():
        x64 = any(s[1] == "float64" for s in specs)
        rng = np.random.default_rng(zlib.crc32(name.encode()))
        args = [make_input(rng, s) for s in specs]
        with jax.enable_x64(x64):
            lowered = jax.jit(fn, keep_unused=True).lower(*args)
            (out / f"{name}.mlir").write_text(lowered.as_text())
            (out / f"{name}.hlo").write_text(lowered.as_text(dialect="hlo"))
        for k, a in enumerate(args):
            np.save(out / f"{name}.in{k}.npy", a)
        outs = expected_outputs(fn, args, x64)
        np.savez(out / f"{name}.expected.npz", **{f"out{k}": o for k, o in enumerate(outs)})
        rows.append(f"{name}\t{1e-10 if x64 else 1e-4}\t{1e-10 if x64 else 1e-4}\t{int(x64)}")
    (out / "MANIFEST.tsv").write_text("\n".join(rows) + "\n")


def main() -> None:
    if sys.argv[1:] == ["--dump-child"]:
        for fn, args in _dump_programs().values():
            jax.jit(fn)(*args)
        return
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--corpus", type=Path, default=Path(__file__).resolve().parents[3] / "shared" / "corpus" / "jax")
    ap.add_argument("--out", type=Path, default=OUT)
    ap.add_argument("--only", help="write only this jax/ case (and its generic/ form)")
    args = ap.parse_args()
    if args.only:
        write_jax_cases(args.out / "jax", args.only)
        return
    write_jax_cases(args.out / "jax")
    write_linalg(args.out / "linalg")
    write_dump(args.out.parent / "dumps")
    write_elided(args.out.parent / "elided")
    if args.corpus.is_dir():
        write_corpus(args.corpus, args.out / "corpus")
        write_protos(args.corpus, args.out.parent / "protos")


if __name__ == "__main__":
    main()
