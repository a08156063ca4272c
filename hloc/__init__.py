"""hloc: a compiler toolchain for XLA's textual HLO.

Public API (everything else is internal):
    parse_module(text, filename="<input>") -> Module
    print_module(module, style="canonical") -> str

The names are imported on first use (PEP 562), so that `import hloc.<anything>` does not load the
parser: a cached `hloc run` never needs it.
"""

from .version import __version__

__all__ = ["parse_module", "print_module", "__version__"]

_LAZY = {"parse_module": ".parse", "print_module": ".ir.printer"}


def __getattr__(name: str):
    if name in _LAZY:
        import importlib

        value = getattr(importlib.import_module(_LAZY[name], __name__), name)
        globals()[name] = value
        return value
    raise AttributeError(f"module 'hloc' has no attribute {name!r}")


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))
