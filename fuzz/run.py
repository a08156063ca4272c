"""`make fuzz`: generate modules, run them natively and on the interpreter, shrink what fails.

    python -m fuzz.run --seconds 600                 # as many seeds as fit (from --start)
    python -m fuzz.run --seeds 0:300                 # a fixed slice
    python -m fuzz.run --seeds 17:18 --save DIR      # shrink a failure and write DIR/fuzz_17.{hlo,npz}
    python -m fuzz.run --seeds 0:300 --cpu x86-64-v3 # native code for another CPU than the host's

A failure is shrunk (fuzz/shrink.py, against the configuration that failed) and written to --save
(default build/fuzz-programs/) as NAME.hlo and NAME.npz (in0..); `--regress` writes it into
testdata/regress instead, with XLA:CPU's outputs (fuzz/xla.py) and a line in cases.tsv, as a
regression test. The summary line counts modules run clean per configuration.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

import numpy as np

from .differential import CONFIGS, check
from .program import generate
from .shrink import Case, shrink

ROOT = Path(__file__).resolve().parent.parent


def _kind(message: str) -> str:
    """What a failure is, to shrink towards the same failure: the exception type, or 'differ'."""
    head = message.split(":", 1)[0]
    return head if head.endswith(("Error", "Exception")) else "differ"


def shrink_failure(case: Case, config: str, kind: str, seed: int) -> Case:
    pipeline, threads = config.split("/") if "/" in config else ("O0", "1")  # ("interp": the reference failed)
    configs = ((pipeline, int(threads)),)

    def still_fails(c: Case) -> bool:
        try:
            return any(_kind(f.message) == kind for f in check(c.text, c.inputs, c.exact, configs))
        except Exception:  # noqa: BLE001 - a harness crash is not the failure being shrunk
            return False

    return shrink(case, still_fails, seed)


def save(case: Case, name: str, folder: Path, regress: bool) -> Path:
    from .xla import _savable

    folder.mkdir(parents=True, exist_ok=True)
    (folder / f"{name}.hlo").write_text(case.text)
    arrays = {f"in{k}": _savable(np.asarray(a)) for k, a in enumerate(case.inputs)}
    if regress:
        from .xla import run_xla

        arrays.update({f"out{k}": o for k, o in enumerate(run_xla(case.text, case.inputs))})
        tol = "0\t0" if all(case.exact) else "2e-4\t2e-4"
        with (folder / "cases.tsv").open("a") as f:
            f.write(f"{name}\t{tol}\tfound by the fuzzer (fuzz/run.py), shrunk\n")
    np.savez_compressed(folder / f"{name}.npz", **arrays)
    return folder / f"{name}.hlo"


def main(argv: list[str] | None = None) -> int:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seconds", type=float, default=0, help="run seeds from --start for this long")
    ap.add_argument("--start", type=int, default=None, help="first seed (default: from the clock)")
    ap.add_argument("--seeds", default=None, help="START:STOP, a fixed slice")
    ap.add_argument("--save", type=Path, default=ROOT / "build" / "fuzz-programs")
    ap.add_argument("--regress", action="store_true", help="save failures as testdata/regress cases (needs XLA)")
    ap.add_argument("--no-shrink", action="store_true")
    ap.add_argument("--cpu", default="", help="native code for this CPU (e.g. x86-64-v3: AVX2, no AVX-512)")
    args = ap.parse_args(argv)
    if args.cpu:
        os.environ["HLOC_CPU"] = args.cpu
    os.environ.setdefault("XDG_CACHE_HOME", tempfile.mkdtemp(prefix="hloc-fuzz-"))
    if args.seeds:
        lo, hi = (int(x) for x in args.seeds.split(":"))
        seeds = iter(range(lo, hi))
    else:
        start = args.start if args.start is not None else int(time.time()) % 10**9
        seeds = iter(range(start, start + 10**9))
    deadline = time.monotonic() + args.seconds if args.seconds else None
    counts: Counter = Counter()
    failed = []
    for seed in seeds:
        if deadline is not None and time.monotonic() > deadline:
            break
        prog = generate(seed)
        failures = check(prog.text, prog.inputs, prog.exact)
        if check.skipped:
            counts["skipped"] += 1
            continue
        counts["modules"] += 1
        bad = {f.config for f in failures}
        if "interp" in bad:  # (the reference failed: no configuration was checked)
            bad = {f"{p}/{t}" for p, t in CONFIGS}
        for p, t in CONFIGS:
            if f"{p}/{t}" not in bad:
                counts[f"{p}/{t}"] += 1
        if not failures:
            continue
        failed.append(seed)
        first = failures[0]
        print(f"seed {seed}: {first}"[:600], flush=True)
        if args.no_shrink:
            continue
        small = shrink_failure(Case(prog.text, prog.inputs, prog.exact), first.config, _kind(first.message), seed)
        folder = ROOT / "testdata" / "regress" if args.regress else args.save
        path = save(small, f"fuzz_{seed}", folder, args.regress)
        print(f"  shrunk to {len(small.text.splitlines())} lines: {path}", flush=True)
    per = ", ".join(f"{p}/{t} threads: {counts[f'{p}/{t}']}" for p, t in CONFIGS)
    print(f"{counts['modules']} modules run natively vs the interpreter ({counts['skipped']} skipped: an op one "
          f"side does not run); clean per configuration: {per}; failing seeds: {failed or 'none'}")
    return 1 if failed else 0


if __name__ == "__main__":
    sys.exit(main())
