"""Peak memory of `hloc run` on the model suite: what the run adds over a process that ran a trivial
module, against the bytes it must hold (inputs + outputs + the temp arena). Target: within 1.5x.

Each run is a fresh process (`hloc run MODULE in0.npy ... -o out.npz`, compile cache warm) that reports
its own peak RSS (VmHWM) at exit. The baseline is the same command on a one-element module:
Python, numpy, click, hloc's imports and the loaded code, which do not grow with the data.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

from .bench_models import BENCH_DIR, MODULES
from .common import table

# VmHWM, not getrusage's ru_maxrss: Linux carries ru_maxrss across exec, so a child forked from this
# (large) process would report this process's peak.
_CHILD = r"""
import re, sys
from hloc.cli import main
try:
    main(sys.argv[1:])
except SystemExit as e:
    if e.code:
        raise
status = open("/proc/self/status").read()
print(int(re.search(r"VmHWM:\s+(\d+) kB", status)[1]) * 1024, file=sys.stderr)
"""

_TRIVIAL = "HloModule tiny\n\nENTRY main {\n  p = f32[1] parameter(0)\n  ROOT r = f32[1] add(p, p)\n}\n"


def _peak(args: list[str], env: dict) -> int:
    """Peak RSS in bytes of `hloc ARGS` in a fresh process (the second of two runs: the first fills the
    compile cache)."""
    cmd = [sys.executable, "-c", _CHILD, *args, "--json"]
    subprocess.run(cmd, env=env, check=True, capture_output=True)
    res = subprocess.run(cmd, env=env, check=True, capture_output=True, text=True)
    if json.loads(res.stdout).get("cache") != "hit":
        raise RuntimeError(f"hloc {' '.join(args)}: no compile-cache hit on the second run")
    return int(res.stderr.strip().splitlines()[-1])


def _inputs(name: str, folder: Path) -> tuple[list[str], int]:
    """The module's seeded inputs (as `hloc run --random-inputs 0` makes them) saved as .npy files."""
    from hloc.parse import parse_module
    from hloc.runtime.random_inputs import random_inputs
    from hloc.signature import Signature

    module = parse_module((BENCH_DIR / f"{name}.hlo").read_text(), name)
    paths, nbytes = [], 0
    for i, a in enumerate(random_inputs(Signature.of_module(module).params, 0)):
        path = folder / f"{name}.in{i}.npy"
        np.save(path, a)
        paths.append(str(path))
        nbytes += a.nbytes
    return paths, nbytes


def _arena_and_outputs(name: str) -> tuple[int, int]:
    from hloc.backend.llvm.build import BuildOptions, build
    from hloc.parse import parse_module

    module = parse_module((BENCH_DIR / f"{name}.hlo").read_text(), name)
    abi = build(module, BuildOptions()).abi
    return abi.temp_bytes, sum(leaf.byte_size for leaf in abi.results)


def run(quick: bool) -> str:
    rows = []
    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        env = {**os.environ, "XDG_CACHE_HOME": str(folder / "cache")}
        (folder / "tiny.hlo").write_text(_TRIVIAL)
        np.save(folder / "tiny.in0.npy", np.ones(1, np.float32))
        base = _peak(["run", str(folder / "tiny.hlo"), str(folder / "tiny.in0.npy"), "-o", str(folder / "t.npz")],
                     env)
        for name in MODULES[:3] if quick else MODULES:
            inputs, in_bytes = _inputs(name, folder)
            temp, out_bytes = _arena_and_outputs(name)
            peak = _peak(["run", str(BENCH_DIR / f"{name}.hlo"), *inputs, "-o", str(folder / "out.npz")], env)
            need = in_bytes + out_bytes + temp
            rows.append([name, in_bytes / 2**20, out_bytes / 2**20, temp / 2**20, need / 2**20,
                         (peak - base) / 2**20, (peak - base) / need])
            for p in inputs:
                os.unlink(p)
    worst = max(r[-1] for r in rows)
    return "\n".join([
        "## Peak memory of `hloc run`",
        "",
        __doc__.split("\n\n", 1)[1].strip(),
        f"Baseline (one-element module): {base / 2**20:.1f} MiB peak RSS.",
        "",
        table(["module", "inputs MiB", "outputs MiB", "temp arena MiB", "needed MiB", "run adds MiB",
               "adds / needed"], rows),
        "",
        f"Worst ratio {worst:.2f} (target <= 1.5).",
    ])
