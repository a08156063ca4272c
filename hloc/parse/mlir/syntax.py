"""StableHLO / MHLO text -> a light syntax tree: Func, Op, Region, Block, Group (no IR yet).

An own lexer (one regular expression, coarse tokens: a whole `tensor<2x?xf32>` or `dense<...>` is one
token) and a recursive-descent parser over the structure grammars/mlir.lark describes: modules,
functions, operations (generic and pretty-printed), regions, blocks and type signatures. What
stands between a pretty-printed op's name and its `:` signature differs from op to op (`dims = [1, 0]`,
`[0:2, 1:3]`, `(%x init: %c) applies stablehlo.add across dimensions = [0]`), so it is kept as a flat
list of items (Tokens) and bracketed Groups, which the op decoders in ops.py read."""

from __future__ import annotations

import re

from ...errors import ParseError, SourceLoc

__all__ = ["Block", "Func", "Group", "Op", "Region", "Token", "parse_syntax", "split_top"]

MAX_DEPTH = 200  # nested groups and regions; deeper input is an error, not a RecursionError


class Token:
    """One token: `type` (VALUE, SYMBOL, ID, TENSOR, ... or the punctuation itself: ',', ':', ...),
    its text `value` and its offset `start_pos`."""

    __slots__ = ("type", "value", "start_pos")

    def __init__(self, type_: str, value: str, start_pos: int):
        self.type = type_
        self.value = value
        self.start_pos = start_pos

    def __repr__(self) -> str:
        return f"Token({self.type}, {self.value!r})"


class Group:
    """A bracketed run of items: kind is '(', '[' or '{'."""

    __slots__ = ("kind", "items", "offset")

    def __init__(self, kind: str, items: list, offset: int):
        self.kind = kind
        self.items = items
        self.offset = offset

    def __repr__(self) -> str:
        return f"Group({self.kind}{self.items})"


class Block:
    __slots__ = ("args", "ops", "offset")

    def __init__(self, args: list, ops: list, offset: int):
        self.args = args  # [(name, type token, attrs Group|None, offset)]
        self.ops = ops
        self.offset = offset


class Region:
    __slots__ = ("blocks", "offset")

    def __init__(self, blocks: list[Block], offset: int):
        self.blocks = blocks
        self.offset = offset


class Op:
    """One operation. Generic form: operands, props, attrs; pretty form: items. Both: sig_in, sig_out."""

    __slots__ = ("name", "offset", "results", "generic", "operands", "props", "attrs", "items",
                 "regions", "sig_in", "sig_out", "trailers", "region_args")

    def __init__(self, name: str, offset: int):
        self.name = name
        self.offset = offset
        self.results: list[tuple[str, int]] = []  # (name without '%', how many values)
        self.generic = False
        self.operands: list[Token] = []
        self.props: Group | None = None
        self.attrs: Group | None = None
        self.items: list = []
        self.regions: list[Region] = []
        self.region_args: list[list] = []  # reducer(...) (...) block arguments of the pretty reduce
        self.sig_in: list[Token] = []
        self.sig_out: list[Token] = []


class Func:
    __slots__ = ("name", "visibility", "args", "results", "body", "offset", "attrs")

    def __init__(self, name, visibility, args, results, attrs, body, offset):
        self.name = name
        self.visibility = visibility
        self.args = args  # [(name, type token, attrs Group|None, offset)]
        self.results = results  # [(type token, attrs Group|None)]
        self.attrs = attrs
        self.body = body
        self.offset = offset


def split_top(items: list) -> list[list]:
    """Items split at their top-level commas."""
    out: list[list] = [[]]
    for it in items:
        if isinstance(it, Token) and it.type == ",":
            out.append([])
        else:
            out[-1].append(it)
    return [seg for seg in out if seg]


# ------------------------------------------------------------------------------------------ lexer
# Possessive quantifiers throughout: one pass, no backtracking, even on an unterminated 50 MB string.
_ANGLE1 = r"<[^<>]*+>"
_ANGLE2 = r"<(?:[^<>]++|" + _ANGLE1 + r")*+>"
_ANGLE3 = r"<(?:[^<>]++|" + _ANGLE2 + r")*+>"
_ANGLE4 = r"<(?:[^<>]++|" + _ANGLE3 + r")*+>"
_QUOTED = r'"[^"\\]*+(?:\\.[^"\\]*+)*+"'
_NAME = r"[A-Za-z0-9_$.\-]++"
_SKIP = r"(?:\s++|//[^\n]*+|\{-#(?:[^#]++|#(?!-\}))*+#-\})*+"  # `{-# dialect_resources ... #-}` too
# (type, pattern), tried in order: a type or attribute whose text is angle-bracketed is one token
# (`tensor<4x!quant.uniform<...>>`, `#stablehlo.gather<...>`), decoded in values.py.
_TOKENS = [
    ("VALUE", r"%" + _NAME + r"(?:#[0-9]++)?"),  # (the most frequent first: each alternative costs a try)
    ("PUNCT", r"[,=:(){}\[\]<>]"),
    ("->", r"->"),
    ("TENSOR", r"(?:tensor|memref|vector)" + _ANGLE3),
    ("TUPLE", r"tuple" + _ANGLE4),
    ("COMPLEX", r"complex<[a-zA-Z0-9]++>"),
    ("DENSE", r"(?:dense|dense_resource|sparse)<[^<>]*+>"),
    ("ARRAY", r"array<[^<>]*+>"),
    ("BANG_TYPE", r"![A-Za-z_][A-Za-z0-9_$.]*+(?:" + _ANGLE2 + ")?"),
    ("HASH", r"#[A-Za-z_][A-Za-z0-9_$.]*+(?:<(?:->|[^<>]|<(?:->|[^<>])*+>)*+>)?"),
    ("SYMBOL", r"@(?:" + _NAME + "|" + _QUOTED + ")"),
    ("BLOCK", r"\^" + _NAME),
    ("STRING", _QUOTED),
    ("NUMBER", r"-?(?:0x[0-9A-Fa-f]++|[0-9]++(?:\.[0-9]*+)?(?:[eE][+-]?[0-9]++)?)"),
    ("ID", r"[A-Za-z_][A-Za-z0-9_$.]*+"),  # after the types that start with a word
]
_TOKEN_RE = re.compile(_SKIP + "(?:" + "|".join(f"({p})" for _, p in _TOKENS) + ")", re.S)
_TYPES = [None] + [t for t, _ in _TOKENS]
_SELF_NAMED = {_TYPES.index("PUNCT"), _TYPES.index("->")}  # token types that are their own text
_SKIP_RE = re.compile(_SKIP, re.S)


def tokenize(text: str, original: str, filename: str) -> list[Token]:
    toks: list[Token] = []
    append = toks.append
    match = _TOKEN_RE.match
    types = _TYPES
    self_named = _SELF_NAMED
    pos = 0
    n = len(text)
    while True:
        m = match(text, pos)
        if m is None:
            pos = _SKIP_RE.match(text, pos).end()  # type: ignore[union-attr]  # (it matches empty)
            if pos >= n:
                break
            raise ParseError(f"unexpected character {original[pos]!r} in StableHLO text",
                             SourceLoc.from_offset(filename, original, pos))
        k = m.lastindex
        value = m.group(k)  # type: ignore[arg-type]
        append(Token(value if k in self_named else types[k], value, m.start(k)))  # type: ignore[arg-type]
        pos = m.end()
    append(Token("$END", "", n))
    return toks


# ----------------------------------------------------------------------------------------- parser
# ('<' and '>' for attributes written inline, e.g. sdy.sharding_constraint %x <@mesh, [{"x"}, {}]>)
_ITEM_TYPES = frozenset({"VALUE", "SYMBOL", "ID", "STRING", "NUMBER", "DENSE", "ARRAY", "HASH", "TENSOR", "TUPLE",
                         "BANG_TYPE", "COMPLEX", ",", "=", "->", "<", ">"})
_GROUP_ITEM_TYPES = _ITEM_TYPES | {":"}
_TYPE_TYPES = frozenset({"TENSOR", "TUPLE", "BANG_TYPE", "COMPLEX", "ID"})
_CLOSE = {"(": ")", "[": "]", "{": "}"}
_DESCRIPTIONS = {
    "VALUE": "a value ('%name')", "SYMBOL": "a symbol ('@name')", "ID": "a name", "STRING": "a string",
    "NUMBER": "a number", "TENSOR": "a tensor type", "BLOCK": "a block label", "$END": "end of input",
    "type": "a type", "op": "an operation",
}


class _Parser:
    def __init__(self, toks: list[Token], original: str, filename: str):
        self.toks = toks
        self.i = 0
        self.original = original
        self.filename = filename
        self.depth = 0

    # -------------------------------------------------------------------------------- primitives
    def error(self, tok: Token, expected: list[str]) -> ParseError:
        want = "; expected " + ", ".join(_DESCRIPTIONS.get(e, f"'{e}'") for e in expected) if expected else ""
        found = "end of input" if tok.type == "$END" else repr(tok.value)
        return ParseError(f"unexpected {found}{want}",
                          SourceLoc.from_offset(self.filename, self.original, tok.start_pos))

    def peek(self) -> Token:
        return self.toks[self.i]

    def next(self) -> Token:
        tok = self.toks[self.i]
        if tok.type != "$END":
            self.i += 1
        return tok

    def accept(self, type_: str, value: str | None = None) -> Token | None:
        tok = self.toks[self.i]
        if tok.type == type_ and (value is None or tok.value == value):
            self.i += 1
            return tok
        return None

    def expect(self, type_: str, value: str | None = None) -> Token:
        tok = self.toks[self.i]
        if tok.type == type_ and (value is None or tok.value == value):
            self.i += 1
            return tok
        raise self.error(tok, [value if value is not None else type_])

    def count(self, tok: Token) -> int:
        if not tok.value.isdigit():
            raise ParseError(f"expected a result count, found '{tok.value}'",
                             SourceLoc.from_offset(self.filename, self.original, tok.start_pos))
        return int(tok.value)

    def enter(self, tok: Token) -> None:
        self.depth += 1
        if self.depth > MAX_DEPTH:
            raise ParseError(f"nested more than {MAX_DEPTH} levels deep",
                             SourceLoc.from_offset(self.filename, self.original, tok.start_pos))

    # ------------------------------------------------------------------------------------ top level
    def tops(self, end: str) -> list:
        out: list = []
        while True:
            tok = self.peek()
            if tok.type == end:
                return out
            if tok.type == "ID" and tok.value == "module":
                out.extend(self.module())
            elif tok.type == "ID" and tok.value == "func.func":
                out.append(self.func())
            elif tok.type == "ID" and tok.value == "sdy.mesh":  # Shardy's device mesh: an annotation
                self.sdy_mesh()
            elif tok.type == "HASH":  # an alias: #name = attribute
                self.next()
                self.expect("=")
                self.item(self.next(), _ITEM_TYPES)
            elif tok.type == "STRING":  # the generic form: "builtin.module"() ({ "func.func"() ... })
                out.extend(_generic_top(self.generic_op()))
            else:
                raise self.error(tok, ["module", "func.func", "}" if end == "}" else "$END"])

    def sdy_mesh(self) -> None:
        """`sdy.mesh @mesh = <["x"=2]> {attrs}`: read and dropped (hloc runs the program unpartitioned,
        which is what the shardings annotate)."""
        self.next()
        self.expect("SYMBOL")
        self.expect("=")
        start = self.expect("<")
        depth = 1
        while depth:
            tok = self.next()
            if tok.type == "$END":
                raise self.error(start, ["'>' closing the mesh"])
            depth += (tok.type == "<") - (tok.type == ">")
        if self.peek().type == "{":
            self.group(self.next())

    def module(self) -> list:
        self.next()
        self.accept("SYMBOL")
        if self.accept("ID", "attributes"):
            self.group(self.expect("{"))
        start = self.expect("{")
        self.enter(start)
        funcs = self.tops("}")
        self.next()
        self.depth -= 1
        return funcs

    def func(self) -> Func:
        self.next()
        vis = self.accept("ID")
        sym = self.expect("SYMBOL")
        self.expect("(")
        args = self.func_args(")")
        results: list = []
        if self.accept("->"):
            if self.accept("("):
                while not self.accept(")"):
                    if results:
                        self.expect(",")
                    t = self.type_()
                    results.append((t, self.group(self.next()) if self.peek().type == "{" else None))
            else:
                results = [(self.type_(), None)]
        attrs = self.group(self.expect("{")) if self.accept("ID", "attributes") else None
        body = self.region() if self.peek().type == "{" else None
        return Func(sym.value[1:].strip('"'), vis.value if vis is not None else "public", args, results, attrs,
                    body, sym.start_pos)

    def func_args(self, close: str) -> list:
        """`%a: type {attrs}, ...` up to and including `close`."""
        args = []
        while not self.accept(close):
            if args:
                self.expect(",")
            name = self.expect("VALUE")
            self.expect(":")
            t = self.type_()
            attrs = self.group(self.next()) if self.peek().type == "{" else None
            args.append((name.value[1:], t, attrs, name.start_pos))
        return args

    def type_(self) -> Token:
        tok = self.next()
        if tok.type in _TYPE_TYPES:
            return tok
        raise self.error(tok, ["type"])

    # ---------------------------------------------------------------------------- regions and ops
    def region(self) -> Region:
        start = self.expect("{")
        self.enter(start)
        ops: list[Op] = []
        blocks: list[Block] = []
        while True:
            tok = self.peek()
            if tok.type == "}":
                self.next()
                break
            if tok.type == "BLOCK":
                self.next()
                args = self.func_args(")") if self.accept("(") else []
                self.expect(":")
                blocks.append(Block(args, [], tok.start_pos))
            elif blocks:
                blocks[-1].ops.append(self.stmt())
            else:
                ops.append(self.stmt())
        self.depth -= 1
        offset = start.start_pos + 1
        if ops or not blocks:
            blocks.insert(0, Block([], ops, offset))
        return Region(blocks, offset)

    def stmt(self) -> Op:
        results = []
        if self.peek().type == "VALUE":
            while True:
                name = self.expect("VALUE")
                count = self.count(self.expect("NUMBER")) if self.accept(":") else 1
                results.append((name.value[1:], count))
                if not self.accept(","):
                    break
            self.expect("=")
        tok = self.peek()
        if tok.type == "STRING":
            op = self.generic_op()
        elif tok.type == "ID":
            op = self.custom_op()
        else:
            raise self.error(tok, ["op"])
        op.results = results
        return op

    def generic_op(self) -> Op:
        name = self.next()
        op = Op(name.value.strip('"'), name.start_pos)
        op.generic = True
        self.expect("(")
        while not self.accept(")"):
            if op.operands:
                self.expect(",")
            op.operands.append(self.expect("VALUE"))
        if self.accept("<"):
            op.props = self.group(self.expect("{"))
            self.expect(">")
        if self.peek().type == "(":
            self.next()
            op.regions.append(self.region())
            while self.accept(","):
                op.regions.append(self.region())
            self.expect(")")
        if self.peek().type == "{":
            op.attrs = self.group(self.next())
        self.expect(":")
        op.sig_in, op.sig_out = self.sig()
        return op

    def custom_op(self) -> Op:
        name = self.next()
        op = Op(name.value, name.start_pos)
        nxt = self.peek().type
        if nxt == "}" or nxt == "BLOCK":  # a bare op: `stablehlo.return` with nothing to return
            return op
        items = op.items
        toks = self.toks
        while True:
            tok = toks[self.i]
            t = tok.type
            if t == ":":
                self.i += 1
                break
            if t == "{" and self._starts_region(self.i + 1):  # `... (%arg1: t) { ops }` (sdy.manual_computation)
                op.regions.append(self.region())
                continue
            self.i += 1
            items.append(self.item(tok, _ITEM_TYPES, [":"]))
        op.sig_in, op.sig_out = self.sig()
        while True:  # trailing regions: `cond {...} do {...}`, `reducer(%a: t) (%b: t) {...}`
            tok = self.peek()
            if tok.type != "ID":
                break
            if tok.value == "cond" and toks[self.i + 1].type == "{":
                self.next()
                op.regions.append(self.region())
                self.expect("ID", "do")
                op.regions.append(self.region())
            elif tok.value == "reducer" and toks[self.i + 1].type == "(":
                self.next()
                while self.accept("("):
                    op.region_args.append(self.func_args(")"))
                op.regions.append(self.region())
            else:
                break
        return op

    def _starts_region(self, i: int) -> bool:
        """Whether the tokens from `i` (after a '{') are ops, not an attribute dictionary's `name = ...`."""
        t = self.toks[i].type
        return t in ("VALUE", "BLOCK") or (t == "STRING" and self.toks[i + 1].type == "(")  # ("a generic"(...))

    def sig(self) -> tuple[list, list]:
        sig_in = self.types()
        sig_out = self.types() if self.accept("->") else []
        return sig_in, sig_out

    def types(self) -> list[Token]:
        """`type, type` or `(type, ...)` (possibly empty)."""
        if self.accept("("):
            out: list[Token] = []
            while not self.accept(")"):
                if out:
                    self.expect(",")
                out.append(self.type_())
            return out
        out = [self.type_()]
        while self.peek().type == "," and self.toks[self.i + 1].type in _TYPE_TYPES:
            self.i += 1
            out.append(self.type_())
        return out

    # -------------------------------------------------------------------------------------- items
    def item(self, tok: Token, allowed: frozenset, also: list[str] | None = None):
        t = tok.type
        if t in _ITEM_TYPES or (t == ":" and allowed is _GROUP_ITEM_TYPES):
            return tok
        if t in _CLOSE:
            return self.group(tok)
        raise self.error(tok, also or [])

    def group(self, open_tok: Token) -> Group:
        """The items of a bracketed group whose opening token `open_tok` was just read."""
        kind = open_tok.type
        close = _CLOSE.get(kind)
        if close is None:
            raise self.error(open_tok, ["{"])
        self.enter(open_tok)
        items: list = []
        toks = self.toks
        allowed = _GROUP_ITEM_TYPES
        while True:
            tok = toks[self.i]
            t = tok.type
            if t == close:
                self.i += 1
                break
            if t in allowed:
                self.i += 1
                items.append(tok)
            elif t in _CLOSE:
                self.i += 1
                items.append(self.group(tok))
            else:
                raise self.error(tok, [close])
        self.depth -= 1
        return Group(kind, items, open_tok.start_pos)


def _generic_top(op: Op) -> list:
    """Funcs of a generic-form "builtin.module" / "func.func" (attributes read by their names)."""
    if op.name == "builtin.module":
        return [f for r in op.regions for b in r.blocks for inner in b.ops for f in _generic_top(inner)]
    if op.name != "func.func" or not op.regions:
        return []
    named = {seg[0].value: seg[2:] for seg in split_top(op.props.items if op.props is not None else [])
             if len(seg) > 2 and isinstance(seg[0], Token) and isinstance(seg[1], Token) and seg[1].type == "="}
    sym = named.get("sym_name", [None])[0]
    vis = named.get("sym_visibility", [None])[0]
    ftype = named.get("function_type", [])  # (tensor<..>, ...) -> (tensor<..>, ...) | tensor<..>
    if ftype and isinstance(ftype[-1], Group):
        outs = [t for t in ftype[-1].items if isinstance(t, Token) and t.type != ","]
    else:
        outs = ftype[-1:]
    body = op.regions[0]
    args = body.blocks[0].args if body.blocks else []
    return [Func(sym.value.strip('"') if isinstance(sym, Token) else "main",
                 vis.value.strip('"') if isinstance(vis, Token) else "public", args, [(t, None) for t in outs],
                 None, body, op.offset)]


def parse_syntax(stripped: str, original: str, filename: str) -> list[Func]:
    """Parse location-free text (same offsets as `original`, which errors quote)."""
    p = _Parser(tokenize(stripped, original, filename), original, filename)
    funcs = p.tops("$END")
    return funcs
