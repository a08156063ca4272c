"""Locations carry no meaning for hloc: `loc(...)` (nested, with strings) and `#loc` table rows are
blanked out with spaces before lexing, so every other offset, line and column stays that of the file."""

from __future__ import annotations

import re

_LOC_START = re.compile(r"\bloc\(|^#loc[0-9]*\s*=\s*loc\(", re.M)
_RESOURCES = re.compile(r"\{-#(.|\n)*?#-\}")


def _closing_paren(text: str, i: int) -> int:
    """Index just past the `)` that closes the `(` before text[i]; len(text) when unbalanced."""
    depth = 1
    n = len(text)
    while i < n:
        c = text[i]
        if c == '"':
            i += 1
            while i < n and text[i] != '"':
                i += 2 if text[i] == "\\" else 1
        elif c == "(":
            depth += 1
        elif c == ")":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    return n


def _blank(text: str, start: int, end: int) -> str:
    return "".join("\n" if c == "\n" else " " for c in text[start:end])


def strip_locations(text: str) -> str:
    if "loc(" not in text:
        return text
    out = []
    pos = 0
    for m in _LOC_START.finditer(text):
        if m.start() < pos:
            continue  # inside a location already blanked (callsite(...), fused[...])
        end = _closing_paren(text, m.end())
        out.append(text[pos:m.start()])
        out.append(_blank(text, m.start(), end))
        pos = end
    out.append(text[pos:])
    return "".join(out)


def dialect_resources(text: str) -> dict[str, str]:
    """The `{-# dialect_resources: { builtin: { name: "0x..." } } #-}` blobs, by name (hex text)."""
    out: dict[str, str] = {}
    for m in _RESOURCES.finditer(text):
        for name, blob in re.findall(r'([A-Za-z_][\w.$-]*|"[^"]*")\s*:\s*"(0x[0-9A-Fa-f]*)"', m.group(0)):
            out[name.strip('"')] = blob
    return out
