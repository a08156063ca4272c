"""One lowering per StableHLO / CHLO op name (the registry `LOWERINGS`): read the op's operands and
attributes (generic `<{...}>` properties or the pretty form's words), write HLO instructions."""

from __future__ import annotations

import math
import re
from collections.abc import Callable

import numpy as np

from ...ir.types import Shape
from ..values import MAX_CONSTANT_ELEMENTS
from .lower import CompBuilder, ModuleLowering, Value
from .pretty import Pretty, paren_values, read_pretty
from .syntax import Group, Op, Token
from .values import decode_dict, decode_value, dense_array, is_tok, item_text, split_top

LOWERINGS: dict[str, Callable] = {}


def lowering(*names: str):
    def register(fn):
        for n in names:
            LOWERINGS[n] = fn
        return fn
    return register


class Args:
    """An op's operands (Values), decoded attributes and result shapes, for either print form."""

    def __init__(self, lw: ModuleLowering, cb: CompBuilder, op: Op):
        self.lw, self.cb, self.op = lw, cb, op
        self.ctx = lw.ctx
        self.pretty: Pretty | None = None
        if op.generic:
            self.operand_toks = list(op.operands)
            self.attrs = {**decode_dict(op.props, self.ctx), **decode_dict(op.attrs, self.ctx)}
        else:
            self.pretty = read_pretty(op, self.ctx)
            self.operand_toks = list(self.pretty.operands)
            self.attrs = dict(self.pretty.attrs)
        n_results = sum(c for _, c in op.results)
        if op.sig_out:
            self.result_types = [lw.type_of(t) for t in op.sig_out]
        else:
            self.result_types = [lw.type_of(t) for t in op.sig_in[len(op.sig_in) - n_results:]] if n_results else []

    @property
    def operands(self) -> list[Value]:
        return [self.cb.lookup(t, self.ctx) for t in self.operand_toks]

    def kw(self, key: str):
        """A pretty-form keyword's decoded value (`dims = [1, 0]` -> [1, 0]), or None."""
        if self.pretty is None or key not in self.pretty.kw:
            return None
        return decode_value(self.pretty.kw[key], self.ctx)

    def get(self, generic: str, pretty: str | None = None, default=None):
        if generic in self.attrs:
            return self.attrs[generic]
        if pretty is not None:
            v = self.kw(pretty)
            if v is not None:
                return v
        return default

    def error(self, message: str):
        return self.ctx.error(self.op.offset, message)

    @property
    def shape(self) -> Shape:
        if len(self.result_types) != 1:
            raise self.error(f"'{self.op.name}' needs one result type")
        return self.result_types[0]

    def emit(self, opcode: str, operands: list[Value], attrs: str = "", shape: Shape | None = None) -> Value:
        return self.cb.emit(opcode, shape if shape is not None else self.shape, operands, attrs, self.op.offset)


def bind(lw: ModuleLowering, cb: CompBuilder, op: Op, values: list[Value]) -> None:
    named = sum(count for _, count in op.results)  # (counted first: `%0:99999999999` names no results)
    if named != len(values):
        raise lw.ctx.error(op.offset, f"'{op.name}' gives {len(values)} results, but {named} are named")
    keys = []
    for name, count in op.results:
        keys.extend([name] if count == 1 else [f"{name}#{k}" for k in range(count)])
    if len(keys) != len(values):
        raise lw.ctx.error(op.offset, f"'{op.name}' gives {len(values)} results, but {len(keys)} are named")
    for k, v in zip(keys, values):
        cb.scope[k] = v


def bind_tuple(a: Args, tup: Value) -> None:
    bind(a.lw, a.cb, a.op, [a.cb.gte(tup, i, a.op.offset) for i in range(len(tup.shape.tuple_shapes))])


def lower_op(lw: ModuleLowering, cb: CompBuilder, op: Op) -> None:
    fn = LOWERINGS.get(op.name)
    if fn is None:
        from ...errors import did_you_mean
        if op.name.startswith("sdy."):
            raise lw.ctx.error(op.offset, f"unsupported operation '{op.name}': hloc runs a sharded module as one "
                                          "unpartitioned program; of Shardy's ops it reads the sharding "
                                          "annotations (sdy.mesh, sdy.sharding, sdy.sharding_constraint), not "
                                          "manual computations (shard_map): jit the function without shard_map")
        raise lw.ctx.error(op.offset, f"unsupported operation '{op.name}'{did_you_mean(op.name, LOWERINGS)}")
    outer = lw.at
    lw.at = (f"'{op.name}'", op.offset)  # where a decoding failure is reported (mlir/__init__.py)
    a = Args(lw, cb, op)
    out = fn(a)
    if out is not None:
        bind(lw, cb, op, out if isinstance(out, list) else [out])
    lw.at = outer


def ints(v) -> str:
    return "{" + ",".join(str(int(x)) for x in v) + "}"


def ints_list(v) -> list[int]:
    if v is None:
        return []
    if hasattr(v, "tolist"):
        v = v.tolist()
    if isinstance(v, int):
        return [v]
    return [int(x) for x in v]


def as_bool(v, default=False) -> bool:
    if v is None:
        return default
    return bool(v)


# ------------------------------------------------------------------------------------ elementwise
_ELEMENTWISE = {
    "add": "add", "subtract": "subtract", "multiply": "multiply", "divide": "divide", "remainder": "remainder",
    "maximum": "maximum", "minimum": "minimum", "power": "power", "atan2": "atan2", "and": "and", "or": "or",
    "xor": "xor", "not": "not", "shift_left": "shift-left", "shift_right_arithmetic": "shift-right-arithmetic",
    "shift_right_logical": "shift-right-logical", "abs": "abs", "negate": "negate", "exponential": "exponential",
    "exponential_minus_one": "exponential-minus-one", "log": "log", "log_plus_one": "log-plus-one",
    "logistic": "logistic", "sqrt": "sqrt", "rsqrt": "rsqrt", "cbrt": "cbrt", "sine": "sine",
    "cosine": "cosine", "tan": "tan", "tanh": "tanh", "floor": "floor", "ceil": "ceil",
    "round_nearest_afz": "round-nearest-afz", "round_nearest_even": "round-nearest-even", "sign": "sign",
    "is_finite": "is-finite", "popcnt": "popcnt", "count_leading_zeros": "count-leading-zeros",
    "real": "real", "imag": "imag", "complex": "complex", "clamp": "clamp", "select": "select",
    "convert": "convert", "bitcast_convert": "bitcast-convert", "reshape": "reshape",
    "dynamic_update_slice": "dynamic-update-slice", "tuple": "tuple", "after_all": "after-all",
    "create_token": "after-all", "replica_id": "replica-id", "partition_id": "partition-id",
    "optimization_barrier": None, "erf": "erf",
}
for _mlir, _hlo in _ELEMENTWISE.items():
    if _hlo is None:
        continue

    def _make(hlo):
        def lower(a: Args):
            return a.emit(hlo, a.operands)
        return lower
    for _d in ("stablehlo", "mhlo"):
        LOWERINGS[f"{_d}.{_mlir}"] = _make(_hlo)

# CHLO ops that are HLO opcodes
for _mlir, _hlo in {"erf": "erf", "sinh": "sinh", "cosh": "cosh", "asin": "asin", "acos": "acos",
                    "asinh": "asinh", "acosh": "acosh", "atanh": "atanh", "tan": "tan"}.items():
    LOWERINGS[f"chlo.{_mlir}"] = _make(_hlo)


@lowering("chlo.atan")
def _atan(a: Args):
    x = a.operands[0]
    one = constant(a, 1.0, Shape.scalar(x.shape.etype))
    ones = a.emit("broadcast", [one], "dimensions={}", shape=x.shape)
    return a.emit("atan2", [x, ones])


def constant(a: Args, value, shape: Shape) -> Value:
    import numpy as np
    v = a.cb.emit("constant", shape, [], "", a.op.offset)
    a.lw.constants[v.name] = np.full(shape.dims, value, dtype=shape.dtype)
    return v


@lowering("stablehlo.optimization_barrier", "mhlo.optimization_barrier")
def _opt_barrier(a: Args):
    ops = a.operands
    t = a.cb.tuple(ops, a.op.offset)
    b = a.emit("opt-barrier", [t], shape=t.shape)
    bind_tuple(a, b)


@lowering("stablehlo.constant", "mhlo.constant")
def _constant(a: Args):
    op = a.op
    if op.generic:
        value = a.attrs.get("value")
        if value is None:
            raise a.error("constant without a value")
    else:
        dense = [it for it in op.items if is_tok(it, "DENSE")]
        if not dense:
            raise a.error("expected dense<...> after 'stablehlo.constant'")
        value = dense_array(dense[0].value, a.shape, dense[0].start_pos, a.ctx, a.lw.resources)
    if hasattr(value, "shape") and value.shape != a.shape.dims and value.size == 1:
        if math.prod(a.shape.dims) > MAX_CONSTANT_ELEMENTS:  # (as a dense literal of that type would be)
            raise a.error(f"a constant of {math.prod(a.shape.dims)} elements is too large (the limit is "
                          f"{MAX_CONSTANT_ELEMENTS})")
        value = np.full(a.shape.dims, value.reshape(()), value.dtype)
    v = a.emit("constant", [])
    a.lw.constants[v.name] = value
    return v


@lowering("stablehlo.compare", "mhlo.compare")
def _compare(a: Args):
    if a.pretty is not None:
        enums = [e.value for e in a.pretty.enums]
        direction = enums[0]
        ctype = enums[1] if len(enums) > 1 else None
    else:
        direction = a.attrs["comparison_direction"]
        ctype = a.attrs.get("compare_type")
    attrs = f"direction={direction}"
    if ctype is not None and ctype != "NOTYPE":
        attrs += f", type={ctype}"
    return a.emit("compare", a.operands, attrs)


@lowering("stablehlo.iota", "mhlo.iota")
def _iota(a: Args):
    return a.emit("iota", [], f"iota_dimension={a.get('iota_dimension', 'dim')}")


@lowering("stablehlo.broadcast_in_dim", "mhlo.broadcast_in_dim")
def _broadcast(a: Args):
    x = a.operands[0]
    dims = ints_list(a.get("broadcast_dimensions", "dims"))
    out = a.shape.dims
    if len(dims) != x.shape.rank or any(not 0 <= d < len(out) for d in dims):
        raise a.error(f"broadcast_in_dim: dims = {dims} must give one result dimension (0 to "
                      f"{len(out) - 1}) for each of the operand's {x.shape.rank} dimensions")
    # StableHLO stretches size-1 dimensions; HLO's broadcast does not: reshape them away first
    stretched = [i for i, d in enumerate(dims) if x.shape.dims[i] == 1 and out[d] != 1]
    if stretched:
        kept = [i for i in range(len(dims)) if i not in stretched]
        x = a.emit("reshape", [x], shape=Shape.array(x.shape.etype, [x.shape.dims[i] for i in kept]))
        dims = [dims[i] for i in kept]
    return a.emit("broadcast", [x], f"dimensions={ints(dims)}")


@lowering("stablehlo.broadcast")
def _broadcast_prefix(a: Args):
    x = a.operands[0]
    extra = a.shape.rank - x.shape.rank
    return a.emit("broadcast", [x], f"dimensions={ints(range(extra, a.shape.rank))}")


@lowering("stablehlo.transpose", "mhlo.transpose")
def _transpose(a: Args):
    return a.emit("transpose", a.operands, f"dimensions={ints(ints_list(a.get('permutation', 'dims')))}")


@lowering("stablehlo.reverse", "mhlo.reverse")
def _reverse(a: Args):
    return a.emit("reverse", a.operands, f"dimensions={ints(ints_list(a.get('dimensions', 'dims')))}")


@lowering("stablehlo.concatenate", "mhlo.concatenate")
def _concatenate(a: Args):
    return a.emit("concatenate", a.operands, f"dimensions={{{a.get('dimension', 'dim')}}}")


@lowering("stablehlo.get_tuple_element", "mhlo.get_tuple_element")
def _gte(a: Args):
    if a.pretty is not None and a.pretty.index is not None:
        index = int(a.pretty.index.items[0].value)
    else:
        index = a.attrs["index"]
    return a.emit("get-tuple-element", a.operands, f"index={index}")


@lowering("stablehlo.slice", "mhlo.slice")
def _slice(a: Args):
    if a.pretty is not None and a.pretty.index is not None:
        parts = []
        for seg in split_top(a.pretty.index.items):
            nums = [it.value for it in seg if is_tok(it, "NUMBER")]
            parts.append(f"[{':'.join(nums)}]")
    else:
        starts = ints_list(a.get("start_indices", "start_indices"))
        limits = ints_list(a.get("limit_indices", "limit_indices"))
        strides = ints_list(a.get("strides", "strides")) or [1] * len(starts)
        parts = [f"[{s}:{e}:{k}]" for s, e, k in zip(starts, limits, strides)]
    return a.emit("slice", a.operands, "slice={" + ", ".join(parts) + "}")


@lowering("stablehlo.pad", "mhlo.pad")
def _pad(a: Args):
    low = ints_list(a.get("edge_padding_low", "low"))
    high = ints_list(a.get("edge_padding_high", "high"))
    interior = ints_list(a.get("interior_padding", "interior")) or [0] * len(low)
    pad = "x".join(f"{lo}_{hi}_{it}" for lo, hi, it in zip(low, high, interior)) if low else ""
    return a.emit("pad", a.operands, f"padding={pad}" if pad else "padding={}")


@lowering("stablehlo.dynamic_slice", "mhlo.dynamic_slice")
def _dynamic_slice(a: Args):
    return a.emit("dynamic-slice", a.operands, f"dynamic_slice_sizes={ints(ints_list(a.get('slice_sizes', 'sizes')))}")


@lowering("stablehlo.reduce_precision", "mhlo.reduce_precision")
def _reduce_precision(a: Args):
    if a.pretty is not None and "format" in a.pretty.kw:
        fmt = decode_value(a.pretty.kw["format"], a.ctx)
        m = re.fullmatch(r"e([0-9]+)m([0-9]+)", fmt)
        if m is None:
            raise a.ctx.error(a.op.offset, f"reduce_precision: format '{fmt}' is not eNmM")
        e, mant = int(m.group(1)), int(m.group(2))
    else:
        e, mant = a.attrs["exponent_bits"], a.attrs["mantissa_bits"]
    return a.emit("reduce-precision", a.operands, f"exponent_bits={e}, mantissa_bits={mant}")


@lowering("stablehlo.get_dimension_size", "mhlo.get_dimension_size")
def _get_dimension_size(a: Args):
    return a.emit("get-dimension-size", a.operands, f"dimensions={{{a.get('dimension', 'dim')}}}")


@lowering("stablehlo.set_dimension_size", "mhlo.set_dimension_size")
def _set_dimension_size(a: Args):
    return a.emit("set-dimension-size", a.operands, f"dimensions={{{a.get('dimension', 'dim')}}}")


@lowering("stablehlo.rng_bit_generator", "mhlo.rng_bit_generator")
def _rng_bit_generator(a: Args):
    alg = a.get("rng_algorithm", "algorithm", "DEFAULT")
    shape = Shape.tuple(a.result_types)
    t = a.emit("rng-bit-generator", a.operands, f"algorithm=rng_{str(alg).lower()}", shape=shape)
    bind_tuple(a, t)


@lowering("stablehlo.rng", "mhlo.rng")
def _rng(a: Args):
    dist = a.get("rng_distribution", "distribution", "UNIFORM")
    return a.emit("rng", a.operands[:2], f"distribution=rng_{str(dist).lower()}")


@lowering("stablehlo.fft", "mhlo.fft")
def _fft(a: Args):
    kind = a.get("fft_type", "type")
    length = ints_list(a.get("fft_length", "length"))
    return a.emit("fft", a.operands, f"fft_type={kind}, fft_length={ints(length)}")


@lowering("stablehlo.cholesky", "mhlo.cholesky")
def _cholesky(a: Args):
    lower = as_bool(a.get("lower", "lower"))
    return a.emit("cholesky", a.operands, f"lower={'true' if lower else 'false'}")


@lowering("stablehlo.triangular_solve", "mhlo.triangular_solve")
def _triangular_solve(a: Args):
    g = a.get
    ta = g("transpose_a", "transpose_a", "NO_TRANSPOSE")
    attrs = (f"left_side={'true' if as_bool(g('left_side', 'left_side')) else 'false'}, "
             f"lower={'true' if as_bool(g('lower', 'lower')) else 'false'}, "
             f"unit_diagonal={'true' if as_bool(g('unit_diagonal', 'unit_diagonal')) else 'false'}, "
             f"transpose_a={ta}")
    return a.emit("triangular-solve", a.operands, attrs)


@lowering("stablehlo.batch_norm_inference", "stablehlo.batch_norm_training", "stablehlo.batch_norm_grad")
def _batch_norm(a: Args):
    opcode = a.op.name.split(".")[1].replace("_", "-")
    attrs = f"epsilon={float(a.get('epsilon')):.9g}, feature_index={a.get('feature_index')}"
    if len(a.result_types) == 1:
        return a.emit(opcode, a.operands, attrs)
    t = a.emit(opcode, a.operands, attrs, shape=Shape.tuple(a.result_types))
    bind_tuple(a, t)


@lowering("chlo.top_k", "mhlo.topk")
def _top_k(a: Args):
    k = a.get("k", "k")
    if a.pretty is not None and a.pretty.parens:  # chlo.top_k(%x, k = 5)
        group = a.pretty.parens[0]
        a.operand_toks = paren_values(group)
        for seg in split_top(group.items):
            if is_tok(seg[0], "ID", "k"):
                k = decode_value(seg[2:], a.ctx)
    t = a.emit("topk", a.operands, f"k={k}, largest=true", shape=Shape.tuple(a.result_types))
    bind_tuple(a, t)


# ------------------------------------------------------------------------------------ contractions
def _precision(v) -> str:
    if not v:
        return ""
    names = [str(x).lower() for x in v]
    if all(n == "default" for n in names):
        return ""
    return ", operand_precision={" + ",".join(names) + "}"


@lowering("stablehlo.dot_general", "mhlo.dot_general")
def _dot_general(a: Args):
    if a.pretty is not None:
        def pair(key):
            items = a.pretty.kw.get(key)
            if not items:
                return [], []
            groups = [it for it in items if isinstance(it, Group)]
            return (ints_list(decode_value([groups[0]], a.ctx)), ints_list(decode_value([groups[1]], a.ctx)))
        lb, rb = pair("batching_dims")
        lc, rc = pair("contracting_dims")
        prec = a.kw("precision")
    else:
        d = a.attrs["dot_dimension_numbers"]
        lb, rb = d.get("lhs_batching_dimensions", []), d.get("rhs_batching_dimensions", [])
        lc, rc = d.get("lhs_contracting_dimensions", []), d.get("rhs_contracting_dimensions", [])
        prec = a.attrs.get("precision_config")
    attrs = (f"lhs_batch_dims={ints(lb)}, lhs_contracting_dims={ints(lc)}, "
             f"rhs_batch_dims={ints(rb)}, rhs_contracting_dims={ints(rc)}") + _precision(prec)
    return a.emit("dot", a.operands, attrs)


@lowering("stablehlo.dot", "mhlo.dot")
def _dot(a: Args):
    lhs, rhs = a.operands
    rc = 0
    attrs = f"lhs_contracting_dims={{{lhs.shape.rank - 1}}}, rhs_contracting_dims={{{rc}}}"
    return a.emit("dot", [lhs, rhs], attrs + _precision(a.get("precision_config", "precision")))


_CONV_RE = re.compile(r"\[([^\]]*)\]\s*x\s*\[([^\]]*)\]\s*->\s*\[([^\]]*)\]")


def _conv_labels(text: str, offset: int, a: Args) -> tuple[str, list[int]]:
    m = _CONV_RE.search(text)
    if not m:
        raise a.ctx.error(offset, f"cannot read convolution dimension numbers '{text}'")
    parts = [[x.strip() for x in g.split(",")] for g in m.groups()]
    return "_".join("".join(p) for p in parts[:2]) + "->" + "".join(parts[2]), []


def _window(sizes, strides, pads, lhs_dil, rhs_dil, reversal=None) -> str:
    n = len(sizes)
    if n == 0:
        return "{}"
    out = ["size=" + "x".join(map(str, sizes))]
    if strides and any(s != 1 for s in strides):
        out.append("stride=" + "x".join(map(str, strides)))
    if pads and any(p != (0, 0) for p in pads):
        out.append("pad=" + "x".join(f"{lo}_{hi}" for lo, hi in pads))
    if lhs_dil and any(d != 1 for d in lhs_dil):
        out.append("lhs_dilate=" + "x".join(map(str, lhs_dil)))
    if rhs_dil and any(d != 1 for d in rhs_dil):
        out.append("rhs_dilate=" + "x".join(map(str, rhs_dil)))
    if reversal and any(reversal):
        out.append("rhs_reversal=" + "x".join("1" if r else "0" for r in reversal))
    return "{" + " ".join(out) + "}"


def _pads(v, n: int) -> list[tuple[int, int]]:
    if v is None:
        return [(0, 0)] * n
    if hasattr(v, "tolist"):
        v = v.tolist()
    if v and not isinstance(v[0], list):
        v = [v[i:i + 2] for i in range(0, len(v), 2)]
    out = [(int(p[0]), int(p[1])) for p in v]
    return out if out else [(0, 0)] * n


@lowering("stablehlo.convolution", "mhlo.convolution")
def _convolution(a: Args):
    if a.pretty is not None:
        a.operand_toks = paren_values(a.pretty.parens[0])
        raw = "".join(item_text(it) for it in a.pretty.kw["dim_numbers"])
        labels, _ = _conv_labels(raw, a.op.offset, a)
        win = decode_value(a.pretty.kw["window"], a.ctx) if "window" in a.pretty.kw else {}
        strides, pads = win.get("stride"), win.get("pad")
        lhs_dil, rhs_dil, rev = win.get("lhs_dilate"), win.get("rhs_dilate"), win.get("reverse")
    else:
        labels, _ = _conv_labels(a.attrs["dimension_numbers"]["raw"], a.op.offset, a)
        g = a.attrs.get
        strides, pads = g("window_strides"), g("padding")
        lhs_dil, rhs_dil, rev = g("lhs_dilation"), g("rhs_dilation"), g("window_reversal")
    lhs, rhs = a.operands
    kernel_labels = labels.split("_")[1].split("->")[0]
    spatial = [i for i, c in enumerate(kernel_labels) if c.isdigit()]
    spatial.sort(key=lambda i: int(kernel_labels[i]))
    sizes = [rhs.shape.dims[i] for i in spatial]
    n = len(sizes)
    window = _window(sizes, ints_list(strides), _pads(pads, n), ints_list(lhs_dil), ints_list(rhs_dil),
                     [bool(x) for x in (rev or [])])
    attrs = f"window={window}, dim_labels={labels}"
    fgc = a.attrs.get("feature_group_count", 1)
    bgc = a.attrs.get("batch_group_count", 1)
    if fgc != 1:
        attrs += f", feature_group_count={fgc}"
    if bgc != 1:
        attrs += f", batch_group_count={bgc}"
    attrs += _precision(a.attrs.get("precision_config"))
    return a.emit("convolution", [lhs, rhs], attrs)


# ------------------------------------------------------------------------------- gather / scatter
@lowering("stablehlo.gather", "mhlo.gather")
def _gather(a: Args):
    d = a.attrs["dimension_numbers"]
    attrs = (f"offset_dims={ints(d.get('offset_dims', []))}, "
             f"collapsed_slice_dims={ints(d.get('collapsed_slice_dims', []))}, "
             f"start_index_map={ints(d.get('start_index_map', []))}, "
             f"index_vector_dim={d.get('index_vector_dim', 0)}, "
             f"slice_sizes={ints(ints_list(a.attrs['slice_sizes']))}")
    if d.get("operand_batching_dims"):
        attrs += (f", operand_batching_dims={ints(d['operand_batching_dims'])}, "
                  f"start_indices_batching_dims={ints(d.get('start_indices_batching_dims', []))}")
    if as_bool(a.attrs.get("indices_are_sorted")):
        attrs += ", indices_are_sorted=true"
    return a.emit("gather", a.operands, attrs)


@lowering("stablehlo.scatter", "mhlo.scatter")
def _scatter(a: Args):
    d = a.attrs["scatter_dimension_numbers"]
    ops = a.operands
    n = len(ops) // 2
    scalars = [Shape.scalar(v.shape.etype) for v in ops[:n]]
    comp = a.lw.closed_region(a.op.regions[0], scalars * 2, a.op.offset, a.cb, kind="scatter_region")
    attrs = (f"update_window_dims={ints(d.get('update_window_dims', []))}, "
             f"inserted_window_dims={ints(d.get('inserted_window_dims', []))}, "
             f"scatter_dims_to_operand_dims={ints(d.get('scatter_dims_to_operand_dims', []))}, "
             f"index_vector_dim={d.get('index_vector_dim', 0)}, to_apply={comp}")
    if d.get("input_batching_dims"):
        attrs += (f", input_batching_dims={ints(d['input_batching_dims'])}, "
                  f"scatter_indices_batching_dims={ints(d.get('scatter_indices_batching_dims', []))}")
    if as_bool(a.attrs.get("indices_are_sorted")):
        attrs += ", indices_are_sorted=true"
    if as_bool(a.attrs.get("unique_indices")):
        attrs += ", unique_indices=true"
    if len(a.result_types) == 1:
        return a.emit("scatter", ops, attrs)
    bind_tuple(a, a.emit("scatter", ops, attrs, shape=Shape.tuple(a.result_types)))


# --------------------------------------------------------------------------------------- reductions
def _multi(a: Args, opcode: str, operands: list[Value], attrs: str):
    if len(a.result_types) == 1:
        return a.emit(opcode, operands, attrs)
    bind_tuple(a, a.emit(opcode, operands, attrs, shape=Shape.tuple(a.result_types)))


@lowering("stablehlo.reduce", "mhlo.reduce")
def _reduce(a: Args):
    op = a.op
    if a.pretty is not None:
        inputs, inits = [], []
        for g in a.pretty.parens:
            vals = paren_values(g)
            inputs.append(vals[0])
            inits.append(vals[1])
        a.operand_toks = inputs + inits
        dims = ints_list(a.kw("dimensions"))
        applies = [e.value for e in a.pretty.enums if "." in e.value]
        if applies:  # `applies stablehlo.add`: a one-op body
            et = [a.cb.lookup(t, a.ctx).shape.etype for t in inits]
            comp = _binary_computation(a, applies[0], Shape.scalar(et[0]))
        else:
            # reducer(%a: t, %c: t) (%b: t, %d: t): the block arguments pair up as (acc_i, x_i)
            groups = op.region_args
            accs = [g[0] for g in groups]
            xs = [g[1] for g in groups]
            comp = a.lw.closed_region(op.regions[0], None, op.offset, a.cb, block_args=accs + xs, kind="reduce_region")
    else:
        dims = ints_list(a.attrs["dimensions"])
        comp = a.lw.closed_region(op.regions[0], None, op.offset, a.cb, kind="reduce_region")
    return _multi(a, "reduce", a.operands, f"dimensions={ints(dims)}, to_apply={comp}")


def _binary_computation(a: Args, op_name: str, scalar: Shape) -> str:
    lw = a.lw
    cb = CompBuilder(lw, lw.comp_name(f"region_{len(lw.finished)}"), parent=a.cb)
    x = cb._param(0, scalar, a.op.offset)
    y = cb._param(1, scalar, a.op.offset)
    hlo = _ELEMENTWISE.get(op_name.split(".", 1)[1])
    if hlo is None:
        raise a.error(f"'applies {op_name}': not an elementwise binary op")
    r = cb.emit(hlo, scalar, [x, y], "", a.op.offset)
    cb.root = r.name
    lw.finished.append((cb, None))
    return cb.name


@lowering("stablehlo.reduce_window", "mhlo.reduce_window")
def _reduce_window(a: Args):
    g = a.attrs.get
    sizes = ints_list(g("window_dimensions"))
    n = len(sizes)
    window = _window(sizes, ints_list(g("window_strides")), _pads(g("padding"), n),
                     ints_list(g("base_dilations")), ints_list(g("window_dilations")))
    comp = a.lw.closed_region(a.op.regions[0], None, a.op.offset, a.cb, kind="reduce_window_region")
    return _multi(a, "reduce-window", a.operands, f"window={window}, to_apply={comp}")


@lowering("stablehlo.select_and_scatter", "mhlo.select_and_scatter")
def _select_and_scatter(a: Args):
    g = a.attrs.get
    operand = a.operands[0]
    sizes = ints_list(g("window_dimensions")) or [1] * operand.shape.rank
    n = len(sizes)
    window = _window(sizes, ints_list(g("window_strides")), _pads(g("padding"), n), [], [])
    sel = a.lw.closed_region(a.op.regions[0], None, a.op.offset, a.cb, kind="select_region")
    sca = a.lw.closed_region(a.op.regions[1], None, a.op.offset, a.cb, kind="scatter_region")
    return a.emit("select-and-scatter", a.operands, f"window={window}, select={sel}, scatter={sca}")


@lowering("stablehlo.sort", "mhlo.sort")
def _sort(a: Args):
    dim = a.attrs.get("dimension", -1)
    if dim < 0:
        dim += a.operands[0].shape.rank
    comp = a.lw.closed_region(a.op.regions[0], None, a.op.offset, a.cb, kind="sort_region")
    stable = ", is_stable=true" if as_bool(a.attrs.get("is_stable")) else ""
    return _multi(a, "sort", a.operands, f"dimensions={{{dim}}}{stable}, to_apply={comp}")


@lowering("stablehlo.map", "mhlo.map")
def _map(a: Args):
    comp = a.lw.closed_region(a.op.regions[0], None, a.op.offset, a.cb, kind="map_region")
    dims = ints_list(a.get("dimensions", "dimensions")) or list(range(a.shape.rank))
    return a.emit("map", a.operands, f"dimensions={ints(dims)}, to_apply={comp}")


# ------------------------------------------------------------------------------------ control flow
@lowering("func.call", "call")
def _call(a: Args):
    if a.op.generic:
        callee = a.attrs["callee"]
    else:
        assert a.pretty is not None and a.pretty.symbol is not None  # (a pretty call names its callee)
        callee = a.pretty.symbol.value[1:].strip('"')
        a.operand_toks = paren_values(a.pretty.parens[0]) if a.pretty.parens else []
    args = a.operands
    comp = a.lw.lower_func(callee, a.op.offset, args=args)
    if any(-1 in t.dims for t in a.result_types):  # a shape-polymorphic callee: its refined results
        a.result_types = a.lw.result_shapes[comp]
    return _multi(a, "call", args, f"to_apply={comp}") if a.result_types else None


def _shape_assertion(a: Args) -> None:
    """JAX's check of a shape-polymorphic module's dimension sizes: decided while lowering, where the
    sizes are known (refine.py), as XLA's shape refinement does; nothing runs."""
    ops = a.operands
    values = [a.lw.known.get(v.name, a.lw.constants.get(v.name)) for v in ops]
    if not ops or values[0] is None:
        raise a.error("'shape_assertion' on sizes known only at run time: hloc reads static shapes only")
    if not bool(np.all(values[0])):
        message = str(a.attrs.get("error_message", "shape assertion failed"))
        for i, v in enumerate(values[1:]):
            message = message.replace("{" + str(i) + "}", "?" if v is None else str(np.asarray(v).tolist()))
        raise a.error(f"shape assertion failed: {message}")


@lowering("stablehlo.uniform_quantize", "stablehlo.uniform_dequantize", "mhlo.uniform_quantize",
          "mhlo.uniform_dequantize")
def _uniform_quantize(a: Args):
    # (a quantized result type is refused where Args reads it, naming the type)
    raise a.error(f"quantized tensors are not supported ('{a.op.name}'): hloc reads float and integer tensors")


@lowering("sdy.sharding_constraint", "sdy.reshard")
def _sharding_constraint(a: Args):
    """A sharding annotation: on one unpartitioned program, the value itself."""
    return a.operands[0]


@lowering("stablehlo.composite")
def _composite(a: Args):
    comp = a.lw.lower_func(a.attrs["decomposition"], a.op.offset)
    return _multi(a, "call", a.operands, f"to_apply={comp}")


@lowering("stablehlo.custom_call", "mhlo.custom_call")
def _custom_call(a: Args):
    if a.pretty is not None:
        assert a.pretty.symbol is not None  # (a pretty custom_call names its target)
        target = a.pretty.symbol.value[1:].strip('"')
        a.operand_toks = paren_values(a.pretty.parens[0]) if a.pretty.parens else []
    else:
        target = a.attrs["call_target_name"]
    if target == "shape_assertion":
        return _shape_assertion(a)
    # torch_xla wraps MHLO ops (@mhlo.erf(%x)); JAX's shape polymorphism has @stablehlo.dynamic_* (dynamic.py)
    if target.startswith(("mhlo.", "stablehlo.dynamic_")) and target in LOWERINGS:
        a.attrs.update(a.attrs.get("mhlo.attributes") or {})
        return LOWERINGS[target](a)
    attrs = f'custom_call_target="{target}"'
    layouts = a.attrs.get("result_layouts")
    if layouts is not None and len(layouts) == len(a.result_types):
        a.result_types = [_with_layout(t, m2m) for t, m2m in zip(a.result_types, layouts)]
    ops = a.operands
    operand_layouts = a.attrs.get("operand_layouts")
    if operand_layouts is not None and len(operand_layouts) == len(ops):
        attrs += ", operand_layout_constraints={" + ", ".join(
            _with_layout(v.shape, m2m).to_str(True) for v, m2m in zip(ops, operand_layouts)) + "}"
    aliases = a.attrs.get("output_operand_aliases") or []
    if aliases:
        attrs += ", output_to_operand_aliasing={" + ", ".join(
            f"{ints(al.get('output_tuple_indices', []))}: ({al.get('operand_index', 0)}, "
            f"{ints(al.get('operand_tuple_indices', []))})" for al in aliases if isinstance(al, dict)) + "}"
    if as_bool(a.attrs.get("has_side_effect")):
        attrs += ", custom_call_has_side_effect=true"
    ffi_config = a.attrs.get("mhlo.backend_config")
    api = a.attrs.get("api_version")
    if api in (4, "API_VERSION_TYPED_FFI") or isinstance(ffi_config, dict):
        attrs += ", api_version=API_VERSION_TYPED_FFI"
    if isinstance(ffi_config, dict):  # typed FFI attributes, printed as XLA does: {uplo = 76 : ui8}
        attrs += f", backend_config={ffi_config['_text']}"
    else:
        bc = a.attrs.get("backend_config")
        if isinstance(bc, str) and bc:
            attrs += ', backend_config="' + bc.replace("\\", "\\\\").replace('"', '\\"') + '"'
    if not a.result_types:
        a.emit("custom-call", ops, attrs, shape=Shape.tuple([]))
        return None
    return _multi(a, "custom-call", ops, attrs)


def _with_layout(shape: Shape, minor_to_major) -> Shape:
    from ...ir.types import Layout

    m2m = tuple(ints_list(minor_to_major))
    if shape.is_tuple or len(m2m) != shape.rank or not shape.rank:
        return shape
    return Shape(shape.etype, shape.dims, Layout(m2m), dynamic=shape.dynamic)


class _Captures:
    """Values a region takes from the computations around it, shared by the regions of one op."""

    def __init__(self, lw: ModuleLowering, parent: CompBuilder, first_index: int):
        self.lw = lw
        self.parent = parent
        self.first = first_index
        self.keys: dict[str, int] = {}
        self.values: list[Value] = []

    def hook(self, cb: CompBuilder, param_name: str, offset: int):
        def capture(key: str, tok: Token) -> Value:
            if key not in self.keys:
                self.keys[key] = self.first + len(self.values)
                self.values.append(self.parent.lookup(tok, self.lw.ctx))
            index = self.keys[key]
            outer = self.values[index - self.first]
            name = self.lw.fresh("get-tuple-element")
            cb.line(name, outer.shape, "get-tuple-element", [param_name], f"index={index}", tok.start_pos or 0)
            known = self.lw.known.get(outer.name)
            if known is None and outer.shape.is_array and math.prod(outer.shape.dims) <= 4096:
                known = self.lw.constants.get(outer.name)
            if known is not None:  # a size the region reads (shape refinement, refine.py)
                self.lw.known[name] = known
            return Value(name, outer.shape)
        return capture


def _open_region(a: Args, region, state: list[Shape], arg_names: list[str], caps: _Captures, kind: str):
    """A region whose computation takes one tuple parameter: the state, then the captures."""
    lw = a.lw
    cb = CompBuilder(lw, lw.comp_name(f"{kind}_{len(lw.finished)}"), parent=a.cb)
    param = lw.fresh("param")
    cb.capture = caps.hook(cb, param, region.offset)
    for i, (name, shape) in enumerate(zip(arg_names, state)):
        gname = lw.fresh("get-tuple-element")
        cb.line(gname, shape, "get-tuple-element", [param], f"index={i}", region.offset)
        cb.scope[name] = Value(gname, shape)
    results = lw.lower_region_ops(cb, region, a.op.offset)
    return cb, param, results


def _close_region(a: Args, cb: CompBuilder, param: str, state: list[Shape], caps: _Captures,
                  results: list[Value], tuple_root: bool) -> None:
    shape = Shape.tuple(state + [v.shape for v in caps.values])
    cb.line(param, shape, "parameter", 0, "", a.op.offset, head=True)
    if tuple_root:
        root = cb.tuple(results, a.op.offset)
    else:
        root = results[0]
    cb.root = root.name
    a.lw.finished.append((cb, None))


@lowering("stablehlo.case", "mhlo.case")
def _case(a: Args):
    index = a.operands[0]
    branches = []
    for region in a.op.regions:
        caps = _Captures(a.lw, a.cb, 0)
        cb, param, results = _open_region(a, region, [], [], caps, "branch")
        _close_region(a, cb, param, [], caps, results, tuple_root=len(results) != 1)
        branches.append((cb.name, caps))
    ops = [index] + [a.cb.tuple(caps.values, a.op.offset) for _, caps in branches]
    names = ", ".join(n for n, _ in branches)
    if index.shape.etype == "pred" and len(branches) == 2:  # stablehlo.if: true first
        attrs = f"true_computation={branches[0][0]}, false_computation={branches[1][0]}"
    else:
        attrs = f"branch_computations={{{names}}}"
    if not a.result_types:
        return None
    return _multi(a, "conditional", ops, attrs)


LOWERINGS["stablehlo.if"] = LOWERINGS["mhlo.if"] = _case


@lowering("stablehlo.while", "mhlo.while")
def _while(a: Args):
    op = a.op
    if a.pretty is not None:
        names, inits = [], []
        for seg in split_top(a.pretty.parens[0].items):
            names.append(seg[0].value[1:])
            inits.append(seg[2])
        a.operand_toks = inits
        cond_names = body_names = names
    else:
        cond_names = [arg[0] for arg in op.regions[0].blocks[0].args]
        body_names = [arg[0] for arg in op.regions[1].blocks[0].args]
    init_values = a.operands
    state = [v.shape for v in init_values]
    caps = _Captures(a.lw, a.cb, len(state))
    ccb, cparam, cres = _open_region(a, op.regions[0], state, cond_names, caps, "cond")
    bcb, bparam, bres = _open_region(a, op.regions[1], state, body_names, caps, "body")
    # the body passes the captured values through: read them from its parameter
    passthrough = []
    for k, v in enumerate(caps.values):
        name = a.lw.fresh("get-tuple-element")
        bcb.line(name, v.shape, "get-tuple-element", [bparam], f"index={len(state) + k}", op.offset)
        passthrough.append(Value(name, v.shape))
    _close_region(a, ccb, cparam, state, caps, cres, tuple_root=False)
    _close_region(a, bcb, bparam, state, caps, bres + passthrough, tuple_root=True)
    init = a.cb.tuple(init_values + caps.values, op.offset)
    w = a.emit("while", [init], f"condition={ccb.name}, body={bcb.name}", shape=init.shape)
    bind(a.lw, a.cb, op, [a.cb.gte(w, i, op.offset) for i in range(len(state))])
