"""Helpers for benchmark sections: timing, markdown tables, the machine, the XLA oracle."""

from __future__ import annotations

import gc
import os
import platform
import statistics
import subprocess
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CORPUS = Path(os.environ.get("HLOC_CORPUS", ROOT.parent / "shared" / "corpus"))


@dataclass
class Timing:
    """Seconds per run: wall clock and this process's CPU time (robust on a shared, busy machine)."""

    wall: list[float]
    cpu: list[float]

    @property
    def wall_median(self) -> float:
        return statistics.median(self.wall)

    @property
    def cpu_median(self) -> float:
        return statistics.median(self.cpu)

    @property
    def wall_best(self) -> float:
        return min(self.wall)


def measure(fn: Callable[[], object], repeat: int = 7, warmup: int = 1) -> Timing:
    """Time `repeat` runs after `warmup` ones. Each run starts after a full garbage collection (not
    timed), so that one run does not pay for collecting what the previous one left behind."""
    for _ in range(warmup):
        fn()
    wall, cpu = [], []
    for _ in range(repeat):
        gc.collect()
        c0, w0 = time.process_time(), time.perf_counter()
        fn()
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
    return Timing(wall, cpu)


def table(headers: Sequence[str], rows: Sequence[Sequence[object]]) -> str:
    def cell(v: object) -> str:
        return f"{v:.2f}" if isinstance(v, float) else str(v)

    lines = ["| " + " | ".join(headers) + " |", "| " + " | ".join("---" for _ in headers) + " |"]
    lines += ["| " + " | ".join(cell(v) for v in row) + " |" for row in rows]
    return "\n".join(lines)


def cpu_model() -> str:
    """The CPU's name, family / model and widest vector ISA: VMs often name only the vendor ("AMD
    EPYC"), and the same name has covered a Zen 4 with AVX-512 hidden and a Zen 5 with it."""
    info: dict[str, str] = {}
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            key, _, value = line.partition(":")
            info.setdefault(key.strip(), value.strip())
    except OSError:
        pass
    if "model name" not in info:
        return platform.processor() or platform.machine()
    flags = set(info.get("flags", "").split())
    isa = ("AVX-512" + (" + AVX512_BF16" if "avx512_bf16" in flags else "") + (" + AMX" if "amx_tile" in flags else "")
           if "avx512f" in flags else "AVX2" if "avx2" in flags else "no AVX2")
    return f"{info['model name']} (family {info.get('cpu family', '?')} model {info.get('model', '?')}, {isa})"


def load_average() -> str:
    try:
        return " ".join(f"{x:.1f}" for x in os.getloadavg())
    except OSError:
        return "unknown"


def machine_lines() -> list[str]:
    commit = subprocess.run(["git", "-C", str(ROOT), "rev-parse", "--short", "HEAD"], capture_output=True,
                            text=True).stdout.strip() or "unknown"
    return [
        f"- machine: {cpu_model()}, {os.cpu_count()} cores ({platform.system()} {platform.machine()})",
        f"- Python {platform.python_version()}, hloc at commit {commit}",
        f"- load average when the run started: {load_average()} (the machine is shared: compare ratios "
        "measured in the same run, and CPU time where a table gives it)",
    ]


def oracle_python() -> str | None:
    """The Python that has jax/jaxlib (XLA:CPU as the oracle), or None: $HLOC_XLA_PYTHON, else the
    venv `make bench` creates (.venv-xla), else ../.venv-xla next to the checkout."""
    candidates = [os.environ.get("HLOC_XLA_PYTHON", ""), str(ROOT / ".venv-xla" / "bin" / "python"),
                  str(ROOT.parent / ".venv-xla" / "bin" / "python")]
    return next((p for p in candidates if p and Path(p).exists()), None)
