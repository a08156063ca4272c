"""layout-copies: a layout-changing copy wherever a value flows into a place that declares another
layout (the copies XLA's layout assignment adds where layout constraints conflict).

    tuple(x{0,1}) : (f32[2,3]{1,0})      => tuple(copy(x) : f32[2,3]{1,0})
    while(init{0,1}) : (..., f32[2,3]{1,0})  => while(tuple(..., copy(gte(init, k))))
    body(p : {1,0}) of a while : {0,1}   => p : {0,1}, its uses read a copy of it in {1,0}
    ... unless the body passes p through  => the while's state takes {1,0} (copies outside the loop)
    custom-call(f{1,0}) wanting {0,1}, f a loop fusion only such calls read  => f : {0,1} (no copy)

The places are ir/layout_flows.py's boundaries: tuple and get-tuple-element, while state, body,
condition and result, conditional branches' parameters and results, calls, opt-barrier and
add-dependency, dynamic-update-slice's operand 0 (updated in place), and custom calls' operands
under operand_layout_constraints. After this pass the
layout-sensitive verifier holds, so every kernel may take the layouts the IR declares. The native
backend runs it after the HLO pipeline, whatever the pipeline, with the entry's result layout as
the module was written (`insert_layout_copies(module, result=...)`): passes that replace an
instruction by an equal value of another layout (a branch inlined, a loop unrolled) may have
changed the root's.
"""

from __future__ import annotations

from ..ir.layout_flows import constrained_operand_shapes, layout_mismatches, layouts_agree
from ..ir.module import Computation, Instruction, Module
from ..ir.types import Shape
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import callers, clone_computation, remove_if_dead, replace_instruction

# Each round fixes every mismatch it sees; a clone made in a round is looked at in the next.
_MAX_ROUNDS = 8


def coerce(value: Instruction, want: Shape, comp: Computation) -> Instruction:
    """`value` in the layout(s) of `want` (itself when they agree): copies of the leaves that differ
    (one copy per value and layout: a value passed twice is copied once)."""
    if layouts_agree(value.shape, want):
        return value
    for u in value.users:
        if u.opcode == "copy" and u.shape == want:
            return u
    b = Builder(comp)
    if value.shape.is_tuple:
        elems = []
        for k, w in enumerate(want.tuple_shapes):
            e = value.operands[k] if value.opcode == "tuple" else b.gte(value, k)
            elems.append(coerce(e, w, comp))
        return b.add("tuple", Shape.tuple(e.shape for e in elems), elems)
    return b.add("copy", Shape(value.shape.etype, value.shape.dims, want.layout, value.shape.dynamic), [value])


def insert_layout_copies(module: Module, result: Shape | None = None) -> bool:
    """Make every boundary agree; `result`: the layout the entry's result must have."""
    changed = False
    for _ in range(_MAX_ROUNDS):
        flows = layout_mismatches(module)
        if not flows:
            break
        who = callers(module)
        for instr in dict.fromkeys(f.at for f in flows):
            if instr.parent is not None:
                _fix(instr, module, who)
        changed = True
    entry = module.entry_computation
    root_shape = entry.root_instruction.shape
    if result is not None and root_shape.compatible(result) and not layouts_agree(root_shape, result):
        _set_root(entry, result)
        changed = True
    return changed


def _fix(instr: Instruction, module: Module, who: dict) -> None:
    comp = instr.computation
    op = instr.opcode
    if op == "tuple":
        for k, want in enumerate(instr.shape.tuple_shapes):
            instr.replace_operand(k, coerce(instr.operands[k], want, comp))
    elif op == "get-tuple-element":
        src = instr.operands[0]
        k = instr.attrs["index"]
        if src.opcode == "tuple":
            replace_instruction(instr, coerce(src.operands[k], instr.shape, comp))
        else:
            plain = Builder(comp).add("get-tuple-element", src.shape.tuple_shapes[k], [src], index=k)
            replace_instruction(instr, coerce(plain, instr.shape, comp))
    elif op in ("opt-barrier", "add-dependency", "dynamic-update-slice"):
        instr.replace_operand(0, coerce(instr.operands[0], instr.shape, comp))
    elif op == "while":
        _take_passed_through_layouts(instr)
        instr.replace_operand(0, coerce(instr.operands[0], instr.shape, comp))
        for key in ("condition", "body"):
            callee = instr.attrs[key]
            if len(callee.parameters) == 1 and not layouts_agree(callee.parameters[0].shape, instr.shape):
                _retype_parameter(_owned(instr, callee, module, who), 0, instr.shape)
        body = instr.attrs["body"]
        if not layouts_agree(body.root.shape, instr.shape):
            _set_root(_owned(instr, body, module, who), instr.shape)
    elif op == "conditional":
        for k, branch in enumerate(instr.called_computations):
            if len(branch.parameters) == 1 and k + 1 < len(instr.operands):
                instr.replace_operand(k + 1, coerce(instr.operands[k + 1], branch.parameters[0].shape, comp))
            if not layouts_agree(branch.root_instruction.shape, instr.shape):
                _set_root(_owned(instr, branch, module, who), instr.shape)
    elif op == "custom-call":
        for k, wanted in enumerate(constrained_operand_shapes(instr)):
            if wanted is not None:
                if _compute_fusion_in(instr.operands[k], wanted, comp):
                    continue
                instr.replace_operand(k, coerce(instr.operands[k], wanted, comp))
    elif op == "call":
        callee = instr.attrs["to_apply"]
        for k, p in enumerate(callee.parameters):
            instr.replace_operand(k, coerce(instr.operands[k], p.shape, comp))
        if not layouts_agree(callee.root.shape, instr.shape):
            _set_root(_owned(instr, callee, module, who), instr.shape)


def _compute_fusion_in(value: Instruction, want: Shape, comp: Computation) -> bool:
    """Give a loop fusion that only custom calls asking for `want`'s layout read that layout, and
    say whether it was given it: its kernel writes every element wherever the layout puts it, so
    one kernel replaces a kernel and a copy (jax's LU solves: the triangular factor's select, then
    its copy to column-major)."""
    if (value.opcode != "fusion" or value.attrs.get("kind") != "kLoop" or value.shape.is_tuple
            or want.is_tuple or comp.root is value or not value.users):
        return False
    for user in value.users:
        if user.opcode != "custom-call":
            return False
        for operand, wanted in zip(user.operands, constrained_operand_shapes(user)):
            if operand is value and (wanted is None or not layouts_agree(wanted, want)):
                return False
    value.shape = Shape(value.shape.etype, value.shape.dims, want.layout, value.shape.dynamic)
    return True


def _take_passed_through_layouts(loop: Instruction) -> None:
    """State elements the body passes through unchanged (root element k is the parameter's element
    k) take the body's layout: one copy of the init before the loop (and of the result after it,
    where read) instead of two copies per iteration inside it (a scan's loop-invariant inputs)."""
    body = loop.attrs["body"]
    if len(body.parameters) != 1 or not loop.shape.is_tuple or body.root.opcode != "tuple":
        return
    param, root = body.parameters[0], body.root
    if not param.shape.is_tuple or len(param.shape.tuple_shapes) != len(loop.shape.tuple_shapes):
        return
    elems = list(loop.shape.tuple_shapes)
    for k, (have, want) in enumerate(zip(elems, param.shape.tuple_shapes)):
        out = root.operands[k]
        if (have.is_tuple or want.is_tuple or layouts_agree(have, want) or out.opcode != "get-tuple-element"
                or out.operands[0] is not param or out.attrs["index"] != k or not layouts_agree(out.shape, want)):
            continue
        elems[k] = want
    if elems != list(loop.shape.tuple_shapes):
        loop.shape = Shape.tuple(elems)


def _owned(site: Instruction, comp: Computation, module: Module, who: dict) -> Computation:
    """`comp`, or a clone of it that `site` alone calls when other instructions call it too."""
    if all(c is site for c in who.get(comp, ())):
        return comp
    new = clone_computation(comp, module, name=comp.name, before=comp)
    for key, v in list(site.attrs.items()):
        if v is comp:
            site.attrs[key] = new
        elif isinstance(v, (list, tuple)) and any(c is comp for c in v):
            site.attrs[key] = type(v)(new if c is comp else c for c in v)
    who[comp] = [c for c in who.get(comp, ()) if c is not site]
    who[new] = [site]
    return new


def _retype_parameter(comp: Computation, n: int, shape: Shape) -> None:
    """Parameter `n` arrives in `shape`; its uses read it in the layout they were written for (a
    get-tuple-element of it becomes a boundary of its own: only the elements read are copied)."""
    param = comp.parameter(n)
    declared = param.shape
    users = [u for u in param.users if u.opcode != "get-tuple-element"]
    was_root = comp.root is param
    param.shape = shape
    if users or was_root:
        converted = coerce(param, declared, comp)
        for u in users:
            u.replace_operand_with(param, converted)
        if was_root:
            comp.root = converted


def _set_root(comp: Computation, want: Shape) -> None:
    old = comp.root_instruction
    comp.root = coerce(old, want, comp)
    remove_if_dead(old)


@register_pass
class LayoutCopies(Pass):
    name = "layout-copies"
    summary = "insert layout-changing copies where a value flows into a place declaring another layout"

    def run(self, module: Module) -> bool:
        return insert_layout_copies(module)
