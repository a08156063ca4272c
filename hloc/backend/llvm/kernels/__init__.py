"""Kernels: how one instruction (or one fusion) becomes one LLVM function.

A kernel is a function `emit(ctx: KernelContext, instr)` registered for opcodes in the backend's one
registry (lowerings.LOWERINGS):

    from . import kernel

    @kernel("sort")
    def emit_sort(ctx, instr):
        ...  # ctx.b is positioned in the kernel function; ctx.outputs / ctx.operands are IrArrays

and optionally a `check(instr)` (registered with `@kernel.check("sort")`) that raises CodegenError
for cases the kernel cannot handle, run before any IR is generated, and a `scratch(instr, emitter)
-> bytes` (`@kernel.scratch("dot")`) for working memory the kernel needs during its call: the kernel
then gets `ctx.scratch`, a pointer into the temp arena (64-byte aligned) that is its own until it
returns. Adding a kernel is one new module in this package: every module here is imported by
`load_all()`.

Opcodes with no registered kernel but an elemental rule (elementwise and data-movement ops, and
gather, the math ops of misc.py) use the generic loop kernel in loop.py: a loop over the output
computing each element elementally.
"""

from __future__ import annotations

import importlib
import pkgutil

from ..lowerings import kernel

__all__ = ["kernel", "load_all"]

_loaded = False


def load_all() -> None:
    """Import every kernel module (and through them the elemental rules): LOWERINGS is complete."""
    global _loaded
    if _loaded:
        return
    _loaded = True
    for info in pkgutil.iter_modules(__path__):
        importlib.import_module(f"{__name__}.{info.name}")
