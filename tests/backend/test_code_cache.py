"""The code cache (codegen/code_cache.py): LLVM's products kept by the IR they were made from. A module
compiled again, in this process or (from disk) in another, gets the same object without LLVM running;
another target or optimisation level never gets the code of the first; a damaged entry is rebuilt;
HLOC_CODE_CACHE=0 compiles everything. Results from numpy (first principles)."""

from __future__ import annotations

import numpy as np
import pytest

from hloc.backend.llvm.codegen import code_cache, split
from hloc.backend.llvm.codegen.target import TargetSpec
from hloc.backend.llvm.compile import CompileOptions, Executable, compile_to_object
from hloc.parse import parse_module

TEXT = """HloModule cached

add_f {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}

ENTRY e {
  x = f32[64,256] parameter(0)
  ex = f32[64,256] exponential(x)
  th = f32[64,256] tanh(x)
  m = f32[64,256] multiply(ex, th)
  zero = f32[] constant(0)
  r = f32[64] reduce(m, zero), dimensions={1}, to_apply=add_f
  l = f32[64] log(r)
  ROOT o = (f32[64,256], f32[64]) tuple(m, l)
}
"""


@pytest.fixture
def cache(tmp_path, monkeypatch):
    """A cache of the test's own, empty in memory and on disk."""
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    monkeypatch.delenv("HLOC_CODE_CACHE", raising=False)
    code_cache.forget()
    yield tmp_path / "xdg" / "hloc" / "kernels"
    code_cache.forget()


def _compile(target: TargetSpec | None = None, opt_level: int = 3):
    options = CompileOptions(entry_name="cached", opt_level=opt_level, target=target or TargetSpec())
    return compile_to_object(parse_module(TEXT, "cached.hlo"), options)


def _llvm_ran(cm) -> bool:
    return cm.timings.get("parts", 0) > 0 or "codegen" in cm.timings


def _check(cm) -> None:
    x = np.random.default_rng(1).uniform(-2, 2, (64, 256)).astype(np.float32)
    m, lg = Executable(cm)([x])
    want = np.exp(x.astype(np.float64)) * np.tanh(x.astype(np.float64))
    np.testing.assert_allclose(m, want, rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(lg, np.log(want.sum(axis=1)), rtol=1e-4)


@pytest.mark.parametrize("threads", ["1", "2"])  # compiled whole, or in parts (split.py)
def test_compiled_again_from_memory_then_disk(cache, monkeypatch, threads):
    monkeypatch.setenv("HLOC_COMPILE_THREADS", threads)
    monkeypatch.setattr(split, "MIN_GAIN", 0)  # (split this small module when on 2 threads)
    first = _compile()
    assert _llvm_ran(first)
    again = _compile()
    assert not _llvm_ran(again) and "code_cache" in again.timings
    assert again.obj == first.obj
    code_cache.forget()  # as another process would: only the disk
    assert any(cache.rglob("code"))
    third = _compile()
    assert not _llvm_ran(third) and third.obj == first.obj
    _check(third)


def test_other_target_or_level_is_compiled_for_itself(cache, monkeypatch):
    monkeypatch.setenv("HLOC_COMPILE_THREADS", "1")
    # Two named targets, not the host: with HLOC_CPU=x86-64-v3 (an AVX2 run) the host is v3.
    v2 = _compile(TargetSpec(cpu="x86-64-v2"))
    v3 = _compile(TargetSpec(cpu="x86-64-v3"))
    assert _llvm_ran(v3)
    o1 = _compile(TargetSpec(cpu="x86-64-v3"), opt_level=1)
    assert _llvm_ran(o1)
    for cm in (v2, v3, o1):
        _check(cm)


def test_damaged_entry_is_rebuilt(cache, monkeypatch):
    monkeypatch.setenv("HLOC_COMPILE_THREADS", "1")
    first = _compile()
    [blob] = list(cache.rglob("code"))
    blob.write_bytes(b"\0" * blob.stat().st_size)  # same size, wrong checksum
    code_cache.forget()
    again = _compile()
    assert _llvm_ran(again) and again.obj == first.obj
    _check(again)


def test_off_compiles_everything_and_stores_nothing(cache, monkeypatch):
    monkeypatch.setenv("HLOC_COMPILE_THREADS", "1")
    monkeypatch.setenv("HLOC_CODE_CACHE", "0")
    _compile()
    second = _compile()
    assert _llvm_ran(second) and not cache.exists()


def test_run_without_the_compile_cache_compiles_from_scratch(cache, monkeypatch):
    """`hloc run --no-cache` (BackendOptions(cache=False)): LLVM's products are neither reused nor kept."""
    from hloc.backend.llvm.build import build
    from hloc.backend.llvm.runner_backend import build_options
    from hloc.runtime.backends import BackendOptions

    monkeypatch.setenv("HLOC_COMPILE_THREADS", "1")

    def built(cache: bool):
        opts = build_options(BackendOptions(cache=cache))
        assert opts.code_cache == cache
        return build(parse_module(TEXT, "cached.hlo"), opts).compiled

    first = built(True)
    assert not _llvm_ran(built(True))  # (kept: a run with the cache finds it)
    again = built(False)
    assert _llvm_ran(again) and again.obj == first.obj
