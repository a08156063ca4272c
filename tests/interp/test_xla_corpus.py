"""The interpreter against XLA:CPU on XLA's own corpus modules (../shared/corpus/xla), run on seeded
inputs; XLA's outputs are in testdata/interp/xla_corpus_outputs.npz (make_oracle_data.py xla_corpus)."""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np
import pytest
from conftest import XLA_CORPUS

from hloc.errors import RunError
from hloc.interp import TOKEN, evaluate
from hloc.interp.util import NARROW_FLOATS, etype_of
from hloc.parse import parse_module

OUTPUTS = Path(__file__).resolve().parents[2] / "testdata" / "interp" / "xla_corpus_outputs.npz"

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
TOO_SLOW = {"backends__cpu__benchmarks__hlo__jax.b380442861.hlo"}
# Outputs XLA:CPU draws afresh on every run.
NONDETERMINISTIC = {("backends__cpu__tests__thunk_coverage__cpu.hlo", 15): "GetRngSeed: a random seed"}
# Known differences in ops from interp-heavy (reduce_window.py), with the reason.
KNOWN_DIFFERENCES = {
    "hlo__parser__hlo_parser_test__roundtrip_long__ReduceWindowScalar.hlo":
        "reduce-window applies the init value to one-element windows; XLA:CPU returns the element",
    "hlo__parser__hlo_parser_test__roundtrip_long__ReduceWindowVariadic.hlo":
        "reduce-window applies the init value to one-element windows; XLA:CPU returns the element",
}


@functools.cache
def _outputs() -> dict[str, list[np.ndarray]]:
    if not OUTPUTS.exists():
        return {}
    out: dict[str, list] = {}
    with np.load(OUTPUTS) as z:
        for key in sorted(z.files):
            name, _, field = key.partition("/")
            if field.startswith("out"):
                out.setdefault(name, []).append((int(field[3:]), z[key]))
    return {n: [a for _, a in sorted(v)] for n, v in out.items()}


MODULES = sorted(_outputs())


def _inputs(module, seed: int = 0) -> list:
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


def _leaves(v) -> list:
    if isinstance(v, tuple):
        return [x for item in v for x in _leaves(item)]
    return [] if v is TOKEN else [v]


def test_outputs_present():
    assert len(MODULES) > 200


@pytest.mark.slow
@pytest.mark.parametrize("name", MODULES)
def test_matches_xla_cpu(name):
    if name in TOO_SLOW:
        pytest.skip("a loop too long to interpret in a test")
    if name in KNOWN_DIFFERENCES:
        pytest.xfail(KNOWN_DIFFERENCES[name])
    module = parse_module((XLA_CORPUS / name).read_text(), name)
    if name in NEEDS_DEVICES:
        with pytest.raises(RunError, match="device"):
            evaluate(module, _inputs(module))
        return
    got = _leaves(evaluate(module, _inputs(module)))
    want = _outputs()[name]
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
