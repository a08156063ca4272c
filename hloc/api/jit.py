"""`hloc.jit`: a JAX function traced by JAX, compiled and run by hloc (jax is an optional extra:
`pip install hloc[jax]`).

    @hloc.jit
    def f(x, w):
        return jax.nn.relu(x @ w)

    f(x, w)             # first call with these shapes: trace, compile (or hit the disk cache), run
    f(x, w)             # same signature: runs the compiled code (no trace, no compile)
    f.cache_info()      # {'hits': 1, 'traces': 1, 'compiles': 1, 'disk_hits': 0, 'entries': 1}

Like `jax.jit`, the function is traced with `jax.jit(f).lower(*args)` once per input signature:
the pytree structure of the arguments, each leaf's shape, dtype and weak type, the values of the
static arguments and hloc's options. Each signature's executable is kept in memory, and its
native code in hloc's on-disk compile cache (a new process traces again but does not compile).

Arguments are pytrees of numpy or jax arrays or Python scalars; results are the function's
pytree with numpy arrays (`outputs="jax"`: jax arrays). `donate_argnums` is passed to JAX (the
module records the aliasing) and, as in JAX, donated jax arrays are deleted after the call.
Errors in the function itself are JAX's own, raised while tracing; an error of hloc's names the
HLO instruction and the Python line it was traced from (the module's metadata).
"""

from __future__ import annotations

import functools
import re
from collections.abc import Callable, Sequence

import numpy as np

from ..errors import HlocError, UsageError


def jit(fun: Callable | None = None, *, static_argnums: int | Sequence[int] = (),
        static_argnames: str | Sequence[str] = (), donate_argnums: int | Sequence[int] = (),
        backend: str = "llvm", hlo_opt: str = "O2", opt_level: int = 3, threads: int | None = None,
        cache: bool = True, outputs: str = "numpy"):
    """Compile a JAX function with hloc (usable as `@hloc.jit` or `@hloc.jit(static_argnums=1)`).

    >>> import numpy as np, jax.numpy as jnp, hloc
    >>> @hloc.jit
    ... def softmax(x):
    ...     e = jnp.exp(x - x.max(axis=-1, keepdims=True))
    ...     return e / e.sum(axis=-1, keepdims=True)
    >>> softmax(np.array([[0.0, 1.0], [2.0, 2.0]], np.float32)).round(4)
    array([[0.2689, 0.7311],
           [0.5   , 0.5   ]], dtype=float32)
    >>> _ = softmax(np.zeros((2, 2), np.float32))
    >>> info = softmax.cache_info()
    >>> info["traces"], info["hits"]
    (1, 1)
    """
    if fun is None:
        return functools.partial(jit, static_argnums=static_argnums, static_argnames=static_argnames,
                                 donate_argnums=donate_argnums, backend=backend, hlo_opt=hlo_opt,
                                 opt_level=opt_level, threads=threads, cache=cache, outputs=outputs)
    if outputs not in ("numpy", "jax"):
        raise UsageError(f"outputs must be 'numpy' or 'jax', not {outputs!r}")
    return JitFunction(fun, _ints(static_argnums), _names(static_argnames), _ints(donate_argnums),
                       {"backend": backend, "hlo_opt": hlo_opt, "opt_level": opt_level, "cache": cache},
                       threads, outputs)


def _ints(v) -> tuple[int, ...]:
    return (v,) if isinstance(v, int) else tuple(v)


def _names(v) -> tuple[str, ...]:
    return (v,) if isinstance(v, str) else tuple(v)


class _Compiled:
    """One input signature's executable and how to put its results back into a pytree."""

    __slots__ = ("executable", "out_tree", "dtypes", "hlo_text")

    def __init__(self, executable, out_tree, dtypes, hlo_text: str):
        self.executable = executable
        self.out_tree = out_tree
        self.dtypes = dtypes  # what each input leaf is converted to (as JAX canonicalises: f64 -> f32)
        self.hlo_text = hlo_text


class JitFunction:
    """What `hloc.jit(f)` returns: call it like `f`. `.lower(*args)` gives the HLO text JAX traced."""

    def __init__(self, fun: Callable, static_argnums: tuple[int, ...], static_argnames: tuple[str, ...],
                 donate_argnums: tuple[int, ...], options: dict, threads: int | None, outputs: str):
        self.fun = fun
        self.static_argnums = static_argnums
        self.static_argnames = static_argnames
        self.donate_argnums = donate_argnums
        self.options = options
        self.threads = threads
        self.outputs = outputs
        self._cache: dict[tuple, _Compiled] = {}
        self._stats = {"hits": 0, "traces": 0, "compiles": 0, "disk_hits": 0}
        functools.update_wrapper(self, fun)

    # -- the call
    def __call__(self, *args, **kwargs):
        import jax

        dynamic, static = self._split(args, kwargs)
        leaves, treedef = jax.tree_util.tree_flatten(dynamic)
        key = (treedef, tuple(_leaf_key(x) for x in leaves), static, tuple(sorted(self.options.items())))
        entry = self._cache.get(key)
        if entry is None:
            entry = self._compile(args, kwargs)
            self._cache[key] = entry
        else:
            self._stats["hits"] += 1
        flat = [np.asarray(x, dtype=dt) for x, dt in zip(leaves, entry.dtypes)]
        result = entry.executable.run(flat)
        outs = list(result) if isinstance(result, tuple) else [result]
        if self.outputs == "jax":
            outs = [jax.numpy.asarray(o) for o in outs]
        self._delete_donated(args)
        return jax.tree_util.tree_unflatten(entry.out_tree, outs)

    def lower(self, *args, **kwargs) -> str:
        """The HLO text (with its source-line metadata) JAX traces for these arguments."""
        return self._jax_jit().lower(*args, **kwargs).as_text(dialect="hlo", debug_info=True)

    def cache_info(self) -> dict[str, int]:
        """hits: calls that found their signature compiled; traces: signatures traced by JAX;
        compiles: native compiles (traces that missed the disk cache); disk_hits: the others."""
        return {**self._stats, "entries": len(self._cache)}

    def clear_cache(self) -> None:
        """Forget the in-memory executables (the disk cache is hloc's, see `hloc cache`)."""
        self._cache.clear()

    # -- helpers
    def _jax_jit(self):
        import jax

        return jax.jit(self.fun, static_argnums=self.static_argnums, static_argnames=self.static_argnames,
                       donate_argnums=self.donate_argnums, keep_unused=True)

    def _split(self, args: tuple, kwargs: dict) -> tuple[tuple, tuple]:
        """(the dynamic arguments, the static ones as a hashable key), as jax.jit splits them."""
        n = len(args)
        statics = {i % n if n else i for i in self.static_argnums}
        dyn_args = tuple(a for i, a in enumerate(args) if i not in statics)
        dyn_kwargs = {k: v for k, v in kwargs.items() if k not in self.static_argnames}
        static = (tuple((i, args[i]) for i in sorted(statics) if i < n),
                  tuple(sorted((k, v) for k, v in kwargs.items() if k in self.static_argnames)))
        try:
            hash(static)
        except TypeError:
            raise UsageError("static arguments must be hashable (as in jax.jit)") from None
        return (dyn_args, dyn_kwargs), static

    def _compile(self, args: tuple, kwargs: dict) -> _Compiled:
        from .executable import compile as compile_module

        lowered = self._jax_jit().lower(*args, **kwargs)  # errors in the function are JAX's own
        self._stats["traces"] += 1
        # Compiled without the source-line metadata, so that editing the file elsewhere leaves the
        # text, and its disk cache entry, as they were; the metadata is read only to report an error.
        text = lowered.as_text(dialect="hlo")
        try:
            exe = compile_module(text, threads=self.threads, name=f"jit({_name(self.fun)})", **self.options)
        except HlocError as e:
            raise _with_python_source(e, text, lambda: lowered.as_text(dialect="hlo", debug_info=True)) from None
        if exe.cache == "hit":
            self._stats["disk_hits"] += 1
        else:
            self._stats["compiles"] += 1
        dtypes = [leaf.shape.dtype for leaf in exe.inputs]
        return _Compiled(exe, lowered.out_tree, dtypes, text)

    def _delete_donated(self, args: tuple) -> None:
        for i in self.donate_argnums:
            if i < len(args):
                for leaf in _jax_leaves(args[i]):
                    leaf.delete()


def _name(fun) -> str:
    return getattr(fun, "__name__", None) or type(fun).__name__


def _jax_leaves(tree) -> list:
    import jax

    return [x for x in jax.tree_util.tree_leaves(tree) if isinstance(x, jax.Array) and not x.is_deleted()]


def _leaf_key(x) -> tuple:
    """What of an argument leaf decides the traced program: shape, dtype and JAX's weak type
    (a Python scalar traces as a weakly typed value)."""
    if isinstance(x, (bool, int, float, complex)):
        return (type(x).__name__,)
    shape = getattr(x, "shape", None)
    dtype = getattr(x, "dtype", None)
    if shape is None or dtype is None:
        x = np.asarray(x)
        shape, dtype = x.shape, x.dtype
    return (tuple(shape), str(dtype), bool(getattr(x, "weak_type", False)))


# ------------------------------------------------------------------------------------------------
# an hloc error -> the Python line it was traced from

_TABLE_ROW = re.compile(r"^(\d+) (.*)$")
_FIELD = re.compile(r"(\w+)=(\"(?:[^\"\\]|\\.)*\"|-?\d+)")


def _tables(text: str) -> dict[str, dict[int, object]]:
    """The FileNames / FunctionNames / FileLocations / StackFrames tables of a module's text."""
    tables: dict[str, dict[int, object]] = {}
    current = None
    for line in text.splitlines():
        if line in ("FileNames", "FunctionNames", "FileLocations", "StackFrames"):
            current = tables.setdefault(line, {})
            continue
        m = _TABLE_ROW.match(line) if current is not None else None
        if m is None:
            if line and current is not None:
                current = None
            continue
        value = m.group(2)
        if value.startswith('"'):
            current[int(m.group(1))] = value[1:-1]
        else:
            current[int(m.group(1))] = {k: (v[1:-1] if v.startswith('"') else int(v)) for k, v in _FIELD.findall(value)}
    return tables


def python_source(text: str, line: int) -> str | None:
    """`file.py:LINE (function)` of the HLO instruction on `line` of `text`, from its metadata."""
    lines = text.splitlines()
    if not 1 <= line <= len(lines):
        return None
    src = lines[line - 1]
    m = re.search(r'source_file="([^"]*)"[^}]*?source_line=(\d+)', src)
    if m:
        return f"{m.group(1)}:{m.group(2)}"
    m = re.search(r"stack_frame_id=(\d+)", src)
    if not m:
        return None
    t = _tables(text)
    frame = t.get("StackFrames", {}).get(int(m.group(1)))
    if not isinstance(frame, dict):
        return None
    loc = t.get("FileLocations", {}).get(frame.get("file_location_id"))
    if not isinstance(loc, dict):
        return None
    file = t.get("FileNames", {}).get(loc.get("file_name_id"), "?")
    func = t.get("FunctionNames", {}).get(loc.get("function_name_id"))
    return f"{file}:{loc.get('line')}" + (f" ({func})" if func else "")


def _with_python_source(e: HlocError, text: str, debug_text) -> HlocError:
    """The same error, its message naming the HLO instruction on the error's line of `text` and the
    Python line it was traced from (looked up in `debug_text()`, the same module with metadata)."""
    if e.loc is None or not e.loc.line:
        return e
    lines = text.splitlines()
    if not 0 < e.loc.line <= len(lines) or " = " not in lines[e.loc.line - 1]:
        return e
    instr = lines[e.loc.line - 1].strip().split(" = ", 1)[0].removeprefix("ROOT ")
    debug = debug_text()
    where = None
    for k, line in enumerate(debug.splitlines(), 1):
        if line.strip().removeprefix("ROOT ").startswith(instr + " = "):
            where = python_source(debug, k)
            break
    note = f" (HLO instruction '{instr}'" + (f", traced from {where}" if where else "") + ")"
    try:
        return type(e)(e.message + note, e.loc)
    except TypeError:
        return HlocError(e.message + note, e.loc)
