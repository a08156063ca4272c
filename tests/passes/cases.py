"""Before/after cases for passes, read from testdata/passes/<pass>/:

    NAME.hlo          the input; optional first lines `// pipeline: <text>` (default: the directory
                      name) and `// equivalence: off (<reason>)`; other `//` lines describe the case
    NAME.after.hlo    the expected output, written by hand; absent => the pipeline must not change
                      the module (a negative case)

`check_case` runs the pipeline with the verifier and the changed-report check on, compares the
canonical print of the result with the expected module's, checks the IR invariants and that a
second run changes nothing (idempotence). `check_equivalence` runs the interpreter on the module
before and after the pipeline on seeded random inputs (skipped while the interpreter lacks an op).
"""

from __future__ import annotations

import re
from pathlib import Path

from conftest import TESTDATA
from equivalence import assert_equivalent
from irchecks import assert_well_formed, shape_problems

from hloc.ir.printer import print_module
from hloc.parse import parse_module
from hloc.passes import run_pipeline

CASES = TESTDATA / "passes"


def cases(pass_dir: str) -> list[Path]:
    return sorted(p for p in (CASES / pass_dir).glob("*.hlo") if not p.name.endswith(".after.hlo"))


def expected_path(case: Path) -> Path:
    return case.with_name(case.name[: -len(".hlo")] + ".after.hlo")


def directives(text: str) -> dict[str, str]:
    return dict(re.findall(r"^//\s*(pipeline|equivalence):\s*(.*?)\s*$", text, re.M))


def check_case(case: Path) -> None:
    _run_case(case)


def check_equivalence(case: Path) -> None:
    original, module, d = _run_case(case)
    if d.get("equivalence", "on").startswith("off"):
        import pytest

        pytest.skip(f"equivalence {d['equivalence']}")
    assert_equivalent(original, module)


def _run_case(case: Path):
    text = case.read_text()
    d = directives(text)
    pipeline = d.get("pipeline", case.parent.name)
    module = parse_module(text, str(case))
    original = parse_module(text, str(case))
    baseline = shape_problems(original)
    input_text = print_module(original)

    changed = run_pipeline(module, pipeline, check_changed=True)
    got = assert_well_formed(module, baseline)

    after = expected_path(case)
    if after.exists():
        want = print_module(parse_module(after.read_text(), str(after)))
        assert changed, f"{pipeline} reported no change"
        assert got == want, f"{pipeline} on {case.name}:\n--- got\n{got}\n--- want\n{want}"
    else:
        assert not changed, f"{pipeline} changed a negative case:\n{got}"
        assert got == input_text

    again = parse_module(got, "<after>")
    assert not run_pipeline(again, pipeline, check_changed=True), f"{pipeline} is not idempotent on {case.name}"
    assert print_module(again) == got
    return original, module, d
