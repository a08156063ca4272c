"""Short human summaries of output arrays (`hloc run --print`)."""

from __future__ import annotations

import numpy as np

from ..ir.types import etype_of_dtype
from .compare import json_number

FIRST = 6  # values shown per output


def shape_str(a: np.ndarray) -> str:
    """`f32[4,8]`: an array described in HLO spelling."""
    return f"{etype_of_dtype(a.dtype)}[{','.join(map(str, a.shape))}]"


def stats(a: np.ndarray) -> dict:
    """dtype, shape, min/max/mean (NaN-propagating, as numpy does; |z| for complex), NaN count and
    the first values in row-major order."""
    d: dict = {"dtype": etype_of_dtype(a.dtype), "shape": list(a.shape)}
    flat = a.reshape(-1)
    if a.dtype.kind == "b":
        d["true"] = int(flat.sum())
        d["first"] = [bool(v) for v in flat[:FIRST]]
        return d
    if a.dtype.kind in "iu":
        d["first"] = [int(v) for v in flat[:FIRST]]
        if flat.size:
            d["min"], d["max"] = int(flat.min()), int(flat.max())
            d["mean"] = float(flat.astype(np.float64).mean())
        return d
    if a.dtype.kind == "c":
        wide = flat.astype(np.complex128)
        d["first"] = [complex(v) for v in wide[:FIRST]]
        mag = np.abs(wide)
        values = mag
    else:
        values = flat.astype(np.float64)  # ml_dtypes floats and sub-byte ints too
        as_int = etype_of_dtype(a.dtype)[0] in "su"
        d["first"] = [int(v) if as_int else float(v) for v in values[:FIRST]]
    if values.size:
        with np.errstate(invalid="ignore", over="ignore"):
            d["min"], d["max"], d["mean"] = float(values.min()), float(values.max()), float(values.mean())
        d["nan"] = int(np.isnan(values).sum())
    return d


def summary_line(name: str, a: np.ndarray) -> str:
    s = stats(a)
    text = f"{name}: {s['dtype']}[{','.join(map(str, s['shape']))}]"
    if a.size == 0:
        return text + " (empty)"
    if "true" in s:
        text += f" true={s['true']}/{a.size}"
    if "min" in s:
        label = "|min|" if a.dtype.kind == "c" else "min"
        text += f" {label}={_g(s['min'])} max={_g(s['max'])} mean={_g(s['mean'])}"
    if s.get("nan"):
        text += f" nan={s['nan']}"
    first = ", ".join(_g(v) for v in s["first"])
    return text + f" [{first}{', ...' if a.size > FIRST else ''}]"


def stats_json(a: np.ndarray) -> dict:
    s = stats(a)
    for k, v in list(s.items()):
        if isinstance(v, list) and k == "first":
            s[k] = [json_number(x) for x in v]
        else:
            s[k] = json_number(v)
    return s


def _g(v) -> str:
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, float):
        return f"{v:.6g}"
    if isinstance(v, complex):
        return f"({v.real:.6g}{v.imag:+.6g}j)"
    return str(v)
