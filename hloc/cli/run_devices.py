"""`hloc run --devices N` / `--per-device-inputs` / under mpirun: a module on several devices."""

from __future__ import annotations

import os
import re
import time

import click

from ..errors import RunError, UsageError

_HEADER = re.compile(rb"^[ \t]*HloModule[ \t]+[^\n]*", re.M)
_HEADER_COUNT = re.compile(rb"\b(?:replica_count|num_partitions)=(\d+)")


def wanted(module: str | None, opts: dict) -> bool:
    """Whether `hloc run` runs devices: asked for, launched by an MPI launcher, or an HLO text
    module whose header names more than one device."""
    from ..runtime.launcher import launched_by_mpi

    if opts.get("devices") is not None or opts.get("per_device_inputs") or launched_by_mpi():
        return True
    return header_devices(module) > 1


def header_devices(path: str | None) -> int:
    """replica_count x num_partitions of an HLO text file's header, read without parsing the module
    (a cached native module runs without parsing); 1 for anything else."""
    if not path or path == "-" or not os.path.isfile(path):
        return 1
    try:
        with open(path, "rb") as f:
            head = f.read(1 << 16)
    except OSError:
        return 1  # (the one-device path reports unreadable files)
    m = _HEADER.search(head)
    if m is None:
        return 1
    n = 1
    for count in _HEADER_COUNT.findall(m.group(0)):
        n *= max(1, int(count))
    return n


# run's options (by parameter name) that one-device runs only have, as the user spells them
_SINGLE_DEVICE_ONLY = {"reference": "--check-against", "dump_dir": "--dump-to", "dump_pass_re": "--dump-pass-re",
                       "disable_passes": "--disable-passes", "fallback": "--fallback"}

# What --bench times with several devices (also the JSON's `timing`).
TIMING = ("each timed run starts every device together after a barrier; a device's time runs from the barrier "
          "to its return, collectives' waits included; a run's time is its slowest device's")


def run_devices(module: str, inputs: tuple[str, ...], output: str | None, opts: dict, output_target, parse) -> None:
    """`output_target` and `parse`: run.py's -o writer and module reader (passed in: run.py imports us)."""
    from ..runtime import npio
    from ..runtime.backends import BackendOptions
    from ..runtime.devices import DeviceRunner, devices_for, stack_outputs
    from ..runtime.launcher import launched_by_mpi
    from ..runtime.mpi import world
    from ..runtime.runner import max_elements

    for name, flag in _SINGLE_DEVICE_ONLY.items():
        if opts.get(name):
            raise UsageError(f"{flag} is not available with several devices yet")
    if opts["seed"] is not None and inputs:
        raise UsageError("give input files or --random-inputs, not both")
    if opts["as_json"] and output == "-":
        raise UsageError("--json owns stdout: write the outputs to a file (-o OUT.npz)")
    backend = opts["backend"] or "llvm"
    if backend not in ("llvm", "interp"):
        raise UsageError(f"several devices run on the llvm or interp backend, not {backend}")
    under_mpi = launched_by_mpi()
    if under_mpi and backend != "llvm":
        raise UsageError(f"--backend {backend} runs every device in one process: run it without mpirun")
    if opts["profile"] and backend != "llvm":
        raise UsageError(f"--profile times the native code of the llvm backend, not the {backend} backend")
    if opts["trace_path"] and not opts["profile"]:
        raise UsageError("--trace writes the kernel profile: add --profile")
    target = output_target(output) if output else None
    if target is not None:
        target.refuse_clobbering([p for p in (module, *inputs, opts["check"], opts["trace_path"]) if p and p != "-"])
    t0 = time.perf_counter()
    mod, _text = parse(module, "<stdin>" if module == "-" else module)
    parse_s = time.perf_counter() - t0
    replicas, partitions = devices_for(mod, opts["devices"])
    if opts["profile"] and not under_mpi and replicas * partitions > 1:
        raise UsageError(f"--profile with {replicas * partitions} devices as threads of one process: they share "
                         "one object's kernel counters; run it under mpiexec -n "
                         f"{replicas * partitions} (a process and a profile per device)")
    options = BackendOptions(threads=opts["threads"] or 1, cache=not opts["no_cache"],
                             hlo_pipeline=opts["pipeline"] or opts["hlo_level"],
                             opt_level=None if opts["opt_level"] is None else int(opts["opt_level"]),
                             profile=bool(opts["profile"]))
    dr = DeviceRunner(mod, backend, options, replicas, partitions, world() if under_mpi else None)
    if target is not None:
        target.check_count(len(dr.outputs))
    per = dr.random_inputs(opts["seed"]) if opts["seed"] is not None else dr.load_inputs(
        list(inputs), bool(opts["per_device_inputs"]))
    limit = max_elements(dr.outputs)
    expected = npio.load_outputs(opts["check"], None if limit is None else limit * dr.devices) if opts[
        "check"] else None
    if opts["profile"]:
        dr.set_profile_clock(opts["profile_clock"])
    t0 = time.perf_counter()
    outs = dr.run(per)
    run_s = time.perf_counter() - t0
    times = profiles = None
    if opts["bench"]:
        dr.reset_profile()  # the profile covers the timed runs, not the warm-up
        times = dr.bench(per, opts["bench"])
    if opts["profile"]:
        profiles = dr.profiles()
    if outs is None:  # (an MPI rank other than 0: rank 0 reports)
        return
    stacked = stack_outputs(outs)
    if target is not None:
        target.write(stacked)
    report = _Report(mod.name, dr, "mpi" if under_mpi else "threads", outs, run_s, parse_s, times, profiles)
    if opts["trace_path"] and profiles:
        report.write_trace(opts["trace_path"])
    results = check_results(outs, expected, dr.outputs, opts["rtol"], opts["atol"], opts["check"]) if (
        expected is not None) else None
    if opts["as_json"]:
        report.json(results, bool(opts["print_outputs"]))
    else:
        report.text(results, bool(opts["print_outputs"]) or (target is None and expected is None and not times),
                    output == "-")
    if results is not None and any(not r.passed for _, r in results):
        click.get_current_context().exit(1)


class _Report:
    """What rank 0 (or the one process) says about a multi-device run."""

    def __init__(self, name, dr, where: str, outs, run_s: float, parse_s: float, times, profiles):
        self.name, self.dr, self.where, self.outs = name, dr, where, outs
        self.run_s, self.parse_s, self.times, self.profiles = run_s, parse_s, times, profiles

    @property
    def runs(self) -> int:
        return len(self.times.steps) if self.times is not None else 1

    def profiled_device(self) -> int:
        """The device whose profile is shown: the slowest in the bench, else the one with the most time."""
        slowest = self.times.slowest_device() if self.times is not None else None
        if slowest is not None:
            return slowest
        totals = [sum(p.ns) for p in self.profiles]
        return totals.index(max(totals))

    def write_trace(self, path: str) -> None:
        """Every device's profile; its run times from the bench, else the one run as this process timed it."""
        from ..runtime.trace import chrome_trace_devices
        from .common import write_atomic_all

        t = self.times
        per = t.per_device if t is not None and t.per_device else [[self.run_s]] * len(self.profiles)
        write_atomic_all([(path, chrome_trace_devices(self.profiles, self.runs, per, self.name))])

    def text(self, results, summaries: bool, to_stderr: bool) -> None:
        import statistics

        echo = _echo(err=to_stderr)
        dr = self.dr
        where = "MPI ranks" if self.where == "mpi" else "threads of one process"
        echo(f"ran {self.name} on {dr.devices} devices ({dr.replicas} replicas x {dr.partitions} partitions, {where})")
        if summaries:
            from ..runtime.summary import summary_line

            for d, leaves in enumerate(self.outs):
                for k, a in enumerate(leaves):
                    echo(summary_line(f"device {d} out{k}", a))
        t = self.times
        if t is not None:
            ms = [x * 1e3 for x in t.steps]
            cache = getattr(dr.runner.backend, "last_cache", None)
            compiled = dr.runner.compile_seconds
            echo("bench: " + (f"compile {compiled * 1e3:.3f} ms, " if compiled is not None else "")
                 + f"run median {statistics.median(ms):.3f} ms, "
                 f"min {min(ms):.3f} ms ({len(ms)} runs, backend {dr.backend}{', cache ' + cache if cache else ''}; "
                 + ("the interpreter runs all devices in one call: a run is that call)" if t.per_device is None else
                    f"a run: all {dr.devices} devices from a barrier to the slowest's return)"))
            if t.per_device is not None:
                echo("bench: per device, median / min ms: " + ", ".join(
                    f"{d}: {statistics.median(x) * 1e3:.3f} / {min(x) * 1e3:.3f}" for d, x in enumerate(t.per_device)))
        if self.profiles:
            from ..backend.llvm.codegen.profile import format_profile

            d = self.profiled_device()
            p = self.profiles[d]
            wall = sum(t.per_device[d]) if t is not None and t.per_device else (sum(t.steps) if t else self.run_s)
            if len(self.profiles) > 1:
                echo(f"profile of device {d} ({'the slowest' if t is not None else 'the most kernel time'} of "
                     f"{len(self.profiles)}, each with its own counters; --json has every device's):")
            click.echo(format_profile(p, self.runs, wall), nl=False, err=to_stderr)
        if results is not None:
            for d, r in results:
                echo(f"device {d} {r.describe()}")
            failed = sum(not r.passed for _, r in results)
            n, outputs = len(results), len(dr.outputs)
            echo(f"check: FAILED ({failed} of {n} device outputs differ)" if failed else
                 f"check: ok ({outputs} output{'s' if outputs != 1 else ''} on {dr.devices} devices)")

    def json(self, results, stats: bool) -> None:
        import json
        import statistics

        from ..runtime.summary import stats_json

        dr = self.dr
        doc: dict = {
            "module": self.name,
            "backend": dr.backend,
            "devices": dr.devices, "replicas": dr.replicas, "partitions": dr.partitions,
            "run_on": self.where,
            "inputs": [{"name": leaf.key, "parameter": leaf.param, "dtype": leaf.shape.etype,
                        "shape": list(leaf.shape.dims)} for leaf in dr.runner.inputs],
            "outputs": [{"dtype": s.etype, "shape": [dr.devices, *self.outs[0][k].shape]}
                        for k, s in enumerate(dr.outputs)],
            "parse_ms": self.parse_s * 1e3,
            "compile_ms": None if dr.runner.compile_seconds is None else dr.runner.compile_seconds * 1e3,
            "run_ms": self.run_s * 1e3,
            "check": None if results is None else [{"device": d, **r.to_json()} for d, r in results],
            "ok": results is None or all(r.passed for _, r in results),
        }
        if stats:
            doc["output_stats"] = [[stats_json(a) for a in leaves] for leaves in self.outs]
        cache = getattr(dr.runner.backend, "last_cache", None)
        if cache is not None:
            doc["cache"] = cache
        t = self.times
        if t is not None:
            doc.update(run_ms_median=statistics.median(t.steps) * 1e3, run_ms_min=min(t.steps) * 1e3,
                       bench_runs=len(t.steps))
            if t.per_device is not None:
                doc["timing"] = TIMING
                doc["device_run_ms_median"] = [statistics.median(x) * 1e3 for x in t.per_device]
                doc["device_run_ms_min"] = [min(x) * 1e3 for x in t.per_device]
            else:
                doc["timing"] = "the interpreter runs all devices in one call: a run's time is that call's"
        if self.profiles:
            rows = [_profile_rows(p, self.runs) for p in self.profiles]
            d = self.profiled_device()
            doc.update(profile=rows[d], profile_device=d, profile_per_device=rows, profile_clock=self.profiles[d].clock)
        click.echo(json.dumps(doc, allow_nan=False))
        for d, r in results or ():
            if not r.passed:
                click.echo(f"device {d} {r.describe()}", err=True)


def _profile_rows(p, runs: int) -> list[dict]:
    return [{"site": s.label, "computation": s.computation, "kind": s.kind, "flops": s.flops, "bytes": s.bytes,
             "calls": c, "ms_per_run": ns / runs / 1e6} for s, ns, c in zip(p.sites, p.ns, p.calls)]


def _echo(err: bool):
    return lambda line: click.echo(line, err=err)


def check_results(outs: list[list], expected: list, shapes: list, rtol, atol, what: str) -> list:
    """(device, CheckResult) for every device's every output against `expected` (arrays with a
    leading device axis), output by output."""
    from ..runtime.compare import compare, default_tolerance

    devices = len(outs)
    if len(expected) != len(shapes):
        raise RunError(f"'{what}' has {len(expected)} outputs, the module {len(shapes)}")
    results = []
    for k, (exp, shape) in enumerate(zip(expected, shapes)):
        if exp.shape[:1] != (devices,):
            raise RunError(f"'{what}': out{k} has shape {list(exp.shape)}; per-device expected outputs have a "
                           f"leading axis of {devices} devices")
        r_tol, a_tol = default_tolerance(shape.etype)
        r_tol, a_tol = r_tol if rtol is None else rtol, a_tol if atol is None else atol
        results += [(d, compare(k, outs[d][k], exp[d], shape, r_tol, a_tol)) for d in range(devices)]
    return results
