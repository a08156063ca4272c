"""constant-folding: testdata cases (before/after, negatives, idempotence, equivalence).

Folding evaluates with the reference interpreter, so a case runs once the interpreter supports
every opcode in it; until then it is skipped with the list of missing opcodes.
"""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence
from equivalence import missing_handlers

from hloc.parse import parse_module, read_source


def _require_interpreter(case):
    missing = missing_handlers(parse_module(read_source(str(case)), str(case)))
    if missing:
        pytest.skip(f"the interpreter does not support yet: {', '.join(missing)}")


@pytest.mark.parametrize("case", cases("constant-folding"), ids=lambda p: p.stem)
def test_case(case):
    _require_interpreter(case)
    check_case(case)


@pytest.mark.parametrize("case", cases("constant-folding"), ids=lambda p: p.stem)
def test_equivalent(case):
    _require_interpreter(case)
    check_equivalence(case)


def test_without_interpreter_support_nothing_folds(monkeypatch):
    # An opcode the interpreter cannot evaluate stays as it is (no error, no change).
    from hloc.interp import registry
    from hloc.passes import run_pipeline

    if not registry.HANDLERS:
        registry.load_all()
    monkeypatch.setattr(registry, "HANDLERS", {k: v for k, v in registry.HANDLERS.items() if k != "add"})
    m = parse_module("""HloModule m
ENTRY e {
  a = f32[] constant(1)
  ROOT s = f32[] add(a, a)
}""")
    assert not run_pipeline(m, "constant-folding", check_changed=True)


# The pass's own mechanics (policy, replacement, naming, options), checked now with stand-in
# handlers for a few opcodes; the cases above check it against the real interpreter.
_STAND_INS = {
    "add": lambda i, a, ev: (a[0] + a[1]).astype(a[0].dtype),
    "subtract": lambda i, a, ev: (a[0] - a[1]).astype(a[0].dtype),
    "multiply": lambda i, a, ev: (a[0] * a[1]).astype(a[0].dtype),
    "negate": lambda i, a, ev: (-a[0]).astype(a[0].dtype),
    "broadcast": lambda i, a, ev: __import__("numpy").broadcast_to(a[0], i.shape.dims).copy(),
    "transpose": lambda i, a, ev: a[0].transpose(i.attrs["dimensions"]).copy(),
    "reshape": lambda i, a, ev: a[0].reshape(i.shape.dims),
    "reverse": lambda i, a, ev: __import__("numpy").flip(a[0], i.attrs["dimensions"]).copy(),
    "slice": lambda i, a, ev: a[0][tuple(slice(r.start, r.limit, r.stride) for r in i.attrs["slice"])].copy(),
}


@pytest.mark.parametrize("name", ["arithmetic_chain", "broadcast_operand", "data_movement", "not_folded",
                                  "max_elements_option", "no_float_arithmetic_option"])
def test_case_with_stand_in_handlers(name, monkeypatch):
    from conftest import TESTDATA

    from hloc.interp import registry

    registry.load_all()  # before patching: a first load_all would register the real handlers into the stand-ins
    monkeypatch.setattr(registry, "HANDLERS", dict(_STAND_INS))
    check_case(TESTDATA / "passes" / "constant-folding" / f"{name}.hlo")
