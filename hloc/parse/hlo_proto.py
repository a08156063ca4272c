"""HloModuleProto input (`.pb` binary, `.pbtxt` text), as run_hlo_module's --input_format takes it:
XLA's dumps (`--xla_dump_hlo_as_proto` writes an HloProto, whose first field is the module) and
serialized modules. read_source turns the proto into HLO text (constants printed in full), so every
command and the HLO parser's checks treat it as any other module.

The schema lists the fields of XLA's public hlo.proto / xla_data.proto that hloc reads, by number.
"""

from __future__ import annotations

import numpy as np

from ..errors import ParseError, SourceLoc
from ..ir.types import ELEMENT_TYPES, Shape
from .protowire import Field, decode, decode_text

_PRIMITIVE = {1: "pred", 2: "s8", 3: "s16", 4: "s32", 5: "s64", 6: "u8", 7: "u16", 8: "u32", 9: "u64",
              10: "f16", 11: "f32", 12: "f64", 13: "tuple", 14: "opaque", 15: "c64", 16: "bf16", 17: "token",
              18: "c128", 19: "f8e5m2", 20: "f8e4m3fn", 21: "s4", 22: "u4", 23: "f8e4m3b11fnuz", 24: "f8e5m2fnuz",
              25: "f8e4m3fnuz", 26: "s2", 27: "u2", 28: "f8e4m3", 29: "f8e3m4", 30: "s1", 31: "u1",
              32: "f4e2m1fn", 33: "f8e8m0fnu"}
_PRIMITIVE_NAMES = {v.upper(): v for v in _PRIMITIVE.values()} | {"OPAQUE_TYPE": "opaque"}
_DISTRIBUTION = {0: "RNG_INVALID", 1: "RNG_UNIFORM", 2: "RNG_NORMAL"}
_ALGORITHM = {0: "RNG_DEFAULT", 1: "RNG_THREE_FRY", 2: "RNG_PHILOX"}
_FFT = {0: "FFT", 1: "IFFT", 2: "RFFT", 3: "IRFFT"}
_PRECISION = {0: "DEFAULT", 1: "HIGH", 2: "HIGHEST", 3: "PACKED_NIBBLE"}
_TRANSPOSE = {0: "TRANSPOSE_INVALID", 1: "NO_TRANSPOSE", 2: "TRANSPOSE", 3: "ADJOINT"}
_API = {0: "API_VERSION_UNSPECIFIED", 1: "API_VERSION_ORIGINAL", 2: "API_VERSION_STATUS_RETURNING",
        3: "API_VERSION_STATUS_RETURNING_UNIFIED", 4: "API_VERSION_TYPED_FFI"}


def _f(name, type_, repeated=False, enum=None):
    return Field(name, type_, repeated, enum)


def _ints(name):
    return _f(name, "int64", True)


SCHEMA = {
    "HloProto": {1: _f("hlo_module", "HloModuleProto")},
    "HloModuleProto": {1: _f("name", "string"), 2: _f("entry_computation_name", "string"),
                       3: _f("computations", "HloComputationProto", True), 6: _f("entry_computation_id", "int64"),
                       15: _f("device_assignment", "DeviceAssignmentProto")},
    "DeviceAssignmentProto": {1: _f("replica_count", "int32"), 2: _f("computation_count", "int32")},
    "HloComputationProto": {1: _f("name", "string"), 2: _f("instructions", "HloInstructionProto", True),
                            5: _f("id", "int64"), 6: _f("root_id", "int64"),
                            8: _f("execution_thread", "string")},
    "ShapeProto": {2: _f("element_type", "enum", enum=_PRIMITIVE), 3: _ints("dimensions"),
                   4: _f("tuple_shapes", "ShapeProto", True), 5: _f("layout", "LayoutProto"),
                   6: _f("is_dynamic_dimension", "bool", True)},
    "LayoutProto": {1: _ints("minor_to_major")},
    "LiteralProto": {
        1: _f("shape", "ShapeProto"), 2: _f("preds", "bool", True), 3: _f("u8s", "bytes"),
        4: _f("s32s", "int32", True), 5: _f("s64s", "int64", True), 6: _f("u32s", "uint32", True),
        7: _f("u64s", "uint64", True), 8: _f("f32s", "float", True), 9: _f("f64s", "double", True),
        10: _f("tuple_literals", "LiteralProto", True), 11: _f("f16s", "bytes"), 12: _f("c64s", "float", True),
        13: _f("bf16s", "bytes"), 15: _f("s8s", "bytes"), 16: _f("u16s", "bytes"), 17: _f("s16s", "bytes"),
        18: _f("c128s", "double", True), 19: _f("f8e5m2s", "bytes"), 20: _f("f8e4m3fns", "bytes"),
        23: _f("f8e4m3b11fnuzs", "bytes"), 24: _f("f8e5m2fnuzs", "bytes"), 25: _f("f8e4m3fnuzs", "bytes"),
        28: _f("f8e4m3s", "bytes"), 29: _f("f8e3m4s", "bytes"), 33: _f("f8e8m0fnus", "bytes"),
        21: _f("s4s", "bytes"), 22: _f("u4s", "bytes")},
    "WindowDimension": {1: _f("size", "int64"), 2: _f("stride", "int64"), 3: _f("padding_low", "int64"),
                        4: _f("padding_high", "int64"), 5: _f("window_dilation", "int64"),
                        6: _f("base_dilation", "int64"), 7: _f("window_reversal", "bool")},
    "Window": {1: _f("dimensions", "WindowDimension", True)},
    "ConvolutionDimensionNumbers": {
        7: _f("input_batch_dimension", "int64"), 8: _f("input_feature_dimension", "int64"),
        11: _ints("input_spatial_dimensions"), 3: _f("kernel_input_feature_dimension", "int64"),
        4: _f("kernel_output_feature_dimension", "int64"), 6: _ints("kernel_spatial_dimensions"),
        9: _f("output_batch_dimension", "int64"), 10: _f("output_feature_dimension", "int64"),
        12: _ints("output_spatial_dimensions")},
    "DotDimensionNumbers": {1: _ints("lhs_contracting_dimensions"), 2: _ints("rhs_contracting_dimensions"),
                            3: _ints("lhs_batch_dimensions"), 4: _ints("rhs_batch_dimensions")},
    "GatherDimensionNumbers": {1: _ints("offset_dims"), 2: _ints("collapsed_slice_dims"),
                               3: _ints("start_index_map"), 4: _f("index_vector_dim", "int64"),
                               5: _ints("operand_batching_dims"), 6: _ints("start_indices_batching_dims")},
    "ScatterDimensionNumbers": {1: _ints("update_window_dims"), 2: _ints("inserted_window_dims"),
                                3: _ints("scatter_dims_to_operand_dims"), 4: _f("index_vector_dim", "int64"),
                                5: _ints("input_batching_dims"), 6: _ints("scatter_indices_batching_dims")},
    "PaddingConfigDimension": {1: _f("edge_padding_low", "int64"), 2: _f("edge_padding_high", "int64"),
                               3: _f("interior_padding", "int64")},
    "PaddingConfig": {1: _f("dimensions", "PaddingConfigDimension", True)},
    "PrecisionConfig": {1: _f("operand_precision", "enum", True, _PRECISION)},
    "SliceDimensions": {1: _f("start", "int64"), 2: _f("limit", "int64"), 3: _f("stride", "int64")},
    "TriangularSolveOptions": {1: _f("left_side", "bool"), 2: _f("lower", "bool"), 3: _f("unit_diagonal", "bool"),
                               4: _f("transpose_a", "enum", enum=_TRANSPOSE)},
    "CholeskyOptions": {1: _f("lower", "bool")},
    "HloInstructionProto": {
        1: _f("name", "string"), 2: _f("opcode", "string"), 3: _f("shape", "ShapeProto"),
        8: _f("literal", "LiteralProto"), 9: _f("parameter_number", "int64"), 11: _f("fusion_kind", "string"),
        13: _f("tuple_index", "int64"), 14: _ints("dimensions"), 15: _f("window", "Window"),
        16: _f("convolution_dimension_numbers", "ConvolutionDimensionNumbers"),
        50: _f("feature_group_count", "int64"), 58: _f("batch_group_count", "int64"),
        17: _f("slice_dimensions", "SliceDimensions", True), 18: _f("exponent_bits", "int32"),
        19: _f("mantissa_bits", "int32"), 20: _ints("dynamic_slice_sizes"),
        21: _f("padding_config", "PaddingConfig"), 23: _f("distribution", "enum", enum=_DISTRIBUTION),
        24: _f("epsilon", "float"), 25: _f("feature_index", "int64"), 28: _f("custom_call_target", "string"),
        30: _f("dot_dimension_numbers", "DotDimensionNumbers"), 31: _f("fft_type", "enum", enum=_FFT),
        32: _ints("fft_length"), 63: _f("comparison_direction", "string"),
        33: _f("gather_dimension_numbers", "GatherDimensionNumbers"), 34: _ints("gather_slice_sizes"),
        35: _f("id", "int64"), 36: _ints("operand_ids"), 37: _ints("control_predecessor_ids"),
        38: _ints("called_computation_ids"), 43: _f("backend_config", "bytes"), 60: _f("is_stable", "bool"),
        48: _f("scatter_dimension_numbers", "ScatterDimensionNumbers"),
        51: _f("precision_config", "PrecisionConfig"),
        59: _f("triangular_solve_options", "TriangularSolveOptions"),
        62: _f("cholesky_options", "CholeskyOptions"), 65: _f("custom_call_has_side_effect", "bool"),
        67: _f("indices_are_sorted", "bool"), 69: _f("unique_indices", "bool"),
        70: _f("rng_algorithm", "enum", enum=_ALGORITHM), 72: _f("comparison_type", "string"),
        77: _f("custom_call_api_version", "enum", enum=_API), 81: _f("k", "int64"), 85: _f("largest", "bool"),
        89: _f("is_composite", "bool")},
}


def _plausible(m) -> bool:
    """Whether a decoded message reads as an HloModuleProto: any bytes decode as *some* message, so a
    wrong guess shows as fields of the wrong kinds."""
    comps = m.get("computations") if isinstance(m, dict) else None
    if not comps or not isinstance(comps, list):
        return False
    for c in comps:
        if not (isinstance(c, dict) and isinstance(c.get("name"), str) and isinstance(c.get("id", 0), int)):
            return False
        instrs = c.get("instructions", [])
        if not (isinstance(instrs, list) and all(isinstance(i, dict) and isinstance(i.get("opcode"), str)
                                                 for i in instrs)):
            return False
    return True


def read_proto(data: bytes, where: str, text_format: bool) -> dict:
    """An HloModuleProto, or the one an HloProto (XLA's dumps) holds, as a dict."""
    read = (lambda msg: decode_text(data.decode("utf-8", "replace"), SCHEMA, msg, where)) if text_format else \
        (lambda msg: decode(data, SCHEMA, msg, where))
    try:
        wrapped = read("HloProto").get("hlo_module")
    except ParseError:
        wrapped = None
    if isinstance(wrapped, dict) and _plausible(wrapped):
        return wrapped
    try:
        top = read("HloModuleProto")
    except ParseError as e:
        if text_format:  # (a text proto's error points at its line)
            raise
        # Binary: the bytes do not even decode as one (another message, or damaged).
        raise ParseError("no HLO computations in this protocol buffer (expected an HloModuleProto or HloProto; "
                         f"{e.message})", SourceLoc(where, 1, 1)) from None
    if not _plausible(top):
        raise ParseError("no HLO computations in this protocol buffer (expected an HloModuleProto or HloProto)",
                         SourceLoc(where, 1, 1))
    return top


# ---------------------------------------------------------------------------------------- to text
def _etype(v) -> str:
    if isinstance(v, str):
        return _PRIMITIVE_NAMES.get(v, v.lower())
    return _PRIMITIVE.get(v, "invalid")


def shape_of(p: dict) -> Shape:
    et = _etype(p.get("element_type", 0))
    if et == "tuple":
        return Shape.tuple([shape_of(s) for s in p.get("tuple_shapes", [])])
    if et in ("token", "opaque"):
        return Shape(et)
    dims = tuple(p.get("dimensions", []))
    dyn = p.get("is_dynamic_dimension")
    layout = None
    if "layout" in p and dims:
        from ..ir.types import Layout
        m2m = tuple(p["layout"].get("minor_to_major", []))
        if len(m2m) == len(dims):
            layout = Layout(m2m)
    return Shape(et, dims, layout, dynamic=tuple(dyn) if dyn else None)


def _shape_text(s: Shape) -> str:
    return s.to_str(True)


def _ints_text(v) -> str:
    return "{" + ",".join(str(int(x)) for x in v) + "}"


def _window_text(w: dict) -> str:
    dims = w.get("dimensions", [])
    if not dims:
        return "{}"
    parts = ["size=" + "x".join(str(d.get("size", 0)) for d in dims)]

    def add(key, field, default, fmt=str):
        vals = [d.get(field, default) for d in dims]
        if any(v != default for v in vals):
            parts.append(key + "=" + "x".join(fmt(v) for v in vals))
    add("stride", "stride", 1)
    pads = [(d.get("padding_low", 0), d.get("padding_high", 0)) for d in dims]
    if any(p != (0, 0) for p in pads):
        parts.append("pad=" + "x".join(f"{lo}_{hi}" for lo, hi in pads))
    add("lhs_dilate", "base_dilation", 1)
    add("rhs_dilate", "window_dilation", 1)
    add("rhs_reversal", "window_reversal", False, lambda v: "1" if v else "0")
    return "{" + " ".join(parts) + "}"


def _dim_labels(c: dict, rank: int) -> str:
    def labels(batch, feature, spatial, b, f):
        out = ["?"] * rank
        for d, label in [(c.get(batch, 0), b), (c.get(feature, 0), f),
                         *((d, str(i)) for i, d in enumerate(c.get(spatial, [])))]:
            if not 0 <= d < rank:
                raise ValueError(f"convolution dimension number {d} is outside 0..{rank - 1}")
            out[d] = label
        return "".join(out)
    n = len(c.get("input_spatial_dimensions", [])) + 2
    return (labels("input_batch_dimension", "input_feature_dimension", "input_spatial_dimensions", "b", "f") + "_"
            + labels("kernel_input_feature_dimension", "kernel_output_feature_dimension", "kernel_spatial_dimensions",
                     "i", "o") + "->"
            + labels("output_batch_dimension", "output_feature_dimension", "output_spatial_dimensions", "b", "f")
            ) if n == rank else ""


def _precision(p: dict | None) -> str:
    if not p:
        return ""
    ops = [str(x).lower() for x in p.get("operand_precision", [])]
    return ", operand_precision={" + ",".join(ops) + "}" if any(o != "default" for o in ops) else ""


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n")


_DIMENSIONS_OPS = {"broadcast", "concatenate", "reduce", "reverse", "transpose", "sort", "map", "all-gather",
                   "get-dimension-size", "set-dimension-size", "reduce-scatter", "all-to-all"}


def _attrs(ins: dict, op: str, comps: dict, operands: list[dict]) -> list[str]:
    a: list[str] = []
    unknown = [i for i in ins.get("called_computation_ids", []) if i not in comps]
    if unknown:
        raise ValueError(f"calls the unknown computation id {unknown[0]}")
    called = [comps[i] for i in ins.get("called_computation_ids", [])]
    g = ins.get
    if op == "get-tuple-element":
        a.append(f"index={g('tuple_index', 0)}")
    if op == "iota":
        a.append(f"iota_dimension={(g('dimensions') or [0])[0]}")
    elif op in _DIMENSIONS_OPS:
        a.append(f"dimensions={_ints_text(g('dimensions', []))}")
    if op == "sort" and g("is_stable"):
        a.append("is_stable=true")
    if "window" in ins and op in ("convolution", "reduce-window", "select-and-scatter"):
        a.append(f"window={_window_text(ins['window'])}")
    if op == "convolution":
        rank = len(ins["shape"].get("dimensions", []))
        a.append(f"dim_labels={_dim_labels(ins.get('convolution_dimension_numbers', {}), rank)}")
        for key in ("feature_group_count", "batch_group_count"):
            if g(key, 1) not in (0, 1):
                a.append(f"{key}={g(key)}")
        a.append(_precision(g("precision_config")).lstrip(", ")) if _precision(g("precision_config")) else None
    if op == "slice":
        parts = [f"[{d.get('start', 0)}:{d.get('limit', 0)}:{d.get('stride', 1)}]" for d in g("slice_dimensions", [])]
        a.append("slice={" + ", ".join(parts) + "}")
    if op == "dynamic-slice":
        a.append(f"dynamic_slice_sizes={_ints_text(g('dynamic_slice_sizes', []))}")
    if op == "pad":
        dims = g("padding_config", {}).get("dimensions", [])
        a.append("padding=" + ("x".join(f"{d.get('edge_padding_low', 0)}_{d.get('edge_padding_high', 0)}_"
                                         f"{d.get('interior_padding', 0)}" for d in dims) or "{}"))
    if op == "compare":
        a.append(f"direction={g('comparison_direction', 'EQ')}")
        if g("comparison_type"):
            a.append(f"type={g('comparison_type')}")
    if op == "dot":
        d = g("dot_dimension_numbers", {})
        a.append(f"lhs_batch_dims={_ints_text(d.get('lhs_batch_dimensions', []))}, "
                 f"lhs_contracting_dims={_ints_text(d.get('lhs_contracting_dimensions', []))}, "
                 f"rhs_batch_dims={_ints_text(d.get('rhs_batch_dimensions', []))}, "
                 f"rhs_contracting_dims={_ints_text(d.get('rhs_contracting_dimensions', []))}"
                 + _precision(g("precision_config")))
    if op == "gather":
        d = g("gather_dimension_numbers", {})
        a.append(f"offset_dims={_ints_text(d.get('offset_dims', []))}, "
                 f"collapsed_slice_dims={_ints_text(d.get('collapsed_slice_dims', []))}, "
                 f"start_index_map={_ints_text(d.get('start_index_map', []))}, "
                 f"index_vector_dim={d.get('index_vector_dim', 0)}, "
                 f"slice_sizes={_ints_text(g('gather_slice_sizes', []))}")
        if d.get("operand_batching_dims"):
            a.append(f"operand_batching_dims={_ints_text(d['operand_batching_dims'])}, "
                     f"start_indices_batching_dims={_ints_text(d.get('start_indices_batching_dims', []))}")
    if op == "scatter":
        d = g("scatter_dimension_numbers", {})
        a.append(f"update_window_dims={_ints_text(d.get('update_window_dims', []))}, "
                 f"inserted_window_dims={_ints_text(d.get('inserted_window_dims', []))}, "
                 f"scatter_dims_to_operand_dims={_ints_text(d.get('scatter_dims_to_operand_dims', []))}, "
                 f"index_vector_dim={d.get('index_vector_dim', 0)}")
        if d.get("input_batching_dims"):
            a.append(f"input_batching_dims={_ints_text(d['input_batching_dims'])}, "
                     f"scatter_indices_batching_dims={_ints_text(d.get('scatter_indices_batching_dims', []))}")
        if g("unique_indices"):
            a.append("unique_indices=true")
    if op in ("gather", "scatter") and g("indices_are_sorted"):
        a.append("indices_are_sorted=true")
    if op == "reduce-precision":
        a.append(f"exponent_bits={g('exponent_bits', 0)}, mantissa_bits={g('mantissa_bits', 0)}")
    if op == "fft":
        a.append(f"fft_type={g('fft_type', 'FFT')}, fft_length={_ints_text(g('fft_length', []))}")
    if op == "rng":
        a.append(f"distribution={str(g('distribution', 'RNG_UNIFORM')).lower()}")
    if op == "rng-bit-generator":
        a.append(f"algorithm={str(g('rng_algorithm', 'RNG_DEFAULT')).lower()}")
    if op.startswith("batch-norm"):
        a.append(f"epsilon={g('epsilon', 0.0):.9g}, feature_index={g('feature_index', 0)}")
    if op == "triangular-solve":
        t = g("triangular_solve_options", {})
        a.append(f"left_side={str(t.get('left_side', False)).lower()}, lower={str(t.get('lower', False)).lower()}, "
                 f"unit_diagonal={str(t.get('unit_diagonal', False)).lower()}, "
                 f"transpose_a={t.get('transpose_a', 'NO_TRANSPOSE')}")
    if op == "cholesky":
        a.append(f"lower={str(g('cholesky_options', {}).get('lower', False)).lower()}")
    if op == "topk":
        a.append(f"k={g('k', 0)}, largest={str(g('largest', False)).lower()}")
    if op == "custom-call":
        a.append(f'custom_call_target="{_escape(g("custom_call_target", ""))}"')
        if g("custom_call_has_side_effect"):
            a.append("custom_call_has_side_effect=true")
        if g("custom_call_api_version") not in (None, "API_VERSION_ORIGINAL", 1, "API_VERSION_UNSPECIFIED", 0):
            a.append(f"api_version={g('custom_call_api_version')}")
        if called:
            a.append("called_computations={" + ", ".join(called) + "}")
    if op == "fusion":
        a.append(f"kind={g('fusion_kind', 'kLoop')}, calls={called[0]}")
    elif op == "while":
        a.append(f"condition={called[1]}, body={called[0]}")
    elif op == "conditional":
        if operands and operands[0].get("_pred"):
            a.append(f"true_computation={called[0]}, false_computation={called[1]}")
        else:
            a.append("branch_computations={" + ", ".join(called) + "}")
    elif op == "select-and-scatter":
        a.append(f"select={called[0]}, scatter={called[1]}")
    elif called and op != "custom-call":
        a.append(f"to_apply={called[0]}")
    if op == "call" and g("is_composite"):
        a.append("is_composite=true")
    bc = g("backend_config")
    if bc and op in ("custom-call", "fusion"):
        a.append(f'backend_config="{_escape(bc.decode("utf-8", "replace"))}"')
    return [x for x in a if x]


def literal_array(lit: dict, shape: Shape, where: str) -> np.ndarray | tuple:
    if shape.is_tuple:
        return tuple(literal_array(t, s, where) for t, s in zip(lit.get("tuple_literals", []), shape.tuple_shapes))
    et = shape.etype
    dtype = ELEMENT_TYPES[et].np_dtype
    count = int(np.prod(shape.dims, dtype=np.int64))
    if et == "pred":
        arr = np.array(lit.get("preds", []), np.bool_)
    elif et in ("c64", "c128"):
        flat = np.array(lit.get("c64s" if et == "c64" else "c128s", []), np.float32 if et == "c64" else np.float64)
        arr = flat[0::2] + 1j * flat[1::2]  # type: ignore[operator]  # (numpy's stubs: complex * array)
        arr = arr.astype(dtype)
    else:
        key = {"s32": "s32s", "s64": "s64s", "u32": "u32s", "u64": "u64s", "f32": "f32s", "f64": "f64s"}.get(et)
        if key is not None:
            arr = np.array(lit.get(key, []), dtype=dtype)
        else:
            raw = lit.get(et + "s", b"")
            if et in ("s4", "u4"):
                arr = np.frombuffer(raw, np.uint8).astype(np.int16)
                arr = np.where(arr > 7, arr - 16, arr) if et == "s4" else arr
                arr = arr.astype(dtype)
            else:
                arr = np.frombuffer(raw, dtype=np.dtype(dtype).newbyteorder("<")).astype(dtype)
    if arr.size != count:
        raise ParseError(f"a {shape.to_str(False)} literal holds {arr.size} values, not {count}",
                         SourceLoc(where, 1, 1))
    return arr.reshape(shape.dims)


def hlo_text_from_proto(data: bytes, where: str, text_format: bool) -> str:
    """The HLO text of the module in a binary or text HloModuleProto / HloProto."""
    at: list[str] = []  # the computation and instruction being converted, for the error
    try:
        return _hlo_text(data, where, text_format, at)
    except (KeyError, IndexError, TypeError, ValueError, AttributeError, OverflowError, RecursionError) as e:
        # fields present with values no XLA writer gives (a damaged or hand-made proto): the one
        # place a decoding failure becomes an error, naming what was being read
        reason = f"missing or unknown {e.args[0]!r}" if isinstance(e, KeyError) and e.args else str(e)
        place = f" ({', '.join(at)})" if at else ""
        raise ParseError(f"malformed HloModuleProto{place}: {reason or type(e).__name__}",
                         SourceLoc(where, 1, 1)) from None


def _refuse_several_devices(p: dict, where: str) -> None:
    """A module compiled for several devices (its device assignment says so): the collectives'
    replica groups, channel ids and shardings are not read from protos, and the header's device
    counts live outside the proto, so it would run as a one-device program."""
    da = p.get("device_assignment", {})
    replicas, partitions = da.get("replica_count", 1) or 1, da.get("computation_count", 1) or 1
    if replicas * partitions > 1:
        raise ParseError(f"this HloModuleProto is for {replicas * partitions} devices ({replicas} replicas x "
                         f"{partitions} partitions): hloc reads multi-device modules from HLO text only (XLA's "
                         "dump writes it beside the proto with --xla_dump_hlo_as_text)", SourceLoc(where, 1, 1))


def _hlo_text(data: bytes, where: str, text_format: bool, at: list[str]) -> str:
    from ..ir.literal import format_literal

    p = read_proto(data, where, text_format)
    _refuse_several_devices(p, where)
    comps: dict[int, str] = {c.get("id", 0): c["name"] for c in p.get("computations", [])}
    entry_id = p.get("entry_computation_id")
    entry_name = p.get("entry_computation_name")
    out = [f"HloModule {p.get('name') or 'module'}", ""]
    computations = p.get("computations", [])
    for c in computations:
        # proto3 leaves zeros out: a missing id is 0
        by_id = {ins.get("id", 0): ins for ins in c.get("instructions", [])}
        is_entry = c["name"] == entry_name if entry_name else c.get("id", 0) == (entry_id or 0)
        lines = [("ENTRY " if is_entry else "") + c["name"] + " {"]
        root = c.get("root_id", 0)
        at[:] = [f"computation '{c['name']}'"]
        for ins in c.get("instructions", []):
            at[1:] = [f"instruction '{ins.get('name', '?')}'"]
            op = ins["opcode"]
            shape = shape_of(ins.get("shape", {}))
            try:
                ops = [by_id[i] for i in ins.get("operand_ids", [])]
            except KeyError as e:
                raise ParseError(f"instruction '{ins.get('name')}' uses the unknown instruction id {e.args[0]}",
                                 SourceLoc(where, 1, 1)) from None
            for o in ops:
                o["_pred"] = shape_of(o.get("shape", {})).etype == "pred"
            if op == "parameter":
                args = str(ins.get("parameter_number", 0))
            elif op == "constant":
                lit = literal_array(ins["literal"], shape, where) if "literal" in ins else None
                args = format_literal(lit, shape, signed_zeros=True) if lit is not None else "{...}"
            else:
                args = ", ".join(o["name"] for o in ops)
            attrs = _attrs(ins, op, comps, ops)
            preds = [by_id[i]["name"] for i in ins.get("control_predecessor_ids", []) if i in by_id]
            if preds:
                attrs.append("control-predecessors={" + ", ".join(preds) + "}")
            root_mark = "ROOT " if ins.get("id", 0) == root else ""
            lines.append(f"  {root_mark}{ins['name']} = {_shape_text(shape)} {op}({args})"
                         + "".join(", " + x for x in attrs))
        thread = c.get("execution_thread")
        lines.append("}" + (f', execution_thread="{thread}"' if thread and thread != "main" else ""))
        out.append("\n".join(lines))
        out.append("")
    return "\n".join(out)
