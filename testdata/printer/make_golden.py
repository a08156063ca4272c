"""Regenerate the expected outputs of the printer tests with XLA's own printer (the oracle).

Run with the XLA oracle's Python (jax/jaxlib, see TEAM.md), from anywhere:

    /work/.venv-xla/bin/python testdata/printer/make_golden.py

For every NAME.hlo here it writes NAME.long.txt (HloModule::ToString with print_operand_shape and
print_large_constants, hlo_parser_test's long form) and NAME.short.txt (ShortParsable). Never edit
the .txt files by hand. The cases avoid the few spots where jaxlib 0.12 prints differently from the
XLA snapshot hloc follows (`order=TOTAL` for `type=TOTALORDER`, synthetic `origin=`), and elided
`constant({...})`, which XLA fills with process-global garbage values.
"""

from __future__ import annotations

import pathlib

from jax._src.lib import hlo

HERE = pathlib.Path(__file__).resolve().parent


def main() -> None:
    long_opts = hlo.HloPrintOptions()
    long_opts.print_operand_shape = True
    long_opts.print_large_constants = True
    short_opts = hlo.HloPrintOptions.short_parsable()
    for path in sorted(HERE.glob("*.hlo")):
        module = hlo.hlo_module_from_text(path.read_text())
        path.with_suffix(".long.txt").write_text(module.to_string(long_opts))
        path.with_suffix(".short.txt").write_text(module.to_string(short_opts))
        print("wrote", path.with_suffix(".long.txt").name, path.with_suffix(".short.txt").name)


if __name__ == "__main__":
    main()
