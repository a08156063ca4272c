"""What may fuse and what it costs: XLA's opcode facts for fusion (instruction_fusion.cc,
cpu_instruction_fusion.cc, HloInstruction::IsElementwise / IsFusible / ReusesOperandElements).

These are facts about single instructions; the decisions that combine them live in
instruction_fusion.py (producer-consumer) and multi_output.py (siblings).
"""

from __future__ import annotations

from ...ir.module import Computation, Instruction
from ...ir.opcodes import ELEMENTWISE
from ...ir.types import ELEMENT_TYPES, Shape
from ..rewrite import SideEffects

# Ops the native backend computes elementally (elemental.py) that XLA:CPU loop-fuses
# (CanBeLoopFused): the per-element generators compose them without intermediate buffers.
LOOP_FUSIBLE_NON_ELEMENTWISE = frozenset({
    "bitcast", "broadcast", "concatenate", "dynamic-slice", "dynamic-update-slice", "gather", "iota", "pad",
    "reduce", "reshape", "reverse", "slice", "transpose",
})

# XLA's ElementalIrEmitter::OpInvalidatesCache: ops that emit inner loops or branches, so values
# computed for one output element cannot be reused for another.
INVALIDATES_CACHE = frozenset({"concatenate", "dot", "dynamic-update-slice", "pad", "reduce", "reduce-window"})

# HloInstruction::IsFusible is false for these whatever their side effects.
NEVER_FUSIBLE = frozenset({"domain", "parameter", "while", "conditional", "call"})

# Cheap per element (XLA's IsExpensive returns false); everything not listed here or handled
# specially in `is_expensive` is expensive.
_CHEAP = frozenset({
    "add", "and", "bitcast", "bitcast-convert", "broadcast", "ceil", "clamp", "count-leading-zeros", "compare",
    "complex", "concatenate", "constant", "copy", "copy-done", "copy-start", "dynamic-reshape", "dynamic-slice",
    "dynamic-update-slice", "floor", "get-tuple-element", "imag", "infeed", "iota", "is-finite", "maximum",
    "minimum", "multiply", "mulhi", "negate", "not", "opt-barrier", "or", "outfeed", "pad", "partition-id",
    "popcnt", "real", "reduce-precision", "replica-id", "reshape", "reverse", "round-nearest-afz",
    "round-nearest-even", "select", "shift-left", "shift-right-arithmetic", "shift-right-logical", "slice",
    "stochastic-convert", "subtract", "transpose", "tuple", "xor",
})
# Cheap for real numbers, expensive for complex ones (CPU's list: the trig functions are
# polynomial approximations there, as in hloc's mathfns).
_CHEAP_UNLESS_COMPLEX = frozenset({"abs", "sign", "cosine", "sine", "tan"})


def _is_complex(shape: Shape) -> bool:
    return shape.is_array and ELEMENT_TYPES[shape.etype].kind == "complex"


def _is_integral(shape: Shape) -> bool:
    return shape.is_array and ELEMENT_TYPES[shape.etype].kind in ("sint", "uint")


def is_effective_scalar(shape: Shape) -> bool:
    return shape.is_array and shape.num_elements == 1


def _constant_effective_scalar(instr: Instruction) -> bool:
    if instr.opcode == "broadcast":
        instr = instr.operands[0]
    return instr.opcode == "constant" and is_effective_scalar(instr.shape)


def is_expensive(instr: Instruction) -> bool:
    """XLA:CPU's CpuInstructionFusion::IsExpensive: is computing one element costly enough that
    fusion must never compute it twice (transcendentals, float division, reductions, calls, ...)."""
    op = instr.opcode
    if op in _CHEAP:
        return False
    if op in _CHEAP_UNLESS_COMPLEX:
        return _is_complex(instr.shape)
    if op == "convert":
        # f32 -> bf16 rounds with NaN checks; every other conversion is a shift or one instruction.
        return instr.shape.etype == "bf16" and instr.operands[0].shape.etype == "f32"
    if op in ("divide", "remainder"):
        # Integer division by a constant becomes multiplies and shifts.
        return not _is_integral(instr.shape) or not _constant_effective_scalar(instr.operands[1])
    return True


def is_elementwise(instr: Instruction) -> bool:
    """HloInstruction::IsElementwise: element i of the result depends on element i of each operand."""
    op = instr.opcode
    if op == "bitcast-convert":
        src = instr.operands[0].shape
        return src.is_array and ELEMENT_TYPES[src.etype].bits == ELEMENT_TYPES[instr.shape.etype].bits
    if op in ELEMENTWISE or op in ("copy", "constant"):
        return True
    if op == "map":
        dims = instr.attrs.get("dimensions", ())
        return not dims or tuple(dims) == tuple(range(instr.shape.rank))
    return False


def is_elementwise_on_operand(instr: Instruction, k: int) -> bool:
    if instr.opcode == "dynamic-update-slice":
        return k == 0
    return is_elementwise(instr)


def is_multi_output(instr: Instruction) -> bool:
    return instr.opcode == "fusion" and instr.attrs["calls"].root.opcode == "tuple"


def is_fusible(instr: Instruction, effects: SideEffects) -> bool:
    """HloInstruction::IsFusible: fusing the instruction makes sense at all."""
    op = instr.opcode
    if op in NEVER_FUSIBLE:
        return False
    if op in ("fusion", "map", "reduce", "reduce-window"):
        return True
    if op == "rng":
        return len(instr.users) <= 1
    return not effects.instruction(instr)


def can_be_loop_fused(instr: Instruction) -> bool:
    """CpuInstructionFusion's CanBeLoopFused: computed by composable elemental generators."""
    return is_elementwise(instr) or instr.opcode in LOOP_FUSIBLE_NON_ELEMENTWISE


# ----------------------------------------------------------------------------- element reuse

_REUSE, _USE, _NO_USE = 0, 1, 2  # XLA's UseKind lattice: kReuse < kUse < kNoUse


def _operand_element_use(instr: Instruction, k: int) -> int:
    op = instr.opcode
    if op in ("bitcast", "concatenate", "reshape", "reverse", "slice", "transpose", "gather"):
        return _USE
    if op == "pad":
        return _REUSE if k > 0 else _USE  # the padding value is read for every padded element
    if op == "reduce":
        return _REUSE if k >= len(instr.operands) // 2 else _USE  # init values are reused
    if op == "fusion":
        return _fused_parameter_use(instr.attrs["calls"], k)
    if op == "dot":
        # Matrix-vector dots read each matrix element once.
        if instr.shape.rank <= 1:
            other = instr.operands[1 - k].shape
            if other.rank <= 1:
                return _USE
        return _REUSE
    if op == "dynamic-update-slice":
        return _USE if k in (0, 1) else _REUSE
    return _USE if is_elementwise(instr) else _REUSE


def _fused_parameter_use(comp: Computation, number: int) -> int:
    """How the fused computation's root reads parameter `number`: the least use kind over the paths
    from the root down to it (kNoUse when none). Walked up from the parameter, through what reads
    it, rather than down from the root through the whole fused computation: fusion asks this once
    per expensive producer it considers, and the parameter's readers are usually a small part."""
    param = None
    for i in comp.instructions:
        if i.opcode == "parameter" and i.parameter_number == number:
            param = i
            break
    if param is None:
        return _NO_USE
    best: dict[Instruction, int] = {param: _USE}  # the least use kind on a path from the parameter
    stack = [param]
    while stack:
        x = stack.pop()
        v = best[x]
        for u in x.users:
            for k, o in enumerate(u.operands):
                if o is not x:
                    continue
                e = _operand_element_use(u, k)
                if e == _NO_USE:
                    continue
                w = e if e < v else v
                if w < best.get(u, _NO_USE):  # (each instruction improves at most twice)
                    best[u] = w
                    stack.append(u)
    return best.get(comp.root_instruction, _NO_USE)


def reuses_operand_elements(instr: Instruction, k: int) -> bool:
    """HloInstruction::ReusesOperandElements: some element of operand k is read for more than one
    output element (a broadcast, a reduce's init, a dot's operands, ...)."""
    return _operand_element_use(instr, k) == _REUSE


# ----------------------------------------------------------------------------- sizes


def true_rank(shape: Shape) -> int:
    """ShapeUtil::TrueNumDimensions: dimensions of size > 1."""
    return sum(1 for d in shape.dims if d != 1)


def total_elements(shape: Shape) -> int:
    return sum(leaf.num_elements for leaf in shape.leaves() if leaf.is_array)


def effectively_at_most_unary(instr: Instruction) -> bool:
    """InstructionFusion::EffectivelyAtMostUnary: at most one operand is as large as the output
    (broadcasts, iotas and scalar constants do not count)."""
    out_rank = max((true_rank(leaf) for leaf in instr.shape.leaves() if leaf.is_array), default=0)
    big = 0
    for o in instr.operands:
        if o.opcode in ("broadcast", "iota"):
            continue
        if o.opcode == "constant" and is_effective_scalar(o.shape):
            continue
        if (true_rank(o.shape) if o.shape.is_array else 0) >= out_rank:
            big += 1
    return big <= 1


def is_always_duplicable(instr: Instruction) -> bool:
    """Widening converts and broadcasts get cheaper the more they are fused (consumers read less)."""
    if instr.opcode == "convert":
        return instr.operands[0].shape.byte_size < instr.shape.byte_size
    return instr.opcode == "broadcast"
