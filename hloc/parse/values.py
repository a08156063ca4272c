"""Decoding the coarse tokens: shapes, layouts, literals and attribute values.

Every decoder takes the token text and the offset where it starts in the source, so an error
points at the exact character. Values are decoded per attribute name, as XLA's parser does.
"""

from __future__ import annotations

import re

import numpy as np

from ..errors import ParseError, SourceLoc
from ..ir.attrs import ENUMS, ConvDimLabels, PadDim, Raw, SliceRange, Window, WindowDim
from ..ir.literal import ElidedLiteral, c_unescape, float_from_bits_with_payload
from ..ir.raw_literal import (
    BF16_MANTISSA_BITS,
    RAW_ETYPES,
    RawLiteral,
    bf16_bits_from_f64,
    bf16_is_finite,
    bf16_nan_bits,
)
from ..ir.types import ELEMENT_TYPE_ALIASES, ELEMENT_TYPES, UNBOUNDED, Layout, Shape, finfo


class Ctx:
    """Where a token came from: file name, full text; errors are raised at text offsets."""

    __slots__ = ("filename", "text")

    def __init__(self, filename: str, text: str):
        self.filename = filename
        self.text = text

    def error(self, offset: int, message: str) -> ParseError:
        return ParseError(message, SourceLoc.from_offset(self.filename, self.text, offset))


# ------------------------------------------------------------------------------------------- shapes

_ARRAY_SHAPE = re.compile(r"([a-z][a-z0-9_]*)\[([^\]]*)\](?:\s*\{([^{}]*)\})?")
shape_cache: dict[str, Shape] = {}


def parse_array_shape(text: str, offset: int, ctx: Ctx) -> Shape:
    """`f32[2,<=3,?]{1,0:T(8,128)}` -> Shape. Results are cached by text (shapes are immutable)."""
    shape = shape_cache.get(text)
    if shape is not None:
        return shape
    m = _ARRAY_SHAPE.fullmatch(text)
    if m is None:
        raise ctx.error(offset, f"malformed shape '{text}'")
    etype, dims_text, layout_text = m.groups()
    etype = ELEMENT_TYPE_ALIASES.get(etype, etype)
    et = ELEMENT_TYPES.get(etype)
    if et is None:
        from ..errors import did_you_mean

        raise ctx.error(offset, f"unknown element type '{etype}'{did_you_mean(etype, ELEMENT_TYPES)}")
    dims: list[int] = []
    dynamic: list[bool] = []
    if dims_text.strip():
        at = offset + m.start(2)  # the offset of each dimension, for errors
        for part in dims_text.split(","):
            p = part.strip()
            here = at + len(part) - len(part.lstrip())
            if p == "?":
                dims.append(UNBOUNDED)
                dynamic.append(True)
            elif p.startswith("<="):
                dims.append(_int(p[2:].strip(), here, ctx, "dimension bound"))
                dynamic.append(True)
            else:
                dims.append(_int(p, here, ctx, "dimension size"))
                dynamic.append(False)
            if dims[-1] < 0 and p != "?":
                raise ctx.error(here, f"negative dimension size {dims[-1]} in shape '{text}'")
            if dims[-1] >= 1 << 63:
                raise ctx.error(here, f"dimension size {dims[-1]} does not fit in 64 bits")
            at += len(part) + 1
    if not et.is_array_type and dims:
        raise ctx.error(offset, f"{etype} shapes have no dimensions")
    if dims:
        size = max(1, et.bits // 8)  # (XLA sizes shapes the same way: a sub-byte element takes a byte)
        for d in dims:
            size *= max(d, 0)
        if size >= 1 << 63:
            raise ctx.error(offset, f"shape '{text}' is {size:.3g} bytes: its size does not fit in 64 bits")
    layout = None
    if layout_text is not None:
        layout = parse_layout(layout_text, len(dims), offset + text.index("{"), ctx)
    shape = Shape(etype, tuple(dims), layout, tuple(dynamic) if any(dynamic) else None)
    if len(shape_cache) < 100_000:
        shape_cache[text] = shape
    return shape


def parse_layout(body: str, rank: int, offset: int, ctx: Ctx) -> Layout:
    m2m_text, colon, tail = body.partition(":")
    m2m: tuple[int, ...] = ()
    if m2m_text.strip():
        try:
            m2m = tuple(int(x) for x in m2m_text.split(","))
        except ValueError:
            raise ctx.error(offset, f"malformed layout '{{{body}}}'") from None
    if len(m2m) != rank:
        raise ctx.error(offset, f"layout {{{body}}} has {len(m2m)} dimensions, but the shape has rank {rank}")
    if sorted(m2m) != list(range(rank)):
        raise ctx.error(offset, f"layout {{{body}}} is not a permutation of the dimensions 0..{rank - 1}")
    return Layout(m2m, tail.strip())


_SHAPE_TOKENS = re.compile(r"\s*(?:/\*.*?\*/\s*)*(?:([a-z][a-z0-9_]*\[[^\]]*\](?:\{[^{}]*\})?)|([(),]))", re.S)


def parse_shape_text(text: str, offset: int, ctx: Ctx) -> tuple[Shape, int]:
    """Parse one (possibly tuple) shape at the start of `text`; returns it and the length consumed."""
    pos = 0

    def one() -> Shape:
        nonlocal pos
        m = _SHAPE_TOKENS.match(text, pos)
        if m is None:
            raise ctx.error(offset + pos, "expected a shape")
        pos = m.end()
        if m.group(1):
            return parse_array_shape(m.group(1), offset + m.start(1), ctx)
        if m.group(2) != "(":
            raise ctx.error(offset + m.start(2), "expected a shape")
        elems: list[Shape] = []
        while True:
            m = _SHAPE_TOKENS.match(text, pos)
            if m and m.group(2) == ")":
                pos = m.end()
                return Shape.tuple(elems)
            if elems:
                if not (m and m.group(2) == ","):
                    raise ctx.error(offset + pos, "expected ',' or ')' in tuple shape")
                pos = m.end()
            elems.append(one())

    shape = one()
    return shape, pos


# ----------------------------------------------------------------------------------------- literals

_COMMENT = re.compile(r"/\*.*?\*/", re.S)
_LIT_TOKEN = re.compile(r"-?nan\(0x[0-9a-fA-F]+\)|[^\s{},()]+")  # nan(0x7f) is one value
_NOT_SKELETON = re.compile(r"[^{},]+")
_NAN_PAYLOAD = re.compile(r"(-?)nan\(0x([0-9a-fA-F]+)\)")
_FLOAT_RE = re.compile(r"-?(?:\d+\.?\d*(?:[eE][+-]?\d+)?|\.\d+(?:[eE][+-]?\d+)?|inf|nan)")
_INT_RE = re.compile(r"-?\d+")
# Larger constants must be elided (`{...}`); XLA's parser would allocate them in full.
MAX_CONSTANT_ELEMENTS = 1 << 28


def _skeleton(dims: tuple[int, ...]) -> str:
    """The brace/comma structure of a literal of these dims: (2,3) -> '{{,,},{,,}}'."""
    inner = ""
    for d in reversed(dims):
        inner = "{" + ",".join([inner] * d) + "}" if d else "{}"
    return inner


def parse_literal(text: str, shape: Shape, offset: int, ctx: Ctx, raw_bf16: bool = False):
    """Decode the text of `constant(...)` for `shape` into a numpy array (or tuple, or ElidedLiteral).
    `raw_bf16`: a bf16 array becomes a RawLiteral of its bits (no ml_dtypes import; see raw_literal.py)."""
    body = text.strip()
    lead = offset + (len(text) - len(text.lstrip()))
    if shape.is_tuple:
        return _parse_tuple_literal(text, shape, offset, ctx)
    if not shape.is_array:
        raise ctx.error(offset, f"a constant of type {shape.etype} is not allowed")
    if body == "{...}":
        return ElidedLiteral(shape)
    et = shape.element_type
    if not shape.is_static:
        raise ctx.error(lead, f"a constant needs a static shape, not {shape.to_str(False)}")
    if shape.num_elements > MAX_CONSTANT_ELEMENTS:
        raise ctx.error(lead, f"a constant of {shape.num_elements} elements is too large (the limit is "
                              f"{MAX_CONSTANT_ELEMENTS})")
    raw = raw_bf16 and shape.etype in RAW_ETYPES

    def finish(values: np.ndarray):
        values = values.reshape(shape.dims)
        return RawLiteral(shape.etype, values) if raw else values

    if shape.rank == 0:
        if et.is_complex:
            return _complex_values(body, shape, lead, ctx, scalar=True)
        if body.startswith("{"):
            raise ctx.error(lead, f"expected a scalar literal for {shape.to_str(False)}, found '{body[:20]}'")
        return finish(_convert([body], shape, lead, ctx, raw=raw))
    if _LIT_TOKEN.fullmatch(body):
        # XLA reads a lone value for an array shape as its first element; the rest are zero.
        out = np.zeros(shape.num_elements, dtype=np.uint16 if raw else shape.dtype)  # (+0 is all zero bits)
        if out.size:
            out[0] = _convert([body], shape, lead, ctx, raw=raw)[0]
        return finish(out)
    # Comments become spaces, so that offsets in `clean` are offsets in `body`.
    clean = _COMMENT.sub(lambda m: " " * len(m.group()), body) if "/*" in body else body
    if et.is_complex:
        return _complex_values(clean, shape, lead, ctx, scalar=False)
    tokens = _LIT_TOKEN.findall(clean)
    # Counting first keeps the expected skeleton (as long as the literal) from growing past the text.
    if len(tokens) != shape.num_elements or _NOT_SKELETON.sub("", clean.replace(" ", "")) != _skeleton(shape.dims):
        message, pos = _structure_error(clean, shape)
        raise ctx.error(lead + pos, message)

    def where(i: int) -> int:  # the offset of token i (errors only)
        for k, m in enumerate(_LIT_TOKEN.finditer(clean)):
            if k == i:
                return lead + m.start()
        return lead

    return finish(_convert(tokens, shape, lead, ctx, where, raw=raw))


def _structure_error(clean: str, shape: Shape) -> tuple[str, int]:
    """Where and how a literal's nesting differs from its shape (slow path, errors only)."""
    dims = shape.dims
    what = shape.to_str(False)
    stack: list[int] = []
    depth = -1
    previous_was_value = False
    for m in re.finditer(r"[{},]|[^\s{},]+", clean):
        c = m.group()
        if c not in "{},":
            if previous_was_value:
                return f"expected ',' between the values of the literal for {what}", m.start()
            previous_was_value = True
        else:
            previous_was_value = False
        if c == "{":
            depth += 1
            if depth >= len(dims):
                return f"literal has more nesting levels than the rank {len(dims)} of {what}", m.start()
            stack.append(0)
        elif c == "}":
            if depth < 0:
                return f"unbalanced '}}' in the literal for {what}", m.start()
            count = stack.pop()
            if count != dims[depth] and not (count == 1 and dims[depth] == 0):
                return (f"literal for {what} has {count} elements in dimension {depth}, expected "
                        f"{dims[depth]}"), m.start()
            depth -= 1
            if stack:
                stack[-1] += 1
        elif c == ",":
            continue
        else:
            if depth != len(dims) - 1:
                return (f"literal value '{c}' at nesting depth {depth + 1}, expected depth {len(dims)} for "
                        f"{what}"), m.start()
            stack[-1] += 1
    if depth >= 0:
        return f"the literal for {what} is missing {depth + 1} closing '}}'", len(clean)
    return f"literal does not match shape {what}", 0


def _convert(tokens: list[str], shape: Shape, offset: int, ctx: Ctx, where=None, raw: bool = False) -> np.ndarray:
    """Values of `tokens` as an array of `shape`'s type; `where(i)` gives token i's offset for errors.
    `raw` (bf16 only): their bit patterns as uint16 instead."""

    def at(i: int) -> int:
        return where(i) if where is not None else offset

    et = shape.element_type
    if raw:
        return _bf16_bits(tokens, shape, offset, ctx, at)
    dtype = et.np_dtype
    if et.kind == "pred":
        out = np.empty(len(tokens), dtype=np.bool_)
        for i, t in enumerate(tokens):
            if t == "true" or t == "1":
                out[i] = True
            elif t == "false" or t == "0":
                out[i] = False
            else:
                raise ctx.error(at(i), f"expected true, false, 0 or 1 for a pred literal, found '{t}'")
        return out
    if et.is_integer:
        try:
            vals = [int(t) for t in tokens]
        except ValueError:
            i = next(i for i, t in enumerate(tokens) if not _INT_RE.fullmatch(t))
            raise ctx.error(at(i), f"expected an integer for a {shape.etype} literal, found '{tokens[i]}'") from None
        if not vals:
            return np.empty(0, dtype=dtype)
        lo, hi = min(vals), max(vals)
        info = _int_range(shape.etype)
        if shape.etype == "u64" and lo < 0:
            # XLA lexes u64 values as int64 bits: -1 means 2**64-1.
            vals = [v % (1 << 64) for v in vals]
            lo, hi = min(vals), max(vals)
        if lo < info[0] or hi > info[1]:
            i = vals.index(lo if lo < info[0] else hi)
            raise ctx.error(at(i), f"value {tokens[i]} is out of range for literal's primitive type {shape.etype} "
                                   f"namely [{info[0]}, {info[1]}]")
        if et.bits < 8:
            return np.array(vals, dtype=np.int64).astype(dtype)
        return np.array(vals, dtype=dtype)
    f64, payloads = _float_tokens(tokens, shape, at, ctx)
    with np.errstate(over="ignore", invalid="ignore"):
        out = f64.astype(dtype)
    if shape.etype != "f64" and f64.size:
        overflow = np.isfinite(f64) & ~np.isfinite(out.astype(np.float64))
        if overflow.any():
            raise _overflow_error(tokens, shape, at(int(np.argmax(overflow))), int(np.argmax(overflow)), ctx)
        # Types without infinities (fnuz, fn, e8m0) map inf to nan; XLA rejects infinite values there.
    for i, (neg, payload) in payloads.items():
        try:
            out[i] = float_from_bits_with_payload(shape.etype, neg, payload)
        except ValueError as e:
            raise ctx.error(offset, str(e)) from None
    return out


def _float_tokens(tokens: list[str], shape: Shape, at, ctx: Ctx) -> tuple[np.ndarray, dict[int, tuple[int, int]]]:
    """The tokens of a float literal as float64 values, and the (sign, payload) of each `nan(0x..)`."""
    payloads: dict[int, tuple[int, int]] = {}
    for i, t in enumerate(tokens):
        if not _FLOAT_RE.fullmatch(t):
            m = _NAN_PAYLOAD.fullmatch(t)
            if m:
                payloads[i] = (1 if m.group(1) else 0, int(m.group(2), 16))
                tokens[i] = "nan"
                continue
            raise ctx.error(at(i), f"expected a number for a {shape.etype} literal, found '{t}'")
        if t[0] == "-" and t.strip("-0") == "":
            # XLA lexes `-0` as the integer 0, so a float constant written `-0` is +0 (`-0.0` is -0).
            tokens[i] = "0"
    f64 = np.array(tokens, dtype=np.float64) if tokens else np.empty(0)  # keeps the sign of -nan
    return f64, payloads


def _overflow_error(tokens: list[str], shape: Shape, offset: int, i: int, ctx: Ctx) -> ParseError:
    fmax = float(_float_max(shape.etype))
    return ctx.error(offset, f"value {tokens[i]} is out of range for literal's primitive type {shape.etype} "
                             f"namely [{-fmax:g}, {fmax:g}]")


def _bf16_bits(tokens: list[str], shape: Shape, offset: int, ctx: Ctx, at) -> np.ndarray:
    """_convert for bf16, as bit patterns: the same values, rounded from float64 without ml_dtypes.
    `at(i)`: token i's offset for errors."""
    f64, payloads = _float_tokens(tokens, shape, at, ctx)
    bits = bf16_bits_from_f64(f64)
    overflow = np.isfinite(f64) & ~bf16_is_finite(bits)
    if overflow.any():
        raise _overflow_error(tokens, shape, at(int(np.argmax(overflow))), int(np.argmax(overflow)), ctx)
    for i, (neg, payload) in payloads.items():
        if payload == 0 or payload >= 1 << BF16_MANTISSA_BITS:
            # (the message float_from_bits_with_payload gives)
            raise ctx.error(offset, f"NaN payload 0x{payload:x} is out of range for bf16 "
                                    f"(0x1..0x{(1 << BF16_MANTISSA_BITS) - 1:x})")
        bits[i] = bf16_nan_bits(neg, payload)
    return bits


def _int_range(etype: str) -> tuple[int, int]:
    bits = ELEMENT_TYPES[etype].bits
    if ELEMENT_TYPES[etype].kind == "sint":
        return -(1 << (bits - 1)), (1 << (bits - 1)) - 1
    return 0, (1 << bits) - 1


def _float_max(etype: str) -> float:
    return float(finfo(etype).max)


_COMPLEX_ELEM = re.compile(r"\(\s*([^,()\s]+)\s*,\s*([^,()\s]+)\s*\)")


def _complex_values(text: str, shape: Shape, offset: int, ctx: Ctx, scalar: bool) -> np.ndarray:
    pairs = _COMPLEX_ELEM.findall(text)
    skeleton = _NOT_SKELETON.sub("", _COMPLEX_ELEM.sub("", text).replace(" ", ""))
    expected = "" if scalar else _skeleton(shape.dims)
    if skeleton != expected or len(pairs) != shape.num_elements:
        # Point at the first value that is not a well-formed `(re, im)` pair.
        spans = [m.span() for m in _COMPLEX_ELEM.finditer(text)]
        pos = 0
        for m in re.finditer(r"[^\s{},]", text):
            if not any(a <= m.start() < b for a, b in spans):
                pos = m.start()
                break
        raise ctx.error(offset + pos, f"literal does not match shape {shape.to_str(False)} (complex values are "
                                      "written '(re, im)')")
    comp = Shape(("f32" if shape.etype == "c64" else "f64"), (len(pairs) * 2,))
    flat = [v for pair in pairs for v in pair]
    parts = _convert(flat, comp, offset, ctx)
    out = np.empty(len(pairs), dtype=shape.dtype)
    out.real = parts[0::2]
    out.imag = parts[1::2]
    return out.reshape(shape.dims)


def _split_top_level(text: str, offset: int, ctx: Ctx) -> list[tuple[str, int]]:
    """Split `a, {b, c}, (d, e)` at top-level commas; returns (piece, offset) pairs."""
    pieces = []
    depth = 0
    start = 0
    for i, c in enumerate(text):
        if c in "{(":
            depth += 1
        elif c in "})":
            depth -= 1
        elif c == "," and depth == 0:
            pieces.append((text[start:i], offset + start))
            start = i + 1
    if text[start:].strip():
        pieces.append((text[start:], offset + start))
    return pieces


def _parse_tuple_literal(text: str, shape: Shape, offset: int, ctx: Ctx):
    body = text.strip()
    lead = offset + (len(text) - len(text.lstrip()))
    if not (body.startswith("(") and body.endswith(")")):
        raise ctx.error(lead, f"expected a tuple literal '( ... )' for {shape.to_str(False)}")
    pieces = _split_top_level(body[1:-1], lead + 1, ctx)
    if len(pieces) != len(shape.tuple_shapes):
        raise ctx.error(lead, f"tuple literal has {len(pieces)} elements, shape {shape.to_str(False)} has "
                              f"{len(shape.tuple_shapes)}")
    out = []
    for (piece, poff), sub in zip(pieces, shape.tuple_shapes):
        stripped = piece.lstrip()
        # Elements may carry their own shape, as in custom-call `literal=( s32[4]{0} {...}, ... )`.
        m = _ARRAY_SHAPE.match(stripped)
        if m and m.group(0) != stripped:
            poff += len(piece) - len(stripped) + m.end()
            piece = stripped[m.end():]
        out.append(parse_literal(piece, sub, poff, ctx))
    return tuple(out)


# ------------------------------------------------------------------------------------ attribute values


def _int(text: str, offset: int, ctx: Ctx, what: str = "integer") -> int:
    try:
        return int(text)
    except ValueError:
        raise ctx.error(offset, f"expected an integer {what}, found '{text}'") from None


def decode_int(text: str, offset: int, ctx: Ctx) -> int:
    return _int(text.strip(), offset, ctx)


def decode_bool(text: str, offset: int, ctx: Ctx) -> bool:
    t = text.strip()
    if t == "true":
        return True
    if t == "false":
        return False
    raise ctx.error(offset, f"expected true or false, found '{t}'")


def decode_float(text: str, offset: int, ctx: Ctx) -> float:
    try:
        v = float(text)
    except ValueError:
        raise ctx.error(offset, f"expected a number, found '{text}'") from None
    return v


def unescape(s: str) -> str:
    """C-style unescaping (absl::CUnescape) of a quoted HLO string's body; escapes are bytes, so
    `\\303\\251` is `é` (UTF-8), as in XLA."""
    return c_unescape(s)


def decode_string(text: str, offset: int, ctx: Ctx) -> str:
    t = text.strip()
    if len(t) < 2 or t[0] not in "\"'" or t[-1] != t[0]:
        raise ctx.error(offset, f"expected a quoted string, found '{t[:40]}'")
    return unescape(t[1:-1])


def _braced_body(text: str, offset: int, ctx: Ctx, what: str) -> str:
    t = _COMMENT.sub("", text).strip() if "/*" in text else text.strip()
    if not (t.startswith("{") and t.endswith("}")):
        raise ctx.error(offset, f"expected {what} in braces, e.g. {{0,1}}, found '{t[:40]}'")
    return t[1:-1]


def decode_ints(text: str, offset: int, ctx: Ctx) -> tuple[int, ...]:
    body = _braced_body(text, offset, ctx, "a list of integers").strip()
    if not body:
        return ()
    try:
        return tuple(int(x) for x in body.split(","))
    except ValueError:
        raise ctx.error(offset, f"expected a list of integers, found '{text.strip()[:60]}'") from None


def decode_ints_list(text: str, offset: int, ctx: Ctx) -> tuple[tuple[int, ...], ...]:
    body = _braced_body(text, offset, ctx, "a list of integer lists").strip()
    if not body:
        return ()
    return tuple(decode_ints("{" + g + "}", offset, ctx) for g in re.findall(r"\{([^{}]*)\}", body))


_WINDOW_ITEM = re.compile(r"\s*([a-z_]+)=([-\dx_]+)")
_WINDOW_FIELDS = {"size", "stride", "pad", "lhs_dilate", "rhs_dilate", "rhs_reversal"}


def decode_window(text: str, offset: int, ctx: Ctx) -> Window:
    body = _braced_body(text, offset, ctx, "a window")
    items: dict[str, str] = {}
    pos = 0
    while body[pos:].strip():
        m = _WINDOW_ITEM.match(body, pos)
        if m is None:
            raise ctx.error(offset, f"malformed window '{text.strip()}'")
        key = m.group(1)
        if key not in _WINDOW_FIELDS:
            raise ctx.error(offset, f"unknown window field '{key}'")
        items[key] = m.group(2)
        pos = m.end()
    if "size" not in items:
        if items:
            raise ctx.error(offset, "window has no size=")
        return Window(())
    sizes = [_int(x, offset, ctx) for x in items["size"].split("x")]
    n = len(sizes)

    def field(key: str, default: int) -> list[int]:
        if key not in items:
            return [default] * n
        vals = [_int(x, offset, ctx) for x in items[key].split("x")]
        if len(vals) != n:
            raise ctx.error(offset, f"window {key}= has {len(vals)} dimensions, size= has {n}")
        return vals

    pads = [(0, 0)] * n
    if "pad" in items:
        parts = items["pad"].split("x")
        if len(parts) != n:
            raise ctx.error(offset, f"window pad= has {len(parts)} dimensions, size= has {n}")
        pads = []
        for p in parts:
            lo, _, hi = p.partition("_")
            pads.append((_int(lo, offset, ctx), _int(hi, offset, ctx)))
    strides = field("stride", 1)
    lhs = field("lhs_dilate", 1)
    rhs = field("rhs_dilate", 1)
    rev = field("rhs_reversal", 0)
    return Window(tuple(WindowDim(sizes[i], strides[i], pads[i][0], pads[i][1], rhs[i], lhs[i], bool(rev[i]))
                        for i in range(n)))


_DIM_LABELS = re.compile(r"([0-9bf]+)_([0-9io]+)->([0-9bf]+)")


def decode_dim_labels(text: str, offset: int, ctx: Ctx) -> ConvDimLabels:
    t = text.strip()
    m = _DIM_LABELS.fullmatch(t)
    if m is None:
        raise ctx.error(offset, f"malformed dim_labels '{t}', expected e.g. b01f_01io->b01f")
    lhs, rhs, out = m.groups()
    if not (len(lhs) == len(rhs) == len(out)):
        raise ctx.error(offset, f"dim_labels '{t}': the three parts must have the same rank")

    def spatial(s: str) -> tuple[int, ...]:
        digits = sorted((int(c), i) for i, c in enumerate(s) if c.isdigit())
        if [d for d, _ in digits] != list(range(len(digits))):
            raise ctx.error(offset, f"dim_labels '{t}': spatial dimensions must be numbered 0..n-1")
        return tuple(i for _, i in digits)

    def one(s: str, ch: str) -> int:
        if s.count(ch) != 1:
            raise ctx.error(offset, f"dim_labels '{t}': '{s}' must contain exactly one '{ch}'")
        return s.index(ch)

    return ConvDimLabels(one(lhs, "b"), one(lhs, "f"), spatial(lhs), one(rhs, "i"), one(rhs, "o"), spatial(rhs),
                         one(out, "b"), one(out, "f"), spatial(out))


_SLICE_RANGE = re.compile(r"\s*\[\s*(-?\d+)\s*:\s*(-?\d+)\s*(?::\s*(-?\d+)\s*)?\]\s*")


def decode_slice(text: str, offset: int, ctx: Ctx) -> tuple[SliceRange, ...]:
    body = _braced_body(text, offset, ctx, "slice ranges")
    if not body.strip():
        return ()
    out = []
    for part in body.split(","):
        m = _SLICE_RANGE.fullmatch(part)
        if m is None:
            raise ctx.error(offset, f"malformed slice range '{part.strip()}', expected [start:limit:stride]")
        out.append(SliceRange(int(m.group(1)), int(m.group(2)), int(m.group(3) or 1)))
    return tuple(out)


_PAD_DIM = re.compile(r"(-?\d+)_(-?\d+)(?:_(-?\d+))?")


def decode_padding(text: str, offset: int, ctx: Ctx) -> tuple[PadDim, ...]:
    t = text.strip()
    if not t:
        return ()
    out = []
    for part in t.split("x"):
        m = _PAD_DIM.fullmatch(part)
        if m is None:
            raise ctx.error(offset, f"malformed padding '{t}', expected lo_hi[_interior] per dimension joined by x")
        out.append(PadDim(int(m.group(1)), int(m.group(2)), int(m.group(3) or 0)))
    return tuple(out)


def decode_enum(kind: str, text: str, offset: int, ctx: Ctx) -> str:
    t = text.strip()
    options = ENUMS[kind]
    for o in options:
        if o.lower() == t.lower():
            return o
    raise ctx.error(offset, f"unknown value '{t}', expected one of {', '.join(options)}")


def decode_precision_list(text: str, offset: int, ctx: Ctx) -> tuple[str, ...]:
    body = _braced_body(text, offset, ctx, "a precision list")
    vals = tuple(x.strip().lower() for x in body.split(",") if x.strip())
    for v in vals:
        if v not in ("default", "high", "highest", "packed_nibble"):
            raise ctx.error(offset, f"unknown precision '{v}', expected default, high or highest")
    return vals


def decode_precision_algorithm(text: str, offset: int, ctx: Ctx) -> str:
    t = text.strip().lower()
    if t.startswith("alg_"):
        t = t[4:]
    if not re.fullmatch(r"[a-z0-9_]+", t):
        raise ctx.error(offset, f"malformed algorithm '{text.strip()}'")
    return t


def decode_shape(text: str, offset: int, ctx: Ctx) -> Shape:
    shape, used = parse_shape_text(text, offset, ctx)
    if text[used:].strip():
        raise ctx.error(offset + used, "unexpected text after shape")
    return shape


def decode_raw(text: str, offset: int, ctx: Ctx) -> Raw:
    return Raw(text)


SIMPLE_DECODERS = {
    "int": decode_int,
    "bool": decode_bool,
    "float": decode_float,
    "string": decode_string,
    "ints": decode_ints,
    "ints_list": decode_ints_list,
    "window": decode_window,
    "dim_labels": decode_dim_labels,
    "slice": decode_slice,
    "padding": decode_padding,
    "precision_list": decode_precision_list,
    "precision_algorithm": decode_precision_algorithm,
    "shape": decode_shape,
    "raw": decode_raw,
    "string_or_json": decode_raw,
}

