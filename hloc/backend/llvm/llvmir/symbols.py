"""Symbol names in the LLVM module: one allocator, so that no two symbols can collide (the module
emitter, codegen/emitter.py, and every kernel and library emitter ask it).

    fresh_name(mod, "k.add.3")  -> a name no symbol of `mod` has or ever had ("k.add.3", "k.add.3.1", ...)

Two namespaces that do not meet:
  * fixed names, looked up before they are made (get or create): LLVM intrinsics (`llvm.*`), hloc's
    shared helpers and tables (`hloc.*`), C library functions, and the entry's exports (`<entry>`,
    `<entry>_temp_bytes`, ...: C identifiers, without dots);
  * allocated names, from `fresh_name` only: what is named after the HLO (constants `c.<name>`,
    kernels `k.<name>`, control-flow computations `comp.<name>`) and what an emitter derives from a
    kernel's name (`<kernel>.task`, `<kernel>.range`, `<kernel>.im2col`, `c.im2col.taps`). They
    always contain a dot and never start with a fixed prefix, whatever the HLO names are.

llvmlite's module scope remembers every name given, also of a symbol deleted since (kernel
de-duplication removes a duplicate kernel and its tables): asking the scope, not `module.globals`,
is what keeps a freed name from being handed out again while llvmlite still holds it.
"""

from __future__ import annotations

from llvmlite import ir

FIXED_PREFIXES = ("llvm.", "hloc.")


def fresh_name(mod: ir.Module, base: str) -> str:
    """A new symbol name from `base`; give it to the symbol made next (the scope records it then)."""
    if base.startswith(FIXED_PREFIXES) or "." not in base:
        base = "x." + base
    return mod.scope.deduplicate(base)
