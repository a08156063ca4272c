"""hloc.jit on JAX functions of the public JAX corpus's kinds, against jax.jit's own results.

Expected values are jax.jit's (XLA:CPU), compared within the corpus's tolerance categories
(/work/shared/corpus/jax/README.md: f32 plain 1e-5/1e-6, transcendental 2e-5/2e-6, reductions
1e-4/1e-5, models 2e-4/2e-5, bf16 2e-2, exact 0). Skipped without jax (the `hloc[jax]` extra).
"""

from __future__ import annotations

import numpy as np
import pytest

jax = pytest.importorskip("jax", reason="hloc.jit needs jax (pip install hloc[jax])")
jnp = pytest.importorskip("jax.numpy")
lax = jax.lax

import hloc  # noqa: E402
from hloc.errors import CodegenError  # noqa: E402

EXACT, PLAIN, TRANSC, REDUCE, MODEL, BF16 = (0, 0), (1e-5, 1e-6), (2e-5, 2e-6), (1e-4, 1e-5), (2e-4, 2e-5), (2e-2, 2e-2)


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def _rng(name: str):
    return np.random.default_rng(sum(map(ord, name)))


def _f32(rng, *shape):
    return rng.standard_normal(shape).astype(np.float32)


def ew_chain(x, y):
    return jnp.maximum(jnp.tanh(x * y + 1.0), jnp.exp(-jnp.abs(x))) / (jnp.sqrt(jnp.abs(y)) + 1.0)


def softmax(x):
    return jax.nn.softmax(x, axis=-1)


def layernorm(x, g, b):
    m = x.mean(-1, keepdims=True)
    v = ((x - m) ** 2).mean(-1, keepdims=True)
    return (x - m) * lax.rsqrt(v + 1e-5) * g + b


def attention(q, k, v):
    s = jnp.einsum("bqd,bkd->bqk", q, k) / np.sqrt(q.shape[-1]).astype(np.float32)
    return jnp.einsum("bqk,bkd->bqd", jax.nn.softmax(s, axis=-1), v)


def mlp_grad(w1, w2, x, y):
    def loss(w1, w2):
        h = jax.nn.gelu(x @ w1)
        return jnp.mean((h @ w2 - y) ** 2)
    return jax.value_and_grad(loss, argnums=(0, 1))(w1, w2)


def conv_relu(x, k):
    y = lax.conv_general_dilated(x, k, (1, 1), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
    return jax.nn.relu(y)


def max_pool(x):
    return lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID")


def argmax_argmin(x):
    return jnp.argmax(x, axis=1), jnp.argmin(x, axis=0)


def cumsum_scan(x):
    def step(c, v):
        c = c + v
        return c, c * 2.0
    return lax.scan(step, jnp.zeros(x.shape[1:], x.dtype), x)


def fori(x):
    return lax.fori_loop(0, 5, lambda i, a: a * 0.5 + jnp.sin(a) + i, x)


def cond(p, x):
    return lax.cond(p > 0, lambda v: v * 2.0, lambda v: -v, x)


def sort_topk(x):
    return jnp.sort(x, axis=-1), lax.top_k(x, 3)


def gather_scatter(x, idx):
    return x[idx], x.at[idx].add(1.0)


def int_ops(a, b):
    return (a * b) // (jnp.abs(b) + 1), a % 7, jnp.bitwise_xor(a, b), a > b


def bf16_mix(x, w):
    return (x.astype(jnp.bfloat16) @ w.astype(jnp.bfloat16)).astype(jnp.float32)


def transcendental(x):
    y = jnp.abs(x) + 0.5
    return (jnp.exp(x), jnp.log(y), jax.nn.sigmoid(x), lax.erf(x), lax.rsqrt(y), jnp.power(y, 1.7),
            jnp.arctan2(x, y), jnp.log1p(y), jnp.expm1(x), jnp.cbrt(x))


def special(x):
    u = jnp.clip(x * 0.3, -0.9, 0.9)
    return lax.erf_inv(u), lax.lgamma(jnp.abs(x) + 0.5)


def rounding_and_convert(x):
    return (jnp.floor(x), jnp.round(x), jnp.fmod(x, 0.7), x.astype(jnp.int32), (x * 40).astype(jnp.uint8),
            x.astype(jnp.float16), lax.bitcast_convert_type(x, jnp.int32))


def logsumexp_rows(x):
    return jax.scipy.special.logsumexp(x * 30.0, axis=1)


def nested_calls(x):
    inner = jax.jit(lambda v: jnp.where(v > 0, v, 0.1 * v))
    return jax.jit(lambda v: inner(v) * 2 + inner(-v))(x)


def while_dynamic(x):
    def cond_fn(c):
        return jnp.max(jnp.abs(c[0])) > 0.01

    def body_fn(c):
        return c[0] * 0.5, c[1] + 1

    return lax.while_loop(cond_fn, body_fn, (x, jnp.int32(0)))


def switch(i, x):
    return lax.switch(i, [lambda v: v + 1.0, lambda v: v * v, lambda v: -v], x)


def threefry(key_data):
    key = jax.random.wrap_key_data(key_data)
    k1, k2 = jax.random.split(key)
    return jax.random.uniform(k1, (4, 5)), jax.random.normal(k2, (6,)), jax.random.randint(k1, (7,), 0, 10)


def conv_backward(x, k):
    def f(x, k):
        y = lax.conv_general_dilated(x, k, (2, 2), "SAME", dimension_numbers=("NHWC", "HWIO", "NHWC"))
        return jnp.sum(jnp.tanh(y))
    return jax.grad(f, argnums=(0, 1))(x, k)


def pooling_grad(x):
    def f(x):
        return jnp.sum(lax.reduce_window(x, -jnp.inf, lax.max, (1, 2, 2, 1), (1, 2, 2, 1), "VALID") ** 2)
    return jax.grad(f)(x)


def einsum_variants(a, b):
    return jnp.einsum("ij,kj->ik", a, b), jnp.einsum("ii->i", a @ a.T), jnp.einsum("ij,ij->", a, a)


def one_hot_xent(logits, labels):
    oh = jax.nn.one_hot(labels, logits.shape[-1])
    return -jnp.mean(jnp.sum(oh * jax.nn.log_softmax(logits), axis=-1))


def f16_matmul(a, b):
    return a.astype(jnp.float16) @ b.astype(jnp.float16)


def u8_image(img):
    x = (img.astype(jnp.float32) / 255.0 - 0.5) / 0.25
    return jnp.clip(jnp.round(x * 32 + 128), 0, 255).astype(jnp.uint8)


def _cases():
    r = _rng
    return [
        ("ew_chain", ew_chain, lambda g: (_f32(g, 64, 32), _f32(g, 64, 32)), TRANSC),
        ("softmax", softmax, lambda g: (_f32(g, 16, 128),), TRANSC),
        ("layernorm", layernorm, lambda g: (_f32(g, 32, 64), _f32(g, 64), _f32(g, 64)), REDUCE),
        ("attention", attention, lambda g: (_f32(g, 2, 16, 32), _f32(g, 2, 16, 32), _f32(g, 2, 16, 32)), MODEL),
        ("mlp_grad", mlp_grad, lambda g: (_f32(g, 32, 64), _f32(g, 64, 8), _f32(g, 16, 32), _f32(g, 16, 8)), MODEL),
        ("conv_relu", conv_relu, lambda g: (_f32(g, 1, 12, 12, 8), _f32(g, 3, 3, 8, 16)), MODEL),
        ("max_pool", max_pool, lambda g: (_f32(g, 2, 8, 8, 4),), EXACT),
        ("argmax_argmin", argmax_argmin, lambda g: (_f32(g, 16, 33),), EXACT),
        ("cumsum_scan", cumsum_scan, lambda g: (_f32(g, 10, 7),), REDUCE),
        ("fori", fori, lambda g: (_f32(g, 40),), TRANSC),
        ("cond_true", cond, lambda g: (np.float32(1), _f32(g, 9)), EXACT),
        ("cond_false", cond, lambda g: (np.float32(-1), _f32(g, 9)), EXACT),
        ("sort_topk", sort_topk, lambda g: (_f32(g, 6, 20),), EXACT),
        ("gather_scatter", gather_scatter, lambda g: (_f32(g, 10, 3), np.array([3, 1, 3, 9], np.int32)), PLAIN),
        ("int_ops", int_ops, lambda g: (g.integers(-50, 50, 64).astype(np.int32),
                                        g.integers(-50, 50, 64).astype(np.int32)), EXACT),
        ("bf16_mix", bf16_mix, lambda g: (_f32(g, 8, 16), _f32(g, 16, 4)), BF16),
        ("transcendental", transcendental, lambda g: (_f32(g, 64),), TRANSC),
        ("special", special, lambda g: (_f32(g, 64),), (1e-4, 1e-5)),
        ("rounding_and_convert", rounding_and_convert, lambda g: (_f32(g, 32) * 3,), PLAIN),
        ("logsumexp", logsumexp_rows, lambda g: (_f32(g, 8, 40),), REDUCE),
        ("nested_calls", nested_calls, lambda g: (_f32(g, 20),), PLAIN),
        ("while_dynamic", while_dynamic, lambda g: (_f32(g, 12) * 10,), EXACT),
        ("switch", switch, lambda g: (np.int32(1), _f32(g, 6)), EXACT),
        ("switch_clamped", switch, lambda g: (np.int32(7), _f32(g, 6)), EXACT),
        ("threefry", threefry, lambda g: (np.array([0, 42], np.uint32),), PLAIN),
        ("conv_backward", conv_backward, lambda g: (_f32(g, 2, 8, 8, 3), _f32(g, 3, 3, 3, 4)), MODEL),
        ("pooling_grad", pooling_grad, lambda g: (_f32(g, 1, 6, 6, 2),), EXACT),
        ("einsum", einsum_variants, lambda g: (_f32(g, 6, 5), _f32(g, 4, 5)), MODEL),
        ("one_hot_xent", one_hot_xent, lambda g: (_f32(g, 16, 10), g.integers(0, 10, 16).astype(np.int32)), REDUCE),
        ("f16_matmul", f16_matmul, lambda g: (_f32(g, 8, 16), _f32(g, 16, 4)), (1e-2, 1e-3)),
        ("u8_image", u8_image, lambda g: (g.integers(0, 256, (4, 4, 3)).astype(np.uint8),), EXACT),
    ], r


CASES, _ = _cases()
FAST = {"ew_chain", "softmax", "mlp_grad", "cumsum_scan", "cond_true", "gather_scatter", "int_ops"}


def _assert_close(got, want, tol, what):
    got_leaves, got_tree = jax.tree_util.tree_flatten(got)
    want_leaves, want_tree = jax.tree_util.tree_flatten(want)
    assert got_tree == want_tree, what
    rtol, atol = tol
    for i, (g, w) in enumerate(zip(got_leaves, want_leaves)):
        w = np.asarray(w)
        assert isinstance(g, np.ndarray), f"{what} leaf {i}: {type(g)}"
        assert g.dtype == w.dtype and g.shape == w.shape, f"{what} leaf {i}"
        if w.dtype.kind in "biu":
            np.testing.assert_array_equal(g, w, err_msg=f"{what} leaf {i}")
        else:
            np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=rtol, atol=atol,
                                       err_msg=f"{what} leaf {i}")


@pytest.mark.parametrize("name,fun,make,tol", [
    pytest.param(*c, marks=() if c[0] in FAST else pytest.mark.slow, id=c[0]) for c in CASES])
def test_equals_jax_jit(name, fun, make, tol):
    args = make(_rng(name))
    want = jax.jit(fun)(*args)
    f = hloc.jit(fun)
    _assert_close(f(*args), want, tol, name)
    _assert_close(f(*args), want, tol, name + " (second call)")
    info = f.cache_info()
    assert (info["traces"], info["compiles"], info["hits"]) == (1, 1, 1)


def test_interp_backend_agrees():
    args = (_f32(_rng("i"), 8, 16),)
    _assert_close(hloc.jit(softmax, backend="interp")(*args), jax.jit(softmax)(*args), TRANSC, "interp")


def test_one_compile_per_new_shape_and_disk_cache_across_instances():
    f = hloc.jit(ew_chain)
    g = _rng("shapes")
    a, b = _f32(g, 4, 4), _f32(g, 4, 4)
    c, d = _f32(g, 8, 4), _f32(g, 8, 4)
    f(a, b), f(c, d), f(a, b), f(c, d)
    assert f.cache_info() == {"hits": 2, "traces": 2, "compiles": 2, "disk_hits": 0, "entries": 2}
    again = hloc.jit(ew_chain)  # a new process would be the same: traced again, compiled never
    _assert_close(again(c, d), jax.jit(ew_chain)(c, d), TRANSC, "disk hit")
    assert again.cache_info()["disk_hits"] == 1 and again.cache_info()["compiles"] == 0


def test_pytrees_statics_kwargs_scalars_and_jax_arrays():
    def f(params, x, *, scale, act):
        y = x @ params["w"] + params["b"]
        return {"y": (jnp.tanh(y) if act == "tanh" else y) * scale, "n": [y.sum()]}

    g = _rng("tree")
    params = {"w": _f32(g, 5, 3), "b": _f32(g, 3)}
    x = jnp.asarray(_f32(g, 2, 5))  # a jax array in
    hf = hloc.jit(f, static_argnames="act")
    for act in ("tanh", "id", "tanh"):
        _assert_close(hf(params, x, scale=2.0, act=act), jax.jit(f, static_argnames="act")(params, x, scale=2.0,
                                                                                             act=act), MODEL, act)
    assert hf.cache_info()["traces"] == 2 and hf.cache_info()["hits"] == 1
    out = hloc.jit(f, static_argnames="act", outputs="jax")(params, x, scale=2.0, act="id")
    assert isinstance(out["y"], jax.Array)


def test_static_argnums_and_x64_canonicalisation():
    def power(x, n):
        return x ** n

    hp = hloc.jit(power, static_argnums=1)
    x64 = np.linspace(0, 2, 7)  # float64 in, traced as f32 (x64 off) as jax.jit does
    got = hp(x64, 3)
    assert got.dtype == np.float32
    _assert_close(got, jax.jit(power, static_argnums=1)(x64, 3), PLAIN, "power")
    hp(x64, 2)
    assert hp.cache_info()["traces"] == 2


def test_donated_jax_arrays_are_deleted():
    def step(w, g):
        return w - 0.1 * g

    w = jnp.ones(4, jnp.float32)
    out = hloc.jit(step, donate_argnums=0)(w, np.ones(4, np.float32))
    np.testing.assert_allclose(out, np.full(4, 0.9, np.float32))
    assert w.is_deleted()


def test_user_errors_are_jaxs_own():
    def bad(x):
        return x @ jnp.ones((3, 3))

    with pytest.raises(TypeError):  # jax's shape error in dot_general, raised while tracing
        hloc.jit(bad)(np.ones((2, 2), np.float32))


def test_hloc_errors_name_the_instruction_and_python_line():
    def uses_callback(x):
        y = jax.pure_callback(lambda a: np.asarray(a) * 2, jax.ShapeDtypeStruct(x.shape, x.dtype), x)
        return y + 1

    line = uses_callback.__code__.co_firstlineno + 1
    with pytest.raises(CodegenError) as e:
        hloc.jit(uses_callback)(np.ones(3, np.float32))
    msg = str(e.value)
    assert "HLO instruction 'pure_callback" in msg
    assert f"test_jit.py:{line} (test_hloc_errors_name_the_instruction_and_python_line.<locals>.uses_callback)" in msg
    assert msg.startswith("jit(uses_callback):")


def test_disk_cache_survives_edits_elsewhere_in_the_file():
    """The compiled text has no source-line metadata: the same function 10 lines lower (an edit above
    it) finds its native code in the disk cache."""
    src = "def step(x):\n    return jnp.tanh(x) * 2\n"
    first, moved = {"jnp": jnp}, {"jnp": jnp}
    exec(compile(src, "model.py", "exec"), first)
    exec(compile("\n" * 10 + src, "model.py", "exec"), moved)
    x = np.linspace(-1, 1, 5).astype(np.float32)
    hloc.jit(first["step"])(x)
    again = hloc.jit(moved["step"])
    _assert_close(again(x), np.tanh(x) * 2, TRANSC, "moved")
    assert again.cache_info()["disk_hits"] == 1
