"""while / conditional / call in the generated code, against Python re-implementations of the loops.

Covers the three kinds of loop-state leaves (passthrough, written in place, ping-pong), swapped and
duplicated state leaves, zero-trip and data-dependent loops, nested loops, dots and calls in bodies,
conditionals on pred and on an index (out of range -> last branch), tuple operands and results,
and control flow nested both ways. Each module is compiled once and run on several inputs.
"""

from __future__ import annotations

import numpy as np
import pytest
from mathref import compile_text

from hloc.backend.llvm.codegen.emitter import ModuleEmitter, flatten_entry
from hloc.backend.llvm.kernels import load_all
from hloc.backend.llvm.kernels.control_flow import while_layout
from hloc.parse import parse_module

LOOP = """HloModule loops

add_f {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

scale {
  v = f32[8] parameter(0)
  h = f32[] constant(0.5)
  hb = f32[8] broadcast(h), dimensions={}
  ROOT m = f32[8] multiply(v, hb)
}

body {
  st = (s32[], f32[8], f32[8,8], f32[8], f32[]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  one = s32[] constant(1)
  i1 = s32[] add(i, one)
  x = f32[8] get-tuple-element(st), index=1
  w = f32[8,8] get-tuple-element(st), index=2
  acc = f32[8] get-tuple-element(st), index=3
  wx = f32[8] dot(w, x), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  xn = f32[8] tanh(wx)
  acc2 = f32[8] add(acc, xn)
  half = f32[8] call(acc2), to_apply=scale
  zero = f32[] constant(0)
  tot = f32[] reduce(half, zero), dimensions={0}, to_apply=add_f
  ROOT out = (s32[], f32[8], f32[8,8], f32[8], f32[]) tuple(i1, xn, w, half, tot)
}

cond {
  st = (s32[], f32[8], f32[8,8], f32[8], f32[]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  n = s32[] get-tuple-element(st), index=0
  lim = s32[] constant(0)
  ROOT lt = pred[] compare(i, lim), direction=LT
}

ENTRY e {
  n = s32[] parameter(0)
  x = f32[8] parameter(1)
  w = f32[8,8] parameter(2)
  zero = f32[] constant(0)
  z8 = f32[8] broadcast(zero), dimensions={}
  negn = s32[] negate(n)
  init = (s32[], f32[8], f32[8,8], f32[8], f32[]) tuple(negn, x, w, z8, zero)
  r = (s32[], f32[8], f32[8,8], f32[8], f32[]) while(init), condition=cond, body=body
  rx = f32[8] get-tuple-element(r), index=1
  racc = f32[8] get-tuple-element(r), index=3
  rt = f32[] get-tuple-element(r), index=4
  ri = s32[] get-tuple-element(r), index=0
  xsum = f32[8] add(x, rx)
  ROOT o = (s32[], f32[8], f32[8], f32[], f32[8]) tuple(ri, rx, racc, rt, xsum)
}
"""


@pytest.fixture(scope="module")
def loop_exe():
    return compile_text(LOOP)


@pytest.mark.parametrize("n", [0, 1, 3, 7])
def test_while_rnn_like(loop_exe, n):
    rng = np.random.default_rng(n)
    x = rng.standard_normal(8).astype(np.float32)
    w = (rng.standard_normal((8, 8)) / 3).astype(np.float32)
    ri, rx, racc, rt, xsum = loop_exe([np.int32(n), x, w])
    cx, acc, tot = x.astype(np.float64), np.zeros(8), 0.0
    for _ in range(n):
        cx = np.tanh(w.astype(np.float64) @ cx)
        acc = (acc + cx) * 0.5
        tot = acc.sum()
    assert ri == 0
    np.testing.assert_allclose(rx, cx, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(racc, acc, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(rt, tot, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(xsum, x + cx, rtol=1e-5, atol=1e-6)  # the entry's x is untouched


def test_while_state_kinds():
    """The loop above has all three kinds of state leaves. Passthrough (the result leaf is the
    parameter leaf's buffer): w, returned unchanged, and the counter and acc, which die at the
    elementwise kernels computing their new values (`i + 1`, `acc + xn`, then `* 0.5`) and are
    updated there in place. The total is written in place by its reduce (which runs after every
    reader of the old total: none). x ping-pongs: the first kernel writing its new buffer is the
    dot, which reads the old x (tanh then updates the dot's output in place)."""
    load_all()
    m = parse_module(LOOP, "loops.hlo")
    em = ModuleEmitter(m, "e")
    _, schedule = flatten_entry(m)
    (w,) = [i for i in schedule if i.opcode == "while"]
    lay = while_layout(w, em)
    assert lay.passthrough == {0, 2, 3}
    assert lay.in_place == {4}
    assert set(lay.pong) == {1}


SWAP = """HloModule swap

body {
  st = (s32[], f32[4], f32[4], f32[4]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  one = s32[] constant(1)
  i1 = s32[] add(i, one)
  a = f32[4] get-tuple-element(st), index=1
  b = f32[4] get-tuple-element(st), index=2
  c = f32[4] get-tuple-element(st), index=3
  ab = f32[4] add(a, b)
  ROOT out = (s32[], f32[4], f32[4], f32[4]) tuple(i1, b, ab, ab)
}

cond {
  st = (s32[], f32[4], f32[4], f32[4]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  k = s32[] constant(6)
  ROOT lt = pred[] compare(i, k), direction=LT
}

ENTRY e {
  a = f32[4] parameter(0)
  b = f32[4] parameter(1)
  z = s32[] constant(0)
  init = (s32[], f32[4], f32[4], f32[4]) tuple(z, a, b, a)
  ROOT r = (s32[], f32[4], f32[4], f32[4]) while(init), condition=cond, body=body
}
"""


def test_while_swapped_and_duplicated_leaves():
    a = np.float32([1, 2, 3, 4])
    b = np.float32([0.5, -1, 2, 0])
    i, x, y, z = compile_text(SWAP)([a, b])
    pa, pb, pc = a.copy(), b.copy(), a.copy()
    for _ in range(6):  # Fibonacci-like: (a, b) -> (b, a + b)
        pa, pb, pc = pb, pa + pb, pa + pb
    assert i == 6
    np.testing.assert_array_equal(x, pa)
    np.testing.assert_array_equal(y, pb)
    np.testing.assert_array_equal(z, pc)


NESTED = """HloModule nested

inner_body {
  st = (s32[], f32[3]) parameter(0)
  j = s32[] get-tuple-element(st), index=0
  one = s32[] constant(1)
  j1 = s32[] add(j, one)
  v = f32[3] get-tuple-element(st), index=1
  two = f32[] constant(2)
  tb = f32[3] broadcast(two), dimensions={}
  v2 = f32[3] multiply(v, tb)
  ROOT out = (s32[], f32[3]) tuple(j1, v2)
}

inner_cond {
  st = (s32[], f32[3]) parameter(0)
  j = s32[] get-tuple-element(st), index=0
  k = s32[] constant(2)
  ROOT lt = pred[] compare(j, k), direction=LT
}

neg_branch {
  p = (f32[3], s32[]) parameter(0)
  v = f32[3] get-tuple-element(p), index=0
  ROOT n = f32[3] negate(v)
}

loop_branch {
  p = (f32[3], s32[]) parameter(0)
  v = f32[3] get-tuple-element(p), index=0
  z = s32[] constant(0)
  init = (s32[], f32[3]) tuple(z, v)
  r = (s32[], f32[3]) while(init), condition=inner_cond, body=inner_body
  ROOT rv = f32[3] get-tuple-element(r), index=1
}

outer_body {
  st = (s32[], f32[3]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  one = s32[] constant(1)
  i1 = s32[] add(i, one)
  v = f32[3] get-tuple-element(st), index=1
  two = s32[] constant(2)
  parity = s32[] remainder(i, two)
  arg = (f32[3], s32[]) tuple(v, i)
  nv = f32[3] conditional(parity, arg, arg), branch_computations={loop_branch, neg_branch}
  ROOT out = (s32[], f32[3]) tuple(i1, nv)
}

outer_cond {
  st = (s32[], f32[3]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  k = s32[] constant(5)
  ROOT lt = pred[] compare(i, k), direction=LT
}

ENTRY e {
  v = f32[3] parameter(0)
  z = s32[] constant(0)
  init = (s32[], f32[3]) tuple(z, v)
  r = (s32[], f32[3]) while(init), condition=outer_cond, body=outer_body
  ROOT rv = f32[3] get-tuple-element(r), index=1
}
"""


def test_nested_loops_and_conditionals():
    v = np.float32([1, -2, 0.25])
    got = compile_text(NESTED)([v])
    ref = v.copy()
    for i in range(5):
        ref = ref * 4 if i % 2 == 0 else -ref
    np.testing.assert_array_equal(got, ref)


COND = """HloModule conds

b0 {
  p = (f32[4], s32[2]) parameter(0)
  v = f32[4] get-tuple-element(p), index=0
  k = s32[2] get-tuple-element(p), index=1
  one = f32[] constant(1)
  ob = f32[4] broadcast(one), dimensions={}
  s = f32[4] add(v, ob)
  ROOT t = (f32[4], s32[2]) tuple(s, k)
}

b1 {
  p = f32[4] parameter(0)
  m = f32[4] multiply(p, p)
  c = s32[2] constant({10, 20})
  ROOT t = (f32[4], s32[2]) tuple(m, c)
}

b2 {
  ROOT p = (f32[4], s32[2]) parameter(0)
}

on_true {
  p = f32[4] parameter(0)
  ROOT n = f32[4] negate(p)
}

on_false {
  ROOT q = f32[4] parameter(0)
}

ENTRY e {
  idx = s32[] parameter(0)
  v = f32[4] parameter(1)
  k = s32[2] parameter(2)
  flag = pred[] parameter(3)
  vk = (f32[4], s32[2]) tuple(v, k)
  r = (f32[4], s32[2]) conditional(idx, vk, v, vk), branch_computations={b0, b1, b2}
  c = f32[4] conditional(flag, v, v), true_computation=on_true, false_computation=on_false
  r0 = f32[4] get-tuple-element(r), index=0
  r1 = s32[2] get-tuple-element(r), index=1
  ROOT o = (f32[4], s32[2], f32[4]) tuple(r0, r1, c)
}
"""


@pytest.fixture(scope="module")
def cond_exe():
    return compile_text(COND)


@pytest.mark.parametrize("idx", [0, 1, 2, 3, 100, -1, -(2**31)])
@pytest.mark.parametrize("flag", [True, False])
def test_conditional(cond_exe, idx, flag):
    v = np.float32([1, -2, 3, 0.5])
    k = np.int32([7, -7])
    r0, r1, c = cond_exe([np.int32(idx), v, k, np.bool_(flag)])
    branch = idx if 0 <= idx < 3 else 2  # out of range -> the last branch
    ref = {0: (v + 1, k), 1: (v * v, np.int32([10, 20])), 2: (v, k)}[branch]
    np.testing.assert_array_equal(r0, ref[0])
    np.testing.assert_array_equal(r1, ref[1])
    np.testing.assert_array_equal(c, -v if flag else v)


DYNAMIC = """HloModule collatz

body {
  st = (s32[], s32[]) parameter(0)
  x = s32[] get-tuple-element(st), index=0
  n = s32[] get-tuple-element(st), index=1
  one = s32[] constant(1)
  two = s32[] constant(2)
  three = s32[] constant(3)
  r = s32[] remainder(x, two)
  odd = pred[] compare(r, one), direction=EQ
  h = s32[] divide(x, two)
  t = s32[] multiply(x, three)
  t1 = s32[] add(t, one)
  nx = s32[] select(odd, t1, h)
  n1 = s32[] add(n, one)
  ROOT out = (s32[], s32[]) tuple(nx, n1)
}

cond {
  st = (s32[], s32[]) parameter(0)
  x = s32[] get-tuple-element(st), index=0
  one = s32[] constant(1)
  ROOT gt = pred[] compare(x, one), direction=GT
}

ENTRY e {
  x = s32[] parameter(0)
  z = s32[] constant(0)
  init = (s32[], s32[]) tuple(x, z)
  ROOT r = (s32[], s32[]) while(init), condition=cond, body=body
}
"""


def test_data_dependent_trip_count():
    exe = compile_text(DYNAMIC)
    for x0 in (1, 6, 27, 97):
        x, n = exe([np.int32(x0)])
        steps, y = 0, x0
        while y > 1:
            y = 3 * y + 1 if y % 2 else y // 2
            steps += 1
        assert (int(x), int(n)) == (1, steps)


SCAN = """HloModule scan

add_f {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

body {
  st = (s32[], f32[6,4], f32[6,4], f32[]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  one = s32[] constant(1)
  i1 = s32[] add(i, one)
  acc = f32[6,4] get-tuple-element(st), index=1
  xs = f32[6,4] get-tuple-element(st), index=2
  z = s32[] constant(0)
  row = f32[1,4] dynamic-slice(xs, i, z), dynamic_slice_sizes={1,4}
  two = f32[] constant(2)
  tb = f32[1,4] broadcast(two), dimensions={}
  row2 = f32[1,4] multiply(row, tb)
  acc2 = f32[6,4] dynamic-update-slice(acc, row2, i, z)
  zero = f32[] constant(0)
  old_sum = f32[] reduce(acc, zero), dimensions={0,1}, to_apply=add_f
  ROOT out = (s32[], f32[6,4], f32[6,4], f32[]) tuple(i1, acc2, xs, old_sum)
}

body_in_place {
  st = (s32[], f32[6,4], f32[6,4], f32[]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  one = s32[] constant(1)
  i1 = s32[] add(i, one)
  acc = f32[6,4] get-tuple-element(st), index=1
  xs = f32[6,4] get-tuple-element(st), index=2
  z = s32[] constant(0)
  zero = f32[] constant(0)
  old_sum = f32[] reduce(acc, zero), dimensions={0,1}, to_apply=add_f
  row = f32[1,4] dynamic-slice(xs, i, z), dynamic_slice_sizes={1,4}
  two = f32[] constant(2)
  tb = f32[1,4] broadcast(two), dimensions={}
  row2 = f32[1,4] multiply(row, tb)
  acc2 = f32[6,4] dynamic-update-slice(acc, row2, i, z), control-predecessors={old_sum}
  ROOT out = (s32[], f32[6,4], f32[6,4], f32[]) tuple(i1, acc2, xs, old_sum)
}

cond {
  st = (s32[], f32[6,4], f32[6,4], f32[]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  k = s32[] constant(6)
  ROOT lt = pred[] compare(i, k), direction=LT
}

ENTRY e {
  xs = f32[6,4] parameter(0)
  acc0 = f32[6,4] parameter(1)
  z = s32[] constant(0)
  f0 = f32[] constant(0)
  init = (s32[], f32[6,4], f32[6,4], f32[]) tuple(z, acc0, xs, f0)
  r1 = (s32[], f32[6,4], f32[6,4], f32[]) while(init), condition=cond, body=body
  r2 = (s32[], f32[6,4], f32[6,4], f32[]) while(init), condition=cond, body=body_in_place
  a1 = f32[6,4] get-tuple-element(r1), index=1
  s1 = f32[] get-tuple-element(r1), index=3
  a2 = f32[6,4] get-tuple-element(r2), index=1
  s2 = f32[] get-tuple-element(r2), index=3
  t = f32[6,4] add(acc0, acc0)
  u = f32[2,4] slice(xs), slice={[0:2], [0:4]}
  five = s32[] constant(5)
  d = f32[6,4] dynamic-update-slice(t, u, five, z)
  e = f32[6,4] dynamic-update-slice(acc0, u, z, z)
  ROOT o = (f32[6,4], f32[], f32[6,4], f32[], f32[6,4], f32[6,4], f32[6,4]) tuple(a1, s1, a2, s2, d, e, acc0)
}
"""


def test_dynamic_update_slice_in_place():
    """A scan writing one row per step: in place when the old state is dead (a reduce over it runs
    first), a full update otherwise; an entry temp updated in place, an entry parameter never."""
    load_all()
    m = parse_module(SCAN, "scan.hlo")
    em = ModuleEmitter(m, "e")
    by_name = {c.name: c for c in m.computations}
    assert [i.opcode for i in em.plan(by_name["body_in_place"], True).ba.in_place] == ["dynamic-update-slice"]
    assert not em.plan(by_name["body"], True).ba.in_place  # the old state is read after the update
    assert not em.plan(by_name["body_in_place"], False).ba.in_place  # a branch's parameters are not its own
    _, entry_ba = ModuleEmitter(m, "e").emit()
    assert [i.name for i in entry_ba.in_place] == ["d"]  # a temp, not the entry parameter (e)
    rng = np.random.default_rng(3)
    xs = rng.standard_normal((6, 4)).astype(np.float32)
    acc0 = rng.standard_normal((6, 4)).astype(np.float32)
    a1, s1, a2, s2, d, e, acc_back = compile_text(SCAN)([xs, acc0])
    acc, old = acc0.copy(), 0.0
    for i in range(6):
        old = acc.sum(dtype=np.float64)
        acc[i] = 2 * xs[i]
    for a, s in ((a1, s1), (a2, s2)):
        np.testing.assert_array_equal(a, acc)
        np.testing.assert_allclose(s, old, rtol=1e-5)
    want_d = 2 * acc0
    want_d[4:6] = xs[0:2]  # start 5 clamped to 4
    np.testing.assert_array_equal(d, want_d)
    want_e = acc0.copy()
    want_e[0:2] = xs[0:2]
    np.testing.assert_array_equal(e, want_e)
    np.testing.assert_array_equal(acc_back, acc0)  # the parameter itself is untouched


NESTED_TUPLES = """HloModule tuples

body {
  st = (f32[3], (s32[], f32[2])) parameter(0)
  v = f32[3] get-tuple-element(st), index=0
  inner = (s32[], f32[2]) get-tuple-element(st), index=1
  i = s32[] get-tuple-element(inner), index=0
  w = f32[2] get-tuple-element(inner), index=1
  one = s32[] constant(1)
  i1 = s32[] add(i, one)
  v2 = f32[3] add(v, v)
  in2 = (s32[], f32[2]) tuple(i1, w)
  ROOT out = (f32[3], (s32[], f32[2])) tuple(v2, in2)
}

cond {
  st = (f32[3], (s32[], f32[2])) parameter(0)
  inner = (s32[], f32[2]) get-tuple-element(st), index=1
  i = s32[] get-tuple-element(inner), index=0
  k = s32[] constant(3)
  ROOT lt = pred[] compare(i, k), direction=LT
}

swap {
  p = (f32[3], (s32[], f32[2])) parameter(0)
  v = f32[3] get-tuple-element(p), index=0
  inner = (s32[], f32[2]) get-tuple-element(p), index=1
  w = f32[2] get-tuple-element(inner), index=1
  ROOT t = ((f32[2], f32[3]), s32[]) tuple((f32[2], f32[3]) tuple(w, v), s32[] constant(7))
}

keep {
  p = (f32[3], (s32[], f32[2])) parameter(0)
  v = f32[3] get-tuple-element(p), index=0
  inner = (s32[], f32[2]) get-tuple-element(p), index=1
  w = f32[2] get-tuple-element(inner), index=1
  n = f32[2] negate(w)
  i = s32[] get-tuple-element(inner), index=0
  ROOT t = ((f32[2], f32[3]), s32[]) tuple((f32[2], f32[3]) tuple(n, v), i)
}

ENTRY e {
  arg = (f32[3], (s32[], f32[2])) parameter(0)
  flag = pred[] parameter(1)
  r = (f32[3], (s32[], f32[2])) while(arg), condition=cond, body=body
  c = ((f32[2], f32[3]), s32[]) conditional(flag, r, arg), true_computation=swap, false_computation=keep
  ROOT o = (((f32[2], f32[3]), s32[]), (f32[3], (s32[], f32[2]))) tuple(c, r)
}
"""


@pytest.mark.parametrize("flag", [True, False])
def test_nested_tuple_values(flag):
    v = np.float32([1, 2, 3])
    w = np.float32([-1, 0.5])
    (((cw, cv), ci), (rv, (ri, rw))) = compile_text(NESTED_TUPLES)([(v, (np.int32(1), w)), np.bool_(flag)])
    np.testing.assert_array_equal(rv, v * 4)  # two iterations: i = 1, 2
    assert ri == 3
    np.testing.assert_array_equal(rw, w)
    if flag:  # swap on the loop result
        np.testing.assert_array_equal(cw, w)
        np.testing.assert_array_equal(cv, v * 4)
        assert ci == 7
    else:  # keep on the original argument
        np.testing.assert_array_equal(cw, -w)
        np.testing.assert_array_equal(cv, v)
        assert ci == 1


READ_ONLY = """HloModule ro

body {
  s = (s32[], f32[8,8], f32[8], f32[8,8], f32[8]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  one = s32[] constant(1)
  i1 = s32[] add(i, one)
  m = f32[8,8] get-tuple-element(s), index=1
  v = f32[8] get-tuple-element(s), index=2
  w = f32[8,8] get-tuple-element(s), index=3
  c = f32[8] get-tuple-element(s), index=4
  mv = f32[8] dot(m, v), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  wv = f32[8] dot(w, mv), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  r = f32[8] add(wv, c)
  ROOT out = (s32[], f32[8,8], f32[8], f32[8,8], f32[8]) tuple(i1, m, r, w, c)
}

cond {
  s = (s32[], f32[8,8], f32[8], f32[8,8], f32[8]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  k = s32[] constant(3)
  ROOT lt = pred[] compare(i, k), direction=LT
}

ENTRY e {
  a = f32[8,8] parameter(0)
  x = f32[8] parameter(1)
  t = f32[8,8] negate(a)
  c = f32[8] constant({1, 2, 3, 4, 5, 6, 7, 8})
  z = s32[] constant(0)
  init = (s32[], f32[8,8], f32[8], f32[8,8], f32[8]) tuple(z, a, x, t, c)
  loop = (s32[], f32[8,8], f32[8], f32[8,8], f32[8]) while(init), condition=cond, body=body
  u = f32[1,8] constant({{9, 9, 9, 9, 9, 9, 9, 9}})
  d = f32[8,8] dynamic-update-slice(t, u, z, z)
  rm = f32[8,8] get-tuple-element(loop), index=1
  rv = f32[8] get-tuple-element(loop), index=2
  rw = f32[8,8] get-tuple-element(loop), index=3
  rc = f32[8] get-tuple-element(loop), index=4
  ROOT o = (f32[8,8], f32[8], f32[8,8], f32[8], f32[8,8]) tuple(rm, rv, rw, rc, d)
}
"""


def test_while_read_only_state_is_read_in_place():
    """The loop's read-only leaves (an entry parameter, a temporary that is updated in place after
    the loop, a constant) are read where they are, not copied in; each is still the loop's result
    (copied to the entry's results), and the temporary's update waits for the loop's readers."""
    rng = np.random.default_rng(0)
    a = (rng.standard_normal((8, 8)) / 3).astype(np.float32)
    x = rng.standard_normal(8).astype(np.float32)
    rm, rv, rw, rc, d = compile_text(READ_ONLY)([a, x])
    c = np.arange(1, 9, dtype=np.float64)
    v = x.astype(np.float64)
    for _ in range(3):
        v = -a.astype(np.float64) @ (a.astype(np.float64) @ v) + c
    np.testing.assert_array_equal(rm, a)
    np.testing.assert_allclose(rv, v, rtol=1e-5, atol=1e-5)
    np.testing.assert_array_equal(rw, -a)
    np.testing.assert_array_equal(rc, c.astype(np.float32))
    want = -a
    want[0] = 9
    np.testing.assert_array_equal(d, want)
