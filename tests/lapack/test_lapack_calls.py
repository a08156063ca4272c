"""jax 0.12's linear algebra on CPU (jaxlib's LAPACK custom calls) and TensorFlow's Qr, on both
backends, against XLA:CPU's outputs saved by tests/lapack/make_testdata.py, and property checks from
first principles (A = P L U, Q orthonormal with Q R = A, A V = V diag(w), U S V^H = A, info codes)."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from hloc.errors import CodegenError, RunError
from hloc.parse import parse_module
from hloc.runtime.runner import run_module

DATA = Path(__file__).resolve().parents[2] / "testdata" / "lapack"
CASES = sorted(p.stem for p in DATA.glob("*.hlo"))
# The fast slice: every routine once (f32, c128 for the complex routines), batched, the info cases;
# the rest is slow.
FAST = {c for c in CASES if c.startswith("raw_")} | {f"{c}_f32" for c in (
    "cholesky", "lu_factor", "solve", "qr", "eigh", "svd", "svd_qr", "solve_triangular")} | {
    "eigh_c128", "svd_c128", "qr_c128", "expm", "qr_pivoting", "hessenberg", "tridiagonal_c128", "tf_qr", "tf_topk",
    "eig", "eig_not_finite", "schur_c64", "qr_multiply", "tridiagonal_solve", "det_c128"}
# Relative to the largest magnitude of each output: a few ulps of the precision over these n <= 6
# (most outputs are bit-identical: the same LAPACK routines with the same arguments).
RTOL = {np.dtype(np.float32): 2e-5, np.dtype(np.complex64): 2e-5, np.dtype(np.float64): 1e-12,
        np.dtype(np.complex128): 1e-12}


def _load(name):
    z = np.load(DATA / f"{name}.npz")
    ins = [z[f"in{k}"] for k in range(sum(f.startswith("in") for f in z.files))]
    outs = [z[f"out{k}"] for k in range(sum(f.startswith("out") for f in z.files))]
    return (DATA / f"{name}.hlo").read_text(), ins, outs


def _run(text, ins, backend, name="m"):
    return [np.asarray(o) for o in run_module(parse_module(text, name), ins, backend)]


def _close(got, want, what):
    assert got.shape == want.shape and got.dtype == want.dtype, what
    if want.dtype.kind in "iub":
        np.testing.assert_array_equal(got, want, err_msg=what)
        return
    np.testing.assert_array_equal(np.isnan(got), np.isnan(want), err_msg=what + " (NaN positions)")
    finite = ~np.isnan(want)
    scale = max(float(np.max(np.abs(want[finite]), initial=0.0)), 1e-30)
    err = float(np.max(np.abs(got[finite] - want[finite]), initial=0.0))
    assert err <= RTOL[want.dtype] * scale, f"{what}: max abs error {err:.3g} at scale {scale:.3g}"


# A Schur form A = Z T Z^H is unique only up to a diagonal unitary D (Z D, D^H T D): the phases LAPACK
# lands on follow the BLAS kernels' rounding (OpenBLAS's AVX2 and AVX-512 ones give different phases for
# schur_c64). Compared by what D leaves unchanged: |T|, diag(T), and Z unitary with Z T Z^H = A.
SCHUR = {"schur", "schur_c64"}


def _close_schur(a, got, want, what):
    (t, z), (tw, _) = got, want
    _close(np.abs(t), np.abs(tw), what + " |T|")
    _close(np.diagonal(t), np.diagonal(tw), what + " diag(T)")
    n, scale = len(a), float(np.max(np.abs(a)))
    bound = 10 * n * float(np.finfo(a.dtype).eps)
    assert np.max(np.abs(z @ t @ _conj_t(z) - a)) <= bound * scale, what + " Z T Z^H = A"
    assert np.max(np.abs(_conj_t(z) @ z - np.eye(n))) <= bound, what + " Z unitary"


@pytest.mark.parametrize("backend", ["interp", "llvm"])
@pytest.mark.parametrize("name", [pytest.param(c, marks=() if c in FAST else pytest.mark.slow) for c in CASES])
def test_matches_xla(name, backend):
    text, ins, want = _load(name)
    got = _run(text, ins, backend, name)
    assert len(got) == len(want)
    if name in SCHUR:
        _close_schur(ins[0], got, want, f"{name} ({backend})")
        return
    for k, (g, w) in enumerate(zip(got, want)):
        _close(g, w, f"{name} out{k} ({backend})")


# --------------------------------------------------------------------------------------------------
# first principles, on hand-written custom calls


def _call(target, operand, results, config="{}", extra=()):
    """A module returning one custom call's raw result tuple; operands column-major as jax writes."""
    shapes = [operand, *extra]
    params = "\n".join(f"  p{k} = {s} parameter({k})" for k, s in enumerate(shapes))
    ops = ", ".join(f"p{k}" for k in range(len(shapes)))
    res = results[0] if len(results) == 1 else "(" + ", ".join(results) + ")"
    return (f"HloModule t\n\nENTRY main {{\n{params}\n  ROOT r = {res} custom-call({ops}), "
            f'custom_call_target="{target}", api_version=API_VERSION_TYPED_FFI, backend_config={config}\n}}\n')


def _conj_t(x):
    return np.conj(np.swapaxes(x, -1, -2))


BACKENDS = ["interp", "llvm"]


@pytest.mark.parametrize("backend", BACKENDS)
def test_getrf_is_plu_and_info_is_the_first_zero_pivot(backend):
    rng = np.random.default_rng(1)
    a = rng.standard_normal((3, 5, 5))
    a[1, :, 2] = 2 * a[1, :, 0]  # rank 4: a later pivot of U vanishes
    a[2] = 0  # every pivot zero: info = 1
    lu, piv, info = _run(_call("lapack_dgetrf_ffi", "f64[3,5,5]{1,2,0}",
                               ["f64[3,5,5]{1,2,0}", "s32[3,5]{1,0}", "s32[3]{0}"]), [a], backend)
    for k in range(3):
        lower, upper = np.tril(lu[k], -1) + np.eye(5), np.triu(lu[k])
        perm = np.arange(5)
        for i, p in enumerate(piv[k] - 1):  # LAPACK's row interchanges, 1-based
            perm[[i, p]] = perm[[p, i]]
        np.testing.assert_allclose(lower @ upper, a[k][perm], atol=1e-12)
        zero = np.flatnonzero(np.diag(upper) == 0)
        assert info[k] == (zero[0] + 1 if zero.size else 0)
    assert info[0] == 0 and info[1] > 0 and info[2] == 1


@pytest.mark.parametrize("backend", BACKENDS)
def test_potrf_info_is_the_first_non_positive_definite_leading_minor(backend):
    # (a NaN pivot is not caught by OpenBLAS's potrf: info 0 there, as on XLA; testdata's
    # raw_potrf_upper_nan holds XLA's answer)
    a = np.array([np.eye(3) * 2, [[1, 2, 0], [2, 1, 0], [0, 0, 1]], [[1, 0, 0], [0, 1, 0], [0, 0, -1]]], np.float32)
    l, info = _run(_call("lapack_spotrf_ffi", "f32[3,3,3]{1,2,0}", ["f32[3,3,3]{1,2,0}", "s32[3]{0}"],
                         "{uplo = 76 : ui8}"), [a], backend)
    minors = [next((j + 1 for j in range(3) if not np.linalg.det(m[:j + 1, :j + 1]) > 0), 0) for m in a]
    assert list(info) == minors == [0, 2, 3]
    np.testing.assert_allclose(np.tril(l[0]), np.eye(3) * np.sqrt(2), rtol=1e-6)


@pytest.mark.parametrize("backend", BACKENDS)
def test_geqrf_orgqr_give_orthonormal_q_with_qr_a(backend):
    rng = np.random.default_rng(2)
    a = (rng.standard_normal((2, 6, 4)) + 1j * rng.standard_normal((2, 6, 4))).astype(np.complex64)
    r, tau = _run(_call("lapack_cgeqrf_ffi", "c64[2,6,4]{1,2,0}", ["c64[2,6,4]{1,2,0}", "c64[2,4]{1,0}"]),
                  [a], backend)
    q, = _run(_call("lapack_cungqr_ffi", "c64[2,6,4]{1,2,0}", ["c64[2,6,4]{1,2,0}"], extra=("c64[2,4]{1,0}",)),
              [r, tau], backend)
    np.testing.assert_allclose(_conj_t(q) @ q, np.broadcast_to(np.eye(4), (2, 4, 4)), atol=2e-6)
    np.testing.assert_allclose(q @ np.triu(r[:, :4]), a, atol=2e-5)


@pytest.mark.parametrize("backend", BACKENDS)
def test_syevd_gives_a_v_equal_v_w(backend):
    rng = np.random.default_rng(3)
    x = rng.standard_normal((2, 5, 5))
    a = x + _conj_t(x)
    v, w, info = _run(_call("lapack_dsyevd_ffi", "f64[2,5,5]{1,2,0}", ["f64[2,5,5]{1,2,0}", "f64[2,5]{1,0}",
                            "s32[2]{0}"], "{mode = 86 : ui8, uplo = 76 : ui8}"), [a], backend)
    assert list(info) == [0, 0] and np.all(np.diff(w) >= 0)
    np.testing.assert_allclose(a @ v, v * w[:, None, :], atol=1e-12)
    np.testing.assert_allclose(_conj_t(v) @ v, np.broadcast_to(np.eye(5), (2, 5, 5)), atol=1e-12)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("target", ["lapack_zgesdd_ffi", "lapack_zgesvd_ffi"])
def test_svd_reconstructs(target, backend):
    rng = np.random.default_rng(4)
    a = rng.standard_normal((4, 6)) + 1j * rng.standard_normal((4, 6))
    _, s, u, vt, info = _run(_call(target, "c128[4,6]{0,1}", ["c128[4,6]{0,1}", "f64[4]{0}", "c128[4,4]{0,1}",
                                   "c128[6,6]{0,1}", "s32[]"], "{mode = 65 : ui8}"), [a], backend)
    assert info == 0 and np.all(np.diff(s) <= 0)
    np.testing.assert_allclose((u * s) @ vt[:4], a, atol=1e-12)
    np.testing.assert_allclose(vt @ _conj_t(vt), np.eye(6), atol=1e-12)


@pytest.mark.parametrize("backend", BACKENDS)
def test_row_major_layouts_are_read_logically(backend):
    """hloc reads every buffer in its layout: a row-major getrf gives the same logical factors."""
    rng = np.random.default_rng(5)
    a = rng.standard_normal((2, 4, 3)).astype(np.float32)
    col = _run(_call("lapack_sgetrf_ffi", "f32[2,4,3]{1,2,0}", ["f32[2,4,3]{1,2,0}", "s32[2,3]{1,0}",
                     "s32[2]{0}"]), [a], backend)
    row = _run(_call("lapack_sgetrf_ffi", "f32[2,4,3]{2,1,0}", ["f32[2,4,3]{2,1,0}", "s32[2,3]{0,1}",
                     "s32[2]{0}"]), [a], backend)
    for c, r in zip(col, row):
        np.testing.assert_array_equal(c, r)


def test_tf_qr_and_householder_product():
    """TensorFlow's Qr (geqrf's form) and ProductOfElementaryHouseholderReflectors, row-major as TF
    writes them: Q orthonormal, Q R = A, R's diagonal as LAPACK's (beta = -sign(alpha) |x|)."""
    rng = np.random.default_rng(6)
    a = rng.standard_normal((3, 5, 4))
    text = """HloModule tf_qr

ENTRY main {
  a = f64[3,5,4]{2,1,0} parameter(0)
  qr = (f64[3,5,4]{2,1,0}, f64[3,4]{1,0}) custom-call(a), custom_call_target="Qr"
  r = f64[3,5,4]{2,1,0} get-tuple-element(qr), index=0
  taus = f64[3,4]{1,0} get-tuple-element(qr), index=1
  q = f64[3,5,4]{2,1,0} custom-call(r, taus), custom_call_target="ProductOfElementaryHouseholderReflectors"
  ROOT out = (f64[3,5,4]{2,1,0}, f64[3,5,4]{2,1,0}) tuple(q, r)
}
"""
    for backend in BACKENDS:
        q, r = _run(text, [a], backend)
        np.testing.assert_allclose(np.swapaxes(q, 1, 2) @ q, np.broadcast_to(np.eye(4), (3, 4, 4)), atol=1e-12)
        np.testing.assert_allclose(q @ np.triu(r[:, :4]), a, atol=1e-12)
        assert np.all(np.sign(r[:, 0, 0]) == -np.sign(a[:, 0, 0]))
        np.testing.assert_allclose(np.abs(np.diagonal(r, axis1=1, axis2=2)),
                                   np.abs(np.diagonal(np.linalg.qr(a)[1], axis1=1, axis2=2)), rtol=1e-12)


def test_bad_shapes_and_unknown_targets_are_errors_naming_the_supported_ones():
    bad = _call("lapack_spotrf_ffi", "f32[3,4]{0,1}", ["f32[3,4]{0,1}", "s32[]"], "{uplo = 76 : ui8}")
    with pytest.raises(RunError, match="square"):
        _run(bad, [np.zeros((3, 4), np.float32)], "interp")
    with pytest.raises(CodegenError, match="square"):
        _run(bad, [np.zeros((3, 4), np.float32)], "llvm")
    unknown = _call("lapack_sfoo_ffi", "f32[3,3]{0,1}", ["f32[3,3]{0,1}"])
    for backend, err in (("interp", RunError), ("llvm", CodegenError)):
        with pytest.raises(err, match=r"lapack_sfoo_ffi.*lapack_\{s,d,c,z\}getrf_ffi"):
            _run(unknown, [np.zeros((3, 3), np.float32)], backend)


def test_cli_fallback_hint_only_when_the_interpreter_knows_the_target(tmp_path):
    from click.testing import CliRunner

    from hloc.cli import main

    unknown = tmp_path / "foreign.hlo"
    unknown.write_text('HloModule m\n\nENTRY main {\n  p = f32[4] parameter(0)\n  ROOT r = f32[4] custom-call(p), '
                       'custom_call_target="my_foreign_fn"\n}\n')
    for extra in ([], ["--fallback"]):
        res = CliRunner().invoke(main, ["run", str(unknown), "--random-inputs", "0", "--no-cache", *extra])
        assert res.exit_code == 1
        assert "my_foreign_fn" in res.output and "lapack_{s,d,c,z}getrf_ffi" in res.output
        assert "--fallback" not in res.output and "interpreter does not know" in res.output
    known = tmp_path / "pad.hlo"  # a target only the interpreter runs: the hint stays, --fallback runs it
    known.write_text('HloModule m\n\nENTRY main {\n  p = f32[4] parameter(0)\n  ROOT r = (f32[4], s32[]) '
                     'custom-call(p), custom_call_target="PadToStatic"\n}\n')
    res = CliRunner().invoke(main, ["run", str(known), "--random-inputs", "0", "--no-cache"])
    assert res.exit_code == 1 and "--fallback" in res.output
    res = CliRunner().invoke(main, ["run", str(known), "--random-inputs", "0", "--no-cache", "--fallback"])
    assert res.exit_code == 0, res.output


def test_compiled_object_links_with_an_ilp64_lapack_from_c(tmp_path):
    """`hloc compile` of jnp.linalg.solve: the header names the LAPACK routines and the link line;
    a C program linked with `-lopenblas64` gives XLA's outputs."""
    import ctypes.util
    import shutil
    import subprocess
    import sys

    from click.testing import CliRunner

    from hloc.cli import main

    cc = shutil.which("cc") or shutil.which("gcc")
    if cc is None or ctypes.util.find_library("openblas64") is None:
        pytest.skip("needs a C compiler and an ILP64 OpenBLAS (Debian: libopenblas64-dev)")
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "backend"))
    from test_aot_c import _main_c

    text, ins, want = _load("solve_f32")
    (tmp_path / "solve.hlo").write_text(text)
    res = CliRunner().invoke(main, ["compile", str(tmp_path / "solve.hlo"), "-o", str(tmp_path / "solve.o"),
                                    "--emit", "obj,header"])
    assert res.exit_code == 0, res.output
    header = (tmp_path / "solve.h").read_text()
    assert "sgetrf_, strsm_" in header and "cc main.c solve.o -lopenblas64 -lm -lpthread" in header
    (tmp_path / "main.c").write_text(_main_c("solve", "solve.h", len(ins), len(want)))
    exe = tmp_path / "main"
    r = subprocess.run([cc, "-std=c11", "-O1", "-o", str(exe), str(tmp_path / "main.c"), str(tmp_path / "solve.o"),
                        "-lopenblas64", "-lm", "-lpthread"], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    for k, a in enumerate(ins):
        (tmp_path / f"in{k}.bin").write_bytes(np.ascontiguousarray(a).tobytes())
    r = subprocess.run([str(exe), *(str(tmp_path / f"in{k}.bin") for k in range(len(ins))), str(tmp_path / "out0.bin")],
                       capture_output=True, text=True, timeout=60)
    assert r.returncode == 0, r.stderr
    # the result's layout is jax's {1,2,0}: the bytes are in that order
    major_to_minor = list(reversed(parse_module(text, "s").entry.root.shape.minor_to_major))
    phys = np.frombuffer((tmp_path / "out0.bin").read_bytes(), np.float32).reshape(
        [want[0].shape[d] for d in major_to_minor])
    got = np.ascontiguousarray(np.transpose(phys, np.argsort(major_to_minor)))
    _close(got, want[0], "solve_f32 from C")


@pytest.fixture
def recorded_blas_threads(monkeypatch):
    """OpenBLAS's thread setter replaced by one that records the counts asked for (and answers
    with the previous one, as OpenBLAS's does)."""
    import ctypes

    from hloc.lapack.library import Lapack

    calls = []
    state = {"count": 2}

    @ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_int)
    def setter(n):
        calls.append(n)
        old, state["count"] = state["count"], n
        return old

    def set_threads(self, n):
        return setter(n)

    monkeypatch.setattr(Lapack, "threads_setter", lambda self: ctypes.cast(setter, ctypes.c_void_p).value)
    monkeypatch.setattr(Lapack, "set_threads", set_threads)
    yield calls
    assert state["count"] == 2, "the previous count is restored"


@pytest.mark.parametrize("backend", BACKENDS)
def test_small_calls_run_openblas_on_one_thread_and_restore_its_count(backend, recorded_blas_threads):
    # OpenBLAS's workers on small matrices: no faster, and on a busy machine many times slower (they
    # spin in lock-step with the caller), beside the entry's own workers
    a = np.array([np.eye(3) * 2] * 2, np.float32)
    l, info = _run(_call("lapack_spotrf_ffi", "f32[2,3,3]{1,2,0}", ["f32[2,3,3]{1,2,0}", "s32[2]{0}"],
                         "{uplo = 76 : ui8}"), [a], backend) if backend == "interp" else [
        np.asarray(o) for o in run_module(parse_module(_call(
            "lapack_spotrf_ffi", "f32[2,3,3]{1,2,0}", ["f32[2,3,3]{1,2,0}", "s32[2]{0}"], "{uplo = 76 : ui8}"), "m"),
            [a], backend, threads=2)]
    assert list(info) == [0, 0]
    np.testing.assert_allclose(np.tril(l[1]), np.eye(3) * np.sqrt(2), rtol=1e-6)
    assert recorded_blas_threads == [1, 2]


def test_a_lapack_without_the_thread_setter_keeps_its_count(monkeypatch):
    from hloc.lapack.library import Lapack

    monkeypatch.setattr(Lapack, "threads_setter", lambda self: 0)  # the weak reference stays unbound
    a = np.array([np.eye(3) * 4], np.float32)
    l, info = _run(_call("lapack_spotrf_ffi", "f32[1,3,3]{1,2,0}", ["f32[1,3,3]{1,2,0}", "s32[1]{0}"],
                         "{uplo = 85 : ui8}"), [a], "llvm")
    assert list(info) == [0]
    np.testing.assert_allclose(np.triu(l[0]), np.eye(3) * 2, rtol=1e-6)


@pytest.mark.parametrize("backend", BACKENDS)
@pytest.mark.parametrize("y_layout", ["{1,2,0}", "{2,1,0}"])
def test_batched_trsm_reads_and_writes_each_block(backend, y_layout):
    """trsm's blocks in LAPACK's order are used where they are (x read in the operand, y copied to
    the result and solved there), batch element by batch element; a row-major y goes through the
    scratch: both solve L y = b for each element."""
    rng = np.random.default_rng(4)
    x = rng.standard_normal((3, 5, 5)) + 5 * np.eye(5)
    y = rng.standard_normal((3, 5, 2))
    text = _call("lapack_dtrsm_ffi", "f64[3,5,5]{1,2,0}", [f"f64[3,5,2]{y_layout}"],
                 extra=(f"f64[3,5,2]{y_layout}",))
    x0, y0 = x.copy(), y.copy()
    (got,) = _run(text, [x, y], backend)
    for k in range(3):
        np.testing.assert_allclose(np.tril(x[k]) @ got[k], y[k], atol=1e-12)
    assert np.array_equal(x, x0) and np.array_equal(y, y0)  # the operands are left as they were


def test_referenced_names_every_routine_whose_symbol_ends_a_string():
    from hloc.lapack.library import referenced

    # (symbol-table strings: NUL-terminated; LLVM may store one as the tail of a longer one)
    table = b"\x7fELF\0hloc_entry\0dgetrf_\0xsgeqrf_\0zheevd\0cpotrf_x\0_\0__\0dgetrf_\0"
    assert referenced(table) == ["dgetrf", "sgeqrf"]
    assert referenced(b"dgetrf_") == [] and referenced(b"") == []
