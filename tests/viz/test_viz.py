"""Pictures of modules: `hloc opt --emit dot|svg|html`, `--dump-format html`, and the page in a real
headless browser (Debian's chromium; Graphviz' dot lays the graph out). Tests that need `dot` or a
browser skip with the reason when it is not installed."""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from click.testing import CliRunner

from hloc.cli import main
from hloc.parse import parse_module
from hloc.viz.dot import profile_times, to_dot

ROOT = Path(__file__).resolve().parents[2]
MODEL = ROOT / "testdata" / "models" / "transformer_layer.hlo"
HAVE_DOT = shutil.which("dot") is not None
BROWSER = next((b for b in ("chromium", "chromium-browser", "google-chrome") if shutil.which(b)), None)
needs_dot = pytest.mark.skipif(not HAVE_DOT, reason="Graphviz' dot is not installed (apt-get install graphviz)")

LOOPS = """HloModule loops
add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT s = f32[] add(a, b)
}
cond {
  p = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  n = s32[] constant(3)
  ROOT lt = pred[] compare(i, n), direction=LT
}
body {
  p = (s32[], f32[4]) parameter(0)
  i = s32[] get-tuple-element(p), index=0
  x = f32[4] get-tuple-element(p), index=1
  one = s32[] constant(1)
  j = s32[] add(i, one)
  y = f32[4] multiply(x, x)
  ROOT t = (s32[], f32[4]) tuple(j, y)
}
fused {
  p0 = f32[4] parameter(0)
  p1 = f32[4] parameter(1)
  e = f32[4] exponential(p0)
  ROOT m = f32[4] multiply(e, p1)
}
ENTRY e {
  x = f32[4] parameter(0)
  zero = s32[] constant(0)
  init = (s32[], f32[4]) tuple(zero, x)
  w = (s32[], f32[4]) while(init), condition=cond, body=body
  r = f32[4] get-tuple-element(w), index=1
  f = f32[4] fusion(r, x), kind=kLoop, calls=fused
  z = f32[] constant(0)
  ROOT s = f32[] reduce(f, z), dimensions={0}, to_apply=add
}
"""


def opt(*args, env=None):
    return CliRunner().invoke(main, ["opt", *map(str, args)], env=env)


def test_dot_draws_fusions_loops_kinds_and_shapes():
    text = to_dot(parse_module(LOOPS))
    # a fusion is a cluster of its instructions, fed by the fusion's operands
    assert re.search(r'subgraph cluster_\d+ \{\n\s*label="f \(kLoop\)"', text)
    assert 'id="node-e"' in text and 'id="node-p0"' in text
    # the while loop's condition and body are clusters beside it, joined by a dashed edge
    assert 'label="while w: cond"' in text and 'label="while w: body"' in text
    assert "style=dashed" in text
    # colours by kind: exponential elementwise, reduce, parameter; reduce names its to_apply
    assert re.search(r'<b>e</b><br/>exponential.*fillcolor="#cfe8ff"', text)
    assert re.search(r'<b>s.1</b><br/>reduce.*add.*fillcolor="#c8f0c0"', text)  # (names made unique: s.1)
    # shapes on the edges
    assert '[label="f32[4]"]' in text and '[label="(s32[], f32[4])"]' in text


@needs_dot
def test_dot_is_valid_graphviz():
    r = subprocess.run(["dot", "-Tsvg"], input=to_dot(parse_module(LOOPS)), capture_output=True, text=True)
    assert r.returncode == 0, r.stderr
    # every instruction of the entry (the fusion is its cluster), the fused computation, condition and body
    assert r.stdout.count('class="node"') == 7 + 4 + 4 + 7


def test_profile_highlights_the_costliest_kernels():
    doc = {"profile": [{"site": "f", "ms_per_run": 3.0, "kind": "kLoop"}, {"site": "s.1", "ms_per_run": 1.0},
                       {"site": "w", "ms_per_run": 9.0, "kind": "while"}]}
    times = profile_times(doc)
    assert times == {"f": 3.0, "s.1": 1.0}  # a while's time includes its body's kernels: not a kernel's own
    text = to_dot(parse_module(LOOPS), times)
    assert re.search(r'label="f \(kLoop\) 75.0% of the run".*color="#d00000"; penwidth=3', text)
    assert "<b>25.0% of the run</b>" in text


def test_opt_emit_dot_and_profile_from_a_trace_file(tmp_path):
    (tmp_path / "m.hlo").write_text(LOOPS)
    trace = {"traceEvents": [{"name": "f", "ph": "X", "tid": 2, "dur": 500.0, "cat": "kLoop"}]}
    (tmp_path / "t.json").write_text(json.dumps(trace))
    res = opt(tmp_path / "m.hlo", "--emit", "dot", "--profile", tmp_path / "t.json")
    assert res.exit_code == 0, res.stderr
    assert res.stdout.startswith('digraph "loops" {') and "100.0% of the run" in res.stdout
    (tmp_path / "bad.json").write_text("{}")
    res = opt(tmp_path / "m.hlo", "--emit", "dot", "--profile", tmp_path / "bad.json")
    assert res.exit_code == 1 and "holds no kernel times" in res.stderr


def test_without_graphviz_svg_is_an_error_and_html_says_how(tmp_path):
    (tmp_path / "m.hlo").write_text(LOOPS)
    env = {"PATH": str(tmp_path)}  # no dot there
    res = opt(tmp_path / "m.hlo", "--emit", "svg", "-o", tmp_path / "m.svg", env=env)
    assert res.exit_code == 1 and "apt-get install graphviz" in res.stderr
    assert not (tmp_path / "m.svg").exists()
    res = opt(tmp_path / "m.hlo", "--emit", "html", "-o", tmp_path / "m.html", env=env)
    assert res.exit_code == 0, res.stderr
    page = (tmp_path / "m.html").read_text()
    assert "apt-get install graphviz" in page and '<pre class="dot">digraph' in page


@needs_dot
def test_html_is_self_contained(tmp_path):
    res = opt(MODEL, "-O2", "--emit", "html", "-o", tmp_path / "m.html")
    assert res.exit_code == 0, res.stderr
    page = (tmp_path / "m.html").read_text()
    assert "<svg" in page and 'id="search"' in page
    assert not re.search(r'(src|href)="(https?:)?//', page)  # nothing fetched at view time


@needs_dot
def test_dump_format_html_is_one_page_with_a_timeline(tmp_path):
    res = opt(MODEL, "-O2", "--dump-after-each-pass", tmp_path / "d", "--dump-format", "html", "-o", tmp_path / "o.hlo")
    assert res.exit_code == 0, res.stderr
    files = os.listdir(tmp_path / "d")
    assert files == ["module_0000.jit.html"]
    page = (tmp_path / "d" / files[0]).read_text()
    # the same steps the text dump writes, one timeline entry and one laid-out graph each
    text_dump = opt(MODEL, "-O2", "--dump-after-each-pass", tmp_path / "t", "-o", tmp_path / "o.hlo")
    assert text_dump.exit_code == 0
    steps = len(os.listdir(tmp_path / "t"))
    assert page.count('<li data-step="') == steps and page.count("<svg") == steps
    assert "after fusion (O2)" in page and "before optimizations" in page


@pytest.mark.skipif(BROWSER is None or not HAVE_DOT,
                    reason="needs a headless browser and Graphviz (apt-get install chromium graphviz)")
def test_transformer_layer_page_in_a_headless_browser(tmp_path):
    """The -O2 timeline of transformer_layer loads in chromium without script errors, draws the graph,
    finds an instruction through the search (#find=), and a screenshot of it is a real picture."""
    res = opt(MODEL, "-O2", "--dump-after-each-pass", tmp_path / "d", "--dump-format", "html", "-o", tmp_path / "o.hlo")
    assert res.exit_code == 0, res.stderr
    page = tmp_path / "d" / "module_0000.jit.html"
    flags = [BROWSER, "--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
             "--disable-component-update", "--disable-sync", "--no-first-run", "--enable-logging=stderr",
             f"--user-data-dir={tmp_path / 'profile'}"]
    url = page.as_uri() + "#find=add_rsqrt_fusion"
    r = subprocess.run([*flags, "--dump-dom", url], capture_output=True, text=True, timeout=180)
    assert r.returncode == 0, r.stderr[-2000:]
    dom = r.stdout
    assert 'data-ready="1"' in dom  # the script ran to its end
    assert re.findall(r'CONSOLE.*(?:Uncaught|Error)', r.stderr) == []
    visible = dom.split('<div class="pane" id="pane-13" data-step="13">', 1)[1]
    assert "<svg" in visible and visible.count('class="node') > 100
    # the search found the fusion cluster(s) by name, said how many, and focused the first
    assert re.search(r'class="cluster (current-)?match', dom)
    assert re.search(r'<span id="status">[1-9]\d* match(es)?</span>', dom)
    assert 'current-match' in dom
    shot = tmp_path / "shot.png"
    r = subprocess.run([*flags, "--window-size=1400,1000", f"--screenshot={shot}", page.as_uri()],
                       capture_output=True, text=True, timeout=180)
    assert r.returncode == 0 and shot.exists(), r.stderr[-2000:]
    data = shot.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and len(data) > 50_000  # (a blank 1400x1000 page is ~10 kB)
    if os.environ.get("HLOC_SCREENSHOT_DIR"):
        shutil.copy(shot, Path(os.environ["HLOC_SCREENSHOT_DIR"]) / "transformer_layer_O2.png")
