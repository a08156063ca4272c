"""Compiling a module's kernels in parallel parts (split.py): the parts' assembly joined into one
object, the split itself, and whole-module vs split compiles giving the same results (bit for bit:
each kernel is the same code either way) and the same exported symbols. Expected values come from
numpy (first principles) or XLA (testdata/models)."""

from __future__ import annotations

import re
import threading

import llvmlite.binding as llvm
import llvmlite.ir as ir
import numpy as np
import pytest
from conftest import ROOT, TESTDATA

from hloc.backend.llvm import compile as compile_mod
from hloc.backend.llvm.build import BuildOptions, build
from hloc.backend.llvm.codegen import split
from hloc.backend.llvm.codegen.target import TargetSpec, init_llvm, target_machine
from hloc.backend.llvm.compile import CompileOptions, compile_to_object
from hloc.backend.llvm.runner_backend import load_object
from hloc.parse import parse_module

# Several kernels of different kinds: a while loop (its body is a function of its own, called from
# the while kernel), a sort (comparator), a dot, transcendental elementwise kernels, a reduction.
MULTI = """HloModule multi

add_f {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

lt_f {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT l = pred[] compare(a, b), direction=LT
}

body {
  st = (s32[], f32[64]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  one = s32[] constant(1)
  i1 = s32[] add(i, one)
  x = f32[64] get-tuple-element(st), index=1
  c = f32[] constant(0.5)
  cb = f32[64] broadcast(c), dimensions={}
  y = f32[64] multiply(x, cb)
  t = f32[64] tanh(y)
  ROOT out = (s32[], f32[64]) tuple(i1, t)
}

cond {
  st = (s32[], f32[64]) parameter(0)
  i = s32[] get-tuple-element(st), index=0
  lim = s32[] constant(3)
  ROOT lt = pred[] compare(i, lim), direction=LT
}

ENTRY e {
  x = f32[64,64] parameter(0)
  w = f32[64,64] parameter(1)
  v = f32[64] parameter(2)
  ex = f32[64,64] exponential(x)
  lg = f32[64,64] log(ex)
  d = f32[64,64] dot(lg, w), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  zero = f32[] constant(0)
  r = f32[64] reduce(d, zero), dimensions={1}, to_apply=add_f
  s = f32[64] sort(r), dimensions={0}, to_apply=lt_f
  i0 = s32[] constant(0)
  init = (s32[], f32[64]) tuple(i0, v)
  wl = (s32[], f32[64]) while(init), condition=cond, body=body
  wv = f32[64] get-tuple-element(wl), index=1
  er = f32[64] erf(s)
  ROOT o = (f32[64,64], f32[64], f32[64], f32[64]) tuple(d, s, wv, er)
}
"""


@pytest.fixture
def force_split(monkeypatch):
    """Split every module with more than one unit, into as many parts as it has, on 2 threads."""
    monkeypatch.setattr(split, "MIN_GAIN", 0)
    monkeypatch.setattr(split, "PART_COST", 1e-9)
    monkeypatch.setattr(compile_mod, "MAX_PARTS", 64)
    monkeypatch.setenv("HLOC_COMPILE_THREADS", "2")
    monkeypatch.setenv("HLOC_CODE_CACHE", "0")  # (LLVM compiles every part, whatever ran before)


def _whole(monkeypatch, fn):
    with monkeypatch.context() as m:
        m.setenv("HLOC_COMPILE_THREADS", "1")
        return fn()


def _inputs():
    rng = np.random.default_rng(3)
    x = rng.uniform(-1, 1, (64, 64)).astype(np.float32)
    w = rng.standard_normal((64, 64)).astype(np.float32)
    v = rng.standard_normal(64).astype(np.float32)
    return [x, w, v]


def _symbols(obj: bytes) -> dict[str, tuple[int, int]]:
    """Every named symbol of an ELF64 object: name -> (binding, section index; 0 undefined)."""
    import struct

    shoff, = struct.unpack_from("<Q", obj, 0x28)
    shentsize, shnum = struct.unpack_from("<HH", obj, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", obj, shoff + k * shentsize) for k in range(shnum)]
    out = {}
    for sh in sections:
        if sh[1] != 2:  # SHT_SYMTAB
            continue
        strtab = sections[sh[6]]
        for off in range(sh[4], sh[4] + sh[5], 24):
            name, info, _, shndx = struct.unpack_from("<IBBH", obj, off)
            if name:
                s = obj[strtab[4] + name:obj.index(b"\0", strtab[4] + name)].decode()
                out[s] = (info >> 4, shndx)
    return out


def _exported(obj: bytes) -> set[str]:
    """Global symbols an ELF64 object defines (its exports)."""
    return {name for name, (binding, shndx) in _symbols(obj).items() if binding == 1 and shndx != 0}  # STB_GLOBAL


def test_split_and_whole_compute_the_same(force_split, monkeypatch):
    cm = compile_to_object(parse_module(MULTI, "multi.hlo"), CompileOptions(entry_name="multi"))
    whole = _whole(monkeypatch, lambda: compile_to_object(parse_module(MULTI, "multi.hlo"),
                                                           CompileOptions(entry_name="multi")))
    assert cm.assembled is not None and "parts" in cm.timings  # compiled in parts
    assert whole.assembled is None and "optimize" in whole.timings
    assert _exported(cm.obj) == _exported(whole.obj) == {"multi", "multi_shutdown", "multi_temp_bytes",
                                                        "multi_num_params", "multi_num_results"}
    from hloc.backend.llvm.compile import Executable

    args = _inputs()
    got = Executable(cm)(args)
    want = Executable(whole)(args)
    for g, w in zip(got, want):
        np.testing.assert_array_equal(g, w)
    # and against numpy, from first principles
    x, w, v = (a.astype(np.float64) for a in args)
    d = np.log(np.exp(x)) @ w
    np.testing.assert_allclose(got[0], d, rtol=1e-4, atol=1e-4)
    np.testing.assert_allclose(got[1], np.sort(d.sum(1)), rtol=1e-4, atol=1e-3)
    t = v
    for _ in range(3):
        t = np.tanh(t * 0.5)
    np.testing.assert_allclose(got[2], t, rtol=1e-5, atol=1e-6)


def test_object_is_deterministic_and_independent_of_threads(force_split, monkeypatch):
    objs = []
    for threads in ("2", "3", "2"):
        monkeypatch.setenv("HLOC_COMPILE_THREADS", threads)
        objs.append(compile_to_object(parse_module(MULTI, "multi.hlo")).obj)
    assert objs[0] == objs[1] == objs[2]


def test_assembly_is_what_was_assembled(force_split):
    cm = compile_to_object(parse_module(MULTI, "multi.hlo"), CompileOptions(entry_name="multi"))
    asm = cm.assembly()
    assert re.search(r"^multi:", asm, re.M) and re.search(r"^\s*\.globl\s+multi$", asm, re.M)
    assert ".Lp0_" in asm and ".Lp1_" in asm  # the parts' labels, renamed apart
    assert not re.search(r"^\s*\.globl\s+k\.", asm, re.M)  # kernels stay local
    # Assembling the text `--emit asm` writes gives the object `--emit obj` writes.
    init_llvm()
    tm = target_machine(cm.target, cm.opt_level)
    text = "".join('module asm "' + line.replace("\\", "\\5C").replace('"', "\\22") + '"\n'
                   for line in asm.splitlines())
    assert tm.emit_object(llvm.parse_assembly(text)) == tm.emit_object(llvm.parse_assembly(cm.assembled)) == cm.obj


@pytest.mark.parametrize("model", ["transformer_layer", "layernorm"])
def test_models_split_match_xla(force_split, monkeypatch, model):
    base = TESTDATA / "models"
    text = (base / f"{model}.hlo").read_text()
    built = build(parse_module(text, f"{model}.hlo"), BuildOptions())
    inputs = np.load(base / f"{model}.inputs.npz")
    expected = np.load(base / f"{model}.expected.npz")
    args = [inputs[f"arg{k}"] for k in range(len(inputs.files))]
    out = load_object(built.compiled.obj, built.abi)(args)
    outs = out if isinstance(out, tuple) else (out,)
    for k, o in enumerate(outs):
        np.testing.assert_allclose(o, expected[f"out{k}"], rtol=2e-4, atol=2e-5)
    whole = _whole(monkeypatch, lambda: build(parse_module(text, f"{model}.hlo"), BuildOptions()))
    if model == "transformer_layer":
        assert built.compiled.assembled is not None and whole.compiled.assembled is None
    wout = load_object(whole.compiled.obj, whole.abi)(args)
    for a, b in zip(outs, wout if isinstance(wout, tuple) else (wout,)):
        np.testing.assert_array_equal(a, b)


def test_default_split_leaves_single_kernel_modules_whole(monkeypatch):
    monkeypatch.setenv("HLOC_COMPILE_THREADS", "2")
    text = """HloModule one
ENTRY e {
  x = f32[1024,1024] parameter(0)
  ROOT t = f32[1024,1024] tanh(x)
}
"""
    cm = compile_to_object(parse_module(text, "one.hlo"))
    assert cm.assembled is None  # one kernel and the entry's glue: nothing to gain


def test_cross_target_compiles_whole(force_split):
    spec = TargetSpec(triple="aarch64-unknown-linux-gnu", cpu="generic", features="")
    assert not split.splittable(spec)
    try:
        cm = compile_to_object(parse_module(MULTI, "multi.hlo"), CompileOptions(target=spec))
    except RuntimeError as e:  # pragma: no cover - an LLVM without AArch64
        pytest.skip(str(e))
    assert cm.assembled is None and cm.obj[:4] == b"\x7fELF"


def test_bad_thread_count_is_a_usage_error(monkeypatch):
    from hloc.errors import UsageError

    monkeypatch.setenv("HLOC_COMPILE_THREADS", "many")
    with pytest.raises(UsageError, match="HLOC_COMPILE_THREADS"):
        compile_to_object(parse_module(MULTI, "multi.hlo"))


# ------------------------------------------------------------------------------------------------
# the pieces


def test_join_asm_renames_labels_apart_and_localizes():
    a = """\t.text
\t.file\t"a"
\t.globl\tk.x
\t.hidden\tk.x
\t.type\tk.x,@function
k.x:
.LBB0_1:
\tjmp\t.LBB0_1
\tvmovaps\t.LCPI0_0(%rip), %ymm0
.Lfunc_end0:
\t.size\tk.x, .Lfunc_end0-k.x
\t.globl\tentry
entry:
\tcallq\tk.Log.y
\t.section\t".note.GNU-stack","",@progbits
\t.addrsig
"""
    b = """\t.text
\t.file\t"b"
k.Log.y:
.LBB0_1:
\tjmp\t.LBB0_1
\t.section\t.rodata,"a",@progbits
.Lc.t:
\t.ascii\t"a.Lb\\000"
\t.quad\t.LBB0_1
"""
    out = split.join_asm([a, b], {"k.x"})
    assert ".globl\tk.x" not in out and ".hidden\tk.x" not in out and ".globl\tentry" in out
    assert ".Lp0_BB0_1:" in out and "jmp\t.Lp0_BB0_1" in out and ".Lp1_BB0_1:" in out and "jmp\t.Lp1_BB0_1" in out
    assert ".Lp0_CPI0_0(%rip)" in out and ".size\tk.x, .Lp0_func_end0-k.x" in out
    assert "callq\tk.Log.y" in out and "\nk.Log.y:" in out  # '.L' inside a symbol name is not a label
    assert '.ascii\t"a.Lb\\000"' in out  # data is not rewritten
    assert ".quad\t.Lp1_BB0_1" in out and ".Lp1_c.t:" in out
    assert ".file" not in out and ".addrsig" not in out and "GNU-stack" not in out
    assert out.count("\t.text") >= 3  # each part starts and ends in .text


def test_join_asm_renames_immediate_addresses_of_labels():
    """Non-PIC code takes a private constant's address as an immediate: `$.Lc.t` is the label too
    (`a$.Lx` would be a name)."""
    a = "\tmovabsq\t$.Lc.t, %rsi\n\tmovl\t$.Lc.t+4, %eax\n\tcallq\ta$.Lx\n\t.section\t.rodata\n.Lc.t:\n\t.long\t1\n"
    out = split.join_asm([a, a], set())
    assert "movabsq\t$.Lp0_c.t, %rsi" in out and "movabsq\t$.Lp1_c.t, %rsi" in out
    assert "movl\t$.Lp1_c.t+4, %eax" in out and "callq\ta$.Lx" in out
    assert split.undefined_labels(out) == []


def test_undefined_labels_finds_a_label_no_part_defines():
    asm = ("\tjmp\t.LBB0_1\n.LBB0_1:\n\tmovabsq\t$.Lc.k, %rsi\n\tvmovss\t.LCPI0_0(%rip), %xmm0\n"
           "\t.set\t.Lset0, 4\n\t.long\t.Lset0\n\t.ascii\t\"x.Lnot\"\n\tnop\t# .Lcomment\n")
    assert split.undefined_labels(asm) == [".LCPI0_0", ".Lc.k"]


def _toy_module() -> ir.Module:
    """entry -> k1, k2; both use helper h, a small constant c, a big constant big and a mutable
    counter g; k1 alone uses its own function k1.task."""
    m = ir.Module(name="toy")
    m.triple = llvm.get_process_triple()
    f32, i32, ptr = ir.FloatType(), ir.IntType(32), ir.PointerType()
    void = ir.VoidType()

    def const(name, n, linkage="private"):
        t = ir.ArrayType(ir.IntType(8), n)
        g = ir.GlobalVariable(m, t, name)
        g.initializer = ir.Constant(t, bytearray(range(n % 256)) + bytearray(n - n % 256))
        g.global_constant = True
        g.linkage = linkage
        return g

    c = const("c", 16)
    big = const("big", 8192)
    g = ir.GlobalVariable(m, i32, "g")
    g.initializer = ir.Constant(i32, 0)
    g.linkage = "internal"
    h = ir.Function(m, ir.FunctionType(f32, [ptr]), "h")
    h.linkage = "internal"
    b = ir.IRBuilder(h.append_basic_block("entry"))
    b.ret(b.load(b.gep(c, [ir.Constant(i32, 0), ir.Constant(i32, 4)]), typ=f32))

    def kernel(name, extra=None):
        fn = ir.Function(m, ir.FunctionType(void, [ptr]), name)
        fn.linkage = "internal"
        fn.attributes.add("noinline")
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        v = b.call(h, [fn.args[0]])
        v = b.fadd(v, b.load(b.gep(c, [ir.Constant(i32, 0), ir.Constant(i32, 8)]), typ=f32))
        v = b.fadd(v, b.load(b.gep(big, [ir.Constant(i32, 0), ir.Constant(i32, 100)]), typ=f32))
        b.store(b.add(b.load(g, typ=i32), ir.Constant(i32, 1)), g)
        if extra is not None:
            b.call(extra, [fn.args[0]])
        b.store(v, fn.args[0])
        b.ret_void()
        return fn

    task = ir.Function(m, ir.FunctionType(void, [ptr]), "k1.task")
    task.linkage = "internal"
    ir.IRBuilder(task.append_basic_block("entry")).ret_void()
    k1 = kernel("k1", task)
    k2 = kernel("k2")
    e = ir.Function(m, ir.FunctionType(void, [ptr]), "entry")
    b = ir.IRBuilder(e.append_basic_block("entry"))
    b.call(k1, [e.args[0]])
    b.call(k2, [e.args[0]])
    b.ret_void()
    return m


def test_units_parts_and_their_ir():
    init_llvm()
    m = _toy_module()
    ents = split.entities(m)
    assert split.module_text(m, ents) == str(m)
    units = split.split_units(ents)
    roots = [[ents[r].value.name for r in u.roots] for u in units]
    assert roots == [["entry"], ["k1"], ["k2"], ["h"]]  # h, used by two kernels, is a unit of its own
    members = {ents[r].value.name: k for k, u in enumerate(units) for r in u.members}
    assert members["k1.task"] == 1 and members["c"] == 1 and members["big"] == 1 and members["g"] == 1
    parts = [split.Part([u], set(u.members), u.cost) for u in units]
    exported = split.shared(parts, ents)
    assert {ents[r].value.name for r in exported} == {"k1", "k2", "h", "big", "g"}  # c is copied instead
    texts = [split.part_ir(p, ents, split._header(m), exported) for p in parts]
    assert "define hidden void @\"k2\"" in texts[2] and "declare hidden float @\"h\"(ptr)" in texts[2]
    assert '@"big" = external hidden constant [8192 x i8]' in texts[2]
    assert '@"g" = external hidden global i32' in texts[2] and '@"g" = hidden global i32 0' in texts[1]
    assert all('@"c" = private constant' in t for t in texts[1:])  # k2's and h's own copies
    tm = target_machine(TargetSpec().resolved(), 2)
    asms = []
    for t in texts:  # every part is a valid module on its own
        mod = llvm.parse_assembly(t)
        mod.verify()
        asms.append(tm.emit_assembly(mod))
    names = {ents[r].value.name for r in exported}
    joined = split.join_asm(asms, names)
    obj = tm.emit_object(llvm.parse_assembly(split.assembly_module(m, joined)))
    assert _exported(obj) == {"entry"}


def test_without_parallel_llvm_compiles_whole(force_split, monkeypatch):
    # An llvmlite whose lock is not where split.py expects it would compile the parts one at a time:
    # the module is then compiled whole.
    monkeypatch.setattr(split, "parallel_available", lambda: False)
    assert compile_to_object(parse_module(MULTI, "multi.hlo")).assembled is None


def test_gate_lets_only_compiling_threads_pass():
    import threading

    split._gate()
    from llvmlite.binding import ffi

    gate = ffi.lib._lock._lock
    assert isinstance(gate, split._Gate) and split._gate() is gate  # installed once
    held = threading.Event()
    release = threading.Event()

    def holder():
        with gate:
            held.set()
            release.wait(10)

    t = threading.Thread(target=holder)
    t.start()
    held.wait(10)
    try:
        assert not gate.acquire(blocking=False)  # another thread holds llvmlite's lock: we wait for it
        gate.free.on = True
        try:
            assert gate.acquire(blocking=False)  # a compiling thread passes
            gate.release()
        finally:
            gate.free.on = False
    finally:
        release.set()
        t.join()
    assert gate.acquire(blocking=False)
    gate.release()


def test_module_text_reuses_the_kernels_printed_text(monkeypatch):
    """The emitter prints each kernel to find identical ones (split.keep_text): the module text made
    from those (and from the functions printed again where hints.mark_glue changed them since) is
    str(llmod)."""
    checked = []
    orig = split.module_text

    def check(llmod, ents):
        text = orig(llmod, ents)
        checked.append(text == str(llmod))
        return text

    monkeypatch.setattr(split, "module_text", check)
    kept = []
    keep = split.keep_text
    monkeypatch.setattr(split, "keep_text", lambda fn, text: (kept.append(fn), keep(fn, text)))
    compile_to_object(parse_module(MULTI, "multi.hlo"))
    text = (TESTDATA / "models" / "layernorm.hlo").read_text()
    build(parse_module(text, "layernorm.hlo"), BuildOptions())
    assert checked == [True, True] and kept
    assert any("optnone" in fn.attributes for fn in kept)  # glue marked after it was printed


def test_an_all_glue_module_skips_the_pipeline_for_the_same_object(monkeypatch):
    """A module whose functions are all `optnone` glue (a GEMM handed to the library) is not run
    through the optimisation pipeline, which would leave it as it is; its code generator is the O0 one
    (target.codegen_level)."""
    monkeypatch.setenv("HLOC_COMPILE_THREADS", "1")
    text = """HloModule mm
ENTRY e {
  a = f32[256,256] parameter(0)
  b = f32[256,256] parameter(1)
  ROOT d = f32[256,256] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}
"""
    calls = []
    real = compile_mod.optimize
    monkeypatch.setattr(compile_mod, "optimize", lambda *a: (calls.append(a), real(*a))[1])
    cm = compile_to_object(parse_module(text, "mm.hlo"))
    assert "optnone" in cm.llvm_ir
    if re.search(r"^define [^\n]*\)(?![^\n]*optnone)", cm.llvm_ir, re.M):
        pytest.skip("this module has non-glue functions here")
    assert not calls
    mod = llvm.parse_assembly(cm.llvm_ir)
    real(mod, target_machine(cm.target, cm.opt_level), cm.opt_level)
    assert target_machine(cm.target, 0).emit_object(mod) == cm.obj


BENCH = ROOT.parent / "shared" / "bench"


@pytest.mark.slow
@pytest.mark.parametrize("pic", [True, False], ids=["pic", "no-pic"])
def test_bench_modules_compile_split_and_whole(monkeypatch, pic):
    """Every bench module compiles with --pic and --no-pic on 1 thread (whole) and 2 (in parts, where
    it pays): the same exported symbols either way. (Non-PIC parts take their constants' addresses
    as immediates, `$.Lc.constant.35`, which the join must rename with the part's labels.)"""
    names = sorted(BENCH.glob("*.hlo"))
    if not names:
        pytest.skip(f"no bench modules at {BENCH}")
    in_parts = 0
    for path in names:
        objs = {}
        for threads in ("1", "2"):
            monkeypatch.setenv("HLOC_COMPILE_THREADS", threads)
            built = build(parse_module(path.read_text(), path.name), BuildOptions(pic=pic))
            objs[threads] = built.compiled
        assert objs["1"].assembled is None, path.name
        assert _exported(objs["1"].obj) == _exported(objs["2"].obj), path.name
        in_parts += objs["2"].assembled is not None
    assert in_parts >= 3  # (the larger models: transformer, MLPs, convolution)


def test_glue_units_are_a_part_of_their_own_compiled_at_O0(force_split, monkeypatch):
    """The glue units (the entry, kernels handing their loops to the pool: all optnone) make one part
    that is not optimised and is code-generated by an O0 TargetMachine; every other part is optimised
    at the module's level. The results stay the whole module's."""
    monkeypatch.setattr(split, "PART_COST", 400)  # (parts by cost: several units each)
    captured = {}
    real_plan, real_one = split.plan, split._compile_one
    monkeypatch.setattr(split, "plan", lambda *a: captured.setdefault("split", real_plan(*a)))
    compiled = []  # per part compiled: (glue, its TargetMachine, whether the pipeline ran on it)
    from hloc.backend.llvm.codegen import target as target_mod
    real_opt = target_mod.optimize
    ran = set()  # the threads that ran the pipeline (parts compile on two)
    monkeypatch.setattr(target_mod, "optimize", lambda *a: (ran.add(threading.get_ident()), real_opt(*a))[1])

    def one(text, tm, opt_level, verify, glue=False):
        ran.discard(threading.get_ident())
        asm = real_one(text, tm, opt_level, verify, glue)
        compiled.append((glue, tm, threading.get_ident() in ran))
        return asm

    monkeypatch.setattr(split, "_compile_one", one)
    levels = {}  # id(TargetMachine) -> its level, for the TargetMachines made for the parts
    real_new = compile_mod.new_target_machine

    def new_tm(spec, level):
        tm = real_new(spec, level)
        levels[id(tm)] = level
        return tm

    monkeypatch.setattr(compile_mod, "new_target_machine", new_tm)
    monkeypatch.setattr(split, "_TMS", {})  # (none kept from earlier compiles)
    cm = compile_to_object(parse_module(MULTI, "multi.hlo"), CompileOptions(entry_name="multi", opt_level=3))
    parts = captured["split"]
    assert parts is not None and parts.glue.count(True) == 1 and parts.glue.count(False) >= 1
    glue_text = parts.texts[parts.glue.index(True)]
    defined = re.findall(r"^define [^\n]*", glue_text, re.M)
    assert any('@"multi"' in d for d in defined) and all("optnone" in d for d in defined)
    for k, text in enumerate(parts.texts):
        if not parts.glue[k]:
            assert any("optnone" not in d for d in re.findall(r"^define [^\n]*", text, re.M))
    assert sorted((glue, opt) for glue, _, opt in compiled) == sorted((g, not g) for g in parts.glue)
    glue_tms = {id(tm) for glue, tm, _ in compiled if glue}
    assert glue_tms.isdisjoint(id(tm) for glue, tm, _ in compiled if not glue)
    assert {levels[id(tm)] for glue, tm, _ in compiled} == {0, 3}
    assert all(levels[id(tm)] == (0 if glue else 3) for glue, tm, _ in compiled)

    whole = _whole(monkeypatch, lambda: compile_to_object(parse_module(MULTI, "multi.hlo"),
                                                           CompileOptions(entry_name="multi")))
    from hloc.backend.llvm.compile import Executable
    args = _inputs()
    for g, w in zip(Executable(cm)(args), Executable(whole)(args)):
        np.testing.assert_array_equal(g, w)


def test_glue_apart_of_a_module_compiled_whole(monkeypatch):
    """jax/fft compiled whole (one thread): its glue (FFT library calls, the entry) code-generated at
    O0 with the one optimised kernel's assembly as `module asm`. The object exports and imports what
    the whole-module compile's does, the functions the two share are local symbols (an AOT object
    linked beside another module's must not clash), and the results are bit-identical."""
    monkeypatch.setenv("HLOC_COMPILE_THREADS", "1")
    path = TESTDATA / "producers" / "jax" / "bench" / "fft.hlo"
    text = path.read_text()
    apart = build(parse_module(text, str(path)), BuildOptions(code_cache=False))
    assert apart.compiled.glue_module is not None and apart.compiled.assembled is None
    assert 'module asm "k.convert_element_type.1.task:' in apart.compiled.glue_module
    monkeypatch.setattr(split, "glue_apart", lambda *a: None)
    whole = build(parse_module(text, str(path)), BuildOptions(code_cache=False))
    assert whole.compiled.glue_module is None
    a, w = _symbols(apart.compiled.obj), _symbols(whole.compiled.obj)
    assert _exported(apart.compiled.obj) == _exported(whole.compiled.obj)
    assert {s for s, (_, sec) in a.items() if sec == 0} == {s for s, (_, sec) in w.items() if sec == 0}
    assert "k.convert_element_type.1.task" in a  # (defined by the module asm)
    assert all(a[s][0] == 0 for s in a if s.startswith("k."))  # STB_LOCAL
    rng = np.random.default_rng(0)
    c = rng.standard_normal((2, 256, 4096)).astype(np.float32)
    args = [(c[0] + 1j * c[1]).astype(np.complex64), rng.standard_normal((256, 4096)).astype(np.float32),
            rng.standard_normal((8, 256, 256)).astype(np.float32)]
    got = load_object(apart.compiled.obj, apart.abi)(args)
    want = load_object(whole.compiled.obj, whole.abi)(args)
    assert len(got) == len(want) == 5
    for g, x in zip(got, want):
        np.testing.assert_array_equal(g, x)
