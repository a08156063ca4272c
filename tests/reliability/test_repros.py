"""Issue 18's audit repros (testdata/repro, copied from ../shared/repro) replayed as they were
written, each now ending with the safe outcome: a clear error line, a rebuilt entry, nothing
executed, nothing replaced, bounded memory. The shell scripts run with the venv's `hloc` first on
PATH; those that need root (a second user, mknod) skip elsewhere."""

from __future__ import annotations

import os
import shutil
import stat
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np
import pytest

REPRO = Path(__file__).resolve().parents[2] / "testdata" / "repro"
BIN = Path(sys.executable).parent
HLOC = str(BIN / "hloc")
AS_ROOT = pytest.mark.skipif(os.geteuid() != 0, reason="needs root (a second user via setpriv; mknod)")


def _env(tmpdir: str, **extra) -> dict:
    env = dict(os.environ, PATH=f"{BIN}:{os.environ.get('PATH', '')}", TMPDIR=tmpdir, **extra)
    env.pop("XDG_CACHE_HOME", None)
    return env


@pytest.fixture
def public_tmp():
    """A temporary directory other users can enter (pytest's tmp_path is private to its user)."""
    d = tempfile.mkdtemp(prefix="hloc-repro-")
    os.chmod(d, 0o755)
    yield d
    shutil.rmtree(d, ignore_errors=True)


def _sh(script: str, tmpdir: str, timeout=300) -> subprocess.CompletedProcess:
    return subprocess.run(["sh", str(REPRO / script)], capture_output=True, text=True, env=_env(tmpdir),
                          timeout=timeout)


def _hloc(*args, cwd=None, timeout=300) -> subprocess.CompletedProcess:
    return subprocess.run([HLOC, *map(str, args)], capture_output=True, text=True, cwd=cwd, timeout=timeout)


def _one_error(r: subprocess.CompletedProcess, *words: str) -> str:
    assert r.returncode == 1, (r.stdout, r.stderr)
    assert "Traceback" not in r.stderr, r.stderr
    first = r.stderr.splitlines()[0]
    for w in words:
        assert w in first, first
    return first


def _can_run_as_nobody(tmpdir: str) -> bool:
    r = subprocess.run(["setpriv", "--reuid", "65534", "--regid", "65534", "--clear-groups", sys.executable, "-c",
                        "import hloc"], capture_output=True, env=_env(tmpdir), timeout=60)
    return r.returncode == 0


@AS_ROOT
def test_cache_shared_dir_code_exec(public_tmp):
    """User nobody fills a cache in a shared directory and swaps in a library with recomputed
    checksums; root's run must not load it: the cache is refused with a warning, PWNED is never
    written."""
    if shutil.which("setpriv") is None or shutil.which("cc") is None:
        pytest.skip("needs setpriv and cc")
    if not _can_run_as_nobody(public_tmp):
        pytest.skip("user nobody cannot run this checkout's Python")
    r = _sh("cache_shared_dir_code_exec.sh", public_tmp)
    assert r.returncode != 0  # the script's last step, `ls -l $C/PWNED`, fails
    assert "PWNED': No such file or directory" in r.stderr, r.stderr
    assert "hloc: warning: not using the compile cache" in r.stderr and "belongs to nobody" in r.stderr
    assert r.stderr.count("hloc: warning") == 1
    assert "out0: f32[4]" in r.stdout  # root's run still ran, compiled without the cache
    assert not list(Path(public_tmp).glob("*/PWNED"))


def test_cache_symlink_devzero(public_tmp):
    """module.so -> /dev/zero under `ulimit -v 4000000`: was an OOM kill on every run; now the entry
    is dropped and rebuilt within the limit."""
    r = _sh("cache_symlink_devzero.sh", public_tmp)
    assert r.returncode == 0, r.stderr
    assert "exit 0" in r.stdout and "out0: f32[4]" in r.stdout
    [cache] = Path(public_tmp).glob("tmp.*/hloc")
    libs = list(cache.glob("v1/*/*/module.so"))
    assert libs and all(p.is_file() and not p.is_symlink() for p in libs)  # rebuilt


@AS_ROOT
def test_out_replaces_device(public_tmp):
    """A private /dev/null (c 1 3) and a FIFO as -o targets: refused, both left as they were."""
    r = _sh("out_replaces_device.sh", public_tmp)
    assert r.returncode == 1
    assert "it is a character device; hloc writes only regular files" in r.stderr
    [d] = Path(public_tmp).glob("tmp.*")
    assert stat.S_ISCHR(os.lstat(d / "null").st_mode)
    os.mkfifo(d / "fifo")  # the script's second half (it stops at the first refusal: set -e)
    r = _hloc("opt", REPRO / "tiny.hlo", "-o", d / "fifo")
    _one_error(r, "it is a FIFO")
    assert stat.S_ISFIFO(os.lstat(d / "fifo").st_mode)


_PEAK = ("import resource, subprocess, sys; r = subprocess.run(sys.argv[1:]); "
         "print(resource.getrusage(resource.RUSAGE_CHILDREN).ru_maxrss, file=sys.stderr); sys.exit(r.returncode)")


def _hloc_peak(*args, timeout=300) -> tuple[subprocess.CompletedProcess, int]:
    """Run hloc; its result and its peak resident memory in KiB (its own getrusage)."""
    r = subprocess.run([sys.executable, "-c", _PEAK, HLOC, *map(str, args)], capture_output=True, text=True,
                       timeout=timeout)
    lines = r.stderr.rstrip("\n").rsplit("\n", 1)
    r.stderr = lines[0] + "\n" if len(lines) == 2 else ""
    return r, int(lines[-1])


@pytest.mark.slow
def test_zip_bomb(tmp_path):
    """make_zip_bomb.py: a 4 MB .npz whose arg0 is a valid f32[2,3] header + 4 GiB of deflated zeros.
    Was ~100 s at 100% CPU and a success; now one error line, nothing inflated past the header."""
    subprocess.run([sys.executable, str(REPRO / "make_zip_bomb.py")], cwd=tmp_path, check=True, timeout=600)
    for backend in ("interp", "llvm"):
        r, peak_kb = _hloc_peak("run", REPRO / "npy_module.hlo", tmp_path / "bomb.npz", "--backend", backend)
        _one_error(r, "member 'arg0'", f"{(1 << 32) - 24} bytes of trailing data after the float32[2,3] array")
        assert peak_kb < 300 << 10, peak_kb  # KiB: the process's own start-up is most of it
        print(f"zip bomb, {backend}: peak RSS {peak_kb} KiB")


def test_big_endian_npy_values(tmp_path):
    out = tmp_path / "out.npy"
    r = _hloc("run", REPRO / "npy_module.hlo", REPRO / "npy_big_endian_f32_2x3.npy", REPRO / "npy_module.in1.npy",
              "-o", out)
    assert r.returncode == 0, r.stderr
    x = np.load(REPRO / "npy_big_endian_f32_2x3.npy")  # numpy, the producer, reads the file
    y = np.load(REPRO / "npy_module.in1.npy")
    assert np.array_equal(np.load(out), x.astype(np.float32) + np.float32(y))


def test_npy_header_huge_shape():
    r = _hloc("run", REPRO / "npy_module.hlo", REPRO / "npy_header_huge_shape.npy", REPRO / "npy_module.in1.npy")
    _one_error(r, "npy_header_huge_shape.npy' holds float32[99999999999,99999999999]",
               "more than any array of the module (6 elements at most)")
    # Without a module to bound it, the file's own size does.
    from hloc.errors import RunError
    from hloc.runtime import npio

    with pytest.raises(RunError, match=r"truncated: the header describes float32\[99999999999,99999999999\], "
                                       r".* and 24 bytes follow it"):
        npio.load_arrays(str(REPRO / "npy_header_huge_shape.npy"))


@pytest.mark.parametrize("backend", ["llvm", "interp"])
def test_huge_dim(backend):
    r = _hloc("run", REPRO / "huge_dim.hlo", "--random-inputs", "0", "--backend", backend)
    _one_error(r, "huge_dim.hlo:4:3: error: parameter 0 'p' is f32[99999999999999]: 364 TiB, more than this "
                  "machine's memory")


@pytest.mark.parametrize("backend", ["llvm", "interp"])
def test_rank_100(backend):
    r = _hloc("run", REPRO / "rank_100.hlo", "--random-inputs", "0", "--backend", backend)
    _one_error(r, "rank_100.hlo:4:3: error: parameter 0 'p' has 100 dimensions;", "at most 64")


@pytest.mark.slow
def test_big_tuple_does_not_hang(tmp_path):
    """make_big_tuple.py: a tuple of N copies of one parameter; N = 1,000,000 ran over 60 s. A
    200,000-element tuple must come back (the timeout is a hang guard, not a speed measure)."""
    n = 200_000
    subprocess.run([sys.executable, str(REPRO / "make_big_tuple.py"), str(n)], cwd=tmp_path, check=True)
    r = _hloc("opt", tmp_path / f"tuple_{n}.hlo", "-o", tmp_path / "out.hlo", timeout=240)
    assert r.returncode == 0, r.stderr
    text = (tmp_path / "out.hlo").read_text()
    assert text.count("f32[]") >= n and "tuple(" in text
