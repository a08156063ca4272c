"""layout-copies: a copy wherever a value reaches a place that says another layout for it, so that
code that shares buffers (tuple, get-tuple-element, the operands and results of while and
conditional) sees the bytes in the layout it is told.

jax writes such modules (XLA's layout assignment makes them consistent when it compiles them): a
branch of `lax.cond` returning a column-major `jnp.linalg.solve` result into a row-major
conditional, a while state tuple built from a column-major value. The interpreter never looks at
layouts; the native backend reads each buffer in its instruction's layout, so without the copy it
would read the transpose. Rules (array leaves of rank >= 2 whose minor_to_major differ):

    tuple(..., x{0,1}, ...) : (..., f32[m,n]{1,0}, ...)  => tuple(..., copy(x){1,0}, ...)
    get-tuple-element(t, i){1,0} where t's element i is {0,1} => copy(get-tuple-element(t, i){0,1}){1,0}
    a branch / while body root whose layout is not the caller's   => root = copy(root) (arrays), or
                                                                   the root tuple takes the caller's shape
    a branch / while body / condition parameter of another layout than the caller's operand
                                                                => the parameter takes the operand's
                                                                   shape, a copy gives its users theirs
The native backend runs it before assigning buffers, whatever the pipeline.
"""

from __future__ import annotations

from ..ir.module import Computation, Instruction, Module
from ..ir.types import Shape
from .base import Pass, register_pass


def _differs(a: Shape, b: Shape) -> bool:
    if a.is_tuple or b.is_tuple:
        return a.is_tuple and b.is_tuple and len(a.tuple_shapes) == len(b.tuple_shapes) and any(
            _differs(x, y) for x, y in zip(a.tuple_shapes, b.tuple_shapes))
    return a.rank > 1 and a.dims == b.dims and a.minor_to_major != b.minor_to_major


def _copy(comp: Computation, x: Instruction, shape: Shape) -> Instruction:
    return comp.create("copy", shape, [x])


def _called(instr: Instruction) -> list[tuple[Computation, Shape, Shape | None]]:
    """(computation, the shape its parameter receives, the shape its root must have or None)."""
    if instr.opcode == "while":
        state = instr.operands[0].shape
        return [(instr.attrs["body"], state, instr.shape), (instr.attrs["condition"], state, None)]
    if instr.opcode == "conditional":
        comps = instr.attrs.get("branch_computations") or (instr.attrs["true_computation"],
                                                            instr.attrs["false_computation"])
        return [(c, instr.operands[k + 1].shape, instr.shape) for k, c in enumerate(comps)]
    return []


@register_pass
class LayoutCopies(Pass):
    name = "layout-copies"
    summary = "copy a value where a tuple, get-tuple-element or control-flow boundary says another layout"

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            for instr in list(comp.instructions):
                for callee, arg, result in _called(instr):
                    changed |= self._boundary(callee, arg, result)
        for comp in module.computations:
            changed |= self._aliases(comp)
        return changed

    def _boundary(self, comp: Computation, arg: Shape, result: Shape | None) -> bool:
        changed = False
        if len(comp.parameters) == 1 and _differs(comp.parameters[0].shape, arg):
            param = comp.parameters[0]
            if param.shape.is_tuple:
                param.shape = arg  # (its get-tuple-elements get copies below)
            else:
                wanted = param.shape
                users = list(param.users)
                param.shape = arg
                copy = _copy(comp, param, wanted)
                for user in users:
                    user.replace_operand_with(param, copy)
                if comp.root is param:
                    comp.root = copy
            changed = True
        root = comp.root
        if result is not None and root is not None and _differs(root.shape, result):
            if not root.shape.is_tuple:
                comp.root = _copy(comp, root, result)
                changed = True
            elif root.opcode == "tuple":
                root.shape = result  # (its operands get copies below)
                changed = True
        return changed

    def _aliases(self, comp: Computation) -> bool:
        changed = False
        for instr in list(comp.instructions):
            if instr.opcode == "tuple":
                for i, (x, want) in enumerate(zip(instr.operands, instr.shape.tuple_shapes)):
                    if not x.shape.is_tuple and _differs(x.shape, want):
                        instr.replace_operand(i, _copy(comp, x, want))
                        changed = True
            elif instr.opcode == "get-tuple-element":
                have = instr.operands[0].shape.tuple_shapes[instr.attrs["index"]]
                if not have.is_tuple and _differs(have, instr.shape):
                    wanted = instr.shape
                    users = list(instr.users)
                    instr.shape = have
                    copy = _copy(comp, instr, wanted)
                    for user in users:
                        user.replace_operand_with(instr, copy)
                    if comp.root is instr:
                        comp.root = copy
                    changed = True
        return changed
