"""Record: a small immutable value class, the part of `@dataclass(frozen=True)` hloc uses.

A cached `hloc run` imports nine value classes; dataclass generates and exec()s their methods at
import, ~0.4 ms each (a fifth of the run's own start-up). A Record subclass names its fields in
`__slots__` and writes its `__init__`; equality, hashing and repr come from here, by field, in
`__slots__` order. Records are immutable by convention (nothing assigns to a field after __init__).
"""

from __future__ import annotations


class Record:
    __slots__: tuple[str, ...] = ()

    def _fields(self) -> tuple:
        return tuple(getattr(self, name) for name in self.__slots__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        return self._fields() == other._fields()

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        inner = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__slots__)
        return f"{type(self).__name__}({inner})"
