"""Byte buffers at an alignment: temp arenas, result buffers and inputs handed to compiled code."""

from __future__ import annotations

import numpy as np


def aligned_bytes(n: int, align: int) -> np.ndarray:
    """A uint8 buffer of max(n, 1) bytes starting at a multiple of `align`."""
    raw = np.empty(n + align, dtype=np.uint8)
    off = (-raw.ctypes.data) % align
    return raw[off: off + max(n, 1)]
