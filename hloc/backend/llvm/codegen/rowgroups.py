"""Consecutive row-local kernels run block of rows by block of rows, so the rows stay in cache.

A layer norm after fusion is three kernels over the same rows: the row sums, the row sums of
squares (which read the sums), and the output loop (which reads both). Run one after the other,
each streams the whole input from memory (or L3). Each only needs, for row r, its producers'
values at row r: so the three can run for rows [lo, lo + B), then for the next B rows, and so on,
with B rows of the input small enough to stay in cache from the first kernel to the last.

A group is a run of consecutive kernels in the schedule (instructions that emit no code may sit in
between) that the loop kernel emits (fusions, reduces, elementwise ops: kernels/loop.py), whose
loops (`Part`s) all have an outer loop of the same trip count R (the rows), and in which every
buffer a member writes is accessed only row-locally: by every member, at the row its loops are at,
with that row being the buffer's outermost dimension (so row r is the same bytes for every view of
the buffer). Then each row sees the members' accesses in schedule order, as unfused kernels would,
whatever the blocking. Buffers nobody in the group writes may be read anyhow (a broadcast row vector, a
reduce's init). A written buffer may not overlap any other buffer the group touches.

The group is one kernel: its outer row loop split over threads as any loop (parallel.py, in slices
of whole blocks), and inside a slice a loop over blocks of B rows calling each member's loops for
that block (B: BLOCK_BYTES of the group's row-local buffers). The members' loop code is the one
they would have on their own, with the rows as bounds of their outer loop, in `noinline` phase
functions (`<kernel>.p<k>(buffers..., lo, hi)`) called per block from an `optnone` block loop: PHASES
of them, each the loops of consecutive members one after the other (phase_runs). The phases are
compiled apart (split.compile_apart): a group being one big kernel (a softmax, a layer norm), its
loops can then be optimised and code-generated on two threads. A call per block and phase costs
nothing next to the block's loops (run times unchanged).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import llvmlite.ir as ir

from ....errors import CodegenError
from ....ir.module import Instruction, operand_tree
from ....ir.opcodes import ELEMENTWISE
from ..elemental import IrArray
from ..kernels.context import KernelContext
from ..kernels.loop import Part, emit_part_rows, kernel_parts, part_rows
from ..kernels.parallel import parallel_range
from ..library.gemm import vector_bits
from ..llvmir.hints import compile_apart, prefer_vector_width
from ..llvmir.irvalues import I64, PTR, VOID, const
from ..llvmir.loops import STREAM, for_range, nest_dims
from ..lowerings import is_kernel
from .buffers import NO_CODE, BufferAssignment, Slice, aliases_operand

# Bytes of row-local buffers one block of rows may span: about L1 (32 KiB here). Measured on
# layernorm_4096x1024 / softmax_1024x1024, 1 thread: 8K 1.44/0.52 ms, 32K 1.38/0.47, 128K
# 1.64/0.54, 256K 1.72/0.55 (ungrouped 2.68/0.84).
BLOCK_BYTES = 32 << 10
# Rows the phases are called in whole multiples of, when the rows and a block of more rows than this
# allow (a power of two, 16 f32 lanes of AVX-512 times an interleave of 4): see `unit_rows`.
ROW_UNIT = 64
# Per-element ops that leave an output loop bound by its loads and stores (`_light`). Such a loop
# phase that reads a buffer fresh (one the block's earlier phases did not touch: rows arriving from
# memory, a broadcast row vector) runs faster with 256-bit vectors than with AVX-512's 512 on Zen 5
# when its inputs sit 16 bytes into a cache line, as numpy's and malloc's big arrays do (each 512-bit
# load then spans two lines), and as fast when they are aligned. 1 thread, ms, layernorm_4096x1024's
# output phase (x, gamma, beta): aligned 1.14 either way, inputs 16 bytes in 1.49 -> 1.24. Phases
# whose rows are all in L1 already keep 512 (softmax_1024x1024's sum and output phases measured
# 0.23 -> 0.245 at 256), and so do divisions and transcendentals, which gain from the wider vectors.
_LIGHT_OPS = frozenset({"add", "subtract", "multiply", "negate", "select", "compare", "broadcast", "reshape",
                        "bitcast", "copy", "transpose", "slice", "constant", "parameter", "iota"})
# Row-local bytes below which a group is not formed: its buffers stay in L2 from one kernel to the
# next anyway.
MIN_GROUP_BYTES = 1 << 20
# Phase functions a group's loops make (more where `narrow` changes between consecutive loops): one per
# compiling thread of split.py's two parts. A function per loop was the same code, but each function
# has LLVM's fixed cost (~6 ms of a row phase's ~9, its passes' and code generator's, however small
# the loop): softmax_1024x1024's 4 phases in 2 functions ~4 ms less LLVM time, run time unchanged.
PHASES = 2


@dataclass
class Member:
    instr: Instruction
    params: list[Instruction]
    parts: list[Part]
    rows: int
    local: list[bool]  # per operand: read only at the member's row (its outermost dimension)
    work: int  # elements its loops touch


@dataclass
class Group:
    members: list[Member]
    slices: list[Slice] = field(default_factory=list)  # distinct buffers, in argument order
    written: list[bool] = field(default_factory=list)
    block_rows: int = 1
    row_bytes: int = 0  # bytes of the buffers accessed row-locally


def find_groups(schedule: list[Instruction], ba: BufferAssignment) -> dict[Instruction, Group]:
    """Groups of two or more members, by their first member's instruction."""
    groups: dict[Instruction, Group] = {}
    run: list[Member] = []

    def close():
        if len(run) >= 2:
            g = _finish(list(run), ba)
            if g.row_bytes >= MIN_GROUP_BYTES:
                groups[run[0].instr] = g
        run.clear()

    for instr in schedule:
        if instr.opcode in NO_CODE or aliases_operand(instr):
            continue
        m = _member(instr, ba)
        if m is None:
            close()
            continue
        if run and (m.rows != run[0].rows or not _shares_rows(run, m, ba) or not _valid(run + [m], ba)):
            close()
        run.append(m)
    close()
    return groups


def _shares_rows(run: list[Member], m: Member, ba: BufferAssignment) -> bool:
    """Whether `m` reads a buffer row-locally that the run writes or reads row-locally (what
    keeping the rows in cache is for)."""
    mine = {s.key for s, _, local in _accesses([m], ba) if local}
    return any(s.key in mine for s, _, local in _accesses(run, ba) if local)


def _member(instr: Instruction, ba: BufferAssignment) -> Member | None:
    op = instr.opcode
    if op != "fusion" and not (not is_kernel(op) and (op == "reduce" or op in ELEMENTWISE)):
        return None
    if instr in ba.in_place or instr in ba.scratch_slices:
        return None
    if op == "fusion" and instr.attrs.get("kind") not in ("kLoop", "kInput"):
        return None
    try:
        params, parts = kernel_parts(instr)
    except CodegenError:
        return None
    leaves = instr.shape.leaves()
    rows, work = None, 0
    roots: list[tuple[Instruction, int]] = []  # (root, the row dimension of its shape)
    for part in parts:
        pr = part_rows(part, leaves)
        if pr is None or (rows is not None and pr[0] != rows):
            return None
        rows, dim = pr
        if part.kind == "loop":
            roots += [(r, dim) for r in part.roots]
            work += leaves[part.outs[0]].num_elements
            continue
        first = part.roots[0]
        in_shape = first.operands[0].shape
        kept = [d for d in range(in_shape.rank) if d not in first.dimensions]
        if part.side and kept[dim] != _row_dim(in_shape):
            return None  # side outputs stored at a row that is not their outermost dimension
        roots += [(r, dim) for r in part.roots] + [(r, kept[dim]) for r, _ in part.side]
        work += in_shape.num_elements
    if rows is None or rows < 2:
        return None
    reads: dict[int, set] = {}
    _row_reads(instr, params, roots, reads)
    local = []
    for k, o in enumerate(instr.operands):
        dims = reads.get(k, set())
        local.append(not o.shape.is_tuple and all(d is not None and d == _row_dim(o.shape) and
                                                  o.shape.dims[d] == rows for d in dims))
    return Member(instr, params, parts, rows, local, work)


def _row_dim(shape) -> int | None:
    order = nest_dims(shape)
    return order[0] if order else None


def _row_reads(instr: Instruction, params: list[Instruction], roots, reads: dict[int, set]) -> None:
    """reads[k]: the dimensions of operand k that follow the member's row where it is read (None:
    read at positions that do not follow the row)."""
    fused = instr.opcode == "fusion"
    number = {p: k for k, p in enumerate(params)}
    seen: set = set()

    def visit(i: Instruction, d):
        if (i, d) in seen:
            return
        seen.add((i, d))
        if fused and i.opcode == "parameter":
            reads.setdefault(number[i], set()).add(d)
            return
        for k, o, od in _operand_rows(i, d):
            if not fused and i is instr:
                reads.setdefault(k, set()).add(od)
            else:
                visit(o, od)

    for r, d in roots:
        visit(r, d)


def _operand_rows(i: Instruction, d):
    """(operand number, operand, the operand's dimension at the row) for the operands of `i`, when
    `i` is computed at positions whose dimension `d` is the row (None: not row-local)."""
    op = i.opcode
    for k, o in enumerate(i.operands):
        od = None
        if d is not None and not o.shape.is_tuple and o.shape.rank > 0:
            if op in ELEMENTWISE or op == "copy":
                od = d if o.shape.dims == i.shape.dims else None
            elif op == "broadcast":
                bdims = list(i.attrs["dimensions"])
                od = bdims.index(d) if d in bdims else None
            elif op == "reduce" and k < len(i.operands) // 2:
                kept = [x for x in range(o.shape.rank) if x not in i.attrs["dimensions"]]
                od = kept[d]
            elif op in ("reshape", "bitcast") and o.shape.dims[:d + 1] == i.shape.dims[:d + 1]:
                od = d
            elif op == "transpose":
                od = list(i.attrs["dimensions"])[d]
        yield k, o, od


def _overlap(a: Slice, b: Slice) -> bool:
    if a.key == b.key:
        return True
    if a.kind == "temp" and b.kind == "temp":
        return a.index < b.index + b.size and b.index < a.index + a.size and a.size > 0 and b.size > 0
    return a.kind == b.kind and a.kind in ("param", "result") and a.index == b.index


def _accesses(members: list[Member], ba: BufferAssignment):
    """(slice, written, row-local) for every buffer access of the members."""
    out = []
    for m in members:
        for s in ba.leaves[m.instr]:
            if s.kind != "none":
                out.append((s, True, True))
        for k, o in enumerate(m.instr.operands):
            for s in ba.leaves[o]:
                if s.kind != "none":
                    out.append((s, False, m.local[k]))
    return out


def _valid(members: list[Member], ba: BufferAssignment) -> bool:
    acc = _accesses(members, ba)
    written = {s.key for s, w, _ in acc if w}
    for s, _, local in acc:
        if s.key in written and not local:
            return False
    keys = {}
    for s, _, _ in acc:
        keys.setdefault(s.key, s)
    slices = list(keys.values())
    for x in slices:
        if x.key not in written:
            continue
        if any(y is not x and _overlap(x, y) for y in slices):
            return False
    return True


def _finish(members: list[Member], ba: BufferAssignment) -> Group:
    g = Group(members)
    rows = members[0].rows
    keys: dict = {}
    for s, w, _ in _accesses(members, ba):
        k = s.key
        if k not in keys:
            keys[k] = len(g.slices)
            g.slices.append(s)
            g.written.append(False)
        g.written[keys[k]] |= w
    local = {s.key: s.size for s, _, is_local in _accesses(members, ba) if is_local}
    g.row_bytes = sum(local.values())
    per_row = g.row_bytes // rows or 1
    block = max(1, min(rows, BLOCK_BYTES // per_row))
    g.block_rows = block - block % unit_rows(rows, rows) if block > ROW_UNIT else block  # (unit_rows)
    return g


def emit_group(emitter, group: Group, ba: BufferAssignment, name: str) -> ir.Function:
    """The group's kernel: `void k(ptr buffer...)`, one pointer per group.slices."""
    m = emitter.llmod
    n = len(group.slices)
    fn = ir.Function(m, ir.FunctionType(VOID, [PTR] * n), name)
    fn.linkage = "internal"
    fn.attributes.add("noinline")
    fn.attributes.add("nounwind")
    for a in fn.args:
        a.add_attribute("noalias")
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    # The written buffers as the context's outputs, the others as its operands (parallel_range
    # passes both to the range function).
    slots = []  # per slice: ("out", i) or ("in", j)
    outputs, operands = [], []
    for s, w, arg in zip(group.slices, group.written, fn.args):
        shape = _a_shape(group, s, ba)
        if w:
            slots.append(("out", len(outputs)))
            outputs.append(IrArray(arg, shape))
        else:
            slots.append(("in", len(operands)))
            operands.append([IrArray(arg, shape)])
    first = group.members[0]
    ctx = KernelContext(m, fn, b, first.instr, outputs, operands, emitter.constant_array, emitter=emitter)
    rows, block = first.rows, group.block_rows
    unit = unit_rows(rows, block)

    # The members' loops (per part) are in PHASES functions over a block of rows, called per
    # block: the same loop code, but LLVM can optimise and code-generate them on different threads
    # (split.py), a row group being one kernel otherwise (a call per block and phase is ~1 ns per
    # row: nothing next to the row's loops).
    loops, touched = [], set()  # (touched: the slices the loops so far read or write)
    for mem in group.members:
        reads = {s.key for o in mem.instr.operands for s in ba.leaves[o] if s.kind not in ("none", "const")
                 and s.size >= 64}
        for part in mem.parts:
            narrow = part.kind == "loop" and bool(reads - touched) and vector_bits(emitter.features) > 256 \
                and _light(part, mem.params, mem.rows)
            loops.append((mem, part, narrow))
            touched |= reads | {s.key for s in ba.leaves[mem.instr]}
    phases = [_phase_fn(emitter, group, ba, f"{name}.p{k}", run, unit) for k, run in enumerate(phase_runs(loops))]

    def body(c, lo, hi, _task, _extras):
        ptrs = [c.outputs[i].ptr if kind == "out" else c.operands[i][0].ptr for kind, i in slots]
        cb = c.b
        # Only the loop over blocks, calling the phases: not worth optimising (~4 ms of LLVM time
        # saved, the task that calls it becoming glue too: hints.py).
        c.fn.attributes.add("noinline")
        c.fn.attributes.add("optnone")
        with for_range(cb, hi, "blk", start=lo, step=block, hint=STREAM) as blo:
            end = cb.add(blo, const(I64, block), flags=["nuw", "nsw"])
            bhi = cb.select(cb.icmp_signed("<", end, hi), end, hi)
            # (in units: a shift, the block loop being optnone)
            shift = const(I64, unit.bit_length() - 1)
            bounds = [blo, bhi] if unit == 1 else [cb.lshr(v, shift, flags=["exact"]) for v in (blo, bhi)]
            for pf in phases:
                cb.call(pf, ptrs + bounds)

    parallel_range(ctx, rows, sum(mem.work for mem in group.members), body, block)
    ctx.b.ret_void()
    return fn


def unit_rows(rows: int, block: int) -> int:
    """The most rows (a power of two, at most ROW_UNIT) that divide both the rows and the block: every
    block then starts and ends at a multiple of it (parallel_range slices in whole blocks, the last
    block ending at `rows`). 1 for blocks of at most ROW_UNIT rows: rows that long have inner loops,
    the ones vectorised, of a known trip count already."""
    if block <= ROW_UNIT:
        return 1
    unit = ROW_UNIT
    while rows % unit or block % unit:
        unit //= 2
    return unit


def phase_runs(loops: list) -> list[list]:
    """The members' loops (member, part, narrow) cut into the runs of consecutive ones that make a phase
    function each: PHASES halves, cut again where `narrow` changes (a function-wide attribute)."""
    half = -(-len(loops) // PHASES)
    runs: list[list] = []
    for k, loop in enumerate(loops):
        if not runs or k % half == 0 or loop[2] != runs[-1][-1][2]:
            runs.append([])
        runs[-1].append(loop)
    return runs


def _phase_fn(emitter, group: Group, ba: BufferAssignment, name: str, run: list, unit: int = 1) -> ir.Function:
    """`void name(ptr buffer..., i64 lo, i64 hi)`: the run's loops (phase_runs), each a part of a member,
    over rows [lo * unit, hi * unit), the buffers as the group kernel's (group.slices). The bounds in
    units, scaled here: LLVM sees that the trip count is a multiple of `unit` and leaves out the
    vectorised epilogue and the scalar remainder loop after the vectorised one (two more copies of
    the body; special_functions' lgamma and digamma phases: 76 of 190 ms of LLVM time, block ranges
    of unknown length). A narrow run gets 256-bit vectors at most (_LIGHT_OPS)."""
    m = emitter.llmod
    n = len(group.slices)
    fn = ir.Function(m, ir.FunctionType(VOID, [PTR] * n + [I64, I64]), name)
    fn.linkage = "internal"
    fn.attributes.add("noinline")
    fn.attributes.add("nounwind")
    for a in fn.args[:n]:
        a.add_attribute("noalias")
    compile_apart(fn, sum(_weight(part, mem.params) for mem, part, _ in run) / len(run))
    if run[0][2]:
        prefer_vector_width(fn, 256)
    b = ir.IRBuilder(fn.append_basic_block("entry"))
    index = {s.key: k for k, s in enumerate(group.slices)}

    def arrays(i: Instruction) -> list[IrArray]:
        return [IrArray(fn.args[index[s.key]], leaf) for s, leaf in
                zip([s for s in ba.leaves[i] if s.kind != "none"], [x for x in i.shape.leaves() if x.is_array])]

    lo, hi = fn.args[n], fn.args[n + 1]
    if unit > 1:
        lo, hi = (b.mul(v, const(I64, unit), flags=["nuw", "nsw"]) for v in (lo, hi))
    for mem, part, _ in run:  # (one after the other over the block's rows, as separate phases would)
        instr = mem.instr
        outs = arrays(instr)
        opers = [arrays(o) for o in instr.operands]
        shared = ba.shared.get(instr, {})
        for k, leaf in shared.items():
            opers[k] = [IrArray(outs[leaf].ptr, instr.operands[k].shape)]
        mctx = KernelContext(m, fn, b, instr, outs, opers, emitter.constant_array, emitter=emitter,
                             in_place=frozenset(shared))
        emit_part_rows(mctx, mem.params, part, lo, hi)
    b.ret_void()
    return fn


def _light(part: Part, params: list[Instruction], rows: int) -> bool:
    """Whether every op the part computes per element is in _LIGHT_OPS (more elements than the rows:
    a row's own values, as a layer norm's rsqrt of the variance, do not count). The walk stops at the
    member's `params`, as _weight's."""
    return all(i.opcode in _LIGHT_OPS or not i.shape.is_array or i.shape.num_elements <= rows
               for i in _part_tree(part, params))


def _weight(part: Part, params: list[Instruction]) -> float:
    """LLVM time per line of a phase, against the usual (split.compile_apart): max/min row
    reductions (reduce parts, or reduces a loop computes per element), lowered to several
    instructions per vector, about 1.5 times; sums as the usual (their vectorised loops are unrolled
    a few times, not fully: loops.ROWS). The walk stops at the member's `params` (what it reads from
    buffers: other kernels' work is not its own)."""
    combiners = {i.attrs["to_apply"].root.opcode for i in _part_tree(part, params) if i.opcode == "reduce"}
    return 1.5 if combiners & {"maximum", "minimum"} else 1.0


def _a_shape(group: Group, s: Slice, ba: BufferAssignment):
    """Some array shape the slice holds (the context's arrays carry only their pointers here)."""
    for mem in group.members:
        for instr in [mem.instr, *mem.instr.operands]:
            for x, leaf in zip([x for x in ba.leaves[instr] if x.kind != "none"],
                               [y for y in instr.shape.leaves() if y.is_array]):
                if x.key == s.key:
                    return leaf
    raise AssertionError("a group slice no member uses")


def _part_tree(part: Part, params: list[Instruction]):
    """What the part computes per element: its roots' and side outputs' trees, down to the member's
    `params`."""
    return operand_tree([*part.roots, *(r for r, _ in part.side)], params)
