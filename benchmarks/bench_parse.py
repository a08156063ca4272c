"""Front-end speed: parse, and parse + verify, in MB/s of HLO text, beside XLA's own C++ parser."""

from __future__ import annotations

import contextlib
import json
import subprocess
from pathlib import Path

from hloc.errors import HlocError
from hloc.ir.verifier import verify_module
from hloc.parse import parse_module

from .common import CORPUS, measure, oracle_python, table

GEMMA = CORPUS / "xla" / "backends__cpu__benchmarks__hlo__gemma3_1b_flax_call.hlo"

_XLA = r"""
import json, sys, time
from jax._src.lib import hlo
repeat = int(sys.argv[1])
groups = json.loads(sys.argv[2])
out = {}
for name, files in groups.items():
    texts = [open(f).read() for f in files]
    for t in texts:
        hlo.hlo_module_from_text(t)
    wall, cpu = [], []
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        for t in texts:
            hlo.hlo_module_from_text(t)
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    out[name] = {"wall": sorted(wall)[len(wall) // 2], "cpu": sorted(cpu)[len(cpu) // 2]}
print(json.dumps(out))
"""


def _corpus_files() -> list[Path]:
    return sorted((CORPUS / "xla").glob("*.hlo")) + sorted((CORPUS / "jax").glob("*.hlo"))


def _parse_all(texts):
    for text, name in texts:
        parse_module(text, name)


def _parse_verify_all(texts):
    for text, name in texts:
        module = parse_module(text, name)
        # (the few corpus modules XLA's verifier rejects too: tests/ir/corpus_invalid.py)
        with contextlib.suppress(HlocError):
            verify_module(module)


def _xla_times(groups: dict[str, list[Path]], repeat: int) -> dict | None:
    python = oracle_python()
    if python is None:
        return None
    arg = json.dumps({k: [str(p) for p in v] for k, v in groups.items()})
    done = subprocess.run([python, "-c", _XLA, str(repeat), arg], capture_output=True, text=True, timeout=1800)
    if done.returncode != 0:
        return None
    return json.loads(done.stdout)


def run(quick: bool = False) -> str:
    files = _corpus_files()
    if not GEMMA.exists() or not files:
        return "## Parser\n\nSkipped: the corpus is not at ../shared/corpus (set HLOC_CORPUS).\n"
    groups = {"gemma3 1b (1 module)": [GEMMA], f"whole corpus ({len(files)} modules)": files}
    repeat = 3 if quick else 9
    rows = []
    xla = _xla_times(groups, 3 if quick else 7)
    for label, paths in groups.items():
        texts = [(p.read_text(), str(p)) for p in paths]
        size = sum(len(t) for t, _ in texts) / 1e6
        parse = measure(lambda texts=texts: _parse_all(texts), repeat=repeat)
        both = measure(lambda texts=texts: _parse_verify_all(texts), repeat=repeat)
        row = [label, f"{size:.2f}",
               size / parse.wall_median, size / parse.cpu_median,
               size / both.wall_median, size / both.cpu_median]
        if xla is not None:
            x = xla[label]
            row += [size / x["wall"], size / x["cpu"], parse.cpu_median / x["cpu"]]
        rows.append(row)
    headers = ["input", "MB", "parse MB/s", "parse MB/s (CPU)", "parse+verify MB/s", "parse+verify MB/s (CPU)"]
    if xla is not None:
        headers += ["XLA parser MB/s", "XLA parser MB/s (CPU)", "hloc parse time / XLA (CPU)"]
    note = ("XLA's parser is jaxlib's `hlo_module_from_text` (C++), timed in the oracle's Python in the same run."
            if xla is not None else "XLA's parser was not timed: the oracle's Python (../.venv-xla) is not there.")
    return f"""## Parser: parse_module and verify_module

MB/s of HLO text through `hloc.parse.parse_module` alone and followed by `verify_module`, medians of
{repeat} runs after one warm-up: wall clock, and this process's CPU time (steadier when other jobs share
the machine). {note}

{table(headers, rows)}
"""
