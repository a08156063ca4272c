"""One way from a parsed module to object code, shared by `hloc compile` and `hloc run`, so that
`hloc run` executes exactly the object code `hloc compile` writes for the same options.

    opts = BuildOptions(hlo_pipeline="O2", opt_level=3, triple="", cpu="", features="")
    built = build(module, opts)        # runs the HLO pipeline (in place) and compiles
    built.compiled.obj, built.abi      # object code, and its ABI (hloc.signature.Signature)
    key_parts(opts)                    # what of the options goes into the compile-cache key

Two optimisation levels, kept apart on purpose: `hlo_pipeline` is the HLO pass pipeline
(hloc.passes: a level O0/O1/O2, pipeline text, or @file; default O2), `opt_level` is LLVM's
(0-3, default 3; >= 2 vectorises). Empty triple/cpu/features mean the host. This module does not
import llvmlite until `build` runs.
"""

from __future__ import annotations

import time
from typing import NamedTuple

from ...errors import CodegenError, UsageError
from ...progress import stage
from ...signature import Signature

DEFAULT_HLO_PIPELINE = "O2"


class BuildOptions(NamedTuple):  # (a NamedTuple: cheap to create at start-up)
    hlo_pipeline: str = DEFAULT_HLO_PIPELINE
    opt_level: int = 3
    triple: str = ""
    cpu: str = ""
    features: str = ""
    pic: bool = True
    entry_name: str | None = None  # None: a C identifier from the module's name
    flush_denormals: bool = True
    profile: bool = False  # time every kernel call (profile.py)
    code_cache: bool = True  # reuse LLVM's products for IR compiled before (codegen/code_cache.py)


class Built(NamedTuple):
    compiled: object  # compile.CompiledModule
    abi: Signature
    pipeline_ran: str | None  # the HLO pipeline spec that ran (None: hloc.passes is not available)


def passes_available() -> bool:
    try:
        import hloc.passes  # noqa: F401
    except ModuleNotFoundError as e:
        if e.name in ("hloc.passes",):
            return False
        raise
    return True


def run_hlo_pipeline(module, spec: str, instruments=(), times: dict | None = None) -> str | None:
    """Run the HLO pipeline `spec` on `module` in place. Without hloc.passes in this build, the
    default level is skipped (returns None) and any other request is a UsageError. `times`, if
    given, receives seconds per pass label (and "(verifier)")."""
    if not passes_available():
        if spec in ("O0", DEFAULT_HLO_PIPELINE):
            return None
        raise UsageError(f"the HLO pass pipeline '{spec}' cannot run: this build of hloc has no hloc.passes")
    from ...errors import PassError
    from ...passes import PassContext, run_pipeline

    ctx = PassContext(instruments, verify=False)
    try:
        # The verifier checks the input and the result; per pass (and the module text kept for a
        # crash report) it costs ~40% of the pipeline: `hloc opt` is where passes are debugged.
        run_pipeline(module, spec, context=ctx)
    except PassError as e:
        if e.loc is None or not str(e.loc.filename).startswith("<"):
            raise
        raise UsageError(f"bad HLO pipeline: {e.message}") from None
    if times is not None:
        times.update({label: row[0] for label, row in ctx.times.rows.items()})
        times["(verifier)"] = ctx.verifier_seconds
    return spec


def build(module, options: BuildOptions, instruments=()) -> Built:
    """Run the HLO pipeline on `module` (in place) and compile it to object code. `instruments`:
    pass instruments for the HLO pipeline (dumps: `--dump-to`)."""
    # Compiling allocates ~10^5 Python objects (pass rewrites, llvmlite IR values): CPython's cyclic
    # collector ran 16 times during transformer_layer's compile, ~3% of it (gc.callbacks). Paused for
    # the compile; the cycles are collected later as usual.
    import gc

    paused = gc.isenabled()
    gc.disable()
    try:
        return _build(module, options, instruments)
    finally:
        if paused:
            gc.enable()


def _build(module, options: BuildOptions, instruments=()) -> Built:
    from .compile import CompileOptions, compile_to_object
    from .header import check_c_identifier, default_entry_name

    entry = options.entry_name or default_entry_name(module.name)
    check_c_identifier(entry)
    if options.profile:
        triple = target_spec(options).resolved().triple
        if not (triple.startswith(("x86_64-", "aarch64-")) and "-linux" in triple):
            raise UsageError(f"--profile needs a 64-bit Linux target (its timer reads clock_gettime), not {triple}")
    # The ABI speaks of the module as written: parameter names before the pipeline renames anything.
    before = Signature.of_module(module)
    t0 = time.perf_counter()
    stage("HLO passes")
    pass_times: dict[str, float] = {}
    ran = run_hlo_pipeline(module, options.hlo_pipeline, instruments, pass_times)
    if passes_available():
        from ...passes.float_normalization import FloatNormalization
        from ...passes.layout_copies import insert_layout_copies

        # At every level, as XLA:CPU cannot turn it off: its bf16 numbers (a no-op after -O2's own run).
        FloatNormalization().run(module)

        # (the pipeline may have replaced the root by an equal value of another layout)
        insert_layout_copies(module, result=before.result_shape)
    hlo_seconds = time.perf_counter() - t0
    after = Signature.of_module(module)
    if after.param_shapes != before.param_shapes or after.result_shape != before.result_shape:
        raise CodegenError("internal error: the HLO pipeline changed the entry computation's signature from "
                           f"{before.describe()} to {after.describe()}")
    compiled = compile_to_object(module, CompileOptions(opt_level=options.opt_level,
                                                        flush_denormals=options.flush_denormals,
                                                        entry_name=entry, target=target_spec(options),
                                                        profile=options.profile, code_cache=options.code_cache))
    compiled.timings = {"hlo_passes": hlo_seconds, **compiled.timings}
    compiled.pass_timings = pass_times
    for ins in instruments:
        if hasattr(ins, "after_build"):
            ins.after_build(compiled)
    return Built(compiled, before.compiled(entry, compiled.buffers.temp_bytes), ran)


def target_spec(options: BuildOptions):
    from .codegen.target import TargetSpec

    return TargetSpec(options.triple, options.cpu, options.features, options.pic)


def key_parts(options: BuildOptions) -> dict:
    """The options' share of a compile-cache key (the module text and the target are added by the
    caller). A pipeline read from @FILE is keyed by the file's contents."""
    pipeline = options.hlo_pipeline
    if pipeline.startswith("@"):
        try:
            with open(pipeline[1:], "rb") as f:
                import hashlib

                pipeline = "@sha256:" + hashlib.sha256(f.read()).hexdigest()
        except OSError:
            pass  # the build reports it
    parts = {"hlo_pipeline": pipeline, "opt_level": options.opt_level, "entry_name": options.entry_name,
             "flush_denormals": options.flush_denormals, "pic": options.pic}
    if options.profile:  # (only then: the keys of plain builds stay what they were)
        parts["profile"] = True
    return parts
