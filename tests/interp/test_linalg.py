"""cholesky and triangular-solve: XLA-computed cases (testdata/interp/cholesky_*,
triangular_solve_*: every left/lower/unit/transpose combination, garbage in the unread triangle,
non-positive-definite input) and algebraic identities on random inputs."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from heavy_support import case_names, check_outputs, load_case, run


@pytest.mark.parametrize("name", case_names("cholesky_") + case_names("triangular_solve_"))
def test_linalg_matches_xla(name):
    text, ins, outs, meta = load_case(name)
    check_outputs(run(text, *ins), outs, meta["rtol"], meta["atol"], name)


CHOL = """
HloModule m
ENTRY e {
  a = f64[2,5,5] parameter(0)
  ROOT l = f64[2,5,5] cholesky(a), lower=%LOWER%
}
"""


@pytest.mark.parametrize("lower", [True, False])
def test_cholesky_factor_reproduces_the_matrix(lower):
    rng = np.random.default_rng(2)
    m = rng.standard_normal((2, 5, 5))
    a = m @ np.swapaxes(m, -1, -2) + 5 * np.eye(5)
    junk = np.triu(np.full((5, 5), 1e3), 1)
    given = a + (junk if lower else junk.T)  # the triangle that must not be read
    f = run(CHOL.replace("%LOWER%", str(lower).lower()), given)
    if lower:
        assert np.all(np.triu(f, 1) == 0)
        np.testing.assert_allclose(f @ np.swapaxes(f, -1, -2), a, rtol=1e-12)
    else:
        assert np.all(np.tril(f, -1) == 0)
        np.testing.assert_allclose(np.swapaxes(f, -1, -2) @ f, a, rtol=1e-12)


def test_cholesky_of_a_non_positive_definite_matrix_is_all_nan():
    a = np.stack([np.eye(3), -np.eye(3)])
    f = run(CHOL.replace("[2,5,5]", "[2,3,3]").replace("%LOWER%", "true"), a)
    np.testing.assert_array_equal(f[0], np.eye(3))
    assert np.isnan(f[1]).all()


@pytest.mark.parametrize("left,lower,unit,trans", list(itertools.product(
    [True, False], [True, False], [False, True], ["NO_TRANSPOSE", "TRANSPOSE", "ADJOINT"])))
def test_triangular_solve_solves_the_system(left, lower, unit, trans):
    rng = np.random.default_rng(3)
    a = rng.standard_normal((2, 4, 4)) + 1j * rng.standard_normal((2, 4, 4))
    a[:, np.arange(4), np.arange(4)] += 4
    b = rng.standard_normal((2, 4, 3) if left else (2, 3, 4)) + 0j
    t = np.tril(a) if lower else np.triu(a)
    if unit:
        t[:, np.arange(4), np.arange(4)] = 1
    op = {"NO_TRANSPOSE": t, "TRANSPOSE": np.swapaxes(t, -1, -2), "ADJOINT": np.conj(np.swapaxes(t, -1, -2))}[trans]
    bs = ",".join(map(str, b.shape))
    text = (f"HloModule m\nENTRY e {{\n  a = c128[2,4,4] parameter(0)\n  b = c128[{bs}] parameter(1)\n"
            f"  ROOT x = c128[{bs}] triangular-solve(a, b), left_side={str(left).lower()}, lower={str(lower).lower()}, "
            f"unit_diagonal={str(unit).lower()}, transpose_a={trans}\n}}\n")
    x = run(text, a, b)
    np.testing.assert_allclose(op @ x if left else x @ op, b, rtol=1e-12, atol=1e-12)
