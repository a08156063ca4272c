"""Random numbers.

rng-bit-generator is bit-exact with XLA: the state and bits XLA's RngBitGeneratorExpander produces
(xla/hlo/builder/lib/prng.cc: ThreeFry2x32 with 20 rounds, Philox4x32 with 10 rounds).
`rng_default` is Philox, XLA:CPU's default algorithm.

rng-get-and-update-state is XLA:CPU's: every such instruction keeps its own u128 state, starting at
0x7012395 (+ `rng_seed`, default 0) and advancing by `delta` each time it runs in one evaluation.

`rng` (rng_uniform / rng_normal) is deterministic here but not XLA's stream: XLA expands it to Philox
keyed by the instruction's internal unique id and the module's seed, which HLO text does not fix.
Each Evaluator draws from numpy's PCG64 seeded with its `rng_seed` (default 0), in evaluation order,
so the same module on the same inputs gives the same numbers on every run.
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ...ir.types import ELEMENT_TYPES
from ..registry import handler
from ..util import convert, uint_dtype

_U32 = np.uint32
_M32 = np.uint64(0xFFFFFFFF)
_S32 = np.uint64(32)


def _split(u64: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    return (u64 & _M32).astype(_U32), (u64 >> _S32).astype(_U32)


def _join(lo: np.ndarray, hi: np.ndarray) -> np.ndarray:
    return lo.astype(np.uint64) | (hi.astype(np.uint64) << _S32)


def _rotl(v: np.ndarray, d: int) -> np.ndarray:
    return (v << _U32(d)) | (v >> _U32(32 - d))


def threefry2x32(x0: np.ndarray, x1: np.ndarray, k0, k1) -> tuple[np.ndarray, np.ndarray]:
    """Threefry-2x32 with 20 rounds (Salmon et al. 2011), as XLA's prng.cc computes it."""
    rot = (13, 15, 26, 6, 17, 29, 16, 24)
    k0, k1 = _U32(k0), _U32(k1)
    k2 = _U32(0x1BD11BDA) ^ k0 ^ k1
    ks = (k0, k1, k2)
    x0 = x0 + k0
    x1 = x1 + k1
    for i in range(5):
        for r in rot[(i % 2) * 4: (i % 2) * 4 + 4]:
            x0 = x0 + x1
            x1 = _rotl(x1, r) ^ x0
        x0 = x0 + ks[(i + 1) % 3]
        x1 = x1 + _U32((int(ks[(i + 2) % 3]) + i + 1) & 0xFFFFFFFF)
    return x0, x1


def philox4x32(x: list[np.ndarray], k0, k1) -> list[np.ndarray]:
    """Philox-4x32 with 10 rounds."""
    ma, mb = np.uint64(0xD2511F53), np.uint64(0xCD9E8D57)
    k0, k1 = _U32(k0), _U32(k1)
    for _ in range(10):
        p0 = x[0].astype(np.uint64) * ma
        p1 = x[2].astype(np.uint64) * mb
        hi0, lo0 = (p0 >> _S32).astype(_U32), (p0 & _M32).astype(_U32)
        hi1, lo1 = (p1 >> _S32).astype(_U32), (p1 & _M32).astype(_U32)
        x = [hi1 ^ x[1] ^ k0, lo1, hi0 ^ x[3] ^ k1, lo0]
        k0 = _U32((int(k0) + 0x9E3779B9) & 0xFFFFFFFF)
        k1 = _U32((int(k1) + 0xBB67AE85) & 0xFFFFFFFF)
    return x


# --------------------------------------------------------------------------------------------------
# ThreeFry bit generator


def _split_shape(dims: tuple[int, ...]):
    """prng.cc SplitShapeIntoHalves: (half dims, split dim, new concat dim)."""
    if not dims:
        return [1], 0, 0
    even = [i for i, d in enumerate(dims) if d % 2 == 0]
    split = even[0] if even else int(np.argmax(dims))
    half = list(dims[:split]) + [-(-dims[split] // 2), 1] + list(dims[split + 1:])
    return half, split, split + 1


def _threefry_inputs(state: np.uint64, dims) -> tuple[np.ndarray, np.ndarray]:
    n = int(np.prod(dims, dtype=np.int64))
    counter = np.uint64(state) + np.arange(n, dtype=np.uint64)
    return counter.reshape(dims), np.uint64(state) + np.uint64(n)


def _threefry_bits32(key: np.uint64, state: np.uint64, dims) -> tuple[np.ndarray, np.uint64]:
    half, split, concat_dim = _split_shape(tuple(dims))
    counter, new_state = _threefry_inputs(state, half)
    lo, hi = _split(counter)
    k0, k1 = _split(np.asarray(key))
    o0, o1 = threefry2x32(lo, hi, k0, k1)
    if not dims:
        return o0.reshape(()), new_state
    both = np.concatenate([o0, o1], axis=concat_dim)
    shape = list(dims)
    shape[split] = half[split] * 2
    both = both.reshape(shape)
    return both[tuple(slice(0, d) for d in dims)], new_state


def _threefry(key, state: np.ndarray, dims, bits: int):
    s = state[1]
    if bits == 64:
        counter, new_state = _threefry_inputs(s, dims)
        lo, hi = _split(counter)
        k0, k1 = _split(np.asarray(key))
        o0, o1 = threefry2x32(lo, hi, k0, k1)
        value = _join(o0, o1)
    else:
        value, new_state = _threefry_bits32(key, s, dims)
    out_state = state.copy()
    out_state[1] = new_state
    return out_state, value


# --------------------------------------------------------------------------------------------------
# Philox bit generator


def _philox_bits(num: int, counter: np.ndarray, key) -> tuple[list[np.ndarray], np.ndarray]:
    """ceil(num / 4) Philox blocks from the u128 counter (low, high) and the counter advanced past them."""
    n = -(-num // 4)
    lo, hi = np.uint64(counter[0]), np.uint64(counter[1])
    idx = np.arange(n, dtype=np.uint64)
    new_lo = lo + idx
    new_hi = np.where(new_lo < lo, hi + np.uint64(1), hi)
    x = [*_split(new_lo), *_split(np.broadcast_to(new_hi, new_lo.shape))]
    k0, k1 = _split(np.asarray(key))
    end_lo = lo + np.uint64(n)
    end_hi = hi + np.uint64(1) if end_lo < lo else hi
    return philox4x32(x, k0, k1), np.array([end_lo, end_hi], np.uint64)


def _philox(key, state: np.ndarray, dims, bits: int):
    num = int(np.prod(dims, dtype=np.int64))
    counter = state[1:3] if state.shape[0] >= 3 else state[::-1]
    if bits == 64:
        blocks, new_counter = _philox_bits(2 * num, counter, key)
        parts = [_join(blocks[0], blocks[1]), _join(blocks[2], blocks[3])]
    else:
        parts, new_counter = _philox_bits(num, counter, key)
    value = np.stack(parts, axis=1).reshape(-1)[:num].reshape(dims)
    if state.shape[0] < 3:
        new_counter = new_counter[:1]
    return np.concatenate([state[:1], new_counter]), value


@handler("rng-bit-generator")
def _rng_bit_generator(instr, args, ev):
    state = args[0]
    if state.dtype != np.uint64:
        raise RunError(f"rng-bit-generator state must be u64, got {state.dtype}", instr.loc)
    out = instr.shape.tuple_shapes[1]
    et = ELEMENT_TYPES[out.etype]
    bits = et.bits
    if bits not in (8, 16, 32, 64) or et.kind in ("pred", "complex"):
        raise RunError(f"rng-bit-generator cannot produce {out.etype}", instr.loc)
    algorithm = instr.attrs["algorithm"]
    gen = _threefry if algorithm == "rng_three_fry" else _philox  # rng_default is Philox on XLA:CPU
    new_state, value = gen(state[0], state, out.dims, 32 if bits < 32 else bits)
    if bits < 32:
        value = value.astype(uint_dtype(bits // 8))  # the low bits of each 32-bit draw
    return new_state, np.array(value, order="C").view(et.np_dtype)


# --------------------------------------------------------------------------------------------------
# rng, rng-get-and-update-state


def _generator(ev) -> np.random.Generator:
    g = ev.memo.get(("rng",))
    if g is None:
        g = ev.memo[("rng",)] = np.random.Generator(np.random.PCG64(ev.rng_seed))
    return g


@handler("rng")
def _rng(instr, args, ev):
    if len(args) != 2:
        raise RunError(f"rng takes 2 operands (the distribution's parameters), got {len(args)}", instr.loc)
    a, b = args
    shape = instr.shape
    et = shape.element_type
    g = _generator(ev)
    dist = instr.attrs["distribution"]
    if dist == "rng_uniform":
        if et.kind in ("sint", "uint"):
            lo, hi = int(a), int(b)
            if hi <= lo:
                return np.full(shape.dims, lo, shape.dtype)
            return g.integers(lo, hi, size=shape.dims).astype(shape.dtype)
        if et.kind == "pred":
            return g.integers(int(a), int(b) + 1, size=shape.dims).astype(bool) if int(b) > int(a) else \
                np.full(shape.dims, bool(a))
        lo, hi = float(a), float(b)
        v = g.uniform(lo, hi, size=shape.dims)
        out = convert(v.astype(np.float64), shape.etype)
        # Rounding may reach hi: keep the half-open interval [a, b).
        return np.where(out.astype(np.float64) >= hi, a, out).astype(shape.dtype) if hi > lo else out
    if et.kind != "float":
        raise RunError(f"rng_normal needs a float type, got {shape.etype}", instr.loc)
    v = float(a) + float(b) * g.standard_normal(size=shape.dims)
    return convert(v, shape.etype)


_XLA_CPU_RNG_STATE = 0x7012395  # backends/cpu/runtime/rng_state_lib.cc kRngStateInitialValue


@handler("rng-get-and-update-state")
def _rng_get_and_update_state(instr, args, ev):
    key = ("rng-state", instr)
    state = ev.memo.get(key)
    if state is None:
        state = (_XLA_CPU_RNG_STATE + int(ev.rng_seed)) & ((1 << 128) - 1)
    delta = int(instr.attrs["delta"])
    ev.memo[key] = (state + delta) & ((1 << 128) - 1)
    return np.array([state & 0xFFFFFFFFFFFFFFFF, state >> 64], np.uint64)
