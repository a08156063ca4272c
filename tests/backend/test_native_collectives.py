"""Collectives on one device (they return their operands), the asynchronous forms lowered while
flattening (copy-start/-done, all-*-start/-done, async-start/-update/-done running the wrapped
computation), domain, and the clean errors for modules that need several devices. First
principles: one participant reduces, gathers and scatters nothing but itself (XLA agrees on the
synchronous forms: testdata/native/collectives_single_device)."""

from __future__ import annotations

import numpy as np
import pytest
from mathref import compile_text

from hloc.backend.llvm import compile_module
from hloc.errors import CodegenError
from hloc.parse import parse_module

ADD = """add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}
"""


def test_single_device_collectives_and_async_forms():
    text = f"""HloModule m, replica_count=1
{ADD}
wrapped {{
  p = f32[4] parameter(0)
  q = f32[4] parameter(1)
  ROOT n = f32[4] subtract(p, q)
}}

ENTRY e {{
  x = f32[4] parameter(0)
  y = f32[4] parameter(1)
  ar = (f32[4], f32[4]) all-reduce(x, y), replica_groups={{{{0}}}}, to_apply=add
  ar1 = f32[4] get-tuple-element(ar), index=1
  cb = f32[4] collective-broadcast(x), replica_groups={{{{0}}}}
  cp0 = f32[4] collective-permute(x), source_target_pairs={{{{1,2}}}}
  cs = (f32[4], f32[4], u32[]) copy-start(x)
  cd = f32[4] copy-done(cs)
  cps = (f32[4], f32[4], u32[], u32[]) collective-permute-start(y), source_target_pairs={{{{0,0}}}}
  cpd = f32[4] collective-permute-done(cps)
  st = ((f32[4], f32[4]), f32[4], s32[]) async-start(x, y), calls=wrapped
  up = ((f32[4], f32[4]), f32[4], s32[]) async-update(st)
  sd = f32[4] async-done(up)
  dm = f32[4] domain(y), domain={{kind="sharding", entry={{maximal device=0}}, exit={{maximal device=0}}}}
  sh = f32[4] custom-call(dm), custom_call_target="Sharding", sharding={{replicated}}
  ROOT t = (f32[4], f32[4], f32[4], f32[4], f32[4], f32[4], f32[4]) tuple(ar1, cb, cp0, cd, cpd, sd, sh)
}}
"""
    x = np.array([1, 2, 3, 4], np.float32)
    y = np.array([-1, 0.5, 8, 2], np.float32)
    got = compile_text(text)([x, y])
    for g, w in zip(got, [y, x, np.zeros(4, np.float32), x, y, x - y, y]):
        np.testing.assert_array_equal(g, w)


@pytest.mark.parametrize("header,body,match", [
    ("HloModule m", "ROOT r = f32[4] all-reduce(x), replica_groups={{0,1}}, to_apply=add", "needs 2 devices"),
    ("HloModule m", "ROOT r = f32[4] collective-permute(x), source_target_pairs={{1,0}}", "receives from device 1"),
    ("HloModule m", 'ROOT r = f32[4] custom-call(x), custom_call_target="my_kernel"', "'my_kernel'"),
])
def test_what_one_device_cannot_run_is_a_clean_error(header, body, match):
    text = f"{header}\n{ADD}\nENTRY e {{\n  x = f32[4] parameter(0)\n  {body}\n}}\n"
    with pytest.raises(CodegenError, match=match) as err:
        compile_module(parse_module(text, "c.hlo"))
    assert err.value.loc is not None


def test_ragged_all_to_all_on_one_device():
    text = """HloModule m
ENTRY e {
  d = f32[6,2] parameter(0)
  o = f32[5,2] parameter(1)
  io = s64[1] parameter(2)
  ss = s64[1] parameter(3)
  oo = s64[1] parameter(4)
  rs = s64[1] parameter(5)
  ROOT r = f32[5,2] ragged-all-to-all(d, o, io, ss, oo, rs), replica_groups={{0}}
}
"""
    exe = compile_text(text)
    d = np.arange(12, dtype=np.float32).reshape(6, 2)
    o = -np.ones((5, 2), np.float32)
    for start, size, dst in [(1, 3, 2), (4, 2, 0), (5, 2, 0), (0, 6, 0), (-1, 1, 0)]:
        want = o.copy()
        if start >= 0 and start + size <= 6 and dst >= 0 and dst + size <= 5:  # blocks that fit are copied
            want[dst:dst + size] = d[start:start + size]
        got = exe([d, o, np.array([start]), np.array([size]), np.array([dst]), np.array([size])])
        np.testing.assert_array_equal(got, want)
