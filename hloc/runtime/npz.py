"""The .npz container (a zip of NAME.npy members) read and written without the zipfile module.

    read_npz(data, what, limit) -> {name: ndarray | bytes}   a RunError naming any problem
    write_npz(f, arrays)                                    an uncompressed zip64 archive, as np.savez writes

zipfile (with the bz2/lzma/shutil modules it imports) is ~13M instructions of start-up, a quarter
of a cached `hloc run`'s own cost; it also inflates a member whole before anyone can look at its
header. This reader handles what numpy writes (stored or deflated members, zip64 sizes and
offsets, data descriptors) and refuses the rest by name (encryption, other compression methods,
multi-disk archives, duplicate names, inconsistent headers, a bad CRC). A member is inflated in
steps: its .npy header first, then exactly the data that header describes, never more than
`limit` (the module's largest parameter): a zip bomb fails after a few bytes, and data past the
array is trailing data, an error.
"""

from __future__ import annotations

import struct
import zlib

import numpy as np

from ..errors import RunError
from . import npyformat

_EOCD = b"PK\x05\x06"
_EOCD64_LOCATOR = b"PK\x06\x07"
_EOCD64 = b"PK\x06\x06"
_CENTRAL = b"PK\x01\x02"
_LOCAL = b"PK\x03\x04"
_DESCRIPTOR = b"PK\x07\x08"
_STORED, _DEFLATED = 0, 8
_METHODS = {1: "shrink", 6: "implode", 9: "deflate64", 12: "bzip2", 14: "lzma", 93: "zstd", 95: "xz", 99: "AES"}
_U32 = 0xFFFFFFFF
_MADE_BY = (3 << 8) | 45  # Unix (the external attributes are permission bits), zip 4.5 (zip64)
_CHUNK = 1 << 20  # bytes inflated per step
MAX_OTHER_MEMBER = 1 << 20  # a member that is not an .npy (ignored by name later) is read up to this


class _Bad(Exception):
    """What is wrong with the archive (the message), raised as one RunError line."""


def read_npz(data: bytearray, what: str = "the archive", limit: int | None = None) -> dict[str, np.ndarray | bytes]:
    """The members of an .npz held in `data`, by name without `.npy` (what np.load's keys are): an
    ndarray for each .npy member (stored members are views into `data`, writable), the raw bytes of
    any other member. `limit`: the most data bytes one array may hold."""
    out: dict[str, np.ndarray | bytes] = {}
    names: dict[str, str] = {}
    try:
        for name, member in _members(memoryview(data)):
            key = name[:-4] if name.endswith(".npy") else name
            if key in names:
                raise _Bad(f"it has two members named '{name}'" if names[key] == name
                           else f"it has two members for the key '{key}' ('{names[key]}' and '{name}')")
            names[key] = name
            out[key] = _member_value(name, member, f"{what} member '{key}'", limit)
    except _Bad as e:
        raise RunError(f"{what} is not a valid .npz file: {e}") from None
    except struct.error:
        raise RunError(f"{what} is not a valid .npz file: truncated or damaged (a zip record runs past the end "
                       "of the file)") from None
    except (zlib.error, ValueError, IndexError) as e:
        raise RunError(f"{what} is not a valid .npz file: {e}") from None
    return out


class _MemberReader:
    """One member's bytes: a view of stored data, or deflated data inflated on demand."""

    def __init__(self, raw: memoryview, method: int, usize: int, crc: int, name: str):
        self.raw, self.method, self.usize, self.crc, self.name = raw, method, usize, crc, name
        self._z = zlib.decompressobj(-15) if method == _DEFLATED else None
        self._tail: bytes | memoryview = raw  # deflated input not yet consumed
        self._done = 0  # bytes produced so far
        self._crc = 0

    def read(self, n: int) -> bytes | memoryview:
        """The next `n` bytes (fewer only at the end), never inflating more than `n`."""
        if self._z is None:
            part = self.raw[self._done:self._done + n]
            self._done += len(part)
            self._crc = zlib.crc32(part, self._crc)
            return part
        pieces, want = [], n
        while want > 0:
            got = self._z.decompress(self._tail, min(want, _CHUNK))
            self._tail = self._z.unconsumed_tail
            if not got:
                if self._z.eof or not self._tail:
                    break
                continue
            pieces.append(got)
            want -= len(got)
        joined = b"".join(pieces)
        self._done += len(joined)
        self._crc = zlib.crc32(joined, self._crc)
        return joined

    def read_into(self, buf: memoryview) -> int:
        """Fill `buf` (the array's memory) step by step; how many bytes were produced."""
        pos = 0
        while pos < len(buf):
            part = self.read(min(_CHUNK, len(buf) - pos))
            if not part:
                break
            buf[pos:pos + len(part)] = part
            pos += len(part)
        return pos

    def finish(self) -> None:
        """Everything was read: nothing may follow, and the CRC must match the archive's."""
        if self.read(1):
            raise _Bad(f"member '{self.name}' has trailing data after its array")
        if self._z is not None and not self._z.eof:
            raise _Bad(f"member '{self.name}' is truncated (its deflate stream does not end)")
        if self._done != self.usize:
            raise _Bad(f"member '{self.name}' holds {self._done} bytes, the archive says {self.usize}")
        if self._crc != self.crc:
            raise _Bad(f"member '{self.name}' fails its CRC check (damaged data)")


def _members(buf: memoryview):
    count, cd_offset = _central_directory(buf)
    pos = cd_offset
    for i in range(count):
        if buf[pos:pos + 4] != _CENTRAL:
            raise _Bad(f"central directory entry {i} is damaged")
        (flags, method, crc, csize, usize, n_name, n_extra, n_comment, disk,
         offset) = struct.unpack_from("<8xHH4xIIIHHHH6xI", buf, pos)
        raw_name = bytes(buf[pos + 46:pos + 46 + n_name])
        name = _decode_name(raw_name, flags)
        usize, csize, offset = _zip64_sizes(buf[pos + 46 + n_name:pos + 46 + n_name + n_extra], usize, csize,
                                            offset)
        pos += 46 + n_name + n_extra + n_comment
        if flags & 0x1:
            raise _Bad(f"member '{name}' is encrypted")
        if disk not in (0, 0xFFFF):
            raise _Bad("it spans several disks")
        if method not in (_STORED, _DEFLATED):
            raise _Bad(f"member '{name}' is compressed with {_METHODS.get(method, f'method {method}')}; "
                       "hloc reads stored and deflated members (np.savez, np.savez_compressed)")
        if buf[offset:offset + 4] != _LOCAL:
            raise _Bad(f"member '{name}' has no local header where the directory says")
        l_name, l_extra = struct.unpack_from("<HH", buf, offset + 26)
        if bytes(buf[offset + 30:offset + 30 + l_name]) != raw_name:
            raise _Bad(f"member '{name}' has another name in its local header")
        start = offset + 30 + l_name + l_extra
        raw = buf[start:start + csize]
        if len(raw) != csize:
            raise _Bad(f"member '{name}' is truncated ({len(raw)} of {csize} bytes)")
        if method == _STORED:  # (its bytes are at hand: the CRC first, so damage is named as damage)
            if csize != usize:
                raise _Bad(f"stored member '{name}' has {csize} bytes, the archive says {usize}")
            if zlib.crc32(raw) != crc:
                raise _Bad(f"member '{name}' fails its CRC check (damaged data)")
        yield name, _MemberReader(raw, method, usize, crc, name)


def _decode_name(raw: bytes, flags: int) -> str:
    if flags & 0x800:
        return raw.decode("utf-8")
    return raw.decode("ascii") if raw.isascii() else raw.decode("cp437")  # (cp437 is a module to import)


def _central_directory(buf: memoryview) -> tuple[int, int]:
    tail = bytes(buf[max(0, len(buf) - 65557):])
    at = tail.rfind(_EOCD)
    if at < 0:
        raise _Bad("no end-of-central-directory record (truncated?)")
    eocd = len(buf) - len(tail) + at
    disk, cd_disk, _, count, _, cd_offset = struct.unpack_from("<HHHHII", buf, eocd + 4)
    if count == 0xFFFF or cd_offset == _U32:
        loc = eocd - 20
        if loc < 0 or buf[loc:loc + 4] != _EOCD64_LOCATOR:
            raise _Bad("its zip64 end-of-central-directory locator is missing")
        (rec,) = struct.unpack_from("<Q", buf, loc + 8)
        if buf[rec:rec + 4] != _EOCD64:
            raise _Bad("its zip64 end-of-central-directory record is missing")
        disk, cd_disk, _, count, _, cd_offset = struct.unpack_from("<IIQQQQ", buf, rec + 16)
    if disk or cd_disk:
        raise _Bad("it spans several disks")
    if count * 46 > len(buf):
        raise _Bad(f"its directory claims {count} members in {len(buf)} bytes")
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


def _member_value(name: str, m: _MemberReader, what: str, limit: int | None) -> np.ndarray | bytes:
    prefix = bytes(m.read(npyformat.PREFIX_BYTES))
    if not prefix.startswith(npyformat.MAGIC):
        if m.usize > MAX_OTHER_MEMBER:
            raise _Bad(f"member '{name}' is not a .npy array ({m.usize} bytes)")
        rest = bytes(m.read(m.usize))
        m.finish()
        return prefix + rest
    end = npyformat.header_size(prefix, what)
    head = prefix + bytes(m.read(end - len(prefix)))
    h = npyformat.read_header(head, what)
    # The archive's size for the member, the header's account of it and the bound, before any data.
    npyformat.check_data_size(h, m.usize - h.offset, what, limit)
    if m.method == _STORED and h.nbytes:
        data = m.read(h.nbytes)
        a = npyformat.from_buffer(h, data, what)
    else:
        a = npyformat.empty_for(h, what)
        if h.nbytes:
            got = m.read_into(a.reshape(-1, order="A").view(np.uint8).data)
            if got != h.nbytes:
                raise _Bad(f"member '{name}' is truncated: its header describes {h.nbytes} bytes of data, "
                           f"it inflates to {got}")
    m.finish()
    return npyformat.to_native(a)


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
