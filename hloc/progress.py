"""Progress of long work on stderr: `hloc compile` and `hloc run` name their stages (parse, HLO
passes, LLVM parts k/n, link, run) once the work has taken over a second, on a terminal only.

    with Progress("compiling model.hlo"):       # the CLI, around a command's work
        stage("HLO passes")                     # anywhere below it: the library reports stages
        stage("LLVM parts", 3, 8)

Without an active Progress (the Python API, tests, a pipe), `stage` does nothing. The line is
redrawn in place (`\\r`) and cleared when the work ends, so nothing is left in the terminal's log.
"""

from __future__ import annotations

import sys
import threading
import time
from typing import TextIO

_active: Progress | None = None


def stage(name: str, done: int | None = None, total: int | None = None) -> None:
    """Report the stage the work is in (thread-safe; free when nothing listens)."""
    p = _active
    if p is not None:
        p.update(name, done, total)


class Progress:
    def __init__(self, what: str, stream: TextIO | None = None, delay: float = 1.0, enabled: bool | None = None):
        self.what = what
        self.stream = stream if stream is not None else sys.stderr
        self.delay = delay
        if enabled is None:
            isatty = getattr(self.stream, "isatty", None)
            enabled = bool(isatty and isatty())
        self.enabled = enabled
        self.current = "starting"
        self.shown = False
        self._lock = threading.Lock()
        self._start = 0.0
        self._timer: threading.Timer | None = None

    def __enter__(self) -> Progress:
        global _active
        if self.enabled:
            self._start = time.perf_counter()
            _active = self
            self._timer = threading.Timer(self.delay, self._show)
            self._timer.daemon = True
            self._timer.start()
        return self

    def __exit__(self, *exc) -> None:
        global _active
        if not self.enabled:
            return
        if self._timer is not None:
            self._timer.cancel()
        with self._lock:
            if _active is self:
                _active = None
            if self.shown:
                self.stream.write("\r\x1b[K")
                self.stream.flush()
            self.shown = False

    def update(self, name: str, done: int | None = None, total: int | None = None) -> None:
        with self._lock:
            self.current = name if done is None else f"{name} {done}/{total}"
            if self.shown:
                self._draw()

    def _show(self) -> None:
        with self._lock:
            if _active is self:
                self.shown = True
                self._draw()

    def _draw(self) -> None:
        elapsed = time.perf_counter() - self._start
        self.stream.write(f"\rhloc: {self.what}: {self.current} ({elapsed:.1f} s)\x1b[K")
        self.stream.flush()
