"""asmblob: an x86-64 ELF object re-expressed as data directives assembles back to an object that
links to the same bytes (every relocation kind it knows, symbols, sections); what it does not know it
refuses. The objects here are assembled by LLVM from hand-written assembly."""

from __future__ import annotations

import shutil
import subprocess

import llvmlite.binding as llvm
import pytest

from hloc.backend.llvm.codegen import asmblob
from hloc.backend.llvm.codegen.split import module_asm
from hloc.backend.llvm.codegen.target import TargetSpec, init_llvm, target_machine

pytestmark = pytest.mark.skipif(not TargetSpec().resolved().triple.startswith("x86_64")
                                or "linux" not in TargetSpec().resolved().triple,
                                reason="asmblob reads x86-64 ELF objects")

SOURCE = """
    .text
    .globl f
    .type f,@function
f:
    vmovsd .Lc(%rip), %xmm0
    movq counter+8(%rip), %rcx
    call ext@PLT
    call g
    call w
    leaq table(%rip), %rax
    movl $counter + 4, %eax
    movq $table, %rax
    ret
    .size f, .-f
    .weak w
    .type w,@function
w:
    ret
    .globl g
    .hidden g
    .type g,@function
g:
    ret
    .section .rodata.cst8,"aM",@progbits,8
    .p2align 3
.Lc:
    .quad 42
    .section .rodata,"a",@progbits
    .p2align 5
    .type r,@object
r:
    .ascii "not code"
    .data
    .p2align 4
    .type table,@object
table:
    .quad f + 8
    .quad ext2 - .
    .long g - .
    .quad r + 3
    .long r
    .size table, 32
    .bss
    .p2align 6
    .type counter,@object
counter:
    .zero 24
    .size counter, 24
"""

# what the large code model gives (codegen/target.py): code in .ltext, data in .ldata/.lbss, reached
# through the GOT's address (GOTPC64), GOT-relative offsets (GOTOFF64), GOT slots (GOT64) and PLT
# offsets (PLTOFF64)
LARGE_SOURCE = """
    .section .ltext,"axl",@progbits
    .globl f
    .type f,@function
f:
.Lpb:
    leaq .Lpb(%rip), %rbx
    movabsq $_GLOBAL_OFFSET_TABLE_-.Lpb, %r11
    addq %r11, %rbx
    movabsq $.Lc@GOTOFF, %rax
    vmovsd (%rbx,%rax), %xmm0
    movabsq $counter@GOTOFF+8, %rax
    movabsq $ext@GOT, %rax
    movq (%rbx,%rax), %rax
    movabsq $f@GOT, %rcx
    movabsq $g@GOT, %rcx
    movabsq $ext@PLTOFF, %rax
    addq %rbx, %rax
    call *%rax
    ret
    .size f, .-f
    .globl g
    .hidden g
    .type g,@function
g:
    ret
    .section .rodata.cst8,"aM",@progbits,8
    .p2align 3
.Lc:
    .quad 42
    .section .ldata,"awl",@progbits
    .p2align 4
    .type table,@object
table:
    .quad f + 8
    .quad ext2 - .
    .size table, 16
    .section .lbss,"awl",@nobits
    .p2align 6
    .type counter,@object
counter:
    .zero 24
    .size counter, 24
"""


def _assemble(text: str) -> bytes:
    init_llvm()
    return target_machine(TargetSpec().resolved(), 3).emit_object(llvm.parse_assembly(module_asm(text)))


def _text(elf) -> int:
    return next(s.index for s in elf.sections if s.name == ".text")


def _reloc_types(obj: bytes) -> set[int]:
    return {r.type for rs in asmblob.read_elf(obj).relocs.values() for r in rs}


@pytest.mark.parametrize("use_base64", [True, False])
def test_round_trip_links_to_the_same_image(use_base64):
    obj = _assemble(SOURCE)
    # the kinds the objects hold: absolute (64, 32, 32 sign-extended), pc-relative (data and code),
    # PLT calls, pc-relative 64-bit; and the large code model's GOT-relative ones
    assert _reloc_types(obj) | _reloc_types(_assemble(LARGE_SOURCE)) == set(asmblob.RELOCS)
    if use_base64 and not asmblob.supports_base64():
        pytest.skip("this LLVM has no .base64")
    text = asmblob.to_asm(obj, local={"f"}, use_base64=use_base64)
    assert (".base64" in text) == use_base64 and ".Lc" not in text
    again = _assemble(text)
    assert asmblob.same_image(obj, again) == ""
    image = asmblob.linked_image(again)
    assert image["sections"][".text"][0].startswith(b"\xc5\xfb\x10\x05")  # vmovsd rip-relative
    assert b"not code" in image["sections"][".rodata"][0] and image["undefined"] == ["ext", "ext2"]
    syms = {s.name: s for s in asmblob.read_elf(again).symbols}
    assert syms["f"].bind == asmblob.STB_LOCAL and syms["f"].type == asmblob.STT_FUNC and syms["f"].size > 20
    assert syms["g"].bind == asmblob.STB_GLOBAL and syms["g"].vis == asmblob.STV_HIDDEN
    assert syms["w"].bind == asmblob.STB_WEAK
    # a call to an exported default-visibility symbol keeps its PLT relocation (it may be preempted)
    elf = asmblob.read_elf(again)
    assert [elf.symbols[r.sym].name for r in elf.relocs[_text(elf)]
            if r.type == asmblob.R_X86_64_PLT32] == ["ext", "w"]
    assert syms["table"].size == 32 and syms["counter"].size == 24


@pytest.mark.parametrize("use_base64", [True, False])
def test_large_code_model_round_trip(use_base64):
    obj = _assemble(LARGE_SOURCE)
    assert {asmblob.R_X86_64_GOTPC64, asmblob.R_X86_64_GOTOFF64, asmblob.R_X86_64_GOT64,
            asmblob.R_X86_64_PLTOFF64} <= _reloc_types(obj)
    if use_base64 and not asmblob.supports_base64():
        pytest.skip("this LLVM has no .base64")
    text = asmblob.to_asm(obj, local={"f"}, use_base64=use_base64)
    assert '.ltext,"axl"' in text and '.lbss,"awl",@nobits' in text and "f@GOT + 0" in text
    again = _assemble(text)
    assert asmblob.same_image(obj, again) == ""
    elf = asmblob.read_elf(again)
    large = {s.name for s in elf.alloc() if s.flags & asmblob.SHF_X86_64_LARGE}
    assert {".ltext", ".ldata", ".lbss"} <= large
    # f is local now, and its GOT slot still holds f (not the section's start plus an offset)
    got64 = [elf.symbols[r.sym].name for rs in elf.relocs.values() for r in rs if r.type == asmblob.R_X86_64_GOT64]
    assert sorted(got64) == ["ext", "f", "g"]


def test_a_changed_got_slot_is_seen():
    obj = _assemble(LARGE_SOURCE)
    text = asmblob.to_asm(obj, use_base64=False)
    # the same GOT-relative address of g, through its slot or directly: not the same instruction
    assert "g@GOT + 0" in text
    assert asmblob.same_image(obj, _assemble(text.replace("g@GOT + 0", "g@GOTOFF + 0", 1))) != ""
    assert asmblob.same_image(obj, _assemble(text.replace("g@GOT + 0", "ext@GOT + 0", 1))) != ""


def test_a_changed_byte_or_relocation_is_seen():
    obj = _assemble(SOURCE)
    text = asmblob.to_asm(obj, use_base64=False)
    assert "ext2 + 0 - ." in text and "not code" in text
    assert asmblob.same_image(obj, _assemble(text.replace("ext2 + 0 - .", "ext2 + 8 - .", 1))) != ""
    assert asmblob.same_image(obj, _assemble(text.replace("not code", "not data", 1))) == "section .rodata differs"
    # the same bytes through another relocation type (R_X86_64_32 for R_X86_64_32S)
    as_32 = text.replace("\t.reloc\t., R_X86_64_32S, .Lhk_sec6.start + 0\n\t.long\t0", "\t.long\t.Lhk_sec6.start")
    assert as_32 != text and asmblob.same_image(obj, _assemble(as_32)).startswith("relocation at .text+")


@pytest.mark.skipif(shutil.which("cc") is None, reason="needs a C compiler driver (cc) to assemble")
@pytest.mark.parametrize("source", [SOURCE, LARGE_SOURCE], ids=["small", "large"])
def test_the_ascii_form_reads_with_the_system_assembler(tmp_path, source):
    obj = _assemble(source)
    (tmp_path / "b.s").write_text(asmblob.to_asm(obj, local={"f"}, use_base64=False))
    subprocess.run(["cc", "-c", str(tmp_path / "b.s"), "-o", str(tmp_path / "b.o")], check=True)
    assert asmblob.same_image(obj, (tmp_path / "b.o").read_bytes()) == ""


@pytest.mark.parametrize("source, why", [
    ("movq ext@GOTPCREL(%rip), %rax", "relocation type 42"),  # R_X86_64_REX_GOTPCRELX
    ('.section .tbss,"awT",@nobits\n.zero 8', "flags"),
    ('.section .init_array,"aw",@init_array\n.quad 0', "type 0xe"),
])
def test_what_it_does_not_know_it_refuses(source, why):
    with pytest.raises(asmblob.Unsupported, match=why):
        asmblob.to_asm(_assemble("\t.text\n" + source + "\n"))


def test_portable_spells_base64_as_ascii():
    """library.portable: what hloc writes out (IR's `module asm` lines, or assembly) reads without `.base64`."""
    from hloc.backend.llvm.codegen.linking import portable

    obj = _assemble(SOURCE)
    b64, ascii_ = asmblob.to_asm(obj, use_base64=True), asmblob.to_asm(obj, use_base64=False)
    assert ".base64" in b64 and portable(b64) == ascii_
    assert portable(module_asm(b64)) == module_asm(ascii_)
