"""The floating-point environment XLA:CPU computes in: denormals flushed to zero.

XLA:CPU runs its kernels with FTZ and DAZ set (tsl::port::ScopedFlushDenormal): a denormal operand
counts as zero and a denormal result becomes zero (so 1e-40f * 1 == 0, 1e-40f / 1e-40f is NaN and
log(1e-40f) is -inf). The interpreter gets the same results by setting those bits of the calling
thread's floating-point control register around an evaluation, so numpy's loops behave the same way;
functions numpy may compute without float arithmetic on denormals (libm's tests on the bits) flush
their operands and results explicitly (ops/elementwise.py).
This works through glibc's fegetenv/fesetenv on x86-64 (MXCSR DAZ|FTZ) and AArch64 (FPCR.FZ);
elsewhere `flush_denormals` does nothing and FLUSH_SUPPORTED is False.
"""

from __future__ import annotations

import contextlib
import ctypes
import ctypes.util
import platform
import sys

_LAYOUT = {
    # machine: (sizeof(fenv_t), byte offset of the control word, bits to set)
    "x86_64": (32, 28, 0x8040),  # fenv_t.__mxcsr: FTZ (bit 15) | DAZ (bit 6)
    "AMD64": (32, 28, 0x8040),
    "aarch64": (8, 0, 1 << 24),  # fenv_t.__fpcr: FZ
    "arm64": (8, 0, 1 << 24),
}


def _load():
    if not sys.platform.startswith("linux"):
        return None
    layout = _LAYOUT.get(platform.machine())
    if layout is None:
        return None
    try:
        libm = ctypes.CDLL(ctypes.util.find_library("m") or "libm.so.6")
        libm.fegetenv.argtypes = [ctypes.c_void_p]
        libm.fesetenv.argtypes = [ctypes.c_void_p]
    except (OSError, AttributeError):
        return None
    return libm, layout


_LIB = _load()
FLUSH_SUPPORTED = _LIB is not None


@contextlib.contextmanager
def flush_denormals(enabled: bool = True):
    """Within the block, this thread's float arithmetic flushes denormal inputs and results to zero
    (`enabled`) or keeps them (IEEE): both set explicitly, since a library built with -ffast-math
    may have left FTZ/DAZ on for the process."""
    if _LIB is None:
        yield
        return
    libm, (size, offset, bits) = _LIB
    saved = ctypes.create_string_buffer(size)
    if libm.fegetenv(saved) != 0:
        yield
        return
    env = ctypes.create_string_buffer(saved.raw, size)
    word = int.from_bytes(env.raw[offset: offset + 4], "little")
    word = word | bits if enabled else word & ~bits
    ctypes.memmove(ctypes.addressof(env) + offset, word.to_bytes(4, "little"), 4)
    libm.fesetenv(env)
    try:
        yield
    finally:
        libm.fesetenv(saved)
