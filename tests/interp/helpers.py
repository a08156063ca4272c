"""Small helpers for the interpreter's unit tests."""

from __future__ import annotations

import numpy as np

from hloc.interp import evaluate
from hloc.parse import parse_module


def run(text: str, *args, **kwargs):
    """Parse an HLO module and evaluate its entry computation on `args`."""
    return evaluate(parse_module(text, "test.hlo"), [np.asarray(a) if not isinstance(a, tuple) else a
                                                     for a in args], **kwargs)


def entry(params: list[str], root: str, extra: str = "", body: str = "") -> str:
    """`ENTRY e { p0 = ... parameter(0) ... ROOT r = <root> }` plus any computations in `extra`."""
    lines = ["HloModule m", "", extra, "ENTRY e {"]
    lines += [f"  p{i} = {p} parameter({i})" for i, p in enumerate(params)]
    if body:
        lines.append(body)
    lines += [f"  ROOT r = {root}", "}", ""]
    return "\n".join(lines)
