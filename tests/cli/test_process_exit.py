"""`hloc opt` and `hloc compile` end their process without CPython's last cyclic collection over every
object they made (0.15-0.2 s after gemma3's `opt -O2`, only to free memory the process returns anyway):
a reference cycle alive when the command ends is not collected at exit, while without the command
CPython collects it there. Each runs in a fresh interpreter."""

from __future__ import annotations

import subprocess
import sys

import pytest
from conftest import TESTDATA

# The collector is off from the start, so that only the collection at exit could find the cycle.
PROBE = """
import gc, sys
gc.disable()
class Cycle:
    def __del__(self):
        sys.stdout.write("collected at exit\\n")
        sys.stdout.flush()
c = Cycle()
c.me = c
del c
{command}
"""


def _run(command: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-c", PROBE.format(command=command)], capture_output=True, text=True)


def test_without_a_command_python_collects_the_cycle_at_exit():
    r = _run("")
    assert r.returncode == 0 and r.stdout == "collected at exit\n", r


@pytest.mark.parametrize("command, out_name", [("opt", "o.hlo"), ("compile", "o.o")])
def test_a_command_ends_without_the_last_collection(command, out_name, tmp_path):
    out = tmp_path / out_name
    args = [command, str(TESTDATA / "models" / "layernorm.hlo"), "-o", str(out)]
    r = _run(f"from hloc.cli import main\nmain({args!r})")
    assert r.returncode == 0, r.stderr
    assert out.stat().st_size > 0
    assert r.stdout == ""
