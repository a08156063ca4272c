"""Module / Computation / Instruction: the one IR every part of hloc reads and rewrites.

Instructions hold their operands and keep their users up to date, so passes can rewrite with
`replace_all_uses_with` and `replace_operand`. Attribute values live in `instr.attrs`, keyed by the
HLO attribute name (`dimensions`, `window`, `to_apply`, ...); ir/attrs.py says which are typed
(ints, tuples, Window, ConvDimLabels, Computation references) and which are kept verbatim (`Raw`).
"""

from __future__ import annotations

import bisect
import itertools
from collections.abc import Iterable, Iterator
from typing import Any

from ..errors import SourceLoc
from .opcodes import CALLED_COMPUTATION_ATTRS, SIDE_EFFECTING
from .raw_literal import RawLiteral
from .types import Shape

_CALLED_KEYS = frozenset(CALLED_COMPUTATION_ATTRS)


class Source:
    """The text an IR object was parsed from; positions are resolved to line:col only on demand
    (through an index of line starts made on the first request: the backend names the instruction
    it compiles for every kernel, and counting lines from the top each time was quadratic)."""

    __slots__ = ("filename", "text", "_newlines")

    def __init__(self, filename: str, text: str):
        self.filename = filename
        self.text = text
        self._newlines: list[int] | None = None

    def loc(self, offset: int) -> SourceLoc:
        text = self.text
        offset = max(0, min(offset, len(text)))
        newlines = self._newlines
        if newlines is None:
            newlines = self._newlines = []
            at = text.find("\n")
            while at >= 0:
                newlines.append(at)
                at = text.find("\n", at + 1)
        before = bisect.bisect_left(newlines, offset)  # newlines before `offset`
        line_start = newlines[before - 1] + 1 if before else 0
        return SourceLoc(self.filename, before + 1, offset - line_start + 1, text)


_ids = itertools.count()


class Instruction:
    __slots__ = (
        "name", "opcode", "shape", "operands", "attrs", "users", "parent", "_literal",
        "parameter_number", "control_predecessors", "control_successors", "src", "offset", "uid",
    )

    def __init__(
        self,
        opcode: str,
        shape: Shape,
        operands: Iterable[Instruction] = (),
        attrs: dict[str, Any] | None = None,
        name: str | None = None,
    ):
        self.opcode = opcode
        self.shape = shape
        self.operands: list[Instruction] = list(operands)
        self.attrs: dict[str, Any] = attrs if attrs is not None else {}
        self.users: dict[Instruction, None] = {}  # an ordered set
        self.parent: Computation | None = None
        self.name = name or opcode
        # constants: a numpy array, a tuple of them for tuple constants, an ElidedLiteral, or a RawLiteral
        # (bf16 bits, read through `literal` as an array; see raw_literal.py)
        self._literal: Any = None
        self.parameter_number: int | None = None
        self.control_predecessors: list[Instruction] = []
        self.control_successors: list[Instruction] = []
        self.src: Source | None = None
        self.offset = 0
        self.uid = next(_ids)
        for op in self.operands:
            op.users[self] = None

    @property
    def literal(self) -> Any:
        """A constant's literal with its values (a RawLiteral becomes an array here, importing ml_dtypes)."""
        lit = self._literal
        if lit.__class__ is RawLiteral:
            lit = self._literal = lit.materialize()
        return lit

    @literal.setter
    def literal(self, value: Any) -> None:
        self._literal = value

    @property
    def stored_literal(self) -> Any:
        """The literal as stored: for printing, comparing and hashing, which handle RawLiterals."""
        return self._literal

    # ---------------------------------------------------------------------------------- queries
    def __repr__(self) -> str:
        return f"<{self.name} = {self.shape} {self.opcode}>"

    @property
    def parameter_index(self) -> int:
        """The parameter number of a parameter instruction (`parameter_number` is None for others)."""
        n = self.parameter_number
        if n is None:
            raise AssertionError(f"'{self.name}' is not a parameter")
        return n

    @property
    def computation(self) -> Computation:
        """The computation this instruction is in, for one known to be in one (`parent` is the same,
        or None for a detached instruction)."""
        comp = self.parent
        if comp is None:
            raise AssertionError(f"instruction '{self.name}' is not in a computation")
        return comp

    @property
    def loc(self) -> SourceLoc | None:
        return self.src.loc(self.offset) if self.src is not None else None

    def operand(self, i: int) -> Instruction:
        return self.operands[i]

    @property
    def called_computations(self) -> list[Computation]:
        attrs = self.attrs
        if _CALLED_KEYS.isdisjoint(attrs):  # most instructions: the pass pipeline asks ~10^5 times
            return []
        out: list[Computation] = []
        for key in CALLED_COMPUTATION_ATTRS:
            v = attrs.get(key)
            if v is None:
                continue
            if isinstance(v, Computation):
                out.append(v)
            elif isinstance(v, (list, tuple)):
                out.extend(c for c in v if isinstance(c, Computation))
        return out

    @property
    def to_apply(self) -> Computation:
        return self.attrs["to_apply"]

    @property
    def dimensions(self) -> tuple[int, ...]:
        return self.attrs.get("dimensions", ())

    def has_side_effect(self) -> bool:
        if self.opcode == "custom-call":
            return bool(self.attrs.get("custom_call_has_side_effect", False))
        if self.opcode in SIDE_EFFECTING:
            return True
        if self.opcode in ("call", "while", "conditional", "fusion", "async-start"):
            return any(i.has_side_effect() for c in self.called_computations for i in c.instructions)
        return False

    # ---------------------------------------------------------------------------------- rewriting
    def replace_operand(self, i: int, new: Instruction) -> None:
        old = self.operands[i]
        if old is new:
            return
        self.operands[i] = new
        if old not in self.operands:
            old.users.pop(self, None)
        new.users[self] = None

    def replace_operand_with(self, old: Instruction, new: Instruction) -> None:
        """Replace every use of `old` among this instruction's operands."""
        if old is new:
            return
        self.operands = [new if o is old else o for o in self.operands]
        old.users.pop(self, None)
        new.users[self] = None

    def set_operands(self, operands: Iterable[Instruction]) -> None:
        for op in self.operands:
            op.users.pop(self, None)
        self.operands = list(operands)
        for op in self.operands:
            op.users[self] = None

    def replace_all_uses_with(self, new: Instruction) -> None:
        """Point every user (and the computation root, if this is it) at `new`."""
        if new is self:
            return
        for user in list(self.users):
            user.replace_operand_with(self, new)
        comp = self.parent
        if comp is not None and comp.root is self:
            comp.root = new

    def drop_operands(self) -> None:
        for op in self.operands:
            op.users.pop(self, None)
        self.operands = []
        for p in self.control_predecessors:
            p.control_successors.remove(self)
        for s in self.control_successors:
            s.control_predecessors.remove(self)
        self.control_predecessors = []
        self.control_successors = []

    def add_control_predecessor(self, pred: Instruction) -> None:
        if pred not in self.control_predecessors:
            self.control_predecessors.append(pred)
            pred.control_successors.append(self)

    def clone(self, operands: Iterable[Instruction] | None = None, shape: Shape | None = None,
              name: str | None = None) -> Instruction:
        """A detached copy (no parent) with the same attributes, optionally new operands/shape."""
        c = Instruction(self.opcode, shape or self.shape, self.operands if operands is None else operands,
                        dict(self.attrs), name or self.name)
        c._literal = self._literal
        c.parameter_number = self.parameter_number
        c.src, c.offset = self.src, self.offset
        return c

    def identical(self, other: Instruction, operands_equal=lambda a, b: a is b) -> bool:
        """Same opcode, shape, attributes, literal and operands (for CSE)."""
        if self.opcode != other.opcode or self.shape != other.shape:
            return False
        if len(self.operands) != len(other.operands) or self.parameter_number != other.parameter_number:
            return False
        if not all(operands_equal(a, b) for a, b in zip(self.operands, other.operands)):
            return False
        if self.attrs != other.attrs:
            return False
        if self._literal is not None or other._literal is not None:
            from .literal import literals_equal

            return literals_equal(self._literal, other._literal)
        return True


def operand_tree(roots: Iterable[Instruction], stop: Iterable[Instruction] = ()) -> Iterator[Instruction]:
    """Each instruction the `roots` are computed from (the roots included) once, through operands,
    not entering those in `stop` (e.g. a kernel's parameters: what it reads from buffers)."""
    seen, stack = {id(i) for i in stop}, list(roots)
    while stack:
        i = stack.pop()
        if id(i) in seen:
            continue
        seen.add(id(i))
        yield i
        stack.extend(i.operands)


class Computation:
    __slots__ = ("name", "_instructions", "_removed", "root", "parent", "is_entry", "is_fusion",
                 "execution_thread", "src", "offset", "_names")

    def __init__(self, name: str):
        self.name = name
        self._instructions: list[Instruction] = []
        # Removed instructions still in `_instructions`: taken out when the list is next read, so
        # that a pass removing thousands of instructions does not shift the list each time.
        self._removed: set[Instruction] = set()
        self.root: Instruction | None = None
        self.parent: Module | None = None
        self.is_entry = False
        self.is_fusion = False  # the body of a fusion instruction
        self.execution_thread: str | None = None
        self.src: Source | None = None
        self.offset = 0
        self._names: set[str] = set()

    @property
    def instructions(self) -> list[Instruction]:
        """The instructions in order (a list the caller may extend or reorder in place)."""
        if self._removed:
            removed = self._removed
            self._instructions[:] = [i for i in self._instructions if i not in removed]
            removed.clear()
        return self._instructions

    @instructions.setter
    def instructions(self, instructions: list[Instruction]) -> None:
        self._instructions = instructions
        self._removed = set()

    def __repr__(self) -> str:
        return f"<computation {self.name}: {len(self.instructions)} instructions>"

    @property
    def root_instruction(self) -> Instruction:
        """The root, for a computation known to have one (`root` is the same, or None while a
        computation is being built)."""
        root = self.root
        if root is None:
            raise AssertionError(f"computation '{self.name}' has no root")
        return root

    @property
    def module(self) -> Module:
        """The module this computation is in, for one known to be in one (`parent` may be None)."""
        m = self.parent
        if m is None:
            raise AssertionError(f"computation '{self.name}' is not in a module")
        return m

    @property
    def loc(self) -> SourceLoc | None:
        return self.src.loc(self.offset) if self.src is not None else None

    @property
    def parameters(self) -> list[Instruction]:
        params = [i for i in self.instructions if i.opcode == "parameter"]
        params.sort(key=lambda p: p.parameter_index)
        return params

    def parameter(self, n: int) -> Instruction:
        for i in self.instructions:
            if i.opcode == "parameter" and i.parameter_number == n:
                return i
        raise IndexError(f"{self.name} has no parameter {n}")

    @property
    def parameter_shapes(self) -> list[Shape]:
        return [p.shape for p in self.parameters]

    @property
    def result_shape(self) -> Shape:
        return self.root_instruction.shape

    def _taken(self, name: str) -> bool:
        if name in self._names:
            return True
        module = self.parent
        return module is not None and module.name_in_use(name)

    def _add_name(self, name: str) -> None:
        """Record a live instruction name (here and in the module's index, when it has one)."""
        self._names.add(name)
        module = self.parent
        if module is not None and module._name_index is not None:
            index = module._name_index
            index[name] = index.get(name, 0) + 1

    def _drop_name(self, name: str) -> None:
        if name not in self._names:
            return
        self._names.discard(name)
        module = self.parent
        if module is not None and module._name_index is not None:
            index = module._name_index
            n = index.get(name, 0) - 1
            if n > 0:
                index[name] = n
            else:
                index.pop(name, None)
                module._instruction_name_freed(name)

    def unique_name(self, base: str) -> str:
        """A name no instruction of the module uses yet (XLA's rule: `add`, `add.1`, `add.2`, ...)."""
        if not self._taken(base):
            return base
        stem = base
        head, _, tail = base.rpartition(".")
        if head and tail.isdigit():
            stem = head
        # Remember where the search for this stem ended so repeated names stay cheap.
        counters = self.parent._next_suffix if self.parent is not None else {}
        k = counters.get(stem, 1)
        while self._taken(f"{stem}.{k}"):
            k += 1
        counters[stem] = k + 1
        return f"{stem}.{k}"

    def add(self, instr: Instruction, name: str | None = None) -> Instruction:
        """Append an instruction, giving it a name unique in the module."""
        return self.append(instr, self.unique_name(name or instr.name))

    def append(self, instr: Instruction, name: str) -> Instruction:
        """Append an instruction under `name`, which the caller made unique in the module."""
        instr.name = name
        self._add_name(name)
        instr.parent = self
        if instr in self._removed:  # back after a removal: not twice in the list
            self.instructions.append(instr)
        else:  # (not `instructions`: that would compact the list after every removal)
            self._instructions.append(instr)
        return instr

    def create(self, opcode: str, shape: Shape, operands: Iterable[Instruction] = (), name: str | None = None,
               **attrs) -> Instruction:
        return self.add(Instruction(opcode, shape, operands, attrs), name)

    def remove(self, instr: Instruction) -> None:
        """Delete an instruction that has no users."""
        assert not instr.users, f"removing {instr.name} which still has users"
        instr.drop_operands()
        if instr.parent is self:
            self._removed.add(instr)
        else:  # (detached by hand: find it the slow way; ValueError if it is not here)
            self.instructions.remove(instr)
        self._drop_name(instr.name)
        instr.parent = None

    def remove_many(self, dead: Iterable[Instruction]) -> None:
        dead = set(dead)
        if not dead:
            return
        for instr in dead:
            instr.drop_operands()
            instr.parent = None
            self._drop_name(instr.name)
        self.instructions = [i for i in self.instructions if i not in dead]

    def rename(self, instr: Instruction, name: str) -> None:
        self._drop_name(instr.name)
        instr.name = self.unique_name(name)
        self._add_name(instr.name)

    def post_order(self) -> list[Instruction]:
        """Operands before users; XLA's MakeInstructionPostOrder (roots in instruction order)."""
        visited: set[Instruction] = set()
        mark = visited.add
        order: list[Instruction] = []
        finish = order.append
        for start in self.instructions:
            if start.users or start in visited:
                continue
            # A depth-first search over operands, then control predecessors, in order: each stack
            # entry is a node and the iterator over the inputs it has still to visit.
            mark(start)
            preds = start.control_predecessors
            stack = [(start, iter(start.operands + preds if preds else start.operands))]
            while stack:
                node, inputs = stack[-1]
                for op in inputs:
                    if op not in visited:
                        mark(op)
                        preds = op.control_predecessors
                        stack.append((op, iter(op.operands + preds if preds else op.operands)))
                        break
                else:
                    stack.pop()
                    finish(node)
        # Instructions on a cycle are never a DFS start; the verifier reports them.
        return order

    def called_computations(self) -> list[Computation]:
        seen: dict[Computation, None] = {}
        calls_nothing = _CALLED_KEYS.isdisjoint
        for instr in self.instructions:
            if not calls_nothing(instr.attrs):
                for c in instr.called_computations:
                    seen[c] = None
        return list(seen)

    def instruction(self, name: str) -> Instruction:
        for i in self.instructions:
            if i.name == name:
                return i
        raise KeyError(name)

    def __iter__(self) -> Iterator[Instruction]:
        return iter(self.instructions)


class Module:
    __slots__ = ("name", "computations", "entry", "attrs", "stack_frames", "src", "_next_suffix", "_name_index",
                 "_computation_names", "_free_from", "_names_free_from")

    def __init__(self, name: str):
        self.name = name
        self.computations: list[Computation] = []  # callees before callers, as in HLO text
        self.entry: Computation | None = None
        self.attrs: dict[str, Any] = {}  # header attributes: is_scheduled, replica_count, ...
        self.stack_frames: str | None = None  # FileNames/.../StackFrames tables, verbatim
        self.src: Source | None = None
        self._next_suffix: dict[str, int] = {}  # name stem -> next `.N` to try (Computation.unique_name)
        # Instruction name -> how many computations use it: built on the first query, then kept up
        # to date by Computation.add/remove/rename and add/remove_computation, so a name check is
        # O(1) rather than a scan of every computation (quadratic for passes that add thousands).
        self._name_index: dict[str, int] | None = None
        # Computation names in use (name -> computations with it), built on the first query and
        # kept by add/remove_computation; and per base name the lowest `.N` that may be free (a
        # removal lowers it), so that naming the Nth fused computation is not a scan of N names.
        self._computation_names: dict[str, int] | None = None
        self._free_from: dict[str, int] = {}
        # The same for instruction names (first_free_instruction_name): per stem, every `stem.N` below
        # it is in use (an inliner naming the Nth clone of `multiply` scanned N names: quadratic).
        self._names_free_from: dict[str, int] = {}

    def __repr__(self) -> str:
        return f"<module {self.name}: {len(self.computations)} computations>"

    def computation(self, name: str) -> Computation:
        for c in self.computations:
            if c.name == name:
                return c
        raise KeyError(name)

    def name_in_use(self, name: str) -> bool:
        """True if an instruction of any computation of the module is named `name`."""
        index = self._name_index
        if index is None:
            index = self._name_index = {}
            for c in self.computations:
                for n in c._names:
                    index[n] = index.get(n, 0) + 1
        return name in index

    def first_free_instruction_name(self, stem: str) -> int:
        """The lowest N >= 1 such that no instruction of the module is named `stem.N`."""
        self.name_in_use(stem)  # (builds the index)
        index = self._name_index
        assert index is not None
        k = self._names_free_from.get(stem, 1)
        while f"{stem}.{k}" in index:
            k += 1
        self._names_free_from[stem] = k
        return k

    def _instruction_name_freed(self, name: str) -> None:
        head, _, tail = name.rpartition(".")
        free = self._names_free_from
        if head in free and tail.isdigit() and 1 <= int(tail) < free[head]:
            free[head] = int(tail)

    def invalidate_name_index(self) -> None:
        """For code that edits computation lists or name sets directly (the parser)."""
        self._name_index = None
        self._computation_names = None
        self._free_from = {}
        self._names_free_from = {}

    def _computation_name_index(self) -> dict[str, int]:
        names = self._computation_names
        if names is None or sum(names.values()) != len(self.computations):  # (appended directly)
            names = self._computation_names = {}
            for c in self.computations:
                names[c.name] = names.get(c.name, 0) + 1
            self._free_from = {}
        return names

    def unique_computation_name(self, base: str) -> str:
        """`base`, or `base.N` with the lowest N no computation of the module uses."""
        names = self._computation_name_index()
        if base not in names:
            return base
        k = self._free_from.get(base, 1)
        while f"{base}.{k}" in names:
            k += 1
        self._free_from[base] = k
        return f"{base}.{k}"

    def _count_computation_name(self, name: str, delta: int) -> None:
        names = self._computation_names
        if names is None:
            return
        n = names.get(name, 0) + delta
        if n > 0:
            names[name] = n
            return
        names.pop(name, None)
        head, _, tail = name.rpartition(".")
        if head in self._free_from and tail.isdigit() and 1 <= int(tail) < self._free_from[head]:
            self._free_from[head] = int(tail)

    def add_computation(self, comp: Computation, before: Computation | None = None) -> Computation:
        """Add a computation; callees must come before their callers (pass `before=caller`)."""
        comp.name = self.unique_computation_name(comp.name)
        comp.parent = self
        self._count_computation_name(comp.name, 1)
        index = self._name_index
        if index is not None:
            for n in comp._names:
                index[n] = index.get(n, 0) + 1
        if before is not None and before in self.computations:
            self.computations.insert(self.computations.index(before), comp)
        else:
            self.computations.append(comp)
        return comp

    def remove_computation(self, comp: Computation) -> None:
        self.computations.remove(comp)
        comp.parent = None
        self._count_computation_name(comp.name, -1)
        index = self._name_index
        if index is not None:
            for n in comp._names:
                k = index.get(n, 0) - 1
                if k > 0:
                    index[n] = k
                else:
                    index.pop(n, None)
                    self._instruction_name_freed(n)

    def computation_post_order(self) -> list[Computation]:
        """Callees before callers, starting from the entry; unreachable computations excluded."""
        order: list[Computation] = []
        seen: set[Computation] = set()

        def visit(c: Computation) -> None:
            if c in seen:
                return
            seen.add(c)
            for callee in c.called_computations():
                visit(callee)
            order.append(c)

        if self.entry is not None:
            visit(self.entry)
        return order

    def instructions(self) -> Iterator[Instruction]:
        for c in self.computations:
            yield from c.instructions

    @property
    def entry_computation(self) -> Computation:
        """The entry, for a module known to have one (`entry` is the same, or None while parsing)."""
        entry = self.entry
        if entry is None:
            raise AssertionError(f"module '{self.name}' has no entry computation")
        return entry

    @property
    def entry_parameter_shapes(self) -> list[Shape]:
        return self.entry_computation.parameter_shapes

    @property
    def result_shape(self) -> Shape:
        return self.entry_computation.root_instruction.shape
