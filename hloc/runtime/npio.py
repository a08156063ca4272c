""".npy / .npz reading and writing that never unpickles and turns every bad file into one RunError line.

    load_arrays(path) -> ndarray | dict[str, ndarray]     .npy -> array, .npz -> {key: array}
    load_outputs(path) -> list[ndarray]                   out0, out1, ... from an .npz or a directory
    write_npz(f, arrays) / write_npy(f, array)           stream into an open binary file
    npz_bytes(arrays) / npy_bytes(array)                   the same, as bytes

The format is recognized by its magic bytes, not by the file name. Pickles (and object arrays,
which are pickles inside an .npy) are refused: loading one runs arbitrary code.
"""

from __future__ import annotations

import io
import os
import re

import numpy as np

from ..errors import RunError
from . import npyformat

_NPY_MAGIC = b"\x93NUMPY"
_ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")
_PICKLE_PROTO = 0x80  # first byte of a pickle of protocol >= 2


def _refuse_pickle(path: str) -> RunError:
    return RunError(f"'{path}' holds pickled Python objects; hloc never unpickles input files "
                    "(save plain numeric arrays with np.save / np.savez)")


def _open(path: str):
    """The open file and its size. Only regular files: a FIFO or a device has no size to check a
    header against (/dev/zero would be read forever). O_NONBLOCK: opening a FIFO does not wait."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | getattr(os, "O_NONBLOCK", 0) | getattr(os, "O_CLOEXEC", 0))
    except OSError as e:
        raise RunError(f"cannot read '{path}': {e.strerror or e}") from None
    try:
        st = os.fstat(fd)
    except OSError as e:
        os.close(fd)
        raise RunError(f"cannot read '{path}': {e.strerror or e}") from None
    if not stat.S_ISREG(st.st_mode):
        os.close(fd)
        if stat.S_ISDIR(st.st_mode):
            raise RunError(f"cannot read '{path}': Is a directory")
        kind = ("a FIFO" if stat.S_ISFIFO(st.st_mode) else "a device" if stat.S_ISCHR(st.st_mode)
                or stat.S_ISBLK(st.st_mode) else "not a regular file")
        raise RunError(f"cannot read '{path}': it is {kind}; inputs are read from regular files (whose size "
                       "can be checked against their headers)")
    return os.fdopen(fd, "rb"), st.st_size


def load_arrays(path: str, limit: int | None = None) -> np.ndarray | dict[str, np.ndarray]:
    """An .npy file's array, or an .npz file's arrays by key (in the archive's order). `limit`: the
    most bytes of data any one array may hold (the module's largest parameter): a header claiming
    more is refused before anything is allocated or inflated."""
    f, size = _open(path)
    with f:
        try:
            head = f.read(npyformat.PREFIX_BYTES)
        except OSError as e:
            raise RunError(f"cannot read '{path}': {e.strerror or e}") from None
        if head.startswith(_NPY_MAGIC):
            return _load_npy(f, size, head, path, limit)
        if head.startswith(_ZIP_MAGICS):
            return _load_npz(f, size, path, limit)
    if not head:
        raise RunError(f"'{path}' is empty; expected an .npy or .npz file")
    if head[0] == _PICKLE_PROTO:
        raise _refuse_pickle(path)
    raise RunError(f"'{path}' is not an .npy or .npz file")


def load_npy(path: str, limit: int | None = None) -> np.ndarray:
    """One array; an .npz is an error here."""
    data = load_arrays(path, limit)
    if isinstance(data, dict):
        raise RunError(f"'{path}' is an .npz archive; give one .npy file per input, or the .npz alone")
    return data


def _read_exactly(f, n: int, path: str) -> bytes:
    try:
        data = f.read(n)
    except OSError as e:
        raise RunError(f"cannot read '{path}': {e.strerror or e}") from None
    return data


def _load_npy(f, size: int, head: bytes, path: str, limit: int | None) -> np.ndarray:
    """Header first; the data is read into an array of exactly the size the header gives, once the
    file is known to hold exactly that much (no allocation from a lying header)."""
    what = f"'{path}'"
    end = npyformat.header_size(head, what)
    head += _read_exactly(f, max(0, end - len(head)), path)
    h = npyformat.read_header(head, what)
    npyformat.check_data_size(h, size - h.offset, what, limit)
    a = npyformat.empty_for(h, what)
    if h.nbytes:
        buf = a.reshape(-1, order="A").view(np.uint8)
        try:
            got = f.readinto(buf.data)
        except OSError as e:
            raise RunError(f"cannot read '{path}': {e.strerror or e}") from None
        if got != h.nbytes:
            raise RunError(f"{what} is not a valid .npy file: truncated while reading ({got} of {h.nbytes} bytes)")
    return npyformat.to_native(a)


def _load_npz(f, size: int, path: str, limit: int | None) -> dict[str, np.ndarray]:
    from .npz import read_npz

    try:
        f.seek(0)
        data = bytearray(size)
        n = f.readinto(data)
    except OSError as e:
        raise RunError(f"cannot read '{path}': {e.strerror or e}") from None
    if n != size:
        raise RunError(f"'{path}' is not a valid .npz file: it changed size while being read")
    arrays: dict[str, np.ndarray] = {}
    for key, value in read_npz(data, f"'{path}'", limit).items():
        if not isinstance(value, np.ndarray):
            raise RunError(f"'{path}' member '{key}' is not a .npy array")
        arrays[key] = value
    return arrays


_OUT_KEY = re.compile(r"out(\d+)")


def load_outputs(path: str, limit: int | None = None) -> list[np.ndarray]:
    """Expected outputs: an .npz with keys out0, out1, ..., or a directory of out0.npy, out1.npy, ...
    (what `hloc run -o` and xla_run.py write)."""
    if os.path.isdir(path):
        found = {}
        for name in os.listdir(path):
            m = re.fullmatch(r"out(\d+)\.npy", name)
            if m:
                found[int(m.group(1))] = os.path.join(path, name)
        arrays = {k: load_npy(p, limit) for k, p in found.items()}
        what = f"directory '{path}'"
    else:
        data = load_arrays(path, limit)
        if not isinstance(data, dict):
            data = {"out0": data}
        arrays = {}
        for key, value in data.items():
            m = _OUT_KEY.fullmatch(key)
            if m is None:
                raise RunError(f"'{path}' has an array named '{key}'; expected outputs are named out0, out1, ...")
            arrays[int(m.group(1))] = value
        what = f"'{path}'"
    n = len(arrays)
    if sorted(arrays) != list(range(n)):
        missing = min(set(range(n + 1)) - set(arrays))
        raise RunError(f"{what} has no out{missing} (expected outputs out0..out{n - 1 if n else 0})")
    return [arrays[i] for i in range(n)]


_CHUNK = 1 << 20  # bytes per write: numpy's own writer copies 16 MiB chunks, a copy the size of an output


def write_npy(f, a: np.ndarray) -> None:
    """Write `a` (a plain numpy dtype) as .npy into the binary file `f`, in 1 MiB slices of its memory."""
    fmt = np.lib.format
    fmt.write_array_header_2_0(f, fmt.header_data_from_array_1_0(a)) if _needs_v2(a) else \
        fmt.write_array_header_1_0(f, fmt.header_data_from_array_1_0(a))
    if a.flags.f_contiguous and not a.flags.c_contiguous:
        a = a.T  # the header says fortran_order: the memory is written as it is
    data = np.ascontiguousarray(a).reshape(-1).view(np.uint8)
    for i in range(0, len(data), _CHUNK):
        f.write(data[i:i + _CHUNK].data)


def _needs_v2(a: np.ndarray) -> bool:
    return len(repr(np.lib.format.header_data_from_array_1_0(a))) > 65000


def write_npz(f, arrays: dict[str, np.ndarray]) -> None:
    """Write an uncompressed .npz (what np.savez writes: one NAME.npy per array) into `f`."""
    from . import npz

    npz.write_npz(f, arrays, write_npy)


def npy_bytes(a: np.ndarray) -> bytes:
    buf = io.BytesIO()
    write_npy(buf, a)
    return buf.getvalue()


def npz_bytes(arrays: dict[str, np.ndarray]) -> bytes:
    buf = io.BytesIO()
    write_npz(buf, arrays)
    return buf.getvalue()
