"""while_loop_analysis: induction variables and trip counts, checked against simulating the loop."""

from __future__ import annotations

import itertools

import pytest

from hloc.interp import registry
from hloc.parse import parse_module
from hloc.passes.while_loop_analysis import induction_var_index, loop_range, trip_count, trip_count_upper_bound

LOOP = """HloModule loop

body {{
  p = ({t}[], f32[2]) parameter(0)
  i = {t}[] get-tuple-element(p), index=0
  c = {t}[] constant({step})
  next = {t}[] {update}(i, c)
  x = f32[2] get-tuple-element(p), index=1
  ROOT r = ({t}[], f32[2]) tuple(next, x)
}}

cond {{
  p = ({t}[], f32[2]) parameter(0)
  i = {t}[] get-tuple-element(p), index=0
  n = {t}[] constant({bound})
  ROOT go = pred[] compare({lhs}, {rhs}), direction={direction}
}}

ENTRY main {{
  a = f32[2] parameter(0)
  k = {t}[] constant({init})
  init = ({t}[], f32[2]) tuple(k, a)
  ROOT w = ({t}[], f32[2]) while(init), condition=cond, body=body
}}
"""

BITS = {"s8": (8, True), "u8": (8, False), "s32": (32, True)}


def _wrap(v: int, t: str) -> int:
    bits, signed = BITS[t]
    v &= (1 << bits) - 1
    return v - (1 << bits) if signed and v >= 1 << (bits - 1) else v


def _simulate(init, bound, step, direction, swapped, update, t, limit=400) -> int | None:
    ops = {"LT": lambda a, b: a < b, "LE": lambda a, b: a <= b, "GT": lambda a, b: a > b,
           "GE": lambda a, b: a >= b}
    i = _wrap(init, t)
    for count in range(limit):
        go = ops[direction](bound, i) if swapped else ops[direction](i, bound)
        if not go:
            return count
        i = _wrap(i + step if update == "add" else i * step, t)
    return None


def _loop(t="s32", init=0, bound=10, step=1, direction="LT", swapped=False, update="add"):
    lhs, rhs = ("n", "i") if swapped else ("i", "n")
    text = LOOP.format(t=t, init=init, bound=bound, step=step, direction=direction, lhs=lhs, rhs=rhs,
                       update=update)
    m = parse_module(text, "<loop>")
    return m.entry.root


CASES = [
    *[("s32", k, n, c, d, False)
      for k, n, c, d in itertools.product((-7, 0, 3), (-5, 0, 10, 11), (1, 3), ("LT", "LE"))],
    *[("s32", k, n, c, d, True) for k, n, c, d in itertools.product((-2, 4), (0, 9), (1, 4), ("GT", "GE"))],
    ("s8", 0, 127, 1, "LE", False),   # i <= 127 never fails: wraps around
    ("s8", 100, 127, 10, "LT", False),  # 100, 110, 120, then 130 wraps to -126 < 127: no count
    ("s8", 0, 126, 1, "LE", False),
    ("u8", 250, 255, 2, "LT", False),
]


@pytest.mark.parametrize("t,init,bound,step,direction,swapped", CASES)
def test_trip_count_matches_simulation(t, init, bound, step, direction, swapped):
    w = _loop(t, init, bound, step, direction, swapped)
    want = _simulate(init, bound, step, direction, swapped, "add", t)
    assert induction_var_index(w) == 0
    r = loop_range(w)
    if r is not None:
        assert r.trip_count == want and r.init == init and r.step == step
        assert r.final == init + step * want
    got = trip_count(w)
    if want is not None and want <= 128:
        assert got == want
    else:
        assert got is None  # wraps around / runs longer than the brute-force limit


@pytest.mark.parametrize("init,bound,step", [(1, 100, 2), (3, 3, 2), (1, 1000, 3), (-1, 50, 2)])
def test_trip_count_by_stepping(init, bound, step):
    registry.load_all()
    if not {"compare", "multiply", "constant"} <= set(registry.HANDLERS):
        pytest.skip("the interpreter cannot evaluate compare/multiply yet")
    # i *= step has no constant increment: the count comes from evaluating the loop's scalars.
    w = _loop("s32", init, bound, step, "LT", update="multiply")
    assert loop_range(w) is None
    want = _simulate(init, bound, step, "LT", False, "multiply", "s32", limit=129)
    assert trip_count(w) == want


def test_upper_bound_of_run_once_loop():
    text = """HloModule once
body {
  p = (pred[], f32[2]) parameter(0)
  f = pred[] constant(false)
  x = f32[2] get-tuple-element(p), index=1
  ROOT r = (pred[], f32[2]) tuple(f, x)
}
cond {
  p = (pred[], f32[2]) parameter(0)
  ROOT go = pred[] get-tuple-element(p), index=0
}
ENTRY main {
  a = f32[2] parameter(0)
  g = pred[] parameter(1)
  init = (pred[], f32[2]) tuple(g, a)
  ROOT w = (pred[], f32[2]) while(init), condition=cond, body=body
}
"""
    w = parse_module(text, "<once>").entry.root
    assert trip_count(w) is None
    assert trip_count_upper_bound(w) == 1
