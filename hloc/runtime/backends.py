"""Execution backends: the one seam between the runner and whatever executes a module.

A backend is an object with

    name: str                                    as given to `hloc run --backend NAME`
    token: object                                the value passed for token-typed parameters
    prepare(module, options) -> Executable       compile (the runner times this as compile_ms)

and an Executable is a callable `exe(args) -> value` taking one nested value per entry parameter
(numpy arrays of the shape's dtype, tuples for tuple shapes) and returning the nested result.
An executable may be called many times (`--bench`); it must not modify its arguments. It may also
have `exe.bind(args) -> call`, a zero-argument function that runs it on `args` again each time it
is called, with the per-call work done once by bind (the LLVM backend's converts the inputs and
allocates the output buffers there, and every call writes the same buffers); `--bench` times
`call()`, and `exe(args)` where there is no bind (the interpreter: `bound_call`).

Backends are registered by name with the import path of a zero-argument factory, so a backend's
package is imported only when it is used. Adding the LLVM backend means giving it a factory at
`_BUILTIN["llvm"]`'s path (or changing that one line); the runner does not change. The default
backend is the first available name in DEFAULT_ORDER.
"""

from __future__ import annotations

import importlib
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, NamedTuple, Protocol

from ..errors import UsageError, did_you_mean

if TYPE_CHECKING:
    from ..ir.module import Module


class BackendOptions(NamedTuple):  # (a NamedTuple: cheap to create at start-up)
    """What the runner passes to every backend; a backend ignores what does not apply to it."""

    threads: int | None = None  # worker threads (None: the backend's default)
    cache: bool = True  # compiling backends: use the on-disk compile cache
    hlo_pipeline: str | None = None  # compiling backends: HLO pass pipeline/level (None: their default, O2)
    opt_level: int | None = None  # compiling backends: LLVM -O level (None: their default, 3)
    profile: bool = False  # compiling backends: a build that times each kernel (exe.profile)
    instruments: tuple = ()  # compiling backends: pass instruments for their HLO pipeline (dumps)


class Executable(Protocol):
    def __call__(self, args: Sequence[object]) -> object: ...


class BindableExecutable(Executable, Protocol):
    """An executable with the optional `bind` (the module docstring)."""

    def bind(self, args: Sequence[object]) -> Callable[[], object]: ...


def bound_call(exe: Executable, args: Sequence[object]) -> Callable[[], object]:
    """What a timed run calls: `exe.bind(args)` where the executable has bind, else `exe(args)`."""
    bind = getattr(exe, "bind", None)
    if bind is None:
        return lambda: exe(args)
    return bind(args)


class Backend(Protocol):
    name: str
    token: object

    def prepare(self, module: Module, options: BackendOptions) -> Executable: ...


# name -> "module:factory" (imported lazily) or a factory callable.
_BUILTIN: dict[str, str | Callable[[], Backend]] = {
    "interp": "hloc.runtime.backends:InterpBackend",
    "llvm": "hloc.backend.llvm.runner_backend:LlvmBackend",
    "xla": "hloc.runtime.xla:XlaBackend",  # XLA:CPU itself, through jax (the reference for --check-against)
}
_REGISTRY: dict[str, str | Callable[[], Backend]] = dict(_BUILTIN)
DEFAULT_ORDER = ("llvm", "interp")


def register_backend(name: str, factory: str | Callable[[], Backend]) -> None:
    """Make `name` usable with `--backend` (a factory callable or a `module:attribute` path)."""
    _REGISTRY[name] = factory


def unregister_backend(name: str) -> None:
    _REGISTRY.pop(name, None)
    if name in _BUILTIN:
        _REGISTRY[name] = _BUILTIN[name]


class _Unavailable(Exception):
    pass


def _factory(name: str) -> Callable[[], Backend]:
    spec = _REGISTRY[name]
    if callable(spec):
        return spec
    module_name, _, attr = spec.partition(":")
    try:
        mod = importlib.import_module(module_name)
    except ModuleNotFoundError as e:
        # Only a missing backend package means "not available"; a broken import inside it is a bug.
        if e.name and (module_name == e.name or module_name.startswith(e.name + ".")):
            raise _Unavailable(name) from None
        raise
    try:
        return getattr(mod, attr)
    except AttributeError:
        raise _Unavailable(name) from None


def available_backends() -> list[str]:
    """Registered backends whose code is present, in DEFAULT_ORDER first."""
    names = [n for n in DEFAULT_ORDER if n in _REGISTRY] + sorted(n for n in _REGISTRY if n not in DEFAULT_ORDER)
    out = []
    for n in names:
        try:
            _factory(n)
        except _Unavailable:
            continue
        out.append(n)
    return out


def default_backend() -> str:
    return available_backends()[0]


def get_backend(name: str | None = None) -> Backend:
    """The backend called `name` (None: the default). Unknown or unavailable names are UsageErrors."""
    if name is None:
        name = default_backend()
    if name not in _REGISTRY:
        raise UsageError(f"unknown backend '{name}'{did_you_mean(name, _REGISTRY)} "
                         f"(available: {', '.join(available_backends())})")
    try:
        factory = _factory(name)
    except _Unavailable:
        raise UsageError(f"the '{name}' backend is not available in this build of hloc "
                         f"(available: {', '.join(available_backends())})") from None
    return factory()


class InterpBackend:
    """The reference interpreter (hloc.interp): numpy, one handler per opcode; no compile step."""

    name = "interp"

    def __init__(self) -> None:
        from ..interp import TOKEN

        self.token = TOKEN

    def prepare(self, module: Module, options: BackendOptions) -> Executable:
        import numpy as np

        from ..interp import Evaluator
        from ..passes.float_normalization import FloatNormalization

        FloatNormalization().run(module)  # XLA:CPU's bf16 numbers, as the native backend at every level
        evaluator = Evaluator(module)  # planned once: repeated runs (--bench) pay only for the work

        def run(args: Sequence[object]) -> object:
            # HLO defines overflow, x/0, NaN propagation: numpy's warnings about them are noise here.
            with np.errstate(all="ignore"):
                return evaluator.run(list(args))

        return run
