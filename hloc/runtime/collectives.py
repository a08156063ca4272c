"""The collectives' runtime: what a multi-device module's native code calls, `hloc_collective(op,
operands, results)` (backend/llvm/kernels/collectives.py), and how the participants meet.

The object code is the same however it runs; the communicator is chosen when it runs, per thread:

  * threads of one process (`hloc run --devices N`): one thread per device, meeting at the
    rendezvous the interpreter uses (interp/participants.py), values combined by the same
    definitions (interp/collective_math.py), each result written straight into its buffer;
  * MPI ranks (`mpirun -n N hloc run ...`): runtime/mpi.py, one device per rank.

What the objects call is the native runtime (backend/llvm/library/rendezvous.py, compiled once per
process): it runs the common collectives itself, without Python (threads: a rendezvous over the
devices' buffers; MPI: the MPI C API of the library mpi4py loaded), from the binary descriptor in
front of `op`. The rest, and every collective of a thread not bound to a device, it hands to the
Python callback here (`_dispatch`): reducers other than add / multiply / minimum / maximum / and /
or, narrow float and complex element types, a permute with one target of several sources,
ragged-all-to-all; under MPI also replica groups other than the whole world, all-gather along a
dimension not physically major, and the other collectives.

In the callback, `op` is the instruction's JSON description (ir/devices.describe), parsed once:
equal descriptions are one Op, so the devices of a run meet at the same key. A failure inside the
callback cannot unwind through the native code: it is kept, the call goes on with the result
buffers as they are, and the runner raises it when the entry returns; a native collective that
cannot complete (a device failed, finished without reaching it, or reached another one) reports
through the device's native context likewise, the others released.
"""

from __future__ import annotations

import ctypes
import json
import threading
from collections.abc import Callable, Sequence

import numpy as np

from ..backend.llvm.library import rendezvous as rv
from ..backend.llvm.loader_orc import set_device_thread
from ..errors import HlocError, RunError
from ..interp import collective_math as cm
from ..ir.types import ELEMENT_TYPES

SYMBOL = "hloc_collective"
_local = threading.local()


class Op:
    """One collective of a compiled module, from its description."""

    def __init__(self, desc: dict):
        self.desc = desc
        self.op: str = desc["op"]
        self.name = self.opcode = self.op  # (what the rendezvous names in its errors)
        self.loc = None
        self.groups: list[list[int]] = desc.get("groups") or []
        self.pairs: list[list[int]] = desc.get("pairs") or []
        self.dimension: int | None = desc.get("dimension")
        self.operands = [_Buffer(*b) for b in desc["operands"]]
        self.results = [_Buffer(*b) for b in desc["results"]]
        self.reducer: str | None = desc.get("reducer")
        self.phase: str | None = desc.get("phase")
        self._reduce2: Callable | None = None
        self._lock = threading.Lock()

    def group_of(self, device: int) -> list[int]:
        for g in self.groups:
            if device in g:
                return g
        raise RunError(f"'{self.op}': device {device} is in none of its groups {self.groups}")

    def reduce2(self) -> Callable:
        """The reducer on whole arrays, as the interpreter computes it (FTZ, narrow-float rounding)."""
        with self._lock:
            if self._reduce2 is None:
                self._reduce2 = _interpreted_reducer(self.reducer, self.operands[0].etype)
            return self._reduce2

    def combine(self, values: list[list]) -> list[list]:
        op, d = self.op, self.dimension
        if op == "all-reduce":
            return cm.all_reduce(values, self.reduce2())
        if op in ("all-gather", "reduce-scatter"):
            if d is None:
                raise RunError(f"{op} without a dimension")
            return cm.all_gather(values, d) if op == "all-gather" else cm.reduce_scatter(values, d, self.reduce2())
        if op == "all-to-all":
            return cm.all_to_all(values, d)
        if op == "collective-broadcast":
            return cm.broadcast(values)
        if op == "ragged-all-to-all":
            return cm.ragged_all_to_all(values)
        raise RunError(f"the collectives runtime does not know '{op}'")


class _Buffer:
    """An array leaf's element type, logical dims and physical layout."""

    def __init__(self, etype: str, dims: list[int], minor_to_major: list[int]):
        self.etype = etype
        self.dims = tuple(dims)
        dtype = ELEMENT_TYPES[etype].np_dtype
        if dtype is None:
            raise RunError(f"the collectives runtime holds no {etype} values")
        self.dtype = dtype
        self.major_to_minor = tuple(reversed(minor_to_major))
        self._physical_dims = tuple(self.dims[k] for k in self.major_to_minor)
        self._empty = int(np.prod(self._physical_dims, dtype=np.int64)) == 0
        # Raw bytes of the element size: ml_dtypes' types have no typestr of their own.
        self._typestr = f"|V{self.dtype.itemsize}"
        identity = tuple(range(len(self.dims)))
        self._to_logical = None if self.major_to_minor == identity else tuple(np.argsort(self.major_to_minor))

    def view(self, address: int) -> np.ndarray:
        """The logical array over the buffer at `address` (no copy: writes go to the buffer)."""
        if self._empty:
            return np.zeros(self.dims, self.dtype)
        phys = np.asarray(_Memory(address, self._physical_dims, self._typestr)).view(self.dtype)
        return phys if self._to_logical is None else phys.transpose(self._to_logical)


class _Memory:
    """Native memory as numpy sees it (the array interface: no ctypes array type per size)."""

    __slots__ = ("__array_interface__",)

    def __init__(self, address: int, shape: tuple[int, ...], typestr: str):
        self.__array_interface__ = {"data": (address, False), "shape": shape, "typestr": typestr, "version": 3}


def _interpreted_reducer(reducer: str | None, etype: str) -> Callable:
    from ..interp.evaluator import Evaluator
    from ..interp.util import apply_computation
    from ..parse import parse_module

    if reducer is None:
        raise RunError("a reduction without a to_apply computation")
    if reducer.startswith("HloModule"):
        text = reducer
    else:
        text = (f"HloModule reducer\n\nENTRY r {{\n  a = {etype}[] parameter(0)\n  b = {etype}[] parameter(1)\n"
                f"  ROOT c = {etype}[] {reducer}(a, b)\n}}\n")
    module = parse_module(text, "reducer")
    ev = Evaluator(module)
    lock = threading.Lock()

    def reduce2(a, b):
        with lock:
            return apply_computation(ev, module.entry, [a, b])

    return reduce2


_OPS: dict[bytes, Op] = {}
_OPS_LOCK = threading.Lock()


def _op_at(address: int) -> Op:
    # Keyed by the text, not the address: another module's code may later load at the same address.
    text = ctypes.string_at(address)
    op = _OPS.get(text)
    if op is None:
        with _OPS_LOCK:
            op = _OPS.get(text)
            if op is None:
                op = _OPS[text] = Op(json.loads(text.decode()))
    return op


class Communicator:
    """How one device reaches the others: `run(op, operands, results)` fills its result arrays (the
    fallback); `context` is its native context (rendezvous.CONTEXT words), bound to its thread."""

    device: int
    replicas: int
    partitions: int
    context = None

    def ids(self, op: Op, results: list[np.ndarray]) -> bool:
        """replica-id / partition-id: True when `op` was one."""
        if op.op == "replica-id":
            results[0][...] = self.device // self.partitions
        elif op.op == "partition-id":
            results[0][...] = self.device % self.partitions
        else:
            return False
        return True

    def run(self, op: Op, operands: list[np.ndarray], results: list[np.ndarray]) -> None:
        raise NotImplementedError


class ThreadCommunicator(Communicator):
    """A device of this process: meets the others at the interpreter's rendezvous."""

    def __init__(self, participant, run=None):
        self.participant = participant
        self.device = participant.device
        self.replicas, self.partitions = participant.replicas, participant.partitions
        if run is not None:
            self.context = new_context(rv.MODE_THREADS, self.device, run=ctypes.addressof(run))

    def run(self, op: Op, operands: list[np.ndarray], results: list[np.ndarray]) -> None:
        if self.ids(op, results):
            return
        p = self.participant
        if op.op == "collective-permute":
            source_of: list = [None] * p.devices
            for s, t in op.pairs:
                source_of[t] = s
            mine = p.exchange(op, list(range(p.devices)), operands, lambda values: cm.permute(values, source_of))
        elif op.op == "all-reduce":
            # Folded once, left to right as the interpreter does, and written by every member
            # straight from the one result (no per-member copies).
            reduce2 = op.reduce2()

            def fold(values):
                sums = [_fold([v[k] for v in values], reduce2) for k in range(len(values[0]))]
                return [sums] * len(values)

            mine = p.exchange(op, op.group_of(self.device), operands, fold)
        else:
            mine = p.exchange(op, op.group_of(self.device), operands, op.combine)
        for out, value in zip(results, mine):
            out[...] = value


def _fold(arrays: list[np.ndarray], reduce2: Callable) -> np.ndarray:
    acc = arrays[0]
    for a in arrays[1:]:
        acc = np.asarray(reduce2(acc, a))
    return acc


def _dispatch(op_address: int, operands: int, results: int) -> None:
    comm = getattr(_local, "communicator", None)
    try:
        if comm is None:
            raise RunError("the module calls a collective outside a multi-device run (hloc run --devices N, "
                           "or mpirun)")
        if getattr(_local, "error", None) is not None:
            return  # (after a failure, the rest of the call is not worth running)
        op = _op_at(op_address)
        if op.phase == "start":
            return  # (an asynchronous collective runs at its end here: same buffers, same result)
        ins = [b.view(a) for b, a in zip(op.operands, _addresses(operands, len(op.operands)))]
        outs = [b.view(a) for b, a in zip(op.results, _addresses(results, len(op.results)))]
        comm.run(op, ins, outs)
    except BaseException as e:  # kept for the runner: nothing may unwind through native frames
        if getattr(_local, "error", None) is None:
            _local.error = e


def _addresses(array: int, n: int) -> list[int]:
    return list((ctypes.c_void_p * max(1, n)).from_address(array))[:n]


_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_void_p, ctypes.c_void_p)(_dispatch)


def callback_address() -> int:
    address = ctypes.cast(_CALLBACK, ctypes.c_void_p).value
    if address is None:  # pragma: no cover - a ctypes callback has an address
        raise RunError("the collectives callback has no address")
    return address


class _NativeRuntime:
    """The compiled native runtime of this process: its dispatch address and its thread key."""

    def __init__(self):
        import llvmlite.binding as llvm

        from ..backend.llvm.codegen import code_cache
        from ..backend.llvm.codegen.target import TargetSpec, init_llvm, optimize, target_machine
        from ..backend.llvm.loader_orc import link_object

        init_llvm()
        spec = TargetSpec().resolved()
        tm = target_machine(spec, 3)
        text = str(rv.build_module(llvm.get_process_triple()))
        # (optimising and code-generating it costs ~0.6 s of CPU, in every process: each MPI rank)
        key = code_cache.code_key("runtime", text, spec, 3) if code_cache.enabled() else None
        obj = code_cache.load(key) if key else None
        if obj is None:
            mod = llvm.parse_assembly(text)
            optimize(mod, tm, 3)
            obj = tm.emit_object(mod)
            if key:
                code_cache.store(key, obj, "runtime")
        self.dispatch, self._tracker = link_object(obj, rv.DISPATCH, also=(rv.INIT,))
        self._libc = ctypes.CDLL(None, use_errno=True)
        key = ctypes.c_uint()
        if self._libc.pthread_key_create(ctypes.byref(key), None) != 0:
            raise RunError("the collectives runtime cannot create its thread key")
        self.key = key.value
        ctypes.CFUNCTYPE(None, ctypes.c_void_p, ctypes.c_int64)(self._tracker[rv.INIT])(callback_address(), self.key)
        self._set = self._libc.pthread_setspecific
        self._set.argtypes = [ctypes.c_uint, ctypes.c_void_p]

    def bind(self, context) -> None:
        """Make this thread's collectives run as `context`'s device (None: through the callback)."""
        self._set(self.key, None if context is None else ctypes.addressof(context))


_native: _NativeRuntime | None = None
_native_lock = threading.Lock()


def native_runtime() -> _NativeRuntime:
    global _native
    with _native_lock:
        if _native is None:
            _native = _NativeRuntime()
        return _native


def new_context(mode: int, device: int, run: int = 0, comm: int = 0, mpi_table: int = 0):
    ctx = (ctypes.c_int64 * rv.CONTEXT_WORDS)()
    ctx[rv.CTX_MODE], ctx[rv.CTX_DEVICE], ctx[rv.CTX_RUN] = mode, device, run
    ctx[rv.CTX_COMM], ctx[rv.CTX_MPI] = comm, mpi_table
    return ctx


def new_run(devices: int):
    """The table the devices of one threaded run share (rendezvous.RUN)."""
    run = (ctypes.c_int64 * (rv.CELL_WORDS * (devices + 1)))()
    run[0] = devices
    return run


def install() -> None:
    """Make native code loaded from now on call this runtime (backend/llvm/loader_orc.py)."""
    from ..backend.llvm.loader_orc import provide_symbol

    provide_symbol(SYMBOL, native_runtime().dispatch)


def _native_error(comm: Communicator) -> RunError | None:
    ctx = comm.context
    if ctx is None or not ctx[rv.CTX_ERROR]:
        return None
    code = ctx[rv.CTX_ERROR]
    other = ctx[rv.CTX_DETAIL]
    if code == rv.ERR_POISONED:
        why = "another device failed"
    elif code == rv.ERR_FINISHED:
        why = f"device {other} finished without reaching it"
    else:
        why = f"device {other} reached another collective"
    return RunError(f"device {comm.device}: a collective did not complete: {why}")


def call_as(comm: Communicator | None, fn: Callable[[], object]) -> object:
    """fn() on this thread as `comm`'s device; a collective's failure is raised when fn returns."""
    _local.communicator, _local.error = comm, None
    native = native_runtime() if comm is not None and comm.context is not None else None
    if native is not None:
        native.bind(comm.context)
    set_device_thread(comm is not None)
    try:
        out = fn()
    finally:
        set_device_thread(False)
        if native is not None:
            native.bind(None)
        error, _local.communicator, _local.error = _local.error, None, None
    if error is None and comm is not None:
        error = _native_error(comm)
    if error is not None:
        if isinstance(error, HlocError):
            raise error
        raise RunError(f"a collective failed: {type(error).__name__}: {error}") from error
    return out


def run_threads(exe: Callable[[Sequence], object], per_device_args: Sequence[Sequence], replicas: int,
                partitions: int) -> list:
    """exe(args) for every device, each on its own thread; the results in device order."""
    from ..interp.participants import run_devices

    if len(per_device_args) != replicas * partitions:
        raise RunError(f"{len(per_device_args)} sets of arguments for {replicas * partitions} devices "
                       f"({replicas} replicas x {partitions} partitions)")

    run = new_run(replicas * partitions)

    def make(p):
        comm = ThreadCommunicator(p, run)

        def device():
            cell = rv.CELL_WORDS * (p.device + 1)
            try:
                return call_as(comm, lambda: exe(per_device_args[p.device]))
            except BaseException:
                run[rv.RUN_POISON] = 1  # (releases the devices waiting in a native collective)
                raise
            finally:
                run[cell + rv.C_FINISHED] = 1

        return device

    return run_devices(make, replicas, partitions)
