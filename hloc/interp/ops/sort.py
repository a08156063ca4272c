"""sort (any comparator, multi-operand) and topk.

Semantics: XLA:CPU sorts each 1-D slice with std::stable_sort (is_stable=true) or std::sort
(is_stable=false) using the comparator as `less`. For a strict weak order the stable result is
unique. std::sort (libstdc++'s introsort, which jaxlib's XLA:CPU uses) may reorder equivalent
elements; for is_stable=false we reproduce its order exactly (checked against XLA:CPU in
testdata/interp/sort_unstable_ties): the stable sort gives every element its equivalence class, and
the introsort runs on the class numbers, only for slices longer than 16 (shorter ones are insertion
sorted, i.e. stable) whose equivalent elements are distinguishable (bitwise different in some operand).

Paths, fastest first:
1. single-key comparators, `compare(g(p[2k]), g(p[2k+1])), direction=LT|GT`, where g is any
   elementwise function (jax wraps keys in NaN/-0 canonicalization): keys g(x) are computed once
   (lifted) and sorted with numpy's stable argsort under the compare type's order (TOTALORDER:
   -NaN < -inf < ... < -0 < +0 < ... < inf < NaN; FLOAT without NaNs: -0 == +0; integers);
2. any liftable comparator: a bottom-up merge sort over all slices at once; each merge places every
   element by binary search in the other run (one lifted comparator call per search step);
3. otherwise (comparators with calls, loops, ...), Python's stable sort calling the comparator.
A 1- or 2-operand sort whose comparator is a plain LT/GT compare of its first operand is sorted by
XLA:CPU with std::less / std::greater, NaNs after (LT) or before (GT) every number: so here too.
Another comparator that is not a strict weak order (e.g. FLOAT LT with NaNs on 3 operands) goes to
path 3 (a deterministic result, which may differ from XLA's: libstdc++'s algorithms are not
replayed, as the native backend's are).

topk: values in TOTALORDER (largest: descending), ties keep the lower index first, also for
is_stable=false: XLA:CPU gives exactly that for every type (testdata/interp/topk_unstable_ties: f32
goes to its TopK runtime call, which breaks ties by index; bf16 largest packs the index into the sort
key; and an HLO topk reaches XLA:CPU through StableHLO, whose top_k has no stability flag).
"""

from __future__ import annotations

import functools
import math

import numpy as np

from ...errors import RunError
from ...ir.types import ELEMENT_TYPES
from ..registry import handler
from ._heavy_util import ScalarFn, is_liftable, signature, unary_subcomputation

_INT_OF_WIDTH = {1: np.int8, 2: np.int16, 4: np.int32, 8: np.int64}
_IEEE_LIKE = {"f16", "bf16", "f32", "f64"}


def total_order_keys(x: np.ndarray, etype: str) -> np.ndarray:
    """Signed integers ordered like XLA's TOTALORDER compare on floats (and like the values for ints)."""
    et = ELEMENT_TYPES[etype]
    if et.kind == "pred":
        return x.astype(np.int8)
    if et.is_integer:
        if et.bits < 8:  # ml_dtypes int4/uint4/...: numpy sorts plain bytes
            return x.astype(np.int8 if et.kind == "sint" else np.uint8)
        return x
    bits = np.ascontiguousarray(x).view(_INT_OF_WIDTH[x.dtype.itemsize])
    # negative floats: flip the magnitude bits so that larger magnitudes sort lower
    mask = np.array(np.iinfo(bits.dtype).max, bits.dtype)
    return np.where(bits < 0, bits ^ mask, bits)


def _descending(keys: np.ndarray) -> np.ndarray:
    """Keys whose ascending order is the descending order of `keys` (ties stay tied)."""
    if keys.dtype.kind in "iu":
        return ~keys
    return -keys


# ------------------------------------------------------------------------------------------- keys


def _single_key(comp):
    """(operand k, key computation, descending, total) for single-key LT/GT comparators, else None."""
    root = comp.root
    if root.opcode != "compare" or root.attrs.get("direction") not in ("LT", "GT"):
        return None
    lhs = unary_subcomputation(root.operands[0])
    rhs = unary_subcomputation(root.operands[1])
    if lhs is None or rhs is None:
        return None
    (pa, key_comp), (pb, _) = lhs, rhs
    if pa // 2 != pb // 2 or pa == pb:
        return None
    if signature(root.operands[0]) != signature(root.operands[1]) or not is_liftable(key_comp):
        return None
    descending = root.attrs["direction"] == "GT"
    if pa % 2 == 1:  # compare(g(rhs), g(lhs)): the opposite direction
        descending = not descending
    key_type = root.operands[0].shape.etype
    cmp_type = root.attrs.get("type")
    total = cmp_type == "TOTALORDER" or root.attrs.get("order") == "TOTAL"
    et = ELEMENT_TYPES[key_type]
    if et.is_float and key_type not in _IEEE_LIKE:
        return None
    if et.is_complex:
        return None
    if et.is_integer and cmp_type not in (None, "SIGNED" if et.kind == "sint" else "UNSIGNED"):
        return None
    return pa // 2, key_comp, descending, total


def _keyed_permutation(keys: np.ndarray, key_type: str, descending: bool, total: bool, nan_last: bool = False):
    """(stable permutation, the ordered keys it sorts), or None when the keys have no strict weak order.
    `nan_last`: XLA:CPU sorts with std::less / std::greater instead of the comparator (a plain
    compare of a 1- or 2-operand sort), which puts NaNs after every number (LT) or before (GT)."""
    et = ELEMENT_TYPES[key_type]
    if et.is_float:
        if total:
            keys = total_order_keys(keys, key_type)
        else:
            wide = keys.astype(np.float64)
            nan = np.isnan(wide)
            if nan.any():
                if not nan_last:
                    return None  # FLOAT compares with NaNs are no strict weak order
                # rank among the numbers (-0 == +0), all NaNs one rank above (LT) or below (GT)
                numbers = np.where(nan, 0.0, np.where(wide == 0, 0.0, wide))
                ranks = np.searchsorted(np.unique(numbers), numbers).astype(np.float64)
                keys = np.where(nan, -np.inf, -ranks) if descending else np.where(nan, np.inf, ranks)
                descending = False
            else:
                keys = np.where(wide == 0, 0.0, wide)
    elif et.kind == "pred":
        keys = keys.astype(np.int8)
    if descending:
        keys = _descending(keys)
    return np.argsort(keys, axis=-1, kind="stable"), keys


# ----------------------------------------------------------------------------- generic merge sort


def _merge_sort(values: list[np.ndarray], less) -> np.ndarray | None:
    """Stable sort permutation [R, n] of every row; `less(lhs_values, rhs_values)` -> bool array.

    Bottom-up merge of runs of width w: an element of a left run lands after the right-run elements
    strictly less than it, an element of a right run after the left-run elements not greater than it;
    both counts come from a vectorized binary search. Returns None when the comparator is not a
    strict weak order (positions collide).
    """
    r, n = values[0].shape
    perm = np.broadcast_to(np.arange(n, dtype=np.int64), (r, n)).copy()
    rows = np.arange(r)[:, None]
    pos = np.arange(n, dtype=np.int64)
    w = 1
    while w < n:
        run = pos // w
        is_left = run % 2 == 0
        a0 = (run // 2) * 2 * w
        b0 = a0 + w
        len_a = np.minimum(w, n - a0)
        len_b = np.clip(n - b0, 0, w)
        off = pos - np.where(is_left, a0, b0)
        o_start = np.where(is_left, b0, a0)
        cur = [np.take_along_axis(v, perm, axis=1) for v in values]
        lo = np.zeros((r, n), np.int64)
        hi = np.broadcast_to(np.where(is_left, len_b, len_a), (r, n)).copy()
        while True:
            active = lo < hi
            if not active.any():
                break
            mid = (lo + hi) // 2
            j = np.minimum(o_start + mid, n - 1)
            other = [np.take_along_axis(c, j, axis=1) for c in cur]
            # left elements ask less(other, self); right elements ask less(self, other)
            first = [np.where(is_left, o, c) for o, c in zip(other, cur)]
            second = [np.where(is_left, c, o) for o, c in zip(other, cur)]
            res = np.asarray(less(first, second), dtype=bool)
            cond = np.where(is_left, res, ~res) & active
            lo = np.where(cond, mid + 1, lo)
            hi = np.where(active & ~cond, mid, hi)
        new_pos = a0 + off + lo
        seen = np.zeros((r, n), bool)
        seen[rows, new_pos] = True
        if not seen.all():
            return None
        new_perm = np.empty_like(perm)
        new_perm[rows, new_pos] = perm
        perm = new_perm
        w *= 2
    return perm


def _python_sort(values: list[np.ndarray], fn: ScalarFn) -> np.ndarray:
    """Per row, Python's stable sort with the comparator called one pair at a time."""
    r, n = values[0].shape
    perm = np.empty((r, n), np.int64)
    for row in range(r):
        vals = [v[row] for v in values]

        def cmp(i, j, vals=vals):
            args = []
            for v in vals:
                args += [v[i], v[j]]
            if bool(fn.call_scalar(*args)):
                return -1
            args = []
            for v in vals:
                args += [v[j], v[i]]
            return 1 if bool(fn.call_scalar(*args)) else 0

        perm[row] = sorted(range(n), key=functools.cmp_to_key(cmp))
    return perm


# ------------------------------------------------------------------- std::sort (is_stable=false)


def introsort_order(keys: list[int]) -> list[int]:
    """The order in which libstdc++'s std::sort (introsort: median-of-three quicksort above 16
    elements, heapsort past depth 2*log2(n), final insertion sort) leaves positions 0..n-1 when
    comparing `keys[i] < keys[j]`. Written from the algorithm's published description."""
    a = list(range(len(keys)))
    n = len(a)

    def less(i, j):
        return keys[i] < keys[j]

    def linear_insert(last):
        val = a[last]
        nxt = last - 1
        while less(val, a[nxt]):
            a[last] = a[nxt]
            last = nxt
            nxt -= 1
        a[last] = val

    def insertion_sort(first, last):
        for i in range(first + 1, last):
            if less(a[i], a[first]):
                val = a[i]
                a[first + 1:i + 1] = a[first:i]
                a[first] = val
            else:
                linear_insert(i)

    def median_to_first(result, x, y, z):
        if less(a[x], a[y]):
            pick = y if less(a[y], a[z]) else (z if less(a[x], a[z]) else x)
        else:
            pick = x if less(a[x], a[z]) else (z if less(a[y], a[z]) else y)
        a[result], a[pick] = a[pick], a[result]

    def partition(first, last, pivot):
        while True:
            while less(a[first], a[pivot]):
                first += 1
            last -= 1
            while less(a[pivot], a[last]):
                last -= 1
            if not first < last:
                return first
            a[first], a[last] = a[last], a[first]
            first += 1

    def sift(first, hole, length, value):
        top = second = hole
        while second < (length - 1) // 2:
            second = 2 * (second + 1)
            if less(a[first + second], a[first + second - 1]):
                second -= 1
            a[first + hole] = a[first + second]
            hole = second
        if length % 2 == 0 and second == (length - 2) // 2:
            second = 2 * (second + 1)
            a[first + hole] = a[first + second - 1]
            hole = second - 1
        parent = (hole - 1) // 2
        while hole > top and less(a[first + parent], value):
            a[first + hole] = a[first + parent]
            hole = parent
            parent = (hole - 1) // 2
        a[first + hole] = value

    def heap_sort(first, last):
        length = last - first
        for parent in range((length - 2) // 2, -1, -1):
            sift(first, parent, length, a[first + parent])
        while last - first > 1:
            last -= 1
            value = a[last]
            a[last] = a[first]
            sift(first, 0, last - first, value)

    def introsort(first, last, depth):
        while last - first > 16:
            if depth == 0:
                heap_sort(first, last)
                return
            depth -= 1
            median_to_first(first, first + 1, first + (last - first) // 2, last - 1)
            cut = partition(first + 1, last, first)
            introsort(cut, last, depth)
            last = cut

    if n > 1:
        introsort(0, n, 2 * (n.bit_length() - 1))
    if n > 16:
        insertion_sort(0, 16)
        for i in range(16, n):
            linear_insert(i)
    else:
        insertion_sort(0, n)
    return a


def unstable_order(perm: np.ndarray, values: list[np.ndarray], adjacent_less: np.ndarray) -> np.ndarray:
    """std::sort's permutation from the stable one. `adjacent_less[r, j]`: sorted element j is strictly
    less than sorted element j+1 (False: equivalent)."""
    r, n = perm.shape
    if n <= 16:
        return perm
    sorted_vals = [np.take_along_axis(v, perm, axis=1) for v in values]
    differs = np.zeros((r, n - 1), bool)
    for v in sorted_vals:
        bits = np.ascontiguousarray(v).view(np.uint8).reshape(r, n, -1)
        differs |= np.any(bits[:, 1:] != bits[:, :-1], axis=-1)
    visible = np.any(~adjacent_less & differs, axis=1)
    if not visible.any():
        return perm
    perm = perm.copy()
    classes_sorted = np.concatenate([np.zeros((r, 1), np.int64), np.cumsum(adjacent_less, axis=1)], axis=1)
    for row in np.flatnonzero(visible):
        classes = np.empty(n, np.int64)
        classes[perm[row]] = classes_sorted[row]
        perm[row] = introsort_order(classes.tolist())
    return perm


def sort_permutation(comp, ev, values: list[np.ndarray], stable: bool = True) -> np.ndarray:
    """The permutation [R, n] that sorts rows of `values` (each [R, n]) under comparator `comp`, in
    std::stable_sort's order (stable) or std::sort's (not stable)."""
    n = values[0].shape[1]
    if n <= 1:
        return np.zeros(values[0].shape, np.int64)
    fn = ScalarFn(comp, ev)
    perm = None
    single = _single_key(comp)
    if single is not None:
        k, key_comp, descending, total = single
        keys = np.asarray(ScalarFn(key_comp, ev)(values[k]))
        plain = len(values) <= 2 and all(o.opcode == "parameter" for o in comp.root.operands)
        keyed = _keyed_permutation(keys, key_comp.root.shape.etype, descending, total, nan_last=plain)
        if keyed is not None:
            perm, order_keys = keyed
            if not stable:
                sk = np.take_along_axis(order_keys, perm, axis=1)
                perm = unstable_order(perm, values, sk[:, 1:] != sk[:, :-1])
            return perm
    if fn.liftable:
        perm = _merge_sort(values, lambda lhs, rhs: fn(*_interleave(lhs, rhs)))
    if perm is None:
        perm = _python_sort(values, fn)
    if not stable:
        sv = [np.take_along_axis(v, perm, axis=1) for v in values]
        adjacent = np.asarray(fn(*_interleave([v[:, :-1] for v in sv], [v[:, 1:] for v in sv])), bool)
        perm = unstable_order(perm, values, adjacent)
    return perm


def _interleave(lhs, rhs):
    args = []
    for a, b in zip(lhs, rhs):
        args += [a, b]
    return args


@handler("sort")
def sort(instr, args, ev):
    dims = instr.attrs.get("dimensions", ())
    if len(dims) != 1:
        raise RunError("sort needs exactly one dimension", instr.loc)
    dim = dims[0]
    ops = [np.asarray(a) for a in args]
    if not ops:
        raise RunError("sort needs at least one operand", instr.loc)
    shape = ops[0].shape
    if any(o.shape != shape for o in ops):
        raise RunError("sort operands must have the same dimensions", instr.loc)
    comp = instr.to_apply
    if len(comp.parameters) != 2 * len(ops):
        raise RunError(f"sort comparator takes {len(comp.parameters)} parameters, expected {2 * len(ops)}",
                       instr.loc)
    moved = [np.moveaxis(o, dim, -1) for o in ops]
    mshape = moved[0].shape
    n = mshape[-1]
    rows = math.prod(mshape[:-1])
    flat = [m.reshape(rows, n) for m in moved]
    if rows and n:
        perm = sort_permutation(comp, ev, flat, bool(instr.attrs.get("is_stable", False)))
        flat = [np.take_along_axis(f, perm, axis=1) for f in flat]
    outs = [np.ascontiguousarray(np.moveaxis(f.reshape(mshape), -1, dim)) for f in flat]
    return tuple(outs) if instr.shape.is_tuple else outs[0]


@handler("topk")
def topk(instr, args, ev):
    x = np.asarray(args[0])
    k = int(instr.attrs["k"])
    largest = bool(instr.attrs.get("largest", True))
    etype = instr.operands[0].shape.etype
    if x.ndim == 0 or k > x.shape[-1] or k < 0:
        raise RunError(f"topk: k={k} does not fit the last dimension", instr.loc)
    keys = total_order_keys(x, etype)
    if largest:
        keys = _descending(keys)
    order = np.argsort(keys, axis=-1, kind="stable")[..., :k]
    values = np.take_along_axis(x, order, axis=-1)
    index_dtype = instr.shape.tuple_shapes[1].dtype if instr.shape.is_tuple else np.int32
    return values, order.astype(index_dtype)
