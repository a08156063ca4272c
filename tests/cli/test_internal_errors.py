"""A bug in hloc (an exception that is not an HlocError) ends as one line
`file:line:col: internal error: ... (please report; rerun with HLOC_DEBUG=1 for the trace)` naming
the instruction being compiled, exit status 1, nothing written; HLOC_DEBUG=1 shows the trace."""

from __future__ import annotations

import pytest
from click.testing import CliRunner

from hloc.backend.llvm import kernels
from hloc.backend.llvm.lowerings import LOWERINGS
from hloc.cli import main

MODULE = """HloModule m
ENTRY e {
  x = f32[8] parameter(0)
  ROOT n = f32[8] negate(x)
}
"""


@pytest.fixture
def broken_negate(monkeypatch):
    kernels.load_all()

    def crash(ctx, instr):
        raise RuntimeError("a bug in the negate kernel")

    # negate becomes a kernel of its own, one that fails like a bug would
    monkeypatch.setattr(LOWERINGS["negate"], "emit", crash)


@pytest.mark.parametrize("command", ["compile", "run"])
def test_one_line_at_the_instruction(tmp_path, broken_negate, monkeypatch, command):
    monkeypatch.delenv("HLOC_DEBUG", raising=False)
    src = tmp_path / "m.hlo"
    src.write_text(MODULE)
    out = tmp_path / ("m.o" if command == "compile" else "out.npz")
    args = [command, str(src), "-o", str(out)]
    if command == "run":
        args += ["--random-inputs", "0", "--no-cache"]
    r = CliRunner().invoke(main, args)
    assert r.exit_code == 1, r.output
    assert r.stderr.count("\n") == 1, r.stderr
    assert r.stderr.startswith(f"{src}:4:8: internal error: RuntimeError: a bug in the negate kernel, while "
                               "compiling 'n' (negate) (please report; rerun with HLOC_DEBUG=1 for the trace)")
    assert "Traceback" not in r.output + r.stderr
    assert not out.exists() and [p.name for p in tmp_path.iterdir()] == ["m.hlo"]


def test_hloc_debug_shows_the_trace(tmp_path, broken_negate, monkeypatch):
    monkeypatch.setenv("HLOC_DEBUG", "1")
    src = tmp_path / "m.hlo"
    src.write_text(MODULE)
    r = CliRunner().invoke(main, ["compile", str(src), "-o", str(tmp_path / "m.o")])
    assert isinstance(r.exception, RuntimeError)
