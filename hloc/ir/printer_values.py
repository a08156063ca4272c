"""Attribute values as text, for the printer (printer.py): the typed values of ir/attrs.py, and the
values hloc keeps as written (Raw), which the XLA styles print in the form XLA gives the value it
parsed: metadata in OpMetadataToString order, frontend attributes sorted, entry_computation_layout
with default layouts filled in, aliasing and replica groups in their normal forms, backend_config
bare when it lexes as a JSON dict. The print options of the three styles live here too.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

import numpy as np

from .attrs import ConvDimLabels, PadDim, Raw, SliceRange, Window
from .literal import c_escape, c_unescape
from .module import Computation, Instruction
from .types import ELEMENT_TYPES, Layout, Shape

STYLES = ("canonical", "long", "short")


@dataclass(frozen=True, slots=True)
class PrintOptions:
    """The subset of XLA's HloPrintOptions the three styles differ in."""

    percent: bool  # `%name`
    operand_shapes: bool  # `add(f32[2]{0} %x, ...)`
    program_shape: bool  # `%comp (p: f32[2]) -> f32[2] {`
    metadata: bool  # metadata={...}, stack frame tables, metadata inside shardings
    control_deps: bool  # control-predecessors={...}
    index_interval: int  # `/*index=5*/` every N operands (0: never)
    sugar: bool  # async ops as `<op>-start(...)` when their wrapped computation is one instruction
    xla: bool  # XLA's value forms: defaults omitted, always-printed attributes filled in


_STYLE_OPTIONS = {
    "canonical": PrintOptions(percent=True, operand_shapes=False, program_shape=True, metadata=True,
                              control_deps=True, index_interval=5, sugar=False, xla=False),
    "long": PrintOptions(percent=True, operand_shapes=True, program_shape=True, metadata=True,
                         control_deps=True, index_interval=5, sugar=True, xla=True),
    "short": PrintOptions(percent=False, operand_shapes=False, program_shape=False, metadata=False,
                          control_deps=False, index_interval=0, sugar=True, xla=True),
}


def options(style) -> PrintOptions:
    """The PrintOptions of a style name (or the options themselves)."""
    if isinstance(style, PrintOptions):
        return style
    opts = _STYLE_OPTIONS.get(style)
    if opts is None:
        raise ValueError(f"unknown print style '{style}'; expected one of {', '.join(STYLES)}")
    return opts


def name_ref(name: str, opts: PrintOptions) -> str:
    """An instruction or computation name where it is used: `%name`, or `name` in the short style."""
    return "%" + name if opts.percent else name


_STRING_ATTRS = frozenset({"custom_call_target", "async_execution_thread", "infeed_config", "outfeed_config",
                           "execution_thread"})


def format_value(name: str, v, opts: PrintOptions | str = "canonical") -> str:
    """The text after `name=` for an attribute value of the IR."""
    return value_text(name, v, options(opts))


def value_text(name: str, v, opts: PrintOptions) -> str:
    if isinstance(v, Raw):
        return _raw(name, v.text, opts)
    if isinstance(v, (bool, np.bool_)):
        return "true" if v else "false"
    if isinstance(v, (int, np.integer)):
        return str(int(v))
    if isinstance(v, (float, np.floating)):
        return _float_attr(v, opts)
    if isinstance(v, str):
        if name in _STRING_ATTRS:
            return f'"{c_escape(v)}"'
        return v
    if isinstance(v, Computation):
        return name_ref(v.name, opts)
    if isinstance(v, Window):
        return str(v)
    if isinstance(v, ConvDimLabels):
        return str(v)
    if isinstance(v, Shape):
        return v.to_str()
    if isinstance(v, (list, tuple)):
        if not v:
            return "" if name == "padding" else "{}"
        first = v[0]
        if isinstance(first, Computation):
            return "{" + ", ".join(name_ref(c.name, opts) for c in v) + "}"
        if isinstance(first, Instruction):
            return "{" + ", ".join(name_ref(c.name, opts) for c in v) + "}"
        if isinstance(first, SliceRange):
            stride = any(r.stride != 1 for r in v)
            return "{" + ", ".join(f"[{r.start}:{r.limit}:{r.stride}]" if stride else f"[{r.start}:{r.limit}]"
                                   for r in v) + "}"
        if isinstance(first, PadDim):
            interior = any(p.interior for p in v)
            return "x".join(f"{p.lo}_{p.hi}_{p.interior}" if interior else f"{p.lo}_{p.hi}" for p in v)
        if isinstance(first, (tuple, list)):
            return "{" + ",".join("{" + ",".join(str(int(x)) for x in g) + "}" for g in v) + "}"
        if isinstance(first, str):
            return "{" + ",".join(v) + "}"
        return "{" + ",".join(str(int(x)) for x in v) + "}"
    raise TypeError(f"cannot print attribute {name}={v!r}")


def _float_attr(v: float | np.floating, opts: PrintOptions) -> str:
    """XLA keeps these (epsilon) as f32 and prints them with absl::StrCat (6 significant digits);
    canonical output keeps every digit of the value hloc holds."""
    if opts.xla:
        return f"{float(np.float32(v)):g}"
    return repr(float(v))


def _raw(name: str, text: str, opts: PrintOptions) -> str:
    """Attribute values hloc keeps as written; the XLA styles print them in XLA's own form where
    hloc knows it (XLA prints the value it parsed, not the text it read)."""
    if not opts.xla:
        return text
    normalize = _RAW_NORMALIZERS.get(name)
    if normalize is not None:
        try:
            return normalize(text, opts)
        except ValueError:
            return text
    return text


def _no_space_list(text: str, opts) -> str:
    """`{{0, 1}, {2,3}}` -> `{{0,1},{2,3}}` (replica groups, source-target pairs, iota lists)."""
    t = text.strip()
    if t.startswith("mesh"):
        return t
    return re.sub(r"\s+", "", t)


_SHAPE_INDEX = r"\{\s*((?:-?\d+\s*(?:,\s*-?\d+\s*)*)?)\}"
_ALIAS_ENTRY = re.compile(_SHAPE_INDEX + r"\s*:\s*\(\s*(\d+)\s*,\s*" + _SHAPE_INDEX
                          + r"\s*(?:,\s*([\w-]+)\s*)?\)")
_DONOR_ENTRY = re.compile(r"\(\s*(\d+)\s*,\s*" + _SHAPE_INDEX + r"\s*\)")


def _index(text: str) -> tuple[int, ...]:
    return tuple(int(x) for x in text.split(",") if x.strip())


def _index_str(index: tuple[int, ...]) -> str:
    return "{" + ",".join(map(str, index)) + "}"


def _input_output_alias(text: str, opts) -> str:
    """HloInputOutputAliasConfig::ToShortString in `{ ... }`, entries in output-index order."""
    entries = []
    for m in _ALIAS_ENTRY.finditer(text):
        kind = m.group(4) or "may-alias"
        entries.append((_index(m.group(1)), f"{_index_str(_index(m.group(1)))}: ({int(m.group(2))}, "
                                            f"{_index_str(_index(m.group(3)))}, {kind})"))
    if len(entries) != text.count(":"):
        raise ValueError(text)
    entries.sort(key=lambda e: e[0])
    return "{ " + ", ".join(e for _, e in entries) + " }"


def _buffer_donor(text: str, opts) -> str:
    """HloBufferDonorConfig::ToShortString in `{ ... }`, ordered by parameter and index."""
    donors = sorted({(int(m.group(1)), _index(m.group(2))) for m in _DONOR_ENTRY.finditer(text)})
    return "{ " + ", ".join(f"({p}, {_index_str(i)})" for p, i in donors) + " }"


def _result_accuracy(text: str, opts) -> str:
    """`{mode=HIGHEST}` -> `{mode=highest}` (ResultAccuracyToString lower-cases the mode)."""
    m = re.fullmatch(r"\{\s*mode\s*=\s*(\w+)\s*\}", text.strip())
    return "{mode=" + m.group(1).lower() + "}" if m else text


_METADATA_ITEM = re.compile(r"""\s*([A-Za-z_]\w*)\s*=\s*("(?:[^"\\]|\\.)*"|\{[^{}]*\}|[^\s{}"]+)""", re.S)
_METADATA_STRINGS = ("op_type", "op_name", "source_file")
_METADATA_INTS = ("source_line", "source_end_line", "source_column", "source_end_column")


def metadata_text(text: str) -> str | None:
    """OpMetadataToString: fields in XLA's order, empty ones left out; None when XLA prints no
    metadata at all (nothing but a deduplicated name or source position)."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        return text
    items = {}
    pos = 1
    end = len(body) - 1
    while body[pos:end].strip():
        m = _METADATA_ITEM.match(body, pos)
        if m is None or m.end() > end:
            return text
        items[m.group(1)] = m.group(2)
        pos = m.end()

    def string(key: str) -> str:
        v = items.pop(key, None)
        if v is None:
            return ""
        return c_unescape(v[1:-1]) if v.startswith('"') else v

    def integer(key: str) -> int:
        v = items.pop(key, "0")
        return int(v)

    try:
        op_type, op_name, source_file = (string(k) for k in _METADATA_STRINGS)
        ints = [integer(k) for k in _METADATA_INTS]
        profile = items.pop("profile_type", "{}")
        dedup = string("deduplicated_name")
        scheduling = string("scheduling_name")
        frame = integer("stack_frame_id")
        payload = items.pop("metadata_payload", None)
    except ValueError:
        return text
    if items:
        return text  # a field this printer does not know: keep the text as written
    if not (op_type or op_name or source_file or scheduling or frame or payload is not None):
        return None
    out = [f'{k}="{c_escape(v)}"' for k, v in zip(_METADATA_STRINGS, (op_type, op_name, source_file)) if v]
    out += [f"{k}={v}" for k, v in zip(_METADATA_INTS, ints) if v]
    if profile.strip("{} "):
        out.append("profile_type={" + ",".join(x.strip() for x in profile.strip("{}").split(",")) + "}")
    if dedup:
        out.append(f'deduplicated_name="{c_escape(dedup)}"')
    if scheduling:
        out.append(f'scheduling_name="{scheduling}"')
    if frame:
        out.append(f"stack_frame_id={frame}")
    if payload is not None:
        out.append(f"metadata_payload={payload}")
    return "{" + " ".join(out) + "}"


def _sharding(text: str, opts) -> str:
    """HloSharding::Print: tuple shardings as `{a, b}`; no `metadata=` in the short style."""
    if not opts.metadata and "metadata=" in text:
        text = _strip_sharding_metadata(text)
    t = text.strip()
    if t.startswith("{") and t[1:].lstrip().startswith("{"):
        elems = _split_top(t[1:-1])
        if elems is not None:
            return "{" + ", ".join(e.strip() for e in elems) + "}"
    return text


def _split_top(text: str) -> list[str] | None:
    """Split at top-level commas (outside braces, brackets and strings)."""
    parts, depth, start, in_str, i = [], 0, 0, False, 0
    while i < len(text):
        c = text[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c in "{[(":
            depth += 1
        elif c in "}])":
            depth -= 1
        elif c == "," and depth == 0:
            parts.append(text[start:i])
            start = i + 1
        i += 1
    parts.append(text[start:])
    return parts if depth == 0 else None


_FRONTEND_KEY = re.compile(r"\s*([A-Za-z_][\w.\-]*)\s*=\s*")
_QUOTED = re.compile(r'"(?:[^"\\]|\\.)*"', re.S)


def _frontend_attributes(text: str, opts) -> str:
    """FrontendAttributesToString: keys sorted, JSON-dict values bare, others quoted."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        raise ValueError(text)
    items: dict[str, str] = {}
    pos, end = 1, len(body) - 1
    while body[pos:end].strip():
        m = _FRONTEND_KEY.match(body, pos)
        if m is None:
            raise ValueError(text)
        pos = m.end()
        if body.startswith('"', pos):
            q = _QUOTED.match(body, pos)
            if q is None:
                raise ValueError(text)
            value = c_unescape(q.group()[1:-1])
            pos = q.end()
        elif body.startswith("{", pos):
            close = _json_dict_end(body, pos)
            value = body[pos:close]
            pos = close
        else:
            raise ValueError(text)
        items[m.group(1)] = value
        rest = body[pos:end].lstrip()
        if rest.startswith(","):
            pos = end - len(rest) + 1
        elif rest:
            raise ValueError(text)
    return "{" + ",".join(f"{k}={v}" if _lexes_as_json_dict(v) else f'{k}="{c_escape(v)}"'
                          for k, v in sorted(items.items())) + "}"


def _json_dict_end(s: str, start: int) -> int:
    """Offset just past the `}` closing the JSON dict at `start` (strings skipped)."""
    depth = 0
    i = start
    while i < len(s):
        c = s[i]
        if c == '"':
            q = _QUOTED.match(s, i)
            if q is None:
                raise ValueError(s)
            i = q.end()
            continue
        if c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return i + 1
        i += 1
    raise ValueError(s)


_RAW_NORMALIZERS = {
    "frontend_attributes": _frontend_attributes,
    "replica_groups": _no_space_list,
    "source_target_pairs": _no_space_list,
    "input_output_alias": _input_output_alias,
    "buffer_donor": _buffer_donor,
    "result_accuracy": _result_accuracy,
    "sharding": _sharding,
}


_SHARDING_METADATA = re.compile(r"\s*metadata=\{")


def _strip_sharding_metadata(text: str) -> str:
    """HloSharding::Print(print_metadata=false): the shardings without their `metadata={...}`."""
    out = []
    pos = 0
    while True:
        m = _SHARDING_METADATA.search(text, pos)
        if m is None:
            out.append(text[pos:])
            return "".join(out)
        out.append(text[pos : m.start()])
        depth = 0
        i = m.end() - 1
        in_str = False
        while i < len(text):
            c = text[i]
            if in_str:
                if c == "\\":
                    i += 1
                elif c == '"':
                    in_str = False
            elif c == '"':
                in_str = True
            elif c == "{":
                depth += 1
            elif c == "}":
                depth -= 1
                if depth == 0:
                    break
            i += 1
        pos = i + 1


def backend_config_text(v, opts: PrintOptions) -> str | None:
    """backend_config: JSON-like dicts bare, anything else as a C-escaped string (XLA's rule)."""
    if not isinstance(v, Raw):
        return f'"{c_escape(str(v))}"'
    text = v.text
    if not opts.xla:
        return text
    t = text.strip()
    if t[:1] in "\"'":
        body = c_unescape(t[1:-1])
    else:
        body = t
    if not body:
        return None
    if _lexes_as_json_dict(body):
        return body
    return f'"{c_escape(body)}"'


def _lexes_as_json_dict(s: str) -> bool:
    """XLA's LexesAsJsonDict: `{` ... matching `}` at the end, braces balanced outside strings."""
    s = s.lstrip()
    if not s.startswith("{"):
        return False
    depth = 0
    in_str = False
    i = 0
    n = len(s)
    while i < n:
        c = s[i]
        if in_str:
            if c == "\\":
                i += 1
            elif c == '"':
                in_str = False
        elif c == '"':
            in_str = True
        elif c == "{":
            depth += 1
        elif c == "}":
            depth -= 1
            if depth == 0:
                return s[i + 1 :].strip() == ""
        i += 1
    return False


# ------------------------------------------------------------------------------------ module header


def raw_body(v) -> str:
    return v.text.strip() if isinstance(v, Raw) else str(v)


_STACK_SECTION = re.compile(r"\b(FileNames|FunctionNames|FileLocations|StackFrames)\b")
_STACK_ENTRY = re.compile(r"""\s*(\d+)\s+("(?:[^"\\]|\\.)*"|\{[^{}]*\})""", re.S)


def stack_frames_text(text: str) -> str:
    """The FileNames/FunctionNames/FileLocations/StackFrames tables, one entry a line, sections
    separated by a blank line (HloModule::PrintStackFrameIndex)."""
    parts = _STACK_SECTION.split(text)
    sections = []
    for i in range(1, len(parts) - 1, 2):
        entries = [f"{m.group(1)} {' '.join(m.group(2).split()) if m.group(2)[0] == '{' else m.group(2)}"
                   for m in _STACK_ENTRY.finditer(parts[i + 1])]
        sections.append("\n".join([parts[i]] + entries))
    return "\n\n".join(sections)


_LAYOUT_TOKEN = re.compile(r"\s*(?:/\*.*?\*/\s*)*(?:([a-z][a-z0-9_]*)\[([^\]]*)\](?:\{([^{}]*)\})?|(->|[(),]))", re.S)


def program_layout_text(text: str) -> str:
    """An `entry_computation_layout={...}` as XLA prints the ComputationLayout it parsed: shapes
    with their (default if unwritten) layouts, `, ` between parameters, `/*index=N*/` comments.
    Text this reader does not understand is printed as written."""
    body = text.strip()
    if not (body.startswith("{") and body.endswith("}")):
        return text
    body = body[1:-1]
    pos = 0

    def token():
        nonlocal pos
        m = _LAYOUT_TOKEN.match(body, pos)
        if m is None:
            raise ValueError(body[pos:])
        pos = m.end()
        return m

    def shape(m) -> Shape:
        if m.group(4) is None:
            return _array_shape(m.group(1), m.group(2), m.group(3))
        if m.group(4) != "(":
            raise ValueError(m.group(4))
        elems = []
        m = token()
        while m.group(4) != ")":
            elems.append(shape(m))
            m = token()
            if m.group(4) == ",":
                m = token()
        return Shape.tuple(elems)

    try:
        m = token()
        if m.group(4) != "(":
            raise ValueError("(")
        params = []
        m = token()
        while m.group(4) != ")":
            params.append(shape(m))
            m = token()
            if m.group(4) == ",":
                m = token()
        if token().group(4) != "->":
            raise ValueError("->")
        result = shape(token())
        if body[pos:].strip():
            raise ValueError(body[pos:])
    except (ValueError, KeyError):
        return text
    parts = [f"/*index={i}*/{p.to_str()}" if i and i % 5 == 0 else p.to_str() for i, p in enumerate(params)]
    return "{(" + ", ".join(parts) + ")->" + result.to_str() + "}"


def _array_shape(etype: str, dims_text: str, layout_text: str | None) -> Shape:
    if etype not in ELEMENT_TYPES:
        raise KeyError(etype)
    dims, dynamic = [], []
    for d in (x.strip() for x in dims_text.split(",") if x.strip()):
        if d == "?":
            dims.append(-1)
            dynamic.append(True)
        elif d.startswith("<="):
            dims.append(int(d[2:]))
            dynamic.append(True)
        else:
            dims.append(int(d))
            dynamic.append(False)
    layout = None
    if layout_text is not None:
        m2m, colon, tail = layout_text.partition(":")
        layout = Layout(tuple(int(x) for x in m2m.split(",") if x.strip()), tail.strip())
    return Shape(etype, tuple(dims), layout, tuple(dynamic))
