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

Layout: packages in layers, each importing only those above it in this list (tests/test_layers.py):

    lowerings.py  LOWERINGS[opcode]: how each opcode compiles (elemental / kernel / no code / lowered
                  away), its check, emitter and scratch; filled by decorators where they are defined
    abi.py        the C ABI as data (entry arguments, exported names, C element types); light
    header.py     the C header of a compiled module (`hloc compile --emit header`)
    llvmir/       LLVM IR building blocks: irvalues.py (HLO element types in LLVM: storage vs compute
                  types, conversions), loops.py (counted loops and nests in layout order; Index),
                  irutil.py (entry-block slots, memcpy, while loops), hints.py (glue, compile apart)
    elemental/    what is the value at index i: one rule per elementwise / index-remapping op
                  (__init__.py), composable, cached per (instruction, index); a fused computation is
                  one expression per element; mathfns.py (vectorisable exp, log, tanh, erf, sin, pow,
                  ... with measured ULPs), reduce_order.py (XLA:CPU's order for f16/bf16 sums)
    library/      the runtime library kernels call: threadpool.py (the worker pool, pthreads),
                  gemm.py (packed GEMMs), im2col.py; kernels only ask for them (`library.pool(mod)`,
                  `gemm_function`, `im2col_function`) and get declarations or definitions as the
                  module emitter decided
    kernels/      one file per kernel family, registered by opcode (`@kernel("reduce")`): loop.py
                  (elementwise, data movement, fusion), reduce.py, dot.py, convolution.py,
                  control_flow.py, the data-dependent ones (gather.py, scatter.py, sort.py, ...),
                  the library ones (fft.py, linalg.py, batch_norm.py, rng.py, custom_call.py),
                  collectives.py, misc.py; parallel.py (splitting a loop over the pool),
                  lowering.py (rewrites while flattening)
    codegen/      the module emitter and object code: emitter.py (the entry function, one
                  `noinline` function per kernel), buffers.py, rowgroups.py, inline_glue.py,
                  profile.py (per-kernel counters), linking.py (the precompiled library: compiled
                  once per target, carried as data by asmblob.py; the one place that decides how a
                  module gets the library), split.py (kernels compiled in parallel parts), target.py
                  (LLVM initialisation, TargetMachine, O-level pipelines)
    compile.py    a module -> optimised IR -> object code / assembly; Executable (ORC LLJIT, ctypes)
    build.py      `hloc compile`'s build: the HLO pipeline, then compile.py, and the signature
    loader_orc.py linking an object into this process
    runner_backend.py  `hloc run --backend llvm`: compile cache, loading objects (ORC) or shared libraries

Everything the backend cannot compile raises CodegenError naming the instruction and its source
line before LLVM sees any IR.
"""

# The names are imported on first use (PEP 562): `hloc run` loads a cached module through the light
# submodules (abi.py, runner_backend.py) without importing llvmlite or the emitter.
_LAZY = {"CompileOptions": ".compile", "CompiledModule": ".compile", "Executable": ".compile",
         "compile_module": ".compile", "compile_to_object": ".compile", "emit_asm": ".compile",
         "TargetSpec": ".codegen.target", "buffer_assignment": ".codegen.emitter"}

__all__ = ["CompileOptions", "CompiledModule", "Executable", "TargetSpec", "compile_module", "compile_to_object",
           "emit_asm", "buffer_assignment"]


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
