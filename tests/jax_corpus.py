"""Cases in the JAX corpus layout (NAME.hlo, NAME.in<k>.npy, NAME.expected.npz, a MANIFEST.tsv with
tolerances) run end to end through `hloc run --check`: what tests/cli/test_run_corpus.py (the
interpreter) and tests/backend/test_corpus_native.py (native code) share."""

from __future__ import annotations

import csv
import re
import traceback
from pathlib import Path

import pytest
from click.testing import CliRunner

from hloc.cli import main


def manifest(path: Path) -> dict[str, dict]:
    """MANIFEST.tsv rows by case name ({} when the file is missing)."""
    if not path.exists():
        return {}
    with open(path, newline="") as f:
        return {row["name"]: row for row in csv.DictReader(f, delimiter="\t")}


def input_files(folder: Path, name: str) -> list[Path]:
    """NAME.in0.npy, NAME.in1.npy, ... in parameter order."""
    found = [(int(m.group(1)), p) for p in folder.glob(f"{name}.in*.npy")
             if (m := re.fullmatch(re.escape(name) + r"\.in(\d+)\.npy", p.name))]
    return [p for _, p in sorted(found)]


def run_cli(args: list) -> tuple[int, str, str]:
    """`hloc run ARGS` in this process: exit status, stdout, stderr (a crash fails the test)."""
    res = CliRunner().invoke(main, ["run", *map(str, args)])
    if res.exception is not None and not isinstance(res.exception, SystemExit):
        tb = "".join(traceback.format_exception(res.exception))
        pytest.fail(f"hloc run crashed:\n{tb}")
    return res.exit_code, res.stdout, res.stderr


def check_case(folder: Path, name: str, rtol: str, atol: str, *options: str) -> None:
    """`hloc run [OPTIONS] NAME.hlo inputs --check NAME.expected.npz` passes with the tolerances."""
    code, out, err = run_cli([*options, folder / f"{name}.hlo", *input_files(folder, name),
                              "--check", folder / f"{name}.expected.npz", "--rtol", rtol, "--atol", atol])
    assert code == 0, f"{name}: exit {code}\n{out}{err}"
