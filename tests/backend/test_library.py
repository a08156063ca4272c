"""The precompiled library (library.py): the pool and the GEMMs are compiled once per target and
reused from memory and from the cache directory; a damaged cache entry is rebuilt; modules built with
and without it compute the same. References are numpy products in f64."""

from __future__ import annotations

import numpy as np
import pytest

from hloc.backend.llvm import library
from hloc.backend.llvm.build import BuildOptions, build
from hloc.backend.llvm.runtime import load_object
from hloc.backend.llvm.target import TargetSpec
from hloc.parse import parse_module

HLO = """HloModule lib

ENTRY main {
  a = f32[24,40] parameter(0)
  b = f32[40,36] parameter(1)
  c = f64[19,17] parameter(2)
  d = f64[17,15] parameter(3)
  ab = f32[24,36] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  cd = f64[19,15] dot(c, d), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  ROOT t = (f32[24,36], f64[19,15]) tuple(ab, cd)
}
"""

pytestmark = pytest.mark.skipif(library.Library.for_target(TargetSpec().resolved(), 3) is None,
                                reason="the precompiled library is for x86-64 ELF targets")


@pytest.fixture
def private_cache(tmp_path, monkeypatch):
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path))
    monkeypatch.setattr(library, "_MEMORY", {})
    return tmp_path / "hloc" / "library"


def _inputs():
    rng = np.random.default_rng(0)
    return [rng.standard_normal(s).astype(t) for s, t in
            (((24, 40), np.float32), ((40, 36), np.float32), ((19, 17), np.float64), ((17, 15), np.float64))]


def _check(built):
    x = _inputs()
    ab, cd = load_object(built.compiled.obj, built.abi)(x)
    np.testing.assert_allclose(ab, x[0].astype(np.float64) @ x[1], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(cd, x[2] @ x[3], rtol=1e-12, atol=1e-12)


def _build():
    return build(parse_module(HLO, "lib.hlo"), BuildOptions())


def test_compiled_once_then_reused(private_cache):
    first = _build()
    assert first.compiled.library == "built"
    assert "hloc.gemm.f64:" in first.compiled.llvm_ir and "hloc.pool.parallel_for:" in first.compiled.llvm_ir
    _check(first)
    assert _build().compiled.library == "memory"
    library._MEMORY.clear()
    again = _build()
    assert again.compiled.library == "disk"
    assert again.compiled.obj == first.compiled.obj
    _check(again)


def test_damaged_cache_entry_is_rebuilt(private_cache):
    _build()
    library._MEMORY.clear()
    [asm] = private_cache.glob("v*/*/*/library.s")
    asm.write_bytes(asm.read_bytes().replace(b"hloc.gemm.f32:", b"hloc.gemm.f3:"))
    rebuilt = _build()
    assert rebuilt.compiled.library.startswith("built (dropped a damaged cache entry")
    _check(rebuilt)
    library._MEMORY.clear()
    assert _build().compiled.library == "disk"


def test_off_emits_everything_per_module(private_cache, monkeypatch):
    monkeypatch.setenv("HLOC_LIBRARY", "0")
    built = _build()
    assert built.compiled.library == "" and "module asm" not in built.compiled.llvm_ir
    assert 'define internal void @"hloc.gemm.f32"' in built.compiled.llvm_ir
    _check(built)
    assert not private_cache.exists()
