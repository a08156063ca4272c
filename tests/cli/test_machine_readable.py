"""--json on opt and compile, compile --time, run --profile --trace, --dump-to / --dump-pass-re on run
and compile, --disable-passes, and the progress line (hloc/progress.py)."""

from __future__ import annotations

import io
import json
import os
import re
import time
from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from hloc.cli import main
from hloc.progress import Progress, stage

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "testdata" / "models" / "layernorm.hlo"


def hloc(*args):
    return CliRunner().invoke(main, [*map(str, args)])


@pytest.fixture(autouse=True)
def _own_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))


def test_compile_json(tmp_path):
    res = hloc("compile", MODEL, "-o", tmp_path / "ln", "--emit", "obj,header", "--json")
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    assert doc["outputs"] == {"obj": str(tmp_path / "ln.o"), "header": str(tmp_path / "ln.h")}
    assert doc["entry"] == "layernorm" and doc["hlo_pipeline"] == "O2"
    assert [p["shape"] for p in doc["parameters"]] == ["f32[64,256]{1,0}", "f32[256]{0}", "f32[256]{0}"]
    assert doc["result"] == "(f32[64,256]{1,0}, f32[64,256]{1,0})"
    assert {"parse", "hlo_passes", "emit_ir", "outputs"} <= set(doc["timings_ms"])
    assert (tmp_path / "ln.o").stat().st_size > 0
    assert hloc("compile", MODEL, "--emit", "asm", "-o", "-", "--json").exit_code == 2  # stdout is taken


def test_compile_time_adds_up_to_the_wall_time(tmp_path):
    t0 = time.perf_counter()
    res = hloc("compile", MODEL, "-o", tmp_path / "ln.o", "--time")
    wall = time.perf_counter() - t0
    assert res.exit_code == 0, res.stderr
    ms = {m.group(1).rstrip(): float(m.group(2)) for m in re.finditer(r"time: (.+?)\s+([\d.]+) ms", res.stderr)}
    assert "  hlo_passes" in ms  # the HLO pipeline is in the table
    top = ["imports, parse, verify", "build", "write outputs", "other (options, reporting)"]
    # in-process (CliRunner): start-up is the test process' age, not the command's; the rest is the call
    call = sum(ms[k] for k in top)
    assert abs(call - ms["total (wall)"] + ms["start-up (python, imports)"]) < 1.0
    assert call <= wall * 1e3 + 1.0
    inner = sum(v for k, v in ms.items() if k.startswith("  ") and not k.startswith("    "))
    assert abs(inner - ms["build"]) < 1.0  # build's phases (with its remainder) add up to it
    passes = sum(v for k, v in ms.items() if k.startswith("    "))
    assert abs(passes - ms["  hlo_passes"]) < 1.0  # and the passes listed under hlo_passes to it


def test_opt_json(tmp_path):
    res = hloc("opt", MODEL, "-O2", "--json", "-o", tmp_path / "o.hlo")
    assert res.exit_code == 0, res.stderr
    doc = json.loads(res.stdout)
    (m,) = doc["modules"]
    assert m["changed"] is True and m["instructions"]["before"] > 0
    rows = {r["pass"]: r for r in m["time_passes"]["passes"]}
    assert rows["fusion"]["runs"] == 1 and rows["fusion"]["changed"] == 1
    assert all(r["cpu_s"] >= 0 and r["wall_s"] >= 0 for r in rows.values())
    assert (tmp_path / "o.hlo").read_text().startswith("HloModule")
    res = hloc("opt", MODEL, "-O2", "--json")  # without -o: JSON only
    assert res.exit_code == 0 and json.loads(res.stdout)["output"] is None


def test_disable_passes(tmp_path):
    with_fusion = hloc("opt", MODEL, "-O2").stdout
    without = hloc("opt", MODEL, "-O2", "--disable-passes", "fusion,multi-output-fusion")
    assert without.exit_code == 0, without.stderr
    assert "fusion(" in with_fusion and "kind=kLoop" in with_fusion
    assert "kind=kLoop" not in without.stdout
    bad = hloc("opt", MODEL, "-O2", "--disable-passes", "fusoin")
    assert bad.exit_code == 2 and "did you mean 'fusion'" in bad.stderr
    # run: the same pipeline change, the same results
    a = hloc("run", MODEL, "--random-inputs", "1", "-o", tmp_path / "a.npz")
    b = hloc("run", MODEL, "--random-inputs", "1", "-o", tmp_path / "b.npz", "--disable-passes", "fusion")
    assert a.exit_code == 0 and b.exit_code == 0, b.stderr
    with np.load(tmp_path / "a.npz") as za, np.load(tmp_path / "b.npz") as zb:
        np.testing.assert_allclose(za["out0"], zb["out0"], rtol=1e-5, atol=1e-5)


@pytest.mark.parametrize("command", ["run", "compile"])
def test_dump_to_writes_xla_style_names(command, tmp_path):
    d = tmp_path / "dump"
    extra = ["--random-inputs", "0"] if command == "run" else ["-o", tmp_path / "m.o"]
    res = hloc(command, MODEL, *extra, "--dump-to", d, "--dump-pass-re", "^(fusion|cse)$")
    assert res.exit_code == 0, res.stderr
    names = sorted(os.listdir(d))
    assert "module_0000.jit.before_optimizations.txt" in names
    assert "module_0000.jit.cpu_after_optimizations.txt" in names
    assert {"module_0000.jit.ir-no-opt.ll", "module_0000.jit.ir-with-opt.ll"} <= set(names)
    per_pass = [n for n in names if re.match(r"module_0000\.jit\.\d{4}\.", n)]
    assert per_pass and all(re.search(r"\.after_(fusion|cse)\.before_", n) for n in per_pass)
    after = (d / "module_0000.jit.cpu_after_optimizations.txt").read_text()
    assert "fusion(" in after
    assert hloc(command, MODEL, *extra, "--dump-pass-re", "x").exit_code == 2  # needs --dump-to


def test_run_profile_trace(tmp_path):
    res = hloc("run", MODEL, "--random-inputs", "0", "--profile", "--bench", "3", "--trace", tmp_path / "t.json")
    assert res.exit_code == 0, res.stderr
    doc = json.loads((tmp_path / "t.json").read_text())
    events = doc["traceEvents"]
    runs = [e for e in events if e.get("cat") == "run"]
    kernels = [e for e in events if e.get("ph") == "X" and e["tid"] == 2]
    assert len(runs) == 3 and doc["otherData"]["runs"] == 3
    assert kernels and all(k["dur"] >= 0 for k in kernels)
    # kernels end to end, in program order: each starts where the previous ended
    for a, b in zip(kernels, kernels[1:]):
        assert b["ts"] == pytest.approx(a["ts"] + a["dur"])
    assert hloc("run", MODEL, "--random-inputs", "0", "--trace", tmp_path / "u.json").exit_code == 2


class _Tty(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_shows_stages_only_after_the_delay_and_clears_its_line():
    out = _Tty()
    with Progress("compiling m.hlo", stream=out, delay=0.05):
        stage("parse")
        time.sleep(0.2)
        stage("LLVM parts", 2, 8)
    text = out.getvalue()
    assert "\rhloc: compiling m.hlo: parse (" in text and "LLVM parts 2/8 (" in text
    assert text.endswith("\r\x1b[K")
    quick = _Tty()
    with Progress("compiling m.hlo", stream=quick, delay=5):
        stage("parse")
    assert quick.getvalue() == ""  # work under the delay shows nothing
    piped = io.StringIO()
    with Progress("compiling m.hlo", stream=piped, delay=0):
        stage("parse")
        time.sleep(0.05)
    assert piped.getvalue() == ""  # not a terminal
    stage("outside")  # nothing listens: no effect, no error
