"""`hloc run --devices N` / `--per-device-inputs` / under mpirun: a module on several devices."""

from __future__ import annotations

import os
import re

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


_SINGLE_DEVICE_ONLY = ("bench", "profile", "trace_path", "reference", "dump_dir", "dump_pass_re", "disable_passes",
                       "fallback", "print_outputs", "as_json")


def run_devices(module: str, inputs: tuple[str, ...], output: str | None, opts: dict, output_target, parse) -> None:
    """`output_target` and `parse`: run.py's -o writer and module reader (passed in: run.py imports us)."""
    from ..runtime import npio
    from ..runtime.backends import BackendOptions
    from ..runtime.devices import DeviceRunner, devices_for, stack_outputs
    from ..runtime.launcher import launched_by_mpi
    from ..runtime.mpi import world
    from ..runtime.runner import max_elements

    for name in _SINGLE_DEVICE_ONLY:
        if opts.get(name):
            raise UsageError(f"--{name.replace('_', '-')} is not available with several devices yet")
    if opts["seed"] is not None and inputs:
        raise UsageError("give input files or --random-inputs, not both")
    backend = opts["backend"] or "llvm"
    if backend not in ("llvm", "interp"):
        raise UsageError(f"several devices run on the llvm or interp backend, not {backend}")
    under_mpi = launched_by_mpi()
    if under_mpi and backend != "llvm":
        raise UsageError(f"--backend {backend} runs every device in one process: run it without mpirun")
    target = output_target(output) if output else None
    if target is not None:
        target.refuse_clobbering([p for p in (module, *inputs, opts["check"]) if p and p != "-"])
    mod, _text = parse(module, "<stdin>" if module == "-" else module)
    replicas, partitions = devices_for(mod, opts["devices"])
    options = BackendOptions(threads=opts["threads"] or 1, cache=not opts["no_cache"],
                             hlo_pipeline=opts["pipeline"] or opts["hlo_level"],
                             opt_level=None if opts["opt_level"] is None else int(opts["opt_level"]))
    dr = DeviceRunner(mod, backend, options, replicas, partitions, world() if under_mpi else None)
    if target is not None:
        target.check_count(len(dr.outputs))
    per = dr.random_inputs(opts["seed"]) if opts["seed"] is not None else dr.load_inputs(
        list(inputs), bool(opts["per_device_inputs"]))
    limit = max_elements(dr.outputs)
    expected = npio.load_outputs(opts["check"], None if limit is None else limit * dr.devices) if opts[
        "check"] else None
    outs = dr.run(per)
    if outs is None:  # (an MPI rank other than 0: rank 0 reports)
        return
    stacked = stack_outputs(outs)
    if target is not None:
        target.write(stacked)
    echo = _echo(err=output == "-")
    where = "MPI ranks" if under_mpi else "threads of one process"
    echo(f"ran {mod.name} on {dr.devices} devices ({replicas} replicas x {partitions} partitions, {where})")
    if expected is not None:
        failed = check_devices(echo, outs, expected, dr.outputs, opts["rtol"], opts["atol"], opts["check"])
        if failed:
            click.get_current_context().exit(1)
    elif target is None:
        from ..runtime.summary import summary_line

        for d, leaves in enumerate(outs):
            for k, a in enumerate(leaves):
                echo(summary_line(f"device {d} out{k}", a))


def _echo(err: bool):
    return lambda line: click.echo(line, err=err)


def check_devices(echo, outs: list[list], expected: list, shapes: list, rtol, atol, what: str) -> int:
    """Compare every device's outputs with `expected` (arrays with a leading device axis), print a
    line each and a summary; the number of (device, output) pairs that differ."""
    from ..runtime.compare import CheckResult, compare, default_tolerance

    devices = len(outs)
    if len(expected) != len(shapes):
        raise RunError(f"'{what}' has {len(expected)} outputs, the module {len(shapes)}")
    failed = 0
    for k, (exp, shape) in enumerate(zip(expected, shapes)):
        if exp.shape[:1] != (devices,):
            raise RunError(f"'{what}': out{k} has shape {list(exp.shape)}; per-device expected outputs have a "
                           f"leading axis of {devices} devices")
        r_tol, a_tol = default_tolerance(shape.etype)
        r_tol, a_tol = r_tol if rtol is None else rtol, a_tol if atol is None else atol
        for d in range(devices):
            r: CheckResult = compare(k, outs[d][k], exp[d], shape, r_tol, a_tol)
            failed += not r.passed
            echo(f"device {d} {r.describe()}")
    n = devices * len(shapes)
    echo(f"check: FAILED ({failed} of {n} device outputs differ)" if failed else
         f"check: ok ({len(shapes)} output{'s' if len(shapes) != 1 else ''} on {devices} devices)")
    return failed
