"""What the commands read: a module file (HLO text, StableHLO text, an HloModuleProto .pb/.pbtxt) or
an XLA dump folder, where `--module NAME` picks the module (parse/dumps.py)."""

from __future__ import annotations

import os

import click

from ..errors import UsageError

module_option = click.option(
    "--module", "module_name", metavar="NAME", default=None,
    help="In an XLA dump folder: the module whose file name contains NAME (or matches it as a regex); "
         "default: the before_optimizations module of the folder's only program.")


def resolve_input(path: str | None, module_name: str | None) -> str | None:
    """The file to read for PATH: PATH itself, or the module --module picks in a dump folder."""
    if path is None or path == "-" or not os.path.isdir(path):
        if module_name is not None:
            raise UsageError("--module picks a module in an XLA dump folder; "
                             f"'{path}' is not a folder" if path else "--module needs a dump folder")
        return path
    from ..parse.dumps import choose_module

    chosen = choose_module(path, module_name)
    click.echo(f"hloc: reading {chosen.path}", err=True)
    return chosen.path
