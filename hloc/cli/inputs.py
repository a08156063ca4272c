"""What the commands read: a module file (HLO text, StableHLO text, an HloModuleProto .pb/.pbtxt) or
an XLA dump folder, where `--module NAME` picks the module (parse/dumps.py)."""

from __future__ import annotations

import os
from typing import overload

import click

from ..errors import UsageError

module_option = click.option(
    "--module", "module_name", metavar="NAME", default=None,
    help="In an XLA dump folder: the module whose file name contains NAME (or matches it as a regex); "
         "default: the before_optimizations module of the folder's only program (for a program XLA "
         "partitions across devices, its per-device module after spmd-partitioning).")


@overload
def resolve_input(path: str, module_name: str | None) -> str: ...
@overload
def resolve_input(path: None, module_name: str | None) -> None: ...


def resolve_input(path: str | None, module_name: str | None) -> str | None:
    """The file to read for PATH: PATH itself, or the module --module picks in a dump folder."""
    if path is None or path == "-" or not os.path.isdir(path):
        if module_name is not None:
            raise UsageError("--module picks a module in an XLA dump folder; "
                             f"'{path}' is not a folder" if path else "--module needs a dump folder")
        return path
    from ..parse.dumps import choose_module

    chosen = choose_module(path, module_name)
    click.echo(f"hloc: reading {chosen.path}" + (f" ({chosen.why})" if chosen.why else ""), err=True)
    return chosen.path


def refuse_elided_constants(module, what: str) -> None:
    """`run` and `compile` never work on made-up constant values: name every `constant({...})`."""
    from ..errors import RunError
    from ..ir.literal import ELIDED_HINT, elided_constants

    found = elided_constants(module)
    if not found:
        return
    lines = [f"  {i.loc or '?'}: {i.name} = {i.shape.to_str(False)} constant({{...}})" for i in found[:20]]
    if len(found) > 20:
        lines.append(f"  ... and {len(found) - 20} more")
    n = len(found)
    raise RunError(f"cannot {what} this module: {n} constant{'s' if n > 1 else ''} "
                   f"{'have their' if n > 1 else 'has its'} values elided ('constant({{...}})'):\n"
                   + "\n".join(lines) + f"\nTo get them, {ELIDED_HINT}.\nThe first one:", found[0].loc)


def warn_elided_constants(module) -> bool:
    """`opt` can transform a module with elided constants; say once that it cannot run (True if said)."""
    from ..ir.literal import elided_constants

    found = elided_constants(module)
    if found:
        n = len(found)
        click.echo(f"hloc: warning: {found[0].loc}: {n} constant{'s' if n > 1 else ''} "
                   f"{'have' if n > 1 else 'has'} elided values ('constant({{...}})'): the module cannot be run "
                   "or compiled as it is", err=True)
    return bool(found)
