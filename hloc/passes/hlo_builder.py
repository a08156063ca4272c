"""Building HLO inside a pass: a small XlaBuilder for expanders and loop rewrites.

    b = Builder(comp)                                   # appends to `comp`, names unique in the module
    x2 = b.mul(x, x); one = b.scalar(1.0, "f32")
    y = b.add(x2, b.broadcast(one, x2.shape))
    sub, sb = new_computation(module, "body", [shape], before=comp)   # a fresh computation + builder

Result shapes come from shape inference where XLA infers them (elementwise, compare, dot, reduce,
tuple, ...), otherwise from the arguments. New instructions get default layouts.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..ir.attrs import SliceRange
from ..ir.module import Computation, Instruction, Module
from ..ir.shape_inference import infer_shape
from ..ir.types import ELEMENT_TYPES, Shape
from .rewrite import fresh_name


class Builder:
    """Adds instructions to one computation; every method returns the new instruction."""

    def __init__(self, comp: Computation, module: Module | None = None):
        self.comp = comp
        self.module = module if module is not None else comp.parent

    # ------------------------------------------------------------------------------------- core
    def add(self, opcode: str, shape: Shape | None, operands: Sequence[Instruction] = (), name: str | None = None,
            **attrs) -> Instruction:
        if shape is None:
            shape = infer_shape(opcode, [o.shape for o in operands], attrs)
        instr = Instruction(opcode, shape, list(operands), attrs)
        base = name or opcode
        if self.comp.parent is None:
            return self.comp.add(instr, fresh_name(self.module, base, self.comp))
        # Computation.add picks a module-wide unique name (and remembers where each `stem.k` search
        # ended, which keeps expanders that create thousands of instructions linear).
        return self.comp.add(instr, base)

    def parameter(self, number: int, shape: Shape, name: str | None = None) -> Instruction:
        p = self.add("parameter", shape, (), name or f"param_{number}")
        p.parameter_number = number
        return p

    def constant(self, value, etype: str, name: str = "constant") -> Instruction:
        arr = np.array(value, dtype=ELEMENT_TYPES[etype].np_dtype)
        c = self.add("constant", Shape.array(etype, arr.shape), (), name)
        c.literal = arr
        return c

    def scalar(self, value, etype: str, name: str = "constant") -> Instruction:
        return self.constant(np.array(value).reshape(()), etype, name)

    def full(self, value, shape: Shape) -> Instruction:
        """`value` broadcast to `shape` (a scalar constant when `shape` is a scalar)."""
        c = self.scalar(value, shape.etype)
        return c if not shape.dims else self.broadcast(c, shape.dims, ())

    # ------------------------------------------------------------------------------- elementwise
    def unary(self, opcode: str, x: Instruction, **attrs) -> Instruction:
        return self.add(opcode, None, [x], **attrs)

    def binary(self, opcode: str, a: Instruction, b: Instruction, **attrs) -> Instruction:
        return self.add(opcode, None, [a, b], **attrs)

    def add_(self, a, b):
        return self.binary("add", a, b)

    def sub(self, a, b):
        return self.binary("subtract", a, b)

    def mul(self, a, b):
        return self.binary("multiply", a, b)

    def div(self, a, b):
        return self.binary("divide", a, b)

    def max(self, a, b):
        return self.binary("maximum", a, b)

    def min(self, a, b):
        return self.binary("minimum", a, b)

    def and_(self, a, b):
        return self.binary("and", a, b)

    def or_(self, a, b):
        return self.binary("or", a, b)

    def xor(self, a, b):
        return self.binary("xor", a, b)

    def shl(self, a, b):
        return self.binary("shift-left", a, b)

    def shr(self, a, b):
        return self.binary("shift-right-logical", a, b)

    def neg(self, x):
        return self.unary("negate", x)

    def compare(self, a: Instruction, b: Instruction, direction: str, ctype: str | None = None) -> Instruction:
        attrs = {"direction": direction}
        if ctype is not None:
            attrs["type"] = ctype
        return self.add("compare", None, [a, b], **attrs)

    def select(self, p: Instruction, t: Instruction, f: Instruction) -> Instruction:
        return self.add("select", t.shape.without_layout() if t.shape.is_tuple else Shape(t.shape.etype, t.shape.dims),
                        [p, t, f])

    def convert(self, x: Instruction, etype: str) -> Instruction:
        if x.shape.etype == etype:
            return x
        return self.add("convert", Shape(etype, x.shape.dims), [x])

    def bitcast_convert(self, x: Instruction, etype: str) -> Instruction:
        return self.add("bitcast-convert", Shape(etype, x.shape.dims), [x])

    # ------------------------------------------------------------------------------ data movement
    def broadcast(self, x: Instruction, dims: Sequence[int], mapping: Sequence[int] | None = None) -> Instruction:
        """`x` broadcast to `dims`; `mapping` gives the result dimension of each operand dimension
        (default: the trailing ones, numpy style)."""
        dims = tuple(int(d) for d in dims)
        if mapping is None:
            mapping = tuple(range(len(dims) - x.shape.rank, len(dims)))
        return self.add("broadcast", Shape(x.shape.etype, dims), [x], dimensions=tuple(mapping))

    def broadcast_to(self, x: Instruction, shape: Shape, mapping: Sequence[int] = ()) -> Instruction:
        return self.broadcast(x, shape.dims, mapping)

    def reshape(self, x: Instruction, dims: Sequence[int]) -> Instruction:
        dims = tuple(int(d) for d in dims)
        if x.shape.dims == dims:
            return x
        return self.add("reshape", Shape(x.shape.etype, dims), [x])

    def transpose(self, x: Instruction, perm: Sequence[int]) -> Instruction:
        return self.add("transpose", None, [x], dimensions=tuple(perm))

    def slice(self, x: Instruction, starts: Sequence[int], limits: Sequence[int],
              strides: Sequence[int] | None = None) -> Instruction:
        strides = strides or [1] * len(starts)
        ranges = tuple(SliceRange(int(a), int(b), int(s)) for a, b, s in zip(starts, limits, strides))
        dims = tuple((b - a + s - 1) // s for a, b, s in zip(starts, limits, strides))
        return self.add("slice", Shape(x.shape.etype, dims), [x], slice=ranges)

    def concatenate(self, xs: Sequence[Instruction], dim: int) -> Instruction:
        return self.add("concatenate", None, list(xs), dimensions=(dim,))

    def dynamic_slice(self, x: Instruction, starts: Sequence[Instruction], sizes: Sequence[int]) -> Instruction:
        return self.add("dynamic-slice", Shape(x.shape.etype, tuple(sizes)), [x, *starts],
                        dynamic_slice_sizes=tuple(sizes))

    def dynamic_update_slice(self, x: Instruction, update: Instruction, starts: Sequence[Instruction]) -> Instruction:
        return self.add("dynamic-update-slice", Shape(x.shape.etype, x.shape.dims), [x, update, *starts])

    def iota(self, shape: Shape, dim: int) -> Instruction:
        return self.add("iota", Shape(shape.etype, shape.dims), (), iota_dimension=dim)

    def tuple(self, xs: Sequence[Instruction]) -> Instruction:
        return self.add("tuple", None, list(xs))

    def gte(self, t: Instruction, index: int) -> Instruction:
        return self.add("get-tuple-element", t.shape.tuple_shapes[index], [t], index=index)

    def reduce(self, xs: Sequence[Instruction] | Instruction, inits: Sequence[Instruction] | Instruction,
               dims: Sequence[int], reducer: Computation) -> Instruction:
        xs = [xs] if isinstance(xs, Instruction) else list(xs)
        inits = [inits] if isinstance(inits, Instruction) else list(inits)
        return self.add("reduce", None, xs + inits, dimensions=tuple(dims), to_apply=reducer)

    def call(self, callee: Computation, args: Sequence[Instruction]) -> Instruction:
        return self.add("call", callee.root_instruction.shape, list(args), to_apply=callee)

    def while_(self, init: Instruction, cond: Computation, body: Computation) -> Instruction:
        return self.add("while", init.shape, [init], condition=cond, body=body)


def new_computation(module: Module, name: str, param_shapes: Sequence[Shape], before: Computation | None = None,
                    param_names: Sequence[str] | None = None) -> tuple[Computation, Builder, list[Instruction]]:
    """A new computation with parameters of `param_shapes`, added to `module` (before `before`, so
    callees stay ahead of their callers). Set `comp.root` when done."""
    comp = Computation(name)
    module.add_computation(comp, before=before)
    b = Builder(comp, module)
    params = [b.parameter(k, s, param_names[k] if param_names else None) for k, s in enumerate(param_shapes)]
    return comp, b, params


def scalar_computation(module: Module, opcode: str, etype: str, before: Computation | None = None,
                       name: str | None = None) -> Computation:
    """`(x, y) -> opcode(x, y)` on scalars of `etype` (reducers, scatter combiners)."""
    comp, b, (x, y) = new_computation(module, name or f"{opcode}.{etype}", [Shape.scalar(etype)] * 2, before,
                                      ["lhs", "rhs"])
    comp.root = b.binary(opcode, x, y)
    return comp
