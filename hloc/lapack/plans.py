"""The linear-algebra custom calls, each as one LAPACK call per batch element (a Plan).

Both backends run a Plan: the interpreter through ctypes (hloc/interp/ops/lapack.py), the native
backend as compiled calls (hloc/backend/llvm/kernels/lapack.py), so they agree bit for bit and
with jaxlib's kernels (jaxlib/cpu/lapack_kernels.cc), which make the same calls: per batch
element, each matrix column-major (LAPACK's order) with its leading dimension its row count, the
same workspace sizes (a workspace query where jaxlib makes one, jaxlib's formulas elsewhere), and
`info` as LAPACK returns it (0; > 0 for a singular U, a non-positive-definite leading minor, a
failed convergence; < 0 never, the arguments being checked here).

Targets:
  * jaxlib's `lapack_<t><routine>_ffi`, t in s/d/c/z: getrf, potrf, trsm, geqrf, geqp3,
    orgqr/ungqr, ormqr/unmqr, syevd/heevd, gesdd, gesvd, geev, gees, gehrd, sytrd/hetrd, gtsv;
  * TensorFlow's `Qr` (geqrf: (a, taus)) and `ProductOfElementaryHouseholderReflectors` (orgqr/
    ungqr: (a, taus) -> q), which XLA:CPU expands with its QrExpander into the same Householder
    form (H = I - tau v v^H, v[0] = 1, beta = -sign(alpha) |x|).
Outputs LAPACK does not write (u and vt when no vectors are asked for) are zeros here; jaxlib
leaves them undefined.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field

from ..ir.module import Instruction
from ..ir.types import Shape

TYPES = {"s": "f32", "d": "f64", "c": "c64", "z": "c128"}
REAL_OF = {"f32": "f32", "f64": "f64", "c64": "f32", "c128": "f64"}
PREFIX = {v: k for k, v in TYPES.items()}
LAPACK_INT = "s64"  # hloc calls ILP64 LAPACK (library.INT_BITS)
QUERY = -1  # a workspace size LAPACK is asked for (lwork = -1)

_FFI = re.compile(r"lapack_([sdcz])([a-z0-9]+)_ffi")
COMPLEX_NAMES = {"orgqr": "ungqr", "ormqr": "unmqr", "syevd": "heevd", "sytrd": "hetrd"}
TF_TARGETS = {"Qr": "geqrf", "ProductOfElementaryHouseholderReflectors": "orgqr"}


@dataclass(frozen=True)
class Buf:
    """A per-batch-element LAPACK array, column-major; read from an operand and/or written to a result."""
    name: str
    etype: str
    dims: tuple[int, ...]
    source: int | None = None
    result: int | None = None

    @property
    def size(self) -> int:
        return max(1, math.prod(self.dims))


@dataclass(frozen=True)
class Work:
    name: str
    etype: str
    size: int  # QUERY: the size LAPACK's workspace query returns


@dataclass
class Plan:
    target: str
    routine: str  # e.g. "dgetrf"
    etype: str  # the matrices' element type
    batch: tuple[int, ...]
    bufs: list[Buf] = field(default_factory=list)
    works: list[Work] = field(default_factory=list)
    # ("char", "L") | ("int", n) | ("one",) (a scalar 1 of etype) | ("buf", name[, element offset]) |
    # ("len", work name) | ("null",) (a NULL pointer: gees's select and bwork)
    args: list[tuple] = field(default_factory=list)
    # geev's extras, as jaxlib: a matrix with a non-finite element is not factored (info = -4), and
    # real eigenvectors come back as LAPACK's packed pairs, unpacked into complex ones
    finite_check: str | None = None  # the buffer to check
    unpack: tuple[tuple[str, str], ...] = ()  # (packed real buffer, complex result buffer), by "wi"

    @property
    def batch_count(self) -> int:
        return math.prod(self.batch)

    def buf(self, name: str) -> Buf:
        return next(b for b in self.bufs if b.name == name)


def is_target(target: str) -> bool:
    m = _FFI.fullmatch(target)
    return target in TF_TARGETS or bool(m and _routine(m.group(1), m.group(2)) in _BUILDERS)


def supported_targets() -> list[str]:
    """The targets for the error messages, jaxlib's with their type letters in braces."""
    out = set(TF_TARGETS)
    for r in _BUILDERS:
        real, cplx = r, COMPLEX_NAMES.get(r, r)
        out |= {f"lapack_{{s,d,c,z}}{r}_ffi"} if real == cplx else {f"lapack_{{s,d}}{real}_ffi",
                                                                     f"lapack_{{c,z}}{cplx}_ffi"}
    return sorted(out)


def _routine(t: str, name: str) -> str:
    return {v: k for k, v in COMPLEX_NAMES.items()}.get(name, name) if t in "cz" else name


class PlanError(Exception):
    """What is wrong with a custom call's operands, result or attributes (the caller adds its error type)."""


def backend_attrs(instr: Instruction) -> dict[str, int]:
    """jaxlib's FFI attributes, printed as an MLIR dictionary: `{mode = 86 : ui8, uplo = 76 : ui8}`."""
    raw = instr.attrs.get("backend_config")
    text = str(getattr(raw, "text", raw) or "").strip().strip('"')
    out = {}
    for name, value in re.findall(r"(\w+)\s*=\s*(-?\d+|true|false)", text):
        out[name] = 1 if value == "true" else 0 if value == "false" else int(value)
    return out


def plan(instr: Instruction) -> Plan:
    """The Plan of one linear-algebra custom call; PlanError when its shapes or attributes are not
    the target's."""
    target = str(instr.attrs.get("custom_call_target", ""))
    if target in TF_TARGETS:
        ops = instr.operands
        if not ops or ops[0].shape.is_tuple or ops[0].shape.etype not in PREFIX:
            raise PlanError(f"custom-call {target} takes an f32, f64, c64 or c128 matrix operand")
        etype = ops[0].shape.etype
        routine = TF_TARGETS[target]
    else:
        m = _FFI.fullmatch(target)
        if not m or _routine(m.group(1), m.group(2)) not in _BUILDERS:
            raise PlanError(f"'{target}' is not a LAPACK target hloc knows")
        etype, routine = TYPES[m.group(1)], _routine(m.group(1), m.group(2))
    for o in instr.operands:
        if o.shape.is_tuple:
            raise PlanError(f"custom-call {target} takes array operands")
    p = _BUILDERS[routine](_Ctx(instr, target, etype, backend_attrs(instr)))
    _check_results(instr, p)
    return p


class _Ctx:
    def __init__(self, instr, target, etype, attrs):
        self.instr, self.target, self.etype, self.attrs = instr, target, etype, attrs
        self.cplx = etype in ("c64", "c128")
        self.real = REAL_OF[etype]

    def name(self, routine: str) -> str:
        return lapack_name(self.etype, routine)

    def operand(self, k: int, rank_min: int = 2) -> Shape:
        ops = self.instr.operands
        if k >= len(ops) or ops[k].shape.rank < rank_min:
            raise PlanError(f"custom-call {self.target} needs operand {k} of rank >= {rank_min}")
        return ops[k].shape

    def matrix(self, k: int = 0) -> tuple[tuple[int, ...], int, int]:
        s = self.operand(k)
        if s.etype != self.etype:
            raise PlanError(f"custom-call {self.target} operand {k} must be {self.etype}, not {s.etype}")
        return s.dims[:-2], s.dims[-2], s.dims[-1]

    def char(self, name: str, default: str | None = None, allowed: str = "") -> str:
        value = self.attrs.get(name)
        if value is None:
            if default is None:
                raise PlanError(f"custom-call {self.target} needs the attribute '{name}'")
            return default
        c = chr(value) if 0 < value < 128 else "?"
        if allowed and c not in allowed:
            raise PlanError(f"custom-call {self.target}: {name} = {value} ('{c}') is not one of {', '.join(allowed)}")
        return c

    def result_dims(self, j: int) -> tuple[int, ...]:
        leaves = self.instr.shape.leaves() if self.instr.shape.is_tuple else [self.instr.shape]
        if j >= len(leaves):
            raise PlanError(f"custom-call {self.target} returns too few results")
        return leaves[j].dims


def _check_results(instr: Instruction, p: Plan) -> None:
    leaves = instr.shape.leaves() if instr.shape.is_tuple else [instr.shape]
    by_result = {b.result: b for b in p.bufs if b.result is not None}
    if len(leaves) != len(by_result) or set(by_result) != set(range(len(leaves))):
        raise PlanError(f"custom-call {p.target} returns {len(by_result)} arrays, not {len(leaves)}")
    for j, leaf in enumerate(leaves):
        b = by_result[j]
        want_type = "s32" if b.etype == LAPACK_INT else b.etype
        if leaf.etype != want_type or leaf.dims != (*p.batch, *b.dims):
            want = Shape(want_type, (*p.batch, *b.dims)).to_str()
            raise PlanError(f"custom-call {p.target} result {j} ({b.name}) must be {want}, not {leaf.to_str()}")
    for b in p.bufs:
        if b.source is not None:
            s = instr.operands[b.source].shape
            want_type = "s32" if b.etype == LAPACK_INT else b.etype
            if s.etype != want_type or s.dims != (*p.batch, *b.dims):
                want = Shape(want_type, (*p.batch, *b.dims)).to_str()
                raise PlanError(f"custom-call {p.target} operand {b.source} ({b.name}) must be {want}, "
                                f"not {s.to_str()}")


_BUILDERS: dict = {}


def _builder(name: str):
    def register(fn):
        _BUILDERS[name] = fn
        return fn

    return register


def _new(c: _Ctx, routine: str, batch) -> Plan:
    return Plan(c.target, c.name(routine), c.etype, tuple(batch))


I = LAPACK_INT


@_builder("getrf")
def _getrf(c: _Ctx) -> Plan:
    batch, m, n = c.matrix()
    p = _new(c, "getrf", batch)
    p.bufs = [Buf("a", c.etype, (m, n), 0, 0), Buf("ipiv", I, (min(m, n),), None, 1), Buf("info", I, (), None, 2)]
    p.args = [("int", m), ("int", n), ("buf", "a"), ("int", max(1, m)), ("buf", "ipiv"), ("buf", "info")]
    return p


@_builder("potrf")
def _potrf(c: _Ctx) -> Plan:
    batch, m, n = c.matrix()
    if m != n:
        raise PlanError(f"custom-call {c.target} needs square matrices, not {m}x{n}")
    p = _new(c, "potrf", batch)
    p.bufs = [Buf("a", c.etype, (n, n), 0, 0), Buf("info", I, (), None, 1)]
    p.args = [("char", c.char("uplo", "L", "LU")), ("int", n), ("buf", "a"), ("int", max(1, n)), ("buf", "info")]
    return p


@_builder("trsm")
def _trsm(c: _Ctx) -> Plan:
    xb, k, k2 = c.matrix(0)
    batch, m, n = c.matrix(1)
    side = c.char("side", "L", "LR")
    lda = m if side == "L" else n
    if (k, k2) != (lda, lda) or xb != batch:
        raise PlanError(f"custom-call {c.target}: the triangular operand must be {(*batch, lda, lda)}, "
                        f"not {(*xb, k, k2)}")
    p = _new(c, "trsm", batch)
    p.bufs = [Buf("x", c.etype, (lda, lda), 0, None), Buf("y", c.etype, (m, n), 1, 0)]
    p.args = [("char", side), ("char", c.char("uplo", "L", "LU")), ("char", c.char("trans_x", "N", "NTC")),
              ("char", c.char("diag", "N", "NU")), ("int", m), ("int", n), ("one",), ("buf", "x"),
              ("int", max(1, lda)), ("buf", "y"), ("int", max(1, m))]
    return p


@_builder("geqrf")
def _geqrf(c: _Ctx) -> Plan:
    batch, m, n = c.matrix()
    p = _new(c, "geqrf", batch)
    p.bufs = [Buf("a", c.etype, (m, n), 0, 0), Buf("tau", c.etype, (min(m, n),), None, 1), Buf("info", I, ())]
    p.works = [Work("work", c.etype, QUERY)]
    p.args = [("int", m), ("int", n), ("buf", "a"), ("int", max(1, m)), ("buf", "tau"), ("buf", "work"),
              ("len", "work"), ("buf", "info")]
    return p


@_builder("orgqr")
def _orgqr(c: _Ctx) -> Plan:
    batch, m, n = c.matrix()
    tau = c.operand(1, 1)
    k = tau.dims[-1]
    if tau.dims[:-1] != batch or not m >= n >= k:
        raise PlanError(f"custom-call {c.target} needs a[..., m, n] and tau[..., k] with m >= n >= k")
    p = _new(c, "orgqr", batch)
    p.bufs = [Buf("a", c.etype, (m, n), 0, 0), Buf("tau", c.etype, (k,), 1), Buf("info", I, ())]
    p.works = [Work("work", c.etype, QUERY)]
    p.args = [("int", m), ("int", n), ("int", k), ("buf", "a"), ("int", max(1, m)), ("buf", "tau"),
              ("buf", "work"), ("len", "work"), ("buf", "info")]
    return p


@_builder("syevd")
def _syevd(c: _Ctx) -> Plan:
    batch, m, n = c.matrix()
    if m != n:
        raise PlanError(f"custom-call {c.target} needs square matrices, not {m}x{n}")
    vectors = c.char("mode", "V", "NV") == "V"
    p = _new(c, "syevd", batch)
    p.bufs = [Buf("a", c.etype, (n, n), 0, 0), Buf("w", c.real, (n,), None, 1), Buf("info", I, (), None, 2)]
    # jaxlib's sizes (the minimum LAPACK documents), not a query
    if c.cplx:
        p.works = [Work("work", c.etype, 2 * n + n * n if vectors else n + 1),
                   Work("rwork", c.real, 1 + 5 * n + 2 * n * n if vectors else max(n, 1)),
                   Work("iwork", I, 3 + 5 * n if vectors else 1)]
    else:
        p.works = [Work("work", c.etype, 1 + 6 * n + 2 * n * n if vectors else 2 * n + 1),
                   Work("iwork", I, 3 + 5 * n if vectors else 1)]
    p.args = [("char", "V" if vectors else "N"), ("char", c.char("uplo", "L", "LU")), ("int", n), ("buf", "a"),
              ("int", max(1, n)), ("buf", "w")]
    for w in p.works:
        p.args += [("buf", w.name), ("len", w.name)]
    p.args.append(("buf", "info"))
    return p


def _svd(c: _Ctx, routine: str) -> Plan:
    batch, m, n = c.matrix()
    k = min(m, n)
    mode = c.char("mode", "A", "ASN")
    udims, vtdims = c.result_dims(2)[-2:], c.result_dims(3)[-2:]
    p = _new(c, routine, batch)
    p.bufs = [Buf("a", c.etype, (m, n), 0, 0), Buf("s", c.real, (k,), None, 1),
              Buf("u", c.etype, tuple(udims), None, 2), Buf("vt", c.etype, tuple(vtdims), None, 3),
              Buf("info", I, (), None, 4)]
    if len(udims) != 2 or len(vtdims) != 2 or (mode != "N" and (udims[0] < m or vtdims[1] < n)):
        raise PlanError(f"custom-call {c.target}: u and vt must be matrices of {m} rows and {n} columns")
    ldvt = max(1, vtdims[0])
    head = [("buf", "a"), ("int", max(1, m)), ("buf", "s"), ("buf", "u"), ("int", max(1, m)), ("buf", "vt"),
            ("int", ldvt), ("buf", "work"), ("len", "work")]
    p.works = [Work("work", c.etype, QUERY)]
    if routine == "gesdd":
        p.args = [("char", mode), ("int", m), ("int", n), *head]
        if c.cplx:
            rwork = 7 * k if mode == "N" else max(5 * k * k + 5 * k, 2 * max(m, n) * k + 2 * k * k + k)
            p.works.append(Work("rwork", c.real, rwork))
            p.args.append(("buf", "rwork"))
        p.works.append(Work("iwork", I, 8 * k))
        p.args += [("buf", "iwork"), ("buf", "info")]
    else:
        p.args = [("char", mode), ("char", mode), ("int", m), ("int", n), *head]
        if c.cplx:
            p.works.append(Work("rwork", c.real, 5 * k))
            p.args.append(("buf", "rwork"))
        p.args.append(("buf", "info"))
    return p


@_builder("gesdd")
def _gesdd(c: _Ctx) -> Plan:
    return _svd(c, "gesdd")


@_builder("gesvd")
def _gesvd(c: _Ctx) -> Plan:
    return _svd(c, "gesvd")


@_builder("geqp3")
def _geqp3(c: _Ctx) -> Plan:
    batch, m, n = c.matrix()
    p = _new(c, "geqp3", batch)
    p.bufs = [Buf("a", c.etype, (m, n), 0, 0), Buf("jpvt", I, (n,), 1, 1), Buf("tau", c.etype, (min(m, n),), None, 2),
              Buf("info", I, ())]
    p.works = [Work("work", c.etype, QUERY)]
    p.args = [("int", m), ("int", n), ("buf", "a"), ("int", max(1, m)), ("buf", "jpvt"), ("buf", "tau"),
              ("buf", "work"), ("len", "work")]
    if c.cplx:
        p.works.append(Work("rwork", c.real, 2 * n))
        p.args.append(("buf", "rwork"))
    p.args.append(("buf", "info"))
    return p


@_builder("gehrd")
def _gehrd(c: _Ctx) -> Plan:
    batch, m, n = c.matrix()
    if m != n:
        raise PlanError(f"custom-call {c.target} needs square matrices, not {m}x{n}")
    low, high = c.attrs.get("low", 1), c.attrs.get("high", n)
    p = _new(c, "gehrd", batch)
    p.bufs = [Buf("a", c.etype, (n, n), 0, 0), Buf("tau", c.etype, (max(n - 1, 0),), None, 1),
              Buf("info", I, (), None, 2)]
    p.works = [Work("work", c.etype, QUERY)]
    p.args = [("int", n), ("int", low), ("int", high), ("buf", "a"), ("int", max(1, n)), ("buf", "tau"),
              ("buf", "work"), ("len", "work"), ("buf", "info")]
    return p


@_builder("sytrd")
def _sytrd(c: _Ctx) -> Plan:
    batch, m, n = c.matrix()
    if m != n:
        raise PlanError(f"custom-call {c.target} needs square matrices, not {m}x{n}")
    p = _new(c, "sytrd", batch)
    k = max(n - 1, 0)
    p.bufs = [Buf("a", c.etype, (n, n), 0, 0), Buf("d", c.real, (n,), None, 1), Buf("e", c.real, (k,), None, 2),
              Buf("tau", c.etype, (k,), None, 3), Buf("info", I, (), None, 4)]
    p.works = [Work("work", c.etype, QUERY)]
    p.args = [("char", c.char("uplo", "L", "LU")), ("int", n), ("buf", "a"), ("int", max(1, n)), ("buf", "d"),
              ("buf", "e"), ("buf", "tau"), ("buf", "work"), ("len", "work"), ("buf", "info")]
    return p


@_builder("ormqr")
def _ormqr(c: _Ctx) -> Plan:
    ab, a_rows, a_cols = c.matrix(0)
    batch, m, n = c.matrix(2)
    tau = c.operand(1, 1)
    k = tau.dims[-1]
    left = bool(c.attrs.get("left", 1))
    lda = a_rows if left else n
    if ab != batch or tau.dims[:-1] != batch or a_rows != (m if left else n) or k > min(a_rows, a_cols):
        raise PlanError(f"custom-call {c.target}: a, tau and c do not fit (a {a_rows}x{a_cols}, tau {k}, c {m}x{n})")
    p = _new(c, "ormqr", batch)
    p.bufs = [Buf("a", c.etype, (a_rows, a_cols), 0), Buf("tau", c.etype, (k,), 1), Buf("c", c.etype, (m, n), 2, 0),
              Buf("info", I, ())]
    p.works = [Work("work", c.etype, QUERY)]
    trans = ("C" if c.cplx else "T") if c.attrs.get("transpose", 0) else "N"
    p.args = [("char", "L" if left else "R"), ("char", trans), ("int", m), ("int", n), ("int", k), ("buf", "a"),
              ("int", max(1, lda)), ("buf", "tau"), ("buf", "c"), ("int", max(1, m)), ("buf", "work"),
              ("len", "work"), ("buf", "info")]
    return p


@_builder("gtsv")
def _gtsv(c: _Ctx) -> Plan:
    batch, n, nrhs = c.matrix(3)
    for k in range(3):
        s = c.operand(k, 1)
        if s.etype != c.etype or s.dims != (*batch, n):
            raise PlanError(f"custom-call {c.target}: the diagonals must be {c.etype}{[*batch, n]}")
    p = _new(c, "gtsv", batch)
    p.bufs = [Buf("dl", c.etype, (n,), 0, 0), Buf("d", c.etype, (n,), 1, 1), Buf("du", c.etype, (n,), 2, 2),
              Buf("b", c.etype, (n, nrhs), 3, 3), Buf("info", I, (), None, 4)]
    # jax's dl is n long with dl[0] unused, LAPACK's n - 1
    p.args = [("int", n), ("int", nrhs), ("buf", "dl", 1), ("buf", "d"), ("buf", "du"), ("buf", "b"),
              ("int", max(1, n)), ("buf", "info")]
    return p


@_builder("gees")
def _gees(c: _Ctx) -> Plan:
    batch, m, n = c.matrix()
    if m != n:
        raise PlanError(f"custom-call {c.target} needs square matrices, not {m}x{n}")
    if c.char("sort", "N") != "N":
        raise PlanError(f"custom-call {c.target}: sorted eigenvalues are not supported (jaxlib has none either)")
    jobvs = c.char("mode", "V", "NV")
    p = _new(c, "gees", batch)
    if c.cplx:
        p.bufs = [Buf("a", c.etype, (n, n), 0, 0), Buf("vs", c.etype, (n, n), None, 1),
                  Buf("w", c.etype, (n,), None, 2), Buf("sdim", I, (), None, 3), Buf("info", I, (), None, 4)]
        eig = [("buf", "w")]
    else:
        p.bufs = [Buf("a", c.etype, (n, n), 0, 0), Buf("vs", c.etype, (n, n), None, 1),
                  Buf("wr", c.etype, (n,), None, 2), Buf("wi", c.etype, (n,), None, 3), Buf("sdim", I, (), None, 4),
                  Buf("info", I, (), None, 5)]
        eig = [("buf", "wr"), ("buf", "wi")]
    p.works = [Work("work", c.etype, QUERY)]
    p.args = [("char", jobvs), ("char", "N"), ("null",), ("int", n), ("buf", "a"), ("int", max(1, n)),
              ("buf", "sdim"), *eig, ("buf", "vs"), ("int", max(1, n)), ("buf", "work"), ("len", "work")]
    if c.cplx:
        p.works.append(Work("rwork", c.real, n))
        p.args.append(("buf", "rwork"))
    p.args += [("null",), ("buf", "info")]
    return p


@_builder("geev")
def _geev(c: _Ctx) -> Plan:
    batch, m, n = c.matrix()
    if m != n:
        raise PlanError(f"custom-call {c.target} needs square matrices, not {m}x{n}")
    jobvl, jobvr = c.char("compute_left", "N", "NV"), c.char("compute_right", "V", "NV")
    p = _new(c, "geev", batch)
    cplx_type = {"f32": "c64", "f64": "c128"}.get(c.etype, c.etype)
    if c.cplx:
        p.bufs = [Buf("a", c.etype, (n, n), 0), Buf("w", c.etype, (n,), None, 0), Buf("vl", c.etype, (n, n), None, 1),
                  Buf("vr", c.etype, (n, n), None, 2), Buf("info", I, (), None, 3)]
        vecs = [("buf", "w"), ("buf", "vl"), ("int", max(1, n)), ("buf", "vr"), ("int", max(1, n))]
    else:
        p.bufs = [Buf("a", c.etype, (n, n), 0), Buf("wr", c.etype, (n,), None, 0), Buf("wi", c.etype, (n,), None, 1),
                  Buf("vl_packed", c.etype, (n, n)), Buf("vr_packed", c.etype, (n, n)),
                  Buf("vl", cplx_type, (n, n), None, 2), Buf("vr", cplx_type, (n, n), None, 3),
                  Buf("info", I, (), None, 4)]
        vecs = [("buf", "wr"), ("buf", "wi"), ("buf", "vl_packed"), ("int", max(1, n)), ("buf", "vr_packed"),
                ("int", max(1, n))]
        p.unpack = (("vl_packed", "vl"), ("vr_packed", "vr"))
    p.works = [Work("work", c.etype, QUERY)]
    p.args = [("char", jobvl), ("char", jobvr), ("int", n), ("buf", "a"), ("int", max(1, n)), *vecs,
              ("buf", "work"), ("len", "work")]
    if c.cplx:
        p.works.append(Work("rwork", c.real, 2 * n))
        p.args.append(("buf", "rwork"))
    p.args.append(("buf", "info"))
    p.finite_check = "a"
    return p


def lapack_name(etype: str, routine: str) -> str:
    """The LAPACK name: `getrf` in c64 -> `cgetrf`, `orgqr` -> `cungqr`, `syevd` -> `cheevd`."""
    if etype in ("c64", "c128"):
        routine = COMPLEX_NAMES.get(routine, routine)
    return PREFIX[etype] + routine


def all_routines() -> list[str]:
    """Every LAPACK routine a plan may call (`sgetrf`, `cungqr`, ...)."""
    return sorted(lapack_name(etype, r) for etype in PREFIX for r in _BUILDERS)
