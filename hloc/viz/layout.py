"""SVG layout by Graphviz (Debian's `graphviz`: the `dot` program), when it is on PATH."""

from __future__ import annotations

import shutil
import subprocess

from ..errors import HlocError

INSTALL_HINT = "install Graphviz for the layout (Debian/Ubuntu: apt-get install graphviz; macOS: brew install graphviz)"


def have_dot() -> bool:
    return shutil.which("dot") is not None


def render_svg(dot_text: str, timeout: float = 300) -> str | None:
    """The SVG Graphviz lays out for `dot_text`, or None without `dot`."""
    exe = shutil.which("dot")
    if exe is None:
        return None
    try:
        r = subprocess.run([exe, "-Tsvg"], input=dot_text, capture_output=True, text=True, timeout=timeout)
    except (OSError, subprocess.SubprocessError) as e:
        raise HlocError(f"Graphviz' dot failed: {e}") from None
    if r.returncode != 0:
        raise HlocError(f"Graphviz' dot failed: {r.stderr.strip()[:500]}")
    return r.stdout
