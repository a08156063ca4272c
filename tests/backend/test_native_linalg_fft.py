"""fft, cholesky and triangular-solve vs numpy references (XLA-computed cases of the same ops:
testdata/native fft_*, testdata/interp and testdata/oracle cholesky_* / triangular_solve_*)."""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from mathref import compile_text


def test_fft_radix2_and_dft_lengths():
    text = """HloModule m
ENTRY e {
  a = c64[3,128] parameter(0)
  b = c128[2,31,4] parameter(1)
  r = f32[2,6,10] parameter(2)
  fa = c64[3,128] fft(a), fft_type=FFT, fft_length={128}
  fb = c128[2,31,4] fft(b), fft_type=IFFT, fft_length={31,4}
  fr = c64[2,6,6] fft(r), fft_type=RFFT, fft_length={6,10}
  ir = f32[2,6,10] fft(fr), fft_type=IRFFT, fft_length={6,10}
  ROOT t = (c64[3,128], c128[2,31,4], c64[2,6,6], f32[2,6,10]) tuple(fa, fb, fr, ir)
}
"""
    rng = np.random.default_rng(11)
    a = (rng.standard_normal((3, 128)) + 1j * rng.standard_normal((3, 128))).astype(np.complex64)
    b = rng.standard_normal((2, 31, 4)) + 1j * rng.standard_normal((2, 31, 4))
    r = rng.standard_normal((2, 6, 10)).astype(np.float32)
    got = compile_text(text)([a, b, r])
    np.testing.assert_allclose(got[0], np.fft.fft(a.astype(np.complex128)), rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(got[1], np.fft.ifftn(b, axes=(1, 2)), rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(got[2], np.fft.rfftn(r.astype(np.float64), axes=(1, 2)), rtol=1e-5, atol=1e-4)
    np.testing.assert_allclose(got[3], r, rtol=1e-5, atol=1e-5)  # irfft(rfft(r)) == r


def test_fft_short_power_of_two_lengths():
    """Lengths 2, 4, 8 and 16 (the first two stages are done in registers), forward and inverse."""
    text = """HloModule m
ENTRY e {
  a = c128[3,4,8,16] parameter(0)
  b = c128[5,2] parameter(1)
  f = c128[3,4,8,16] fft(a), fft_type=FFT, fft_length={8,16}
  i = c128[3,4,8,16] fft(a), fft_type=IFFT, fft_length={4,8,16}
  g = c128[5,2] fft(b), fft_type=FFT, fft_length={2}
  ROOT t = (c128[3,4,8,16], c128[3,4,8,16], c128[5,2]) tuple(f, i, g)
}
"""
    rng = np.random.default_rng(13)
    a = rng.standard_normal((3, 4, 8, 16)) + 1j * rng.standard_normal((3, 4, 8, 16))
    b = rng.standard_normal((5, 2)) + 1j * rng.standard_normal((5, 2))
    got = compile_text(text)([a, b])
    np.testing.assert_allclose(got[0], np.fft.fftn(a, axes=(2, 3)), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(got[1], np.fft.ifftn(a, axes=(1, 2, 3)), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(got[2], np.fft.fft(b), rtol=1e-12, atol=1e-14)


@pytest.mark.parametrize("threads", [1, 3])
def test_fft_passes_split_over_threads(threads):
    """Big enough for each pass's lines to be split between threads (power-of-two, mixed and length-1
    dimensions, all four kinds, several transformed dimensions): the same results as numpy's."""
    text = """HloModule m
ENTRY e {
  a = c64[4,64,128] parameter(0)
  r = f32[24,1024] parameter(1)
  c = c128[6,12,1,256] parameter(2)
  fa = c64[4,64,128] fft(a), fft_type=FFT, fft_length={64,128}
  fr = c64[24,513] fft(r), fft_type=RFFT, fft_length={1024}
  ir = f32[24,1024] fft(fr), fft_type=IRFFT, fft_length={1024}
  fc = c128[6,12,1,256] fft(c), fft_type=IFFT, fft_length={12,1,256}
  h = c64[4,64,65] slice(fa), slice={[0:4], [0:64], [0:65]}
  i2 = f32[4,64,128] fft(h), fft_type=IRFFT, fft_length={64,128}
  ROOT t = (c64[4,64,128], c64[24,513], f32[24,1024], c128[6,12,1,256], f32[4,64,128]) tuple(fa, fr, ir, fc, i2)
}
"""
    rng = np.random.default_rng(12)
    a = (rng.standard_normal((4, 64, 128)) + 1j * rng.standard_normal((4, 64, 128))).astype(np.complex64)
    r = rng.standard_normal((24, 1024)).astype(np.float32)
    c = rng.standard_normal((6, 12, 1, 256)) + 1j * rng.standard_normal((6, 12, 1, 256))
    exe = compile_text(text)
    exe.threads = threads
    got = exe([a, r, c])
    want_a = np.fft.fftn(a.astype(np.complex128), axes=(1, 2))
    np.testing.assert_allclose(got[0], want_a, rtol=1e-5, atol=1e-3)
    np.testing.assert_allclose(got[1], np.fft.rfft(r.astype(np.float64)), rtol=1e-5, atol=1e-3)
    np.testing.assert_allclose(got[2], r, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got[3], np.fft.ifftn(c, axes=(1, 2, 3)), rtol=1e-12, atol=1e-14)
    half = got[0][:, :, :65].astype(np.complex128)
    np.testing.assert_allclose(got[4], np.fft.irfftn(half, s=(64, 128), axes=(1, 2)), rtol=1e-5, atol=1e-5)


FFT_C64 = """HloModule m
ENTRY e {
  a = c64[37,4096] parameter(0)
  r = f32[5,3,64,128] parameter(1)
  d = c64[19,100] parameter(2)
  e = c64[3,62] parameter(3)
  fa = c64[37,4096] fft(a), fft_type=IFFT, fft_length={4096}
  fr = c64[5,3,64,65] fft(r), fft_type=RFFT, fft_length={3,64,128}
  ir = f32[5,3,64,128] fft(fr), fft_type=IRFFT, fft_length={3,64,128}
  fd = c64[19,100] fft(d), fft_type=FFT, fft_length={100}
  fe = c64[3,62] fft(e), fft_type=FFT, fft_length={62}
  ROOT t = (c64[37,4096], c64[5,3,64,65], f32[5,3,64,128], c64[19,100], c64[3,62]) tuple(fa, fr, ir, fd, fe)
}
"""


def test_mixed_radix_lengths_in_double_precision():
    """Lengths of radices 2-7 and 11, 13 (one stage each), one of them a whole prime: numpy's results."""
    text = """HloModule m
ENTRY e {
  a = c128[2,12,10,9] parameter(0)
  b = c128[3,286] parameter(1)
  c = c128[4,5,7] parameter(2)
  fa = c128[2,12,10,9] fft(a), fft_type=FFT, fft_length={12,10,9}
  fb = c128[3,286] fft(b), fft_type=IFFT, fft_length={286}
  fc = c128[4,5,7] fft(c), fft_type=FFT, fft_length={7}
  ROOT t = (c128[2,12,10,9], c128[3,286], c128[4,5,7]) tuple(fa, fb, fc)
}
"""
    rng = np.random.default_rng(14)
    a, b, c = (rng.standard_normal(s) + 1j * rng.standard_normal(s) for s in [(2, 12, 10, 9), (3, 286), (4, 5, 7)])
    got = compile_text(text)([a, b, c])
    np.testing.assert_allclose(got[0], np.fft.fftn(a, axes=(1, 2, 3)), rtol=1e-12, atol=1e-12)
    np.testing.assert_allclose(got[1], np.fft.ifft(b), rtol=1e-12, atol=1e-14)
    np.testing.assert_allclose(got[2], np.fft.fft(c), rtol=1e-12, atol=1e-13)


def test_real_ffts_of_even_lengths_through_half_length_transforms():
    """RFFT and IRFFT of even lengths run as complex transforms of half the length (powers of two, mixed
    radices, the shortest: 4 and 6), line counts off the lanes, one and two dimensions: numpy's results;
    the IRFFT ignores the imaginary parts of the DC and Nyquist terms, as numpy and XLA do."""
    text = """HloModule m
ENTRY e {
  a = f64[13,4] parameter(0)
  b = f32[21,18] parameter(1)
  c = f64[3,5,30] parameter(2)
  d = c128[13,3] parameter(3)
  g = c64[21,10] parameter(4)
  h = c128[3,5,16] parameter(5)
  fa = c128[13,3] fft(a), fft_type=RFFT, fft_length={4}
  fb = c64[21,10] fft(b), fft_type=RFFT, fft_length={18}
  fc = c128[3,5,16] fft(c), fft_type=RFFT, fft_length={30}
  id = f64[13,4] fft(d), fft_type=IRFFT, fft_length={4}
  ig = f32[21,18] fft(g), fft_type=IRFFT, fft_length={18}
  ih = f64[3,5,30] fft(h), fft_type=IRFFT, fft_length={5,30}
  ROOT t = (c128[13,3], c64[21,10], c128[3,5,16], f64[13,4], f32[21,18], f64[3,5,30]) tuple(fa, fb, fc, id, ig, ih)
}
"""
    rng = np.random.default_rng(15)
    a, c = rng.standard_normal((13, 4)), rng.standard_normal((3, 5, 30))
    b = rng.standard_normal((21, 18)).astype(np.float32)
    d = rng.standard_normal((13, 3)) + 1j * rng.standard_normal((13, 3))
    g = (rng.standard_normal((21, 10)) + 1j * rng.standard_normal((21, 10))).astype(np.complex64)
    h = rng.standard_normal((3, 5, 16)) + 1j * rng.standard_normal((3, 5, 16))
    got = compile_text(text)([a, b, c, d, g, h])
    np.testing.assert_allclose(got[0], np.fft.rfft(a), rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(got[1], np.fft.rfft(b.astype(np.float64)), rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(got[2], np.fft.rfft(c), rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(got[3], np.fft.irfft(d, 4), rtol=1e-12, atol=1e-13)
    np.testing.assert_allclose(got[4], np.fft.irfft(g.astype(np.complex128), 18), rtol=1e-5, atol=1e-6)
    np.testing.assert_allclose(got[5], np.fft.irfftn(h, s=(5, 30), axes=(1, 2)), rtol=1e-12, atol=1e-13)


def _relative_rms(got, want) -> float:
    return float(np.sqrt(np.mean(np.abs(got - want) ** 2) / np.mean(np.abs(want) ** 2)))


@pytest.mark.parametrize("cpu", ["default", "x86-64-v3"])
def test_c64_ffts_err_as_xla_does_and_whatever_the_cpu(cpu):
    """c64 transforms of lengths with small prime factors compute in f32 (as XLA:CPU's DUCC does):
    against numpy's f64 transform the relative RMS error stays at XLA's (measured on XLA:CPU with N(0,1)
    inputs: 1.2e-7 at 4096, 9.2e-8 at 100, 8e-8 at 64), the worst element within 1.5e-6 of the RMS;
    line counts that are not a multiple of a group's lanes; a prime factor of 31 in f64 (a direct DFT:
    f32 rounding of its result only). The same bits on an AVX2-only CPU."""
    from mathref import options_for, runs_here

    if reason := runs_here(cpu):
        pytest.skip(reason)
    rng = np.random.default_rng(13)
    a = (rng.standard_normal((37, 4096)) + 1j * rng.standard_normal((37, 4096))).astype(np.complex64)
    r = rng.standard_normal((5, 3, 64, 128)).astype(np.float32)
    d = (rng.standard_normal((19, 100)) + 1j * rng.standard_normal((19, 100))).astype(np.complex64)
    e = (rng.standard_normal((3, 62)) + 1j * rng.standard_normal((3, 62))).astype(np.complex64)
    got = compile_text(FFT_C64, options_for(cpu))([a, r, d, e])
    wants = [np.fft.ifft(a.astype(np.complex128)), np.fft.rfftn(r.astype(np.float64), axes=(1, 2, 3)), r,
             np.fft.fft(d.astype(np.complex128)), np.fft.fft(e.astype(np.complex128))]
    for g, w, rms in zip(got, wants, [2.5e-7, 2.5e-7, 2.5e-7, 2.5e-7, 6e-8]):
        assert _relative_rms(g, w) < rms
        assert np.max(np.abs(g - w)) < 1.5e-6 * np.sqrt(np.mean(np.abs(w) ** 2))
    if cpu != "default":
        for g, h in zip(got, compile_text(FFT_C64)([a, r, d, e])):
            np.testing.assert_array_equal(g, h)


def test_cholesky_batched_with_a_matrix_that_is_not_positive_definite():
    text = """HloModule m
ENTRY e {
  a = f32[3,4,4] parameter(0)
  c = c128[2,3,3] parameter(1)
  l = f32[3,4,4] cholesky(a), lower=true
  u = f32[3,4,4] cholesky(a), lower=false
  lc = c128[2,3,3] cholesky(c), lower=true
  ROOT t = (f32[3,4,4], f32[3,4,4], c128[2,3,3]) tuple(l, u, lc)
}
"""
    rng = np.random.default_rng(12)
    m = rng.standard_normal((3, 4, 4))
    a = (m @ m.transpose(0, 2, 1) + 4 * np.eye(4)).astype(np.float32)
    a[1, 2, 2] = -50.0  # not positive definite
    a_sym = np.where(np.tri(4, dtype=bool), a, np.float32(7))  # the upper triangle must not be read
    mc = rng.standard_normal((2, 3, 3)) + 1j * rng.standard_normal((2, 3, 3))
    c = mc @ np.conj(mc.transpose(0, 2, 1)) + 3 * np.eye(3)
    got = compile_text(text)([a_sym, c])
    want_l = np.linalg.cholesky(a[[0, 2]].astype(np.float64))
    np.testing.assert_allclose(got[0][[0, 2]], want_l, rtol=1e-4, atol=1e-5)
    assert np.isnan(got[0][1]).all()
    # lower=false reads the upper triangle: of a_sym that is the constant 7 off the diagonal
    up = np.where(np.tri(4, dtype=bool).T, a_sym, a_sym.transpose(0, 2, 1)).astype(np.float64)
    for k in range(3):
        try:
            want_u = np.linalg.cholesky(up[k]).T
            np.testing.assert_allclose(got[1][k], want_u, rtol=1e-4, atol=1e-5)
        except np.linalg.LinAlgError:
            assert np.isnan(got[1][k]).all()
    np.testing.assert_allclose(got[2], np.linalg.cholesky(c), rtol=1e-12, atol=1e-12)


def test_triangular_solve_every_attribute_combination():
    combos = list(itertools.product([True, False], [True, False], [True, False], ["NO_TRANSPOSE", "TRANSPOSE"]))
    lines = ["HloModule m", "ENTRY e {", "  a = f64[2,4,4] parameter(0)", "  bl = f64[2,4,3] parameter(1)",
             "  br = f64[2,3,4] parameter(2)"]
    names = []
    for k, (left, lower, unit, trans) in enumerate(combos):
        shp = "f64[2,4,3]" if left else "f64[2,3,4]"
        lines.append(f"  s{k} = {shp} triangular-solve(a, {'bl' if left else 'br'}), left_side={str(left).lower()}, "
                     f"lower={str(lower).lower()}, unit_diagonal={str(unit).lower()}, transpose_a={trans}")
        names.append((f"s{k}", shp))
    lines.append(f"  ROOT t = ({', '.join(s for _, s in names)}) tuple({', '.join(n for n, _ in names)})")
    lines.append("}")
    rng = np.random.default_rng(13)
    a = rng.standard_normal((2, 4, 4)) + 4 * np.eye(4)
    bl = rng.standard_normal((2, 4, 3))
    br = rng.standard_normal((2, 3, 4))
    got = compile_text("\n".join(lines) + "\n")([a, bl, br])
    for g, (left, lower, unit, trans) in zip(got, combos):
        t = np.tril(a) if lower else np.triu(a)
        if unit:
            t = t - np.einsum("bii->bi", t)[..., None] * np.eye(4) + np.eye(4)
        if trans == "TRANSPOSE":
            t = t.transpose(0, 2, 1)
        want = np.linalg.solve(t, bl) if left else np.linalg.solve(t.transpose(0, 2, 1), br.transpose(0, 2, 1)
                                                                   ).transpose(0, 2, 1)
        np.testing.assert_allclose(g, want, rtol=1e-10, atol=1e-10, err_msg=str((left, lower, unit, trans)))
