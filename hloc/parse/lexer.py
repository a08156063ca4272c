"""The HLO lexer: a contextual lexer that feeds Lark's LALR parser coarse tokens.

Like XLA's hlo_lexer.cc, it decides what an identifier is from where it stands:
  * `name:`                  -> PARAM_NAME (computation signatures)
  * `op(` in a body          -> OPCODE, or CONSTANT followed by one LITERAL token for `constant(...)`
  * `HloModule`, `ENTRY`     -> keywords at the top level; `ROOT` inside a body
  * `FileNames ...`          -> the whole stack-frame table section as one STACK_FRAMES token
and it hands over `, name=value` as one ATTR token (value extent found per attribute, decoded later
by hloc/parse/values.py) and an array shape with its layout (`f32[2,3]{1,0}`) as one ARRAY_SHAPE.
Whitespace, `/* */` and `//` comments are skipped between tokens.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from lark.lexer import Lexer, Token

from ..errors import ParseError, SourceLoc

_SKIP = re.compile(r"(?:\s+|/\*.*?\*/|//[^\n]*)+", re.S)
_TOKEN = re.compile(
    r"(?P<shape>[a-z][a-z0-9_]*\[[^\]\n]*\](?:[ \t]*\{(?=\s*[\d:])[^{}]*\})?)"
    r"|(?P<ident>%[\w.\-]+|[A-Za-z_][\w.\-]*)"
    r"|(?P<int>-?\d+)"
    r"|(?P<punct>->|[(){}=,])"
)
_ATTR_NAME = re.compile(r"[A-Za-z_][\w.\-]*(?==)")
_OPEN_PAREN = re.compile(r"\s*\(")
_GTE = re.compile(r"(?:#\d+)+")
_STRING = re.compile(r""""(?:[^"\\]|\\.)*"|'(?:[^'\\]|\\.)*'""", re.S)
_BRACE_STOPS = re.compile(r"""[{}"']""")
_PAREN_STOPS = re.compile(r"""[()"']""")
_BARE_VALUE = re.compile(r"""(?:[^\s,(){}\[\]"']|\[[^\]]*\]|\([^()]*\))+""")
_MESH_TAIL = re.compile(r"\s*\{[^{}]*\}")
_SHAPE_VALUE = re.compile(r"[a-z][a-z0-9_]*\[[^\]\n]*\](?:\{[^{}]*\})?")
_STACK_FRAMES = re.compile(
    r"""(?:(?:FileNames|FunctionNames|FileLocations|StackFrames)\b(?:\s*\d+\s+(?:"(?:[^"\\]|\\.)*"|\{[^{}]*\}))*\s*)+""",
    re.S,
)
_STACK_FRAME_KEYWORDS = frozenset({"FileNames", "FunctionNames", "FileLocations", "StackFrames"})

# Readable names of tokens, for "expected ..., found ..." messages.
TOKEN_DESCRIPTIONS = {
    "HLOMODULE": "'HloModule'", "ENTRY": "'ENTRY'", "ROOT": "'ROOT'", "NAME": "a name",
    "PARAM_NAME": "a parameter name ('name:')", "OPCODE": "an opcode", "CONSTANT": "'constant('",
    "LITERAL": "a literal", "GTE": "a tuple index ('#N')", "INT": "an integer", "ARRAY_SHAPE": "a shape",
    "ATTR": "an attribute (', name=value')", "STACK_FRAMES": "stack frame tables", "ARROW": "'->'",
    "LPAR": "'('", "RPAR": "')'", "LBRACE": "'{'", "RBRACE": "'}'", "COMMA": "','", "EQUAL": "'='",
    "$END": "end of input",
}
_PUNCT = {"(": "LPAR", ")": "RPAR", "{": "LBRACE", "}": "RBRACE", "=": "EQUAL", ",": "COMMA", "->": "ARROW"}


def error_at(filename: str, text: str, offset: int, message: str) -> ParseError:
    return ParseError(message, SourceLoc.from_offset(filename, text, offset))


def match_closing(text: str, start: int, filename: str = "<input>") -> int:
    """Offset just past the bracket that closes the `{` or `(` at `start`; quoted strings are skipped."""
    opener = text[start]
    closer = "}" if opener == "{" else ")"
    stops = _BRACE_STOPS if opener == "{" else _PAREN_STOPS
    depth = 0
    pos = start
    while True:
        m = stops.search(text, pos)
        if m is None:
            raise error_at(filename, text, start, f"unbalanced '{opener}': no matching '{closer}'")
        c = m.group()
        if c == opener:
            depth += 1
            pos = m.end()
        elif c == closer:
            depth -= 1
            pos = m.end()
            if depth == 0:
                return pos
        else:
            s = _STRING.match(text, m.start())
            if s is None:
                raise error_at(filename, text, m.start(), "unterminated string")
            pos = s.end()


def scan_attr_value(text: str, pos: int, name: str, filename: str) -> int:
    """End offset of the value of attribute `name` starting at `pos` (just after the `=`)."""
    s = _SKIP.match(text, pos)
    if s:
        pos = s.end()
    if pos >= len(text):
        raise error_at(filename, text, pos, f"expected a value for attribute '{name}'")
    c = text[pos]
    if name == "literal":
        # `literal=f32[] 0.1`, `literal=s32[2]{0} {1, 2}`, `literal=( s32[4]{0} {...}, ... )`
        if c == "(":
            return match_closing(text, pos, filename)
        m = _SHAPE_VALUE.match(text, pos)
        if m is None:
            raise error_at(filename, text, pos, "expected a shape before the literal")
        p = _SKIP.match(text, m.end())
        p = p.end() if p else m.end()
        if p < len(text) and text[p] in "{(":
            return match_closing(text, p, filename)
        v = _BARE_VALUE.match(text, p)
        if v is None:
            raise error_at(filename, text, p, "expected a literal value")
        return v.end()
    if c in "{(":
        return match_closing(text, pos, filename)
    if c in "\"'":
        m = _STRING.match(text, pos)
        if m is None:
            raise error_at(filename, text, pos, "unterminated string")
        return m.end()
    if name == "outfeed_shape":
        m = _SHAPE_VALUE.match(text, pos)
        if m:
            return m.end()
    m = _BARE_VALUE.match(text, pos)
    if m is None:
        raise error_at(filename, text, pos, f"expected a value for attribute '{name}'")
    end = m.end()
    if text.startswith("mesh[", pos):
        # replica_groups=mesh['a'=2,'b'=2] {'b'}
        t = _MESH_TAIL.match(text, end)
        if t:
            end = t.end()
    return end


def tokenize(text: str, filename: str = "<input>") -> Iterator[Token]:
    """Yield Lark tokens for HLO `text`; raise ParseError at the first character that fits nowhere."""
    pos = 0
    n = len(text)
    depth = 0  # brace depth outside of attribute values: 0 = top level, 1 = computation body
    skip = _SKIP.match
    token = _TOKEN.match
    while True:
        m = skip(text, pos)
        if m:
            pos = m.end()
        if pos >= n:
            return
        m = token(text, pos)
        if m is None:
            if text.startswith("/*", pos):
                raise error_at(filename, text, pos, "unterminated comment: '/*' without '*/'")
            c = text[pos]
            if c in "\"'":
                raise error_at(filename, text, pos, "unexpected string")
            shown = repr(c) if c.isprintable() else f"byte 0x{ord(c):02x}"
            raise error_at(filename, text, pos, f"unexpected character {shown}")
        kind = m.lastgroup
        value = m.group()
        if kind == "shape":
            yield Token("ARRAY_SHAPE", value, pos)
            pos = m.end()
        elif kind == "ident":
            end = m.end()
            if end < n and text[end] == ":":
                yield Token("PARAM_NAME", value.lstrip("%"), pos)
                pos = end + 1
                continue
            if depth == 0:
                if value == "HloModule":
                    yield Token("HLOMODULE", value, pos)
                elif value == "ENTRY":
                    yield Token("ENTRY", value, pos)
                elif value in _STACK_FRAME_KEYWORDS:
                    sf = _STACK_FRAMES.match(text, pos)
                    end = sf.end()
                    yield Token("STACK_FRAMES", text[pos:end].rstrip(), pos)
                else:
                    yield Token("NAME", value[1:] if value[0] == "%" else value, pos)
                pos = end
                continue
            if value[0] != "%":
                if value == "ROOT":
                    yield Token("ROOT", value, pos)
                    pos = end
                    continue
                paren = _OPEN_PAREN.match(text, end)
                if paren:
                    if value == "constant":
                        lit_start = paren.end() - 1
                        lit_end = match_closing(text, lit_start, filename)
                        yield Token("CONSTANT", value, pos)
                        yield Token("LITERAL", text[lit_start + 1 : lit_end - 1], lit_start + 1)
                        pos = lit_end
                    else:
                        yield Token("OPCODE", value, pos)
                        pos = end
                    continue
            yield Token("NAME", value[1:] if value[0] == "%" else value, pos)
            pos = end
            g = _GTE.match(text, pos)
            if g:
                yield Token("GTE", g.group(), pos)
                pos = g.end()
        elif kind == "int":
            yield Token("INT", value, pos)
            pos = m.end()
        else:  # punctuation
            if value == ",":
                s = skip(text, pos + 1)
                p = s.end() if s else pos + 1
                a = _ATTR_NAME.match(text, p)
                if a:
                    name = a.group()
                    vstart = a.end() + 1
                    vend = scan_attr_value(text, vstart, name, filename)
                    yield Token("ATTR", text[p:vend], p)
                    pos = vend
                    continue
            elif value == "{":
                depth += 1
            elif value == "}":
                depth -= 1
            yield Token(_PUNCT[value], value, pos)
            pos = m.end()


class HloLexer(Lexer):
    """Adapter that lets Lark's LALR parser pull tokens from `tokenize`."""

    __future_interface__ = False

    def __init__(self, lexer_conf):
        self.filename = "<input>"

    def lex(self, data):  # type: ignore[override]
        text, filename = data
        return tokenize(text, filename)
