"""Cross compilation: object code for other architectures (produced and identified, never run),
and the ABI tables agreeing with what the emitted object exports."""

from __future__ import annotations

import shutil
import struct
import subprocess

import pytest
from click.testing import CliRunner

from hloc.backend.llvm.abi import EXPORTED_CONSTANTS, EXPORTED_FUNCTIONS, TEMP_ALIGN
from hloc.backend.llvm.codegen.buffers import ALIGN
from hloc.cli import main

ADD = """HloModule add
ENTRY main {
  x = f32[1024] parameter(0)
  y = f32[1024] parameter(1)
  m = f32[1024] multiply(x, y)
  ROOT s = f32[1024] add(m, y)
}
"""

EM_X86_64, EM_AARCH64, EM_RISCV = 62, 183, 243


def compile_(*args):
    return CliRunner().invoke(main, ["compile", *map(str, args)])


def elf_header(path) -> dict:
    data = path.read_bytes()[:64]
    assert data[:4] == b"\x7fELF", "not an ELF file"
    ei_class, ei_data = data[4], data[5]
    endian = "<" if ei_data == 1 else ">"
    e_type, e_machine = struct.unpack(endian + "HH", data[16:20])
    return {"class": 64 if ei_class == 2 else 32, "little": ei_data == 1, "type": e_type, "machine": e_machine}


@pytest.fixture
def add_hlo(tmp_path):
    p = tmp_path / "add.hlo"
    p.write_text(ADD)
    return p


@pytest.mark.parametrize("triple,cpu,machine", [
    ("aarch64-unknown-linux-gnu", "", EM_AARCH64),
    ("aarch64-unknown-linux-gnu", "cortex-a76", EM_AARCH64),
    ("riscv64-unknown-linux-gnu", "", EM_RISCV),
])
def test_cross_object(tmp_path, add_hlo, triple, cpu, machine):
    args = [add_hlo, "-o", tmp_path / "add.o", "--emit", "obj,header,asm", "--target", triple]
    if cpu:
        args += ["--cpu", cpu]
    res = compile_(*args)
    assert res.exit_code == 0, res.stderr
    h = elf_header(tmp_path / "add.o")
    assert h == {"class": 64, "little": True, "type": 1, "machine": machine}  # ET_REL
    header = (tmp_path / "add.h").read_text()
    assert f"Target: {triple}" in header and "void add(void *const *params" in header
    asm = (tmp_path / "add.s").read_text()
    assert "add:" in asm
    if shutil.which("file"):
        out = subprocess.run(["file", str(tmp_path / "add.o")], capture_output=True, text=True).stdout
        assert ("aarch64" if machine == EM_AARCH64 else "RISC-V") in out


def test_aarch64_real_model(tmp_path):
    from conftest import JAX_CORPUS

    src = JAX_CORPUS / "softmax.hlo"
    if not src.exists():
        pytest.skip("the JAX corpus is not available")
    res = compile_(src, "-o", tmp_path / "sm.o", "--target", "aarch64-unknown-linux-gnu", "--features", "+neon")
    assert res.exit_code == 0, res.stderr
    assert elf_header(tmp_path / "sm.o")["machine"] == EM_AARCH64
    # Vector code for NEON: the object uses the q/v registers, visible in the assembly.
    res = compile_(src, "-o", tmp_path / "sm.s", "--emit", "asm", "--target", "aarch64-unknown-linux-gnu")
    assert res.exit_code == 0 and ".4s" in (tmp_path / "sm.s").read_text()


def test_host_object_is_host_elf(tmp_path, add_hlo):
    import platform

    if platform.machine() != "x86_64":
        pytest.skip("checks an x86-64 host")
    assert compile_(add_hlo, "-o", tmp_path / "a.o").exit_code == 0
    assert elf_header(tmp_path / "a.o")["machine"] == EM_X86_64


def test_named_cpu_does_not_inherit_host_features(tmp_path, add_hlo):
    """`--cpu x86-64-v3` must give code that runs on any x86-64-v3 machine: AVX2 (ymm), no AVX-512 (zmm)
    even when this host has it."""
    import platform

    if platform.machine() != "x86_64":
        pytest.skip("checks an x86-64 host")
    res = compile_(add_hlo, "-o", tmp_path / "v3.s", "--emit", "asm", "--cpu", "x86-64-v3")
    assert res.exit_code == 0, res.stderr
    asm = (tmp_path / "v3.s").read_text()
    assert "ymm" in asm and "zmm" not in asm
    res = compile_(add_hlo, "-o", tmp_path / "v1.s", "--emit", "asm", "--cpu", "x86-64")
    asm = (tmp_path / "v1.s").read_text()
    assert res.exit_code == 0 and "ymm" not in asm and "xmm" in asm


def test_hloc_cpu_sets_the_default_target(tmp_path, add_hlo, monkeypatch):
    """$HLOC_CPU is the CPU code is generated for when --cpu is not given (how the tests check another
    CPU's code on this one), and a cache entry's key says so."""
    import platform

    from hloc.backend.llvm.runner_backend import host_id

    if platform.machine() != "x86_64":
        pytest.skip("checks an x86-64 host")
    host_key = host_id()
    monkeypatch.setenv("HLOC_CPU", "x86-64")
    res = compile_(add_hlo, "-o", tmp_path / "v1.s", "--emit", "asm")
    assert res.exit_code == 0, res.stderr
    asm = (tmp_path / "v1.s").read_text()
    assert "ymm" not in asm and "zmm" not in asm and "xmm" in asm
    assert host_id() != host_key


def test_cross_shared_library_needs_a_cross_linker(tmp_path, add_hlo, monkeypatch):
    monkeypatch.delenv("CC", raising=False)
    res = compile_(add_hlo, "-o", tmp_path / "a.so", "--emit", "shared", "--target", "aarch64-unknown-linux-gnu")
    assert res.exit_code == 2 and "needs a linker for that target: set CC" in res.stderr
    assert list(tmp_path.iterdir()) == [add_hlo]


def test_unknown_triple_is_a_usage_error(tmp_path, add_hlo):
    res = compile_(add_hlo, "-o", tmp_path / "a.o", "--target", "nosucharch-unknown-linux")
    assert res.exit_code == 2 and "unknown target triple 'nosucharch-unknown-linux'" in res.stderr
    assert "Traceback" not in res.stderr and not (tmp_path / "a.o").exists()


def test_print_targets():
    res = CliRunner().invoke(main, ["compile", "--print-targets"])
    assert res.exit_code == 0
    assert res.stdout.startswith("host: ") and "aarch64-unknown-linux-gnu" in res.stdout


@pytest.mark.skipif(shutil.which("nm") is None, reason="needs nm")
def test_object_exports_what_the_abi_tables_say(tmp_path, add_hlo):
    assert compile_(add_hlo, "-o", tmp_path / "a.o", "--entry-name", "my_fn").exit_code == 0
    out = subprocess.run(["nm", "-g", "--defined-only", str(tmp_path / "a.o")], capture_output=True, text=True)
    exported = sorted(line.split()[-1] for line in out.stdout.splitlines() if line.strip())
    assert exported == sorted(["my_fn"] + [f"my_fn_{name}" for name, _ in EXPORTED_CONSTANTS + EXPORTED_FUNCTIONS])


def test_emitted_entry_has_the_abi_table_arguments(add_hlo):
    """The emitter states the entry signature itself: it must match abi.ENTRY_ARGS (names, order)."""
    import re

    from hloc.backend.llvm.abi import ENTRY_ARGS

    res = compile_(add_hlo, "--emit", "llvm", "-o", "-", "-O0")
    assert res.exit_code == 0, res.stderr
    m = re.search(r"define void @add\(([^)]*)\)", res.stdout)
    assert m, res.stdout[:2000]
    args = [a.split() for a in m.group(1).split(",")]
    assert [a[-1].lstrip("%").strip('"') for a in args] == [a.name for a in ENTRY_ARGS]
    # pointers are `ptr`, int64_t is i64
    assert [a[0] for a in args] == ["ptr" if a.ctype.endswith("*") else "i64" for a in ENTRY_ARGS]


def test_temp_alignment_tables_agree():
    assert TEMP_ALIGN == ALIGN
