"""The LALR(1) driver: Lark's parse tables for grammars/hlo.lark, run by a tight shift/reduce loop.

Lark compiles the grammar (once per process, cached on disk); its parser is not used. `Tables`
turns Lark's tables into plain dicts (state -> {symbol: action}, action >= 0 shifts to that state,
action < 0 reduces rule ~action) and generates one small function per rule alternative that calls
the builder method named after the rule (or its alias) with the rule's children: absent `[x]`
items are None, anonymous punctuation is dropped, and list rules (a nonterminal with a left-recursive
alternative, `xs: x | xs "," x`) build a Python list without calling the builder.

`Tables.parse(tokens, builder, start)` consumes (type, value, offset) triples from the lexer.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from importlib import resources

from lark import Lark
from lark.parsers.lalr_analysis import Shift

from ..errors import ParseError, SourceLoc
from .lexer import PUNCT_TYPES, token_text

# Readable names of tokens, for "expected ..., found ..." messages.
TOKEN_DESCRIPTIONS = {
    "HLOMODULE": "'HloModule'", "ENTRY": "'ENTRY'", "ROOT": "'ROOT'", "NAME": "a name",
    "PARAM_NAME": "a parameter name ('name:')", "OPCODE": "an opcode", "CONSTANT": "a constant",
    "GTE": "a tuple index ('#N')", "INT": "an integer", "ARRAY_SHAPE": "a shape",
    "ATTRS": "an attribute (', name=value')", "STACK_FRAMES": "stack frame tables", "ARROW": "'->'",
    "LPAR": "'('", "RPAR": "')'", "LBRACE": "'{'", "RBRACE": "'}'", "COMMA": "','", "EQUAL": "'='",
    "$END": "end of input",
}


def grammar_text() -> str:
    return resources.files("hloc.grammars").joinpath("hlo.lark").read_text()


class Tables:
    def __init__(self, lark: Lark):
        table = lark.parser.parser._parse_table
        # Lark names anonymous punctuation itself ("->" is __ANON_0); use the lexer's names.
        rename = {t.name: PUNCT_TYPES[t.pattern.value] for t in lark.terminals}
        self.start_states = dict(table.start_states)
        self.end_states = dict(table.end_states)
        rules = sorted({rule for row in table.states.values() for action, rule in row.values() if action is not Shift},
                       key=lambda r: (r.origin.name, str(r.expansion)))
        index = {rule: i for i, rule in enumerate(rules)}
        self.actions: dict[int, dict[str, int]] = {
            state: {rename.get(sym, sym): (arg if action is Shift else ~index[arg])
                    for sym, (action, arg) in row.items()}
            for state, row in table.states.items()
        }
        self.sizes = [len(r.expansion) for r in rules]
        self.origins = [r.origin.name for r in rules]
        self.reducers = _generate_reducers(rules)
        assert all(self.sizes), "the loop assumes no empty rule alternatives (Lark expands [x] and x?)"
        # The loop's fast paths: (size, nonterminal, kind, reducer) per rule.
        self.rules = [(n, origin, _kind(rule), f)
                      for n, origin, rule, f in zip(self.sizes, self.origins, rules, self.reducers)]

    def expected(self, state: int) -> list[str]:
        """Readable names of the terminals the parser accepts in `state`."""
        names = {TOKEN_DESCRIPTIONS.get(s, s) for s in self.actions[state] if s.isupper()}
        return sorted(names)

    def parse(self, tokens: Iterable[tuple], builder, start: str, filename: str, text: str):
        """Run the LALR loop; `builder` receives the reductions. Returns the start rule's value."""
        actions = self.actions
        rules = self.rules
        state = self.start_states[start]
        states = [state]
        values: list = []
        for ttype, value, pos in tokens:
            while True:
                act = actions[state].get(ttype)
                if act is None:
                    raise self._syntax_error(state, ttype, value, pos, filename, text)
                if act >= 0:
                    states.append(act)
                    values.append(value)
                    state = act
                    break
                n, origin, kind, reduce = rules[~act]
                if kind is _GENERIC:
                    args = values[-n:]
                    del values[-n:]
                    del states[-n:]
                    values.append(reduce(builder, args))
                    state = actions[states[-1]][origin]
                    states.append(state)
                elif kind is _PASS:  # `x: y`, the value of y is the value of x
                    states[-1] = state = actions[states[-2]][origin]
                else:  # _APPEND: `xs: xs "," x`, x goes into the list made for xs
                    item = values[-1]
                    del values[1 - n:]
                    values[-1].append(item)
                    del states[1 - n:]
                    states[-1] = state = actions[states[-2]][origin]
        sizes = self.sizes
        origins = self.origins
        reducers = self.reducers
        end = self.end_states[start]
        while True:
            act = actions[state].get("$END")
            if act is None:
                raise self._syntax_error(state, "$END", None, len(text), filename, text)
            if act >= 0:  # pragma: no cover - $END is never shifted
                raise AssertionError("shift on $END")
            r = ~act
            n = sizes[r]
            args = values[-n:]
            del values[-n:]
            del states[-n:]
            value_r = reducers[r](builder, args)
            state = actions[states[-1]][origins[r]]
            if state == end:
                return value_r
            states.append(state)
            values.append(value_r)

    def _syntax_error(self, state: int, ttype: str, value, pos: int, filename: str, text: str) -> ParseError:
        expected = self.expected(state)
        if ttype == "$END":
            found = "end of input"
        else:
            what = TOKEN_DESCRIPTIONS.get(ttype, ttype)
            shown = token_text(text, pos, ttype)
            found = what if what == f"'{shown}'" else f"{what} '{shown}'"
        if len(expected) > 6:
            msg = f"unexpected {found}"
        else:
            msg = f"expected {' or '.join(expected)}, found {found}"
        return ParseError(msg, SourceLoc.from_offset(filename, text, pos))


_GENERIC, _PASS, _APPEND = "generic", "pass", "append"
_PASS_THROUGH = frozenset({"start", "array_shape"})  # rules whose value is their only child's


def _kind(rule) -> str:
    if rule.expansion[0] == rule.origin:
        return _APPEND
    if (rule.alias or rule.origin.name) in _PASS_THROUGH and len(rule.expansion) == 1:
        return _PASS
    return _GENERIC


def _generate_reducers(rules) -> list:
    """One function per rule alternative: `f(builder, args) -> value` (see the module docstring)."""
    list_rules = {r.origin.name for r in rules if r.expansion and r.expansion[0] == r.origin}
    src = []
    for i, rule in enumerate(rules):
        # Child expressions in order, with None where an absent `[x]` item would be.
        empty = list(rule.options.empty_indices) or [False] * len(rule.expansion)
        exprs = []
        k = 0
        for is_empty in empty:
            if is_empty:
                exprs.append("None")
                continue
            sym = rule.expansion[k]
            if not (sym.is_term and sym.filter_out):
                exprs.append(f"a[{k}]")
            k += 1
        name = rule.origin.name
        if name in list_rules:
            if rule.expansion[0] == rule.origin:  # xs: xs "," x
                body = f"x = a[0]; x.append({exprs[-1]}); return x"
            else:  # xs: x
                body = f"return [{exprs[0]}]"
        elif name == "start":
            body = f"return {exprs[0]}"
        else:
            body = f"return b.{rule.alias or name}({', '.join(exprs)})"
        src.append(f"def r{i}(b, a):\n    {body}\n")
    namespace: dict = {}
    exec("".join(src), namespace)  # noqa: S102 - generated from the grammar's own rules
    return [namespace[f"r{i}"] for i in range(len(rules))]


@lru_cache(maxsize=1)
def tables() -> Tables:
    lark = Lark(grammar_text(), parser="lalr", lexer="basic", start=["start", "inline_body"],
                maybe_placeholders=True, cache=True)
    return Tables(lark)
