"""The one place the Python API turns what a user hands it into a parsed module.

    load("model.hlo")                  a file: HLO or StableHLO text, an HloModuleProto (.pb, .pbtxt)
    load(text)                         HLO or StableHLO text itself
    load(data)                         bytes: a serialized HloModuleProto (as_serialized_hlo_module_proto())
                                       or the bytes of a text file
    load("dump/", module="jit_f")      an XLA dump folder (--xla_dump_to): the module NAME picks
    load(pathlib.Path(...))            any path-like

`resolve_source` decides what the argument is, with the readers the CLI uses (hloc.parse: the
format by content, dumps.py for folders); everything above it (`hloc.load`, `hloc.compile`,
`hloc.jit`) follows.
"""

from __future__ import annotations

import os

from ..errors import HlocError


class Source:
    """A module's text and the name its errors are reported under (a file name or `<text>`)."""

    __slots__ = ("text", "name", "path")

    def __init__(self, text: str, name: str, path: str | None = None):
        self.text = text
        self.name = name
        self.path = path


def _looks_like_text(s: str) -> bool:
    return "\n" in s or s.lstrip().startswith(("HloModule", "ENTRY", "//", "module", "func.func"))


def resolve_source(path_or_text: str | os.PathLike, name: str | None = None, module: str | None = None) -> Source:
    """A Source for a file path, a dump folder (`module`: which of its modules), module text (a
    string with a newline, or starting like HLO or MLIR text) or bytes (a binary proto or text)."""
    if isinstance(path_or_text, (bytes, bytearray)):
        from ..parse import decode_source

        label = name or "<bytes>"
        return Source(decode_source(bytes(path_or_text), label), label)
    if isinstance(path_or_text, str) and _looks_like_text(path_or_text):
        return Source(path_or_text, name or "<text>")
    path = os.fspath(path_or_text)
    if os.path.isdir(path):
        from ..parse.dumps import choose_module

        path = choose_module(path, module).path
    elif module is not None:
        raise HlocError(f"module={module!r} picks a module in an XLA dump folder; '{path}' is not a folder")
    from ..parse import read_source

    return Source(read_source(path), name or path, path)


def load(path_or_text: str | os.PathLike, name: str | None = None, module: str | None = None):
    """Parse and verify a module from a file, a dump folder, text or proto bytes; a `hloc.ir.Module`.

    >>> import hloc
    >>> m = hloc.load('''HloModule double
    ... ENTRY main {
    ...   x = f32[3] parameter(0)
    ...   ROOT y = f32[3] add(x, x)
    ... }''')
    >>> m.name, len(m.entry.instructions)
    ('double', 2)
    """
    return parse_source(resolve_source(path_or_text, name, module))


def parse_source(source: Source):
    from ..ir.verifier import verify_module
    from ..parse import parse_module

    module = parse_module(source.text, source.name)
    verify_module(module)
    return module
