"""Collectives: calls into the runtime for a module of several devices; single-device semantics
otherwise; the asynchronous wrappers.

A module whose header has replica_count x num_partitions > 1 runs as one participant of that many
(hloc run --devices, mpirun): every collective and replica-id / partition-id becomes a call of

    void hloc_collective(const char *op, void *const *operands, void *const *results);

with `op` a JSON description of the instruction (ir/devices.describe: its device groups resolved
for the header's devices, its reducer, its buffers) and the array leaves' buffers. In front of the
text (ending at `op`) lies a binary form of it, for hloc's native runtime (library/rendezvous.py). The object
leaves the symbol undefined: the runtime that loads it supplies it (threads of one process, or
MPI ranks: hloc/runtime/collectives.py), a C program links its own (the header says how).

A module for one device needs no runtime. With one participant:
  * all-reduce, all-gather, reduce-scatter, all-to-all, collective-broadcast return their operands;
  * collective-permute returns its operand when device 0 sends to itself, zeros when nobody sends
    to it;
  * replica-id and partition-id are 0;
  * ragged-all-to-all copies its one block of rows into (a copy of) the output operand.
Replica groups putting device 0 with other devices in a one-device module are a CodegenError.

Asynchronous pairs are lowered while the entry computation is flattened (emitter.flatten_entry
calls `lower_async`):
  copy-start(x) -> (copy(x), x, context);  copy-done(s) -> s{0}
  all-reduce-start / all-gather-start / collective-permute-start(ops) -> r = the same opcode with
    the plain result's shape (a kernel: the collective's start), or (ops, r, context...) when the
    start is tuple-shaped;
  their -done(s) -> gte(tuple(r, w), 0) with w = the -done opcode(r, ops) (a kernel: the
    collective's end, writing r's buffers, returning a token) -- r's users wait for w, and the
    operands live until it;
  async-start(ops), calls=C -> (ops, C(ops), context...);  async-update(s) -> s;  async-done(s) -> s{1}
Contexts are zero scalars. The wrapped computation of an async-start is inlined like a call (its
collective runs where the start is). `async_schedule` then puts each end as late as its users allow
(the compute in between runs while the collective is under way: MPI_Iallreduce / MPI_Iallgather
posted at the start, waited for at the end; the threads of one process meet at the end). One device:
the start computes the result, the end does nothing.
"""

from __future__ import annotations

import json

import llvmlite.ir as ir
import numpy as np

from ....errors import CodegenError, RunError
from ....ir.devices import describe, ints_in, module_replicas_partitions, replica_group_size
from ....ir.module import Instruction
from ....ir.types import Shape
from ..library import rendezvous
from ..llvmir.irutil import entry_alloca
from ..llvmir.irvalues import I8, I32, I64, PTR, VOID
from ..llvmir.loops import Index, for_range, index_loop, loop_nest
from ..lowerings import lowered
from . import kernel
from .indexing import copy_array, i64, widen

COLLECTIVE_SYMBOL = "hloc_collective"

SAME = ("all-reduce", "all-gather", "reduce-scatter", "all-to-all", "collective-broadcast")
# Forms rewritten into plain instructions while the entry is flattened (`lower_async`).
ASYNC_FORMS = frozenset({"copy-start", "copy-done", "all-reduce-start", "all-reduce-done", "all-gather-start",
                     "all-gather-done", "collective-permute-start", "collective-permute-done", "async-start",
                     "async-update", "async-done", "domain"})
COLLECTIVES = frozenset(SAME) | {"collective-permute", "all-reduce-start", "all-gather-start",
                                 "collective-permute-start", "ragged-all-to-all"}


def check_module_devices(module) -> None:
    """Replica groups and pairs must describe the header's devices (a multi-device module's
    collectives are resolved at compile time)."""
    replicas, partitions = module_replicas_partitions(module)
    if replicas * partitions <= 1:
        return
    for comp in module.computations:
        for instr in comp.instructions:
            if instr.opcode in COLLECTIVES:
                try:
                    describe(instr, [], [], replicas, partitions)
                except RunError as e:
                    raise CodegenError(e.message, e.loc) from None


def _devices(ctx) -> tuple[int, int]:
    module = getattr(ctx.emitter, "module", None)
    return module_replicas_partitions(module) if module is not None else (1, 1)


def _multi_device(ctx) -> bool:
    r, p = _devices(ctx)
    return r * p > 1


def emit_runtime_call(ctx, instr: Instruction, ins=None, outs=None, phase: str | None = None) -> None:
    """hloc_collective(description, operand buffers, result buffers): by default the instruction's
    operands and outputs; `phase` "start" / "done" for an asynchronous collective's two calls."""
    b, m = ctx.b, ctx.module
    replicas, partitions = _devices(ctx)
    ins = [a for arrs in ctx.operands for a in arrs] if ins is None else ins
    outs = ctx.outputs if outs is None else outs
    try:
        desc = describe(instr, [a.shape for a in ins], [o.shape for o in outs], replicas, partitions)
    except RunError as e:
        raise CodegenError(e.message, e.loc) from None
    if phase is not None:
        desc["phase"] = phase
    text = bytearray(json.dumps(desc, separators=(",", ":")).encode() + b"\0")
    words = rendezvous.encode(desc)
    # The binary descriptor right in front of the JSON text (what hloc's native runtime reads).
    binary_ty, text_ty = ir.ArrayType(I64, len(words)), ir.ArrayType(I8, len(text))
    ty = ir.LiteralStructType([binary_ty, text_ty], packed=True)
    g = ir.GlobalVariable(m, ty, name=m.get_unique_name("collective.op"))
    g.global_constant = True
    g.linkage = "private"
    g.align = 8
    g.initializer = ir.Constant(ty, [ir.Constant(binary_ty, [_word(w) for w in words]), ir.Constant(text_ty, text)])
    op_text = b.gep(g, [i64(0), ir.Constant(I32, 1)], source_etype=ty)
    fn = m.globals.get(COLLECTIVE_SYMBOL)
    if fn is None:
        fn = ir.Function(m, ir.FunctionType(VOID, [PTR, PTR, PTR]), COLLECTIVE_SYMBOL)

    def pointers(arrays, name):
        cells = entry_alloca(b, PTR, count=max(1, len(arrays)), name=name)
        for k, a in enumerate(arrays):
            b.store(a.ptr, b.gep(cells, [i64(k)], source_etype=PTR))
        return cells

    b.call(fn, [op_text, pointers(ins, "operands"), pointers(outs, "results")])


def _word(w: int) -> ir.Constant:
    return ir.Constant(I64, w - (1 << 64) if w >= 1 << 63 else w)


def check_single_device(instr: Instruction) -> None:
    size = replica_group_size(instr)
    if size > 1:
        raise CodegenError(f"'{instr.opcode}' with replica groups {str(instr.attrs['replica_groups']).strip()} "
                           f"needs {size} devices; the native backend runs one", instr.loc)


def _leaves(shape: Shape) -> list[Shape]:
    return [s for s in shape.leaves() if s.is_array]


@kernel.check(*SAME)
def check_same(instr: Instruction) -> None:
    """(Multi-device modules: the emitter's module tells, so the kernel checks again; see _one_device.)"""


def _one_device(instr: Instruction) -> None:
    check_single_device(instr)
    ins = [s for o in instr.operands for s in _leaves(o.shape)]
    outs = _leaves(instr.shape)
    if len(ins) != len(outs) or any(a.dims != b.dims or a.etype != b.etype for a, b in zip(ins, outs)):
        raise CodegenError(f"'{instr.opcode}' from {[str(s) for s in ins]} to {instr.shape} needs more than one "
                           "device; the native backend runs one", instr.loc)


@kernel(*SAME)
def emit_same(ctx, instr: Instruction) -> None:
    if _multi_device(ctx):
        emit_runtime_call(ctx, instr)
        return
    _one_device(instr)
    ins = [a for arrs in ctx.operands for a in arrs]
    for out, src in zip(ctx.outputs, ins):
        copy_array(ctx.b, out, src)


def _permute_sources(instr: Instruction) -> list[int]:
    pairs = ints_in(str(instr.attrs.get("source_target_pairs", "")))
    return [s for s, t in zip(pairs[0::2], pairs[1::2]) if t == 0]


@kernel.check("collective-permute")
def check_permute(instr: Instruction) -> None:
    if len(instr.operands) != 1:
        raise CodegenError("collective-permute with several operands (in-place form) is not supported", instr.loc)


def _one_device_permute(instr: Instruction) -> None:
    check_single_device(instr)
    sources = _permute_sources(instr)
    if sources and 0 not in sources:
        raise CodegenError(f"collective-permute receives from device {sources[0]}; the native backend runs one",
                           instr.loc)
    _one_device(instr)


@kernel("collective-permute")
def emit_permute(ctx, instr: Instruction) -> None:
    if _multi_device(ctx):
        emit_runtime_call(ctx, instr)
        return
    _one_device_permute(instr)
    if 0 in _permute_sources(instr):
        for out, src in zip(ctx.outputs, [a for arrs in ctx.operands for a in arrs]):
            copy_array(ctx.b, out, src)
        return
    b = ctx.b
    for out in ctx.outputs:
        zero = np.zeros((), out.shape.dtype)
        from ..elemental import scalar_constant

        with index_loop(b, out.shape, False, "z") as index:
            out.store(b, index, scalar_constant(out.etype, zero))


ASYNC_STARTS = ("all-reduce-start", "all-gather-start", "collective-permute-start")
ASYNC_DONES = ("all-reduce-done", "all-gather-done", "collective-permute-done")


@kernel.check("collective-permute-start")
def check_permute_start(instr: Instruction) -> None:
    check_permute(instr)


@kernel(*ASYNC_STARTS)
def emit_async_start(ctx, instr: Instruction) -> None:
    """The start of an asynchronous collective (its shape: the plain result's)."""
    if _multi_device(ctx):
        emit_runtime_call(ctx, instr, phase="start")
    elif instr.opcode == "collective-permute-start":
        emit_permute(ctx, instr)
    else:
        emit_same(ctx, instr)


@kernel(*ASYNC_DONES)
def emit_async_done(ctx, instr: Instruction) -> None:
    """The end: operands (the start's result, the start's operands); writes the start's result."""
    if not _multi_device(ctx):
        return
    start = instr.attrs["start"]
    results = ctx.operands[0]
    ins = [a for arrs in ctx.operands[1:] for a in arrs]
    emit_runtime_call(ctx, start, ins=ins, outs=results, phase="done")


def async_schedule(schedule: list[Instruction]) -> list[Instruction]:
    """`schedule` with each asynchronous collective's end (its -done kernel, and the tuple and
    get-tuple-element after it) as late as its users allow: what runs in between overlaps it."""
    dones = [k for k, i in enumerate(schedule) if i.opcode in ASYNC_DONES and "start" in i.attrs]
    if not dones:
        return schedule
    order = list(schedule)
    for instr in [schedule[k] for k in reversed(dones)]:
        k = order.index(instr)
        block = order[k:k + 3]  # (done, tuple, get-tuple-element: emitted together)
        rest = order[:k] + order[k + 3:]
        users = {id(u) for i in block for u in i.users}
        at = next((j for j in range(k, len(rest)) if id(rest[j]) in users), len(rest))
        order = rest[:at] + block + rest[at:]
    return order


def keeps_order(schedule: list[Instruction]) -> bool:
    """Whether the schedule has asynchronous collectives (its order is then kept as it is)."""
    return any(i.opcode in ASYNC_DONES and "start" in i.attrs for i in schedule)


@kernel("replica-id", "partition-id")
def emit_device_id(ctx, instr: Instruction) -> None:
    from ..elemental import scalar_constant

    if _multi_device(ctx):
        emit_runtime_call(ctx, instr)
        return
    out = ctx.outputs[0]
    out.store(ctx.b, Index(out.shape, [], None), scalar_constant(out.etype, 0))


# ------------------------------------------------------------------------------------------------
# lowering the asynchronous forms while flattening


def _zero_constant(emit, shape: Shape) -> Instruction:
    c = emit("constant", shape, [])
    c.literal = np.zeros(shape.dims, shape.dtype)
    return c


def _tuple(emit, parts: list[Instruction]) -> Instruction:
    return emit("tuple", Shape.tuple([p.shape for p in parts]), parts)


def _start_value(emit, instr: Instruction, ops: list[Instruction], result: Instruction) -> Instruction:
    """(operands, result, context...) for a tuple-shaped -start."""
    shapes = instr.shape.tuple_shapes
    operands = ops[0] if len(ops) == 1 and not shapes[0].is_tuple else _tuple(emit, ops)
    return _tuple(emit, [operands, result] + [_zero_constant(emit, s) for s in shapes[2:]])


def _pair_form(instr: Instruction, ops: list[Instruction]) -> bool:
    """Whether a -start's shape is (operands, result, context...) rather than the plain result."""
    s = instr.shape
    if not s.is_tuple or len(s.tuple_shapes) < 2:
        return False
    first = s.tuple_shapes[0]
    want = ops[0].shape if len(ops) == 1 else Shape.tuple([o.shape for o in ops])
    return first.compatible(want)


def _started(rewriter) -> dict[int, tuple[Instruction, list[Instruction]]]:
    """The flattening's start kernels (by id) -> (it, its operands), from its lowering to its -done's."""
    if not hasattr(rewriter, "async_starts"):
        rewriter.async_starts = {}
    return rewriter.async_starts


def _start_of(value: Instruction) -> Instruction:
    """The start kernel behind a -done's operand (itself, or element 1 of the start's tuple)."""
    if value.opcode == "get-tuple-element" and value.operands[0].opcode == "tuple":
        return value.operands[0].operands[int(value.attrs.get("index", 1))]
    return value


@lowered(*ASYNC_FORMS)
def lower_async(instr: Instruction, ops: list[Instruction], emit, rewriter, depth: int) -> Instruction:
    """The instruction (in the flat computation) an asynchronous form stands for.

    emit(opcode, shape, operands, **attrs) adds an instruction to the flat schedule;
    rewriter.inline(comp, args, depth) inlines a computation and returns its root's value."""
    op = instr.opcode
    attrs = dict(instr.attrs)
    if op == "copy-start":
        if not instr.shape.is_tuple or len(instr.shape.tuple_shapes) < 2:
            raise CodegenError("copy-start must return (destination, source, context)", instr.loc)
        dest = emit("copy", instr.shape.tuple_shapes[0], [ops[0]])
        rest = [_zero_constant(emit, s) for s in instr.shape.tuple_shapes[2:]]
        return _tuple(emit, [dest, ops[0]] + rest)
    if op in ("copy-done",):
        return emit("get-tuple-element", instr.shape, [ops[0]], index=0)
    if op in ("async-update", "domain"):
        return ops[0]
    if op in ASYNC_STARTS:
        pair = op != "all-reduce-start" and _pair_form(instr, ops)
        result = emit(op, instr.shape.tuple_shapes[1] if pair else instr.shape, ops, **attrs)
        _started(rewriter)[id(result)] = (result, ops)
        return _start_value(emit, instr, ops, result) if pair else result
    if op in ASYNC_DONES:
        value = ops[0]
        start = value.shape
        if op != "all-reduce-done" and start.is_tuple and len(start.tuple_shapes) >= 2 \
                and start.tuple_shapes[1].compatible(instr.shape) and not start.compatible(instr.shape):
            value = emit("get-tuple-element", instr.shape, [value], index=1)
        started = _started(rewriter).pop(id(_start_of(value)), None)
        if started is None:  # (a start this flattening did not make: nothing to wait for)
            return value
        result, start_ops = started
        token = emit(op, Shape.scalar("s32"), [value, *start_ops], start=result)
        both = _tuple(emit, [value, token])
        return emit("get-tuple-element", value.shape, [both], index=0)
    if op == "async-start":
        comp = instr.attrs.get("calls")
        if comp is None or not instr.shape.is_tuple or len(instr.shape.tuple_shapes) < 2:
            raise CodegenError("async-start must call a computation and return (operands, result, ...)", instr.loc)
        result = rewriter.inline(comp, ops, depth + 1)
        return _start_value(emit, instr, ops, result)
    if op == "async-done":
        return emit("get-tuple-element", instr.shape, [ops[0]], index=1)
    raise AssertionError(op)


# ------------------------------------------------------------------------------------------------
# ragged-all-to-all on one device: rows [input_offsets[0], +send_sizes[0]) of the input land at
# output_offsets[0] of (a copy of) the output operand. A block that does not fit in either array
# is not copied (no access outside the buffers; the op's behaviour is undefined there).


@kernel.check("ragged-all-to-all")
def check_ragged_all_to_all(instr: Instruction) -> None:
    if len(instr.operands) != 6:
        raise CodegenError("ragged-all-to-all takes input, output and four offset/size arrays", instr.loc)
    data, output = instr.operands[0].shape, instr.operands[1].shape
    if data.rank < 1 or data.dims[1:] != output.dims[1:] or data.etype != output.etype or \
            instr.shape.dims != output.dims or instr.shape.etype != output.etype:
        raise CodegenError("ragged-all-to-all: input, output and result shapes disagree", instr.loc)
    for o in instr.operands[2:]:
        if o.shape.rank != 1 or o.shape.dims[0] < 1 or o.shape.etype not in ("s32", "s64"):
            raise CodegenError("ragged-all-to-all: offsets and sizes must be non-empty s32/s64 vectors", instr.loc)


@kernel("ragged-all-to-all")
def emit_ragged_all_to_all(ctx, instr: Instruction) -> None:
    if _multi_device(ctx):
        emit_runtime_call(ctx, instr)
        return
    check_single_device(instr)
    b = ctx.b
    data, output, in_off, send, out_off = (ops[0] for ops in ctx.operands[:5])
    out = ctx.outputs[0]
    copy_array(b, out, output)
    if data.shape.num_elements == 0:
        return

    def first(arr):
        return widen(b, arr.load(b, Index(arr.shape, [i64(0)], None)), arr.etype)

    start, size, dst = first(in_off), first(send), first(out_off)
    n_in, n_out = data.shape.dims[0], out.shape.dims[0]
    ok = b.and_(b.icmp_signed(">=", start, i64(0)), b.icmp_signed(">=", size, i64(0)))
    ok = b.and_(ok, b.icmp_signed(">=", dst, i64(0)))
    ok = b.and_(ok, b.icmp_signed("<=", size, i64(n_in)))
    ok = b.and_(ok, b.icmp_signed("<=", start, b.sub(i64(n_in), size)))
    ok = b.and_(ok, b.icmp_signed("<=", dst, b.sub(i64(n_out), size)))
    rest = list(range(1, data.shape.rank))
    with b.if_then(ok), for_range(b, size, "row") as r, loop_nest(b, data.shape, "c", rest) as multi:
        src = list(multi)
        src[0] = b.add(start, r)
        tgt = list(multi)
        tgt[0] = b.add(dst, r)
        out.store(b, Index(out.shape, tgt, None), data.load(b, Index(data.shape, src, None)))
