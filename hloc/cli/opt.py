"""`hloc opt`: parse, verify, run a pass pipeline and print the module (hlo-opt / LLVM opt).

    hloc opt m.hlo                                   -O0: parse, verify, print back
    hloc opt m.hlo -O2                               the default optimization pipeline
    hloc opt m.hlo -p 'call-inliner,fixpoint(dce,cse)'
    hloc opt m.hlo -p @pipeline.txt --dump-after-each-pass dumps/ --time-passes
    hloc opt m.hlo -O2 --buffer-assignment           + the native code's buffers and temp arena (stderr)
    hloc opt --print-passes | --print-pipeline -O2
    hloc opt m.hlo -O2 --emit html -o m.html         a picture: dot, svg (Graphviz) or a searchable page
    hloc opt m.hlo -O2 --dump-after-each-pass d/ --dump-format html   one page, a pass-by-pass timeline

stdout (or -o OUT, written atomically) only ever holds modules; banners, tables and warnings go to
stderr. Usage errors (bad pipeline text, unknown pass) exit 2, everything else 1.
"""

from __future__ import annotations

import sys

import click

from ..errors import PassError, UsageError, did_you_mean
from . import main
from .common import HlocCommand, replace_symlink_option, without_cycle_collection, write_atomic
from .inputs import module_option, resolve_input, warn_elided_constants

LEVEL_CHOICES = ("0", "1", "2")
# hloc.ir.printer.STYLES (tests/cli/test_opt.py keeps them equal): the printer, parser and passes load
# when the command runs, so `hloc --help` and `hloc opt --help` import none of them.
PRINT_STYLES = ("canonical", "long", "short")


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
@click.option("--verify-each/--no-verify-each", default=False, show_default=True,
              help="Run the verifier after every pass that changed the module. It always runs at the start "
                   "and the end; a module invalid at the end has the passes run again on the input, verified "
                   "one by one, to name the pass that broke it.")
@click.option("--check-changed", is_flag=True,
              help="Debugging: fail if a pass misreports whether it changed the module (compares printed text; "
                   "also env HLOC_CHECK_CHANGED=1).")
@click.option("--print-style", type=click.Choice(PRINT_STYLES), default="canonical", show_default=True,
              help="canonical: %-names, signatures, everything that round-trips; long: XLA's ToString with "
                   "operand shapes; short: XLA's ShortParsable (no %, no operand shapes, no metadata).")
@click.option("--split-input-file", is_flag=True,
              help="Treat '// -----' lines as separators between independent modules.")
@click.option("--buffer-assignment", "buffer_assignment", is_flag=True,
              help="After the pipeline, print to stderr the buffers the native code would use: the temp arena's "
                   "size (peak) and, per buffer, its size, offset, live range and the instructions sharing it "
                   "(XLA's buffer-assignment dump).")
@click.option("--emit", "emit", type=click.Choice(["hlo", "dot", "svg", "html"]), default="hlo", show_default=True,
              help="What -o (or stdout) gets: the module (hlo), or a picture of its entry computation: Graphviz "
                   "DOT, SVG laid out by Graphviz' dot, or one self-contained HTML page (searchable; SVG inside "
                   "when dot is on PATH, else the DOT text and how to get Graphviz).")
@click.option("--profile", "profile_path", metavar="FILE",
              help="With --emit dot|svg|html or --dump-format html: highlight the costliest kernels of a profile, "
                   "the JSON of `hloc run M.hlo --profile --json` (or its --trace file).")
@click.option("--dump-format", type=click.Choice(["hlo", "html"]), default="hlo", show_default=True,
              help="With --dump-after-each-pass: one module file per step (hlo), or one HTML page with the graph "
                   "of every step and a pass timeline (html).")
@click.option("--disable-passes", metavar="NAMES",
              help="Leave these passes (comma-separated) out of the pipeline, e.g. -O2 --disable-passes cse,fusion.")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object on stdout (the pipeline, instruction counts before/after, per-pass wall "
                   "and CPU times, warnings); the module goes only to -o.")
def opt_command(file: str | None, output: str | None, pipeline: str | None, level: str | None, print_passes: bool,
                print_pipeline: bool, dump_dir: str | None, print_after_all: bool, print_after: tuple[str, ...],
                print_changed: bool, print_changed_style: str | None, time_passes: bool, verify_each: bool,
                check_changed: bool, print_style: str, split_input_file: bool, buffer_assignment: bool,
                emit: str, profile_path: str | None, dump_format: str, disable_passes: str | None,
                as_json: bool, module_name: str | None) -> None:
    """Parse FILE (or '-' for stdin), verify it, run a pass pipeline and print the result.

    With no -p/-O this is -O0: a round trip through hloc's IR (a parse/verify check and a
    re-printer between XLA's print styles).
    """
    from ..ir.printer import print_module
    from ..parse import parse_module, read_source, split_modules
    from ..passes import instruments as ins
    from ..passes import registered_passes
    from ..passes.pipeline import Instrument, PassContext
    from ..passes.syntax import CONSTRUCTS, resolve_pipeline

    if print_passes:
        click.echo(_describe_passes(), nl=False)
        return
    if pipeline is not None and level is not None:
        raise UsageError("use either -p PIPELINE or -O LEVEL, not both")
    spec = pipeline if pipeline is not None else f"O{level or '0'}"
    try:
        if disable_passes:
            from ..passes.syntax import pipeline_without

            spec = pipeline_without(spec, disable_passes.split(","))
        resolved = resolve_pipeline(spec)
    except PassError as e:
        raise UsageError(e.message, e.loc) from None
    if as_json and output == "-" and emit == "hlo":
        output = None  # (--json owns stdout: the module is written only with -o)
    elif as_json and output == "-":
        raise UsageError(f"--json owns stdout: write the {emit} picture to a file with -o")
    profile = _read_profile(profile_path) if profile_path else None
    if print_pipeline:
        click.echo(resolved.to_text(top=True))
        return
    if file is None:
        raise UsageError("missing input file (use '-' for stdin)")
    without_cycle_collection()

    after_names = frozenset(n.strip() for group in print_after for n in group.split(",") if n.strip())
    if after_names:  # (registered_passes imports every pass: only when there are names to check)
        known = set(registered_passes()) | set(CONSTRUCTS) | {p.label for p in resolved.leaves()}
        for n in sorted(after_names):
            if n not in known:
                raise UsageError(f"--print-after: unknown pass '{n}'{did_you_mean(n, known)}")
    changed_mode = (print_changed_style or "full") if print_changed or print_changed_style else None
    if dump_dir is not None:
        ins.DumpAfterEachPass.prepare(dump_dir)
    import time

    file = resolve_input(file, module_name)
    name = "<stdin>" if file == "-" else file
    text = read_source(file)
    chunks = split_modules(text) if split_input_file else [text]
    printed = []
    reports = []
    warned = False
    for index, chunk in enumerate(chunks):
        module = parse_module(chunk, name)
        if not warned:
            warned = warn_elided_constants(module)
        before = _count(module)
        instruments: list[Instrument] = []
        html_dump = None
        if dump_dir is not None and dump_format == "html":
            html_dump = ins.DumpAfterEachPass(None, index, print_style, keep_texts=True)
            instruments.append(html_dump)
        elif dump_dir is not None:
            instruments.append(ins.DumpAfterEachPass(dump_dir, index, print_style))
        if print_after_all or after_names or changed_mode:
            instruments.append(ins.PrintPasses(_Stderr(), after_all=print_after_all, after=after_names,
                                               changed=changed_mode, style=print_style))
        ctx = PassContext(instruments, verify=verify_each, check_changed=check_changed or None,
                          failure_dir=dump_dir)
        c0 = time.process_time()
        changed = ctx.run(resolve_pipeline(spec), module, source_text=chunk)
        cpu = time.process_time() - c0
        for w in ctx.warnings:
            click.echo(f"hloc: warning: {w}", err=True)
        if html_dump is not None and dump_dir is not None:
            _write_html_dump(dump_dir, html_dump, module, profile)
        if as_json:
            reports.append({"module": module.name, "changed": changed,
                            "instructions": {"before": before, "after": _count(module)},
                            "time_passes": {**ins.time_json(ctx), "process_cpu_s": cpu},
                            "warnings": list(ctx.warnings)})
        if time_passes:
            if len(chunks) > 1:
                click.echo(f"// module {index}: {module.name}", err=True)
            click.echo(ins.time_report(ctx), err=True, nl=False)
        if buffer_assignment:
            if len(chunks) > 1:
                click.echo(f"// module {index}: {module.name}", err=True)
            click.echo(_buffer_report(module), err=True, nl=False)
        printed.append(_picture(module, emit, profile) if emit != "hlo" else print_module(module, print_style))
    if output is not None:
        write_atomic(output, ("\n" if emit != "hlo" else "\n// -----\n\n").join(printed))
    if as_json:
        import json

        click.echo(json.dumps({"file": name, "pipeline": resolved.to_text(top=True), "output": output,
                               "emit": emit, "modules": reports}))


def _count(module) -> int:
    return sum(len(c.instructions) for c in module.computations)


def _read_profile(path: str) -> dict[str, float]:
    import json

    from ..errors import HlocError
    from ..viz.dot import profile_times

    try:
        with open(path) as f:
            doc = json.load(f)
        times = profile_times(doc)
    except OSError as e:
        raise HlocError(f"cannot read the profile '{path}': {e.strerror}") from None
    except (ValueError, KeyError, TypeError, AttributeError):
        raise HlocError(f"'{path}' is not a profile: expected the JSON of `hloc run --profile --json` or a "
                        "--trace file") from None
    if not times:
        raise HlocError(f"'{path}' holds no kernel times (was it made with --profile?)")
    return times


def _picture(module, emit: str, profile) -> str:
    from ..errors import HlocError
    from ..viz.dot import to_dot
    from ..viz.html import Step, to_html
    from ..viz.layout import INSTALL_HINT, render_svg

    if emit == "dot":
        return to_dot(module, profile)
    if emit == "svg":
        svg = render_svg(to_dot(module, profile))
        if svg is None:
            raise HlocError(f"--emit svg needs Graphviz' dot on PATH: {INSTALL_HINT} (or use --emit dot|html)")
        return svg
    return to_html([Step(module.name, module)], f"{module.name} ({module.entry.name})", profile)


def _write_html_dump(dump_dir: str, dump, module, profile) -> None:
    import os

    from ..parse import parse_module
    from ..viz.html import steps_from_dump, to_html

    steps = steps_from_dump(dump.texts, lambda text, fname: parse_module(text, fname))
    path = os.path.join(dump_dir, f"module_{dump.module_index:04d}.{ins_safe(module.name)}.html")
    write_atomic(path, to_html(steps, f"{module.name}: pass timeline", profile))


def ins_safe(name: str) -> str:
    return "".join(ch if ch.isalnum() or ch in "._-" else "_" for ch in name)


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
