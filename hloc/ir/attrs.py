"""Instruction attributes: the typed values the compiler reads, and which attributes each opcode takes.

Values in `instr.attrs` by kind (see `KINDS`):
  int, bool, float, str (strings unescaped; enums in XLA's canonical spelling),
  tuple[int, ...] for braced int lists, tuple of those for lists of lists,
  Computation / list[Computation] for called computations, list[Instruction] for control-predecessors,
  Window, ConvDimLabels, tuple[SliceRange], tuple[PadDim], Shape,
  Raw for everything kept verbatim (sharding, metadata, backend_config, replica_groups, ...).

`OPCODE_ATTRS` mirrors XLA's parser (hlo_parser.cc, CreateInstruction): which attributes an opcode
accepts and which it requires. Decoding text into these values is in hloc/attr_parse.py; printing
them back is in ir/printer.py.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class Raw:
    """An attribute value kept exactly as written (printed back verbatim)."""

    text: str

    def __str__(self) -> str:
        return self.text


@dataclass(frozen=True, slots=True)
class WindowDim:
    size: int = 1
    stride: int = 1
    pad_lo: int = 0
    pad_hi: int = 0
    window_dilation: int = 1
    base_dilation: int = 1
    window_reversal: bool = False


@dataclass(frozen=True, slots=True)
class Window:
    dims: tuple[WindowDim, ...] = ()

    @property
    def rank(self) -> int:
        return len(self.dims)

    def __str__(self) -> str:
        """XLA's window_util::ToString: `size=3x3 stride=2x2 pad=0_1x0_1 ...`, defaults omitted."""
        if not self.dims:
            return "{}"
        d = self.dims
        parts = ["size=" + "x".join(str(w.size) for w in d)]
        if any(w.stride != 1 for w in d):
            parts.append("stride=" + "x".join(str(w.stride) for w in d))
        if any(w.pad_lo or w.pad_hi for w in d):
            parts.append("pad=" + "x".join(f"{w.pad_lo}_{w.pad_hi}" for w in d))
        if any(w.base_dilation != 1 for w in d):
            parts.append("lhs_dilate=" + "x".join(str(w.base_dilation) for w in d))
        if any(w.window_dilation != 1 for w in d):
            parts.append("rhs_dilate=" + "x".join(str(w.window_dilation) for w in d))
        if any(w.window_reversal for w in d):
            parts.append("rhs_reversal=" + "x".join("1" if w.window_reversal else "0" for w in d))
        return "{" + " ".join(parts) + "}"


@dataclass(frozen=True, slots=True)
class ConvDimLabels:
    """Convolution dimension numbers, written `b01f_01io->b01f` in HLO text.

    `*_spatial` lists dimension indices in the order of the spatial digits 0, 1, 2, ...
    """

    input_batch: int
    input_feature: int
    input_spatial: tuple[int, ...]
    kernel_input_feature: int
    kernel_output_feature: int
    kernel_spatial: tuple[int, ...]
    output_batch: int
    output_feature: int
    output_spatial: tuple[int, ...]

    @property
    def num_spatial(self) -> int:
        return len(self.input_spatial)

    def __str__(self) -> str:
        def render(rank, labels):
            chars = ["?"] * rank
            for pos, ch in labels:
                chars[pos] = ch
            return "".join(chars)

        n = self.num_spatial
        lhs = render(n + 2, [(self.input_batch, "b"), (self.input_feature, "f")]
                     + [(d, str(i)) for i, d in enumerate(self.input_spatial)])
        rhs = render(n + 2, [(self.kernel_input_feature, "i"), (self.kernel_output_feature, "o")]
                     + [(d, str(i)) for i, d in enumerate(self.kernel_spatial)])
        out = render(n + 2, [(self.output_batch, "b"), (self.output_feature, "f")]
                     + [(d, str(i)) for i, d in enumerate(self.output_spatial)])
        return f"{lhs}_{rhs}->{out}"


@dataclass(frozen=True, slots=True)
class SliceRange:
    start: int
    limit: int
    stride: int = 1


@dataclass(frozen=True, slots=True)
class PadDim:
    lo: int
    hi: int
    interior: int = 0


@dataclass(frozen=True, slots=True)
class DotDims:
    """A view of a dot's dimension numbers (kept as four int-list attributes in `attrs`)."""

    lhs_batch: tuple[int, ...] = ()
    rhs_batch: tuple[int, ...] = ()
    lhs_contracting: tuple[int, ...] = ()
    rhs_contracting: tuple[int, ...] = ()

    @staticmethod
    def of(instr) -> DotDims:
        a = instr.attrs
        return DotDims(a.get("lhs_batch_dims", ()), a.get("rhs_batch_dims", ()),
                       a.get("lhs_contracting_dims", ()), a.get("rhs_contracting_dims", ()))

    def as_attrs(self) -> dict:
        out = {}
        if self.lhs_batch:
            out["lhs_batch_dims"] = self.lhs_batch
        if self.lhs_contracting:
            out["lhs_contracting_dims"] = self.lhs_contracting
        if self.rhs_batch:
            out["rhs_batch_dims"] = self.rhs_batch
        if self.rhs_contracting:
            out["rhs_contracting_dims"] = self.rhs_contracting
        return out


@dataclass(frozen=True, slots=True)
class GatherDims:
    offset_dims: tuple[int, ...]
    collapsed_slice_dims: tuple[int, ...]
    start_index_map: tuple[int, ...]
    index_vector_dim: int
    slice_sizes: tuple[int, ...]
    operand_batching_dims: tuple[int, ...] = ()
    start_indices_batching_dims: tuple[int, ...] = ()

    @staticmethod
    def of(instr) -> GatherDims:
        a = instr.attrs
        return GatherDims(a.get("offset_dims", ()), a.get("collapsed_slice_dims", ()), a.get("start_index_map", ()),
                          a["index_vector_dim"], a["slice_sizes"], a.get("operand_batching_dims", ()),
                          a.get("start_indices_batching_dims", ()))


@dataclass(frozen=True, slots=True)
class ScatterDims:
    update_window_dims: tuple[int, ...]
    inserted_window_dims: tuple[int, ...]
    scatter_dims_to_operand_dims: tuple[int, ...]
    index_vector_dim: int
    input_batching_dims: tuple[int, ...] = ()
    scatter_indices_batching_dims: tuple[int, ...] = ()

    @staticmethod
    def of(instr) -> ScatterDims:
        a = instr.attrs
        return ScatterDims(a.get("update_window_dims", ()), a.get("inserted_window_dims", ()),
                           a.get("scatter_dims_to_operand_dims", ()), a["index_vector_dim"],
                           a.get("input_batching_dims", ()), a.get("scatter_indices_batching_dims", ()))


# --------------------------------------------------------------------------------------------------
# Schema: attribute kinds and which opcode takes which attribute.


@dataclass(frozen=True, slots=True)
class Attr:
    kind: str
    required: bool = False


def _a(kind: str, required: bool = False) -> Attr:
    return Attr(kind, required)


# Kinds. The enum kinds map lower-case spellings to XLA's canonical printed spelling.
ENUMS: dict[str, tuple[str, ...]] = {
    "direction": ("EQ", "NE", "GE", "GT", "LE", "LT"),
    "comparison_type": ("FLOAT", "TOTALORDER", "SIGNED", "UNSIGNED", "PARTIALORDER"),
    "fusion_kind": ("kLoop", "kInput", "kOutput", "kCustom"),
    "fft_type": ("FFT", "IFFT", "RFFT", "IRFFT"),
    "distribution": ("rng_uniform", "rng_normal"),
    "rng_algorithm": ("rng_default", "rng_three_fry", "rng_philox"),
    "padding_type": ("PADDING_VALID", "PADDING_SAME"),
    "schedule": ("SCHEDULE_NONE", "SCHEDULE_LATEST", "SCHEDULE_EARLIEST"),
    "api_version": ("API_VERSION_ORIGINAL", "API_VERSION_STATUS_RETURNING",
                    "API_VERSION_STATUS_RETURNING_UNIFIED", "API_VERSION_TYPED_FFI"),
    "transpose": ("NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"),
    "mode": ("cross_replica", "cross_partition", "cross_replica_and_partition", "flattened_id"),
    "conv_kind": ("fprop", "wgrad", "dgrad", "unset"),
    "order": ("TOTAL", "PARTIAL"),
}

COMMON_ATTRS: dict[str, Attr] = {
    "sharding": _a("raw"),
    "frontend_attributes": _a("raw"),
    "statistics": _a("raw"),
    "parameter_replication": _a("raw"),
    "control-predecessors": _a("instructions"),
    "origin": _a("raw"),
    "metadata": _a("raw"),
    "backend_config": _a("string_or_json"),
}

_UNARY_WITH_ACCURACY = (
    "acos", "acosh", "asin", "asinh", "atanh", "exponential-minus-one", "log", "log-plus-one", "logistic",
    "sqrt", "cbrt", "rsqrt", "tanh", "erf", "sine", "sinh", "cosine", "cosh", "tan", "exponential",
)

_COLLECTIVE_COMMON = {
    "replica_groups": _a("raw"), "channel_id": _a("int"), "constrain_layout": _a("bool"),
    "use_global_device_ids": _a("bool"),
}
_DOT = {
    "lhs_batch_dims": _a("ints"), "lhs_contracting_dims": _a("ints"), "rhs_batch_dims": _a("ints"),
    "rhs_contracting_dims": _a("ints"), "operand_precision": _a("precision_list"),
    "algorithm": _a("precision_algorithm"),
}
_SEND_RECV = {"channel_id": _a("int"), "is_host_transfer": _a("bool")}

OPCODE_ATTRS: dict[str, dict[str, Attr]] = {
    "parameter": {},
    "constant": {},
    "iota": {"iota_dimension": _a("int", True)},
    "topk": {"k": _a("int", True), "largest": _a("bool"), "is_stable": _a("bool")},
    **{op: {"result_accuracy": _a("raw")} for op in _UNARY_WITH_ACCURACY},
    # Newer XLA (jax 0.12) writes `order=TOTAL` where older text has `type=TOTALORDER`.
    "compare": {"direction": _a("direction", True), "type": _a("comparison_type"), "order": _a("order")},
    "convert": {}, "bitcast-convert": {},
    "all-gather": {**_COLLECTIVE_COMMON, "dimensions": _a("ints", True)},
    "all-gather-start": {**_COLLECTIVE_COMMON, "dimensions": _a("ints", True)},
    "all-reduce": {**_COLLECTIVE_COMMON, "to_apply": _a("computation", True), "mode": _a("mode")},
    "all-reduce-start": {**_COLLECTIVE_COMMON, "to_apply": _a("computation", True), "mode": _a("mode")},
    "reduce-scatter": {**_COLLECTIVE_COMMON, "to_apply": _a("computation", True), "mode": _a("mode"),
                       "dimensions": _a("ints", True)},
    "all-to-all": {"replica_groups": _a("raw"), "channel_id": _a("int"), "dimensions": _a("ints"),
                   "constrain_layout": _a("bool")},
    "ragged-all-to-all": {"replica_groups": _a("raw"), "channel_id": _a("int"), "dimensions": _a("ints")},
    "collective-broadcast": {"replica_groups": _a("raw"), "channel_id": _a("int"),
                             "has_dynamic_root": _a("bool")},
    "collective-permute": {"source_target_pairs": _a("raw", True), "channel_id": _a("int"),
                           "slice_sizes": _a("ints_list")},
    "collective-permute-start": {"source_target_pairs": _a("raw", True), "channel_id": _a("int"),
                                 "slice_sizes": _a("ints_list")},
    "async-start": {"async_execution_thread": _a("string"), "output_to_operand_aliasing": _a("raw"),
                    "calls": _a("computation", True)},
    "async-update": {"async_execution_thread": _a("string"), "output_to_operand_aliasing": _a("raw"),
                     "calls": _a("computation")},
    "async-done": {"async_execution_thread": _a("string"), "calls": _a("computation")},
    "copy-start": {"cross_program_prefetch_index": _a("int")},
    "reshape": {"inferred_dimension": _a("int")},
    "sort": {"dimensions": _a("ints", True), "is_stable": _a("bool"), "to_apply": _a("computation", True)},
    "while": {"condition": _a("computation", True), "body": _a("computation", True)},
    "recv": dict(_SEND_RECV), "recv-done": dict(_SEND_RECV), "send": dict(_SEND_RECV),
    "send-done": dict(_SEND_RECV),
    "get-tuple-element": {"index": _a("int", True)},
    "call": {"to_apply": _a("computation", True), "is_composite": _a("bool")},
    "reduce-window": {"window": _a("window"), "to_apply": _a("computation", True)},
    "convolution": {"window": _a("window"), "dim_labels": _a("dim_labels", True),
                    "feature_group_count": _a("int"), "batch_group_count": _a("int"),
                    "operand_precision": _a("precision_list"), "algorithm": _a("precision_algorithm"),
                    "convolution_kind": _a("conv_kind"), "sparsity_config": _a("raw")},
    "fft": {"fft_type": _a("fft_type", True), "fft_length": _a("ints", True)},
    "triangular-solve": {"left_side": _a("bool"), "lower": _a("bool"), "unit_diagonal": _a("bool"),
                         "transpose_a": _a("transpose")},
    "cholesky": {"lower": _a("bool")},
    "broadcast": {"dimensions": _a("ints")},
    "concatenate": {"dimensions": _a("ints", True)},
    "map": {"to_apply": _a("computation", True), "dimensions": _a("ints")},
    "reduce": {"to_apply": _a("computation", True), "dimensions": _a("ints", True)},
    "reverse": {"dimensions": _a("ints", True)},
    "select-and-scatter": {"select": _a("computation", True), "scatter": _a("computation", True),
                           "window": _a("window")},
    "slice": {"slice": _a("slice", True)},
    "dynamic-slice": {"dynamic_slice_sizes": _a("ints", True)},
    "dynamic-update-slice": {},
    "transpose": {"dimensions": _a("ints", True)},
    "batch-norm-training": {"epsilon": _a("float", True), "feature_index": _a("int", True)},
    "batch-norm-inference": {"epsilon": _a("float", True), "feature_index": _a("int", True)},
    "batch-norm-grad": {"epsilon": _a("float", True), "feature_index": _a("int", True)},
    "pad": {"padding": _a("padding", True)},
    "fusion": {"kind": _a("fusion_kind", True), "calls": _a("computation", True),
               "output_to_operand_aliasing": _a("raw")},
    "infeed": {"infeed_config": _a("string")},
    "outfeed": {"outfeed_config": _a("string"), "outfeed_shape": _a("shape")},
    "rng": {"distribution": _a("distribution", True)},
    "rng-bit-generator": {"algorithm": _a("rng_algorithm", True)},
    "rng-get-and-update-state": {"delta": _a("int", True)},
    "reduce-precision": {"exponent_bits": _a("int", True), "mantissa_bits": _a("int", True)},
    "conditional": {"branch_computations": _a("computations"), "true_computation": _a("computation"),
                    "false_computation": _a("computation")},
    "custom-call": {
        "custom_call_target": _a("string", True), "window": _a("window"), "dim_labels": _a("raw"),
        "feature_group_count": _a("int"), "batch_group_count": _a("int"),
        "operand_layout_constraints": _a("raw"), "custom_call_has_side_effect": _a("bool"),
        "to_apply": _a("computation"), "called_computations": _a("computations"),
        "output_to_operand_aliasing": _a("raw"), "padding_type": _a("padding_type"), "literal": _a("raw"),
        "operand_precision": _a("precision_list"), "schedule": _a("schedule"),
        "api_version": _a("api_version"),
    },
    "dot": dict(_DOT),
    "scaled-dot": dict(_DOT),
    "ragged-dot": {**_DOT, "lhs_ragged_dims": _a("ints"), "rhs_group_dims": _a("ints")},
    "gather": {"offset_dims": _a("ints", True), "collapsed_slice_dims": _a("ints", True),
               "start_index_map": _a("ints", True), "index_vector_dim": _a("int", True),
               "slice_sizes": _a("ints", True), "indices_are_sorted": _a("bool"),
               "operand_batching_dims": _a("ints"), "start_indices_batching_dims": _a("ints")},
    "scatter": {"update_window_dims": _a("ints", True), "inserted_window_dims": _a("ints", True),
                "scatter_dims_to_operand_dims": _a("ints", True), "index_vector_dim": _a("int", True),
                "to_apply": _a("computation", True), "indices_are_sorted": _a("bool"),
                "unique_indices": _a("bool"), "input_batching_dims": _a("ints"),
                "scatter_indices_batching_dims": _a("ints")},
    "domain": {"domain": _a("raw", True)},
    "get-dimension-size": {"dimensions": _a("ints", True)},
    "set-dimension-size": {"dimensions": _a("ints", True)},
    "scan": {"to_apply": _a("computation", True), "dimensions": _a("ints", True),
             "num_carries": _a("int", True), "is_reverse": _a("bool"), "is_associative": _a("bool")},
    "dynamic-reshape": {},
}


def attrs_for(opcode: str) -> dict[str, Attr]:
    """The attributes `opcode` accepts beyond COMMON_ATTRS ({} for plain elementwise ops)."""
    return OPCODE_ATTRS.get(opcode, _EMPTY)


_EMPTY: dict[str, Attr] = {}

# Header attributes of `HloModule name, ...`.
MODULE_ATTRS: dict[str, Attr] = {
    "is_scheduled": _a("bool"),
    "replica_count": _a("int"),
    "num_partitions": _a("int"),
    "input_output_alias": _a("raw"),
    "buffer_donor": _a("raw"),
    "alias_passthrough_params": _a("bool"),
    "entry_computation_layout": _a("raw"),
    "frontend_attributes": _a("raw"),
    "allow_spmd_sharding_propagation_to_parameters": _a("raw"),
    "allow_spmd_sharding_propagation_to_output": _a("raw"),
    "origin_recovery_table": _a("raw"),
    "debug_attributes": _a("raw"),
}

COMPUTATION_ATTRS: dict[str, Attr] = {"execution_thread": _a("string")}


@dataclass(slots=True)
class AsyncSugar:
    """Marks an async-start/-update/-done written as `<op>-start(...)` sugar (printed back that way)."""

    wrapped_opcode: str
    extra: dict = field(default_factory=dict)
