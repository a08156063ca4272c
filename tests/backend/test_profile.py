"""Profiling builds (hloc/backend/llvm/profile.py): every kernel call site counts its calls and time,
`hloc run --profile` prints them, `hloc compile --profile` exports them to C."""

from __future__ import annotations

import ctypes
import json
import shutil

import numpy as np
import pytest
from click.testing import CliRunner

from hloc.backend.llvm.build import BuildOptions, build, key_parts
from hloc.backend.llvm.codegen.profile import Counters, Profile, Site, format_profile
from hloc.backend.llvm.runner_backend import load_object
from hloc.cli import main
from hloc.parse import parse_module

# A dot, a fusion after it, and a while loop whose body runs a kernel three times per call.
MODULE = """HloModule prof

add {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT s = f32[] add(x, y)
}

body {
  s = (s32[], f32[64]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  v = f32[64] get-tuple-element(s), index=1
  one = s32[] constant(1)
  i2 = s32[] add(i, one)
  e = f32[64] exponential(v)
  ROOT t = (s32[], f32[64]) tuple(i2, e)
}

cond {
  s = (s32[], f32[64]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  three = s32[] constant(3)
  ROOT lt = pred[] compare(i, three), direction=LT
}

ENTRY main {
  a = f32[32,48] parameter(0)
  b = f32[48,64] parameter(1)
  d = f32[32,64] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  r = f32[32,64] maximum(d, d)
  zero = f32[] constant(0)
  row = f32[64] reduce(r, zero), dimensions={0}, to_apply=add
  z = s32[] constant(0)
  init = (s32[], f32[64]) tuple(z, row)
  w = (s32[], f32[64]) while(init), condition=cond, body=body
  ROOT out = f32[64] get-tuple-element(w), index=1
}
"""

RNG = np.random.default_rng(0)
A = (RNG.standard_normal((32, 48)) * 0.1).astype(np.float32)
B = (RNG.standard_normal((48, 64)) * 0.1).astype(np.float32)


def _load(profile: bool):
    built = build(parse_module(MODULE, "prof.hlo"), BuildOptions(profile=profile))
    return built, load_object(built.compiled.obj, built.abi, profile)


def test_sites_count_calls_and_time_without_changing_results():
    built, exe = _load(True)
    _, plain = _load(False)
    assert plain.profile is None
    for threads in (1, 2):
        exe.threads = plain.threads = threads
        np.testing.assert_array_equal(exe([A, B]), plain([A, B]))
    exe.profile.reset()
    for _ in range(4):
        exe([A, B])
    prof = exe.profile.read()
    sites = {s.label: (s, ns, calls) for s, ns, calls in zip(prof.sites, prof.ns, prof.calls)}
    assert [s.label for s in built.compiled.profile_sites] == [s.label for s in prof.sites]
    dot, ns, calls = sites["d"]
    assert dot.kind == "dot" and dot.computation == "entry" and calls == 4 and ns > 0
    assert dot.flops == 2 * 32 * 48 * 64
    assert dot.bytes == 4 * (32 * 48 + 48 * 64 + 32 * 64)
    body = [(s, ns, c) for s, ns, c in sites.values() if s.computation == "body"]
    assert body and all(c == 4 * 3 for _, _, c in body)  # three trips per call
    assert any(s.kind == "while" and c == 4 for s, _, c in sites.values())
    exe.profile.reset()
    assert sum(exe.profile.read().calls) == 0


def test_thread_clock_counts_the_calling_threads_cpu_time():
    import time

    _, exe = _load(True)
    exe.threads = 1
    assert exe.profile.clock == "wall"
    exe.profile.clock = "thread"
    assert exe.profile.clock == "thread"
    exe([A, B])
    exe.profile.reset()
    t0 = time.thread_time_ns()
    for _ in range(20):
        exe([A, B])
    cpu = time.thread_time_ns() - t0
    prof = exe.profile.read()
    assert prof.clock == "thread" and sum(prof.calls) > 0
    # every kernel ran on this thread: their CPU time is part of its CPU time over the calls
    assert 0 < sum(prof.ns) <= cpu
    exe.profile.clock = "wall"


def test_format_profile_sorts_by_time_and_reports_rates():
    sites = [Site("a", "entry", "fusion(kLoop)", 0, 4_000_000), Site("d", "entry", "dot", 2_000_000_000, 0),
             Site("never", "body", "copy", 0, 8)]
    text = format_profile(Profile(sites, [1_000_000, 4_000_000, 0], [2, 2, 0]), runs=2, wall_seconds=0.006)
    lines = text.splitlines()
    assert lines[0] == "profile: 2 runs, kernels 2.500 ms per run of 3.000 ms wall"
    assert lines[2].split() == ["2.000", "80.0", "1", "1000.0", "dot", "d"]  # 2 GFLOP in 2 ms
    assert lines[3].split() == ["0.500", "20.0", "1", "8.0", "fusion(kLoop)", "a"]  # 4 MB in 0.5 ms
    assert "never" not in text


def test_control_flow_sites_are_not_counted_twice():
    sites = [Site("w", "entry", "while", 0, 0), Site("e", "body", "fusion(kLoop)", 0, 0)]
    lines = format_profile(Profile(sites, [3_000_000, 2_000_000], [1, 5]), runs=1).splitlines()
    assert lines[0] == "profile: 1 run, kernels 2.000 ms per run"
    assert lines[2].split()[:2] == ["3.000", "incl."] and lines[3].split()[:2] == ["2.000", "100.0"]


def test_profile_needs_a_64_bit_linux_target(case):
    res = CliRunner().invoke(main, ["compile", str(case / "prof.hlo"), "-o", str(case / "p.o"), "--profile",
                                    "--target", "i686-unknown-linux-gnu", "--cpu", "i686"])
    assert res.exit_code == 2 and "--profile needs a 64-bit Linux target" in res.output
    assert not (case / "p.o").exists()


def test_profile_is_its_own_cache_entry():
    assert "profile" not in key_parts(BuildOptions())
    assert key_parts(BuildOptions(profile=True))["profile"] is True


@pytest.fixture
def case(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    (tmp_path / "prof.hlo").write_text(MODULE)
    np.save(tmp_path / "a.npy", A)
    np.save(tmp_path / "b.npy", B)
    return tmp_path


def test_run_profile_cli(case):
    args = ["run", str(case / "prof.hlo"), str(case / "a.npy"), str(case / "b.npy"), "--profile"]
    for cache in ("miss", "hit"):
        res = CliRunner().invoke(main, [*args, "--bench", "3", "--json"])
        assert res.exit_code == 0, res.output
        doc = json.loads(res.stdout)
        assert doc["cache"] == cache
        rows = {r["site"]: r for r in doc["profile"]}
        assert rows["d"]["calls"] == 3 and rows["d"]["flops"] == 2 * 32 * 48 * 64
        assert doc["profile_clock"] == "wall"
    res = CliRunner().invoke(main, [*args, "--bench", "2"])
    assert res.exit_code == 0, res.output
    lines = res.stdout.splitlines()
    assert lines[0].startswith("bench: ") and lines[1].startswith("profile: 2 runs, kernels ")
    assert any(line.split()[-1] == "d" and line.split()[-2] == "dot" for line in lines[3:])
    res = CliRunner().invoke(main, [*args, "--bench", "2", "--threads", "1", "--profile-clock", "thread"])
    assert res.exit_code == 0, res.output
    assert res.stdout.splitlines()[1].startswith("profile: 2 runs, kernels ")
    assert "ms of the calling thread's CPU time per run" in res.stdout.splitlines()[1]


def test_run_profile_needs_the_native_backend(case):
    res = CliRunner().invoke(main, ["run", str(case / "prof.hlo"), "--random-inputs", "0", "--profile",
                                    "--backend", "interp"])
    assert res.exit_code == 2 and "--profile times the native code" in res.output


@pytest.mark.skipif(not (shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")), reason="no C compiler")
def test_compile_profile_exports_counters(case):
    res = CliRunner().invoke(main, ["compile", str(case / "prof.hlo"), "-o", str(case / "prof"), "--emit",
                                    "shared,header", "--profile"])
    assert res.exit_code == 0, res.output
    header = (case / "prof.h").read_text()
    assert "extern int64_t prof_profile_counters[];  /* 2 * PROF_PROFILE_SITES entries */" in header
    assert "extern const char prof_profile_sites[];" in header
    assert "extern int32_t prof_profile_clock;" in header
    lib = ctypes.CDLL(str(case / "prof.so"))
    counters = Counters(*(ctypes.addressof(ctypes.c_char.in_dll(lib, f"prof_profile_{s}"))
                          for s in ("counters", "sites", "clock")))
    assert counters.clock == "wall"
    n = int(header.split("#define PROF_PROFILE_SITES ")[1].split()[0])
    assert len(counters.sites) == n
    out = np.empty(64, np.float32)
    temp = np.zeros(int(header.split("#define PROF_TEMP_BYTES ")[1].split()[0]) + 64, np.uint8)
    params = (ctypes.c_void_p * 2)(A.ctypes.data, B.ctypes.data)
    results = (ctypes.c_void_p * 1)(out.ctypes.data)
    base = temp.ctypes.data + (-temp.ctypes.data) % 64
    lib.prof.argtypes = [ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_int64]
    lib.prof(ctypes.addressof(params), ctypes.addressof(results), base, 1)
    lib.prof_shutdown()
    prof = counters.read()
    assert dict(zip([s.label for s in prof.sites], prof.calls))["d"] == 1
    _, plain = _load(False)
    np.testing.assert_array_equal(out, plain([A, B]))
