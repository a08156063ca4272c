"""Compile-time hints added to a module's IR once it is emitted, before LLVM sees it.

    mark_glue(llmod)      # what the emitter calls last

Glue functions are `optnone`: the entry, computation functions and kernels that only hand their loop
to the worker pool (one basic block of calls and pointer/integer bookkeeping, calling only
declarations, intrinsics and other noinline functions, so nothing would be inlined into them). LLVM
then neither optimises them nor runs its full code generator on them (fast instruction selection and
register allocation): ~0.5 ms of LLVM time per function, for code that runs once per call and does no
work of its own.
"""

from __future__ import annotations

import llvmlite.ir as ir

# What a glue function may contain: pointer and integer bookkeeping and calls, no arithmetic on data.
_GLUE_OPS = frozenset({"call", "getelementptr", "load", "store", "alloca", "select", "icmp", "add", "sub", "mul",
                       "sdiv", "shl", "or", "and", "bitcast", "zext", "sext", "trunc", "ret", "ret void"})


def mark_glue(m: ir.Module) -> None:
    """Mark the module's glue functions `noinline optnone`."""
    mark_glue_functions(m.functions)


def mark_glue_functions(fns) -> None:
    """Mark those of `fns` (finished functions, in module order) that are glue `noinline optnone`:
    what mark_glue then does for them (the emitter marks each kernel's as it finishes it, before
    printing it to compare kernels)."""
    for fn in fns:
        if len(fn.blocks) != 1 or "optnone" in fn.attributes:
            continue
        if all(_is_glue(instr) for instr in fn.blocks[0].instructions):
            fn.attributes.add("noinline")
            fn.attributes.add("optnone")


def _is_glue(instr) -> bool:
    if instr.opname not in _GLUE_OPS:
        return False
    if instr.opname == "call":
        callee = instr.callee
        return isinstance(callee, ir.Function) and (not callee.blocks or "noinline" in callee.attributes)
    return True


def compile_apart(fn: ir.Function, weight: float = 1.0) -> None:
    """Mark `fn` (a noinline function) a unit of its own: a piece of a single big kernel (e.g. a row
    group's phases, rowgroups.py) that may then compile beside the rest. `weight`: LLVM time per
    line against the usual (a max/min row reduction costs about 1.5 times its lines)."""
    fn.hloc_apart = True
    fn.hloc_weight = weight
