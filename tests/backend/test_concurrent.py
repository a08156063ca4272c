"""Independent LAPACK chains of the entry run side by side (codegen/concurrent.py): which
instructions form the branches, buffers no two branches share, the region in the IR, and results
the same bits as the sequential run's (the interpreter's: the same LAPACK calls) on 1, 2 and 3 threads."""

from __future__ import annotations

import numpy as np
import pytest
from conftest import TESTDATA

from hloc.backend.llvm.codegen import emitter
from hloc.backend.llvm.codegen.buffers import assign_buffers
from hloc.backend.llvm.codegen.emitter import ModuleEmitter, entry_plan
from hloc.parse import parse_module
from hloc.passes import optimize
from hloc.passes.analysis import buffer_assignment as bufa
from hloc.runtime.backends import BackendOptions
from hloc.runtime.runner import Runner, run_module

LINALG = TESTDATA / "producers" / "jax" / "bench" / "linalg_f64_c64.hlo"

_GETRF = ('custom-call({x}), custom_call_target="lapack_dgetrf_ffi", operand_layout_constraints='
          '{{f64[256,256]{{0,1}}}}, output_to_operand_aliasing={{{{0}}: (0, {{}})}}, api_version=API_VERSION_TYPED_FFI')
_LU = "(f64[256,256]{0,1}, s32[256]{0}, s32[])"

# Two LU factorizations, each of its own matrix, and `pa` read by both: by chain a's getrf and by
# chain b's add (its last reader in the order, which could write its output over pa's buffer while
# getrf a still reads it). In the sequential order na dies at getrf a: the negate of chain b could
# take its bytes.
_M = "f64[256,256]{0,1}"
TWO_CHAINS = f"""HloModule two_chains, entry_computation_layout={{({_M}, {_M})->({_M}, {_M}, s32[256]{{0}})}}

ENTRY main {{
  a = f64[256,256]{{0,1}} parameter(0)
  b = f64[256,256]{{0,1}} parameter(1)
  pa = f64[256,256]{{0,1}} negate(a)
  lua = {_LU} {_GETRF.format(x="pa")}
  ua = f64[256,256]{{0,1}} get-tuple-element(lua), index=0
  ea = f64[256,256]{{0,1}} multiply(ua, ua)
  nb = f64[256,256]{{0,1}} negate(b)
  lub = {_LU} {_GETRF.format(x="nb")}
  ub = f64[256,256]{{0,1}} get-tuple-element(lub), index=0
  sb = f64[256,256]{{0,1}} add(pa, ub)
  pb = s32[256]{{0}} get-tuple-element(lub), index=1
  ROOT r = (f64[256,256]{{0,1}}, f64[256,256]{{0,1}}, s32[256]{{0}}) tuple(ea, sb, pb)
}}
"""

ONE_CHAIN = f"""HloModule one_chain, entry_computation_layout={{(f64[256,256]{{0,1}})->f64[256,256]{{0,1}}}}

ENTRY main {{
  a = f64[256,256]{{0,1}} parameter(0)
  lua = {_LU} {_GETRF.format(x="a")}
  ua = f64[256,256]{{0,1}} get-tuple-element(lua), index=0
  lub = {_LU} {_GETRF.format(x="ua")}
  ROOT ub = f64[256,256]{{0,1}} get-tuple-element(lub), index=0
}}
"""


def _names(instrs) -> set[str]:
    return {i.name for i in instrs}


def _touched(ba, instrs) -> list:
    """The temporaries (analysis buffers) the kernels of `instrs` define, read or scratch."""
    a = ba.analysis
    out = {}
    for i in instrs:
        for b in a.leaves.get(i, []) + [x for o in i.operands for x in a.leaves.get(o, [])]:
            if b.kind == "temp":
                out[id(b)] = b
        if i in a.scratch:
            out[id(a.scratch[i])] = a.scratch[i]
    return list(out.values())


def _shared_bytes(ba, branches) -> list[tuple]:
    first, second = (_touched(ba, part) for part in branches)
    return [(x, y) for x in first for y in second if x is not y and x.offset < y.offset + y.size
            and y.offset < x.offset + x.size]


def test_two_chains_make_two_branches():
    plan = entry_plan(parse_module(TWO_CHAINS, "two_chains.hlo"))
    r = plan.region
    assert r is not None
    names = [_names(part) for part in r.branches]
    assert {"lua", "ea"} <= names[0] and {"lub", "sb"} <= names[1] or \
        {"lua", "ea"} <= names[1] and {"lub", "sb"} <= names[0]
    assert {"pa", "nb"} <= _names(r.prefix)  # what the branches read comes first
    assert plan.schedule == r.order
    assert bufa.check(plan.ba.analysis) == []


def test_branches_never_share_bytes():
    module = parse_module(TWO_CHAINS, "two_chains.hlo")
    plan = entry_plan(module)
    r = plan.region
    assert _shared_bytes(plan.ba, r.branches) == []
    # the same order assigned as if it ran sequentially: the branches would share bytes
    em = ModuleEmitter(module, "entry")
    naive = assign_buffers(plan.comp, r.order, em.scratch_bytes, False, em.in_place_candidates, keep_order=True)
    assert _shared_bytes(naive, r.branches) != []


def test_no_update_in_place_of_what_the_other_branch_reads():
    plan = entry_plan(parse_module(TWO_CHAINS, "two_chains.hlo"))
    a = plan.ba.analysis
    sb = next(i for i in plan.schedule if i.name == "sb")
    pa = next(i for i in plan.schedule if i.name == "pa")
    assert a.in_place.get(sb, {}).get(0) is None  # pa: read by getrf a meanwhile
    assert a.leaves[sb][0] is not a.leaves[pa][0]


def test_one_chain_has_no_region():
    assert entry_plan(parse_module(ONE_CHAIN, "one_chain.hlo")).region is None


def test_linalg_branches():
    """linalg_f64_c64 as `hloc run` compiles it (one c64 getrf for both c64 solves): the c64 chain
    beside the f64 one; the two solves with a 256 x 256 right-hand side, which split over the
    threads themselves (kernels/lapack.py), after the region."""
    r = entry_plan(optimize(parse_module(LINALG.read_text(), LINALG.name))).region
    assert r is not None

    def targets(part):
        return sorted(str(i.attrs.get("custom_call_target")) for i in part if i.opcode == "custom-call")

    assert targets(r.branches[0]) == ["lapack_cgetrf_ffi"] + ["lapack_ctrsm_ffi"] * 2
    assert targets(r.branches[1]) == ["lapack_dgetrf_ffi"] + ["lapack_dtrsm_ffi"] * 2
    wide = [i for i in r.suffix if i.opcode == "custom-call"]
    assert [i.shape.dims for i in wide] == [(256, 256)] * 2


def test_region_in_the_ir():
    module = parse_module(TWO_CHAINS, "two_chains.hlo")
    llmod, _ = ModuleEmitter(module, "e").emit()
    text = str(llmod)
    entry = str(llmod.get_global("e"))
    region = str(llmod.get_global("e.region"))
    task = str(llmod.get_global("e.branches"))
    assert '@"e.region"(ptr %"params", ptr %"results", ptr %"temp")' in entry
    assert 'call void @"hloc.pool.parallel_for"(i64 2, void (ptr, i64)* @"e.branches"' in region
    assert '@"e.branch0"' in task and '@"e.branch1"' in task
    assert text.count("@dgetrf_(") >= 2 or text.count('@"dgetrf_"(') >= 2
    one = str(ModuleEmitter(parse_module(ONE_CHAIN, "one_chain.hlo"), "e").emit()[0])
    assert "e.branches" not in one


def _inputs(runner, seed=0):
    rng = np.random.default_rng(seed)
    out = []
    for leaf in runner.inputs:
        x = rng.standard_normal(leaf.shape.dims)
        if np.dtype(leaf.shape.dtype).kind == "c":
            x = x + 1j * rng.standard_normal(leaf.shape.dims)
        out.append(x.astype(leaf.shape.dtype))
    return out


def _run(module, ins, threads):
    runner = Runner(module, "llvm", options=BackendOptions(threads=threads, cache=False))
    return [np.asarray(o) for o in runner.run(ins)]


@pytest.mark.parametrize("text,name", [(TWO_CHAINS, "two_chains.hlo"), (None, LINALG.name)])
def test_same_bits_on_1_2_3_threads(text, name, monkeypatch):
    text = text if text is not None else LINALG.read_text()
    module = parse_module(text, name)
    runners = {t: Runner(module, "llvm", options=BackendOptions(threads=t, cache=False)) for t in (1, 2, 3)}
    ins = _inputs(runners[1])
    want = [np.asarray(o) for o in run_module(parse_module(text, name), ins, "interp")]
    with monkeypatch.context() as m:  # the sequential schedule: no region
        m.setattr(emitter, "find_region", lambda _schedule: None)
        sequential = _run(parse_module(text, name), ins, 2)
    for k, (s, w) in enumerate(zip(sequential, want)):
        assert s.tobytes() == w.tobytes(), f"{name} out{k}, sequential"
    for t, runner in runners.items():
        for _ in range(3):  # (the branches' timing differs from call to call)
            got = runner.run(ins)
            assert len(got) == len(want)
            for k, (g, w) in enumerate(zip(got, want)):
                assert np.asarray(g).tobytes() == w.tobytes(), f"{name} out{k}, {t} threads"
