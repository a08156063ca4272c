"""Loop hints (loops.py): the `llvm.loop` metadata the loop and reduce kernels put on their loops keeps
LLVM's work bounded (vectorised loops stay rolled, row reductions are unrolled a few times, small
kernels are not interleaved, the combining of per-task partials stays scalar), identical kernels are
still emitted once, and the code computes the same (reference: numpy, from first principles)."""

from __future__ import annotations

import math
import re

import numpy as np
import pytest

from hloc.backend.llvm.build import BuildOptions, build
from hloc.backend.llvm.runner_backend import load_object
from hloc.parse import parse_module


def _build(text: str):
    return build(parse_module(text, "hints.hlo"), BuildOptions())


def _kernel_texts(ir_text: str) -> list[str]:
    """The text of every kernel function (`k.*`, their task and range functions too)."""
    return re.findall(r'^define [^@]*@"?k\.[\w.]+"?\(.*?^}', ir_text, re.M | re.S)


def _kernel(ir_text: str) -> str:
    """The text of the module's one kernel function (`k.*`, not its task or range function), in
    optimised or unoptimised IR."""
    found = [k for k in _kernel_texts(ir_text) if not re.match(r'^define [^@]*@"?k\.[\w.]+\.(task|range)"?\(', k)]
    assert len(found) == 1, found
    return found[0]


def _vector_ops(body: str, op: str) -> int:
    return len(re.findall(rf"= {op} (?:\w+ )*<\d+ x float>", body))


ROWS = """HloModule rows

ENTRY main {
  x = f32[8,1024] parameter(0)
  r = f32[1024] parameter(1)
  b = f32[8,1024] broadcast(r), dimensions={1}
  ROOT m = f32[8,1024] multiply(x, b)
}
"""


def test_vectorised_loop_stays_rolled():
    """The 1024-element rows: vectorised (and interleaved) once, not unrolled into copies of the body."""
    built = _build(ROWS)
    ir_text = built.compiled.llvm_ir
    assert re.search(r"^!(\d+) = distinct !\{!\1, ", ir_text, re.M)  # a loop ID: distinct, self-referencing
    assert "llvm.loop.vectorize.followup_vectorized" in ir_text
    body = _kernel(built.compiled.optimized_ir)
    assert 1 <= _vector_ops(body, "fmul") <= 8  # LLVM alone: 4 interleaved x 16 unrolled

    rng = np.random.default_rng(0)
    x = rng.standard_normal((8, 1024)).astype(np.float32)
    r = rng.standard_normal(1024).astype(np.float32)
    np.testing.assert_array_equal(load_object(built.compiled.obj, built.abi)([x, r]), x * r[None, :])


# (a maximum: a sum this long is summed in rows of 4096 first, tree-reduction-rewriter, and never
# reaches the split reduction)
SUM = """HloModule sum

max {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] maximum(a, b)
}

ENTRY main {
  x = f32[262144] parameter(0)
  z = f32[] constant(-inf)
  ROOT s = f32[] reduce(x, z), dimensions={0}, to_apply=max
}
"""


def test_partials_are_combined_by_a_scalar_loop():
    """The split reduction's per-task partials (at most 256) are added by a rolled scalar loop, in a
    kernel shell left unoptimised (it holds nothing else), here moved into the entry (inline_glue.py)."""
    built = _build(SUM)
    entry = re.compile(rf'^define [^@]*@"?{built.abi.entry_name}"?\(.*?^}}', re.M | re.S)
    assert "x float>" not in entry.search(built.compiled.optimized_ir).group(0)  # LLVM alone: 16 x 4, epilogue
    assert '!"llvm.loop.vectorize.enable", i1 0' in built.compiled.llvm_ir
    text = entry.search(built.compiled.llvm_ir).group(0)
    assert "optnone" in text.split("\n", 1)[0] and "p.header:" in text

    x = np.random.default_rng(1).random(262144).astype(np.float32)
    exe = load_object(built.compiled.obj, built.abi)
    for threads in (1, 2):
        exe.threads = threads
        got = exe([x])
        np.testing.assert_array_equal(got, np.max(x))


SMALL = """HloModule small

ENTRY main {
  x = f32[256,10] parameter(0)
  y = f32[256,10] parameter(1)
  ROOT a = f32[256,10] add(x, y)
}
"""


def test_small_kernel_loops_are_not_interleaved_or_unrolled():
    built = _build(SMALL)
    body = _kernel(built.compiled.llvm_ir)
    ids = re.findall(r"!llvm\.loop !(\d+)", body)
    assert ids
    for k in ids:
        node = re.search(rf"^!{k} = distinct !\{{(.*)\}}", built.compiled.llvm_ir, re.M).group(1)
        refs = re.findall(r"!(\d+)", node)[1:]
        props = [re.search(rf"^!{r} = (.*)$", built.compiled.llvm_ir, re.M).group(1) for r in refs]
        assert any("llvm.loop.unroll.disable" in p for p in props)
    assert _vector_ops(_kernel(built.compiled.optimized_ir), "fadd") <= 2

    rng = np.random.default_rng(2)
    x, y = (rng.standard_normal((256, 10)).astype(np.float32) for _ in range(2))
    np.testing.assert_array_equal(load_object(built.compiled.obj, built.abi)([x, y]), x + y)


TWICE = """HloModule twice

ENTRY main {
  x = f32[8,1024] parameter(0)
  y = f32[8,1024] parameter(1)
  m1 = f32[8,1024] multiply(x, x)
  m2 = f32[8,1024] multiply(y, y)
  ROOT t = (f32[8,1024], f32[8,1024]) tuple(m1, m2)
}
"""


def test_identical_kernels_with_loop_metadata_are_emitted_once():
    """Each loop has its own distinct loop ID; kernels that differ only in those still share one function."""
    built = _build(TWICE)
    kernel = re.search(r'^define [^@]*@"?(k\.[\w.]+)"?\(', _kernel(built.compiled.llvm_ir)).group(1)
    assert len(re.findall(rf'call void @"?{re.escape(kernel)}"?\(', built.compiled.llvm_ir)) == 2

    rng = np.random.default_rng(3)
    x, y = (rng.standard_normal((8, 1024)).astype(np.float32) for _ in range(2))
    m1, m2 = load_object(built.compiled.obj, built.abi)([x, y])
    np.testing.assert_array_equal(m1, x * x)
    np.testing.assert_array_equal(m2, y * y)


ROW_SUM = """HloModule row_sum

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[64,1024] parameter(0)
  z = f32[] constant(0)
  ROOT s = f32[64] reduce(x, z), dimensions={1}, to_apply=add
}
"""


@pytest.mark.parametrize("cpu,cols", [("x86-64-v3", 1024), ("x86-64-v4", 1024), ("x86-64-v4", 512)])
def test_row_reduction_is_unrolled_a_few_times_not_fully(cpu, cols):
    """The rows' vectorised loop: unrolled ROWS_UNROLL times (LLVM alone unrolls its 16 iterations
    fully: 64 vector adds per row); rows of ROWS_INTERLEAVE_TRIP or more on AVX-512 interleaved
    ROWS_INTERLEAVE times and unrolled ROWS_WIDE_UNROLL times, other rows and AVX2 as LLVM
    interleaves them; and the sums still those of the rows."""
    from hloc.backend.llvm.llvmir.loops import ROWS_INTERLEAVE, ROWS_INTERLEAVE_TRIP, ROWS_UNROLL, ROWS_WIDE_UNROLL

    text = ROW_SUM.replace("f32[64,1024]", f"f32[64,{cols}]")
    built = build(parse_module(text, "hints.hlo"), BuildOptions(cpu=cpu))
    wide = cpu == "x86-64-v4" and cols >= ROWS_INTERLEAVE_TRIP
    unroll = ROWS_WIDE_UNROLL if wide else ROWS_UNROLL
    assert (f'!"llvm.loop.unroll.count", i32 {unroll}' in built.compiled.llvm_ir) == (unroll > 1)
    assert (f'!"llvm.loop.interleave.count", i32 {ROWS_INTERLEAVE}' in built.compiled.llvm_ir) == wide
    kernels = _kernel_texts(built.compiled.optimized_ir)
    adds = sum(_vector_ops(k, "fadd(?: reassoc)?") for k in kernels)  # (the kernel: inlined into its task)
    partials = ROWS_INTERLEAVE if wide else 4  # (vectors of partial sums: LLVM interleaves 4 times at most)
    assert partials <= adds <= partials * (unroll + 1), adds
    if wide:
        assert re.search(r"phi <16 x float>", "".join(kernels))

    x = np.random.default_rng(4).random((64, cols)).astype(np.float32)
    got = load_object(built.compiled.obj, built.abi)([x])
    np.testing.assert_allclose(got, x.astype(np.float64).sum(axis=1), rtol=1e-5)


def _loop_function(m, name: str, touches_memory: bool):
    """`void name(ptr p, i64 n)`: a loop over [0, n) calling `@work(p, i)` (a declaration), and
    with `touches_memory` also adding 1 to p[i] itself."""
    import llvmlite.ir as ir

    i64, ptr = ir.IntType(64), ir.PointerType()
    work = m.globals.get("work") or ir.Function(m, ir.FunctionType(ir.VoidType(), [ptr, i64]), "work")
    fn = ir.Function(m, ir.FunctionType(ir.VoidType(), [ptr, i64]), name)
    entry, head, body, done = (fn.append_basic_block(n) for n in ("entry", "head", "body", "done"))
    b = ir.IRBuilder(entry)
    b.branch(head)
    b.position_at_end(head)
    i = b.phi(i64)
    i.add_incoming(ir.Constant(i64, 0), entry)
    b.cbranch(b.icmp_signed("<", i, fn.args[1]), body, done)
    b.position_at_end(body)
    b.call(work, [fn.args[0], i])
    if touches_memory:
        at = b.gep(fn.args[0], [i], source_etype=i64)
        b.store(b.add(b.load(at, typ=i64), ir.Constant(i64, 1)), at)
    i.add_incoming(b.add(i, ir.Constant(i64, 1)), body)
    b.branch(head)
    b.position_at_end(done)
    b.ret_void()
    return fn


def test_a_loop_only_calling_other_functions_is_glue():
    """A loop handing each step to another function (a kernel's chunk loop around library calls) is
    left unoptimised (hints.py); a loop that also loads and stores data itself is not."""
    import llvmlite.ir as ir

    from hloc.backend.llvm.llvmir.hints import mark_glue

    m = ir.Module()
    calls = _loop_function(m, "calls", touches_memory=False)
    works = _loop_function(m, "works", touches_memory=True)
    mark_glue(m)
    assert "optnone" in calls.attributes and "noinline" in calls.attributes
    assert "optnone" not in works.attributes


def test_a_rare_loop_beside_the_calls_keeps_a_function_glue():
    """Data moved by a RARE loop (a row's last elements beside the library calls) does not count
    against glue; the same loop hinted COLD (a sort's loops: hot, only branchy) does."""
    import llvmlite.ir as ir

    from hloc.backend.llvm.llvmir.hints import mark_glue
    from hloc.backend.llvm.llvmir.loops import COLD, RARE, for_range

    m = ir.Module()
    i64, ptr = ir.IntType(64), ir.PointerType()
    work = ir.Function(m, ir.FunctionType(ir.VoidType(), [ptr, i64]), "work")
    fns = {}
    for hint in (RARE, COLD):
        fn = fns[hint] = ir.Function(m, ir.FunctionType(ir.VoidType(), [ptr, i64]), f"tail_{hint}")
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        with for_range(b, fn.args[1], "rows") as i:
            b.call(work, [fn.args[0], i])
        with for_range(b, 3, "tail", hint=hint) as j:
            at = b.gep(fn.args[0], [j], source_etype=i64)
            b.store(b.add(b.load(at, typ=i64), ir.Constant(i64, 1)), at)
        b.ret_void()
    mark_glue(m)
    assert "optnone" in fns[RARE].attributes
    assert "optnone" not in fns[COLD].attributes


TOPK = """HloModule topk

ENTRY main {
  x = f32[6,300] parameter(0)
  ROOT t = (f32[6,5], s32[6,5]) topk(x), k=5, largest=true
}
"""


def test_a_library_top_k_is_all_glue():
    """f32 rows of stride 1 are selected by the library's function: the kernel around it (the row loop,
    the row's index arithmetic and the k results copied out in a RARE loop) is glue, so the module has
    nothing for LLVM's optimiser (here the kernel is moved into the entry: inline_glue.py); the
    results are numpy's stable descending order."""
    built = _build(TOPK)
    ir_text = built.compiled.llvm_ir
    defined = re.findall(r"^define [^\n]*", ir_text, re.M)
    assert "call void @\"hloc.topk.f32.max\"" in ir_text
    assert all("optnone" in d for d in defined), [d for d in defined if "optnone" not in d]

    rng = np.random.default_rng(1)
    x = rng.integers(-20, 20, (6, 300)).astype(np.float32)  # (ties: the lower index first)
    values, indices = load_object(built.compiled.obj, built.abi)([x])
    want = np.argsort(-x, axis=1, kind="stable")[:, :5]
    np.testing.assert_array_equal(indices, want)
    np.testing.assert_array_equal(values, np.take_along_axis(x, want, axis=1))


GROUPS = """HloModule groups

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[2,16,8,64] parameter(0)
  g = f32[2,16,8,2,32] reshape(x)
  z = f32[] constant(0)
  ROOT s = f32[2,2] reduce(g, z), dimensions={1,2,4}, to_apply=add
}
"""


def _latch_properties(ir_text: str, loop: str) -> list[str]:
    """The properties (strings) in the `llvm.loop` node of the loop named `loop`'s latch."""
    m = re.search(rf'br label %"{re.escape(loop)}\.header", !llvm\.loop !(\d+)', ir_text)
    if m is None:
        return []
    node = re.search(rf"^!{m.group(1)} = distinct !\{{(.*)\}}$", ir_text, re.M).group(1)
    props = []
    for ref in re.findall(r"!(\d+)", node)[1:]:
        props += re.findall(r'!"([\w.]+)"', re.search(rf"^!{ref} = (.*)$", ir_text, re.M).group(1))
    return props


@pytest.mark.parametrize("x_shape,g_shape", [((2, 16, 8, 64), (2, 16, 8, 2, 32)),
                                             ((2, 8, 8, 64), (2, 8, 8, 4, 16))])  # (unet's groups of 16)
def test_a_group_norms_inner_reduced_loop_is_the_vectorised_one(x_shape, g_shape):
    """A group norm's sum over (16, 8, 32) or (8, 8, 16) elements: the inner, contiguous reduced loop
    stays a loop (unroll.disable) and is the one vectorised, with vector loads; the loops around it
    are not unrolled. LLVM fully unrolled the short inner loop before vectorising and then vectorised
    the 8-trip loop around it, gathering each element apart (512 scalar loads and inserts, a
    1600-line kernel; in unet 3500 lines, ~150 ms of LLVM each)."""
    xs, gs = (",".join(map(str, s)) for s in (x_shape, g_shape))
    text = GROUPS.replace("f32[2,16,8,64]", f"f32[{xs}]").replace("f32[2,16,8,2,32]", f"f32[{gs}]")
    text = text.replace("f32[2,2]", f"f32[2,{g_shape[3]}]")
    built = _build(text)
    ir_text = built.compiled.llvm_ir
    assert _latch_properties(ir_text, "r4") == ["llvm.loop.unroll.disable"]
    assert "llvm.loop.unroll.disable" in _latch_properties(ir_text, "r2")
    assert "llvm.loop.unroll.disable" in _latch_properties(ir_text, "r1")
    # Vector loads at each target's width (AVX2: 8 floats, AVX-512: 16), not this machine's alone.
    for cpu, width in (("x86-64-v3", 8), ("x86-64-v4", 16)):
        optimized = build(parse_module(text, "hints.hlo"), BuildOptions(cpu=cpu)).compiled.optimized_ir
        body = "".join(_kernel_texts(optimized))
        assert re.search(rf"load <{width} x float>", body), cpu
        assert body.count("insertelement") <= 8 and len(re.findall(r"load float", body)) <= 8, cpu

    x = np.random.default_rng(2).standard_normal(x_shape).astype(np.float32)
    want = x.astype(np.float64).reshape(g_shape).sum(axis=(1, 2, 4))
    np.testing.assert_allclose(load_object(built.compiled.obj, built.abi)([x]), want, rtol=1e-5, atol=1e-4)


WALK_SUM = """HloModule walk

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY main {
  x = f32[%s] parameter(0)
  z = f32[] constant(0)
  ROOT s = f32[%s] reduce(x, z), dimensions={%d}, to_apply=add
}
"""


@pytest.mark.parametrize("x_shape,dim,loop", [((4, 8, 8, 16, 4), 3, "r2"), ((64, 256, 2, 8), 2, "r1")])
def test_loops_around_unrolled_copies_stay_scalar_and_rolled(x_shape, dim, loop):
    """A reduction walking its input (the minor dimension kept), through small loops: the small loops
    inside are unrolled into at most UNROLL_COPIES copies of the body, and the loop around copies of a
    vector's worth (VECTOR_COPIES) is neither vectorised nor unrolled (the SLP vectoriser widens the
    copies). LLVM unrolled (4, 8, 8, 16, 4)'s 8 x 16 x 4 nest fully and then vectorised the loop
    around it with strided loads: unet's reshape_reduce_fusion.22, 1260 lines of assembly."""
    from hloc.backend.llvm.llvmir.loops import UNROLL_COPIES, VECTOR_COPIES

    d = int(loop[1])
    copies = math.prod(x_shape[d + 1:])  # (the small loops inside the loop, unrolled)
    assert copies >= VECTOR_COPIES and (x_shape[d] > 16 or x_shape[d] * copies > UNROLL_COPIES)
    out = [n for k, n in enumerate(x_shape) if k != dim]
    text = WALK_SUM % (",".join(map(str, x_shape)), ",".join(map(str, out)), dim)
    built = _build(text)
    props = _latch_properties(built.compiled.llvm_ir, loop)
    assert "llvm.loop.vectorize.enable" in props and "llvm.loop.unroll.disable" in props

    x = np.random.default_rng(5).standard_normal(x_shape).astype(np.float32)
    want = x.astype(np.float64).sum(axis=dim)
    np.testing.assert_allclose(load_object(built.compiled.obj, built.abi)([x]), want, rtol=1e-5, atol=1e-5)


SHORT_ROWS = """HloModule short_rows

max {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] maximum(a, b)
}

ENTRY main {
  x = f32[65536,%d] parameter(0)
  ninf = f32[] constant(-inf)
  ROOT m = f32[65536] reduce(x, ninf), dimensions={1}, to_apply=max
}
"""


@pytest.mark.parametrize("cols", [32, 64])
def test_a_short_row_reduction_is_the_vectorised_loop(cols):
    """A max over rows of 32 or 64 elements (JAX's logsumexp over a short axis): the reduced loop stays
    a loop (unroll.disable) and is the one vectorised, with vector loads. LLVM fully unrolled it
    before vectorising and then vectorised the rows' loop around it, a gather of 16 rows per element
    (64 gathers: 28 ms of LLVM for special_functions' 40-line kernel)."""
    built = _build(SHORT_ROWS % cols)
    assert _latch_properties(built.compiled.llvm_ir, "r1") == ["llvm.loop.unroll.disable"]
    body = "".join(_kernel_texts(built.compiled.optimized_ir))
    assert "gather" not in body and re.search(r"load <(8|16) x float>", body)
    x = np.random.default_rng(3).standard_normal((65536, cols)).astype(np.float32)
    x[5, 7] = np.nan
    got = load_object(built.compiled.obj, built.abi)([x])
    np.testing.assert_array_equal(got, x.max(axis=1))


def test_a_reduction_walks_small_loop_around_a_nest_that_stays_a_loop_is_not_unrolled():
    """A bias gradient's sum [16,16,1024] -> [16,1024] (mlp_b256_grad), walked in layout order: the
    reduced 16-trip loop holds the 1024-element one, so it stays a loop (unroll.disable), and so does
    the 16-trip loop around it (loops.rolled_walk), which LLVM otherwise unrolled fully at O3: 16
    copies of the vectorised nest, ~20% of the module's LLVM time for no faster code."""
    built = _build(WALK_SUM % ("16,16,1024", "16,1024", 1))
    ir_text = built.compiled.llvm_ir
    assert "llvm.loop.unroll.disable" in _latch_properties(ir_text, "r1")
    assert "llvm.loop.unroll.disable" in _latch_properties(ir_text, "r0")
    body = _kernel(built.compiled.optimized_ir)
    assert 1 <= _vector_ops(body, "fadd") <= 8

    x = np.random.default_rng(6).standard_normal((16, 16, 1024)).astype(np.float32)
    want = x.astype(np.float64).sum(axis=1)
    np.testing.assert_allclose(load_object(built.compiled.obj, built.abi)([x]), want, rtol=1e-5, atol=1e-5)


def test_a_flat_loops_range_function_is_inlined_before_it_is_simplified():
    """A large elementwise kernel's loop goes into a range function its task function calls
    (parallel.py): `alwaysinline`, so LLVM simplifies the loop once, inside the task function, rather
    than alone and then again inlined (the same code, less LLVM time). Nothing of it is left apart."""
    text = """HloModule ew

ENTRY main {
  x = f32[1048576] parameter(0)
  y = f32[1048576] parameter(1)
  m = f32[1048576] multiply(x, y)
  ROOT e = f32[1048576] exponential(m)
}
"""
    built = _build(text)
    ranges = [k for k in _kernel_texts(built.compiled.llvm_ir) if re.match(r'^define [^@]*@"?k\.[\w.]+\.range"?\(', k)]
    assert len(ranges) == 1 and "alwaysinline" in ranges[0].split("{", 1)[0]
    assert not re.search(r'^define [^@]*@"?k\.[\w.]+\.range"?\(', built.compiled.optimized_ir, re.M)

    rng = np.random.default_rng(7)
    x, y = (rng.standard_normal(1048576).astype(np.float32) for _ in range(2))
    np.testing.assert_allclose(load_object(built.compiled.obj, built.abi)([x, y]), np.exp(x * y), rtol=2e-6)
