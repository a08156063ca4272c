"""The loop kernel: one loop (nest) over the output, each element computed elementally.

Used for every elementwise and data-movement instruction, and for fusions: the fused computation's
roots are computed from the fusion operands' buffers with no intermediate buffers. Roots of the
same shape share one loop (multi-output fusion); reduce roots go to the reduce kernel with their
inputs still computed elementally (kInput fusion); sibling reduces over the same input space
share one walk, which also stores the elementwise roots of that input's shape.
"""

from __future__ import annotations

from ....errors import CodegenError
from ....ir.module import Instruction
from ....ir.opcodes import ELEMENTWISE
from ....ir.types import Shape
from ..elemental import Elemental, IrArray, check_instruction
from ..loops import index_loop
from . import kernel
from .reduce import emit_reduce, emit_reduces, reduce_loop_key

# Ops whose element i depends only on element i of same-shaped operands (or on scalars).
_LINEAR_SAFE = ELEMENTWISE | {"parameter", "copy", "opt-barrier"}


def can_loop_flat(instr: Instruction, shape: Shape, seen=None) -> bool:
    """Whether computing `instr` at a flat physical offset of `shape` needs no multi-index: an
    elementwise tree over operands of the same dims and layout, scalars and scalar broadcasts."""
    seen = set() if seen is None else seen
    if instr in seen:
        return True
    seen.add(instr)
    op = instr.opcode
    if instr.shape.rank == 0 and op in ("constant", "parameter"):
        return True
    if op == "broadcast" and instr.operands[0].shape.rank == 0:
        return can_loop_flat(instr.operands[0], instr.operands[0].shape, seen)
    if op == "constant":
        return False
    if op not in _LINEAR_SAFE:
        return False
    s = instr.shape
    if s.dims != shape.dims or (s.rank > 1 and s.minor_to_major != shape.minor_to_major):
        return False
    return all(o.shape.rank == 0 and o.opcode in ("constant", "parameter", "broadcast") or
               can_loop_flat(o, shape, seen) for o in instr.operands)


def emit_loop(em: Elemental, roots: list[Instruction], outs: list[IrArray], flat_ok: bool) -> None:
    """One loop over the (common) shape of `roots`, storing each root's element into its output."""
    shape = outs[0].shape
    flat = flat_ok and shape.rank > 1
    with em.scope(), index_loop(em.b, shape, flat) as index:
        for root, out in zip(roots, outs):
            out.store(em.b, index, em.value(root, index.for_shape(em.b, root.shape)))


def emit_elemental_instr(ctx, instr: Instruction) -> None:
    sources = {op: ctx.operand_source(k, op.shape) for k, op in enumerate(instr.operands)}
    em = ctx.elemental(sources)
    if instr.opcode == "reduce":
        emit_reduce(em, instr, ctx.outputs)
        return
    if instr.shape.is_tuple:
        raise CodegenError(f"'{instr.opcode}' with a tuple result needs a kernel", instr.loc)
    flat_ok = all(o.shape.rank == 0 or (o.shape.dims == instr.shape.dims and o.shape.minor_to_major ==
                                        instr.shape.minor_to_major) for o in instr.operands) \
        and instr.opcode in ELEMENTWISE
    emit_loop(em, [instr], ctx.outputs, flat_ok)


@kernel.check("fusion")
def check_fusion(instr: Instruction) -> None:
    if instr.attrs.get("kind") not in ("kLoop", "kInput"):
        raise CodegenError(f"fusion kind {instr.attrs.get('kind')} is not supported by the native backend", instr.loc)
    check_instruction(instr.attrs["calls"].root)
    for sub in instr.attrs["calls"].instructions:
        check_instruction(sub)


@kernel("fusion")
def emit_fusion(ctx, instr: Instruction) -> None:
    comp = instr.attrs["calls"]
    sources = {comp.parameter(k): ctx.operand_source(k, op.shape) for k, op in enumerate(instr.operands)}
    em = ctx.elemental(sources)
    root = comp.root
    roots = list(root.operands) if root.opcode == "tuple" else [root]
    # Split the output leaves among the roots (a variadic reduce root owns several). Reduces that
    # walk the same input space share one loop nest, and elementwise roots of that input's shape
    # that do not depend on a reduce are stored during the walk; the other roots share one loop
    # per output shape.
    outs = list(ctx.outputs)
    reduce_groups: dict = {}
    loop_groups: dict = {}
    pos = 0
    for r in roots:
        n = len(r.shape.leaves())
        mine = outs[pos:pos + n]
        pos += n
        if r.opcode == "reduce":
            reduce_groups.setdefault(reduce_loop_key(r), ([], []))
            reduce_groups[reduce_loop_key(r)][0].append(r)
            reduce_groups[reduce_loop_key(r)][1].append(mine)
            continue
        if r.shape.is_tuple:
            raise CodegenError("a tuple-shaped fusion root other than a reduce is not supported", instr.loc)
        key = (r.shape.dims, r.shape.minor_to_major)
        loop_groups.setdefault(key, ([], []))
        loop_groups[key][0].append(r)
        loop_groups[key][1].append(mine[0])
    for (dims, layout, _), (reduces, routs) in reduce_groups.items():
        side = []
        group = loop_groups.get((dims, layout))
        if group is not None and not any(_reaches_reduce(r) for r in group[0]):
            side = list(zip(*loop_groups.pop((dims, layout))))
        emit_reduces(em, reduces, routs, side)
    for group_roots, group_outs in loop_groups.values():
        flat_ok = all(can_loop_flat(r, o.shape) for r, o in zip(group_roots, group_outs))
        emit_loop(em, group_roots, group_outs, flat_ok)


def _reaches_reduce(instr: Instruction) -> bool:
    """Whether `instr` is computed from a reduce inside its fused computation."""
    seen, stack = set(), [instr]
    while stack:
        i = stack.pop()
        if i in seen:
            continue
        seen.add(i)
        if i.opcode == "reduce":
            return True
        stack.extend(i.operands)
    return False
