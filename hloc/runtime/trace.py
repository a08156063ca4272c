"""`hloc run --profile --trace out.json`: the kernel profile as a Chrome / Perfetto trace
(chrome://tracing, ui.perfetto.dev: "Open trace file").

Two tracks. "runs": every timed run with its measured wall time, end to end. "kernels": one
event per profiled kernel, in program order, lasting its mean time per run, with its calls, share,
GFLOP/s and GB/s as arguments. The profile counts each kernel's total time, not when each call
started, so the kernel track is an average run laid out in the order the entry calls the kernels
(the entry's straight-line order; calls inside loops are summed into their kernel). Several
devices (one profile each, under MPI): a process per device, each with those two tracks.
"""

from __future__ import annotations

import json


def chrome_trace(profile, runs: int, run_seconds: list[float], module: str) -> str:
    return _json(_events(profile, runs, run_seconds, 1, f"hloc run {module}"), profile.clock, runs)


def chrome_trace_devices(profiles: list, runs: int, run_seconds: list[list[float]], module: str) -> str:
    """Several devices: a process per device (pid d + 1), each with its own two tracks."""
    events = [e for d, (p, secs) in enumerate(zip(profiles, run_seconds))
              for e in _events(p, runs, secs, d + 1, f"hloc run {module}: device {d}")]
    return _json(events, profiles[0].clock, runs)


def _json(events: list[dict], clock: str, runs: int) -> str:
    return json.dumps({"traceEvents": events, "displayTimeUnit": "ms", "otherData": {"clock": clock, "runs": runs}},
                      indent=None) + "\n"


def _events(profile, runs: int, run_seconds: list[float], pid: int, name: str) -> list[dict]:
    events: list[dict] = [
        {"name": "process_name", "ph": "M", "pid": pid, "args": {"name": name}},
        {"name": "thread_name", "ph": "M", "pid": pid, "tid": 1, "args": {"name": "runs"}},
        {"name": "thread_name", "ph": "M", "pid": pid, "tid": 2,
         "args": {"name": f"kernels (mean per run over {runs} run{'s' if runs != 1 else ''}, program order)"}},
    ]
    ts = 0.0
    for i, secs in enumerate(run_seconds):
        events.append({"name": f"run {i}", "cat": "run", "ph": "X", "pid": pid, "tid": 1, "ts": ts,
                       "dur": secs * 1e6})
        ts += secs * 1e6
    total_ns = sum(profile.ns) or 1
    ts = 0.0
    for site, ns, calls in zip(profile.sites, profile.ns, profile.calls):
        dur_us = ns / max(runs, 1) / 1e3
        args = {"calls_per_run": calls / max(runs, 1), "share": round(ns / total_ns, 4), "kind": site.kind,
                "computation": site.computation}
        if dur_us > 0 and site.flops:
            args["GFLOP/s"] = round(site.flops * args["calls_per_run"] / (dur_us * 1e3), 2)
        if dur_us > 0 and site.bytes:
            args["GB/s"] = round(site.bytes * args["calls_per_run"] / (dur_us * 1e3), 2)
        events.append({"name": site.label, "cat": site.kind or "kernel", "ph": "X", "pid": pid, "tid": 2, "ts": ts,
                       "dur": dur_us, "args": args})
        ts += dur_us
    return events
