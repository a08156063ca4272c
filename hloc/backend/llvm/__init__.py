"""hloc's native backend: HLO modules compiled to machine code through llvmlite (LLVM 22).

Public API:

    compile_module(module, options=None, threads=None) -> Executable     compile for this host and load
        Executable(args) -> value        run: args/results are nested numpy values (tuples for
                                         tuple shapes), like hloc.interp.evaluate
        .threads                         threads per call (None: the CPUs this process may use)
        .timings                         seconds per phase (emit_ir, parse_ir, optimize, codegen, load)
        .emit_object() / .emit_asm() / .emit_llvm(optimized=True)
    compile_to_object(module, options=None) -> CompiledModule   (no loading; also cross targets)
    CompileOptions(opt_level=3, entry_name="hloc_entry", target=TargetSpec())
    buffer_assignment(module) -> ModuleAssignment          the arenas the native code uses
                                         (hloc/passes/analysis/buffer_assignment.py; report_module)

Layout: XLA:CPU's three separate concerns, each in its own module:

    target.py     LLVM initialisation, TargetMachine (host or cross: triple/CPU/features, PIC),
                  O-level -> new-pass-manager pipeline with loop + SLP vectorisation
    irvalues.py   HLO element types in LLVM: storage vs compute types, conversions (f16/bf16/f8)
    elemental.py  what is the value at index i: one rule per elementwise / index-remapping op,
                  composable, cached per (instruction, index); a fused computation is one
                  expression per element, with no intermediate buffers
    mathfns.py    vectorisable inline approximations (exp, log, tanh, erf, sin, pow, ...), measured ULPs
    loops.py      how to iterate: counted loops and loop nests in layout order; Index
    threadpool.py the worker pool emitted into the module (pthreads): enter/exit per call, parallel_for
    parallel.py   splitting a kernel's outer loop over the pool (outlined range + task functions)
    library.py    the pool and the GEMMs compiled once per target, reused as module assembly (cached)
    buffers.py    where to store: one Slice per array leaf (param / result / const / temp arena),
                  kernel scratch, in-place updates; `assign_buffers` adapts the pass pipeline's
                  buffer assignment analysis (liveness-based reuse of one arena) to the emitter
    kernels/      one file per kernel family, registered by opcode (`@kernel("reduce")`):
                  loop.py (elementwise, data movement, fusion), reduce.py, dot.py (+ gemm.py, the
                  packed GEMM shared by dot and convolution), convolution.py, control_flow.py
                  (while, conditional); the data-dependent ones: gather.py (also an elemental
                  rule), scatter.py, dynamic_update_slice.py (in place: only its window),
                  sort.py (+ topk), reduce_window.py, select_and_scatter.py; the library ones:
                  fft.py, linalg.py (cholesky, triangular-solve), batch_norm.py, rng.py
                  (rng-bit-generator, rng), custom_call.py; collectives.py (one device, async
                  forms), misc.py (acos..sinh, stochastic-convert, get-dimension-size);
                  lowering.py (rewrites while flattening), indexing.py / irutil.py (helpers)
    emitter.py    module -> LLVM IR: the entry function (the ABI, documented there), call inlining,
                  one `noinline` function per kernel, one per computation called by control flow
    compile.py    LLVM IR -> optimised IR -> object code / assembly; Executable (ORC LLJIT, ctypes)
    abi.py        the ABI as data (entry arguments, exported constants, one module's leaves); light
    header.py     the C header of a compiled module (`hloc compile --emit header`)
    runtime.py    `hloc run --backend llvm`: compile cache, loading objects (ORC) or shared libraries

Everything the backend cannot compile raises CodegenError naming the instruction and its source
line before LLVM sees any IR.
"""

# The names are imported on first use (PEP 562): `hloc run` loads a cached module through the light
# submodules (abi.py, runtime.py) without importing llvmlite or the emitter.
_LAZY = {"CompileOptions": ".compile", "CompiledModule": ".compile", "Executable": ".compile",
         "compile_module": ".compile", "compile_to_object": ".compile", "emit_asm": ".compile",
         "TargetSpec": ".target", "buffer_assignment": ".emitter"}

__all__ = ["CompileOptions", "CompiledModule", "Executable", "TargetSpec", "compile_module", "compile_to_object",
           "emit_asm", "buffer_assignment"]


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
