"""Instruments: what `hloc opt` can show about a pipeline run, outside the passes themselves.

DumpAfterEachPass   XLA's dump naming, one file per step, so `ls DIR` reads as a timeline:
                        module_0000.jit_f.0000.before_optimizations.hlo
                        module_0000.jit_f.0001.O2.after_pipeline-start.before_call-inliner.hlo
                        module_0000.jit_f.0002.O2.after_call-inliner.before_zero-sized-hlo-elimination.hlo
                        module_0000.jit_f.0003.simplification.after_dce.before_zero-sized-hlo-elimination.hlo
                        ...
                        module_0000.jit_f.0009.after_optimizations.hlo
                    As with XLA's --xla_dump_hlo_pass_re=.*, a file is written after each pass that
                    changed the module; `before_<next>` names the pass that runs next, so the
                    passes that changed nothing are still visible between two file names.
PrintPasses         --print-after-all, --print-after=a,b, --print-changed[=diff]: banners and
                    modules to a stream (stderr in the CLI). Banners start with `// -----` so the
                    log itself can be read back with `hloc opt --split-input-file`.
time_report         --time-passes: a table of seconds per pass.
"""

from __future__ import annotations

import contextlib
import difflib
import os
import tempfile
from typing import Protocol

from ..errors import HlocError
from ..ir.module import Module
from ..ir.printer import print_module
from .pipeline import PIPELINE_START, FixedPointEvent, Instrument, PassContext, PassEvent, Pipeline, next_label


def _safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in name)


class TextSink(Protocol):
    """Where PrintPasses writes: a text stream, or anything with its write and flush."""

    def write(self, s: str, /) -> object: ...

    def flush(self) -> object: ...


class DumpAfterEachPass(Instrument):
    """Write the module before, during (after each changing pass) and after a pipeline to `directory`.

    `pass_re`: only passes whose name or label matches it (re.search, as XLA's
    --xla_dump_hlo_pass_re) get a file; None: none do. `xla_names`: XLA's --xla_dump_to naming for
    the ends (`module_0000.NAME.before_optimizations.txt`, `...cpu_after_optimizations.txt`, no step
    number) with `suffix` `.txt`, so XLA's own scripts read the folder. `keep_texts`: also collect
    (file name, text) pairs in `texts` (the HTML timeline)."""

    def __init__(self, directory: str | None, module_index: int = 0, style: str = "canonical", *,
                 suffix: str = ".hlo", pass_re: str | None = ".*", xla_names: bool = False,
                 keep_texts: bool = False):
        import re

        self.directory = directory
        self.module_index = module_index
        self.style = style
        self.suffix = suffix
        self.pass_re = re.compile(pass_re) if pass_re is not None else None
        self.xla_names = xla_names
        self.keep_texts = keep_texts
        self.texts: list[tuple[str, str]] = []
        self.step = 0
        self.prefix = ""
        self.written: list[str] = []

    @staticmethod
    def prepare(directory: str) -> None:
        """Create the directory and check that it is writable; HlocError (one line) otherwise."""
        try:
            os.makedirs(directory, exist_ok=True)
            fd, probe = tempfile.mkstemp(prefix=".hloc-probe-", dir=directory)
            os.close(fd)
            os.unlink(probe)
        except OSError as e:
            raise HlocError(f"cannot write to the dump directory '{directory}': {e.strerror or e}") from None

    def _name(self, suffix: str, numbered: bool = True) -> str:
        name = f"{self.prefix}.{self.step:04d}.{suffix}" if numbered else f"{self.prefix}.{suffix}"
        if len(name) + len(self.suffix) > 255:  # XLA drops the module name when the file name gets too long
            name = f"module_{self.module_index:04d}.{self.step:04d}.{suffix}"[: 255 - len(self.suffix)]
        return name + self.suffix

    def write_file(self, name: str, text: str) -> None:
        """One file in the dump directory, written whole (temporary file + rename)."""
        if self.keep_texts:
            self.texts.append((name, text))
        if self.directory is None:
            return
        path = os.path.join(self.directory, name)
        try:
            _write_new_file(path, text)
        except OSError as e:
            raise HlocError(f"cannot write dump file '{path}': {e.strerror or e}") from None
        self.written.append(path)

    def _write(self, suffix: str, module: Module, numbered: bool = True) -> None:
        self.write_file(self._name(suffix, numbered), print_module(module, self.style))
        self.step += 1

    def _wanted(self, p) -> bool:
        return self.pass_re is not None and bool(self.pass_re.search(p.name) or self.pass_re.search(p.label))

    def run_start(self, ctx: PassContext, module: Module, pipeline: Pipeline) -> None:
        self.prefix = f"module_{self.module_index:04d}.{_safe(module.name)}"
        self.step = 0
        self._write("before_optimizations", module, numbered=not self.xla_names)
        if self.pass_re is not None and not self.xla_names:
            first = pipeline.passes[0].label if pipeline.passes else "pipeline-end"
            self._write(f"{_safe(pipeline.label)}.after_{PIPELINE_START}.before_{_safe(first)}", module)

    def after_pass(self, ctx, event: PassEvent, module: Module, changed: bool, before_text) -> None:
        if changed and self._wanted(event.pass_):
            nxt = next_label(event, changed)
            self._write(f"{_safe(event.pipeline)}.after_{_safe(event.pass_.label)}.before_{_safe(nxt)}", module)

    def run_end(self, ctx: PassContext, module: Module) -> None:
        self._write("cpu_after_optimizations" if self.xla_names else "after_optimizations", module,
                    numbered=not self.xla_names)

    def after_build(self, compiled) -> None:
        """The native build's products, named as XLA:CPU dumps them: LLVM IR before and after
        LLVM's optimisation, the buffer assignment."""
        self.write_file(f"{self.prefix}.ir-no-opt.ll", compiled.llvm_ir)
        self.write_file(f"{self.prefix}.ir-with-opt.ll", compiled.optimized_ir)


def _write_new_file(path: str, text: str) -> None:
    """Write `path` through an exclusively created temporary file (never through a link planted
    in a shared dump directory) and a rename; a link, device or directory already at `path` is
    refused, as for every output (cli.common.check_output_path)."""
    import stat

    try:
        st = os.lstat(path)
        if not stat.S_ISREG(st.st_mode):
            raise OSError(0, "it exists and is not a regular file")
    except FileNotFoundError:
        pass
    tmp = f"{path}.{os.urandom(4).hex()}.tmp"
    fd = os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_NOFOLLOW", 0), 0o644)
    try:
        with os.fdopen(fd, "w") as f:
            f.write(text)
        os.replace(tmp, path)
    except BaseException:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        raise


def banner(text: str) -> str:
    return f"// -----// {text} //----- //\n"


def _where(event: PassEvent) -> str:
    if isinstance(event, FixedPointEvent):
        return f"{event.pipeline}, iteration {event.iteration}"
    return event.pipeline


class PrintPasses(Instrument):
    """--print-after-all / --print-after=NAMES / --print-changed[=diff] to `stream`."""

    def __init__(self, stream: TextSink, *, after_all: bool = False, after: frozenset[str] = frozenset(),
                 changed: str | None = None, style: str = "canonical"):
        if changed not in (None, "full", "diff"):
            raise ValueError(f"changed must be None, 'full' or 'diff', not {changed!r}")
        self.stream = stream
        self.after_all = after_all
        self.after = frozenset(after)
        self.changed = changed
        self.style = style

    @property
    def wants_before_text(self) -> bool:
        return self.changed == "diff"

    def run_start(self, ctx, module: Module, pipeline: Pipeline) -> None:
        if self.changed == "full":
            self.stream.write(banner("IR Dump At Start") + print_module(module, self.style))

    def after_pass(self, ctx, event: PassEvent, module: Module, changed: bool, before_text) -> None:
        label = event.pass_.label
        where = _where(event)
        if self.after_all or label in self.after or event.pass_.name in self.after:
            state = "" if changed else ", no change"
            self.stream.write(banner(f"IR Dump After {label} ({where}{state})") + print_module(module, self.style))
        elif self.changed == "full":
            if changed:
                self.stream.write(banner(f"IR Dump After {label} ({where})") + print_module(module, self.style))
            else:
                self.stream.write(banner(f"IR Dump After {label} ({where}) omitted because no change"))
        if self.changed == "diff":
            if not changed:
                self.stream.write(banner(f"IR Diff After {label} ({where}) omitted because no change"))
                return
            after_text = print_module(module, "canonical")
            diff = difflib.unified_diff(before_text.splitlines(True), after_text.splitlines(True),
                                        f"before {label}", f"after {label}", n=2)
            self.stream.write(banner(f"IR Diff After {label} ({where})") + "".join(diff))
        self.stream.flush()


def time_report(ctx: PassContext) -> str:
    """LLVM's -time-passes table: wall and CPU seconds, share, runs and changes per pass, slowest first.
    CPU is the running thread's: on a busy machine wall - CPU is the time the thread did not run."""
    rows = sorted(ctx.times.rows.items(), key=lambda kv: -kv[1][0])
    cpu = ctx.times.cpu
    pass_total = sum(r[0] for _, r in rows)
    total = max(ctx.total_seconds, 1e-12)
    rule = "=" + "-" * 77 + "="
    out = [rule, "Pass execution timing report".center(79).rstrip(), rule,
           f"  Total: {ctx.total_seconds:.4f} s wall, {ctx.total_cpu_seconds:.4f} s CPU (passes {pass_total:.4f} s, "
           f"verifier {ctx.verifier_seconds:.4f} s"
           + (f", change checks {ctx.check_seconds:.4f} s" if ctx.check_seconds else "") + ")"]
    if ctx.passes_skipped:
        out.append(f"  Skipped: {ctx.passes_skipped} reruns of a pass on the module it had left unchanged")
    out += ["", f"  {'Wall (s)':>10} {'CPU (s)':>10} {'%':>6} {'Runs':>6} {'Changed':>8}  Pass"]
    for label, (secs, runs, changed) in rows:
        share = 100 * secs / total
        out.append(f"  {secs:10.4f} {cpu.get(label, 0.0):10.4f} {share:6.1f} {runs:6d} {changed:8d}  {label}")
    other = max(0.0, ctx.total_seconds - pass_total - ctx.verifier_seconds - ctx.check_seconds)
    extra = [(ctx.verifier_seconds, "(verifier)"), (ctx.check_seconds, "(change checks)"),
             (other, "(printing, dumps, snapshots)")]
    for secs, label in extra:
        if secs or label == "(verifier)":
            out.append(f"  {secs:10.4f} {'':>10} {100 * secs / total:6.1f} {'':>6} {'':>8}  {label}")
    out.append(f"  {ctx.total_seconds:10.4f} {ctx.total_cpu_seconds:10.4f} {100.0:6.1f} {ctx.pass_runs:6d} {'':>8}"
               "  Total")
    return "\n".join(out) + "\n"


def time_json(ctx: PassContext) -> dict:
    """The --time-passes figures as data (`hloc opt --json`)."""
    return {"total_s": ctx.total_seconds, "total_cpu_s": ctx.total_cpu_seconds, "verifier_s": ctx.verifier_seconds,
            "skipped_reruns": ctx.passes_skipped,
            "passes": [{"pass": label, "wall_s": secs, "cpu_s": ctx.times.cpu.get(label, 0.0), "runs": runs,
                        "changed": changed} for label, (secs, runs, changed) in ctx.times.rows.items()]}
