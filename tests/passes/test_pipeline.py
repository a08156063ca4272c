"""The pass manager: pipeline text, options, levels, fixed points, verify-each, the changed check."""

from __future__ import annotations

import os
from dataclasses import dataclass

import pytest

from hloc.errors import PassError, VerifyError
from hloc.ir.module import Instruction
from hloc.ir.printer import print_module
from hloc.parse import parse_module
from hloc.passes import (
    LEVELS,
    FixedPoint,
    Pass,
    PassContext,
    Pipeline,
    optimize,
    option,
    parse_pipeline,
    pipeline_text,
    resolve_pipeline,
    run_pipeline,
)

SIMPLE = """HloModule m
ENTRY e {
  p = f32[4] parameter(0)
  dead = f32[4] negate(p)
  a = f32[4] add(p, p)
  b = f32[4] add(p, p)
  ROOT r = f32[4] multiply(a, b)
}"""


# ----------------------------------------------------------------------------------- syntax


def test_text_round_trips_and_defaults_are_omitted():
    text = "call-inliner,fixpoint<name=simplification>(dce,cse<no-commutative>),constant-folding<max-elements=1024>"
    p = parse_pipeline(text)
    assert p.to_text(top=True) == "call-inliner,fixpoint<name=simplification>(dce,cse<commutative=false>)," \
                                  "constant-folding<max-elements=1024>"
    assert parse_pipeline(p.to_text(top=True)).to_text(top=True) == p.to_text(top=True)
    assert parse_pipeline("dce<remove-computations=true>").to_text(top=True) == "dce"


def test_options_are_typed():
    p = parse_pipeline("constant-folding<max-elements=0x100;float-arithmetic=no>,fixpoint<max-iterations=3>(dce)")
    cf, fix = p.passes
    assert cf.options.max_elements == 256 and cf.options.float_arithmetic is False
    assert fix.options.max_iterations == 3 and fix.label == "fixpoint"


def test_whitespace_newlines_and_comments():
    text = """
    # the cleanup pipeline
    call-inliner
    fixpoint<name=cleanup>(   # inner
        dce,
        cse
    )
    """
    p = parse_pipeline(text)
    assert p.to_text(top=True) == "call-inliner,fixpoint<name=cleanup>(dce,cse)"


def test_empty_pipeline():
    assert parse_pipeline("").passes == []
    assert parse_pipeline(" , ,").passes == []


def test_levels():
    assert set(LEVELS) == {"O0", "O1", "O2"}
    assert pipeline_text("O0") == ""
    for level, text in LEVELS.items():
        assert pipeline_text(level) == parse_pipeline(text).to_text(top=True)
        assert resolve_pipeline(f"-{level}").label == level
    # A level inside pipeline text expands in place.
    assert pipeline_text("O1,constant-folding") == LEVELS["O1"] + ",constant-folding"


def test_pipeline_file(tmp_path):
    f = tmp_path / "cleanup.txt"
    f.write_text("# comment\ndce\ncse\n")
    p = resolve_pipeline(f"@{f}")
    assert p.to_text(top=True) == "dce,cse" and p.label == "cleanup"
    with pytest.raises(PassError, match="cannot read pipeline file"):
        resolve_pipeline(f"@{tmp_path / 'missing.txt'}")


def test_a_single_named_pipeline_is_the_top_level():
    p = parse_pipeline("pipeline<name=mine>(dce,cse)")
    assert p.label == "mine" and [q.name for q in p.passes] == ["dce", "cse"]


@pytest.mark.parametrize("text, message, col", [
    ("call-inliner,dcee", "unknown pass 'dcee'; did you mean 'dce'?", 14),
    ("fixpiont(dce)", "unknown pass 'fixpiont'; did you mean 'fixpoint'?", 1),
    ("dce,,zzz", "unknown pass 'zzz'", 6),
    ("constant-folding<max-elements=abc>", "option 'max-elements' of pass 'constant-folding' expects an integer, "
                                           "got 'abc'", 18),
    ("constant-folding<max-elements=-1>", "must be at least 0, got -1", 18),
    ("constant-folding<max-elemnts=3>", "has no option 'max-elemnts'; did you mean 'max-elements'?", 18),
    ("constant-folding<max-elements>", "needs a value: max-elements=<int>", 18),
    ("cse<commutative=maybe>", "expects true or false, got 'maybe'", 5),
    ("tuple-simplifier<x=1>", "pass 'tuple-simplifier' takes no options", 18),
    ("dce(cse)", "pass 'dce' does not take a nested pipeline", 4),
    ("fixpoint", "'fixpoint' needs a nested pipeline", 9),
    ("fixpoint(dce,cse", "missing ')' to close the '(' of 'fixpoint'", 9),
    ("dce)", "unexpected ')' (unbalanced parentheses)", 4),
    ("dce cse", "expected ',' between passes, found 'cse'", 5),
    ("dce<remove-computations=true", "missing '>' to close the option list", 4),
    ("O2<x=1>", "the named pipeline 'O2' takes no options", 1),
    ("fixpoint<max-iterations=0>(dce)", "must be at least 1", 10),
])
def test_errors_point_at_the_text(text, message, col):
    with pytest.raises(PassError) as info:
        parse_pipeline(text)
    assert message in info.value.message
    assert info.value.loc.col == col
    assert "^" in str(info.value)  # the report shows the pipeline text and a caret


# ------------------------------------------------------------------------------ running


def test_run_pipeline_and_optimize():
    m = parse_module(SIMPLE)
    assert run_pipeline(m, "cse,dce", check_changed=True)
    assert [i.name for i in m.entry.post_order()] == ["p", "a", "r"]
    assert run_pipeline(m, "O2", check_changed=True)  # -O2 ends with fusion: add and multiply, one loop
    assert [i.opcode for i in m.entry.post_order()] == ["parameter", "fusion"]
    assert not run_pipeline(m, "O2", check_changed=True)
    m2 = parse_module(SIMPLE)
    assert optimize(m2) is m2 and print_module(m2) == print_module(m)
    with pytest.raises(PassError, match="unknown optimization level 'O7'"):
        optimize(m2, "O7")


class _Counter(Pass):
    """Changes the module on the first `times` runs (renames the root); counts its runs."""

    name = "test-counter"
    summary = "test pass"

    def __init__(self, times: int):
        super().__init__()
        self.times = times
        self.runs = 0

    def run(self, module) -> bool:
        self.runs += 1
        if self.runs > self.times:
            return False
        module.entry.rename(module.entry.root, f"r{self.runs}")
        return True


def test_fixpoint_runs_until_nothing_changes():
    m = parse_module(SIMPLE)
    c = _Counter(3)
    other = _Counter(0)
    fix = FixedPoint([c, other])
    ctx = PassContext(check_changed=True)
    assert ctx.run(Pipeline([fix]), m)
    assert c.runs == 4 and other.runs == 4  # three changing rounds, then one quiet round
    assert not ctx.warnings


def test_fixpoint_iteration_limit_warns():
    m = parse_module(SIMPLE)
    c = _Counter(100)
    ctx = PassContext()
    ctx.run(Pipeline([FixedPoint([c], FixedPoint.Options(name="loop", max_iterations=5))]), m)
    assert c.runs == 5
    assert ctx.warnings == ["fixpoint 'loop' still changed the module after 5 iterations"]


def test_default_fixpoint_limit_is_25():
    assert FixedPoint.Options().max_iterations == 25


class _Liar(Pass):
    name = "test-liar"
    summary = "test pass"

    def __init__(self, change: bool, report: bool):
        super().__init__()
        self.change, self.report = change, report

    def run(self, module) -> bool:
        if self.change:
            module.entry.rename(module.entry.root, "renamed")
        return self.report


def test_changed_check_catches_a_silent_change():
    m = parse_module(SIMPLE)
    with pytest.raises(PassError, match="pass 'test-liar' changed the module but reported no change") as info:
        run_pipeline(m, Pipeline([_Liar(change=True, report=False)]), check_changed=True)
    assert "+  ROOT %renamed" in info.value.message  # the diff is part of the report


def test_changed_check_catches_a_false_report():
    m = parse_module(SIMPLE)
    with pytest.raises(PassError, match="reported a change but the module text is identical"):
        run_pipeline(m, Pipeline([_Liar(change=False, report=True)]), check_changed=True)


def test_changed_check_is_on_with_the_environment(monkeypatch):
    monkeypatch.setenv("HLOC_CHECK_CHANGED", "1")
    assert PassContext().check_changed
    monkeypatch.setenv("HLOC_CHECK_CHANGED", "0")
    assert not PassContext().check_changed
    m = parse_module(SIMPLE)
    run_pipeline(m, Pipeline([_Liar(change=False, report=True)]))  # not checked: no error


class _Breaker(Pass):
    """Makes the module invalid: points the root of the entry at an instruction of another module."""

    name = "test-breaker"
    summary = "test pass"

    def run(self, module) -> bool:
        module.entry.root.replace_operand(0, Instruction("parameter", module.entry.root.shape, name="stray"))
        return True


def test_verifier_failure_names_the_pass_and_keeps_the_module_before(monkeypatch, tmp_path):
    # The verifier is being completed on another branch; stand in for the check it will make.
    import hloc.ir.verifier as verifier

    def verify(module):
        for comp in module.computations:
            for instr in comp.instructions:
                for op in instr.operands:
                    if op.parent is not comp:
                        raise VerifyError(f"instruction '{instr.name}' uses '{op.name}', which is not in "
                                          f"computation '{comp.name}'")

    monkeypatch.setattr(verifier, "verify_module", verify)
    m = parse_module(SIMPLE)
    before = print_module(m)
    ctx = PassContext(failure_dir=str(tmp_path))
    with pytest.raises(PassError) as info:
        ctx.run(Pipeline([_Breaker()]), m)
    msg = info.value.message
    assert msg.startswith("pass 'test-breaker' produced an invalid module; this is a bug in hloc.")
    assert "instruction 'r' uses 'stray'" in msg
    saved = [p for p in tmp_path.iterdir() if "before_test-breaker" in p.name]
    assert len(saved) == 1 and saved[0].read_text() == before
    assert f"hloc opt {saved[0]} -p 'test-breaker'" in msg


def test_the_saved_module_is_the_one_right_before_the_failing_pass(monkeypatch, tmp_path):
    import hloc.ir.verifier as verifier

    def verify(module):
        if any(i.name == "stray" for i in module.entry.root.operands):
            raise VerifyError("stray operand")

    monkeypatch.setattr(verifier, "verify_module", verify)
    m = parse_module(SIMPLE)
    expected = parse_module(SIMPLE)
    run_pipeline(expected, "tuple-simplifier,dce,tuple-simplifier,cse")
    passes = resolve_pipeline("tuple-simplifier,dce,tuple-simplifier,cse").passes + [_Breaker()]
    with pytest.raises(PassError, match="stray operand"):
        PassContext(failure_dir=str(tmp_path)).run(Pipeline(passes), m)
    (saved,) = tmp_path.iterdir()
    assert saved.read_text() == print_module(expected)


def test_verify_each_off_still_verifies_at_the_end(monkeypatch):
    import hloc.ir.verifier as verifier

    calls = []
    monkeypatch.setattr(verifier, "verify_module", lambda m: calls.append(m))
    m = parse_module(SIMPLE)
    run_pipeline(m, "cse,dce,cse,dce", verify=False)
    assert len(calls) == 2  # start and end
    calls.clear()
    run_pipeline(parse_module(SIMPLE), "cse,dce,cse,dce", verify=True)
    assert len(calls) == 3  # start, after cse, after dce (the second round changes nothing)


def test_verify_each_off_still_names_the_pass_that_broke_the_module(monkeypatch, tmp_path):
    # Invalid only at the end: the passes run again on the input, verified one by one.
    import hloc.ir.verifier as verifier

    calls = []

    def verify(module):
        calls.append(module)
        if any(i.name == "stray" for i in module.entry.root.operands):
            raise VerifyError("stray operand")

    expected = parse_module(SIMPLE)
    run_pipeline(expected, "tuple-simplifier,dce")
    monkeypatch.setattr(verifier, "verify_module", verify)
    m = parse_module(SIMPLE)
    passes = resolve_pipeline("tuple-simplifier,dce").passes + [_Breaker()] + resolve_pipeline("cse").passes
    with pytest.raises(PassError) as info:
        PassContext(verify=False, failure_dir=str(tmp_path)).run(Pipeline(passes), m)
    msg = info.value.message
    assert msg.startswith("pass 'test-breaker' produced an invalid module; this is a bug in hloc.")
    assert "verifier: stray operand" in msg
    (saved,) = tmp_path.iterdir()
    assert saved.read_text() == print_module(expected)  # the module right before the breaker
    assert f"hloc opt {saved} -p 'test-breaker'" in msg
    # start and end of the run, then the replay: its input, and after each pass that changed it up
    # to the breaker (dce removes `dead`; tuple-simplifier changes nothing)
    assert len(calls) == 2 + 1 + 2


def test_invalid_input_is_the_users_error_not_a_pass_bug():
    m = parse_module(SIMPLE)
    m.entry = None
    with pytest.raises(VerifyError):
        run_pipeline(m, "dce")


class _Crash(Pass):
    name = "test-crash"
    summary = "test pass"

    def run(self, module) -> bool:
        return {}["missing"]


def test_a_crashing_pass_is_reported_as_a_bug(tmp_path):
    m = parse_module(SIMPLE)
    with pytest.raises(PassError) as info:
        PassContext(failure_dir=str(tmp_path)).run(Pipeline([_Crash()]), m)
    msg = info.value.message
    assert msg.startswith("pass 'test-crash' crashed (KeyError: 'missing' at test_pipeline.py:")
    assert "this is a bug in hloc" in msg and os.listdir(tmp_path)


@dataclass(frozen=True)
class _Opts:
    level: int = option(1, "how much", min=0)


def test_option_helper_records_help():
    from hloc.passes.base import describe_options

    assert describe_options(_Opts) == [("level=1", "how much [int]")]


def test_timings_are_recorded():
    ctx = PassContext()
    ctx.run(resolve_pipeline("cse,dce"), parse_module(SIMPLE))
    assert list(ctx.times.rows) == ["cse", "dce"]
    assert ctx.times.rows["cse"][1:] == [1, 1]
    assert ctx.pass_runs == 2 and ctx.total_seconds > 0


# ------------------------------------------------------------------- reruns on an unchanged module


def _runs(ctx: PassContext) -> dict[str, int]:
    return {label: row[1] for label, row in ctx.times.rows.items()}


QUIET = """HloModule q
ENTRY e {
  p = f32[4] parameter(0)
  a = f32[4] add(p, p)
  ROOT r = f32[4] multiply(a, p)
}"""


def test_a_pass_that_found_nothing_is_not_rerun_on_the_unchanged_module():
    # Registered passes are deterministic: on the module they left as it was they find nothing again.
    ctx = PassContext()
    assert not ctx.run(resolve_pipeline("dce,cse,dce"), parse_module(QUIET))
    assert _runs(ctx) == {"dce": 1, "cse": 1} and ctx.passes_skipped == 1


def test_a_change_by_any_pass_makes_the_rerun_happen():
    m = parse_module(QUIET)
    renamer = _Counter(1)  # (unregistered: it always runs, and its change counts)
    ctx = PassContext()
    ctx.run(Pipeline([resolve_pipeline("dce"), renamer, resolve_pipeline("dce")]), m)
    assert _runs(ctx)["dce"] == 2 and ctx.passes_skipped == 0


def test_a_fixpoint_skips_its_quiet_passes_in_the_last_round():
    m = parse_module(SIMPLE)
    ctx = PassContext()
    ctx.run(resolve_pipeline("fixpoint(dce,cse,tuple-simplifier)"), m)
    # Round 1: dce and cse change it. Round 2: dce and cse run on cse's result, find nothing;
    # tuple-simplifier found nothing after cse's change in round 1 and nothing changed since.
    assert _runs(ctx) == {"dce": 2, "cse": 2, "tuple-simplifier": 1} and ctx.passes_skipped == 1


def test_other_options_are_another_pass():
    ctx = PassContext()
    ctx.run(resolve_pipeline("algsimp,algsimp<fast-math=true>,algsimp"), parse_module(QUIET))
    assert _runs(ctx) == {"algsimp": 2} and ctx.passes_skipped == 1  # the third is the first again


@pytest.mark.parametrize("how", ["instruments", "check_changed"])
def test_every_run_happens_when_runs_are_watched(how):
    from hloc.passes.pipeline import Instrument

    ctx = PassContext([Instrument()]) if how == "instruments" else PassContext(check_changed=True)
    ctx.run(resolve_pipeline("dce,dce,dce"), parse_module(SIMPLE))
    assert _runs(ctx) == {"dce": 3} and ctx.passes_skipped == 0
