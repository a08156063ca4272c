"""An x86-64 ELF relocatable object re-expressed as assembly the assembler handles almost for free.

The precompiled library (codegen/linking.py) is compiled once; every module that uses it carries it as
`module asm`. As instructions, its ~10k lines are parsed and encoded again by LLVM's assembler on
every compile (~1.5 us a line). As data it is a few hundred lines: each allocated section's bytes as
`.base64` strings (`.ascii` before LLVM 22), its symbols as labels at their offsets (`.type`/`.size`
kept, so objdump and debuggers still see the functions), and every relocation site as the directive
that makes the assembler emit the same relocation (or resolve it, within a section):

    R_X86_64_PC32    .long S + A - .           R_X86_64_PLT32   .long S@PLT + A  (S preemptible)
    R_X86_64_64      .quad S + A               R_X86_64_PC64    .quad S + A - .   (else as PC32)
    R_X86_64_32      .long S + A               R_X86_64_32S     .reloc ., R_X86_64_32S, S + A; .long 0
    R_X86_64_GOT64   .quad S@GOT + A           R_X86_64_GOTOFF64 .quad S@GOTOFF + A
    R_X86_64_PLTOFF64 .quad S@PLTOFF + A       R_X86_64_GOTPC64 .reloc ., R_X86_64_GOTPC64, S + A; .quad 0

The last four and the large sections (.ltext, .ldata, .lbss: SHF_X86_64_LARGE, the `l` flag) are what
the large code model (codegen/target.py) gives.

    text = to_asm(obj, local={"f"}, prefix=".Lhk_")    # Unsupported: anything else (the caller falls back)
    same_image(obj, assemble(text))                     # '': both link to the same bytes (else what differs)

`same_image` links both objects at one made-up layout (a mini-linker for just these relocations) and
compares the bytes, symbols and alignments: linking.py checks every build with it.
"""

from __future__ import annotations

import base64
import re
import struct
from dataclasses import dataclass

# ELF constants (the System V gABI and the x86-64 psABI)
SHT_PROGBITS, SHT_SYMTAB, SHT_STRTAB, SHT_RELA, SHT_NOBITS, SHT_REL = 1, 2, 3, 4, 8, 9
SHF_WRITE, SHF_ALLOC, SHF_EXECINSTR, SHF_MERGE, SHF_STRINGS = 0x1, 0x2, 0x4, 0x10, 0x20
SHF_X86_64_LARGE = 0x10000000
STT_NOTYPE, STT_OBJECT, STT_FUNC, STT_SECTION, STT_FILE = 0, 1, 2, 3, 4
STB_LOCAL, STB_GLOBAL, STB_WEAK = 0, 1, 2
STV_DEFAULT, STV_HIDDEN = 0, 2
SHN_UNDEF = 0
R_X86_64_64, R_X86_64_PC32, R_X86_64_PLT32, R_X86_64_32, R_X86_64_32S, R_X86_64_PC64 = 1, 2, 4, 10, 11, 24
R_X86_64_GOTOFF64, R_X86_64_GOT64, R_X86_64_GOTPC64, R_X86_64_PLTOFF64 = 25, 27, 29, 31


@dataclass(frozen=True)
class RelocKind:
    size: int  # field bytes
    pcrel: bool  # S + A - P (the data expression subtracts `.`)
    modifier: str = ""  # the `S@...` variant that makes the assembler emit this type
    directive: str = ""  # the name `.reloc` needs where no data expression gives the type


RELOCS = {R_X86_64_64: RelocKind(8, False), R_X86_64_PC32: RelocKind(4, True), R_X86_64_PLT32: RelocKind(4, True),
          R_X86_64_32: RelocKind(4, False), R_X86_64_32S: RelocKind(4, False, directive="R_X86_64_32S"),
          R_X86_64_PC64: RelocKind(8, True),
          R_X86_64_GOTOFF64: RelocKind(8, False, "@GOTOFF"), R_X86_64_GOT64: RelocKind(8, False, "@GOT"),
          R_X86_64_PLTOFF64: RelocKind(8, False, "@PLTOFF"),
          # (`_GLOBAL_OFFSET_TABLE_ - .` in data is PC64 to LLVM's assembler)
          R_X86_64_GOTPC64: RelocKind(8, True, directive="R_X86_64_GOTPC64")}
CHUNK = 3072  # bytes per data line (a multiple of 3: no base64 padding inside a run)


class Unsupported(Exception):
    """The object holds something this module cannot re-express (the caller keeps the text form)."""


@dataclass
class Section:
    index: int
    name: str
    type: int
    flags: int
    size: int
    align: int
    entsize: int
    data: bytes  # b"" for SHT_NOBITS
    link: int
    info: int


@dataclass
class Symbol:
    name: str
    type: int
    bind: int
    vis: int
    shndx: int
    value: int
    size: int


@dataclass
class Reloc:
    offset: int
    type: int
    sym: int
    addend: int


@dataclass
class Elf:
    sections: list[Section]
    symbols: list[Symbol]
    relocs: dict[int, list[Reloc]]  # by the index of the section they patch

    def alloc(self) -> list[Section]:
        return [s for s in self.sections if s.flags & SHF_ALLOC]


def read_elf(obj: bytes) -> Elf:
    """Sections, symbols and RELA relocations of a little-endian x86-64 ELF64 relocatable object."""
    if obj[:4] != b"\x7fELF" or obj[4] != 2 or obj[5] != 1:
        raise Unsupported("not a little-endian ELF64 object")
    e_type, e_machine = struct.unpack_from("<HH", obj, 16)
    if e_type != 1 or e_machine != 62:
        raise Unsupported(f"not an x86-64 relocatable object (type {e_type}, machine {e_machine})")
    shoff, = struct.unpack_from("<Q", obj, 0x28)
    shentsize, shnum, shstrndx = struct.unpack_from("<HHH", obj, 0x3A)
    raw = [struct.unpack_from("<IIQQQQIIQQ", obj, shoff + i * shentsize) for i in range(shnum)]

    def cstr(table: bytes, off: int) -> str:
        return table[off: table.index(b"\0", off)].decode()

    shstr = obj[raw[shstrndx][4]: raw[shstrndx][4] + raw[shstrndx][5]]
    sections = []
    for i, (name, typ, flags, _addr, off, size, link, info, align, entsize) in enumerate(raw):
        data = b"" if typ == SHT_NOBITS else obj[off: off + size]
        sections.append(Section(i, cstr(shstr, name), typ, flags, size, align, entsize, data, link, info))
    symbols: list[Symbol] = []
    relocs: dict[int, list[Reloc]] = {}
    for s in sections:
        if s.type == SHT_SYMTAB:
            if symbols:
                raise Unsupported("more than one symbol table")
            strtab = sections[s.link].data
            for k in range(0, s.size, 24):
                name, info, other, shndx, value, size = struct.unpack_from("<IBBHQQ", s.data, k)
                symbols.append(Symbol(cstr(strtab, name), info & 0xF, info >> 4, other & 3, shndx, value, size))
        elif s.type == SHT_RELA:
            relocs[s.info] = [Reloc(off, info & 0xFFFFFFFF, info >> 32, addend)
                              for off, info, addend in struct.iter_unpack("<QQq", s.data)]
        elif s.type == SHT_REL:
            raise Unsupported(f"REL relocations ({s.name})")
    return Elf(sections, symbols, relocs)


def supports_base64() -> bool:
    """`.base64` is LLVM's since version 22; older assemblers get `.ascii`."""
    import llvmlite.binding as llvm

    return llvm.llvm_version_info >= (22,)


def to_asm(obj: bytes, local: set[str] = frozenset(), prefix: str = ".Lhk_", use_base64: bool | None = None) -> str:
    """Assembly that assembles to the same allocated sections, symbols and relocations as `obj` (less
    those the assembler resolves within a section). Global symbols named in `local` become local
    ones; `.L` labels are renamed to `prefix`; mergeable constants go to `.rodata`. Ends in `.text`.
    Raises Unsupported for what it cannot express."""
    elf = read_elf(obj)
    if use_base64 is None:
        use_base64 = supports_base64()
    out: list[str] = []
    names = _symbol_names(elf, prefix)
    sec_label = {s.index: f"{prefix}sec{s.index}.start" for s in elf.alloc()}
    if set(sec_label.values()) & set(names):
        raise Unsupported("a symbol is named like a section's label")
    for k in elf.relocs:
        if elf.relocs[k] and not elf.sections[k].flags & SHF_ALLOC:
            raise Unsupported(f"relocations in the non-allocated section {elf.sections[k].name}")

    # what each symbol becomes: a label in its section, or an external name
    labels: dict[int, list[tuple[int, list[str]]]] = {s.index: [] for s in elf.alloc()}
    externals: list[str] = []
    for i, sym in enumerate(elf.symbols):
        if i == 0 or sym.type in (STT_FILE, STT_SECTION):
            continue
        name = names[i]
        if sym.type not in (STT_NOTYPE, STT_OBJECT, STT_FUNC):
            raise Unsupported(f"symbol {sym.name} of type {sym.type}")
        if sym.bind not in (STB_LOCAL, STB_GLOBAL, STB_WEAK) or sym.vis not in (STV_DEFAULT, STV_HIDDEN):
            raise Unsupported(f"symbol {sym.name}: binding {sym.bind}, visibility {sym.vis}")
        if sym.shndx == SHN_UNDEF:
            if sym.bind == STB_WEAK:
                externals.append(f"\t.weak\t{name}")
            if sym.vis == STV_HIDDEN:
                externals.append(f"\t.hidden\t{name}")
            continue
        if sym.shndx not in labels:
            raise Unsupported(f"symbol {sym.name} is not in an allocated section")
        lines = []
        if sym.bind != STB_LOCAL and sym.name not in local:
            lines.append(f"\t.{'weak' if sym.bind == STB_WEAK else 'globl'}\t{name}")
            if sym.vis == STV_HIDDEN:
                lines.append(f"\t.hidden\t{name}")
        if sym.type != STT_NOTYPE:
            lines.append(f"\t.type\t{name},@{'function' if sym.type == STT_FUNC else 'object'}")
        lines.append(f"{name}:")
        if sym.size:
            lines.append(f"\t.size\t{name}, {sym.size}")
        if sym.value > elf.sections[sym.shndx].size:
            raise Unsupported(f"symbol {sym.name} lies outside its section")
        labels[sym.shndx].append((sym.value, lines))

    def target(r: Reloc) -> tuple[str, bool]:
        """The relocation's symbol as an expression, and whether it may resolve outside this object
        (undefined, or exported with default visibility: a call to it keeps its PLT relocation)."""
        if r.sym >= len(elf.symbols):
            raise Unsupported("relocation against a missing symbol")
        sym = elf.symbols[r.sym]
        if sym.type == STT_SECTION:
            if sym.shndx not in sec_label:
                raise Unsupported("relocation against a non-allocated section")
            return sec_label[sym.shndx], False
        if r.sym == 0:
            raise Unsupported("relocation without a symbol")
        exported = sym.bind != STB_LOCAL and sym.vis == STV_DEFAULT and sym.name not in local
        return names[r.sym], sym.shndx == SHN_UNDEF or exported

    out.extend(externals)
    for s in elf.alloc():
        if s.type not in (SHT_PROGBITS, SHT_NOBITS):
            raise Unsupported(f"section {s.name} of type {s.type:#x}")
        if s.flags & ~(SHF_ALLOC | SHF_WRITE | SHF_EXECINSTR | SHF_MERGE | SHF_STRINGS | SHF_X86_64_LARGE):
            raise Unsupported(f"section {s.name} with flags {s.flags:#x}")
        out.append(_section_directive(s))
        if s.align > 1:
            if s.align & (s.align - 1):
                raise Unsupported(f"section {s.name} aligned to {s.align}")
            out.append(f"\t.p2align\t{s.align.bit_length() - 1}")
        out.append(f"{sec_label[s.index]}:")
        events: list[tuple[int, int, object]] = [(off, 0, lines) for off, lines in labels[s.index]]
        for r in elf.relocs.get(s.index, []):
            if r.type not in RELOCS:
                raise Unsupported(f"relocation type {r.type} in {s.name}")
            kind = RELOCS[r.type]
            size, pcrel = kind.size, kind.pcrel
            name, preemptible = target(r)
            if r.type == R_X86_64_PLT32 and preemptible:
                name, pcrel = name + "@PLT", False  # `S@PLT + A` is PLT32 (S + A - P) to both LLVM's and GNU as
            expr = name + kind.modifier + (f" + {r.addend}" if r.addend >= 0 else f" - {-r.addend}")
            data = f"\t.{'quad' if size == 8 else 'long'}\t"
            if kind.directive:
                lines = [f"\t.reloc\t., {kind.directive}, {expr}", data + "0"]
            else:
                lines = [data + expr + (" - ." if pcrel else "")]
            events.append((r.offset, 1, (size, lines)))
        if s.type == SHT_NOBITS and any(kind == 1 for _, kind, _ in events):
            raise Unsupported(f"relocations in the NOBITS section {s.name}")
        events.sort(key=lambda e: (e[0], e[1]))
        pos = 0
        for off, kind, what in events:
            if off < pos or off > s.size:
                raise Unsupported(f"overlapping relocations or labels in {s.name} at {off:#x}")
            out.extend(_bytes(s, pos, off, use_base64))
            pos = off
            if kind == 0:
                out.extend(what)
            else:
                size, lines = what
                if off + size > s.size:
                    raise Unsupported(f"relocation past the end of {s.name}")
                if any(s.data[off: off + size]):
                    raise Unsupported(f"relocation over non-zero bytes in {s.name} at {off:#x}")
                out.extend(lines)
                pos = off + size
        out.extend(_bytes(s, pos, s.size, use_base64))
    out.append("\t.text")  # leave the assembler where the module's own code expects it
    return "\n".join(out) + "\n"


def _symbol_names(elf: Elf, prefix: str) -> list[str]:
    names = []
    seen: dict[str, int] = {}
    for i, sym in enumerate(elf.symbols):
        name = sym.name
        if name.startswith(".L"):
            name = prefix + name[2:]
        if not re.fullmatch(r"[A-Za-z_.$][\w.$]*", name):
            if '"' in name or "\\" in name or "\n" in name:
                raise Unsupported(f"symbol name {name!r}")
            name = f'"{name}"'
        if sym.type not in (STT_FILE, STT_SECTION) and i:
            if name in seen and sym.shndx != SHN_UNDEF:
                raise Unsupported(f"two symbols named {sym.name}")
            seen[name] = i
        names.append(name)
    return names


def _section_directive(s: Section) -> str:
    if s.flags & SHF_MERGE:
        # Not mergeable here: a label at an offset of a merge section would be resolved against the
        # piece it starts, not the offset. The constants are few; plain read-only data keeps them exact.
        if s.flags & (SHF_WRITE | SHF_EXECINSTR):
            raise Unsupported(f"writable or executable mergeable section {s.name}")
        return f'\t.section\t{_output_name(s)},"a{"l" if s.flags & SHF_X86_64_LARGE else ""}",@progbits'
    flags = ("a" + ("w" if s.flags & SHF_WRITE else "") + ("x" if s.flags & SHF_EXECINSTR else "")
             + ("l" if s.flags & SHF_X86_64_LARGE else ""))
    if not re.fullmatch(r"[\w.$]+", s.name):
        raise Unsupported(f"section name {s.name!r}")
    return f'\t.section\t{s.name},"{flags}",@{"nobits" if s.type == SHT_NOBITS else "progbits"}'


def _bytes(s: Section, start: int, end: int, use_base64: bool) -> list[str]:
    if end <= start:
        return []
    if s.type == SHT_NOBITS:
        return [f"\t.zero\t{end - start}"]
    out = []
    for a in range(start, end, CHUNK):
        chunk = s.data[a: min(end, a + CHUNK)]
        out.append(f'\t.base64\t"{base64.b64encode(chunk).decode()}"' if use_base64 else ascii_line(chunk))
    return out


def ascii_line(data: bytes) -> str:
    """An `.ascii` directive for `data` (what assemblers without `.base64` read)."""
    return '\t.ascii\t"' + "".join(_ASCII[b] for b in data) + '"'


_ASCII = [chr(b) if 32 <= b < 127 and chr(b) not in '"\\' else f"\\{b:03o}" for b in range(256)]


# ------------------------------------------------------------------------------------------------
# verification: link both objects at one made-up layout and compare


def linked_image(obj: bytes) -> dict:
    """What a link of `obj` alone would place in memory, at a fixed made-up layout: per output
    section name, its bytes (relocations applied; undefined symbols at addresses derived from their
    names) and alignment, and every named symbol's (section, offset, type, size). Objects that
    `to_asm` re-expresses faithfully give equal images."""
    elf = read_elf(obj)
    # each output section (by name, as to_asm names them) is the concatenation of its input sections
    base: dict[int, int] = {}
    layout: dict[str, list[Section]] = {}
    for s in elf.alloc():
        layout.setdefault(_output_name(s), []).append(s)
    out_base, out_size, out_align, contents = {}, {}, {}, {}
    addr = 1 << 24
    for name in sorted(layout):
        out_base[name] = addr
        pos = 0
        buf = bytearray()
        for s in layout[name]:
            pos += -pos % max(1, s.align)
            buf.extend(b"\0" * (pos - len(buf)))
            base[s.index] = addr + pos
            buf.extend(s.data if s.type != SHT_NOBITS else b"\0" * s.size)
            pos += s.size
        out_size[name], out_align[name], contents[name] = pos, max(s.align for s in layout[name]), buf
        if pos:  # (an empty section takes no room: assemblers differ in which empty ones they emit)
            addr += (pos + (1 << 24)) & ~((1 << 24) - 1)
    undefined = sorted({sym.name for sym in elf.symbols[1:] if sym.shndx == SHN_UNDEF})
    where = {name: (1 << 30) + 64 * k for k, name in enumerate(undefined)}

    def value(sym: Symbol) -> int:
        if sym.shndx == SHN_UNDEF:
            return where[sym.name]
        return base[sym.shndx] + (0 if sym.type == STT_SECTION else sym.value)

    # the GOT: one slot per address loaded through it, in address order (a GOT64 that names another
    # symbol, or a section plus an offset, loads from another slot: the images differ)
    got = 3 << 30
    got_targets = sorted({value(elf.symbols[r.sym]) for rs in elf.relocs.values() for r in rs
                          if r.type == R_X86_64_GOT64})
    slot = {a: got + 8 * (k + 1) for k, a in enumerate(got_targets)}

    def field(r: Reloc, p: int) -> int:
        sym = elf.symbols[r.sym]
        if r.type == R_X86_64_GOTPC64:
            if sym.name != "_GLOBAL_OFFSET_TABLE_":
                raise Unsupported(f"GOTPC64 against {sym.name}")
            return got + r.addend - p
        s = value(sym)
        if r.type == R_X86_64_GOT64:
            return slot[s] - got + r.addend
        if r.type in (R_X86_64_GOTOFF64, R_X86_64_PLTOFF64):  # (no PLT here: a call reaches S itself)
            return s + r.addend - got
        return s + r.addend - (p if RELOCS[r.type].pcrel else 0)

    types = {}
    for k, relocs in elf.relocs.items():
        if k not in base:
            continue
        s = elf.sections[k]
        buf = contents[_output_name(s)]
        for r in relocs:
            if r.type not in RELOCS:
                raise Unsupported(f"relocation type {r.type} in {s.name}")
            size = RELOCS[r.type].size
            p = base[k] + r.offset
            v = field(r, p)
            at = p - out_base[_output_name(s)]
            buf[at: at + size] = (v & ((1 << (8 * size)) - 1)).to_bytes(size, "little")
            types[(_output_name(s), at)] = r.type
    symbols = {}
    for sym in elf.symbols:
        if sym.shndx != SHN_UNDEF and sym.type in (STT_FUNC, STT_OBJECT) and sym.shndx in base:
            s = elf.sections[sym.shndx]
            symbols[sym.name] = (_output_name(s), base[sym.shndx] + sym.value - out_base[_output_name(s)],
                                 sym.type, sym.size)
    return {"sections": {n: (bytes(contents[n]), out_align[n]) for n in contents if out_size[n]},
            "symbols": symbols, "undefined": undefined, "relocations": types}


def _output_name(s: Section) -> str:
    if s.flags & SHF_MERGE:
        return ".lrodata" if s.flags & SHF_X86_64_LARGE else ".rodata"
    return s.name


def same_image(original: bytes, rebuilt: bytes) -> str:
    """'' if the two objects link to the same image (linked_image), else what differs."""
    a, b = linked_image(original), linked_image(rebuilt)
    for name in sorted(set(a["sections"]) | set(b["sections"])):
        if a["sections"].get(name) != b["sections"].get(name):
            return f"section {name} differs"
    if a["symbols"] != b["symbols"]:
        diff = sorted(set(a["symbols"].items()) ^ set(b["symbols"].items()))
        return f"symbols differ: {diff[:4]}"
    if a["undefined"] != b["undefined"]:
        return f"undefined symbols differ: {a['undefined']} vs {b['undefined']}"
    for at, t in b["relocations"].items():
        # the assembler resolves what it can; what it leaves is the original's relocation (a PLT call
        # to a symbol that is local now may become a plain pc-relative one)
        if a["relocations"].get(at) not in (t, R_X86_64_PLT32 if t == R_X86_64_PC32 else t):
            return f"relocation at {at[0]}+{at[1]:#x}: type {t}, was {a['relocations'].get(at)}"
    return ""
