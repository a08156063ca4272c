"""`python -m hloc`: the `hloc` command."""

from .cli import main

main(prog_name="hloc")
