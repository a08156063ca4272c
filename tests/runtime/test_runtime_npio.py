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
    with pytest.raises(RunError, match=r"'.*t.npy' is not a valid .npy file: it holds 21 of the 100 elements"):
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
