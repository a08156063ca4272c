"""Control flow and calls: while, conditional, call, map, fusion, custom-call, and the ops that only
order or annotate (opt-barrier, domain, add-dependency, after-all)."""

from __future__ import annotations

import json

import numpy as np

from ... import lapack
from ...errors import RunError
from ...lapack.run import run_plan
from ..evaluator import TOKEN
from ..registry import handler
from ..util import apply_computation, called, convert, total_order_key


@handler("while")
def _while(instr, args, ev):
    cond, body = called(instr, "condition"), called(instr, "body")
    state = args[0]
    while bool(ev.call(cond, [state])):
        state = ev.call(body, [state])
    return state


@handler("conditional")
def _conditional(instr, args, ev):
    selector = args[0]
    branches = instr.attrs.get("branch_computations")
    if branches is None:  # pred form: true_computation, false_computation
        branches = [called(instr, "true_computation"), called(instr, "false_computation")]
        index = 0 if bool(selector) else 1
    else:
        index = int(selector)
        if not 0 <= index < len(branches):
            index = len(branches) - 1  # XLA runs the last branch for an out-of-range index
    return ev.call(branches[index], [args[1 + index]])


@handler("call")
def _call(instr, args, ev):
    return ev.call(called(instr, "to_apply"), args)


@handler("fusion")
def _fusion(instr, args, ev):
    return ev.call(called(instr, "calls"), args)


@handler("map")
def _map(instr, args, ev):
    return apply_computation(ev, called(instr, "to_apply"), args)


@handler("scan")
def _scan(instr, args, ev):
    """Apply to_apply along `dimensions[0]`: (inputs' elements..., carries...) -> (outputs..., carries...),
    in order (or reversed with is_reverse); the result is (stacked outputs..., final carries...)."""
    comp = called(instr, "to_apply")
    k = int(instr.attrs["num_carries"])
    dim = instr.attrs["dimensions"][0]
    inputs, carries = list(args[: len(args) - k]), list(args[len(args) - k:])
    n_out = len(instr.shape.tuple_shapes) - k
    length = instr.shape.tuple_shapes[0].dims[dim] if n_out else inputs[0].shape[dim]
    steps = range(length - 1, -1, -1) if instr.attrs.get("is_reverse") else range(length)
    outputs = [np.empty(s.dims, s.dtype) for s in instr.shape.tuple_shapes[:n_out]]
    for i in steps:
        r = ev.call(comp, [np.take(x, i, axis=dim) for x in inputs] + carries)
        r = list(r) if isinstance(r, tuple) else [r]
        for o, v in zip(outputs, r[:n_out]):
            index = [slice(None)] * o.ndim
            index[dim] = i
            o[tuple(index)] = v
        carries = r[n_out:]
    return (*outputs, *carries)


@handler("opt-barrier", "domain")
def _identity(instr, args, ev):
    return args[0]


@handler("add-dependency")
def _add_dependency(instr, args, ev):
    return args[0]


@handler("after-all")
def _after_all(instr, args, ev):
    return TOKEN


# --------------------------------------------------------------------------------------------------
# custom-call

CUSTOM_CALLS: dict = {}


def custom_call(*targets: str):
    def register(fn):
        for t in targets:
            CUSTOM_CALLS[t] = fn
        return fn

    return register


def known_targets() -> list[str]:
    """Every custom-call target the interpreter runs (LAPACK's spelled with <t> for the type letter)."""
    return sorted(CUSTOM_CALLS) + lapack.supported_targets()


def knows_target(target: str) -> bool:
    return target in CUSTOM_CALLS or lapack.is_target(target)


@handler("custom-call")
def _custom_call(instr, args, ev):
    target = instr.attrs["custom_call_target"]
    fn = CUSTOM_CALLS.get(target)
    if fn is None and lapack.is_target(target):
        fn = _lapack_call
    if fn is None:
        raise RunError(f"the interpreter does not know custom-call target '{target}' (it knows: "
                       f"{', '.join(known_targets())})", instr.loc)
    return fn(instr, args, ev)


def _lapack_call(instr, args, ev):
    """jaxlib's LAPACK targets and TensorFlow's Qr: the LAPACK call jaxlib makes, per batch element
    (hloc/lapack/plans.py)."""
    try:
        plan = lapack.plan(instr)
    except lapack.PlanError as e:
        raise RunError(str(e), instr.loc) from None
    leaves = instr.shape.leaves() if instr.shape.is_tuple else [instr.shape]
    results = run_plan(plan, list(args), [leaf.dtype for leaf in leaves])
    return tuple(results) if instr.shape.is_tuple else results[0]


@custom_call("TopK")
def _topk(instr, args, ev):
    """XLA:CPU's TopK runtime (backends/cpu/runtime/topk_lib.h): the k largest values of each row in
    the total order (-NaN < -Inf < -0 < +0 < +Inf < +NaN), ties by lower index, and their s32 indices."""
    x = args[0]
    k = instr.shape.tuple_shapes[0].dims[-1]
    key = total_order_key(x)
    order = np.argsort(~key, axis=-1, kind="stable")[..., :k]
    return np.take_along_axis(x, order, axis=-1), order.astype(np.int32)


@custom_call("PadToStatic")
def _pad_to_static(instr, args, ev):
    """A dynamic array -> (the array at its bound shape, its dimension sizes as s32 scalars)."""
    from .data import dynamic_size

    x = args[0]
    sizes = [np.asarray(dynamic_size(ev, instr.operands[0], d), np.int32) for d in range(x.ndim)]
    return (x, *sizes)


@custom_call("SliceToDynamic")
def _slice_to_dynamic(instr, args, ev):
    """(array, sizes...) -> the array with those dynamic dimension sizes."""
    x = args[0]
    for d, size in enumerate(args[1:]):
        if int(size) != x.shape[d]:
            ev.dynamic_sizes[(instr, d)] = int(size)
    return x


@custom_call("GetRngSeed")
def _get_rng_seed(instr, args, ev):
    # XLA:CPU returns the executable's rng seed (a fresh random one when it is 0); the interpreter's is
    # its rng_seed, so results stay reproducible.
    return np.asarray(ev.rng_seed, np.uint64)


def _backend_config(instr) -> dict:
    """The backend_config JSON of an instruction (XLA prints it as a quoted string or bare)."""
    raw = instr.attrs.get("backend_config")
    if raw is None:
        return {}
    text = str(raw).strip()
    try:
        value = json.loads(text)
        return json.loads(value) if isinstance(value, str) else value
    except ValueError as e:
        raise RunError(f"cannot read the backend_config of '{instr.name}': {e}", instr.loc) from None


@custom_call("__onednn$layernorm")
def _onednn_layernorm(instr, args, ev):
    """XLA:CPU's oneDNN layer normalization over the minor-most dimension: (x - mean) / sqrt(var + eps)
    * scale + shift, in f32; eps is the bit pattern `epsilon_typecast` of the config (0 when absent)."""
    config = _backend_config(instr).get("onednn_layer_norm_config", {})
    if config.get("rescale", "SCALE_AND_SHIFT") != "SCALE_AND_SHIFT":
        raise RunError(f"__onednn$layernorm with rescale={config['rescale']} is not supported", instr.loc)
    eps = np.array([int(config.get("epsilon_typecast", 0))], np.uint32).view(np.float32)[0]
    x, scale, shift = (a.astype(np.float32) for a in args[:3])
    mean = x.mean(axis=-1, keepdims=True)
    var = np.square(x - mean).mean(axis=-1, keepdims=True)
    y = (x - mean) / np.sqrt(var + eps) * scale + shift
    return convert(y, instr.shape.etype)


@custom_call("Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape", "MoveToHost", "MoveToDevice",
             "annotate_device_placement", "LayoutConstraint")
def _annotation(instr, args, ev):
    # Sharding and placement annotations: the value itself on a single device.
    return args[0]
