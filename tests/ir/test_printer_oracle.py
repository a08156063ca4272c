"""Every corpus module printed by hloc equals what XLA's own printer (jaxlib, the oracle) prints for
it, in the long, short and default (long without operand shapes, the `*.opt.hlo` form) styles.

Needs the XLA oracle's Python (TEAM.md: /work/.venv-xla, or set HLOC_XLA_PYTHON); skipped without.
jaxlib 0.12 is a little newer than the XLA snapshot hloc follows; the differences are normalized
away below, each with its reason, and modules XLA itself changes at parse time are listed in KNOWN.
"""

from __future__ import annotations

import dataclasses
import os
import re
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, corpus_files

from hloc.ir import printer
from hloc.ir.printer_values import options
from hloc.parse import parse_module

FILES = corpus_files("xla") + corpus_files("jax", "*.hlo")
STYLES = {
    "long": "long",
    "short": "short",
    "default": dataclasses.replace(options("long"), operand_shapes=False),
}

KNOWN = {
    "backends__cpu__benchmarks__hlo__diffrax.b380012920.hlo":
        "elided constant({...}): XLA's parser fills it with process-global garbage; hloc keeps it elided",
    "backends__cpu__benchmarks__hlo__jax.issue.33666.linx.slow_0428.module_0006.hlo":
        "elided constant({...}): XLA's parser fills it with process-global garbage; hloc keeps it elided",
    "hlo__parser__hlo_parser_test__roundtrip_long__OriginalValueSynthetic.hlo":
        "jaxlib 0.12 prints synthetic origins as {(),[\"\"]}; the snapshot (and its test) as {[synthetic_call]}",
}

_ORACLE = r"""
import sys, pathlib
from jax._src.lib import hlo
out = pathlib.Path(sys.argv[1])
long = hlo.HloPrintOptions(); long.print_operand_shape = True; long.print_large_constants = True
default = hlo.HloPrintOptions(); default.print_large_constants = True
short = hlo.HloPrintOptions.short_parsable()
for f in sys.argv[2:]:
    m = hlo.hlo_module_from_text(pathlib.Path(f).read_text())
    name = pathlib.Path(f).name
    for style, o in (("long", long), ("short", short), ("default", default)):
        (out / f"{name}.{style}").write_text(m.to_string(o))
"""


def _oracle_python() -> str | None:
    path = os.environ.get("HLOC_XLA_PYTHON") or str(ROOT.parent / ".venv-xla" / "bin" / "python")
    return path if Path(path).exists() else None


@pytest.fixture(scope="module")
def oracle_dir(tmp_path_factory):
    python = _oracle_python()
    if python is None or not FILES:
        pytest.skip("the XLA oracle (jaxlib) or the corpus is not available")
    out = tmp_path_factory.mktemp("xla_printed")
    subprocess.run([python, "-c", _ORACLE, str(out), *map(str, FILES)], check=True, timeout=600)
    return out


def _normalize(text: str) -> str:
    # XLA re-interns the stack frame tables at parse time (HloModule::CanonicalizeStackFrameIds);
    # hloc keeps the tables and the ids in metadata as written.
    text = re.sub(r"stack_frame_id=\d+", "stack_frame_id=N", text)
    text = re.sub(r"\n\nFileNames\n.*?\n\nStackFrames\n(?:\d+ \{[^\n]*\}\n)*", "\n", text, flags=re.S)
    # jaxlib 0.12 writes the total-order comparison `order=TOTAL`; the snapshot `type=TOTALORDER`.
    return text.replace(", order=TOTAL", ", type=TOTALORDER")


@pytest.mark.slow
@pytest.mark.parametrize("path", [pytest.param(p, marks=pytest.mark.xfail(reason=KNOWN[p.name], strict=True))
                                  if p.name in KNOWN else p for p in FILES],
                         ids=lambda p: f"{p.parent.name}/{p.name}")
def test_matches_xla_printer(path, oracle_dir):
    module = parse_module(path.read_text(), str(path))
    for style, opts in STYLES.items():
        expected = _normalize((oracle_dir / f"{path.name}.{style}").read_text())
        assert _normalize(printer.print_module(module, opts)) == expected, style
