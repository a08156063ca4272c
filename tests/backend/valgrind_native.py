"""Run the out-of-bounds-prone native kernels under valgrind (not a pytest module: run by hand).

    .venv/bin/python tests/backend/valgrind_native.py build /tmp/vg      # compile .so files (no valgrind)
    PYTHONMALLOC=malloc valgrind --error-exitcode=99 .venv/bin/python tests/backend/valgrind_native.py run /tmp/vg

`build` compiles the XLA-computed cases of testdata/native whose kernels index with data (gather,
scatter, dynamic slices with adversarial indices of every type, sorts with inconsistent comparators,
topk, windows, rng bits, fft, bitcast-convert) to shared objects for an AVX2 target (valgrind 3.19
has no AVX-512), and records XLA's expected bytes. `run` loads each object with ctypes and calls
it with buffers malloc'd to their exact sizes (params, results, temp arena), so memcheck sees any
access outside them, and checks every result byte against XLA's. Errors reported inside the
objects (frames `k.*` / `hloc_entry`) are kernel bugs; CPython's own startup noise (getrandom bytes,
ld.so's strncmp) is not.
"""

from __future__ import annotations

import csv
import ctypes
import json
import subprocess
import sys
from pathlib import Path

import numpy as np

NATIVE = Path(__file__).resolve().parents[2] / "testdata" / "native"
PREFIXES = ("oob_", "sort_", "topk", "rbg_philox3_0", "rbg_threefry_0", "fft_c64_n12", "rfft3d", "irfft2d",
            "bitcast", "collectives")


def build(out: Path) -> None:
    from hloc.backend.llvm import CompileOptions, TargetSpec, compile_to_object
    from hloc.parse import parse_module

    opts = CompileOptions(target=TargetSpec(cpu="haswell", features="-avx512f"))
    out.mkdir(parents=True, exist_ok=True)
    meta = {}
    with (NATIVE / "cases.tsv").open() as f:
        rows = {r["name"]: r for r in csv.DictReader(f, delimiter="\t") if r["name"].startswith(PREFIXES)}
    for name, row in rows.items():
        m = parse_module((NATIVE / f"{name}.hlo").read_text(), name)
        cm = compile_to_object(m, opts)
        (out / f"{name}.o").write_bytes(cm.obj)
        subprocess.run(["cc", "-shared", "-o", str(out / f"{name}.so"), str(out / f"{name}.o")], check=True)
        data = np.load(NATIVE / f"{name}.npz")
        n_in = len([leaf for p in m.entry.parameters for leaf in p.shape.leaves()])
        n_out = len(cm.result_leaves)
        np.savez(out / f"{name}.in.npz", *[np.ascontiguousarray(data[f"in{k}"]).view(np.uint8).ravel()
                                           for k in range(n_in)])
        np.savez(out / f"{name}.want.npz", *[np.ascontiguousarray(data[f"out{k}"]).view(np.uint8).ravel()
                                             for k in range(n_out)])
        meta[name] = {"temp": cm.buffers.temp_bytes, "entry": cm.entry_name,
                      "results": [leaf.byte_size for leaf in cm.result_leaves],
                      "exact": float(row["rtol"]) == 0 and float(row["atol"]) == 0}
    (out / "meta.json").write_text(json.dumps(meta))
    print(f"built {len(meta)} modules in {out}")


def run(out: Path) -> int:
    from hloc.backend.llvm.abi import ENTRY_ARGS  # light: no llvmlite

    meta = json.loads((out / "meta.json").read_text())
    bad = 0
    for name, m in meta.items():
        fn = getattr(ctypes.CDLL(str(out / f"{name}.so")), m["entry"])
        fn.argtypes = [getattr(ctypes, a.ctypes) for a in ENTRY_ARGS]
        ins = np.load(out / f"{name}.in.npz")
        params = [np.array(ins[f"arr_{k}"], copy=True) for k in range(len(ins.files))]  # exact-size blocks
        results = [np.empty(max(1, n), np.uint8) for n in m["results"]]
        temp = np.empty(max(1, m["temp"]), np.uint8)
        pa = (ctypes.c_void_p * max(1, len(params)))(*[a.ctypes.data for a in params])
        ra = (ctypes.c_void_p * max(1, len(results)))(*[r.ctypes.data for r in results])
        values = {"params": ctypes.addressof(pa), "results": ctypes.addressof(ra), "temp": temp.ctypes.data,
                  "num_threads": 1}  # one thread: memcheck serialises threads anyway
        fn(*[values[a.name] for a in ENTRY_ARGS])
        want = np.load(out / f"{name}.want.npz")
        for k, r in enumerate(results if m["exact"] else []):  # fft: memory checked, values by pytest
            if not np.array_equal(r[:m["results"][k]], want[f"arr_{k}"]):
                bad += 1
                print(f"MISMATCH {name} out{k}")
    print(f"ran {len(meta)} modules ({sum(m['exact'] for m in meta.values())} compared with XLA byte for byte), "
          f"{bad} mismatching results")
    return 1 if bad else 0


if __name__ == "__main__":
    if len(sys.argv) != 3 or sys.argv[1] not in ("build", "run"):
        sys.exit(__doc__)
    if sys.argv[1] == "build":
        build(Path(sys.argv[2]))
    else:
        sys.exit(run(Path(sys.argv[2])))
