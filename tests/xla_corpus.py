"""XLA's own corpus (../shared/corpus/xla) against XLA:CPU: what the interpreter sweep
(tests/interp/test_xla_corpus.py), the native sweep (tests/backend/test_xla_corpus_native.py) and the
-O2 semantics sweep (tests/passes/test_corpus_pipelines.py) share.

XLA:CPU's outputs on seeded inputs are in testdata/interp/xla_corpus_outputs.npz
(tests/interp/make_oracle_data.py xla_corpus); the inputs are xla_run.gen_inputs(leaves, 0).
"""

from __future__ import annotations

import csv
import functools

import numpy as np
from conftest import TESTDATA, XLA_CORPUS

from hloc.interp import TOKEN
from hloc.interp.util import NARROW_FLOATS, SUB_BYTE_INTS, etype_of
from hloc.runtime.random_inputs import wrap_to_sub_byte_int

OUTPUTS = TESTDATA / "interp" / "xla_corpus_outputs.npz"
# For modules whose outputs are too big to keep whole: XLA:CPU's values at sampled flat positions
# (make_oracle_data.py xla_corpus_samples).
SAMPLES = TESTDATA / "interp" / "xla_corpus_samples.npz"

# Modules whose one-device XLA:CPU run is not a defined result: they need several devices (XLA fills
# the other participants' parts with garbage); hloc says so.
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
# Modules that run loops far too long for a test (a million iterations over a million elements).
TOO_SLOW = {"backends__cpu__benchmarks__hlo__jax.b380442861.hlo"}
# Modules an interpreter sweep leaves out: fine natively, too slow interpreted (twice, by -O2's sweep).
TOO_SLOW_TO_INTERPRET = {
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
# Outputs XLA:CPU draws afresh on every run.
NONDETERMINISTIC = {("backends__cpu__tests__thunk_coverage__cpu.hlo", 15): "GetRngSeed: a random seed"}


@functools.cache
def outputs() -> dict[str, list[np.ndarray]]:
    """XLA:CPU's output leaves per module file name."""
    if not OUTPUTS.exists():
        return {}
    out: dict[str, list] = {}
    with np.load(OUTPUTS) as z:
        for key in sorted(z.files):
            name, _, field = key.partition("/")
            out.setdefault(name, [])  # (a module with no outputs has only its `types`)
            if field.startswith("out"):
                out.setdefault(name, []).append((int(field[3:]), z[key]))
    return {n: [a for _, a in sorted(v)] for n, v in out.items()}


@functools.cache
def samples() -> dict[str, list[tuple[tuple[int, ...], np.ndarray, np.ndarray]]]:
    """Per module file name, for each output leaf: (XLA's shape, flat positions, XLA's values there)."""
    if not SAMPLES.exists():
        return {}
    out: dict[str, dict] = {}
    with np.load(SAMPLES) as z:
        for key in z.files:
            name, _, field = key.partition("/")
            out.setdefault(name, {})[field] = z[key]  # (a module with no outputs has only `types`)
    result = {}
    for name, f in out.items():
        n = sum(k.startswith("smp") for k in f)
        result[name] = [(tuple(int(d) for d in f[f"shape{i}"]), f[f"idx{i}"], f[f"smp{i}"]) for i in range(n)]
    return result


@functools.cache
def index() -> dict[str, dict]:
    """The corpus INDEX.tsv rows by file name ({} without the corpus)."""
    path = XLA_CORPUS / "INDEX.tsv"
    if not path.exists():
        return {}
    with path.open(newline="") as f:
        return {row["file"]: row for row in csv.DictReader(f, delimiter="\t")}


def xla_cpu_runs() -> list[str]:
    """The modules the corpus marks as running on XLA:CPU."""
    return sorted(n for n, row in index().items() if "xla_cpu_runs" in row["flags"].split(","))


def interpretable_modules() -> list[str]:
    """Every module XLA:CPU runs (INDEX.tsv's flag, or outputs recorded by the oracle) that an
    interpreter sweep can run: one device, no endless loop, a defined result."""
    excluded = NEEDS_DEVICES | TOO_SLOW | TOO_SLOW_TO_INTERPRET | set(UNDEFINED_ON_SEEDED_INPUTS)
    return sorted((set(xla_cpu_runs()) | set(outputs())) - excluded)


def largest_array(module) -> int:
    """Elements of the largest array any instruction of `module` produces."""
    return max((leaf.num_elements for c in module.computations for i in c.instructions
                for leaf in i.shape.leaves() if leaf.is_array), default=0)


def inputs(module, seed: int = 0) -> list:
    """xla_run.gen_inputs: floats N(0,1) drawn as f32, integers in [0, 8), bools, by leaf in order; sub-byte
    integers as `hloc run --random-inputs` makes them (wrapped, on every machine and ml_dtypes version)."""
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
        elif shape.etype in SUB_BYTE_INTS:
            a = wrap_to_sub_byte_int(rng.standard_normal(dims, dtype=np.float32), shape.etype)
        else:
            a = rng.standard_normal(dims, dtype=np.float32).astype(dt)
        return np.asarray(a, dtype=dt).reshape(dims)

    return [make(s) for s in module.entry.parameter_shapes]


def leaves(v) -> list:
    """A nested result's array leaves, depth-first (tokens dropped)."""
    if isinstance(v, tuple):
        return [x for item in v for x in leaves(item)]
    return [] if v is TOKEN or v is None else [v]


def assert_matches_samples(name: str, got: list, sampled: list) -> None:
    """`got` has XLA's output shapes and its values at the sampled positions (as assert_matches)."""
    assert len(got) == len(sampled)
    for i, (g, (shape, _, _)) in enumerate(zip(got, sampled)):
        assert np.shape(g) == shape, f"out{i}: {np.shape(g)} vs {shape}"
    assert_matches(name, [np.asarray(g).reshape(-1)[idx] for g, (_, idx, _) in zip(got, sampled)],
                   [smp for _, _, smp in sampled])


def assert_matches(name: str, got: list, want: list[np.ndarray]) -> None:
    """Integers and pred exactly; floats within 1e-4 (2e-2 for 8/16-bit floats), NaNs equal."""
    assert len(got) == len(want)
    for i, (g, w) in enumerate(zip(got, want)):
        if (name, i) in NONDETERMINISTIC:
            continue
        g = np.asarray(g)
        if w.dtype != g.dtype:
            w = w.view(g.dtype) if w.dtype.itemsize == g.dtype.itemsize else w.astype(g.dtype)
        assert g.shape == w.shape, f"out{i}: {g.shape} vs {w.shape}"
        if g.dtype.kind in "biu" and etype_of(g) not in NARROW_FLOATS:
            assert np.array_equal(g, w), f"out{i}: {int((g != w).sum())} of {g.size} differ"
            continue
        big = np.complex128 if g.dtype.kind == "c" else np.float64
        tol = 2e-2 if etype_of(g) in NARROW_FLOATS else 1e-4
        ok = np.isclose(g.astype(big), w.astype(big), rtol=tol, atol=tol, equal_nan=True)
        assert ok.all(), f"out{i}: {int((~ok).sum())} of {ok.size} differ"
