"""A computation with its `call`s inlined: the flat instruction list the native backend compiles
and the buffer assignment is computed over (the module itself is untouched)."""

from __future__ import annotations

from collections.abc import Callable

from ...errors import PassError
from ...ir.module import Computation, Instruction, Module

MAX_CALL_DEPTH = 64


def flatten(comp: Computation, lowering: Callable | None = None) -> tuple[Computation, list[Instruction]]:
    """`comp` with `call`s inlined, as a new computation, and its schedule (post order). Calls
    inside fused or reducer computations stay: those are computed elementally.

    `lowering(emit, inline)`, if given, makes a rewriter for instructions that stand for others (the
    native backend's kernels/lowering.py: asynchronous pairs, rng): it has `handles(instr) -> bool`
    and `lower(instr, operands, depth) -> Instruction`, and builds the replacement with
    `emit(opcode, shape, operands, **attrs)` and `inline(computation, args, depth)`."""
    flat = Computation(comp.name)
    order: list[Instruction] = []

    def emit(opcode: str, shape, operands, **attrs) -> Instruction:
        c = flat.create(opcode, shape, operands, **attrs)
        order.append(c)
        return c

    def inline(comp: Computation, env: dict, depth: int) -> Instruction:
        if depth > MAX_CALL_DEPTH:
            raise PassError(f"call nesting too deep in '{comp.name}'", comp.loc)
        for instr in comp.post_order():
            if instr.opcode == "parameter" and instr in env:
                continue
            ops = [env[o] for o in instr.operands]
            if instr.opcode == "call":
                callee = instr.attrs["to_apply"]
                sub_env = {p: ops[p.parameter_number] for p in callee.parameters}
                env[instr] = inline(callee, sub_env, depth + 1)
                continue
            if rewriter is not None and rewriter.handles(instr):
                env[instr] = rewriter.lower(instr, ops, depth)
                continue
            c = instr.clone(operands=ops)
            flat.add(c, instr.name)
            env[instr] = c
            order.append(c)
        return env[comp.root]

    rewriter = None if lowering is None else lowering(
        emit, lambda c, args, depth: inline(c, {p: args[p.parameter_number] for p in c.parameters}, depth))
    flat.root = inline(comp, {}, 0)
    return flat, order


def flatten_entry(module: Module, lowering: Callable | None = None) -> tuple[Computation, list[Instruction]]:
    """The entry computation with `call`s inlined (see `flatten`)."""
    flat, order = flatten(module.entry_computation, lowering)
    flat.is_entry = True
    return flat, order
