"""The `hloc` command: a click group whose subcommands are thin wrappers over the library.

Every user error is an HlocError: it is printed as `file:line:col: error: ...` with the source
line and a caret, and the process exits 1 (usage errors exit 2). No tracebacks for bad input.
"""

from __future__ import annotations

import sys

import click

from ..version import __version__
from .common import HlocGroup


def _print_version(ctx: click.Context, _param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(f"hloc {__version__}")
        ctx.exit()


# --version by hand: click.version_option translates its help text through gettext on import, which
# costs every `hloc` process the locale machinery (~2M instructions).
@click.group(cls=HlocGroup, context_settings={"help_option_names": ["-h", "--help"]})
@click.option("--version", is_flag=True, expose_value=False, is_eager=True, callback=_print_version,
              help="Show the version and exit.")
def main() -> None:
    """hloc: a compiler toolchain for XLA's textual HLO.

    \b
      hloc opt FILE.hlo [-p PIPELINE] [-o OUT]     parse, verify, optimize, print
      hloc run FILE.hlo [INPUT.npy ...] [-o OUT]   compile (cached) and execute
      hloc compile FILE.hlo [-o OUT] [--emit ...]  native object code, header, shared library
      hloc cache [--info | --verify | --clear]     the compile cache
    """


def _register() -> None:
    """Import every command module of this package; each registers itself on `main`."""
    import importlib
    import pkgutil

    for info in pkgutil.iter_modules(__path__):
        if info.name != "common":
            importlib.import_module(f"{__name__}.{info.name}")


# Command modules are imported when a command is looked up (`hloc run` imports only run.py) or
# when all are listed (`hloc --help`): a cached `hloc run` never imports the parser through opt.py.
main.command_package = __name__
main.load_all_commands = _register


if __name__ == "__main__":  # pragma: no cover
    sys.exit(main())
