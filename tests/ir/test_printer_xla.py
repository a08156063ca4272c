"""XLA's own printer test (xla/hlo/parser/hlo_parser_test.cc), byte for byte.

  roundtrip_long__*   parse -> ToString(print_operand_shape, print_large_constants) == the text
  roundtrip_short__*  parse -> ToString(HloPrintOptions::ShortParsable()) == the text
  nonroundtrip__*     parse -> ShortParsable == NAME.expected.txt (surrounding whitespace stripped)

The expected texts are XLA's, taken from the corpus (see ../shared/corpus/xla/README.md).
"""

from __future__ import annotations

import pytest
from conftest import corpus_files, require_corpus

from hloc.ir.printer import print_module
from hloc.parse import parse_module

_PREFIX = "hlo__parser__hlo_parser_test__"
LONG = corpus_files("xla", f"{_PREFIX}roundtrip_long__*.hlo")
SHORT = corpus_files("xla", f"{_PREFIX}roundtrip_short__*.hlo")
NONROUNDTRIP = corpus_files("xla", f"{_PREFIX}nonroundtrip__*.hlo")

# Cases hloc cannot match, with the concrete reason. Keyed by test case name (the part after `__`).
XFAIL: dict[str, str] = {}


def _case(path) -> str:
    return path.name[len(_PREFIX):].removesuffix(".hlo")


def _params(paths):
    return [pytest.param(p, id=_case(p), marks=pytest.mark.xfail(reason=XFAIL[_case(p)], strict=True))
            if _case(p) in XFAIL else pytest.param(p, id=_case(p)) for p in paths]


def test_case_counts():
    require_corpus()
    assert (len(LONG), len(SHORT), len(NONROUNDTRIP)) == (111, 64, 11)


@pytest.mark.parametrize("path", _params(LONG))
def test_long_is_byte_identical(path):
    text = path.read_text()
    assert print_module(parse_module(text, str(path)), "long") == text


@pytest.mark.parametrize("path", _params(SHORT))
def test_short_is_byte_identical(path):
    text = path.read_text()
    assert print_module(parse_module(text, str(path)), "short") == text


@pytest.mark.parametrize("path", _params(NONROUNDTRIP))
def test_nonroundtrip_prints_expected(path):
    expected = path.with_name(path.name.removesuffix(".hlo") + ".expected.txt").read_text()
    printed = print_module(parse_module(path.read_text(), str(path)), "short")
    assert printed.strip() == expected.strip()
