"""`make bench` (`python -m benchmarks.run`): run every benchmark section and write BENCHMARKS.md.

A section is a module `benchmarks/bench_<name>.py` with one function

    def run(quick: bool) -> str

that measures something and returns markdown: a `## Title`, a sentence on what is measured and how,
and tables of medians and ratios measured side by side in the same run (benchmarks/common.py has the
helpers: `measure`, `table`, `oracle_python`). `quick` asks for a smoke run (fewer repetitions).
Sections run one after another, in name order: the machine is small and shared, never run them in
parallel. Each runs in a process of its own (see `_measure_apart`).

    python -m benchmarks.run                  every section -> BENCHMARKS.md
    python -m benchmarks.run parse            only bench_parse.py
    python -m benchmarks.run --quick -o -     a smoke run, printed instead of written

Running some sections rewrites only theirs in BENCHMARKS.md: each section sits between
`<!-- section: NAME -->` markers with the date, command and machine load of the run that made it.
"""

from __future__ import annotations

import argparse
import importlib
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path

from .common import load_average, machine_lines

HERE = Path(__file__).resolve().parent


def sections() -> list[str]:
    return sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help=f"sections to run (default: all of {', '.join(sections())})")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions: a smoke run, not numbers to quote")
    parser.add_argument("-o", "--output", default=str(HERE.parent / "BENCHMARKS.md"),
                        help="where to write the report ('-' for stdout; default: BENCHMARKS.md)")
    parser.add_argument("--body-to", help=argparse.SUPPRESS)  # (a child's one section: its markdown to this file)
    args = parser.parse_args(argv)
    if args.body_to:
        module = importlib.import_module(f"benchmarks.bench_{args.names[0]}")
        Path(args.body_to).write_text(module.run(quick=args.quick))
        return 0
    names = args.names or sections()
    unknown = [n for n in names if n not in sections()]
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; there are {', '.join(sections())}")
    command = "python -m benchmarks.run" + ("".join(f" {a}" for a in (argv if argv is not None else sys.argv[1:])))
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    header = (f"# hloc benchmarks\n\nLast run {started} with `{command}`" + (" (quick: smoke run)" if args.quick
                                                                          else "") + ".\n\n"
              + "\n".join(machine_lines()) + "\n")
    done: dict[str, str] = {}
    for name in names:
        print(f"benchmarks: {name} ...", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        load = load_average()
        body = _measure_apart(name, args.quick).rstrip()
        stamp = (f"_Measured {time.strftime('%Y-%m-%d %H:%M %Z')} by `{command}`"
                 f"{' (quick)' if args.quick else ''}; load average at the start: {load}._")
        done[name] = f"<!-- section: {name} -->\n{body}\n\n{stamp}\n<!-- /section -->\n"
        print(f"benchmarks: {name} done in {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    if args.output == "-":
        sys.stdout.write(header + "\n" + "\n".join(done[n] for n in names))
        return 0
    out = Path(args.output)
    kept = _sections(out.read_text()) if out.exists() else {}
    kept.update(done)
    tmp = out.with_suffix(".md.tmp")
    tmp.write_text(header + "\n" + "\n".join(kept[n] for n in sorted(kept) if n in sections()))
    tmp.replace(out)  # never a half-written report
    print(f"benchmarks: wrote {args.output}", file=sys.stderr)
    return 0


def _measure_apart(name: str, quick: bool) -> str:
    """A section's markdown, measured in a new process: a section run after another in the same one
    inherited its state (pool and OpenBLAS threads, gemma3's 2 GB heap) and measured slower (the
    `models` 1-thread runs after `real_models`: ew_chain_4m 0.95 -> 1.70 ms, matmul_512 1.13 -> 1.61,
    while `hloc run --bench` gave 0.78 and 1.10)."""
    with tempfile.TemporaryDirectory() as tmp:
        body = Path(tmp) / "body.md"
        cmd = [sys.executable, "-m", "benchmarks.run", name, "--body-to", str(body)] + (["--quick"] if quick else [])
        code = subprocess.run(cmd, cwd=HERE.parent).returncode
        if code:
            raise SystemExit(f"benchmarks: section {name} failed (exit status {code})")
        return body.read_text()


_SECTION = re.compile(r"<!-- section: (\w+) -->\n.*?<!-- /section -->\n", re.S)


def _sections(report: str) -> dict[str, str]:
    """The sections of an earlier report, by name (what a partial run keeps)."""
    return {m.group(1): m.group(0) for m in _SECTION.finditer(report)}


if __name__ == "__main__":
    sys.exit(main())
