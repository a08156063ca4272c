"""The runner: bind input files to a module's parameters, run it through a backend, time it.

    runner = Runner(module, backend="interp")      # backend None: the default (llvm, else interp)
    runner = Runner.prepared(signature, backend, executable)   # already compiled (a cache hit)
    leaves = runner.load_inputs(["x.npy", "w.npy"])  # or runner.random_inputs(seed)
    runner.prepare()                                # compile; runner.compile_seconds
    outs = runner.run(leaves)                       # flat list of output arrays (out0, out1, ...)
    times = runner.bench(leaves, n)                 # seconds per run
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Sequence
from typing import TYPE_CHECKING

import numpy as np

from ..aligned import aligned_bytes
from ..errors import RunError
from ..ir.types import UNBOUNDED
from ..signature import Leaf, Signature
from . import npio
from .backends import Backend, BackendOptions, Executable, bound_call, get_backend
from .random_inputs import random_inputs
from .values import coerce_input, flatten_result, unflatten

if TYPE_CHECKING:
    from ..ir.module import Module

_ARG_KEY = re.compile(r"arg(\d+)")
_LISTED = 6  # parameters listed in a wrong-count message


class Runner:
    def __init__(self, module: Module | None, backend: str | Backend | None = None, threads: int | None = None,
                 name: str | None = None, options: BackendOptions | None = None,
                 signature: Signature | None = None):
        self.module = module
        if signature is None:
            if module is None:  # pragma: no cover - prepared() passes the signature
                raise RunError("a runner needs a module or its signature")
            signature = Signature.of_module(module)
        self.signature = signature
        self.name = name or self.signature.module_name
        self.backend: Backend = get_backend(backend) if backend is None or isinstance(backend, str) else backend
        self.options = options or BackendOptions(threads=threads)
        self.inputs: list[Leaf] = self.signature.params
        self.outputs = [leaf.shape for leaf in self.signature.results]
        self.compile_seconds: float | None = None
        self._exe: Executable | None = None
        check_fits(self.signature, module)

    @staticmethod
    def prepared(signature: Signature, backend: Backend, executable: Executable, name: str | None = None,
                 compile_seconds: float = 0.0) -> Runner:
        """A runner for an executable that already exists (a cached native module): no module,
        no compile step."""
        r = Runner(None, backend, name=name, signature=signature)
        r._exe = executable
        r.compile_seconds = compile_seconds
        return r

    # -- inputs
    def load_inputs(self, paths: Sequence[str]) -> list[np.ndarray]:
        """Arrays for the parameter leaves from .npy files in parameter order, or one .npz with keys
        arg0..argN (flattened positions) or the parameter names (`name#i` for tuple elements)."""
        limit = max_elements(leaf.shape for leaf in self.inputs)
        if len(paths) == 1 and self.inputs:
            data = npio.load_arrays(paths[0], limit)
            if isinstance(data, dict):
                return self._from_npz(data, paths[0])
            if len(self.inputs) == 1:
                return [coerce_input(data, self.inputs[0], paths[0])]
        if len(paths) != len(self.inputs):
            raise RunError(self._count_message(len(paths)))
        out = []
        for leaf, path in zip(self.inputs, paths):
            out.append(coerce_input(npio.load_npy(path, limit), leaf, path))
        return out

    def _count_message(self, got: int) -> str:
        n = len(self.inputs)
        listed = ", ".join(f"{leaf.path} {leaf.shape.to_str(layout=False)}" for leaf in self.inputs[:_LISTED])
        if n > _LISTED:
            listed += f", ... ({n - _LISTED} more)"
        takes = f"takes {n} input{'s' if n != 1 else ''}" + (f" ({listed})" if n else "")
        hint = "" if got or not n else "; give .npy files in parameter order, one .npz, or --random-inputs SEED"
        return f"{self.name} {takes}, got {got}{hint}"

    def _from_npz(self, data: dict[str, np.ndarray], path: str) -> list[np.ndarray]:
        positional = {f"arg{leaf.number}": leaf for leaf in self.inputs}
        named = {leaf.key: leaf for leaf in self.inputs}
        keys = list(data)
        # Keys are either all positions (arg0..argN) or all parameter names; pick the reading that
        # explains the most keys, preferring names (a parameter may itself be called `arg0`).
        by_name = sum(k in named for k in keys)
        by_pos = sum(k in positional for k in keys)
        table, how = (named, "parameter names") if by_name >= by_pos and by_name else (positional, "arg0..argN")
        for k in keys:
            if k not in table:
                expected = ", ".join(list(table)[:_LISTED]) + (", ..." if len(table) > _LISTED else "")
                raise RunError(f"'{path}' has an array '{k}' that matches no parameter "
                               f"(keys are {how}: {expected})")
        out = []
        for leaf in self.inputs:
            key = leaf.key if table is named else f"arg{leaf.number}"
            if key not in data:
                raise RunError(f"'{path}' has no array for {leaf.path} "
                               f"{leaf.shape.to_str(layout=False)} (key '{key}')")
            out.append(coerce_input(data[key], leaf, f"{path}:{key}"))
        return out

    def random_inputs(self, seed: int) -> list[np.ndarray]:
        for leaf in self.inputs:
            if UNBOUNDED in leaf.shape.dims:
                raise RunError(f"cannot make a random input for {leaf.path} "
                               f"{leaf.shape.to_str(layout=False)}: it has an unbounded dimension")
        return random_inputs(self.inputs, seed)

    @property
    def executable(self) -> Executable | None:
        """What prepare() made (None before)."""
        return self._exe

    # -- execution
    def prepare(self, **kwargs) -> None:
        """Compile (the backend's prepare; `kwargs` go to it, e.g. the LLVM backend's `source`)."""
        if self._exe is not None:
            return
        if self.module is None:  # pragma: no cover - prepared() runners have an executable
            raise RunError("nothing to compile: the runner has no module")
        t0 = time.perf_counter()
        self._exe = self.backend.prepare(self.module, self.options, **kwargs)
        self.compile_seconds = time.perf_counter() - t0

    def _ready(self) -> Executable:
        """The executable, compiled first if need be."""
        self.prepare()
        if self._exe is None:  # pragma: no cover - prepare() made it or raised
            raise RunError("the backend made no executable")
        return self._exe

    def _args(self, leaves: Sequence[np.ndarray]) -> list[object]:
        if len(leaves) != len(self.inputs):
            raise RunError(self._count_message(len(leaves)))
        frozen = []
        for a in leaves:
            view = aligned(np.asarray(a)).view()
            view.flags.writeable = False  # backends must not modify their arguments
            frozen.append(view)
        return unflatten(list(self.signature.param_shapes), frozen, self.backend.token)

    def run(self, leaves: Sequence[np.ndarray]) -> list[np.ndarray]:
        """Execute once; the outputs, flattened depth-first."""
        value = self._ready()(self._args(leaves))
        return flatten_result(self.signature.result_shape, value, self.backend.name)

    def bench(self, leaves: Sequence[np.ndarray], n: int) -> list[float]:
        """Seconds for each of `n` runs (call run() once first: that run is the warm-up, and its
        outputs are the checked ones). A run times only the call: where the executable has bind
        (backends.bound_call), the inputs are converted and the output buffers allocated once,
        before the timed runs, and every run writes the same buffers."""
        call = bound_call(self._ready(), self._args(leaves))
        times = []
        for _ in range(n):
            t0 = time.perf_counter()
            call()
            times.append(time.perf_counter() - t0)
        return times


INPUT_ALIGN = 64  # bytes: a cache line, as XLA's buffers (numpy's arrays start 16 bytes into one)


def aligned(a: np.ndarray) -> np.ndarray:
    """`a`, or a copy at a cache-line boundary when a C-contiguous `a` is not at one: kernels read
    rows with whole-vector loads, and a row starting 16 bytes into a line splits every other 32-byte
    load in two (tf_while_loop's 1 MB matrix read 50 times: 0.82 -> 0.73 ms). A copy made once per
    run() or bench(), not per call."""
    if a.dtype.hasobject or a.nbytes < INPUT_ALIGN or not a.flags.c_contiguous or a.ctypes.data % INPUT_ALIGN == 0:
        return a
    out = aligned_bytes(a.nbytes, INPUT_ALIGN).view(a.dtype).reshape(a.shape)
    out[...] = a
    return out


MAX_RANK = 64  # numpy's limit: inputs and outputs are numpy arrays


def check_fits(signature: Signature, module: Module | None = None) -> None:
    """Every input and output can be a numpy array in this machine's memory: at most 64
    dimensions, and no bigger than the physical memory. Else a RunError at the parameter's (or the
    root's) instruction, before any input is made or any code compiled (an f32[99999999999999]
    parameter was a traceback from numpy's allocator)."""
    memory = _physical_memory()
    params = module.entry_computation.parameters if module is not None else None
    root = module.entry_computation.root if module is not None else None
    checks = [(leaf.shape, leaf.path, params[leaf.param].loc if params and leaf.param is not None else None)
              for leaf in signature.params]
    checks += [(leaf.shape, f"output out{leaf.number}", root.loc if root is not None else None)
               for leaf in signature.results]
    for shape, what, loc in checks:
        if shape.rank > MAX_RANK:
            raise RunError(f"{what} has {shape.rank} dimensions; hloc run holds inputs and outputs in numpy "
                           f"arrays, which have at most {MAX_RANK}", loc)
        if UNBOUNDED in shape.dims or memory is None:
            continue
        n = shape.dtype.itemsize
        for d in shape.dims:
            n *= d
        if n > memory:
            raise RunError(f"{what} is {shape.to_str(layout=False)}: {_human(n)}, more than this machine's "
                           f"memory ({_human(memory)})", loc)


def _physical_memory() -> int | None:
    try:
        return os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return None


def _human(n: int) -> str:
    for unit, size in (("TiB", 1 << 40), ("GiB", 1 << 30), ("MiB", 1 << 20), ("KiB", 1 << 10)):
        if n >= size:
            return f"{n / size:.3g} {unit}" if n < size * 1000 else f"{n:.3g} bytes"
    return f"{n} bytes"


def max_elements(shapes) -> int | None:
    """The most elements one of these array shapes holds (a bounded dynamic dimension at its bound),
    None when one is unbounded: how big an input file's array may be at most."""
    most = 0
    for shape in shapes:
        if UNBOUNDED in shape.dims:
            return None
        n = 1
        for d in shape.dims:
            n *= d
        most = max(most, n)
    return most


def run_module(module: Module, inputs: Sequence[np.ndarray], backend: str | None = None,
               threads: int | None = None) -> list[np.ndarray]:
    """Run `module` on flat input arrays (one per parameter leaf, already of the right dtypes);
    the flat list of outputs."""
    runner = Runner(module, backend, threads)
    leaves = [coerce_input(np.asarray(a), leaf, f"input {leaf.number}") for leaf, a in zip(runner.inputs, inputs)]
    if len(inputs) != len(runner.inputs):
        raise RunError(runner._count_message(len(inputs)))
    return runner.run(leaves)
