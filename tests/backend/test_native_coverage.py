# ruff: noqa: E501  (HLO instructions are kept on one line each)
"""Every opcode the interpreter runs either compiles natively or is a clean CodegenError naming the
instruction at its source line (file:line:col): the backend's registry (lowerings.LOWERINGS) against
the interpreter's, and `hloc compile --print-ops`, which reads it."""

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
    from hloc.backend.llvm.kernels import load_all
    from hloc.backend.llvm.lowerings import native_kind
    from hloc.interp.registry import HANDLERS
    from hloc.interp.registry import load_all as load_handlers

    load_all()
    load_handlers()
    native = {op for op in HANDLERS if native_kind(op)}
    assert set(HANDLERS) - native == set(UNSUPPORTED)


def test_every_registered_lowering_is_complete():
    """What each kind needs: a kernel an emitter, an elemental op a rule, a lowered-away op its
    rewrite; a check or scratch needs what it checks; every opcode is one the IR knows."""
    from hloc.backend.llvm.kernels import load_all
    from hloc.backend.llvm.lowerings import ELEMENTAL, KERNEL, KINDS, LOWERED, LOWERINGS
    from hloc.ir.opcodes import OPCODES

    load_all()
    assert set(LOWERINGS) <= OPCODES
    for op, entry in LOWERINGS.items():
        assert entry.kind in KINDS, op
        assert entry.kind != KERNEL or entry.emit is not None, op
        assert entry.kind != ELEMENTAL or entry.rule is not None, op
        assert entry.kind != LOWERED or entry.lower is not None, op
        assert (entry.check is None and entry.scratch is None) or entry.emit is not None, op
        assert entry.rule_check is None or entry.rule is not None, op


def test_print_ops_lists_every_opcode_once_with_how_it_compiles():
    from click.testing import CliRunner

    from hloc.cli import main
    from hloc.ir.opcodes import OPCODES

    res = CliRunner().invoke(main, ["compile", "--print-ops"])
    assert res.exit_code == 0, res.output
    rows = dict(line.split(None, 1) for line in res.stdout.splitlines())
    assert len(res.stdout.splitlines()) == len(rows) == len(OPCODES)
    # (how these compile, by construction: add is computed per element, dot has a kernel, a tuple
    # only names its operands' buffers, an async-start stands for its wrapped computation, an
    # all-reduce-start is rewritten and then has a kernel of its own like rng, infeed needs a host)
    assert rows["add"] == "elemental" and rows["acos"] == "elemental" and rows["gather"] == "elemental"
    assert rows["dot"] == "kernel" and rows["rng"] == "kernel" and rows["reduce-window"] == "kernel"
    assert rows["tuple"] == "no code" and rows["parameter"] == "no code"
    assert rows["async-start"] == "lowered away" and rows["call"] == "lowered away"
    assert rows["all-reduce-start"] == "kernel" and rows["all-reduce-done"] == "kernel"
    assert {op for op, kind in rows.items() if kind == "interpreter only"} == set(UNSUPPORTED)


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
