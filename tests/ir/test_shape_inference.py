"""Shape inference against shapes XLA wrote or inferred.

* Every instruction of an inferable opcode in the corpus: inferring its shape from its operands and
  attributes gives the shape written in the file (XLA printed those files).
* A table of modules whose ROOT is written without a shape, one or more per inferable opcode: hloc's
  parser infers the expected shape, and so does XLA's own parser (the oracle, when its Python is
  there; TEAM.md: /work/.venv-xla, or set HLOC_XLA_PYTHON).
* Rules for shapes that cannot be inferred (convert, reshape, collectives) and error messages.
"""

from __future__ import annotations

import os
import subprocess
from pathlib import Path

import pytest
from conftest import ROOT, corpus_files
from corpus_invalid import KNOWN_INVALID

from hloc.ir import shape_inference as si
from hloc.ir.attrs import SliceRange
from hloc.ir.opcodes import OPCODES
from hloc.ir.types import Shape
from hloc.parse import parse_module

CORPUS = corpus_files("xla") + corpus_files("jax", "*.hlo")
# Where XLA itself reads part of the written shape: the preferred element type of dot and
# convolution, and broadcast's written result (without one, `dimensions` are sizes to prepend).
_READS_WRITTEN = {"dot", "convolution", "ragged-dot", "scaled-dot", "broadcast"}


def test_every_opcode_has_a_rule():
    assert all(si.has_rule(op) for op in OPCODES)
    assert si.INFERABLE <= OPCODES and len(si.INFERABLE) == 91  # hlo_parser.cc CanInferShape: 91 true
    assert si.SHAPE_REQUIRED == OPCODES - si.INFERABLE


@pytest.mark.slow
@pytest.mark.parametrize("path", [p for p in CORPUS if p.name not in KNOWN_INVALID], ids=lambda p: p.name)
def test_corpus_shapes(path):
    """(The modules XLA's verifier rejects are tested in test_verifier.py.)"""
    module = parse_module(path.read_text(), str(path))
    mismatches = []
    for comp in module.computations:
        for instr in comp.instructions:
            if instr.opcode not in si.INFERABLE:
                continue
            written = instr.shape if instr.opcode in _READS_WRITTEN else None
            try:
                got = si.infer_shape(instr.opcode, [o.shape for o in instr.operands], instr.attrs, written)
            except si.ShapeError as e:
                mismatches.append(f"{instr.name}: {e}")
                continue
            if not si.compatible(got, instr.shape):
                mismatches.append(f"{instr.name}: inferred {got.to_str(False)}, written {instr.shape.to_str(False)}")
    assert not mismatches, mismatches[:5]


# ------------------------------------------------------------- modules with a shapeless ROOT

P = {
    "f2x3": "p = f32[2,3] parameter(0)",
    "c2": "p = c64[2] parameter(0)",
}

REDUCERS = """
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ge {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = pred[] compare(a, b), direction=GE
}
lt {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  c = s32[] parameter(2)
  d = s32[] parameter(3)
  ROOT l = pred[] compare(a, b), direction=LT
}
argmax {
  a = f32[] parameter(0)
  i = s32[] parameter(1)
  b = f32[] parameter(2)
  j = s32[] parameter(3)
  gt = pred[] compare(a, b), direction=GT
  v = f32[] select(gt, a, b)
  k = s32[] select(gt, i, j)
  ROOT t = (f32[], s32[]) tuple(v, k)
}
neg2 {
  x = f32[2] parameter(0)
  ROOT n = f32[2] negate(x)
}
cond {
  s = (s32[], f32[2]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  ten = s32[] constant(10)
  ROOT c = pred[] compare(i, ten), direction=LT
}
body {
  s = (s32[], f32[2]) parameter(0)
  i = s32[] get-tuple-element(s), index=0
  x = f32[2] get-tuple-element(s), index=1
  one = s32[] constant(1)
  j = s32[] add(i, one)
  y = f32[2] negate(x)
  ROOT t = (s32[], f32[2]) tuple(j, y)
}
step {
  x = f32[3] parameter(0)
  c = f32[3] parameter(1)
  s = f32[3] add(x, c)
  ROOT t = (f32[3], f32[3]) tuple(s, s)
}
"""

# name -> (parameters, shapeless ROOT instruction, expected shape from first principles)
CASES = {
    "abs_complex": (["p = c64[2] parameter(0)"], "abs(p)", "f32[2]"),
    "abs_signed": (["p = s8[2] parameter(0)"], "abs(p)", "s8[2]"),
    "real": (["p = c128[2] parameter(0)"], "real(p)", "f64[2]"),
    "imag": (["p = c64[2] parameter(0)"], "imag(p)", "f32[2]"),
    "exp_complex": (["p = c64[2] parameter(0)"], "exponential(p)", "c64[2]"),
    "logistic": (["p = bf16[4] parameter(0)"], "logistic(p)", "bf16[4]"),
    "floor": (["p = f16[3] parameter(0)"], "floor(p)", "f16[3]"),
    "is_finite": (["p = f32[2,3] parameter(0)"], "is-finite(p)", "pred[2,3]"),
    "clz": (["p = u32[2] parameter(0)"], "count-leading-zeros(p)", "u32[2]"),
    "popcnt": (["p = s64[2] parameter(0)"], "popcnt(p)", "s64[2]"),
    "not_pred": (["p = pred[2] parameter(0)"], "not(p)", "pred[2]"),
    "sign": (["p = s32[2] parameter(0)"], "sign(p)", "s32[2]"),
    "negate": (["p = s16[2] parameter(0)"], "negate(p)", "s16[2]"),
    "round": (["p = f32[2] parameter(0)"], "round-nearest-even(p)", "f32[2]"),
    "add": (["p = f32[2,3] parameter(0)"], "add(p, p)", "f32[2,3]"),
    "shift": (["p = u8[4] parameter(0)"], "shift-right-logical(p, p)", "u8[4]"),
    "remainder": (["p = s32[4] parameter(0)"], "remainder(p, p)", "s32[4]"),
    "atan2": (["p = f64[4] parameter(0)"], "atan2(p, p)", "f64[4]"),
    "mulhi": (["p = u32[4] parameter(0)"], "mulhi(p, p)", "u32[4]"),
    "xor": (["p = s8[4] parameter(0)"], "xor(p, p)", "s8[4]"),
    "complex": (["p = f64[3] parameter(0)"], "complex(p, p)", "c128[3]"),
    "compare": (["p = s32[2,2] parameter(0)"], "compare(p, p), direction=EQ", "pred[2,2]"),
    "select_scalar_pred": (["c = pred[] parameter(0)", "p = f32[4] parameter(1)"], "select(c, p, p)", "f32[4]"),
    "clamp_scalar_bounds": (["lo = f32[] parameter(0)", "p = f32[4] parameter(1)"], "clamp(lo, p, lo)", "f32[4]"),
    "broadcast_prepends_sizes": (["p = f32[3] parameter(0)"], "broadcast(p), dimensions={2,5}", "f32[2,5,3]"),
    "transpose": (["p = f32[2,3,4] parameter(0)"], "transpose(p), dimensions={2,0,1}", "f32[4,2,3]"),
    "reverse": (["p = f32[2,3] parameter(0)"], "reverse(p), dimensions={0,1}", "f32[2,3]"),
    "concatenate": (["a = f32[2,3] parameter(0)", "b = f32[2,5] parameter(1)"],
                    "concatenate(a, b, a), dimensions={1}", "f32[2,11]"),
    # 3 + 1 + 2 + 2 interior = 8; 4 + 0 - 1 = 3
    "pad": (["p = f32[3,4] parameter(0)", "z = f32[] constant(0)"], "pad(p, z), padding=1_2_1x0_-1", "f32[8,3]"),
    "dot_matmul": (["a = f32[2,3] parameter(0)", "b = f32[3,4] parameter(1)"],
                   "dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}", "f32[2,4]"),
    # batch dims first, then lhs free, then rhs free dims
    "dot_batch": (["a = f32[5,2,3] parameter(0)", "b = f32[3,5,4] parameter(1)"],
                  "dot(a, b), lhs_batch_dims={0}, lhs_contracting_dims={2}, rhs_batch_dims={1}, "
                  "rhs_contracting_dims={0}", "f32[5,2,4]"),
    "dot_outer": (["a = f32[2] parameter(0)", "b = f32[3] parameter(1)"], "dot(a, b)", "f32[2,3]"),
    # (8 + 2 - 3) / 2 + 1 = 4
    "conv_stride_pad": (["x = f32[1,8,8,3] parameter(0)", "k = f32[3,3,3,16] parameter(1)"],
                        "convolution(x, k), window={size=3x3 stride=2x2 pad=1_1x1_1}, dim_labels=b01f_01io->b01f",
                        "f32[1,4,4,16]"),
    "conv_depthwise": (["x = f32[2,10,6] parameter(0)", "k = f32[3,1,6] parameter(1)"],
                       "convolution(x, k), window={size=3}, dim_labels=b0f_0io->b0f, feature_group_count=6",
                       "f32[2,8,6]"),
    # lhs dilation 2: 4 -> 7; rhs dilation 2: 2 -> 3 taps; 7 - 3 + 1 = 5
    "conv_dilated": (["x = f32[1,3,4] parameter(0)", "k = f32[5,3,2] parameter(1)"],
                     "convolution(x, k), window={size=2 lhs_dilate=2 rhs_dilate=2}, dim_labels=bf0_oi0->bf0",
                     "f32[1,5,5]"),
    "reduce": (["p = f32[2,3,4] parameter(0)", "z = f32[] constant(0)"],
               "reduce(p, z), dimensions={0,2}, to_apply=add", "f32[3]"),
    "reduce_variadic": (["p = f32[4,5] parameter(0)", "q = s32[4,5] parameter(1)", "z = f32[] constant(0)",
                         "y = s32[] constant(0)"], "reduce(p, q, z, y), dimensions={1}, to_apply=argmax",
                        "(f32[4], s32[4])"),
    # (6 + 1 + 1 - 3) / 2 + 1 = 3; 5 -> base dilation 2: 9, window 2 dilated 2: 3 taps, 9 - 3 + 1 = 7
    "reduce_window": (["p = f32[6,5] parameter(0)", "z = f32[] constant(0)"],
                      "reduce-window(p, z), window={size=3x2 stride=2x1 pad=1_1x0_0 lhs_dilate=1x2 rhs_dilate=1x2}, "
                      "to_apply=add", "f32[3,7]"),
    "select_and_scatter": (["p = f32[4,6] parameter(0)", "s = f32[2,3] parameter(1)", "z = f32[] constant(0)"],
                           "select-and-scatter(p, s, z), window={size=2x2 stride=2x2}, select=ge, scatter=add",
                           "f32[4,6]"),
    # operation_semantics' gather example: batch dims of the indices, then the offset dims
    "gather": (["p = f32[3,4,5] parameter(0)", "i = s32[2,6,2] parameter(1)"],
               "gather(p, i), offset_dims={2,3}, collapsed_slice_dims={0}, start_index_map={0,1}, "
               "index_vector_dim=2, slice_sizes={1,2,5}", "f32[2,6,2,5]"),
    "gather_offsets_first": (["p = f32[3,4] parameter(0)", "i = s32[7] parameter(1)"],
                             "gather(p, i), offset_dims={0}, collapsed_slice_dims={1}, start_index_map={1}, "
                             "index_vector_dim=1, slice_sizes={3,1}", "f32[3,7]"),
    "scatter": (["p = f32[5,3] parameter(0)", "i = s32[2] parameter(1)", "u = f32[2,3] parameter(2)"],
                "scatter(p, i, u), update_window_dims={1}, inserted_window_dims={0}, "
                "scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=add", "f32[5,3]"),
    "sort_variadic": (["k = f32[8] parameter(0)", "v = s32[8] parameter(1)"],
                      "sort(k, v), dimensions={0}, to_apply=lt", "(f32[8], s32[8])"),
    "topk": (["p = f32[5,10] parameter(0)"], "topk(p), k=3", "(f32[5,3], s32[5,3])"),
    "rfft": (["p = f32[4,8] parameter(0)"], "fft(p), fft_type=RFFT, fft_length={8}", "c64[4,5]"),
    "irfft": (["p = c64[4,5] parameter(0)"], "fft(p), fft_type=IRFFT, fft_length={8}", "f32[4,8]"),
    "fft": (["p = c64[4,8] parameter(0)"], "fft(p), fft_type=FFT, fft_length={8}", "c64[4,8]"),
    "triangular_solve": (["a = f32[2,3,3] parameter(0)", "b = f32[2,3,4] parameter(1)"],
                         "triangular-solve(a, b), left_side=true, lower=true, transpose_a=NO_TRANSPOSE", "f32[2,3,4]"),
    "cholesky": (["a = f64[3,3] parameter(0)"], "cholesky(a), lower=true", "f64[3,3]"),
    "batch_norm_training": (["x = f32[2,4,6] parameter(0)", "s = f32[4] parameter(1)"],
                            "batch-norm-training(x, s, s), epsilon=0.001, feature_index=1",
                            "(f32[2,4,6], f32[4], f32[4])"),
    "batch_norm_inference": (["x = f32[2,4] parameter(0)", "s = f32[4] parameter(1)"],
                             "batch-norm-inference(x, s, s, s, s), epsilon=0.001, feature_index=1", "f32[2,4]"),
    "batch_norm_grad": (["x = f32[2,4] parameter(0)", "s = f32[4] parameter(1)"],
                        "batch-norm-grad(x, s, s, s, x), epsilon=0.001, feature_index=1",
                        "(f32[2,4], f32[4], f32[4])"),
    "tuple_gte": (["p = (f32[2], (s32[], pred[3])) parameter(0)"], "get-tuple-element(p), index=1",
                  "(s32[], pred[3])"),
    "tuple": (["a = f32[2] parameter(0)", "b = s8[] parameter(1)"], "tuple(a, b, a)", "(f32[2], s8[], f32[2])"),
    "while": (["s = (s32[], f32[2]) parameter(0)"], "while(s), condition=cond, body=body", "(s32[], f32[2])"),
    "conditional": (["i = s32[] parameter(0)", "x = f32[2] parameter(1)"],
                    "conditional(i, x, x), branch_computations={neg2, neg2}", "f32[2]"),
    "call": (["x = f32[2] parameter(0)"], "call(x), to_apply=neg2", "f32[2]"),
    "map": (["x = f32[5] parameter(0)"], "map(x, x), dimensions={0}, to_apply=add", "f32[5]"),
    "get_dimension_size": (["p = f32[2,3] parameter(0)"], "get-dimension-size(p), dimensions={1}", "s32[]"),
    "set_dimension_size": (["p = f32[2,3] parameter(0)", "n = s32[] parameter(1)"],
                           "set-dimension-size(p, n), dimensions={1}", "f32[2,<=3]"),
    "after_all": (["a = token[] parameter(0)"], "after-all(a, a)", "token[]"),
    "add_dependency": (["x = f32[2] parameter(0)", "t = token[] after-all()"], "add-dependency(x, t)", "f32[2]"),
    "replica_id": ([], "replica-id()", "u32[]"),
    "partition_id": ([], "partition-id()", "u32[]"),
    "copy": (["p = f32[2,3]{0,1} parameter(0)"], "copy(p)", "f32[2,3]"),
    "opt_barrier": (["p = (f32[2], s32[]) parameter(0)"], "opt-barrier(p)", "(f32[2], s32[])"),
    # two inputs scanned along dimension 0 (size 4), one carry: outputs get the scan dimension back
    "scan": (["x = f32[4,3] parameter(0)", "c = f32[3] parameter(1)"],
             "scan(x, c), dimensions={0}, num_carries=1, to_apply=step", "(f32[4,3], f32[3])"),
    # ragged non-contracting m: [m,k] x [g,k,n] with group sizes [g] -> [m,n]
    "ragged_dot": (["a = f32[11,5] parameter(0)", "b = f32[3,5,7] parameter(1)", "g = s32[3] parameter(2)"],
                   "ragged-dot(a, b, g), lhs_contracting_dims={1}, rhs_contracting_dims={1}, lhs_ragged_dims={0}, "
                   "rhs_group_dims={0}", "f32[11,7]"),
}

# The rest of the elementwise opcodes on a type they accept keep the operand's shape.
for _op in ["acos", "acosh", "asin", "asinh", "atanh", "cbrt", "ceil", "cosine", "cosh", "erf", "exponential",
            "exponential-minus-one", "log", "log-plus-one", "rsqrt", "sine", "sinh", "sqrt", "tan", "tanh",
            "round-nearest-afz"]:
    CASES[f"unary_{_op}"] = (["p = f32[2,2] parameter(0)"], f"{_op}(p)", "f32[2,2]")
for _op in ["subtract", "multiply", "divide", "power", "maximum", "minimum"]:
    CASES[f"binary_{_op}"] = (["p = f16[3] parameter(0)"], f"{_op}(p, p)", "f16[3]")
for _op in ["and", "or", "shift-left", "shift-right-arithmetic"]:
    CASES[f"binary_{_op}"] = (["p = s32[3] parameter(0)"], f"{_op}(p, p)", "s32[3]")


def case_module(name: str) -> str:
    params, root, _ = CASES[name]
    body = "\n  ".join([*params, f"ROOT r = {root}"])
    return f"HloModule {name}\n{REDUCERS}\nENTRY e {{\n  {body}\n}}\n"


@pytest.mark.parametrize("name", sorted(CASES))
def test_parser_infers(name):
    module = parse_module(case_module(name), f"{name}.hlo")
    expected = parse_module(f"ENTRY e {{\n  ROOT p = {CASES[name][2]} parameter(0)\n}}").entry.root.shape
    got = module.entry.root.shape
    assert si.compatible(got, expected) and got.dynamic == expected.dynamic, got.to_str(False)


def test_cases_cover_every_inferable_opcode():
    covered = {parse_module(case_module(n)).entry.root.opcode for n in CASES}
    # scaled-dot's scales need a block layout XLA's parser checks; it shares dot's rule (tested above)
    assert si.INFERABLE - covered - {"domain", "scaled-dot"} == set()


_ORACLE = r"""
import sys, pathlib
from jax._src.lib import hlo
for f in sys.argv[1:]:
    try:
        m = hlo.hlo_module_from_text(pathlib.Path(f).read_text())
    except Exception as e:
        print(pathlib.Path(f).stem + "\tERROR " + str(e).replace("\n", " "))
        continue
    text = m.to_string(hlo.HloPrintOptions.short_parsable())
    root = next(line for line in text.splitlines() if line.strip().startswith("ROOT r ="))
    print(pathlib.Path(f).stem + "\t" + root.split("=", 1)[1].strip())
"""


# XLA's parser lists opt-barrier in CanInferShape, but then calls InferUnaryOpShape, which rejects it
# ("Unknown operation for unary shape inference"); hloc uses the verifier's rule
# (HandleOptimizationBarrier: the operand's shape).
ORACLE_CANNOT = {"opt_barrier"}


def _oracle_python() -> str | None:
    path = os.environ.get("HLOC_XLA_PYTHON") or str(ROOT.parent / ".venv-xla" / "bin" / "python")
    return path if Path(path).exists() else None


@pytest.mark.slow
def test_xla_infers_the_same(tmp_path):
    python = _oracle_python()
    if python is None:
        pytest.skip("the XLA oracle's Python is not available")
    names = set(CASES) - ORACLE_CANNOT
    for name in names:
        (tmp_path / f"{name}.hlo").write_text(case_module(name))
    out = subprocess.run([python, "-c", _ORACLE, *sorted(str(p) for p in tmp_path.glob("*.hlo"))],
                         capture_output=True, text=True, timeout=300, check=True).stdout
    roots = dict(line.split("\t") for line in out.splitlines())
    assert set(roots) == names
    assert not [(n, r) for n, r in roots.items() if r.startswith("ERROR")]
    for name, root in roots.items():
        # XLA prints `r = f32[2,4]{1,0} dot(...)`; the shape is what precedes the opcode.
        opcode = CASES[name][1].split("(")[0]
        xla_shape = root[: root.index(f" {opcode}(")]
        xla = parse_module(f"ENTRY e {{\n  ROOT p = {xla_shape} parameter(0)\n}}").entry.root.shape
        expected = parse_module(f"ENTRY e {{\n  ROOT p = {CASES[name][2]} parameter(0)\n}}").entry.root.shape
        assert si.compatible(xla, expected) and xla.dynamic == expected.dynamic, (name, xla_shape)


# ------------------------------------------------------------------- shapes that are only checked


def _f32(*dims):
    return Shape("f32", dims)


def test_convert_takes_the_written_element_type():
    assert si.infer_shape("convert", [_f32(2, 3)], {}, Shape("s8", (9,))) == Shape("s8", (2, 3))


def test_bitcast_convert_widens_and_narrows():
    assert si.infer_shape("bitcast-convert", [Shape("u8", (5, 4))], {}, Shape("f32", ())) == _f32(5)
    assert si.infer_shape("bitcast-convert", [Shape("f64", (5,))], {}, Shape("u16", ())) == Shape("u16", (5, 4))
    with pytest.raises(si.ShapeError, match="needs a last dimension of size 4"):
        si.infer_shape("bitcast-convert", [Shape("u8", (5, 3))], {}, Shape("f32", ()))


def test_slice_with_strides():
    # [1:8:3] takes 1, 4, 7
    assert si.infer_shape("slice", [_f32(10)], {"slice": (SliceRange(1, 8, 3),)}, _f32(3)) == _f32(3)


def test_dynamic_slice_and_update():
    s32 = Shape("s32", ())
    assert si.infer_shape("dynamic-slice", [_f32(5, 6), s32, s32], {"dynamic_slice_sizes": (2, 6)},
                          _f32(2, 6)) == _f32(2, 6)
    assert si.infer_shape("dynamic-update-slice", [_f32(5, 6), _f32(2, 6), s32, s32], {}, _f32(5, 6)) == _f32(5, 6)
    with pytest.raises(si.ShapeError, match="has 1 start indices, the operand f32\\[5,6\\] has rank 2"):
        si.infer_shape("dynamic-slice", [_f32(5, 6), s32], {"dynamic_slice_sizes": (2, 6)}, _f32(2, 6))


def test_all_gather_and_reduce_scatter_use_the_shard_count():
    add = parse_module(REDUCERS + "ENTRY e {\n  ROOT p = f32[] parameter(0)\n}").computation("add")
    assert si.infer_shape("all-gather", [_f32(4, 3)], {"dimensions": (1,)}, _f32(4, 12)) == _f32(4, 12)
    assert si.infer_shape("reduce-scatter", [_f32(4, 12)], {"dimensions": (1,), "to_apply": add},
                          _f32(4, 3)) == _f32(4, 3)
    # 10 elements cannot be scattered over ceil(10 / 4) = 3 shards
    with pytest.raises(si.ShapeError, match="not divisible by the shard count 3"):
        si.infer_shape("reduce-scatter", [_f32(4, 10)], {"dimensions": (1,), "to_apply": add}, _f32(4, 4))


def test_copy_start_send_recv():
    u32, tok = Shape("u32", ()), Shape("token", ())
    unread = _f32(0)  # these rules do not read the written shape
    assert si.infer_shape("copy-start", [_f32(2)], {}, unread) == Shape.tuple([_f32(2), _f32(2), u32])
    assert si.infer_shape("send", [_f32(2), tok], {}, unread) == Shape.tuple([_f32(2), u32, tok])
    recv = Shape.tuple([_f32(7), u32, tok])
    assert si.infer_shape("recv-done", [recv], {}, unread) == Shape.tuple([_f32(7), tok])


def test_required_shapes_are_required():
    with pytest.raises(si.ShapeError, match="the result shape of 'reshape' cannot be inferred"):
        si.infer_shape("reshape", [_f32(6)], {})


def test_higher_precision_types():
    # primitive_util::HigherPrecisionType: complex first, then exponent range, then significand
    assert si.higher_precision("bf16", "f16") == "bf16"  # more range
    assert si.higher_precision("f16", "f32") == "f32"
    assert si.higher_precision("c64", "f64") == "c64"
    assert si.higher_precision("s32", "u32") == "s32"


def test_compatible_ignores_layouts_and_dynamic_flags():
    a = parse_module("ENTRY e {\n  ROOT p = f32[2,<=3]{0,1} parameter(0)\n}").entry.root.shape
    assert si.compatible(a, _f32(2, 3)) and not si.compatible(a, _f32(3, 2))
    assert si.compatible_ignoring_fp(Shape("bf16", (2,)), _f32(2)) and not si.compatible(Shape("bf16", (2,)), _f32(2))
