"""XLA's own corpus (../shared/corpus/xla) through native code: every module the corpus marks
`xla_cpu_runs` is compiled as `hloc run` compiles it (the -O2 HLO pipeline, LLVM -O3; compile cache
off), run on the seeded inputs of tests/interp/test_xla_corpus.py and compared with XLA:CPU's outputs
(whole, or at sampled positions for big outputs; tests/xla_corpus.py)."""

from __future__ import annotations

import pytest
from conftest import XLA_CORPUS
from xla_corpus import (
    NEEDS_DEVICES,
    TOO_SLOW,
    assert_matches,
    assert_matches_samples,
    inputs,
    leaves,
    outputs,
    samples,
    xla_cpu_runs,
)

from hloc.backend.llvm.loader_orc import RUNTIME_SYMBOLS
from hloc.backend.llvm.runner_backend import LlvmBackend
from hloc.errors import CodegenError, RunError, VerifyError
from hloc.parse import parse_module
from hloc.runtime.backends import BackendOptions

MODULES = xla_cpu_runs()

# Modules with no stored XLA output, checked against the interpreter instead: their results are not a
# function of the text and inputs (make_oracle_data.py XLA_CORPUS_EXCLUDED), or XLA fails on them today.
NO_XLA_REFERENCE = {
    "hlo__parser__hlo_parser_test__roundtrip_short__Rng.hlo": "rng: keyed by XLA's internal instruction ids",
    "hlo__translate__hlo_to_mhlo__tests__frontend_attributes__c11.hlo": "rng: keyed by internal ids",
    "hlo__parser__hlo_parser_test__roundtrip_long__OriginalValueSynthetic.hlo":
        "jaxlib 0.12 fails on it ('Failed after pipeline-start')",
}
# Not run, with the reason (no XLA reference, and no cheap other one).
NOT_RUN = {
    "backends__cpu__benchmarks__hlo__jax.b380442861.hlo": "a loop of a million iterations over a million elements",
    "tools__multihost_hlo_runner__data__fp8_gemm_loop.hlo":
        "a 32768x8192x1024 fp8 GEMM in a loop (minutes of compute; inputs too big to keep XLA's outputs)",
    "tools__multihost_hlo_runner__data__sharded_computation.hlo":
        "a 38M-element input (too big to keep XLA's outputs; 9 CPU seconds natively)",
    "backends__cpu__benchmarks__hlo__jax.issue.33666.linx.slow_0428.module_0006.hlo":
        "elided constants (XLA fills them from a process-wide counter: no XLA reference) and 5 CPU seconds "
        "to interpret",
    "backends__cpu__benchmarks__hlo__diffrax.b380012920.hlo":
        "elided constants (a Runge-Kutta tableau: no XLA reference) and 12 CPU seconds to interpret",
}
# A clean error (with the source line) is the right answer.
REJECTED = {
    "hlo__translate__hlo_to_mhlo__tests__import_dynamic_reshape__c01.hlo":
        (CodegenError, "dynamic", "dynamic shapes: the native backend compiles static shapes"),
    "hlo__translate__hlo_to_mhlo__tests__import.hlo":
        (VerifyError, "window size", "a 3x3 window on a 2x2 kernel, which XLA's shape inference rejects too "
                                     "(XLA:CPU ran it only because the StableHLO import drops the window size)"),
}
# Known native failures, with the reason (strict: they must fail, so a fix shows up here).
NATIVE_XFAIL = {
    "hlo__parser__hlo_parser_test__roundtrip_short__Scan.hlo": "no native scan kernel",
    "hlo__parser__hlo_parser_test__roundtrip_long__ReduceWindowScalar.hlo":
        "reduce-window applies the init value to one-element windows; XLA:CPU returns the element "
        "(the interpreter's listed difference too)",
    "hlo__parser__hlo_parser_test__roundtrip_long__ReduceWindowVariadic.hlo":
        "reduce-window applies the init value to one-element windows; XLA:CPU returns the element "
        "(the interpreter's listed difference too)",
    "hlo__translate__hlo_to_mhlo__tests__import_async__c10.hlo":
        "the verifier rejects the tuple-shaped (older) all-reduce-start before the one-device check",
    "hlo__transforms__tests__rng_expander__c00.hlo":
        "rng with a third (shape) operand, which XLA accepts: hloc's verifier and interpreter take two",
}


def compile_native(module):
    """What `hloc run --no-cache` runs: the llvm backend's prepare with the default options."""
    return LlvmBackend().prepare(module, BackendOptions(cache=False))


@pytest.mark.slow
@pytest.mark.parametrize("name", [pytest.param(n, marks=pytest.mark.xfail(reason=NATIVE_XFAIL[n], strict=True))
                                  if n in NATIVE_XFAIL else n for n in MODULES])
def test_runs_natively_like_xla_cpu(name):
    if name in NOT_RUN:
        pytest.skip(NOT_RUN[name])
    module = parse_module((XLA_CORPUS / name).read_text(), name)
    if name in NEEDS_DEVICES and name not in REJECTED and "hloc_collective" in RUNTIME_SYMBOLS:
        # Another test installed the devices runtime in this process: the object loads, and calling
        # it alone, outside a run of its devices, is refused.
        try:
            exe = compile_native(module)
        except CodegenError as e:  # a one-device header whose collective implies more devices
            assert e.loc is not None and e.loc.filename == name
            return
        with pytest.raises(RunError, match="several devices"):
            exe(inputs(module))
        return
    if name in NEEDS_DEVICES or name in REJECTED:
        error, match, _ = REJECTED.get(name, (CodegenError, "device", ""))
        with pytest.raises(error, match=match) as err:
            compile_native(module)
        if name in NEEDS_DEVICES and name not in REJECTED and "collectives need a runtime" in err.value.message:
            # A header for several devices: compiled; loading it alone fails, its collectives run with
            # the devices runtime (tests/runtime/test_collectives_native.py runs these against XLA:CPU).
            return
        # A one-device header with a collective that implies more devices (`--devices N` runs it):
        # a located error.
        assert err.value.loc is not None and err.value.loc.filename == name
        return
    args = inputs(module)
    if name in NO_XLA_REFERENCE:
        from hloc.interp import evaluate

        want = leaves(evaluate(module, args))  # before the pipeline rewrites the module in place
        assert_matches(name, leaves(compile_native(module)(args)), want)
        return
    got = leaves(compile_native(module)(args))
    if name in outputs():
        assert_matches(name, got, outputs()[name])
    else:
        assert_matches_samples(name, got, samples()[name])


def test_every_module_has_a_reference():
    """Each xla_cpu_runs module is checked against something: XLA's outputs (whole or sampled), the
    interpreter (listed, with the reason), or an expected error."""
    if not MODULES:
        pytest.skip("no XLA corpus")
    unchecked = [n for n in MODULES if n not in outputs() and n not in samples() and n not in NO_XLA_REFERENCE
                 and n not in NEEDS_DEVICES | TOO_SLOW | set(NOT_RUN) | set(REJECTED) | set(NATIVE_XFAIL)]
    assert not unchecked
