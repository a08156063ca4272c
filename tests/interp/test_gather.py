"""gather: XLA-computed cases (testdata/interp/gather_*), a naive reference written from
operation_semantics.md's formal description (one output element at a time), and the jax corpus."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from heavy_support import case_names, check_outputs, corpus_case, load_case, run


@pytest.mark.parametrize("name", case_names("gather_"))
def test_gather_matches_xla(name):
    text, ins, outs, meta = load_case(name)
    check_outputs(run(text, *ins), outs, meta["rtol"], meta["atol"], name)


def naive_gather(operand, indices, offset_dims, collapsed, start_map, ivd, sizes, obd=(), ibd=()):
    if ivd == indices.ndim:
        indices = indices[..., None]
    batch_shape = [s for d, s in enumerate(indices.shape) if d != ivd]
    offset_sizes = [s for d, s in enumerate(sizes) if d not in collapsed and d not in obd]
    rank = len(batch_shape) + len(offset_sizes)
    batch_dims = [d for d in range(rank) if d not in offset_dims]
    out_shape = [0] * rank
    for d, s in zip(batch_dims, batch_shape):
        out_shape[d] = s
    for d, s in zip(offset_dims, offset_sizes):
        out_shape[d] = s
    out = np.zeros(out_shape, operand.dtype)
    window_operand_dims = [d for d in range(operand.ndim) if d not in collapsed and d not in obd]
    for out_idx in itertools.product(*[range(s) for s in out_shape]):
        g = [out_idx[d] for d in batch_dims]
        start = [0] * operand.ndim
        for k, od in enumerate(start_map):
            idx = list(g)
            idx.insert(ivd, k)
            start[od] = int(indices[tuple(idx)])
        for od, idim in zip(obd, ibd):
            start[od] = g[idim if idim < ivd else idim - 1]
        # clamp so the whole slice fits
        start = [min(max(s, 0), operand.shape[d] - sizes[d]) for d, s in enumerate(start)]
        full = list(start)
        for k, od in enumerate(window_operand_dims):
            full[od] += out_idx[offset_dims[k]]
        out[out_idx] = operand[tuple(full)]
    return out


def _shape(etype, dims):
    return f"{etype}[{','.join(map(str, dims))}]"


def _ints(name, v):
    return f"{name}={{{','.join(map(str, v))}}}"


CONFIGS = [
    # operand, indices shape, offset_dims, collapsed, start_index_map, index_vector_dim, slice_sizes, obd, ibd
    ((6, 5), (4, 1), (1,), (0,), (0,), 1, (1, 5), (), ()),
    ((6, 5), (4,), (1,), (0,), (0,), 1, (1, 3), (), ()),
    ((5, 6, 4), (2, 3, 2), (0, 3), (1,), (1, 2), 2, (3, 1, 2), (), ()),
    ((4, 7), (3, 2, 4), (1, 2), (), (1, 0), 1, (2, 3), (), ()),
    ((3, 8, 2), (2, 3, 1), (2,), (1,), (1,), 2, (1, 1, 2), (0,), (1,)),
    ((2, 5, 3, 4), (3, 2, 2), (2,), (1,), (1, 3), 2, (1, 1, 1, 2), (0, 2), (1, 0)),
    ((5,), (), (0,), (), (0,), 0, (3,), (), ()),
]


@pytest.mark.parametrize("cfg", CONFIGS, ids=lambda c: f"{c[0]}-{c[1]}")
def test_gather_against_naive_reference(cfg):
    op_shape, idx_shape, offset_dims, collapsed, start_map, ivd, sizes, obd, ibd = cfg
    rng = np.random.default_rng(sum(op_shape) + len(idx_shape))
    operand = rng.integers(-1000, 1000, op_shape).astype(np.int32)
    hi = max(op_shape) + 3
    indices = rng.integers(-3, hi, idx_shape).astype(np.int32)  # includes out-of-bounds starts
    want = naive_gather(operand, indices, offset_dims, collapsed, start_map, ivd, sizes, obd, ibd)
    attrs = [_ints("offset_dims", offset_dims), _ints("collapsed_slice_dims", collapsed),
             _ints("start_index_map", start_map), f"index_vector_dim={ivd}", _ints("slice_sizes", sizes)]
    if obd:
        attrs += [_ints("operand_batching_dims", obd), _ints("start_indices_batching_dims", ibd)]
    text = (f"HloModule m\nENTRY e {{\n  x = {_shape('s32', op_shape)} parameter(0)\n"
            f"  i = {_shape('s32', idx_shape)} parameter(1)\n"
            f"  ROOT g = {_shape('s32', want.shape)} gather(x, i), {', '.join(attrs)}\n}}\n")
    np.testing.assert_array_equal(run(text, operand, indices), want)


@pytest.mark.parametrize("name", ["gather_ops"])
def test_jax_corpus(name):
    text, ins, outs, rtol, atol = corpus_case(name)
    check_outputs(run(text, *ins), outs, rtol, atol, name)
