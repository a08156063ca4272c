"""call-inliner: replace every `call` by the body of the computation it calls (XLA's CallInliner).

JAX wraps every nested jit in a `call`; inlining exposes the bodies to the other passes. Callees
are inlined bottom-up (a callee's own calls first), so one run leaves no inlinable call. The
inlined instructions take the callee's names (instruction names are unique module-wide, so while
the callee exists a clone gets the next free `name.k`; once callees left without callers are
deleted, clones get their callee's names back where they are free).
"""

from __future__ import annotations

from dataclasses import dataclass

from ..ir.module import Module
from .base import Pass, option, register_pass
from .rewrite import callers, inline_call_site, restore_names


@dataclass(frozen=True)
class CallInlinerOptions:
    single_call_site: bool = option(False, "only inline computations called from exactly one place "
                                           "(XLA:CPU's main pipeline setting)")


@register_pass
class CallInliner(Pass):
    name = "call-inliner"
    summary = "inline every call instruction and delete the computations left uncalled"
    Options = CallInlinerOptions

    def run(self, module: Module) -> bool:
        sites = callers(module)
        inlined = set()
        names: list = []
        changed = False
        # Callees before callers: when a caller is processed its callees contain no calls any more.
        for comp in module.computation_post_order():
            for instr in list(comp.instructions):
                if instr.opcode != "call" or instr.parent is None:
                    continue
                callee = instr.attrs.get("to_apply")
                if callee is None or not self._inlinable(instr, sites):
                    continue
                inline_call_site(instr, callee, list(instr.operands), names)
                inlined.add(callee)
                changed = True
        if changed:
            remaining = callers(module)
            for callee in inlined:
                if not remaining.get(callee) and callee is not module.entry and callee.parent is module:
                    module.remove_computation(callee)
            restore_names(module, names)
        return changed

    def _inlinable(self, call, sites) -> bool:
        # A call that runs on another execution thread stays a call.
        if call.attrs.get("async_execution_thread") not in (None, "main"):
            return False
        return not (self.options.single_call_site and len(sites.get(call.attrs["to_apply"], [])) != 1)
