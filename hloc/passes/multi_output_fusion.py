"""multi-output-fusion: kernels that read the same data share one walk over it.

Runs after `fusion`. Two rewrites, both producing fusions whose root is a tuple:

  * producer-consumer: a loop fusion (or loop-fusible op) P whose value other instructions also
    read is merged into a consumer C that reads it exactly at C's own iteration index, and
    becomes one of C's outputs: P's value is computed once, stored, and used in registers by C
    instead of being re-read from memory (softmax: exp(x - max) stored while its row sum is taken);
  * siblings: two kernels that share an operand and iterate the same space merge into one
    (XLA's MultiOutputFusion with XLA:CPU's shape rule): the shared operand is read once. Pairs
    are merged greedily by profit (bytes of shared operands, XLA's GetProfit).

"The same space" is the native backend's notion of a kernel's loop (`loop_key`): loop fusions
iterate their output shape; reduce fusions walk their input and reduce over the same dimensions;
an elementwise value of a walk's input shape is stored during the walk. Merges never create a
cycle (neither instruction may reach the other, other readers of a merged producer may not feed
the consumer), never duplicate work, and stay within XLA:CPU's limits (20 operands, 5 reduces).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir.module import Computation, Instruction, Module
from .base import Pass, option, register_pass
from .fusion import MAX_ROUNDS, fusion_computations, policy
from .fusion.surgery import (
    Namer,
    create_fusion,
    fuse_producer,
    fused_computation,
    fusion_outputs,
    is_multi_output,
    merge_producer,
    merge_siblings,
)
from .rewrite import SideEffects, has_control_deps


@dataclass(frozen=True)
class MultiOutputFusionOptions:
    siblings: bool = option(True, "merge kernels that share an operand and iterate the same space")
    producer_consumer: bool = option(True, "compute a shared producer inside a consumer that reads it "
                                           "elementwise, as an extra output")
    max_operands: int = option(20, "merged fusions take fewer operands than this", min=2)
    max_reductions: int = option(5, "the most reduces one fusion may contain", min=1)


def _row_major_bitcast(instr: Instruction) -> bool:
    """Reshapes/bitcasts the backend implements as a renaming of the same bytes."""
    if instr.opcode == "bitcast":
        return True
    if instr.opcode != "reshape":
        return False
    src, dst = instr.operands[0].shape, instr.shape

    def row_major(s) -> bool:
        order = [d for d in s.minor_to_major if s.dims[d] != 1]
        return order == sorted(order, reverse=True)

    return row_major(src) and row_major(dst)


def loop_key(instr: Instruction) -> tuple | None:
    """The iteration space of the kernel `instr` becomes: ("loop", dims, layout) for loops over
    an output shape, ("walk", dims, layout, reduced dims) for reduces (plus elementwise outputs of
    the reduce input's shape); None if the kernel has no single such space."""
    outs = fusion_outputs(instr) if instr.opcode == "fusion" else [instr]
    reduces = [o for o in outs if o.opcode == "reduce"]
    if reduces:
        keys = set()
        for r in reduces:
            s = r.operands[0].shape
            keys.add((s.dims, s.minor_to_major, tuple(sorted(r.dimensions))))
        if len(keys) != 1:
            return None
        dims, layout, rdims = keys.pop()
        if any((o.shape.dims, o.shape.minor_to_major) != (dims, layout) for o in outs if o.opcode != "reduce"):
            return None
        return ("walk", dims, layout, rdims)
    shapes = {(o.shape.dims, o.shape.minor_to_major) for o in outs}
    if len(shapes) != 1 or any(o.shape.is_tuple for o in outs):
        return None
    dims, layout = shapes.pop()
    return ("loop", dims, layout)


def merged_key(a: tuple | None, b: tuple | None) -> tuple | None:
    """The iteration space of a kernel computing both, if they are compatible."""
    if a is None or b is None:
        return None
    if a == b:
        return a
    if a[0] == "loop" and b[0] == "walk":
        a, b = b, a
    if a[0] == "walk" and b[0] == "loop" and a[1:3] == b[1:3]:
        return a
    return None


def _reduce_count(instr: Instruction) -> int:
    if instr.opcode == "fusion":
        return sum(1 for i in fused_computation(instr).instructions if i.opcode == "reduce")
    return int(instr.opcode == "reduce")


class _Reach:
    """Ancestor bitsets (operands and control predecessors), kept up to date across merges."""

    def __init__(self, comp: Computation):
        order = comp.post_order()
        self.index = {i: k for k, i in enumerate(order)}
        self.anc: dict[Instruction, int] = {}
        for i in order:
            b = 0
            for o in i.operands + i.control_predecessors:
                b |= self.anc[o] | (1 << self.index[o])
            self.anc[i] = b

    def reaches(self, a: Instruction, b: Instruction) -> bool:
        """`a` is an ancestor of `b`."""
        return bool(self.anc[b] >> self.index[a] & 1)

    def connected(self, a: Instruction, b: Instruction) -> bool:
        return self.reaches(a, b) or self.reaches(b, a)

    def replace(self, old: Instruction, new: Instruction) -> None:
        """`new` took `old`'s place (a fusion wrapping it)."""
        self.index[new] = self.index.pop(old)
        self.anc[new] = self.anc.pop(old)

    def merge(self, keep: Instruction, gone: Instruction) -> None:
        """`keep` now also computes what `gone` computed."""
        ki, gi = self.index[keep], self.index.pop(gone)
        both = self.anc[keep] | self.anc.pop(gone)
        both &= ~((1 << ki) | (1 << gi))
        self.anc[keep] = both
        kbit, gbit = 1 << ki, 1 << gi
        for x, bits in self.anc.items():
            if bits & (kbit | gbit):
                self.anc[x] = bits | both | kbit

    def add(self, instr: Instruction) -> None:
        """A new instruction (a get-tuple-element of a merged fusion)."""
        k = max(self.index.values(), default=-1) + 1
        self.index[instr] = k
        b = 0
        for o in instr.operands:
            b |= self.anc[o] | (1 << self.index[o])
        self.anc[instr] = b


@register_pass
class MultiOutputFusion(Pass):
    name = "multi-output-fusion"
    summary = "merge sibling kernels over the same data, and shared producers into their consumers"
    Options = MultiOutputFusionOptions

    def run(self, module: Module) -> bool:
        self.effects = SideEffects()
        self.namer = Namer(module)
        changed = False
        for comp in fusion_computations(module):
            for _ in range(MAX_ROUNDS):
                step = False
                if self.options.producer_consumer:
                    step |= self._producer_consumer(comp)
                if self.options.siblings:
                    step |= self._siblings(comp)
                if not step:
                    break
                changed = True
        self.namer.finish()
        return changed

    # ----------------------------------------------------------------------------- candidates
    def _candidate(self, instr: Instruction) -> bool:
        """A kernel that may take part in a multi-output fusion."""
        if has_control_deps(instr) or any(not leaf.is_static for leaf in instr.shape.leaves()):
            return False
        if instr.opcode == "fusion":
            if instr.attrs.get("kind") not in ("kLoop", "kInput"):
                return False
            if is_multi_output(instr) and any(u.opcode != "get-tuple-element" for u in instr.users):
                return False
            return not any(o.opcode == "dynamic-update-slice" for o in fusion_outputs(instr))
        if instr.opcode in ("constant", "parameter", "dynamic-update-slice") or _row_major_bitcast(instr):
            return False
        if instr.shape.is_tuple or not policy.is_fusible(instr, self.effects):
            return False
        return policy.can_be_loop_fused(instr)

    def _limits_ok(self, a: Instruction, b: Instruction) -> bool:
        operands = set(a.operands) | set(b.operands)
        operands.discard(a)
        operands.discard(b)
        return (len(operands) < self.options.max_operands
                and _reduce_count(a) + _reduce_count(b) <= self.options.max_reductions)

    def _as_fusion(self, instr: Instruction, reach: _Reach) -> Instruction:
        if instr.opcode == "fusion":
            return instr
        kind = "kInput" if instr.opcode == "reduce" else "kLoop"
        fusion = create_fusion(self.namer, instr, kind, f"{instr.opcode}_fusion")
        reach.replace(instr, fusion)
        # Scalar constants (a reduce's init) are computed inside, not passed in.
        for o in list(fusion.operands):
            if o.opcode == "constant" and policy.is_effective_scalar(o.shape) and not has_control_deps(o):
                fuse_producer(self.namer, fusion, o)
                if o.parent is None:
                    reach.index.pop(o, None)
                    reach.anc.pop(o, None)
        return fusion

    def _track_new(self, comp: Computation, reach: _Reach, before: set) -> None:
        for i in comp.instructions:
            if i not in before and i not in reach.index:
                reach.add(i)

    # ----------------------------------------------------------------------------- producer-consumer
    def _reads_at_iteration_index(self, consumer: Instruction, producer: Instruction, key: tuple) -> bool:
        """Whether `consumer` reads `producer` only at the index its own loop is at: through
        elementwise ops of the loop's shape into a loop root or a walked reduce's input."""
        shape_dims = key[1]
        if consumer.opcode != "fusion":
            if not (policy.is_elementwise(consumer) or consumer.opcode == "reduce"):
                return False
            ks = [k for k, o in enumerate(consumer.operands) if o is producer]
            if consumer.opcode == "reduce":
                return all(k < len(consumer.operands) // 2 for k in ks)
            return consumer.shape.dims == shape_dims
        fcomp = fused_computation(consumer)
        param = fcomp.parameter(consumer.operands.index(producer))
        stack, seen = [param], set()
        while stack:
            i = stack.pop()
            if i in seen:
                continue
            seen.add(i)
            for u in i.users:
                if u.opcode == "tuple" and u is fcomp.root:
                    continue
                if u.opcode == "reduce":
                    n = len(u.operands) // 2
                    if any(u.operands[k] is i for k in range(n, 2 * n)):
                        return False
                    continue
                if not policy.is_elementwise(u) or u.shape.dims != shape_dims:
                    return False
                stack.append(u)
        return True

    def _producer_consumer(self, comp: Computation) -> bool:
        reach = _Reach(comp)
        changed = False
        for producer in reversed(comp.post_order()):
            if producer.parent is not comp or len(producer.users) < 2 or not self._candidate(producer):
                continue
            if producer.opcode == "fusion" and is_multi_output(producer):
                continue
            if producer.opcode == "reduce" or (producer.opcode == "fusion" and
                                               any(o.opcode == "reduce" for o in fusion_outputs(producer))):
                continue  # a reduce's result is not an element of anyone's iteration space
            pkey = loop_key(producer)
            best = None
            for consumer in producer.users:
                if not self._candidate(consumer) or consumer.opcode == "get-tuple-element":
                    continue
                ckey = loop_key(consumer)
                if ckey is None or pkey is None or merged_key(ckey, pkey) != ckey:
                    continue
                if not self._reads_at_iteration_index(consumer, producer, ckey):
                    continue
                if any(u is not consumer and reach.reaches(u, consumer) for u in producer.users):
                    continue  # another reader feeds the consumer: it would wait for itself
                if comp.root is producer or not self._limits_ok(producer, consumer):
                    continue
                best = consumer
                break
            if best is None:
                continue
            before = set(comp.instructions)
            consumer = self._as_fusion(best, reach)
            producer = self._as_fusion(producer, reach)
            gone = producer
            merge_producer(self.namer, consumer, producer)
            reach.merge(consumer, gone)
            self._track_new(comp, reach, before)
            changed = True
        return changed

    # ----------------------------------------------------------------------------- siblings
    def _profit(self, a: Instruction, b: Instruction) -> int:
        shared = set(_profitable_operands(a)) & set(_profitable_operands(b))
        return sum(o.shape.byte_size for o in shared)

    def _siblings(self, comp: Computation) -> bool:
        reach = _Reach(comp)
        order = {i: k for k, i in enumerate(comp.post_order())}
        pairs: list[tuple[int, int, int, Instruction, Instruction]] = []
        seen_pairs = set()
        # Nothing changes while the pairs are listed: each kernel's facts are computed once, not
        # once per pair (an operand read by k kernels makes k^2/2 pairs).
        candidate: dict[Instruction, bool] = {}
        key: dict[Instruction, tuple | None] = {}
        for operand in order:
            if not _profitable_operand(operand):
                continue
            users = []
            for u in operand.users:
                ok = candidate.get(u)
                if ok is None:
                    ok = candidate[u] = self._candidate(u)
                    if ok:
                        key[u] = loop_key(u)
                if ok:
                    users.append(u)
            for i, a in enumerate(users):
                for b in users[i + 1:]:
                    if (a, b) in seen_pairs or (b, a) in seen_pairs:
                        continue
                    seen_pairs.add((a, b))
                    if merged_key(key[a], key[b]) is None or reach.connected(a, b):
                        continue
                    profit = self._profit(a, b)
                    if profit > 0:
                        x, y = (a, b) if order[a] <= order[b] else (b, a)
                        pairs.append((-profit, order[x], order[y], x, y))
        pairs.sort(key=lambda p: p[:3])
        changed = False
        alias: dict[Instruction, Instruction] = {}  # merged or wrapped instruction -> what stands for it

        def current(i: Instruction) -> Instruction:
            while i in alias:
                i = alias[i]
            return i

        for _, _, _, a, b in pairs:
            a, b = current(a), current(b)
            if a is b or a.parent is not comp or b.parent is not comp:
                continue
            if not (self._candidate(a) and self._candidate(b)):
                continue
            if merged_key(loop_key(a), loop_key(b)) is None or reach.connected(a, b):
                continue
            if not self._limits_ok(a, b):
                continue
            before = set(comp.instructions)
            fa = self._as_fusion(a, reach)
            fb = self._as_fusion(b, reach)
            merge_siblings(self.namer, fa, fb)
            for old, new in ((a, fa), (b, fa), (fb, fa)):
                if old is not new:
                    alias[old] = new
            reach.merge(fa, fb)
            self._track_new(comp, reach, before)
            changed = True
        return changed


def _profitable_operand(instr: Instruction) -> bool:
    """XLA's IsProfitableOperand: read from memory (not a scalar constant) by two or more users."""
    if instr.opcode == "constant" and policy.is_effective_scalar(instr.shape):
        return False
    return len(instr.users) >= 2


def _profitable_operands(instr: Instruction) -> list[Instruction]:
    return [o for o in instr.operands if _profitable_operand(o)]
