"""Every registered pass keeps the contract: one file named after it, a one-line summary, typed and
documented options, and before/after cases with at least one positive and one negative."""

from __future__ import annotations

import dataclasses
import inspect
import typing
from pathlib import Path

import pytest
from cases import CASES, cases, expected_path

from hloc.errors import PassError
from hloc.passes import get_pass_class, parse_pipeline, registered_passes

PASSES = registered_passes()
EXPECTED = {"call-inliner", "constant-folding", "cse", "dce", "flatten-call-graph", "simplify-conditional",
            "sort-simplifier", "tuple-simplifier", "zero-sized-hlo-elimination"}


def test_the_first_passes_are_registered():
    assert set(PASSES) >= EXPECTED


@pytest.mark.parametrize("name", sorted(PASSES))
def test_one_pass_per_file_named_after_it(name):
    # hloc/passes/<name>.py, or hloc/passes/<name>/__init__.py for a pass split by rule family.
    cls = PASSES[name]
    module = name.replace("-", "_")
    path = Path(inspect.getfile(cls))
    assert path.stem == module or (path.name == "__init__.py" and path.parent.name == module)
    assert cls.__module__ == "hloc.passes." + module


@pytest.mark.parametrize("name", sorted(PASSES))
def test_summary_and_options(name):
    cls = PASSES[name]
    assert cls.summary and "\n" not in cls.summary and len(cls.summary) <= 110
    assert dataclasses.is_dataclass(cls.Options)
    hints = typing.get_type_hints(cls.Options)
    for f in dataclasses.fields(cls.Options):
        assert f.metadata.get("help"), f"option {f.name} of {name} has no help"
        assert hints[f.name] in (bool, int, float, str) or typing.get_origin(hints[f.name]) is typing.Literal
        assert f.default is not dataclasses.MISSING
    # The default instance prints as the bare name and reads back.
    p = cls()
    assert p.to_text() == name
    assert parse_pipeline(name).passes[0].options == p.options


@pytest.mark.parametrize("name", sorted(PASSES))
def test_has_positive_and_negative_cases(name):
    found = cases(name)
    assert found, f"no cases in {CASES / name}"
    assert any(expected_path(c).exists() for c in found), f"{name}: no case where the pass changes the module"
    assert any(not expected_path(c).exists() for c in found), f"{name}: no negative case"


def test_unknown_pass():
    with pytest.raises(PassError, match="unknown pass 'dcee'; did you mean 'dce'"):
        get_pass_class("dcee")
