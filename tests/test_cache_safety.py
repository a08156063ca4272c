"""The compile cache on a shared machine: a root others could write is not used, nothing below it
is followed through links or read past its recorded size, and what is loaded is the bytes that
were verified. (The repro scripts themselves are replayed in tests/reliability.)"""

from __future__ import annotations

import os
import stat
import time

import numpy as np
import pytest

from hloc import cache as cache_mod
from hloc.cache import CompileCache, cache_key

FILES = {"module.o": bytes(range(256)) * 4, "module.so": b"S" * 1000}
AS_ROOT = pytest.mark.skipif(os.geteuid() != 0, reason="needs root to make files of another user (uid 65534)")


@pytest.fixture(autouse=True)
def _fresh_warnings(monkeypatch):
    monkeypatch.setattr(cache_mod, "_WARNED", set())


def _stored(root, name="k"):
    c = CompileCache(root)
    key = cache_key({"case": name})
    e = c.store(key, {"m": 1}, FILES)
    assert e is not None
    return c, key, e.path


def test_new_root_is_private(tmp_path):
    c, key, path = _stored(tmp_path / "cache")
    for p in (tmp_path / "cache", path.parent.parent, path.parent, path):
        assert stat.S_IMODE(os.stat(p).st_mode) == 0o700, p
    assert all(stat.S_IMODE(os.stat(f).st_mode) == 0o600 for f in path.iterdir())


@pytest.mark.parametrize("mode", [0o777, 0o1777, 0o770, 0o722])
def test_root_writable_by_others_is_not_used(tmp_path, capsys, mode):
    c, key, path = _stored(tmp_path / "cache")
    os.chmod(tmp_path / "cache", mode)
    fresh = CompileCache(tmp_path / "cache")
    assert fresh.load(key) is None
    assert fresh.store(cache_key({"other": 1}), {}, FILES) is None  # and nothing new is written
    assert "group or others can write" in fresh.unsafe
    assert CompileCache(tmp_path / "cache").load(key) is None
    err = capsys.readouterr().err
    assert err.count("hloc: warning: not using the compile cache") == 1  # once per process
    assert f"{mode:04o}" in err and path.exists()  # not "cleaned up" either: it may be shared on purpose


@AS_ROOT
def test_root_of_another_user_is_not_used(tmp_path, capsys):
    c, key, path = _stored(tmp_path / "cache")
    os.chown(tmp_path / "cache", 65534, 65534)
    fresh = CompileCache(tmp_path / "cache")
    assert fresh.load(key) is None and "belongs to" in fresh.unsafe
    assert "uid 65534" in capsys.readouterr().err
    assert CompileCache(tmp_path / "cache", part="library").load(key) is None  # its parts neither


@AS_ROOT
def test_file_of_another_user_is_discarded(tmp_path):
    c, key, path = _stored(tmp_path)
    os.chown(path / "module.so", 65534, 65534)
    assert c.load(key) is None and "belongs to" in c.last_discarded
    assert not path.exists()


def test_symlinked_file_is_not_followed(tmp_path):
    """cache_symlink_devzero.sh: module.so -> /dev/zero was read whole (24 GB, OOM kill)."""
    c, key, path = _stored(tmp_path)
    (path / "module.so").unlink()
    os.symlink("/dev/zero", path / "module.so")
    t0 = time.perf_counter()
    assert c.load(key) is None
    assert time.perf_counter() - t0 < 5
    assert "symbolic link" in c.last_discarded and not path.exists()
    assert os.path.exists("/dev/zero")


def test_fifo_in_place_of_a_file_does_not_hang(tmp_path):
    c, key, path = _stored(tmp_path)
    (path / "module.o").unlink()
    os.mkfifo(path / "module.o")
    assert c.load(key) is None and "not a regular file" in c.last_discarded


def test_file_larger_than_recorded_is_not_read(tmp_path, monkeypatch):
    c, key, path = _stored(tmp_path)
    with open(path / "module.o", "r+b") as f:
        f.truncate(1 << 40)  # a sparse terabyte: reading it would exhaust memory
    reads = []
    real = os.readv
    monkeypatch.setattr(os, "readv", lambda fd, bufs: reads.append(fd) or real(fd, bufs))
    assert c.load(key) is None and "expected 1024" in c.last_discarded
    assert len(reads) == 1  # only entry.json was read


def test_huge_entry_json_is_not_read(tmp_path):
    c, key, path = _stored(tmp_path)
    with open(path / "entry.json", "r+b") as f:
        f.truncate(cache_mod.MAX_META_BYTES + 1)
    assert c.load(key) is None and "more than" in c.last_discarded


@pytest.mark.parametrize("level", ["entry", "shard", "v1"])
def test_symlinked_directory_is_removed_not_followed(tmp_path, level):
    c, key, path = _stored(tmp_path / "cache")
    elsewhere = tmp_path / "elsewhere"
    victim = {"entry": path, "shard": path.parent, "v1": path.parent.parent}[level]
    victim.rename(elsewhere)
    os.symlink(elsewhere, victim)
    assert c.load(key) is None and "symbolic link" in c.last_discarded
    assert not os.path.lexists(victim)  # the link is gone ...
    assert elsewhere.is_dir() and any(elsewhere.rglob("*"))  # ... what it pointed to is untouched
    assert c.store(key, {"m": 1}, FILES) is not None and c.load(key) is not None  # rebuilt


def test_entry_json_naming_a_path_outside_is_refused(tmp_path):
    import json

    c, key, path = _stored(tmp_path)
    doc = json.loads((path / "entry.json").read_text())
    doc["body"]["files"] = {"../../../../etc/passwd": {"size": 1, "sha256": "0"}}
    doc["sha256"] = cache_mod._digest(doc["body"])
    (path / "entry.json").write_text(json.dumps(doc))
    assert c.load(key) is None and "names a file" in c.last_discarded


def test_library_part_lives_under_the_checked_root(tmp_path):
    lib = CompileCache(tmp_path / "cache", part="library")
    key = cache_key({"lib": 1})
    assert lib.store(key, {}, {"library.s": b"asm"}) is not None
    assert (tmp_path / "cache" / "library" / "v1" / key[:2] / key / "library.s").read_bytes() == b"asm"
    os.chmod(tmp_path / "cache", 0o777)
    assert CompileCache(tmp_path / "cache", part="library").load(key) is None


def test_code_is_loaded_from_the_verified_bytes(tmp_path):
    """The check-then-load gap: the library is dlopen'ed from the bytes that were checked (a memfd),
    so replacing module.so after the check changes nothing."""
    from hloc.backend.llvm.runner_backend import LlvmBackend
    from hloc.parse import parse_module
    from hloc.runtime.backends import BackendOptions

    text = "HloModule m\nENTRY e {\n  x = f32[4] parameter(0)\n  ROOT n = f32[4] negate(x)\n}\n"
    LlvmBackend(str(tmp_path)).prepare(parse_module(text), BackendOptions(), source=text.encode())
    [path] = (tmp_path / "v1").glob("*/*")
    if not (path / "module.so").exists():
        pytest.skip("no C compiler to link the shared library")
    c = CompileCache(tmp_path)
    entry = c.load(path.name)
    (path / "module.so").write_bytes(b"\x7fELF garbage after the check")
    exe = LlvmBackend._from_entry(entry)
    assert exe.how == "shared"
    x = np.arange(4, dtype=np.float32)
    assert np.array_equal(exe([x]), -x)


@AS_ROOT
def test_directory_of_another_user_below_the_root_is_moved_aside(tmp_path):
    """E.g. left by another user's run while the root was not private: not trusted, renamed away,
    and the entry is rebuilt beside it."""
    c, key, path = _stored(tmp_path / "cache")
    for p in (path.parent, path):
        os.chown(p, 65534, 65534)
    assert c.load(key) is None and "belongs to" in c.last_discarded
    assert not path.exists()
    assert c.store(key, {"m": 1}, FILES) is not None and c.load(key).data == FILES
