"""A module as a Graphviz DOT graph (`hloc opt M.hlo --emit dot`).

The entry computation's instructions are nodes (name, opcode, shape), operands are edges labelled
with the shape that flows along them. A fusion is a cluster holding its fused computation (its
parameters fed by the fusion's operands, its root feeding the fusion's users); a while loop or a
conditional gets a cluster per called computation (condition, body, branches) beside it, joined
by dashed edges; reductions' and sorts' small `to_apply` computations are named on the node, not
drawn. Nodes are coloured by op kind (KIND_COLORS). With a profile, the costliest kernels get a
red outline and their share of the run time.
"""

from __future__ import annotations

from ..ir.opcodes import COLLECTIVES, CONTROL_FLOW, DATA_MOVEMENT, ELEMENTWISE

# kind -> (fill colour, what it means); the HTML legend lists them in this order.
KIND_COLORS: dict[str, tuple[str, str]] = {
    "parameter": ("#fff2a8", "parameter"),
    "constant": ("#e8e8e8", "constant, iota"),
    "elementwise": ("#cfe8ff", "elementwise"),
    "matmul": ("#ffc48a", "dot, convolution"),
    "reduce": ("#c8f0c0", "reduce, reduce-window, scatter, sort"),
    "movement": ("#f0e0ff", "data movement (reshape, transpose, slice, ...)"),
    "control": ("#ffd0e8", "control flow (while, conditional, call)"),
    "fusion": ("#fafafa", "fusion (a cluster of its instructions)"),
    "custom": ("#ff9a9a", "custom-call, collectives, other"),
}
_REDUCE = {"reduce", "reduce-window", "scatter", "sort", "select-and-scatter", "all-reduce", "reduce-scatter"}
# A profile's costliest kernels drawn with a red outline, at most this many.
HOT_KERNELS = 5


def op_kind(instr) -> str:
    op = instr.opcode
    if op == "parameter":
        return "parameter"
    if op in ("constant", "iota"):
        return "constant"
    if op in ("dot", "convolution"):
        return "matmul"
    if op in _REDUCE:
        return "reduce"
    if op == "fusion":
        return "fusion"
    if op in CONTROL_FLOW:
        return "control"
    if op in ELEMENTWISE:
        return "elementwise"
    if op in DATA_MOVEMENT:
        return "movement"
    if op in COLLECTIVES:
        return "custom"
    return "custom"


def _q(s: str) -> str:
    return '"' + s.replace("\\", "\\\\").replace('"', '\\"') + '"'


def _html(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _shape(instr) -> str:
    return instr.shape.to_str(layout=False)


class _Writer:
    def __init__(self, module, profile: dict[str, float] | None):
        self.module = module
        self.lines: list[str] = []
        self.ids: dict[int, str] = {}
        self.profile = profile or {}
        total = sum(self.profile.values()) or 1.0
        self.share = {k: v / total for k, v in self.profile.items()}
        self.hot = set(sorted(self.profile, key=lambda k: -self.profile[k])[:HOT_KERNELS])
        self.clusters = 0

    def node_id(self, instr) -> str:
        key = instr.uid
        if key not in self.ids:
            self.ids[key] = f"n{len(self.ids)}"
        return self.ids[key]

    def node(self, instr, indent: str) -> None:
        kind = op_kind(instr)
        fill = KIND_COLORS[kind][0]
        title = instr.opcode
        extra = ""
        calls = [c for c in instr.called_computations if instr.opcode not in ("fusion", "while", "conditional")]
        if calls:
            extra = "<br/><font point-size=\"9\">" + _html(", ".join(c.name for c in calls)) + "</font>"
        if instr.opcode == "fusion" and "kind" in instr.attrs:
            title += f" {instr.attrs['kind']}"
        share = self.share.get(instr.name)
        hot = instr.name in self.hot
        timing = f"<br/><b>{share:.1%} of the run</b>" if share is not None else ""
        label = (f"<<b>{_html(instr.name)}</b><br/>{_html(title)}<br/><font point-size=\"9\">"
                 f"{_html(_shape(instr))}</font>{extra}{timing}>")
        style = 'style="filled,rounded,bold" color="#d00000" penwidth=3' if hot else 'style="filled,rounded"'
        self.lines.append(f'{indent}{self.node_id(instr)} [label={label} fillcolor="{fill}" {style} '
                          f'id={_q("node-" + instr.name)} tooltip={_q(instr.name + " = " + _shape(instr))}];')

    def computation(self, comp, indent: str = "  ") -> None:
        for instr in comp.instructions:
            if self.is_cluster(instr):
                self.fusion(instr, indent)
            else:
                self.node(instr, indent)
                if instr.opcode in ("while", "conditional"):
                    self.control(instr, indent)
        for instr in comp.instructions:
            fused = instr.called_computations[0] if self.is_cluster(instr) else None
            params = {p.parameter_number: p for p in fused.parameters} if fused is not None else {}
            for k, op in enumerate(instr.operands):
                dst = self.node_id(params[k]) if k in params else self.node_id(instr)
                self.lines.append(f'{indent}{self.node_id(op)} -> {dst} [label={_q(_shape(op))}];')

    @staticmethod
    def is_cluster(instr) -> bool:
        return instr.opcode == "fusion" and bool(instr.called_computations)

    def fusion(self, instr, indent: str) -> None:
        fused = instr.called_computations[0]
        self.clusters += 1
        share = self.share.get(instr.name)
        hot = instr.name in self.hot
        kind = instr.attrs.get("kind", "")
        label = f"{instr.name} ({kind})" + (f" {share:.1%} of the run" if share is not None else "")
        self.lines.append(f"{indent}subgraph cluster_{self.clusters} {{")
        inner = indent + "  "
        self.lines.append(f'{inner}label={_q(label)}; style="filled,rounded"; fillcolor="#f6f6f6"; '
                          f'color="{"#d00000" if hot else "#888888"}"; penwidth={3 if hot else 1}; '
                          f'id={_q("node-" + instr.name)};')
        for f in fused.instructions:
            self.node(f, inner)
        for f in fused.instructions:
            for op in f.operands:
                self.lines.append(f'{inner}{self.node_id(op)} -> {self.node_id(f)} [label={_q(_shape(op))}];')
        self.lines.append(f"{indent}}}")
        self.ids[instr.uid] = self.node_id(fused.root)  # edges from the fusion leave its root

    def control(self, instr, indent: str) -> None:
        for comp in instr.called_computations:
            self.clusters += 1
            self.lines.append(f"{indent}subgraph cluster_{self.clusters} {{")
            inner = indent + "  "
            label = _q(f"{instr.opcode} {instr.name}: {comp.name}")
            self.lines.append(f'{inner}label={label}; style="dashed,rounded"; color="#b0307a";')
            self.computation(comp, inner)
            self.lines.append(f"{indent}}}")
            params = comp.parameters
            if params:
                self.lines.append(f'{indent}{self.node_id(instr)} -> {self.node_id(params[0])} '
                                  f'[style=dashed color="#b0307a" constraint=false];')


def to_dot(module, profile: dict[str, float] | None = None) -> str:
    """The DOT text of `module`'s entry computation. `profile`: kernel name -> time (any unit)."""
    w = _Writer(module, profile)
    w.lines += [f"digraph {_q(module.name)} {{",
                '  graph [rankdir=TB fontname="Helvetica" fontsize=11 nodesep=0.25 ranksep=0.35];',
                '  node [shape=box fontname="Helvetica" fontsize=10 margin="0.08,0.03"];',
                '  edge [fontname="Helvetica" fontsize=8 color="#555555" fontcolor="#555555"];']
    w.computation(module.entry)
    w.lines.append("}")
    return "\n".join(w.lines) + "\n"


def profile_times(doc: dict) -> dict[str, float]:
    """Kernel name -> ms per run from `hloc run --profile --json` output or a `--trace` file; a
    row-group site (`a+b`) counts for each member."""
    out: dict[str, float] = {}
    rows = doc.get("profile")
    if rows is not None:
        items = [(r["site"], float(r["ms_per_run"]), r.get("kind", "")) for r in rows]
    else:
        items = [(e["name"], float(e.get("dur", 0.0)) / 1e3, e.get("cat", "")) for e in doc.get("traceEvents", ())
                 if e.get("ph") == "X" and e.get("tid") == 2]
    for site, ms, kind in items:
        if kind in ("while", "conditional"):  # (inclusive of their bodies' kernels)
            continue
        for name in site.split("+"):
            out[name] = out.get(name, 0.0) + ms
    return out
