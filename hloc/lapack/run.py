"""Running a Plan on numpy arrays through ctypes: the interpreter's side of the LAPACK custom calls."""

from __future__ import annotations

import ctypes

import numpy as np

from .library import PARALLEL_MIN_ELEMENTS, lapack
from .plans import QUERY, Plan

DTYPES = {"f32": np.float32, "f64": np.float64, "c64": np.complex64, "c128": np.complex128, "s64": np.int64}


def run_plan(p: Plan, operands: list[np.ndarray], result_dtypes: list[np.dtype]) -> list[np.ndarray]:
    """The custom call's results (logical arrays) for its operands (logical arrays)."""
    fn_addr = lapack().address(p.routine)
    nchars = sum(1 for a in p.args if a[0] == "char")
    proto = ctypes.CFUNCTYPE(None, *([ctypes.c_void_p] * len(p.args) + [ctypes.c_size_t] * nchars))
    fn = proto(fn_addr)
    count = p.batch_count
    bufs = {b.name: np.zeros(b.size, DTYPES[b.etype]) for b in p.bufs}
    sizes = {w.name: w.size for w in p.works}
    if any(s == QUERY for s in sizes.values()):
        works = {w.name: np.zeros(max(1, w.size), DTYPES[w.etype]) for w in p.works}
        _call(fn, p, bufs, works, {n: (-1 if s == QUERY else s) for n, s in sizes.items()})
        sizes = {n: (max(1, int(np.real(works[n][0]))) if s == QUERY else s) for n, s in sizes.items()}
    works = {w.name: np.zeros(max(1, sizes[w.name]), DTYPES[w.etype]) for w in p.works}
    sources = {b.name: np.asarray(operands[b.source]).reshape(count, *b.dims) for b in p.bufs if b.source is not None}
    results = {b.result: np.zeros((count, *b.dims), result_dtypes[b.result]) for b in p.bufs if b.result is not None}
    # one OpenBLAS thread as the native kernel's below PARALLEL_MIN_ELEMENTS (above: the library's count)
    old = lapack().set_threads(1) if max(b.size for b in p.bufs) < PARALLEL_MIN_ELEMENTS else None
    try:
        _run_batch(fn, p, count, bufs, works, sizes, sources, results)
    finally:
        if old is not None:
            lapack().set_threads(old)
    return [results[j].reshape((*p.batch, *results[j].shape[1:])) for j in range(len(results))]


def _run_batch(fn, p: Plan, count: int, bufs: dict, works: dict, sizes: dict, sources: dict, results: dict) -> None:
    for i in range(count):
        for b in p.bufs:
            if b.source is not None:
                bufs[b.name][:] = sources[b.name][i].reshape(-1, order="F").astype(DTYPES[b.etype])
            else:
                bufs[b.name][:] = 0
        if p.finite_check and not np.all(np.isfinite(bufs[p.finite_check])):
            bufs["info"][:] = -4  # (jaxlib's answer; LAPACK is not called)
        else:
            _call(fn, p, bufs, works, sizes)
            if p.unpack and bufs["info"][0] == 0:
                for packed, out in p.unpack:
                    bufs[out][:] = unpack_eigenvectors(bufs["wi"], bufs[packed]).reshape(-1, order="F")
        for b in p.bufs:
            if b.result is not None:
                results[b.result][i] = bufs[b.name].reshape(b.dims, order="F").astype(results[b.result].dtype)


def _call(fn, p: Plan, bufs: dict, works: dict, lengths: dict) -> None:
    keep = []
    args = []
    for arg in p.args:
        kind = arg[0]
        if kind == "char":
            v = ctypes.create_string_buffer(arg[1].encode(), 1)
        elif kind == "int":
            v = ctypes.c_int64(arg[1])
        elif kind == "len":
            v = ctypes.c_int64(lengths[arg[1]])
        elif kind == "one":
            v = np.ones(1, DTYPES[p.etype])
        elif kind == "null":
            args.append(None)
            continue
        else:
            v = bufs.get(arg[1])
            v = works[arg[1]] if v is None else v
            if len(arg) > 2:
                v = v[arg[2]:]
        keep.append(v)
        args.append(v.ctypes.data if isinstance(v, np.ndarray) else ctypes.addressof(v))
    fn(*args, *([1] * sum(1 for a in p.args if a[0] == "char")))



def unpack_eigenvectors(wi: np.ndarray, packed: np.ndarray) -> np.ndarray:
    """geev's real eigenvectors as complex columns: column j is v_j where wi[j] = 0, and for a
    complex pair (wi[j] != 0) columns j, j+1 hold re and im: v_j = re + i im, v_{j+1} = re - i im
    (jaxlib's UnpackEigenvectors, which takes a NaN wi for real)."""
    n = wi.shape[0]
    v = packed.reshape(n, n, order="F")
    out = v.astype(np.complex64 if v.dtype == np.float32 else np.complex128)
    j = 0
    while j < n:
        if wi[j] != 0 and not np.isnan(wi[j]) and j + 1 < n:
            out[:, j] = v[:, j] + 1j * v[:, j + 1]
            out[:, j + 1] = v[:, j] - 1j * v[:, j + 1]
            j += 2
        else:
            j += 1
    return out
