"""hloc.runtime.npz: the zipfile-free .npz reader and writer, checked against numpy's own."""

import io
import zipfile

import ml_dtypes
import numpy as np
import pytest

from hloc.runtime import npio, npz

_RNG = np.random.default_rng(7)
ARRAYS = {
    "out0": _RNG.standard_normal((3, 5)).astype(np.float32),
    "out1": np.arange(7, dtype=np.int64),
    "scalar": np.array(3.5),
    "empty": np.zeros((0, 4), np.float32),
    "fortran": np.asfortranarray(_RNG.standard_normal((4, 3))),
    "pred": np.array([True, False, True]),
    "c64": (_RNG.standard_normal(3) + 1j * _RNG.standard_normal(3)).astype(np.complex64),
    "u8": np.arange(250, 256, dtype=np.uint8).reshape(2, 3),
}


def _same(got: dict, want: dict) -> None:
    assert list(got) == list(want)
    for k, v in want.items():
        assert got[k].dtype == v.dtype and got[k].shape == v.shape, k
        assert got[k].tobytes() == v.tobytes(), k  # bit for bit (bf16 included)


def test_numpy_reads_what_hloc_writes():
    data = npio.npz_bytes(ARRAYS)
    assert zipfile.ZipFile(io.BytesIO(data)).testzip() is None  # every member's CRC checks
    with np.load(io.BytesIO(data)) as z:
        _same({k: z[k] for k in z.files}, ARRAYS)


@pytest.mark.parametrize("save", [np.savez, np.savez_compressed], ids=["stored", "deflated"])
def test_hloc_reads_what_numpy_writes(save):
    buf = io.BytesIO()
    save(buf, **ARRAYS)
    got = npz.read_npz(bytearray(buf.getvalue()))
    assert got is not None
    _same(got, ARRAYS)


def test_reads_its_own_zip64_archive_and_arrays_are_writable():
    got = npz.read_npz(bytearray(npio.npz_bytes(ARRAYS)))
    _same(got, ARRAYS)
    got["out0"][0, 0] = 42.0  # np.load's arrays are writable: so are these
    assert got["out0"][0, 0] == 42.0


def test_writer_needs_no_seekable_file():
    class Pipe:
        def __init__(self):
            self.parts = []

        def write(self, b):
            self.parts.append(bytes(b))
            return len(self.parts[-1])

    pipe = Pipe()
    npio.write_npz(pipe, ARRAYS)
    with np.load(io.BytesIO(b"".join(pipe.parts))) as z:
        _same({k: z[k] for k in z.files}, ARRAYS)


def test_bf16_member_reads_as_numpy_reads_it():
    # .npy has no bfloat16: numpy stores it as raw 2-byte voids, and both readers give those back.
    buf = io.BytesIO()
    np.savez(buf, x=np.arange(6, dtype=np.float32).astype(ml_dtypes.bfloat16))
    got = npz.read_npz(bytearray(buf.getvalue()))["x"]
    want = np.load(io.BytesIO(buf.getvalue()))["x"]
    assert got.dtype == want.dtype and got.tobytes() == want.tobytes()


def test_non_array_member_is_kept_as_bytes():
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w") as z:
        z.writestr("a.npy", npio.npy_bytes(np.arange(3)))
        z.writestr("notes.txt", b"hello")
    got = npz.read_npz(bytearray(buf.getvalue()))
    assert got["notes.txt"] == b"hello" and np.array_equal(got["a"], np.arange(3))


def _one_member_zip() -> bytearray:
    buf = io.BytesIO()
    np.savez(buf, a=np.arange(100, dtype=np.int32))
    return bytearray(buf.getvalue())


def test_what_it_leaves_to_numpy():
    good = _one_member_zip()
    assert npz.read_npz(good) is not None
    corrupt = bytearray(good)
    corrupt[120] ^= 0xFF  # inside the member's data: the CRC no longer matches
    assert npz.read_npz(corrupt) is None
    assert npz.read_npz(good[:-10]) is None  # no end-of-central-directory record
    assert npz.read_npz(bytearray(b"PK\x05\x06" + bytes(18))[:0]) is None
    encrypted = bytearray(good)
    cd = encrypted.rfind(b"PK\x01\x02")
    encrypted[cd + 8] |= 1
    assert npz.read_npz(encrypted) is None
    buf = io.BytesIO()
    np.save(buf, np.array([object()], dtype=object), allow_pickle=True)
    with zipfile.ZipFile(pickled := io.BytesIO(), "w") as z:
        z.writestr("p.npy", buf.getvalue())
    assert npz.read_npz(bytearray(pickled.getvalue())) is None  # numpy's reader refuses it


def test_corrupt_archive_still_gets_numpys_explanation(tmp_path):
    bad = _one_member_zip()
    bad[120] ^= 0xFF
    path = tmp_path / "bad.npz"
    path.write_bytes(bytes(bad))
    with pytest.raises(npio.RunError, match="not a valid .npz file"):
        npio.load_arrays(str(path))
