"""Data movement ops from first principles (the oracle tests cover them against XLA too): layouts in
bitcast, padding, clamped dynamic slices, dynamic dimension sizes."""

from __future__ import annotations

import numpy as np
import pytest
from helpers import entry, run

from hloc.errors import RunError

X = np.arange(24, dtype=np.float32).reshape(2, 3, 4)


def test_bitcast_reads_the_physical_order_of_both_layouts():
    # {0,1,2}: dimension 0 is minor, so memory holds X in Fortran order; read back row-major as [4,6].
    out = run(entry(["f32[2,3,4]{0,1,2}"], "f32[4,6]{1,0} bitcast(p0)"), X)
    assert np.array_equal(out, X.ravel(order="F").reshape(4, 6))
    # Default layout in, transposed layout out: a logical transpose, the same bytes.
    out = run(entry(["f32[2,3,4]{2,1,0}"], "f32[4,3,2]{0,1,2} bitcast(p0)"), X)
    assert np.array_equal(out, X.transpose(2, 1, 0))
    # Same layouts: a reshape.
    out = run(entry(["f32[2,3,4]"], "f32[6,4] bitcast(p0)"), X)
    assert np.array_equal(out, X.reshape(6, 4))


def test_copy_changes_layout_not_values():
    out = run(entry(["f32[2,3,4]{2,1,0}"], "f32[2,3,4]{0,2,1} copy(p0)"), X)
    assert np.array_equal(out, X)


def test_pad_with_negative_edges_and_interior():
    x = np.array([1, 2, 3], np.int32)
    out = run(entry(["s32[3]", "s32[]"], "s32[8] pad(p0, p1), padding=2_-1_2"), x, np.int32(0))
    # interior 2: 1 0 0 2 0 0 3; low 2: 0 0 1 0 0 2 0 0 3; high -1 drops the 3.
    assert out.tolist() == [0, 0, 1, 0, 0, 2, 0, 0]
    out = run(entry(["s32[3]", "s32[]"], "s32[2] pad(p0, p1), padding=-3_0_1"), x, np.int32(9))
    assert out.tolist() == [9, 3]  # 1 9 2 9 3 without the first three


def test_dynamic_slice_clamps_start_indices():
    text = entry(["f32[2,3,4]", "s32[]", "s32[]"], "f32[1,2,3] dynamic-slice(p0, p1, p1, p2), "
                                                   "dynamic_slice_sizes={1,2,3}")
    assert np.array_equal(run(text, X, np.int32(5), np.int32(-7)), X[1:2, 1:3, 0:3])
    assert np.array_equal(run(text, X, np.int32(0), np.int32(1)), X[0:1, 0:2, 1:4])


def test_dynamic_update_slice_clamps_and_copies():
    text = entry(["f32[2,3,4]", "f32[1,2,2]", "s32[]"], "f32[2,3,4] dynamic-update-slice(p0, p1, p2, p2, p2)")
    u = -np.ones((1, 2, 2), np.float32)
    out = run(text, X, u, np.int32(100))
    want = X.copy()
    want[1:2, 1:3, 2:4] = -1
    assert np.array_equal(out, want) and X[1, 1, 2] == 18


def test_iota_broadcast_transpose_reverse_concatenate():
    assert run(entry([], "s32[2,3] iota(), iota_dimension=1")).tolist() == [[0, 1, 2], [0, 1, 2]]
    out = run(entry(["f32[3]"], "f32[3,2] broadcast(p0), dimensions={0}"), np.array([1, 2, 3], np.float32))
    assert out.tolist() == [[1, 1], [2, 2], [3, 3]]
    assert np.array_equal(run(entry(["f32[2,3,4]"], "f32[4,2,3] transpose(p0), dimensions={2,0,1}"), X),
                          X.transpose(2, 0, 1))
    assert np.array_equal(run(entry(["f32[2,3,4]"], "f32[2,3,4] reverse(p0), dimensions={1,2}"), X),
                          X[:, ::-1, ::-1])
    out = run(entry(["f32[2,3,4]", "f32[2,3,4]"], "f32[2,3,8] concatenate(p0, p1), dimensions={2}"), X, -X)
    assert np.array_equal(out, np.concatenate([X, -X], 2))


def test_dynamic_dimension_sizes_flow_to_get_dimension_size():
    body = ("  n = s32[] constant(3)\n  d = f32[<=5] set-dimension-size(p0, n), dimensions={0}\n"
            "  e = f32[<=5] exponential(d)")
    text = entry(["f32[5]"], "s32[] get-dimension-size(e), dimensions={0}", body=body)
    assert run(text, np.zeros(5, np.float32)) == 3
    static = entry(["f32[5]"], "s32[] get-dimension-size(p0), dimensions={0}")
    assert run(static, np.zeros(5, np.float32)) == 5


def test_dynamic_reshape_places_data_and_records_sizes():
    body = "  a = s32[] constant(2)\n  b = s32[] constant(3)\n  d = f32[<=4,<=3] dynamic-reshape(p0, a, b)"
    text = entry(["f32[6]"], "(f32[<=4,<=3], s32[]) tuple(d, s)",
                 body=body + "\n  s = s32[] get-dimension-size(d), dimensions={0}")
    out, size = run(text, np.arange(6, dtype=np.float32))
    assert out.tolist() == [[0, 1, 2], [3, 4, 5], [0, 0, 0], [0, 0, 0]] and size == 2


def test_set_dimension_size_beyond_the_bound_is_an_error():
    body = "  n = s32[] constant(9)"
    text = entry(["f32[5]"], "f32[<=5] set-dimension-size(p0, n), dimensions={0}", body=body)
    with pytest.raises(RunError, match="outside"):
        run(text, np.zeros(5, np.float32))
