"""hloc: a compiler toolchain for XLA's textual HLO.

Public API (everything else is internal):
    parse_module(text, filename="<input>") -> Module
    print_module(module, style="canonical") -> str
"""

from .ir.printer import print_module
from .parse import parse_module
from .version import __version__

__all__ = ["parse_module", "print_module", "__version__"]
