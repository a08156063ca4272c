"""float-normalization: bf16 arithmetic where XLA:CPU's FloatNormalization (CpuFloatSupport) puts
it, where that changes the numbers.

XLA:CPU supports bf16 only for data movement (and its library dots): every other bf16 op is computed
in f32 between converts, `convert_bf16(op_f32(convert_f32(x)...))`. hloc's code generator computes a
bf16 op the same way (in f32, rounded once), so most of that rewrite would change nothing. Three
parts of it do:

  * a convert of the result to f32 takes the f32 value before its rounding to bf16 (XLA replaces a
    bf16 -> f32 convert user of a normalized op by the f32 result): convert_f32(tanh_bf16(x)) is
    tanh_f32(convert_f32(x)), one rounding fewer; the op's other users keep the rounded value;
  * logistic is normalized before the logistic-expander runs, so 1 / (1 + exp(-x)) is expanded in
    f32 and rounded once, not after each of its four ops;
  * batch-norm-training / -inference / -grad likewise before the batchnorm-expander: the statistics
    in f32 (in bf16, E[X^2] - E[X]^2 cancels to a few percent).

Run before those expanders, as in XLA's pipeline.
"""

from __future__ import annotations

from ..ir.module import Instruction, Module
from ..ir.types import Shape
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import is_root, remove_if_dead, replace_instruction

# bf16 ops whose f32 result is not already a bf16 value (the exact ones, maximum, abs, negate,
# floor..., give the same value rounded or not). atan2 and power: binary.
INEXACT = frozenset({
    "add", "subtract", "multiply", "divide", "power", "atan2", "exponential", "exponential-minus-one", "log",
    "log-plus-one", "sqrt", "rsqrt", "cbrt", "tanh", "logistic", "sine", "cosine", "tan", "erf", "acos", "acosh",
    "asin", "asinh", "atanh", "cosh", "sinh",
})
BATCH_NORM = ("batch-norm-training", "batch-norm-inference", "batch-norm-grad")


def _is_bf16_array(i: Instruction) -> bool:
    return not i.shape.is_tuple and i.shape.etype == "bf16"


def _to(b: Builder, x: Instruction, etype: str) -> Instruction:
    return b.add("convert", x.shape.with_etype(etype), [x])


def _wide(b: Builder, instr: Instruction) -> Instruction:
    """`instr` computed in f32: its bf16 operands converted, its result f32."""
    operands = [_to(b, o, "f32") if _is_bf16_array(o) else o for o in instr.operands]
    return b.add(instr.opcode, instr.shape.with_etype("f32"), operands, **dict(instr.attrs))


def _f32_converts(instr: Instruction) -> list[Instruction]:
    return [u for u in instr.users if u.opcode == "convert" and not u.shape.is_tuple and u.shape.etype == "f32"]


def _normalize_elementwise(instr: Instruction, converts: list[Instruction]) -> None:
    """`converts`: the bf16 -> f32 converts of `instr` the module had (not those this pass made for
    the operands of another normalized op, which keep the rounding, as in XLA)."""
    comp = instr.computation
    b = Builder(comp)
    wide = _wide(b, instr)
    for convert in converts:
        convert.replace_all_uses_with(wide)
    if is_root(instr) or any(u not in converts for u in instr.users):
        name = instr.name
        narrow = _to(b, wide, "bf16")  # the rounded value, for the other users
        replace_instruction(instr, narrow)
        comp.rename(narrow, name)
    for convert in converts:
        remove_if_dead(convert)  # (and `instr`, when they were its only users)


def _normalize_batch_norm(instr: Instruction) -> None:
    comp = instr.computation
    b = Builder(comp)
    wide = _wide(b, instr)
    parts = [_to(b, b.add("get-tuple-element", s.with_etype("f32"), [wide], index=k), "bf16")
             for k, s in enumerate(instr.shape.tuple_shapes)]
    name = instr.name
    result = b.add("tuple", Shape.tuple([p.shape for p in parts]), parts)
    replace_instruction(instr, result)
    comp.rename(result, name)


def _wanted(instr: Instruction) -> bool:
    if instr.opcode in BATCH_NORM:
        return instr.operands[0].shape.etype == "bf16"
    if instr.opcode not in INEXACT or not _is_bf16_array(instr):
        return False
    if not all(_is_bf16_array(o) for o in instr.operands):
        return False
    return instr.opcode == "logistic" or bool(_f32_converts(instr))


@register_pass
class FloatNormalization(Pass):
    name = "float-normalization"
    summary = "compute bf16 logistic, batch norm and ops converted to f32 in f32, as XLA:CPU does"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            if comp.is_fusion:
                continue
            todo = [(i, _f32_converts(i)) for i in comp.instructions if _wanted(i)]
            for instr, converts in todo:
                if instr.opcode in BATCH_NORM:
                    _normalize_batch_norm(instr)
                else:
                    _normalize_elementwise(instr, converts)
                changed = True
        return changed
