"""custom-call: the targets XLA:CPU implements itself, and a clear error for every other target.

  * `TopK` (xla/backends/cpu/runtime/topk_lib.h): operand [batch, n] or [n], result (values
    [.., k], indices s32[.., k]): the k largest values of each row in the total order
    -NaN < -inf < -0 < +0 < inf < NaN, ties broken by the lower index (kernels/sort.py). XLA:CPU
    takes f32 only; every real element type works here.
  * Placement and sharding annotations, the value itself on one device: `Sharding`,
    `SPMDFullToShardShape`, `SPMDShardToFullShape`, `MoveToHost`, `MoveToDevice`,
    `annotate_device_placement`, `LayoutConstraint`.

Anything else (foreign functions, oneDNN/cuDNN calls, dynamic-shape helpers such as `PadToStatic`,
`SliceToDynamic`, `SetBound`) is a CodegenError naming the target.
"""

from __future__ import annotations

from ....errors import CodegenError
from ....ir.module import Instruction
from . import kernel
from .indexing import copy_array
from .sort import check_topk_shapes, emit_topk

ANNOTATIONS = frozenset({"Sharding", "SPMDFullToShardShape", "SPMDShardToFullShape", "MoveToHost", "MoveToDevice",
                         "annotate_device_placement", "LayoutConstraint"})
TARGETS = frozenset({"TopK"}) | ANNOTATIONS


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
    if target in ANNOTATIONS:
        if len(instr.operands) != 1 or instr.operands[0].shape.is_tuple or \
                instr.shape.dims != instr.operands[0].shape.dims or instr.shape.etype != instr.operands[0].shape.etype:
            raise CodegenError(f"custom-call {target} must return its one array operand unchanged", instr.loc)
        return
    raise CodegenError(f"custom-call target '{target}' is not supported by the native backend (it knows: "
                       f"{', '.join(sorted(TARGETS))})", instr.loc)


@kernel.scratch("custom-call")
def custom_call_scratch(instr: Instruction, emitter=None) -> int:
    if _target(instr) == "TopK":
        return 16 * instr.operands[0].shape.dims[-1]
    return 0


@kernel("custom-call")
def emit_custom_call(ctx, instr: Instruction) -> None:
    target = _target(instr)
    if target == "TopK":
        emit_topk(ctx, ctx.operands[0][0], ctx.outputs[0], ctx.outputs[1], instr.shape.tuple_shapes[0].dims[-1], True)
        return
    copy_array(ctx.b, ctx.outputs[0], ctx.operands[0][0])
