"""`hloc opt`: pipelines, levels, inspection flags, dumps, errors and exit codes."""

from __future__ import annotations

import re
import shutil

import pytest
from click.testing import CliRunner
from conftest import JAX_CORPUS, TESTDATA, require_corpus

from hloc.cli import main
from hloc.ir.printer import print_module
from hloc.parse import parse_module, split_modules
from hloc.passes import LEVELS, parse_pipeline, registered_passes

SOFTMAX = TESTDATA / "examples" / "softmax.hlo"
NESTED = TESTDATA / "passes" / "call-inliner" / "jax_nested_call.hlo"
ENV = {"HLOC_CHECK_CHANGED": "1"}


def opt(*args, input=None):  # noqa: A002 - click's name
    return CliRunner(env=ENV).invoke(main, ["opt", *map(str, args)], input=input)


# ------------------------------------------------------------------------------ basics


def test_no_pipeline_is_a_round_trip():
    r = opt(SOFTMAX)
    assert r.exit_code == 0, r.stderr
    assert r.stdout == print_module(parse_module(SOFTMAX.read_text()))
    assert r.stderr == ""
    assert opt(SOFTMAX, "-O0").stdout == r.stdout


def test_O2_inlines_calls_and_keeps_stdout_a_module():
    r = opt(NESTED, "-O2")
    assert r.exit_code == 0, r.stderr
    out = parse_module(r.stdout)
    assert [i.opcode for i in out.entry.instructions].count("call") == 0
    # what is left besides the entry are the fused computations of -O2's fusions
    fused = {i.attrs["calls"] for i in out.entry.instructions if i.opcode == "fusion"}
    assert fused and set(out.computations) == fused | {out.entry}
    assert opt(NESTED, "-O", "2").stdout == r.stdout


def test_pipeline_text_and_file(tmp_path):
    f = tmp_path / "p.txt"
    f.write_text("# inline, then clean up\ncall-inliner\nfixpoint(cse, dce)\n")
    a = opt(NESTED, "-p", "call-inliner,fixpoint(cse,dce)")
    b = opt(NESTED, "-p", f"@{f}")
    assert a.exit_code == b.exit_code == 0
    assert a.stdout == b.stdout


def test_output_file_is_written_atomically(tmp_path):
    out = tmp_path / "out.hlo"
    r = opt(NESTED, "-O2", "-o", out)
    assert r.exit_code == 0 and r.stdout == ""
    assert out.read_text() == opt(NESTED, "-O2").stdout
    bad = tmp_path / "bad.hlo"
    bad.write_text("HloModule m\nENTRY e {\n  ROOT x = f32[] nonsense()\n}\n")
    out2 = tmp_path / "out2.hlo"
    r = opt(bad, "-O2", "-o", out2)
    assert r.exit_code == 1 and not out2.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.hlo", "out.hlo"]  # no temporary left


def test_stdin():
    r = opt("-", "-p", "dce", input=NESTED.read_text())
    assert r.exit_code == 0 and "HloModule jit" in r.stdout


# ----------------------------------------------------------------------- listing / pipelines


def test_print_passes_lists_every_pass_with_its_summary():
    r = opt("--print-passes")
    assert r.exit_code == 0
    for name, cls in registered_passes().items():
        assert re.search(rf"^  {re.escape(name)} +{re.escape(cls.summary)}$", r.stdout, re.M), name
    assert "max-elements=1048576" in r.stdout and "fixpoint(...)" in r.stdout


@pytest.mark.parametrize("level", ["0", "1", "2"])
def test_print_pipeline(level):
    r = opt("--print-pipeline", f"-O{level}")
    assert r.exit_code == 0
    assert r.stdout == parse_pipeline(LEVELS[f"O{level}"]).to_text(top=True) + "\n"


def test_print_pipeline_of_text():
    r = opt("--print-pipeline", "-p", "O1, constant-folding<max-elements=8>")
    assert r.stdout == LEVELS["O1"] + ",constant-folding<max-elements=8>\n"


# ------------------------------------------------------------------------------- errors


def test_unknown_pass_is_a_usage_error():
    r = opt(NESTED, "-p", "call-inliner,dcee")
    assert r.exit_code == 2
    assert "unknown pass 'dcee'; did you mean 'dce'?" in r.stderr
    assert r.stderr.splitlines()[-1].strip() == "^" and r.stdout == ""
    assert "Traceback" not in r.stderr


@pytest.mark.parametrize("args, message", [
    (["-p", "constant-folding<max-elements=lots>"], "expects an integer, got 'lots'"),
    (["-p", "fixpoint(dce"], "missing ')'"),
    (["-p", "dce", "-O2"], "use either -p PIPELINE or -O LEVEL, not both"),
    (["--print-after", "dcee"], "--print-after: unknown pass 'dcee'; did you mean 'dce'?"),
])
def test_usage_errors(args, message):
    r = opt(NESTED, *args)
    assert r.exit_code == 2 and message in r.stderr and "Traceback" not in r.stderr


def test_missing_file_argument():
    r = opt("-O2")
    assert r.exit_code == 2 and "missing input file" in r.stderr


def test_unwritable_dump_directory(tmp_path):
    blocker = tmp_path / "file"
    blocker.write_text("")
    r = opt(NESTED, "-O2", "--dump-after-each-pass", blocker / "dumps")
    assert r.exit_code == 1
    assert len(r.stderr.strip().splitlines()) == 1
    assert r.stderr.startswith(f"error: cannot write to the dump directory '{blocker / 'dumps'}'")
    assert r.stdout == ""


def test_bad_input_file():
    r = opt("/nonexistent/x.hlo", "-O2")
    assert r.exit_code == 1 and "cannot read" in r.stderr


# ----------------------------------------------------------------------------- dumps


def test_dump_after_each_pass_on_transformer_layer(tmp_path):
    require_corpus()
    src = tmp_path / "transformer_layer.hlo"
    shutil.copy(JAX_CORPUS / "transformer_layer.hlo", src)
    dumps = tmp_path / "dumps"
    r = opt(src, "-O2", "--dump-after-each-pass", dumps)
    assert r.exit_code == 0, r.stderr
    names = sorted(p.name for p in dumps.iterdir())
    pattern = re.compile(r"^module_0000\.jit\.(\d{4})\.(?:before_optimizations|after_optimizations|"
                         r"([A-Za-z0-9_.-]+?)\.after_([a-z0-9-]+)\.before_([a-z0-9-]+))\.hlo$")
    matches = [pattern.match(n) for n in names]
    assert all(matches), names
    # Steps are numbered 0..n-1 in order: the sorted listing is the timeline.
    assert [int(m.group(1)) for m in matches] == list(range(len(names)))
    assert names[0].endswith(".0000.before_optimizations.hlo")
    assert names[1].endswith(".0001.O2.after_pipeline-start.before_call-inliner.hlo")
    assert names[-1].endswith(".after_optimizations.hlo")
    assert re.search(r"\.after_[a-z0-9-]+\.before_[a-z0-9-]+\.hlo$", names[-2])
    # Every pass named in the files is a pass (or construct) that ran; consecutive files link up:
    # "before_X" in one name is the next pass, which (if it changed the module) is "after_X" next.
    known = set(registered_passes()) | {"simplification", "pipeline-start", "pipeline-end"}
    for m in matches[1:-1]:
        assert {m.group(3), m.group(4)} <= known
    assert "call-inliner" in [m.group(3) for m in matches[1:-1]]
    # Every file parses; the first is the input, the last is what stdout printed.
    texts = [(dumps / n).read_text() for n in names]
    for n, t in zip(names, texts):
        parse_module(t, n)
    assert texts[0] == print_module(parse_module(src.read_text()))
    assert texts[-1] == r.stdout
    assert [t.count(" call(") for t in texts[:2]] == [5, 5] and texts[2].count(" call(") == 0


def test_dumps_for_split_input_file(tmp_path):
    two = tmp_path / "two.hlo"
    two.write_text(NESTED.read_text() + "\n// -----\n" + SOFTMAX.read_text())
    dumps = tmp_path / "d"
    r = opt(two, "--split-input-file", "-O1", "--dump-after-each-pass", dumps)
    assert r.exit_code == 0, r.stderr
    names = sorted(p.name for p in dumps.iterdir())
    assert {n.split(".")[0] for n in names} == {"module_0000", "module_0001"}
    assert len(split_modules(r.stdout)) == 2


# ------------------------------------------------------------------------ printing flags


def _banners(stderr: str) -> list[str]:
    return [line for line in stderr.splitlines() if line.startswith("// -----//")]


def test_print_after_all_goes_to_stderr():
    plain = opt(NESTED, "-O1")
    r = opt(NESTED, "-O1", "--print-after-all")
    assert r.exit_code == 0
    assert r.stdout == plain.stdout  # stdout stays the clean module
    banners = _banners(r.stderr)
    o1 = LEVELS["O1"].split(",")  # -O1 is a flat list of passes
    assert [b.split()[5] for b in banners] == o1
    # The log reads back as a --split-input-file file: one module per pass.
    modules = [parse_module(t) for t in split_modules(r.stderr)]
    assert len(modules) == len(o1)
    assert print_module(modules[-1]) == plain.stdout


def test_print_after_selected_passes():
    r = opt(NESTED, "-O2", "--print-after", "dce,cse,algsimp,sort-simplifier")
    names = [b.split()[5] for b in _banners(r.stderr)]
    # dce runs twice per round of each simplification fixed point (algsimp and sort-simplifier once)
    # and twice at the end (after the trip-count annotation and after fusion).
    assert set(names) == {"dce", "cse", "algsimp", "sort-simplifier"}
    assert names.count("algsimp") == names.count("sort-simplifier") >= 2
    assert names.count("dce") == 2 * names.count("algsimp") + 2


def test_print_changed():
    r = opt("--print-changed", NESTED, "-O1")  # the flag does not swallow the file argument
    assert r.exit_code == 0, r.stderr
    banners = _banners(r.stderr)
    assert banners[0] == "// -----// IR Dump At Start //----- //"
    assert "// -----// IR Dump After call-inliner (O1) //----- //" in banners
    assert "// -----// IR Dump After tuple-simplifier (O1) omitted because no change //----- //" in banners


def test_print_changed_diff():
    r = opt(NESTED, "-O1", "--print-changed=diff")
    assert r.exit_code == 0, r.stderr
    assert "// -----// IR Diff After call-inliner (O1) //----- //" in r.stderr
    assert "-  %jit__lambda__.7 = f32[16,16]{1,0} call(%add.5), to_apply=%_lambda__0.1" in r.stderr
    assert "+  %tanh.1 = f32[16,16]{1,0} tanh(%add.5)" in r.stderr
    assert r.stdout == opt(NESTED, "-O1").stdout


def test_print_changed_bad_style():
    r = opt(NESTED, "-O1", "--print-changed=sideways")
    assert r.exit_code == 2 and "--print-changed=sideways: expected" in r.stderr


def test_time_passes():
    r = opt(NESTED, "-O2", "--time-passes")
    assert r.exit_code == 0
    assert "Pass execution timing report" in r.stderr
    rows = [line.split() for line in r.stderr.splitlines() if line.strip().endswith("call-inliner")]
    assert rows and rows[0][3:5] == ["1", "1"]  # runs, changed (after wall, CPU, %)
    assert "Wall (s)" in r.stderr and "CPU (s)" in r.stderr
    assert r.stdout == opt(NESTED, "-O2").stdout


CHAIN = """HloModule chain
ENTRY e {
  p = f32[64,64] parameter(0)
  t1 = f32[64,64] transpose(p), dimensions={1,0}
  t2 = f32[64,64] reverse(t1), dimensions={0}
  t3 = f32[64,64] transpose(t2), dimensions={1,0}
  ROOT t4 = f32[64,64] reverse(t3), dimensions={1}
}
"""


def test_buffer_assignment_report_goes_to_stderr():
    # t1 dies at t2, so t3 reuses its bytes: two 16 KiB temporaries, t4 is the result.
    r = opt("-", "--buffer-assignment", input=CHAIN)
    assert r.exit_code == 0, r.stderr
    assert r.stdout == print_module(parse_module(CHAIN))
    lines = r.stderr.splitlines()
    assert lines[1].startswith("temp arena: 32768 bytes (peak live 32768; without reuse 49152)")
    assert "  [         0,      16384) live [1, 2] t1 f32[64,64]{1,0}" in lines
    assert "  [         0,      16384) live [3, 4] t3 f32[64,64]{1,0}" in lines
    assert "  [     16384,      32768) live [2, 3] t2 f32[64,64]{1,0}" in lines
    assert "allocation 1: result 0 (live from 4), size 16384, f32[64,64]{1,0}" in lines


def test_buffer_assignment_of_a_module_the_backend_cannot_compile():
    r = opt("-", "--buffer-assignment", input="""HloModule f
ENTRY e {
  p = f32[8] parameter(0)
  ROOT c = f32[8] custom-call(p), custom_call_target="hloc_no_such_target"
}
""")
    assert r.exit_code == 0, r.stderr
    assert "the native backend cannot compile this module" in r.stderr.splitlines()[0]
    assert "temp arena: 0 bytes" in r.stderr


@pytest.mark.parametrize("flag, runs", [((), 2), (("--verify-each",), None)])
def test_the_verifier_runs_at_the_ends_unless_asked_after_each_pass(flag, runs, monkeypatch):
    # (a full verification of gemma3 is ~30 ms: 13 of them were 0.4 s of `hloc opt -O2`)
    import hloc.ir.verifier as verifier

    calls = []
    real = verifier.verify_module
    monkeypatch.setattr(verifier, "verify_module", lambda m: calls.append(1) or real(m))
    r = opt(NESTED, "-O2", "--time-passes", *flag)
    assert r.exit_code == 0, r.stderr
    changed = sum(int(row.split()[4]) for row in r.stderr.splitlines()
                  if re.match(r"\s+[0-9.]+\s+[0-9.]+\s+[0-9.]+\s+\d+\s+\d+\s+\S", row))
    assert changed > 1
    assert len(calls) == (runs if runs is not None else 1 + changed)


def test_no_verify_each():
    r = opt(NESTED, "-O2", "--no-verify-each")
    assert r.exit_code == 0 and r.stdout == opt(NESTED, "-O2").stdout


def test_print_style_applies_to_output():
    r = opt(NESTED, "-O2", "--print-style", "short")
    assert r.exit_code == 0 and "%" not in r.stdout


def test_print_style_choices_are_the_printers():
    from hloc.cli.opt import PRINT_STYLES
    from hloc.ir.printer import STYLES

    assert PRINT_STYLES == STYLES
