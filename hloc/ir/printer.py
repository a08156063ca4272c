"""Module -> HLO text.

Styles:
  "canonical"  `%` names, result shapes with layouts, computation signatures, metadata and all
               attributes, every constant in full: parse(print(m)) equals m, and output is deterministic.
  "long"       XLA's ToString with print_operand_shape and print_large_constants (hlo_parser_test's
               long round-trip cases).
  "short"      XLA's HloPrintOptions::ShortParsable(): no `%`, no operand shapes, no signatures, no
               metadata (what `jax ... .as_text(dialect="hlo")` prints).
"""

from __future__ import annotations

import numpy as np

from .attrs import ConvDimLabels, PadDim, Raw, SliceRange, Window
from .literal import ElidedLiteral, nan_payload
from .module import Computation, Instruction, Module
from .types import Shape

STYLES = ("canonical", "long", "short")


class _Opts:
    __slots__ = ("percent", "operand_shapes", "signature", "metadata", "large_constants")

    def __init__(self, style: str):
        if style not in STYLES:
            raise ValueError(f"unknown print style '{style}'")
        self.percent = style != "short"
        self.operand_shapes = style == "long"
        self.signature = style != "short"
        self.metadata = style != "short"
        self.large_constants = True


def print_module(module: Module, style: str = "canonical") -> str:
    opts = _Opts(style)
    out = [_header(module, opts)]
    if module.stack_frames and opts.metadata:
        out.append(module.stack_frames + "\n")
    for comp in module.computations:
        out.append(print_computation(comp, style, _opts=opts))
    return "\n".join(out)


def _header(module: Module, opts: _Opts) -> str:
    parts = [f"HloModule {module.name}"]
    attrs = dict(module.attrs)
    if "entry_computation_layout" not in attrs and module.entry is not None:
        attrs = {"entry_computation_layout": Raw(entry_computation_layout(module)), **attrs}
    for k, v in attrs.items():
        parts.append(f"{k}={format_value(k, v, opts)}")
    return ", ".join(parts) + "\n"


def entry_computation_layout(module: Module) -> str:
    entry = module.entry
    params = ", ".join(p.shape.to_str() for p in entry.parameters)
    return "{(" + params + ")->" + entry.root.shape.to_str() + "}"


def print_computation(comp: Computation, style: str = "canonical", _opts: _Opts | None = None) -> str:
    opts = _opts or _Opts(style)
    name = _name(comp.name, opts)
    head = ("ENTRY " if comp.is_entry else "") + name
    if opts.signature:
        params = ", ".join(f"{p.name}: {p.shape.to_str(False)}" for p in comp.parameters)
        head += f" ({params}) -> {comp.root.shape.to_str(False)}"
    lines = [head + " {"]
    for instr in comp.post_order() if comp.root is not None else comp.instructions:
        lines.append("  " + print_instruction(instr, opts))
    tail = "}"
    if comp.execution_thread:
        tail += f', execution_thread="{_escape(comp.execution_thread)}"'
    lines.append(tail + "\n")
    return "\n".join(lines)


def _name(name: str, opts: _Opts) -> str:
    return "%" + name if opts.percent else name


def print_instruction(instr: Instruction, opts: _Opts | str = "canonical") -> str:
    if isinstance(opts, str):
        opts = _Opts(opts)
    root = "ROOT " if instr.parent is not None and instr.parent.root is instr else ""
    if instr.opcode == "constant":
        body = format_literal(instr.literal, instr.shape)
    elif instr.opcode == "parameter":
        body = str(instr.parameter_number)
    else:
        ops = []
        for i, o in enumerate(instr.operands):
            text = (o.shape.to_str() + " " if opts.operand_shapes else "") + _name(o.name, opts)
            ops.append(f"/*index={i}*/{text}" if i and i % 5 == 0 else text)
        body = ", ".join(ops)
    parts = [f"{root}{_name(instr.name, opts)} = {instr.shape.to_str()} {instr.opcode}({body})"]
    for k, v in instr.attrs.items():
        if not opts.metadata and k == "metadata":
            continue
        parts.append(f"{k}={format_value(k, v, opts)}")
    if instr.control_predecessors:
        preds = ", ".join(_name(p.name, opts) for p in instr.control_predecessors)
        parts.append("control-predecessors={" + preds + "}")
    return ", ".join(parts)


def _escape(s: str) -> str:
    return s.replace("\\", "\\\\").replace('"', '\\"').replace("\n", "\\n").replace("\t", "\\t")


def format_value(name: str, v, opts: _Opts) -> str:
    if isinstance(v, Raw):
        return v.text
    if isinstance(v, bool):
        return "true" if v else "false"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, float):
        return repr(v) if v != int(v) or abs(v) >= 1e16 else str(v).rstrip("0").rstrip(".") if "." in str(v) else str(v)
    if isinstance(v, str):
        if name in _STRING_ATTRS:
            return f'"{_escape(v)}"'
        return v
    if isinstance(v, Computation):
        return _name(v.name, opts)
    if isinstance(v, Window):
        return str(v)
    if isinstance(v, ConvDimLabels):
        return str(v)
    if isinstance(v, Shape):
        return v.to_str()
    if isinstance(v, (list, tuple)):
        if v and isinstance(v[0], Computation):
            return "{" + ", ".join(_name(c.name, opts) for c in v) + "}"
        if v and isinstance(v[0], SliceRange):
            return "{" + ", ".join(f"[{r.start}:{r.limit}:{r.stride}]" if r.stride != 1 else
                                   f"[{r.start}:{r.limit}]" for r in v) + "}"
        if v and isinstance(v[0], PadDim):
            return "x".join(f"{p.lo}_{p.hi}_{p.interior}" if p.interior else f"{p.lo}_{p.hi}" for p in v)
        if v and isinstance(v[0], (tuple, list)):
            return "{" + ",".join("{" + ",".join(map(str, g)) + "}" for g in v) + "}"
        if v and isinstance(v[0], str):
            return "{" + ",".join(v) + "}"
        return "{" + ",".join(str(int(x)) for x in v) + "}"
    raise TypeError(f"cannot print attribute {name}={v!r}")


_STRING_ATTRS = {"custom_call_target", "async_execution_thread", "infeed_config", "outfeed_config",
                 "execution_thread"}


# ----------------------------------------------------------------------------------------- literals


def format_scalar(x, etype: str) -> str:
    if etype == "pred":
        return "true" if bool(x) else "false"
    if isinstance(x, (np.complexfloating, complex)):
        comp = "f32" if etype == "c64" else "f64"
        return f"({format_scalar(np.real(x), comp)}, {format_scalar(np.imag(x), comp)})"
    if etype[0] in "su":
        return str(int(x))
    f = float(x)
    if f != f:
        sign = "-" if np.signbit(np.asarray(x, dtype=np.float64)) else ""
        payload = nan_payload(x, etype)
        return f"{sign}nan" if payload is None else f"{sign}nan(0x{payload:x})"
    if f in (float("inf"), float("-inf")):
        return "inf" if f > 0 else "-inf"
    # Shortest text that reads back to the same value of this type.
    text = str(np.float32(f)) if etype == "f32" else repr(f) if etype == "f64" else str(x)
    if text.endswith(".0"):
        text = text[:-2]
    return text


def format_literal(lit, shape: Shape) -> str:
    if isinstance(lit, ElidedLiteral):
        return "{...}"
    if isinstance(lit, tuple):
        return "(" + ", ".join(format_literal(x, s) for x, s in zip(lit, shape.tuple_shapes)) + ")"
    arr = np.asarray(lit)
    etype = shape.etype
    if shape.rank == 0:
        return format_scalar(arr.reshape(()).item() if etype == "pred" else arr.reshape(())[()], etype)
    flat = [format_scalar(x, etype) for x in arr.reshape(-1)] if etype != "pred" else \
        ["1" if x else "0" for x in arr.reshape(-1)]
    return _nest(flat, shape.dims)


def _nest(flat: list[str], dims: tuple[int, ...]) -> str:
    if len(dims) == 1:
        return "{" + ", ".join(flat) + "}"

    def rec(level: int, start: int, indices: list[int]) -> str:
        size = dims[level]
        if level == len(dims) - 1:
            return "{" + ", ".join(flat[start : start + size]) + "}"
        stride = int(np.prod(dims[level + 1 :]))
        items = []
        for i in range(size):
            sub = rec(level + 1, start + i * stride, indices + [i])
            if len(dims) > 3 and level < len(dims) - 2:
                sub = sub[0] + f" /*i{level}={i}*/ " + sub[1:]
            items.append(sub)
        if not items:
            return "{  }" if False else "{ }"
        return "{ " + ", ".join(items) + " }"

    return rec(0, 0, [])
