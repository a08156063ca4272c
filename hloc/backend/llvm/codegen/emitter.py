"""Module -> LLVM IR: the entry function (the ABI), buffers, and one function per kernel.

ABI of the entry function (C):

    void <entry>(void *const *params, void *const *results, void *temp, int64_t num_threads);

* `params[i]`: the i-th array leaf of the entry parameters, flattened depth-first (XLA's order),
  in the parameter's layout (row-major for default layouts). Read only.
* `results[j]`: the j-th array leaf of the result shape, same conventions; written completely.
  Result buffers must not overlap parameter buffers.
* `temp`: a scratch arena of `<entry>_temp_bytes` bytes (an exported i64 constant), 64-byte aligned.
  The call is reentrant as long as each concurrent call has its own temp arena.
* `num_threads`: how many threads the call may use; kernels above a size threshold split their
  outer loops over the module's worker pool (threadpool.py, parallel.py). `<entry>_shutdown()`
  joins the pool's workers (before the code is unloaded).

Alongside: `<entry>_num_params`, `<entry>_num_results` (i64 constants). Kernels are internal
`noinline` functions (`void k(ptr out..., ptr in...)` with `noalias` pointers): LLVM's optimisation
time grows superlinearly with function size, so each kernel stays its own function.

Independent LAPACK chains of the entry run side by side, as the two tasks of one parallel-for
(concurrent.py: the plan's `region`; one after the other with one thread).

`call` instructions of the entry computation are inlined here (the callee's instructions are cloned
into a flat schedule); calls inside fused or reducer computations are computed elementally.

Computations called by control flow (while condition and body, conditional branches) are planned
the same way (`plan`: calls inlined, checked, their own buffer assignment) and emitted as internal
functions with the entry's signature (`computation_function`); the while / conditional kernels
(kernels/control_flow.py) call them, with their temp arena in the kernel's scratch.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import llvmlite.ir as ir
import numpy as np

from ....errors import CodegenError, PassError, working_on
from ....ir.literal import literal_value
from ....ir.module import Computation, Instruction, Module
from ....ir.types import ELEMENT_TYPES, Shape
from ....passes.analysis.buffer_assignment import ModuleAssignment, control_flow_callees, default_in_place
from ....passes.analysis.flatten import flatten as _flatten
from ....passes.analysis.flatten import flatten_entry as _flatten_entry
from .. import elemental, library
from ..elemental import IrArray, mathfns
from ..kernels import load_all
from ..kernels.collectives import async_schedule, check_module_devices, keeps_order
from ..kernels.context import KernelContext
from ..kernels.lapack import blas_threads
from ..kernels.loop import emit_elemental_instr
from ..kernels.lowering import Rewriter
from ..kernels.sort import computed_by_its_sorts, computed_operands
from ..kernels.stream_store import wants_stream
from ..library.gemm import vector_bits
from ..library.threadpool import TASK_TY
from ..llvmir.hints import mark_glue, mark_glue_functions
from ..llvmir.irutil import entry_slot, intrinsic_memcpy
from ..llvmir.irvalues import I8, I32, I64, PTR, VOID, const
from ..llvmir.symbols import fresh_name
from ..lowerings import ELEMENTAL, KERNEL, LOWERINGS, NO_CODE, is_kernel, native_kind
from . import rowgroups, split
from .buffers import IN_PLACE_OPS, BufferAssignment, aliases_operand, assign_buffers
from .concurrent import Region, find_region
from .inline_glue import inline_glue
from .kernel_key import kernel_key
from .profile import CLOCKS, Site, gemm_flops, sites_text
from .profile import symbols as profile_symbols


def sanitize(name: str) -> str:
    return re.sub(r"[^A-Za-z0-9_.]", "_", name)


# ------------------------------------------------------------------------------------------------
# flattening calls


def flatten_entry(module: Module) -> tuple[Computation, list[Instruction]]:
    """The entry computation with `call`s inlined (hloc/passes/analysis/flatten.py); asynchronous
    pairs, copy-start/-done, domain and rng rewritten on the way (kernels/lowering.py)."""
    check_module_devices(module)
    load_all()  # (the rewrites are registered by the kernel modules: none may be missed)
    try:
        flat, order = _flatten_entry(module, Rewriter)
    except PassError as e:
        raise CodegenError(e.message, e.loc) from None
    return flat, async_schedule(order)


def flatten(comp: Computation) -> tuple[Computation, list[Instruction]]:
    """`comp` with `call`s inlined, as a new computation (the module is untouched), and its
    schedule (post order). Used for the entry and for computations called by control flow."""
    load_all()
    try:
        flat, order = _flatten(comp, Rewriter)
    except PassError as e:
        raise CodegenError(e.message, e.loc) from None
    return flat, async_schedule(order)


def entry_plan(module: Module) -> Plan:
    """The entry's plan as the native code runs it: schedule, buffers, concurrent region."""
    return _entry_plan(module)[1]


def _entry_plan(module: Module) -> tuple[ModuleEmitter, Plan]:
    em = ModuleEmitter(module, "entry")
    return em, em._make_plan(*flatten_entry(module), entry=True)


def buffer_assignment(module: Module) -> ModuleAssignment:
    """The buffer assignments the native code of `module` uses: the entry's and those of the
    computations called by control flow, with this backend's model (kernel scratch included).
    Raises CodegenError when the backend cannot compile the module."""
    em, entry = _entry_plan(module)
    roles = {}
    for plan in [entry, *em._plans.values()]:
        for instr in plan.schedule:
            for comp, writable, role in control_flow_callees(instr):
                roles.setdefault((comp, writable), role)
    called = [(roles.get(key, key[0].name), p.ba.analysis) for key, p in em._plans.items()]
    return ModuleAssignment(entry.ba.analysis, called)


# ------------------------------------------------------------------------------------------------
# checks


def check_supported(flat: Computation, schedule: list[Instruction]) -> None:
    """Raise CodegenError (with the instruction's source line) for anything the backend cannot
    compile. Runs before any IR exists: LLVM aborts the process on invalid IR."""
    load_all()
    for instr in schedule:
        op = instr.opcode
        for leaf in instr.shape.leaves():
            if leaf.is_array and not leaf.is_static:
                raise CodegenError(f"dynamic shapes ({leaf}) are not supported by the native backend", instr.loc)
        entry = LOWERINGS.get(op)
        kind = entry.kind if entry is not None else ""
        if kind == NO_CODE or aliases_operand(instr):
            if op == "bitcast" and instr.shape.byte_size != instr.operands[0].shape.byte_size:
                raise CodegenError("bitcast changes the byte size", instr.loc)
            continue
        if kind == KERNEL:
            if entry.check is not None:
                entry.check(instr)
        elif kind == ELEMENTAL:
            elemental.check_instruction(instr)
        else:
            raise CodegenError(f"the native backend does not support '{op}' yet", instr.loc)


# ------------------------------------------------------------------------------------------------
# emission


@dataclass
class Plan:
    """A computation ready to emit: calls inlined, its schedule, its buffers."""

    comp: Computation
    schedule: list[Instruction]
    ba: BufferAssignment
    region: Region | None = None  # branches of the schedule that run at the same time (concurrent.py)


class ModuleEmitter:
    def __init__(self, module: Module, entry_name: str, triple: str = "", data_layout: str = "",
                 flush_denormals: bool = True, features: str = "", library=None, profile: bool = False):
        self.module = module
        self.x86 = not triple or triple.startswith(("x86_64", "i686"))
        self.flush_denormals = flush_denormals and self.x86
        self.entry_name = entry_name
        self.features = features
        self.llmod = ir.Module(name=sanitize(module.name))
        mathfns.set_target(self.llmod, features)
        self.llmod.hloc_vector_bits = vector_bits(features)  # (loops.loop_id: how row reductions interleave)
        if triple:
            self.llmod.triple = triple
        if data_layout:
            self.llmod.data_layout = data_layout
        if library is not None:  # library.Library: the pool and GEMMs are declared, not emitted
            library.attach(self.llmod)
        self._globals: dict[Instruction, ir.GlobalVariable] = {}
        self._plans: dict[tuple, Plan] = {}
        self._functions: dict[tuple, ir.Function] = {}
        self._kernels: dict[str, ir.Function] = {}  # kernel IR (own names by position) -> its function
        self._keyed: dict[tuple, ir.Function] = {}  # kernel_key -> the function made for it
        self._key_memo: dict = {}  # computation -> its structural key (kernel_key)
        self._calls: list[ir.CallInstr] = []  # the kernel calls (inline_glue.py)
        self.timer = KernelTimer(self.llmod, entry_name) if profile else None

    def emit(self) -> tuple[ir.Module, BufferAssignment]:
        flat, schedule = flatten_entry(self.module)
        plan = self._make_plan(flat, schedule, entry=True)
        self._emit_entry(plan)
        if self.timer is not None:
            self.timer.finish()
        mark_glue(self.llmod)
        inline_glue(self._calls)
        return self.llmod, plan.ba

    # -- planning (checks and buffers before any IR)
    def _make_plan(self, flat: Computation, schedule: list[Instruction], writable_params: bool = False,
                   entry: bool = False) -> Plan:
        """`entry`: the entry's plan, which may run independent LAPACK chains side by side."""
        check_supported(flat, schedule)
        keep = keeps_order(schedule)
        region = find_region(schedule) if entry and not keep else None
        if region is not None:
            ba = assign_buffers(flat, region.order, self.scratch_bytes, writable_params, self.in_place_candidates,
                                concurrent=region.span)
        else:
            ba = assign_buffers(flat, schedule, self.scratch_bytes, writable_params, self.in_place_candidates,
                                keep_order=keep)
        return Plan(flat, ba.schedule, ba, region)

    def plan(self, comp: Computation, writable_params: bool = False) -> Plan:
        """The plan of a computation called by control flow (flattened and checked once).
        `writable_params`: its parameter buffers are its own to update (a while body's state)."""
        key = (comp, writable_params)
        p = self._plans.get(key)
        if p is None:
            p = self._plans[key] = self._make_plan(*flatten(comp), writable_params)
        return p

    def scratch_bytes(self, instr: Instruction) -> int:
        entry = LOWERINGS.get(instr.opcode)
        return entry.scratch(instr, self) if entry is not None and entry.scratch is not None else 0

    @staticmethod
    def in_place_candidates(instr: Instruction) -> dict[int, int]:
        """Operands whose buffer the instruction's kernel may write its output over: the
        in-place kernels' (buffers.IN_PLACE_OPS; scatter, which then skips copying operand k to
        output k) and the loop kernel's (it reads a shared operand through its output array at the
        index it then stores)."""
        if is_kernel(instr.opcode) and instr.opcode not in IN_PLACE_OPS | {"fusion", "scatter"}:
            return {}
        return default_in_place(instr)

    # -- constants
    def constant_global(self, instr: Instruction, leaf_no: int = 0) -> ir.GlobalVariable:
        key = (instr, leaf_no)
        g = self._globals.get(key)
        if g is not None:
            return g
        lit = literal_value(instr.literal)
        if isinstance(lit, tuple):
            flat_lits = _flatten_literal(lit)
            lit = flat_lits[leaf_no]
            shape = instr.shape.leaves()[leaf_no]
        else:
            shape = instr.shape
        data = _physical_bytes(np.asarray(lit), shape)
        arr_t = ir.ArrayType(I8, max(1, len(data)))
        g = ir.GlobalVariable(self.llmod, arr_t, self._unique(f"c.{sanitize(instr.name)}"))
        g.initializer = ir.Constant(arr_t, bytearray(data if data else b"\0"))
        g.global_constant = True
        g.linkage = "private"
        g.align = 64
        self._globals[key] = g
        return g

    def constant_array(self, instr: Instruction) -> IrArray:
        return IrArray(self.constant_global(instr), instr.shape)

    def _unique(self, name: str) -> str:
        return fresh_name(self.llmod, name)

    # -- computation functions
    def computation_function(self, comp: Computation, skip_copies: frozenset[int] = frozenset(),
                             writable_params: bool = False) -> ir.Function:
        """An internal function running a computation called by control flow, with the entry ABI:
        `void f(ptr params, ptr results, ptr temp)` (arrays of leaf pointers; `temp` holds
        `plan(comp, writable_params).ba.temp_bytes` bytes). Unlike the entry's, its results may be
        its parameters' buffers: result leaves in `skip_copies` are then not copied from the
        parameter leaf of the same number (the caller passes that buffer as both)."""
        key = (comp, skip_copies, writable_params)
        fn = self._functions.get(key)
        if fn is None:
            plan = self.plan(comp, writable_params)
            fn = ir.Function(self.llmod, ir.FunctionType(VOID, [PTR, PTR, PTR]),
                             self._unique(f"comp.{sanitize(comp.name)}"))
            fn.linkage = "internal"
            fn.attributes.add("noinline")
            fn.attributes.add("nounwind")
            self._functions[key] = fn
            self._emit_body(fn, plan, skip_copies, where=comp.name)
        return fn

    # -- the entry function
    def _emit_entry(self, plan: Plan) -> None:
        m = self.llmod
        ba = plan.ba
        fn = ir.Function(m, ir.FunctionType(VOID, [PTR, PTR, PTR, I64]), self.entry_name)
        fn.args[3].name = "num_threads"
        for name, value in (("temp_bytes", ba.temp_bytes), ("num_params", len(ba.param_leaves)),
                            ("num_results", len(ba.result_leaves))):
            g = ir.GlobalVariable(m, I64, f"{self.entry_name}_{name}")
            g.initializer = const(I64, value)
            g.global_constant = True
        self._emit_body(fn, plan, frozenset(), ftz=self.flush_denormals)
        self._emit_threading(fn)

    def _emit_threading(self, entry: ir.Function) -> None:
        """When a kernel splits work over threads (library/threadpool.py), the entry claims the pool for the
        call (`num_threads`) and releases it before returning; `<entry>_shutdown` joins the workers."""
        m = self.llmod
        name = f"{self.entry_name}_shutdown"
        if not library.has_pool(m):
            ir.IRBuilder(ir.Function(m, ir.FunctionType(VOID, []), name).append_basic_block("entry")).ret_void()
            return
        pool = library.pool(m)
        if not library.alias(m, name, pool.stop.name):  # (the library's pool: its stop is the shutdown)
            b = ir.IRBuilder(ir.Function(m, ir.FunctionType(VOID, []), name).append_basic_block("entry"))
            b.call(pool.stop, [])
            b.ret_void()
        b = ir.IRBuilder(entry.entry_basic_block)
        b.position_at_start(entry.entry_basic_block)
        owned = b.call(pool.enter, [entry.args[3]])
        for block in entry.blocks:
            if isinstance(block.terminator, ir.Ret):
                b.position_before(block.terminator)
                b.call(pool.exit, [owned])

    def _emit_body(self, fn: ir.Function, plan: Plan, skip_copies: frozenset[int], ftz: bool = False,
                   where: str = "entry") -> None:
        """Kernel calls in schedule order, then the result copies, into `fn(params, results, temp)`.
        `where`: the computation's name in a profile (profile.py)."""
        ba = plan.ba
        fn.args[0].name, fn.args[1].name, fn.args[2].name = "params", "results", "temp"
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        restore = self._enter_ftz(b) if ftz else None
        ptr_of = self._pointers(b, fn, ba)
        region = plan.region
        if region is None:
            self._emit_kernels(b, plan.schedule, ba, ptr_of, where)
        else:
            self._emit_kernels(b, region.prefix, ba, ptr_of, where)
            self._emit_region(b, fn, region, ba, where)
            self._emit_kernels(b, region.suffix, ba, ptr_of, where)

        copies = [(src, dst, shape.byte_size) for src, dst, shape in ba.copies if shape.byte_size and not (
            src.kind == "param" and src.index == dst.index and dst.index in skip_copies)]
        site = None
        if self.timer is not None and copies:
            site = self.timer.site(b, Site("result copies", where, "copy", 0, 2 * sum(n for _, _, n in copies)))
        for src, dst, n in copies:
            intrinsic_memcpy(b, ptr_of(dst), ptr_of(src), n)
        if site is not None:
            self.timer.done(b, site)
        if restore is not None:
            restore()
        b.ret_void()

    def _pointers(self, b: ir.IRBuilder, fn: ir.Function, ba: BufferAssignment):
        """Where a slice is, in `fn(params, results, temp)` at `b`: a function of the slice."""
        param_ptrs = [b.load(b.gep(fn.args[0], [const(I64, i)], source_etype=PTR), typ=PTR)
                      for i in range(len(ba.param_leaves))]
        result_ptrs = [b.load(b.gep(fn.args[1], [const(I64, j)], source_etype=PTR), typ=PTR)
                       for j in range(len(ba.result_leaves))]

        def ptr_of(s) -> ir.Value:
            if s.kind == "param":
                return param_ptrs[s.index]
            if s.kind == "result":
                return result_ptrs[s.index]
            if s.kind == "temp":
                return b.gep(fn.args[2], [const(I64, s.index)], inbounds=True, source_etype=I8)
            if s.kind == "const":
                leaf_no = 0
                if s.instr.shape.is_tuple:
                    leaf_no = [id(x) for x in ba.leaves[s.instr]].index(id(s))
                return self.constant_global(s.instr, leaf_no)
            return ir.Constant(PTR, None)
        return ptr_of

    def _emit_kernels(self, b: ir.IRBuilder, instrs: list[Instruction], ba: BufferAssignment, ptr_of,
                      where: str) -> None:
        """The kernel calls of `instrs` (a stretch of the schedule) at `b`."""
        groups = rowgroups.find_groups(instrs, ba)
        grouped = {mem.instr for g in groups.values() for mem in g.members}
        for instr in instrs:
            if native_kind(instr.opcode) == NO_CODE or aliases_operand(instr):
                continue
            if instr in groups:  # consecutive row-local kernels, run block of rows by block of rows
                g = groups[instr]
                with working_on(f"'{instr.name}' ({instr.opcode}) and the row-local kernels after it", instr.loc):
                    gfn = self._emit_group(g, ba)
                site = None
                if self.timer is not None:
                    site = self.timer.site(b, Site("+".join(m.instr.name for m in g.members), where, "rows",
                                                   sum(gemm_flops(m.instr) for m in g.members),
                                                   _distinct_bytes(g.slices)))
                self._calls.append(b.call(gfn, [ptr_of(s) for s in g.slices]))
                if site is not None:
                    self.timer.done(b, site)
                continue
            if instr in grouped:
                continue
            if _writes_nothing(instr) or computed_by_its_sorts(instr):
                continue
            out_slices = ba.leaves[instr]
            out_shapes = [leaf for leaf in instr.shape.leaves() if leaf.is_array]
            operand_slices = []
            operand_shapes = []
            for o in instr.operands:
                leaves = [leaf for leaf in o.shape.leaves() if leaf.is_array]
                operand_slices.append([s for s in ba.leaves[o] if s.kind != "none"])
                operand_shapes.append(leaves)
            in_place = instr in ba.in_place
            if in_place:  # operand 0 is the output's own buffer: not passed (pointers are noalias)
                operand_slices[0], operand_shapes[0] = [], []
            shared = ba.shared.get(instr, {})
            for k in shared:  # read through the output array it shares a buffer with
                operand_slices[k], operand_shapes[k] = [], []
            scratch = instr in ba.scratch_slices
            # (large entry results: streaming stores where the kernel's loop allows them)
            stream = frozenset(k for k, sl in enumerate([s for s in out_slices if s.kind != "none"])
                               if where == "entry" and self.x86 and wants_stream(sl.kind, sl.size))
            with working_on(f"'{instr.name}' ({instr.opcode})", instr.loc):
                kfn = self._emit_kernel(instr, out_shapes, operand_shapes, scratch, in_place, shared, stream)
            args = [ptr_of(s) for s in out_slices if s.kind != "none"]
            for ss in operand_slices:
                args.extend(ptr_of(s) for s in ss)
            if scratch:
                args.append(ptr_of(ba.scratch_slices[instr]))
            site = None
            if self.timer is not None:
                kind = f"fusion({instr.attrs.get('kind', '')})" if instr.opcode == "fusion" else instr.opcode
                touched = [s for s in out_slices if s.kind != "none"] + [s for ss in operand_slices for s in ss]
                site = self.timer.site(b, Site(instr.name, where, kind, gemm_flops(instr), _distinct_bytes(touched)))
            self._calls.append(b.call(kfn, args))
            if site is not None:
                self.timer.done(b, site)

    def _emit_region(self, b: ir.IRBuilder, fn: ir.Function, region: Region, ba: BufferAssignment,
                     where: str) -> None:
        """The region's two branches as the two tasks of one parallel-for: each a function
        `void f(params, results, temp)` of its kernel calls, called by the task function."""
        m = self.llmod
        branch_fns = []
        for k, instrs in enumerate(region.branches):
            bf = ir.Function(m, ir.FunctionType(VOID, [PTR, PTR, PTR]), self._unique(f"{self.entry_name}.branch{k}"))
            bf.linkage = "internal"
            bf.attributes.add("noinline")
            bf.attributes.add("nounwind")
            bb = ir.IRBuilder(bf.append_basic_block("entry"))
            self._emit_kernels(bb, instrs, ba, self._pointers(bb, bf, ba), where)
            bb.ret_void()
            branch_fns.append(bf)
        frame_ty = ir.LiteralStructType([PTR, PTR, PTR])
        task = ir.Function(m, TASK_TY, self._unique(f"{self.entry_name}.branches"))
        task.linkage = "internal"
        task.attributes.add("nounwind")
        tb = ir.IRBuilder(task.append_basic_block("entry"))
        frame_arg, t = task.args
        args = [tb.load(tb.gep(frame_arg, [const(I32, 0), const(I32, k)], inbounds=True, source_etype=frame_ty),
                        typ=PTR) for k in range(3)]
        with tb.if_else(tb.icmp_unsigned("==", t, const(I64, 0))) as (first, second):
            with first:
                tb.call(branch_fns[0], args)
            with second:
                tb.call(branch_fns[1], args)
        tb.ret_void()
        # The region: OpenBLAS's thread count is the process's, so one thread over it all, and what
        # each branch's calls set and restore is that same one. (A function of its own, of several
        # blocks: the entry stays one block of glue, hints.py.)
        region_fn = ir.Function(m, ir.FunctionType(VOID, [PTR, PTR, PTR]), self._unique(f"{self.entry_name}.region"))
        region_fn.linkage = "internal"
        region_fn.attributes.add("noinline")
        region_fn.attributes.add("nounwind")
        rb = ir.IRBuilder(region_fn.append_basic_block("entry"))
        frame = entry_slot(rb, frame_ty, "branches.ctx")
        for k in range(3):
            rb.store(region_fn.args[k], rb.gep(frame, [const(I32, 0), const(I32, k)], inbounds=True,
                                               source_etype=frame_ty))
        restore = blas_threads(rb, const(I32, 1))
        rb.call(library.pool(m).parallel_for, [const(I64, 2), task, frame])
        restore()
        rb.ret_void()
        site = None
        if self.timer is not None:
            n = sum(1 for part in region.branches for i in part
                    if native_kind(i.opcode) != NO_CODE and not aliases_operand(i))
            site = self.timer.site(b, Site(f"concurrent region ({n} kernels)", where, "concurrent", 0, 0))
        b.call(region_fn, list(fn.args[:3]))
        if site is not None:
            self.timer.done(b, site)

    def _enter_ftz(self, b: ir.IRBuilder):
        """Set MXCSR's flush-to-zero and denormals-are-zero bits for the call (XLA:CPU runs its
        computations that way), and return a function that restores the caller's MXCSR."""
        fns = {}
        for name in ("llvm.x86.sse.stmxcsr", "llvm.x86.sse.ldmxcsr"):
            fns[name] = self.llmod.globals.get(name) or ir.Function(self.llmod, ir.FunctionType(VOID, [PTR]), name)
        saved = b.alloca(ir.IntType(32), name="mxcsr.saved")
        mode = b.alloca(ir.IntType(32), name="mxcsr.ftz")
        b.call(fns["llvm.x86.sse.stmxcsr"], [saved])
        b.store(b.or_(b.load(saved), ir.Constant(ir.IntType(32), 0x8040)), mode)
        b.call(fns["llvm.x86.sse.ldmxcsr"], [mode])
        return lambda: b.call(fns["llvm.x86.sse.ldmxcsr"], [saved])

    def _emit_group(self, group, ba: BufferAssignment) -> ir.Function:
        m = self.llmod
        first_new, cached = len(m.globals), (len(self._globals), len(self._functions))
        name = self._unique("k.rows." + ".".join(sanitize(mem.instr.name) for mem in group.members))
        fn = rowgroups.emit_group(self, group, ba, name)
        if (len(self._globals), len(self._functions)) != cached:
            return fn
        return self._dedupe(fn, list(m.globals.values())[first_new:])[0]

    def _emit_kernel(self, instr: Instruction, out_shapes: list[Shape], operand_shapes: list[list[Shape]],
                     scratch: bool = False, in_place: bool = False, shared: dict[int, int] | None = None,
                     stream: frozenset[int] = frozenset()):
        """`in_place`: operand 0's buffer is output 0's (a dynamic-update-slice); `shared`: operand ->
        output leaf whose buffer it is. Those operands get no argument: the kernel sees the output's
        buffer as the operand (ctx.in_place lists them)."""
        m = self.llmod
        key = kernel_key(instr, out_shapes, operand_shapes, scratch, in_place, shared, self._key_memo,
                         computed_operands(instr))
        if key is not None and stream:
            key = (key, tuple(sorted(stream)))
        made = self._keyed.get(key) if key is not None else None
        if made is not None:
            return made
        first_new, cached = len(m.globals), (len(self._globals), len(self._functions))
        n_args = len(out_shapes) + sum(len(s) for s in operand_shapes) + int(scratch)
        fn = ir.Function(m, ir.FunctionType(VOID, [PTR] * n_args), self._unique(f"k.{sanitize(instr.name)}"))
        fn.linkage = "internal"
        fn.attributes.add("noinline")
        fn.attributes.add("nounwind")
        for a in fn.args:
            a.add_attribute("noalias")
        b = ir.IRBuilder(fn.append_basic_block("entry"))
        args = iter(fn.args)
        outputs = [IrArray(next(args), s) for s in out_shapes]
        operands = [[IrArray(next(args), s) for s in shapes] for shapes in operand_shapes]
        reused = dict(shared or {})
        if in_place:
            reused[0] = 0
        for k, leaf in reused.items():
            operands[k] = [IrArray(outputs[leaf].ptr, instr.operands[k].shape)]
        ctx = KernelContext(m, fn, b, instr, outputs, operands, self.constant_array,
                            scratch=next(args) if scratch else None, emitter=self,
                            in_place=frozenset(reused), stream=stream)
        entry = LOWERINGS.get(instr.opcode)
        emit = entry.emit if entry is not None and entry.emit is not None else emit_elemental_instr
        emit(ctx, instr)
        ctx.b.ret_void()
        if (len(self._globals), len(self._functions)) != cached:
            return fn  # it made constants or computation functions other code may reference: keep it
        fn, self_contained = self._dedupe(fn, list(m.globals.values())[first_new:])
        if self_contained and key is not None:
            self._keyed[key] = fn
        return fn

    def _dedupe(self, fn: ir.Function, new: list) -> tuple[ir.Function, bool]:
        """An identical kernel emitted before, if there is one (the new one is then removed): LLVM
        then optimises and compiles that code once. `new`: the globals emitting `fn` added (its own
        functions, e.g. parallel tasks; declarations of shared functions stay; and private constant
        tables, compared by content: a convolution's im2col taps). Also whether `fn` is self-contained
        (it made no other globals, which another kernel could not share)."""
        group = [g for g in new if isinstance(g, ir.Function) and g.blocks]
        tables = [g for g in new if isinstance(g, ir.GlobalVariable) and g.global_constant
                  and g.linkage in ("private", "internal")]
        if any(not isinstance(g, ir.Function) and g not in tables for g in new):
            return fn, False
        mark_glue_functions(group)  # (as mark_glue would at the end: the texts kept stay valid)
        texts = [str(g) for g in group]
        for g, t in zip(group, texts):
            split.keep_text(g, t)  # (split.entities prints the module's functions again otherwise)
        text = "\n".join(texts + [str(t) for t in tables])
        for k, g in enumerate(group + tables):  # the group's own names, by position
            text = text.replace(f'@"{g.name}"', f'@"#{k}"')
        # loop metadata by content (each loop has its own distinct node: loops.loop_id)
        mds = self.llmod.metadata
        text = re.sub(r"!llvm\.loop !(\d+)", lambda mo: "!llvm.loop " + ",".join(
            str(op) for op in mds[int(mo.group(1))].operands), text)
        same = self._kernels.get(text)
        if same is None:
            self._kernels[text] = fn
            return fn, True
        for g in group + tables:
            del self.llmod.globals[g.name]
        return same, True


def _writes_nothing(instr: Instruction) -> bool:
    """No element to compute: every output leaf is empty (a kernel's element code would have no
    value to store, e.g. a concatenation of empty operands), and nothing else happens."""
    if not all(leaf.is_array and leaf.num_elements == 0 for leaf in instr.shape.leaves()):
        return False  # (asked first: has_side_effect walks the called computations)
    return not (instr.has_side_effect() or (instr.called_computations and instr.opcode != "fusion"))


def _distinct_bytes(slices) -> int:
    return sum({s.key: s.size for s in slices if s.kind != "none"}.values())


class KernelTimer:
    """A profiling build's kernel timing (profile.py): `site()` before a kernel call reads the clock,
    `done()` after it adds the elapsed nanoseconds and one call to the site's counters; `finish()`
    defines the counters and the site table once every site is known. The clock and the update are
    two small noinline functions, so the entry stays glue (hints.py)."""

    def __init__(self, m: ir.Module, entry_name: str):
        self.m = m
        self.counters_name, self.sites_name, self.clock_name = profile_symbols(entry_name)
        self.sites: list[Site] = []
        self.now = ir.Function(m, ir.FunctionType(I64, []), "hloc.profile.now")
        self.add = ir.Function(m, ir.FunctionType(VOID, [I64, I64]), "hloc.profile.add")
        for f in (self.now, self.add):
            f.linkage = "internal"
            f.attributes.add("noinline")
            f.attributes.add("nounwind")

    def site(self, b: ir.IRBuilder, site: Site) -> tuple[int, ir.Value]:
        self.sites.append(site)
        return len(self.sites) - 1, b.call(self.now, [])

    def done(self, b: ir.IRBuilder, site: tuple[int, ir.Value]) -> None:
        b.call(self.add, [const(I64, site[0]), site[1]])

    def finish(self) -> None:
        m = self.m
        n = len(self.sites)
        counters = ir.GlobalVariable(m, ir.ArrayType(I64, 2 * n), self.counters_name)
        counters.initializer = ir.Constant(ir.ArrayType(I64, 2 * n), None)
        table = bytearray(sites_text(self.sites).encode() + b"\0")
        names = ir.GlobalVariable(m, ir.ArrayType(I8, len(table)), self.sites_name)
        names.initializer = ir.Constant(ir.ArrayType(I8, len(table)), table)
        names.global_constant = True
        # now(): the selected clock (CLOCK_MONOTONIC unless the caller set another) in nanoseconds
        clock_id = ir.GlobalVariable(m, ir.IntType(32), self.clock_name)
        clock_id.initializer = ir.Constant(ir.IntType(32), CLOCKS["wall"])
        clock = ir.Function(m, ir.FunctionType(ir.IntType(32), [ir.IntType(32), PTR]), "clock_gettime")
        b = ir.IRBuilder(self.now.append_basic_block("entry"))
        ts = b.alloca(ir.ArrayType(I64, 2))
        b.call(clock, [b.load(clock_id), ts])
        sec, nsec = (b.load(b.gep(ts, [const(I64, 0), const(I64, k)])) for k in (0, 1))
        b.ret(b.add(b.mul(sec, const(I64, 1_000_000_000)), nsec))
        # add(site, start): counters[2 site] += now() - start; counters[2 site + 1] += 1
        b = ir.IRBuilder(self.add.append_basic_block("entry"))
        site, start = self.add.args
        elapsed = b.sub(b.call(self.now, []), start)
        slot = b.mul(site, const(I64, 2))
        for offset, value in ((slot, elapsed), (b.add(slot, const(I64, 1)), const(I64, 1))):
            p = b.gep(counters, [const(I64, 0), offset])  # (typed: llvmlite checks the store's pointee)
            b.store(b.add(b.load(p), value), p)
        b.ret_void()


def _flatten_literal(lit) -> list:
    if isinstance(lit, tuple):
        out = []
        for x in lit:
            out.extend(_flatten_literal(x))
        return out
    return [lit]


def _physical_bytes(arr: np.ndarray, shape: Shape) -> bytes:
    """The literal's elements in the shape's layout, in storage form (complex interleaved)."""
    et = ELEMENT_TYPES[shape.etype]
    if shape.rank > 1:
        arr = np.transpose(arr, list(reversed(shape.minor_to_major)))
    arr = np.ascontiguousarray(arr)
    if et.kind == "pred":
        return arr.astype(np.uint8).tobytes()
    if et.kind in ("sint", "uint") and et.bits < 8:
        return (arr.view(np.uint8) & ((1 << et.bits) - 1)).astype(np.uint8).tobytes()
    return arr.tobytes()
