"""Shape refinement while lowering: what XLA's stablehlo-refine-shapes does before it compiles.

JAX's shape-polymorphic modules (jax.export with symbolic dimensions, called with concrete arguments)
declare `tensor<?xf32>` results and compute the sizes at run time from `get_dimension_size`. Once the
arguments are static, every such size is a value known while lowering: `known` values (constants,
dimension sizes and the small integer arithmetic on them) are folded as the ops are lowered, and an
unbounded `?` result takes the shape its operands give (elementwise ops) or its shape operand says
(dynamic ops, dynamic.py). A size that stays unknown is an error at its op."""

from __future__ import annotations

import math
import re

import numpy as np

from ...ir.opcodes import ELEMENTWISE
from ...ir.shape_inference import ShapeError, infer_shape
from ...ir.types import Shape

STATIC_SHAPES_ONLY = ("hloc reads static (or bounded) shapes only: call the exported function with concrete "
                      "shapes, export it with concrete shapes (jax.export without symbolic dimensions), or "
                      "refine the module's shapes first (XLA's stablehlo-refine-shapes)")

_LIMIT = 4096  # elements: folding is for shapes and sizes, not for data


def is_unbounded(shape: Shape) -> bool:
    if shape.is_tuple:
        return any(is_unbounded(s) for s in shape.tuple_shapes)
    return -1 in shape.dims


def refined(opcode: str, shape: Shape, operands: list, attrs: str) -> Shape | None:
    """The static shape of an op whose declared shape has `?`, from its operands' static shapes (the
    ops shape-polymorphic JAX code uses; dynamic.py has the ones that take a shape operand)."""
    if not operands or any(is_unbounded(v.shape) for v in operands):
        return None
    shapes = [v.shape for v in operands]
    dims = _result_dims(opcode, shapes, attrs)
    if dims is None:
        return None
    if shape.is_tuple:
        if opcode not in ("reduce", "sort") or len(shape.tuple_shapes) * (1 + (opcode == "reduce")) != len(shapes):
            return None
        return Shape.tuple([Shape(s.etype, dims if opcode == "reduce" else shapes[i].dims)
                            for i, s in enumerate(shape.tuple_shapes)])
    if len(dims) != shape.rank or any(d != s for d, s in zip(dims, shape.dims) if s != -1):
        return None
    return Shape(shape.etype, tuple(dims))


def _result_dims(opcode: str, shapes: list[Shape], attrs: str) -> tuple[int, ...] | None:
    x = shapes[0].dims
    if opcode in ELEMENTWISE:
        return max(shapes, key=lambda s: s.rank).dims
    if opcode in ("sort", "reverse", "copy", "map"):
        return x
    if opcode == "reduce":
        drop = set(_dims(attrs))
        return tuple(n for i, n in enumerate(x) if i not in drop)
    if opcode == "transpose":
        perm = _dims(attrs)
        return tuple(x[p] for p in perm) if sorted(perm) == list(range(len(x))) else None
    if opcode == "concatenate":
        d = _dims(attrs)
        if len(d) != 1 or not 0 <= d[0] < len(x):
            return None
        return tuple(sum(s.dims[d[0]] for s in shapes) if i == d[0] else n for i, n in enumerate(x))
    if opcode == "gather" and len(shapes) == 2:
        ivd = re.search(r"index_vector_dim=([0-9]+)", attrs)
        decoded = {k: _dims(attrs, k) for k in ("offset_dims", "collapsed_slice_dims", "start_index_map",
                                                 "operand_batching_dims", "start_indices_batching_dims",
                                                 "slice_sizes")}
        if ivd:
            decoded["index_vector_dim"] = int(ivd.group(1))
        try:
            return infer_shape("gather", shapes, decoded).dims
        except ShapeError:
            return None
    if opcode == "dot" and len(shapes) == 2:
        lb, lc, rb, rc = (_dims(attrs, k) for k in ("lhs_batch_dims", "lhs_contracting_dims", "rhs_batch_dims",
                                                     "rhs_contracting_dims"))
        y = shapes[1].dims
        if any(not 0 <= i < len(x) for i in lb + lc) or any(not 0 <= i < len(y) for i in rb + rc):
            return None
        return (tuple(x[i] for i in lb) + tuple(n for i, n in enumerate(x) if i not in lb + lc)
                + tuple(n for i, n in enumerate(y) if i not in rb + rc))
    return None


def _dims(attrs: str, key: str = "dimensions") -> list[int]:
    m = re.search(r"(?:^|[ ,])" + key + r"=\{([0-9,]*)\}", attrs)
    return [int(x) for x in m.group(1).split(",") if x] if m else []


_BINARY = {"add": np.add, "subtract": np.subtract, "multiply": np.multiply, "maximum": np.maximum,
           "minimum": np.minimum, "and": np.logical_and, "or": np.logical_or}
_COMPARE = {"EQ": np.equal, "NE": np.not_equal, "LT": np.less, "LE": np.less_equal, "GT": np.greater,
            "GE": np.greater_equal}


FOLDED = frozenset({"get-dimension-size", "reshape", "broadcast", "convert", "concatenate", "compare", "select",
                    *_BINARY})


def fold(opcode: str, shape: Shape, operands: list, attrs: str, known: dict, constants: dict) -> np.ndarray | None:
    """The value of `opcode` (one of FOLDED) on known values or constants, or None."""
    if shape.is_tuple or -1 in shape.dims:
        return None
    if opcode == "get-dimension-size":
        d = _dims(attrs)
        size = operands[0].shape.dims[d[0]] if d and d[0] < operands[0].shape.rank else -1
        return None if size < 0 or operands[0].shape.dynamic and operands[0].shape.dynamic[d[0]] else \
            np.array(size, shape.dtype)
    values = [known[v.name] if v.name in known else constants.get(v.name) for v in operands]
    if not values or any(x is None for x in values) or math.prod(shape.dims) > _LIMIT:
        return None
    dtype = shape.dtype
    with np.errstate(all="ignore"):
        if opcode == "reshape" and values[0].size == math.prod(shape.dims):
            return values[0].reshape(shape.dims).astype(dtype)
        if opcode == "broadcast" and values[0].size == 1:
            return np.full(shape.dims, values[0].reshape(()), dtype)
        if opcode == "convert":
            return values[0].astype(dtype)
        if opcode == "concatenate":
            d = _dims(attrs)
            return np.concatenate(values, axis=d[0] if d else 0).astype(dtype)
        if opcode in _BINARY and len(values) == 2:
            return _BINARY[opcode](values[0], values[1]).astype(dtype)
        if opcode == "compare":
            m = re.search(r"direction=([A-Z]+)", attrs)
            if m and m.group(1) in _COMPARE:
                return _COMPARE[m.group(1)](values[0], values[1])
        if opcode == "select" and len(values) == 3:
            return np.where(values[0], values[1], values[2]).astype(dtype)
    return None
