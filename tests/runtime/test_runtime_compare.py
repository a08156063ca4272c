"""`--check` semantics: |got - expected| <= atol + rtol*|expected|, NaN == NaN, exact integers."""

import ml_dtypes
import numpy as np

from hloc.ir.types import Shape
from hloc.runtime.compare import compare


def _cmp(got, exp, rtol=0.0, atol=0.0, etype=None):
    got = np.asarray(got)
    etype = etype or {np.dtype(np.float32): "f32", np.dtype(np.float64): "f64", np.dtype(np.int64): "s64",
                      np.dtype(np.uint64): "u64", np.dtype(np.int32): "s32", np.dtype(np.bool_): "pred",
                      np.dtype(np.complex64): "c64"}[got.dtype]
    return compare(0, got, np.asarray(exp), Shape.array(etype, got.shape), rtol, atol)


def test_equal_arrays_pass_with_zero_tolerance():
    r = _cmp(np.array([1.0, -0.0, np.inf], np.float32), np.array([1.0, 0.0, np.inf], np.float32))
    assert r.passed and r.max_abs_err == 0 and r.mismatches == 0


def test_tolerance_formula_boundary():
    # |1.25 - 1| = 0.25 = atol 0.125 + rtol 0.125 * |1|: passes; a hair more fails.
    assert _cmp(np.array([1.25]), np.array([1.0]), rtol=0.125, atol=0.125).passed
    assert not _cmp(np.array([1.25]), np.array([1.0]), rtol=0.125, atol=0.1249).passed
    # The relative part scales with |expected|, not |got|.
    assert _cmp(np.array([-3.0]), np.array([-2.0]), rtol=0.5).passed
    assert not _cmp(np.array([2.0]), np.array([3.0]), rtol=0.3).passed


def test_nans_equal_but_nan_against_number_is_worst():
    r = _cmp(np.array([np.nan, 1.0, 2.0, 3.0], np.float32), np.array([np.nan, 1.5, 2.0, np.nan], np.float32),
             rtol=1e-3, atol=1e-3)
    assert not r.passed and r.mismatches == 2
    assert r.worst_index == (3,) and r.worst_got == 3.0 and np.isnan(r.worst_expected)
    assert r.max_abs_err == np.inf
    assert r.to_json()["max_abs_err"] == "inf"


def test_infinities():
    assert not _cmp(np.array([np.inf]), np.array([-np.inf])).passed
    assert not _cmp(np.array([np.inf]), np.array([1e308]), rtol=1.0, atol=1.0).passed


def test_worst_element_index_in_nd_array():
    exp = np.zeros((3, 4), np.float32)
    got = exp.copy()
    got[1, 2] = 0.5
    got[2, 3] = 0.25
    r = _cmp(got, exp, atol=0.1)
    assert r.mismatches == 2 and r.worst_index == (1, 2) and r.worst_got == 0.5
    assert "worst at [1, 2]: got 0.5, expected 0" in r.describe()
    assert r.describe().startswith("out0: FAIL: 2 of 12 elements differ")


def test_relative_error_against_zero_is_infinite():
    r = _cmp(np.array([1e-7]), np.array([0.0]), atol=1e-6)
    assert r.passed and r.max_rel_err == np.inf and r.to_json()["max_rel_err"] == "inf"


def test_64_bit_integers_exact():
    big = np.array([2**62 + 1, -(2**63), 2**63 - 1], np.int64)
    close = big.copy()
    close[0] -= 1  # float64 cannot tell these apart
    r = _cmp(close, big, rtol=0, atol=0)
    assert not r.passed and r.mismatches == 1 and r.max_abs_err == 1.0 and r.worst_index == (0,)
    assert _cmp(big, big).passed
    u = np.array([2**64 - 1, 0], np.uint64)
    r = _cmp(np.array([0, 2**64 - 1], np.uint64), u)
    assert not r.passed and r.max_abs_err == float(2**64 - 1)
    assert r.worst_got == 0 and r.worst_expected == 2**64 - 1


def test_int_tolerances_apply():
    assert _cmp(np.array([10], np.int32), np.array([11], np.int32), atol=1).passed
    assert not _cmp(np.array([10], np.int32), np.array([12], np.int32), atol=1).passed


def test_bools():
    r = _cmp(np.array([True, False, True]), np.array([True, True, True]))
    assert not r.passed and r.worst_index == (1,) and r.worst_got is False


def test_complex():
    got = np.array([1 + 1j, np.nan + 0j, 2 + 2j], np.complex64)
    exp = np.array([1 + 1j, 0 + np.nan * 1j, 2 + 2.5j], np.complex64)
    r = _cmp(got, exp, atol=0.1)
    assert not r.passed and r.mismatches == 1 and r.worst_index == (2,)
    assert r.to_json()["worst"]["expected"] == [2.0, 2.5]
    assert abs(r.max_abs_err - 0.5) < 1e-9


def test_bf16_expected_as_bit_patterns():
    got = np.array([1.0, 2.0, 3.0], ml_dtypes.bfloat16)
    exp_bits = np.array([1.0, 2.0, 3.5], ml_dtypes.bfloat16).view(np.uint16)
    r = compare(0, got, exp_bits, Shape.array("bf16", (3,)), 0.0, 0.0)
    assert not r.passed and r.worst_index == (2,) and r.worst_expected == 3.5


def test_shape_or_type_mismatch_is_a_failure_not_a_crash():
    r = _cmp(np.zeros((2, 3), np.float32), np.zeros((3, 2), np.float32))
    assert not r.passed and "expected file has float32[3,2], the output is f32[2,3]" in r.error
    r = _cmp(np.zeros(2, np.float32), np.zeros(2, np.float64))
    assert not r.passed and "float64[2]" in r.error
    assert r.describe().startswith("out0: FAIL:")


def test_empty_arrays():
    r = _cmp(np.zeros((0, 3), np.float32), np.zeros((0, 3), np.float32))
    assert r.passed and r.size == 0
