"""hloc: a compiler toolchain for XLA's textual HLO.

Public API (everything else is internal):
    parse_module(text, filename="<input>") -> Module
    print_module(module, style="canonical") -> str
    optimize(module, level="O2") -> bool          run a named pass pipeline in place
    run_pipeline(module, text_or_level) -> bool    run a textual pipeline in place
    evaluate(module, args) -> value                the reference interpreter
    compile_module(module, options=None, threads=None)   native code through LLVM (an Executable;
                                                   exe.threads: threads per call, None = all CPUs)

Submodules load on first use, so `import hloc` stays cheap for the CLI.
"""

from importlib import import_module

from .version import __version__

_EXPORTS = {
    "parse_module": "hloc.parse",
    "print_module": "hloc.ir.printer",
    "optimize": "hloc.passes",
    "run_pipeline": "hloc.passes",
    "evaluate": "hloc.interp",
    "compile_module": "hloc.backend.llvm",
}

__all__ = [*_EXPORTS, "__version__"]


def __getattr__(name: str):
    if name in _EXPORTS:
        return getattr(import_module(_EXPORTS[name]), name)
    raise AttributeError(f"module 'hloc' has no attribute {name!r}")
