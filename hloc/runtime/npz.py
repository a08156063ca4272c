"""The .npz container (a zip of NAME.npy members) read and written without the zipfile module.

    read_npz(data) -> {name: ndarray} | None     None: anything this reader does not handle
    write_npz(f, arrays)                         an uncompressed zip64 archive, as np.savez writes

zipfile (with the bz2/lzma/shutil modules it imports) is ~13M instructions of start-up, a quarter
of a cached `hloc run`'s own cost. This handles what numpy writes: stored or deflated members,
zip64 sizes and offsets, data descriptors. Everything else (encryption, other compression methods,
multi-disk archives, inconsistent headers, a bad CRC) returns None, and the caller falls back to
numpy's reader, which explains what is wrong with the file.
"""

from __future__ import annotations

import io
import struct
import zlib

import numpy as np

_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"
_EOCD64 = b"PK\x06\x06"
_CENTRAL = b"PK\x01\x02"
_LOCAL = b"PK\x03\x04"
_DESCRIPTOR = b"PK\x07\x08"
_STORED, _DEFLATED = 0, 8
_U32 = 0xFFFFFFFF
_MADE_BY = (3 << 8) | 45  # Unix (the external attributes are permission bits), zip 4.5 (zip64)


class _Unsupported(Exception):
    """A zip feature or defect this reader leaves to numpy's."""


def read_npz(data: bytearray) -> dict[str, np.ndarray | bytes] | None:
    """The members of an .npz held in `data`, by name without `.npy` (what np.load's keys are): an
    ndarray for each .npy member (stored members are views into `data`, writable), the raw bytes of
    any other member. None when numpy's reader must decide."""
    try:
        return {name: _member_value(name, raw) for name, raw in _members(memoryview(data))}
    except (_Unsupported, struct.error, ValueError, zlib.error):
        return None


def _members(buf: memoryview):
    count, cd_offset = _central_directory(buf)
    pos = cd_offset
    for _ in range(count):
        if buf[pos:pos + 4] != _CENTRAL:
            raise _Unsupported
        (flags, method, crc, csize, usize, n_name, n_extra, n_comment, disk,
         offset) = struct.unpack_from("<8xHH4xIIIHHHH6xI", buf, pos)
        name = _decode_name(bytes(buf[pos + 46:pos + 46 + n_name]), flags)
        usize, csize, offset = _zip64_sizes(buf[pos + 46 + n_name:pos + 46 + n_name + n_extra], usize, csize,
                                            offset)
        pos += 46 + n_name + n_extra + n_comment
        if flags & 0x1 or disk not in (0, 0xFFFF) or method not in (_STORED, _DEFLATED):
            raise _Unsupported
        if buf[offset:offset + 4] != _LOCAL:
            raise _Unsupported
        l_name, l_extra = struct.unpack_from("<HH", buf, offset + 26)
        start = offset + 30 + l_name + l_extra
        raw = buf[start:start + csize]
        if len(raw) != csize:
            raise _Unsupported
        if method == _DEFLATED:
            raw = memoryview(bytearray(zlib.decompress(raw, -15)))
        if len(raw) != usize or zlib.crc32(raw) != crc:
            raise _Unsupported
        yield (name[:-4] if name.endswith(".npy") else name), raw


def _decode_name(raw: bytes, flags: int) -> str:
    if flags & 0x800:
        return raw.decode("utf-8")
    return raw.decode("ascii") if raw.isascii() else raw.decode("cp437")  # (cp437 is a module to import)


def _central_directory(buf: memoryview) -> tuple[int, int]:
    tail = bytes(buf[max(0, len(buf) - 65557):])
    at = tail.rfind(_EOCD)
    if at < 0:
        raise _Unsupported
    eocd = len(buf) - len(tail) + at
    disk, cd_disk, _, count, _, cd_offset = struct.unpack_from("<HHHHII", buf, eocd + 4)
    if count == 0xFFFF or cd_offset == _U32:
        loc = eocd - 20
        if loc < 0 or buf[loc:loc + 4] != _EOCD64_LOCATOR:
            raise _Unsupported
        (rec,) = struct.unpack_from("<Q", buf, loc + 8)
        if buf[rec:rec + 4] != _EOCD64:
            raise _Unsupported
        disk, cd_disk, _, count, _, cd_offset = struct.unpack_from("<IIQQQQ", buf, rec + 16)
    if disk or cd_disk:
        raise _Unsupported
    return count, cd_offset


def _zip64_sizes(extra: memoryview, usize: int, csize: int, offset: int) -> tuple[int, int, int]:
    """The zip64 extra field replaces, in this order, each of the three that is 0xFFFFFFFF."""
    pos = 0
    while pos + 4 <= len(extra):
        tag, size = struct.unpack_from("<HH", extra, pos)
        if tag == 1:
            values = list(struct.unpack_from(f"<{size // 8}Q", extra, pos + 4))
            if usize == _U32:
                usize = values.pop(0)
            if csize == _U32:
                csize = values.pop(0)
            if offset == _U32:
                offset = values.pop(0)
            break
        pos += 4 + size
    return usize, csize, offset


def _member_value(name: str, raw: memoryview) -> np.ndarray | bytes:
    if bytes(raw[:6]) != b"\x93NUMPY":
        return bytes(raw)
    major = raw[6]
    if major == 1:
        (hlen,), start = struct.unpack_from("<H", raw, 8), 10
    elif major in (2, 3):
        (hlen,), start = struct.unpack_from("<I", raw, 8), 12
    else:
        raise _Unsupported
    read = np.lib.format.read_array_header_1_0 if major == 1 else np.lib.format.read_array_header_2_0
    # (numpy's header readers start after the magic and version: they read the length themselves)
    shape, fortran, dtype = read(io.BytesIO(bytes(raw[8:start + hlen])), max_header_size=1 << 20)
    if dtype.hasobject:
        raise _Unsupported  # a pickle inside: numpy's reader refuses it with its own message
    count = 1
    for d in shape:
        count *= d
    if start + hlen + count * dtype.itemsize != len(raw):
        raise _Unsupported
    a = np.frombuffer(raw, dtype, count, start + hlen)
    if not a.flags.aligned:  # a member's data sits anywhere in the archive
        a = a.copy()
    return a.reshape(shape[::-1]).T if fortran else a.reshape(shape)


def write_npz(f, arrays: dict[str, np.ndarray], write_npy) -> None:
    """Write `arrays` as NAME.npy members of an uncompressed zip64 archive into the binary file `f`
    (which need not be seekable: each member's CRC follows it in a data descriptor). `write_npy(f, a)`
    writes one .npy into a file-like object."""
    out = _Counting(f)
    central = []
    for name, a in arrays.items():
        fname = f"{name}.npy".encode()
        offset = out.pos
        # Local header: sizes and CRC in the data descriptor (flag 0x8), zip64 extra with zero sizes.
        out.write(_LOCAL + struct.pack("<HHHHHIIIHH", 45, 0x808, _STORED, 0, 0x21, 0, _U32, _U32, len(fname), 20)
                  + fname + struct.pack("<HHQQ", 1, 16, 0, 0))
        member = _Member(out)
        write_npy(member, a)
        out.write(_DESCRIPTOR + struct.pack("<IQQ", member.crc, member.size, member.size))
        central.append((fname, member.crc, member.size, offset))
    cd_offset = out.pos
    for fname, crc, size, offset in central:
        out.write(_CENTRAL + struct.pack("<HHHHHHIIIHHHHHII", _MADE_BY, 45, 0x808, _STORED, 0, 0x21, crc, _U32, _U32,
                                         len(fname), 28, 0, 0, 0, 0o644 << 16, _U32)
                  + fname + struct.pack("<HHQQQ", 1, 24, size, size, offset))
    cd_size = out.pos - cd_offset
    eocd64 = out.pos
    out.write(_EOCD64 + struct.pack("<QHHIIQQQQ", 44, 45, 45, 0, 0, len(central), len(central), cd_size, cd_offset))
    out.write(_EOCD64_LOCATOR + struct.pack("<IQI", 0, eocd64, 1))
    out.write(_EOCD + struct.pack("<HHHHIIH", 0, 0, 0xFFFF, 0xFFFF, _U32, _U32, 0))


def _nbytes(b) -> int:
    return len(b) if isinstance(b, bytes) else memoryview(b).nbytes


class _Counting:
    def __init__(self, f):
        self.f, self.pos = f, 0

    def write(self, b) -> None:
        self.f.write(b)
        self.pos += _nbytes(b)


class _Member:
    """The file-like object one member's .npy is written into: counts and checksums on the way."""

    def __init__(self, out: _Counting):
        self.out, self.crc, self.size = out, 0, 0

    def write(self, b) -> int:
        n = _nbytes(b)
        self.crc = zlib.crc32(b, self.crc)
        self.size += n
        self.out.write(b)
        return n
