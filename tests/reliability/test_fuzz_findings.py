"""Inputs `make fuzz-inputs` found that still end in a traceback instead of one error line
(testdata/fuzz_findings, each the smallest of its kind from a 150 s run of the stablehlo and
hlo-proto targets). Each is an explicit strict xfail naming the exception: when the reader is
fixed the test passes, xfail's strictness fails it, and the mark comes off."""

from __future__ import annotations

import contextlib
from pathlib import Path

import pytest

from hloc.errors import HlocError
from hloc.ir.verifier import verify_module
from hloc.parse import parse_module, read_source

HERE = Path(__file__).resolve().parents[2] / "testdata" / "fuzz_findings"

FINDINGS = {
    "mlir_broadcast_index.mlir": "IndexError in parse/mlir/ops.py _broadcast: broadcast dimensions beyond the operand",
    "mlir_dense_overflow.mlir": "OverflowError in parse/mlir/values.py dense_array: an integer too big for its type",
    "mlir_float_literal.mlir": "ValueError in parse/mlir/values.py _number: a malformed float literal '0.0e+-1'",
}


@pytest.mark.parametrize("name", sorted({*FINDINGS, "proto_dim_labels.hlo.pb", "proto_keyerror.hlo.pb"}))
def test_finding_is_one_error_line(name, request):
    if name in FINDINGS:  # the two proto findings are fixed: a malformed proto is one ParseError
        request.applymarker(pytest.mark.xfail(strict=True, reason=FINDINGS[name]))
    path = str(HERE / name)
    with contextlib.suppress(HlocError):  # what `hloc opt FILE` does; an HlocError is its one error line
        verify_module(parse_module(read_source(path), path))
