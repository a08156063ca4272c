"""StableHLO / MHLO text (MLIR) -> ir.Module, through the HLO text the ops lower to (lower.py).

    looks_like_mlir(text)            content sniffing: `module`, `func.func`, `#loc` ... vs `HloModule`
    parse_mlir(text, filename)       one module; ParseError (file:line:col) on bad input
"""

from __future__ import annotations

import re

from ...errors import HlocError, ParseError
from ...ir.module import Module, Source
from ..hlo_text import parse_hlo_text
from . import chlo  # noqa: F401  (registers the CHLO expansions with ops.LOWERINGS)
from .locations import dialect_resources, strip_locations
from .lower import ModuleLowering
from .ops import lower_op
from .syntax import parse_syntax
from .values import Ctx

__all__ = ["looks_like_mlir", "parse_mlir"]

_MLIR_START = re.compile(r"(module\b|func\.func\b|#[A-Za-z_][\w.]*\s*=|\"builtin\.module\"|\"func\.func\")")


def looks_like_mlir(text: str) -> bool:
    """True when the first thing in the text (after comments) is MLIR, not HLO."""
    for line in text.splitlines():
        s = line.strip()
        if not s or s.startswith("//"):
            continue
        return bool(_MLIR_START.match(s))
    return False


# What the decoders raise when a value is not what the syntax promised (a missing attribute, an
# index past a list, a number out of range): the one place they become a located ParseError.
DECODING_ERRORS = (ValueError, IndexError, KeyError, TypeError, AttributeError, OverflowError,
                   ZeroDivisionError, AssertionError, RecursionError)


def parse_mlir(text: str, filename: str = "<input>") -> Module:
    ctx = Ctx(filename, text)
    stripped = strip_locations(text)
    funcs = parse_syntax(stripped, text, filename)
    m = re.search(r"module\s+@([\w.$-]+|\"[^\"]*\")", stripped)
    name = m.group(1).strip('"') if m else "module"
    name = re.sub(r"[^\w.-]", "_", name) or "module"
    lowering = ModuleLowering(funcs, ctx, dialect_resources(text), lower_op)
    try:
        hlo_text = lowering.lower(name)
    except DECODING_ERRORS as e:
        what, offset = lowering.at
        raise ctx.error(offset, f"malformed {what}: {_reason(e)}") from None
    try:
        module = parse_hlo_text(hlo_text, filename + " (as HLO)")
    except HlocError as e:
        raise _mlir_error(e, hlo_text, lowering, ctx) from None
    src = Source(filename, text)
    for comp in module.computations:
        for instr in comp.instructions:
            off = lowering.offsets.get(instr.name)
            if off is not None:
                instr.src, instr.offset = src, off
            arr = lowering.constants.get(instr.name)
            if arr is not None:
                instr.literal = arr
    module.src = src
    return module


def _reason(e: BaseException) -> str:
    if isinstance(e, KeyError):
        return f"missing attribute or field {e.args[0]!r}" if e.args else "a missing attribute"
    if isinstance(e, RecursionError):
        return "nested too deeply"
    return str(e) or type(e).__name__


def _mlir_error(e: HlocError, hlo_text: str, lowering: ModuleLowering, ctx: Ctx) -> HlocError:
    """An error in the generated HLO, moved to the MLIR op that produced the line."""
    if e.loc is None:
        return e
    lines = hlo_text.split("\n")
    line = lines[e.loc.line - 1] if 0 < e.loc.line <= len(lines) else ""
    name = line.strip().removeprefix("ROOT ").split(" = ", 1)[0]
    off = lowering.offsets.get(name)
    if off is None:
        return e
    return ParseError(e.message, ctx.error(off, e.message).loc)
