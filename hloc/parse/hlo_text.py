"""HLO text -> ir.Module: the LALR tables Lark makes from grammars/hlo.lark, driven by engine.py over
the tokens of our contextual lexer (lexer.py); builder.py makes the IR as rules reduce (no parse tree)."""

from __future__ import annotations

import gc

from ..errors import ParseError, SourceLoc
from ..ir.module import Computation, Module, Source
from .builder import HloBuilder
from .engine import tables
from .lexer import is_blank, tokenize


def _parse_inline(outer: HloBuilder, start: int, end: int) -> Computation:
    """Parse an inline `to_apply={ ... }` body (text[start:end]) as a new computation of the module."""
    src = outer.src
    inner = HloBuilder(src, parse_inline=_parse_inline)
    inner.hlo_module = outer.hlo_module
    inner.comps = outer.comps
    inner.names = outer.names  # XLA's parser names nested instructions module-wide
    comp = Computation(outer.hlo_module.unique_computation_name("_"))
    comp.src, comp.offset = src, start
    inner.comp = comp
    tables().parse(tokenize(src.text, src.filename, start, end), inner, "inline_body", src.filename, src.text)
    inner.finish_computation(comp, None, start)
    comp.parent = outer.hlo_module
    outer.hlo_module.computations.append(comp)
    outer.comps[comp.name] = comp
    return comp


def parse_hlo_text(text: str, filename: str = "<input>") -> Module:
    """Parse one module of HLO text; raise ParseError (with file:line:col) on malformed text."""
    if is_blank(text):
        raise ParseError("empty input: expected an HLO module ('HloModule name' or 'ENTRY name {')",
                         SourceLoc.from_offset(filename, text, len(text)))
    src = Source(filename, text)
    builder = HloBuilder(src, parse_inline=_parse_inline)
    # A parse allocates ~10 objects per instruction and frees none of them, so the cyclic garbage
    # collector's full passes find nothing to free and cost 15-20% of the time: pause it.
    gc_was_enabled = gc.isenabled()
    gc.disable()
    try:
        return tables().parse(tokenize(text, filename), builder, "start", filename, text)
    except RecursionError:
        raise ParseError("input is nested too deeply", SourceLoc(filename, 1, 1, text)) from None
    finally:
        if gc_was_enabled:
            gc.enable()
