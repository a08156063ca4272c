"""Compile-time hints (hints.py): glue functions are `optnone`, kernels with work are not; code with
optnone glue computes the same (reference: numpy, from first principles). The optimised IR is made on
demand and is the IR the object was generated from."""

from __future__ import annotations

import re

import llvmlite.binding as llvm
import numpy as np

from hloc.backend.llvm.build import BuildOptions, build
from hloc.backend.llvm.codegen import split
from hloc.backend.llvm.codegen.target import target_machine
from hloc.backend.llvm.runner_backend import load_object
from hloc.parse import parse_module

# exp over 2^17 elements is split over the pool (a glue wrapper + a task with the loop); the small
# add stays a serial loop kernel.
HLO = """HloModule hints

ENTRY main {
  x = f32[512,256] parameter(0)
  e = f32[512,256] exponential(x)
  a = f32[8] parameter(1)
  s = f32[8] add(a, a)
  ROOT t = (f32[512,256], f32[8]) tuple(e, s)
}
"""


def _attrs(ir_text: str) -> dict[str, str]:
    """function name -> the text after its argument list on the `define` line."""
    out = {}
    for m in re.finditer(r'^define [^@]*@"?([\w.$-]+)"?\((.*)$', ir_text, re.M):
        out[m.group(1)] = m.group(2).rsplit(")", 1)[-1]
    return out


def test_glue_is_optnone_and_work_is_not():
    built = build(parse_module(HLO, "hints.hlo"), BuildOptions())
    attrs = _attrs(built.compiled.llvm_ir)
    entry = built.abi.entry_name
    assert "optnone" in attrs[entry]
    assert "k.e" not in attrs  # glue (hands its loop to the pool): moved into the entry (inline_glue.py)
    assert '@"k.e.task"' in built.compiled.llvm_ir.split("define", 2)[1]
    assert f"{entry}_shutdown" not in attrs  # the library pool's stop under that name (library.alias)
    assert "optnone" not in attrs["k.e.range"] and "optnone" not in attrs["k.e.task"]
    assert "optnone" not in attrs["k.s"]  # a serial loop

    rng = np.random.default_rng(1)
    x = rng.standard_normal((512, 256)).astype(np.float32)
    a = rng.standard_normal(8).astype(np.float32)
    e, s = load_object(built.compiled.obj, built.abi)([x, a])
    np.testing.assert_allclose(e, np.exp(x.astype(np.float64)), rtol=2e-6)
    np.testing.assert_array_equal(s, a + a)


def test_optimized_ir_on_demand_is_what_was_compiled(monkeypatch):
    # The module compiled whole (kernels compiled in parallel parts are not the whole module's
    # optimised IR: tests/backend/test_split.py checks that object against its own assembly).
    # (Nor is a module compiled with its glue apart, code-generated at O0: test_split checks that.)
    monkeypatch.setenv("HLOC_COMPILE_THREADS", "1")
    monkeypatch.setattr(split, "glue_apart", lambda *a: None)
    built = build(parse_module(HLO, "hints.hlo"), BuildOptions(code_cache=False))  # (not the glue-apart one)
    cm = built.compiled
    assert cm._optimized_ir is None  # not printed by the compile
    text = cm.optimized_ir
    assert cm.optimized_ir is text
    assert "<16 x float>" in text or "<8 x float>" in text or "<4 x float>" in text  # vectorised
    obj = target_machine(cm.target, cm.opt_level).emit_object(llvm.parse_assembly(text))
    assert obj == cm.obj


def test_inline_glue_moves_plain_callees_and_keeps_the_others():
    """inline_glue rewrites a moved callee's arguments through `operands`; llvmlite prints an
    insertvalue from attributes of its own, so a callee with one stays a function (moved, it named
    the callee's argument, i.e. whatever caller value had that name)."""
    import llvmlite.ir as ir

    from hloc.backend.llvm.codegen.inline_glue import inline_glue

    i64 = ir.IntType(64)
    pair = ir.LiteralStructType([i64, i64])
    mod = ir.Module()
    sink = ir.Function(mod, ir.FunctionType(ir.VoidType(), [i64]), "sink")
    plain = ir.Function(mod, ir.FunctionType(ir.VoidType(), [i64]), "plain")
    packs = ir.Function(mod, ir.FunctionType(ir.VoidType(), [i64]), "packs")
    entry = ir.Function(mod, ir.FunctionType(ir.VoidType(), [i64, i64]), "entry")
    for f in (plain, packs, entry):
        f.attributes.add("optnone")
        f.attributes.add("noinline")
    b = ir.IRBuilder(plain.append_basic_block("e"))
    b.call(sink, [b.add(plain.args[0], ir.Constant(i64, 1))])
    b.ret_void()
    b = ir.IRBuilder(packs.append_basic_block("e"))
    b.call(sink, [b.extract_value(b.insert_value(ir.Constant(pair, None), packs.args[0], 0), 0)])
    b.ret_void()
    b = ir.IRBuilder(entry.append_basic_block("e"))
    calls = [b.call(plain, [entry.args[1]]), b.call(packs, [entry.args[1]])]
    b.ret_void()
    inline_glue(calls)
    assert "plain" not in mod.globals and "packs" in mod.globals
    text = str(entry)
    assert "call void @\"packs\"" in text and "call void @\"sink\"" in text
    llvm.parse_assembly(str(mod)).verify()
