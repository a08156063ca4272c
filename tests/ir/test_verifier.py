"""The verifier: every corpus module verifies (except the ones XLA's verifier rejects too), and each
broken invariant is reported at the instruction that breaks it.

Expected verdicts come from XLA's rules (xla/service/hlo_verifier.cc, shape_inference.cc) and first
principles, written out per case.
"""

from __future__ import annotations

import pytest
from conftest import corpus_files, require_corpus
from corpus_invalid import KNOWN_INVALID

from hloc.errors import VerifyError
from hloc.ir.module import Computation, Instruction, Module
from hloc.ir.types import Shape
from hloc.ir.verifier import verify_module
from hloc.parse import parse_module

CORPUS = corpus_files("xla") + corpus_files("jax", "*.hlo")


def verify_text(text: str, **opts):
    module = parse_module(text, "m.hlo")
    verify_module(module, **opts)
    return module


def rejects(text: str, message: str, line: int | None = None, col: int | None = None, **opts) -> VerifyError:
    module = parse_module(text, "m.hlo")
    with pytest.raises(VerifyError) as info:
        verify_module(module, **opts)
    err = info.value
    assert message in err.message, err.message
    if line is not None:
        assert (err.loc.line, err.loc.col) == (line, col), str(err)
    return err


# --------------------------------------------------------------------------------------- the corpus


@pytest.mark.slow
@pytest.mark.parametrize("path", CORPUS, ids=lambda p: p.name)
def test_corpus_verifies(path):
    module = parse_module(path.read_text(), str(path))
    if path.name in KNOWN_INVALID:
        message, _rule = KNOWN_INVALID[path.name]
        with pytest.raises(VerifyError) as info:
            verify_module(module)
        assert message in info.value.message
        assert info.value.loc is not None and info.value.loc.filename == str(path)
    else:
        verify_module(module)


def test_known_invalid_files_exist():
    require_corpus()
    names = {p.name for p in CORPUS}
    assert set(KNOWN_INVALID) <= names


# ------------------------------------------------------------------------------------ valid modules

REDUCE_ADD = """
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
"""


def test_a_small_valid_module():
    verify_text(REDUCE_ADD + """
ENTRY e {
  p = f32[4,8] parameter(0)
  z = f32[] constant(0)
  r = f32[4] reduce(p, z), dimensions={1}, to_apply=add
  b = f32[4,8] broadcast(r), dimensions={0}
  t = f32[8,4] transpose(b), dimensions={1,0}
  ROOT d = f32[8,8] dot(t, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}
}""")


def test_layouts_are_ignored():
    verify_text("ENTRY e {\n  p = f32[2,3]{0,1} parameter(0)\n  ROOT n = f32[2,3]{1,0} negate(p)\n}")


def test_entry_layout_header_that_matches():
    verify_text("HloModule m, entry_computation_layout={(f32[2]{0}, (s32[], pred[]))->f32[2]{0}}\n"
                "ENTRY e {\n  p = f32[2] parameter(0)\n  q = (s32[], pred[]) parameter(1)\n"
                "  ROOT n = f32[2] negate(p)\n}")


def test_mixed_precision_in_elementwise_ops_needs_the_option():
    text = ("ENTRY e {\n  a = f32[2] parameter(0)\n  b = bf16[2] parameter(1)\n"
            "  ROOT s = f32[2] add(a, b)\n}")
    rejects(text, "mixes floating-point types f32 and bf16", 4, 8)
    verify_text(text, allow_mixed_precision=True)


def test_dot_may_mix_precisions():
    # XLA's CheckMixedPrecisionOperands allow-lists dot (bf16 x bf16 -> f32 is the usual case).
    verify_text("ENTRY e {\n  a = bf16[2,3] parameter(0)\n  b = f32[3] parameter(1)\n"
                "  ROOT d = f32[2] dot(a, b), lhs_contracting_dims={1}, rhs_contracting_dims={0}\n}")


# --------------------------------------------------------------------------------- shape agreement


def test_written_shape_must_match_inference():
    rejects("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT n = f32[3] negate(a)\n}",
            "'n' has shape f32[3], but negate of f32[2] gives f32[2]", 3, 8)


def test_element_type_of_binary_op():
    rejects("ENTRY e {\n  a = f32[2] parameter(0)\n  b = s32[2] parameter(1)\n  ROOT s = f32[2] add(a, b)\n}",
            "add operands have different element types: f32[2] and s32[2]", 4, 8)


def test_no_implicit_broadcast():
    rejects("ENTRY e {\n  a = f32[2] parameter(0)\n  b = f32[] parameter(1)\n  ROOT s = f32[2] add(a, b)\n}",
            "HLO does not broadcast implicitly")


def test_logical_ops_need_pred_or_integers():
    rejects("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT s = f32[2] and(a, a)\n}",
            "and expects pred or integral operands, got f32")


def test_is_finite_needs_floats():
    rejects("ENTRY e {\n  a = s32[2] parameter(0)\n  ROOT s = pred[2] is-finite(a)\n}",
            "is-finite expects a floating-point operand, got s32")


def test_comparison_type_must_suit_operands():
    rejects("ENTRY e {\n  a = s32[2] parameter(0)\n  ROOT c = pred[2] compare(a, a), direction=LT, type=FLOAT\n}",
            "comparison type FLOAT does not suit s32 operands (expected SIGNED)", 3, 8)
    verify_text("ENTRY e {\n  a = f32[2] parameter(0)\n"
                "  ROOT c = pred[2] compare(a, a), direction=LT, type=TOTALORDER\n}")


def test_select_predicate():
    rejects("ENTRY e {\n  p = s32[2] parameter(0)\n  a = f32[2] parameter(1)\n"
            "  ROOT s = f32[2] select(p, a, a)\n}", "select's predicate must be pred, got s32[2]")


def test_convert_keeps_dimensions():
    verify_text("ENTRY e {\n  a = f32[2,3] parameter(0)\n  ROOT c = s8[2,3] convert(a)\n}")
    rejects("ENTRY e {\n  a = f32[2,3] parameter(0)\n  ROOT c = s8[3,2] convert(a)\n}",
            "'c' has shape s8[3,2], but convert of f32[2,3] gives s8[2,3]")


def test_bitcast_convert_between_widths():
    verify_text("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT c = u8[2,4] bitcast-convert(a)\n}")
    rejects("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT c = u8[2] bitcast-convert(a)\n}",
            "'c' has shape u8[2], but bitcast-convert of f32[2] gives u8[2,4]")


def test_reshape_keeps_the_element_count():
    rejects("ENTRY e {\n  a = f32[2,3] parameter(0)\n  ROOT r = f32[5] reshape(a)\n}",
            "reshape from f32[2,3] (6 elements) to f32[5] (5 elements) changes the element count", 3, 8)


def test_constant_literal_shape():
    module = parse_module("ENTRY e {\n  ROOT c = f32[2] constant({1, 2})\n}")
    c = module.entry.root
    c.shape = Shape("f32", (3,))  # as a pass that rewrote the shape but not the literal would
    with pytest.raises(VerifyError, match=r"literal has shape \(2,\), but the constant is f32\[3\]"):
        verify_module(module)


# ---------------------------------------------------------------------------------- attribute sanity


@pytest.mark.parametrize("body, message", [
    ("ROOT t = f32[3,2] transpose(a), dimensions={1,1}", "transpose dimensions [1, 1] are not a permutation"),
    ("ROOT r = f32[2] reverse(a), dimensions={2}", "reverse: dimension 2 is out of range for rank 2"),
    ("ROOT s = f32[1,3] slice(a), slice={[0:1], [0:4]}", "slice limit 4 in dimension 1 exceeds the dimension size 3"),
    ("ROOT s = f32[1,3] slice(a), slice={[2:1], [0:3]}", "slice start 2 is past its limit 1 in dimension 0"),
    ("ROOT s = f32[1,3] slice(a), slice={[0:1]}", "slice has 1 ranges, but the operand f32[2,3] has rank 2"),
    ("ROOT b = f32[2,3,4] broadcast(a), dimensions={0,2}",
     "broadcast maps operand dimension 1 (size 3) to result dimension 2 (size 4)"),
    ("ROOT b = f32[4,2,3] broadcast(a)", "broadcast needs one entry in dimensions={...} per operand dimension"),
    ("ROOT c = f32[4,3] concatenate(a, a), dimensions={2}", "concatenate dimension 2 is out of range for rank 2"),
    ("z = f32[] constant(0)\n  ROOT p = f32[2,3] pad(a, z), padding=0_0x0_0_-1",
     "interior padding must be >= 0, got -1"),
    ("ROOT i = s32[2,3] iota(), iota_dimension=2", "iota_dimension 2 is out of range for s32[2,3]"),
    ("ROOT d = f32[2,2] dot(a, a), lhs_contracting_dims={1}, rhs_contracting_dims={3}",
     "dot rhs dimension 3 is out of range for rank 2"),
    ("ROOT d = f32[2,2] dot(a, a), lhs_contracting_dims={0}, rhs_contracting_dims={1}",
     "dot contracting dimensions differ in size: lhs dimension 0 is 2, rhs dimension 1 is 3"),
    ("i = s32[2] parameter(1)\n  ROOT d = f32[1,3] dynamic-slice(a, i), dynamic_slice_sizes={1,4}",
     "dynamic slice size 4 exceeds the size 3 of dimension 1"),
    ("ROOT g = f32[] get-dimension-size(a), dimensions={2}", "get-dimension-size: dimension 2 is out of range"),
])
def test_attribute_sanity(body, message):
    rejects(f"ENTRY e {{\n  a = f32[2,3] parameter(0)\n  {body}\n}}", message)


def test_gather_dimension_numbers():
    rejects("ENTRY e {\n  a = f32[5,3] parameter(0)\n  i = s32[2,1] parameter(1)\n"
            "  ROOT g = f32[2,3] gather(a, i), offset_dims={1}, collapsed_slice_dims={0}, start_index_map={2}, "
            "index_vector_dim=1, slice_sizes={1,3}\n}",
            "gather start_index_map: dimension 2 is out of range for rank 2")


def test_get_tuple_element_index():
    module = parse_module("ENTRY e {\n  p = (f32[], s32[]) parameter(0)\n"
                          "  ROOT g = s32[] get-tuple-element(p), index=1\n}")
    module.entry.root.attrs["index"] = 2
    with pytest.raises(VerifyError, match=r"get-tuple-element index 2 is out of range for \(f32\[\], s32\[\]\)"):
        verify_module(module)


# ------------------------------------------------------------------------------ called computations


def test_reducer_must_take_two_scalars():
    rejects("""
r {
  a = f32[] parameter(0)
  ROOT n = f32[] negate(a)
}
ENTRY e {
  p = f32[4] parameter(0)
  z = f32[] constant(0)
  ROOT s = f32[] reduce(p, z), dimensions={0}, to_apply=r
}""", "reduce computation 'r' must take 2 parameters, takes 1", 9, 8)


def test_reducer_types_must_match_the_inputs():
    rejects("""
r {
  a = s32[] parameter(0)
  b = s32[] parameter(1)
  ROOT s = s32[] add(a, b)
}
ENTRY e {
  p = f32[4] parameter(0)
  z = f32[] constant(0)
  ROOT s = f32[] reduce(p, z), dimensions={0}, to_apply=r
}""", "reduce computation 'r' returns s32[], but the init value is f32[]")


def test_reducer_must_return_scalars():
    rejects("""
r {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  s = f32[] add(a, b)
  ROOT t = f32[2] broadcast(s), dimensions={}
}
ENTRY e {
  p = f32[4] parameter(0)
  z = f32[] constant(0)
  ROOT s = f32[] reduce(p, z), dimensions={0}, to_apply=r
}""", "reduce computation 'r' must return scalars, returns f32[2]")


def test_variadic_reduce_with_its_reducer():
    verify_text("""
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
ENTRY e {
  p = f32[4,5] parameter(0)
  q = s32[4,5] parameter(1)
  z = f32[] constant(0)
  y = s32[] constant(0)
  ROOT r = (f32[4], s32[4]) reduce(p, q, z, y), dimensions={1}, to_apply=argmax
}""")


def test_sort_comparator():
    rejects("""
cmp {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}
ENTRY e {
  p = f32[4] parameter(0)
  ROOT s = f32[4] sort(p), dimensions={0}, to_apply=cmp
}""", "sort comparator 'cmp' must return pred[], returns f32[]")


def test_while_condition_must_return_pred():
    rejects("""
cond {
  s = s32[] parameter(0)
  ROOT c = s32[] add(s, s)
}
body {
  s = s32[] parameter(0)
  ROOT n = s32[] add(s, s)
}
ENTRY e {
  i = s32[] parameter(0)
  ROOT w = s32[] while(i), condition=cond, body=body
}""", "while condition 'cond' must return pred[], returns s32[]")


def test_while_body_must_keep_the_state_shape():
    rejects("""
cond {
  s = s32[] parameter(0)
  ROOT c = pred[] compare(s, s), direction=LT
}
body {
  s = s32[] parameter(0)
  ROOT n = f32[] convert(s)
}
ENTRY e {
  i = s32[] parameter(0)
  ROOT w = s32[] while(i), condition=cond, body=body
}""", "while body 'body' returns f32[], but the parameter of condition 'cond' is s32[]")


def test_conditional_branches():
    rejects("""
a {
  x = f32[2] parameter(0)
  ROOT n = f32[2] negate(x)
}
b {
  x = f32[3] parameter(0)
  ROOT n = f32[2] slice(x), slice={[0:2]}
}
ENTRY e {
  p = pred[] parameter(0)
  x = f32[2] parameter(1)
  ROOT c = f32[2] conditional(p, x, x), true_computation=a, false_computation=b
}""", "branch computation 'b' takes f32[3], but operand 2 is f32[2]")


def test_call_and_fusion_parameters():
    rejects("""
f {
  x = f32[2] parameter(0)
  ROOT n = f32[2] negate(x)
}
ENTRY e {
  p = f32[3] parameter(0)
  ROOT c = f32[2] call(p), to_apply=f
}""", "call of 'f': parameter 0 is f32[2], but operand 0 is f32[3]")
    rejects("""
f {
  x = f32[2] parameter(0)
  ROOT n = f32[2] negate(x)
}
ENTRY e {
  p = f32[2] parameter(0)
  ROOT c = f32[3] fusion(p), kind=kLoop, calls=f
}""", "'c' has shape f32[3], but fusion of f32[2] gives f32[2]")


def test_scatter_combiner():
    rejects("""
comb {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  c = f32[] parameter(2)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  op = f32[5] parameter(0)
  i = s32[2,1] parameter(1)
  u = f32[2] parameter(2)
  ROOT s = f32[5] scatter(op, i, u), update_window_dims={}, inserted_window_dims={0},
      scatter_dims_to_operand_dims={0}, index_vector_dim=1, to_apply=comb
}""", "scatter computation 'comb' must take 2 parameters, takes 3")


def test_all_reduce_reducer():
    rejects("""
r {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT m = f32[] maximum(a, b)
}
ENTRY e {
  p = s32[4] parameter(0)
  ROOT s = s32[4] all-reduce(p), replica_groups={}, to_apply=r
}""", "all-reduce computation 'r' returns f32[], but the init value is s32[]")


def test_map_computation():
    rejects("""
f {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
ENTRY e {
  p = f32[4] parameter(0)
  ROOT m = f32[4] map(p), dimensions={0}, to_apply=f
}""", "map computation 'f' takes 2 parameters for 1 operands")


def test_reduce_window_reducer():
    rejects(REDUCE_ADD + """
ENTRY e {
  p = s32[4] parameter(0)
  z = s32[] constant(0)
  ROOT r = s32[2] reduce-window(p, z), window={size=2 stride=2}, to_apply=add
}""", "reduce-window computation 'add' returns f32[], but the init value is s32[]")


# -------------------------------------------------------------------- structure (IR made by passes)


def _module(*comps: Computation, entry: Computation | None = None) -> Module:
    m = Module("m")
    for c in comps:
        c.parent = m
        m.computations.append(c)
    m.entry = entry or comps[-1]
    return m


def _param(comp: Computation, n: int, shape: Shape, name: str | None = None) -> Instruction:
    p = comp.add(Instruction("parameter", shape, name=name or f"p{n}"))
    p.parameter_number = n
    return p


F32 = Shape("f32", (2,))


def test_valid_ir_built_by_hand():
    c = Computation("e")
    p = _param(c, 0, F32)
    c.root = c.create("negate", F32, [p])
    verify_module(_module(c))


def test_operand_count():
    c = Computation("e")
    p = _param(c, 0, F32)
    c.root = c.create("add", F32, [p], name="bad")
    with pytest.raises(VerifyError, match="'bad': add takes 2 operands, found 1"):
        verify_module(_module(c))


def test_duplicate_instruction_names():
    c = Computation("e")
    p = _param(c, 0, F32)
    n = c.create("negate", F32, [p])
    n.name = "p0"  # bypassing Computation.rename
    c.root = n
    with pytest.raises(VerifyError, match="duplicate instruction name 'p0' in computation 'e'"):
        verify_module(_module(c))


def test_duplicate_computation_names():
    a, b = Computation("f"), Computation("f")
    for comp in (a, b):
        comp.root = _param(comp, 0, F32)
    with pytest.raises(VerifyError, match="duplicate computation name 'f'"):
        verify_module(_module(a, b))


def test_parameters_numbered_from_zero():
    c = Computation("e")
    _param(c, 0, F32)
    c.root = _param(c, 2, F32)
    with pytest.raises(VerifyError, match=r"has parameters \[0, 2\]: parameter 1 is missing"):
        verify_module(_module(c))


def test_duplicate_parameter_numbers():
    c = Computation("e")
    _param(c, 0, F32)
    c.root = _param(c, 0, F32, name="again")
    with pytest.raises(VerifyError, match="parameter number 0 of computation 'e' is used twice"):
        verify_module(_module(c))


def test_root_must_belong_to_the_computation():
    c, other = Computation("e"), Computation("x")
    _param(c, 0, F32)
    c.root = _param(other, 0, F32)
    with pytest.raises(VerifyError, match="the root of computation 'e' is not one of its instructions"):
        verify_module(_module(c))


def test_operand_from_another_computation():
    c, other = Computation("e"), Computation("x")
    foreign = _param(other, 0, F32)
    other.root = foreign
    c.root = c.create("negate", F32, [foreign], name="n")
    with pytest.raises(VerifyError, match="operand 'p0' of 'n' is not an instruction of computation 'e'"):
        verify_module(_module(other, c))


def test_cycle_through_operands():
    c = Computation("e")
    p = _param(c, 0, F32)
    a = c.create("add", F32, [p, p], name="a")
    b = c.create("negate", F32, [a], name="b")
    a.replace_operand(1, b)
    c.root = b
    with pytest.raises(VerifyError, match="depends on itself"):
        verify_module(_module(c))


def test_cycle_through_control_predecessors():
    c = Computation("e")
    p = _param(c, 0, F32)
    a = c.create("negate", F32, [p], name="a")
    b = c.create("negate", F32, [a], name="b")
    a.add_control_predecessor(b)
    c.root = b
    with pytest.raises(VerifyError, match="depends on itself"):
        verify_module(_module(c))


def test_out_of_order_but_acyclic_is_fine():
    c = Computation("e")
    p = _param(c, 0, F32)
    b = Instruction("negate", F32, [p], name="b")
    a = c.create("negate", F32, [b], name="a")
    c.add(b)  # listed after its user, as a pass may leave it
    c.root = a
    verify_module(_module(c))


def test_callee_defined_after_its_caller():
    f = Computation("f")
    f.root = f.create("negate", F32, [_param(f, 0, F32)])
    e = Computation("e")
    e.root = e.create("call", F32, [_param(e, 0, F32)], name="c", to_apply=f)
    with pytest.raises(VerifyError, match="calls computation 'f', which is defined after its caller 'e'"):
        verify_module(_module(e, f, entry=e))


def test_callee_missing_from_the_module():
    f = Computation("f")
    f.root = f.create("negate", F32, [_param(f, 0, F32)])
    e = Computation("e")
    e.root = e.create("call", F32, [_param(e, 0, F32)], name="c", to_apply=f)
    with pytest.raises(VerifyError, match="calls computation 'f', which is not in the module"):
        verify_module(_module(e))


def test_only_callers_call_computations():
    f = Computation("f")
    f.root = f.create("negate", F32, [_param(f, 0, F32)])
    e = Computation("e")
    e.root = e.create("negate", F32, [_param(e, 0, F32)], name="n", to_apply=f)
    with pytest.raises(VerifyError, match="'n': negate cannot call computations"):
        verify_module(_module(f, e))


def test_entry_layout_header_that_disagrees():
    rejects("HloModule m, entry_computation_layout={(f32[3]{0})->f32[2]{0}}\n"
            "ENTRY e {\n  p = f32[2] parameter(0)\n  ROOT n = f32[2] negate(p)\n}",
            "entry_computation_layout gives parameter 0 the shape f32[3], but it is f32[2]", 3, 3)
    rejects("HloModule m, entry_computation_layout={(f32[2]{0})->s32[2]{0}}\n"
            "ENTRY e {\n  p = f32[2] parameter(0)\n  ROOT n = f32[2] negate(p)\n}",
            "entry_computation_layout gives the result shape s32[2], but the entry root 'n' has shape f32[2]")
    rejects("HloModule m, entry_computation_layout={()->f32[2]{0}}\n"
            "ENTRY e {\n  p = f32[2] parameter(0)\n  ROOT n = f32[2] negate(p)\n}",
            "entry_computation_layout has 0 parameters, but the entry computation 'e' has 1")


def test_error_points_at_the_instruction_name():
    err = rejects("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT n = f32[3] negate(a)\n}", "negate")
    report = str(err)
    assert report.startswith("m.hlo:3:8: error: 'n' has shape f32[3]")
    assert report.splitlines()[1:] == ["  ROOT n = f32[3] negate(a)", "       ^"]
