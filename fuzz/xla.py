"""XLA:CPU as the oracle for generated modules (a tool, not a test: it needs a jax venv).

    python -m fuzz.xla --seeds 0:100 [--keep DIR]

Runs each generated module on XLA:CPU (../shared/tools/xla_run.py under the Python that has jax:
$HLOC_XLA_PYTHON, .venv-xla, ../.venv-xla) and on hloc's interpreter, on the same inputs, and
reports the modules where they differ (the comparison rules of fuzz/differential.py), so that the
interpreter, which checks the native backend, is checked too. `run_xla` is also what
testdata/regress/generate.py uses for expected values.
"""

from __future__ import annotations

import argparse
import os
import re
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
XLA_RUN = Path(os.environ.get("HLOC_XLA_RUN", ROOT.parent / "shared" / "tools" / "xla_run.py"))


def oracle_python() -> str | None:
    candidates = [os.environ.get("HLOC_XLA_PYTHON", ""), str(ROOT / ".venv-xla" / "bin" / "python"),
                  str(ROOT.parent / ".venv-xla" / "bin" / "python")]
    return next((p for p in candidates if p and Path(p).exists()), None)


def _savable(a: np.ndarray) -> np.ndarray:
    """bf16 / fp8 as same-width unsigned bit patterns (what xla_run.py reads and writes)."""
    if a.dtype.kind == "V" or a.dtype.name in ("bfloat16",) or a.dtype.name.startswith("float8"):
        return a.view({1: np.uint8, 2: np.uint16}[a.dtype.itemsize])
    return a


def for_xla(hlo: str) -> str:
    """The module as XLA:CPU takes it: XLA rejects `bitcast` before its own layout assignment, and the
    generator's bitcasts are reshapes between default layouts (fuzz/program.py), so they are spelled
    `reshape` (the same values by definition)."""
    return re.sub(r"(=\s*\S+\s+)bitcast\(", r"\1reshape(", hlo)


def run_xla(hlo: str, inputs: list[np.ndarray], python: str | None = None, timeout: float = 300) -> list[np.ndarray]:
    """XLA:CPU's outputs (flattened, bit patterns for bf16/fp8) of `hlo` on `inputs`."""
    python = python or oracle_python()
    if python is None or not XLA_RUN.exists():
        raise RuntimeError("no XLA oracle: set HLOC_XLA_PYTHON to a Python with jax, and HLOC_XLA_RUN")
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "m.hlo"
        path.write_text(for_xla(hlo))
        names = []
        for k, a in enumerate(inputs):
            p = Path(d) / f"in{k}.npy"
            np.save(p, _savable(np.asarray(a)))
            names.append(str(p))
        out = Path(d) / "out.npz"
        r = subprocess.run([python, str(XLA_RUN), str(path), *names, "-o", str(out), "--quiet"],
                           capture_output=True, text=True, timeout=timeout)
        if r.returncode:
            raise RuntimeError(r.stderr[-3000:])
        z = np.load(out)
        return [z[f"out{k}"] for k in range(len(z.files))]


def main(argv: list[str] | None = None) -> int:
    from hloc.errors import HlocError

    from .differential import compare_outputs, interp_outputs
    from .program import generate

    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--seeds", default="0:50", help="START:STOP")
    ap.add_argument("--keep", type=Path, help="write each differing module (and its inputs) here")
    args = ap.parse_args(argv)
    lo, hi = (int(x) for x in args.seeds.split(":"))
    clean = differ = skipped = 0
    for seed in range(lo, hi):
        prog = generate(seed)
        try:
            want = run_xla(prog.text, prog.inputs)
        except RuntimeError as e:
            skipped += 1
            print(f"seed {seed}: XLA refused: {str(e).strip().splitlines()[-1][:200]}")
            continue
        try:
            got = interp_outputs(prog.text, prog.inputs)
        except HlocError as e:
            differ += 1
            print(f"seed {seed}: the interpreter failed: {e.message[:300]}")
            continue
        want = [w.view(g.dtype) if w.dtype != g.dtype and w.dtype.itemsize == g.dtype.itemsize else w
                for w, g in zip(want, got)]
        problems = compare_outputs(got, want, prog.exact)
        if problems:
            differ += 1
            print(f"seed {seed}: interpreter vs XLA: {problems[0]}")
            if args.keep:
                args.keep.mkdir(parents=True, exist_ok=True)
                (args.keep / f"xla_{seed}.hlo").write_text(prog.text)
                np.savez(args.keep / f"xla_{seed}.npz", **{f"in{k}": _savable(a) for k, a in enumerate(prog.inputs)})
        else:
            clean += 1
    print(f"{clean} modules agree with XLA:CPU, {differ} differ, {skipped} not run by XLA")
    return 1 if differ else 0


if __name__ == "__main__":
    sys.exit(main())
