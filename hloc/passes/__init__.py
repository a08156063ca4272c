"""The pass manager: the pass contract, one registry, text pipelines, named levels, instruments.

    run_pipeline(module, "call-inliner,fixpoint(dce,cse)")   run pipeline text, a level or @file
    optimize(module, level="O2")                              the named pipelines -O0/-O1/-O2
    parse_pipeline(text) / pipeline_text("O2")                text <-> Pipeline objects
    registered_passes()                                       name -> Pass subclass

Adding a pass is one file in this package: subclass `Pass`, decorate it with `@register_pass`
(see base.py). Everything else (the -p syntax, options, dumps, --print-passes) picks it up.
Its tests: testdata/passes/<name>/CASE.hlo (+ CASE.after.hlo, absent for a negative case) and
tests/passes/test_<name>.py parametrized over them (tests/passes/cases.py checks the expected
output, idempotence, the IR invariants and interpreter equivalence); then add it to a level in
levels.py. rewrite.py has the shared surgery (dead code, inlining, cloning, side effects).
"""

from __future__ import annotations

from collections.abc import Iterable

from ..errors import PassError, did_you_mean
from ..ir.module import Module
from .base import NoOptions, Pass, get_pass_class, option, register_pass, registered_passes
from .levels import DEFAULT_LEVEL, LEVELS
from .pipeline import FixedPoint, Instrument, PassContext, Pipeline
from .syntax import parse_pipeline, pipeline_text, resolve_pipeline

__all__ = [
    "run_pipeline", "optimize", "parse_pipeline", "pipeline_text", "resolve_pipeline", "registered_passes",
    "get_pass_class", "register_pass", "option", "Pass", "NoOptions", "Pipeline", "FixedPoint", "PassContext",
    "Instrument", "LEVELS", "DEFAULT_LEVEL",
]


def run_pipeline(module: Module, pipeline: str | Pipeline = DEFAULT_LEVEL, *, verify: bool = True,
                 check_changed: bool | None = None, instruments: Iterable[Instrument] = (),
                 context: PassContext | None = None) -> bool:
    """Run `pipeline` on `module` in place and return whether it changed.

    `pipeline` is pipeline text (`"call-inliner,fixpoint(dce,cse)"`), a level (`"O2"`), `"@file"`
    or a Pipeline. The verifier runs at the start and after every pass that reports a change
    (`verify=False`: only at the start and the end). `check_changed` compares printed text around
    every pass (default: env HLOC_CHECK_CHANGED=1). Pass a `context` to read timings and warnings.
    """
    ctx = context or PassContext(instruments, verify=verify, check_changed=check_changed)
    return ctx.run(resolve_pipeline(pipeline), module)


def optimize(module: Module, level: str = DEFAULT_LEVEL) -> Module:
    """Optimize `module` in place with a named pipeline (`"O0"`, `"O1"`, `"O2"`) and return it."""
    name = level[1:] if level.startswith("-") else level
    if name not in LEVELS:
        raise PassError(f"unknown optimization level '{level}'{did_you_mean(name, LEVELS)} "
                        f"(levels: {', '.join(LEVELS)})")
    run_pipeline(module, name)
    return module
