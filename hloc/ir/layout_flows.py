"""Where a value's bytes pass unchanged into a place that declares its own shape (XLA's
layout-sensitive verifier checks the same boundaries).

    layouts_agree(a, b) -> bool          the same physical element order (tuples leaf by leaf)
    boundary_flows(comp) -> [Flow]       every such boundary of one computation
    layout_mismatches(module) -> [Flow]  the boundaries whose two sides disagree

A kernel reads each operand with that operand's layout, so an add of a {0,1} and a {1,0} array is
right as it is. At these boundaries, though, no kernel runs: a tuple holds its elements' buffers,
a get-tuple-element renames one, a while loop's state is the same bytes as its body's parameter and
root and its condition's parameter, a branch's parameter is the conditional's operand, an in-place
dynamic-update-slice writes into its operand's buffer. There the two sides must agree, or the
bytes are read in the wrong order (the layout-copies pass makes them agree). A custom call's
`operand_layout_constraints` are such places too: the native LAPACK calls would otherwise
transpose an operand element by element into their column-major buffers at every call (three
triangular solves of one Cholesky factor: three transposes), where one copy kernel serves them all.
"""

from __future__ import annotations

import re
from typing import NamedTuple

from .module import Computation, Instruction, Module
from .types import Layout, Shape

# One array shape of an operand_layout_constraints list: f32[1,512,512]{1,2,0}
_CONSTRAINT = re.compile(r"([a-z][a-z0-9]*)\[([0-9,]*)\]\{([0-9,]*)\}")


class Flow(NamedTuple):
    at: Instruction  # the instruction where the bytes cross
    what: str  # e.g. "operand 1", "the body's parameter"
    have: Shape  # the shape the bytes are in
    want: Shape  # the shape the place declares


def layouts_agree(a: Shape, b: Shape) -> bool:
    """Equal physical element order, leaf by leaf (rank 0 and 1 arrays have only one)."""
    if a.is_tuple or b.is_tuple:
        return (a.is_tuple and b.is_tuple and len(a.tuple_shapes) == len(b.tuple_shapes)
                and all(layouts_agree(x, y) for x, y in zip(a.tuple_shapes, b.tuple_shapes)))
    if not (a.is_array and b.is_array) or a.rank <= 1 or b.rank <= 1:
        return True
    return a.minor_to_major == b.minor_to_major


def boundary_flows(comp: Computation) -> list[Flow]:
    flows: list[Flow] = []
    for instr in comp.instructions:
        op = instr.opcode
        ops = instr.operands
        if op == "tuple":
            flows += [Flow(instr, f"operand {i}", o.shape, s)
                      for i, (o, s) in enumerate(zip(ops, instr.shape.tuple_shapes))]
        elif op == "get-tuple-element" and ops[0].shape.is_tuple:
            k = instr.attrs["index"]
            if k < len(ops[0].shape.tuple_shapes):
                flows.append(Flow(instr, "its tuple element", ops[0].shape.tuple_shapes[k], instr.shape))
        elif op in ("opt-barrier", "add-dependency") and ops:
            flows.append(Flow(instr, "operand 0", ops[0].shape, instr.shape))
        elif op == "dynamic-update-slice" and ops:
            flows.append(Flow(instr, "operand 0 (updated in place)", ops[0].shape, instr.shape))
        elif op == "while" and ops:
            body, cond = instr.attrs.get("body"), instr.attrs.get("condition")
            flows.append(Flow(instr, "the initial state", ops[0].shape, instr.shape))
            for role, c in (("body", body), ("condition", cond)):
                if isinstance(c, Computation) and len(c.parameters) == 1:
                    flows.append(Flow(instr, f"the {role}'s parameter", instr.shape, c.parameters[0].shape))
            if isinstance(body, Computation) and body.root is not None:
                flows.append(Flow(instr, "the body's result", body.root.shape, instr.shape))
        elif op == "conditional":
            for k, branch in enumerate(instr.called_computations):
                if len(branch.parameters) == 1 and k + 1 < len(ops):
                    flows.append(Flow(instr, f"operand {k + 1} (branch {k}'s parameter)", ops[k + 1].shape,
                                      branch.parameters[0].shape))
                flows.append(Flow(instr, f"branch {k}'s result", branch.root_instruction.shape, instr.shape))
        elif op == "custom-call" and "operand_layout_constraints" in instr.attrs:
            wants = constrained_operand_shapes(instr)
            flows += [Flow(instr, f"operand {i} (its layout constraint)", o.shape, w)
                      for i, (o, w) in enumerate(zip(ops, wants)) if w is not None]
        elif op == "call":
            callee = instr.attrs.get("to_apply")
            if isinstance(callee, Computation):
                flows += [Flow(instr, f"operand {i}", o.shape, p.shape)
                          for i, (o, p) in enumerate(zip(ops, callee.parameters))]
                flows.append(Flow(instr, "the callee's result", callee.root_instruction.shape, instr.shape))
    return flows


def constrained_operand_shapes(instr: Instruction) -> list[Shape | None]:
    """Each operand's shape in the layout its custom call's `operand_layout_constraints` asks for
    (None: an operand the list does not constrain as an array of its own shape)."""
    raw = instr.attrs.get("operand_layout_constraints")
    text = getattr(raw, "text", raw) if raw is not None else ""
    inner = text.strip()[1:-1] if isinstance(text, str) and text.strip().startswith("{") else ""
    items = list(_CONSTRAINT.finditer(inner))
    if len(items) != len(instr.operands) or "(" in inner:  # (tuple constraints are not read)
        return [None] * len(instr.operands)
    out: list[Shape | None] = []
    for m, o in zip(items, instr.operands):
        shape = o.shape
        if not shape.is_array:
            out.append(None)
            continue
        dims = tuple(int(d) for d in m.group(2).split(",") if d)
        mtm = tuple(int(d) for d in m.group(3).split(",") if d)
        ok = (m.group(1) == shape.etype and dims == shape.dims and sorted(mtm) == list(range(len(dims))))
        out.append(Shape(shape.etype, shape.dims, Layout(mtm), dynamic=shape.dynamic) if ok else None)
    return out


def layout_mismatches(module: Module) -> list[Flow]:
    """Fusion bodies are left out: their kernel computes every element (it reads the fusion's
    operands with their own layouts and writes the fusion's)."""
    return [f for comp in module.computations if not comp.is_fusion for f in boundary_flows(comp)
            if f.have.compatible(f.want) and not layouts_agree(f.have, f.want)]
