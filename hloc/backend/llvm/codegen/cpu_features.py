"""The features of a CPU named without any (`--cpu x86-64-v3`, $HLOC_CPU), as the feature string the
backend's choices read (`+avx512f`, `+avx2`, ...).

LLVM generates code for a named CPU with that CPU's features, but llvmlite cannot list them, and the
backend's own decisions (the GEMM's register tile, VDPBF16PS, vscalef, permute tiles) look at the
feature string: left empty, `--cpu x86-64-v3` got 128-bit GEMM tiles that no AVX2 machine runs
with its own features. So each feature those decisions use is probed: a tiny function is compiled
for the CPU and its assembly shows whether LLVM selected the feature's instruction. A probe can only
report what LLVM uses for that CPU anyway, so the string never promises more than the CPU has.
~12 ms per CPU, once per process.
"""

from __future__ import annotations

import functools
import re

import llvmlite.binding as llvm

# feature: (the probe's type, its body computing %r from %a and %b, the instruction selected with it)
_PROBES = {
    "avx": ("<8 x float>", "%r = fadd <8 x float> %a, %b", r"vaddps\s+%ymm"),
    "avx2": ("<8 x i32>", "%r = add <8 x i32> %a, %b", r"vpaddd\s+%ymm"),
    "fma": ("<8 x float>", "%r = call <8 x float> @llvm.fma.v8f32(<8 x float> %a, <8 x float> %b, <8 x float> %b)",
            r"vfmadd\w*\s+%ymm"),
    "f16c": ("<8 x half>", "%w = fpext <8 x half> %a to <8 x float>\n  %x = fadd <8 x float> %w, %w\n"
                           "  %r = fptrunc <8 x float> %x to <8 x half>", r"vcvtph2ps"),
    "avx512f": ("<16 x float>", "%r = fadd <16 x float> %a, %b", r"vaddps\s+%zmm"),
    "avx512bf16": ("<16 x bfloat>", "%w = fpext <16 x bfloat> %a to <16 x float>\n  %x = fadd <16 x float> %w, %w\n"
                                    "  %r = fptrunc <16 x float> %x to <16 x bfloat>", r"vcvtneps2bf16"),
}
_FMA_DECL = "declare <8 x float> @llvm.fma.v8f32(<8 x float>, <8 x float>, <8 x float>)\n"


@functools.lru_cache(maxsize=16)
def named_cpu_features(triple: str, cpu: str) -> str:
    """`+feature,...` for the probed features `cpu` has ('' off x86-64: nothing there reads them)."""
    if not triple.startswith("x86_64"):
        return ""
    tm = llvm.Target.from_triple(triple).create_target_machine(cpu=cpu, features="", opt=2)
    found = []
    for name, (ty, body, selected) in _PROBES.items():
        text = f"{_FMA_DECL}define {ty} @probe({ty} %a, {ty} %b) {{\n  {body}\n  ret {ty} %r\n}}\n"
        if re.search(selected, tm.emit_assembly(llvm.parse_assembly(text))):
            found.append("+" + name)
    return ",".join(found)
