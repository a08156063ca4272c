"""`hloc opt`: parse, verify, run a pass pipeline and print the module (hlo-opt / LLVM opt)."""

from __future__ import annotations

import click

from ..ir.printer import STYLES, print_module
from ..parse import parse_module, read_source, split_modules
from . import main
from .common import write_atomic


@main.command("opt")
@click.argument("file", type=click.Path(dir_okay=False, allow_dash=True))
@click.option("-o", "--output", default="-", metavar="OUT", help="Write the module here (default: stdout).")
@click.option("--print-style", type=click.Choice(STYLES), default="canonical", show_default=True,
              help="canonical: %-names, signatures, everything that round-trips; long: XLA's ToString with "
                   "operand shapes; short: XLA's ShortParsable (no %, no operand shapes, no metadata).")
@click.option("--split-input-file", is_flag=True,
              help="Treat '// -----' lines as separators between independent modules.")
def opt_command(file: str, output: str, print_style: str, split_input_file: bool) -> None:
    """Parse FILE (or '-' for stdin), verify it and print it back.

    With no pipeline this is a round trip through hloc's IR: a parse/verify check and a
    re-printer between XLA's print styles.
    """
    from ..ir.verifier import verify_module

    name = "<stdin>" if file == "-" else file
    text = read_source(file)
    chunks = split_modules(text) if split_input_file else [text]
    printed = []
    for chunk in chunks:
        module = parse_module(chunk, name)
        verify_module(module)
        printed.append(print_module(module, print_style))
    write_atomic(output, "\n// -----\n\n".join(printed))
