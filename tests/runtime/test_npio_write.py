"""write_npy / write_npz stream arrays in slices and write exactly what np.save / np.savez write."""

from __future__ import annotations

import io

import numpy as np
import pytest

from hloc.runtime.npio import load_outputs, npz_bytes, write_npy

ARRAYS = {
    "f32 2-d": np.arange(12, dtype=np.float32).reshape(3, 4),
    "fortran order": np.asfortranarray(np.arange(12.0).reshape(3, 4)),
    "zero-size": np.zeros((0, 3), np.int8),
    "0-d": np.array(3.5),
    "bool": np.array([[True, False, True]]),
    "complex": (np.arange(6) + 1j).reshape(2, 3),
    "several slices": np.arange(3 * 2**20 + 5, dtype=np.float32),
}


@pytest.mark.parametrize("name", sorted(ARRAYS))
def test_npy_bytes_equal_numpys(name):
    a = ARRAYS[name]
    ours, theirs = io.BytesIO(), io.BytesIO()
    write_npy(ours, a)
    np.save(theirs, a, allow_pickle=False)
    assert ours.getvalue() == theirs.getvalue()


def test_npz_reads_back(tmp_path):
    path = tmp_path / "o.npz"
    path.write_bytes(npz_bytes({"out0": ARRAYS["f32 2-d"], "out1": ARRAYS["bool"]}))
    got = load_outputs(str(path))
    assert np.array_equal(got[0], ARRAYS["f32 2-d"]) and np.array_equal(got[1], ARRAYS["bool"])
