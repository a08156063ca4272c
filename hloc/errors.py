"""User-facing errors. Every failure a user can cause is an HlocError carrying a source location.

`str(err)` is the full report: `file:line:col: error: message`, then the source line and a caret,
the format of clang and XLA's own parser. The CLI prints it and exits 1; nothing else is shown.
"""

from __future__ import annotations

import contextlib

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


class InternalError(HlocError):
    """A bug in hloc: an exception that is not an HlocError (from hloc, llvmlite, numpy), reported as
    one line at what was being worked on when it happened (`working_on`)."""

    kind = "internal error"

    @staticmethod
    def of(e: BaseException) -> InternalError:
        what, loc = getattr(e, "_hloc_site", (None, None))
        text = str(e) or ("out of memory" if isinstance(e, MemoryError) else "")
        message = f"{type(e).__name__}: {text}" if text else type(e).__name__
        if what:
            message += f", while compiling {what}"
        return InternalError(f"{message} (please report; rerun with HLOC_DEBUG=1 for the trace)", loc)


class working_on:  # noqa: N801 - used as a statement: `with working_on(...)`
    """`with working_on("'add.3' (add)", instr.loc):` an exception that is not an HlocError leaving
    the block remembers the innermost such site (InternalError.of reports it)."""

    __slots__ = ("what", "loc")

    def __init__(self, what: str, loc: SourceLoc | None):
        self.what = what
        self.loc = loc

    def __enter__(self) -> None:
        return None

    def __exit__(self, kind, e, tb) -> None:  # (never swallows the exception)
        if e is not None and not isinstance(e, HlocError) and isinstance(e, Exception) \
                and not hasattr(e, "_hloc_site"):
            with contextlib.suppress(AttributeError, TypeError):  # (an exception without a __dict__)
                setattr(e, "_hloc_site", (self.what, self.loc))  # noqa: B010  (any exception's class)


def did_you_mean(word: str, candidates, limit: int = 20000) -> str:
    """`; did you mean 'x'?` for the closest candidate, or an empty string. Past `limit` candidates
    (a huge computation) no suggestion is searched for, so that reporting an error stays fast."""
    candidates = list(candidates)
    if len(candidates) > limit or len(word) > 200:
        return ""
    import difflib  # (here: a cached `hloc run` starts without it)

    close = difflib.get_close_matches(word, candidates, n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""
