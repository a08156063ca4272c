"""Refit the f32 tanh/erf polynomial coefficients in hloc/backend/llvm/mathfns.py (numpy only).

    python testdata/backend/fit_mathfns.py [--nodes N]

Each is a weighted least-squares fit on N Chebyshev nodes of x (default 1000), weighted by 1/f so
that it minimises the relative error, computed in float64:

    _TANH_SMALL_F32  tanh(x)/x            as a polynomial in x^2,  x in [0, 0.625], 7 terms
    _ERF_SMALL_F32   erf(x)/x             as a polynomial in x^2,  x in [0, 1],     7 terms
    _ERFC_BIG_F32    erfc(x) * exp(x^2)   as a polynomial in 1/x,  x in [1, 4],    11 terms

It prints the fitted coefficients and, for them and for the ones in mathfns.py, the largest relative
error on a dense grid of each interval. The stored coefficients came from such a fit; the node count
and the rounding of the least-squares solve move the coefficients in about their ninth digit
(least-squares systems of this degree are ill-conditioned) while the error stays the same, far
below f32's 6e-8, which is what matters for the f32 functions.
"""

from __future__ import annotations

import argparse
import math
import sys
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parents[2]))


def chebyshev_nodes(a: float, b: float, n: int) -> np.ndarray:
    k = np.arange(n)
    return (a + b) / 2 + (b - a) / 2 * np.cos((2 * k + 1) * np.pi / (2 * n))


def tanh_over_x(x):
    return np.where(x == 0, 1.0, np.tanh(x) / np.where(x == 0, 1.0, x))


def erf_over_x(x):
    erf = np.vectorize(math.erf)
    return np.where(x == 0, 2 / math.sqrt(math.pi), erf(x) / np.where(x == 0, 1.0, x))


def erfc_scaled(x):
    return np.vectorize(lambda v: math.erfc(v) * math.exp(v * v))(x)


# name: (f, variable of the polynomial as a function of x, interval, terms)
FITS = {
    "_TANH_SMALL_F32": (tanh_over_x, lambda x: x * x, (0.0, 0.625), 7),
    "_ERF_SMALL_F32": (erf_over_x, lambda x: x * x, (0.0, 1.0), 7),
    "_ERFC_BIG_F32": (erfc_scaled, lambda x: 1 / x, (1.0, 4.0), 11),
}


def fit(f, var, interval, terms: int, nodes: int) -> np.ndarray:
    x = chebyshev_nodes(*interval, nodes)
    y = f(x)
    a = np.vander(var(x), terms, increasing=True)
    return np.linalg.lstsq(a / y[:, None], np.ones_like(y), rcond=None)[0]


def max_relative_error(coeffs, f, var, interval) -> float:
    x = np.linspace(*interval, 200001)
    y = f(x)
    return float(np.max(np.abs(np.polynomial.polynomial.polyval(var(x), coeffs) - y) / np.abs(y)))


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--nodes", type=int, default=1000)
    args = ap.parse_args()
    try:
        from hloc.backend.llvm import mathfns
    except ImportError:
        mathfns = None
    for name, (f, var, interval, terms) in FITS.items():
        c = fit(f, var, interval, terms, args.nodes)
        print(f"{name} = {[float(v) for v in c]}")
        print(f"  fitted: max relative error {max_relative_error(c, f, var, interval):.2g}")
        if mathfns is not None:
            stored = np.array(getattr(mathfns, name))
            print(f"  mathfns.py: max relative error {max_relative_error(stored, f, var, interval):.2g}, "
                  f"coefficients differ by at most {np.max(np.abs(c - stored) / np.abs(stored)):.1g} relative")


if __name__ == "__main__":
    main()
