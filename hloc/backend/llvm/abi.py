"""The native ABI as data: the entry function's arguments, the exported constants, and the
description of one compiled module's buffers (`EntryAbi`).

The header generator (`header.py`: prototype, typed wrapper, usage comment) and the runtime
loaders (the ctypes signature, the call) read these tables; the emitter (emitter.py, the entry
function) states the same signature in LLVM, and tests/backend/test_aot_cross.py checks that the
emitted entry has exactly these arguments. Adding an entry argument (as `num_threads` was) is one
row in ENTRY_ARGS, its LLVM use in the emitter and its value in runtime.NativeModule.run_leaves
(and compile.Executable.run_leaves); the header and wrapper follow.

This module is light on purpose (no llvmlite, no parser): `hloc run` reads a cached module's ABI
with it without importing the compiler.
"""

from __future__ import annotations

import math
import os
from typing import NamedTuple

from ...ir.types import ELEMENT_TYPES, Layout, Shape
from ...record import Record

TEMP_ALIGN = 64  # bytes; the emitter assumes it (buffers.ALIGN; a test keeps the two equal)


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


# ------------------------------------------------------------------------------------------------
# one module's ABI


class Leaf(Record):
    """One array leaf of the parameters or of the result, in flattened order: its `number` (index into
    params[] / results[]), array `shape` with its layout, `path` (`parameter 0 'x'`,
    `parameter 1 'p' element {0}`, `result`, `result element {1}`) and tuple `index` inside its
    parameter / the result."""

    __slots__ = ("number", "shape", "path", "index")

    def __init__(self, number: int, shape: Shape, path: str, index: tuple[int, ...]):
        self.number = number
        self.shape = shape
        self.path = path
        self.index = index

    @property
    def byte_size(self) -> int:
        return self.shape.byte_size

    @property
    def num_elements(self) -> int:
        return math.prod(self.shape.dims)

    @property
    def ctype(self) -> str:
        return c_element_type(self.shape.etype)


class EntryAbi(Record):
    """What a caller needs to know about one compiled entry function."""

    __slots__ = ("entry_name", "module_name", "param_names", "param_shapes", "result_shape", "temp_bytes",
                 "temp_align")

    def __init__(self, entry_name: str, module_name: str, param_names: tuple[str, ...],
                 param_shapes: tuple[Shape, ...], result_shape: Shape, temp_bytes: int,
                 temp_align: int = TEMP_ALIGN):
        self.entry_name = entry_name
        self.module_name = module_name
        self.param_names = param_names
        self.param_shapes = param_shapes
        self.result_shape = result_shape
        self.temp_bytes = temp_bytes
        self.temp_align = temp_align

    @property
    def params(self) -> list[Leaf]:
        out: list[Leaf] = []
        for k, (name, shape) in enumerate(zip(self.param_names, self.param_shapes)):
            for index, leaf in _array_leaves(shape):
                where = f"parameter {k} '{name}'" + (f" element {{{','.join(map(str, index))}}}" if index else "")
                out.append(Leaf(len(out), leaf, where, index))
        return out

    @property
    def results(self) -> list[Leaf]:
        return [Leaf(j, leaf, "result" + (f" element {{{','.join(map(str, index))}}}" if index else ""), index)
                for j, (index, leaf) in enumerate(_array_leaves(self.result_shape))]

    @staticmethod
    def of(module, entry_name: str, temp_bytes: int) -> EntryAbi:
        """The ABI of `module`'s entry computation compiled as `entry_name`."""
        entry = module.entry
        return EntryAbi(entry_name, module.name, tuple(p.name for p in entry.parameters),
                        tuple(entry.parameter_shapes), entry.root.shape, temp_bytes)

    # -- JSON (the compile cache stores it next to the object code)
    def to_json(self) -> dict:
        return {"entry_name": self.entry_name, "module_name": self.module_name,
                "params": [{"name": n, "shape": shape_to_json(s)} for n, s in zip(self.param_names, self.param_shapes)],
                "result": shape_to_json(self.result_shape), "temp_bytes": self.temp_bytes,
                "temp_align": self.temp_align}

    @staticmethod
    def from_json(d: dict) -> EntryAbi:
        return EntryAbi(str(d["entry_name"]), str(d["module_name"]), tuple(str(p["name"]) for p in d["params"]),
                        tuple(shape_from_json(p["shape"]) for p in d["params"]), shape_from_json(d["result"]),
                        int(d["temp_bytes"]), int(d["temp_align"]))


def _array_leaves(shape: Shape, index: tuple[int, ...] = ()):
    if shape.is_tuple:
        for i, s in enumerate(shape.tuple_shapes):
            yield from _array_leaves(s, index + (i,))
    elif shape.is_array:
        yield index, shape


def shape_to_json(shape: Shape):
    """A static shape as JSON: `{"tuple": [...]}`, or `[etype, dims, minor_to_major]`."""
    if shape.is_tuple:
        return {"tuple": [shape_to_json(s) for s in shape.tuple_shapes]}
    if not shape.is_static:
        raise ValueError(f"dynamic shape {shape} has no ABI")
    return [shape.etype, list(shape.dims), list(shape.minor_to_major)]


def shape_from_json(j) -> Shape:
    if isinstance(j, dict):
        return Shape.tuple(shape_from_json(s) for s in j["tuple"])
    etype, dims, m2m = j
    if etype not in ELEMENT_TYPES:
        raise ValueError(f"unknown element type {etype!r}")
    dims = tuple(int(d) for d in dims)
    return Shape(etype, dims, Layout(tuple(int(d) for d in m2m)) if dims else None)
