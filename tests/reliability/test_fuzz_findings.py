"""Inputs `make fuzz-inputs` found that once ended in a traceback instead of one error line
(testdata/fuzz_findings, each the smallest of its kind). Each must now be one ParseError that points
at the place in the file and says what is wrong there."""

from __future__ import annotations

import warnings
from pathlib import Path

import numpy as np
import pytest

from hloc.errors import ParseError
from hloc.ir.verifier import verify_module
from hloc.parse import parse_module, read_source

HERE = Path(__file__).resolve().parents[2] / "testdata" / "fuzz_findings"

# file -> (line, words the message must hold); a binary proto has no lines: 1
FINDINGS = {
    "mlir_broadcast_index.mlir": (9, "broadcast_in_dim: dims"),         # once IndexError
    "mlir_dense_overflow.mlir": (88, "out of range for s32"),            # once OverflowError
    "mlir_float_literal.mlir": (26, "'0.000000e+-1' is not a number"),  # once ValueError
    "mlir_type_regex.mlir": (2, "expected a tensor type"),
    "mlir_result_count.mlir": (9, "but 2147483648 are named"),           # once a hang (2**31 result names)
    "mlir_attribute_text.mlir": (12, "malformed attributes"),            # once located in the HLO text made
    "mlir_huge_splat.mlir": (33, "99999999999999 elements is too large"),  # once a MemoryError (364 TiB)
    "proto_dim_labels.hlo.pb": (1, "convolution dimension number"),        # once IndexError
    "proto_keyerror.hlo.pb": (1, "unknown computation id 0"),          # once KeyError
    "proto_packed_float.hlo.pb": (1, "not a multiple of 4"),             # once struct.error
}


@pytest.mark.parametrize("name", sorted(FINDINGS))
def test_finding_is_one_located_error(name):
    line, words = FINDINGS[name]
    path = str(HERE / name)
    with pytest.raises(ParseError) as info:  # what `hloc opt FILE` prints as its one error line
        verify_module(parse_module(read_source(path), path))
    assert info.value.loc is not None and info.value.loc.filename == path
    assert info.value.loc.line == line
    assert words in info.value.message


def test_float_literal_beyond_its_type_is_inf_without_a_warning():
    """XLA's MLIR parser reads these f16 elements as 0x7C00 and 0xFC00 (+-inf, IEEE rounding); the
    fuzzer found numpy's overflow RuntimeWarning printed on the way (warnings are findings too)."""
    text = """func.func @main() -> tensor<2xf16> {
  %c = stablehlo.constant dense<[1.0e10, -7.0e4]> : tensor<2xf16>
  return %c : tensor<2xf16>
}"""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        module = parse_module(text, "m.mlir")
    constants = [i for c in module.computations for i in c.instructions if i.opcode == "constant"]
    assert [c.literal.view(np.uint16).tolist() for c in constants] == [[0x7C00, 0xFC00]]


def test_splat_constant_of_a_huge_result_type_is_refused_before_allocating():
    """The same class through the op's result type: a scalar dense literal widened to 10^14 elements."""
    text = """func.func @main() -> tensor<99999999999999xf32> {
  %c = "stablehlo.constant"() <{value = dense<0.0> : tensor<f32>}> : () -> tensor<99999999999999xf32>
  return %c : tensor<99999999999999xf32>
}"""
    with pytest.raises(ParseError) as info:
        parse_module(text, "m.mlir")
    assert info.value.loc.line == 2 and "99999999999999 elements is too large" in info.value.message
