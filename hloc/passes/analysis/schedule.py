"""Instruction orders for one computation (XLA's HloSchedule / memory schedulers).

    post_order(comp)                          operands before users (XLA's default order)
    list_schedule(comp, order, buffers)       greedy, memory-minimizing (XLA's ListMemoryScheduler)

A schedule is a topological order of the computation's instructions. Instructions with side
effects keep their relative order (the backend's flattened computations carry no control edges,
so this is how an order between them survives rescheduling).
"""

from __future__ import annotations

import heapq
from collections.abc import Callable
from typing import TypeVar

from ...ir.module import Computation, Instruction

_Buffer = TypeVar("_Buffer")  # whatever the caller's buffers are

def ordered_dependencies(order: list[Instruction], has_side_effect: Callable[[Instruction], bool]) \
        -> dict[Instruction, list[Instruction]]:
    """Each instruction's predecessors: operands, control predecessors, and the previous
    side-effecting instruction of `order` for side-effecting ones."""
    deps: dict[Instruction, list[Instruction]] = {}
    members = set(order)
    last_effect = None
    for instr in order:
        d = [o for o in dict.fromkeys(instr.operands + instr.control_predecessors) if o in members]
        if has_side_effect(instr):
            if last_effect is not None and last_effect not in d:
                d.append(last_effect)
            last_effect = instr
        deps[instr] = d
    return deps


def list_schedule(order: list[Instruction], deps: dict[Instruction, list[Instruction]],
                  reads: dict[Instruction, list[_Buffer]], defines: dict[Instruction, list[_Buffer]],
                  size: Callable[[_Buffer], int]) -> list[Instruction]:
    """Greedy list scheduling: among the ready instructions, run the one that frees the most
    bytes net of what it allocates (ties: earliest in `order`).

    `reads[i]` are the buffers instruction i reads when it runs, `defines[i]` those it allocates,
    `size(b)` their sizes in bytes (0 for buffers that are not temporaries)."""
    position = {i: k for k, i in enumerate(order)}
    users: dict[Instruction, list[Instruction]] = {i: [] for i in order}
    waiting = {}
    for i in order:
        waiting[i] = len(deps[i])
        for d in deps[i]:
            users[d].append(i)
    remaining: dict[object, int] = {}
    readers: dict[object, list[Instruction]] = {}
    for i in order:
        for b in dict.fromkeys(reads.get(i, ())):
            remaining[b] = remaining.get(b, 0) + 1
            readers.setdefault(b, []).append(i)
    done: set[Instruction] = set()

    def priority(i: Instruction) -> int:
        freed = sum(size(b) for b in dict.fromkeys(reads.get(i, ())) if remaining[b] == 1)
        return freed - sum(size(b) for b in defines.get(i, ()))

    heap: list[tuple[int, int, int]] = []
    current: dict[Instruction, int] = {}

    def push(i: Instruction) -> None:
        p = priority(i)
        current[i] = p
        heapq.heappush(heap, (-p, position[i], id(i)))

    by_id = {id(i): i for i in order}
    for i in order:
        if waiting[i] == 0:
            push(i)
    out: list[Instruction] = []
    while heap:
        negp, _, key = heapq.heappop(heap)
        i = by_id[key]
        if i in done or current.get(i) != -negp:
            continue
        done.add(i)
        out.append(i)
        for b in dict.fromkeys(reads.get(i, ())):
            remaining[b] -= 1
            if remaining[b] == 1:  # its last reader now frees it: a better candidate
                for r in readers[b]:
                    if r not in done and waiting[r] == 0:
                        push(r)
        for u in users[i]:
            waiting[u] -= 1
            if waiting[u] == 0:
                push(u)
    if len(out) != len(order):  # a cycle (invalid input): keep the given order
        return list(order)
    return out


def post_order(comp: Computation) -> list[Instruction]:
    return comp.post_order()
