"""The native ABI as data: the entry function's arguments, the exported constants, and the C types of
the buffers (one compiled module's buffers are its hloc.signature.Signature).

The header generator (`header.py`: prototype, typed wrapper, usage comment) and the runtime
loaders (the ctypes signature, the call) read these tables; the emitter (emitter.py, the entry
function) states the same signature in LLVM, and tests/backend/test_aot_cross.py checks that the
emitted entry has exactly these arguments. Adding an entry argument is one
row in ENTRY_ARGS, its LLVM use in the emitter and its value in runner_backend.NativeModule.run_leaves
(and compile.Executable.run_leaves); the header and wrapper follow.

This module is light on purpose (no llvmlite, no parser): `hloc run` reads a cached module's ABI
with it without importing the compiler.
"""

from __future__ import annotations

import os
from typing import NamedTuple

from ...ir.types import ELEMENT_TYPES, Shape
from ...signature import TEMP_ALIGN

__all__ = ["ENTRY_ARGS", "EXPORTED_CONSTANTS", "EXPORTED_FUNCTIONS", "TEMP_ALIGN", "AbiArg", "c_element_type",
           "c_storage_note", "default_threads", "layout_note", "shutdown_then_release"]


class AbiArg(NamedTuple):  # (a NamedTuple: ~5x cheaper to create than a dataclass at start-up)
    """One argument of the entry function, in order. `ctype` is the C spelling and `ctypes` the
    name of the matching `ctypes` type; `doc` is what the header says about it."""

    name: str
    ctype: str
    ctypes: str
    doc: str


ENTRY_ARGS: tuple[AbiArg, ...] = (
    AbiArg("params", "void *const *", "c_void_p",
           "params[i] points to parameter leaf i (flattened depth-first), in its layout; read only"),
    AbiArg("results", "void *const *", "c_void_p",
           "results[j] points to result leaf j, written completely; must not overlap any parameter"),
    AbiArg("temp", "void *", "c_void_p",
           "a scratch arena of TEMP_BYTES bytes aligned to TEMP_ALIGN; one per concurrent call"),
    AbiArg("num_threads", "int64_t", "c_int64",
           "threads the call may use (itself included; 1: run on the calling thread only). Large kernels "
           "split their loops over a pool of worker threads the object starts on first use; while one "
           "call uses the pool, concurrent calls run serially"),
)

# Functions the object exports as `void <entry>_<name>(void)`.
EXPORTED_FUNCTIONS: tuple[tuple[str, str], ...] = (
    ("shutdown", "joins the worker threads the object started; call it before unloading the object "
                 "(dlclose), never during a call; a later call starts them again"),
)

# Constants the object exports as `<entry>_<name>` (const int64_t), in the emitter's order.
EXPORTED_CONSTANTS: tuple[tuple[str, str], ...] = (
    ("temp_bytes", "bytes of the temp arena the entry needs"),
    ("num_params", "number of parameter leaves (entries of params)"),
    ("num_results", "number of result leaves (entries of results)"),
)


def default_threads() -> int:
    """`num_threads` when the caller does not say: the CPUs this process may run on (so a process
    pinned to one core, e.g. under `taskset -c 0`, runs serially)."""
    try:
        return max(1, len(os.sched_getaffinity(0)))
    except (AttributeError, OSError):  # pragma: no cover - not Linux
        return max(1, os.cpu_count() or 1)


def shutdown_then_release(shutdown, keepalive) -> None:
    """A loader's finalizer: join the module's worker threads (`<entry>_shutdown`, a ctypes
    function) before its code can be unloaded (they run in it), then drop the code's owner."""
    shutdown()
    del keepalive


# ------------------------------------------------------------------------------------------------
# element types in C


def c_element_type(etype: str) -> str:
    """The C type of one stored element (for complex: of one component, stored (re, im))."""
    t = ELEMENT_TYPES[etype]
    if t.kind == "pred":
        return "uint8_t"
    if t.kind in ("sint", "uint") and t.bits < 8:
        return "uint8_t"  # a nibble (or less) in the low bits: see c_storage_note
    if t.kind in ("sint", "uint"):
        return f"{'u' if t.kind == 'uint' else ''}int{t.bits}_t"
    if etype in ("f32", "c64"):
        return "float"
    if etype in ("f64", "c128"):
        return "double"
    return "uint16_t" if t.bits == 16 else "uint8_t"


def c_storage_note(etype: str) -> str:
    """How an element of `etype` is stored, when the C type alone does not say it."""
    t = ELEMENT_TYPES[etype]
    if t.kind == "pred":
        return "pred: one byte per element, 0 or 1"
    if t.kind in ("sint", "uint") and t.bits < 8:
        code = "two's complement, " if t.kind == "sint" else ""
        return (f"{etype}: one element per byte in its low {t.bits} bits ({code}ml_dtypes' layout); the high "
                "bits are ignored on input and zero on output")
    if t.kind == "complex":
        return f"{etype}: interleaved (real, imaginary) {c_element_type(etype)} pairs"
    if etype == "f16":
        return "f16: IEEE binary16 bit patterns"
    if etype == "bf16":
        return "bf16: bfloat16 bit patterns (the high half of an f32)"
    if t.kind == "float" and t.bits <= 8:
        return f"{etype}: bit patterns, one element per byte"
    return ""


def layout_note(shape: Shape) -> str:
    """`row-major`, or where element [i0, i1, ...] of a non-default layout lives."""
    if shape.rank <= 1 or shape.layout is None or shape.layout.is_default():
        return "row-major" if shape.rank > 1 else ""
    strides = [0] * shape.rank
    step = 1
    for d in shape.minor_to_major:
        strides[d] = step
        step *= shape.dims[d]
    offset = " + ".join(f"i{d}" if strides[d] == 1 else f"i{d}*{strides[d]}" for d in reversed(shape.minor_to_major))
    return (f"layout {{{','.join(map(str, shape.minor_to_major))}}}, not row-major: element "
            f"[{', '.join(f'i{d}' for d in range(shape.rank))}] is at element offset {offset}")
