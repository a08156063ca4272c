"""Code duplication inside a fusion (XLA's FusionNodeIndexingEvaluation).

The elemental emitter computes a fused instruction once per distinct index it is asked for: an
instruction read at the output index by same-shaped users is emitted once, but one read through a
shape-changing user (broadcast, slice, reshape, ...) from several places is emitted once per such
user. Fusing a producer whose count would exceed a small bound (15, XLA's kAllowedCodeDuplication)
multiplies code size and work, so the fusion pass refuses it.
"""

from __future__ import annotations

from ...ir.module import Instruction
from .policy import INVALIDATES_CACHE
from .surgery import fused_computation, fused_parameter

ALLOWED_CODE_DUPLICATION = 15


def _same_shape_ignoring_type(a, b) -> bool:
    if a.is_tuple or b.is_tuple:
        return a == b
    return a.dims == b.dims and a.layout == b.layout and a.dynamic == b.dynamic


def emitted_count(fusion: Instruction, producer: Instruction) -> int:
    """How many copies of `producer` (an operand of `fusion`) the fused code would contain."""
    fcomp = fused_computation(fusion)
    token = object()
    count: dict[object, int] = {token: 1}
    users: dict[object, set] = {fcomp.root: {token}}

    def key(o: Instruction):
        return fusion.operands[o.parameter_index] if o.opcode == "parameter" else o

    for instr in reversed(fcomp.post_order()):
        if instr.opcode == "parameter":
            continue
        mine = users.get(instr, set())
        count[instr] = sum(count[u] for u in mine)
        for o in instr.operands:
            k = key(o)
            target = users.setdefault(k, set())
            if instr.opcode == "transpose" or _same_shape_ignoring_type(o.shape, instr.shape):
                target |= mine
            else:
                target.add(instr)
    return sum(count[u] for u in users.get(producer, ()))


def _user_count(producer: Instruction) -> int:
    n = 0
    for u in producer.users:
        if u.opcode == "fusion":
            k = u.operands.index(producer)
            n += len(fused_parameter(u, k).users)
        else:
            n += 1
    return n


def code_duplication_too_high(fusion: Instruction, producer: Instruction) -> bool:
    # Broadcasts always fuse: materializing them is worse; the bound then stops their operand.
    if producer.opcode == "broadcast":
        return False
    n = emitted_count(fusion, producer)
    return n > ALLOWED_CODE_DUPLICATION or (
        producer.opcode in INVALIDATES_CACHE and (n > 1 or _user_count(producer) > 1))
