"""Running modules: input/output files, backends, checking and timing.

    Runner(module, backend=None, threads=None)     bind inputs, prepare (compile), run, bench
    run_module(module, inputs, backend=None)       flat input arrays -> flat output arrays
    backends.get_backend(name), register_backend   the backend seam (interp, llvm)
    compare.compare(...)                           `--check` semantics
    npio                                           safe .npy/.npz I/O (no pickles)

The names are imported on first use (PEP 562): a cached `hloc run` imports only what it needs.
"""

_LAZY = {"BackendOptions": ".backends", "available_backends": ".backends", "default_backend": ".backends",
         "get_backend": ".backends", "register_backend": ".backends", "Runner": ".runner", "run_module": ".runner"}

__all__ = ["BackendOptions", "Runner", "available_backends", "default_backend", "get_backend",
           "register_backend", "run_module"]


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
