"""`hloc.compile` and `hloc.Executable`: a module as a Python callable.

    exe = hloc.compile("model.hlo")            # or a Module, or HLO text; native code (cached)
    y = exe(x, w)                              # one argument per entry parameter
    ys = exe.run([x, w])                       # the same with a list
    exe.signature, exe.timings                 # parameter/result shapes; seconds per phase
    exe.save("model.so")                       # or .o; `Executable.load("model.so")` loads it back

Arguments are numpy arrays (or anything `np.asarray` takes: jax arrays, scalars, lists) of the
parameter's element type; a tuple parameter takes a tuple. The result is an array, or a tuple
for a tuple-shaped result. The llvm backend uses the on-disk compile cache like `hloc run`.
"""

from __future__ import annotations

import json
import os
import time
from collections.abc import Sequence

import numpy as np

from ..errors import RunError, UsageError
from ..ir.types import Shape
from ..signature import flatten_values
from .source import Source, parse_source, resolve_source


class Signature:
    """The entry computation's parameters (names and shapes) and its result shape.

    >>> import hloc
    >>> exe = hloc.compile('''HloModule m
    ... add {
    ...   a = f32[] parameter(0)
    ...   b = f32[] parameter(1)
    ...   ROOT s = f32[] add(a, b)
    ... }
    ... ENTRY e {
    ...   x = f32[2,3] parameter(0)
    ...   zero = f32[] constant(0)
    ...   ROOT r = f32[3] reduce(x, zero), dimensions={0}, to_apply=add
    ... }''', backend="interp")
    >>> exe.signature
    Signature(x: f32[2,3]) -> f32[3]
    >>> exe.signature.parameters[0].dims, exe.signature.result.etype
    ((2, 3), 'f32')
    """

    def __init__(self, names: Sequence[str], parameters: Sequence[Shape], result: Shape):
        self.names = tuple(names)
        self.parameters = tuple(parameters)
        self.result = result

    def __repr__(self) -> str:
        params = ", ".join(f"{n}: {s.to_str(layout=False)}" for n, s in zip(self.names, self.parameters))
        return f"Signature({params}) -> {self.result.to_str(layout=False)}"

    def __eq__(self, other: object) -> bool:
        return (isinstance(other, Signature) and self.names == other.names
                and self.parameters == other.parameters and self.result == other.result)

    __hash__ = None  # (mutable-looking: compare, do not key on it)


class Executable:
    """A compiled (or, with backend="interp", planned) module, called like a function.

    Made by `hloc.compile(...)` or `Executable.load(path)`. `threads` is how many threads a call
    of native code may use (None: every CPU this process may run on)."""

    def __init__(self, runner, backend: str, timings: dict[str, float], cache: str | None = None):
        self._runner = runner
        sig = runner.signature
        self.signature = Signature(sig.param_names, sig.param_shapes, sig.result_shape)
        self.backend = backend
        self.timings = dict(timings)
        self.cache = cache  # llvm: "hit", "miss" or "off"; None for other backends

    # -- calling
    def __call__(self, *args):
        return self.run(list(args))

    def run(self, args: Sequence[object]):
        """Run on `args` (a list with one value per entry parameter); the (nested) result."""
        from ..runtime.values import coerce_input

        args = list(args)
        shapes = self.signature.parameters
        if len(args) != len(shapes):
            names = ", ".join(self.signature.names)
            raise RunError(f"{self._runner.name} takes {len(shapes)} argument{'s' if len(shapes) != 1 else ''} "
                           f"({names}), got {len(args)}")
        flat: list[object] = []
        for value, shape in zip(args, shapes):
            flatten_values(value, shape, flat)
        leaves = [coerce_input(_as_array(a, leaf.shape), leaf, "the call")
                  for a, leaf in zip(flat, self._runner.inputs)]
        outs = self._runner.run(leaves)
        return _nest(self.signature.result, iter(outs))

    @property
    def threads(self) -> int | None:
        return self._runner.options.threads

    @threads.setter
    def threads(self, n: int | None) -> None:
        self._runner.options = self._runner.options._replace(threads=n)
        exe = self._runner.executable
        if hasattr(exe, "threads"):
            exe.threads = n

    @property
    def inputs(self):
        """The parameters' array leaves, flattened depth-first (each with its `shape`): one array each."""
        return self._runner.inputs

    @property
    def profile(self):
        """A profiling build's kernel counters (`compile(..., profile=True)`), else None."""
        return getattr(self._runner.executable, "profile", None)

    def __repr__(self) -> str:
        return f"<hloc.Executable {self._runner.name} {self.signature!r} on {self.backend}>"

    # -- saving and loading
    def save(self, path: str | os.PathLike) -> None:
        """Write the native code: `.o` an object file, `.so` a shared library (linked with `cc`),
        plus `PATH.json`, the ABI that `Executable.load` reads back (see `hloc compile --emit header`
        for C callers)."""
        from ..backend.llvm.runner_backend import link_shared

        path = os.fspath(path)
        native = self._runner.executable
        obj = getattr(native, "object_code", None)
        if self.backend != "llvm" or obj is None:
            raise UsageError(f"only native code can be saved (this executable runs on {self.backend})")
        if path.endswith(".so"):
            data = link_shared(obj)
            if data is None:
                raise RunError("saving a shared library needs a C compiler to link with: none works (set CC)")
        elif path.endswith(".o"):
            data = obj
        else:
            raise UsageError(f"save: '{path}' should end with .o (object) or .so (shared library)")
        meta = {"format": "hloc-executable-1", "abi": native.abi.to_json()}
        _write_both([(path, data), (path + ".json", (json.dumps(meta, indent=1) + "\n").encode())])

    @staticmethod
    def load(path: str | os.PathLike, threads: int | None = None) -> Executable:
        """An executable saved with `save` (the `.o` or `.so` and its `.json` beside it)."""
        from ..backend.llvm.runner_backend import load_object, load_shared
        from ..runtime.backends import BackendOptions, get_backend
        from ..runtime.runner import Runner
        from ..signature import Signature as EntrySignature

        path = os.fspath(path)
        t0 = time.perf_counter()
        try:
            with open(path + ".json") as f:
                meta = json.load(f)
            abi = EntrySignature.from_json(meta["abi"])
        except (OSError, ValueError, KeyError, TypeError) as e:
            raise RunError(f"cannot load '{path}': its ABI file '{path}.json' is missing or unreadable ({e})") from None
        if path.endswith(".so"):
            native = load_shared(path, abi)
        else:
            try:
                with open(path, "rb") as f:
                    obj = f.read()
            except OSError as e:
                raise RunError(f"cannot read '{path}': {e.strerror}") from None
            native = load_object(obj, abi)
        native.threads = threads
        runner = Runner.prepared(abi, get_backend("llvm"), native, name=os.path.basename(path))
        runner.options = BackendOptions(threads=threads)
        return Executable(runner, "llvm", {"load": time.perf_counter() - t0})


def compile(module, *, backend: str = "llvm", hlo_opt: str = "O2", opt_level: int = 3, threads: int | None = None,
            cache: bool = True, profile: bool = False, name: str | None = None) -> Executable:
    """Compile `module` (a Module, a file path or HLO text) and load it: an `Executable`.

    backend: "llvm" (native code, kept in the compile cache) or "interp" (the reference
    interpreter). hlo_opt: the HLO pass pipeline (a level "O0"/"O1"/"O2" or pipeline text) run
    before code generation; opt_level: LLVM's -O level. The module itself is not changed. `name`:
    what errors call text given directly (default `<text>`).

    >>> import numpy as np, hloc
    >>> exe = hloc.compile('''HloModule axpy
    ... ENTRY e {
    ...   a = f32[] parameter(0)
    ...   x = f32[4] parameter(1)
    ...   y = f32[4] parameter(2)
    ...   ax = f32[4] multiply(f32[4] broadcast(a), x)
    ...   ROOT r = f32[4] add(ax, y)
    ... }''')
    >>> exe(np.float32(2), np.arange(4, dtype=np.float32), np.ones(4, np.float32))
    array([1., 3., 5., 7.], dtype=float32)
    >>> exe.cache in ("hit", "miss"), "compile" in exe.timings
    (True, True)
    """
    from ..ir.module import Module
    from ..ir.printer import print_module
    from ..runtime.backends import BackendOptions, get_backend
    from ..runtime.runner import Runner

    t0 = time.perf_counter()
    if isinstance(module, Module):
        source = Source(print_module(module), name or module.name)
    else:
        source = resolve_source(module, name)
    be = get_backend(backend)
    options = BackendOptions(threads=threads, cache=cache, hlo_pipeline=hlo_opt, opt_level=opt_level,
                             profile=profile)
    if profile and be.name != "llvm":
        raise UsageError("profile=True times the native code of the llvm backend")
    timings: dict[str, float] = {}
    encoded = source.text.encode()
    native = be.lookup(encoded, options) if hasattr(be, "lookup") else None
    if native is not None:
        runner = Runner.prepared(native.abi, be, native, name=source.name)
        runner.options = options
    else:
        # (a fresh parse: the build runs the HLO pipeline on the module in place)
        t1 = time.perf_counter()
        parsed = parse_source(source)
        timings["parse"] = time.perf_counter() - t1
        runner = Runner(parsed, be, name=source.name, options=options)
        runner.prepare(**({"source": encoded} if hasattr(be, "lookup") else {}))
        timings.update(getattr(be, "last_timings", {}) if getattr(be, "last_cache", "") != "hit" else {})
    timings["compile"] = time.perf_counter() - t0
    return Executable(runner, be.name, timings, getattr(be, "last_cache", None))


def _write_both(files: list[tuple[str, bytes]]) -> None:
    """Write the files whole or not at all: temporary files beside them, renamed once all are written."""
    temps = []
    try:
        for path, data in files:
            tmp = f"{path}.{os.getpid()}.tmp"
            with open(tmp, "wb") as f:
                f.write(data)
            if path.endswith(".so"):
                os.chmod(tmp, 0o755)
            temps.append((tmp, path))
        for tmp, path in temps:
            os.replace(tmp, path)
    except OSError as e:
        raise RunError(f"cannot write '{e.filename}': {e.strerror}") from None
    finally:
        for tmp, _ in temps:
            if os.path.exists(tmp):
                os.unlink(tmp)


def _as_array(a, shape: Shape) -> np.ndarray:
    """numpy arrays as they are; other array-likes (jax arrays, scalars, lists) through np.asarray,
    Python numbers in the parameter's element type."""
    if isinstance(a, np.ndarray):
        return a
    if isinstance(a, (bool, int, float, complex, list)):
        return np.asarray(a, dtype=shape.dtype)
    return np.asarray(a)


def _nest(shape: Shape, it):
    if shape.is_tuple:
        return tuple(_nest(s, it) for s in shape.tuple_shapes)
    if not shape.is_array:
        return None
    return next(it)
