"""StableHLO / MHLO text (MLIR) -> ir.Module: syntax.py reads the structure, lower.py and ops.py write
each op as HLO instruction records, build.py makes the IR from them with the HLO reader's builder.

    looks_like_mlir(text)            content sniffing: `module`, `func.func`, `#loc` ... vs `HloModule`
    parse_mlir(text, filename)       one module; ParseError (file:line:col) on bad input
"""

from __future__ import annotations

import gc
import re

from ...ir.module import Module, Source
from . import chlo, dynamic  # noqa: F401  (register their lowerings with ops.LOWERINGS)
from .build import build_module
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
    # A read allocates many objects and frees few: the cyclic collector's passes would find nothing.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return _parse(text, filename)
    finally:
        if gc_was_enabled:
            gc.enable()


def _parse(text: str, filename: str) -> Module:
    ctx = Ctx(filename, text)
    stripped = strip_locations(text)
    funcs = parse_syntax(stripped, text, filename)
    m = re.search(r"module\s+@([\w.$-]+|\"[^\"]*\")", stripped)
    name = m.group(1).strip('"') if m else "module"
    name = re.sub(r"[^\w.-]", "_", name) or "module"
    lowering = ModuleLowering(funcs, ctx, dialect_resources(text), lower_op)
    try:
        lowering.lower()
        lowering.at = ("the module", 0)
        return build_module(lowering, name, Source(filename, text))
    except DECODING_ERRORS as e:
        what, offset = lowering.at
        raise ctx.error(offset, f"malformed {what}: {_reason(e)}") from None


def _reason(e: BaseException) -> str:
    if isinstance(e, KeyError):
        return f"missing attribute or field {e.args[0]!r}" if e.args else "a missing attribute"
    if isinstance(e, RecursionError):
        return "nested too deeply"
    return str(e) or type(e).__name__
