"""Output checking (`hloc run --check`): |got - expected| <= atol + rtol * |expected|, elementwise.

NaN equals NaN (anywhere in a complex number), equal infinities are equal, and integers and
bools are compared exactly in integer arithmetic (64-bit values too). The report gives the
largest absolute and relative errors and the worst element: the one exceeding its tolerance by
most (a NaN against a number is worst of all).
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from ..errors import RunError
from ..ir.types import Shape
from .values import coerce_array, describe_array


@dataclass
class CheckResult:
    output: int
    passed: bool
    max_abs_err: float = 0.0
    max_rel_err: float = 0.0
    mismatches: int = 0
    size: int = 0
    worst_index: tuple[int, ...] | None = None
    worst_got: object = None
    worst_expected: object = None
    error: str | None = None  # the arrays could not be compared at all (shape or type)
    tolerance: tuple[float, float] = field(default=(0.0, 0.0))  # (rtol, atol)

    def describe(self) -> str:
        """One line for a human."""
        name = f"out{self.output}"
        if self.error:
            return f"{name}: FAIL: {self.error}"
        errs = f"max abs err {_fmt(self.max_abs_err)}, max rel err {_fmt(self.max_rel_err)}"
        if self.passed:
            return f"{name}: ok ({errs})"
        rtol, atol = self.tolerance
        idx = "[" + ", ".join(map(str, self.worst_index or ())) + "]"
        return (f"{name}: FAIL: {self.mismatches} of {self.size} elements differ ({errs}); worst at {idx}: "
                f"got {_fmt(self.worst_got)}, expected {_fmt(self.worst_expected)} (rtol {rtol:g}, atol {atol:g})")

    def to_json(self) -> dict:
        d = {
            "output": self.output,
            "pass": self.passed,
            "max_abs_err": json_number(self.max_abs_err),
            "max_rel_err": json_number(self.max_rel_err),
            "mismatches": self.mismatches,
            "size": self.size,
        }
        if self.worst_index is not None:
            d["worst"] = {"index": list(self.worst_index), "got": json_number(self.worst_got),
                          "expected": json_number(self.worst_expected)}
        if self.error:
            d["error"] = self.error
        return d


# Default (rtol, atol) per element type of an output, for --check and --check-against when no
# --rtol/--atol is given, in the spirit of run_hlo_module (1e-3 for both, whatever the type): loose
# enough for what two correct compilers differ by (a reduction or a dot summed in another order,
# FMA contraction, transcendental approximations a few ulps apart, compounded through a model:
# transformer_layer differs from XLA by up to 7e-5 relative), while a wrong index or a wrong op is
# off by O(1). Per type because one flat bound means nothing across them: f32 takes run_hlo_module's
# rtol with a tighter atol (1e-3 absolute hides real errors in outputs of magnitude ~1e-3), f64 a
# bound 10^6 times tighter, f16 and bf16 the JAX corpus's bounds (a few ulps of their own precision:
# XLA keeps them in f32 inside fusions and rounds once). Integers and pred: exact.
DEFAULT_TOLERANCES: dict[str, tuple[float, float]] = {
    "f64": (1e-9, 1e-10), "c128": (1e-9, 1e-10),
    "f32": (1e-3, 1e-4), "c64": (1e-3, 1e-4),
    "f16": (1e-2, 1e-3),
    "bf16": (2e-2, 2e-2),
}


def default_tolerance(etype: str) -> tuple[float, float]:
    """(rtol, atol) for an output of element type `etype` (DEFAULT_TOLERANCES; f8 types: two ulps of
    their fraction; integers and pred: exact)."""
    if etype in DEFAULT_TOLERANCES:
        return DEFAULT_TOLERANCES[etype]
    if etype.startswith("f8") or etype.startswith("f4") or etype.startswith("f6"):
        import ml_dtypes

        from ..ir.types import ELEMENT_TYPES

        eps = float(ml_dtypes.finfo(ELEMENT_TYPES[etype].np_dtype).eps)
        return (2 * eps, 2 * eps)
    return (0.0, 0.0)


def json_number(v):
    """A JSON-safe scalar: non-finite floats become the strings "nan", "inf", "-inf"; complex
    numbers become [re, im]."""
    if isinstance(v, complex):
        return [json_number(v.real), json_number(v.imag)]
    if isinstance(v, float) and not math.isfinite(v):
        return "nan" if math.isnan(v) else ("inf" if v > 0 else "-inf")
    return v


def _fmt(v) -> str:
    if isinstance(v, float):
        return f"{v:.7g}"
    if isinstance(v, complex):
        return f"({v.real:.7g}{v.imag:+.7g}j)"
    return str(v)


def _scalar(a: np.ndarray, idx: tuple[int, ...]):
    """A Python scalar for reports (ml_dtypes floats through float64)."""
    v = a[idx]
    if a.dtype.kind == "b":
        return bool(v)
    if a.dtype.kind in "iu":
        return int(v)
    if a.dtype.kind == "c":
        return complex(v)
    return float(np.float64(v))


def compare(index: int, got: np.ndarray, expected: np.ndarray, shape: Shape, rtol: float, atol: float) -> CheckResult:
    """Compare output `index` (an array of `shape`) with the expected array as loaded from a file."""
    try:
        exp = coerce_array(expected, shape, lambda: f"expected file has {describe_array(expected)}, "
                           f"the output is {shape.to_str(layout=False)}")
    except RunError as bad_file:
        return CheckResult(index, False, error=bad_file.message, size=got.size, tolerance=(rtol, atol))
    if got.shape != exp.shape:  # dynamic dims: both fit the bound, but must agree
        return CheckResult(index, False, size=got.size, tolerance=(rtol, atol),
                           error=f"output has shape {list(got.shape)}, expected {list(exp.shape)}")
    kind = got.dtype.kind
    if kind in "biu":
        abs_err, tol = _int_errors(got, exp, rtol, atol)
        same = abs_err == 0
        magnitude = np.abs(exp.astype(np.float64))
    else:
        wide = np.complex128 if kind == "c" else np.float64
        g = got.astype(wide)
        e = exp.astype(wide)
        nan_g, nan_e = _isnan(g), _isnan(e)
        with np.errstate(invalid="ignore", over="ignore"):
            same = (g == e) | (nan_g & nan_e)
            abs_err = np.abs(g - e)
        abs_err = np.where(same, 0.0, np.where(np.isnan(abs_err), np.inf, abs_err))
        magnitude = np.abs(e)
        with np.errstate(invalid="ignore"):
            tol = atol + rtol * magnitude  # NaN for rtol 0 at |e| = inf: only equality passes there
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        ok = same | (abs_err <= tol)
        rel_err = np.where(same, 0.0, abs_err / np.where(magnitude == 0, 0.0, magnitude))
    rel_err = np.where(np.isnan(rel_err), np.inf, rel_err)
    res = CheckResult(index, bool(ok.all()), size=got.size, tolerance=(rtol, atol))
    if got.size:
        res.max_abs_err = float(abs_err.max())
        res.max_rel_err = float(rel_err.max())
    bad = ~ok
    res.mismatches = int(bad.sum())
    if res.mismatches:
        with np.errstate(invalid="ignore", over="ignore"):
            excess = np.where(bad, abs_err - tol, -np.inf)
        excess = np.where(np.isnan(excess), np.inf, excess)
        flat = int(np.argmax(excess))
        idx = tuple(int(i) for i in np.unravel_index(flat, got.shape))
        res.worst_index = idx
        res.worst_got = _scalar(got, idx)
        res.worst_expected = _scalar(exp, idx)
    return res


def _isnan(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind == "c":
        return np.isnan(a.real) | np.isnan(a.imag)
    return np.isnan(a)


def _int_errors(got: np.ndarray, exp: np.ndarray, rtol: float, atol: float):
    """Exact |got - exp| for integers of any width (as float64 for the tolerance test; a non-zero
    difference never rounds to zero), and the tolerance."""
    if got.dtype.kind == "b":
        diff = (got != exp).astype(np.float64)
    elif got.dtype.itemsize < 8:
        diff = np.abs(got.astype(np.int64) - exp.astype(np.int64)).astype(np.float64)
    else:
        # Two's complement: for a >= b, (a - b) mod 2**64 computed on the bit patterns is exactly a - b.
        a_bits, b_bits = got.view(np.uint64), exp.view(np.uint64)
        diff = np.where(got >= exp, a_bits - b_bits, b_bits - a_bits).astype(np.float64)
    tol = atol + rtol * np.abs(exp.astype(np.float64))
    return diff, tol
