"""constant-folding: evaluate instructions whose operands are constants, with the reference
interpreter (XLA's HloConstantFolding).

    add(constant(1), constant(2))                 => constant(3)
    multiply(constant(c), broadcast(constant(k))) => constant(c * k)
    gte(sort(constant, constant), i)              => constant (tuple results fold through their gtes)

As in XLA: an instruction folds when at least one operand is a constant and the others are
constants, broadcasts of constants or iotas. Broadcast and iota themselves are not folded (they
would only make big constants), nor are rng, side effects, custom calls, collectives, fft, while
loops, instructions with control dependencies, elided `constant({...})` operands, or results and
operands larger than `max-elements`. An opcode the interpreter cannot evaluate stays as it is.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import HlocError
from ..ir.literal import ElidedLiteral
from ..ir.module import Computation, Instruction, Module
from ..ir.opcodes import ASYNC, COLLECTIVES, SIDE_EFFECTING
from ..ir.raw_literal import RAW_ETYPES, RawLiteral, bf16_bits_from_f64
from .base import Pass, option, register_pass
from .rewrite import SideEffects, add_instruction, has_control_deps, replace_instruction

# Never evaluated at compile time, not even inside a called computation.
NEVER_FOLD = SIDE_EFFECTING | COLLECTIVES | ASYNC | {
    "rng", "rng-bit-generator", "rng-get-and-update-state", "after-all", "custom-call", "fft", "while",
    "domain", "opt-barrier", "get-dimension-size", "set-dimension-size", "copy-start", "copy-done",
    "infeed", "outfeed", "send", "send-done", "recv", "recv-done", "ragged-dot", "fusion",
}
# Not folded themselves (but fine as operands / inside called computations).
NOT_FOLDED = frozenset({"parameter", "constant", "tuple", "broadcast", "iota"})
STRUCTURAL = frozenset({"parameter", "constant", "tuple", "get-tuple-element"})
INTEGRAL_KINDS = frozenset({"pred", "sint", "uint"})
PURE_DATA_MOVEMENT = frozenset({
    "bitcast", "bitcast-convert", "concatenate", "copy", "dynamic-slice", "dynamic-update-slice", "pad",
    "reshape", "reverse", "select", "slice", "transpose",
})


@dataclass(frozen=True)
class ConstantFoldingOptions:
    max_elements: int = option(1 << 20, "do not fold when the result or the operands together have more "
                                         "elements than this", min=0)
    float_arithmetic: bool = option(True, "fold floating-point arithmetic too (data movement of floats is "
                                          "always folded)")


def _is_constant(instr: Instruction) -> bool:
    return instr.opcode == "constant" and not _elided(instr.stored_literal)


def _elided(lit) -> bool:
    if isinstance(lit, tuple):
        return any(_elided(x) for x in lit)
    return isinstance(lit, ElidedLiteral)


def _constant_like(instr: Instruction) -> bool:
    """Constant, broadcast of a constant, iota, or a tuple of those."""
    if instr.opcode == "tuple":
        return all(_constant_like(o) for o in instr.operands)
    if instr.opcode == "broadcast":
        return _is_constant(instr.operands[0])
    return _is_constant(instr) or instr.opcode == "iota"


def _any_constant(instr: Instruction) -> bool:
    return any(_is_constant(o) or (o.opcode == "tuple" and _any_constant(o)) for o in instr.operands)


def _starts_folding(instr: Instruction) -> bool:
    return (instr.opcode not in NOT_FOLDED and instr.opcode not in NEVER_FOLD and _any_constant(instr)
            and all(_constant_like(o) for o in instr.operands))


def _integral(shape) -> bool:
    return all(s.element_type.kind in INTEGRAL_KINDS for s in shape.leaves() if s.is_array)


def _elements(shape) -> int:
    return sum(s.num_elements for s in shape.leaves() if s.is_array)


@register_pass
class ConstantFolding(Pass):
    name = "constant-folding"
    summary = "evaluate instructions whose operands are constants (interpreter; size limit; no rng)"
    Options = ConstantFoldingOptions

    def run(self, module: Module) -> bool:
        # Folding starts at an instruction whose operands are all constant-like, at least one a
        # constant; without one nothing folds, and the interpreter (~14 ms to import in a fresh
        # `hloc compile`) is not needed.
        if not any(_starts_folding(i) for c in module.computations for i in c.instructions):
            return False
        from ..interp import Evaluator, registry

        evaluator = Evaluator(module)  # loads the handlers
        self._handlers = registry.HANDLERS
        self._evaluator = evaluator
        self._effects = SideEffects()
        self._foldable_comps: dict[Computation, bool] = {}
        changed = False
        for comp in module.computations:
            for instr in comp.post_order():
                if instr.parent is comp and self._should_fold(instr):
                    changed |= self._fold(instr)
        return changed

    # ------------------------------------------------------------------------------- policy
    def _should_fold(self, instr: Instruction) -> bool:
        if not _starts_folding(instr) or instr.opcode not in self._handlers:
            return False
        if has_control_deps(instr) or self._effects.instruction(instr):
            return False
        # Reinterpreting packed sub-byte types from unpacked host bytes would give wrong constants.
        if instr.opcode in ("bitcast", "bitcast-convert"):
            a, b = instr.operands[0].shape.element_type, instr.shape.element_type
            if a.bits != b.bits and (a.bits < 8 or b.bits < 8):
                return False
        if (not self.options.float_arithmetic and not instr.called_computations
                and instr.opcode not in PURE_DATA_MOVEMENT
                and not (_integral(instr.shape) and all(_integral(o.shape) for o in instr.operands))):
            return False
        if instr.opcode == "pad" and instr.operands[0].opcode == "broadcast":
            return False  # big and cheap to compute at run time
        limit = self.options.max_elements
        if max(_elements(instr.shape), sum(_elements(o.shape) for o in instr.operands)) > limit:
            return False
        if instr.shape.is_tuple:
            # Tuple constants are not made: a tuple result folds into one constant per gte user.
            if instr.computation.root is instr or not instr.users:
                return False
            if any(u.opcode != "get-tuple-element" or u.shape.is_tuple or has_control_deps(u) for u in instr.users):
                return False
        elif not instr.shape.is_array:
            return False
        return all(self._foldable(c) for c in instr.called_computations)

    def _foldable(self, comp: Computation) -> bool:
        known = self._foldable_comps.get(comp)
        if known is None:
            self._foldable_comps[comp] = False
            known = all(i.opcode not in NEVER_FOLD and (i.opcode == "parameter" or i.opcode in self._handlers)
                        and not has_control_deps(i) and all(self._foldable(c) for c in i.called_computations)
                        for i in comp.instructions)
            self._foldable_comps[comp] = known
        return known

    # ------------------------------------------------------------------------------- folding
    def _value(self, instr: Instruction):
        if instr.opcode == "constant":
            return instr.literal
        fn = self._handlers.get(instr.opcode)
        if fn is None:
            raise _CannotFold
        return fn(instr, [self._value(o) for o in instr.operands], self._evaluator)

    def _evaluate(self, instr: Instruction):
        try:
            with np.errstate(all="ignore"):
                return self._value(instr)
        except (HlocError, _CannotFold):
            return None  # the interpreter cannot evaluate it: leave the instruction alone

    def _fold(self, instr: Instruction) -> bool:
        value = _convert_to_raw(instr)
        if value is None:
            value = self._evaluate(instr)
        if value is None:
            return False
        comp = instr.computation
        if instr.shape.is_tuple:
            if not isinstance(value, tuple):
                return False
            leaves = {}
            for gte in instr.users:
                leaf = _as_literal(value[gte.attrs["index"]], gte.shape)
                if leaf is None:
                    return False
                leaves[gte] = leaf
            for gte, leaf in leaves.items():
                replace_instruction(gte, _make_constant(comp, gte.shape, leaf))
            return True
        literal = _as_literal(value, instr.shape)
        if literal is None:
            return False
        replace_instruction(instr, _make_constant(comp, instr.shape, literal))
        return True


class _CannotFold(Exception):
    pass


_WIDE_FLOATS = frozenset({"f16", "f32", "f64"})


def _convert_to_raw(instr: Instruction) -> RawLiteral | None:
    """convert(constant) from f16/f32/f64 to bf16 as bf16 bits: the interpreter's cast (rounding once to
    nearest even) without importing ml_dtypes for it (see ir/raw_literal.py)."""
    if instr.opcode != "convert" or instr.shape.etype not in RAW_ETYPES:
        return None
    (x,) = instr.operands
    lit = x.stored_literal if x.opcode == "constant" else None
    if x.shape.etype not in _WIDE_FLOATS or not isinstance(lit, np.ndarray):
        return None
    return RawLiteral(instr.shape.etype, bf16_bits_from_f64(lit.astype(np.float64)))


def _as_literal(value, shape) -> np.ndarray | RawLiteral | None:
    """The interpreter's value as a literal of `shape`, or None if it does not have that shape/type."""
    if value.__class__ is RawLiteral:
        return value
    if not isinstance(value, np.ndarray | np.generic):
        return None
    arr = np.asarray(value)
    if arr.dtype != shape.dtype or arr.shape != tuple(shape.dims):
        return None
    return np.array(arr, copy=True, order="C")  # (ascontiguousarray would make a 0-d array 1-d)


def _make_constant(comp: Computation, shape, literal: np.ndarray | RawLiteral) -> Instruction:
    c = Instruction("constant", shape)
    c.literal = literal
    return add_instruction(comp, c, "constant")
