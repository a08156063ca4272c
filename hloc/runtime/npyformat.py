"""The .npy header, read before any data: what the array is, how many bytes follow, and every
problem named as what it is (a RunError line), so that no reader allocates or inflates more
than the header honestly describes.

    header = read_header(head, what)      # head: the file's (or member's) first bytes
    header.shape, header.dtype, header.fortran, header.offset (where the data starts), header.nbytes
    array = to_native(array)              # big-endian data in the machine's byte order

A header is numpy's: magic, version 1.0 (16-bit length), 2.0 or 3.0 (32-bit length, 3.0 in UTF-8),
then a Python dict literal with 'descr', 'fortran_order' and 'shape' (parsed with numpy's own
literal_eval-based reader: nothing is executed). Fortran-order arrays are read as numpy reads
them (a Fortran-contiguous array of the same logical values); big-endian ones are converted.
"""

from __future__ import annotations

import struct

import numpy as np

from ..errors import RunError

MAGIC = b"\x93NUMPY"
MAX_HEADER_BYTES = 1 << 20  # numpy's writer never comes near; numpy's reader stops at 10,000 by default
MAX_RANK = 64  # numpy's limit on array dimensions
PREFIX_BYTES = 12  # magic, version and the longest length field: enough to know the header's size


class NpyHeader:
    __slots__ = ("shape", "fortran", "dtype", "offset", "count", "nbytes")

    def __init__(self, shape: tuple[int, ...], fortran: bool, dtype: np.dtype, offset: int):
        self.shape = shape
        self.fortran = fortran
        self.dtype = dtype
        self.offset = offset  # bytes before the data
        count = 1
        for d in shape:
            count *= d
        self.count = count
        self.nbytes = count * dtype.itemsize

    def describe(self) -> str:
        return f"{self.dtype.name}[{','.join(map(str, self.shape))}]"


def header_size(prefix: bytes, what: str) -> int:
    """The total header size (where the data starts) from the first PREFIX_BYTES bytes."""
    if len(prefix) < 10 or not prefix.startswith(MAGIC):
        raise RunError(f"{what} is not a valid .npy file: "
                       + ("truncated in the header" if MAGIC.startswith(prefix[:6]) else "no .npy magic"))
    major, minor = prefix[6], prefix[7]
    if major == 1:
        (hlen,), start = struct.unpack_from("<H", prefix, 8), 10
    elif major in (2, 3):
        if len(prefix) < 12:
            raise RunError(f"{what} is not a valid .npy file: truncated in the header")
        (hlen,), start = struct.unpack_from("<I", prefix, 8), 12
    else:
        raise RunError(f"{what} is not a valid .npy file: format version {major}.{minor} (hloc reads 1.0, 2.0 "
                       "and 3.0)")
    if hlen > MAX_HEADER_BYTES:
        raise RunError(f"{what} is not a valid .npy file: its header claims {hlen} bytes, more than the "
                       f"{MAX_HEADER_BYTES} hloc reads (a real header is a line of text)")
    return start + hlen


def read_header(head: bytes, what: str) -> NpyHeader:
    """Parse the header at the start of `head` (which holds at least header_size() bytes)."""
    end = header_size(bytes(head[:PREFIX_BYTES]), what)
    if len(head) < end:
        raise RunError(f"{what} is not a valid .npy file: truncated in the header ({len(head)} of {end} bytes)")
    bad = f"{what} is not a valid .npy file: the header"
    major = head[6]
    text_bytes = bytes(head[(10 if major == 1 else 12):end])
    try:
        text = text_bytes.decode("utf-8" if major == 3 else "latin1")
    except UnicodeDecodeError:
        raise RunError(f"{bad} is not UTF-8 text") from None
    import ast

    try:
        d = ast.literal_eval(text)
    except (SyntaxError, ValueError, MemoryError, RecursionError, TypeError):
        raise RunError(f"{bad} is not a Python literal: {_shorten(text)}") from None
    if not isinstance(d, dict):
        raise RunError(f"{bad} is not a dict: {_shorten(text)}")
    keys = sorted(map(str, d))
    if keys != ["descr", "fortran_order", "shape"]:
        raise RunError(f"{bad} has keys {keys}, expected 'descr', 'fortran_order' and 'shape'")
    shape, fortran, descr = d["shape"], d["fortran_order"], d["descr"]
    if not isinstance(shape, tuple) or not all(type(x) is int for x in shape):
        raise RunError(f"{bad}'s shape {_shorten(repr(shape))} is not a tuple of integers")
    if len(shape) > MAX_RANK:
        raise RunError(f"{bad} gives {len(shape)} dimensions; arrays have at most {MAX_RANK}")
    if any(x < 0 for x in shape):
        raise RunError(f"{bad}'s shape {shape} has a negative dimension")
    if not isinstance(fortran, bool):
        raise RunError(f"{bad}'s fortran_order {_shorten(repr(fortran))} is not True or False")
    try:
        dtype = np.lib.format.descr_to_dtype(descr)
    except (TypeError, ValueError, KeyError, IndexError, AttributeError, RecursionError):
        raise RunError(f"{bad}'s descr {_shorten(repr(descr))} is not a numpy dtype") from None
    if dtype.hasobject:
        raise RunError(f"{what} holds pickled Python objects (an object array); hloc never unpickles input files "
                       "(save plain numeric arrays with np.save / np.savez)")
    if dtype.subdtype is not None:
        raise RunError(f"{bad}'s descr {_shorten(repr(descr))} is a sub-array type; give a plain array")
    if dtype.itemsize == 0 and dtype.kind in "SUV":
        raise RunError(f"{bad}'s descr {_shorten(repr(descr))} has elements of size 0")
    return NpyHeader(shape, fortran, dtype, end)


MAX_ITEMSIZE = 16  # complex128, the widest HLO element type


def check_data_size(h: NpyHeader, have: int, what: str, limit: int | None = None) -> None:
    """The data after the header must be exactly what the header describes (`have` bytes), of at
    most `limit` elements (the module's largest parameter) of at most MAX_ITEMSIZE bytes: checked
    before anything is allocated, read or inflated."""
    if limit is not None and h.count > limit:
        raise RunError(f"{what} holds {h.describe()} ({h.count} elements, {_bytes(h.nbytes)}), more than any array "
                       f"of the module ({limit} elements at most)")
    if h.dtype.itemsize > MAX_ITEMSIZE:
        raise RunError(f"{what} holds {h.describe()}: elements of {h.dtype.itemsize} bytes, wider than any HLO "
                       "element type")
    if have < h.nbytes:
        raise RunError(f"{what} is not a valid .npy file: truncated: the header describes {h.describe()}, "
                       f"{h.count} elements in {h.nbytes} bytes, and {have} bytes follow it")
    if have > h.nbytes:
        raise RunError(f"{what} is not a valid .npy file: {have - h.nbytes} bytes of trailing data after the "
                       f"{h.describe()} array its header describes")


def empty_for(h: NpyHeader, what: str) -> np.ndarray:
    """An uninitialized array for the header's data (Fortran-ordered when the header says so): the
    caller reads the data into its memory."""
    try:
        return np.empty(h.shape, h.dtype, order="F" if h.fortran else "C")
    except (MemoryError, ValueError) as e:
        raise RunError(f"{what}: cannot allocate {h.describe()} ({_bytes(h.nbytes)}): {e}") from None


def from_buffer(h: NpyHeader, data, what: str) -> np.ndarray:
    """The array over `data` (exactly h.nbytes bytes, no copy when aligned)."""
    a = np.frombuffer(data, h.dtype, h.count)
    if not a.flags.aligned:  # a member's data sits anywhere in the archive
        a = a.copy()
    return a.reshape(h.shape[::-1]).T if h.fortran else a.reshape(h.shape)


def to_native(a: np.ndarray) -> np.ndarray:
    """Big-endian (or any non-native) element data converted to this machine's byte order: the
    module's parameters are native, and comparing '>f4' with float32 would fail on the name."""
    if a.dtype.byteorder not in ("=", "|") and not a.dtype.isnative:
        return a.astype(a.dtype.newbyteorder("="))
    return a


def _shorten(text: str, n: int = 80) -> str:
    text = text.strip()
    return text if len(text) <= n else text[:n] + "..."


def _bytes(n: int) -> str:
    for unit, size in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.3g} {unit}" if n < size * 1000 else f"{n:.3g} bytes"
    return f"{n} bytes"
