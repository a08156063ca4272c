"""The on-disk compile cache: round trips, damaged entries detected by checksum, discarded and
rebuilt, the XDG location, and what goes into the key."""

from __future__ import annotations

import json
import os

import numpy as np
import pytest

from hloc.backend.llvm.build import BuildOptions, key_parts
from hloc.backend.llvm.runner_backend import LlvmBackend
from hloc.cache import CompileCache, cache_key, default_cache_dir
from hloc.parse import parse_module
from hloc.runtime.backends import BackendOptions

MODULE = """HloModule cached
ENTRY main {
  x = f32[64] parameter(0)
  y = f32[64] parameter(1)
  m = f32[64] multiply(x, y)
  ROOT t = (f32[64], f32[64]) tuple(m, x)
}
"""
X = np.linspace(-2, 2, 64, dtype=np.float32)
Y = np.linspace(3, 4, 64, dtype=np.float32)


# -- CompileCache itself

def test_round_trip(tmp_path):
    c = CompileCache(tmp_path)
    key = cache_key({"a": 1})
    assert c.load(key) is None and c.last_discarded is None
    c.store(key, {"hello": [1, 2]}, {"module.o": b"\x7fELF object", "module.so": b"shared"})
    e = CompileCache(tmp_path).load(key)
    assert e.meta == {"hello": [1, 2]} and e.data == {"module.o": b"\x7fELF object", "module.so": b"shared"}
    assert e.path == tmp_path / "v1" / key[:2] / key and (e.path / "module.so").read_bytes() == b"shared"
    assert not [p for p in e.path.parent.iterdir() if p.name.startswith(".")]  # no temporary directories left


def _damage_cases():
    def flip_byte(d):
        p = d / "module.o"
        b = bytearray(p.read_bytes())
        b[len(b) // 2] ^= 0x01
        p.write_bytes(bytes(b))

    def truncate(d):
        p = d / "module.so"
        p.write_bytes(p.read_bytes()[:-3])

    def remove_file(d):
        (d / "module.so").unlink()

    def remove_meta(d):
        (d / "entry.json").unlink()

    def garbage_meta(d):
        (d / "entry.json").write_bytes(b"\x00\x01not json")

    def truncated_meta(d):
        p = d / "entry.json"
        p.write_bytes(p.read_bytes()[:20])

    def edited_meta(d):  # still valid JSON, different content: only the checksum notices
        p = d / "entry.json"
        doc = json.loads(p.read_text())
        doc["body"]["meta"]["temp_bytes"] = 1
        p.write_text(json.dumps(doc))

    def empty_meta(d):
        (d / "entry.json").write_bytes(b"")

    return [flip_byte, truncate, remove_file, remove_meta, garbage_meta, truncated_meta, edited_meta, empty_meta]


@pytest.mark.parametrize("damage", _damage_cases(), ids=lambda f: f.__name__)
def test_damaged_entries_are_discarded(tmp_path, damage):
    c = CompileCache(tmp_path)
    key = cache_key({"case": damage.__name__})
    e = c.store(key, {"temp_bytes": 4096}, {"module.o": bytes(range(256)) * 8, "module.so": b"S" * 1000})
    damage(e.path)
    assert c.load(key) is None
    assert c.last_discarded  # says why
    assert not e.path.exists()  # removed, so the next store rebuilds it
    assert not [p for p in e.path.parent.iterdir() if p.name.startswith(".del-")]
    c.store(key, {"temp_bytes": 4096}, {"module.o": b"new"})
    assert c.load(key).data == {"module.o": b"new"}


def test_store_is_best_effort(tmp_path):
    (tmp_path / "file").write_text("not a directory")
    c = CompileCache(tmp_path / "file" / "cache")
    assert c.store(cache_key({}), {}, {"module.o": b"x"}) is None
    assert c.load(cache_key({})) is None


def test_cache_location(monkeypatch, tmp_path):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    assert default_cache_dir() == tmp_path / "xdg" / "hloc"
    monkeypatch.setenv("XDG_CACHE_HOME", "relative/path")  # the XDG spec says: ignore relative paths
    monkeypatch.setenv("HOME", str(tmp_path / "home"))
    assert default_cache_dir() == tmp_path / "home" / ".cache" / "hloc"
    monkeypatch.delenv("XDG_CACHE_HOME")
    assert default_cache_dir() == tmp_path / "home" / ".cache" / "hloc"


def test_key_is_order_independent_and_sensitive():
    assert cache_key({"a": 1, "b": [1, 2]}) == cache_key({"b": [1, 2], "a": 1})
    assert cache_key({"a": 1}) != cache_key({"a": 2})


def test_key_covers_every_build_option():
    base = BuildOptions()
    variants = [BuildOptions(opt_level=2), BuildOptions(hlo_pipeline="O1"), BuildOptions(entry_name="f"),
                BuildOptions(flush_denormals=False), BuildOptions(pic=False)]
    keys = {LlvmBackend.key(b"m", base)} | {LlvmBackend.key(b"m", v) for v in variants}
    assert len(keys) == 1 + len(variants)
    assert LlvmBackend.key(b"m", base) == LlvmBackend.key(b"m", BuildOptions())
    assert LlvmBackend.key(b"m", base) != LlvmBackend.key(b"m ", base)


def test_pipeline_file_is_keyed_by_its_contents(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("dce")
    a = key_parts(BuildOptions(hlo_pipeline=f"@{f}"))
    f.write_text("dce,cse")
    b = key_parts(BuildOptions(hlo_pipeline=f"@{f}"))
    assert a != b and a["hlo_pipeline"].startswith("@sha256:")


# -- through the llvm backend

def _prepare(cache_dir, **opts):
    be = LlvmBackend(str(cache_dir))
    exe = be.prepare(parse_module(MODULE), BackendOptions(**opts), source=MODULE.encode())
    return be, exe


def _check(exe):
    m, x = exe([X, Y])
    assert np.array_equal(m, X * Y) and np.array_equal(x, X)


def test_miss_then_hit(tmp_path):
    be, exe = _prepare(tmp_path)
    assert be.last_cache == "miss" and exe.how == "orc"
    _check(exe)
    be, exe = _prepare(tmp_path)
    assert be.last_cache == "hit"
    _check(exe)
    # And without parsing: lookup by the source text alone.
    be = LlvmBackend(str(tmp_path))
    exe = be.lookup(MODULE.encode(), BackendOptions())
    assert exe is not None and be.last_cache == "hit"
    _check(exe)
    assert LlvmBackend(str(tmp_path)).lookup(MODULE.encode() + b"\n", BackendOptions()) is None


def test_no_cache_option_touches_nothing(tmp_path):
    be, exe = _prepare(tmp_path, cache=False)
    assert be.last_cache == "off" and not any(tmp_path.iterdir())
    _check(exe)
    assert LlvmBackend(str(tmp_path)).lookup(MODULE.encode(), BackendOptions(cache=False)) is None


@pytest.mark.parametrize("victim", ["module.o", "module.so", "entry.json"])
def test_corrupted_entry_is_rebuilt(tmp_path, victim):
    _prepare(tmp_path)
    [entry] = list((tmp_path / "v1").glob("*/*"))
    p = entry / victim
    if not p.exists():
        pytest.skip(f"no {victim} in the entry (no C compiler to link the shared library)")
    data = bytearray(p.read_bytes())
    data[len(data) // 3] ^= 0xFF
    p.write_bytes(bytes(data))
    assert LlvmBackend(str(tmp_path)).lookup(MODULE.encode(), BackendOptions()) is None
    be, exe = _prepare(tmp_path)
    assert be.last_cache.startswith("miss")
    _check(exe)
    be, exe = _prepare(tmp_path)
    assert be.last_cache == "hit"
    _check(exe)


def test_truncated_shared_library_is_rebuilt(tmp_path):
    _prepare(tmp_path)
    [entry] = list((tmp_path / "v1").glob("*/*"))
    so = entry / "module.so"
    if not so.exists():
        pytest.skip("no C compiler to link the shared library")
    so.write_bytes(so.read_bytes()[:100])  # dlopen of this would fail or crash: the checksum stops it first
    be, exe = _prepare(tmp_path)
    assert "discarded a damaged entry" in be.last_cache
    _check(exe)


def test_orc_and_shared_loaders_agree(tmp_path, monkeypatch):
    _prepare(tmp_path)
    be, shared = _prepare(tmp_path)
    monkeypatch.setenv("HLOC_LOADER", "orc")
    be, orc = _prepare(tmp_path)
    assert be.last_cache == "hit" and orc.how == "orc"
    if shared.how == "shared":
        for a, b in zip(shared([X, Y]), orc([X, Y])):
            assert a.tobytes() == b.tobytes()


def test_xdg_cache_home_is_used(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    be = LlvmBackend()
    be.prepare(parse_module(MODULE), BackendOptions(), source=MODULE.encode())
    assert len(list((tmp_path / "hloc" / "v1").glob("*/*/entry.json"))) == 1
    assert os.path.isdir(tmp_path / "hloc")


def test_second_store_of_a_key_keeps_the_first(tmp_path):
    c = CompileCache(tmp_path)
    key = cache_key({"race": 1})
    c.store(key, {"n": 1}, {"module.o": b"first"})
    c.store(key, {"n": 1}, {"module.o": b"first"})  # another process, same key: same contents
    assert c.load(key).data == {"module.o": b"first"}
    assert [p.name for p in (tmp_path / "v1" / key[:2]).iterdir()] == [key]  # no temporaries left


def test_unloadable_shared_library_falls_back_to_the_object(tmp_path, monkeypatch):
    from hloc.backend.llvm import runner_backend as runtime
    from hloc.errors import RunError

    _prepare(tmp_path)

    def refuse(image, abi, profile=False, digest=None):
        raise RunError("cannot load the shared library from memory: noexec")

    monkeypatch.setattr(runtime, "load_shared_image", refuse)
    be, exe = _prepare(tmp_path)
    assert be.last_cache == "hit" and exe.how == "orc"
    _check(exe)


def test_verified_but_unusable_entry_is_replaced(tmp_path):
    """An entry from another cache format (valid checksums, unknown contents) is rebuilt, not reused."""
    be, _ = _prepare(tmp_path)
    key = LlvmBackend.key(MODULE.encode(), BuildOptions())
    c = CompileCache(tmp_path)
    c.discard(key)
    c.store(key, {"format": "native-0", "something": "else"}, {"module.o": b"old"})
    be, exe = _prepare(tmp_path)
    assert be.last_cache.startswith("miss (discarded a damaged entry: unusable entry")
    _check(exe)
    be, exe = _prepare(tmp_path)
    assert be.last_cache == "hit"
    _check(exe)
