"""XLA dump folders (`XLA_FLAGS=--xla_dump_to=DIR`): which files in them are modules, and which one
a user means.

    list_dump(dir)                    DumpModule per module file, programs in order, stages in order
    choose_module(dir, pattern=None)  the one module `pattern` (a substring or regex) names; without a
                                      pattern, the before_optimizations module of the only program
    per_device_module(path)           for a module file of a dump that still needs XLA's SPMD
                                      partitioner, the same program's per-device module beside it

A program partitioned across devices (shard_map, jit with shardings: num_partitions > 1) has a
before_optimizations module for the partitioner; each device runs the module after it, which XLA
dumps as the pass dump `NNNN.spmd-partitioner.after_spmd-partitioning...` (with
`--xla_dump_hlo_pass_re=spmd-partitioning`) and, optimized further, as `cpu_after_optimizations`.
Where a choice falls on the before_optimizations module of such a program, it falls on the first of
those two instead.

Module files: `module_NNNN.PROGRAM.STAGE.txt` / `.hlo.pb` / `.pbtxt` with STAGE `before_optimizations`,
`cpu_after_optimizations` (any `*after_optimizations`) or a pass dump `NNNN.pipeline.after_pass...`,
and the StableHLO `module_NNNN.PROGRAM/module.mlir` JAX writes beside them. Buffer assignments,
memory reports, object files and options are not modules.
"""

from __future__ import annotations

import os
import re

from ..errors import HlocError, UsageError
from ..ir.sharding import text_needs_partitioning

__all__ = ["DumpModule", "choose_module", "list_dump", "per_device_module"]

_MODULE_FILE = re.compile(
    r"(?P<program>module_\d+\.[^/]+?)\.(?P<stage>before_optimizations|[a-z0-9_]*after_optimizations|"
    r"\d{4}\.[\w.-]+?)(?P<ext>\.txt|\.hlo\.pb|\.hlo\.pbtxt|\.pbtxt)")
_STAGE_ORDER = {"before_optimizations": 0}
_FORMAT_ORDER = {".txt": 0, ".hlo.pb": 1, ".hlo.pbtxt": 2, ".pbtxt": 2, ".mlir": 3}


class DumpModule:
    __slots__ = ("path", "name", "program", "stage", "ext", "why")

    def __init__(self, path: str, name: str, program: str, stage: str, ext: str):
        self.path = path
        self.name = name  # the path inside the folder (what --module matches)
        self.program = program
        self.stage = stage
        self.ext = ext
        self.why = ""  # why choose_module took it over the one a user would expect, if it did

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
            return _per_device(before[0], modules)  # sorted: text before proto
        if len({(m.stage) for m in matching}) == 1:
            return matching[0]
    what = f"{len(programs)} programs" if len(programs) > 1 else f"{len(matching)} modules"
    how = "pick one with --module NAME (a substring or regex of a name below)"
    raise UsageError(f"'{folder}' holds {what}{' matching ' + repr(pattern) if pattern else ''}: {how}:\n"
                     + _listing(matching))


def _per_device(chosen: DumpModule, modules: list[DumpModule]) -> DumpModule:
    """`chosen`, or when it is a before_optimizations module for XLA's SPMD partitioner, the first
    module of its program after partitioning (text before proto, as the listing sorts them)."""
    if chosen.stage != "before_optimizations" or not _needs_partitioner(chosen, modules):
        return chosen
    same = [m for m in modules if m.program == chosen.program and m.ext != ".mlir"]
    for after in ([m for m in same if "after_spmd-partitioning" in m.stage],
                  [m for m in same if m.stage.endswith("after_optimizations")]):
        if after:
            after[0].why = f"the per-device module: {chosen.name} is for XLA's SPMD partitioner"
            return after[0]
    return chosen


def _needs_partitioner(chosen: DumpModule, modules: list[DumpModule]) -> bool:
    """Asked of the stage's first file hloc reads as HLO text (its text dump, else its proto)."""
    for m in modules:
        if m.program == chosen.program and m.stage == chosen.stage and m.ext != ".mlir":
            text = _module_text(m)
            if text is not None:
                return text_needs_partitioning(text)
    return False


def _module_text(m: DumpModule) -> str | None:
    try:
        if m.ext == ".txt":
            with open(m.path, encoding="utf-8", errors="replace") as f:
                return f.read()
        from . import read_source  # (a proto as HLO text)

        return read_source(m.path)
    except (OSError, HlocError):
        return None


def per_device_module(path: str) -> str | None:
    """For a module file inside an XLA dump folder that needs the SPMD partitioner, the path of its
    program's per-device module in the same folder (None if there is none, it is not a dump, or
    `path` is per-device itself)."""
    folder, name = os.path.split(os.path.abspath(path))
    if not _MODULE_FILE.fullmatch(name):
        return None
    try:
        modules = list_dump(folder)
    except UsageError:
        return None
    this = next((m for m in modules if m.name == name), None)
    if this is None:
        return None
    text = _module_text(this)
    if not text or not text_needs_partitioning(text):
        return None
    before = next((m for m in modules if m.program == this.program and m.stage == "before_optimizations"), None)
    chosen = before and _per_device(before, modules)
    return None if chosen is None or chosen is before else os.path.join(os.path.dirname(path), chosen.name)


def _listing(modules: list[DumpModule]) -> str:
    return "\n".join(f"  {m.name}" for m in modules)
