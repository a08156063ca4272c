"""Structural invariants a pass must keep, checked independently of the verifier: use lists,
parents, unique names, callee order, and that the printed module reads back to the same text."""

from __future__ import annotations

from hloc.ir.module import Module
from hloc.ir.printer import print_module
from hloc.ir.shape_inference import ShapeError, infer_shape
from hloc.parse import parse_module


def structural_problems(module: Module) -> list[str]:
    problems = []
    comps = module.computations
    position = {c: k for k, c in enumerate(comps)}
    all_names = [i.name for c in comps for i in c.instructions]
    if len(set(all_names)) != len(all_names):
        dups = sorted({n for n in all_names if all_names.count(n) > 1})
        problems.append(f"instruction names are not unique in the module (XLA's rule; create instructions "
                        f"with passes.rewrite.add_instruction): {dups[:5]}")
    if module.entry not in position:
        problems.append("the entry computation is not in the module")
    for comp in comps:
        if comp.parent is not module:
            problems.append(f"{comp.name}: parent is not the module")
        names = [i.name for i in comp.instructions]
        if len(set(names)) != len(names):
            problems.append(f"{comp.name}: duplicate instruction names")
        members = set(comp.instructions)
        if comp.root not in members:
            problems.append(f"{comp.name}: root is not one of its instructions")
        numbers = sorted(p.parameter_number for p in comp.parameters)
        if numbers != list(range(len(numbers))):
            problems.append(f"{comp.name}: parameter numbers {numbers}")
        for instr in comp.instructions:
            if instr.parent is not comp:
                problems.append(f"{instr.name}: parent is not {comp.name}")
            for op in instr.operands:
                if op not in members:
                    problems.append(f"{instr.name}: operand {op.name} is not in {comp.name}")
                if instr not in op.users:
                    problems.append(f"{instr.name}: missing from the users of {op.name}")
            for user in instr.users:
                if user not in members or instr not in user.operands:
                    problems.append(f"{instr.name}: stale user {user.name}")
            for pred in instr.control_predecessors:
                if instr not in pred.control_successors or pred not in members:
                    problems.append(f"{instr.name}: broken control edge from {pred.name}")
            for callee in instr.called_computations:
                if callee not in position:
                    problems.append(f"{instr.name}: calls {callee.name}, which is not in the module")
                elif position[callee] > position[comp]:
                    problems.append(f"{instr.name}: callee {callee.name} comes after its caller {comp.name}")
    return problems


def shape_problems(module: Module) -> set[str]:
    """Instructions whose written shape disagrees with shape inference (ignoring layouts)."""
    out = set()
    for instr in module.instructions():
        if instr.opcode == "broadcast":
            # infer_shape reads `dimensions` as the sizes of a shape-less broadcast; with a written
            # shape they map operand dimensions into it instead: check that mapping.
            op, dims = instr.operands[0].shape, instr.attrs.get("dimensions", ())
            if (op.etype != instr.shape.etype or len(dims) != op.rank
                    or any(not 0 <= d < instr.shape.rank or instr.shape.dims[d] != n for d, n in zip(dims, op.dims))):
                out.add(f"broadcast: {op} to {instr.shape} with dimensions {list(dims)}")
            continue
        try:
            inferred = infer_shape(instr.opcode, [o.shape for o in instr.operands], instr.attrs)
        except (ShapeError, KeyError, NotImplementedError, TypeError, ValueError, IndexError, AttributeError):
            continue
        if not inferred.compatible(instr.shape):
            out.add(f"{instr.opcode}: {instr.shape} vs inferred {inferred}")
    return out


def call_signature_problems(module: Module) -> list[str]:
    """Calls whose operand shapes do not fit the callee's parameters (invalid input the verifier
    will reject; inlining such a call produces instructions whose shapes cannot be right)."""
    out = []
    for instr in module.instructions():
        if instr.opcode == "call":
            params = instr.attrs["to_apply"].parameters
            if len(params) != len(instr.operands) or not all(
                    o.shape.compatible(p.shape) for o, p in zip(instr.operands, params)):
                out.append(f"{instr.name}: operands {[str(o.shape) for o in instr.operands]} vs parameters "
                           f"{[str(p.shape) for p in params]}")
    return out


def assert_well_formed(module: Module, baseline_shape_problems: set[str] | None = None) -> str:
    """Check the invariants; returns the canonical text."""
    problems = structural_problems(module)
    assert not problems, "\n".join(problems)
    if baseline_shape_problems is not None:
        new = shape_problems(module) - baseline_shape_problems
        assert not new, "shapes no longer match shape inference:\n" + "\n".join(sorted(new))
    text = print_module(module)
    assert print_module(parse_module(text, "<printed>")) == text, "the printed module does not read back"
    return text
