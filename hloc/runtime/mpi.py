"""Collectives across MPI ranks: one device per rank (`mpirun -n N hloc run M.hlo ...`).

mpi4py on MPICH, both from the package index (`pip install 'hloc[mpi]'`: the `mpich` wheel ships
libmpi and `mpiexec`, and mpi4py's wheels load it at run time: no compiler, no system package,
the same in CI as on a laptop; launch with that `mpiexec`, beside the Python). An MPI of the
system works too, e.g. Debian's openmpi with mpi4py built against it (`pip install --no-binary
mpi4py mpi4py`). Rank d is device d (replica d // P, partition d % P); the world has exactly
replicas x partitions ranks.

Each collective's group gets its own communicator (split from the world the first time, by
every rank, as every rank reaches every collective). All-reduce with a reducer MPI has (sum,
product, min, max on 4- and 8-byte numbers) reduces in MPI, straight into the result buffer
(MPI_IN_PLACE), reduce-scatter likewise with MPI_Reduce_scatter_block; MPI may associate the
sum differently from XLA:CPU's left to right for more than two ranks. The native runtime calls
MPI_Allreduce (all devices, those reducers and types) and MPI_Allgather (along the physically major
dimension) itself, through the C functions of the libmpi mpi4py loaded (`_mpi_table`), with the
handles mpi4py gives; the rest comes here. All-gather is
MPI_Allgather of the operands' bytes (any element type). Everything else gathers the group's
operands and combines them with the interpreter's definitions (interp/collective_math.py).
collective-permute sends and receives point to point.
"""

from __future__ import annotations

import atexit
import ctypes
import os
import sys
import time

import numpy as np

from ..backend.llvm.library import rendezvous as rv
from ..errors import RunError, UsageError
from .collectives import Communicator, Op, new_context
from .launcher import launched_ranks, launcher_family


def world():
    """MPI.COMM_WORLD (initialising MPI), or a UsageError saying how to get mpi4py or which launcher
    to use: checked before MPI_Init, which aborts the process under another MPI's launcher."""
    try:
        import mpi4py
    except ImportError as e:
        raise UsageError(f"running under an MPI launcher needs mpi4py ({e}): pip install 'hloc[mpi]'") from None
    mpi4py.rc.initialize = False
    from mpi4py import MPI

    if not MPI.Is_initialized():
        ours, theirs = _family(MPI.Get_library_version()), launcher_family()
        if ours and theirs and ours != theirs:
            raise UsageError(f"an {theirs} launcher started this rank, but mpi4py runs on {ours} ({_library()}): use "
                             f"the mpiexec of mpi4py's MPI (with hloc[mpi], the one installed beside hloc)")
        MPI.Init_thread(MPI.THREAD_MULTIPLE)
        atexit.register(MPI.Finalize)
    return MPI.COMM_WORLD


def _family(library_version: str) -> str | None:
    if "Open MPI" in library_version:
        return "Open MPI"
    return "MPICH" if "MPICH" in library_version else None


def _library() -> str:
    from mpi4py import MPI

    return " ".join(MPI.Get_library_version().split("\n")[0].split())


_MPI_OPS = {"add": "SUM", "multiply": "PROD", "minimum": "MIN", "maximum": "MAX"}


class MpiCommunicator(Communicator):
    def __init__(self, comm, replicas: int, partitions: int):
        from mpi4py import MPI

        self.MPI = MPI
        self.comm = comm
        self.replicas, self.partitions = replicas, partitions
        self.device = comm.Get_rank()
        launched = launched_ranks()
        if comm.Get_size() == 1 and launched is not None and launched > 1:
            raise RunError(f"the launcher started {launched} ranks, but the MPI mpi4py loads ({_library()}) sees a "
                           "world of 1: the launcher belongs to another MPI; use the mpiexec of mpi4py's MPI (with "
                           "hloc[mpi], the one installed beside hloc)")
        if comm.Get_size() != replicas * partitions:
            raise RunError(f"{comm.Get_size()} MPI ranks for a module of {replicas * partitions} devices "
                           f"({replicas} replicas x {partitions} partitions): mpirun -n {replicas * partitions}")
        self._subs: dict = {}
        self._table = _mpi_table(MPI) if isinstance(comm, MPI.Comm) else None
        if self._table is not None:
            self.context = new_context(rv.MODE_MPI, self.device, comm=MPI._handleof(comm),
                                       mpi_table=ctypes.addressof(self._table))

    def call(self, fn):
        """fn() as this rank's device (collectives.call_as). When it fails, the error is printed and
        every rank aborted (MPI_Abort): the others may wait in a collective this rank never reaches."""
        from .collectives import call_as

        try:
            return call_as(self, fn)
        except BaseException as e:
            if self.comm.Get_size() > 1:
                sys.stderr.write(f"hloc: rank {self.device} of {self.comm.Get_size()}: {e}\n"
                                 "hloc: aborting the other ranks (MPI_Abort)\n")
                sys.stderr.flush()
                # Hydra's proxy drops what is still in its stdio pipes when a rank aborts: give it
                # time to forward the message first.
                time.sleep(0.25)
                self.comm.Abort(1)
            raise

    def _sub(self, op: Op):
        key = tuple(map(tuple, op.groups))
        sub = self._subs.get(key)
        if sub is None:
            group = op.group_of(self.device)
            sub = self._subs[key] = self.comm.Split(op.groups.index(group), group.index(self.device))
        return sub

    def run(self, op: Op, operands: list[np.ndarray], results: list[np.ndarray]) -> None:
        if self.ids(op, results):
            return
        if op.op == "collective-permute":
            self._permute(op, operands, results)
            return
        sub = self._sub(op)
        fast = _MPI_OPS.get(op.reducer or "")
        if op.op == "all-reduce" and fast and all(_mpi_native(a) for a in operands) and all(
                a.major_to_minor == r.major_to_minor for a, r in zip(op.operands, op.results)):
            # Elementwise: reduced as laid out in memory, whatever the layout (the physical arrays
            # are contiguous; the logical views of a non-default layout are not).
            for a, out, layout in zip(operands, results, op.results):
                phys = out.transpose(layout.major_to_minor)
                phys[...] = a.transpose(layout.major_to_minor)
                sub.Allreduce(self.MPI.IN_PLACE, phys, op=getattr(self.MPI, fast))
            return
        if op.op == "all-gather" and op.dimension is not None:
            self._all_gather(sub, op.dimension, operands, results)
            return
        if op.op == "reduce-scatter" and fast and op.dimension is not None and all(_mpi_native(a) for a in operands):
            self._reduce_scatter(sub, op.dimension, getattr(self.MPI, fast), operands, results)
            return
        values = sub.allgather([np.ascontiguousarray(a) for a in operands])
        mine = op.combine(values)[sub.Get_rank()]
        for out, value in zip(results, mine):
            out[...] = value

    def _all_gather(self, sub, dim: int, operands, results) -> None:
        """MPI_Allgather of each operand's bytes, concatenated along `dim` in group order."""
        n = sub.Get_size()
        for a, out in zip(operands, results):
            mine = np.ascontiguousarray(a)
            gathered = np.empty((n,) + mine.shape, mine.dtype)
            if mine.size:
                sub.Allgather([mine.reshape(-1).view(np.uint8), self.MPI.BYTE],
                              [gathered.reshape(-1).view(np.uint8), self.MPI.BYTE])
            out[...] = np.concatenate(list(gathered), axis=dim)

    def _reduce_scatter(self, sub, dim: int, mpi_op, operands, results) -> None:
        """MPI_Reduce_scatter_block over the operand's `n` blocks along `dim` (block i to member i)."""
        n = sub.Get_size()
        for a, out in zip(operands, results):
            if a.shape[dim] % n:
                raise RunError(f"reduce-scatter: dimension {dim} of {list(a.shape)} does not split into {n} blocks")
            blocks = np.ascontiguousarray(np.stack(np.split(a, n, axis=dim)))
            mine = np.empty(blocks.shape[1:], a.dtype)
            sub.Reduce_scatter_block(blocks, mine, op=mpi_op)
            out[...] = mine

    def _permute(self, op: Op, operands, results) -> None:
        me = self.device
        sends = [t for s, t in op.pairs if s == me]
        source = [s for s, t in op.pairs if t == me]
        requests = [self.comm.Isend(np.ascontiguousarray(a), dest=t, tag=k) for t in sends
                    for k, a in enumerate(operands)]
        for k, out in enumerate(results):
            if source:
                buf = np.empty(out.shape, out.dtype)
                self.comm.Recv(buf, source=source[0], tag=k)
                out[...] = buf
            else:
                out[...] = 0
        self.MPI.Request.Waitall(requests)


# The element types MPI reduces itself (MPI_FLOAT, MPI_DOUBLE, MPI_INT32_T, ...); narrow floats,
# sub-byte and complex types, pred go through the interpreter's reducer.
_MPI_DTYPES = frozenset(np.dtype(t) for t in (np.float32, np.float64, np.int32, np.int64, np.uint32, np.uint64))


def _mpi_native(a: np.ndarray) -> bool:
    return a.dtype in _MPI_DTYPES


_MPI_TYPE_NAMES = {"f32": "FLOAT", "f64": "DOUBLE", "s32": "INT32_T", "s64": "INT64_T", "u32": "UINT32_T",
                   "u64": "UINT64_T", "byte": "BYTE"}
_MPI_OP_NAMES = {"add": "SUM", "multiply": "PROD", "minimum": "MIN", "maximum": "MAX"}


def _mpi_table(MPI):  # noqa: N803 - the module's own name
    """The native runtime's MPI table (rendezvous.MPI_*): the C functions of the libmpi this process
    loaded for mpi4py, MPI_IN_PLACE and the handles; None when that library is not found."""
    lib = _libmpi()
    if lib is None:
        return None
    table = (ctypes.c_int64 * rv.MPI_TABLE_WORDS)()
    try:
        for index, name in rv.MPI_FUNCTIONS.items():
            table[index] = ctypes.cast(getattr(lib, name), ctypes.c_void_p).value
    except AttributeError:
        return None
    table[rv.MPI_IN_PLACE] = int(MPI.IN_PLACE)
    for k, name in enumerate(rv.MPI_DTYPES):
        table[rv.MPI_TYPES_AT + k] = MPI._handleof(getattr(MPI, _MPI_TYPE_NAMES[name]))
    for k, name in enumerate(rv.MPI_OPS):
        table[rv.MPI_OPS_AT + k] = MPI._handleof(getattr(MPI, _MPI_OP_NAMES[name]))
    return table


def _libmpi():
    """The MPI library mpi4py loaded (found among this process's mappings), or None."""
    try:
        with open(f"/proc/{os.getpid()}/maps") as f:
            paths = {line.split()[-1] for line in f if "/libmpi.so" in line}
    except OSError:
        paths = set()
    for path in sorted(paths):
        try:
            return ctypes.CDLL(path)
        except OSError:
            continue
    try:
        lib = ctypes.CDLL(None)
        lib.MPI_Allreduce  # noqa: B018 - present when libmpi is loaded globally
        return lib
    except (OSError, AttributeError):
        return None
