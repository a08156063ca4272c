"""LLVM's products kept by the IR they were made from, so that the same IR is optimised and
code-generated once: a part's assembly (split.py) or a whole module's object code, keyed by a
SHA-256 of the IR text with the target (triple, CPU, features, PIC), LLVM's optimisation level, the
hloc build (its source fingerprint) and llvmlite's version. Kept in this process (up to
MEMORY_BYTES) and on disk in the compile cache's `kernels` part (hloc/cache.py: owned by the user,
checksummed), so a module compiled again, in this process or another, skips LLVM for every part
whose IR did not change.

    key = code_key("part", text, spec, opt_level)
    asm = load(key)            # bytes or None
    store(key, asm_bytes)

$HLOC_CODE_CACHE=0 turns it off (every part compiled by LLVM, nothing stored): for measuring
LLVM's own time.
"""

from __future__ import annotations

import os
import threading
from collections import OrderedDict

FORMAT = 1
MEMORY_BYTES = 256 << 20

_LOCK = threading.Lock()
_MEMORY: OrderedDict[str, bytes] = OrderedDict()
_SIZE = [0]


def enabled() -> bool:
    return os.environ.get("HLOC_CODE_CACHE", "").strip() != "0"


def code_key(kind: str, text: str, spec, opt_level: int) -> str:
    from ....cache import cache_key, sha256_hex
    from .linking import _fingerprint, _llvmlite_version

    return cache_key({"kind": kind, "format": FORMAT, "ir": sha256_hex(text.encode()), "triple": spec.triple,
                      "cpu": spec.cpu, "features": spec.features, "pic": spec.pic, "opt_level": opt_level,
                      "hloc": _fingerprint(), "llvmlite": _llvmlite_version()})


def disk_cache():
    """The disk part of the cache (one CompileCache serves several loads and stores)."""
    from ....cache import CompileCache

    return CompileCache(part="kernels")


def load(key: str, disk=None) -> bytes | None:
    """The bytes stored under `key`, from memory or the disk cache (a verified entry), or None."""
    with _LOCK:
        hit = _MEMORY.get(key)
        if hit is not None:
            _MEMORY.move_to_end(key)
            return hit
    entry = (disk or disk_cache()).load(key)
    data = entry.data.get("code") if entry is not None else None
    if data is not None:
        _remember(key, data)
    return data


def store(key: str, data: bytes, kind: str, disk=None) -> None:
    _remember(key, data)
    (disk or disk_cache()).store(key, {"kind": kind}, {"code": data})


def _remember(key: str, data: bytes) -> None:
    with _LOCK:
        if key in _MEMORY:
            return
        _MEMORY[key] = data
        _SIZE[0] += len(data)
        while _SIZE[0] > MEMORY_BYTES and len(_MEMORY) > 1:
            _, old = _MEMORY.popitem(last=False)
            _SIZE[0] -= len(old)


def forget() -> None:
    """Empty this process's share (tests)."""
    with _LOCK:
        _MEMORY.clear()
        _SIZE[0] = 0
