"""What each collective computes from its participants' values: the one definition the interpreter
(ops/collectives.py) and the native runtimes (hloc/runtime/collectives.py: threads, MPI) share.

Every function takes `values`, one list of operand arrays per member of the group in group order,
and returns one list of result arrays per member. Reductions fold left to right in group order,
as XLA:CPU does, with `reduce2(a, b)` (the to_apply computation on whole arrays).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

import numpy as np

from ..errors import RunError


def all_reduce(values: list[list], reduce2: Callable) -> list[list]:
    out = []
    for k in range(len(values[0])):
        acc = values[0][k]
        for v in values[1:]:
            acc = np.asarray(reduce2(acc, v[k]))
        out.append(np.array(acc, copy=True))
    return [out] + [[a.copy() for a in out] for _ in values[1:]]


def all_gather(values: list[list], dim: int) -> list[list]:
    gathered = [np.concatenate([v[k] for v in values], axis=dim) for k in range(len(values[0]))]
    return [gathered] + [[a.copy() for a in gathered] for _ in values[1:]]


def _blocks(a: np.ndarray, dim: int, n: int, what: str) -> list[np.ndarray]:
    if a.shape[dim] % n:
        raise RunError(f"{what}: dimension {dim} of {list(a.shape)} does not split into {n} blocks")
    return np.split(a, n, axis=dim)


def reduce_scatter(values: list[list], dim: int, reduce2: Callable) -> list[list]:
    n = len(values)
    reduced = all_reduce(values, reduce2)[0]
    parts = [_blocks(a, dim, n, "reduce-scatter") for a in reduced]
    return [[np.array(p[i]) for p in parts] for i in range(n)]


def all_to_all(values: list[list], dim: int | None) -> list[list]:
    """Block j of each operand (split along `dim`) to member j, concatenated in group order; without
    `dim` (the tuple form), operand j to member j."""
    n = len(values)
    if dim is None:
        if len(values[0]) != n:
            raise RunError(f"all-to-all with {len(values[0])} operands among {n} participants")
        return [[np.array(values[k][i]) for k in range(n)] for i in range(n)]
    blocks = [[_blocks(a, dim, n, "all-to-all") for a in v] for v in values]
    return [[np.concatenate([blocks[k][j][i] for k in range(n)], axis=dim) for j in range(len(values[0]))]
            for i in range(n)]


def broadcast(values: list[list]) -> list[list]:
    return [[np.array(a) for a in values[0]] for _ in values]


def permute(values: list[list], source_of: Sequence[int | None]) -> list[list]:
    """Member t gets the operands of member source_of[t], zeros when nobody sends to it."""
    return [[np.array(a) for a in values[s]] if s is not None else [np.zeros_like(a) for a in values[t]]
            for t, s in enumerate(source_of)]


def ragged_all_to_all(values: list[list]) -> list[list]:
    """Member i's output: its output operand, with sender k's rows [k.input_offsets[i],
    +k.send_sizes[i]) at k.output_offsets[i]. values[k] = [input, output, input_offsets,
    send_sizes, output_offsets, recv_sizes]."""
    n = len(values)
    for v in values:
        if any(np.size(a) < n for a in v[2:]):
            raise RunError(f"ragged-all-to-all: offsets and sizes need one entry per participant ({n})")
    outs = []
    for i in range(n):
        out = np.array(values[i][1])
        for k in range(n):
            data, _output, in_off, send, out_off, _recv = values[k]
            start, size, dst = (int(np.ravel(x)[i]) for x in (in_off, send, out_off))
            if size > 0:
                out[dst: dst + size] = data[start: start + size]
        outs.append([out])
    return outs


# Reducers numpy computes directly: (ufunc, what pred arrays use).
NUMPY_REDUCERS = {"add": np.add, "multiply": np.multiply, "maximum": np.maximum, "minimum": np.minimum,
                  "and": np.logical_and, "or": np.logical_or, "xor": np.logical_xor}
BITWISE = {"and": np.bitwise_and, "or": np.bitwise_or, "xor": np.bitwise_xor}


def numpy_reduce2(op: str) -> Callable:
    """reduce2 for a reducer that is one binary op: integers wrap, pred uses logical ops."""
    def reduce2(a, b):
        if op in BITWISE and a.dtype != np.bool_:
            return BITWISE[op](a, b)
        with np.errstate(all="ignore"):
            return NUMPY_REDUCERS[op](a, b).astype(a.dtype, copy=False)

    return reduce2
