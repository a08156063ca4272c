"""Applying the scalar computations of structured ops (reducers, comparators, scatter combiners) to
whole arrays, plus small index helpers shared by the structured-op handlers.

Private to the structured-op handlers (reduce-window, scatter, select-and-scatter, sort).

A scalar computation built only from elementwise ops is "lifted": the same computation with every
scalar shape widened to a vector `T[n]` (constants broadcast) is evaluated once by the registered
handlers, so its semantics are exactly the per-element semantics while costing one handler call per
instruction for the whole batch. Computations that are not liftable (calls, while loops, ...) are
applied one element at a time through `ev.call`.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...errors import RunError
from ...ir.module import Computation, Instruction
from ...ir.opcodes import ELEMENTWISE
from ...ir.types import ELEMENT_TYPES, Shape

# Elementwise opcodes a lifted computation may contain (rng-free, shape-agnostic).
_LIFTABLE = (ELEMENTWISE | {"copy", "tuple", "get-tuple-element"}) - {"stochastic-convert"}

# Commutative binary opcodes: `op(p1, p0)` computes the same as `op(p0, p1)`.
_COMMUTATIVE = {"add", "multiply", "maximum", "minimum", "and", "or", "xor"}


def _scalar_leaves_only(shape: Shape) -> bool:
    if shape.is_tuple:
        return all(_scalar_leaves_only(s) for s in shape.tuple_shapes)
    return shape.is_array and shape.rank == 0


def _widen_shape(shape: Shape, n: int) -> Shape:
    if shape.is_tuple:
        return Shape.tuple(_widen_shape(s, n) for s in shape.tuple_shapes)
    return Shape.array(shape.etype, (n,))


def is_liftable(comp: Computation) -> bool:
    for instr in comp.instructions:
        if not _scalar_leaves_only(instr.shape):
            return False
        op = instr.opcode
        if op == "parameter":
            continue
        if op == "constant":
            if not isinstance(instr.literal, np.ndarray):
                return False
            continue
        if op not in _LIFTABLE:
            return False
    return True


def _widen(comp: Computation, n: int) -> Computation:
    """`comp` with every scalar shape T[] replaced by T[n] (constants broadcast to T[n])."""
    new = Computation(f"{comp.name}.lifted")
    mapping: dict[Instruction, Instruction] = {}
    for p in comp.parameters:
        q = Instruction("parameter", _widen_shape(p.shape, n), (), {}, p.name)
        q.parameter_number = p.parameter_number
        mapping[p] = new.add(q)
    for instr in comp.post_order():
        if instr in mapping:
            continue
        if instr.opcode == "constant":
            c = Instruction("constant", instr.shape, (), {}, instr.name)
            c.literal = instr.literal
            new.add(c)
            b = Instruction("broadcast", _widen_shape(instr.shape, n), [c], {"dimensions": ()}, instr.name + ".bcast")
            mapping[instr] = new.add(b)
            continue
        operands = [mapping[o] for o in instr.operands]
        w = Instruction(instr.opcode, _widen_shape(instr.shape, n), operands, dict(instr.attrs), instr.name)
        mapping[instr] = new.add(w)
    new.root = mapping[comp.root]
    return new


class ScalarFn:
    """A scalar computation applied elementwise to arrays: `fn(*arrays)` broadcasts its arguments
    and returns an array (or a tuple of arrays for tuple-shaped roots) of the broadcast shape."""

    def __init__(self, comp: Computation, ev):
        self.comp = comp
        self.ev = ev
        self.liftable = is_liftable(comp)
        # Widened computations are cached per evaluator when it offers a memo (evaluators that plan
        # each computation once would otherwise keep one plan per handler call).
        memo = getattr(ev, "memo", None)
        self._widened: dict = memo if isinstance(memo, dict) else {}
        root = comp.root
        self.out_shapes = root.shape.tuple_shapes if root.shape.is_tuple else (root.shape,)
        self.param_dtypes = [p.shape.dtype for p in comp.parameters]

    # -- structure queries used for fast paths
    def binary_opcode(self) -> str | None:
        """`op` when the computation is just `ROOT op(p0, p1)` (or `op(p1, p0)` for commutative op)."""
        root = self.comp.root
        params = self.comp.parameters
        if len(params) != 2 or len(root.operands) != 2 or len(self.comp.instructions) != 3:
            return None
        a, b = root.operands
        if a is params[0] and b is params[1]:
            return root.opcode
        if a is params[1] and b is params[0] and root.opcode in _COMMUTATIVE:
            return root.opcode
        return None

    def forwarded_parameter(self) -> int | None:
        """The parameter number when the root is a parameter (a `replace` combiner)."""
        root = self.comp.root
        return root.parameter_number if root.opcode == "parameter" else None

    # -- application
    def __call__(self, *arrays):
        arrays = [np.asarray(a, dtype=dt) for a, dt in zip(arrays, self.param_dtypes)]
        shape = np.broadcast_shapes(*(a.shape for a in arrays)) if arrays else ()
        n = int(np.prod(shape, dtype=np.int64))
        if n == 0:
            outs = [np.zeros(shape, s.dtype) for s in self.out_shapes]
        elif self.liftable:
            flat = [np.ascontiguousarray(np.broadcast_to(a, shape)).reshape(n) for a in arrays]
            key = ("heavy-widened", self.comp, n)
            wide = self._widened.get(key)
            if wide is None:
                wide = self._widened[key] = _widen(self.comp, n)
            res = self.ev.call(wide, flat)
            res = res if isinstance(res, tuple) else (res,)
            outs = [np.asarray(r).reshape(shape) for r in res]
        else:
            outs = self._per_element(arrays, shape, n)
        return tuple(outs) if len(self.out_shapes) > 1 or self.comp.root.shape.is_tuple else outs[0]

    def _per_element(self, arrays, shape, n):
        flat = [np.broadcast_to(a, shape).reshape(n) for a in arrays]
        outs = [np.empty(n, s.dtype) for s in self.out_shapes]
        for i in range(n):
            res = self.ev.call(self.comp, [np.asarray(f[i]) for f in flat])
            res = res if isinstance(res, tuple) else (res,)
            for o, r in zip(outs, res):
                o[i] = r
        return [o.reshape(shape) for o in outs]

    def call_scalar(self, *values):
        """One application on scalars (0-d arrays); returns a value or a tuple of values."""
        return self.ev.call(self.comp, [np.asarray(v, dtype=dt) for v, dt in zip(values, self.param_dtypes)])


# --------------------------------------------------------------------------------------------------
# Numpy ufuncs for reducer/combiner fast paths, only where numpy's result is bit-identical to HLO's:
# integer add/multiply wrap in both; float and complex add/multiply are IEEE in both (bf16/f16 round
# after each step in both). Float maximum/minimum are left to the registered handlers: HLO orders
# -0.0 < +0.0 there, numpy's maximum returns either zero.

def ufunc_for(opcode: str | None, etype: str):
    """The numpy ufunc equal to binary `opcode` on `etype` values, or None."""
    if opcode is None:
        return None
    et = ELEMENT_TYPES[etype]
    if et.kind == "pred":
        return {"and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor,
                "maximum": np.logical_or, "minimum": np.logical_and}.get(opcode)
    if et.is_integer and et.bits >= 8:
        return {"add": np.add, "multiply": np.multiply, "maximum": np.maximum, "minimum": np.minimum,
                "and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}.get(opcode)
    if et.is_float and et.bits >= 16:
        return {"add": np.add, "multiply": np.multiply}.get(opcode)
    if et.is_complex:
        return {"add": np.add, "multiply": np.multiply}.get(opcode)
    return None


# --------------------------------------------------------------------------------------------------
# Windows (reduce-window, select-and-scatter)


def window_positions(window, in_dims: Sequence[int], out_dims: Sequence[int]):
    """For each window offset (row-major over the window), the input index of every output position.

    Yields `(offset, index, valid)`: `index` is a tuple of per-dimension int arrays broadcastable to
    the output shape, `valid` a bool array (False where the position falls into padding or a base
    dilation hole, which XLA skips rather than reading as init values).
    """
    rank = len(in_dims)
    dims = window.dims if window is not None and window.rank else ()
    if len(dims) != rank:
        raise RunError(f"window has {len(dims)} dimensions, operand has {rank}")
    sizes = [d.size for d in dims]
    per_dim = []  # per dimension: for each window position k, (index vector, valid vector)
    for d, wd in enumerate(dims):
        o = np.arange(out_dims[d], dtype=np.int64)
        entries = []
        for k in range(wd.size):
            base = o * wd.stride + k * wd.window_dilation - wd.pad_lo
            if wd.base_dilation > 1:
                ok = base % wd.base_dilation == 0
                base = base // wd.base_dilation
            else:
                ok = np.ones_like(base, dtype=bool)
            ok &= (base >= 0) & (base < in_dims[d])
            shp = [1] * rank
            shp[d] = out_dims[d]
            entries.append((np.where(ok, base, 0).reshape(shp), ok.reshape(shp)))
        per_dim.append(entries)
    for offset in np.ndindex(*sizes):
        idx = tuple(per_dim[d][k][0] for d, k in enumerate(offset))
        valid = np.ones((1,) * rank, dtype=bool)
        for d, k in enumerate(offset):
            valid = valid & per_dim[d][k][1]
        yield offset, idx, np.broadcast_to(valid, tuple(out_dims))


def rounds(keys: np.ndarray):
    """Split positions into rounds of distinct keys: round r holds the r-th occurrence (in position
    order) of every key that occurs more than r times. Applying updates round by round keeps each
    key's updates in order while every round is one vectorized step."""
    n = keys.size
    if n == 0:
        return
    order = np.argsort(keys, kind="stable")
    sk = keys[order]
    starts = np.flatnonzero(np.r_[True, sk[1:] != sk[:-1]])
    sizes = np.diff(np.r_[starts, n])
    r = 0
    while starts.size:
        yield order[starts + r]
        r += 1
        keep = sizes > r
        starts, sizes = starts[keep], sizes[keep]


# --------------------------------------------------------------------------------------------------
# Sub-expressions of scalar computations (sort keys)


def _subgraph(node: Instruction) -> list[Instruction]:
    """`node` and everything it depends on, operands first."""
    order: list[Instruction] = []
    seen: set[Instruction] = set()
    stack = [(node, False)]
    while stack:
        n, done = stack.pop()
        if done:
            order.append(n)
            continue
        if n in seen:
            continue
        seen.add(n)
        stack.append((n, True))
        for o in reversed(n.operands):
            if o not in seen:
                stack.append((o, False))
    return order


def unary_subcomputation(node: Instruction) -> tuple[int, Computation] | None:
    """When `node` is a function of exactly one parameter: (its number, a one-parameter computation
    whose root computes `node`). None otherwise."""
    nodes = _subgraph(node)
    params = [n for n in nodes if n.opcode == "parameter"]
    if len(params) != 1:
        return None
    new = Computation(f"{node.name}.key")
    mapping: dict[Instruction, Instruction] = {}
    for n in nodes:
        if n.opcode == "parameter":
            c = Instruction("parameter", n.shape, (), {}, n.name)
            c.parameter_number = 0
        else:
            c = Instruction(n.opcode, n.shape, [mapping[o] for o in n.operands], dict(n.attrs), n.name)
            c.literal = n.literal
        mapping[n] = new.add(c)
    new.root = mapping[node]
    return params[0].parameter_number, new


def signature(node: Instruction) -> tuple:
    """A structural key of the expression `node` with parameters anonymized (equal keys: same function)."""
    memo: dict[Instruction, tuple] = {}
    for n in _subgraph(node):
        if n.opcode == "parameter":
            memo[n] = ("parameter", n.shape.etype)
            continue
        lit = None
        if n.literal is not None:
            lit = n.literal.tobytes() if isinstance(n.literal, np.ndarray) else repr(n.literal)
        attrs = tuple(sorted((k, repr(v)) for k, v in n.attrs.items() if k != "metadata"))
        memo[n] = (n.opcode, n.shape.to_str(False), attrs, lit, tuple(memo[o] for o in n.operands))
    return memo[node]
