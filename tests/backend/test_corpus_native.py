"""The jax corpus cases whose ops the native backend covers: compiled results vs XLA's outputs.

Tolerances are the corpus MANIFEST's (`|got - expected| <= atol + rtol*|expected|`, NaNs equal).
"""

from __future__ import annotations

import csv

import numpy as np
import pytest
from conftest import JAX_CORPUS, require_corpus

from hloc.backend.llvm import compile_module
from hloc.errors import CodegenError
from hloc.parse import parse_module

CASES = [
    "ew_chain_f32", "ew_chain_f64", "ew_chain_f16", "ew_chain_bf16", "ew_int32", "bool_logic",
    "transcendental_a", "compare_select", "nan_inf_semantics", "clamp_clip", "int_divrem_shift",
    "int_div_edge", "float_rounding", "convert_dtypes", "uint8_image_norm", "shape_ops", "iota_tri",
    "reductions", "softmax", "logsumexp", "layernorm", "one_hot_where_clip", "argmax_argmin", "nested_call",
    "dynamic_slice_ops",
    # dot
    "mlp_forward", "batched_matmul", "dot_general_variants", "einsum", "linalg_plain", "attention",
    "transformer_layer", "mixed_precision",
    # control flow
    "fori_loop", "scan_rnn", "while_dynamic", "cond_switch",
    # convolution
    "conv2d_nhwc_same", "conv2d_nchw_strided", "conv_dilated_transposed", "conv2d_grouped", "conv_backward",
    # data-dependent kernels
    "gather_ops", "transcendental_b", "mlp_backward", "scatter_ops", "sort_ops", "random_threefry", "cumulative_ops",
    "pooling", "pooling_grad", "rng_bit_generator",
]
# The other corpus cases need kernels the native backend does not have yet: each must fail cleanly
# with a CodegenError naming the op (move a case to CASES when its kernel lands).
NEEDS_KERNELS: dict[str, list[str]] = {}


def manifest() -> dict[str, dict]:
    path = JAX_CORPUS / "MANIFEST.tsv"
    if not path.exists():
        return {}
    with path.open() as f:
        return {row["name"]: row for row in csv.DictReader(f, delimiter="\t")}


def load_case(name: str, module):
    ins = []
    shapes = module.entry.parameter_shapes
    k = 0
    while (JAX_CORPUS / f"{name}.in{k}.npy").exists():
        a = np.load(JAX_CORPUS / f"{name}.in{k}.npy")
        want = shapes[k].dtype
        if a.dtype != want and a.dtype.itemsize == want.itemsize:
            a = a.view(want)  # bf16 stored as uint16 bits
        ins.append(a)
        k += 1
    exp = np.load(JAX_CORPUS / f"{name}.expected.npz")
    return ins, [exp[f"out{i}"] for i in range(len(exp.files))]


def flatten(v) -> list:
    if isinstance(v, tuple):
        return [x for e in v for x in flatten(e)]
    return [v]


@pytest.mark.parametrize("name", CASES)
def test_corpus_case(name):
    require_corpus()
    row = manifest()[name]
    module = parse_module((JAX_CORPUS / f"{name}.hlo").read_text(), f"{name}.hlo")
    ins, expected = load_case(name, module)
    got = flatten(compile_module(module)(ins))
    assert len(got) == len(expected)
    rtol, atol = float(row["rtol"]), float(row["atol"])
    for i, (g, e) in enumerate(zip(got, expected)):
        if g.dtype != e.dtype and g.dtype.itemsize == e.dtype.itemsize and e.dtype.kind == "u":
            if rtol or atol:  # bf16 stored as bits: compare the values with the case's tolerance
                e = e.view(g.dtype)
            else:
                g = g.view(e.dtype)  # exact cases compare bits
        assert g.shape == e.shape, f"out{i}"
        if e.dtype.kind in "biu" or (rtol == 0 and atol == 0):
            if e.dtype.kind == "f":
                np.testing.assert_array_equal(g, e, err_msg=f"{name} out{i}")
            else:
                np.testing.assert_array_equal(g, e, err_msg=f"{name} out{i}")
        else:
            np.testing.assert_allclose(g.astype(np.float64), e.astype(np.float64), rtol=rtol, atol=atol,
                                       equal_nan=True, err_msg=f"{name} out{i}")


@pytest.mark.parametrize("name,op", [(n, op) for op, names in NEEDS_KERNELS.items() for n in names])
def test_missing_kernel_is_a_clean_codegen_error(name, op):
    require_corpus()
    module = parse_module((JAX_CORPUS / f"{name}.hlo").read_text(), f"{name}.hlo")
    with pytest.raises(CodegenError, match=f"'{op}'") as err:
        compile_module(module)
    assert err.value.loc is not None and err.value.loc.filename == f"{name}.hlo"
