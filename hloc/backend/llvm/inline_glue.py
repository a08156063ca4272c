"""Glue kernels moved into their caller, once the module is emitted: fewer functions for LLVM.

    inline_glue(calls)      # the emitter's kernel calls, after hints.mark_glue

A kernel whose function is glue (`optnone`, one basic block of calls and pointer bookkeeping:
hints.py), e.g. one that hands its loop to the worker pool or calls a library GEMM, called once
from a glue function (the entry, a computation), has its instructions moved to that call: LLVM's code
generator spends ~0.35 ms on even an empty `optnone` function (this build: its whole machine pass
pipeline runs per function), and the call and the function's prologue do no work. matmul_512: LLVM
time 3.6 -> 3.1 ms. The caller stays glue: it now holds the same kinds of instructions.
"""

from __future__ import annotations

import llvmlite.ir as ir


def inline_glue(calls: list[ir.CallInstr]) -> None:
    """Move the callee of each call in `calls` (the emitter's kernel calls: nothing else refers
    to a kernel) into its caller where both are one-block glue and the callee has no other call."""
    uses: dict[ir.Function, int] = {}
    for c in calls:
        uses[c.callee] = uses.get(c.callee, 0) + 1
    for call in calls:
        fn = call.callee
        caller = call.parent.function
        if uses[fn] == 1 and fn is not caller and _glue(fn) and _glue(caller):
            _move(call, fn)
            del fn.module.globals[fn.name]


def _glue(fn: ir.Function) -> bool:
    return "optnone" in fn.attributes and len(fn.blocks) == 1


def _move(call: ir.CallInstr, fn: ir.Function) -> None:
    """Replace `call` by `fn`'s instructions (all but its `ret void`), `fn`'s arguments by the call's."""
    block = call.parent
    subst = dict(zip(fn.args, call.args))
    body = fn.blocks[0].instructions[:-1]
    for instr in body:
        instr.operands = type(instr.operands)(subst.get(op, op) for op in instr.operands)
        if isinstance(instr, ir.GEPInstr):
            instr.pointer, instr.indices = instr.operands[0], list(instr.operands[1:])
        instr.parent = block
        instr.name = instr.name  # registered in the caller's scope: renamed apart from its values
        instr.__dict__.pop("_StringReferenceCaching__cached_refstr", None)
        instr._clear_string_cache()
    at = block.instructions.index(call)
    block.instructions[at:at + 1] = body
    caller = block.function
    if hasattr(caller, "hloc_text"):
        del caller.hloc_text  # (split.keep_text: the text kept is no longer the function's)
