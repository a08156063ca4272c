"""Instruction names for what passes create: unique in the whole module the way XLA's parser sees
them. XLA's parser renames a name that another computation already uses (and treats `x` and `x.0`
as the same name), so a pass that only made names unique within one computation would produce
text that does not read back as the same module.

    names = ModuleNames(module)                      # once per pass run
    comp.add(instr, names.pick("constant", comp))    # constant, constant.1, ...
    names.create(comp, "reshape", shape, [x])        # comp.create with a picked name
"""

from __future__ import annotations

from ..ir.module import Computation, Instruction, Module
from ..ir.types import Shape


def _name_key(name: str) -> tuple[str, int]:
    """What XLA's NameUniquer compares: `add.3` is (add, 3); `add` is (add, 0), the same as `add.0`."""
    stem, sep, tail = name.rpartition(".")
    if sep and stem and tail and (tail.isdigit() or (tail[0] in "+-" and tail[1:].isdigit())):
        return stem, int(tail)
    return name, 0


class ModuleNames:
    """Picks instruction names unique in the whole module the way XLA's parser sees them (it
    renames a name another computation already uses, and `x` clashes with `x.0`), so that new
    names survive a print/parse round trip. Within the computation being changed the live names
    count (a name freed by a removed instruction can be used again); names of the other
    computations are taken as they were when the pass started, plus what it picked for them."""

    def __init__(self, module: Module):
        self.module = module
        self._owner_map: dict[tuple[str, int], set[Computation]] | None = None
        self._next: dict[str, int] = {}

    @property
    def _owners(self) -> dict[tuple[str, int], set[Computation]]:
        """Name key -> the computations using it (built on the first pick: most runs pick none)."""
        if self._owner_map is None:
            self._owner_map = {}
            for c in self.module.computations:
                for i in c.instructions:
                    self._owner_map.setdefault(_name_key(i.name), set()).add(c)
        return self._owner_map

    def _taken(self, name: str, key: tuple[str, int], comp: Computation) -> bool:
        names = comp._names  # the live names of `comp` (kept up to date by add/remove/rename)
        stem, n = key
        if name in names or (n == 0 and (f"{stem}.0" in names or stem in names)):
            return True
        return self._owned_elsewhere(key, comp)

    def _suffix_taken(self, stem: str, k: int, comp: Computation) -> bool:
        """_taken for the name `stem.k` (k >= 1), whose key is (stem, k): the probe loops ask
        this ~10 times per pick, so without splitting the name again."""
        return f"{stem}.{k}" in comp._names or self._owned_elsewhere((stem, k), comp)

    def _owned_elsewhere(self, key: tuple[str, int], comp: Computation) -> bool:
        owners = self._owners.get(key)
        return owners is not None and bool(owners) and (len(owners) > 1 or comp not in owners)

    def pick(self, base: str, comp: Computation) -> str:
        name = base
        key = _name_key(base)
        if self._taken(name, key, comp):
            stem = key[0]
            taken = self._suffix_taken
            k = 1  # the first few suffixes are tried in order (small modules keep small numbers) ...
            while k <= 8 and taken(stem, k, comp):
                k += 1
            if k > 8:  # ... then the search resumes where it last ended (no quadratic probing)
                k = self._next.get(stem, 9)
                while taken(stem, k, comp):
                    k += 1
                self._next[stem] = k + 1
            name = f"{stem}.{k}"
            key = (stem, k)
        self._owners.setdefault(key, set()).add(comp)
        return name

    def create(self, comp: Computation, opcode: str, shape: Shape, operands, name: str | None = None,
               **attrs) -> Instruction:
        return comp.create(opcode, shape, list(operands), name=self.pick(name or opcode, comp), **attrs)
