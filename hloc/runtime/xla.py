"""The `xla` backend: the module run on XLA:CPU itself (`hloc run --backend xla`, `--check-against xla`).

Needs jax: in this process when it imports here (the `hloc[jax]` extra), else in the Python named
by `$HLOC_XLA_PYTHON` (e.g. a Python 3.12 venv with jax 0.12), which runs xla_worker.py as a
script. XLA receives the module's text as read (its own parser), not hloc's IR. Light to import
(the runner's backend registry imports every backend's module to list them): subprocess and
tempfile only when a run needs them.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from ..errors import RunError, UsageError


def _in_process() -> bool:
    try:
        import jax  # noqa: F401
    except ImportError:
        return False
    return True


def xla_python() -> str | None:
    """The interpreter that runs XLA for hloc: None for this one (jax imports), else $HLOC_XLA_PYTHON."""
    if os.environ.get("HLOC_XLA_PYTHON"):
        return os.environ["HLOC_XLA_PYTHON"]
    if _in_process():
        return None
    raise UsageError("the xla backend needs jax: pip install 'hloc[jax]', or set HLOC_XLA_PYTHON to a Python "
                     "that has jax (e.g. a venv with jax 0.12 on Python 3.12)")


def run_on_xla(text: str, leaves: Sequence, replicas: int = 1, partitions: int = 1) -> list:
    """Flattened outputs of HLO `text` on XLA:CPU for flattened input `leaves`; with several devices
    (replicas x partitions host devices) every input and output has a leading device axis."""
    import subprocess
    import tempfile

    from . import xla_worker

    python = xla_python()
    if python is None:
        try:
            return xla_worker.run_hlo(text, list(leaves), replicas, partitions)
        except Exception as e:  # XLA's errors are RuntimeErrors / XlaRuntimeErrors of jaxlib's
            raise RunError(f"XLA failed on the module: {type(e).__name__}: {_first_lines(str(e))}") from None
    with tempfile.TemporaryDirectory(prefix="hloc-xla-") as tmp:
        module, inputs, outputs = (os.path.join(tmp, n) for n in ("m.hlo", "in.npz", "out.npz"))
        with open(module, "w") as f:
            f.write(text)
        xla_worker.save_arrays(inputs, list(leaves), "arg")
        try:
            devices = ["--devices", f"{replicas},{partitions}"] if replicas * partitions > 1 else []
            r = subprocess.run([python, xla_worker.__file__, module, inputs, outputs, *devices],
                               capture_output=True, text=True, timeout=3600)
        except OSError as e:
            raise UsageError(f"HLOC_XLA_PYTHON={python}: cannot run it ({e.strerror})") from None
        if r.returncode != 0:
            raise RunError(f"XLA failed on the module ({python}): {_first_lines(r.stderr)}")
        return xla_worker.load_arrays(outputs, "out")


def _first_lines(text: str, n: int = 6) -> str:
    lines = [line for line in text.strip().splitlines() if line.strip()]
    return "\n".join(lines[:n]) + ("\n..." if len(lines) > n else "")


class XlaBackend:
    """XLA:CPU through jaxlib, for the runner (hloc.runtime.backends)."""

    name = "xla"
    token = None

    def __init__(self) -> None:
        xla_python()  # a UsageError now, before anything runs, when there is no jax to be had

    def prepare(self, module, options, source: bytes | None = None):
        from ..ir.printer import print_module
        from ..signature import Signature
        from .values import flatten_result

        text = source.decode() if source is not None else print_module(module)
        sig = Signature.of_module(module)

        def run(args):
            leaves = []
            for a, s in zip(args, sig.param_shapes):
                _flatten(a, s, leaves)
            outs = run_on_xla(text, leaves)
            it = iter(outs)
            value = _nest(sig.result_shape, it)
            flatten_result(sig.result_shape, value, "xla")  # (checks the count and the shapes)
            return value

        return run


def _flatten(a, shape, out: list) -> None:
    if shape.is_tuple:
        for x, s in zip(a, shape.tuple_shapes):
            _flatten(x, s, out)
    elif shape.is_array:
        out.append(a)


def _nest(shape, it):
    if shape.is_tuple:
        return tuple(_nest(s, it) for s in shape.tuple_shapes)
    if not shape.is_array:
        return None
    try:
        return next(it)
    except StopIteration:
        raise RunError("XLA returned fewer outputs than the module has") from None
