"""Accuracy of long f32 reductions: XLA:CPU, hloc's native code and hloc's interpreter against the
same sums computed in f64 (issue 13: the reference must be at least as accurate as what it checks).

    python -m benchmarks.run accuracy      # this section of BENCHMARKS.md

Each module sums f32 inputs drawn uniformly from [0, 1) (seeded), so every partial sum is positive
and a relative error means what it says. The error of an output element is |sum - exact| / exact,
with `exact` the f64 sum of the very same f32 inputs; a table cell is the largest over the output
elements. The native code runs on 1 thread and on 2 (a different split of the work); XLA:CPU
through ../shared/tools/xla_run.py under the jax venv (the column is left out without one).
Target: native and interpreter at most 2x XLA's error on every row.
"""

from __future__ import annotations

import math

import numpy as np

from .common import table

# name -> (shape, reduced dims, what it is)
CASES = {
    "row_16x65536": ((16, 65536), (1,), "minor dim, 65536 per output"),
    "column_65536x16": ((65536, 16), (0,), "major dim, 65536 per output"),
    "batchnorm_mean_64x8x8x64": ((64, 8, 8, 64), (0, 1, 2), "NHWC over N,H,W: 4096 per channel"),
    "all_1m": ((1 << 20,), (0,), "one sum of 1M (worst of 8 seeds)"),
    "middle_256x1024x4": ((256, 1024, 4), (1,), "a middle dim, 1024 per output"),
}


def module_text(shape, dims) -> str:
    s = ",".join(map(str, shape))
    out = [d for k, d in enumerate(shape) if k not in dims]
    o = ",".join(map(str, out))
    return (f"HloModule acc\n\nadd {{\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  ROOT r = f32[] add(a, b)\n"
            f"}}\n\nENTRY main {{\n  x = f32[{s}] parameter(0)\n  z = f32[] constant(0)\n"
            f"  ROOT r = f32[{o}] reduce(x, z), dimensions={{{','.join(map(str, dims))}}}, to_apply=add\n}}\n")


def rel_error(got: np.ndarray, exact: np.ndarray) -> float:
    return float(np.max(np.abs(np.asarray(got, np.float64) - exact) / np.abs(exact)))


def measure_case(name: str, with_xla: bool = True) -> dict[str, float]:
    from hloc.backend.llvm import compile_module
    from hloc.interp import evaluate
    from hloc.parse import parse_module

    shape, dims, _ = CASES[name]
    text = module_text(shape, dims)
    exe = compile_module(parse_module(text, f"{name}.hlo"))
    module = parse_module(text, f"{name}.hlo")
    errs: dict[str, float] = {}

    def worst(key: str, v: float) -> None:
        errs[key] = max(errs.get(key, 0.0), v)

    # one output is one error: a single sum takes the worst of several seeds
    for seed in range(8 if math.prod(np.delete(shape, dims)) == 1 else 1):
        x = np.random.default_rng(len(name) + 1000 * seed).random(shape, dtype=np.float32)
        exact = np.add.reduce(x.astype(np.float64), axis=dims)
        if with_xla:
            from fuzz.xla import oracle_python, run_xla

            if oracle_python() is not None:
                worst("xla", rel_error(run_xla(text, [x])[0], exact))
        for threads in (1, 2):
            exe.threads = threads
            worst(f"native_{threads}", rel_error(exe([x]), exact))
        worst("interp", rel_error(evaluate(module, [x]), exact))
    return errs


def run(quick: bool) -> str:
    names = list(CASES)[:2] if quick else list(CASES)
    rows, have_xla = [], False
    for name in names:
        e = measure_case(name)
        have_xla |= "xla" in e
        x = e.get("xla")

        def cell(v: float, x=x) -> str:
            return f"{v:.2e}" + (f" ({v / x:.2g}x)" if x else "")

        rows.append([name, CASES[name][2], f"{x:.2e}" if x is not None else "-", cell(e["native_1"]),
                     cell(e["native_2"]), cell(e["interp"])])
    note = "" if have_xla else "\n**XLA column skipped**: no jax venv found (HLOC_XLA_PYTHON).\n"
    return ("## Accuracy of long f32 reductions\n\n"
            "Largest relative error of an output element against the f64 sum of the same f32 inputs "
            "(uniform in [0, 1), seeded); in brackets the ratio to XLA:CPU's error. Made by "
            "`python -m benchmarks.run accuracy` (benchmarks/bench_accuracy.py). Target: at most 2x XLA's.\n"
            + note + "\n"
            + table(["module", "what", "XLA:CPU", "native, 1 thread", "native, 2 threads", "interpreter"], rows))


if __name__ == "__main__":
    for n in CASES:
        print(n, measure_case(n))
