"""StableHLO syntax tree -> HLO text, one computation per function and per region.

Each op becomes HLO instructions written as text with explicit shapes; hloc's HLO parser then builds
the IR (one attribute decoder and one set of shape checks for both inputs), and every instruction is
pointed back at the MLIR op it came from, so later errors quote the .mlir file.

Values defined outside a region and used inside it (StableHLO regions of `case`, `if` and `while`
may do that; HLO computations may not) are passed in: appended to a while loop's state, or to a
conditional branch's operand tuple.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
from lark import Token

from ...errors import did_you_mean
from ...ir.types import Shape
from .syntax import Func, Op, Region
from .values import Ctx, parse_type, shape_text


class Value:
    __slots__ = ("name", "shape")

    def __init__(self, name: str, shape: Shape):
        self.name = name
        self.shape = shape


class CompBuilder:
    """One HLO computation being written. `capture(key)` (set for case/while regions) brings in a value
    of an enclosing computation; None means the region is closed (reduce, sort, ... bodies)."""

    def __init__(self, lowering: ModuleLowering, name: str, parent: CompBuilder | None = None, capture=None):
        self.lw = lowering
        self.name = name
        self.parent = parent
        self.capture = capture
        self.head: list[str] = []  # parameter lines, written first
        self.lines: list[str] = []
        self.scope: dict[str, Value] = {}
        self.root: str | None = None

    def emit(self, opcode: str, shape: Shape, operands: list[Value], attrs: str = "", offset: int = 0,
             head: bool = False) -> Value:
        name = self.lw.fresh(opcode)
        ops = ", ".join(v.name for v in operands)
        if opcode == "constant":  # the values are set on the IR after parsing (no text round trip)
            ops = "{...}" if shape.dims else "false" if shape.etype == "pred" else \
                "(0, 0)" if shape.etype in ("c64", "c128") else "0"
        line = f"{name} = {shape_text(shape)} {opcode}({ops}){', ' + attrs if attrs else ''}"
        (self.head if head else self.lines).append(line)
        self.lw.offsets[name] = offset
        return Value(name, shape)

    def _param(self, number: int, shape: Shape, offset: int) -> Value:
        name = self.lw.fresh("param")
        self.head.append(f"{name} = {shape_text(shape)} parameter({number})")
        self.lw.offsets[name] = offset
        return Value(name, shape)

    def gte(self, tup: Value, index: int, offset: int) -> Value:
        return self.emit("get-tuple-element", tup.shape.tuple_shapes[index], [tup], f"index={index}", offset)

    def tuple(self, values: list[Value], offset: int) -> Value:
        return self.emit("tuple", Shape.tuple([v.shape for v in values]), values, "", offset)

    def lookup(self, tok: Token, ctx: Ctx) -> Value:
        key = tok.value[1:]
        v = self.scope.get(key)
        if v is None and "#" not in key:
            v = self.scope.get(key + "#0")
        if v is not None:
            return v
        if self.capture is not None and self.parent is not None and self.parent.has(key):
            v = self.capture(key, tok)
            self.scope[key] = v
            return v
        if self.parent is not None and self.parent.has(key):
            # A closed region (reduce, sort, ... bodies) may use an outer constant: a copy of it
            outer = self.parent.lookup(tok, ctx)
            value = self.lw.constants.get(outer.name)
            if value is not None:
                v = self.emit("constant", outer.shape, [], "", (tok.start_pos or 0))
                self.lw.constants[v.name] = value
                self.scope[key] = v
                return v
            raise ctx.error((tok.start_pos or 0), f"'{tok.value}' is defined outside this region and is not a "
                                           "constant; hloc passes other outer values only into case, if and "
                                           "while regions")
        raise ctx.error((tok.start_pos or 0), f"use of undefined value '{tok.value}'"
                                       f"{did_you_mean(key, self.scope)}")

    def has(self, key: str) -> bool:
        if key in self.scope or key + "#0" in self.scope:
            return True
        return self.parent is not None and self.capture is not None and self.parent.has(key)

    def text(self, is_entry: bool) -> str:
        body = self.head + self.lines
        out = [("ENTRY " if is_entry else "") + self.name + " {"]
        for line in body:
            out.append(("  ROOT " if line.split(" = ", 1)[0] == self.root else "  ") + line)
        out.append("}")
        return "\n".join(out)


class ModuleLowering:
    def __init__(self, funcs: list[Func], ctx: Ctx, resources: dict[str, str], lower_op: Callable):
        # lower_op(lowering, builder, op) writes one op's HLO: ops.py's registry, passed in because
        # ops.py builds on this module.
        self.lower_op = lower_op
        self.ctx = ctx
        self.funcs = {f.name: f for f in funcs}
        self.func_list = funcs
        self.resources = resources
        self.counts: dict[str, int] = {}
        self.offsets: dict[str, int] = {}  # HLO instruction name -> offset of its op in the MLIR text
        self.constants: dict[str, np.ndarray] = {}
        self.done: dict[str, str] = {}  # func name -> computation name
        self.in_progress: set[str] = set()
        self.texts: list[str] = []
        self.used_names: set[str] = set()

    def fresh(self, prefix: str) -> str:
        n = self.counts.get(prefix, 0) + 1
        self.counts[prefix] = n
        return f"{prefix}.{n}"

    def comp_name(self, base: str) -> str:
        name = "".join(c if c.isalnum() or c in "_.-" else "_" for c in base) or "f"
        if name[0].isdigit() or name[0] in ".-":
            name = "_" + name
        out, k = name, 0
        while out in self.used_names:
            k += 1
            out = f"{name}_{k}"
        self.used_names.add(out)
        return out

    def type_of(self, tok: Token) -> Shape:
        return parse_type(tok.value, (tok.start_pos or 0), self.ctx)

    # ------------------------------------------------------------------------------------ functions
    def entry_func(self) -> Func:
        with_body = [f for f in self.func_list if f.body is not None]
        if not with_body:
            raise self.ctx.error(len(self.ctx.text), "no function with a body: expected 'func.func @main(...)'")
        for f in with_body:
            if f.name == "main":
                return f
        public = [f for f in with_body if f.visibility == "public"]
        return public[0] if len(public) == 1 else with_body[-1]

    def lower_func(self, name: str, offset: int, is_entry: bool = False) -> str:
        if name in self.done:
            return self.done[name]
        f = self.funcs.get(name)
        if f is None or f.body is None:
            raise self.ctx.error(offset, f"call of unknown function '@{name}'{did_you_mean(name, self.funcs)}")
        if name in self.in_progress:
            raise self.ctx.error(offset, f"function '@{name}' calls itself: HLO has no recursion")
        self.in_progress.add(name)
        cb = CompBuilder(self, self.comp_name(name))
        for i, (arg, type_tok, _attrs, off) in enumerate(f.args):
            cb.scope[arg] = cb._param(i, self.type_of(type_tok), off)
        results = self.lower_region_ops(cb, f.body, f.offset)
        expected = [self.type_of(t) for t, _ in f.results]
        if len(results) != len(expected):
            raise self.ctx.error(f.offset, f"function '@{name}' returns {len(results)} values; its "
                                           f"signature declares {len(expected)}")
        self.finish(cb, results, f.offset, tuple_result=len(results) != 1)
        self.texts.append(cb.text(is_entry))
        self.in_progress.discard(name)
        self.done[name] = cb.name
        return cb.name

    def finish(self, cb: CompBuilder, results: list[Value], offset: int, tuple_result: bool) -> Value:
        root = cb.tuple(results, offset) if tuple_result else results[0]
        cb.root = root.name
        return root

    def lower_region_ops(self, cb: CompBuilder, region: Region, offset: int) -> list[Value]:
        """Lower the ops of a single-block region; return the values its terminator returns."""
        if len(region.blocks) != 1:
            raise self.ctx.error(region.offset, "regions with more than one block are not supported")
        block = region.blocks[0]
        for op in block.ops:
            if op.name in ("stablehlo.return", "mhlo.return", "func.return", "return"):
                return [cb.lookup(t, self.ctx) for t in _return_values(op)]
            self.lower_op(self, cb, op)
        raise self.ctx.error(region.offset if region.offset else offset, "region has no return")

    def closed_region(self, region: Region, arg_shapes: list[Shape] | None, offset: int, parent: CompBuilder,
                      block_args: list | None = None, kind: str = "region") -> str:
        """A region without captures (reduce, sort, scatter, ... bodies): its block arguments are
        the computation's parameters. Returns the computation's name."""
        cb = CompBuilder(self, self.comp_name(f"{kind}_{len(self.texts)}"), parent=parent, capture=None)
        args = block_args if block_args is not None else region.blocks[0].args
        for i, (arg, type_tok, _attrs, off) in enumerate(args):
            shape = self.type_of(type_tok)
            cb.scope[arg] = cb._param(i, shape, off)
        results = self.lower_region_ops(cb, region, offset)
        self.finish(cb, results, offset, tuple_result=len(results) != 1)
        self.texts.append(cb.text(False))
        return cb.name

    def lower(self, module_name: str) -> str:
        entry = self.entry_func()  # other functions are lowered when called
        self.lower_func(entry.name, entry.offset, is_entry=True)
        return f"HloModule {module_name}\n\n" + "\n\n".join(self.texts) + "\n"


def _return_values(op: Op) -> list[Token]:
    if op.generic:
        return list(op.operands)
    return [it for it in op.items if isinstance(it, Token) and it.type == "VALUE"]
