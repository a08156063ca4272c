"""What a command imports before it does its work: `import hloc.cli`, `hloc --help` and `hloc opt` on an
f32 module load neither ml_dtypes (~1 s of CPU to import in 0.7), llvmlite nor the native backend; a
cached `hloc run` is checked in tests/backend/test_aot_run.py. Each runs in a fresh interpreter."""

from __future__ import annotations

import json
import subprocess
import sys

import pytest
from conftest import TESTDATA

HEAVY = ("ml_dtypes", "llvmlite", "hloc.backend")


def _imported_by(code: str) -> list[str]:
    probe = (f"{code}\nimport sys, json\n"
             f"print(json.dumps(sorted({{m.split('.')[0] if not m.startswith('hloc.') else '.'.join(m.split('.')[:2])"
             f" for m in sys.modules}})))")
    r = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    return json.loads(r.stdout.strip().splitlines()[-1])


def _cli(*args: str) -> str:
    return (f"from hloc.cli import main\ntry:\n    main({list(args)!r})\nexcept SystemExit as e:\n"
            "    assert not e.code, e.code")


def test_import_hloc_cli_is_light():
    mods = _imported_by("import hloc.cli")
    assert not [m for m in mods if m.startswith(HEAVY)], mods


def test_help_imports_no_numpy_nor_parser():
    mods = _imported_by(_cli("--help"))
    assert not [m for m in mods if m.startswith((*HEAVY, "numpy", "lark", "hloc.parse", "hloc.passes"))], mods


@pytest.mark.parametrize("args", [(), ("-O2",)])
def test_opt_of_an_f32_module_needs_no_ml_dtypes_nor_llvm(args, tmp_path):
    # (a regular file: hloc refuses to put outputs on device nodes, /dev/null included; test_output_paths.py)
    out = tmp_path / "o.hlo"
    mods = _imported_by(_cli("opt", str(TESTDATA / "models" / "layernorm.hlo"), "-o", str(out), *args))
    assert "hloc.parse" in mods and "HloModule" in out.read_text()  # it did parse, and wrote the module
    assert not [m for m in mods if m.startswith(HEAVY)], mods


def test_a_bf16_module_loads_ml_dtypes_when_it_needs_it(tmp_path):
    hlo = tmp_path / "b.hlo"
    hlo.write_text("HloModule b\nENTRY e {\n  p = bf16[2] parameter(0)\n  c = bf16[2] constant({1.5, -2})\n"
                   "  ROOT r = bf16[2] add(p, c)\n}\n")
    mods = _imported_by(_cli("opt", str(hlo), "-o", str(tmp_path / "out.hlo")))
    assert "ml_dtypes" in mods
    assert "bf16[2]{0} constant({1.5, -2})" in (tmp_path / "out.hlo").read_text()
