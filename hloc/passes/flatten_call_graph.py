"""flatten-call-graph: give every sequentially called computation a single call site (XLA's
FlattenCallGraph).

A computation called by several `call`, `while` (condition/body) or `conditional` (branch) sites
is cloned once per extra site, so that later passes can specialize a body for its call site
without affecting the others. Computations applied elementwise (to_apply of reduce, map, sort,
scatter, ...) stay shared.
"""

from __future__ import annotations

from ..ir.module import Computation, Instruction, Module
from .base import Pass, register_pass
from .rewrite import clone_computation

SEQUENTIAL_ATTRS = {
    "call": ("to_apply",),
    "while": ("condition", "body"),
    "conditional": ("true_computation", "false_computation", "branch_computations"),
}


def sequential_sites(module: Module) -> dict[Computation, list[tuple[Instruction, str, int | None]]]:
    """computation -> [(instruction, attribute, index in a list attribute or None)], in module order."""
    out: dict[Computation, list] = {}
    for comp in module.computations:
        for instr in comp.instructions:
            for attr in SEQUENTIAL_ATTRS.get(instr.opcode, ()):
                v = instr.attrs.get(attr)
                if isinstance(v, Computation):
                    out.setdefault(v, []).append((instr, attr, None))
                elif isinstance(v, list | tuple):
                    for k, c in enumerate(v):
                        out.setdefault(c, []).append((instr, attr, k))
    return out


@register_pass
class FlattenCallGraph(Pass):
    name = "flatten-call-graph"
    summary = "clone computations called from several call/while/conditional sites, one per site"

    def run(self, module: Module) -> bool:
        changed = False
        # Callers first: the clones' own callees then have more sites and are split in turn.
        for comp in reversed(module.computation_post_order()):
            sites = sequential_sites(module).get(comp, [])
            for instr, attr, k in sites[1:]:
                clone = clone_computation(comp, module, comp.name, before=comp)
                module.computations.remove(clone)  # keep callees before callers: right after `comp`
                module.computations.insert(module.computations.index(comp) + 1, clone)
                if k is None:
                    instr.attrs[attr] = clone
                else:
                    values = list(instr.attrs[attr])
                    values[k] = clone
                    instr.attrs[attr] = type(instr.attrs[attr])(values)
                changed = True
        return changed
