"""Which sharding annotations still need XLA's SPMD partitioner: a module that has them describes the
global program (global shapes, values split across devices by the partitioner), not what each device
runs, so hloc cannot run it as a per-device program.

    tiled(sharding_text)        a `sharding=` value that splits a value across devices
    needs_partitioning(module)  the first instruction that needs the partitioner, else None
    text_needs_partitioning(t)  the same question of module text, line by line without parsing it
                                (choosing a module in a dump folder); only for num_partitions > 1

Both HloSharding syntaxes: `{devices=[1,2]0,1}` / `{devices=[2,1]<=[2]}` (tiled, also with
`last_tile_dim_replicate`), and Shardy's `{mesh['d'=2], [{'d'}, {}]}` (an axis named in a dimension's
list). `{replicated}`, `{manual}`, `{maximal device=N}` and a mesh sharding with every dimension's
list empty leave each device's value whole: a per-device program may carry them.
"""

from __future__ import annotations

import re

__all__ = ["needs_partitioning", "text_needs_partitioning", "tiled"]

# Custom calls that stand for sharding decisions the partitioner still has to make.
PARTITIONER_CALLS = ("Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape")
# `devices=[...]`, or a quoted axis name inside a dimension's `{...}` (mesh declarations are `['d'=2]`).
_TILED = re.compile(r"devices=|\{\s*'")
_CALL = re.compile(r'custom_call_target="(?P<target>[^"]*)"')
_SHARDING = re.compile(r"\bsharding=\{")
_HEADER = re.compile(r"^[ \t]*HloModule[ \t][^\n]*", re.M)
_PARTITIONS = re.compile(r"\bnum_partitions=(\d+)")


def tiled(sharding: str) -> bool:
    return _TILED.search(sharding) is not None


def _partitioner_call(target: str) -> bool:
    return target in PARTITIONER_CALLS or target.startswith("xla.sdy.")


def needs_partitioning(module):
    for comp in module.computations:
        for instr in comp.instructions:
            target = str(instr.attrs.get("custom_call_target", "")) if instr.opcode == "custom-call" else ""
            if tiled(str(instr.attrs.get("sharding", ""))) or _partitioner_call(target):
                return instr
    return None


def text_needs_partitioning(text: str) -> bool:
    """(Only a module for several partitions: one device's shardings partition nothing.)"""
    header = _HEADER.search(text)
    partitions = _PARTITIONS.search(header.group(0)) if header else None
    if partitions is None or int(partitions.group(1)) <= 1:
        return False
    for line in text.splitlines():
        call = _CALL.search(line)
        if call and _partitioner_call(call.group("target")):
            return True
        m = _SHARDING.search(line)
        if m and tiled(_braced(line, m.end() - 1)):
            return True
    return False


def _braced(line: str, start: int) -> str:
    """The `{...}` that opens at line[start] (to the end of the line if it does not close)."""
    depth = 0
    for i in range(start, len(line)):
        depth += {"{": 1, "}": -1}.get(line[i], 0)
        if depth == 0:
            return line[start:i + 1]
    return line[start:]
