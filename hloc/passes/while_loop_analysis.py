"""While-loop analysis: induction variable, range and trip count (XLA's while_loop_analysis).

    induction_var_index(w)   the tuple index i the condition tests and the body updates from itself
    loop_range(w)            LoopRange(init, step, trip_count) for `i = K; i < N (<=, >, >=); i += C`
    trip_count(w)            the exact number of iterations: the pattern above, else the induction
                             variable stepped through the condition at compile time (up to a limit)
    trip_count_upper_bound(w)  also 1 when the body sets the tested element to a constant that fails

The condition and the update are evaluated with the reference interpreter's handlers, on scalars
only. Counts take the induction variable's integer width into account: a step that would wrap
around gives no count.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from ..errors import HlocError
from ..ir.literal import ElidedLiteral
from ..ir.module import Instruction
from ..ir.opcodes import COLLECTIVES

NOT_EVALUATED = COLLECTIVES | {"send", "send-done", "recv", "recv-done", "custom-call", "infeed", "outfeed", "rng",
                               "rng-bit-generator", "rng-get-and-update-state", "while"}


def trace_copies_and_tuples(instr: Instruction) -> Instruction:
    """Through copy and gte(tuple(...)) to the value they forward (TraceThroughCopyAndGteTupleChain)."""
    while True:
        if instr.opcode == "get-tuple-element" and instr.operands[0].opcode == "tuple":
            instr = instr.operands[0].operands[instr.attrs["index"]]
        elif instr.opcode in ("copy", "copy-start", "copy-done"):
            instr = instr.operands[0]
        else:
            return instr


def is_constant(instr: Instruction) -> bool:
    return instr.opcode == "constant" and not isinstance(instr.literal, ElidedLiteral | tuple)


def scalar_int(instr: Instruction) -> int | None:
    """The value of an integral constant with one element (LiteralAsScalarInt64)."""
    if not is_constant(instr) or instr.shape.num_elements != 1:
        return None
    if instr.shape.element_type.kind not in ("sint", "uint"):
        return None
    return int(np.asarray(instr.literal).reshape(())[()])


def non_constant_operand(instr: Instruction) -> Instruction | None:
    """The one operand of `instr` that is not a constant (it may appear several times), else None."""
    found = None
    for op in instr.operands:
        if not is_constant(op):
            if found is not None and found is not op:
                return None
            found = op
    return found


def unique_gte(param: Instruction, index: int) -> Instruction | None:
    """The only get-tuple-element of `param` at `index` (GetUniqueGteInstruction)."""
    found = None
    for u in param.users:
        if u.opcode == "get-tuple-element" and u.attrs["index"] == index:
            if found is not None:
                return None
            found = u
    return found


def _is_scalar_op(instr: Instruction) -> bool:
    if instr.opcode in NOT_EVALUATED:
        return False
    if any(not _is_scalar_op(i) for c in instr.called_computations for i in c.instructions):
        return False
    return instr.shape.is_scalar


def gte_dependence_indices(out: Instruction, param: Instruction) -> set[int] | None:
    """The tuple indices of `param` that the scalar `out` is computed from, through scalar ops and
    constants only (GetGTEDependenceIndices); None if it depends on anything else."""
    if out.parent is not param.parent or not param.shape.is_tuple:
        return None
    indices: set[int] = set()
    seen: set[Instruction] = set()
    work = [out]
    while work:
        instr = work.pop()
        if instr in seen:
            continue
        seen.add(instr)
        if instr is param or instr.opcode == "parameter":
            return None
        if instr.opcode == "get-tuple-element":
            if not instr.shape.is_scalar:
                return None
            src = instr.operands[0]
            while src.opcode == "copy":
                src = src.operands[0]
            if src is param:
                indices.add(instr.attrs["index"])
            elif src.opcode == "tuple":
                work.append(src.operands[instr.attrs["index"]])
            else:
                return None
            continue
        if instr.opcode == "copy":
            work.append(instr.operands[0])
            continue
        if not _is_scalar_op(instr) or instr.opcode == "call":
            return None
        work.extend(instr.operands)
    return indices or None


def unique_gte_dependence_index(out: Instruction, param: Instruction) -> int | None:
    found = gte_dependence_indices(out, param)
    return next(iter(found)) if found is not None and len(found) == 1 else None


def induction_var_index(while_op: Instruction) -> int | None:
    """The tuple index of the loop's induction variable (GetLoopInductionVarTupleIdx): the one
    element the condition depends on, which the body computes from itself alone."""
    cond, body = while_op.attrs["condition"], while_op.attrs["body"]
    if len(cond.parameters) != 1 or len(body.parameters) != 1:
        return None
    found = gte_dependence_indices(cond.root, cond.parameters[0])
    if found is None or len(found) != 1:
        return None
    index = next(iter(found))
    init = while_op.operands[0]
    if init.opcode != "tuple" or body.root.opcode != "tuple":
        return None
    update = trace_copies_and_tuples(body.root.operands[index])
    if unique_gte_dependence_index(update, body.parameters[0]) != index:
        return None
    return index


# ------------------------------------------------------------------------------------- evaluation


class ScalarEvaluator:
    """Evaluates scalar expressions of a module at compile time with the interpreter's handlers."""

    def __init__(self, module):
        # The interpreter is set up on the first evaluation: the while-loop passes make one of these
        # per run, and most modules have no loop to ask about (importing hloc.interp and building an
        # Evaluator was most of the -O2 pipeline's time on small modules).
        self._module = module
        self._ev = None
        self._handlers = None

    def _setup(self) -> None:
        from ..interp import Evaluator, registry

        self._ev = Evaluator(self._module)
        self._handlers = registry.HANDLERS

    def value(self, instr: Instruction, bindings: dict[Instruction, np.ndarray] | None = None, limit: int = 256):
        """The value of `instr` with `bindings` for some instructions; None if it depends on
        anything unbound (parameters, side effects) or the interpreter cannot evaluate it."""
        memo: dict[Instruction, object] = dict(bindings or {})
        if self._ev is None:
            self._setup()
        try:
            with np.errstate(all="ignore"):
                return self._value(instr, memo, [limit])
        except (HlocError, _Unknown, ValueError, TypeError, OverflowError, ArithmeticError, IndexError):
            return None

    def _value(self, instr: Instruction, memo, budget):
        if instr in memo:
            return memo[instr]
        budget[0] -= 1
        if budget[0] < 0 or instr.opcode == "parameter" or instr.opcode in NOT_EVALUATED:
            raise _Unknown
        if instr.opcode == "constant":
            if isinstance(instr.literal, ElidedLiteral):
                raise _Unknown
            v = instr.literal
        else:
            if instr.has_side_effect() or not (instr.shape.is_array or instr.shape.is_tuple):
                raise _Unknown
            fn = self._handlers.get(instr.opcode)
            if fn is None:
                raise _Unknown
            if any(c for c in instr.called_computations) and not _is_scalar_op(instr):
                raise _Unknown
            v = fn(instr, [self._value(o, memo, budget) for o in instr.operands], self._ev)
            if isinstance(v, np.generic):
                v = np.asarray(v)
        memo[instr] = v
        return v


class _Unknown(Exception):
    pass


def _as_int(v) -> int | None:
    if v is None:
        return None
    a = np.asarray(v)
    if a.size != 1 or a.dtype.kind not in "iu":
        return None
    return int(a.reshape(())[()])


def _type_range(etype: str) -> tuple[int, int]:
    from ..ir.types import ELEMENT_TYPES

    t = ELEMENT_TYPES[etype]
    if t.kind == "sint":
        return -(1 << (t.bits - 1)), (1 << (t.bits - 1)) - 1
    return 0, (1 << t.bits) - 1


def induction_var_init(while_op: Instruction, index: int, ev: ScalarEvaluator | None = None) -> int | None:
    """The induction variable's initial value, when it is a compile-time integer."""
    init = trace_copies_and_tuples(while_op.operands[0].operands[index])
    v = scalar_int(init)
    if v is not None:
        return v
    if ev is None:
        ev = ScalarEvaluator(while_op.computation.parent)
    return _as_int(ev.value(init))


# ------------------------------------------------------------------------------------------ ranges


@dataclass(frozen=True)
class LoopRange:
    """`i = init; while i (<|<=) bound ...; i += step`, normalized: `trip_count` iterations."""

    index: int
    init: int
    step: int
    trip_count: int

    @property
    def final(self) -> int:
        """The induction variable's value after the loop."""
        return self.init + self.step * self.trip_count


def _step(while_op: Instruction, index: int) -> int | None:
    """C in `i += C` (the body's update of the induction variable), if it is a positive constant."""
    body = while_op.attrs["body"]
    update = trace_copies_and_tuples(body.root.operands[index])
    indvar = non_constant_operand(update)
    if indvar is None or trace_copies_and_tuples(indvar) is not unique_gte(body.parameters[0], index):
        return None
    if update.opcode != "add" or len(update.operands) != 2:
        return None
    other = update.operands[1] if update.operands[0] is indvar else update.operands[0]
    step = scalar_int(other)
    if step is None or step <= 0 or other.shape.etype != update.shape.etype:
        return None
    return step


def _bound(while_op: Instruction, index: int) -> tuple[int, bool] | None:
    """(N, inclusive) for a condition `i < N`, `i <= N`, `N > i` or `N >= i` with a constant N."""
    cond = while_op.attrs["condition"]
    root = cond.root
    indvar = unique_gte(cond.parameters[0], index)
    if indvar is None or root.opcode != "compare" or non_constant_operand(root) is not indvar:
        return None
    a, b = root.operands
    direction = root.attrs["direction"]
    if a is indvar and b is not indvar and direction in ("LT", "LE"):
        n = scalar_int(b)
        inclusive = direction == "LE"
    elif b is indvar and a is not indvar and direction in ("GT", "GE"):
        n = scalar_int(a)
        inclusive = direction == "GE"
    else:
        return None
    if n is None:
        return None
    ctype = root.attrs.get("type")
    kind = indvar.shape.element_type.kind
    if kind not in ("sint", "uint") or (ctype is not None and ctype != ("SIGNED" if kind == "sint" else "UNSIGNED")):
        return None
    return n, inclusive


def loop_range(while_op: Instruction, index: int | None = None, ev: ScalarEvaluator | None = None) -> LoopRange | None:
    """The loop's range when it is `i = K; i < N (or <=); i += C` with constants K, N, C > 0
    (MatchTrivialLoopRange / MatchTrivialLoopTripCount, without their rounding quirks)."""
    if index is None:
        index = induction_var_index(while_op)
        if index is None:
            return None
    step = _step(while_op, index)
    bound = _bound(while_op, index)
    if step is None or bound is None:
        return None
    init = induction_var_init(while_op, index, ev)
    if init is None:
        return None
    n, inclusive = bound
    last = n if inclusive else n - 1  # the largest value that still enters the body
    trips = 0 if last < init else (last - init) // step + 1
    lo, hi = _type_range(while_op.shape.tuple_shapes[index].etype)
    if not (lo <= init <= hi) or init + step * trips > hi:
        return None  # the induction variable would wrap around
    return LoopRange(index, init, step, trips)


def trip_count(while_op: Instruction, max_brute_force_iters: int = 128,
               ev: ScalarEvaluator | None = None) -> int | None:
    """The exact trip count (ComputeWhileLoopTripCount): the trivial pattern, else by stepping the
    induction variable through the condition and its update at compile time."""
    index = induction_var_index(while_op)
    if index is None:
        return None
    ev = ev or ScalarEvaluator(while_op.computation.parent)
    r = loop_range(while_op, index, ev)
    if r is not None:
        return r.trip_count
    init = trace_copies_and_tuples(while_op.operands[0].operands[index])
    value = ev.value(init)
    if value is None:
        return None
    body, cond = while_op.attrs["body"], while_op.attrs["condition"]
    update = body.root.operands[index]
    body_gtes = [u for u in body.parameters[0].users if u.opcode == "get-tuple-element" and u.attrs["index"] == index]
    cond_gtes = [u for u in cond.parameters[0].users if u.opcode == "get-tuple-element" and u.attrs["index"] == index]
    for count in range(max_brute_force_iters + 1):
        go = ev.value(cond.root, {g: value for g in cond_gtes})
        if go is None or np.asarray(go).dtype != np.bool_:
            return None
        if not bool(np.asarray(go).reshape(())[()]):
            return count
        value = ev.value(update, {g: value for g in body_gtes})
        if value is None:
            return None
    return None


def trip_count_upper_bound(while_op: Instruction, ev: ScalarEvaluator | None = None) -> int | None:
    """An upper bound on the trip count (ComputeWhileLoopTripCountUpperBound): the exact count, or 1
    when the condition tests one element that the body sets to a constant failing the test."""
    ev = ev or ScalarEvaluator(while_op.computation.parent)
    exact = trip_count(while_op, ev=ev)
    if exact is not None:
        return exact
    cond, body = while_op.attrs["condition"], while_op.attrs["body"]
    if len(cond.parameters) != 1:
        return None
    users = list(cond.parameters[0].users)
    if len(users) != 1 or users[0].opcode != "get-tuple-element" or body.root.opcode != "tuple":
        return None
    gte = users[0]
    new_value = body.root.operands[gte.attrs["index"]]
    if not is_constant(new_value):
        return None
    go = ev.value(cond.root, {gte: new_value.literal})
    if go is None or np.asarray(go).dtype != np.bool_:
        return None
    return None if bool(np.asarray(go).reshape(())[()]) else 1
