"""The HLO lexer: a contextual lexer that feeds the LALR driver (engine.py) coarse tokens.

Like XLA's hlo_lexer.cc, it decides what an identifier is from where it stands:
  * `name:`                  -> PARAM_NAME (computation signatures)
  * `op(` in a body          -> OPCODE (the parenthesis included), or CONSTANT for all of `constant(...)`
  * `HloModule`, `ENTRY`     -> keywords at the top level; `ROOT` inside a body
  * `FileNames ...`          -> the whole stack-frame table section as one STACK_FRAMES token
It hands over every `, name=value` in a row as one ATTRS token (a list of (name, value text, name
offset, value offset); the value extent is found per attribute, the value decoded later by
values.py) and an array shape with its layout (`f32[2,3]{1,0}`) as one ARRAY_SHAPE token whose
value is the decoded Shape. Whitespace, `/* */` and `//` comments are skipped between tokens.

Tokens are (type, value, offset) triples; see grammars/hlo.lark for the values of each type.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from ..errors import ParseError, SourceLoc
from .values import Ctx, parse_array_shape, shape_cache

# Quoted strings and /* */ comments as "unrolled loops" with possessive quantifiers: one pass over
# the text, no backtracking, even on a 50 MB string that never ends.
_STRING_RE = r""""[^"\\]*+(?:\\.[^"\\]*+)*+"|'[^'\\]*+(?:\\.[^'\\]*+)*+'"""
_COMMENT_RE = r"/\*[^*]*+\*++(?:[^/*][^*]*+\*++)*+/"
_SKIP_RE = r"(?:\s++|" + _COMMENT_RE + r"|//[^\n]*+)*+"
_SKIP = re.compile(_SKIP_RE, re.S)
# One match per token: skip, then exactly one of the groups (numbered for `lastindex`).
_TOKEN = re.compile(
    _SKIP_RE
    + r"(?:([a-z][a-z0-9_]*\[[^\]\n]*\](?:[ \t]*\{(?=\s*[\d:])[^{}]*\})?)"  # 1 array shape + layout
    r"|(%[\w.\-]+|[A-Za-z_][\w.\-]*)"  # 2 identifier
    r"|(,)"  # 3 comma: maybe the start of attributes
    r"|(-?\d+)"  # 4 integer
    r"|(->|[(){}=]))",  # 5 punctuation
    re.S,
)
_SHAPE, _IDENT, _COMMA, _INT, _PUNCT = 1, 2, 3, 4, 5
_ATTR_HEAD = re.compile(r"," + _SKIP_RE + r"([A-Za-z_][\w.\-]*)=", re.S)
_SPACED_ATTR = re.compile(r"\s*([A-Za-z_][\w.\-]*)\s+=")
_OPEN_PAREN = re.compile(r"\s*\(")
_GTE = re.compile(r"(?:#\d+)+")
_STRING = re.compile(_STRING_RE, re.S)
_FLAT_BRACES = re.compile(r"""\{[^{}"']*+(?:"[^"\\]*+(?:\\.[^"\\]*+)*+"[^{}"']*+)*+\}""", re.S)
_BARE_VALUE = re.compile(r"""(?:[^\s,(){}\[\]"']++|\[[^\]]*+\]|\([^()]*+\))++""")
_MESH_TAIL = re.compile(r"\s*\{[^{}]*\}")
_SHAPE_VALUE = re.compile(r"[a-z][a-z0-9_]*\[[^\]\n]*\](?:\{[^{}]*\})?")
_STACK_FRAMES = re.compile(
    r"""(?:(?:FileNames|FunctionNames|FileLocations|StackFrames)\b(?:\s*+\d++\s++(?:"""
    + _STRING_RE + r"""|\{[^{}]*+\}))*+\s*+)++""",
    re.S,
)
_STACK_FRAME_KEYWORDS = frozenset({"FileNames", "FunctionNames", "FileLocations", "StackFrames"})
# Token types of punctuation (engine.py renames Lark's names for these terminals to match).
PUNCT_TYPES = {"(": "LPAR", ")": "RPAR", "{": "LBRACE", "}": "RBRACE", "=": "EQUAL", ",": "COMMA", "->": "ARROW"}

# Tuple shapes and nested operands nest with parentheses; real HLO stays far below this, and the
# limit keeps hostile input (a file of '(((...') from growing the parser's stacks without bound.
MAX_NESTING = 256


def error_at(filename: str, text: str, offset: int, message: str) -> ParseError:
    return ParseError(message, SourceLoc.from_offset(filename, text, offset))


def _match_end(pattern: re.Pattern, text: str, pos: int, end: int | None = None) -> int:
    """The end of `pattern`'s match at `pos`, for a pattern that matches everywhere (maybe empty)."""
    m = pattern.match(text, pos, len(text) if end is None else end)
    assert m is not None, pattern.pattern
    return m.end()


def _content(opener: str, closer: str, depth: int) -> re.Pattern:
    """A regex for text between brackets: other characters, quoted strings and bracket groups nested up
    to `depth` levels. Possessive quantifiers keep it linear on any input."""
    o, c = re.escape(opener), re.escape(closer)
    string = _STRING_RE
    other = f"[^{o}{c}\"']++"
    group = f"{o}(?:{other}|{string})*+{c}"
    for _ in range(depth - 1):
        group = f"{o}(?:{other}|{string}|{group})*+{c}"
    return re.compile(f"(?:{other}|{string}|{group})*+", re.S)


_IN_BRACES = _content("{", "}", 12)
_IN_PARENS = _content("(", ")", 12)


def match_closing(text: str, start: int, filename: str = "<input>", end: int | None = None) -> int:
    """Offset just past the bracket that closes the `{` or `(` at `start`; quoted strings are skipped."""
    end = len(text) if end is None else end
    opener = text[start]
    closer = "}" if opener == "{" else ")"
    content = _IN_BRACES if opener == "{" else _IN_PARENS
    # One regex step takes everything up to the closing bracket unless the text nests deeper than
    # the regex, is unbalanced, or has an unterminated string: then the loop goes bracket by bracket.
    depth = 0
    pos = start
    while True:
        c = text[pos] if pos < end else ""
        if c == opener:
            depth += 1
            if depth > MAX_NESTING:
                raise error_at(filename, text, pos, f"nesting deeper than {MAX_NESTING} levels")
        elif c == closer:
            depth -= 1
            if depth == 0:
                return pos + 1
        elif c:
            raise error_at(filename, text, pos, "unterminated string")
        else:
            raise error_at(filename, text, start, f"unbalanced '{opener}': no matching '{closer}'")
        pos = _match_end(content, text, pos + 1, end)


def scan_attr_value(text: str, pos: int, name: str, filename: str, end: int | None = None) -> int:
    """End offset of the value of attribute `name` starting at `pos` (just after the `=`)."""
    end = len(text) if end is None else end
    pos = _match_end(_SKIP, text, pos, end)
    if pos >= end:
        raise error_at(filename, text, pos, f"expected a value for attribute '{name}', found end of input")
    c = text[pos]
    if c == "{":
        m = _FLAT_BRACES.match(text, pos, end)  # the common case: no nested braces
        return m.end() if m else match_closing(text, pos, filename, end)
    if name == "literal":
        # `literal=f32[] 0.1`, `literal=s32[2]{0} {1, 2}`, `literal=( s32[4]{0} {...}, ... )`
        if c == "(":
            return match_closing(text, pos, filename, end)
        m = _SHAPE_VALUE.match(text, pos, end)
        if m is None:
            raise error_at(filename, text, pos, "expected a shape before the literal")
        p = _match_end(_SKIP, text, m.end(), end)
        if p < end and text[p] in "{(":
            return match_closing(text, p, filename, end)
        v = _BARE_VALUE.match(text, p, end)
        if v is None:
            raise error_at(filename, text, p, "expected a literal value")
        return v.end()
    if c == "(":
        return match_closing(text, pos, filename, end)
    if c in "\"'":
        m = _STRING.match(text, pos, end)
        if m is None:
            raise error_at(filename, text, pos, "unterminated string")
        return m.end()
    if name == "outfeed_shape":
        m = _SHAPE_VALUE.match(text, pos, end)
        if m:
            return m.end()
    m = _BARE_VALUE.match(text, pos, end)
    if m is None:
        raise error_at(filename, text, pos, f"expected a value for attribute '{name}', found '{c}'")
    stop = m.end()
    if text.startswith("mesh[", pos):
        # replica_groups=mesh['a'=2,'b'=2] {'b'}
        t = _MESH_TAIL.match(text, stop, end)
        if t:
            stop = t.end()
    return stop


def split_attrs(text: str, filename: str = "<input>") -> list[tuple[str, str, int, int]]:
    """`a=1, b={2,3}` -> what an ATTRS token holds: [(name, value text, name offset, value offset)],
    offsets into `, ` + text."""
    if not text or text.isspace():
        return []
    text = ", " + text
    out = []
    pos = 0
    a = _ATTR_HEAD.match(text, 0)
    while a is not None:
        name_start, value_start = a.span(1)
        pos = scan_attr_value(text, value_start + 1, text[name_start:value_start], filename)
        out.append((text[name_start:value_start], text[value_start + 1:pos], name_start, value_start + 1))
        a = _ATTR_HEAD.match(text, pos)
    if _SKIP.match(text, pos).end() != len(text):  # type: ignore[union-attr]
        raise error_at(filename, text, pos, "expected ', name=value' attributes")
    return out


def _bad_character(text: str, pos: int, filename: str) -> ParseError:
    """The error for text where no token starts (after skipping whitespace and comments)."""
    pos = _match_end(_SKIP, text, pos)
    if text.startswith("/*", pos):
        return error_at(filename, text, pos, "unterminated comment: '/*' without '*/'")
    c = text[pos]
    if c in "\"'":
        if _STRING.match(text, pos) is None:
            return error_at(filename, text, pos, "unterminated string")
        return error_at(filename, text, pos, "unexpected string: strings are only allowed in attribute values")
    shown = repr(c) if c.isprintable() else f"byte 0x{ord(c):02x}" if ord(c) < 256 else f"character U+{ord(c):04X}"
    return error_at(filename, text, pos, f"unexpected character {shown}")


def token_text(text: str, pos: int, ttype: str) -> str:
    """The source text of the token of type `ttype` at `pos`, shortened for messages (errors only)."""
    if ttype == "ATTRS":
        shown = text[pos:].split("\n", 1)[0]
    else:
        m = _TOKEN.match(text, pos)
        k = m.lastindex if m is not None else None
        shown = m.group(k) if m is not None and k is not None and m.start(k) == pos else text[pos:pos + 1]
    return shown if len(shown) <= 40 else shown[:37] + "..."


def tokenize(text: str, filename: str = "<input>", pos: int = 0, end: int | None = None) -> Iterator[tuple]:
    """Yield (type, value, offset) tokens for text[pos:end]; raise ParseError where no token fits."""
    n = len(text) if end is None else end
    ctx = Ctx(filename, text)
    depth = 0  # brace depth outside of attribute values: 0 = top level, 1 = computation body
    parens = 0
    token = _TOKEN.match
    attr_head = _ATTR_HEAD.match
    shapes = shape_cache
    while True:
        m = token(text, pos, n)
        if m is None:
            if _match_end(_SKIP, text, pos, n) >= n:
                return
            raise _bad_character(text, pos, filename)
        k = m.lastindex or 0  # (every alternative of _TOKEN is a group: never 0)
        start, pos = m.span(k)
        if k == _IDENT:
            c = text[pos] if pos < n else ""
            if c == ":":
                yield "PARAM_NAME", (text[start + (text[start] == "%"):pos], start), start
                pos += 1
                continue
            value = text[start:pos]
            if value[0] == "%":
                yield "NAME", (value[1:], start), start
            elif depth == 0:
                if value == "HloModule":
                    yield "HLOMODULE", start, start
                elif value == "ENTRY":
                    yield "ENTRY", start, start
                elif value in _STACK_FRAME_KEYWORDS:
                    pos = _match_end(_STACK_FRAMES, text, start, n)
                    yield "STACK_FRAMES", text[start:pos].rstrip(), start
                else:
                    yield "NAME", (value, start), start
                continue
            elif c == "(" or (c in " \t\r\n" and _OPEN_PAREN.match(text, pos, n)):
                paren = pos if c == "(" else text.index("(", pos)
                if value == "constant":
                    pos = match_closing(text, paren, filename, n)
                    yield "CONSTANT", (text[paren + 1: pos - 1], paren + 1, start), start
                else:
                    parens += 1  # the matching ')' is a token of its own
                    if parens > MAX_NESTING:
                        raise error_at(filename, text, paren, f"nesting deeper than {MAX_NESTING} levels")
                    yield "OPCODE", (value, start), start
                    pos = paren + 1
                continue
            elif value == "ROOT":
                yield "ROOT", start, start
                continue
            else:
                yield "NAME", (value, start), start
            if c == "#":
                g = _GTE.match(text, pos, n)
                if g is not None:  # else '#' is an unexpected character
                    yield "GTE", (g.group(), pos), pos
                    pos = g.end()
        elif k == _SHAPE:
            value = text[start:pos]
            shape = shapes.get(value)
            if shape is None:
                shape = parse_array_shape(value, start, ctx)
            yield "ARRAY_SHAPE", shape, start
        elif k == _COMMA:
            a = attr_head(text, start, n)
            if a is None:
                spaced = _SPACED_ATTR.match(text, pos, n)
                if spaced is not None:
                    name = spaced.group(1)
                    raise error_at(filename, text, spaced.start(1), f"write the attribute as '{name}=...': no space "
                                                                    f"is allowed between '{name}' and '='")
                yield "COMMA", None, start
                continue
            attrs = []
            first = a.start(1)
            while a is not None:
                name_start, value_start = a.span(1)
                name = text[name_start:value_start]
                value_start += 1  # past the '='
                pos = scan_attr_value(text, value_start, name, filename, n)
                attrs.append((name, text[value_start:pos], name_start, value_start))
                a = attr_head(text, pos, n)
            yield "ATTRS", attrs, first
        elif k == _INT:
            yield "INT", (text[start:pos], start), start
        else:
            value = text[start:pos]
            if value == "(":
                parens += 1
                if parens > MAX_NESTING:
                    raise error_at(filename, text, start, f"nesting deeper than {MAX_NESTING} levels")
            elif value == ")":
                parens -= 1
            elif value == "{":
                depth += 1
            elif value == "}":
                depth -= 1
            yield PUNCT_TYPES[value], None, start

def is_blank(text: str) -> bool:
    """Whether `text` holds nothing but whitespace and comments."""
    return _match_end(_SKIP, text, 0) == len(text)
