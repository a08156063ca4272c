"""The named pipelines behind -O0/-O1/-O2 (`hloc opt --print-pipeline -O2` shows the expansion).

-O2 is what `hloc compile` and `hloc run` use. The order follows XLA:CPU's pipeline
(HLO_REFERENCE.md 1c): inline calls first (JAX output is full of them), dot/convolution types made
uniform and dots canonical (result-caster, dot-decomposer, operand-upcaster), the expanders XLA:CPU
runs before simplifying (rng bits, dynamic indices, conditionals in reducers, maps, total-order
compares, cholesky, triangular solves, stochastic converts), canonical dots again (the expanders
emit dots), bf16 arithmetic where XLA computes it in f32 (float-normalization), batch norm and
logistic, then the "simplification" fixed point (algsimp,
sort-simplifier, dce, zero-sized-hlo-elimination, the while-loop passes, tuple-simplifier, dce,
reshape-mover, constant-folding, simplify-conditional, in XLA's relative order), select-and-scatter
expansion and the same fixed point again, then base-dilated convolutions by output phase
(conv-phase-split), convolutions with contiguous output features (conv-canonicalization),
transpose-folding, dots in the layout of their elementwise users (dot-result-layout), CSE, the
trip-count annotation and DCE, long column sums in windows (tree-reduction-rewriter), and last what the native backend
compiles best: loop fusion, multi-output fusion (XLA:CPU's
CpuInstructionFusion, CpuMultiOutputFusion + TupleSimplifier) and a final DCE.
"""

from __future__ import annotations

# XLA:CPU's "simplification" fixed point (run again after the scatter expanders).
SIMPLIFICATION = (
    "algsimp,sort-simplifier,dce,zero-sized-hlo-elimination,while-loop-invariant-code-motion,"
    "tuple-simplifier,while-loop-constant-sinking,simplify-while-loops,dce,reshape-mover,"
    "constant-folding,simplify-conditional"
)

LEVELS: dict[str, str] = {
    # Parse, verify, print: no passes.
    "O0": "",
    # Cheap cleanups, each run once: no evaluation of constants, no fixed point.
    "O1": "call-inliner,algsimp,tuple-simplifier,dce,cse",
    # Everything that exists, XLA:CPU's order.
    "O2": (
        "call-inliner,"
        "result-caster,dot-decomposer,operand-upcaster,"
        "rng-bit-generator-expander,"
        "zero-sized-hlo-elimination,"
        "dynamic-index-splitter,conditional-to-select,map-inliner,comparison-expander,"
        "cholesky-expander,triangular-solve-expander,stochastic-convert-decomposer,"
        "dot-decomposer,"
        "float-normalization,batchnorm-expander,logistic-expander,"
        f"fixpoint<name=simplification>({SIMPLIFICATION}),"
        "select-and-scatter-expander,"
        f"fixpoint<name=post_scatter_expansion_simplification>({SIMPLIFICATION}),"
        "transpose-folding,"
        "conv-phase-split,"
        "conv-canonicalization,"
        "dot-result-layout,"
        "cse,"
        "while-loop-trip-count-annotator,"
        "dce,"
        "tree-reduction-rewriter,"
        "fusion,"
        "multi-output-fusion,"
        "tuple-simplifier,"
        "dce"
    ),
}

DEFAULT_LEVEL = "O2"
