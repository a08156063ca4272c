"""Imports flow one way: every import in hloc/ (at module level, inside functions, under
TYPE_CHECKING) goes from a layer to a lower one, and the module graph has no cycle.

The order is CONTRIBUTING.md's (Architecture). A module may import modules of its own layer unit
(its package, or itself for a plain module), as long as that creates no cycle either.
"""

from __future__ import annotations

import ast
from pathlib import Path

import hloc

ROOT = Path(hloc.__file__).parent

# Lowest first; a module belongs to the first unit its name starts with (longest prefix wins).
LAYERS: list[tuple[str, ...]] = [
    ("hloc.version", "hloc.record", "hloc.aligned"),  # (aligned: numpy buffers at an alignment)
    ("hloc.errors", "hloc.cache", "hloc.progress"),
    ("hloc.ir",),
    ("hloc.lapack",),  # the linear-algebra custom calls as LAPACK calls (both backends run them)
    ("hloc.signature", "hloc.parse", "hloc.interp"),
    ("hloc.passes", "hloc.viz"),  # (constant folding runs the interpreter; viz draws modules)
    ("hloc.backend",),
    ("hloc.runtime",),
    ("hloc.api",),  # load, compile -> Executable, jit
    ("hloc.cli",),
    ("hloc",),  # the public API (hloc/__init__.py)
]
# Inside the native backend (hloc.backend.llvm), lowest first.
BACKEND = "hloc.backend.llvm"
BACKEND_LAYERS: list[tuple[str, ...]] = [
    ("lowerings", "abi"),  # the registry of what compiles natively; the C ABI as data
    ("header",),  # the C header of a compiled module
    ("llvmir",),  # LLVM IR building blocks: types and values, loops, helpers, hints
    ("elemental",),  # the value of each element: one rule per opcode, vector math, reduction order
    ("library",),  # the runtime library kernels call: pool, GEMM, im2col (declared or defined)
    ("kernels",),  # one function per instruction or fusion
    ("codegen",),  # the module emitter, how the library is linked, LLVM IR -> assembly
    ("compile",),  # a module -> object code / a loaded Executable
    ("build", "loader_orc"),  # the HLO pipeline + compile (`hloc compile`); loading objects
    ("runner_backend",),  # the runner's llvm backend (compile cache, loading)
    ("",),  # the package's public API (__init__.py)
]


def _modules() -> dict[str, Path]:
    out = {}
    for path in sorted(ROOT.rglob("*.py")):
        rel = path.relative_to(ROOT.parent).with_suffix("")
        parts = list(rel.parts)
        if parts[-1] == "__init__":
            parts.pop()
        out[".".join(parts)] = path
    return out


MODULES = _modules()


def _is_package(name: str) -> bool:
    return MODULES[name].name == "__init__.py"


def _imports(name: str) -> set[str]:
    """The hloc modules `name` imports, anywhere in its text."""
    tree = ast.parse(MODULES[name].read_text(), str(MODULES[name]))
    package = name if _is_package(name) else name.rpartition(".")[0]
    found = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [a.name for a in node.names]
        elif isinstance(node, ast.ImportFrom):
            if node.level:
                base = package.split(".")[:len(package.split(".")) - (node.level - 1)]
                module = ".".join(base + ([node.module] if node.module else []))
            else:
                module = node.module or ""
            # `from pkg import sub` imports the submodule; `from mod import name` the module
            targets = [f"{module}.{a.name}" if f"{module}.{a.name}" in MODULES else module for a in node.names]
        else:
            continue
        for t in targets:
            while t and t not in MODULES:  # `import hloc.x.y` as a module, or an attribute path
                t = t.rpartition(".")[0]
            if t and t.startswith("hloc") and t != name:
                found.add(t)
    return found


GRAPH = {name: _imports(name) for name in MODULES}


def _unit(name: str, layers: list[tuple[str, ...]], prefix: str = "") -> tuple[int, str]:
    best = (-1, "")
    for rank, units in enumerate(layers):
        for u in units:
            full = f"{prefix}.{u}" if prefix and u else (prefix or u)
            if (name == full or name.startswith(full + ".")) and len(full) >= len(best[1]):
                best = (rank, full)
    assert best[0] >= 0, f"{name} is in no layer: add it to tests/test_layers.py and CONTRIBUTING.md"
    return best


def _allowed(a: str, b: str) -> bool:
    ra, ua = _unit(a, LAYERS)
    rb, ub = _unit(b, LAYERS)
    if ua == ub == "hloc.backend" and a.startswith(BACKEND) and b.startswith(BACKEND):
        ra, ua = _unit(a, BACKEND_LAYERS, BACKEND)
        rb, ub = _unit(b, BACKEND_LAYERS, BACKEND)
    return rb < ra or ua == ub


def test_every_import_goes_down_the_layers():
    wrong = sorted(f"{a} -> {b}" for a, deps in GRAPH.items() for b in deps if not _allowed(a, b))
    assert not wrong, "imports against the layering (CONTRIBUTING.md, Architecture):\n" + "\n".join(wrong)


def test_the_import_graph_has_no_cycle():
    state: dict[str, int] = {}  # 1: on the current path, 2: done
    path: list[str] = []
    cycles = []

    def visit(n: str) -> None:
        state[n] = 1
        path.append(n)
        for m in sorted(GRAPH[n]):
            if state.get(m) == 1:
                cycles.append(" -> ".join(path[path.index(m):] + [m]))
            elif m not in state:
                visit(m)
        path.pop()
        state[n] = 2

    for n in sorted(GRAPH):
        if n not in state:
            visit(n)
    assert not cycles, "import cycles:\n" + "\n".join(cycles)


def test_the_checker_sees_imports_inside_functions():
    # (the circle this test was written for: the library imported its emitters inside functions)
    assert "hloc.backend.llvm.codegen.target" in GRAPH["hloc.backend.llvm.codegen.linking"]
    assert _allowed("hloc.backend.llvm.kernels.dot", "hloc.backend.llvm.library.gemm")
    assert not _allowed("hloc.backend.llvm.library.gemm", "hloc.backend.llvm.kernels.parallel")
    assert not _allowed("hloc.backend.llvm.build", "hloc.runtime.backends")
