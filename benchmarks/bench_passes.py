"""-O2 on the JAX corpus models: instruction counts before and after, side by side with XLA:CPU's
optimized modules (`*.opt.hlo`), and how long the pipeline takes."""

from __future__ import annotations

import time

from hloc.errors import HlocError
from hloc.ir.module import Module
from hloc.parse import parse_module
from hloc.passes import run_pipeline

from .common import CORPUS, table

JAX = CORPUS / "jax"


def instruction_counts(module: Module) -> tuple[int, int, int]:
    """(instructions outside fusion bodies, fusion instructions, instructions inside fusion bodies).
    The first counts every computation a module keeps (entry, loop bodies, reducers), a fusion as one."""
    fused: set = set()
    todo = [i.attrs["calls"] for c in module.computations for i in c.instructions if i.opcode == "fusion"]
    while todo:  # fusion bodies, and whatever they call
        comp = todo.pop()
        if comp not in fused:
            fused.add(comp)
            todo.extend(c for i in comp.instructions for c in i.called_computations)
    top = sum(len(c.instructions) for c in module.computations if c not in fused)
    fusions = sum(1 for c in module.computations if c not in fused for i in c.instructions if i.opcode == "fusion")
    return top, fusions, sum(len(c.instructions) for c in fused)


def peak_temp_bytes(module: Module) -> int | None:
    """The entry's temp arena in bytes, from the buffer-assignment analysis
    (hloc.passes.analysis.buffer_assignment.peak_temp_bytes); None ("n/a") when the analysis is not
    there or cannot take the module. This is the one place the section asks for it: do not replace
    it with an estimate."""
    try:
        from hloc.passes.analysis.buffer_assignment import peak_temp_bytes as analysis
    except ImportError:
        return None
    try:
        return analysis(module)
    except HlocError:
        return None


def _bytes(n: int | None) -> str:
    return "n/a" if n is None else f"{n / 1024:.1f} KiB"


def run(quick: bool) -> str:
    models = sorted(p for p in JAX.glob("*.hlo") if not p.name.endswith(".opt.hlo")
                    and (JAX / f"{p.stem}.opt.hlo").exists())
    if quick:
        models = models[:8]
    rows, totals = [], [0] * 6
    cpu_total = 0.0
    have_peak = True
    if models:  # warm-up: the first -O2 in a process loads the interpreter's handlers (constant folding)
        run_pipeline(parse_module(models[0].read_text(), str(models[0])), "O2")
    for path in models:
        text = path.read_text()
        before = sum(instruction_counts(parse_module(text, str(path)))[:1])
        module = parse_module(text, str(path))
        c0 = time.process_time()
        run_pipeline(module, "O2")
        cpu = time.process_time() - c0
        after, ours_fusions, _ = instruction_counts(module)
        xla = parse_module((JAX / f"{path.stem}.opt.hlo").read_text(), f"{path.stem}.opt.hlo")
        xla_top, xla_fusions, xla_fused = instruction_counts(xla)
        ours_peak, xla_peak = peak_temp_bytes(module), peak_temp_bytes(xla)
        have_peak = have_peak and ours_peak is not None
        counts = (before, after, ours_fusions, xla_top, xla_fusions, xla_fused)
        totals = [t + c for t, c in zip(totals, counts)]
        cpu_total += cpu
        rows.append((path.stem, *counts, f"{after / xla_top:.2f}", _bytes(ours_peak), _bytes(xla_peak),
                     f"{cpu * 1e3:.0f}"))
    rows.append(("**total**", *totals[:6], f"{totals[1] / totals[3]:.2f}", "", "", f"{cpu_total * 1e3:.0f}"))
    headers = ["model", "hloc before", "hloc -O2", "hloc fusions", "XLA top-level", "XLA fusions", "XLA inside fusions",
               "hloc -O2 / XLA top-level", "hloc -O2 peak temp", "XLA peak temp", "-O2 CPU ms"]
    peak_note = ("Peak temp bytes: the entry's temp arena by hloc's buffer-assignment analysis "
                 "(`hloc.passes.analysis.buffer_assignment.peak_temp_bytes`), for hloc's -O2 module and for "
                 "XLA's optimized module read back by hloc (n/a where the analysis cannot take it)."
                 if have_peak else
                 "Peak temp bytes: n/a, the buffer-assignment analysis is not available; `peak_temp_bytes` in "
                 "benchmarks/bench_passes.py is the hook it plugs into.")
    return "\n".join([
        "## Passes: -O2 instruction counts against XLA:CPU",
        "",
        f"{len(models)} JAX corpus models (`../shared/corpus/jax/NAME.hlo`), parsed and run through `-O2` once. "
        "Instructions are counted over every computation the module keeps (entry, loop bodies, reducers), "
        "with a fusion as one instruction; XLA's optimized module is `NAME.opt.hlo` (after XLA:CPU's whole "
        "pipeline: fusion, layout assignment, copy insertion), whose fusion count and fused instructions "
        "are listed separately (a fusion body's count includes its parameters); hloc's -O2 count is "
        "counted the same way (its fusions as one each). CPU time is this process's, one run per model "
        "after a warm-up run.",
        "",
        peak_note,
        "",
        table(headers, rows),
    ])
