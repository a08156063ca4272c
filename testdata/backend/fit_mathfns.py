"""Refit the f32 exp/tanh/erf polynomial coefficients in hloc/backend/llvm/mathfns.py (numpy only).

    python testdata/backend/fit_mathfns.py [--nodes N]

Each approximates a function f on an interval as base(x) + mult(x) * P(var(x)) and is a weighted
least-squares fit on N Chebyshev nodes of x (default 1000) that minimises the relative error of the
whole approximation against f, computed in float64:

    _EXP_TAIL_F32    e**r ~ 1 + r + r^2 P(r),      r in [-ln2/2, ln2/2], 5 terms, f32 coefficients
    _TANH_SMALL_F32  tanh(x) ~ x + x^3 P(x^2),     x in [0, 0.625],      5 terms, f32 coefficients
    _ERF_SMALL_F32   erf(x) ~ x P(x^2),            x in [0, 1],          7 terms
    _ERFC_LOG_F32    -log(erfc(x)) ~ P(x),         x in [1, 3.84],       7 terms, f32 coefficients;
                     its error in f32 ulps of erf = 1 - e**-P (the `scale` weight), not relative

"f32 coefficients" fits round the coefficients to float32 one at a time, lowest first, refitting
the remaining ones after each rounding: the error then holds for the coefficients the f32 code
really uses (rounding them all at once afterwards costs up to twice the error). The leading terms
1 + r and x are exact, so exp(0) == 1 and tanh(x) == x for tiny x, and the polynomial only
corrects them. The other fits are plain float64; the node count and the rounding of the
least-squares solve move those in about their ninth digit (least-squares systems of this degree
are ill-conditioned) while the error stays the same, far below f32's 6e-8.

It prints the fitted coefficients and, for them and for the ones in mathfns.py, the largest relative
error on a dense grid of each interval.
"""

from __future__ import annotations

import argparse
import math
import sys
from collections.abc import Callable
from pathlib import Path
from typing import NamedTuple

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


class Fit(NamedTuple):
    f: Callable  # the function approximated
    var: Callable  # the polynomial's variable as a function of x
    interval: tuple[float, float]
    terms: int
    base: Callable = lambda x: 0.0 * x  # exact leading part
    mult: Callable = lambda x: 1.0 + 0.0 * x  # the polynomial's factor
    f32: bool = False  # coefficients rounded to float32 one at a time
    scale: Callable | None = None  # the residual's weight (default 1/f: relative error)


def chebyshev_nodes(a: float, b: float, n: int) -> np.ndarray:
    k = np.arange(n)
    return (a + b) / 2 + (b - a) / 2 * np.cos((2 * k + 1) * np.pi / (2 * n))


def _erf(x):
    return np.vectorize(math.erf)(x)


def neg_log_erfc(x):
    return np.vectorize(lambda v: -math.log(math.erfc(v)))(x)


def erf_ulps_per_log_erfc(x):
    """f32 ulps of erf = 1 - e**-r per unit of error in r: erfc(x) / ulp(erf(x))."""
    e = _erf(x)
    return (1 - e) / np.spacing(e.astype(np.float32)).astype(np.float64)


_H = math.log(2.0) / 2

FITS = {
    "_EXP_TAIL_F32": Fit(np.exp, lambda x: x, (-_H, _H), 5, base=lambda x: 1.0 + x, mult=lambda x: x * x, f32=True),
    "_TANH_SMALL_F32": Fit(np.tanh, lambda x: x * x, (0.0, 0.625), 5, base=lambda x: x, mult=lambda x: x ** 3,
                           f32=True),
    "_ERF_SMALL_F32": Fit(_erf, lambda x: x * x, (0.0, 1.0), 7, mult=lambda x: x),
    "_ERFC_LOG_F32": Fit(neg_log_erfc, lambda x: x, (1.0, 3.84), 7, f32=True, scale=erf_ulps_per_log_erfc),
}


def fit(spec: Fit, nodes: int) -> np.ndarray:
    x = chebyshev_nodes(*spec.interval, nodes)
    y = spec.f(x)
    w = _weight(spec, x, y)
    # weighted residual (default relative): (base + mult * P(var) - f) * w
    a = np.vander(spec.var(x), spec.terms, increasing=True) * (spec.mult(x) * w)[:, None]
    rhs = (y - spec.base(x)) * w
    if not spec.f32:
        return np.linalg.lstsq(a, rhs, rcond=None)[0]
    c = np.zeros(spec.terms)
    for j in range(spec.terms):
        sol = np.linalg.lstsq(a[:, j:], rhs - a[:, :j] @ c[:j], rcond=None)[0]
        c[j] = float(np.float32(sol[0]))
    return c


def max_relative_error(coeffs, spec: Fit) -> float:
    """Of base + mult * P(var) against f, with the coefficients as given (float64 arithmetic)."""
    lo, hi = spec.interval
    x = np.linspace(lo, hi, 200001)
    x = x[x != 0]
    y = spec.f(x)
    approx = spec.base(x) + spec.mult(x) * np.polynomial.polynomial.polyval(spec.var(x), np.asarray(coeffs))
    return float(np.max(np.abs((approx - y) * _weight(spec, x, y))))


def _weight(spec: Fit, x, y):
    return 1 / np.abs(y) if spec.scale is None else spec.scale(x)


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nodes", type=int, default=1000)
    args = ap.parse_args()
    try:
        from hloc.backend.llvm.elemental import mathfns
    except ImportError:
        mathfns = None
    for name, spec in FITS.items():
        c = fit(spec, args.nodes)
        print(f"{name} = {[float(v) for v in c]}")
        print(f"  fitted: max error (relative, or weighted by `scale`) {max_relative_error(c, spec):.2g}")
        if mathfns is not None:
            stored = np.array(getattr(mathfns, name))
            print(f"  mathfns.py: max relative error {max_relative_error(stored, spec):.2g}, "
                  f"coefficients differ by at most {np.max(np.abs(c - stored) / np.abs(stored)):.1g} relative")


if __name__ == "__main__":
    main()
