"""`hloc cache --info|--verify|--clear` on a real cache (entries made by `hloc run`)."""

from __future__ import annotations

import os

import pytest
from click.testing import CliRunner

from hloc import cache as cache_mod
from hloc.cli import main

TINY = "HloModule tiny\nENTRY e {\n  x = f32[4] parameter(0)\n  ROOT n = f32[4] negate(x)\n}\n"


@pytest.fixture
def filled(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.setattr(cache_mod, "_WARNED", set())
    (tmp_path / "tiny.hlo").write_text(TINY)
    r = CliRunner().invoke(main, ["run", str(tmp_path / "tiny.hlo"), "--random-inputs", "0"])
    assert r.exit_code == 0, r.output
    return tmp_path / "xdg" / "hloc"


def cache(*args):
    return CliRunner().invoke(main, ["cache", *args])


def test_info_counts_entries(filled):
    r = cache()
    assert r.exit_code == 0 and f"cache: {filled}" in r.stdout
    assert "modules: 1 entry," in r.stdout


def test_verify_removes_a_damaged_entry(filled):
    assert "1 of 1 entries verified" in cache("--verify").stdout
    [entry] = (filled / "v1").glob("*/*")
    with open(entry / "module.o", "ab") as f:
        f.write(b"!")
    r = cache("--verify")
    assert r.exit_code == 1 and "removed" in r.stdout and "bytes, expected" in r.stdout
    assert not entry.exists() and "0 of 0 entries" in cache("--verify").stdout


def test_clear_removes_everything_and_follows_no_link(filled, tmp_path):
    outside = tmp_path / "outside"
    outside.mkdir()
    (outside / "keep").write_text("x")
    os.symlink(outside, filled / "v1" / "zz")
    r = cache("--clear")
    assert r.exit_code == 0 and "removed 1 entry" in r.stdout
    assert not (filled / "v1").exists() and (outside / "keep").read_text() == "x"


def test_unsafe_cache_is_reported_not_touched(filled):
    os.chmod(filled, 0o777)
    r = cache("--clear")
    assert "not used: group or others can write to it (mode 0777)" in r.stdout
    assert (filled / "v1").is_dir() and r.stderr == ""
