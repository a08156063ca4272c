"""Glue kernels moved into their caller, once the module is emitted: fewer functions for LLVM.

    inline_glue(calls)      # the emitter's kernel calls, after hints.mark_glue

A kernel whose function is `optnone` glue (hints.py: one that hands its loop to the worker pool or
calls a library GEMM; a split reduction's shell, reduce.py, which also sums the tasks' partials)
called once from an `optnone` function (the entry, a computation) has its code moved to that call:
LLVM's code generator spends ~0.35 ms on even an empty `optnone` function (this build: its whole
machine pass pipeline runs per function), and the call and the function's prologue do no work.
matmul_512: LLVM time 3.6 -> 3.1 ms. The caller stays `optnone`; the callee's allocas go to its
entry block (static stack slots, as in the callee).
"""

from __future__ import annotations

import llvmlite.ir as ir


def inline_glue(calls: list[ir.CallInstr]) -> None:
    """Move the callee of each call in `calls` (the emitter's kernel calls: nothing else refers
    to a kernel) into its caller where both are glue and the callee has no other call."""
    uses: dict[ir.Function, int] = {}
    for c in calls:
        uses[c.callee] = uses.get(c.callee, 0) + 1
    for call in calls:
        fn = call.callee
        caller = call.parent.function
        if uses[fn] == 1 and fn is not caller and _glue(fn) and _glue(caller) and _movable(fn):
            _move(call, fn)
            del fn.module.globals[fn.name]


def _glue(fn: ir.Function) -> bool:
    return "optnone" in fn.attributes and bool(fn.blocks)


# Instructions that llvmlite prints from attributes of their own, not (only) from `operands`, which
# _rebind rewrites: a callee using one on an argument would keep the callee's name for it.
_UNSAFE = (ir.InsertValue, ir.ExtractValue, ir.InsertElement, ir.ExtractElement, ir.ShuffleVector)


def _movable(fn: ir.Function) -> bool:
    return all(not isinstance(i, _UNSAFE) for blk in fn.blocks for i in blk.instructions)


def _move(call: ir.CallInstr, fn: ir.Function) -> None:
    """Replace `call` by `fn`'s code (its `ret void`s branching to what followed the call), `fn`'s
    arguments by the call's."""
    block = call.parent
    caller = block.function
    subst = dict(zip(fn.args, call.args))
    first, *rest = fn.blocks
    at = block.instructions.index(call)
    after = block.instructions[at + 1:]
    multi = len(fn.blocks) > 1
    if multi:  # the call's block ends with the callee's first; what followed gets a block
        cont = caller.append_basic_block(f"{block.name}.cont")
        for b in caller.blocks:  # (where the call's block branched to, it now comes from there)
            for phi in b.instructions:
                if isinstance(phi, ir.PhiInstr):
                    phi.incomings = [(v, cont if p is block else p) for v, p in phi.incomings]
                    phi._clear_string_cache()
        for instr in after:
            instr.parent = cont
        cont.instructions, cont.terminator = after, block.terminator
        block.instructions, block.terminator = block.instructions[:at], None
        for b in rest:
            b.parent, b.scope = caller, caller.scope
            b.name = b.name  # registered in the caller's scope: renamed apart from its blocks
            b.__dict__.pop("_StringReferenceCaching__cached_refstr", None)
            caller.blocks.insert(caller.blocks.index(cont), b)
    entry = caller.blocks[0]
    allocas = []
    for b in fn.blocks:
        for instr in list(b.instructions):
            _rebind(instr, subst, first, block)
            if isinstance(instr, ir.Ret):
                b.instructions.remove(instr)
                b.terminator = None
                if multi:
                    br = ir.IRBuilder(b).branch(cont)
                    if b is first:
                        br.parent = block
            elif isinstance(instr, ir.AllocaInstr):
                allocas.append(instr)
    body = first.instructions
    if not multi:
        block.instructions[at:at + 1] = body
    else:
        block.instructions += body
        block.terminator = body[-1]
    for instr in body:
        instr.parent = block
    for a in allocas:  # (static slots: the entry block's)
        a.parent.instructions.remove(a)
        a.parent = entry
        entry.instructions.insert(0, a)
    if hasattr(caller, "hloc_text"):
        del caller.hloc_text  # (split.keep_text: the text kept is no longer the function's)


def _rebind(instr, subst: dict, first: ir.Block, block: ir.Block) -> None:
    """`instr` of the callee as code of the caller: the call's arguments for the callee's, the
    call's block for the callee's first, a name in the caller's scope."""
    instr.operands = type(instr.operands)(subst.get(op, op) for op in instr.operands)
    if isinstance(instr, ir.GEPInstr):
        instr.pointer, instr.indices = instr.operands[0], list(instr.operands[1:])
    if isinstance(instr, ir.PhiInstr):
        instr.incomings = [(subst.get(v, v), block if b is first else b) for v, b in instr.incomings]
    if instr.parent is first:
        instr.parent = block
    instr.name = instr.name
    instr.__dict__.pop("_StringReferenceCaching__cached_refstr", None)
    instr._clear_string_cache()
