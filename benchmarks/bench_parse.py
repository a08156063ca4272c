"""Front-end speed: parse, and parse + verify, in MB/s of HLO text, beside XLA's own C++ parser; and
StableHLO text read into hloc's IR, beside MLIR's own parser."""

from __future__ import annotations

import contextlib
import json
import subprocess
import tempfile
from pathlib import Path

from hloc.errors import HlocError
from hloc.ir.verifier import verify_module
from hloc.parse import parse_module

from .common import CORPUS, ROOT, measure, oracle_python, table

GEMMA = CORPUS / "xla" / "backends__cpu__benchmarks__hlo__gemma3_1b_flax_call.hlo"
STABLEHLO_CORPUS = ROOT / "testdata" / "stablehlo" / "corpus"  # the JAX corpus, converted by XLA

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


# In the oracle's Python: argv[3], if given, is an HLO text file XLA converts to StableHLO text
# (hlo_to_stablehlo, printed without locations) into argv[4], which joins the groups as "converted".
_XLA_MLIR = r"""
import json, sys, time
from jax._src.interpreters import mlir as jmlir
from jax._src.lib import _jax, hlo
from jax._src.lib.mlir import ir
repeat = int(sys.argv[1])
groups = json.loads(sys.argv[2])
ctx = jmlir.make_ir_context()
if len(sys.argv) > 4:
    proto = hlo.hlo_module_from_text(open(sys.argv[3]).read()).as_serialized_hlo_module_proto()
    module = ir.Module.parse(_jax.mlir.hlo_to_stablehlo(proto), context=ctx)
    open(sys.argv[4], "w").write(module.operation.get_asm(enable_debug_info=False))
    groups["converted"] = [sys.argv[4]]
out = {}
for name, files in groups.items():
    texts = [open(f).read() for f in files]
    for t in texts:
        ir.Module.parse(t, context=ctx)
    wall, cpu = [], []
    for _ in range(repeat):
        c0, w0 = time.process_time(), time.perf_counter()
        for t in texts:
            ir.Module.parse(t, context=ctx)
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    out[name] = {"wall": sorted(wall)[len(wall) // 2], "cpu": sorted(cpu)[len(cpu) // 2]}
print(json.dumps(out))
"""


def _stablehlo_section(quick: bool) -> str:
    files = sorted(STABLEHLO_CORPUS.glob("*.mlir"))
    label_corpus = f"JAX corpus as StableHLO ({len(files)} modules)"
    label_gemma = "gemma3 1b as StableHLO (1 module)"
    repeat = 3 if quick else 9
    with tempfile.TemporaryDirectory() as tmp:
        gemma = Path(tmp) / "gemma3.mlir"
        xla = None
        python = oracle_python()
        if python is not None:
            groups_arg = json.dumps({label_corpus: [str(p) for p in files]})
            args = [python, "-c", _XLA_MLIR, str(3 if quick else 7), groups_arg]
            if GEMMA.exists():
                args += [str(GEMMA), str(gemma)]
            done = subprocess.run(args, capture_output=True, text=True, timeout=1800)
            if done.returncode == 0:
                xla = json.loads(done.stdout)
                xla[label_gemma] = xla.pop("converted", None)
        groups = {label_corpus: files}
        if gemma.exists():
            groups[label_gemma] = [gemma]
        rows = []
        for label, paths in groups.items():
            texts = [(p.read_text(), str(p)) for p in paths]
            size = sum(len(t) for t, _ in texts) / 1e6
            parse = measure(lambda texts=texts: _parse_all(texts), repeat=repeat)
            row = [label, f"{size:.2f}", size / parse.wall_median, size / parse.cpu_median]
            x = (xla or {}).get(label)
            row += [size / x["wall"], size / x["cpu"], parse.cpu_median / x["cpu"]] if x else ["-", "-", "-"]
            rows.append(row)
    headers = ["input", "MB", "hloc read MB/s", "hloc read MB/s (CPU)", "MLIR parse MB/s",
               "MLIR parse MB/s (CPU)", "hloc time / MLIR (CPU)"]
    note = ("MLIR's parser is `ir.Module.parse` in jaxlib (C++, the StableHLO dialects registered), timed in the "
            "oracle's Python in the same run; it only parses into MLIR, while hloc's read also lowers every op "
            "into hloc's IR (shapes inferred and checked)." if xla is not None else
            "MLIR's parser was not timed (no oracle Python, ../.venv-xla), nor gemma3 converted.")
    return f"""## StableHLO reader: parse_module of StableHLO text

MB/s of StableHLO text through `hloc.parse.parse_module` (text -> hloc's IR), medians of {repeat} runs
after one warm-up; gemma3 is the corpus' HLO module converted by XLA's `hlo_to_stablehlo`. {note}

{table(headers, rows)}
"""


def run(quick: bool = False) -> str:
    files = _corpus_files()
    if not GEMMA.exists() or not files:
        return ("## Parser\n\nSkipped: the corpus is not at ../shared/corpus (set HLOC_CORPUS).\n\n"
                + _stablehlo_section(quick))
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

{_stablehlo_section(quick)}"""
