"""fusion: testdata/passes/fusion/ cases (before/after, negatives, idempotence, equivalence)."""

from __future__ import annotations

import pytest
from cases import cases, check_case, check_equivalence


@pytest.mark.parametrize("case", cases("fusion"), ids=lambda p: p.stem)
def test_case(case):
    check_case(case)


@pytest.mark.parametrize("case", cases("fusion"), ids=lambda p: p.stem)
def test_equivalent(case):
    check_equivalence(case)


# ------------------------------------------------------------------------------- the cost model

def _fusion_of(text: str):
    from hloc.parse import parse_module

    m = parse_module(text)
    return m, next(i for i in m.entry.instructions if i.opcode == "fusion")


def test_emitted_count_counts_distinct_indices():
    from hloc.passes.fusion.indexing import code_duplication_too_high, emitted_count

    # p is read through two slices (two indices) and once at the output index by the add.
    m, f = _fusion_of("""HloModule m
fc {
  a = f32[20] parameter(0)
  b = f32[16] parameter(1)
  s1 = f32[16] slice(a), slice={[0:16]}
  s2 = f32[16] slice(a), slice={[4:20]}
  t = f32[16] add(s1, s2)
  ROOT u = f32[16] add(t, b)
}
ENTRY e {
  x = f32[20] parameter(0)
  y = f32[16] parameter(1)
  n = f32[16] negate(y)
  ROOT f = f32[16] fusion(x, n), kind=kLoop, calls=fc
}""")
    x, n = f.operands
    assert emitted_count(f, x) == 2
    assert emitted_count(f, n) == 1
    assert not code_duplication_too_high(f, n)


def test_is_expensive_follows_xla_cpu():
    from hloc.parse import parse_module
    from hloc.passes.fusion.policy import is_expensive

    m = parse_module("""HloModule m
ENTRY e {
  x = f32[4] parameter(0)
  i = s32[4] parameter(1)
  c = s32[] constant(3)
  cb = s32[4] broadcast(c), dimensions={}
  a = f32[4] add(x, x)
  ex = f32[4] exponential(x)
  sn = f32[4] sine(x)
  fd = f32[4] divide(x, x)
  idc = s32[4] divide(i, cb)
  idv = s32[4] divide(i, i)
  bf = bf16[4] convert(x)
  ROOT t = (f32[4], f32[4], f32[4], f32[4], s32[4], s32[4], bf16[4]) tuple(a, ex, sn, fd, idc, idv, bf)
}""")
    got = {i.name: is_expensive(i) for i in m.entry.instructions if i.opcode not in ("parameter", "tuple")}
    assert got == {"c": False, "cb": False, "a": False, "ex": True, "sn": False, "fd": True, "idc": False,
                   "idv": True, "bf": True}


def test_reuse_through_fused_broadcast():
    from hloc.passes.fusion.policy import reuses_operand_elements

    m, f = _fusion_of("""HloModule m
fc {
  a = f32[8] parameter(0)
  b = f32[8,4] parameter(1)
  ab = f32[8,4] broadcast(a), dimensions={0}
  ROOT m = f32[8,4] multiply(ab, b)
}
ENTRY e {
  x = f32[8] parameter(0)
  y = f32[8,4] parameter(1)
  ROOT f = f32[8,4] fusion(x, y), kind=kLoop, calls=fc
}""")
    assert reuses_operand_elements(f, 0)
    assert not reuses_operand_elements(f, 1)


@pytest.mark.parametrize("case", [*cases("fusion"), "gpt_forward"], ids=lambda p: getattr(p, "stem", p))
def test_emitted_counts_kept_up_to_date_match_a_recount(case, monkeypatch):
    """The pass updates a fusion's emitted counts after each producer it fuses in rather than
    recounting: every update must equal counting the fused computation afresh."""
    from pathlib import Path

    from hloc.ir.module import Instruction
    from hloc.parse import parse_module
    from hloc.passes import PassContext, run_pipeline
    from hloc.passes.fusion import indexing

    checked = []
    update = indexing.EmittedCounts.fused

    def checked_update(self, fcomp, clone, k):
        update(self, fcomp, clone, k)
        known = self._known.get(fcomp)
        if known is None:
            return
        count, params = known
        fresh_count, fresh_params = indexing._counts(fcomp)
        live = [i for i in fcomp.instructions if i.opcode != "parameter"]
        assert {i: count[i] for i in live} == {i: fresh_count[i] for i in live}
        def readers(by_param):  # (the root's reader is a fresh token per count: compare it as "root")
            return {n: {u if isinstance(u, Instruction) else "root" for u in v} for n, v in by_param.items() if v}

        assert readers(params) == readers(fresh_params)
        checked.append(clone)

    monkeypatch.setattr(indexing.EmittedCounts, "fused", checked_update)
    if isinstance(case, str):
        path = Path(__file__).parents[2] / "testdata" / "producers" / "jax" / "bench" / f"{case}.hlo"
        pipeline = "O2"
    else:
        path, pipeline = case, "fusion"
    module = parse_module(path.read_text(), str(path))
    run_pipeline(module, pipeline, context=PassContext(verify=False))
    if isinstance(case, str):
        assert len(checked) > 100  # (the model fuses long chains into existing fusions)
