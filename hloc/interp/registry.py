"""Opcode -> handler table. A handler computes one instruction from its operand values:

    @handler("add")
    def add(instr: Instruction, args: list[Value], ev: Evaluator) -> Value: ...

`ev` gives access to the module and runs called computations (`ev.call(comp, args)`).
"""

from __future__ import annotations

import importlib
import pkgutil
from collections.abc import Callable

HANDLERS: dict[str, Callable] = {}


def handler(*opcodes: str):
    def register(fn):
        for op in opcodes:
            if op in HANDLERS:
                raise AssertionError(f"two interpreter handlers for '{op}'")
            HANDLERS[op] = fn
        return fn

    return register


_loaded = False


def load_all() -> None:
    """Import every module of hloc.interp.ops so their handlers register (once)."""
    global _loaded
    if _loaded:
        return
    from . import ops

    for info in pkgutil.iter_modules(ops.__path__):
        importlib.import_module(f"{ops.__name__}.{info.name}")
    _loaded = True
