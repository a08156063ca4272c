"""Compiling a module's kernels in parallel: its LLVM IR split into parts, each optimised and
code-generated to assembly on its own thread, the assembly joined and assembled once into one object.

LLVM's optimisation and code generation are most of a compile, and each kernel is its own
`noinline` function, so kernels can be compiled apart:

    ents = entities(llmod)                 # the module's global values and their text (str(llmod)'s)
    split = plan(llmod, ents, max_parts)   # None: compile whole (one kernel, too little to gain)
    asms = compile_parts(split, key, make_tm, opt_level, threads)
    text = assembly_module(llmod, join_asm(asms, split.localized)) + library module asm
    obj = tm.emit_object(llvm.parse_assembly(text))

Units (split_units): the exported definitions (the entry, its shutdown, the ABI constants), then
each function they call with everything only it uses (its `.range`/`.task` helpers, constants,
computation functions); a function several units use is a unit of its own, and so is a function
marked `compile_apart` (pieces of one big kernel: a row group's phases, a convolution's im2col).
Parts (pack): units bundled by cost (lines of IR), largest first, into a number of parts that
depends on the module only; the glue units (all optnone) make a part of their own, not optimised and
code-generated at O0.
Each part is a self-contained IR module (part_ir): a definition other parts use is `hidden` in its
own part (its optimiser keeps it, references to it are direct) and declared in the others; small
private constants are copied into each part that reads them (their loads still fold). join_asm
renames each part's local labels apart (`.L` -> `.Lp<k>_`, as codegen/linking.py does with `.Lhk_`) and drops
the `.globl`/`.hidden` of those shared definitions, so the object exports exactly what the whole
module's does. The parts are joined in part order: the object does not depend on the threads' timing.

Threads: llvmlite serialises every call into LLVM with one process-wide lock, so threads alone would
compile one part at a time. compile_parts' threads pass that lock (_Gate): each works on its own LLVM
context (parse, verify, optimise, emit) with a TargetMachine no other thread uses at the same time,
which LLVM supports; every other thread, and everything else, takes the lock.

What the split loses against the whole module is interprocedural optimisation across parts (e.g.
a constant the entry passes to a kernel is not propagated into it). Kernels are `noinline` functions
called from the `optnone` entry, so their loops are compiled the same either way (the bench models
give bit-identical results, run times unchanged).

Only x86-64 ELF assembly is rewritten here (`splittable`); other targets compile the module whole.
"""

from __future__ import annotations

import _thread
import re
import threading
from dataclasses import dataclass, field

import llvmlite.ir as ir

from ....progress import stage
from .target import codegen_level, only_glue

_REF = re.compile(r'@"(?:[^"\\]|\\.)*"')
# Constants used by several parts are copied into each up to this size; larger ones are shared.
DUP_BYTES = 4096
# Costs are lines of IR (~0.2 ms of LLVM time each; `optnone` glue a tenth; functions compiled apart
# weighted, e.g. max/min row reductions: compile_apart). A part costs ~1.5 ms
# more than its lines (parsing, pipelines, the code generator's set-up, its assembly assembled again),
# and a split module ~5-10% more CPU time than whole: a module gets one part per PART_COST, and at
# least two when the parts beside the largest would cost MIN_GAIN together (~10 ms; the number of
# parts is counted in unweighted lines, the weights only balance them), else it is
# compiled whole (mlp_b256_fwd, ~40: 2 threads saved nothing on a busy machine, the thread that
# joins the work starting late).
PART_COST = 400
MIN_GAIN = 50


class Entity:
    """A global value of the module: a function or variable definition, or a declaration."""

    __slots__ = ("value", "text", "defined", "cost", "lines", "_refs", "_scan")

    def __init__(self, value: ir.GlobalValue, text: str, defined: bool, cost: float, scan: bool, lines: float = 0.0):
        self.value = value
        self.text = text
        self.defined = defined
        self.cost = cost  # weighted (compile_apart)
        self.lines = lines  # unweighted: what the number of parts is counted in
        self._scan = scan
        self._refs: list[str] | None = None

    @property
    def refs(self) -> list[str]:
        """References (`@"name"`) to other global values, in order of first use (found when first
        asked for: a module compiled whole never needs them)."""
        if self._refs is None:
            own = self.value.get_reference()
            self._refs = list(dict.fromkeys(m for m in _REF.findall(self.text) if m != own)) if self._scan else []
        return self._refs


@dataclass
class Unit:
    """Entities always compiled together: a root function and what only it uses."""

    roots: list[str]
    members: list[str] = field(default_factory=list)  # refs, in module order
    cost: float = 0.0
    lines: float = 0.0
    glue: bool = True  # no function of it is optimised (all optnone: hints.mark_glue)


@dataclass
class Part:
    units: list[Unit]
    members: set[str]
    cost: float


def keep_text(fn: ir.Function, text: str) -> None:
    """Remember str(fn) of a finished function (the emitter printed it to compare kernels), for
    `entities`: used while the function's attributes are still the same (hints.mark_glue may add
    some later)."""
    fn.hloc_text = (text, frozenset(fn.attributes))


def _text(v: ir.GlobalValue) -> str:
    kept = getattr(v, "hloc_text", None)
    if kept is not None and kept[1] == frozenset(v.attributes):
        return kept[0]
    return str(v)


def entities(llmod: ir.Module) -> dict[str, Entity]:
    """The module's global values by reference, in module order, with their text (what
    str(llmod) is made of)."""
    out: dict[str, Entity] = {}
    for v in llmod.globals.values():
        text = _text(v) if isinstance(v, ir.Function) else str(v)
        if isinstance(v, ir.Function):
            defined = bool(v.blocks)
            lines = text.count("\n") * (0.1 if "optnone" in v.attributes else 1.0) if defined else 0.0
            cost = lines * (1.0 if "optnone" in v.attributes else getattr(v, "hloc_weight", 1.0))
            scan = defined
        else:
            defined = v.initializer is not None
            init = v.initializer
            scan = defined and not (isinstance(init, ir.Constant) and isinstance(init.type, (ir.ArrayType, ir.IntType)))
            cost = lines = 0.0
        out[v.get_reference()] = Entity(v, text, defined, cost, scan, lines)
    return out


def module_text(llmod: ir.Module, ents: dict[str, Entity]) -> str:
    """str(llmod), from the entities' texts (already made)."""
    if llmod.get_identified_types():
        return str(llmod)
    return "\n".join([_header(llmod), *(e.text for e in ents.values()), *_metadata_lines(llmod)])


def _metadata_lines(llmod: ir.Module) -> list[str]:
    """The module's metadata (loop hints: loops.py), as str(llmod) prints it. Every part carries all
    of it: numbered nodes no function of the part uses are allowed, and cost nothing."""
    return llmod._get_metadata_lines() if (llmod.namedmetadata or llmod.metadata) else []


def _header(llmod: ir.Module) -> str:
    return (f'; ModuleID = "{llmod.name}"\ntarget triple = "{llmod.triple}"\n'
            f'target datalayout = "{llmod.data_layout}"\n')


def _shareable(e: Entity) -> bool:
    """A variable every part may have its own copy of: a small constant."""
    v = e.value
    return (isinstance(v, ir.GlobalVariable) and v.global_constant and v.linkage == "private"
            and not e.refs and _byte_size(v.value_type) <= DUP_BYTES)


def _byte_size(t: ir.Type) -> int:
    if isinstance(t, ir.ArrayType):
        return t.count * _byte_size(t.element)
    if isinstance(t, ir.IntType):
        return (t.width + 7) // 8
    return 1 << 30  # anything else is not copied


def split_units(ents: dict[str, Entity]) -> list[Unit]:
    """Units: the first holds the exported definitions (the entry, its shutdown, the ABI constants);
    then every function they call, each with what only it uses; a function used by several units
    becomes a unit of its own. In module order, so the result does not depend on anything else."""
    defined = [r for r, e in ents.items() if e.defined]
    exported = [r for r in defined if ents[r].value.linkage not in ("private", "internal")]
    funcs = {r for r in defined if isinstance(ents[r].value, ir.Function)}
    roots: list[list[str]] = [exported]
    root_of: dict[str, int] = {r: 0 for r in exported}
    for r in defined:  # functions the exported ones call, and those marked apart, in module order
        if r in funcs and r not in root_of and (_apart(ents[r].value) or any(r in ents[x].refs for x in exported)):
            root_of[r] = len(roots)
            roots.append([r])
    while True:
        reach: dict[str, set[int]] = {}
        for k, rs in enumerate(roots):
            stack = list(rs)
            seen = set(rs)
            while stack:
                x = stack.pop()
                reach.setdefault(x, set()).add(k)
                for y in ents[x].refs:
                    if y in seen or not ents[y].defined:
                        continue
                    seen.add(y)
                    if y in root_of and root_of[y] != k:
                        continue
                    stack.append(y)
        shared = [r for r in defined if r not in root_of and len(reach.get(r, ())) > 1 and r in funcs]
        if not shared:
            break
        for r in shared:
            root_of[r] = len(roots)
            roots.append([r])
    units = [Unit(list(rs)) for rs in roots]
    for r in defined:
        # Used by several units (a variable: functions became roots): defined with the first; a
        # small constant is copied into the others' parts (part_ir). Unused: with the entry.
        k = root_of[r] if r in root_of else min(reach.get(r) or {0})
        units[k].members.append(r)
        units[k].cost += ents[r].cost
        units[k].lines += ents[r].lines
        if isinstance(ents[r].value, ir.Function) and "optnone" not in ents[r].value.attributes:
            units[k].glue = False
    return units


def _apart(v: ir.GlobalValue) -> bool:
    return getattr(v, "hloc_apart", False)


def pack(units: list[Unit], max_parts: int) -> list[Part]:
    """Bundle units into parts of similar cost, largest unit first, each to the cheapest part: two
    parts, more for modules big enough to give each PART_COST (at most `max_parts`). The number of
    parts depends on the module only, not on the threads that will compile them, so neither does the
    object code. Deterministic: ties go to the lowest part; parts are ordered by their first unit.
    The glue units (the entry, kernels handing their loops to the pool) are a part of their own beside
    the others: not optimised, code-generated at O0 (target.codegen_level) rather than by the O3 code
    generator among a kernel's functions (~2 ms each there, 0.2-0.5 ms in the glue part)."""
    glue = [k for k, u in enumerate(units) if u.glue]
    work = [k for k, u in enumerate(units) if not u.glue]
    if not work or not glue:
        glue, work = [], list(range(len(units)))
    total = sum(units[k].lines for k in work)  # (unweighted: weights balance the parts, not count them)
    n = max(1, min(len(work), max_parts - (1 if glue else 0), max(2, int(total // PART_COST))))
    bins: list[list[int]] = [[] for _ in range(n)]
    load = [0.0] * n
    for k in sorted(work, key=lambda k: (-units[k].cost, k)):
        j = min(range(n), key=lambda i: (load[i], i))
        bins[j].append(k)
        load[j] += units[k].cost
    bins = sorted((sorted(b) for b in bins + [glue] if b), key=lambda b: b[0])
    return [Part([units[k] for k in b], {m for k in b for m in units[k].members}, sum(units[k].cost for k in b))
            for b in bins]


def part_ir(part: Part, ents: dict[str, Entity], header: str, exported: set[str], linkage: str = "hidden") -> str:
    """The IR text of one part: its definitions (hidden if other parts use them; `linkage` "internal":
    local, for `module asm` in the same object, glue_apart), copies of the small constants it uses
    from other parts, declarations of everything else it uses."""
    body: list[str] = []
    need: dict[str, None] = {}
    own = [r for r in ents if r in part.members]
    for r in own:
        e = ents[r]
        text = e.text
        if r in exported:
            text = _hidden(e, linkage)
        body.append(text)
        for x in e.refs:
            if x not in part.members:
                need[x] = None
    # transitively: copied constants reference nothing (see _shareable)
    for x in need:
        e = ents[x]
        if x in exported:
            body.append(_declaration(e))
        elif not e.defined or _shareable(e):  # a declaration, or a small constant copied here
            body.append(e.text)
        else:  # an exported definition (the entry's): as any external symbol
            body.append(_declaration(e, hidden=False))
    return header + "\n" + "\n".join(body)


def _hidden(e: Entity, linkage: str = "hidden") -> str:
    v = e.value
    text = e.text
    if isinstance(v, ir.Function):
        head = "define " + (v.linkage + " " if v.linkage else "")
        assert text.startswith(head), text[:80]
        return f"define {linkage} " + text[len(head):]
    head = f"{v.get_reference()} = " + (v.linkage + " " if v.linkage else "")
    assert text.startswith(head), text[:80]
    return f"{v.get_reference()} = {linkage} " + text[len(head):]


def _declaration(e: Entity, hidden: bool = True) -> str:
    v = e.value
    vis = "hidden " if hidden else ""
    if isinstance(v, ir.Function):
        ft = v.function_type
        args = ", ".join(str(a) for a in ft.args)
        return f"declare {vis}{ft.return_type} {v.get_reference()}({args}) nounwind\n"
    kind = "constant" if v.global_constant else "global"
    align = f", align {v.align}" if v.align else ""
    return f"{v.get_reference()} = external {vis}{kind} {v.value_type}{align}\n"


def shared(parts: list[Part], ents: dict[str, Entity]) -> set[str]:
    """The module's own (internal or private) definitions other parts use, except the constants
    copied into them: hidden in their part, declared in the others, local in the object."""
    owner = {m: k for k, p in enumerate(parts) for m in p.members}
    exported: set[str] = set()
    for k, p in enumerate(parts):
        for m in p.members:
            for x in ents[m].refs:
                e = ents[x]
                if (e.defined and owner[x] != k and not _shareable(e)
                        and e.value.linkage in ("private", "internal")):
                    exported.add(x)
    return exported


# ------------------------------------------------------------------------------------------------
# assembly


# A local label `.L...` where a symbol starts: after anything that cannot be part of a name, or as
# an immediate (`$.Lc.x`: absolute addresses, what non-PIC code takes of a constant).
# (the literal first, the context looked behind after it: a regular expression that starts with a
# look-behind is tried at every position, ~25 times slower over a part's assembly)
_LABEL = re.compile(r"\.L(?=[\w$.])(?:(?<![\w.$]\.L)|(?<=[^\w.$]\$\.L))")
_DATA = (".ascii", ".asciz", ".string")


def localize_lines(asm: str, localized: set[str], prefix: str) -> list[str]:
    """`asm`'s lines ready to be assembled beside other code: local labels renamed `.L` -> `prefix`
    (not inside string data), the `.globl`/`.hidden` of the `localized` symbols (names) and the
    per-file directives dropped. (Also the library's assembly text form: library.py.)"""
    out = []
    for line in asm.splitlines():
        s = line.lstrip()
        if s.startswith((".file", ".ident", ".addrsig")) or "note.GNU-stack" in s:
            continue
        if s.startswith((".globl", ".hidden")):
            name = s.split(None, 1)[1].strip().strip('"')
            if name in localized:
                continue
        if ".L" in line and not s.startswith(_DATA):
            line = _LABEL.sub(prefix, line)
        out.append(line)
    return out


_LABEL_DEF = re.compile(r"^\s*(\.L[\w$.]+):|^\s*\.(?:set|equ)\s+(\.L[\w$.]+)\s*,", re.M)
_LABEL_REF = re.compile(r"\.L(?:(?<![\w.$]\.L)|(?<=[^\w.$]\$\.L))[\w$.]*")  # (as _LABEL)


def undefined_labels(asm: str) -> list[str]:
    """The local labels `asm` uses but does not define. The assembler reports one by ending the
    process (LLVM's fatal error), so join_asm's output is checked first."""
    defined = set()
    for label, alias in _LABEL_DEF.findall(asm):
        defined.add(label or alias)
    used = set()
    for line in asm.splitlines():
        if ".L" not in line:
            continue
        s = line.lstrip()
        if s.startswith(_DATA):
            continue
        used.update(_LABEL_REF.findall(line.split("#", 1)[0]))
    return sorted(used - defined)


def join_asm(asms: list[str], localized: set[str]) -> str:
    """One assembly text from the parts' (in order): local labels renamed apart per part
    (`.Lp<k>_`), the `localized` symbols local, per-file directives dropped."""
    out = ["\t.text"]
    for k, asm in enumerate(asms):
        out += localize_lines(asm, localized, f".Lp{k}_")
        out.append("\t.text")
    return "\n".join(out) + "\n"


# ------------------------------------------------------------------------------------------------
# compiling the parts


@dataclass
class Split:
    """A module split for compilation: the parts' IR texts (in order) and what joins them."""

    texts: list[str]
    costs: list[float]
    localized: set[str]  # names defined hidden in one part for the others, local in the object
    glue: list[bool] = field(default_factory=list)  # per part: only optnone functions (not optimised, O0 codegen)

    def subset(self, ks: list[int]) -> Split:
        """The parts numbered `ks` (in that order), to compile those alone."""
        return Split([self.texts[k] for k in ks], [self.costs[k] for k in ks], self.localized,
                     [self.glue[k] for k in ks] if self.glue else [])


def plan(llmod: ir.Module, ents: dict[str, Entity], max_parts: int) -> Split | None:
    """The module's parts, or None when splitting would not pay (one part, or the parts beside
    the largest would cost less than MIN_GAIN)."""
    if llmod.get_identified_types():
        return None  # module-level entities part_ir does not carry (hloc emits none)
    units = split_units(ents)
    parts = pack(units, max_parts)
    if len(parts) < 2 or sum(p.cost for p in parts) - max(p.cost for p in parts) < MIN_GAIN:
        return None
    exported = shared(parts, ents)
    header = _header(llmod)
    metadata = "".join(line + "\n" for line in _metadata_lines(llmod))
    texts = [part_ir(p, ents, header, exported) + "\n" + metadata for p in parts]
    glue = [only_glue(ents[m].value for m in p.members if isinstance(ents[m].value, ir.Function)) for p in parts]
    return Split(texts, [p.cost for p in parts], {ents[r].value.name for r in exported}, glue)


@dataclass
class GlueApart:
    """A module compiled whole with its glue apart (glue_apart): the optimised functions' part, and
    the glue's part, which carries their assembly as `module asm` (glue_module)."""

    work: str  # IR text of the optimised units, compiled to assembly at the module's level
    glue: str  # IR text of the glue units (their definitions the work uses internal), for glue_module
    localized: set[str]  # the work's definitions the glue uses: local in the object


def glue_apart(llmod: ir.Module, ents: dict[str, Entity]) -> GlueApart | None:
    """For a module compiled whole (plan gave None) that has both glue units and optimised ones: the
    two apart, so that the glue is code-generated at O0 (target.codegen_level) rather than by the O3
    code generator with the kernels. jax/fft, 11 glue functions and its FFT tables beside one
    convert kernel: 26 ms of O3 code generation whole, ~8 + ~8 ms apart. The glue part is
    code-generated straight to the object, its constants never printed as assembly (the split's
    joined assembly of fft's tables cost ~20 ms to assemble); only the optimised part's assembly is
    assembled. None when the module is not both."""
    if llmod.get_identified_types():
        return None
    units = split_units(ents)
    glue = [u for u in units if u.glue]
    work = [u for u in units if not u.glue]
    if not glue or not work:
        return None
    parts = [Part(us, {m for u in us for m in u.members}, sum(u.cost for u in us)) for us in (glue, work)]
    exported = shared(parts, ents)
    header = _header(llmod)
    metadata = "".join(line + "\n" for line in _metadata_lines(llmod))
    return GlueApart(part_ir(parts[1], ents, header, exported) + "\n" + metadata,
                     part_ir(parts[0], ents, header, exported, "internal") + "\n" + metadata,
                     {ents[r].value.name for r in exported if r in parts[1].members})


def glue_module(apart: GlueApart, work_asm: str) -> str:
    """The glue's IR module with the work's assembly (localized, labels renamed apart) as `module
    asm`: code-generated at O0 it is the module's object. (The glue's definitions the work uses are
    internal there, local symbols the work's assembly refers to by name.)"""
    return apart.glue + module_asm(join_asm([work_asm], apart.localized))


def compile_parts(split: Split, tm_key, make_tm, opt_level: int, threads: int, verify: bool = True) -> list[str]:
    """Optimise and code-generate the parts to assembly on `threads` threads (the calling thread is
    one), largest first, each in its own LLVM context with a TargetMachine of its thread's own
    (`make_tm(level)`, kept for the next compile with the same `tm_key`; a part of only glue gets an
    O0 one, target.codegen_level). The result is in part order whatever the threads' timing."""
    gate = _gate()
    n = len(split.texts)
    order = sorted(range(n), key=lambda k: (-split.costs[k], k))
    out: list[str | None] = [None] * n
    errors: list[tuple[int, BaseException]] = []
    lock = threading.Lock()
    workers = max(1, min(threads, n))
    glue = split.glue or [False] * n
    tms = _borrow_tms(tm_key, lambda: make_tm(opt_level), workers)
    glue_level = codegen_level(opt_level, True)
    glue_tms = (_borrow_tms((tm_key, glue_level), lambda: make_tm(glue_level), workers) if any(glue)
                else [None] * workers)
    finished_parts = [0]
    stage("LLVM parts", 0, n)

    def work(tm, glue_tm) -> None:
        gate.free.on = True
        try:
            while True:
                with lock:
                    if not order or errors:
                        return
                    k = order.pop(0)
                try:
                    out[k] = _compile_one(split.texts[k], glue_tm if glue[k] else tm, opt_level, verify,
                                          glue[k])
                    with lock:
                        finished_parts[0] += 1
                    stage("LLVM parts", finished_parts[0], n)
                except BaseException as e:  # noqa: BLE001 - re-raised in the calling thread
                    with lock:
                        errors.append((k, e))
        finally:
            gate.free.on = False

    running = [len(tms) - 1]  # workers not finished (all counted before any starts)
    done = threading.Event()

    def finished(k: int = 1) -> None:
        with lock:
            running[0] -= k
            if running[0] == 0:
                done.set()

    def worker(tm, glue_tm) -> None:
        try:
            work(tm, glue_tm)
        finally:
            finished()

    if running[0] == 0:
        done.set()
    for i, (tm, glue_tm) in enumerate(zip(tms[1:], glue_tms[1:])):
        try:
            # Not threading.Thread: its start() waits until the thread runs (~1-3 ms on a busy machine).
            _thread.start_new_thread(worker, (tm, glue_tm))
        except RuntimeError:  # no more threads: the others share the work
            finished(len(tms) - 1 - i)
            break
    work(tms[0], glue_tms[0])
    done.wait()
    # (not on an interruption: a worker may still be using its TargetMachine)
    _return_tms(tm_key, tms)
    if any(glue):
        _return_tms((tm_key, glue_level), glue_tms)
    if errors:
        raise min(errors, key=lambda e: e[0])[1]
    return out  # type: ignore[return-value]


# TargetMachines for compile_parts, by key; one thread uses each at a time (taken out while in use).
_TMS: dict[object, list] = {}
_TMS_LOCK = threading.Lock()


def _borrow_tms(key, make_tm, n: int) -> list:
    with _TMS_LOCK:
        free = _TMS.setdefault(key, [])
        got = [free.pop() for _ in range(min(n, len(free)))]
    return got + [make_tm() for _ in range(n - len(got))]


def _return_tms(key, tms: list) -> None:
    with _TMS_LOCK:
        free = _TMS.setdefault(key, [])
        free.extend(tms[:max(0, 8 - len(free))])


class _Gate:
    """Stands in for the lock llvmlite takes around every call into LLVM (one for the process, so
    threads would compile one at a time): threads compiling parts, each part in its own LLVM context
    with its own TargetMachine, pass; every other thread takes the lock."""

    def __init__(self, lock):
        self.lock = lock
        self.free = threading.local()

    def acquire(self, blocking: bool = True, timeout: float = -1) -> bool:
        if getattr(self.free, "on", False):
            return True
        return self.lock.acquire(blocking, timeout)

    def release(self) -> None:
        if not getattr(self.free, "on", False):
            self.lock.release()

    def __enter__(self):
        self.acquire()
        return self

    def __exit__(self, *exc) -> None:
        self.release()


_GATE_LOCK = threading.Lock()


def _lock_holder():
    """llvmlite's wrapper of its process-wide lock (its `_lock` is the lock itself), or None."""
    from llvmlite.binding import ffi

    return getattr(getattr(ffi, "lib", None), "_lock", None)


def _gate() -> _Gate:
    """Install the gate in llvmlite (once); without it, compile_parts is correct but serial."""
    holder = _lock_holder()
    with _GATE_LOCK:
        inner = getattr(holder, "_lock", None)
        if isinstance(inner, _Gate):
            return inner
        gate = _Gate(inner if inner is not None else threading.RLock())
        if inner is not None:
            holder._lock = gate
        return gate


def parallel_available() -> bool:
    """Whether threads can run LLVM side by side (llvmlite's lock is where this module expects)."""
    inner = getattr(_lock_holder(), "_lock", None)
    return inner is not None and callable(getattr(inner, "acquire", None))


def _compile_one(text: str, tm, opt_level: int, verify: bool, glue: bool = False) -> str:
    import llvmlite.binding as llvm

    from .target import optimize

    ctx = llvm.create_context()
    mod = llvm.parse_assembly(text, context=ctx)
    try:
        if verify:
            mod.verify()
        if not glue:  # (only optnone functions: the optimiser would leave them as they are)
            optimize(mod, tm, opt_level)
        return tm.emit_assembly(mod)
    finally:
        mod.close()
        del ctx


def splittable(spec) -> bool:
    """Whether join_asm's rewriting is valid for the (resolved) target: x86-64 ELF."""
    return spec.triple.startswith("x86_64") and "linux" in spec.triple


def assembly_module(llmod: ir.Module, asm: str) -> str:
    """An IR module carrying `asm` (join_asm's) to the assembler."""
    return _header(llmod) + "\n" + module_asm(asm)


def assembly_of(module_text: str) -> str:
    """The assembly an IR module of `module asm` lines carries (assembly_module's, with the
    library's appended), as a file: assembled again it gives the same object."""
    out = []
    for line in module_text.splitlines():
        if line.startswith('module asm "') and line.endswith('"'):
            out.append(_UNESCAPE.sub(lambda m: chr(int(m.group(1), 16)), line[12:-1]))
    out.append('\t.section\t".note.GNU-stack","",@progbits')
    return "\n".join(out) + "\n"


_UNESCAPE = re.compile(r"\\([0-9A-Fa-f]{2})")


def module_asm(text: str) -> str:
    """`text` as `module asm` lines (what an IR module carries to the assembler)."""
    return "".join(module_asm_line(line) for line in text.rstrip("\n").split("\n"))


def module_asm_line(line: str) -> str:
    return 'module asm "' + line.replace("\\", "\\5C").replace('"', "\\22") + '"\n'

