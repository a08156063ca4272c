"""How a module gets the runtime library: the worker pool, the GEMMs, the FFT butterflies, the radix
sort's passes and the topk selection, compiled once per target.

The pool (library/threadpool.py) and the GEMM of each element type (library/gemm.py) are the same for
every module compiled for one target: emitting, optimising and code-generating them again for each
module cost ~40 ms (the pool) and ~200 ms (a GEMM) of CPU per compile. A module attached to a Library
instead gets them declared (library.pool, library.gemm_function: `library.declare`) and carries their
machine code as module-level assembly (`module_asm`), compiled once from their own LLVM module at the
module's optimisation level and reused. The module emitter attaches the library or not; that is the
one decision of how a module gets these functions:

    lib = Library.for_target(spec, opt_level)      # None where unsupported (not x86-64 ELF)
    emitter = ModuleEmitter(..., library=lib)       # library.pool() / gemm_function() now declare
    text = str(llmod) + lib.module_asm()            # compiled on first use, then cached

The components are compiled to an ELF object (same pipeline, same TargetMachine) and re-expressed as
data (asmblob.py): each section's bytes as `.base64` lines, the functions and variables as labels at
their offsets, each relocation as the `.long`/`.quad` expression that makes the assembler emit it
again. That is ~550 lines for everything (~1 ms to assemble), where LLVM's assembly text of the same
code is ~10,700 lines of instructions the assembler parses and encodes again on every compile (~15
ms). Every build checks that the data form links to the same bytes as the object
(asmblob.same_image); where it cannot be used (an object asmblob cannot re-express, a failed check)
the assembly text is used instead ("form" says which). The IR and assembly hloc writes
out spell the bytes as `.ascii` instead (`portable`: LLVM before 22 and GNU as before 2.43 have no
`.base64`). Either way the exported functions are local (`.globl` dropped: two objects linked into
one program each keep their own pool) and local labels are renamed apart from the
module's (`.L` -> `.Lhk_`). Cached in memory and in the compile cache directory
($XDG_CACHE_HOME/hloc/library, entries verified by checksum; a damaged or unusable entry is
rebuilt), keyed by the components, the target (triple, CPU, features, PIC), the optimisation level,
hloc's source fingerprint and llvmlite's version. HLOC_LIBRARY=0 turns it off (everything is emitted
per module).
"""

from __future__ import annotations

import base64
import functools
import os
import re
import struct
import threading
from dataclasses import dataclass, field

import llvmlite.ir as ir

from .. import library
from ..library import im2col
from ..library.fft import pow2_vector_type as fft_pow2_vector_type
from . import asmblob
from .split import localize_lines, module_asm, module_asm_line

# of the cached text (2: the data form, asmblob.py; 3: the text form by split.localize_lines; 4: which
# renames immediates, `$.L...`, too)
FORMAT = 4
_PREFIX = ".Lhk_"


@dataclass
class Library:
    """What a module takes from the precompiled library (its components, filled by `declare`)."""

    triple: str
    cpu: str
    features: str
    pic: bool
    opt_level: int
    components: set[str] = field(default_factory=set)
    aliases: dict[str, str] = field(default_factory=dict)  # exported name -> the library function it is
    status: str = ""  # after module_asm(): "memory", "disk" or "built" (+ why a cached entry was dropped)
    form: str = ""  # after module_asm(): "blob" (asmblob.py) or "text (why the data form was not used)"

    @staticmethod
    def for_target(spec, opt_level: int) -> Library | None:
        """The library for a resolved TargetSpec, or None where it is not used (not x86-64 ELF, or
        HLOC_LIBRARY=0)."""
        if os.environ.get("HLOC_LIBRARY", "1") == "0":
            return None
        if not (spec.triple.startswith("x86_64") and "linux" in spec.triple):
            return None
        return Library(spec.triple, spec.cpu, spec.features, spec.pic, opt_level)

    def attach(self, mod: ir.Module) -> None:
        library.attach(mod, self)

    def key_parts(self) -> dict:
        return {"kind": "library", "format": FORMAT, "components": sorted(self.components),
                "triple": self.triple, "cpu": self.cpu, "features": self.features, "pic": self.pic,
                "opt_level": self.opt_level, "hloc": _fingerprint(), "llvmlite": _llvmlite_version()}

    def module_asm(self) -> str:
        """`module asm` lines defining the requested components and `aliases` ('' if none)."""
        if not self.components:
            return ""
        return self._cached()[1] + "".join(
            module_asm(f"\t.globl\t{name}\n\t.type\t{name},@function\n\t.set\t{name}, {target}")
            for name, target in self.aliases.items())

    def assembly(self) -> str:
        """The components' assembly (from memory, the disk cache, or compiled now)."""
        return self._cached()[0]

    def _cached(self) -> tuple[str, str, str]:
        """(assembly, the same as `module asm` lines, its form), from memory, the disk cache or
        compiled now."""
        from ....cache import CompileCache, cache_key

        key = cache_key(self.key_parts())
        with _LOCK:
            hit = _MEMORY.get(key)
        if hit is not None:
            self.status = "memory"
            self.form = hit[2]
            return hit
        cache = CompileCache(part="library")
        entry = cache.load(key)
        why = cache.last_discarded
        if entry is not None:
            text = entry.data.get("library.s", b"").decode("utf-8", "replace")
            if _complete(text, self.components):
                self.status = "disk"
                self.form = str(entry.meta.get("form", "text"))
                return self._remember(key, text, self.form)
            why = "the entry does not define the library's functions"
            cache.discard(key, why)
        text = self.compile()
        self.status = "built" + (f" (dropped a damaged cache entry: {why})" if why else "")
        cache.store(key, {"kind": "library", "components": sorted(self.components), "form": self.form},
                    {"library.s": text.encode()})
        return self._remember(key, text, self.form)

    @staticmethod
    def _remember(key: str, text: str, form: str) -> tuple[str, str, str]:
        hit = (text, module_asm(text), form)
        with _LOCK:
            _MEMORY[key] = hit
        return hit

    def compile(self) -> str:
        """Compile the components from their own LLVM module to (renamed, localised) assembly: the
        data form of their object where it applies and checks out, else LLVM's assembly text."""
        import llvmlite.binding as llvm

        from .target import TargetSpec, optimize, target_machine

        tm = target_machine(TargetSpec(self.triple, self.cpu, self.features, self.pic), self.opt_level)
        mod = ir.Module(name="hloc.library")
        mod.triple = self.triple
        mod.data_layout = str(tm.target_data)
        for c in sorted(self.components):
            if c == "pool":
                library.pool(mod)
            elif c.startswith("fft."):
                library.fft_pow2_function(mod, *fft_pow2_vector_type(c))
            elif c == "radix":
                library.radix_function(mod)
            elif c.startswith("topk."):
                library.topk_f32_function(mod, c.endswith(".max"))
            else:
                library.gemm_function(mod, c.split(".", 1)[1], self.features)
                if c == "gemm.f32":
                    im2col.emit_im2col(mod)
        exported = {}
        for c in self.components:
            exported.update(library.exports(c))
        for name, ftype in exported.items():
            fn = mod.globals[name]
            if str(fn.ftype) != str(ftype):
                raise AssertionError(f"library: {name} is {fn.ftype}, declared as {ftype}")
            fn.linkage = ""  # external while compiling (kept, not specialised); local in the output
        llmod = llvm.parse_assembly(str(mod))
        llmod.verify()
        optimize(llmod, tm, self.opt_level)
        optimized = str(llmod)  # code generation changes the module: the text form starts again from here
        obj = tm.emit_object(llmod)
        why = ""
        try:
            text = asmblob.to_asm(obj, set(exported), _PREFIX)
            why = asmblob.same_image(obj, tm.emit_object(llvm.parse_assembly(module_asm(text))))
        except (asmblob.Unsupported, struct.error, ValueError, IndexError, KeyError) as e:
            why = str(e) or type(e).__name__  # (an object asmblob misreads: keep the text form too)
        if not why:
            self.form = "blob"
            return text
        self.form = f"text ({why})"
        return _localize(tm.emit_assembly(llvm.parse_assembly(optimized)), set(exported))


_MEMORY: dict[str, tuple[str, str, str]] = {}  # key -> (assembly, as module asm, form)
_LOCK = threading.Lock()


def _localize(asm: str, exported: set[str]) -> str:
    # the exported functions local to the object, like the internal functions they replace; then
    # leave the assembler where the module's own code expects it
    return "\n".join(localize_lines(asm, exported, _PREFIX) + ["\t.text"]) + "\n"


def _complete(text: str, components) -> bool:
    names = set()
    for c in components:
        names.update(library.exports(c))
    return all(re.search(rf"^{re.escape(n)}:", text, re.M) for n in names) and text.rstrip().endswith(".text")




_BASE64_IR = re.compile(r'^module asm "(?:\\09|\t)\.base64(?:\\09|\t)\\22([A-Za-z0-9+/=]*)\\22"\n', re.M)
_BASE64_ASM = re.compile(r'^\t\.base64\t"([A-Za-z0-9+/=]*)"$', re.M)


def portable(text: str) -> str:
    """LLVM IR (`module asm` lines) or assembly with the library's `.base64` lines as `.ascii` (the
    same bytes): for the IR and assembly hloc writes out, which LLVM before 22 and GNU as before 2.43
    could not read otherwise."""
    if ".base64" not in text:
        return text
    text = _BASE64_IR.sub(lambda m: module_asm_line(asmblob.ascii_line(base64.b64decode(m.group(1)))), text)
    return _BASE64_ASM.sub(lambda m: asmblob.ascii_line(base64.b64decode(m.group(1))), text)


@functools.cache
def _fingerprint() -> str:
    """hloc's source fingerprint, once per process: the library is compiled by the code this process
    imported, and walking the tree on every compile costs more than the rest of a cache hit."""
    from ....cache import source_fingerprint

    return source_fingerprint()


def _llvmlite_version() -> str:
    import llvmlite

    return llvmlite.__version__
