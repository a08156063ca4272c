"""What a command imports before it does its work: `import hloc.cli`, `hloc --help` and `hloc opt` on an
f32 module, or on a bf16 one with bf16 constants, load neither ml_dtypes (~1 s of CPU to import in 0.7),
llvmlite nor the native backend; a cached `hloc run` is checked in tests/backend/test_aot_run.py. Each
runs in a fresh interpreter."""

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


# What gemma3 and other bf16 models hold: scalar bf16 constants that algsimp compares with 1 and -inf
# (multiply by one, max with -inf), a divide it turns into a multiply by a new bf16 1 / B, and a
# convert of an f32 constant that constant folding rounds to bf16.
BF16_MODEL = """HloModule b
max {
  x = bf16[] parameter(0)
  y = bf16[] parameter(1)
  ROOT m = bf16[] maximum(x, y)
}
ENTRY e {
  p = bf16[4] parameter(0)
  q = bf16[] parameter(1)
  one = bf16[] constant(1)
  ones = bf16[4] broadcast(one), dimensions={}
  scaled = bf16[4] multiply(p, ones)
  w = bf16[4] constant({0.1, -2, 0.7969, 9.984e-07})
  k = bf16[4] add(scaled, w)
  bq = bf16[4] broadcast(q), dimensions={}
  d = bf16[4] divide(k, bq)
  lowest = bf16[] constant(-inf)
  r = bf16[] reduce(d, lowest), dimensions={0}, to_apply=max
  f = f32[] constant(-2.38197633e+38)
  c = bf16[] convert(f)
  ROOT t = (bf16[], bf16[]) tuple(r, c)
}
"""


@pytest.mark.parametrize("args", [(), ("-O2",)])
def test_opt_of_a_bf16_model_with_bf16_constants_needs_no_ml_dtypes(args, tmp_path):
    # ml_dtypes 0.7 costs 0.6-1.0 s to import with numpy <= 2.4: the constants stay bit patterns.
    hlo = tmp_path / "b.hlo"
    hlo.write_text(BF16_MODEL)
    out = tmp_path / "out.hlo"
    mods = _imported_by(_cli("opt", str(hlo), "-o", str(out), *args))
    assert not [m for m in mods if m.startswith(HEAVY)], mods
    text = out.read_text()
    # 0.1 is 0.10009765625 in bf16 (printed %.4g); -2.38197633e+38 = -1.39997 * 2**127 rounds to
    # -179/128 * 2**127 = -2.379e+38.
    assert "constant({0.1001, -2, 0.7969, 9.984e-07})" in text and "constant(-inf)" in text
    if args:
        # p * 1 => p; a bf16 x / broadcast(q) stays a divide (XLA divides bf16 in f32, not x * bf16(1/q))
        assert "multiply(" not in text and "divide(" in text
        assert "bf16[] constant(-2.379e+38)" in text


def test_a_bf16_module_loads_ml_dtypes_when_it_computes_in_bf16(tmp_path):
    hlo = tmp_path / "b.hlo"
    hlo.write_text("HloModule b\nENTRY e {\n  c = bf16[2] constant({1.5, -2})\n  d = bf16[2] constant({0.25, 3})\n"
                   "  ROOT r = bf16[2] add(c, d)\n}\n")
    mods = _imported_by(_cli("opt", str(hlo), "-O2", "-o", str(tmp_path / "out.hlo")))
    assert "ml_dtypes" in mods  # constant folding adds in bf16
    assert "bf16[2]{0} constant({1.75, 1})" in (tmp_path / "out.hlo").read_text()
