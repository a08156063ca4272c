#!/usr/bin/env python3
"""Expected values for the regression cases in this folder, from XLA:CPU.

    .venv/bin/python testdata/regress/generate.py            # every NAME.hlo without a NAME.npz
    .venv/bin/python testdata/regress/generate.py NAME ...   # these (again)

Each NAME.hlo is a module that once gave a wrong number or crashed natively: issue 13's repros and
what the differential fuzzer (fuzz/) found, shrunk. Inputs: the arrays of INPUTS[NAME] when listed,
else `hloc run --random-inputs 0`'s; outputs: XLA:CPU's (fuzz/xla.py: ../shared/tools/xla_run.py
under a jax venv), never hloc's. NAME.npz holds in0.. and out0.. (bf16 as uint16 bit patterns);
cases.tsv gives each case's tolerance (0: bit for bit) and what it checks.
"""

from __future__ import annotations

import csv
import sys
from pathlib import Path

import ml_dtypes
import numpy as np

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent.parent))

from fuzz.xla import _savable, run_xla  # noqa: E402
from hloc.parse import parse_module  # noqa: E402
from hloc.runtime.random_inputs import random_inputs  # noqa: E402
from hloc.runtime.values import Signature  # noqa: E402

I64_MAX = 2**63 - 1
INPUTS = {
    # XLA: power(-1, -3) = -1, power(-1, -2) = 1, power(1, -5) = 1, power(2, -1) = 0; s64 exponents
    # of 2^63-1 give 0 for even bases
    "int_power": [np.array([-1, -1, 1, 2], np.int32), np.array([-3, -2, -5, -1], np.int32),
                  np.array([2, -2, 3], np.int64), np.array([I64_MAX] * 3, np.int64)],
    # complex power: z^2 by multiplication (inf parts stay inf, as XLA's algsimp), 0^c = 0 for real c > 0,
    # 0^0 = 1, 0^i = NaN (found by tracing TensorFlow's tf.math.pow on special values)
    "complex_power_edges": [np.array([0, -0.0, complex(np.inf, 1), complex(2, np.inf)], np.complex64),
                            np.array([0, 0, 0, 0, 1 + 1j], np.complex64),
                            np.array([2, 2.5, 0, 1j, 2], np.complex64)],
    # sqrt(x + inf i) = inf + inf i; rsqrt of an infinite value is a signed zero (tf.sqrt / tf.math.rsqrt)
    "complex_sqrt_inf": [np.array([complex(2, np.inf), complex(np.inf, np.inf), 4, 0.25j, complex(-np.inf, 1)],
                                  np.complex64)],
    # bf16 x / broadcast(s): XLA divides in f32 (FloatNormalization); algsimp's x * (1/s) with 1/s in bf16
    # was a bf16 ulp off at half the elements (TensorFlow's bf16 softmax)
    "bf16_divide_by_scalar": [np.array([14983, 15149, 15266, 16256, 16384, 16448, 16544, 16608], np.uint16)
                              .view(ml_dtypes.bfloat16), np.array(16494, np.uint16).view(ml_dtypes.bfloat16)],
    # f4e2m1fn has neither inf nor NaN: XLA saturates to +-6 and takes NaN to -0
    "f4_saturation": [np.array([7, 100, np.inf, -np.inf, np.nan, -9, 6.5, 5.1, 1e-3, -1e-3, 2.5, 0.25], np.float32)],
}


def inputs_for(name: str, text: str) -> list[np.ndarray]:
    if name in INPUTS:
        return INPUTS[name]
    return random_inputs(Signature.of_module(parse_module(text, f"{name}.hlo")).params, 0)


def main(names: list[str]) -> None:
    todo = names or [p.stem for p in sorted(HERE.glob("*.hlo")) if not p.with_suffix(".npz").exists()]
    for name in todo:
        text = (HERE / f"{name}.hlo").read_text()
        ins = inputs_for(name, text)
        outs = run_xla(text, ins)
        arrays = {f"in{k}": _savable(np.asarray(a)) for k, a in enumerate(ins)}
        arrays.update({f"out{k}": o for k, o in enumerate(outs)})
        np.savez_compressed(HERE / f"{name}.npz", **arrays)
        print(f"{name}: {len(ins)} inputs, {len(outs)} outputs")
    with (HERE / "cases.tsv").open() as f:
        listed = {r["name"] for r in csv.DictReader(f, delimiter="\t")}
    missing = [p.stem for p in HERE.glob("*.hlo") if p.stem not in listed]
    if missing:
        print(f"not in cases.tsv yet: {', '.join(sorted(missing))}")


if __name__ == "__main__":
    main(sys.argv[1:])
