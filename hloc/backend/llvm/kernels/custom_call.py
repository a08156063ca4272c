"""custom-call: the targets XLA:CPU implements itself, and a clear error for every other target.

  * `TopK` (xla/backends/cpu/runtime/topk_lib.h): operand [batch, n] or [n], result (values
    [.., k], indices s32[.., k]): the k largest values of each row in the total order
    -NaN < -inf < -0 < +0 < inf < NaN, ties broken by the lower index (kernels/sort.py). XLA:CPU
    takes f32 only; every real element type works here.
  * Placement and sharding annotations, the value itself on one device: `Sharding`,
    `SPMDFullToShardShape`, `SPMDShardToFullShape`, `MoveToHost`, `MoveToDevice`,
    `annotate_device_placement`, `LayoutConstraint`.
  * `__onednn$layernorm` (XLA:CPU's oneDNN rewrite, rescale=SCALE_AND_SHIFT, f32): over the
    minor-most logical dimension, (x - mean) / sqrt(var + eps) * scale + shift, eps the f32 bit
    pattern `epsilon_typecast` of the backend config (0 when absent), as the interpreter.
  * `GetRngSeed`: u64 0, the interpreter's default seed (XLA:CPU draws a fresh one per executable).

  * jaxlib's LAPACK targets (`lapack_sgetrf_ffi`, ...) and TensorFlow's `Qr` /
    `ProductOfElementaryHouseholderReflectors`: compiled LAPACK calls (kernels/lapack.py).

Anything else (foreign functions, other oneDNN/cuDNN calls, dynamic-shape helpers such as
`PadToStatic`, `SliceToDynamic`, `SetBound`) is a CodegenError naming the target.
"""

from __future__ import annotations

import json

import llvmlite.ir as ir
import numpy as np

from .... import lapack
from ....errors import CodegenError
from ....ir.module import Instruction
from ....ir.types import Shape
from ..elemental import mathfns
from ..llvmir.irutil import Var
from ..llvmir.irvalues import F32, I64, const
from ..llvmir.loops import Index, for_range, loop_nest
from . import kernel
from . import lapack as lapack_calls
from .indexing import copy_array
from .sort import check_topk_shapes, emit_topk, topk_scratch_bytes

ANNOTATIONS = frozenset({"Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape", "MoveToHost", "MoveToDevice",
                         "annotate_device_placement", "LayoutConstraint"})
LAYERNORM = "__onednn$layernorm"
TARGETS = frozenset({"TopK", LAYERNORM, "GetRngSeed"}) | ANNOTATIONS


def _target(instr: Instruction) -> str:
    return str(instr.attrs.get("custom_call_target", ""))


@kernel.check("custom-call")
def check_custom_call(instr: Instruction) -> None:
    target = _target(instr)
    if target == "TopK":
        if len(instr.operands) != 1 or not instr.shape.is_tuple:
            raise CodegenError("custom-call TopK takes one operand and returns (values, indices)", instr.loc)
        check_topk_shapes(instr, instr.shape.tuple_shapes[0].dims[-1] if instr.shape.tuple_shapes[0].rank else -1)
        return
    if target == LAYERNORM:
        _layernorm_epsilon(instr)
        x = instr.operands[0].shape if instr.operands else None
        if x is None or len(instr.operands) != 3 or x.is_tuple or x.rank == 0 or instr.shape != x or any(
                o.shape.etype != "f32" or o.shape.is_tuple for o in instr.operands) or any(
                o.shape.dims != (x.dims[-1],) for o in instr.operands[1:]):
            raise CodegenError(f"custom-call {LAYERNORM} takes f32 x[..., n], scale[n], shift[n] and returns "
                               "x's shape", instr.loc)
        return
    if target == "GetRngSeed":
        if instr.operands or instr.shape != Shape("u64", ()):
            raise CodegenError("custom-call GetRngSeed takes no operands and returns u64[]", instr.loc)
        return
    if target in ANNOTATIONS:
        if len(instr.operands) != 1 or instr.operands[0].shape.is_tuple or \
                instr.shape.dims != instr.operands[0].shape.dims or instr.shape.etype != instr.operands[0].shape.etype:
            raise CodegenError(f"custom-call {target} must return its one array operand unchanged", instr.loc)
        return
    if lapack.is_target(target):
        lapack_calls.check(instr)
        return
    raise CodegenError(f"custom-call target '{target}' is not supported by the native backend (it knows: "
                       f"{', '.join(supported_targets())})", instr.loc)


def supported_targets() -> list[str]:
    """Every custom-call target the native backend compiles (LAPACK's with <t> for the type letter)."""
    return sorted(TARGETS) + lapack.supported_targets()


@kernel.scratch("custom-call")
def custom_call_scratch(instr: Instruction, emitter=None) -> int:
    if _target(instr) == "TopK":
        shape = instr.operands[0].shape
        return topk_scratch_bytes(shape.dims[-1], instr.shape.tuple_shapes[0].dims[-1])
    if lapack.is_target(_target(instr)):
        return lapack_calls.scratch_bytes(instr)
    return 0


@kernel("custom-call")
def emit_custom_call(ctx, instr: Instruction) -> None:
    target = _target(instr)
    if target == "TopK":
        emit_topk(ctx, ctx.operands[0][0], ctx.outputs[0], ctx.outputs[1], instr.shape.tuple_shapes[0].dims[-1], True)
        return
    if target == LAYERNORM:
        _emit_layernorm(ctx, instr)
        return
    if lapack.is_target(target):
        lapack_calls.emit(ctx, instr)
        return
    if target == "GetRngSeed":
        ctx.outputs[0].store(ctx.b, Index(instr.shape, [], None), const(I64, 0))
        return
    copy_array(ctx.b, ctx.outputs[0], ctx.operands[0][0])


def _layernorm_epsilon(instr: Instruction) -> float:
    raw = instr.attrs.get("backend_config")
    config = {}
    if raw is not None:
        try:
            config = json.loads(str(raw).strip())
            config = json.loads(config) if isinstance(config, str) else config
        except ValueError as e:
            raise CodegenError(f"cannot read the backend_config of '{instr.name}': {e}", instr.loc) from None
    ln = config.get("onednn_layer_norm_config", {}) if isinstance(config, dict) else {}
    if ln.get("rescale", "SCALE_AND_SHIFT") != "SCALE_AND_SHIFT":
        raise CodegenError(f"{LAYERNORM} with rescale={ln['rescale']} is not supported", instr.loc)
    return float(np.array([int(ln.get("epsilon_typecast", 0))], np.uint32).view(np.float32)[0])


def _emit_layernorm(ctx, instr: Instruction) -> None:
    b = ctx.b
    x, scale, shift = (ops[0] for ops in ctx.operands)
    out = ctx.outputs[0]
    shape = instr.operands[0].shape
    last = shape.rank - 1
    n = shape.dims[last]
    vec = Shape("f32", (n,))
    inv_n = ir.Constant(F32, 1.0 / n if n else 0.0)
    eps = ir.Constant(F32, _layernorm_epsilon(instr))
    with loop_nest(b, shape, "row", set(range(last))) as multi:
        def at(j):
            return Index(shape, [*multi[:last], j], None)

        total = Var(b, F32, ir.Constant(F32, 0.0))
        with for_range(b, n, "m") as j:
            total.set(b.fadd(total.get(), x.load(b, at(j))))
        mean = b.fmul(total.get(), inv_n)
        sq = Var(b, F32, ir.Constant(F32, 0.0))
        with for_range(b, n, "v") as j:
            dev = b.fsub(x.load(b, at(j)), mean)
            sq.set(b.fadd(sq.get(), b.fmul(dev, dev)))
        rstd = b.fdiv(ir.Constant(F32, 1.0), mathfns.sqrt(b, b.fadd(b.fmul(sq.get(), inv_n), eps)))
        with for_range(b, n, "y") as j:
            k = Index(vec, [j], None)
            y = b.fmul(b.fsub(x.load(b, at(j)), mean), rstd)
            out.store(b, at(j), b.fadd(b.fmul(y, scale.load(b, k)), shift.load(b, k)))
