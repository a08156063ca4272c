"""StableHLO / MHLO text: JAX's own output (testdata/stablehlo/jax, made by make_stablehlo_testdata.py
with jax 0.12; generic/ the same in MLIR's generic form), PyTorch/XLA's (testdata/stablehlo/torch,
make_torch_stablehlo_testdata.py, torch 2.9 + torch_xla 2.9, expected outputs from eager torch) and
the public JAX corpus converted by XLA (testdata/stablehlo/corpus) run on both backends equal to the
producers' outputs; hand-written forms; errors with file:line:col."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner
from conftest import JAX_CORPUS, TESTDATA
from jax_corpus import input_files, manifest, run_cli

from hloc.cli import main
from hloc.errors import ParseError
from hloc.interp import evaluate
from hloc.parse import parse_module
from hloc.parse.mlir import looks_like_mlir

HERE = TESTDATA / "stablehlo"
JAX_CASES = manifest(HERE / "jax" / "MANIFEST.tsv")
TORCH_CASES = manifest(HERE / "torch" / "MANIFEST.tsv")
CORPUS_CASES = sorted(p.stem for p in (HERE / "corpus").glob("*.mlir"))
# CHLO ops whose expansions (XLA's chlo legalization) are not written yet
XFAIL: dict[str, str] = {}  # case -> why it fails today


def _check(mlir: Path, folder: Path, name: str, rtol: str, atol: str, backend: str) -> None:
    if name in XFAIL:
        pytest.xfail(XFAIL[name])
    code, out, err = run_cli([mlir, *input_files(folder, name), "--check", folder / f"{name}.expected.npz",
                              "--rtol", rtol, "--atol", atol, "--backend", backend])
    assert code == 0, f"{name}: exit {code}\n{out}{err}"


@pytest.mark.parametrize("backend", ["interp", "llvm"])
@pytest.mark.parametrize("name", sorted(JAX_CASES))
def test_jax_stablehlo_runs_equal_to_xla(name, backend):
    row = JAX_CASES[name]
    folder = HERE / "jax"
    _check(folder / f"{name}.mlir", folder, name, row["rtol"], row["atol"], backend)


@pytest.mark.parametrize("name", sorted(JAX_CASES))
def test_generic_op_form_runs_equal_to_xla(name):
    """The same modules printed in MLIR's generic form ("builtin.module"() ({...}), "func.func"() <{...}>,
    every op quoted, #loc tables) on the interpreter."""
    row = JAX_CASES[name]
    _check(HERE / "generic" / f"{name}.mlir", HERE / "jax", name, row["rtol"], row["atol"], "interp")


@pytest.mark.parametrize("backend", ["interp", "llvm"])
@pytest.mark.parametrize("name", sorted(TORCH_CASES))
def test_torch_xla_stablehlo_runs_equal_to_torch(name, backend):
    row = TORCH_CASES[name]
    folder = HERE / "torch"
    _check(folder / f"{name}.mlir", folder, name, row["rtol"], row["atol"], backend)


@pytest.mark.slow
@pytest.mark.parametrize("backend", ["interp", "llvm"])
@pytest.mark.parametrize("name", CORPUS_CASES)
def test_corpus_as_stablehlo_runs_equal_to_xla(name, backend):
    rows = manifest(JAX_CORPUS / "MANIFEST.tsv")
    if name not in rows:
        pytest.skip(f"the JAX corpus (inputs, expected outputs) is not at {JAX_CORPUS}")
    _check(HERE / "corpus" / f"{name}.mlir", JAX_CORPUS, name, rows[name]["rtol"], rows[name]["atol"], backend)


def test_corpus_conversions_cover_the_public_corpus():
    assert len(CORPUS_CASES) == 52 and len(JAX_CASES) == 30 and len(TORCH_CASES) == 5


def _run(text: str, *args):
    m = parse_module(text, "t.mlir")
    return m, evaluate(m, list(args))


def test_generic_and_pretty_forms_agree():
    pretty = """
    func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<3x2xf32> {
      %0 = stablehlo.add %a, %b : tensor<2x3xf32>
      %1 = stablehlo.transpose %0, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
      return %1 : tensor<3x2xf32>
    }"""
    generic = """
    "builtin.module"() ({
    }) : () -> ()
    func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> tensor<3x2xf32> {
      %0 = "stablehlo.add"(%a, %b) : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
      %1 = "stablehlo.transpose"(%0) <{permutation = array<i64: 1, 0>}> : (tensor<2x3xf32>) -> tensor<3x2xf32>
      "func.return"(%1) : (tensor<3x2xf32>) -> ()
    }"""
    a = np.arange(6, dtype=np.float32).reshape(2, 3)
    b = np.ones((2, 3), np.float32)
    want = (a + b).T
    for text in (pretty, generic.replace('"builtin.module"() ({\n    }) : () -> ()', "")):
        _, out = _run(text, a, b)
        np.testing.assert_array_equal(out, want)


def test_dense_literals_hex_splat_complex_bool_bf16():
    text = """
    module @m attributes {mhlo.num_partitions = 1 : i32} {
      func.func public @main() -> (tensor<2xf32> {jax.result_info = "result[0]"}, tensor<2x2xi32>,
                                   tensor<3xi1>,
                                   tensor<2xcomplex<f32>>, tensor<2xbf16>, tensor<f32>, tensor<2xf32>) {
        %0 = stablehlo.constant dense<[0x7F800000, -1.500000e+00]> : tensor<2xf32>
        %1 = stablehlo.constant dense<7> : tensor<2x2xi32>
        %2 = stablehlo.constant dense<[true, false, true]> : tensor<3xi1>
        %3 = stablehlo.constant dense<[(1.000000e+00,2.000000e+00), (0.000000e+00,-3.000000e+00)]>
               : tensor<2xcomplex<f32>>
        %4 = stablehlo.constant dense<[1.250000e+00, 0xC000]> : tensor<2xbf16>
        %5 = stablehlo.constant dense<0xFF800000> : tensor<f32>
        %6 = stablehlo.constant dense<"0x0000803F00000040"> : tensor<2xf32>
        return %0, %1, %2, %3, %4, %5, %6 : tensor<2xf32>, tensor<2x2xi32>, tensor<3xi1>, tensor<2xcomplex<f32>>,
                                            tensor<2xbf16>, tensor<f32>, tensor<2xf32>
      }
    }"""
    _, out = _run(text)
    np.testing.assert_array_equal(out[0], np.array([np.inf, -1.5], np.float32))
    np.testing.assert_array_equal(out[1], np.full((2, 2), 7, np.int32))
    np.testing.assert_array_equal(out[2], [True, False, True])
    np.testing.assert_array_equal(out[3], np.array([1 + 2j, -3j], np.complex64))
    np.testing.assert_array_equal(out[4].astype(np.float32), [1.25, -2.0])  # 0xC000 is bf16 -2.0
    assert out[5] == -np.inf
    np.testing.assert_array_equal(out[6], [1.0, 2.0])  # little-endian f32 bytes of 1.0 and 2.0


def test_locations_sharding_and_frontend_attributes_are_ignored():
    text = """#loc1 = loc("x")
#loc2 = loc("/tmp/f.py":3:7)
#loc3 = loc(callsite(#loc1 at #loc2))
module @jit_f attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<4xf32> {mhlo.sharding = "{replicated}"} loc("x"))
      -> (tensor<4xf32> {jax.result_info = "result"}) {
    %0 = stablehlo.multiply %arg0, %arg0 {mhlo.frontend_attributes = {_xla_compute_type = "host"}}
         : tensor<4xf32> loc(#loc3)
    return %0 : tensor<4xf32> loc(fused["a", #loc2])
  } loc(#loc1)
} loc(#loc)
"""
    x = np.array([1, 2, 3, 4], np.float32)
    _, out = _run(text, x)
    np.testing.assert_array_equal(out, x * x)


def test_regions_capture_outer_values_case_if_while():
    text = """
    func.func @main(%p: tensor<i1>, %i: tensor<i32>, %x: tensor<3xf32>)
        -> (tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
      %c = stablehlo.constant dense<2.000000e+00> : tensor<3xf32>
      %0 = "stablehlo.if"(%p) ({
        %t = stablehlo.multiply %x, %c : tensor<3xf32>
        stablehlo.return %t : tensor<3xf32>
      }, {
        stablehlo.return %x : tensor<3xf32>
      }) : (tensor<i1>) -> tensor<3xf32>
      %1 = "stablehlo.case"(%i) ({
        stablehlo.return %c : tensor<3xf32>
      }, {
        %s = stablehlo.subtract %x, %c : tensor<3xf32>
        stablehlo.return %s : tensor<3xf32>
      }) : (tensor<i32>) -> tensor<3xf32>
      %z = stablehlo.constant dense<0> : tensor<i32>
      %2:2 = stablehlo.while(%k = %z, %acc = %x) : tensor<i32>, tensor<3xf32>
      cond {
        %n = stablehlo.constant dense<3> : tensor<i32>
        %lt = stablehlo.compare LT, %k, %n, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
        stablehlo.return %lt : tensor<i1>
      } do {
        %one = stablehlo.constant dense<1> : tensor<i32>
        %k1 = stablehlo.add %k, %one : tensor<i32>
        %a1 = stablehlo.add %acc, %c : tensor<3xf32>
        stablehlo.return %k1, %a1 : tensor<i32>, tensor<3xf32>
      }
      return %0, %1, %2#1 : tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
    }"""
    x = np.array([1, 2, 3], np.float32)
    _, out = _run(text, np.bool_(True), np.int32(1), x)
    np.testing.assert_array_equal(out[0], x * 2)
    np.testing.assert_array_equal(out[1], x - 2)
    np.testing.assert_array_equal(out[2], x + 6)
    _, out = _run(text, np.bool_(False), np.int32(0), x)
    np.testing.assert_array_equal(out[0], x)
    np.testing.assert_array_equal(out[1], [2, 2, 2])


def test_closed_regions_copy_the_outer_constants_they_use():
    """torch_xla's reducers use constants defined outside the reduce (`select %79, %c_4, %c`)."""
    text = """
    func.func @main(%x: tensor<2x3xi1>) -> tensor<2xi1> {
      %t = stablehlo.constant dense<true> : tensor<i1>
      %f = stablehlo.constant dense<false> : tensor<i1>
      %0 = stablehlo.reduce(%x init: %t) across dimensions = [1] : (tensor<2x3xi1>, tensor<i1>) -> tensor<2xi1>
       reducer(%a: tensor<i1>, %b: tensor<i1>)  {
        %1 = stablehlo.and %a, %b : tensor<i1>
        %2 = stablehlo.select %1, %t, %f : tensor<i1>, tensor<i1>
        stablehlo.return %2 : tensor<i1>
      }
      return %0 : tensor<2xi1>
    }"""
    x = np.array([[True, True, True], [True, False, True]])
    _, out = _run(text, x)
    np.testing.assert_array_equal(out, [True, False])
    with pytest.raises(ParseError, match="is not a constant"):
        parse_module(text.replace("%2 = stablehlo.select %1, %t, %f", "%2 = stablehlo.select %1, %x, %f"), "t.mlir")


def test_types_bounded_tuple_token():
    text = """
    func.func @main(%t: tuple<tensor<2xf32>, tensor<i32>>, %tok: !stablehlo.token)
        -> (tensor<2xf32>, !stablehlo.token) {
      %0 = stablehlo.get_tuple_element %t[0] : (tuple<tensor<2xf32>, tensor<i32>>) -> tensor<2xf32>
      %1 = stablehlo.after_all %tok : !stablehlo.token
      return %0, %1 : tensor<2xf32>, !stablehlo.token
    }"""
    m = parse_module(text, "t.mlir")
    assert m.entry.parameters[0].shape.to_str(False) == "(f32[2], s32[])"
    assert m.entry.parameters[1].shape.is_token
    bounded = parse_module("""
    func.func @main(%x: tensor<?xf32, #stablehlo.bounds<8>>) -> tensor<?xf32, #stablehlo.bounds<8>> {
      return %x : tensor<?xf32, #stablehlo.bounds<8>>
    }""", "b.mlir")
    assert bounded.entry.parameters[0].shape.to_str(False) == "f32[<=8]"


def test_detected_by_content_not_by_name(tmp_path):
    text = "// a comment\nmodule {\n  func.func @main(%x: tensor<f32>) -> tensor<f32> {\n" \
           "    %0 = stablehlo.negate %x : tensor<f32>\n    return %0 : tensor<f32>\n  }\n}\n"
    assert looks_like_mlir(text)
    assert not looks_like_mlir("HloModule m\nENTRY e { ROOT p = f32[] parameter(0) }")
    path = tmp_path / "model.txt"
    path.write_text(text)
    res = CliRunner().invoke(main, ["opt", str(path)])
    assert res.exit_code == 0, res.stderr
    assert "negate(" in res.stdout and "HloModule" in res.stdout  # `hloc opt X.mlir` prints HLO


@pytest.mark.parametrize("text, line, col, message", [
    ("func.func @main(%x: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.add %x, %y : tensor<f32>\n"
     "  return %0 : tensor<f32>\n}\n", 2, 26, "use of undefined value '%y'"),
    ("func.func @main(%x: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.frobnicate %x : tensor<f32>\n"
     "  return %0 : tensor<f32>\n}\n", 2, 8, "unsupported operation 'stablehlo.frobnicate'"),
    ("func.func @main(%x: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.add %x, %x : tensor<f32>\n"
     "  return %0 : tensor<f32>\n", 4, 1, "unexpected end of input"),
    ("func.func @main(%x: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.add %x %x : tensor<f32>\n"
     "  return %0 : tensor<f32>\n}\n", 2, 25, "expected ',' between operands"),
    ("func.func @main(%x: tensor<f32>) -> tensor<f32> {\n  %0 = stablehlo.add %x, %x : tensor<f32> ;\n"
     "  return %0 : tensor<f32>\n}\n", 2, 43, "unexpected character ';'"),
    ("func.func @main(%x: tensor<2xq7>) -> tensor<f32> {\n  return %x : tensor<f32>\n}\n", 1, 21,
     "unsupported element type 'q7'"),
])
def test_errors_point_into_the_mlir_file(tmp_path, text, line, col, message):
    path = tmp_path / "bad.mlir"
    path.write_text(text)
    with pytest.raises(ParseError) as info:
        parse_module(text, str(path))
    err = info.value
    assert message in err.message
    assert (err.loc.line, err.loc.col) == (line, col), str(err)
    res = CliRunner().invoke(main, ["opt", str(path)])
    assert res.exit_code == 1
    assert f"{path}:{line}:{col}: error:" in res.stderr and "^" in res.stderr
    assert "Traceback" not in res.stderr


LINALG = HERE / "linalg"
LINALG_CASES = manifest(LINALG / "MANIFEST.tsv")


def _custom_calls(module) -> list[tuple]:
    out = []
    for comp in module.computations:
        for i in comp.instructions:
            if i.opcode == "custom-call":
                a = i.attrs
                out.append((str(a["custom_call_target"]), i.shape.to_str(True),
                            tuple(o.shape.to_str(False) for o in i.operands),
                            " ".join(str(getattr(a.get("operand_layout_constraints"), "text",
                                                 a.get("operand_layout_constraints"))).split()),
                            str(a.get("api_version")),
                            " ".join(str(getattr(a.get("backend_config"), "text", a.get("backend_config"))).split()),
                            str(getattr(a.get("output_to_operand_aliasing"), "text",
                                        a.get("output_to_operand_aliasing")))))
    return sorted(out)


@pytest.mark.parametrize("name", sorted(LINALG_CASES))
def test_lapack_custom_calls_lower_as_jax_writes_them_in_hlo(name):
    """jnp.linalg's custom calls: the HLO hloc makes of JAX's StableHLO has the custom-call instructions
    (target, layouts, FFI attributes, aliasing) of JAX's own HLO text for the same function."""
    from_mlir = _custom_calls(parse_module((LINALG / f"{name}.mlir").read_text(), "m.mlir"))
    from_hlo = _custom_calls(parse_module((LINALG / f"{name}.hlo").read_text(), "m.hlo"))
    assert from_mlir and from_mlir == from_hlo


@pytest.mark.parametrize("backend", ["interp", "llvm"])
@pytest.mark.parametrize("name", sorted(LINALG_CASES))
def test_lapack_programs_run_as_stablehlo_and_as_hlo(name, backend):
    """Both of JAX's texts of each linalg program give JAX's outputs (det_inv: a complex det, c64[],
    once came out of the interpreter as c64[1])."""
    row = LINALG_CASES[name]
    args = [*input_files(LINALG, name), "--check", LINALG / f"{name}.expected.npz", "--rtol", row["rtol"],
            "--atol", row["atol"], "--backend", backend]
    for text in (LINALG / f"{name}.hlo", LINALG / f"{name}.mlir"):
        code, out, err = run_cli([text, *args])
        assert code == 0, f"{text.name}: exit {code}\n{out}{err}"


SHAPE_POLY = HERE / "shape_poly"  # made by make_shape_poly_testdata.py (jax 0.12)


@pytest.mark.parametrize("backend", ["interp", "llvm"])
@pytest.mark.parametrize("name", ["broadcast_reshape_iota", "loop_cumsum_sort", "softmax_rows"])
def test_shape_polymorphic_export_called_with_concrete_shapes_runs(name, backend):
    """jax.jit(exported.call) of a jax.export with a symbolic batch size: its private functions take
    tensor<?x...>, size their results with get_dimension_size and dynamic_broadcast_in_dim /
    dynamic_reshape / dynamic_iota, and check them with a shape_assertion; hloc refines the shapes
    from the concrete arguments as XLA does, and gives JAX's outputs."""
    code, out, err = run_cli([SHAPE_POLY / f"{name}.mlir", SHAPE_POLY / f"{name}.in0.npy",
                              "--check", SHAPE_POLY / f"{name}.expected.npz", "--backend", backend])
    assert code == 0, f"{name}: exit {code}\n{out}{err}"


def test_shape_polymorphic_entry_is_one_clear_error():
    """The exported module itself takes tensor<?xf32>: no shape to compile for."""
    path = SHAPE_POLY / "poly.mlir"
    with pytest.raises(ParseError) as info:
        parse_module(path.read_text(), str(path))
    assert (info.value.loc.line, info.value.loc.col) == (4, 26)
    assert "size known only at run time" in info.value.message and "concrete shapes" in info.value.message


def test_failed_shape_assertion_is_an_error_at_its_op():
    """The batch size 5 against a shape_assertion edited to demand b >= 9: refused while reading, with
    JAX's message and its {0} filled in, as XLA's shape refinement refuses it."""
    path = SHAPE_POLY / "broadcast_reshape_iota.mlir"
    text = path.read_text()
    bound = "%c = stablehlo.constant dense<1> : tensor<i32>"  # compared with GE to the batch size
    assert bound in text
    text = text.replace(bound, bound.replace("<1>", "<9>"), 1)
    with pytest.raises(ParseError) as info:
        parse_module(text, str(path))
    assert "shape assertion failed" in info.value.message
    assert "'b' = 5 from specification 'b'" in info.value.message
    assert "custom_call @shape_assertion" in text.splitlines()[info.value.loc.line - 1]


SHARDY = HERE / "shardy"  # made by make_shardy_testdata.py (jax 0.12, 2 CPU devices)


@pytest.mark.parametrize("backend", ["interp", "llvm"])
def test_shardy_annotations_read_as_one_unpartitioned_program(backend):
    """sdy.mesh, sdy.sharding and sdy.sharding_constraint annotate how the program is split over
    devices, not what it computes: the whole program gives what JAX's two shards give together."""
    code, out, err = run_cli([SHARDY / "sharded.mlir", SHARDY / "sharded.in0.npy", SHARDY / "sharded.in1.npy",
                              "--check", SHARDY / "sharded.expected.npy", "--rtol", "1e-5", "--atol", "1e-6",
                              "--backend", backend])
    assert code == 0, f"exit {code}\n{out}{err}"


def test_shard_map_is_one_error_naming_the_op():
    path = SHARDY / "shard_map.mlir"
    with pytest.raises(ParseError) as info:
        parse_module(path.read_text(), str(path))
    assert (info.value.loc.line, info.value.loc.col) == (5, 10)
    assert "'sdy.manual_computation'" in info.value.message and "shard_map" in info.value.message


def test_quantized_tensor_type_is_one_clear_error():
    text = """func.func @main(%x: tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.1:3>> {
  %q = stablehlo.uniform_quantize %x : (tensor<4xf32>) -> tensor<4x!quant.uniform<i8:f32, 0.1:3>>
  return %q : tensor<4x!quant.uniform<i8:f32, 0.1:3>>
}"""
    with pytest.raises(ParseError) as info:
        parse_module(text, "q.mlir")
    assert "quantized tensors are not supported" in info.value.message
    assert "!quant.uniform<i8:f32, 0.1:3>" in info.value.message
