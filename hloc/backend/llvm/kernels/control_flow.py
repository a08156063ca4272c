"""Control flow: `while` and `conditional` as real loops and branches in the generated code.

The called computations (condition, body, branches) become internal functions with the entry ABI,
`void f(ptr params, ptr results, ptr temp)` (arrays of leaf pointers, see emitter.py), built from
their own plans (calls inlined, their own buffers). A control-flow kernel calls them; their temp
arena lives in the kernel's scratch, so it is reused by every iteration and by every branch.

while: the loop state lives in the while's own output buffers (one per array leaf of the tuple).
Each state leaf is one of
  * passthrough: the body's result leaf is its parameter leaf's buffer: returned unchanged
    (loop-invariant inputs, e.g. the weights of an RNN), or updated in place by the body's kernels
    (the buffer assignment lets an elementwise kernel overwrite a state leaf that dies at it, e.g. a
    counter `i + 1`): nothing is copied in the loop. A leaf the body returns as it came (through
    tuples and get-tuple-elements: buffer_assignment.while_read_only_leaves) is not even copied in:
    the while's result leaf is its operand's buffer, which the loop reads in place;
  * in place: the body's kernel that produces the new leaf runs after every reader of the old one
    (and does not read it itself): it writes straight into the state buffer;
  * ping-pong: otherwise the body writes into a second buffer (in the scratch) and the two are
    swapped after each iteration; one copy at exit if the result ended in the second buffer.
The condition reads the current state and writes one pred byte in the scratch.

conditional: the branch index (s32; out of range -> the last branch, as XLA) or pred (true -> branch
0) picks one of the branch functions with a `switch`; each writes the conditional's output buffers.
"""

from __future__ import annotations

from dataclasses import dataclass

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.module import Computation, Instruction
from ....passes.analysis.buffer_assignment import NO_CODE, aliases_operand, while_read_only_arrays
from ..llvmir.irutil import intrinsic_memcpy
from ..llvmir.irvalues import I8, I32, I64, PTR, const
from . import kernel

ALIGN = 64


def _align(n: int) -> int:
    return (n + ALIGN - 1) // ALIGN * ALIGN


def _memcpy(b: ir.IRBuilder, dst, src, n: int) -> None:

    if n:
        intrinsic_memcpy(b, dst, src, n)


def _array_leaves(shape):
    return [leaf for leaf in shape.leaves() if leaf.is_array]


def _pointer_array(b: ir.IRBuilder, ptrs: list[ir.Value], name: str) -> ir.Value:
    """A stack array holding `ptrs` (the params/results argument of a computation function)."""
    arr = _entry_alloca(b, ir.ArrayType(PTR, max(1, len(ptrs))), name)
    for i, p in enumerate(ptrs):
        b.store(p, b.gep(arr, [const(I64, 0), const(I64, i)], inbounds=True))
    return arr


def _entry_alloca(b: ir.IRBuilder, ty: ir.Type, name: str) -> ir.Value:
    entry = b.function.entry_basic_block
    with b.goto_block(entry):
        if entry.instructions:
            b.position_before(entry.instructions[0])
        return b.alloca(ty, name=name)


# ------------------------------------------------------------------------------------------------
# while


def _leaf_types(shape) -> list:
    return [(leaf.etype, tuple(leaf.dims)) for leaf in shape.leaves()]


@kernel.check("while")
def check_while(instr: Instruction) -> None:
    state = instr.operands[0].shape
    if len(instr.operands) != 1 or _leaf_types(instr.shape) != _leaf_types(state):
        raise CodegenError("while: the loop state and the result must have the same shape", instr.loc)
    cond, body = instr.attrs["condition"], instr.attrs["body"]
    if len(cond.parameters) != 1 or _leaf_types(cond.parameters[0].shape) != _leaf_types(state):
        raise CodegenError(f"while: condition '{cond.name}' must take the loop state {state}", instr.loc)
    if len(body.parameters) != 1 or _leaf_types(body.parameters[0].shape) != _leaf_types(state):
        raise CodegenError(f"while: body '{body.name}' must take the loop state {state}", instr.loc)
    if _leaf_types(body.root.shape) != _leaf_types(state):
        raise CodegenError(f"while: body '{body.name}' returns {body.root.shape}, not the loop state {state}",
                           instr.loc)
    if cond.root.shape.is_tuple or cond.root.shape.etype != "pred" or cond.root.shape.rank != 0:
        raise CodegenError(f"while: condition '{cond.name}' must return pred[], not {cond.root.shape}", instr.loc)


@dataclass
class WhileLayout:
    passthrough: frozenset[int]  # state leaves the body returns in their own buffer (unchanged or updated)
    in_place: frozenset[int]  # state leaves the body's producing kernel writes directly
    pong: dict[int, int]  # ping-pong leaf -> byte offset of its second buffer in the scratch
    pred: int  # byte offset of the condition's result
    total: int  # scratch bytes (the called computations' arena first, at offset 0)


def _kernels(plan) -> list[Instruction]:
    return [i for i in plan.schedule if not (i.opcode in NO_CODE or aliases_operand(i))]


def while_layout(instr: Instruction, emitter) -> WhileLayout:
    cond, body = instr.attrs["condition"], instr.attrs["body"]
    bp, cp = emitter.plan(body, writable_params=True), emitter.plan(cond)
    ba = bp.ba
    root = bp.comp.root
    leaves = _array_leaves(instr.shape)
    root_slices = [s for s, leaf in zip(ba.leaves[root], root.shape.leaves()) if leaf.is_array]
    param = bp.comp.parameters[0]
    param_slices = [s for s, leaf in zip(ba.leaves[param], param.shape.leaves()) if leaf.is_array]
    kernels = _kernels(bp)
    position = {k: n for n, k in enumerate(kernels)}
    reads: dict[int, list[int]] = {}  # id(slice) -> positions of kernels reading it
    for n, k in enumerate(kernels):
        for o in k.operands:
            for s in ba.leaves[o]:
                reads.setdefault(id(s), []).append(n)
    copied_from = {id(src) for src, _, _ in ba.copies}
    passthrough, in_place = set(), set()
    for j, s in enumerate(root_slices):
        if s is param_slices[j]:
            passthrough.add(j)
            continue
        if s.kind != "result" or s.index != j:
            continue
        # The first kernel writing the leaf's buffer (later ones update it in place) clobbers the
        # old value: every reader of the old value must run before it.
        producers = [position[k] for k in kernels if any(x is s for x in ba.leaves[k])]
        if not producers:
            continue
        p = min(producers)
        old = param_slices[j]
        if id(old) not in copied_from and all(r < p for r in reads.get(id(old), [])):
            in_place.add(j)
    pos = _align(max(bp.ba.temp_bytes, cp.ba.temp_bytes))
    pong = {}
    for j, leaf in enumerate(leaves):
        if j not in passthrough and j not in in_place:
            pong[j] = pos
            pos += _align(leaf.byte_size)
    pred = pos
    pos += ALIGN
    return WhileLayout(frozenset(passthrough), frozenset(in_place), pong, pred, pos)


@kernel.scratch("while")
def while_scratch(instr: Instruction, emitter) -> int:
    return while_layout(instr, emitter).total


@kernel("while")
def emit_while(ctx, instr: Instruction) -> None:
    b = ctx.b
    em = ctx.emitter
    lay = while_layout(instr, em)
    cond_fn = em.computation_function(instr.attrs["condition"])
    body_fn = em.computation_function(instr.attrs["body"], lay.passthrough, writable_params=True)
    outs = ctx.outputs
    inits = ctx.operands[0]
    sizes = [o.shape.byte_size for o in outs]

    def scratch_at(off: int) -> ir.Value:
        return b.gep(ctx.scratch, [const(I64, off)], inbounds=True, source_etype=I8)

    # read-only leaves: the result's buffer is the operand's (buffer assignment), read in place
    read_only = while_read_only_arrays(instr)
    state = [i.ptr if j in read_only else o.ptr for j, (o, i) in enumerate(zip(outs, inits))]
    for j, (o, i, n) in enumerate(zip(outs, inits, sizes)):
        if j not in read_only:
            _memcpy(b, o.ptr, i.ptr, n)
    arena = scratch_at(0)
    cur = _pointer_array(b, state, "state")
    nxt = _pointer_array(b, [scratch_at(lay.pong[j]) if j in lay.pong else p for j, p in enumerate(state)],
                         "next")
    pred_ptr = scratch_at(lay.pred)
    pred_res = _pointer_array(b, [pred_ptr], "pred")

    fn = b.function
    header = fn.append_basic_block("while.cond")
    body_bb = fn.append_basic_block("while.body")
    exit_bb = fn.append_basic_block("while.exit")
    b.branch(header)
    b.position_at_end(header)
    b.call(cond_fn, [cur, pred_res, arena])
    go = b.icmp_unsigned("!=", b.load(pred_ptr, typ=I8), const(I8, 0))
    b.cbranch(go, body_bb, exit_bb)
    b.position_at_end(body_bb)
    b.call(body_fn, [cur, nxt, arena])
    for j in lay.pong:
        pc = b.gep(cur, [const(I64, 0), const(I64, j)], inbounds=True)
        pn = b.gep(nxt, [const(I64, 0), const(I64, j)], inbounds=True)
        a, c = b.load(pc, typ=PTR), b.load(pn, typ=PTR)
        b.store(c, pc)
        b.store(a, pn)
    b.branch(header)
    b.position_at_end(exit_bb)
    for j in lay.pong:
        final = b.load(b.gep(cur, [const(I64, 0), const(I64, j)], inbounds=True), typ=PTR)
        with b.if_then(b.icmp_unsigned("!=", final, outs[j].ptr)):
            _memcpy(b, outs[j].ptr, final, sizes[j])


# ------------------------------------------------------------------------------------------------
# conditional


def branches(instr: Instruction) -> list[Computation]:
    if "branch_computations" in instr.attrs:
        return list(instr.attrs["branch_computations"])
    return [instr.attrs["true_computation"], instr.attrs["false_computation"]]


@kernel.check("conditional")
def check_conditional(instr: Instruction) -> None:
    sel = instr.operands[0].shape
    comps = branches(instr)
    if sel.is_tuple or sel.rank != 0 or sel.etype not in ("pred", "s32"):
        raise CodegenError(f"conditional: the selector must be pred[] or s32[], not {sel}", instr.loc)
    if sel.etype == "pred" and len(comps) != 2:
        raise CodegenError("conditional: a pred selector needs two branches", instr.loc)
    if len(comps) < 1 or len(instr.operands) != len(comps) + 1:
        raise CodegenError("conditional: one operand per branch is needed", instr.loc)
    for k, comp in enumerate(comps):
        arg = instr.operands[k + 1].shape
        if len(comp.parameters) != 1 or _leaf_types(comp.parameters[0].shape) != _leaf_types(arg):
            raise CodegenError(f"conditional: branch '{comp.name}' does not take {arg}", instr.loc)
        if _leaf_types(comp.root.shape) != _leaf_types(instr.shape):
            raise CodegenError(f"conditional: branch '{comp.name}' returns {comp.root.shape}, not {instr.shape}",
                               instr.loc)


@kernel.scratch("conditional")
def conditional_scratch(instr: Instruction, emitter) -> int:
    return max(emitter.plan(c).ba.temp_bytes for c in branches(instr))


@kernel("conditional")
def emit_conditional(ctx, instr: Instruction) -> None:
    b = ctx.b
    comps = branches(instr)
    n = len(comps)
    fns = [ctx.emitter.computation_function(c) for c in comps]
    sel = ctx.operands[0][0]
    raw = b.load(sel.ptr, typ=sel.stype)
    if sel.etype == "pred":
        index = b.select(b.icmp_unsigned("!=", raw, const(I8, 0)), const(I32, 0), const(I32, 1))
    else:
        # out of range (negative or >= n) -> the last branch, as XLA
        index = b.select(b.icmp_unsigned("<", raw, const(I32, n)), raw, const(I32, n - 1))
    results = _pointer_array(b, [o.ptr for o in ctx.outputs], "results")
    arena = ctx.scratch if ctx.scratch is not None else ir.Constant(PTR, None)
    fn = b.function
    exit_bb = fn.append_basic_block("cond.exit")
    blocks = [fn.append_basic_block(f"branch{k}") for k in range(n)]
    sw = b.switch(index, blocks[-1])
    for k in range(n - 1):
        sw.add_case(const(I32, k), blocks[k])
    for k, (blk, f) in enumerate(zip(blocks, fns)):
        b.position_at_end(blk)
        params = _pointer_array(b, [a.ptr for a in ctx.operands[k + 1]], f"args{k}")
        b.call(f, [params, results, arena])
        b.branch(exit_bb)
    b.position_at_end(exit_bb)
