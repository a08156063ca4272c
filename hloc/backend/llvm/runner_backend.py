"""`hloc run --backend llvm`: the runner's glue to the native backend, with the compile cache.

    backend = LlvmBackend()                          # what hloc.runtime.backends instantiates
    exe = backend.prepare(module, BackendOptions())  # compile (or load from the cache) and load
    exe(args) -> nested numpy values                 # like hloc.interp.evaluate
    call = exe.bind(args); call()                    # runs only the call: inputs converted and
                                                     # outputs allocated once, by bind (--bench)
    hit = backend.lookup(source_bytes, options)      # a cached NativeModule without parsing, or None

What runs is the object code `hloc compile` writes for the same options (build.build is the one
path to object code). It is loaded in-process with ORC LLJIT (`add_object_img`). When the cache
entry also holds a shared library, linked from that same object with `cc -shared`, a cache hit
dlopens it instead: same machine code, and neither llvmlite nor the parser is imported, which
keeps a cached `hloc run` fast to start.

Cache keys (hloc.cache) hash: the module text, the hloc build (version + source
fingerprint), llvmlite's version, the build options (HLO pipeline, LLVM -O level, entry name,
denormal mode, PIC) and the host (machine, CPU model and feature flags).
"""

from __future__ import annotations

import ctypes
import os
import threading
import weakref
from collections.abc import Callable

import numpy as np

from ...aligned import aligned_bytes
from ...cache import CompileCache, cache_key, sha256_hex, source_fingerprint
from ...errors import CodegenError, RunError
from ...signature import Signature, flatten_values
from .abi import ENTRY_ARGS, default_threads, shutdown_then_release
from .build import BuildOptions, build, key_parts

CACHE_FORMAT = "native-2"  # 2: the entry takes num_threads; <entry>_shutdown


# ------------------------------------------------------------------------------------------------
# the loaded module


class NativeModule:
    """An entry function loaded in this process, with its ABI. `exe(args)` takes one nested value
    per entry parameter (numpy arrays of the leaf dtypes, tuples for tuple shapes) and returns the
    nested result. Calls release the GIL (ctypes); each concurrent call gets its own temp arena.
    `threads`: threads each call may use (None: `default_threads()` at call time)."""

    def __init__(self, abi: Signature, address: int, keepalive: object, how: str, shutdown: int | None = None,
                 threads: int | None = None, profile=None):
        self.abi = abi
        self.profile = profile  # a profiling build's kernel counters (profile.py), else None
        self.how = how  # "orc" (object loaded with LLJIT) or "shared" (the linked .so, dlopen'ed)
        self.object_code: bytes | None = None  # the object it was loaded or linked from, when known
        self.needs_devices = False  # its collectives call hloc_collective: it runs as one of several devices
        self.threads = threads
        proto = ctypes.CFUNCTYPE(None, *[getattr(ctypes, a.ctypes) for a in ENTRY_ARGS])
        self._fn = proto(address)
        # The code lives as long as we do (the LLJIT resource tracker or the CDLL); its worker threads
        # are joined first.
        if shutdown:
            weakref.finalize(self, shutdown_then_release, ctypes.CFUNCTYPE(None)(shutdown), keepalive)
        else:
            self._keepalive = keepalive
        self._params = abi.params
        self._results = abi.results
        try:
            self._temp = aligned_bytes(abi.temp_bytes, abi.temp_align)
        except MemoryError:
            raise RunError(f"cannot allocate the module's scratch memory ({abi.temp_bytes} bytes for its "
                           "intermediate values)") from None
        self._temp_lock = threading.Lock()

    def __call__(self, args) -> object:
        params, outs = self._buffers(args)
        self.run_leaves(params, outs)
        return self._result(outs)

    def bind(self, args) -> Callable[[], None]:
        """A call of the module on `args` with everything but the call itself done once, here: the
        inputs converted to their physical buffers and the output buffers allocated. Each call of the
        returned function runs the module again into the same output buffers and returns nothing:
        no conversions, no allocation, no result views (what `hloc run --bench` times, as
        benchmarks/bench_models.py does and as XLA's run_hlo_module times its calls on buffers it
        allocated once: 16 MB of fresh output pages cost ~4000 page faults a call). The buffers'
        pages are touched here, so the first call does not pay their faults either."""
        params, outs = self._buffers(args)
        for o in outs:
            o.reshape(-1).view(np.uint8)[:] = 0

        def call() -> None:
            self.run_leaves(params, outs)

        return call

    def _buffers(self, args) -> tuple[list[np.ndarray], list[np.ndarray]]:
        """The physical parameter buffers for `args` and newly allocated result buffers."""
        args = list(args)
        if len(args) != len(self.abi.param_shapes):
            raise RunError(f"the module takes {len(self.abi.param_shapes)} arguments, got {len(args)}")
        leaves: list[np.ndarray] = []
        for a, shape in zip(args, self.abi.param_shapes):
            flatten_values(a, shape, leaves)
        if len(leaves) != len(self._params):  # pragma: no cover - flatten_values checks every level
            raise RunError("wrong number of parameter leaves")
        params = [_physical_in(a, leaf) for a, leaf in zip(leaves, self._params)]
        outs = [_alloc_out(leaf, self.abi.temp_align) for leaf in self._results]
        return params, outs

    def _result(self, outs: list[np.ndarray]) -> object:
        logical = iter([_logical_out(o, leaf.shape) for o, leaf in zip(outs, self._results)])
        return _unflatten(self.abi.result_shape, logical)

    def run_leaves(self, params: list[np.ndarray], results: list[np.ndarray]) -> None:
        """The raw call on C-contiguous physical buffers, one per parameter / result leaf."""
        if self.needs_devices:
            from .loader_orc import on_device_thread

            if not on_device_thread():
                raise RunError("the module is for several devices: its collectives run only as one device of a "
                               "run of all of them (hloc run, --devices N, mpirun -n N hloc run, "
                               "hloc.runtime.collectives.run_threads)")
        pa = (ctypes.c_void_p * max(1, len(params)))(*[a.ctypes.data for a in params])
        ra = (ctypes.c_void_p * max(1, len(results)))(*[o.ctypes.data for o in results])
        # Arguments by ENTRY_ARGS name: a new ABI argument is one more entry here.
        values = {"params": ctypes.addressof(pa), "results": ctypes.addressof(ra),
                  "num_threads": self.threads or default_threads()}
        if self._temp_lock.acquire(blocking=False):
            try:
                values["temp"] = self._temp.ctypes.data
                self._fn(*[values[a.name] for a in ENTRY_ARGS])
            finally:
                self._temp_lock.release()
        else:
            temp = aligned_bytes(self.abi.temp_bytes, self.abi.temp_align)  # (kept alive through the call)
            values["temp"] = temp.ctypes.data
            self._fn(*[values[a.name] for a in ENTRY_ARGS])


def _physical_in(a, leaf) -> np.ndarray:
    shape = leaf.shape
    arr = np.asarray(a)
    if arr.dtype != shape.dtype or tuple(arr.shape) != tuple(shape.dims):
        raise RunError(f"{leaf.path}: expected {shape.to_str(layout=False)}, got {arr.dtype.name}"
                       f"[{','.join(map(str, arr.shape))}]")
    if shape.rank > 1 and not shape.layout.is_default():
        arr = np.transpose(arr, list(reversed(shape.minor_to_major)))
    return np.ascontiguousarray(arr)


def _alloc_out(leaf, align: int) -> np.ndarray:
    shape = leaf.shape
    dims = [shape.dims[d] for d in reversed(shape.minor_to_major)] if shape.rank > 1 else list(shape.dims)
    n = leaf.num_elements * shape.dtype.itemsize
    return aligned_bytes(n, align)[:n].view(shape.dtype).reshape(dims)


def _logical_out(a: np.ndarray, shape) -> np.ndarray:
    """The result buffer in logical dimension order: a Fortran-ordered view when the layout is the
    reversed one (a {0,1} matrix: no copy), else a C-ordered copy."""
    if shape.rank > 1 and not shape.layout.is_default():
        perm = list(reversed(shape.minor_to_major))
        a = np.transpose(a, np.argsort(perm))
        if not a.flags.f_contiguous:  # (only a reversed layout gives a Fortran-ordered view)
            a = np.ascontiguousarray(a)
    return a


def _unflatten(shape, it):
    if shape.is_tuple:
        return tuple(_unflatten(s, it) for s in shape.tuple_shapes)
    if not shape.is_array:
        return None
    return next(it)


# ------------------------------------------------------------------------------------------------
# loading


def load_object(obj: bytes, abi: Signature, profile: bool = False) -> NativeModule:
    """Load object code for this host with ORC LLJIT; the entry is resolved by name. `profile`: the
    object is a profiling build (its counters are found too)."""
    from .kernels.collectives import COLLECTIVE_SYMBOL
    from .loader_orc import link_object, references

    shutdown = f"{abi.entry_name}_shutdown"
    names = _profile_symbols(abi) if profile else ()
    address, tracker = link_object(obj, abi.entry_name, also=(shutdown, *names))
    exe = NativeModule(abi, address, tracker, "orc", tracker[shutdown],
                       profile=_counters(*(tracker[c] for c in names)) if profile else None)
    exe.object_code = obj
    exe.needs_devices = references(obj, COLLECTIVE_SYMBOL)
    return exe


def _profile_symbols(abi: Signature) -> tuple[str, str, str]:
    from .codegen.profile import symbols  # (profiling builds only: not on a plain cached run's import path)

    return symbols(abi.entry_name)


def _counters(counters_address: int, sites_address: int, clock_address: int):
    from .codegen.profile import Counters

    return Counters(counters_address, sites_address, clock_address)


def load_shared(path: str, abi: Signature, profile: bool = False) -> NativeModule:
    """dlopen a shared library linked from the object (RTLD_LOCAL: entries of different modules may
    share a name)."""
    try:
        lib = ctypes.CDLL(os.fspath(path))
        fn = getattr(lib, abi.entry_name)
        shutdown = getattr(lib, f"{abi.entry_name}_shutdown")
        counters = None
        if profile:
            counters = _counters(*(ctypes.addressof(ctypes.c_char.in_dll(lib, c)) for c in _profile_symbols(abi)))
    except (OSError, AttributeError, ValueError) as e:
        raise RunError(f"cannot load '{path}': {e}") from None
    return NativeModule(abi, ctypes.cast(fn, ctypes.c_void_p).value, lib, "shared",
                        ctypes.cast(shutdown, ctypes.c_void_p).value, profile=counters)


_IMAGES: dict[str, str] = {}  # a loaded image's checksum -> the memfd path it was dlopen'ed from


def load_shared_image(image: bytes, abi: Signature, profile: bool = False, digest: str | None = None) -> NativeModule:
    """dlopen a shared library from its bytes (a cache entry's, as verified): they are copied into a
    sealed memfd and loaded from there, so what runs is exactly what was checked (a path could be
    swapped between the check and dlopen). The memfd stays open while the process runs: the dynamic
    loader knows a library by the name it was opened with, and a reused descriptor number would
    name the old library (a second load of the same image reuses it, as dlopen of one path does).
    Linux only: elsewhere, and where memfds may not be mapped executable, a RunError (the caller
    then links the object, also from memory, with ORC)."""
    import fcntl

    digest = digest or sha256_hex(image)  # (the cache passes the checksum it verified)
    path = _IMAGES.get(digest)
    if path is not None:
        return load_shared(path, abi, profile)
    if not hasattr(os, "memfd_create") or not os.path.isdir("/proc/self/fd"):
        raise RunError("no memfd to load a shared library from memory")
    try:
        fd = os.memfd_create("hloc-module.so", os.MFD_CLOEXEC | os.MFD_ALLOW_SEALING)
    except OSError as e:
        raise RunError(f"cannot create a memfd: {e.strerror}") from None
    try:
        view = memoryview(image)
        while view:
            view = view[os.write(fd, view):]
        fcntl.fcntl(fd, fcntl.F_ADD_SEALS, fcntl.F_SEAL_SHRINK | fcntl.F_SEAL_GROW | fcntl.F_SEAL_WRITE
                    | fcntl.F_SEAL_SEAL)
        path = f"/proc/self/fd/{fd}"
        exe = load_shared(path, abi, profile)
    except OSError as e:
        os.close(fd)
        raise RunError(f"cannot load the shared library from memory: {e.strerror}") from None
    except BaseException:
        os.close(fd)
        raise
    _IMAGES[digest] = path
    return exe


def link_shared(obj: bytes) -> bytes | None:
    """`cc -shared` of the object, or None when no C compiler works (the cache then keeps only the
    object, and hits load it with ORC)."""
    import shutil
    import subprocess
    import tempfile

    from ...lapack.library import referenced

    cc = os.environ.get("CC") or shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
    from .kernels.collectives import COLLECTIVE_SYMBOL
    from .loader_orc import references

    # (LAPACK's routines and the collectives' runtime are bound at ORC load time, not by dlopen)
    if not cc or referenced(obj) or references(obj, COLLECTIVE_SYMBOL):
        return None
    with tempfile.TemporaryDirectory(prefix="hloc-link-") as tmp:
        o, so = os.path.join(tmp, "m.o"), os.path.join(tmp, "m.so")
        with open(o, "wb") as f:
            f.write(obj)
        try:
            r = subprocess.run([*cc.split(), "-shared", "-o", so, o, "-lm", "-lpthread"], capture_output=True,
                               timeout=120)
        except (OSError, subprocess.SubprocessError):
            return None
        if r.returncode != 0 or not os.path.exists(so):
            return None
        with open(so, "rb") as f:
            return f.read()


# ------------------------------------------------------------------------------------------------
# the backend


def host_id() -> dict:
    """What identifies the host's code generation: machine, CPU model and feature flags. Read from
    /proc/cpuinfo (no llvmlite import); elsewhere from LLVM's host detection."""
    info = {"machine": os.uname().machine, "system": os.uname().sysname}
    if os.environ.get("HLOC_CPU"):  # code for another CPU than the host's (target.default_cpu)
        info["target_cpu"] = os.environ["HLOC_CPU"]
    try:
        with open("/proc/cpuinfo", "rb") as f:
            text = f.read(1 << 16).decode("utf-8", "replace")
        first = text.split("\n\n", 1)[0]
        fields = {}
        for line in first.split("\n"):
            k, _, v = line.partition(":")
            fields[k.strip()] = v.strip()
        cpu = {k: fields.get(k, "") for k in ("vendor_id", "cpu family", "model", "model name", "flags", "Features",
                                              "CPU implementer", "CPU part")}
        if cpu["flags"] or cpu["Features"]:
            info["cpu"] = sha256_hex(repr(sorted(cpu.items())).encode())[:32]
            return info
    except OSError:
        pass
    from .codegen.target import TargetSpec

    spec = TargetSpec().resolved()
    info["cpu"] = sha256_hex(f"{spec.triple}|{spec.cpu}|{spec.features}".encode())[:32]
    return info


def _llvmlite_version() -> str:
    import llvmlite

    return llvmlite.__version__


class LlvmBackend:
    """The native backend for the runner (hloc.runtime.backends)."""

    name = "llvm"
    token = None  # token parameters take no buffer

    def __init__(self, cache_dir: str | None = None):
        self._cache_dir = cache_dir
        self.last_cache: str | None = None  # "hit", "miss", "off" and, after a rebuild, why
        self.last_timings: dict[str, float] = {}
        self._discarded: str | None = None  # why lookup() dropped a damaged entry

    # -- the runner interface
    def prepare(self, module, options, source: bytes | None = None) -> NativeModule:
        """Compile `module` (or load it from the cache) and load it. `source`: the module's text as
        read, for the cache key (else the module is printed)."""
        bopts = build_options(options)
        cache = self._cache(options)
        key = None
        if cache is not None:
            if source is None:
                from ...ir.printer import print_module

                source = print_module(module).encode()
            key = self.key(source, bopts)
            entry = cache.load(key)
            reason = cache.last_discarded or self._discarded
            if entry is not None:
                try:
                    exe = self._from_entry(entry)
                    exe.threads = getattr(options, "threads", None)
                    self.last_cache = "hit"
                    return exe
                except (RunError, KeyError, ValueError, TypeError) as e:  # checksummed, but unusable
                    reason = f"unusable entry: {e}"
                    cache.discard(key, reason)
            self.last_cache = "miss" + (f" (discarded a damaged entry: {reason})" if reason else "")
        else:
            self.last_cache = "off"
        built = build(module, bopts, getattr(options, "instruments", ()))
        if not built.compiled.target.is_host:
            raise CodegenError(f"cannot run code compiled for {built.compiled.target.triple} on this host")
        self.last_timings = dict(built.compiled.timings)
        _check_scratch(module, built.abi.temp_bytes)
        exe = load_object(built.compiled.obj, built.abi, bopts.profile)
        exe.threads = getattr(options, "threads", None)
        if cache is not None:
            files = {"module.o": built.compiled.obj}
            so = link_shared(built.compiled.obj)
            if so is not None:
                files["module.so"] = so
            meta = {"format": CACHE_FORMAT, "abi": built.abi.to_json(), "target": {
                "triple": built.compiled.target.triple, "cpu": built.compiled.target.cpu,
                "features": built.compiled.target.features}, "pipeline_ran": built.pipeline_ran,
                "profile": bopts.profile}
            cache.store(key, meta, files)
        return exe

    def lookup(self, source: bytes, options) -> NativeModule | None:
        """A cached, verified module for `source` loaded without parsing it, or None."""
        cache = self._cache(options)
        if cache is None:
            return None
        entry = cache.load(self.key(source, build_options(options)))
        self._discarded = cache.last_discarded
        if entry is None:
            return None
        try:
            exe = self._from_entry(entry)
        except (RunError, KeyError, ValueError, TypeError):
            return None
        exe.threads = getattr(options, "threads", None)
        self.last_cache = "hit"
        return exe

    # -- helpers
    def _cache(self, options):
        if not getattr(options, "cache", True):
            return None
        return CompileCache(self._cache_dir)

    @staticmethod
    def key(source: bytes, bopts: BuildOptions) -> str:
        return cache_key({"format": CACHE_FORMAT, "module": sha256_hex(source),
                          "hloc": source_fingerprint(), "llvmlite": _llvmlite_version(),
                          "options": key_parts(bopts), "host": host_id()})

    @staticmethod
    def _from_entry(entry) -> NativeModule:
        meta = entry.meta
        if meta.get("format") != CACHE_FORMAT:
            raise ValueError("cache entry of another format")
        abi = Signature.from_json(meta["abi"])
        profile = bool(meta.get("profile", False))
        if "module.so" in entry.data and os.environ.get("HLOC_LOADER", "") != "orc":
            try:
                exe = load_shared_image(entry.data["module.so"], abi, profile, entry.sha256.get("module.so"))
                exe.object_code = entry.data.get("module.o")
                return exe
            except RunError:
                pass  # e.g. a cache on a noexec mount: the object through ORC works there
        return load_object(entry.data["module.o"], abi, profile)


def _check_scratch(module, temp_bytes: int) -> None:
    """A scratch arena larger than the machine's memory is an error at the module's largest
    intermediate value (before anything is allocated or cached)."""
    try:
        memory = os.sysconf("SC_PAGE_SIZE") * os.sysconf("SC_PHYS_PAGES")
    except (ValueError, OSError, AttributeError):
        return
    if temp_bytes <= memory:
        return
    largest, size = None, 0
    for comp in module.computations:
        for instr in comp.instructions:
            for leaf in instr.shape.leaves():
                n = leaf.dtype.itemsize
                for d in leaf.dims:
                    n *= d
                if n > size:
                    largest, size = instr, n
    where = f" (the largest: '{largest.name}', {largest.shape.to_str(layout=False)}, {size} bytes)" if largest else ""
    raise RunError(f"the module needs {temp_bytes} bytes of scratch memory for its intermediate values{where}, "
                   f"more than this machine's {memory} bytes", largest.loc if largest is not None else None)


def build_options(options) -> BuildOptions:
    """The runner's BackendOptions -> the build's (host target, defaults for what is not given)."""
    kw = {}
    for name in ("hlo_pipeline", "opt_level", "entry_name", "flush_denormals", "profile"):
        v = getattr(options, name, None)
        if v is not None:
            kw[name] = v
    # (--no-cache compiles from scratch: LLVM's products are not reused either)
    return BuildOptions(**kw, code_cache=getattr(options, "cache", True))
