"""Pictures of modules: DOT (dot.py), SVG laid out by Graphviz (layout.py), one self-contained,
searchable HTML page, with a pass-by-pass timeline for a pipeline run (html.py).

    to_dot(module, profile=None) -> str
    render_svg(dot_text) -> str | None        None when Graphviz' `dot` is not on PATH
    to_html(steps, title, profile=None) -> str   steps: [(label, module)], one for a single picture
"""
