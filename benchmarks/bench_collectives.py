"""Collectives on 2 devices: all-reduce latency and bandwidth, and a data-parallel step's scaling.

All-reduce: an f32[N] sum, the same loop of K all-reduces (each result halved, so values stay
put) as one module, timed per all-reduce: hloc's native code with one device a process
(`mpiexec -n 2`, MPI through mpi4py) and with the devices as threads of one process; XLA:CPU
with 2 host devices in one process (pmap of the same loop); and osu_allreduce's loop written
with mpi4py (MPI_Allreduce on numpy buffers: what MPI itself costs). The data-parallel step is
a JAX MLP training step (pmean of the gradients) as XLA's SPMD partitioner makes it for 1 and 2
devices, with a fixed batch per device (weak scaling), timed with each process or device thread
pinned to a CPU of its own where the machine has them (MPI ranks: `mpiexec -bind-to core`, else
`taskset`; the one-device process: `taskset`), its CPU time beside the wall time. hloc's
all-reduce runs in its native runtime (threads: a rendezvous over the devices' buffers; MPI:
MPI_Allreduce called from native code), no Python per call; MPICH's ranks poll while they wait,
so their CPU time includes the waits for each other, but not the time another process held their
CPU. Overlap: device 1 computes K steps before an all-reduce and device 0 K steps after it,
independently; with all-reduce-start/-done, device 0's steps run while the all-reduce waits for
device 1 (time ~ K steps), with the blocking all-reduce after it (~ 2K). Two devices need two
free cores: on a shared machine (see the load average) they wait for each other's time slices,
which dominates the small sizes, the overlap and the scaling.
"""

from __future__ import annotations

import functools
import json
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

from .common import ROOT, load_average, oracle_python, table

SIZES = [2, 256, 1 << 14, 1 << 18, 1 << 20]  # f32 elements: 8 B .. 4 MiB
LOOP = """HloModule allreduce_loop_{n}, replica_count=2

add {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}}

cond {{
  c = (s32[], f32[{n}]) parameter(0)
  i = s32[] get-tuple-element(c), index=0
  k = s32[] constant({k})
  ROOT lt = pred[] compare(i, k), direction=LT
}}

body {{
  c = (s32[], f32[{n}]) parameter(0)
  i = s32[] get-tuple-element(c), index=0
  v = f32[{n}] get-tuple-element(c), index=1
  one = s32[] constant(1)
  j = s32[] add(i, one)
  r = f32[{n}] all-reduce(v), replica_groups={{}}, to_apply=add
  half = f32[] constant(0.5)
  h = f32[{n}] broadcast(half), dimensions={{}}
  w = f32[{n}] multiply(r, h)
  ROOT t = (s32[], f32[{n}]) tuple(j, w)
}}

ENTRY e {{
  x = f32[{n}] parameter(0)
  z = s32[] constant(0)
  init = (s32[], f32[{n}]) tuple(z, x)
  l = (s32[], f32[{n}]) while(init), condition=cond, body=body
  ROOT o = f32[{n}] get-tuple-element(l), index=1
}}
"""

OVERLAP = """HloModule overlap, replica_count=2

add {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}}

cond {{
  c = (s32[], s32[], f32[{n}]) parameter(0)
  i = s32[] get-tuple-element(c), index=0
  m = s32[] get-tuple-element(c), index=1
  ROOT lt = pred[] compare(i, m), direction=LT
}}

body {{
  c = (s32[], s32[], f32[{n}]) parameter(0)
  i = s32[] get-tuple-element(c), index=0
  m = s32[] get-tuple-element(c), index=1
  v = f32[{n}] get-tuple-element(c), index=2
  one = s32[] constant(1)
  j = s32[] add(i, one)
  w = f32[{n}] sine(v)
  ROOT t = (s32[], s32[], f32[{n}]) tuple(j, m, w)
}}

ENTRY e {{
  x = f32[{n}] parameter(0)
  rid = u32[] replica-id()
  r = s32[] convert(rid)
  k = s32[] constant({k})
  zero = s32[] constant(0)
  one = s32[] constant(1)
  n1 = s32[] multiply(r, k)
  nr = s32[] subtract(one, r)
  n2 = s32[] multiply(nr, k)
  i1 = (s32[], s32[], f32[{n}]) tuple(zero, n1, x)
  l1 = (s32[], s32[], f32[{n}]) while(i1), condition=cond, body=body
  y = f32[{n}] get-tuple-element(l1), index=2
  {start}
  i2 = (s32[], s32[], f32[{n}]) tuple(zero, n2, x)
  l2 = (s32[], s32[], f32[{n}]) while(i2), condition=cond, body=body
  z = f32[{n}] get-tuple-element(l2), index=2
  {done}
  ROOT t = (f32[{n}], f32[{n}]) tuple(d, z)
}}
"""
OVERLAP_FORMS = {
    "asynchronous": ("s = f32[{n}] all-reduce-start(y), replica_groups={{}}, to_apply=add",
                     "d = f32[{n}] all-reduce-done(s)"),
    "blocking": ("s = f32[{n}] all-reduce(y), replica_groups={{}}, to_apply=add", "d = f32[{n}] copy(s)"),
}


def overlap_module(form: str, k: int, n: int) -> str:
    start, done = OVERLAP_FORMS[form]
    return OVERLAP.format(n=n, k=k, start=start.format(n=n), done=done.format(n=n))


XLA_LOOP = r"""
import json, os, statistics, sys, time
import jax, jax.numpy as jnp
from jax import lax
out = {}
for n, k in json.loads(sys.argv[1]):
    f = jax.pmap(lambda x: lax.fori_loop(0, k, lambda i, v: lax.psum(v, "i") * 0.5, x), axis_name="i")
    x = f(jnp.zeros((2, n), jnp.float32))  # (the next runs' input: already on the devices, sharded)
    f(x).block_until_ready()
    times = []
    for _ in range(9):
        t0 = time.perf_counter(); f(x).block_until_ready(); times.append(time.perf_counter() - t0)
    out[str(n)] = statistics.median(times) / k * 1e6
print(json.dumps(out))
"""

MLP_STEP = r"""
import glob, os, shutil, sys
import jax, jax.numpy as jnp
from jax import lax
dump, out = sys.argv[1], sys.argv[2]
def step(w1, w2, x, y):
    def loss(w1, w2):
        return jnp.mean((jnp.tanh(x @ w1) @ w2 - y) ** 2)
    g1, g2 = jax.grad(loss, argnums=(0, 1))(w1, w2)
    return w1 - 0.1 * lax.pmean(g1, "i"), w2 - 0.1 * lax.pmean(g2, "i")
n = jax.device_count()
S = jax.ShapeDtypeStruct
args = [S((n, 256, 512), jnp.float32), S((n, 512, 64), jnp.float32), S((n, 128, 256), jnp.float32),
        S((n, 128, 64), jnp.float32)]
jax.pmap(step, axis_name="i").lower(*args).compile()
# (one device: no partitioning pass runs, the module as JAX gave it is the per-device one)
found = glob.glob(f"{dump}/*after_spmd-partitioning*.txt") or glob.glob(f"{dump}/*before_optimizations.txt")
shutil.copy(found[0], out)
"""


def _loops(tmp: Path) -> list[tuple[int, int, Path]]:
    rows = []
    for n in SIZES:
        k = 200 if n <= 1 << 14 else 20
        path = tmp / f"allreduce_{n}.hlo"
        path.write_text(LOOP.format(n=n, k=k))
        rows.append((n, k, path))
    return rows


def _mpiexec() -> str | None:
    beside = Path(sys.executable).parent / "mpiexec"
    return str(beside) if beside.exists() else shutil.which("mpiexec")


def _cpus() -> list[int]:
    try:
        return sorted(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # (not Linux)
        return []


@functools.cache
def _pinning(ranks: int) -> tuple[tuple[str, ...], str]:
    """(mpiexec arguments placing `ranks` ranks one per CPU, how) — `-bind-to core` when the launcher
    does it (each rank sees one CPU, all different), else MPMD blocks under taskset; ((), why not)."""
    launcher, cpus = _mpiexec(), _cpus()
    if launcher is None or len(cpus) < ranks:
        return (), f"not pinned ({len(cpus)} CPUs for {ranks} ranks)"
    probe = [sys.executable, "-c", "import os; print(sorted(os.sched_getaffinity(0)))"]
    r = subprocess.run([launcher, "-bind-to", "core", "-n", str(ranks), *probe], capture_output=True, text=True,
                       timeout=120)
    seen = [line for line in r.stdout.splitlines() if line.startswith("[")]
    if r.returncode == 0 and len(seen) == ranks and len(set(seen)) == ranks and all(s.count(",") == 0 for s in seen):
        return ("-bind-to", "core"), "mpiexec -bind-to core"
    if shutil.which("taskset"):
        return ("taskset",), "taskset"
    return (), "not pinned (no -bind-to core, no taskset)"


def _worker(args: list[str], ranks: int | None = None, pin: bool = False) -> dict | None:
    cmd = [sys.executable, "-m", "benchmarks.collectives_worker", *args]
    if ranks is not None:
        launcher = _mpiexec()
        if launcher is None:
            return None
        how = _pinning(ranks)[0] if pin else ()
        if how == ("taskset",):  # one MPMD block a rank, each under taskset on its own CPU
            blocks = [["-n", "1", "taskset", "-c", str(c), *cmd] for c in _cpus()[:ranks]]
            cmd = [launcher, *[x for i, blk in enumerate(blocks) for x in ([":"] if i else []) + blk]]
        else:
            cmd = [launcher, *how, "-n", str(ranks), *cmd]
    elif pin and _cpus() and shutil.which("taskset"):
        cmd = ["taskset", "-c", str(_cpus()[0]), *cmd]
    r = subprocess.run(cmd, capture_output=True, text=True, cwd=ROOT, timeout=1800)
    if r.returncode:
        print(f"bench_collectives: {' '.join(args[:2])} failed: {r.stderr[-300:]}", file=sys.stderr)
        return None
    return json.loads(r.stdout.strip().splitlines()[-1])


def _xla(code: str, *args: str, devices: int = 2, dump: str | None = None) -> str | None:
    py = oracle_python()
    if py is None:
        return None
    flags = f"--xla_force_host_platform_device_count={devices}"
    if dump:
        flags += f" --xla_dump_to={dump} --xla_dump_hlo_pass_re=spmd-partitioning"
    r = subprocess.run([py, "-c", code, *args], capture_output=True, text=True, timeout=1800,
                       env={**os.environ, "XLA_FLAGS": flags, "JAX_PLATFORMS": "cpu"})
    if r.returncode:
        print(f"bench_collectives: XLA failed: {r.stderr[-300:]}", file=sys.stderr)
        return None
    return r.stdout


def _us(v) -> str:
    return "-" if v is None else f"{v:.1f}" if v < 100 else f"{v:.0f}"


def _gbs(nbytes: int, us) -> str:
    return "-" if us is None else f"{nbytes / (us * 1e-6) / 1e9:.2f}"


def _allreduce(tmp: Path, quick: bool) -> str:
    loops = _loops(tmp)
    if quick:
        loops = loops[:2]
    paths = [str(p) for _, _, p in loops]
    have_mpi = _mpiexec() is not None and _has_mpi4py()
    osu = _worker(["mpi4py", *(str(n) for n, _, _ in loops)], ranks=2, pin=True) if have_mpi else None
    over_mpi = _worker(["hloc", *paths], ranks=2, pin=True) if have_mpi else None
    threads = _worker(["threads", *paths])
    xla_text = _xla(XLA_LOOP, json.dumps([[n, k] for n, k, _ in loops]))
    xla = json.loads(xla_text) if xla_text else None
    rows = []
    for n, k, path in loops:
        per = {name: (None if d is None else d[str(path)] / k * 1e6)
               for name, d in (("mpi", over_mpi), ("threads", threads))}
        o = None if osu is None else osu[str(n)]
        x = None if xla is None else xla[str(n)]
        ratio = "-" if o is None or per["mpi"] is None else f"{per['mpi'] / o:.1f}"
        rows.append([n, 4 * n, _us(o), _us(per["mpi"]), ratio, _us(per["threads"]), _us(x),
                     _gbs(4 * n, o), _gbs(4 * n, per["mpi"]), _gbs(4 * n, per["threads"]), _gbs(4 * n, x)])
    note = "" if have_mpi else "\n\n(no mpi4py/mpiexec: the MPI columns are empty; `pip install 'hloc[mpi]'`)"
    pinned = _pinning(2)[1] if have_mpi else "-"
    return ("### All-reduce, f32 sum, 2 devices\n\nMicroseconds per all-reduce (median run of the K-step loop / K; "
            "mpi4py: osu_allreduce's mean, max over the ranks); GB/s: the array's bytes per all-reduce time. "
            f"MPI ranks: {pinned}.\n\n"
            + table(["f32 elements", "bytes", "mpi4py Allreduce us", "hloc, 2 MPI ranks us", "hloc MPI / mpi4py",
                     "hloc, 2 threads us", "XLA:CPU, 2 devices us", "mpi4py GB/s", "hloc MPI GB/s",
                     "hloc threads GB/s", "XLA:CPU GB/s"], rows) + note)


def _has_mpi4py() -> bool:
    try:
        import mpi4py  # noqa: F401
    except ImportError:
        return False
    return True


def _scaling(tmp: Path) -> str:
    mods = {}
    for n in (1, 2):
        dump = tmp / f"dump{n}"
        dump.mkdir()
        out = tmp / f"mlp_step_{n}.hlo"
        if _xla(MLP_STEP, str(dump), str(out), devices=n, dump=str(dump)) is None:
            return "### Data-parallel step\n\n(skipped: no jax to make the modules)"
        mods[n] = str(out)
    load = load_average()
    have_mpi = _mpiexec() is not None and _has_mpi4py()
    one = _worker(["step", mods[1]], pin=True)
    two_mpi = _worker(["step", mods[2]], ranks=2, pin=True) if have_mpi else None
    two_threads = _worker(["step", mods[2]])
    cpus = _cpus()
    rows = []
    for label, d in (("1 process", one), ("2 MPI ranks", two_mpi), ("2 threads, one process", two_threads)):
        if d is None:
            rows.append([label] + ["-"] * 7)
            continue
        cpu = statistics.mean(d["device_cpu_ms"])
        rows.append([label, _ms(d["wall_ms"]), _ms(cpu), _ms(max(0.0, d["wall_ms"] - max(d["device_cpu_ms"]))),
                     f"{max(d['preempted']):.1f} / {max(d['blocked']):.1f}", _ms(d["allreduce_ms"]),
                     _ratio(one, d, "wall_ms"), _ratio(one, d, "cpu")])
    pinned = (f"ranks: {_pinning(2)[1]}" if have_mpi else "no MPI") + ("; threads: one per CPU (sched_setaffinity)"
                                                                       if len(cpus) >= 2 else "")
    return ("### Data-parallel MLP step, weak scaling\n\nA training step of a 256-512-64 tanh MLP on 128 rows a "
            "device (the gradients, 640 KiB, all-reduced), hloc native, medians of "
            "21 steps: wall ms per step (a step is its slowest device's, each device timed from a barrier); CPU "
            "ms per device and step (MPI: the rank's process time, MPICH's polling while it waits included; "
            "threads: the device thread's); off CPU: the step's wall time minus its busiest device's CPU "
            "time; switches: context switches per step of the device that had most, involuntary (the "
            "scheduler gave its CPU to another process) / voluntary (it blocked); all-reduce: the step's all-reduces "
            "in a profiling build (MPI only; waits for the other rank included). Efficiency: the 1-device "
            "value over the 2-device one (1.00: perfect weak scaling).\n\n"
            + table(["devices", "wall ms", "CPU ms a device", "off CPU ms", "switches a step", "all-reduce ms",
                     "efficiency (wall)", "efficiency (CPU)"], rows)
            + f"\n\nMachine: {len(cpus) or os.cpu_count()} CPUs for this process, load average {load} when the step "
              f"measurements started; {pinned}. " + _limits(len(cpus), load, one, two_mpi, two_threads))


def _ms(v) -> str:
    return "-" if v is None else f"{v:.2f}" if v < 10 else f"{v:.1f}"


def _ratio(one, two, key: str) -> str:
    if one is None or two is None:
        return "-"
    pick = (lambda d: statistics.mean(d["device_cpu_ms"])) if key == "cpu" else (lambda d: d[key])
    return f"{pick(one) / pick(two):.2f}"


def _limits(cpus: int, load: str, one, mpi, threads) -> str:
    """What the numbers say limits the 2-device steps, a clause per fact."""
    if one is None:
        return ""
    try:
        busy = float(load.split()[0])
    except (ValueError, IndexError):
        busy = 0.0
    said = []
    if busy > cpus:
        said.append(f"a load of {busy:.1f} on {cpus} CPUs: other processes were runnable beside these")
    for label, two in (("2 MPI ranks", mpi), ("2 threads", threads)):
        if two is None:
            continue
        off = two["wall_ms"] - max(two["device_cpu_ms"])
        clause = f"{label}: {two['wall_ms']:.2f} ms a step against {one['wall_ms']:.2f} ms on one device"
        if two["allreduce_ms"] is not None:
            clause += f", {two['allreduce_ms']:.2f} ms of it in the all-reduces"
        if off > 0.2 * two["wall_ms"]:
            preempted, blocked = max(two["preempted"]), max(two["blocked"])
            why = "preempted for other processes" if preempted >= blocked else "blocked, waiting for the other device"
            clause += (f"; {off:.2f} ms off CPU ({preempted:.1f} involuntary / {blocked:.1f} voluntary context "
                       f"switches a step: mostly {why})")
        said.append(clause)
    return ("Limits: " + "; ".join(said) + ".") if said else ""


def _overlap(tmp: Path, quick: bool) -> str:
    k, n = (200 if quick else 1000), 1 << 16
    paths = {}
    for form in OVERLAP_FORMS:
        paths[form] = tmp / f"overlap_{form}.hlo"
        paths[form].write_text(overlap_module(form, k, n))
    have_mpi = _mpiexec() is not None and _has_mpi4py()
    files = [str(paths[f]) for f in OVERLAP_FORMS]
    over_mpi = _worker(["hloc", *files], ranks=2) if have_mpi else None
    threads = _worker(["threads", *files])
    rows = []
    for label, d in (("2 MPI ranks", over_mpi), ("2 threads, one process", threads)):
        ms = {f: None if d is None else d[str(paths[f])] * 1e3 for f in OVERLAP_FORMS}
        a, b = ms["asynchronous"], ms["blocking"]
        rows.append([label, _us(b), _us(a), "-" if a is None or b is None else f"{a / b:.2f}"])
    return (f"### Overlap: all-reduce-start/-done around {k} independent steps\n\nms per run (median), f32[{n}] "
            "all-reduce, one step a sine of it; ratio ~0.5: the steps after the start ran while the all-reduce "
            "waited, ~1: they did not.\n\n"
            + table(["devices", "blocking ms", "asynchronous ms", "asynchronous / blocking"], rows))


def run(quick: bool) -> str:
    tmp = Path(tempfile.mkdtemp(prefix="hloc-bench-collectives-"))
    try:
        parts = [_allreduce(tmp, quick), _overlap(tmp, quick)]
        if not quick:
            parts.append(_scaling(tmp))
    finally:
        shutil.rmtree(tmp, ignore_errors=True)
    return "## Collectives\n\n" + __doc__.split("\n\n", 1)[1].strip() + "\n\n" + "\n\n".join(parts)
