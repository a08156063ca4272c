"""LLVM initialisation, target machines and the optimisation pipeline.

llvmlite 0.50 ships LLVM 22: `llvm.initialize()` is gone (only the native target, asm printer and
parser are initialised), optimisation is the new pass manager only, and SLP vectorisation is off
unless asked for. One TargetMachine serves both the JIT and object emission (PIC, large code
model), so `hloc run` can execute exactly the object code `hloc compile` writes.

Why the large code model: ORC's RuntimeDyld (what llvmlite's LLJIT links x86-64 ELF objects with)
maps each section of an object on its own, wherever mmap puts it. Once a long-lived process has
mapped and freed a few GiB, an object's code and its constants or globals can land more than 2 GiB
apart, and the small model's 32-bit PC-relative references between them overflow: an assertion in
llvmlite's LLVM (`isInt<32>(RealOffset)` in resolveX86_64Relocation, the test suite's aborting
workers), silently wrong addresses in a build without assertions. The large model addresses other
sections and symbols with 64-bit relocations only (tests/backend/test_relocations.py); measured
cost on the bench suite: within noise except transposes.
"""

from __future__ import annotations

import functools
import os
from dataclasses import dataclass

import llvmlite.binding as llvm

from .cpu_features import named_cpu_features


@functools.cache
def init_llvm() -> None:
    llvm.initialize_native_target()
    llvm.initialize_native_asmprinter()
    llvm.initialize_native_asmparser()


@dataclass(frozen=True)
class TargetSpec:
    """What to generate code for. Empty fields mean the host (a named `cpu` without `features`:
    that CPU's own features, not the host's)."""

    triple: str = ""
    cpu: str = ""
    features: str = ""
    pic: bool = True

    def resolved(self) -> TargetSpec:
        # (asking LLVM for the host's features costs ~0.3 ms: once per spec and $HLOC_CPU)
        return _resolved(self, "" if self.cpu or self.features else default_cpu())

    def _resolve(self, default: str) -> TargetSpec:
        init_llvm()
        if self.triple and self.triple != llvm.get_process_triple():
            return self  # a cross target: the caller names cpu and features
        # A named CPU brings its own features: adding the host's would make `--cpu x86-64-v3`
        # objects use whatever this machine has (AVX-512, ...), not what that CPU guarantees.
        cpu = self.cpu or default
        triple = llvm.get_process_triple()
        features = self.features or (named_cpu_features(triple, cpu) if cpu
                                     else llvm.get_host_cpu_features().flatten())
        if not self.features and "+avx512f" in features.split(","):
            # LLVM tunes AVX-512 CPUs to prefer 256-bit vectors; full-width vectors measured up to 2x
            # faster on compute-bound elementwise kernels here (transcendentals).
            features += ",-prefer-256-bit"
        return TargetSpec(
            triple=triple,
            cpu=cpu or llvm.get_host_cpu_name(),
            features=features,
            pic=self.pic,
        )

    @property
    def is_host(self) -> bool:
        init_llvm()
        return not self.triple or self.triple == llvm.get_process_triple()


def default_cpu() -> str:
    """The CPU to generate code for when none is named: $HLOC_CPU (e.g. `x86-64-v3`: objects and cache
    entries that machines without AVX-512 run, or this machine testing the code another CPU gets), else
    "" for the host's own CPU and features."""
    return os.environ.get("HLOC_CPU", "")


@functools.lru_cache(maxsize=64)
def _resolved(spec: TargetSpec, default_cpu: str) -> TargetSpec:
    return spec._resolve(default_cpu)


@functools.lru_cache(maxsize=16)
def target_machine(spec: TargetSpec, opt_level: int = 3) -> llvm.TargetMachine:
    return new_target_machine(spec, opt_level)


def new_target_machine(spec: TargetSpec, opt_level: int = 3) -> llvm.TargetMachine:
    """A TargetMachine of its own (~0.3 ms): one per thread compiling in parallel (split.py)."""
    spec = spec.resolved()
    if spec.is_host:
        target = llvm.Target.from_triple(spec.triple)
    else:
        llvm.initialize_all_targets()
        llvm.initialize_all_asmprinters()
        target = llvm.Target.from_triple(spec.triple)
    return target.create_target_machine(
        cpu=spec.cpu, features=spec.features, opt=max(0, min(3, opt_level)),
        reloc="pic" if spec.pic else "static", codemodel="large")


def only_glue(functions) -> bool:
    """Whether every defined function of `functions` (llvmlite.ir) is `optnone` (hints.mark_glue): the
    optimiser would leave such a module as it is, and its code generator may be the O0 one."""
    return all("optnone" in f.attributes for f in functions if f.blocks)


def codegen_level(opt_level: int, glue: bool) -> int:
    """The TargetMachine level that code-generates a module: O0 for one of only glue functions (and
    for pure assembly). Its optnone functions get fast instruction selection either way, but the O3
    code generator still runs its ~100 machine passes over them and allocates registers the slow
    way: an all-glue module measured 3.2 ms at O3, 1.2 ms at O0 (one kernel's glue, this build)."""
    return 0 if glue else opt_level


def optimize(mod: llvm.ModuleRef, tm: llvm.TargetMachine, opt_level: int) -> None:
    """Run the new-pass-manager O<level> pipeline in place, with loop and SLP vectorisation."""
    pto = llvm.create_pipeline_tuning_options(speed_level=max(0, min(3, opt_level)))
    vectorize = opt_level >= 2
    pto.loop_vectorization = vectorize
    pto.slp_vectorization = vectorize
    pto.loop_interleaving = vectorize
    pto.loop_unrolling = opt_level >= 2
    pb = llvm.create_pass_builder(tm, pto)
    pb.getModulePassManager().run(mod, pb)
