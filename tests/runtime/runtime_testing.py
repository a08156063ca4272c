"""Helpers for the runner tests (tests/runtime and tests/cli import this module).

The runner's tests exercise files, conventions and options, not HLO semantics, so they use small
modules built from a handful of opcodes. Until the interpreter has its own handlers for those
(branches interp-core / interp-heavy), `interp_standins` installs first-principles numpy stand-ins
for the missing ones only, for the duration of a test: the real handlers win as soon as they exist.
"""

from __future__ import annotations

import io
from pathlib import Path

import numpy as np
import pytest

ROOT = Path(__file__).resolve().parent.parent.parent
TESTDATA = ROOT / "testdata"
ORACLE = TESTDATA / "oracle"
RUNNER_DATA = TESTDATA / "runner"

STANDINS = {
    "add": lambda instr, args, ev: np.add(args[0], args[1]),
    "multiply": lambda instr, args, ev: np.multiply(args[0], args[1]),
    "negate": lambda instr, args, ev: np.negative(args[0]),
    "tuple": lambda instr, args, ev: tuple(args),
    "get-tuple-element": lambda instr, args, ev: args[0][instr.attrs["index"]],
}


@pytest.fixture
def interp_standins(monkeypatch):
    from hloc.interp import registry

    if not registry.HANDLERS:
        registry.load_all()
    for op, fn in STANDINS.items():
        if op not in registry.HANDLERS:
            monkeypatch.setitem(registry.HANDLERS, op, fn)


def missing_handlers(module) -> list[str]:
    """Opcodes of `module` the interpreter has no handler for (parameters need none)."""
    from hloc.interp import registry

    if not registry.HANDLERS:
        registry.load_all()
    ops = {i.opcode for c in module.computations for i in c.instructions}
    return sorted(op for op in ops if op != "parameter" and op not in registry.HANDLERS)


def npy_bytes(a) -> bytes:
    buf = io.BytesIO()
    np.save(buf, a)
    return buf.getvalue()


ADD = """HloModule add
ENTRY main {
  x = f32[2,3] parameter(0)
  y = f32[2,3] parameter(1)
  ROOT s = f32[2,3] add(x, y)
}
"""

IDENTITY = """HloModule identity
ENTRY main {
  ROOT p = f32[2,3] parameter(0)
}
"""

BF16_IDENTITY = """HloModule bf16_identity
ENTRY main {
  ROOT p = bf16[4] parameter(0)
}
"""

TUPLES = """HloModule tuples
ENTRY main {
  p0 = (f32[2], (s32[3], f32[])) parameter(0)
  p1 = f32[2] parameter(1)
  a = f32[2] get-tuple-element(p0), index=0
  b = (s32[3], f32[]) get-tuple-element(p0), index=1
  s = f32[] get-tuple-element(b), index=1
  i = s32[3] get-tuple-element(b), index=0
  ad = f32[2] add(a, p1)
  inner = (f32[], s32[3]) tuple(s, i)
  ROOT r = (f32[2], (f32[], s32[3]), f32[2]) tuple(ad, inner, p1)
}
"""

MIXED = """HloModule mixed
ENTRY main {
  a = bf16[3] parameter(0)
  b = f8e4m3fn[3] parameter(1)
  c = s4[3] parameter(2)
  d = u64[2] parameter(3)
  e = pred[2] parameter(4)
  ROOT t = (bf16[3], f8e4m3fn[3], s4[3], u64[2], pred[2]) tuple(a, b, c, d, e)
}
"""
