"""Running a module on several devices: inputs and outputs per device, and where the devices run
(threads of this process, or this MPI rank among the others).

    dr = DeviceRunner(module, "llvm", options, replicas=2, partitions=1)
    per_device = dr.load_inputs(paths, per_device=True)   # or dr.random_inputs(seed)
    outs = dr.run(per_device)                             # [device][output leaf]

Inputs: without `per_device`, every device gets the same inputs (the files a one-device run
reads); with it, either one file set per device (N .npz, or N x k .npy in device order) or one
.npz whose arrays have a leading device axis. Random inputs: device d draws from seed S*1000 + d
(tests/devices_oracle.py draws the same). Under MPI, every rank runs its own device and rank 0
gathers the outputs; the others get None.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ..errors import RunError, UsageError
from ..ir.devices import module_replicas_partitions
from ..ir.sharding import needs_partitioning
from . import npio
from .runner import Runner, max_elements


def devices_for(module, devices: int | None) -> tuple[int, int]:
    """(replicas, partitions): the header's; `devices` alone makes a one-device header that many
    replicas and must equal the header's count otherwise."""
    r, p = module_replicas_partitions(module)
    if devices is None or devices == r * p:
        return r, p
    if r * p == 1:
        return devices, 1
    raise UsageError(f"--devices {devices}, but the module is for {r * p} devices ({r} replicas x {p} partitions)")


def _partitioner_message(loc) -> str:
    from ..parse.dumps import per_device_module

    what = ("the module still carries sharding annotations for XLA's SPMD partitioner, which hloc does not have "
            "yet (README: roadmap): ")
    beside = per_device_module(loc.filename) if loc is not None and loc.filename else None
    if beside is not None:
        return what + f"run the per-device module XLA made of it, {beside}"
    return what + ("give the per-device module (XLA_FLAGS='--xla_dump_to=DIR --xla_dump_hlo_pass_re=spmd-partitioning' "
                   "writes it as DIR/module_*.after_spmd-partitioning*.txt; `hloc run DIR` picks it)")


class DeviceRunner:
    """Runs `module` on replicas x partitions devices (a one-device module's header is set to them)."""

    def __init__(self, module, backend: str, options, replicas: int, partitions: int, mpi_comm=None):
        instr = needs_partitioning(module)
        if instr is not None:
            raise RunError(_partitioner_message(instr.loc), instr.loc)
        if module_replicas_partitions(module) != (replicas, partitions):
            # The compiled code reads the header (a one-device module's replica-id is the constant
            # 0): the module says how many devices it runs on.
            module.attrs.update(replica_count=replicas, num_partitions=partitions)
        self.module = module
        self.replicas, self.partitions = replicas, partitions
        self.devices = replicas * partitions
        self.backend = backend
        self.mpi_comm = mpi_comm
        self.runner = Runner(module, backend, options=options)

    @property
    def outputs(self):
        return self.runner.outputs

    # -- inputs
    def random_inputs(self, seed: int) -> list[list[np.ndarray]]:
        return [self.runner.random_inputs(seed * 1000 + d) for d in range(self.devices)]

    def load_inputs(self, paths: Sequence[str], per_device: bool) -> list[list[np.ndarray]]:
        n = self.devices
        if not per_device:
            leaves = self.runner.load_inputs(list(paths))
            return [leaves for _ in range(n)]
        limit = max_elements(leaf.shape for leaf in self.runner.inputs)
        if len(paths) == 1:
            data = npio.load_arrays(paths[0], None if limit is None else limit * n)
            if not isinstance(data, dict):
                raise RunError(f"'{paths[0]}': per-device inputs in one file are an .npz with a leading device axis")
            for k, a in data.items():
                if a.ndim == 0 or a.shape[0] != n:
                    raise RunError(f"'{paths[0]}:{k}' has shape {list(a.shape)}: per-device inputs need a leading "
                                   f"axis of {n} devices")
            return [self.runner._from_npz({k: a[d] for k, a in data.items()}, f"{paths[0]}[device {d}]")
                    for d in range(n)]
        if len(paths) % n:
            raise RunError(f"{len(paths)} input files for {n} devices: give one set per device, or one .npz with "
                           "a leading device axis")
        per = len(paths) // n
        return [self.runner.load_inputs(list(paths[d * per:(d + 1) * per])) for d in range(n)]

    # -- running
    def run(self, per_device: list[list[np.ndarray]]) -> list[list[np.ndarray]] | None:
        if self.backend == "interp":
            return self._run_interp(per_device)
        from . import collectives

        exe = self._native()
        if self.mpi_comm is not None:
            from .mpi import MpiCommunicator

            comm = MpiCommunicator(self.mpi_comm, self.replicas, self.partitions)
            mine = comm.call(lambda: self.runner.run(per_device[comm.device]))
            gathered = self.mpi_comm.gather(mine, root=0)
            return gathered if comm.device == 0 else None
        from ..runtime.values import flatten_result

        values = collectives.run_threads(lambda leaves: exe(self.runner._args(leaves)), per_device, self.replicas,
                                         self.partitions)
        return [flatten_result(self.module.entry.root.shape, v, self.backend) for v in values]

    def bench(self, per_device: list[list[np.ndarray]], n: int) -> DeviceTimes | None:
        """Time `n` runs after run()'s warm-up. Before each run the devices meet at a barrier (threads:
        one barrier; MPI: MPI_Barrier); each device times its own call, from leaving the barrier to
        its return, collectives' waits included. A run's time is its slowest device's. The
        interpreter runs all devices in one call: its run times are that call's, with no per-device
        times. Under MPI rank 0 gets every rank's times; the others None."""
        import threading
        import time

        if self.backend == "interp":
            steps = []
            for _ in range(n):
                t0 = time.perf_counter()
                self._run_interp(per_device)
                steps.append(time.perf_counter() - t0)
            return DeviceTimes(steps, None, "interp")
        from . import collectives
        from .backends import bound_call

        exe = self._native()
        if self.mpi_comm is not None:
            from .mpi import MpiCommunicator

            comm = MpiCommunicator(self.mpi_comm, self.replicas, self.partitions)
            args = self.runner._args(per_device[comm.device])

            def timed_ranks() -> list[float]:
                call = bound_call(exe, args)
                times = []
                for _ in range(n):
                    self.mpi_comm.Barrier()
                    t0 = time.perf_counter()
                    call()
                    times.append(time.perf_counter() - t0)
                return times

            gathered = self.mpi_comm.gather(collectives.call_as(comm, timed_ranks), root=0)
            return DeviceTimes.of_devices(gathered, "mpi") if comm.device == 0 else None
        barrier = threading.Barrier(self.devices)
        per: list[list[float]] = [[] for _ in range(self.devices)]

        def timed_thread(item) -> None:
            d, leaves = item
            try:
                call = bound_call(exe, self.runner._args(leaves))  # (as Runner.bench: only the call is timed)
                for _ in range(n):
                    barrier.wait()
                    t0 = time.perf_counter()
                    call()
                    per[d].append(time.perf_counter() - t0)
            except BaseException:
                barrier.abort()  # (the others would wait for this device forever)
                raise

        collectives.run_threads(timed_thread, list(enumerate(per_device)), self.replicas, self.partitions)
        return DeviceTimes.of_devices(per, "threads")

    def profiles(self) -> list | None:
        """A profiling build's kernel profile of every device (reset after the warm-up run): one
        process per device under MPI (rank 0 gets them all, the others None)."""
        counters = getattr(self.runner.executable, "profile", None)
        if counters is None:
            return None
        mine = counters.read()
        if self.mpi_comm is None:
            return [mine]
        gathered = self.mpi_comm.gather(mine, root=0)
        return gathered if self.mpi_comm.Get_rank() == 0 else None

    def _native(self):
        """The compiled module, linked against the collective runtime."""
        from . import collectives

        collectives.install()
        return self.runner._ready()

    def set_profile_clock(self, clock: str) -> None:
        counters = getattr(self._native(), "profile", None)
        if counters is not None:
            counters.clock = clock

    def reset_profile(self) -> None:
        counters = getattr(self.runner.executable, "profile", None)
        if counters is not None:
            counters.reset()

    def _run_interp(self, per_device):
        from ..interp import TOKEN, evaluate_devices
        from ..runtime.values import flatten_result, unflatten

        args = [unflatten(list(self.runner.signature.param_shapes), list(leaves), TOKEN) for leaves in per_device]
        if self.mpi_comm is not None:
            raise UsageError("--backend interp runs every device in this process: run it without mpirun")
        values = evaluate_devices(self.module, args, self.replicas, self.partitions)
        return [flatten_result(self.module.entry.root.shape, v, "interp") for v in values]


class DeviceTimes:
    """Run times of a multi-device bench, in seconds: `steps[i]` run i's (its slowest device's),
    `per_device[d][i]` device d's own (None on the interpreter); `where` threads | mpi | interp."""

    __slots__ = ("steps", "per_device", "where")

    def __init__(self, steps: list[float], per_device: list[list[float]] | None, where: str):
        self.steps, self.per_device, self.where = steps, per_device, where

    @staticmethod
    def of_devices(per_device: list[list[float]], where: str) -> DeviceTimes:
        return DeviceTimes([max(run) for run in zip(*per_device)], per_device, where)

    def slowest_device(self) -> int | None:
        """The device with the highest median time."""
        if not self.per_device:
            return None
        import statistics

        medians = [statistics.median(t) for t in self.per_device]
        return medians.index(max(medians))


def stack_outputs(per_device: list[list[np.ndarray]]) -> list[np.ndarray]:
    """Output k of every device, stacked on a leading device axis."""
    return [np.stack([outs[k] for outs in per_device]) for k in range(len(per_device[0]))] if per_device else []
