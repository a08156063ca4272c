"""The on-disk compile cache: compiled modules keyed by everything that determines their code.

    cache = CompileCache()                      # $XDG_CACHE_HOME/hloc, else ~/.cache/hloc
    key = cache_key({"module": sha256, "version": ..., "options": ..., "target": ...})
    entry = cache.load(key)                     # a verified CacheEntry (its files' bytes), or None
    entry = cache.store(key, meta, {"obj": b"...", "so": b"..."})

One entry is a directory `<root>/v1/<key[:2]>/<key>/` holding the files and `entry.json`: the
caller's metadata, each file's size and SHA-256, and a SHA-256 over all of that. It is written
into a temporary directory and renamed into place, so a reader sees a whole entry or none.

What is cached is code this process runs, so the cache is used only where no one else can write
(as ccache and pip do): the root is created 0700, and an existing root that is owned by another
user or writable by group or others is not used at all (one warning per process, then every
compile runs without the cache). Below the root, every directory and file is opened relative to
its parent's descriptor with O_NOFOLLOW, must belong to this user, and a file's size is compared
with entry.json's before a byte is read (a FIFO, a device or a symlink to /dev/zero is refused,
never read). The checksums catch damage, not attacks (whoever can write an entry can recompute
them): the ownership and mode checks are what keep others out. `load` returns the bytes it
verified, and callers load code from those bytes, never by opening the path again. An entry that
fails any check is renamed away and removed (never followed through links), reported as a miss
(`last_discarded` says why), and rebuilt by the caller. Nothing here imports numpy or the
compiler: a cache hit costs a few system calls and file reads.
"""

from __future__ import annotations

import contextlib
import json
import os
import stat
import sys
from pathlib import Path

FORMAT = 1
_META = "entry.json"
MAX_META_BYTES = 64 << 20  # entry.json: the ABI of a module with a million outputs fits
MAX_FILE_BYTES = 4 << 30  # one file of an entry: an object bigger than this is not an hloc product

_CLOEXEC = getattr(os, "O_CLOEXEC", 0)
_NOFOLLOW = getattr(os, "O_NOFOLLOW", 0)
_DIR_FLAGS = os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _NOFOLLOW | _CLOEXEC
# O_NONBLOCK: opening a FIFO planted in place of a file returns at once (fstat then refuses it).
_READ_FLAGS = os.O_RDONLY | _NOFOLLOW | _CLOEXEC | getattr(os, "O_NONBLOCK", 0)
_CREATE_FLAGS = os.O_WRONLY | os.O_CREAT | os.O_EXCL | _NOFOLLOW | _CLOEXEC

_WARNED: set[str] = set()  # roots already warned about in this process

try:  # CPython's own SHA-256 imports in 0.2 ms, OpenSSL's (hashlib) in 3: start-up time matters here
    from _sha256 import sha256 as _small_sha256
except ImportError:  # pragma: no cover - Python 3.12+
    try:
        from _sha2 import sha256 as _small_sha256
    except ImportError:
        _small_sha256 = None


def sha256_hex(data: bytes) -> str:
    if _small_sha256 is not None and len(data) < (1 << 20):
        return _small_sha256(data).hexdigest()
    import hashlib  # faster per byte for big objects

    return hashlib.sha256(data).hexdigest()


def source_fingerprint() -> str:
    """Identifies this hloc build: the version plus every source file's size and mtime, so that a
    cache filled by an edited (editable-install) tree is never reused. ~100 stats, well under 1 ms."""
    from .version import __version__

    root = os.path.dirname(os.path.abspath(__file__))  # .../hloc
    parts = [__version__]
    # grammars/ ships inside the wheel as hloc/grammars; in a checkout it sits next to hloc/.
    grammar = os.path.join(os.path.dirname(root), "grammars", "hlo.lark")
    if os.path.exists(grammar):
        st = os.stat(grammar)
        parts.append(f"grammar:{st.st_size}:{st.st_mtime_ns}")
    stack = [""]
    while stack:  # scandir: names and types without a stat per directory entry
        rel = stack.pop()
        with os.scandir(os.path.join(root, rel)) as it:
            entries = sorted(it, key=lambda e: e.name)
        for e in entries:
            name = rel + e.name
            if e.is_dir(follow_symlinks=False):
                if e.name != "__pycache__":
                    stack.append(name + "/")
            elif e.name.endswith((".py", ".lark")):
                st = e.stat()
                parts.append(f"{name}:{st.st_size}:{st.st_mtime_ns}")
    return sha256_hex(";".join(parts).encode())[:32]


def default_cache_dir() -> Path:
    """`$XDG_CACHE_HOME/hloc` (when set to an absolute path, as the XDG spec asks), else ~/.cache/hloc."""
    xdg = os.environ.get("XDG_CACHE_HOME", "")
    base = Path(xdg) if xdg and os.path.isabs(xdg) else Path.home() / ".cache"
    return base / "hloc"


def cache_key(parts: dict) -> str:
    """A hex SHA-256 of `parts` (JSON-serialisable; key order does not matter)."""
    return sha256_hex(json.dumps(parts, sort_keys=True, separators=(",", ":")).encode())


def _digest(meta: dict) -> str:
    return sha256_hex(json.dumps(meta, sort_keys=True, separators=(",", ":")).encode())


class Damaged(Exception):
    """An entry (or a directory on its path) that fails a check: removed, then rebuilt."""


def unsafe_reason(st: os.stat_result) -> str | None:
    """Why a cache directory with this stat must not be used, or None: it must be a directory of
    this process's effective user that group and others cannot write."""
    if not stat.S_ISDIR(st.st_mode):
        return "it is not a directory"
    uid = os.geteuid()
    if st.st_uid != uid:
        return f"it belongs to {_user(st.st_uid)}, not to {_user(uid)}"
    if st.st_mode & 0o022:
        return f"group or others can write to it (mode {stat.S_IMODE(st.st_mode):04o})"
    return None


def _user(uid: int) -> str:
    try:
        import pwd

        return f"{pwd.getpwuid(uid).pw_name} (uid {uid})"
    except (ImportError, KeyError):
        return f"uid {uid}"


def _check_owned(st: os.stat_result, what: str, kind: str) -> None:
    """An item below the root: of the expected kind and this user's (others could not have made
    it in a safe root; it dates from when the root was not safe, or from another user's sudo)."""
    if kind == "dir" and not stat.S_ISDIR(st.st_mode):
        raise Damaged(f"{what} is not a directory")
    if kind == "file" and not stat.S_ISREG(st.st_mode):
        raise Damaged(f"{what} is not a regular file")
    if st.st_uid != os.geteuid():
        raise Damaged(f"{what} belongs to {_user(st.st_uid)}")
    if kind == "dir" and st.st_mode & 0o022:
        raise Damaged(f"{what} is writable by group or others")


def _open_dir(name: str, dir_fd: int, what: str) -> int:
    try:
        fd = os.open(name, _DIR_FLAGS, dir_fd=dir_fd)
    except FileNotFoundError:
        raise
    except OSError as e:  # ENOTDIR (or ELOOP): a symlink, or a file where a directory belongs
        raise Damaged(f"{what}: {_why(e, name, dir_fd)}") from None
    try:
        _check_owned(os.fstat(fd), what, "dir")
    except BaseException:
        os.close(fd)
        raise
    return fd


def _why(e: OSError, name: str, dir_fd: int) -> str:
    import errno

    if e.errno in (errno.ELOOP, errno.ENOTDIR):
        try:
            if stat.S_ISLNK(os.stat(name, dir_fd=dir_fd, follow_symlinks=False).st_mode):
                return "a symbolic link"
        except OSError:
            pass
        return "not a directory" if e.errno == errno.ENOTDIR else "a symbolic link"
    return e.strerror or str(e)


def read_verified(dir_fd: int, name: str, size: int | None, limit: int) -> bytes:
    """The bytes of file `name` in the directory `dir_fd`: opened without following links, a regular
    file of this user's, exactly `size` bytes (when given) and at most `limit`, checked on the open
    descriptor before anything is read."""
    try:
        fd = os.open(name, _READ_FLAGS, dir_fd=dir_fd)
    except FileNotFoundError:
        raise Damaged(f"{name} is missing") from None
    except OSError as e:
        raise Damaged(f"{name}: {_why(e, name, dir_fd)}") from None
    try:
        st = os.fstat(fd)
        _check_owned(st, name, "file")
        if size is not None and st.st_size != size:
            raise Damaged(f"{name}: {st.st_size} bytes, expected {size}")
        if st.st_size > limit:
            raise Damaged(f"{name}: {st.st_size} bytes, more than the {limit} an entry may hold")
        buf = bytearray(st.st_size)
        view, got = memoryview(buf), 0
        while got < len(buf):
            n = os.readv(fd, [view[got:]])
            if n <= 0:
                raise Damaged(f"{name}: shorter than its size ({got} of {len(buf)} bytes)")
            got += n
        if os.read(fd, 1):
            raise Damaged(f"{name}: grew while it was read")
        return bytes(buf)
    except OSError as e:
        raise Damaged(f"cannot read {name}: {e.strerror or e}") from None
    finally:
        os.close(fd)


class CacheEntry:
    """A verified entry: `meta` is what the caller stored, `data` the files' contents by name (the
    bytes that were verified: load code from these, not from `path`). (A plain class: a dataclass
    costs ~0.4 ms of start-up to create.)"""

    __slots__ = ("key", "path", "meta", "data", "sha256")

    def __init__(self, key: str, path: Path, meta: dict, data: dict[str, bytes] | None = None,
                 sha256: dict[str, str] | None = None):
        self.key = key
        self.path = path
        self.meta = meta
        self.data = {} if data is None else data
        self.sha256 = {} if sha256 is None else sha256  # each file's checksum, as verified


class CompileCache:
    """The cache at `root` (default: default_cache_dir()). `part`: a named part of it kept in the
    subdirectory root/part (the library kernels' cache), used only when the root itself is safe."""

    def __init__(self, root: str | os.PathLike | None = None, part: str | None = None):
        self.base = Path(root) if root is not None else default_cache_dir()
        self.part = part
        self.root = self.base / part if part else self.base
        self.last_discarded: str | None = None  # why the last load() threw an entry away (for tests, -v)
        self.unsafe: str | None = None  # why the root is not used, once that is known
        self._root_fd: int | None = None

    def __del__(self):
        self.close()

    def close(self) -> None:
        if self._root_fd is not None:
            os.close(self._root_fd)
            self._root_fd = None

    def entry_dir(self, key: str) -> Path:
        return self.root / f"v{FORMAT}" / key[:2] / key

    # -- the root
    def open_root(self, create: bool = True, warn: bool = True) -> int | None:
        """A descriptor of the root directory once it passed the checks (created 0700 when missing
        and `create`), else None: `unsafe` says why, and (`warn`) the first time in a process a
        warning goes to stderr. Later paths are resolved from this descriptor, so swapping the
        directory after the check changes nothing."""
        if self._root_fd is not None or self.unsafe is not None:
            return self._root_fd
        base = os.fspath(self.base)
        try:
            if create:
                os.makedirs(base, mode=0o700, exist_ok=True)
            # The root itself may be a symlink the user made (to a scratch disk): what it points to
            # is checked.
            fd = os.open(base, os.O_RDONLY | getattr(os, "O_DIRECTORY", 0) | _CLOEXEC)
        except FileNotFoundError:
            return None  # (create=False: nothing cached yet)
        except OSError as e:
            # Best effort: a read-only home must not break `hloc run` (no warning: nothing unsafe).
            self.unsafe = f"cannot use it: {e.strerror or e}"
            return None
        why = unsafe_reason(os.fstat(fd))
        if why is None and self.part:
            try:
                if create:
                    with contextlib.suppress(FileExistsError):
                        os.mkdir(self.part, 0o700, dir_fd=fd)
                sub = _open_dir(self.part, fd, self.part)
            except FileNotFoundError:
                os.close(fd)
                return None
            except (Damaged, OSError) as e:
                sub, why = None, str(e.args[0] if isinstance(e, Damaged) else e)
            os.close(fd)
            fd = sub  # type: ignore[assignment]  # (None with `why` set: handled below)
        if why is not None:
            if fd is not None:
                os.close(fd)
            self.unsafe = why
            if warn:
                self._warn(why)
            return None
        self._root_fd = fd
        return fd

    def _warn(self, why: str) -> None:
        root = os.fspath(self.base)
        if root in _WARNED:
            return
        _WARNED.add(root)
        fix = ("set XDG_CACHE_HOME to a directory of your own" if "belongs to" in why
               else f"run 'chmod go-w {root}' if only you use it")
        sys.stderr.write(f"hloc: warning: not using the compile cache '{root}': {why}; compiling without it "
                         f"({fix}, or pass --no-cache)\n")

    def _subdir(self, names: list[str], create: bool) -> int:
        """A descriptor of root/names[0]/names[1]/..., each level checked (and made 0700 when
        `create`). FileNotFoundError when missing; Damaged (with the level's parent descriptor
        and name in args[1:]) when a level fails a check."""
        fd = self.open_root()
        if fd is None:
            raise FileNotFoundError("no usable cache root")
        fd = os.dup(fd)
        for name in names:
            if create:
                try:
                    os.mkdir(name, 0o700, dir_fd=fd)
                except FileExistsError:
                    pass
                except OSError:
                    os.close(fd)
                    raise
            try:
                sub = _open_dir(name, fd, name)
            except Damaged as e:
                raise Damaged(e.args[0], fd, name) from None
            except BaseException:
                os.close(fd)
                raise
            os.close(fd)
            fd = sub
        return fd

    # -- entries
    def load(self, key: str) -> CacheEntry | None:
        """The verified entry for `key`, or None (missing, or invalid and now removed)."""
        self.last_discarded = None
        if self.open_root(create=False) is None:
            return None
        try:
            fd = self._subdir([f"v{FORMAT}", key[:2], key], create=False)
        except FileNotFoundError:
            return None
        except Damaged as e:
            self._discard_damaged(e)
            return None
        except OSError:
            return None
        try:
            return self._read_entry(fd, key)
        except Damaged as e:
            self._discard_key(key, str(e))
            return None
        finally:
            os.close(fd)

    def _read_entry(self, fd: int, key: str) -> CacheEntry:
        raw = read_verified(fd, _META, None, MAX_META_BYTES)
        try:
            doc = json.loads(raw)
            body, checksum = doc["body"], doc["sha256"]
            if _digest(body) != checksum:
                raise Damaged("entry.json checksum mismatch")
            if body["format"] != FORMAT or body["key"] != key:
                raise Damaged("entry.json describes another entry")
            data, sums = {}, {}
            for name, info in body["files"].items():
                if not isinstance(name, str) or "/" in name or name in ("", ".", "..", _META):
                    raise Damaged(f"entry.json names a file {name!r}")
                size = info["size"]
                if not isinstance(size, int) or size < 0:
                    raise Damaged(f"entry.json gives {name} a size of {size!r}")
                blob = read_verified(fd, name, size, MAX_FILE_BYTES)
                digest = sha256_hex(blob)
                if digest != info["sha256"]:
                    raise Damaged(f"{name}: checksum mismatch")
                data[name], sums[name] = blob, digest
        except (ValueError, KeyError, TypeError, AttributeError, RecursionError) as e:
            raise Damaged(f"entry.json: {e}") from None
        return CacheEntry(key, self.entry_dir(key), body["meta"], data, sums)

    def store(self, key: str, meta: dict, files: dict[str, bytes]) -> CacheEntry | None:
        """Write an entry (files by name, metadata). Returns it, or None when the cache is not
        usable (caching is best effort: a read-only home must not break `hloc run`)."""
        sums = {n: sha256_hex(b) for n, b in files.items()}
        body = {"format": FORMAT, "key": key, "meta": meta,
                "files": {n: {"size": len(b), "sha256": sums[n]} for n, b in files.items()}}
        doc = json.dumps({"body": body, "sha256": _digest(body)}, sort_keys=True).encode()
        try:
            parent = self._subdir([f"v{FORMAT}", key[:2]], create=True)
        except Damaged as e:
            self._discard_damaged(e)
            try:
                parent = self._subdir([f"v{FORMAT}", key[:2]], create=True)
            except Damaged as again:  # (still: e.g. a directory of another user's that we cannot remove)
                os.close(again.args[1])
                return None
            except OSError:
                return None
        except OSError:
            return None
        tmp = f".tmp-{os.urandom(8).hex()}"
        try:
            os.mkdir(tmp, 0o700, dir_fd=parent)
            tfd = os.open(tmp, _DIR_FLAGS, dir_fd=parent)
            try:
                for name, blob in [*files.items(), (_META, doc)]:
                    _write_new(tfd, name, blob)
            finally:
                os.close(tfd)
            os.rename(tmp, key, src_dir_fd=parent, dst_dir_fd=parent)
        except OSError:
            # Most often another process stored the same key first (same key, same contents): keep
            # theirs. A damaged leftover is removed by the next load().
            _remove_at(parent, tmp)
            try:
                os.stat(os.path.join(key, _META), dir_fd=parent, follow_symlinks=False)
            except OSError:
                return None
        finally:
            os.close(parent)
        return CacheEntry(key, self.entry_dir(key), meta, dict(files), dict(sums))

    def discard(self, key: str, reason: str | None = None) -> None:
        """Remove an entry (one that verified but its user could not use)."""
        if self.open_root(create=False) is not None:
            self._discard_key(key, reason)

    def _discard_key(self, key: str, reason: str | None) -> None:
        if reason is not None:
            self.last_discarded = reason
        try:
            parent = self._subdir([f"v{FORMAT}", key[:2]], create=False)
        except Damaged as e:
            self._discard_damaged(e)
            return
        except OSError:
            return
        try:
            _remove_at(parent, key)
        finally:
            os.close(parent)

    def _discard_damaged(self, e: Damaged) -> None:
        """A level of an entry's path failed a check (a symlink, another user's directory): remove
        that level (a link is removed, never followed)."""
        self.last_discarded = e.args[0]
        if len(e.args) == 3:
            parent, name = e.args[1], e.args[2]
            try:
                _remove_at(parent, name)
            finally:
                os.close(parent)

    # -- for `hloc cache`
    def _v1(self) -> int | None:
        if self.open_root(create=False) is None:
            return None
        try:
            return self._subdir([f"v{FORMAT}"], create=False)
        except Damaged as e:
            os.close(e.args[1])
            return None
        except OSError:
            return None

    def keys(self) -> list[str]:
        """The keys of the entries present (not verified), sorted."""
        fd = self._v1()
        if fd is None:
            return []
        out = []
        try:
            with os.scandir(fd) as top:
                shards = [e.name for e in top if len(e.name) == 2 and e.is_dir(follow_symlinks=False)]
            for shard in shards:
                try:
                    sfd = _open_dir(shard, fd, shard)
                except (OSError, Damaged):
                    continue
                try:
                    with os.scandir(sfd) as it:
                        out += [e.name for e in it if e.name.startswith(shard) and not e.name.startswith(".")]
                finally:
                    os.close(sfd)
        finally:
            os.close(fd)
        return sorted(out)

    def usage(self) -> tuple[int, int]:
        """(files, bytes) under the root's v1/, leftovers included, without following links."""
        fd = self._v1()
        if fd is None:
            return 0, 0
        files = size = 0
        try:
            for _, _, names, dfd in os.fwalk(dir_fd=fd, follow_symlinks=False):
                for n in names:
                    try:
                        st = os.stat(n, dir_fd=dfd, follow_symlinks=False)
                    except OSError:
                        continue
                    files += 1
                    size += st.st_size
        finally:
            os.close(fd)
        return files, size

    def clear(self) -> None:
        """Remove every entry (renamed away first, so concurrent readers see whole entries or none)."""
        root = self.open_root(create=False)
        if root is not None:
            _remove_at(root, f"v{FORMAT}")


def _write_new(dir_fd: int, name: str, blob: bytes) -> None:
    fd = os.open(name, _CREATE_FLAGS, 0o600, dir_fd=dir_fd)
    try:
        view = memoryview(blob)
        while view:
            view = view[os.write(fd, view):]
    finally:
        os.close(fd)


def _remove_at(dir_fd: int, name: str) -> None:
    """Remove `name` in `dir_fd`: a directory tree without following links (renamed to a `.del-`
    name first, so a concurrent reader never sees a half-deleted entry under its real name), a
    link or a file by unlinking it. Best effort."""
    import shutil

    try:
        st = os.stat(name, dir_fd=dir_fd, follow_symlinks=False)
    except OSError:
        return
    if not stat.S_ISDIR(st.st_mode):
        with contextlib.suppress(OSError):
            os.unlink(name, dir_fd=dir_fd)
        return
    doomed = f".del-{os.urandom(8).hex()}"
    try:
        os.rename(name, doomed, src_dir_fd=dir_fd, dst_dir_fd=dir_fd)
    except OSError:
        doomed = name
    shutil.rmtree(doomed, dir_fd=dir_fd, ignore_errors=True)
