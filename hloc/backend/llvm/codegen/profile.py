"""Per-kernel profiles of compiled modules (`hloc run --profile`, `hloc compile --profile`).

A profiling build (BuildOptions(profile=True)) times every kernel call of the entry and of the
computations control flow calls: the nanoseconds between the call's start and its return and the
number of calls, per call site. The clock is wall time (CLOCK_MONOTONIC; with several threads, the
kernel's parallel span as the caller sees it) unless the caller picks the calling thread's CPU time
(CLOCK_THREAD_CPUTIME_ID: with one thread, the kernel's work without the time the thread was
descheduled; a system call per reading, ~185 ns here, where the wall clock's takes ~17 ns). A while
or conditional site times its whole run, its body's kernels being sites of their own too. Profiling
builds are for 64-bit Linux targets (clock_gettime's timespec as two 64-bit fields). The object exports

    int64_t <entry>_profile_counters[2 * N];   site i: [2i] nanoseconds, [2i+1] calls (zero them to reset)
    const char <entry>_profile_sites[];        N lines "label<TAB>computation<TAB>kind<TAB>flops<TAB>bytes"
    int32_t <entry>_profile_clock;             the clock_gettime clock id: 1 (CLOCK_MONOTONIC, the default)
                                               or 3 (CLOCK_THREAD_CPUTIME_ID)

`label` is the HLO instruction (row groups: their members joined by '+'), `kind` its opcode (fusion:
its kind), `flops` 2 per multiply-add of a dot or convolution (else 0), `bytes` what the kernel reads
and writes at least (its distinct buffers once each). The counters are plain adds: concurrent calls
of one module may lose counts. Timing costs two clock reads per kernel call.

This module reads and formats the counters and is light on purpose (no llvmlite): a cached
`hloc run --profile` reads a profile without importing the compiler. The emitter's side is
emitter.KernelTimer.
"""

from __future__ import annotations

import ctypes
import math

from ....record import Record

COUNTERS = "profile_counters"  # exported as <entry>_profile_counters
SITES = "profile_sites"
CLOCK = "profile_clock"
CLOCKS = {"wall": 1, "thread": 3}  # clock_gettime's CLOCK_MONOTONIC, CLOCK_THREAD_CPUTIME_ID (Linux)
# Sites whose time includes other sites' (the kernels of the computations they run, a concurrent
# region's branches: emitter.py): shown, but not added into the total and the shares.
INCLUSIVE_KINDS = frozenset({"while", "conditional", "concurrent"})


def symbols(entry_name: str) -> tuple[str, str, str]:
    return f"{entry_name}_{COUNTERS}", f"{entry_name}_{SITES}", f"{entry_name}_{CLOCK}"


class Site(Record):
    """One timed call site: what the profile table says about it."""

    __slots__ = ("label", "computation", "kind", "flops", "bytes")

    def __init__(self, label: str, computation: str, kind: str, flops: int, bytes: int):
        self.label = label
        self.computation = computation
        self.kind = kind
        self.flops = flops
        self.bytes = bytes

    def line(self) -> str:
        clean = [x.replace("\t", " ").replace("\n", " ") for x in (self.label, self.computation, self.kind)]
        return "\t".join([*clean, str(self.flops), str(self.bytes)])

    @staticmethod
    def parse(line: str) -> Site:
        label, comp, kind, flops, nbytes = line.split("\t")
        return Site(label, comp, kind, int(flops), int(nbytes))


def sites_text(sites: list[Site]) -> str:
    return "".join(s.line() + "\n" for s in sites)


class Profile(Record):
    """Counters read from a loaded module: per site its total nanoseconds and calls."""

    __slots__ = ("sites", "ns", "calls", "clock")

    def __init__(self, sites: list[Site], ns: list[int], calls: list[int], clock: str = "wall"):
        self.sites = sites
        self.ns = ns
        self.calls = calls
        self.clock = clock  # what ns measures (CLOCKS)


class Counters:
    """The profile counters of one loaded module (the addresses of its three exported symbols)."""

    def __init__(self, counters_address: int, sites_address: int, clock_address: int):
        self.sites = [Site.parse(x) for x in ctypes.string_at(sites_address).decode().splitlines() if x]
        self._array = (ctypes.c_int64 * (2 * len(self.sites))).from_address(counters_address)
        self._clock = ctypes.c_int32.from_address(clock_address)

    @property
    def clock(self) -> str:
        """'wall' or 'thread' (CLOCKS): what the counters' nanoseconds measure from now on."""
        return {v: k for k, v in CLOCKS.items()}.get(self._clock.value, str(self._clock.value))

    @clock.setter
    def clock(self, name: str) -> None:
        self._clock.value = CLOCKS[name]

    def reset(self) -> None:
        ctypes.memset(ctypes.addressof(self._array), 0, ctypes.sizeof(self._array))

    def read(self) -> Profile:
        values = list(self._array)
        return Profile(self.sites, values[0::2], values[1::2], self.clock)


def gemm_shape(instr) -> tuple[int, int, int, int] | None:
    """(batch, M, K, N) of a dot or a convolution as a BLAS would compute it, else None: a dot's batch,
    lhs-free, contracting and rhs-free dims each multiplied out; a convolution as its im2col product
    (M = batch x output positions, K = window x input features per group, N = output features per
    group, batch = groups)."""
    if instr.opcode == "dot":
        lhs, rhs = instr.operands[0].shape.dims, instr.operands[1].shape.dims
        batch = math.prod(lhs[i] for i in instr.attrs.get("lhs_batch_dims", ()))
        k = math.prod(lhs[i] for i in instr.attrs.get("lhs_contracting_dims", ()))
        return batch, math.prod(lhs) // (batch * k), k, math.prod(rhs) // (batch * k)
    if instr.opcode == "convolution":
        dl = instr.attrs["dim_labels"]
        x, w, y = instr.operands[0].shape.dims, instr.operands[1].shape.dims, instr.shape.dims
        groups = instr.attrs.get("feature_group_count", 1) or 1
        m = y[dl.output_batch] * math.prod(y[i] for i in dl.output_spatial)
        k = math.prod(w[i] for i in dl.kernel_spatial) * x[dl.input_feature] // groups
        return groups, m, k, w[dl.kernel_output_feature] // groups
    return None


def gemm_flops(instr) -> int:
    """2 per multiply-add of a dot or a convolution, or of those a fusion holds (else 0)."""
    if instr.opcode == "fusion":
        return sum(gemm_flops(i) for c in instr.called_computations for i in c.instructions)
    shape = gemm_shape(instr)
    return 2 * math.prod(shape) if shape else 0


def format_profile(profile: Profile, runs: int, wall_seconds: float | None = None) -> str:
    """The profile as a table, costliest site first: per run, time, share, rate. A while or conditional
    site's time includes its computations' sites (listed too): `incl.`, outside the total."""
    rows = sorted(range(len(profile.sites)), key=lambda i: -profile.ns[i])
    total_ns = sum(ns for s, ns in zip(profile.sites, profile.ns) if s.kind not in INCLUSIVE_KINDS)
    runs = max(1, runs)
    what = " of the calling thread's CPU time" if profile.clock == "thread" else ""
    head = f"profile: {runs} run{'s' if runs != 1 else ''}, kernels {total_ns / runs / 1e6:.3f} ms{what} per run"
    if wall_seconds is not None:
        head += f" of {wall_seconds / runs * 1e3:.3f} ms wall"
    lines = [head, f"{'ms/run':>9} {'%':>6} {'calls/run':>9} {'GFLOP/s':>8} {'GB/s':>7}  kind  site"]
    for i in rows:
        s, ns, calls = profile.sites[i], profile.ns[i], profile.calls[i]
        if not calls:
            continue
        secs = ns / 1e9
        gflops = f"{s.flops * calls / secs / 1e9:8.1f}" if s.flops and secs else f"{'':8}"
        gbs = f"{s.bytes * calls / secs / 1e9:7.1f}" if s.bytes and secs else f"{'':7}"
        where = "" if s.computation == "entry" else f" (in {s.computation})"
        share = "incl." if s.kind in INCLUSIVE_KINDS else f"{100 * ns / total_ns if total_ns else 0:6.1f}"
        lines.append(f"{ns / runs / 1e6:9.3f} {share:>6} {calls / runs:9.4g} "
                     f"{gflops} {gbs}  {s.kind}  {s.label}{where}")
    return "\n".join(lines) + "\n"
