"""A reshape inside a loop fusion is re-indexed per common-factor group: a dimension the reshape keeps
passes through, so a loop over it needs no division and vectorises (a GELU after a dot's
[B*T, F] -> [B, T, F] reshape was scalar, 10x slower). Values: numpy, from first principles."""

from __future__ import annotations

import re

import numpy as np
import pytest
from mathref import compile_text

from hloc.backend.llvm.build import BuildOptions, build
from hloc.parse import parse_module


def _fusion(src: str, mid: str, out: str, layout_copy: str = "") -> str:
    """out = reshape(tanh(reshape(p0 [-> copy to layout_copy]) to mid) * 2) to out, one kLoop fusion."""
    et = "f32"
    first = "p"
    lines = [f"  p = {et}[{src}] parameter(0)"]
    if layout_copy:
        lines.append(f"  c = {et}[{src}]{{{layout_copy}}} copy(p)")
        first = "c"
    lines += [f"  r = {et}[{mid}] reshape({first})",
              f"  t = {et}[{mid}] tanh(r)",
              f"  two = {et}[] constant(2)",
              f"  b = {et}[{mid}] broadcast(two), dimensions={{}}",
              f"  m = {et}[{mid}] multiply(t, b)",
              f"  ROOT o = {et}[{out}] reshape(m)"]
    return ("HloModule t\n\nfc {\n" + "\n".join(lines) + "\n}\n\n"
            f"ENTRY e {{\n  x = {et}[{src}] parameter(0)\n"
            f"  ROOT f = {et}[{out}] fusion(x), kind=kLoop, calls=fc\n}}\n")


CASES = [
    ("6,4,8", "24,8", "6,4,8", ""),  # merge major dims, keep the minor one
    ("24,8", "2,3,4,8", "24,8", ""),  # split a major dim
    ("4,1,6,8", "4,48", "4,6,8", ""),  # size-1 dim, merge the minor dims
    ("4,6,8", "4,1,6,1,8", "24,1,8", ""),  # insert size-1 dims
    ("12,10", "3,4,2,5", "12,10", ""),  # two groups, both split
    ("6,4,8", "24,8", "6,32", "0,1,2"),  # a column-major operand
    ("5,7", "35", "7,5", ""),  # one group: no dimension kept
    ("1,6,8", "6,8", "1,1,48", "1,2,0"),
]


@pytest.mark.parametrize("src,mid,out,layout", CASES)
def test_reshapes_in_a_fusion(src, mid, out, layout):
    dims = tuple(int(d) for d in src.split(","))
    x = np.random.default_rng(3).standard_normal(dims).astype(np.float32)
    got = compile_text(_fusion(src, mid, out, layout))([x])
    want = np.tanh(x.astype(np.float64)) * 2
    np.testing.assert_allclose(np.asarray(got), want.reshape(tuple(int(d) for d in out.split(","))),
                               rtol=2e-6, atol=1e-7)


def test_kept_minor_dim_vectorises():
    """[1576, 1536] -> [8, 197, 1536] -> [1576, 1536] around tanh: the 1536-wide rows are a vector
    loop with no division in it."""
    built = build(parse_module(_fusion("1576,1536", "8,197,1536", "1576,1536"), "t.hlo"), BuildOptions())
    ir_text = built.compiled.optimized_ir
    assert re.search(r"<\d+ x float>", ir_text)
    vector_bodies = [m.group(0) for m in re.finditer(r"^vector\.body\S*:.*?(?=^\S+:)", ir_text, re.M | re.S)]
    assert vector_bodies and not any(re.search(r"\b[us](div|rem) ", v) for v in vector_bodies)
