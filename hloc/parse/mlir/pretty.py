"""Pretty-printed op bodies -> operands and named attribute items.

`stablehlo.concatenate %a, %b, dim = 0` gives operands [%a, %b] and {"dim": [NUMBER 0]}; bare words
(`compare GT, %a, %b, FLOAT`) go to `enums`, a trailing `{...}` dictionary is decoded, parenthesized
groups (`convolution(%a, %b)`, `reduce(%x init: %c)`, `while(%i = %c)`, `call @f(%a)`) are kept for
the op's own reader in ops.py."""

from __future__ import annotations

from .syntax import Group, Op, Token
from .values import Ctx, decode_dict, is_tok, split_top


class Pretty:
    __slots__ = ("operands", "kw", "enums", "attrs", "parens", "index", "symbol", "strings")

    def __init__(self):
        self.operands: list[Token] = []
        self.kw: dict[str, list] = {}
        self.enums: list[Token] = []
        self.attrs: dict = {}
        self.parens: list[Group] = []
        self.index: Group | None = None  # `%x [0:2]`, `%t[1]`
        self.symbol: Token | None = None
        self.strings: list[Token] = []


def read_pretty(op: Op, ctx: Ctx) -> Pretty:
    p = Pretty()
    for seg in split_top(op.items):
        i = 0
        while i < len(seg):
            it = seg[i]
            if is_tok(it, "ID") and i + 1 < len(seg) and is_tok(seg[i + 1], "="):
                rest = seg[i + 2:]
                # `window = {...} {feature_group_count = 1}`: a second brace group is the op's attributes
                if len(rest) > 1 and isinstance(rest[-1], Group) and rest[-1].kind == "{":
                    p.attrs.update(decode_dict(rest[-1], ctx))
                    rest = rest[:-1]
                p.kw[it.value] = rest
                break
            if isinstance(it, Token):
                if it.type == "VALUE":
                    if i and is_tok(seg[i - 1], "VALUE"):
                        raise ctx.error((it.start_pos or 0), "expected ',' between operands")
                    p.operands.append(it)
                elif it.type == "ID":
                    p.enums.append(it)
                elif it.type == "SYMBOL":
                    p.symbol = it
                elif it.type == "STRING":
                    p.strings.append(it)
                else:
                    p.enums.append(it)
            elif it.kind == "{":
                p.attrs.update(decode_dict(it, ctx))
            elif it.kind == "[":
                p.index = it
            else:
                p.parens.append(it)
            i += 1
    return p


def paren_values(group: Group) -> list[Token]:
    return [it for it in group.items if is_tok(it, "VALUE")]
