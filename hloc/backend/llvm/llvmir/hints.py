"""Compile-time hints added to a module's IR once it is emitted, before LLVM sees it.

    mark_glue(llmod)      # what the emitter calls last

Glue functions are `optnone`: the entry, computation functions and kernels that only hand their loop
to the worker pool (one basic block of calls and pointer/integer bookkeeping, calling only
declarations, intrinsics and other noinline functions, so nothing would be inlined into them). LLVM
then neither optimises them nor runs its full code generator on them (fast instruction selection and
register allocation): ~0.5 ms of LLVM time per function, for code that runs once per call and does no
work of its own.

Loop glue too: a function of several blocks (loops) that never touches memory itself (no load or
store) and calls only other functions, no intrinsics: a kernel's chunk loop handing row groups to
library routines (the FFTs, top-k). Its loops run once per library call, and at O3 LLVM spent
5-10 ms on each such function (this build), as much as on a vectorised kernel. Code inside RARE
loops (loops.py: a few elements' work beside those calls) does not count against it.
"""

from __future__ import annotations

import llvmlite.ir as ir

# What a glue function may contain: pointer and integer bookkeeping and calls, no arithmetic on data.
# (udiv/urem: a row number split into its multi-index, top-k's row loop)
_GLUE_OPS = frozenset({"call", "getelementptr", "load", "store", "alloca", "select", "icmp", "add", "sub", "mul",
                       "sdiv", "udiv", "urem", "shl", "or", "and", "bitcast", "zext", "sext", "trunc", "ret",
                       "ret void"})

# And what loop glue may contain besides (no loads or stores: the work is its callees').
_LOOP_OPS = frozenset({"phi", "br", "atomicrmw"})


def mark_glue(m: ir.Module) -> None:
    """Mark the module's glue functions `noinline optnone`."""
    mark_glue_functions(m.functions)


def mark_glue_functions(fns) -> None:
    """Mark those of `fns` (finished functions, in module order) that are glue `noinline optnone`:
    what mark_glue then does for them (the emitter marks each kernel's as it finishes it, before
    printing it to compare kernels)."""
    for fn in fns:
        if not fn.blocks or "optnone" in fn.attributes:
            continue
        if _is_glue_function(fn):
            fn.attributes.discard("alwaysinline")  # (glue stays a function of its own: parallel.py's inline)
            fn.attributes.add("noinline")
            fn.attributes.add("optnone")


def _is_glue_function(fn: ir.Function) -> bool:
    if len(fn.blocks) == 1:
        return all(_is_glue(instr) for instr in fn.blocks[0].instructions)
    rare = getattr(fn, "hloc_rare_blocks", ())
    instrs = [instr for block in fn.blocks if id(block) not in rare for instr in block.instructions]
    return all(_is_loop_glue(instr) for instr in instrs) and any(instr.opname == "call" for instr in instrs)


def _is_loop_glue(instr) -> bool:
    if instr.opname in _LOOP_OPS:
        return True
    if instr.opname in ("load", "store") or not _is_glue(instr):
        return False
    return instr.opname != "call" or not instr.callee.name.startswith("llvm.")


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


def prefer_vector_width(fn: ir.Function, bits: int) -> None:
    """LLVM's "prefer-vector-width" for `fn` alone: the vectorisers' widest vectors there (the
    target's own registers stay usable). llvmlite's attribute set takes only names it knows, so the
    string attribute goes in as the raw text it prints."""
    set.add(fn.attributes, f'"prefer-vector-width"="{bits}"')
