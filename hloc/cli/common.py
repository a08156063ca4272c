"""Shared CLI plumbing: error reporting, atomic output files."""

from __future__ import annotations

import atexit
import gc
import os
import sys
from typing import TYPE_CHECKING

import click

from ..errors import HlocError, InternalError, UsageError

if TYPE_CHECKING:
    from collections.abc import Callable
    from typing import IO

    _Command = click.Command  # what the mixin below is mixed into
else:
    _Command = object


def without_cycle_collection() -> None:
    """For a command that handles one module and then ends the process (compile, opt): turn CPython's
    cyclic collector off for good. The parser, the pass pipeline and the build pause it and would turn
    it back on, and its first collection would then walk every object they allocated (gemma3:
    0.5 s in compile, 0.16 s in opt) without freeing memory the command needs again.

    CPython still collects once more when the process ends, over the same objects (0.15-0.2 s after
    gemma3's opt -O2) only to free them: they are frozen at exit (gc.freeze), which that collection
    skips. Nothing is lost: Python runs no finalizers it promised for objects alive at exit, and the
    commands write and close their outputs themselves."""
    gc.disable()
    global _freeze_registered
    if not _freeze_registered:
        atexit.register(gc.freeze)
        _freeze_registered = True


_freeze_registered = False


def _show_help(ctx: click.Context, _param, value: bool) -> None:
    if value and not ctx.resilient_parsing:
        click.echo(ctx.get_help(), color=ctx.color)
        ctx.exit()


class _PlainHelpOption(_Command):
    """-h/--help built by hand: click's help_option() translates its help text through gettext on
    every parse, which imports the locale machinery (~2M instructions) in every `hloc` process."""

    def get_help_option(self, ctx: click.Context):
        names = self.get_help_option_names(ctx)
        if not names or not self.add_help_option:
            return None
        if getattr(self, "_help_option", None) is None:  # one object: click orders params by identity
            self._help_option = click.Option(names, is_flag=True, expose_value=False, is_eager=True,
                                             help="Show this message and exit.", callback=_show_help)
        return self._help_option


class HlocCommand(_PlainHelpOption, click.Command):
    """A click command whose parser matches `-o FILE` without a failed lookup first.

    click tries every option as a long one before the short ones; the miss builds a NoSuchOption
    whose did-you-mean imports difflib and gettext: ~10M instructions, a sixth of a cached
    `hloc run`'s own start-up. Registering the short names as long names too (where click's parser
    keeps them in its dicts) matches `-o FILE` directly; `-O2`, `-ofile` and combined flags still take
    the short-option path. `-o=FILE` now means FILE (click's short path read it as `=FILE`)."""

    def make_parser(self, ctx: click.Context):
        parser = super().make_parser(ctx)
        long_opts, short_opts = getattr(parser, "_long_opt", None), getattr(parser, "_short_opt", None)
        if isinstance(long_opts, dict) and isinstance(short_opts, dict):
            for name, opt in short_opts.items():
                long_opts.setdefault(name, opt)
        return parser


class HlocGroup(_PlainHelpOption, click.Group):
    """Turns HlocErrors raised by any subcommand into one clean report and exit status 1 (2 for usage).

    Subcommands live in modules of `command_package` that register themselves on import; a lookup
    imports only the module named like the command (`run` -> run.py), a listing imports all."""

    command_class = HlocCommand
    command_package: str | None = None
    load_all_commands: Callable[[], None] | None = None

    def get_command(self, ctx: click.Context, cmd_name: str):
        cmd = super().get_command(ctx, cmd_name)
        if cmd is None and self.command_package and cmd_name.replace("-", "_").isidentifier():
            import importlib

            try:
                importlib.import_module(f"{self.command_package}.{cmd_name.replace('-', '_')}")
            except ModuleNotFoundError as e:
                if e.name != f"{self.command_package}.{cmd_name.replace('-', '_')}":
                    raise
            cmd = super().get_command(ctx, cmd_name)
            if cmd is None and self.load_all_commands is not None:
                self.load_all_commands()
                cmd = super().get_command(ctx, cmd_name)
        return cmd

    def list_commands(self, ctx: click.Context) -> list[str]:
        if self.load_all_commands is not None:
            self.load_all_commands()
        return super().list_commands(ctx)

    def invoke(self, ctx: click.Context):
        try:
            return super().invoke(ctx)
        except UsageError as e:
            click.echo(f"hloc: {e}", err=True)
            ctx.exit(2)
        except HlocError as e:
            click.echo(str(e), err=True)
            ctx.exit(1)
        except KeyboardInterrupt:
            click.echo("hloc: interrupted", err=True)
            ctx.exit(130)
        except (click.exceptions.ClickException, click.exceptions.Exit, click.exceptions.Abort):
            raise
        except BrokenPipeError:  # `hloc opt m.hlo | head`: the reader left; not an error of ours
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())  # (so that the exit's flush does not fail again)
            ctx.exit(1)
        except Exception as e:  # a bug in hloc: one line naming what it was doing, no traceback
            if os.environ.get("HLOC_DEBUG", "") not in ("", "0"):
                raise
            report = str(InternalError.of(e)).split("\n", 1)[0]  # (one line: no source line and caret)
            click.echo(report if ": internal error: " in report else f"hloc: {report}", err=True)
            ctx.exit(1)


def _set_replace_symlink(ctx: click.Context, _param, value: bool) -> None:
    if value:
        ctx.meta[_REPLACE_SYMLINK] = True


_REPLACE_SYMLINK = "hloc.replace_symlink"

# The output-path policy shared by every command that writes files (-o and the like).
replace_symlink_option = click.option(
    "--replace-symlink", is_flag=True, expose_value=False, callback=_set_replace_symlink,
    help="When an output path is a symbolic link, replace the link itself with the new file (the file it "
         "points to is left alone), as install(1) does. Without it such an output is refused: hloc never "
         "writes through a link.")


def _replacing_symlinks() -> bool:
    ctx = click.get_current_context(silent=True)
    return bool(ctx is not None and ctx.find_root().meta.get(_REPLACE_SYMLINK))


def check_output_path(path: str, replace_symlink: bool | None = None) -> None:
    """Refuse (one-line HlocError) to put an output at `path` unless what is there is nothing, a
    regular file this user could write to directly, or (with `replace_symlink`) a symbolic link.
    Device nodes, FIFOs, sockets and directories are never replaced (`hloc compile -o /dev/null`
    as root would otherwise put a regular file in place of /dev/null), nor a read-only file or one
    of another user's that a writable directory would let a rename replace."""
    import stat

    if replace_symlink is None:
        replace_symlink = _replacing_symlinks()
    try:
        st = os.lstat(path)
    except FileNotFoundError:
        return
    except OSError as e:
        raise HlocError(f"cannot write '{path}': {e.strerror}") from None
    mode = st.st_mode
    if stat.S_ISREG(mode):
        if not os.access(path, os.W_OK, effective_ids=os.access in os.supports_effective_ids):
            raise HlocError(f"cannot write '{path}': you cannot write to this file (mode "
                            f"{stat.S_IMODE(mode):04o}, owner uid {st.st_uid}), so hloc does not replace it")
        return
    if stat.S_ISLNK(mode):
        if replace_symlink:
            return
        raise HlocError(f"cannot write '{path}': it is a symbolic link; hloc does not write through links "
                        "(remove it, or pass --replace-symlink to replace the link itself)")
    kind = ("a directory" if stat.S_ISDIR(mode) else "a character device" if stat.S_ISCHR(mode)
            else "a block device" if stat.S_ISBLK(mode) else "a FIFO" if stat.S_ISFIFO(mode)
            else "a socket" if stat.S_ISSOCK(mode) else "not a regular file")
    raise HlocError(f"cannot write '{path}': it is {kind}; hloc writes only regular files"
                    + (" (-o - writes to standard output)" if not stat.S_ISDIR(mode) else ""))


def write_atomic(path: str, data: str | bytes | Callable[[IO[bytes]], None]) -> None:
    """Write `path` via a temporary file in the same directory and a rename: never a partial file.
    `data` may be a function writing into the open binary file (large outputs stream to disk without
    a serialized copy in memory)."""
    write_atomic_all([(path, data)])


def write_atomic_all(items: list[tuple[str, str | bytes | Callable[[IO[bytes]], None]]]) -> None:
    """Write several files, all or none: each goes to a temporary file next to its destination, and
    the renames happen only once all of them are complete. Every destination is checked first
    (check_output_path: regular files only, links only with --replace-symlink) and again right
    before its rename. Files get the usual permissions (0644, a shared library 0755, less the
    umask); "-" is standard output."""
    temps: list[tuple[str, str]] = []
    umask = _umask()
    for path, _ in items:
        if path != "-":
            check_output_path(path)
    try:
        for path, data in items:
            if path == "-":
                _write_stdout(data)
                continue
            try:
                fd, tmp = _create_temp(os.path.dirname(os.path.abspath(path)))
            except OSError as e:
                raise HlocError(f"cannot write '{path}': {e.strerror}") from None
            temps.append((tmp, path))
            try:
                with os.fdopen(fd, "w" if isinstance(data, str) else "wb") as f:
                    data(f) if callable(data) else f.write(data)
                os.chmod(tmp, (0o755 if path.endswith(".so") else 0o644) & ~umask)
            except OSError as e:
                raise HlocError(f"cannot write '{path}': {e.strerror}") from None
        for _tmp, path in temps:
            check_output_path(path)  # (again: the run may have taken a while)
        for tmp, path in temps:
            try:
                os.replace(tmp, path)
            except OSError as e:
                raise HlocError(f"cannot write '{path}': {e.strerror}") from None
    finally:
        for tmp, _ in temps:
            if os.path.exists(tmp):
                os.unlink(tmp)


def _create_temp(directory: str) -> tuple[int, str]:
    """A new file `.hloc-XXXXXXXX` in `directory`, opened exclusively with mode 0600 (what
    tempfile.mkstemp does, without importing tempfile and random on `hloc run`'s start-up path)."""
    for _ in range(100):
        path = os.path.join(directory, f".hloc-{os.urandom(6).hex()}")
        try:
            return os.open(path, os.O_RDWR | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0), 0o600), path
        except FileExistsError:
            continue
    raise FileExistsError(f"no free temporary file name in '{directory}'")


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


def _write_stdout(data) -> None:
    if callable(data):
        data(sys.stdout.buffer)
    elif isinstance(data, bytes):
        sys.stdout.buffer.write(data)
    else:
        sys.stdout.write(data)
    sys.stdout.flush()
