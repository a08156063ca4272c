"""Pipelines: sequences of passes, fixed points, and the context that runs them.

`Pipeline` runs passes in order; `FixedPoint` repeats its passes until none reports a change
(at most `max-iterations`, 25 by default like XLA's HloPassFix). Both run their children through
a `PassContext`, which:

  * verifies the module at the start and after every pass that reports a change; a failure is a
    bug in that pass: the error names the pass and the verifier's complaint, and the module as it
    was before the pass is saved to a file named in the message (rebuilt only then, by replaying
    the passes that ran on the pipeline's input: printing a big module before every pass costs
    more than the passes);
  * optionally checks that each pass reports `changed` truthfully (printed text before == after);
  * skips a registered pass that already ran with the same options and found nothing to do, when
    no pass has changed the module since (passes are deterministic: it would find nothing again;
    gemma3's -O2: the last round of a fixpoint, and the whole second simplification fixpoint);
  * times every pass, and calls the instruments (dumps, --print-after-all, ...) around each one.

Pipeline text (see `parse_pipeline` in hloc/passes/syntax.py) builds these objects.
"""

from __future__ import annotations

import difflib
import gc
import os
import tempfile
import time
import traceback
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from ..errors import HlocError, PassError, VerifyError
from ..ir.module import Module
from ..ir.printer import print_module
from .base import Pass, format_options, is_registered, option

PIPELINE_START = "pipeline-start"
PIPELINE_END = "pipeline-end"


@dataclass(frozen=True)
class PassEvent:
    """Where a pass runs: its enclosing pipeline's label, the pass after it, the fixpoint iteration."""

    pass_: Pass
    pipeline: str
    next: str
    iteration: int | None = None


class Instrument:
    """Hooks around a pipeline run (LLVM's PassInstrumentation). Subclasses override what they need.

    `after_pass` sees every leaf pass (composites are not reported: their children are).
    """

    def run_start(self, ctx: PassContext, module: Module, pipeline: Pipeline) -> None: ...

    def after_pass(self, ctx: PassContext, event: PassEvent, module: Module, changed: bool,
                   before_text: str | None) -> None: ...

    def run_end(self, ctx: PassContext, module: Module) -> None: ...

    @property
    def wants_before_text(self) -> bool:
        """True if `after_pass` needs the module text from before the pass (diffs)."""
        return False


class PassTimes:
    """Wall seconds, runs and changes per pass label, in first-run order (--time-passes), and the
    CPU seconds of the thread that ran them (`cpu`: wall minus the time the thread waited or was
    descheduled, which a busy machine adds)."""

    def __init__(self):
        self.rows: dict[str, list] = {}  # label -> [seconds, runs, changed]
        self.cpu: dict[str, float] = {}  # label -> CPU seconds

    def add(self, label: str, seconds: float, changed: bool = False, cpu: float = 0.0) -> None:
        row = self.rows.setdefault(label, [0.0, 0, 0])
        row[0] += seconds
        row[1] += 1
        row[2] += int(changed)
        self.cpu[label] = self.cpu.get(label, 0.0) + cpu


def _print(module: Module) -> str:
    return print_module(module, "canonical")


class PassContext:
    """Everything one pipeline run shares: options, instruments, timings and warnings.

    verify:        run the verifier after every pass that reports a change (it always runs at the
                   start, and at the end when this is off; a module invalid only there has its passes
                   run again on the input, verified one by one, to name the pass that broke it).
    check_changed: compare printed text before/after each pass to catch a misreported `changed`
                   (default: on when the environment has HLOC_CHECK_CHANGED=1).
    failure_dir:   where the module before a failing pass is saved (default: the temp directory).
    """

    def __init__(self, instruments: Iterable[Instrument] = (), *, verify: bool = True,
                 check_changed: bool | None = None, failure_dir: str | None = None):
        self.instruments = list(instruments)
        self.verify = verify
        if check_changed is None:
            check_changed = os.environ.get("HLOC_CHECK_CHANGED", "") not in ("", "0")
        self.check_changed = check_changed
        self.failure_dir = failure_dir
        self.times = PassTimes()
        self.verifier_seconds = 0.0
        self.check_seconds = 0.0
        self.total_seconds = 0.0
        self.total_cpu_seconds = 0.0
        self.warnings: list[str] = []
        self.pass_runs = 0
        self._keep_before = check_changed or any(i.wants_before_text for i in self.instruments)
        # The printed module as it is now, if known: a pass that reports no change leaves it valid,
        # so the module is printed once per change rather than once per pass.
        self._text: str | None = None
        # Otherwise the module before a failing pass is rebuilt on demand: the pipeline's input
        # (as text) and every leaf pass run on it since.
        self._input_text: str | None = None
        # Changes reported so far in this run, and per pass (class and options) the count when it
        # last ran and found nothing to do: until another change it would find nothing again.
        self._changes = 0
        self._quiet: dict[tuple, int] = {}
        self.passes_skipped = 0
        self._history: list[Pass] = []

    # ------------------------------------------------------------------------------- top level
    def run(self, pipeline: Pipeline, module: Module, source_text: str | None = None) -> bool:
        """Verify, run `pipeline` on `module` (in place), return whether anything changed.

        `source_text`: HLO text that parses to `module` as it is now (the caller just parsed it),
        which saves printing the module in case a pass fails."""
        # Passes allocate ~10^5 short-lived objects on a big module: CPython's cyclic collector
        # then re-traverses the whole module again and again (~15% of -O2 on gemma3). Paused for
        # the run; its cycles are collected later as usual.
        paused = gc.isenabled()
        gc.disable()
        try:
            return self._run(pipeline, module, source_text)
        finally:
            if paused:
                gc.enable()

    def _run(self, pipeline: Pipeline, module: Module, source_text: str | None) -> bool:
        start = time.perf_counter()
        cpu_start = time.thread_time()
        self._text = None
        self._history = []
        self._changes = 0
        self._quiet = {}
        self._verify(module, None, None)  # the input's own problems are the user's, not a pass's
        self._input_text = None
        if not self._keep_before or not self.verify:
            self._input_text = source_text if source_text is not None else _print(module)
        for ins in self.instruments:
            ins.run_start(self, module, pipeline)
        changed = pipeline.run(module, self)
        if not self.verify:
            # Not after every pass, but never hand an invalid module on.
            try:
                self._verify(module, None, None)
            except VerifyError as e:
                self._blame(e)
                raise
        for ins in self.instruments:
            ins.run_end(self, module)
        self.total_seconds += time.perf_counter() - start
        self.total_cpu_seconds += time.thread_time() - cpu_start
        return changed

    # ---------------------------------------------------------------------------- one leaf pass
    def run_pass(self, p: Pass, module: Module, event: PassEvent) -> bool:
        if isinstance(p, CompositePass):
            return p.run(module, self)
        key = self._quiet_key(p)
        if key is not None and self._quiet.get(key) == self._changes:
            # (the last round of a fixpoint, a second fixpoint after a pass that changed nothing)
            self.passes_skipped += 1
            return False
        before = None
        if self._keep_before:
            before = self._text if self._text is not None else _print(module)
        t0 = time.perf_counter()
        c0 = time.thread_time()
        try:
            changed = p.run(module)
        except HlocError:
            raise
        except Exception as e:  # a crash in a pass is a bug: say which pass, keep its input
            saved = self._save(before if before is not None else self._replay(), module, p)
            frame = traceback.extract_tb(e.__traceback__)[-1]
            where = f"{os.path.basename(frame.filename)}:{frame.lineno}"
            raise PassError(f"pass '{p.label}' crashed ({type(e).__name__}: {e} at {where}); this is a bug "
                            f"in hloc{_repro(saved, p)}") from e
        if not isinstance(changed, bool):
            raise PassError(f"pass '{p.label}' returned {changed!r} instead of True/False (a bug in hloc)")
        self.times.add(p.label, time.perf_counter() - t0, changed, time.thread_time() - c0)
        self.pass_runs += 1
        if changed:
            self._changes += 1
        elif key is not None:
            self._quiet[key] = self._changes
        self._history.append(p)
        self._text = None if changed else before
        if self.check_changed:
            assert before is not None  # (kept whenever check_changed is on)
            self._text = self._check_changed(p, before, module, changed)
        if changed and self.verify:
            self._verify(module, p, before)
        for ins in self.instruments:
            ins.after_pass(self, event, module, changed, before)
        return changed

    def _quiet_key(self, p: Pass) -> tuple | None:
        """What a run of `p` depends on besides the module, when a rerun on an unchanged module
        may be skipped: not with instruments or --check-changed (they see every run), nor for an
        unregistered pass (it may keep state between runs) or options that cannot be compared."""
        if self.instruments or self._keep_before or not is_registered(type(p)):
            return None
        try:
            hash(p.options)
        except TypeError:
            return None
        return (type(p), p.options)

    # -------------------------------------------------------------------------------- checks
    def _verify(self, module: Module, p: Pass | None, before: str | None) -> None:
        from ..ir.verifier import verify_module

        t0 = time.perf_counter()
        try:
            verify_module(module)
        except VerifyError as e:
            if p is None:
                raise
            raise self._invalid_after(p, e, before if before is not None else self._replay(p), module) from e
        finally:
            self.verifier_seconds += time.perf_counter() - t0

    def _invalid_after(self, p: Pass, e: VerifyError, before: str | None, module: Module) -> PassError:
        saved = self._save(before, module, p)
        where = f" (at {e.loc})" if e.loc is not None else ""
        return PassError(f"pass '{p.label}' produced an invalid module; this is a bug in hloc. "
                         f"verifier: {e.message}{where}{_repro(saved, p)}")

    def _blame(self, error: VerifyError) -> None:
        """The module is invalid at the end of a run without verify-each: raise the PassError verify-each
        would have raised, found by running the passes again on the pipeline's input (passes are
        deterministic), verifying after each that changes it. Returns if that does not find one."""
        if self._input_text is None or not self._history:
            return
        from ..ir.verifier import verify_module
        from ..parse import parse_module

        t0 = time.perf_counter()
        try:
            module = parse_module(self._input_text)
            verify_module(module)
            for q in self._history:
                before = _print(module)
                if q.run(module):
                    try:
                        verify_module(module)
                    except VerifyError as e:
                        raise self._invalid_after(q, e, before, module) from error
        except PassError:
            raise
        except Exception:  # the failure being reported matters more than finding its pass
            return
        finally:
            self.verifier_seconds += time.perf_counter() - t0

    def _replay(self, failed: Pass | None = None) -> str | None:
        """The module text right before the pass that failed: the pipeline's input with the passes
        before it run again (passes are deterministic). None if that cannot be rebuilt."""
        if self._input_text is None:
            return None
        history = self._history
        if failed is not None and history and history[-1] is failed:
            history = history[:-1]  # a pass the verifier rejected has run already
        try:
            from ..parse import parse_module

            module = parse_module(self._input_text)
            for q in history:
                q.run(module)
            return _print(module)
        except Exception:  # the failure being reported matters more than its repro
            return None

    def _check_changed(self, p: Pass, before: str, module: Module, changed: bool) -> str:
        t0 = time.perf_counter()
        after = _print(module)
        self.check_seconds += time.perf_counter() - t0
        if changed and after == before:
            raise PassError(f"pass '{p.label}' reported a change but the module text is identical "
                            "(a bug in hloc: passes must report changed=False when they change nothing)")
        if not changed and after != before:
            diff = "".join(list(difflib.unified_diff(before.splitlines(True), after.splitlines(True),
                                                     "before", "after", n=1))[:40])
            saved = self._save(before, module, p)
            raise PassError(f"pass '{p.label}' changed the module but reported no change "
                            f"(a bug in hloc){_repro(saved, p)}\n{diff}")
        return after

    def _save(self, before: str | None, module: Module, p: Pass) -> str | None:
        """Write the module from before the failing pass; returns the path (None if not kept)."""
        if before is None:
            return None
        safe = "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in module.name)[:80]
        try:
            directory = self.failure_dir or tempfile.gettempdir()
            fd, path = tempfile.mkstemp(prefix=f"hloc.{safe}.before_{p.name}.", suffix=".hlo", dir=directory)
            with os.fdopen(fd, "w") as f:
                f.write(before)
        except OSError:
            return None
        return path

    def warn(self, message: str) -> None:
        self.warnings.append(message)


def _repro(saved: str | None, p: Pass) -> str:
    if saved is None:
        return ""
    return f"\nthe module before the pass is saved in {saved}\nreproduce with: hloc opt {saved} -p '{p.to_text()}'"


# ------------------------------------------------------------------------------------ composites


class CompositePass(Pass):
    """A pass made of passes (pipelines, fixed points): run with the context of the enclosing run."""

    def __init__(self, passes: Sequence[Pass] = (), options=None):
        super().__init__(options)
        self.passes = list(passes)

    @property
    def label(self) -> str:
        return self.options.name

    def run(self, module: Module, ctx: PassContext | None = None) -> bool:
        raise NotImplementedError

    def to_text(self, top: bool = False) -> str:
        inner = ",".join(p.to_text() for p in self.passes)
        if top:
            return inner
        opts = format_options(self.options)
        return f"{self.name}<{opts}>({inner})" if opts else f"{self.name}({inner})"

    def leaves(self) -> list[Pass]:
        out = []
        for p in self.passes:
            out.extend(p.leaves() if isinstance(p, CompositePass) else [p])
        return out


@dataclass(frozen=True)
class PipelineOptions:
    name: str = option("pipeline", "the label in dump file names and banners")


class Pipeline(CompositePass):
    name = "pipeline"
    summary = "run the enclosed passes once, in order"
    Options = PipelineOptions

    def run(self, module: Module, ctx: PassContext | None = None) -> bool:
        ctx = ctx or PassContext(verify=False)
        changed = False
        for i, p in enumerate(self.passes):
            nxt = self.passes[i + 1].label if i + 1 < len(self.passes) else PIPELINE_END
            changed |= ctx.run_pass(p, module, PassEvent(p, self.label, nxt))
        return changed


@dataclass(frozen=True)
class FixedPointOptions:
    name: str = option("fixpoint", "the label in dump file names and banners")
    max_iterations: int = option(25, "stop after this many rounds even if passes still change the module",
                                 min=1)


class FixedPoint(CompositePass):
    """XLA's HloPassFix: repeat the passes until a whole round changes nothing."""

    name = "fixpoint"
    summary = "repeat the enclosed passes until none changes the module"
    Options = FixedPointOptions

    def run(self, module: Module, ctx: PassContext | None = None) -> bool:
        ctx = ctx or PassContext(verify=False)
        limit = self.options.max_iterations
        changed = False
        for iteration in range(1, limit + 1):
            round_changed = False
            for i, p in enumerate(self.passes):
                event = FixedPointEvent(p, self.label, "", iteration, self, i, round_changed)
                round_changed |= ctx.run_pass(p, module, event)
            changed |= round_changed
            if not round_changed:
                return changed
        ctx.warn(f"fixpoint '{self.label}' still changed the module after {limit} iterations")
        return changed


@dataclass(frozen=True)
class FixedPointEvent(PassEvent):
    """A pass inside a fixed point: the pass after the last one of a round is known only after it
    ran (another round follows iff the round changed the module)."""

    fix: FixedPoint | None = None
    index: int = 0
    changed_before: bool = False

    def next_after(self, changed: bool) -> str:
        """The pass that runs after this one, once we know whether it changed the module."""
        fix = self.fix
        assert fix is not None  # (an event of a fixed point always names it)
        passes = fix.passes
        if self.index + 1 < len(passes):
            return passes[self.index + 1].label
        more = (changed or self.changed_before) and self.iteration < fix.options.max_iterations
        return passes[0].label if more else PIPELINE_END


def next_label(event: PassEvent, changed: bool) -> str:
    """The label of the pass that follows `event`'s pass, given whether it changed the module."""
    if isinstance(event, FixedPointEvent):
        return event.next_after(changed)
    return event.next
