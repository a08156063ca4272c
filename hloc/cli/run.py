"""`hloc run`: execute a module on .npy/.npz inputs (XLA's run_hlo_module, for one backend)."""

from __future__ import annotations

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
the exit status is 1.

\b
Backends: llvm (the default) compiles the module to native code, exactly the object
`hloc compile` writes with the same -O/--hlo-opt/-p options, and keeps it in the
compile cache ($XDG_CACHE_HOME/hloc, else ~/.cache/hloc; --no-cache skips it). A
cached module runs without being parsed again; damaged cache entries are detected by
their checksums, dropped and rebuilt. A module with an op llvm does not support yet is
an error naming the op (--fallback runs it on the interpreter instead). interp is the
reference interpreter. --check-against interp runs both and compares every output
with --rtol/--atol, like run_hlo_module's reference platform.

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
              help="llvm (native code; the default) or interp (the reference interpreter).")
@click.option("--fallback", is_flag=True,
              help="When the llvm backend cannot compile the module (an op it does not support yet), run it on "
                   "the interpreter instead, with a note on stderr. Without it that is an error.")
@click.option("--random-inputs", "seed", type=click.IntRange(min=0), metavar="SEED",
              help="Make deterministic inputs from the parameter shapes instead of reading files.")
@click.option("--check", metavar="EXPECTED", help="Compare the outputs with EXPECTED (.npz or directory).")
@click.option("--check-against", "reference", metavar="BACKEND",
              help="Also run the module on BACKEND (e.g. interp) with the same inputs and compare the outputs, "
                   "like run_hlo_module's reference platform: per-output max errors, exit 1 on a mismatch.")
@click.option("--rtol", type=click.FloatRange(min=0), default=1e-5, metavar="R", show_default=True,
              help="Relative tolerance of --check and --check-against.")
@click.option("--atol", type=click.FloatRange(min=0), default=1e-6, metavar="A", show_default=True,
              help="Absolute tolerance of --check and --check-against.")
@click.option("--print", "print_outputs", is_flag=True,
              help="Print a summary of each output: type, shape, min/max/mean, first values "
                   "(the default when there is no -o, --check, --check-against or --bench).")
@click.option("--bench", type=click.IntRange(min=1), metavar="N",
              help="After the first (warm-up) run, time N more runs; report the median and the minimum.")
@click.option("--profile", is_flag=True,
              help="llvm: a profiling build (its own cache entry): print each kernel's time per run, share, "
                   "calls and GFLOP/s or GB/s, costliest first (over the --bench runs, else over the one run).")
@click.option("--profile-clock", type=click.Choice(["wall", "thread"]), default="wall", show_default=True,
              help="What --profile times: wall-clock time, or the calling thread's CPU time (with --threads 1: "
                   "the kernels' work without the time the thread was descheduled; a system call per reading).")
@click.option("--json", "as_json", is_flag=True,
              help="Print one JSON object on stdout and nothing else there (keys: outputs, check, compile_ms, "
                   "run_ms, and with --bench run_ms_median, run_ms_min; with --profile profile, profile_clock).")
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
def run_command(module: str, inputs: tuple[str, ...], output: str | None, backend: str | None, fallback: bool,
                seed: int | None, check: str | None, reference: str | None, rtol: float, atol: float,
                print_outputs: bool, bench: int | None, profile: bool, profile_clock: str, as_json: bool,
                threads: int | None,
                no_cache: bool, opt_level: str | None, hlo_level: str | None, pipeline: str | None,
                module_name: str | None) -> None:
    # Imports are local and minimal: a cached run's start-up time is mostly imports.
    from ..runtime import npio
    from ..runtime.backends import BackendOptions, default_backend, get_backend
    from ..runtime.runner import Runner, max_elements

    module = resolve_input(module, module_name)
    if seed is not None and inputs:
        raise UsageError("give input files or --random-inputs, not both")
    if as_json and output == "-":
        raise UsageError("--json owns stdout: write the outputs to a file (-o OUT.npz)")
    if hlo_level is not None and pipeline is not None:
        raise UsageError("use either --hlo-opt LEVEL or -p PIPELINE, not both")
    name = "<stdin>" if module == "-" else module
    backend_name = backend or default_backend()
    if profile and backend_name != "llvm":
        raise UsageError(f"--profile times the native code of the llvm backend, not the {backend_name} backend")
    be = get_backend(backend_name)
    if reference is not None:
        get_backend(reference)  # unknown names are usage errors before anything runs
    options = BackendOptions(threads=threads, cache=not no_cache, hlo_pipeline=pipeline or hlo_level,
                             opt_level=None if opt_level is None else int(opt_level), profile=profile)
    target = _OutputTarget(output) if output else None
    if target is not None:
        target.refuse_clobbering([p for p in (module, *inputs, check) if p and p != "-"])

    # A cached native module runs without parsing the text (or importing the compiler).
    t0 = time.perf_counter()
    source = _read_bytes(module) if module != "-" else None
    runner = None
    if source is not None and hasattr(be, "lookup"):
        exe = be.lookup(source, options)
        if exe is not None:
            runner = Runner.prepared(exe.abi, be, exe, name=name)
    parse_s = 0.0
    text = None
    if runner is None:
        mod, text = _parse(module, name)
        if source is None:
            source = text.encode()
        parse_s = time.perf_counter() - t0
        runner = Runner(mod, be, name=name, options=options)
    if target is not None:
        target.check_count(len(runner.outputs))
    leaves = runner.random_inputs(seed) if seed is not None else runner.load_inputs(list(inputs))
    expected = npio.load_outputs(check, max_elements(runner.outputs)) if check else None

    if runner.compile_seconds is None:
        try:
            runner.prepare(**({"source": source} if hasattr(be, "lookup") else {}))
        except CodegenError as e:
            if backend_name != "llvm":
                raise
            if not fallback:
                click.echo(str(e), err=True)
                click.echo("hloc: note: the native (llvm) backend cannot compile this module; run it on the "
                           "reference interpreter with --backend interp, or pass --fallback", err=True)
                click.get_current_context().exit(1)
            click.echo(f"hloc: note: llvm cannot compile this module ({e.message}); running it on the "
                       "interpreter (--fallback)", err=True)
            runner = Runner(_parse_text(text, name), "interp", name=name, options=options)  # (unoptimized)
            runner.prepare()
    counters = getattr(runner.executable, "profile", None) if profile else None
    if profile and counters is None:  # (--fallback ran the interpreter)
        click.echo("hloc: note: no profile: the module ran on the interpreter", err=True)
    if counters is not None:
        counters.clock = profile_clock
    t0 = time.perf_counter()
    outs = runner.run(leaves)
    run_s = time.perf_counter() - t0
    if counters is not None and bench:
        counters.reset()  # the profile covers the timed runs, not the warm-up
    times = runner.bench(leaves, bench) if bench else None
    kernel_profile = counters.read() if counters is not None else None

    if target is not None:
        target.write(outs)

    def check_all(refs: list, what: str) -> list:
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
                res.append(compare(i, outs[i], refs[i], runner.outputs[i], rtol, atol))
        return res

    results = check_all(expected, f"'{check}'") if expected is not None else None
    against: list | None = None
    if reference is not None:
        ref_text = text if text is not None else _decode_for_reference(module, source)
        ref_runner = Runner(_parse_text(ref_text, name), reference, name=name, options=options)
        try:
            ref_runner.prepare()
            ref_outs = ref_runner.run(leaves)
        except HlocError as e:
            raise HlocError(f"--check-against {reference}: {e.message}", e.loc) from None
        against = check_all(ref_outs, f"the {reference} backend")
    failed = [r for r in (results or ()) if not r.passed]
    failed_against = [r for r in (against or ()) if not r.passed]

    cache_state = getattr(runner.backend, "last_cache", None)
    if as_json or times is not None:
        import statistics
    if as_json:
        import json

        from ..runtime.summary import stats_json

        doc: dict = {
            "module": name,
            "backend": runner.backend.name,
            "inputs": [{"name": leaf.key, "parameter": leaf.param, "dtype": leaf.shape.etype,
                        "shape": list(a.shape)} for leaf, a in zip(runner.inputs, leaves)],
            "outputs": [stats_json(o) if print_outputs else {"dtype": s.etype, "shape": list(o.shape)}
                        for o, s in zip(outs, runner.outputs)],
            "parse_ms": parse_s * 1e3,
            "compile_ms": runner.compile_seconds * 1e3,
            "run_ms": run_s * 1e3,
            "check": None if results is None else [r.to_json() for r in results],
            "ok": not failed and not failed_against,
        }
        if cache_state is not None:
            doc["cache"] = cache_state
        if against is not None:
            doc["check_against"] = {"backend": reference, "outputs": [r.to_json() for r in against]}
        if times is not None:
            doc.update(run_ms_median=statistics.median(times) * 1e3, run_ms_min=min(times) * 1e3, bench_runs=len(times))
        if kernel_profile is not None:
            runs = len(times) if times is not None else 1
            doc["profile"] = [{"site": s.label, "computation": s.computation, "kind": s.kind, "flops": s.flops,
                               "bytes": s.bytes, "calls": c, "ms_per_run": ns / runs / 1e6}
                              for s, ns, c in zip(kernel_profile.sites, kernel_profile.ns, kernel_profile.calls)]
            doc["profile_clock"] = kernel_profile.clock
        click.echo(json.dumps(doc, allow_nan=False))
        for r in failed:
            click.echo(r.describe(), err=True)
        for r in failed_against:
            click.echo(f"vs {reference}: {r.describe()}", err=True)
    else:
        if print_outputs or not (output or check or bench or reference):
            from ..runtime.summary import summary_line

            for i, o in enumerate(outs):
                click.echo(summary_line(f"out{i}", o))
        if times is not None:
            click.echo(f"bench: compile {runner.compile_seconds * 1e3:.3f} ms, run median "
                       f"{statistics.median(times) * 1e3:.3f} ms, min {min(times) * 1e3:.3f} ms "
                       f"({len(times)} runs, backend {runner.backend.name}"
                       f"{', cache ' + cache_state if cache_state else ''})")
        if kernel_profile is not None:
            from ..backend.llvm.codegen.profile import format_profile

            click.echo(format_profile(kernel_profile, len(times) if times else 1,
                                      sum(times) if times else run_s), nl=False)
        if results is not None:
            for r in results:
                click.echo(r.describe())
            if failed:
                click.echo(f"check: FAILED ({len(failed)} of {len(results)} outputs differ)")
            else:
                click.echo(f"check: ok ({len(results)} output{'s' if len(results) != 1 else ''})")
        if against is not None:
            for r in against:
                click.echo(f"vs {reference}: {r.describe()}")
            if failed_against:
                click.echo(f"check-against {reference}: FAILED ({len(failed_against)} of {len(against)} outputs "
                           "differ)")
            else:
                click.echo(f"check-against {reference}: ok ({len(against)} output{'s' if len(against) != 1 else ''})")
    if failed or failed_against:
        click.get_current_context().exit(1)


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
        write_atomic_all([(path, lambda f, a=a: write_npy(f, a))
                          for path, a in zip(self.files(len(outs)), storable)])


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:
        return False
