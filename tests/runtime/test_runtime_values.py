"""Flattening, input coercion (bit-pattern conventions) and storable outputs."""

import ml_dtypes
import numpy as np
import pytest
from runtime_testing import MIXED, TUPLES, npy_bytes

from hloc.errors import RunError
from hloc.ir.types import Shape
from hloc.parse import parse_module
from hloc.runtime.values import (
    Leaf,
    coerce_input,
    flatten_result,
    parameter_leaves,
    result_leaves,
    to_storable,
    unflatten,
)


def _leaf(etype, dims, name="x.2", param=1, index=()):
    return Leaf(0, param, name, index, Shape.array(etype, dims))


def test_tuple_parameters_flatten_depth_first():
    m = parse_module(TUPLES)
    leaves = parameter_leaves(m)
    assert [(l.param, l.index, l.shape.to_str(layout=False)) for l in leaves] == [
        (0, (0,), "f32[2]"), (0, (1, 0), "s32[3]"), (0, (1, 1), "f32[]"), (1, (), "f32[2]")]
    assert [l.key for l in leaves] == ["p0#0", "p0#1#0", "p0#1#1", "p1"]
    assert leaves[1].path == "parameter 0 'p0' element {1,0}"
    assert [s.to_str(layout=False) for s in result_leaves(m)] == ["f32[2]", "f32[]", "s32[3]", "f32[2]"]


def test_unflatten_and_flatten_round_trip():
    m = parse_module(TUPLES)
    leaves = [np.zeros(2, np.float32), np.arange(3, dtype=np.int32), np.float32(5), np.ones(2, np.float32)]
    args = unflatten(m.entry.parameter_shapes, leaves, token=None)
    assert isinstance(args[0], tuple) and isinstance(args[0][1], tuple)
    assert args[0][1][0] is leaves[1] and args[1] is leaves[3]
    result = (leaves[0], (np.asarray(leaves[2]), leaves[1]), leaves[3])
    flat = flatten_result(m.entry.root.shape, result, "test")
    assert [a.dtype for a in flat] == [np.float32, np.float32, np.int32, np.float32]


def test_flatten_result_rejects_wrong_dtype_and_structure():
    shape = Shape.tuple([Shape.array("f32", (2,)), Shape.array("s32", ())])
    with pytest.raises(RunError, match=r"returned float64\[2\] for out0, expected f32\[2\]"):
        flatten_result(shape, (np.zeros(2), np.int32(1)), "test")
    with pytest.raises(RunError, match="returned ndarray where the module's result has shape"):
        flatten_result(shape, np.zeros(2, np.float32), "test")


def test_exact_dtype_passes_through():
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    out = coerce_input(a, _leaf("f32", (2, 3)), "a.npy")
    assert out.dtype == np.float32 and np.array_equal(out, a)


def test_wrong_dtype_message_names_the_parameter():
    with pytest.raises(RunError) as e:
        coerce_input(np.zeros((4, 8)), _leaf("f32", (4, 8)), "b.npy")
    assert e.value.message == "parameter 1 'x.2' expects f32[4,8], got float64[4,8] from b.npy"


def test_wrong_shape_message():
    with pytest.raises(RunError, match=r"parameter 1 'x.2' expects f32\[4,8\], got float32\[8,4\] from b.npy"):
        coerce_input(np.zeros((8, 4), np.float32), _leaf("f32", (4, 8)), "b.npy")


def test_bf16_from_ml_dtypes_bits_and_void():
    values = np.array([1.0, -2.5, np.inf, np.nan], ml_dtypes.bfloat16)
    bits = values.view(np.uint16)
    void = np.load(__import__("io").BytesIO(npy_bytes(values)))  # what np.save of bf16 gives back
    assert void.dtype == np.dtype("V2")
    leaf = _leaf("bf16", (4,))
    for given in (values, bits, void, bits.view(np.int16)):
        out = coerce_input(given, leaf, "x.npy")
        assert out.dtype == ml_dtypes.bfloat16
        assert np.array_equal(out.view(np.uint16), bits)


def test_f8_and_f4_from_uint8_bits():
    for etype, dt in (("f8e4m3fn", ml_dtypes.float8_e4m3fn), ("f8e5m2", ml_dtypes.float8_e5m2),
                      ("f4e2m1fn", ml_dtypes.float4_e2m1fn)):
        values = np.array([1.0, -0.5, 2.0], dt)
        out = coerce_input(values.view(np.uint8), _leaf(etype, (3,)), "x.npy")
        assert out.dtype == dt and np.array_equal(out.astype(np.float32), values.astype(np.float32))


def test_native_types_take_no_bit_patterns():
    # f16 is a numpy type: a uint16 array is a mistake, not a bit pattern.
    with pytest.raises(RunError, match=r"expects f16\[2\], got uint16\[2\]"):
        coerce_input(np.zeros(2, np.uint16), _leaf("f16", (2,)), "x.npy")
    with pytest.raises(RunError, match=r"expects bf16\[2\], got uint8\[2\]"):
        coerce_input(np.zeros(2, np.uint8), _leaf("bf16", (2,)), "x.npy")
    with pytest.raises(RunError, match=r"expects pred\[2\], got uint8\[2\]"):
        coerce_input(np.zeros(2, np.uint8), _leaf("pred", (2,)), "x.npy")


def test_s4_u4_from_int8_values_range_checked():
    out = coerce_input(np.array([-8, 7, 0], np.int8), _leaf("s4", (3,)), "x.npy")
    assert out.dtype == ml_dtypes.int4 and out.astype(np.int32).tolist() == [-8, 7, 0]
    out = coerce_input(np.array([0, 15], np.uint8), _leaf("u4", (2,)), "x.npy")
    assert out.dtype == ml_dtypes.uint4 and out.astype(np.int32).tolist() == [0, 15]
    with pytest.raises(RunError, match=r"values outside \[-8, 7\]"):
        coerce_input(np.array([9], np.int8), _leaf("s4", (1,)), "x.npy")
    with pytest.raises(RunError, match=r"values outside \[0, 15\]"):
        coerce_input(np.array([16], np.uint8), _leaf("u4", (1,)), "x.npy")


def test_structured_arrays_are_refused():
    a = np.zeros(2, dtype=[("a", "f4"), ("b", "i4")])
    with pytest.raises(RunError, match="structured or object array"):
        coerce_input(a, _leaf("f32", (2,)), "x.npy")


def test_to_storable_conventions():
    m = parse_module(MIXED)
    leaves = parameter_leaves(m)
    arrays = [np.array([1.5, -2, 3], ml_dtypes.bfloat16), np.array([1, 0.5, -448], ml_dtypes.float8_e4m3fn),
              np.array([-8, 7, 1], ml_dtypes.int4), np.array([2**64 - 1, 0], np.uint64), np.array([True, False])]
    stored = [to_storable(a) for a in arrays]
    assert [s.dtype for s in stored] == [np.uint16, np.uint8, np.int8, np.uint64, np.bool_]
    assert np.array_equal(stored[0], arrays[0].view(np.uint16))
    assert stored[2].tolist() == [-8, 7, 1]
    # And they read back as the same values.
    for a, s, leaf in zip(arrays, stored, leaves):
        back = coerce_input(s, leaf, "x.npy")
        assert back.dtype == a.dtype and np.array_equal(back.view(np.uint8), a.view(np.uint8))


def test_bounded_dynamic_dimension_takes_smaller_sizes():
    m = parse_module("HloModule d\nENTRY e {\n  ROOT p = f32[<=4] parameter(0)\n}\n")
    leaf = parameter_leaves(m)[0]
    assert coerce_input(np.zeros(3, np.float32), leaf, "x.npy").shape == (3,)
    with pytest.raises(RunError):
        coerce_input(np.zeros(5, np.float32), leaf, "x.npy")
