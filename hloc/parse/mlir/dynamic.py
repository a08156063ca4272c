"""StableHLO's dynamic-shape ops as the static ops they stand for, once their shapes are known.

JAX's shape-polymorphic export (`jax.export` with symbolic dimensions) writes `dynamic_broadcast_in_dim`,
`dynamic_reshape`, `dynamic_iota`, ... whose shape operands are computed from `get_dimension_size`.
Called with concrete arguments, those operands are values known while lowering (refine.py): the result
type takes the shape they give, as XLA's stablehlo-refine-shapes has it before compiling. A shape that
stays unknown is an error that says how to get static shapes."""

from __future__ import annotations

import numpy as np

from ...ir.types import Shape
from .lower import Value
from .ops import LOWERINGS, Args, _broadcast, _multi, _pad, _window, lowering
from .refine import STATIC_SHAPES_ONLY, is_unbounded


def _known(a: Args, v: Value, what: str) -> list[int]:
    """The integer values of operand `v`, known while lowering (a constant, a dimension size, ...)."""
    lw = a.lw
    arr = lw.known.get(v.name)
    if arr is None:
        arr = lw.constants.get(v.name)
    if arr is None:
        raise a.error(f"'{a.op.name}': its {what} are known only at run time; {STATIC_SHAPES_ONLY}")
    return [int(x) for x in np.asarray(arr).reshape(-1)]


def _result_from(a: Args, v: Value) -> None:
    """The result type, its `?` replaced by the sizes shape operand `v` holds (which a static type must equal)."""
    declared = a.shape
    dims = _known(a, v, "result sizes") if is_unbounded(declared) or v.name in a.lw.known or \
        v.name in a.lw.constants else list(declared.dims)
    if len(dims) != declared.rank or any(d != s for d, s in zip(dims, declared.dims) if s != -1):
        raise a.error(f"'{a.op.name}': its shape operand holds {dims}, but the result type is "
                      f"{declared.to_str(False)}")
    if any(d < 0 for d in dims):
        raise a.error(f"'{a.op.name}': its shape operand holds the negative sizes {dims}")
    a.result_types = [Shape(declared.etype, tuple(dims))]


@lowering("stablehlo.dynamic_broadcast_in_dim", "mhlo.dynamic_broadcast_in_dim")
def _dynamic_broadcast_in_dim(a: Args):
    _result_from(a, a.operands[1])
    return _broadcast(a)  # (it reads operand 0 and the result type only)


@lowering("stablehlo.dynamic_reshape", "mhlo.dynamic_reshape")
def _dynamic_reshape(a: Args):
    x, shape = a.operands
    _result_from(a, shape)
    return a.emit("reshape", [x])


@lowering("stablehlo.dynamic_iota", "mhlo.dynamic_iota")
def _dynamic_iota(a: Args):
    _result_from(a, a.operands[0])
    return a.emit("iota", [], f"iota_dimension={a.get('iota_dimension', 'dim')}")


@lowering("stablehlo.dynamic_pad", "mhlo.dynamic_pad")
def _dynamic_pad(a: Args):
    x, value, low, high, interior = a.operands
    a.attrs["edge_padding_low"] = _known(a, low, "low paddings")
    a.attrs["edge_padding_high"] = _known(a, high, "high paddings")
    a.attrs["interior_padding"] = _known(a, interior, "interior paddings")
    a.operand_toks = a.operand_toks[:2]
    a.result_types = [_pad_shape(a, x.shape, a.attrs)]
    return _pad(a)


def _pad_shape(a: Args, x: Shape, attrs: dict) -> Shape:
    dims = [lo + hi + n + max(n - 1, 0) * k for n, lo, hi, k in
            zip(x.dims, attrs["edge_padding_low"], attrs["edge_padding_high"], attrs["interior_padding"])]
    return Shape(a.shape.etype, tuple(dims))


@lowering("stablehlo.real_dynamic_slice", "mhlo.real_dynamic_slice")
def _real_dynamic_slice(a: Args):
    x, start, limit, strides = a.operands
    starts = _known(a, start, "start indices")
    limits = _known(a, limit, "limit indices")
    steps = _known(a, strides, "strides")
    dims = [max(0, -(-(e - s) // k)) if k > 0 else -1 for s, e, k in zip(starts, limits, steps)]
    a.result_types = [Shape(a.shape.etype, tuple(dims))]
    parts = [f"[{s}:{e}:{k}]" for s, e, k in zip(starts, limits, steps)]
    return a.emit("slice", [x], "slice={" + ", ".join(parts) + "}")


@lowering("stablehlo.dynamic_gather", "mhlo.dynamic_gather")
def _dynamic_gather(a: Args):
    if is_unbounded(a.shape):
        raise a.error(f"'{a.op.name}' gives {a.shape.to_str(False)}, a shape known only at run time; "
                      f"{STATIC_SHAPES_ONLY}")
    x, indices, sizes = a.operands
    a.attrs["slice_sizes"] = np.array(_known(a, sizes, "slice sizes"), np.int64)
    a.operand_toks = a.operand_toks[:2]
    return LOWERINGS["stablehlo.gather"](a)


@lowering("stablehlo.dynamic_reduce_window")
def _dynamic_reduce_window(a: Args):
    """JAX's custom call for a reduce_window on shape-polymorphic operands (cumsum, cumprod, ...):
    inputs, init values, then window dimensions, strides, base and window dilations, padding as
    tensors; `called_computations` names the reducer."""
    ops = a.operands
    n = (len(ops) - 5) // 2
    if n < 1 or len(ops) != 2 * n + 5:
        raise a.error(f"'stablehlo.dynamic_reduce_window' takes 2N + 5 operands, found {len(ops)}")
    sizes, strides, base, dil = (_known(a, v, what) for v, what in zip(
        ops[2 * n:2 * n + 4], ("window dimensions", "window strides", "base dilations", "window dilations")))
    flat = _known(a, ops[2 * n + 4], "paddings")
    pads = list(zip(flat[0::2], flat[1::2]))
    x = ops[0].shape
    if not len(sizes) == len(strides) == len(base) == len(dil) == len(pads) == x.rank or min(strides + base + dil,
                                                                                         default=1) < 1:
        raise a.error(f"'stablehlo.dynamic_reduce_window': window sizes {sizes}, strides {strides}, dilations "
                      f"{base} / {dil} and paddings {pads} do not fit the operand {x.to_str(False)}")
    dims = tuple(((d - 1) * b + 1 + lo + hi - ((w - 1) * k + 1)) // s + 1
                 for d, w, s, b, k, (lo, hi) in zip(x.dims, sizes, strides, base, dil, pads))
    a.result_types = [Shape(t.etype, dims) for t in a.result_types]
    called = a.attrs.get("called_computations")
    name = str(called[0] if isinstance(called, list) and called else called or "").lstrip("@").strip('"')
    comp = a.lw.lower_func(name, a.op.offset)
    window = _window(sizes, strides, pads, base, dil)
    return _multi(a, "reduce-window", ops[:2 * n], f"window={window}, to_apply={comp}")
