"""reshape-mover: move reshapes and transposes from the operands of elementwise ops to their result
(XLA's ReshapeMover), so that chains of them meet and cancel in algsimp.

    add(reshape(a), reshape(b))          => reshape(add(a, b))        (a, b of the same shape)
    log(reshape(x))                       => reshape(log(x))
    mul(transpose(a), broadcast(scalar))  => transpose(mul(a, broadcast(scalar)))

An elementwise op qualifies when at least one operand is a reshape/transpose that does real work,
all reshape/transpose operands are equivalent (same kind, same shapes, same permutation), and the
other operands can take the inverse rearrangement for free: constants, scalar broadcasts,
broadcasts whose dimensions the rearrangement leaves alone. The move happens only if every user
of each moved reshape/transpose moves too, so no rearrangement is ever duplicated. The new
operands (a reshape of a constant, a transpose of a transpose, ...) are left for algsimp and
constant folding to fold.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir.module import Computation, Instruction, Module
from ..ir.opcodes import ELEMENTWISE
from ..ir.types import Shape
from .algsimp.core import (
    compose_permutations,
    inverse_permutation,
    is_permutation_identity,
    unmodified_dims,
)
from .base import Pass, option, register_pass
from .naming import ModuleNames
from .rewrite import SideEffects, has_control_deps, replace_instruction

REARRANGE = ("reshape", "transpose")


@dataclass(frozen=True)
class ReshapeMoverOptions:
    reshape_of_1d_broadcast_is_cheap: bool = option(
        False, "also treat broadcasts of rank-1 operands (and broadcasts the reshape leaves alone) as free "
               "to reshape")
    max_iterations: int = option(100, "rounds per computation (each moves rearrangements one op further)", min=1)


def _is_noop(r: Instruction) -> bool:
    """Moving `r` gains nothing: a reshape that keeps the dimensions (at most a layout change), an
    identity transpose."""
    if r.opcode == "reshape":
        return r.shape.dims == r.operands[0].shape.dims
    return is_permutation_identity(r.dimensions)


def _equivalent(a: Instruction, b: Instruction) -> bool:
    if a.opcode != b.opcode or a.shape.dims != b.shape.dims:
        return False
    if a.opcode == "transpose":
        return a.dimensions == b.dimensions
    return a.operands[0].shape.dims == b.operands[0].shape.dims


@register_pass
class ReshapeMover(Pass):
    name = "reshape-mover"
    summary = "move reshapes/transposes below elementwise ops when all their users move too (XLA's ReshapeMover)"
    Options = ReshapeMoverOptions

    def run(self, module: Module) -> bool:
        changed = False
        effects = SideEffects()
        self.names = ModuleNames(module)
        for comp in module.computations:
            if comp.is_fusion:
                continue
            # A moved rearrangement can qualify its new users in turn: repeat until none moves.
            for _ in range(self.options.max_iterations):
                if not self._run_on(comp, effects):
                    break
                changed = True
        return changed

    # ------------------------------------------------------------------------------- policy
    def _trivially_rearranged(self, x: Instruction, r: Instruction) -> bool:
        """`x` can take the inverse of rearrangement `r` without any real work."""
        if _is_noop(r):
            return True
        if x.opcode == "constant":
            return True
        if x.opcode != "broadcast":
            return False
        dims = list(x.dimensions)
        if dims != sorted(dims):
            return False
        operand = x.operands[0]
        if r.opcode == "reshape":
            if operand.shape.rank == 0:
                return True
            if not self.options.reshape_of_1d_broadcast_is_cheap:
                return False
            if sum(1 for d in operand.shape.dims if d != 1) <= 1:
                return True
            where = dict(unmodified_dims(r.shape.dims, r.operands[0].shape.dims))
            return all(d in where for d in dims)
        # Under the inverse transpose, dimension d of `x` lands at perm[d]: keep them in order.
        perm = r.dimensions
        moved = [perm[d] for d in dims]
        return moved == sorted(moved)

    def _first_nontrivial(self, x: Instruction) -> Instruction | None:
        for o in x.operands:
            if o.opcode in REARRANGE and not self._trivially_rearranged(o.operands[0], o):
                return o
        return None

    def _candidate(self, x: Instruction, effects: SideEffects) -> bool:
        if x.opcode not in ELEMENTWISE:
            return False
        for o in x.operands:  # (the usual answer, asked of every instruction each round: no rearranged operand)
            if o.opcode in REARRANGE:
                break
        else:
            return False
        if not x.shape.is_array or has_control_deps(x) or effects.instruction(x):
            return False
        if any(o.shape.dims != x.shape.dims for o in x.operands):
            return False  # scalar operands of select/clamp cannot follow the rearrangement
        r = self._first_nontrivial(x)
        if r is None:
            return False
        return all((o.opcode in REARRANGE and _equivalent(o, r)) or
                   (o.opcode not in REARRANGE and self._trivially_rearranged(o, r)) for o in x.operands)

    # ------------------------------------------------------------------------------- rewriting
    def _run_on(self, comp: Computation, effects: SideEffects) -> bool:
        candidates = {x: None for x in comp.instructions if self._candidate(x, effects)}
        removed = True
        while candidates and removed:
            removed = False
            rearranges = {o: None for x in candidates for o in x.operands if o.opcode in REARRANGE}
            for r in rearranges:
                if any(u not in candidates for u in r.users) or comp.root is r:
                    for u in r.users:
                        if u in candidates:
                            del candidates[u]
                            removed = True
        if not candidates:
            return False
        for x in [i for i in comp.post_order() if i in candidates]:
            self._sink(comp, x)
        return True

    def _inverse(self, comp: Computation, r: Instruction, operand: Instruction) -> Instruction:
        """`operand` rearranged by the inverse of `r`; a rearrangement of `operand`'s own operand
        when `operand` is a reshape/transpose itself (so no chain is left to move again)."""
        if r.opcode == "reshape":
            shape = Shape.array(operand.shape.etype, r.operands[0].shape.dims)
            if operand.shape == shape:
                return operand
            if operand.opcode == "reshape":
                operand = operand.operands[0]
                if operand.shape == shape:
                    return operand
            return self.names.create(comp, "reshape", shape, [operand])
        perm = r.dimensions
        if is_permutation_identity(perm):
            return operand
        inv = inverse_permutation(perm)
        if operand.opcode == "transpose":
            inv = compose_permutations(operand.dimensions, inv)
            operand = operand.operands[0]
            if is_permutation_identity(inv):
                return operand
        shape = Shape.array(operand.shape.etype, [operand.shape.dims[p] for p in inv])
        return self.names.create(comp, "transpose", shape, [operand], dimensions=inv)

    def _sink(self, comp: Computation, x: Instruction) -> None:
        r = self._first_nontrivial(x)
        assert r is not None  # (x is a candidate: one of its operands is rearranged)
        operands = [self._inverse(comp, r, o) for o in x.operands]
        small = Shape.array(x.shape.etype, r.operands[0].shape.dims)
        new = self.names.create(comp, x.opcode, small, operands, **dict(x.attrs))
        if r.opcode == "reshape":
            out = self.names.create(comp, "reshape", x.shape, [new])
        else:
            out = self.names.create(comp, "transpose", x.shape, [new], dimensions=tuple(r.dimensions))
        name = x.name
        replace_instruction(x, out)
        comp.rename(out, name)  # the rearranged result stands for x
