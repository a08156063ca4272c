"""`make bench` (`python -m benchmarks.run`): run every benchmark section and write BENCHMARKS.md.

A section is a module `benchmarks/bench_<name>.py` with one function

    def run(quick: bool) -> str

that measures something and returns markdown: a `## Title`, a sentence on what is measured and how,
and tables of medians and ratios measured side by side in the same run (benchmarks/common.py has the
helpers: `measure`, `table`, `oracle_python`). `quick` asks for a smoke run (fewer repetitions).
Sections run one after another, in name order: the machine is small and shared, never run them in
parallel.

    python -m benchmarks.run                  every section -> BENCHMARKS.md
    python -m benchmarks.run parse            only bench_parse.py
    python -m benchmarks.run --quick -o -     a smoke run, printed instead of written
"""

from __future__ import annotations

import argparse
import importlib
import sys
import time
from pathlib import Path

from .common import machine_lines

HERE = Path(__file__).resolve().parent


def sections() -> list[str]:
    return sorted(p.stem[len("bench_"):] for p in HERE.glob("bench_*.py"))


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.run", description=__doc__.split("\n")[0])
    parser.add_argument("names", nargs="*", help=f"sections to run (default: all of {', '.join(sections())})")
    parser.add_argument("--quick", action="store_true", help="fewer repetitions: a smoke run, not numbers to quote")
    parser.add_argument("-o", "--output", default=str(HERE.parent / "BENCHMARKS.md"),
                        help="where to write the report ('-' for stdout; default: BENCHMARKS.md)")
    args = parser.parse_args(argv)
    names = args.names or sections()
    unknown = [n for n in names if n not in sections()]
    if unknown:
        parser.error(f"unknown section(s) {', '.join(unknown)}; there are {', '.join(sections())}")
    command = "python -m benchmarks.run" + ("".join(f" {a}" for a in (argv if argv is not None else sys.argv[1:])))
    started = time.strftime("%Y-%m-%d %H:%M:%S %Z")
    parts = [f"# hloc benchmarks\n\nMeasured {started} with `{command}`" + (" (quick: smoke run)" if args.quick
                                                                         else "") + ".\n",
             "\n".join(machine_lines()) + "\n"]
    for name in names:
        print(f"benchmarks: {name} ...", file=sys.stderr, flush=True)
        t0 = time.perf_counter()
        module = importlib.import_module(f"benchmarks.bench_{name}")
        parts.append(module.run(quick=args.quick).rstrip() + "\n")
        print(f"benchmarks: {name} done in {time.perf_counter() - t0:.0f} s", file=sys.stderr, flush=True)
    report = "\n".join(parts)
    if args.output == "-":
        sys.stdout.write(report)
    else:
        Path(args.output).write_text(report)
        print(f"benchmarks: wrote {args.output}", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main())
