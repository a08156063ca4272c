"""docs/tutorial.md runs as written: its Python files and C file are written out, its shell blocks
run in order in one empty directory (each line must succeed), and what they print says that the
checks passed. Skipped without jax (the tutorial starts from a JAX function) or a C compiler."""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
TUTORIAL = ROOT / "docs" / "tutorial.md"
BLOCK = re.compile(r"^```(\w+)\n(.*?)^```", re.S | re.M)


def blocks() -> list[tuple[str, str]]:
    return [(m.group(1), m.group(2)) for m in BLOCK.finditer(TUTORIAL.read_text())]


def test_tutorial_blocks_name_their_files():
    kinds = [k for k, _ in blocks()]
    assert kinds.count("sh") >= 5 and "c" in kinds and "python" in kinds
    for kind, text in blocks():
        first = text.splitlines()[0]
        if kind == "python":
            assert re.fullmatch(r"# \w+\.py", first), first
        if kind == "c":
            assert re.fullmatch(r"// file: \w+\.c", first), first


@pytest.mark.slow
def test_tutorial_runs(tmp_path):
    pytest.importorskip("jax", reason="the tutorial starts from a JAX function (pip install hloc[jax])")
    if not (shutil.which("cc") or shutil.which("gcc")):
        pytest.skip("no C compiler for the tutorial's C program")
    env = dict(os.environ, XDG_CACHE_HOME=str(tmp_path / "cache"),
               PATH=f"{Path(sys.executable).parent}{os.pathsep}{os.environ.get('PATH', '')}")
    work = tmp_path / "work"
    work.mkdir()
    printed = []
    for kind, text in blocks():
        if kind == "python":
            (work / text.splitlines()[0][2:]).write_text(text)
        elif kind == "c":
            (work / text.splitlines()[0].split("file:")[1].strip()).write_text(text)
        elif kind == "sh":
            for line in text.strip().splitlines():
                r = subprocess.run(["bash", "-c", f"set -o pipefail; {line}"], cwd=work, env=env,
                                   capture_output=True, text=True, timeout=600)
                assert r.returncode == 0, f"{line}\n{r.stdout}\n{r.stderr}"
                printed.append(r.stdout)
    out = "".join(printed)
    assert out.count("check: ok (1 output)") == 2  # the JAX outputs, from the HLO and from the dump
    assert "check-against xla: ok (1 output)" in out
    assert "first row: " in out and "C vs JAX max abs err" in out
    assert "'traces': 2" in out
    assert (work / "mlp.html").exists() and (work / "steps" / "module_0000.jit_mlp.html").exists()
