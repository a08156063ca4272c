"""Where outputs may go (cli.common.check_output_path): only regular files this user could write,
never a device, FIFO, socket or directory, and a symbolic link only with --replace-symlink (which
replaces the link, never the file it points to). For every command that writes files."""

from __future__ import annotations

import os
import socket
import stat

import numpy as np
import pytest
from click.testing import CliRunner

from hloc.cli import main

TINY = "HloModule tiny\nENTRY e {\n  x = f32[4] parameter(0)\n  ROOT n = f32[4] negate(x)\n}\n"
AS_ROOT = pytest.mark.skipif(os.geteuid() != 0, reason="needs root (mknod; a file of another user)")


@pytest.fixture
def tiny(tmp_path):
    p = tmp_path / "tiny.hlo"
    p.write_text(TINY)
    np.save(tmp_path / "x.npy", np.arange(4, dtype=np.float32))
    return p


def _write(tiny, command, out, *extra):
    args = {"opt": ["opt", str(tiny), "-o", str(out)],
            "compile": ["compile", str(tiny), "-o", str(out)],
            "run": ["run", str(tiny), str(tiny.parent / "x.npy"), "--backend", "interp", "-o", str(out)]}[command]
    return CliRunner().invoke(main, [*args, *extra])


def _refused(r, words):
    assert r.exit_code == 1, r.output
    lines = r.stderr.strip().splitlines()
    assert len(lines) == 1 and words in lines[0] and "Traceback" not in r.output, r.stderr
    return lines[0]


COMMANDS = ["opt", "compile", "run"]


@pytest.mark.parametrize("command", COMMANDS)
def test_fifo_is_refused(tiny, tmp_path, command):
    fifo = tmp_path / "fifo.npz"
    os.mkfifo(fifo)
    _refused(_write(tiny, command, fifo), "is a FIFO")
    assert stat.S_ISFIFO(os.lstat(fifo).st_mode)


@pytest.mark.parametrize("command", COMMANDS)
def test_socket_is_refused(tiny, tmp_path, command):
    path = tmp_path / "s.npz"
    s = socket.socket(socket.AF_UNIX)
    try:
        s.bind(str(path))
        _refused(_write(tiny, command, path), "is a socket")
        assert stat.S_ISSOCK(os.lstat(path).st_mode)
    finally:
        s.close()


@pytest.mark.parametrize("command", ["opt", "compile"])
def test_directory_is_refused(tiny, tmp_path, command):
    d = tmp_path / "d"
    d.mkdir()
    _refused(_write(tiny, command, d), "is a directory")
    assert d.is_dir() and not any(d.iterdir())


@AS_ROOT
@pytest.mark.parametrize("command", COMMANDS)
def test_device_is_refused(tiny, tmp_path, command):
    """out_replaces_device.sh: a private copy of /dev/null (c 1 3) was replaced by object code."""
    dev = tmp_path / "null.npz"
    os.mknod(dev, 0o666 | stat.S_IFCHR, os.makedev(1, 3))
    _refused(_write(tiny, command, dev), "is a character device")
    assert stat.S_ISCHR(os.lstat(dev).st_mode)


@pytest.mark.parametrize("command", COMMANDS)
def test_symlink_is_refused_then_replaced_with_the_flag(tiny, tmp_path, command):
    target = tmp_path / "precious.txt"
    target.write_text("keep me")
    link = tmp_path / "out.npz"
    os.symlink(target, link)
    _refused(_write(tiny, command, link), "is a symbolic link")
    assert os.path.islink(link) and target.read_text() == "keep me"
    r = _write(tiny, command, link, "--replace-symlink")
    assert r.exit_code == 0, r.output
    assert not os.path.islink(link) and link.stat().st_size > 0  # the link itself was replaced ...
    assert target.read_text() == "keep me"  # ... and what it pointed to is untouched


def test_dangling_symlink_is_refused(tiny, tmp_path):
    link = tmp_path / "out.hlo"
    os.symlink(tmp_path / "nowhere" / "file", link)
    _refused(_write(tiny, "opt", link), "is a symbolic link")
    assert not (tmp_path / "nowhere").exists()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may write any file")
def test_read_only_file_is_not_replaced(tiny, tmp_path):
    out = tmp_path / "ro.hlo"
    out.write_text("read-only")
    out.chmod(0o444)
    _refused(_write(tiny, "opt", out), "you cannot write to this file")
    assert out.read_text() == "read-only"


@AS_ROOT
def test_file_another_user_could_not_write_is_not_replaced(tiny):
    """As nobody in a directory nobody may write: root's read-only file is left alone, though the
    rename would succeed."""
    import shutil
    import subprocess
    import sys
    import tempfile

    d = tempfile.mkdtemp(prefix="hloc-shared-")  # (pytest's tmp_path is private to root)
    try:
        os.chmod(d, 0o755)
        os.chown(d, 65534, 65534)
        src = os.path.join(d, "tiny.hlo")
        with open(src, "w") as f:
            f.write(TINY)
        victim = os.path.join(d, "roots.hlo")
        with open(victim, "w") as f:
            f.write("root's")
        code = "import sys; from hloc.cli import main; sys.argv=['hloc','opt',sys.argv[1],'-o',sys.argv[2]]; main()"
        r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", sys.executable,
                            "-c", code, src, victim], capture_output=True, text=True, timeout=120)
        if r.returncode != 1 or "error:" not in r.stderr:
            pytest.skip(f"cannot run hloc as user nobody here: {r.stderr.strip()[-200:]}")
        assert "you cannot write to this file" in r.stderr, r.stderr
        with open(victim) as f:
            assert f.read() == "root's"
        assert os.stat(victim).st_uid == 0
    finally:
        shutil.rmtree(d)


def test_regular_files_are_still_replaced(tiny, tmp_path):
    out = tmp_path / "out.hlo"
    out.write_text("old")
    r = _write(tiny, "opt", out)
    assert r.exit_code == 0 and "negate" in out.read_text()


def test_dump_files_are_not_written_through_planted_links(tiny, tmp_path):
    """--dump-after-each-pass DIR: a link planted at a dump file's name (or its old fixed temporary
    name) is neither written through nor followed."""
    dump = tmp_path / "dump"
    dump.mkdir()
    victim = tmp_path / "victim.txt"
    victim.write_text("keep me")
    first = "module_0000.tiny.0000.before_optimizations.hlo"
    os.symlink(victim, dump / (first + ".tmp"))
    r = CliRunner().invoke(main, ["opt", str(tiny), "-p", "dce", "--dump-after-each-pass", str(dump)])
    assert r.exit_code == 0, r.output
    assert victim.read_text() == "keep me" and "negate" in (dump / first).read_text()
    (dump / first).unlink()
    os.symlink(victim, dump / first)
    r = CliRunner().invoke(main, ["opt", str(tiny), "-p", "dce", "--dump-after-each-pass", str(dump)])
    assert r.exit_code == 1 and "not a regular file" in r.stderr and "Traceback" not in r.output
    assert victim.read_text() == "keep me"
