"""Finding a LAPACK in this process: the routines jaxlib's CPU custom calls run, for both backends.

hloc calls LAPACK with 64-bit integers (ILP64) by the plain Fortran names (`dgetrf_`, `zheevd_`,
...), so `hloc compile` objects link with an ILP64 LAPACK (Debian: libopenblas64-dev,
`-lopenblas64`). For `hloc run` and the interpreter the routines come from the first of:

  * `$HLOC_LAPACK`: a shared library with those plain names and 64-bit integers;
  * the OpenBLAS numpy ships in its wheels (`numpy.libs/libscipy_openblas64_*.so`: ILP64, names
    `scipy_dgetrf_64_`): numpy is a dependency, so it is there wherever hloc is installed from PyPI;
  * the system's ILP64 OpenBLAS (`libopenblas64.so.0`).

Each call sets OpenBLAS's thread count first (THREADS_SYMBOL, where the library has it; a weak
reference elsewhere): one thread below PARALLEL_MIN_ELEMENTS, as jaxlib's kernels run, else the
threads the calling entry may use.
"""

from __future__ import annotations

import ctypes
import functools
import glob
import os
import threading

from ..errors import RunError

INT_BITS = 64  # LAPACK's integer in the calls hloc makes
LINK_HINT = "an ILP64 LAPACK (64-bit integers, plain names such as dgetrf_), e.g. -lopenblas64 (libopenblas64-dev)"

# OpenBLAS's `int openblas_set_num_threads_local(int)`: sets the count for the calls that follow and
# returns the previous one (0.3.27 and later; numpy's wheels have it under this plain name). In
# numpy's OpenBLAS the count is the process's, not the calling thread's.
THREADS_SYMBOL = "openblas_set_num_threads_local"
# Matrix elements from which a call may use more than one OpenBLAS thread. Measured here (2 cores,
# hloc's native calls, n = 256 .. 1024 of the factorisations potrf, getrf, syevd, gesdd): two
# threads were never faster than one (quiet: syevd n=256 7.9 vs 7.8 ms, potrf + trsm n=512 3.6 vs
# 2.8 ms), and with a third process on the machine 4-15x slower (OpenBLAS's workers spin in
# lock-step with the caller). A wide trsm does gain from two: native code splits its right-hand
# side over hloc's own pool instead (backend/llvm/kernels/lapack.py).
PARALLEL_MIN_ELEMENTS = 2048 * 2048

_lock = threading.Lock()
_found: Lapack | None = None


class Lapack:
    """One loaded LAPACK: `address('dgetrf')` is the routine's entry point."""

    def __init__(self, path: str, prefix: str, suffix: str):
        self.path = path
        self.prefix = prefix
        self.suffix = suffix
        self._lib = ctypes.CDLL(path)
        self._addresses: dict[str, int] = {}

    def address(self, routine: str) -> int:
        addr = self._addresses.get(routine)
        if addr is None:
            try:
                fn = getattr(self._lib, f"{self.prefix}{routine}{self.suffix}")
            except AttributeError:
                raise RunError(f"the LAPACK in '{self.path}' has no routine {routine}") from None
            addr = self._addresses[routine] = ctypes.cast(fn, ctypes.c_void_p).value or 0
        return addr

    def threads_setter(self) -> int:
        """The address of the library's THREADS_SYMBOL, 0 when it has none (its count is left alone)."""
        fn = getattr(self._lib, THREADS_SYMBOL, None)
        return (ctypes.cast(fn, ctypes.c_void_p).value or 0) if fn is not None else 0

    def set_threads(self, n: int) -> int | None:
        """Set the library's thread count; the previous one (None: the library cannot say)."""
        fn = getattr(self._lib, THREADS_SYMBOL, None)
        if fn is None:
            return None
        fn.restype, fn.argtypes = ctypes.c_int, [ctypes.c_int]
        return fn(n)


def _candidates() -> list[tuple[str, str, str]]:
    out = []
    env = os.environ.get("HLOC_LAPACK")
    if env:
        out.append((env, "", "_"))
    try:
        import numpy

        libs = os.path.join(os.path.dirname(os.path.dirname(numpy.__file__)), "numpy.libs")
        out += [(p, "scipy_", "_64_") for p in sorted(glob.glob(os.path.join(libs, "libscipy_openblas64_*.so")))]
    except ImportError:  # pragma: no cover - numpy is a dependency
        pass
    out.append(("libopenblas64.so.0", "", "_"))
    return out


def lapack() -> Lapack:
    """The LAPACK this process uses (found once); RunError naming what was tried when there is none."""
    global _found
    with _lock:
        if _found is None:
            tried = []
            for path, prefix, suffix in _candidates():
                try:
                    lib = Lapack(path, prefix, suffix)
                    lib.address("dgetrf")
                except (OSError, RunError):
                    tried.append(path)
                    continue
                _found = lib
                break
            else:
                raise RunError("no ILP64 LAPACK found for the linear-algebra custom calls (tried: "
                               f"{', '.join(tried)}); set HLOC_LAPACK to {LINK_HINT}")
        return _found


def symbol(routine: str) -> str:
    """The name compiled code calls `routine` by (`dgetrf` -> `dgetrf_`)."""
    return f"{routine}_"


def referenced(obj: bytes) -> list[str]:
    """The LAPACK routines an object file calls (their names in its symbol table, each ending `_\\0`)."""
    routines, longest = _routine_symbols()
    found = set()
    # (every `_\0` of the object, a few dozen, tested against the names: one substring search per routine
    # over a large module's object cost ~2 ms of every load)
    end = obj.find(b"_\0")
    while end >= 0:
        tail = obj[max(0, end + 1 - longest):end + 1]
        found.update(r for sym, r in routines if tail.endswith(sym))
        end = obj.find(b"_\0", end + 1)
    return [r for _, r in routines if r in found]


@functools.cache
def _routine_symbols() -> tuple[tuple[tuple[bytes, str], ...], int]:
    """((symbol as bytes, routine) for every routine plans may call, in all_routines' order), the longest symbol."""
    from .plans import all_routines

    pairs = tuple((symbol(r).encode(), r) for r in all_routines())
    return pairs, max(len(s) for s, _ in pairs)
