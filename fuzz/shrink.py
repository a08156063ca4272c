"""Shrink a failing module to a minimal one that still fails the same way.

    small = shrink(case, still_fails)     # case: Case(text, inputs, exact)

Greedy, one step at a time, each kept only if `still_fails(candidate)`: the root cut down to one of
its elements; an instruction replaced by a new parameter of its shape (its inputs drawn as the
generator draws them), which drops everything only it used; an instruction replaced by an operand
of the same shape; in the other computations (bodies, branches, callees, reducers), an
instruction replaced by an operand of its shape or by a constant of zeros. Dead instructions,
unused parameters and computations are removed after each step. It stops when no step is kept,
or after `max_checks` candidates.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from dataclasses import dataclass

import numpy as np

from hloc.ir.module import Instruction, Module
from hloc.ir.printer import print_module
from hloc.parse import parse_module
from hloc.passes import run_pipeline

from .program import Generator


@dataclass
class Case:
    text: str
    inputs: list[np.ndarray]
    exact: list[bool]


def _param_inputs(m: Module, inputs: list[np.ndarray]) -> dict[Instruction, np.ndarray]:
    return {p: inputs[p.parameter_number] for p in m.entry.parameters}


def _finish(m: Module, by_param: dict, exact: list[bool], dce: bool = False) -> Case | None:
    """Drop unused parameters (and with `dce` all dead code: a failure may be in dead code, which
    `--hlo-opt O0` compiles too); the case, or None when it no longer parses back."""
    entry = m.entry
    if dce:
        try:
            run_pipeline(m, "dce")
        except Exception:  # noqa: BLE001 - a candidate the passes reject is simply not kept
            return None
    params = sorted(entry.parameters, key=lambda p: p.parameter_number)
    kept = []
    for p in params:
        if p.users or p is entry.root:
            kept.append(p)
        else:
            entry.remove(p)
    for k, p in enumerate(kept):
        p.parameter_number = k
    if any(p.shape.is_tuple for p in kept):
        return None
    _drop_unreachable(m)
    text = print_module(m)
    try:
        parse_module(text, "shrunk.hlo")
    except Exception:  # noqa: BLE001
        return None
    return Case(text, [by_param[p] for p in kept], exact)


def _drop_unreachable(m: Module) -> None:
    """Remove the computations nothing reachable from the entry calls."""
    seen, todo = set(), [m.entry]
    while todo:
        comp = todo.pop()
        if comp in seen:
            continue
        seen.add(comp)
        for i in comp.instructions:
            todo.extend(i.called_computations)
    for comp in [c for c in m.computations if c not in seen]:
        m.remove_computation(comp)


def _candidates(case: Case, gen: Generator):
    m = parse_module(case.text, "c.hlo")
    yield _finish(m, _param_inputs(m, case.inputs), case.exact, dce=True)
    m = parse_module(case.text, "c.hlo")
    root = m.entry.root
    if root.opcode == "tuple" and len(root.operands) > 1:
        for k in range(len(root.operands)):
            m = parse_module(case.text, "c.hlo")
            by = _param_inputs(m, case.inputs)
            m.entry.root = m.entry.root.operands[k]
            yield _finish(m, by, [case.exact[k]] if not m.entry.root.shape.is_tuple else case.exact)
    n = len(parse_module(case.text, "c.hlo").entry.post_order())
    for pos in range(n - 1, -1, -1):  # the root's side first: a success there removes the most
        for how in ("param", "operand"):
            m = parse_module(case.text, "c.hlo")
            by = _param_inputs(m, case.inputs)
            entry = m.entry
            order = entry.post_order()
            if pos >= len(order):
                continue
            instr = order[pos]
            if how == "param" and not instr.users and instr is not entry.root and instr.opcode != "parameter":
                entry.remove(instr)  # dead code (which O0 compiles): drop it
                yield _finish(m, by, case.exact)
                continue
            if instr.opcode in ("parameter", "constant") or instr.shape.is_tuple or not instr.shape.is_array:
                continue
            if how == "param":
                if instr is entry.root and len(order) <= 2:
                    continue
                number = len(entry.parameters)
                p = entry.create("parameter", instr.shape, [])
                p.parameter_number = number
                by[p] = gen.input_array(instr.shape.etype, instr.shape.dims)
                new = p
            else:
                same = [o for o in instr.operands if o.shape == instr.shape]
                if not same:
                    continue
                new = same[0]
            instr.replace_all_uses_with(new)
            if entry.root is instr:
                entry.root = new
            entry.remove(instr)
            yield _finish(m, by, case.exact)
    yield from _callee_candidates(case)


def _loop_computations(m: Module) -> set:
    """Conditions and bodies of while loops: their s32[] counters are never replaced (a loop that
    no longer counts would not end)."""
    out = set()
    for comp in m.computations:
        for i in comp.instructions:
            if i.opcode == "while":
                out.update(i.called_computations)
    return out


def _callee_candidates(case: Case):
    m0 = parse_module(case.text, "c.hlo")
    for ci, comp0 in enumerate(m0.computations):
        if comp0 is m0.entry:
            continue
        n = len(comp0.post_order())
        for pos in range(n - 1, -1, -1):
            for how in ("operand", "zeros"):
                m = parse_module(case.text, "c.hlo")
                by = _param_inputs(m, case.inputs)
                comp = m.computations[ci]
                order = comp.post_order()
                if pos >= len(order):
                    continue
                instr = order[pos]
                if instr.opcode in ("parameter", "constant") or not instr.shape.is_array:
                    continue
                if comp in _loop_computations(m) and instr.shape.etype == "s32" and not instr.shape.dims:
                    continue
                if how == "operand":
                    same = [o for o in instr.operands if o.shape == instr.shape]
                    if not same:
                        continue
                    new = same[0]
                else:
                    if math.prod(instr.shape.dims) > 64:
                        continue
                    new = comp.create("constant", instr.shape, [])
                    new.literal = np.zeros(instr.shape.dims, instr.shape.dtype)
                instr.replace_all_uses_with(new)
                if comp.root is instr:
                    comp.root = new
                comp.remove(instr)
                yield _finish(m, by, case.exact, dce=True)


def shrink(case: Case, still_fails: Callable[[Case], bool], seed: int = 0, max_checks: int = 400) -> Case:
    gen = Generator(seed + 10**6)
    gen.specials = False  # (a new parameter with inf / nan could fail another way than the module did)
    checks = 0
    progress = True
    while progress and checks < max_checks:
        progress = False
        for cand in _candidates(case, gen):
            if cand is None or cand.text == case.text:
                continue
            checks += 1
            if still_fails(cand):
                case = cand
                progress = True
                break
            if checks >= max_checks:
                break
    return case
