"""A computation with its `call`s inlined: the flat instruction list the native backend compiles
and the buffer assignment is computed over (the module itself is untouched)."""

from __future__ import annotations

from ...errors import PassError
from ...ir.module import Computation, Instruction, Module

MAX_CALL_DEPTH = 64


def flatten(comp: Computation) -> tuple[Computation, list[Instruction]]:
    """`comp` with `call`s inlined, as a new computation, and its schedule (post order). Calls
    inside fused or reducer computations stay: those are computed elementally."""
    flat = Computation(comp.name)
    order: list[Instruction] = []

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
            c = instr.clone(operands=ops)
            flat.add(c, instr.name)
            env[instr] = c
            order.append(c)
        return env[comp.root]

    flat.root = inline(comp, {}, 0)
    return flat, order


def flatten_entry(module: Module) -> tuple[Computation, list[Instruction]]:
    """The entry computation with `call`s inlined (see `flatten`)."""
    flat, order = flatten(module.entry)
    flat.is_entry = True
    return flat, order
