"""Runs computations instruction by instruction in post order, calling the registered handlers.

Each computation is planned once per Evaluator: its instructions in post order with their handlers,
operand slots, and the slots whose last use they are (so intermediate arrays are released as soon as
nothing needs them). Handlers never modify their operand values, so values may share memory (views).
"""

from __future__ import annotations

import sys
from collections.abc import Sequence

import numpy as np

from ..errors import HlocError, RunError
from ..ir.module import Computation, Module
from ..ir.types import Shape
from . import registry
from .fpenv import flush_denormals
from .participants import Participant, devices_of, run_devices, single_device


class _Token:
    """The value of token-typed instructions (after-all, infeed/outfeed ordering)."""

    __slots__ = ()

    def __repr__(self) -> str:
        return "TOKEN"


TOKEN = _Token()


class _Plan:
    __slots__ = ("steps", "params", "root", "size")

    def __init__(self, steps, params, root, size):
        # [(handler, instr, operand slots, result slot, slots to release after it, positions of the
        #   operands whose last use it is)]
        self.steps = steps
        self.params = params  # parameter number -> slot
        self.root = root
        self.size = size


class Evaluator:
    """Evaluates computations of one module.

    `memo` is a per-evaluator cache handlers may use (keys are tuples starting with a string naming
    the handler's purpose); `dynamic_sizes` maps (instruction, dimension) to the dynamic size last set
    by set-dimension-size / dynamic-reshape; `rng_seed` seeds the `rng` op (see ops/rng.py).
    `donatable` lists, while a handler starts, the positions of its operand values that nothing else
    references any more: arrays owning their memory that the handler may overwrite with its result
    (util.out_buffer), as numpy reuses temporaries.
    `flush_denormals` computes like XLA:CPU, with denormal floats flushed to zero (fpenv.py); turn it
    off for IEEE results (what XLA's HloEvaluator, used for constant folding, computes).
    `participant` is the device this evaluator runs as (participants.py); by default device 0 of a
    one-device system.
    """

    def __init__(self, module: Module, rng_seed: int = 0, flush_denormals: bool = True, participant=None):
        registry.load_all()
        self.participant = participant if participant is not None else single_device()
        self.module = module
        self.memo: dict = {}
        self.dynamic_sizes: dict = {}
        self.rng_seed = rng_seed
        self.flush_denormals = flush_denormals
        self.donatable: tuple[int, ...] | list[int] = ()
        self._plans: dict[Computation, _Plan] = {}
        self._depth = 0

    def run(self, args: Sequence) -> object:
        """Run the entry computation on `args` after checking them against its parameter shapes; the
        result owns its memory. Plans and constants are kept, so repeated runs (`hloc run --bench`)
        pay only for the work; state such as `rng`'s generator carries on, as in an XLA executable."""
        args = [np.asarray(a) if isinstance(a, np.generic) else a for a in args]
        check_args(self.module.entry.parameter_shapes, args)
        return _own(self.call(self.module.entry, args))

    def call(self, comp: Computation, args: Sequence) -> object:
        """Evaluate `comp` on argument values (one per parameter); returns the root's value."""
        plan = self._plans.get(comp)
        if plan is None:
            plan = self._plans[comp] = self._plan(comp)
        if len(args) != len(plan.params):
            raise RunError(f"computation '{comp.name}' takes {len(plan.params)} arguments, got {len(args)}")
        if self._depth == 0:
            # XLA defines overflow, x/0 and NaN results: no numpy warnings.
            with np.errstate(all="ignore"), flush_denormals(self.flush_denormals):
                return self._run(plan, args)
        return self._run(plan, args)

    def _run(self, plan: _Plan, args: Sequence) -> object:
        vals: list = [None] * plan.size
        for slot, a in zip(plan.params, args):
            vals[slot] = a
        self._depth += 1
        try:
            for fn, instr, ins, out, release, dying in plan.steps:
                operands = [vals[i] for i in ins]
                if dying:
                    # Four references to an unshared value: its slot, `operands`, `a` and
                    # getrefcount's argument. Parameters (also held by the caller), constants (held
                    # by the memo) and values inside live tuples have more.
                    donatable = []
                    for k in dying:
                        a = operands[k]
                        if type(a) is np.ndarray and a.base is None and sys.getrefcount(a) == 4:
                            donatable.append(k)
                    a = None
                    self.donatable = donatable
                else:
                    self.donatable = ()
                try:
                    v = fn(instr, operands, self)
                    if isinstance(v, np.generic):  # numpy ufuncs turn 0-d arrays into scalars
                        v = np.asarray(v)
                    vals[out] = v
                    v = None  # the slot holds the only reference, so the next user may reuse it
                except HlocError as e:
                    if e.loc is None and instr.loc is not None:
                        raise type(e)(e.message, instr.loc) from e
                    raise
                except Exception as e:
                    raise RunError(f"evaluating '{instr.name}' ({instr.opcode}) failed: {type(e).__name__}: {e}",
                                   instr.loc) from e
                del operands
                for r in release:
                    vals[r] = None
        finally:
            self._depth -= 1
            self.donatable = ()  # never stale for a handler called directly (constant folding)
        return vals[plan.root]

    def _plan(self, comp: Computation) -> _Plan:
        order = _live(comp)
        slot = {instr: i for i, instr in enumerate(order)}
        params = [slot[p] for p in comp.parameters]
        last_use: dict[int, int] = {}
        steps = []
        handlers = registry.HANDLERS
        for instr in order:
            if instr.opcode == "parameter":
                continue
            fn = handlers.get(instr.opcode)
            if fn is None:
                raise RunError(f"the interpreter does not support '{instr.opcode}'", instr.loc)
            element = _forwarded(instr)
            if element is not None:
                fn, ins = _identity, [slot[element]]
            else:
                ins = [slot[o] for o in instr.operands]
            for s in ins:
                last_use[s] = len(steps)
            steps.append((fn, instr, ins, slot[instr], []))
        root = slot[comp.root]
        for s, step in last_use.items():
            if s != root:
                steps[step][4].append(s)
        steps = [(fn, instr, ins, out, release, tuple(k for k, i in enumerate(ins) if i in release))
                 for fn, instr, ins, out, release in steps]
        return _Plan(steps, params, root, len(order))


def _forwarded(instr):
    """The element a get-tuple-element of a `tuple` instruction reads (XLA's simplifier forwards it, so
    the tuple's other elements need not run), else None."""
    if instr.opcode == "get-tuple-element" and instr.operands[0].opcode == "tuple" \
            and not instr.operands[0].control_successors:
        return instr.operands[0].operands[instr.attrs["index"]]
    return None


def _identity(instr, args, ev):
    return args[0]


def _live(comp: Computation) -> list:
    """The instructions that run, in post order: what the root needs and what has side effects (with
    what those need). Dead side-effect-free code is skipped, as XLA's DCE removes it."""
    needed: set = set()
    stack = [comp.root] + [i for i in comp.instructions if i.has_side_effect()]
    while stack:
        instr = stack.pop()
        if instr in needed:
            continue
        needed.add(instr)
        element = _forwarded(instr)
        stack.extend([element] if element is not None else instr.operands)
        stack.extend(instr.control_predecessors)
    return [i for i in comp.post_order() if i in needed or i.opcode == "parameter"]


def check_args(shapes: Sequence[Shape], args: Sequence, what: str = "argument") -> None:
    """Raise RunError unless every argument matches its parameter shape (dims and dtype)."""
    if len(args) != len(shapes):
        raise RunError(f"expected {len(shapes)} {what}s, got {len(args)}")
    for i, (shape, a) in enumerate(zip(shapes, args)):
        _check_value(shape, a, f"{what} {i}")


def _check_value(shape: Shape, v, what: str) -> None:
    if shape.is_tuple:
        if not isinstance(v, tuple) or len(v) != len(shape.tuple_shapes):
            raise RunError(f"{what}: expected a tuple of {len(shape.tuple_shapes)} values for {shape}")
        for j, (s, x) in enumerate(zip(shape.tuple_shapes, v)):
            _check_value(s, x, f"{what}.{j}")
        return
    if not shape.is_array:
        return
    if not isinstance(v, np.ndarray | np.generic):
        raise RunError(f"{what}: expected an array of {shape.to_str(False)}, got {type(v).__name__}")
    if v.shape != tuple(shape.dims) or v.dtype != shape.dtype:
        raise RunError(f"{what}: expected {shape.to_str(False)} ({shape.dtype}), got {v.dtype}{list(v.shape)}")


def _own(v):
    """A result the caller may keep and modify: tuples recursively; arrays C-contiguous, writeable and
    owning their memory (not views of an input or of a constant)."""
    if isinstance(v, tuple):
        return tuple(_own(x) for x in v)
    if isinstance(v, np.generic) or (isinstance(v, np.ndarray) and (
            v.base is not None or not (v.flags.c_contiguous and v.flags.writeable))):
        return np.array(v, order="C")
    return v


def evaluate(module: Module, args: Sequence, rng_seed: int = 0, flush_denormals: bool = True) -> object:
    """Run the module's entry computation on `args` (nested values matching the parameter shapes),
    the module as written: the interp backend (hloc.runtime, `hloc run --backend interp`) first runs
    float-normalization, for XLA:CPU's bf16 numbers."""
    return Evaluator(module, rng_seed, flush_denormals).run(args)


def evaluate_devices(module, per_device_args: Sequence[Sequence], replicas: int | None = None,
                     partitions: int | None = None, rng_seed: int = 0) -> list:
    """The entry's result on every device (device d = replica d // P, partition d % P) for its own
    arguments."""
    replicas, partitions = devices_of(module, replicas, partitions)
    if len(per_device_args) != replicas * partitions:
        raise RunError(f"{len(per_device_args)} sets of arguments for {replicas * partitions} devices "
                       f"({replicas} replicas x {partitions} partitions)")

    def make(p: Participant):
        ev = Evaluator(module, rng_seed, participant=p)
        return lambda: ev.run(per_device_args[p.device])

    return run_devices(make, replicas, partitions)
