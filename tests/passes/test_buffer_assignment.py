"""Buffer assignment (hloc/passes/analysis/buffer_assignment.py): liveness-based reuse of one temp
arena, in-place updates where legal (and only there), results, scratch, schedules, the checker and
the report. Expected sizes and offsets are worked out by hand from the live ranges (f32[64,64] is
16384 bytes; the arena is 64-byte aligned)."""

from __future__ import annotations

import pytest

from hloc.parse import parse_module
from hloc.passes import optimize
from hloc.passes.analysis.buffer_assignment import (
    BufferModel,
    assign,
    assign_module,
    check,
    peak_temp_bytes,
    report,
)

BIG = 64 * 64 * 4

# t1, t2, t3 are temporaries; t1 dies at t2, so t3 (defined at t3) can take t1's bytes.
CHAIN = """HloModule chain
ENTRY e {
  p = f32[64,64] parameter(0)
  t1 = f32[64,64] transpose(p), dimensions={1,0}
  t2 = f32[64,64] reverse(t1), dimensions={0}
  t3 = f32[64,64] transpose(t2), dimensions={1,0}
  ROOT t4 = f32[64,64] reverse(t3), dimensions={1}
}
"""


def _by_name(ba):
    return {i.name: i for i in ba.schedule}


def _buf(ba, name):
    (b,) = ba.leaves[_by_name(ba)[name]]
    return b


def _entry(text):
    return assign(parse_module(text).entry)


def test_dead_temporaries_share_bytes():
    ba = _entry(CHAIN)
    assert check(ba) == []
    t1, t2, t3, t4 = (_buf(ba, n) for n in ("t1", "t2", "t3", "t4"))
    assert (t1.kind, t2.kind, t3.kind, t4.kind) == ("temp", "temp", "temp", "result")
    assert t1.offset == t3.offset != t2.offset
    assert ba.temp_bytes == ba.peak_bytes == 2 * BIG
    assert ba.unshared_bytes == 3 * BIG
    assert (t1.start, t1.end, t2.start, t2.end) == (1, 2, 2, 3)


def test_checker_finds_overlapping_live_buffers():
    # The checker is what the corpus sweep relies on: it must see a broken packing.
    ba = _entry(CHAIN)
    _buf(ba, "t2").offset = _buf(ba, "t1").offset
    problems = check(ba)
    assert any("t1 and t2 are live together and share bytes" in p for p in problems), problems
    assert any("t2: output 0 overlaps operand 0 (t1)" in p for p in problems), problems


IN_PLACE = """HloModule inplace
ENTRY e {
  p = f32[64,64] parameter(0)
  a = f32[64,64] transpose(p), dimensions={1,0}
  b = f32[64,64] exponential(a)
  ROOT c = f32[64,64] transpose(b), dimensions={1,0}
}
"""


def test_elementwise_writes_over_an_operand_that_dies_there():
    ba = _entry(IN_PLACE)
    assert check(ba) == []
    b = _by_name(ba)["b"]
    assert ba.in_place == {b: {0: 0}}
    assert _buf(ba, "a") is _buf(ba, "b")
    assert ba.temp_bytes == BIG


@pytest.mark.parametrize("root", ["tuple(a, b)", "add(a, b)"], ids=["returned", "read-later"])
def test_no_in_place_when_the_operand_is_still_needed(root):
    shape = "(f32[64,64], f32[64,64])" if root.startswith("tuple") else "f32[64,64]"
    ba = _entry(IN_PLACE.replace("ROOT c = f32[64,64] transpose(b), dimensions={1,0}", f"ROOT c = {shape} {root}"))
    assert check(ba) == []
    assert _by_name(ba)["b"] not in ba.in_place
    assert _buf(ba, "a") is not _buf(ba, "b")


ENTRY_PARAM = """HloModule param
ENTRY e {
  p = f32[16] parameter(0)
  e = f32[16] exponential(p)
  ROOT n = f32[16] reverse(e), dimensions={0}
}
"""


def test_parameters_are_written_only_when_the_computation_owns_them():
    comp = parse_module(ENTRY_PARAM).entry
    entry = assign(comp)  # the caller's input: read only
    assert entry.in_place == {} and _buf(entry, "e").kind == "temp"
    body = assign(comp, model=BufferModel(writable_params=True))  # a while body's loop state
    assert check(body) == []
    assert _buf(body, "e").kind == "param" and body.temp_bytes == 0


DUS = """HloModule dus
ENTRY e {
  p = f32[8,4] parameter(0)
  u = f32[1,4] parameter(1)
  i = s32[] parameter(2)
  z = s32[] constant(0)
  a = f32[8,4] negate(p)
  d = f32[8,4] dynamic-update-slice(a, u, i, z)
  ROOT r = f32[8,4] reverse(d), dimensions={0}
}
"""


def test_dynamic_update_slice_updates_its_operand_in_place():
    ba = _entry(DUS)
    assert check(ba) == []
    assert ba.in_place == {_by_name(ba)["d"]: {0: 0}}
    assert ba.temp_bytes == 128


FUSED = """HloModule fused
fc {
  x = f32[16,16] parameter(0)
  y = f32[16,16] parameter(1)
  e = f32[16,16] exponential(x)
  yt = f32[16,16] transpose(y), dimensions={1,0}
  ROOT s = f32[16,16] add(e, yt)
}
ENTRY e {
  p = f32[16,16] parameter(0)
  a = f32[16,16] negate(p)
  b = f32[16,16] sqrt(p)
  f = f32[16,16] fusion(a, b), kind=kLoop, calls=fc
  ROOT r = f32[16,16] reverse(f), dimensions={0}
}
"""


def test_loop_fusion_shares_only_operands_read_at_the_output_index():
    # a (x) reaches the root through elementwise ops: shared; b (y) is read transposed: never.
    ba = _entry(FUSED)
    assert check(ba) == []
    assert ba.in_place == {_by_name(ba)["f"]: {0: 0}}
    assert _buf(ba, "f") is _buf(ba, "a") and _buf(ba, "b") is not _buf(ba, "f")


def test_results_are_written_in_place_or_copied():
    # The root's leaves: a kernel's output (written straight into result 0), the parameter and a
    # repeat of the same value (copied: results 1 and 2).
    ba = _entry("""HloModule r
ENTRY e {
  p = f32[4] parameter(0)
  n = f32[4] negate(p)
  ROOT t = (f32[4], f32[4], f32[4]) tuple(n, p, n)
}
""")
    assert check(ba) == []
    assert _buf(ba, "n").kind == "result" and _buf(ba, "n").index == 0
    assert [(src.kind, j) for src, j, _ in ba.copies] == [("param", 1), ("result", 2)]
    assert ba.temp_bytes == 0


def test_scratch_lives_at_its_kernel_only():
    comp = parse_module(CHAIN).entry
    ba = assign(comp, model=BufferModel(scratch_bytes=lambda i: 1000 if i.name == "t2" else 0))
    assert check(ba) == []
    (s,) = ba.scratch.values()
    assert (s.start, s.end, s.size) == (2, 2, 1000)
    # Live with t1 and t2 (not t3, which reuses t1's bytes): 2 * BIG + 1024 at position 2.
    assert ba.peak_bytes == ba.temp_bytes == 2 * BIG + 1024


# Text order computes both broadcasts before either reduce: two big temporaries live at once.
WIDE = """HloModule wide
add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}
ENTRY e {
  p = f32[64] parameter(0)
  q = f32[64] parameter(1)
  z = f32[] constant(0)
  b1 = f32[64,64] broadcast(p), dimensions={0}
  b2 = f32[64,64] broadcast(q), dimensions={0}
  r1 = f32[64] reduce(b1, z), dimensions={1}, to_apply=add
  r2 = f32[64] reduce(b2, z), dimensions={1}, to_apply=add
  ROOT t = (f32[64], f32[64]) tuple(r1, r2)
}
"""


def test_auto_keeps_the_schedule_with_the_smaller_arena():
    comp = parse_module(WIDE).entry
    text_order = list(comp.instructions)
    given = assign(comp, text_order, scheduler="post-order")
    listed = assign(comp, text_order, scheduler="list")
    auto = assign(comp, text_order)
    assert check(given) == check(listed) == []
    assert given.temp_bytes == 2 * BIG
    assert listed.temp_bytes == BIG  # b1, r1, then b2 in b1's bytes
    assert (auto.scheduler, auto.temp_bytes) == ("list", BIG)
    pos = {i.name: k for k, i in enumerate(listed.schedule)}
    assert pos["r1"] < pos["b2"] or pos["r2"] < pos["b1"]


def test_report_lists_every_buffer():
    ba = _entry(CHAIN)
    text = report(ba)
    assert f"temp arena: {2 * BIG} bytes (peak live {2 * BIG}; without reuse {3 * BIG})" in text
    assert "allocation 0: parameter 0, size 16384, f32[64,64]" in text
    assert "result 0 (live from 4), size 16384" in text
    assert f"[         0,      {BIG}) live [1, 2] t1 f32[64,64]" in text
    assert f"[         0,      {BIG}) live [3, 4] t3 f32[64,64]" in text
    assert f"[     {BIG},      {2 * BIG}) live [2, 3] t2 f32[64,64]" in text
    # Values sharing one buffer are listed together.
    assert f"[         0,      {BIG}) live [1, 3] a, b f32[64,64]" in report(_entry(IN_PLACE))


LOOP = """HloModule loop
cond {
  s = (s32[], f32[64]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(4)
  ROOT lt = pred[] compare(i, n), direction=LT
}
body {
  s = (s32[], f32[64]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  one = s32[] constant(1)
  i1 = s32[] add(i, one)
  v = f32[64] get-tuple-element(s), index=1
  r = f32[64] reverse(v), dimensions={0}
  ROOT t = (s32[], f32[64]) tuple(i1, r)
}
ENTRY e {
  p = f32[64] parameter(0)
  z = s32[] constant(0)
  init = (s32[], f32[64]) tuple(z, p)
  w = (s32[], f32[64]) while(init), condition=cond, body=body
  ROOT o = f32[64] get-tuple-element(w), index=1
}
"""


def test_module_assignment_covers_loop_bodies():
    ma = assign_module(parse_module(LOOP))
    assert sorted(role for role, _ in ma.called) == ["body of w", "condition of w"]
    assert all(check(a) == [] for a in ma.all())
    body = dict(ma.called)["body of w"]
    assert _buf(body, "i1").kind == "param"  # the counter is updated in the loop state's buffer
    # The entry's only temporary is the loop's counter leaf (4 bytes, 64 aligned): the vector leaf
    # is the result; the body and the condition need no temporaries (no scratch for the while).
    assert [a.temp_bytes for a in ma.all()] == [64, 0, 0]


def test_peak_temp_bytes_drops_when_fusion_removes_intermediates():
    # Before: exp's output is a temporary (tanh writes over it), then the reduce. After -O2 one
    # fused reduce reads p: no temporary at all.
    m = parse_module("""HloModule f
add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}
ENTRY e {
  p = f32[1024] parameter(0)
  e = f32[1024] exponential(p)
  t = f32[1024] tanh(e)
  z = f32[] constant(0)
  ROOT r = f32[] reduce(t, z), dimensions={0}, to_apply=add
}
""")
    assert peak_temp_bytes(m) == 4096
    optimize(m, "O2")
    assert peak_temp_bytes(m) == 0


# The body returns w (leaf 1) as it came and rewrites v (leaf 2); after the loop t (w's initial
# value) is updated in place by a dynamic-update-slice only if nothing reads the loop's w later.
READ_ONLY = """HloModule ro
cond {
  s = (s32[], f32[64], f32[64]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  n = s32[] constant(4)
  ROOT lt = pred[] compare(i, n), direction=LT
}
body {
  s = (s32[], f32[64], f32[64]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  one = s32[] constant(1)
  i1 = s32[] add(i, one)
  w = f32[64] get-tuple-element(s), index=1
  v = f32[64] get-tuple-element(s), index=2
  r = f32[64] multiply(v, w)
  ROOT out = (s32[], f32[64], f32[64]) tuple(i1, w, r)
}
ENTRY e {
  p = f32[64] parameter(0)
  t = f32[64] negate(p)
  z = s32[] constant(0)
  init = (s32[], f32[64], f32[64]) tuple(z, t, p)
  loop = (s32[], f32[64], f32[64]) while(init), condition=cond, body=body
  u = f32[1] constant({5})
  d = f32[64] dynamic-update-slice(t, u, z)
  rw = f32[64] get-tuple-element(loop), index=1
  rv = f32[64] get-tuple-element(loop), index=2
  ROOT o = (f32[64], f32[64], f32[64]) tuple(rw, rv, d)
}
"""


def test_while_reads_its_read_only_state_in_place():
    from hloc.passes.analysis.buffer_assignment import while_read_only_leaves

    ba = _entry(READ_ONLY)
    assert check(ba) == []
    names = _by_name(ba)
    w = names["loop"]
    assert while_read_only_leaves(w) == {1}
    t_buf = _buf(ba, "t")
    assert ba.leaves[w][1] is t_buf  # w's leaf 1 is t's buffer: no copy into the loop
    assert ba.leaves[w][2] is not ba.leaves[names["p"]][0]  # the rewritten leaf has its own
    # t is read through the loop's result after the dynamic-update-slice: no update in place
    assert names["d"] not in ba.in_place
    assert t_buf.end == len(ba.schedule)  # returned (as result 0): live to the end


def test_while_state_written_by_the_body_is_not_read_only():
    from hloc.passes.analysis.buffer_assignment import while_read_only_leaves

    m = parse_module(READ_ONLY.replace("tuple(i1, w, r)", "tuple(i1, r, w)"))
    (w,) = [i for i in m.entry.instructions if i.opcode == "while"]
    assert while_read_only_leaves(w) == set()
    assert check(assign(m.entry)) == []
