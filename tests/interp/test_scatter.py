"""scatter: XLA-computed cases (testdata/interp/scatter_*: duplicates in order, out-of-bounds windows,
batching dims, variadic), a naive sequential reference written from operation_semantics.md, the
lifted and per-element combiner paths against each other, and the jax corpus."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from heavy_support import case_names, check_outputs, corpus_case, load_case, run


@pytest.mark.parametrize("name", case_names("scatter_"))
def test_scatter_matches_xla(name):
    text, ins, outs, meta = load_case(name)
    check_outputs(run(text, *ins), outs, meta["rtol"], meta["atol"], name)


def naive_scatter(operand, indices, updates, uwd, iwd, sdod, ivd, combine, ibd=(), sibd=()):
    """Updates applied one element at a time in row-major update order; a window that does not fit
    in the operand is skipped whole."""
    out = operand.copy()
    if ivd == indices.ndim:
        indices = indices[..., None]
    scatter_dims = [d for d in range(updates.ndim) if d not in uwd]
    window_operand_dims = [d for d in range(operand.ndim) if d not in iwd and d not in ibd]
    window_size = [1] * operand.ndim
    for k, od in enumerate(window_operand_dims):
        window_size[od] = updates.shape[uwd[k]]
    for u in itertools.product(*[range(s) for s in updates.shape]):
        g = [u[d] for d in scatter_dims]
        start = [0] * operand.ndim
        for k, od in enumerate(sdod):
            idx = list(g)
            idx.insert(ivd, k)
            start[od] = int(indices[tuple(idx)])
        for od, idim in zip(ibd, sibd):
            start[od] = g[idim if idim < ivd else idim - 1]
        if any(s < 0 or s + w > n for s, w, n in zip(start, window_size, operand.shape)):
            continue
        full = list(start)
        for k, od in enumerate(window_operand_dims):
            full[od] += u[uwd[k]]
        out[tuple(full)] = combine(out[tuple(full)], updates[u])
    return out


def _shape(etype, dims):
    return f"{etype}[{','.join(map(str, dims))}]"


def _ints(name, v):
    return f"{name}={{{','.join(map(str, v))}}}"


PARAMS = "a = s32[] parameter(0)\n  b = s32[] parameter(1)\n  "
COMBINERS = {
    "add": (PARAMS + "ROOT r = s32[] add(a, b)", lambda a, b: a + b),
    "max": (PARAMS + "ROOT r = s32[] maximum(a, b)", max),
    "replace": ("a = s32[] parameter(0)\n  ROOT b = s32[] parameter(1)", lambda a, b: b),
    # order dependent: 3*current + update (wraps in s32 like the reference)
    "affine": (PARAMS + "c = s32[] constant(3)\n  t = s32[] multiply(a, c)\n  ROOT r = s32[] add(t, b)",
               lambda a, b: 3 * a + b),
}

CONFIGS = [
    # operand, indices, updates, update_window_dims, inserted_window_dims, scatter_dims_to_operand_dims, ivd
    ((8,), (10, 1), (10,), (), (0,), (0,), 1, (), ()),
    ((6, 4), (7,), (7, 4), (1,), (0,), (0,), 1, (), ()),
    ((5, 6), (3, 2), (3, 2, 3), (1, 2), (), (0, 1), 1, (), ()),
    ((4, 5, 3), (2, 3, 2), (2, 3, 2, 2), (3, 2), (1,), (2, 1), 2, (), ()),
    ((3, 6), (3, 4), (3, 4), (), (1,), (1,), 2, (0,), (0,)),
]


@pytest.mark.parametrize("combiner", list(COMBINERS))
@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}")
def test_scatter_against_naive_reference(cfg, combiner):
    op_shape, idx_shape, upd_shape, uwd, iwd, sdod, ivd, ibd, sibd = cfg
    uwd_sorted = tuple(sorted(uwd))
    rng = np.random.default_rng(sum(op_shape) + len(upd_shape))
    operand = rng.integers(-5, 5, op_shape).astype(np.int32)
    indices = rng.integers(-1, max(op_shape) + 1, idx_shape).astype(np.int32)
    updates = rng.integers(-5, 5, upd_shape).astype(np.int32)
    body, fn = COMBINERS[combiner]
    want = naive_scatter(operand.astype(object), indices, updates.astype(object), uwd_sorted, iwd, sdod, ivd, fn,
                         ibd, sibd)
    want = np.array(want.astype(np.int64) % 2**32, np.uint32).view(np.int32).reshape(op_shape)
    attrs = [_ints("update_window_dims", uwd_sorted), _ints("inserted_window_dims", iwd),
             _ints("scatter_dims_to_operand_dims", sdod), f"index_vector_dim={ivd}"]
    if ibd:
        attrs += [_ints("input_batching_dims", ibd), _ints("scatter_indices_batching_dims", sibd)]
    text = (f"HloModule m\ncomb {{\n  {body}\n}}\n"
            f"ENTRY e {{\n  x = {_shape('s32', op_shape)} parameter(0)\n  i = {_shape('s32', idx_shape)} parameter(1)\n"
            f"  u = {_shape('s32', upd_shape)} parameter(2)\n"
            f"  ROOT s = {_shape('s32', op_shape)} scatter(x, i, u), {', '.join(attrs)}, to_apply=comb\n}}\n")
    np.testing.assert_array_equal(run(text, operand, indices, updates), want)


GENERIC = """
HloModule m
inner {
  p = f32[] parameter(0)
  q = f32[] parameter(1)
  two = f32[] constant(2)
  t = f32[] multiply(p, two)
  ROOT r = f32[] subtract(t, q)
}
comb {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] %CALL%
}
ENTRY e {
  x = f32[6] parameter(0)
  i = s32[40,1] parameter(1)
  u = f32[40] parameter(2)
  ROOT s = f32[6] scatter(x, i, u), update_window_dims={}, inserted_window_dims={0},
      scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=comb
}
"""


def test_lifted_and_per_element_combiners_agree():
    """A combiner with a `call` cannot be lifted and runs per element; both paths apply duplicates in order."""
    rng = np.random.default_rng(3)
    x = rng.standard_normal(6).astype(np.float32)
    idx = rng.integers(-1, 7, (40, 1)).astype(np.int32)
    upd = rng.standard_normal(40).astype(np.float32)
    lifted = GENERIC.replace("ROOT r = f32[] %CALL%", "two = f32[] constant(2)\n  t = f32[] multiply(a, two)\n"
                             "  ROOT r = f32[] subtract(t, b)")
    called = GENERIC.replace("%CALL%", "call(a, b), to_apply=inner")
    want = naive_scatter(x, idx, upd, (), (0,), (0,), 1, lambda a, b: np.float32(np.float32(a * 2) - b))
    np.testing.assert_array_equal(run(lifted, x, idx, upd), want)
    np.testing.assert_array_equal(run(called, x, idx, upd), want)


@pytest.mark.parametrize("name", ["scatter_ops", "mlp_backward"])
def test_jax_corpus(name):
    text, ins, outs, rtol, atol = corpus_case(name)
    check_outputs(run(text, *ins), outs, rtol, atol, name)
