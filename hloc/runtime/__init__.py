"""Running modules: input/output files, backends, checking and timing.

    Runner(module, backend=None, threads=None)     bind inputs, prepare (compile), run, bench
    run_module(module, inputs, backend=None)       flat input arrays -> flat output arrays
    backends.get_backend(name), register_backend   the backend seam (interp now, llvm later)
    compare.compare(...)                           `--check` semantics
    npio                                           safe .npy/.npz I/O (no pickles)
"""

from .backends import BackendOptions, available_backends, default_backend, get_backend, register_backend
from .runner import Runner, run_module

__all__ = ["BackendOptions", "Runner", "available_backends", "default_backend", "get_backend",
           "register_backend", "run_module"]
