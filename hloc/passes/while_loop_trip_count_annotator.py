"""while-loop-trip-count-annotator: record what is known about a loop's iterations in its
backend_config, as XLA's WhileLoopTripCountAnnotator does (WhileLoopBackendConfig in JSON):

    backend_config={"known_trip_count":{"n":"20"},"known_init_step":{"init":"0","step":"1"},
                    "known_induction_variable":{"tuple_index":"0"},"dynamic_variables":[]}

`known_induction_variable` is set for every loop with an induction variable, `known_trip_count`
when the count is known (`i = K; i < N; i += C` with constants, or by evaluating the condition),
`known_init_step` for the constant-pattern case, where reads of the induction variable after the
loop also become the constant final value. The native backend can use the count (e.g. to unroll
or to size buffers) without redoing the analysis; `trip_count_of(w)` reads it back.
"""

from __future__ import annotations

import json

import numpy as np

from ..ir.attrs import Raw
from ..ir.module import Instruction, Module
from .base import Pass, register_pass
from .hlo_builder import Builder
from .rewrite import replace_instruction
from .while_loop_analysis import ScalarEvaluator, induction_var_index, loop_range, trip_count


def backend_config_of(w: Instruction) -> dict:
    raw = w.attrs.get("backend_config")
    if raw is None:
        return {}
    text = str(raw).strip()
    if text.startswith('"'):
        try:
            text = json.loads(text)
        except ValueError:
            return {}
    try:
        value = json.loads(text)
    except ValueError:
        return {}
    return value if isinstance(value, dict) else {}


def trip_count_of(w: Instruction) -> int | None:
    """The trip count recorded in a while loop's backend_config (by this pass or by XLA)."""
    n = backend_config_of(w).get("known_trip_count", {}).get("n")
    try:
        return None if n is None else int(n)
    except (TypeError, ValueError):
        return None


@register_pass
class WhileLoopTripCountAnnotator(Pass):
    name = "while-loop-trip-count-annotator"
    summary = "record each while loop's induction variable and known trip count in its backend_config"

    def run(self, module: Module) -> bool:
        ev = ScalarEvaluator(module)
        changed = False
        for comp in module.computations:
            for w in [i for i in comp.instructions if i.opcode == "while"]:
                index = induction_var_index(w)
                if index is None:
                    continue
                config: dict = {}
                r = loop_range(w, index, ev)
                if r is not None:
                    config["known_trip_count"] = {"n": str(r.trip_count)}
                    config["known_init_step"] = {"init": str(r.init), "step": str(r.step)}
                    changed |= _forward_final_value(w, index, r.final)
                else:
                    n = trip_count(w, ev=ev)
                    if n is not None:
                        config["known_trip_count"] = {"n": str(n)}
                config["known_induction_variable"] = {"tuple_index": str(index)}
                config["dynamic_variables"] = []
                text = json.dumps(config, separators=(",", ":"))
                if str(w.attrs.get("backend_config", "")) != text:
                    w.attrs["backend_config"] = Raw(text)
                    changed = True
        return changed


def _forward_final_value(w: Instruction, index: int, final: int) -> bool:
    """gte(w, index) => constant(final): the induction variable's value after the loop."""
    gtes = [u for u in w.users if u.opcode == "get-tuple-element" and u.attrs["index"] == index]
    for g in gtes:
        b = Builder(g.computation)
        etype = g.shape.etype
        value = np.array(final).astype(g.shape.dtype)
        replace_instruction(g, b.constant(value, etype))
    return bool(gtes)
