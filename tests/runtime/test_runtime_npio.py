"""Safe .npy/.npz loading: every bad file is one RunError line, pickles are never loaded."""

import pickle
import zipfile

import numpy as np
import pytest

from hloc.errors import RunError
from hloc.runtime import npio


def test_npy_and_npz_by_content_not_name(tmp_path):
    a = np.arange(4, dtype=np.int16)
    np.save(tmp_path / "a.npy", a)
    (tmp_path / "a.npy").rename(tmp_path / "a.data")
    assert np.array_equal(npio.load_arrays(str(tmp_path / "a.data")), a)
    np.savez(tmp_path / "b.npz", x=a, y=a * 2)
    (tmp_path / "b.npz").rename(tmp_path / "b.bin")
    got = npio.load_arrays(str(tmp_path / "b.bin"))
    assert list(got) == ["x", "y"] and np.array_equal(got["y"], a * 2)


def test_missing_file(tmp_path):
    with pytest.raises(RunError, match=r"cannot read '.*nope.npy': No such file or directory"):
        npio.load_arrays(str(tmp_path / "nope.npy"))


def test_directory_is_not_a_file(tmp_path):
    with pytest.raises(RunError, match="cannot read .*: Is a directory"):
        npio.load_arrays(str(tmp_path))


def test_pickle_file_refused(tmp_path):
    p = tmp_path / "p.npy"
    p.write_bytes(pickle.dumps([1, 2, 3]))
    with pytest.raises(RunError, match="holds pickled Python objects; hloc never unpickles"):
        npio.load_arrays(str(p))


def test_object_array_refused(tmp_path):
    p = tmp_path / "o.npy"
    np.save(p, np.array([1, "a", None], dtype=object), allow_pickle=True)
    with pytest.raises(RunError, match="holds pickled Python objects"):
        npio.load_arrays(str(p))


def test_object_array_inside_npz_refused(tmp_path):
    p = tmp_path / "o.npz"
    np.savez(p, good=np.zeros(2), bad=np.array([{}], dtype=object))
    with pytest.raises(RunError, match="pickled Python objects"):
        npio.load_arrays(str(p))


def test_truncated_npy_data(tmp_path):
    p = tmp_path / "t.npy"
    np.save(p, np.arange(100.0))
    p.write_bytes(p.read_bytes()[:300])
    with pytest.raises(RunError, match=r"'.*t.npy' is not a valid .npy file: .*100 elements"):
        npio.load_arrays(str(p))


def test_truncated_npy_header(tmp_path):
    p = tmp_path / "t.npy"
    np.save(p, np.arange(100.0))
    p.write_bytes(p.read_bytes()[:40])
    with pytest.raises(RunError, match="is not a valid .npy file"):
        npio.load_arrays(str(p))


def test_truncated_npz(tmp_path):
    p = tmp_path / "t.npz"
    np.savez(p, a=np.arange(1000.0))
    p.write_bytes(p.read_bytes()[:500])
    with pytest.raises(RunError, match="is not a valid .npz file"):
        npio.load_arrays(str(p))


def test_empty_and_text_files(tmp_path):
    (tmp_path / "e.npy").write_bytes(b"")
    with pytest.raises(RunError, match="is empty"):
        npio.load_arrays(str(tmp_path / "e.npy"))
    (tmp_path / "t.npy").write_text("1 2 3\n")
    with pytest.raises(RunError, match="is not an .npy or .npz file"):
        npio.load_arrays(str(tmp_path / "t.npy"))


def test_zip_member_that_is_not_an_array(tmp_path):
    p = tmp_path / "z.npz"
    with zipfile.ZipFile(p, "w") as z:
        z.writestr("readme.txt", "hello")
    with pytest.raises(RunError, match="member 'readme.txt' is not a .npy array"):
        npio.load_arrays(str(p))


def test_load_npy_refuses_npz(tmp_path):
    np.savez(tmp_path / "a.npz", x=np.zeros(1))
    with pytest.raises(RunError, match="is an .npz archive"):
        npio.load_npy(str(tmp_path / "a.npz"))


def test_load_outputs_npz_dir_and_gaps(tmp_path):
    np.savez(tmp_path / "e.npz", out1=np.ones(2), out0=np.zeros(2))
    outs = npio.load_outputs(str(tmp_path / "e.npz"))
    assert [o.tolist() for o in outs] == [[0, 0], [1, 1]]
    d = tmp_path / "d"
    d.mkdir()
    for i in range(11):  # numeric order: out10 after out9
        np.save(d / f"out{i}.npy", np.array([i]))
    assert [int(o[0]) for o in npio.load_outputs(str(d))] == list(range(11))
    np.savez(tmp_path / "gap.npz", out0=np.zeros(1), out2=np.zeros(1))
    with pytest.raises(RunError, match="has no out1"):
        npio.load_outputs(str(tmp_path / "gap.npz"))
    np.savez(tmp_path / "bad.npz", result=np.zeros(1))
    with pytest.raises(RunError, match="has an array named 'result'"):
        npio.load_outputs(str(tmp_path / "bad.npz"))


def test_bytes_round_trip(tmp_path):
    a = np.arange(6, dtype=np.uint16).reshape(2, 3)
    (tmp_path / "a.npy").write_bytes(npio.npy_bytes(a))
    (tmp_path / "a.npz").write_bytes(npio.npz_bytes({"out0": a}))
    assert np.array_equal(np.load(tmp_path / "a.npy"), a)
    assert np.array_equal(np.load(tmp_path / "a.npz")["out0"], a)


# -- headers read before data, every problem named (issue 18)

def _npy(header: str, data: bytes = b"", version=(1, 0)) -> bytes:
    """An .npy file with this header text (padded as numpy pads it) and data."""
    text = header + " " * (63 - (len(header) + 10) % 64) + "\n"
    length = len(text).to_bytes(2 if version[0] == 1 else 4, "little")
    return b"\x93NUMPY" + bytes(version) + length + text.encode() + data


def _error(tmp_path, content: bytes, limit=None) -> str:
    p = tmp_path / "f.npy"
    p.write_bytes(content)
    with pytest.raises(RunError) as e:
        npio.load_arrays(str(p), limit)
    return e.value.message


def test_big_endian_is_converted(tmp_path):
    a = np.arange(6, dtype=">f4").reshape(2, 3)
    np.save(tmp_path / "be.npy", a)
    got = npio.load_arrays(str(tmp_path / "be.npy"))
    assert got.dtype == np.dtype("<f4") and got.dtype.isnative and np.array_equal(got, a)
    np.savez(tmp_path / "be.npz", x=np.array([1, 2], ">i8"))
    got = npio.load_arrays(str(tmp_path / "be.npz"))["x"]
    assert got.dtype == np.int64 and got.tolist() == [1, 2]


def test_fortran_order_is_read_as_numpy_reads_it(tmp_path):
    a = np.asfortranarray(np.arange(12, dtype=np.int32).reshape(3, 4))
    np.save(tmp_path / "f.npy", a)
    got = npio.load_arrays(str(tmp_path / "f.npy"))
    assert got.flags.f_contiguous and np.array_equal(got, a)
    assert np.array_equal(got, np.load(tmp_path / "f.npy"))


def test_huge_shape_in_header_is_refused_without_allocating(tmp_path):
    """npy_header_huge_shape.npy: shape (99999999999, 99999999999) and 24 bytes of data."""
    msg = _error(tmp_path, _npy("{'descr': '<f4', 'fortran_order': False, 'shape': (99999999999, 99999999999), }",
                                bytes(24)))
    assert "truncated: the header describes float32[99999999999,99999999999]" in msg and "24 bytes follow" in msg


def test_trailing_data_is_refused(tmp_path):
    msg = _error(tmp_path, _npy("{'descr': '<i2', 'fortran_order': False, 'shape': (2,), }", bytes(7)))
    assert msg.endswith("3 bytes of trailing data after the int16[2] array its header describes")


def test_more_elements_than_the_module_takes(tmp_path):
    msg = _error(tmp_path, _npy("{'descr': '<f4', 'fortran_order': False, 'shape': (10,), }", bytes(40)), limit=4)
    assert "holds float32[10] (10 elements, 40 bytes), more than any array of the module (4 elements at most)" in msg


@pytest.mark.parametrize("header, words", [
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (2,3 }", "is not a Python literal"),
    ("['descr', '<f4']", "is not a dict"),
    ("{'descr': '<f4', 'shape': (2,), }", "has keys ['descr', 'shape']"),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (2, 'x'), }", "shape (2, 'x') is not a tuple of integers"),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (2, -3), }", "has a negative dimension"),
    ("{'descr': '<f4', 'fortran_order': 2, 'shape': (2,), }", "fortran_order 2 is not True or False"),
    ("{'descr': 'not a type', 'fortran_order': False, 'shape': (2,), }", "descr 'not a type' is not a numpy dtype"),
    ("{'descr': '|O', 'fortran_order': False, 'shape': (2,), }", "holds pickled Python objects"),
    ("{'descr': [('a', '<f4', (2,))], 'fortran_order': False, 'shape': (100,), }", None),
    ("{'descr': '<f4', 'fortran_order': False, 'shape': (" + "1," * 100 + "), }", "gives 100 dimensions; arrays have "
     "at most 64"),
    ("{'descr': ('<f4', (2,)), 'fortran_order': False, 'shape': (2,), }", "is a sub-array type"),
    ("{'descr': '|V100', 'fortran_order': False, 'shape': (1,), }", "elements of 100 bytes, wider than any HLO"),
])
def test_header_problems_are_named(tmp_path, header, words):
    msg = _error(tmp_path, _npy(header, bytes(4)))
    assert "Traceback" not in msg and "pickled" not in msg or words == "holds pickled Python objects"
    if words is not None:
        assert words in msg, msg


def test_header_longer_than_any_real_one(tmp_path):
    """numpy calls a long header unsafe and suggests allow_pickle: it was reported as a pickle."""
    (tmp_path / "long.npy").write_bytes(_npy("{'descr': '<f4', 'fortran_order': False, 'shape': (1,), }"
                                             + " " * 20000, np.float32(2.5).tobytes(), version=(2, 0)))
    assert npio.load_arrays(str(tmp_path / "long.npy")).tolist() == [2.5]  # a 20 KB header is just read
    huge = b"\x93NUMPY\x02\x00" + (1 << 30).to_bytes(4, "little") + b"{"
    msg = _error(tmp_path, huge)
    assert "its header claims 1073741824 bytes, more than the 1048576 hloc reads" in msg


def test_unknown_version_and_truncated_header(tmp_path):
    assert "format version 9.0" in _error(tmp_path, _npy("{}", version=(9, 0)))
    assert "truncated in the header" in _error(tmp_path, _npy("{'descr': '<f4', }")[:30])


def test_fifo_and_devices_are_not_read(tmp_path):
    import os

    os.mkfifo(tmp_path / "fifo")
    with pytest.raises(RunError, match="it is a FIFO; inputs are read from regular files"):
        npio.load_arrays(str(tmp_path / "fifo"))  # (and returns at once: no writer needed)
    with pytest.raises(RunError, match="it is a device"):
        npio.load_arrays("/dev/zero")
