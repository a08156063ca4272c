"""The precompiled library (codegen/linking.py): the pool, the GEMMs, the FFT butterflies and the radix
sort passes are compiled once per target and reused from memory and from the cache directory; a
damaged cache entry is rebuilt; modules built with and without it compute the same. References are
numpy products in f64, numpy's stable sort, an FFT's inverse."""

from __future__ import annotations

import shutil
import subprocess

import numpy as np
import pytest

from hloc.backend.llvm.build import BuildOptions, build
from hloc.backend.llvm.codegen import linking as library
from hloc.backend.llvm.codegen.target import TargetSpec
from hloc.backend.llvm.runner_backend import load_object
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


def _library(pic: bool = True):
    lib = library.Library.for_target(TargetSpec(pic=pic).resolved(), 3)
    lib.components = {"pool", "gemm.f32", "gemm.f64"}
    return lib


def _outputs(built):
    exe = load_object(built.compiled.obj, built.abi)
    exe.threads = 3
    return exe(_inputs())


@pytest.mark.parametrize("pic", [True, False])
def test_data_form_is_used_and_checked(private_cache, pic):
    """(--no-pic: absolute relocations too; test_aot_c.py runs such an object)"""
    lib = _library(pic)
    text = lib.assembly()
    assert lib.form == "blob" and lib.status == "built"
    # a few hundred data lines (the assembly text of the same code is ~10,000 instructions)
    assert len(text.splitlines()) < 1500 and "vfmadd" not in text
    for name in ("hloc.gemm.f32", "hloc.gemm.f64", "hloc.pool.parallel_for"):
        assert f"\t.type\t{name},@function\n{name}:\n\t.size\t{name}, " in text and f".globl\t{name}" not in text
    # the large code model (codegen/target.py): code reaches data GOT-relative, or by absolute address
    assert ("@GOTOFF" in text) == pic and ".ltext" in text
    library._MEMORY.clear()
    again = _library(pic)
    assert again.assembly() == text and again.status == "disk" and again.form == "blob"


def test_unknown_relocation_falls_back_to_the_text_form(private_cache, monkeypatch):
    blob = _build()
    assert ".base64" in blob.compiled.llvm_ir or ".ascii" in blob.compiled.llvm_ir
    want = _outputs(blob)
    # as if the library's object held a relocation asmblob does not know (GOTOFF64 is in every PIC build)
    known = {t: v for t, v in library.asmblob.RELOCS.items() if t != library.asmblob.R_X86_64_GOTOFF64}
    monkeypatch.setattr(library.asmblob, "RELOCS", known)
    monkeypatch.setattr(library, "_MEMORY", {})
    monkeypatch.setenv("XDG_CACHE_HOME", str(private_cache.parent.parent / "other"))
    lib = _library()
    lib.assembly()
    assert lib.form == "text (relocation type 25 in .ltext)"
    text = _build()
    assert text.compiled.library == "memory" and "vfmadd" in text.compiled.llvm_ir  # as built just above
    assert ".base64" not in text.compiled.llvm_ir
    _check(text)
    # the same machine code, either way
    for got, ref in zip(_outputs(text), want):
        np.testing.assert_array_equal(got, ref)


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler driver (cc) to assemble")
def test_written_ir_and_assembly_hold_no_base64(private_cache, tmp_path, monkeypatch):
    """The IR and assembly hloc writes (optimized_ir, --emit llvm/asm) spell the library's bytes as
    `.ascii`: LLVM before 22 and GNU as before 2.43 do not know `.base64`."""
    import llvmlite.binding as llvm

    from hloc.backend.llvm.codegen.target import target_machine

    # compiled whole: the object is then the one the whole module's optimised IR gives (a module
    # compiled in parts, split.py, lays its code out by part; tests/backend/test_split.py)
    monkeypatch.setenv("HLOC_COMPILE_THREADS", "1")
    built = _build()
    ir_text = built.compiled.optimized_ir
    assert ".base64" not in ir_text and ".ascii" in ir_text
    asm = target_machine(built.compiled.target, 3).emit_assembly(llvm.parse_assembly(ir_text))
    (tmp_path / "m.s").write_text(asm)
    subprocess.run(["cc", "-c", str(tmp_path / "m.s"), "-o", str(tmp_path / "m.o")], check=True)
    subprocess.run(["cc", "-shared", str(tmp_path / "m.o"), "-o", str(tmp_path / "m.so"), "-lpthread"], check=True)
    obj = (tmp_path / "m.o").read_bytes()
    syms = {s.name: s for s in library.asmblob.read_elf(obj).symbols}
    assert syms["hloc.gemm.f32"].type == library.asmblob.STT_FUNC and syms["hloc.gemm.f32"].shndx
    # the library's bytes in that object are those of the in-process object
    a, b = library.asmblob.linked_image(obj), library.asmblob.linked_image(built.compiled.obj)
    assert a["symbols"]["hloc.gemm.f64"] == b["symbols"]["hloc.gemm.f64"]


FFT_HLO = """HloModule fft_lib

ENTRY main {
  x = c64[24,64] parameter(0)
  f = c64[24,64] fft(x), fft_type=FFT, fft_length={64}
  ROOT i = c64[24,64] fft(f), fft_type=IFFT, fft_length={64}
}
"""


def test_fft_butterflies_come_from_the_library(private_cache, monkeypatch):
    """The power-of-two butterflies are library functions (compiled once per target), and the module
    computes bit for bit what it computes with them emitted into it."""
    rng = np.random.default_rng(1)
    x = (rng.standard_normal((24, 64)) + 1j * rng.standard_normal((24, 64))).astype(np.complex64)

    def run():
        built = build(parse_module(FFT_HLO, "fft_lib.hlo"), BuildOptions())
        return built, load_object(built.compiled.obj, built.abi)([x])

    built, linked = run()
    ir_text = built.compiled.llvm_ir
    assert built.compiled.library == "built"
    assert "hloc.fft.pow2.f32x16.fwd:" in ir_text and "hloc.fft.pow2.f32x16.inv:" in ir_text
    assert 'define internal void @"hloc.fft.pow2' not in ir_text
    np.testing.assert_allclose(linked, x, rtol=0, atol=1e-5)  # ifft(fft(x)) == x
    monkeypatch.setenv("HLOC_LIBRARY", "0")
    built, emitted = run()
    assert 'define internal void @"hloc.fft.pow2.f32x16.fwd"' in built.compiled.llvm_ir
    assert linked.tobytes() == emitted.tobytes()


REAL_FFT_HLO = """HloModule fft_movers

ENTRY main {
  x = f32[24,64] parameter(0)
  r = c64[24,33] fft(x), fft_type=RFFT, fft_length={64}
  i = f32[24,64] fft(r), fft_type=IRFFT, fft_length={64}
  c = c64[24,64] convert(x)
  f = c64[24,64] fft(c), fft_type=FFT, fft_length={24,64}
  ROOT t = (f32[24,64], c64[24,64]) tuple(i, f)
}
"""


def test_fft_movers_and_real_folds_come_from_the_library(private_cache, monkeypatch):
    """A group's lines gathered and scattered (rows: tiles transposed in registers; runs: contiguous
    lines) and the real FFTs' fold and unfold are library functions too, and the module computes bit
    for bit what it computes with them emitted into it."""
    rng = np.random.default_rng(2)
    x = rng.standard_normal((24, 64)).astype(np.float32)

    def run():
        built = build(parse_module(REAL_FFT_HLO, "fft_movers.hlo"), BuildOptions())
        return built, load_object(built.compiled.obj, built.abi)([x])

    built, (back, spectrum) = run()
    ir_text = built.compiled.llvm_ir
    assert built.compiled.library == "built"
    for name in ("rows.f32x16.f32r.load", "rows.f32x16.f32c.store", "runs.f32x16.f32c.load",
                 "fold.f32x16", "unfold.f32x16"):
        assert f"hloc.fft.{name}" in ir_text, name
    for kind in ("rows", "runs", "fold", "unfold", "pow2"):  # (a mixed-radix length's stages stay per module)
        assert f'define internal void @"hloc.fft.{kind}.' not in ir_text, kind
    np.testing.assert_allclose(back, x, rtol=0, atol=1e-5)  # irfft(rfft(x)) == x
    want = np.fft.fft2(x.astype(np.float64))
    np.testing.assert_allclose(spectrum, want, rtol=0, atol=1e-5 * np.abs(want).max())
    monkeypatch.setenv("HLOC_LIBRARY", "0")
    built, (back2, spectrum2) = run()
    assert 'define internal void @"hloc.fft.unfold.f32x16"' in built.compiled.llvm_ir
    assert back.tobytes() == back2.tobytes() and spectrum.tobytes() == spectrum2.tobytes()


SORT_HLO = """HloModule sort_lib

lt {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = pred[] compare(a, b), direction=LT
}

ENTRY main {
  x = f32[3,2000] parameter(0)
  ROOT s = f32[3,2000] sort(x), dimensions={1}, is_stable=true, to_apply=lt
}
"""


def test_radix_sort_passes_come_from_the_library(private_cache, monkeypatch):
    """The radix sort's byte passes are a library function, and the module sorts bit for bit as it does
    with them emitted into it (and as numpy's stable sort)."""
    rng = np.random.default_rng(2)
    x = rng.standard_normal((3, 2000)).astype(np.float32)
    x[1] = np.round(x[1] * 4)  # many equal keys

    def run():
        built = build(parse_module(SORT_HLO, "sort_lib.hlo"), BuildOptions())
        return built, load_object(built.compiled.obj, built.abi)([x])

    built, linked = run()
    assert "hloc.radix.u32:" in built.compiled.llvm_ir
    assert 'define internal ptr @"hloc.radix.u32"' not in built.compiled.llvm_ir
    np.testing.assert_array_equal(linked, np.sort(x, axis=1, kind="stable"))
    monkeypatch.setenv("HLOC_LIBRARY", "0")
    built, emitted = run()
    assert 'define internal ptr @"hloc.radix.u32"' in built.compiled.llvm_ir
    assert linked.tobytes() == emitted.tobytes()
