"""`hloc cache`: look at, check or empty the compile cache (`ccache -s / -C`, `pip cache`).

    hloc cache --info      where it is, whether it is used (and why not), entries and bytes
    hloc cache --verify    check every entry as a run would; remove the damaged ones
    hloc cache --clear     remove every entry

The cache holds two parts: compiled modules (the root) and the precompiled library kernels
(root/library). Each is used only when it is safe (hloc.cache); these commands never
follow a link or touch a directory that belongs to someone else.
"""

from __future__ import annotations

import click

from ..errors import UsageError
from . import main

_HELP = """Show, check or clear the compile cache ($XDG_CACHE_HOME/hloc, else ~/.cache/hloc).

\b
--info   (the default) its location, whether it is used (a cache that another user owns
         or that group/others can write is not: `hloc run` warns and compiles without it),
         the number of entries and their size.
--verify checks every entry as `hloc run` does before loading it (ownership, links, sizes,
         checksums) and removes the damaged ones, which are then rebuilt when next needed.
         Exit status 1 when it removed any.
--clear  removes every entry (never following links).
"""


def _parts(root: str | None):
    from ..cache import CompileCache

    return [("modules", CompileCache(root)), ("library", CompileCache(root, part="library")),
            ("kernels", CompileCache(root, part="kernels"))]


def _human(n: float) -> str:
    for unit in ("bytes", "KiB", "MiB", "GiB"):
        if n < 1024 or unit == "GiB":
            return f"{n} {unit}" if unit == "bytes" else f"{n:.1f} {unit}"
        n /= 1024
    return str(n)  # pragma: no cover


@main.command("cache", help=_HELP)
@click.option("--info", "action", flag_value="info", default=True, help="Show where it is and what it holds.")
@click.option("--verify", "action", flag_value="verify", help="Check every entry; remove the damaged ones.")
@click.option("--clear", "action", flag_value="clear", help="Remove every entry.")
@click.option("--dir", "root", metavar="DIR", help="The cache directory (default: $XDG_CACHE_HOME/hloc or "
              "~/.cache/hloc).")
def cache_command(action: str, root: str | None) -> None:
    import os

    parts = _parts(root)
    click.echo(f"cache: {parts[0][1].root}")
    removed = 0
    for label, cache in parts:
        present = os.path.lexists(cache.root)
        fd = cache.open_root(create=False, warn=False) if present else None
        if fd is None:
            state = "not created yet" if not present else f"not used: {cache.unsafe}"
            click.echo(f"  {label}: {state}")
            continue
        if action == "clear":
            n = len(cache.keys())
            cache.clear()
            click.echo(f"  {label}: removed {n} entr{'y' if n == 1 else 'ies'}")
        elif action == "verify":
            keys = cache.keys()
            bad = []
            for key in keys:
                if cache.load(key) is None:
                    bad.append((key, cache.last_discarded or "unreadable"))
            for key, why in bad:
                click.echo(f"  {label}: removed {key[:16]}...: {why}")
            removed += len(bad)
            click.echo(f"  {label}: {len(keys) - len(bad)} of {len(keys)} entries verified")
        elif action == "info":
            files, size = cache.usage()
            n = len(cache.keys())
            click.echo(f"  {label}: {n} entr{'y' if n == 1 else 'ies'}, {files} files, {_human(size)}")
        else:  # pragma: no cover - click restricts the flag values
            raise UsageError(f"unknown action {action}")
    if removed:
        click.get_current_context().exit(1)
