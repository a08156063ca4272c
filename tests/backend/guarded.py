"""Run a compiled module with every buffer fenced by inaccessible (PROT_NONE) pages.

Each parameter, result and the temp arena is placed in its own mmap so that it ends exactly where a
guard page begins (one run) or starts exactly where a guard page ends (a second run): a kernel that
reads or writes even one element outside a buffer faults instead of silently touching a neighbour.
The out-of-bounds tests of the data-dependent kernels (gather, scatter, dynamic slices, sort, ...)
run through `run_guarded`.
"""

from __future__ import annotations

import ctypes
import mmap

import numpy as np

PAGE = mmap.PAGESIZE
PROT_NONE = 0
_libc = ctypes.CDLL(None, use_errno=True)
_libc.mprotect.argtypes = [ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int]
_libc.mprotect.restype = ctypes.c_int


class _Fenced:
    """`nbytes` of read/write memory between two PROT_NONE pages, touching one of them."""

    def __init__(self, nbytes: int, at_end: bool):
        self.data_pages = max(1, -(-nbytes // PAGE))
        self.mm = mmap.mmap(-1, (self.data_pages + 2) * PAGE)
        self._anchor = ctypes.c_char.from_buffer(self.mm)
        base = ctypes.addressof(self._anchor)
        for page in (base, base + (self.data_pages + 1) * PAGE):
            if _libc.mprotect(page, PAGE, PROT_NONE) != 0:
                raise OSError(ctypes.get_errno(), "mprotect failed")
        self.offset = (self.data_pages + 1) * PAGE - nbytes if at_end else PAGE
        self.nbytes = nbytes

    def array(self, dtype, shape) -> np.ndarray:
        return np.frombuffer(self.mm, np.uint8, self.nbytes, self.offset).view(dtype).reshape(shape)


def _fenced_copy(a: np.ndarray, at_end: bool, keep: list) -> np.ndarray:
    a = np.ascontiguousarray(a)
    f = _Fenced(a.nbytes, at_end)
    keep.append(f)
    out = f.array(a.dtype, a.shape)
    out[...] = a
    return out


def run_guarded(exe, args: list[np.ndarray]) -> list[list[np.ndarray]]:
    """Run `exe` (an Executable with default-layout array parameters and results) twice, buffers
    flush against a guard page at their end, then at their start. Returns the result leaves of each
    run."""
    from hloc.backend.llvm.compile import _alloc_physical

    runs = []
    for at_end in (True, False):
        keep: list = []
        params = [_fenced_copy(a, at_end, keep) for a in args]
        results = []
        for s in exe.compiled.result_leaves:
            tmpl = _alloc_physical(s)
            f = _Fenced(tmpl.nbytes, at_end)
            keep.append(f)
            results.append(f.array(tmpl.dtype, tmpl.shape))
        saved = exe._temp
        temp = _Fenced(max(exe.temp_bytes, 1), at_end)
        keep.append(temp)
        exe._temp = temp.array(np.uint8, (max(exe.temp_bytes, 1),))
        try:
            exe.run_leaves(params, results)
        finally:
            exe._temp = saved
        runs.append([r.copy() for r in results])
    return runs
