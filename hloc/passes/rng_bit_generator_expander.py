"""rng-bit-generator-expander: rng-bit-generator as plain integer HLO (XLA's RngBitGeneratorExpander
with xla/hlo/builder/lib/prng.cc's ThreeFry2x32 and Philox4x32), bit for bit what XLA computes:

    state u64[n] = (key, counter...)   =>   (key, new counter...), bits
    rng_three_fry: ThreeFry2x32 (20 rounds) of the u64 counters state[1] + row-major index, over half
                   the output (two u32 words per counter), the halves concatenated along the split
    rng_philox:    Philox4x32 (10 rounds) of the u128 counter (state[1], state[2]; a 2-element state
                   holds (key, counter) and counts on the pair read backwards) + i, four u32 words
                   per counter, interleaved
    rng_default:   `default-algorithm` (philox, XLA:CPU's choice)

Outputs narrower than 32 bits keep the low bits of a 32-bit draw; 64-bit outputs join two words.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal

import numpy as np

from ..ir.module import Instruction, Module
from ..ir.types import ELEMENT_TYPES, Shape
from .base import Pass, option, register_pass
from .hlo_builder import Builder
from .rewrite import replace_instruction

U32, U64 = "u32", "u64"
THREEFRY_ROTATIONS = (13, 15, 26, 6, 17, 29, 16, 24)
PHILOX_W32 = (0x9E3779B9, 0xBB67AE85)
PHILOX_M4X32 = (0xD2511F53, 0xCD9E8D57)


@dataclass(frozen=True)
class RngBitGeneratorExpanderOptions:
    default_algorithm: Literal["philox", "three_fry"] = option("philox", "the algorithm of rng_default "
                                                                         "(XLA:CPU: philox)")


class _Ops:
    """Integer helpers on arrays of one shape: constants are broadcast to the operand's shape."""

    def __init__(self, b: Builder):
        self.b = b

    def const(self, value: int, like: Instruction) -> Instruction:
        c = self.b.scalar(np.array(value, dtype=ELEMENT_TYPES[like.shape.etype].np_dtype), like.shape.etype)
        return c if not like.shape.dims else self.b.broadcast(c, like.shape.dims, ())

    def add(self, x, y):
        return self.b.add_(x, y if isinstance(y, Instruction) else self.const(y, x))

    def xor(self, x, y):
        return self.b.xor(x, y)

    def shl(self, x, k: int):
        return self.b.shl(x, self.const(k, x))

    def shr(self, x, k: int):
        return self.b.shr(x, self.const(k, x))

    def rotl(self, x, k: int):
        return self.b.or_(self.shl(x, k), self.shr(x, 32 - k))

    def u32(self, x):
        return self.b.convert(x, U32)

    def u64(self, x):
        return self.b.convert(x, U64)

    def split(self, x64):
        """u64 -> (low u32, high u32)."""
        return self.u32(x64), self.u32(self.shr(x64, 32))

    def join(self, lo, hi):
        """(low u32, high u32) -> u64."""
        return self.b.or_(self.u64(lo), self.shl(self.u64(hi), 32))

    def scalar_of(self, state, i: int):
        """state[i] of a u64[n] as a scalar."""
        return self.b.reshape(self.b.slice(state, [i], [i + 1]), ())


def threefry2x32(o: _Ops, x: list[Instruction], key: list[Instruction]) -> list[Instruction]:
    """ThreeFry2x32 (Salmon et al., 20 rounds) on u32 arrays x[0], x[1] with u32 scalar keys."""
    b = o.b
    shape_of = x[0]
    ks = [b.broadcast(k, shape_of.shape.dims, ()) if shape_of.shape.dims else k for k in key]
    ks.append(o.xor(o.xor(o.const(0x1BD11BDA, shape_of), ks[0]), ks[1]))
    x = [o.add(x[0], ks[0]), o.add(x[1], ks[1])]

    def round_(v, r):
        v0 = o.add(v[0], v[1])
        return [v0, o.xor(v0, o.rotl(v[1], r))]

    for i in range(5):
        for r in THREEFRY_ROTATIONS[(i % 2) * 4:(i % 2) * 4 + 4]:
            x = round_(x, r)
        x = [o.add(x[0], ks[(i + 1) % 3]), o.add(o.add(x[1], ks[(i + 2) % 3]), i + 1)]
    return x


def philox4x32(o: _Ops, x: list[Instruction], key: list[Instruction]) -> list[Instruction]:
    """Philox4x32 (10 rounds) on four u32 arrays with u32 scalar keys."""
    b = o.b

    def mul_hi_lo(v, k):
        p = b.mul(o.u64(v), _u64_const(o, k, v))
        return o.u32(o.shr(p, 32)), o.u32(p)

    k = [b.broadcast(c, x[0].shape.dims, ()) if x[0].shape.dims else c for c in key]
    for _ in range(10):
        hi0, lo0 = mul_hi_lo(x[0], PHILOX_M4X32[0])
        hi1, lo1 = mul_hi_lo(x[2], PHILOX_M4X32[1])
        x = [o.xor(o.xor(hi1, x[1]), k[0]), lo1, o.xor(o.xor(hi0, x[3]), k[1]), lo0]
        k = [o.add(k[0], PHILOX_W32[0]), o.add(k[1], PHILOX_W32[1])]
    return x


def _u64_const(o: _Ops, value: int, like32: Instruction) -> Instruction:
    c = o.b.scalar(np.uint64(value), U64)
    return c if not like32.shape.dims else o.b.broadcast(c, like32.shape.dims, ())


def _split_shape(dims: tuple[int, ...]):
    """prng.cc SplitShapeIntoHalves: (half dims, split dim, concat dim)."""
    if not dims:
        return (1,), 0, 0
    even = [i for i, d in enumerate(dims) if d % 2 == 0]
    split = even[0] if even else max(range(len(dims)), key=lambda i: (dims[i], -i))
    half = dims[:split] + (-(-dims[split] // 2), 1) + dims[split + 1:]
    return half, split, split + 1


def _threefry_counters(o: _Ops, counter: Instruction, dims: tuple[int, ...]):
    """counter + row-major index over `dims` (dims < 2 skipped, as prng.cc), and counter + size."""
    b = o.b
    shape = Shape(U64, dims)
    x = b.broadcast(counter, dims, ()) if dims else counter
    stride = 1
    for i in range(len(dims) - 1, -1, -1):
        if dims[i] < 2:
            continue
        term = b.iota(shape, i)
        if stride != 1:
            term = b.mul(term, o.const(stride, term))
        x = b.add_(x, term)
        stride *= dims[i]
    return x, o.add(counter, int(np.prod(dims, dtype=np.int64)))


def _threefry(o: _Ops, state: Instruction, dims: tuple[int, ...], bits: int):
    b = o.b
    key = o.split(o.scalar_of(state, 0))
    counter = o.scalar_of(state, 1)
    if bits == 64:
        c, new_counter = _threefry_counters(o, counter, dims)
        y = threefry2x32(o, list(o.split(c)), list(key))
        return new_counter, o.join(y[0], y[1])
    half, split, concat = _split_shape(dims)
    c, new_counter = _threefry_counters(o, counter, half)
    y = threefry2x32(o, list(o.split(c)), list(key))
    if not dims:
        return new_counter, b.reshape(y[0], ())
    both = b.concatenate(y, concat)
    full = list(dims)
    full[split] = half[split] * 2
    value = b.reshape(both, full)
    if full[split] != dims[split]:
        value = b.slice(value, [0] * len(dims), dims)
    return new_counter, value


def _philox(o: _Ops, state: Instruction, dims: tuple[int, ...], bits: int):
    b = o.b
    n_state = state.shape.dims[0]
    key = o.split(o.scalar_of(state, 0))
    if n_state >= 3:
        lo, hi = o.scalar_of(state, 1), o.scalar_of(state, 2)
    else:
        lo, hi = o.scalar_of(state, 1), o.scalar_of(state, 0)  # the state read backwards
    num = int(np.prod(dims, dtype=np.int64))
    words = num * (2 if bits == 64 else 1)
    n4 = -(-words // 4)
    iota = b.iota(Shape(U64, (n4,)), 0)
    # (hi, lo) + i as u128, with the carry into hi
    lo_b = b.broadcast(lo, (n4,), ())
    new_lo = b.add_(lo_b, iota)
    carry = b.compare(new_lo, lo_b, "LT")
    hi_b = b.broadcast(hi, (n4,), ())
    new_hi = b.select(carry, b.broadcast(o.add(hi, 1), (n4,), ()), hi_b)
    x = [*o.split(new_lo), *o.split(new_hi)]
    y = philox4x32(o, x, list(key))
    end_lo = o.add(lo, n4)
    end_hi = b.select(b.compare(end_lo, lo, "LT"), o.add(hi, 1), hi)
    parts = [o.join(y[0], y[1]), o.join(y[2], y[3])] if bits == 64 else y
    # interleave the words of each counter: [n4, k] row-major
    cols = [b.reshape(p, (n4, 1)) for p in parts]
    flat = b.reshape(b.concatenate(cols, 1), (n4 * len(parts),))
    if n4 * len(parts) != num:
        flat = b.slice(flat, [0], [num])
    value = b.reshape(flat, dims)
    if n_state >= 3:
        new_counter = b.concatenate([b.reshape(end_lo, (1,)), b.reshape(end_hi, (1,))], 0)
    else:
        new_counter = b.reshape(end_lo, (1,))
    return new_counter, value


@register_pass
class RngBitGeneratorExpander(Pass):
    name = "rng-bit-generator-expander"
    summary = "expand rng-bit-generator into ThreeFry/Philox integer HLO (bit-exact with XLA)"
    Options = RngBitGeneratorExpanderOptions

    def run(self, module: Module) -> bool:
        changed = False
        for comp in module.computations:
            for rbg in [i for i in comp.instructions if i.opcode == "rng-bit-generator"]:
                changed |= self._expand(rbg)
        return changed

    def _expand(self, rbg: Instruction) -> bool:
        state = rbg.operands[0]
        out = rbg.shape.tuple_shapes[1]
        et = out.element_type
        if (state.shape.etype != U64 or state.shape.rank != 1 or et.kind in ("pred", "complex")
                or et.bits not in (8, 16, 32, 64) or not out.is_static):
            return False
        algorithm = rbg.attrs["algorithm"]
        if algorithm == "rng_default":
            algorithm = "rng_" + self.options.default_algorithm
        if algorithm not in ("rng_three_fry", "rng_philox"):
            return False
        if state.shape.dims[0] < 2:
            return False
        comp = rbg.computation
        b = Builder(comp)
        o = _Ops(b)
        gen = _threefry if algorithm == "rng_three_fry" else _philox
        bits = 64 if et.bits == 64 else 32
        counter, value = gen(o, state, tuple(out.dims), bits)
        if counter.shape.rank == 0:
            counter = b.reshape(counter, (1,))
        key = b.slice(state, [0], [1])
        parts = [key, counter]
        n = state.shape.dims[0]
        used = 1 + counter.shape.dims[0]
        if used < n:  # elements of a longer state that the algorithm does not use stay as they are
            parts.append(b.slice(state, [used], [n]))
        new_state = b.concatenate(parts, 0)
        unsigned = f"u{et.bits}"
        if value.shape.etype != unsigned:
            value = b.convert(value, unsigned)  # the low bits of each 32-bit draw
        if out.etype != unsigned:
            value = b.bitcast_convert(value, out.etype)
        result = b.tuple([new_state, value])
        name = rbg.name
        replace_instruction(rbg, result)
        comp.rename(result, name)
        return True
