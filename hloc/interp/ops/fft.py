"""fft: FFT, IFFT, RFFT, IRFFT over the last len(fft_length) dimensions.

Computed with numpy.fft in double precision and rounded to the result type (c64/f32 or c128/f64).
IFFT and IRFFT are normalized by 1/N (XLA's convention, numpy's default). IRFFT treats its input as
the non-redundant half of a Hermitian spectrum (the imaginary parts of the DC and Nyquist terms are
ignored), as XLA:CPU's DUCC backend and numpy do.
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ..registry import handler


@handler("fft")
def fft(instr, args, ev):
    x = np.asarray(args[0])
    kind = instr.attrs["fft_type"]
    lengths = tuple(int(n) for n in instr.attrs["fft_length"])
    k = len(lengths)
    if not 1 <= k <= 3 or k > x.ndim:
        raise RunError(f"fft: fft_length {list(lengths)} does not fit an operand of rank {x.ndim}", instr.loc)
    axes = tuple(range(x.ndim - k, x.ndim))
    out_dtype = instr.shape.dtype
    if 0 in x.shape or 0 in lengths:
        return np.zeros(instr.shape.dims, out_dtype)
    if kind == "FFT":
        res = np.fft.fftn(x.astype(np.complex128), s=lengths, axes=axes)
    elif kind == "IFFT":
        res = np.fft.ifftn(x.astype(np.complex128), s=lengths, axes=axes)
    elif kind == "RFFT":
        if x.shape[-k:] != lengths:
            raise RunError(f"fft: RFFT input dims {list(x.shape[-k:])} != fft_length {list(lengths)}", instr.loc)
        res = np.fft.rfftn(x.astype(np.float64), s=lengths, axes=axes)
    elif kind == "IRFFT":
        if x.shape[-1] != lengths[-1] // 2 + 1:
            raise RunError(f"fft: IRFFT input's last dim {x.shape[-1]} != fft_length[-1] // 2 + 1", instr.loc)
        res = np.fft.irfftn(x.astype(np.complex128), s=lengths, axes=axes)
    else:
        raise RunError(f"fft: unknown fft_type {kind}", instr.loc)
    return np.ascontiguousarray(res.astype(out_dtype)).reshape(instr.shape.dims)
