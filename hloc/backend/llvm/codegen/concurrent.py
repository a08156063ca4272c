"""Independent LAPACK chains of the entry, run side by side: a concurrent region.

XLA's runtime runs independent thunks at the same time; hloc's entry runs its kernels one after
the other, and the LAPACK calls are single-threaded below PARALLEL_MIN_ELEMENTS (two OpenBLAS
threads were not faster there). A module solving several independent systems (linalg_f64_c64: an
f64 and a c64 LU solve) then leaves a core idle. So the entry may run two branches of its schedule
as the two tasks of one parallel-for (library/threadpool.py):

    region = find_region(schedule)      # None, or prefix / two branches / suffix
    region.order                        # prefix + branch 0 + branch 1 + suffix: the kernels' order

Branch g holds the LAPACK calls of group g and what lies after them (their hull and their tails):
every instruction some call of g reaches (or is), and that no call of the other group reaches or
is reached from. The calls are split into groups by the components of "one reaches the other", the
heaviest first into the lighter group (kernels/lapack.work). No instruction of one branch then
depends on the other's; the prefix is what the branches depend on, the suffix the rest. With one
thread (or the pool held by another call) the tasks run in that order, one after the other: the
order is the same kernels' a sequential schedule could have, so the results are the same bits.

Inside a branch every kernel runs single-threaded (the pool's threads() is 1 in a parallel-for),
so a branch may only hold kernels that would not split over threads anyway: LAPACK calls and small
kernels; a larger one in a branch's tail goes to the suffix, with what depends on it. Buffers
(passes/analysis/buffer_assignment.py, `concurrent`): a temporary live in one branch shares no
byte with one live in the other, and no kernel of one branch updates in place what the other reads.
"""

from __future__ import annotations

from dataclasses import dataclass

from ....ir.module import Instruction
from ....ir.opcodes import COLLECTIVES
from ....passes.analysis import schedule as sched
from ....passes.rewrite import SideEffects
from ..kernels.lapack import is_lapack_call, splits, work
from .buffers import NO_CODE, aliases_operand

# Multiply-adds (kernels/lapack.work) the lighter branch must hold: a region costs a few us while the
# pool's workers spin, up to ~65 us when they sleep; a 256 x 256 f64 getrf (5.6M) takes ~0.35 ms here.
MIN_BRANCH_WORK = 1 << 22
# Elements of an output from which a kernel other than a LAPACK call stays out of the branches: at
# that size it would split over the pool's threads (kernels/parallel.py's PARALLEL_MIN_WORK and up).
MAX_LIGHT_ELEMENTS = 1 << 18
# Kernels that split their work over threads whatever their output's size.
_PARALLEL_OPS = frozenset({"dot", "convolution", "fft", "sort", "custom-call"})


@dataclass
class Region:
    prefix: list[Instruction]
    branches: tuple[list[Instruction], list[Instruction]]
    suffix: list[Instruction]

    @property
    def order(self) -> list[Instruction]:
        return self.prefix + self.branches[0] + self.branches[1] + self.suffix

    @property
    def span(self) -> tuple[int, int, int]:
        """(s, m, e): the branches are order[s:m] and order[m:e]."""
        s = len(self.prefix)
        m = s + len(self.branches[0])
        return s, m, m + len(self.branches[1])


def find_region(schedule: list[Instruction]) -> Region | None:
    calls = [i for i in schedule if is_lapack_call(i) and not splits(i)]
    if len(calls) < 2:
        return None
    effects = SideEffects()
    deps = sched.ordered_dependencies(schedule, effects.instruction)
    bit = {c: 1 << k for k, c in enumerate(calls)}
    # up[x]: the calls that are x or reach it; down[x]: those x is or reaches
    up: dict[Instruction, int] = {}
    for x in schedule:
        v = bit.get(x, 0)
        for d in deps[x]:
            v |= up[d]
        up[x] = v
    users: dict[Instruction, list[Instruction]] = {x: [] for x in schedule}
    for x in schedule:
        for d in deps[x]:
            users[d].append(x)
    down: dict[Instruction, int] = {}
    for x in reversed(schedule):
        v = bit.get(x, 0)
        for u in users[x]:
            v |= down[u]
        down[x] = v
    groups = _two_groups(calls, up, bit)
    if groups is None:
        return None
    mask = [sum(bit[c] for c in g) for g in groups]
    member: dict[Instruction, int] = {}
    for x in schedule:
        for g in (0, 1):
            other = mask[1 - g]
            if up[x] & mask[g] and not (up[x] & other or down[x] & other):
                member[x] = g
    # Kernels that would split over threads, or may not run beside others, leave a branch's tail for
    # the suffix, with what depends on them (the schedule is topological: one pass).
    left: set[Instruction] = set()
    for x in schedule:
        g = member.get(x)
        if g is None or (_light(x) and not _unsafe(x, effects) and not any(d in left for d in deps[x])):
            continue
        if down[x] & mask[g]:
            return None  # a call, or between two calls of the branch: it cannot leave
        del member[x]
        left.add(x)
    branches: tuple[list[Instruction], list[Instruction]] = ([], [])
    for x in schedule:
        if x in member:
            branches[member[x]].append(x)
    if any(sum(work(c) for c in b if c in bit) < MIN_BRANCH_WORK for b in branches):
        return None
    # the prefix: what the branches need; the suffix: the rest
    needed = set(member)
    for x in reversed(schedule):
        if x in needed:
            needed.update(deps[x])
    prefix = [x for x in schedule if x in needed and x not in member]
    suffix = [x for x in schedule if x not in needed]
    region = Region(prefix, branches, suffix)
    return region if _valid(region, deps) else None


def _two_groups(calls: list[Instruction], up: dict[Instruction, int], bit: dict[Instruction, int]):
    """The calls in two groups no call of one reaches one of the other from, by components of
    "reaches", balanced by work (the heavier group first), or None when there is one component."""
    parent = list(range(len(calls)))

    def find(k: int) -> int:
        while parent[k] != k:
            parent[k] = parent[parent[k]]
            k = parent[k]
        return k

    index = {c: k for k, c in enumerate(calls)}
    for c in calls:
        v = up[c] & ~bit[c]
        while v:
            low = v & -v
            parent[find(low.bit_length() - 1)] = find(index[c])
            v ^= low
    comps: dict[int, list[Instruction]] = {}
    for c in calls:
        comps.setdefault(find(index[c]), []).append(c)
    if len(comps) < 2:
        return None
    groups: list[list[Instruction]] = [[], []]
    weight = [0, 0]
    for comp in sorted(comps.values(), key=lambda cs: -sum(work(c) for c in cs)):
        g = 0 if weight[0] <= weight[1] else 1
        groups[g] += comp
        weight[g] += sum(work(c) for c in comp)
    return groups if weight[0] >= weight[1] else groups[::-1]


def _light(x: Instruction) -> bool:
    """Whether the kernel belongs in a branch: a LAPACK call, or one too small to split over threads."""
    if x.opcode in NO_CODE or aliases_operand(x):
        return True
    if is_lapack_call(x):
        return not splits(x)
    if x.opcode in _PARALLEL_OPS:
        return False
    if x.opcode == "fusion" and any(i.opcode in _PARALLEL_OPS for i in x.attrs["calls"].instructions):
        return False
    return all(leaf.num_elements < MAX_LIGHT_ELEMENTS for leaf in x.shape.leaves() if leaf.is_array)


def _unsafe(x: Instruction, effects: SideEffects) -> bool:
    """What may not run beside other kernels: side effects (their order), collectives (the devices
    meet in them), and whatever calls such."""
    if effects.instruction(x) or x.opcode in COLLECTIVES:
        return True
    return any(_unsafe(i, effects) for c in x.called_computations for i in c.instructions)


def _valid(region: Region, deps: dict[Instruction, list[Instruction]]) -> bool:
    """Each instruction's dependencies run before it: the prefix's in the prefix, a branch's in the
    prefix or the branch."""
    where: dict[Instruction, int] = {}
    for k, part in enumerate([region.prefix, *region.branches, region.suffix]):
        for x in part:
            where[x] = k
    allowed = {0: {0}, 1: {0, 1}, 2: {0, 2}, 3: {0, 1, 2, 3}}
    return all(where[d] in allowed[where[x]] for x in where for d in deps[x])
