"""How many devices a module or a collective needs: what the interpreter and the native backend, which
both run one device, check before running a collective."""

from __future__ import annotations

import re


def ints_in(text: str) -> list[int]:
    """The integers of an attribute's text (`{{0,1},{2,3}}` -> [0, 1, 2, 3])."""
    return [int(t) for t in re.findall(r"-?\d+", text)]


def module_devices(module) -> int:
    """replica_count x num_partitions of the module header (1 when absent)."""
    attrs = module.attrs or {}
    return int(attrs.get("replica_count", 1) or 1) * int(attrs.get("num_partitions", 1) or 1)


def replica_group_size(instr) -> int:
    """Participants in device 0's replica group of a collective (1 without replica_groups): the explicit
    form `{{0,1},{2,3}}` or the iota form `[groups,size]<=[...]`."""
    groups = instr.attrs.get("replica_groups")
    if groups is None:
        return 1
    text = str(groups).strip()
    m = re.match(r"\[(\d+),(\d+)\]", text)
    if m:
        return int(m.group(2))
    if text.startswith("{"):
        with_zero = [g for g in re.findall(r"\{([^{}]*)\}", text) if 0 in ints_in(g)]
        return len(ints_in(with_zero[0])) if with_zero else 1
    return 1
