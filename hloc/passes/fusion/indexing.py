"""Code duplication inside a fusion (XLA's FusionNodeIndexingEvaluation).

The elemental emitter computes a fused instruction once per distinct index it is asked for: an
instruction read at the output index by same-shaped users is emitted once, but one read through a
shape-changing user (broadcast, slice, reshape, ...) from several places is emitted once per such
user. Fusing a producer whose count would exceed a small bound (15, XLA's kAllowedCodeDuplication)
multiplies code size and work, so the fusion pass refuses it.
"""

from __future__ import annotations

from ...ir.module import Computation, Instruction
from .policy import INVALIDATES_CACHE
from .surgery import fused_computation, fused_parameter

ALLOWED_CODE_DUPLICATION = 15


def _same_shape_ignoring_type(a, b) -> bool:
    if a.is_tuple or b.is_tuple:
        return a == b
    return a.dims == b.dims and a.layout == b.layout and a.dynamic == b.dynamic


class EmittedCounts:
    """The fused computations' counts, computed once per computation and kept until `forget`
    (the fusion pass asks for every operand of a fusion, and again each time it considers it)."""

    def __init__(self):
        self._known: dict[Computation, tuple[dict, dict[int, set]]] = {}

    def of(self, fcomp: Computation) -> tuple[dict, dict[int, set]]:
        known = self._known.get(fcomp)
        if known is None:
            known = self._known[fcomp] = _counts(fcomp)
        return known

    def forget(self, fcomp: Computation) -> None:
        self._known.pop(fcomp, None)

    def fused(self, fcomp: Computation, clone: Instruction, k: int) -> None:
        """`clone` (of the producer that was operand k) took parameter k's place in `fcomp`, its
        operands parameters (new ones numbered last, those after k renumbered down): the counts
        of the instructions already fused stay (they depend only on their users); the clone reads
        as parameter k did, and its operands gain the clone as a reader."""
        known = self._known.get(fcomp)
        if known is None:
            return
        if fcomp.root is clone:  # (the root also reads at the output index: count afresh)
            self.forget(fcomp)
            return
        count, params = known
        mine = params.pop(k, set())
        if any(n > k for n in params):
            params = {(n - 1 if n > k else n): readers for n, readers in params.items()}
        count[clone] = sum(count[u] for u in mine)
        for o in clone.operands:
            target = params.setdefault(o.parameter_index, set())
            if clone.opcode == "transpose" or _same_shape_ignoring_type(o.shape, clone.shape):
                target |= mine
            else:
                target.add(clone)
        self._known[fcomp] = (count, params)


def _counts(fcomp: Computation) -> tuple[dict, dict[int, set]]:
    """Copies emitted per fused instruction, and per parameter number the users that read it
    (through one shape-changing user each, or at the index of their own users)."""
    token = object()
    count: dict[object, int] = {token: 1}
    users: dict[Instruction, set] = {fcomp.root_instruction: {token}}
    params: dict[int, set] = {}
    for instr in reversed(fcomp.post_order()):
        if instr.opcode == "parameter":
            continue
        mine = users.get(instr, set())
        count[instr] = sum(count[u] for u in mine)
        for o in instr.operands:
            if o.opcode == "parameter":
                target = params.setdefault(o.parameter_index, set())
            else:
                target = users.setdefault(o, set())
            if instr.opcode == "transpose" or _same_shape_ignoring_type(o.shape, instr.shape):
                target |= mine
            else:
                target.add(instr)
    return count, params


def emitted_count(fusion: Instruction, producer: Instruction, known: EmittedCounts | None = None) -> int:
    """How many copies of `producer` (an operand of `fusion`) the fused code would contain."""
    fcomp = fused_computation(fusion)
    count, params = (known or EmittedCounts()).of(fcomp)
    readers: set = set()
    for k, o in enumerate(fusion.operands):
        if o is producer:
            readers |= params.get(k, set())
    return sum(count[u] for u in readers)


def _user_count(producer: Instruction) -> int:
    n = 0
    for u in producer.users:
        if u.opcode == "fusion":
            k = u.operands.index(producer)
            n += len(fused_parameter(u, k).users)
        else:
            n += 1
    return n


def code_duplication_too_high(fusion: Instruction, producer: Instruction,
                              known: EmittedCounts | None = None) -> bool:
    # Broadcasts always fuse: materializing them is worse; the bound then stops their operand.
    if producer.opcode == "broadcast":
        return False
    n = emitted_count(fusion, producer, known)
    return n > ALLOWED_CODE_DUPLICATION or (
        producer.opcode in INVALIDATES_CACHE and (n > 1 or _user_count(producer) > 1))
