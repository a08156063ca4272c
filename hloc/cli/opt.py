"""`hloc opt`: parse, verify, run a pass pipeline and print the module (hlo-opt / LLVM opt).

    hloc opt m.hlo                                   -O0: parse, verify, print back
    hloc opt m.hlo -O2                               the default optimization pipeline
    hloc opt m.hlo -p 'call-inliner,fixpoint(dce,cse)'
    hloc opt m.hlo -p @pipeline.txt --dump-after-each-pass dumps/ --time-passes
    hloc opt m.hlo -O2 --buffer-assignment           + the native code's buffers and temp arena (stderr)
    hloc opt --print-passes | --print-pipeline -O2

stdout (or -o OUT, written atomically) only ever holds modules; banners, tables and warnings go to
stderr. Usage errors (bad pipeline text, unknown pass) exit 2, everything else 1.
"""

from __future__ import annotations

import sys

import click

from ..errors import PassError, UsageError, did_you_mean
from ..ir.printer import STYLES, print_module
from ..parse import parse_module, read_source, split_modules
from . import main
from .common import HlocCommand, replace_symlink_option, write_atomic
from .inputs import module_option, resolve_input, warn_elided_constants

LEVEL_CHOICES = ("0", "1", "2")


class _OptCommand(HlocCommand):
    """Accepts `--print-changed` alone or as `--print-changed=diff` (never eats the next argument)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        rewritten = []
        for a in args:
            if a.startswith("--print-changed="):
                style = a.split("=", 1)[1]
                if style not in ("full", "diff"):
                    raise click.UsageError(f"--print-changed={style}: expected --print-changed or "
                                           "--print-changed=diff (or =full)", ctx)
                rewritten += ["--print-changed", "--print-changed-style", style]
            else:
                rewritten.append(a)
        return super().parse_args(ctx, rewritten)


class _Stderr:
    def write(self, s: str) -> None:
        click.echo(s, err=True, nl=False)

    def flush(self) -> None:
        sys.stderr.flush()


@main.command("opt", cls=_OptCommand)
@click.argument("file", type=click.Path(allow_dash=True), required=False)
@module_option
@click.option("-o", "--output", default="-", metavar="OUT", help="Write the module here (default: stdout).")
@replace_symlink_option
@click.option("-p", "--passes", "pipeline", metavar="PIPELINE",
              help="Pass pipeline text, e.g. 'call-inliner,fixpoint(dce,cse),constant-folding<max-elements=1024>', "
                   "or @FILE to read it from a file. See --print-passes.")
@click.option("-O", "level", type=click.Choice(LEVEL_CHOICES), metavar="LEVEL",
              help="A named pipeline: -O0 (none), -O1 (cheap cleanups), -O2 (what compile/run use).")
@click.option("--print-passes", is_flag=True, help="List every pass with a one-line description and its options.")
@click.option("--print-pipeline", is_flag=True, help="Print the pipeline text -O/-p expands to and exit.")
@click.option("--dump-after-each-pass", "dump_dir", metavar="DIR",
              help="Write the module before, after, and after each pass that changed it to DIR "
                   "(XLA's NNNN.<pipeline>.after_<pass>.before_<next> naming).")
@click.option("--print-after-all", is_flag=True, help="Print the module to stderr after every pass.")
@click.option("--print-after", "print_after", multiple=True, metavar="NAMES",
              help="Print the module to stderr after the named passes (comma-separated; repeatable).")
@click.option("--print-changed", is_flag=True,
              help="Print the module to stderr after each pass that changed it; --print-changed=diff prints "
                   "a unified diff instead.")
@click.option("--print-changed-style", type=click.Choice(["full", "diff"]), default=None, hidden=True)
@click.option("--time-passes", is_flag=True, help="Print the time spent in each pass to stderr.")
@click.option("--verify-each/--no-verify-each", default=True, show_default=True,
              help="Run the verifier after every pass that changed the module (it always runs at the "
                   "start and the end).")
@click.option("--check-changed", is_flag=True,
              help="Debugging: fail if a pass misreports whether it changed the module (compares printed text; "
                   "also env HLOC_CHECK_CHANGED=1).")
@click.option("--print-style", type=click.Choice(STYLES), default="canonical", show_default=True,
              help="canonical: %-names, signatures, everything that round-trips; long: XLA's ToString with "
                   "operand shapes; short: XLA's ShortParsable (no %, no operand shapes, no metadata).")
@click.option("--split-input-file", is_flag=True,
              help="Treat '// -----' lines as separators between independent modules.")
@click.option("--buffer-assignment", "buffer_assignment", is_flag=True,
              help="After the pipeline, print to stderr the buffers the native code would use: the temp arena's "
                   "size (peak) and, per buffer, its size, offset, live range and the instructions sharing it "
                   "(XLA's buffer-assignment dump).")
def opt_command(file: str | None, output: str, pipeline: str | None, level: str | None, print_passes: bool,
                print_pipeline: bool, dump_dir: str | None, print_after_all: bool, print_after: tuple[str, ...],
                print_changed: bool, print_changed_style: str | None, time_passes: bool, verify_each: bool,
                check_changed: bool, print_style: str, split_input_file: bool, buffer_assignment: bool,
                module_name: str | None) -> None:
    """Parse FILE (or '-' for stdin), verify it, run a pass pipeline and print the result.

    With no -p/-O this is -O0: a round trip through hloc's IR (a parse/verify check and a
    re-printer between XLA's print styles).
    """
    from ..passes import instruments as ins
    from ..passes import registered_passes
    from ..passes.pipeline import PassContext
    from ..passes.syntax import CONSTRUCTS, resolve_pipeline

    if print_passes:
        click.echo(_describe_passes(), nl=False)
        return
    if pipeline is not None and level is not None:
        raise UsageError("use either -p PIPELINE or -O LEVEL, not both")
    spec = pipeline if pipeline is not None else f"O{level or '0'}"
    try:
        resolved = resolve_pipeline(spec)
    except PassError as e:
        raise UsageError(e.message, e.loc) from None
    if print_pipeline:
        click.echo(resolved.to_text(top=True))
        return
    if file is None:
        raise UsageError("missing input file (use '-' for stdin)")

    after_names = frozenset(n.strip() for group in print_after for n in group.split(",") if n.strip())
    known = set(registered_passes()) | set(CONSTRUCTS) | {p.label for p in resolved.leaves()}
    for n in sorted(after_names):
        if n not in known:
            raise UsageError(f"--print-after: unknown pass '{n}'{did_you_mean(n, known)}")
    changed_mode = (print_changed_style or "full") if print_changed or print_changed_style else None
    if dump_dir is not None:
        ins.DumpAfterEachPass.prepare(dump_dir)

    file = resolve_input(file, module_name)
    name = "<stdin>" if file == "-" else file
    text = read_source(file)
    chunks = split_modules(text) if split_input_file else [text]
    printed = []
    warned = False
    for index, chunk in enumerate(chunks):
        module = parse_module(chunk, name)
        if not warned:
            warned = warn_elided_constants(module)
        instruments = []
        if dump_dir is not None:
            instruments.append(ins.DumpAfterEachPass(dump_dir, index, print_style))
        if print_after_all or after_names or changed_mode:
            instruments.append(ins.PrintPasses(_Stderr(), after_all=print_after_all, after=after_names,
                                               changed=changed_mode, style=print_style))
        ctx = PassContext(instruments, verify=verify_each, check_changed=check_changed or None,
                          failure_dir=dump_dir)
        ctx.run(resolve_pipeline(spec), module)
        for w in ctx.warnings:
            click.echo(f"hloc: warning: {w}", err=True)
        if time_passes:
            if len(chunks) > 1:
                click.echo(f"// module {index}: {module.name}", err=True)
            click.echo(ins.time_report(ctx), err=True, nl=False)
        if buffer_assignment:
            if len(chunks) > 1:
                click.echo(f"// module {index}: {module.name}", err=True)
            click.echo(_buffer_report(module), err=True, nl=False)
        printed.append(print_module(module, print_style))
    write_atomic(output, "\n// -----\n\n".join(printed))


def _buffer_report(module) -> str:
    """The native backend's buffer assignment; the analysis' default model (no kernel working
    memory) for a module the backend cannot compile."""
    from ..errors import CodegenError
    from ..passes.analysis.buffer_assignment import assign_module, report_module

    try:
        from ..backend.llvm import buffer_assignment

        return report_module(buffer_assignment(module))
    except CodegenError as e:
        note = (f"// the native backend cannot compile this module ({e.message}): default model, "
                "without the kernels' working memory\n")
        return note + report_module(assign_module(module))


def _describe_passes() -> str:
    from ..passes import LEVELS, registered_passes
    from ..passes.base import describe_options
    from ..passes.syntax import CONSTRUCTS

    out = ["Passes (-p 'name,name<option=value,...>,fixpoint(name,...)'):"]

    def entry(title: str, summary: str, options_cls) -> None:
        out.append(f"  {title:<30} {summary}")
        for spelled, help_text in describe_options(options_cls):
            out.append(f"      {spelled:<26} {help_text}")

    for pname, cls in registered_passes().items():
        entry(pname, cls.summary, cls.Options)
    out.append("")
    out.append("Constructs:")
    for cname, cls in CONSTRUCTS.items():
        entry(f"{cname}(...)", cls.summary, cls.Options)
    out.append("")
    out.append(f"Named pipelines: {', '.join(LEVELS)} (-O0/-O1/-O2; usable inside -p; see --print-pipeline)")
    return "\n".join(out) + "\n"
