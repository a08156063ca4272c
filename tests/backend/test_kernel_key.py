"""Kernels keyed by what their code is made from (codegen/kernel_key.py): instructions that differ only
in names and source metadata share one kernel function, emitted once; a different constant, shape,
layout or called computation gets its own. Results from numpy (first principles)."""

from __future__ import annotations

import re

import numpy as np

from hloc.backend.llvm.build import BuildOptions, build
from hloc.backend.llvm.codegen import emitter
from hloc.backend.llvm.runner_backend import load_object
from hloc.parse import parse_module

LAYERS = """HloModule layers

fused_a {
  p = f32[64,256] parameter(0)
  c = f32[] constant(2)
  b = f32[64,256] broadcast(c), dimensions={}
  m = f32[64,256] multiply(p, b)
  ROOT t = f32[64,256] tanh(m)
}

fused_b {
  q = f32[64,256] parameter(0)
  k = f32[] constant(2)
  bk = f32[64,256] broadcast(k), dimensions={}
  mm = f32[64,256] multiply(q, bk)
  ROOT tt = f32[64,256] tanh(mm)
}

fused_c {
  q = f32[64,256] parameter(0)
  k = f32[] constant(3)
  bk = f32[64,256] broadcast(k), dimensions={}
  mm = f32[64,256] multiply(q, bk)
  ROOT tt = f32[64,256] tanh(mm)
}

ENTRY main {
  x = f32[64,256] parameter(0)
  f1 = f32[64,256] fusion(x), kind=kLoop, calls=fused_a, metadata={op_name="layer_0/mul"}
  f2 = f32[64,256] fusion(f1), kind=kLoop, calls=fused_b, metadata={op_name="layer_1/mul"}
  f3 = f32[64,256] fusion(f2), kind=kLoop, calls=fused_c, metadata={op_name="layer_2/mul"}
  ROOT t = (f32[64,256], f32[64,256], f32[64,256]) tuple(f1, f2, f3)
}
"""


def _kernel_names(ir_text: str) -> list[str]:
    return re.findall(r'^define [^@]*@"?(k\.[\w.]+?)"?\(', ir_text, re.M)


def test_same_fused_computation_is_one_kernel_emitted_once(monkeypatch):
    calls = []
    real = emitter.ModuleEmitter._dedupe

    def counting(self, fn, new):
        calls.append(fn.name)
        return real(self, fn, new)

    monkeypatch.setattr(emitter.ModuleEmitter, "_dedupe", counting)
    built = build(parse_module(LAYERS, "layers.hlo"), BuildOptions(hlo_pipeline="O0"))
    kernels = [n for n in _kernel_names(built.compiled.llvm_ir) if not n.endswith((".task", ".range"))]
    # f1 and f2 share a kernel (same code, other names and metadata); f3 multiplies by 3: its own
    assert len(kernels) == 2, kernels
    assert len(calls) == 2, calls  # f2's kernel was not built again only to be found identical

    x = np.random.default_rng(0).standard_normal((64, 256)).astype(np.float32)
    f1, f2, f3 = load_object(built.compiled.obj, built.abi)([x])
    e1 = np.tanh(x * np.float32(2))
    e2 = np.tanh(e1 * np.float32(2))
    e3 = np.tanh(e2 * np.float32(3))
    for got, want in ((f1, e1), (f2, e2), (f3, e3)):
        np.testing.assert_allclose(got, want, rtol=2e-6, atol=2e-6)


def test_layouts_and_shapes_are_part_of_the_key():
    from hloc.backend.llvm.codegen.kernel_key import kernel_key

    text = """HloModule m

ENTRY main {
  x = f32[4,8]{1,0} parameter(0)
  y = f32[4,8]{0,1} parameter(1)
  z = f32[4,8]{1,0} parameter(2)
  a = f32[4,8]{1,0} negate(x)
  b = f32[4,8]{1,0} negate(y)
  c = f32[4,8]{1,0} negate(z), metadata={op_name="other"}
  ROOT t = (f32[4,8], f32[4,8], f32[4,8]) tuple(a, b, c)
}
"""
    m = parse_module(text, "m.hlo")
    a, b, c = (m.entry.instruction(n) for n in "abc")

    def key(i):
        return kernel_key(i, [i.shape], [[o.shape] for o in i.operands], False, False, None)

    assert key(a) == key(c)  # names and metadata aside, the same code
    assert key(a) != key(b)  # the operand's layout differs
    assert kernel_key(a, [a.shape], [[a.operands[0].shape]], True, False, None) != key(a)  # with scratch
