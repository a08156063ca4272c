"""`hloc compile`: native artifacts from an HLO module (object code, assembly, LLVM IR, a shared
library, a C header), for this host or a cross target."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import tempfile
import time

import click

from ..errors import HlocError, UsageError
from . import main
from .common import replace_symlink_option, without_cycle_collection, write_atomic_all
from .inputs import module_option, refuse_elided_constants, resolve_input

# --emit kind -> (file suffix, is text, what)
EMIT_KINDS: dict[str, tuple[str, bool, str]] = {
    "obj": (".o", False, "relocatable object file (ELF/Mach-O/COFF for the target)"),
    "asm": (".s", True, "assembly"),
    "llvm": (".ll", True, "optimized LLVM IR"),
    "shared": (".so", False, "shared library (the object linked with `cc -shared`)"),
    "header": (".h", True, "C header: prototype, buffers, sizes, usage"),
    "hlo": (".opt.hlo", True, "the module after the HLO pass pipeline"),
}

# Architectures probed by --print-targets (llvmlite exposes no registry listing).
_PROBE_TRIPLES = ("x86_64-unknown-linux-gnu", "i686-unknown-linux-gnu", "aarch64-unknown-linux-gnu",
                  "arm-unknown-linux-gnueabihf", "riscv64-unknown-linux-gnu", "riscv32-unknown-elf",
                  "powerpc64le-unknown-linux-gnu", "powerpc64-unknown-linux-gnu", "s390x-unknown-linux-gnu",
                  "mips64el-unknown-linux-gnuabi64", "loongarch64-unknown-linux-gnu", "sparcv9-unknown-linux-gnu",
                  "wasm32-unknown-unknown", "wasm64-unknown-unknown", "nvptx64-nvidia-cuda", "amdgcn-amd-amdhsa",
                  "bpfel", "hexagon-unknown-linux-musl", "avr", "msp430", "x86_64-apple-darwin",
                  "arm64-apple-darwin", "x86_64-pc-windows-msvc")

_HELP = """Compile MODULE.hlo to native code.

\b
  hloc compile model.hlo -o model.o                    object code for this machine
  hloc compile model.hlo -o model.o --emit obj,header  + model.h (prototype, buffers, usage)
  hloc compile model.hlo -o model --emit shared,header model.so + model.h
  hloc compile model.hlo --emit asm -o -               assembly on stdout
  hloc compile model.hlo -o m.o --target aarch64-unknown-linux-gnu --cpu cortex-a76

\b
--emit takes a comma-separated list and may be repeated: obj (.o), asm (.s),
llvm (.ll, optimized IR), shared (.so, linked with $CC or cc), header (.h), hlo
(.opt.hlo, the module after the HLO pipeline). With one kind, -o names the file
(- for stdout, text kinds only); with several, -o is a base name: a known suffix is
stripped and each kind gets its own (-o m.o --emit obj,header writes m.o and m.h).
Without -o the base is MODULE's name without .hlo, in the current directory.

\b
Two optimization levels, kept apart: -O0..-O3 is LLVM's (default 3; >= 2 vectorises),
--hlo-opt O0|O1|O2 (or -p PIPELINE) the HLO pass pipeline run first (default O2, the
pipeline `hloc run` uses; see `hloc opt --print-pipeline -O2`).

\b
The object exports the entry, three constants and a shutdown function (see the header):
  void ENTRY(void *const *params, void *const *results, void *temp, int64_t num_threads);
  const int64_t ENTRY_temp_bytes, ENTRY_num_params, ENTRY_num_results;
  void ENTRY_shutdown(void);   (joins the worker threads; link with -lpthread)
ENTRY is --entry-name (default: MODULE's file name without .hlo as a C identifier;
the HloModule name when reading stdin).
Outputs are written atomically: on any error no output file is created or changed.
"""


def _kinds(values: tuple[str, ...]) -> list[str]:
    kinds: list[str] = []
    for v in values or ("obj",):
        for k in v.split(","):
            k = k.strip()
            if not k:
                continue
            if k not in EMIT_KINDS:
                from ..errors import did_you_mean

                raise UsageError(f"--emit: unknown kind '{k}'{did_you_mean(k, EMIT_KINDS)} "
                                 f"(kinds: {', '.join(EMIT_KINDS)})")
            if k not in kinds:
                kinds.append(k)
    if not kinds:
        raise UsageError("--emit: no kind given")
    return kinds


def output_paths(module: str, output: str | None, kinds: list[str]) -> dict[str, str]:
    """kind -> path (or '-' for stdout)."""
    if output == "-":
        if len(kinds) != 1:
            raise UsageError("-o - (stdout) takes exactly one --emit kind")
        if not EMIT_KINDS[kinds[0]][1]:
            raise UsageError(f"--emit {kinds[0]} is binary: give a file with -o, not stdout")
        return {kinds[0]: "-"}
    if output is not None and len(kinds) == 1:
        return {kinds[0]: output}
    if output is None:
        if module == "-":
            raise UsageError("reading the module from stdin: name the output with -o")
        base = _stem(module)
    else:
        base = output
        for suffix in sorted({EMIT_KINDS[k][0] for k in kinds}, key=len, reverse=True):
            if base.endswith(suffix) and len(base) > len(suffix):
                base = base[: -len(suffix)]
                break
    return {k: base + EMIT_KINDS[k][0] for k in kinds}


@main.command("compile", help=_HELP)
@click.argument("module", metavar="MODULE.hlo", required=False)
@module_option
@click.option("-o", "--output", metavar="OUT", help="Output file, or base name for several --emit kinds.")
@replace_symlink_option
@click.option("--emit", "emit", multiple=True, metavar="KINDS",
              help="What to write: obj, asm, llvm, shared, header, hlo (comma-separated, repeatable; default obj).")
@click.option("-O", "opt_level", type=click.Choice(["0", "1", "2", "3"]), default="3", metavar="N",
              show_default=True, help="LLVM optimization level, -O0..-O3 (>= 2 vectorises).")
@click.option("--hlo-opt", "hlo_level", type=click.Choice(["O0", "O1", "O2"]), default=None, metavar="LEVEL",
              help="HLO pass pipeline level before code generation: O0, O1, O2 (default O2).")
@click.option("-p", "--passes", "pipeline", metavar="PIPELINE",
              help="HLO pass pipeline text or @FILE instead of --hlo-opt (the syntax of `hloc opt -p`).")
@click.option("--target", "triple", metavar="TRIPLE", default="",
              help="Target triple, e.g. aarch64-unknown-linux-gnu (default: this host). See --print-targets.")
@click.option("--cpu", metavar="NAME", default="",
              help="Target CPU, e.g. x86-64-v3, znver3, cortex-a76 (default: the host CPU and its features for "
                   "the host target, generic for others). A named CPU brings its own features, not the host's.")
@click.option("--features", metavar="FEATURES", default="",
              help="LLVM target features, e.g. '+avx2,+fma' or '+neon' (default: the host's for the host target).")
@click.option("--pic/--no-pic", default=True, show_default=True,
              help="Position-independent code (needed for --emit shared and for loading into a process).")
@click.option("--entry-name", metavar="NAME", help="The exported C function (default: MODULE's file name as a C "
                                                   "identifier: softmax.hlo -> softmax).")
@click.option("--ftz/--no-ftz", "ftz", default=True, show_default=True,
              help="Flush denormals to zero during the call (x86 MXCSR FTZ+DAZ, as XLA:CPU does).")
@click.option("--time", "show_time", is_flag=True,
              help="Print the time of each phase to stderr (they add up to the command's wall time: start-up, "
                   "parse, HLO passes (the costliest by name), LLVM's phases, outputs).")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object on stdout: the files written, the entry, its parameters and result, "
                   "temp bytes, the target, the timings (ms). Not with -o -.")
@click.option("--disable-passes", metavar="NAMES",
              help="Leave these passes (comma-separated) out of the HLO pipeline, e.g. -O2 without 'cse'.")
@click.option("--dump-to", "dump_dir", metavar="DIR",
              help="Write XLA-style dumps to DIR (--xla_dump_to's .txt names): the module before and after the "
                   "HLO pipeline, LLVM IR before and after LLVM's optimisation.")
@click.option("--dump-pass-re", metavar="REGEX",
              help="With --dump-to: also the module after each pass whose name matches REGEX ('.*': all), as "
                   "XLA's --xla_dump_hlo_pass_re.")
@click.option("-q", "--quiet", is_flag=True, help="No progress line on stderr (shown on a terminal after ~1 s).")
@click.option("--profile", is_flag=True,
              help="A profiling build: every kernel call counts its calls and wall-clock nanoseconds in exported "
                   "counters, described in the header (`hloc run --profile` prints them as a table).")
@click.option("--print-targets", is_flag=True, help="List the architectures this build of LLVM can target, and exit.")
@click.option("--print-ops", is_flag=True,
              help="List every HLO opcode and how it compiles natively (elemental, kernel, no code, lowered away) "
                   "or that it only runs on the interpreter, one line each, and exit.")
def compile_command(module: str | None, output: str | None, emit: tuple[str, ...], opt_level: str,
                    hlo_level: str | None, pipeline: str | None, triple: str, cpu: str, features: str, pic: bool,
                    entry_name: str | None, ftz: bool, show_time: bool, print_targets: bool, profile: bool,
                    as_json: bool, disable_passes: str | None, dump_dir: str | None, dump_pass_re: str | None,
                    quiet: bool, module_name: str | None, print_ops: bool) -> None:
    t_command = time.perf_counter()  # (--time counts from the process' start: phases add up to the wall time)
    without_cycle_collection()
    from ..progress import Progress, stage

    if print_targets:
        click.echo(_targets_text(), nl=False)
        return
    if print_ops:
        click.echo(_ops_text(), nl=False)
        return
    if module is None:
        raise UsageError("missing MODULE.hlo (use '-' for stdin)")
    module = resolve_input(module, module_name)
    if hlo_level is not None and pipeline is not None:
        raise UsageError("use either --hlo-opt LEVEL or -p PIPELINE, not both")
    kinds = _kinds(emit)
    paths = output_paths(module, output, kinds)
    if as_json and "-" in paths.values():
        raise UsageError("--json owns stdout: write the output to a file with -o")
    if dump_pass_re is not None and dump_dir is None:
        raise UsageError("--dump-pass-re names what --dump-to writes: add --dump-to DIR")
    for path in paths.values():
        if path != "-" and module != "-" and _same_file(path, module):
            raise UsageError(f"refusing to overwrite the input module '{module}' (-o {output})")
    if "shared" in kinds and not pic:
        raise UsageError("--emit shared needs position-independent code: drop --no-pic")
    from ..backend.llvm.header import check_c_identifier, default_entry_name

    if entry_name is not None:
        check_c_identifier(entry_name, "--entry-name")
    elif module != "-":
        entry_name = default_entry_name(_stem(module))

    name = "<stdin>" if module == "-" else module
    with Progress(f"compiling {name}", enabled=False if quiet else None):
        built, mod, t_parse, t_build, dump = _build(module, name, pipeline or hlo_level or "O2", disable_passes,
                                                    dump_dir, dump_pass_re, opt_level, triple, cpu, features,
                                                    pic, entry_name, ftz, profile)
        cm = built.compiled
        stage("writing outputs")
        t0 = time.perf_counter()
        products = _products(paths, built, mod, name, opt_level, pic, ftz)
        write_all(products)
        t_emit = time.perf_counter() - t0
    if show_time:
        _print_times(t_command, t_parse, t_build, cm.timings, t_emit, cm.pass_timings)
    if as_json:
        import json

        abi = built.abi
        click.echo(json.dumps({
            "module": name, "outputs": dict(paths), "entry": abi.entry_name,
            "parameters": [{"name": n, "shape": s.to_str()} for n, s in zip(abi.param_names, abi.param_shapes)],
            "result": abi.result_shape.to_str(), "temp_bytes": abi.temp_bytes,
            "target": {"triple": cm.target.triple, "cpu": cm.target.cpu or "generic"},
            "hlo_pipeline": built.pipeline_ran,
            "timings_ms": {"startup": _startup_seconds(t_command) * 1e3, "parse": t_parse * 1e3,
                           **{k: v * 1e3 for k, v in cm.timings.items()}, "outputs": t_emit * 1e3},
            "dumped": dump.written if dump is not None else [],
        }))


def _build(module, name, hlo_pipeline, disable_passes, dump_dir, dump_pass_re, opt_level, triple, cpu, features,
           pic, entry_name, ftz, profile):
    """(built, the module after the pipeline, parse seconds, build seconds, the dump instrument or None).
    Parse seconds include importing the parser and the compiler (ml_dtypes, llvmlite: ~0.3 s)."""
    t_start = time.perf_counter()
    from ..backend.llvm.build import BuildOptions, build, target_spec
    from ..ir.verifier import verify_module
    from ..parse import parse_module, read_source
    from ..progress import stage

    stage("parse")
    mod = parse_module(read_source(module), name)
    verify_module(mod)
    refuse_elided_constants(mod, "compile")
    t_parse = time.perf_counter() - t_start
    if disable_passes:
        from ..errors import PassError
        from ..passes.syntax import pipeline_without

        try:
            hlo_pipeline = pipeline_without(hlo_pipeline, disable_passes.split(","))
        except PassError as e:
            raise UsageError(e.message) from None
    opts = BuildOptions(hlo_pipeline=hlo_pipeline, opt_level=int(opt_level), triple=triple,
                        cpu=cpu, features=features, pic=pic, entry_name=entry_name, flush_denormals=ftz,
                        profile=profile)
    _check_target(opts, target_spec)
    dump = None
    if dump_dir is not None:
        from ..passes.instruments import DumpAfterEachPass

        DumpAfterEachPass.prepare(dump_dir)
        dump = DumpAfterEachPass(dump_dir, suffix=".txt", pass_re=dump_pass_re, xla_names=True)
    t0 = time.perf_counter()
    built = build(mod, opts, (dump,) if dump is not None else ())
    return built, mod, t_parse, time.perf_counter() - t0, dump


def _startup_seconds(t_command: float) -> float:
    """Seconds from the process' start to the command's (interpreter start-up, imports)."""
    try:
        with open("/proc/self/stat") as f:
            start_ticks = int(f.read().rsplit(")", 1)[1].split()[19])
        with open("/proc/uptime") as f:
            uptime = float(f.read().split()[0])
        return max(0.0, uptime - start_ticks / os.sysconf("SC_CLK_TCK") - (time.perf_counter() - t_command))
    except (OSError, ValueError, IndexError):
        return 0.0


PASSES_SHOWN = 8  # --time: the costliest HLO passes by name, the rest as one line


def _print_times(t_command: float, t_parse: float, t_build: float, timings: dict, t_emit: float,
                 pass_timings: dict | None = None) -> None:
    """--time: phases that add up to the wall time, LLVM's and the HLO pipeline's inside `build`,
    and inside hlo_passes its costliest passes (each pass's runs added up)."""
    startup = _startup_seconds(t_command)
    total = time.perf_counter() - t_command + startup
    phases = {"start-up (python, imports)": startup, "imports, parse, verify": t_parse, "build": t_build}
    for k, v in timings.items():
        phases[f"  {k}"] = v
        if k == "hlo_passes" and pass_timings:
            ranked = sorted(pass_timings.items(), key=lambda kv: -kv[1])
            for label, seconds in ranked[:PASSES_SHOWN]:
                phases[f"    {label}"] = seconds
            phases["    (imports, the rest)"] = max(0.0, v - sum(s for _, s in ranked[:PASSES_SHOWN]))
    phases["  (build, other)"] = max(0.0, t_build - sum(timings.values()))
    phases["write outputs"] = t_emit
    accounted = startup + t_parse + t_build + t_emit
    phases["other (options, reporting)"] = max(0.0, total - accounted)
    for k, v in phases.items():
        click.echo(f"time: {k:28s} {v * 1e3:9.1f} ms", err=True)
    click.echo(f"time: {'total (wall)':28s} {total * 1e3:9.1f} ms", err=True)


def _products(paths: dict[str, str], built, mod, name: str, opt_level: str, pic: bool, ftz: bool) -> dict:
    cm = built.compiled

    products: dict[str, bytes | str] = {}
    for kind, path in paths.items():
        if kind == "obj":
            products[path] = cm.obj
        elif kind == "llvm":
            products[path] = cm.optimized_ir
        elif kind == "asm":
            products[path] = cm.assembly()
        elif kind == "shared":
            products[path] = _link_shared(cm.obj, cm.target)
        elif kind == "hlo":
            from ..ir.printer import print_module

            products[path] = print_module(mod)
        elif kind == "header":
            from ..backend.llvm.header import collective_descriptions, render_header
            from ..lapack.library import referenced
            from ..version import __version__

            t = cm.target
            target = f"{t.triple}, CPU {t.cpu or 'generic'}"
            if t.features:
                target += f", features {_short(t.features)}"
            products[path] = render_header(
                built.abi, source=os.path.basename(name), version=__version__, target=target,
                options=f"LLVM -O{opt_level}, HLO pipeline {built.pipeline_ran or 'none'}, "
                        f"{'PIC' if pic else 'static'}, denormals {'flushed' if ftz else 'IEEE'}",
                include=None if path == "-" else os.path.basename(path),
                profile_sites=None if cm.profile_sites is None else len(cm.profile_sites),
                lapack=tuple(referenced(cm.obj)), collectives=collective_descriptions(cm.obj))
    return products


def _stem(path: str) -> str:
    base = os.path.basename(path)
    return base[:-4] if base.endswith(".hlo") else os.path.splitext(base)[0]


def _short(features: str, n: int = 8) -> str:
    items = [f for f in features.split(",") if f]
    return ",".join(items[:n]) + (f",... ({len(items)} in all)" if len(items) > n else "")


def _check_target(opts, target_spec) -> None:
    """Unknown triples are usage errors (LLVM would raise deep inside code generation)."""
    if not opts.triple:
        return
    import llvmlite.binding as llvm

    from ..backend.llvm.codegen.target import init_llvm

    init_llvm()
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()
    try:
        llvm.Target.from_triple(opts.triple)
    except RuntimeError as e:
        raise UsageError(f"--target: unknown target triple '{opts.triple}' ({str(e).strip()}); "
                         "see --print-targets") from None


def _link_shared(obj: bytes, target) -> bytes:
    from ..progress import stage

    stage("link")
    cc = os.environ.get("CC")
    if not cc and not target.is_host:
        raise UsageError(f"--emit shared for {target.triple} needs a linker for that target: set CC "
                         "(e.g. CC=aarch64-linux-gnu-gcc)")
    cc = cc or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    if not cc:
        raise HlocError("--emit shared needs a C compiler to link with: none found (set CC)")
    with tempfile.TemporaryDirectory(prefix="hloc-link-") as tmp:
        o, so = os.path.join(tmp, "module.o"), os.path.join(tmp, "module.so")
        with open(o, "wb") as f:
            f.write(obj)
        cmd = [*cc.split(), "-shared", "-o", so, o, "-lm", "-lpthread"]
        try:
            r = subprocess.run(cmd, capture_output=True, text=True, timeout=300)
        except (OSError, subprocess.SubprocessError) as e:
            raise HlocError(f"cannot run the linker '{cc}': {e}") from None
        if r.returncode != 0:
            raise HlocError(f"linking the shared library failed ({' '.join(cmd)}):\n{r.stderr.strip()}")
        with open(so, "rb") as f:
            return f.read()


def write_all(products: dict[str, bytes | str]) -> None:
    """Write every output or none (common.write_atomic_all); "-" goes to stdout after the files."""
    write_atomic_all([(p, d) for p, d in products.items() if p != "-"])
    if "-" in products:
        data = products["-"]
        sys.stdout.write(data if isinstance(data, str) else data.decode())
        sys.stdout.flush()


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False


INTERPRETER_ONLY = "interpreter only"
NEITHER = "not supported"


def _ops_text() -> str:
    """`OPCODE  KIND` per opcode: the native backend's registry (lowerings.LOWERINGS), else whether
    the interpreter runs it."""
    from ..backend.llvm.kernels import load_all
    from ..backend.llvm.lowerings import native_kind
    from ..interp.registry import HANDLERS
    from ..interp.registry import load_all as load_handlers
    from ..ir.opcodes import OPCODES

    load_all()
    load_handlers()
    kinds = {op: native_kind(op) or (INTERPRETER_ONLY if op in HANDLERS else NEITHER) for op in sorted(OPCODES)}
    width = max(map(len, kinds))
    return "".join(f"{op:{width}s}  {kind}\n" for op, kind in kinds.items())


def _targets_text() -> str:
    import llvmlite.binding as llvm

    from ..backend.llvm.codegen.target import init_llvm

    init_llvm()
    llvm.initialize_all_targets()
    llvm.initialize_all_asmprinters()
    host = llvm.get_process_triple()
    lines = [f"host: {host} (CPU {llvm.get_host_cpu_name()})", "registered targets (probed by triple):"]
    seen = set()
    for triple in _PROBE_TRIPLES:
        try:
            t = llvm.Target.from_triple(triple)
        except RuntimeError:
            continue
        if (t.name, triple.split("-")[0]) in seen:
            continue
        seen.add((t.name, triple.split("-")[0]))
        lines.append(f"  {triple:34s} {t.name:10s} {t.description}")
    return "\n".join(lines) + "\n"
