"""fusion: producer-consumer loop fusion (XLA's InstructionFusion with CpuInstructionFusion's rules).

Consumers are visited in reverse post order; each one's operands are tried as producers, the one
latest in post order first (so a value is not fused before its own users are). A producer that
fuses is cloned into the consumer's fusion (`fusion` instructions with `fused_computation`s);
the consumer's fusion is then revisited, so whole expression trees grow into one loop.

What fuses (CanBeLoopFused): elementwise ops (convert included), bitcast, broadcast, reshape,
transpose, slice, concatenate, pad, reverse, iota, dynamic-slice, dynamic-update-slice, gather and
reduce; scalar constants into fusions. A reduce consumer gives a kInput fusion (the reduce kernel
computes its fused inputs on the fly); everything else is kLoop.

The cost model never makes work grow by more than a small factor:
  * an expensive producer (transcendentals, float division, reductions, ... : `is_expensive`) is
    never duplicated, nor fused into a consumer that reads its elements more than once (broadcast);
  * a producer with more than one large operand that reads more than it writes is fused only if it
    can be fused into every user on every path (else it would be read and recomputed per user);
  * a fused instruction is emitted at most 15 times (distinct indices, XLA's code-duplication bound);
    cache-invalidating ops (reduce, pad, concatenate, dynamic-update-slice) at most once;
  * broadcasts and widening converts are always duplicated (consumers then read less memory);
  * concatenates with > 8 operands or along a long minor dimension stay unfused; at most 5 reduces
    per fusion;
  * the producer of a row-max whose shifted value feeds an exponential is materialized once (a
    recomputed copy may differ by an ulp from the one the max was taken over: exp overflows).
Never fused: instructions with side effects or control dependencies, parameters, calls, control
flow, non-scalar constants, a computation's root as producer, embedded computations (reducers,
comparators), and (backend rule) a reduce that keeps its minor dimension as a producer: the reduce
kernel walks such a column reduction in layout order, an elemental reduce inside a loop would not.

Output fusion (kOutput, `output-fusion=`): `add` reproduces XLA:CPU's add(matrix-vector dot)
fusion; `epilogue` also fuses elementwise consumers of any dot into a kOutput fusion whose root is
the epilogue (for a dot kernel that applies it while storing). Both need backend support, so the
default is `none`.

The package holds what fusion passes share: policy.py (opcode facts: elementwise, loop-fusible,
expensive, element reuse), indexing.py (the code-duplication bound), surgery.py (creating fusions,
fusing producers, merging multi-output fusions). multi_output_fusion.py (`multi-output-fusion`)
runs after this pass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

from ...ir.module import Computation, Instruction, Module
from ..base import Pass, option, register_pass
from ..rewrite import SideEffects, has_control_deps
from . import policy
from .indexing import EmittedCounts, code_duplication_too_high
from .surgery import Namer, create_fusion, fuse_producer, fused_computation, fusion_outputs

MAX_ROUNDS = 8


@dataclass(frozen=True)
class FusionOptions:
    may_duplicate: bool = option(True, "allow cheap producers to be computed in several fusions")
    output_fusion: Literal["none", "add", "epilogue"] = option(
        "none", "dot output fusion: none; add (XLA:CPU: add into a matrix-vector dot); epilogue (elementwise "
                "consumers of a dot)")
    max_reductions: int = option(5, "the most reduces one fusion may contain", min=1)
    max_concatenate_operands: int = option(8, "concatenates with more operands stay unfused", min=1)
    fuse_into_dus: bool = option(False, "fuse into dynamic-update-slice consumers (then never updated in place)")


def fusion_computations(module: Module) -> list[Computation]:
    """Computations whose instructions are kernels: the entry and what control flow calls
    (not fused computations, not reducers/comparators/map bodies)."""
    out: list[Computation] = []
    seen: set[Computation] = set()

    def visit(comp: Computation) -> None:
        if comp in seen:
            return
        seen.add(comp)
        out.append(comp)
        for instr in comp.instructions:
            if instr.opcode == "while":
                visit(instr.attrs["condition"])
                visit(instr.attrs["body"])
            elif instr.opcode in ("conditional", "call", "async-start"):
                for c in instr.called_computations:
                    visit(c)

    if module.entry is not None:
        visit(module.entry)
    return out


def is_row_reduce(instr: Instruction) -> bool:
    """A reduce whose input's most minor dimension is reduced (or that reduces everything)."""
    shape = instr.operands[0].shape
    if shape.is_tuple or shape.rank == 0:
        return True
    dims = set(instr.dimensions)
    return shape.minor_to_major[0] in dims or len(dims) == shape.rank


def _is_matrix_vector_dot(instr: Instruction) -> bool:
    return (instr.opcode == "dot" and instr.shape.is_array and instr.shape.rank <= 1
            and instr.shape.element_type.kind != "complex" and not instr.attrs.get("lhs_batch_dims"))


def _has_exactly_one_use(instr: Instruction) -> bool:
    return len(instr.users) == 1 and next(iter(instr.users)).operands.count(instr) == 1


def _is_max_reduce(instr: Instruction) -> bool:
    return instr.opcode == "reduce" and instr.to_apply.root_instruction.opcode == "maximum"


def _exp_shift_subtract(sub: Instruction, shift: Instruction, reduce: Instruction) -> bool:
    if sub.opcode != "subtract":
        return False

    def is_bcast_of(o, x):
        return o.opcode == "broadcast" and o.operands[0] is x

    a, b = sub.operands
    uses_shift = a is shift or b is shift or is_bcast_of(a, shift) or is_bcast_of(b, shift)
    uses_reduce = is_bcast_of(a, reduce) or is_bcast_of(b, reduce)
    return uses_shift and uses_reduce and any(u.opcode == "exponential" for u in sub.users)


def is_coupled_max_shift_producer(instr: Instruction) -> bool:
    """An elementwise value feeding both a row max and the `x - max` of a stable softmax."""
    if instr.opcode == "fusion" or not policy.is_elementwise(instr):
        return False
    red = next((u for u in instr.users if u.opcode == "reduce" and u.operands[0] is instr and _is_max_reduce(u)),
               None)
    return red is not None and any(_exp_shift_subtract(u, instr, red) for u in instr.users)


class _Reachability:
    """Which instruction reaches which (operands and control predecessors), as bitsets."""

    def __init__(self, post_order: list[Instruction]):
        self.index = {i: k for k, i in enumerate(post_order)}
        self.bits: dict[Instruction, int] = {}
        for k, i in enumerate(post_order):
            b = 1 << k
            for o in i.operands + i.control_predecessors:
                b |= self.bits.get(o, 0)
            self.bits[i] = b

    def reaches(self, a: Instruction, b: Instruction) -> bool:
        ka = self.index.get(a)
        return ka is not None and b in self.bits and bool(self.bits[b] >> ka & 1)


@register_pass
class InstructionFusion(Pass):
    name = "fusion"
    summary = "producer-consumer loop fusion into kLoop/kInput fusion instructions (XLA:CPU's cost model)"
    Options = FusionOptions

    def run(self, module: Module) -> bool:
        self.effects = SideEffects()
        self.namer = Namer(module)
        self.emitted = EmittedCounts()
        changed = False
        for comp in fusion_computations(module):
            # The global analysis sees the graph as it was when a round started: a producer kept
            # unfused because it had several users may have one user (a fusion) at the end.
            # Rounds run until nothing fuses, so running the pass again changes nothing.
            for _ in range(MAX_ROUNDS):
                if not self._run_on(comp):
                    break
                changed = True
        self.namer.finish()
        return changed

    # ----------------------------------------------------------------------------- legality
    def _fusible(self, instr: Instruction) -> bool:
        if not policy.is_fusible(instr, self.effects) or has_control_deps(instr):
            return False
        return instr.shape.is_static  # (every leaf of a tuple)

    def _can_be_output_fused(self, producer: Instruction, consumer: Instruction) -> bool:
        mode = self.options.output_fusion
        if mode == "none" or producer.opcode != "dot" or not _has_exactly_one_use(producer):
            return False
        if mode == "add":
            return consumer.opcode == "add" and _is_matrix_vector_dot(producer)
        # epilogue: the dot's result is read once per output element, at the output's index.
        if consumer.opcode == "fusion":
            if consumer.attrs.get("kind") != "kLoop" or policy.is_multi_output(consumer):
                return False
            param = fused_computation(consumer).parameter(consumer.operands.index(producer))
            return _elementwise_to_root(param, producer.shape)
        return (policy.is_elementwise(consumer) and consumer.opcode != "constant"
                and consumer.shape.dims == producer.shape.dims)

    def _output_fused_into_some_operand(self, instr: Instruction) -> bool:
        return any(self._can_be_output_fused(o, instr) for o in instr.operands)

    def _is_loop_fusion(self, instr: Instruction) -> bool:
        return instr.opcode == "fusion" and instr.attrs.get("kind") in ("kLoop", "kInput")

    def _is_output_fusion(self, instr: Instruction) -> bool:
        return instr.opcode == "fusion" and instr.attrs.get("kind") == "kOutput"

    def _reuses(self, consumer: Instruction, k: int) -> bool:
        return policy.reuses_operand_elements(consumer, k)

    def should_fuse(self, consumer: Instruction, k: int) -> str | None:
        """None if operand k of `consumer` should be fused into it, else why not."""
        producer = consumer.operands[k]
        o = self.options
        if producer.opcode == "constant" and not policy.is_effective_scalar(producer.shape):
            return "non-scalar constants stay in memory"
        if self._can_be_output_fused(producer, consumer):
            return None
        # XLA:CPU's add(dot) fusion takes nothing else; an epilogue takes loop-fusible producers.
        if self._is_output_fusion(consumer) and o.output_fusion != "epilogue":
            return "output fusions take no producers"
        if o.output_fusion == "add" and self._output_fused_into_some_operand(producer):
            return "the producer can be output-fused into one of its operands"
        if not policy.can_be_loop_fused(producer):
            return "the producer is not loop-fusible"
        if producer.opcode == "reduce" and not is_row_reduce(producer):
            return "a column reduce stays a reduce kernel"
        for x in (producer, consumer):
            if x.opcode == "concatenate" and (len(x.operands) > o.max_concatenate_operands
                                              or _minor_dim_concatenate(x)):
                return "concatenate fusion is inefficient"
        if producer.opcode != "fusion" and policy.is_expensive(producer) and self._reuses(consumer, k):
            return "an expensive producer would be recomputed per reuse"
        # InstructionFusion::ShouldFuse
        if producer is producer.computation.root:
            return "the producer is the root"
        would_duplicate = not (len(producer.users) == 1 and consumer in producer.users)
        if (would_duplicate and (not o.may_duplicate or policy.is_expensive(producer))
                and not policy.is_always_duplicable(producer)):
            return "an expensive producer would be duplicated"
        if not o.fuse_into_dus and _updates_in_place(consumer):
            return "a dynamic-update-slice stays in place"
        if consumer.opcode == "fusion" and producer.opcode == "reduce":
            n = sum(1 for i in fused_computation(consumer).instructions if i.opcode == "reduce")
            if n >= o.max_reductions:
                return "too many reduces in one fusion"
        if producer.opcode == "constant" and consumer.opcode != "fusion":
            return "a constant alone does not make a fusion"
        if producer.opcode == "fusion":
            return "the producer is a fusion"
        if (o.may_duplicate and consumer.opcode == "fusion"
                and code_duplication_too_high(consumer, producer, self.emitted)):
            return "code duplication too high"
        if self._is_loop_fusion(consumer) or self._is_output_fusion(consumer):
            return None
        if policy.can_be_loop_fused(consumer):
            return None
        return "the consumer is not fusible"

    # ----------------------------------------------------------------------------- global analysis
    def _globally_unfusible(self, post_order: list[Instruction], reach: _Reachability) -> set[Instruction]:
        """Producers that must not be duplicated: reading their (several, large) operands once per
        consumer would cost more than reading their result, unless every path can fuse them."""
        do_not_duplicate: set[Instruction] = set()
        cache: dict[tuple[Instruction, Instruction], bool] = {}

        def on_all_paths(producer: Instruction, consumer: Instruction) -> bool:
            if consumer is producer:
                return True
            if not self._fusible(consumer) and consumer.opcode != "fusion":
                return False
            key = (producer, consumer)
            if key in cache:
                return cache[key]
            result = True
            for k, op in enumerate(consumer.operands):
                if not reach.reaches(producer, op):
                    continue
                if op in do_not_duplicate or self.should_fuse(consumer, k) is not None \
                        or not on_all_paths(producer, op):
                    result = False
                    break
            cache[key] = result
            return result

        for producer in reversed(post_order):
            if is_coupled_max_shift_producer(producer):
                do_not_duplicate.add(producer)
                continue
            if policy.effectively_at_most_unary(producer):
                continue
            operands = sum(policy.total_elements(o.shape) for o in dict.fromkeys(producer.operands))
            if operands <= policy.total_elements(producer.shape):
                continue
            if self._fusible(producer) and all(on_all_paths(producer, u) for u in producer.users):
                continue
            do_not_duplicate.add(producer)
        return do_not_duplicate

    # ----------------------------------------------------------------------------- the driver
    def _run_on(self, comp: Computation) -> bool:
        post = comp.post_order()
        reach = _Reachability(post)
        do_not_duplicate = self._globally_unfusible(post, reach) if self.options.may_duplicate else set()
        queue: list[Instruction | None] = list(post)
        position = {i: k for k, i in enumerate(queue)}
        changed = False
        while queue:
            consumer = queue.pop()
            if consumer is None:
                continue
            position.pop(consumer, None)
            if consumer.parent is not comp:
                continue
            if not self._fusible(consumer) and consumer.opcode != "fusion":
                continue
            ks = [k for k, o in enumerate(consumer.operands) if o in position]
            ks.sort(key=lambda k: -position[consumer.operands[k]])
            for k in ks:
                producer = consumer.operands[k]
                if not self._fusible(producer) or producer in do_not_duplicate:
                    continue
                if self.should_fuse(consumer, k) is not None:
                    continue
                fusion = self._fuse(producer, consumer)
                changed = True
                if producer.parent is None:  # fused away
                    queue[position.pop(producer)] = None
                    do_not_duplicate.discard(producer)
                position[fusion] = len(queue)
                queue.append(fusion)
                if fusion is not consumer:
                    do_not_duplicate.discard(consumer)
                break
        return changed

    def _fuse(self, producer: Instruction, consumer: Instruction) -> Instruction:
        if consumer.opcode == "fusion":
            fusion = consumer
        else:
            kind = "kOutput" if self._can_be_output_fused(producer, consumer) else "kLoop"
            fusion = create_fusion(self.namer, consumer, kind, f"{producer.opcode}_{consumer.opcode}_fusion")
        if fusion is consumer:
            k = fusion.operands.index(producer)
            clone = fuse_producer(self.namer, fusion, producer)
            self.emitted.fused(fused_computation(fusion), clone, k)
        else:
            fuse_producer(self.namer, fusion, producer)
        return fusion


def _elementwise_to_root(instr: Instruction, shape) -> bool:
    """Every path from `instr` to its computation's root goes through elementwise ops of `shape`'s
    dimensions (so it is read exactly at the output index)."""
    root = instr.computation.root
    stack, seen = [instr], set()
    while stack:
        i = stack.pop()
        if i in seen:
            continue
        seen.add(i)
        if i is not instr and (not policy.is_elementwise(i) or i.shape.dims != shape.dims):
            return False
        if i is root:
            continue
        if not i.users:
            return False
        stack.extend(i.users)
    return True


def _minor_dim_concatenate(instr: Instruction) -> bool:
    """A concatenate along the most minor dimension (>= 128 long): branches in the innermost loop."""
    shape = instr.shape
    if shape.rank <= 1:
        return False
    d = instr.dimensions[0]
    return d == shape.minor_to_major[0] and shape.dims[d] >= 128


def _updates_in_place(instr: Instruction) -> bool:
    if instr.opcode == "dynamic-update-slice":
        return True
    return instr.opcode == "fusion" and any(o.opcode == "dynamic-update-slice" for o in fusion_outputs(instr))
