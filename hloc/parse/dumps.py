"""XLA dump folders (`XLA_FLAGS=--xla_dump_to=DIR`): which files in them are modules, and which one
a user means.

    list_dump(dir)                    DumpModule per module file, programs in order, stages in order
    choose_module(dir, pattern=None)  the one module `pattern` (a substring or regex) names; without a
                                      pattern, the before_optimizations module of the only program

Module files: `module_NNNN.PROGRAM.STAGE.txt` / `.hlo.pb` / `.pbtxt` with STAGE `before_optimizations`,
`cpu_after_optimizations` (any `*after_optimizations`) or a pass dump `NNNN.pipeline.after_pass...`,
and the StableHLO `module_NNNN.PROGRAM/module.mlir` JAX writes beside them. Buffer assignments,
memory reports, object files and options are not modules.
"""

from __future__ import annotations

import os
import re

from ..errors import UsageError

__all__ = ["DumpModule", "choose_module", "list_dump"]

_MODULE_FILE = re.compile(
    r"(?P<program>module_\d+\.[^/]+?)\.(?P<stage>before_optimizations|[a-z0-9_]*after_optimizations|"
    r"\d{4}\.[\w.-]+?)(?P<ext>\.txt|\.hlo\.pb|\.hlo\.pbtxt|\.pbtxt)")
_STAGE_ORDER = {"before_optimizations": 0}
_FORMAT_ORDER = {".txt": 0, ".hlo.pb": 1, ".hlo.pbtxt": 2, ".pbtxt": 2, ".mlir": 3}


class DumpModule:
    __slots__ = ("path", "name", "program", "stage", "ext")

    def __init__(self, path: str, name: str, program: str, stage: str, ext: str):
        self.path = path
        self.name = name  # the path inside the folder (what --module matches)
        self.program = program
        self.stage = stage
        self.ext = ext

    def sort_key(self):
        stage = _STAGE_ORDER.get(self.stage, 2 if "after_optimizations" in self.stage else 1)
        return (self.program, stage, self.stage, _FORMAT_ORDER.get(self.ext, 9))


def list_dump(folder: str) -> list[DumpModule]:
    try:
        names = sorted(os.listdir(folder))
    except OSError as e:
        raise UsageError(f"cannot list '{folder}': {e.strerror}") from None
    out = []
    for fname in names:
        path = os.path.join(folder, fname)
        m = _MODULE_FILE.fullmatch(fname)
        if m and os.path.isfile(path):
            out.append(DumpModule(path, fname, m.group("program"), m.group("stage"), m.group("ext")))
        elif re.fullmatch(r"module_\d+\..+", fname) and os.path.isfile(os.path.join(path, "module.mlir")):
            out.append(DumpModule(os.path.join(path, "module.mlir"), fname + "/module.mlir", fname, "mlir", ".mlir"))
        elif fname == "module.mlir":  # a program's own folder
            out.append(DumpModule(path, fname, os.path.basename(os.path.abspath(folder)), "mlir", ".mlir"))
    return sorted(out, key=DumpModule.sort_key)


def _matches(pattern: str, name: str) -> bool:
    if pattern in name:
        return True
    try:
        return re.search(pattern, name) is not None
    except re.error:
        return False


def choose_module(folder: str, pattern: str | None = None) -> DumpModule:
    modules = list_dump(folder)
    if not modules:
        raise UsageError(f"'{folder}' holds no HLO modules (an XLA dump folder has files such as "
                         "module_0000.NAME.before_optimizations.txt)")
    matching = [m for m in modules if pattern is None or _matches(pattern, m.name)]
    if not matching:
        raise UsageError(f"no module in '{folder}' matches --module {pattern!r}; it holds:\n"
                         + _listing(modules))
    if len(matching) == 1:
        return matching[0]
    programs = {m.program for m in matching}
    if len(programs) == 1:
        before = [m for m in matching if m.stage == "before_optimizations"]
        if before:
            return before[0]  # sorted: text before proto
        if len({(m.stage) for m in matching}) == 1:
            return matching[0]
    what = f"{len(programs)} programs" if len(programs) > 1 else f"{len(matching)} modules"
    how = "pick one with --module NAME (a substring or regex of a name below)"
    raise UsageError(f"'{folder}' holds {what}{' matching ' + repr(pattern) if pattern else ''}: {how}:\n"
                     + _listing(matching))


def _listing(modules: list[DumpModule]) -> str:
    return "\n".join(f"  {m.name}" for m in modules)
