"""Instruments: dump file naming (a timeline), --print-after*/--print-changed banners, --time-passes."""

from __future__ import annotations

import io
import os

import pytest

from hloc.errors import HlocError
from hloc.parse import parse_module
from hloc.passes import FixedPoint, Pass, PassContext, Pipeline, resolve_pipeline
from hloc.passes.instruments import DumpAfterEachPass, PrintPasses, banner, time_report

SIMPLE = """HloModule m
ENTRY e {
  p = f32[4] parameter(0)
  dead = f32[4] negate(p)
  a = f32[4] add(p, p)
  b = f32[4] add(p, p)
  ROOT r = f32[4] multiply(a, b)
}"""


class _Renamer(Pass):
    """Renames the root on its first `times` runs."""

    summary = "test pass"

    def __init__(self, name: str, times: int):
        super().__init__()
        self.name = name
        self.times = times
        self.runs = 0

    def run(self, module) -> bool:
        self.runs += 1
        if self.runs > self.times:
            return False
        module.entry.rename(module.entry.root, f"{self.name}{self.runs}")
        return True


def _dump(tmp_path, pipeline) -> list[str]:
    ctx = PassContext([DumpAfterEachPass(str(tmp_path))])
    ctx.run(pipeline, parse_module(SIMPLE))
    return sorted(os.listdir(tmp_path))


def test_dump_names_in_a_fixpoint(tmp_path):
    fix = FixedPoint([_Renamer("a", 1), _Renamer("b", 2)], FixedPoint.Options(name="fx"))
    names = _dump(tmp_path, Pipeline([fix, _Renamer("c", 1)], Pipeline.Options(name="top")))
    assert names == [
        "module_0000.m.0000.before_optimizations.hlo",
        "module_0000.m.0001.top.after_pipeline-start.before_fx.hlo",
        "module_0000.m.0002.fx.after_a.before_b.hlo",
        "module_0000.m.0003.fx.after_b.before_a.hlo",       # round 1 changed: round 2 follows
        "module_0000.m.0004.fx.after_b.before_a.hlo",       # round 2 changed (b): round 3 follows
        "module_0000.m.0005.top.after_c.before_pipeline-end.hlo",
        "module_0000.m.0006.after_optimizations.hlo",
    ]
    # Each file is the module at that point.
    last = (tmp_path / names[-2]).read_text()
    assert "ROOT %c1 " in last and (tmp_path / names[-1]).read_text() == last
    assert "ROOT %r " in (tmp_path / names[0]).read_text()


def test_dump_names_at_the_iteration_limit(tmp_path):
    fix = FixedPoint([_Renamer("a", 5)], FixedPoint.Options(name="fx", max_iterations=2))
    names = _dump(tmp_path, Pipeline([fix], Pipeline.Options(name="top")))
    assert names[2:4] == ["module_0000.m.0002.fx.after_a.before_a.hlo",
                          "module_0000.m.0003.fx.after_a.before_pipeline-end.hlo"]


def test_empty_pipeline_dumps(tmp_path):
    names = _dump(tmp_path, resolve_pipeline("O0"))
    assert names == ["module_0000.m.0000.before_optimizations.hlo",
                     "module_0000.m.0001.O0.after_pipeline-start.before_pipeline-end.hlo",
                     "module_0000.m.0002.after_optimizations.hlo"]


def test_unwritable_dump_directory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("x")
    with pytest.raises(HlocError, match="cannot write to the dump directory"):
        DumpAfterEachPass.prepare(str(blocker / "dumps"))


def test_print_after_all_and_changed():
    out = io.StringIO()
    ctx = PassContext([PrintPasses(out, after_all=True)])
    ctx.run(resolve_pipeline("cse,dce,cse"), parse_module(SIMPLE))
    text = out.getvalue()
    assert text.count("// -----// IR Dump After ") == 3
    assert banner("IR Dump After dce (custom)") in text
    assert banner("IR Dump After cse (custom, no change)") in text

    out = io.StringIO()
    PassContext([PrintPasses(out, changed="full")]).run(resolve_pipeline("cse,dce"), parse_module(SIMPLE))
    text = out.getvalue()
    assert text.startswith(banner("IR Dump At Start"))
    assert banner("IR Dump After cse (custom)") in text
    assert banner("IR Dump After dce (custom)") in text

    out = io.StringIO()
    PassContext([PrintPasses(out, changed="diff")]).run(resolve_pipeline("cse"), parse_module(SIMPLE))
    text = out.getvalue()
    assert "-  %b = f32[4]{0} add(%p, %p)" in text
    assert "+  ROOT %r = f32[4]{0} multiply(%a, %a)" in text


def test_print_after_named_passes_inside_a_fixpoint():
    out = io.StringIO()
    ctx = PassContext([PrintPasses(out, after=frozenset({"dce"}))])
    ctx.run(resolve_pipeline("fixpoint<name=s>(cse,dce)"), parse_module(SIMPLE))
    text = out.getvalue()
    assert text.count("IR Dump After") == 2
    assert banner("IR Dump After dce (s, iteration 1)") in text
    assert banner("IR Dump After dce (s, iteration 2, no change)") in text


def test_time_report():
    ctx = PassContext()
    ctx.run(resolve_pipeline("cse,dce,cse"), parse_module(SIMPLE))
    report = time_report(ctx)
    lines = report.splitlines()
    assert "Pass execution timing report" in report
    rows = {line.split()[-1]: line.split() for line in lines if line.strip().endswith(("cse", "dce"))}
    assert rows["cse"][3:5] == ["2", "1"]  # runs, changed (after wall, CPU, %)
    assert rows["dce"][3:5] == ["1", "1"]
    assert all(float(rows[p][1]) >= 0 for p in ("cse", "dce"))  # the CPU column
    assert lines[-1].split()[-1] == "Total"
