"""What a cached `hloc run` costs beyond the execution itself.

    python -m benchmarks.startup [MODEL]      (default: testdata/models/layernorm)

Runs each command N times in fresh processes (the cache is warmed first, in a private
XDG_CACHE_HOME) and prints the minimum and median wall times: the bare interpreter, the
interpreter + numpy (+ click), and `hloc run MODEL.hlo MODEL.inputs.npz -o OUT.npz` on a cache
hit; then hloc's own share (hit minus python+numpy+click) and the in-process breakdown reported by
`-X importtime`. The execution itself is `run_ms` from `--json`. Minimums are the least noisy
figure on a shared machine, and CPU time (user + sys) suffers least from other processes.
PYTHONDONTWRITEBYTECODE is dropped for the children: without .pyc files every start recompiles
hloc's sources (~60 ms), which no installed package does.
"""

from __future__ import annotations

import contextlib
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
N = int(os.environ.get("N", "15"))


def wall(cmd: list[str], env: dict) -> tuple[list[float], list[float]]:
    """(wall ms, CPU ms = user + sys of the child) per run. CPU time suffers less from a busy machine."""
    walls, cpus = [], []
    for _ in range(N):
        r0 = resource.getrusage(resource.RUSAGE_CHILDREN)
        t0 = time.perf_counter()
        subprocess.run(cmd, env=env, check=True, stdout=subprocess.DEVNULL)
        walls.append((time.perf_counter() - t0) * 1e3)
        r1 = resource.getrusage(resource.RUSAGE_CHILDREN)
        cpus.append((r1.ru_utime - r0.ru_utime + r1.ru_stime - r0.ru_stime) * 1e3)
    return walls, cpus


def main() -> None:
    model = Path(sys.argv[1]) if len(sys.argv) > 1 else ROOT / "testdata" / "models" / "layernorm"
    py = sys.executable
    hloc = [py, "-m", "hloc.cli"] if not (Path(py).parent / "hloc").exists() else [str(Path(py).parent / "hloc")]
    with tempfile.TemporaryDirectory() as tmp:
        env = {**os.environ, "XDG_CACHE_HOME": tmp}
        # Byte-code caching on, as for any installed package (the first, compiling run writes the .pyc files).
        env.pop("PYTHONDONTWRITEBYTECODE", None)
        args = [f"{model}.hlo", f"{model}.inputs.npz", "-o", os.path.join(tmp, "out.npz")]
        doc = json.loads(subprocess.run([*hloc, "run", *args, "--json"], env=env, check=True,
                                        capture_output=True, text=True).stdout)
        assert doc["cache"] == "miss", doc["cache"]
        doc = json.loads(subprocess.run([*hloc, "run", *args, "--json", "--bench", "50"], env=env, check=True,
                                        capture_output=True, text=True).stdout)
        assert doc["cache"] == "hit", doc["cache"]
        run_ms = doc["run_ms_median"]
        rows = {
            "python -c pass": wall([py, "-c", "pass"], env),
            "python -c 'import numpy'": wall([py, "-c", "import numpy"], env),
            "python -c 'import numpy, click'": wall([py, "-c", "import numpy, click"], env),
            "hloc run (cache hit)": wall([*hloc, "run", *args], env),
        }
        print(f"model {model.name}: execution itself (bench median) {run_ms:.3f} ms; {N} runs per row")
        print(f"  {'':36s} {'wall min':>9s} {'wall med':>9s} {'cpu min':>9s} {'cpu med':>9s}  (ms)")
        for k, (w, c) in rows.items():
            print(f"  {k:36s} {min(w):9.1f} {statistics.median(w):9.1f} {min(c):9.1f} {statistics.median(c):9.1f}")
        (hw, hc), (bw, bc) = rows["hloc run (cache hit)"], rows["python -c 'import numpy, click'"]
        print(f"  hloc run overhead over the execution: wall min {min(hw) - run_ms:.1f}, "
              f"cpu min {min(hc) - run_ms:.1f}")
        print(f"  hloc's own share (hit - python+numpy+click - execution): wall min {min(hw) - min(bw) - run_ms:.1f}, "
              f"cpu min {min(hc) - min(bc) - run_ms:.1f}, cpu median "
              f"{statistics.median(hc) - statistics.median(bc) - run_ms:.1f}")
        r = subprocess.run([py, "-X", "importtime", *hloc[1:], "run", *args] if hloc[0] == py else
                           [py, "-X", "importtime", hloc[0], "run", *args], env=env, capture_output=True, text=True)
        top = []
        for line in r.stderr.splitlines():
            parts = line.split("|")
            if len(parts) == 3 and parts[2].startswith(" ") and not parts[2].startswith("  "):
                with contextlib.suppress(ValueError):
                    top.append((int(parts[1]), parts[2].strip()))
        print("  top-level imports on a hit (cumulative us):")
        for us, name in sorted(top, reverse=True)[:12]:
            print(f"    {name:40s} {us / 1e3:7.1f} ms")


if __name__ == "__main__":
    main()
