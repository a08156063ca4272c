"""Ahead-of-time use from C: `hloc compile --emit obj,header` on real JAX models, a C program that
includes the header, reads raw inputs, calls the function and writes raw outputs, linked with `cc`
and run; its outputs are compared with XLA's (the corpus's expected outputs)."""

from __future__ import annotations

import csv
import shutil
import subprocess

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import JAX_CORPUS, TESTDATA

from hloc.cli import main
from hloc.errors import CodegenError
from hloc.ir.types import ELEMENT_TYPES
from hloc.parse import parse_module, read_source
from hloc.runtime.compare import compare
from hloc.runtime.values import coerce_input, parameter_leaves, result_leaves

CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
CXX = shutil.which("c++") or shutil.which("g++") or shutil.which("clang++")
pytestmark = pytest.mark.skipif(CC is None, reason="no C compiler")

# Biggest first: the test uses the first one the native backend compiles (dot is on its way).
MODELS = ["transformer_layer", "mlp_forward", "attention", "layernorm", "softmax"]


def _manifest() -> dict[str, dict]:
    path = JAX_CORPUS / "MANIFEST.tsv"
    if not path.exists():
        return {}
    with open(path, newline="") as f:
        return {row["name"]: row for row in csv.DictReader(f, delimiter="\t")}


def _supported(name: str) -> bool:
    from hloc.backend.llvm.codegen.emitter import check_supported, flatten_entry

    m = parse_module(read_source(str(JAX_CORPUS / f"{name}.hlo")), name)
    try:
        check_supported(*flatten_entry(m))
    except CodegenError:
        return False
    return True


def _biggest_supported() -> str:
    if not JAX_CORPUS.is_dir():
        pytest.skip("the JAX corpus is not available")
    for name in MODELS:
        if _supported(name):
            return name
    pytest.skip("the native backend supports none of " + ", ".join(MODELS))


def _main_c(entry: str, header: str, n_params: int, n_results: int) -> str:
    """A C program for `entry`: argv = in0.bin ... out0.bin ...; everything through the header's macros,
    typedefs and typed wrapper, plus checks of the exported constants."""
    up = entry.upper()
    lines = [
        "#include <stdio.h>",
        "#include <stdlib.h>",
        "#include <string.h>",
        f'#include "{header}"',
        "",
        "static inline void *read_file(const char *path, size_t want) {",
        "  FILE *f = fopen(path, \"rb\");",
        "  if (!f) { perror(path); exit(2); }",
        "  void *buf = aligned_alloc(64, want + 64);",
        "  size_t got = fread(buf, 1, want + 1, f);",
        "  fclose(f);",
        "  if (got != want) { fprintf(stderr, \"%s: %zu bytes, expected %zu\\n\", path, got, want); exit(3); }",
        "  return buf;",
        "}",
        "",
        "static inline void write_file(const char *path, const void *data, size_t n) {",
        "  FILE *f = fopen(path, \"wb\");",
        "  if (!f || fwrite(data, 1, n, f) != n) { perror(path); exit(4); }",
        "  fclose(f);",
        "}",
        "",
        "static inline void garbage(void *p, size_t n) { memset(p, 0xA5, n); }  /* every byte must be written */",
        "",
        "int main(int argc, char **argv) {",
        f"  if (argc != 1 + {up}_NUM_PARAMS + {up}_NUM_RESULTS) {{ fprintf(stderr, \"usage\\n\"); return 1; }}",
        f"  if ({entry}_num_params != {up}_NUM_PARAMS || {entry}_num_results != {up}_NUM_RESULTS ||",
        f"      {entry}_temp_bytes != {up}_TEMP_BYTES) {{ fprintf(stderr, \"constants differ\\n\"); return 5; }}",
    ]
    for i in range(n_params):
        lines.append(f"  const {entry}_param{i}_t *arg{i} = read_file(argv[{1 + i}], {up}_PARAM{i}_BYTES);")
    for j in range(n_results):
        lines.append(f"  {entry}_result{j}_t *out{j} = aligned_alloc(64, {up}_RESULT{j}_BYTES + 64);")
        lines.append(f"  garbage(out{j}, {up}_RESULT{j}_BYTES);")
    lines.append(f"  void *temp = {up}_TEMP_BYTES ? aligned_alloc({up}_TEMP_ALIGN, {up}_TEMP_BYTES) : NULL;")
    args = [f"arg{i}" for i in range(n_params)] + [f"out{j}" for j in range(n_results)] + ["temp", "2"]
    lines.append(f"  {entry}_run({', '.join(args)});  /* num_threads = 2 */")
    lines.append(f"  {entry}_shutdown();")
    for j in range(n_results):
        lines.append(f"  write_file(argv[{1 + n_params + j}], out{j}, {up}_RESULT{j}_BYTES);")
    lines += ["  return 0;", "}", ""]
    return "\n".join(lines)


def _compile(args) -> None:
    res = CliRunner().invoke(main, ["compile", *map(str, args)])
    assert res.exit_code == 0, (res.stdout, res.stderr)


def _run_c_program(tmp_path, name: str) -> None:
    hlo = JAX_CORPUS / f"{name}.hlo"
    module = parse_module(read_source(str(hlo)), name)
    entry = name  # the default entry name: the file name as a C identifier
    _compile([hlo, "-o", tmp_path / f"{name}.o", "--emit", "obj,header"])
    assert (tmp_path / f"{name}.o").exists() and (tmp_path / f"{name}.h").exists()

    inputs = parameter_leaves(module)
    outputs = result_leaves(module)
    (tmp_path / "main.c").write_text(_main_c(entry, f"{name}.h", len(inputs), len(outputs)))
    exe = tmp_path / "main"
    cmd = [CC, "-std=c11", "-O1", "-Wall", "-Wextra", "-Werror", "-o", exe, tmp_path / "main.c",
           tmp_path / f"{name}.o", "-lm", "-lpthread"]
    r = subprocess.run(list(map(str, cmd)), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr

    in_files, out_files = [], []
    for k, leaf in enumerate(inputs):
        a = coerce_input(np.load(JAX_CORPUS / f"{name}.in{k}.npy"), leaf, f"in{k}")
        assert leaf.shape.layout is None or leaf.shape.layout.is_default()
        path = tmp_path / f"in{k}.bin"
        path.write_bytes(np.ascontiguousarray(a).tobytes())  # raw row-major bytes, the header's layout
        in_files.append(path)
    out_files = [tmp_path / f"out{j}.bin" for j in range(len(outputs))]
    r = subprocess.run(list(map(str, [exe, *in_files, *out_files])), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr

    row = _manifest().get(name, {})
    rtol, atol = float(row.get("rtol") or 1e-5), float(row.get("atol") or 1e-6)
    with np.load(JAX_CORPUS / f"{name}.expected.npz") as expected:
        assert len(expected.files) == len(outputs)
        for j, shape in enumerate(outputs):
            got = np.frombuffer(out_files[j].read_bytes(), dtype=ELEMENT_TYPES[shape.etype].np_dtype)
            got = got.reshape(shape.dims)
            res = compare(j, got, expected[f"out{j}"], shape, rtol, atol)
            assert res.passed, res.describe()


def test_biggest_supported_model_from_c(tmp_path):
    _run_c_program(tmp_path, _biggest_supported())


@pytest.mark.parametrize("name", ["reductions", "uint8_image_norm", "ew_chain_bf16"])
def test_mixed_types_from_c(tmp_path, name):
    """Several parameters and results of different types (f32, s32, pred, u8, bf16, scalars)."""
    if not JAX_CORPUS.is_dir():
        pytest.skip("the JAX corpus is not available")
    if not _supported(name):
        pytest.skip(f"the native backend cannot compile {name} yet")
    _run_c_program(tmp_path, name)


@pytest.mark.skipif(CXX is None, reason="no C++ compiler")
def test_header_is_valid_cpp(tmp_path):
    if not JAX_CORPUS.is_dir():
        pytest.skip("the JAX corpus is not available")
    _compile([JAX_CORPUS / "reductions.hlo", "-o", tmp_path / "r.h", "--emit", "header"])
    (tmp_path / "use.cc").write_text('#include "r.h"\nint main() { return REDUCTIONS_NUM_PARAMS == 4 ? 0 : 1; }\n')
    r = subprocess.run([CXX, "-std=c++17", "-Wall", "-Werror", "-fsyntax-only", str(tmp_path / "use.cc")],
                       capture_output=True, text=True, cwd=tmp_path)
    assert r.returncode == 0, r.stderr


ODD_MODULES = {
    "no_params": "HloModule no_params\nENTRY e {\n  ROOT c = f32[2] constant({1, 2})\n}\n",
    "tokens_and_empty": ("HloModule tokens_and_empty\nENTRY e {\n  t = token[] parameter(0)\n"
                         "  z = f32[0] parameter(1)\n  ROOT r = (f32[0], token[]) tuple(z, t)\n}\n"),
    "types": ("HloModule types\nENTRY e {\n  a = pred[3] parameter(0)\n  b = bf16[2,2]{0,1} parameter(1)\n"
              "  c = s4[5] parameter(2)\n  d = c64[2] parameter(3)\n  e = u64[] parameter(4)\n"
              "  ROOT r = (c64[2], s4[5], bf16[2,2]{0,1}, pred[3], u64[]) tuple(d, c, b, a, e)\n}\n"),
}


@pytest.mark.parametrize("name", sorted(ODD_MODULES))
def test_header_of_unusual_signatures_compiles(tmp_path, name):
    """No parameters, tokens, empty arrays, sub-byte / bf16 / complex / pred / 64-bit leaves, layouts:
    the header and a call through its wrapper compile cleanly as C11, and the program links and runs."""
    (tmp_path / f"{name}.hlo").write_text(ODD_MODULES[name])
    _compile([tmp_path / f"{name}.hlo", "-o", tmp_path / name, "--emit", "obj,header"])
    module = parse_module(ODD_MODULES[name], name)
    n_in, n_out = len(parameter_leaves(module)), len(result_leaves(module))
    (tmp_path / "main.c").write_text(_main_c(name, f"{name}.h", n_in, n_out))
    r = subprocess.run([CC, "-std=c11", "-Wall", "-Wextra", "-Werror", "-o", str(tmp_path / "main"),
                        str(tmp_path / "main.c"), str(tmp_path / f"{name}.o"), "-lm", "-lpthread"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    ins = []
    for k, leaf in enumerate(parameter_leaves(module)):
        (tmp_path / f"in{k}.bin").write_bytes(b"\x01" * leaf.shape.byte_size)
        ins.append(str(tmp_path / f"in{k}.bin"))
    outs = [tmp_path / f"out{j}.bin" for j in range(n_out)]
    r = subprocess.run([str(tmp_path / "main"), *ins, *map(str, outs)], capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    if name == "no_params":
        assert np.array_equal(np.fromfile(outs[0], np.float32), [1, 2])
    if name == "types":  # tuple(d, c, b, a, e) of inputs that are all 0x01 bytes: the outputs are those bytes
        sizes = [leaf.shape.byte_size for leaf in parameter_leaves(module)]
        assert [len(p.read_bytes()) for p in outs] == [sizes[3], sizes[2], sizes[1], sizes[0], sizes[4]]
        assert all(set(p.read_bytes()) == {1} for p in outs)


GEMM_HLO = """HloModule gemm_static

ENTRY main {
  a = f32[24,40] parameter(0)
  b = f32[40,36] parameter(1)
  c = f64[19,17] parameter(2)
  d = f64[17,15] parameter(3)
  ab = f32[24,36] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  cd = f64[19,15] dot(c, d), lhs_contracting_dims={1}, rhs_contracting_dims={0}
  ROOT t = (f32[24,36], f64[19,15]) tuple(ab, cd)
}
"""


def test_static_object_compiled_in_parts_from_c(tmp_path, monkeypatch):
    """--no-pic in parallel parts (split.py): non-PIC code takes a private constant's address as an
    immediate (`movabsq $.Lc.constant.1`), which must be renamed with the part's labels. The bundled
    transformer layer, linked into a non-PIE program, gives XLA's outputs."""
    monkeypatch.setenv("HLOC_COMPILE_THREADS", "2")
    name = "transformer_layer"
    models = TESTDATA / "models"
    _compile([models / f"{name}.hlo", "-o", tmp_path / name, "--emit", "obj,header,asm", "--no-pic"])
    assert ".Lp1_" in (tmp_path / f"{name}.s").read_text()  # (compiled in parts)
    inputs = np.load(models / f"{name}.inputs.npz")
    expected = np.load(models / f"{name}.expected.npz")
    (tmp_path / "main.c").write_text(_main_c(name, f"{name}.h", len(inputs.files), len(expected.files)))
    r = subprocess.run([CC, "-std=c11", "-no-pie", "-Wall", "-Wextra", "-Werror", "-o", str(tmp_path / "main"),
                        str(tmp_path / "main.c"), str(tmp_path / f"{name}.o"), "-lm", "-lpthread"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    ins = [tmp_path / f"in{k}.bin" for k in range(len(inputs.files))]
    for k, path in enumerate(ins):
        path.write_bytes(np.ascontiguousarray(inputs[f"arg{k}"]).tobytes())
    outs = [tmp_path / f"out{j}.bin" for j in range(len(expected.files))]
    r = subprocess.run(list(map(str, [tmp_path / "main", *ins, *outs])), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    for j, path in enumerate(outs):
        want = expected[f"out{j}"]
        got = np.frombuffer(path.read_bytes(), want.dtype).reshape(want.shape)
        np.testing.assert_allclose(got, want, rtol=2e-4, atol=2e-5)


def test_static_object_with_the_library_from_c(tmp_path):
    """--no-pic: the precompiled pool and GEMMs (codegen/linking.py) come with absolute relocations
    (R_X86_64_32, R_X86_64_32S); in a non-PIE program they compute numpy's products (in f64)."""
    name = "gemm_static"
    (tmp_path / f"{name}.hlo").write_text(GEMM_HLO)
    _compile([tmp_path / f"{name}.hlo", "-o", tmp_path / name, "--emit", "obj,header", "--no-pic"])
    (tmp_path / "main.c").write_text(_main_c(name, f"{name}.h", 4, 2))
    r = subprocess.run([CC, "-std=c11", "-no-pie", "-Wall", "-Wextra", "-Werror", "-o", str(tmp_path / "main"),
                        str(tmp_path / "main.c"), str(tmp_path / f"{name}.o"), "-lm", "-lpthread"],
                       capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    rng = np.random.default_rng(1)
    x = [rng.standard_normal(s).astype(t) for s, t in
         (((24, 40), np.float32), ((40, 36), np.float32), ((19, 17), np.float64), ((17, 15), np.float64))]
    for k, a in enumerate(x):
        (tmp_path / f"in{k}.bin").write_bytes(a.tobytes())
    args = [tmp_path / f"in{k}.bin" for k in range(4)] + [tmp_path / "out0.bin", tmp_path / "out1.bin"]
    r = subprocess.run(list(map(str, [tmp_path / "main", *args])), capture_output=True, text=True, timeout=120)
    assert r.returncode == 0, r.stderr
    ab = np.frombuffer((tmp_path / "out0.bin").read_bytes(), np.float32).reshape(24, 36)
    cd = np.frombuffer((tmp_path / "out1.bin").read_bytes(), np.float64).reshape(19, 15)
    np.testing.assert_allclose(ab, x[0].astype(np.float64) @ x[1], rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(cd, x[2] @ x[3], rtol=1e-12, atol=1e-12)
