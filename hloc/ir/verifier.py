"""The IR verifier: invariants every module must keep between passes (to be completed)."""

from __future__ import annotations

from ..errors import VerifyError
from .module import Module


def verify_module(module: Module) -> None:
    """Raise VerifyError at the first broken invariant."""
    if module.entry is None:
        raise VerifyError(f"module '{module.name}' has no entry computation")
