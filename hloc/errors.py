"""User-facing errors. Every failure a user can cause is an HlocError carrying a source location.

`str(err)` is the full report: `file:line:col: error: message`, then the source line and a caret,
the format of clang and XLA's own parser. The CLI prints it and exits 1; nothing else is shown.
"""

from __future__ import annotations

from .record import Record


class SourceLoc(Record):
    """A position in a source text. `line` and `col` are 1-based; `text` is the whole source."""

    __slots__ = ("filename", "line", "col", "text")

    def __init__(self, filename: str, line: int, col: int, text: str | None = None):
        self.filename = filename
        self.line = line
        self.col = col
        self.text = text

    @staticmethod
    def from_offset(filename: str, text: str, offset: int) -> SourceLoc:
        offset = max(0, min(offset, len(text)))
        line = text.count("\n", 0, offset) + 1
        col = offset - (text.rfind("\n", 0, offset) + 1) + 1
        return SourceLoc(filename, line, col, text)

    def source_line(self) -> str | None:
        if self.text is None:
            return None
        lines = self.text.split("\n", self.line)
        return lines[self.line - 1] if self.line - 1 < len(lines) else None

    def __str__(self) -> str:
        return f"{self.filename}:{self.line}:{self.col}"


class HlocError(Exception):
    """Base of every error hloc reports to a user (exit status 1, no traceback)."""

    kind = "error"

    def __init__(self, message: str, loc: SourceLoc | None = None):
        super().__init__(message)
        self.message = message
        self.loc = loc

    def __str__(self) -> str:
        if self.loc is None:
            return f"{self.kind}: {self.message}"
        out = f"{self.loc}: {self.kind}: {self.message}"
        line = self.loc.source_line()
        if line is not None:
            # Long lines (minified JSON, huge constants) are cut around the caret.
            col = self.loc.col - 1
            start = max(0, col - 100) if len(line) > 200 else 0
            shown = line[start : start + 200]
            prefix = "..." if start else ""
            shown = shown.replace("\t", " ")
            out += f"\n{prefix}{shown}\n{' ' * (len(prefix) + col - start)}^"
        return out


class ParseError(HlocError):
    """Malformed HLO text."""


class VerifyError(HlocError):
    """A well-formed module that breaks an IR invariant (shapes, names, call graph)."""


class PassError(HlocError):
    """A pipeline problem: unknown pass, bad pipeline text, or a pass that broke the module."""


class CodegenError(HlocError):
    """The backend cannot compile an instruction (unsupported op or type)."""


class RunError(HlocError):
    """Bad inputs or a failure while executing a module."""


class UsageError(HlocError):
    """A command-line usage problem (exit status 2)."""


def did_you_mean(word: str, candidates, limit: int = 20000) -> str:
    """`; did you mean 'x'?` for the closest candidate, or an empty string. Past `limit` candidates
    (a huge computation) no suggestion is searched for, so that reporting an error stays fast."""
    candidates = list(candidates)
    if len(candidates) > limit or len(word) > 200:
        return ""
    import difflib  # (here: a cached `hloc run` starts without it)

    close = difflib.get_close_matches(word, candidates, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
