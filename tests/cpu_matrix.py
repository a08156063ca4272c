"""The CPU matrix: this machine standing in for an AVX2-only one (x86-64-v3: Zen 3, Haswell to Alder
Lake), beside its own features. `make test-avx2` runs the test suite with

    HLOC_CPU=x86-64-v3                        native code for that CPU, with its features, not the host's
    NPY_DISABLE_CPU_FEATURES=<AVX-512 ones>    numpy's loops without AVX-512 (its AVX2 paths)
    OPENBLAS_CORETYPE=Haswell                 the OpenBLAS kernels an AVX2 CPU gets (a Zen 3 too)
    HLOC_TEST_MATRIX=avx2                     tests/test_cpu_matrix.py checks that all three took effect

`python tests/cpu_matrix.py npy-avx512` prints the numpy names to disable: those of its dispatched
targets that need AVX-512 and that this CPU has (numpy refuses to disable what it lacks), so on an
AVX2 machine the list is empty and the run is the machine's own.
"""

from __future__ import annotations

import sys

AVX2_CPU = "x86-64-v3"
OPENBLAS_AVX2_CORE = "Haswell"


def _numpy_cpu_tables() -> tuple[dict, list]:
    try:
        from numpy._core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    except ImportError:  # numpy 1.x
        from numpy.core._multiarray_umath import __cpu_dispatch__, __cpu_features__
    return __cpu_features__, list(__cpu_dispatch__)


def numpy_avx512_targets() -> list[str]:
    """numpy's dispatched targets that need AVX-512 (X86_V4, AVX512_SKX, AVX512_ICL, ...) and run here."""
    features, dispatch = _numpy_cpu_tables()
    return [t for t in dispatch if (t.startswith("AVX512") or t == "X86_V4") and features.get(t)]


def openblas_core() -> str | None:
    """The kernel family numpy's OpenBLAS chose (e.g. 'SkylakeX', 'Haswell'), or None if unknown."""
    import ctypes
    import glob
    import os

    import numpy as np

    libs = glob.glob(os.path.join(os.path.dirname(np.__file__) + ".libs", "*openblas*"))
    for path in libs:
        lib = ctypes.CDLL(path)
        for name in ("scipy_openblas_get_corename64_", "openblas_get_corename64_", "openblas_get_corename"):
            f = getattr(lib, name, None)
            if f is not None:
                f.restype = ctypes.c_char_p
                return f().decode()
    return None


if __name__ == "__main__":
    if sys.argv[1:] == ["npy-avx512"]:
        print(" ".join(numpy_avx512_targets()))
    else:
        sys.exit("usage: cpu_matrix.py npy-avx512")
