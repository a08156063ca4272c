"""Result shapes from operand shapes and attributes (XLA's ShapeInference), for every opcode whose
shape XLA can infer. The parser uses it for instructions written without a result shape; the
verifier uses it to check the shapes that are written; passes use it to build new instructions.

Results carry default layouts; `ShapeError` says what is inconsistent.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from .attrs import ConvDimLabels, GatherDims, PadDim, Window
from .opcodes import BINARY, UNARY_MATH
from .types import Shape


class ShapeError(Exception):
    """Operand shapes or attributes that no valid result shape fits."""


# Opcodes XLA's parser requires an explicit result shape for (hlo_parser.cc, CanInferShape).
SHAPE_REQUIRED = frozenset({
    "parameter", "constant", "iota", "convert", "bitcast", "bitcast-convert", "reshape", "slice",
    "reduce-precision", "stochastic-convert", "dynamic-slice", "dynamic-update-slice", "dynamic-reshape",
    "fusion", "custom-call", "rng", "rng-bit-generator", "rng-get-and-update-state", "infeed", "outfeed",
    "send", "send-done", "recv", "recv-done", "copy-start", "copy-done", "async-start", "async-update",
    "async-done", "all-reduce", "all-reduce-start", "all-reduce-done", "all-gather", "all-gather-start",
    "all-gather-done", "reduce-scatter", "all-to-all", "ragged-all-to-all", "collective-permute",
    "collective-permute-start", "collective-permute-done", "collective-broadcast",
})

_Rule = Callable[[Sequence[Shape], dict], Shape]
_RULES: dict[str, _Rule] = {}


def infer_shape(opcode: str, operands: Sequence[Shape], attrs: dict) -> Shape:
    rule = _RULES.get(opcode)
    if rule is None:
        if opcode in SHAPE_REQUIRED:
            raise ShapeError(f"'{opcode}' needs an explicit result shape")
        raise ShapeError(f"no shape inference rule for '{opcode}'")
    return rule(operands, attrs)


def rule(*opcodes: str):
    def register(fn: _Rule) -> _Rule:
        for op in opcodes:
            _RULES[op] = fn
        return fn

    return register


def _need(ops: Sequence[Shape], n: int, what: str) -> None:
    if len(ops) != n:
        raise ShapeError(f"{what} takes {n} operands, got {len(ops)}")


def _array(s: Shape, what: str) -> Shape:
    if not s.is_array:
        raise ShapeError(f"{what} expects an array operand, got {s.to_str(False)}")
    return s


def _check_dims(dims: Sequence[int], rank: int, what: str) -> None:
    for d in dims:
        if not 0 <= d < rank:
            raise ShapeError(f"{what}: dimension {d} is out of range for rank {rank}")
    if len(set(dims)) != len(dims):
        raise ShapeError(f"{what}: repeated dimensions in {list(dims)}")


def _real_type(etype: str) -> str:
    return {"c64": "f32", "c128": "f64"}.get(etype, etype)


def _same_dims(a: Shape, b: Shape, what: str) -> None:
    if a.dims != b.dims:
        raise ShapeError(f"{what}: operand shapes {a.to_str(False)} and {b.to_str(False)} differ")


def _result(etype: str, like: Shape) -> Shape:
    return Shape(etype, like.dims, None, like.dynamic)


# ------------------------------------------------------------------------------------ elementwise


@rule(*sorted(UNARY_MATH))
def _unary(ops, attrs):
    _need(ops, 1, "a unary op")
    x = _array(ops[0], "a unary op")
    return x


@rule("abs", "real", "imag")
def _to_real(ops, attrs):
    _need(ops, 1, "abs/real/imag")
    x = _array(ops[0], "abs/real/imag")
    return _result(_real_type(x.etype), x)


@rule("is-finite")
def _is_finite(ops, attrs):
    _need(ops, 1, "is-finite")
    x = _array(ops[0], "is-finite")
    if not x.element_type.is_float:
        raise ShapeError(f"is-finite expects a floating-point operand, got {x.etype}")
    return _result("pred", x)


@rule("copy", "opt-barrier", "domain")
def _identity(ops, attrs):
    _need(ops, 1, "this op")
    return ops[0]


@rule(*sorted(BINARY - {"complex", "stochastic-convert"}))
def _binary(ops, attrs):
    _need(ops, 2, "a binary op")
    a, b = _array(ops[0], "a binary op"), _array(ops[1], "a binary op")
    _same_dims(a, b, "binary op")
    if a.etype != b.etype:
        raise ShapeError(f"binary op operands have different element types {a.etype} and {b.etype}")
    return a


@rule("complex")
def _complex(ops, attrs):
    _need(ops, 2, "complex")
    a, b = ops
    _same_dims(a, b, "complex")
    if a.etype != b.etype or a.etype not in ("f32", "f64"):
        raise ShapeError(f"complex expects two f32 or two f64 operands, got {a.etype} and {b.etype}")
    return _result("c64" if a.etype == "f32" else "c128", a)


@rule("compare")
def _compare(ops, attrs):
    _need(ops, 2, "compare")
    a, b = ops
    _same_dims(a, b, "compare")
    if a.etype != b.etype:
        raise ShapeError(f"compare operands have different element types {a.etype} and {b.etype}")
    return _result("pred", a)


@rule("select")
def _select(ops, attrs):
    _need(ops, 3, "select")
    p, t, f = ops
    if p.etype != "pred":
        raise ShapeError(f"select predicate must be pred, got {p.etype}")
    if not t.compatible(f):
        raise ShapeError(f"select branches differ: {t.to_str(False)} vs {f.to_str(False)}")
    if p.dims and p.dims != t.dims:
        raise ShapeError(f"select predicate {p.to_str(False)} does not match {t.to_str(False)}")
    return t


@rule("clamp")
def _clamp(ops, attrs):
    _need(ops, 3, "clamp")
    lo, x, hi = ops
    for b in (lo, hi):
        if b.etype != x.etype or (b.dims and b.dims != x.dims):
            raise ShapeError(f"clamp bound {b.to_str(False)} does not fit operand {x.to_str(False)}")
    return x


@rule("popcnt", "count-leading-zeros", "not", "sign", "negate")
def _int_unary(ops, attrs):
    _need(ops, 1, "this op")
    return ops[0]


# ------------------------------------------------------------------------------- data movement


@rule("broadcast")
def _broadcast(ops, attrs):
    # Without a written shape, `dimensions` are sizes prepended to the operand's dims (XLA's
    # InferBroadcastShape); with one, they map operand dims into it and the verifier checks them.
    _need(ops, 1, "broadcast")
    sizes = tuple(attrs.get("dimensions", ()))
    if any(s < 0 for s in sizes):
        raise ShapeError(f"broadcast sizes must be >= 0, got {list(sizes)}")
    return Shape(ops[0].etype, sizes + ops[0].dims)


@rule("transpose")
def _transpose(ops, attrs):
    _need(ops, 1, "transpose")
    x = ops[0]
    perm = attrs.get("dimensions", ())
    if sorted(perm) != list(range(x.rank)):
        raise ShapeError(f"transpose dimensions {list(perm)} are not a permutation of rank {x.rank}")
    return Shape(x.etype, tuple(x.dims[p] for p in perm))


@rule("reverse")
def _reverse(ops, attrs):
    _need(ops, 1, "reverse")
    _check_dims(attrs.get("dimensions", ()), ops[0].rank, "reverse")
    return ops[0]


@rule("concatenate")
def _concatenate(ops, attrs):
    if not ops:
        raise ShapeError("concatenate needs at least one operand")
    dims = attrs.get("dimensions", ())
    if len(dims) != 1:
        raise ShapeError("concatenate needs exactly one dimension")
    d = dims[0]
    first = ops[0]
    if not 0 <= d < first.rank:
        raise ShapeError(f"concatenate dimension {d} out of range for rank {first.rank}")
    total = 0
    for s in ops:
        if s.etype != first.etype or s.rank != first.rank:
            raise ShapeError(f"concatenate operands {first.to_str(False)} and {s.to_str(False)} do not match")
        for i in range(s.rank):
            if i != d and s.dims[i] != first.dims[i]:
                raise ShapeError(f"concatenate operands {first.to_str(False)} and {s.to_str(False)} differ in "
                                 f"dimension {i}")
        total += s.dims[d]
    out = list(first.dims)
    out[d] = total
    return Shape(first.etype, tuple(out))


@rule("pad")
def _pad(ops, attrs):
    _need(ops, 2, "pad")
    x, v = ops
    if v.rank != 0 or v.etype != x.etype:
        raise ShapeError(f"pad value must be a {x.etype} scalar, got {v.to_str(False)}")
    cfg: tuple[PadDim, ...] = attrs.get("padding", ())
    if len(cfg) != x.rank:
        raise ShapeError(f"padding has {len(cfg)} dimensions, operand has rank {x.rank}")
    out = []
    for d, p in zip(x.dims, cfg):
        if p.interior < 0:
            raise ShapeError("interior padding must be >= 0")
        n = d + p.lo + p.hi + max(d - 1, 0) * p.interior
        if n < 0:
            raise ShapeError(f"padding {p.lo}_{p.hi}_{p.interior} gives a negative size")
        out.append(n)
    return Shape(x.etype, tuple(out))


@rule("slice")
def _slice(ops, attrs):
    _need(ops, 1, "slice")
    x = ops[0]
    ranges = attrs.get("slice", ())
    if len(ranges) != x.rank:
        raise ShapeError(f"slice has {len(ranges)} ranges, operand has rank {x.rank}")
    out = []
    for d, r in zip(x.dims, ranges):
        if r.stride <= 0 or not 0 <= r.start <= r.limit <= d:
            raise ShapeError(f"slice range [{r.start}:{r.limit}:{r.stride}] is invalid for dimension size {d}")
        out.append((r.limit - r.start + r.stride - 1) // r.stride)
    return Shape(x.etype, tuple(out))


@rule("dynamic-slice")
def _dynamic_slice(ops, attrs):
    x = ops[0]
    sizes = attrs.get("dynamic_slice_sizes", ())
    if len(sizes) != x.rank:
        raise ShapeError(f"dynamic_slice_sizes has {len(sizes)} entries, operand has rank {x.rank}")
    for s, d in zip(sizes, x.dims):
        if not 0 <= s <= d:
            raise ShapeError(f"dynamic slice size {s} does not fit dimension size {d}")
    return Shape(x.etype, tuple(sizes))


@rule("dynamic-update-slice")
def _dus(ops, attrs):
    return ops[0]


@rule("tuple")
def _tuple(ops, attrs):
    return Shape.tuple(ops)


@rule("get-tuple-element")
def _gte(ops, attrs):
    _need(ops, 1, "get-tuple-element")
    t = ops[0]
    i = attrs.get("index", 0)
    if not t.is_tuple or not 0 <= i < len(t.tuple_shapes):
        raise ShapeError(f"get-tuple-element index {i} out of range for {t.to_str(False)}")
    return t.tuple_shapes[i]


@rule("after-all")
def _after_all(ops, attrs):
    return Shape("token")


@rule("add-dependency")
def _add_dependency(ops, attrs):
    _need(ops, 2, "add-dependency")
    return ops[0]


@rule("replica-id", "partition-id")
def _ids(ops, attrs):
    return Shape("u32")


@rule("get-dimension-size")
def _get_dim_size(ops, attrs):
    return Shape("s32")


@rule("set-dimension-size")
def _set_dim_size(ops, attrs):
    x = ops[0]
    d = attrs.get("dimensions", (0,))[0]
    dyn = [False] * x.rank if x.dynamic is None else list(x.dynamic)
    dyn[d] = True
    return Shape(x.etype, x.dims, None, tuple(dyn))


# ----------------------------------------------------------------------------------- reductions


def _reducer_result(attrs) -> Shape:
    comp = attrs.get("to_apply")
    if comp is None or comp.root is None:
        raise ShapeError("to_apply computation is missing")
    return comp.root.shape


@rule("reduce")
def _reduce(ops, attrs):
    if len(ops) % 2:
        raise ShapeError("reduce takes N inputs and N init values")
    n = len(ops) // 2
    inputs = ops[:n]
    dims = attrs.get("dimensions", ())
    x = inputs[0]
    _check_dims(dims, x.rank, "reduce")
    for s in inputs[1:]:
        _same_dims(x, s, "reduce")
    keep = tuple(d for i, d in enumerate(x.dims) if i not in dims)
    outs = [Shape(s.etype, keep) for s in inputs]
    # The reducer's result types decide (e.g. argmax reduces (f32, s32) pairs).
    try:
        res = _reducer_result(attrs)
        leaves = res.tuple_shapes if res.is_tuple else (res,)
        if len(leaves) == n:
            outs = [Shape(leaf.etype, keep) for leaf in leaves]
    except ShapeError:
        pass
    return outs[0] if n == 1 else Shape.tuple(outs)


def _window_output(dims: Sequence[int], window: Window, what: str) -> tuple[int, ...]:
    if window.rank != len(dims):
        raise ShapeError(f"{what}: window has {window.rank} dimensions, operand has {len(dims)}")
    out = []
    for d, w in zip(dims, window.dims):
        if w.stride < 1 or w.base_dilation < 1 or w.window_dilation < 1:
            raise ShapeError(f"{what}: strides and dilations must be >= 1")
        padded = (d - 1) * w.base_dilation + 1 if d else 0
        padded += w.pad_lo + w.pad_hi
        span = (w.size - 1) * w.window_dilation + 1
        out.append(0 if padded < span else (padded - span) // w.stride + 1)
    return tuple(out)


@rule("reduce-window")
def _reduce_window(ops, attrs):
    if len(ops) % 2:
        raise ShapeError("reduce-window takes N inputs and N init values")
    n = len(ops) // 2
    window = attrs.get("window", Window(()))
    dims = _window_output(ops[0].dims, window, "reduce-window")
    outs = [Shape(s.etype, dims) for s in ops[:n]]
    return outs[0] if n == 1 else Shape.tuple(outs)


@rule("select-and-scatter")
def _select_and_scatter(ops, attrs):
    _need(ops, 3, "select-and-scatter")
    return ops[0]


@rule("map")
def _map(ops, attrs):
    res = _reducer_result(attrs)
    return Shape(res.etype, ops[0].dims)


@rule("sort")
def _sort(ops, attrs):
    if not ops:
        raise ShapeError("sort needs operands")
    for s in ops[1:]:
        _same_dims(ops[0], s, "sort")
    return ops[0] if len(ops) == 1 else Shape.tuple(ops)


@rule("topk")
def _topk(ops, attrs):
    x = ops[0]
    k = attrs.get("k", 1)
    dims = x.dims[:-1] + (k,)
    return Shape.tuple([Shape(x.etype, dims), Shape("s32", dims)])


@rule("scan")
def _scan(ops, attrs):
    raise ShapeError("scan needs an explicit result shape")


# ---------------------------------------------------------------------------------- linear algebra


def _dot_result_type(a: Shape, b: Shape) -> str:
    if a.etype == b.etype:
        return a.etype
    # Mixed precision: XLA requires an explicit shape unless the types promote trivially.
    raise ShapeError(f"dot of {a.etype} and {b.etype} needs an explicit result shape")


@rule("dot")
def _dot(ops, attrs):
    _need(ops, 2, "dot")
    a, b = ops
    lb, rb = attrs.get("lhs_batch_dims", ()), attrs.get("rhs_batch_dims", ())
    lc, rc = attrs.get("lhs_contracting_dims", ()), attrs.get("rhs_contracting_dims", ())
    if len(lb) != len(rb) or len(lc) != len(rc):
        raise ShapeError("dot: lhs and rhs must have the same number of batch and contracting dimensions")
    _check_dims(lb + lc, a.rank, "dot lhs")
    _check_dims(rb + rc, b.rank, "dot rhs")
    for x, y in zip(lb, rb):
        if a.dims[x] != b.dims[y]:
            raise ShapeError(f"dot batch dimensions differ: {a.dims[x]} vs {b.dims[y]}")
    for x, y in zip(lc, rc):
        if a.dims[x] != b.dims[y]:
            raise ShapeError(f"dot contracting dimensions differ: lhs {a.dims[x]} vs rhs {b.dims[y]}")
    out = [a.dims[d] for d in lb]
    out += [d for i, d in enumerate(a.dims) if i not in lb and i not in lc]
    out += [d for i, d in enumerate(b.dims) if i not in rb and i not in rc]
    return Shape(_dot_result_type(a, b), tuple(out))


@rule("convolution")
def _convolution(ops, attrs):
    _need(ops, 2, "convolution")
    lhs, rhs = ops
    dn: ConvDimLabels | None = attrs.get("dim_labels")
    if dn is None:
        raise ShapeError("convolution needs dim_labels")
    n = dn.num_spatial
    if lhs.rank != n + 2 or rhs.rank != n + 2:
        raise ShapeError(f"convolution operands must have rank {n + 2}")
    window = attrs.get("window", Window(()))
    if window.rank != n:
        raise ShapeError(f"convolution window has {window.rank} dimensions, dim_labels have {n} spatial")
    fgc = attrs.get("feature_group_count", 1)
    bgc = attrs.get("batch_group_count", 1)
    in_f = lhs.dims[dn.input_feature]
    k_in = rhs.dims[dn.kernel_input_feature]
    k_out = rhs.dims[dn.kernel_output_feature]
    if in_f != k_in * fgc:
        raise ShapeError(f"convolution input features {in_f} != kernel input features {k_in} x "
                         f"feature_group_count {fgc}")
    for i in range(n):
        if window.dims[i].size != rhs.dims[dn.kernel_spatial[i]]:
            raise ShapeError("convolution window size does not match the kernel's spatial size")
    spatial = _window_output([lhs.dims[d] for d in dn.input_spatial], window, "convolution")
    out = [0] * (n + 2)
    out[dn.output_batch] = lhs.dims[dn.input_batch] // bgc
    out[dn.output_feature] = k_out
    for i, d in enumerate(dn.output_spatial):
        out[d] = spatial[i]
    return Shape(_dot_result_type(lhs, rhs), tuple(out))


@rule("fft")
def _fft(ops, attrs):
    x = ops[0]
    t = attrs.get("fft_type", "FFT")
    length = attrs.get("fft_length", ())
    if t == "RFFT":
        dims = x.dims[:-1] + (length[-1] // 2 + 1,)
        return Shape("c64" if x.etype == "f32" else "c128", dims)
    if t == "IRFFT":
        dims = x.dims[: x.rank - len(length)] + tuple(length)
        return Shape(_real_type(x.etype), dims)
    return x


@rule("cholesky")
def _cholesky(ops, attrs):
    return ops[0]


@rule("triangular-solve")
def _triangular_solve(ops, attrs):
    return ops[1]


@rule("batch-norm-training")
def _bn_training(ops, attrs):
    x = ops[0]
    f = attrs.get("feature_index", 0)
    feat = Shape(x.etype, (x.dims[f],))
    return Shape.tuple([x, feat, feat])


@rule("batch-norm-inference")
def _bn_inference(ops, attrs):
    return ops[0]


@rule("batch-norm-grad")
def _bn_grad(ops, attrs):
    x = ops[0]
    f = attrs.get("feature_index", 0)
    feat = Shape(x.etype, (x.dims[f],))
    return Shape.tuple([x, feat, feat])


@rule("gather")
def _gather(ops, attrs):
    _need(ops, 2, "gather")
    operand, indices = ops
    g = GatherDims.of(_Attrs(attrs))
    ivd = g.index_vector_dim
    idx_dims = list(indices.dims)
    if ivd == indices.rank:
        idx_dims.append(1)
    batch_dims = [d for i, d in enumerate(idx_dims) if i != ivd]
    if len(g.slice_sizes) != operand.rank:
        raise ShapeError(f"gather slice_sizes has {len(g.slice_sizes)} entries, operand has rank {operand.rank}")
    collapsed = set(g.collapsed_slice_dims) | set(g.operand_batching_dims)
    window = [s for i, s in enumerate(g.slice_sizes) if i not in collapsed]
    if len(window) != len(g.offset_dims):
        raise ShapeError("gather offset_dims does not match the uncollapsed slice dimensions")
    out_rank = len(batch_dims) + len(window)
    out = []
    bi = wi = 0
    for i in range(out_rank):
        if i in g.offset_dims:
            out.append(window[wi])
            wi += 1
        else:
            out.append(batch_dims[bi])
            bi += 1
    return Shape(operand.etype, tuple(out))


@rule("scatter")
def _scatter(ops, attrs):
    n = (len(ops) - 1) // 2
    if len(ops) != 2 * n + 1 or n < 1:
        raise ShapeError("scatter takes N operands, indices and N updates")
    return ops[0] if n == 1 else Shape.tuple(ops[:n])


class _Attrs:
    """Lets the *Dims.of(instr) helpers read a bare attribute dict."""

    def __init__(self, attrs):
        self.attrs = attrs


# ---------------------------------------------------------------------------------- control flow


@rule("while")
def _while(ops, attrs):
    _need(ops, 1, "while")
    return ops[0]


@rule("call")
def _call(ops, attrs):
    return _reducer_result(attrs)


@rule("conditional")
def _conditional(ops, attrs):
    branches = attrs.get("branch_computations") or [attrs.get("true_computation")]
    if not branches or branches[0] is None:
        raise ShapeError("conditional needs branch computations")
    return branches[0].root.shape

