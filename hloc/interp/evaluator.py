"""Runs computations instruction by instruction in post order, calling the registered handlers."""

from __future__ import annotations

from collections.abc import Sequence

from ..errors import RunError
from ..ir.module import Computation, Instruction, Module
from . import registry


class _Token:
    """The value of token-typed instructions (after-all, infeed/outfeed ordering)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "TOKEN"


TOKEN = _Token()


class Evaluator:
    def __init__(self, module: Module):
        registry.load_all()
        self.module = module

    def call(self, comp: Computation, args: Sequence) -> object:
        """Evaluate `comp` on argument values (one per parameter); returns the root's value."""
        params = comp.parameters
        if len(args) != len(params):
            raise RunError(f"computation '{comp.name}' takes {len(params)} arguments, got {len(args)}")
        env: dict[Instruction, object] = {}
        for p, a in zip(params, args):
            env[p] = a
        handlers = registry.HANDLERS
        for instr in comp.post_order():
            if instr.opcode == "parameter":
                continue
            fn = handlers.get(instr.opcode)
            if fn is None:
                raise RunError(f"the interpreter does not support '{instr.opcode}'", instr.loc)
            env[instr] = fn(instr, [env[o] for o in instr.operands], self)
        return env[comp.root]


def evaluate(module: Module, args: Sequence) -> object:
    """Run the module's entry computation on `args` (nested values matching the parameter shapes)."""
    return Evaluator(module).call(module.entry, args)
