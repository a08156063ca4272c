"""Shared CLI plumbing: error reporting, atomic output files."""

from __future__ import annotations

import os
import sys
import tempfile

import click

from ..errors import HlocError, UsageError


class HlocGroup(click.Group):
    """Turns HlocErrors raised by any subcommand into one clean report and exit status 1 (2 for usage)."""

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


def write_atomic(path: str, data: str | bytes) -> None:
    """Write `path` via a temporary file in the same directory and a rename: never a partial file."""
    if path == "-":
        if isinstance(data, bytes):
            sys.stdout.buffer.write(data)
        else:
            sys.stdout.write(data)
        sys.stdout.flush()
        return
    directory = os.path.dirname(os.path.abspath(path))
    mode = "wb" if isinstance(data, bytes) else "w"
    try:
        fd, tmp = tempfile.mkstemp(prefix=".hloc-", dir=directory)
    except OSError as e:
        raise HlocError(f"cannot write '{path}': {e.strerror}") from None
    try:
        with os.fdopen(fd, mode) as f:
            f.write(data)
        os.replace(tmp, path)
    except OSError as e:
        os.unlink(tmp)
        raise HlocError(f"cannot write '{path}': {e.strerror}") from None
    except BaseException:
        os.unlink(tmp)
        raise
