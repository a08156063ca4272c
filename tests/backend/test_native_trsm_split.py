"""A trsm's right-hand side split over the pool's threads (kernels/lapack.py: columns for side L,
rows for side R): the same bits as one LAPACK call (the interpreter's) on 1, 2 and 3 threads, and
the split really emitted (a parallel-for calling the routine per slice)."""

from __future__ import annotations

import numpy as np
import pytest

from hloc.backend.llvm.codegen.emitter import ModuleEmitter
from hloc.parse import parse_module
from hloc.runtime.backends import BackendOptions
from hloc.runtime.runner import Runner, run_module


def _trsm(side: str, rhs: tuple[int, int], layout: str = "0,1") -> str:
    m, n = rhs
    y = f"c64[{m},{n}]{{{layout}}}"
    x = "c64[256,256]{0,1}"
    attrs = (f'custom_call_target="lapack_ctrsm_ffi", operand_layout_constraints={{{x}, {y}}}, '
             "output_to_operand_aliasing={{}: (1, {})}, api_version=API_VERSION_TYPED_FFI, "
             f"backend_config={{diag = 78 : ui8, side = {ord(side)} : ui8, trans_x = 78 : ui8, uplo = 76 : ui8}}")
    return f"""HloModule trsm_{side}, entry_computation_layout={{({x}, {y})->{y}}}

ENTRY main {{
  x = {x} parameter(0)
  y = {y} parameter(1)
  ROOT t = {y} custom-call(x, y), {attrs}
}}
"""


CASES = [("L", (256, 256)), ("L", (256, 200)), ("R", (200, 256)), ("R", (300, 256))]


def _inputs(m: int, n: int):
    rng = np.random.default_rng(1)

    def c(shape):
        return (rng.standard_normal(shape) + 1j * rng.standard_normal(shape)).astype(np.complex64)

    return [c((256, 256)) + 16 * np.eye(256, dtype=np.complex64), c((m, n))]


@pytest.mark.parametrize("side,rhs", CASES)
def test_same_bits_on_1_2_3_threads(side, rhs):
    text = _trsm(side, rhs)
    ins = _inputs(*rhs)
    want = np.asarray(run_module(parse_module(text, "t.hlo"), ins, "interp")[0])
    assert np.isfinite(want).all()
    for t in (1, 2, 3):
        runner = Runner(parse_module(text, "t.hlo"), "llvm", options=BackendOptions(threads=t, cache=False))
        for _ in range(2):
            assert np.asarray(runner.run(ins)[0]).tobytes() == want.tobytes(), f"{side} {rhs}, {t} threads"


@pytest.mark.parametrize("side,rhs", CASES)
def test_split_is_emitted(side, rhs):
    text = str(ModuleEmitter(parse_module(_trsm(side, rhs), "t.hlo"), "e").emit()[0])
    assert '@"hloc.pool.parallel_for"' in text and ".range" in text


def test_row_major_rhs_is_not_split():
    """(LAPACK's order is column-major: a row-major right-hand side is converted in the scratch, one call.)"""
    text = str(ModuleEmitter(parse_module(_trsm("L", (256, 256), "1,0"), "t.hlo"), "e").emit()[0])
    assert '@"hloc.pool.parallel_for"' not in text
