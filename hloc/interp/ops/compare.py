"""compare, select, clamp.

Floats compare IEEE-style by default (every comparison with NaN is false except NE); `type=TOTALORDER`
(printed `order=TOTAL` by newer XLA) compares in the total order -NaN < -Inf < ... < -0 < +0 < ... <
+Inf < +NaN.
"""

from __future__ import annotations

import numpy as np

from ...errors import RunError
from ..registry import handler
from ..util import ETYPE_OF, F32, F64, NARROW_FLOATS, SUB_BYTE_INTS, downcast, total_order_key, upcast
from .elementwise import _max, _min

_CMP = {
    "EQ": np.equal, "NE": np.not_equal, "LT": np.less, "GT": np.greater, "LE": np.less_equal,
    "GE": np.greater_equal,
}


@handler("compare")
def _compare(instr, args, ev):
    a, b = args
    fn = _CMP[instr.attrs["direction"]]
    total = instr.attrs.get("type") == "TOTALORDER" or instr.attrs.get("order") == "TOTAL"
    if a.dtype.kind == "c":
        if fn not in (np.equal, np.not_equal):
            raise RunError(f"complex numbers have no order ({instr.attrs['direction']})", instr.loc)
        return np.asarray(fn(a, b))
    et = ETYPE_OF[a.dtype]
    if total and a.dtype.kind not in "iub":
        return np.asarray(fn(total_order_key(a), total_order_key(b)))
    if et in NARROW_FLOATS or et in SUB_BYTE_INTS:
        a, b = upcast(a), upcast(b)
    return np.asarray(fn(a, b))


@handler("select")
def _select(instr, args, ev):
    p, t, f = args
    if isinstance(t, tuple):  # old-style select of tuples on a scalar predicate
        return t if bool(p) else f
    return np.where(p, t, f)


@handler("clamp")
def _clamp(instr, args, ev):
    lo, x, hi = args
    k = x.dtype.kind
    if x.dtype in (F32, F64):
        return _min(hi, _max(lo, x))  # NaN-propagating, as min(hi, max(lo, x)) in XLA
    if k in "iu":
        return np.minimum(hi, np.maximum(lo, x))
    et = ETYPE_OF[x.dtype]
    if et in NARROW_FLOATS:
        return downcast(_min(upcast(hi), _max(upcast(lo), upcast(x))), et)
    if et in SUB_BYTE_INTS:
        return downcast(np.minimum(upcast(hi), np.maximum(upcast(lo), upcast(x))), et)
    raise RunError(f"clamp is not defined for element type {et}", instr.loc)
