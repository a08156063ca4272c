"""Generators for the numeric and structural ops beyond elementwise / data movement (fuzz/program.py
draws them like its own): windows (reduce-window, select-and-scatter), convolution, fft, cholesky,
triangular-solve, batch-norm-*, reduce-precision, map, topk, rng / rng-bit-generator, and the
single-device forms of collectives and scheduling ops (identities on one replica).

Where XLA leaves a result implementation-defined the module only observes what is defined: the
unused triangle of a cholesky factor is masked off; `rng` (a stream XLA keys by instruction ids
that HLO text does not fix) is observed only through its range (every value in [lo, hi), normal
values finite), which must hold everywhere.
"""

from __future__ import annotations

import math

from .program import (
    MAX_ELEMENTS,
    Comp,
    Val,
    _full,
    _gte,
    _identity,
    _like,
    _operand,
    _scalar_const,
    is_complex,
    is_float,
    is_int,
    new_param,
)

REAL_FLOATS = ("f32", "f32", "f64", "f16", "bf16")


def _window(g, dims, dilate: bool = True, pad: bool = True):
    """A window over `dims`: (text, output dims), every output dim >= 1."""
    size, stride, pads, ldil, rdil, out = [], [], [], [], [], []
    for d in dims:
        ld = int(g.pick([1, 1, 2])) if dilate else 1
        rd = int(g.pick([1, 1, 2])) if dilate else 1
        lo = int(g.pick([0, 0, 1, 2])) if pad else 0
        hi = int(g.pick([0, 0, 1])) if pad else 0
        padded = (d - 1) * ld + 1 + lo + hi
        k = int(g.rng.integers(1, min(3, (padded - 1) // rd + 1) + 1))
        st = int(g.pick([1, 1, 2, 3]))
        size.append(k), stride.append(st), pads.append(f"{lo}_{hi}"), ldil.append(ld), rdil.append(rd)
        out.append((padded - ((k - 1) * rd + 1)) // st + 1)
    x = "x".join
    text = f"size={x(map(str, size))} stride={x(map(str, stride))} pad={x(pads)}"
    if dilate:
        text += f" lhs_dilate={x(map(str, ldil))} rhs_dilate={x(map(str, rdil))}"
    return "window={" + text + "}", out, size, stride


def op_reduce_window(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 1 and v.size > 0 and v.etype != "pred"
                 and not is_complex(v.etype))
    if v is None:
        return None
    op = g.pick(("add", "maximum", "minimum") + (("multiply",) if is_int(v.etype) else ()))
    window, dims, _, _ = _window(g, v.dims)
    if math.prod(dims) > MAX_ELEMENTS:
        return None
    init = _scalar_const(c, v.etype, _identity(op, v.etype))
    exact = v.exact and (is_int(v.etype) or op != "add")
    return c.add(v.etype, dims, f"reduce-window({v.name}, {init.name}), {window}, to_apply={g.reducer(op, v.etype)}",
                 exact)


def op_select_and_scatter(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank >= 1 and v.size > 0 and v.etype in REAL_FLOATS + (
        "s32", "s8", "u16"), exact_only=True)
    if v is None:
        return None
    window, dims, size, stride = _window(g, v.dims, dilate=False)
    src = new_param(c, v.etype, dims) if c.is_entry else _full(c, v.etype, dims)
    direction = g.pick(("GE", "LE", "GT"))
    sel = g.fresh("select")
    g.computations.append(f"{sel} {{\n  a = {v.etype}[] parameter(0)\n  b = {v.etype}[] parameter(1)\n"
                          f"  ROOT r = pred[] compare(a, b), direction={direction}\n}}")
    init = _scalar_const(c, v.etype, 0)
    overlap = any(k > s for k, s in zip(size, stride))
    exact = src.exact and (is_int(v.etype) or not overlap)
    return c.add(v.etype, v.dims, f"select-and-scatter({v.name}, {src.name}, {init.name}), {window}, "
                 f"select={sel}, scatter={g.reducer('add', v.etype)}", exact)


def _labels(g, letters: str, n_spatial: int) -> str:
    tokens = list(letters) + [str(k) for k in range(n_spatial)]
    return "".join(tokens[int(k)] for k in g.rng.permutation(len(tokens)))


def op_convolution(c: Comp) -> Val | None:
    """A convolution with random dim_labels, feature or batch groups, strides, padding, dilations."""
    g = c.gen
    if not c.is_entry:
        return None
    et = g.pick(REAL_FLOATS + ("c64",))
    nsp = int(g.pick([1, 2, 2, 3]))
    fg = int(g.pick([1, 1, 1, 2, 3]))
    bg = 1 if fg > 1 else int(g.pick([1, 1, 1, 2]))
    ci, co, n = int(g.rng.integers(1, 4)), int(g.rng.integers(1, 4)), int(g.rng.integers(1, 3))
    cin, cout, batch = ci * fg, co * fg * bg, n * bg
    sp_in = [int(g.rng.integers(1, 9 if nsp < 3 else 5)) for _ in range(nsp)]
    window, sp_out, size, _ = _window(g, sp_in)
    lhs_l, rhs_l, out_l = _labels(g, "bf", nsp), _labels(g, "io", nsp), _labels(g, "bf", nsp)

    def shape(labels: str, by: dict) -> list[int]:
        return [by[ch] for ch in labels]

    lhs_dims = shape(lhs_l, {"b": batch, "f": cin, **{str(k): d for k, d in enumerate(sp_in)}})
    rhs_dims = shape(rhs_l, {"i": ci if bg == 1 else cin, "o": cout, **{str(k): d for k, d in enumerate(size)}})
    out_dims = shape(out_l, {"b": n if bg > 1 else batch, "f": cout, **{str(k): d for k, d in enumerate(sp_out)}})
    macs = math.prod(out_dims) * math.prod(size) * (ci if bg == 1 else cin)
    if max(math.prod(lhs_dims), math.prod(out_dims)) > MAX_ELEMENTS or macs > 200_000:
        return None
    lhs = _reuse_or_param(c, et, lhs_dims)
    rhs = new_param(c, et, rhs_dims, finite=True)
    groups = (f", feature_group_count={fg}" if fg > 1 else "") + (f", batch_group_count={bg}" if bg > 1 else "")
    return c.add(et, out_dims, f"convolution({lhs.name}, {rhs.name}), {window}, "
                 f"dim_labels={lhs_l}_{rhs_l}->{out_l}{groups}", False)


def _reuse_or_param(c: Comp, etype: str, dims) -> Val:
    """An existing value of `etype` and as many elements reshaped to `dims` (data flowing through), or a
    new parameter; finite either way (the value comes from finite parameters, exact ops only)."""
    g = c.gen
    n = math.prod(dims)
    cands = [v for v in c.values if v.etype == etype and v.size == n and not v.is_tuple and v.name in g.finite]
    if cands and g.chance(0.6):
        v = g.pick(cands)
        return v if list(v.dims) == list(dims) else c.add(etype, dims, f"reshape({v.name})", v.exact)
    p = new_param(c, etype, dims, finite=True)
    g.finite.add(p.name)
    return p


def op_fft(c: Comp) -> Val | None:
    g = c.gen
    if not c.is_entry:
        return None
    kind = g.pick(("FFT", "IFFT", "RFFT", "IRFFT"))
    wide = g.chance(0.4)
    cet, ret = ("c128", "f64") if wide else ("c64", "f32")
    rank = int(g.pick([1, 1, 2, 3]))
    lengths = [int(g.pick([1, 2, 3, 4, 5, 8, 16])) for _ in range(rank)]
    batch = [int(g.rng.integers(1, 4)) for _ in range(int(g.rng.integers(0, 3)))]
    if kind == "RFFT":
        in_dims, out_dims, ein, eout = batch + lengths, batch + lengths[:-1] + [lengths[-1] // 2 + 1], ret, cet
    elif kind == "IRFFT":
        in_dims, out_dims, ein, eout = batch + lengths[:-1] + [lengths[-1] // 2 + 1], batch + lengths, cet, ret
    else:
        in_dims = out_dims = batch + lengths
        ein = eout = cet
    if math.prod(in_dims) > MAX_ELEMENTS:
        return None
    x = _reuse_or_param(c, ein, in_dims)
    return c.add(eout, out_dims, f"fft({x.name}), fft_type={kind}, fft_length={{{','.join(map(str, lengths))}}}",
                 False)


def _eye_mask(c: Comp, batch: list[int], n: int, direction: str) -> Val:
    """pred[batch..., n, n]: row `direction` column (EQ: the diagonal, GE: the lower triangle)."""
    r = c.add("s32", (n, n), "iota(), iota_dimension=0", True, layout=(1, 0))
    k = c.add("s32", (n, n), "iota(), iota_dimension=1", True, layout=(1, 0))
    m = c.add("pred", (n, n), f"compare({r.name}, {k.name}), direction={direction}", True, layout=(1, 0))
    if not batch:
        return m
    nb = len(batch)
    return c.add("pred", (*batch, n, n), f"broadcast({m.name}), dimensions={{{nb},{nb + 1}}}", True)


def _batch_dot_t(c: Comp, x: Val) -> Val:
    """x @ x^T over the last two dims (batch dims first)."""
    nb = x.rank - 2
    b = ",".join(map(str, range(nb)))
    n = x.dims[-2]
    return c.add(x.etype, (*x.dims[:-2], n, n), f"dot({x.name}, {x.name}), lhs_batch_dims={{{b}}}, "
                 f"lhs_contracting_dims={{{nb + 1}}}, rhs_batch_dims={{{b}}}, rhs_contracting_dims={{{nb + 1}}}",
                 False)


def op_cholesky(c: Comp) -> Val | None:
    """The factor of x x^T + n I (well conditioned), its unspecified triangle masked to zero."""
    g = c.gen
    if not c.is_entry:
        return None
    et = g.pick(("f32", "f64"))
    n = int(g.rng.integers(1, 7))
    batch = [int(g.rng.integers(1, 4)) for _ in range(int(g.rng.integers(0, 2)))]
    x = new_param(c, et, (*batch, n, int(g.rng.integers(1, 5))), finite=True)
    gram = _batch_dot_t(c, x)
    eye = _eye_mask(c, batch, n, "EQ")
    shift = _full(c, et, (*batch, n, n), float(n))
    zero = _full(c, et, (*batch, n, n), 0.0)
    diag = c.add(et, gram.dims, f"select({eye.name}, {shift.name}, {zero.name})", True)
    a = c.add(et, gram.dims, f"add({gram.name}, {diag.name})", False)
    lower = g.chance(0.5)
    f = c.add(et, a.dims, f"cholesky({a.name}), lower={'true' if lower else 'false'}", False)
    keep = _eye_mask(c, batch, n, "GE" if lower else "LE")
    return c.add(et, a.dims, f"select({keep.name}, {f.name}, {zero.name})", False)


def op_triangular_solve(c: Comp) -> Val | None:
    """Solve with a diagonally dominant triangle (its other triangle random: it must be ignored)."""
    g = c.gen
    if not c.is_entry:
        return None
    et = g.pick(("f32", "f64"))
    m, k = int(g.rng.integers(1, 7)), int(g.rng.integers(1, 6))
    batch = [int(g.rng.integers(1, 3)) for _ in range(int(g.rng.integers(0, 2)))]
    x = new_param(c, et, (*batch, m, m), finite=True)
    eye = _eye_mask(c, batch, m, "EQ")
    big = _full(c, et, x.dims, float(m + 2))
    small = c.add(et, x.dims, f"multiply({x.name}, {_full(c, et, x.dims, 0.125).name})", True)
    a = c.add(et, x.dims, f"select({eye.name}, {big.name}, {small.name})", True)
    left = g.chance(0.5)
    b = new_param(c, et, (*batch, m, k) if left else (*batch, k, m), finite=True)
    attrs = (f"left_side={'true' if left else 'false'}, lower={g.pick(('true', 'false'))}, "
             f"unit_diagonal={g.pick(('true', 'false'))}, transpose_a={g.pick(('NO_TRANSPOSE', 'TRANSPOSE'))}")
    return c.add(et, b.dims, f"triangular-solve({a.name}, {b.name}), {attrs}", False)


def op_batch_norm(c: Comp) -> Val | None:
    g = c.gen
    if not c.is_entry:
        return None
    v = _operand(c, lambda v: not v.is_tuple and v.etype in ("f32", "f64") and v.rank >= 2 and v.size > 0)
    if v is None:
        return None
    fi = int(g.rng.integers(v.rank))
    feat = (v.dims[fi],)
    eps = g.pick(("0.001", "1e-05", "0.1"))
    attrs = f"epsilon={eps}, feature_index={fi}"
    kind = g.pick(("training", "inference", "grad"))
    scale = new_param(c, v.etype, feat)
    if kind == "training":
        offset = new_param(c, v.etype, feat)
        parts = [Val("", v.etype, v.dims, g.layout(v.rank), False), Val("", v.etype, feat, None, False),
                 Val("", v.etype, feat, None, False)]
        t = c.add_tuple(parts, f"batch-norm-training({v.name}, {scale.name}, {offset.name}), {attrs}")
        return _gte(c, t, int(g.rng.integers(3)))
    mean = new_param(c, v.etype, feat)
    raw = new_param(c, v.etype, feat)
    var = c.add(v.etype, feat, f"multiply({raw.name}, {raw.name})", raw.exact)
    if kind == "inference":
        offset = new_param(c, v.etype, feat)
        return c.add(v.etype, v.dims, f"batch-norm-inference({v.name}, {scale.name}, {offset.name}, {mean.name}, "
                     f"{var.name}), {attrs}", False)
    dy = _like(c, v)
    parts = [Val("", v.etype, v.dims, g.layout(v.rank), False), Val("", v.etype, feat, None, False),
             Val("", v.etype, feat, None, False)]
    t = c.add_tuple(parts, f"batch-norm-grad({v.name}, {scale.name}, {mean.name}, {var.name}, {dy.name}), {attrs}")
    return _gte(c, t, int(g.rng.integers(3)))


MANTISSA = {"f64": 52, "f32": 23, "f16": 10, "bf16": 7}
EXPONENT = {"f64": 11, "f32": 8, "f16": 5, "bf16": 8}


def op_reduce_precision(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.etype in MANTISSA, exact_only=True)
    if v is None:
        return None
    e = int(g.rng.integers(1, EXPONENT[v.etype] + 1))
    m = int(g.rng.integers(0, MANTISSA[v.etype] + 1))
    return c.add(v.etype, v.dims, f"reduce-precision({v.name}), exponent_bits={e}, mantissa_bits={m}", True)


def op_map(c: Comp) -> Val | None:
    """map over a scalar computation of elementwise ops on one or two operands."""
    from .program import op_binary, op_clamp, op_compare, op_convert, op_select, op_unary

    g = c.gen
    a = _operand(c, lambda v: not v.is_tuple)
    if a is None:
        return None
    args = [a] + ([_like(c, a)] if g.chance(0.6) else [])
    f = Comp(g, g.fresh("mapped"))
    ps = [f.param(Val("", x.etype, (), None, x.exact)) for x in args]
    for _ in range(int(g.rng.integers(1, 5))):
        g.pick((op_unary, op_binary, op_binary, op_compare, op_select, op_clamp, op_convert))(f)
    root = f.values[-1]
    g.computations.append(f.text(root))
    dims = ",".join(map(str, range(a.rank)))
    exact = root.exact and all(p.exact for p in ps) and all(x.exact for x in args)
    return c.add(root.etype, a.dims, f"map({', '.join(x.name for x in args)}), dimensions={{{dims}}}, "
                 f"to_apply={f.name}", exact)


def op_topk(c: Comp) -> Val | None:
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple and v.rank in (1, 2) and v.dims[-1] > 0 and v.etype in
                 ("f32", "s32", "bf16", "f16", "u8"), exact_only=True)
    if v is None:
        return None
    k = int(g.rng.integers(1, v.dims[-1] + 1))
    dims = (*v.dims[:-1], k)
    largest = g.pick(("true", "false"))
    t = c.add_tuple([Val("", v.etype, dims, g.layout(len(dims))), Val("", "s32", dims, g.layout(len(dims)))],
                    f"topk({v.name}), k={k}, largest={largest}")
    return _gte(c, t, int(g.rng.integers(2)))


def op_rng_bit_generator(c: Comp) -> Val | None:
    g = c.gen
    if not c.is_entry:
        return None
    algorithm = g.pick(("rng_three_fry", "rng_philox", "rng_default"))
    n = 2 if algorithm == "rng_three_fry" else int(g.pick([2, 3]))
    state = new_param(c, "u64", (n,))
    et = g.pick(("u32", "u64", "u8", "u16", "s32"))
    dims = g.dims(max_rank=3, max_elems=1024)
    parts = [Val("", "u64", (n,)), Val("", et, dims, g.layout(len(dims)))]
    t = c.add_tuple(parts, f"rng-bit-generator({state.name}), algorithm={algorithm}")
    return _gte(c, t, int(g.pick([0, 1, 1])))


def op_rng(c: Comp) -> Val | None:
    """rng seen through its contract: pred[...] true wherever the value is in range."""
    g = c.gen
    dims = g.dims(max_rank=3, max_elems=1024)
    if g.chance(0.4):
        et = g.pick(("f32", "f64"))
        mu, sigma = _scalar_const(c, et, 0.0), _scalar_const(c, et, 1.0)
        x = c.add(et, dims, f"rng({mu.name}, {sigma.name}), distribution=rng_normal", False)
        c.values.remove(x)  # (its values are seen only through the check)
        return c.add("pred", dims, f"is-finite({x.name})", True)
    et = g.pick(("f32", "f64", "s32", "u32", "s64"))
    lo_v = int(g.rng.integers(-4, 3)) if not et.startswith("u") else int(g.rng.integers(0, 3))
    hi_v = lo_v + int(g.pick([1, 2, 7, 100]))
    lo, hi = _scalar_const(c, et, lo_v), _scalar_const(c, et, hi_v)
    x = c.add(et, dims, f"rng({lo.name}, {hi.name}), distribution=rng_uniform", False)
    c.values.remove(x)
    blo = c.add(et, dims, f"broadcast({lo.name}), dimensions={{}}", True)
    bhi = c.add(et, dims, f"broadcast({hi.name}), dimensions={{}}", True)
    ge = c.add("pred", dims, f"compare({x.name}, {blo.name}), direction=GE", True)
    # (a float draw may round up to hi itself)
    lt = c.add("pred", dims, f"compare({x.name}, {bhi.name}), direction={'LE' if is_float(et) else 'LT'}", True)
    return c.add("pred", dims, f"and({ge.name}, {lt.name})", True)


def op_single_device(c: Comp) -> Val | None:
    """Collectives and scheduling ops in their one-replica, one-partition form (identities)."""
    g = c.gen
    v = _operand(c, lambda v: not v.is_tuple)
    if v is None:
        return None
    kind = g.pick(("all-reduce", "all-gather", "collective-permute", "opt-barrier", "copy-start", "replica-id",
                   "partition-id", "get-dimension-size", "add-dependency", "all-to-all", "reduce-scatter",
                   "all-reduce-start", "rng-get-and-update-state", "collective-broadcast"))
    if kind == "all-reduce" and v.etype != "pred":
        return c.add(v.etype, v.dims, f"all-reduce({v.name}), replica_groups={{}}, "
                     f"to_apply={g.reducer('add', v.etype)}", v.exact)
    if kind == "all-reduce-start" and v.etype != "pred":
        s = c.add(v.etype, v.dims, f"all-reduce-start({v.name}), replica_groups={{}}, "
                  f"to_apply={g.reducer('add', v.etype)}", v.exact, layout=v.layout, base="ars")
        c.values.remove(s)
        return c.add(v.etype, v.dims, f"all-reduce-done({s.name})", v.exact, layout=v.layout)
    if kind == "collective-broadcast" and g.chance(0.3):  # (XLA:CPU does not run it: rare)
        return c.add(v.etype, v.dims, f"collective-broadcast({v.name}), replica_groups={{{{0}}}}", v.exact)
    if kind == "rng-get-and-update-state":
        return c.add("u64", (2,), f"rng-get-and-update-state(), delta={int(g.pick([1, 8, 256]))}", True)
    if kind == "reduce-scatter" and v.etype != "pred" and v.rank >= 1:
        return c.add(v.etype, v.dims, f"reduce-scatter({v.name}), replica_groups={{}}, dimensions={{0}}, "
                     f"to_apply={g.reducer('add', v.etype)}", v.exact)
    if kind == "all-gather" and v.rank >= 1:
        return c.add(v.etype, v.dims, f"all-gather({v.name}), replica_groups={{}}, dimensions={{0}}", v.exact)
    if kind == "all-to-all" and v.rank >= 1:
        return c.add(v.etype, v.dims, f"all-to-all({v.name}), replica_groups={{{{0}}}}, dimensions={{0}}", v.exact)
    if kind == "collective-permute":
        return c.add(v.etype, v.dims, f"collective-permute({v.name}), source_target_pairs={{{{0,0}}}}", v.exact)
    if kind == "opt-barrier":
        e = Val("", v.etype, v.dims, v.layout, v.exact)
        t = c.add_tuple([e], f"tuple({v.name})")
        b = c.add_tuple([e], f"opt-barrier({t.name})", base="ob")
        return _gte(c, b, 0)
    if kind == "copy-start" and v.rank >= 1 and not getattr(g, "copy_started", False) and g.chance(0.6):
        g.copy_started = True  # (one per module: XLA's CSE would merge two into one copy-start of many users)
        e = Val("", v.etype, v.dims, v.layout, v.exact)
        t = c.add_tuple([e, e, Val("", "u32", ())], f"copy-start({v.name})", base="cs")
        return c.add(v.etype, v.dims, f"copy-done({t.name})", v.exact, layout=v.layout)
    if kind in ("replica-id", "partition-id"):
        return c.add("u32", (), f"{kind}()", True)
    if kind == "get-dimension-size" and v.rank >= 1:
        return c.add("s32", (), f"get-dimension-size({v.name}), dimensions={{{int(g.rng.integers(v.rank))}}}", True)
    if kind == "add-dependency":
        tok = c.add("token", (), "after-all()", True, base="tok")
        c.values.remove(tok)
        return c.add(v.etype, v.dims, f"add-dependency({v.name}, {tok.name})", v.exact, layout=v.layout)
    return None


def op_stochastic_convert(c: Comp) -> Val | None:
    """A float rounded to a signed integer up or down by random bits of its width (given: a parameter)."""
    g = c.gen
    if not c.is_entry:
        return None
    v = _operand(c, lambda v: not v.is_tuple and v.etype in ("f32", "f16", "bf16", "f64"), exact_only=True)
    if v is None:
        return None
    bits = new_param(c, {"f32": "u32", "f16": "u16", "bf16": "u16", "f64": "u64"}[v.etype], v.dims)
    to = g.pick(("s8", "s16", "s32", "s64"))
    return c.add(to, v.dims, f"stochastic-convert({v.name}, {bits.name})", True)


ENTRY_ONLY = (op_stochastic_convert, op_convolution, op_fft, op_cholesky, op_triangular_solve, op_batch_norm,
              op_rng_bit_generator)
ANYWHERE = (op_reduce_window, op_select_and_scatter, op_reduce_precision, op_map, op_topk, op_rng, op_single_device)
