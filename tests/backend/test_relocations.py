"""Objects hloc loads in-process reach other sections only through 64-bit relocations.

ORC's RuntimeDyld maps each section of an object separately, wherever mmap puts it; after a process
has mapped and freed a few GiB, an object's code and its constants can be more than 2 GiB apart. A
32-bit PC-relative relocation between them then overflows: llvmlite's LLVM asserts
(`isInt<32>(RealOffset)`, which aborted test workers at random), a build without assertions jumps
to a wrong address. Calls to undefined symbols through RuntimeDyld's stubs (in the calling
section) would be safe, but the large code model needs none.
"""

from __future__ import annotations

import struct
from collections import Counter

import pytest

from hloc.backend.llvm.compile import CompileOptions, compile_to_object
from hloc.parse import parse_module

# x86-64 relocation types with a 64-bit field: absolute, PC-relative, GOT-relative.
R_X86_64_64, R_X86_64_PC64, R_X86_64_GOTOFF64, R_X86_64_GOT64, R_X86_64_GOTPC64, R_X86_64_PLTOFF64 = (
    1, 24, 25, 27, 29, 31)
WIDE = {R_X86_64_64, R_X86_64_PC64, R_X86_64_GOTOFF64, R_X86_64_GOT64, R_X86_64_GOTPC64, R_X86_64_PLTOFF64}
SHT_RELA, SHF_ALLOC = 4, 2


def relocations(obj: bytes) -> Counter:
    """(patched section's name, relocation type) -> count, over the allocated sections of an ELF64
    little-endian relocatable object."""
    assert obj[:4] == b"\x7fELF" and obj[4] == 2 and obj[5] == 1, "not an ELF64 little-endian object"
    (shoff,) = struct.unpack_from("<Q", obj, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", obj, 0x3A)
    sections = [struct.unpack_from("<IIQQQQIIQQ", obj, shoff + i * shentsize) for i in range(shnum)]
    names = sections[shstrndx][4]

    def name(offset: int) -> str:
        return obj[names + offset: obj.index(b"\0", names + offset)].decode()

    out: Counter = Counter()
    for _sh_name, sh_type, _flags, _addr, offset, size, _link, info, _align, _entsize in sections:
        if sh_type != SHT_RELA or not sections[info][2] & SHF_ALLOC:
            continue
        for k in range(size // 24):
            _r_offset, r_info, _addend = struct.unpack_from("<QQq", obj, offset + 24 * k)
            out[(name(sections[info][0]), r_info & 0xFFFFFFFF)] += 1
    return out


# Constants (a vector pool), a libm call, a mutable global (the worker pool's state), a GEMM from
# the precompiled library, a sort (comparator functions), a while loop.
MODULES = {
    "elementwise_constants_libm": """HloModule m
ENTRY e {
  a = f32[4096] parameter(0)
  c = f32[4096] broadcast(f32[] constant(1.5)), dimensions={}
  m = f32[4096] multiply(a, c)
  p = f32[4096] power(m, a)
  ROOT r = f32[4096] add(p, a)
}""",
    "dot_library_pool": """HloModule m
ENTRY e {
  a = f32[256,256] parameter(0)
  b = f32[256,256] parameter(1)
  ROOT d = f32[256,256] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}""",
    "sort_while": """HloModule m
cmp {
  x = f32[] parameter(0)
  y = f32[] parameter(1)
  ROOT lt = pred[] compare(x, y), direction=LT
}
cond {
  s = (s32[], f32[64]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  ROOT lt = pred[] compare(i, s32[] constant(3)), direction=LT
}
body {
  s = (s32[], f32[64]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  v = f32[64] get-tuple-element(s), index=1
  n = s32[] add(i, s32[] constant(1))
  w = f32[64] sort(v), dimensions={0}, to_apply=cmp
  ROOT t = (s32[], f32[64]) tuple(n, w)
}
ENTRY e {
  a = f32[64] parameter(0)
  t = (s32[], f32[64]) tuple(s32[] constant(0), a)
  r = (s32[], f32[64]) while(t), condition=cond, body=body
  ROOT o = f32[64] get-tuple-element(r), index=1
}""",
}


@pytest.mark.parametrize("name", sorted(MODULES))
def test_in_process_objects_use_only_64_bit_relocations(name):
    compiled = compile_to_object(parse_module(MODULES[name], name), CompileOptions())
    found = relocations(compiled.obj)
    assert found, "the object has no relocations at all: the check would see nothing"
    narrow = {key: n for key, n in found.items() if key[1] not in WIDE}
    assert not narrow, f"32-bit relocations (section, type): count = {narrow}"
