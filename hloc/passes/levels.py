"""The named pipelines behind -O0/-O1/-O2 (`hloc opt --print-pipeline -O2` shows the expansion).

-O2 is what `hloc compile` and `hloc run` use. The order follows XLA:CPU's pipeline
(HLO_REFERENCE.md 1c): inline calls first (JAX output is full of them), dot/convolution types made
uniform (result-caster, operand-upcaster), the expanders XLA:CPU runs before simplifying (rng bits,
dynamic indices, conditionals in reducers, maps, total-order compares, cholesky, triangular
solves, stochastic converts, batch norm, logistic), then the "simplification" fixed point
(sort-simplifier, dce, zero-sized-hlo-elimination, the while-loop passes, tuple-simplifier, dce,
constant-folding, simplify-conditional, in XLA's relative order), select-and-scatter expansion
and the same fixed point again, then CSE, the trip-count annotation and a final DCE. Extend these
strings as passes land (algsimp goes first in the fixed point, fusion after cse).
"""

from __future__ import annotations

# XLA:CPU's "simplification" fixed point (run again after the scatter expanders).
SIMPLIFICATION = (
    "sort-simplifier,dce,zero-sized-hlo-elimination,while-loop-invariant-code-motion,tuple-simplifier,"
    "while-loop-constant-sinking,simplify-while-loops,dce,constant-folding,simplify-conditional"
)

LEVELS: dict[str, str] = {
    # Parse, verify, print: no passes.
    "O0": "",
    # Cheap cleanups, each run once: no evaluation of constants, no fixed point.
    "O1": "call-inliner,tuple-simplifier,dce,cse",
    # Everything that exists, XLA:CPU's order.
    "O2": (
        "call-inliner,"
        "result-caster,operand-upcaster,"
        "rng-bit-generator-expander,"
        "zero-sized-hlo-elimination,"
        "dynamic-index-splitter,conditional-to-select,map-inliner,comparison-expander,"
        "cholesky-expander,triangular-solve-expander,stochastic-convert-decomposer,"
        "batchnorm-expander,logistic-expander,"
        f"fixpoint<name=simplification>({SIMPLIFICATION}),"
        "select-and-scatter-expander,"
        f"fixpoint<name=post_scatter_expansion_simplification>({SIMPLIFICATION}),"
        "cse,"
        "while-loop-trip-count-annotator,"
        "dce"
    ),
}

DEFAULT_LEVEL = "O2"
