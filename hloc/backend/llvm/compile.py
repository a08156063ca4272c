"""Module -> LLVM IR -> optimised IR -> object code / assembly / an in-process executable.

    exe = compile_module(module, CompileOptions(opt_level=3))
    outputs = exe([x, w])                      # nested numpy values, like hloc.interp.evaluate
    exe.timings                                # seconds per phase
    exe.emit_object() / exe.emit_asm() / exe.emit_llvm(optimized=True)

The executable runs exactly the object code `emit_object` returns: the object is loaded with ORC
LLJIT (the JIT and AOT paths share one TargetMachine, PIC), and the engine stays alive as long as
the Executable does.

With more than one thread to compile with (compile_threads()), a module with several kernels is
compiled in parts in parallel and their assembly assembled into the object (split.py); otherwise,
and for targets split.py does not handle, the module is optimised and code-generated whole. Either
way LLVM only runs on IR the code cache (codegen/code_cache.py) has no product of yet.
"""

from __future__ import annotations

import ctypes
import os
import threading
import time
import weakref
from dataclasses import dataclass, field

import llvmlite.binding as llvm
import numpy as np

from ...aligned import aligned_bytes
from ...errors import CodegenError, RunError, UsageError, VerifyError, working_on
from ...ir.module import Module
from ...ir.types import ELEMENT_TYPES, Shape
from ...progress import stage
from .abi import ENTRY_ARGS, default_threads, shutdown_then_release
from .codegen import code_cache, split
from .codegen.buffers import ALIGN, BufferAssignment
from .codegen.emitter import ModuleEmitter, sanitize
from .codegen.linking import Library, portable
from .codegen.target import (
    TargetSpec,
    codegen_level,
    init_llvm,
    new_target_machine,
    only_glue,
    optimize,
    target_machine,
)

# The most parts a module is split into for compiling in parallel (split.py).
MAX_PARTS = 8


def compile_threads() -> int:
    """Threads LLVM may use to compile a module: $HLOC_COMPILE_THREADS, else the CPUs this process
    may run on. 1 compiles the module whole, as one LLVM module (no split)."""
    v = os.environ.get("HLOC_COMPILE_THREADS", "")
    if v.strip():
        try:
            return max(1, int(v))
        except ValueError:
            raise UsageError(f"HLOC_COMPILE_THREADS must be a number of threads, not '{v}'") from None
    return default_threads()


@dataclass(frozen=True)
class CompileOptions:
    """opt_level: 0-3 (LLVM pipeline; >= 2 vectorises). entry_name: the exported entry symbol.
    target: host by default; a cross target can emit object code/assembly but not run.
    flush_denormals: run with MXCSR flush-to-zero + denormals-are-zero (x86), as XLA:CPU does, so
    results match XLA's on denormals; off gives IEEE gradual underflow."""

    opt_level: int = 3
    flush_denormals: bool = True
    entry_name: str = "hloc_entry"
    target: TargetSpec = field(default_factory=TargetSpec)
    verify: bool = True
    # Take the worker pool and the GEMMs from the precompiled library (codegen/linking.py) where supported.
    library: bool = True
    # Time every kernel call (profile.py): a profiling build.
    profile: bool = False
    # Reuse LLVM's products for IR compiled before (codegen/code_cache.py; also off with $HLOC_CODE_CACHE=0).
    code_cache: bool = True


@dataclass
class CompiledModule:
    """The products of compilation, before anything is loaded. `optimized_ir` is made when first
    asked for (the same pipeline run again on `llvm_ir`): printing it on every compile cost more
    than parsing the module."""

    llvm_ir: str  # unoptimised IR text
    opt_level: int
    obj: bytes
    assembled: str | None  # when compiled in parts (split.py): the module of assembly `obj` was made from
    buffers: BufferAssignment
    entry_name: str
    timings: dict
    param_leaves: list[Shape]
    result_leaves: list[Shape]
    param_shapes: list[Shape]
    result_shape: Shape
    target: TargetSpec
    library: str = ""  # where the precompiled library came from (codegen/linking.py): memory, disk, built; '' unused
    profile_sites: list | None = None  # a profiling build's timed call sites (profile.Site), else None
    pass_timings: dict = field(default_factory=dict)  # HLO pass label -> seconds (inside timings' hlo_passes)
    glue_only: bool = False  # every function optnone (target.only_glue): code-generated at O0
    glue_module: str | None = None  # compiled with the glue apart (split.glue_apart): the O0 module, else None
    _optimized_ir: str | None = field(default=None, repr=False)

    @property
    def optimized_ir(self) -> str:
        if self._optimized_ir is None:
            mod = llvm.parse_assembly(self.llvm_ir)
            optimize(mod, target_machine(self.target, self.opt_level), self.opt_level)
            # (the library's data as `.ascii`, not `.base64`: readable by older LLVM and GNU as)
            self._optimized_ir = portable(str(mod))
        return self._optimized_ir

    def assembly(self) -> str:
        """The assembly of `obj`: when compiled in parts, the text that was assembled; else the
        whole module's optimised IR code-generated again."""
        if self.assembled is not None:
            return portable(split.assembly_of(self.assembled))  # (the library's data as `.ascii`)
        if self.glue_module is not None:
            tm = target_machine(self.target, codegen_level(self.opt_level, True))
            return portable(tm.emit_assembly(llvm.parse_assembly(self.glue_module)))
        tm = target_machine(self.target, codegen_level(self.opt_level, self.glue_only))
        return tm.emit_assembly(llvm.parse_assembly(self.optimized_ir))


def compile_to_object(module: Module, options: CompileOptions | None = None) -> CompiledModule:
    with working_on(f"module '{module.name}'", module.entry.loc if module.entry is not None else None):
        return _compile_to_object(module, options or CompileOptions())


def _compile_to_object(module: Module, options: CompileOptions) -> CompiledModule:
    init_llvm()
    timings: dict[str, float] = {}
    t0 = time.perf_counter()
    trees = _optional_pass("tree_reduction_rewriter")
    if trees is not None:
        trees.run_on(module)  # (long f32 sums as accurate as XLA:CPU's, whatever the HLO pipeline ran)
    honour_layouts(module)
    stage("LLVM IR")
    spec = options.target.resolved()
    tm = target_machine(spec, options.opt_level)
    lib = Library.for_target(spec, options.opt_level) if options.library else None
    emitter = ModuleEmitter(module, options.entry_name, spec.triple, str(tm.target_data),
                            options.flush_denormals, spec.features, library=lib, profile=options.profile)
    llmod, ba = emitter.emit()
    ents = split.entities(llmod)
    text = split.module_text(llmod, ents)
    t1 = time.perf_counter()
    timings["emit_ir"] = t1 - t0
    lib_asm = ""
    if lib is not None and lib.components:
        stage("runtime library")  # (compiled once per target and cached; seconds when it is not)
        lib_asm = "\n" + lib.module_asm()  # (the module text may end without a newline, after metadata)
        t1b = time.perf_counter()
        timings["library"] = t1b - t1
        t1 = t1b
    text += lib_asm
    threads = compile_threads()
    use_cache = options.code_cache and code_cache.enabled()
    parts = None
    if threads > 1 and split.splittable(spec) and split.parallel_available():
        parts = split.plan(llmod, ents, MAX_PARTS)
    assembled = None
    obj = None
    if parts is not None:
        # Kernels optimised and code-generated in parallel, their assembly joined and assembled once.
        t2 = time.perf_counter()
        timings["split"] = t2 - t1
        asms, keys = _cached_parts(parts, spec, options.opt_level, use_cache)
        t2b = time.perf_counter()
        timings["code_cache"] = t2b - t2
        missing_parts = [k for k, a in enumerate(asms) if a is None]
        if missing_parts:
            try:
                made = split.compile_parts(parts.subset(missing_parts), (spec, options.opt_level),
                                           lambda level: new_target_machine(spec, level), options.opt_level,
                                           threads, options.verify)
            except RuntimeError as e:
                raise CodegenError(f"internal error: invalid LLVM IR generated: {e}") from None
            for k, asm in zip(missing_parts, made):
                asms[k] = asm
                if keys is not None:
                    code_cache.store(keys[k], asm.encode(), "part")
        t3 = time.perf_counter()
        if missing_parts:
            timings["parts"] = t3 - t2b
        stage("assembling")
        joined = split.join_asm(asms, parts.localized)
        missing = split.undefined_labels(joined)
        if missing:
            raise CodegenError(f"internal error: the parts' assembly uses local labels it does not define: "
                               f"{', '.join(missing[:5])}")
        assembled = split.assembly_module(llmod, joined) + lib_asm
        key = code_cache.code_key("assembled", assembled, spec, options.opt_level) if keys is not None else None
        obj = code_cache.load(key) if key is not None and not missing_parts else None
        if obj is None:
            try:
                obj = target_machine(spec, codegen_level(options.opt_level, True)).emit_object(
                    llvm.parse_assembly(assembled))  # (assembly only: nothing for a code generator)
            except RuntimeError as e:
                raise CodegenError(f"internal error: the parts' assembly does not assemble: {e}") from None
            if key is not None:
                code_cache.store(key, obj, "object")
        timings["assemble"] = time.perf_counter() - t3
    else:
        key = code_cache.code_key("object", text, spec, options.opt_level) if use_cache else None
        obj = code_cache.load(key) if key is not None else None
        if obj is not None:
            timings["code_cache"] = time.perf_counter() - t1
    glue = only_glue(llmod.functions)
    apart = split.glue_apart(llmod, ents) if parts is None and obj is None and not glue and split.splittable(spec) \
        else None
    glue_text = None
    if apart is not None:
        # The optimised functions to assembly, then the glue with that assembly code-generated at O0.
        stage("LLVM optimize")
        try:
            work_asm = split._compile_one(apart.work, tm, options.opt_level, options.verify)
        except RuntimeError as e:
            raise CodegenError(f"internal error: invalid LLVM IR generated: {e}") from None
        t2 = time.perf_counter()
        timings["optimize"] = t2 - t1
        stage("LLVM code generation")
        glue_text = split.glue_module(apart, work_asm) + lib_asm
        missing = split.undefined_labels(work_asm)
        if missing:
            raise CodegenError(f"internal error: the kernels' assembly uses local labels it does not define: "
                               f"{', '.join(missing[:5])}")
        try:
            mod = llvm.parse_assembly(glue_text)
            if options.verify:
                mod.verify()
        except RuntimeError as e:
            raise CodegenError(f"internal error: invalid LLVM IR generated: {e}") from None
        t3 = time.perf_counter()
        timings["parse_ir"] = t3 - t2  # (optimize: the kernels' part, parsed, optimised, code-generated)
        obj = target_machine(spec, codegen_level(options.opt_level, True)).emit_object(mod)
        timings["codegen"] = time.perf_counter() - t3
        if key is not None:
            code_cache.store(key, obj, "object")
    if parts is None and obj is None:
        try:
            mod = llvm.parse_assembly(text)
            if options.verify:
                mod.verify()
        except RuntimeError as e:  # an emitter bug, not a user error; keep the message
            raise CodegenError(f"internal error: invalid LLVM IR generated: {e}") from None
        t2 = time.perf_counter()
        timings["parse_ir"] = t2 - t1
        if not glue:
            # (all glue, e.g. a module of library GEMM calls: the pipeline would leave it as it is
            # and cost ~0.4 ms)
            stage("LLVM optimize")
            optimize(mod, tm, options.opt_level)
        t3 = time.perf_counter()
        stage("LLVM code generation")
        timings["optimize"] = t3 - t2
        obj = target_machine(spec, codegen_level(options.opt_level, glue)).emit_object(mod)
        t4 = time.perf_counter()
        timings["codegen"] = t4 - t3
        if key is not None:
            code_cache.store(key, obj, "object")
    return CompiledModule(text, options.opt_level, obj, assembled, ba, options.entry_name, timings,
                          ba.param_leaves, ba.result_leaves, module.entry.parameter_shapes,
                          module.entry.root.shape, spec, lib.status if lib is not None and lib.components else "",
                          profile_sites=emitter.timer.sites if emitter.timer is not None else None,
                          glue_only=glue, glue_module=glue_text)


def _cached_parts(parts: split.Split, spec: TargetSpec, opt_level: int,
                  use_cache: bool) -> tuple[list[str | None], list[str] | None]:
    """Each part's assembly from the code cache (None where it has none), and the parts' keys (None:
    the cache is off)."""
    if not use_cache:
        return [None] * len(parts.texts), None
    keys = [code_cache.code_key("part", t, spec, opt_level) for t in parts.texts]
    disk = code_cache.disk_cache()
    found = [code_cache.load(k, disk) for k in keys]
    return [f.decode() if f is not None else None for f in found], keys


def _optional_pass(name: str):
    """hloc.passes.NAME, or None in a build of hloc without hloc.passes (build.passes_available)."""
    import importlib

    try:
        return importlib.import_module(f"hloc.passes.{name}")
    except ModuleNotFoundError as e:
        if e.name in ("hloc.passes", f"hloc.passes.{name}"):
            return None
        raise


def honour_layouts(module: Module) -> None:
    """Kernels take the layouts the IR declares: a layout-changing copy wherever a value flows into
    a place declaring another layout (the layout-copies pass), then the layout-sensitive check, so
    that no boundary is left where bytes would be read in another order than they were written."""
    from ...ir.verifier import verify_layouts

    copies = _optional_pass("layout_copies")
    if copies is not None:
        copies.insert_layout_copies(module)
    try:
        verify_layouts(module)
    except VerifyError as e:
        raise CodegenError(f"internal error: {e.message}", e.loc) from None


def emit_asm(module: Module, options: CompileOptions | None = None) -> str:
    options = options or CompileOptions()
    return compile_to_object(module, options).assembly()


_lib_counter = iter(range(1 << 62))
_jit_lock = threading.Lock()
_JIT = None


def _lljit():
    global _JIT
    if _JIT is None:
        _JIT = llvm.create_lljit_compiler(target_machine(TargetSpec().resolved(), 3))
    return _JIT


class Executable:
    """A compiled module loaded in this process. `exe(args)` runs the entry computation with
    `exe.threads` threads (None: runtime.default_threads(), the CPUs this process may use)."""

    def __init__(self, compiled: CompiledModule, threads: int | None = None):
        if not compiled.target.is_host:
            raise CodegenError(f"cannot run code compiled for {compiled.target.triple} on this host")
        self.compiled = compiled
        self.threads = threads
        self.timings = dict(compiled.timings)
        t0 = time.perf_counter()
        name = compiled.entry_name
        shutdown = f"{name}_shutdown"
        with _jit_lock:
            jit = _lljit()
            tracker = (llvm.JITLibraryBuilder().add_object_img(compiled.obj).add_current_process()
                       .export_symbol(name).export_symbol(shutdown).link(jit, f"hloc{next(_lib_counter)}"))
            addr = tracker[name]
            # Join the module's worker threads before the code is released (they run in it).
            weakref.finalize(self, shutdown_then_release, ctypes.CFUNCTYPE(None)(tracker[shutdown]), tracker)
        self._fn = ctypes.CFUNCTYPE(None, *[getattr(ctypes, a.ctypes) for a in ENTRY_ARGS])(addr)
        self.timings["load"] = time.perf_counter() - t0
        self._param_leaves = compiled.param_leaves
        self._result_leaves = compiled.result_leaves
        # One temp arena reused across calls (fresh memory costs page faults on every call); a
        # concurrent call that finds it busy gets its own.
        self._temp = aligned_bytes(compiled.buffers.temp_bytes, ALIGN)
        self._temp_lock = threading.Lock()

    # -- products
    def emit_object(self) -> bytes:
        return self.compiled.obj

    def emit_llvm(self, optimized: bool = True) -> str:
        return self.compiled.optimized_ir if optimized else self.compiled.llvm_ir

    def emit_asm(self) -> str:
        return self.compiled.assembly()

    @property
    def temp_bytes(self) -> int:
        return self.compiled.buffers.temp_bytes

    # -- running
    def __call__(self, args, out: list[np.ndarray] | None = None) -> object:
        """Run on `args` (one nested value per entry parameter). `out`, if given, is a list of
        preallocated result leaves (C-contiguous, the leaf dtypes and physical dims) to write into;
        otherwise fresh arrays are returned."""
        args = list(args)
        shapes = self.compiled.param_shapes
        if len(args) != len(shapes):
            raise RunError(f"the module takes {len(shapes)} arguments, got {len(args)}")
        leaves: list[np.ndarray] = []
        for k, (a, s) in enumerate(zip(args, shapes)):
            _flatten_arg(a, s, leaves, f"argument {k}")
        params = [_to_physical(a, s) for a, s in zip(leaves, self._param_leaves)]
        if out is None:
            outs = [_alloc_physical(s) for s in self._result_leaves]
        else:
            outs = list(out)
            if len(outs) != len(self._result_leaves) or any(
                    not o.flags.c_contiguous or o.dtype != s.dtype or o.size != s.num_elements
                    for o, s in zip(outs, self._result_leaves)):
                raise RunError("`out` does not match the result leaves")
        self.run_leaves(params, outs)
        logical = [_from_physical(o, s) for o, s in zip(outs, self._result_leaves)]
        return _unflatten(self.compiled.result_shape, iter(logical))

    def run_leaves(self, params: list[np.ndarray], results: list[np.ndarray]) -> None:
        """The raw call: C-contiguous arrays in physical layout, one per parameter/result leaf.
        The GIL is released for the duration (ctypes)."""
        pa = (ctypes.c_void_p * max(1, len(params)))(*[a.ctypes.data for a in params])
        ra = (ctypes.c_void_p * max(1, len(results)))(*[o.ctypes.data for o in results])
        threads = self.threads or default_threads()
        if self._temp_lock.acquire(blocking=False):
            try:
                self._fn(ctypes.addressof(pa), ctypes.addressof(ra), self._temp.ctypes.data, threads)
            finally:
                self._temp_lock.release()
        else:
            temp = aligned_bytes(self.compiled.buffers.temp_bytes, ALIGN)
            self._fn(ctypes.addressof(pa), ctypes.addressof(ra), temp.ctypes.data, threads)


def compile_module(module: Module, options: CompileOptions | None = None, threads: int | None = None) -> Executable:
    """Compile `module` for this host and load it: the backend's public entry point. `threads`:
    threads each call may use (None: the CPUs this process may run on)."""
    return Executable(compile_to_object(module, options), threads)


# ------------------------------------------------------------------------------------------------
# host-side value handling


def _flatten_arg(a, shape: Shape, out: list, what: str) -> None:
    if shape.is_tuple:
        if not isinstance(a, (tuple, list)) or len(a) != len(shape.tuple_shapes):
            raise RunError(f"{what}: expected a tuple of {len(shape.tuple_shapes)} values for {shape}")
        for k, (x, s) in enumerate(zip(a, shape.tuple_shapes)):
            _flatten_arg(x, s, out, f"{what}[{k}]")
        return
    if not shape.is_array:
        return
    arr = np.asarray(a)
    want = shape.dtype
    if arr.dtype != want:
        if arr.dtype.itemsize == want.itemsize and arr.dtype.kind in "uiV" and want.kind not in "biuf":
            arr = arr.view(want)  # bf16/f8 given as bit patterns
        elif arr.dtype.kind in "uiV" and ELEMENT_TYPES[shape.etype].bits < 8 and arr.dtype.itemsize == 1:
            arr = arr.view(want)
        else:
            raise RunError(f"{what}: expected {shape} ({want}), got an array of {arr.dtype}")
    if tuple(arr.shape) != tuple(shape.dims):
        raise RunError(f"{what}: expected shape {list(shape.dims)}, got {list(arr.shape)}")
    out.append(arr)


def _perm(shape: Shape) -> list[int]:
    return list(reversed(shape.minor_to_major)) if shape.rank > 1 else list(range(shape.rank))


def _to_physical(a: np.ndarray, shape: Shape) -> np.ndarray:
    if shape.rank > 1 and not shape.layout.is_default():
        a = np.transpose(a, _perm(shape))
    return np.ascontiguousarray(a)


def _alloc_physical(shape: Shape) -> np.ndarray:
    dims = [shape.dims[d] for d in _perm(shape)]
    n = max(1, shape.num_elements) * shape.dtype.itemsize
    raw = aligned_bytes(n, ALIGN)
    return raw[: shape.num_elements * shape.dtype.itemsize].view(shape.dtype).reshape(dims)


def _from_physical(a: np.ndarray, shape: Shape) -> np.ndarray:
    if shape.rank > 1 and not shape.layout.is_default():
        inv = np.argsort(_perm(shape))
        a = np.ascontiguousarray(np.transpose(a, inv))
    return a


def _unflatten(shape: Shape, it):
    if shape.is_tuple:
        return tuple(_unflatten(s, it) for s in shape.tuple_shapes)
    if not shape.is_array:
        return None
    return next(it)


__all__ = ["CompileOptions", "CompiledModule", "Executable", "compile_module", "compile_to_object", "emit_asm",
           "sanitize"]
