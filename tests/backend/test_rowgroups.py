"""Consecutive row-local kernels run block of rows by block of rows (backend/llvm/rowgroups.py).

The references: the same module compiled with no groups (each kernel over all rows, one after the
other), bit for bit, with 1 and 2 threads; and the interpreter, within f32 reduction tolerance.
Sizes are just above rowgroups.MIN_GROUP_BYTES, with a row count that is not a multiple of the
block."""

from __future__ import annotations

import re

import numpy as np
import pytest

from hloc.backend.llvm import compile_module
from hloc.backend.llvm.codegen import rowgroups
from hloc.interp import evaluate
from hloc.parse import parse_module
from hloc.passes import optimize

ROWS, COLS = 301, 1024

REDUCERS = """
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

max {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] maximum(a, b)
}
"""

# A layer norm (mean, then the mean of squared deviations, then the output: three kernels after
# -O2) and a softmax (max, exp, sum, divide: four kernels), as JAX writes them.
R, RC = f"f32[{ROWS}]", f"f32[{ROWS},{COLS}]"
LAYERNORM = f"""HloModule ln
{REDUCERS}
ENTRY e {{
  x = {RC} parameter(0)
  g = f32[{COLS}] parameter(1)
  z = f32[] constant(0)
  n = {R} broadcast(f32[] constant({COLS})), dimensions={{}}
  s = {R} reduce(x, z), dimensions={{1}}, to_apply=add
  mean = {R} divide(s, n)
  meanb = {RC} broadcast(mean), dimensions={{0}}
  d = {RC} subtract(x, meanb)
  dd = {RC} multiply(d, d)
  v = {R} reduce(dd, z), dimensions={{1}}, to_apply=add
  var = {R} divide(v, n)
  eps = {R} broadcast(f32[] constant(1e-05)), dimensions={{}}
  r = {R} rsqrt({R} add(var, eps))
  rb = {RC} broadcast(r), dimensions={{0}}
  y = {RC} multiply(d, rb)
  gb = {RC} broadcast(g), dimensions={{1}}
  ROOT o = {RC} multiply(y, gb)
}}
"""

SOFTMAX = f"""HloModule sm
{REDUCERS}
ENTRY e {{
  x = {RC} parameter(0)
  g = f32[{COLS}] parameter(1)
  ninf = f32[] constant(-inf)
  z = f32[] constant(0)
  m = {R} reduce(x, ninf), dimensions={{1}}, to_apply=max
  mb = {RC} broadcast(m), dimensions={{0}}
  e = {RC} exponential({RC} subtract(x, mb))
  s = {R} reduce(e, z), dimensions={{1}}, to_apply=add
  sb = {RC} broadcast(s), dimensions={{0}}
  ROOT o = {RC} divide(e, sb)
}}
"""

# The output needs the row sums in reverse row order: row r reads row ROWS-1-r of the reduce's
# output, which a block of rows has not computed yet. Not a group.
REVERSED = f"""HloModule rev
{REDUCERS}
ENTRY e {{
  x = {RC} parameter(0)
  g = f32[{COLS}] parameter(1)
  z = f32[] constant(0)
  s = {R} reduce(x, z), dimensions={{1}}, to_apply=add
  rs = {R} reverse(s), dimensions={{0}}
  rb = {RC} broadcast(rs), dimensions={{0}}
  ROOT o = {RC} subtract(x, rb)
}}
"""


def _compile(text: str, monkeypatch, grouped: bool):
    m = parse_module(text, "t.hlo")
    optimize(m, "O2")
    with monkeypatch.context() as mp:
        if not grouped:
            mp.setattr(rowgroups, "MIN_GROUP_BYTES", 1 << 62)
        return compile_module(m)


def _kernels(exe) -> list[str]:
    """The kernels of the module, by their functions (a parallel kernel's range and task functions
    and a row group's phases count as their kernel's; a glue kernel may be gone into the entry:
    inline_glue.py)."""
    names = re.findall(r'define internal void @"(k\.[^"]*)"', exe.emit_llvm(optimized=False))
    return list(dict.fromkeys(re.sub(r"(\.range|\.task|\.p\d+|\.im2col)+$", "", n) for n in names))


def _inputs():
    rng = np.random.default_rng(0)
    return [rng.standard_normal((ROWS, COLS), dtype=np.float32), rng.standard_normal(COLS, dtype=np.float32)]


@pytest.mark.parametrize("text,kernels", [(LAYERNORM, 3), (SOFTMAX, 4)], ids=["layernorm", "softmax"])
def test_row_local_kernels_run_as_one_group(text, kernels, monkeypatch):
    args = _inputs()
    grouped = _compile(text, monkeypatch, True)
    names = _kernels(grouped)
    assert len(names) == 1 and names[0].startswith("k.rows.")
    plain = _compile(text, monkeypatch, False)
    assert len(_kernels(plain)) == kernels and not any(n.startswith("k.rows.") for n in _kernels(plain))
    want = np.asarray(evaluate(parse_module(text, "t.hlo"), args))
    for threads in (1, 2):
        grouped.threads = plain.threads = threads
        got = np.asarray(grouped(args))
        np.testing.assert_array_equal(got, np.asarray(plain(args)))
        np.testing.assert_allclose(got, want, rtol=1e-5, atol=1e-5)


def test_a_consumer_reading_other_rows_is_not_grouped(monkeypatch):
    args = _inputs()
    exe = _compile(REVERSED, monkeypatch, True)
    kernels = _kernels(exe)
    assert len(kernels) == 2 and not any(n.startswith("k.rows.") for n in kernels), kernels
    x = args[0].astype(np.float64)
    np.testing.assert_allclose(exe(args), x - x.sum(1)[::-1, None], rtol=1e-5, atol=1e-4)


@pytest.mark.parametrize("text", [LAYERNORM, SOFTMAX], ids=["layernorm", "softmax"])
def test_phases_compile_apart_in_parallel_like_whole(text, monkeypatch):
    """The members' loops are in PHASES phase functions (units of split.py): the group's one kernel
    compiles in parts on 2 threads, and computes what it computes compiled whole."""
    from hloc.backend.llvm.codegen import split
    from hloc.backend.llvm.compile import Executable, compile_to_object

    def build(threads: str):
        m = parse_module(text, "t.hlo")
        optimize(m, "O2")
        with monkeypatch.context() as mp:
            mp.setenv("HLOC_COMPILE_THREADS", threads)
            return compile_to_object(m)

    units = []
    plan = split.plan

    def spy(llmod, ents, max_parts):
        units.extend(split.split_units(ents))
        return plan(llmod, ents, max_parts)

    monkeypatch.setattr(split, "plan", spy)
    monkeypatch.setenv("HLOC_CODE_CACHE", "0")  # (LLVM compiles the parts, whatever ran before)
    parts = build("2")
    phases = [u.roots[0] for u in units if re.search(r'\.p\d+"$', u.roots[0])]
    assert len(phases) == rowgroups.PHASES == 2  # (layer norm 3 loops, softmax 4)
    assert parts.assembled is not None and "parts" in parts.timings  # split, though one kernel
    whole = build("1")
    assert whole.assembled is None
    args = _inputs()
    for threads in (1, 2):
        np.testing.assert_array_equal(np.asarray(Executable(parts, threads)(args)),
                                      np.asarray(Executable(whole, threads)(args)))


# Row-local 1-D kernels (each op its own kernel: no HLO pipeline), as JAX's lgamma / digamma leave
# them: N a multiple of 32 but not of 64 (units of 32 rows), rows of 12 bytes (a block of 2730 rows,
# made 2720: whole units), the last block shorter. The phases' loops are then over whole units.
N = 32 * 12289
ELEMENTWISE_1D = f"""HloModule ew
ENTRY e {{
  x = f32[{N}] parameter(0)
  g = f32[{N}] parameter(1)
  a = f32[{N}] exponential(x)
  b = f32[{N}] multiply(a, g)
  ROOT o = f32[{N}] subtract(b, x)
}}
"""


def test_one_d_phases_run_whole_units(monkeypatch):
    m = parse_module(ELEMENTWISE_1D, "t.hlo")
    sizes = []
    finish = rowgroups._finish

    def spy(members, ba):
        g = finish(members, ba)
        sizes.append((g.members[0].rows, g.block_rows))
        return g

    monkeypatch.setattr(rowgroups, "_finish", spy)
    grouped = compile_module(m)
    (rows, block), = sizes
    unit = rowgroups.unit_rows(rows, block)
    assert rows == N and unit == 32 and block == 2720 and rows % block, (rows, block)
    assert "lshr exact" in grouped.emit_llvm(optimized=False)
    monkeypatch.setattr(rowgroups, "MIN_GROUP_BYTES", 1 << 62)
    plain = compile_module(parse_module(ELEMENTWISE_1D, "t.hlo"))
    assert not any(n.startswith("k.rows.") for n in _kernels(plain))
    rng = np.random.default_rng(1)
    args = [rng.standard_normal(N, dtype=np.float32), rng.standard_normal(N, dtype=np.float32)]
    for threads in (1, 2):
        grouped.threads = plain.threads = threads
        np.testing.assert_array_equal(np.asarray(grouped(args)), np.asarray(plain(args)))


@pytest.mark.parametrize("cpu", ["x86-64-v4", "x86-64-v3"])
def test_fresh_light_output_phases_take_256_bit_vectors(cpu):
    """On AVX-512, a light output loop reading a buffer the block's earlier phases did not touch (the
    layer norm's last phase: gamma) prefers 256-bit vectors; its row sums, and the softmax's phases
    (a max, the exponentials, and loops over rows already in L1), keep 512. AVX2 gets no attribute."""
    from hloc.backend.llvm.codegen.target import TargetSpec
    from hloc.backend.llvm.compile import CompileOptions

    def narrowed(text: str) -> list[bool]:
        m = parse_module(text, "t.hlo")
        optimize(m, "O2")
        exe = compile_module(m, CompileOptions(target=TargetSpec(cpu=cpu)))
        heads = re.findall(r'^define [^\n]*@"k\.rows\.[^"]*\.p\d+"\([^\n]*$', exe.emit_llvm(optimized=False), re.M)
        return ['"prefer-vector-width"="256"' in h for h in heads]

    wide = cpu == "x86-64-v4"
    assert narrowed(LAYERNORM) == [False, wide]  # (its sums in one function, the output loop alone)
    assert narrowed(SOFTMAX) == [False] * 2


def test_phase_runs_are_halves_cut_where_narrow_changes():
    """Consecutive loops make a phase function (its fixed LLVM cost paid once), PHASES of them; a
    narrow loop (256-bit vectors, a function attribute) shares one only with narrow ones."""
    def runs(narrow: list[bool]) -> list[list[int]]:
        loops = [(k, None, n) for k, n in enumerate(narrow)]
        return [[k for k, _, _ in run] for run in rowgroups.phase_runs(loops)]

    assert rowgroups.PHASES == 2
    assert runs([False] * 4) == [[0, 1], [2, 3]]
    assert runs([False, False, True]) == [[0, 1], [2]]
    assert runs([False, True, False]) == [[0], [1], [2]]
    assert runs([False] * 3) == [[0, 1], [2]]
    assert runs([True]) == [[0]]
