"""Bad input is reported as `file:line:col: error: <what was expected, what was found>`, with the
source line and a caret, exit status 1 and no traceback: through parse_module and through `hloc opt`.

Each case names the exact position a reader should be sent to (counted by hand from the text).
"""

from __future__ import annotations

import os
import random
import signal
from contextlib import contextmanager

import pytest
from click.testing import CliRunner
from conftest import corpus_files

from hloc.cli import main
from hloc.errors import HlocError, ParseError
from hloc.parse import parse_module, read_source

P = "ENTRY e {\n  p = f32[2] parameter(0)\n"  # line 1 and 2 of most cases

# name -> (text, message, line, col)
CASES = {
    # XLA: "Shape f32[9223372036854775807] size may overflow int64_t." (its parser refuses it too)
    "shape whose byte size overflows 64 bits": (
        "ENTRY e {\n  ROOT p = f32[4611686018427387904,2] parameter(0)\n}",
        "shape 'f32[4611686018427387904,2]' is 3.69e+19 bytes: its size does not fit in 64 bits", 2, 12),
    "unknown opcode": (
        P + "  ROOT n = f32[2] negat(p)\n}",
        "unknown opcode 'negat'; did you mean 'negate'?", 3, 19),
    "unknown opcode, no suggestion": (
        P + "  ROOT n = f32[2] frobnicate(p)\n}",
        "unknown opcode 'frobnicate'", 3, 19),
    "undefined operand": (
        "ENTRY e {\n  param = f32[2] parameter(0)\n  ROOT n = f32[2] negate(parm)\n}",
        "use of undefined instruction 'parm'; did you mean 'param'?", 3, 26),
    "operand defined later": (
        P + "  n = f32[2] negate(m)\n  ROOT m = f32[2] negate(p)\n}",
        "use of undefined instruction 'm'", 3, 21),
    "computation used before its definition": (
        "ENTRY e {\n  p = f32[] parameter(0)\n  ROOT c = f32[] call(p), to_apply=f\n}\n"
        "f {\n  ROOT x = f32[] parameter(0)\n}",
        "computation 'f' is used before its definition (line 5); called computations must be defined first",
        3, 36),
    "computation never defined": (
        "add {\n  ROOT x = f32[] parameter(0)\n}\nENTRY e {\n  p = f32[] parameter(0)\n"
        "  ROOT c = f32[] call(p), to_apply=ad\n}",
        "computation 'ad' is not defined before its use; did you mean 'add'?", 6, 36),
    "inside an inline computation": (
        P + "  z = f32[] constant(0)\n  ROOT r = f32[] reduce(p, z), dimensions={0}, to_apply={\n"
            "    a = f32[] parameter(0)\n    b = f32[] parameter(1)\n    ROOT s = f32[] addd(a, b)\n  }\n}",
        "unknown opcode 'addd'; did you mean 'add'?", 7, 20),
    "too few operands": (
        P + "  ROOT a = f32[2] add(p)\n}",
        "'add' takes 2 operands, found 1", 3, 19),
    "too many operands": (
        P + "  ROOT a = f32[2] negate(p, p)\n}",
        "'negate' takes 1 operand, found 2", 3, 19),
    "operand shape mismatch": (
        P + "  ROOT n = f32[2] negate(f32[3] p)\n}",
        "operand 'p' is declared as f32[3], but it has shape f32[2]", 3, 33),
    "signature shape mismatch": (
        "f (x: f32[2]) -> f32[3] {\n  ROOT x = f32[2] parameter(0)\n}",
        "computation 'f' returns f32[3] in its signature, but its root 'x' has shape f32[2]", 1, 1),
    "shape that cannot be inferred": (
        P + "  q = f32[3] parameter(1)\n  ROOT a = add(p, q)\n}",
        "cannot infer the shape of 'add': add operands have different shapes: f32[2] and f32[3]", 4, 12),
    "literal with too few elements": (
        "ENTRY e {\n  ROOT c = f32[3] constant({1, 2})\n}",
        "literal for f32[3] has 2 elements in dimension 0, expected 3", 2, 33),
    "literal with a short row": (
        "ENTRY e {\n  ROOT c = f32[2,2] constant({{1, 2}, {3}})\n}",
        "literal for f32[2,2] has 1 elements in dimension 1, expected 2", 2, 41),
    "literal value out of range": (
        "ENTRY e {\n  ROOT c = s8[3] constant({1, 2, 300})\n}",
        "value 300 is out of range for literal's primitive type s8 namely [-128, 127]", 2, 34),
    "float literal out of range": (
        "ENTRY e {\n  ROOT c = f16[2] constant({1, 1e9})\n}",
        "value 1e9 is out of range for literal's primitive type f16 namely [-65504, 65504]", 2, 32),
    "literal that is not a number": (
        "ENTRY e {\n  ROOT c = f32[2] constant({1, /* two */ zwei})\n}",
        "expected a number for a f32 literal, found 'zwei'", 2, 42),
    "pred literal": (
        "ENTRY e {\n  ROOT c = pred[2] constant({1, 2})\n}",
        "expected true, false, 0 or 1 for a pred literal, found '2'", 2, 33),
    "unterminated comment": (
        P + "  /* the root is missing\n}",
        "unterminated comment: '/*' without '*/'", 3, 3),
    "unterminated string": (
        P + '  ROOT n = f32[2] negate(p), metadata={op_name="neg}\n}',
        "unterminated string", 3, 48),
    "string where none belongs": (
        'ENTRY e {\n  p = f32[2] parameter("0")\n}',
        "unexpected string: strings are only allowed in attribute values", 2, 24),
    "duplicate instruction": (
        P + "  p = f32[2] parameter(1)\n}",
        "duplicate instruction name 'p' in computation 'e' (first defined at line 2)", 3, 3),
    "duplicate computation": (
        "f {\n  ROOT p = f32[] parameter(0)\n}\nf {\n  ROOT p = f32[] parameter(0)\n}",
        "computation 'f' is already defined (at line 1)", 4, 1),
    "two ROOTs": (
        "ENTRY e {\n  ROOT p = f32[2] parameter(0)\n  ROOT q = f32[2] parameter(1)\n}",
        "computation 'e' has a second ROOT instruction (the first is 'p')", 3, 8),
    "two ENTRY computations": (
        P + "}\nENTRY f {\n  ROOT q = f32[2] parameter(0)\n}",
        "expected only one ENTRY computation, found a second one", 4, 1),
    "parameter numbers with a gap": (
        P + "  ROOT q = f32[2] parameter(2)\n}",
        "computation 'e' has parameters [0, 2]: a gap at parameter(2); expected parameter numbers 0..1", 3, 8),
    "empty file": ("", "empty input: expected an HLO module", 1, 1),
    "only comments": ("// nothing\n/* to see */\n", "empty input: expected an HLO module", 3, 1),
    "garbage character": (
        P + "  ROOT n = f32[2] negate(p) @\n}",
        "unexpected character '@'", 3, 29),
    "control byte": ("ENTRY e {\x01}", "unexpected character byte 0x01", 1, 10),
    "missing '='": (
        "ENTRY e {\n  p f32[2] parameter(0)\n}",
        "expected '=', found a shape 'f32[2]'", 2, 5),
    "missing ')'": (
        "ENTRY e {\n  p = f32[2] parameter(0\n}",
        "expected ')' or ',', found '}'", 3, 1),
    "missing '}'": (
        P, "expected 'ROOT' or '}' or a name or an attribute (', name=value'), found end of input", 3, 1),
    "space before '='": (
        P + "  ROOT t = f32[2] transpose(p), dimensions = {0}\n}",
        "write the attribute as 'dimensions=...': no space is allowed between 'dimensions' and '='", 3, 33),
    "unknown attribute": (
        P + "  ROOT n = f32[2] negate(p), dimension={0}\n}",
        "unknown attribute 'dimension' for negate", 3, 30),
    "missing attribute": (
        P + "  ROOT t = f32[2] transpose(p)\n}",
        "'transpose' requires the attribute 'dimensions='", 3, 19),
    "bad enum value": (
        P + "  ROOT c = pred[2] compare(p, p), direction=XX\n}",
        "unknown value 'XX', expected one of EQ, NE, GE, GT, LE, LT", 3, 45),
    "unknown element type": (
        "ENTRY e {\n  p = f3[2] parameter(0)\n}",
        "unknown element type 'f3'; did you mean 'f32'?", 2, 7),
    "bad dimension": (
        "ENTRY e {\n  p = f32[2,x] parameter(0)\n}",
        "expected an integer dimension size, found 'x'", 2, 13),
    "truncated in an attribute": (
        P + "  ROOT t = f32[2] transpose(p), dimensions=",
        "expected a value for attribute 'dimensions', found end of input", 3, 44),
    "truncated in braces": (
        P + "  ROOT t = f32[2] transpose(p), dimensions={0",
        "unbalanced '{': no matching '}'", 3, 44),
    "truncated after the header": ("HloModule m", "found end of input", 1, 12),
    "deep nesting": (
        "ENTRY e {\n  p = " + "(" * 300,
        "nesting deeper than 256 levels", 2, 7 + 256),
}


@pytest.mark.parametrize("name", list(CASES))
def test_parse_module_reports(name):
    text, message, line, col = CASES[name]
    with pytest.raises(ParseError) as info:
        parse_module(text, "bad.hlo")
    err = info.value
    assert message in err.message, err.message
    assert (err.loc.filename, err.loc.line, err.loc.col) == ("bad.hlo", line, col), str(err)


@pytest.mark.parametrize("name", list(CASES))
def test_hloc_opt_reports(tmp_path, name):
    text, message, line, col = CASES[name]
    path = tmp_path / "bad.hlo"
    path.write_text(text)
    result = CliRunner().invoke(main, ["opt", str(path)])
    assert result.exit_code == 1
    assert result.stdout == ""
    assert "Traceback" not in result.stderr
    head, source, caret = result.stderr.rstrip("\n").split("\n")[:3]
    assert head.startswith(f"{path}:{line}:{col}: error: ")
    assert message in head
    # the caret sits under column `col` of the quoted source line (cut around it if it is long)
    assert caret.strip() == "^"
    shown_line = text.split("\n")[line - 1].replace("\t", " ")
    if len(shown_line) <= 200:
        assert source == shown_line and len(caret) == col


def test_verifier_errors_through_hloc_opt(tmp_path):
    path = tmp_path / "m.hlo"
    path.write_text("ENTRY e {\n  a = f32[2] parameter(0)\n  ROOT n = f32[3] negate(a)\n}\n")
    result = CliRunner().invoke(main, ["opt", str(path)])
    assert result.exit_code == 1 and result.stdout == ""
    assert result.stderr.splitlines() == [
        f"{path}:3:8: error: 'n' has shape f32[3], but negate of f32[2] gives f32[2]",
        "  ROOT n = f32[3] negate(a)",
        "       ^",
    ]


def test_split_input_file_keeps_line_numbers(tmp_path):
    path = tmp_path / "m.hlo"
    path.write_text("ENTRY e {\n  ROOT p = f32[] parameter(0)\n}\n// -----\n"
                    "ENTRY f {\n  q = f32[] parameter(0)\n  ROOT r = f32[] negat(q)\n}\n")
    result = CliRunner().invoke(main, ["opt", "--split-input-file", str(path)])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"{path}:7:18: error: unknown opcode 'negat'")


# ------------------------------------------------------------------------------------ binary input


def test_binary_file(tmp_path):
    path = tmp_path / "blob.hlo"
    path.write_bytes(b"HloModule m\n\x89PNG\r\n\x1a\n\x00\x00")
    with pytest.raises(ParseError) as info:
        read_source(str(path))
    assert info.value.message == "the file is not UTF-8 text (byte 0x89)"
    assert (info.value.loc.line, info.value.loc.col) == (2, 1)
    result = CliRunner().invoke(main, ["opt", str(path)])
    assert result.exit_code == 1 and "Traceback" not in result.stderr
    assert result.stderr.startswith(f"{path}:2:1: error: the file is not UTF-8 text (byte 0x89)")


def test_nul_bytes(tmp_path):
    path = tmp_path / "nul.hlo"
    path.write_bytes(b"ENTRY e {\n  p = f32[] parameter(0)\x00\n}")
    with pytest.raises(ParseError, match="the file contains NUL bytes: it is binary, not HLO text") as info:
        read_source(str(path))
    assert (info.value.loc.line, info.value.loc.col) == (2, 25)


def test_missing_file(tmp_path):
    result = CliRunner().invoke(main, ["opt", str(tmp_path / "nope.hlo")])
    assert result.exit_code == 1
    assert result.stderr.startswith(f"error: cannot read '{tmp_path / 'nope.hlo'}'")


# ----------------------------------------------------------------------------------- truncated files


@pytest.mark.parametrize("path", corpus_files("jax", "*.opt.hlo")[:6], ids=lambda p: p.name)
def test_truncated_corpus_modules(path):
    """A module cut anywhere is an error at a position inside the text, or (cut between whole
    computations, after the entry) a shorter module."""
    text = path.read_text()
    rng = random.Random(path.name)
    for cut in sorted(rng.sample(range(1, len(text) - 1), 25)):
        part = text[:cut]
        try:
            parse_module(part, "cut.hlo")
        except HlocError as e:
            assert e.loc is not None and e.loc.line <= part.count("\n") + 1


# -------------------------------------------------------------------------- large hostile input


@contextmanager
def hang_guard(seconds: int):
    """Fail instead of hanging (a guard, not a speed test: the limit is generous)."""

    def expire(*_):
        raise AssertionError(f"no verdict after {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


MB50 = 50 * 1024 * 1024

JUNK = {
    "random bytes": lambda rng: rng.randbytes(MB50),
    "random printable text": lambda rng: "".join(
        rng.choices("abcdefghijklmnopqrstuvwxyz0123456789 {}()[]=,%\n", k=1 << 16)).encode() * (MB50 >> 16),
    "one long identifier": lambda rng: b"x" * MB50,
    "an unterminated comment": lambda rng: b"/*" + b"*" * MB50,
    "an unclosed attribute": lambda rng: b"HloModule m, a={" + b"{} " * (MB50 // 3),
    "an unterminated string": lambda rng: b'HloModule m, a="' + b"x" * MB50,
    "nested parentheses": lambda rng: b"ENTRY e {\n  p = " + b"(" * MB50,
    "instructions outside a computation": lambda rng: b"p = f32[] parameter(0)\n" * (MB50 // 23 + 1),
}


@pytest.mark.slow
@pytest.mark.parametrize("kind", list(JUNK))
def test_50mb_of_junk_fails_without_hanging(tmp_path, kind):
    path = tmp_path / "junk.hlo"
    path.write_bytes(JUNK[kind](random.Random(kind)))
    assert os.path.getsize(path) >= MB50
    with hang_guard(60):
        result = CliRunner().invoke(main, ["opt", str(path)])
    assert result.exit_code == 1, result.stderr[:300]
    assert "Traceback" not in result.stderr
    assert f"{path}:" in result.stderr.split("\n", 1)[0]

