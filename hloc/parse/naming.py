"""XLA's instruction and computation naming (xla/service/name_uniquer.cc), so that a parsed module
carries the names XLA gives it and hloc prints what XLA prints.

XLA's parser names a nested instruction `<opcode>.anon` (made unique against every name the parser
has seen so far), names a compact get-tuple-element `%t#1#0` `t_1_0`, and then, as it adds each
computation to the module, runs every computation name and every instruction name through the
module's name uniquers: a name already taken gets the next free `.N` suffix, module-wide.
"""

from __future__ import annotations

import re

from ..ir.module import Module
from ..ir.types import ELEMENT_TYPES

_NOT_ALLOWED = re.compile(r"[^A-Za-z0-9_.\-]")


def sanitize(name: str) -> str:
    """NameUniquer::GetSanitizedName: allowed characters only, not a primitive type name."""
    if not name:
        return ""
    head = name[0] if (name[0].isascii() and name[0].isalpha()) or name[0] == "_" else "_"
    result = head + _NOT_ALLOWED.sub("_", name[1:])
    if result in ELEMENT_TYPES and result != "tuple":
        result += "_"
    if result.startswith("__") and not result.startswith("__xla_"):
        result = "a" + result[1:]
    return result


class NameUniquer:
    """XLA's NameUniquer with the `.` separator: `add`, `add.1`, `add.2`, ...; a name that already
    ends in `.N` keeps N when that number is still free for its stem."""

    __slots__ = ("_used", "_next")

    def __init__(self) -> None:
        self._used: dict[str, set[int]] = {}
        self._next: dict[str, int] = {}

    def unique(self, prefix: str) -> str:
        root = sanitize(prefix or "name")
        suffix = 0
        has_suffix = False
        sep = root.rfind(".")
        if 0 < sep < len(root) - 1:
            tail = root[sep + 1 :]
            if tail.isdigit() or (tail[0] in "+-" and tail[1:].isdigit()):  # absl::SimpleAtoi
                suffix = int(tail)
                has_suffix = True
                root = root[:sep]
        used = self._used.setdefault(root, set())
        if suffix not in used:
            used.add(suffix)
        else:
            n = self._next.get(root, 0)
            while n in used:
                n += 1
            used.add(n)
            self._next[root] = n + 1
            suffix = n
        if suffix == 0:
            return f"{root}.0" if has_suffix else root
        return f"{root}.{suffix}"


def uniquify_module_names(module: Module) -> None:
    """HloModule::AddComputationInternal(uniquify_identifiers=true), for every computation in the
    order the parser adds them: the computation's name, then each instruction's name."""
    computations = NameUniquer()
    instructions = NameUniquer()
    for comp in module.computations:
        comp.name = computations.unique(comp.name)
        for instr in comp.instructions:
            instr.name = instructions.unique(instr.name)
        comp._names = {i.name for i in comp.instructions}
    module.invalidate_name_index()
