"""The collectives' native runtime: an implementation of `hloc_collective(op, operands, results)`
(kernels/collectives.py) that runs the common collectives without entering Python, for the devices
of one process (threads) and for MPI ranks (the MPI C API, function pointers given at load time).

The object code of a module is the same in both modes; the mode is per thread, chosen when the
runtime binds the thread (hloc/runtime/collectives.py):

    void hloc.collectives.dispatch(const char *op, void *const *operands, void *const *results)
    void hloc.collectives.init(void *fallback, i64 pthread_key)

`op` is the JSON description a C program reads; hloc's objects put a binary form of it in front
(`encode`: i64 words ending with their count and MAGIC), which this code reads. A thread bound to a
context (pthread_getspecific(key) != NULL, CONTEXT's words) runs natively what the descriptor's
flags allow in its mode; everything else calls `fallback` (the Python callback: other reducers and
element types, replica groups MPI would need a sub-communicator for, ragged-all-to-all, layouts
that differ between operand and result).

Threads: every device has a cell in a shared table (RUN, CELL): at its k-th native collective a
device publishes its operand and result tables and the op, raises `arrive` to k (release), waits
until every member of its group has arrived (acquire), does its part, raises `done` to k and waits
until every member is done (so no buffer is reused while another device reads it). All-reduce: the
member of rank r folds elements [r E/m, (r+1) E/m) of all members' operands in group order (left to
right, as the interpreter) into the first member's result, and copies that slice to the others'
results: each device reduces its slice in place, no per-device copies. The other collectives pull
from the members' operands into the device's own results. A failing device poisons the run: every
waiter returns with an error code in its context (CONTEXT[ERROR], CONTEXT[DETAIL]) instead of
waiting forever; so does one whose member finished without reaching the collective, or that meets
a member at another collective.

MPI: all-reduce over all devices (the world, in rank order) with a reducer MPI has, on the element
types MPI reduces (MPI_Allreduce; MPI_IN_PLACE when the result is the operand's buffer),
all-gather along the physically major dimension (MPI_Allgather of bytes, straight into the
result), and collective-permute (MPI_Irecv from the source, MPI_Isend to each target, bytes). The
asynchronous forms post the non-blocking calls at the start and wait at the end.
"""

from __future__ import annotations

import math

import llvmlite.ir as ir

from ..llvmir.irvalues import F32, F64, I8, I16, I32, I64, PTR, VOID, const

MAGIC = 0x316C6F63636F6C68  # "hloccol1", little-endian: the word right before the JSON text
DISPATCH = "hloc.collectives.dispatch"
INIT = "hloc.collectives.init"

KINDS = {"all-reduce": 1, "all-gather": 2, "reduce-scatter": 3, "all-to-all": 4, "collective-permute": 5,
         "collective-broadcast": 6, "replica-id": 7, "partition-id": 8}
# Descriptor header words; then the tables the header points at (word offsets into the descriptor).
(H_KIND, H_REDUCER, H_LEAVES, H_M, H_FLAGS, H_DEVICES, H_PARTITIONS, H_POS, H_LEAF, H_GROUPS, H_SOURCE,
 H_MPI_DTYPE, H_MPI_OP, H_PHASE) = range(14)
HEADER = 14
PHASES = {None: 0, "start": 1, "done": 2}  # a blocking collective; an asynchronous one's start, end
LEAF_WORDS = 4  # elems, outer, chunk, itemsize
FLAG_THREADS, FLAG_MPI, FLAG_TUPLE = 1, 2, 4

# The context of a bound thread (i64 words, owned by the runtime's Python side).
CTX_MODE, CTX_DEVICE, CTX_RUN, CTX_ERROR, CTX_DETAIL, CTX_COMM, CTX_MPI = range(7)
CTX_PENDING = 8  # then PENDING (key, MPI_Request) pairs: the asynchronous collectives under way
PENDING = 16
CONTEXT_WORDS = CTX_PENDING + 2 * PENDING
MODE_THREADS, MODE_MPI = 1, 2
# Error codes a context reports.
ERR_POISONED, ERR_FINISHED, ERR_OTHER_OP = 1, 2, 3

# The run shared by the threads: word 0 the device count, word 1 the poison flag, then a cell of
# CELL_WORDS per device.
RUN_POISON = 1
CELL_WORDS = 8
C_ARRIVE, C_DONE, C_OP, C_OPERANDS, C_RESULTS, C_FINISHED, C_SEQ = range(7)

# The MPI table (i64 words): the addresses of MPI_Allreduce, MPI_Allgather, MPI_IN_PLACE,
# MPI_Iallreduce, MPI_Iallgather, MPI_Wait, then the datatype handles in MPI_DTYPES order and the op
# handles in MPI_OPS order.
MPI_ALLREDUCE, MPI_ALLGATHER, MPI_IN_PLACE, MPI_IALLREDUCE, MPI_IALLGATHER, MPI_WAIT, MPI_ISEND, MPI_IRECV = range(8)
MPI_FUNCTIONS = {MPI_ALLREDUCE: "MPI_Allreduce", MPI_ALLGATHER: "MPI_Allgather", MPI_IALLREDUCE: "MPI_Iallreduce",
                 MPI_IALLGATHER: "MPI_Iallgather", MPI_WAIT: "MPI_Wait", MPI_ISEND: "MPI_Isend",
                 MPI_IRECV: "MPI_Irecv"}
MPI_DTYPES = ("f32", "f64", "s32", "s64", "u32", "u64", "byte")
MPI_OPS = ("add", "multiply", "minimum", "maximum")
MPI_TYPES_AT = 8
MPI_OPS_AT = MPI_TYPES_AT + len(MPI_DTYPES)
MPI_TABLE_WORDS = MPI_OPS_AT + len(MPI_OPS)

BLOCK = 4096  # elements an all-reduce folds at a time (stays in L1 across the members' operands)
SPIN = 64  # polls (with `pause`) between sched_yield() calls of a waiting device


def _reducer_names() -> list[tuple[str, str]]:
    out = []
    for cls in ("f32", "f64"):
        out += [(op, cls) for op in ("add", "multiply", "minimum", "maximum")]
    for bits in (8, 16, 32, 64):
        out += [(op, f"i{bits}") for op in ("add", "multiply", "and", "or")]
        out += [(op, f"{s}{bits}") for s in "su" for op in ("minimum", "maximum")]
    return out


REDUCERS = _reducer_names()
_INT_BITS = {"s8": 8, "s16": 16, "s32": 32, "s64": 64, "u8": 8, "u16": 16, "u32": 32, "u64": 64, "pred": 8}


def reducer_index(reducer: str | None, etype: str) -> int | None:
    """The native reducer for `reducer` (an opcode) on `etype`, or None (the fallback's)."""
    if etype in ("f32", "f64"):
        key = (reducer, etype)
    elif etype in _INT_BITS:
        bits = _INT_BITS[etype]
        if reducer in ("minimum", "maximum"):
            key = (reducer, ("u" if etype in ("pred",) else etype[0]) + str(bits))
        else:
            if etype == "pred" and reducer not in ("and", "or"):
                return None
            key = (reducer, f"i{bits}")
    else:
        return None
    return REDUCERS.index(key) if key in REDUCERS else None


# ------------------------------------------------------------------------------------------------
# the descriptor


def _physical(buf) -> tuple[list[int], list[int]]:
    """(physical dims major to minor, logical dimension of each position) of [etype, dims, m2m]."""
    _, dims, m2m = buf
    order = list(reversed(m2m))
    return [dims[k] for k in order], order


def _itemsize(etype: str) -> int | None:
    from ....ir.types import ELEMENT_TYPES

    t = ELEMENT_TYPES.get(etype)
    dtype = None if t is None else t.np_dtype
    if dtype is None or t.bits % 8:
        return None
    return dtype.itemsize


def encode(desc: dict) -> list[int]:
    """The binary descriptor of a collective's JSON description (ir/devices.describe): what the
    native runtime reads, ending with its word count and MAGIC. Kind 0 (or no flags) is the
    fallback's."""
    replicas, partitions = desc["devices"]
    n = replicas * partitions
    words = _encode(desc, n, partitions)
    if words is None:
        words = [0] * HEADER
        words[H_DEVICES], words[H_PARTITIONS] = n, partitions
    words[H_PHASE] = PHASES[desc.get("phase")]
    return words + [len(words), MAGIC]


def _encode(desc: dict, n: int, partitions: int) -> list[int] | None:
    op = desc["op"]
    kind = KINDS.get(op)
    if kind is None:
        return None
    ins, outs = desc["operands"], desc["results"]
    head = [0] * HEADER
    head[H_KIND], head[H_DEVICES], head[H_PARTITIONS] = kind, n, partitions
    if op in ("replica-id", "partition-id"):
        if len(outs) != 1 or outs[0][0] not in ("u32", "s32") or outs[0][1]:
            return None
        head[H_FLAGS] = FLAG_THREADS | FLAG_MPI
        return head
    if op == "collective-permute":
        groups = [list(range(n))]
        source = [-1] * n
        for s, t in desc.get("pairs") or []:
            if not (0 <= s < n and 0 <= t < n) or source[t] >= 0:
                return None
            source[t] = s
    else:
        groups = desc.get("groups") or [list(range(n))]
        source = []
    m = len(groups[0])
    pos = [None] * n
    for gi, g in enumerate(groups):
        if len(g) != m:
            return None
        for r, dev in enumerate(g):
            if not 0 <= dev < n or pos[dev] is not None:
                return None
            pos[dev] = (gi, r)
    if any(p is None for p in pos):
        return None
    leaves = _leaves(op, desc, ins, outs, m)
    if leaves is None:
        return None
    flags = FLAG_THREADS
    if op == "all-to-all" and desc.get("dimension") is None:
        flags |= FLAG_TUPLE
    reducer = 0
    if op in ("all-reduce", "reduce-scatter"):
        etypes = {b[0] for b in ins}
        index = reducer_index(desc.get("reducer"), ins[0][0]) if len(etypes) == 1 else None
        if index is None:
            return None
        reducer = index
    world = groups == [list(range(n))]
    mpi_dtype = mpi_op = 0
    if world and op == "all-reduce" and ins[0][0] in MPI_DTYPES and desc.get("reducer") in MPI_OPS \
            and all(e < 2**31 for e, *_ in leaves):
        flags |= FLAG_MPI
        mpi_dtype, mpi_op = MPI_DTYPES.index(ins[0][0]), MPI_OPS.index(desc["reducer"])
    if (world and op == "all-gather" and all(o == 1 and c * s < 2**31 for _, o, c, s in leaves)) or (
            op == "collective-permute" and all(e * s < 2**31 for e, _, _, s in leaves)):
        flags |= FLAG_MPI
        mpi_dtype = MPI_DTYPES.index("byte")
    head[H_REDUCER], head[H_LEAVES], head[H_M], head[H_FLAGS] = reducer, len(leaves), m, flags
    head[H_MPI_DTYPE], head[H_MPI_OP] = mpi_dtype, mpi_op
    words = head
    words[H_POS] = len(words)
    words += [x for p in pos for x in p]
    words[H_LEAF] = len(words)
    words += [x for leaf in leaves for x in leaf]
    words[H_GROUPS] = len(words)
    words += [d for g in groups for d in g]
    words[H_SOURCE] = len(words)
    words += source
    return words


def _leaves(op: str, desc: dict, ins: list, outs: list, m: int) -> list[tuple[int, int, int, int]] | None:
    """(elems, outer, chunk, itemsize) per leaf, or None when the native runtime does not cover it."""
    d = desc.get("dimension")
    if op == "all-to-all" and d is None:
        if len(ins) != m or len(outs) != m or any(b != ins[0] for b in ins + outs):
            return None
        size = _itemsize(ins[0][0])
        return None if size is None else [(math.prod(b[1]), 1, math.prod(b[1]), size) for b in ins]
    if len(ins) != len(outs):
        return None
    out = []
    for a, r in zip(ins, outs):
        size = _itemsize(a[0])
        if size is None or a[0] != r[0] or a[2] != r[2] or len(a[1]) != len(r[1]):
            return None
        elems = math.prod(a[1])
        if op in ("all-reduce", "collective-broadcast", "collective-permute"):
            if a[1] != r[1]:
                return None
            out.append((elems, 1, elems, size))
            continue
        if d is None or not 0 <= d < len(a[1]):
            return None
        phys, order = _physical(a)
        rphys, _ = _physical(r)
        p = order.index(d)
        others_equal = all(a[1][k] == r[1][k] for k in range(len(a[1])) if k != d)
        if not others_equal:
            return None
        outer = math.prod(phys[:p])
        if op == "all-gather":
            if r[1][d] != a[1][d] * m:
                return None
            out.append((elems, outer, math.prod(phys[p:]), size))
        elif op == "reduce-scatter":
            if a[1][d] != r[1][d] * m:
                return None
            out.append((elems, outer, math.prod(rphys[p:]), size))
        elif op == "all-to-all":
            if a[1] != r[1] or a[1][d] % m:
                return None
            out.append((elems, outer, math.prod(phys[p:]) // m, size))
        else:
            return None
    return out


# ------------------------------------------------------------------------------------------------
# the code


def build_module(triple: str = "") -> ir.Module:
    """The runtime's module: DISPATCH and INIT exported, everything else internal."""
    mod = ir.Module(name="hloc.collectives")
    mod.triple = triple
    return _Emitter(mod).module


def _typed(b, p, pointee):
    """`p` as a typed pointer to `pointee` (what llvmlite needs to call through it or store atomically
    to it; a bitcast between pointers would fold away)."""
    return b.inttoptr(b.ptrtoint(p, I64), pointee.as_pointer())


def _i64(v: int) -> ir.Constant:
    return const(I64, v)


class _Emitter:
    def __init__(self, mod: ir.Module):
        self.module = mod
        x86 = not mod.triple or mod.triple.startswith(("x86_64", "i686", "i386"))
        self._pause = ir.InlineAsm(ir.FunctionType(VOID, []), "pause", "", side_effect=True) if x86 else None
        self.getspecific = ir.Function(mod, ir.FunctionType(PTR, [I32]), "pthread_getspecific")
        self.sched_yield = ir.Function(mod, ir.FunctionType(I32, []), "sched_yield")
        self.memmove = mod.declare_intrinsic("llvm.memmove", [PTR, PTR, I64])
        self.memset = mod.declare_intrinsic("llvm.memset", [PTR, I64])
        self.key = self._global("key", I32)
        self.fallback = self._global("fallback", PTR)
        self.reducers = [self._reducer(op, cls) for op, cls in REDUCERS]
        table_ty = ir.ArrayType(PTR, len(self.reducers))
        self.reducer_table = self._global("reducers", table_ty, ir.Constant(table_ty, self.reducers))
        self.reducer_table.global_constant = True
        self.wait = self._emit_wait()
        self.threads_run = self._emit_threads_run()
        self.mpi_run = self._emit_mpi_run()
        self._emit_dispatch()
        self._emit_init()

    # -- helpers
    def _global(self, name, ty, init=None):
        g = ir.GlobalVariable(self.module, ty, f"hloc.collectives.{name}")
        g.linkage = "internal"
        g.initializer = init if init is not None else ir.Constant(ty, None)
        return g

    def _function(self, name, ret, args, export=False):
        fn = ir.Function(self.module, ir.FunctionType(ret, args), name)
        if not export:
            fn.linkage = "internal"
        fn.attributes.add("nounwind")
        return fn

    @staticmethod
    def word(b, base, index):
        """Pointer to i64 word `index` (a Python int or an i64 value) of `base`."""
        return b.gep(base, [index if isinstance(index, ir.Value) else _i64(index)], source_etype=I64)

    @staticmethod
    def atomic_word(b, p):
        """`p` as an i64 pointer (llvmlite stores atomically only through typed pointers)."""
        return _typed(b, p, I64)

    def load(self, b, base, index):
        return b.load(self.word(b, base, index), typ=I64)

    @staticmethod
    def ptr_at(b, table, index):
        """Element `index` of an array of pointers."""
        return b.load(b.gep(table, [index if isinstance(index, ir.Value) else _i64(index)], source_etype=PTR),
                      typ=PTR)

    def cell(self, b, run, device):
        return self.word(b, run, b.mul(b.add(device, _i64(1)), _i64(CELL_WORDS)))

    def move(self, b, dst, src, nbytes):
        b.call(self.memmove, [dst, src, nbytes, ir.Constant(ir.IntType(1), 0)])

    # -- elementwise reducers: dst[i] = dst[i] op src[i]
    def _reducer(self, op: str, cls: str) -> ir.Function:
        ty = {"f32": F32, "f64": F64}.get(cls) or {8: I8, 16: I16, 32: I32, 64: I64}[int(cls[1:])]
        fn = self._function(f"hloc.collectives.reduce.{op}.{cls}", VOID, [PTR, PTR, I64])
        dst, src, n = fn.args
        dst.add_attribute("noalias")
        src.add_attribute("noalias")
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        from ..llvmir.loops import for_range

        with for_range(b, n, "i") as i:
            pd = b.gep(dst, [i], source_etype=ty)
            x, y = b.load(pd, typ=ty), b.load(b.gep(src, [i], source_etype=ty), typ=ty)
            b.store(self._combine(b, op, cls, ty, x, y), pd)
        b.ret_void()
        return fn

    def _combine(self, b, op, cls, ty, x, y):
        if cls in ("f32", "f64"):
            if op == "add":
                return b.fadd(x, y)
            if op == "multiply":
                return b.fmul(x, y)
            name = f"llvm.{op}.{cls}"  # NaN-propagating, as the elemental code
            fn = self.module.globals.get(name) or ir.Function(self.module, ir.FunctionType(ty, [ty, ty]), name)
            return b.call(fn, [x, y])
        if op == "add":
            return b.add(x, y)
        if op == "multiply":
            return b.mul(x, y)
        if op == "and":
            return b.and_(x, y)
        if op == "or":
            return b.or_(x, y)
        cmp = b.icmp_signed if cls[0] == "s" else b.icmp_unsigned
        return b.select(cmp("<" if op == "minimum" else ">", x, y), x, y)

    # -- waiting
    def _emit_wait(self) -> ir.Function:
        """i64 wait(ptr word, i64 seq, ptr run, ptr finished or null): 0 once *word >= seq; an error
        code when the run is poisoned or `finished` is set first."""
        fn = self._function("hloc.collectives.wait", I64, [PTR, I64, PTR, PTR])
        word, seq, run, finished = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        loop, check, spin, give, arrived = (fn.append_basic_block(n) for n in
                                            ("loop", "check", "spin", "give", "arrived"))
        pre = b.block
        b.branch(loop)
        b.position_at_end(loop)
        polls = b.phi(I64, "polls")
        polls.add_incoming(_i64(0), pre)
        v = b.load_atomic(word, "acquire", 8, typ=I64)
        b.cbranch(b.icmp_signed(">=", v, seq), arrived, check)
        b.position_at_end(arrived)
        b.ret(_i64(0))
        b.position_at_end(check)
        poisoned = b.load_atomic(self.word(b, run, RUN_POISON), "acquire", 8, typ=I64)
        with b.if_then(b.icmp_unsigned("!=", poisoned, _i64(0))):
            b.ret(_i64(ERR_POISONED))
        with b.if_then(b.icmp_unsigned("!=", finished, ir.Constant(PTR, None))):
            gone = b.load_atomic(finished, "acquire", 8, typ=I64)
            with b.if_then(b.icmp_unsigned("!=", gone, _i64(0))):
                again = b.load_atomic(word, "acquire", 8, typ=I64)
                with b.if_then(b.icmp_signed("<", again, seq)):
                    b.ret(_i64(ERR_FINISHED))
        if self._pause is not None:
            b.call(self._pause, [])
        nxt = b.add(polls, _i64(1))
        b.cbranch(b.icmp_unsigned("==", b.urem(nxt, _i64(SPIN)), _i64(0)), give, spin)
        b.position_at_end(give)
        b.call(self.sched_yield, [])
        b.branch(spin)
        b.position_at_end(spin)
        polls.add_incoming(nxt, spin)
        b.branch(loop)
        return fn

    # -- threads of one process
    def _emit_threads_run(self) -> ir.Function:
        """void threads_run(ptr ctx, ptr desc, ptr op, ptr operands, ptr results)"""
        from ..llvmir.loops import for_range

        fn = self._function("hloc.collectives.threads", VOID, [PTR, PTR, PTR, PTR, PTR])
        ctx, desc, op, operands, results = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        fail = fn.append_basic_block("fail")
        run = b.inttoptr(self.load(b, ctx, CTX_RUN), PTR)
        me = self.load(b, ctx, CTX_DEVICE)
        mine = self.cell(b, run, me)
        seq = b.add(self.load(b, mine, C_SEQ), _i64(1))
        b.store(seq, self.word(b, mine, C_SEQ))
        b.store(b.ptrtoint(op, I64), self.word(b, mine, C_OP))
        b.store(b.ptrtoint(operands, I64), self.word(b, mine, C_OPERANDS))
        b.store(b.ptrtoint(results, I64), self.word(b, mine, C_RESULTS))
        b.store_atomic(seq, self.atomic_word(b, self.word(b, mine, C_ARRIVE)), "release", 8)
        pos = self.load(b, desc, H_POS)
        at = b.add(pos, b.mul(me, _i64(2)))
        gi, r = self.load(b, desc, at), self.load(b, desc, b.add(at, _i64(1)))
        m = self.load(b, desc, H_M)
        members = self.word(b, desc, b.add(self.load(b, desc, H_GROUPS), b.mul(gi, m)))
        err = b.alloca(I64, name="err")
        who = b.alloca(I64, name="who")
        b.store(_i64(0), err)

        def member(j):
            return self.load(b, members, j)

        def check_code(code, device):
            bad = b.icmp_unsigned("!=", code, _i64(0))
            with b.if_then(bad):
                b.store(code, err)
                b.store(device, who)
            return bad

        with for_range(b, m, "arrive") as j:
            e = member(j)
            c = self.cell(b, run, e)
            code = b.call(self.wait, [self.word(b, c, C_ARRIVE), seq, run, self.word(b, c, C_FINISHED)])
            check_code(code, e)
            other = b.icmp_unsigned("!=", self.load(b, c, C_OP), b.ptrtoint(op, I64))
            with b.if_then(b.and_(b.icmp_unsigned("==", code, _i64(0)), other)):
                b.store(_i64(ERR_OTHER_OP), err)
                b.store(e, who)
        ok = fn.append_basic_block("work")
        b.cbranch(b.icmp_unsigned("!=", b.load(err), _i64(0)), fail, ok)
        b.position_at_end(ok)

        def tables(device, slot):
            return b.inttoptr(self.load(b, self.cell(b, run, device), slot), PTR)

        self._work(b, desc, run, me, r, m, members, tables, results)
        b.store_atomic(seq, self.atomic_word(b, self.word(b, mine, C_DONE)), "release", 8)
        with for_range(b, m, "done") as j:
            e = member(j)
            code = b.call(self.wait, [self.word(b, self.cell(b, run, e), C_DONE), seq, run, ir.Constant(PTR, None)])
            check_code(code, e)
        done = fn.append_basic_block("out")
        b.cbranch(b.icmp_unsigned("!=", b.load(err), _i64(0)), fail, done)
        b.position_at_end(done)
        b.ret_void()
        b.position_at_end(fail)
        b.store(b.load(err), self.word(b, ctx, CTX_ERROR))
        b.store(b.load(who), self.word(b, ctx, CTX_DETAIL))
        b.store_atomic(_i64(1), self.atomic_word(b, self.word(b, run, RUN_POISON)), "release", 8)
        b.ret_void()
        return fn

    def _work(self, b, desc, run, me, r, m, members, tables, results):
        """This device's part of the collective (the members have all arrived)."""
        from ..llvmir.loops import for_range

        kind = self.load(b, desc, H_KIND)
        flags = self.load(b, desc, H_FLAGS)
        nleaves = self.load(b, desc, H_LEAVES)
        leaf_base = self.load(b, desc, H_LEAF)
        red = self.ptr_at(b, self.reducer_table, self.load(b, desc, H_REDUCER))
        red_ty = ir.FunctionType(VOID, [PTR, PTR, I64])
        fn = b.function

        def leaf_word(leaf, k):
            return self.load(b, desc, b.add(leaf_base, b.add(b.mul(leaf, _i64(LEAF_WORDS)), _i64(k))))

        def buf(device, slot, leaf):
            return self.ptr_at(b, tables(device, slot), leaf)

        def at(p, elems, size):
            return b.gep(p, [b.mul(elems, size)], source_etype=I8)

        def reduce(dst, src, count):
            b.call(_typed(b, red, red_ty), [dst, src, count])

        blocks = {k: fn.append_basic_block(f"kind{v}") for k, v in KINDS.items() if v <= 6}
        end = fn.append_basic_block("work.end")
        g0 = self.load(b, members, 0)
        sw = b.switch(kind, end)
        for name, blk in blocks.items():
            sw.add_case(_i64(KINDS[name]), blk)

        # all-reduce: my slice of every leaf, folded into member 0's result, copied to the others'
        b.position_at_end(blocks["all-reduce"])
        with for_range(b, nleaves, "leaf") as leaf:
            elems, size = leaf_word(leaf, 0), leaf_word(leaf, 3)
            lo = b.sdiv(b.mul(r, elems), m)
            hi = b.sdiv(b.mul(b.add(r, _i64(1)), elems), m)
            dst0 = buf(g0, C_RESULTS, leaf)
            with for_range(b, hi, "blk", start=lo, step=BLOCK) as start:
                left = b.sub(hi, start)
                count = b.select(b.icmp_signed("<", left, _i64(BLOCK)), left, _i64(BLOCK))
                nbytes = b.mul(count, size)
                acc = at(dst0, start, size)
                self.move(b, acc, at(buf(g0, C_OPERANDS, leaf), start, size), nbytes)
                with for_range(b, m, "fold", start=1) as j:
                    reduce(acc, at(buf(self.load(b, members, j), C_OPERANDS, leaf), start, size), count)
                with for_range(b, m, "copy", start=1) as j:
                    self.move(b, at(buf(self.load(b, members, j), C_RESULTS, leaf), start, size), acc, nbytes)
        b.branch(end)

        # all-gather: res[o, j, :] = operand_j[o, :];  all-to-all: res[o, j, :] = operand_j[o, r, :]
        for name in ("all-gather", "all-to-all"):
            b.position_at_end(blocks[name])
            tuple_form = b.icmp_unsigned("!=", b.and_(flags, _i64(FLAG_TUPLE)), _i64(0))
            stride_src = m if name == "all-to-all" else _i64(1)
            row_src = r if name == "all-to-all" else _i64(0)
            with b.if_else(tuple_form) as (then, otherwise):
                # (tuple form: leaf j of the result = leaf r of member j's operands)
                with then, for_range(b, nleaves, "leaf") as leaf:
                    nbytes = b.mul(leaf_word(leaf, 0), leaf_word(leaf, 3))
                    self.move(b, self.ptr_at(b, results, leaf), buf(self.load(b, members, leaf), C_OPERANDS, r),
                              nbytes)
                with otherwise, for_range(b, nleaves, "leaf") as leaf:
                    outer, chunk, size = leaf_word(leaf, 1), leaf_word(leaf, 2), leaf_word(leaf, 3)
                    nbytes = b.mul(chunk, size)
                    dst = self.ptr_at(b, results, leaf)
                    with for_range(b, outer, "o") as o, for_range(b, m, "j") as j:
                        src = buf(self.load(b, members, j), C_OPERANDS, leaf)
                        s_off = b.mul(b.add(b.mul(o, stride_src), row_src), chunk)
                        d_off = b.mul(b.add(b.mul(o, m), j), chunk)
                        self.move(b, at(dst, d_off, size), at(src, s_off, size), nbytes)
            b.branch(end)

        # reduce-scatter: res[o, :] = fold over j of operand_j[o, r, :]
        b.position_at_end(blocks["reduce-scatter"])
        with for_range(b, nleaves, "leaf") as leaf:
            outer, chunk, size = leaf_word(leaf, 1), leaf_word(leaf, 2), leaf_word(leaf, 3)
            dst = self.ptr_at(b, results, leaf)
            with for_range(b, outer, "o") as o:
                s_off = b.mul(b.add(b.mul(o, m), r), chunk)
                acc = at(dst, b.mul(o, chunk), size)
                self.move(b, acc, at(buf(g0, C_OPERANDS, leaf), s_off, size), b.mul(chunk, size))
                with for_range(b, m, "fold", start=1) as j:
                    reduce(acc, at(buf(self.load(b, members, j), C_OPERANDS, leaf), s_off, size), chunk)
        b.branch(end)

        # collective-broadcast: the first member's operands;  collective-permute: the source's, or zeros
        for name in ("collective-broadcast", "collective-permute"):
            b.position_at_end(blocks[name])
            if name == "collective-broadcast":
                source = g0
            else:
                source = self.load(b, desc, b.add(self.load(b, desc, H_SOURCE), me))
            with for_range(b, nleaves, "leaf") as leaf:
                nbytes = b.mul(leaf_word(leaf, 0), leaf_word(leaf, 3))
                dst = self.ptr_at(b, results, leaf)
                with b.if_else(b.icmp_signed("<", source, _i64(0))) as (nobody, somebody):
                    with nobody:
                        b.call(self.memset, [dst, ir.Constant(I8, 0), nbytes, ir.Constant(ir.IntType(1), 0)])
                    with somebody:
                        self.move(b, dst, buf(source, C_OPERANDS, leaf), nbytes)
            b.branch(end)
        b.position_at_end(end)

    # -- MPI ranks
    def _emit_find_slot(self) -> ir.Function:
        """ptr find_slot(ptr ctx, i64 key): the context's pending-request slot holding `key` (0: a
        free one), or null."""
        from ..llvmir.loops import for_range

        fn = self._function("hloc.collectives.slot", PTR, [PTR, I64])
        ctx, key = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        with for_range(b, PENDING, "slot") as k:
            slot = self.word(b, ctx, b.add(_i64(CTX_PENDING), b.mul(k, _i64(2))))
            with b.if_then(b.icmp_unsigned("==", b.load(slot, typ=I64), key)):
                b.ret(slot)
        b.ret(ir.Constant(PTR, None))
        return fn

    def _emit_mpi_run(self) -> ir.Function:
        """void mpi_run(ptr ctx, ptr desc, ptr operands, ptr results, i64 phase): the blocking call
        (phase 0), or MPI_Iallreduce / MPI_Iallgather posted (1: start; the request kept in the
        context under the result's address) and waited for (2: done). A start finding no free slot
        makes the blocking call; a done finding no request has nothing to wait for."""
        from ..llvmir.loops import for_range

        find_slot = self._emit_find_slot()
        fn = self._function("hloc.collectives.mpi", VOID, [PTR, PTR, PTR, PTR, I64])
        ctx, desc, operands, results, phase = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        status = b.alloca(ir.ArrayType(I64, 16), name="status")  # (larger than any MPI_Status)
        table = b.inttoptr(self.load(b, ctx, CTX_MPI), PTR)
        comm = self.load(b, ctx, CTX_COMM)
        dtype = self.load(b, table, b.add(_i64(MPI_TYPES_AT), self.load(b, desc, H_MPI_DTYPE)))
        mpi_op = self.load(b, table, b.add(_i64(MPI_OPS_AT), self.load(b, desc, H_MPI_OP)))
        in_place = b.inttoptr(self.load(b, table, MPI_IN_PLACE), PTR)
        leaf_base = self.load(b, desc, H_LEAF)
        nleaves = self.load(b, desc, H_LEAVES)
        # (MPI handles are int in MPICH, pointers in Open MPI: passed as 64-bit words either way)
        allreduce_ty = ir.FunctionType(I32, [PTR, PTR, I64, I64, I64, I64])
        allgather_ty = ir.FunctionType(I32, [PTR, I64, I64, PTR, I64, I64, I64])
        iallreduce_ty = ir.FunctionType(I32, [PTR, PTR, I64, I64, I64, I64, PTR])
        iallgather_ty = ir.FunctionType(I32, [PTR, I64, I64, PTR, I64, I64, I64, PTR])
        wait_ty = ir.FunctionType(I32, [PTR, PTR])

        def mpi_fn(index, ty):
            return b.inttoptr(self.load(b, table, index), ty.as_pointer())

        kind = self.load(b, desc, H_KIND)
        with b.if_then(b.icmp_unsigned("==", kind, _i64(KINDS["collective-permute"]))):
            b.call(self._emit_mpi_permute(find_slot), [ctx, desc, operands, results, phase])
            b.ret_void()
        is_reduce = b.icmp_unsigned("==", kind, _i64(KINDS["all-reduce"]))
        with for_range(b, nleaves, "leaf") as leaf:
            base = b.add(leaf_base, b.mul(leaf, _i64(LEAF_WORDS)))
            elems, size = self.load(b, desc, base), self.load(b, desc, b.add(base, _i64(3)))
            src, dst = self.ptr_at(b, operands, leaf), self.ptr_at(b, results, leaf)
            key = b.ptrtoint(dst, I64)
            nbytes = b.mul(elems, size)
            send = b.select(b.icmp_unsigned("==", src, dst), in_place, src)
            leaf_done = b.append_basic_block("leaf.done")
            blocking = b.append_basic_block("blocking")
            post = b.append_basic_block("post")
            wait = b.append_basic_block("wait")
            sw = b.switch(phase, blocking)
            sw.add_case(_i64(1), post)
            sw.add_case(_i64(2), wait)

            b.position_at_end(post)
            slot = b.call(find_slot, [ctx, _i64(0)])
            free = b.append_basic_block("free")
            b.cbranch(b.icmp_unsigned("==", slot, ir.Constant(PTR, None)), blocking, free)
            b.position_at_end(free)
            b.store(key, slot)
            request = self.word(b, slot, 1)
            with b.if_else(is_reduce) as (reduce, gather):
                with reduce:
                    b.call(mpi_fn(MPI_IALLREDUCE, iallreduce_ty), [send, dst, elems, dtype, mpi_op, comm, request])
                with gather:
                    b.call(mpi_fn(MPI_IALLGATHER, iallgather_ty), [src, nbytes, dtype, dst, nbytes, dtype, comm,
                                                                   request])
            b.branch(leaf_done)

            b.position_at_end(wait)
            slot = b.call(find_slot, [ctx, key])
            with b.if_then(b.icmp_unsigned("!=", slot, ir.Constant(PTR, None))):
                b.call(mpi_fn(MPI_WAIT, wait_ty), [self.word(b, slot, 1), status])
                b.store(_i64(0), slot)
            b.branch(leaf_done)

            b.position_at_end(blocking)
            with b.if_else(is_reduce) as (reduce, gather):
                with reduce:
                    b.call(mpi_fn(MPI_ALLREDUCE, allreduce_ty), [send, dst, elems, dtype, mpi_op, comm])
                with gather:
                    b.call(mpi_fn(MPI_ALLGATHER, allgather_ty), [src, nbytes, dtype, dst, nbytes, dtype, comm])
            b.branch(leaf_done)
            b.position_at_end(leaf_done)
        b.ret_void()
        return fn

    def _emit_mpi_permute(self, find_slot) -> ir.Function:
        """void mpi_permute(ptr ctx, ptr desc, ptr operands, ptr results, i64 phase): per leaf, the
        receive from the source posted first (no source: zeros), then a send to each target (tag:
        the leaf), waited for at once (phase 0) or kept (1: under the result's address + k) for the
        end (2). A start finding no free slot waits for that request at once."""
        from ..llvmir.loops import for_range

        fn = self._function("hloc.collectives.mpi.permute", VOID, [PTR, PTR, PTR, PTR, I64])
        ctx, desc, operands, results, phase = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        status = b.alloca(ir.ArrayType(I64, 16), name="status")
        table = b.inttoptr(self.load(b, ctx, CTX_MPI), PTR)
        comm = self.load(b, ctx, CTX_COMM)
        me = self.load(b, ctx, CTX_DEVICE)
        byte = self.load(b, table, _i64(MPI_TYPES_AT + MPI_DTYPES.index("byte")))
        n = self.load(b, desc, H_DEVICES)
        local = b.alloca(I64, size=b.add(n, _i64(1)), name="requests")  # (waited for before returning)
        sources = self.word(b, desc, self.load(b, desc, H_SOURCE))
        leaf_base = self.load(b, desc, H_LEAF)
        p2p_ty = ir.FunctionType(I32, [PTR, I64, I64, I64, I64, I64, PTR])
        wait_ty = ir.FunctionType(I32, [PTR, PTR])

        def mpi_fn(index, ty):
            return b.inttoptr(self.load(b, table, index), ty.as_pointer())

        posted = b.alloca(I64, name="posted")
        waiting = b.alloca(I64, name="waiting")
        with for_range(b, self.load(b, desc, H_LEAVES), "leaf") as leaf:
            base = b.add(leaf_base, b.mul(leaf, _i64(LEAF_WORDS)))
            nbytes = b.mul(self.load(b, desc, base), self.load(b, desc, b.add(base, _i64(3))))
            src, dst = self.ptr_at(b, operands, leaf), self.ptr_at(b, results, leaf)
            key = b.ptrtoint(dst, I64)
            with b.if_else(b.icmp_unsigned("==", phase, _i64(PHASES["done"]))) as (finish, begin):
                with finish, for_range(b, b.add(n, _i64(1)), "k") as k:
                    slot = b.call(find_slot, [ctx, b.add(key, k)])
                    with b.if_then(b.icmp_unsigned("!=", slot, ir.Constant(PTR, None))):
                        b.call(mpi_fn(MPI_WAIT, wait_ty), [self.word(b, slot, 1), status])
                        b.store(_i64(0), slot)
                with begin:
                    b.store(_i64(0), posted)
                    b.store(_i64(0), waiting)

                    def post(index, peer, buf):
                        """Post one request: kept for the end (a start), else waited for below."""
                        slot = b.call(find_slot, [ctx, _i64(0)])
                        keep = b.and_(b.icmp_unsigned("==", phase, _i64(PHASES["start"])),
                                      b.icmp_unsigned("!=", slot, ir.Constant(PTR, None)))
                        w = b.load(waiting)
                        request = b.select(keep, self.word(b, slot, 1), b.gep(local, [w], source_etype=I64))
                        b.call(mpi_fn(index, p2p_ty), [buf, nbytes, byte, peer, leaf, comm, request])
                        k = b.load(posted)
                        with b.if_else(keep) as (kept, now):
                            with kept:
                                b.store(b.add(key, k), slot)
                            with now:
                                b.store(b.add(w, _i64(1)), waiting)
                        b.store(b.add(k, _i64(1)), posted)

                    source = self.load(b, sources, me)
                    with b.if_else(b.icmp_signed("<", source, _i64(0))) as (nobody, somebody):
                        with nobody:
                            b.call(self.memset, [dst, ir.Constant(I8, 0), nbytes, ir.Constant(ir.IntType(1), 0)])
                        with somebody:
                            post(MPI_IRECV, source, dst)
                    with for_range(b, n, "t") as t, b.if_then(b.icmp_signed("==", self.load(b, sources, t), me)):
                        post(MPI_ISEND, t, src)
                    with for_range(b, b.load(waiting), "w") as w:
                        b.call(mpi_fn(MPI_WAIT, wait_ty), [b.gep(local, [w], source_etype=I64), status])
        b.ret_void()
        return fn

    # -- the entry points
    def _emit_dispatch(self) -> None:
        fn = self._function(DISPATCH, VOID, [PTR, PTR, PTR], export=True)
        op, operands, results = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        slow = fn.append_basic_block("fallback")
        bound = fn.append_basic_block("bound")
        ctx = b.call(self.getspecific, [b.load(self.key, typ=I32)])
        b.cbranch(b.icmp_unsigned("==", ctx, ir.Constant(PTR, None)), slow, bound)
        b.position_at_end(bound)
        tagged = b.icmp_unsigned("==", b.load(b.gep(op, [_i64(-8)], source_etype=I8), typ=I64), _i64(MAGIC))
        ours = fn.append_basic_block("tagged")
        b.cbranch(tagged, ours, slow)
        b.position_at_end(ours)
        count = b.load(b.gep(op, [_i64(-16)], source_etype=I8), typ=I64)
        desc = b.gep(op, [b.mul(b.add(count, _i64(2)), _i64(-8))], source_etype=I8)
        with b.if_then(b.icmp_unsigned("!=", self.load(b, ctx, CTX_ERROR), _i64(0))):
            b.ret_void()  # (after a failure the rest of the call is not worth running)
        kind = self.load(b, desc, H_KIND)
        flags = self.load(b, desc, H_FLAGS)
        mode = self.load(b, ctx, CTX_MODE)
        ids = b.or_(b.icmp_unsigned("==", kind, _i64(KINDS["replica-id"])),
                    b.icmp_unsigned("==", kind, _i64(KINDS["partition-id"])))
        with b.if_then(b.and_(ids, b.icmp_unsigned("!=", flags, _i64(0)))):
            device, parts = self.load(b, ctx, CTX_DEVICE), self.load(b, desc, H_PARTITIONS)
            value = b.select(b.icmp_unsigned("==", kind, _i64(KINDS["replica-id"])), b.udiv(device, parts),
                             b.urem(device, parts))
            b.store(b.trunc(value, I32), self.ptr_at(b, results, 0))
            b.ret_void()
        phase = self.load(b, desc, H_PHASE)
        threads = b.and_(b.icmp_unsigned("==", mode, _i64(MODE_THREADS)),
                         b.icmp_unsigned("!=", b.and_(flags, _i64(FLAG_THREADS)), _i64(0)))
        with b.if_then(threads):
            # (the devices meet at the end: what a start could publish, nobody can use before then)
            with b.if_then(b.icmp_unsigned("!=", phase, _i64(PHASES["start"]))):
                b.call(self.threads_run, [ctx, desc, op, operands, results])
            b.ret_void()
        mpi = b.and_(b.icmp_unsigned("==", mode, _i64(MODE_MPI)),
                     b.icmp_unsigned("!=", b.and_(flags, _i64(FLAG_MPI)), _i64(0)))
        with b.if_then(mpi):
            b.call(self.mpi_run, [ctx, desc, operands, results, phase])
            b.ret_void()
        b.branch(slow)
        b.position_at_end(slow)
        callback = b.load(self.fallback, typ=PTR)
        b.call(_typed(b, callback, ir.FunctionType(VOID, [PTR, PTR, PTR])), [op, operands, results])
        b.ret_void()

    def _emit_init(self) -> None:
        fn = self._function(INIT, VOID, [PTR, I64], export=True)
        callback, key = fn.args
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        b.store(callback, self.fallback)
        b.store(b.trunc(key, I32), self.key)
        b.ret_void()

