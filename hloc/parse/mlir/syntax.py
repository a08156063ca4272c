"""grammars/mlir.lark -> a light syntax tree: Func, Op, Region, Block, Group (no IR yet).

Items of pretty-printed op bodies stay Lark tokens (`.type`, `.value`, `.start_pos`) and Groups."""

from __future__ import annotations

from functools import lru_cache
from importlib import resources

from lark import Lark, Token, Transformer, v_args
from lark.exceptions import UnexpectedCharacters, UnexpectedEOF, UnexpectedInput, UnexpectedToken, VisitError

from ...errors import HlocError, ParseError, SourceLoc

__all__ = ["Block", "Func", "Group", "Op", "Region", "parse_syntax"]


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
        self.args = args  # [(name, type text, offset)]
        self.ops = ops


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
        if isinstance(it, Token) and it.type == "COMMA":
            out.append([])
        else:
            out[-1].append(it)
    return [seg for seg in out if seg]


def _generic_top(op: Op) -> list:
    """Funcs of a generic-form "builtin.module" / "func.func" (attributes read by their names)."""
    if op.name == "builtin.module":
        return [f for r in op.regions for b in r.blocks for inner in b.ops for f in _generic_top(inner)]
    if op.name != "func.func" or not op.regions:
        return []
    named = {seg[0].value: seg[2:] for seg in split_top(op.props.items if op.props is not None else [])
             if len(seg) > 2 and isinstance(seg[0], Token) and seg[1].type == "EQUAL"}
    sym = named.get("sym_name", [None])[0]
    vis = named.get("sym_visibility", [None])[0]
    ftype = named.get("function_type", [])  # (tensor<..>, ...) -> (tensor<..>, ...) | tensor<..>
    if ftype and isinstance(ftype[-1], Group):
        outs = [t for t in ftype[-1].items if isinstance(t, Token) and t.type != "COMMA"]
    else:
        outs = ftype[-1:]
    body = op.regions[0]
    args = body.blocks[0].args if body.blocks else []
    return [Func(sym.value.strip('"') if sym is not None else "main",
                 vis.value.strip('"') if vis is not None else "public", args, [(t, None) for t in outs],
                 None, body, op.offset)]


def _offset(x) -> int:
    if isinstance(x, Token):
        return x.start_pos or 0
    return getattr(x, "offset", 0)


@v_args(inline=True)
class _ToSyntax(Transformer):
    def start(self, *tops):
        return self.module(None, None, *tops)

    def module(self, sym, attrs, *tops):
        out = []
        for t in tops:
            if isinstance(t, Op):  # the generic form: "builtin.module"() ({ "func.func"() ... })
                out.extend(_generic_top(t))
            else:
                out.extend(t if isinstance(t, list) else [t] if t is not None else [])
        return out

    def alias_def(self, name, value):
        return None

    def func(self, vis, sym, args, results, attrs, body):
        return Func(sym.value[1:].strip('"'), vis.value if vis is not None else "public", args or [],
                    results or [], attrs, body, sym.start_pos)

    def func_args(self, *args):
        return list(args)

    def func_arg(self, name, type_, attrs):
        return (name.value[1:], type_, attrs, name.start_pos)

    def func_result_one(self, type_):
        return [(type_, None)]

    def func_result_list(self, *results):
        return [r for r in results if r is not None]

    def func_result(self, type_, attrs):
        return (type_, attrs)

    def region(self, *parts):
        ops = [p for p in parts if isinstance(p, Op)]
        blocks = [p for p in parts if isinstance(p, Block)]
        offset = _offset(parts[0]) if parts else 0
        if ops or not blocks:
            blocks.insert(0, Block([], ops, offset))
        return Region(blocks, offset)

    def block(self, label, args, *ops):
        return Block(args or [], list(ops), label.start_pos)

    def stmt(self, results, op):
        op.results = results or []
        return op

    def results(self, *rs):
        return list(rs)

    def result(self, name, count):
        return (name.value[1:], int(count.value) if count is not None else 1)

    def generic_op(self, name, values, props, regions, attrs, sig):
        op = Op(name.value.strip('"'), name.start_pos)
        op.generic = True
        op.operands = values or []
        op.props = props
        op.regions = regions or []
        op.attrs = attrs
        op.sig_in, op.sig_out = sig
        return op

    def values(self, *vs):
        return list(vs)

    def props(self, group):
        return group

    def regions(self, *rs):
        return list(rs)

    def custom_op(self, name, *rest):
        op = Op(name.value, name.start_pos)
        *items, sig = [r for r in rest if not (isinstance(r, tuple) and r and r[0] == "trailer")]
        for r in rest:
            if isinstance(r, tuple) and r and r[0] == "trailer":
                op.regions.extend(r[1])
                op.region_args.extend(r[2])
        if isinstance(sig, tuple) and len(sig) == 2:
            op.sig_in, op.sig_out = sig
        op.items = items
        return op

    def custom_op_bare(self, name):
        return Op(name.value, name.start_pos)

    def while_regions(self, cond, body):
        return ("trailer", [cond, body], [])

    def reducer_region(self, *parts):
        *arg_lists, region = parts
        return ("trailer", [region], list(arg_lists))

    def block_args(self, args):
        return args or []

    def sig(self, sig_in, sig_out):
        return (sig_in, sig_out if sig_out is not None else [])

    def sig_paren(self, types):
        return types or []

    def types(self, *ts):
        return list(ts)

    def sig_in(self, types):
        return types

    def sig_out(self, type_):
        return [type_]

    def type(self, tok):
        return tok

    def group_paren(self, *items):
        return Group("(", list(items), _offset(items[0]) - 1 if items else 0)

    def group_square(self, *items):
        return Group("[", list(items), _offset(items[0]) - 1 if items else 0)

    def group_brace(self, *items):
        return Group("{", list(items), _offset(items[0]) - 1 if items else 0)


_DESCRIPTIONS = {
    "VALUE": "a value ('%name')", "SYMBOL": "a symbol ('@name')", "ID": "a name", "STRING": "a string",
    "NUMBER": "a number", "TENSOR": "a tensor type", "COLON": "':'", "COMMA": "','", "EQUAL": "'='",
    "ARROW": "'->'", "LPAR": "'('", "RPAR": "')'", "LBRACE": "'{'", "RBRACE": "'}'", "LSQB": "'['",
    "RSQB": "']'", "LESSTHAN": "'<'", "MORETHAN": "'>'", "BLOCK": "a block label", "$END": "end of input",
}


@lru_cache(maxsize=1)
def _parser() -> Lark:
    text = resources.files("hloc.grammars").joinpath("mlir.lark").read_text()
    # The transformer runs as rules reduce (no parse tree); cache=True keeps the LALR tables on disk.
    return Lark(text, parser="lalr", lexer="contextual", maybe_placeholders=True, cache=True,
                transformer=_ToSyntax())


def _expected(expected) -> str:
    names = sorted({_DESCRIPTIONS.get(e, e.strip('"').lower() if e.isupper() else e) for e in expected})
    if len(names) > 6:
        return ""
    return "; expected " + ", ".join(names)


def parse_syntax(stripped: str, original: str, filename: str) -> list[Func]:
    """Parse location-free text (same offsets as `original`, which errors quote)."""
    try:
        funcs: list[Func] = _parser().parse(stripped)  # type: ignore[assignment]  # (the transformer's result)
        return funcs
    except UnexpectedCharacters as e:
        at = e.pos_in_stream or 0
        raise ParseError(f"unexpected character {original[at]!r} in StableHLO text",
                         SourceLoc.from_offset(filename, original, at)) from None
    except UnexpectedToken as e:
        tok = e.token
        if tok.type == "$END":
            raise ParseError("unexpected end of input" + _expected(e.expected),
                             SourceLoc.from_offset(filename, original, len(original))) from None
        raise ParseError(f"unexpected {tok.value!r}" + _expected(e.expected),
                         SourceLoc.from_offset(filename, original, tok.start_pos)) from None
    except UnexpectedEOF as e:
        raise ParseError("unexpected end of input" + _expected(e.expected),
                         SourceLoc.from_offset(filename, original, len(original))) from None
    except UnexpectedInput as e:  # pragma: no cover - the subclasses above are what LALR raises
        raise ParseError(str(e).splitlines()[0], SourceLoc.from_offset(filename, original, 0)) from None
    except VisitError as e:
        if isinstance(e.orig_exc, HlocError):
            raise e.orig_exc from None
        raise
