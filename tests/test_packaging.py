"""The wheel's package list (pyproject.toml) must name every package in the tree."""

import tomllib

from conftest import ROOT


def test_every_package_is_listed():
    listed = set(tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["setuptools"]["packages"])
    found = {".".join(p.parent.relative_to(ROOT).parts) for p in (ROOT / "hloc").rglob("__init__.py")}
    found.add("hloc.grammars")
    assert found == listed


def test_grammar_is_package_data():
    from importlib import resources

    assert "computation" in resources.files("hloc.grammars").joinpath("hlo.lark").read_text()
