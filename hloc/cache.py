"""The on-disk compile cache: compiled modules keyed by everything that determines their code.

    cache = CompileCache()                      # $XDG_CACHE_HOME/hloc, else ~/.cache/hloc
    key = cache_key({"module": sha256, "version": ..., "options": ..., "target": ...})
    entry = cache.load(key)                     # a verified CacheEntry, or None
    entry = cache.store(key, meta, {"obj": b"...", "so": b"..."})

One entry is a directory `<root>/v1/<key[:2]>/<key>/` holding the files and `entry.json`: the
caller's metadata, each file's size and SHA-256, and a SHA-256 over all of that. It is written
into a temporary directory and renamed into place, so a reader sees a whole entry or none.
`load` checks every checksum; an entry that fails (truncated, corrupted, half-deleted,
unreadable) is removed and reported as a miss, so the caller rebuilds it. Nothing here imports
numpy or the compiler: a cache hit costs a few file reads.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

FORMAT = 1
_META = "entry.json"

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


class CacheEntry:
    """A verified entry: `meta` is what the caller stored, `data` the files' contents by name.
    (A plain class: a dataclass costs ~0.4 ms of start-up to create.)"""

    __slots__ = ("key", "path", "meta", "data")

    def __init__(self, key: str, path: Path, meta: dict, data: dict[str, bytes] | None = None):
        self.key = key
        self.path = path
        self.meta = meta
        self.data = {} if data is None else data

    def file(self, name: str) -> Path:
        return self.path / name


class CompileCache:
    def __init__(self, root: str | os.PathLike | None = None):
        self.root = Path(root) if root is not None else default_cache_dir()
        self.last_discarded: str | None = None  # why the last load() threw an entry away (for tests, -v)

    def entry_dir(self, key: str) -> Path:
        return self.root / f"v{FORMAT}" / key[:2] / key

    def load(self, key: str) -> CacheEntry | None:
        """The verified entry for `key`, or None (missing, or invalid and now removed)."""
        self.last_discarded = None
        path = self.entry_dir(key)
        try:
            raw = (path / _META).read_bytes()
        except FileNotFoundError:
            if path.exists():  # a directory without its metadata: never completed, or damaged
                self._discard(path, "entry.json is missing")
            return None
        except OSError as e:
            self._discard(path, f"cannot read entry.json: {e.strerror}")
            return None
        try:
            doc = json.loads(raw)
            body, checksum = doc["body"], doc["sha256"]
            if _digest(body) != checksum:
                raise ValueError("entry.json checksum mismatch")
            if body["format"] != FORMAT or body["key"] != key:
                raise ValueError("entry.json describes another entry")
            data = {}
            for name, info in body["files"].items():
                blob = (path / name).read_bytes()
                if len(blob) != info["size"]:
                    raise ValueError(f"{name}: {len(blob)} bytes, expected {info['size']}")
                if sha256_hex(blob) != info["sha256"]:
                    raise ValueError(f"{name}: checksum mismatch")
                data[name] = blob
        except (ValueError, KeyError, TypeError, AttributeError, OSError) as e:
            reason = getattr(e, "strerror", None) or str(e)
            self._discard(path, reason)
            return None
        return CacheEntry(key, path, body["meta"], data)

    def store(self, key: str, meta: dict, files: dict[str, bytes]) -> CacheEntry | None:
        """Write an entry (files by name, metadata). Returns it, or None when the cache directory is
        not writable (caching is best effort: a read-only home must not break `hloc run`)."""
        import shutil
        import tempfile

        body = {"format": FORMAT, "key": key, "meta": meta,
                "files": {n: {"size": len(b), "sha256": sha256_hex(b)} for n, b in files.items()}}
        doc = {"body": body, "sha256": _digest(body)}
        final = self.entry_dir(key)
        try:
            final.parent.mkdir(parents=True, exist_ok=True)
            tmp = Path(tempfile.mkdtemp(prefix=".tmp-", dir=final.parent))
        except OSError:
            return None
        try:
            for name, blob in files.items():
                (tmp / name).write_bytes(blob)
            (tmp / _META).write_text(json.dumps(doc, sort_keys=True))
            os.rename(tmp, final)
        except OSError:
            # Most often another process stored the same key first (same key, same contents): keep
            # theirs. A damaged leftover is removed by the next load().
            shutil.rmtree(tmp, ignore_errors=True)
            if not (final / _META).exists():
                return None
        return CacheEntry(key, final, meta, dict(files))

    def discard(self, key: str, reason: str | None = None) -> None:
        """Remove an entry (one that verified but its user could not use)."""
        path = self.entry_dir(key)
        if path.exists():
            self._discard(path, reason)

    def _discard(self, path: Path, reason: str | None) -> None:
        import shutil
        import tempfile

        if reason is not None:
            self.last_discarded = reason
        # Rename first so a concurrent reader never sees a half-deleted entry under the real name.
        try:
            doomed = Path(tempfile.mkdtemp(prefix=".del-", dir=path.parent))
            os.rename(path, doomed / "x")
            path = doomed
        except OSError:
            pass
        shutil.rmtree(path, ignore_errors=True)

    def clear(self) -> None:
        import shutil

        shutil.rmtree(self.root / f"v{FORMAT}", ignore_errors=True)
