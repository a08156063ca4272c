"""Running XLA's own corpus modules (../shared/corpus/xla) on seeded inputs: which modules run, the
inputs (xla_run.py's generator, so XLA's outputs in testdata/interp/xla_corpus_outputs.npz line up),
and the modules a test cannot run, with the reason. Shared by tests/interp/test_xla_corpus.py
(interpreter vs XLA:CPU) and tests/passes/test_corpus_pipelines.py (-O2 vs unoptimized)."""

from __future__ import annotations

import csv
import functools
from pathlib import Path

import numpy as np
from conftest import XLA_CORPUS

from hloc.interp import TOKEN

OUTPUTS = Path(__file__).resolve().parents[1] / "testdata" / "interp" / "xla_corpus_outputs.npz"

# Modules whose one-device XLA:CPU run is not a defined result: they need several devices (XLA fills
# the other participants' parts with garbage); the interpreter says so.
NEEDS_DEVICES = {
    "backends__gpu__tests__sub_byte_collectives__c01.hlo",
    "hlo__parser__hlo_parser_test__roundtrip_long__OriginalValueRecoveryTable.hlo",
    "hlo__parser__hlo_parser_test__roundtrip_short__AllGather.hlo",
    "hlo__parser__hlo_parser_test__roundtrip_short__AllGatherWithLayout.hlo",
    "hlo__parser__hlo_parser_test__roundtrip_short__AllReduceWithMeshAxesReplicaGroupList.hlo",
    "hlo__parser__hlo_parser_test__roundtrip_short__AllReduceWithSubgroups.hlo",
    "hlo__parser__hlo_parser_test__roundtrip_short__AllReduceWithSubgroupsIotaList.hlo",
    "hlo__parser__hlo_parser_test__roundtrip_short__CollectivePermute.hlo",
    "hlo__parser__hlo_parser_test__roundtrip_short__CollectivePermuteStartAndDone.hlo",
    "hlo__translate__hlo_to_mhlo__tests__import_async__c10.hlo",
    "hlo__translate__tests__import_async_collectives__c01.hlo",
    "tools__benchmarks__hlo__u4_all_gather_1x8.hlo",
}
# Modules that run loops far too long for an interpreter test.
TOO_SLOW = {
    "backends__cpu__benchmarks__hlo__jax.b380442861.hlo",
    "backends__cpu__benchmarks__hlo__diffrax.b380012920.hlo",  # ~15 s per interpretation (an ODE solver loop)
    "tools__multihost_hlo_runner__data__fp8_gemm_loop.hlo",  # > 10 min (f8 GEMMs in a while loop)
}
# Arrays larger than this (in elements) make a module too big to interpret in a sweep: numpy
# intermediates of hundreds of MB, a minute per run (the oracle left them out for their size too).
MAX_INTERPRETED_ELEMENTS = 1 << 23
# Modules with no defined result on the seeded inputs, with the reason (the interpreter refuses them).
UNDEFINED_ON_SEEDED_INPUTS = {
    "hlo__translate__hlo_to_mhlo__tests__import_dynamic_reshape__c01.hlo":
        "the seeded size operand (0) does not fit the data: XLA returns uninitialized memory",
}


@functools.cache
def xla_outputs() -> dict[str, list[np.ndarray]]:
    """XLA:CPU's outputs on the seeded inputs, by module file name (make_oracle_data.py xla_corpus)."""
    if not OUTPUTS.exists():
        return {}
    out: dict[str, list] = {}
    with np.load(OUTPUTS) as z:
        for key in sorted(z.files):
            name, _, field = key.partition("/")
            if field.startswith("out"):
                out.setdefault(name, []).append((int(field[3:]), z[key]))
    return {n: [a for _, a in sorted(v)] for n, v in out.items()}


@functools.cache
def xla_cpu_runs() -> frozenset[str]:
    """The modules INDEX.tsv flags `xla_cpu_runs`."""
    index = XLA_CORPUS / "INDEX.tsv"
    if not index.exists():
        return frozenset()
    with open(index) as fh:
        return frozenset(row["file"] for row in csv.DictReader(fh, delimiter="\t")
                         if "xla_cpu_runs" in row["flags"].split(","))


def runnable_modules() -> list[str]:
    """Every module XLA:CPU runs (INDEX.tsv's flag, or outputs recorded by the oracle) that an
    interpreter test can run: one device, no endless loop, a defined result."""
    return sorted((xla_cpu_runs() | set(xla_outputs())) - NEEDS_DEVICES - TOO_SLOW - set(UNDEFINED_ON_SEEDED_INPUTS))


def largest_array(module) -> int:
    """Elements of the largest array any instruction of `module` produces."""
    return max((leaf.num_elements for c in module.computations for i in c.instructions
                for leaf in i.shape.leaves() if leaf.is_array), default=0)


def seeded_inputs(module, seed: int = 0) -> list:
    """xla_run.gen_inputs: floats N(0,1) drawn as f32, integers in [0, 8), bools, by leaf in order."""
    rng = np.random.default_rng(seed)

    def make(shape):
        if shape.is_tuple:
            return tuple(make(s) for s in shape.tuple_shapes)
        if shape.is_token:
            return TOKEN
        dt, dims = shape.dtype, tuple(shape.dims)
        if dt.kind == "b":
            a = rng.random(dims) < 0.5
        elif dt.kind in "iu":
            a = rng.integers(0, 8, size=dims).astype(dt)
        elif dt.kind == "c":
            a = (rng.standard_normal(dims) + 1j * rng.standard_normal(dims)).astype(dt)
        else:
            a = rng.standard_normal(dims, dtype=np.float32).astype(dt)
        return np.asarray(a, dtype=dt).reshape(dims)

    return [make(s) for s in module.entry.parameter_shapes]


def leaves(v) -> list:
    """The result tuple flattened depth-first, tokens dropped (how the oracle stores outputs)."""
    if isinstance(v, tuple):
        return [x for item in v for x in leaves(item)]
    return [] if v is TOKEN else [v]
