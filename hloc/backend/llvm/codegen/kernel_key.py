"""What a kernel's code is made from, as one hashable value: two instructions with the same key get
the same kernel function, so the emitter builds it once (a model's repeated layers are most of its
kernels: gemma3's 1128 kernel instructions make 80 distinct functions).

    key = kernel_key(instr, out_shapes, operand_shapes, scratch, in_place, shared)

The key holds the instruction's opcode, shape and attributes (source `metadata` left out: it names
the op in the program, never changes the code), its operands' shapes, the computations it calls,
compared by structure (instructions, shapes, attributes, constants' values, operand positions; not
names), and how the kernel is called (scratch, in-place and shared buffers). The emitter pairs a key
with a function only when the function's IR refers to nothing outside itself that another call could
change (ModuleEmitter._dedupe: no constants of the module, no computation functions).
"""

from __future__ import annotations

from ....ir.module import Computation, Instruction
from ....ir.opcodes import CALLED_COMPUTATION_ATTRS
from ....ir.types import Shape

_CALLED = frozenset(CALLED_COMPUTATION_ATTRS)
_IGNORED = frozenset({"metadata"})


def kernel_key(instr: Instruction, out_shapes: list[Shape], operand_shapes: list[list[Shape]], scratch: bool,
               in_place: bool, shared: dict[int, int] | None, memo: dict | None = None,
               computed: frozenset[int] = frozenset()) -> tuple | None:
    """The key of `instr`'s kernel, or None when it cannot be keyed (a value without equality by
    content). `memo`: computation -> key, shared across calls of one module. `computed`: the operands
    the kernel computes instead of reading (sort.computed_operands)."""
    memo = {} if memo is None else memo
    try:
        own = _instruction(instr, None, memo)
        key = (own, tuple(o.shape for o in instr.operands), tuple(out_shapes),
               tuple(tuple(s) for s in operand_shapes), scratch, in_place, tuple(sorted((shared or {}).items())),
               tuple(sorted(computed)))
        hash(key)
    except _Unkeyable:
        return None
    return key


class _Unkeyable(Exception):
    pass


def _computation(comp: Computation, memo: dict) -> tuple:
    key = memo.get(comp)
    if key is None:
        order = comp.post_order()
        pos = {x: k for k, x in enumerate(order)}
        key = memo[comp] = (tuple(_instruction(x, pos, memo) for x in order), pos[comp.root])
    return key


def _instruction(x: Instruction, pos: dict | None, memo: dict) -> tuple:
    attrs = []
    for name, v in x.attrs.items():
        if name in _IGNORED:
            continue
        if name in _CALLED:
            v = _called(v, memo)
        else:
            v = _value(v)
        attrs.append((name, v))
    operands = tuple(pos[o] for o in x.operands) if pos is not None else ()
    literal = _literal(x.literal) if x.literal is not None else None
    return (x.opcode, x.shape, x.parameter_number, operands, tuple(attrs), literal)


def _called(v, memo: dict):
    if isinstance(v, Computation):
        return _computation(v, memo)
    if isinstance(v, (list, tuple)):
        return tuple(_called(c, memo) for c in v)
    return _value(v)


def _value(v):
    if isinstance(v, list):
        return tuple(_value(e) for e in v)
    if isinstance(v, dict):
        return tuple((k, _value(e)) for k, e in v.items())
    try:
        hash(v)
    except TypeError:
        raise _Unkeyable from None
    if type(v).__hash__ is object.__hash__:  # compared by identity: two equal values would differ
        raise _Unkeyable
    return v


def _literal(lit):
    if isinstance(lit, tuple):
        return tuple(_literal(e) for e in lit)
    import numpy as np

    a = np.asarray(lit)
    return (a.dtype.str, a.shape, a.tobytes())
