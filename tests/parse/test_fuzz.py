"""Mutated corpus modules: hloc either parses and verifies them, or raises an HlocError that carries a
source position inside the text. Never any other exception, never a hang.

Mutations work on a rough tokenization (names, numbers, punctuation, spaces): delete, duplicate,
swap or replace tokens (with tokens of the same module, numbers or HLO fragments), truncate, and
insert random characters (control characters and non-ASCII included).
"""

from __future__ import annotations

import re
import signal
from contextlib import contextmanager

import pytest
from conftest import corpus_files
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from hloc.errors import HlocError
from hloc.ir.verifier import verify_module
from hloc.parse import parse_module

SMALL = [p for p in corpus_files("xla") + corpus_files("jax", "*.hlo") if p.stat().st_size < 6000]
_TOKEN = re.compile(r"\s+|[\w.\-%]+|.", re.S)
FRAGMENTS = ["0", "-1", "99999999999999999999", "f32[]", "s4[3]", "pred[]", "(", ")", "{", "}", ",", "=", "#0",
             "ROOT", "ENTRY", "HloModule", "%x", '"', "/*", "*/", "//", "tuple", "parameter(0)", "constant(",
             "{...}", "[0:1]", "1_1", "0x1", "->", "to_apply=", "dimensions={0}", "f32[<=3]", "?", "nan"]


@st.composite
def mutated_module(draw):
    text = SMALL[draw(st.integers(0, len(SMALL) - 1))].read_text()
    toks = _TOKEN.findall(text)
    for _ in range(draw(st.integers(1, 3))):
        if not toks:
            break
        i = draw(st.integers(0, len(toks) - 1))
        kind = draw(st.sampled_from(["delete", "duplicate", "swap", "truncate", "insert", "replace", "transplant",
                                     "number"]))
        if kind == "delete":
            del toks[i]
        elif kind == "duplicate":
            toks.insert(i, toks[i])
        elif kind == "swap":
            j = draw(st.integers(0, len(toks) - 1))
            toks[i], toks[j] = toks[j], toks[i]
        elif kind == "truncate":
            toks = toks[:i]
        elif kind == "insert":
            toks.insert(i, draw(st.text(st.characters(max_codepoint=0x2FF), min_size=1, max_size=4)))
        elif kind == "replace":
            toks[i] = draw(st.sampled_from(FRAGMENTS))
        elif kind == "transplant":
            toks[i] = toks[draw(st.integers(0, len(toks) - 1))]
        else:
            numbers = [j for j, t in enumerate(toks) if t.isdigit()]
            if numbers:
                toks[numbers[i % len(numbers)]] = str(draw(st.integers(-2, 12)))
    return "".join(toks)


@contextmanager
def hang_guard(seconds: int):
    def expire(*_):
        raise AssertionError(f"no verdict after {seconds} s")

    old = signal.signal(signal.SIGALRM, expire)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


def check(text: str) -> None:
    with hang_guard(20):
        try:
            verify_module(parse_module(text, "fuzz.hlo"))
        except HlocError as e:
            assert e.loc is not None, f"no position: {e}"
            assert e.loc.filename == "fuzz.hlo"
            assert 1 <= e.loc.line <= text.count("\n") + 1 and e.loc.col >= 1
            str(e)  # the report (source line and caret) renders


needs_corpus = pytest.mark.skipif(not SMALL, reason="corpus not found (set HLOC_CORPUS)")


@needs_corpus
@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_module())
def test_mutated_modules(text):
    check(text)


@needs_corpus
@pytest.mark.slow
@settings(max_examples=5000, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(mutated_module())
def test_mutated_modules_long_run(text):
    check(text)


@pytest.mark.parametrize("text", [
    "%x#",  # a tuple index sign without a number
    "ENTRY e {\n  ROOT c = c64[2] constant({(1, 2), (-inf nan)})\n}",
    "ENTRY e {\n  ROOT c = s8[-1] constant(1)\n}",
    "ENTRY e {\n  ROOT c = f32[99999999999999999999] constant({...})\n}",
    "ENTRY e {\n  ROOT c = f32[3] constant({1 2, 3})\n}",
    "ENTRY e {\n  ROOT c = f32[100000000000] constant(0)\n}",
])
def test_inputs_fuzzing_found(text):
    check(text)
