"""Buffer assignment: every array value of a computation gets a buffer (XLA's BufferAssigner).

    ba = assign(comp, order=None, model=BufferModel(), scheduler="auto")
    check(ba) -> list[str]        broken promises (overlaps, alignment, sizes); [] when all is well
    report(ba) -> str             XLA's -buffer-assignment.txt, readable

    ma = assign_module(module)    the entry (calls inlined) and every computation control flow calls
    peak_temp_bytes(module) -> int   the entry's temp arena in bytes (what `make bench` compares)
    report_module(ma) -> str      `hloc opt --buffer-assignment`

Buffers, one per array leaf that some instruction *computes*:
  * parameters and results are the caller's buffers (`param N`, `result N`), constants are
    read-only data (`const`); everything else is a temporary (`temp`) at an offset of one arena;
  * instructions that only rename bytes (tuple, get-tuple-element, bitcast, opt-barrier,
    add-dependency, reshapes and transposes that keep the physical order) run no code and share their operands'
    buffers (`aliases_operand`), which is what the native backend emits;
  * a kernel whose operand buffer dies at it may write its output into that buffer (`in_place`):
    dynamic-update-slice (the operand being updated), elementwise ops and loop fusions that read
    the operand exactly at the output index (same dims, layout and element width), and with
    `writable_params` (a while body: the loop state belongs to the loop) the parameters too;
  * a kernel that needs working memory for its call only (GEMM packing, a loop's arenas) gets a
    scratch buffer live at that kernel alone;
  * the root's leaves are written straight into the result buffers when a kernel of this
    computation produces them (once each); others (parameters, constants, repeats) are copied.

Liveness is over a schedule: a temporary is live from the kernel that defines it to the last
kernel that reads it (through any alias), inclusive, so a kernel's outputs never share memory with
its operands (kernel pointers are `noalias`) unless the assignment says so. With `concurrent`, two
stretches of the schedule run at the same time (the native backend's concurrent regions): a
temporary live in one then shares no byte with one live in the other, and no kernel of one updates
in place what the other reads. Offsets are chosen greedily, largest buffer first, into the
best-fitting gap among the buffers live at the same time (XLA's GlobalDecreasingSizeBestFitHeap);
the arena's size is what that packing needs, never less
than the peak of live bytes. `scheduler="auto"` assigns over post order and over a
memory-minimizing list schedule and keeps the smaller arena (XLA's DefaultMemoryScheduler picks
among schedulers the same way); comparing whole assignments keeps the in-place updates a
schedule allows in the comparison.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from ...ir.layout_flows import layouts_agree
from ...ir.module import Computation, Instruction, Module
from ...ir.types import ELEMENT_TYPES, Shape
from ..rewrite import SideEffects
from . import schedule as sched
from .flatten import flatten, flatten_entry

ALIGN = 64

# Ops that compute nothing: their leaves are their operands' leaves.
NO_CODE = frozenset({"parameter", "constant", "tuple", "get-tuple-element", "bitcast", "opt-barrier",
                     "after-all", "add-dependency"})


def is_bitcast_reshape(src: Shape, dst: Shape) -> bool:
    """A reshape that keeps the physical element order (both layouts row-major once size-1
    dimensions are ignored)."""
    if src.is_tuple or dst.is_tuple or src.etype != dst.etype:
        return False

    def row_major(s: Shape) -> bool:
        order = [d for d in (s.minor_to_major or ()) if s.dims[d] != 1]
        return order == sorted(order, reverse=True)

    return row_major(src) and row_major(dst)


def is_bitcast_transpose(src: Shape, dst: Shape, perm) -> bool:
    """A transpose whose result's layout keeps the operand's physical element order (XLA's layout
    assignment writes such transposes, e.g. [262144,1152]{1,0} -> [1152,262144]{0,1}): dimension d
    of the result is dimension perm[d] of the operand."""
    if src.is_tuple or dst.is_tuple or src.etype != dst.etype:
        return False
    if src.dims == dst.dims:  # (a buffer seen with its own dims in another layout reads as a layout change)
        return False
    src_order = [d for d in (src.minor_to_major or range(src.rank - 1, -1, -1)) if src.dims[d] != 1]
    dst_order = [perm[d] for d in (dst.minor_to_major or range(dst.rank - 1, -1, -1)) if dst.dims[d] != 1]
    return src_order == dst_order


def aliases_operand(instr: Instruction) -> bool:
    if instr.opcode in ("bitcast", "opt-barrier", "get-tuple-element", "tuple", "add-dependency"):
        return True
    if instr.opcode == "transpose":
        return is_bitcast_transpose(instr.operands[0].shape, instr.shape, instr.attrs["dimensions"])
    return instr.opcode == "reshape" and is_bitcast_reshape(instr.operands[0].shape, instr.shape)


def while_read_only_leaves(instr: Instruction) -> frozenset[int]:
    """Leaves (numbers in `instr.shape.leaves()`) of a while's state that its body returns as they
    came, through tuples and get-tuple-elements only: no kernel of the loop writes them (a loop-
    invariant weight matrix). The while's result leaf is then its operand's buffer, as XLA's copy
    insertion leaves read-only loop state uncopied: tf_while_loop copied its 1 MB matrix in on every
    call."""
    if instr.opcode != "while":
        return frozenset()
    body = instr.attrs["body"]
    if len(body.parameters) != 1:
        return frozenset()
    param = body.parameters[0]
    memo: dict[Instruction, list[int | None]] = {}

    def origins(i: Instruction) -> list[int | None]:
        """The parameter leaf each leaf of `i` is, or None."""
        got = memo.get(i)
        if got is None:
            if i is param:
                got = list(range(len(i.shape.leaves())))
            elif i.opcode == "tuple":
                got = [x for o in i.operands for x in origins(o)]
            elif i.opcode == "get-tuple-element":
                src = i.operands[0]
                k = i.attrs["index"]
                start = sum(len(t.leaves()) for t in src.shape.tuple_shapes[:k])
                got = origins(src)[start:start + len(i.shape.leaves())]
            else:
                got = [None] * len(i.shape.leaves())
            memo[i] = got
        return got

    leaves = instr.shape.leaves()
    return frozenset(k for k, o in enumerate(origins(body.root)) if o == k and leaves[k].is_array)


def while_read_only_arrays(instr: Instruction) -> frozenset[int]:
    """while_read_only_leaves numbered among the state's array leaves only (as its kernel's buffers)."""
    read_only = while_read_only_leaves(instr)
    arrays = [k for k, leaf in enumerate(instr.shape.leaves()) if leaf.is_array]
    return frozenset(n for n, k in enumerate(arrays) if k in read_only)


def runs_code(instr: Instruction) -> bool:
    """Whether the instruction is a kernel (computes something) rather than a renaming."""
    return not (instr.opcode in NO_CODE or aliases_operand(instr))


# ----------------------------------------------------------------------------------------- model

def _same_storage(a: Shape, b: Shape) -> bool:
    """Same dims, layout and element width: element i of one is at the byte offset of element i
    of the other."""
    if a.is_tuple or b.is_tuple or not (a.is_array and b.is_array):
        return False
    return (a.dims == b.dims and (a.rank <= 1 or a.minor_to_major == b.minor_to_major)
            and ELEMENT_TYPES[a.etype].bits == ELEMENT_TYPES[b.etype].bits and ELEMENT_TYPES[a.etype].bits >= 8)


_ELEMENTWISE_SAFE = frozenset({"copy", "convert", "bitcast-convert", "reduce-precision"})


def _elementwise(instr: Instruction) -> bool:
    from ...ir.opcodes import ELEMENTWISE

    return instr.opcode in ELEMENTWISE or instr.opcode in _ELEMENTWISE_SAFE


def _read_at_output_index(param: Instruction, out: Shape) -> bool:
    """Every use of `param` in its fused computation reaches the (single) root through
    elementwise ops of the output's storage shape: each output element is computed from the
    parameter's element at the same offset, read before the element is stored."""
    root = param.computation.root
    stack, seen = [param], set()
    while stack:
        i = stack.pop()
        if i in seen:
            continue
        seen.add(i)
        if i is not param and (not _elementwise(i) or not _same_storage(i.shape, out)):
            return False
        if i is root:
            continue
        if not i.users:
            return False
        stack.extend(i.users)
    return True


def default_in_place(instr: Instruction) -> dict[int, int]:
    """Operand -> output leaf whose buffer the operand's may become, for hloc's kernels:
    dynamic-update-slice's operand 0, scatter's operands 0..N-1 (only the updated elements change),
    and single-output loops computing element i from element i."""
    if instr.opcode == "scatter":
        n = (len(instr.operands) - 1) // 2
        outs = instr.shape.leaves()
        return {k: k for k in range(n) if _same_storage(instr.operands[k].shape, outs[k])}
    if instr.shape.is_tuple:
        return {}
    out = instr.shape
    if instr.opcode == "dynamic-update-slice":
        return {0: 0} if _same_storage(instr.operands[0].shape, out) else {}
    if _elementwise(instr):
        return {k: 0 for k, o in enumerate(instr.operands) if _same_storage(o.shape, out)}
    if instr.opcode == "fusion" and instr.attrs.get("kind") == "kLoop":
        comp = instr.attrs["calls"]
        if comp.root.opcode == "tuple":
            return {}
        return {k: 0 for k, o in enumerate(instr.operands)
                if _same_storage(o.shape, out) and _read_at_output_index(comp.parameter(k), out)}
    return {}


@dataclass
class BufferModel:
    """What the code generator does with values (defaults: hloc's native backend).

    in_place(instr) -> {operand number: output leaf} that may share the operand's buffer when it
    dies there; scratch_bytes(instr) -> working memory the kernel needs during its call;
    writable_params: the parameters' buffers belong to the computation (a while body's state)."""

    in_place: Callable[[Instruction], dict[int, int]] = default_in_place
    scratch_bytes: Callable[[Instruction], int] = lambda _instr: 0
    writable_params: bool = False
    alignment: int = ALIGN


# ----------------------------------------------------------------------------------------- buffers

class Buffer:
    """Where one array leaf lives. Temporaries have an arena offset and a live range over the
    schedule (positions, inclusive)."""

    __slots__ = ("kind", "index", "offset", "size", "shape", "defined_by", "leaf", "start", "end", "scratch",
                 "id", "merged", "branches")

    def __init__(self, kind: str, size: int, shape: Shape | None = None, defined_by: Instruction | None = None,
                 leaf: int = 0, index: int = -1):
        self.kind = kind  # "param" | "result" | "const" | "temp" | "none"
        self.index = index  # parameter / result leaf number
        self.offset = -1  # byte offset of a temporary in the arena
        self.size = size
        self.shape = shape
        self.defined_by = defined_by
        self.leaf = leaf
        self.start = self.end = -1
        self.scratch = False
        self.id = -1
        self.merged: Buffer | None = None  # in-place: this buffer is that one
        self.branches = 0  # bit g: live while branch g of a concurrent region runs (_pack)

    def __repr__(self) -> str:
        where = f"@{self.offset}" if self.kind == "temp" else (f"#{self.index}" if self.index >= 0 else "")
        return f"Buffer({self.kind}{where}, {self.size}B, live [{self.start}, {self.end}])"

    def resolve(self) -> Buffer:
        b = self
        while b.merged is not None:
            b = b.merged
        return b


@dataclass
class Assignment:
    comp: Computation
    schedule: list[Instruction]
    scheduler: str
    leaves: dict[Instruction, list[Buffer]] = field(default_factory=dict)  # one per leaf of the shape
    buffers: list[Buffer] = field(default_factory=list)  # every distinct buffer
    param_leaves: list[Shape] = field(default_factory=list)
    result_leaves: list[Shape] = field(default_factory=list)
    copies: list[tuple[Buffer, int, Shape]] = field(default_factory=list)  # (source, result leaf, shape)
    in_place: dict[Instruction, dict[int, int]] = field(default_factory=dict)  # kernel -> {operand: out leaf}
    scratch: dict[Instruction, Buffer] = field(default_factory=dict)
    temp_bytes: int = 0  # the arena's size
    peak_bytes: int = 0  # most bytes of temporaries live at one point of the schedule
    unshared_bytes: int = 0  # the arena if every temporary had bytes of its own
    alignment: int = ALIGN

    @property
    def temps(self) -> list[Buffer]:
        return [b for b in self.buffers if b.kind == "temp"]

    def kernels(self) -> list[Instruction]:
        return [i for i in self.schedule if runs_code(i)]


def _aligned(n: int, a: int) -> int:
    return (n + a - 1) // a * a


class _Structure:
    """The schedule-independent part: which buffer each leaf is, who reads and defines what."""

    def __init__(self, comp: Computation, order: list[Instruction], model: BufferModel):
        self.leaves: dict[Instruction, list[Buffer]] = {}
        self.reads: dict[Instruction, list[Buffer]] = {}
        self.defines: dict[Instruction, list[Buffer]] = {}
        self.param_leaves: list[Shape] = []
        n = 0
        for p in comp.parameters:
            bufs = []
            for k, leaf in enumerate(p.shape.leaves()):
                if leaf.is_array:
                    bufs.append(Buffer("param", leaf.byte_size, leaf, p, k, n))
                    self.param_leaves.append(leaf)
                    n += 1
                else:
                    bufs.append(Buffer("none", 0))
            self.leaves[p] = bufs
        for instr in order:
            op = instr.opcode
            if op == "parameter":
                continue
            if op == "constant":
                self.leaves[instr] = [Buffer("const", leaf.byte_size, leaf, instr, k) if leaf.is_array
                                      else Buffer("none", 0) for k, leaf in enumerate(instr.shape.leaves())]
            elif op == "tuple":
                self.leaves[instr] = [b for o in instr.operands for b in self.leaves[o]]
            elif op == "get-tuple-element":
                src = instr.operands[0]
                k = instr.attrs["index"]
                start = sum(len(t.leaves()) for t in src.shape.tuple_shapes[:k])
                self.leaves[instr] = self.leaves[src][start:start + len(instr.shape.leaves())]
            elif op == "after-all":
                self.leaves[instr] = [Buffer("none", 0)]
            elif aliases_operand(instr):
                self.leaves[instr] = list(self.leaves[instr.operands[0]])
            else:
                bufs = [Buffer("temp", leaf.byte_size, leaf, instr, k) if leaf.is_array else Buffer("none", 0)
                        for k, leaf in enumerate(instr.shape.leaves())]
                for k in while_read_only_leaves(instr):  # read-only loop state: the operand's buffer
                    bufs[k] = self.leaves[instr.operands[0]][k]
                self.leaves[instr] = bufs
                self.defines[instr] = [b for b in bufs if b.kind == "temp" and b.defined_by is instr]
                self.reads[instr] = [b for o in instr.operands for b in self.leaves[o] if b.kind != "none"]
        self.scratch_need = {i: model.scratch_bytes(i) for i in self.defines}


def _live_ranges(st: _Structure, order: list[Instruction], root: Instruction) -> None:
    pos = {i: k for k, i in enumerate(order)}
    for i, bufs in st.defines.items():
        for b in bufs:
            b.start = b.end = pos[i]
    for i, bufs in st.reads.items():
        p = pos[i]
        for b in bufs:
            if b.kind == "temp" and p > b.end:
                b.end = p
    end = len(order)
    for b in st.leaves[root]:
        if b.kind == "temp":
            b.end = end  # returned: alive until the results are written


def assign(comp: Computation, order: list[Instruction] | None = None, model: BufferModel | None = None,
           scheduler: str = "auto", concurrent: tuple[int, int, int] | None = None) -> Assignment:
    """Buffers for `comp` over a schedule: `order` (default post order) as is ("post-order"), a
    list schedule ("list"), or whichever of the two ends with the smaller arena ("auto"; ties:
    post order). `concurrent` = (s, m, e): order[s:m] and order[m:e] run at the same time (two
    independent branches, each in its order; `order` is then kept as it is)."""
    model = model or BufferModel()
    order = list(order) if order is not None else comp.post_order()
    st = _Structure(comp, order, model)
    if scheduler == "post-order" or concurrent is not None:
        return _assign_on(comp, order, "post-order", st, model, concurrent)
    deps = sched.ordered_dependencies(order, SideEffects().instruction)

    def size(b: Buffer) -> int:
        return _aligned(b.size, model.alignment) if b.kind == "temp" else 0

    listed = sched.list_schedule(order, deps, st.reads, st.defines, size)
    if scheduler == "list" or listed == order:
        return _assign_on(comp, listed, "list" if scheduler == "list" else "post-order", st, model)
    # The assignment marks its buffers (in-place merges, results): each try gets its own.
    by_list = _assign_on(comp, listed, "list", st, model)
    by_order = _assign_on(comp, order, "post-order", _Structure(comp, order, model), model)
    return by_list if by_list.temp_bytes < by_order.temp_bytes else by_order


def _assign_on(comp: Computation, order: list[Instruction], scheduler: str, st: _Structure,
               model: BufferModel, concurrent: tuple[int, int, int] | None = None) -> Assignment:
    ba = Assignment(comp, order, scheduler, alignment=model.alignment)
    root = comp.root_instruction
    _live_ranges(st, order, root)
    pos = {i: k for k, i in enumerate(order)}
    ba.param_leaves = st.param_leaves
    root_bufs = {id(b) for b in st.leaves[root]}
    ba.unshared_bytes = sum(_aligned(b.size, model.alignment) for bufs in st.defines.values() for b in bufs
                            if id(b) not in root_bufs)
    ba.unshared_bytes += _aligned(max(st.scratch_need.values(), default=0), model.alignment)
    ba.peak_bytes = 0

    # In place: an output may take over an operand's buffer that dies at its kernel.
    for instr in order:
        if instr not in st.defines:
            continue
        cands = model.in_place(instr)
        if not cands:
            continue
        p = pos[instr]
        mine = st.leaves[instr]
        reads = [b.resolve() for b in st.reads[instr]]
        for k, leaf in sorted(cands.items()):
            if k in ba.in_place.get(instr, {}) or leaf in ba.in_place.get(instr, {}).values():
                continue
            obufs = [b.resolve() for b in st.leaves[instr.operands[k]] if b.kind != "none"]
            if len(obufs) != 1 or instr.operands[k].shape.is_tuple:
                continue
            b = obufs[0]
            out = mine[leaf]
            if out.kind != "temp" or out.merged is not None:
                continue
            if not (b.kind == "temp" or (b.kind == "param" and model.writable_params)):
                continue
            if b.size != out.size or sum(1 for r in reads if r is b) != 1:
                continue
            if b.kind == "temp" and b.end != p:
                continue  # read later (or returned)
            if b.kind == "param" and (_read_after(st, order, b, p) or any(x.resolve() is b for x in st.leaves[root])):
                continue
            if concurrent is not None and _read_by_other_branch(st, order, b, p, concurrent):
                continue  # the other branch may still be reading it
            out.merged = b
            if b.kind == "temp":
                b.end = max(b.end, out.end)
            ba.in_place.setdefault(instr, {})[k] = leaf

    # Every leaf now points at its final buffer.
    for instr, bufs in st.leaves.items():
        ba.leaves[instr] = [b.resolve() for b in bufs]

    # Results: written in place by the kernel that produces them, once; copies otherwise.
    claimed: set[int] = set()
    for b, result in zip(ba.leaves[root], root.shape.leaves()):
        if not result.is_array:
            continue
        ba.result_leaves.append(result)
        j = len(ba.result_leaves) - 1
        if b.kind == "temp" and id(b) not in claimed:
            claimed.add(id(b))
            b.kind, b.index = "result", j
        else:
            ba.copies.append((b, j, result))

    # Scratch: live at its kernel only.
    for instr, need in st.scratch_need.items():
        if need > 0:
            s = Buffer("temp", need, None, instr)
            s.scratch = True
            s.start = s.end = pos[instr]
            ba.scratch[instr] = s

    seen: dict[int, Buffer] = {}
    for bufs in ba.leaves.values():
        for b in bufs:
            if b.kind != "none":
                seen.setdefault(id(b), b)
    for s in ba.scratch.values():
        seen[id(s)] = s
    ba.buffers = list(seen.values())
    for k, b in enumerate(ba.buffers):
        b.id = k
    if concurrent is not None:
        _mark_branches(ba.temps, concurrent)
    _pack(ba.temps, model.alignment)
    temps = ba.temps
    ba.temp_bytes = max((b.offset + _aligned(b.size, model.alignment) for b in temps), default=0)
    ba.peak_bytes = _live_peak(temps, len(order), model.alignment)
    return ba


def _branch(p: int, concurrent: tuple[int, int, int]) -> int:
    s, m, e = concurrent
    return 0 if s <= p < m else 1 if m <= p < e else -1


def _read_by_other_branch(st: _Structure, order: list[Instruction], b: Buffer, p: int,
                          concurrent: tuple[int, int, int]) -> bool:
    """Whether the kernel at `p`, in a branch, may not write over `b`: a kernel of the other branch,
    which runs at the same time, reads it."""
    mine = _branch(p, concurrent)
    if mine < 0:
        return False
    s, _, e = concurrent
    for q in range(s, e):
        if _branch(q, concurrent) != mine and any(r.resolve() is b for r in st.reads.get(order[q], ())):
            return True
    return False


def _mark_branches(temps: list[Buffer], concurrent: tuple[int, int, int]) -> None:
    """Which branches each temporary is live in (its live range over the order meets the branch's
    positions): one live in a branch may share no byte with one live in the other, whose kernels
    run at the same time (over the order alone, the second branch could reuse what the first one
    has finished with). Within a branch, and before and after the region, the order's ranges hold."""
    s, m, e = concurrent
    for b in temps:
        b.branches = int(b.start < m and b.end >= s) | int(b.start < e and b.end >= m) << 1


def _read_after(st: _Structure, order: list[Instruction], b: Buffer, p: int) -> bool:
    for instr in order[p + 1:]:
        for r in st.reads.get(instr, ()):
            if r.resolve() is b:
                return True
    return False


def _live_peak(temps: list[Buffer], n: int, align: int) -> int:
    delta = [0] * (n + 2)
    for b in temps:
        s = _aligned(b.size, align)
        delta[b.start] += s
        delta[b.end + 1] -= s
    live = peak = 0
    for d in delta:
        live += d
        peak = max(peak, live)
    return peak


def _pack(temps: list[Buffer], align: int) -> None:
    """Offsets by decreasing size, each into the best-fitting gap left by the buffers placed so far
    that are live at the same time."""
    placed: list[Buffer] = []
    for b in sorted(temps, key=lambda x: (-_aligned(x.size, align), x.start, x.end)):
        size = _aligned(b.size, align)
        busy = sorted((p.offset, p.offset + _aligned(p.size, align)) for p in placed
                      if p.start <= b.end and b.start <= p.end
                      or (p.branches & 1 and b.branches & 2) or (p.branches & 2 and b.branches & 1))
        best, best_gap, cursor = None, None, 0
        for lo, hi in busy:
            gap = lo - cursor
            if gap >= size and (best_gap is None or gap < best_gap):
                best, best_gap = cursor, gap
            cursor = max(cursor, hi)
        b.offset = best if best is not None else cursor
        placed.append(b)


# ----------------------------------------------------------------------------------------- checks

# Instructions whose leaves are their operands' buffers under the same layout (bitcasts reinterpret).
_RENAMES = frozenset({"tuple", "get-tuple-element", "opt-barrier", "add-dependency"})


def check(ba: Assignment) -> list[str]:
    """What is wrong with an assignment (empty if nothing): temporaries live at the same time that
    share bytes, misaligned or undersized buffers, buffers outside the arena, a kernel whose
    output overlaps an operand it was not allowed to overwrite, reads outside a live range."""
    problems = []
    a = ba.alignment
    temps = ba.temps
    for b in temps:
        name = _name(b)
        if b.offset < 0 or b.offset % a:
            problems.append(f"{name}: offset {b.offset} is not a multiple of {a}")
        if b.shape is not None and b.size < b.shape.byte_size:
            problems.append(f"{name}: {b.size} bytes for {b.shape} ({b.shape.byte_size} bytes)")
        if b.offset + b.size > ba.temp_bytes:
            problems.append(f"{name}: [{b.offset}, {b.offset + b.size}) outside the {ba.temp_bytes}-byte arena")
        if b.start > b.end:
            problems.append(f"{name}: empty live range [{b.start}, {b.end}]")
    by_start = sorted(temps, key=lambda x: x.start)
    for i, x in enumerate(by_start):
        for y in by_start[i + 1:]:
            if y.start > x.end:
                break
            if x.offset < y.offset + y.size and y.offset < x.offset + x.size and x.size and y.size:
                problems.append(f"{_name(x)} and {_name(y)} are live together and share bytes")
    pos = {i: k for k, i in enumerate(ba.schedule)}
    for instr in ba.kernels():
        outs = [b for b in ba.leaves[instr] if b.kind != "none"]
        allowed = ba.in_place.get(instr, {})
        read_only = while_read_only_arrays(instr)  # a while's read-only state: its operand's buffers
        for k, o in enumerate(instr.operands):
            for b in ba.leaves[o]:
                if b.kind == "temp" and not (b.start <= pos[instr] <= b.end):
                    problems.append(f"{instr.name} reads {_name(b)} outside its live range")
                for leaf, out in enumerate(outs):
                    if out is b and (allowed.get(k) == leaf or leaf in read_only):
                        continue
                    if out is b or _overlap(out, b):
                        problems.append(f"{instr.name}: output {leaf} overlaps operand {k} ({_name(b)})")
        if instr in ba.scratch:
            s = ba.scratch[instr]
            for b in outs + [x for o in instr.operands for x in ba.leaves[o]]:
                if _overlap(s, b):
                    problems.append(f"{instr.name}: its scratch overlaps {_name(b)}")
    # A buffer is one layout: what renames or updates it in place declares the same one (a bitcast
    # reshape between them gives the buffer other dims: then the bytes are reinterpreted on purpose).
    for instr, bufs in ba.leaves.items():
        if instr.opcode in _RENAMES or instr in ba.in_place:
            for b, view in zip(bufs, instr.shape.leaves()):
                if b.shape is not None and view.is_array and b.shape.dims == view.dims \
                        and not layouts_agree(b.shape, view):
                    problems.append(f"{instr.name} takes {_name(b)} ({b.shape}) as {view}: another layout")
    for b, j, result in ba.copies:
        if b.shape is not None and b.shape.dims == result.dims and not layouts_agree(b.shape, result):
            problems.append(f"result {j} ({result}) is copied from {_name(b)} ({b.shape}): another layout")
    results = sorted([b.index for b in ba.buffers if b.kind == "result"] + [j for _, j, _ in ba.copies])
    if results != list(range(len(ba.result_leaves))):
        problems.append(f"result leaves written {results}, expected each of 0..{len(ba.result_leaves) - 1} once")
    return problems


def _overlap(x: Buffer, y: Buffer) -> bool:
    if x.kind != "temp" or y.kind != "temp" or x is y:
        return False
    return x.offset < y.offset + y.size and y.offset < x.offset + x.size and x.size > 0 and y.size > 0


def _name(b: Buffer) -> str:
    if b.scratch and b.defined_by is not None:
        return f"scratch of {b.defined_by.name}"
    if b.defined_by is None:
        return f"buffer {b.id}"
    return f"{b.defined_by.name}{_leaf_suffix(b.defined_by.shape, b.leaf)}"


def _leaf_suffix(shape: Shape, leaf: int) -> str:
    if not shape.is_tuple:
        return ""
    return " {" + ",".join(map(str, _shape_index(shape, leaf))) + "}"


def _shape_index(shape: Shape, leaf: int) -> list[int]:
    path: list[int] = []
    s = shape
    while s.is_tuple:
        for k, sub in enumerate(s.tuple_shapes):
            n = len(sub.leaves())
            if leaf < n:
                path.append(k)
                s = sub
                break
            leaf -= n
    return path


# ----------------------------------------------------------------------------------------- report

def report(ba: Assignment) -> str:
    """A readable account (XLA's -buffer-assignment.txt): every allocation with its values, the
    arena's layout with live ranges, the copies, and the schedule."""
    a = ba.alignment
    values: dict[int, list[str]] = {}
    for instr in ba.schedule:
        for k, b in enumerate(ba.leaves.get(instr, ())):
            if b.kind != "none":
                values.setdefault(id(b), []).append(f"{instr.name}{_leaf_suffix(instr.shape, k)}")
    kernels = ba.kernels()
    out = [f"BufferAssignment for computation {ba.comp.name}: schedule {ba.scheduler}, "
           f"{len(ba.schedule)} instructions, {len(kernels)} kernels",
           f"temp arena: {ba.temp_bytes} bytes (peak live {ba.peak_bytes}; without reuse {ba.unshared_bytes}), "
           f"alignment {a}", ""]
    n = 0

    def alloc(head: str, b: Buffer) -> None:
        nonlocal n
        out.append(f"allocation {n}: {head}, size {b.size}, {b.shape.to_str() if b.shape else ''}".rstrip(", "))
        for v in values.get(id(b), []):
            out.append(f"  value: {v}")
        n += 1

    for b in sorted((b for b in ba.buffers if b.kind == "param"), key=lambda x: x.index):
        alloc(f"parameter {b.index}", b)
    for b in sorted((b for b in ba.buffers if b.kind == "result"), key=lambda x: x.index):
        alloc(f"result {b.index} (live from {b.start})", b)
    for b in (b for b in ba.buffers if b.kind == "const"):
        alloc("constant (read-only data)", b)
    temps = sorted(ba.temps, key=lambda x: (x.offset, x.start))
    if temps:
        out.append(f"allocation {n}: temp arena, size {ba.temp_bytes}")
        for b in temps:
            what = _name(b) if b.scratch else ", ".join(values.get(id(b), [_name(b)]))
            shape = f" {b.shape.to_str()}" if b.shape is not None else ""
            out.append(f"  [{b.offset:>10}, {b.offset + _aligned(b.size, a):>10}) live [{b.start}, {b.end}] "
                       f"{what}{shape}{' (scratch)' if b.scratch else ''}")
        n += 1
    for src, j, copied in ba.copies:
        out.append(f"copy: result {j} <- {src.kind} {_name(src)} ({copied.byte_size} bytes)")
    if ba.in_place:
        out.append("")
        for instr, pairs in ba.in_place.items():
            for k, leaf in sorted(pairs.items()):
                out.append(f"in place: {instr.name} output {leaf} reuses operand {k} "
                           f"({instr.operands[k].name})")
    out.append("")
    out.append("schedule:")
    for k, instr in enumerate(ba.schedule):
        tag = "" if runs_code(instr) else "  (no code)"
        out.append(f"  {k:4d} {instr.name} = {instr.opcode}{tag}")
    return "\n".join(out) + "\n"


# ----------------------------------------------------------------------------------------- modules

@dataclass
class ModuleAssignment:
    """The entry's assignment and those of the computations called by control flow (each has its
    own arena, which lives in the scratch of the while / conditional calling it)."""

    entry: Assignment
    called: list[tuple[str, Assignment]] = field(default_factory=list)  # (what calls it, assignment)

    def all(self) -> list[Assignment]:
        return [self.entry] + [a for _, a in self.called]


def control_flow_callees(instr: Instruction) -> list[tuple[Computation, bool, str]]:
    """(computation, writable_params, role) for each computation a while or conditional calls."""
    if instr.opcode == "while":
        return [(instr.attrs["condition"], False, f"condition of {instr.name}"),
                (instr.attrs["body"], True, f"body of {instr.name}")]
    if instr.opcode == "conditional":
        if "branch_computations" in instr.attrs:
            comps = list(instr.attrs["branch_computations"])
        else:
            comps = [instr.attrs["true_computation"], instr.attrs["false_computation"]]
        return [(c, False, f"branch {k} of {instr.name}") for k, c in enumerate(comps)]
    return []


def assign_module(module: Module, scheduler: str = "auto") -> ModuleAssignment:
    """Buffers for the entry computation (calls inlined, as the native backend compiles it) and,
    recursively, for every computation called by control flow, with the default model: hloc's
    in-place rules, and as a control-flow kernel's scratch the arena of what it calls (the
    backend adds its own working memory: GEMM packing, a while's second state buffers; its
    plans are `hloc.backend.llvm.buffer_assignment`)."""
    called: list[tuple[str, Assignment]] = []
    done: dict[tuple[Computation, bool], Assignment] = {}

    def nested(comp: Computation, writable: bool, role: str) -> Assignment:
        key = (comp, writable)
        if key not in done:
            flat, order = flatten(comp)
            done[key] = assign(flat, order, BufferModel(scratch_bytes=scratch, writable_params=writable), scheduler)
            called.append((role, done[key]))
        return done[key]

    def scratch(instr: Instruction) -> int:
        arenas = [nested(c, w, role).temp_bytes for c, w, role in control_flow_callees(instr)]
        return max(arenas, default=0)

    flat, order = flatten_entry(module)
    entry = assign(flat, order, BufferModel(scratch_bytes=scratch), scheduler)
    return ModuleAssignment(entry, called)


def peak_temp_bytes(module: Module) -> int:
    """The size of the entry's temp arena in bytes: the peak of the packed live temporaries (never
    less than the most bytes live at once), counting the arenas of loops and branches (not the
    backend's kernel working memory). Compare a module before and after -O2 with this."""
    return assign_module(module).entry.temp_bytes


def report_module(ma: ModuleAssignment) -> str:
    """`report` of the entry, then of every computation called by control flow."""
    out = [report(ma.entry)]
    for role, a in ma.called:
        out.append(f"// {role}\n{report(a)}")
    return "\n".join(out)
