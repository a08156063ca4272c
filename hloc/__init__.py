"""hloc: a compiler toolchain for XLA's textual HLO.

Public API (everything else is internal):
    load(path_or_text) -> Module                   parse and verify HLO (a file or the text itself)
    compile(module_or_path, backend="llvm", hlo_opt="O2", opt_level=3, threads=None) -> Executable
        exe(*arrays) / exe.run(list)               call it; .signature, .timings, .save(path)
    Executable.load(path)                          an executable saved with .save
    jit(f, static_argnums=(), donate_argnums=(), backend="llvm")   JAX functions through hloc
    parse_module(text, filename="<input>") -> Module
    print_module(module, style="canonical") -> str
    optimize(module, level="O2") -> Module         run a named pass pipeline in place; the module
    run_pipeline(module, text_or_level) -> bool    run a textual pipeline in place; whether it changed
    evaluate(module, args) -> value                the reference interpreter

Submodules load on first use, so `import hloc` stays cheap for the CLI.
"""

from importlib import import_module

from .version import __version__

_EXPORTS = {
    "load": "hloc.api.source",
    "compile": "hloc.api.executable",
    "compile_module": "hloc.api.executable",
    "Executable": "hloc.api.executable",
    "Signature": "hloc.api.executable",
    "jit": "hloc.api.jit",
    "parse_module": "hloc.parse",
    "print_module": "hloc.ir.printer",
    "optimize": "hloc.passes",
    "run_pipeline": "hloc.passes",
    "evaluate": "hloc.interp",
}

__all__ = [*_EXPORTS, "__version__"]


def __getattr__(name: str):
    if name in _EXPORTS:
        attr = "compile" if name == "compile_module" else name
        return getattr(import_module(_EXPORTS[name]), attr)
    raise AttributeError(f"module 'hloc' has no attribute {name!r}")
