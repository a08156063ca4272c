"""Small IR helpers: stack slots in the entry block, memcpy, and structured control flow for kernels
written as ordinary algorithms (sorts, FFTs, triangular solves): mutable variables (allocas in the
entry block, which SROA/mem2reg turn into SSA values) and `while` loops with `break`.

    i = Var(b, I64, 0)
    with while_(b, lambda: b.icmp_signed("<", i.get(), n)) as loop:
        ...
        with b.if_then(cond):
            loop.break_()
        i.set(b.add(i.get(), one))
"""

from __future__ import annotations

import contextlib

import llvmlite.ir as ir

from .irvalues import I64, PTR, VOID, const
from .loops import loop_id


def entry_alloca(b: ir.IRBuilder, typ: ir.Type, count: int | None = None, name: str = "") -> ir.Value:
    """An alloca at the top of the function's entry block (so mem2reg can promote it, and so a
    loop does not grow the stack)."""
    entry = b.function.entry_basic_block
    with b.goto_block(entry):
        if entry.instructions:
            b.position_before(entry.instructions[0])
        return b.alloca(typ, size=None if count is None else const(I64, count), name=name)


def entry_slot(b: ir.IRBuilder, ty: ir.Type, name: str = "") -> ir.Value:
    """An alloca in the function's entry block (a static stack slot, whatever the builder's block),
    typed as an opaque `ptr` (llvmlite types allocas as typed pointers and checks stores by them)."""
    entry = b.function.entry_basic_block
    with b.goto_block(entry):
        if entry.instructions:
            b.position_before(entry.instructions[0])
        slot = b.alloca(ty, name=name)
    slot.type = PTR
    return slot


def intrinsic_memcpy(b: ir.IRBuilder, dst, src, n: int) -> None:
    """memcpy of `n` bytes (a constant), declared with opaque pointers: callers pass typed ones too
    (constants' [N x i8]*)."""
    name = "llvm.memcpy.p0.p0.i64"
    fn = b.module.globals.get(name)
    if fn is None:
        fn = ir.Function(b.module, ir.FunctionType(VOID, [PTR, PTR, I64, ir.IntType(1)]), name)
    b.call(fn, [dst, src, const(I64, n), ir.Constant(ir.IntType(1), 0)])


class Var:
    """A mutable scalar."""

    def __init__(self, b: ir.IRBuilder, typ: ir.Type, init=None, name: str = ""):
        self.b = b
        self.ptr = entry_alloca(b, typ, name=name)
        self.typ = typ
        if init is not None:
            self.set(init)

    def get(self) -> ir.Value:
        return self.b.load(self.ptr, typ=self.typ)

    def set(self, v) -> None:
        if not isinstance(v, ir.Value):
            v = const(self.typ, v)
        self.b.store(v, self.ptr)


class Loop:
    def __init__(self, b: ir.IRBuilder, exit_block: ir.Block, header: ir.Block):
        self.b = b
        self.exit = exit_block
        self.header = header

    def break_(self) -> None:
        """Leave the loop (code after this point in the same block is dead)."""
        self.b.branch(self.exit)
        self.b.position_at_end(self.b.function.append_basic_block("dead"))

    def continue_(self) -> None:
        self.b.branch(self.header)
        self.b.position_at_end(self.b.function.append_basic_block("dead"))


@contextlib.contextmanager
def while_(b: ir.IRBuilder, cond, name: str = "while", hint: str | None = None):
    """`while cond(): body`; cond is called with the builder in the loop header. `cond=None` loops
    until a break. `hint`: as for_range's (loops.py)."""
    fn = b.function
    header = fn.append_basic_block(f"{name}.header")
    body = fn.append_basic_block(f"{name}.body")
    exit_ = fn.append_basic_block(f"{name}.exit")
    b.branch(header)
    b.position_at_end(header)
    if cond is None:
        b.branch(body)
    else:
        b.cbranch(cond(), body, exit_)
    b.position_at_end(body)
    yield Loop(b, exit_, header)
    if not b.block.is_terminated:
        latch = b.branch(header)
        md = loop_id(b.module, hint, None) if hint else None
        if md is not None:
            latch.set_metadata("llvm.loop", md)
    b.position_at_end(exit_)


def if_else_value(b: ir.IRBuilder, cond: ir.Value, then_fn, else_fn):
    """cond ? then_fn() : else_fn(), each emitted in its own block (for values that must not be
    computed speculatively); returns the phi."""
    with b.if_else(cond) as (then, otherwise):
        with then:
            tv = then_fn()
            tb = b.block
        with otherwise:
            ev = else_fn()
            eb = b.block
    phi = b.phi(tv.type)
    phi.add_incoming(tv, tb)
    phi.add_incoming(ev, eb)
    return phi


def smin(b: ir.IRBuilder, x, y):
    """The signed minimum of two integers."""
    return b.select(b.icmp_signed("<", x, y), x, y)
