"""Structural equality of modules: what `parse(print(m)) == m` means.

`modules_equal(a, b)` is None when the two modules are the same program with the same names, and
otherwise a one-line description of the first difference found. Computations and instructions are
matched by name (the order of computations, and of instructions inside a computation, is
presentation, except in a scheduled module where the instruction order is the schedule);
everything else is compared: opcodes, shapes with layouts, operands, attributes (called
computations by name), literals bit for bit, parameter numbers, control predecessors, roots,
execution threads, the entry computation and the module header.
"""

from __future__ import annotations

import math
import struct

import numpy as np

from .attrs import Raw
from .literal import literals_equal
from .module import Computation, Instruction, Module

__all__ = ["modules_equal", "computations_equal", "instructions_equal"]


def modules_equal(a: Module, b: Module) -> str | None:
    """None if `a` and `b` are structurally equal, else the first difference, in one line."""
    if a.name != b.name:
        return f"module name: {a.name!r} vs {b.name!r}"
    diff = _attrs_diff(a.attrs, b.attrs, "module attribute")
    if diff:
        return diff
    if _stack_frames_key(a.stack_frames) != _stack_frames_key(b.stack_frames):
        return "module stack frame tables differ"
    ea, eb = (m.entry.name if m.entry is not None else None for m in (a, b))
    if ea != eb:
        return f"entry computation: {ea!r} vs {eb!r}"
    ca = {c.name: c for c in a.computations}
    cb = {c.name: c for c in b.computations}
    if len(ca) != len(a.computations) or len(cb) != len(b.computations):
        return "duplicate computation names"
    missing = [n for n in ca if n not in cb]
    if missing:
        return f"computation {missing[0]!r} is only in the first module"
    extra = [n for n in cb if n not in ca]
    if extra:
        return f"computation {extra[0]!r} is only in the second module"
    scheduled = a.attrs.get("is_scheduled") is True
    for name, comp in ca.items():
        diff = computations_equal(comp, cb[name], ordered=scheduled)
        if diff:
            return diff
    return None


def computations_equal(a: Computation, b: Computation, ordered: bool = False) -> str | None:
    """None if the two computations are equal (instructions matched by name; in order if `ordered`)."""
    where = f"computation {a.name!r}"
    if a.name != b.name:
        return f"computation name: {a.name!r} vs {b.name!r}"
    if (a.execution_thread or "main") != (b.execution_thread or "main"):
        return f"{where}: execution thread {a.execution_thread!r} vs {b.execution_thread!r}"
    if a.is_entry != b.is_entry:
        return f"{where}: is ENTRY in only one module"
    ia = {i.name: i for i in a.instructions}
    ib = {i.name: i for i in b.instructions}
    if len(ia) != len(a.instructions) or len(ib) != len(b.instructions):
        return f"{where}: duplicate instruction names"
    for n in ia:
        if n not in ib:
            return f"{where}: instruction {n!r} is only in the first module"
    for n in ib:
        if n not in ia:
            return f"{where}: instruction {n!r} is only in the second module"
    ra = a.root.name if a.root is not None else None
    rb = b.root.name if b.root is not None else None
    if ra != rb:
        return f"{where}: root {ra!r} vs {rb!r}"
    if ordered:
        na = [i.name for i in a.instructions]
        nb = [i.name for i in b.instructions]
        if na != nb:
            k = next(k for k, (x, y) in enumerate(zip(na, nb)) if x != y)
            return f"{where}: scheduled order differs at position {k}: {na[k]!r} vs {nb[k]!r}"
    for n, x in ia.items():
        diff = instructions_equal(x, ib[n])
        if diff:
            return f"{where}: {diff}"
    return None


def instructions_equal(a: Instruction, b: Instruction) -> str | None:
    """None if the two instructions are equal (operands and callees compared by name)."""
    where = f"instruction {a.name!r}"
    if a.name != b.name:
        return f"instruction name: {a.name!r} vs {b.name!r}"
    if a.opcode != b.opcode:
        return f"{where}: opcode {a.opcode} vs {b.opcode}"
    if a.shape != b.shape:
        return f"{where}: shape {a.shape.to_str()} vs {b.shape.to_str()}"
    if a.parameter_number != b.parameter_number:
        return f"{where}: parameter number {a.parameter_number} vs {b.parameter_number}"
    oa = [o.name for o in a.operands]
    ob = [o.name for o in b.operands]
    if oa != ob:
        return f"{where}: operands {oa} vs {ob}"
    pa = [p.name for p in a.control_predecessors]
    pb = [p.name for p in b.control_predecessors]
    if pa != pb:
        return f"{where}: control predecessors {pa} vs {pb}"
    if (a.literal is None) != (b.literal is None) or (a.literal is not None and not literals_equal(a.literal,
                                                                                                  b.literal)):
        return f"{where}: literal values differ"
    return _attrs_diff(a.attrs, b.attrs, f"{where}: attribute")


def _attrs_diff(a: dict, b: dict, what: str) -> str | None:
    for k in a:
        if k not in b:
            return f"{what} {k!r} is only in the first module"
    for k in b:
        if k not in a:
            return f"{what} {k!r} is only in the second module"
    for k, v in a.items():
        if not _value_equal(v, b[k]):
            return f"{what} {k}: {_show(v)} vs {_show(b[k])}"
    return None


def _value_equal(x, y) -> bool:
    if isinstance(x, Computation) or isinstance(y, Computation):
        return isinstance(x, Computation) and isinstance(y, Computation) and x.name == y.name
    if isinstance(x, Instruction) or isinstance(y, Instruction):
        return isinstance(x, Instruction) and isinstance(y, Instruction) and x.name == y.name
    if isinstance(x, (list, tuple)) and isinstance(y, (list, tuple)):
        return len(x) == len(y) and all(_value_equal(p, q) for p, q in zip(x, y))
    if isinstance(x, float) and isinstance(y, float):
        return struct.pack("<d", x) == struct.pack("<d", y) or (math.isnan(x) and math.isnan(y))
    if isinstance(x, np.ndarray) or isinstance(y, np.ndarray):
        return literals_equal(np.asarray(x), np.asarray(y))
    if type(x) is not type(y) and not (isinstance(x, (int, np.integer)) and isinstance(y, (int, np.integer))):
        return False
    return x == y


def _show(v) -> str:
    if isinstance(v, Computation):
        return f"%{v.name}"
    if isinstance(v, Raw):
        text = v.text
    elif isinstance(v, (list, tuple)) and v and isinstance(v[0], (Computation, Instruction)):
        text = "{" + ", ".join(f"%{c.name}" for c in v) + "}"
    else:
        text = str(v)
    return text if len(text) <= 60 else text[:57] + "..."


def _stack_frames_key(text: str | None) -> tuple[str, ...]:
    return tuple(text.split()) if text else ()
