"""The named pipelines behind -O0/-O1/-O2 (`hloc opt --print-pipeline -O2` shows the expansion).

-O2 is what `hloc compile` and `hloc run` use. The order follows XLA:CPU's pipeline
(HLO_REFERENCE.md 1c): inline calls first (JAX output is full of them), then the "simplification"
fixed point (sort-simplifier, dce, zero-sized-hlo-elimination, tuple-simplifier, dce,
constant-folding, simplify-conditional, in XLA's relative order), then CSE and a final DCE. Extend
these strings as passes land (algsimp goes first in the fixed point, fusion after cse).
"""

from __future__ import annotations

LEVELS: dict[str, str] = {
    # Parse, verify, print: no passes.
    "O0": "",
    # Cheap cleanups, each run once: no evaluation of constants, no fixed point.
    "O1": "call-inliner,tuple-simplifier,dce,cse",
    # Everything that exists, XLA:CPU's order.
    "O2": (
        "call-inliner,"
        "zero-sized-hlo-elimination,"
        "fixpoint<name=simplification>("
        "sort-simplifier,dce,zero-sized-hlo-elimination,while-loop-invariant-code-motion,tuple-simplifier,"
        "while-loop-constant-sinking,simplify-while-loops,dce,constant-folding,simplify-conditional),"
        "cse,"
        "while-loop-trip-count-annotator,"
        "dce"
    ),
}

DEFAULT_LEVEL = "O2"
