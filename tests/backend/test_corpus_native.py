"""The JAX corpus (../shared/corpus/jax) through native code, compiled once per module as `hloc run`
compiles it (the llvm backend's prepare with its defaults: the -O2 HLO pipeline, LLVM -O3, into a
fresh compile cache), then checked four ways:

* on the corpus inputs, against XLA's expected.npz within the MANIFEST tolerances
  (`|got - expected| <= atol + rtol*|expected|`, NaNs equal; bf16 stored as bits);
* a second backend finds the module in the cache (no compile: the linked shared library) and gives
  the same bytes;
* the buffer assignments the code uses (after -O2's fusion and buffer reuse, kernel scratch
  included) pass the checker;
* on seeded random inputs (denormal-free), against the reference interpreter on the module as
  written (differential: per-case float tolerances below).
"""

from __future__ import annotations

import numpy as np
import pytest
from conftest import JAX_CORPUS
from jax_corpus import manifest

from hloc.backend.llvm import buffer_assignment
from hloc.backend.llvm.runner_backend import LlvmBackend
from hloc.parse import parse_module
from hloc.passes.analysis.buffer_assignment import check
from hloc.runtime.backends import BackendOptions
from hloc.runtime.runner import Runner

JAX = manifest(JAX_CORPUS / "MANIFEST.tsv")
CASES = sorted(JAX)

# Float tolerances against the interpreter: transcendental approximations differ from numpy's by a
# few ulps, reductions may sum in another order, and dots / convolutions (blocked GEMM, reassociated
# loops) get the MANIFEST's "f32 model" tolerance.
RTOL = {"reductions": 1e-4, "softmax": 1e-5, "logsumexp": 1e-5, "layernorm": 1e-4, "iota_tri": 1e-5}
RTOL.update({name: 2e-4 for name in ("mlp_forward", "batched_matmul", "dot_general_variants", "einsum", "linalg_plain",
                                     "attention", "transformer_layer", "scan_rnn", "conv2d_nhwc_same",
                                     "conv2d_nchw_strided", "conv_dilated_transposed", "conv2d_grouped",
                                     "conv_backward")})


def flatten(v) -> list:
    if isinstance(v, tuple):
        return [x for e in v for x in flatten(e)]
    return [v]


def load_case(name: str, module):
    ins = []
    shapes = module.entry.parameter_shapes
    k = 0
    while (JAX_CORPUS / f"{name}.in{k}.npy").exists():
        a = np.load(JAX_CORPUS / f"{name}.in{k}.npy")
        want = shapes[k].dtype
        if a.dtype != want and a.dtype.itemsize == want.itemsize:
            a = a.view(want)  # bf16 stored as uint16 bits
        ins.append(a)
        k += 1
    exp = np.load(JAX_CORPUS / f"{name}.expected.npz")
    return ins, [exp[f"out{i}"] for i in range(len(exp.files))]


def random_inputs(module, seed: int) -> list:
    """Floats ~N(0,1), ints in [0, 8), random bools: the oracle tool's --gen-inputs convention."""
    rng = np.random.default_rng(seed)
    out = []
    for s in module.entry.parameter_shapes:
        et = s.element_type
        if et.kind == "pred":
            out.append(rng.random(s.dims) < 0.5)
        elif et.is_integer:
            out.append(rng.integers(0, 8, s.dims).astype(s.dtype))
        else:
            out.append(rng.standard_normal(s.dims).astype(s.dtype))
    return out


def assert_matches_xla(name: str, got: list, expected: list) -> None:
    row = JAX[name]
    rtol, atol = float(row["rtol"]), float(row["atol"])
    assert len(got) == len(expected)
    for i, (g, e) in enumerate(zip(got, expected)):
        g = np.asarray(g)
        if g.dtype != e.dtype and g.dtype.itemsize == e.dtype.itemsize and e.dtype.kind == "u":
            if rtol or atol:  # bf16 stored as bits: compare the values with the case's tolerance
                e = e.view(g.dtype)
            else:
                g = g.view(e.dtype)  # exact cases compare bits
        assert g.shape == e.shape, f"{name} out{i}"
        if e.dtype.kind in "biu" or (rtol == 0 and atol == 0):
            np.testing.assert_array_equal(g, e, err_msg=f"{name} out{i}")
        else:
            np.testing.assert_allclose(g.astype(np.float64), e.astype(np.float64), rtol=rtol, atol=atol,
                                       equal_nan=True, err_msg=f"{name} out{i}")


def assert_matches_interpreter(name: str, got: list, want: list) -> None:
    assert len(got) == len(want)
    rtol = RTOL.get(name, 2e-6)
    for i, (g, w) in enumerate(zip(got, want)):
        w = np.asarray(w)
        assert g.shape == w.shape and g.dtype == w.dtype, f"out{i}"
        if w.dtype.kind in "biu":
            np.testing.assert_array_equal(g, w, err_msg=f"{name} out{i} (vs the interpreter)")
        else:
            tol = max(rtol, 1e-2) if w.dtype.itemsize <= 2 else rtol
            np.testing.assert_allclose(g.astype(np.float64), w.astype(np.float64), rtol=tol, atol=tol,
                                       equal_nan=True, err_msg=f"{name} out{i} (vs the interpreter)")


@pytest.mark.slow
@pytest.mark.parametrize("name", CASES or [pytest.param("none", marks=pytest.mark.skip("no JAX corpus"))])
def test_jax_corpus_runs_natively(name, tmp_path):
    text = (JAX_CORPUS / f"{name}.hlo").read_text()
    module = parse_module(text, f"{name}.hlo")
    ins, expected = load_case(name, module)
    args = random_inputs(module, 1)
    # (the interpreter as a backend: with XLA:CPU's bf16 numbers, float-normalization, as the native side)
    want = Runner(parse_module(text, f"{name}.hlo"), "interp").run(args)
    compiling = LlvmBackend(str(tmp_path / "cache"))
    exe = compiling.prepare(module, BackendOptions())  # runs -O2 on `module` in place
    assert compiling.last_cache == "miss"
    got = flatten(exe(ins))
    assert_matches_xla(name, got, expected)
    cached = LlvmBackend(str(tmp_path / "cache"))
    again = cached.prepare(parse_module(text, f"{name}.hlo"), BackendOptions())
    assert cached.last_cache == "hit"
    assert all(a.tobytes() == b.tobytes() for a, b in zip(flatten(again(ins)), got))
    problems = [p for a in buffer_assignment(module).all() for p in check(a)]
    assert not problems, problems[:5]
    assert_matches_interpreter(name, flatten(exe(args)), want)
