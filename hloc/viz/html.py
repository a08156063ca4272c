"""One self-contained HTML page of a module, or of each step of a pipeline run (`hloc opt --emit html`,
`hloc opt -O2 --dump-after-each-pass DIR --dump-format html`).

Everything is inline (the SVGs Graphviz lays out, the styles, a small script): the page needs no
network. A search box finds instructions by name (or opcode) and highlights them; with several
steps a timeline lists the passes that changed the module (with instruction counts), and a click
or the arrow keys show that step's graph (`page.html#step=3&find=fusion` opens one). Without
Graphviz the page holds the DOT text and says how to get the layout.
"""

from __future__ import annotations

import json
import re
from concurrent.futures import ThreadPoolExecutor

from .dot import KIND_COLORS, to_dot
from .layout import INSTALL_HINT, render_svg


class Step:
    """One picture of the timeline: its label, the module (as it was then), extra notes."""

    def __init__(self, label: str, module, note: str = ""):
        self.label = label
        self.module = module
        self.note = note


def _esc(s: str) -> str:
    return s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;").replace('"', "&quot;")


def _count(module) -> int:
    return sum(len(c.instructions) for c in module.computations)


def _names(module) -> list[list[str]]:
    """[name, opcode, shape] of every instruction the picture shows (the entry, fused and called ones)."""
    out = []
    for comp in module.computations:
        for i in comp.instructions:
            out.append([i.name, i.opcode, i.shape.to_str(layout=False)])
    return out


def _svg_only(svg: str) -> str:
    """The <svg> element of Graphviz' output, without the XML prolog and doctype."""
    start = svg.find("<svg")
    return svg[start:] if start >= 0 else svg


def to_html(steps: list[Step], title: str, profile: dict[str, float] | None = None, threads: int = 2) -> str:
    dots = [to_dot(s.module, profile) for s in steps]
    with ThreadPoolExecutor(max(1, threads)) as pool:
        svgs = list(pool.map(render_svg, dots))
    laid_out = all(s is not None for s in svgs)
    panes = []
    for k, (dot, svg) in enumerate(zip(dots, svgs)):
        body = _svg_only(svg) if svg is not None else f'<pre class="dot">{_esc(dot)}</pre>'
        panes.append(f'<div class="pane" id="pane-{k}" data-step="{k}"{"" if k == len(steps) - 1 else " hidden"}>'
                     f'{body}</div>')
    timeline = ""
    if len(steps) > 1:
        items = []
        prev = None
        for k, step in enumerate(steps):
            n = _count(step.module)
            delta = "" if prev is None else f" ({n - prev:+d})"
            prev = n
            items.append(f'<li data-step="{k}"><span class="num">{k:02d}</span> {_esc(step.label)}'
                         f'<span class="meta">{n} instructions{delta}{(", " + _esc(step.note)) if step.note else ""}'
                         f'</span></li>')
        timeline = f'<nav id="timeline"><h2>Pass timeline</h2><ol>{"".join(items)}</ol></nav>'
    legend = "".join(f'<span class="key"><i style="background:{c}"></i>{_esc(what)}</span>'
                     for c, what in KIND_COLORS.values())
    if profile:
        legend += '<span class="key"><i class="hot"></i>costliest kernels of the profile</span>'
    notice = "" if laid_out else (f'<p class="notice">No layout: Graphviz\' <code>dot</code> was not found; '
                                  f'{INSTALL_HINT}, then make this page again. The DOT text is below.</p>')
    data = json.dumps({"steps": [{"label": s.label, "instructions": _names(s.module)} for s in steps]})
    data = data.replace("</", "<\\/")  # (inside <script>)
    return _PAGE.format(title=_esc(title), legend=legend, notice=notice, timeline=timeline, panes="".join(panes),
                        data=data, script=_SCRIPT, style=_STYLE, has_timeline="with-timeline" if timeline else "")


def steps_from_dump(texts: list[tuple[str, str]], parse) -> list[Step]:
    """Timeline steps from a pipeline dump's (file name, module text) pairs (DumpAfterEachPass)."""
    steps = []
    for name, text in texts:
        m = re.search(r"\.\d{4}\.(.+?)(?:\.txt|\.hlo)?$", name)
        what = m.group(1) if m else name
        m2 = re.match(r"(.+?)\.after_(.+?)\.before_(.+)$", what)
        label = f"after {m2.group(2)} ({m2.group(1)})" if m2 else what.replace("_", " ")
        steps.append(Step(label, parse(text, name)))
    return steps


_STYLE = """
* { box-sizing: border-box; }
body { margin: 0; font: 13px/1.4 Helvetica, Arial, sans-serif; color: #222; display: flex; flex-direction: column;
       height: 100vh; }
header { padding: 8px 12px; border-bottom: 1px solid #ddd; background: #fbfbfb; }
header h1 { font-size: 16px; margin: 0 0 6px 0; }
#tools { display: flex; gap: 8px; align-items: center; flex-wrap: wrap; }
#search { width: 280px; padding: 4px 6px; }
#status { color: #666; }
.legend { margin-top: 6px; display: flex; flex-wrap: wrap; gap: 10px; color: #444; font-size: 12px; }
.key i { display: inline-block; width: 12px; height: 12px; border: 1px solid #999; margin-right: 4px;
         vertical-align: -2px; }
.key i.hot { border: 3px solid #d00000; }
main { flex: 1; display: flex; min-height: 0; }
#timeline { width: 300px; overflow: auto; border-right: 1px solid #ddd; padding: 6px 8px; }
#timeline h2 { font-size: 13px; margin: 4px 0; }
#timeline ol { list-style: none; padding: 0; margin: 0; }
#timeline li { padding: 4px 6px; border-radius: 4px; cursor: pointer; }
#timeline li:hover { background: #eef4ff; }
#timeline li.current { background: #d6e6ff; }
#timeline .num { color: #888; font-family: monospace; }
#timeline .meta { display: block; color: #777; font-size: 11px; margin-left: 22px; }
#view { flex: 1; overflow: auto; background: #fff; }
.pane svg { display: block; }
.pane pre.dot { margin: 12px; font-size: 11px; }
.notice { background: #fff4d6; border: 1px solid #e8c870; padding: 6px 10px; margin: 6px 0 0 0; }
g.match > path, g.match > polygon { stroke: #0050ff; stroke-width: 4px; }
g.current-match > path, g.current-match > polygon { stroke: #ff00aa; stroke-width: 6px; }
pre .match { background: #ffec80; }
#results { max-height: 90px; overflow: auto; font-size: 12px; }
#results a { margin-right: 8px; cursor: pointer; color: #0040c0; }
"""

_SCRIPT = r"""
(function () {
  "use strict";
  var data = JSON.parse(document.getElementById("hloc-data").textContent);
  var panes = Array.prototype.slice.call(document.querySelectorAll(".pane"));
  var items = Array.prototype.slice.call(document.querySelectorAll("#timeline li"));
  var search = document.getElementById("search");
  var status = document.getElementById("status");
  var results = document.getElementById("results");
  var current = panes.length - 1;
  var scale = 1;

  function show(k) {
    if (k < 0 || k >= panes.length) return;
    current = k;
    panes.forEach(function (p, i) { p.hidden = i !== k; });
    items.forEach(function (li, i) { li.classList.toggle("current", i === k); });
    if (items[k]) items[k].scrollIntoView({block: "nearest"});
    applyScale();
    find();
  }

  function applyScale() {
    var svg = panes[current].querySelector("svg");
    if (!svg) return;
    if (!svg.dataset.w) { svg.dataset.w = svg.getAttribute("width"); svg.dataset.h = svg.getAttribute("height"); }
    svg.setAttribute("width", (parseFloat(svg.dataset.w) * scale) + "pt");
    svg.setAttribute("height", (parseFloat(svg.dataset.h) * scale) + "pt");
  }

  function nodeName(g) { return g.id.indexOf("node-") === 0 ? g.id.slice(5) : ""; }

  function find() {
    var q = search.value.trim().toLowerCase();
    var pane = panes[current];
    pane.querySelectorAll(".match, .current-match").forEach(function (e) {
      e.classList.remove("match"); e.classList.remove("current-match");
    });
    results.textContent = "";
    if (!q) { status.textContent = data.steps[current].instructions.length + " instructions"; return; }
    var ops = {};
    data.steps[current].instructions.forEach(function (r) { ops[r[0]] = r[1]; });
    var hits = [];
    pane.querySelectorAll("g.node, g.cluster").forEach(function (g) {
      var name = nodeName(g);
      if (name.toLowerCase().indexOf(q) >= 0 || (ops[name] || "").indexOf(q) === 0) {
        g.classList.add("match"); hits.push(g);
      }
    });
    pane.querySelectorAll("pre.dot").forEach(function (pre) {
      var lines = pre.textContent.split("\n");
      pre.textContent = "";
      lines.forEach(function (line) {
        var span = document.createElement("span");
        span.textContent = line + "\n";
        if (q && line.toLowerCase().indexOf(q) >= 0) { span.className = "match"; hits.push(span); }
        pre.appendChild(span);
      });
    });
    status.textContent = hits.length + " match" + (hits.length === 1 ? "" : "es");
    hits.slice(0, 50).forEach(function (g, i) {
      var a = document.createElement("a");
      a.textContent = g.id ? nodeName(g) : g.textContent.trim().slice(0, 40);
      a.addEventListener("click", function () { focus(g); });
      results.appendChild(a);
      if (i === 0) focus(g);
    });
  }

  function focus(el) {
    panes[current].querySelectorAll(".current-match").forEach(function (e) { e.classList.remove("current-match"); });
    el.classList.add("current-match");
    el.scrollIntoView({block: "center", inline: "center"});
  }

  items.forEach(function (li) { li.addEventListener("click", function () { show(+li.dataset.step); }); });
  search.addEventListener("input", find);
  document.getElementById("zoom-in").addEventListener("click", function () { scale *= 1.25; applyScale(); });
  document.getElementById("zoom-out").addEventListener("click", function () { scale /= 1.25; applyScale(); });
  document.getElementById("zoom-reset").addEventListener("click", function () { scale = 1; applyScale(); });
  document.addEventListener("keydown", function (e) {
    if (e.target === search) return;
    if (e.key === "ArrowUp" || e.key === "ArrowLeft") { show(current - 1); e.preventDefault(); }
    if (e.key === "ArrowDown" || e.key === "ArrowRight") { show(current + 1); e.preventDefault(); }
    if (e.key === "/") { search.focus(); e.preventDefault(); }
  });
  // #find=NAME and #step=K in the address open the page on a search or a step (links, tests)
  location.hash.slice(1).split("&").forEach(function (kv) {
    var i = kv.indexOf("="), key = kv.slice(0, i), value = decodeURIComponent(kv.slice(i + 1));
    if (key === "find") search.value = value;
    if (key === "step" && +value >= 0 && +value < panes.length) current = +value;
  });
  show(current);
  document.body.dataset.ready = "1";
})();
"""

_PAGE = """<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>{title}</title>
<style>{style}</style></head>
<body class="{has_timeline}">
<header><h1>{title}</h1>
<div id="tools"><input id="search" type="search" placeholder="find an instruction by name or opcode ( / )"
 autocomplete="off"> <button id="zoom-out" title="zoom out">&minus;</button><button id="zoom-reset">100%</button>
<button id="zoom-in" title="zoom in">+</button> <span id="status"></span></div>
<div id="results"></div>
<div class="legend">{legend}</div>{notice}</header>
<main>{timeline}<div id="view">{panes}</div></main>
<script type="application/json" id="hloc-data">{data}</script>
<script>{script}</script>
</body></html>
"""
