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
import math
import os
import re

import numpy as np

from ..errors import RunError

_NPY_MAGIC = b"\x93NUMPY"
_ZIP_MAGICS = (b"PK\x03\x04", b"PK\x05\x06")
_PICKLE_PROTO = 0x80  # first byte of a pickle of protocol >= 2


def _refuse_pickle(path: str) -> RunError:
    return RunError(f"'{path}' holds pickled Python objects; hloc never unpickles input files "
                    "(save plain numeric arrays with np.save / np.savez)")


def _read_head(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read(8)
    except OSError as e:
        raise RunError(f"cannot read '{path}': {e.strerror or e}") from None


def load_arrays(path: str) -> np.ndarray | dict[str, np.ndarray]:
    """An .npy file's array, or an .npz file's arrays by key (in the archive's order)."""
    head = _read_head(path)
    if head.startswith(_NPY_MAGIC):
        return _load_npy(path)
    if head.startswith(_ZIP_MAGICS):
        return _load_npz(path)
    if not head:
        raise RunError(f"'{path}' is empty; expected an .npy or .npz file")
    if head[0] == _PICKLE_PROTO:
        raise _refuse_pickle(path)
    raise RunError(f"'{path}' is not an .npy or .npz file")


def load_npy(path: str) -> np.ndarray:
    """One array; an .npz is an error here."""
    data = load_arrays(path)
    if isinstance(data, dict):
        raise RunError(f"'{path}' is an .npz archive; give one .npy file per input, or the .npz alone")
    return data


def _bad(path: str, e: Exception) -> RunError:
    msg = str(e)
    if "pickle" in msg or "Object arrays" in msg:
        return _refuse_pickle(path)
    msg = msg.split("\n")[0].rstrip(".")
    return RunError(f"'{path}' is not a valid .npy file: {msg}" if msg else f"'{path}' is not a valid .npy file")


def _check_size(path: str, f) -> None:
    """A file shorter than its header says is an error worded by hloc (numpy's wording varies by
    version); `f` is left at the start."""
    fmt = np.lib.format
    version = fmt.read_magic(f)
    read = {(1, 0): fmt.read_array_header_1_0, (2, 0): fmt.read_array_header_2_0}.get(version)
    if read is not None:
        shape, _, dtype = read(f)
        if not dtype.hasobject and dtype.itemsize:
            n = math.prod(shape)
            have = (os.fstat(f.fileno()).st_size - f.tell()) // dtype.itemsize
            if have < n:
                raise RunError(f"'{path}' is not a valid .npy file: it holds {have} of the {n} elements "
                               "its header declares")
    f.seek(0)


def _load_npy(path: str) -> np.ndarray:
    try:
        with open(path, "rb") as f:
            _check_size(path, f)
            return np.load(f, allow_pickle=False)
    except OSError as e:
        if e.strerror:
            raise RunError(f"cannot read '{path}': {e.strerror}") from None
        raise _bad(path, e) from None
    except (ValueError, EOFError, TypeError) as e:
        raise _bad(path, e) from None


def _not_an_array(path: str, key: str) -> RunError:
    return RunError(f"'{path}' member '{key}' is not a .npy array")


def _load_npz(path: str) -> dict[str, np.ndarray]:
    from .npz import read_npz

    try:
        with open(path, "rb") as f:
            data = bytearray(os.fstat(f.fileno()).st_size)
            n = f.readinto(data)
    except OSError as e:
        raise RunError(f"cannot read '{path}': {e.strerror or e}") from None
    members = read_npz(data) if n == len(data) else None
    if members is not None:
        for key, value in members.items():
            if not isinstance(value, np.ndarray):
                raise _not_an_array(path, key)
        return members
    return _load_npz_numpy(path)


def _load_npz_numpy(path: str) -> dict[str, np.ndarray]:
    """numpy's reader (zipfile): every archive hloc's own reader leaves alone, with numpy's account of
    what is wrong with a bad one."""
    out: dict[str, np.ndarray] = {}
    try:
        with np.load(path, allow_pickle=False) as z:
            for key in z.files:
                try:
                    value = z[key]
                except (ValueError, EOFError, TypeError) as e:
                    err = _bad(f"{path}:{key}", e)
                    raise RunError(err.message.replace("valid .npy file", "valid .npy member")) from None
                if not isinstance(value, np.ndarray):
                    raise _not_an_array(path, key)
                out[key] = value
    except RunError:
        raise
    except OSError as e:
        if e.strerror:
            raise RunError(f"cannot read '{path}': {e.strerror}") from None
        raise RunError(f"'{path}' is not a valid .npz file: {e}") from None
    except Exception as e:  # zipfile.BadZipFile, zlib.error, EOFError, ValueError, KeyError (zipfile is
        import zipfile  # imported lazily: a run with .npy files never needs it)
        import zlib

        if not isinstance(e, (zipfile.BadZipFile, zlib.error, EOFError, ValueError, KeyError)):
            raise
        raise RunError(f"'{path}' is not a valid .npz file: {e}") from None
    return out


_OUT_KEY = re.compile(r"out(\d+)")


def load_outputs(path: str) -> list[np.ndarray]:
    """Expected outputs: an .npz with keys out0, out1, ..., or a directory of out0.npy, out1.npy, ...
    (what `hloc run -o` and xla_run.py write)."""
    if os.path.isdir(path):
        found = {}
        for name in os.listdir(path):
            m = re.fullmatch(r"out(\d+)\.npy", name)
            if m:
                found[int(m.group(1))] = os.path.join(path, name)
        arrays = {k: load_npy(p) for k, p in found.items()}
        what = f"directory '{path}'"
    else:
        data = load_arrays(path)
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
