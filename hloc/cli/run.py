"""`hloc run`: execute a module on .npy/.npz inputs (XLA's run_hlo_module, for one backend)."""

from __future__ import annotations

import functools
import os
import time

import click

from ..errors import CodegenError, HlocError, UsageError
from . import main
from .common import replace_symlink_option, write_atomic_all
from .inputs import module_option, refuse_elided_constants, resolve_input

_HELP = """Run MODULE on INPUT files and write, print or check its outputs.

\b
Inputs: one .npy file per parameter in parameter order, or a single .npz whose keys are
arg0..argN or the parameter names. Tuple-shaped parameters and results are flattened
depth-first, as XLA does: one input per leaf, outputs out0, out1, ... A parameter
name inside a tuple is written NAME#i (NAME#1#0 for nested tuples) as an .npz key.
bf16 and f8 inputs may be ml_dtypes arrays, same-width unsigned bit patterns (uint16 /
uint8), or the |V2 / |V1 arrays np.save writes for ml_dtypes; s4/u4 may be int8/uint8.
Outputs are written with bf16/f8 as unsigned bit patterns and s4/u4 as int8/uint8, so
plain numpy reads them (the convention of the JAX corpus and xla_run.py).

\b
--random-inputs SEED draws inputs from numpy's default_rng(SEED), leaf by leaf:
floats (and s4/u4) N(0,1) drawn as f32 and converted, integers uniform in [0,8), pred
fair coins, complex N(0,1) + N(0,1)i. Identical to xla_run.py --gen-inputs SEED.

\b
--check passes when |got - expected| <= atol + rtol*|expected| for every element
(NaN equals NaN; integers and pred in exact integer arithmetic). EXPECTED is an .npz with
keys out0, out1, ..., a directory of out0.npy, ..., or one .npy (a module with one
output). On a mismatch the worst element of each output is printed with its index and
the exit status is 1. Without --rtol/--atol each output gets its element type's default
(rtol / atol), in the spirit of run_hlo_module's 1e-3: loose enough for a reordered sum
or dot and for transcendental approximations a few ulps apart, far tighter than a wrong
result:
\b
  f64, c128: 1e-9 / 1e-10    f32, c64: 1e-3 / 1e-4     f16: 1e-2 / 1e-3
  bf16: 2e-2 / 2e-2          f8: two ulps              integers, pred: exact

\b
Backends: llvm (the default) compiles the module to native code, exactly the object
`hloc compile` writes with the same -O/--hlo-opt/-p options, and keeps it in the
compile cache ($XDG_CACHE_HOME/hloc, else ~/.cache/hloc; --no-cache skips it). A
cached module runs without being parsed again; damaged cache entries are detected by
their checksums, dropped and rebuilt. A module with an op llvm does not support yet is
an error naming the op (--fallback runs it on the interpreter instead). interp is the
reference interpreter. xla is XLA:CPU itself (needs jax: the hloc[jax] extra, or
HLOC_XLA_PYTHON naming a Python that has it). --check-against interp|xla runs the
module there too and compares every output, like run_hlo_module's reference platform.

\b
--profile --trace FILE writes the kernel profile as a Chrome/Perfetto trace.
--dump-to DIR writes what XLA's --xla_dump_to writes (.txt names, so XLA's scripts
read it): the module before and after the HLO pipeline, LLVM IR before and after
LLVM's optimisation; --dump-pass-re REGEX adds the module after each matching pass
(XLA's --xla_dump_hlo_pass_re). Dumping compiles the module (the cache is skipped).

\b
Exit status: 0 ok, 1 bad input / run error / check mismatch, 2 usage error
(including an -o that would overwrite an input file: it never does).
"""


@main.command("run", help=_HELP)
@click.argument("module", metavar="MODULE.hlo")
@click.argument("inputs", nargs=-1, metavar="[INPUT ...]")
@module_option
@click.option("-o", "--output", metavar="OUT",
              help="Write the outputs to OUT.npz (keys out0, out1, ...), to OUT.npy when OUT ends with .npy (a "
                   "module with one output), or to OUT/out0.npy, ... when OUT is a directory or ends with '/'.")
@replace_symlink_option
@click.option("--backend", metavar="NAME", default=None,
              help="llvm (native code; the default), interp (the reference interpreter) or xla (XLA:CPU).")
@click.option("--fallback", is_flag=True,
              help="When the llvm backend cannot compile the module (an op it does not support yet), run it on "
                   "the interpreter instead, with a note on stderr. Without it that is an error.")
@click.option("--random-inputs", "seed", type=click.IntRange(min=0), metavar="SEED",
              help="Make deterministic inputs from the parameter shapes instead of reading files.")
@click.option("--check", metavar="EXPECTED", help="Compare the outputs with EXPECTED (.npz or directory).")
@click.option("--check-against", "reference", metavar="BACKEND",
              help="Also run the module on BACKEND (interp or xla) with the same inputs and compare the outputs, "
                   "like run_hlo_module's reference platform: per-output max errors, exit 1 on a mismatch.")
@click.option("--rtol", type=click.FloatRange(min=0), default=None, metavar="R",
              help="Relative tolerance of --check and --check-against (default: per element type, see above).")
@click.option("--atol", type=click.FloatRange(min=0), default=None, metavar="A",
              help="Absolute tolerance of --check and --check-against (default: per element type, see above).")
@click.option("--print", "print_outputs", is_flag=True,
              help="Print a summary of each output: type, shape, min/max/mean, first values "
                   "(the default when there is no -o, --check, --check-against or --bench).")
@click.option("--bench", type=click.IntRange(min=1), metavar="N",
              help="After the first (warm-up) run, time N more runs; report the median and the minimum. With several "
                   "devices, each run starts them together after a barrier and takes its slowest device's time; "
                   "each device's own times are reported too.")
@click.option("--profile", is_flag=True,
              help="llvm: a profiling build (its own cache entry): print each kernel's time per run, share, "
                   "calls and GFLOP/s or GB/s, costliest first (over the --bench runs, else over the one run). With "
                   "several devices: under mpirun, the slowest device's (--json: every device's).")
@click.option("--profile-clock", type=click.Choice(["wall", "thread"]), default="wall", show_default=True,
              help="What --profile times: wall-clock time, or the calling thread's CPU time (with --threads 1: "
                   "the kernels' work without the time the thread was descheduled; a system call per reading).")
@click.option("--trace", "trace_path", metavar="FILE",
              help="With --profile: write the kernels' times as a Chrome/Perfetto trace (JSON) to FILE (several "
                   "devices: a process per device).")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object on stdout and nothing else there (keys: outputs, check, compile_ms, "
                   "run_ms, and with --bench run_ms_median, run_ms_min; with --profile profile, profile_clock; with "
                   "several devices also devices, run_on, per-device check rows, device_run_ms_median/min, timing).")
@click.option("--threads", type=click.IntRange(min=1), metavar="N",
              help="llvm: threads each run may use (default: every CPU this process may run on; 1: no worker "
                   "threads). A run-time setting: the compiled code and its cache entry are the same for any N.")
@click.option("--no-cache", is_flag=True,
              help="llvm: compile from scratch and leave the compile cache ($XDG_CACHE_HOME/hloc or ~/.cache/hloc) "
                   "alone.")
@click.option("-O", "opt_level", type=click.Choice(["0", "1", "2", "3"]), default=None, metavar="N",
              help="llvm: LLVM optimization level -O0..-O3 (default 3), as in `hloc compile`.")
@click.option("--hlo-opt", "hlo_level", type=click.Choice(["O0", "O1", "O2"]), default=None, metavar="LEVEL",
              help="llvm: HLO pass pipeline level before code generation (default O2), as in `hloc compile`.")
@click.option("-p", "--passes", "pipeline", metavar="PIPELINE",
              help="llvm: HLO pass pipeline text or @FILE instead of --hlo-opt.")
@click.option("--disable-passes", metavar="NAMES",
              help="llvm: leave these passes (comma-separated) out of the HLO pipeline, e.g. -O2 without "
                   "'cse,multi-output-fusion'.")
@click.option("--dump-to", "dump_dir", metavar="DIR", help="llvm: write XLA-style dumps to DIR (see above).")
@click.option("--dump-pass-re", metavar="REGEX",
              help="With --dump-to: also the module after each pass whose name matches REGEX ('.*': all).")
@click.option("-q", "--quiet", is_flag=True, help="No progress line on stderr (shown on a terminal after ~1 s).")
@click.option("--devices", type=click.IntRange(min=1), metavar="N", default=None,
              help="Run the module on N devices as threads of this process (under mpirun: one device per rank); "
                   "a module whose header has replica_count x num_partitions > 1 runs on that many without it, "
                   "a one-device module as N replicas. Outputs get a leading device axis.")
@click.option("--per-device-inputs", is_flag=True,
              help="INPUT files are per device: one set per device, or one .npz with a leading device axis "
                   "(without it every device gets the same inputs).")
def run_command(module: str, inputs: tuple[str, ...], output: str | None, **opts) -> None:
    from ..progress import Progress
    from .run_devices import run_devices, wanted

    module = resolve_input(module, opts.pop("module_name"))
    if wanted(module, opts):
        run_devices(module, inputs, output, opts, _OutputTarget, _parse)
        return
    opts.pop("devices")
    opts.pop("per_device_inputs")

    req = _Request(module, inputs, output, **opts)
    with Progress(f"running {req.name}", enabled=False if req.quiet else None):
        runner, text, source, parse_s = _prepare(req)
        if req.target is not None:
            req.target.check_count(len(runner.outputs))
        leaves = runner.random_inputs(req.seed) if req.seed is not None else runner.load_inputs(list(inputs))
        expected = _load_expected(req.check, runner)
        if runner.compile_seconds is None:
            runner = _compile(req, runner, source, text)
        outcome = _execute(req, runner, leaves)
        if req.target is not None:
            req.target.write(outcome.outs)
        results = _check_all(req, runner, outcome.outs, expected, f"'{req.check}'") if expected is not None else None
        against = _check_reference(req, runner, outcome.outs, leaves, text, source)
    if req.trace_path and outcome.profile is not None:
        _write_trace(req, outcome)
    failed = [r for r in (results or ()) if not r.passed]
    failed_against = [r for r in (against or ()) if not r.passed]
    if req.as_json:
        _report_json(req, runner, leaves, outcome, results, against, parse_s, failed, failed_against)
    else:
        _report_text(req, runner, outcome, results, against, failed, failed_against)
    if failed or failed_against:
        click.get_current_context().exit(1)


class _Request:
    """`hloc run`'s options, checked together before anything is read or compiled."""

    def __init__(self, module: str, inputs: tuple[str, ...], output: str | None, *, backend, fallback, seed, check,
                 reference, rtol, atol, print_outputs, bench, profile, profile_clock, trace_path, as_json, threads,
                 no_cache, opt_level, hlo_level, pipeline, disable_passes, dump_dir, dump_pass_re, quiet):
        from ..runtime.backends import BackendOptions, default_backend, get_backend

        if seed is not None and inputs:
            raise UsageError("give input files or --random-inputs, not both")
        if as_json and output == "-":
            raise UsageError("--json owns stdout: write the outputs to a file (-o OUT.npz)")
        if hlo_level is not None and pipeline is not None:
            raise UsageError("use either --hlo-opt LEVEL or -p PIPELINE, not both")
        if trace_path and not profile:
            raise UsageError("--trace writes the kernel profile: add --profile")
        if dump_pass_re is not None and dump_dir is None:
            raise UsageError("--dump-pass-re names what --dump-to writes: add --dump-to DIR")
        self.module, self.inputs, self.output = module, inputs, output
        self.name = "<stdin>" if module == "-" else module
        self.backend_name = backend or default_backend()
        if profile and self.backend_name != "llvm":
            raise UsageError(f"--profile times the native code of the llvm backend, not the {self.backend_name} "
                             "backend")
        if (dump_dir or disable_passes) and self.backend_name != "llvm":
            raise UsageError(f"--dump-to and --disable-passes shape the llvm backend's build, not the "
                             f"{self.backend_name} backend's")
        self.backend = get_backend(self.backend_name)
        if reference is not None:
            get_backend(reference)  # unknown names are usage errors before anything runs
        self.fallback, self.seed, self.check, self.reference = fallback, seed, check, reference
        self.rtol, self.atol = rtol, atol
        self.print_outputs, self.bench, self.profile, self.profile_clock = print_outputs, bench, profile, profile_clock
        self.trace_path, self.as_json, self.quiet, self.dump_dir = trace_path, as_json, quiet, dump_dir
        hlo_pipeline = pipeline or hlo_level
        if disable_passes:
            hlo_pipeline = _without(hlo_pipeline or "O2", disable_passes)
        self.dump = None
        if dump_dir is not None:
            from ..passes.instruments import DumpAfterEachPass

            DumpAfterEachPass.prepare(dump_dir)
            self.dump = DumpAfterEachPass(dump_dir, suffix=".txt", pass_re=dump_pass_re, xla_names=True)
        self.options = BackendOptions(threads=threads, cache=not no_cache and dump_dir is None,
                                      hlo_pipeline=hlo_pipeline,
                                      opt_level=None if opt_level is None else int(opt_level), profile=profile,
                                      instruments=(self.dump,) if self.dump is not None else ())
        self.target = _OutputTarget(output) if output else None
        if self.target is not None:
            self.target.refuse_clobbering([p for p in (module, *inputs, check, trace_path) if p and p != "-"])

    def tolerance(self, shape) -> tuple[float, float]:
        """--rtol/--atol, or the output's element type's default for what was not given."""
        from ..runtime.compare import default_tolerance

        rtol, atol = default_tolerance(shape.etype)
        return (rtol if self.rtol is None else self.rtol, atol if self.atol is None else self.atol)


def _without(spec: str, names: str) -> str:
    from ..errors import PassError
    from ..passes.syntax import pipeline_without

    try:
        return pipeline_without(spec, names.split(","))
    except PassError as e:
        raise UsageError(e.message) from None


def _prepare(req: _Request):
    """(runner, module text or None, source bytes, parse seconds): a cached native module runs
    without parsing the text (or importing the compiler)."""
    from ..progress import stage
    from ..runtime.runner import Runner

    t0 = time.perf_counter()
    source = _read_bytes(req.module) if req.module != "-" else None
    be = req.backend
    if source is not None and hasattr(be, "lookup") and req.options.cache:
        exe = be.lookup(source, req.options)
        if exe is not None:
            return Runner.prepared(exe.abi, be, exe, name=req.name), None, source, 0.0
    stage("parse")
    mod, text = _parse(req.module, req.name)
    if source is None:
        source = text.encode()
    return Runner(mod, be, name=req.name, options=req.options), text, source, time.perf_counter() - t0


def _compile(req: _Request, runner, source: bytes, text: str | None):
    """Compile the runner's module; with --fallback, a module llvm cannot compile gets the interpreter."""
    from ..runtime.runner import Runner

    try:
        runner.prepare(**({"source": source} if hasattr(req.backend, "lookup") or req.backend_name == "xla" else {}))
    except CodegenError as e:
        if req.backend_name != "llvm" or text is None:  # (no text: a cached executable compiles nothing)
            raise
        from ..interp import unknown_custom_calls

        interp_can = not unknown_custom_calls(_parse_text(text, req.name))
        if not req.fallback or not interp_can:
            click.echo(str(e), err=True)
            if interp_can:
                click.echo("hloc: note: the native (llvm) backend cannot compile this module; run it on the "
                           "reference interpreter with --backend interp, or pass --fallback", err=True)
            else:
                click.echo("hloc: note: the interpreter does not know this custom-call target either", err=True)
            click.get_current_context().exit(1)
        click.echo(f"hloc: note: llvm cannot compile this module ({e.message}); running it on the "
                   "interpreter (--fallback)", err=True)
        runner = Runner(_parse_text(text, req.name), "interp", name=req.name, options=req.options)  # (unoptimized)
        runner.prepare()
    return runner


class _Outcome:
    """What running produced: the outputs, the timings, the kernel profile."""

    def __init__(self, outs, run_s: float, times: list[float] | None, profile):
        self.outs, self.run_s, self.times, self.profile = outs, run_s, times, profile


def _execute(req: _Request, runner, leaves) -> _Outcome:
    from ..progress import stage

    counters = getattr(runner.executable, "profile", None) if req.profile else None
    if req.profile and counters is None:  # (--fallback ran the interpreter)
        click.echo("hloc: note: no profile: the module ran on the interpreter", err=True)
    if counters is not None:
        counters.clock = req.profile_clock
    stage("run")
    t0 = time.perf_counter()
    outs = runner.run(leaves)
    run_s = time.perf_counter() - t0
    if counters is not None and req.bench:
        counters.reset()  # the profile covers the timed runs, not the warm-up
    if req.bench:
        stage("bench")
    times = runner.bench(leaves, req.bench) if req.bench else None
    return _Outcome(outs, run_s, times, counters.read() if counters is not None else None)


def _load_expected(check: str | None, runner):
    from ..runtime import npio
    from ..runtime.runner import max_elements

    return npio.load_outputs(check, max_elements(runner.outputs)) if check else None


def _check_all(req: _Request, runner, outs: list, refs: list, what: str) -> list:
    from ..runtime.compare import CheckResult, compare

    res = []
    for i in range(max(len(outs), len(refs))):
        if i >= len(refs):
            res.append(CheckResult(i, False, error=f"{what} has no out{i} "
                                   f"(the module has {len(outs)} outputs, it has {len(refs)})"))
        elif i >= len(outs):
            res.append(CheckResult(i, False, error=f"{what} has out{i} but the module has only "
                                   f"{len(outs)} output{'s' if len(outs) != 1 else ''}"))
        else:
            res.append(compare(i, outs[i], refs[i], runner.outputs[i], *req.tolerance(runner.outputs[i])))
    return res


def _check_reference(req: _Request, runner, outs: list, leaves, text: str | None, source: bytes) -> list | None:
    """--check-against BACKEND: the same inputs on the reference backend, compared output by output."""
    from ..progress import stage
    from ..runtime.backends import BackendOptions
    from ..runtime.runner import Runner

    if req.reference is None:
        return None
    stage(f"running on {req.reference}")
    ref_text = text if text is not None else _decode_for_reference(req.module, source)
    ref_runner = Runner(_parse_text(ref_text, req.name), req.reference, name=req.name,
                        options=BackendOptions(threads=req.options.threads, cache=req.options.cache))
    try:
        ref_runner.prepare(**({"source": ref_text.encode()} if req.reference == "xla" else {}))
        ref_outs = ref_runner.run(leaves)
    except HlocError as e:
        raise HlocError(f"--check-against {req.reference}: {e.message}", e.loc) from None
    return _check_all(req, runner, outs, ref_outs, f"the {req.reference} backend")


def _write_trace(req: _Request, outcome: _Outcome) -> None:
    from ..runtime.trace import chrome_trace

    runs = len(outcome.times) if outcome.times else 1
    write_atomic_all([(req.trace_path, chrome_trace(outcome.profile, runs, outcome.times or [outcome.run_s],
                                                    req.name))])


def _profile_rows(outcome: _Outcome) -> list[dict]:
    runs = len(outcome.times) if outcome.times is not None else 1
    p = outcome.profile
    return [{"site": s.label, "computation": s.computation, "kind": s.kind, "flops": s.flops, "bytes": s.bytes,
             "calls": c, "ms_per_run": ns / runs / 1e6} for s, ns, c in zip(p.sites, p.ns, p.calls)]


def _report_json(req: _Request, runner, leaves, outcome: _Outcome, results, against, parse_s: float,
                 failed: list, failed_against: list) -> None:
    import json
    import statistics

    from ..runtime.summary import stats_json

    cache_state = getattr(runner.backend, "last_cache", None)
    doc: dict = {
        "module": req.name,
        "backend": runner.backend.name,
        "inputs": [{"name": leaf.key, "parameter": leaf.param, "dtype": leaf.shape.etype,
                    "shape": list(a.shape)} for leaf, a in zip(runner.inputs, leaves)],
        "outputs": [stats_json(o) if req.print_outputs else {"dtype": s.etype, "shape": list(o.shape)}
                    for o, s in zip(outcome.outs, runner.outputs)],
        "parse_ms": parse_s * 1e3,
        "compile_ms": runner.compile_seconds * 1e3,
        "run_ms": outcome.run_s * 1e3,
        "check": None if results is None else [r.to_json() for r in results],
        "ok": not failed and not failed_against,
    }
    if cache_state is not None:
        doc["cache"] = cache_state
    if against is not None:
        doc["check_against"] = {"backend": req.reference, "outputs": [r.to_json() for r in against]}
    times = outcome.times
    if times is not None:
        doc.update(run_ms_median=statistics.median(times) * 1e3, run_ms_min=min(times) * 1e3, bench_runs=len(times))
    if outcome.profile is not None:
        doc["profile"] = _profile_rows(outcome)
        doc["profile_clock"] = outcome.profile.clock
    if req.dump is not None:
        doc["dumped"] = req.dump.written
    click.echo(json.dumps(doc, allow_nan=False))
    for r in failed:
        click.echo(r.describe(), err=True)
    for r in failed_against:
        click.echo(f"vs {req.reference}: {r.describe()}", err=True)


def _report_text(req: _Request, runner, outcome: _Outcome, results, against, failed: list,
                 failed_against: list) -> None:
    times = outcome.times
    if req.print_outputs or not (req.output or req.check or req.bench or req.reference):
        from ..runtime.summary import summary_line

        for i, o in enumerate(outcome.outs):
            click.echo(summary_line(f"out{i}", o))
    if times is not None:
        import statistics

        cache_state = getattr(runner.backend, "last_cache", None)
        click.echo(f"bench: compile {runner.compile_seconds * 1e3:.3f} ms, run median "
                   f"{statistics.median(times) * 1e3:.3f} ms, min {min(times) * 1e3:.3f} ms "
                   f"({len(times)} runs, backend {runner.backend.name}"
                   f"{', cache ' + cache_state if cache_state else ''})")
    if outcome.profile is not None:
        from ..backend.llvm.codegen.profile import format_profile

        click.echo(format_profile(outcome.profile, len(times) if times else 1,
                                  sum(times) if times else outcome.run_s), nl=False)
    if results is not None:
        for r in results:
            click.echo(r.describe())
        if failed:
            click.echo(f"check: FAILED ({len(failed)} of {len(results)} outputs differ)")
        else:
            click.echo(f"check: ok ({len(results)} output{'s' if len(results) != 1 else ''})")
    if against is not None:
        for r in against:
            click.echo(f"vs {req.reference}: {r.describe()}")
        n = len(against)
        if failed_against:
            click.echo(f"check-against {req.reference}: FAILED ({len(failed_against)} of {n} outputs differ)")
        else:
            click.echo(f"check-against {req.reference}: ok ({n} output{'s' if n != 1 else ''})")


def _read_bytes(path: str) -> bytes:
    try:
        with open(path, "rb") as f:
            return f.read()
    except OSError as e:
        raise HlocError(f"cannot read '{path}': {e.strerror}") from None


def _parse(module: str, name: str):
    """(verified Module, its text): parsing is imported only when a module must be parsed."""
    from ..parse import read_source

    text = read_source(module)
    return _parse_text(text, name), text


def _parse_text(text: str, name: str):
    from ..ir.verifier import verify_module
    from ..parse import parse_module

    mod = parse_module(text, name)
    verify_module(mod)
    refuse_elided_constants(mod, "run")
    return mod


def _decode_for_reference(module: str, source: bytes) -> str:
    from ..parse import read_source

    return read_source(module) if module != "-" else source.decode("utf-8")


class _OutputTarget:
    """Where -o writes: an .npz file, an .npy file (one output), or a directory of out<i>.npy files."""

    def __init__(self, path: str):
        self.path = path
        self.is_dir = path != "-" and (path.endswith(("/", os.sep)) or os.path.isdir(path))

    def files(self, n: int | None = None) -> list[str]:
        if not self.is_dir:
            return [self.path]
        if n is None:  # every file a directory target could write
            try:
                names = [f for f in os.listdir(self.path) if f.startswith("out") and f.endswith(".npy")]
            except OSError:
                names = []
            return [os.path.join(self.path, f) for f in names]
        return [os.path.join(self.path, f"out{i}.npy") for i in range(n)]

    @property
    def is_npy(self) -> bool:
        return not self.is_dir and self.path.lower().endswith(".npy")

    def check_count(self, n: int) -> None:
        """An .npy file holds one array: refused before the run for a module with several outputs."""
        if self.is_npy and n != 1:
            raise UsageError(f"-o {self.path}: an .npy file holds one array and the module has {n} outputs; "
                             "write them to an .npz file (-o OUT.npz) or a directory (-o OUT/)")

    def refuse_clobbering(self, inputs: list[str]) -> None:
        """Outputs never replace an input file (the module, an input, or an expected file)."""
        if self.path == "-":
            return
        candidates = self.files()
        for inp in inputs:
            for out in candidates:
                if _same_file(out, inp):
                    raise UsageError(f"refusing to overwrite input file '{inp}' with the outputs (-o {self.path})")
            if self.is_dir and _same_file(self.path, inp):
                raise UsageError(f"refusing to write outputs into '{self.path}': it holds the --check files")

    def write(self, outs) -> None:
        from ..runtime.npio import write_npy, write_npz
        from ..runtime.values import to_storable

        # Streamed into temporary files (no serialized copy of the outputs in memory), renamed when
        # all are complete.
        if self.is_npy:
            array = to_storable(outs[0])
            write_atomic_all([(self.path, lambda f: write_npy(f, array))])
            return
        if not self.is_dir:
            arrays = {f"out{i}": to_storable(o) for i, o in enumerate(outs)}
            write_atomic_all([(self.path, lambda f: write_npz(f, arrays))])
            return
        try:
            os.makedirs(self.path, exist_ok=True)
        except OSError as e:
            raise HlocError(f"cannot create directory '{self.path}': {e.strerror}") from None
        storable = [to_storable(o) for o in outs]
        write_atomic_all([(path, functools.partial(write_npy, a=a))
                          for path, a in zip(self.files(len(outs)), storable)])


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
