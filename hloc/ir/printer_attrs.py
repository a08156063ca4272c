"""Which attributes an instruction prints, in which order: XLA's HloInstruction::PrintExtraAttributes
and the per-class PrintExtraAttributesImpl overrides of hlo_instructions.cc. The XLA styles leave
out values equal to XLA's defaults and fill in the attributes XLA always prints; the canonical style
prints exactly the attributes the IR holds, in the same order, so that it round-trips.
"""

from __future__ import annotations

from .attrs import Raw, Window
from .module import Instruction
from .printer_values import PrintOptions, backend_config_text, metadata_text, name_ref, value_text
from .types import ELEMENT_TYPES


class _Attrs:
    """An instruction's attributes being printed: `take` marks one as printed."""

    __slots__ = ("d", "done", "out", "opts")

    def __init__(self, d: dict, opts: PrintOptions):
        self.d = d
        self.done: set[str] = set()
        self.out: list[str] = []
        self.opts = opts

    def take(self, key: str):
        self.done.add(key)
        return self.d.get(key)

    def has(self, key: str) -> bool:
        return key in self.d

    def emit(self, key: str, text: str) -> None:
        self.out.append(f"{key}={text}")

    def value(self, key: str, default=None, omit_default: bool = False, always: bool = False) -> None:
        """Print `key`: canonical prints what the IR holds; XLA styles leave out `default` when
        `omit_default` and fill it in when `always`."""
        v = self.take(key)
        if not self.opts.xla:
            if v is not None:
                self.emit(key, value_text(key, v, self.opts))
            return
        if v is None:
            if always and default is not None:
                self.emit(key, value_text(key, default, self.opts))
            return
        if omit_default and _same(v, default):
            return
        self.emit(key, value_text(key, v, self.opts))

    def flag(self, key: str) -> None:
        """A bool XLA prints only when true."""
        self.value(key, False, omit_default=True)

    def rest(self, skip=()) -> list[tuple[str, object]]:
        return [(k, v) for k, v in self.d.items() if k not in self.done and k not in skip]


def _same(v, default) -> bool:
    if isinstance(v, Raw):
        return v.text.strip() == str(default)
    return v == default


_TRAILING = ("origin", "metadata", "backend_config")


def instruction_attributes(instr: Instruction, opts: PrintOptions, wrapped: Instruction | None) -> list[str]:
    """The `, name=value` items of an instruction line, in XLA's order (HloInstruction::
    PrintWithCanonicalNameMap: extra attributes, then origin, metadata, backend_config)."""
    d = instr.attrs
    if not opts.xla and wrapped is None and not instr.control_predecessors and len(d) <= 1:
        # The canonical style prints only what the IR holds: most instructions hold nothing but
        # their metadata (gemma3's 13k printed lines: ~10 attribute lookups each saved).
        if not d:
            return []
        v = d.get("metadata")
        if v is not None:
            return [f"metadata={value_text('metadata', v, opts)}"] if opts.metadata else []
    a = _Attrs(d, opts)
    _extra_attributes(instr, a, opts, wrapped)
    # Attributes hloc keeps that the XLA order above has no slot for.
    for k, v in a.rest(skip=_TRAILING):
        a.done.add(k)
        a.emit(k, value_text(k, v, opts))
    v = a.take("origin")
    if v is not None:
        a.emit("origin", value_text("origin", v, opts))
    v = a.take("metadata")
    if v is not None and opts.metadata:
        text = metadata_text(v.text) if opts.xla and isinstance(v, Raw) else value_text("metadata", v, opts)
        if text is not None:
            a.emit("metadata", text)
    v = a.take("backend_config")
    if v is not None:
        text = backend_config_text(v, opts)
        if text is not None:
            a.emit("backend_config", text)
    return a.out


def _extra_attributes(instr: Instruction, a: _Attrs, opts: PrintOptions, wrapped: Instruction | None,
                      print_frontend_attributes: bool = True) -> None:
    """HloInstruction::PrintExtraAttributes: the opcode's own attributes, its called computations,
    then sharding, frontend_attributes, control-predecessors, statistics, result_accuracy."""
    impl = _IMPLS.get(instr.opcode)
    if impl is not None:
        impl(instr, a)
    if instr.opcode == "async-start":
        a.value("async_execution_thread", "main", omit_default=True)
        if wrapped is not None:
            # The wrapped instruction's attributes, printed as if they were the start's own.
            w = _Attrs(wrapped.attrs, opts)
            _extra_attributes(wrapped, w, opts, None,
                              print_frontend_attributes=not instr.attrs.get("frontend_attributes"))
            for k, v in w.rest(skip=_TRAILING + ("sharding", "frontend_attributes", "statistics")):
                w.emit(k, value_text(k, v, opts))
            a.out.extend(w.out)
        a.value("output_to_operand_aliasing")
    elif instr.opcode == "async-update":
        if opts.xla:
            a.take("async_execution_thread")  # inherited from the start; XLA does not print it
        else:
            a.value("async_execution_thread")
        a.value("output_to_operand_aliasing")
    elif instr.opcode == "async-done" and opts.xla:
        a.take("async_execution_thread")
    _called_computations(instr, a, opts, wrapped)
    a.value("sharding")
    if print_frontend_attributes:
        a.value("frontend_attributes")
    else:
        a.take("frontend_attributes")
    if instr.control_predecessors and opts.control_deps:
        preds = ", ".join(name_ref(p.name, opts) for p in instr.control_predecessors)
        a.emit("control-predecessors", "{" + preds + "}")
    a.value("statistics")
    a.value("result_accuracy")


_TO_APPLY_OPS = frozenset({"call", "map", "reduce-window", "reduce", "all-reduce", "reduce-scatter",
                           "all-reduce-start", "scatter", "sort", "scan"})


def _called_computations(instr: Instruction, a: _Attrs, opts: PrintOptions, wrapped) -> None:
    """The called-computation attributes of PrintExtraAttributes (kNameOnly mode)."""
    op = instr.opcode

    def ref(c) -> str:
        return name_ref(c.name, opts)

    def refs(cs) -> str:
        return "{" + ", ".join(ref(c) for c in cs) + "}"

    if op == "while":
        for key in ("condition", "body"):
            c = a.take(key)
            if c is not None:
                a.emit(key, ref(c))
    elif op == "select-and-scatter":
        for key in ("select", "scatter"):
            c = a.take(key)
            if c is not None:
                a.emit(key, ref(c))
    elif op == "conditional":
        for key in ("true_computation", "false_computation"):
            c = a.take(key)
            if c is not None:
                a.emit(key, ref(c))
        cs = a.take("branch_computations")
        if cs is not None:
            a.emit("branch_computations", refs(cs))
    elif op in _TO_APPLY_OPS:
        c = a.take("to_apply")
        if c is not None:
            a.emit("to_apply", ref(c))
        if op == "call":
            a.flag("is_composite")
    elif op == "custom-call":
        c = a.take("to_apply")
        cs = a.take("called_computations")
        if opts.xla:
            allc = ([c] if c is not None else []) + list(cs or [])
            if allc:
                a.emit("called_computations", refs(allc))
        else:
            if c is not None:
                a.emit("to_apply", ref(c))
            if cs is not None:
                a.emit("called_computations", refs(cs))
    elif op in ("async-start", "async-update", "async-done"):
        c = a.take("calls")
        if c is None:
            return
        if not opts.xla or (op == "async-start" and wrapped is None):
            a.emit("calls", ref(c))
    else:
        c = a.take("calls")
        if c is not None:
            a.emit("calls", refs(c)[1:-1] if isinstance(c, (list, tuple)) else ref(c))
        c = a.take("to_apply")
        if c is not None:
            a.emit("to_apply", ref(c))


# Per-opcode attributes in XLA's order (the ExtraAttributesToStringImpl / PrintExtraAttributesImpl
# overrides in hlo_instructions.cc).


def _dims_attr(a: _Attrs, key: str = "dimensions") -> None:
    a.value(key, (), always=True)


def _impl_parameter(instr, a):
    a.value("parameter_replication")


def _impl_compare(instr, a):
    a.value("direction")
    t = a.take("type")
    order = a.take("order")
    if not a.opts.xla:
        if t is not None:
            a.emit("type", t)
        if order is not None:
            a.emit("order", order)
        return
    etype = instr.operands[0].shape.etype if instr.operands else None
    if t is None and order == "TOTAL" and _default_comparison_type(etype or "") == "FLOAT":
        t = "TOTALORDER"  # jax >= 0.12 spells the total order `order=TOTAL`
    if t is not None and (etype is None or t != _default_comparison_type(etype)):
        a.emit("type", t)


def _default_comparison_type(etype: str) -> str | None:
    if etype not in ELEMENT_TYPES:
        return None
    kind = ELEMENT_TYPES[etype].kind
    if kind in ("float", "complex"):
        return "FLOAT"
    if kind == "sint":
        return "SIGNED"
    return "UNSIGNED"


def _channel(a: _Attrs) -> None:
    a.value("channel_id")


def _collective(a: _Attrs) -> None:
    _channel(a)
    a.value("replica_groups", Raw("{}"), always=True)
    a.flag("constrain_layout")


def _impl_all_gather(instr, a):
    _collective(a)
    _dims_attr(a)
    a.flag("use_global_device_ids")


def _impl_all_reduce(instr, a):
    _collective(a)
    a.flag("use_global_device_ids")
    if a.opts.xla:
        a.take("mode")  # XLA keeps the group mode implied by channel_id / use_global_device_ids
    else:
        a.value("mode")


def _impl_reduce_scatter(instr, a):
    _impl_all_reduce(instr, a)
    _dims_attr(a)


def _impl_all_to_all(instr, a):
    _collective(a)
    a.value("dimensions")


def _impl_collective_broadcast(instr, a):
    _collective(a)
    a.value("has_dynamic_root", False, always=True)


def _impl_collective_permute(instr, a):
    _channel(a)
    a.value("source_target_pairs", Raw("{}"), always=True)
    a.value("slice_sizes")


def _impl_send_recv(instr, a):
    _channel(a)
    a.flag("is_host_transfer")


def _impl_batch_norm(instr, a):
    a.value("epsilon")
    a.value("feature_index")


def _impl_fft(instr, a):
    a.value("fft_type")
    a.value("fft_length", (), always=True)


def _impl_triangular_solve(instr, a):
    # PrintAttributeProto(TriangularSolveOptions): the fields set to a non-default value.
    for key in ("left_side", "lower", "unit_diagonal"):
        a.flag(key)
    a.value("transpose_a")


def _impl_cholesky(instr, a):
    a.flag("lower")


def _impl_topk(instr, a):
    a.value("k")
    a.value("largest", True, always=True)
    a.value("is_stable", True, always=True)


def _impl_sort(instr, a):
    _dims_attr(a)
    a.flag("is_stable")


def _impl_scan(instr, a):
    _dims_attr(a)
    a.value("num_carries")
    a.flag("is_reverse")
    a.value("is_associative")


def _impl_reshape(instr, a):
    a.value("inferred_dimension", -1, omit_default=True)


def _impl_slice(instr, a):
    a.value("slice", (), always=True)


def _impl_fusion(instr, a):
    a.value("kind")
    a.value("output_to_operand_aliasing")


def _impl_rng(instr, a):
    a.value("distribution")


def _impl_gte(instr, a):
    a.value("index")


def _impl_reduce_precision(instr, a):
    a.value("exponent_bits")
    a.value("mantissa_bits")


def _impl_infeed(instr, a):
    a.value("infeed_config", "", omit_default=True)


def _impl_outfeed(instr, a):
    v = a.take("outfeed_shape")
    if v is None and a.opts.xla and len(instr.operands) > 0:
        v = instr.operands[0].shape
    if v is not None:
        a.emit("outfeed_shape", value_text("outfeed_shape", v, a.opts))
    a.value("outfeed_config", "", omit_default=True)


def _window(a: _Attrs) -> None:
    w = a.take("window")
    if w is None:
        return
    if a.opts.xla and isinstance(w, Window) and not w.dims:
        return
    a.emit("window", value_text("window", w, a.opts))


def _precision(a: _Attrs) -> None:
    p = a.take("operand_precision")
    if p is not None and (not a.opts.xla or any(x != "default" for x in p)):
        a.emit("operand_precision", value_text("operand_precision", p, a.opts))
    a.value("algorithm", "unset", omit_default=True)


def _impl_convolution(instr, a):
    _window(a)
    a.value("dim_labels")
    a.value("feature_group_count", 1, omit_default=True)
    a.value("batch_group_count", 1, omit_default=True)
    a.value("convolution_kind", "unset", omit_default=True)
    _precision(a)
    a.value("sparsity_config")


def _impl_reduce_window(instr, a):
    _window(a)


def _impl_custom_call(instr, a):
    _window(a)
    a.value("dim_labels")
    a.value("feature_group_count", 1, omit_default=True)
    a.value("batch_group_count", 1, omit_default=True)
    _precision(a)
    a.value("padding_type")
    a.value("custom_call_target", "", always=True)
    a.value("operand_layout_constraints")
    a.flag("custom_call_has_side_effect")
    a.value("literal")
    a.value("output_to_operand_aliasing")
    a.value("schedule", "SCHEDULE_NONE", omit_default=True)
    a.value("api_version", "API_VERSION_ORIGINAL", omit_default=True)


def _impl_pad(instr, a):
    a.value("padding")


def _impl_dynamic_slice(instr, a):
    a.value("dynamic_slice_sizes", (), always=True)


def _impl_gather(instr, a):
    for key in ("offset_dims", "collapsed_slice_dims", "start_index_map"):
        a.value(key, (), always=True)
    for key in ("operand_batching_dims", "start_indices_batching_dims"):
        a.value(key, (), omit_default=True)
    a.value("index_vector_dim")
    a.value("slice_sizes", (), always=True)
    a.flag("indices_are_sorted")


def _impl_scatter(instr, a):
    for key in ("update_window_dims", "inserted_window_dims", "scatter_dims_to_operand_dims"):
        a.value(key, (), always=True)
    for key in ("input_batching_dims", "scatter_indices_batching_dims"):
        a.value(key, (), omit_default=True)
    a.value("index_vector_dim")
    a.flag("indices_are_sorted")
    a.flag("unique_indices")


def _impl_iota(instr, a):
    a.value("iota_dimension")


def _dot_dims(a: _Attrs) -> None:
    a.value("lhs_batch_dims", (), omit_default=True)
    a.value("lhs_contracting_dims", (), always=True)
    a.value("rhs_batch_dims", (), omit_default=True)
    a.value("rhs_contracting_dims", (), always=True)


def _impl_dot(instr, a):
    _dot_dims(a)
    _precision(a)


def _impl_ragged_dot(instr, a):
    _dot_dims(a)
    a.value("lhs_ragged_dims", (), omit_default=True)
    a.value("rhs_group_dims", (), omit_default=True)
    _precision(a)


def _impl_domain(instr, a):
    a.value("domain")


def _impl_rng_bit_generator(instr, a):
    a.value("algorithm")


def _impl_rng_state(instr, a):
    a.value("delta")


def _impl_copy_start(instr, a):
    a.value("cross_program_prefetch_index")


def _impl_dims(instr, a):
    _dims_attr(a)


_IMPLS = {
    "parameter": _impl_parameter,
    "compare": _impl_compare,
    "all-gather": _impl_all_gather, "all-gather-start": _impl_all_gather,
    "all-reduce": _impl_all_reduce, "all-reduce-start": _impl_all_reduce,
    "reduce-scatter": _impl_reduce_scatter,
    "all-to-all": _impl_all_to_all, "ragged-all-to-all": lambda i, a: _collective(a),
    "collective-broadcast": _impl_collective_broadcast,
    "collective-permute": _impl_collective_permute, "collective-permute-start": _impl_collective_permute,
    "send": _impl_send_recv, "send-done": _impl_send_recv, "recv": _impl_send_recv, "recv-done": _impl_send_recv,
    "batch-norm-training": _impl_batch_norm, "batch-norm-inference": _impl_batch_norm,
    "batch-norm-grad": _impl_batch_norm,
    "fft": _impl_fft,
    "triangular-solve": _impl_triangular_solve,
    "cholesky": _impl_cholesky,
    "topk": _impl_topk,
    "sort": _impl_sort,
    "scan": _impl_scan,
    "reshape": _impl_reshape,
    "slice": _impl_slice,
    "fusion": _impl_fusion,
    "rng": _impl_rng,
    "get-tuple-element": _impl_gte,
    "reduce-precision": _impl_reduce_precision,
    "infeed": _impl_infeed,
    "outfeed": _impl_outfeed,
    "convolution": _impl_convolution,
    "reduce-window": _impl_reduce_window,
    "select-and-scatter": _impl_reduce_window,
    "custom-call": _impl_custom_call,
    "pad": _impl_pad,
    "dynamic-slice": _impl_dynamic_slice,
    "gather": _impl_gather,
    "scatter": _impl_scatter,
    "iota": _impl_iota,
    "dot": _impl_dot, "scaled-dot": _impl_dot,
    "ragged-dot": _impl_ragged_dot,
    "domain": _impl_domain,
    "rng-bit-generator": _impl_rng_bit_generator,
    "rng-get-and-update-state": _impl_rng_state,
    "copy-start": _impl_copy_start,
    "broadcast": _impl_dims, "concatenate": _impl_dims, "reverse": _impl_dims, "transpose": _impl_dims,
    "reduce": _impl_dims, "map": _impl_dims, "get-dimension-size": _impl_dims, "set-dimension-size": _impl_dims,
}
