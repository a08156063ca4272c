# ruff: noqa: E501  (HLO instructions are kept on one line each)
"""Every opcode the interpreter runs either compiles natively or is a clean CodegenError naming the
instruction at its source line (file:line:col): the backend's registries against the interpreter's."""

from __future__ import annotations

import pytest

from hloc.backend.llvm import compile_module
from hloc.errors import CodegenError
from hloc.parse import parse_module

# The interpreter's opcodes the native backend does not compile, each with a module using it and the
# error's words. send-done/recv-done only follow a send/recv, which the error names first.
UNSUPPORTED = {
    "infeed": ("t = token[] after-all()\n  i = ((f32[2]), token[]) infeed(t)\n  ROOT g = (f32[2]) get-tuple-element(i), index=0",
               "'infeed'"),
    "outfeed": ("p = f32[2] parameter(0)\n  t = token[] after-all()\n  ROOT o = token[] outfeed(p, t), outfeed_shape=f32[2]",
                "'outfeed'"),
    "send": ("p = f32[] parameter(0)\n  t = token[] after-all()\n  s = (f32[], u32[], token[]) send(p, t), channel_id=1\n  ROOT d = token[] send-done(s), channel_id=1",
             "'send'"),
    "send-done": ("p = f32[] parameter(0)\n  t = token[] after-all()\n  s = (f32[], u32[], token[]) send(p, t), channel_id=1\n  ROOT d = token[] send-done(s), channel_id=1",
                  "'send'"),
    "recv": ("t = token[] after-all()\n  r = (f32[], u32[], token[]) recv(t), channel_id=1\n  ROOT d = (f32[], token[]) recv-done(r), channel_id=1",
             "'recv'"),
    "recv-done": ("t = token[] after-all()\n  r = (f32[], u32[], token[]) recv(t), channel_id=1\n  ROOT d = (f32[], token[]) recv-done(r), channel_id=1",
                  "'recv'"),
    "ragged-dot": ("a = f32[19,11,5] parameter(0)\n  b = f32[3,5,7] parameter(1)\n  g = s64[19,3] parameter(2)\n  ROOT r = f32[19,11,7] ragged-dot(a, b, g), lhs_contracting_dims={2}, rhs_contracting_dims={1}, lhs_ragged_dims={1}, rhs_group_dims={0}",
                   "'ragged-dot'"),
    "scaled-dot": ("a = f8e4m3fn[2,256] parameter(0)\n  b = f8e4m3fn[256,256] parameter(1)\n  sa = f8e8m0fnu[2,8] parameter(2)\n  sb = f8e8m0fnu[256,8] parameter(3)\n  ROOT d = f32[2,256] scaled-dot(a, b, sa, sb), lhs_contracting_dims={1}, rhs_contracting_dims={1}",
                   "'scaled-dot'"),
    "scan": ("x = f32[4] parameter(0)\n  init = f32[] constant(0)\n  ROOT s = (f32[4], f32[]) scan(x, init), dimensions={0}, num_carries=1, to_apply=step",
             "'scan'"),
    "dynamic-reshape": ("x = f32[6] parameter(0)\n  n = s32[] parameter(1)\n  ROOT r = f32[<=6] dynamic-reshape(x, n)",
                        "dynamic shapes"),
}
STEP = "step {\n  a = f32[] parameter(0)\n  b = f32[] parameter(1)\n  s = f32[] add(a, b)\n  ROOT t = (f32[], f32[]) tuple(s, s)\n}\n\n"


def test_every_interpreter_opcode_is_native_or_listed():
    from hloc.backend.llvm.codegen.buffers import NO_CODE
    from hloc.backend.llvm.codegen.emitter import _GENERIC
    from hloc.backend.llvm.kernels import KERNELS, load_all
    from hloc.backend.llvm.kernels.lowering import LOWERED
    from hloc.interp.registry import HANDLERS
    from hloc.interp.registry import load_all as load_handlers

    load_all()
    load_handlers()
    native = set(KERNELS) | set(_GENERIC) | set(NO_CODE) | set(LOWERED) | {"call"}  # calls are inlined
    assert set(HANDLERS) - native == set(UNSUPPORTED)


@pytest.mark.parametrize("op", sorted(UNSUPPORTED))
def test_unsupported_opcode_is_a_clean_codegen_error(op):
    body, words = UNSUPPORTED[op]
    text = f"HloModule m\n\n{STEP if op == 'scan' else ''}ENTRY e {{\n  {body}\n}}\n"
    module = parse_module(text, f"{op}.hlo")
    with pytest.raises(CodegenError, match=words) as err:
        compile_module(module)
    loc = err.value.loc
    assert loc is not None and loc.filename == f"{op}.hlo"
    line = text.splitlines()[loc.line - 1]
    named = words.strip("'") if words.startswith("'") else op
    assert f" {named}(" in line, line  # the error points at the instruction's own line
