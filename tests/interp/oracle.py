"""Reading the XLA-oracle test data (testdata/interp/oracle/*.npz, made by make_oracle_data.py) and
comparing interpreter results with it."""

from __future__ import annotations

import functools
from pathlib import Path

import numpy as np

from hloc.interp import evaluate
from hloc.interp.util import ETYPE_OF
from hloc.ir.types import ELEMENT_TYPES
from hloc.parse import parse_module

ORACLE = Path(__file__).resolve().parents[2] / "testdata" / "interp" / "oracle"


@functools.cache
def _family(family: str) -> dict[str, np.ndarray]:
    with np.load(ORACLE / f"{family}.npz") as z:
        return {k: z[k] for k in z.files}


def family_cases(family: str) -> list[str]:
    return sorted(k[:-4] for k in _family(family) if k.endswith(".hlo"))


def _as_type(a: np.ndarray, etype: str) -> np.ndarray:
    dt = ELEMENT_TYPES[etype].np_dtype
    if a.dtype == dt:
        return a
    if a.dtype.itemsize == dt.itemsize and a.dtype.kind in "ui":
        return a.view(dt)
    return a.astype(dt)  # int4 / uint4 stored as int8 / uint8


def leaves(v) -> list:
    if isinstance(v, tuple):
        return [x for item in v for x in leaves(item)]
    return [v]


def load_case(family: str, case: str):
    z = _family(family)
    text = str(z[f"{case}.hlo"])
    types = list(z[f"{case}.types"])
    arrow = types.index("->")
    in_types, out_types = types[:arrow], types[arrow + 1:]
    inputs = [_as_type(z[f"{case}.in{i}"], t) for i, t in enumerate(in_types)]
    outputs = [_as_type(z[f"{case}.out{i}"], t) for i, t in enumerate(out_types)]
    return text, inputs, outputs, tuple(z[f"{case}.tol"])


def mismatches(got: np.ndarray, want: np.ndarray, tol) -> str | None:
    """None when `got` matches XLA's `want`: bit for bit (NaNs only as NaNs) when tol is all zero,
    within `ulp` units in the last place of the type when tol[2] > 0, else within rtol/atol."""
    rtol, atol, ulp = tol
    if got.dtype != want.dtype or got.shape != want.shape:
        return f"got {got.dtype}{list(got.shape)}, want {want.dtype}{list(want.shape)}"
    if got.dtype.kind in "biu" or got.dtype.kind not in "fc" and not _is_float(got):
        bad = got != want
    elif got.dtype.kind == "c":
        bad = ~(_close(got.real, want.real, tol) & _close(got.imag, want.imag, tol))
    else:
        bad = ~_close(got, want, (rtol, atol, ulp))
    if not bad.any():
        return None
    idx = np.flatnonzero(bad)[:5]
    return (f"{int(bad.sum())} of {bad.size} differ, e.g. at {idx.tolist()}: got {got.ravel()[idx].tolist()}, "
            f"want {want.ravel()[idx].tolist()}")


def _is_float(a: np.ndarray) -> bool:
    return ELEMENT_TYPES[ETYPE_OF[a.dtype]].kind in ("float", "complex")


def _raw(a: np.ndarray) -> np.ndarray:
    """The encoding of each element as int64 (sub-byte types: their low bits)."""
    bits = ELEMENT_TYPES[ETYPE_OF[a.dtype]].bits
    u = a.view(f"u{a.dtype.itemsize}").astype(np.uint64)
    return (u & np.uint64((1 << bits) - 1)).astype(np.int64) if bits < 64 else u.view(np.int64)


def _ulp_key(a: np.ndarray) -> np.ndarray:
    """Integers whose differences count representable values between floats (-0 and +0 one apart)."""
    bits = ELEMENT_TYPES[ETYPE_OF[a.dtype]].bits
    raw = _raw(a)
    if bits == 64:
        mag = raw & np.int64(0x7FFFFFFFFFFFFFFF)
        return np.where(raw < 0, -mag - 1, mag)
    mag = raw & ((1 << (bits - 1)) - 1)
    return np.where(raw >> (bits - 1) != 0, -mag - 1, mag)


def _close(got: np.ndarray, want: np.ndarray, tol) -> np.ndarray:
    rtol, atol, ulp = tol
    gn, wn = np.isnan(got.astype(np.float64)), np.isnan(want.astype(np.float64))
    if ulp:
        ok = np.abs(_ulp_key(got) - _ulp_key(want)) <= ulp
    elif rtol or atol:
        ok = np.isclose(got.astype(np.float64), want.astype(np.float64), rtol=rtol, atol=atol)
    else:
        ok = _raw(got) == _raw(want)
    return np.where(gn | wn, gn & wn, ok)


def _denormal(a: np.ndarray) -> np.ndarray:
    if not _is_float(a) or a.dtype.kind == "c":
        return np.zeros(a.shape, bool)
    bits = ELEMENT_TYPES[ETYPE_OF[a.dtype]].bits
    if bits < 16:
        return np.zeros(a.shape, bool)
    raw = _raw(a)
    mant = {16: 10 if a.dtype == np.float16 else 7, 32: 23, 64: 52}[bits]
    exp = (raw >> mant) & ((1 << (bits - 1 - mant)) - 1)
    return (exp == 0) & ((raw & ((1 << mant) - 1)) != 0)


def _nonfinite(a: np.ndarray) -> np.ndarray:
    if not _is_float(a):
        return np.zeros(a.shape, bool)
    return ~np.isfinite(a.astype(np.complex128 if a.dtype.kind == "c" else np.float64))


SKIPS = {"denormal": _denormal, "nonfinite": _nonfinite}


def run_case(family: str, case: str, skip: str | None = None) -> list[str]:
    """Problems found running one case (empty when it matches). `skip` ("denormal" or "nonfinite")
    leaves out the elements where an input is of that kind (elementwise cases only)."""
    text, inputs, outputs, tol = load_case(family, case)
    module = parse_module(text, f"{family}/{case}")
    got = leaves(evaluate(module, inputs))
    problems = []
    if len(got) != len(outputs):
        return [f"{len(got)} outputs, want {len(outputs)}"]
    keep = None
    if skip:
        keep = ~np.logical_or.reduce([SKIPS[skip](np.broadcast_to(x, outputs[0].shape)) for x in inputs])
    for i, (g, w) in enumerate(zip(got, outputs)):
        g = np.asarray(g)
        if keep is not None:
            g, w = g[keep], w[keep]
        msg = mismatches(g, w, tol)
        if msg:
            problems.append(f"out{i}: {msg}")
    return problems
