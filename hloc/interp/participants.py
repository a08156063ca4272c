"""N devices in one process: one Evaluator per device, each on its own thread, meeting at every
collective (a rendezvous keyed by the instruction and how often this device has run it).

    evaluator.evaluate_devices(module, [args_of_device_0, ...]) -> [result_of_device_0, ...]

The device count is the module header's replica_count x num_partitions unless given. The values
of a collective are combined once, by the last participant to arrive, in the group's order, so the
results do not depend on thread timing. A participant that fails, finishes early or waits forever
(every unfinished device waiting on a collective that cannot complete) fails the whole run with a
RunError naming the instruction.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence

from ..errors import HlocError, RunError
from ..ir.devices import module_replicas_partitions


class Participant:
    """One device of a run: who it is, and the rendezvous it shares with the others."""

    def __init__(self, device: int, replicas: int, partitions: int, rendezvous: Rendezvous | None):
        self.device = device
        self.replicas = replicas
        self.partitions = partitions
        self.replica, self.partition = divmod(device, partitions)
        self.rendezvous = rendezvous
        self._runs: dict = {}

    @property
    def devices(self) -> int:
        return self.replicas * self.partitions

    def exchange(self, instr, group: Sequence[int], value, combine: Callable[[list], list]):
        """Give `value` to `instr`'s collective among `group` (device numbers, in order); returns this
        device's element of combine([value of each member, in group order])."""
        n = self._runs.get(instr, 0)
        self._runs[instr] = n + 1
        if len(group) == 1:
            return combine([value])[0]
        if self.rendezvous is None:
            raise RunError(f"'{instr.opcode}' needs {len(group)} devices; this evaluator runs one", instr.loc)
        return self.rendezvous.exchange((instr, n, tuple(group)), group, self.device, value, combine, instr)


def single_device() -> Participant:
    """Device 0 of a one-device system: what an Evaluator without a participant is."""
    return Participant(0, 1, 1, None)


class _Slot:
    __slots__ = ("values", "results", "taken")

    def __init__(self):
        self.values: dict[int, object] = {}
        self.results: list | None = None
        self.taken = 0


class Rendezvous:
    """Where the devices of one run meet."""

    def __init__(self, devices: int):
        self.devices = devices
        self.cond = threading.Condition()
        self.slots: dict = {}
        self.waiting: dict[int, object] = {}
        self.finished: set[int] = set()
        self.failure: str | None = None

    def exchange(self, key, group, device, value, combine, instr):
        with self.cond:
            slot = self.slots.setdefault(key, _Slot())
            slot.values[device] = value
            if len(slot.values) == len(group):
                try:
                    slot.results = combine([slot.values[d] for d in group])
                except BaseException as e:
                    self._fail(f"device {device}: {e}")
                    raise
                for d in group:  # (no longer waiting, though not yet awake)
                    self.waiting.pop(d, None)
                self.cond.notify_all()
            else:
                self.waiting[device] = key
                try:
                    while slot.results is None:
                        self._check(slot, group, instr)
                        self.cond.wait(0.5)
                finally:
                    self.waiting.pop(device, None)
            result = slot.results[list(group).index(device)]
            slot.taken += 1
            if slot.taken == len(group):
                del self.slots[key]
            return result

    def _check(self, slot, group, instr) -> None:
        if self.failure is not None:
            raise RunError(f"'{instr.name}' ({instr.opcode}) did not complete: {self.failure}", instr.loc)
        gone = [d for d in group if d in self.finished and d not in slot.values]
        if gone:
            self._fail(f"device {gone[0]} finished without reaching '{instr.name}'")
        elif len(self.waiting) + len(self.finished) == self.devices:
            self._fail(f"every device waits at a collective that cannot complete ('{instr.name}' waits for "
                       f"devices {[d for d in group if d not in slot.values]})")
        if self.failure is not None:
            raise RunError(f"'{instr.name}' ({instr.opcode}) did not complete: {self.failure}", instr.loc)

    def _fail(self, why: str) -> None:
        if self.failure is None:
            self.failure = why
        self.cond.notify_all()

    def finish(self, device: int, error: str | None) -> None:
        with self.cond:
            self.finished.add(device)
            if error is not None:
                self._fail(f"device {device} failed: {error}")
            self.cond.notify_all()


def devices_of(module, replicas: int | None = None, partitions: int | None = None) -> tuple[int, int]:
    """(replicas, partitions) of a run: the header's unless given."""
    r, p = module_replicas_partitions(module)
    return (replicas or r), (partitions or p)


def run_devices(make_run: Callable[[Participant], Callable[[], object]], replicas: int, partitions: int) -> list:
    """Run `make_run(participant)()` for every device on its own thread; their results in device order.
    The first failure (the lowest device whose own error is not a consequence of another's) is raised."""
    n = replicas * partitions
    rendezvous = Rendezvous(n)
    results: list = [None] * n
    errors: list = [None] * n

    def body(d: int) -> None:
        err = None
        try:
            results[d] = make_run(Participant(d, replicas, partitions, rendezvous))()
        except BaseException as e:  # reported below, in device order
            errors[d] = e
            err = str(e)
        finally:
            rendezvous.finish(d, err)

    threads = [threading.Thread(target=body, args=(d,), name=f"hloc-device-{d}", daemon=True) for d in range(n)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    own = [e for e in errors if e is not None and "did not complete" not in str(e)]
    first = (own or [e for e in errors if e is not None] or [None])[0]
    if first is not None:
        if isinstance(first, HlocError):
            raise first
        raise RunError(f"{type(first).__name__}: {first}") from first
    return results
