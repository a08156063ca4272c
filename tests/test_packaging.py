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


def _project() -> dict:
    return tomllib.loads((ROOT / "pyproject.toml").read_text())["project"]


def test_license_file_is_the_apache_license_pyproject_names():
    assert _project()["license"] == "Apache-2.0" and _project()["license-files"] == ["LICENSE"]
    text = (ROOT / "LICENSE").read_text()
    assert "Apache License" in text and "Version 2.0, January 2004" in text
    assert "TERMS AND CONDITIONS FOR USE, REPRODUCTION, AND DISTRIBUTION" in text


def test_long_description_starts_with_pip_usage():
    # The PyPI page is for `pip install hloc`; README.md starts with `make run` / `make test` for a clone.
    text = (ROOT / _project()["readme"]).read_text()
    first_code = next(line.strip() for line in text.splitlines() if line.startswith("    "))
    assert first_code == "pip install hloc"
    readme = [line.split()[1] for line in (ROOT / "README.md").read_text().splitlines()[:5]
              if line.startswith("    make ")]
    assert readme == ["run", "test"]


def test_constraints_pin_every_dependency_inside_its_range():
    from packaging.requirements import Requirement
    from packaging.utils import canonicalize_name

    pins = {}
    for line in (ROOT / "constraints.txt").read_text().splitlines():
        if line.strip() and not line.startswith("#"):
            name, _, version = line.partition("==")
            assert version, f"constraints.txt: {line!r} is not an exact pin"
            pins[canonicalize_name(name)] = version
    project = _project()
    for spec in project["dependencies"] + project["optional-dependencies"]["dev"]:
        req = Requirement(spec)
        name = canonicalize_name(req.name)
        assert name in pins, f"constraints.txt does not pin {req.name}"
        assert req.specifier.contains(pins[name], prereleases=True), (spec, pins[name])


def test_python_dash_m_hloc():
    import subprocess
    import sys

    r = subprocess.run([sys.executable, "-m", "hloc", "--version"], capture_output=True, text=True)
    assert r.returncode == 0 and r.stdout.startswith("hloc "), r.stderr
