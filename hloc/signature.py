"""A module entry's signature: its parameters and result as flat lists of array leaves, and, once
compiled, the entry function's name and temp arena.

    sig = Signature.of_module(module)                   # what the runner binds inputs against
    sig = Signature.of_module(module, "model", 4096)    # a compiled entry (`hloc compile`'s ABI)
    sig.params, sig.results                             # Leaf lists, tuples flattened depth-first
    Signature.from_json(sig.to_json())                  # the compile cache stores it with the object

XLA flattens tuple-shaped entry parameters and results depth-first, left to right (and so does
`../shared/tools/xla_run.py`); params[i] / results[j] of the native entry, the runner's input files
and its outputs follow the same order. Token leaves take no input and produce no output.

The runner (hloc.runtime) and the native backend's loaders and C header (hloc.backend.llvm) read
this one description. It is light on purpose (no numpy, no llvmlite, no parser): a cached
`hloc run` reads a compiled module's signature from the cache without importing the compiler.
"""

from __future__ import annotations

import math
from collections.abc import Iterator
from typing import TYPE_CHECKING

from .errors import RunError
from .ir.types import ELEMENT_TYPES, Layout, Shape
from .record import Record

if TYPE_CHECKING:
    from .ir.module import Module

TEMP_ALIGN = 64  # bytes; the emitter assumes it (buffers.ALIGN; a test keeps the two equal)


class Leaf(Record):
    """One array leaf of the parameters or of the result, in flattened order: its `number` (index
    into params[] / results[], the runner's argK / outK), the parameter number `param` and its
    instruction's `name` (None and '' for a result leaf), the tuple `index` inside the parameter or
    the result (() for an array), and the array `shape` with its layout."""

    __slots__ = ("number", "param", "name", "index", "shape")

    def __init__(self, number: int, param: int | None, name: str, index: tuple[int, ...], shape: Shape):
        self.number = number
        self.param = param
        self.name = name
        self.index = index
        self.shape = shape

    @property
    def path(self) -> str:
        """`parameter 1 'x.2'`, `parameter 0 'p' element {1,0}`, `result`, `result element {1}`."""
        text = "result" if self.param is None else f"parameter {self.param} '{self.name}'"
        if self.index:
            text += " element {" + ",".join(map(str, self.index)) + "}"
        return text

    @property
    def key(self) -> str:
        """Its name as an .npz key: the parameter name, with `#i` per tuple level (HLO's compact
        get-tuple-element spelling: `p#1#0`)."""
        return self.name + "".join(f"#{i}" for i in self.index)

    @property
    def byte_size(self) -> int:
        return self.shape.byte_size

    @property
    def num_elements(self) -> int:
        return math.prod(self.shape.dims)


class Signature(Record):
    """A module entry's parameter names and shapes (in parameter-number order) and result shape;
    for a compiled entry also its function name, the bytes of temp arena it needs and their
    alignment ('' and 0 before compilation)."""

    __slots__ = ("module_name", "param_names", "param_shapes", "result_shape", "entry_name", "temp_bytes",
                 "temp_align")

    def __init__(self, module_name: str, param_names: tuple[str, ...], param_shapes: tuple[Shape, ...],
                 result_shape: Shape, entry_name: str = "", temp_bytes: int = 0, temp_align: int = TEMP_ALIGN):
        self.module_name = module_name
        self.param_names = param_names
        self.param_shapes = param_shapes
        self.result_shape = result_shape
        self.entry_name = entry_name
        self.temp_bytes = temp_bytes
        self.temp_align = temp_align

    @staticmethod
    def of_module(module: Module, entry_name: str = "", temp_bytes: int = 0) -> Signature:
        """The signature of `module`'s entry computation (compiled as `entry_name`, if given)."""
        entry = module.entry_computation
        params = entry.parameters
        return Signature(module.name, tuple(p.name for p in params), tuple(p.shape for p in params),
                         entry.root_instruction.shape, entry_name, temp_bytes)

    def compiled(self, entry_name: str, temp_bytes: int) -> Signature:
        """The same parameters and result, compiled as `entry_name` with a temp arena of `temp_bytes`."""
        return Signature(self.module_name, self.param_names, self.param_shapes, self.result_shape, entry_name,
                         temp_bytes, self.temp_align)

    @property
    def params(self) -> list[Leaf]:
        """The parameters' array leaves, depth-first: one input (params[i], argK) each."""
        leaves: list[Leaf] = []
        for number, (name, pshape) in enumerate(zip(self.param_names, self.param_shapes)):
            for index, shape in _array_leaves(pshape):
                leaves.append(Leaf(len(leaves), number, name, index, shape))
        return leaves

    @property
    def results(self) -> list[Leaf]:
        """The result's array leaves, depth-first: one output (results[j], outJ) each."""
        return [Leaf(j, None, "", index, shape) for j, (index, shape) in enumerate(_array_leaves(self.result_shape))]

    def describe(self) -> str:
        """`(f32[2], s32[]) -> f32[2]`"""
        return f"({', '.join(s.to_str() for s in self.param_shapes)}) -> {self.result_shape.to_str()}"

    # -- JSON (the compile cache stores it next to the object code)
    def to_json(self) -> dict:
        return {"entry_name": self.entry_name, "module_name": self.module_name,
                "params": [{"name": n, "shape": shape_to_json(s)} for n, s in zip(self.param_names, self.param_shapes)],
                "result": shape_to_json(self.result_shape), "temp_bytes": self.temp_bytes,
                "temp_align": self.temp_align}

    @staticmethod
    def from_json(d: dict) -> Signature:
        return Signature(str(d["module_name"]), tuple(str(p["name"]) for p in d["params"]),
                         tuple(shape_from_json(p["shape"]) for p in d["params"]), shape_from_json(d["result"]),
                         str(d["entry_name"]), int(d["temp_bytes"]), int(d["temp_align"]))


def _array_leaves(shape: Shape, index: tuple[int, ...] = ()) -> Iterator[tuple[tuple[int, ...], Shape]]:
    if shape.is_tuple:
        for i, s in enumerate(shape.tuple_shapes):
            yield from _array_leaves(s, index + (i,))
    elif shape.is_array:
        yield index, shape
    elif not shape.is_token:
        raise RunError(f"cannot pass a value of type {shape.to_str()} to or from a module")


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


def flatten_values(value, shape: Shape, out: list) -> None:
    """Append the array leaves of `value`, nested as `shape`'s tuples, to `out` (a caller's arguments
    before they are matched with the leaves of a signature)."""
    if shape.is_tuple:
        if not isinstance(value, (tuple, list)) or len(value) != len(shape.tuple_shapes):
            raise RunError(f"expected a tuple of {len(shape.tuple_shapes)} values for {shape.to_str(layout=False)}")
        for v, s in zip(value, shape.tuple_shapes):
            flatten_values(v, s, out)
    elif shape.is_array:
        out.append(value)
