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

from ...errors import did_you_mean
from ...ir.types import Shape
from .refine import FOLDED, STATIC_SHAPES_ONLY, fold, is_unbounded, refined
from .syntax import Func, Op, Region, Token
from .values import Ctx, parse_type, shape_text


class Value:
    __slots__ = ("name", "shape")

    def __init__(self, name: str, shape: Shape):
        self.name = name
        self.shape = shape


class CompBuilder:
    """One HLO computation being written, as records (name, shape, opcode, operand names or a parameter
    number, attribute text, offset of the MLIR op) that build.py turns into IR. `capture(key)` (set for
    case/while regions) brings in a value of an enclosing computation; None means the region is closed
    (reduce, sort, ... bodies)."""

    def __init__(self, lowering: ModuleLowering, name: str, parent: CompBuilder | None = None, capture=None):
        self.lw = lowering
        self.name = name
        self.parent = parent
        self.capture = capture
        self.head: list[tuple] = []  # parameters, written first
        self.lines: list[tuple] = []
        self.scope: dict[str, Value] = {}
        self.root: str | None = None

    def emit(self, opcode: str, shape: Shape, operands: list[Value], attrs: str = "", offset: int = 0,
             head: bool = False) -> Value:
        """An instruction; a constant's value goes into lowering.constants under the returned name. A
        `?` in `shape` is refined from the operands (refine.py); sizes and shapes are folded into `known`."""
        lw = self.lw
        if is_unbounded(shape):
            static = refined(opcode, shape, operands, attrs)
            if static is None:
                raise lw.ctx.error(offset, f"{lw.at[0]} gives {shape.to_str(False)}, a shape known only at run "
                                           f"time; {STATIC_SHAPES_ONLY}")
            shape = static
        name = lw.fresh(opcode)
        (self.head if head else self.lines).append((name, shape, opcode, [v.name for v in operands], attrs, offset))
        if opcode in FOLDED:
            value = fold(opcode, shape, operands, attrs, lw.known, lw.constants)
            if value is not None:
                lw.known[name] = value
        return Value(name, shape)

    def line(self, name: str, shape: Shape, opcode: str, operands: list[str] | int, attrs: str, offset: int,
             head: bool = False) -> None:
        """An instruction whose name is already chosen (a parameter: operands is its number)."""
        (self.head if head else self.lines).append((name, shape, opcode, operands, attrs, offset))

    def _param(self, number: int, shape: Shape, offset: int) -> Value:
        name = self.lw.fresh("param")
        self.head.append((name, shape, "parameter", number, "", offset))
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
        """The computation as HLO text (for reading what a lowering made, e.g. in a debugger)."""
        out = [("ENTRY " if is_entry else "") + self.name + " {"]
        for name, shape, opcode, operands, attrs, _ in self.head + self.lines:
            if opcode == "constant":
                args = "..."
            else:
                args = str(operands) if isinstance(operands, int) else ", ".join(operands)
            out.append(f"  {'ROOT ' if name == self.root else ''}{name} = {shape_text(shape)} {opcode}({args})"
                       + (f", {attrs}" if attrs else ""))
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
        self.constants: dict[str, np.ndarray] = {}  # constant instruction name -> its value
        self.known: dict[str, np.ndarray] = {}  # other values known while lowering (refine.py)
        self.result_shapes: dict[str, list[Shape]] = {}  # computation name -> its results' shapes
        self.done: dict[str, str] = {}  # func name -> computation name
        self.in_progress: set[str] = set()
        self.finished: list[tuple[CompBuilder, int | None]] = []  # (computation, offset if the entry)
        self.used_names: set[str] = set()
        self.at: tuple[str, int] = ("the module", 0)  # what is being lowered: (description, offset)

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

    def lower_func(self, name: str, offset: int, is_entry: bool = False, args: list[Value] | None = None) -> str:
        """The computation of function `name`; one per distinct static shapes and known values of `args`
        where its signature has `?` (a shape-polymorphic function called with concrete arguments)."""
        f = self.funcs.get(name)
        if f is None or f.body is None:
            raise self.ctx.error(offset, f"call of unknown function '@{name}'{did_you_mean(name, self.funcs)}")
        declared = [self.type_of(type_tok) for _, type_tok, _, _ in f.args]
        key = name
        if args is not None and any(is_unbounded(s) for s in declared):
            if len(args) != len(declared):
                raise self.ctx.error(offset, f"'@{name}' takes {len(declared)} arguments, found {len(args)}")
            for i, (s, v) in enumerate(zip(declared, args)):
                if is_unbounded(s):
                    if s.etype != v.shape.etype or s.rank != v.shape.rank:
                        raise self.ctx.error(offset, f"argument {i} of '@{name}' is {v.shape.to_str(False)}; "
                                                     f"the function takes {s.to_str(False)}")
                    declared[i] = v.shape
            known = [self.known.get(v.name) for v in args]
            key = repr((name, [s.to_str(False) for s in declared],
                        [None if k is None else (k.dtype.str, k.shape, k.tobytes()) for k in known]))
        else:
            known = [None] * len(declared)
        if key in self.done:
            return self.done[key]
        if name in self.in_progress:
            raise self.ctx.error(offset, f"function '@{name}' calls itself: HLO has no recursion")
        self.in_progress.add(name)
        outer = self.at
        self.at = (f"function '@{name}'", f.offset)
        cb = CompBuilder(self, self.comp_name(name))
        for i, (arg, type_tok, _attrs, off) in enumerate(f.args):
            shape = declared[i]
            if is_unbounded(shape):
                raise self.ctx.error(off, f"parameter %{arg} is {type_tok.value}, with a size known only at "
                                          f"run time (a shape-polymorphic module); {STATIC_SHAPES_ONLY}")
            cb.scope[arg] = param = cb._param(i, shape, off)
            if known[i] is not None:
                self.known[param.name] = known[i]
        results = self.lower_region_ops(cb, f.body, f.offset)
        expected = [self.type_of(t) for t, _ in f.results]
        if len(results) != len(expected):
            raise self.ctx.error(f.offset, f"function '@{name}' returns {len(results)} values; its "
                                           f"signature declares {len(expected)}")
        self.finish(cb, results, f.offset, tuple_result=len(results) != 1)
        self.finished.append((cb, f.offset if is_entry else None))
        self.in_progress.discard(name)
        self.done[key] = cb.name
        self.result_shapes[cb.name] = [v.shape for v in results]
        self.at = outer
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
        cb = CompBuilder(self, self.comp_name(f"{kind}_{len(self.finished)}"), parent=parent, capture=None)
        args = block_args if block_args is not None else region.blocks[0].args
        for i, (arg, type_tok, _attrs, off) in enumerate(args):
            shape = self.type_of(type_tok)
            cb.scope[arg] = cb._param(i, shape, off)
        results = self.lower_region_ops(cb, region, offset)
        self.finish(cb, results, offset, tuple_result=len(results) != 1)
        self.finished.append((cb, None))
        return cb.name

    def lower(self) -> None:
        """Lower the entry function; other functions are lowered when called. Fills `finished`."""
        entry = self.entry_func()
        self.lower_func(entry.name, entry.offset, is_entry=True)

    def text(self, module_name: str) -> str:
        """The module as HLO text (for reading what the lowering made)."""
        return f"HloModule {module_name}\n\n" + "\n\n".join(cb.text(e is not None) for cb, e in self.finished) + "\n"


def _return_values(op: Op) -> list[Token]:
    if op.generic:
        return list(op.operands)
    return [it for it in op.items if isinstance(it, Token) and it.type == "VALUE"]
