#!/usr/bin/env python3
# ruff: noqa: E501  (HLO instructions are kept on one line each, as XLA prints them)
"""Regenerate the XLA-computed cases of the native backend's data-dependent kernels (sort order of
equivalent elements, comparators that are no strict weak order, out-of-bounds indices of every
type, reduce-window/select-and-scatter corners, rng-bit-generator bits, fft, ...).

Run with the XLA venv (jax/jaxlib 0.12):

    /work/.venv-xla/bin/python testdata/native/generate.py            # all cases
    /work/.venv-xla/bin/python testdata/native/generate.py NAME ...   # some cases

It needs ../shared/tools/xla_run.py next to the checkout (or HLOC_XLA_RUN=/path/to/xla_run.py).
For each case NAME it writes NAME.hlo and NAME.npz (in0.., one per flattened parameter leaf, and
out0.., XLA:CPU's flattened result; bf16 as uint16 bit patterns), and `cases.tsv` (name, rtol, atol,
description). Expected values always come from XLA, never from hloc; inputs are seeded from the
case name, so a rerun gives the same bytes unless XLA changes.
"""

from __future__ import annotations

import os
import subprocess
import sys
import tempfile
import zlib
from pathlib import Path

import numpy as np

HERE = Path(__file__).resolve().parent
XLA_RUN = Path(os.environ.get("HLOC_XLA_RUN", HERE.parent.parent.parent / "shared" / "tools" / "xla_run.py"))
CASES: dict[str, tuple] = {}  # name -> (hlo text, inputs, rtol, atol, description)


def case(name: str, hlo: str, inputs: list, description: str, rtol: float = 0.0, atol: float = 0.0) -> None:
    CASES[name] = (hlo, inputs, rtol, atol, description)


def rng_for(name: str) -> np.random.Generator:
    return np.random.default_rng(zlib.crc32(name.encode()))


# ------------------------------------------------------------------------------------------------
# sort


def _sort_module(sizes, nops: int, stable: bool, direction: str, etype: str = "f32") -> str:
    lines = ["HloModule m", "", "cmp {"]
    lines += [f"  p{k} = {etype if k < 2 else 'f32'}[] parameter({k})" for k in range(2 * nops)]
    lines += [f"  ROOT c = pred[] compare(p0, p1), direction={direction}", "}", "", "ENTRY e {"]
    outs, pno = [], 0
    for n in sizes:
        for k in range(nops):
            lines.append(f"  x{n}_{k} = {etype if k == 0 else 'f32'}[{n}] parameter({pno})")
            pno += 1
        shapes = ", ".join([f"{etype}[{n}]"] + [f"f32[{n}]"] * (nops - 1))
        ops = ", ".join(f"x{n}_{k}" for k in range(nops))
        lines.append(f"  srt{n} = ({shapes}) sort({ops}), dimensions={{0}}, is_stable={str(stable).lower()}, "
                     "to_apply=cmp")
        outs.append((f"srt{n}", f"({shapes})"))
    lines.append(f"  ROOT t = ({', '.join(s for _, s in outs)}) tuple({', '.join(n for n, _ in outs)})")
    lines.append("}")
    return "\n".join(lines) + "\n"


def _sort_inputs(name, sizes, nops, values):
    rng = rng_for(name)
    args = []
    for n in sizes:
        args.append(rng.choice(np.array(values, np.float32), n))
        for k in range(1, nops):
            args.append(np.arange(n, dtype=np.float32) + 1000 * k)
    return args


SORT_SIZES = [2, 7, 15, 16, 17, 33, 100, 1000]
NAN_VALUES = [np.nan, 1, 2, 3, -0.0, 0.0, np.inf, -1]
for _stable in (True, False):
    for _nops in (1, 3):
        for _kind, _vals in (("nan", NAN_VALUES), ("ties", [0, 1, 2, 3])):
            _name = f"sort_{'stable' if _stable else 'unstable'}_{_nops}op_lt_{_kind}"
            case(_name, _sort_module(SORT_SIZES, _nops, _stable, "LT"),
                 _sort_inputs(_name, SORT_SIZES, _nops, _vals),
                 f"{'std::stable_sort' if _stable else 'std::sort'} order with FLOAT LT comparators "
                 f"({_nops} operands: {'the direction fast path' if _nops == 1 else 'the comparator'}), "
                 f"{'NaNs (no strict weak order)' if _kind == 'nan' else 'many ties'}")

_killer = "sort_unstable_gt_2op_sawtooth"
case(_killer, _sort_module([64, 300, 2000], 2, False, "GT"),
     [x for n in (64, 300, 2000) for x in (((np.arange(n) * 7919) % 13).astype(np.float32),
                                            np.arange(n, dtype=np.float32))],
     "std::sort with a descending key/value comparator on periodic keys (deep partitions, ties)")


def _topk_case():
    x = np.array([[3, np.nan, 1, -0.0, 0.0, -np.nan, -np.inf, 2, 1, -1, 3, 3, 0.0, -0.0]], np.float32)
    rng = rng_for("topk_total_order_ties")
    y = rng.choice(np.array([0.0, -0.0, 1, np.nan, -np.inf], np.float32), (3, 40))
    hlo = """HloModule m

ENTRY e {
  x = f32[1,14] parameter(0)
  y = f32[3,40] parameter(1)
  a = (f32[1,6], s32[1,6]) topk(x), k=6, largest=true
  b = (f32[1,6], s32[1,6]) topk(x), k=6, largest=false
  c = (f32[3,17], s32[3,17]) topk(y), k=17, largest=true
  d = (f32[3,9], s32[3,9]) custom-call(y), custom_call_target="TopK"
  ROOT t = ((f32[1,6], s32[1,6]), (f32[1,6], s32[1,6]), (f32[3,17], s32[3,17]), (f32[3,9], s32[3,9])) tuple(a, b, c, d)
}
"""
    case("topk_total_order_ties", hlo, [x, y], "topk / TopK custom call: total order (-NaN < -inf < -0 < 0 < NaN), "
         "ties by index")


_topk_case()


# ------------------------------------------------------------------------------------------------
# rng-bit-generator, bitcast-convert between widths


def _rbg_case(name: str, algorithm: str, state_n: int, outs: list[str], states: list) -> None:
    lines = ["HloModule m", "", "ENTRY e {", f"  s = u64[{state_n}] parameter(0)"]
    names, shapes = [], []
    for k, o in enumerate(outs):
        lines.append(f"  g{k} = (u64[{state_n}], {o}) rng-bit-generator(s), algorithm={algorithm}")
        names.append(f"g{k}")
        shapes.append(f"(u64[{state_n}], {o})")
    lines.append(f"  ROOT t = ({', '.join(shapes)}) tuple({', '.join(names)})")
    lines.append("}")
    for k, st in enumerate(states):
        case(f"{name}_{k}", "\n".join(lines) + "\n", [np.array(st, np.uint64)],
             f"rng-bit-generator {algorithm}, u64[{state_n}] state, outputs {', '.join(outs)}")


_SHAPES = ["u32[4,8]", "u32[3,5]", "u32[7]", "u32[]", "u32[3,1,5]", "u32[2,3,4]", "u8[5,3]", "u16[9]",
           "u64[3,3]", "s64[5]", "f32[6]", "f64[2,3]", "s32[1,7]", "bf16[5]"]
_BIG = 2**64 - 3
_rbg_case("rbg_threefry", "rng_three_fry", 2, _SHAPES, [[0, 0], [0x123456789ABCDEF0, 42], [7, _BIG]])
_rbg_case("rbg_philox3", "rng_philox", 3, _SHAPES, [[0, 0, 0], [0x123456789ABCDEF0, _BIG, 5],
                                                    [1, _BIG, 2**64 - 1]])
_rbg_case("rbg_philox2", "rng_philox", 2, _SHAPES, [[0x0F0F0F0F0F0F0F0F, 11], [3, _BIG]])
_rbg_case("rbg_default", "rng_default", 2, ["u32[5,3]", "u64[3]"], [[99, 1000]])


def _bitcast_widths():
    rng = rng_for("bitcast_convert_widths")
    f = rng.standard_normal(6).astype(np.float32)
    f[:3] = [np.nan, -0.0, np.inf]
    u8 = rng.integers(0, 256, (3, 4)).astype(np.uint8)
    u16 = rng.integers(0, 65536, (2, 4)).astype(np.uint16)
    d = rng.standard_normal((2, 3)).astype(np.float64)
    s8 = rng.integers(-128, 128, (5, 2)).astype(np.int8)
    hlo = """HloModule m

ENTRY e {
  pf = f32[6] parameter(0)
  pu8 = u8[3,4] parameter(1)
  pu16 = u16[2,4] parameter(2)
  pd = f64[2,3] parameter(3)
  ps8 = s8[5,2] parameter(4)
  a = u8[6,4] bitcast-convert(pf)
  b = s32[3] bitcast-convert(pu8)
  c = u64[2] bitcast-convert(pu16)
  e = f32[2,3,2] bitcast-convert(pd)
  g = bf16[5] bitcast-convert(ps8)
  h = s16[6,2] bitcast-convert(pf)
  i = f32[3] bitcast-convert(pu8)
  ROOT t = (u8[6,4], s32[3], u64[2], f32[2,3,2], bf16[5], s16[6,2], f32[3]) tuple(a, b, c, e, g, h, i)
}
"""
    case("bitcast_convert_widths", hlo, [f, u8, u16, d, s8],
         "bitcast-convert between element types of different widths (little-endian, minor-most dimension)")


_bitcast_widths()


# ------------------------------------------------------------------------------------------------
# out-of-bounds indices of every integer type

INT_TYPES = {"s8": np.int8, "s16": np.int16, "s32": np.int32, "s64": np.int64,
             "u8": np.uint8, "u16": np.uint16, "u32": np.uint32, "u64": np.uint64}


def _adversarial(dtype, dim: int) -> list[int]:
    info = np.iinfo(dtype)
    vals = [0, 1, -1, -2, dim - 1, dim, dim + 1, 2 * dim, info.min, info.max, info.min + 1, info.max - 1,
            info.max // 2, 127, 128, 255, 256, 65535, 65536, 2**31 - 1, 2**31, 2**32, 2**63 - 1]
    return sorted({v for v in vals if info.min <= v <= info.max})


def _oob_cases():
    for it, dt in INT_TYPES.items():
        rng = rng_for(f"oob_{it}")
        vals = np.array(_adversarial(dt, 9), dtype=object)
        i2 = rng.choice(vals, (24, 2)).astype(dt)
        i2[:4] = np.array([[0, 0], [0, 0], [7, 3], [7, 3]]).astype(dt)
        i1 = rng.choice(vals, 24).astype(dt)
        op = rng.standard_normal((9, 6)).astype(np.float32)
        u2 = rng.standard_normal((24, 2, 3)).astype(np.float32)
        u1 = rng.standard_normal((24, 6)).astype(np.float32)
        s0, s1 = (np.array(v, dt) for v in rng.choice(vals, 2))
        hlo = f"""HloModule m

add {{
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT r = f32[] add(a, b)
}}

ENTRY e {{
  op = f32[9,6] parameter(0)
  i2 = {it}[24,2] parameter(1)
  i1 = {it}[24] parameter(2)
  w2 = f32[24,2,3] parameter(3)
  w1 = f32[24,6] parameter(4)
  q0 = {it}[] parameter(5)
  q1 = {it}[] parameter(6)
  g2 = f32[24,2,3] gather(op, i2), offset_dims={{1,2}}, collapsed_slice_dims={{}}, start_index_map={{0,1}}, index_vector_dim=1, slice_sizes={{2,3}}
  g1 = f32[24,6] gather(op, i1), offset_dims={{1}}, collapsed_slice_dims={{0}}, start_index_map={{0}}, index_vector_dim=1, slice_sizes={{1,6}}
  c2 = f32[9,6] scatter(op, i2, w2), update_window_dims={{1,2}}, inserted_window_dims={{}}, scatter_dims_to_operand_dims={{0,1}}, index_vector_dim=1, to_apply=add
  c1 = f32[9,6] scatter(op, i1, w1), update_window_dims={{1}}, inserted_window_dims={{0}}, scatter_dims_to_operand_dims={{0}}, index_vector_dim=1, to_apply=add
  ds = f32[4,2] dynamic-slice(op, q0, q1), dynamic_slice_sizes={{4,2}}
  du = f32[9,6] dynamic-update-slice(op, ds, q1, q0)
  ROOT t = (f32[24,2,3], f32[24,6], f32[9,6], f32[9,6], f32[4,2], f32[9,6]) tuple(g2, g1, c2, c1, ds, du)
}}
"""
        case(f"oob_indices_{it}", hlo, [op, i2, i1, u2, u1, s0, s1],
             f"gather clamps, scatter skips, dynamic slices clamp: adversarial {it} indices")


_oob_cases()


# ------------------------------------------------------------------------------------------------
# collectives on one device

case("collectives_single_device", """HloModule m, replica_count=1

add {
  a = f32[] parameter(0)
  b = f32[] parameter(1)
  ROOT c = f32[] add(a, b)
}

ENTRY e {
  x = f32[4] parameter(0)
  ar = f32[4] all-reduce(x), replica_groups={}, to_apply=add
  ag = f32[4] all-gather(x), dimensions={0}, replica_groups={{0}}
  rs = f32[4] reduce-scatter(x), dimensions={0}, replica_groups={{0}}, to_apply=add
  a2a = f32[4] all-to-all(x), dimensions={0}, replica_groups={{0}}
  cp = f32[4] collective-permute(x), source_target_pairs={{0,0}}
  rid = u32[] replica-id()
  pid = u32[] partition-id()
  ars = f32[4] all-reduce-start(x), replica_groups={}, to_apply=add
  ard = f32[4] all-reduce-done(ars)
  ags = (f32[4], f32[4]) all-gather-start(x), dimensions={0}, replica_groups={{0}}
  agd = f32[4] all-gather-done(ags)
  ROOT t = (f32[4], f32[4], f32[4], f32[4], f32[4], u32[], u32[], f32[4], f32[4]) tuple(ar, ag, rs, a2a, cp, rid, pid, ard, agd)
}
""", [np.array([1.5, -2, 3, 0.25], np.float32)], "collectives with one participant return their operands; ids are 0")


# ------------------------------------------------------------------------------------------------
# fft lengths (radix-2 and the direct DFT), c64 and c128


def _fft_case(name, kind, in_type, out_type, dims, lengths, dtype, tol):
    rng = rng_for(name)
    if in_type.startswith("c"):
        x = (rng.standard_normal(dims) + 1j * rng.standard_normal(dims)).astype(dtype)
    else:
        x = rng.standard_normal(dims).astype(dtype)
    out_dims = list(dims)
    if kind == "RFFT":
        out_dims[-1] = lengths[-1] // 2 + 1
    if kind == "IRFFT":
        out_dims[-1] = lengths[-1]
    hlo = f"""HloModule m

ENTRY e {{
  x = {in_type}[{','.join(map(str, dims))}] parameter(0)
  ROOT f = {out_type}[{','.join(map(str, out_dims))}] fft(x), fft_type={kind}, fft_length={{{','.join(map(str, lengths))}}}
}}
"""
    case(name, hlo, [x], f"{kind} of length {lengths} on {in_type}", rtol=tol[0], atol=tol[1])


for _n in (1, 2, 3, 7, 12, 64, 100):
    _fft_case(f"fft_c64_n{_n}", "FFT", "c64", "c64", [2, _n], [_n], np.complex64, (1e-4, 1e-5))
    _fft_case(f"ifft_c128_n{_n}", "IFFT", "c128", "c128", [2, _n], [_n], np.complex128, (1e-12, 1e-12))
_fft_case("rfft_f32_n9", "RFFT", "f32", "c64", [3, 9], [9], np.float32, (1e-4, 1e-5))
_fft_case("irfft_c64_n9", "IRFFT", "c64", "f32", [3, 5], [9], np.complex64, (1e-4, 1e-5))
_fft_case("rfft3d_f64", "RFFT", "f64", "c128", [2, 3, 4, 6], [3, 4, 6], np.float64, (1e-12, 1e-12))
_fft_case("irfft2d_c128_odd", "IRFFT", "c128", "f64", [2, 5, 4], [5, 7], np.complex128, (1e-12, 1e-12))


# ------------------------------------------------------------------------------------------------
# complex power: the exact cases (z^0, 0^c, 1^w, inf^c) and seeded values


def _complex_power_case(et: str, dtype, tol):
    name = f"complex_power_{et}"
    rng = rng_for(name)
    edge_x = [1 + 2j, -3 + 0.5j, 0, 0, 0, 2 - 1j, 1, np.inf, np.inf, 0.5j, -1, 4]
    edge_y = [0.5 - 1j, 2, 0, 2, -1, 0, 3 + 4j, 2, -2, 1.5, 0.5, 0.5]
    x = np.concatenate([edge_x, rng.standard_normal(20) + 1j * rng.standard_normal(20)]).astype(dtype)
    y = np.concatenate([edge_y, rng.standard_normal(20) + 1j * rng.standard_normal(20)]).astype(dtype)
    hlo = f"""HloModule m

ENTRY e {{
  x = {et}[32] parameter(0)
  y = {et}[32] parameter(1)
  ROOT p = {et}[32] power(x, y)
}}
"""
    case(name, hlo, [x, y], f"power on {et}: z^0, 0^c, 1^w, inf^c and seeded values", rtol=tol[0], atol=tol[1])


_complex_power_case("c64", np.complex64, (1e-5, 1e-6))
_complex_power_case("c128", np.complex128, (1e-12, 1e-12))


# ------------------------------------------------------------------------------------------------
# running XLA


def _save_array(a: np.ndarray) -> np.ndarray:
    if a.dtype.kind == "V" or a.dtype.name == "bfloat16":
        return a.view(np.uint16)
    return a


def run_xla(hlo: str, inputs: list) -> list[np.ndarray]:
    with tempfile.TemporaryDirectory() as d:
        path = Path(d) / "m.hlo"
        path.write_text(hlo)
        names = []
        for k, a in enumerate(inputs):
            p = Path(d) / f"in{k}.npy"
            np.save(p, _save_array(a))
            names.append(str(p))
        out = Path(d) / "out.npz"
        r = subprocess.run([sys.executable, str(XLA_RUN), str(path), *names, "-o", str(out), "--quiet"],
                           capture_output=True, text=True)
        if r.returncode:
            raise RuntimeError(r.stderr[-2000:])
        z = np.load(out)
        return [z[f"out{k}"] for k in range(len(z.files))]


def main(names: list[str]) -> None:
    todo = names or list(CASES)
    for name in todo:
        hlo, inputs, rtol, atol, desc = CASES[name]
        outs = run_xla(hlo, inputs)
        (HERE / f"{name}.hlo").write_text(hlo)
        arrays = {f"in{k}": _save_array(a) for k, a in enumerate(inputs)}
        arrays.update({f"out{k}": o for k, o in enumerate(outs)})
        np.savez_compressed(HERE / f"{name}.npz", **arrays)
        print(f"{name}: {len(inputs)} inputs, {len(outs)} outputs")
    rows = ["name\trtol\tatol\tdescription"]
    rows += [f"{n}\t{c[2]}\t{c[3]}\t{c[4]}" for n, c in sorted(CASES.items()) if (HERE / f"{n}.npz").exists()]
    (HERE / "cases.tsv").write_text("\n".join(rows) + "\n")


if __name__ == "__main__":
    main(sys.argv[1:])
