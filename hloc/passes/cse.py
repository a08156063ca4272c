"""cse: merge instructions that compute the same value (XLA's HloCSE), constants and iotas included.

Two instructions are the same if they have the same opcode, shape (layout included), attributes
(metadata ignored), literal (bit for bit) and operands; the operands of commutative binary ops
may come in either order; called computations may be the same object or structurally identical.
Instructions with side effects or control dependencies, parameters and elided constants
(`constant({...})`, whose values are unknown) are never merged.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir.literal import ElidedLiteral
from ..ir.module import Computation, Instruction, Module
from ..ir.raw_literal import RawLiteral
from .base import Pass, option, register_pass
from .rewrite import SideEffects, has_control_deps

# XLA's HloOpcodeIsBinaryCommutative.
COMMUTATIVE = frozenset({"add", "multiply", "maximum", "minimum", "and", "or", "xor"})
IGNORED_ATTRS = frozenset({"metadata"})


@dataclass(frozen=True)
class CseOptions:
    commutative: bool = option(True, "treat add(a,b) and add(b,a) as the same (commutative binary ops)")
    constants: bool = option(True, "merge equal constants and iotas as well")


def _attr_key(v):
    """A hashable stand-in for an attribute value; computations compare structurally later."""
    if isinstance(v, Computation):
        return ("computation", v.root.opcode if v.root is not None else None)
    if isinstance(v, list | tuple):
        return tuple(_attr_key(x) for x in v)
    return v


def _literal_key(lit):
    if isinstance(lit, tuple):
        return tuple(_literal_key(x) for x in lit)
    if lit.__class__ is RawLiteral:  # (the key its array would have)
        return (lit.dtype_name, lit.shape, lit.bits.tobytes())
    return (str(lit.dtype), lit.shape, lit.tobytes())


def _has_elided(lit) -> bool:
    if isinstance(lit, tuple):
        return any(_has_elided(x) for x in lit)
    return isinstance(lit, ElidedLiteral)


def computations_equal(a: Computation, b: Computation, seen: dict | None = None) -> bool:
    """Structural equality: same parameters and the same instructions in post order."""
    if a is b:
        return True
    seen = {} if seen is None else seen
    if (a, b) in seen:
        return seen[(a, b)]
    seen[(a, b)] = False
    pa, pb = a.post_order(), b.post_order()
    result = False
    if len(pa) == len(pb) and len(a.parameters) == len(b.parameters):
        mapping: dict[Instruction, Instruction] = {}
        result = True
        for x, y in zip(pa, pb):
            if not _same(x, y, lambda o, p: mapping.get(o) is p, seen):
                result = False
                break
            mapping[x] = y
        result = result and mapping.get(a.root_instruction) is b.root
    seen[(a, b)] = result
    return result


def _same(x: Instruction, y: Instruction, operands_equal, seen) -> bool:
    if x.opcode != y.opcode or x.shape != y.shape or x.parameter_number != y.parameter_number:
        return False
    if len(x.operands) != len(y.operands) or not all(operands_equal(o, p) for o, p in zip(x.operands, y.operands)):
        return False
    xa = {k: v for k, v in x.attrs.items() if k not in IGNORED_ATTRS}
    ya = {k: v for k, v in y.attrs.items() if k not in IGNORED_ATTRS}
    if xa.keys() != ya.keys():
        return False
    for k, v in xa.items():
        w = ya[k]
        if isinstance(v, Computation) or (isinstance(v, list | tuple) and v and isinstance(v[0], Computation)):
            vs = v if isinstance(v, list | tuple) else [v]
            ws = w if isinstance(w, list | tuple) else [w]
            if len(vs) != len(ws) or not all(isinstance(c, Computation) and isinstance(d, Computation)
                                             and computations_equal(c, d, seen) for c, d in zip(vs, ws)):
                return False
        elif v != w:
            return False
    xl, yl = x.stored_literal, y.stored_literal
    if xl is not None or yl is not None:
        if xl is None or yl is None or _has_elided(xl) or _has_elided(yl):
            return False
        return _literal_key(xl) == _literal_key(yl)
    return True


@register_pass
class Cse(Pass):
    name = "cse"
    summary = "merge instructions that compute the same value (constants, commutative operands)"
    Options = CseOptions

    def run(self, module: Module) -> bool:
        effects = SideEffects()
        changed = False
        for comp in module.computations:
            changed |= self._run_on(comp, effects)
        return changed

    def _eligible(self, instr: Instruction, effects: SideEffects) -> bool:
        if instr.opcode == "parameter" or has_control_deps(instr) or effects.instruction(instr):
            return False
        if not instr.operands:
            if instr.opcode in ("constant", "iota"):
                lit = instr.stored_literal
                return self.options.constants and not (lit is not None and _has_elided(lit))
            return instr.opcode in ("partition-id", "replica-id")
        return True

    def _key(self, instr: Instruction):
        ops = tuple(o.uid for o in instr.operands)
        if self.options.commutative and instr.opcode in COMMUTATIVE and len(ops) == 2:
            ops = tuple(sorted(ops))
        attrs = tuple((k, _attr_key(v)) for k, v in sorted(instr.attrs.items()) if k not in IGNORED_ATTRS)
        lit = _literal_key(instr.stored_literal) if instr.stored_literal is not None else None
        key: tuple = (instr.opcode, instr.shape, ops, attrs, lit)
        try:
            hash(key)
        except TypeError:  # an attribute kind without a hashable value: compare within a coarser bucket
            key = (instr.opcode, instr.shape, ops)
        return key

    def _equal(self, x: Instruction, y: Instruction, seen: dict) -> bool:
        if _same(x, y, lambda o, p: o is p, seen):
            return True
        if self.options.commutative and x.opcode in COMMUTATIVE and len(x.operands) == 2:
            swapped = [x.operands[1], x.operands[0]]
            return (swapped[0] is y.operands[0] and swapped[1] is y.operands[1]
                    and _same(x, y, lambda o, p: True, seen))
        return False

    def _run_on(self, comp: Computation, effects: SideEffects) -> bool:
        reps: dict[tuple, list[Instruction]] = {}
        seen: dict = {}
        changed = False
        for instr in comp.post_order():
            if not self._eligible(instr, effects):
                continue
            bucket = reps.setdefault(self._key(instr), [])
            match = next((r for r in bucket if self._equal(instr, r, seen)), None)
            if match is None:
                bucket.append(instr)
                continue
            instr.replace_all_uses_with(match)
            comp.remove(instr)
            changed = True
        return changed
