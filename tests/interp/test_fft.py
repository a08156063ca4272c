"""fft: XLA-computed cases (testdata/interp/fft_*) and a first-principles DFT (explicit
exp(-2*pi*i*j*k/N) sums) on small shapes."""

from __future__ import annotations

import numpy as np
import pytest
from heavy_support import case_names, check_outputs, load_case, run


@pytest.mark.parametrize("name", case_names("fft_"))
def test_fft_matches_xla(name):
    text, ins, outs, meta = load_case(name)
    check_outputs(run(text, *ins), outs, meta["rtol"], meta["atol"], name)


def dft_matrix(n, sign):
    j = np.arange(n)
    return np.exp(sign * 2j * np.pi * np.outer(j, j) / n)


def dft(x, axes, sign):
    for ax in axes:
        x = np.moveaxis(np.tensordot(dft_matrix(x.shape[ax], sign), np.moveaxis(x, ax, 0), axes=(1, 0)), 0, ax)
    return x


def _run_fft(kind, in_type, out_type, in_dims, out_dims, lengths, x):
    text = (f"HloModule m\nENTRY e {{\n  x = {in_type}[{','.join(map(str, in_dims))}] parameter(0)\n"
            f"  ROOT f = {out_type}[{','.join(map(str, out_dims))}] fft(x), fft_type={kind}, "
            f"fft_length={{{','.join(map(str, lengths))}}}\n}}\n")
    return run(text, x)


def test_fft_and_ifft_are_the_dft_and_its_normalized_inverse():
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 3, 5)) + 1j * rng.standard_normal((2, 3, 5))
    got = _run_fft("FFT", "c128", "c128", x.shape, x.shape, (3, 5), x)
    np.testing.assert_allclose(got, dft(x, (1, 2), -1), rtol=1e-12, atol=1e-12)
    got = _run_fft("IFFT", "c128", "c128", x.shape, x.shape, (5,), x)
    np.testing.assert_allclose(got, dft(x, (2,), 1) / 5, rtol=1e-12, atol=1e-12)


def test_rfft_keeps_the_non_redundant_half_and_irfft_inverts_it():
    rng = np.random.default_rng(1)
    x = rng.standard_normal((3, 4, 6))
    full = dft(x.astype(complex), (1, 2), -1)
    got = _run_fft("RFFT", "f64", "c128", x.shape, (3, 4, 4), (4, 6), x)
    np.testing.assert_allclose(got, full[..., :4], rtol=1e-12, atol=1e-12)
    back = _run_fft("IRFFT", "c128", "f64", (3, 4, 4), x.shape, (4, 6), got)
    np.testing.assert_allclose(back, x, rtol=1e-12, atol=1e-12)


def test_single_precision_results_have_single_precision_types():
    x = np.ones((4,), np.complex64)
    got = _run_fft("FFT", "c64", "c64", (4,), (4,), (4,), x)
    assert got.dtype == np.complex64
    np.testing.assert_allclose(got, [4, 0, 0, 0], atol=1e-6)
