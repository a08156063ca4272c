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


def _npz_error(data) -> str:
    with pytest.raises(npio.RunError) as e:
        npz.read_npz(bytearray(data), "'x.npz'")
    return e.value.message


def test_every_defect_is_named():
    good = _one_member_zip()
    assert np.array_equal(npz.read_npz(good)["a"], np.arange(100, dtype=np.int32))
    corrupt = bytearray(good)
    corrupt[120] ^= 0xFF  # inside the member's data: the CRC no longer matches
    assert "fails its CRC check" in _npz_error(corrupt)
    assert "truncated" in _npz_error(good[:-10])
    assert "no end-of-central-directory record" in _npz_error(b"")
    encrypted = bytearray(good)
    cd = encrypted.rfind(b"PK\x01\x02")
    encrypted[cd + 8] |= 1
    assert "member 'a.npy' is encrypted" in _npz_error(encrypted)
    bz = io.BytesIO()
    with zipfile.ZipFile(bz, "w", compression=zipfile.ZIP_BZIP2) as z:
        z.writestr("a.npy", npio.npy_bytes(np.arange(3)))
    assert "compressed with bzip2; hloc reads stored and deflated" in _npz_error(bz.getvalue())
    buf = io.BytesIO()
    np.save(buf, np.array([object()], dtype=object), allow_pickle=True)
    with zipfile.ZipFile(pickled := io.BytesIO(), "w") as z:
        z.writestr("p.npy", buf.getvalue())
    assert "pickled Python objects" in _npz_error(pickled.getvalue())


@pytest.mark.parametrize("compression", [zipfile.ZIP_STORED, zipfile.ZIP_DEFLATED], ids=["stored", "deflated"])
def test_duplicate_members_and_trailing_data_are_refused(compression):
    dup = io.BytesIO()
    with pytest.warns(UserWarning, match="Duplicate name"), zipfile.ZipFile(dup, "w", compression=compression) as z:
        z.writestr("a.npy", npio.npy_bytes(np.arange(3)))
        z.writestr("a.npy", npio.npy_bytes(np.arange(4)))
    assert "it has two members named 'a.npy'" in _npz_error(dup.getvalue())
    trailing = io.BytesIO()
    with zipfile.ZipFile(trailing, "w", compression=compression) as z:
        z.writestr("a.npy", npio.npy_bytes(np.arange(3)) + b"extra")
    assert "5 bytes of trailing data after the int64[3] array" in _npz_error(trailing.getvalue())


def test_bomb_is_refused_after_its_header():
    """make_zip_bomb.py's shape: a valid f32[2,3] header, then 256 MiB of deflated zeros (250 KB):
    refused from the sizes alone, nothing inflated past the header."""
    import time
    import tracemalloc

    hdr = "{'descr': '<f4', 'fortran_order': False, 'shape': (2, 3), }"
    hdr += " " * (63 - (len(hdr) + 10) % 64) + "\n"
    bomb = io.BytesIO()
    with zipfile.ZipFile(bomb, "w", compression=zipfile.ZIP_DEFLATED) as zf, \
            zf.open("arg0.npy", "w", force_zip64=True) as f:
        f.write(b"\x93NUMPY\x01\x00" + len(hdr).to_bytes(2, "little") + hdr.encode())
        for _ in range(16):
            f.write(bytes(1 << 24))
    data = bytearray(bomb.getvalue())
    tracemalloc.start()
    t0 = time.perf_counter()
    msg = _npz_error(data)
    seconds = time.perf_counter() - t0
    peak = tracemalloc.get_traced_memory()[1]
    tracemalloc.stop()
    assert f"{(1 << 28) - 24} bytes of trailing data after the float32[2,3] array" in msg
    assert peak < 4 << 20 and seconds < 1.0


def test_member_claiming_more_than_the_module_takes_is_refused_before_inflating():
    """A header that tells the truth about a huge array: the module's largest parameter bounds it."""
    buf = io.BytesIO()
    np.savez_compressed(buf, arg0=np.zeros((1000, 1000), np.float32))
    with pytest.raises(npio.RunError, match=r"holds float32\[1000,1000\] \(1000000 elements, 3.81 MiB\), more "
                                            r"than any array of the module \(6 elements at most\)"):
        npz.read_npz(bytearray(buf.getvalue()), "'x.npz'", limit=6)
    got = npz.read_npz(bytearray(buf.getvalue()), "'x.npz'", limit=1000 * 1000)
    assert got["arg0"].shape == (1000, 1000) and not got["arg0"].any()


def test_lying_directory_size_is_caught_while_inflating():
    """The directory says the member is as small as its header claims; the deflate stream goes on:
    inflating stops one byte past the array."""
    import struct

    a = np.arange(6, dtype=np.float32)
    honest = npio.npy_bytes(a)
    buf = io.BytesIO()
    with zipfile.ZipFile(buf, "w", compression=zipfile.ZIP_DEFLATED) as z:
        z.writestr("arg0.npy", honest + bytes(1 << 20))
    data = bytearray(buf.getvalue())
    cd = data.rfind(b"PK\x01\x02")
    struct.pack_into("<I", data, cd + 24, len(honest))  # the uncompressed size in the directory
    assert "trailing data after its array" in _npz_error(data)


def test_corrupt_archive_is_explained(tmp_path):
    bad = _one_member_zip()
    bad[120] ^= 0xFF
    path = tmp_path / "bad.npz"
    path.write_bytes(bytes(bad))
    with pytest.raises(npio.RunError, match="is not a valid .npz file: member 'a.npy' fails its CRC check"):
        npio.load_arrays(str(path))
