"""algsimp: local algebraic rewrites that never change results (XLA's AlgebraicSimplifier).

The rules live in one file per opcode family, each rule with its one-line summary:

    arith.py              add, subtract, multiply, divide, remainder, negate, abs, power, exp, log, sqrt
    minmax.py             maximum, minimum, clamp
    logic.py              and, or, xor, not, shifts
    compare_select.py     compare, select
    convert.py            convert, bitcast-convert, reduce-precision, real, imag, complex
    constant_iota.py      constant and iota canonical forms
    reshape_broadcast.py  reshape, broadcast (and sinking broadcasts below elementwise ops)
    transpose.py          transpose
    slice_concat_pad.py   slice, concatenate, pad, reverse, dynamic-slice, dynamic-update-slice
    reduce.py             reduce
    dot.py                dot

Safety (the default): a rule holds bit for bit for every input, NaN, infinities, -0.0 and integer
wrap-around included, except the rules XLA itself applies that only change float rounding (the
`reassociate` option: folding constants through (A+C1)+C2, A/C => A*(1/C), dot strength reduction,
merging reductions). `fast-math` adds XLA's fast-math-only rules (x-x => 0 and x*0 => 0 for
floats, log(exp(x)) => x, ...), and `no-signed-zeros` XLA's x+0.0 => x (which turns -0.0 into 0.0).

The pass runs to a fixed point itself (like XLA's run_to_fixed_point), so one `algsimp` leaves
nothing for a second one to do.
"""

from __future__ import annotations

from dataclasses import dataclass

from ...ir.module import Computation, Instruction, Module
from ..base import Pass, option, register_pass
from ..rewrite import SideEffects, has_control_deps, remove_if_dead
from . import (  # noqa: F401 - each module registers its rules
    arith,
    compare_select,
    constant_iota,
    convert,
    dot,
    logic,
    minmax,
    reduce,
    reshape_broadcast,
    slice_concat_pad,
    transpose,
)
from .core import RULES, Simplifier


@dataclass(frozen=True)
class AlgsimpOptions:
    reassociate: bool = option(True, "apply XLA's rewrites that only change float rounding (constant "
                                     "reassociation, A/C => A*(1/C), dot/reduce strength reduction)")
    fast_math: bool = option(False, "also apply XLA's fast-math rewrites (x-x => 0 for floats, x*0 => 0, "
                                    "log(exp(x)) => x, exp(a)*exp(b) => exp(a+b), ...)")
    signed_zeros: bool = option(True, "keep -0.0 exact (false: XLA's x+0.0 => x, which turns -0.0 into 0.0)")
    dot_strength_reduction: bool = option(True, "rewrite dots without contraction, or of vectors, as "
                                                "multiply (+ reduce)")
    max_iterations: int = option(100, "stop after this many rounds over the module", min=1)


@register_pass
class Algsimp(Pass):
    name = "algsimp"
    summary = "algebraic simplification: identities, canonical forms, data-movement folding (XLA's algsimp)"
    Options = AlgsimpOptions

    def run(self, module: Module) -> bool:
        s = Simplifier(self.options, module)
        s.effects = SideEffects()  # rewrites never add or remove side effects: one memo for the run
        changed = False
        # Rules only rewrite inside the computation they visit: after the first round only the
        # computations that changed in the previous round can have more to do.
        todo = [c for c in module.computations if not c.is_fusion]
        for _ in range(self.options.max_iterations):
            todo = [c for c in todo if c.parent is module and self._run_on(c, s)]
            changed |= bool(todo)
            if not todo:
                break
        return changed

    def _run_on(self, comp: Computation, s: Simplifier) -> bool:
        s.comp = comp
        effects = s.effects
        assert effects is not None  # (set by run)
        changed = False
        created = s.created
        rules_of = RULES.get
        for instr in comp.post_order():
            rules = rules_of(instr.opcode)
            if not rules or instr.parent is not comp or has_control_deps(instr) or not instr.shape.is_array:
                continue
            if effects.instruction(instr):
                continue
            # `created` is empty when each rule starts: what a rule built is swept or kept before
            # the next one runs.
            for fn in rules:
                result = fn(instr, s)
                if result is None or result is False:
                    if created:  # (most rules build nothing before they decline)
                        self._sweep(s, 0)
                    continue
                if result is not True and not _replace(instr, result, created):
                    self._sweep(s, 0)
                    continue
                self._sweep(s, 0)
                changed = True
                break
        s.created.clear()
        return changed

    @staticmethod
    def _sweep(s: Simplifier, mark: int) -> None:
        """Delete what rules built but did not use."""
        for instr in reversed(s.created[mark:]):
            if instr.parent is not None and not instr.users and instr.parent.root is not instr:
                remove_if_dead(instr)
        del s.created[mark:]


def _replace(old: Instruction, new: Instruction, created: list[Instruction]) -> bool:
    """Make `new` stand for `old`; False (nothing done) when only their layouts differ and `new`
    is an existing instruction (a new one simply takes `old`'s layout)."""
    if new.shape != old.shape:
        if not new.shape.compatible(old.shape):
            raise AssertionError(f"algsimp: replacing {old.name} {old.shape} by {new.name} {new.shape}")
        if new not in created:
            return False
        new.shape = old.shape
    comp = old.computation
    name = old.name
    for pred in list(old.control_predecessors):
        new.add_control_predecessor(pred)
    old.replace_all_uses_with(new)
    operands = list(dict.fromkeys(old.operands))
    comp.remove(old)
    if new in created:
        comp.rename(new, name)  # the new instruction takes over the name of the one it replaces
        if "metadata" in old.attrs and "metadata" not in new.attrs:
            new.attrs["metadata"] = old.attrs["metadata"]
    for op in operands:
        if op is not new:
            remove_if_dead(op)
    return True
