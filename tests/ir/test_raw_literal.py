"""bf16 constants held as bit patterns (hloc/ir/raw_literal.py) against ml_dtypes' bfloat16, the
reference every other path of hloc computes bf16 with: the same rounding, printing, comparisons and
folded values, without importing ml_dtypes until values are needed."""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from hloc.ir.literal import format_array, literals_equal
from hloc.ir.printer import print_module
from hloc.ir.raw_literal import RawLiteral, bf16_bits_from_f64, bf16_element_strings, bf16_round
from hloc.ir.types import Shape
from hloc.parse import parse_module
from hloc.passes import run_pipeline

BF16 = np.dtype(ml_dtypes.bfloat16)
ALL_BITS = np.arange(1 << 16, dtype=np.uint32)


def _f64_probes() -> np.ndarray:
    """Every bf16 value, the midpoints between neighbours and the f64 values just beside them (where a
    rounding through f32 would round twice), random magnitudes, random f64 bit patterns (NaN payloads
    included) and the edges: overflow threshold, subnormals, signed zeros."""
    rng = np.random.default_rng(7)
    n = 200_000
    edges = [np.nan, -np.nan, np.inf, -np.inf, 0.0, -0.0, 3.3961e38, 3.3962e38, 1e39, -1e39, 5e-324, -5e-324,
             2.0**-133, 2.0**-134, 2.0**-134 * (1 + 2**-30), 3 * 2.0**-135, 1.00390625 + 2**-40]
    with np.errstate(all="ignore"):
        lo = (ALL_BITS << 16).view(np.float32).astype(np.float64)
        hi = (((ALL_BITS + 1) & 0xFFFF) << 16).view(np.float32).astype(np.float64)
        mid = (lo + hi) / 2
        signs = np.where(rng.random(n) < 0.5, 1.0, -1.0)
        return np.concatenate([lo, mid, np.nextafter(mid, np.inf), np.nextafter(mid, -np.inf),
                               rng.standard_normal(n) * 10.0 ** rng.integers(-45, 40, n),
                               rng.integers(0, 2**63, n, dtype=np.int64).view(np.float64) * signs, np.array(edges)])


def test_rounding_from_f64_matches_ml_dtypes_bit_for_bit():
    x = _f64_probes()
    with np.errstate(all="ignore"):
        want = x.astype(BF16).view(np.uint16)
    got = bf16_bits_from_f64(x)
    bad = np.flatnonzero(got != want)
    assert bad.size == 0, [(float(x[i]), hex(want[i]), hex(got[i])) for i in bad[:5]]


def test_a_tie_rounds_once_from_f64():
    # 1 + 2**-8 + 2**-40 lies above the midpoint of 1 and 1 + 2**-7: it rounds up, although its nearest
    # f32 is the midpoint itself (which would round to even, down to 1).
    assert hex(int(bf16_bits_from_f64(np.array([1.00390625 + 2**-40]))[0])) == "0x3f81"
    assert bf16_round(1.00390625 + 2**-40) == 1.0078125


def test_every_bit_pattern_prints_as_its_ml_dtypes_array_prints():
    raw = RawLiteral("bf16", ALL_BITS.astype(np.uint16))
    assert bf16_element_strings(raw) == format_array(raw.materialize(), Shape("bf16", (1 << 16,)))[1:-1].split(", ")


@pytest.mark.parametrize("bits, text", [(0x3DCD, "0.1001"), (0x8000, "-0"), (0x7FC0, "nan"), (0xFFC0, "-nan"),
                                        (0x7F81, "nan(0x1)"), (0xFF80, "-inf"), (0x0001, "9.184e-41"),
                                        (0x7F7F, "3.39e+38")])
def test_xla_spelling(bits, text):
    # XLA prints bf16 with %.4g (max_digits10 of an 8-bit significand), and a NaN's payload unless it
    # is the default quiet NaN's.
    assert bf16_element_strings(RawLiteral("bf16", np.array([bits], np.uint16))) == [text]


MODULE = """HloModule m
ENTRY e {
  a = bf16[5]{0} constant({0.1, -0, -0.0, nan(0x1), 1e-40})
  s = bf16[] constant(-inf)
  b = bf16[5]{0} broadcast(s), dimensions={}
  ROOT t = (bf16[5]{0}, bf16[5]{0}) tuple(a, b)
}
"""


def test_parsed_bf16_constants_stay_bits_until_read():
    m = parse_module(MODULE, "m.hlo")
    a = m.entry.instructions[0]
    assert isinstance(a.stored_literal, RawLiteral)
    # 0.1 -> 0x3dcd (0x3dcccccd rounded up), -0 is +0 (XLA lexes it as the integer 0), nan(0x1) keeps its
    # payload, 1e-40 is the nearest bf16 subnormal.
    want = np.array([0.1, 0.0, -0.0, 0.0, 1e-40]).astype(BF16)
    want[3] = np.array([0x7F81], np.uint16).view(BF16)[0]
    assert a.stored_literal.bits.tolist() == want.view(np.uint16).tolist()
    values = a.literal  # read: now the ml_dtypes array
    assert values.dtype == BF16 and values.view(np.uint16).tolist() == want.view(np.uint16).tolist()
    assert a.stored_literal is values


def test_printing_bits_or_values_gives_the_same_text():
    text = print_module(parse_module(MODULE, "m.hlo"))
    read = parse_module(MODULE, "m.hlo")
    for c in read.entry.instructions:
        _ = c.literal
    assert print_module(read) == text
    # (1e-40 is nearest the smallest subnormal, 2**-133; the canonical style writes -0 as -0.0)
    assert "constant({0.1001, 0, -0.0, nan(0x1), 9.184e-41})" in text


def test_bits_and_values_compare_equal():
    bits = RawLiteral("bf16", np.array([0x3F80, 0x8000], np.uint16))
    assert literals_equal(bits, bits.materialize().copy())
    assert literals_equal(bits.materialize().copy(), bits)
    assert not literals_equal(bits, np.array([1.0, 0.0]).astype(BF16))  # -0 and +0 differ bitwise
    assert not literals_equal(bits, np.array([1.0, -0.0], np.float32))


@pytest.mark.parametrize("text, message", [("1e39", "out of range"), ("nan(0x80)", "NaN payload 0x80 is out of range")])
def test_bad_bf16_literals_are_still_rejected(text, message):
    from hloc.errors import ParseError

    with pytest.raises(ParseError, match=message):
        parse_module(f"HloModule m\nENTRY e {{\n  ROOT c = bf16[] constant({text})\n}}\n", "m.hlo")


def test_cse_merges_equal_constants_whether_read_or_not():
    m = parse_module("HloModule m\nENTRY e {\n  a = bf16[2] constant({1, 2})\n  b = bf16[2] constant({1, 2})\n"
                     "  c = bf16[2] constant({1, 3})\n  ROOT t = (bf16[2], bf16[2], bf16[2]) tuple(a, b, c)\n}\n",
                     "m.hlo")
    _ = m.entry.instructions[1].literal  # one as values, the other still bits
    assert run_pipeline(m, "cse")
    root = m.entry.root
    assert root.operands[0] is root.operands[1] and root.operands[2] is not root.operands[0]


def test_folding_a_convert_to_bf16_rounds_as_the_interpreter():
    from hloc.interp.util import convert

    ties = (np.arange(0, 1 << 16, 97, dtype=np.uint32) << 16 | 0x8000).view(np.float32)  # halfway between bf16s
    values = np.concatenate([ties[np.isfinite(ties)],
                             np.array([np.nan, -np.inf, 3.4e38, -2.38197633e+38, 1.00390625], np.float32)])
    body = ", ".join(repr(float(v)) if np.isfinite(v) else ("nan" if np.isnan(v) else "-inf") for v in values)
    n = values.size
    m = parse_module(f"HloModule m\nENTRY e {{\n  c = f32[{n}] constant({{{body}}})\n"
                     f"  ROOT r = bf16[{n}] convert(c)\n}}\n", "m.hlo")
    assert run_pipeline(m, "constant-folding")
    folded = m.entry.root
    assert folded.opcode == "constant" and isinstance(folded.stored_literal, RawLiteral)
    want = convert(values, "bf16")  # the interpreter's cast
    assert folded.literal.view(np.uint16).tolist() == want.view(np.uint16).tolist()
