"""write_atomic_all: every file complete or none written, no temporary file left behind."""

from __future__ import annotations

import os

import numpy as np
import pytest

from hloc.cli.common import write_atomic, write_atomic_all
from hloc.errors import HlocError


def test_streamed_writer_produces_the_file(tmp_path):
    a = np.arange(10, dtype=np.float32)
    write_atomic(str(tmp_path / "a.npy"), lambda f: np.save(f, a))
    assert np.array_equal(np.load(tmp_path / "a.npy"), a)
    assert sorted(os.listdir(tmp_path)) == ["a.npy"]


def test_a_failing_writer_leaves_no_file_and_keeps_the_old_ones(tmp_path):
    (tmp_path / "out0.npy").write_bytes(b"old")

    def fail(f):
        f.write(b"partial")
        raise OSError(28, "No space left on device")

    with pytest.raises(HlocError, match="No space left"):
        write_atomic_all([(str(tmp_path / "out0.npy"), b"new"), (str(tmp_path / "out1.npy"), fail)])
    assert sorted(os.listdir(tmp_path)) == ["out0.npy"]  # no temporaries, no out1
    assert (tmp_path / "out0.npy").read_bytes() == b"old"  # nothing renamed before all were complete


def test_an_exception_in_a_writer_cleans_up(tmp_path):
    def boom(f):
        raise ValueError("not serializable")

    with pytest.raises(ValueError):
        write_atomic(str(tmp_path / "x.npz"), boom)
    assert os.listdir(tmp_path) == []


def test_files_get_the_usual_permissions(tmp_path):
    mask = os.umask(0o022)
    try:
        write_atomic_all([(str(tmp_path / "out.npz"), b"x"), (str(tmp_path / "lib.so"), b"y")])
    finally:
        os.umask(mask)
    assert (tmp_path / "out.npz").stat().st_mode & 0o777 == 0o644  # not mkstemp's 0600
    assert (tmp_path / "lib.so").stat().st_mode & 0o777 == 0o755
